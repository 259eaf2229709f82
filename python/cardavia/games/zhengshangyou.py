"""Zheng Shangyou (争上游), 3-player 48-card variant. Rules: ``rules/zhengshangyou.md`` (ids
``ZSY-x.y``).

Three players, each for himself, 48 cards (ZSY-2.1: no jokers, no ``Ah 2h 2d 2c``), 16 each
(ZSY-3.2). The holder of ``3h`` leads and his first play must contain it (ZSY-3.3, ZSY-3.4).
Followers must beat whenever they can, bombs included (ZSY-6.3). The first player out wins the
deal (ZSY-6.6). Card play runs on the Rust :class:`~cardavia.ClimbTable`; settlement (ZSY-7) is
the bomb bonuses of response-bomb tricks plus the penalties of the two losers, zero-sum.

``deal`` for :meth:`ZhengShangyouGame.new_state` fixes the cards::

    {"hands": ["<16 cards>", "<16 cards>", "<16 cards>"]}

Module functions :func:`classify`, :func:`legal_plays` and :func:`beats` expose the combination
engine directly; :func:`settle` is the settlement of ZSY-7 as a pure function.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia import _core
from cardavia._core import Card, CardSet, Play
from cardavia.errors import InvalidArgumentError, InvalidCardError
from cardavia.game import Action, Game, register
from cardavia.games.climbing import (
    PASS,
    ClimbingState,
    PlayActionSpace,
    _ListedAction,
    action_space,
    as_play,
    cards_or_ranks,
    copy_log,
    derive_seed,
)

__all__ = [
    "DECK",
    "Penalty",
    "Settlement",
    "ZhengShangyouGame",
    "ZhengShangyouState",
    "beats",
    "classify",
    "held_bombs",
    "legal_plays",
    "settle",
]

RULESET = "zhengshangyou"
DECK = CardSet.full_pack(jokers=False) - CardSet("Ah 2h 2d 2c")
"""The 48-card deck (ZSY-2.1): 3 through K in four suits, ``As Ad Ac`` and ``2s``."""
CALLS = ("pass",)
HAND_SIZE = 16
THREE_OF_HEARTS = Card("3h")
TWO_OF_SPADES = Card("2s")
THREE_ACES = CardSet("As Ad Ac")
BOMB_RANKS = "3456789TJQK"

CardsLike = str | CardSet | Iterable[Card | str]


def _cards(cards: CardsLike, first_play: bool = False) -> CardSet:
    # Suits matter in Zheng Shangyou only through 3h in the first play (ZSY-2.4, ZSY-3.4), so
    # rank-only text ("33344") is accepted everywhere else; each rank takes its lowest suits.
    if first_play and isinstance(cards, str):
        try:
            return CardSet(cards)
        except InvalidCardError as e:
            raise InvalidCardError(
                f"{e}; the first play must show its suits (it holds 3h, ZSY-3.4)"
            ) from None
    return CardSet(cards_or_ranks(cards, DECK, "ZSY-2.2"))


def classify(cards: CardsLike, first_play: bool = False) -> list[Play]:
    """Every interpretation of ``cards`` as a Zheng Shangyou play (ZSY-4.6: at most one).

    ``first_play`` says the cards are the first play of the deal, where four 3s are the heavenly
    bomb (ZSY-4.3 #8, ZSY-4.5). Outside the first play, cards may be written without suits
    (``"33344"``)."""
    return _core.climb_classify(RULESET, _cards(cards, first_play), first_play)


def legal_plays(
    hand: CardsLike, to_beat: Play | CardsLike | None = None, first_play: bool = False
) -> list[Play]:
    """Every play from ``hand`` allowed by ZSY-6.7: any valid combination on a lead, else the
    combinations beating ``to_beat`` (bombs included). One play per rank multiset (ZSY-6.7).

    On a follow, an empty list means the follower must pass; otherwise passing is illegal
    (ZSY-6.3). ``first_play`` on a lead asks for the first play of the deal: only plays with
    ``3h`` (ZSY-3.4), four 3s read as the heavenly bomb; on a follow it says ``to_beat`` was the
    first play (four 3s are then the heavenly bomb, which nothing beats, ZSY-5.5)."""
    top = _as_play(to_beat, first_play)
    hand_cards = _cards(hand, first_play and top is None)
    return _core.climb_legal_plays(RULESET, hand_cards, top, first_play and top is None)


def beats(candidate: Play | CardsLike, top: Play | CardsLike, first_play: bool = False) -> bool:
    """True if ``candidate`` beats ``top`` (ZSY-5). ``first_play`` says ``top`` was the first
    play of the deal: four 3s are then the heavenly bomb, which nothing beats (ZSY-5.5)."""
    a, b = _as_play(candidate), _as_play(top, first_play)
    assert a is not None and b is not None
    return _core.climb_beats(a, b)


def _as_play(x: Play | CardsLike | None, first_play: bool = False) -> Play | None:
    return as_play(x, lambda c: classify(c, first_play), "Zheng Shangyou", "ZSY-4.6")


def held_bombs(hand: CardsLike) -> int:
    """ZSY-7.5 ``b_p``: the ranks 3..K of which ``hand`` holds all four cards, plus one if it
    holds ``As Ad Ac`` (partial sets do not count)."""
    cards = _cards(hand)
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.rank.symbol] = counts.get(c.rank.symbol, 0) + 1
    fours = sum(1 for r in BOMB_RANKS if counts.get(r, 0) == 4)
    return fours + (1 if THREE_ACES.issubset(cards) else 0)


# --------------------------------------------------------------------------------------------
# Settlement


@dataclass(frozen=True)
class Penalty:
    """ZSY-7.5: what one losing seat pays, ``c × d + s + 10 × b``."""

    player: int
    cards_left: int
    """``c_p``: cards left in hand (the ``2s`` counts as a card)."""
    never_played: bool
    """True if the seat played no card in the deal: ``d_p = 2``."""
    card_points: int
    """``c_p × d_p`` (the doubling applies to the card count only)."""
    two_of_spades: int
    """``s_p``: 10 if the ``2s`` is in the hand, else 0."""
    bombs_held: int
    """``b_p``: bombs in the hand (ZSY-7.5)."""
    bomb_points: int
    """``10 × b_p``."""
    total: int
    """``P_p``."""


@dataclass(frozen=True)
class Settlement:
    """ZSY-7: bomb bonuses (ZSY-7.3), the final settlement (ZSY-7.5) and each seat's result."""

    winner: int
    bomb_tricks: tuple[int, int, int]
    """Per seat: tricks won with a response bomb (ZSY-7.2, ZSY-7.3)."""
    bonuses: tuple[int, int, int]
    """Per seat: +20 per own bomb trick, −10 per bomb trick of each other seat (ZSY-7.3)."""
    penalties: tuple[Penalty, Penalty]
    """The two losers' penalties, in seat order."""
    settlement: tuple[int, int, int]
    """Per seat: −P for a loser, +ΣP for the winner (ZSY-7.5)."""
    scores: tuple[int, int, int]
    """Per seat: bonus + settlement (ZSY-7.6); sums to zero."""


def penalty(player: int, hand: CardsLike, played: bool) -> Penalty:
    """ZSY-7.5 for one losing seat: ``hand`` is what it still holds, ``played`` whether it played
    at least one card during the deal."""
    cards = _cards(hand)
    c = len(cards)
    d = 1 if played else 2
    s = 10 if TWO_OF_SPADES in cards else 0
    b = held_bombs(cards)
    return Penalty(player, c, not played, c * d, s, b, 10 * b, c * d + s + 10 * b)


def settle(
    winner: int,
    hands: Sequence[CardsLike],
    played: Sequence[bool],
    bomb_tricks: Sequence[int] = (0, 0, 0),
) -> Settlement:
    """ZSY-7.3–7.6 from the final position: ``winner`` went out, ``hands[p]`` is what seat ``p``
    still holds, ``played[p]`` whether it played any card, ``bomb_tricks[p]`` how many tricks it
    won with a response bomb (including a finishing one, ZSY-7.4)."""
    if isinstance(winner, bool) or winner not in (0, 1, 2):
        raise InvalidArgumentError(f"winner must be 0, 1 or 2, got {winner!r}")
    if len(hands) != 3 or len(played) != 3 or len(bomb_tricks) != 3:
        raise InvalidArgumentError("settle needs three hands, three played flags, three counts")
    cards = [CardSet(h) for h in hands]
    if cards[winner]:
        raise InvalidArgumentError(f"the winner's hand must be empty, not {cards[winner]}")
    if any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in bomb_tricks):
        raise InvalidArgumentError(f"bomb_tricks must be non-negative ints: {bomb_tricks!r}")
    total_tricks = sum(bomb_tricks)
    # ZSY-7.3: +20 to the bomber, −10 to each of the other two, per response-bomb trick.
    bonuses = [20 * t - 10 * (total_tricks - t) for t in bomb_tricks]
    losers = [p for p in range(3) if p != winner]
    pens = [penalty(p, cards[p], bool(played[p])) for p in losers]
    amounts = [0, 0, 0]
    for pen in pens:  # ZSY-7.5
        amounts[pen.player] = -pen.total
        amounts[winner] += pen.total
    scores = [b + a for b, a in zip(bonuses, amounts, strict=True)]  # ZSY-7.6
    return Settlement(
        winner,
        (bomb_tricks[0], bomb_tricks[1], bomb_tricks[2]),
        (bonuses[0], bonuses[1], bonuses[2]),
        (pens[0], pens[1]),
        (amounts[0], amounts[1], amounts[2]),
        (scores[0], scores[1], scores[2]),
    )


# --------------------------------------------------------------------------------------------
# Game and state


@register
class ZhengShangyouGame(Game["ZhengShangyouState"]):
    """Zheng Shangyou for three players (rules/zhengshangyou.md). No options: the rules fix
    everything; one deal is one game (ZSY-1.1)."""

    id = "zhengshangyou"
    OPTIONS = ()

    @property
    def num_players(self) -> int:
        return 3

    @property
    def space(self) -> PlayActionSpace:
        return action_space(RULESET, DECK.mask, CALLS)

    @property
    def num_actions(self) -> int:
        return self.space.size

    def new_state(self, seed: int | None = None, deal: Any = None) -> ZhengShangyouState:
        return ZhengShangyouState(self, seed, deal)


class ZhengShangyouState(ClimbingState):
    """One Zheng Shangyou deal: card play from the ``3h`` holder's lead to the first player out.

    ``playout_returns(policy="greedy")`` plays the rest in Rust with the rule strategy's card
    play (``cardavia_core::climbing::zsy_rule``, the HeuristicAgent's choices of
    ``cardavia.agents.strategies.zhengshangyou``): go out when possible; lead the non-bomb play
    that leaves the fewest plays; beat with the cheapest play that costs at most one play more
    (ZSY-6.3's duty to beat), a bomb when it is the only beat or an opponent is close to going
    out."""

    ruleset = RULESET
    game: ZhengShangyouGame
    _bomb_bonus_log = True  # ZSY-7.3: a bomb_bonus entry after each response-bomb trick
    _CLONE_LISTS = ("_action_log", "_history_log", "_hands")

    def __init__(self, game: ZhengShangyouGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        self._table = None
        self._events_seen = 0
        if deal is None:
            self._hands = self._random_hands()
            self._deal_record = None  # formatted when read
            self._record_parts = self._hands
        else:
            self._deal_record = self._check_deal(deal)
            self._hands = [CardSet(h) for h in self._deal_record["hands"]]
        # ZSY-3.3: the holder of 3h leads the first trick.
        self._first_player = next(p for p in range(3) if THREE_OF_HEARTS in self._hands[p])
        self._log(event="deal", first_player=self._first_player)
        self._start_play(self._hands, self._first_player)

    # ---- dealing ------------------------------------------------------------------------

    def _build_record(self) -> dict[str, Any]:
        return {"hands": [str(h) for h in self._record_parts]}

    def _random_hands(self) -> list[CardSet]:
        """ZSY-3.2: the 48 cards shuffled uniformly (seeded) and dealt 16 to each seat."""
        hands, _ = _core.climb_deal(RULESET, derive_seed(self.seed, 0))
        return hands

    @staticmethod
    def _check_deal(deal: Any) -> dict[str, Any]:
        if not isinstance(deal, Mapping) or set(deal) - {"hands"}:
            raise InvalidArgumentError('a Zheng Shangyou deal is {"hands": [3 x 16 cards]}')
        hands = [CardSet(h) for h in deal.get("hands", ())]
        if len(hands) != 3 or any(len(h) != HAND_SIZE for h in hands):
            raise InvalidArgumentError("a Zheng Shangyou deal has three 16-card hands (ZSY-3.2)")
        union = CardSet()
        for h in hands:
            outside = h - DECK
            if outside:
                raise InvalidArgumentError(f"{outside} is not in the 48-card deck (ZSY-2.1)")
            twice = union & h
            if twice:
                raise InvalidArgumentError(f"{twice} dealt twice (ZSY-2.1)")
            union |= h
        return {"hands": [str(h) for h in hands]}

    # ---- protocol -----------------------------------------------------------------------

    @property
    def _space(self) -> PlayActionSpace:
        return self.game.space

    @property
    def current_player(self) -> int | None:
        assert self._table is not None
        return self._table.current_player

    @property
    def phase(self) -> str:
        """``"play"`` or ``"over"``."""
        assert self._table is not None
        return "over" if self._table.is_over else "play"

    def legal_actions(self) -> list[Action]:
        assert self._table is not None
        listed: list[Action] = self._table.legal_action_objects(_ListedAction, PASS)  # ZSY-6.7
        return listed

    def _violation(self, action: Action) -> tuple[str, str] | None:
        return self._play_violation(action)

    def _do(self, action: Action) -> None:
        # ZSY-7.3/7.4: the log gains a bomb_bonus entry after each trick that ended with a
        # response bomb on top (from the table's history, see ClimbingState._sync).
        self._do_play(action)

    def _playout_start(self) -> tuple[Any, ...]:
        return ("zhengshangyou", "play", self._table)

    # ---- outcome ------------------------------------------------------------------------

    def _settlement(self) -> Settlement | None:
        if self._table is None or not self._table.is_over:
            return None
        return settle(
            self._table.finish_order[0],
            self._table.hands(),
            [n > 0 for n in self._table.plays_made],
            self._table.response_bomb_tricks,
        )

    def returns(self) -> list[float]:
        s = self._settlement()
        return [0.0, 0.0, 0.0] if s is None else [float(x) for x in s.scores]

    @property
    def result(self) -> dict[str, Any] | None:
        s = self._settlement()
        if s is None:
            return None
        return {
            "winner": s.winner,
            "bomb_tricks": list(s.bomb_tricks),
            "bonuses": list(s.bonuses),
            "penalties": [
                {
                    "player": p.player,
                    "cards_left": p.cards_left,
                    "never_played": p.never_played,
                    "card_points": p.card_points,
                    "two_of_spades": p.two_of_spades,
                    "bombs_held": p.bombs_held,
                    "bomb_points": p.bomb_points,
                    "total": p.total,
                }
                for p in s.penalties
            ],
            "settlement": list(s.settlement),
            "scores": list(s.scores),
        }

    # ---- information --------------------------------------------------------------------

    def observation(self, player: int) -> dict[str, Any]:
        """ZSY-3.5: own hand; every play and pass, every hand size, who has played at least one
        card, and the bomb bonuses so far (they follow from the public plays)."""
        player = self._check_player(player)
        table = self._table
        assert table is not None
        top = table.top
        tricks = table.response_bomb_tricks
        total = sum(tricks)
        return {
            "player": player,
            "phase": self.phase,
            "hand": str(table.hand(player)),
            "hand_sizes": table.hand_sizes(),
            "current_player": table.current_player,
            "first_player": self._first_player,
            "has_played": [n > 0 for n in table.plays_made],
            "bonuses": [30 * t - 10 * total for t in tricks],
            "top": None if top is None else {"player": top[1], "cards": str(top[0].cards)},
            "history": copy_log(self._history),
        }

    def resample(self, player: int, seed: int | None = None) -> ZhengShangyouState:
        """A full state consistent with everything ``player`` has seen, drawn exactly uniformly
        in Rust: his own cards, every card played by whom, ``3h`` with the first leader until the
        first play (ZSY-3.3, ZSY-3.4), and every pass of another seat still forced: his hand at
        that moment beat nothing on the table (ZSY-6.3; by exact exclusions for passes on
        singles, rejection otherwise, enumeration when rejection is slow). The new state's seed
        is drawn from ``seed``."""
        player = self._check_resample(player)
        sampler, new_seed = self._resample_seed(seed)
        assert self._table is not None
        hands, table = _core.zsy_resample(player, self._hands, self._table, sampler)
        return self._resampled(hands, table, new_seed)

    def playout_winners(self, n: int, policy: str = "random", seed: int = 0) -> list[int]:
        """The first player out (the deal's winner, ZSY-6.6) of each of ``n`` seeded playouts
        of the rest of the deal in Rust (``policy`` as for :meth:`playout_returns`)."""
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is nothing to play out")
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise InvalidArgumentError(f"n must be an int of at least 1, got {n!r}")
        assert self._table is not None
        out = self._table.playouts(n, policy=policy, seed=seed)
        return [int(x) for x in out["finish_order"][:, 0]]

    def resample_by_rule(
        self, player: int, seed: int | None = None, *, draws: int = 16, mismatch_weight: float = 0.2
    ) -> ZhengShangyouState:
        """Like :meth:`resample`, with the rule strategy as a model of the other players:
        ``draws`` worlds are drawn exactly uniformly and one of them is kept with weight
        ``mismatch_weight`` to the power of the other seats' decisions (plays and passes so far)
        that the rule strategy (``cardavia.agents.strategies.zhengshangyou``) would have taken
        differently in that world. ``draws=1`` or ``mismatch_weight=1`` is uniform. Reads only
        what ``player`` has seen: his cards and the public actions."""
        player = self._check_resample(player)
        if isinstance(draws, bool) or not isinstance(draws, int) or draws < 1:
            raise InvalidArgumentError(f"draws must be an int of at least 1, got {draws!r}")
        if not isinstance(mismatch_weight, (int, float)) or not 0 <= mismatch_weight <= 1:
            raise InvalidArgumentError(
                f"mismatch_weight must be a number within 0..1, got {mismatch_weight!r}"
            )
        sampler, new_seed = self._resample_seed(seed)
        assert self._table is not None
        hands, table = _core.zsy_resample_by_rule(
            player, self._hands, self._table, sampler, draws, float(mismatch_weight)
        )
        return self._resampled(hands, table, new_seed)

    def _resampled(self, hands: list[CardSet], table: Any, new_seed: int) -> ZhengShangyouState:
        self._sync()
        new = self.clone()
        new.seed = new_seed
        new._hands = list(hands)
        new._table = table
        new._deal_record = None
        new._record_parts = list(hands)
        return new
