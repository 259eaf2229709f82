//! Seeded playouts of trick play, alone or many in parallel threads, and the rollout
//! [`Policy`] names the games' `playout_returns` take.
//!
//! The random policy picks uniformly among [`TrickState::legal_cards`] with one
//! [`Rng::below`] draw per card. Playout `i` of a batch seeded by `seed` uses
//! `Rng::new(playout_seed(seed, i))`; threads take contiguous chunks of the indices and results
//! come back in index order, so a batch depends only on its inputs, never on the thread count
//! (nor on how a caller splits it into ranges with [`parallel_seeded_range`]).

use super::trick::{TrickState, MAX_SEATS};
use crate::cards::{Card, CardSet};
use crate::error::{invalid, Error};
use crate::rng::Rng;

/// How a playout chooses: uniformly among the legal actions, or by the game's greedy rules
/// (documented with each game's policy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    Random,
    Greedy,
}

impl Policy {
    /// `"random"` or `"greedy"`.
    pub fn parse(text: &str) -> Result<Policy, Error> {
        match text {
            "random" => Ok(Policy::Random),
            "greedy" => Ok(Policy::Greedy),
            _ => Err(invalid(format!(
                "policy must be \"random\" or \"greedy\", got {text:?}"
            ))),
        }
    }
}

/// The seed of playout `index` in a batch seeded by `seed` (SplitMix64 of the pair).
pub fn playout_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A uniformly random card of a non-empty set (one draw).
#[inline]
pub fn random_card(set: CardSet, rng: &mut Rng) -> Card {
    let k = rng.below(set.len() as u64) as usize;
    set.iter().nth(k).expect("k < len")
}

/// What a finished playout leaves: tricks and cards won per seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrickOutcome {
    pub tricks_won: [u8; MAX_SEATS],
    pub captured: [CardSet; MAX_SEATS],
}

impl TrickOutcome {
    pub fn of(state: &TrickState) -> TrickOutcome {
        let mut out = TrickOutcome {
            tricks_won: [0; MAX_SEATS],
            captured: [CardSet::EMPTY; MAX_SEATS],
        };
        for seat in 0..state.num_seats() {
            out.tricks_won[seat] = state.tricks_won(seat);
            out.captured[seat] = state.captured(seat);
        }
        out
    }
}

/// Plays `state` to its end with uniformly random legal cards.
pub fn random_playout(state: &mut TrickState, rng: &mut Rng) -> TrickOutcome {
    while !state.is_over() {
        let card = random_card(state.legal_cards(), rng);
        state.play_unchecked(card);
    }
    TrickOutcome::of(state)
}

/// `f(i, rng_i)` for `i in 0..n` with `rng_i = Rng::new(playout_seed(seed, i))`, on `threads`
/// threads (0 or 1: the calling thread); results in index order, independent of `threads`.
pub fn parallel_seeded<T, F>(n: usize, seed: u64, threads: usize, f: F) -> Vec<T>
where
    T: Send,
    F: Fn(usize, &mut Rng) -> T + Sync,
{
    parallel_seeded_range(0, n, seed, threads, f)
}

/// [`parallel_seeded`] for the indices `first..first + n` only: a batch split into ranges gives
/// the same results as in one piece (callers check for interrupts between ranges).
pub fn parallel_seeded_range<T, F>(
    first: usize,
    n: usize,
    seed: u64,
    threads: usize,
    f: F,
) -> Vec<T>
where
    T: Send,
    F: Fn(usize, &mut Rng) -> T + Sync,
{
    let run = |start: usize, len: usize| -> Vec<T> {
        (start..start + len)
            .map(|i| f(i, &mut Rng::new(playout_seed(seed, i as u64))))
            .collect()
    };
    let threads = threads.max(1).min(n.max(1));
    if threads == 1 {
        return run(first, n);
    }
    let chunk = n.div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let start = (k * chunk).min(n);
                let len = chunk.min(n - start);
                let run = &run;
                scope.spawn(move || run(first + start, len))
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("playout thread panicked"))
            .collect()
    })
}

/// `n` random playouts from `state` (left unchanged), playout `i` seeded by
/// [`playout_seed`]`(seed, i)`, on `threads` threads. Outcomes in index order.
pub fn playouts(state: &TrickState, n: usize, seed: u64, threads: usize) -> Vec<TrickOutcome> {
    parallel_seeded(n, seed, threads, |_, rng| {
        let mut s = state.clone();
        random_playout(&mut s, rng)
    })
}
