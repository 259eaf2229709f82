//! Zheng Shangyou's rollout rule: the HeuristicAgent's card-play rule
//! (`cardavia.agents.strategies.zhengshangyou`, built on `climbing_common.choose_play`) in Rust,
//! so that a search's playouts play the way the rule strategy does.
//!
//! **Hand estimate** ([`count_moves`]): the plays needed to shed a hand of given rank counts —
//! each four of a rank (ranks 3..2) one play; then runs of pairs of at least two ranks and runs
//! of singles of at least five ranks (ranks 3..A, ZSY-2.5), longest first; each remaining
//! triple, pair and single one play.
//!
//! A play is judged by what it leaves: the plays the rest of the hand needs, whether it breaks
//! a four of a rank (takes some but not all of its cards), whether it is a bomb, its key rank
//! and its size; the *best* play is the one that leaves the fewest plays, then breaks no bomb,
//! then is no bomb, then has the lowest key, then the most cards (then the legal order).
//!
//! * A play that empties the hand is made (the first in the legal order).
//! * Leading: the best non-bomb play (a bomb only when nothing else is left); when an opponent
//!   holds one card, the best play of more than one card, else the highest single.
//! * Following (a beat is compulsory, ZSY-6.3): among the non-bomb beats that leave at most one
//!   play more than the hand needs now, the one that breaks no bomb, then the lowest key, then
//!   the fewest plays left; else the bomb leaving the fewest plays (then the lowest) when the
//!   rules force a beat, the top player holds four cards or fewer, or a bomb leaves at most two
//!   plays; else, when a beat is forced, the beat that is no bomb, breaks no bomb and is the
//!   lowest; else a pass.
//!
//! No random draws: the rule depends only on the table.

use super::combo::Combo;
use super::resample::zsy_resample;
use super::table::{ClimbTable, TableEvent};
use super::Ruleset;
use crate::cards::CardSet;
use crate::error::{invalid, Error};
use crate::rng::Rng;

/// Rank classes 3..2 (game ranks 0..=12 of the Zheng Shangyou ruleset).
const RANKS: usize = 13;
/// The ace: the highest rank of a run (ZSY-2.5).
const HIGHEST_RUN_RANK: usize = 11;

type Counts = [u8; RANKS];

fn counts_of(cards: CardSet) -> Counts {
    rank_counts(Ruleset::ZhengShangyou, cards)
}

/// How many cards of each game rank below `N` a set holds, ranked by `ruleset` (shared with
/// the Dou Dizhu rule, whose classes add the two jokers).
pub(super) fn rank_counts<const N: usize>(ruleset: Ruleset, cards: CardSet) -> [u8; N] {
    let mut c = [0u8; N];
    for card in cards.iter() {
        if let Some(r) = ruleset.rank_of(card) {
            if (r as usize) < N {
                c[r as usize] += 1;
            }
        }
    }
    c
}

fn take_runs(c: &mut Counts, width: u8, min_len: usize) -> u32 {
    take_runs_up_to(c, width, min_len, HIGHEST_RUN_RANK)
}

/// Removes runs of `width` cards per rank of at least `min_len` ranks ending at or below rank
/// `highest`, longest first (the lowest of equal length); returns how many were removed
/// (shared with the Dou Dizhu rule).
pub(super) fn take_runs_up_to<const N: usize>(
    c: &mut [u8; N],
    width: u8,
    min_len: usize,
    highest: usize,
) -> u32 {
    let mut found = 0;
    loop {
        let (mut best_start, mut best_len) = (0usize, 0usize);
        let mut start = 0usize;
        while start <= highest {
            if c[start] < width {
                start += 1;
                continue;
            }
            let mut end = start;
            while end < highest && c[end + 1] >= width {
                end += 1;
            }
            if end - start + 1 > best_len {
                best_start = start;
                best_len = end - start + 1;
            }
            start = end + 1;
        }
        if best_len < min_len {
            return found;
        }
        for x in c.iter_mut().skip(best_start).take(best_len) {
            *x -= width;
        }
        found += 1;
    }
}

/// The plays needed to shed a hand with these rank counts (see the module documentation).
pub fn count_moves(counts: &Counts) -> u32 {
    let mut c = *counts;
    let mut moves = 0;
    for x in c.iter_mut() {
        while *x >= 4 {
            *x -= 4;
            moves += 1;
        }
    }
    moves += take_runs(&mut c, 2, 2);
    moves += take_runs(&mut c, 1, 5);
    moves + c.iter().filter(|&&x| (1..=3).contains(&x)).count() as u32
}

/// One legal play judged against the hand.
#[derive(Clone, Copy)]
struct Judged {
    index: usize,
    moves_left: u32,
    breaks_bomb: bool,
    is_bomb: bool,
    rank: u8,
    size: usize,
}

impl Judged {
    fn key(&self) -> (u32, bool, bool, u8, std::cmp::Reverse<usize>, usize) {
        (
            self.moves_left,
            self.breaks_bomb,
            self.is_bomb,
            self.rank,
            std::cmp::Reverse(self.size),
            self.index,
        )
    }
}

fn judge(hand: &Counts, index: usize, play: &Combo) -> Judged {
    let used = counts_of(play.cards());
    let mut rest = *hand;
    let mut breaks_bomb = false;
    for r in 0..RANKS {
        rest[r] -= used[r];
        breaks_bomb |= used[r] > 0 && hand[r] >= 4 && used[r] < hand[r];
    }
    Judged {
        index,
        moves_left: count_moves(&rest),
        breaks_bomb,
        is_bomb: play.is_bomb(),
        rank: play.rank(),
        size: play.len(),
    }
}

/// The rule's choice for the player to move (`None` = pass); `plays` and `pass_allowed` from
/// [`ClimbTable::legal_plays_into`].
pub fn choose(table: &ClimbTable, plays: &[Combo], pass_allowed: bool) -> Option<Combo> {
    let player = table.current_player()?;
    let hand_cards = table.hand(player);
    if let Some(out) = plays.iter().find(|c| c.len() == hand_cards.len()) {
        return Some(*out);
    }
    if plays.is_empty() {
        return None;
    }
    let hand = counts_of(hand_cards);
    let judged: Vec<Judged> = plays
        .iter()
        .enumerate()
        .map(|(i, c)| judge(&hand, i, c))
        .collect();
    let pick = |j: Option<&Judged>| j.map(|j| plays[j.index]);
    let Some(top) = table.top() else {
        let any_safe = judged.iter().any(|j| !j.is_bomb);
        let safe = || judged.iter().filter(move |j| !j.is_bomb || !any_safe);
        let opponent_on_one = (0..table.num_players())
            .any(|s| s != player && !table.is_finished(s) && table.hand(s).len() == 1);
        if opponent_on_one {
            if let Some(j) = safe().filter(|j| j.size > 1).min_by_key(|j| j.key()) {
                return Some(plays[j.index]);
            }
            // The highest single; the best-ordered among equal keys.
            let best_rank = safe().map(|j| j.rank).max();
            return pick(
                safe()
                    .filter(|j| Some(j.rank) == best_rank)
                    .min_by_key(|j| j.key()),
            );
        }
        return pick(safe().min_by_key(|j| j.key()));
    };
    let now = count_moves(&hand);
    let normal = judged
        .iter()
        .filter(|j| !j.is_bomb && j.moves_left <= now + 1)
        .min_by_key(|j| (j.breaks_bomb, j.rank, j.moves_left, j.key()));
    if normal.is_some() {
        return pick(normal);
    }
    let bombs = || judged.iter().filter(|j| j.is_bomb);
    let forced = !pass_allowed;
    if let Some(fewest) = bombs().map(|j| j.moves_left).min() {
        if forced || table.hand(top.player).len() <= 4 || fewest <= 2 {
            return pick(bombs().min_by_key(|j| (j.moves_left, j.rank, j.key())));
        }
    }
    if forced {
        return pick(
            judged
                .iter()
                .min_by_key(|j| (j.is_bomb, j.breaks_bomb, j.rank, j.key())),
        );
    }
    None
}

/// How many of the other seats' decisions in `table`'s history the rule would have taken
/// differently had the deal been `hands` (the dealt hands of a world consistent with what
/// `viewer` saw): the history's plays and passes are replayed on a fresh table from `hands`,
/// and at each decision of a seat other than `viewer` the rule's choice is compared with the
/// cards played (a pass with a pass). `None` when the history cannot be replayed on `hands`
/// (they are not consistent with it).
pub fn rule_mismatches(hands: &[CardSet; 3], table: &ClimbTable, viewer: usize) -> Option<u32> {
    let ruleset = Ruleset::ZhengShangyou;
    let first = ruleset.first_leader(hands)?;
    let mut replay = ClimbTable::new(ruleset, hands.to_vec(), first).ok()?;
    replay.set_record_history(false);
    let mut plays = Vec::with_capacity(64);
    let mut mismatches = 0;
    for event in table.history() {
        let (player, made) = match event {
            TableEvent::Play { player, combo } => (*player, Some(combo)),
            TableEvent::Pass { player } => (*player, None),
            _ => continue,
        };
        if player != viewer {
            let pass_allowed = replay.legal_plays_into(&mut plays);
            let chosen = choose(&replay, &plays, pass_allowed);
            if chosen.map(|c| c.cards()) != made.map(|c| c.cards()) {
                mismatches += 1;
            }
        }
        match made {
            Some(combo) => replay.play(player, combo).ok()?,
            None => replay.pass(player).ok()?,
        }
    }
    Some(mismatches)
}

/// A Zheng Shangyou world for `viewer` weighted by the rule as a model of the other players:
/// `draws` worlds drawn exactly uniformly ([`zsy_resample`]), one of them chosen with weight
/// `mismatch_weight` to the power of its [`rule_mismatches`] (1: uniform; 0: only the worlds
/// that explain the most decisions). Returns the chosen world's dealt hands and table.
pub fn zsy_resample_by_rule(
    viewer: usize,
    hands: [CardSet; 3],
    table: &ClimbTable,
    rng: &mut Rng,
    draws: usize,
    mismatch_weight: f64,
) -> Result<([CardSet; 3], ClimbTable), Error> {
    if draws == 0 {
        return Err(invalid("draws must be at least 1"));
    }
    if !(0.0..=1.0).contains(&mismatch_weight) {
        return Err(invalid(format!(
            "mismatch_weight must be within 0..1, got {mismatch_weight}"
        )));
    }
    let mut worlds = Vec::with_capacity(draws);
    let mut fewest = u32::MAX;
    for _ in 0..draws {
        let world = zsy_resample(viewer, hands, table, rng)?;
        let m = rule_mismatches(&world.0, table, viewer).unwrap_or(u32::MAX);
        fewest = fewest.min(m);
        worlds.push((m, world));
    }
    // Weights relative to the best world (no underflow), chosen by one uniform draw.
    let weight = |m: u32| -> f64 {
        if m == u32::MAX {
            0.0
        } else if mismatch_weight == 0.0 {
            f64::from(u8::from(m == fewest))
        } else {
            mismatch_weight.powi((m - fewest) as i32)
        }
    };
    let total: f64 = worlds.iter().map(|(m, _)| weight(*m)).sum();
    let mut target = rng.unit_f64() * total;
    let mut chosen = worlds.len() - 1;
    for (i, (m, _)) in worlds.iter().enumerate() {
        let w = weight(*m);
        if w > 0.0 && target < w {
            chosen = i;
            break;
        }
        target -= w;
    }
    if weight(worlds[chosen].0) == 0.0 {
        chosen = worlds.iter().position(|(m, _)| *m == fewest).unwrap_or(0);
    }
    Ok(worlds.swap_remove(chosen).1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(ranks: &[(usize, u8)]) -> Counts {
        let mut c = [0u8; RANKS];
        for &(r, n) in ranks {
            c[r] = n;
        }
        c
    }

    #[test]
    fn count_moves_takes_bombs_runs_and_groups() {
        assert_eq!(count_moves(&[0; RANKS]), 0);
        // 3 4 5 6 7: one straight.
        assert_eq!(
            count_moves(&counts(&[(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)])),
            1
        );
        // 3 4 5 6: no straight (five ranks at least): four singles.
        assert_eq!(count_moves(&counts(&[(0, 1), (1, 1), (2, 1), (3, 1)])), 4);
        // 33 44 and a lone 9: a pair run and a single.
        assert_eq!(count_moves(&counts(&[(0, 2), (1, 2), (6, 1)])), 2);
        // 7777 and 222 (twos never run): a bomb and a triple.
        assert_eq!(count_moves(&counts(&[(4, 4), (12, 3)])), 2);
        // K A 2 pairs: KKAA is a run, 22 a pair (the 2 does not run, ZSY-2.5).
        assert_eq!(count_moves(&counts(&[(10, 2), (11, 2), (12, 2)])), 2);
    }
}
