"""Hold'em equity of holdings and ranges, exact and by Monte Carlo.

Run: python examples/holdem_equity.py
"""

from __future__ import annotations

from cardavia import holdem


def main() -> None:
    exact = holdem.equity(["AhAs", "KdKc"])
    print(f"AA vs KK preflop (exact): {exact.equity[0]:.4f} / {exact.equity[1]:.4f}")
    sampled = holdem.equity(
        ["QQ+, AKs", "76s-54s", "22+"], board="2c 7d 9h", samples=50_000, seed=1
    )
    print("three ranges on 2c 7d 9h:", [round(e, 4) for e in sampled.equity])


if __name__ == "__main__":
    main()
