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
//! * [`Declaring`]: the declaration phase (TR-3.5 – TR-3.10), for playouts from before trump.
//! * [`playout()`], [`playouts`], [`returns_into`], [`deal_playout`]: seeded playouts from any
//!   decision point under the random or the greedy policy ([`policy`]), settled (TR-5.4), in
//!   parallel threads with results independent of the thread count.
//! * [`whole_plays`]: the candidate whole plays of the player to act, narrowed when huge.
//! * [`resample_table`], [`resample_declaring`]: uniform determinization of a player's view.
//!
//! Cards are [`CardBag`](crate::cards::CardBag) multisets (two packs: each card kind 0, 1 or 2
//! times). The module is self-contained; the trump model (a per-card effective suit and order)
//! is the seam where a plain trick-taking kernel can share code with it.

pub mod declare;
pub mod playout;
pub mod plays;
pub mod policy;
pub mod resample;
pub mod rules;
pub mod table;
pub mod trump;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_search;

pub use declare::{
    declaration_cards, declaration_strength, declaration_suit, Declaring, DECLARATION_KINDS,
};
pub use playout::{
    deal, deal_playout, declaring_playout, finish_declaring, kitty_trump_suit, playout,
    playout_with, playouts, policy_step, random_step, random_steps, returns_into,
    returns_margins_into, values_into, Outcome, Policy, Start, END_STEP,
};
pub use plays::{beating_follows, can_beat, cheapest_follow, keep_value, whole_plays};
pub use policy::{greedy_bury, greedy_call, greedy_follow, greedy_lead, greedy_play, greedy_step};
pub use resample::{resample_declaring, resample_table, Knowledge, Redeal};
pub use rules::{
    common_suit, count_follows, follow_next_kinds, follow_violation, for_each_follow,
    for_each_lead, is_contender, lead_can_grow, lead_extendable, lead_next_kinds, lead_violation,
    legal_follows, legal_leads, points, shape_of, trick_winner, RuleViolation, Shape,
};
pub use table::{Phase, TractorTable, TrickRecord, HAND_SIZE, KITTY_SIZE};
pub use trump::{Trump, TRUMP};
