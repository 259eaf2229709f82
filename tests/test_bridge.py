"""Bridge: every rule vector of rules/bridge.md (BR-TV-*) as a test citing its id, PBN, the
score API against endplay's scoring, and 10,000 seeded random deals played in Rust."""

from __future__ import annotations

import itertools
import json
from typing import Any

import numpy as np
import pytest

import cardavia
from cardavia import CardSet, IllegalActionError, InvalidArgumentError, bridge
from cardavia._core import trick_winner
from cardavia.games.bridge import EAST, NORTH, SOUTH, WEST, BridgeState

SEAT = {"N": NORTH, "E": EAST, "S": SOUTH, "W": WEST}


def new_state(hands: list[str] | None = None, vulnerability: str = "none", seed: int = 1) -> Any:
    game = cardavia.load("bridge", vulnerability=vulnerability)
    deal = None if hands is None else {"hands": hands}
    return game.new_state(seed=seed, deal=deal)


def run_calls(state: BridgeState, calls: str) -> None:
    for token in calls.split():
        seat, call = token.split(":")
        assert state.current_player == SEAT[seat]
        state.apply(call)


# ---- BR-7.1 auctions ----------------------------------------------------------------------

AUCTIONS = [
    ("BR-TV-A01", "S:1H W:P N:2H E:P S:4H W:P N:P E:P", "4H", "S", "N", "W"),
    ("BR-TV-A03", "S:P W:P N:P E:1C S:P W:P N:P", "1C", "E", "W", "S"),
    ("BR-TV-A04", "S:1C W:P N:P E:P", "1C", "S", "N", "W"),
    ("BR-TV-A05", "S:1C W:1S N:2H E:P S:4H W:P N:P E:P", "4H", "N", "S", "E"),
    ("BR-TV-A06", "S:1D W:P N:1NT E:P S:3NT W:P N:P E:P", "3NT", "N", "S", "E"),
    (
        "BR-TV-A07",
        "S:1S W:P N:2D E:P S:2H W:P N:2NT E:P S:3D W:P N:3NT E:P S:P W:P",
        "3NT",
        "N",
        "S",
        "E",
    ),
    ("BR-TV-A08", "S:1H W:P N:1S E:P S:2H W:P N:2S E:P S:P W:P", "2S", "N", "S", "E"),
    ("BR-TV-A09", "S:1C W:P N:1H E:2C S:P W:3C N:P E:P S:P", "3C", "E", "W", "S"),
    ("BR-TV-A10", "S:1H W:2C N:2H E:3C S:P W:P N:P", "3C", "W", "E", "N"),
    ("BR-TV-A11", "S:1NT W:X N:XX E:P S:P W:P", "1NTXX", "S", "N", "W"),
    ("BR-TV-A12", "S:1NT W:X N:P E:P S:P", "1NTX", "S", "N", "W"),
    ("BR-TV-A13", "S:1H W:P N:P E:X S:P W:P N:P", "1HX", "S", "N", "W"),
    ("BR-TV-A14", "S:1H W:X N:P E:P S:XX W:P N:P E:P", "1HXX", "S", "N", "W"),
    ("BR-TV-A15", "S:1C W:P N:P E:X S:P W:P N:P", "1CX", "S", "N", "W"),
    ("BR-TV-A16", "S:1H W:X N:2H E:P S:P W:P", "2H", "S", "N", "W"),
    ("BR-TV-A17", "S:1H W:P N:P E:X S:XX W:P N:P E:2C S:X W:P N:P E:P", "2CX", "E", "W", "S"),
    ("BR-TV-A18", "S:1S W:2H N:P E:P S:X W:P N:P E:P", "2HX", "W", "E", "N"),
    ("BR-TV-A19", "S:P W:1S N:P E:2S S:P W:4S N:X E:P S:P W:P", "4SX", "W", "E", "N"),
    ("BR-TV-A20", "S:2S W:P N:4S E:X S:P W:P N:XX E:P S:P W:P", "4SXX", "S", "N", "W"),
    ("BR-TV-A21", "S:1NT W:2C N:X E:P S:P W:XX N:P E:P S:P", "2CXX", "W", "E", "N"),
    ("BR-TV-A22", "S:7NT W:X N:XX E:P S:P W:P", "7NTXX", "S", "N", "W"),
]


@pytest.mark.parametrize(("vid", "calls", "contract", "declarer", "dummy", "lead"), AUCTIONS)
def test_auction_vectors(
    vid: str, calls: str, contract: str, declarer: str, dummy: str, lead: str
) -> None:
    state = new_state()
    run_calls(state, calls)
    assert state.phase == "play", vid
    assert state.contract == contract, vid
    assert (state.declarer, state.dummy) == (SEAT[declarer], SEAT[dummy]), vid
    assert state.seat_to_play == SEAT[lead], f"{vid}: BR-4.1 opening lead"


def test_br_tv_a02_passed_out_scores_zero() -> None:
    state = new_state()
    run_calls(state, "S:P W:P N:P E:P")
    assert state.is_terminal() and state.returns() == [0.0] * 4
    assert state.result is not None and state.result["passed_out"]
    assert state.result["ns"] == 0 and state.result["ew"] == 0


def test_br_tv_a31_three_passes_leave_the_auction_open() -> None:
    state = new_state()
    run_calls(state, "S:P W:P N:P")
    assert state.phase == "auction" and state.current_player == EAST


REJECTED = [
    ("BR-TV-A23", "S:1S", "W", "1H"),
    ("BR-TV-A24", "S:7NT W:P", "N", "7NT"),
    ("BR-TV-A25", "S:1H W:P", "N", "X"),
    ("BR-TV-A26", "S:P", "W", "X"),
    ("BR-TV-A27", "S:1H W:X", "N", "X"),
    ("BR-TV-A28", "S:1H W:X N:XX", "E", "X"),
    ("BR-TV-A29", "S:1H W:X N:P", "E", "XX"),
]


@pytest.mark.parametrize(("vid", "before", "seat", "call"), REJECTED)
def test_rejected_calls(vid: str, before: str, seat: str, call: str) -> None:
    state = new_state()
    run_calls(state, before)
    assert state.current_player == SEAT[seat]
    record = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(call)
    assert err.value.rule == "BR-3.7", vid
    assert state.to_json() == record and state.current_player == SEAT[seat], vid


def test_br_tv_a24_after_7nt_partner_may_only_pass() -> None:
    state = new_state()
    run_calls(state, "S:7NT W:P")
    assert [str(a) for a in state.legal_actions()] == ["P"]


def test_br_tv_a30_no_call_after_the_auction() -> None:
    state = new_state()
    run_calls(state, "S:1H W:P N:P E:P")
    assert state.phase == "play"
    with pytest.raises(IllegalActionError) as err:
        state.apply("P")
    assert err.value.rule == "BR-3.8"


# ---- BR-7.2 play --------------------------------------------------------------------------

STRAIN = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": None}
TRICKS = [
    ("BR-TV-P01", "H", "W:5s N:Ks E:As S:2h", "S"),
    ("BR-TV-P02", "S", "N:Ad E:3s S:4d W:7s", "W"),
    ("BR-TV-P03", "NT", "E:Qd S:2c W:Kd N:3d", "W"),
    ("BR-TV-P04", "C", "W:Kh N:Ah E:2h S:3h", "N"),
    ("BR-TV-P05", "S", "W:9c N:2d E:Tc S:Jc", "S"),
    ("BR-TV-P06", "NT", "S:2h W:3h N:As E:4h", "E"),
    ("BR-TV-P07", "H", "W:Kc N:Qh E:Ah S:3c", "E"),
]


@pytest.mark.parametrize(("vid", "strain", "trick", "winner"), TRICKS)
def test_trick_winner_vectors(vid: str, strain: str, trick: str, winner: str) -> None:
    seats = [t.split(":")[0] for t in trick.split()]
    cards = [t.split(":")[1] for t in trick.split()]
    assert seats[trick_winner(cards, STRAIN[strain])] == winner, vid


def test_trick_winner_in_a_played_deal_br_4_6_and_4_7() -> None:
    # BR-TV-P11's deal: 4S by N; E leads Kh, dummy S wins with Ah and leads next.
    hands = [
        "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2h",
        "3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh 2c 2s",
        "Ah Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d",
        "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2d",
    ]
    state = new_state(hands)
    run_calls(state, "S:P W:P N:4S E:P S:P W:P")
    assert (state.contract, state.declarer, state.seat_to_play) == ("4S", NORTH, EAST)
    state.apply("Kh")  # E
    assert state.seat_to_play == SOUTH and state.current_player == NORTH  # BR-4.3
    assert [str(a) for a in state.legal_actions()] == ["Ah"]  # BR-4.5
    state.apply("Ah")
    state.apply("3c")  # W discards
    state.apply("2h")  # N follows
    assert state.history[-1] == {
        "event": "trick",
        "leader": EAST,
        "cards": ["Kh", "Ah", "3c", "2h"],
        "winner": SOUTH,
    }
    # BR-TV-P11: the next lead is from dummy's hand, chosen by declarer N.
    assert state.seat_to_play == SOUTH and state.current_player == NORTH
    assert all(a.cards is not None and a.cards <= CardSet(hands[2]) for a in state.legal_actions())


def test_br_tv_p08_must_follow_suit() -> None:
    """BR-TV-P08 (BR-4.5): N holds 8h, hearts are led, and 5s is rejected: he must follow."""
    hands = [
        "8h As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s",
        "Ah Kh Qh Jh Th 9h 7h 6h 5h 4h 3h 2h 2s",
        "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d",
        "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
    ]
    state = new_state(hands)
    run_calls(state, "S:P W:P N:1H E:P S:P W:P")
    for card in ["5h", "2d", "2c"]:  # E leads hearts, S (dummy, by N) and W discard
        state.apply(card)
    assert state.seat_to_play == NORTH
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply("5s")
    assert err.value.rule == "BR-4.5" and state.to_json() == before
    assert [str(a) for a in state.legal_actions()] == ["8h"]


def test_br_tv_p09_no_obligation_to_trump() -> None:
    """BR-TV-P09 (BR-4.5): in 4H by S, S is void in clubs, holds 2h, and may play 3d."""
    hands = [
        "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s",
        "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h Ad",
        "2h Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d",
        "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
    ]
    state = new_state(hands)
    run_calls(state, "S:4H W:P N:P E:P")
    for card in ["Ac", "2s", "3h"]:
        state.apply(card)
    assert state.seat_to_play == SOUTH
    state.check("3d")  # void in clubs, holds 2h: any card, no duty to trump
    state.apply("3d")


def test_br_tv_p10_dummy_exposed_after_the_opening_lead() -> None:
    """BR-TV-P10 (BR-4.1-4.3): 3NT by W: N leads, E's hand is exposed after N's lead, and W
    chooses E's cards."""
    state = new_state(seed=10)
    run_calls(state, "S:P W:3NT N:P E:P S:P")
    assert (state.declarer, state.dummy, state.seat_to_play) == (WEST, EAST, NORTH)
    for p in range(4):
        assert state.observation(p)["dummy_hand"] is None
    state.apply(state.legal_actions()[0])
    east = str(state.hands()[EAST])
    for p in range(4):
        assert state.observation(p)["dummy_hand"] == east  # BR-4.2
    assert state.seat_to_play == EAST and state.current_player == WEST  # BR-4.3


def test_br_tv_p12_human_dummy_never_acts_and_sees_no_hidden_hand() -> None:
    """BR-TV-P12 (BR-4.9): 4H by N with S dummy: E leads; S's hand is exposed after the lead;
    at each S turn N chooses the card; a card submitted by S is rejected; S never sees N's,
    E's or W's hand.

    The Python protocol has no way to submit a card as a seat other than the current player
    (``State.apply`` always acts for ``current_player``, here N), so the rejection of a card
    submitted by S is checked on the Rust deal's ``violation(seat, action)`` binding, which is
    the check the engine applies to every action."""
    state = new_state(seed=12)
    run_calls(state, "S:P W:P N:4H E:P S:P W:P")
    assert (state.declarer, state.dummy, state.seat_to_play) == (NORTH, SOUTH, EAST)
    assert state.current_player == EAST  # E leads (BR-4.1)
    south = str(state.hands()[SOUTH])
    assert all(state.observation(p)["dummy_hand"] is None for p in range(4))
    state.apply(state.legal_actions()[0])
    assert all(state.observation(p)["dummy_hand"] == south for p in range(4))  # BR-4.2
    while not state.is_terminal():
        assert state.current_player != SOUTH  # BR-4.9: the engine never waits for dummy
        if state.seat_to_play == SOUTH:
            assert state.current_player == NORTH
            legal = state.legal_actions()[0]
            rule = state._deal.violation(SOUTH, state.action_id(legal))
            assert rule is not None and rule[0] == "BR-4.9"  # a card submitted by S
        seen = state.observation(SOUTH)
        hidden = state.hands()[NORTH] | state.hands()[EAST] | state.hands()[WEST]
        shown = CardSet(seen["hand"]) | CardSet(seen["dummy_hand"] or "")
        assert not (shown & hidden)
        state.apply(state.legal_actions()[-1])


# ---- BR-5 scoring ---------------------------------------------------------------------------

SCORES = [
    ("BR-TV-S01", "4S", False, 10, (120, 0, 300, 0, 0, 0, 420)),
    ("BR-TV-S02", "3NT", True, 10, (100, 30, 500, 0, 0, 0, 630)),
    ("BR-TV-S03", "1NTX", False, 8, (80, 100, 50, 0, 50, 0, 280)),
    ("BR-TV-S04", "6H", True, 12, (180, 0, 500, 750, 0, 0, 1430)),
    ("BR-TV-S05", "4SX", False, 7, (0, 0, 0, 0, 0, 500, -500)),
    ("BR-TV-S06", "7NTXX", True, 13, (880, 0, 500, 1500, 100, 0, 2980)),
    ("BR-TV-S07", "2C", False, 8, (40, 0, 50, 0, 0, 0, 90)),
    ("BR-TV-S08", "1D", False, 7, (20, 0, 50, 0, 0, 0, 70)),
    ("BR-TV-S09", "1NT", False, 7, (40, 0, 50, 0, 0, 0, 90)),
    ("BR-TV-S10", "1S", False, 9, (30, 60, 50, 0, 0, 0, 140)),
    ("BR-TV-S11", "2NT", False, 10, (70, 60, 50, 0, 0, 0, 180)),
    ("BR-TV-S12", "3C", False, 12, (60, 60, 50, 0, 0, 0, 170)),
    ("BR-TV-S13", "3NT", False, 9, (100, 0, 300, 0, 0, 0, 400)),
    ("BR-TV-S14", "4S", True, 11, (120, 30, 500, 0, 0, 0, 650)),
    ("BR-TV-S15", "5D", True, 11, (100, 0, 500, 0, 0, 0, 600)),
    ("BR-TV-S16", "4D", True, 10, (80, 0, 50, 0, 0, 0, 130)),
    ("BR-TV-S17", "7C", False, 13, (140, 0, 300, 1000, 0, 0, 1440)),
    ("BR-TV-S18", "6C", False, 13, (120, 20, 300, 500, 0, 0, 940)),
    ("BR-TV-S19", "2SX", True, 8, (120, 0, 500, 0, 50, 0, 670)),
    ("BR-TV-S20", "2HX", False, 9, (120, 100, 300, 0, 50, 0, 570)),
    ("BR-TV-S21", "3NTX", False, 9, (200, 0, 300, 0, 50, 0, 550)),
    ("BR-TV-S22", "6SX", True, 12, (360, 0, 500, 750, 50, 0, 1660)),
    ("BR-TV-S23", "5HX", True, 13, (300, 400, 500, 0, 50, 0, 1250)),
    ("BR-TV-S24", "1CXX", False, 7, (80, 0, 50, 0, 100, 0, 230)),
    ("BR-TV-S25", "2DXX", True, 8, (160, 0, 500, 0, 100, 0, 760)),
    ("BR-TV-S26", "1NTXX", True, 8, (160, 400, 500, 0, 100, 0, 1160)),
    ("BR-TV-S27", "7SXX", False, 13, (840, 0, 300, 1000, 100, 0, 2240)),
    ("BR-TV-S28", "3NT", True, 8, (0, 0, 0, 0, 0, 100, -100)),
    ("BR-TV-S29", "4H", False, 8, (0, 0, 0, 0, 0, 100, -100)),
    ("BR-TV-S30", "4HX", True, 9, (0, 0, 0, 0, 0, 200, -200)),
    ("BR-TV-S31", "3NTX", True, 7, (0, 0, 0, 0, 0, 500, -500)),
    ("BR-TV-S32", "5CX", False, 10, (0, 0, 0, 0, 0, 100, -100)),
    ("BR-TV-S33", "3HX", False, 3, (0, 0, 0, 0, 0, 1400, -1400)),
    ("BR-TV-S34", "4SXX", True, 8, (0, 0, 0, 0, 0, 1000, -1000)),
    ("BR-TV-S35", "6NTXX", False, 8, (0, 0, 0, 0, 0, 1600, -1600)),
    ("BR-TV-S36", "7NTX", True, 0, (0, 0, 0, 0, 0, 3800, -3800)),
]


@pytest.mark.parametrize(("vid", "contract", "vul", "tricks", "want"), SCORES)
def test_score_table_br_5_8(
    vid: str, contract: str, vul: bool, tricks: int, want: tuple[int, ...]
) -> None:
    trick_points, over, game_part, slam, insult, under, total = want
    for declarer, vulnerability in [("S", "ns" if vul else "ew"), ("E", "ew" if vul else "ns")]:
        s = bridge.score_breakdown(contract, declarer, vulnerability, tricks)
        got = (
            s["trick_points"],
            s["overtricks"],
            s["game_bonus"] + s["part_score_bonus"],
            s["slam_bonus"],
            s["insult_bonus"],
            s["undertricks"],
            s["declarer_side"],
        )
        assert got == (trick_points, over, game_part, slam, insult, under, total), vid
        sign = 1 if declarer == "S" else -1
        assert bridge.score(contract, declarer, vulnerability, tricks) == sign * total, vid


RESULTS = [
    ("BR-TV-R01", "none", "4H", "E", 10, -420),
    ("BR-TV-R02", "ew", "3NT", "W", 7, 200),
    ("BR-TV-R03", "none", "4SX", "N", 7, -500),
    ("BR-TV-R04", "ns", "4S", "E", 10, -420),
    ("BR-TV-R05", "ew", "4S", "N", 10, 420),
    ("BR-TV-R06", "both", "6H", "S", 12, 1430),
    ("BR-TV-R08", "ns", "2HX", "W", 9, -570),
    ("BR-TV-R09", "none", "1H", "S", 13, 260),
    ("BR-TV-R10", "ns", "2S", "S", 10, 170),
]


@pytest.mark.parametrize(("vid", "vul", "contract", "declarer", "tricks", "ns"), RESULTS)
def test_signed_results(
    vid: str, vul: str, contract: str, declarer: str, tricks: int, ns: int
) -> None:
    s = bridge.score_breakdown(contract, declarer, vul, tricks)
    assert (s["ns"], s["ew"]) == (ns, -ns), vid


def test_br_tv_r09_r10_breakdowns() -> None:
    r09 = bridge.score_breakdown("1H", "S", "none", 13)
    assert (r09["trick_points"], r09["overtricks"], r09["part_score_bonus"]) == (30, 180, 50)
    assert r09["slam_bonus"] == 0
    r10 = bridge.score_breakdown("2S", "S", "ns", 10)
    assert (r10["trick_points"], r10["overtricks"], r10["part_score_bonus"]) == (60, 60, 50)
    assert r10["game_bonus"] == 0


@pytest.mark.parametrize("vul", ["none", "ns", "ew", "both"])
def test_br_tv_r07_passed_out_any_vulnerability(vul: str) -> None:
    """BR-TV-R07 (BR-5.5): a passed-out deal scores NS 0, EW 0 at any vulnerability."""
    state = new_state(vulnerability=vul)
    run_calls(state, "S:P W:P N:P E:P")
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]
    assert state.result is not None and state.result["passed_out"]
    assert (state.result["ns"], state.result["ew"]) == (0, 0)


def test_a_played_deal_scores_as_the_score_function() -> None:
    for seed in range(30):
        state = cardavia.load("bridge", vulnerability="both").new_state(seed=seed)
        rng = cardavia.Rng(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            # favour passes so that auctions stay realistic
            state.apply(actions[0] if rng.below(3) else actions[rng.below(len(actions))])
        result = state.result
        assert result is not None
        if result["passed_out"]:
            continue
        want = bridge.score(result["contract"], result["declarer"], "both",
                            result["declarer_tricks"])  # fmt: skip
        assert result["ns"] == want and state.returns()[0] == want


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (("4Z", "S", "none", 10), "strain"),
        (("8S", "S", "none", 10), "level"),
        (("4SXXX", "S", "none", 10), "contract"),
        (("4S", "Q", "none", 10), "declarer"),
        (("4S", "S", "red", 10), "vulnerability"),
        (("4S", "S", "none", 14), "0-13"),
        (("4S", "S", "none", -1), "0-13"),
        (("4S", "S", "none", True), "int"),
        ((4, "S", "none", 10), "contract"),
    ],
)
def test_score_rejects_bad_input(args: tuple[Any, ...], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        bridge.score(*args)


def test_score_differs_from_endplay_nowhere() -> None:
    """Every level, strain, doubling, vulnerability, declarer and trick count."""
    endplay = pytest.importorskip("endplay")
    from endplay.types import Contract, Denom, Penalty, Player, Vul

    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades,
              "NT": Denom.nt}  # fmt: skip
    penalties = {"": Penalty.passed, "X": Penalty.doubled, "XX": Penalty.redoubled}
    players = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    vuls = {"none": Vul.none, "ns": Vul.ns, "ew": Vul.ew, "both": Vul.both}
    checked = 0
    for level, strain, dbl, vul, decl in itertools.product(
        range(1, 8), denoms, penalties, vuls, players
    ):
        for tricks in range(14):
            c = Contract(
                level=level,
                denom=denoms[strain],
                declarer=players[decl],
                penalty=penalties[dbl],
                result=tricks - 6 - level,
            )
            theirs = c.score(vuls[vul])  # for the declaring side
            ours = bridge.score(f"{level}{strain}{dbl}", decl, vul, tricks)
            assert ours == (theirs if decl in "NS" else -theirs), (level, strain, dbl, vul, decl)
            checked += 1
    assert checked == 7 * 5 * 3 * 4 * 4 * 14
    assert endplay is not None


# ---- PBN ------------------------------------------------------------------------------------


def test_pbn_round_trips_random_deals_at_every_stage() -> None:
    game = cardavia.load("bridge", vulnerability="ew")
    for seed in range(8):
        state = game.new_state(seed=seed)
        rng = cardavia.Rng(seed)
        while True:
            again = bridge.from_pbn(bridge.to_pbn(state))
            assert again.to_json().replace('"seed":0', "") == state.to_json().replace(
                f'"seed":{state.seed}', ""
            )
            if state.is_terminal():
                break
            for _ in range(1 + rng.below(9)):
                if state.is_terminal():
                    break
                actions = state.legal_actions()
                state.apply(actions[0] if rng.below(2) else actions[rng.below(len(actions))])


def test_pbn_reads_a_hand_written_game() -> None:
    text = """
% a PBN file
[Event "club night"]
[Dealer "S"]
[Vulnerable "All"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Declarer "N"]
[Contract "7S"]
[Result "13"]
[Auction "S"]
Pass Pass 7S Pass
AP
[Play "E"]
HA D2 C2 SA
"""
    state = bridge.from_pbn(text)
    assert state.contract == "7S" and state.declarer == NORTH
    assert state.game.vulnerability == "both"
    assert state.history[-1]["event"] == "trick" and state.history[-1]["winner"] == NORTH
    pbn = bridge.to_pbn(state)
    assert '[Contract "7S"]' in pbn and '[Auction "S"]' in pbn and '[Play "E"]' in pbn
    assert "HA D2 C2 SA" in pbn


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (('[Dealer "S"]', '[Dealer "N"]'), "South"),
        (('[Contract "7S"]', '[Contract "6S"]'), "Contract"),
        (('[Declarer "N"]', '[Declarer "E"]'), "Declarer"),
        (('[Play "E"]', '[Play "W"]'), "opening leader"),
        (('[Deal "N:', '[Deal "N:2'), "twice"),
    ],
)
def test_pbn_errors_are_clear(change: tuple[str, str], match: str) -> None:
    text = """[Dealer "S"]
[Vulnerable "None"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Declarer "N"]
[Contract "7S"]
[Auction "S"]
Pass Pass 7S Pass Pass Pass
[Play "E"]
HA D2 C2 SA
"""
    with pytest.raises((InvalidArgumentError, cardavia.InvalidCardError), match=match):
        bridge.from_pbn(text.replace(*change))


# ---- observation, options -------------------------------------------------------------------


def test_observation_shows_own_hand_calls_and_played_cards_only() -> None:
    state = new_state(seed=4)
    run_calls(state, "S:1NT W:P N:3NT E:P S:P W:P")
    obs = state.observation(EAST)
    assert obs["hand"] == str(state.hands()[EAST])
    assert obs["calls"] == ["1NT", "P", "3NT", "P", "P", "P"]
    assert obs["dummy_hand"] is None
    json.dumps(obs)
    with pytest.raises(InvalidArgumentError):
        state.observation(4)


def test_vulnerability_option() -> None:
    assert cardavia.load("bridge").vulnerability == "none"
    with pytest.raises(InvalidArgumentError, match="vulnerability"):
        cardavia.load("bridge", vulnerability="red")


def test_deal_from_west_br_3_4() -> None:
    state = new_state(seed=99)
    hands, _ = cardavia._core.deal_cards(4, 13, 1, False, 99)
    assert state.hands()[WEST] == CardSet(hands[0])  # the first card goes to West
    assert state.hands()[NORTH] == CardSet(hands[1])


# ---- many seeded deals in Rust -----------------------------------------------------------------


def test_ten_thousand_random_deals() -> None:
    n = 10_000
    for vul in ("none", "both"):
        sim = bridge.simulate(n // 2, vulnerability=vul, seed=2024, threads=2)
        played = sim["declarer"] >= 0
        assert played.sum() > 0.9 * (n // 2)
        tricks = sim["tricks_won"]
        assert np.all(tricks[played].sum(axis=1) == 13)  # 13 tricks
        assert np.all(sim["cards_captured"][played].sum(axis=1) == 52)  # 52 cards
        assert np.all(sim["distinct_cards"][played] == 52)
        assert np.all(sim["cards_captured"] == 4 * tricks)
        parts = ["trick_points", "overtricks", "game_bonus", "part_score_bonus", "slam_bonus",
                 "insult_bonus"]  # fmt: skip
        made = sum(sim[p] for p in parts)
        total = np.where(sim["undertricks"] > 0, -sim["undertricks"], made)
        assert np.array_equal(total, sim["declarer_side"])
        sign = np.where(sim["declarer"] % 2 == 0, 1, -1)
        assert np.array_equal(sim["ns"], sign * sim["declarer_side"])
        assert np.all(sim["ns"][~played] == 0)
        # The scores agree with the score function deal by deal.
        for k in np.flatnonzero(played)[:2000]:
            level, strain, dbl = sim["level"][k], sim["strain"][k], sim["doubling"][k]
            contract = f"{level}{'CDHS'[strain] if strain < 4 else 'NT'}{'X' * dbl}"
            decl = int(sim["declarer"][k])
            taken = int(tricks[k][decl] + tricks[k][(decl + 2) % 4])
            assert bridge.score(contract, decl, vul, taken) == sim["ns"][k]


def test_simulation_does_not_depend_on_threads() -> None:
    a = bridge.simulate(500, seed=3, threads=1)
    b = bridge.simulate(500, seed=3, threads=2)
    for key in a:
        assert np.array_equal(a[key], b[key]), key


def test_playouts_from_a_position() -> None:
    state = new_state(seed=5)
    run_calls(state, "S:1NT W:P N:3NT E:P S:P W:P")
    out = state._deal.playouts(200, seed=1, threads=2)
    assert np.all(out["tricks_won"].sum(axis=1) == 13)
    assert np.all(out["level"] == 3)
