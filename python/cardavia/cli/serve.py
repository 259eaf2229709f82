"""``cardavia serve``: the web table on a local port (you against the computer, every game)."""

from __future__ import annotations

import json
import socket
import threading
import webbrowser

import click

from cardavia.cli import main
from cardavia.cli.options import computer_player_options

__all__ = ["serve"]


@main.command(
    "serve",
    help=(
        "Start the web table: a local page where you play any of the ten games against the "
        "computer, with hints at every choice, in English or Korean.\n\n"
        "The server listens on 127.0.0.1 (a free port unless --port is given), prints the "
        "address and opens it in the browser. Stop it with Ctrl-C."
    ),
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=0,
    show_default=True,
    help="Port to listen on (0: any free port).",
)
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
@computer_player_options(hint_seconds=0.5)
@click.option(
    "--pace",
    type=click.FloatRange(min=0),
    default=0.4,
    show_default=True,
    help="Pause after each computer move you can see, in seconds (0: no pause).",
)
@click.option(
    "--max-tables",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help="Tables kept in memory; the longest idle is dropped beyond this.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print the address as JSON ({"url", "host", "port"}) instead of a sentence.',
)
def serve(
    host: str,
    port: int,
    no_browser: bool,
    agent: str,
    agent_seconds: float,
    hint_seconds: float,
    pace: float,
    max_tables: int,
    as_json: bool,
) -> None:
    import uvicorn

    from cardavia.web.app import create_app
    from cardavia.web.tables import ServerConfig

    config = ServerConfig(
        agent=agent,
        agent_seconds=agent_seconds,
        hint_seconds=hint_seconds,
        pace=pace,
        max_tables=max_tables,
    )
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        raise click.ClickException(f"cannot listen on {host}:{port}: {e.strerror}") from e
    bound = sock.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{bound}/"
    if as_json:
        click.echo(json.dumps({"url": url, "host": host, "port": bound}), nl=True)
    else:
        click.echo(f"cardavia web table at {url}  (Ctrl-C to stop)")
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(config), log_level="warning", ws="websockets-sansio", lifespan="on"
        )
    )
    if not no_browser:
        threading.Timer(0.5, lambda: webbrowser.open(url)).start()
    server.run(sockets=[sock])
