//! What every AI shares in Rust: exactly uniform determinization of hidden cards
//! ([`determinize`]); the games' rollout policies live beside their tables.

pub mod determinize;

pub use determinize::{sample_many_with, sample_with, HiddenCards};
