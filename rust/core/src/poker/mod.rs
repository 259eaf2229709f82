//! Texas Hold'em: hand evaluation (rules/holdem.md HE-2) and equity.
//!
//! * [`eval`]: strengths of 5-7 card hands (`7463 - r`, HE-2.6), categories, descriptions,
//!   best five cards, batch evaluation.
//! * [`range`]: hand ranges in the usual notation (`QQ+`, `AKs`, `76s-54s`, `AhKd`).
//! * [`mod@equity`]: exact and Monte Carlo all-in equity of 2-10 ranges.

pub mod equity;
pub mod eval;
pub mod range;
#[cfg(target_arch = "x86_64")]
mod simd;

pub use equity::{equity, EquityJob, EquityResult};
pub use eval::{
    best_five, category, check_mask, describe, evaluate7, evaluate_batch_indices,
    evaluate_batch_masks, evaluate_cards, evaluate_indices, evaluate_mask, rank_class, Category,
    NUM_CLASSES,
};
pub use range::{parse_range, Range};

#[cfg(test)]
mod tests;
