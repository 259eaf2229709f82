"""Tractor (Sheng Ji) rule strategy (the HeuristicAgent), hints' reasons, and the search's
candidate plays.

Plays are built one card at a time in Tractor's action space (``cardavia.games.tractor``), but
every decision here is about a *whole* play: a declaration, the 8-card bury, a lead (single,
pair or tractor) or a follow set. The strategy picks the whole play and then emits its cards in
sequence (:meth:`TractorState.play_line` order); the search ranks whole plays and a hint's
``line`` is the whole play. It reads only what the player to act may see:
``state.observation(player)`` (own hand, the trick so far, every finished trick, the
declarations, the buried kitty for the dealer) and the legal plays of its own hand
(:meth:`TractorState.whole_plays`, a function of that hand and the trick on the table).

**What it knows.** The *unseen* cards are the 108 (TR-2.1) minus its hand, every card played,
and (as dealer) the buried kitty. A player who did not follow the led effective suit fully is
*void* in it from then on (TR-4.4). An opponent "can beat" a play when the unseen cards hold a
higher play of the same shape in the suit he would have to use (TR-4.6, TR-4.7): the led suit
if he is not known void in it, the trumps if he is known void in a plain suit.

**Declaring** (TR-3.6, TR-3.7). For each legal declaration, the hand's *trump quality* under
the trump it would fix: its trumps plus its trump pairs (doubled in no-trump, where the
trumps are only the jokers and level cards). It never overcalls its partner; it declares the
best one when the quality reaches 9 (no standing declaration) or 12 (overcalling an
opponent); otherwise it passes. On the first deal the declarer becomes the dealer (TR-3.10),
so declaring a good trump also wins the kitty and the first lead.

**Burying** (TR-3.12). The 8 cards cheapest to lose: plain (non-trump) cards before trumps,
non-point cards before points (a kitty the attackers win is multiplied, TR-5.2), low before
high, a card of a pair kept, and cards of short plain suits first (burying a short suit makes
a void to trump with).

**Leading** (TR-4.3).
1. A *sure* lead: a play no opponent can beat by the cards still unseen, in a suit neither
   opponent is known void in (or trumps). The biggest first (tractor, pair, single), then
   the one with more points, then plain before trump, then the higher.
2. Else a low non-point single of a plain suit the partner is known void in (he can trump),
   if no opponent is known void in it.
3. Else the lowest single of its shortest plain suit, avoiding point cards, suits an
   opponent is void in, and cards of a pair; with only trumps (or only points) left, the
   cheapest card.

**Following** (TR-4.4; only legal follows are ever considered).
1. The partner is winning the trick and no later opponent can beat him: it dumps points
   (the legal follow with the most points, keeping its high cards and trumps).
2. It can take the trick: with the lowest winning play no later opponent can beat; or, if
   the trick already holds 10 points or more, with its highest winning play. It trumps in
   (void in a plain suit) only when the trick holds points.
3. Otherwise it plays its cheapest legal follow: fewest points, lowest cards, pairs kept.

**Candidates for the search** (:meth:`TractorStrategy.candidates`): the whole plays of
:meth:`TractorState.whole_plays` (limit 64), the rule strategy's own play first. A lead lists
every legal lead. A follow lists every legal follow when there are at most 64; otherwise it is
narrowed to every follow of the lead's shape that takes the trick now, strongest first, then
one follow per class (short or void: points and trumps used; in suit: points and pairs), the
one keeping the best cards. The bury lists the rule strategy's bury, the greedy policy's, and
one bury per (points, trumps) class, keeping those that bury at most 10 points (or no more
than the rule's bury) and at most one trump. Declarations: pass and every legal declaration.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardavia._core import Card, CardBag, Rng
from cardavia._core import TractorTrump as Trump
from cardavia.errors import CardaviaError
from cardavia.game import Action, State

if TYPE_CHECKING:
    from cardavia.agents.base import Hint
    from cardavia.agents.search import SearchConfig

__all__ = ["STRATEGY", "TractorStrategy", "View", "trump_quality"]

_FULL = CardBag.two_packs(jokers=True)
_ALL = [Card.from_index(i) for i in range(54)]
TRUMP = "trump"
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades", TRUMP: "trumps"}
RANKS = "23456789TJQKA"
LIMIT = 64
"""The most whole plays a follow lists before :meth:`TractorState.whole_plays` narrows."""


def _points(card: Card) -> int:
    if card.is_joker:
        return 0
    r = str(card)[0]
    return 5 if r == "5" else 10 if r in "TK" else 0


_POINTS = [_points(c) for c in _ALL]


class _Cards:
    """Per-card facts under one trump: effective suit, position, keep value (TR-2.6, TR-2.9)."""

    _cache: dict[tuple[str, str | None], _Cards] = {}

    def __init__(self, trump: Trump):
        self.trump = trump
        self.suit = [trump.effective_suit(c) for c in _ALL]
        self.pos = [trump.position(c) for c in _ALL]
        # Worth keeping: position in the suit, trumps above every plain card.
        self.keep = [self.pos[i] + (16 if self.suit[i] == TRUMP else 0) for i in range(54)]

    @classmethod
    def of(cls, trump: Trump) -> _Cards:
        key = (trump.level, trump.suit)
        found = cls._cache.get(key)
        if found is None:
            found = cls._cache[key] = _Cards(trump)
        return found


def trump_quality(hand: CardBag, trump: Trump) -> int:
    """The declaring score of ``hand`` under ``trump``: trumps plus trump pairs, doubled in
    no-trump (see the module documentation)."""
    trumps = [c for c in hand.kinds() if trump.is_trump(c)]
    count = sum(hand.count(c) for c in trumps)
    pairs = sum(1 for c in trumps if hand.count(c) == 2)
    q = count + pairs
    return 2 * q if trump.is_no_trump else q


def _counts(bag: CardBag) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in bag:
        out[c.index] = out.get(c.index, 0) + 1
    return out


@dataclass
class View:
    """What the player to act knows, from his observation (see the module documentation)."""

    player: int
    obs: dict[str, Any]
    trump: Trump
    info: _Cards
    hand: CardBag
    selection: CardBag
    unseen: dict[int, int]
    """Card index -> copies neither in the hand, played nor (for the dealer) buried."""
    voids: list[set[str]]
    """Per seat, the effective suits he is known to be void in (TR-4.4)."""
    trick: list[tuple[int, CardBag]]

    @property
    def partner(self) -> int:
        return (self.player + 2) % 4

    def is_opponent(self, seat: int) -> bool:
        return seat % 2 != self.player % 2

    def suit_of(self, cards: Iterable[Card]) -> str | None:
        suits = {self.info.suit[c.index] for c in cards}
        return suits.pop() if len(suits) == 1 else None

    @classmethod
    def of(cls, state: State) -> View:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        trump_name = obs["trump"]
        if trump_name is None:  # declaring: no trump yet
            trump = Trump(obs["level"], None)
        else:
            trump = Trump(obs["level"], None if trump_name == "NT" else trump_name)
        info = _Cards.of(trump)
        hand = CardBag(obs["hand"])
        gone = hand
        voids: list[set[str]] = [set() for _ in range(4)]
        for e in obs["history"]:
            if e.get("event") != "trick":
                continue
            plays = [(p["player"], CardBag(p["cards"])) for p in e["plays"]]
            _note_voids(plays, info, voids)
            for _, cards in plays:
                gone = gone + cards
        trick = [(s, CardBag(c)) for s, c in obs["trick"]]
        _note_voids(trick, info, voids)
        for _, cards in trick:
            gone = gone + cards
        if obs.get("buried"):
            gone = gone + CardBag(obs["buried"])
        unseen = _counts(_FULL - gone)
        selection = CardBag(obs["selection"] or "")
        return cls(player, obs, trump, info, hand, selection, unseen, voids, trick)

    # ---- can a play be beaten? ---------------------------------------------------------

    def _best(self, suit: str, shape: str) -> int:
        """The highest top position of an unseen play of ``shape`` in ``suit`` (-1: none)."""
        info = self.info
        if shape == "single":
            return max((info.pos[i] for i in self.unseen if info.suit[i] == suit), default=-1)
        pair_pos = {info.pos[i] for i, n in self.unseen.items() if n == 2 and info.suit[i] == suit}
        if shape == "pair":
            return max(pair_pos, default=-1)
        if shape.startswith("tractor("):
            k = int(shape[8:-1])
            best = -1
            for p in pair_pos:
                if all(p - j in pair_pos for j in range(k)):
                    best = max(best, p)
            return best
        return -1

    def beatable(self, play: CardBag, lead: CardBag, seats: Sequence[int], shape: str) -> bool:
        """Whether one of ``seats`` might beat ``play`` (winning a trick led by ``lead``) with
        the cards unseen (see the module documentation)."""
        led = self.suit_of(lead)
        mine = self.suit_of(play)
        if led is None or mine is None:
            return False
        top = max(self.info.pos[c.index] for c in play)
        for seat in seats:
            if led == TRUMP or led not in self.voids[seat]:
                # He follows the led suit: he beats a play of that suit with a higher one.
                if mine == led and self._best(led, shape) > top:
                    return True
            elif TRUMP not in self.voids[seat]:
                # Void in a plain suit: any trump play of the shape beats a plain winner.
                best = self._best(TRUMP, shape)
                if best >= 0 and (mine != TRUMP or best > top):
                    return True
        return False


def _note_voids(plays: list[tuple[int, CardBag]], info: _Cards, voids: list[set[str]]) -> None:
    if not plays:
        return
    lead = plays[0][1]
    suit = info.suit[next(iter(lead)).index]
    n = len(lead)
    for seat, cards in plays[1:]:
        if sum(1 for c in cards if info.suit[c.index] == suit) < n:
            voids[seat].add(suit)


def _shape(cards: CardBag, trump: Trump) -> str:
    from cardavia.games.tractor import shape

    return shape(cards, trump)


def _winner(plays: Sequence[CardBag], trump: Trump) -> int:
    from cardavia.games.tractor import trick_winner

    return trick_winner(list(plays), trump)


@dataclass
class _Judged:
    """One whole play judged by the rule strategy."""

    cards: CardBag
    score: tuple[float, ...]
    why: str


def _keep_cost(view: View, cards: CardBag) -> int:
    """How much ``cards`` cost to give up: keep values, plus a broken pair."""
    info = view.info
    cost = 0
    used = _counts(cards)
    for i, n in used.items():
        cost += n * info.keep[i]
        if n == 1 and view.hand.count(_ALL[i]) == 2:
            cost += 6
    return cost


def _play_points(cards: CardBag) -> int:
    return sum(_POINTS[c.index] for c in cards)


def _describe_cards(view: View, cards: CardBag) -> str:
    shape = _shape(cards, view.trump)
    suit = view.suit_of(cards)
    where = SUIT_NAMES.get(suit, "mixed suits") if suit else "mixed suits"
    return f"{shape} of {where}" if shape != "none" else f"{len(cards)} cards ({where})"


class TractorStrategy:
    search_policy = "greedy"

    def __init__(self) -> None:
        # The whole play chosen at the first step of a play, keyed by what the player sees
        # then, so that the later steps emit the same play (see _plan_key).
        self._plans: dict[tuple[Any, ...], CardBag] = {}
        self._last_view: tuple[State, tuple[int, int | None], View] | None = None

    # ---- the rule strategy -----------------------------------------------------------------

    def choose(self, state: State, rng: Rng) -> Action:
        """The rule strategy's next action (``rng`` is not needed: every choice is
        deterministic, ties broken by card order)."""
        legal = state.legal_actions()
        if state.phase == "declare":  # type: ignore[attr-defined]
            return self._declare(state, legal)[0]
        view = View.of(state)
        play = self._whole(state, view)
        return self._emit(state, play, legal)

    def _emit(self, state: State, play: CardBag, legal: list[Action]) -> Action:
        try:
            line = state.play_line(play)  # type: ignore[attr-defined]
        except CardaviaError:
            line = []
        return line[0] if line else legal[0]

    def _plan_key(self, view: View) -> tuple[Any, ...]:
        o = view.obs
        return (view.player, o["phase"], o["hand"], len(o["history"]), str(o["trick"]))

    def _whole(self, state: State, view: View) -> CardBag:
        """The whole bury, lead or follow, consistent over the steps that build it."""
        key = self._plan_key(view)
        planned = self._plans.get(key)
        if planned is not None and view.selection.issubset(planned):
            return planned
        judged = self._judge_all(state, view)
        play = judged[0].cards
        if len(self._plans) >= 4096:
            for old in list(self._plans)[:1024]:
                del self._plans[old]
        self._plans[key] = play
        return play

    def _judge_all(self, state: State, view: View) -> list[_Judged]:
        """Every candidate whole play, best first by the rule strategy."""
        plays: list[CardBag] = state.whole_plays(LIMIT)  # type: ignore[attr-defined]
        if view.obs["phase"] == "bury":
            own = self._bury(view)
            others = [p for p in plays if p != own]
            return [_Judged(own, (0.0,), self._bury_reason(view, own))] + [
                _Judged(p, (1.0,), self._bury_reason(view, p)) for p in others
            ]
        if not view.trick:
            judged = [self._judge_lead(view, p) for p in plays]
        else:
            judged = [self._judge_follow(view, p) for p in plays]
        judged.sort(key=lambda j: (j.score, str(j.cards)))
        return judged

    # ---- declaring ---------------------------------------------------------------------

    def _declare(self, state: State, legal: list[Action]) -> list[Action]:
        """The legal calls, the rule strategy's first (see the module documentation)."""
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        hand = CardBag(obs["hand"])
        standing = [s for s, c in obs["declarations"] if c is not None]
        passing = next(a for a in legal if a.kind == "pass")
        calls = [a for a in legal if a.kind == "declare"]
        best: tuple[int, int, Action] | None = None
        for k, a in enumerate(calls):
            q = trump_quality(hand, self._declared_trump(obs["level"], a))
            if best is None or q > best[0]:
                best = (q, k, a)
        choice = passing
        if best is not None and not (standing and standing[-1] == (player + 2) % 4):
            threshold = 12 if standing else 9
            if best[0] >= threshold:
                choice = best[2]
        return [choice] + [a for a in legal if a is not choice]

    @staticmethod
    def _declared_trump(level: str, action: Action) -> Trump:
        cards = action.cards
        assert isinstance(cards, CardBag)
        first = next(iter(cards))
        if first.is_joker:
            return Trump(level, None)
        return Trump(level, str(first)[1])

    # ---- burying -----------------------------------------------------------------------

    def _bury(self, view: View) -> CardBag:
        info = view.info
        hand = view.hand
        counts = _counts(hand)
        suit_len: dict[str, int] = {}
        for c in hand:
            suit_len[info.suit[c.index]] = suit_len.get(info.suit[c.index], 0) + 1

        def cost(i: int) -> tuple[int, int]:
            v = 4 * info.keep[i]
            if _POINTS[i]:
                v += 60 + _POINTS[i]
            if info.suit[i] == TRUMP:
                v += 200
            else:
                v += 3 * min(suit_len[info.suit[i]], 12)
            if counts[i] == 2:
                v += 40
            return (v, i)

        chosen = view.selection
        rest = sorted((c.index for c in hand - chosen), key=cost)
        return chosen + CardBag([_ALL[i] for i in rest[: 8 - len(chosen)]])

    def _bury_reason(self, view: View, bury: CardBag) -> str:
        info = view.info
        pts = _play_points(bury)
        trumps = sum(1 for c in bury if info.suit[c.index] == TRUMP)
        after = view.hand - bury
        held = {info.suit[c.index] for c in after}
        voided = sorted(
            SUIT_NAMES[s] for s in {info.suit[c.index] for c in view.hand} - held if s != TRUMP
        )
        parts = [f"buries {pts} point{'s' if pts != 1 else ''}" if pts else "buries no points"]
        parts.append(f"{trumps} trump{'s' if trumps != 1 else ''}" if trumps else "keeps trumps")
        if voided:
            parts.append("voids " + ", ".join(voided))
        return "; ".join(parts)

    # ---- leading -----------------------------------------------------------------------

    def _judge_lead(self, view: View, lead: CardBag) -> _Judged:
        info = view.info
        shape = _shape(lead, view.trump)
        suit = view.suit_of(lead) or TRUMP
        opponents = [(view.player + 1) % 4, (view.player + 3) % 4]
        top = max(info.pos[c.index] for c in lead)
        pts = _play_points(lead)
        sure = not view.beatable(lead, lead, opponents, shape)
        if sure:
            sure_key = (0.0, -len(lead), -pts, float(suit == TRUMP), -top)
            return _Judged(lead, sure_key, f"leads a sure winner: {_describe_cards(view, lead)}")
        cost = _keep_cost(view, lead)
        if len(lead) == 1:
            i = next(iter(lead)).index
            opp_void = any(suit in view.voids[o] for o in opponents)
            to_partner = (
                suit != TRUMP
                and suit in view.voids[view.partner]
                and TRUMP not in view.voids[view.partner]
                and not opp_void
                and not _POINTS[i]
            )
            if to_partner:
                return _Judged(
                    lead,
                    (1.0, float(cost)),
                    f"leads a low {SUIT_NAMES[suit]} single for the partner to trump",
                )
            length = sum(1 for c in view.hand if info.suit[c.index] == suit)
            score = (
                2.0,
                float(_POINTS[i] > 0),
                float(suit == TRUMP),
                float(opp_void),
                float(view.hand.count(_ALL[i]) == 2),
                float(length),
                float(cost),
            )
            pts_text = f" ({pts} points)" if pts else ""
            return _Judged(
                lead, score, f"leads a low single from {SUIT_NAMES[suit]}{pts_text}; may lose"
            )
        return _Judged(
            lead,
            (3.0, float(pts), float(cost)),
            f"leads a {_describe_cards(view, lead)} that can be beaten",
        )

    # ---- following ---------------------------------------------------------------------

    def _judge_follow(self, view: View, play: CardBag) -> _Judged:
        info = view.info
        trump = view.trump
        lead = view.trick[0][1]
        leader = view.trick[0][0]
        plays = [c for _, c in view.trick]
        w = _winner(plays, trump)
        winner_seat = (leader + w) % 4
        later = [(leader + k) % 4 for k in range(len(plays) + 1, 4)]
        later_opps = [s for s in later if view.is_opponent(s)]
        shape = _shape(lead, trump)
        trick_points = sum(_play_points(c) for c in plays)
        pts = _play_points(play)
        cost = float(_keep_cost(view, play))
        led = view.suit_of(lead)
        partner_wins = not view.is_opponent(winner_seat)
        partner_safe = partner_wins and not view.beatable(plays[w], lead, later_opps, shape)
        if partner_safe:
            return _Judged(
                play,
                (0.0, -float(pts), cost),
                f"the partner holds the trick: gives {pts} points"
                if pts
                else "the partner holds the trick; gives no points",
            )
        takes = _winner(plays + [play], trump) == len(plays)
        if takes and not partner_wins:
            safe = not view.beatable(play, lead, later_opps, shape)
            trumping = led != TRUMP and view.suit_of(play) == TRUMP
            total = trick_points + pts
            if trumping and trick_points == 0 and not later_opps:
                pass  # nothing to win by trumping in
            elif safe and (not trumping or trick_points + pts > 0):
                top = float(max(info.pos[c.index] for c in play))
                how = "trumps in and takes" if trumping else "takes"
                return _Judged(
                    play,
                    (1.0, float(trumping), top, cost),
                    f"{how} the trick ({total} points) with a {_describe_cards(view, play)}; "
                    "no later opponent can beat it",
                )
            elif trick_points >= 10:
                top = float(max(info.pos[c.index] for c in play))
                return _Judged(
                    play,
                    (2.0, -top, cost),
                    f"contests a trick of {trick_points} points with its best "
                    f"{_describe_cards(view, play)}",
                )
        why = f"plays low, gives {pts} points" if pts else "plays low, gives no points"
        if partner_wins:
            why = "the partner may be beaten: " + why
        return _Judged(play, (3.0, float(pts), cost), why)

    # ---- hints -------------------------------------------------------------------------

    def describe(self, state: State, action: Action) -> str:
        if action.kind in ("pass", "declare"):
            return self._describe_call(state, action)
        return self.describe_line(state, (action,))

    def describe_line(self, state: State, line: Sequence[Action]) -> str:
        """The reason for a whole play (``line`` as :meth:`candidates` gives it)."""
        first = line[0]
        if first.kind in ("pass", "declare"):
            return self._describe_call(state, first)
        view = self._view(state)
        cards = view.selection
        for a in line:
            if a.kind in ("play", "bury") and a.cards is not None:
                cards = cards + a.cards
        if view.obs["phase"] == "bury":
            return self._bury_reason(view, cards)
        try:
            judged = (
                self._judge_follow(view, cards) if view.trick else self._judge_lead(view, cards)
            )
        except CardaviaError:
            return ""
        return judged.why

    def _view(self, state: State) -> View:
        """The player's view, kept while the same state is described candidate by candidate
        (the cache holds the state itself, so its id cannot be reused meanwhile)."""
        key = (state.actions_taken, state.current_player)
        cached = self._last_view
        if cached is not None and cached[0] is state and cached[1] == key:
            return cached[2]
        view = View.of(state)
        self._last_view = (state, key, view)
        return view

    def _describe_call(self, state: State, action: Action) -> str:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        hand = CardBag(obs["hand"])
        if action.kind == "declare":
            trump = self._declared_trump(obs["level"], action)
            name = "no-trump" if trump.is_no_trump else SUIT_NAMES[trump.suit or ""]
            trumps = sum(1 for c in hand if trump.is_trump(c))
            return f"declares {name}: {trumps} trumps (trump quality {trump_quality(hand, trump)})"
        standing = [s for s, c in obs["declarations"] if c is not None]
        if standing and standing[-1] == (player + 2) % 4:
            return "lets the partner's declaration stand"
        return "passes"

    # ---- the search ------------------------------------------------------------------------

    def search(
        self,
        state: State,
        *,
        seconds: float | None,
        iterations: int | None,
        seed: int | None,
        config: SearchConfig,
    ) -> list[Hint]:
        """Tractor's search (:mod:`cardavia.agents.tractor_search`), which
        :func:`cardavia.agents.search.analyse` uses for this game."""
        from cardavia.agents.tractor_search import analyse_tractor

        return analyse_tractor(
            state, self, seconds=seconds, iterations=iterations, seed=seed, config=config
        )

    # ---- the search's candidates ---------------------------------------------------------

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """The whole plays, each as the actions that make it, the rule strategy's first (see
        the module documentation for the narrowing)."""
        legal = state.legal_actions()
        if state.phase == "declare":  # type: ignore[attr-defined]
            return [(a,) for a in self._declare(state, legal)]
        view = View.of(state)
        key = self._plan_key(view)
        judged = self._judge_all(state, view)
        planned = self._plans.get(key)
        order = [j.cards for j in judged]
        if view.obs["phase"] == "bury":
            order = self._bury_candidates(view, order)
        if planned is not None and planned in order:
            order.remove(planned)
            order.insert(0, planned)
        out: list[tuple[Action, ...]] = []
        for play in order:
            line = tuple(state.play_line(play))  # type: ignore[attr-defined]
            if line and line not in out:
                out.append(line)
        return out or [(a,) for a in legal]

    def _bury_candidates(self, view: View, order: list[CardBag]) -> list[CardBag]:
        """The buries worth searching: the rule strategy's first, then the others that bury
        at most 10 points (or no more than the rule's bury) and at most one trump (points in
        the kitty risk the multiplied bonus, TR-5.2; buried trumps weaken the defence)."""
        own = order[0]
        cap = max(10, _play_points(own))
        info = view.info
        keep = [own]
        for p in order[1:]:
            trumps = sum(1 for c in p if info.suit[c.index] == TRUMP)
            if _play_points(p) <= cap and trumps <= 1:
                keep.append(p)
        return keep


STRATEGY = TractorStrategy()
