//! Dealing hidden cards for `resample` (a full state consistent with what one player has seen)
//! and for search, exactly uniformly over the consistent deals.
//!
//! * Bridge states what a player knows as a [`HiddenCards`](crate::search::HiddenCards)
//!   problem (which seats may hold each unseen card) and draws from it ([`draw_hands`]).
//! * Smear has up to five hidden hands plus face-down discards and an unused stock: eight
//!   buckets, where [`HiddenCards`]'s recursion over seat capacities grows too large (a
//!   five-player position took half a second). Its constraints are all by *class* — a hand
//!   void in a suit takes no card of it, discards take non-trumps or anything, the partner
//!   card is a class of its own — so [`ClassDeal`] counts the other way round, over buckets
//!   with the remaining count of each class as the state (the same distribution, exactly
//!   uniform over labelled cards; the tests check its counts against [`HiddenCards`]).
//! * [`draw_union`] draws uniformly from a union of such problems (smear's trump-retention
//!   modes).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use crate::cards::{Card, CardSet};
use crate::error::{invalid, Error};
use crate::rng::Rng;
use crate::search::HiddenCards;

/// One exactly uniform draw of `problem` (whose card ids are card indices), as a card set per
/// seat.
pub fn draw_hands(problem: &HiddenCards, rng: &mut Rng) -> Result<Vec<CardSet>, Error> {
    Ok(problem
        .sample(rng)?
        .into_iter()
        .map(|ids| {
            ids.into_iter()
                .map(|i| Card::from_index(i).expect("a card index"))
                .collect()
        })
        .collect())
}

/// The multinomial coefficient `(Σ parts)! / Π parts!`, as a float.
pub fn multinomial(parts: &[usize]) -> f64 {
    let mut total = 0usize;
    let mut out = 1.0f64;
    for &p in parts {
        for k in 1..=p {
            total += 1;
            out *= total as f64 / k as f64;
        }
    }
    out.round()
}

/// An exactly uniform member of the union of several events, given each event's size
/// (`weights[k]`), a uniform draw from event `k` (`draw`), and for a member the number of the
/// events that hold it (`covers`, at least 1).
///
/// An event is picked with probability proportional to its size, a member drawn from it, and the
/// member kept with probability `1 / covers`: a member held by `c` events is proposed with
/// probability `c / Σ weights` and kept with `1 / c`, so every member of the union is equally
/// likely. At most `max_tries` proposals (the acceptance rate is at least `1 / max covers`).
pub fn draw_union<T>(
    weights: &[f64],
    rng: &mut Rng,
    max_tries: usize,
    mut draw: impl FnMut(usize, &mut Rng) -> Result<T, Error>,
    mut covers: impl FnMut(&T) -> u32,
) -> Result<T, Error> {
    let total: f64 = weights.iter().sum();
    if total.is_nan() || total <= 0.0 {
        return Err(invalid(
            "no deal of the hidden cards is consistent with what the player knows",
        ));
    }
    for _ in 0..max_tries {
        let mut target = rng.unit_f64() * total;
        let mut pick = weights.len() - 1;
        for (k, &w) in weights.iter().enumerate() {
            if w > 0.0 {
                pick = k;
                if target < w {
                    break;
                }
                target -= w;
            }
        }
        let member = draw(pick, rng)?;
        let c = covers(&member).max(1);
        if c == 1 || rng.below(c as u64) == 0 {
            return Ok(member);
        }
    }
    Err(invalid(format!(
        "no consistent deal of the hidden cards found in {max_tries} draws"
    )))
}

/// Most classes a [`ClassDeal`] takes.
pub const MAX_CLASSES: usize = 8;

/// Cards left per (merged) class.
type Counts = [u8; MAX_CLASSES];

/// Binomial coefficients `C(n, k)` for `n, k < 64`, as floats.
fn binomial(n: usize, k: usize) -> f64 {
    static TABLE: OnceLock<Vec<[f64; 64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = vec![[0.0f64; 64]; 64];
        for n in 0..64 {
            t[n][0] = 1.0;
            for k in 1..=n {
                t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0.0 };
            }
        }
        t
    });
    if k > n {
        0.0
    } else {
        table[n][k]
    }
}

/// A small multiplicative hasher for the memo's packed keys.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// Unseen cards in classes dealt into buckets that each take whole classes: a bucket has a
/// capacity and the bit set of the classes it accepts. [`ClassDeal::count`] is the number of
/// ways to fill every bucket exactly (cards are distinct; a bucket is a set), and
/// [`ClassDeal::sample`] draws one of them uniformly.
///
/// Buckets accepting the same classes are merged (a uniform deal into the merged bucket, split
/// uniformly by capacity, is uniform over the separate ones; the split's multinomial joins the
/// count). The count is a recursion over the merged buckets whose state is how many cards are
/// left of each class, memoised. Classes that the buckets still to fill treat alike are counted
/// as one (Vandermonde's identity: choosing `x` cards from their union is choosing how many
/// come from each), which keeps the states and the choices per bucket few; the last bucket
/// takes what is left, and when it takes every class the one before it has the closed form
/// `C(cards it accepts, capacity)`.
#[derive(Clone, Debug)]
pub struct ClassDeal {
    classes: Vec<Vec<Card>>,
    caps: Vec<usize>,
    masks: Vec<u8>,
}

/// One merged bucket: accepted classes, capacity, the original buckets in it.
type Group = (u8, usize, Vec<usize>);

/// A [`ClassDeal`] ready to count and sample: the merged buckets, the classes merged per level
/// of the recursion, and its memo.
pub struct PreparedDeal<'a> {
    deal: &'a ClassDeal,
    groups: Vec<Group>,
    /// Per level `g`: the merged classes (bit sets of original classes) that buckets `g..`
    /// cannot tell apart, and for each the merged class of level `g + 1` it falls in.
    levels: Vec<(Vec<u8>, Vec<usize>)>,
    memo: HashMap<u64, f64, BuildHasherDefault<KeyHasher>>,
    total: f64,
}

impl ClassDeal {
    /// Cards by class (at most [`MAX_CLASSES`] classes, disjoint, fewer than 64 cards each).
    pub fn new(classes: Vec<Vec<Card>>) -> Result<ClassDeal, Error> {
        if classes.len() > MAX_CLASSES || classes.iter().any(|c| c.len() >= 64) {
            return Err(invalid(format!(
                "at most {MAX_CLASSES} card classes of at most 63 cards"
            )));
        }
        Ok(ClassDeal {
            classes,
            caps: Vec::new(),
            masks: Vec::new(),
        })
    }

    /// A bucket of `capacity` cards taking the classes whose bits are set in `accepts`;
    /// returns its index.
    pub fn bucket(&mut self, capacity: usize, accepts: u8) -> usize {
        self.caps.push(capacity);
        self.masks.push(accepts);
        self.caps.len() - 1
    }

    /// The merged buckets and their count, ready to sample.
    pub fn prepare(&self) -> PreparedDeal<'_> {
        let k = self.classes.len();
        let present = (0..k)
            .filter(|&c| !self.classes[c].is_empty())
            .fold(0u8, |m, c| m | 1 << c);
        let mut groups: Vec<Group> = Vec::new();
        for (b, (&cap, &mask)) in self.caps.iter().zip(&self.masks).enumerate() {
            if cap == 0 {
                continue;
            }
            let mask = mask & present;
            match groups.iter_mut().find(|g| g.0 == mask) {
                Some(g) => {
                    g.1 += cap;
                    g.2.push(b);
                }
                None => groups.push((mask, cap, vec![b])),
            }
        }
        // Small buckets first; a bucket taking every class last (its closed forms end the
        // recursion).
        groups.sort_by_key(|g| (g.0 == present, g.1, g.0.count_ones(), g.0));
        // Per level, the classes with the same membership in every bucket still to fill.
        let n = groups.len();
        let mut levels: Vec<(Vec<u8>, Vec<usize>)> = Vec::with_capacity(n + 1);
        for g in 0..=n {
            let mut merged: Vec<(u32, u8)> = Vec::new();
            for c in (0..k).filter(|&c| present >> c & 1 == 1) {
                let signature = groups[g..]
                    .iter()
                    .enumerate()
                    .fold(0u32, |sig, (i, grp)| sig | ((grp.0 >> c & 1) as u32) << i);
                match merged.iter_mut().find(|m| m.0 == signature) {
                    Some(m) => m.1 |= 1 << c,
                    None => merged.push((signature, 1 << c)),
                }
            }
            levels.push((merged.into_iter().map(|m| m.1).collect(), Vec::new()));
        }
        for g in 0..n {
            let next = levels[g + 1].0.clone();
            levels[g].1 = levels[g]
                .0
                .iter()
                .map(|&bits| {
                    next.iter()
                        .position(|&nb| nb & bits == bits)
                        .expect("coarser")
                })
                .collect();
        }
        let mut prepared = PreparedDeal {
            deal: self,
            groups,
            levels,
            memo: HashMap::default(),
            total: 0.0,
        };
        let total_cards: usize = self.classes.iter().map(|c| c.len()).sum();
        if self.caps.iter().sum::<usize>() == total_cards {
            let split: f64 = prepared
                .groups
                .iter()
                .map(|g| multinomial(&g.2.iter().map(|&b| self.caps[b]).collect::<Vec<_>>()))
                .product();
            let sizes =
                prepared.merged(0, &self.classes.iter().map(|c| c.len()).collect::<Vec<_>>());
            prepared.total = prepared.ways(0, sizes) * split;
        }
        prepared
    }

    /// The number of ways to fill every bucket (0 if none).
    pub fn count(&self) -> f64 {
        self.prepare().total
    }

    /// One uniform way to fill the buckets: the cards of each bucket, by bucket index.
    pub fn sample(&self, rng: &mut Rng) -> Result<Vec<CardSet>, Error> {
        self.prepare().sample(rng)
    }
}

impl PreparedDeal<'_> {
    /// The number of ways to fill every bucket (0 if none).
    pub fn count(&self) -> f64 {
        self.total
    }

    /// Cards left per merged class of level `g`, from cards left per original class.
    fn merged(&self, g: usize, per_class: &[usize]) -> Counts {
        let mut out = [0u8; MAX_CLASSES];
        for (e, &bits) in self.levels[g].0.iter().enumerate() {
            out[e] = (0..per_class.len())
                .filter(|&c| bits >> c & 1 == 1)
                .map(|c| per_class[c] as u8)
                .sum();
        }
        out
    }

    /// One uniform way to fill the buckets: the cards of each bucket, by bucket index.
    #[allow(clippy::needless_range_loop)] // a level indexes groups, levels and merged cards
    pub fn sample(&mut self, rng: &mut Rng) -> Result<Vec<CardSet>, Error> {
        if self.total <= 0.0 {
            return Err(invalid(
                "no deal of the hidden cards is consistent with what the player knows",
            ));
        }
        let deal = self.deal;
        let mut left: Vec<Vec<Card>> = deal.classes.clone();
        let mut merged_cards: Vec<Vec<Card>> = vec![Vec::new(); self.groups.len()];
        for g in 0..self.groups.len() {
            let sizes: Vec<usize> = left.iter().map(|c| c.len()).collect();
            let counts = self.merged(g, &sizes);
            let mut options: Vec<(Counts, f64)> = Vec::new();
            let classes = self.accepted(g, &counts);
            let mut x = [0u8; MAX_CLASSES];
            let cap = self.groups[g].1;
            self.visit(g, &counts, &classes, 0, cap, &mut x, 1.0, &mut |x, w| {
                options.push((*x, w))
            });
            let weights: Vec<f64> = options.iter().map(|o| o.1).collect();
            let x = options[pick(rng, &weights)].0;
            // Take x[e] cards uniformly from the union of merged class e's classes.
            for (e, &bits) in self.levels[g].0.iter().enumerate() {
                let mut take = x[e] as usize;
                let mut pool: usize = (0..left.len())
                    .filter(|&c| bits >> c & 1 == 1)
                    .map(|c| left[c].len())
                    .sum();
                while take > 0 {
                    let mut i = rng.below(pool as u64) as usize;
                    let c = (0..left.len())
                        .filter(|&c| bits >> c & 1 == 1)
                        .find(|&c| {
                            if i < left[c].len() {
                                true
                            } else {
                                i -= left[c].len();
                                false
                            }
                        })
                        .expect("a card of the merged class");
                    merged_cards[g].push(left[c].swap_remove(i));
                    take -= 1;
                    pool -= 1;
                }
            }
        }
        // Split each merged bucket's cards among its buckets.
        let mut out = vec![CardSet::EMPTY; deal.caps.len()];
        for (g, group) in self.groups.iter().enumerate() {
            let cards = &mut merged_cards[g];
            rng.shuffle(cards);
            let mut at = 0;
            for &b in &group.2 {
                out[b] = cards[at..at + deal.caps[b]].iter().copied().collect();
                at += deal.caps[b];
            }
        }
        Ok(out)
    }

    /// The merged classes of level `g` that bucket `g` accepts and that still have cards.
    fn accepted(&self, g: usize, left: &Counts) -> Vec<usize> {
        let mask = self.groups[g].0;
        self.levels[g]
            .0
            .iter()
            .enumerate()
            .filter(|&(e, &bits)| bits & mask != 0 && left[e] > 0)
            .map(|(e, _)| e)
            .collect()
    }

    /// Calls `f(x, weight)` for every way `x` (per merged class of level `g`) bucket `g` takes
    /// its capacity from `left`, with weight `Π C(left_e, x_e)` times the ways to fill the
    /// buckets after it.
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        g: usize,
        left: &Counts,
        classes: &[usize],
        i: usize,
        need: usize,
        x: &mut Counts,
        coef: f64,
        f: &mut dyn FnMut(&Counts, f64),
    ) {
        if i == classes.len() {
            if need == 0 {
                let mut rest = [0u8; MAX_CLASSES];
                for (e, &to) in self.levels[g].1.iter().enumerate() {
                    rest[to] += left[e] - x[e];
                }
                let tail = self.ways(g + 1, rest);
                if tail > 0.0 {
                    f(x, coef * tail);
                }
            }
            return;
        }
        let e = classes[i];
        let room: usize = classes[i + 1..].iter().map(|&d| left[d] as usize).sum();
        let low = need.saturating_sub(room);
        for t in low..=need.min(left[e] as usize) {
            x[e] = t as u8;
            let coef = coef * binomial(left[e] as usize, t);
            self.visit(g, left, classes, i + 1, need - t, x, coef, f);
        }
        x[e] = 0;
    }

    /// The ways to fill buckets `g..` from the cards `left` (counts per merged class of level
    /// `g`).
    fn ways(&mut self, g: usize, left: Counts) -> f64 {
        let n = self.groups.len();
        let classes = self.levels[g].0.len();
        let total: usize = left[..classes].iter().map(|&l| l as usize).sum();
        if g == n {
            return if total == 0 { 1.0 } else { 0.0 };
        }
        let (mask, cap, _) = self.groups[g];
        let accepted: usize = (0..classes)
            .filter(|&e| self.levels[g].0[e] & mask != 0)
            .map(|e| left[e] as usize)
            .sum();
        if accepted < cap {
            return 0.0;
        }
        if g + 1 == n {
            return if accepted == total && total == cap {
                1.0
            } else {
                0.0
            };
        }
        if g + 2 == n {
            let (last_mask, last_cap, _) = self.groups[n - 1];
            if (0..classes).all(|e| left[e] == 0 || self.levels[g].0[e] & last_mask != 0) {
                return if total == cap + last_cap {
                    binomial(accepted, cap)
                } else {
                    0.0
                };
            }
        }
        let key = left[..classes]
            .iter()
            .fold(g as u64, |k, &l| k << 6 | l as u64);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let members = self.accepted(g, &left);
        let mut x = [0u8; MAX_CLASSES];
        let mut w = 0.0;
        self.visit(g, &left, &members, 0, cap, &mut x, 1.0, &mut |_, v| w += v);
        self.memo.insert(key, w);
        w
    }
}

/// An index drawn with probability proportional to `weights` (not all zero).
fn pick(rng: &mut Rng, weights: &[f64]) -> usize {
    let total: f64 = weights.iter().sum();
    let mut target = rng.unit_f64() * total;
    let mut last = 0;
    for (i, &w) in weights.iter().enumerate() {
        if w > 0.0 {
            last = i;
            if target < w {
                return i;
            }
            target -= w;
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// A random class problem and the same problem as per-card seat sets.
    fn problems(rng: &mut Rng) -> (ClassDeal, HiddenCards) {
        let classes = 1 + rng.below(4) as usize;
        let buckets = 1 + rng.below(5) as usize;
        let mut cards = Vec::new();
        let mut next = 0u8;
        for _ in 0..classes {
            let n = rng.below(4) as usize;
            cards.push(
                (0..n)
                    .map(|_| {
                        next += 1;
                        Card::from_index(next).unwrap()
                    })
                    .collect::<Vec<_>>(),
            );
        }
        let total: usize = cards.iter().map(|c| c.len()).sum();
        let mut caps = vec![0usize; buckets];
        for _ in 0..total {
            caps[rng.below(buckets as u64) as usize] += 1;
        }
        let masks: Vec<u8> = (0..buckets)
            .map(|_| rng.below(1 << classes) as u8)
            .collect();
        let mut deal = ClassDeal::new(cards.clone()).unwrap();
        for b in 0..buckets {
            deal.bucket(caps[b], masks[b]);
        }
        let need: Vec<u8> = caps.iter().map(|&c| c as u8).collect();
        let mut hidden = HiddenCards::new(&need).unwrap();
        for (c, class) in cards.iter().enumerate() {
            let seats = (0..buckets)
                .filter(|&b| masks[b] >> c & 1 == 1)
                .fold(0u8, |m, b| m | 1 << b);
            for card in class {
                hidden.add(card.index(), seats);
            }
        }
        (deal, hidden)
    }

    #[test]
    fn class_deal_counts_agree_with_hidden_cards() {
        let mut rng = Rng::new(5);
        for _ in 0..400 {
            let (deal, hidden) = problems(&mut rng);
            assert_eq!(deal.count(), hidden.count(), "{deal:?}");
        }
    }

    #[test]
    fn class_deal_samples_are_uniform_and_fill_buckets() {
        // Two hands void in different classes, a bucket of class 0 only, a free bucket.
        let cards: Vec<Vec<Card>> = vec![
            (0..3).map(|i| Card::from_index(i).unwrap()).collect(),
            (3..5).map(|i| Card::from_index(i).unwrap()).collect(),
            (5..7).map(|i| Card::from_index(i).unwrap()).collect(),
        ];
        let mut deal = ClassDeal::new(cards).unwrap();
        deal.bucket(2, 0b110);
        deal.bucket(2, 0b011);
        deal.bucket(1, 0b001);
        deal.bucket(2, 0b111);
        let cells = deal.count();
        assert!(cells > 10.0);
        let mut rng = Rng::new(3);
        let draws = (400.0 * cells) as usize;
        let mut seen: BTreeMap<Vec<u64>, usize> = BTreeMap::new();
        for _ in 0..draws {
            let out = deal.sample(&mut rng).unwrap();
            assert_eq!(
                out.iter().map(|s| s.len()).collect::<Vec<_>>(),
                vec![2, 2, 1, 2]
            );
            *seen.entry(out.iter().map(|s| s.0).collect()).or_default() += 1;
        }
        assert_eq!(seen.len() as f64, cells);
        let expected = draws as f64 / cells;
        let chi2: f64 = seen
            .values()
            .map(|&o| (o as f64 - expected).powi(2) / expected)
            .sum();
        let k = cells - 1.0;
        let critical = k * (1.0 - 2.0 / (9.0 * k) + 3.09 * (2.0 / (9.0 * k)).sqrt()).powi(3);
        assert!(chi2 < critical, "chi2 {chi2} >= {critical}");
    }

    #[test]
    fn multinomials() {
        assert_eq!(multinomial(&[2, 1]), 3.0);
        assert_eq!(multinomial(&[13, 13]), 10_400_600.0);
        assert!((multinomial(&[13, 13, 13]) / 84_478_098_072_866_400.0 - 1.0).abs() < 1e-12);
        assert_eq!(multinomial(&[]), 1.0);
    }

    /// The union of overlapping events over 0..12: every member comes out equally often.
    #[test]
    fn draw_union_is_uniform_over_the_union() {
        let events: [Vec<u32>; 3] = [(0..6).collect(), (4..9).collect(), vec![1, 5, 8, 10, 11]];
        let weights: Vec<f64> = events.iter().map(|e| e.len() as f64).collect();
        let mut union: Vec<u32> = events.iter().flatten().copied().collect();
        union.sort_unstable();
        union.dedup();
        let mut rng = Rng::new(11);
        let draws = 60_000;
        let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
        for _ in 0..draws {
            let x = draw_union(
                &weights,
                &mut rng,
                100,
                |k, r| Ok(events[k][r.below(events[k].len() as u64) as usize]),
                |x| events.iter().filter(|e| e.contains(x)).count() as u32,
            )
            .unwrap();
            *seen.entry(x).or_default() += 1;
        }
        assert_eq!(seen.len(), union.len());
        let expected = draws as f64 / union.len() as f64;
        let chi2: f64 = seen
            .values()
            .map(|&o| (o as f64 - expected).powi(2) / expected)
            .sum();
        // 99.9% quantile of chi-square with 11 degrees of freedom: 31.26.
        assert!(chi2 < 31.26, "chi2 {chi2}");
    }
}
