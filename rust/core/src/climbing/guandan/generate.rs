//! Legal-move generation (GD-6.5) and classification (GD-6.3, GD-6.5) on two-pack hands.
//!
//! The hand is split into its natural cards (per rank and suit, 0..=2 copies each) and its wild
//! cards (the copies of the heart of the level rank, GD-2.3). Every type of GD-5.1 is built
//! from per-rank *parts*: a sub-multiset of the natural cards of one rank, completed by wild
//! cards. A move's cards determine its parts (the natural cards of each rank of the pattern and
//! the number of wild cards), so every distinct `(cards, type, k)` is produced exactly once, and
//! the two copies of a code never make two moves (GD-6.5): no deduplication is needed.
//!
//! # Speed
//!
//! A 27-card hand with both wild cards has about 2,250 moves on a lead, mostly full houses and
//! straights, so the cost is per move (issue 5: median ≤ 20 µs per hand). The generator
//! therefore builds the parts that several moves share once — rank parts come from a
//! compile-time table, the pair sides of full houses are listed once per hand, the products of
//! a straight's first two and last three positions once per window — and appends moves in
//! whole blocks (`Vec::extend` over a slice, one capacity check per block), one OR and three
//! stores per move. The order of the moves is that
//! of the original depth-first generator (kept as a test oracle in `generate_reference.rs`),
//! since random playouts pick moves by index.

use super::combo::{
    beats, group_value, seq_rank, wild_card, GdCombo, GdKind, BJ_RANK, NO_WILD, SJ_RANK,
};
use crate::cards::CardBag;

const SJ_BIT: u64 = 1 << 52;
const BJ_BIT: u64 = 1 << 53;

/// Every sub-multiset of one rank's natural cards, for every content a rank can have.
///
/// A rank's content is keyed by its two nibbles, `once | twice << 4` (bit `s` = suit `s`
/// present at least once / twice). `parts[offsets[key][m]..offsets[key][m + 1]]` lists the
/// sub-multisets of size `m` (0..=8) as `(once, twice)` nibbles, in the order the generator
/// has always produced them (suit counts `a0, a1, a2` ascending lexicographically), so that
/// move order is stable. Built at compile time: no per-hand enumeration.
struct PartTable {
    offsets: [[u16; 10]; 256],
    parts: [(u8, u8); PART_COUNT],
}

/// Sub-multisets over all valid rank contents: the sum over contents of the product of
/// (copies + 1) per suit, `(1 + 2 + 3)^4`.
const PART_COUNT: usize = 1296;

static PARTS: PartTable = build_part_table();

const fn build_part_table() -> PartTable {
    let mut table = PartTable {
        offsets: [[0; 10]; 256],
        parts: [(0, 0); PART_COUNT],
    };
    let mut n = 0usize;
    let mut key = 0usize;
    while key < 256 {
        let (once, twice) = (key & 0xF, key >> 4);
        // a suit can only be present twice if it is present once
        let valid = twice & !once == 0;
        let mut c = [0usize; 4];
        let mut s = 0;
        while s < 4 {
            c[s] = ((once >> s) & 1) + ((twice >> s) & 1);
            s += 1;
        }
        let mut m = 0usize;
        while m <= 8 {
            table.offsets[key][m] = n as u16;
            if valid {
                let mut a0 = 0;
                while a0 <= c[0] && a0 <= m {
                    let mut a1 = 0;
                    while a1 <= c[1] && a1 <= m - a0 {
                        let mut a2 = 0;
                        while a2 <= c[2] && a2 <= m - a0 - a1 {
                            let a3 = m - a0 - a1 - a2;
                            if a3 <= c[3] {
                                let a = [a0, a1, a2, a3];
                                let (mut o, mut t) = (0u8, 0u8);
                                let mut s = 0;
                                while s < 4 {
                                    if a[s] >= 1 {
                                        o |= 1 << s;
                                    }
                                    if a[s] == 2 {
                                        t |= 1 << s;
                                    }
                                    s += 1;
                                }
                                table.parts[n] = (o, t);
                                n += 1;
                            }
                            a2 += 1;
                        }
                        a1 += 1;
                    }
                    a0 += 1;
                }
            }
            m += 1;
        }
        table.offsets[key][9] = n as u16;
        key += 1;
    }
    assert!(n == PART_COUNT);
    table
}

/// The masks of a rank-relative `(once, twice)` nibble pair placed at rank `r`.
#[inline]
fn at_rank(r: u8, (o, t): (u8, u8)) -> (u64, u64) {
    ((o as u64) << (4 * r), (t as u64) << (4 * r))
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
    /// Each rank's [`PartTable`] key.
    part_key: [u8; 13],
}

impl HandInfo {
    fn new(hand: CardBag, level: u8) -> HandInfo {
        let w = wild_card(level);
        let wild_bit = w.bit();
        let wilds = hand.count(w) as u8;
        let (o, t) = hand.masks();
        let (once, twice) = (o & !wild_bit, t & !wild_bit);
        let mut rank_count = [0u8; 13];
        let mut part_key = [0u8; 13];
        for r in 0..13 {
            let (on, tn) = ((once >> (4 * r)) & 0xF, (twice >> (4 * r)) & 0xF);
            rank_count[r] = (on.count_ones() + tn.count_ones()) as u8;
            part_key[r] = (on | tn << 4) as u8;
        }
        HandInfo {
            level,
            wild_bit,
            wilds,
            once,
            twice,
            rank_count,
            part_key,
        }
    }

    /// The sub-multisets of size `m` (0..=8) of rank `r`'s natural cards, as nibbles (see
    /// [`at_rank`]).
    #[inline]
    fn parts(&self, r: u8, m: u8) -> &'static [(u8, u8)] {
        let o = &PARTS.offsets[self.part_key[r as usize] as usize];
        &PARTS.parts[o[m as usize] as usize..o[m as usize + 1] as usize]
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

/// A set of wild positions of a five-card sequence (bit `i` = position `i`) that the at most
/// two wild cards of a hand can fill: its size and its positions, lowest first.
#[derive(Clone, Copy)]
struct WildSet {
    mask: u8,
    used: u8,
    positions: [u8; 2],
}

/// Every [`WildSet`], in the generator's order (ascending as bit sets). A static list, so that
/// the 32 subsets need no population count per window (which the baseline x86-64 target has no
/// instruction for).
const WILD_SETS: [WildSet; 16] = wild_sets();

const fn wild_sets() -> [WildSet; 16] {
    let mut out = [WildSet {
        mask: 0,
        used: 0,
        positions: [0; 2],
    }; 16];
    let mut n = 0;
    let mut mask = 0u8;
    while mask < 32 {
        if mask.count_ones() <= 2 {
            let mut positions = [0u8; 2];
            let mut used = 0u8;
            let mut i = 0u8;
            while i < 5 {
                if mask & (1 << i) != 0 {
                    positions[used as usize] = i;
                    used += 1;
                }
                i += 1;
            }
            out[n] = WildSet {
                mask,
                used,
                positions,
            };
            n += 1;
        }
        mask += 1;
    }
    assert!(n == 16);
    out
}

/// One straight window: per position, its natural single cards (lowest suit first) and the
/// card a wild card reads as there.
struct Window {
    opts: [[u64; 4]; 5],
    n_opts: [usize; 5],
    reps: [u8; 5],
}

/// The only choice of a position taken by a wild card (the wild card itself is in the base
/// move).
const WILD_CHOICE: [u64; 1] = [0];

/// The base move of a sequence whose wild cards take the positions of `ws`: the wild cards
/// and their readings (`reps` per position), type and key.
#[inline]
fn sequence_base(
    ws: &WildSet,
    reps: &[u8; 5],
    wild_bit: u64,
    kind: GdKind,
    top: u8,
    level: u8,
) -> GdCombo {
    let (wo, wt, wa) = match ws.used {
        0 => (0, 0, [NO_WILD; 2]),
        1 => (wild_bit, 0, [reps[ws.positions[0] as usize], NO_WILD]),
        _ => (
            wild_bit,
            wild_bit,
            [
                reps[ws.positions[0] as usize],
                reps[ws.positions[1] as usize],
            ],
        ),
    };
    GdCombo::raw(wo, wt, kind, top, wa, level)
}

impl Window {
    /// The choices of position `i`: its natural cards, or the wild card if `wild`.
    #[inline]
    fn choices(&self, i: usize, wild: bool) -> &[u64] {
        if wild {
            &WILD_CHOICE
        } else {
            &self.opts[i][..self.n_opts[i]]
        }
    }

    /// Writes every choice of one natural card or a wild card per position, at most `wilds`
    /// wild: for each set of wild positions (containing every position without a natural card),
    /// the product of the natural options of the other positions, the first position varying
    /// slowest.
    ///
    /// The products of the first two positions (heads) and of the last three (tails) are
    /// computed once per window for each wild pattern of those positions; a set of wild
    /// positions then writes its tail once per head. The per-move work is one OR and three
    /// stores, where a five-deep walk paid loop and push overhead at every level for lists of
    /// one or two cards.
    fn write(&self, out: &mut Vec<GdCombo>, wilds: u8, wild_bit: u64, top: u8, level: u8) {
        let mut missing = 0u8;
        for (i, &n) in self.n_opts.iter().enumerate() {
            if n == 0 {
                missing |= 1 << i;
            }
        }
        // heads[head_at[q]..head_at[q + 1]]: products of positions 0, 1 with wild pattern q
        // (bit k = position k is wild)
        let mut heads = [0u64; 25];
        let mut head_at = [0usize; 5];
        let mut n = 0;
        for (q, at) in head_at.iter_mut().enumerate().take(4) {
            *at = n;
            for &a in self.choices(0, q & 1 != 0) {
                for &b in self.choices(1, q & 2 != 0) {
                    heads[n] = a | b;
                    n += 1;
                }
            }
        }
        head_at[4] = n;
        // tails[tail_at[p]..tail_at[p + 1]]: products of positions 2, 3, 4 with wild pattern p
        // (bit k = position 2 + k is wild; three wild cards never happen)
        let mut tails = [0u64; 125];
        let mut tail_at = [0usize; 9];
        let mut n = 0;
        for (p, at) in tail_at.iter_mut().enumerate().take(8) {
            *at = n;
            if p == 7 {
                continue;
            }
            for &c in self.choices(2, p & 1 != 0) {
                for &d in self.choices(3, p & 2 != 0) {
                    for &e in self.choices(4, p & 4 != 0) {
                        tails[n] = c | d | e;
                        n += 1;
                    }
                }
            }
        }
        tail_at[8] = n;
        for ws in &WILD_SETS {
            if ws.used > wilds || ws.mask & missing != missing {
                continue;
            }
            let base = sequence_base(ws, &self.reps, wild_bit, GdKind::Straight, top, level);
            let (q, p) = ((ws.mask & 3) as usize, (ws.mask >> 2) as usize);
            let tail = &tails[tail_at[p]..tail_at[p + 1]];
            for &h in &heads[head_at[q]..head_at[q + 1]] {
                out.extend(tail.iter().map(|&m| base.adding(h | m, 0)));
            }
        }
    }
}

/// Writes the straight flushes of one window and suit (GD-5.1 #9): `cards[i]` is position
/// `i`'s natural card of the suit (0 if absent), `reps[i]` the card a wild card reads as there.
/// With at most one natural card per position, each set of wild positions (containing every
/// position without its card) makes exactly one move: the window's natural cards minus those the
/// wild cards replace.
fn write_flushes(
    out: &mut Vec<GdCombo>,
    cards: &[u64; 5],
    reps: &[u8; 5],
    wilds: u8,
    wild_bit: u64,
    (top, level): (u8, u8),
) {
    let mut missing = 0u8;
    let mut all = 0u64;
    for (i, &c) in cards.iter().enumerate() {
        if c == 0 {
            missing |= 1 << i;
        }
        all |= c;
    }
    for ws in &WILD_SETS {
        if ws.used > wilds || ws.mask & missing != missing {
            continue;
        }
        let replaced = ws.positions[..ws.used as usize]
            .iter()
            .fold(0, |m, &i| m | cards[i as usize]);
        let base = sequence_base(ws, reps, wild_bit, GdKind::StraightFlush, top, level);
        out.push(base.adding(all & !replaced, 0));
    }
}

/// One pair side of a full house: its cards, and what its wild card reads as in slot 0 if it
/// has one ([`NO_WILD`] otherwise).
#[derive(Clone, Copy)]
struct PairSide {
    once: u64,
    twice: u64,
    wild_as: [u8; 2],
}

const NO_SIDE: PairSide = PairSide {
    once: 0,
    twice: 0,
    wild_as: [NO_WILD; 2],
};

/// Most pair sides: 13 ranks x (10 natural pairs + 4 half-wild pairs) + 2 joker pairs.
const MAX_PAIR_SIDES: usize = 13 * 14 + 2;

/// The pair sides of full houses in generation order: for each pair rank `p`, its natural
/// pairs, then (if `half_wild`) its single natural cards completed by one wild card reading as
/// rank `p`; then the joker pairs (GD-5.1 #4).
struct PairSides {
    entries: [PairSide; MAX_PAIR_SIDES],
    /// `entries[start[p]..start[p + 1]]` are rank `p`'s; the joker pairs end the list.
    start: [u16; 14],
    len: usize,
}

impl PairSides {
    fn new(h: &HandInfo, half_wild: bool) -> PairSides {
        let mut s = PairSides {
            entries: [NO_SIDE; MAX_PAIR_SIDES],
            start: [0; 14],
            len: 0,
        };
        let mut n = 0;
        for p in 0..13u8 {
            s.start[p as usize] = n as u16;
            for &part in h.parts(p, 2) {
                let (once, twice) = at_rank(p, part);
                s.entries[n] = PairSide {
                    once,
                    twice,
                    wild_as: [NO_WILD; 2],
                };
                n += 1;
            }
            if half_wild {
                for &part in h.parts(p, 1) {
                    let (once, twice) = at_rank(p, part);
                    s.entries[n] = PairSide {
                        once: once | h.wild_bit,
                        twice,
                        wild_as: [rep(p), NO_WILD],
                    };
                    n += 1;
                }
            }
        }
        s.start[13] = n as u16;
        for bit in [SJ_BIT, BJ_BIT] {
            if h.twice & bit != 0 {
                s.entries[n] = PairSide {
                    once: bit,
                    twice: bit,
                    wild_as: [NO_WILD; 2],
                };
                n += 1;
            }
        }
        s.len = n;
        s
    }

    /// The pair sides of ranks other than `r` (jokers included), in order, as two slices.
    #[inline]
    fn without_rank(&self, r: u8) -> [&[PairSide]; 2] {
        let (lo, hi) = (
            self.start[r as usize] as usize,
            self.start[r as usize + 1] as usize,
        );
        [&self.entries[..lo], &self.entries[hi..self.len]]
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
                for &part in self.h.parts(r, n - wilds) {
                    let (o, t) = at_rank(r, part);
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

    /// Full houses: a triple of rank `r` (natural part + `wt` wild cards) and a pair of another
    /// rank (natural, or half wild if a wild card is left), of jokers (GD-5.1 #4), or of both
    /// wild cards (GD-6.2).
    ///
    /// The pair side does not depend on the triple's cards: it is listed once per hand (with
    /// and without half-wild pairs, in pair-rank order) and each triple part writes the list
    /// minus rank `r` in two blocks, rather than walking the pair ranks move by move.
    fn full_houses(&mut self) {
        let min = self.f.normal_min();
        let h = &self.h;
        let out = &mut *self.out;
        let level = h.level;
        let wild = h.wild_bit;
        let triple_ok =
            |r: u8| group_value(r, level) > min && h.rank_count[r as usize] + h.wilds >= 3;
        if !(0..13u8).any(triple_ok) {
            return;
        }
        // pair sides when the triple leaves a wild card (stored reading in slot 0), and when
        // it leaves none
        let natural = PairSides::new(h, false);
        let with_half = if h.wilds > 0 {
            Some(PairSides::new(h, true))
        } else {
            None
        };
        for r in (0..13u8).filter(|&r| triple_ok(r)) {
            for wt in 0..=h.wilds.min(2) {
                let sides = match &with_half {
                    Some(s) if wt < h.wilds => s,
                    _ => &natural,
                };
                let (wo, wtw) = h.wild_masks(wt);
                for &part in h.parts(r, 3 - wt) {
                    let (to, tt) = at_rank(r, part);
                    let base = GdCombo::raw(
                        to | wo,
                        tt | wtw,
                        GdKind::FullHouse,
                        r,
                        wilds_as(wt, rep(r)),
                        level,
                    );
                    for block in sides.without_rank(r) {
                        match wt {
                            // no wild card in the triple: the pair's reading (if any) is slot 0
                            0 => out.extend(
                                block
                                    .iter()
                                    .map(|e| base.adding(e.once, e.twice).with_wild_as(e.wild_as)),
                            ),
                            // one in the triple: a half-wild pair adds the second copy and
                            // reads in slot 1
                            1 => out.extend(block.iter().map(|e| {
                                base.adding(e.once, e.twice | (e.once & wild))
                                    .with_wild_as([rep(r), e.wild_as[0]])
                            })),
                            // both in the triple: natural and joker pairs only
                            _ => out.extend(block.iter().map(|e| base.adding(e.once, e.twice))),
                        }
                    }
                    // both wild cards as the pair: any rank other than r (GD-6.2)
                    if wt == 0 && h.wilds == 2 {
                        let p = if r == 0 { 1 } else { 0 };
                        out.push(base.adding(wild, wild).with_wild_as([rep(p), rep(p)]));
                    }
                }
            }
        }
    }

    /// Straights and straight flushes: windows of 5 sequence values, one card per position.
    fn straights(&mut self, flush: bool) {
        let (min, want) = if flush {
            (0, self.f.wants(GdKind::StraightFlush))
        } else {
            (self.f.normal_min(), self.f.wants(GdKind::Straight))
        };
        if !want {
            return;
        }
        let h = &self.h;
        for top in 5..=14u8 {
            if flush {
                if !self.f.bomb_ok(3, top) {
                    continue;
                }
            } else if top <= min {
                continue;
            }
            let ranks: [u8; 5] = std::array::from_fn(|i| seq_rank(top - 4 + i as u8));
            // natural suits present per position
            let nibbles: [u64; 5] = std::array::from_fn(|i| (h.once >> (4 * ranks[i])) & 0xF);
            let missing = nibbles.iter().filter(|&&b| b == 0).count() as u8;
            if missing > h.wilds {
                continue;
            }
            if flush {
                for suit in 0..4u8 {
                    let cards: [u64; 5] =
                        std::array::from_fn(|i| (nibbles[i] & (1 << suit)) << (4 * ranks[i]));
                    let need = cards.iter().filter(|&&c| c == 0).count() as u8;
                    if need > h.wilds {
                        continue;
                    }
                    let reps: [u8; 5] = std::array::from_fn(|i| 4 * ranks[i] + suit);
                    write_flushes(self.out, &cards, &reps, h.wilds, h.wild_bit, (top, h.level));
                }
            } else {
                let mut win = Window {
                    opts: [[0; 4]; 5],
                    n_opts: [0; 5],
                    reps: std::array::from_fn(|i| rep(ranks[i])),
                };
                for (i, &r) in ranks.iter().enumerate() {
                    let mut b = nibbles[i];
                    while b != 0 {
                        let s = b.trailing_zeros();
                        b &= b - 1;
                        win.opts[i][win.n_opts[i]] = 1u64 << (4 * r as u32 + s);
                        win.n_opts[i] += 1;
                    }
                }
                win.write(self.out, h.wilds, h.wild_bit, top, h.level);
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
            // wild cards each position needs at least (natural cards short of `per`)
            let need: [u8; 3] =
                std::array::from_fn(|i| per.saturating_sub(h.rank_count[ranks[i] as usize]));
            if need[..len as usize].iter().sum::<u8>() > wilds {
                continue;
            }
            let reps = [rep(ranks[0]), rep(ranks[1]), rep(ranks[2])];
            // wild cards used at positions 0, 1 (and 2), each at most `per`; fewer than a
            // position needs leaves it no natural part
            for w0 in need[0]..=wilds.min(per) {
                for w1 in need[1]..=(wilds - w0).min(per) {
                    let w2s = if len == 3 {
                        need[2]..=(wilds - w0 - w1).min(per)
                    } else {
                        0..=0
                    };
                    for w2 in w2s {
                        let ws = [w0, w1, w2];
                        let (wo, wt) = h.wild_masks(w0 + w1 + w2);
                        let mut wa = [NO_WILD; 2];
                        let mut k = 0;
                        for i in 0..3 {
                            for _ in 0..ws[i] {
                                wa[k] = reps[i];
                                k += 1;
                            }
                        }
                        let base = GdCombo::raw(wo, wt, kind, top, wa, level);
                        let p0 = h.parts(ranks[0], per - w0);
                        let p1 = h.parts(ranks[1], per - w1);
                        // the last position's parts are written as one block per choice of
                        // the others, first position slowest
                        if len == 2 {
                            for &a in p0 {
                                let (ao, at) = at_rank(ranks[0], a);
                                out.extend(p1.iter().map(|&b| {
                                    let (bo, bt) = at_rank(ranks[1], b);
                                    base.adding(ao | bo, at | bt)
                                }));
                            }
                        } else {
                            let p2 = h.parts(ranks[2], per - w2);
                            for &a in p0 {
                                let (ao, at) = at_rank(ranks[0], a);
                                for &b in p1 {
                                    let (bo, bt) = at_rank(ranks[1], b);
                                    let (abo, abt) = (ao | bo, at | bt);
                                    out.extend(p2.iter().map(|&c| {
                                        let (co, ct) = at_rank(ranks[2], c);
                                        base.adding(abo | co, abt | ct)
                                    }));
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
                    for &part in parts {
                        let (o, t) = at_rank(r, part);
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
pub fn legal_plays_into(hand: CardBag, level: u8, top: Option<&GdCombo>, out: &mut Vec<GdCombo>) {
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
    out.clear();
    let mut g = Gen {
        h: HandInfo::new(hand, level),
        f,
        out,
    };
    g.run();
    debug_assert!(top.is_none_or(|t| g.out.iter().all(|c| beats(c, t))));
}

/// [`legal_plays_into`] into a new vector.
pub fn legal_plays(hand: CardBag, level: u8, top: Option<&GdCombo>) -> Vec<GdCombo> {
    let mut out = Vec::new();
    legal_plays_into(hand, level, top, &mut out);
    out
}

/// Every valid interpretation of exactly the cards `cards` at level rank `level` (GD-6.5),
/// strongest first by the default precedence of GD-6.7 (so the first is the default reading
/// of a bare card set on a lead). Empty if the cards form no valid move.
pub fn classify(cards: CardBag, level: u8) -> Vec<GdCombo> {
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

/// True if `combo` is a valid move (GD-6.3): its cards can be read as its type and key.
pub fn is_valid(combo: &GdCombo) -> bool {
    classify(combo.cards(), combo.level()).contains(combo)
}

/// The default reading of a bare card set (GD-6.7): the first interpretation in the
/// precedence of GD-6.7 that is legal against `top` (any valid one on a lead).
pub fn default_reading(cards: CardBag, level: u8, top: Option<&GdCombo>) -> Option<GdCombo> {
    classify(cards, level)
        .into_iter()
        .find(|c| top.is_none_or(|t| beats(c, t)))
}
