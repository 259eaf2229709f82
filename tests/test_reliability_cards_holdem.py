"""Bad input, array layouts, huge counts and Ctrl-C for cards and Hold'em evaluation/equity.

Regression tests of issue 18 (points 1, 2, 9 and 12 for ``cardavia.cards`` and
``cardavia.holdem``): every layout of a numpy array is read correctly, a count that cannot be
allocated is refused, an integer out of range, a float, a bool or a lone surrogate raises the
library's error naming the value, and a long equity stops on Ctrl-C.
"""

from __future__ import annotations

import contextlib
import os
import pty
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import cardavia
from cardavia import Card, CardBag, CardSet, _core, holdem
from cardavia.cli import main

# ---------------------------------------------------------------------------------------------
# Point 1: evaluate_batch reads any array layout as its logical rows.
# ---------------------------------------------------------------------------------------------


def _hands(k: int, n: int = 257, seed: int = 5) -> np.ndarray:
    rng = np.random.default_rng(seed + k)
    return np.array([rng.choice(52, k, replace=False) for _ in range(n)], dtype=np.uint8)


def _layouts(h: np.ndarray) -> list[tuple[str, np.ndarray, np.ndarray]]:
    """(name, array in some layout, the C-contiguous array with the same logical rows)."""
    n, k = h.shape
    wide = np.zeros((n, k + 5), dtype=np.uint8)
    wide[:, 2 : 2 + k] = h
    tall = np.zeros((2 * n, k), dtype=np.uint8)
    tall[::2] = h
    return [
        ("fortran", np.asfortranarray(h), h),
        ("transposed twice", h.T.copy().T, h),
        ("reversed rows", h[::-1], np.ascontiguousarray(h[::-1])),
        ("reversed columns", h[:, ::-1], np.ascontiguousarray(h[:, ::-1])),
        ("reversed both", h[::-1, ::-1], np.ascontiguousarray(h[::-1, ::-1])),
        ("every other row", h[::2], np.ascontiguousarray(h[::2])),
        ("row slice", h[3:200:7], np.ascontiguousarray(h[3:200:7])),
        ("column window", wide[:, 2 : 2 + k], h),
        ("strided rows of a taller array", tall[::2], h),
        ("fortran slice", np.asfortranarray(h)[10:50], np.ascontiguousarray(h[10:50])),
        ("broadcast row", np.broadcast_to(h[0], (9, k)), np.repeat(h[:1], 9, axis=0)),
        ("int64 fortran", np.asfortranarray(h.astype(np.int64)), h),
        ("int16 reversed", h.astype(np.int16)[::-1], np.ascontiguousarray(h[::-1])),
    ]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_every_layout_matches_c_order(k: int) -> None:
    h = _hands(k)
    for name, arr, c_order in _layouts(h):
        assert c_order.flags.c_contiguous
        want = holdem.evaluate_batch(c_order)
        for threads in (1, 2):
            got = holdem.evaluate_batch(arr, threads=threads)
            assert np.array_equal(got, want), (name, threads)
        out = np.zeros(len(want), dtype=np.uint16)
        assert np.array_equal(holdem.evaluate_batch(arr, out=out), want), name


def test_batch_issue_example_fortran_order() -> None:
    h = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]], np.uint8)
    assert list(holdem.evaluate_batch(np.asfortranarray(h))) == [7297, 7154]


def test_batch_masks_every_layout_matches() -> None:
    h = _hands(7)
    masks = np.array([sum(1 << int(c) for c in row) for row in h], dtype=np.uint64)
    want = holdem.evaluate_batch(masks)
    assert np.array_equal(want, holdem.evaluate_batch(h))
    two = np.zeros((len(masks), 2), dtype=np.uint64)
    two[:, 0] = masks
    for name, arr, expect in [
        ("reversed", masks[::-1], want[::-1]),
        ("every third", masks[::3], want[::3]),
        ("column of a 2-D array", two[:, 0], want),
        ("broadcast", np.broadcast_to(masks[:1], (6,)), np.repeat(want[:1], 6)),
        ("int64 reversed", masks.astype(np.int64)[::-1], want[::-1]),
    ]:
        assert np.array_equal(holdem.evaluate_batch(arr, threads=2), expect), name


def test_batch_errors_name_the_logical_row_in_any_layout() -> None:
    h = _hands(7, n=6)
    h[4, 3] = h[4, 5]  # row 4 holds a card twice
    for arr in (h, np.asfortranarray(h), h[:, ::-1]):
        with pytest.raises(cardavia.InvalidArgumentError, match="row 4: card .* appears twice"):
            holdem.evaluate_batch(arr)
    with pytest.raises(cardavia.InvalidArgumentError, match="row 1: card .* appears twice"):
        holdem.evaluate_batch(h[::-1])


def test_batch_error_names_the_first_bad_row_of_either_kind() -> None:
    # A repeated card in row 0 came second to the out-of-range index in row 1 (found by the
    # eval_batch fuzz target).
    bad = np.array([[0, 0, 1, 2, 3], [0, 1, 2, 3, 60]], dtype=np.uint8)
    with pytest.raises(cardavia.InvalidArgumentError, match="row 0: card 2c appears twice"):
        holdem.evaluate_batch(bad)
    with pytest.raises(cardavia.InvalidArgumentError, match="row 0: card index 60"):
        holdem.evaluate_batch(bad[::-1])


@pytest.mark.parametrize(
    ("hands", "needle"),
    [
        (np.array([[0, 1, 2, 3, 51.7]]), "card indices must be integers, got a float64 array"),
        (np.array([[0, 1, 2, 3, np.nan]]), "float64"),
        (np.array([[0, 1, 2, 3, 4]], dtype=np.float32), "float32"),
        (np.ones((1, 5), dtype=bool), "bool"),
        (np.array([[0, 1, 2, 3, 2**70]], dtype=object), "object"),
        (np.array([[0, 1, 2, 3, -4]]), "row 0: card index -4 is out of range"),
        (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 300]]), "row 1: card index 300 is out of range"),
        (np.array([31.0, 7.0]), "card masks must be integers, got a float64 array"),
        (np.array([31, -1]), "row 1: card mask -1 is negative"),
        (np.zeros((1, 1, 5), dtype=np.uint8), "1- or 2-dimensional"),
    ],
)
def test_batch_refuses_what_it_would_have_to_guess(hands: Any, needle: str) -> None:
    with pytest.raises(cardavia.InvalidArgumentError, match=needle):
        holdem.evaluate_batch(hands)


def test_core_batch_errors_say_what_was_given() -> None:
    with pytest.raises(cardavia.InvalidArgumentError, match="got a float64 array of shape"):
        _core.evaluate_batch(np.zeros((2, 5)))
    with pytest.raises(cardavia.InvalidArgumentError, match="out must be .* got a int64 array"):
        _core.evaluate_batch(_hands(5, 2), 1, np.zeros(2, dtype=np.int64))
    with pytest.raises(cardavia.InvalidArgumentError, match="threads must be an integer"):
        _core.evaluate_batch(_hands(5, 2), 2**64)


# ---------------------------------------------------------------------------------------------
# Point 2: a count that cannot be allocated is refused.
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "per_hand", "needle"),
    [
        (10**9, 0, "cannot deal 1000000000 hands from 52 cards"),
        (10**9, None, "cannot deal 1000000000 hands from 52 cards"),
        (53, 0, "cannot deal 53 hands from 52 cards"),
        (2**64 - 1, 0, "cannot deal 18446744073709551615 hands"),
        (2**70, 0, "hands must be an integer from 0 to 2\\*\\*64 - 1, got 1180591620717411303424"),
        (4, 2**64, "cards_per_hand must be an integer"),
    ],
)
def test_deal_refuses_huge_counts(hands: int, per_hand: int | None, needle: str) -> None:
    with pytest.raises(cardavia.InvalidArgumentError, match=needle):
        cardavia.deal(hands, per_hand, seed=1)


def test_deal_up_to_one_hand_per_card() -> None:
    d = cardavia.deal(52, 0, seed=1)
    assert len(d.hands) == 52 and len(d.leftover) == 52
    d = cardavia.deal(108, packs=2, jokers=True, seed=1)
    assert all(len(h) == 1 for h in d.hands)


# ---------------------------------------------------------------------------------------------
# Point 9: integers out of range, floats, bools and lone surrogates.
# ---------------------------------------------------------------------------------------------

Call = Callable[[], object]

INVALID_ARGUMENTS: list[tuple[str, Call, str]] = [
    ("from_index huge", lambda: Card.from_index(2**70), "from 0 to 53, got 1180591620717411303424"),
    ("from_index -1", lambda: Card.from_index(-1), "card index must be an integer from 0 to 53"),
    ("from_index 54", lambda: Card.from_index(54), "got 54"),
    ("from_index float", lambda: Card.from_index(51.7), "got the float 51.7"),  # type: ignore[arg-type]
    ("from_index nan", lambda: Card.from_index(float("nan")), "float nan"),  # type: ignore[arg-type]
    ("from_index bool", lambda: Card.from_index(True), "got the bool True"),
    ("from_index text", lambda: Card.from_index("5"), "got the str '5'"),  # type: ignore[arg-type]
    ("from_index giant", lambda: Card.from_index(10**5000), "an integer of 16610 bits"),
    ("from_mask -1", lambda: CardSet.from_mask(-1), "from 0 to 2\\*\\*64 - 1, got -1"),
    ("from_mask 2**64", lambda: CardSet.from_mask(2**64), "got 18446744073709551616"),
    ("from_mask bit 54", lambda: CardSet.from_mask(1 << 54), "bits above 53"),
    ("from_mask float", lambda: CardSet.from_mask(3.0), "float 3.0"),  # type: ignore[arg-type]
    ("from_array float", lambda: CardSet.from_array(np.zeros(54)), "got a float64 array"),  # type: ignore[arg-type]
    ("from_array list", lambda: CardSet.from_array([0] * 54), "got a list"),  # type: ignore[arg-type]
    ("from_array 2-D", lambda: CardSet.from_array(np.zeros((6, 9), np.uint8)), "shape \\(6, 9\\)"),
    ("from_array short", lambda: CardSet.from_array(np.zeros(53, np.uint8)), "54 counts, got 53"),
    ("from_array -1", lambda: CardSet.from_array(np.full(54, -1)), "count -1 for card 2c"),
    ("from_array 2", lambda: CardSet.from_array(np.full(54, 2)), "count 2 for card 2c"),
    (
        "from_array huge",
        lambda: CardSet.from_array(np.full(54, 2**63 + 1, np.uint64)),
        "count 9223372036854775809",
    ),
    ("bag from_array float", lambda: CardBag.from_array(np.ones(54)), "got a float64 array"),  # type: ignore[arg-type]
    ("bag from_array 3", lambda: CardBag.from_array(np.full(54, 3)), "count 3 for card 2c"),
    ("bag from_array -1", lambda: CardBag.from_array(np.full(54, -1, np.int8)), "count -1"),
    ("evaluate_mask 2**64", lambda: holdem.evaluate_mask(2**64), "mask must be an integer"),
    ("evaluate_mask -1", lambda: holdem.evaluate_mask(-1), "got -1"),
    ("evaluate_mask float", lambda: holdem.evaluate_mask(31.0), "float 31.0"),  # type: ignore[arg-type]
    ("category_of 70000", lambda: _core.category_of(70000), "strength must be an integer from 1"),
    ("describe 0", lambda: _core.describe_strength(0), "from 1 to 7462, got 0"),
    (
        "equity samples",
        lambda: holdem.equity(["AA", "KK"], samples=2**70),
        "samples must be an integer from 1 to 2\\*\\*64 - 1",
    ),
    (
        "equity threads",
        lambda: holdem.equity(["AA", "KK"], samples=10, threads=2**64),
        "threads must be an integer",
    ),
    ("core equity seed", lambda: _core.equity(["AA", "KK"], "", "", 10, -1, 1), "seed must be"),
    ("deal seed", lambda: _core.deal_cards(4, None, 1, False, 2**64), "seed must be an integer"),
    ("deal packs", lambda: _core.deal_cards(4, None, 2**9, False, 1), "packs must be an integer"),
    ("rng seed", lambda: _core.Rng(-5), "seed must be an integer from 0 to 2\\*\\*64 - 1, got -5"),
    ("rng below 0", lambda: _core.Rng(1).below(0), "n must be an integer from 1"),
    ("rng below huge", lambda: _core.Rng(1).below(2**64), "got 18446744073709551616"),
    ("rng shuffled int", lambda: _core.Rng(1).shuffled(5), "iterable of items, got int"),  # type: ignore[arg-type]
    ("rng shuffled str", lambda: _core.Rng(1).shuffled("abc"), "got str"),  # type: ignore[arg-type]
    ("parse_cards int", lambda: cardavia.parse_cards(5), "card text must be a str, got int"),  # type: ignore[arg-type]
    ("Card int", lambda: Card(5), "expected a Card or the text of one card, got int"),  # type: ignore[arg-type]
    ("range int", lambda: holdem.range_combos(5), "range must be text"),  # type: ignore[arg-type]
    ("range surrogate", lambda: holdem.range_combos("AK\udc80"), "character 2 is the lone"),
    (
        "equity surrogate",
        lambda: holdem.equity(["AA", "K\ud800"]),
        "player 1: character 1 is the lone surrogate",
    ),
]


@pytest.mark.parametrize(
    ("call", "needle"), [c[1:] for c in INVALID_ARGUMENTS], ids=[c[0] for c in INVALID_ARGUMENTS]
)
def test_bad_numbers_and_text_raise_invalid_argument(call: Call, needle: str) -> None:
    with pytest.raises(cardavia.InvalidArgumentError, match=needle):
        call()


SURROGATE_CARDS: list[tuple[str, Call, str, int]] = [
    ("Card", lambda: Card("\ud800"), "\\ud800", 0),
    ("CardSet", lambda: CardSet("Ah \ud800"), "\\ud800", 3),
    ("CardBag", lambda: CardBag("Ah Ah \udfff"), "\\udfff", 6),
    ("parse_cards", lambda: cardavia.parse_cards("Kd\udc00"), "\\udc00", 2),
    ("iterable", lambda: CardSet(["Ah", "Kd\ud800"]), "\\ud800", 2),
    ("contains", lambda: "\ud800" in CardSet("Ah"), "\\ud800", 0),
    ("bag count", lambda: CardBag("Ah").count("A\ud800"), "\\ud800", 1),
    ("evaluate", lambda: holdem.evaluate("Ah Kh Qh Jh T\ud800"), "\\ud800", 13),
    ("board", lambda: holdem.equity(["AA", "KK"], board="2c \ud800"), "\\ud800", 3),
    ("dead", lambda: holdem.equity(["AA", "KK"], dead="\ud800"), "\\ud800", 0),
    ("union", lambda: CardSet("Ah") | "\ud800", "\\ud800", 0),
]


@pytest.mark.parametrize(
    ("call", "token", "position"),
    [c[1:] for c in SURROGATE_CARDS],
    ids=[c[0] for c in SURROGATE_CARDS],
)
def test_lone_surrogate_in_card_text_is_an_invalid_card(
    call: Call, token: str, position: int
) -> None:
    with pytest.raises(cardavia.InvalidCardError, match="lone surrogate") as info:
        call()
    assert (info.value.token, info.value.position) == (token, position)


def test_integer_like_arguments_still_work() -> None:
    assert Card.from_index(np.int64(51)) == Card("As")
    assert Card.from_index(np.uint8(0)) == Card("2c")
    assert CardSet.from_mask(np.uint64(3)) == CardSet("2c 2d")
    quads = CardSet("Ks Ac Ad Ah As")
    assert holdem.evaluate_mask(np.uint64(quads.mask)) == holdem.evaluate(quads).strength
    counts = CardSet("Ah 2c").to_array()
    for dtype in (np.uint8, np.int64, np.uint64, np.int8, bool):
        assert CardSet.from_array(counts.astype(dtype)) == CardSet("Ah 2c")
        assert CardBag.from_array(counts.astype(dtype)) == CardBag("Ah 2c")
    assert CardSet.from_array(counts[::-1][::-1]) == CardSet("Ah 2c")
    assert CardBag.from_array(np.full(54, 2, np.int32)) == CardBag.two_packs(jokers=True)
    assert _core.Rng(2**64 - 1).below(2**64 - 1) < 2**64 - 1
    items = list(range(20))
    assert _core.Rng(3).shuffled(items) == _core.Rng(3).shuffled(tuple(items))
    assert sorted(_core.Rng(3).shuffled(iter(items))) == items


# ---------------------------------------------------------------------------------------------
# Point 12: equity works in batches; the results are the ones computed before batching, and
# Ctrl-C stops a long computation.
# ---------------------------------------------------------------------------------------------

# Computed with cardavia before equity ran in batches (commit dff4503): trials, then per player
# the boards won alone, the boards shared, and the pot shares in units of 1/2520 of a pot.
PINNED = [
    (
        ["AhAs", "KdKc"],
        "",
        "",
        None,
        0,
        1712304,
        [1388072, 317694],
        [6538, 6538],
        [3506179320, 808826760],
    ),
    (
        ["AhAs", "KdKc", "7c8c"],
        "2c 7d 9h",
        "",
        None,
        0,
        903,
        [582, 79, 242],
        [0, 0, 0],
        [1466640, 199080, 609840],
    ),
    (
        ["QQ+, AKs", "76s-54s"],
        "2c 7d 9h",
        "",
        None,
        0,
        239580,
        [184860, 54720],
        [0, 0],
        [465847200, 137894400],
    ),
    (
        ["AA", "KK", "QQ", "JJ"],
        "2c 3d 4h",
        "",
        None,
        0,
        1062720,
        [786672, 86832, 81648, 76464],
        [31104, 31104, 31104, 31104],
        [2002008960, 238412160, 225348480, 212284800],
    ),
    (["22+", "AKs"], "2c 7d 9h Ts", "", None, 0, 10560, [9516, 1044], [0, 0], [23980320, 2630880]),
    (
        ["22+", "AKs", "random"],
        "2c 7d 9h Ts Js",
        "",
        None,
        0,
        205884,
        [122904, 0, 81060],
        [1920, 0, 1920],
        [312137280, 0, 206690400],
    ),
    (
        ["AKs", "QQ"],
        "",
        "5h",
        None,
        0,
        36814536,
        [17008779, 19657887],
        [147870, 147870],
        [43048439280, 49724191440],
    ),
    (
        ["QQ+, AKs", "76s-54s", "22+"],
        "2c 7d 9h",
        "",
        100000,
        1,
        100000,
        [50624, 16776, 31293],
        [1141, 166, 1307],
        [129010140, 42484680, 80505180],
    ),
    (
        ["AhAs", "KdKc"],
        "",
        "",
        100000,
        9,
        100000,
        [81042, 18552],
        [406, 406],
        [204737400, 47262600],
    ),
    (
        ["random", "random"],
        "",
        "",
        50000,
        3,
        50000,
        [23986, 23917],
        [2097, 2097],
        [63086940, 62913060],
    ),
    (
        ["AhAs", "KdKc", "random", "22+"],
        "Ts",
        "2c",
        30001,
        2**64 - 1,
        30001,
        [17320, 4411, 3347, 4366],
        [444, 148, 218, 474],
        [44152290, 11248650, 8655570, 11546010],
    ),
    (["AhKh", "QsQd"], "2h 3h", "", 4097, 12345, 4097, [2752, 1326], [19, 19], [6958980, 3365460]),
]


@pytest.mark.parametrize("case", PINNED, ids=[" vs ".join(c[0]) for c in PINNED])
def test_equity_in_batches_gives_the_results_of_before(case: Any) -> None:
    hands, board, dead, samples, seed, trials, won, tied, shares = case
    for threads in (1, 2):
        seen: list[float] = []
        r = holdem.equity(hands, board, dead, samples, seed, threads=threads, progress=seen.append)
        assert r.trials == trials and r.exact == (samples is None)
        assert list(r.win) == [w / trials for w in won]
        assert list(r.tie) == [t / trials for t in tied]
        assert list(r.equity) == [s / (trials * 2520.0) for s in shares]
        assert seen == sorted(seen) and seen[-1] == 1.0 and seen[0] > 0.0


def test_progress_rises_to_one_and_its_errors_propagate() -> None:
    seen: list[float] = []
    holdem.equity(["AKs", "QQ"], dead="5h", progress=seen.append, threads=1)
    assert len(seen) > 1 and seen == sorted(seen) and seen[-1] == 1.0

    def fail(done: float) -> None:
        raise RuntimeError(f"stop at {done}")

    with pytest.raises(RuntimeError, match="stop at"):
        holdem.equity(["AKs", "QQ"], progress=fail)
    with pytest.raises(cardavia.InvalidArgumentError, match="progress must be a callable"):
        holdem.equity(["AA", "KK"], progress=5)  # type: ignore[arg-type]


LONG_EQUITY = textwrap.dedent(
    """
    import faulthandler, signal
    from cardavia import holdem
    # If the child ever hangs, SIGUSR1 makes it print where it is (see the test).
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    print("ready", flush=True)
    holdem.equity({hands!r}, samples={samples!r}, seed=1, threads=1)
    print("finished", flush=True)
    """
)


@pytest.mark.parametrize(
    ("hands", "samples"),
    [(["AhAs", "KdKc"], 10**12), (["QQ+, AKs", "22+"], None)],
    ids=["monte carlo 10**12", "exact ranges"],
)
def test_ctrl_c_interrupts_a_long_equity(hands: list[str], samples: int | None) -> None:
    script = LONG_EQUITY.format(hands=hands, samples=samples)
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=1.0)  # one second into the computation
        proc.send_signal(signal.SIGINT)
        signalled = time.monotonic()
        # Without the checks between batches this would run for hours (Monte Carlo) or half a
        # minute (exact), deaf to the signal. The limit is generous because a loaded machine
        # (the whole suite beside other jobs) can starve the child for many seconds.
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGUSR1)  # ask the child for its Python stacks
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=5)
            proc.kill()
            out, err = proc.communicate()
            waited = time.monotonic() - signalled
            pytest.fail(f"no exit {waited:.0f} s after SIGINT; the child's stacks:\n{err}")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert "KeyboardInterrupt" in err, err
    assert "finished" not in out
    assert proc.returncode != 0


# ---------------------------------------------------------------------------------------------
# The CLI shows progress on a terminal only.
# ---------------------------------------------------------------------------------------------


def test_cli_equity_draws_no_progress_when_not_on_a_terminal() -> None:
    result = CliRunner().invoke(main, ["equity", "AhAs", "KdKc", "--samples", "400000"])
    assert result.exit_code == 0, result.output
    assert "showdowns (Monte Carlo)" in result.stdout
    assert "computing equity" not in result.output


def test_cli_equity_draws_progress_on_a_terminal() -> None:
    primary, secondary = pty.openpty()
    try:
        proc = subprocess.run(
            [sys.executable, "-c", "from cardavia.cli import main; main()"]
            + ["equity", "AhAs", "KdKc", "--samples", "2000000", "--seed", "1"],
            stdout=subprocess.PIPE,
            stderr=secondary,
            timeout=120,
            check=False,
        )
    finally:
        os.close(secondary)
    shown = b""
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(primary)
    assert proc.returncode == 0
    assert b"2,000,000 showdowns" in proc.stdout
    assert b"\rcomputing equity:" in shown and b"%" in shown
    assert shown.endswith(b"\r\x1b[K")  # the line is cleared at the end
