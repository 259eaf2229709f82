"""Self-play simulation: many seeded deals, summarised.

:func:`simulate` plays ``n`` deals of a game with a uniformly random policy and returns a
:class:`Summary` (how often each seat won, mean payoffs, deal length). Deals are seeded from one
seed, so a simulation repeats exactly. With ``workers > 1`` the deals are split across worker
processes; the result does not depend on the number of workers.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from cardavia._core import Rng
from cardavia.errors import InvalidArgumentError
from cardavia.game import load
from cardavia.games.climbing import derive_seed


@dataclass
class Summary:
    """Totals over simulated deals."""

    game: str
    deals: int
    seed: int
    returns: np.ndarray = field(repr=False)  # (deals, players)
    lengths: np.ndarray = field(repr=False)  # (deals,) actions per deal

    @property
    def mean_returns(self) -> list[float]:
        return [float(x) for x in self.returns.mean(axis=0)]

    @property
    def win_rates(self) -> list[float]:
        """Fraction of deals in which each seat had the (shared) best payoff and it was > 0.

        Partners who win together both count, so the rates of a game with sides can add up to
        more than 100% (Dou Dizhu's two farmers share every farmers' win)."""
        best = self.returns.max(axis=1, keepdims=True)
        won = (self.returns == best) & (best > 0)
        return [float(x) for x in won.mean(axis=0)]

    @property
    def scoreless(self) -> int:
        """Deals in which every seat's payoff was 0 (no score or level changed hands: in
        Tractor, attackers who take over the deal without gaining a level)."""
        return int((self.returns == 0).all(axis=1).sum()) if self.deals else 0

    def to_json(self) -> dict[str, object]:
        std = self.returns.std(axis=0)
        return {
            "game": self.game,
            "deals": self.deals,
            "seed": self.seed,
            "seats": [
                {"seat": seat, "win_rate": w, "mean_payoff": m, "stdev": float(d)}
                for seat, (w, m, d) in enumerate(
                    zip(self.win_rates, self.mean_returns, std, strict=True)
                )
            ],
            "scoreless_deals": self.scoreless,
            "actions_per_deal": {
                "mean": float(self.lengths.mean()),
                "min": int(self.lengths.min()),
                "max": int(self.lengths.max()),
            },
        }

    def table(self) -> str:
        lines = [
            f"{self.game}: {self.deals:,} random deals, seed {self.seed}",
            f"{'seat':>4}  {'win rate':>8}  {'mean payoff':>11}  {'stdev':>8}",
        ]
        std = self.returns.std(axis=0)
        for seat, (w, m, s) in enumerate(zip(self.win_rates, self.mean_returns, std, strict=True)):
            lines.append(f"{seat:>4}  {w:>8.2%}  {m:>11.3f}  {s:>8.3f}")
        if sum(self.win_rates) > 1.0 + 1e-9:
            lines.append(
                "win rate: deals in which the seat had the best payoff; partners who win\n"
                "together both count, so the rates add up to more than 100%"
            )
        if self.scoreless:
            lines.append(
                f"{self.scoreless:,} deals ({self.scoreless / self.deals:.1%}) ended with every "
                "payoff 0:\nno score or level changed hands"
            )
        lengths = self.lengths
        lines.append(
            f"actions per deal: mean {lengths.mean():.1f}, min {lengths.min()}, max {lengths.max()}"
        )
        return "\n".join(lines)


def _play_range(game_id: str, seed: int, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    game = load(game_id)
    returns = np.zeros((stop - start, game.num_players))
    lengths = np.zeros(stop - start, dtype=np.int64)
    for k, index in enumerate(range(start, stop)):
        deal_seed = derive_seed(seed, index)
        state = game.new_state(seed=deal_seed)
        rng = Rng(deal_seed ^ 0xA5A5)
        steps = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rng.below(len(actions))])
            steps += 1
        returns[k] = state.returns()
        lengths[k] = steps
    return returns, lengths


def simulate(
    game_id: str,
    deals: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``deals`` seeded random deals of ``game_id`` in ``workers`` processes;
    ``progress(k)`` is told of each finished batch of ``k`` deals. The result depends on the
    seed only, not on the number of workers."""
    load(game_id)  # validates the id before any work starts
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise InvalidArgumentError(f"deals must be a positive int, got {deals!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidArgumentError(f"workers must be a positive int, got {workers!r}")
    chunk = max(1, min(2000, deals // max(1, workers * 4) or 1))
    bounds = [(s, min(deals, s + chunk)) for s in range(0, deals, chunk)]
    parts: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    if workers <= 1:
        for start, stop in bounds:
            parts[start] = _play_range(game_id, seed, start, stop)
            if progress:
                progress(stop - start)
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {
                pool.submit(_play_range, game_id, seed, start, stop): (start, stop)
                for start, stop in bounds
            }
            for fut in concurrent.futures.as_completed(futures):
                start, stop = futures[fut]
                parts[start] = fut.result()
                if progress:
                    progress(stop - start)
    ordered = [parts[s] for s, _ in bounds]
    returns = np.concatenate([r for r, _ in ordered]) if ordered else np.zeros((0, 0))
    lengths = np.concatenate([n for _, n in ordered]) if ordered else np.zeros(0, dtype=np.int64)
    return Summary(game_id, deals, seed, returns, lengths)
