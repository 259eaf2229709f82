"""Guandan rule strategy (the HeuristicAgent), hints' reasons, and search settings.

Four players, seats 0+2 against 1+3 (GD-1.1); the level rank's hearts are wild (GD-2.3). The
tribute card itself is automatic (GD-4.4); the decisions are the return card (GD-4.7) and card
play, where one card set may be played under several readings (GD-6.4).

**Hand estimate** (:func:`hand_moves`): the plays needed to go out — four jokers and each bomb
(four or more natural cards of a rank) one play; then triple runs of two ranks, pair runs of
three ranks (GD-5.1), straights of five ranks that use at least four lone cards; each triple
takes a pair along (a full house); pairs and singles one play each; a wild card joins another
group and costs no play of its own. Sequences use the natural order with the ace low or high
(GD-2.5).

**Return card** (GD-4.7): to an opponent, the eligible card whose loss leaves the fewest plays,
the lowest first (a lone low card); to the partner (a 1st and 4th finish, GD-D3) the highest
such card.

**Readings**: for one card set the strongest reading is played (a bomb before a full house, a
higher main rank first: GD-6.7's order), since every reading spends the same cards.

**Card play**:
* It goes out whenever one play empties its hand.
* Leading: the normal play (no bomb, no wild card) that leaves the fewest plays, the lowest
  first, then the longest. When its partner holds a single card it leads its lowest single
  (feeding the partner, GD-8.10 jiefeng aside); when an opponent holds two cards or fewer, a
  play longer than that opponent's hand where it can. A wild card or a bomb only when nothing
  else is left.
* Following its partner: it passes.
* Following an opponent: the cheapest normal beat that does not make the hand worse by more
  than one play (no wild card unless that is what makes the beat cheap); a bomb (the weakest)
  only against an opponent with six cards or fewer, or when the bomb leaves at most two plays;
  otherwise it passes.

**Search**: card play of every simulated deal runs in Rust with the greedy policy of
``cardavia_core::climbing::guandan::playout`` (which, like the rule, never overtakes the
partner). The SearchAgent (:meth:`GuandanStrategy.search_act`) can play for the deal's win
(``level_weight``: a simulation is worth 1 when its partnership wins plus a fraction per level,
GD-9.3) and let its partner's top play stand unless it can go out (``keep_partner_play``);
both are off by default (not measurably better); ``recommend`` ranks by levels. A lead
may have over a thousand legal moves: :meth:`GuandanStrategy.candidates` ranks whole plays,
one per card set, narrowed as it documents.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia._core import Card, CardBag, Rng
from cardavia.game import Action, State
from cardavia.games.guandan import wild_card

__all__ = ["STRATEGY", "GuandanStrategy", "hand_moves"]

SJ, BJ = 13, 14
# Ranks in sequence order (GD-2.5): A low, 2..K, A high (Card.rank.value: 0 = "2" ... 12 = "A").
_SEQ = [12, *range(12), 12]
MAX_CANDIDATES = 14


def _counts(cards: Any, wild: Card) -> tuple[list[int], int]:
    """Counts per rank value 0..12 and the jokers (13 SJ, 14 BJ), and the wild cards apart."""
    c = [0] * 15
    wilds = 0
    for card in cards:
        if card == wild:
            wilds += 1
        else:
            c[int(card.rank.value)] += 1
    return c, wilds


def _runs(c: list[int], width: int, length: int, exact: bool) -> int:
    found = 0
    i = 0
    while i + length <= len(_SEQ):
        ranks = _SEQ[i : i + length]
        if len(set(ranks)) == length and all(
            (c[r] == width) if exact else (c[r] >= width) for r in ranks
        ):
            for r in ranks:
                c[r] -= width
            found += 1
            continue
        i += 1
    return found


def _straights(c: list[int]) -> int:
    found = 0
    i = 0
    while i + 5 <= len(_SEQ):
        ranks = _SEQ[i : i + 5]
        if len(set(ranks)) == 5 and all(c[r] >= 1 for r in ranks):
            lone = sum(1 for r in ranks if c[r] == 1)
            if lone >= 4 and not any(c[r] == 2 for r in ranks):
                for r in ranks:
                    c[r] -= 1
                found += 1
                continue
        i += 1
    return found


def hand_moves(counts: Sequence[int], wilds: int) -> int:
    """The estimate of the module documentation, for counts as :func:`_counts` gives them."""
    c = list(counts)
    if sum(c) + wilds == 0:
        return 0
    moves = 0
    if c[SJ] == 2 and c[BJ] == 2:
        c[SJ] = c[BJ] = 0
        moves += 1
    for r in range(13):
        if c[r] >= 4:
            c[r] = 0
            moves += 1
    moves += _runs(c, 3, 2, True)
    moves += _runs(c, 2, 3, True)
    moves += _straights(c)
    triples = sum(1 for r in range(13) if c[r] == 3)
    pairs = sum(1 for r in range(15) if c[r] == 2)
    singles = sum(1 for r in range(15) if c[r] == 1)
    moves += triples + pairs + singles - min(triples, pairs)
    return max(moves, 1)


@dataclass(frozen=True)
class _Group:
    """One card set among the legal plays, with its strongest reading."""

    action: Action
    moves_left: int
    bomb: bool
    wilds: int
    breaks_bomb: bool
    scale: int
    size: int

    @property
    def key(self) -> tuple[int, bool, bool, bool, int, int]:
        return (
            self.moves_left,
            self.bomb,
            self.wilds > 0,
            self.breaks_bomb,
            self.scale,
            -self.size,
        )


def _strength(action: Action) -> tuple[bool, int, int]:
    play = action.play
    assert play is not None
    return (bool(play.is_bomb), int(play.bomb_tier), int(play.scale))


def _groups(plays: Sequence[Action], hand: list[int], wilds: int, wild: Card) -> list[_Group]:
    """The legal plays grouped by card set, the strongest reading of each, judged against the
    hand (``hand`` and ``wilds`` as :func:`_counts` gives them)."""
    best: dict[CardBag, Action] = {}
    for a in plays:
        play = a.play
        assert play is not None
        key = play.cards
        other = best.get(key)
        if other is None or _strength(a) > _strength(other):
            best[key] = a
    judged: dict[tuple[int, ...], int] = {}
    out = []
    for a in best.values():
        play = a.play
        assert play is not None
        used, used_wild = _counts(play.cards, wild)
        sig = (*used, used_wild)
        left = judged.get(sig)
        if left is None:
            rest = [h - u for h, u in zip(hand, used, strict=True)]
            left = hand_moves(rest, wilds - used_wild)
            judged[sig] = left
        out.append(
            _Group(
                action=a,
                moves_left=left,
                bomb=bool(play.is_bomb),
                wilds=used_wild,
                breaks_bomb=any(hand[r] >= 4 and 0 < used[r] < hand[r] for r in range(13)),
                scale=int(play.scale),
                size=len(play),
            )
        )
    out.sort(key=lambda g: g.key)
    return out


def _partner(p: int) -> int:
    return (p + 2) % 4


class GuandanStrategy:
    search_policy = "greedy"
    level_weight: float | None = None
    """What one level of promotion adds to a won simulation's value 1 in the SearchAgent's
    objective (:meth:`search_act`); a lost one counts ``-level_weight`` per level. ``None``
    values simulations by the levels alone, as ``recommend`` does."""
    keep_partner_play = False
    """When True the SearchAgent does not overtake its partner's top play (it passes, or goes
    out); off by default, as it was not measurably better (docs/agents.md)."""

    def search_act(
        self, state: State, *, seconds: float | None, iterations: int | None, seed: int
    ) -> Action:
        """The SearchAgent's move: the generic search valuing each simulation by the team's
        outcome — 1 when the player's partnership wins the deal (its first-out player, GD-9.1)
        plus ``level_weight`` per level of the promotion (GD-9.3), ``-level_weight`` per level
        when it loses — rather than by the levels alone that ``recommend`` ranks by: the goal
        is winning the deal. With :attr:`keep_partner_play`, while the partner's play is on
        top it only passes or goes out (the rule strategy's partner rule, and the rollouts')."""
        from cardavia.agents.search import SearchConfig, analyse

        config = (
            SearchConfig()
            if self.level_weight is None
            else SearchConfig(simulate=_team_value(self.level_weight))
        )
        legal = state.legal_actions()
        if self.keep_partner_play:
            player = state.current_player
            assert player is not None
            obs = state.observation(player)
            top = obs["top"]
            passing = next((a for a in legal if a.kind == "pass"), None)
            if (
                obs["phase"] != "return"
                and top is not None
                and top["player"] == _partner(player)
                and passing is not None
            ):
                size = len(obs["hand"])
                outs = [a for a in legal if a.cards is not None and len(a.cards) == size]
                if not outs:
                    return passing
                return max(outs, key=_strength)
        hints = analyse(state, seconds=seconds, iterations=iterations, seed=seed, config=config)
        return hints[0].action

    def _view(self, state: State, listed: bool = True) -> tuple[dict[str, Any], list[Action], Card]:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        legal = list(state.legal_actions()) if listed else []
        return obs, legal, wild_card(obs["level"])

    # ---- the rule strategy ------------------------------------------------------------

    def choose(self, state: State, rng: Rng) -> Action:
        obs, legal, wild = self._view(state)
        if obs["phase"] == "return":
            return self._return_order(obs, legal, wild)[0]
        return self._play(obs, legal, wild)

    @staticmethod
    def _payer(obs: dict[str, Any]) -> int | None:
        me = obs["player"]
        for e in obs["history"]:
            if e["event"] == "tribute" and e.get("to") == me:
                return int(e["player"])
        return None

    def _return_order(self, obs: dict[str, Any], legal: list[Action], wild: Card) -> list[Action]:
        hand, wilds = _counts(CardBag(obs["hand"]), wild)
        to_partner = self._payer(obs) == _partner(obs["player"])

        def key(a: Action) -> tuple[int, int]:
            assert a.cards is not None
            card = next(iter(a.cards))
            r = int(card.rank.value)
            rest = hand.copy()
            rest[r] -= 1
            return (hand_moves(rest, wilds), -r if to_partner else r)

        return sorted(legal, key=key)

    def _play(
        self,
        obs: dict[str, Any],
        legal: list[Action],
        wild: Card,
        judged: list[_Group] | None = None,
    ) -> Action:
        plays = [a for a in legal if a.kind == "play"]
        passing = next((a for a in legal if a.kind == "pass"), None)
        hand_bag = CardBag(obs["hand"])
        size = len(hand_bag)
        for a in plays:
            if a.cards is not None and len(a.cards) == size:
                return max((b for b in plays if b.cards == a.cards), key=_strength)
        if not plays:
            assert passing is not None
            return passing
        hand, wilds = _counts(hand_bag, wild)
        groups = judged if judged is not None else _groups(plays, hand, wilds, wild)
        me = obs["player"]
        mate = _partner(me)
        sizes = obs["hand_sizes"]
        foes = [p for p in range(4) if p % 2 != me % 2 and sizes[p] > 0]
        top = obs["top"]
        if top is None:
            plain = [g for g in groups if not g.bomb and not g.wilds] or groups
            if sizes[mate] == 1:
                singles = [g for g in plain if g.size == 1]
                if singles:
                    return min(singles, key=lambda g: g.scale).action
            short = [sizes[p] for p in foes if sizes[p] <= 2]
            if short:
                longer = [g for g in plain if g.size > max(short)]
                if longer:
                    return longer[0].action
            return plain[0].action
        if top["player"] == mate and passing is not None:
            return passing
        now = hand_moves(hand, wilds)
        normal = [g for g in groups if not g.bomb and g.moves_left <= now + 1]
        if normal:
            return min(normal, key=lambda g: (g.breaks_bomb, g.wilds, g.scale)).action
        bombs = [g for g in groups if g.bomb]
        leader = top["player"]
        if bombs and (
            passing is None or sizes[leader] <= 6 or min(g.moves_left for g in bombs) <= 2
        ):
            return min(bombs, key=lambda g: _strength(g.action)).action
        if passing is None:
            return groups[0].action
        return passing

    # ---- reasons ------------------------------------------------------------------------

    def describe(self, state: State, action: Action) -> str:
        obs, _, wild = self._view(state, listed=False)
        if action.kind == "return":
            payer = self._payer(obs)
            whom = "the partner" if payer == _partner(obs["player"]) else "the payer"
            return f"returns {next(iter(action.cards or ()))} to {whom} (GD-4.7)"
        if action.kind == "pass":
            top = obs["top"]
            if top is not None and top["player"] == _partner(obs["player"]):
                return "lets the partner's play stand"
            return "passes and keeps its cards"
        play = action.play
        assert play is not None
        hand_bag = CardBag(obs["hand"])
        if len(play) == len(hand_bag):
            return "goes out"
        hand, wilds = _counts(hand_bag, wild)
        used, used_wild = _counts(play.cards, wild)
        rest = [h - u for h, u in zip(hand, used, strict=True)]
        name = play.kind.replace("_", " ")
        parts = [f"{name} (a bomb)" if play.is_bomb else name]
        if used_wild:
            stands = ", ".join(str(c) for c in play.wild_as)
            parts.append(f"the wild {wild} as {stands}" if stands else f"uses the wild {wild}")
        elif wilds:
            parts.append("keeps the wild card" if wilds == 1 else "keeps both wild cards")
        if any(hand[r] >= 4 and 0 < used[r] < hand[r] for r in range(13)):
            parts.append("breaks a bomb")
        left = hand_moves(rest, wilds - used_wild)
        parts.append(f"leaves {left} play{'s' if left != 1 else ''}")
        return "; ".join(parts)

    # ---- what a search ranks ----------------------------------------------------------

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """The choices a search ranks, the most promising first.

        * The return card: every eligible card, in the rule strategy's order.
        * Card play: whole plays, one per card set — its strongest reading (GD-6.7's order:
          the readings of one card set spend the same cards, the strongest is the hardest to
          beat) — ordered by the plays they leave (fewest first), then no bomb, no wild card,
          no broken bomb, the lowest rank, the most cards; cut to the 14 best, with the rule
          strategy's choice, the weakest bomb and pass always included. A lead of 1,600 legal
          moves becomes 15 or 16 candidates."""
        obs, legal, wild = self._view(state)
        if obs["phase"] == "return":
            return [(a,) for a in self._return_order(obs, legal, wild)]
        plays = [a for a in legal if a.kind == "play"]
        others = [a for a in legal if a.kind != "play"]
        hand, wilds = _counts(CardBag(obs["hand"]), wild)
        groups = _groups(plays, hand, wilds, wild)
        keep = [g.action for g in groups[:MAX_CANDIDATES]]
        extra = [self._play(obs, legal, wild, groups)]
        bombs = [g for g in groups if g.bomb]
        if bombs:
            extra.append(min(bombs, key=lambda g: _strength(g.action)).action)
        for a in extra:
            if a.kind == "play" and a not in keep:
                keep.append(a)
        return [(a,) for a in keep + others]


def _team_value(
    level_weight: float,
) -> Callable[[State, Sequence[Action], int, int, str, int], tuple[list[float], bool]]:
    """A ``SearchConfig.simulate`` valuing a simulation by the team outcome (see
    :meth:`GuandanStrategy.search_act`)."""

    def value(r: float) -> float:
        return (1.0 if r > 0 else 0.0) + level_weight * r

    def simulate(
        world: State, line: Sequence[Action], player: int, seed: int, policy: str, playouts: int
    ) -> tuple[list[float], bool]:
        child = world.clone()
        for action in line:
            child.apply(action)
        if child.is_terminal():
            return [value(child.returns()[player])], True
        out = child.playout_returns(playouts, policy=policy, seed=seed)  # type: ignore[attr-defined]
        return [value(float(x)) for x in out[:, player]], False

    return simulate


STRATEGY = GuandanStrategy()
