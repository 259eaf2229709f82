//! Bindings of `cardavia_core::poker`: Hold'em evaluation and equity.

use crate::cards::{cards_from_any, cardset_from_any, PyCard};
use crate::convert::{array_description, int_arg, int_in, opt_int_arg, text_arg, Usize};
use crate::errors::{invalid_argument, to_py};
use cardavia_core::poker;
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use std::time::{Duration, Instant};

/// Strength (7463 − r, higher is better) of 5–7 cards given as a 64-bit mask over the card index
/// layout (bit `4*rank+suit`). The fastest single-hand entry point.
#[pyfunction]
pub fn evaluate_mask(mask: &Bound<'_, PyAny>) -> PyResult<u16> {
    let mask: u64 = int_arg(mask, "mask")?;
    poker::check_mask(mask).map_err(to_py)?;
    Ok(poker::evaluate_mask(mask))
}

/// Strength of 5–7 cards given as text, Cards, a CardSet or an iterable.
#[pyfunction]
pub fn evaluate_cards(cards: &Bound<'_, PyAny>) -> PyResult<u16> {
    let cards = cards_from_any(cards)?;
    poker::evaluate_cards(&cards).map_err(to_py)
}

/// One best 5-card hand among 5–7 cards, highest rank first.
#[pyfunction]
pub fn best_five(cards: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
    let cards = cards_from_any(cards)?;
    let best = poker::best_five(&cards).map_err(to_py)?;
    Ok(best.into_iter().map(PyCard).collect())
}

fn strength_arg(strength: &Bound<'_, PyAny>) -> PyResult<u16> {
    int_in(strength, "strength", 1, poker::NUM_CLASSES)
}

/// Category number (1 = high card … 9 = straight flush) of a strength.
#[pyfunction]
pub fn category_of(strength: &Bound<'_, PyAny>) -> PyResult<u8> {
    Ok(poker::category(strength_arg(strength)?) as u8)
}

/// Readable description of a strength, e.g. "Full house, Jacks over Nines".
#[pyfunction]
pub fn describe_strength(strength: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(poker::describe(strength_arg(strength)?))
}

/// Strengths of many hands: a (N, k) uint8 array of card indices (k = 5, 6, 7) or a (N,) uint64
/// array of masks, in any memory layout (C or Fortran order, strided or reversed views: a
/// layout other than C order is copied once). The interpreter is released while Rust works;
/// `threads` 0 = all cores. `out`, if given, is a writable (N,) uint16 array that receives the
/// strengths (and is returned), so that a loop can reuse one buffer instead of allocating per
/// call; it must be C-contiguous (a strided view is refused rather than written through).
#[pyfunction]
#[pyo3(signature = (hands, threads = None, out = None))]
pub fn evaluate_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let threads = opt_int_arg::<Usize>(threads, "threads")?.map_or(1, |t| t.0);
    let out = match out {
        Some(o) if !o.is_none() => Some(o.cast::<PyArray1<u16>>().map_err(|_| {
            invalid_argument(format!(
                "out must be a numpy uint16 array of shape (N,), got {}",
                array_description(o)
            ))
        })?),
        _ => None,
    };
    if let Ok(indices) = hands.extract::<PyReadonlyArray2<'py, u8>>() {
        let shape = indices.shape();
        let (n, k) = (shape[0], shape[1]);
        // A C-contiguous array is read in place; any other layout (Fortran order, strides,
        // negative strides) is copied once into C order. (`as_slice` alone would also accept a
        // Fortran-ordered array and read it in memory order, column after column.)
        let owned;
        let data = match indices.as_slice() {
            Ok(s) if indices.is_c_contiguous() => s,
            _ => {
                owned = indices.as_array().as_standard_layout().into_owned();
                owned
                    .as_slice()
                    .ok_or_else(|| invalid_argument("could not read the card index array"))?
            }
        };
        return write_strengths(py, n, out, |dest| {
            poker::evaluate_batch_indices(data, k, dest, threads)
        });
    }
    if let Ok(masks) = hands.extract::<PyReadonlyArray1<'py, u64>>() {
        let owned;
        let data = match masks.as_slice() {
            Ok(s) => s,
            Err(_) => {
                owned = masks.as_array().to_vec();
                &owned
            }
        };
        return write_strengths(py, data.len(), out, |dest| {
            poker::evaluate_batch_masks(data, dest, threads)
        });
    }
    Err(invalid_argument(format!(
        "evaluate_batch expects a numpy uint8 array of shape (N, 5|6|7) with card indices, \
         or a uint64 array of shape (N,) with card masks, got {}",
        array_description(hands)
    )))
}

/// Runs `fill` (with the interpreter released) into `out`, or into a new array of `n` strengths.
fn write_strengths<'py>(
    py: Python<'py>,
    n: usize,
    out: Option<&Bound<'py, PyArray1<u16>>>,
    fill: impl FnOnce(&mut [u16]) -> Result<(), cardavia_core::Error> + Send,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let Some(out) = out else {
        // A new, uninitialised array: filling it is the first write, which saves zeroing it
        // (about 3 % of a million-hand batch).
        // SAFETY: `u16` has no invalid bit patterns and no drop; `fill` writes every element
        // before the array is returned, and on an error the array is dropped unread.
        let strengths = unsafe { PyArray1::<u16>::new(py, n, false) };
        {
            // SAFETY: the array is new, contiguous and not shared with any other reference.
            let dest = unsafe { strengths.as_slice_mut() }
                .map_err(|_| invalid_argument("could not write the new strength array"))?;
            py.detach(|| fill(dest)).map_err(to_py)?;
        }
        return Ok(strengths);
    };
    {
        let mut view = out.try_readwrite().map_err(|e| {
            invalid_argument(format!(
                "out must be a writable array not shared with hands ({e})"
            ))
        })?;
        if view.len() != n {
            return Err(invalid_argument(format!(
                "out has room for {} strengths but there are {n} hands",
                view.len()
            )));
        }
        let dest = view.as_slice_mut().map_err(|_| {
            invalid_argument("out must be a C-contiguous uint16 array of shape (N,)")
        })?;
        py.detach(|| fill(dest)).map_err(to_py)?;
    }
    Ok(out.clone())
}

/// The combos of a holding or range text, as (Card, Card) pairs.
#[pyfunction]
pub fn range_combos(text: &Bound<'_, PyAny>) -> PyResult<Vec<(PyCard, PyCard)>> {
    let range = poker::parse_range(&text_arg(text, "range")?).map_err(to_py)?;
    Ok(range
        .combos()
        .iter()
        .map(|&(a, b)| (PyCard(a), PyCard(b)))
        .collect())
}

/// Time one batch of equity work units should take: short enough for Ctrl-C and progress to
/// answer promptly, long enough that starting the threads of a batch costs nothing.
const BATCH_TIME: Duration = Duration::from_millis(100);

/// The next batch size, scaled so that a batch takes about [`BATCH_TIME`] (units differ in
/// size, so the scale is bounded: at most 8 times larger, at least a quarter, at least 1).
fn next_batch(batch: u64, took: Duration) -> u64 {
    let scale = (BATCH_TIME.as_secs_f64() / took.as_secs_f64().max(1e-6)).clamp(0.25, 8.0);
    ((batch as f64 * scale) as u64).max(1)
}

/// Equity of 2–10 holdings or ranges. Returns (equity, win, tie, trials, exact).
///
/// The work runs in batches of units ([`poker::EquityJob`]), each with the interpreter
/// released; between batches the signal handlers run (Ctrl-C raises KeyboardInterrupt) and
/// `progress`, if given, is called with the fraction done. The result does not depend on the
/// batches.
#[pyfunction]
#[pyo3(signature = (hands, board, dead, samples, seed, threads, progress = None))]
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
pub fn equity(
    py: Python<'_>,
    hands: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
    dead: &Bound<'_, PyAny>,
    samples: Option<&Bound<'_, PyAny>>,
    seed: &Bound<'_, PyAny>,
    threads: &Bound<'_, PyAny>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Vec<f64>, Vec<f64>, Vec<f64>, u64, bool)> {
    let samples = match samples {
        Some(s) if !s.is_none() => Some(int_in::<u64>(s, "samples", 1, u64::MAX)?),
        _ => None,
    };
    let seed: u64 = int_arg(seed, "seed")?;
    let Usize(threads) = int_arg(threads, "threads")?;
    let mut ranges = Vec::new();
    for (i, text) in hands.try_iter()?.enumerate() {
        let text = text?;
        let what = format!("player {i}");
        let range = poker::parse_range(&text_arg(&text, &what)?)
            .map_err(|e| invalid_argument(format!("{what}: {e}")))?;
        ranges.push(range);
    }
    let board = cardset_from_any(board)?;
    let dead = cardset_from_any(dead)?;
    let progress = progress.filter(|p| !p.is_none());
    let mut job = poker::EquityJob::new(&ranges, board, dead, samples, seed).map_err(to_py)?;
    // Start with one unit per thread and grow towards BATCH_TIME.
    let mut batch = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    } as u64;
    while !job.is_finished() {
        let started = Instant::now();
        py.detach(|| job.run(batch, threads)).map_err(to_py)?;
        let took = started.elapsed();
        py.check_signals()?;
        if let Some(callback) = progress {
            callback.call1((job.progress(),))?;
        }
        batch = next_batch(batch, took);
    }
    let r = job.result().expect("every unit ran");
    Ok((r.equity, r.win, r.tie, r.trials, r.exact))
}
