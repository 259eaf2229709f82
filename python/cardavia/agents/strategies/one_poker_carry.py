"""One Poker carry values stored for the default match (20 chips, ante 1: 19 antes deep).

:func:`cardavia.agents.strategies.one_poker.carry_values` needs, at the first lock whose two
cards tie every showdown, the values of nine solved deals (about 3 s of CPU); for the default
match they are stored here instead. The table is generated, not typed: ::

    python -m cardavia.agents.strategies.one_poker_carry

rewrites it from :func:`~cardavia.agents.strategies.one_poker.compute_carry_values` (run it
after any change to the solve), and ``tests/test_agents_one_poker.py`` recomputes it and checks
that it matches. Keys: (effective depth in antes, CFR+ iterations, card-blind weight in
percent); values: the 13 ranks from 2 to ace, in antes.
"""

from __future__ import annotations

from pathlib import Path

GENERATED_DEPTHS = (19.0,)
"""The depths whose table is stored (the default match's starting depth)."""

# --- generated table: do not edit by hand ---
STORED_CARRY: dict[tuple[float, int, int], tuple[float, ...]] = {
    (19.0, 1500, 2): (
        -0.10248443858516365,
        -0.2742433965128406,
        -0.27261745761537237,
        -0.25745859518302106,
        -0.2268069484603967,
        -0.11063426868375023,
        -0.0946038336220402,
        -0.051278625168719984,
        0.01586943632927229,
        0.12670117286142565,
        0.27588994634022906,
        0.5919659925434104,
        1.2810900345170673,
    ),
}
# --- end of generated table ---


def _regenerate() -> None:
    from cardavia.agents.strategies import one_poker

    lines = ["STORED_CARRY: dict[tuple[float, int, int], tuple[float, ...]] = {"]
    for depth in GENERATED_DEPTHS:
        values = one_poker.compute_carry_values(depth)
        lines.append(f"    ({depth!r}, {one_poker.ITERATIONS}, {one_poker.BLIND}): (")
        lines.extend(f"        {v!r}," for v in values)
        lines.append("    ),")
    lines.append("}")
    path = Path(__file__)
    text = path.read_text(encoding="utf-8")
    start = text.index("# --- generated table: do not edit by hand ---\n")
    start += len("# --- generated table: do not edit by hand ---\n")
    end = text.index("# --- end of generated table ---")
    path.write_text(text[:start] + "\n".join(lines) + "\n" + text[end:], encoding="utf-8")


if __name__ == "__main__":
    _regenerate()
