//! Determinization for the one-pack climbing games: deal the cards a player cannot see,
//! uniformly among the deals consistent with everything that player has observed, and rebuild
//! the card-play table for the new deal.
//!
//! What a player knows, per game:
//!
//! * every game: his own hand, every card played and by whom, every hand size;
//! * Dou Dizhu (DDZ-3.9): once the landlord has taken the bottom it is public, so the bottom
//!   cards he still holds are known to be his; before that the bottom is as hidden as the
//!   other hands. Calls reveal no card;
//! * Zheng Shangyou (ZSY-3.5, ZSY-6.3): the first leader holds `3h` until the first play (which
//!   contains it, ZSY-3.4). A pass on a top play is only legal with no beating combination in
//!   hand, so each pass of another seat says his hand at that moment (his cards now plus those
//!   he played later) beat nothing. A pass on a single excludes every hidden card of a higher
//!   rank from that seat exactly; the rest (no pair, run or bomb that beats) is enforced by
//!   rejection over those per-card constraints, and when rejection is slow by enumerating every
//!   split of the remaining cards: both are exactly uniform over the consistent deals;
//! * Red Ten (RT-3.5–3.9): the `3h` holder leads first and holds `3h` until he plays it; a seat
//!   that lit showed all its red tens, so it holds no other (a decline reveals nothing); passes
//!   are always legal and reveal nothing; the deal is still running, so the seats that have
//!   finished do not make up a whole team (RT-5.7), which is a constraint on where the hidden
//!   red tens are (by rejection).
//!
//! Hands are the *dealt* hands (Dou Dizhu: the 17 cards before the bottom), the form a game
//! record keeps; the returned table is the old one with the new current hands (and, in Red Ten,
//! the new teams).

use super::classify::PlayContext;
use super::combo::{Combo, ComboKind};
use super::generate::legal_plays_into;
use super::ruleset::{Ruleset, RED_TENS, THREE_OF_HEARTS};
use super::table::{ClimbTable, TableEvent, MAX_PLAYERS};
use crate::cards::CardSet;
use crate::error::{invalid, Error};
use crate::rng::Rng;
use crate::search::{sample_with, HiddenCards};

/// Draws before the Zheng Shangyou sampler switches from rejection to enumeration.
const REJECTION_TRIES: usize = 2_000;
/// Most splits the enumeration fallback visits.
const ENUMERATION_LIMIT: u64 = 20_000_000;
/// Rejection draws when the enumeration would be too long.
const LONG_REJECTION_TRIES: usize = 2_000_000;

fn check_viewer(viewer: usize, n: usize) -> Result<(), Error> {
    if viewer >= n {
        return Err(invalid(format!(
            "player must be a seat 0..{}, got {viewer}",
            n - 1
        )));
    }
    Ok(())
}

fn to_set(cards: &[u8]) -> CardSet {
    CardSet(cards.iter().fold(0u64, |m, &c| m | 1 << c))
}

/// Adds every card of `cards` to `problem` with seat set `seats`.
fn add_all(problem: &mut HiddenCards, cards: CardSet, seats: u8) {
    for c in cards.iter() {
        problem.add(c.index(), seats);
    }
}

fn played_by(dealt: &[CardSet], table: &ClimbTable, extra: &[CardSet]) -> Vec<CardSet> {
    (0..dealt.len())
        .map(|s| dealt[s].union(extra[s]).difference(table.hand(s)))
        .collect()
}

/// A resampled Dou Dizhu deal: the three dealt hands, the bottom, and the table when card play
/// has started.
pub type DdzResample = ([CardSet; 3], CardSet, Option<ClimbTable>);

/// Dou Dizhu (see the module documentation). `hands` are the dealt 17-card hands; `play` is the
/// card-play table and the landlord once the auction is over.
pub fn ddz_resample(
    viewer: usize,
    hands: [CardSet; 3],
    bottom: CardSet,
    play: Option<(&ClimbTable, usize)>,
    rng: &mut Rng,
) -> Result<DdzResample, Error> {
    check_viewer(viewer, 3)?;
    let deck = Ruleset::DouDizhu.deck();
    let others: u8 = 0b111 & !(1 << viewer);
    let Some((table, landlord)) = play else {
        // The auction: the two other hands and the bottom (seat 3 of the problem) are hidden.
        let mut need = [17u8, 17, 17, 3];
        need[viewer] = 0;
        let mut problem = HiddenCards::new(&need)?;
        add_all(
            &mut problem,
            deck.difference(hands[viewer]),
            others | 0b1000,
        );
        let dealt = problem.sample(rng)?;
        let mut out = hands;
        for s in (0..3).filter(|&s| s != viewer) {
            out[s] = to_set(&dealt[s]);
        }
        return Ok((out, to_set(&dealt[3]), None));
    };
    if landlord > 2 || table.num_players() != 3 {
        return Err(invalid("bad Dou Dizhu card-play position"));
    }
    let mut extra = [CardSet::EMPTY; 3];
    extra[landlord] = bottom;
    let played = played_by(&hands, table, &extra);
    let mut known = [CardSet::EMPTY; 3];
    known[viewer] = table.hand(viewer);
    if landlord != viewer {
        known[landlord] = bottom.intersection(table.hand(landlord)); // DDZ-3.7: shown to all
    }
    let mut unseen = deck;
    for s in 0..3 {
        unseen = unseen.difference(played[s]).difference(known[s]);
    }
    let mut need = [0u8; 3];
    for s in (0..3).filter(|&s| s != viewer) {
        need[s] = (table.hand(s).len() - known[s].len()) as u8;
    }
    let mut problem = HiddenCards::new(&need)?;
    add_all(&mut problem, unseen, others);
    let dealt = problem.sample(rng)?;
    let mut current = [CardSet::EMPTY; 3];
    let mut out = hands;
    for s in 0..3 {
        current[s] = known[s].union(to_set(&dealt[s]));
        out[s] = current[s].union(played[s]).difference(extra[s]);
    }
    let mut table = table.clone();
    table.replace_hands(&current, None)?;
    Ok((out, bottom, Some(table)))
}

/// One pass constraint of Zheng Shangyou: `seat` passed on `top` holding his cards now plus
/// `later` (the cards he played after that pass).
struct PassConstraint {
    seat: usize,
    top: Combo,
    later: CardSet,
}

fn zsy_pass_constraints(
    table: &ClimbTable,
    viewer: usize,
    played: &[CardSet],
) -> Vec<PassConstraint> {
    let mut so_far = [CardSet::EMPTY; MAX_PLAYERS];
    let mut top: Option<Combo> = None;
    let mut out: Vec<PassConstraint> = Vec::new();
    for event in table.history() {
        match *event {
            TableEvent::Play { player, combo } => {
                so_far[player] = so_far[player].union(combo.cards());
                top = Some(combo);
            }
            TableEvent::TrickEnd { .. } => top = None,
            TableEvent::Pass { player } if player != viewer => {
                // A pass on the heavenly bomb says nothing: nothing beats it (ZSY-5.5).
                if let Some(t) = top.filter(|t| t.kind() != ComboKind::HeavenlyBomb) {
                    let later = played[player].difference(so_far[player]);
                    // The same top and later cards say the same thing once.
                    if !out
                        .iter()
                        .any(|c| c.seat == player && c.top == t && c.later == later)
                    {
                        out.push(PassConstraint {
                            seat: player,
                            top: t,
                            later,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Zheng Shangyou (see the module documentation). `hands` are the dealt 16-card hands.
pub fn zsy_resample(
    viewer: usize,
    hands: [CardSet; 3],
    table: &ClimbTable,
    rng: &mut Rng,
) -> Result<([CardSet; 3], ClimbTable), Error> {
    check_viewer(viewer, 3)?;
    if table.ruleset() != Ruleset::ZhengShangyou {
        return Err(invalid("not a Zheng Shangyou table"));
    }
    let ruleset = Ruleset::ZhengShangyou;
    let played = played_by(&hands, table, &[CardSet::EMPTY; 3]);
    let mut known = [CardSet::EMPTY; 3];
    known[viewer] = table.hand(viewer);
    if !table.first_play_done() {
        // ZSY-3.3: the first leader (the seat to move before any play) holds 3h.
        let leader = table.current_player().unwrap_or(viewer);
        if leader != viewer {
            known[leader] = CardSet(THREE_OF_HEARTS.bit());
        }
    }
    let mut unseen = ruleset.deck();
    for s in 0..3 {
        unseen = unseen.difference(played[s]).difference(known[s]);
    }
    let others: Vec<usize> = (0..3).filter(|&s| s != viewer).collect();
    let mut need = [0u8; 3];
    for &s in &others {
        need[s] = (table.hand(s).len() - known[s].len()) as u8;
    }
    let constraints = zsy_pass_constraints(table, viewer, &played);
    // Exact per-card consequences: a pass on a single excludes every higher card (ZSY-6.3).
    let mut excluded = [0u64; 3];
    for c in &constraints {
        if c.top.kind() == ComboKind::Single {
            for card in unseen.iter() {
                if ruleset.rank_of(card).unwrap_or(0) > c.top.rank() {
                    excluded[c.seat] |= card.bit();
                }
            }
        }
    }
    let mut problem = HiddenCards::new(&need)?;
    let mut free = CardSet::EMPTY;
    let mut only = [CardSet::EMPTY; 3];
    for card in unseen.iter() {
        let mut seats = 0u8;
        for &s in &others {
            if excluded[s] & card.bit() == 0 {
                seats |= 1 << s;
            }
        }
        problem.add(card.index(), seats);
        match seats.count_ones() {
            2 => free.insert(card),
            1 => only[seats.trailing_zeros() as usize].insert(card),
            _ => false,
        };
    }
    let mut buffer = Vec::with_capacity(32);
    let mut consistent = |current: &[CardSet; 3]| -> bool {
        constraints.iter().all(|c| {
            legal_plays_into(
                ruleset,
                current[c.seat].union(c.later),
                Some(&c.top),
                PlayContext::default(),
                &mut buffer,
            );
            buffer.is_empty()
        })
    };
    let assemble = |dealt: &[CardSet; 3]| -> [CardSet; 3] {
        std::array::from_fn(|s| known[s].union(dealt[s]))
    };
    let mut chosen: Option<[CardSet; 3]> = None;
    if constraints.is_empty() {
        let dealt = problem.sample(rng)?;
        chosen = Some(assemble(&std::array::from_fn(|s| to_set(&dealt[s]))));
    } else {
        let draw = sample_with(&problem, rng, REJECTION_TRIES, |dealt| {
            let current = assemble(&std::array::from_fn(|s| to_set(&dealt[s])));
            consistent(&current)
        });
        if let Ok(dealt) = draw {
            chosen = Some(assemble(&std::array::from_fn(|s| to_set(&dealt[s]))));
        }
    }
    if chosen.is_none() {
        // Enumerate every split of the free cards between the two other seats.
        let (a, b) = (others[0], others[1]);
        let take = need[a] as usize - only[a].len();
        let free_cards: Vec<u64> = free.iter().map(|c| c.bit()).collect();
        if binomial(free_cards.len() as u64, take as u64) <= ENUMERATION_LIMIT {
            let mut seen = 0u64;
            for_each_subset(&free_cards, take, |mask| {
                let mut current = known;
                current[a] = current[a].union(only[a]).union(CardSet(mask));
                current[b] = current[b].union(only[b]).union(CardSet(free.0 & !mask));
                if consistent(&current) {
                    seen += 1;
                    if rng.below(seen) == 0 {
                        chosen = Some(current); // reservoir: uniform over the consistent splits
                    }
                }
            });
        } else {
            let dealt = sample_with(&problem, rng, LONG_REJECTION_TRIES, |dealt| {
                let current = assemble(&std::array::from_fn(|s| to_set(&dealt[s])));
                consistent(&current)
            })?;
            chosen = Some(assemble(&std::array::from_fn(|s| to_set(&dealt[s]))));
        }
    }
    let current = chosen.ok_or_else(|| {
        invalid("no deal of the unseen cards is consistent with what the player knows")
    })?;
    let out: [CardSet; 3] = std::array::from_fn(|s| current[s].union(played[s]));
    let mut table = table.clone();
    table.replace_hands(&current, None)?;
    Ok((out, table))
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut out: u128 = 1;
    for i in 0..k {
        out = out * (n - i) as u128 / (i + 1) as u128;
        if out > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    out as u64
}

/// Calls `f` with the union of every `k`-subset of `bits` (single-bit masks).
fn for_each_subset(bits: &[u64], k: usize, mut f: impl FnMut(u64)) {
    fn rec(bits: &[u64], k: usize, start: usize, acc: u64, f: &mut dyn FnMut(u64)) {
        if k == 0 {
            f(acc);
            return;
        }
        for i in start..=bits.len() - k {
            rec(bits, k - 1, i + 1, acc | bits[i], f);
        }
    }
    if k <= bits.len() {
        rec(bits, k, 0, 0, &mut f);
    }
}

/// What a Red Ten resample needs beyond the hands.
#[derive(Clone, Debug)]
pub struct RtKnowledge {
    /// The red tens each seat showed by lighting (RT-3.6).
    pub shown: [CardSet; 4],
    /// Seats that lit.
    pub lit: [bool; 4],
    /// The `3h` holder (RT-3.9).
    pub first_player: usize,
}

/// Red Ten (see the module documentation). `hands` are the dealt hands; `table` is card play
/// once the lighting poll is over.
pub fn rt_resample(
    viewer: usize,
    hands: [CardSet; 4],
    know: &RtKnowledge,
    table: Option<&ClimbTable>,
    rng: &mut Rng,
) -> Result<([CardSet; 4], Option<ClimbTable>), Error> {
    check_viewer(viewer, 4)?;
    let current: [CardSet; 4] = match table {
        Some(t) => std::array::from_fn(|s| t.hand(s)),
        None => hands,
    };
    let played: [CardSet; 4] = std::array::from_fn(|s| hands[s].difference(current[s]));
    let mut known = [CardSet::EMPTY; 4];
    known[viewer] = current[viewer];
    for s in (0..4).filter(|&s| s != viewer) {
        let mut pinned = know.shown[s];
        if s == know.first_player {
            pinned.insert(THREE_OF_HEARTS);
        }
        known[s] = pinned.intersection(current[s]);
    }
    let mut unseen = Ruleset::RedTen.deck();
    for s in 0..4 {
        unseen = unseen.difference(played[s]).difference(known[s]);
    }
    let mut need = [0u8; 4];
    let mut others = 0u8;
    for s in (0..4).filter(|&s| s != viewer) {
        need[s] = (current[s].len() - known[s].len()) as u8;
        others |= 1 << s;
    }
    let lit_seats = (0..4).filter(|&s| know.lit[s]).fold(0u8, |m, s| m | 1 << s);
    let mut problem = HiddenCards::new(&need)?;
    for card in unseen.iter() {
        // A seat that lit showed every red ten it holds (RT-3.6).
        let seats = if RED_TENS.contains(card) {
            others & !lit_seats
        } else {
            others
        };
        problem.add(card.index(), seats);
    }
    let finished: Vec<usize> = table.map_or(Vec::new(), |t| t.finish_order().to_vec());
    let red_of = |current: &[CardSet; 4]| -> [bool; 4] {
        std::array::from_fn(|s| {
            !current[s]
                .union(played[s])
                .intersection(RED_TENS)
                .is_empty()
        })
    };
    let assemble = |dealt: &[Vec<u8>]| -> [CardSet; 4] {
        std::array::from_fn(|s| known[s].union(to_set(&dealt[s])))
    };
    // RT-5.7: the deal is running, so no team has all finished.
    let dealt = sample_with(&problem, rng, LONG_REJECTION_TRIES, |dealt| {
        let red = red_of(&assemble(dealt));
        let team_out = |side: bool| {
            (0..4)
                .filter(|&s| red[s] == side)
                .all(|s| finished.contains(&s))
        };
        finished.is_empty() || !(team_out(true) || team_out(false))
    })?;
    let new_current = assemble(&dealt);
    let out: [CardSet; 4] = std::array::from_fn(|s| new_current[s].union(played[s]));
    let table = match table {
        None => None,
        Some(t) => {
            let red = red_of(&new_current);
            let mut teams = [1u8; MAX_PLAYERS];
            for s in 0..4 {
                if red[s] {
                    teams[s] = 0;
                }
            }
            let mut t = t.clone();
            t.replace_hands(&new_current, Some(teams))?;
            Some(t)
        }
    };
    Ok((out, table))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_and_binomials() {
        let bits: Vec<u64> = (0..6).map(|i| 1u64 << i).collect();
        let mut n = 0;
        for_each_subset(&bits, 3, |m| {
            assert_eq!(m.count_ones(), 3);
            n += 1;
        });
        assert_eq!(n, 20);
        assert_eq!(binomial(6, 3), 20);
        assert_eq!(binomial(52, 26), 495_918_532_948_104);
        assert_eq!(binomial(3, 5), 0);
    }
}
