"""Hold'em evaluation and equity (rules/holdem.md HE-2, HE-8 A-B)."""

from __future__ import annotations

import numpy as np
import pytest

import cardavia
from cardavia import CardSet, holdem
from cardavia.holdem import Category

# HE-8 A: hole cards, board, expected class index r and category.
EVALUATION_VECTORS = [
    ("HE-8.1", "Ah Kh", "Qh Jh Th 2c 3d", 1, Category.STRAIGHT_FLUSH),
    ("HE-8.2", "As 2s", "3s 4s 5s 6s Kd", 9, Category.STRAIGHT_FLUSH),
    ("HE-8.3", "2c 3c", "Ah 4d 5s Kc Qd", 1609, Category.STRAIGHT),
    ("HE-8.4", "6d 7h", "2c 3s 4h 5d Ac", 1607, Category.STRAIGHT),
    ("HE-8.5", "Qs Kd", "Ac 2h 3d 9s 8c", 6202, Category.HIGH_CARD),
    ("HE-8.6", "7s 7d", "7h 7c Kd Kh 2c", 96, Category.FOUR_OF_A_KIND),
    ("HE-8.7", "Ac Kc", "Qc 9c 2c 5c 7c", 340, Category.FLUSH),
    ("HE-8.8", "Td 9d", "8d 7d 6h 6s 6c", 1604, Category.STRAIGHT),
    ("HE-8.9", "Js Jd", "Jh 9c 9d 9s 2h", 207, Category.FULL_HOUSE),
    ("HE-8.10", "Kc Kd", "Qs Qh Jc Jd 2s", 2601, Category.TWO_PAIR),
    ("HE-8.11", "4s 4h", "Ac As Ks Kh 9d", 2471, Category.TWO_PAIR),
    ("HE-8.12", "Ac Ad", "Kc Kd Kh 2s 2c", 179, Category.FULL_HOUSE),
    ("HE-8.13", "2d 2h", "As Ac Ah Ad 3c", 21, Category.FOUR_OF_A_KIND),
    ("HE-8.14", "9h 8h", "Th Jh Qh Kh Ah", 1, Category.STRAIGHT_FLUSH),
    ("HE-8.15", "Ks Qs", "Jh Ts 9c 2s 3s", 878, Category.FLUSH),
]


@pytest.mark.parametrize(("vid", "hole", "board", "r", "category"), EVALUATION_VECTORS)
def test_evaluation_vectors(vid: str, hole: str, board: str, r: int, category: Category) -> None:
    value = holdem.evaluate(f"{hole} {board}")
    assert value.rank_class == r, vid
    assert value.strength == 7463 - r, vid
    assert value.category is category, vid
    # The mask entry point and the batch entry point agree with evaluate().
    cards = CardSet(f"{hole} {board}")
    assert holdem.evaluate_mask(cards.mask) == value.strength
    indices = np.array([[c.index for c in cards]], dtype=np.uint8)
    assert holdem.evaluate_batch(indices)[0] == value.strength


# HE-8 B: board, two holdings with their r; "beats" or "tie".
SHOWDOWN_VECTORS = [
    ("HE-8.16", "Ah Kc 9s 8d 4h", "7c 2d", 6294, "6s 3d", 6295),
    ("HE-8.17", "As Ac Ah Ad 3c", "Kd Qd", 11, "Kh 2h", 11),
    ("HE-8.18", "As Kd Qh Jc Ts", "2c 2d", 1600, "9h 3s", 1600),
    ("HE-8.19", "Kd Kh 7s 7c 5d", "Ah 3c", 2655, "Qs Jd", 2656),
    ("HE-8.20", "Kd Kh 7s 7c 5d", "Qs 2c", 2656, "Qh 3d", 2656),
    ("HE-8.21", "Ah 9h 6h 3h Kc", "Qh 2h", 564, "Jh Th", 609),
    ("HE-8.22", "Jc Jd 4s 4h 9c", "9h 9s", 230, "Qs 9d", 2844),
    ("HE-8.23", "2s 3d 4c 9h Td", "6d 5c", 1608, "Ah 5s", 1609),
    ("HE-8.24", "Kc Kd Ks 8h 8d", "Ac Ad", 179, "8c 2d", 184),
]


@pytest.mark.parametrize(("vid", "board", "a", "ra", "b", "rb"), SHOWDOWN_VECTORS)
def test_showdown_vectors(vid: str, board: str, a: str, ra: int, b: str, rb: int) -> None:
    va = holdem.evaluate(f"{a} {board}")
    vb = holdem.evaluate(f"{b} {board}")
    assert (va.rank_class, vb.rank_class) == (ra, rb), vid
    if ra == rb:
        assert va == vb and not va > vb, vid  # HE-2.5: an exact tie
    else:
        assert va > vb and vb < va, vid


# HE-2.7 anchor values of 5-card hands (suits chosen to avoid accidental flushes).
ANCHORS = [
    ("As Ks Qs Js Ts", 1),
    ("Ks Qs Js Ts 9s", 2),
    ("8h 7h 6h 5h 4h", 7),
    ("5h 4h 3h 2h Ah", 10),
    ("As Ah Ad Ac Kd", 11),
    ("2s 2h 2d 2c 3d", 166),
    ("As Ah Ad Ks Kh", 167),
    ("2s 2h 2d 3s 3h", 322),
    ("Ah Kh Qh Jh 9h", 323),
    ("Ah 6h 5h 4h 3h", 812),
    ("Kh Qh Jh Th 8h", 816),
    ("7c 5c 4c 3c 2c", 1599),
    ("Ah Kd Qh Jc Ts", 1600),
    ("6s 5h 4d 3c 2s", 1608),
    ("5s 4h 3d 2c As", 1609),
    ("As Ah Ad Ks Qh", 1610),
    ("As Ah Ad 3s 2h", 1675),
    ("2s 2h 2d 4s 3h", 2467),
    ("As Ah Ks Kh Qd", 2468),
    ("As Ah Ks Kh 2d", 2478),
    ("3s 3h 2s 2h 4d", 3325),
    ("As Ah Ks Qh Jd", 3326),
    ("As Ah 4s 3h 2d", 3545),
    ("2s 2h As Kh Qd", 5966),
    ("2s 2h 5s 4h 3d", 6185),
    ("As Kh Qs Js 9s", 6186),
    ("As 6h 5s 4s 3s", 6675),
    ("7s 5h 4s 3s 2s", 7462),
]


@pytest.mark.parametrize(("hand", "r"), ANCHORS)
def test_anchor_values(hand: str, r: int) -> None:  # HE-2.7
    assert holdem.evaluate(hand).rank_class == r


def test_describe_and_categories() -> None:
    assert holdem.evaluate("As Ks Qs Js Ts").describe() == "Royal flush"
    fh = holdem.evaluate("Js Jd Jh 9c 9d")
    assert fh.describe() == "Full house, Jacks over Nines"
    assert fh.category is Category.FULL_HOUSE and str(fh.category) == "Full house"
    # Every class has its own description (HE-2.6: 7462 classes).
    descriptions = {holdem.HandValue(s).describe() for s in range(1, holdem.NUM_CLASSES + 1)}
    assert len(descriptions) == holdem.NUM_CLASSES


def test_best_five() -> None:
    best = holdem.best_five("Ac Kc Qc 9c 2c 5c 7c")  # HE-8.7
    assert [str(c) for c in best] == ["Ac", "Kc", "Qc", "9c", "7c"]


def test_agrees_with_phevaluator_on_random_hands() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    rng = np.random.default_rng(11)
    for k in (5, 6, 7):
        hands = np.array([rng.choice(52, k, replace=False) for _ in range(3000)], dtype=np.uint8)
        ours = holdem.evaluate_batch(hands, threads=2)
        # phevaluator numbers cards 4*rank+suit with suits c, d, h, s: our layout.
        theirs = [phevaluator.evaluate_cards(*map(int, h)) for h in hands]
        assert list(7463 - ours.astype(int)) == theirs


def test_batch_masks_and_threads_agree() -> None:
    rng = np.random.default_rng(3)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(5000)], dtype=np.uint8)
    masks = np.array([sum(1 << int(c) for c in h) for h in hands], dtype=np.uint64)
    one = holdem.evaluate_batch(hands, threads=1)
    assert np.array_equal(one, holdem.evaluate_batch(hands, threads=0))
    assert np.array_equal(one, holdem.evaluate_batch(masks, threads=2))
    assert one.dtype == np.uint16


def test_batch_into_out_buffer() -> None:
    rng = np.random.default_rng(4)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(3001)], dtype=np.uint8)
    masks = np.array([sum(1 << int(c) for c in h) for h in hands], dtype=np.uint64)
    want = holdem.evaluate_batch(hands)
    out = np.zeros(len(hands), dtype=np.uint16)
    for source in (hands, masks):
        out[:] = 0
        got = holdem.evaluate_batch(source, threads=2, out=out)
        assert got is out
        assert np.array_equal(out, want)


@pytest.mark.parametrize(
    ("out", "needle"),
    [
        (np.zeros(3, dtype=np.uint16), "room for 3 strengths but there are 2 hands"),
        (np.zeros(2, dtype=np.int64), "uint16"),
        (np.zeros((2, 1), dtype=np.uint16), "shape"),
        ([0, 0], "uint16"),
        (np.zeros(4, dtype=np.uint16)[::2], "C-contiguous"),
    ],
)
def test_batch_out_buffer_errors(out: object, needle: str) -> None:
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]], dtype=np.uint8)
    with pytest.raises(cardavia.InvalidArgumentError, match=needle):
        holdem.evaluate_batch(hands, out=out)  # type: ignore[arg-type]


def test_batch_out_buffer_read_only_is_rejected() -> None:
    hands = np.array([[0, 1, 2, 3, 4]], dtype=np.uint8)
    out = np.zeros(1, dtype=np.uint16)
    out.flags.writeable = False
    with pytest.raises(cardavia.InvalidArgumentError, match="writable"):
        holdem.evaluate_batch(hands, out=out)


@pytest.mark.parametrize(
    ("cards", "needle"),
    [
        ("Ah Kh Qh Jh", "4"),
        ("Ah Kh Qh Jh Th 9h 8h 7h", "8"),
        ("Ah Kh Qh Jh SJ", "SJ"),
    ],
)
def test_evaluate_rejects_bad_hands(cards: str, needle: str) -> None:
    with pytest.raises(cardavia.CardaviaError, match=needle):
        holdem.evaluate(cards)


def test_evaluate_rejects_duplicates() -> None:
    with pytest.raises(cardavia.CardaviaError, match="Ah"):
        holdem.evaluate(["Ah", "Kd", "Qs", "Jc", "Ah"])


def test_batch_rejects_bad_rows() -> None:
    bad = np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 60]], dtype=np.uint8)
    with pytest.raises(cardavia.CardaviaError, match="row 1"):
        holdem.evaluate_batch(bad)
    dup = np.array([[0, 1, 2, 3, 3]], dtype=np.uint8)
    with pytest.raises(cardavia.CardaviaError, match="row 0"):
        holdem.evaluate_batch(dup)
    with pytest.raises(cardavia.CardaviaError):
        holdem.evaluate_mask(0b1111)  # four cards


def test_exact_equity_aces_vs_kings() -> None:
    r = holdem.equity(["AhAs", "KdKc"])
    assert r.exact and r.trials == 1_712_304
    assert round(r.win[0] * 100, 3) == 81.065
    assert round(r.tie[0] * 100, 3) == 0.382
    assert r.equity[0] + r.equity[1] == pytest.approx(1.0)
    assert r.equity[0] == pytest.approx(r.win[0] + r.tie[0] / 2)


def test_monte_carlo_equity_is_seeded_and_close() -> None:
    a = holdem.equity(["AhAs", "KdKc"], samples=100_000, seed=9, threads=1)
    b = holdem.equity(["AhAs", "KdKc"], samples=100_000, seed=9, threads=2)
    assert a == b  # the seed decides, not the thread count
    assert not a.exact and a.trials == 100_000
    assert a.win[0] == pytest.approx(0.81065, abs=0.006)


def test_ranges_and_boards() -> None:
    assert len(holdem.range_combos("QQ+")) == 18
    assert len(holdem.range_combos("AKs")) == 4
    assert len(holdem.range_combos("KQo")) == 12
    assert len(holdem.range_combos("76s-54s")) == 12
    r = holdem.equity(["QQ+, AKs", "76s-54s"], board="2c 7d 9h", samples=20_000, seed=1)
    assert sum(r.equity) == pytest.approx(1.0)
    exact = holdem.equity(["AhAs", "KdKc", "7c8c"], board="2c 7d 9h")
    assert sum(exact.equity) == pytest.approx(1.0) and exact.trials == 43 * 42 // 2


@pytest.mark.parametrize(
    ("hands", "board", "needle"),
    [
        (["AhAs", "AhKd"], "", "Ah"),  # a card in two hands
        (["AhAs", "KdKc"], "As 2c 3d", "As"),  # a card in a hand and on the board
        (["AhAs"], "", "2"),  # too few players
        (["AhAs", ""], "", "empty"),  # an empty range
        (["AhAs", "KdKc"], "2c 3c 4c 5c 6c 7c", "6"),  # too many board cards
    ],
)
def test_equity_errors_name_the_problem(hands: list[str], board: str, needle: str) -> None:
    with pytest.raises(cardavia.CardaviaError, match=needle):
        holdem.equity(hands, board=board)


def test_too_many_players_for_the_deck() -> None:
    with pytest.raises(cardavia.CardaviaError):
        holdem.equity(["22+"] * 11)
