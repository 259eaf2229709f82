//! The climbing (shedding) games engine: one combination engine parameterised by a ruleset.
//!
//! * [`Ruleset`]: Dou Dizhu (rules/doudizhu.md), Zheng Shangyou (rules/zhengshangyou.md), Red
//!   Ten (rules/red_ten.md) and Five-Ten-King (rules/five_ten_king.md, two packs); the seam for
//!   Guandan is described in [`ruleset`].
//! * [`Combo`] / [`ComboKind`]: one interpretation of a set of cards, with a rule-notation
//!   `Display` (main part, then ` + ` and the attachments).
//! * [`classify()`]: every interpretation of a card set; [`legal_plays`]: every legal play from a
//!   hand, for a lead or against a top play; [`beats`]: the beating relation.
//! * [`ClimbTable`]: the card-play state machine shared by the one-pack games;
//!   [`FtkTable`]: Five-Ten-King's card play on two packs (the same trick flow, plus trick
//!   points, the hidden partner call and its two deal ends), with its playouts
//!   ([`ftk_playouts`]).
//! * [`classify_bag`] / [`legal_plays_bag`]: the same on two-pack [`CardBag`](crate::cards::CardBag)s.
//! * [`playout()`] / [`playouts()`]: seeded random or greedy playouts, in parallel threads.
//! * [`actions`]: the fixed action-id space of the one-pack games; [`deals`]: the phases
//!   before card play (Dou Dizhu auction, Red Ten lighting), settlement and playouts of whole
//!   deals to settled payoffs; [`resample`]: exactly uniform determinization of each game.
//!
//! Internally everything works on per-rank card counts in the game's own rank order (see
//! [`ruleset`]); cards are [`CardSet`](crate::cards::CardSet) bitboards (one pack).

pub mod actions;
pub mod classify;
pub mod combo;
pub mod ddz_rule;
pub mod deals;
mod ftk_combos;
pub mod ftk_table;
pub mod generate;
pub mod guandan;
pub mod playout;
pub mod resample;
pub mod ruleset;
pub mod table;
mod view;
pub mod zsy_rule;

#[cfg(test)]
mod tests;

pub use classify::{classify, classify_bag, classify_with, PlayContext};
pub use combo::{beats, Combo, ComboKind};
pub use ftk_table::{
    band, ftk_playout, ftk_playouts, points, Call, DealEnd, EndKind, FtkEvent, FtkOutcome,
    FtkSettlement, FtkTable, FTK_PLAYERS, TOTAL_POINTS,
};
pub use generate::{
    legal_plays, legal_plays_bag, legal_plays_bag_into, legal_plays_into, legal_plays_with,
};
pub use playout::{choose, playout, playout_seed, playouts, Outcome, Policy};
pub use ruleset::{Ruleset, RED_TENS, THREE_OF_HEARTS, TWO_OF_SPADES};
pub use table::{
    Action, ClimbTable, IdError, RuleViolation, TableEvent, TablePosition, TopPlay, MAX_PLAYERS,
};
