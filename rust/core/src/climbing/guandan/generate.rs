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
//! therefore builds what several moves share once — rank parts come from a compile-time table,
//! the pair sides of full houses are listed once per hand, the products of a straight's first
//! two and last three positions once per window — and appends moves in whole blocks
//! (`Vec::extend` over a slice, one capacity check per block), a few ORs and three stores per
//! move ([`GdCombo`] is three words). The order of the moves is that of the original
//! depth-first generator (kept as a test oracle in `generate_reference.rs`), since random
//! playouts pick moves by index.

use super::combo::{
    beats, group_value, seq_rank, wild_card, GdCombo, GdKind, Piece, BJ_RANK, NO_WILD, SJ_RANK,
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
    /// Cards in the rank (0..=8).
    counts: [u8; 256],
}

/// Sub-multisets over all valid rank contents: the sum over contents of the product of
/// (copies + 1) per suit, `(1 + 2 + 3)^4`.
const PART_COUNT: usize = 1296;

static PARTS: PartTable = build_part_table();

const fn build_part_table() -> PartTable {
    let mut table = PartTable {
        offsets: [[0; 10]; 256],
        parts: [(0, 0); PART_COUNT],
        counts: [0; 256],
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
            table.counts[key] += c[s] as u8;
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
    /// Each rank's row of [`PartTable::offsets`], copied so that the generator's look-ups stay
    /// in this small struct (the table itself is evicted from L1 by each call's output).
    part_at: [[u16; 10]; 13],
}

impl HandInfo {
    fn new(hand: CardBag, level: u8) -> HandInfo {
        let w = wild_card(level);
        let wild_bit = w.bit();
        let wilds = hand.count(w) as u8;
        let (o, t) = hand.masks();
        let (once, twice) = (o & !wild_bit, t & !wild_bit);
        let mut rank_count = [0u8; 13];
        let mut part_at = [[0u16; 10]; 13];
        for r in 0..13 {
            let key = ((once >> (4 * r)) & 0xF | ((twice >> (4 * r)) & 0xF) << 4) as usize;
            part_at[r] = PARTS.offsets[key];
            rank_count[r] = PARTS.counts[key];
        }
        HandInfo {
            level,
            wild_bit,
            wilds,
            once,
            twice,
            rank_count,
            part_at,
        }
    }

    /// The sub-multisets of size `m` (0..=8) of rank `r`'s natural cards, as nibbles (see
    /// [`at_rank`]).
    #[inline]
    fn parts(&self, r: u8, m: u8) -> &'static [(u8, u8)] {
        let o = &self.part_at[r as usize];
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
/// two wild cards of a hand can fill: its size and its positions, lowest first ([`NO_POSITION`]
/// for an unused slot).
#[derive(Clone, Copy)]
struct WildSet {
    mask: u8,
    used: u8,
    positions: [u8; 2],
}

/// "No position" in [`WildSet::positions`]: indexes the [`NO_WILD`] entry of a window's
/// per-position readings, so that a set's readings are two look-ups without branches.
const NO_POSITION: u8 = 5;

/// Every [`WildSet`], in the generator's order (ascending as bit sets).
const WILD_SETS: [WildSet; 16] = wild_sets();

const fn wild_sets() -> [WildSet; 16] {
    let mut out = [WildSet {
        mask: 0,
        used: 0,
        positions: [NO_POSITION; 2],
    }; 16];
    let mut n = 0;
    let mut mask = 0u8;
    while mask < 32 {
        if mask.count_ones() <= 2 {
            let mut positions = [NO_POSITION; 2];
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

/// `VALID_SETS[wilds][missing]`: the [`WILD_SETS`] (bit `j` = `WILD_SETS[j]`) a hand with
/// `wilds` wild cards can use in a window whose positions `missing` (bit set) have no natural
/// card: at most `wilds` positions, all the missing ones among them. A static table, so that no
/// window tests the sets one by one (nor counts bits, which baseline x86-64 has no instruction
/// for).
static VALID_SETS: [[u16; 32]; 3] = valid_sets();

const fn valid_sets() -> [[u16; 32]; 3] {
    let mut out = [[0u16; 32]; 3];
    let mut wilds = 0;
    while wilds < 3 {
        let mut missing = 0;
        while missing < 32 {
            let mut j = 0;
            while j < 16 {
                let ws = WILD_SETS[j];
                if ws.used as usize <= wilds && ws.mask & missing == missing {
                    out[wilds][missing as usize] |= 1 << j;
                }
                j += 1;
            }
            missing += 1;
        }
        wilds += 1;
    }
    out
}

/// The [`WILD_SETS`] of a bit set of [`VALID_SETS`], in order.
#[inline]
fn sets_of(mut bits: u16) -> impl Iterator<Item = &'static WildSet> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let j = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(&WILD_SETS[j & 15])
    })
}

/// Present-position count of a five-bit window.
static POP5: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The set bits of a nibble (a rank's suits) as single-bit nibbles, lowest first, and their
/// count.
static SUITS_OF: [([u8; 4], u8); 16] = {
    let mut t = [([0u8; 4], 0u8); 16];
    let mut nib = 0;
    while nib < 16 {
        let mut s = 0;
        while s < 4 {
            if nib & (1 << s) != 0 {
                t[nib].0[t[nib].1 as usize] = 1 << s;
                t[nib].1 += 1;
            }
            s += 1;
        }
        nib += 1;
    }
    t
};

/// Bit `v` (1..=14) set for each sequence value `v` (GD-2.5) whose rank is in `ranks` (bit `r`
/// = rank `r`): rank `r` is value `r + 2`, and the ace is also value 1. Window `top` is then
/// `(mask >> (top - 4)) & 0x1F`, bit `i` for position `i`.
#[inline]
fn seq_mask(ranks: u16) -> u16 {
    (ranks << 2) | ((ranks >> 12) & 1) << 1
}

/// What is common to the moves of one sequence window: where the wild cards go, what they
/// read as, type, key and level.
struct SeqBase {
    /// The wild copies' masks by number of wild cards used (0..=2).
    wild_masks: [(u64, u64); 3],
    /// What a wild card reads as at each position; index [`NO_POSITION`] is [`NO_WILD`].
    reps: [u8; 6],
    kind: GdKind,
    top: u8,
    level: u8,
}

impl SeqBase {
    /// The base move when the wild cards take the positions of `ws`.
    #[inline]
    fn with(&self, ws: &WildSet) -> GdCombo {
        let (wo, wt) = self.wild_masks[ws.used as usize];
        let wa = [
            self.reps[ws.positions[0] as usize],
            self.reps[ws.positions[1] as usize],
        ];
        GdCombo::raw(wo, wt, self.kind, self.top, wa, self.level)
    }
}

/// Appends the straights of one window (GD-5.1 #5): every choice of one natural card or a wild
/// card per position, at most `wilds` wild; for each set of wild positions (containing every
/// position without a natural card, [`VALID_SETS`]), the product of the natural options of the
/// other positions, the first position varying slowest. `opts[i]` are position `i`'s natural
/// cards, lowest suit first.
///
/// The products of the first two positions (heads) and of the last three (tails) are computed
/// once per window for each wild pattern of those positions; a set of wild positions then
/// appends its tail once per head. The per-move work is one OR and three stores, where a
/// five-deep walk paid loop and push overhead at every level for lists of one or two cards.
// Index loops: the patterns index both their offsets and their wild positions.
#[allow(clippy::needless_range_loop)]
fn append_straights(out: &mut Vec<GdCombo>, opts: &[&[u64]; 5], valid: u16, base: &SeqBase) {
    const WILD: &[u64] = &[0];
    let choices = |i: usize, wild: bool| if wild { WILD } else { opts[i] };
    // heads[head_at[q]..head_at[q + 1]]: products of positions 0, 1 with wild pattern q
    // (bit k = position k is wild)
    let mut heads = [0u64; 25];
    let mut head_at = [0usize; 5];
    let mut n = 0;
    for q in 0..4 {
        head_at[q] = n;
        for &a in choices(0, q & 1 != 0) {
            for &b in choices(1, q & 2 != 0) {
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
    for p in 0..7 {
        tail_at[p] = n;
        for &c in choices(2, p & 1 != 0) {
            for &d in choices(3, p & 2 != 0) {
                for &e in choices(4, p & 4 != 0) {
                    tails[n] = c | d | e;
                    n += 1;
                }
            }
        }
    }
    tail_at[7] = n;
    tail_at[8] = n;
    for ws in sets_of(valid) {
        let combo = base.with(ws);
        let (q, p) = ((ws.mask & 3) as usize, (ws.mask >> 2) as usize);
        let tail = &tails[tail_at[p]..tail_at[p + 1]];
        for &h in &heads[head_at[q]..head_at[q + 1]] {
            out.extend(tail.iter().map(|&m| combo.adding(h | m, 0)));
        }
    }
}

/// A split of at most two wild cards among a run's positions: wild cards per position, in all,
/// and the position each reading slot stands at (3 for an unused slot: the readings follow the
/// positions in order).
#[derive(Clone, Copy)]
struct RunSplit {
    w: [u8; 3],
    total: u8,
    slots: [u8; 2],
}

/// Every [`RunSplit`] (each position at most two wild cards, as at most two exist), in the
/// generator's order: wild counts of positions 0, 1, 2 lexicographic.
static RUN_SPLITS: [RunSplit; 10] = {
    let mut t = [RunSplit {
        w: [0; 3],
        total: 0,
        slots: [3; 2],
    }; 10];
    let mut n = 0;
    let mut code = 0;
    while code < 27 {
        let w = [(code / 9) as u8, (code / 3 % 3) as u8, (code % 3) as u8];
        let total = w[0] + w[1] + w[2];
        if total <= 2 {
            let mut slots = [3u8; 2];
            let mut k = 0;
            let mut i = 0;
            while i < 3 {
                let mut c = 0;
                while c < w[i] {
                    slots[k] = i as u8;
                    k += 1;
                    c += 1;
                }
                i += 1;
            }
            t[n] = RunSplit { w, total, slots };
            n += 1;
        }
        code += 1;
    }
    assert!(n == 10);
    t
};

/// `RUN_SPLITS_FOR[wilds][need]`: the [`RUN_SPLITS`] (bit `j` = `RUN_SPLITS[j]`) a hand with
/// `wilds` wild cards can use in a run window whose positions need at least `need` wild cards
/// each (`need` = `n0 * 9 + n1 * 3 + n2`, 0..=2 each; a position with fewer has no natural part).
/// Two-position runs also keep to [`RUN_SPLITS_TWO`].
static RUN_SPLITS_FOR: [[u16; 27]; 3] = {
    let mut t = [[0u16; 27]; 3];
    let mut wilds = 0;
    while wilds < 3 {
        let mut need = 0;
        while need < 27 {
            let n = [need / 9, need / 3 % 3, need % 3];
            let mut j = 0;
            while j < 10 {
                let s = RUN_SPLITS[j];
                if s.total as usize <= wilds
                    && s.w[0] as usize >= n[0]
                    && s.w[1] as usize >= n[1]
                    && s.w[2] as usize >= n[2]
                {
                    t[wilds][need] |= 1 << j;
                }
                j += 1;
            }
            need += 1;
        }
        wilds += 1;
    }
    t
};

/// The splits with no wild card at position 2 (for two-position runs).
const RUN_SPLITS_TWO: u16 = {
    let mut bits = 0;
    let mut j = 0;
    while j < 10 {
        if RUN_SPLITS[j].w[2] == 0 {
            bits |= 1 << j;
        }
        j += 1;
    }
    bits
};

/// Most pair sides of one list: 13 ranks x (10 natural pairs + 4 half-wild pairs) + 2 joker
/// pairs.
const MAX_PAIR_SIDES: usize = 13 * 14 + 2;

/// The pair sides of full houses for one number of wild cards in the triple, as ranges of a
/// vector of [`Piece`]s shared by a hand's lists, in generation order: for each pair rank `p`,
/// its natural pairs, then (if the triple leaves a wild card, [`HalfWild`]) its single natural
/// cards completed by a wild card reading as rank `p`; then the joker pairs (GD-5.1 #4).
struct PairList {
    /// Rank `p`'s sides are `pieces[start[p]..start[p + 1]]`; the joker pairs end at `end`.
    start: [usize; 14],
    end: usize,
}

/// How a half-wild pair side is completed: the wild copy's masks (with the triple's wild copy,
/// if any, the pair's makes the second one) and the reading slot it takes.
struct HalfWild {
    once: u64,
    twice: u64,
    slot: usize,
}

impl PairList {
    fn new(h: &HandInfo, half: Option<HalfWild>, pieces: &mut Vec<Piece>) -> PairList {
        let mut start = [0; 14];
        for p in 0..13u8 {
            start[p as usize] = pieces.len();
            pieces.extend(h.parts(p, 2).iter().map(|&part| {
                let (once, twice) = at_rank(p, part);
                Piece::new(once, twice, [NO_WILD; 2])
            }));
            if let Some(w) = &half {
                let mut wild_as = [NO_WILD; 2];
                wild_as[w.slot] = rep(p);
                pieces.extend(h.parts(p, 1).iter().map(|&part| {
                    let (once, twice) = at_rank(p, part);
                    Piece::new(once | w.once, twice | w.twice, wild_as)
                }));
            }
        }
        start[13] = pieces.len();
        for bit in [SJ_BIT, BJ_BIT] {
            if h.twice & bit != 0 {
                pieces.push(Piece::new(bit, bit, [NO_WILD; 2]));
            }
        }
        PairList {
            start,
            end: pieces.len(),
        }
    }

    /// The pair sides of ranks other than `r` (jokers included), in order, as two ranges.
    #[inline]
    fn without_rank(&self, r: u8) -> [std::ops::Range<usize>; 2] {
        [
            self.start[0]..self.start[r as usize],
            self.start[r as usize + 1]..self.end,
        ]
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
            // wild cards below n - natural copies leave no natural part
            let fewest = n.saturating_sub(self.h.rank_count[r as usize]);
            for wilds in fewest..=self.h.wilds.min(n - 1) {
                let (wo, wt) = self.h.wild_masks(wilds);
                let base = GdCombo::raw(wo, wt, kind, r, wilds_as(wilds, rep(r)), level);
                self.out
                    .extend(self.h.parts(r, n - wilds).iter().map(|&part| {
                        let (o, t) = at_rank(r, part);
                        base.adding(o, t)
                    }));
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
    /// The pair side does not depend on the triple's cards: it is listed once per hand for
    /// each number of wild cards the triple leaves, ready to join (cards and reading), and
    /// each triple part appends the list minus rank `r` in two blocks, rather than walking the
    /// pair ranks move by move.
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
        // lists[wt]: the pair sides when the triple takes wt wild cards; a wild card left
        // completes half-wild pairs, reading in slot wt
        let mut pieces = Vec::with_capacity(3 * MAX_PAIR_SIDES);
        let lists: [Option<PairList>; 3] = std::array::from_fn(|wt| {
            let wt = wt as u8;
            (wt <= h.wilds).then(|| {
                let half = (wt < h.wilds).then_some(HalfWild {
                    once: wild,
                    twice: if wt == 1 { wild } else { 0 },
                    slot: wt as usize,
                });
                PairList::new(h, half, &mut pieces)
            })
        });
        for r in (0..13u8).filter(|&r| triple_ok(r)) {
            for wt in 0..=h.wilds.min(2) {
                let Some(list) = &lists[wt as usize] else {
                    continue;
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
                    for range in list.without_rank(r) {
                        out.extend(pieces[range].iter().map(|e| base.joined(e)));
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

    /// Straights and straight flushes: windows of 5 sequence values, one card per position
    /// (GD-5.1 #5, #9), top value ascending (flushes: then suit).
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
        let out = &mut *self.out;
        // natural suits per rank, and the ranks holding each suit / any natural card
        let nibbles: [u64; 13] = std::array::from_fn(|r| (h.once >> (4 * r)) & 0xF);
        let mut suit_ranks = [0u16; 4];
        let mut any_ranks = 0u16;
        for (r, &nib) in nibbles.iter().enumerate() {
            if flush {
                for (s, ranks) in suit_ranks.iter_mut().enumerate() {
                    *ranks |= (((nib >> s) & 1) as u16) << r;
                }
            }
            any_ranks |= ((nib != 0) as u16) << r;
        }
        let suit_seqs = suit_ranks.map(seq_mask);
        let any_seq = seq_mask(any_ranks);
        let valid_sets = &VALID_SETS[h.wilds.min(2) as usize];
        let mut base = SeqBase {
            wild_masks: [h.wild_masks(0), h.wild_masks(1), h.wild_masks(2)],
            reps: [NO_WILD; 6],
            kind: if flush {
                GdKind::StraightFlush
            } else {
                GdKind::Straight
            },
            top: 0,
            level: h.level,
        };
        for top in 5..=14u8 {
            if flush {
                if !self.f.bomb_ok(3, top) {
                    continue;
                }
            } else if top <= min {
                continue;
            }
            let window = ((any_seq >> (top - 4)) & 0x1F) as usize;
            if 5 - POP5[window] > h.wilds {
                continue;
            }
            let ranks: [u8; 5] = std::array::from_fn(|i| seq_rank(top - 4 + i as u8));
            base.top = top;
            if flush {
                for suit in 0..4u8 {
                    let present = ((suit_seqs[suit as usize] >> (top - 4)) & 0x1F) as usize;
                    if 5 - POP5[present] > h.wilds {
                        continue;
                    }
                    // one natural card or none per position: one move per set of wild positions,
                    // the window's cards minus those the wild cards replace
                    let cards: [u64; 6] = std::array::from_fn(|i| {
                        if i < 5 && present & (1 << i) != 0 {
                            1 << (4 * ranks[i] + suit)
                        } else {
                            0
                        }
                    });
                    let all = cards.iter().fold(0, |m, &c| m | c);
                    for (rep, &r) in base.reps.iter_mut().zip(&ranks) {
                        *rep = 4 * r + suit;
                    }
                    for ws in sets_of(valid_sets[present ^ 0x1F]) {
                        let replaced =
                            cards[ws.positions[0] as usize] | cards[ws.positions[1] as usize];
                        out.push(base.with(ws).adding(all & !replaced, 0));
                    }
                }
            } else {
                let mut bufs = [[0u64; 4]; 5];
                for (i, buf) in bufs.iter_mut().enumerate() {
                    let r = ranks[i];
                    let (suits, n) = SUITS_OF[nibbles[r as usize] as usize];
                    for k in 0..n as usize {
                        buf[k] = (suits[k] as u64) << (4 * r);
                    }
                    base.reps[i] = rep(r);
                }
                let opts: [&[u64]; 5] = std::array::from_fn(|i| {
                    let n = SUITS_OF[nibbles[ranks[i] as usize] as usize].1 as usize;
                    &bufs[i][..n]
                });
                append_straights(out, &opts, valid_sets[window ^ 0x1F], &base);
            }
        }
    }

    /// Pair runs (`per = 2`, three positions) and triple runs (`per = 3`, two positions):
    /// each position takes a natural part of its rank completed by wild cards (GD-5.1 #6, #7).
    /// Order: top ascending, then the wild cards used at positions 0, 1, 2 ([`RUN_SPLITS`]),
    /// then the natural parts, first position slowest; the last position's parts are appended as
    /// one block.
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
        let wild_masks = [h.wild_masks(0), h.wild_masks(1), h.wild_masks(2)];
        let splits_for = &RUN_SPLITS_FOR[wilds.min(2) as usize];
        let only = if len == 2 { RUN_SPLITS_TWO } else { !0 };
        // wild cards a rank needs to make `per` copies (natural cards short of `per`): fewer
        // would leave it no natural part
        let need: [u8; 13] = std::array::from_fn(|r| per.saturating_sub(h.rank_count[r]));
        for top in (len.max(min + 1))..15 {
            let low = top + 1 - len;
            let ranks = [
                seq_rank(low),
                seq_rank(low + 1),
                seq_rank((low + 2).min(14)),
            ];
            let n0 = need[ranks[0] as usize];
            let n1 = need[ranks[1] as usize];
            let n2 = if len == 3 { need[ranks[2] as usize] } else { 0 };
            if n0 + n1 + n2 > wilds {
                continue;
            }
            // what a wild card reads as at each position, NO_WILD past the last
            let reps = [rep(ranks[0]), rep(ranks[1]), rep(ranks[2]), NO_WILD];
            let (s0, s1, s2) = (4 * ranks[0], 4 * ranks[1], 4 * ranks[2]);
            let mut bits = splits_for[(n0 * 9 + n1 * 3 + n2) as usize] & only;
            while bits != 0 {
                let split = &RUN_SPLITS[bits.trailing_zeros() as usize & 15];
                bits &= bits - 1;
                let [w0, w1, w2] = split.w;
                let (wo, wt) = wild_masks[split.total as usize & 3];
                let wa = [
                    reps[split.slots[0] as usize & 3],
                    reps[split.slots[1] as usize & 3],
                ];
                let base = GdCombo::raw(wo, wt, kind, top, wa, level);
                let p0 = h.parts(ranks[0], per - w0);
                let p1 = h.parts(ranks[1], per - w1);
                if len == 2 {
                    for &(ao, at) in p0 {
                        let (ao, at) = ((ao as u64) << s0, (at as u64) << s0);
                        out.extend(p1.iter().map(|&(bo, bt)| {
                            base.adding(ao | (bo as u64) << s1, at | (bt as u64) << s1)
                        }));
                    }
                    continue;
                }
                let p2 = h.parts(ranks[2], per - w2);
                for &(ao, at) in p0 {
                    let (ao, at) = ((ao as u64) << s0, (at as u64) << s0);
                    for &(bo, bt) in p1 {
                        let (abo, abt) = (ao | (bo as u64) << s1, at | (bt as u64) << s1);
                        out.extend(p2.iter().map(|&(co, ct)| {
                            base.adding(abo | (co as u64) << s2, abt | (ct as u64) << s2)
                        }));
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
                    let base =
                        GdCombo::raw(wo, wt, GdKind::Bomb, r, wilds_as(wilds, rep(r)), level);
                    self.out.extend(parts.iter().map(|&part| {
                        let (o, t) = at_rank(r, part);
                        base.adding(o, t)
                    }));
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
