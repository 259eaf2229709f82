//! Dou Dizhu's rollout rule and the card-play search kernel built on it.
//!
//! **The rule** ([`choose`]) is the HeuristicAgent's card play
//! (`cardavia.agents.strategies.doudizhu`, built on `climbing_common.choose_play` with Dou
//! Dizhu's shapes) in Rust, so that a search's playouts play the way the rule strategy does.
//!
//! *Hand estimate* ([`count_moves`]): the plays needed to shed a hand of given rank counts
//! (classes 3..2, small joker, big joker) — the rocket one play (DDZ-4.1), each four of a rank
//! one play; then runs of pairs of at least three ranks and runs of singles of at least five
//! ranks (ranks 3..A, DDZ-2.5), longest first (the lowest of equal length); each remaining
//! triple takes a single or a pair along as its kicker while there are any (DDZ-4.1 trio with
//! attachment); every triple, pair and single left is one play.
//!
//! A play is judged by what it leaves: the plays the rest of the hand needs, whether it
//! *breaks a bomb* (takes some but not all of a four of a rank, or one joker of the two),
//! whether it is a bomb or the rocket, its key rank and its size; the *best* play leaves the
//! fewest plays, then breaks no bomb, then is no bomb, then has the lowest key, then the most
//! cards (then the legal order).
//!
//! * A play that empties the hand is made (the first in the legal order).
//! * Leading: the best non-bomb play (a bomb only when nothing else is left); when an opponent
//!   holds one card, the best play of more than one card, else the highest single.
//! * Following the partner (a farmer after the other farmer's play): pass.
//! * Following an opponent: among the non-bomb beats that leave at most one play more than the
//!   hand needs now, the one that breaks no bomb, then the lowest key, then the fewest plays
//!   left; else the bomb leaving the fewest plays (then the lowest) when that opponent holds
//!   four cards or fewer or a bomb leaves at most two plays; else a pass.
//!
//! No random draws: the rule depends only on the table.
//!
//! **The kernel** ([`ddz_search`]): for the player to act, every candidate action evaluated
//! in the same determinized worlds (exactly uniform, [`ddz_resample`]) with the same rollout,
//! settled by DDZ-7 ([`ddz_settle`]). It reads the hidden cards of no one: the worlds are drawn
//! from the viewer's information only.

use super::combo::Combo;
use super::deals::ddz_settle;
use super::playout::{choose as policy_choose, Policy};
use super::resample::ddz_resample;
use super::table::{ClimbTable, TableEvent};
use super::zsy_rule::{rank_counts, take_runs_up_to};
use super::Ruleset;
use crate::cards::CardSet;
use crate::error::{invalid, Error};
use crate::rng::Rng;

/// Rank classes: 3..2 (game ranks 0..=12), the small joker (13) and the big joker (14).
const CLASSES: usize = 15;
const TWO: usize = 12;
const SMALL_JOKER: usize = 13;
const BIG_JOKER: usize = 14;
/// The ace: the highest rank of a chain (DDZ-2.5).
const HIGHEST_CHAIN_RANK: usize = 11;

type Counts = [u8; CLASSES];

fn counts_of(cards: CardSet) -> Counts {
    rank_counts(Ruleset::DouDizhu, cards)
}

fn take_runs(c: &mut Counts, width: u8, min_len: usize) -> u32 {
    take_runs_up_to(c, width, min_len, HIGHEST_CHAIN_RANK)
}

/// The plays needed to shed a hand with these rank counts (see the module documentation).
pub fn count_moves(counts: &[u8; CLASSES]) -> u32 {
    let mut c = *counts;
    let mut moves = 0;
    if c[SMALL_JOKER] > 0 && c[BIG_JOKER] > 0 {
        c[SMALL_JOKER] -= 1;
        c[BIG_JOKER] -= 1;
        moves += 1;
    }
    for x in c.iter_mut().take(TWO + 1) {
        while *x >= 4 {
            *x -= 4;
            moves += 1;
        }
    }
    moves += take_runs(&mut c, 2, 3);
    moves += take_runs(&mut c, 1, 5);
    let count = |n: u8| c.iter().filter(|&&x| x == n).count() as u32;
    let (triples, pairs, singles) = (count(3), count(2), count(1));
    let kickers = triples.min(pairs + singles);
    moves + triples + pairs + singles - kickers
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
    for r in 0..CLASSES {
        rest[r] -= used[r];
        breaks_bomb |= r <= TWO && used[r] > 0 && hand[r] >= 4 && used[r] < hand[r];
    }
    let both_jokers = hand[SMALL_JOKER] > 0 && hand[BIG_JOKER] > 0;
    breaks_bomb |= both_jokers && used[SMALL_JOKER] + used[BIG_JOKER] == 1;
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
    let me = table.side(player);
    let Some(top) = table.top() else {
        let any_safe = judged.iter().any(|j| !j.is_bomb);
        let safe = || judged.iter().filter(move |j| !j.is_bomb || !any_safe);
        let opponent_on_one = (0..table.num_players()).any(|s| {
            s != player && table.side(s) != me && !table.is_finished(s) && table.hand(s).len() == 1
        });
        if opponent_on_one {
            if let Some(j) = safe().filter(|j| j.size > 1).min_by_key(|j| j.key()) {
                return Some(plays[j.index]);
            }
            let best_rank = safe().map(|j| j.rank).max();
            return pick(
                safe()
                    .filter(|j| Some(j.rank) == best_rank)
                    .min_by_key(|j| j.key()),
            );
        }
        return pick(safe().min_by_key(|j| j.key()));
    };
    if table.side(top.player) == me && pass_allowed {
        return None; // the partner's play stands
    }
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

/// The rollout policy of [`ddz_search`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DdzRollout {
    /// The climbing games' greedy policy ([`super::playout`]).
    Greedy,
    /// This module's rule (the HeuristicAgent's card play).
    Rule,
}

fn rollout(table: &mut ClimbTable, policy: DdzRollout, plays: &mut Vec<Combo>) {
    let mut rng = Rng::new(0); // neither policy draws
    while !table.is_over() {
        let pass_allowed = table.legal_plays_into(plays);
        let choice = match policy {
            DdzRollout::Greedy => {
                policy_choose(Policy::Greedy, table, plays, pass_allowed, &mut rng)
            }
            DdzRollout::Rule => choose(table, plays, pass_allowed),
        };
        table.apply_unchecked(choice);
    }
}

/// The Dou Dizhu card-play position a search starts from.
pub struct DdzPosition<'a> {
    /// The dealt 17-card hands (the form a game record keeps).
    pub hands: [CardSet; 3],
    /// The three bottom cards (public once the landlord took them, DDZ-3.7).
    pub bottom: CardSet,
    /// The card-play table.
    pub table: &'a ClimbTable,
    pub landlord: usize,
    /// The winning bid (the unit of DDZ-7).
    pub bid: u8,
}

/// The viewer's payoff for every candidate in `worlds` determinized worlds: a row-major
/// `worlds × candidates.len()` vector. Candidate `k` is a pass when `candidates[k]` is empty,
/// else the play of those cards by the player to act (who must be `viewer`). World `w` is drawn
/// exactly uniformly from what `viewer` knows ([`ddz_resample`]); every candidate is applied in
/// it and the deal finished by one `policy` rollout (deterministic: the same world and
/// candidate always give the same value). Results depend only on the arguments.
///
/// Errors: the viewer is not to act, the position is not Dou Dizhu card play, a candidate is
/// not legal here, or `worlds` is 0.
pub fn ddz_search(
    viewer: usize,
    position: &DdzPosition<'_>,
    candidates: &[CardSet],
    worlds: usize,
    policy: DdzRollout,
    seed: u64,
) -> Result<Vec<f64>, Error> {
    ddz_search_weighted(viewer, position, candidates, worlds, policy, seed, 1, 1.0)
}

/// How many of the other seats' decisions in `table`'s history `policy` would have taken
/// differently had the dealt hands been `hands` (bottom to `landlord`): the history's plays
/// and passes are replayed on a fresh table, and at each decision of a seat other than
/// `viewer` the policy's choice is compared with what was played (a pass with a pass). `None`
/// when the history cannot be replayed on these hands.
pub fn rule_mismatches(
    hands: &[CardSet; 3],
    bottom: CardSet,
    landlord: usize,
    table: &ClimbTable,
    viewer: usize,
    policy: DdzRollout,
) -> Option<u32> {
    let mut current = hands.to_vec();
    current[landlord] = current[landlord].union(bottom);
    let mut replay = ClimbTable::new(Ruleset::DouDizhu, current, landlord).ok()?;
    replay.set_record_history(false);
    let mut plays = Vec::with_capacity(64);
    let mut rng = Rng::new(0);
    let mut mismatches = 0;
    for event in table.history() {
        let (player, made) = match event {
            TableEvent::Play { player, combo } => (*player, Some(combo)),
            TableEvent::Pass { player } => (*player, None),
            _ => continue,
        };
        if player != viewer {
            let pass_allowed = replay.legal_plays_into(&mut plays);
            let chosen = match policy {
                DdzRollout::Greedy => {
                    policy_choose(Policy::Greedy, &replay, &plays, pass_allowed, &mut rng)
                }
                DdzRollout::Rule => choose(&replay, &plays, pass_allowed),
            };
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

/// [`ddz_search`] with its worlds weighted by `policy` as a model of the other players: each
/// world is chosen among `draws` uniform draws with weight `mismatch_weight` to the power of
/// its [`rule_mismatches`] beyond the fewest (1 draw, or a weight of 1: uniform).
#[allow(clippy::too_many_arguments)]
pub fn ddz_search_weighted(
    viewer: usize,
    position: &DdzPosition<'_>,
    candidates: &[CardSet],
    worlds: usize,
    policy: DdzRollout,
    seed: u64,
    draws: usize,
    mismatch_weight: f64,
) -> Result<Vec<f64>, Error> {
    if draws == 0 {
        return Err(invalid("draws must be at least 1"));
    }
    if !(0.0..=1.0).contains(&mismatch_weight) {
        return Err(invalid(format!(
            "mismatch_weight must be within 0..1, got {mismatch_weight}"
        )));
    }
    let table = position.table;
    if table.ruleset() != Ruleset::DouDizhu || table.num_players() != 3 {
        return Err(invalid("not a Dou Dizhu card-play table"));
    }
    if table.current_player() != Some(viewer) {
        return Err(invalid(format!("player {viewer} is not the player to act")));
    }
    if worlds == 0 {
        return Err(invalid("worlds must be at least 1"));
    }
    if candidates.is_empty() {
        return Err(invalid("no candidate to evaluate"));
    }
    // Check every candidate once on the true table (legality reads only public facts and the
    // viewer's own hand).
    for &cards in candidates {
        let mut probe = table.clone();
        probe.set_record_history(false);
        let legal = if cards.is_empty() {
            probe.pass(viewer).is_ok()
        } else {
            probe.play_cards(viewer, cards).is_ok()
        };
        if !legal {
            return Err(invalid(format!("{cards} is not a legal play here")));
        }
    }
    let mut rng = Rng::new(seed);
    let mut plays = Vec::with_capacity(128);
    let mut out = Vec::with_capacity(worlds * candidates.len());
    for _ in 0..worlds {
        let mut drawn = Vec::with_capacity(draws);
        for _ in 0..draws {
            drawn.push(ddz_resample(
                viewer,
                position.hands,
                position.bottom,
                Some((table, position.landlord)),
                &mut rng,
            )?);
        }
        let chosen = if draws == 1 || mismatch_weight == 1.0 {
            0
        } else {
            let m: Vec<u32> = drawn
                .iter()
                .map(|(h, b, _)| {
                    rule_mismatches(h, *b, position.landlord, table, viewer, policy)
                        .unwrap_or(u32::MAX)
                })
                .collect();
            let fewest = *m.iter().min().expect("draws >= 1");
            let weight = |x: u32| -> f64 {
                if x == u32::MAX {
                    0.0
                } else if mismatch_weight == 0.0 {
                    f64::from(u8::from(x == fewest))
                } else {
                    mismatch_weight.powi((x - fewest) as i32)
                }
            };
            let total: f64 = m.iter().map(|&x| weight(x)).sum();
            let mut target = rng.unit_f64() * total;
            let mut pick = m.iter().position(|&x| x == fewest).unwrap_or(0);
            for (i, &x) in m.iter().enumerate() {
                let w = weight(x);
                if w > 0.0 && target < w {
                    pick = i;
                    break;
                }
                target -= w;
            }
            pick
        };
        let world = drawn.swap_remove(chosen).2;
        let mut world = world.expect("a card-play world");
        world.set_record_history(false);
        world.clear_history();
        for &cards in candidates {
            let mut child = world.clone();
            let applied = if cards.is_empty() {
                child.pass(viewer).is_ok()
            } else {
                child.play_cards(viewer, cards).is_ok()
            };
            debug_assert!(applied, "checked on the true table");
            rollout(&mut child, policy, &mut plays);
            out.push(ddz_settle(&child, position.landlord, position.bid)[viewer]);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cs(text: &str) -> CardSet {
        CardSet::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// A card-play start: seat 0 the landlord with `bottom` taken; `hands` the dealt hands.
    fn start(hands: [&str; 3], bottom: &str) -> ([CardSet; 3], CardSet, ClimbTable) {
        let dealt = hands.map(cs);
        let bottom = cs(bottom);
        let mut current = dealt.to_vec();
        current[0] = current[0].union(bottom);
        let table = ClimbTable::new(Ruleset::DouDizhu, current, 0).unwrap();
        (dealt, bottom, table)
    }

    const DEAL: [&str; 3] = [
        "3c 3d 3h 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2c SJ 5d",
        "4d 6d 7d 8d 9d Td Jd Qd Kd Ad 2d 4h 5h 6h 7h 8h 9h",
        "Th Jh Qh Kh Ah 2h 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks",
    ];
    const BOTTOM: &str = "As 2s BJ";

    fn legal(table: &ClimbTable) -> (Vec<Combo>, bool) {
        let mut plays = Vec::new();
        let pass = table.legal_plays_into(&mut plays);
        (plays, pass)
    }

    #[test]
    fn rule_goes_out_leads_low_and_lets_the_partner_play_stand() {
        let (_, _, mut table) = start(DEAL, BOTTOM);
        let (plays, pass) = legal(&table);
        let lead = choose(&table, &plays, pass).expect("a lead");
        assert!(!lead.is_bomb(), "keeps the rocket: {lead}");
        // The landlord leads; farmer 1 beats it if he can, farmer 2 then follows his partner.
        table.apply_unchecked(Some(lead));
        let (plays, pass) = legal(&table);
        if let Some(beat) = choose(&table, &plays, pass) {
            table.apply_unchecked(Some(beat));
            let (plays, pass) = legal(&table);
            assert!(pass);
            assert_eq!(
                choose(&table, &plays, pass),
                None,
                "the partner's play stands"
            );
        }
        // A hand that can go out in one play does.
        let hands = vec![cs("3c 3d 3h 4c"), cs("5c"), cs("6c")];
        let t = ClimbTable::new(Ruleset::DouDizhu, hands, 0).unwrap();
        let (plays, pass) = legal(&t);
        assert_eq!(
            choose(&t, &plays, pass).map(|c| c.cards()),
            Some(cs("3c 3d 3h 4c"))
        );
    }

    #[test]
    fn search_is_seeded_and_reads_no_hidden_cards() {
        let (dealt, bottom, table) = start(DEAL, BOTTOM);
        let position = DdzPosition {
            hands: dealt,
            bottom,
            table: &table,
            landlord: 0,
            bid: 1,
        };
        let (plays, _) = legal(&table);
        let cands: Vec<CardSet> = plays.iter().take(6).map(|c| c.cards()).collect();
        let a = ddz_search(0, &position, &cands, 12, DdzRollout::Rule, 7).unwrap();
        assert_eq!(a.len(), 12 * cands.len());
        assert_eq!(
            a,
            ddz_search(0, &position, &cands, 12, DdzRollout::Rule, 7).unwrap()
        );
        assert_ne!(
            a,
            ddz_search(0, &position, &cands, 12, DdzRollout::Rule, 8).unwrap()
        );
        // The farmers' cards swapped between them: the landlord sees the same, so the same
        // values come back.
        let swapped = [DEAL[0], DEAL[2], DEAL[1]];
        let (dealt2, _, table2) = start(swapped, BOTTOM);
        let other = DdzPosition {
            hands: dealt2,
            bottom,
            table: &table2,
            landlord: 0,
            bid: 1,
        };
        assert_eq!(
            a,
            ddz_search(0, &other, &cands, 12, DdzRollout::Rule, 7).unwrap()
        );
        // Payoffs are the landlord's DDZ-7 scores at bid 1: ±2 × 2^bombs (× 2 on a spring).
        for v in &a {
            assert!(
                v.abs() >= 2.0 && (v.abs() / 2.0).log2().fract() == 0.0,
                "{v}"
            );
        }
        let g = ddz_search(0, &position, &cands, 12, DdzRollout::Greedy, 7).unwrap();
        assert_eq!(g.len(), a.len());
    }

    #[test]
    fn rule_explains_its_own_play_and_weights_need_draws() {
        let (dealt, bottom, mut table) = start(DEAL, BOTTOM);
        for _ in 0..9 {
            let (plays, pass) = legal(&table);
            let choice = choose(&table, &plays, pass);
            table.apply_unchecked(choice);
        }
        let viewer = table.current_player().unwrap();
        let m = rule_mismatches(&dealt, bottom, 0, &table, viewer, DdzRollout::Rule);
        assert_eq!(
            m,
            Some(0),
            "the true hands explain every decision of the rule"
        );
        let position = DdzPosition {
            hands: dealt,
            bottom,
            table: &table,
            landlord: 0,
            bid: 1,
        };
        let (plays, _) = legal(&table);
        let cands: Vec<CardSet> = plays.iter().take(3).map(|c| c.cards()).collect();
        let uniform = ddz_search(viewer, &position, &cands, 6, DdzRollout::Rule, 3).unwrap();
        let one = ddz_search_weighted(viewer, &position, &cands, 6, DdzRollout::Rule, 3, 1, 0.2);
        assert_eq!(uniform, one.unwrap());
        let w = ddz_search_weighted(viewer, &position, &cands, 6, DdzRollout::Rule, 3, 4, 0.2);
        assert_eq!(w.unwrap().len(), uniform.len());
        for (draws, weight) in [(0, 0.5), (2, 1.5), (2, -0.1)] {
            let bad = ddz_search_weighted(
                viewer,
                &position,
                &cands,
                6,
                DdzRollout::Rule,
                3,
                draws,
                weight,
            );
            assert!(bad.is_err());
        }
    }

    #[test]
    fn search_refuses_bad_arguments() {
        let (dealt, bottom, table) = start(DEAL, BOTTOM);
        let position = DdzPosition {
            hands: dealt,
            bottom,
            table: &table,
            landlord: 0,
            bid: 1,
        };
        let lead = [cs("3c")];
        assert!(ddz_search(1, &position, &lead, 4, DdzRollout::Rule, 0).is_err()); // not to act
        assert!(ddz_search(0, &position, &lead, 0, DdzRollout::Rule, 0).is_err()); // no world
        assert!(ddz_search(0, &position, &[], 4, DdzRollout::Rule, 0).is_err()); // no candidate
                                                                                 // A pass on a lead, cards not held, cards that are no combination.
        for bad in [CardSet::EMPTY, cs("4d"), cs("3c 5c")] {
            assert!(ddz_search(0, &position, &[bad], 4, DdzRollout::Rule, 0).is_err());
        }
    }

    fn counts(ranks: &[(usize, u8)]) -> Counts {
        let mut c = [0u8; CLASSES];
        for &(r, n) in ranks {
            c[r] = n;
        }
        c
    }

    #[test]
    fn count_moves_takes_rocket_bombs_chains_and_kickers() {
        assert_eq!(count_moves(&[0; CLASSES]), 0);
        // The rocket is one play; a lone joker a single.
        assert_eq!(count_moves(&counts(&[(13, 1), (14, 1)])), 1);
        assert_eq!(count_moves(&counts(&[(14, 1)])), 1);
        // 3 4 5 6 7: one chain; 3 4 5 6: four singles.
        assert_eq!(
            count_moves(&counts(&[(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)])),
            1
        );
        assert_eq!(count_moves(&counts(&[(0, 1), (1, 1), (2, 1), (3, 1)])), 4);
        // 33 44 55: a pair chain; 33 44: two pairs (a pair chain needs three ranks).
        assert_eq!(count_moves(&counts(&[(0, 2), (1, 2), (2, 2)])), 1);
        assert_eq!(count_moves(&counts(&[(0, 2), (1, 2)])), 2);
        // 999 with a 3 and a KK: the triple takes one kicker: two plays.
        assert_eq!(count_moves(&counts(&[(6, 3), (0, 1), (10, 2)])), 2);
        // 7777 and 222: a bomb and a triple (the 2 never chains).
        assert_eq!(count_moves(&counts(&[(4, 4), (12, 3)])), 2);
        // Q K A 2 singles and 3: no chain across the 2 (four ranks up to the ace): five singles.
        assert_eq!(
            count_moves(&counts(&[(0, 1), (9, 1), (10, 1), (11, 1), (12, 1)])),
            5
        );
    }
}
