//! Playouts: play a [`ClimbTable`] to the end with a simple seeded policy, alone or in parallel.
//!
//! # Policies
//!
//! * [`Policy::Random`]: uniform over the legal actions of [`ClimbTable::legal_plays_into`], with
//!   `Pass` counted as one more action when it is legal. One draw of [`Rng::below`] per action.
//! * [`Policy::Greedy`]: deterministic apart from the table (no random draws):
//!   - if some play empties the hand, make it (the first such play in generation order);
//!   - leading: the non-bomb play with the most cards, ties to the lowest key, then to the first
//!     generated; a bomb only if the hand holds nothing else;
//!   - following: the non-bomb beating play with the lowest key, ties to the most cards; if only
//!     bombs beat, the lowest bomb when passing is illegal (Zheng Shangyou's duty, ZSY-6.3),
//!     else pass.
//!
//! # Seeds of parallel batches
//!
//! Playout `i` of [`playouts`] uses `Rng::new(playout_seed(seed, i))` whatever the number of
//! threads, so the results depend only on `(table, n, policy, seed)`: threads take contiguous
//! chunks of the indices and the outcomes come back in index order.

use super::combo::Combo;
use super::table::{ClimbTable, MAX_PLAYERS};
use crate::cards::CardSet;
use crate::rng::Rng;

/// How playouts choose actions (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    Random,
    Greedy,
}

/// The end of a playout: what settlement needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub num_players: u8,
    /// Finished seats, first finisher first (`finish_order[..num_finished]`).
    pub finish_order: [u8; MAX_PLAYERS],
    pub num_finished: u8,
    /// Cards left in each hand.
    pub hands: [CardSet; MAX_PLAYERS],
    /// Plays (not passes) each seat made during the whole deal (DDZ-7.2/7.3, ZSY-7.5 `d_p`).
    pub plays_made: [u32; MAX_PLAYERS],
    /// Bombs (rocket included) each seat played during the whole deal (DDZ-7.1).
    pub bombs_played: [u32; MAX_PLAYERS],
    /// Tricks each seat won with a response bomb (ZSY-7.2–7.4).
    pub response_bomb_tricks: [u32; MAX_PLAYERS],
    /// Actions (plays and passes) taken in this playout.
    pub actions: u32,
}

impl Outcome {
    /// Reads the outcome of a finished (or unfinished) table.
    pub fn of(table: &ClimbTable, actions: u32) -> Outcome {
        let n = table.num_players();
        let mut out = Outcome {
            num_players: n as u8,
            finish_order: [0; MAX_PLAYERS],
            num_finished: table.finish_order().len() as u8,
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            plays_made: [0; MAX_PLAYERS],
            bombs_played: [0; MAX_PLAYERS],
            response_bomb_tricks: [0; MAX_PLAYERS],
            actions,
        };
        for (k, &seat) in table.finish_order().iter().enumerate() {
            out.finish_order[k] = seat as u8;
        }
        for seat in 0..n {
            out.hands[seat] = table.hand(seat);
            out.plays_made[seat] = table.plays_made(seat);
            out.bombs_played[seat] = table.bombs_played(seat);
            out.response_bomb_tricks[seat] = table.response_bomb_tricks(seat);
        }
        out
    }

    /// Finished seats in order.
    pub fn finish_order(&self) -> &[u8] {
        &self.finish_order[..self.num_finished as usize]
    }

    /// The first finisher.
    pub fn winner(&self) -> Option<usize> {
        self.finish_order().first().map(|&s| s as usize)
    }

    /// Total bombs and rockets played by everyone (DDZ-7.1's count `k`).
    pub fn total_bombs(&self) -> u32 {
        self.bombs_played[..self.num_players as usize].iter().sum()
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

/// Chooses an action for the player to move: `Some(play)` or `None` for a pass. `plays` and
/// `pass_allowed` come from [`ClimbTable::legal_plays_into`].
pub fn choose(
    policy: Policy,
    table: &ClimbTable,
    plays: &[Combo],
    pass_allowed: bool,
    rng: &mut Rng,
) -> Option<Combo> {
    match policy {
        Policy::Random => {
            let n = plays.len() as u64 + pass_allowed as u64;
            let k = rng.below(n) as usize;
            plays.get(k).copied()
        }
        Policy::Greedy => greedy(table, plays, pass_allowed),
    }
}

fn greedy(table: &ClimbTable, plays: &[Combo], pass_allowed: bool) -> Option<Combo> {
    let player = table.current_player()?;
    let hand_len = table.hand(player).len();
    greedy_pick(
        table.ruleset(),
        plays,
        hand_len,
        table.top().is_none(),
        pass_allowed,
    )
}

/// The greedy policy (module documentation) on a list of legal plays: shared by the one-pack
/// tables and [`FtkTable`](super::FtkTable).
pub(crate) fn greedy_pick(
    ruleset: super::Ruleset,
    plays: &[Combo],
    hand_len: usize,
    leading: bool,
    pass_allowed: bool,
) -> Option<Combo> {
    if let Some(out) = plays.iter().find(|c| c.len() == hand_len) {
        return Some(*out);
    }
    let mut best: Option<&Combo> = None;
    for c in plays.iter().filter(|c| !c.is_bomb()) {
        let better = match best {
            None => true,
            Some(b) if leading => c.len() > b.len() || (c.len() == b.len() && c.rank() < b.rank()),
            Some(b) => c.rank() < b.rank() || (c.rank() == b.rank() && c.len() > b.len()),
        };
        if better {
            best = Some(c);
        }
    }
    if let Some(b) = best {
        return Some(*b);
    }
    if leading || !pass_allowed {
        return plays
            .iter()
            .min_by_key(|c| {
                (
                    ruleset.bomb_power(c).unwrap_or(0),
                    std::cmp::Reverse(c.len()),
                )
            })
            .copied();
    }
    None
}

/// Plays `table` to the end with `policy`, drawing from `rng`; returns the outcome. History
/// recording is switched off for the playout (and left off).
pub fn playout(table: &mut ClimbTable, policy: Policy, rng: &mut Rng) -> Outcome {
    let mut buffer = Vec::with_capacity(128);
    playout_with_buffer(table, policy, rng, &mut buffer)
}

fn playout_with_buffer(
    table: &mut ClimbTable,
    policy: Policy,
    rng: &mut Rng,
    plays: &mut Vec<Combo>,
) -> Outcome {
    table.set_record_history(false);
    let mut actions = 0u32;
    while !table.is_over() {
        let pass_allowed = table.legal_plays_into(plays);
        let choice = choose(policy, table, plays, pass_allowed, rng);
        table.apply_unchecked(choice);
        actions += 1;
    }
    Outcome::of(table, actions)
}

/// `n` playouts from `table` (left unchanged) with `policy`, playout `i` seeded by
/// [`playout_seed`]`(seed, i)`, run on `threads` threads (`0` or `1`: the calling thread). The
/// outcomes are in index order and do not depend on `threads`.
pub fn playouts(
    table: &ClimbTable,
    n: usize,
    policy: Policy,
    seed: u64,
    threads: usize,
) -> Vec<Outcome> {
    let run_range = |start: usize, out: &mut [Outcome]| {
        let mut plays = Vec::with_capacity(128);
        let mut base = table.clone();
        base.set_record_history(false);
        base.clear_history();
        for (k, slot) in out.iter_mut().enumerate() {
            let mut t = base.clone();
            let mut rng = Rng::new(playout_seed(seed, (start + k) as u64));
            *slot = playout_with_buffer(&mut t, policy, &mut rng, &mut plays);
        }
    };
    let placeholder = Outcome::of(table, 0);
    let mut results = vec![placeholder; n];
    let threads = threads.max(1).min(n.max(1));
    if threads == 1 {
        run_range(0, &mut results);
        return results;
    }
    let chunk = n.div_ceil(threads);
    std::thread::scope(|scope| {
        for (k, part) in results.chunks_mut(chunk).enumerate() {
            let run_range = &run_range;
            scope.spawn(move || run_range(k * chunk, part));
        }
    });
    results
}
