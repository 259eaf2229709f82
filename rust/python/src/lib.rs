//! `cardavia._core`: the PyO3 bindings of cardavia-core.
//!
//! This crate holds no game logic: it converts types, maps core errors onto the Python exception
//! hierarchy (`cardavia.errors`) and releases the interpreter (`py.detach`) around long work.

mod betting;
mod cards;
mod climbing;
mod convert;
mod dds;
mod errors;
mod five_ten_king;
mod guandan;
mod poker;
mod poker_search;
mod search;
mod tractor;
mod tricks;

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
    climbing::register(m)?;
    m.add_class::<tricks::PyBridgeDeal>()?;
    m.add_class::<tricks::PySmearDeal>()?;
    m.add_function(wrap_pyfunction!(tricks::bridge_score, m)?)?;
    m.add_function(wrap_pyfunction!(tricks::bridge_call_text, m)?)?;
    m.add_function(wrap_pyfunction!(tricks::bridge_call_id, m)?)?;
    m.add_function(wrap_pyfunction!(tricks::bridge_simulate, m)?)?;
    m.add_function(wrap_pyfunction!(tricks::smear_simulate, m)?)?;
    m.add_function(wrap_pyfunction!(tricks::smear_points, m)?)?;
    m.add_function(wrap_pyfunction!(tricks::smear_rule_action, m)?)?;
    m.add_function(wrap_pyfunction!(tricks::smear_estimate, m)?)?;
    m.add_function(wrap_pyfunction!(tricks::trick_winner, m)?)?;
    m.add_function(wrap_pyfunction!(poker::evaluate_mask, m)?)?;
    m.add_function(wrap_pyfunction!(poker::evaluate_cards, m)?)?;
    m.add_function(wrap_pyfunction!(poker::best_five, m)?)?;
    m.add_function(wrap_pyfunction!(poker::category_of, m)?)?;
    m.add_function(wrap_pyfunction!(poker::describe_strength, m)?)?;
    m.add_function(wrap_pyfunction!(poker::evaluate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(poker::range_combos, m)?)?;
    m.add_function(wrap_pyfunction!(poker::equity, m)?)?;
    m.add_class::<betting::PyHoldemHand>()?;
    m.add_class::<betting::PyOnePokerDeal>()?;
    m.add_function(wrap_pyfunction!(betting::holdem_next_button, m)?)?;
    m.add_function(wrap_pyfunction!(betting::holdem_blind_seats, m)?)?;
    m.add_function(wrap_pyfunction!(betting::holdem_showdown_strength, m)?)?;
    m.add_function(wrap_pyfunction!(betting::holdem_simulate, m)?)?;
    m.add_function(wrap_pyfunction!(betting::one_poker_compare, m)?)?;
    m.add_function(wrap_pyfunction!(betting::one_poker_simulate, m)?)?;
    m.add_function(wrap_pyfunction!(poker_search::one_poker_cfr_depth, m)?)?;
    m.add_function(wrap_pyfunction!(poker_search::one_poker_cfr_lock, m)?)?;
    m.add_function(wrap_pyfunction!(poker_search::one_poker_cfr_bet, m)?)?;
    m.add_function(wrap_pyfunction!(
        poker_search::one_poker_cfr_against_blind,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(
        poker_search::one_poker_cfr_exploitability,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(poker_search::holdem_combo_index, m)?)?;
    m.add_function(wrap_pyfunction!(poker_search::holdem_hand_strengths, m)?)?;
    m.add_function(wrap_pyfunction!(poker_search::holdem_narrow_ranges, m)?)?;
    m.add_function(wrap_pyfunction!(poker_search::holdem_search_values, m)?)?;
    m.add_class::<five_ten_king::PyFtkTable>()?;
    m.add_class::<five_ten_king::PyFtkGame>()?;
    m.add_function(wrap_pyfunction!(five_ten_king::ftk_num_actions, m)?)?;
    m.add_function(wrap_pyfunction!(five_ten_king::ftk_describe_action, m)?)?;
    m.add_function(wrap_pyfunction!(five_ten_king::ftk_classify, m)?)?;
    m.add_function(wrap_pyfunction!(five_ten_king::ftk_legal_plays, m)?)?;
    m.add_function(wrap_pyfunction!(five_ten_king::ftk_call_violation, m)?)?;
    m.add_function(wrap_pyfunction!(five_ten_king::ftk_band, m)?)?;
    m.add_function(wrap_pyfunction!(five_ten_king::ftk_points, m)?)?;
    m.add_class::<tractor::PyTrump>()?;
    m.add_class::<tractor::PyTractorTable>()?;
    m.add_function(wrap_pyfunction!(tractor::tractor_shape, m)?)?;
    m.add_function(wrap_pyfunction!(tractor::tractor_legal_leads, m)?)?;
    m.add_function(wrap_pyfunction!(tractor::tractor_legal_follows, m)?)?;
    m.add_function(wrap_pyfunction!(tractor::tractor_count_follows, m)?)?;
    m.add_function(wrap_pyfunction!(tractor::tractor_follow_next, m)?)?;
    m.add_function(wrap_pyfunction!(tractor::tractor_lead_violation, m)?)?;
    m.add_function(wrap_pyfunction!(tractor::tractor_follow_violation, m)?)?;
    m.add_function(wrap_pyfunction!(tractor::tractor_trick_winner, m)?)?;
    m.add_function(wrap_pyfunction!(tractor::tractor_points, m)?)?;
    m.add_class::<guandan::PyGuandanPlay>()?;
    m.add_class::<guandan::PyGuandanPlayList>()?;
    m.add_class::<guandan::PyGuandanTable>()?;
    m.add_function(wrap_pyfunction!(guandan::guandan_classify, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_legal_plays, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_beats, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_action_index_size, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_wild_card, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_return_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_return_choice, m)?)?;
    m.add_function(wrap_pyfunction!(guandan::guandan_resample, m)?)?;
    m.add_function(wrap_pyfunction!(search::determinize, m)?)?;
    m.add_function(wrap_pyfunction!(search::count_deals, m)?)?;
    dds::register(m)?;
    Ok(())
}
