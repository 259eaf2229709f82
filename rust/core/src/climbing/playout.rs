//! Playouts: play a [`ClimbTable`] to the end with a simple seeded policy, alone or in parallel.
//!
//! # Policies
//!
//! * [`Policy::Random`]: uniform over the legal actions of [`ClimbTable::legal_plays_into`], with
//!   `Pass` counted as one more action when it is legal. One draw of [`Rng::below`] per action.
//! * [`Policy::Greedy`]: a cheap rule policy, deterministic apart from the table (no random
//!   draws), meant as the rollout policy of a search. *Partners* are the seats of the player's
//!   side ([`ClimbTable::side`]: the two Dou Dizhu farmers, a Red Ten team; nobody in Zheng
//!   Shangyou); *bomb cards* are the cards of the hand that form a bomb (four of a rank, Zheng
//!   Shangyou's three aces, a Red Ten three or four of a rank, both jokers, both red tens). A
//!   non-bomb play that uses a bomb card *spends a bomb*. An opponent is *close to going out*
//!   when he holds at most two cards.
//!   - if a play empties the hand, make it (the first such play in generation order);
//!   - leading: among the non-bomb plays that spend no bomb, the one holding the hand's lowest
//!     card class, then the most cards, then the lowest sum of ranks (low kickers). When a
//!     partner holds one card, the lowest single instead (let him out); when an opponent holds
//!     one card, no single if another play exists, else the highest single. A bomb is led only
//!     when nothing else is left (the lowest);
//!   - following a partner: pass, or when the partner's play has a low key (ten or below) the
//!     lowest non-bomb play that beats it with a key of at most ten and spends no bomb
//!     (following lightly);
//!   - following an opponent: the lowest-keyed non-bomb play that beats and spends no bomb
//!     (lowest sum of ranks on ties), or the highest such play when an opponent is close to
//!     going out; else, when an opponent is close to going out or passing is illegal (Zheng
//!     Shangyou's duty, ZSY-6.3), the lowest bomb, then any other beating play; else pass.
//!
//!   Five-Ten-King's table keeps its own older rule ([`greedy_pick`]); Zheng Shangyou's greedy
//!   policy is the rule strategy's card play ([`zsy_rule`](super::zsy_rule)), so that a
//!   search's rollouts play as the HeuristicAgent does.
//!
//! # Seeds of parallel batches
//!
//! Playout `i` of [`playouts`] uses `Rng::new(playout_seed(seed, i))` whatever the number of
//! threads, so the results depend only on `(table, n, policy, seed)`: threads take contiguous
//! chunks of the indices and the outcomes come back in index order.

use super::combo::Combo;
use super::ruleset::RED_TENS;
use super::table::{ClimbTable, MAX_PLAYERS};
use super::view::{Bits, RankView};
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
    if table.ruleset() == super::Ruleset::ZhengShangyou {
        return super::zsy_rule::choose(table, plays, pass_allowed);
    }
    let player = table.current_player()?;
    let hand = table.hand(player);
    if let Some(out) = plays.iter().find(|c| c.len() == hand.len()) {
        return Some(*out);
    }
    let ruleset = table.ruleset();
    let bomb_cards = bomb_cards(ruleset, hand);
    let spends_bomb = |c: &Combo| !c.is_bomb() && c.cards().0 & bomb_cards != 0;
    let me = table.side(player);
    let mut min_opponent = usize::MAX;
    let mut partner_on_one = false;
    for seat in 0..table.num_players() {
        if seat == player || table.is_finished(seat) {
            continue;
        }
        let left = table.hand(seat).len();
        if table.side(seat) == me {
            partner_on_one |= left == 1;
        } else {
            min_opponent = min_opponent.min(left);
        }
    }
    let danger = min_opponent <= 2;
    let rank_sum = |c: &Combo| -> u32 {
        c.cards()
            .iter()
            .map(|card| ruleset.rank_of(card).unwrap_or(0) as u32)
            .sum()
    };
    let Some(top) = table.top() else {
        // Leading.
        let quiet = || plays.iter().filter(|c| !c.is_bomb() && !spends_bomb(c));
        if partner_on_one {
            if let Some(single) = quiet().filter(|c| c.len() == 1).min_by_key(|c| c.rank()) {
                return Some(*single);
            }
        }
        if min_opponent == 1 {
            let mut non_single = quiet().filter(|c| c.len() > 1).peekable();
            if non_single.peek().is_none() {
                if let Some(high) = quiet().max_by_key(|c| c.rank()) {
                    return Some(*high);
                }
            } else {
                return lowest_card_lead(ruleset, non_single, rank_sum);
            }
        }
        if let Some(c) = lowest_card_lead(ruleset, quiet(), rank_sum) {
            return Some(c);
        }
        if let Some(c) = lowest_card_lead(ruleset, plays.iter().filter(|c| !c.is_bomb()), rank_sum)
        {
            return Some(c);
        }
        return lowest_bomb(ruleset, plays);
    };
    let quiet_beats = || plays.iter().filter(|c| !c.is_bomb() && !spends_bomb(c));
    if table.side(top.player) == me && top.player != player && pass_allowed {
        // Following a partner: lightly or not at all.
        if top.combo.is_bomb() || top.combo.rank() > LIGHT_RANK {
            return None;
        }
        return quiet_beats()
            .filter(|c| c.rank() <= LIGHT_RANK)
            .min_by_key(|c| (c.rank(), rank_sum(c)))
            .copied();
    }
    let best = if danger {
        quiet_beats().max_by_key(|c| (c.rank(), std::cmp::Reverse(rank_sum(c))))
    } else {
        quiet_beats().min_by_key(|c| (c.rank(), rank_sum(c)))
    };
    if let Some(c) = best {
        return Some(*c);
    }
    if danger || !pass_allowed {
        if let Some(bomb) = lowest_bomb(ruleset, plays) {
            return Some(bomb);
        }
        return plays
            .iter()
            .min_by_key(|c| (c.rank(), rank_sum(c)))
            .copied();
    }
    None
}

/// Highest key a light follow of a partner may have (the ten: game rank 7 in all three orders).
const LIGHT_RANK: u8 = 7;

/// The lead holding the lowest card class of the candidates, then the most cards, then the
/// lowest rank sum.
fn lowest_card_lead<'a>(
    ruleset: super::Ruleset,
    candidates: impl Iterator<Item = &'a Combo>,
    rank_sum: impl Fn(&Combo) -> u32,
) -> Option<Combo> {
    candidates
        .min_by_key(|c| {
            let low = c
                .cards()
                .iter()
                .map(|card| ruleset.rank_of(card).unwrap_or(0))
                .min()
                .unwrap_or(0);
            (low, std::cmp::Reverse(c.len()), rank_sum(c))
        })
        .copied()
}

fn lowest_bomb(ruleset: super::Ruleset, plays: &[Combo]) -> Option<Combo> {
    plays
        .iter()
        .filter(|c| c.is_bomb())
        .min_by_key(|c| {
            (
                ruleset.bomb_power(c).unwrap_or(0),
                std::cmp::Reverse(c.len()),
            )
        })
        .copied()
}

/// The cards of `hand` that form bombs of the ruleset (see the module documentation).
pub(crate) fn bomb_cards(ruleset: super::Ruleset, hand: CardSet) -> u64 {
    use super::Ruleset::*;
    let view = RankView::new(ruleset.table(), hand.0);
    let mut out = 0u64;
    let joker_pair = crate::cards::JOKER_MASK;
    match ruleset {
        DouDizhu | FiveTenKing => {
            for r in Bits(view.at_least[4]) {
                out |= view.by_rank[r];
            }
            if hand.0 & joker_pair == joker_pair {
                out |= joker_pair;
            }
        }
        ZhengShangyou => {
            for r in Bits(view.at_least[4]) {
                out |= view.by_rank[r];
            }
            if view.count[11] == 3 {
                out |= view.by_rank[11]; // As Ad Ac (ZSY-4.3 #7)
            }
        }
        RedTen => {
            for r in Bits(view.at_least[3]) {
                out |= view.by_rank[r]; // B1: three or four of a class (RT-4.1)
            }
            if hand.0 & joker_pair == joker_pair {
                out |= joker_pair;
            }
            if hand.0 & RED_TENS.0 == RED_TENS.0 {
                out |= RED_TENS.0;
            }
        }
    }
    out
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
