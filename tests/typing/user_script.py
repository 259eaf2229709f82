"""A user's script touching every game, checked with ``mypy --strict`` by tests/test_typing.py.

Every line must type-check: the game and state classes come from ``cardavia.load``'s overloads.
The ``reveal_type`` comments are checked by the test against mypy's output."""

from __future__ import annotations

import cardavia
from cardavia.games.bridge import BridgeGame, BridgeState
from cardavia.games.holdem import HoldemGame, HoldemState

holdem: HoldemGame = cardavia.load("holdem", players=6, stack=500)
hand: HoldemState = holdem.new_state(seed=1)
bridge: BridgeGame = cardavia.load("bridge", vulnerability="ns")
deal: BridgeState = bridge.new_state(seed=2)

for game_id in ("doudizhu", "zhengshangyou", "red_ten", "five_ten_king", "guandan"):
    state = cardavia.load(game_id).new_state(seed=3)
    print(state.current_player, [str(a) for a in state.legal_actions()][:3])

ddz = cardavia.load("doudizhu").new_state(seed=4)
reveal_type(ddz)  # noqa: F821  (DouDizhuState)
tractor = cardavia.load("tractor", initial_seat=0).new_state(seed=5)
reveal_type(tractor)  # noqa: F821  (TractorState)
smear = cardavia.load("smear", players=5)
reveal_type(smear)  # noqa: F821  (SmearGame)
one_poker = cardavia.load("one_poker", stack=30, ante=2)
reveal_type(one_poker)  # noqa: F821  (OnePokerGame)
ftk = cardavia.load("five_ten_king", partner_calls=2)
reveal_type(ftk)  # noqa: F821  (FiveTenKingGame)
red_ten = cardavia.load("red_ten", deals=4)
reveal_type(red_ten)  # noqa: F821  (RedTenGame)
guandan = cardavia.load("guandan").new_state(seed=6)
reveal_type(guandan)  # noqa: F821  (GuandanState)
zsy = cardavia.load("zhengshangyou")
reveal_type(zsy)  # noqa: F821  (ZhengShangyouGame)
returns: list[float] = hand.returns()

# A game id known only at run time, with options from a dict (checked at run time only).
name: str = "holdem"
settings: dict[str, object] = {"players": 3}
table = cardavia.load(name, **settings)
print(table.num_players)
