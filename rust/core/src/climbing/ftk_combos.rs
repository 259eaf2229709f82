//! Five-Ten-King combinations on two packs (rules/five_ten_king.md FTK-4): classification and
//! legal-play generation on per-rank counts of a [`CardBag`] (up to 8 cards of a rank).
//!
//! Game ranks are those of [`Ruleset::FiveTenKing`]: `0..=11` = `3..A`, 12 = `2`, 13 = `SJ`,
//! 14 = `BJ` (FTK-2.3).
//!
//! # Which cards a generated play uses
//!
//! As in the other rulesets, plays are listed once per rank multiset, with two refinements that
//! Five-Ten-King needs:
//!
//! * the 5-10-K (S1) is listed once per class — mixed, then same suit `d c h s` — because its
//!   suits decide its strength (FTK-4.5);
//! * the partner call (FTK-3.16) makes a suit matter for one or two card kinds. The kinds in
//!   [`PlayContext::distinguished`] are taken last within their rank in the canonical card
//!   choice, and each play is listed a second time, after all canonical plays, with as many
//!   distinguished copies as it can hold, when that changes its cards.
//!
//! Within a rank the canonical choice takes one copy of each kind in suit order `c d h s`, then
//! the second copies, distinguished kinds last. Any other choice of copies is a valid play too
//! ([`FtkTable::play`](super::FtkTable::play) accepts every classification of the cards).

use super::classify::{PlayContext, SEQUENCE_RANKS};
use super::combo::{Combo, ComboKind};
use super::ruleset::{Ruleset, FTK_TABLE};
use super::view::{is_run, top_bit, Bits};
use crate::cards::CardBag;

const RS: Ruleset = Ruleset::FiveTenKing;
const SJ: usize = 13;
const BJ: usize = 14;
const FIVE: usize = 2;
const TEN: usize = 7;
const KING: usize = 10;
/// Ranks `3..2`: the ranks that make triples and bombs (FTK-4.1 N3, FTK-4.6).
const NON_JOKER: u16 = 0x1FFF;
const JOKERS: u16 = (1 << SJ) | (1 << BJ);
/// The 5-10-K class of a same-suit set by suit index `c d h s`: `d < c < h < s` (FTK-4.5).
const SUIT_CLASS: [u8; 4] = [2, 1, 3, 4];
/// The kinds of suit `c` (index `4r`); shifted left by `s` for suit `s`.
const SUIT_KINDS: u64 = 0x0001_1111_1111_1111;
/// Bomb power of the joker bomb (see [`Ruleset::bomb_power`]).
const JOKER_BOMB_POWER: u32 = 2_000;

/// Cards chosen from a bag: (kinds taken at least once, kinds taken twice).
type Pick = (u64, u64);

#[inline]
fn or(a: Pick, b: Pick) -> Pick {
    (a.0 | b.0, a.1 | b.1)
}

/// A bag split by game rank.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BagView {
    once: [u64; 15],
    twice: [u64; 15],
    count: [u8; 15],
    /// `ge[k]`: ranks holding at least `k` cards (`k` in `1..=8`).
    ge: [u16; 10],
}

impl BagView {
    #[inline]
    pub(crate) fn new(bag: CardBag) -> BagView {
        let (o, t) = bag.masks();
        let mut once = [0u64; 15];
        let mut twice = [0u64; 15];
        let mut count = [0u8; 15];
        let mut ge = [0u16; 10];
        for r in 0..15 {
            let m = FTK_TABLE.cards_of_rank[r];
            once[r] = o & m;
            twice[r] = t & m;
            let c = (once[r].count_ones() + twice[r].count_ones()) as usize;
            count[r] = c as u8;
            for g in ge.iter_mut().take(c + 1).skip(1) {
                *g |= 1 << r;
            }
        }
        BagView {
            once,
            twice,
            count,
            ge,
        }
    }

    /// Ranks with exactly `k` cards.
    #[inline]
    fn eq(&self, k: usize) -> u16 {
        self.ge[k] & !self.ge[k + 1]
    }

    /// `k` cards of rank `r`: kinds in `first` (both copies) first, then the others, kinds in
    /// `last` last; within each group one copy of each kind in index order, then second copies.
    #[inline]
    fn take(&self, r: usize, k: u32, first: u64, last: u64) -> Pick {
        let o = self.once[r];
        let t = self.twice[r];
        let mid = !(first | last);
        let phases = [
            (o & first, false),
            (t & first, true),
            (o & mid, false),
            (t & mid, true),
            (o & last, false),
            (t & last, true),
        ];
        let mut need = k;
        let mut pick = (0u64, 0u64);
        for (mut m, second) in phases {
            while need > 0 && m != 0 {
                let b = m & m.wrapping_neg();
                m ^= b;
                if second {
                    pick.1 |= b;
                } else {
                    pick.0 |= b;
                }
                need -= 1;
            }
            if need == 0 {
                break;
            }
        }
        pick
    }
}

#[inline]
fn sequence(mask: u16) -> bool {
    mask & !SEQUENCE_RANKS == 0 && is_run(mask)
}

/// Appends every reading of `bag` as a Five-Ten-King play (FTK-4.1–4.8). With the rules' W1–W4
/// no multiset has two readings (FTK-4.2), but callers get a list and must not rely on that.
pub(crate) fn classify_into(bag: CardBag, out: &mut Vec<Combo>) {
    use ComboKind::*;
    let n = bag.len();
    if n == 0 {
        return;
    }
    let (once, twice) = bag.masks();
    let v = BagView::new(bag);
    let mut push = |kind: ComboKind, rank: usize, length: usize| {
        out.push(Combo::new_bag(
            RS,
            kind,
            rank as u8,
            length as u8,
            once,
            twice,
        ));
    };
    let ranks = v.ge[1];
    if n == 1 {
        push(Single, top_bit(ranks) as usize, 1); // N1
        return;
    }
    if ranks.count_ones() == 1 {
        let r = top_bit(ranks) as usize;
        match n {
            2 => push(Pair, r, 1),               // N2, SJ SJ and BJ BJ included
            3 if r < SJ => push(Triple, r, 1),   // N3
            4..=8 if r < SJ => push(Bomb, r, n), // S2 (FTK-4.4, FTK-4.6)
            _ => {}                              // three or four jokers (FTK-4.8)
        }
        return;
    }
    if n == 2 {
        if ranks == JOKERS {
            push(JokerBomb, BJ, 1); // S3 (FTK-4.7)
        }
        return;
    }
    if n == 3 && ranks == (1 << FIVE) | (1 << TEN) | (1 << KING) {
        // S1 (FTK-4.5): same suit if the three kinds share a suit.
        let class = (0..4)
            .find(|&s| once & !(SUIT_KINDS << s) == 0)
            .map_or(0, |s| SUIT_CLASS[s]);
        push(FiveTenKing, class as usize, 1);
        return;
    }
    if v.ge[4] != 0 {
        return; // four or more of a kind with anything else (FTK-4.4, FTK-4.8)
    }
    let triples = v.eq(3);
    let t = triples.count_ones() as usize;
    if t == 1 {
        let r = top_bit(triples) as usize;
        if n == 4 {
            push(TripleWithSingle, r, 1); // N4
        } else if n == 5 && v.eq(2).count_ones() == 1 {
            push(TripleWithPair, r, 1); // N5
        }
        return;
    }
    if t >= 2 {
        // N8: the body is every rank held three times (a wing rank may not reach three, W3;
        // wings may not use a body rank, W1).
        if !sequence(triples) {
            return;
        }
        let k = top_bit(triples) as usize;
        let wings = ranks & !triples;
        let both_jokers = wings & JOKERS == JOKERS; // W2
        if n == 3 * t {
            push(Airplane, k, t);
        } else if n == 4 * t && !both_jokers {
            push(AirplaneWithSingles, k, t);
        } else if n == 5 * t
            && !both_jokers
            && v.eq(2) & wings == wings
            && wings.count_ones() as usize == t
        {
            push(AirplaneWithPairs, k, t); // W4: t pairs of t different ranks
        }
        return;
    }
    if n >= 5 && v.ge[2] == 0 && sequence(ranks) {
        push(Straight, top_bit(ranks) as usize, n); // N6
    } else if n >= 4 && v.eq(2) == ranks && sequence(ranks) {
        push(PairSequence, top_bit(ranks) as usize, n / 2); // N7
    }
}

/// What generated plays must do.
#[derive(Clone, Copy)]
enum Goal {
    Lead,
    /// Beat a normal combination: same kind and length, higher key; or any special one.
    Beat {
        kind: ComboKind,
        length: u8,
        rank: i32,
    },
    /// Beat a special combination: only specials of higher power.
    Above(u32),
}

impl Goal {
    /// Lengths and key bound for `kind` (`None` if no play of that kind can be legal).
    #[inline]
    fn want(self, kind: ComboKind, min: u8, max: u8) -> Option<(u8, u8, i32)> {
        match self {
            Goal::Lead => Some((min, max, -1)),
            Goal::Beat {
                kind: k,
                length,
                rank,
            } if k == kind && (min..=max).contains(&length) => Some((length, length, rank)),
            _ => None,
        }
    }

    #[inline]
    fn floor(self) -> u32 {
        match self {
            Goal::Above(p) => p,
            _ => 0,
        }
    }
}

#[inline]
fn above_mask(above: i32) -> u16 {
    if above < 0 {
        u16::MAX
    } else if above >= 15 {
        0
    } else {
        u16::MAX << (above + 1)
    }
}

/// One candidate rank for wings or a kicker.
#[derive(Clone, Copy, Default)]
struct Wing {
    one: Pick,
    two: Pick,
    can_two: bool,
    joker: bool,
}

struct Gen<'a> {
    v: BagView,
    first: u64,
    last: u64,
    out: &'a mut Vec<Combo>,
}

impl Gen<'_> {
    #[inline]
    fn take(&self, r: usize, k: u32) -> Pick {
        self.v.take(r, k, self.first, self.last)
    }

    #[inline]
    fn push(&mut self, kind: ComboKind, rank: usize, length: usize, p: Pick) {
        self.out
            .push(Combo::new_bag(RS, kind, rank as u8, length as u8, p.0, p.1));
    }

    fn groups(&mut self, kind: ComboKind, size: u32, allowed: u16, above: i32, length: usize) {
        for r in Bits(self.v.ge[size as usize] & allowed & above_mask(above)) {
            let p = self.take(r, size);
            self.push(kind, r, length, p);
        }
    }

    /// N4 (`unit` 1) and N5 (`unit` 2): a triple of `3..2` and a single or pair of another rank.
    fn triples_with(&mut self, kind: ComboKind, unit: u32, above: i32) {
        for t in Bits(self.v.ge[3] & NON_JOKER & above_mask(above)) {
            let core = self.take(t, 3);
            for s in Bits(self.v.ge[unit as usize] & !(1 << t)) {
                let p = or(core, self.take(s, unit));
                self.push(kind, t, 1, p);
            }
        }
    }

    /// N6/N7/N8: runs of `group` cards per rank over `3..A`; `wings` 0 none, 1 single, 2 pair.
    fn runs(&mut self, kind: ComboKind, group: u32, want: (u8, u8, i32), wings: u32) {
        let have = self.v.ge[group as usize] & SEQUENCE_RANKS;
        let (min, max, above) = want;
        if have.count_ones() < min as u32 {
            return;
        }
        let mut picks = [(0u64, 0u64); 12];
        for r in Bits(have) {
            picks[r] = self.take(r, group);
        }
        for len in min as usize..=(max as usize).min(12) {
            let window = (1u16 << len) - 1;
            for low in 0..=(12 - len) {
                let top = low + len - 1;
                if (top as i32) <= above {
                    continue;
                }
                let span = window << low;
                if have & span != span {
                    continue;
                }
                let core = picks[low..=top].iter().fold((0, 0), |a, &p| or(a, p));
                if wings == 0 {
                    self.push(kind, top, len, core);
                } else {
                    self.with_wings(kind, top, len, core, span, wings);
                }
            }
        }
    }

    /// Every wing set of an airplane (FTK-4.3): `len` single cards (W3: at most two of a rank)
    /// or `len` pairs of distinct ranks (W4), never of a body rank (W1), never both jokers (W2).
    fn with_wings(
        &mut self,
        kind: ComboKind,
        rank: usize,
        len: usize,
        core: Pick,
        body: u16,
        unit: u32,
    ) {
        let mut cands = [Wing::default(); 15];
        let mut n = 0;
        for r in Bits(self.v.ge[unit as usize] & !body) {
            let c = self.v.count[r];
            cands[n] = Wing {
                one: self.take(r, 1),
                two: if c >= 2 { self.take(r, 2) } else { (0, 0) },
                can_two: unit == 1 && c >= 2,
                joker: r >= SJ,
            };
            n += 1;
        }
        let cands = &cands[..n];
        let mut capacity = [0u32; 16];
        for i in (0..n).rev() {
            capacity[i] = capacity[i + 1] + 1 + cands[i].can_two as u32;
        }
        let out = &mut *self.out;
        let mut emit = |p: Pick| {
            let p = or(core, p);
            out.push(Combo::new_bag(RS, kind, rank as u8, len as u8, p.0, p.1));
        };
        choose_wings(
            cands,
            &capacity,
            0,
            len as u32,
            (0, 0),
            false,
            unit,
            &mut emit,
        );
    }

    /// S1 (FTK-4.5): the mixed set (if the hand can make one), then each same-suit set.
    fn five_ten_kings(&mut self, floor: u32) {
        let need = (1u16 << FIVE) | (1 << TEN) | (1 << KING);
        if self.v.ge[1] & need != need {
            return;
        }
        if floor < 10 {
            if let Some(p) = self.mixed(self.first, self.last) {
                self.push(ComboKind::FiveTenKing, 0, 1, p);
            }
        }
        let mut same: [(u8, u64); 4] = [(0, 0); 4];
        for (suit, &class) in SUIT_CLASS.iter().enumerate() {
            let kinds = [FIVE, TEN, KING].map(|r| self.v.once[r] & (SUIT_KINDS << suit));
            if kinds.iter().all(|&k| k != 0) {
                same[class as usize - 1] = (class, kinds[0] | kinds[1] | kinds[2]);
            }
        }
        for (class, kinds) in same {
            if kinds != 0 && 10 + class as u32 > floor {
                self.push(ComboKind::FiveTenKing, class as usize, 1, (kinds, 0));
            }
        }
    }

    /// The first mixed 5-10-K in the preference order given by `first`/`last`.
    fn mixed(&self, first: u64, last: u64) -> Option<Pick> {
        let ordered = |r: usize| {
            let kinds = self.v.once[r];
            let mut list = [0u64; 4];
            let mut n = 0;
            for group in [kinds & first, kinds & !(first | last), kinds & last] {
                let mut g = group;
                while g != 0 {
                    let b = g & g.wrapping_neg();
                    g ^= b;
                    list[n] = b;
                    n += 1;
                }
            }
            (list, n)
        };
        let (fives, nf) = ordered(FIVE);
        let (tens, nt) = ordered(TEN);
        let (kings, nk) = ordered(KING);
        let suit = |b: u64| b.trailing_zeros() % 4;
        for &f in &fives[..nf] {
            for &t in &tens[..nt] {
                for &k in &kings[..nk] {
                    if !(suit(f) == suit(t) && suit(t) == suit(k)) {
                        return Some((f | t | k, 0));
                    }
                }
            }
        }
        None
    }

    /// S2 bombs (4 to 8 cards of `3..2`, FTK-4.6) above `floor`, by size then rank, and S3.
    fn bombs(&mut self, floor: u32) {
        for size in 4..=8u32 {
            let above = floor as i32 - (size as i32 * 32) - 1;
            self.groups(ComboKind::Bomb, size, NON_JOKER, above, size as usize);
        }
        if self.v.ge[1] & JOKERS == JOKERS && floor < JOKER_BOMB_POWER {
            let p = or(self.take(SJ, 1), self.take(BJ, 1));
            self.push(ComboKind::JokerBomb, BJ, 1, p);
        }
    }

    fn all(&mut self, goal: Goal) {
        use ComboKind::*;
        const ALL: u16 = 0x7FFF;
        if let Some(w) = goal.want(Single, 1, 1) {
            self.groups(Single, 1, ALL, w.2, 1);
        }
        if let Some(w) = goal.want(Pair, 1, 1) {
            self.groups(Pair, 2, ALL, w.2, 1);
        }
        if let Some(w) = goal.want(Triple, 1, 1) {
            self.groups(Triple, 3, NON_JOKER, w.2, 1);
        }
        if let Some(w) = goal.want(TripleWithSingle, 1, 1) {
            self.triples_with(TripleWithSingle, 1, w.2);
        }
        if let Some(w) = goal.want(TripleWithPair, 1, 1) {
            self.triples_with(TripleWithPair, 2, w.2);
        }
        if let Some(w) = goal.want(Straight, 5, 12) {
            self.runs(Straight, 1, w, 0);
        }
        if let Some(w) = goal.want(PairSequence, 2, 12) {
            self.runs(PairSequence, 2, w, 0);
        }
        if let Some(w) = goal.want(Airplane, 2, 12) {
            self.runs(Airplane, 3, w, 0);
        }
        if let Some(w) = goal.want(AirplaneWithSingles, 2, 12) {
            self.runs(AirplaneWithSingles, 3, w, 1);
        }
        if let Some(w) = goal.want(AirplaneWithPairs, 2, 12) {
            self.runs(AirplaneWithPairs, 3, w, 2);
        }
        let floor = goal.floor();
        self.five_ten_kings(floor);
        self.bombs(floor);
    }

    /// The variant of `combo` holding as many distinguished copies as it can, if different.
    fn variant(&self, combo: &Combo) -> Option<Combo> {
        let first = self.last; // the distinguished kinds
        if combo.kind == ComboKind::FiveTenKing {
            if combo.rank != 0 {
                return None; // a same-suit set has no choice of cards
            }
            let p = self.mixed(first, 0)?;
            return (p.0 != combo.cards.0).then(|| Combo::new_bag(RS, combo.kind, 0, 1, p.0, 0));
        }
        let (mut once, mut twice) = (combo.cards.0, combo.twice);
        let mut ranks = 0u16;
        for r in 0..15 {
            if FTK_TABLE.cards_of_rank[r] & first & self.v.once[r] != 0 {
                ranks |= 1 << r;
            }
        }
        for r in Bits(ranks) {
            let m = FTK_TABLE.cards_of_rank[r];
            let k = (once & m).count_ones() + (twice & m).count_ones();
            if k == 0 {
                continue;
            }
            let p = self.v.take(r, k, first, 0);
            once = (once & !m) | p.0;
            twice = (twice & !m) | p.1;
        }
        (once != combo.cards.0 || twice != combo.twice)
            .then(|| Combo::new_bag(RS, combo.kind, combo.rank, combo.length, once, twice))
    }
}

/// Wing sets of `need` units from `cands[start..]` in ascending rank order; see
/// [`Gen::with_wings`].
#[allow(clippy::too_many_arguments)]
fn choose_wings<F: FnMut(Pick)>(
    cands: &[Wing],
    capacity: &[u32; 16],
    start: usize,
    need: u32,
    acc: Pick,
    joker_used: bool,
    unit: u32,
    emit: &mut F,
) {
    if need == 0 {
        emit(acc);
        return;
    }
    for i in start..cands.len() {
        if capacity[i] < need {
            return;
        }
        let c = cands[i];
        if c.joker && joker_used {
            continue;
        }
        let used = joker_used || c.joker;
        if c.can_two && need >= 2 {
            choose_wings(
                cands,
                capacity,
                i + 1,
                need - 2,
                or(acc, c.two),
                used,
                unit,
                emit,
            );
        }
        let one = if unit == 1 { c.one } else { c.two };
        choose_wings(
            cands,
            capacity,
            i + 1,
            need - 1,
            or(acc, one),
            used,
            unit,
            emit,
        );
    }
}

/// Every legal Five-Ten-King play from `hand` (FTK-5.2, FTK-5.3): every combination on a lead,
/// else every combination beating `to_beat` (FTK-4.9). See the module documentation for the
/// cards chosen and the variants with distinguished cards. Written into `out` (cleared first).
///
/// Order: singles, pairs, triples, N4, N5, straights, consecutive pairs, airplanes without,
/// with single and with pair wings (each by length, then key, then wings in ascending rank
/// order), 5-10-Ks (mixed, `d`, `c`, `h`, `s`), bombs by size then rank, the joker bomb; then
/// the variants with distinguished cards in the same order.
pub(crate) fn legal_plays_into(
    hand: CardBag,
    to_beat: Option<&Combo>,
    context: PlayContext,
    out: &mut Vec<Combo>,
) {
    out.clear();
    if hand.is_empty() {
        return;
    }
    let goal = match to_beat {
        None => Goal::Lead,
        Some(top) => match RS.bomb_power(top) {
            Some(p) => Goal::Above(p),
            None => Goal::Beat {
                kind: top.kind,
                length: top.length,
                rank: top.rank as i32,
            },
        },
    };
    let distinguished = context.distinguished.0 & hand.masks().0;
    let mut gen = Gen {
        v: BagView::new(hand),
        first: 0,
        last: distinguished,
        out,
    };
    gen.all(goal);
    if distinguished != 0 {
        let base = gen.out.len();
        for i in 0..base {
            let combo = gen.out[i];
            if let Some(v) = gen.variant(&combo) {
                gen.out.push(v);
            }
        }
    }
}
