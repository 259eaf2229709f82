"""Bridge's search, behind :func:`cardavia.recommend` and the SearchAgent (issue 15).

Both phases sample *worlds*: deals consistent with everything the player to act has seen (his
cards, dummy's once exposed, the played cards and the voids they showed, BR-4.9) **and** with
what the auction showed: every call is read back through the bidding system
(:func:`~cardavia.agents.strategies.bridge_system.read_auction`), which gives each seat a box of
high-card points and suit lengths, and ``BridgeState.resample_within`` deals the hidden hands
inside those boxes (exactly uniformly, by rejection in Rust). When the boxes are too narrow for
the draw budget (a seat whose calls contradict the system), the missing worlds come from the
plain ``resample``. The true hidden cards never reach the search: worlds are built from the
player's view only, so two states that differ only in hidden cards give the same hints.

**Card play (PIMC).** Every legal card is tried in the same world (common random numbers) and
the deal is finished there; the card's value is the player's mean score (``returns()``, points
for his side) over the worlds, with a 95% interval, and cards clearly worse than the leader
stop being sampled (successive rejection), as in the generic search. Each world is finished by
the double-dummy solver when the core has one (``solve_position`` in ``cardavia.bridge``: every
card's tricks with best play by all four hands, turned into the score of the contract), else by
Rust playouts under the greedy card rule. A time budget stops between worlds, before a solve
that the slowest one so far (in this trick, of this decision or lately) says would overrun it;
a decision that cannot afford even one solve (a loaded machine, in the first tricks)
is valued by greedy playouts instead. An iteration budget counts one card in one world as one
simulation (and always solves). Declarer's worlds also keep only layouts whose opening leader
would have led the card led, under the lead rules (see :func:`worlds`). Equal
cards (the same suit, every card ranked between them played or in the same hand) are searched
once and share the value.

**Calls.** The bidding system's call is ranked first: it is a partnership agreement, and a
call off the system would mislead partner. A few calls are then *checked*: the system's call,
pass, and the other calls the system gives a meaning here. Each is applied in a world, the
auction is finished by all four seats bidding the system with their world hands, and the
contract reached is played out by the greedy card rule in Rust; the mean score is the call's
value. When passing scores better than the system's call by more than the 95% interval of the
paired difference (the system would reach a hopeless contract on these hands), pass is ranked
first instead. The other legal calls are listed after, unsimulated (value 0, samples 0), with
what the system makes of them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from cardavia import _core
from cardavia._core import Card, CardSet, Rng
from cardavia.agents.base import Hint, RunningMean, SeededAgent, require_decision
from cardavia.agents.strategies.bridge import STRATEGY, PlayView, choose_card, opening_lead
from cardavia.agents.strategies.bridge_system import (
    STRAINS,
    Auction,
    Hand,
    advance,
    choose_call,
    copy_auction,
    explain_call,
    read_auction,
)
from cardavia.errors import InvalidArgumentError
from cardavia.game import Action
from cardavia.games import bridge as bridge_module
from cardavia.games.bridge import BridgeState
from cardavia.games.climbing import derive_seed

__all__ = [
    "DoubleDummyPlayer",
    "PlayValue",
    "analyse_bridge",
    "auction_boxes",
    "dd_play_values",
    "worlds",
]

_TIME_MARGIN = 0.9
# The auction's simulations are Python (the system bids for all four seats) and a batch of
# worlds is drawn at a time: stop earlier (at 0.75, 1.18 s at the 99th percentile when loaded).
_CALL_TIME_MARGIN = 0.6
_MIN_SAMPLES = 8
# Trick number (0-12) -> how long a double-dummy solve of a world took here lately (the last
# one, or 0.7 of the slowest before when that is more): a time budget's estimate of the next
# solve (a decision that cannot afford one uses playouts).
_SOLVE_SECONDS: dict[int, float] = {}
_WORLD_BATCH = 8
_DRAWS_PER_WORLD = 2_000
_CHECKED_CALLS = 6
# Once the defenders' opening lead is known, worlds are drawn in rounds of these many per
# world wanted, keeping those whose leader would have led that card, until enough are kept.
_LEAD_OVERSAMPLE = (4, 12)
_CALL_ACTIONS = {str(a): a for a in bridge_module.ACTIONS[: bridge_module.CARD_BASE]}


Boxes = list[tuple[int, int, list[tuple[int, int]]] | None]


def auction_boxes(calls: Sequence[str]) -> Boxes:
    """Per seat (N, E, S, W), what its calls showed as a ``resample_within`` box (None when
    nothing)."""
    shown = read_auction(list(calls)).shown
    return [None if s.unconstrained else s.box() for s in shown]


def worlds(
    state: BridgeState, player: int, count: int, seed: int, boxes: Boxes | None = None
) -> list[BridgeState]:
    """``count`` deals consistent with the player's view and the auction (see the module
    docs), seeded. ``boxes`` (from :func:`auction_boxes`) saves reading the auction again."""
    if boxes is None:
        boxes = auction_boxes(state.calls)
    lead = _lead_check(state, player)
    if lead is None:
        return _draw(state, player, count, seed, boxes)
    kept: list[BridgeState] = []
    spare: list[BridgeState] = []
    for r, factor in enumerate(_LEAD_OVERSAMPLE):  # draw more while too few lead the card
        for w in _draw(state, player, count * factor, derive_seed(seed, 7_000 + r), boxes):
            (kept if lead(w) else spare).append(w)
        if len(kept) >= count:
            return kept[:count]
    return kept + spare[: count - len(kept)]


def _draw(
    state: BridgeState, player: int, count: int, seed: int, boxes: Boxes
) -> list[BridgeState]:
    found: list[BridgeState] = []
    if any(b is not None for b in boxes):
        found = state.resample_within(
            player, boxes, count, seed=seed, max_draws=_DRAWS_PER_WORLD * count
        )
    k = 0
    while len(found) < count:
        found.append(state.resample(player, seed=derive_seed(seed, 1_000 + k)))
        k += 1
    return found


def _lead_check(state: BridgeState, player: int) -> Callable[[BridgeState], bool] | None:
    """For the declarer once the opening lead is made: a test that a world's hand for the
    leader would have led that card under the card rules' opening leads (top of a sequence,
    fourth best, partner's suit...: the defenders' leading agreements, which the declarer is
    told). None otherwise. A lead the rules would not make on any drawn world (a defender
    leading off the rules) leaves the plain worlds in."""
    plays = state._deal.plays()
    declarer = state.declarer
    if not plays or declarer is None or player % 2 != declarer % 2:
        return None  # a defender's partner may lead off the rules (a searching agent does)
    leader, card = plays[0]
    obs = state.observation(player)
    template = {
        "seat_to_play": leader,
        "declarer": obs["declarer"],
        "dummy": obs["dummy"],
        "contract": obs["contract"],
        "dummy_hand": None,
        "tricks": [],
        "current_trick": {"leader": None, "cards": []},
        "calls": obs["calls"],
    }
    auction = read_auction(obs["calls"])
    played_by_leader = CardSet([c for seat, c in plays if seat == leader])

    def check(world: BridgeState) -> bool:
        hand = world.hands()[leader] | played_by_leader
        return opening_lead({**template, "hand": [str(c) for c in hand]}, hand, auction) == card

    return check


class _Cand:
    __slots__ = ("action", "stats", "active")

    def __init__(self, action: Action):
        self.action = action
        self.stats = RunningMean()
        self.active = True


def _dd_solver() -> Callable[[BridgeState], Any] | None:
    """The double-dummy ``solve_position(state)`` of ``cardavia.bridge`` when it has one
    (issue 15's solver), else the core binding ``bridge_dd_solve_position(hands, strain,
    trick_leader, trick)`` adapted to it, else None: the seam where the play search switches
    from playouts to exact solving."""
    solver: Callable[[BridgeState], Any] | None = getattr(bridge_module, "solve_position", None)
    if callable(solver):
        return solver
    core = getattr(_core, "bridge_dd_solve_position", None)
    if not callable(core):
        return None

    def solve(world: BridgeState) -> Any:
        contract = world.contract
        assert contract is not None
        strain = STRAINS.index(contract[1:].rstrip("X"))
        leader, trick = world._deal.current_trick()
        return core(world.hands(), strain, leader, trick)

    return solve


def _dd_values(
    world: BridgeState, player: int, solver: Callable[[BridgeState], Any]
) -> dict[int, float]:
    """The player's score after each legal card of ``world`` with double-dummy play from there
    on: card index -> ``returns()[player]``. ``solver(world)`` gives (card, tricks) pairs (or a
    mapping), the tricks the side to play takes from the current trick on."""
    return {c: v for c, (v, _) in _dd_outcomes(world, player, solver).items()}


def _dd_outcomes(
    world: BridgeState, player: int, solver: Callable[[BridgeState], Any]
) -> dict[int, tuple[float, int]]:
    """Like :func:`_dd_values`, with the tricks the player's side takes in the whole deal:
    card index -> (``returns()[player]``, tricks of the player's side)."""
    solved = solver(world)
    pairs = solved.items() if hasattr(solved, "items") else solved
    seat = world.seat_to_play
    declarer = world.declarer
    contract = world.contract
    assert seat is not None and declarer is not None and contract is not None
    won = world._deal.tricks_won()  # per seat, completed tricks
    remaining = 13 - sum(won)
    declarer_won = won[declarer] + won[(declarer + 2) % 4]
    vul = world.game.vulnerability
    out: dict[int, tuple[float, int]] = {}
    for card, tricks in pairs:
        if isinstance(card, Action):  # cardavia.bridge.solve_position: {Action: tricks}
            card = card.cards
        (c,) = card if isinstance(card, CardSet) else CardSet([card])
        side = int(tricks)
        ours = side if seat % 2 == declarer % 2 else remaining - side
        total = declarer_won + ours  # the declaring side's tricks in the deal
        ns = bridge_module.score(contract, declarer, vul, total)
        mine = total if player % 2 == declarer % 2 else 13 - total
        out[c.index] = (float(ns if player % 2 == 0 else -ns), mine)
    return out


def _card_index(action: Action) -> int:
    assert isinstance(action.cards, CardSet)
    (c,) = action.cards
    return c.index


def _play_search(
    state: BridgeState, player: int, seconds: float | None, iterations: int | None, seed: int
) -> list[Hint]:
    legal = state.legal_actions()
    obs = state.observation(player)
    rule_card, _ = choose_card(obs, legal)
    ordered = [rule_card] + [a for a in legal if a != rule_card]
    twins = _equal_cards(ordered, PlayView(obs))
    cands = [_Cand(a) for a in ordered if a not in twins]
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds * _TIME_MARGIN
    sims = 0
    batch = 0
    solver = _dd_solver()
    boxes = auction_boxes(state.calls)

    def spent() -> bool:
        if iterations is not None:
            return sims >= iterations
        assert deadline is not None
        return time.perf_counter() >= deadline

    done = False
    trick = len(state._deal.plays()) // 4
    slowest = _SOLVE_SECONDS.get(trick, 0.0)  # the next solve's estimate: the slowest yet
    while not spent() and not done:
        wseed = derive_seed(seed, batch)
        for w_i, world in enumerate(worlds(state, player, _WORLD_BATCH, wseed, boxes)):
            pseed = derive_seed(wseed, 10 + w_i)
            if (
                deadline is not None
                and solver is not None
                and time.perf_counter() + slowest > deadline
            ):
                if sims:
                    done = True  # another solve would overrun the time budget
                    break
                solver = None  # even one solve would: greedy playouts this time
                _SOLVE_SECONDS[trick] = slowest / 2  # try a solve again next time
            t0 = time.perf_counter()
            dd = _dd_values(world, player, solver) if solver is not None else None
            if dd is not None:
                took = time.perf_counter() - t0
                slowest = max(slowest, took)
                _SOLVE_SECONDS[trick] = max(took, 0.7 * _SOLVE_SECONDS.get(trick, 0.0))
            for cand in cands:
                if not cand.active:
                    continue
                if dd is not None:
                    cand.stats.add(dd[_card_index(cand.action)])
                    sims += 1
                else:
                    child = world.clone()
                    child.apply(cand.action)
                    if child.is_terminal():
                        cand.stats.add(child.returns()[player])
                        sims += 1
                    else:
                        out = child.playout_returns(1, policy="greedy", seed=pseed)
                        cand.stats.add(float(out[0, player]))
                        sims += 1
                if spent():
                    break
            if spent():
                break
            if _reject(cands):
                done = True
                break
        batch += 1
    order = sorted(  # best mean first; on a tie the lower card (it keeps control), then the rule's
        range(len(cands)),
        key=lambda i: (
            -cands[i].stats.mean if cands[i].stats.n else math.inf,
            _card_index(cands[i].action) // 4,
            i,
        ),
    )
    how = "double dummy" if solver is not None else "greedy playouts"  # (the last used)
    hints = []
    for i in order:
        c = cands[i]
        for action in [c.action] + [a for a, rep in twins.items() if rep == c.action]:
            described = STRATEGY.describe(state, action)
            if action != c.action:
                described += f" (equal to {c.action})"
            if c.stats.n:
                reason = (
                    f"{described}; {c.stats.mean:+.0f} on average over {c.stats.n} deals ({how})"
                )
            else:
                reason = f"{described}; not simulated"
            hints.append(Hint(action, c.stats.mean, c.stats.half_width, c.stats.n, reason))
    return hints


def _equal_cards(ordered: list[Action], view: PlayView) -> dict[Action, Action]:
    """Cards equal to an earlier one of ``ordered``: the same suit with every card ranked
    between them already played or in the same hand (so either wins or loses the same
    tricks), mapped to it."""
    out: dict[Action, Action] = {}
    known = view.played | view.hand  # a card between two of ours that is played or ours
    reps: list[tuple[int, int, Action]] = []  # suit, rank, representative
    for action in ordered:
        assert isinstance(action.cards, CardSet)
        (card,) = action.cards
        suit = card.suit
        assert suit is not None
        s, r = suit.value, card.rank.value
        for rs, rr, rep in reps:
            lo, hi = min(r, rr), max(r, rr)
            if rs == s and all(Card.from_index(k * 4 + s) in known for k in range(lo + 1, hi)):
                out[action] = rep
                break
        else:
            reps.append((s, r, action))
    return out


def _reject(cands: list[_Cand]) -> bool:
    active = [c for c in cands if c.active]
    if len(active) <= 1:  # one card left: a few deals for its value, then stop
        return all(c.stats.n >= _MIN_SAMPLES for c in active)
    if not all(c.stats.n >= _MIN_SAMPLES for c in active):
        return False
    best = max(active, key=lambda c: c.stats.mean)
    floor = best.stats.mean - best.stats.half_width
    for c in active:
        if c is not best and c.stats.mean + c.stats.half_width < floor:
            c.active = False
    return sum(c.active for c in cands) <= 1


def _finish_auction(world: BridgeState, auction: Auction, hands: list[Hand]) -> None:
    """Every seat calls the system with its own hand in this world until the auction ends
    (``auction`` is the world's auction so far, read by the system; it is advanced in place)."""
    while world.phase == "auction":
        p = world.current_player
        assert p is not None
        call, _ = choose_call(hands[p], auction)
        world.apply(_CALL_ACTIONS[call])
        advance(auction, call)


def _call_search(
    state: BridgeState, player: int, seconds: float | None, iterations: int | None, seed: int
) -> list[Hint]:
    legal = state.legal_actions()
    obs = state.observation(player)
    auction = read_auction(obs["calls"])
    hand = Hand.of(CardSet(obs["hand"]))
    system_call, _ = choose_call(hand, auction)
    by_text = {str(a): a for a in legal}
    checked = [system_call] if system_call in by_text else []
    if "P" not in checked:
        checked.append("P")
    for a in legal:
        text = str(a)
        if len(checked) >= _CHECKED_CALLS:
            break
        if text not in checked and "not a call of the system" not in explain_call(auction, text):
            checked.append(text)
    stats = {c: RunningMean() for c in checked}
    diff = RunningMean()  # pass minus the system's call, paired per world
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds * _CALL_TIME_MARGIN
    sims = 0
    batch = 0

    def spent() -> bool:
        if iterations is not None:
            return sims >= iterations
        assert deadline is not None
        return time.perf_counter() >= deadline

    boxes = [None if s.unconstrained else s.box() for s in auction.shown]
    after_call = {c: advance(copy_auction(auction), c) for c in checked}
    while not spent():
        wseed = derive_seed(seed, batch)
        for w_i, world in enumerate(worlds(state, player, _WORLD_BATCH, wseed, boxes)):
            pseed = derive_seed(wseed, 10 + w_i)
            values: dict[str, float] = {}
            hands = [Hand.of(h) for h in world.hands()]
            for call in checked:
                child = world.clone()
                child.apply(by_text[call])
                _finish_auction(child, copy_auction(after_call[call]), hands)
                if child.is_terminal():
                    v = child.returns()[player]
                else:
                    v = float(child.playout_returns(1, policy="greedy", seed=pseed)[0, player])
                values[call] = v
                stats[call].add(v)
                sims += 1
                if spent():
                    break
            if len(values) == len(checked) and checked[0] != "P":
                diff.add(values["P"] - values[checked[0]])
            if spent():
                break
        batch += 1
    first = checked[0]
    flipped = first != "P" and diff.n >= _MIN_SAMPLES and diff.mean - diff.half_width > 0
    order = ["P"] + [c for c in checked if c != "P"] if flipped else checked
    hints = []
    for call in order:
        s = stats[call]
        text = explain_call(auction, call, hand)
        if call == system_call:
            text += "; the system's call"
        if flipped and call == "P":
            text += f"; passing beats {system_call} on these hands"
        text += f"; {s.mean:+.0f} on average over {s.n} deals (system continuation)"
        hints.append(Hint(by_text[call], s.mean, s.half_width, s.n, text))
    for a in legal:
        if str(a) not in stats:
            reason = f"{explain_call(auction, str(a), hand)}; not simulated"
            hints.append(Hint(a, 0.0, 0.0, 0, reason))
    return hints


class PlayValue:
    """One card's values over the worlds of :func:`dd_play_values`: the player's mean score
    (``score``, points) and the mean tricks his side takes in the deal (``tricks``)."""

    __slots__ = ("action", "score", "tricks")

    def __init__(self, action: Action):
        self.action = action
        self.score = RunningMean()
        self.tricks = RunningMean()


def dd_play_values(
    state: BridgeState,
    player: int,
    count: int,
    seed: int,
    boxes: Boxes | None = None,
    tie_rounds: int = 0,
) -> list[PlayValue]:
    """Every legal card of the seat to play (``player`` chooses: the declarer for dummy, BR-4.3)
    valued over the same ``count`` worlds (:func:`worlds`: consistent with his view and the
    auction), each solved double dummy after every card: best first by mean score, then mean
    tricks, then the lower card (the worlds drawn see no difference, but keeping a high card
    keeps control: cashing winners early is what loses tricks against the layouts they
    missed), then the card rule's choice. The mean over the worlds, not the best world: a card
    that needs the defenders' cards to lie well is only as good as the layouts where it
    works.

    ``tie_rounds``: while the best two cards tie exactly and are not equal cards (the same
    suit with nothing between them), up to this many further rounds of ``count`` worlds are
    solved and added. Few worlds often rate several cards the same (cashing a winner now or
    keeping it, when no drawn layout punishes either) although some layouts do."""
    solver = _dd_solver()
    if solver is None:
        raise InvalidArgumentError("dd_play_values needs the double-dummy solver in the core")
    legal = state.legal_actions()
    obs = state.observation(player)
    rule_card, _ = choose_card(obs, legal)
    ordered = [rule_card] + [a for a in legal if a != rule_card]
    values = {_card_index(a): PlayValue(a) for a in ordered}
    rank = {a: i for i, a in enumerate(ordered)}
    twins = _equal_cards(ordered, PlayView(obs)) if tie_rounds else {}

    def key(pv: PlayValue) -> tuple[float, float, int, int]:
        low = _card_index(pv.action) // 4  # the card's rank (index = rank * 4 + suit)
        return (-pv.score.mean, -pv.tricks.mean, low, rank[pv.action])

    for r in range(1 + tie_rounds):
        rseed = seed if r == 0 else derive_seed(seed, 50_000 + r)
        for world in worlds(state, player, count, rseed, boxes):
            for c, (v, t) in _dd_outcomes(world, player, solver).items():
                values[c].score.add(v)
                values[c].tricks.add(t)
        ranked = sorted(values.values(), key=key)
        best = ranked[0]
        rep = twins.get(best.action, best.action)
        tied = [
            pv
            for pv in ranked[1:]
            if key(pv)[:2] == key(best)[:2] and twins.get(pv.action, pv.action) != rep
        ]
        if not tied:
            break
    return sorted(values.values(), key=key)


class DoubleDummyPlayer(SeededAgent):
    """The bidding system's calls (the HeuristicAgent's) and PIMC card play: each card is
    :func:`dd_play_values`' best over ``worlds`` worlds solved double dummy (up to
    ``tie_rounds`` more rounds of worlds while the best cards tie). A cheaper,
    fixed-size form of the SearchAgent's card play (no time budget, no successive rejection:
    the cost of a decision is ``worlds`` solves), for measuring card play over thousands of
    boards. A forced card (one legal card, or all of them equal) is played without solving.
    Seeded per decision; reads only the player's view."""

    def __init__(self, worlds: int = 16, seed: int | None = None, tie_rounds: int = 2):
        super().__init__(seed)
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise InvalidArgumentError(f"worlds must be an int of at least 1, got {worlds!r}")
        if isinstance(tie_rounds, bool) or not isinstance(tie_rounds, int) or tie_rounds < 0:
            raise InvalidArgumentError(f"tie_rounds must be an int >= 0, got {tie_rounds!r}")
        self.worlds = worlds
        self.tie_rounds = tie_rounds
        self.name = f"ddplay@{worlds}" + (f"t{tie_rounds}" if tie_rounds != 2 else "")

    def act(self, state: BridgeState) -> Action:
        player = require_decision(state)
        seed = self._next_seed()
        if state.phase == "auction":
            action: Action = STRATEGY.choose(state, Rng(seed))
            return action
        legal: list[Action] = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rule_card, _ = choose_card(state.observation(player), legal)
        ordered = [rule_card] + [a for a in legal if a != rule_card]
        twins = _equal_cards(ordered, PlayView(state.observation(player)))
        if len(ordered) - len(twins) == 1:
            return rule_card
        best = dd_play_values(state, player, self.worlds, seed, tie_rounds=self.tie_rounds)
        return best[0].action


def analyse_bridge(
    state: Any, *, seconds: float | None, iterations: int | None, seed: int
) -> list[Hint]:
    """Every legal action of the player to act, best first (see the module docs)."""
    player = state.current_player
    assert player is not None
    if state.phase == "auction":
        return _call_search(state, player, seconds, iterations, seed)
    return _play_search(state, player, seconds, iterations, seed)
