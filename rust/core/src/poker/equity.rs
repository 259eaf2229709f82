//! All-in equity of 2-10 Hold'em hands or ranges: exact enumeration or seeded Monte Carlo.
//!
//! Every player's value on a complete board is the strength of his best 5 of 7 cards (HE-2.2);
//! the highest strength wins and equal strengths split (HE-2.9, HE-5.8).

use super::eval::{evaluate7_key_bits, thread_count, CARD_KEYS, HAND_BIAS, SUIT_BITS};
use super::range::Range;
use crate::cards::{Card, CardSet, JOKER_MASK, ORDINARY_MASK};
use crate::error::{invalid, Error};
use crate::rng::Rng;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Result of [`equity`]; the vectors have one entry per hand, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct EquityResult {
    /// Share of the pots won: `win + Σ (1 / number of winners)` over shared wins.
    pub equity: Vec<f64>,
    /// Fraction of boards where this hand alone is best.
    pub win: Vec<f64>,
    /// Fraction of boards where this hand shares the best hand.
    pub tie: Vec<f64>,
    /// Number of boards evaluated (Monte Carlo: the samples; exact: every compatible assignment
    /// of holdings times every completion of the board).
    pub trials: u64,
    /// True for exact enumeration.
    pub exact: bool,
}

/// Most players in one equity computation.
pub const MAX_PLAYERS: usize = 10;
/// Exact enumeration refuses work of more boards than this (Monte Carlo has no such limit).
pub const MAX_EXACT_BOARDS: u128 = 100_000_000_000;
/// Trials per Monte Carlo chunk; chunk `i` uses its own generator seeded from `(seed, i)`.
const CHUNK: u64 = 4096;
/// Consecutive rejected holding draws after which Monte Carlo gives up.
const MAX_REJECTIONS: u32 = 1_000_000;
/// Ties are counted in units of 1/2520 of a pot (2520 = lcm(1..=10)), so the counts are exact.
const SHARE_UNIT: u64 = 2520;

/// One holding: its card mask, its two card keys plus the hand bias, and its suit bits.
#[derive(Clone, Copy, Debug, Default)]
struct Hole {
    mask: u64,
    key: u64,
    bits: u64,
}

impl Hole {
    fn new(a: Card, b: Card) -> Hole {
        let (a, b) = (a.index() as usize, b.index() as usize);
        Hole {
            mask: (1 << a) | (1 << b),
            key: HAND_BIAS + CARD_KEYS[a] + CARD_KEYS[b],
            bits: SUIT_BITS[a] | SUIT_BITS[b],
        }
    }
}

/// Exact counts: wins, ties and pot shares (in `SHARE_UNIT`s) per player, and boards.
#[derive(Clone, Debug, Default)]
struct Tally {
    win: [u64; MAX_PLAYERS],
    tie: [u64; MAX_PLAYERS],
    share: [u64; MAX_PLAYERS],
    trials: u64,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        for i in 0..MAX_PLAYERS {
            self.win[i] += other.win[i];
            self.tie[i] += other.tie[i];
            self.share[i] += other.share[i];
        }
        self.trials += other.trials;
    }

    /// One showdown of two holes against the board (key without bias, suit bits).
    #[inline(always)]
    fn showdown2(&mut self, h0: &Hole, h1: &Hole, board_key: u64, board_bits: u64) {
        self.trials += 1;
        let a = evaluate7_key_bits(board_key + h0.key, board_bits | h0.bits);
        let b = evaluate7_key_bits(board_key + h1.key, board_bits | h1.bits);
        // Two-player ties are tallied only in `tie` (half a pot each, see `result`).
        self.win[0] += u64::from(a > b);
        self.win[1] += u64::from(b > a);
        let tie = u64::from(a == b);
        self.tie[0] += tie;
        self.tie[1] += tie;
    }

    /// One showdown of every hole against the board (key without bias, suit bits).
    #[inline(always)]
    fn showdown(&mut self, holes: &[Hole], board_key: u64, board_bits: u64) {
        if let [h0, h1] = holes {
            return self.showdown2(h0, h1, board_key, board_bits);
        }
        self.trials += 1;
        let mut s = [0u16; MAX_PLAYERS];
        let mut best = 0;
        for (i, h) in holes.iter().enumerate() {
            s[i] = evaluate7_key_bits(board_key + h.key, board_bits | h.bits);
            best = best.max(s[i]);
        }
        let s = &s[..holes.len()];
        let winners = s.iter().filter(|&&x| x == best).count() as u64;
        for (i, &x) in s.iter().enumerate() {
            if x == best {
                if winners == 1 {
                    self.win[i] += 1;
                } else {
                    self.tie[i] += 1;
                    self.share[i] += SHARE_UNIT / winners;
                }
            }
        }
    }

    fn result(&self, players: usize, exact: bool) -> EquityResult {
        let t = self.trials as f64;
        // Two-player ties are tallied only in `tie` (half a pot each).
        let share = |i: usize| {
            if players == 2 {
                self.tie[i] * (SHARE_UNIT / 2)
            } else {
                self.share[i]
            }
        };
        EquityResult {
            equity: (0..players)
                .map(|i| (self.win[i] * SHARE_UNIT + share(i)) as f64 / (t * SHARE_UNIT as f64))
                .collect(),
            win: (0..players).map(|i| self.win[i] as f64 / t).collect(),
            tie: (0..players).map(|i| self.tie[i] as f64 / t).collect(),
            trials: self.trials,
            exact,
        }
    }
}

fn cards_text(mask: u64) -> String {
    CardSet(mask).to_string()
}

fn first_card(mask: u64) -> Card {
    Card::from_index(mask.trailing_zeros() as u8).expect("a card bit")
}

/// The validated problem: each player's compatible holdings, the fixed cards, the deck.
struct Setup {
    players: Vec<Vec<Hole>>,
    /// Board and dead cards.
    blocked: u64,
    board_key: u64,
    board_bits: u64,
    /// Board cards still to come.
    missing: usize,
    /// Cards left for the board once the board, the dead cards and every hand are out.
    deck_left: usize,
}

fn setup(hands: &[Range], board: CardSet, dead: CardSet) -> Result<Setup, Error> {
    let n = hands.len();
    if !(2..=MAX_PLAYERS).contains(&n) {
        return Err(invalid(format!(
            "equity needs 2 to {MAX_PLAYERS} hands, got {n}"
        )));
    }
    for (what, set) in [("board", board), ("dead cards", dead)] {
        if set.mask() & JOKER_MASK != 0 {
            return Err(invalid(format!(
                "the {what} include the joker {}; jokers are not used in poker",
                first_card(set.mask() & JOKER_MASK)
            )));
        }
    }
    if board.len() > 5 {
        return Err(invalid(format!(
            "a board has at most 5 cards, got {} ({board})",
            board.len()
        )));
    }
    let both = board.mask() & dead.mask();
    if both != 0 {
        return Err(invalid(format!(
            "card {} is both on the board and among the dead cards",
            first_card(both)
        )));
    }
    let blocked = board.mask() | dead.mask();
    let mut players: Vec<Vec<Hole>> = Vec::with_capacity(n);
    for (i, range) in hands.iter().enumerate() {
        if range.is_empty() {
            return Err(invalid(format!("hand {i} has an empty range")));
        }
        // A single holding must not use a board or dead card: name the card.
        if let [(a, b)] = range.combos() {
            let m = a.bit() | b.bit();
            for (what, set) in [("on the board", board), ("among the dead cards", dead)] {
                if m & set.mask() != 0 {
                    return Err(invalid(format!(
                        "card {} is both in hand {i} and {what}",
                        first_card(m & set.mask())
                    )));
                }
            }
        }
        players.push(
            range
                .combos()
                .iter()
                .map(|&(a, b)| Hole::new(a, b))
                .collect(),
        );
    }
    // Two single holdings must not share a card.
    for i in 0..n {
        for j in i + 1..n {
            if let ([a], [b]) = (players[i].as_slice(), players[j].as_slice()) {
                if a.mask & b.mask != 0 {
                    return Err(invalid(format!(
                        "card {} is in both hand {i} and hand {j}",
                        first_card(a.mask & b.mask)
                    )));
                }
            }
        }
    }
    // Drop the combos that use a board or dead card or a card another player surely holds
    // (his only remaining combo), until nothing changes.
    loop {
        let mut changed = false;
        for i in 0..n {
            let others: u64 = (0..n)
                .filter(|&j| j != i && players[j].len() == 1)
                .map(|j| players[j][0].mask)
                .fold(0, |a, m| a | m);
            let before = players[i].len();
            players[i].retain(|h| h.mask & (blocked | others) == 0);
            if players[i].is_empty() {
                let mut why = Vec::new();
                if !board.is_empty() {
                    why.push(format!("the board ({board})"));
                }
                if !dead.is_empty() {
                    why.push(format!("the dead cards ({dead})"));
                }
                if others != 0 {
                    why.push(format!("the other hands ({})", cards_text(others)));
                }
                return Err(invalid(format!(
                    "hand {i}: no holding of its range is compatible with {}",
                    why.join(" and ")
                )));
            }
            changed |= players[i].len() != before;
        }
        if !changed {
            break;
        }
    }
    if !any_assignment(&players, 0, blocked) {
        return Err(invalid(
            "the ranges cannot all be dealt at once: every choice of holdings gives some card \
             to two hands",
        ));
    }
    let missing = 5 - board.len();
    let deck_left = 52 - board.len() - dead.len() - 2 * n;
    if deck_left < missing {
        return Err(invalid(format!(
            "not enough cards: {missing} board cards to deal but only {deck_left} left once the \
             board, the {} dead cards and {n} hands are out",
            dead.len()
        )));
    }
    let (mut board_key, mut board_bits) = (0u64, 0u64);
    for c in board.iter() {
        board_key += CARD_KEYS[c.index() as usize];
        board_bits |= SUIT_BITS[c.index() as usize];
    }
    Ok(Setup {
        players,
        blocked,
        board_key,
        board_bits,
        missing,
        deck_left,
    })
}

fn any_assignment(players: &[Vec<Hole>], p: usize, used: u64) -> bool {
    p == players.len()
        || players[p]
            .iter()
            .any(|h| h.mask & used == 0 && any_assignment(players, p + 1, used | h.mask))
}

/// Calls `f(holes, used)` for every compatible assignment of holdings to players `p..`.
fn for_each_assignment(
    players: &[Vec<Hole>],
    p: usize,
    used: u64,
    holes: &mut [Hole],
    f: &mut impl FnMut(&[Hole], u64),
) {
    if p == players.len() {
        f(holes, used);
        return;
    }
    for h in &players[p] {
        if h.mask & used == 0 {
            holes[p] = *h;
            for_each_assignment(players, p + 1, used | h.mask, holes, f);
        }
    }
}

/// Calls `f(key, bits)` for every way to add `missing` cards of `deck[start..]` (ascending
/// positions) to a board with `key` and `bits`. Up to 4 cards as nested loops (the preflop
/// case after the first card), beyond that by recursion.
#[inline(always)]
fn for_each_board(
    deck: &[u8],
    start: usize,
    missing: usize,
    key: u64,
    bits: u64,
    f: &mut impl FnMut(u64, u64),
) {
    #[inline(always)]
    fn add(deck: &[u8], i: usize, key: u64, bits: u64) -> (u64, u64) {
        let c = deck[i] as usize;
        (key + CARD_KEYS[c], bits | SUIT_BITS[c])
    }
    #[inline(always)]
    fn one(deck: &[u8], start: usize, key: u64, bits: u64, f: &mut impl FnMut(u64, u64)) {
        for i in start..deck.len() {
            let (k, b) = add(deck, i, key, bits);
            f(k, b);
        }
    }
    #[inline(always)]
    fn two(deck: &[u8], start: usize, key: u64, bits: u64, f: &mut impl FnMut(u64, u64)) {
        for i in start..deck.len() - 1 {
            let (k, b) = add(deck, i, key, bits);
            one(deck, i + 1, k, b, f);
        }
    }
    #[inline(always)]
    fn three(deck: &[u8], start: usize, key: u64, bits: u64, f: &mut impl FnMut(u64, u64)) {
        for i in start..deck.len() - 2 {
            let (k, b) = add(deck, i, key, bits);
            two(deck, i + 1, k, b, f);
        }
    }
    #[inline(always)]
    fn four(deck: &[u8], start: usize, key: u64, bits: u64, f: &mut impl FnMut(u64, u64)) {
        for i in start..deck.len() - 3 {
            let (k, b) = add(deck, i, key, bits);
            three(deck, i + 1, k, b, f);
        }
    }
    fn many(
        deck: &[u8],
        start: usize,
        missing: usize,
        key: u64,
        bits: u64,
        f: &mut impl FnMut(u64, u64),
    ) {
        if missing == 4 {
            return four(deck, start, key, bits, f);
        }
        for i in start..=deck.len() - missing {
            let (k, b) = add(deck, i, key, bits);
            many(deck, i + 1, missing - 1, k, b, f);
        }
    }
    match missing {
        0 => f(key, bits),
        1 => one(deck, start, key, bits, f),
        2 => two(deck, start, key, bits, f),
        3 => three(deck, start, key, bits, f),
        4 => four(deck, start, key, bits, f),
        _ => many(deck, start, missing, key, bits, f),
    }
}

fn binomial(n: usize, k: usize) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

/// Boards at most in one exact work unit (see [`EquityJob`]): small enough that a chunk of units
/// ends soon after it is asked to, large enough that the per-unit overhead does not show.
const UNIT_BOARDS: u128 = 1 << 18;
#[cfg(test)]
pub(crate) const UNIT_BOARDS_FOR_TESTS: u128 = UNIT_BOARDS;

/// How exact enumeration is cut into units: unit `u` fixes the holdings of players
/// `0..prefix` (the mixed-radix digits of `u / positions`, player 0 most significant) and the
/// position `u % positions`, in the deck left once every hand is out, of the board's lowest new
/// card. Every (assignment, board) pair belongs to exactly one unit.
struct ExactPlan {
    prefix: usize,
    positions: usize,
    /// `cum[j]`: boards per assignment whose lowest new card sits before position `j`.
    cum: Vec<u128>,
}

impl ExactPlan {
    fn new(s: &Setup, unit_boards: u128) -> Result<(ExactPlan, u64), Error> {
        let upper: u128 = s.players.iter().map(|p| p.len() as u128).product::<u128>()
            * binomial(s.deck_left, s.missing);
        if upper > MAX_EXACT_BOARDS {
            return Err(invalid(format!(
                "exact enumeration would evaluate up to {upper} boards (the limit is \
                 {MAX_EXACT_BOARDS}); pass a number of samples for Monte Carlo instead"
            )));
        }
        // Every assignment leaves a deck of the same size, so the positions are the same for
        // all of them.
        let positions = if s.missing == 0 {
            1
        } else {
            s.deck_left - s.missing + 1
        };
        let boards_at = |j: usize| {
            if s.missing == 0 {
                1
            } else {
                binomial(s.deck_left - 1 - j, s.missing - 1)
            }
        };
        let mut cum = vec![0u128; positions + 1];
        for j in 0..positions {
            cum[j + 1] = cum[j] + boards_at(j);
        }
        // Fix more players per unit until the largest unit is small enough.
        let mut prefix = 1;
        let mut rest: u128 = s.players[1..].iter().map(|p| p.len() as u128).product();
        while prefix < s.players.len() && rest * boards_at(0) > unit_boards {
            rest /= s.players[prefix].len() as u128;
            prefix += 1;
        }
        let prefixes: u128 = s.players[..prefix]
            .iter()
            .map(|p| p.len() as u128)
            .product();
        // At most MAX_EXACT_BOARDS * 48 units: far below u64::MAX.
        let units = u64::try_from(prefixes * positions as u128).expect("bounded by the limit");
        Ok((
            ExactPlan {
                prefix,
                positions,
                cum,
            },
            units,
        ))
    }

    /// Adds every showdown of unit `u` to `tally`.
    fn run_unit(
        &self,
        s: &Setup,
        u: u64,
        tally: &mut Tally,
        holes: &mut [Hole],
        deck: &mut Vec<u8>,
    ) {
        let mut p = u / self.positions as u64;
        let j = (u % self.positions as u64) as usize;
        for i in (0..self.prefix).rev() {
            let combos = &s.players[i];
            let len = combos.len() as u64;
            holes[i] = combos[(p % len) as usize];
            p /= len;
        }
        let mut used = s.blocked;
        for h in &holes[..self.prefix] {
            if h.mask & used != 0 {
                return;
            }
            used |= h.mask;
        }
        for_each_assignment(&s.players, self.prefix, used, holes, &mut |holes, used| {
            if s.missing == 0 {
                tally.showdown(holes, s.board_key, s.board_bits);
                return;
            }
            deck.clear();
            let mut m = ORDINARY_MASK & !used;
            while m != 0 {
                deck.push(m.trailing_zeros() as u8);
                m &= m - 1;
            }
            let c = deck[j] as usize;
            let (key, bits) = (s.board_key + CARD_KEYS[c], s.board_bits | SUIT_BITS[c]);
            if let [h0, h1] = holes {
                let mut t = Tally::default();
                for_each_board(deck, j + 1, s.missing - 1, key, bits, &mut |k, b| {
                    t.showdown2(h0, h1, k, b)
                });
                tally.add(&t);
            } else {
                for_each_board(deck, j + 1, s.missing - 1, key, bits, &mut |k, b| {
                    tally.showdown(holes, k, b)
                });
            }
        });
    }

    /// Fraction of the boards in units `0..done` (exact up to assignments that a unit's fixed
    /// holdings make impossible, which weigh nothing).
    fn progress(&self, done: u64, units: u64) -> f64 {
        let per_prefix = self.cum[self.positions];
        let prefixes = units / self.positions as u64;
        let full = done / self.positions as u64;
        let part = self.cum[(done % self.positions as u64) as usize];
        (full as f64 * per_prefix as f64 + part as f64) / (prefixes as f64 * per_prefix as f64)
    }
}

/// Runs `run` on `t` threads (this one included) and adds up their tallies.
fn run_threads(t: usize, run: impl Fn() -> Tally + Sync) -> Tally {
    if t <= 1 {
        return run();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..t).map(|_| scope.spawn(&run)).collect();
        let mut total = run();
        for h in handles {
            total.add(&h.join().expect("equity thread panicked"));
        }
        total
    })
}

/// Uniform integers below `n <= 65536` from the seeded generator, taking its 64-bit outputs
/// 16 bits at a time with Lemire's multiply-and-reject (exactly uniform, like [`Rng::below`],
/// but a quarter of the generator work).
struct Draws {
    rng: Rng,
    buf: u64,
    left: u32,
}

impl Draws {
    fn new(seed: u64) -> Draws {
        Draws {
            rng: Rng::new(seed),
            buf: 0,
            left: 0,
        }
    }

    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        debug_assert!((1..=1 << 16).contains(&n));
        loop {
            if self.left == 0 {
                self.buf = self.rng.next_u64();
                self.left = 4;
            }
            let x = (self.buf & 0xFFFF) as u32;
            self.buf >>= 16;
            self.left -= 1;
            let m = x * n;
            let low = m & 0xFFFF;
            if low < n && low < (1u32 << 16) % n {
                continue;
            }
            return m >> 16;
        }
    }
}

fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of Monte Carlo chunk `chunk`.
fn chunk_seed(seed: u64, chunk: u64) -> u64 {
    splitmix64(seed ^ splitmix64(chunk))
}

/// Monte Carlo in units of `CHUNK` trials; unit `i` draws from its own generator, seeded from
/// `(seed, i)`, so the units can run in any order on any thread.
struct MonteCarloPlan {
    samples: u64,
    seed: u64,
    /// The deck without board and dead cards.
    base: Vec<u8>,
    /// Every hand is a single holding: the deck left for the board is always `fixed_deck`.
    fixed: bool,
    fixed_deck: Vec<u8>,
}

impl MonteCarloPlan {
    fn new(s: &Setup, samples: u64, seed: u64) -> (MonteCarloPlan, u64) {
        let base: Vec<u8> = (0..52u8).filter(|&c| s.blocked & (1 << c) == 0).collect();
        let fixed = s.players.iter().all(|p| p.len() == 1);
        let fixed_deck: Vec<u8> = if fixed {
            let holes = s.players.iter().fold(0u64, |m, p| m | p[0].mask);
            base.iter()
                .copied()
                .filter(|&c| holes & (1 << c) == 0)
                .collect()
        } else {
            Vec::new()
        };
        let plan = MonteCarloPlan {
            samples,
            seed,
            base,
            fixed,
            fixed_deck,
        };
        (plan, samples.div_ceil(CHUNK))
    }

    /// Adds the trials of unit `chunk` to `tally`; false if the holdings could not be drawn
    /// ([`MAX_REJECTIONS`] rejections in a row).
    fn run_unit(
        &self,
        s: &Setup,
        chunk: u64,
        tally: &mut Tally,
        holes: &mut [Hole],
        deck: &mut [u8],
    ) -> bool {
        let mut rng = Draws::new(chunk_seed(self.seed, chunk));
        let trials = CHUNK.min(self.samples - chunk * CHUNK);
        if self.fixed {
            // Every hand is known: the board is a partial Fisher-Yates shuffle of the rest,
            // and each unit starts from the same deck order, whichever thread runs it.
            deck.copy_from_slice(&self.fixed_deck);
            for (p, combos) in s.players.iter().enumerate() {
                holes[p] = combos[0];
            }
            for _ in 0..trials {
                let (mut key, mut bits) = (s.board_key, s.board_bits);
                for i in 0..s.missing {
                    let j = i + rng.below((deck.len() - i) as u32) as usize;
                    deck.swap(i, j);
                    let c = deck[i] as usize;
                    key += CARD_KEYS[c];
                    bits |= SUIT_BITS[c];
                }
                tally.showdown(holes, key, bits);
            }
            return true;
        }
        let base = &self.base;
        for _ in 0..trials {
            // Holdings: uniform over compatible assignments, by rejection.
            let mut rejected = 0;
            let mut used = loop {
                let mut used = s.blocked;
                let mut ok = true;
                for (p, combos) in s.players.iter().enumerate() {
                    let h = if combos.len() == 1 {
                        combos[0]
                    } else {
                        combos[rng.below(combos.len() as u32) as usize]
                    };
                    if h.mask & used != 0 {
                        ok = false;
                        break;
                    }
                    used |= h.mask;
                    holes[p] = h;
                }
                if ok {
                    break used;
                }
                rejected += 1;
                if rejected >= MAX_REJECTIONS {
                    return false;
                }
            };
            // Board completion: uniform without replacement, drawn from the deck without
            // board and dead cards by rejection of the cards in use.
            let (mut key, mut bits) = (s.board_key, s.board_bits);
            for _ in 0..s.missing {
                loop {
                    let c = base[rng.below(base.len() as u32) as usize];
                    if used & (1 << c) == 0 {
                        used |= 1 << c;
                        key += CARD_KEYS[c as usize];
                        bits |= SUIT_BITS[c as usize];
                        break;
                    }
                }
            }
            tally.showdown(holes, key, bits);
        }
        true
    }
}

fn too_constrained() -> Error {
    invalid(format!(
        "the ranges are too constrained for Monte Carlo: {MAX_REJECTIONS} draws of holdings \
         in a row gave some card to two hands; use exact enumeration (samples = None)"
    ))
}

enum Plan {
    Exact(ExactPlan),
    MonteCarlo(MonteCarloPlan),
}

/// An equity computation cut into numbered work units, run a batch at a time with
/// [`EquityJob::run`], so that a caller can stop between batches (to check for an interrupt) and
/// report [`EquityJob::progress`].
///
/// Each unit's counts are integers and the total is their sum, so the result does not depend on
/// how the units are grouped into batches, on their order, or on the thread count: it is exactly
/// what [`equity`] returns for the same arguments. Exact enumeration: a unit fixes the holdings
/// of the first players (as many as needed for a unit to hold at most 2^18 boards) and the
/// board's lowest new card. Monte Carlo: a unit is a chunk of 4096 trials with its own seeded
/// generator.
pub struct EquityJob {
    s: Setup,
    plan: Plan,
    units: u64,
    next: u64,
    tally: Tally,
    failed: bool,
}

impl EquityJob {
    /// Validates the problem as [`equity`] does (same errors) and prepares the units.
    pub fn new(
        hands: &[Range],
        board: CardSet,
        dead: CardSet,
        samples: Option<u64>,
        seed: u64,
    ) -> Result<EquityJob, Error> {
        Self::with_unit_boards(hands, board, dead, samples, seed, UNIT_BOARDS)
    }

    pub(crate) fn with_unit_boards(
        hands: &[Range],
        board: CardSet,
        dead: CardSet,
        samples: Option<u64>,
        seed: u64,
        unit_boards: u128,
    ) -> Result<EquityJob, Error> {
        let s = setup(hands, board, dead)?;
        let (plan, units) = match samples {
            None => {
                let (plan, units) = ExactPlan::new(&s, unit_boards)?;
                (Plan::Exact(plan), units)
            }
            Some(0) => return Err(invalid("samples must be at least 1 (or None for exact)")),
            Some(k) => {
                let (plan, units) = MonteCarloPlan::new(&s, k, seed);
                (Plan::MonteCarlo(plan), units)
            }
        };
        Ok(EquityJob {
            s,
            plan,
            units,
            next: 0,
            tally: Tally::default(),
            failed: false,
        })
    }

    /// Number of work units.
    pub fn units(&self) -> u64 {
        self.units
    }

    /// Units run so far (units `0..done` are done).
    pub fn done(&self) -> u64 {
        self.next
    }

    /// True once every unit has run.
    pub fn is_finished(&self) -> bool {
        self.next >= self.units
    }

    /// Fraction of the work done, in `[0, 1]` (boards for exact enumeration, trials for Monte
    /// Carlo).
    pub fn progress(&self) -> f64 {
        match &self.plan {
            Plan::Exact(p) => p.progress(self.next, self.units),
            Plan::MonteCarlo(_) => self.next as f64 / self.units as f64,
        }
    }

    /// Runs the next `count` units (fewer if fewer are left) on `threads` threads (1 = this
    /// thread only, 0 = all cores). Errors when Monte Carlo cannot draw the holdings (the ranges
    /// are too constrained); the job is then spent and every later call errors too.
    pub fn run(&mut self, count: u64, threads: usize) -> Result<(), Error> {
        if self.failed {
            return Err(too_constrained());
        }
        let (start, end) = (self.next, self.next.saturating_add(count).min(self.units));
        if start >= end {
            return Ok(());
        }
        let s = &self.s;
        let next = AtomicU64::new(start);
        let failed = AtomicBool::new(false);
        let t = thread_count(threads, usize::try_from(end - start).unwrap_or(usize::MAX));
        let tally = match &self.plan {
            Plan::Exact(plan) => run_threads(t, || {
                let mut tally = Tally::default();
                let mut holes = vec![Hole::default(); s.players.len()];
                let mut deck: Vec<u8> = Vec::with_capacity(52);
                loop {
                    let u = next.fetch_add(1, Ordering::Relaxed);
                    if u >= end {
                        break tally;
                    }
                    plan.run_unit(s, u, &mut tally, &mut holes, &mut deck);
                }
            }),
            Plan::MonteCarlo(plan) => run_threads(t, || {
                let mut tally = Tally::default();
                let mut holes = vec![Hole::default(); s.players.len()];
                let mut deck = plan.fixed_deck.clone();
                loop {
                    let u = next.fetch_add(1, Ordering::Relaxed);
                    if u >= end || failed.load(Ordering::Relaxed) {
                        break tally;
                    }
                    if !plan.run_unit(s, u, &mut tally, &mut holes, &mut deck) {
                        failed.store(true, Ordering::Relaxed);
                    }
                }
            }),
        };
        if failed.load(Ordering::Relaxed) {
            self.failed = true;
            return Err(too_constrained());
        }
        self.tally.add(&tally);
        self.next = end;
        Ok(())
    }

    /// The result, once every unit has run ([`EquityJob::is_finished`]); `None` before.
    pub fn result(&self) -> Option<EquityResult> {
        self.is_finished().then(|| {
            self.tally
                .result(self.s.players.len(), matches!(self.plan, Plan::Exact(_)))
        })
    }
}

/// All-in equity of `hands` (2..=10 ranges) with the known `board` (0..=5 cards) and `dead`
/// cards removed from the deck.
///
/// * `samples: None`: exact enumeration over every compatible assignment of holdings (one combo
///   per player, pairwise disjoint and disjoint from board and dead cards; each assignment
///   weighted equally) and every completion of the board. Refused (with an error suggesting
///   Monte Carlo) when that could exceed [`MAX_EXACT_BOARDS`] boards.
/// * `samples: Some(n)`: Monte Carlo with `n` trials, each drawing a combo per player (uniformly
///   over compatible assignments, by rejection) and a board completion. The trials are split
///   into fixed chunks of 4096, chunk `i` drawing from [`Rng`] seeded with a mix of `(seed, i)`
///   (its 64-bit outputs used 16 bits at a time, exactly uniform by rejection), so the result
///   depends on `seed` only, never on `threads`. When every hand is a single holding the board
///   is a partial Fisher-Yates shuffle of the remaining deck, otherwise cards are drawn by
///   rejection of those in use.
///
/// `win[i]`: fraction of boards where hand `i` alone is best; `tie[i]`: fraction where it shares
/// the best hand; `equity[i] = win[i] + Σ 1/(number of winners)` over its shared wins (the
/// equities sum to 1). `trials`: boards evaluated. `threads`: 1 = this thread only, 0 = all
/// cores.
///
/// Combos of a range that use a board or dead card, or a card of another hand that has a single
/// possible holding, are dropped. Errors: fewer than 2 or more than 10 hands; a card both in a
/// (single-holding) hand and on the board, among the dead cards or in another hand (named); a
/// board of more than 5 cards; jokers; a range with no holding compatible with the board, dead
/// cards and other hands; ranges that can never be dealt together; not enough cards left;
/// `samples = Some(0)`.
///
/// This runs all of an [`EquityJob`] at once; a caller that must stay interruptible runs the
/// job in batches instead (same result).
pub fn equity(
    hands: &[Range],
    board: CardSet,
    dead: CardSet,
    samples: Option<u64>,
    seed: u64,
    threads: usize,
) -> Result<EquityResult, Error> {
    let mut job = EquityJob::new(hands, board, dead, samples, seed)?;
    job.run(u64::MAX, threads)?;
    Ok(job.result().expect("every unit ran"))
}
