"""5-10-K (rules/five_ten_king.md): test vectors through the Python API, citing their ids.

The combination engine as the Python user sees it, the deal with its reveal opportunities, the
call, the card-play vectors (FTK-TV-25, 26, 37..45, 53..55: played out from the first lead on
``cardavia.FtkTable``, the table a state plays on, with hands chosen to reach each position),
the bands and promotion, the match, and a 10,000-deal simulation. The Rust tests
(rust/core/src/climbing/tests/five_ten_king.rs) cover the card-play vectors too, from directly
built mid-deal positions.
"""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import Card, CardBag, FtkTable, IllegalActionError, Rng
from cardavia import five_ten_king as ftk
from cardavia._core import ftk_points

GAME = cardavia.load("five_ten_king")

# ---- 9.1 combinations and beating --------------------------------------------------------


def one(cards: str) -> Any:
    found = ftk.classify(cards)
    assert len(found) == 1, (cards, found)
    return found[0]


@pytest.mark.parametrize(
    ("vector", "cards", "kind", "length", "rank"),
    [
        ("FTK-TV-01", "3s 4h 5d 6c 7s", "straight", 5, "7"),
        ("FTK-TV-05", "5h 5d 6s 6c", "pair_sequence", 2, "6"),
        ("FTK-TV-09", "9s 9h 9d SJ SJ", "triple_with_pair", 1, "9"),
        ("FTK-TV-10", "8s 8h 8d 9s 9h 9d 3c 3d", "airplane_with_singles", 2, "9"),
        ("FTK-TV-12", "Js Jh Jd Qs Qh Qd 4s 4h 6c 6d", "airplane_with_pairs", 2, "Q"),
        ("FTK-TV-23", "As Ah Ad Ac", "bomb", 4, "A"),
    ],
)
def test_classify_vectors(vector: str, cards: str, kind: str, length: int, rank: str) -> None:
    p = one(cards)
    assert (p.kind, p.length, p.main_rank) == (kind, length, rank), vector


@pytest.mark.parametrize(
    ("vector", "cards"),
    [
        ("FTK-TV-02", "Js Qs Ks As 2s"),
        ("FTK-TV-05", "5h 5d 7s 7c"),
        ("FTK-TV-07", "SJ SJ BJ"),
        ("FTK-TV-07", "SJ SJ BJ BJ"),
        ("FTK-TV-09", "9s 9h 9d SJ BJ"),
        ("FTK-TV-11", "8s 8h 8d 9s 9h 9d SJ BJ"),
    ],
)
def test_invalid_vectors(vector: str, cards: str) -> None:
    assert ftk.classify(cards) == [], vector


@pytest.mark.parametrize(
    ("vector", "candidate", "top", "expected"),
    [
        ("FTK-TV-03", "Ts Jh Qd Kc As", "9s Th Jd Qc Ks", True),
        ("FTK-TV-04", "4s 5s 6s 7s 8s 9s", "3h 4h 5h 6h 7h", False),
        ("FTK-TV-06", "BJ BJ", "SJ SJ", True),
        ("FTK-TV-06", "SJ SJ", "2s 2h", True),
        ("FTK-TV-08", "7s 7h 7d BJ", "6s 6h 6d As", True),
        ("FTK-TV-13", "5s 5h 5d 6s 6h 6d 3c 4c", "3s 3h 3d 4s 4h 4d", False),
        ("FTK-TV-14", "5h Th Kh", "5d Td Kd", True),
        ("FTK-TV-15", "5s Th Kh", "5c Td Kd", False),
        ("FTK-TV-16", "5s Ts Ks", "5s Ts Ks", False),
        ("FTK-TV-17", "5s Td Kc", "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", True),
        ("FTK-TV-18", "4s 4h 4d 4c", "5s Ts Ks", True),
        ("FTK-TV-19", "3s 3h 3d 3c 3s", "2s 2h 2d 2c", True),
        ("FTK-TV-20", "2s 2h 2d 2c", "As Ah Ad Ac", True),
        ("FTK-TV-21", "SJ BJ", "2s 2s 2h 2h 2d 2d 2c 2c", True),
        ("FTK-TV-21", "SJ BJ", "SJ BJ", False),
        ("FTK-TV-22", "3s", "As", False),
    ],
)
def test_beating_vectors(vector: str, candidate: str, top: str, expected: bool) -> None:
    assert ftk.beats(candidate, top) is expected, vector


def test_legal_plays_list_called_card_variants() -> None:
    # FTK-3.16: with Kh called, a single K is listed without and with the called card.
    plays = [str(p) for p in ftk.legal_plays("Kc Kh 3d", called="Kh") if p.kind == "single"]
    assert "Kc" in plays and "Kh" in plays


# ---- 9.2 trick flow and points (cardavia.FtkTable, the table the states play on) ---------


def table(hands: list[str], banker: int, kitty: str, calls: list[tuple[str, int]]) -> FtkTable:
    """A deal from its first lead: the hands after the kitty exchange, the buried kitty."""
    return FtkTable(
        [CardBag(h) for h in hands], banker, CardBag(kitty), [(Card(c), o) for c, o in calls]
    )


def act(t: FtkTable, seat: int, cards: str | None = None) -> None:
    """``seat`` (who must be to move) plays ``cards``, or passes when ``cards`` is None."""
    assert t.current_player == seat, (seat, t.current_player)
    if cards is None:
        assert t.pass_violation() is None
        t.pass_turn()
        return
    play, violation = t.interpret(CardBag(cards))
    assert play is not None, (seat, cards, violation)
    t.play(play)


def take(t: FtkTable, seat: int, *plays: str) -> None:
    """``seat`` plays each of ``plays`` in turn and every other active player passes, so the
    trick (and its points) goes to ``seat`` each time."""
    for cards in plays:
        act(t, seat, cards)
        close(t)


def close(t: FtkTable) -> None:
    """Everyone passes until the current trick ends."""
    while t.top is not None and not t.is_over:
        act(t, t.current_player)


def test_ftk_tv_25_finished_trick_winner_hands_the_lead_on() -> None:
    # FTK-TV-25: S3 plays his last card and wins the trick; S4, the next active seat, leads.
    t = table(["3c 9c", "4c 9d", "5c 9h", "Kc", "6c 9s"], 3, "6d 6h 6s", [("Ac", 1)])
    act(t, 3, "Kc")
    for seat in (4, 0, 1, 2):
        act(t, seat)
    assert t.trick_points == [0, 0, 0, 10, 0]
    assert not t.is_over and t.finish_order == [3]
    assert t.top is None and t.current_player == 4


def test_ftk_tv_26_passer_may_play_later_in_the_trick() -> None:
    # FTK-TV-26: S1 passes, S2 plays, the turn comes back to S1, who may now beat.
    t = table(["3c 8c", "5c 9d", "4c 9h", "Jc", "Qc"], 0, "6d 6h 6s", [("Ac", 1)])
    act(t, 0, "3c")
    act(t, 1)
    act(t, 2, "4c")
    act(t, 3)
    act(t, 4)
    act(t, 0)
    assert t.current_player == 1
    assert "5c" in [str(p) for p in t.legal_plays()[0]]
    act(t, 1, "5c")
    assert t.top is not None and t.top[1] == 1


# ---- 9.3 reveal and banker ---------------------------------------------------------------

THREES = [f"3{s}" for s in "cdhs"] * 2


def deck_with(placed: dict[int, str], late: list[str] | None = None) -> str:
    """A 108-card deck: ``placed`` maps card number k (1-based) to a card; every other copy of
    a placed card's rank... is moved to the end unless listed in ``late``."""
    rest = list(CardBag.two_packs(jokers=True))
    for card in placed.values():
        rest.remove(cardavia.Card(card))
    deck: list[str | None] = [None] * 108
    for k, card in placed.items():
        deck[k - 1] = card
    ranks = {cardavia.Card(c).rank for c in placed.values()} | {
        cardavia.Card(c).rank for c in (late or [])
    }
    early = [str(c) for c in rest if c.rank not in ranks]
    tail = [str(c) for c in rest if c.rank in ranks]
    fill = early + tail
    out = []
    for slot in deck:
        out.append(slot if slot is not None else fill.pop(0))
    return " ".join(out)


def test_ftk_tv_27_first_reveal_wins_no_later_opportunity() -> None:
    # FTK-TV-27: S2 passes at card 13, S4 reveals at card 20; card 28 (3h to S2) is no
    # opportunity: dealing runs straight to the kitty.
    deck = deck_with({13: "3c", 20: "3d", 28: "3h"})
    state = GAME.new_state(seed=1, deal={"deck": deck, "first": 0})
    assert (state.current_player, state.phase) == (2, "deal")
    state.apply("pass")
    assert state.current_player == 4
    state.apply("reveal 3d")
    assert state.banker == 4 and state.phase == "bury"
    assert [e["event"] for e in state.history].count("reveal") == 1


def test_ftk_tv_52_second_receipt_is_a_new_opportunity() -> None:
    # FTK-TV-52: S2 passes at card 3 and is asked again at card 8, where he may reveal.
    deck = deck_with({3: "3s", 8: "3d"})
    state = GAME.new_state(seed=1, deal={"deck": deck, "first": 0})
    assert state.current_player == 2
    state.apply("pass")
    assert state.current_player == 2 and state.observation(2)["cards_dealt"] == 8
    state.apply("reveal 3s")
    assert state.banker == 2


def test_ftk_tv_28_all_pass_redeals_with_same_first() -> None:
    # FTK-TV-28: every opportunity and the closing round passed: redeal, same F, levels 3.
    state = GAME.new_state(seed=5, deal={"first": 3})
    while state.phase == "deal" and not any(e["event"] == "redeal" for e in state.history):
        state.apply("pass")
    assert any(e["event"] == "redeal" for e in state.history)
    deal_events = [e for e in state.history if e["event"] == "deal"]
    assert [e["first"] for e in deal_events] == [3, 3]
    assert state.observation(0)["levels"] == ["3"] * 5


def test_ftk_tv_29_only_own_level_of_previous_winners() -> None:
    # FTK-TV-29: S1 (not a winner) gets 5h, S0 (level 5) gets 7c, S3 (level 7) gets 7h: only
    # S3's receipt is an opportunity, so the first prompt is S3's at card 4.
    levels = [3, 1, 1, 5, 1]  # S0 at 5, S3 at 7
    deck = deck_with({1: "7c", 2: "5h", 4: "7h"}, late=["5s"])
    deal = {
        "deck": deck,
        "number": 4,
        "levels": levels,
        "previous_winners": [0, 3],
        "previous_banker": 4,  # F = 0 (FTK-3.4)
    }
    state = GAME.new_state(seed=2, deal=deal)
    assert state.observation(3)["cards_dealt"] == 4
    assert (state.current_player, state.observation(3)["your_prompt"]) == (3, "receipt")


def closing_round_state(winners: list[int], previous_banker: int) -> Any:
    deal = {
        "number": 2,
        "levels": [1] * 5,
        "previous_winners": winners,
        "previous_banker": previous_banker,
    }
    return GAME.new_state(seed=4, deal=deal)


def test_ftk_tv_30_closing_round_order_from_first_recipient() -> None:
    # FTK-TV-30: closing round with F = 2 and eligible holders S0, S3: S3 first, then S0.
    state = closing_round_state([0, 3], previous_banker=1)  # F = 2
    closing = []
    while state.phase == "deal":
        if state.observation(state.current_player)["your_prompt"] == "closing":
            closing.append(state.current_player)
        state.apply("pass")
    holders = [p for p in (3, 0) if "3" in [c.rank.symbol for c in state._received[p]]]
    assert closing == holders


def test_ftk_tv_31_fallback_scan() -> None:
    # FTK-TV-31: no reveal in deal 2, previous banker S3, winners {S0, S3}: the scan S4, S0
    # makes S0 banker.
    state = closing_round_state([0, 3], previous_banker=3)
    while state.phase == "deal":
        state.apply("pass")
    assert state.banker == 0


def test_ftk_tv_32_scan_ends_at_previous_banker() -> None:
    # FTK-TV-32: previous banker S3 was the only winner: the scan ends at S3 himself.
    state = closing_round_state([3], previous_banker=3)
    while state.phase == "deal":
        state.apply("pass")
    assert state.banker == 3


# ---- 9.4 partner call --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("vector", "card", "ordinal", "buried", "rule"),
    [
        ("FTK-TV-33", "Kh", 1, "Kh Kh 3c", "FTK-3.15"),
        ("FTK-TV-34", "Ah", 2, "Ah 4c 5d", "FTK-3.15"),
        ("FTK-TV-34", "Ah", 1, "Ah 4c 5d", None),
        ("FTK-TV-35", "BJ", 1, "3c 4c 5c", "FTK-3.14"),
        ("FTK-TV-36", "2s", 2, "3c 4c 5c", None),
    ],
)
def test_call_validity(vector: str, card: str, ordinal: int, buried: str, rule: str | None) -> None:
    found = cardavia._core.ftk_call_violation(card, ordinal, buried)
    assert (found[0] if found else None) == rule, vector


def to_call_phase(seed: int, **options: Any) -> Any:
    state = cardavia.load("five_ten_king", **options).new_state(seed=seed)
    rng = Rng(seed)
    while state.phase in ("deal", "bury"):
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])
    return state


def test_call_phase_rules_in_the_protocol() -> None:
    state = to_call_phase(3)
    with pytest.raises(IllegalActionError) as e:
        state.apply("call first BJ")
    assert e.value.rule == "FTK-3.14"
    two = to_call_phase(3, partner_calls=2)
    two.apply("call first Kh") if two.can_apply("call first Kh") else two.apply("call first Ks")
    text = str(two.history[-1]["call"])
    with pytest.raises(IllegalActionError) as e:
        two.apply(text)
    assert e.value.rule == "FTK-3.20"


def test_buried_cards_hidden_until_settlement() -> None:
    state = to_call_phase(8)
    banker = state.banker
    other = (banker + 1) % 5
    assert isinstance(state.observation(other)["buried"], int)
    assert isinstance(state.observation(banker)["buried"], str)


def test_ftk_tv_37_banker_answers_his_own_second_play() -> None:
    # FTK-TV-37: the banker holds both As, none buried: (s, A, 2) is valid; he plays As twice
    # and answers his own call, so he is solo (1 vs 4).
    assert cardavia._core.ftk_call_violation("As", 2, "8c 8d 8h") is None
    t = table(["As As 3c", "4c 4d", "5c 5d", "6c 6d", "7c 7d"], 0, "8c 8d 8h", [("As", 2)])
    take(t, 0, "As")
    assert t.answerers == [None] and not t.teams_confirmed
    take(t, 0, "As")
    assert t.answerers == [0] and t.teams_confirmed
    act(t, 0, "3c")  # the solo banker finishes: his side is all finished (E1)
    s = t.settlement()
    assert s is not None and (s["end"], s["finishing_team"]) == ("E1", "banker")
    assert s["banker_side"] == [True, False, False, False, False]


def test_ftk_tv_38_banker_plays_the_first_copy_and_is_solo() -> None:
    # FTK-TV-38: call (s, A, 1); the banker plays the first As (solo); S3's later As is the
    # second play and changes nothing: S3 defends.
    t = table(["As 3c 7d", "4c 4d", "5c 5d", "As 6d", "8c 8d"], 0, "9c 9d 9h", [("As", 1)])
    take(t, 0, "As")
    assert t.answerers == [0] and t.teams_confirmed
    act(t, 0, "3c")
    act(t, 1)
    act(t, 2)
    act(t, 3, "As")
    close(t)
    assert t.answerers == [0]  # S3's second As has no effect
    act(t, 3, "6d")
    act(t, 4)
    act(t, 0, "7d")  # the banker's last card ends the deal (E1, banker side finished)
    s = t.settlement()
    assert s is not None and s["finishing_team"] == "banker"
    assert s["banker_side"] == [True, False, False, False, False]  # S3 is a defender


def test_ftk_tv_39_pair_of_the_called_card_counts_twice() -> None:
    # FTK-TV-39: call (h, K, 2); S1 plays Kh Kh as a pair with no earlier Kh: both plays are
    # his, so he makes the second play and answers.
    t = table(["3c 3d 4c", "Kh Kh 9c", "5c 5d", "6c 6d", "7c 7d"], 0, "8c 8d 8h", [("Kh", 2)])
    act(t, 0, "3c 3d")
    act(t, 1, "Kh Kh")
    assert list(t.called_plays) == [2]
    assert t.answerers == [1] and t.teams_confirmed


def test_ftk_tv_40_two_calls_answered_by_one_player_count_once() -> None:
    # FTK-TV-40: partner_calls = 2 with (h, K, 1) and (h, K, 2); S1's Kh Kh answers both;
    # the banker side is {banker, S1}, S1 counted once.
    calls = [("Kh", 1), ("Kh", 2)]
    t = table(["3c 3d Ac", "Kh Kh", "5c 6d", "6c 7d", "7c 8d"], 0, "8c 9d 9h", calls)
    act(t, 0, "3c 3d")
    act(t, 1, "Kh Kh")
    assert t.answerers == [1, 1] and t.teams_confirmed
    close(t)  # S1 has finished; S2 leads
    act(t, 2, "5c")
    act(t, 3)
    act(t, 4)
    act(t, 0, "Ac")  # the banker's last card: the banker side {S0, S1} is all finished
    s = t.settlement()
    assert s is not None and (s["end"], s["finishing_team"]) == ("E1", "banker")
    assert s["banker_side"] == [True, True, False, False, False]
    # Through the game protocol, both calls on the same card are accepted.
    state = to_call_phase(3, partner_calls=2)
    card = next(c for c in ("Kh", "Ks", "Kd", "Kc") if state.can_apply(f"call second {c}"))
    state.apply(f"call first {card}")
    state.apply(f"call second {card}")
    assert state.phase == "play"


# ---- 9.5 settlement and promotion --------------------------------------------------------


@pytest.mark.parametrize(
    ("d", "winner", "steps"),
    [(0, "banker", 3), (5, "banker", 2), (35, "banker", 2), (40, "banker", 1), (75, "banker", 1)]
    + [(80, "defense", 0), (115, "defense", 0)]
    + [(120, "defense", 1), (155, "defense", 1), (160, "defense", 2), (195, "defense", 2)]
    + [(200, "defense", 3)],
)
def test_ftk_tv_46_47_48_bands(d: int, winner: str, steps: int) -> None:
    # FTK-TV-46 (D 0..75: banker side), FTK-TV-47 (D 80, 115: nobody promotes),
    # FTK-TV-48 (D 120..200: defenders).
    assert ftk.band(d)[1:] == (winner, steps)


def test_ftk_tv_49_50_final_victory() -> None:
    k, a, q, j = 11, 12, 10, 9
    assert ftk.promote(k, 2)[1] and ftk.promote(a, 1)[1] and ftk.promote(q, 3)[1]  # FTK-TV-49
    assert ftk.promote(k, 1) == (12, False) and ftk.promote(j, 3) == (12, False)  # FTK-TV-50


# Examples A-D (FTK-6.5) and FTK-TV-45, 53-55 are played out on the table from the first lead,
# with hands chosen so that the captured points are exactly the ones in the rules.


def test_ftk_tv_41_example_a_e2_with_an_unanswered_call() -> None:
    # FTK-TV-41 (Example A): banker S0 buries Kh Td 3s and calls (h, K, 1); S2 keeps the other
    # Kh. Finishing order S1, S3, S0, S4; S4's last card leaves S2 alone: E2.
    hands = [
        "Ks Ks Kc Kc 3c Jh",
        "4c Th Th 5d 5d 4d",
        "6d Kd Kd Ts Ts 5h 5h 6c 5c 5c Kh",
        "7c Tc Tc 8c",
        "9c 5s 5s 6h Td",
    ]
    t = table(hands, 0, "Kh Td 3s", [("Kh", 1)])
    take(t, 0, "Ks Ks", "Kc Kc")
    act(t, 0, "3c")
    take(t, 1, "4c", "Th Th", "5d 5d")
    act(t, 1, "4d")  # S1 finishes first
    take(t, 2, "6d", "Kd Kd", "Ts Ts", "5h 5h")
    act(t, 2, "6c")
    take(t, 3, "7c", "Tc Tc")
    act(t, 3, "8c")  # S3 finishes second
    take(t, 4, "9c", "5s 5s")
    act(t, 4, "6h")
    take(t, 0, "Jh")  # S0 finishes third; S2 leads
    act(t, 2, "5c")
    act(t, 4, "Td")  # S4 finishes: only S2 is active
    assert t.finish_order == [1, 3, 0, 4]
    s = t.settlement()
    assert s is not None
    assert s["trick_points"] == [40, 30, 50, 20, 10]
    assert (s["end"], s["last_player"], s["ender"]) == ("E2", 2, 4)
    assert (s["answerers"][0], s["deemed"][0]) == (2, True)  # FTK-3.19: S2 is partner
    assert s["banker_side"] == [True, False, True, False, False]
    assert (s["final_trick_points"], s["hands_transferred"], s["kitty_points"]) == (15, 15, 20)
    assert (s["defense"], s["banker_points"]) == (110, 90)
    assert (s["banker_side_wins"], s["steps"]) == (False, 0)


def test_ftk_tv_42_example_b_banker_side_finishes() -> None:
    # FTK-TV-42 (Example B): banker S1, partner S3 answered and finished; S1's last cards, a
    # bomb of fives, end the deal by E1 with the banker side finishing.
    hands = [
        "7c 5c Ts 8c 9d 5s Kd Td",
        "Ks Ks Kh Kh Th 3h 5s 5h 5d 5c",
        "9c Kc 8d Kc 5h",
        "As Th Td Kd",
        "Tc 5d 6c Ts 3d",
    ]
    t = table(hands, 1, "Tc 3c 4c", [("As", 1)])
    take(t, 1, "Ks Ks", "Kh Kh", "Th")
    act(t, 1, "3h")
    act(t, 2)
    act(t, 3, "As")  # S3 answers: partner
    assert t.answerers == [3] and t.teams_confirmed
    close(t)
    take(t, 3, "Th Td", "Kd")  # S3 finishes
    take(t, 4, "Tc", "5d")
    act(t, 4, "6c")
    take(t, 0, "7c", "Ts", "5c")
    act(t, 0, "8c")
    act(t, 1)
    take(t, 2, "9c", "Kc")
    act(t, 2, "8d")
    act(t, 4)
    take(t, 0, "9d")
    act(t, 0, "5s")
    act(t, 1, "5s 5h 5d 5c")
    s = t.settlement()
    assert s is not None
    assert s["trick_points"] == [15, 50, 10, 30, 15]
    assert (s["end"], s["finishing_team"], s["ender"]) == ("E1", "banker", 1)
    assert (s["final_trick_points"], s["kitty_points"]) == (25, 10)
    assert (s["hands_transferred"], s["hands_to_banker_side"]) == (45, True)
    assert (s["banker_points"], s["defense"]) == (160, 40)
    assert (s["banker_side_wins"], s["steps"]) == (True, 1)
    assert s["banker_side"] == [False, True, False, True, False]  # S1 and S3 get +1


def test_ftk_tv_43_example_c_the_answer_fires_e1_for_the_defense() -> None:
    # FTK-TV-43 (Example C): call (s, A, 2); S4 plays the first As in trick 2; S2's As Ad on
    # S0's Kc Kd is the second play, confirming teams when the defense has all finished.
    hands = [
        "Ks Ks 3h 7c Ts Ts 3d Kc Kd Th",
        "4d Tc Tc Td 6d",
        "7d Th 5s 5d 5h 5c 6h As Ad 5s 5d",
        "7h Kc Kd Td 8d",
        "As Kh Kh 5c 6c 9d",
    ]
    t = table(hands, 0, "5h 3c 4c", [("As", 2)])
    take(t, 0, "Ks Ks")
    act(t, 0, "3h")
    act(t, 1)
    act(t, 2)
    act(t, 3)
    act(t, 4, "As")  # trick 2: the first As, no answer
    assert list(t.called_plays) == [1] and t.answerers == [None]
    close(t)
    take(t, 4, "Kh Kh", "5c")
    act(t, 4, "6c")
    take(t, 0, "7c", "Ts Ts")
    act(t, 0, "3d")
    take(t, 1, "4d", "Tc Tc", "Td")
    act(t, 1, "6d")  # S1 finishes
    take(t, 2, "7d", "Th", "5s 5d", "5h 5c")
    act(t, 2, "6h")
    take(t, 3, "7h", "Kc Kd", "Td")
    act(t, 3, "8d")  # S3 finishes
    take(t, 4, "9d")  # S4 finishes; S0 leads
    assert not t.is_over and sorted(t.finish_order) == [1, 3, 4]
    act(t, 0, "Kc Kd")
    act(t, 2, "As Ad")
    s = t.settlement()
    assert s is not None
    assert s["trick_points"] == [40, 30, 30, 30, 25]
    assert s["answerers"][0] == 2 and s["banker_side"] == [True, False, True, False, False]
    assert (s["end"], s["finishing_team"], s["ender"]) == ("E1", "defense", 2)
    assert (s["final_trick_points"], s["kitty_points"]) == (20, 5)
    assert (s["hands_transferred"], s["hands_to_banker_side"]) == (20, False)
    assert (s["banker_points"], s["defense"]) == (95, 105)
    assert (s["banker_side_wins"], s["steps"]) == (False, 0)


def test_ftk_tv_44_example_d_solo_banker() -> None:
    # FTK-TV-44 (Example D): banker S2 holds both Ah, calls (h, A, 1) and plays the first Ah in
    # trick 1: solo. His last card ends the deal by E1.
    hands = [
        "Kc Kc 5s",
        "Kd Td 5s",
        "Ah Ah Ks Ks Ts Ts Tc Tc 3d Kh",
        "Kd Th Th 5h 5h 5d Kh",
        "Td 5d 5c 5c",
    ]
    t = table(hands, 2, "3c 4c 6c", [("Ah", 1)])
    take(t, 2, "Ah")
    assert t.answerers == [2] and t.teams_confirmed
    take(t, 2, "Ks Ks", "Ts Ts", "Tc Tc", "Ah")
    act(t, 2, "3d")
    take(t, 3, "Kd", "Th Th")
    act(t, 3, "5h")
    act(t, 4)
    act(t, 0)
    act(t, 1)
    act(t, 2, "Kh")
    s = t.settlement()
    assert s is not None
    assert s["trick_points"] == [0, 0, 60, 30, 0]
    assert (s["end"], s["finishing_team"], s["ender"]) == ("E1", "banker", 2)
    assert (s["final_trick_points"], s["kitty_points"], s["hands_transferred"]) == (15, 0, 95)
    assert (s["banker_points"], s["defense"]) == (170, 30)
    assert (s["banker_side_wins"], s["steps"]) == (True, 2)
    assert s["banker_side"] == [False, False, True, False, False]  # only S2 gets +2


def test_ftk_tv_45_no_e1_before_confirmation() -> None:
    # FTK-TV-45: teams unconfirmed (nobody has played Ah); S1, S3, S4 have finished and only the
    # banker S0 and S2 are active: the deal goes on, E1 is not evaluated.
    t = table(["3c 9c 9d", "4c", "Ah 6d", "5c", "6c"], 0, "7c 7d 7h", [("Ah", 1)])
    act(t, 0, "3c")
    act(t, 1, "4c")
    act(t, 2)
    act(t, 3, "5c")
    act(t, 4, "6c")
    assert sorted(t.finish_order) == [1, 3, 4] and not t.teams_confirmed
    assert not t.is_over and t.settlement() is None
    close(t)
    assert t.current_player == 0 and not t.is_over


def test_ftk_tv_53_answer_with_the_last_card_completes_the_banker_side() -> None:
    # FTK-TV-53: banker S0 (call (h, A, 1)) has finished; S3's last card Ah is the first play
    # of Ah: S3 is partner, the banker side is all finished, E1 fires with it finishing.
    hands = ["5h", "Kc 9c", "Kd Tc 9d", "Ah", "5c 9h"]
    t = table(hands, 0, "5d 3d 4c", [("Ah", 1)])
    act(t, 0, "5h")  # the banker finishes; teams still unconfirmed
    act(t, 1)
    act(t, 2, "Kd")
    assert not t.is_over
    act(t, 3, "Ah")
    s = t.settlement()
    assert s is not None and s["answerers"][0] == 3
    assert s["banker_side"] == [True, False, False, True, False]
    assert (s["end"], s["finishing_team"], s["ender"]) == ("E1", "banker", 3)
    # Final trick 15 and kitty 5 to S3; the defenders' hands (10 + 10 + 5) to the banker side.
    assert (s["final_trick_points"], s["kitty_points"]) == (15, 5)
    assert (s["hands_transferred"], s["hands_to_banker_side"]) == (25, True)
    assert s["defense"] == 0


def test_ftk_tv_54_e1_not_e2_at_the_confirming_play() -> None:
    # FTK-TV-54: call (s, K, 2); S1 plays the first Ks. S1, S2, S4 finish; S0 leads Qs Qh and
    # S3's last cards Ks Kd answer: the defense has all finished, so E1 (not E2) fires.
    hands = [
        "Kc Kc Td Td 3h Jd Qs Qh Kh Th 5c 5d",
        "Ks Ts Ts 4h",
        "6h Tc 5h 5h 7h",
        "Kh Kd Th 5s Jh 9d Ks Kd",
        "8h 5s 5d 5c 9h",
    ]
    t = table(hands, 0, "Tc 3c 4c", [("Ks", 2)])
    take(t, 0, "Kc Kc", "Td Td")
    act(t, 0, "3h")
    take(t, 1, "Ks", "Ts Ts")  # the first Ks: no answer
    assert list(t.called_plays) == [1] and t.answerers == [None]
    act(t, 1, "4h")  # S1 finishes
    take(t, 2, "6h", "Tc", "5h 5h")
    act(t, 2, "7h")  # S2 finishes
    act(t, 3)
    take(t, 4, "8h", "5s", "5d 5c")
    act(t, 4, "9h")  # S4 finishes: S0 and S3 are active
    act(t, 0)
    take(t, 3, "Jh", "Kh Kd", "Th", "5s")
    act(t, 3, "9d")
    take(t, 0, "Jd")
    assert t.trick_points == [40, 30, 20, 35, 15] and not t.is_over
    act(t, 0, "Qs Qh")
    act(t, 3, "Ks Kd")
    s = t.settlement()
    assert s is not None and s["answerers"][0] == 3
    assert (s["end"], s["finishing_team"], s["ender"]) == ("E1", "defense", 3)
    assert (s["final_trick_points"], s["kitty_points"]) == (20, 10)
    assert (s["hands_transferred"], s["hands_to_banker_side"]) == (30, False)
    assert (s["banker_points"], s["defense"]) == (105, 95)
    assert (s["banker_side_wins"], s["steps"]) == (False, 0)


def test_ftk_tv_55_solo_banker_defense_counts_all_four() -> None:
    # FTK-TV-55: banker S1 answers his own call (solo) and captures 55; D sums S0, S2, S3, S4
    # and every award: 145, the defense wins and each of the four defenders gets +1.
    hands = [
        "Tc Tc Kc Kd 9d 6s",
        "Ah Ks Ks Kh Kh Ts 5s 3d 5h Kd Td 5c",
        "4d Th Th Td 6d",
        "7d 5d 5d 5s 5h 5c 8d",
        "Kc",
    ]
    t = table(hands, 1, "Ts 3c 4c", [("Ah", 1)])
    take(t, 1, "Ah")
    assert t.answerers == [1] and t.teams_confirmed
    take(t, 1, "Ks Ks", "Kh Kh", "Ts", "5s")
    act(t, 1, "3d")
    take(t, 2, "4d", "Th Th", "Td")
    act(t, 2, "6d")
    take(t, 3, "7d", "5d 5d", "5s 5h", "5c")
    act(t, 3, "8d")
    act(t, 4)
    take(t, 0, "9d", "Tc Tc", "Kc Kd", "6s")
    act(t, 1, "5h")
    act(t, 4, "Kc")  # the last defender finishes: E1 with the defense finishing
    s = t.settlement()
    assert s is not None
    assert s["trick_points"] == [40, 55, 30, 25, 0]
    assert s["banker_side"] == [False, True, False, False, False]
    assert (s["end"], s["finishing_team"], s["ender"]) == ("E1", "defense", 4)
    # D = 40 + 30 + 25 + 0 + final trick 15 + kitty 10 + S1's hand 25.
    assert (s["final_trick_points"], s["kitty_points"], s["hands_transferred"]) == (15, 10, 25)
    assert (s["banker_points"], s["defense"]) == (55, 145)
    assert (s["banker_side_wins"], s["steps"]) == (False, 1)


def test_result_is_a_readable_breakdown() -> None:
    from cardavia.sim.playthrough import random_playthrough

    state = random_playthrough(GAME, 17)
    r = state.result
    assert r is not None
    assert r["banker_side_points"] + r["defense_points"] == 200  # FTK-TV-51
    total = (
        sum(r["trick_points"]) + r["final_trick_points"] + r["kitty_points"] + sum(r["hand_points"])
    )
    assert total == 200
    assert sum(t["points"] for t in r["tricks"]) == sum(r["trick_points"]) + r["final_trick_points"]
    assert len(r["levels"]) == 5 and r["band"] in ftk.BAND_NAMES


# ---- the match ---------------------------------------------------------------------------


def test_match_carries_levels_and_ends_at_final_victory() -> None:
    match = GAME.new_match(seed=12)
    rng = Rng(12)
    deals = 0
    while not match.is_over() and deals < 200:
        state = match.new_deal()
        levels_before = list(match.levels)
        if deals:
            assert state._prev_winners == match.previous_winners  # FTK-7.2
            assert state._first == (match.previous_banker + 1) % 5  # FTK-3.4
        while not state.is_terminal():
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
        r = state.result
        assert r is not None
        for lv in r["levels"]:
            assert lv["old_index"] == levels_before[lv["player"]]
        deals += 1
    assert match.is_over(), "a match ends (every deal promotes somebody or nobody)"
    assert match.winners and all(match.levels[w] > 12 for w in match.winners)
    with pytest.raises(IllegalActionError):
        match.new_deal()


# ---- 10,000 random deals -----------------------------------------------------------------


def expected_band(d: int) -> tuple[bool, int]:
    """FTK-6.6, written out independently of the engine."""
    if d == 0:
        return True, 3
    if d < 40:
        return True, 2
    if d < 80:
        return True, 1
    if d < 120:
        return False, 0
    if d < 160:
        return False, 1
    if d < 200:
        return False, 2
    return False, 3


def test_ten_thousand_random_deals_conserve_points_cards_and_promote_by_band() -> None:
    two_packs = CardBag.two_packs(jokers=True)
    for seed in range(10_000):
        state = cardavia.load("five_ten_king").new_state(seed=seed)
        rng = Rng(seed)
        while state.phase != "play":
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
        table = state._table
        out = table.playouts(1, "random", seed, 1, True)
        side = out["banker_side"][0]
        d = int(out["defense"][0])
        # Every card is somewhere exactly once: captured, in a hand, or buried.
        everything = table.kitty
        points = ftk_points(table.kitty)
        for p in range(5):
            everything = everything + out["captured"][p] + out["hands"][p]
            points += ftk_points(out["captured"][p]) + ftk_points(out["hands"][p])
        assert everything == two_packs, seed
        assert points == 200, seed  # FTK-6.5
        # D recomputed from its parts (FTK-6.5).
        ender = int(out["ender"][0])
        defense = sum(int(out["trick_points"][0][p]) for p in range(5) if not side[p])
        if not side[ender]:
            defense += int(out["final_trick_points"][0]) + int(out["kitty_points"][0])
        if not out["hands_to_banker_side"][0]:
            defense += int(out["hands_transferred"][0])
        assert defense == d and d % 5 == 0, seed
        banker_wins, steps = expected_band(d)
        assert int(out["steps"][0]) == steps, seed
        assert bool(side[state.banker]), seed
        # Promotion from each winner's own level (FTK-6.8).
        levels = [1] * 5
        for p in range(5):
            won = bool(side[p]) == banker_wins
            new, victory = ftk.promote(levels[p], steps if won else 0)
            assert new == levels[p] + (steps if won else 0) and not victory
