//! Guandan (掼蛋) card play on two packs with a level rank and wild cards
//! (rules/guandan.md, ids `GD-x.y`).
//!
//! # Why a separate module
//!
//! The shared climbing engine ([`Ruleset`](crate::climbing::Ruleset), [`Combo`](crate::climbing::Combo),
//! [`ClimbTable`](crate::climbing::ClimbTable)) works on one pack ([`CardSet`](crate::cards::CardSet))
//! and reads every card set in at most one way. Guandan needs two packs
//! ([`CardBag`](crate::cards::CardBag)), a level rank that moves in the group order but not in
//! sequences (GD-2.4, GD-2.5), and wild cards that give one card set several readings (GD-6).
//! While the shared engine is being generalised to two packs (for Five-Ten-King), Guandan lives
//! here, self-contained, with the same API shape so that it can be folded into the shared
//! `Ruleset` later:
//!
//! | climbing engine | here |
//! |---|---|
//! | `classify(ruleset, cards)` | [`classify`]`(cards, level)`: every interpretation, GD-6.7 order |
//! | `legal_plays(ruleset, hand, to_beat)` | [`legal_plays`]`(hand, level, to_beat)` |
//! | `beats(ruleset, a, b)` | [`beats`]`(a, b)` (a move knows its level) |
//! | `Combo` / `ComboKind` | [`GdCombo`] / [`GdKind`] (plus what each wild card stands for) |
//! | `ClimbTable` (`can_*` / do, [`RuleViolation`](crate::climbing::RuleViolation)) | [`GdTable`] |
//! | `playout` / `playouts` ([`Policy`](crate::climbing::Policy), `playout_seed`) | [`playout`] / [`playouts`] |
//!
//! # Representation
//!
//! Ranks are numbered as in [`cards`](crate::cards) (0..=12 for 2..A, 13 `SJ`, 14 `BJ`); the level
//! rank is such a number (0..=12). A move's key is its main rank for the group types and its top
//! sequence value (5..=14, ace high 14, ace low 1) for the sequence types. The wild card of a
//! level `L` is the heart of rank `L` (both copies). Moves are `(cards, type, key)` triples
//! (GD-6.3): equality ignores which card a wild card was taken to represent, and legal-move
//! generation lists each distinct triple once, the two copies of a code never making two moves
//! (GD-6.5). [`GdCombo::action_index`] maps every move into one fixed index space (for
//! reinforcement learning).
//!
//! Tribute, return, levels and the match are phases around card play and live in Python
//! (`cardavia.guandan`); this module is the hot part: classification, generation, the table and
//! playouts.

pub mod combo;
pub mod generate;
#[cfg(test)]
mod generate_reference;
pub mod phases;
pub mod playout;
pub mod resample;
pub mod table;

#[cfg(test)]
mod tests;

pub use combo::{
    beats, group_value, parse_rank, rank_text, seq_rank, wild_card, GdCombo, GdKind,
    ACTION_INDEX_SIZE, BJ_RANK, SJ_RANK,
};
pub use generate::{classify, default_reading, is_valid, legal_plays, legal_plays_into};
pub use playout::{choose, playout, playouts, GdOutcome};
pub use table::{partner, GdEvent, GdPosition, GdTable, SEATS};

use crate::cards::{Card, CardBag};
use crate::deal::shuffled_deck;
use crate::rng::Rng;

/// A uniformly shuffled deal of the 108 cards, 27 to each seat (GD-3.3), from `rng`: the deck
/// of [`shuffled_deck`] (two packs with jokers), card `k` to seat `k mod 4`.
pub fn deal(rng: &mut Rng) -> [CardBag; SEATS] {
    let deck: Vec<Card> = shuffled_deck(2, true, rng);
    let mut hands = [CardBag::EMPTY; SEATS];
    for (k, c) in deck.into_iter().enumerate() {
        hands[k % SEATS].insert(c);
    }
    hands
}
