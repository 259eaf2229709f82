"""The arena: strength measured on duplicate deals.

Every deal is played once per rotation of the agents through the seats (partnerships rotate
with them), so that each agent meets the same cards from every seat and the luck of the deal
cancels out of the comparison. An agent's score for a deal is its mean payoff over the seats
it held in the deal's rotations; the arena reports the mean of those scores over the deals with
a 95% confidence interval (1.96 standard errors, deals being independent).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardavia.agents.base import Agent
from cardavia.agents.heuristic import HeuristicAgent
from cardavia.agents.random_agent import RandomAgent
from cardavia.agents.search import SearchAgent
from cardavia.cards import check_seed
from cardavia.errors import InvalidArgumentError
from cardavia.game import Game, State, load
from cardavia.games.climbing import derive_seed

__all__ = [
    "AGENT_NAMES",
    "AgentScore",
    "ArenaResult",
    "SeatComparison",
    "arena",
    "make_agent",
    "seat_duplicate",
]

AGENT_NAMES = ("random", "heuristic", "search")


def make_agent(name: str, seed: int | None = None, seconds: float | None = None) -> Agent:
    """A built-in agent by name: ``random``, ``heuristic`` or ``search`` (``search:0.2`` sets
    its seconds per decision, ``search@500`` its iterations per decision); for Hold'em also
    ``station`` and ``tag`` (:mod:`cardavia.agents.holdem_bots`)."""
    base, seconds_text, iterations_text = name, None, None
    if ":" in name:
        base, _, seconds_text = name.partition(":")
    elif "@" in name:
        base, _, iterations_text = name.partition("@")
    if base == "random":
        return RandomAgent(seed)
    if base == "heuristic":
        return HeuristicAgent(seed)
    if base in ("station", "tag"):  # Hold'em's fixed opponents (agents/holdem_bots.py)
        from cardavia.agents.holdem_bots import CallingStation, TightAggressive

        return CallingStation(seed) if base == "station" else TightAggressive(seed)
    if base == "search":
        try:
            if iterations_text is not None:
                return SearchAgent(iterations=int(iterations_text), seed=seed)
            budget = float(seconds_text) if seconds_text is not None else seconds
            return SearchAgent(seconds=budget if budget is not None else 1.0, seed=seed)
        except ValueError:
            raise InvalidArgumentError(f"bad search budget in agent {name!r}") from None
    raise InvalidArgumentError(
        f"unknown agent {name!r}; built-in agents: {', '.join(AGENT_NAMES)} "
        "(search:SECONDS or search@ITERATIONS sets the budget; Hold'em: station, tag)"
    )


@dataclass
class AgentScore:
    """One agent's results: per-deal scores and the decisions it made."""

    name: str
    scores: list[float] = field(default_factory=list)
    wins: int = 0
    seats_played: int = 0
    decisions: int = 0
    seconds: float = 0.0
    extra: dict[str, list[float]] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def interval(self) -> float:
        n = len(self.scores)
        if n < 2:
            return 0.0
        m = self.mean
        var = sum((x - m) ** 2 for x in self.scores) / (n - 1)
        return 1.96 * math.sqrt(var / n)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats_played if self.seats_played else 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "agent": self.name,
            "mean": self.mean,
            "interval": self.interval,
            "win_rate": self.win_rate,
            "seats_played": self.seats_played,
            "decisions": self.decisions,
            "seconds_per_decision": self.seconds / self.decisions if self.decisions else 0.0,
        }
        for key, values in sorted(self.extra.items()):
            out[key] = sum(values) / len(values) if values else None
            out[key + "_n"] = len(values)
        return out


@dataclass
class ArenaResult:
    """What :func:`arena` measured: per agent, the mean payoff per deal and its 95% interval
    (``value ± interval``), win rates, time per decision, and per-game metrics."""

    game: str
    deals: int
    seed: int
    rotations: int
    agents: list[AgentScore]

    def score(self, name: str) -> AgentScore:
        for a in self.agents:
            if a.name == name:
                return a
        raise InvalidArgumentError(f"no agent {name!r} in this result")

    def difference(self, first: str, second: str) -> tuple[float, float]:
        """``first``'s mean payoff per deal minus ``second``'s and the 95% half-width of that
        difference, paired deal by deal (both met the same cards: far tighter than the two
        intervals apart). Significant at 95% when ``abs(mean) > half_width``."""
        a, b = self.score(first).scores, self.score(second).scores
        diffs = [x - y for x, y in zip(a, b, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n if n else 0.0
        if n < 2:
            return mean, 0.0
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, 1.96 * math.sqrt(var / n)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "deals": self.deals,
            "seed": self.seed,
            "rotations": self.rotations,
            "agents": [a.to_json() for a in self.agents],
        }

    def table(self) -> str:
        lines = [
            f"{self.game}: {self.deals:,} duplicate deals x {self.rotations} seatings, "
            f"seed {self.seed}",
            f"{'agent':<12} {'mean payoff':>12} {'95% ±':>8} {'win rate':>9} {'s/decision':>11}",
        ]
        for a in self.agents:
            j = a.to_json()
            lines.append(
                f"{a.name:<12} {a.mean:>12.3f} {a.interval:>8.3f} {a.win_rate:>9.1%} "
                f"{j['seconds_per_decision']:>11.4f}"
            )
            for key in sorted(a.extra):
                value = j[key]
                if value is not None:
                    lines.append(f"  {key:<22} {value:>9.3f}  (n={j[key + '_n']})")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2)


def _labels(agents: Sequence[Agent | str]) -> list[str]:
    """A label per agent: a built-in name as given (the same name is the same agent), or the
    object's name, made unique when two different objects share one."""
    labels: list[str] = []
    first_of: dict[str, Agent | str] = {}
    for agent in agents:
        if isinstance(agent, str):
            labels.append(agent)
            first_of.setdefault(agent, agent)
            continue
        name = getattr(agent, "name", type(agent).__name__)
        if name in first_of and first_of[name] is not agent:
            k = 2
            while f"{name}#{k}" in first_of:
                k += 1
            name = f"{name}#{k}"
        first_of.setdefault(name, agent)
        labels.append(name)
    return labels


def _seatings(labels: list[str], players: int) -> list[list[int]]:
    """Agent index per seat for each rotation, skipping rotations that repeat a seating."""
    base = [i % len(labels) for i in range(players)]
    seen: set[tuple[str, ...]] = set()
    out = []
    for r in range(players):
        seating = [base[(s + r) % players] for s in range(players)]
        key = tuple(labels[i] for i in seating)
        if key not in seen:
            seen.add(key)
            out.append(seating)
    return out


Metrics = Callable[[State, list[str]], dict[str, dict[str, float]]]


def _game_metrics(game_id: str) -> Metrics | None:
    if game_id == "doudizhu":
        return _doudizhu_metrics
    if game_id == "tractor":
        return _tractor_metrics
    if game_id == "zhengshangyou":
        return _zhengshangyou_metrics
    return None


def _zhengshangyou_metrics(state: State, seat_labels: list[str]) -> dict[str, dict[str, float]]:
    """Zheng Shangyou, per deal and seating: the share of the agent's seats that went out first
    (the deal's winner, ZSY-6.6; a positive payoff can also come from bomb bonuses, ZSY-7.3)."""
    result = state.result
    if result is None:
        return {}
    out: dict[str, dict[str, float]] = {}
    for label in set(seat_labels):
        seats = [s for s, x in enumerate(seat_labels) if x == label]
        out[label] = {"first_out": sum(result["winner"] == s for s in seats) / len(seats)}
    return out


def _tractor_metrics(state: State, seat_labels: list[str]) -> dict[str, dict[str, float]]:
    """Tractor, per deal and seating: whether the agent's team gained a level (its return is
    positive, TR-5.4) and whether it defended (the dealer's team, TR-3.11)."""
    result = state.result
    if result is None:
        return {}
    out: dict[str, dict[str, float]] = {}
    for seat, label in enumerate(seat_labels):
        entry = out.setdefault(label, {})
        entry["gained_level"] = float(result["returns"][seat] > 0)
        entry["defended"] = float(seat % 2 == result["dealer"] % 2)
    return out


def _doudizhu_metrics(state: State, seat_labels: list[str]) -> dict[str, dict[str, float]]:
    """DouZero's measures per role: WP (win) and ADP (score), landlord or farmer."""
    result = state.result
    if result is None:
        return {}
    landlord = result["landlord"]
    scores = result["scores"]
    out: dict[str, dict[str, float]] = {}
    for seat, label in enumerate(seat_labels):
        role = "landlord" if seat == landlord else "farmer"
        won = (result["winner"] == "landlord") == (seat == landlord)
        entry = out.setdefault(label, {})
        entry[f"WP_{role}"] = float(won)
        # ADP counts the landlord's stake once: the landlord's score over two.
        entry[f"ADP_{role}"] = scores[seat] / 2 if seat == landlord else scores[seat]
    return out


def arena(
    game_id: str | Game[Any],
    agents: Sequence[Agent | str],
    deals: int = 100,
    seed: int | None = 0,
    *,
    progress: Callable[[int, int], None] | None = None,
    max_actions: int = 100_000,
) -> ArenaResult:
    """Play ``deals`` duplicate deals of a game between ``agents`` and measure them.

    ``agents`` are Agent objects or built-in names (``random``, ``heuristic``, ``search``,
    ``search:0.2``); they take the seats in order, repeated cyclically when there are fewer
    agents than seats (``["search", "heuristic"]`` in bridge is a partnership each). Each deal
    is then replayed with the seating rotated one seat at a time (rotations that would repeat a
    seating are skipped). Agents given by name are created per deal and seating with seeds
    drawn from ``seed``, so a result replays exactly (time budgets aside). ``progress(done,
    total)`` is called after each played deal-seating."""
    game = load(game_id) if isinstance(game_id, str) else game_id
    if not agents:
        raise InvalidArgumentError("give at least one agent")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise InvalidArgumentError(f"deals must be a positive int, got {deals!r}")
    seed = check_seed(seed)
    named = [a if isinstance(a, str) else None for a in agents]
    for name in named:
        if name is not None:
            make_agent(name)  # validate names up front
    objects: list[Agent] = [make_agent(a, seed) if isinstance(a, str) else a for a in agents]
    labels = _labels(agents)
    players = game.num_players
    seatings = _seatings(labels, players)
    unique = list(dict.fromkeys(labels))
    results = {label: AgentScore(label) for label in unique}
    metrics = _game_metrics(game.id)
    total = deals * len(seatings)
    done = 0
    for deal in range(deals):
        deal_seed = derive_seed(seed, deal)
        payoff_sum = dict.fromkeys(unique, 0.0)
        payoff_count = dict.fromkeys(unique, 0)
        for r, seating in enumerate(seatings):
            seat_agents: list[Agent] = []
            for s, i in enumerate(seating):
                name = named[i]
                if name is None:
                    seat_agents.append(objects[i])
                else:
                    seat_agents.append(make_agent(name, derive_seed(deal_seed, 1 + r * 64 + s)))
            # One object per agent index, so partners given by name share it like objects do.
            by_index = {i: seat_agents[s] for s, i in enumerate(seating)}
            state = game.new_state(seed=deal_seed)
            steps = 0
            while not state.is_terminal():
                player = state.current_player
                assert player is not None
                label = labels[seating[player]]
                agent = by_index[seating[player]]
                t0 = time.perf_counter()
                action = agent.act(state)
                results[label].seconds += time.perf_counter() - t0
                results[label].decisions += 1
                state.apply(action)
                steps += 1
                if steps > max_actions:
                    raise InvalidArgumentError(
                        f"deal {deal} did not end after {max_actions} actions"
                    )
            returns = state.returns()
            seat_labels = [labels[i] for i in seating]
            for s, label in enumerate(seat_labels):
                payoff_sum[label] += returns[s]
                payoff_count[label] += 1
                results[label].seats_played += 1
                results[label].wins += returns[s] > 0
            if metrics is not None:
                for label, values in metrics(state, seat_labels).items():
                    for key, v in values.items():
                        results[label].extra.setdefault(key, []).append(v)
            done += 1
            if progress is not None:
                progress(done, total)
        for label in unique:
            if payoff_count[label]:
                results[label].scores.append(payoff_sum[label] / payoff_count[label])
    return ArenaResult(game.id, deals, seed, len(seatings), [results[u] for u in unique])


@dataclass
class SeatComparison:
    """What :func:`seat_duplicate` measured: per deal, the payoff of the seat under test with
    the candidate in it and with each baseline in it (every other seat the same agents), and
    the candidate's mean gain over each baseline with a 95% interval."""

    game: str
    deals: int
    seed: int
    candidate: str
    others: str
    seats: list[int]
    scores: dict[str, list[float]]
    decisions: int = 0
    seconds: float = 0.0

    def differences(self, baseline: str) -> list[float]:
        """The candidate's payoff minus the baseline's, deal by deal."""
        if baseline not in self.scores or baseline == self.candidate:
            raise InvalidArgumentError(f"no baseline {baseline!r} in this result")
        return [
            a - b for a, b in zip(self.scores[self.candidate], self.scores[baseline], strict=True)
        ]

    def gain(self, baseline: str) -> tuple[float, float]:
        """The candidate's mean gain per deal over ``baseline`` and its 95% half-width."""
        d = self.differences(baseline)
        n = len(d)
        mean = sum(d) / n
        if n < 2:
            return mean, 0.0
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        return mean, 1.96 * math.sqrt(var / n)

    @property
    def baselines(self) -> list[str]:
        return [k for k in self.scores if k != self.candidate]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "deals": self.deals,
            "seed": self.seed,
            "candidate": self.candidate,
            "others": self.others,
            "mean": {k: sum(v) / len(v) for k, v in self.scores.items()},
            "seconds_per_decision": self.seconds / self.decisions if self.decisions else 0.0,
            "gain": {},
        }
        for b in self.baselines:
            mean, half = self.gain(b)
            out["gain"][b] = {"mean": mean, "interval": half}
        return out

    def table(self) -> str:
        j = self.to_json()
        lines = [
            f"{self.game}: {self.deals:,} deals, seed {self.seed}; the seat under test rotates, "
            f"the other seats play {self.others}",
            f"{self.candidate} in the seat: {j['mean'][self.candidate]:.3f} per deal, "
            f"{j['seconds_per_decision']:.4f} s per decision",
        ]
        for b in self.baselines:
            g = j["gain"][b]
            lines.append(
                f"  gain over {b:<12} {g['mean']:+.3f} ± {g['interval']:.3f} per deal "
                f"({b} in the seat: {j['mean'][b]:.3f})"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def seat_duplicate(
    game_id: str | Game[Any],
    candidate: str,
    baselines: Sequence[str],
    deals: int = 100,
    seed: int | None = 0,
    *,
    others: str = "heuristic",
    progress: Callable[[int, int], None] | None = None,
    max_actions: int = 100_000,
) -> SeatComparison:
    """One agent against others in the same seat on the same deals (duplicate).

    Deal ``k`` (seeded from ``seed``) is played once with ``candidate`` in seat ``k mod
    players`` and once with each of ``baselines`` there, every other seat played by
    ``others`` (built-in agent names, seeded per deal and seat, so that the other seats play
    the same agents with the same seeds in every replay). The difference of the seat's payoffs
    is the candidate's gain on that deal: whatever the seat's partners and opponents are (fixed
    teams, a partner called during the deal, three teams), they are the same agents in both
    plays. Unlike :func:`arena`, which rotates several agents through the seats and the
    partnerships together, this isolates what one seat's play is worth."""
    game = load(game_id) if isinstance(game_id, str) else game_id
    names = [candidate, *baselines]
    if not baselines:
        raise InvalidArgumentError("give at least one baseline agent")
    if len(set(names)) != len(names):
        raise InvalidArgumentError(f"the candidate and baselines must differ, got {names}")
    for name in [*names, others]:
        make_agent(name)  # validate names up front
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise InvalidArgumentError(f"deals must be a positive int, got {deals!r}")
    seed = check_seed(seed)
    players = game.num_players
    result = SeatComparison(game.id, deals, seed, candidate, others, [], {n: [] for n in names})
    total = deals * len(names)
    done = 0
    for deal in range(deals):
        deal_seed = derive_seed(seed, deal)
        seat = deal % players
        result.seats.append(seat)
        for name in names:
            agents = [make_agent(others, derive_seed(deal_seed, 1 + s)) for s in range(players)]
            agents[seat] = make_agent(name, derive_seed(deal_seed, 100 + seat))
            state = game.new_state(seed=deal_seed)
            steps = 0
            while not state.is_terminal():
                player = state.current_player
                assert player is not None
                if player == seat and name == candidate:
                    t0 = time.perf_counter()
                    action = agents[player].act(state)
                    result.seconds += time.perf_counter() - t0
                    result.decisions += 1
                else:
                    action = agents[player].act(state)
                state.apply(action)
                steps += 1
                if steps > max_actions:
                    raise InvalidArgumentError(
                        f"deal {deal} did not end after {max_actions} actions"
                    )
            result.scores[name].append(state.returns()[seat])
            done += 1
            if progress is not None:
                progress(done, total)
    return result
