"""Hold'em hand histories in PHH: round trips through to_phh / from_phh, PokerKit reading what
we write, and a differential test against PokerKit's state machine (test-only peer).

The differential test replays seeded random legal hands in both engines and compares final
stacks. Differences are allowed only where rules/holdem.md HE-7.6 documents that PokerKit's
defaults differ from this spec: a big blind posted short (HE-7.4), a short all-in opening bet
(HE-7.6) and odd chips of a split pot (HE-7.11). Every mismatch must be one of those.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import cardavia
from cardavia import Rng
from cardavia.games.holdem import HoldemState, from_phh, to_phh

pokerkit = pytest.importorskip("pokerkit")


def random_hand(seed: int, stop_after: int | None = None) -> HoldemState:
    """A seeded random hand with random short stacks (to reach all-ins, side pots, short
    blinds); kinds fold / check-call / raise uniform, raise amount uniform."""
    rng = Rng(seed)
    n = 2 + rng.below(5)
    stacks = [0 if rng.below(6) == 0 else 1 + rng.below(150) for _ in range(n)]
    if sum(1 for s in stacks if s > 0) < 2:
        stacks[0], stacks[1] = stacks[0] or 50, stacks[1] or 70
    live = [i for i in range(n) if stacks[i] > 0]
    button = live[rng.below(len(live))]
    game = cardavia.load("holdem", players=n, stack=150)
    st = game.new_state(seed=seed, deal={"stacks": stacks, "button": button})
    steps = 0
    while not st.is_terminal() and (stop_after is None or steps < stop_after):
        fold, check, call, rg, is_bet = st.hand.legal()
        kinds = (["fold"] if fold else []) + ["check" if check else "call"]
        if rg is not None:
            kinds.append("raise")
        kind = kinds[rng.below(len(kinds))]
        if kind == "raise":
            assert rg is not None
            t = rg[0] + rng.below(rg[1] - rg[0] + 1)
            st.apply(f"{'bet' if is_bet else 'raise'} to {t}")
        else:
            st.apply(kind)
        steps += 1
    return st


def documented_differences(st: HoldemState) -> set[str]:
    """The HE-7.6 situations present in a hand."""
    found = set()
    bb = st.game.options["big_blind"]
    for e in st.history:
        if e["event"] == "blind" and e["blind"] == "big" and e["chips"] < bb:
            found.add("HE-7.4")
        if e["event"] == "action" and e["action"] == "bet" and e["to"] < bb:
            found.add("HE-7.6")
    for p in st.hand.pots():
        if len({share for _, share in p["shares"]}) > 1:
            found.add("HE-7.11")
    return found


def pokerkit_final_stacks(text: str) -> list[int]:
    hh = pokerkit.HandHistory.loads(text)
    state: Any = None
    for state in hh:  # noqa: B007 (the last state is the end of the hand)
        pass
    assert state is not None and not state.status, "PokerKit did not finish the hand"
    return list(state.stacks)


def test_phh_text_is_well_formed() -> None:
    st = random_hand(3)
    text = to_phh(st)
    assert text.startswith("variant = 'NT'\n")
    hh = pokerkit.HandHistory.loads(text)
    assert list(hh.starting_stacks) == [st.hand.start_stacks[s] for s in st.hand.dealing_order]
    assert hh.user_defined_fields["_cardavia_deck"] == st._deal_record["deck"]


@pytest.mark.parametrize("stop_after", [0, 1, 3, None])
def test_round_trip_to_the_same_point(stop_after: int | None) -> None:
    for seed in range(150):
        st = random_hand(seed, stop_after)
        text = to_phh(st)
        again = from_phh(text)
        assert again._deal_record == st._deal_record
        assert again.history == st.history
        assert again.current_player == st.current_player
        assert to_phh(again) == text


def test_from_plain_phh_without_cardavia_fields() -> None:
    # A heads-up hand as another tool would write it: p1 the big blind, p2 the button.
    text = (
        "variant = 'NT'\nante_trimming_status = true\nantes = [0, 0]\n"
        "blinds_or_straddles = [10, 20]\nmin_bet = 20\nstarting_stacks = [1000, 1000]\n"
        "actions = ['d dh p1 AcAd', 'd dh p2 KsKd', 'p2 cbr 60', 'p1 cc', 'd db 2c7d9h', "
        "'p1 cc', 'p2 cc', 'd db Qs', 'p1 cc', 'p2 cc', 'd db 3h', 'p1 cc', 'p2 cc', "
        "'p1 sm AcAd', 'p2 sm KsKd']\n"
    )
    st = from_phh(text)
    assert st.is_terminal()
    assert st.hand.hole(0) == "Ac Ad" and st.hand.board == "2c 7d 9h Qs 3h"
    assert st.hand.stacks == [1060, 940]
    assert pokerkit_final_stacks(text) == [1060, 940]


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_differential_against_pokerkit() -> None:
    counts: Counter[str] = Counter()
    for seed in range(1000):
        st = random_hand(seed)
        text = to_phh(st)
        ours = [st.hand.stacks[s] for s in st.hand.dealing_order]
        try:
            theirs: list[int] | None = pokerkit_final_stacks(text)
        except (ValueError, AssertionError):
            theirs = None
        if theirs == ours:
            counts["same"] += 1
            continue
        why = documented_differences(st)
        assert why, (
            f"seed {seed}: undocumented difference, ours {ours} vs PokerKit {theirs}\n{text}"
        )
        counts[" ".join(sorted(why))] += 1
    assert counts["same"] >= 950, counts


def test_phh_is_reachable_from_cardavia_holdem() -> None:  # the entry points
    from cardavia import holdem

    state = cardavia.load("holdem").new_state(seed=3)
    state.apply(state.legal_actions()[1])
    again = holdem.from_phh(holdem.to_phh(state))
    assert again._deal_record == state._deal_record and again.history == state.history
