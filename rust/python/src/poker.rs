//! Bindings of `cardavia_core::poker`: Hold'em evaluation and equity.

use crate::cards::{cards_from_any, cardset_from_any, PyCard};
use crate::errors::{invalid_argument, to_py};
use cardavia_core::poker;
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

/// Strength (7463 − r, higher is better) of 5–7 cards given as a 64-bit mask over the card index
/// layout (bit `4*rank+suit`). The fastest single-hand entry point.
#[pyfunction]
pub fn evaluate_mask(mask: u64) -> PyResult<u16> {
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

fn check_strength(strength: u16) -> PyResult<()> {
    if (1..=poker::NUM_CLASSES).contains(&strength) {
        Ok(())
    } else {
        Err(invalid_argument(format!(
            "strength {strength} is not in 1..={}",
            poker::NUM_CLASSES
        )))
    }
}

/// Category number (1 = high card … 9 = straight flush) of a strength.
#[pyfunction]
pub fn category_of(strength: u16) -> PyResult<u8> {
    check_strength(strength)?;
    Ok(poker::category(strength) as u8)
}

/// Readable description of a strength, e.g. "Full house, Jacks over Nines".
#[pyfunction]
pub fn describe_strength(strength: u16) -> PyResult<String> {
    check_strength(strength)?;
    Ok(poker::describe(strength))
}

/// Strengths of many hands: a (N, k) uint8 array of card indices (k = 5, 6, 7) or a (N,) uint64
/// array of masks. The interpreter is released while Rust works; `threads` 0 = all cores.
/// `out`, if given, is a writable C-contiguous (N,) uint16 array that receives the strengths
/// (and is returned), so that a loop can reuse one buffer instead of allocating per call.
#[pyfunction]
#[pyo3(signature = (hands, threads = 1, out = None))]
pub fn evaluate_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    threads: usize,
    out: Option<Bound<'py, PyArray1<u16>>>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    if let Ok(indices) = hands.extract::<PyReadonlyArray2<'py, u8>>() {
        let shape = indices.shape();
        let (n, k) = (shape[0], shape[1]);
        // A C-contiguous array is read in place; anything else is copied once.
        let owned;
        let data = match indices.as_slice() {
            Ok(s) => s,
            Err(_) => {
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
    Err(invalid_argument(
        "evaluate_batch expects a numpy uint8 array of shape (N, 5|6|7) with card indices, \
         or a uint64 array of shape (N,) with card masks",
    ))
}

/// Runs `fill` (with the interpreter released) into `out`, or into a new array of `n` strengths.
fn write_strengths<'py>(
    py: Python<'py>,
    n: usize,
    out: Option<Bound<'py, PyArray1<u16>>>,
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
        let dest = view.as_slice_mut().map_err(|_| {
            invalid_argument("out must be a C-contiguous uint16 array of shape (N,)")
        })?;
        if dest.len() != n {
            return Err(invalid_argument(format!(
                "out has room for {} strengths but there are {n} hands",
                dest.len()
            )));
        }
        py.detach(|| fill(dest)).map_err(to_py)?;
    }
    Ok(out)
}

/// The combos of a holding or range text, as (Card, Card) pairs.
#[pyfunction]
pub fn range_combos(text: &str) -> PyResult<Vec<(PyCard, PyCard)>> {
    let range = poker::parse_range(text).map_err(to_py)?;
    Ok(range
        .combos()
        .iter()
        .map(|&(a, b)| (PyCard(a), PyCard(b)))
        .collect())
}

/// Equity of 2–10 holdings or ranges. Returns (equity, win, tie, trials, exact).
#[pyfunction]
#[pyo3(signature = (hands, board, dead, samples, seed, threads))]
#[allow(clippy::type_complexity)]
pub fn equity(
    py: Python<'_>,
    hands: Vec<String>,
    board: &Bound<'_, PyAny>,
    dead: &Bound<'_, PyAny>,
    samples: Option<u64>,
    seed: u64,
    threads: usize,
) -> PyResult<(Vec<f64>, Vec<f64>, Vec<f64>, u64, bool)> {
    let ranges = hands
        .iter()
        .enumerate()
        .map(|(i, text)| {
            poker::parse_range(text).map_err(|e| invalid_argument(format!("player {i}: {e}")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let board = cardset_from_any(board)?;
    let dead = cardset_from_any(dead)?;
    let r = py
        .detach(|| poker::equity(&ranges, board, dead, samples, seed, threads))
        .map_err(to_py)?;
    Ok((r.equity, r.win, r.tie, r.trials, r.exact))
}
