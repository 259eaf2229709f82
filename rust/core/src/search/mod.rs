//! What every AI shares in Rust: exactly uniform determinization of hidden cards
//! ([`determinize`]); the games' rollout policies live beside their tables. The poker games'
//! search: Hold'em ranges and candidate values ([`holdem`]), One Poker's equilibrium by CFR+
//! ([`cfr`]).

pub mod cfr;
pub mod determinize;
pub mod holdem;

pub use determinize::{sample_many_with, sample_with, HiddenCards};
