"""cardavia's bridge bidding system: a natural system written as a rule table.

Every call the agents make comes from the table :data:`RULES`. A rule belongs to one
*situation* of the auction (who opened, what partner said), names the call it makes, says in a
few words what the call shows (the hint's reason: ``"1NT: 15–17 HCP, balanced"``) and gives the
high-card-point range and suit lengths the call shows (:class:`Shows`), which a search uses to
deal only hands consistent with the auction (``BridgeState.resample_within``). In each
situation the rules are tried in order; the first whose test the hand passes and whose call is
legal is the call. Reading a call back (what did partner show?) takes every rule of the
situation that makes that call and joins what they show.

Hand evaluation: high-card points (HCP: A 4, K 3, Q 2, J 1); *balanced* = 4-3-3-3, 4-4-3-2 or
5-3-3-2; a *stopper* in a suit = A, K-x, Q-x-x or J-x-x-x; *support points* (with a fit) add
3/2/1 for a void/singleton/doubleton.

**Openings** (BR-3.5: South deals). 2C 22+ any shape (artificial, strong); 2NT 20–21
balanced; 1NT 15–17 balanced; one of a major with five or more cards (the longer major, spades
with 5-5), 12–21 HCP or 10–11 by the rule of 20 (HCP + the two longest suits ≥ 20); otherwise
one of a minor (the longer, diamonds with 4-4, clubs with 3-3); weak twos 2D/2H/2S with a
six-card suit and 5–10 HCP; a three-level preempt with a seven-card suit and 5–10; pass.

**Responses.** Over 1NT: Stayman 2C (8+ HCP, a four-card major), Jacoby transfers 2D→hearts
and 2H→spades (five or more, any strength), 2NT 8–9 and 3NT 10–15 (no major), 4NT 16–17
(quantitative), 6NT 18–19, pass 0–7. Over 2NT the same one level up (3C Stayman 4+, 3D/3H
transfers, 3NT 4–10). Over 2C: 2D waiting (any hand). Over a weak two: game in the major with
three-card support and 16+, a raise to three with support and 8–15, 3NT with 16+ balanced,
pass. Over one of a suit: pass 0–5; major raises (three-card support) 2M 6–9, 3M 10–12, 4M 13+;
a new suit at the one level 6+ (four cards, hearts before spades with four of each), 1NT 6–10,
2NT 11–12 balanced, 3NT 13–15 balanced, a new suit at the two level 10+ (five hearts for 2H
over 1S), minor raises 6–9 and 10–12 with five-card support (four for diamonds). With an
opponent's overcall in between: a redouble with 10+ over their double, support raises, a
penalty double with four cards in their suit and 10+, a free one-level bid with four cards and
6+, a new five-card suit with 10+, NT with their suit stopped, pass.

**Opener's rebids.** Over 1NT: Stayman answers (2H with four hearts, else 2S with four spades,
else 2D), transfer completion; over an invitation (2NT, a raise to three, 4NT) accept with a
maximum. Over 2C–2D: 2NT 22–24 balanced, 3NT 25–27 balanced, else the longest suit. After one
of a suit: over a raise, game with 19+ (a limit raise: 14+), invite with 16–18; over a new
suit, raise with four-card support by strength (12–15 / 16–18 / 19+), a new four-card suit
at the one level, 1NT 12–14 or 2NT 18–19 balanced, the own six-card suit (2 with 12–15, 3
with 16–18), a lower new suit at the two level; over 1NT/2NT/3NT similarly by strength; a
minimum (12–14) without a fit passes when the opponents bid over partner.

**Responder's rebids.** After Stayman: raise a shown major with four (3 invites with 8–9, 4
with 10–15), else 2NT/3NT by strength. After a transfer: pass 0–7, 2NT 8–9 / 3NT 10–15 with a
five-card suit, 3M 8–9 / 4M 10–15 with six. Opener then chooses: game with 16–17 (or three-card
support for the major after 3NT), pass otherwise.

**Competition.** Over an opponent's opening: 1NT 15–18 balanced with their suit stopped; a
simple overcall with a five-card suit, 8–16 at the one level, 11–16 at the two level; a takeout
double with 12+, at most two cards in their suit and three or more in each other suit (or any
17+); over their 1NT a penalty double with 15+ and a two-level overcall with six cards and
8–15; pass. Advancing partner's takeout double: the longest unbid suit (a jump with 9–11,
game in a major with 12+), 1NT 6–10 with their suit stopped, a penalty pass with five cards in
their suit and 8+. Advancing an overcall: raises with three-card support by strength, 1NT
8–11 stopped, a new five-card suit with 10+, pass.

**Later calls** (any other situation, read from what the partnership has shown): with an
eight-card fit, bid the level the combined points reach (2 at 18, 3 at 23, game at 25 in a
major or 29 in a minor, six at 33, seven at 37) and compete to the level of the trump total
(8 trumps: 2, 9: 3) against opponents; without a fit, NT by combined HCP (3NT at 25) with
their suits stopped; a penalty double when the partnership has 23+ HCP against a contract at
the two level or higher (20+ at the four level with three of their trumps); pass otherwise.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardavia._core import CardSet

__all__ = [
    "Auction",
    "Hand",
    "Rule",
    "RULES",
    "Shows",
    "STRAINS",
    "advance",
    "copy_auction",
    "bid_text",
    "choose_call",
    "explain_call",
    "read_auction",
]

STRAINS = ("C", "D", "H", "S", "NT")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
CLUBS, DIAMONDS, HEARTS, SPADES, NOTRUMP = range(5)
SEAT_COUNT = 4
DEALER = 2  # South (BR-3.2)
MAX_HCP = 37


def bid_text(level: int, strain: int) -> str:
    return f"{level}{STRAINS[strain]}"


@functools.cache
def parse_bid(call: str) -> tuple[int, int] | None:
    """(level, strain) of a bid, None for P, X, XX."""
    if call in ("P", "X", "XX"):
        return None
    return int(call[0]), STRAINS.index(call[1:])


# ---- hands ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """What the bidder knows about its own 13 cards."""

    hcp: int
    lengths: tuple[int, int, int, int]  # clubs, diamonds, hearts, spades
    ranks: tuple[tuple[int, ...], ...]  # per suit, rank values 0 (two) .. 12 (ace), high first

    @classmethod
    def of(cls, cards: CardSet | str) -> Hand:
        cards = CardSet(cards) if isinstance(cards, str) else cards
        per: list[list[int]] = [[], [], [], []]
        hcp = 0
        for c in cards:
            r = c.rank.value
            s = c.suit
            assert s is not None
            per[s.value].append(r)
            hcp += max(0, r - 8)
        ranks = tuple(tuple(sorted(p, reverse=True)) for p in per)
        lengths = (len(per[0]), len(per[1]), len(per[2]), len(per[3]))
        return cls(hcp, lengths, ranks)

    @property
    def balanced(self) -> bool:
        shape = sorted(self.lengths)
        return shape in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])

    def stopper(self, suit: int) -> bool:
        r = self.ranks[suit]
        n = len(r)
        return bool(r) and (r[0] == 12 or (r[0] == 11 and n >= 2) or (10 in r[:2] and n >= 3)
                            or (9 in r[:3] and n >= 4))  # fmt: skip

    def longest(self, among: Sequence[int] = (0, 1, 2, 3)) -> int:
        """The longest suit among ``among`` (the higher-ranking of equals)."""
        return max(among, key=lambda s: (self.lengths[s], s))

    def short_points(self, trump: int) -> int:
        return sum({0: 3, 1: 2, 2: 1}.get(n, 0) for s, n in enumerate(self.lengths) if s != trump)

    @property
    def rule_of_20(self) -> bool:
        a, b = sorted(self.lengths)[-2:]
        return self.hcp + a + b >= 20


# ---- what a call shows ---------------------------------------------------------------------


@dataclass(frozen=True)
class Shows:
    """High-card points and suit lengths (clubs, diamonds, hearts, spades), inclusive."""

    hcp: tuple[int, int] = (0, MAX_HCP)
    lengths: tuple[tuple[int, int], ...] = ((0, 13),) * 4

    def meet(self, other: Shows) -> Shows:
        """Both at once; where they contradict, the later (``other``) wins."""
        lo, hi = max(self.hcp[0], other.hcp[0]), min(self.hcp[1], other.hcp[1])
        hcp = (lo, hi) if lo <= hi else other.hcp
        lengths = []
        for a, b in zip(self.lengths, other.lengths, strict=True):
            lo, hi = max(a[0], b[0]), min(a[1], b[1])
            lengths.append((lo, hi) if lo <= hi else b)
        if sum(lo for lo, _ in lengths) > 13 or sum(hi for _, hi in lengths) < 13:
            return other
        return Shows(hcp, tuple(lengths))

    def join(self, other: Shows) -> Shows:
        """Either one (the smallest box holding both)."""
        hcp = (min(self.hcp[0], other.hcp[0]), max(self.hcp[1], other.hcp[1]))
        lengths = tuple(
            (min(a[0], b[0]), max(a[1], b[1]))
            for a, b in zip(self.lengths, other.lengths, strict=True)
        )
        return Shows(hcp, lengths)

    def box(self) -> tuple[int, int, list[tuple[int, int]]]:
        """The form ``BridgeState.resample_within`` takes."""
        return (self.hcp[0], self.hcp[1], list(self.lengths))

    @property
    def unconstrained(self) -> bool:
        return self == Shows()


def shows(
    hcp: tuple[int, int] = (0, MAX_HCP),
    balanced: bool = False,
    **suits: tuple[int, int],
) -> Shows:
    """A Shows from keyword suit ranges (``h=(5, 13)``), balanced = every suit 2..5."""
    base = (2, 5) if balanced else (0, 13)
    lengths = []
    for name in "cdhs":
        lo, hi = suits.get(name, base)
        if balanced:
            lo, hi = max(lo, 2), min(hi, 5)
        lengths.append((lo, hi))
    return Shows(hcp, tuple(lengths))


def _suit_shows(hcp: tuple[int, int], suit: int, lo: int, hi: int = 13) -> Shows:
    lengths = [(0, 13)] * 4
    lengths[suit] = (lo, hi)
    return Shows(hcp, tuple(lengths))


# ---- the auction as the system reads it ----------------------------------------------------


@dataclass
class Auction:
    """The auction up to one call, from the point of view of the seat to call."""

    calls: list[str]
    seat: int
    shown: list[Shows]  # what each seat's calls showed so far
    natural: list[list[int]]  # suits each seat bid naturally, in order
    situation: str = ""
    high_bid: tuple[int, int, int] | None = None  # kept up to date by advance()
    opening: tuple[int, str] | None = None

    @property
    def partner(self) -> int:
        return (self.seat + 2) % SEAT_COUNT

    def caller(self, k: int) -> int:
        return (DEALER + k) % SEAT_COUNT

    def calls_of(self, seat: int) -> list[str]:
        return [c for k, c in enumerate(self.calls) if self.caller(k) == seat]

    def bids_of(self, seat: int) -> list[str]:
        return [c for c in self.calls_of(seat) if c != "P"]

    @property
    def high(self) -> tuple[int, int, int] | None:
        """(level, strain, seat) of the highest bid."""
        return self.high_bid

    @property
    def opener(self) -> tuple[int, str] | None:
        """(seat, call) of the first bid."""
        return self.opening

    @property
    def doubled(self) -> int:
        """0, 1 (doubled) or 2 (redoubled) on the highest bid."""
        d = 0
        for c in reversed(self.calls):
            if c == "X":
                d = max(d, 1)
            elif c == "XX":
                d = 2
            elif c != "P":
                break
        return d

    def legal(self, call: str | None) -> bool:
        """BR-3.6/3.7: whether the seat may make this call now."""
        if call is None:
            return False
        if call == "P":
            return True
        high = self.high
        if call == "X":
            return high is not None and (high[2] - self.seat) % 2 == 1 and self.doubled == 0
        if call == "XX":
            return high is not None and (high[2] - self.seat) % 2 == 0 and self.doubled == 1
        b = parse_bid(call)
        if b is None or not 1 <= b[0] <= 7:
            return False
        return high is None or (b[0], b[1]) > (high[0], high[1])

    def cheapest(self, strain: int) -> int:
        """The lowest level at which ``strain`` may be bid (8 when none)."""
        high = self.high
        if high is None:
            return 1
        return high[0] if strain > high[1] else high[0] + 1

    def cheap_bid(self, strain: int, jump: int = 0) -> str | None:
        level = self.cheapest(strain) + jump
        return bid_text(level, strain) if level <= 7 else None

    def last_of(self, seat: int) -> str | None:
        own = self.calls_of(seat)
        return own[-1] if own else None

    def rho_acted(self) -> bool:
        """Whether the opponent on the right called anything but pass since partner's last
        bid."""
        rho = (self.seat + 3) % SEAT_COUNT
        calls = self.calls
        for k in range(len(calls) - 1, -1, -1):
            if self.caller(k) == self.partner and calls[k] != "P":
                return False
            if self.caller(k) == rho and calls[k] != "P":
                return True
        return False

    def opp_suits(self) -> list[int]:
        out: list[int] = []
        for s in ((self.seat + 1) % 4, (self.seat + 3) % 4):
            out += [x for x in self.natural[s] if x not in out]
        return out

    def partner_suits(self) -> list[int]:
        return list(self.natural[self.partner])

    @property
    def partner_shows(self) -> Shows:
        return self.shown[self.partner]


# ---- rules ---------------------------------------------------------------------------------

# (hand, auction) -> bool and (auction) -> call; "..." lets table lambdas bind a suit default.
Test = Callable[..., bool]
CallOf = Callable[..., str | None]


@dataclass(frozen=True)
class Rule:
    """One line of the system: in ``situation``, make ``call`` when ``test`` holds.

    ``call`` is a fixed call or a function of the auction (the cheapest bid in a suit...);
    ``text`` says what it shows (``{call}`` is filled in); ``shows`` is the range it shows, or a
    function of the auction; ``natural`` is the suit the call promises (None for NT, pass,
    doubles and artificial bids such as Stayman)."""

    situation: str
    call: str | CallOf
    text: str
    shows: Shows | Callable[[Auction], Shows]
    test: Test
    natural: int | None = None

    def call_for(self, a: Auction) -> str | None:
        return self.call if isinstance(self.call, str) else self.call(a)

    def shows_for(self, a: Auction) -> Shows:
        return self.shows if isinstance(self.shows, Shows) else self.shows(a)

    def reason(self, a: Auction) -> str:
        call = self.call_for(a) or "?"
        return f"{call}: {self.text}"


def _always(h: Hand, a: Auction) -> bool:
    return True


def _five_card_major(h: Hand) -> int | None:
    if h.lengths[SPADES] >= 5 and h.lengths[SPADES] >= h.lengths[HEARTS]:
        return SPADES
    if h.lengths[HEARTS] >= 5:
        return HEARTS
    return None


def _minor_opening(h: Hand) -> int:
    c, d = h.lengths[CLUBS], h.lengths[DIAMONDS]
    if d > c or (d == c and d >= 4):
        return DIAMONDS
    return CLUBS


def _opens_one(h: Hand) -> bool:
    return 12 <= h.hcp <= 21 or (10 <= h.hcp <= 11 and h.rule_of_20)


def _has_major4(h: Hand) -> bool:
    return h.lengths[HEARTS] >= 4 or h.lengths[SPADES] >= 4


def _opening_suit(a: Auction) -> int:
    op = a.opener
    assert op is not None
    b = parse_bid(op[1])
    assert b is not None
    return b[1]


def _support(h: Hand, a: Auction, n: int) -> bool:
    return h.lengths[_opening_suit(a)] >= n


def _new_suits(a: Auction, h: Hand, level: int, min_len: int) -> list[int]:
    """Suits (not bid by anyone) the hand holds ``min_len``+ cards in and that can be bid at
    exactly ``level`` (cheapest), longest first."""
    bid = {s for seat in range(4) for s in a.natural[seat]}
    out = [s for s in range(4) if s not in bid and h.lengths[s] >= min_len
           and a.cheapest(s) == level]  # fmt: skip
    return sorted(out, key=lambda s: (-h.lengths[s], s if level == 1 else -s))


RULES: list[Rule] = []


def rule(
    situation: str,
    call: str | CallOf,
    text: str,
    shown: Shows | Callable[[Auction], Shows],
    test: Test = _always,
    natural: int | None = None,
) -> None:
    RULES.append(Rule(situation, call, text, shown, test, natural))


# -- openings --------------------------------------------------------------------------------
rule(
    "open",
    "2C",
    "22+ HCP, any shape (strong, artificial)",
    shows((22, 37)),
    lambda h, a: h.hcp >= 22,
)
rule(
    "open",
    "2NT",
    "20–21 HCP, balanced",
    shows((20, 21), balanced=True),
    lambda h, a: 20 <= h.hcp <= 21 and h.balanced,
)
rule(
    "open",
    "1NT",
    "15–17 HCP, balanced",
    shows((15, 17), balanced=True),
    lambda h, a: 15 <= h.hcp <= 17 and h.balanced,
)
rule(
    "open",
    "1S",
    "12–21 HCP (10–11 by the rule of 20), five or more spades",
    shows((10, 21), s=(5, 13)),
    lambda h, a: _opens_one(h) and _five_card_major(h) == SPADES,
    natural=SPADES,
)
rule(
    "open",
    "1H",
    "12–21 HCP (10–11 by the rule of 20), five or more hearts",
    shows((10, 21), h=(5, 13), s=(0, 5)),
    lambda h, a: _opens_one(h) and _five_card_major(h) == HEARTS,
    natural=HEARTS,
)
rule(
    "open",
    "1D",
    "12–21 HCP, no five-card major, three or more diamonds",
    shows((10, 21), d=(3, 13), h=(0, 4), s=(0, 4)),
    lambda h, a: _opens_one(h) and _minor_opening(h) == DIAMONDS,
    natural=DIAMONDS,
)
rule(
    "open",
    "1C",
    "12–21 HCP, no five-card major, three or more clubs",
    shows((10, 21), c=(3, 13), h=(0, 4), s=(0, 4)),
    lambda h, a: _opens_one(h) and _minor_opening(h) == CLUBS,
    natural=CLUBS,
)
for _suit in (SPADES, HEARTS, DIAMONDS):
    rule("open", f"2{STRAINS[_suit]}",
         f"weak two: 5–10 HCP, a six-card {SUIT_NAMES[_suit][:-1]} suit",
         _suit_shows((5, 10), _suit, 6, 6),
         lambda h, a, s=_suit: 5 <= h.hcp <= 10 and h.lengths[s] == 6
         and h.longest() == s, natural=_suit)  # fmt: skip
for _suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
    rule(
        "open",
        f"3{STRAINS[_suit]}",
        f"preempt: 5–10 HCP, a seven-card {SUIT_NAMES[_suit][:-1]} suit",
        _suit_shows((5, 10), _suit, 7, 8),
        lambda h, a, s=_suit: 5 <= h.hcp <= 10 and 7 <= h.lengths[s] <= 8,
        natural=_suit,
    )
rule("open", "P", "no opening: fewer than 12 HCP", shows((0, 11)))

# -- responses to 1NT ------------------------------------------------------------------------
rule(
    "resp_1nt",
    "2D",
    "transfer: five or more hearts (asks partner to bid 2H)",
    shows(h=(5, 13)),
    lambda h, a: h.lengths[HEARTS] >= 5 and h.lengths[HEARTS] >= h.lengths[SPADES],
)
rule(
    "resp_1nt",
    "2H",
    "transfer: five or more spades (asks partner to bid 2S)",
    shows(s=(5, 13)),
    lambda h, a: h.lengths[SPADES] >= 5,
)
rule(
    "resp_1nt",
    "2C",
    "Stayman: 8+ HCP, asks for a four-card major",
    shows((8, 37)),
    lambda h, a: h.hcp >= 8 and _has_major4(h),
)
rule("resp_1nt", "7NT", "22+ HCP: grand slam", shows((22, 37)), lambda h, a: h.hcp >= 22)
rule("resp_1nt", "6NT", "18–21 HCP: slam", shows((18, 21)), lambda h, a: h.hcp >= 18)
rule("resp_1nt", "4NT", "16–17 HCP, invites 6NT", shows((16, 17)), lambda h, a: h.hcp >= 16)
rule(
    "resp_1nt",
    "3NT",
    "10–15 HCP, no four-card major: game",
    shows((10, 15), h=(0, 3), s=(0, 3)),
    lambda h, a: h.hcp >= 10,
)
rule(
    "resp_1nt",
    "2NT",
    "8–9 HCP, no four-card major: invites 3NT",
    shows((8, 9), h=(0, 3), s=(0, 3)),
    lambda h, a: h.hcp >= 8,
)
rule("resp_1nt", "P", "0–7 HCP: 1NT is high enough", shows((0, 7)))

# -- responses to 2NT ------------------------------------------------------------------------
rule(
    "resp_2nt",
    "3D",
    "transfer: five or more hearts (asks partner to bid 3H)",
    shows(h=(5, 13)),
    lambda h, a: h.lengths[HEARTS] >= 5 and h.lengths[HEARTS] >= h.lengths[SPADES],
)
rule(
    "resp_2nt",
    "3H",
    "transfer: five or more spades (asks partner to bid 3S)",
    shows(s=(5, 13)),
    lambda h, a: h.lengths[SPADES] >= 5,
)
rule(
    "resp_2nt",
    "3C",
    "Stayman: 4+ HCP, asks for a four-card major",
    shows((4, 37)),
    lambda h, a: h.hcp >= 4 and _has_major4(h),
)
rule("resp_2nt", "6NT", "12–15 HCP: slam", shows((12, 15)), lambda h, a: 12 <= h.hcp <= 15)
rule("resp_2nt", "3NT", "4–11 HCP: game", shows((4, 11)), lambda h, a: h.hcp >= 4)
rule("resp_2nt", "P", "0–3 HCP: 2NT is high enough", shows((0, 3)))

# -- responses to 2C and to weak twos --------------------------------------------------------
rule("resp_2c", "2D", "waiting: any hand (artificial)", shows())


def _weak_suit(a: Auction) -> int:
    return _opening_suit(a)


rule(
    "resp_weak",
    lambda a: bid_text(4, _weak_suit(a)) if _weak_suit(a) >= HEARTS else None,
    "16+ HCP with three-card support: game",
    shows((16, 37)),
    lambda h, a: h.hcp >= 16 and _support(h, a, 3),
)
rule(
    "resp_weak",
    "3NT",
    "16+ HCP, balanced: game",
    shows((16, 37), balanced=True),
    lambda h, a: h.hcp >= 16 and h.balanced,
)
rule(
    "resp_weak",
    lambda a: bid_text(3, _weak_suit(a)),
    "three-card support, 8–15 HCP: raises to block",
    shows((8, 15)),
    lambda h, a: h.hcp >= 8 and _support(h, a, 3),
)
rule("resp_weak", "P", "no fit or no game", shows((0, 15)))

# -- responses to one of a suit (no interference) --------------------------------------------


def _raise(level: int) -> CallOf:
    return lambda a: bid_text(level, _opening_suit(a))


def _major_opening(a: Auction) -> bool:
    return _opening_suit(a) >= HEARTS


def _support_shows(hcp: tuple[int, int], n: int) -> Callable[[Auction], Shows]:
    return lambda a: _suit_shows(hcp, _opening_suit(a), n)


def _major_raise_test(lo: int, hi: int) -> Test:
    return lambda h, a: _major_opening(a) and _support(h, a, 3) and (
        lo <= h.hcp + h.short_points(_opening_suit(a)) <= hi)  # fmt: skip


rule("resp_1suit", "P", "0–5 HCP: too weak to respond", shows((0, 5)), lambda h, a: h.hcp <= 5)
rule(
    "resp_1suit",
    _raise(4),
    "13+ points with three-card support: game",
    _support_shows((11, 37), 3),
    _major_raise_test(13, 40),
)
rule(
    "resp_1suit",
    _raise(3),
    "limit raise: 10–12 points with three-card support",
    _support_shows((8, 12), 3),
    _major_raise_test(10, 12),
)
rule(
    "resp_1suit",
    _raise(2),
    "6–9 points with three-card support",
    _support_shows((5, 9), 3),
    _major_raise_test(6, 9),
)


def _one_level_new_suit(suit: int) -> None:
    def call(a: Auction) -> str | None:
        return bid_text(1, suit) if a.cheapest(suit) == 1 else None

    def test(h: Hand, a: Auction) -> bool:
        if h.lengths[suit] < 4 or a.cheapest(suit) != 1:
            return False
        # Up the line with four-card suits; the longer suit first with five or more.
        options = [s for s in range(4) if h.lengths[s] >= 4 and a.cheapest(s) == 1
                   and s != _opening_suit(a)]  # fmt: skip
        if not options:
            return False
        best = max(h.lengths[s] for s in options)
        if best >= 5:
            return suit == max(s for s in options if h.lengths[s] == best)
        return suit == min(options)

    rule(
        "resp_1suit",
        call,
        f"6+ HCP, four or more {SUIT_NAMES[suit]}",
        _suit_shows((6, 37), suit, 4),
        test,
        natural=suit,
    )


for _suit in (DIAMONDS, HEARTS, SPADES):
    _one_level_new_suit(_suit)
rule(
    "resp_1suit",
    "3NT",
    "13–15 HCP, balanced, no four-card major to show",
    shows((13, 15), balanced=True),
    lambda h, a: 13 <= h.hcp <= 15 and h.balanced,
)


def _two_level_new_suit(suit: int) -> None:
    def call(a: Auction) -> str | None:
        return bid_text(2, suit) if a.cheapest(suit) == 2 and suit != _opening_suit(a) else None

    def test(h: Hand, a: Auction) -> bool:
        need = 5 if suit == HEARTS else 4
        if h.hcp < 10 or h.lengths[suit] < need or call(a) is None:
            return False
        options = [s for s in range(4) if s != _opening_suit(a) and a.cheapest(s) == 2
                   and h.lengths[s] >= (5 if s == HEARTS else 4)]  # fmt: skip
        return suit == max(options, key=lambda s: (h.lengths[s], s))

    need = 5 if suit == HEARTS else 4
    rule(
        "resp_1suit",
        call,
        f"10+ HCP, {'five' if need == 5 else 'four'} or more {SUIT_NAMES[suit]}",
        _suit_shows((10, 37), suit, need),
        test,
        natural=suit,
    )


for _suit in (CLUBS, DIAMONDS, HEARTS):
    _two_level_new_suit(_suit)
rule(
    "resp_1suit",
    "2NT",
    "11–12 HCP, balanced: invites 3NT",
    shows((11, 12), balanced=True),
    lambda h, a: 11 <= h.hcp <= 12 and h.balanced,
)
rule("resp_1suit", _raise(3), "10–12 HCP with support for the minor: invites",
     _support_shows((10, 12), 4),
     lambda h, a: not _major_opening(a) and 10 <= h.hcp <= 12
     and _support(h, a, 5 if _opening_suit(a) == CLUBS else 4))  # fmt: skip
rule("resp_1suit", _raise(2), "6–9 HCP with support for the minor",
     _support_shows((6, 9), 4),
     lambda h, a: not _major_opening(a) and 6 <= h.hcp <= 9
     and _support(h, a, 5 if _opening_suit(a) == CLUBS else 4))  # fmt: skip
rule("resp_1suit", "1NT", "6–10 HCP, nothing else to bid", shows((6, 10)), lambda h, a: h.hcp <= 10)
rule(
    "resp_1suit",
    "2NT",
    "11–12 HCP, nothing else to bid: invites 3NT",
    shows((11, 12)),
    lambda h, a: h.hcp <= 12,
)
rule("resp_1suit", "3NT", "13+ HCP, nothing else to bid: game", shows((13, 37)))
rule("resp_1suit", "P", "nothing to bid", shows())

# -- responses after an overcall or a double -------------------------------------------------


def _rho_suit(a: Auction) -> int | None:
    high = a.high
    if high is None or (high[2] - a.seat) % 2 == 0 or high[1] == NOTRUMP:
        return None
    return high[1]


rule(
    "resp_interf",
    "XX",
    "10+ HCP after their double: the hand is ours",
    shows((10, 37)),
    lambda h, a: a.doubled == 1 and h.hcp >= 10,
)
rule("resp_interf", lambda a: a.cheap_bid(_opening_suit(a)),
     "6–10 points with support, competing", _support_shows((6, 10), 3),
     lambda h, a: _support(h, a, 3 if _major_opening(a) else 5)
     and 6 <= h.hcp + h.short_points(_opening_suit(a)) <= 10)  # fmt: skip
rule("resp_interf", lambda a: bid_text(4, _opening_suit(a)) if _major_opening(a) else None,
     "11+ points with three-card support: game", _support_shows((11, 37), 3),
     lambda h, a: _major_opening(a) and _support(h, a, 3)
     and h.hcp + h.short_points(_opening_suit(a)) >= 11)  # fmt: skip
rule(
    "resp_interf",
    "X",
    "penalty: 10+ HCP and four or more of their suit",
    lambda a: (
        shows((10, 37)) if _rho_suit(a) is None else _suit_shows((10, 37), _rho_suit(a) or 0, 4)
    ),  # noqa: E501
    lambda h, a: (s := _rho_suit(a)) is not None and h.hcp >= 10 and h.lengths[s] >= 4,
)
for _suit in (HEARTS, SPADES, DIAMONDS):
    rule("resp_interf", lambda a, s=_suit: bid_text(1, s) if a.cheapest(s) == 1 else None,
         f"6+ HCP, four or more {SUIT_NAMES[_suit]} (a free bid at the one level)",
         _suit_shows((6, 37), _suit, 4),
         lambda h, a, s=_suit: h.hcp >= 6 and h.lengths[s] >= 4 and s not in a.opp_suits()
         and a.cheapest(s) == 1 and h.lengths[s] == max(
             h.lengths[t] for t in range(4) if a.cheapest(t) == 1 and t not in a.opp_suits()),
         natural=_suit)  # fmt: skip
for _suit in range(4):
    rule("resp_interf", lambda a, s=_suit: a.cheap_bid(s) if a.cheapest(s) <= 2 else None,
         f"10+ HCP, five or more {SUIT_NAMES[_suit]}", _suit_shows((10, 37), _suit, 5),
         lambda h, a, s=_suit: h.hcp >= 10 and h.lengths[s] >= 5 and s != _opening_suit(a)
         and s not in a.opp_suits() and h.longest() == s, natural=_suit)  # fmt: skip
rule(
    "resp_interf",
    lambda a: a.cheap_bid(NOTRUMP) if a.cheapest(NOTRUMP) <= 2 else None,
    "8–12 HCP with their suit stopped",
    shows((8, 12)),
    lambda h, a: 8 <= h.hcp <= 12 and all(h.stopper(s) for s in a.opp_suits()),
)
rule(
    "resp_interf",
    "3NT",
    "13+ HCP with their suit stopped: game",
    shows((13, 37)),
    lambda h, a: h.hcp >= 13 and all(h.stopper(s) for s in a.opp_suits()),
)
rule("resp_interf", "P", "nothing to add over their bid", shows((0, 15)))

# -- opener's rebid after 1NT / 2NT ----------------------------------------------------------
for _sit, _lvl in (("rebid_nt_stayman", 2), ("rebid_2nt_stayman", 3)):
    rule(
        _sit,
        f"{_lvl}H",
        "four hearts (answers Stayman)",
        shows(h=(4, 5)),
        lambda h, a: h.lengths[HEARTS] >= 4,
        natural=HEARTS,
    )
    rule(
        _sit,
        f"{_lvl}S",
        "four spades, not four hearts (answers Stayman)",
        shows(h=(0, 3), s=(4, 5)),
        lambda h, a: h.lengths[SPADES] >= 4,
        natural=SPADES,
    )
    rule(_sit, f"{_lvl}D", "no four-card major (answers Stayman)", shows(h=(0, 3), s=(0, 3)))
rule(
    "rebid_nt_transfer",
    lambda a: "2H" if a.last_of(a.partner) == "2D" else "2S",
    "completes the transfer",
    shows(),
)
rule(
    "rebid_2nt_transfer",
    lambda a: "3H" if a.last_of(a.partner) == "3D" else "3S",
    "completes the transfer",
    shows(),
)
rule(
    "rebid_nt_invite",
    "6NT",
    "maximum (16–17): accepts the slam invitation",
    shows((16, 17)),
    lambda h, a: a.last_of(a.partner) == "4NT" and h.hcp >= 16,
)
rule(
    "rebid_nt_invite",
    "3NT",
    "maximum (16–17): accepts the invitation",
    shows((16, 17)),
    lambda h, a: a.last_of(a.partner) == "2NT" and h.hcp >= 16,
)
rule("rebid_nt_invite", "P", "minimum: declines the invitation", shows((15, 15)))

# -- opener's rebid after 2C-2D --------------------------------------------------------------
rule(
    "rebid_2c",
    "3NT",
    "25–27 HCP, balanced",
    shows((25, 27), balanced=True),
    lambda h, a: h.hcp >= 25 and h.balanced,
)
rule(
    "rebid_2c",
    "2NT",
    "22–24 HCP, balanced",
    shows((22, 24), balanced=True),
    lambda h, a: h.balanced,
)
for _suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
    rule(
        "rebid_2c",
        lambda a, s=_suit: a.cheap_bid(s),
        f"22+ HCP, five or more {SUIT_NAMES[_suit]}",
        _suit_shows((22, 37), _suit, 5),
        lambda h, a, s=_suit: h.longest() == s,
        natural=_suit,
    )

# -- opener's rebid after one of a suit ------------------------------------------------------


def _partner_bid(a: Auction) -> tuple[int, int] | None:
    bids = a.bids_of(a.partner)
    return parse_bid(bids[-1]) if bids else None


def _partner_raised(a: Auction, level: int) -> bool:
    pb = _partner_bid(a)
    return pb is not None and pb == (level, _opening_suit(a))


def _partner_new_suit(a: Auction) -> int | None:
    pb = _partner_bid(a)
    if pb is None or pb[1] in (NOTRUMP, _opening_suit(a)):
        return None
    return pb[1]


rule(
    "rebid_1suit",
    _raise(4),
    "19+ HCP facing a raise: game",
    shows((19, 21)),
    lambda h, a: _partner_raised(a, 2) and _major_opening(a) and h.hcp >= 19,
)
rule(
    "rebid_1suit",
    _raise(3),
    "16–18 HCP facing a raise: invites game",
    shows((16, 18)),
    lambda h, a: _partner_raised(a, 2) and _major_opening(a) and h.hcp >= 16,
)
rule(
    "rebid_1suit",
    _raise(4),
    "14+ HCP accepts the limit raise",
    shows((14, 21)),
    lambda h, a: _partner_raised(a, 3) and _major_opening(a) and h.hcp >= 14,
)
rule(
    "rebid_1suit",
    "3NT",
    "14+ HCP, balanced: accepts the minor raise",
    shows((14, 21)),
    lambda h, a: not _major_opening(a) and _partner_raised(a, 3) and h.hcp >= 14,
)
rule(
    "rebid_1suit",
    "P",
    "minimum: happy with partner's raise",
    shows((10, 15)),
    lambda h, a: _partner_raised(a, 2) or _partner_raised(a, 3) or _partner_raised(a, 4),
)


def _raise_partner(levels: int, text: str, lo: int, hi: int) -> None:
    def call(a: Auction) -> str | None:
        s = _partner_new_suit(a)
        if s is None:
            return None
        level = min(a.cheapest(s) + levels, 4 if s >= HEARTS else 5)
        return bid_text(level, s) if a.cheapest(s) <= level else None

    def test(h: Hand, a: Auction) -> bool:
        s = _partner_new_suit(a)
        return s is not None and h.lengths[s] >= 4 and lo <= h.hcp + h.short_points(s) <= hi

    def shown(a: Auction) -> Shows:
        s = _partner_new_suit(a)
        return shows((lo - 3, hi)) if s is None else _suit_shows((lo - 3, hi), s, 4)

    rule("rebid_1suit", call, text, shown, test)


_raise_partner(2, "19+ points with four-card support: game", 19, 40)
_raise_partner(1, "16–18 points with four-card support: invites", 16, 18)
_raise_partner(0, "12–15 points with four-card support", 10, 15)
rule(
    "rebid_1suit",
    "P",
    "a minimum after their bid: lets partner decide",
    shows((10, 14)),
    lambda h, a: a.rho_acted() and h.hcp <= 14,
)
rule(
    "rebid_1suit",
    "2NT",
    "18–19 HCP, balanced",
    shows((18, 19), balanced=True),
    lambda h, a: 18 <= h.hcp <= 19 and h.balanced,
)
for _suit in (HEARTS, SPADES):
    rule(
        "rebid_1suit",
        lambda a, s=_suit: bid_text(1, s) if a.cheapest(s) == 1 else None,
        f"a second suit, four {SUIT_NAMES[_suit]}",
        _suit_shows((10, 18), _suit, 4),
        lambda h, a, s=_suit: h.lengths[s] >= 4,
        natural=_suit,
    )
rule(
    "rebid_1suit",
    "1NT",
    "12–14 HCP, balanced",
    shows((12, 14), balanced=True),
    lambda h, a: 12 <= h.hcp <= 14 and h.balanced,
)
rule(
    "rebid_1suit",
    lambda a: a.cheap_bid(_opening_suit(a), 1),
    "16–18 HCP, six or more cards in the suit",
    _support_shows((16, 18), 6),
    lambda h, a: h.hcp >= 16 and _support(h, a, 6),
)
rule(
    "rebid_1suit",
    lambda a: a.cheap_bid(_opening_suit(a)),
    "a minimum with six or more cards in the suit",
    _support_shows((10, 15), 6),
    lambda h, a: _support(h, a, 6),
)
for _suit in range(4):
    rule("rebid_1suit",
         lambda a, s=_suit: a.cheap_bid(s) if a.cheapest(s) <= 2 and s < _opening_suit(a)
         else None, f"a second suit, four or more {SUIT_NAMES[_suit]}",
         _suit_shows((10, 18), _suit, 4),
         lambda h, a, s=_suit: h.lengths[s] >= 4 and s not in a.natural[a.partner],
         natural=_suit)  # fmt: skip
rule("rebid_1suit", "3NT", "game facing partner's NT response", shows((13, 21)),
     lambda h, a: (pb := _partner_bid(a)) is not None and pb[1] == NOTRUMP
     and h.hcp + (11 if pb[0] >= 2 else 6) >= 25)  # fmt: skip
rule(
    "rebid_1suit",
    "P",
    "minimum: partner's contract will do",
    shows((10, 15)),
    lambda h, a: (pb := _partner_bid(a)) is not None and pb[1] == NOTRUMP,
)
rule(
    "rebid_1suit",
    lambda a: a.cheap_bid(_opening_suit(a)),
    "rebids the five-card suit",
    _support_shows((10, 21), 5),
    lambda h, a: _support(h, a, 5),
)
rule("rebid_1suit", lambda a: a.cheap_bid(NOTRUMP), "no fit, nothing else to show", shows())

# -- responder's rebid after 1NT conventions -------------------------------------------------


def _nt_base(a: Auction) -> int:
    """1 or 2: the level of partner's NT opening."""
    op = a.opener
    assert op is not None
    return int(op[1][0])


def _nt_inv(a: Auction) -> int:
    return 8 if _nt_base(a) == 1 else 0  # invitational floor (none over 2NT)


def _opener_major(a: Auction) -> int | None:
    last = a.last_of(a.partner)
    b = parse_bid(last) if last else None
    return b[1] if b is not None and b[1] in (HEARTS, SPADES) else None


rule("resp2_stayman", lambda a: bid_text(4, m) if (m := _opener_major(a)) is not None else None,
     "four-card fit, 10+ HCP: game", shows((10, 15)),
     lambda h, a: (m := _opener_major(a)) is not None and h.lengths[m] >= 4
     and h.hcp >= (10 if _nt_base(a) == 1 else 4))  # fmt: skip
rule(
    "resp2_stayman",
    lambda a: bid_text(3, m) if (m := _opener_major(a)) is not None else None,
    "four-card fit, 8–9 HCP: invites game",
    shows((8, 9)),
    lambda h, a: (m := _opener_major(a)) is not None and h.lengths[m] >= 4,
)
rule(
    "resp2_stayman",
    "3NT",
    "game values, no fit",
    shows((10, 15)),
    lambda h, a: h.hcp >= (10 if _nt_base(a) == 1 else 4),
)
rule("resp2_stayman", "2NT", "8–9 HCP, no fit: invites 3NT", shows((8, 9)))


def _transfer_suit(a: Auction) -> int:
    return HEARTS if a.bids_of(a.seat)[0] in ("2D", "3D") else SPADES


rule(
    "resp2_transfer",
    "P",
    "0–7 HCP: plays the transferred suit",
    shows((0, 7)),
    lambda h, a: h.hcp < (8 if _nt_base(a) == 1 else 4),
)
rule(
    "resp2_transfer",
    lambda a: bid_text(4, _transfer_suit(a)),
    "six or more cards, game values",
    shows((10, 15)),
    lambda h, a: h.lengths[_transfer_suit(a)] >= 6 and h.hcp >= (10 if _nt_base(a) == 1 else 4),
)
rule(
    "resp2_transfer",
    "3NT",
    "exactly five cards, game values: choose",
    shows((10, 15)),
    lambda h, a: h.hcp >= (10 if _nt_base(a) == 1 else 4),
)
rule(
    "resp2_transfer",
    lambda a: bid_text(3, _transfer_suit(a)) if _nt_base(a) == 1 else None,
    "six or more cards, 8–9 HCP: invites game",
    shows((8, 9)),
    lambda h, a: h.lengths[_transfer_suit(a)] >= 6,
)
rule("resp2_transfer", "2NT", "exactly five cards, 8–9 HCP: invites", shows((8, 9)))

# opener after the transfer follow-up


def _responder_suit(a: Auction) -> int:
    first = a.bids_of(a.partner)[0]
    return HEARTS if first in ("2D", "3D") else SPADES


rule("rebid_nt_after_transfer", lambda a: bid_text(4, _responder_suit(a)),
     "three-card support: game in the major", shows(),
     lambda h, a: h.lengths[_responder_suit(a)] >= 3
     and (a.last_of(a.partner) == "3NT" or h.hcp >= 16))  # fmt: skip
rule(
    "rebid_nt_after_transfer",
    "3NT",
    "maximum, two-card support: game",
    shows((16, 21)),
    lambda h, a: a.last_of(a.partner) == "2NT" and h.hcp >= 16,
)
rule(
    "rebid_nt_after_transfer",
    lambda a: a.cheap_bid(_responder_suit(a)),
    "minimum with three-card support",
    shows((15, 15)),
    lambda h, a: a.last_of(a.partner) == "2NT" and h.lengths[_responder_suit(a)] >= 3,
)
rule("rebid_nt_after_transfer", "P", "declines: the contract is right", shows())

# -- overcalls -------------------------------------------------------------------------------


def _over_their_nt(a: Auction) -> bool:
    """The opponents' NT opening is the last bid."""
    return a.opener is not None and a.opener[1] in ("1NT", "2NT") and a.high is not None and (
        a.high[2] == a.opener[0] and (a.high[0], a.high[1]) == parse_bid(a.opener[1]))  # fmt: skip


def _their_suits_stopped(h: Hand, a: Auction) -> bool:
    return all(h.stopper(s) for s in a.opp_suits())


rule(
    "overcall",
    lambda a: a.cheap_bid(NOTRUMP) if a.cheapest(NOTRUMP) == 1 else None,
    "15–18 HCP, balanced, their suit stopped",
    shows((15, 18), balanced=True),
    lambda h, a: 15 <= h.hcp <= 18 and h.balanced and _their_suits_stopped(h, a),
)
rule(
    "overcall",
    "X",
    "takeout: 12+ HCP, short in their suit (or 17+ any)",
    shows((12, 37)),
    lambda h, a: (
        (
            h.hcp >= 17
            or (
                h.hcp >= 12
                and all(
                    h.lengths[s] <= 2 if s in a.opp_suits() else h.lengths[s] >= 3 for s in range(4)
                )
            )
        )
        and (a.high is None or a.high[1] != NOTRUMP)
        and (a.high is None or a.high[0] <= 3)
    ),
)


def _overcall(suit: int) -> None:
    def call(a: Auction) -> str | None:
        return a.cheap_bid(suit) if a.cheapest(suit) <= 3 else None

    def test(h: Hand, a: Auction) -> bool:
        if suit in a.opp_suits() or h.lengths[suit] < 5 or h.longest() != suit:
            return False
        level = a.cheapest(suit)
        high = a.high
        if _over_their_nt(a):  # over their 1NT/2NT opening: six cards, 8–15
            return h.lengths[suit] >= 6 and 8 <= h.hcp <= 15
        if high is not None and high[1] == NOTRUMP:
            return False
        return (8 if level == 1 else 11 if level == 2 else 13) <= h.hcp <= 16

    rule(
        "overcall",
        call,
        f"overcall: five or more {SUIT_NAMES[suit]}, 8–16 HCP (11+ at the two level)",
        _suit_shows((8, 16), suit, 5),
        test,
        natural=suit,
    )


for _suit in (SPADES, HEARTS, DIAMONDS, CLUBS):
    _overcall(_suit)
rule(
    "overcall",
    "X",
    "penalty: 15+ HCP over their NT",
    shows((15, 37)),
    lambda h, a: _over_their_nt(a) and h.hcp >= 15,
)
rule("overcall", "P", "nothing to say over their opening", shows((0, 16)))

# -- advancing partner's double or overcall --------------------------------------------------


def _unbid(a: Auction) -> list[int]:
    """The suits the opponents have not bid (every suit when they bid all four)."""
    return [s for s in range(4) if s not in a.opp_suits()] or [0, 1, 2, 3]


def _advance_suit(h: Hand, a: Auction) -> int:
    return max(_unbid(a), key=lambda s: (h.lengths[s], s))


rule(
    "advance_double",
    "P",
    "nothing to add after their bid (0–5 HCP)",
    shows((0, 5)),
    lambda h, a: a.rho_acted() and h.hcp <= 5,
)
rule(
    "advance_double",
    "P",
    "penalty pass: five or more of their suit, 8+ HCP",
    shows((8, 37)),
    lambda h, a: not a.rho_acted() and any(h.lengths[s] >= 5 and h.hcp >= 8 for s in a.opp_suits()),
)
rule(
    "advance_double",
    lambda a: a.cheap_bid(NOTRUMP) if a.cheapest(NOTRUMP) == 1 else None,
    "6–10 HCP, their suit stopped",
    shows((6, 10)),
    lambda h, a: 6 <= h.hcp <= 10 and _their_suits_stopped(h, a) and h.balanced,
)
for _suit in range(4):
    rule("advance_double",
         lambda a, s=_suit: bid_text(4, s) if s >= HEARTS and a.cheapest(s) <= 4 else None,
         f"12+ HCP, four or more {SUIT_NAMES[_suit]}: game", _suit_shows((12, 37), _suit, 4),
         lambda h, a, s=_suit: h.hcp >= 12 and _advance_suit(h, a) == s and h.lengths[s] >= 4,
         natural=_suit)  # fmt: skip
    rule("advance_double", lambda a, s=_suit: a.cheap_bid(s, 1),
         f"9–11 HCP, four or more {SUIT_NAMES[_suit]}", _suit_shows((9, 11), _suit, 4),
         lambda h, a, s=_suit: 9 <= h.hcp <= 11 and _advance_suit(h, a) == s
         and h.lengths[s] >= 4, natural=_suit)  # fmt: skip
    rule(
        "advance_double",
        lambda a, s=_suit: a.cheap_bid(s),
        f"0–8 HCP, longest unbid suit {SUIT_NAMES[_suit]}",
        _suit_shows((0, 11), _suit, 3),
        lambda h, a, s=_suit: _advance_suit(h, a) == s,
        natural=_suit,
    )


def _partner_overcall(a: Auction) -> int | None:
    pb = _partner_bid(a)
    return None if pb is None or pb[1] == NOTRUMP else pb[1]


rule("advance_overcall", lambda a: bid_text(4, s) if (s := _partner_overcall(a)) is not None
     and s >= HEARTS else None, "13+ points with three-card support: game",
     shows((11, 37)),
     lambda h, a: (s := _partner_overcall(a)) is not None and h.lengths[s] >= 3
     and h.hcp + h.short_points(s) >= 13)  # fmt: skip
rule("advance_overcall", lambda a: a.cheap_bid(s) if (s := _partner_overcall(a)) is not None
     else None, "8–12 points with three-card support", shows((6, 12)),
     lambda h, a: (s := _partner_overcall(a)) is not None and h.lengths[s] >= 3
     and h.hcp + h.short_points(s) >= 8)  # fmt: skip
rule(
    "advance_overcall",
    lambda a: a.cheap_bid(NOTRUMP) if a.cheapest(NOTRUMP) <= 2 else None,
    "8–11 HCP, their suit stopped",
    shows((8, 11)),
    lambda h, a: 8 <= h.hcp <= 11 and _their_suits_stopped(h, a),
)
rule(
    "advance_overcall",
    "3NT",
    "12+ HCP, their suit stopped: game",
    shows((12, 37)),
    lambda h, a: h.hcp >= 12 and _their_suits_stopped(h, a) and _partner_overcall(a) is None,
)
for _suit in range(4):
    rule("advance_overcall", lambda a, s=_suit: a.cheap_bid(s) if a.cheapest(s) <= 2 else None,
         f"10+ HCP, five or more {SUIT_NAMES[_suit]}", _suit_shows((10, 37), _suit, 5),
         lambda h, a, s=_suit: h.hcp >= 10 and h.lengths[s] >= 5 and h.longest() == s
         and s not in a.opp_suits(), natural=_suit)  # fmt: skip
rule("advance_overcall", "P", "nothing to add to partner's overcall", shows((0, 12)))

# -- later calls: the partnership's points and fit -------------------------------------------


def _fit(h: Hand, a: Auction) -> tuple[int, int] | None:
    """(suit, combined length) of the partnership's best known fit of eight or more."""
    best = None
    p = a.partner_shows
    for s in range(4):
        total = h.lengths[s] + p.lengths[s][0]
        if total >= 8 and (best is None or (total, s) > (best[1], best[0])):
            best = (s, total)
    return best


def _combined(h: Hand, a: Auction, trump: int | None) -> int:
    extra = h.short_points(trump) if trump is not None else 0
    return h.hcp + extra + a.partner_shows.hcp[0]


def _target(h: Hand, a: Auction) -> str | None:
    """The contract the partnership's points and fit reach (see the module docs)."""
    fit = _fit(h, a)
    opp = a.opp_suits()
    if fit is not None:
        s, total = fit
        pts = _combined(h, a, s)
        game = 4 if s >= HEARTS else 5
        if s < HEARTS and 25 <= pts < 33 and _their_suits_stopped(h, a) and h.balanced:
            return "3NT"
        if pts >= 37:
            level = 7
        elif pts >= 33:
            level = 6
        elif pts >= (25 if s >= HEARTS else 29):
            level = game
        else:
            level = 3 if pts >= 23 else 2 if pts >= 18 else 0
        high = a.high
        if high is not None and (high[2] - a.seat) % 2 == 1 and pts >= 16:
            level = max(level, min(total - 6, 3))  # compete: the law of total tricks
        return bid_text(level, s) if level else None
    pts = _combined(h, a, None)
    if opp and not _their_suits_stopped(h, a):
        return None
    if pts >= 37:
        return "7NT"
    if pts >= 33:
        return "6NT"
    if pts >= 25:
        return "3NT"
    if pts >= 23:
        return "2NT"
    return None


def _penalty(h: Hand, a: Auction) -> bool:
    high = a.high
    if high is None or (high[2] - a.seat) % 2 == 0 or a.doubled:
        return False
    if a.last_of(a.partner) == "X":
        return False
    ours = h.hcp + a.partner_shows.hcp[0]
    level, strain = high[0], high[1]
    trumps = h.lengths[strain] if strain < NOTRUMP else 3
    if level >= 2 and ours >= 23 and trumps >= 2:
        return True
    return level >= 4 and ours >= 20 and trumps >= 3


def _is_game(level: int, strain: int) -> bool:
    return level >= (3 if strain == NOTRUMP else 4 if strain >= HEARTS else 5)


def _general_bid(h: Hand, a: Auction) -> bool:
    t = _target(h, a)
    if t is None or not a.legal(t):
        return False
    high = a.high
    tb = parse_bid(t)
    assert tb is not None
    # Our side already plays a game at the level the points reach: no need to bid again.
    return not (high is not None and (high[2] - a.seat) % 2 == 0 and tb[0] <= high[0]
                and _is_game(high[0], high[1]))  # fmt: skip


def _general_shows(a: Auction) -> Shows:
    return shows((max(0, 18 - a.partner_shows.hcp[0] - 3), MAX_HCP))


rule(
    "general",
    "X",
    "penalty: the partnership has the points (23+) and they are too high",
    shows((8, 37)),
    _penalty,
)
RULES.append(
    Rule(
        "general",
        lambda a: "<target>",
        "the level the partnership's points and fit reach",
        _general_shows,
        _general_bid,
    )
)
rule("general", "P", "nothing more to say", shows())

SITUATIONS = tuple(dict.fromkeys(r.situation for r in RULES))
_BY_SITUATION: dict[str, list[Rule]] = {s: [r for r in RULES if r.situation == s]
                                        for s in SITUATIONS}  # fmt: skip


# ---- reading the auction ---------------------------------------------------------------------


def situation(a: Auction) -> str:
    """Which block of the table the seat to call uses (see the module docs)."""
    op = a.opener
    if op is None:
        return "open"
    opener, opening = op
    me, partner = a.seat, a.partner
    my_bids = a.bids_of(me)
    if opener % 2 == me % 2:
        if opener == me:
            partner_bids = a.bids_of(partner)
            if len(my_bids) == 1 and partner_bids:
                pcall = partner_bids[-1]
                if opening == "1NT" and len(partner_bids) == 1 and not a.rho_acted():
                    if pcall == "2C":
                        return "rebid_nt_stayman"
                    if pcall in ("2D", "2H"):
                        return "rebid_nt_transfer"
                    if pcall in ("2NT", "4NT"):
                        return "rebid_nt_invite"
                if opening == "2NT" and len(partner_bids) == 1 and not a.rho_acted():
                    if pcall == "3C":
                        return "rebid_2nt_stayman"
                    if pcall in ("3D", "3H"):
                        return "rebid_2nt_transfer"
                if opening == "2C" and pcall == "2D" and not a.rho_acted():
                    return "rebid_2c"
                if opening[0] == "1" and opening != "1NT" and len(partner_bids) == 1:
                    return "rebid_1suit"
            if (opening in ("1NT", "2NT") and len(my_bids) == 2 and len(partner_bids) == 2
                    and partner_bids[0] in ("2D", "2H", "3D", "3H")
                    and not a.rho_acted()):  # fmt: skip
                return "rebid_nt_after_transfer"
            return "general"
        if not my_bids:
            interfered = a.rho_acted() or any(
                a.caller(k) % 2 != me % 2 and c != "P"
                for k, c in enumerate(a.calls) if k > _index_of_opening(a))  # fmt: skip
            if opening == "1NT" and not interfered:
                return "resp_1nt"
            if opening == "2NT" and not interfered:
                return "resp_2nt"
            if opening == "2C" and not interfered:
                return "resp_2c"
            if opening in ("2D", "2H", "2S", "3C", "3D", "3H", "3S") and not interfered:
                return "resp_weak"
            if opening[0] == "1" and opening != "1NT":
                return "resp_interf" if interfered else "resp_1suit"
            return "general"
        if len(my_bids) == 1 and opening in ("1NT", "2NT") and not a.rho_acted():
            first = my_bids[0]
            if first in ("2C", "3C") and len(a.bids_of(partner)) == 2:
                return "resp2_stayman"
            if first in ("2D", "2H", "3D", "3H") and len(a.bids_of(partner)) == 2:
                return "resp2_transfer"
        return "general"
    partner_bids = a.bids_of(partner)
    if not my_bids and not partner_bids:
        return "overcall"
    if not my_bids and len(partner_bids) == 1:
        return "advance_double" if partner_bids[0] == "X" else "advance_overcall"
    return "general"


def _index_of_opening(a: Auction) -> int:
    return next(k for k, c in enumerate(a.calls) if parse_bid(c) is not None)


def _apply_call(a: Auction, call: str) -> Rule | None:
    """Record what ``call`` by the seat to call shows, and return the rule that explains it."""
    sit = a.situation or situation(a)
    a.situation = sit
    found: Shows | None = None
    first: Rule | None = None
    natural: int | None = None
    for r in _BY_SITUATION[sit]:
        made = r.call_for(a)
        if made == "<target>":
            b = parse_bid(call)
            if b is None:
                continue
            made = call
            natural = b[1] if b[1] < NOTRUMP and b[1] not in a.natural[a.seat] else natural
        if made != call:
            continue
        s = r.shows_for(a)
        # A catch-all ("nothing else to bid") joins only when no other rule explains the call:
        # the call is read as the specific rule's.
        if found is None:
            found = s
        elif not s.unconstrained:
            found = s if found.unconstrained else found.join(s)
        if first is None:
            first = r
            natural = r.natural if r.natural is not None else natural
    if found is not None:
        a.shown[a.seat] = a.shown[a.seat].meet(found)
    if natural is not None and natural not in a.natural[a.seat]:
        a.natural[a.seat].append(natural)
    return first


def read_auction(calls: Sequence[str]) -> Auction:
    """The auction after ``calls`` (South's first), with what each seat has shown, from the
    point of view of the next seat to call."""
    a = Auction(calls=[], seat=DEALER, shown=[Shows()] * 4, natural=[[], [], [], []])
    a.situation = situation(a)
    for call in calls:
        advance(a, call)
    return a


def advance(a: Auction, call: str) -> Auction:
    """``a`` after the seat to call makes ``call`` (changed in place, and returned)."""
    _apply_call(a, call)
    b = parse_bid(call)
    if b is not None:
        a.high_bid = (b[0], b[1], a.seat)
        if a.opening is None:
            a.opening = (a.seat, call)
    a.calls.append(call)
    a.seat = (a.seat + 1) % SEAT_COUNT
    a.situation = situation(a)
    return a


def copy_auction(a: Auction) -> Auction:
    return Auction(list(a.calls), a.seat, list(a.shown), [list(n) for n in a.natural],
                   a.situation, a.high_bid, a.opening)  # fmt: skip


def choose_call(hand: Hand, a: Auction) -> tuple[str, Rule]:
    """The system's call for ``hand`` and the rule that makes it (pass when nothing fits)."""
    for r in _BY_SITUATION[a.situation]:
        if not r.test(hand, a):
            continue
        call = r.call_for(a)
        if call == "<target>":
            call = _target(hand, a)
        if call is not None and a.legal(call):
            return call, r
    return "P", _BY_SITUATION["general"][-1]


def explain_call(a: Auction, call: str, hand: Hand | None = None) -> str:
    """What ``call`` means now in the system ("1NT: 15–17 HCP, balanced"), or that it is not
    part of it."""
    if hand is not None:
        chosen, r = choose_call(hand, a)
        if chosen == call:
            return _text(r, a, call)
    for r in _BY_SITUATION[a.situation]:
        made = r.call_for(a)
        if made == call or (made == "<target>" and parse_bid(call) is not None):
            return _text(r, a, call)
    if call == "P":
        return "P: passes"
    return f"{call}: not a call of the system here"


def _text(r: Rule, a: Auction, call: str) -> str:
    return f"{call}: {r.text}"
