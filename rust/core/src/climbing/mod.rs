//! The climbing (shedding) games engine: one combination engine parameterised by a ruleset.
//!
//! * [`Ruleset`]: Dou Dizhu (rules/doudizhu.md), Zheng Shangyou (rules/zhengshangyou.md) and Red
//!   Ten (rules/red_ten.md); the seam for Five-Ten-King and Guandan is described in
//!   [`ruleset`].
//! * [`Combo`] / [`ComboKind`]: one interpretation of a set of cards, with a rule-notation
//!   `Display` (main part, then ` + ` and the attachments).
//! * [`classify()`]: every interpretation of a card set; [`legal_plays`]: every legal play from a
//!   hand, for a lead or against a top play; [`beats`]: the beating relation.
//! * [`ClimbTable`]: the card-play state machine shared by the games.
//! * [`playout()`] / [`playouts()`]: seeded random or greedy playouts, in parallel threads.
//!
//! Internally everything works on per-rank card counts in the game's own rank order (see
//! [`ruleset`]); cards are [`CardSet`](crate::cards::CardSet) bitboards (one pack).

pub mod classify;
pub mod combo;
pub mod generate;
pub mod guandan;
pub mod playout;
pub mod ruleset;
pub mod table;
mod view;

#[cfg(test)]
mod tests;

pub use classify::{classify, classify_with, PlayContext};
pub use combo::{beats, Combo, ComboKind};
pub use generate::{legal_plays, legal_plays_into, legal_plays_with};
pub use playout::{choose, playout, playout_seed, playouts, Outcome, Policy};
pub use ruleset::{Ruleset, RED_TENS, THREE_OF_HEARTS, TWO_OF_SPADES};
pub use table::{
    Action, ClimbTable, RuleViolation, TableEvent, TablePosition, TopPlay, MAX_PLAYERS,
};
