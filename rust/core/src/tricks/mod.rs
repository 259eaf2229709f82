//! The trick-taking kernel, and bridge and smear on it.
//!
//! The kernel has two parts with a narrow seam between them, meant to be reused by Tractor:
//!
//! * [`TrumpRules`] (the trump/suit model): effective suits, trumps, the order of cards inside
//!   a suit and the trick winner — no trump, a trump suit (bridge, BR-4.6), or smear's trumps
//!   with the jick and two equal jokers of which the first played ranks higher (SM-2.4/2.5).
//! * [`TrickState`] (the trick state machine): hands, turn, follow-suit legality by effective
//!   suit, an optional forced card, completed tricks and captured cards, with `can_play`/`play`
//!   returning [`RuleViolation`](crate::error::RuleViolation)`{rule, message}`.
//!
//! Around them: [`playout`] (seeded playouts, many in parallel threads with results independent
//! of the thread count, and the rollout [`Policy`] names), [`deal`] (dealing hidden cards for
//! resampling, exactly uniformly through [`crate::search::HiddenCards`]), and the two games'
//! deal engines, [`bridge`] and [`smear`], each with its resampling, playouts and greedy
//! policy, and [`dds`], bridge's double-dummy solver.

pub mod bridge;
pub mod dds;
pub mod deal;
pub mod playout;
pub mod smear;
pub mod trick;
pub mod trump;

#[cfg(test)]
mod tests;

pub use deal::draw_hands;
pub use playout::{
    parallel_seeded, parallel_seeded_range, playout_seed, playouts, random_playout, Policy,
    TrickOutcome,
};
pub use trick::{RuleIds, TrickRecord, TrickState, MAX_SEATS};
pub use trump::{TrumpRules, NO_SUIT, SUIT_MASKS};
