//! Playouts of the betting games from any decision: the rest of a Hold'em hand or of a One
//! Poker deal under a rollout policy, settled by the rules, many at a time.
//!
//! A playout plays the state it is given and nothing else: the deck order of a Hold'em hand
//! (HE-3.10) is part of that state, so every playout of one state deals the same board and the
//! playouts differ only by the policy's choices. To average over what a player does not know,
//! play out resampled states ([`HoldemHand::resample`], [`OnePokerDeal::resample`]).
//!
//! Policies (the same rule for every seat; they read only what the seat to act may see: its own
//! cards, the board, the signals, the chips and bets — never another player's cards):
//!
//! * [`Policy::Random`] — uniform over the listed actions ([`Candidates`]: fold when legal,
//!   check or call, the distinct amounts among min raise, half pot, pot and all-in); a One Poker
//!   lock is uniform over the distinct cards of the hand. With a continuum of legal amounts,
//!   "random" means random over that listing, not over every chip amount.
//! * [`Policy::Greedy`] — a cheap hand-strength rule. Hold'em preflop scores the two hole cards
//!   with the Chen formula, postflop classifies the made hand (category of the best five, and
//!   whether the hole cards improve on the board; top pair or an overpair; flush and straight
//!   draws). One Poker locks the card with the better expected result against the opponent's
//!   locked card given his public signal (2 beats A, OP-2.3), and bets by that expectation.
//!   The strength falls in one of four buckets, and then: strong — bet or raise (the pot
//!   preflop, ¾ of the pot later), else call; good — bet half the pot half the time when
//!   nothing is owed, call when the price (owed / (pot + owed)) is at most a third, else mostly
//!   fold; marginal — check, call at a price up to a quarter, bluff-bet rarely; weak — check,
//!   fold to a bet unless it costs under a tenth of the pot, bluff-bet rarely. The mixing keeps
//!   playouts of one state varied and the policy hard to exploit.
//!
//! Playout `i` of a call draws from its own generator seeded by
//! [`playout_seed`]`(seed, i)`, so the results depend on `seed` only, never on the number of
//! threads or on how the calls are split into chunks.

use super::actions::Candidates;
use super::holdem::HoldemHand;
use super::one_poker::{compare, OnePokerDeal, Phase};
use super::round::Legal;
use super::Bet;
use crate::cards::Card;
use crate::climbing::playout::playout_seed;
use crate::poker::{category, evaluate_indices, Category};
use crate::rng::Rng;
use std::cmp::Ordering;

/// A rollout policy (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    Random,
    Greedy,
}

impl Policy {
    /// `"random"` or `"greedy"`.
    pub fn parse(name: &str) -> Option<Policy> {
        match name {
            "random" => Some(Policy::Random),
            "greedy" => Some(Policy::Greedy),
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Strength buckets and the betting rule shared by both games.

/// 0 weak, 1 marginal, 2 good, 3 strong.
type Bucket = u8;

/// The Chen formula score of two hole cards (rounded up; -1 ..= 20).
pub fn chen_score(hole: [Card; 2]) -> i32 {
    let (a, b) = (hole[0].rank(), hole[1].rank());
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    let points = |r: u8| -> f32 {
        match r {
            12 => 10.0,
            11 => 8.0,
            10 => 7.0,
            9 => 6.0,
            r => f32::from(r + 2) / 2.0,
        }
    };
    let mut score = points(hi);
    if hi == lo {
        score = (score * 2.0).max(5.0);
    } else {
        if hole[0].suit() == hole[1].suit() {
            score += 2.0;
        }
        let gap = hi - lo - 1;
        score -= match gap {
            0 => 0.0,
            1 => 1.0,
            2 => 2.0,
            3 => 4.0,
            _ => 5.0,
        };
        if gap <= 1 && hi < 10 {
            score += 1.0; // connected below the queen: straights both ways
        }
    }
    score.ceil() as i32
}

fn preflop_bucket(hole: [Card; 2]) -> Bucket {
    match chen_score(hole) {
        s if s >= 10 => 3,
        8 | 9 => 2,
        6 | 7 => 1,
        _ => 0,
    }
}

/// The category the board alone shows (3-5 cards: by rank counts below five).
fn board_category(board: &[Card]) -> Category {
    if board.len() == 5 {
        let idx: Vec<u8> = board.iter().map(|c| c.index()).collect();
        return category(evaluate_indices(&idx));
    }
    let mut counts = [0u8; 13];
    for c in board {
        counts[c.rank() as usize] += 1;
    }
    let pairs = counts.iter().filter(|&&n| n == 2).count();
    match counts.iter().max().copied().unwrap_or(0) {
        4 => Category::FourOfAKind,
        3 => Category::ThreeOfAKind,
        2 if pairs >= 2 => Category::TwoPair,
        2 => Category::OnePair,
        _ => Category::HighCard,
    }
}

/// A four-card flush or straight draw that uses a hole card (board of 3 or 4 cards).
fn has_draw(hole: [Card; 2], board: &[Card]) -> bool {
    if board.len() >= 5 {
        return false;
    }
    let all = || hole.iter().chain(board.iter());
    for suit in 0..4u8 {
        let n = all().filter(|c| c.suit() == Some(suit)).count();
        if n == 4 && hole.iter().any(|c| c.suit() == Some(suit)) {
            return true;
        }
    }
    // Rank bits with the ace also low (bit 0 = ace-low, bit r + 1 = rank r).
    let bits = |cards: &mut dyn Iterator<Item = &Card>| -> u16 {
        cards.fold(0u16, |m, c| {
            let r = c.rank();
            m | (1 << (r + 1)) | if r == 12 { 1 } else { 0 }
        })
    };
    let every = bits(&mut all());
    let mine = bits(&mut hole.iter());
    (0..=9).any(|low| {
        let window = 0b11111u16 << low;
        (every & window).count_ones() == 4 && (mine & window) != 0
    })
}

fn postflop_bucket(hole: [Card; 2], board: &[Card]) -> Bucket {
    let mut idx = [0u8; 7];
    idx[0] = hole[0].index();
    idx[1] = hole[1].index();
    for (k, c) in board.iter().enumerate() {
        idx[2 + k] = c.index();
    }
    let cat = category(evaluate_indices(&idx[..2 + board.len()]));
    let on_board = board_category(board);
    if cat <= on_board {
        // The hole cards add nothing to the category: only a draw can make it playable.
        return u8::from(has_draw(hole, board));
    }
    match cat {
        Category::OnePair => {
            // The pair's rank: a hole card pairing the board, or a pocket pair.
            let top = board.iter().map(|c| c.rank()).max().unwrap_or(0);
            let pair = if hole[0].rank() == hole[1].rank() {
                hole[0].rank()
            } else {
                hole.iter()
                    .map(|c| c.rank())
                    .filter(|&r| board.iter().any(|b| b.rank() == r))
                    .max()
                    .unwrap_or(0)
            };
            if pair >= top {
                2 // top pair or an overpair
            } else {
                1
            }
        }
        Category::TwoPair if on_board == Category::OnePair => 2,
        Category::HighCard => u8::from(has_draw(hole, board)),
        _ => 3,
    }
}

/// The betting rule of the greedy policy for a strength bucket.
fn decide(
    bucket: Bucket,
    legal: &Legal,
    level: u32,
    pot: u32,
    owed: u32,
    big_fraction: f64,
    rng: &mut Rng,
) -> Bet {
    let passive = if legal.check { Bet::Check } else { Bet::Call };
    let raise = |fraction: f64| -> Option<Bet> {
        let (lo, hi) = legal.raise?;
        let target = f64::from(level) + fraction * (f64::from(pot) + f64::from(owed));
        Some(Bet::RaiseTo(
            (target.round() as u64).clamp(u64::from(lo), u64::from(hi)) as u32,
        ))
    };
    let price = if owed == 0 {
        0.0
    } else {
        f64::from(owed) / (f64::from(pot) + f64::from(owed))
    };
    let r = rng.unit_f64();
    let choice = match bucket {
        3 => {
            if r < 0.85 {
                raise(big_fraction)
            } else {
                None
            }
        }
        2 => {
            if owed == 0 {
                (r < 0.5).then(|| raise(0.5)).flatten()
            } else if price <= 1.0 / 3.0 {
                return if r < 0.1 {
                    raise(0.75).unwrap_or(passive)
                } else {
                    passive
                };
            } else {
                return if r < 0.15 { passive } else { Bet::Fold };
            }
        }
        1 => {
            if owed == 0 {
                (r < 0.15).then(|| raise(0.5)).flatten()
            } else {
                return if price <= 0.25 { passive } else { Bet::Fold };
            }
        }
        _ => {
            if owed == 0 {
                (r < 0.08).then(|| raise(0.5)).flatten()
            } else {
                return if price <= 0.1 { passive } else { Bet::Fold };
            }
        }
    };
    choice.unwrap_or(passive)
}

// ---------------------------------------------------------------------------------------------
// Hold'em.

/// The random policy's choice: uniform over the listed actions.
fn random_listed(listing: &Candidates, rng: &mut Rng) -> Bet {
    let k = rng.below(listing.len() as u64) as usize;
    listing
        .get(k)
        .expect("a decision lists at least one action")
}

/// The greedy policy's betting action for the Hold'em seat to act.
pub fn holdem_greedy(hand: &HoldemHand, rng: &mut Rng) -> Bet {
    let seat = hand.to_act().expect("a seat to act");
    let hole = hand.hole(seat).expect("a seat to act was dealt in");
    let board = hand.board();
    let (bucket, big) = if board.is_empty() {
        (preflop_bucket(hole), 1.0)
    } else {
        (postflop_bucket(hole, board), 0.75)
    };
    decide(
        bucket,
        &hand.legal(),
        hand.level(),
        hand.pot_total(),
        hand.owed(),
        big,
        rng,
    )
}

/// One action of `policy` for the Hold'em seat to act.
pub fn holdem_choose(hand: &HoldemHand, policy: Policy, rng: &mut Rng) -> Bet {
    match policy {
        Policy::Random => random_listed(&hand.candidates(), rng),
        Policy::Greedy => holdem_greedy(hand, rng),
    }
}

/// Plays `hand` to its end; writes each seat's chips won or lost in the hand (final stack minus
/// the stack at the start of the hand, the unit of the state's `returns()`) into `out`.
pub fn holdem_playout(hand: &mut HoldemHand, policy: Policy, rng: &mut Rng, out: &mut [f64]) {
    while let Some(seat) = hand.to_act() {
        let bet = holdem_choose(hand, policy, rng);
        hand.apply(seat, bet)
            .expect("policies choose legal actions");
    }
    for (seat, slot) in out.iter_mut().enumerate() {
        *slot = f64::from(hand.stack(seat)) - f64::from(hand.start_stack(seat));
    }
}

/// Playouts `first .. first + out.len() / seats` of `hand` (left unchanged) on `threads`
/// threads; row `k` of `out` (seats wide) receives playout `first + k`.
pub fn holdem_playouts(
    hand: &HoldemHand,
    first: u64,
    policy: Policy,
    seed: u64,
    threads: usize,
    out: &mut [f64],
) {
    let mut base = hand.clone();
    base.stop_recording();
    let seats = base.num_seats();
    run_rows(out, seats, first, threads, |index, row| {
        let mut h = base.clone();
        let mut rng = Rng::new(playout_seed(seed, index));
        holdem_playout(&mut h, policy, &mut rng, row);
    });
}

// ---------------------------------------------------------------------------------------------
// One Poker.

fn is_up(card: Card) -> bool {
    card.rank() >= 6 // OP-3.6: 8 .. A
}

/// Expected result (win +1, tie 0, loss -1) of locking `card` against the opponent's locked
/// card, when it is an UP card with probability `p_up` and otherwise a DOWN card, of any rank
/// of its group with equal chance.
fn lock_value(card: Card, p_up: f64) -> f64 {
    (0u8..13)
        .map(|rank| {
            let p = if rank >= 6 {
                p_up / 7.0
            } else {
                (1.0 - p_up) / 6.0
            };
            let other = Card::new(rank, 0).expect("an ordinary card");
            let sign = match compare(card, other) {
                Ordering::Greater => 1.0,
                Ordering::Equal => 0.0,
                Ordering::Less => -1.0,
            };
            p * sign
        })
        .sum()
}

/// The chance that the opponent's locked card is UP, from his public signal (OP-3.6): the share
/// of UP cards among his two.
fn opponent_up(deal: &OnePokerDeal, seat: usize) -> f64 {
    let opp = deal.hand(1 - seat);
    f64::from(opp.iter().filter(|&&c| is_up(c)).count() as u8) / 2.0
}

/// The lock of the greedy policy: the card with the better [`lock_value`] (ties at random).
pub fn one_poker_greedy_lock(deal: &OnePokerDeal, seat: usize, rng: &mut Rng) -> Card {
    let p_up = opponent_up(deal, seat);
    let [a, b] = deal.hand(seat);
    let (va, vb) = (lock_value(a, p_up), lock_value(b, p_up));
    if (va - vb).abs() < 1e-12 {
        [a, b][rng.below(2) as usize]
    } else if va > vb {
        a
    } else {
        b
    }
}

/// The greedy policy's betting action for the One Poker seat to act.
pub fn one_poker_greedy_bet(deal: &OnePokerDeal, rng: &mut Rng) -> Bet {
    let seat = deal.to_act().expect("a seat to act");
    let locked = deal.locked(seat).expect("betting follows the locks");
    let value = lock_value(locked, opponent_up(deal, seat));
    let bucket = match value {
        v if v >= 0.5 => 3,
        v if v >= 0.15 => 2,
        v if v >= -0.2 => 1,
        _ => 0,
    };
    let owed = deal.level().saturating_sub(deal.bet(seat));
    decide(
        bucket,
        &deal.legal(),
        deal.level(),
        deal.pot_total(),
        owed,
        0.75,
        rng,
    )
}

/// Plays `deal` to its end (locks included); writes each seat's chips won or lost in the deal
/// (final stack minus the stack before the ante, the unit of the state's `returns()`).
pub fn one_poker_playout(deal: &mut OnePokerDeal, policy: Policy, rng: &mut Rng, out: &mut [f64]) {
    while let Some(seat) = deal.to_act() {
        if deal.phase() == Phase::Lock {
            let card = match policy {
                Policy::Random => {
                    let [a, b] = deal.hand(seat);
                    if a == b {
                        a
                    } else {
                        [a, b][rng.below(2) as usize]
                    }
                }
                Policy::Greedy => one_poker_greedy_lock(deal, seat, rng),
            };
            deal.lock(seat, card)
                .expect("a seat locks one of its cards");
        } else {
            let bet = match policy {
                Policy::Random => random_listed(&deal.candidates(), rng),
                Policy::Greedy => one_poker_greedy_bet(deal, rng),
            };
            deal.apply(seat, bet)
                .expect("policies choose legal actions");
        }
    }
    for (seat, slot) in out.iter_mut().enumerate() {
        *slot = f64::from(deal.stack(seat)) - f64::from(deal.start_stack(seat));
    }
}

/// Playouts `first .. first + out.len() / 2` of `deal` (left unchanged), as
/// [`holdem_playouts`].
pub fn one_poker_playouts(
    deal: &OnePokerDeal,
    first: u64,
    policy: Policy,
    seed: u64,
    threads: usize,
    out: &mut [f64],
) {
    let mut base = deal.clone();
    base.stop_recording();
    run_rows(out, 2, first, threads, |index, row| {
        let mut d = base.clone();
        let mut rng = Rng::new(playout_seed(seed, index));
        one_poker_playout(&mut d, policy, &mut rng, row);
    });
}

// ---------------------------------------------------------------------------------------------

/// Runs `one(first + k, row k)` for every `width`-wide row of `out`, split in contiguous blocks
/// over `threads` threads (1 or 0: the calling thread).
fn run_rows(
    out: &mut [f64],
    width: usize,
    first: u64,
    threads: usize,
    one: impl Fn(u64, &mut [f64]) + Sync,
) {
    let rows = out.len() / width;
    let threads = threads.max(1).min(rows.max(1));
    if threads == 1 {
        for (k, row) in out.chunks_mut(width).enumerate() {
            one(first + k as u64, row);
        }
        return;
    }
    let per = rows.div_ceil(threads);
    std::thread::scope(|scope| {
        for (t, block) in out.chunks_mut(per * width).enumerate() {
            let one = &one;
            scope.spawn(move || {
                for (k, row) in block.chunks_mut(width).enumerate() {
                    one(first + (t * per + k) as u64, row);
                }
            });
        }
    });
}
