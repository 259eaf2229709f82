//! The greedy bridge policy: a cheap natural bidding rule and a card-play rule, the rollout
//! policy of `playout_returns(policy="greedy")`. It decides from the seat's own hand and public
//! facts only (the calls, the played cards, dummy once exposed, and for the declaring side the
//! partner's hand it controls), never from a hidden hand.
//!
//! # Bidding (per call)
//! Points are high-card points (A 4, K 3, Q 2, J 1); with a fit, shortness adds 3 / 2 / 1 for a
//! void / singleton / doubleton. What partner has shown is read back from his calls with the same
//! thresholds this rule bids with ([`shown`]): an opening shows 12+ (1NT 15, 2NT 20, a weak two
//! or three 5+), an overcall 8+, a response in a new suit 6+, a raise or NT bid the points its
//! level needs minus what the partner had shown.
//!
//! * **Opening** (nobody has bid): 1NT with 15–17 balanced, 2NT with 20–21 balanced; 1 of the
//!   longest major with 12+ (or the rule of 20) and a 5-card major, else 1 of the longer minor;
//!   a weak 2 (3 with seven cards) in a six-card suit other than clubs with 5–10; else pass.
//! * **Overcall** (opponents have bid, our side not): 1NT with 15–18 balanced and their suits
//!   stopped; a five-card suit at the cheapest level (1 with 8+, 2 with 11+); else pass.
//! * **Our side has bid**: with an eight-card fit in a suit partner showed, bid it at the level
//!   the combined points reach (2: 18, 3: 23, 4: 25 in a major, 5: 29 in a minor, 6: 33, 7: 37;
//!   3NT instead of 4–5 of a minor when balanced with 25+ HCP); facing NT, a five-card major at
//!   2 (4 with 25+), else NT by combined HCP (1: up to 22, 2: 23, 3: 25, 6: 33, 7: 37); with no
//!   fit, a six-card suit at its level, a new five-card suit at the cheapest level (1 with 6+,
//!   2 with 10+), or NT when balanced. A bid is made only if it outranks the current one.
//! * **Doubles** (penalty only): of an opponents' undoubled contract at level 3+ when the
//!   combined points reach 23, or at level 2+ holding four of their trumps and 10+. Never a
//!   redouble.
//!
//! # Card play (per card)
//! *Masters* are cards higher than every unplayed card of their suit the seat cannot see.
//!
//! * **Lead**: the declaring side in a suit contract draws trumps with a master trump while the
//!   opponents may hold trumps; otherwise cash a side-suit master (from the longest suit), else
//!   lead the lowest card of the longest side suit (trumps last).
//! * **Follow suit**: second hand low; third hand plays the cheapest master it holds, else its
//!   highest card if that beats the current winner, else low; fourth hand wins as cheaply as it
//!   can; low whenever partner is already winning with a master (or plays last behind partner).
//! * **Void**: ruff with the cheapest trump that wins (overruff if needed) unless partner is
//!   winning safely; otherwise discard the lowest card of the longest side suit.

use super::{Auction, BridgeDeal, Call, DEALER, NO_TRUMP};
use crate::cards::{Card, CardSet};
use crate::tricks::trick::TrickState;
use crate::tricks::trump::SUIT_MASKS;

/// High-card points: A 4, K 3, Q 2, J 1.
pub fn hcp(hand: CardSet) -> u32 {
    let rank = |r: u32| (hand.0 >> (4 * r)) & 0xF;
    4 * rank(12).count_ones()
        + 3 * rank(11).count_ones()
        + 2 * rank(10).count_ones()
        + rank(9).count_ones()
}

/// Cards per suit (c d h s).
pub fn suit_lengths(hand: CardSet) -> [u8; 4] {
    [0, 1, 2, 3].map(|s| (hand.0 & SUIT_MASKS[s]).count_ones() as u8)
}

/// No void or singleton and at most one doubleton (4333, 4432, 5332).
pub fn balanced(lens: &[u8; 4]) -> bool {
    lens.iter().all(|&l| l >= 2) && lens.iter().filter(|&&l| l == 2).count() <= 1
}

/// Distribution points with a trump fit: void 3, singleton 2, doubleton 1 outside trumps.
fn shortness(lens: &[u8; 4], trump: u8) -> u32 {
    (0..4)
        .filter(|&s| s != trump as usize)
        .map(|s| match lens[s] {
            0 => 3,
            1 => 2,
            2 => 1,
            _ => 0,
        })
        .sum()
}

fn is_major(strain: u8) -> bool {
    strain == 2 || strain == 3
}

/// The level combined points reach in a suit contract.
fn suit_level(points: u32, strain: u8) -> u8 {
    match points {
        0..=17 => 1,
        18..=22 => 2,
        23..=24 => 3,
        25..=28 => 4,
        29..=32 if is_major(strain) => 4,
        29..=32 => 5,
        33..=36 => 6,
        _ => 7,
    }
}

/// The level combined high-card points reach in no-trump.
fn nt_level(points: u32) -> u8 {
    match points {
        0..=22 => 1,
        23..=24 => 2,
        25..=32 => 3,
        33..=36 => 6,
        _ => 7,
    }
}

/// The combined points a bid at `level` in `strain` promises (the inverse of the tables).
fn points_for(level: u8, strain: u8) -> u32 {
    let suit = [0, 0, 18, 23, 25, 29, 33, 37];
    let nt = [0, 18, 23, 25, 29, 29, 33, 37];
    let table = if strain == NO_TRUMP { &nt } else { &suit };
    table[level.min(7) as usize]
}

/// What a seat's calls have shown, as this policy reads them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The seat has made a bid.
    pub bid: bool,
    /// Points it has shown at least.
    pub min: u32,
    /// Cards it has shown at least in each suit.
    pub len: [u8; 4],
    /// Its last bid was in no-trump.
    pub nt: bool,
}

/// What each seat's bids have shown (see the module documentation).
pub fn shown(calls: &[Call]) -> [Shown; 4] {
    let mut info = [Shown::default(); 4];
    let mut any_bid = false;
    for (k, call) in calls.iter().enumerate() {
        let Call::Bid(v) = *call else { continue };
        let x = (DEALER + k) % 4;
        let (level, strain) = (v / 5 + 1, v % 5);
        let partner = info[(x + 2) % 4];
        let me = &mut info[x];
        let nt = strain == NO_TRUMP;
        if !any_bid {
            // An opening.
            if nt {
                me.min = me.min.max(match level {
                    1 => 15,
                    2 => 20,
                    _ => 8,
                });
                me.len = me.len.map(|l| l.max(2));
            } else if level >= 2 {
                me.min = me.min.max(5);
                me.len[strain as usize] = me.len[strain as usize].max(4 + level.min(3));
            } else {
                me.min = me.min.max(12);
                let shows = if is_major(strain) { 5 } else { 3 };
                me.len[strain as usize] = me.len[strain as usize].max(shows);
            }
        } else if !me.bid && !partner.bid {
            // An overcall.
            me.min = me.min.max(if nt { 15 } else { 8 });
            if nt {
                me.len = me.len.map(|l| l.max(2));
            } else {
                me.len[strain as usize] = me.len[strain as usize].max(5);
            }
        } else if partner.bid {
            let fit = !nt && partner.len[strain as usize] >= 3;
            if fit || nt {
                let need = points_for(level, strain).saturating_sub(partner.min);
                me.min = me.min.max(need).max(6);
                if fit {
                    let support = 8u8.saturating_sub(partner.len[strain as usize]);
                    me.len[strain as usize] = me.len[strain as usize].max(support);
                }
            } else {
                me.min = me.min.max(if level == 1 { 6 } else { 10 });
                let shows = if me.len[strain as usize] >= 4 { 6 } else { 4 };
                me.len[strain as usize] = me.len[strain as usize].max(shows);
            }
        } else if !nt {
            // A rebid with a silent partner: the same suit shows six, a new one four.
            let shows = if me.len[strain as usize] >= 3 { 6 } else { 4 };
            me.len[strain as usize] = me.len[strain as usize].max(shows);
        }
        me.nt = nt;
        me.bid = true;
        any_bid = true;
    }
    info
}

/// The bid of `level` in `strain` if it is legal for the seat to call now.
fn bid(auction: &Auction, seat: usize, level: u8, strain: u8) -> Option<Call> {
    let call = Call::bid(level, strain)?;
    auction.can_call(seat, call).ok().map(|_| call)
}

/// The cheapest level at which `strain` outranks the current bid.
fn cheapest(auction: &Auction, strain: u8) -> u8 {
    match auction.high_bid() {
        None => 1,
        Some((Call::Bid(v), _, _)) => (1..=7u8).find(|&l| 5 * (l - 1) + strain > v).unwrap_or(8),
        Some(_) => 1,
    }
}

/// The greedy call of the seat to call (see the module documentation).
pub fn greedy_call(auction: &Auction, hand: CardSet) -> Call {
    let Some(seat) = auction.to_call() else {
        return Call::Pass;
    };
    decide(auction, seat, hand).unwrap_or(Call::Pass)
}

fn decide(auction: &Auction, seat: usize, hand: CardSet) -> Option<Call> {
    let h = hcp(hand);
    let lens = suit_lengths(hand);
    let bal = balanced(&lens);
    let info = shown(auction.calls());
    let me = info[seat];
    let partner = info[(seat + 2) % 4];
    let opponents_bid = info[(seat + 1) % 4].bid || info[(seat + 3) % 4].bid;

    if !me.bid && !partner.bid {
        if !opponents_bid {
            return opening(auction, seat, h, &lens, bal);
        }
        return overcall(auction, seat, hand, h, &lens, bal, &info)
            .or_else(|| penalty_double(auction, seat, h, &lens, &partner));
    }

    // Our side has bid: a fit in a suit partner showed?
    let mut fit: Option<u8> = None;
    for s in 0..4u8 {
        let total = lens[s as usize] + partner.len[s as usize];
        if partner.len[s as usize] > 0 && total >= 8 {
            let better = match fit {
                None => true,
                Some(f) => {
                    (is_major(s), total) > (is_major(f), lens[f as usize] + partner.len[f as usize])
                }
            };
            if better {
                fit = Some(s);
            }
        }
    }
    let choice = if let Some(s) = fit {
        let total = h + shortness(&lens, s) + partner.min;
        let level = suit_level(total, s);
        if !is_major(s) && (4..=5).contains(&level) && bal && h + partner.min >= 25 {
            bid(auction, seat, 3, NO_TRUMP).or_else(|| bid(auction, seat, level, s))
        } else {
            bid(auction, seat, level, s)
        }
    } else if partner.nt {
        let major = [3u8, 2].into_iter().find(|&s| lens[s as usize] >= 5);
        match major {
            Some(s) => {
                let level = if h + shortness(&lens, s) + partner.min >= 25 {
                    4
                } else {
                    2
                };
                bid(auction, seat, level, s)
            }
            None => bid(auction, seat, nt_level(h + partner.min), NO_TRUMP),
        }
    } else {
        no_fit(auction, seat, h, &lens, bal, &me, &partner)
    };
    choice.or_else(|| penalty_double(auction, seat, h, &lens, &partner))
}

fn opening(auction: &Auction, seat: usize, h: u32, lens: &[u8; 4], bal: bool) -> Option<Call> {
    if bal && (15..=17).contains(&h) {
        return bid(auction, seat, 1, NO_TRUMP);
    }
    if bal && (20..=21).contains(&h) {
        return bid(auction, seat, 2, NO_TRUMP);
    }
    let mut sorted = *lens;
    sorted.sort_unstable();
    let two_longest = (sorted[3] + sorted[2]) as u32;
    if h >= 12 || (h >= 10 && h + two_longest >= 20) {
        let major = if lens[3] >= 5 && lens[3] >= lens[2] {
            Some(3)
        } else if lens[2] >= 5 {
            Some(2)
        } else {
            None
        };
        let suit = major.unwrap_or(if lens[1] >= 4 && lens[1] >= lens[0] {
            1
        } else {
            0
        });
        return bid(auction, seat, 1, suit);
    }
    if (5..=10).contains(&h) {
        if let Some(s) = (1..4u8).rev().find(|&s| lens[s as usize] >= 6) {
            let level = if lens[s as usize] >= 7 { 3 } else { 2 };
            return bid(auction, seat, level, s);
        }
    }
    None
}

/// A stopper in a suit: the ace, a guarded king, a twice-guarded queen, or four cards.
fn stopped(hand: CardSet, suit: usize) -> bool {
    let cards = hand.0 & SUIT_MASKS[suit];
    let len = cards.count_ones();
    let has = |rank: u32| cards >> (4 * rank + suit as u32) & 1 == 1;
    has(12) || (has(11) && len >= 2) || (has(10) && len >= 3) || len >= 4
}

fn overcall(
    auction: &Auction,
    seat: usize,
    hand: CardSet,
    h: u32,
    lens: &[u8; 4],
    bal: bool,
    info: &[Shown; 4],
) -> Option<Call> {
    let their = |s: usize| info[(seat + 1) % 4].len[s] >= 3 || info[(seat + 3) % 4].len[s] >= 3;
    if bal && (15..=18).contains(&h) && (0..4).all(|s| !their(s) || stopped(hand, s)) {
        if let Some(c) = bid(auction, seat, 1, NO_TRUMP) {
            return Some(c);
        }
    }
    let suit = (0..4u8)
        .filter(|&s| lens[s as usize] >= 5 && !their(s as usize))
        .max_by_key(|&s| (lens[s as usize], s))?;
    let level = cheapest(auction, suit);
    let enough = match level {
        1 => h >= 8,
        2 => h >= 11,
        _ => false,
    };
    enough.then(|| bid(auction, seat, level, suit)).flatten()
}

fn no_fit(
    auction: &Auction,
    seat: usize,
    h: u32,
    lens: &[u8; 4],
    bal: bool,
    me: &Shown,
    partner: &Shown,
) -> Option<Call> {
    // A six-card suit plays opposite two cards.
    if let Some(s) = (0..4u8)
        .filter(|&s| lens[s as usize] >= 6)
        .max_by_key(|&s| (lens[s as usize], s))
    {
        let partner_min = if partner.bid { partner.min } else { 0 };
        let level = suit_level(h + shortness(lens, s) + partner_min, s).max(1);
        let at = cheapest(auction, s).max(if me.len[s as usize] >= 6 { level } else { 1 });
        if at <= level || (at <= 2 && h >= 12) {
            if let Some(c) = bid(auction, seat, at.min(level.max(at)), s) {
                return Some(c);
            }
        }
    }
    if partner.bid {
        // A new five-card suit, cheaply.
        if let Some(s) = (0..4u8)
            .filter(|&s| {
                lens[s as usize] >= 5 && me.len[s as usize] < 4 && partner.len[s as usize] == 0
            })
            .max_by_key(|&s| (lens[s as usize], s))
        {
            let level = cheapest(auction, s);
            if (level == 1 && h >= 6) || (level == 2 && h >= 10) {
                if let Some(c) = bid(auction, seat, level, s) {
                    return Some(c);
                }
            }
        }
        if h >= 6 && (bal || lens.iter().all(|&l| l >= 1)) {
            let level = nt_level(h + partner.min);
            if level >= cheapest(auction, NO_TRUMP) {
                return bid(auction, seat, level, NO_TRUMP);
            }
        }
    }
    None
}

fn penalty_double(
    auction: &Auction,
    seat: usize,
    h: u32,
    lens: &[u8; 4],
    partner: &Shown,
) -> Option<Call> {
    let (Call::Bid(v), bidder, 0) = auction.high_bid()? else {
        return None;
    };
    if bidder % 2 == seat % 2 {
        return None;
    }
    let (level, strain) = (v / 5 + 1, v % 5);
    let combined = h + partner.min;
    let trumps = if strain == NO_TRUMP {
        0
    } else {
        lens[strain as usize]
    };
    let double = (level >= 3 && combined >= 23) || (level >= 2 && trumps >= 4 && h >= 10);
    (double && auction.can_call(seat, Call::Double).is_ok()).then_some(Call::Double)
}

// ---- card play --------------------------------------------------------------------------------

/// The highest card of a mask inside one suit (bit order is rank order within a suit).
fn highest(mask: u64) -> Option<Card> {
    (mask != 0).then(|| Card::from_index(63 - mask.leading_zeros() as u8).expect("card bit"))
}

fn lowest(mask: u64) -> Option<Card> {
    (mask != 0).then(|| Card::from_index(mask.trailing_zeros() as u8).expect("card bit"))
}

/// The cards of `mine` in `suit` higher than every card of `others` in that suit.
fn masters(mine: u64, others: u64, suit: usize) -> u64 {
    let mine = mine & SUIT_MASKS[suit];
    let top = others & SUIT_MASKS[suit];
    if top == 0 {
        return mine;
    }
    let above = !((1u64 << (64 - top.leading_zeros())) - 1);
    mine & above
}

/// The lowest card of the longest suit among `mask` (ties: the lower suit), skipping `avoid`
/// suits while another suit is left.
fn low_from_longest(mask: u64, avoid: Option<u8>) -> Card {
    let pick = |skip: Option<u8>| {
        (0..4usize)
            .filter(|&s| Some(s as u8) != skip && mask & SUIT_MASKS[s] != 0)
            .max_by_key(|&s| ((mask & SUIT_MASKS[s]).count_ones(), std::cmp::Reverse(s)))
    };
    let suit = pick(avoid).or_else(|| pick(None)).expect("a card to play");
    lowest(mask & SUIT_MASKS[suit]).expect("non-empty suit")
}

/// The greedy card for the seat due in `deal`'s play (see the module documentation).
pub fn greedy_card(deal: &BridgeDeal) -> Card {
    let play = deal.play.as_ref().expect("play phase");
    let seat = play.current_player().expect("a card is due");
    let declarer = deal.declarer().expect("a contract");
    let declaring = seat % 2 == declarer % 2;
    // The declaring side's chooser holds both its hands; a defender places none of the others'.
    let partner = if declaring {
        play.hand((seat + 2) % 4).0
    } else {
        0
    };
    let unplayed = play.hands().iter().fold(0u64, |a, h| a | h.0);
    let threats = unplayed & !play.hand(seat).0 & !partner;
    choose(play, seat, threats, declaring)
}

/// The card for `seat`; `threats` are the unplayed cards that may lie with an opponent as far
/// as the seat can tell.
fn choose(play: &TrickState, seat: usize, threats: u64, declaring: bool) -> Card {
    let rules = play.rules();
    let trumps = rules.trumps().0;
    let trump = rules.trump();
    let hand = play.hand(seat).0;
    let legal = play.legal_cards().0;
    let (leader, trick) = play.current_trick();
    if trick.is_empty() {
        return lead(hand, threats, trumps, trump, declaring);
    }
    let pos = trick.len();
    let led = rules.effective_suit(trick[0]) as usize;
    let win_k = rules.winner(trick);
    let win_card = trick[win_k];
    let partner_winning = (leader + win_k) % 4 == (seat + 2) % 4;
    let beats = |c: Card| rules.beats(c, win_card, led as u8);
    let winning_safely = partner_winning
        && (pos == 3 || {
            let suit = rules.effective_suit(win_card) as usize;
            let higher = threats & SUIT_MASKS[suit] & rank_above(win_card) != 0;
            let ruff = !rules.is_trump(win_card) && threats & trumps != 0;
            !higher && !ruff
        });
    let cheapest_winner = |mask: u64| -> Option<Card> {
        let mut m = mask;
        while m != 0 {
            let c = Card::from_index(m.trailing_zeros() as u8).expect("bit");
            if beats(c) {
                return Some(c);
            }
            m &= m - 1;
        }
        None
    };
    if legal & SUIT_MASKS[led] != 0 {
        // Following suit.
        let low = lowest(legal).expect("legal card");
        if winning_safely {
            return low;
        }
        return match pos {
            1 => low,
            2 => {
                let m = masters(legal, threats, led);
                if let Some(c) = lowest(m).filter(|&c| beats(c)) {
                    c
                } else {
                    match highest(legal) {
                        Some(c) if beats(c) => c,
                        _ => low,
                    }
                }
            }
            _ => cheapest_winner(legal).unwrap_or(low),
        };
    }
    // Void in the suit led: ruff unless partner is winning safely, else discard low.
    if !winning_safely && legal & trumps != 0 {
        if let Some(c) = cheapest_winner(legal & trumps) {
            return c;
        }
    }
    let side = legal & !trumps;
    discard_low(if side != 0 { side } else { legal })
}

/// Every card bit above `card`'s (within a suit: every higher rank).
fn rank_above(card: Card) -> u64 {
    !((1u64 << (card.index() as u32 + 1)) - 1)
}

/// The lowest-ranked card of `mask`, from the longest suit on a tie.
fn discard_low(mask: u64) -> Card {
    let low = lowest(mask).expect("a card").rank() as u32;
    let of_rank = mask & (0xFu64 << (4 * low));
    let suit = (0..4usize)
        .filter(|&s| of_rank >> (4 * low + s as u32) & 1 == 1)
        .max_by_key(|&s| ((mask & SUIT_MASKS[s]).count_ones(), std::cmp::Reverse(s)))
        .expect("a card of that rank");
    Card::new(low as u8, suit as u8).expect("card")
}

fn lead(hand: u64, threats: u64, trumps: u64, trump: Option<u8>, declaring: bool) -> Card {
    if let Some(t) = trump {
        if declaring && threats & trumps != 0 {
            if let Some(c) = highest(masters(hand, threats, t as usize)) {
                return c;
            }
        }
    }
    // Cash a side-suit master, from the longest suit.
    let mut best: Option<(u32, Card)> = None;
    for (s, &suit_mask) in SUIT_MASKS.iter().enumerate() {
        if Some(s as u8) == trump {
            continue;
        }
        if let Some(c) = highest(masters(hand, threats, s)) {
            let len = (hand & suit_mask).count_ones();
            if best.is_none_or(|(l, _)| len > l) {
                best = Some((len, c));
            }
        }
    }
    if let Some((_, c)) = best {
        return c;
    }
    low_from_longest(hand, trump)
}
