//! `cardavia._core`: the PyO3 bindings of cardavia-core.
//!
//! This crate holds no game logic: it converts types, maps core errors onto the Python exception
//! hierarchy (`cardavia.errors`) and releases the interpreter (`py.detach`) around long work.

mod cards;
mod climbing;
mod errors;
mod guandan;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<cards::Rank>()?;
    m.add_class::<cards::Suit>()?;
    m.add_class::<cards::PyCard>()?;
    m.add_class::<cards::PyCardSet>()?;
    m.add_class::<cards::PyCardBag>()?;
    m.add_function(wrap_pyfunction!(cards::parse_cards_text, m)?)?;
    m.add_function(wrap_pyfunction!(cards::deal_cards, m)?)?;
    m.add_class::<cards::PyRng>()?;
    m.add_class::<climbing::PyPlay>()?;
    m.add_class::<climbing::PyClimbTable>()?;
    m.add_function(wrap_pyfunction!(climbing::climb_classify, m)?)?;
    m.add_function(wrap_pyfunction!(climbing::climb_legal_plays, m)?)?;
    m.add_function(wrap_pyfunction!(climbing::climb_beats, m)?)?;
    m.add_class::<guandan::PyGuandanPlay>()?;
    m.add_class::<guandan::PyGuandanPlayList>()?;
    m.add_class::<guandan::PyGuandanTable>()?;
    m.add_function(wrap_pyfunction!(guandan::guandan_classify, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_legal_plays, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_beats, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_action_index_size, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_wild_card, m)?)?;
    Ok(())
}
