"""Contract bridge, one deal with duplicate scoring. Rules: ``rules/bridge.md`` (ids ``BR-x.y``).

Seats are North 0, East 1, South 2, West 3 (BR-3.1); South deals and calls first (BR-3.2,
BR-3.5) and the cards are dealt one at a time from West (BR-3.4). Option ``vulnerability``:
``"none"`` (default), ``"ns"``, ``"ew"`` or ``"both"`` (BR-3.3).

Whose turn it is during the play: **the declarer plays dummy's cards** (BR-4.3), so when a card
from dummy's hand is due, :attr:`BridgeState.current_player` is the *declarer*, and
:attr:`BridgeState.seat_to_play` tells that the card comes from dummy. The dummy player never
acts between the end of the auction and the end of the deal (BR-4.9): an agent seated as dummy
is simply never asked. Its legal actions at dummy's turns are dummy's legal cards.

The auction and the play run in Rust (:class:`cardavia._core.BridgeDeal`, on the shared
trick-taking kernel); this module adds the protocol, observation, PBN and the score API. For
search, :meth:`BridgeState.resample` redeals what a seat cannot see (exactly uniformly, in
Rust) and :meth:`BridgeState.playout_returns` plays on to the end from any call or card in
Rust, with uniformly random or greedy calls and cards (the greedy rules are listed there).

Actions (fixed ids, 90 in all): ``P`` 0, ``X`` 1, ``XX`` 2, the bid of value ``v`` (BR-2.4:
``1C`` = 0 … ``7NT`` = 34) ``3 + v``, and the card of index ``i`` (``cardavia.Card.index``)
``38 + i``. ``str(action)`` is ``P``, ``X``, ``XX``, ``4S``, ``3NT`` or a card such as ``Qh``.

``deal`` for :meth:`BridgeGame.new_state` fixes the cards::

    {"hands": ["<N's 13 cards>", "<E's>", "<S's>", "<W's>"]}

Module functions: :func:`score` (and :func:`score_breakdown`) for any contract, :func:`to_pbn`
and :func:`from_pbn` for Portable Bridge Notation, :func:`simulate` for seeded random deals in
Rust.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from cardavia import _core
from cardavia._core import BridgeDeal, Card, CardSet
from cardavia.cards import check_seed
from cardavia.errors import IllegalActionError, InvalidArgumentError
from cardavia.game import Action, Game, Option, State, register
from cardavia.games.climbing import derive_seed
from cardavia.games.trick_search import check_count, check_policy, check_threads

__all__ = [
    "DDTable",
    "Par",
    "ParContract",
    "dd_table",
    "par",
    "solve",
    "solve_position",
    "BridgeGame",
    "BridgeState",
    "NUM_ACTIONS",
    "SEATS",
    "VULNERABILITIES",
    "from_pbn",
    "score",
    "score_breakdown",
    "simulate",
    "to_pbn",
]

SEATS = ("N", "E", "S", "W")
"""Seat letters by seat number (BR-3.1)."""
NORTH, EAST, SOUTH, WEST = range(4)
DEALER = SOUTH
VULNERABILITIES = ("none", "ns", "ew", "both")
STRAINS = ("C", "D", "H", "S", "NT")
DECK = CardSet.full_pack(jokers=False)
SUIT_SETS = tuple(CardSet([c for c in DECK if c.suit is not None and c.suit.value == k])
                  for k in range(4))  # fmt: skip
CARD_BASE = 38
NUM_ACTIONS = 90


def _build_actions() -> tuple[Action, ...]:
    out = [
        Action(kind="pass", label="P"),
        Action(kind="double", label="X"),
        Action(kind="redouble", label="XX"),
    ]
    out += [Action(kind="bid", amount=v, label=_core.bridge_call_text(3 + v)) for v in range(35)]
    for i in range(52):
        card = Card.from_index(i)
        out.append(Action(kind="play", cards=CardSet([card]), label=str(card)))
    return tuple(out)


ACTIONS = _build_actions()
"""Every action, by id."""


def _seat_index(seat: str | int, what: str = "declarer") -> int:
    if isinstance(seat, str) and seat.strip().upper() in SEATS:
        return SEATS.index(seat.strip().upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 4:
        return seat
    raise InvalidArgumentError(f"{what} must be one of N, E, S, W (or 0-3), got {seat!r}")


def _vulnerability(vul: str) -> str:
    if isinstance(vul, str):
        v = vul.strip().lower()
        v = {"all": "both", "-": "none", "love": "none"}.get(v, v)
        if v in VULNERABILITIES:
            return v
    raise InvalidArgumentError(
        f"vulnerability must be one of none, ns, ew, both, got {vul!r} (BR-3.3)"
    )


def score_breakdown(
    contract: str, declarer: str | int, vulnerability: str, tricks: int
) -> dict[str, Any]:
    """The duplicate score (BR-5) with its breakdown: ``trick_points``, ``overtricks``,
    ``game_bonus``, ``part_score_bonus``, ``slam_bonus``, ``insult_bonus``, ``undertricks``
    (the defenders' penalty), ``declarer_side`` (BR-5.4's ``R``), ``ns`` and ``ew``.
    Arguments as for :func:`score`."""
    if not isinstance(contract, str):
        raise InvalidArgumentError(f"contract must be text like '4S' or '3NTX', got {contract!r}")
    if isinstance(tricks, bool) or not isinstance(tricks, (int, np.integer)):
        raise InvalidArgumentError(f"tricks must be an int 0-13, got {tricks!r}")
    if not 0 <= int(tricks) <= 13:
        raise InvalidArgumentError(f"tricks must be 0-13 (tricks taken by declarer), got {tricks}")
    seat = _seat_index(declarer)
    return _core.bridge_score(contract, seat, _vulnerability(vulnerability), int(tricks))


def score(contract: str, declarer: str | int, vulnerability: str, tricks: int) -> int:
    """North-South's duplicate score (BR-5) of ``contract`` (``"4S"``, ``"3NTX"``, ``"6HXX"``)
    played by ``declarer`` (``"N"``, ``"E"``, ``"S"``, ``"W"``) with ``vulnerability``
    (``"none"``, ``"ns"``, ``"ew"``, ``"both"``), declarer's side taking ``tricks`` (0-13).
    East-West's score is the negation (BR-5.4)."""
    return int(score_breakdown(contract, declarer, vulnerability, tricks)["ns"])


def simulate(
    n: int, vulnerability: str = "none", seed: int = 0, threads: int = 1
) -> dict[str, npt.NDArray[Any]]:
    """``n`` seeded random deals (uniformly random legal calls and cards) played in Rust.

    Arrays per deal: ``level`` (0 = passed out), ``strain`` (0-4, -1), ``doubling``,
    ``declarer`` (-1 = passed out), ``calls``, ``tricks_won`` (n, 4), ``cards_captured``
    (n, 4), ``distinct_cards``, and the score breakdown columns of :func:`score_breakdown`.
    Results depend on ``seed`` only, not on ``threads`` (0 = every core). A count that is
    not an int, negative, or too large to hold raises InvalidArgumentError; Ctrl-C stops a
    long run."""
    count = check_count(n, minimum=0)
    return _core.bridge_simulate(
        count, _vulnerability(vulnerability), check_seed(seed), check_threads(threads)
    )


@register
class BridgeGame(Game["BridgeState"]):
    """Contract bridge, one deal, duplicate scoring (rules/bridge.md)."""

    id = "bridge"
    OPTIONS = (
        Option(
            "vulnerability",
            str,
            "none",
            "which sides are vulnerable (BR-3.3): none, ns, ew or both",
            choices=VULNERABILITIES,
        ),
    )

    @property
    def num_players(self) -> int:
        return 4

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def vulnerability(self) -> str:
        return str(self.options["vulnerability"])

    def new_state(self, seed: int | None = None, deal: Any = None) -> BridgeState:
        return BridgeState(self, seed, deal)


class BridgeState(State):
    """One bridge deal: the auction, then 13 tricks (see the module documentation).

    The Rust deal (``_deal``) is the one source of truth: the record's actions and
    :attr:`history` are read back from it."""

    game: BridgeGame

    def __init__(self, game: BridgeGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        if deal is None:
            # BR-3.4: the seeded shuffle dealt one card at a time from West.
            self._deal = BridgeDeal.seeded(self.seed, game.vulnerability)
            self._deal_record = {"hands": self._deal.dealt_texts()}
            return
        self._deal_record = self._check_deal(deal)
        self._deal = BridgeDeal(self._deal_record["hands"], game.vulnerability)

    @classmethod
    def _wrap(cls, game: BridgeGame, seed: int, deal: BridgeDeal) -> BridgeState:
        """A state around an existing Rust deal (its record is the deal's actions)."""
        new = object.__new__(cls)
        new.game = game
        new.seed = seed
        new._deal = deal
        new._deal_record = {"hands": deal.dealt_texts()}
        new._history = []
        return new

    @staticmethod
    def _check_deal(deal: Any) -> dict[str, Any]:
        if not isinstance(deal, Mapping) or "hands" not in deal:
            raise InvalidArgumentError(
                'a bridge deal is {"hands": [N, E, S, W]}, 13 cards each (BR-3.4)'
            )
        if isinstance(deal["hands"], str) or not isinstance(deal["hands"], (list, tuple)):
            raise InvalidArgumentError('"hands" must be a list of four hands N, E, S, W (BR-3.4)')
        hands = [CardSet(h) for h in deal["hands"]]
        if len(hands) != 4 or any(len(h) != 13 for h in hands):
            raise InvalidArgumentError("a bridge deal has four 13-card hands: N, E, S, W (BR-3.4)")
        union = CardSet()
        for h in hands:
            if union & h:
                raise InvalidArgumentError(f"{union & h} dealt twice (BR-2.1)")
            union |= h
        if union != DECK:
            raise InvalidArgumentError("a bridge deal uses the 52 cards without jokers (BR-2.1)")
        return {"hands": [str(h) for h in hands]}

    # ---- protocol -----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that chooses: the caller, the seat to play, or the declarer when dummy's
        card is due (BR-4.3); None when the deal is over."""
        return self._deal.current_player

    def is_terminal(self) -> bool:
        return self._deal.is_over

    @property
    def seat_to_play(self) -> int | None:
        """During the play, the seat whose card is due (dummy's seat at dummy's turns)."""
        return self._deal.seat_to_play

    @property
    def phase(self) -> str:
        """``"auction"``, ``"play"`` or ``"over"``."""
        return self._deal.phase

    @property
    def contract(self) -> str | None:
        """The contract (``"4HX"``) once the auction ended with a bid (BR-3.9)."""
        return self._deal.contract

    @property
    def declarer(self) -> int | None:
        return self._deal.declarer

    @property
    def dummy(self) -> int | None:
        return self._deal.dummy

    @property
    def calls(self) -> list[str]:
        """Every call so far, South's first (BR-3.5)."""
        return self._deal.calls

    def hands(self) -> list[CardSet]:
        """Every seat's remaining cards (the full information; see :meth:`observation`)."""
        return self._deal.hands()

    def legal_actions(self) -> list[Action]:
        return [ACTIONS[i] for i in self._deal.legal_ids()]

    def legal_action_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions` (calls ascending, then cards by index)."""
        return self._deal.legal_ids()

    def _violation(self, action: Action) -> tuple[str, str] | None:
        player = self.current_player
        assert player is not None
        if action.kind == "play":
            if not isinstance(action.cards, CardSet) or len(action.cards) != 1:
                return ("BR-4.4", f"a play is exactly one card, not {action.cards}")
            (card,) = action.cards
            if card.is_joker:
                return ("BR-2.1", "bridge is played without jokers")
        return self._deal.violation(player, self.action_id(action))

    def apply(self, action: Action | str | int) -> None:
        """Apply a legal action (an Action, its text or its id); an illegal one raises
        IllegalActionError naming the rule and changes nothing; an id outside 0..89 raises
        InvalidArgumentError."""
        if type(action) is int:
            i = action
            if not 0 <= i < NUM_ACTIONS:
                raise InvalidArgumentError(f"action id {i} is not in 0..{NUM_ACTIONS - 1}")
        else:
            act = action if isinstance(action, Action) else self.to_action(action)
            found = _ID_OF_OBJECT.get(id(act))
            if found is not None and ACTIONS[found] is act:
                i = found
            else:  # built by hand: it must equal a legal action in every field it sets
                self.check(act)
                i = _ID_OF_OBJECT[id(self._canonical(act))]
        violation = self._deal.step(i)
        if violation is not None:
            rule, why = violation
            raise IllegalActionError(f"{ACTIONS[i]} is illegal ({rule}): {why}", rule=rule)

    def _do(self, action: Action) -> None:
        self.apply(action)

    @property
    def _actions(self) -> list[dict[str, Any]]:
        """The record's actions, read back from the deal (calls, then cards)."""
        return [ACTION_JSON[i] for i in self._deal.action_ids()]

    @_actions.setter
    def _actions(self, value: list[dict[str, Any]]) -> None:
        if value:
            raise AttributeError("a bridge state's actions are its deal's")

    def returns(self) -> list[float]:
        s = self._deal.score()
        if s is None:
            return [0.0] * 4
        ns = float(s["ns"])
        return [ns, -ns, ns, -ns]

    @property
    def result(self) -> dict[str, Any] | None:
        """Once over (BR-5.7): contract (or passed out), declarer, dummy, tricks per side and
        the score breakdown with the NS and EW totals."""
        s = self._deal.score()
        if s is None:
            return None
        won = self._deal.tricks_won()
        return {
            "passed_out": self._deal.passed_out,
            "vulnerability": self.game.vulnerability,
            "contract": self._deal.contract,
            "declarer": None if self.declarer is None else SEATS[self.declarer],
            "dummy": None if self.dummy is None else SEATS[self.dummy],
            "declarer_tricks": self._deal.declarer_tricks,
            "tricks": {"ns": won[0] + won[2], "ew": won[1] + won[3]},
            "score": dict(s),
            "ns": s["ns"],
            "ew": s["ew"],
        }

    @property
    def history(self) -> list[dict[str, Any]]:
        """BR-5.7's log, read back from the deal: the deal, every call with its seat, the
        contract (or passed out), every card with the seat it came from and the seat that chose
        it (declarer for dummy, BR-4.3), and each trick with its leader and winner."""
        deal = self._deal
        out: list[dict[str, Any]] = [
            {"event": "deal", "dealer": SEATS[DEALER], "vulnerability": self.game.vulnerability}
        ]
        calls = deal.calls
        out += [
            {"event": "call", "player": (DEALER + k) % 4, "call": call}
            for k, call in enumerate(calls)
        ]
        if deal.phase == "auction":
            return out
        declarer = deal.declarer
        if declarer is None:
            out.append({"event": "passed_out"})
            return out
        dummy = (declarer + 2) % 4
        out.append({"event": "contract", "contract": deal.contract, "declarer": declarer,
                    "dummy": dummy, "opening_leader": (declarer + 1) % 4})  # fmt: skip
        tricks = deal.tricks()
        for k, (seat, card) in enumerate(deal.plays()):
            by = declarer if seat == dummy else seat
            out.append({"event": "play", "player": seat, "by": by, "card": str(card)})
            if k % 4 == 3:
                t = tricks[k // 4]
                out.append({"event": "trick", "leader": t["leader"], "cards": t["cards"],
                            "winner": t["winner"]})  # fmt: skip
        return out

    def clone(self) -> BridgeState:
        """An independent copy (the Rust deal copied; the record is read back from it)."""
        new = object.__new__(BridgeState)
        new.game = self.game
        new.seed = self.seed
        new._deal = self._deal.clone()
        new._deal_record = {"hands": list(self._deal_record["hands"])}
        new._history = []
        return new

    # ---- information --------------------------------------------------------------------

    def observation(self, player: int) -> dict[str, Any]:
        """BR-4.9: the seat's own remaining cards, dummy's remaining cards from the opening
        lead on, every call, every played card and trick. Nothing else."""
        player = self._check_player(player)
        deal = self._deal
        hands = deal.hands()
        dummy = deal.dummy
        leader, cards = deal.current_trick()
        return {
            "player": player,
            "phase": deal.phase,
            "vulnerability": self.game.vulnerability,
            "dealer": SEATS[DEALER],
            "hand": str(hands[player]),
            "calls": deal.calls,
            "contract": deal.contract,
            "declarer": deal.declarer,
            "dummy": dummy,
            "dummy_hand": str(hands[dummy]) if dummy is not None and deal.dummy_exposed else None,
            "tricks": [
                {"leader": t["leader"], "cards": t["cards"], "winner": t["winner"]}
                for t in deal.tricks()
            ],
            "current_trick": {"leader": leader, "cards": [str(c) for c in cards]},
            "tricks_won": deal.tricks_won(),
            "current_player": deal.current_player,
            "seat_to_play": deal.seat_to_play,
        }

    def resample(self, player: int, seed: int | None = None) -> BridgeState:
        """A full state at the same point with the same calls and played cards, consistent with
        everything ``player`` has seen (BR-4.9): his own cards, dummy's once exposed (BR-4.2;
        declarer and defenders alike see dummy, the dummy player sees no more than a defender),
        the voids each seat showed by failing to follow suit (BR-4.5). Every card hidden from
        him is dealt again in Rust, exactly uniformly over the deals consistent with that (the
        calls constrain nothing: any hand may make any legal call). The new state's seed is
        derived from ``seed`` (None: a fresh one), never the true one."""
        player = self._check_player(player)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is no decision to resample for")
        rseed = check_seed(seed)
        deal = self._deal.resample(player, rseed)
        return BridgeState._wrap(self.game, derive_seed(rseed, 1), deal)

    def resample_within(
        self,
        player: int,
        boxes: Any,
        count: int,
        seed: int | None = None,
        max_draws: int = 100_000,
    ) -> list[BridgeState]:
        """Up to ``count`` states like :meth:`resample` in which the dealt hand (cards played
        and held) of every seat hidden from ``player`` lies in its box: what the calls have
        shown, for a search that reads the auction. ``boxes`` has four entries (N, E, S, W),
        each None (no constraint) or ``(hcp_lo, hcp_hi, [(lo, hi)] * 4)``: high-card points
        (A 4, K 3, Q 2, J 1) and the length of each suit (c, d, h, s), inclusive. Boxes of
        seats the player sees are ignored. Each state is exactly uniform over the consistent
        deals inside the boxes (rejection from :meth:`resample`'s proposal), drawn in Rust from
        at most ``max_draws`` proposals in all: fewer states (or none) come back when the boxes
        are too narrow for that budget. Seeded: the same seed gives the same states."""
        player = self._check_player(player)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is no decision to resample for")
        n = check_count(count, "count", minimum=0)
        draws = check_count(max_draws, "max_draws", minimum=0)
        if isinstance(boxes, (str, bytes)) or not isinstance(boxes, (list, tuple)):
            raise InvalidArgumentError("boxes must be a list of four entries (N, E, S, W)")
        rseed = check_seed(seed)
        try:
            deals = self._deal.resample_within(player, list(boxes), n, rseed, draws)
        except (TypeError, OverflowError) as e:
            raise InvalidArgumentError(
                "each box is None or (hcp_lo, hcp_hi, [(lo, hi)] * 4) with small "
                f"non-negative ints: {e}"
            ) from None
        return [
            BridgeState._wrap(self.game, derive_seed(rseed, 2 + k), deal)
            for k, deal in enumerate(deals)
        ]

    def playout_returns(
        self, n: int, policy: str = "random", seed: int | None = 0, threads: int = 1
    ) -> npt.NDArray[np.float64]:
        """``n`` seeded playouts in Rust from this decision (auction or play) to the end of the
        deal: a float64 array (n, 4) of the seats' :meth:`returns` (NS's score for N and S, its
        negation for E and W, BR-5.4). The same seed gives the same array for any ``threads``
        (0 = every core). They use the full state they are given: run them on
        :meth:`resample` results to respect a player's information.

        ``policy="random"``: uniformly random legal calls and cards. In the auction this is a
        poor rollout: random calls soon bid high and double, so most playouts end in doubled
        slams or grand slams going down thousands; use it from the play, or for testing.

        ``policy="greedy"`` (``cardavia_core::tricks::bridge::greedy``), per decision:

        * calls: a natural bidding rule on high-card points (A4 K3 Q2 J1, shortness added with
          a fit). Open 1NT with 15-17 balanced, 2NT with 20-21, else one of a five-card major
          or the longer minor with 12+ (rule of 20), a weak two/three with a six/seven-card
          suit and 5-10; overcall 1NT (15-18, stoppers) or a five-card suit; with a fit
          partner showed, bid the level the combined points reach (2 at 18, 3 at 23, 4 of a
          major at 25, 5 of a minor at 29, 6 at 33, 7 at 37; 3NT over a minor game when
          balanced), facing NT bid NT by combined HCP or a five-card major; without a fit a
          six-card suit, a new five-card suit or NT; penalty-double high contracts when the
          combined points say they go down; pass otherwise. What partner showed is read back
          from his calls with the same thresholds.
        * cards: lead a master trump to draw trumps (declaring side in a suit contract), else
          cash a side-suit master, else low from the longest side suit; second hand low,
          third hand high (its cheapest master, else its highest if that wins), fourth hand
          wins as cheaply as it can; low when partner is already winning safely; void: ruff
          with the cheapest winning trump (overruff if needed), else discard low."""
        count = check_count(n)
        policy = check_policy(policy)
        threads = check_threads(threads)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is nothing to play out")
        return self._deal.playout_returns(count, policy, check_seed(seed), threads)

    # ---- action text and ids ------------------------------------------------------------

    def action_id(self, action: Action) -> int:
        kind = action.kind
        if kind == "pass":
            return 0
        if kind == "double":
            return 1
        if kind == "redouble":
            return 2
        if kind == "bid" and action.amount is not None and 0 <= action.amount < 35:
            return 3 + action.amount
        if kind == "play" and isinstance(action.cards, CardSet) and len(action.cards) == 1:
            (card,) = action.cards
            if not card.is_joker:
                return CARD_BASE + card.index
        raise InvalidArgumentError(f"{action} is not a bridge action")

    def action_from_id(self, action_id: int) -> Action:
        """The legal action with this id; InvalidArgumentError for an id outside 0..89,
        IllegalActionError naming the rule for one not legal now."""
        if not 0 <= action_id < NUM_ACTIONS:
            raise InvalidArgumentError(f"action id {action_id} is not in 0..{NUM_ACTIONS - 1}")
        action = ACTIONS[action_id]
        player = self.current_player
        found = self._deal.violation(0 if player is None else player, action_id)
        if found is not None:
            rule, why = found
            raise IllegalActionError(
                f"action id {action_id} ({action}) is not a legal action id now ({rule}): {why}",
                rule=rule,
            )
        return action

    def parse_action(self, text: str) -> Action:
        """A call (``P``/``pass``, ``X``, ``XX``, ``1C`` … ``7NT``) or a card (``Qh``).

        Text such as ``7c`` is both a bid and a card: it reads as the bid during the auction
        and as the card afterwards (``play 7c`` and ``bid 7c`` say which explicitly)."""
        t = text.strip()
        head, _, rest = t.partition(" ")
        if head.lower() == "play" and rest:
            return self._card_action(rest)
        if head.lower() == "bid" and rest:
            t = rest
        if self.phase == "auction" or head.lower() == "bid":
            try:
                return ACTIONS[_core.bridge_call_id(t)]
            except InvalidArgumentError:
                pass
        elif t.lower() in ("p", "pass", "x", "xx"):
            return ACTIONS[_core.bridge_call_id(t)]
        return self._card_action(t)

    def _card_action(self, text: str) -> Action:
        t = text.strip()
        try:
            cards = CardSet(t)
        except ValueError:
            raise IllegalActionError(
                f"{text!r} is neither a call (P, X, XX, 1C..7NT) nor a card", rule="BR-2.2"
            ) from None
        if len(cards) == 1:
            (card,) = cards
            if not card.is_joker:
                return ACTIONS[CARD_BASE + card.index]
        return Action(kind="play", cards=cards, label=str(cards))

    def action_from_json(self, entry: Mapping[str, Any]) -> Action:
        kind = entry.get("kind")
        if kind == "play":
            return self._card_action(str(entry.get("cards", "")))
        if kind == "bid":
            amount = entry.get("amount")
            if not isinstance(amount, int) or not 0 <= amount < 35:
                raise IllegalActionError(f"recorded bid {dict(entry)} is not a bid")
            return ACTIONS[3 + amount]
        names = {"pass": 0, "double": 1, "redouble": 2}
        if kind in names:
            return ACTIONS[names[str(kind)]]
        raise IllegalActionError(f"recorded action {dict(entry)} is not a bridge action")


ACTION_JSON: tuple[dict[str, Any], ...] = tuple(a.to_json() for a in ACTIONS)
"""Each action's record entry, by id (shared, never mutated)."""
_ID_OF_OBJECT = {id(a): i for i, a in enumerate(ACTIONS)}


# --------------------------------------------------------------------------------------------
# PBN (Portable Bridge Notation)

_PBN_VUL = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}
_PBN_SUITS = "SHDC"
_RANKS = "AKQJT98765432"


def _pbn_hand(hand: CardSet) -> str:
    parts = []
    for suit in _PBN_SUITS:
        in_suit = hand & SUIT_SETS["cdhs".index(suit.lower())]
        ranks = [c.rank.symbol for c in in_suit]
        parts.append("".join(sorted(ranks, key=_RANKS.index)))
    return ".".join(parts)


def _pbn_card(card: str) -> str:
    return card[1].upper() + card[0]


def to_pbn(state: BridgeState, dd: bool = False) -> str:
    """The deal in Portable Bridge Notation: the tags ``Dealer``, ``Vulnerable``, ``Deal``,
    ``Declarer``, ``Contract``, ``Result`` and the ``Auction`` and ``Play`` sections (as far as
    the deal has gone; ``Result`` once it is over).

    ``dd=True`` adds the double-dummy analysis of the deal as dealt, after ``Result``:
    ``DoubleDummyTricks``, ``OptimumScore`` and ``ParContract`` (par for the deal's
    vulnerability, South dealing) and ``OptimumResultTable`` (see
    :func:`cardavia.games.bridge_dd.pbn_tags`). :func:`from_pbn` reads such records back
    (it ignores those tags)."""
    if not isinstance(state, BridgeState):
        raise InvalidArgumentError(f"to_pbn needs a bridge state, got {type(state).__name__}")
    if not isinstance(dd, bool):
        raise InvalidArgumentError(f"dd must be True or False, got {dd!r}")
    dealt = [CardSet(h) for h in state._deal_record["hands"]]
    lines = [
        '[Event "cardavia"]',
        f'[Dealer "{SEATS[DEALER]}"]',
        f'[Vulnerable "{_PBN_VUL[state.game.vulnerability]}"]',
        '[Deal "N:' + " ".join(_pbn_hand(h) for h in dealt) + '"]',
    ]
    deal = state._deal
    over = deal.phase != "auction"
    declarer = state.declarer
    lines.append(f'[Declarer "{SEATS[declarer] if declarer is not None else ""}"]')
    contract = "Pass" if deal.passed_out else (deal.contract or "")
    lines.append(f'[Contract "{contract}"]')
    if deal.phase == "over" and not deal.passed_out:
        lines.append(f'[Result "{deal.declarer_tricks}"]')
    if dd:
        from cardavia.games.bridge_dd import pbn_tags

        lines += pbn_tags(dd_table(state), state.game.vulnerability)
    calls = ["Pass" if c == "P" else c for c in deal.calls]
    lines.append(f'[Auction "{SEATS[DEALER]}"]')
    for k in range(0, len(calls), 4):
        lines.append(" ".join(calls[k : k + 4]))
    if over and declarer is not None:
        first = (declarer + 1) % 4
        lines.append(f'[Play "{SEATS[first]}"]')
        tricks = [(t["leader"], t["cards"]) for t in deal.tricks()]
        leader, current = deal.current_trick()
        if current and leader is not None:
            tricks.append((leader, [str(c) for c in current]))
        for lead_seat, cards in tricks:
            row = ["-"] * 4
            for k, card in enumerate(cards):
                seat = (lead_seat + k) % 4
                row[(seat - first) % 4] = _pbn_card(card)
            lines.append(" ".join(row))
        if deal.phase == "over":
            lines.append("*")
    return "\n".join(lines) + "\n"


_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')


def _parse_pbn(text: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    tags: dict[str, str] = {}
    sections: dict[str, list[str]] = {}
    current: str | None = None
    text = re.sub(r"\{[^}]*\}", " ", text)  # brace comments
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(";") or line.startswith("%"):
            continue
        m = _TAG.match(line)
        if m:
            name, value = m.group(1), m.group(2)
            if name in tags:
                break  # a second game starts: read the first only
            tags[name] = value
            current = name if name in ("Auction", "Play") else None
            if current:
                sections[current] = []
            continue
        if current is not None:
            sections[current].extend(line.split())
    return tags, sections


def _pbn_deal(value: str) -> list[str]:
    m = re.match(r"^\s*([NESWnesw])\s*:\s*(.*)$", value)
    if not m:
        raise InvalidArgumentError(f'PBN Deal tag must look like "N:AKQ.… …", got {value!r}')
    first = SEATS.index(m.group(1).upper())
    hands_text = m.group(2).split()
    if len(hands_text) != 4:
        raise InvalidArgumentError(
            f"PBN Deal tag {value!r} must give all four hands (cardavia needs them), "
            f"got {len(hands_text)}"
        )
    hands = [""] * 4
    for k, hand in enumerate(hands_text):
        seat = SEATS[(first + k) % 4]
        suits = hand.split(".")
        if len(suits) != 4:
            raise InvalidArgumentError(
                f"PBN Deal tag: {seat}'s hand {hand!r} must have four suits S.H.D.C"
            )
        for suit, ranks in zip(_PBN_SUITS, suits, strict=True):
            bad = [r for r in ranks if r.upper() not in _RANKS]
            if bad:
                raise InvalidArgumentError(
                    f"PBN Deal tag: {seat}'s {suit} suit {ranks!r} has {bad[0]!r}, which is not "
                    "a rank (AKQJT98765432)"
                )
            twice = [r for r in _RANKS if ranks.upper().count(r) > 1]
            if twice:
                raise InvalidArgumentError(
                    f"PBN Deal tag: {seat}'s {suit} suit {ranks!r} has {twice[0]} twice"
                )
        cards = [
            f"{r.upper()}{suit.lower()}"
            for suit, ranks in zip(_PBN_SUITS, suits, strict=True)
            for r in ranks
        ]
        hands[(first + k) % 4] = " ".join(cards)
    return hands


def _pbn_call(token: str) -> str | None:
    """A PBN auction token as a call text, None for tokens to skip (notes, annotations)."""
    t = token.rstrip("!?")
    if not t or t in ("-", "*") or t.startswith("$") or re.fullmatch(r"=\d+=", t):
        return None
    return {"PASS": "P", "DBL": "X", "RDBL": "XX"}.get(t.upper(), t)


def from_pbn(text: str) -> BridgeState:
    """A bridge state rebuilt from PBN text (the first game in it): the ``Deal`` (all four
    hands), ``Vulnerable``, the ``Auction`` and ``Play`` sections replayed call by call and card
    by card, and ``Declarer``, ``Contract`` and ``Result`` checked against the replay. The
    dealer and the first caller must be South (BR-3.2).

    A malformed record raises InvalidArgumentError saying what is wrong where (the tag, or the
    call / trick and card that cannot be read or is illegal)."""
    if not isinstance(text, str):
        raise InvalidArgumentError("from_pbn needs PBN text")
    tags, sections = _parse_pbn(text)
    if "Deal" not in tags:
        raise InvalidArgumentError("the PBN has no Deal tag")
    dealer = tags.get("Dealer", "S").strip().upper() or "S"
    if dealer != "S":
        raise InvalidArgumentError(
            f"cardavia bridge deals are dealt by South (BR-3.2), not {dealer}"
        )
    try:
        vul = _vulnerability(tags.get("Vulnerable", "None"))
    except InvalidArgumentError as e:
        raise InvalidArgumentError(f"PBN Vulnerable tag: {e}") from None
    game = BridgeGame(vulnerability=vul)
    try:
        state = game.new_state(seed=0, deal={"hands": _pbn_deal(tags["Deal"])})
    except (InvalidArgumentError, ValueError) as e:
        message = str(e)
        raise InvalidArgumentError(
            message if message.startswith("PBN") else f"PBN Deal tag {tags['Deal']!r}: {message}"
        ) from None
    if "Auction" in tags and tags["Auction"].strip().upper() not in ("S", ""):
        raise InvalidArgumentError("the auction starts with South, the dealer (BR-3.5)")
    contract_tag = tags.get("Contract", "").strip()
    if "Auction" not in sections and contract_tag:
        raise InvalidArgumentError(
            "the PBN gives a Contract but no Auction section; cardavia rebuilds the contract "
            "by replaying the auction"
        )
    for number, token in enumerate(sections.get("Auction", []), start=1):
        call = _pbn_call(token)
        if call is None:
            continue
        if call.upper() == "AP":
            while state.phase == "auction":
                state.apply(ACTIONS[0])
            continue
        if state.phase != "auction":
            raise InvalidArgumentError(
                f"PBN Auction token {number} {token!r}: a call after the end of the auction "
                "(BR-3.8)"
            )
        try:
            call_id = _core.bridge_call_id(call)
        except InvalidArgumentError:
            raise InvalidArgumentError(
                f"PBN Auction token {number} {token!r} is not a call (Pass, X/Dbl, XX/Rdbl, "
                "1C..7NT, AP)"
            ) from None
        try:
            state.apply(call_id)
        except IllegalActionError as e:
            raise InvalidArgumentError(f"PBN Auction token {number} {token!r}: {e}") from None
    if contract_tag and state.phase != "auction":
        want = contract_tag.upper().replace("**", "XX").replace("*", "X")
        got = "PASS" if state._deal.passed_out else (state.contract or "")
        if want != got:
            raise InvalidArgumentError(f"Contract tag {contract_tag!r} but the auction gives {got}")
    decl_tag = tags.get("Declarer", "").strip().lstrip("^").upper()
    if decl_tag and state.declarer is not None and decl_tag != SEATS[state.declarer]:
        raise InvalidArgumentError(
            f"Declarer tag {decl_tag!r} but the auction gives {SEATS[state.declarer]} (BR-3.10)"
        )
    play = [t for t in sections.get("Play", []) if t != "*" and not t.startswith("$")]
    play_tag = tags.get("Play", "").strip().upper()
    if play_tag and play_tag not in SEATS:
        raise InvalidArgumentError(
            f"PBN Play tag must name the opening leader (N, E, S or W), got {tags['Play']!r}"
        )
    if play:
        if state.phase != "play":
            raise InvalidArgumentError("the PBN has a Play section but no contract to play")
        first = SEATS.index(play_tag) if play_tag else None
        if first is not None and first != state.seat_to_play:
            raise InvalidArgumentError(
                f"the Play section starts with {tags['Play']} but the opening leader is "
                f"{SEATS[state.seat_to_play or 0]} (BR-4.1)"
            )
        origin = state.seat_to_play or 0
        rows = [play[k : k + 4] for k in range(0, len(play), 4)]
        for trick, row in enumerate(rows, start=1):
            by_seat = {(origin + k) % 4: tok for k, tok in enumerate(row)}
            for _ in range(4):
                seat = state.seat_to_play
                if seat is None:
                    break
                token = by_seat.pop(seat, "-").rstrip("!?")
                if token == "-":
                    break
                where = f"PBN Play trick {trick}, {SEATS[seat]}'s card {token!r}"
                if (
                    len(token) != 2
                    or token[0].upper() not in _PBN_SUITS
                    or token[1].upper() not in _RANKS
                ):
                    raise InvalidArgumentError(f"{where} must be suit then rank (SA, HT, C2)")
                card = CARD_BASE + Card(token[1].upper() + token[0].lower()).index
                try:
                    state.apply(card)
                except IllegalActionError as e:
                    raise InvalidArgumentError(f"{where}: {e}") from None
            left = [t for t in by_seat.values() if t.rstrip("!?") != "-"]
            if state.phase == "over" and left:
                raise InvalidArgumentError(
                    f"PBN Play trick {trick}: card {left[0]!r} after the last trick (BR-4.8)"
                )
    result = tags.get("Result", "").strip()
    finished = state.phase == "over" and not state._deal.passed_out
    if result and finished and (not result.isdigit() or int(result) != state._deal.declarer_tricks):
        raise InvalidArgumentError(
            f"Result tag {result!r} but declarer took {state._deal.declarer_tricks} tricks"
        )
    return state


# --------------------------------------------------------------------------------------------
# Double-dummy solving and par (cardavia.games.bridge_dd), re-exported here.

from cardavia.games.bridge_dd import (  # noqa: E402
    DDTable,
    Par,
    ParContract,
    dd_table,
    par,
    solve,
    solve_position,
)
