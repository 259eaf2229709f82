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
trick-taking kernel); this module adds the protocol, observation, resampling, PBN and the
score API.

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

__all__ = [
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
    Results depend on ``seed`` only, not on ``threads`` (0 = every core)."""
    return _core.bridge_simulate(n, _vulnerability(vulnerability), check_seed(seed), threads)


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
    """One bridge deal: the auction, then 13 tricks (see the module documentation)."""

    game: BridgeGame

    def __init__(self, game: BridgeGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        if deal is None:
            deal = self._random_deal()
        self._deal_record = self._check_deal(deal)
        self._deal = BridgeDeal(self._deal_record["hands"], game.vulnerability)
        self._log(event="deal", dealer=SEATS[DEALER], vulnerability=game.vulnerability)

    def _random_deal(self) -> dict[str, Any]:
        # BR-3.4: card k of the shuffled deck goes to seat (3 + k) mod 4, West first; the
        # seeded deal gives hand i the cards k ≡ i (mod 4), so seat s gets hand (s + 1) mod 4.
        hands, _ = _core.deal_cards(4, 13, 1, False, self.seed)
        return {"hands": [str(CardSet(hands[(s + 1) % 4])) for s in range(4)]}

    @staticmethod
    def _check_deal(deal: Any) -> dict[str, Any]:
        if not isinstance(deal, Mapping) or "hands" not in deal:
            raise InvalidArgumentError(
                'a bridge deal is {"hands": [N, E, S, W]}, 13 cards each (BR-3.4)'
            )
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
        listed = [ACTIONS[i] for i in self._deal.legal_ids()]
        self._listed = listed
        return listed

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

    def _do(self, action: Action) -> None:
        player = self.current_player
        assert player is not None
        action_id = self.action_id(action)
        seat = self._deal.seat_to_play
        self._deal.apply(player, action_id)
        if action_id < CARD_BASE:
            self._log(event="call", player=player, call=str(action))
            if self._deal.phase != "auction":
                if self._deal.passed_out:
                    self._log(event="passed_out")
                else:
                    self._log(
                        event="contract",
                        contract=self._deal.contract,
                        declarer=self._deal.declarer,
                        dummy=self._deal.dummy,
                        opening_leader=self._deal.seat_to_play,
                    )
            return
        self._log(event="play", player=seat, by=player, card=str(action))
        leader, cards = self._deal.current_trick()
        if not cards:
            last = self._deal.tricks()[-1]
            self._log(event="trick", leader=last["leader"], cards=last["cards"],
                      winner=last["winner"])  # fmt: skip

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

    # ---- information --------------------------------------------------------------------

    def _public_tricks(self) -> list[dict[str, Any]]:
        return [
            {"leader": t["leader"], "cards": t["cards"], "winner": t["winner"]}
            for t in self._deal.tricks()
        ]

    def observation(self, player: int) -> dict[str, Any]:
        """BR-4.9: the seat's own remaining cards, dummy's remaining cards from the opening
        lead on, every call, every played card and trick. Nothing else."""
        if isinstance(player, bool) or player not in range(4):
            raise InvalidArgumentError(f"player must be 0-3 (N E S W), got {player!r}")
        hands = self._deal.hands()
        exposed = self._deal.dummy_exposed
        dummy = self.dummy
        leader, cards = self._deal.current_trick()
        return {
            "player": player,
            "phase": self.phase,
            "vulnerability": self.game.vulnerability,
            "dealer": SEATS[DEALER],
            "hand": str(hands[player]),
            "calls": self.calls,
            "contract": self.contract,
            "declarer": self.declarer,
            "dummy": dummy,
            "dummy_hand": str(hands[dummy]) if exposed and dummy is not None else None,
            "tricks": self._public_tricks(),
            "current_trick": {"leader": leader, "cards": [str(c) for c in cards]},
            "tricks_won": self._deal.tricks_won(),
            "current_player": self.current_player,
            "seat_to_play": self.seat_to_play,
        }

    def _plays_by_seat(self) -> tuple[list[CardSet], list[set[int]]]:
        """Cards each seat has played, and the suits each seat has shown out of (BR-4.5)."""
        played = [CardSet() for _ in range(4)]
        voids: list[set[int]] = [set() for _ in range(4)]
        tricks = [(t["leader"], [Card(c) for c in t["cards"]]) for t in self._deal.tricks()]
        leader, current = self._deal.current_trick()
        if current and leader is not None:
            tricks.append((leader, list(current)))
        for lead_seat, cards in tricks:
            led = cards[0].suit
            for k, card in enumerate(cards):
                seat = (lead_seat + k) % 4
                played[seat] |= CardSet([card])
                if card.suit != led and led is not None:
                    voids[seat].add(led.value)
        return played, voids

    def resample(self, player: int, seed: int | None = None) -> BridgeState:
        """A state with ``player``'s cards (and dummy's once exposed) and the same calls and
        plays, the other hidden cards redealt at random, respecting every suit a seat has
        shown out of."""
        if isinstance(player, bool) or player not in range(4):
            raise InvalidArgumentError(f"player must be 0-3 (N E S W), got {player!r}")
        dealt = [CardSet(h) for h in self._deal_record["hands"]]
        known = {player}
        if self._deal.dummy_exposed and self.dummy is not None:
            known.add(self.dummy)
        played, voids = self._plays_by_seat()
        hidden = [s for s in range(4) if s not in known]
        pool = DECK
        for s in known:
            pool -= dealt[s]
        for s in hidden:
            pool -= played[s]
        classes = [pool & m for m in SUIT_SETS]
        buckets = [
            (13 - len(played[s]), sum(1 << k for k in range(4) if k not in voids[s]))
            for s in hidden
        ]
        assigned = _core.constrained_deal(classes, buckets, check_seed(seed))
        hands = list(dealt)
        for s, extra in zip(hidden, assigned, strict=True):
            hands[s] = played[s] | extra
        clone = BridgeState(self.game, self.seed, {"hands": [str(h) for h in hands]})
        for entry in self._actions:
            clone.apply(clone.action_from_json(entry))
        return clone

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
        if not 0 <= action_id < NUM_ACTIONS:
            raise IllegalActionError(f"action id {action_id} is not in 0..{NUM_ACTIONS - 1}")
        action = ACTIONS[action_id]
        if action_id not in self._deal.legal_ids():
            raise IllegalActionError(f"action id {action_id} ({action}) is not legal now")
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


def to_pbn(state: BridgeState) -> str:
    """The deal in Portable Bridge Notation: the tags ``Dealer``, ``Vulnerable``, ``Deal``,
    ``Declarer``, ``Contract``, ``Result`` and the ``Auction`` and ``Play`` sections (as far as
    the deal has gone; ``Result`` once it is over)."""
    if not isinstance(state, BridgeState):
        raise InvalidArgumentError(f"to_pbn needs a bridge state, got {type(state).__name__}")
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
        raise InvalidArgumentError(f'PBN Deal must look like "N:AKQ.… …", got {value!r}')
    first = SEATS.index(m.group(1).upper())
    hands_text = m.group(2).split()
    if len(hands_text) != 4:
        raise InvalidArgumentError("PBN Deal must give all four hands (cardavia needs them)")
    hands = [""] * 4
    for k, hand in enumerate(hands_text):
        suits = hand.split(".")
        if len(suits) != 4:
            raise InvalidArgumentError(f"PBN hand {hand!r} must have four suits S.H.D.C")
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
    dealer and the first caller must be South (BR-3.2)."""
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
    vul = _vulnerability(tags.get("Vulnerable", "None"))
    game = BridgeGame(vulnerability=vul)
    state = game.new_state(seed=0, deal={"hands": _pbn_deal(tags["Deal"])})
    if "Auction" in tags and tags["Auction"].strip().upper() not in ("S", ""):
        raise InvalidArgumentError("the auction starts with South, the dealer (BR-3.5)")
    contract_tag = tags.get("Contract", "").strip()
    if "Auction" not in sections and contract_tag:
        raise InvalidArgumentError(
            "the PBN gives a Contract but no Auction section; cardavia rebuilds the contract "
            "by replaying the auction"
        )
    for token in sections.get("Auction", []):
        call = _pbn_call(token)
        if call is None:
            continue
        if call.upper() == "AP":
            while state.phase == "auction":
                state.apply(ACTIONS[0])
            continue
        if state.phase != "auction":
            raise InvalidArgumentError(f"call {token!r} after the end of the auction (BR-3.8)")
        state.apply(state.parse_action(call))
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
    if play:
        if state.phase != "play":
            raise InvalidArgumentError("the PBN has a Play section but no contract to play")
        first = SEATS.index(tags["Play"].strip().upper()) if tags.get("Play") else None
        if first is not None and first != state.seat_to_play:
            raise InvalidArgumentError(
                f"the Play section starts with {tags['Play']} but the opening leader is "
                f"{SEATS[state.seat_to_play or 0]} (BR-4.1)"
            )
        origin = state.seat_to_play or 0
        rows = [play[k : k + 4] for k in range(0, len(play), 4)]
        for row in rows:
            by_seat = {(origin + k) % 4: tok for k, tok in enumerate(row)}
            for _ in range(4):
                seat = state.seat_to_play
                if seat is None:
                    break
                token = by_seat.get(seat, "-").rstrip("!?")
                if token == "-":
                    break
                if len(token) != 2:
                    raise InvalidArgumentError(f"PBN card {token!r} must be suit then rank (SA)")
                card = token[1] + token[0].lower() if token[0].upper() in _PBN_SUITS else token
                state.apply(state.parse_action(card))
    result = tags.get("Result", "").strip()
    finished = state.phase == "over" and not state._deal.passed_out
    if result and finished and (not result.isdigit() or int(result) != state._deal.declarer_tricks):
        raise InvalidArgumentError(
            f"Result tag {result!r} but declarer took {state._deal.declarer_tricks} tricks"
        )
    return state
