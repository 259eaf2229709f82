"""One Poker: every test vector OP-8.1 … OP-8.27 of rules/onepoker.md, plus the match, the
shoe and seeded invariants."""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import IllegalActionError, _core
from cardavia.games.one_poker import SHOE_LIST, OnePokerMatch, OnePokerState, compare, signal


def stock_with(top: list[str]) -> str:
    rest = list(SHOE_LIST)
    for c in top:
        rest.remove(c)
    return " ".join(top + rest)


def make(stacks: list[int], first: int, hands: list[str], **options: Any) -> OnePokerState:
    """Deal 1 of a match-like deal with these stacks and hands (OP-3.3 order)."""
    game = cardavia.load("one_poker", **options)
    f, s = hands[first].split(), hands[1 - first].split()
    spec = {
        "number": 1,
        "stacks": stacks,
        "first": first,
        "held": [None, None],
        "stock": stock_with([f[0], s[0], f[1], s[1]]),
        "discard": "",
    }
    return game.new_state(seed=0, deal=spec)


def legal(state: OnePokerState) -> list[str]:
    fold, check, call, rng, is_bet = state.deal.legal()
    out = []
    if fold:
        out.append("FOLD")
    if check:
        out.append("CHECK")
    if call is not None:
        out.append(f"CALL {call}")
    if rng is not None:
        out.append(f"{'BET' if is_bet else 'RAISE'} [{rng[0]}..{rng[1]}]")
    return out


def play(state: OnePokerState, *moves: str) -> None:
    for move in moves:
        seat, _, text = move.partition(" ")
        assert state.current_player == int(seat[1:]), (move, state.current_player)
        state.apply(text)


def rule_of(state: OnePokerState, text: str) -> str | None:
    before = state.to_json()
    with pytest.raises(IllegalActionError) as e:
        state.apply(text)
    assert state.to_json() == before  # OP-4.10: nothing changes
    return e.value.rule


def event(state: OnePokerState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.history if e["event"] == kind]


# ---- A. Ranking and signals ----------------------------------------------------------------


# OP-8.1
def test_op_8_1_two_beats_ace() -> None:
    assert compare("2c", "Ad") == 1


# OP-8.2
def test_op_8_2_ace_beats_the_rest() -> None:
    assert compare("Ad", "Kd") == 1
    assert compare("Ah", "3s") == 1


# OP-8.3
def test_op_8_3_two_loses_to_three_through_king() -> None:
    assert compare("2s", "3h") == -1
    assert compare("2s", "Kc") == -1


# OP-8.4
def test_op_8_4_same_rank_ties() -> None:
    assert compare("7h", "7h") == 0
    assert compare("Qs", "Qd") == 0
    assert compare("2h", "2c") == 0


# OP-8.5
def test_op_8_5_the_relation_cycles() -> None:
    assert compare("As", "Kd") == 1 and compare("Kd", "2c") == 1 and compare("2c", "As") == 1


# OP-8.6
def test_op_8_6_signals() -> None:
    assert signal("8c 7d") == (1, 1)
    assert signal("Ts Ah") == (2, 0)
    assert signal("2c 7s") == (0, 2)
    assert signal("8h 8d") == (2, 0)
    assert signal("7c 7d") == (0, 2)


# ---- B. Betting ----------------------------------------------------------------------------


# OP-8.7
def test_op_8_7_deal_one_antes_locks_and_first_options() -> None:
    game = cardavia.load("one_poker")
    stock = stock_with(["Ks", "9h", "3d", "2c"])
    s = game.new_state(seed=0, deal={**game.first_deal(0, stock)})
    assert s.deal.hand(0) == "Ks 3d" and s.deal.hand(1) == "9h 2c"
    assert s.deal.stacks == [19, 19] and s.deal.pot_total == 2
    assert s.current_player == 0 and s.phase == "lock"
    assert rule_of(s, "bet to 3") == "OP-3.8"
    play(s, "s0 lock 3d")
    assert s.current_player == 1
    assert rule_of(s, "bet to 3") == "OP-3.8"
    play(s, "s1 lock 9h")
    assert legal(s) == ["CHECK", "BET [1..19]"]
    assert rule_of(s, "fold") == "OP-7.5"


def locked_deal(stacks: list[int] | None = None, hands: list[str] | None = None) -> OnePokerState:
    s = make(stacks or [20, 20], 0, hands or ["2h 9c", "Ad 4s"])
    play(s, f"s0 lock {s.deal.hand(0).split()[0]}", f"s1 lock {s.deal.hand(1).split()[0]}")
    return s


# OP-8.8
def test_op_8_8_minimum_raise() -> None:
    s = locked_deal()
    play(s, "s0 bet to 3")
    assert legal(s) == ["FOLD", "CALL 3", "RAISE [6..19]"]
    assert rule_of(s, "raise to 5") == "OP-4.5"


# OP-8.9, OP-8.16
def test_op_8_9_and_8_16_raise_call_and_two_beats_ace() -> None:
    s = locked_deal()
    play(s, "s0 bet to 3", "s1 raise to 8")
    assert s.deal.level == 8
    assert legal(s) == ["FOLD", "CALL 5", "RAISE [13..19]"]
    play(s, "s0 call")
    reveal = event(s, "reveal")
    assert reveal == [{"event": "reveal", "locked": ["2h", "Ad"]}]
    assert event(s, "settle")[0]["pot"] == 18
    # OP-8.16: s0 locked 2h, s1 locked Ad: s0 wins 18 → 29/11 and is first next deal.
    assert s.deal.stacks == [29, 11]
    assert s.next_first_player == 0


# OP-8.10
def test_op_8_10_check_check() -> None:
    s = locked_deal()
    play(s, "s0 check")
    assert legal(s) == ["CHECK", "BET [1..19]"]
    play(s, "s1 check")
    assert s.is_terminal() and event(s, "settle")[0]["pot"] == 2


# OP-8.11
def test_op_8_11_check_raise() -> None:
    s = locked_deal()
    play(s, "s0 check", "s1 bet to 5")
    assert legal(s) == ["FOLD", "CALL 5", "RAISE [10..19]"]
    play(s, "s0 raise to 10")
    assert legal(s) == ["FOLD", "CALL 5", "RAISE [15..19]"]


# OP-8.12, OP-8.17
def test_op_8_12_and_8_17_short_all_in_raise_then_tie() -> None:
    s = locked_deal([33, 7], ["7c 9c", "7d 4s"])
    assert s.deal.stacks == [32, 6]
    play(s, "s0 bet to 4")
    assert legal(s) == ["FOLD", "CALL 4", "RAISE [6..6]"]
    play(s, "s1 raise to 6")
    assert legal(s) == ["FOLD", "CALL 2"]
    play(s, "s0 call")
    assert event(s, "settle")[0]["pot"] == 14
    # OP-8.17: 7c vs 7d tie, 7 each → 33/7, and the first player switches to s1.
    assert event(s, "settle")[0]["winner"] is None
    assert s.deal.stacks == [33, 7]
    assert s.next_first_player == 1


# OP-8.13
def test_op_8_13_refund_of_the_uncalled_part() -> None:
    s = locked_deal([33, 7], ["3c 9c", "Kd 4s"])
    play(s, "s0 bet to 10")
    assert legal(s) == ["FOLD", "CALL 6"]
    play(s, "s1 call")
    assert {"event": "return", "player": 0, "chips": 4} in s.history
    assert event(s, "settle")[0]["pot"] == 14
    assert s.deal.stacks == [26, 14]  # s1 (Kd) beats s0 (3c)


# OP-8.14
def test_op_8_14_all_in_opponent_only_call_or_fold() -> None:
    s = locked_deal([30, 10])
    assert s.deal.stacks == [29, 9]
    play(s, "s0 check", "s1 bet to 9")
    assert legal(s) == ["FOLD", "CALL 9"]


# OP-8.15
def test_op_8_15_win_by_fold_reveals_anyway() -> None:
    s = locked_deal(hands=["4h 9c", "Ad 4s"])
    play(s, "s0 bet to 5", "s1 fold")
    assert {"event": "return", "player": 0, "chips": 5} in s.history
    assert event(s, "reveal") == [{"event": "reveal", "locked": ["4h", "Ad"]}]
    assert s.deal.stacks == [21, 19]
    assert s.next_first_player == 0
    assert s.result is not None and s.result["by_fold"]


# ---- C. Showdown and settlement ------------------------------------------------------------


@pytest.mark.parametrize(
    ("locks", "stacks"), [(("3c", "Kd"), [38, 2]), (("3c", "3d"), [39, 1]), (("Kc", "3d"), [40, 0])]
)
# OP-8.18
def test_op_8_18_one_chip_left(locks: tuple[str, str], stacks: list[int]) -> None:
    s = make([39, 1], 0, [f"{locks[0]} 9c", f"{locks[1]} 4s"])
    assert s.deal.stacks == [38, 0]
    play(s, f"s0 lock {locks[0]}", f"s1 lock {locks[1]}")
    assert s.is_terminal()  # no betting: s0 is not asked to act
    assert event(s, "action") == []
    assert s.deal.stacks == stacks
    assert s.result is not None and s.result["match_over"] == (0 in stacks)


# OP-8.19
def test_op_8_19_full_all_in_raise() -> None:
    s = locked_deal([25, 15])
    assert s.deal.stacks == [24, 14]
    play(s, "s0 bet to 2")
    assert legal(s) == ["FOLD", "CALL 2", "RAISE [4..14]"]
    play(s, "s1 raise to 14")
    assert legal(s) == ["FOLD", "CALL 12"]
    play(s, "s0 call")
    assert event(s, "settle")[0]["pot"] == 30
    settle = event(s, "settle")[0]
    assert [s.deal.stacks[i] - settle["shares"][i] for i in (0, 1)] == [10, 0]


# ---- D. Deal flow and match ----------------------------------------------------------------


# OP-8.20
def test_op_8_20_first_player_sequence() -> None:
    # deal 1: s1 wins at showdown → s1 first
    s = make([20, 20], 0, ["3c 4c", "Kd 4s"])
    play(s, "s0 lock 3c", "s1 lock Kd", "s0 check", "s1 check")
    assert s.next_first_player == 1
    # deal 2 (s1 first) tie → s0 first
    s = make([20, 20], 1, ["3c 4c", "3d 4s"])
    play(s, "s1 lock 3d", "s0 lock 3c", "s1 check", "s0 check")
    assert s.next_first_player == 0
    # deal 3 (s0 first) tie → s1 first
    s = make([20, 20], 0, ["3c 4c", "3d 4s"])
    play(s, "s0 lock 3c", "s1 lock 3d", "s0 check", "s1 check")
    assert s.next_first_player == 1
    # deal 4 (s1 first): s1 folds → s0 first
    s = make([20, 20], 1, ["3c 4c", "Kd 4s"])
    play(s, "s1 lock Kd", "s0 lock 3c", "s1 check", "s0 bet to 2", "s1 fold")
    assert s.next_first_player == 0


def reference_match() -> OnePokerMatch:
    game = cardavia.load("one_poker")
    m = game.new_match(seed=1, stock=stock_with(["Ks", "9h", "3d", "2c", "Ad", "7s"]))
    assert isinstance(m, OnePokerMatch)
    return m


# OP-8.21, OP-8.26
def test_op_8_21_and_8_26_card_flow_and_information_at_locking() -> None:
    m = reference_match()
    d1 = m.new_deal()
    assert d1.deal.hand(0) == "Ks 3d" and d1.deal.hand(1) == "9h 2c"
    assert d1.observation(0)["stock_size"] == 100
    assert d1.observation(0)["signals"] == [[1, 1], [1, 1]]
    play(d1, "s0 lock 3d", "s1 lock 9h", "s0 check", "s1 check")
    assert d1.deal.winner == 1
    d2 = m.new_deal()
    assert d2.deal.first_player == 1
    assert d2.deal.hand(1) == "2c Ad" and d2.deal.hand(0) == "Ks 7s"
    assert d2.current_player == 1
    obs = d2.observation(1)
    assert obs["hand"] == "2c Ad"
    assert obs["signals"] == [[1, 1], [1, 1]]
    assert obs["stacks"] == [18, 20] and obs["pot"] == 2
    assert obs["discard"] == "3d 9h" and obs["discard_size"] == 2
    assert obs["stock_size"] == 98
    assert obs["opponent_locked"] is False and obs["locked"] is None
    assert obs["carried"] == ["UP", "DOWN"]  # s0 carried an UP card, s1 a DOWN card
    assert "Ks" not in str(obs) and "7s" not in str(obs)
    assert m.revealed == [(1, "3d", "9h")]


# OP-8.22
def test_op_8_22_reshuffle_timing() -> None:
    game = cardavia.load("one_poker", stack=5000)
    m = game.new_match(seed=4)
    stock_sizes = []
    for _ in range(104):
        st = m.new_deal()
        stock_sizes.append(st.observation(0)["stock_size"])
        while not st.is_terminal():
            st.apply(st.legal_actions()[0] if st.phase == "lock" else "check")
    for k in range(1, 52):
        assert stock_sizes[k - 1] == 100 - 2 * (k - 1)
    assert stock_sizes[50] == 0  # empty after deal 51
    assert stock_sizes[51] == 100  # deal 52: 102 reshuffled, 2 drawn
    assert m.deals[51].observation(0)["discard_size"] == 0
    assert stock_sizes[101] == 0 and stock_sizes[102] == 100  # next reshuffle: deal 103
    assert m.reshuffle_count == 2


# OP-8.23
def test_op_8_23_locking_rules() -> None:
    s = make([20, 20], 1, ["3c 4c", "Kd 4s"])
    # s1 is first: s0 may not lock before s1 (through the protocol the current player is s1,
    # who does not hold 3c; the engine names the turn-order rule for seat 0 itself).
    assert s.deal.lock_violation(0, "3c") is not None
    assert s.deal.lock_violation(0, "3c")[0] == "OP-7.4"  # type: ignore[index]
    assert rule_of(s, "lock 3c") == "OP-3.7"
    play(s, "s1 lock Kd")
    assert rule_of(s, "lock Kd") == "OP-3.7"  # not one of s0's cards
    play(s, "s0 lock 4c")
    assert rule_of(s, "lock 3c") == "OP-3.7"  # a second lock / a change is rejected


# OP-8.24
def test_op_8_24_match_end_and_restart() -> None:
    game = cardavia.load("one_poker")
    m = game.new_match(seed=11)
    rng = cardavia.Rng(11)
    while not m.is_over():
        st = m.new_deal()
        while not st.is_terminal():
            acts = st.legal_actions()
            st.apply(acts[rng.below(len(acts))])
    assert sorted(m.stacks) == [0, 40]
    assert m.winner is not None and m.stacks[m.winner] == 40
    with pytest.raises(IllegalActionError, match="OP-6.1"):
        m.new_deal()
    m.restart()
    st = m.new_deal()
    assert st.deal.first_player == 0 and st._deal_record["number"] == 1
    assert st._deal_record["stacks"] == [20, 20] and st._deal_record["discard"] == ""
    assert st.observation(0)["stock_size"] == 100


# OP-8.25
def test_op_8_25_conservation_during_and_after_deals() -> None:
    game = cardavia.load("one_poker")
    rng = cardavia.Rng(25)
    for seed in range(60):
        m = game.new_match(seed=seed)
        while not m.is_over():
            st = m.new_deal()
            while not st.is_terminal():
                d = st.deal
                assert sum(d.stacks) + sum(d.antes) + sum(d.bets) == 40
                acts = st.legal_actions()
                st.apply(acts[rng.below(len(acts))])
            assert sum(st.deal.stacks) == 40 and min(st.deal.stacks) >= 0


# OP-8.25
def test_op_8_25_ten_thousand_random_matches_in_rust() -> None:
    t = _core.one_poker_simulate(10_000, seed=3)
    assert t["matches"] == 10_000 and t["conservation_failures"] == 0
    assert t["deals"] > 50_000


@pytest.mark.parametrize(
    ("locks", "stacks"), [(("Kc", "3d"), [2, 38]), (("3c", "3d"), [1, 39]), (("3c", "Kd"), [0, 40])]
)
# OP-8.27
def test_op_8_27_first_player_all_in_from_the_ante(
    locks: tuple[str, str], stacks: list[int]
) -> None:
    s = make([1, 39], 0, [f"{locks[0]} 9c", f"{locks[1]} 4s"])
    assert s.deal.stacks == [0, 38]
    play(s, f"s0 lock {locks[0]}", f"s1 lock {locks[1]}")
    assert s.is_terminal() and event(s, "action") == []
    assert s.deal.stacks == stacks


def test_resample_keeps_signals_carried_groups_and_reveals() -> None:
    m = reference_match()
    d1 = m.new_deal()
    play(d1, "s0 lock 3d", "s1 lock 9h", "s0 check", "s1 check")
    d2 = m.new_deal()
    play(d2, "s1 lock Ad")
    for k in range(20):
        other = d2.resample(0, seed=k)
        assert other.observation(0) == d2.observation(0)
        opp = other.deal.hand(1).split()
        assert signal(opp) == (1, 1) and opp[0][0] in "234567"  # carried a DOWN card
    play(d2, "s0 lock Ks", "s1 check")
    for k in range(5):
        other = d2.resample(0, seed=k)
        assert other.observation(0) == d2.observation(0)
        assert other.deal.locked(0) == "Ks"
    play(d2, "s0 check")
    # Issue 13: a finished deal has nothing left to sample (its locks are revealed).
    with pytest.raises(cardavia.InvalidArgumentError, match="over"):
        d2.resample(0, seed=0)
