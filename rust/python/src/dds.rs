//! Bindings of `cardavia_core::tricks::dds`, bridge's double-dummy solver
//! (`cardavia.games.bridge_dd` wraps these).
//!
//! Solving runs with the interpreter released; between the results of a table and between
//! the cards of a position the interpreter is re-entered briefly to check for signals, so that
//! Ctrl-C stops a long solve.

use crate::cards::{cards_from_any, cardset_from_any, PyCard};
use crate::convert::{Int, Usize};
use crate::errors::{invalid_argument, to_py};
use cardavia_core::cards::CardSet;
use cardavia_core::tricks::dds;
use pyo3::prelude::*;
use std::sync::Mutex;

/// Four hands (N E S W) from a sequence of card inputs.
fn four_hands(hands: &Bound<'_, PyAny>) -> PyResult<[CardSet; 4]> {
    let items: Vec<Bound<'_, PyAny>> = hands
        .try_iter()
        .map_err(|_| invalid_argument("hands must be a sequence of four hands (N, E, S, W)"))?
        .collect::<PyResult<_>>()?;
    if items.len() != 4 {
        return Err(invalid_argument(format!(
            "a deal has four hands (N, E, S, W), got {}",
            items.len()
        )));
    }
    let mut out = [CardSet::EMPTY; 4];
    for (hand, item) in out.iter_mut().zip(&items) {
        *hand = cardset_from_any(item)?;
    }
    Ok(out)
}

/// A signal check for use while the interpreter is released: re-enters it, and remembers the
/// first exception (KeyboardInterrupt...) so that the caller can raise it.
struct SignalCheck(Mutex<Option<PyErr>>);

impl SignalCheck {
    fn new() -> SignalCheck {
        SignalCheck(Mutex::new(None))
    }

    fn keep_going(&self) -> bool {
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => true,
            Err(e) => {
                if let Ok(mut slot) = self.0.lock() {
                    slot.get_or_insert(e);
                }
                false
            }
        }
    }

    /// The pending signal's exception if there was one, else `fallback`.
    fn into_error(self, fallback: PyErr) -> PyErr {
        self.0.into_inner().ok().flatten().unwrap_or(fallback)
    }
}

/// Tricks the side on lead takes with best play, `leader` (0-3, N E S W) on lead to a new
/// trick, `strain` 0-3 (trumps c d h s) or 4 (NT).
#[pyfunction]
pub fn bridge_dd_solve(
    py: Python<'_>,
    hands: &Bound<'_, PyAny>,
    strain: Int<u8>,
    leader: Int<Usize>,
) -> PyResult<u8> {
    let strain = strain.0;
    let leader = leader.0 .0;
    let hands = four_hands(hands)?;
    py.detach(|| dds::solve(&hands, strain, leader))
        .map_err(to_py)
}

/// The 20 double-dummy results, ``[declarer][strain]`` (declarers N E S W, strains C D H S
/// NT), declarer's left-hand opponent on lead; ``threads`` 0/1 = this thread, more = up to one
/// per strain (the same results).
#[pyfunction]
#[pyo3(signature = (hands, threads = Int(Usize(1))))]
pub fn bridge_dd_table(
    py: Python<'_>,
    hands: &Bound<'_, PyAny>,
    threads: Int<Usize>,
) -> PyResult<Vec<Vec<u8>>> {
    let threads = threads.0 .0;
    let hands = four_hands(hands)?;
    let check = SignalCheck::new();
    let result = py.detach(|| dds::dd_table_with(&hands, threads, &|| check.keep_going()));
    match result {
        Ok(table) => Ok(table.iter().map(|row| row.to_vec()).collect()),
        Err(e) => Err(check.into_error(to_py(e))),
    }
}

/// Every legal card of the hand to play with the tricks the side to play then takes from the
/// current trick on (tricks already completed not counted). ``hands`` are the cards still
/// held, ``trick_leader`` led the trick in progress and ``trick`` holds its 0-3 cards.
#[pyfunction]
pub fn bridge_dd_solve_position(
    py: Python<'_>,
    hands: &Bound<'_, PyAny>,
    strain: Int<u8>,
    trick_leader: Int<Usize>,
    trick: &Bound<'_, PyAny>,
) -> PyResult<Vec<(PyCard, u8)>> {
    let strain = strain.0;
    let trick_leader = trick_leader.0 .0;
    let hands = four_hands(hands)?;
    let trick = cards_from_any(trick)?;
    let check = SignalCheck::new();
    let result = py.detach(|| {
        dds::solve_position_with(&hands, strain, trick_leader, &trick, &|| check.keep_going())
    });
    match result {
        Ok(values) => Ok(values
            .into_iter()
            .map(|(card, tricks)| (PyCard(card), tricks))
            .collect()),
        Err(e) => Err(check.into_error(to_py(e))),
    }
}

/// Adds this module's functions to `cardavia._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bridge_dd_solve, m)?)?;
    m.add_function(wrap_pyfunction!(bridge_dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(bridge_dd_solve_position, m)?)?;
    Ok(())
}
