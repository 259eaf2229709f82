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

**Action ids.** With ``actions="exact"`` (default) the space has ``2 + players × stack`` ids:
0 = fold, 1 = check or call, ``1 + T`` = bet or raise to ``T`` chips (``T`` ≥ 1). With
``actions="abstract"`` legal actions are limited to fold, check/call and four named sizes, and
the space has 6 ids: 2 = minimum raise, 3 = half pot, 4 = pot, 5 = all-in; a size is the
raise-to ``H + f × (pot + owed)`` (``f`` = ½ or 1), clamped to the legal range; sizes that
coincide keep the lowest id. The abstraction only restricts choices; amounts stay exact.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from cardavia import _core
from cardavia._core import CardSet, HoldemHand, Rng
from cardavia.cards import check_seed
from cardavia.errors import IllegalActionError, InvalidArgumentError
from cardavia.game import Action, Game, Match, Option, State, register

__all__ = [
    "ABSTRACT_SIZES",
    "HoldemGame",
    "HoldemMatch",
    "HoldemState",
    "from_phh",
    "showdown_strength",
    "to_phh",
]

DECK = [str(c) for c in CardSet.full_pack()]
ABSTRACT_SIZES = ("min_raise", "half_pot", "pot", "all_in")


def showdown_strength(cards: str | Sequence[str]) -> int:
    """The value the game compares at showdown (strength ``7463 - r``, higher is better)."""
    text = cards if isinstance(cards, str) else " ".join(cards)
    return _core.holdem_showdown_strength(text)


# --------------------------------------------------------------------------------------------
# Actions: immutable, so one object per (kind, amount) is shared by every state.

FOLD = Action("fold", label="fold")
CHECK = Action("check", label="check")
_CALLS: list[Action] = []
_RAISES: dict[str, list[Action]] = {"bet": [], "raise": []}


def _call(amount: int) -> Action:
    while len(_CALLS) <= amount:
        n = len(_CALLS)
        _CALLS.append(Action("call", amount=n, label=f"call {n}"))
    return _CALLS[amount]


def _raise_range(kind: str, lo: int, hi: int) -> list[Action]:
    cache = _RAISES[kind]
    if len(cache) <= hi:
        cache.extend(
            Action(kind, amount=t, label=f"{kind} to {t}") for t in range(len(cache), hi + 1)
        )
    return cache[lo : hi + 1]


# --------------------------------------------------------------------------------------------
# The game


@register
class HoldemGame(Game["HoldemState"]):
    """No-limit Texas Hold'em (rules/holdem.md). See the module documentation."""

    id = "holdem"
    OPTIONS = (
        Option("players", int, 4, "seats at the table (HE-1.2: 4)", minimum=2, maximum=10),
        Option("stack", int, 1000, "starting chips per player (HE-1.3)", minimum=1),
        Option("small_blind", int, 10, "small blind (HE-1.4)", minimum=1),
        Option("big_blind", int, 20, "big blind and minimum bet (HE-1.4)", minimum=1),
        Option(
            "actions",
            str,
            "exact",
            "exact: every legal raise-to amount is an action; abstract: fold, check/call, "
            "min raise, half pot, pot, all-in",
            choices=("exact", "abstract"),
        ),
    )

    def __init__(self, **options: Any):
        super().__init__(**options)
        if self.options["big_blind"] < self.options["small_blind"]:
            raise InvalidArgumentError("big_blind must be at least small_blind")
        if self.options["players"] * self.options["stack"] > 1_000_000_000:
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
        self._sync()

    def _check_deal(self, deal: Any) -> dict[str, Any]:
        if not isinstance(deal, Mapping):
            raise InvalidArgumentError(
                'a Hold\'em deal is {"stacks": [chips per seat], "button": seat, "deck": cards}'
            )
        n = self.game.num_players
        stacks = list(deal.get("stacks", []))
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
        cards = [str(c) for c in _core.parse_cards_text(str(deck_text))]
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

    def apply(self, action: Action | str | int) -> None:
        """Apply a legal action; an illegal one raises and changes nothing (HE-4.11)."""
        act = self.to_action(action)
        if not self._was_listed(act):
            self.check(act)
        self._listed = ()
        self._listed_legal = None
        self._actions.append(act.to_json())
        self._do(act)

    _listed_legal: tuple[bool, bool, int | None, tuple[int, int] | None, bool] | None = None

    def _was_listed(self, act: Action) -> bool:
        """O(1) form of "is ``act`` one of the objects legal_actions() just returned"."""
        legal = self._listed_legal
        if legal is None:
            return False
        fold, check, call, raise_range, is_bet = legal
        if act is FOLD:
            return fold
        if act is CHECK:
            return check
        t = act.amount
        if t is None:
            return False
        if act.kind == "call":
            return call == t and _CALLS[t] is act
        if raise_range is None or self.game.abstract:
            return False
        kind = "bet" if is_bet else "raise"
        return (
            act.kind == kind and raise_range[0] <= t <= raise_range[1] and _RAISES[kind][t] is act
        )

    def legal_actions(self) -> list[Action]:
        if self._hand.to_act is None:
            return []
        legal = self._hand.legal()
        self._listed_legal = legal
        fold, check, call, raise_range, is_bet = legal
        out: list[Action] = []
        if fold:
            out.append(FOLD)
        out.append(CHECK if check else _call(call or 0))
        if raise_range is not None:
            kind = "bet" if is_bet else "raise"
            if self.game.abstract:
                out.extend(_raise_range(kind, t, t)[0] for t in self._abstract_amounts().values())
            else:
                out.extend(_raise_range(kind, raise_range[0], raise_range[1]))
        self._listed = out
        return out

    def _abstract_amounts(self) -> dict[int, int]:
        """Abstract id → raise-to amount, for the sizes legal now (distinct amounts)."""
        raise_range = self._hand.legal()[3]
        if raise_range is None:
            return {}
        lo, hi = raise_range
        seat = self._hand.to_act
        assert seat is not None
        level = self._hand.level
        owed = max(0, level - self._hand.bets[seat])
        pot = self._hand.pot_total
        wanted = [lo, level + (pot + owed) // 2, level + pot + owed, hi]
        out: dict[int, int] = {}
        for i, t in enumerate(wanted):
            t = min(max(t, lo), hi)
            if t not in out.values():
                out[2 + i] = t
        return out

    def _violation(self, action: Action) -> tuple[str, str] | None:
        seat = self._hand.to_act
        if seat is None:
            return ("HE-4.11", "the hand is over")
        kind = action.kind
        if kind not in ("fold", "check", "call", "bet", "raise"):
            return ("HE-4.2", f"{action} is not a betting action (fold, check, call, bet, raise)")
        amount = action.amount
        if kind in ("bet", "raise"):
            if amount is None:
                return ("HE-4.3", f"a {kind} needs a raise-to amount")
            level = self._hand.level
            if kind == "bet" and level > 0:
                return ("HE-4.2", f"the bet level is {level}: raise, not bet")
            if kind == "raise" and level == 0:
                return ("HE-4.2", "nothing has been bet in this round: bet, not raise")
        v = self._hand.violation(seat, kind, amount if kind in ("bet", "raise") else None)
        if v is not None:
            return v
        if kind == "call":
            call = self._hand.legal()[2]
            if amount is not None and amount != call:
                return ("HE-4.2", f"a call now moves {call} chips, not {amount}")
        if kind in ("fold", "check") and amount is not None:
            return ("HE-4.2", f"{kind} takes no amount")
        if (
            self.game.abstract
            and kind in ("bet", "raise")
            and amount not in self._abstract_amounts().values()
        ):
            sizes = sorted(self._abstract_amounts().values())
            return (
                "HE-4.3",
                f"with actions='abstract' the raise-to amounts are {sizes}, not {amount}",
            )
        return None

    def _do(self, action: Action) -> None:
        seat = self._hand.to_act
        assert seat is not None
        if action.kind in ("bet", "raise"):
            self._hand.apply(seat, action.kind, action.amount)
        else:
            self._hand.apply(seat, action.kind)
        self._sync()

    def _sync(self) -> None:
        events = self._hand.events(self._events_seen)
        self._events_seen += len(events)
        self._history.extend(events)

    # ---- outcome --------------------------------------------------------------------------

    def returns(self) -> list[float]:
        if not self._hand.is_over:
            return [0.0] * self.game.num_players
        return [
            float(after - before)
            for after, before in zip(self._hand.stacks, self._hand.start_stacks, strict=True)
        ]

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
        for e in self._history:
            if e["event"] == "hole" and e["player"] != player:
                e = {"event": "hole", "player": e["player"]}  # HE-6.6: others' cards hidden
            out.append(dict(e))
        return out

    def observation(self, player: int) -> dict[str, Any]:
        """HE-6.6 / HE-7.12: own hole cards, the board, every stack, bet and action, and the
        hole cards shown (all-in run-out and showdown); nothing else."""
        n = self.game.num_players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise InvalidArgumentError(f"player must be a seat 0..{n - 1}, got {player!r}")
        h = self._hand
        revealed = h.revealed
        return {
            "player": player,
            "street": h.street,
            "button": h.button,
            "small_blind_seat": h.small_blind_seat,
            "big_blind_seat": h.big_blind_seat,
            "hole": h.hole(player),
            "board": h.board,
            "stacks": list(h.stacks),
            "bets": list(h.bets),
            "contributions": list(h.contributions),
            "pot": h.pot_total,
            "folded": list(h.folded),
            "shown": {str(s): h.hole(s) for s in range(n) if revealed[s]},
            "current_player": h.to_act,
            "legal": [str(a) for a in self.legal_actions()] if h.to_act == player else [],
            "history": self._public_history(player),
        }

    def resample(self, player: int, seed: int | None = None) -> HoldemState:
        """The same hand with every card ``player`` cannot see (others' unshown hole cards,
        burns, undealt board) redealt at random, and the same actions replayed."""
        n = self.game.num_players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise InvalidArgumentError(f"player must be a seat 0..{n - 1}, got {player!r}")
        deck = self._deal_record["deck"].split()
        h = self._hand
        order = h.dealing_order
        k = len(order)
        known = set()
        revealed = h.revealed
        for j, seat in enumerate(order):
            if seat == player or revealed[seat]:
                known |= {j, k + j}
        board_positions = [2 * k + 1, 2 * k + 2, 2 * k + 3, 2 * k + 5, 2 * k + 7]
        known |= set(board_positions[: len(h.board.split())])
        hidden = [i for i in range(52) if i not in known]
        cards = Rng(check_seed(seed)).shuffled([deck[i] for i in hidden])
        for i, c in zip(hidden, cards, strict=True):
            deck[i] = c
        clone = HoldemState(self.game, self.seed, {**self._deal_record, "deck": " ".join(deck)})
        for entry in self._actions:
            clone.apply(clone.action_from_json(entry))
        return clone

    # ---- action text and ids --------------------------------------------------------------

    _TEXT = re.compile(r"^(fold|check|call|bet|raise|all-?in)(?:\s+(?:to\s+)?(\d+))?$")

    def parse_action(self, text: str) -> Action:
        norm = " ".join(text.strip().lower().split())
        m = self._TEXT.match(norm)
        if m is None:
            return Action(norm, label=norm)
        kind, amount = m.group(1), m.group(2)
        if kind.startswith("all"):
            return self._all_in()
        if kind == "fold" or kind == "check":
            return FOLD if kind == "fold" else CHECK
        if kind == "call":
            if amount is None:
                call = self._hand.legal()[2]
                return _call(call) if call is not None else Action("call", label="call")
            return _call(int(amount))
        if amount is None:
            return Action(kind, label=kind)
        t = int(amount)
        return _raise_range(kind, t, t)[0] if t < 10**9 else Action(kind, amount=t)

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
            return _call(call)
        if raise_range is not None:
            return _raise_range("bet" if is_bet else "raise", total, total)[0]
        raise IllegalActionError(
            "all-in is illegal (HE-7.22): raising is not permitted here (HE-4.4); call or fold",
            rule="HE-7.22",
        )

    def action_id(self, action: Action) -> int:
        if action.kind == "fold":
            return 0
        if action.kind in ("check", "call"):
            return 1
        if action.kind in ("bet", "raise") and action.amount is not None:
            if self.game.abstract:
                for i, t in self._abstract_amounts().items():
                    if t == action.amount:
                        return i
                raise InvalidArgumentError(f"{action} is not one of the abstraction's sizes now")
            if 1 <= action.amount <= self.game.total_chips:
                return 1 + action.amount
        raise InvalidArgumentError(f"{action} has no action id in Hold'em")

    def action_from_id(self, action_id: int) -> Action:
        if not 0 <= action_id < self.game.num_actions:
            raise IllegalActionError(
                f"action id {action_id} is not in 0..{self.game.num_actions - 1}"
            )
        act: Action
        fold, check, call, raise_range, is_bet = self._hand.legal()
        if action_id == 0:
            act = FOLD
        elif action_id == 1:
            act = CHECK if check or call is None else _call(call)
        else:
            kind = "bet" if is_bet else "raise"
            if self.game.abstract:
                t = self._abstract_amounts().get(action_id)
                if t is None:
                    raise IllegalActionError(
                        f"action id {action_id} ({ABSTRACT_SIZES[action_id - 2]}) is not legal now"
                    )
            else:
                t = action_id - 1
            act = _raise_range(kind, t, t)[0]
        if self._violation(act) is not None or self.is_terminal():
            raise IllegalActionError(f"action id {action_id} ({act}) is not legal now")
        return act

    def action_from_json(self, entry: Mapping[str, Any]) -> Action:
        kind = entry.get("kind")
        amount = entry.get("amount")
        if kind in ("fold", "check"):
            act = FOLD if kind == "fold" else CHECK
        elif kind == "call" and isinstance(amount, int):
            act = _call(amount)
        elif kind in ("bet", "raise") and isinstance(amount, int) and amount >= 0:
            act = _raise_range(str(kind), amount, amount)[0]
        else:
            raise IllegalActionError(f"recorded action {dict(entry)} is not a Hold'em action")
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
    for e in state._history:
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


def from_phh(text: str, game: HoldemGame | None = None) -> HoldemState:
    """Replay a PHH no-limit Hold'em hand into a state at the same point.

    Reads what :func:`to_phh` writes and plain PHH files: players are seats in dealing order
    (``seats`` places them, else ``p1..pk`` sit at seats ``0..k-1`` with the button on the
    last); hole cards from ``d dh``, the board from ``d db``, the rest of the deck from
    ``_cardavia_deck`` when present, else the unseen cards in index order.
    """
    try:
        f = _parse_phh(text)
    except Exception as e:
        raise InvalidArgumentError(f"not a readable PHH file: {e}") from e
    if f.get("variant") != "NT":
        raise InvalidArgumentError(
            f"not a no-limit Texas Hold'em hand (variant {f.get('variant')!r})"
        )
    stacks_in_order = [int(x) for x in f["starting_stacks"]]
    k = len(stacks_in_order)
    blinds = [int(x) for x in f["blinds_or_straddles"]]
    if any(int(a) for a in f.get("antes", [])):
        raise InvalidArgumentError("antes are not part of these rules (HE-1.4)")
    seats = [int(s) - 1 for s in f.get("seats", range(1, k + 1))]
    if game is None:
        if "_cardavia_options" in f:
            options = json.loads(f["_cardavia_options"])
        else:
            n = max(f.get("seat_count", k), max(seats) + 1)
            options = {
                "players": n,
                "stack": -(-sum(stacks_in_order) // n),
                "small_blind": min(b for b in blinds if b > 0),
                "big_blind": max(blinds),
            }
        from cardavia.game import load

        game = load("holdem", **options)
    assert game is not None
    n = game.num_players
    stacks = [0] * n
    for seat, s in zip(seats, stacks_in_order, strict=True):
        stacks[seat] = s
    button = int(f.get("_cardavia_button", seats[-1] + 1)) - 1
    actions = [str(a).split("#")[0].split() for a in f["actions"]]
    hole: dict[int, str] = {}
    board: list[str] = []
    for a in actions:
        if a[:2] == ["d", "dh"]:
            hole[int(a[2][1:]) - 1] = a[3]
        elif a[:2] == ["d", "db"]:
            board.append(a[2])
    if "_cardavia_deck" in f:
        deck = str(f["_cardavia_deck"])
    else:
        top: list[str | None] = [None] * (2 * k + 8)
        for j, cards in hole.items():
            if "?" in cards:
                continue
            top[j], top[k + j] = cards[:2], cards[2:4]
        streets = [(2 * k + 1, 3), (2 * k + 5, 1), (2 * k + 7, 1)]
        for (at, count), cards in zip(streets, board, strict=False):
            for i in range(count):
                top[at + i] = cards[2 * i : 2 * i + 2]
        used = {c for c in top if c is not None}
        rest = iter(c for c in DECK if c not in used)
        deck = " ".join(c if c is not None else next(rest) for c in top)
    state = game.new_state(seed=0, deal={"stacks": stacks, "button": button, "deck": deck})
    order = list(state.hand.dealing_order)
    if order != seats:
        raise InvalidArgumentError(
            f"the PHH players sit at seats {seats}, but dealing order from button {button} is "
            f"{order} (HE-3.8)"
        )
    for a in actions:
        if a[0] == "d" or (len(a) > 1 and a[1] in ("sm", "sd")):
            continue
        seat = seats[int(a[0][1:]) - 1]
        if state.current_player != seat:
            if a[1] == "cc":
                continue  # a lone check PokerKit asks of a player HE-4.9 skips (HE-7.6)
            raise InvalidArgumentError(f"{' '.join(a)}: it is seat {state.current_player}'s turn")
        if a[1] == "f":
            act = state.parse_action("fold")
        elif a[1] == "cc":
            act = state.parse_action("check" if state.hand.legal()[1] else "call")
        elif a[1] == "cbr":
            act = state.parse_action(f"{'bet' if state.hand.level == 0 else 'raise'} {a[2]}")
        else:
            raise InvalidArgumentError(f"unknown PHH action {' '.join(a)!r}")
        state.apply(act)
    return state
