"""No-limit Texas Hold'em, the game (``cardavia.load("holdem")``). Rules: ``rules/holdem.md``.

The hand runs on the Rust :class:`~cardavia._core.HoldemHand` (blinds, dealing with burns,
betting, run-out, side pots, odd chips); this module is the protocol around it, the match
(:class:`HoldemMatch`: eliminations, button movement, restart) and hand histories in PHH, the
open poker hand-history format (:func:`to_phh`, :func:`from_phh`).

**One state is one hand.** ``deal`` for :meth:`HoldemGame.new_state` fixes it::

    {"stacks": [1000, 1000, 1000, 1000],   # chips per seat at the start; 0 = eliminated
     "button": 0,                          # the button seat (HE-3.2/3.3; blinds follow, HE-3.4-3.6)
     "deck": "2c 3c ..."}                  # deck order, top card first (HE-3.10); missing cards
                                           # are appended in index order

Without ``deal`` a state is the first hand of a match: ``stack`` chips each, button on seat 0,
deck shuffled from the seed. The stacks of a deal may total at most ``players × stack``.

**Actions** carry exact amounts: ``fold``, ``check``, ``call 40`` (the chips the call moves),
``bet to 20`` and ``raise to 60`` (the player's round total, HE-4.2). Text input also accepts
``raise 60``, ``bet 20``, ``call`` and ``all-in`` (HE-4.2 shortcut, HE-7.22).

**Every amount is legal, a few are listed.** A no-limit decision allows every raise-to ``T``
in :meth:`HoldemState.raise_range` ``(min, max)`` (HE-4.3): ``apply("raise to T")`` or
``apply(1 + T)`` takes any of them, and checking an amount costs the same whatever it is.
:meth:`HoldemState.legal_actions` does not list them all: it gives the readable listing —
fold (when legal), check or call, and the distinct raise-to amounts among the minimum raise,
half the pot, the pot and all-in (a size is ``H + f × (pot + owed)``, ``f`` = ½ or 1, clamped to
the legal range; sizes that coincide are listed once). That listing is also what the random
rollout policy draws from (see :meth:`HoldemState.playout_returns`).

**Action ids.** With ``actions="exact"`` (default) the space has ``2 + players × stack`` ids,
one per exact amount as in OpenSpiel's ``universal_poker`` with ``bettingAbstraction=fullgame``:
0 = fold, 1 = check or call, ``1 + T`` = bet or raise to ``T`` chips (``T`` ≥ 1).
:meth:`~HoldemState.legal_action_ids` lists the id of **every** legal amount (ints, no Action
objects: fold and check/call plus one contiguous range, held compactly as a :class:`LegalIds`),
and :meth:`~HoldemState.legal_action_mask` sets that range by slicing; so the ids are a
superset of the ids of ``legal_actions()``. With ``actions="abstract"`` legal actions are
limited to fold, check/call and the four named sizes, and the space has 6 ids: 2 = minimum
raise, 3 = half pot, 4 = pot, 5 = all-in; sizes that coincide keep the lowest id. The
abstraction only restricts choices; amounts stay exact.
"""

from __future__ import annotations

import copy
import json
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from cardavia import _core
from cardavia._core import Card, CardSet, HoldemHand, Rng
from cardavia.cards import check_seed
from cardavia.errors import CardaviaError, IllegalActionError, InvalidArgumentError
from cardavia.game import Action, Game, Match, Option, State, register

__all__ = [
    "ABSTRACT_SIZES",
    "HoldemGame",
    "HoldemMatch",
    "HoldemState",
    "LegalIds",
    "from_phh",
    "showdown_strength",
    "to_phh",
]

DECK = [str(c) for c in CardSet.full_pack()]
ABSTRACT_SIZES = ("min_raise", "half_pot", "pot", "all_in")
POLICIES = ("random", "greedy")
MAX_CHIPS = 1_000_000_000
"""Most chips a table may hold (players × stack) and the largest blind: far inside the Rust
engine's 32-bit chip counts."""
_U64 = 2**64 - 1


def showdown_strength(cards: str | Sequence[str]) -> int:
    """The value the game compares at showdown (strength ``7463 - r``, higher is better)."""
    text = cards if isinstance(cards, str) else " ".join(cards)
    return _core.holdem_showdown_strength(text)


# --------------------------------------------------------------------------------------------
# Actions: immutable, built on demand (a small bounded cache; nothing grows with the amounts).

FOLD = Action("fold", label="fold")
CHECK = Action("check", label="check")
_BETTING_KINDS = frozenset({"fold", "check", "call", "bet", "raise"})


_RECENT: dict[tuple[str, int | None], Action] = {}
_RECENT_MAX = 4096
"""Recently built betting Actions (immutable, so shared): a bounded cache, emptied when full,
so that memory never grows with the amounts asked for (issue 18 point 3)."""


def betting_action(kind: str, amount: int | None) -> Action:
    """The Action for a betting kind and amount (as the Rust listing gives them)."""
    if kind == "fold":
        return FOLD
    if kind == "check":
        return CHECK
    key = (kind, amount)
    act = _RECENT.get(key)
    if act is None:
        if kind == "call":
            act = Action("call", amount=amount, label=f"call {amount}")
        else:
            act = Action(kind, amount=amount, label=f"{kind} to {amount}")
        if len(_RECENT) >= _RECENT_MAX:
            _RECENT.clear()
        _RECENT[key] = act
    return act


def entry_of(kind: str, amount: int | None) -> dict[str, Any]:
    """The record entry (``Action.to_json()``) of a betting action."""
    return {"kind": kind} if amount is None else {"kind": kind, "amount": amount}


def action_shape_violation(action: Action, rule: str) -> tuple[str, str] | None:
    """HE-4.2 / OP-4.4: a betting Action must be exactly one the game lists — no cards, no
    play, an amount only where the kind takes one (the call's own amount included), and no
    label but its own (a label is what the history shows)."""
    kind, amount = action.kind, action.amount
    if action.cards is not None or action.play is not None:
        return (rule, f"{kind} takes no cards")
    if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)):
        return (rule, f"an amount is a whole number of chips, not {amount!r}")
    if kind in ("fold", "check"):
        if amount is not None:
            return (rule, f"{kind} takes no amount")
        own = kind
    elif kind == "call":
        if amount is None:
            return (rule, "a call names the chips it moves (call N)")
        own = f"call {amount}"
    else:
        if amount is None:
            return (rule, f"a {kind} needs a to-amount")
        own = f"{kind} to {amount}"
    if action.label and action.label != own:
        return (rule, f"the label {action.label!r} does not describe {own!r}")
    if amount is not None and amount < 0:
        return (rule, f"an amount cannot be negative ({amount})")
    return None


def _amount_violation(violation: Any, seat: int, kind: str, amount: int) -> tuple[str, str] | None:
    """The engine's check of a bet/raise-to amount of any size: amounts beyond 2**64 (which no
    stack reaches) are checked as 2**64 - 1 and named as given."""
    v: tuple[str, str] | None = violation(seat, kind, min(amount, _U64))
    if v is not None and amount > _U64:
        v = (v[0], v[1].replace(str(_U64), str(amount)))
    return v


def check_policy_args(n: object, policy: object, seed: object, threads: object) -> None:
    """Validate the arguments of ``playout_returns`` (InvalidArgumentError naming the bad one)."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or int(n) < 1:
        raise InvalidArgumentError(f"n must be an int ≥ 1, got {n!r}")
    if policy not in POLICIES:
        raise InvalidArgumentError(f"policy must be 'random' or 'greedy', got {policy!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= _U64:
        raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    if (
        isinstance(threads, bool)
        or not isinstance(threads, (int, np.integer))
        or not 0 <= threads <= 1024
    ):
        raise InvalidArgumentError(f"threads must be an int in 0..1024 (0 = all), got {threads!r}")


class LegalIds(Sequence[int]):
    """The legal action ids of one decision, held compactly: a few single ids (fold,
    check/call, locks or abstract sizes) then at most one run of consecutive raise-to ids
    (every legal amount). Length, indexing and ``in`` are O(1) whatever the number of legal
    amounts; iterating, ``list(ids)`` or ``np.asarray(ids)`` give every id; ``ranges`` is the
    compact form (what :meth:`HoldemState.legal_action_mask` sets by slices). Immutable;
    equal to any sequence of the same ids in the same (ascending) order."""

    __slots__ = ("_head", "_run")

    def __init__(self, head: tuple[int, ...] = (), run: range = range(0)):
        self._head = head
        self._run = run

    def __len__(self) -> int:
        return len(self._head) + len(self._run)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> list[int]: ...
    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return list(self)[index]
        k = len(self._head)
        n = k + len(self._run)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("legal action id index out of range")
        return self._head[index] if index < k else self._run[index - k]

    def __contains__(self, value: object) -> bool:
        return value in self._head or value in self._run

    def __iter__(self) -> Iterator[int]:
        yield from self._head
        yield from self._run

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalIds):
            return self._head == other._head and self._run == other._run
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        run = f" + range({self._run.start}, {self._run.stop})" if self._run else ""
        return f"LegalIds({list(self._head)}{run})"

    @property
    def ranges(self) -> list[range]:
        """The ids as ascending disjoint ranges."""
        out = [range(i, i + 1) for i in self._head]
        if self._run:
            out.append(self._run)
        return out

    def tolist(self) -> list[int]:
        return list(self)

    def __array__(self, dtype: Any = None, copy: Any = None) -> npt.NDArray[Any]:
        head = np.array(self._head, dtype=np.int64)
        run = np.arange(self._run.start, self._run.stop, dtype=np.int64)
        out = np.concatenate([head, run])
        return out if dtype is None else out.astype(dtype)


NO_IDS = LegalIds()


def derived_seed(seed: int) -> int:
    """The seed of a resampled state: drawn from the resample seed (never the true seed)."""
    return int(Rng(seed ^ 0x5EED_5A3D_1E_C0DE).next_u64())


# --------------------------------------------------------------------------------------------
# The game


@register
class HoldemGame(Game["HoldemState"]):
    """No-limit Texas Hold'em (rules/holdem.md). See the module documentation."""

    id = "holdem"
    OPTIONS = (
        Option("players", int, 4, "seats at the table (HE-1.2: 4)", minimum=2, maximum=10),
        Option(
            "stack", int, 1000, "starting chips per player (HE-1.3)", minimum=1, maximum=MAX_CHIPS
        ),
        Option("small_blind", int, 10, "small blind (HE-1.4)", minimum=1, maximum=MAX_CHIPS),
        Option(
            "big_blind", int, 20, "big blind and minimum bet (HE-1.4)", minimum=1, maximum=MAX_CHIPS
        ),
        Option(
            "actions",
            str,
            "exact",
            "exact: one action id per raise-to amount, every legal amount accepted; abstract: "
            "fold, check/call, min raise, half pot, pot, all-in",
            choices=("exact", "abstract"),
        ),
    )

    def __init__(self, **options: Any):
        super().__init__(**options)
        if self.options["big_blind"] < self.options["small_blind"]:
            raise InvalidArgumentError("big_blind must be at least small_blind")
        if self.options["players"] * self.options["stack"] > MAX_CHIPS:
            raise InvalidArgumentError("players × stack must be at most 10^9 chips")

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @property
    def total_chips(self) -> int:
        return int(self.options["players"] * self.options["stack"])

    @property
    def abstract(self) -> bool:
        return bool(self.options["actions"] == "abstract")

    @property
    def num_actions(self) -> int:
        return 2 + len(ABSTRACT_SIZES) if self.abstract else 2 + self.total_chips

    def new_state(self, seed: int | None = None, deal: Any = None) -> HoldemState:
        return HoldemState(self, seed, deal)

    def new_match(self, seed: int | None = None, decks: Sequence[str] = ()) -> HoldemMatch:
        """A chip match; ``decks`` fixes the deck order of the first hands (HE-3.10)."""
        return HoldemMatch(self, seed, decks)

    def random_deck(self, seed: int) -> str:
        return " ".join(Rng(seed).shuffled(DECK))


class HoldemState(State):
    """One Hold'em hand. See the module documentation."""

    game: HoldemGame
    _listed: Sequence[Action]

    def __init__(self, game: HoldemGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        if deal is None:
            # A shuffle of the 52 cards is valid by construction: no need to re-check it.
            self._deal_record = {
                "stacks": [game.options["stack"]] * game.num_players,
                "button": 0,
                "deck": game.random_deck(self.seed),
            }
        else:
            self._deal_record = self._check_deal(deal)
        d = self._deal_record
        self._hand = HoldemHand(
            d["stacks"],
            d["button"],
            game.options["small_blind"],
            game.options["big_blind"],
            d["deck"],
        )
        self._events_seen = 0
        self._listed = ()
        self._abstract = game.abstract
        self._total = game.total_chips

    def _check_deal(self, deal: Any) -> dict[str, Any]:
        if not isinstance(deal, Mapping):
            raise InvalidArgumentError(
                'a Hold\'em deal is {"stacks": [chips per seat], "button": seat, "deck": cards}'
            )
        n = self.game.num_players
        stacks = deal.get("stacks", [])
        if not isinstance(stacks, (list, tuple)):
            raise InvalidArgumentError(f"stacks must be a list of {n} ints, got {stacks!r}")
        stacks = list(stacks)
        if len(stacks) != n or any(
            isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in stacks
        ):
            raise InvalidArgumentError(f"stacks must be {n} non-negative ints, got {stacks!r}")
        if sum(stacks) > self.game.total_chips:
            raise InvalidArgumentError(
                f"the stacks total {sum(stacks)}, more than players × stack = "
                f"{self.game.total_chips}"
            )
        button = deal.get("button", 0)
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
            raise InvalidArgumentError(f"button must be a seat 0..{n - 1}, got {button!r}")
        deck_text = deal.get("deck")
        if deck_text is None:
            deck_text = self.game.random_deck(self.seed)
        if not isinstance(deck_text, str):
            raise InvalidArgumentError(f"deck must be card text, got {deck_text!r}")
        cards = [str(c) for c in _core.parse_cards_text(deck_text)]
        seen = set(cards)
        if len(seen) != len(cards):
            raise InvalidArgumentError("a card appears twice in the deck (HE-1.1)")
        rest = [c for c in DECK if c not in seen]
        if len(cards) + len(rest) != 52:
            raise InvalidArgumentError("the deck holds cards that are not in a 52-card pack")
        return {"stacks": stacks, "button": button, "deck": " ".join(cards + rest)}

    # ---- protocol -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self._hand.to_act

    @property
    def hand(self) -> HoldemHand:
        """The Rust hand (read it; act through :meth:`apply`)."""
        return self._hand

    def clone(self) -> HoldemState:
        """An independent copy (the Rust hand copied, the record lists copied)."""
        new = object.__new__(HoldemState)
        new.__dict__.update(self.__dict__)
        new._hand = self._hand.clone()
        new._actions = self._actions.copy()
        new._history = self._history.copy()
        d = self._deal_record
        new._deal_record = {"stacks": list(d["stacks"]), "button": d["button"], "deck": d["deck"]}
        return new

    def apply(self, action: Action | str | int) -> None:
        """Apply a legal action; an illegal one raises and changes nothing (HE-4.11).

        An int is an action id (see the module documentation): the fast path, checked and
        applied in Rust."""
        if type(action) is int:
            if not 0 <= action < (6 if self._abstract else 2 + self._total):
                raise InvalidArgumentError(
                    f"action id {action} is not in 0..{self.game.num_actions - 1}"
                )
            ok, kind, amount, why = self._hand.apply_id(action, self._abstract, self._total)
            if not ok:
                raise IllegalActionError(f"action id {action} is illegal ({kind}): {why}", kind)
            self._listed = ()
            self._actions.append(entry_of(kind, amount))
            return
        act = self.to_action(action)
        if not any(act is listed for listed in self._listed):
            self.check(act)
        self._listed = ()
        self._actions.append(act.to_json())
        self._do(act)

    def legal_actions(self) -> list[Action]:
        """The listed actions: fold (when legal), check or call, and the distinct raise-to
        amounts among min raise, half pot, pot and all-in (see the module documentation;
        every amount of :meth:`raise_range` is legal too)."""
        out = [betting_action(k, a) for k, a in self._hand.candidates()]
        self._listed = out
        return list(out)

    def raise_range(self) -> tuple[int, int] | None:
        """``(min, max)``: the raise-to amounts the rules allow now (every amount between, HE-4.3;
        with ``actions="abstract"`` only the listed sizes among them), or None when raising is
        not permitted (HE-4.4) or the hand is over."""
        return self._hand.legal()[3]

    def legal_action_ids(self) -> LegalIds:
        """The id of **every** legal action, ascending: fold, check/call and every legal
        raise-to amount (``1 + T``), as a compact :class:`LegalIds` sequence (O(1) to build,
        index and test; its ``ranges`` are fold/check-call and one run of raise-to ids). With
        ``actions="abstract"`` the listed sizes' ids."""
        if self._hand.to_act is None:
            return NO_IDS
        fold, _check, _call, raise_range, _is_bet = self._hand.legal()
        head = (0, 1) if fold else (1,)
        if self._abstract:
            return LegalIds(head + tuple(i for i, _ in self._hand.abstract_sizes()))
        if raise_range is None:
            return LegalIds(head)
        return LegalIds(head, range(raise_range[0] + 1, raise_range[1] + 2))

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """Boolean mask over the action ids: True at every legal action's id (set by slices)."""
        mask = np.zeros(self.game.num_actions, dtype=bool)
        for r in self.legal_action_ids().ranges:
            mask[r.start : r.stop] = True
        return mask

    def _violation(self, action: Action) -> tuple[str, str] | None:
        seat = self._hand.to_act
        if seat is None:
            return ("HE-4.11", "the hand is over")
        kind = action.kind
        if kind not in _BETTING_KINDS:
            return ("HE-4.2", f"{action} is not a betting action (fold, check, call, bet, raise)")
        shape = action_shape_violation(action, "HE-4.2")
        if shape is not None:
            return shape
        amount = action.amount
        if kind in ("bet", "raise"):
            assert amount is not None
            level = self._hand.level
            if kind == "bet" and level > 0:
                return ("HE-4.2", f"the bet level is {level}: raise, not bet")
            if kind == "raise" and level == 0:
                return ("HE-4.2", "nothing has been bet in this round: bet, not raise")
            v = _amount_violation(self._hand.violation, seat, kind, amount)
            if v is not None:
                return v
            if self._abstract:
                sizes = sorted(t for _, t in self._hand.abstract_sizes())
                if amount not in sizes:
                    return (
                        "HE-4.3",
                        f"with actions='abstract' the raise-to amounts are {sizes}, not {amount}",
                    )
            return None
        v = self._hand.violation(seat, kind)
        if v is not None:
            return v
        if kind == "call":
            call = self._hand.legal()[2]
            if amount != call:
                return ("HE-4.2", f"a call now moves {call} chips, not {amount}")
        return None

    def _do(self, action: Action) -> None:
        seat = self._hand.to_act
        assert seat is not None
        if action.kind in ("bet", "raise"):
            self._hand.apply(seat, action.kind, action.amount)
        else:
            self._hand.apply(seat, action.kind)

    def _sync(self) -> list[dict[str, Any]]:
        """The history up to date (events are read from the Rust hand when asked for)."""
        if self._events_seen < self._hand.num_events:
            events = self._hand.events(self._events_seen)
            self._events_seen += len(events)
            self._history.extend(events)
        return self._history

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every blind, hole card, action, skip, return, board card, reveal and pot (a copy)."""
        return copy.deepcopy(self._sync())

    # ---- outcome --------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Chips won or lost in this hand per seat (0 until the hand is over)."""
        if not self._hand.is_over:
            return [0.0] * self.game.num_players
        return [
            float(after - before)
            for after, before in zip(self._hand.stacks, self._hand.start_stacks, strict=True)
        ]

    def playout_returns(
        self, n: int, policy: str = "random", seed: int = 0, threads: int = 1
    ) -> npt.NDArray[np.float64]:
        """Play the rest of the hand ``n`` times in Rust and settle each by the rules: an
        ``(n, players)`` float64 array in the unit of :meth:`returns` (chips won or lost in
        this hand). Works from every betting decision. The deck order is part of the state
        (HE-3.10), so the board to come is the same in every playout: resample first to vary
        what the player cannot see. Results depend on ``seed`` only, never on ``threads``
        (0 = all cores).

        ``policy="random"``: uniform over :meth:`legal_actions` (fold when legal, check or
        call, the distinct amounts among min raise, half pot, pot and all-in). ``"greedy"``:
        a hand-strength rule from what the seat to act may see — preflop the Chen score of the
        hole cards, postflop the made hand (category of the best five and whether the hole
        cards improve on the board: sets, two pair, straights and better are strong; top pair
        or an overpair good; a lower pair or a flush/straight draw marginal). Strong hands bet
        or raise (the pot preflop, ¾ pot after) most of the time; good hands bet half the pot
        half the time when checked to and call when the price owed / (pot + owed) is at most
        ⅓; marginal hands check and call up to a price of ¼; weak hands check and fold to a
        bet unless it costs under a tenth; small bluff frequencies keep it mixed."""
        check_policy_args(n, policy, seed, threads)
        if self._hand.to_act is None:
            raise InvalidArgumentError("the hand is over: there is no decision to play out from")
        return self._hand.playouts(int(n), policy, int(seed), int(threads))

    @property
    def result(self) -> dict[str, Any] | None:
        if not self._hand.is_over:
            return None
        pots = self._hand.pots()
        revealed = self._hand.revealed
        strengths = self._hand.strengths
        return {
            "stacks": list(self._hand.stacks),
            "net": [int(r) for r in self.returns()],
            "board": self._hand.board,
            "pots": [
                {
                    "amount": p["amount"],
                    "eligible": list(p["eligible"]),
                    "shares": [list(s) for s in p["shares"]],
                }
                for p in pots
            ],
            "shown": {
                str(s): self._hand.hole(s) for s in range(self.game.num_players) if revealed[s]
            },
            "rank_class": {
                str(s): 7463 - strengths[s]
                for s in range(self.game.num_players)
                if strengths[s] > 0
            },
        }

    # ---- information ----------------------------------------------------------------------

    def _public_history(self, player: int) -> list[dict[str, Any]]:
        out = []
        for e in self._sync():
            if e["event"] == "hole" and e["player"] != player:
                e = {"event": "hole", "player": e["player"]}  # HE-6.6: others' cards hidden
            out.append(dict(e))
        return out

    def observation(self, player: int) -> dict[str, Any]:
        """HE-6.6 / HE-7.12: own hole cards, the board, every stack, bet and action, and the
        hole cards shown (all-in run-out and showdown); nothing else. For the player to act,
        ``legal`` is the listing of :meth:`legal_actions` and ``raise_range`` the legal
        raise-to amounts ``[min, max]`` (every amount between is legal) or None."""
        player = self._check_player(player)
        n = self.game.num_players
        h = self._hand
        revealed = h.revealed
        to_act = h.to_act
        mine = to_act == player
        rr = self.raise_range() if mine else None
        return {
            "player": player,
            "street": h.street,
            "button": h.button,
            "small_blind_seat": h.small_blind_seat,
            "big_blind_seat": h.big_blind_seat,
            "hole": h.hole(player),
            "board": h.board,
            "stacks": h.stacks,
            "bets": h.bets,
            "contributions": h.contributions,
            "pot": h.pot_total,
            "folded": h.folded,
            "shown": {str(s): h.hole(s) for s in range(n) if revealed[s]},
            "current_player": to_act,
            "legal": [str(a) for a in self.legal_actions()] if mine else [],
            "raise_range": list(rr) if rr is not None else None,
            "history": self._public_history(player),
        }

    def resample(self, player: int, seed: int | None = None) -> HoldemState:
        """A full state of this hand consistent with everything ``player`` has seen, computed
        in Rust: his own hole cards, the board so far and any hole cards shown stay; the other
        players' unshown hole cards, the burns and the board to come are redealt from the
        unseen cards, uniformly (no action of the rules depends on the cards, so every such
        deal is consistent). The stacks, button and actions stay; the new state's seed is
        drawn from ``seed`` (``None``: a fresh one), never the true seed."""
        player = self._check_player(player)
        if self._hand.to_act is None:
            raise InvalidArgumentError("the hand is over: there is nothing to resample")
        seed = check_seed(seed)
        hand, deck = self._hand.resample(player, seed)
        new = object.__new__(HoldemState)
        d = new.__dict__
        d.update(self.__dict__)
        d["seed"] = derived_seed(seed)
        d["_hand"] = hand
        r = self._deal_record
        d["_deal_record"] = {"stacks": list(r["stacks"]), "button": r["button"], "deck": deck}
        d["_actions"] = self._actions.copy()
        d["_history"] = []
        d["_events_seen"] = 0
        d["_listed"] = ()
        return new

    # ---- action text and ids --------------------------------------------------------------

    _TEXT = re.compile(r"^(fold|check|call|bet|raise|all-?in)(?:\s+(?:to\s+)?(\d+))?$")

    def parse_action(self, text: str) -> Action:
        """The action ``text`` names (O(1) whatever the amount: an amount is checked when the
        action is, not listed)."""
        norm = " ".join(text.strip().lower().split())
        m = self._TEXT.match(norm)
        if m is None:
            return Action(norm, label=norm)
        kind, amount = m.group(1), m.group(2)
        if kind.startswith("all"):
            if amount is not None:
                return Action(norm, label=norm)
            return self._all_in()
        if kind == "fold" or kind == "check":
            return Action(norm, label=norm) if amount is not None else betting_action(kind, None)
        if kind == "call":
            if amount is None:
                call = self._hand.legal()[2]
                return betting_action("call", call) if call is not None else Action("call")
            return betting_action("call", int(amount))
        if amount is None:
            return Action(kind, label=kind)
        return betting_action(kind, int(amount))

    def _all_in(self) -> Action:
        """HE-4.2 / HE-7.22: all-in is a CALL when the stack does not cover more, a bet or raise
        to the whole stack when raising is permitted, and unavailable otherwise."""
        seat = self._hand.to_act
        if seat is None:
            raise IllegalActionError("the hand is over: no action is legal", rule="HE-4.11")
        total = self._hand.stacks[seat] + self._hand.bets[seat]
        level = self._hand.level
        fold, check, call, raise_range, is_bet = self._hand.legal()
        if total <= level and call is not None:
            return betting_action("call", call)
        if raise_range is not None:
            return betting_action("bet" if is_bet else "raise", total)
        raise IllegalActionError(
            "all-in is illegal (HE-7.22): raising is not permitted here (HE-4.4); call or fold",
            rule="HE-7.22",
        )

    def action_id(self, action: Action) -> int:
        if action.kind == "fold":
            return 0
        if action.kind in ("check", "call"):
            return 1
        if action.kind in ("bet", "raise") and isinstance(action.amount, int):
            if self._abstract:
                for i, t in self._hand.abstract_sizes():
                    if t == action.amount:
                        return i
                raise InvalidArgumentError(f"{action} is not one of the abstraction's sizes now")
            if 1 <= action.amount <= self.game.total_chips:
                return 1 + action.amount
        raise InvalidArgumentError(f"{action} has no action id in Hold'em")

    def action_from_id(self, action_id: int) -> Action:
        """The legal action with this id: InvalidArgumentError for an id outside the space,
        IllegalActionError (naming the rule) for one not legal now."""
        if isinstance(action_id, bool) or not isinstance(action_id, (int, np.integer)):
            raise InvalidArgumentError(f"an action id is an int, got {action_id!r}")
        action_id = int(action_id)
        if not 0 <= action_id < self.game.num_actions:
            raise InvalidArgumentError(
                f"action id {action_id} is not in 0..{self.game.num_actions - 1}"
            )
        ok, kind, amount, why = self._hand.id_action(action_id, self._abstract, self._total)
        if not ok:
            raise IllegalActionError(
                f"action id {action_id} is not a legal action id now ({kind}): {why}", rule=kind
            )
        return betting_action(kind, amount)

    def action_from_json(self, entry: Mapping[str, Any]) -> Action:
        """The legal action recorded as ``entry`` (``{"kind": ..., "amount": ...}``)."""
        if not isinstance(entry, Mapping):
            raise InvalidArgumentError(f"a recorded action is an object, got {entry!r}")
        kind = entry.get("kind")
        amount = entry.get("amount")
        extra = sorted(set(entry) - {"kind", "amount"})
        if (
            kind not in _BETTING_KINDS
            or extra
            or (amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)))
        ):
            raise IllegalActionError(
                f"recorded action {dict(entry)} is not a Hold'em action", rule="HE-4.2"
            )
        act = betting_action(str(kind), amount) if amount is not None else Action(str(kind))
        if kind in ("fold", "check") and amount is None:
            act = betting_action(str(kind), None)
        self.check(act)
        return act


# --------------------------------------------------------------------------------------------
# The match


class HoldemMatch(Match[HoldemState]):
    """A chip match (HE-6): hands until one player holds every chip.

    Stacks carry over; players with no chips are eliminated (HE-6.1) and skipped; the button
    moves by HE-3.3-3.6. :attr:`standings` gives the finishing order (HE-6.3), :meth:`restart`
    starts over (HE-6.5). ``decks`` supplies the deck order (top first) of the first hands in
    turn (HE-3.10); later hands are shuffled from the match seed.
    """

    game: HoldemGame

    def __init__(self, game: HoldemGame, seed: int | None = None, decks: Sequence[str] = ()):
        super().__init__(game, seed)
        self._decks = list(decks)
        self._reset()

    def _reset(self) -> None:
        n = self.game.num_players
        self.stacks: list[int] = [int(self.game.options["stack"])] * n
        self.button = 0  # HE-3.2
        self._previous: tuple[int, int, int] | None = None  # button, big blind, players
        self._absorbed = 0
        self.eliminated: list[list[int]] = []  # per elimination hand, in order (HE-6.3)
        self.deals = []

    def restart(self) -> None:
        """HE-6.5 / HE-7.18: a new match (stacks reset, button on seat 0, fresh shuffles)."""
        self._decks = []
        self._reset()

    def _absorb(self) -> None:
        """Carry the finished hands' results into the match."""
        while self._absorbed < len(self.deals) and self.deals[self._absorbed].is_terminal():
            hand = self.deals[self._absorbed].hand
            before = list(hand.start_stacks)
            self.stacks = list(hand.stacks)
            out = [s for s in range(len(before)) if before[s] > 0 and self.stacks[s] == 0]
            if out:
                # HE-6.3: same-hand eliminations ranked by the stacks at the start of the hand.
                out.sort(key=lambda s: -before[s])
                self.eliminated.append(out)
            self._previous = (hand.button, hand.big_blind_seat, len(hand.dealing_order))
            self._absorbed += 1
            if not self._over_now():
                b, bb, players = self._previous
                self.button = _core.holdem_next_button(self.stacks, b, bb, players)

    def _over_now(self) -> bool:
        return sum(1 for s in self.stacks if s > 0) < 2

    def is_over(self) -> bool:
        self._absorb()
        return self._over_now()

    def new_deal(self) -> HoldemState:
        """Deal the next hand (HE-6.2: only while two players have chips)."""
        if self.deals and not self.deals[-1].is_terminal():
            raise IllegalActionError("the current hand is not over yet")
        if self.is_over():
            raise IllegalActionError("the match is over (HE-6.2)", rule="HE-6.2")
        seed = self._next_seed()
        deck = self._decks.pop(0) if self._decks else None
        deal = {"stacks": list(self.stacks), "button": self.button, "deck": deck}
        state = self.game.new_state(seed=seed, deal=deal)
        self.deals.append(state)
        return state

    @property
    def winner(self) -> int | None:
        """The seat holding every chip, once the match is over (HE-6.2)."""
        if not self.is_over():
            return None
        return max(range(len(self.stacks)), key=lambda s: self.stacks[s])

    @property
    def standings(self) -> list[list[int]]:
        """Finishing order (HE-6.3): groups of seats sharing a place, best first. Players still
        in the match come first (ordered by chips while it goes on)."""
        self._absorb()
        alive = sorted(
            (s for s in range(len(self.stacks)) if self.stacks[s] > 0),
            key=lambda s: -self.stacks[s],
        )
        groups: list[list[int]] = [[s] for s in alive]
        for out in reversed(self.eliminated):
            # Equal starting stacks share the place (HE-6.3).
            groups.extend(_group_equal(out, self._start_stack_of(out)))
        return groups

    def _start_stack_of(self, seats: list[int]) -> dict[int, int]:
        for state in self.deals:
            h = state.hand
            if state.is_terminal() and all(
                h.stacks[s] == 0 and h.start_stacks[s] > 0 for s in seats
            ):
                return {s: h.start_stacks[s] for s in seats}
        return dict.fromkeys(seats, 0)

    @property
    def scores(self) -> list[float]:
        """Chips won or lost since the start of the match."""
        self._absorb()
        start = int(self.game.options["stack"])
        return [float(s - start) for s in self.stacks]


def _group_equal(seats: list[int], stacks: dict[int, int]) -> list[list[int]]:
    groups: list[list[int]] = []
    for s in seats:
        if groups and stacks[groups[-1][0]] == stacks[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


# --------------------------------------------------------------------------------------------
# PHH hand histories

_PHH_ACTION = {"fold": "f", "check": "cc", "call": "cc", "bet": "cbr", "raise": "cbr"}


def _compact(cards: str) -> str:
    return cards.replace(" ", "")


def to_phh(state: HoldemState) -> str:
    """The hand so far in PHH (the open poker hand-history format PokerKit reads).

    Players ``p1..pk`` are the seats dealt in, in dealing order (HE-3.8: left of the button
    first, the button last); ``seats`` gives their cardavia seats + 1. Every hole card is
    written (a complete record, not one player's view); revealed hands appear as ``sm``. A
    player skipped by HE-4.9 after others acted, who at the start of the round could still have
    faced a bet, is written as a check (``cc``): PokerKit asks for it and it moves no chips
    (HE-7.6). The full deck order (burns included) is kept in
    the user field ``_cardavia_deck`` and the button in ``_cardavia_button`` so that
    :func:`from_phh` rebuilds the exact state.
    """
    h = state.hand
    game = state.game
    order = list(h.dealing_order)
    pid = {seat: f"p{j + 1}" for j, seat in enumerate(order)}
    sb, bb = game.options["small_blind"], game.options["big_blind"]
    k = len(order)
    # PHH heads-up: p1 is the big blind, p2 the button (small blind); blinds stay [sb, bb].
    blinds = [sb, bb] + [0] * (k - 2)
    start = [h.start_stacks[s] for s in order]
    actions: list[str] = []
    for e in state._sync():
        ev = e["event"]
        if ev == "hole":
            actions.append(f"d dh {pid[e['player']]} {_compact(e['cards'])}")
        elif ev == "action":
            word = _PHH_ACTION[e["action"]]
            amount = f" {e['to']}" if word == "cbr" else ""
            actions.append(f"{pid[e['player']]} {word}{amount}")
        elif ev == "skip" and e["after_action"] and e["contested"]:
            actions.append(f"{pid[e['player']]} cc")
        elif ev == "board":
            actions.append(f"d db {_compact(e['cards'])}")
        elif ev == "reveal":
            actions.append(f"{pid[e['player']]} sm {_compact(e['cards'])}")
    lines = [
        "variant = 'NT'",
        "ante_trimming_status = true",
        f"antes = {[0] * k}",
        f"blinds_or_straddles = {blinds}",
        f"min_bet = {bb}",
        f"starting_stacks = {start}",
        f"actions = [{', '.join(json.dumps(a) for a in actions)}]",
        f"seats = {[s + 1 for s in order]}",
        f"seat_count = {game.num_players}",
        f"_cardavia_button = {h.button + 1}",
        f"_cardavia_deck = {json.dumps(state._deal_record['deck'])}",
        f"_cardavia_options = {json.dumps(json.dumps(game.options, sort_keys=True))}",
    ]
    return "\n".join(lines) + "\n"


_PHH_LINE = re.compile(r"^\s*(\w+)\s*=\s*(.*)$")


def _parse_phh(text: str) -> dict[str, Any]:
    """The fields of a PHH file (the TOML subset PHH uses)."""
    if sys.version_info >= (3, 11):
        import tomllib

        return dict(tomllib.loads(text))
    # Python 3.10: one field per line, values in the JSON subset of TOML (what to_phh writes).
    fields: dict[str, Any] = {}
    for line in text.splitlines():
        m = _PHH_LINE.match(line)
        if m:
            fields[m.group(1)] = json.loads(m.group(2).strip().replace("'", '"'))
    return fields


def _phh_ints(f: Mapping[str, Any], name: str, default: list[int] | None = None) -> list[int]:
    """Field ``name`` as a list of non-negative ints (InvalidArgumentError naming it)."""
    if name not in f:
        if default is None:
            raise InvalidArgumentError(f"PHH: the field {name!r} is missing")
        return default
    value = f[name]
    if not isinstance(value, list) or any(
        isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in value
    ):
        raise InvalidArgumentError(
            f"PHH: {name} must be a list of non-negative ints, got {value!r}"
        )
    return list(value)


def _phh_int(f: Mapping[str, Any], name: str, default: int) -> int:
    value = f.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"PHH: {name} must be an int, got {value!r}")
    return value


_PHH_CARDS = re.compile(r"^(?:[2-9TJQKA][cdhs]|\?\?)+$", re.IGNORECASE)


def _phh_actions(f: Mapping[str, Any], k: int) -> list[list[str]]:
    """The ``actions`` field, each checked for its shape (what is wrong and at which index)."""
    raw = f.get("actions")
    if not isinstance(raw, list):
        raise InvalidArgumentError(f"PHH: actions must be a list of strings, got {raw!r}")
    out: list[list[str]] = []
    for i, a in enumerate(raw):
        if not isinstance(a, str):
            raise InvalidArgumentError(f"PHH: action {i} must be a string, got {a!r}")
        words = a.split("#")[0].split()

        def bad(why: str, i: int = i, a: str = a) -> InvalidArgumentError:
            return InvalidArgumentError(f"PHH: action {i} {a!r}: {why}")

        if not words:
            raise bad("empty action")
        if words[0] == "d":
            if len(words) < 3 or words[1] not in ("dh", "db"):
                raise bad("a dealing action is 'd dh pN CARDS' or 'd db CARDS'")
            if words[1] == "dh":
                if len(words) != 4 or not re.fullmatch(r"p\d+", words[2]):
                    raise bad("a hole-card deal is 'd dh pN CARDS'")
                if not 1 <= int(words[2][1:]) <= k:
                    raise bad(f"there is no player {words[2]} (players p1..p{k})")
                if len(words[3]) != 4 or not _PHH_CARDS.match(words[3]):
                    raise bad(f"{words[3]!r} is not two cards")
            elif len(words) != 3 or not _PHH_CARDS.match(words[2]) or len(words[2]) not in (2, 6):
                raise bad(f"{words[2]!r} is not a flop (3 cards) or a turn/river card")
        else:
            if not re.fullmatch(r"p\d+", words[0]) or not 1 <= int(words[0][1:]) <= k:
                raise bad(f"{words[0]!r} is not a player p1..p{k} or the dealer d")
            if len(words) < 2 or words[1] not in ("f", "cc", "cbr", "sm", "sd"):
                raise bad("a player action is f, cc, cbr N, sm CARDS or sd")
            if words[1] == "cbr" and (len(words) != 3 or not words[2].isdigit()):
                raise bad("a bet or raise is 'pN cbr AMOUNT' with a whole number of chips")
            if words[1] in ("f", "cc", "sd") and len(words) != 2:
                raise bad(f"{words[1]} takes no argument")
        out.append(words)
    return out


def from_phh(text: str, game: HoldemGame | None = None) -> HoldemState:
    """Replay a PHH no-limit Hold'em hand into a state at the same point.

    Reads what :func:`to_phh` writes and plain PHH files: players are seats in dealing order
    (``seats`` places them, else ``p1..pk`` sit at seats ``0..k-1`` with the button on the
    last); hole cards from ``d dh``, the board from ``d db``, the rest of the deck from
    ``_cardavia_deck`` when present, else the unseen cards in index order. Any malformed
    record raises InvalidArgumentError saying what is wrong and where (the field, or the
    index of the action).
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"a PHH record is text, got {type(text).__name__}")
    try:
        f = _parse_phh(text)
    except Exception as e:
        raise InvalidArgumentError(f"not a readable PHH file: {e}") from e
    if f.get("variant") != "NT":
        raise InvalidArgumentError(
            f"not a no-limit Texas Hold'em hand (variant {f.get('variant')!r})"
        )
    stacks_in_order = _phh_ints(f, "starting_stacks")
    k = len(stacks_in_order)
    if not 2 <= k <= 10:
        raise InvalidArgumentError(f"PHH: starting_stacks has {k} players; 2 to 10 are needed")
    blinds = _phh_ints(f, "blinds_or_straddles")
    if not any(b > 0 for b in blinds):
        raise InvalidArgumentError(f"PHH: blinds_or_straddles has no blind: {blinds!r}")
    if any(_phh_ints(f, "antes", [])):
        raise InvalidArgumentError("antes are not part of these rules (HE-1.4)")
    seats = [s - 1 for s in _phh_ints(f, "seats", list(range(1, k + 1)))]
    if len(seats) != k or len(set(seats)) != k or min(seats) < 0:
        raise InvalidArgumentError(
            f"PHH: seats must be {k} distinct seat numbers from 1, got {[s + 1 for s in seats]}"
        )
    if game is None:
        if "_cardavia_options" in f:
            try:
                options = json.loads(f["_cardavia_options"])
            except (TypeError, ValueError) as e:
                raise InvalidArgumentError(f"PHH: _cardavia_options is not JSON text: {e}") from e
            if not isinstance(options, dict):
                raise InvalidArgumentError("PHH: _cardavia_options must be a JSON object")
        else:
            n = max(_phh_int(f, "seat_count", k), max(seats) + 1)
            options = {
                "players": n,
                "stack": max(1, -(-sum(stacks_in_order) // n)),
                "small_blind": min(b for b in blinds if b > 0),
                "big_blind": max(blinds),
            }
        from cardavia.game import load

        game = load("holdem", **options)
    if not isinstance(game, HoldemGame):
        raise InvalidArgumentError("game must be a Hold'em game (cardavia.load('holdem'))")
    n = game.num_players
    if max(seats) >= n:
        raise InvalidArgumentError(f"PHH: seat {max(seats) + 1} does not exist at {n} seats")
    stacks = [0] * n
    for seat, chips in zip(seats, stacks_in_order, strict=True):
        stacks[seat] = chips
    button = _phh_int(f, "_cardavia_button", seats[-1] + 1) - 1
    if not 0 <= button < n:
        raise InvalidArgumentError(f"PHH: _cardavia_button {button + 1} is not a seat 1..{n}")
    actions = _phh_actions(f, k)
    hole: dict[int, str] = {}
    board: list[str] = []
    for a in actions:
        if a[:2] == ["d", "dh"]:
            hole[int(a[2][1:]) - 1] = a[3]
        elif a[:2] == ["d", "db"]:
            board.append(a[2])
    if len(board) > 3:
        raise InvalidArgumentError(f"PHH: {len(board)} board deals; a hand has at most 3")
    if "_cardavia_deck" in f:
        deck = f["_cardavia_deck"]
        if not isinstance(deck, str):
            raise InvalidArgumentError(f"PHH: _cardavia_deck must be card text, got {deck!r}")
    else:
        top: list[str | None] = [None] * (2 * k + 8)
        for j, cards in hole.items():
            if "?" in cards:
                continue
            top[j], top[k + j] = cards[:2], cards[2:4]
        streets = [(2 * k + 1, 3), (2 * k + 5, 1), (2 * k + 7, 1)]
        for (at, count), cards in zip(streets, board, strict=False):
            if len(cards) != 2 * count:
                raise InvalidArgumentError(
                    f"PHH: board deal {cards!r} should be {count} card{'s' if count > 1 else ''}"
                )
            for i in range(count):
                top[at + i] = cards[2 * i : 2 * i + 2]
        try:
            used = {str(Card(c)) for c in top if c is not None}
        except CardaviaError as e:
            raise InvalidArgumentError(f"PHH: a dealt card is not valid: {e}") from e
        if len(used) != sum(1 for c in top if c is not None):
            raise InvalidArgumentError("PHH: a card is dealt twice (HE-1.1)")
        rest = iter(c for c in DECK if c not in used)
        deck = " ".join(str(Card(c)) if c is not None else next(rest) for c in top)
    try:
        state = game.new_state(seed=0, deal={"stacks": stacks, "button": button, "deck": deck})
    except CardaviaError as e:
        raise InvalidArgumentError(f"PHH: the hand cannot be dealt: {e}") from e
    order = list(state.hand.dealing_order)
    if order != seats:
        raise InvalidArgumentError(
            f"the PHH players sit at seats {seats}, but dealing order from button {button} is "
            f"{order} (HE-3.8)"
        )
    for i, a in enumerate(actions):
        if a[0] == "d" or a[1] in ("sm", "sd"):
            continue
        seat = seats[int(a[0][1:]) - 1]
        where = f"PHH: action {i} {' '.join(a)!r}"
        if state.current_player != seat:
            skipped = {e["player"] for e in state._sync() if e["event"] == "skip"}
            if a[1] == "cc" and seat in skipped:
                continue  # a lone check PokerKit asks of a player HE-4.9 skips (HE-7.6)
            raise InvalidArgumentError(f"{where}: it is seat {state.current_player}'s turn")
        try:
            if a[1] == "f":
                act = state.parse_action("fold")
            elif a[1] == "cc":
                act = state.parse_action("check" if state.hand.legal()[1] else "call")
            else:
                act = state.parse_action(f"{'bet' if state.hand.level == 0 else 'raise'} {a[2]}")
            state.apply(act)
        except CardaviaError as e:
            raise InvalidArgumentError(f"{where}: {e}") from e
    return state
