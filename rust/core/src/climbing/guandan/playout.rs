//! Seeded playouts of Guandan card play to the end of the deal (jiefeng included, GD-8.10),
//! alone or on several threads, for search and simulation.
//!
//! Policies ([`Policy`], shared with the climbing engine):
//!
//! * `Random`: uniform over the legal moves of [`GdTable::legal_plays_into`] plus `Pass` when it
//!   is legal; one [`Rng::below`] draw per action.
//! * `Greedy`: no random draws. A move that empties the hand if there is one; leading, the
//!   non-bomb move with the most cards, ties to the lowest scale, then generation order (a bomb
//!   only when nothing else is left); following, the non-bomb beating move with the lowest scale,
//!   and a pass rather than a bomb, unless the top move is the partner's, which is always passed.
//!
//! Playout `i` of [`playouts`] uses `Rng::new(playout_seed(seed, i))` whatever the thread count,
//! so the outcomes depend only on `(table, n, policy, seed)`.

use super::combo::GdCombo;
use super::table::{partner, GdTable, SEATS};
use crate::climbing::{playout_seed, Policy};
use crate::rng::Rng;

/// The end of a playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GdOutcome {
    /// The finishing order, 1st to 4th (GD-9.1).
    pub order: [u8; SEATS],
    /// Actions (plays and passes) taken in the playout.
    pub actions: u32,
}

impl GdOutcome {
    /// Promotion of the winning team (GD-9.3): 3, 2 or 1 by its partner's place.
    pub fn promotion(&self) -> u8 {
        let first = self.order[0] as usize;
        let place = self
            .order
            .iter()
            .position(|&s| s as usize == partner(first))
            .expect("the partner has a place");
        4 - place as u8
    }
    /// The winning team (0 = seats 0 and 2, 1 = seats 1 and 3).
    pub fn winning_team(&self) -> u8 {
        self.order[0] % 2
    }
}

/// Chooses the next action of the player to move (`None` = pass).
pub fn choose(
    policy: Policy,
    table: &GdTable,
    plays: &[GdCombo],
    pass_allowed: bool,
    rng: &mut Rng,
) -> Option<GdCombo> {
    match policy {
        Policy::Random => {
            let n = plays.len() as u64 + pass_allowed as u64;
            plays.get(rng.below(n) as usize).copied()
        }
        Policy::Greedy => greedy(table, plays, pass_allowed),
    }
}

fn greedy(table: &GdTable, plays: &[GdCombo], pass_allowed: bool) -> Option<GdCombo> {
    let player = table.current_player()?;
    let hand_len = table.hand(player).len();
    if let Some(out) = plays.iter().find(|c| c.len() == hand_len) {
        return Some(*out);
    }
    let top = table.top();
    if let Some((_, last)) = top {
        if *last == partner(player) && pass_allowed {
            return None;
        }
    }
    let leading = top.is_none();
    let mut best: Option<&GdCombo> = None;
    for c in plays.iter().filter(|c| !c.is_bomb()) {
        let better = match best {
            None => true,
            Some(b) if leading => {
                c.len() > b.len() || (c.len() == b.len() && c.scale() < b.scale())
            }
            Some(b) => c.scale() < b.scale(),
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
            .min_by_key(|c| (c.bomb_tier(), c.scale()))
            .copied();
    }
    None
}

pub(crate) fn playout_with_buffer(
    table: &mut GdTable,
    policy: Policy,
    rng: &mut Rng,
    plays: &mut Vec<GdCombo>,
) -> GdOutcome {
    table.set_record_history(false);
    let mut actions = 0u32;
    while !table.is_over() {
        let pass_allowed = table.legal_plays_into(plays);
        let choice = choose(policy, table, plays, pass_allowed, rng);
        table.apply_unchecked(choice);
        actions += 1;
    }
    let full = table.full_order().expect("the deal is over");
    GdOutcome {
        order: full.map(|s| s as u8),
        actions,
    }
}

/// Plays `table` to the end of the deal with `policy` (history recording switched off).
pub fn playout(table: &mut GdTable, policy: Policy, rng: &mut Rng) -> GdOutcome {
    let mut plays = Vec::with_capacity(1024);
    playout_with_buffer(table, policy, rng, &mut plays)
}

/// `n` playouts from `table` (left unchanged), playout `i` seeded by
/// [`playout_seed`]`(seed, i)`, on `threads` threads (0 or 1: the calling thread). The outcomes
/// are in index order and do not depend on `threads`.
pub fn playouts(
    table: &GdTable,
    n: usize,
    policy: Policy,
    seed: u64,
    threads: usize,
) -> Vec<GdOutcome> {
    let run_range = |start: usize, out: &mut [GdOutcome]| {
        let mut plays = Vec::with_capacity(1024);
        let mut base = table.clone();
        base.set_record_history(false);
        base.clear_history();
        for (k, slot) in out.iter_mut().enumerate() {
            let mut t = base.clone();
            let mut rng = Rng::new(playout_seed(seed, (start + k) as u64));
            *slot = playout_with_buffer(&mut t, policy, &mut rng, &mut plays);
        }
    };
    let mut results = vec![
        GdOutcome {
            order: [0; SEATS],
            actions: 0
        };
        n
    ];
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
