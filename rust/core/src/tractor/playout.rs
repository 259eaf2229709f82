//! Seeded playouts of Tractor deals, alone or in parallel threads, from any decision point:
//! the declarations ([`Declaring`]), the bury or any point of card play ([`TractorTable`]).
//!
//! # Policies
//!
//! * [`Policy::Random`] works card by card, on the table's step interface
//!   ([`TractorTable::legal_steps`]): at every step it draws uniformly (one [`Rng::below`])
//!   among the legal next cards plus, when offered, "end the lead here". Every legal bury,
//!   lead and follow has a positive probability; the distribution over whole plays is not
//!   uniform (that would need the exact counts at every step, which [`super::count_follows`]
//!   could supply, at a cost the playouts do not pay). In the declaration phase it draws
//!   uniformly among pass and the legal declarations (the Python action list's order).
//! * [`Policy::Greedy`]: the rule policy of [`super::policy`] for every decision, whole plays
//!   at a time; deterministic.
//!
//! # Settlement
//!
//! [`Outcome::returns`] settles a finished deal in the unit of the Python state's `returns()`:
//! the promotion of the promoted team (TR-5.4), `+promotion` to its seats and `-promotion` to
//! the others, zeros when nobody goes up (attackers' score 80 – 115).
//!
//! # Seeds
//!
//! Playout `i` of a batch uses `Rng::new(playout_seed(seed, i))` (the climbing engine's
//! SplitMix64 derivation) whatever the number of threads, so results depend only on
//! `(position, n, policy, seed)`.

use super::declare::Declaring;
use super::policy::{greedy_call, greedy_step};
use super::rules::points;
use super::table::{Phase, TractorTable, HAND_SIZE, KITTY_SIZE};
use super::trump::Trump;
use crate::cards::{Card, CardBag};
use crate::climbing::playout_seed;
use crate::deal::shuffled_deck;
use crate::error::{invalid, Error};
use crate::rng::Rng;

/// How playouts choose (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    Random,
    Greedy,
}

impl std::str::FromStr for Policy {
    type Err = Error;
    fn from_str(s: &str) -> Result<Policy, Error> {
        match s {
            "random" => Ok(Policy::Random),
            "greedy" => Ok(Policy::Greedy),
            other => Err(invalid(format!(
                "policy must be \"random\" or \"greedy\", got {other:?}"
            ))),
        }
    }
}

/// The step code of "end the lead here" in [`random_steps`] (card steps are card indices).
pub const END_STEP: u8 = 54;

/// What scoring needs from a finished deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub dealer: u8,
    /// Card points captured by each seat (TR-5.1).
    pub points: [u32; 4],
    /// Seat that won the last trick and the lead size of that trick (TR-5.2).
    pub last_winner: u8,
    pub last_size: u8,
    /// The buried kitty and its points.
    pub kitty: CardBag,
    pub kitty_points: u32,
    /// Steps taken in the playout (cards selected plus "end" steps).
    pub steps: u32,
}

impl Outcome {
    /// Reads the outcome of a finished table (`steps` as counted by the caller).
    pub fn of(table: &TractorTable, steps: u32) -> Outcome {
        let (w, n) = table.last_trick().unwrap_or((table.leader(), 0));
        Outcome {
            dealer: table.dealer() as u8,
            points: std::array::from_fn(|s| table.captured_points(s)),
            last_winner: w as u8,
            last_size: n as u8,
            kitty: table.kitty(),
            kitty_points: points(table.kitty()),
            steps,
        }
    }

    /// Attackers' score `A` (TR-5.1 – TR-5.3).
    pub fn attackers_score(&self) -> u32 {
        let d = self.dealer as usize;
        let trick_points: u32 = (0..4)
            .filter(|s| s % 2 != d % 2)
            .map(|s| self.points[s])
            .sum();
        let bonus = if self.last_winner as usize % 2 != d % 2 {
            self.kitty_points * 2 * self.last_size as u32
        } else {
            0
        };
        trick_points + bonus
    }
}

impl Outcome {
    /// TR-5.4 band of the attackers' score: (defenders' promotion, attackers' promotion).
    pub fn promotions(&self) -> (u32, u32) {
        let a = self.attackers_score();
        match a {
            0 => (3, 0),
            1..=39 => (2, 0),
            40..=79 => (1, 0),
            80..=119 => (0, 0),
            _ => (0, (a - 80) / 40), // TR-D23
        }
    }

    /// The settled returns per seat (see the module documentation).
    pub fn returns(&self) -> [f64; 4] {
        let (def, att) = self.promotions();
        let defenders = self.dealer as usize % 2;
        // Team A's gain: the defenders' promotion if A defends, else the attackers'.
        let a_gain = if defenders == 0 {
            def as f64 - att as f64
        } else {
            att as f64 - def as f64
        };
        [a_gain, -a_gain, a_gain, -a_gain]
    }
}

impl Outcome {
    /// The attackers' point margin in levels, per seat: `(A - 80) / 40` for the attackers'
    /// seats and its negative for the defenders' (TR-5.3, TR-5.4: 80 is the takeover line and
    /// 40 points one level). A smooth companion of [`Outcome::returns`] that a search can use
    /// to tell apart plays whose returns tie.
    pub fn margins(&self) -> [f64; 4] {
        let m = (self.attackers_score() as f64 - 80.0) / 40.0;
        let defenders = self.dealer as usize % 2;
        std::array::from_fn(|s| if s % 2 == defenders { -m } else { m })
    }
}

/// One decision of `policy` for the player to act: a step (random) or a whole play (greedy).
/// Returns false once the deal is over.
pub fn policy_step(table: &mut TractorTable, rng: &mut Rng, policy: Policy) -> bool {
    match policy {
        Policy::Random => random_step(table, rng).is_some(),
        Policy::Greedy => greedy_step(table),
    }
}

/// Plays `table` to the end under `policy` (history recording off) and returns the outcome.
pub fn playout_with(table: &mut TractorTable, rng: &mut Rng, policy: Policy) -> Outcome {
    table.set_record_history(false);
    let mut steps = 0u32;
    while policy_step(table, rng, policy) {
        steps += 1;
    }
    Outcome::of(table, steps)
}

/// The declaration phase finished under `policy`: the table at the kitty exchange.
pub fn finish_declaring(decl: &Declaring, rng: &mut Rng, policy: Policy) -> TractorTable {
    let mut d = *decl;
    while !d.is_done() {
        let call = match policy {
            Policy::Greedy => greedy_call(&d),
            Policy::Random => {
                let legal = d.legal_declarations();
                let k = rng.below(1 + u64::from(legal.count_ones())) as u32;
                if k == 0 {
                    None
                } else {
                    let mut m = legal;
                    for _ in 1..k {
                        m &= m - 1;
                    }
                    Some(m.trailing_zeros() as u8)
                }
            }
        };
        d.call(call).expect("the policy makes legal calls");
    }
    d.table().expect("the phase is over")
}

/// A deal played out from its declaration phase under `policy`.
pub fn declaring_playout(decl: &Declaring, rng: &mut Rng, policy: Policy) -> Outcome {
    let mut table = finish_declaring(decl, rng, policy);
    playout_with(&mut table, rng, policy)
}

/// Where a batch of playouts starts.
#[derive(Clone, Copy, Debug)]
pub enum Start<'a> {
    Declaring(&'a Declaring),
    Table(&'a TractorTable),
}

/// Settled returns of playouts `first .. first + out.len()` from `start` under `policy`
/// (playout `i` seeded by `playout_seed(seed, i)`), written to `out`, on `threads` threads
/// (0 or 1: the calling thread). The results do not depend on `threads`.
pub fn returns_into(
    start: Start<'_>,
    out: &mut [[f64; 4]],
    first: u64,
    seed: u64,
    policy: Policy,
    threads: usize,
) {
    values_into(start, out, first, seed, policy, threads, Outcome::returns);
}

/// Like [`returns_into`], each playout's returns followed by its [`Outcome::margins`]: the
/// same playouts (same seeds), eight values per playout.
pub fn returns_margins_into(
    start: Start<'_>,
    out: &mut [[f64; 8]],
    first: u64,
    seed: u64,
    policy: Policy,
    threads: usize,
) {
    values_into(start, out, first, seed, policy, threads, |o: &Outcome| {
        let (r, m) = (o.returns(), o.margins());
        std::array::from_fn(|k| if k < 4 { r[k] } else { m[k - 4] })
    });
}

/// Playouts `first .. first + out.len()` from `start`, each finished deal mapped by `value`
/// into its slot of `out` (see [`returns_into`] for seeds and threads).
pub fn values_into<const W: usize>(
    start: Start<'_>,
    out: &mut [[f64; W]],
    first: u64,
    seed: u64,
    policy: Policy,
    threads: usize,
    value: impl Fn(&Outcome) -> [f64; W] + Sync,
) {
    let run = |offset: u64, part: &mut [[f64; W]]| {
        let base = match start {
            Start::Table(t) => {
                let mut t = t.clone();
                t.set_record_history(false);
                Some(t)
            }
            Start::Declaring(_) => None,
        };
        for (k, slot) in part.iter_mut().enumerate() {
            let mut rng = Rng::new(playout_seed(seed, offset + k as u64));
            let o = match (&base, start) {
                (Some(t), _) => playout_with(&mut t.clone(), &mut rng, policy),
                (None, Start::Declaring(d)) => declaring_playout(d, &mut rng, policy),
                (None, Start::Table(_)) => unreachable!("a table start has a base"),
            };
            *slot = value(&o);
        }
    };
    let n = out.len();
    let threads = threads.max(1).min(n.max(1));
    if threads == 1 {
        run(first, out);
        return;
    }
    let chunk = n.div_ceil(threads);
    std::thread::scope(|scope| {
        for (k, part) in out.chunks_mut(chunk).enumerate() {
            let run = &run;
            scope.spawn(move || run(first + (k * chunk) as u64, part));
        }
    });
}

/// One random step for the player to act; returns the step code taken, `None` once over.
pub fn random_step(table: &mut TractorTable, rng: &mut Rng) -> Option<u8> {
    table.current_player()?;
    let (mask, end) = table.legal_steps();
    let n = mask.count_ones() as u64 + u64::from(end);
    debug_assert!(n > 0, "a player to act always has a legal step");
    let mut k = rng.below(n) as u32;
    if k == mask.count_ones() {
        table.apply_end();
        return Some(END_STEP);
    }
    let mut m = mask;
    while k > 0 {
        m &= m - 1;
        k -= 1;
    }
    let i = m.trailing_zeros() as u8;
    table.apply_step(Card::from_index(i).expect("index < 54"));
    Some(i)
}

/// Plays `table` to the end at random; returns every step code taken, in order.
pub fn random_steps(table: &mut TractorTable, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::with_capacity(160);
    while let Some(s) = random_step(table, rng) {
        out.push(s);
    }
    out
}

/// Plays `table` to the end at random (history recording off) and returns the outcome.
pub fn playout(table: &mut TractorTable, rng: &mut Rng) -> Outcome {
    table.set_record_history(false);
    let mut steps = 0u32;
    while random_step(table, rng).is_some() {
        steps += 1;
    }
    Outcome::of(table, steps)
}

/// `n` playouts from `table` (left unchanged), playout `i` seeded by
/// `playout_seed(seed, i)`, on `threads` threads (0 or 1: the calling thread). The outcomes
/// are in index order and do not depend on `threads`.
pub fn playouts(table: &TractorTable, n: usize, seed: u64, threads: usize) -> Vec<Outcome> {
    let run = |start: usize, out: &mut [Outcome]| {
        let mut base = table.clone();
        base.set_record_history(false);
        for (k, slot) in out.iter_mut().enumerate() {
            let mut t = base.clone();
            let mut rng = Rng::new(playout_seed(seed, (start + k) as u64));
            *slot = playout(&mut t, &mut rng);
        }
    };
    let mut results = vec![Outcome::of(table, 0); n];
    let threads = threads.max(1).min(n.max(1));
    if threads == 1 {
        run(0, &mut results);
        return results;
    }
    let chunk = n.div_ceil(threads);
    std::thread::scope(|scope| {
        for (k, part) in results.chunks_mut(chunk).enumerate() {
            let run = &run;
            scope.spawn(move || run(k * chunk, part));
        }
    });
    results
}

/// Deals the 108 cards for dealer `dealer` exactly as TR-3.4 says: the shuffled deck (see
/// [`shuffled_deck`]), card `k < 100` to seat `(dealer + k) mod 4`, cards 100..107 the kitty in
/// order.
pub fn deal(rng: &mut Rng, dealer: usize) -> ([CardBag; 4], Vec<Card>) {
    let deck = shuffled_deck(2, true, rng);
    let mut hands = [CardBag::EMPTY; 4];
    for (k, &c) in deck[..4 * HAND_SIZE].iter().enumerate() {
        hands[(dealer + k) % 4].insert(c);
    }
    (hands, deck[4 * HAND_SIZE..].to_vec())
}

/// The trump suit chosen from a revealed kitty when nobody declares (TR-3.9, TR-D8): the
/// printed suit of its first non-joker card.
pub fn kitty_trump_suit(kitty: &[Card]) -> Option<u8> {
    kitty.iter().find_map(|c| c.suit())
}

/// A complete random deal in Rust, for benchmarks and simulation: seeded deal (TR-3.4) for
/// `dealer` at level rank `level`, no declaration so trump from the kitty (TR-3.9), the dealer
/// takes the kitty, then a random bury and random card play ([`playout`]).
pub fn deal_playout(seed: u64, level: u8, dealer: usize) -> Outcome {
    let mut rng = Rng::new(seed);
    let (mut hands, kitty) = deal(&mut rng, dealer);
    let suit = kitty_trump_suit(&kitty).expect("eight cards hold at most four jokers");
    let trump = Trump::new(level, Some(suit)).expect("valid level and suit");
    for c in &kitty {
        hands[dealer].insert(*c);
    }
    debug_assert_eq!(hands[dealer].len(), HAND_SIZE + KITTY_SIZE);
    let mut table = TractorTable::new(trump, dealer, hands).expect("a complete deal");
    debug_assert_eq!(table.phase(), Phase::Bury);
    playout(&mut table, &mut rng)
}
