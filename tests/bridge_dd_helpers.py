"""Shared by tests/test_bridge_dd.py and benches/bridge_dd.py: random deals and mid-play
positions, and the same questions put to cardavia's solver and to endplay's DDS."""

from __future__ import annotations

import random
from typing import Any

import cardavia.bridge as bridge
from cardavia import CardSet

# endplay's denominations: spades 0, hearts 1, diamonds 2, clubs 3, no-trump 4; cardavia's
# strains: clubs 0, diamonds 1, hearts 2, spades 3, no-trump 4.
ENDPLAY_DENOM = (3, 2, 1, 0, 4)
CALL_ORDER = (2, 3, 0, 1)  # South deals and calls first (BR-3.2), then W, N, E


def random_deal_state(seed: int) -> bridge.BridgeState:
    """A seeded deal, still in the auction."""
    return bridge.BridgeGame().new_state(seed=seed)


def random_position(seed: int) -> bridge.BridgeState:
    """A seeded deal with a random one-level contract (random strain and declarer) and a
    random number (0-51) of random legal cards played: a state in the card play."""
    rng = random.Random(seed)
    state = random_deal_state(seed)
    strain = rng.randrange(5)
    declarer = rng.randrange(4)
    for seat in CALL_ORDER:
        if seat == declarer:
            break
        state.apply("P")
    state.apply("1" + bridge_strain_text(strain))
    for _ in range(3):
        state.apply("P")
    for _ in range(rng.randrange(52)):
        state.apply(rng.choice(state.legal_actions()))
    return state


def bridge_strain_text(strain: int) -> str:
    return ("C", "D", "H", "S", "NT")[strain]


def pbn_deal(hands: list[CardSet]) -> str:
    return "N:" + " ".join(bridge._pbn_hand(h) for h in hands)


def endplay_card(card: Any) -> Any:
    from endplay.types import Card as EndplayCard

    text = str(card)
    return EndplayCard(text[1].upper() + text[0])


def endplay_deal(state: bridge.BridgeState) -> Any:
    """The state's position as an endplay Deal: the remaining hands with the cards of the
    trick in progress given back and played again, the trick's leader first, the trump."""
    from endplay.types import Deal, Denom, Player

    hands = [CardSet(h) for h in state.hands()]
    leader, cards = state._deal.current_trick()
    if leader is None:
        leader = state.seat_to_play
    assert leader is not None
    for k, card in enumerate(cards):
        hands[(leader + k) % 4] |= CardSet([card])
    contract = state.contract
    assert contract is not None
    strain = ("C", "D", "H", "S", "NT").index(contract[1:].rstrip("X"))
    deal = Deal(pbn_deal(hands), first=Player(leader), trump=Denom(ENDPLAY_DENOM[strain]))
    for card in cards:
        deal.play(endplay_card(card))
    return deal


def endplay_position_values(state: bridge.BridgeState) -> dict[str, int]:
    """endplay's ``solve_board``: every legal card (text such as ``"Qh"``) -> tricks for the
    side to play from the current trick on."""
    from endplay.dds import solve_board

    return {_card_text(card): int(t) for card, t in solve_board(endplay_deal(state))}


def _card_text(card: Any) -> str:
    rank = str(card)[1:]
    rank = {"10": "T"}.get(rank, rank)
    suit = "shdc"[int(card.suit)]
    return rank + suit


def our_position_values(state: bridge.BridgeState) -> dict[str, int]:
    return {str(action): t for action, t in bridge.solve_position(state).items()}


def endplay_table(state: bridge.BridgeState) -> tuple[tuple[int, ...], ...]:
    """endplay's ``calc_dd_table`` as cardavia's ``[declarer N E S W][strain C D H S NT]``."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal

    rows = calc_dd_table(Deal(pbn_deal(state.hands()))).to_list()  # [denom][player]
    return tuple(tuple(rows[ENDPLAY_DENOM[s]][d] for s in range(5)) for d in range(4))


def endplay_par_score(state: bridge.BridgeState, vulnerability: str) -> int:
    """endplay's (DDS's) par score for North-South, South dealing."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Player, Vul

    vul = {"none": Vul.none, "ns": Vul.ns, "ew": Vul.ew, "both": Vul.both}[vulnerability]
    table = calc_dd_table(Deal(pbn_deal(state.hands())))
    return int(par(table, vul, Player.south).score)


def have_endplay() -> bool:
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True
