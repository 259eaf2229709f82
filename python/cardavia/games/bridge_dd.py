"""Double-dummy solving for bridge: every hand seen, everybody playing perfectly (BR-4).

The search runs in Rust (``cardavia_core::tricks::dds``: alpha-beta with a transposition
table, quick-trick bounds, ordered moves, equal cards collapsed) with the interpreter
released; Ctrl-C stops a long table. The functions are re-exported by :mod:`cardavia.bridge`.

* :func:`solve` — tricks the side on lead takes, one strain and one leader.
* :func:`dd_table` — the 20 results of a deal as a :class:`DDTable` (declarer × strain).
* :func:`solve_position` — for a state in the card play, the tricks each legal card takes.
* :func:`par` — the par score and contracts of a deal for a vulnerability (:class:`Par`).

Deals (``deal`` below) may be given as four hands N, E, S, W (card texts such as
``"As Kh 2c"`` or :class:`~cardavia.CardSet`), a mapping ``{"hands": [...]}`` (the form of
``new_state(deal=...)``), a PBN deal string ``"N:AKQ.JT9.876.5432 ..."``, or a
:class:`~cardavia.bridge.BridgeState` (its deal as dealt). Hands must hold distinct cards and
the same number each (13 for a full deal; fewer for an ending at the start of a trick).
Strains are ``"C" "D" "H" "S" "NT"`` (any case, ``"N"`` for NT too) or 0-4; seats ``"N" "E"
"S" "W"`` or 0-3. Bad input raises :class:`~cardavia.InvalidArgumentError` naming the problem.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from cardavia import _core
from cardavia._core import CardSet
from cardavia.errors import InvalidArgumentError
from cardavia.game import Action
from cardavia.games.trick_search import check_threads

__all__ = [
    "DDTable",
    "Par",
    "ParContract",
    "dd_table",
    "par",
    "pbn_tags",
    "solve",
    "solve_position",
]


def _bridge_module() -> Any:
    """:mod:`cardavia.games.bridge`, imported on use (it re-exports this module)."""
    from cardavia.games import bridge

    return bridge


SEATS = ("N", "E", "S", "W")
STRAINS = ("C", "D", "H", "S", "NT")
"""Strain letters by strain number (cardavia's suit numbers, then no-trump, BR-2.2)."""
_STRAIN_NAMES = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4, "N": 4, "♣": 0, "♦": 1, "♥": 2, "♠": 3}


def _strain(strain: Any) -> int:
    if isinstance(strain, str) and strain.strip().upper() in _STRAIN_NAMES:
        return _STRAIN_NAMES[strain.strip().upper()]
    if isinstance(strain, int) and not isinstance(strain, bool) and 0 <= strain <= 4:
        return strain
    raise InvalidArgumentError(
        f"strain must be one of C, D, H, S, NT (or 0-4), got {strain!r} (BR-2.2)"
    )


def _seat(seat: Any, what: str) -> int:
    return int(_bridge_module()._seat_index(seat, what))


def _hands(deal: Any) -> list[CardSet]:
    """Four hands N, E, S, W from any accepted deal form, checked (BR-2.1)."""
    _bridge = _bridge_module()
    if isinstance(deal, _bridge.BridgeState):
        items: Any = deal._deal_record["hands"]
    elif isinstance(deal, str):
        items = _bridge._pbn_deal(deal)
    elif isinstance(deal, Mapping):
        if "hands" not in deal:
            raise InvalidArgumentError('a deal mapping is {"hands": [N, E, S, W]}')
        items = deal["hands"]
    else:
        items = deal
    if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
        raise InvalidArgumentError(
            "a deal is four hands N, E, S, W, a PBN deal string or a bridge state, "
            f"got {type(deal).__name__}"
        )
    try:
        hands = [h if isinstance(h, CardSet) else CardSet(h) for h in items]
    except (ValueError, TypeError) as e:
        raise InvalidArgumentError(f"a hand of the deal cannot be read: {e}") from None
    if len(hands) != 4:
        raise InvalidArgumentError(f"a deal has four hands N, E, S, W, got {len(hands)}")
    seen = CardSet()
    for seat, hand in zip(SEATS, hands, strict=True):
        if any(c.is_joker for c in hand):
            raise InvalidArgumentError(f"{seat} holds a joker: bridge has none (BR-2.1)")
        if seen & hand:
            raise InvalidArgumentError(f"{seen & hand} dealt to more than one seat (BR-2.1)")
        seen |= hand
    sizes = [len(h) for h in hands]
    if len(set(sizes)) != 1 or sizes[0] == 0:
        shown = ", ".join(f"{s} {n}" for s, n in zip(SEATS, sizes, strict=True))
        raise InvalidArgumentError(
            "every hand must hold the same number of cards, 1-13 (13 each, 52 cards, for a "
            f"full deal; BR-3.4), got {shown}"
        )
    return hands


def solve(deal: Any, trump: Any, leader: Any) -> int:
    """The tricks the side of ``leader`` (on lead to the first trick) takes with best play by
    all four hands (BR-4.4-4.7), ``trump`` the strain (``"NT"`` for no-trump)."""
    hands = _hands(deal)
    return _core.bridge_dd_solve(hands, _strain(trump), _seat(leader, "leader"))


@dataclass(frozen=True)
class DDTable:
    """The double-dummy results of a deal: ``tricks[declarer][strain]`` is what declarer's
    side takes with declarer's left-hand opponent on lead (BR-4.1); declarers N E S W (0-3),
    strains C D H S NT (0-4).

    ``table["N", "NT"]`` (or ``table[0, 4]``) reads one result; :meth:`as_dict` gives
    ``{"N": {"C": 9, ...}, ...}``; ``str(table)`` a grid with a row per declarer."""

    tricks: tuple[tuple[int, ...], ...]

    def __getitem__(self, key: tuple[Any, Any]) -> int:
        if not isinstance(key, tuple) or len(key) != 2:
            raise InvalidArgumentError("index a DDTable by (declarer, strain), e.g. t['N', 'NT']")
        return self.tricks[_seat(key[0], "declarer")][_strain(key[1])]

    def __iter__(self) -> Iterator[tuple[str, str, int]]:
        """``(declarer, strain, tricks)`` for the 20 results, declarer by declarer."""
        for d, row in enumerate(self.tricks):
            for s, t in enumerate(row):
                yield SEATS[d], STRAINS[s], t

    def as_dict(self) -> dict[str, dict[str, int]]:
        return {SEATS[d]: dict(zip(STRAINS, row, strict=True)) for d, row in enumerate(self.tricks)}

    def __str__(self) -> str:
        lines = ["     C  D  H  S NT"]
        for d, row in enumerate(self.tricks):
            lines.append(f"{SEATS[d]}  " + " ".join(f"{t:2d}" for t in row))
        return "\n".join(lines)


def dd_table(deal: Any, threads: int = 1) -> DDTable:
    """The 20 double-dummy results of ``deal`` (declarers N E S W × strains C D H S NT),
    declarer's left-hand opponent on lead (BR-4.1). ``threads``: 1 (default) solves on this
    thread, 0 = one per strain (up to 5), n = up to n; the results never depend on it."""
    hands = _hands(deal)
    rows = _core.bridge_dd_table(hands, check_threads(threads) or 5)
    return DDTable(tuple(tuple(int(t) for t in row) for row in rows))


def solve_position(state: Any) -> dict[Action, int]:
    """For a bridge state in the card play: every legal action (card) of the seat to play
    mapped to the tricks **the side to play** then takes **from the current trick on** (the
    trick in progress included, tricks already completed not; the convention of DDS's
    ``SolveBoard``), all hands seen, best play after it (BR-4.4-4.7). The dict is in
    :meth:`~cardavia.bridge.BridgeState.legal_actions` order; equal cards get equal values.
    Add ``state.observation(p)["tricks_won"]`` for totals. A state in the auction or over
    raises InvalidArgumentError."""
    if not isinstance(state, _bridge_module().BridgeState):
        raise InvalidArgumentError(
            f"solve_position needs a bridge state, got {type(state).__name__}"
        )
    if state.phase != "play":
        raise InvalidArgumentError(
            f"solve_position needs a state in the card play, this one is in the {state.phase} "
            "(BR-4)"
        )
    contract = state.contract
    assert contract is not None
    strain = _strain(contract[1:].rstrip("X"))
    leader, cards = state._deal.current_trick()
    assert leader is not None
    values = _core.bridge_dd_solve_position(state.hands(), strain, leader, list(cards))
    by_index = {card.index: int(t) for card, t in values}
    return {action: by_index[next(iter(action.cards)).index] for action in state.legal_actions()}


# --------------------------------------------------------------------------------------------
# Par


@dataclass(frozen=True)
class ParContract:
    """One par contract: ``contract`` as ``"4S"`` / ``"5HX"``, ``declarers`` the seats that
    reach the par score as declarer (``"NS"``, ``"N"``, ``"EW"``...), ``tricks`` they take."""

    contract: str
    declarers: str
    tricks: int

    def __str__(self) -> str:
        level = int(self.contract[0])
        over = self.tricks - 6 - level
        result = "=" if over == 0 else f"{over:+d}"
        return f"{self.contract}{result} {self.declarers}"


@dataclass(frozen=True)
class Par:
    """The par result for one vulnerability: ``score`` (North-South's, BR-5; East-West's is
    the negation) and the ``contracts`` that give it (empty: the deal is passed out, score
    0). ``side`` is ``"NS"``/``"EW"`` (the side that declares par) or ``""``."""

    score: int
    contracts: tuple[ParContract, ...]
    vulnerability: str

    @property
    def side(self) -> str:
        if not self.contracts:
            return ""
        return "NS" if self.contracts[0].declarers[0] in "NS" else "EW"

    def __str__(self) -> str:
        if not self.contracts:
            return "Pass 0"
        return f"{'; '.join(str(c) for c in self.contracts)}: NS {self.score}"


def par(deal: Any, vulnerability: str = "none") -> Par:
    """The par result of a deal (a :class:`DDTable` or any deal form; the table is solved
    first) for ``vulnerability`` (``"none"``, ``"ns"``, ``"ew"``, ``"both"``, BR-3.3).

    Par is the outcome of an auction in which both sides know the double-dummy table and
    bid perfectly: computed here as a minimax over the 35 bids, South's side (the dealer,
    BR-3.2) first. A side's contract is played by its partner taking more tricks in the
    strain; a contract that makes scores undoubled, one that fails is doubled (a sacrifice).
    Each side in turn may pass, letting the last contract stand, or bid higher; the side to
    pass first after no bid leaves the choice to the other side, and two passes pass the deal
    out. ``contracts`` lists every contract worth the par score that the other side cannot
    outbid without doing worse."""
    table = deal if isinstance(deal, DDTable) else dd_table(deal)
    vul = str(_bridge_module()._vulnerability(vulnerability))
    # value[v][side]: NS's score when `side` (0 NS, 1 EW) ends in the bid v, played by its
    # better declarer; the declarer(s) and tricks.
    value: list[list[int]] = []
    played: list[list[tuple[str, str, int]]] = []
    for v in range(35):
        level, strain = v // 5 + 1, v % 5
        row_v, row_p = [], []
        for side in (0, 1):
            seats = (side, side + 2)
            tricks = max(table.tricks[d][strain] for d in seats)
            who = "".join(SEATS[d] for d in seats if table.tricks[d][strain] == tricks)
            text = f"{level}{STRAINS[strain]}" + ("" if tricks >= 6 + level else "X")
            row_v.append(_core.bridge_score(text, SEATS.index(who[0]), vul, tricks)["ns"])
            row_p.append((text, who, tricks))
        value.append(row_v)
        played.append(row_p)

    # after[v][s]: the result when side s has just bid v and the other side is to call.
    after = [[0, 0] for _ in range(35)]
    best_above = [[0, 0] for _ in range(36)]  # best for side s over bids > v made by s
    sentinel = {0: -(10**6), 1: 10**6}
    best_above[35] = [sentinel[0], sentinel[1]]
    for v in range(34, -1, -1):
        for s in (0, 1):
            o = 1 - s
            # The other side o passes (v stands) or bids higher (the best of its bids).
            stand = value[v][s]
            outbid = best_above[v + 1][o]
            after[v][s] = max(stand, outbid) if o == 0 else min(stand, outbid)
        for s in (0, 1):
            pick = max if s == 0 else min
            best_above[v][s] = pick(best_above[v + 1][s], after[v][s])

    # South deals (BR-3.2); the calls go S W N E, so the sides alternate NS, EW, NS, EW. The
    # deal is passed out after four passes: each side may open on its first or second turn.
    def choose(side: int, a: int, b: int) -> int:
        return max(a, b) if side == 0 else min(a, b)

    fourth = choose(1, 0, best_above[0][1])
    third = choose(0, fourth, best_above[0][0])
    second = choose(1, third, best_above[0][1])
    score = choose(0, second, best_above[0][0])

    def final(v: int, s: int) -> bool:
        # Worth the par score, and every bid of the other side over it worse for that side.
        over = best_above[v + 1][1 - s]
        return value[v][s] == score and (over < score if s == 1 else over > score)

    contracts = tuple(
        ParContract(*played[v][s]) for v in range(35) for s in (0, 1) if score != 0 and final(v, s)
    )
    return Par(score=int(score), contracts=contracts, vulnerability=vul)


# --------------------------------------------------------------------------------------------
# PBN


def pbn_tags(table: DDTable, vulnerability: str) -> list[str]:
    """The PBN lines of the double-dummy analysis, as Bridge Composer and DDS-based tools
    write them: ``DoubleDummyTricks`` (20 hex digits: declarers N S E W, each NT S H D C),
    ``OptimumScore`` (``"NS 620"``, North-South's par score), ``ParContract`` (``"NS 4S"``,
    the par contracts joined by ``", "``; ``"Pass"`` if passed out) and the PBN 2.1
    ``OptimumResultTable`` (a row ``N NT 9`` per declarer and strain)."""
    order = ("N", "S", "E", "W")
    strains = ("NT", "S", "H", "D", "C")
    digits = "".join(f"{table[d, s]:x}" for d in order for s in strains)
    result = par(table, vulnerability)
    contracts = ", ".join(f"{c.declarers} {c.contract}" for c in result.contracts) or "Pass"
    lines = [
        f'[DoubleDummyTricks "{digits}"]',
        f'[OptimumScore "NS {result.score}"]',
        f'[ParContract "{contracts}"]',
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
    ]
    lines += [f"{d} {s} {table[d, s]}" for d in SEATS for s in strains]
    return lines
