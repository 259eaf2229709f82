"""Views and ``state.render()``: every game renders at random positions for every seat and for
the all-seeing view; a seat's picture holds none of the other seats' hidden cards; every label
a view uses exists in both catalogues."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import cardavia
from cardavia.game import State
from cardavia.view import Msg, TableView, catalogue, render_text, table_view

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("doudizhu", {}),
    ("zhengshangyou", {}),
    ("red_ten", {}),
    ("five_ten_king", {}),
    ("guandan", {}),
    ("tractor", {}),
    ("bridge", {}),
    ("smear", {}),
    ("smear", {"players": 5}),
    ("smear", {"players": 6}),
    ("holdem", {}),
    ("holdem", {"players": 2}),
    ("one_poker", {}),
]
IDS = [g + "".join(f"-{v}" for v in o.values()) for g, o in CONFIGS]

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][♠♥♦♣]|SJ|BJ)(?![A-Za-z0-9])")
SYMBOL = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def positions(game_id: str, options: dict[str, Any], seed: int, every: int) -> Iterator[State]:
    """States of one random deal (of a match, so levels and tributes appear), every few
    actions, and the final state."""
    game = cardavia.load(game_id, **options)
    match = game.new_match(seed=seed)
    rng = random.Random(seed)
    for _ in range(2):
        if match.is_over():
            return
        state = match.new_deal()
        steps = 0
        while not state.is_terminal():
            if steps % every == 0:
                yield state
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        yield state


def symbol(card: str) -> str:
    return card if card in ("SJ", "BJ") else card[0] + SYMBOL[card[1]]


def obs_cards(obs: dict[str, Any]) -> set[str]:
    """Every card text appearing anywhere in an observation."""
    text = json.dumps(obs)
    return set(re.findall(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|SJ|BJ)(?![A-Za-z0-9])", text))


def keys_of(view: TableView) -> set[str]:
    out = {f"game.{view.game}"}

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if set(x) == {"key", "params"}:
                out.add(x["key"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(view.to_json())
    for seat in view.seats:
        out.update(seat.tags)
        out.update(s.key for s in seat.stats)
    out.update(i.key for i in view.info)
    out.update(i.key for i in view.result or ())
    out.update(p.key for p in view.table)
    return out


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
def test_every_seat_renders_and_sees_no_hidden_card(game_id: str, options: dict[str, Any]) -> None:
    en, ko = catalogue("en"), catalogue("ko")
    rendered = 0
    for seed in (1, 2):
        for state in positions(game_id, options, seed, every=7):
            n = state.game.num_players
            hands = {
                q: state.observation(q).get("hand") or state.observation(q).get("hole")
                for q in range(n)
            }
            full = state.render()
            assert full == str(state)
            everything = table_view(state, None)
            for q in range(n):
                assert sorted(everything.seats[q].cards or ()) == sorted((hands[q] or "").split())
                if game_id != "bridge":  # bridge draws hands as suit lines
                    for card in (hands[q] or "").split():
                        assert symbol(card) in full, (q, card)
            for p in range(n):
                view = table_view(state, p)
                assert view.viewer == p and len(view.seats) == n
                json.dumps(view.to_json())
                text = state.render(p)
                ko_text = render_text(state, p, lang="ko")
                assert text and ko_text
                seen = obs_cards(state.observation(p))
                # the jick line names a card of the rules (SM-2.3), not anybody's card
                public = "\n".join(x for x in text.splitlines() if not x.startswith("Jick:"))
                shown_tokens = set(CARD_TOKEN.findall(public))
                for q in range(n):
                    if q == p:
                        continue
                    for card in (hands[q] or "").split():
                        # (bridge writes bids as 4♥ and hands as suit lines: its hands are
                        # checked through the view's seats below)
                        if card not in seen and game_id != "bridge":
                            assert symbol(card) not in shown_tokens, (game_id, p, q, card)
                    if view.seats[q].cards is None:
                        assert view.seats[q].count is not None
                    else:
                        # only cards the rules show: dummy, shown holdings, final hands
                        assert set(view.seats[q].cards) <= seen
                missing = keys_of(view) - set(en)
                assert not missing, missing
                assert not keys_of(view) - set(ko)
                rendered += 1
    assert rendered > 0


def test_render_validates_the_player() -> None:
    state = cardavia.load("doudizhu").new_state(seed=1)
    with pytest.raises(cardavia.InvalidArgumentError):
        state.render(3)
    with pytest.raises(cardavia.InvalidArgumentError):
        state.render(True)  # type: ignore[arg-type]


def test_own_hand_is_sorted_and_grouped() -> None:
    order = "3456789TJQKA2"
    for seed in range(5):
        state = cardavia.load("doudizhu").new_state(seed=seed)
        seat = table_view(state, 0).seats[0]
        assert seat.cards is not None
        values = [15 + (c == "BJ") if c in ("SJ", "BJ") else order.index(c[0]) for c in seat.cards]
        assert values == sorted(values, reverse=True)  # DDZ-2.3, highest first
        assert [c for g in seat.groups for c in g] == list(seat.cards)
        assert all(len({c[0] for c in g}) == 1 for g in seat.groups)
        groups = "  ".join(" ".join(symbol(c) for c in g) for g in seat.groups)
        assert groups in state.render(0)


def test_bridge_four_hand_diagram() -> None:
    state = cardavia.load("bridge").new_state(seed=4)
    lines = state.render().splitlines()
    north = next(i for i, line in enumerate(lines) if line.strip().startswith("North"))
    south = next(i for i, line in enumerate(lines) if line.strip().startswith("South"))
    west = next(i for i, line in enumerate(lines) if line.startswith("West"))
    assert north < west < south
    assert "East" in lines[west]
    # four suit lines under North, in the order spades, hearts, diamonds, clubs
    assert [lines[north + k].strip()[0] for k in range(1, 5)] == ["♠", "♥", "♦", "♣"]
    # from South's seat the other hands are counts
    south_view = state.render(2)
    assert "13 cards" in south_view


def test_views_use_public_result_only_when_over() -> None:
    state = cardavia.load("red_ten").new_state(seed=3)
    assert table_view(state, 0).result is None
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    view = table_view(state, 0)
    assert view.over and view.result and view.returns == tuple(state.returns())
    assert "Result:" in state.render(0)


def test_msg_json_roundtrip() -> None:
    assert Msg("act.bid", {"amount": 2}).to_json() == {"key": "act.bid", "params": {"amount": 2}}
