"""Double-dummy card values for bridge card play: perfect-information Monte Carlo (PIMC).

:func:`dd_card_values` is the card-play core of a bridge AI: deal the cards the deciding
player cannot see again, consistently with what he has seen (``state.resample``: his hand,
dummy once exposed, the voids shown, BR-4.9), solve each such world double dummy
(:func:`cardavia.bridge.solve_position`) and average, card by card. It reads nothing hidden:
the worlds are resampled from a *canonical* state built from the player's observation alone
(the hidden cards dealt in a fixed order that respects every hand's size and shown voids),
so two states that differ only in cards hidden from him give the same values for the same
seed.
"""

from __future__ import annotations

from typing import Any

from cardavia._core import CardSet
from cardavia.cards import check_seed
from cardavia.errors import InvalidArgumentError
from cardavia.game import Action
from cardavia.games.bridge import BridgeGame, BridgeState, solve_position
from cardavia.games.climbing import derive_seed

__all__ = ["dd_card_values"]


def dd_card_values(state: Any, player: int, worlds: int = 20, seed: int = 0) -> dict[Action, float]:
    """Every legal card of the seat to play mapped to the mean, over ``worlds`` deals
    consistent with what ``player`` has seen, of the tricks the side to play takes from the
    current trick on (the trick in progress included) after that card, all hands then seen
    and played perfectly.

    ``player`` must be the player choosing now (``state.current_player``: the declarer when
    dummy's card is due, BR-4.3). World ``k`` is ``state.resample(player, s_k)`` with ``s_k``
    derived from ``seed``, so the same seed gives the same values. A state not in the card
    play, another player, or ``worlds`` below 1 raises InvalidArgumentError."""
    if not isinstance(state, BridgeState):
        raise InvalidArgumentError(f"dd_card_values needs a bridge state, got {type(state)}")
    if state.phase != "play":
        raise InvalidArgumentError(
            f"dd_card_values needs a state in the card play, this one is in the {state.phase}"
        )
    if player != state.current_player:
        raise InvalidArgumentError(
            f"player {player!r} is not the player choosing now ({state.current_player})"
        )
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise InvalidArgumentError(f"worlds must be an int of at least 1, got {worlds!r}")
    base = check_seed(seed)
    legal = state.legal_actions()
    totals = dict.fromkeys(legal, 0)
    public = _canonical(state, player)
    for k in range(worlds):
        world = public.resample(player, derive_seed(base, k))
        for action, tricks in solve_position(world).items():
            totals[action] += tricks
    return {action: totals[action] / worlds for action in legal}


def _canonical(state: BridgeState, player: int) -> BridgeState:
    """A state with ``state``'s calls and plays and ``player``'s view, the cards hidden from
    him dealt by a rule that reads only that view: suit by suit (clubs first), each hidden
    seat (N E S W order) gets the highest remaining hidden cards it can take, in counts chosen
    as the first (in a fixed order) split that fills every hand without giving a seat a suit
    it showed out of (BR-4.5)."""
    deal = state._deal
    remaining = [CardSet(h) for h in state.hands()]
    seen = {player}
    dummy = deal.dummy
    if dummy is not None and deal.dummy_exposed:
        seen.add(dummy)
    hidden = [s for s in range(4) if s not in seen]
    void: set[tuple[int, int]] = set()
    plays = deal.plays()
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit != led and led is not None:
                void.add((seat, led.value))
    pool = CardSet()
    for seat in hidden:
        pool |= remaining[seat]
    by_suit = [sorted((c for c in pool if c.suit is not None and c.suit.value == k),
                      key=lambda c: -c.index) for k in range(4)]  # fmt: skip
    need = {seat: len(remaining[seat]) for seat in hidden}
    split = _split(by_suit, hidden, need, void, 0)
    assert split is not None  # the true deal is one such split
    dealt = [CardSet() if s in hidden else remaining[s] for s in range(4)]
    for suit, counts in enumerate(split):
        cards = by_suit[suit]
        at = 0
        for seat, count in zip(hidden, counts, strict=True):
            dealt[seat] |= CardSet(cards[at : at + count])
            at += count
    for seat, card in plays:
        dealt[seat] |= CardSet([card])
    game = BridgeGame(vulnerability=state.game.vulnerability)
    public = game.new_state(seed=0, deal={"hands": [str(h) for h in dealt]})
    for action_id in deal.action_ids():
        public.apply(action_id)
    return public


def _split(
    by_suit: list[list[Any]],
    seats: list[int],
    need: dict[int, int],
    void: set[tuple[int, int]],
    suit: int,
) -> list[tuple[int, ...]] | None:
    """Per suit from ``suit`` on, how many of its hidden cards each seat gets: the first
    split (largest share to the first seat first) that fills ``need`` exactly."""
    if suit == 4:
        return [] if all(n == 0 for n in need.values()) else None
    total = len(by_suit[suit])
    for counts in _shares(total, [(need[s] if (s, suit) not in void else 0) for s in seats]):
        for seat, count in zip(seats, counts, strict=True):
            need[seat] -= count
        rest = _split(by_suit, seats, need, void, suit + 1)
        for seat, count in zip(seats, counts, strict=True):
            need[seat] += count
        if rest is not None:
            return [counts, *rest]
    return None


def _shares(total: int, limits: list[int]) -> list[tuple[int, ...]]:
    """Every way to share ``total`` among seats with these limits, largest first share
    first."""
    if not limits:
        return [()] if total == 0 else []
    out = []
    for first in range(min(total, limits[0]), -1, -1):
        out += [(first, *rest) for rest in _shares(total - first, limits[1:])]
    return out
