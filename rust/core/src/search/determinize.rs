//! Exactly uniform determinization: deal a player's unseen cards to the other seats so that
//! every assignment consistent with what that player knows is equally likely.
//!
//! What a player knows about the unseen cards comes in two forms:
//!
//! * **per-card seat sets** — which seats may still hold a card (a void shown by a failure to
//!   follow suit removes a seat from every card of that suit; a card known to be in one hand
//!   has a single seat), and how many unseen cards each seat holds. [`HiddenCards`] states this
//!   and [`HiddenCards::sample`] draws from it exactly uniformly by counting;
//! * **anything else** (a pass where the rules force a beat, a follow that shows no pair in a
//!   suit...) — a predicate over the whole assignment. [`sample_with`] draws uniformly from the
//!   per-card problem and keeps the first draw the predicate accepts: rejection from a uniform
//!   proposal over a superset is uniform over the accepted subset.
//!
//! Cards are labelled physical cards: in a two-pack game the two copies of a card are two
//! entries. Uniform over labelled assignments is the physical posterior of a well-shuffled deal
//! (a hand holding both copies of a card arises one way, a split two ways).
//!
//! # How the sampler counts
//! Cards with the same seat set form a class. The number of ways to complete a deal from class
//! `k` on, with seat capacities `caps`, is
//! `W(k, caps) = Σ_x multinomial(n_k; x) · W(k + 1, caps − x)` over the splits `x` of the class
//! among its seats. The last class — the cards every hidden seat may hold, the common case —
//! has the closed form `multinomial(n; caps)`. Drawing a split with probability proportional
//! to its term, class by class, and then shuffling each class's cards into its split gives
//! every labelled assignment probability `1 / W(0, need)`.

use std::collections::HashMap;

use crate::error::Error;
use crate::rng::Rng;

/// The most seats a problem may have.
pub const MAX_SEATS: usize = 8;

/// The unseen cards of one player's view: each card (an index, opaque to the sampler) with the
/// seats that may hold it, and the number of unseen cards each seat holds.
#[derive(Clone, Debug, Default)]
pub struct HiddenCards {
    cards: Vec<u8>,
    seats_of: Vec<u8>,
    need: Vec<u8>,
}

impl HiddenCards {
    /// A problem with `need[s]` unseen cards in seat `s` (0 for the viewer's own seat).
    pub fn new(need: &[u8]) -> Result<HiddenCards, Error> {
        if need.len() > MAX_SEATS {
            return Err(Error::Invalid(format!(
                "at most {MAX_SEATS} seats, got {}",
                need.len()
            )));
        }
        Ok(HiddenCards {
            cards: Vec::new(),
            seats_of: Vec::new(),
            need: need.to_vec(),
        })
    }

    /// Add one unseen card that may be in any seat of the bit set `seats`.
    pub fn add(&mut self, card: u8, seats: u8) {
        self.cards.push(card);
        self.seats_of.push(seats);
    }

    /// Remove `seat` from the seats that may hold `card` (every copy of it).
    pub fn exclude(&mut self, card: u8, seat: usize) {
        for (c, s) in self.cards.iter().zip(self.seats_of.iter_mut()) {
            if *c == card {
                *s &= !(1u8 << seat);
            }
        }
    }

    /// Remove `seat` from every card for which `pred(card)` holds (a void: every card of a suit).
    pub fn exclude_where(&mut self, seat: usize, mut pred: impl FnMut(u8) -> bool) {
        for (c, s) in self.cards.iter().zip(self.seats_of.iter_mut()) {
            if pred(*c) {
                *s &= !(1u8 << seat);
            }
        }
    }

    pub fn num_seats(&self) -> usize {
        self.need.len()
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The number of labelled assignments consistent with the problem (0 if none), as a float
    /// (two-pack deals exceed `u128`).
    pub fn count(&self) -> f64 {
        match Counter::new(self) {
            Some(counter) => counter.total(),
            None => 0.0,
        }
    }

    /// One exactly uniform assignment: per seat, the cards it holds (in draw order), or an error
    /// if no assignment is consistent.
    pub fn sample(&self, rng: &mut Rng) -> Result<Vec<Vec<u8>>, Error> {
        let mut counter = Counter::new(self).ok_or_else(no_consistent_deal)?;
        counter.sample(rng)
    }
}

fn no_consistent_deal() -> Error {
    Error::Invalid("no deal of the unseen cards is consistent with what the player knows".into())
}

/// Draw uniformly from `problem`, keeping the first assignment `accept` allows, at most
/// `max_tries` draws. Uniform over the accepted assignments.
pub fn sample_with(
    problem: &HiddenCards,
    rng: &mut Rng,
    max_tries: usize,
    mut accept: impl FnMut(&[Vec<u8>]) -> bool,
) -> Result<Vec<Vec<u8>>, Error> {
    let mut counter = Counter::new(problem).ok_or_else(no_consistent_deal)?;
    for _ in 0..max_tries {
        let hands = counter.sample(rng)?;
        if accept(&hands) {
            return Ok(hands);
        }
    }
    Err(Error::Invalid(format!(
        "no consistent deal of the unseen cards found in {max_tries} draws"
    )))
}

/// Up to `count` draws of `problem` that `accept` allows, out of at most `max_draws` draws in
/// all: fewer results (possibly none) when the draw budget runs out first. Each result is
/// uniform over the accepted assignments (rejection from a uniform proposal), and the results
/// are independent of one another.
pub fn sample_many_with(
    problem: &HiddenCards,
    rng: &mut Rng,
    count: usize,
    max_draws: usize,
    mut accept: impl FnMut(&[Vec<u8>]) -> bool,
) -> Result<Vec<Vec<Vec<u8>>>, Error> {
    let mut counter = Counter::new(problem).ok_or_else(no_consistent_deal)?;
    let mut out = Vec::with_capacity(count.min(1024));
    let mut draws = 0usize;
    while out.len() < count && draws < max_draws {
        draws += 1;
        let hands = counter.sample(rng)?;
        if accept(&hands) {
            out.push(hands);
        }
    }
    Ok(out)
}

type Caps = [u8; MAX_SEATS];

/// The class structure of a problem with a memo of completion counts.
struct Counter {
    seats: usize,
    need: Caps,
    /// Per class: its seat set and its cards.
    classes: Vec<(u8, Vec<u8>)>,
    /// Completion counts already computed, by class and capacities.
    memo: HashMap<(u8, Caps), f64>,
    log_factorial: Vec<f64>,
}

impl Counter {
    fn new(problem: &HiddenCards) -> Option<Counter> {
        let seats = problem.need.len();
        let mut need = [0u8; MAX_SEATS];
        need[..seats].copy_from_slice(&problem.need);
        let total: usize = need.iter().map(|&n| n as usize).sum();
        if total != problem.cards.len() {
            return None;
        }
        // Seats with nothing to receive can hold no card.
        let open: u8 = (0..seats)
            .filter(|&s| need[s] > 0)
            .fold(0u8, |m, s| m | (1 << s));
        let mut by_set: Vec<(u8, Vec<u8>)> = Vec::new();
        for (&card, &set) in problem.cards.iter().zip(&problem.seats_of) {
            let set = set & open;
            if set == 0 {
                return None;
            }
            match by_set.iter_mut().find(|(s, _)| *s == set) {
                Some((_, cards)) => cards.push(card),
                None => by_set.push((set, vec![card])),
            }
        }
        // Narrow classes first, the widest (ideally every open seat) last: the last class has a
        // closed form and the narrow ones have few splits.
        by_set.sort_by_key(|(set, cards)| (set.count_ones(), cards.len(), *set));
        let log_factorial = (0..=total.max(1))
            .scan(0.0f64, |acc, n| {
                if n > 0 {
                    *acc += (n as f64).ln();
                }
                Some(*acc)
            })
            .collect();
        Some(Counter {
            seats,
            need,
            classes: by_set,
            memo: HashMap::new(),
            log_factorial,
        })
    }

    fn total(mut self) -> f64 {
        let need = self.need;
        self.ways(0, need)
    }

    /// multinomial(n; parts) as a float.
    fn multinomial(&self, parts: &[u8]) -> f64 {
        let n: usize = parts.iter().map(|&p| p as usize).sum();
        let mut log = self.log_factorial[n];
        for &p in parts {
            log -= self.log_factorial[p as usize];
        }
        log.exp().round().max(1.0)
    }

    /// The number of labelled completions from class `k` on with capacities `caps`.
    fn ways(&mut self, k: usize, caps: Caps) -> f64 {
        if k == self.classes.len() {
            return if caps.iter().all(|&c| c == 0) {
                1.0
            } else {
                0.0
            };
        }
        if let Some(&w) = self.memo.get(&(k as u8, caps)) {
            return w;
        }
        let (set, n) = (self.classes[k].0, self.classes[k].1.len());
        let w = if k + 1 == self.classes.len() {
            // Last class: every remaining capacity must be filled from it, inside its seats.
            let fits = (0..self.seats).all(|s| caps[s] == 0 || set & (1 << s) != 0);
            let sum: usize = caps.iter().map(|&c| c as usize).sum();
            if fits && sum == n {
                self.multinomial(&caps[..self.seats])
            } else {
                0.0
            }
        } else {
            let mut total = 0.0;
            let splits = self.splits(set, n, &caps);
            for split in splits {
                let mut rest = caps;
                for s in 0..self.seats {
                    rest[s] -= split[s];
                }
                let tail = self.ways(k + 1, rest);
                if tail > 0.0 {
                    total += self.multinomial(&split[..self.seats]) * tail;
                }
            }
            total
        };
        self.memo.insert((k as u8, caps), w);
        w
    }

    /// Every way to split `n` cards among the seats of `set` within `caps`.
    fn splits(&self, set: u8, n: usize, caps: &Caps) -> Vec<Caps> {
        let seats: Vec<usize> = (0..self.seats).filter(|&s| set & (1 << s) != 0).collect();
        let mut out = Vec::new();
        let mut current = [0u8; MAX_SEATS];
        fn rec(
            seats: &[usize],
            i: usize,
            left: usize,
            caps: &Caps,
            current: &mut Caps,
            out: &mut Vec<Caps>,
        ) {
            let s = seats[i];
            if i + 1 == seats.len() {
                if left <= caps[s] as usize {
                    current[s] = left as u8;
                    out.push(*current);
                    current[s] = 0;
                }
                return;
            }
            let room: usize = seats[i + 1..].iter().map(|&t| caps[t] as usize).sum();
            let low = left.saturating_sub(room);
            for x in low..=left.min(caps[s] as usize) {
                current[s] = x as u8;
                rec(seats, i + 1, left - x, caps, current, out);
            }
            current[s] = 0;
        }
        if !seats.is_empty() {
            rec(&seats, 0, n, caps, &mut current, &mut out);
        }
        out
    }

    fn sample(&mut self, rng: &mut Rng) -> Result<Vec<Vec<u8>>, Error> {
        let mut caps = self.need;
        if self.ways(0, caps) <= 0.0 {
            return Err(no_consistent_deal());
        }
        let mut hands: Vec<Vec<u8>> = (0..self.seats)
            .map(|s| Vec::with_capacity(self.need[s] as usize))
            .collect();
        for k in 0..self.classes.len() {
            let (set, n) = (self.classes[k].0, self.classes[k].1.len());
            let split = if k + 1 == self.classes.len() {
                caps
            } else {
                let splits = self.splits(set, n, &caps);
                let mut weights = Vec::with_capacity(splits.len());
                for split in &splits {
                    let mut rest = caps;
                    for s in 0..self.seats {
                        rest[s] -= split[s];
                    }
                    let tail = self.ways(k + 1, rest);
                    weights.push(if tail > 0.0 {
                        self.multinomial(&split[..self.seats]) * tail
                    } else {
                        0.0
                    });
                }
                splits[pick(rng, &weights)]
            };
            let mut cards = self.classes[k].1.clone();
            rng.shuffle(&mut cards);
            let mut at = 0;
            for s in 0..self.seats {
                let take = split[s] as usize;
                hands[s].extend_from_slice(&cards[at..at + take]);
                at += take;
                caps[s] -= split[s];
            }
        }
        Ok(hands)
    }
}

/// An index drawn with probability proportional to `weights` (not all zero).
fn pick(rng: &mut Rng, weights: &[f64]) -> usize {
    let total: f64 = weights.iter().sum();
    let mut target = rng.unit_f64() * total;
    let mut last_positive = 0;
    for (i, &w) in weights.iter().enumerate() {
        if w > 0.0 {
            last_positive = i;
            if target < w {
                return i;
            }
            target -= w;
        }
    }
    last_positive // rounding left a sliver past the end
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn problem(need: &[u8], cards: &[(u8, u8)]) -> HiddenCards {
        let mut p = HiddenCards::new(need).unwrap();
        for &(c, s) in cards {
            p.add(c, s);
        }
        p
    }

    /// Every assignment by brute force: seat choice per card, filtered by capacities.
    fn brute_force(p: &HiddenCards) -> Vec<Vec<Vec<u8>>> {
        let n = p.cards.len();
        let seats = p.need.len();
        let mut out = Vec::new();
        let mut choice = vec![0usize; n];
        loop {
            let mut counts = vec![0u8; seats];
            let ok = choice.iter().enumerate().all(|(i, &s)| {
                counts[s] += 1;
                p.seats_of[i] & (1 << s) != 0
            });
            if ok && counts == p.need {
                let mut hands = vec![Vec::new(); seats];
                for (i, &s) in choice.iter().enumerate() {
                    hands[s].push(p.cards[i]);
                }
                out.push(hands);
            }
            let mut i = 0;
            while i < n {
                choice[i] += 1;
                if choice[i] < seats {
                    break;
                }
                choice[i] = 0;
                i += 1;
            }
            if i == n {
                return out;
            }
        }
    }

    fn canonical(mut hands: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        for h in &mut hands {
            h.sort_unstable();
        }
        hands
    }

    #[test]
    fn count_matches_brute_force() {
        let cases = [
            problem(&[2, 2], &[(0, 3), (1, 3), (2, 3), (3, 3)]),
            problem(&[2, 1, 2], &[(0, 7), (1, 5), (2, 6), (3, 7), (4, 1)]),
            problem(
                &[0, 3, 2, 1],
                &[(0, 14), (1, 2), (2, 12), (3, 14), (4, 10), (5, 8)],
            ),
            problem(&[1, 1], &[(0, 1), (1, 1)]),
        ];
        for p in &cases {
            assert_eq!(p.count(), brute_force(p).len() as f64, "{p:?}");
        }
    }

    #[test]
    fn impossible_problems_are_errors() {
        let mut rng = Rng::new(1);
        let p = problem(&[1, 1], &[(0, 1), (1, 1)]);
        assert_eq!(p.count(), 0.0);
        assert!(p.sample(&mut rng).is_err());
        let wrong_total = problem(&[2, 1], &[(0, 3), (1, 3)]);
        assert!(wrong_total.sample(&mut rng).is_err());
        let no_seat = problem(&[1, 1], &[(0, 0), (1, 3)]);
        assert!(no_seat.sample(&mut rng).is_err());
    }

    #[test]
    fn samples_respect_seat_sets_and_capacities() {
        let p = problem(
            &[0, 4, 3, 3],
            &[
                (0, 14),
                (1, 2),
                (2, 2),
                (3, 12),
                (4, 10),
                (5, 8),
                (6, 14),
                (7, 14),
                (8, 6),
                (9, 14),
            ],
        );
        let mut rng = Rng::new(7);
        for _ in 0..2000 {
            let hands = p.sample(&mut rng).unwrap();
            for (s, hand) in hands.iter().enumerate() {
                assert_eq!(hand.len(), p.need[s] as usize);
                for &c in hand {
                    let i = p.cards.iter().position(|&x| x == c).unwrap();
                    assert!(p.seats_of[i] & (1 << s) != 0);
                }
            }
        }
    }

    /// Each consistent assignment appears with equal frequency: a chi-square test against the
    /// uniform distribution over the brute-force list (99.9% critical values).
    #[test]
    fn samples_are_uniform() {
        let cases = [
            problem(&[2, 1, 2], &[(0, 7), (1, 5), (2, 6), (3, 7), (4, 1)]),
            problem(
                &[0, 3, 2, 1],
                &[(0, 14), (1, 2), (2, 12), (3, 14), (4, 10), (5, 8)],
            ),
            problem(&[3, 3], &[(0, 3), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3)]),
        ];
        for (case, p) in cases.iter().enumerate() {
            let all: Vec<_> = brute_force(p).into_iter().map(canonical).collect();
            let cells = all.len();
            assert!(cells >= 2);
            let draws = 400 * cells;
            let mut seen: BTreeMap<Vec<Vec<u8>>, usize> = BTreeMap::new();
            let mut rng = Rng::new(100 + case as u64);
            for _ in 0..draws {
                *seen
                    .entry(canonical(p.sample(&mut rng).unwrap()))
                    .or_default() += 1;
            }
            assert_eq!(seen.len(), cells, "every assignment appears");
            let expected = draws as f64 / cells as f64;
            let chi2: f64 = seen
                .values()
                .map(|&o| (o as f64 - expected).powi(2) / expected)
                .sum();
            // Wilson-Hilferty approximation of the 99.9% quantile with cells-1 degrees of freedom.
            let k = (cells - 1) as f64;
            let z = 3.09;
            let critical = k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3);
            assert!(chi2 < critical, "case {case}: chi2 {chi2} >= {critical}");
        }
    }

    #[test]
    fn duplicate_cards_are_labelled_copies() {
        // Two copies of card 0 and one card 1; seat 0 takes two, seat 1 one. Labelled: seat 0
        // gets both copies in 1 way, a copy and card 1 in 2 ways.
        let p = problem(&[2, 1], &[(0, 3), (0, 3), (1, 3)]);
        assert_eq!(p.count(), 3.0);
        let mut rng = Rng::new(3);
        let mut both = 0;
        let n = 30_000;
        for _ in 0..n {
            let hands = p.sample(&mut rng).unwrap();
            if hands[1] == vec![1] {
                both += 1;
            }
        }
        let share = both as f64 / n as f64;
        assert!((share - 1.0 / 3.0).abs() < 0.015, "{share}");
    }

    #[test]
    fn rejection_keeps_only_accepted_draws() {
        let p = problem(&[2, 2], &[(0, 3), (1, 3), (2, 3), (3, 3)]);
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            let hands = sample_with(&p, &mut rng, 1000, |h| h[0].contains(&0)).unwrap();
            assert!(hands[0].contains(&0));
        }
        assert!(sample_with(&p, &mut rng, 50, |_| false).is_err());
    }

    #[test]
    fn same_seed_same_sample() {
        let p = problem(&[0, 13, 13, 13], &[]);
        let mut q = p.clone();
        for c in 0..39 {
            q.add(c, if c < 13 { 0b1100 } else { 0b1110 });
        }
        let a = q.sample(&mut Rng::new(9)).unwrap();
        let b = q.sample(&mut Rng::new(9)).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn full_bridge_view_counts() {
        // Three unseen hands of 13 with no constraint: 39! / (13!)^3.
        let mut p = HiddenCards::new(&[0, 13, 13, 13]).unwrap();
        for c in 0..39 {
            p.add(c, 0b1110);
        }
        let expected = 84_478_098_072_866_400.0;
        assert!((p.count() / expected - 1.0).abs() < 1e-6, "{}", p.count());
    }
}
