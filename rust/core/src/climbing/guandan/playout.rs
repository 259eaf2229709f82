//! Seeded playouts of Guandan card play to the end of the deal (jiefeng included, GD-8.10),
//! alone or on several threads, for search and simulation.
//!
//! Policies ([`Policy`], shared with the climbing engine):
//!
//! * `Random`: uniform over the legal moves of [`GdTable::legal_plays_into`] plus `Pass` when it
//!   is legal; one [`Rng::below`] draw per action.
//! * `Greedy`: no random draws. A move that empties the hand if there is one. Leading: the
//!   lowest natural group of the hand (by group value, GD-2.4; bombs aside) played whole and
//!   without a wild card — a triple with the lowest pair it leaves whole (a full house) or alone,
//!   a pair (or a pair run of whole pairs), a single (or a straight of lone cards); failing that
//!   the non-bomb move with the most cards, the lowest scale first, and a bomb only when nothing
//!   else is left. Following: the top move of the partner is always passed; otherwise the
//!   non-bomb beats in order of fewest wild cards then lowest scale: among the 8 cheapest the
//!   first that uses no wild card and splits no group (a rank of which it takes some but not
//!   all natural cards, a bomb counting 4); else the first that uses no wild card and splits
//!   at most one group, or splits no bomb while the top player holds 8 cards or fewer; else the
//!   weakest bomb against a top player with 6 cards or fewer; else a pass (a beat is always
//!   played when passing is not allowed).
//!
//! Playout `i` of [`playouts`] uses `Rng::new(playout_seed(seed, i))` whatever the thread count,
//! so the outcomes depend only on `(table, n, policy, seed)`.

use super::combo::{group_value, wild_card, GdCombo, GdKind};
use super::table::{partner, GdTable, SEATS};
use crate::cards::{Card, CardBag};
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

/// Natural (non-wild) copies of rank `rank` (0..=12, 13/14 jokers) in `bag`.
#[inline]
fn natural(bag: CardBag, rank: u8, wild: Card) -> u32 {
    let n = bag.rank_count(rank);
    if rank == wild.rank() && rank < 13 {
        n - bag.count(wild)
    } else {
        n
    }
}

/// How badly `cards` splits the groups of `hand`: for each rank it takes some but not all
/// natural copies of, 4 if the hand holds a bomb of it, else 1.
fn broken(hand: CardBag, cards: CardBag, wild: Card) -> u32 {
    let mut n = 0;
    for r in 0..15u8 {
        let used = natural(cards, r, wild);
        if used == 0 {
            continue;
        }
        let held = natural(hand, r, wild);
        if used < held {
            n += if held >= 4 && r < 13 { 4 } else { 1 };
        }
    }
    n
}

/// The greedy lead: the lowest natural group (by group value, bombs aside) played whole and
/// without a wild card — a triple with the lowest unbroken pair (a full house) or alone, a
/// pair, or a single; a lone lowest card that heads a straight of lone cards leads the
/// straight.
fn greedy_lead(hand: CardBag, level: u8, plays: &[GdCombo]) -> Option<GdCombo> {
    let wild = wild_card(level);
    let mut low: Option<(u8, u8, u32)> = None; // (group value, rank, count)
    for r in 0..15u8 {
        let c = natural(hand, r, wild);
        if c == 0 || (c >= 4 && r < 13) {
            continue;
        }
        let g = if r == 13 {
            16
        } else if r == 14 {
            17
        } else {
            group_value(r, level)
        };
        if low.is_none_or(|(lg, _, _)| g < lg) {
            low = Some((g, r, c));
        }
    }
    let (_, rank, count) = low?;
    let plain = |c: &&GdCombo| !c.is_bomb() && c.wild_count() == 0;
    let whole = |c: &GdCombo| natural(c.cards(), rank, wild) == count;
    let pick = |kind: GdKind| {
        plays
            .iter()
            .filter(plain)
            .filter(|c| c.kind() == kind && whole(c) && broken(hand, c.cards(), wild) == 0)
            .min_by_key(|c| (c.scale(), std::cmp::Reverse(c.len())))
            .copied()
    };
    match count {
        3 => pick(GdKind::FullHouse).or_else(|| pick(GdKind::Triple)),
        2 => pick(GdKind::PairRun).or_else(|| pick(GdKind::Pair)),
        _ => pick(GdKind::Straight).or_else(|| pick(GdKind::Single)),
    }
}

fn greedy(table: &GdTable, plays: &[GdCombo], pass_allowed: bool) -> Option<GdCombo> {
    let player = table.current_player()?;
    let hand = table.hand(player);
    let hand_len = hand.len();
    if let Some(out) = plays.iter().find(|c| c.len() == hand_len) {
        return Some(*out);
    }
    let wild = wild_card(table.level());
    let Some(&(_, last)) = table.top() else {
        if let Some(c) = greedy_lead(hand, table.level(), plays) {
            return Some(c);
        }
        let mut best: Option<&GdCombo> = None;
        for c in plays.iter().filter(|c| !c.is_bomb()) {
            let better = match best {
                None => true,
                Some(b) => c.len() > b.len() || (c.len() == b.len() && c.scale() < b.scale()),
            };
            if better {
                best = Some(c);
            }
        }
        return best.copied().or_else(|| {
            plays
                .iter()
                .min_by_key(|c| (c.bomb_tier(), c.scale()))
                .copied()
        });
    };
    if last == partner(player) && pass_allowed {
        return None;
    }
    let close = table.hand(last).len() <= 8;
    // The cheapest beats first; the split groups are counted only until one is acceptable.
    let mut normal: Vec<(u32, u8, &GdCombo)> = plays
        .iter()
        .filter(|c| !c.is_bomb())
        .map(|c| (c.wild_count(), c.scale(), c))
        .collect();
    normal.sort_by_key(|&(w, s, _)| (w, s));
    // Among the 8 cheapest, a beat that splits nothing; else the first acceptable one.
    let mut acceptable = None;
    for (i, &(w, _, c)) in normal.iter().enumerate() {
        let b = broken(hand, c.cards(), wild);
        if w == 0 && b == 0 {
            return Some(*c);
        }
        if acceptable.is_none() && (!pass_allowed || (w == 0 && b <= 1) || (close && b < 4)) {
            acceptable = Some(*c);
        }
        if i >= 7 && acceptable.is_some() {
            break;
        }
    }
    if acceptable.is_some() {
        return acceptable;
    }
    if !pass_allowed || table.hand(last).len() <= 6 {
        return plays
            .iter()
            .filter(|c| c.is_bomb())
            .min_by_key(|c| (c.bomb_tier(), c.scale()))
            .copied()
            .or(if pass_allowed {
                None
            } else {
                plays.first().copied()
            });
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
