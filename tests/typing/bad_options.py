"""Mistakes mypy must catch (tests/test_typing.py expects an error on every marked line)."""

from __future__ import annotations

import cardavia

cardavia.load("holdem", players="two")  # error: players is an int
cardavia.load("bridge", vulnerability="all")  # error: not a vulnerability
cardavia.load("smear", players=7)  # error: 4, 5 or 6 players
cardavia.load("doudizhu", jokers=False)  # error: Dou Dizhu has no options
