//! Bindings of `cardavia_core::search`: exactly uniform determinization of hidden cards.

use crate::convert::{Int, IntList};
use cardavia_core::rng::Rng;
use cardavia_core::search::HiddenCards;
use pyo3::prelude::*;

use crate::errors::{invalid_argument, to_py};

fn problem(need: &[u8], cards: &[u8], seats: &[u8]) -> PyResult<HiddenCards> {
    if cards.len() != seats.len() {
        return Err(invalid_argument(format!(
            "cards and seats must have the same length, got {} and {}",
            cards.len(),
            seats.len()
        )));
    }
    let mut p = HiddenCards::new(need).map_err(to_py)?;
    for (&c, &s) in cards.iter().zip(seats) {
        p.add(c, s);
    }
    Ok(p)
}

/// One exactly uniform deal of the unseen ``cards`` (card indices, repeated for copies) into
/// seats: ``seats[i]`` is the bit set of seats that may hold ``cards[i]`` and ``need[s]`` the
/// number of unseen cards seat ``s`` holds. Returns per seat the card indices it receives.
#[pyfunction]
pub fn determinize(
    py: Python<'_>,
    need: IntList<u8>,
    cards: IntList<u8>,
    seats: IntList<u8>,
    seed: Int<u64>,
) -> PyResult<Vec<Vec<u32>>> {
    let seed = seed.0;
    let p = problem(&need, &cards, &seats)?;
    let hands = py.detach(|| p.sample(&mut Rng::new(seed))).map_err(to_py)?;
    Ok(hands
        .into_iter()
        .map(|hand| hand.into_iter().map(u32::from).collect())
        .collect())
}

/// The number of labelled deals :func:`determinize` chooses among (a float: 0 if none).
#[pyfunction]
pub fn count_deals(need: IntList<u8>, cards: IntList<u8>, seats: IntList<u8>) -> PyResult<f64> {
    Ok(problem(&need, &cards, &seats)?.count())
}
