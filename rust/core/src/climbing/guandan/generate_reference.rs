//! The legal-move generator as it was before its speed work (issue 5), kept unchanged as the
//! test oracle of [`super::generate`]: `tests::generator_matches_reference` checks that the
//! optimised generator returns exactly the same moves, in the same order, with the same wild
//! card assignments (GD-6.5), on thousands of seeded random hands. Test-only; do not optimise.
//!
//! Original module documentation:
//!
//! > Legal-move generation (GD-6.5) and classification (GD-6.3, GD-6.5) on two-pack hands.
//! >
//! > The hand is split into its natural cards (per rank and suit, 0..=2 copies each) and its wild
//! > cards (the copies of the heart of the level rank, GD-2.3). Every type of GD-5.1 is built
//! > from per-rank *parts*: a sub-multiset of the natural cards of one rank, completed by wild
//! > cards. A move's cards determine its parts (the natural cards of each rank of the pattern and
//! > the number of wild cards), so every distinct `(cards, type, k)` is produced exactly once, and
//! > the two copies of a code never make two moves (GD-6.5).

use super::combo::{
    beats, group_value, seq_rank, wild_card, GdCombo, GdKind, BJ_RANK, NO_WILD, SJ_RANK,
};
use crate::cards::CardBag;

const SJ_BIT: u64 = 1 << 52;
const BJ_BIT: u64 = 1 << 53;

/// Sub-multisets of one rank's natural cards of one size: (once, twice) masks.
#[derive(Clone, Copy)]
struct Parts {
    masks: [(u64, u64); 19],
    len: usize,
}

impl Parts {
    #[inline]
    fn iter(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.masks[..self.len].iter().copied()
    }
}

/// What the generator needs to know about a hand.
struct HandInfo {
    level: u8,
    wild_bit: u64,
    /// Wild copies in the hand (0..=2).
    wilds: u8,
    /// Natural cards (wild copies removed).
    once: u64,
    twice: u64,
    /// Natural copies per rank (0..=8).
    rank_count: [u8; 13],
    /// Sub-multisets of sizes 0..=3 of each rank's natural cards: `flat[start[r][m]..start[r][m+1]]`
    /// (`start[r][4]` ends rank r's sizes).
    flat: [(u64, u64); 13 * 31],
    start: [[u16; 5]; 13],
}

impl HandInfo {
    fn new(hand: CardBag, level: u8) -> HandInfo {
        let w = wild_card(level);
        let wild_bit = w.bit();
        let wilds = hand.count(w) as u8;
        let (o, t) = hand.masks();
        let (once, twice) = (o & !wild_bit, t & !wild_bit);
        let mut rank_count = [0u8; 13];
        for (r, c) in rank_count.iter_mut().enumerate() {
            *c = (((once >> (4 * r)) & 0xF).count_ones() + ((twice >> (4 * r)) & 0xF).count_ones())
                as u8;
        }
        let mut h = HandInfo {
            level,
            wild_bit,
            wilds,
            once,
            twice,
            rank_count,
            flat: [(0, 0); 13 * 31],
            start: [[0; 5]; 13],
        };
        let mut n = 0usize;
        for r in 0..13u8 {
            let base = 4 * r as usize;
            let c: [u8; 4] = std::array::from_fn(|s| {
                (((once >> (base + s)) & 1) + ((twice >> (base + s)) & 1)) as u8
            });
            for m in 0..=3u8 {
                h.start[r as usize][m as usize] = n as u16;
                if m > rank_count[r as usize] {
                    continue;
                }
                for a0 in 0..=c[0].min(m) {
                    for a1 in 0..=c[1].min(m - a0) {
                        for a2 in 0..=c[2].min(m - a0 - a1) {
                            let a3 = m - a0 - a1 - a2;
                            if a3 > c[3] {
                                continue;
                            }
                            let (mut o, mut t) = (0u64, 0u64);
                            for (s, a) in [a0, a1, a2, a3].into_iter().enumerate() {
                                let bit = 1u64 << (base + s);
                                if a >= 1 {
                                    o |= bit;
                                }
                                if a == 2 {
                                    t |= bit;
                                }
                            }
                            h.flat[n] = (o, t);
                            n += 1;
                        }
                    }
                }
            }
            h.start[r as usize][4] = n as u16;
        }
        h
    }

    /// The precomputed sub-multisets of size `m` (0..=3) of rank `r`.
    #[inline]
    fn small_parts(&self, r: u8, m: u8) -> &[(u64, u64)] {
        let s = &self.start[r as usize];
        &self.flat[s[m as usize] as usize..s[m as usize + 1] as usize]
    }

    /// Copies of (rank `r`, suit `s`) among the natural cards.
    #[inline]
    fn copies(&self, r: u8, s: u8) -> u8 {
        let i = 4 * r + s;
        (((self.once >> i) & 1) + ((self.twice >> i) & 1)) as u8
    }

    /// The sub-multisets of size `size` of rank `r`'s natural cards.
    fn parts(&self, r: u8, size: u8) -> Parts {
        let mut out = Parts {
            masks: [(0, 0); 19],
            len: 0,
        };
        if size > self.rank_count[r as usize] {
            return out;
        }
        let c = [
            self.copies(r, 0),
            self.copies(r, 1),
            self.copies(r, 2),
            self.copies(r, 3),
        ];
        for a0 in 0..=c[0].min(size) {
            for a1 in 0..=c[1].min(size - a0) {
                for a2 in 0..=c[2].min(size - a0 - a1) {
                    let a3 = size - a0 - a1 - a2;
                    if a3 > c[3] {
                        continue;
                    }
                    let (mut o, mut t) = (0u64, 0u64);
                    for (s, a) in [a0, a1, a2, a3].into_iter().enumerate() {
                        let bit = 1u64 << (4 * r as usize + s);
                        if a >= 1 {
                            o |= bit;
                        }
                        if a == 2 {
                            t |= bit;
                        }
                    }
                    out.masks[out.len] = (o, t);
                    out.len += 1;
                }
            }
        }
        out
    }

    /// Masks of `n` wild copies (n ≤ 2).
    #[inline]
    fn wild_masks(&self, n: u8) -> (u64, u64) {
        match n {
            0 => (0, 0),
            1 => (self.wild_bit, 0),
            _ => (self.wild_bit, self.wild_bit),
        }
    }
}

/// The card a wild card stands for when it completes rank `r` (the heart of that rank; its
/// suit is irrelevant outside straight flushes, GD-2.6).
#[inline]
fn rep(r: u8) -> u8 {
    4 * r + 2
}

fn wilds_as(n: u8, card: u8) -> [u8; 2] {
    match n {
        0 => [NO_WILD, NO_WILD],
        1 => [card, NO_WILD],
        _ => [card, card],
    }
}

/// One straight window being enumerated (depth-first, pruned on the wild cards left).
struct Straight {
    opts: [[u64; 4]; 5],
    n_opts: [usize; 5],
    reps: [u8; 5],
    wilds: u8,
    wild_bit: u64,
    kind: GdKind,
    top: u8,
    level: u8,
}

impl Straight {
    /// Every choice of one natural card or a wild card per position, at most `wilds` wild:
    /// for each set of wild positions (containing every position without a natural card), the
    /// product of the natural options of the other positions.
    fn walk(&self, out: &mut Vec<GdCombo>) {
        let mut missing = 0u32;
        for i in 0..5 {
            if self.n_opts[i] == 0 {
                missing |= 1 << i;
            }
        }
        const ZERO: [u64; 1] = [0];
        for wild_set in 0u32..32 {
            let used = wild_set.count_ones() as u8;
            if used > self.wilds || wild_set & missing != missing {
                continue;
            }
            let (wo, wt) = match used {
                0 => (0, 0),
                1 => (self.wild_bit, 0),
                _ => (self.wild_bit, self.wild_bit),
            };
            let mut wa = [NO_WILD; 2];
            let mut k = 0;
            for i in 0..5 {
                if wild_set & (1 << i) != 0 {
                    wa[k] = self.reps[i];
                    k += 1;
                }
            }
            let opt = |i: usize| -> &[u64] {
                if wild_set & (1 << i) != 0 {
                    &ZERO
                } else {
                    &self.opts[i][..self.n_opts[i]]
                }
            };
            let (o0, o1, o2, o3, o4) = (opt(0), opt(1), opt(2), opt(3), opt(4));
            for &a in o0 {
                for &b in o1 {
                    let ab = a | b | wo;
                    for &c in o2 {
                        let abc = ab | c;
                        for &d in o3 {
                            let abcd = abc | d;
                            for &e in o4 {
                                out.push(GdCombo::raw(
                                    abcd | e,
                                    wt,
                                    self.kind,
                                    self.top,
                                    wa,
                                    self.level,
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Which moves to produce.
#[derive(Clone, Copy)]
struct Filter {
    /// On a lead: every normal type. Following a normal play: only its type, with scale above.
    normal: Option<(Option<GdKind>, u8)>,
    /// Bombs with (tier, scale) strictly above this; `None` for no bombs.
    bombs_above: Option<(u8, u8)>,
    /// Only moves using exactly this many cards (classification), if set.
    exact_len: Option<usize>,
}

impl Filter {
    #[inline]
    fn wants(&self, kind: GdKind) -> bool {
        if let Some(n) = self.exact_len {
            if let Some(size) = kind.size() {
                if size != n {
                    return false;
                }
            }
        }
        if kind.is_bomb() {
            self.bombs_above.is_some()
        } else {
            matches!(self.normal, Some((None, _)))
                || matches!(self.normal, Some((Some(k), _)) if k == kind)
        }
    }
    #[inline]
    fn normal_min(&self) -> u8 {
        self.normal.map_or(u8::MAX, |(_, m)| m)
    }
    #[inline]
    fn bomb_ok(&self, tier: u8, scale: u8) -> bool {
        self.bombs_above.is_some_and(|b| (tier, scale) > b)
    }
}

struct Gen<'a> {
    h: HandInfo,
    f: Filter,
    out: &'a mut Vec<GdCombo>,
}

impl Gen<'_> {
    #[inline]
    fn push(&mut self, once: u64, twice: u64, kind: GdKind, key: u8, wild_as: [u8; 2]) {
        self.out
            .push(GdCombo::raw(once, twice, kind, key, wild_as, self.h.level));
    }

    fn singles(&mut self) {
        let min = self.f.normal_min();
        let mut bits = self.h.once;
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let r = if i >= 52 { i - 52 + SJ_RANK } else { i / 4 };
            if group_value(r, self.h.level) > min {
                self.push(1u64 << i, 0, GdKind::Single, r, [NO_WILD; 2]);
            }
        }
        // GD-6.2: a wild single is rank L.
        if self.h.wilds >= 1 && group_value(self.h.level, self.h.level) > min {
            let w = self.h.wild_bit;
            self.push(
                w,
                0,
                GdKind::Single,
                self.h.level,
                [w.trailing_zeros() as u8, NO_WILD],
            );
        }
    }

    /// Pairs (`n = 2`) or triples (`n = 3`) of one rank: natural part + wild cards.
    fn groups(&mut self, n: u8, kind: GdKind) {
        let min = self.f.normal_min();
        let level = self.h.level;
        for r in 0..13u8 {
            if group_value(r, level) <= min {
                continue;
            }
            for wilds in 0..=self.h.wilds.min(n - 1) {
                let (wo, wt) = self.h.wild_masks(wilds);
                for i in 0..self.h.small_parts(r, n - wilds).len() {
                    let (o, t) = self.h.small_parts(r, n - wilds)[i];
                    self.push(o | wo, t | wt, kind, r, wilds_as(wilds, rep(r)));
                }
            }
        }
        if n == 2 {
            // GD-6.2: both wild cards as a pair are rank L only.
            if self.h.wilds == 2 && group_value(level, level) > min {
                let w = self.h.wild_bit;
                self.push(w, w, kind, level, wilds_as(2, w.trailing_zeros() as u8));
            }
            // Joker pairs (GD-5.1 #2); never completed by a wild card (GD-6.1).
            for (bit, r) in [(SJ_BIT, SJ_RANK), (BJ_BIT, BJ_RANK)] {
                if self.h.twice & bit != 0 && group_value(r, level) > min {
                    self.push(bit, bit, kind, r, [NO_WILD; 2]);
                }
            }
        }
    }

    fn full_houses(&mut self) {
        let min = self.f.normal_min();
        let level = self.h.level;
        let wild = self.h.wild_bit;
        let level_out = self.h.level;
        let out = &mut *self.out;
        let h = &self.h;
        for r in 0..13u8 {
            if group_value(r, level) <= min || h.rank_count[r as usize] + h.wilds < 3 {
                continue;
            }
            for wt in 0..=h.wilds.min(2) {
                let left = h.wilds - wt;
                let trip_rep = wilds_as(wt, rep(r));
                for &(to, tt) in h.small_parts(r, 3 - wt) {
                    let (wo, wtw) = h.wild_masks(wt);
                    let (bo, bt) = (to | wo, tt | wtw);
                    // natural or half-wild pairs of another rank
                    for p in 0..13u8 {
                        if p == r {
                            continue;
                        }
                        for &(o, t) in h.small_parts(p, 2) {
                            out.push(GdCombo::raw(
                                bo | o,
                                bt | t,
                                GdKind::FullHouse,
                                r,
                                trip_rep,
                                level_out,
                            ));
                        }
                        if left >= 1 {
                            let (po, pt) = h.wild_masks(wt + 1);
                            let mut wa = trip_rep;
                            wa[wt as usize] = rep(p);
                            for &(o, t) in h.small_parts(p, 1) {
                                out.push(GdCombo::raw(
                                    bo | o | po,
                                    bt | t | pt,
                                    GdKind::FullHouse,
                                    r,
                                    wa,
                                    level_out,
                                ));
                            }
                        }
                    }
                    // joker pairs (GD-5.1 #4)
                    for bit in [SJ_BIT, BJ_BIT] {
                        if h.twice & bit != 0 {
                            out.push(GdCombo::raw(
                                bo | bit,
                                bt | bit,
                                GdKind::FullHouse,
                                r,
                                trip_rep,
                                level_out,
                            ));
                        }
                    }
                    // both wild cards as the pair: any rank other than r (GD-6.2)
                    if wt == 0 && left == 2 {
                        let p = if r == 0 { 1 } else { 0 };
                        out.push(GdCombo::raw(
                            bo | wild,
                            bt | wild,
                            GdKind::FullHouse,
                            r,
                            [rep(p), rep(p)],
                            level_out,
                        ));
                    }
                }
            }
        }
    }

    /// Straights and straight flushes: windows of 5 sequence values, one card per position.
    fn straights(&mut self, flush: bool) {
        let (kind, min, want) = if flush {
            (
                GdKind::StraightFlush,
                0,
                self.f.wants(GdKind::StraightFlush),
            )
        } else {
            (
                GdKind::Straight,
                self.f.normal_min(),
                self.f.wants(GdKind::Straight),
            )
        };
        if !want {
            return;
        }
        for top in 5..=14u8 {
            if flush {
                if !self.f.bomb_ok(3, top) {
                    continue;
                }
            } else if top <= min {
                continue;
            }
            let ranks: [u8; 5] = std::array::from_fn(|i| seq_rank(top - 4 + i as u8));
            let missing = ranks
                .iter()
                .filter(|&&r| self.h.rank_count[r as usize] == 0)
                .count() as u8;
            if missing > self.h.wilds {
                continue;
            }
            let suits: &[u8] = if flush { &[0, 1, 2, 3] } else { &[4] };
            for &suit in suits {
                // per position: the natural options (single-card bits)
                let mut opts = [[0u64; 4]; 5];
                let mut n_opts = [0usize; 5];
                let mut need = 0u8;
                for (i, &r) in ranks.iter().enumerate() {
                    let bits = (self.h.once >> (4 * r)) & 0xF;
                    let bits = if suit == 4 { bits } else { bits & (1 << suit) };
                    let mut b = bits;
                    while b != 0 {
                        let s = b.trailing_zeros();
                        b &= b - 1;
                        opts[i][n_opts[i]] = 1u64 << (4 * r as u32 + s);
                        n_opts[i] += 1;
                    }
                    if n_opts[i] == 0 {
                        need += 1;
                    }
                }
                if need > self.h.wilds {
                    continue;
                }
                let rep_suit = if suit == 4 { 2 } else { suit };
                let reps: [u8; 5] = std::array::from_fn(|i| 4 * ranks[i] + rep_suit);
                let st = Straight {
                    opts,
                    n_opts,
                    reps,
                    wilds: self.h.wilds,
                    wild_bit: self.h.wild_bit,
                    kind,
                    top,
                    level: self.h.level,
                };
                st.walk(self.out);
            }
        }
    }

    /// Pair runs (`per = 2`, three positions) and triple runs (`per = 3`, two positions):
    /// each position takes a natural part of its rank completed by wild cards.
    fn runs(&mut self, per: u8) {
        let (kind, len) = if per == 2 {
            (GdKind::PairRun, 3u8)
        } else {
            (GdKind::TripleRun, 2u8)
        };
        let min = self.f.normal_min();
        let h = &self.h;
        let out = &mut *self.out;
        let level = h.level;
        let wilds = h.wilds;
        for top in len..=14u8 {
            if top <= min {
                continue;
            }
            let low = top + 1 - len;
            let ranks = [
                seq_rank(low),
                seq_rank(low + 1),
                seq_rank((low + 2).min(14)),
            ];
            let deficit: u8 = (0..len as usize)
                .map(|i| per.saturating_sub(h.rank_count[ranks[i] as usize]))
                .sum();
            if deficit > wilds {
                continue;
            }
            // wild cards used at positions 0, 1 (and 2), each at most `per`
            for w0 in 0..=wilds.min(per) {
                for w1 in 0..=(wilds - w0).min(per) {
                    let w2max = if len == 3 {
                        (wilds - w0 - w1).min(per)
                    } else {
                        0
                    };
                    for w2 in 0..=w2max {
                        let used = w0 + w1 + w2;
                        let (wo, wt) = h.wild_masks(used);
                        let mut wa = [NO_WILD; 2];
                        let mut k = 0;
                        for (i, w) in [w0, w1, w2].into_iter().enumerate() {
                            for _ in 0..w {
                                wa[k] = rep(ranks[i]);
                                k += 1;
                            }
                        }
                        let p0 = h.small_parts(ranks[0], per - w0);
                        let p1 = h.small_parts(ranks[1], per - w1);
                        if len == 2 {
                            for &(o0, t0) in p0 {
                                for &(o1, t1) in p1 {
                                    out.push(GdCombo::raw(
                                        o0 | o1 | wo,
                                        t0 | t1 | wt,
                                        kind,
                                        top,
                                        wa,
                                        level,
                                    ));
                                }
                            }
                        } else {
                            let p2 = h.small_parts(ranks[2], per - w2);
                            for &(o0, t0) in p0 {
                                for &(o1, t1) in p1 {
                                    for &(o2, t2) in p2 {
                                        out.push(GdCombo::raw(
                                            o0 | o1 | o2 | wo,
                                            t0 | t1 | t2 | wt,
                                            kind,
                                            top,
                                            wa,
                                            level,
                                        ));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn bombs(&mut self) {
        let level = self.h.level;
        for r in 0..13u8 {
            let natural = self.h.rank_count[r as usize];
            if natural + self.h.wilds < 4 {
                continue;
            }
            let g = group_value(r, level);
            for m in 2..=natural {
                let parts = self.h.parts(r, m);
                for wilds in 0..=self.h.wilds {
                    let n = m + wilds;
                    if !(4..=10).contains(&n) {
                        continue;
                    }
                    let tier = match n {
                        4 => 1,
                        5 => 2,
                        n => n - 2,
                    };
                    if !self.f.bomb_ok(tier, g) {
                        continue;
                    }
                    if let Some(len) = self.f.exact_len {
                        if len != n as usize {
                            continue;
                        }
                    }
                    let (wo, wt) = self.h.wild_masks(wilds);
                    for (o, t) in parts.iter() {
                        self.push(o | wo, t | wt, GdKind::Bomb, r, wilds_as(wilds, rep(r)));
                    }
                }
            }
        }
        if self.h.twice & SJ_BIT != 0 && self.h.twice & BJ_BIT != 0 && self.f.bomb_ok(9, 0) {
            let b = SJ_BIT | BJ_BIT;
            self.push(b, b, GdKind::FourJokers, 0, [NO_WILD; 2]);
        }
    }

    fn run(&mut self) {
        if self.f.wants(GdKind::Single) {
            self.singles();
        }
        if self.f.wants(GdKind::Pair) {
            self.groups(2, GdKind::Pair);
        }
        if self.f.wants(GdKind::Triple) {
            self.groups(3, GdKind::Triple);
        }
        if self.f.wants(GdKind::FullHouse) {
            self.full_houses();
        }
        self.straights(false);
        if self.f.wants(GdKind::PairRun) {
            self.runs(2);
        }
        if self.f.wants(GdKind::TripleRun) {
            self.runs(3);
        }
        if self.f.bombs_above.is_some() {
            self.bombs();
            self.straights(true);
        }
    }
}

/// Writes every legal move from `hand` at level rank `level` into `out` (cleared first):
/// every valid move on a lead (`top = None`, GD-8.3), else every move beating `top` (GD-7,
/// GD-8.4). Each distinct `(cards, type, k)` once (GD-6.5). Order: singles, pairs, triples,
/// full houses, straights, pair runs, triple runs, bombs (four jokers last among them), straight
/// flushes.
pub(super) fn legal_plays_into(
    hand: CardBag,
    level: u8,
    top: Option<&GdCombo>,
    out: &mut Vec<GdCombo>,
) {
    out.clear();
    let f = match top {
        None => Filter {
            normal: Some((None, 0)),
            bombs_above: Some((0, 0)),
            exact_len: None,
        },
        Some(t) if t.is_bomb() => Filter {
            normal: None,
            bombs_above: Some((t.bomb_tier(), t.scale())),
            exact_len: None,
        },
        Some(t) => Filter {
            normal: Some((Some(t.kind()), t.scale())),
            bombs_above: Some((0, 0)),
            exact_len: None,
        },
    };
    let mut g = Gen {
        h: HandInfo::new(hand, level),
        f,
        out,
    };
    g.run();
    debug_assert!(top.is_none_or(|t| g.out.iter().all(|c| beats(c, t))));
}

/// Every valid interpretation of exactly the cards `cards` at level rank `level` (GD-6.5),
/// strongest first by the default precedence of GD-6.7 (so the first is the default reading
/// of a bare card set on a lead). Empty if the cards form no valid move.
pub(super) fn classify(cards: CardBag, level: u8) -> Vec<GdCombo> {
    let n = cards.len();
    let mut out = Vec::new();
    if !(1..=10).contains(&n) {
        return out;
    }
    let mut g = Gen {
        h: HandInfo::new(cards, level),
        f: Filter {
            normal: Some((None, 0)),
            bombs_above: Some((0, 0)),
            exact_len: Some(n),
        },
        out: &mut out,
    };
    g.run();
    out.retain(|c| c.len() == n);
    out.sort_by_key(|c| std::cmp::Reverse(c.precedence()));
    out
}
