//! cardavia-core: the pure-Rust heart of cardavia.
//!
//! Nothing here knows about Python. Every module is usable and testable from Rust alone
//! (`cargo test -p cardavia-core`), and the Python bindings in `rust/python` only convert types.
//!
//! * [`cards`]: cards, the card index layout, notation, [`cards::CardSet`] and [`cards::CardBag`].
//! * [`betting`]: no-limit betting, Texas Hold'em hands and One Poker deals.
//! * [`rng`]: the seeded random number generator and shuffling used for every deal.
//! * [`tricks`]: the trick-taking kernel (trumps, trick play, playouts), bridge and smear.
//! * [`poker`]: Hold'em hand evaluation (rules/holdem.md HE-2) and equity.
//! * [`climbing`]: the climbing games' combination engine, table and playouts.
//! * [`search`]: what the AI shares: exactly uniform determinization of hidden cards.
//! * [`tractor`]: Tractor's trump model, shapes, follows, trick winner, table and playouts.

pub mod betting;
pub mod cards;
pub mod climbing;
pub mod deal;
pub mod error;
pub mod poker;
pub mod rng;
pub mod search;
pub mod tractor;
pub mod tricks;

pub use error::{CardError, Error, RuleViolation};
