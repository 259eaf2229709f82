//! Whole plays for search agents: [`whole_plays`] lists the candidate buries, leads or follows
//! of the player to act, narrowed when the full list is huge; and the helpers the greedy
//! policy shares ([`can_beat`], [`beating_follows`], [`cheapest_follow`]).
//!
//! # What [`whole_plays`] lists
//!
//! Every candidate contains the pending selection (the cards already selected card by card),
//! so each one can be finished from the current point.
//!
//! * **Lead** (TR-4.3): every legal lead — each single, pair and tractor — in
//!   [`super::for_each_lead`] order. Never narrowed (at most a few dozen).
//! * **Follow** (TR-4.4): if [`super::count_follows`] is at most `limit`, every legal follow,
//!   each multiset once, in [`super::for_each_follow`] order. Otherwise the list is
//!   *narrowed* to
//!   1. every legal follow of the lead's shape that would take the trick now (TR-4.6 –
//!      TR-4.8: a higher pair or tractor of the led suit, or, void in a plain suit, a trump
//!      one), strongest first; then
//!   2. one follow per *class*, the one keeping the best cards (lowest sum of
//!      [`keep_value`]): the class of a follow that cannot follow fully (short or void) is
//!      its (points, number of trumps); of a follow inside the led suit, its (points, number
//!      of pairs). Classes come in increasing (points, trumps or pairs) order.
//!
//!   So a void follower facing a tractor(3) (177,100 legal follows from 25 cards) gets his
//!   winning trump tractors and one representative per (points, trump count): a few dozen.
//! * **Bury** (TR-3.12, any 8 cards): if at most `limit` multisets complete the selection,
//!   all of them; otherwise the greedy policy's bury ([`super::greedy_play`]) followed by one
//!   bury per (points, number of trumps) class, each keeping the best cards.
//!
//! The representatives are built from per-category prefixes (cards grouped by trump or not
//! and by point value 0 / 5 / 10, cheapest first), never by enumerating the legal sets, so
//! the narrowed list costs microseconds whatever the count.

use super::rules::{
    common_suit, count_follows, for_each_follow, for_each_lead, pairs_of, play_key, position_mask,
    restrict, shape_of, Shape,
};
use super::table::{Phase, TractorTable, KITTY_SIZE};
use super::trump::{Trump, TRUMP};
use crate::cards::{Card, CardBag};

/// How much a card is worth keeping (low = cheap to give away): its position in its effective
/// suit (TR-2.9), plus 16 for a trump.
#[inline]
pub fn keep_value(card: Card, trump: &Trump) -> u32 {
    let i = card.index() as usize;
    trump.pos_index(i) as u32 + if trump.eff_index(i) == TRUMP { 16 } else { 0 }
}

/// TR-2.11 for one card.
#[inline]
pub fn card_points(card: Card) -> u32 {
    if card.is_joker() {
        return 0;
    }
    match card.rank() {
        3 => 5,
        8 | 11 => 10,
        _ => 0,
    }
}

fn points_index(card: Card) -> usize {
    match card_points(card) {
        0 => 0,
        5 => 1,
        _ => 2,
    }
}

/// The highest (class, top) key among the plays of `shape` made only of cards of `cards`
/// (all of one effective suit), or `None` if there is none.
fn best_shape_key(cards: CardBag, shape: Shape, trump: &Trump) -> Option<(u8, u8)> {
    let (once, twice) = cards.masks();
    if once == 0 {
        return None;
    }
    let class = u8::from(trump.eff_index(once.trailing_zeros() as usize) == TRUMP);
    let top = match shape {
        Shape::Single => 31 - position_mask(once, trump).leading_zeros(),
        Shape::Pair => {
            if twice == 0 {
                return None;
            }
            31 - position_mask(twice, trump).leading_zeros()
        }
        Shape::Tractor(k) => {
            let pm = position_mask(twice, trump);
            // Highest p such that positions p-k+1..=p are all held as pairs.
            let mut run = pm;
            for _ in 1..k {
                run &= run >> 1;
            }
            if run == 0 {
                return None;
            }
            // `run` bit q means positions q..q+k-1 are held: the top is q + k - 1.
            31 - run.leading_zeros() + u32::from(k) - 1
        }
        Shape::Other => return None,
    };
    Some((class, top as u8))
}

/// Whether a follower holding `hand` has a legal follow to `lead` that beats `winner` (the
/// play winning the trick so far; TR-4.4, TR-4.6, TR-4.7).
pub fn can_beat(hand: CardBag, lead: CardBag, winner: CardBag, trump: &Trump) -> bool {
    let Some(suit) = common_suit(lead, trump) else {
        return false;
    };
    let shape = shape_of(lead, trump);
    let in_suit = restrict(hand, trump.suit_mask(suit));
    let pool = if in_suit.len() >= lead.len() {
        in_suit
    } else if in_suit.is_empty() && suit != TRUMP {
        restrict(hand, trump.suit_mask(TRUMP))
    } else {
        return false; // short: the play mixes suits and cannot contend
    };
    best_shape_key(pool, shape, trump).is_some_and(|k| k > play_key(winner, trump))
}

/// Every legal follow to `lead` from `hand` that is a contender beating `winner` (TR-4.6,
/// TR-4.7), strongest first.
pub fn beating_follows(
    hand: CardBag,
    lead: CardBag,
    winner: CardBag,
    trump: &Trump,
) -> Vec<CardBag> {
    let mut out = Vec::new();
    let Some(suit) = common_suit(lead, trump) else {
        return out;
    };
    let shape = shape_of(lead, trump);
    let in_suit = restrict(hand, trump.suit_mask(suit));
    let pool = if in_suit.len() >= lead.len() {
        in_suit
    } else if in_suit.is_empty() && suit != TRUMP {
        restrict(hand, trump.suit_mask(TRUMP))
    } else {
        return out;
    };
    let to_beat = play_key(winner, trump);
    match best_shape_key(pool, shape, trump) {
        Some(k) if k > to_beat => {}
        _ => return out,
    }
    let (once, twice) = pool.masks();
    match shape {
        Shape::Single | Shape::Pair => {
            let mut k = if shape == Shape::Single { once } else { twice };
            while k != 0 {
                let b = k & k.wrapping_neg();
                k &= k - 1;
                let p = if shape == Shape::Single {
                    CardBag::from_masks(b, 0)
                } else {
                    CardBag::from_masks(b, b)
                }
                .expect("valid bag");
                if play_key(p, trump) > to_beat {
                    out.push(p);
                }
            }
        }
        Shape::Tractor(_) => for_each_lead(restrict(pool, twice), trump, |p| {
            if shape_of(p, trump) == shape && play_key(p, trump) > to_beat {
                out.push(p);
            }
        }),
        Shape::Other => {}
    }
    out.sort_by_key(|p| std::cmp::Reverse(play_key(*p, trump)));
    out
}

/// The cards of `bag` in increasing `cost` order (a kind held twice appears twice).
fn sorted_by(bag: CardBag, mut cost: impl FnMut(Card) -> u32) -> Vec<Card> {
    let mut v: Vec<Card> = bag.iter().collect();
    v.sort_by_key(|&c| (cost(c), c.index()));
    v
}

/// The cheapest legal follow by `cost` (summed per card), built without enumerating: the
/// follower's forced cards and pair duty (TR-4.4) first, then the cheapest cards. With
/// `want_points` the cost favours point cards instead (dumping points to a partner).
pub fn cheapest_follow(hand: CardBag, lead: CardBag, trump: &Trump, want_points: bool) -> CardBag {
    let cost = |c: Card| -> u32 {
        let pts = card_points(c);
        let keep = keep_value(c, trump);
        if want_points {
            1000 - 90 * pts + keep
        } else {
            90 * pts + keep
        }
    };
    let suit = common_suit(lead, trump).unwrap_or(TRUMP);
    let n = lead.len();
    let in_suit = restrict(hand, trump.suit_mask(suit));
    if in_suit.len() < n {
        // TR-4.4 rule 2: all of the led suit, then the cheapest others.
        let mut out = in_suit;
        for c in sorted_by(hand.difference(in_suit), cost)
            .into_iter()
            .take(n - in_suit.len())
        {
            out.insert(c);
        }
        return out;
    }
    // TR-4.4 rule 1: as many pairs of the led suit as possible (up to the lead's), then singles.
    let need_pairs = shape_of(lead, trump).pairs().min(pairs_of(in_suit)) as usize;
    let mut out = CardBag::EMPTY;
    if need_pairs > 0 {
        let (_, twice) = in_suit.masks();
        let pairs = sorted_by(CardBag::from_masks(twice, 0).expect("kinds"), cost);
        for c in pairs.into_iter().take(need_pairs) {
            out.insert(c);
            out.insert(c);
        }
    }
    for c in sorted_by(in_suit.difference(out), cost)
        .into_iter()
        .take(n - out.len())
    {
        out.insert(c);
    }
    out
}

/// Calls `f` with every vector `x` (`x[i] ≤ caps[i]`, `Σ x = total`).
fn for_each_split(caps: &[usize], total: usize, f: &mut impl FnMut(&[usize])) {
    fn rec(
        caps: &[usize],
        i: usize,
        left: usize,
        cur: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]),
    ) {
        if i == caps.len() {
            if left == 0 {
                f(cur);
            }
            return;
        }
        let room: usize = caps[i + 1..].iter().sum();
        let low = left.saturating_sub(room);
        for x in low..=left.min(caps[i]) {
            cur[i] = x;
            rec(caps, i + 1, left - x, cur, f);
        }
        cur[i] = 0;
    }
    let mut cur = vec![0; caps.len()];
    rec(caps, 0, total, &mut cur, f);
}

/// Best (cheapest) representative per class key, in key order.
#[derive(Default)]
struct Classes {
    reps: std::collections::BTreeMap<(u32, u32), (u32, CardBag)>,
}

impl Classes {
    fn offer(&mut self, key: (u32, u32), cost: u32, play: CardBag) {
        let slot = self.reps.entry(key).or_insert((cost, play));
        if (cost, play) < *slot {
            *slot = (cost, play);
        }
    }
    fn sorted(self) -> Vec<CardBag> {
        self.reps.into_values().map(|r| r.1).collect()
    }
}

/// One set per (points, trumps) class: `forced` plus `m` cards of `pool`, taking per category
/// (trump or not × point value) the cheapest cards by [`keep_value`].
fn free_class_reps(forced: CardBag, pool: CardBag, m: usize, trump: &Trump) -> Vec<CardBag> {
    let mut lists: [Vec<Card>; 6] = Default::default();
    for c in sorted_by(pool, |c| keep_value(c, trump)) {
        let t = usize::from(trump.is_trump(c));
        lists[3 * t + points_index(c)].push(c);
    }
    let caps: Vec<usize> = lists.iter().map(Vec::len).collect();
    let mut classes = Classes::default();
    for_each_split(&caps, m, &mut |x| {
        let mut play = forced;
        let mut cost = 0;
        for (list, &take) in lists.iter().zip(x) {
            for &c in &list[..take] {
                play.insert(c);
                cost += keep_value(c, trump);
            }
        }
        let trumps = restrict(play, trump.suit_mask(TRUMP)).len() as u32;
        classes.offer((super::points(play), trumps), cost, play);
    });
    classes.sorted()
}

/// One follow per (points, pairs) class inside the led suit: `forced` plus `m` cards of
/// `pool` (the rest of the suit) with at least `min_pairs` pairs in all (TR-4.4 rule 1).
fn suit_class_reps(
    forced: CardBag,
    pool: CardBag,
    m: usize,
    min_pairs: u32,
    trump: &Trump,
) -> Vec<CardBag> {
    let (_, twice) = pool.masks();
    let mut pair_lists: [Vec<Card>; 3] = Default::default();
    for c in sorted_by(CardBag::from_masks(twice, 0).expect("kinds"), |c| {
        keep_value(c, trump)
    }) {
        pair_lists[points_index(c)].push(c);
    }
    let pair_caps: Vec<usize> = pair_lists.iter().map(|l| l.len().min(m / 2)).collect();
    let mut classes = Classes::default();
    for pairs_taken in 0..=m / 2 {
        for_each_split(&pair_caps, pairs_taken, &mut |x| {
            let mut play = forced;
            let mut cost = 0;
            let mut used = CardBag::EMPTY;
            for (list, &take) in pair_lists.iter().zip(x) {
                for &c in &list[..take] {
                    for _ in 0..2 {
                        play.insert(c);
                        used.insert(c);
                    }
                    cost += 2 * keep_value(c, trump);
                }
            }
            // Singles: one copy of each kind before any second copy, so that a prefix makes
            // no pair it does not need.
            let rest = pool.difference(used);
            let (once, twice) = rest.masks();
            let mut single_lists: [Vec<Card>; 3] = Default::default();
            let firsts = CardBag::from_masks(once, 0).expect("kinds");
            let seconds = CardBag::from_masks(twice, 0).expect("kinds");
            for bag in [firsts, seconds] {
                for c in sorted_by(bag, |c| keep_value(c, trump)) {
                    single_lists[points_index(c)].push(c);
                }
            }
            let caps: Vec<usize> = single_lists.iter().map(Vec::len).collect();
            for_each_split(&caps, m - 2 * pairs_taken, &mut |y| {
                let mut p = play;
                let mut c2 = cost;
                for (list, &take) in single_lists.iter().zip(y) {
                    for &c in &list[..take] {
                        p.insert(c);
                        c2 += keep_value(c, trump);
                    }
                }
                let pairs = pairs_of(p);
                if pairs >= min_pairs {
                    classes.offer((super::points(p), pairs), c2, p);
                }
            });
        });
    }
    classes.sorted()
}

/// The number of sub-multisets of `pool` with `m` cards.
fn count_subsets(pool: CardBag, m: usize) -> u64 {
    let mut dp = vec![0u64; m + 1];
    dp[0] = 1;
    let (once, twice) = pool.masks();
    let mut k = once;
    while k != 0 {
        let b = k & k.wrapping_neg();
        k &= k - 1;
        let copies = if twice & b != 0 { 2 } else { 1 };
        for size in (0..=m).rev() {
            let mut add = 0u64;
            for take in 1..=copies {
                if size >= take {
                    add = add.saturating_add(dp[size - take]);
                }
            }
            dp[size] = dp[size].saturating_add(add);
        }
    }
    dp[m]
}

/// Every sub-multiset of `pool` with `m` cards, each added to `base`.
fn each_subset(base: CardBag, pool: CardBag, m: usize, out: &mut Vec<CardBag>) {
    let kinds: Vec<(Card, usize)> = pool
        .kinds()
        .iter()
        .map(|c| (c, pool.count(c) as usize))
        .collect();
    fn rec(kinds: &[(Card, usize)], m: usize, cur: CardBag, out: &mut Vec<CardBag>) {
        if m == 0 {
            out.push(cur);
            return;
        }
        let Some((&(c, copies), rest)) = kinds.split_first() else {
            return;
        };
        for take in (0..=copies.min(m)).rev() {
            let mut next = cur;
            for _ in 0..take {
                next.insert(c);
            }
            rec(rest, m - take, next, out);
        }
    }
    rec(&kinds, m, base, out);
}

fn push_unique(out: &mut Vec<CardBag>, play: CardBag) {
    if !out.contains(&play) {
        out.push(play);
    }
}

/// The candidate whole plays of the player to act (see the module documentation); empty once
/// the deal is over.
pub fn whole_plays(table: &TractorTable, limit: usize) -> Vec<CardBag> {
    let Some(seat) = table.current_player() else {
        return Vec::new();
    };
    let trump = *table.trump();
    let hand = table.hand(seat);
    let sel = table.selection();
    let mut out = Vec::new();
    match table.phase() {
        Phase::Over => {}
        Phase::Bury => {
            let pool = hand.difference(sel);
            let m = KITTY_SIZE - sel.len();
            if count_subsets(pool, m) <= limit as u64 {
                each_subset(sel, pool, m, &mut out);
            } else {
                if sel.is_empty() {
                    out.push(super::policy::greedy_bury(hand, &trump));
                }
                for p in free_class_reps(sel, pool, m, &trump) {
                    push_unique(&mut out, p);
                }
            }
        }
        Phase::Play => match table.lead() {
            None => for_each_lead(hand, &trump, |p| {
                if sel.is_subset(p) {
                    out.push(p);
                }
            }),
            Some(lead) => {
                if count_follows(hand, lead, &trump) <= limit as u64 {
                    for_each_follow(hand, lead, &trump, |p| {
                        if sel.is_subset(p) {
                            out.push(p);
                        }
                        true
                    });
                } else {
                    let winner = current_winner(table).1;
                    for p in beating_follows(hand, lead, winner, &trump) {
                        if sel.is_subset(p) {
                            out.push(p);
                        }
                    }
                    let suit = common_suit(lead, &trump).unwrap_or(TRUMP);
                    let in_suit = restrict(hand, trump.suit_mask(suit));
                    let n = lead.len();
                    let reps = if in_suit.len() < n {
                        let forced = in_suit.union(sel);
                        free_class_reps(forced, hand.difference(forced), n - forced.len(), &trump)
                    } else {
                        let min_pairs = shape_of(lead, &trump).pairs().min(pairs_of(in_suit));
                        suit_class_reps(
                            sel,
                            in_suit.difference(sel),
                            n - sel.len(),
                            min_pairs,
                            &trump,
                        )
                    };
                    for p in reps {
                        push_unique(&mut out, p);
                    }
                }
            }
        },
    }
    out
}

/// (seat, play) winning the current trick so far (the lead if nobody has beaten it).
pub fn current_winner(table: &TractorTable) -> (usize, CardBag) {
    let leader = table.leader();
    let n = table.trick_len();
    let plays: Vec<CardBag> = (0..n).map(|k| table.trick_play((leader + k) % 4)).collect();
    if plays.is_empty() {
        return (leader, CardBag::EMPTY);
    }
    let w = super::rules::trick_winner(&plays, table.trump());
    ((leader + w) % 4, plays[w])
}
