"""5-10-K rule strategy (the HeuristicAgent), hints' reasons, and search settings.

Five players, two packs; the banker and the partner his call names (FTK-1.3) against the
defense, which wins with 80 of the 200 points (FTK-1.5). Every decision of a deal is covered.

**Hand strength** (:func:`strength`): big joker 3, small joker 2, each 2 counts 1.5, each ace 1,
each bomb (four or more of a rank, FTK-4.6) 3, the joker bomb 2 more; per card, an average
hand scores about 0.28.

**Reveal** (FTK-3.7, FTK-3.8): on a receipt it reveals once it holds at least 8 cards scoring
0.32 a card or more (a strong start: the banker also gets the kitty); in the closing round from
0.22 a card (a deal-1 redeal or the fallback banker of FTK-3.12 is the other outcome). It shows
the first qualifying card listed. Otherwise it passes.

**Bury** (FTK-3.13), one card at a time: the card whose removal leaves the fewest plays to go
out (:func:`hand_moves`), never a point card (the kitty's points go to whoever wins the final
trick, FTK-6.2, FTK-6.3) while another card will do, nor an A, 2 or joker, nor a card of a
bomb; among equals the lowest rank.

**Call** (FTK-3.14, FTK-3.15): the first play of an ace the banker holds no copy of (its
holder has a high card, and joins as soon as he plays it), else of a 2, else of a king, queen...
in suits ``s h d c``; failing that the first legal call. With two calls the second is the next
such card.

**Teams** (:func:`sides`): the banker and the answerers are banker side; a player who holds a
copy of an unanswered called card counts himself on the banker side, one who holds none knows
he defends (FTK-3.16); once every call is answered everyone is known (FTK-3.18). Others are
*unknown*.

**Card play** (FTK-4, FTK-5):
* It goes out whenever one play empties its hand.
* Leading: the normal play that leaves the fewest plays, point-free before carrying points,
  lowest rank first, more cards first; a special combination (5-10-K, bomb, joker bomb) only
  when nothing else is left. When an opponent holds one card, a combination rather than a
  single where it can.
* Following a known teammate: it passes.
* Following an opponent (for the banker side every unknown player is one, for a defender only
  the banker side is; a defender beats an unknown player only for a trick holding 10 points or
  more): the cheapest normal beat that does not make the hand worse by more than one play, not
  breaking a bomb; but it passes rather than spend an A, 2 or joker on a trick without points
  while it holds more than six cards and the top player more than three. A special
  combination, the weakest, only for a trick of 15 points or more, against a player down to
  three cards, or when it leaves at most two plays.

Search: the greedy rollout policy of ``cardavia_core::climbing::ftk_table::policy`` finishes
every simulated deal in Rust. :meth:`FiveTenKingStrategy.candidates` narrows the choices it
ranks (see there).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia._core import Card, CardBag, Play, Rng
from cardavia.agents.strategies.climbing_common import (
    BIG_JOKER,
    SMALL_JOKER,
    TWO,
    Shapes,
    count_moves,
    rank_counts,
)
from cardavia.game import Action, State

__all__ = ["STRATEGY", "FiveTenKingStrategy", "hand_moves", "sides", "strength"]

ACE, KING, QUEEN = 11, 10, 9
NUM_PLAYERS = 5
# Bombs are taken out before count_moves (any 4..8 of a rank is one play), so it never sees one.
_REST_SHAPES = Shapes(bomb_size=9, min_straight=5, min_pair_chain=2, trio_kickers=True)
# Call preference: ranks A, 2, K, Q, J ... 3 (climbing classes), suits s h d c.
_CALL_RANKS = "A2KQJT98765 43".replace(" ", "")
_CALL_SUITS = "shdc"
REVEAL_RECEIPT, REVEAL_CLOSING, REVEAL_MIN_CARDS = 0.32, 0.22, 8
MAX_PLAY_CANDIDATES = 16
MAX_CALL_CANDIDATES = 12


def points(cards: Iterable[Card]) -> int:
    """Point value of cards (FTK-2.6: 5 is 5, T and K are 10)."""
    total = 0
    for c in cards:
        if c.is_joker:
            continue
        r = str(c)[0]
        total += 5 if r == "5" else 10 if r in "TK" else 0
    return total


def _bag(text: str) -> CardBag:
    return CardBag(text.replace("+", " ")) if text else CardBag()


def hand_moves(counts: Sequence[int]) -> int:
    """Plays needed to shed a hand with these rank counts: each bomb (4-8 of a rank) and the
    joker bomb one play, the rest by :func:`~climbing_common.count_moves` (pairs runs from two
    pairs, straights from five, triples with a single or pair)."""
    c = list(counts)
    bombs = 0
    for r in range(TWO + 1):
        if c[r] >= 4:
            c[r] = 0
            bombs += 1
    return bombs + count_moves(c, _REST_SHAPES)


def strength(counts: Sequence[int]) -> float:
    """The hand score of the module documentation."""
    score = 3.0 * counts[BIG_JOKER] + 2.0 * counts[SMALL_JOKER]
    score += 1.5 * counts[TWO] + counts[ACE]
    score += 3.0 * sum(1 for r in range(TWO + 1) if counts[r] >= 4)
    if counts[BIG_JOKER] and counts[SMALL_JOKER]:
        score += 2.0
    return score


def _breaks_bomb(hand: Sequence[int], used: Sequence[int]) -> bool:
    return any(hand[r] >= 4 and 0 < used[r] < hand[r] for r in range(TWO + 1))


@dataclass(frozen=True)
class _Judged:
    action: Action
    moves_left: int
    breaks_bomb: bool
    special: bool
    rank: int
    size: int
    points: int

    @property
    def lead_key(self) -> tuple[int, bool, bool, int, int]:
        return (self.moves_left, self.breaks_bomb, self.points > 0, self.rank, -self.size)


def _judge(hand: Sequence[int], action: Action) -> _Judged:
    play = action.play
    assert isinstance(play, Play)
    bag = play.bag
    used = rank_counts(bag)
    rest = [h - u for h, u in zip(hand, used, strict=True)]
    return _Judged(
        action=action,
        moves_left=hand_moves(rest),
        breaks_bomb=_breaks_bomb(hand, used),
        special=bool(play.is_bomb),
        rank=int(play.rank),
        size=len(bag),
        points=points(bag),
    )


def _parse_call(text: str) -> tuple[int, Card]:
    # "call first As" / "call second Kh"
    words = text.split()
    return (1 if words[1] == "first" else 2), Card(words[2])


def sides(obs: dict[str, Any]) -> tuple[set[int], set[int]]:
    """(known teammates, known opponents) of ``obs['player']`` in card play (module docs)."""
    me = obs["player"]
    banker = obs["banker"]
    answerers = obs.get("answerers") or []
    calls = [_parse_call(t) for t in obs.get("calls", [])]
    hand = _bag(obs["hand"])
    banker_side = {banker} | {a for a in answerers if a is not None}
    confirmed = bool(answerers) and all(a is not None for a in answerers)
    others = set(range(NUM_PLAYERS)) - {me}
    if confirmed:
        defense = set(range(NUM_PLAYERS)) - banker_side
        mine = banker_side if me in banker_side else defense
        return mine - {me}, others - mine
    pending = [call for call, a in zip(calls, answerers, strict=False) if a is None]
    holds = any(hand.count(card) for _, card in pending)
    if me in banker_side or holds:
        return banker_side - {me}, set()
    return set(), banker_side


def _trick_points(obs: dict[str, Any]) -> int:
    total = 0
    for e in reversed(obs["history"]):
        kind = e["event"]
        if kind == "trick":
            break
        if kind == "play":
            total += points(_bag(e["cards"]))
    return total


class FiveTenKingStrategy:
    search_policy = "greedy"

    # ---- the rule strategy --------------------------------------------------------------

    def choose(self, state: State, rng: Rng) -> Action:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        legal = state.legal_actions()
        phase = obs["phase"]
        if phase == "deal":
            return self._reveal(obs, legal)
        if phase == "bury":
            return self._bury_order(obs, legal)[0]
        if phase == "call":
            return self._call_order(obs, legal)[0]
        return self._play(obs, legal)

    @staticmethod
    def _reveal(obs: dict[str, Any], legal: Sequence[Action]) -> Action:
        reveal = next((a for a in legal if a.kind == "reveal"), None)
        passing = next(a for a in legal if a.kind == "pass")
        if reveal is None:
            return passing
        hand = _bag(obs["hand"])
        n = len(hand)
        per_card = strength(rank_counts(hand)) / max(n, 1)
        if obs.get("your_prompt") == "closing":
            return reveal if per_card >= REVEAL_CLOSING else passing
        return reveal if n >= REVEAL_MIN_CARDS and per_card >= REVEAL_RECEIPT else passing

    @staticmethod
    def _bury_key(hand: CardBag, counts: Sequence[int], card: Card) -> tuple[int, ...]:
        rank = rank_counts([card])
        r = rank.index(1)
        rest = [h - u for h, u in zip(counts, rank, strict=True)]
        high = r >= ACE
        in_bomb = r <= TWO and counts[r] >= 4
        return (points([card]) > 0, high or in_bomb, hand_moves(rest), counts[r], r)

    def _bury_order(self, obs: dict[str, Any], legal: Sequence[Action]) -> list[Action]:
        hand = _bag(obs["hand"])
        counts = rank_counts(hand)

        def key(a: Action) -> tuple[int, ...]:
            assert a.cards is not None
            return self._bury_key(hand, counts, next(iter(a.cards)))

        return sorted(legal, key=key)

    @staticmethod
    def _call_key(hand: CardBag, action: Action) -> tuple[int, int, int, int]:
        assert action.cards is not None
        card = next(iter(action.cards))
        text = str(card)
        held = hand.count(card)
        ordinal = action.amount if isinstance(action.amount, int) else 1
        # The first play of a card the banker holds none of; then other forms.
        form = 0 if (held == 0 and ordinal == 1) else 1 + held + ordinal
        return (form, _CALL_RANKS.index(text[0]), _CALL_SUITS.index(text[1]), ordinal)

    def _call_order(self, obs: dict[str, Any], legal: Sequence[Action]) -> list[Action]:
        hand = _bag(obs["hand"])
        return sorted(legal, key=lambda a: self._call_key(hand, a))

    def _play(self, obs: dict[str, Any], legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if a.kind == "play"]
        passing = next((a for a in legal if a.kind == "pass"), None)
        hand = _bag(obs["hand"])
        size = len(hand)
        for a in plays:
            if a.cards is not None and len(a.cards) == size:
                return a
        counts = rank_counts(hand)
        judged = sorted((_judge(counts, a) for a in plays), key=lambda h: h.lead_key)
        if not judged:
            assert passing is not None
            return passing
        mates, foes = sides(obs)
        me = obs["player"]
        sizes = obs["hand_sizes"]
        top = obs["top"]
        if top is None:
            normal = [h for h in judged if not h.special] or judged
            if any(sizes[p] == 1 for p in foes):
                combos = [h for h in normal if h.size > 1]
                if combos:
                    return combos[0].action
            return normal[0].action
        leader = top["player"]
        if passing is None:  # cannot happen in 5-10-K (FTK-5.3), kept for safety
            return min(judged, key=lambda h: (h.special, h.rank)).action
        if leader in mates:
            return passing
        trick = _trick_points(obs)
        on_banker_side = me == obs["banker"] or obs["banker"] in mates
        if leader not in foes and not on_banker_side and trick < 10:
            return passing  # an unknown player, maybe a fellow defender
        close = sizes[leader] <= 3
        now = hand_moves(counts)
        normal = [h for h in judged if not h.special and h.moves_left <= now + 1]
        if normal:
            best = min(normal, key=lambda h: (h.breaks_bomb, h.rank, h.moves_left))
            if best.rank >= ACE and trick == 0 and size > 6 and not close:
                return passing
            return best.action
        specials = [h for h in judged if h.special]
        if specials and (trick >= 15 or close or min(h.moves_left for h in specials) <= 2):
            return min(specials, key=lambda h: (h.rank, h.size)).action
        return passing

    # ---- reasons ------------------------------------------------------------------------

    def describe(self, state: State, action: Action) -> str:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        hand = _bag(obs["hand"])
        counts = rank_counts(hand)
        kind = action.kind
        if kind == "reveal":
            per = strength(counts) / max(len(hand), 1)
            return f"reveals {action.cards}: becomes the banker (hand strength {per:.2f} a card)"
        if kind == "bury":
            assert action.cards is not None
            card = next(iter(action.cards))
            rest = counts.copy()
            rest[rank_counts([card]).index(1)] -= 1
            note = f"buries {card}"
            if points([card]):
                note += f" ({points([card])} points to the final trick's winner)"
            return f"{note}; leaves {hand_moves(rest)} plays"
        if kind == "call":
            assert action.cards is not None
            card = next(iter(action.cards))
            held = hand.count(card)
            text = f"{action}: its player joins the banker"
            if held:
                text += f" (holds {held} {'copy' if held == 1 else 'copies'}: may end up solo)"
            return text
        if kind == "pass":
            if obs["phase"] == "deal":
                return "passes this chance to reveal"
            top = obs["top"]
            mates, _ = sides(obs)
            if top is not None and top["player"] in mates:
                return "lets the teammate's play stand"
            return "passes and keeps its cards"
        play = action.play
        assert isinstance(play, Play)
        bag = play.bag
        if len(bag) == len(hand):
            return "goes out"
        j = _judge(counts, action)
        parts = [f"{play.kind_name} (special)" if j.special else play.kind_name]
        if j.points:
            parts.append(f"carries {j.points} points")
        if j.breaks_bomb:
            parts.append("breaks a bomb")
        answers = [
            card
            for (_, card), a in zip(
                [_parse_call(t) for t in obs.get("calls", [])],
                obs.get("answerers") or [],
                strict=False,
            )
            if a is None and bag.count(card)
        ]
        if answers and player != obs["banker"]:
            parts.append(f"plays the called {answers[0]}")
        parts.append(f"leaves {j.moves_left} play{'s' if j.moves_left != 1 else ''}")
        return "; ".join(parts)

    # ---- what a search ranks ----------------------------------------------------------

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """The choices a search ranks, the most promising first:

        * reveal or pass, and every legal burial card (in the bury order of the rule
          strategy): all of them;
        * the call: the 12 first calls in the rule strategy's order (first plays of cards
          the banker holds none of, aces, 2s, kings... in suits ``s h d c``), plus the first
          legal call of a card he holds (a deliberately solo or shared call) when there is one;
        * card play: every play ordered as the lead rule orders them (fewest plays left,
          unbroken bombs, point-free, low rank), cut to the 16 best, the rule strategy's own
          choice and pass always included."""
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        legal = state.legal_actions()
        phase = obs["phase"]
        if phase == "deal":
            return [(a,) for a in legal]
        if phase == "bury":
            return [(a,) for a in self._bury_order(obs, legal)]
        if phase == "call":
            hand = _bag(obs["hand"])
            ordered = self._call_order(obs, legal)
            keep = ordered[:MAX_CALL_CANDIDATES]
            own = next(
                (a for a in ordered if a.cards is not None and hand.count(next(iter(a.cards)))),
                None,
            )
            if own is not None and own not in keep:
                keep.append(own)
            return [(a,) for a in keep]
        plays = [a for a in legal if a.kind == "play"]
        others = [a for a in legal if a.kind != "play"]
        counts = rank_counts(_bag(obs["hand"]))
        ordered = [h.action for h in sorted((_judge(counts, a) for a in plays), key=_cand_key)]
        keep = ordered[:MAX_PLAY_CANDIDATES]
        mine = self._play(obs, legal)
        if mine.kind == "play" and not any(mine is a for a in keep):
            keep.append(mine)
        return [(a,) for a in keep + others]


def _cand_key(h: _Judged) -> tuple[int, bool, bool, bool, int, int]:
    return (h.moves_left, h.breaks_bomb, h.special, h.points > 0, h.rank, -h.size)


STRATEGY = FiveTenKingStrategy()
