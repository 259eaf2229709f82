"""No-limit Texas Hold'em, the game: the test vectors HE-8.25 … HE-8.51 of rules/holdem.md
(HE-8.1 … HE-8.24 are the evaluator's, tested with it), options, the match, and invariants."""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import IllegalActionError, _core
from cardavia.games.holdem import DECK, HoldemMatch, HoldemState, showdown_strength


def make(
    stacks: list[int],
    button: int = 0,
    holes: dict[int, str] | None = None,
    board: str = "",
    **options: Any,
) -> HoldemState:
    """A hand with these stacks; hole cards and board placed by the HE-3.10 reference order."""
    n = len(stacks)
    game = cardavia.load("holdem", players=n, stack=-(-sum(stacks) // n), **options)
    probe = game.new_state(seed=0, deal={"stacks": stacks, "button": button})
    order = probe.hand.dealing_order
    k = len(order)
    top: list[str | None] = [None] * (2 * k + 8)
    for j, seat in enumerate(order):
        if holes and seat in holes:
            top[j], top[k + j] = holes[seat].split()
    for at, card in zip(
        [2 * k + 1, 2 * k + 2, 2 * k + 3, 2 * k + 5, 2 * k + 7], board.split(), strict=False
    ):
        top[at] = card
    rest = iter(c for c in DECK if c not in set(top))
    deck = " ".join(c if c is not None else next(rest) for c in top)
    return game.new_state(seed=0, deal={"stacks": stacks, "button": button, "deck": deck})


def legal(state: HoldemState) -> list[str]:
    """The legal actions in the vectors' notation: FOLD, CHECK, CALL x, RAISE/BET to [a..b]."""
    fold, check, call, rng, is_bet = state.hand.legal()
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


def play(state: HoldemState, *moves: str) -> None:
    """Apply moves written "s3 raise 60", checking that the named seat is the one to act."""
    for move in moves:
        seat, _, text = move.partition(" ")
        assert state.current_player == int(seat[1:]), (move, state.current_player)
        state.apply(text)


def rule_of(state: HoldemState, text: str) -> str | None:
    with pytest.raises(IllegalActionError) as e:
        state.apply(text)
    return e.value.rule


def events(state: HoldemState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.history if e["event"] == kind]


FULL = [1000, 1000, 1000, 1000]


# ---- C. Betting legality -------------------------------------------------------------------


# HE-8.25
def test_he_8_25_first_hand_blinds_and_first_action() -> None:
    s = make(FULL)
    h = s.hand
    assert (h.button, h.small_blind_seat, h.big_blind_seat) == (0, 1, 2)
    assert h.dealing_order == [1, 2, 3, 0]
    assert s.current_player == 3
    assert legal(s) == ["FOLD", "CALL 20", "RAISE [40..1000]"]
    assert rule_of(s, "check") == "HE-4.2"


# HE-8.26
def test_he_8_26_minimum_raise_is_last_full_raise() -> None:
    s = make(FULL)
    play(s, "s3 raise to 60")
    assert s.hand.full_raise == 40
    assert legal(s) == ["FOLD", "CALL 60", "RAISE [100..1000]"]
    assert rule_of(s, "raise to 90") == "HE-4.3"
    play(s, "s0 raise to 100")
    assert legal(s) == ["FOLD", "CALL 90", "RAISE [140..1000]"]
    assert [str(a) for a in s.legal_actions()[:3]] == ["fold", "call 90", "raise to 140"]


# HE-8.27
def test_he_8_27_big_blind_option_and_flop_bet() -> None:
    s = make(FULL)
    play(s, "s3 call", "s0 call", "s1 call")
    assert s.current_player == 2
    assert legal(s) == ["CHECK", "RAISE [40..1000]"]
    play(s, "s2 check")
    assert s.hand.street == "flop" and s.hand.pot_total == 80
    assert s.current_player == 1
    assert rule_of(s, "fold") == "HE-7.7"
    assert rule_of(s, "bet to 15") == "HE-4.3"
    assert legal(s) == ["CHECK", "BET [20..980]"]
    play(s, "s1 bet to 20")
    assert legal(s) == ["FOLD", "CALL 20", "RAISE [40..980]"]


# HE-8.28
def test_he_8_28_short_all_in_does_not_reopen() -> None:
    s = make([1000, 1000, 170, 1830])
    play(s, "s3 call", "s0 call", "s1 call", "s2 check")
    assert s.hand.stacks == [980, 980, 150, 1810]
    play(s, "s1 bet to 100")
    assert s.hand.full_raise == 100
    play(s, "s2 raise to 150")
    assert legal(s) == ["FOLD", "CALL 150", "RAISE [250..1810]"]
    play(s, "s3 call")
    assert legal(s) == ["FOLD", "CALL 150", "RAISE [250..980]"]
    play(s, "s0 call")
    assert legal(s) == ["FOLD", "CALL 50"]
    assert rule_of(s, "raise to 250") == "HE-4.4"
    play(s, "s1 call")
    assert s.hand.street == "turn"
    assert s.hand.contributions == [170, 170, 170, 170]
    assert s.hand.pot_total == 680


# HE-8.29
def test_he_8_29_cumulative_short_all_ins_reopen_per_player() -> None:
    s = make([220, 1000, 170, 2610])
    play(s, "s3 call", "s0 call", "s1 call", "s2 check")
    assert s.hand.stacks == [200, 980, 150, 2590]
    play(s, "s1 bet to 100", "s2 raise to 150", "s3 call")
    assert legal(s) == ["FOLD", "CALL 150", "RAISE [200..200]"]
    play(s, "s0 raise to 200")
    assert legal(s) == ["FOLD", "CALL 100", "RAISE [300..980]"]
    play(s, "s1 call")
    assert legal(s) == ["FOLD", "CALL 50"]
    # HE-7.22: all-in would be a raise here, which HE-4.4c forbids: unavailable.
    assert rule_of(s, "all-in") == "HE-7.22"
    play(s, "s3 call")
    while not s.is_terminal():
        s.apply("check")
    pots = s.hand.pots()
    assert [(p["amount"], sorted(p["eligible"])) for p in pots] == [
        (680, [0, 1, 2, 3]),
        (150, [0, 1, 3]),
    ]


# HE-8.30
def test_he_8_30_short_all_in_opening_bet() -> None:
    s = make([1000, 1000, 35, 1965])
    play(s, "s3 call", "s0 call", "s1 call", "s2 check")
    assert s.hand.stacks == [980, 980, 15, 1945]
    play(s, "s1 check", "s2 bet to 15")
    assert legal(s) == ["FOLD", "CALL 15", "RAISE [35..1945]"]
    play(s, "s3 call")
    assert legal(s) == ["FOLD", "CALL 15", "RAISE [35..980]"]
    play(s, "s0 call")
    assert legal(s) == ["FOLD", "CALL 15"]


# HE-8.31
def test_he_8_31_full_raise_over_short_all_in_reopens() -> None:
    s = make([1000, 1000, 35, 1965])
    play(s, "s3 call", "s0 call", "s1 call", "s2 check", "s1 check", "s2 bet to 15")
    play(s, "s3 raise to 35")
    assert s.hand.full_raise == 20
    assert legal(s) == ["FOLD", "CALL 35", "RAISE [55..980]"]
    play(s, "s0 call")
    assert legal(s) == ["FOLD", "CALL 35", "RAISE [55..980]"]


# HE-8.32
def test_he_8_32_short_big_blind() -> None:
    s = make(
        [1000, 1000, 15, 1985],
        holes={2: "9h 9d", 3: "Ac Kc"},
        board="2s 5d 7c Jh 3d",
    )
    assert events(s, "blind")[1] == {"event": "blind", "player": 2, "blind": "big", "chips": 15}
    assert legal(s) == ["FOLD", "CALL 20", "RAISE [40..1985]"]
    play(s, "s3 call", "s0 fold")
    assert legal(s) == ["FOLD", "CALL 10", "RAISE [40..1000]"]
    play(s, "s1 fold")
    assert s.is_terminal()
    assert {"event": "return", "player": 3, "chips": 5} in s.history
    assert [(p["amount"], sorted(p["eligible"])) for p in s.hand.pots()] == [(40, [2, 3])]
    assert s.hand.revealed == [False, False, True, True]
    assert s.result is not None
    assert s.result["rank_class"] == {"2": 4576, "3": 6252}
    assert s.hand.stacks == [1000, 990, 40, 1970]


# HE-8.33
def test_he_8_33_heads_up_all_in_opponent() -> None:
    s = make([1500, 0, 2500, 0])
    assert (s.hand.small_blind_seat, s.hand.big_blind_seat) == (0, 2)
    assert s.current_player == 0
    play(s, "s0 raise to 1500")
    assert legal(s) == ["FOLD", "CALL 1480"]


# HE-8.34
def test_he_8_34_heads_up_sb_covers_short_bb() -> None:
    s = make([3985, 15, 0, 0])
    assert s.hand.level == 20
    assert legal(s) == ["FOLD", "CALL 10"]
    play(s, "s0 call")
    assert s.is_terminal()
    assert {"event": "return", "player": 0, "chips": 5} in s.history
    assert s.hand.pots()[0]["amount"] == 30
    assert s.hand.revealed[:2] == [True, True]
    assert len(s.hand.board.split()) == 5


# HE-8.35
def test_he_8_35_heads_up_nobody_acts() -> None:
    s = make([3995, 5, 0, 0])
    assert s.is_terminal() and s.legal_actions() == []
    assert {"event": "skip", "player": 0, "after_action": False, "contested": False} in s.history
    assert {"event": "return", "player": 0, "chips": 5} in s.history
    assert s.hand.pots()[0]["amount"] == 10
    assert len(s.hand.board.split()) == 5
    s = make([7, 3993, 0, 0])
    assert s.is_terminal()
    assert events(s, "blind") == [
        {"event": "blind", "player": 0, "blind": "small", "chips": 7},
        {"event": "blind", "player": 1, "blind": "big", "chips": 20},
    ]
    assert {"event": "return", "player": 1, "chips": 13} in s.history
    assert s.hand.pots()[0]["amount"] == 14


# ---- D. Pots, returns, odd chips -----------------------------------------------------------


# HE-8.36
def test_he_8_36_uncalled_raise_returned_no_showdown() -> None:
    s = make(FULL)
    play(s, "s3 raise to 60", "s0 fold", "s1 fold", "s2 fold")
    assert {"event": "return", "player": 3, "chips": 40} in s.history
    assert s.hand.pots()[0]["amount"] == 50
    assert s.hand.revealed == [False] * 4 and events(s, "board") == []
    assert s.hand.stacks == [1000, 990, 980, 1030]
    assert s.returns() == [0.0, -10.0, -20.0, 30.0]


# HE-8.37
def test_he_8_37_three_way_all_in_side_pot() -> None:
    s = make(
        [1600, 300, 100, 2000],
        holes={0: "Ac Ad", 1: "Ks 9s", 2: "Th Jd"},
        board="9c 8d 2s Kh 7c",
    )
    play(s, "s3 fold", "s0 raise to 300", "s1 call", "s2 call")
    assert s.is_terminal()
    assert s.hand.contributions == [300, 300, 100, 0]
    assert [(p["amount"], sorted(p["eligible"]), p["shares"]) for p in s.hand.pots()] == [
        (300, [0, 1, 2], [(2, 300)]),
        (400, [0, 1], [(1, 400)]),
    ]
    assert s.result is not None
    assert s.result["rank_class"] == {"0": 3353, "1": 2637, "2": 1603}
    assert s.hand.stacks == [1300, 400, 300, 2000]


# HE-8.38
def test_he_8_38_folded_chips_and_uncontested_side_pot() -> None:
    s = make(
        [1000, 1000, 50, 1950],
        holes={2: "As Qd", 3: "Kc Qh"},
        board="Qs 7h 2d 5c 9s",
    )
    play(s, "s3 raise to 60", "s0 call", "s1 fold", "s2 call")
    assert s.current_player == 3 and s.hand.street == "flop"
    play(s, "s3 bet to 100", "s0 fold")
    assert {"event": "return", "player": 3, "chips": 100} in s.history
    assert s.hand.contributions == [60, 10, 50, 60]
    assert [(p["amount"], sorted(p["eligible"])) for p in s.hand.pots()] == [
        (160, [2, 3]),
        (20, [3]),
    ]
    assert s.result is not None and s.result["rank_class"] == {"2": 3794, "3": 3839}
    assert s.hand.stacks == [940, 990, 160, 1910]


# HE-8.39
def test_he_8_39_odd_chip_first_winner_after_button() -> None:
    s = make(
        FULL,
        holes={0: "Qs 2c", 2: "Qh 3d", 3: "Th 9s"},
        board="Kc Kd 7s 7c 5d",
    )
    play(s, "s3 raise to 45", "s0 call", "s1 fold", "s2 call")
    for _ in range(3):
        play(s, "s2 check", "s3 check", "s0 check")
    pot = s.hand.pots()[0]
    assert pot["amount"] == 145
    assert pot["shares"] == [(2, 73), (0, 72)]
    assert s.hand.stacks == [1027, 990, 1028, 955]


# HE-8.40
def test_he_8_40_two_odd_chips_three_way_tie() -> None:
    s = make(
        FULL,
        holes={0: "2c 3d", 1: "4h 5d", 3: "7c 7d"},
        board="Ah Kd Qh Jc Ts",
    )
    play(s, "s3 raise to 45", "s0 call", "s1 call", "s2 fold")
    for _ in range(3):
        play(s, "s1 check", "s3 check", "s0 check")
    pot = s.hand.pots()[0]
    assert pot["amount"] == 155
    assert pot["shares"] == [(1, 52), (3, 52), (0, 51)]
    assert s.hand.stacks == [1006, 1007, 980, 1007]


# HE-8.41
def test_he_8_41_heads_up_finish() -> None:
    s = make(
        [300, 0, 3700, 0],
        holes={0: "Qc Jc", 2: "Ah Kd"},
        board="As 8d 3c 4h 9s",
    )
    assert s.current_player == 0
    assert legal(s) == ["FOLD", "CALL 10", "RAISE [40..300]"]
    play(s, "s0 call", "s2 check", "s2 bet to 500")
    assert legal(s) == ["FOLD", "CALL 280"]
    play(s, "s0 call")
    assert {"event": "return", "player": 2, "chips": 220} in s.history
    assert s.hand.pots()[0]["amount"] == 600
    assert s.result is not None and s.result["rank_class"] == {"0": 6358, "2": 3353}
    assert s.hand.stacks == [0, 0, 4000, 0]


# ---- E. Button, blinds, dealing, match -----------------------------------------------------


def next_hand(stacks: list[int], button: int, bb: int, players: int) -> tuple[int, int, int]:
    b = _core.holdem_next_button(stacks, button, bb, players)
    sb, big = _core.holdem_blind_seats(stacks, b)
    return b, sb, big


# HE-8.42
def test_he_8_42_transition_to_heads_up_moves_button_to_previous_bb() -> None:
    stacks = [0, 500, 500, 0]
    assert next_hand(stacks, 0, 2, 3) == (2, 2, 1)
    s = make([0, 2000, 2000, 0], button=2)
    assert s.current_player == 2  # the button posts the SB and acts first preflop
    assert next_hand(stacks, 2, 1, 2) == (1, 1, 2)
    assert next_hand(stacks, 1, 2, 2) == (2, 2, 1)


# HE-8.43, HE-8.44
def test_he_8_43_and_8_44_no_adjustment_needed() -> None:
    assert next_hand([500, 0, 500, 0], 0, 2, 3) == (2, 2, 0)
    assert next_hand([500, 500, 0, 0], 0, 2, 3) == (1, 1, 0)


# HE-8.45, HE-8.46
def test_he_8_45_and_8_46_two_eliminated_in_one_hand() -> None:
    assert next_hand([0, 500, 500, 0], 0, 2, 4) == (2, 2, 1)
    assert next_hand([500, 0, 0, 500], 0, 2, 4) == (3, 3, 0)
    assert next_hand([500, 500, 0, 0], 3, 1, 4) == (1, 1, 0)


# HE-8.47
def test_he_8_47_four_to_three_players() -> None:
    assert next_hand([500, 0, 500, 500], 0, 2, 4) == (2, 3, 0)
    s = make([1000, 0, 1000, 1000], button=2)
    assert s.current_player == 2  # the button acts first preflop with 3 players (HE-3.11)
    assert next_hand([500, 500, 0, 500], 0, 2, 4) == (1, 3, 0)
    assert next_hand([0, 500, 500, 500], 0, 2, 4) == (1, 2, 3)


# HE-8.48
def test_he_8_48_dealing_order_four_players() -> None:
    deck = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d"
    game = cardavia.load("holdem")
    s = game.new_state(seed=0, deal={"stacks": FULL, "button": 0, "deck": deck})
    h = s.hand
    assert [h.hole(i) for i in range(4)] == ["5c 9c", "2c 6c", "3c 7c", "4c 8c"]
    play(s, "s3 call", "s0 call", "s1 call", "s2 check")
    while not s.is_terminal():
        s.apply("check")
    assert [e["cards"] for e in events(s, "board")] == ["Jc Qc Kc", "2d", "4d"]


def test_match_takes_supplied_deck_orders() -> None:
    deck = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d"
    m = cardavia.load("holdem").new_match(seed=1, decks=[deck])
    st = m.new_deal()
    assert st.hand.hole(1) == "2c 6c" and st.hand.hole(0) == "5c 9c"  # HE-3.10, HE-8.48


# HE-8.49
def test_he_8_49_dealing_order_heads_up() -> None:
    d = [c for c in DECK][:12]
    game = cardavia.load("holdem")
    s = game.new_state(
        seed=0, deal={"stacks": [2000, 0, 2000, 0], "button": 0, "deck": " ".join(d)}
    )
    assert s.hand.hole(2) == f"{d[0]} {d[2]}" and s.hand.hole(0) == f"{d[1]} {d[3]}"
    s.apply("call")
    while not s.is_terminal():
        s.apply("check")
    assert s.hand.board == " ".join([d[5], d[6], d[7], d[9], d[11]])


# HE-8.50
def test_he_8_50_restart() -> None:
    game = cardavia.load("holdem")
    m = game.new_match(seed=3)
    for _ in range(3):
        if m.is_over():
            break
        st = m.new_deal()
        while not st.is_terminal():
            st.apply(st.legal_actions()[-1])
    assert m.stacks != FULL
    m.restart()
    assert m.stacks == FULL and m.button == 0 and m.eliminated == []
    st = m.new_deal()
    h = st.hand
    assert (h.button, h.small_blind_seat, h.big_blind_seat, st.current_player) == (0, 1, 2, 3)


# HE-8.51
def test_he_8_51_small_blind_all_in_from_posting() -> None:
    s = make(
        [1000, 5, 1000, 1995],
        holes={1: "9h 9d", 2: "Ac Kc"},
        board="2s 5d 7c Jh 3d",
    )
    assert legal(s) == ["FOLD", "CALL 20", "RAISE [40..1995]"]
    play(s, "s3 fold")
    assert legal(s) == ["FOLD", "CALL 20", "RAISE [40..1000]"]
    play(s, "s0 fold")
    assert s.is_terminal()  # s2 has no option (HE-4.6, HE-4.9)
    assert {"event": "skip", "player": 2, "after_action": True, "contested": True} in s.history
    assert {"event": "return", "player": 2, "chips": 15} in s.history
    assert [(p["amount"], sorted(p["eligible"])) for p in s.hand.pots()] == [(10, [1, 2])]
    assert s.hand.revealed == [False, True, True, False]
    assert s.hand.stacks == [1000, 10, 995, 1995]


# ---- Actions, options, match, invariants ---------------------------------------------------


def test_action_text_and_ids() -> None:
    s = make(FULL)
    acts = s.legal_actions()
    assert [str(a) for a in acts[:3]] == ["fold", "call 20", "raise to 40"]
    # Issue 18 point 3: the listing shows representative sizes; the ids cover every amount.
    assert [str(a) for a in acts[2:]] == [
        "raise to 40",
        "raise to 45",
        "raise to 70",
        "raise to 1000",
    ]
    assert s.raise_range() == (40, 1000)
    assert len(s.legal_action_ids()) == 2 + (1000 - 40 + 1)
    assert s.game.num_actions == 4002
    assert s.action_id(s.parse_action("raise to 60")) == 61
    assert s.action_from_id(61) == s.parse_action("raise 60")
    assert s.parse_action("all-in") == s.parse_action("raise to 1000")
    with pytest.raises(IllegalActionError, match="HE-4.3"):
        s.apply("raise to 1001")
    with pytest.raises(IllegalActionError, match="HE-4.2"):
        s.apply("bet to 40")  # the bet level is 20: a raise, not a bet


def test_abstract_action_option() -> None:
    game = cardavia.load("holdem", actions="abstract")
    assert game.num_actions == 6
    s = game.new_state(seed=1)
    # Pot 30, owed 20 for s3: min 40, half pot 20 + 25 = 45, pot 20 + 50 = 70, all-in 1000.
    assert [str(a) for a in s.legal_actions()] == [
        "fold",
        "call 20",
        "raise to 40",
        "raise to 45",
        "raise to 70",
        "raise to 1000",
    ]
    assert [s.action_id(a) for a in s.legal_actions()] == [0, 1, 2, 3, 4, 5]
    with pytest.raises(IllegalActionError, match="abstract"):
        s.apply("raise to 41")


def test_options_change_the_table() -> None:
    game = cardavia.load("holdem", players=6, stack=200, small_blind=1, big_blind=2)
    s = game.new_state(seed=5)
    assert len(s.hand.dealing_order) == 6 and s.hand.level == 2
    with pytest.raises(cardavia.InvalidArgumentError):
        cardavia.load("holdem", players=11)
    with pytest.raises(cardavia.InvalidArgumentError):
        cardavia.load("holdem", small_blind=30, big_blind=20)


def test_observation_hides_others_hole_cards_until_shown() -> None:
    s = make(
        [1600, 300, 100, 2000],
        holes={0: "Ac Ad", 1: "Ks 9s", 2: "Th Jd", 3: "2c 2d"},
        board="9c 8d 2s Kh 7c",
    )
    obs = s.observation(3)
    assert obs["hole"] == "2c 2d" and obs["shown"] == {}
    assert all(
        "cards" not in e for e in obs["history"] if e["event"] == "hole" and e["player"] != 3
    )
    play(s, "s3 fold", "s0 raise to 300", "s1 call", "s2 call")
    obs = s.observation(3)
    assert obs["shown"] == {"0": "Ac Ad", "1": "Ks 9s", "2": "Th Jd"}  # HE-7.12


def test_match_runs_to_one_winner_with_standings() -> None:
    game = cardavia.load("holdem")
    rng = cardavia.Rng(9)
    m = game.new_match(seed=9)
    assert isinstance(m, HoldemMatch)
    hands = 0
    while not m.is_over():
        st = m.new_deal()
        while not st.is_terminal():
            acts = st.legal_actions()
            st.apply(acts[rng.below(len(acts))])
        hands += 1
        assert sum(m.stacks) == 4000
    assert m.winner is not None and m.stacks[m.winner] == 4000
    standings = m.standings
    assert standings[0] == [m.winner] and sorted(sum(standings, [])) == [0, 1, 2, 3]
    with pytest.raises(IllegalActionError, match="HE-6.2"):
        m.new_deal()


def test_random_protocol_hands_conserve_chips() -> None:
    """Seeded random matches through the protocol: chips conserved, stacks non-negative, every
    pot paid out in full."""
    game = cardavia.load("holdem")
    rng = cardavia.Rng(2026)
    hands = 0
    for seed in range(300):
        m = game.new_match(seed=seed)
        while not m.is_over():
            st = m.new_deal()
            while not st.is_terminal():
                acts = st.legal_actions()
                st.apply(acts[rng.below(len(acts))])
            h = st.hand
            assert sum(h.stacks) == 4000 and min(h.stacks) >= 0
            paid = sum(share for p in h.pots() for _, share in p["shares"])
            assert paid == sum(p["amount"] for p in h.pots()) == sum(h.contributions)
            hands += 1
    assert hands > 1500


def test_ten_thousand_random_hands_in_rust_conserve_chips() -> None:
    """≥ 10,000 seeded random hands (whole matches, HE-3.3-3.6 button movement) in the Rust
    engine: chips conserved to the chip and every pot paid (u32 stacks cannot go negative:
    an underflow would panic)."""
    t = _core.holdem_simulate(1000, seed=7)
    assert t["hands"] >= 10_000
    assert t["conservation_failures"] == 0
    t = _core.holdem_simulate(300, seed=8, players=9, stack=150, small_blind=5, big_blind=10)
    assert t["hands"] >= 3_000 and t["conservation_failures"] == 0


def test_showdown_strength_matches_anchors() -> None:
    # The game's showdown values (HE-2.6 anchors via 7-card hands; strength = 7463 - r).
    assert showdown_strength("Ah Kh Qh Jh Th 2c 3d") == 7462  # HE-8.1, r = 1
    assert showdown_strength("As 2s 3s 4s 5s 6s Kd") == 7463 - 9  # HE-8.2
    assert showdown_strength("2c 3c Ah 4d 5s Kc Qd") == 7463 - 1609  # HE-8.3
    assert showdown_strength("Qs Kd Ac 2h 3d 9s 8c") == 7463 - 6202  # HE-8.5
    assert showdown_strength("Kc Kd Qs Qh Jc Jd 2s") == 7463 - 2601  # HE-8.10
    assert showdown_strength("Ks Qs Jh Ts 9c 2s 3s") == 7463 - 878  # HE-8.15
