"""Rank-only card text (shape shorthand) where suits cannot matter (DDZ-2.2/2.4, ZSY-2.2/2.4)."""

from __future__ import annotations

import random

import pytest

import cardavia
from cardavia import CardSet, InvalidArgumentError, InvalidCardError
from cardavia.games import doudizhu, zhengshangyou


def test_readme_example_classifies_after_plain_import() -> None:
    (play,) = cardavia.doudizhu.classify("33344455")
    assert play.cards == CardSet("3c 3d 3h 4c 4d 4h 5c 5d")
    assert "airplane" in repr(play)


@pytest.mark.parametrize(
    "shorthand, full",
    [
        ("333 44", "3c 3d 3h 4c 4d"),
        ("10 J Q K A", "Tc Jc Qc Kc Ac"),
        ("TJQKA", "Tc Jc Qc Kc Ac"),
        ("SJ BJ", "SJ BJ"),
        ("2222", "2c 2d 2h 2s"),
    ],
)
def test_doudizhu_shorthand_equals_suited_text(shorthand: str, full: str) -> None:
    assert doudizhu.classify(shorthand) == doudizhu.classify(full)


def test_doudizhu_legal_plays_and_beats_take_shorthand() -> None:
    assert doudizhu.beats("2", "A")
    assert not doudizhu.beats("3", "4")
    plays = doudizhu.legal_plays("3 3 4 5 6 7 8", "3")
    assert [str(p.cards) for p in plays] == ["4c", "5c", "6c", "7c", "8c"]


def test_too_many_copies_of_a_rank_is_a_card_error() -> None:
    with pytest.raises(InvalidCardError, match="5 card\\(s\\) of rank 3"):
        doudizhu.classify("33333")
    with pytest.raises(InvalidCardError, match="only 3 exist"):
        zhengshangyou.classify("AAAA")  # the 48-card deck has three aces (ZSY-2.1)


def test_mixed_or_junk_text_keeps_the_parser_error() -> None:
    with pytest.raises(InvalidCardError):
        doudizhu.classify("3h 4")
    with pytest.raises(InvalidCardError):
        doudizhu.classify("xyz")


def test_zhengshangyou_first_play_needs_its_suits() -> None:
    assert zhengshangyou.held_bombs("3333 AAA") == 2
    with pytest.raises(InvalidCardError, match="ZSY-3.4"):
        zhengshangyou.classify("3", first_play=True)
    assert zhengshangyou.classify("3h", first_play=True)


def _to_card_play(game_id: str, seed: int) -> cardavia.State:
    state = cardavia.load(game_id).new_state(seed=seed)
    rng = random.Random(seed)
    while state._table is None:  # type: ignore[attr-defined]
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_state_applies_a_play_written_by_ranks() -> None:
    state = _to_card_play("doudizhu", 3)
    player = state.current_player
    assert player is not None
    hand = state._table.hand(player)  # type: ignore[attr-defined]
    rank = str(next(iter(hand)))[0]
    action = state.parse_action(rank)
    assert action in state.legal_actions()
    before = state.to_json()
    state.apply(rank)
    assert state.to_json() != before


def test_a_shorthand_play_that_is_not_legal_names_the_rule_and_changes_nothing() -> None:
    state = _to_card_play("doudizhu", 3)
    state.apply(state.legal_actions()[-1])
    before = state.to_json()
    with pytest.raises(cardavia.IllegalActionError) as err:
        state.apply("2222")
    assert err.value.rule and err.value.rule.startswith("DDZ-")
    assert state.to_json() == before


def test_red_ten_shorthand_is_refused_where_suits_matter() -> None:
    # Two legal plays with the same ranks but different suits (a red ten and a black ten are
    # different cards in Red Ten, RT-2.3): rank-only text must name the suits.
    for seed in range(200):
        state = _to_card_play("red_ten", seed)
        player = state.current_player
        assert player is not None
        hand = state._table.hand(player)  # type: ignore[attr-defined]
        tens = [c for c in hand if str(c)[0] == "T"]
        if any(str(c) in ("Td", "Th") for c in tens) and any(str(c) in ("Tc", "Ts") for c in tens):
            before = state.to_json()
            with pytest.raises(InvalidArgumentError, match="suits matter"):
                state.apply("T")
            assert state.to_json() == before
            return
    pytest.fail("no seed gave a hand with a red and a black ten")
