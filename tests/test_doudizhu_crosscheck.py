"""Dou Dizhu legal plays cross-checked against DouZero and RLCard (rules/doudizhu.md).

Thousands of seeded random hands are given to cardavia (``doudizhu.legal_plays``), to DouZero's
move generator (``GameEnv.get_legal_card_play_actions``, which calls ``MovesGener`` and the
``move_selector`` filters) and to RLCard's (``DoudizhuJudger.playable_cards_from_hand`` for a
lead, ``get_gt_cards`` for a follow), on a free lead and against a random top play. The move
sets are compared as sets of rank multisets: cardavia lists one play per rank multiset (DDZ-6.7)
and both peers ignore suits.

The peers allow some plays that the rules forbid. Each such class is an explicit filter below
(``FILTERS``), justified by a rule id; a filter only ever removes peer plays. After filtering the
sets must be equal, every filter a peer needs must have removed at least one play (a filter that
never fires is either dead or hiding everything), and the shapes where the peers and the rules
agree (pairs as the attachments of a four, pairs / 2s / a joker among airplane wings, 2s as pair
wings) must occur in the agreed sets, so the agreement is not vacuous.

The hands: 1,200 uniform 20-card hands from the 54 cards and 700 "airplane-rich" ones (a run of
two to five triples, often a bomb and both jokers beside it), since uniform hands rarely hold the
shapes where the engines differ. Each is checked on a lead and against a top play taken from a
second hand dealt from the other cards. RLCard's whole action space is compared too.
"""

from __future__ import annotations

import collections
import random
import types
from collections.abc import Callable
from typing import NamedTuple

import pytest

from cardavia import CardSet, Play, doudizhu

SEED = 20240601
UNIFORM_HANDS = 1200
RICH_HANDS = 700

RANKS = "3456789TJQKA2BR"  # DDZ-2.3 order; B = small joker (SJ), R = big joker (BJ)
RANK_INDEX = {ch: i for i, ch in enumerate(RANKS)}
ACE, SMALL, BIG = 11, 13, 14
DOUZERO_VALUE = dict(zip(RANKS, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30], strict=True))
DOUZERO_RANK = {v: ch for ch, v in DOUZERO_VALUE.items()}

# ---- rank-multiset keys: a sorted string of rank letters, e.g. "333444BR" ------------------

_BITS = [bin(i).count("1") for i in range(16)]
# cardavia card index = (rank - 2) * 4 + suit, 2s first; jokers 52 (SJ) and 53 (BJ).
_SHIFTS = [4 * (r + 1) for r in range(12)] + [0]


def cardavia_key(mask: int) -> str:
    key = "".join(RANKS[r] * _BITS[(mask >> s) & 15] for r, s in enumerate(_SHIFTS))
    return key + "B" * ((mask >> 52) & 1) + "R" * ((mask >> 53) & 1)


assert cardavia_key(CardSet("2s 3c 3d Ah SJ BJ").mask) == "33A2BR"


# ---- what the filters look at in a rank multiset -----------------------------------------


class Shape(NamedTuple):
    size: int
    counts: list[int]  # per rank, RANKS order
    single_wings: list[dict[int, int]]  # {rank: count} of the wings, one per reading (below)
    pair_wings: list[dict[int, int]]
    airplane: bool  # DDZ-4.8 step 4: only triples, 2+ consecutive ranks within 3..A (#8)


def _readings(c: list[int], triples: int, size: int, unit: int) -> list[dict[int, int]]:
    """The wings of every reading of the multiset as both peers build airplanes: a run of
    n >= 2 consecutive ranks within 3..A holding exactly three cards each (the peers never take
    a wing from a core rank) plus n wings of ``unit`` - 3 cards (any cards for single wings)."""
    n, rest = divmod(size, unit)
    if rest or n < 2:
        return []
    run = (1 << n) - 1
    return [
        {r: k for r, k in enumerate(c) if k and not low <= r < low + n}
        for low in range(ACE - n + 2)
        if (triples >> low) & run == run
    ]


def shape(key: str) -> Shape:
    c = [key.count(ch) for ch in RANKS]
    size = len(key)
    if 3 not in c:
        return Shape(size, c, [], [], False)
    triples = sum(1 << r for r in range(ACE + 1) if c[r] == 3)
    low = triples & -triples
    # every card in triples, two or more, and the triples one run of ranks
    airplane = size == 3 * bin(triples).count("1") >= 6 and (triples + low) & triples == 0
    pair_wings = [w for w in _readings(c, triples, size, 5) if set(w.values()) == {2}]
    return Shape(size, c, _readings(c, triples, size, 4), pair_wings, airplane)


# ---- the filters: peer plays the rules forbid ---------------------------------------------


def four_with_the_rocket(s: Shape, top: Play | None) -> bool:
    # DDZ-4.7 (#11): the two attachments of a four MUST NOT be SJ + BJ (DDZ-4.8 step 3; vector
    # DDZ-V29). DouZero's gen_type_13_4_2 picks any two other cards.
    return s.size == 6 and 4 in s.counts and s.counts[SMALL] == s.counts[BIG] == 1


def wings_with_the_rocket(s: Shape, top: Play | None) -> bool:
    # DDZ-4.5c: single wings MUST NOT contain both SJ and BJ (vector DDZ-V23). DouZero's
    # gen_type_11_serial_3_1 picks any n other cards.
    return any(SMALL in w and BIG in w for w in s.single_wings)


def wings_with_a_bomb(s: Shape, top: Play | None) -> bool:
    # DDZ-4.5b: at most two wings of one rank, so never four (vector DDZ-V25; DDZ-4.8 step 3
    # rejects any set holding four of a rank beyond 8 cards). DouZero picks any n other cards.
    return any(4 in w.values() for w in s.single_wings)


def wings_with_a_triple(s: Shape, top: Play | None) -> bool:
    # DDZ-4.5b: at most two wings of one rank, so never three (vector DDZ-V24); by DDZ-4.8
    # step 4 the set is then invalid (its triples are not one run, or too many for its size),
    # unless all its triples make one airplane (#8) -- that case is the next filter. DouZero
    # allows any wing triple; RLCard allows one not adjacent to the core, or of 2s.
    return not s.airplane and any(3 in w.values() for w in s.single_wings)


def wing_triple_extending_the_core(s: Shape, top: Play | None) -> bool:
    # DDZ-4.8 + DDZ-5.6: a wing triple adjacent to a core of three triples makes four
    # consecutive triples, which DDZ-4.8 classifies as an airplane without wings (#8, n = 4);
    # #8 never beats an airplane with single wings (#9, n = 3): different types (DDZ-5.6).
    # DouZero offers e.g. TTTJJJQQQKKK against 555666777 + 4 9 SJ. (On a lead the same set is
    # a valid #8, so both engines list it and nothing differs.)
    return (
        top is not None
        and top.kind == "airplane_with_singles"
        and s.airplane
        and any(3 in w.values() for w in s.single_wings)
    )


FILTERS: dict[str, tuple[str, Callable[[Shape, Play | None], bool]]] = {
    "four with SJ+BJ as its two singles": ("DDZ-4.7", four_with_the_rocket),
    "single wings holding SJ+BJ": ("DDZ-4.5c", wings_with_the_rocket),
    "single wings holding a bomb": ("DDZ-4.5b", wings_with_a_bomb),
    "single wings holding a triple": ("DDZ-4.5b", wings_with_a_triple),
    "wing triple extending the core: #8, not #9": ("DDZ-4.8/5.6", wing_triple_extending_the_core),
}
DOUZERO_FILTERS = set(FILTERS)
RLCARD_FILTERS = {"single wings holding a triple"}

# ---- shapes where the peers agree with the rules (must occur in the agreed sets) ----------

AGREED_SHAPES: dict[str, Callable[[Shape], bool]] = {
    # DDZ-4.7: the two singles of a four may be a pair (still #11); vector DDZ-V28.
    "four with a pair as its two singles": lambda s: (
        s.size == 6 and sorted(s.counts)[-2:] == [2, 4]
    ),
    # DDZ-4.5b: two wings of one rank are allowed; vector DDZ-V20.
    "single wings holding a pair": lambda s: any(2 in w.values() for w in s.single_wings),
    # DDZ-4.5d: wings may be 2s.
    "single wings holding a 2": lambda s: any(12 in w for w in s.single_wings),
    # DDZ-4.5c: one joker among the wings is allowed; vector DDZ-V21.
    "single wings holding one joker": lambda s: any(
        (SMALL in w) != (BIG in w) for w in s.single_wings
    ),
    # DDZ-4.6: 2s may be pair wings.
    "pair wings of 2s": lambda s: any(12 in w for w in s.pair_wings),
    # DDZ-4.3 #4: the single of a triple may be a joker.
    "triple with a joker": lambda s: (
        s.size == 4 and 3 in s.counts and s.counts[SMALL] + s.counts[BIG] == 1
    ),
}

# ---- the cases ---------------------------------------------------------------------------


def _rich_hand(rng: random.Random, pool: list[int]) -> list[int]:
    """20 cards of ``pool`` (card indexes) around a run of triples, often with a bomb and the
    jokers: the shapes where the engines differ."""
    by_rank = collections.defaultdict(list)
    for i in pool:
        by_rank[i // 4 if i < 52 else 13 + (i - 52)].append(i)
    # cardavia rank index i // 4: 0 = 2, 1..12 = 3..A (sequence ranks).
    length = rng.randint(2, 5)
    starts = [
        s for s in range(1, 14 - length) if all(len(by_rank[r]) >= 3 for r in range(s, s + length))
    ]
    hand: list[int] = []
    if starts:
        start = rng.choice(starts)
        for r in range(start, start + length):
            hand += rng.sample(by_rank[r], 3)
        if rng.random() < 0.5 and len(hand) <= 14:
            fours = [
                r for r in range(13) if len(by_rank[r]) == 4 and not start <= r < start + length
            ]
            if fours:
                hand += by_rank[rng.choice(fours)]
    if rng.random() < 0.5 and len(hand) <= 18:
        hand += [i for i in (52, 53) if i in pool and i not in hand]
    rest = [i for i in pool if i not in hand]
    return hand + rng.sample(rest, 20 - len(hand))


def _mask(cards: list[int]) -> int:
    return sum(1 << i for i in cards)


def _pick_top(rng: random.Random, hand: int, rich: bool) -> Play:
    """A random play from a second hand dealt from the cards ``hand`` lacks: a random kind
    first (then a random play of it), so that rare kinds come up as often as common ones."""
    pool = [i for i in range(54) if not hand >> i & 1]
    other = _mask(_rich_hand(rng, pool) if rich else rng.sample(pool, 20))
    by_kind = collections.defaultdict(list)
    for p in doudizhu.legal_plays(CardSet.from_mask(other)):
        by_kind[p.kind].append(p)
    kinds = sorted(by_kind)
    if rich and rng.random() < 0.5:
        kinds = [k for k in kinds if k.startswith("airplane")] or kinds
    return rng.choice(by_kind[rng.choice(kinds)])


Case = tuple[str, Play | None, set[str]]  # hand key, top play (None: lead), cardavia's set


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    rng = random.Random(SEED)
    out: list[Case] = []
    for i in range(UNIFORM_HANDS + RICH_HANDS):
        rich = i >= UNIFORM_HANDS
        hand = _mask(_rich_hand(rng, list(range(54))) if rich else rng.sample(range(54), 20))
        cards = CardSet.from_mask(hand)
        hand_key = cardavia_key(hand)
        for top in (None, _pick_top(rng, hand, rich)):
            plays = doudizhu.legal_plays(cards, top)
            out.append((hand_key, top, {cardavia_key(p.cards.mask) for p in plays}))
    return out


# ---- the peers ---------------------------------------------------------------------------


def douzero_moves(hand: str, top: Play | None) -> set[str]:
    from douzero.env.game import GameEnv

    # get_legal_card_play_actions reads only the hand and the play sequence off ``self``.
    env = types.SimpleNamespace(
        acting_player_position="landlord",
        info_sets={
            "landlord": types.SimpleNamespace(player_hand_cards=[DOUZERO_VALUE[c] for c in hand])
        },
        card_play_action_seq=[]
        if top is None
        else [[DOUZERO_VALUE[c] for c in cardavia_key(top.cards.mask)]],
    )
    moves = GameEnv.get_legal_card_play_actions(env)
    return {"".join(DOUZERO_RANK[v] for v in sorted(m)) for m in moves if m}  # [] is the pass


def rlcard_moves(hand: str, top: Play | None) -> set[str]:
    from rlcard.games.base import Card
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.utils import get_gt_cards

    if top is None:
        found = DoudizhuJudger.playable_cards_from_hand(hand)
    else:
        jokers = {"B": Card("BJ", ""), "R": Card("RJ", "")}
        player = types.SimpleNamespace(current_hand=[jokers.get(c) or Card("S", c) for c in hand])
        owner = types.SimpleNamespace(played_cards=cardavia_key(top.cards.mask))
        found = [m for m in get_gt_cards(player, owner) if m != "pass"]
    return {"".join(sorted(m, key=RANK_INDEX.__getitem__)) for m in found}


# ---- the comparison ----------------------------------------------------------------------


def crosscheck(
    cases: list[Case], peer: Callable[[str, Play | None], set[str]], needed: set[str]
) -> None:
    hits: collections.Counter[str] = collections.Counter()
    examples: dict[str, str] = {}
    agreed: collections.Counter[str] = collections.Counter()
    mismatches = []
    for hand, top, ours in cases:
        kept = set()
        for move in peer(hand, top):
            if len(move) < 4:  # nothing to filter or look at below four cards
                kept.add(move)
                continue
            s = shape(move)
            for name, (_, test) in FILTERS.items():
                if test(s, top):
                    hits[name] += 1
                    examples.setdefault(name, f"{move} from {hand} against {top}")
                    break
            else:
                kept.add(move)
                if move in ours:
                    for name, test in AGREED_SHAPES.items():
                        agreed[name] += test(s)
        if kept != ours:
            mismatches.append(
                f"hand {hand}, top {top}: peer only {sorted(kept - ours)[:6]}, "
                f"cardavia only {sorted(ours - kept)[:6]}"
            )
    print()
    for name, (rule, _) in FILTERS.items():
        print(f"  {rule:12} {name:45} {hits[name]:7}  e.g. {examples.get(name, '-')}")
    for name in AGREED_SHAPES:
        print(f"  agreed       {name:45} {agreed[name]:7}")
    assert not mismatches, f"{len(mismatches)} unexplained differences:\n" + "\n".join(
        mismatches[:10]
    )
    assert set(hits) <= needed, f"filters this peer should never need: {set(hits) - needed}"
    missing = needed - set(hits)
    assert not missing, f"filters never exercised: {missing}"
    assert all(agreed[name] for name in AGREED_SHAPES), agreed


def test_cases_cover_every_kind(cases: list[Case]) -> None:
    kinds = {top.kind for _, top, _ in cases if top is not None}
    assert len(kinds) == 14, kinds  # DDZ-4.3: every type #1-#14 is a top play somewhere


def test_douzero(cases: list[Case]) -> None:
    pytest.importorskip("douzero")
    crosscheck(cases, douzero_moves, DOUZERO_FILTERS)


def test_rlcard(cases: list[Case]) -> None:
    pytest.importorskip("rlcard")
    crosscheck(cases, rlcard_moves, RLCARD_FILTERS)


def test_rlcard_action_space() -> None:
    """RLCard's whole action space (every play it can ever make) against cardavia's plays from
    the full pack: the same rank multisets, up to the filters. Only plays of at most 20 cards are
    compared: no hand ever holds more (DDZ-1.1, DDZ-3.7), and cardavia's full-pack list also has
    longer sequences (a 7-triple airplane, 11 pairs...) that RLCard's space leaves out."""
    pytest.importorskip("rlcard")
    from rlcard.games.doudizhu.utils import ID_2_ACTION

    pack = CardSet.full_pack(jokers=True)
    ours = {cardavia_key(p.cards.mask) for p in doudizhu.legal_plays(pack)}
    ours = {move for move in ours if len(move) <= 20}
    hits: collections.Counter[str] = collections.Counter()
    kept = set()
    for action in ID_2_ACTION:
        if action == "pass":
            continue
        move = "".join(sorted(action, key=RANK_INDEX.__getitem__))
        s = shape(move)
        for name, (_, test) in FILTERS.items():
            if test(s, None):
                hits[name] += 1
                break
        else:
            kept.add(move)
    assert kept == ours, (sorted(kept - ours)[:10], sorted(ours - kept)[:10])
    assert set(hits) == RLCARD_FILTERS, hits
