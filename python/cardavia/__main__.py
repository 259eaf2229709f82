"""``python -m cardavia`` runs the command line, the same as the ``cardavia`` script."""

from cardavia.cli import main

main(prog_name="cardavia")
