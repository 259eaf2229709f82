//! Tractor (Sheng Ji / 升级 / 拖拉机) card play: rules/tractor.md (ids `TR-x.y`).
//!
//! * [`Trump`] (TR-2): level rank, trump suit or no-trump, effective suits ([`TRUMP`] = 4 for
//!   all trumps) and positions, i.e. the trump order BJ > SJ > trump-suit level card > other
//!   level cards (equal) > trump suit, with the gaps around the level rank closed.
//! * [`shape_of`] (TR-4.2, TR-4.5): single, pair, tractor(k) or none; [`legal_leads`],
//!   [`lead_violation`] (TR-4.3); [`follow_violation`], [`legal_follows`], [`count_follows`],
//!   [`for_each_follow`] and the compact generator [`follow_next_kinds`] (TR-4.4);
//!   [`trick_winner`] (TR-4.6 – TR-4.8); [`points`] (TR-2.11).
//! * [`TractorTable`]: the state machine from the kitty exchange to the last trick, with whole
//!   plays or card-by-card steps.
//! * [`playout()`], [`playouts`], [`deal_playout`]: seeded random playouts, in parallel threads
//!   with results independent of the thread count.
//!
//! Cards are [`CardBag`](crate::cards::CardBag) multisets (two packs: each card kind 0, 1 or 2
//! times). The module is self-contained; the trump model (a per-card effective suit and order)
//! is the seam where a plain trick-taking kernel can share code with it.

pub mod playout;
pub mod rules;
pub mod table;
pub mod trump;

#[cfg(test)]
mod tests;

pub use playout::{
    deal, deal_playout, kitty_trump_suit, playout, playouts, random_step, random_steps, Outcome,
    END_STEP,
};
pub use rules::{
    common_suit, count_follows, follow_next_kinds, follow_violation, for_each_follow,
    for_each_lead, is_contender, lead_extendable, lead_next_kinds, lead_violation, legal_follows,
    legal_leads, points, shape_of, trick_winner, RuleViolation, Shape,
};
pub use table::{Phase, TractorTable, TrickRecord, HAND_SIZE, KITTY_SIZE};
pub use trump::{Trump, TRUMP};
