//! cardavia-core: the pure-Rust heart of cardavia.
//!
//! Nothing here knows about Python. Every module is usable and testable from Rust alone
//! (`cargo test -p cardavia-core`), and the Python bindings in `rust/python` only convert types.
//!
//! * [`cards`]: cards, the card index layout, notation, [`cards::CardSet`] and [`cards::CardBag`].
//! * [`rng`]: the seeded random number generator and shuffling used for every deal.
//! * [`poker`]: Hold'em hand evaluation (rules/holdem.md HE-2) and equity.

pub mod cards;
pub mod climbing;
pub mod deal;
pub mod error;
pub mod poker;
pub mod rng;

pub use error::{CardError, Error};
