//! Legal-play generation on rank counts.
//!
//! # One play per rank multiset
//!
//! Plays that differ only in suits are strategically equivalent, and the rules let an engine
//! enumerate plays by rank multiset, mapping each to concrete cards deterministically (DDZ-6.7,
//! ZSY-6.7; in Red Ten suits play no role beyond the red tens' own class, RT-2.3). So every
//! kicker or wing choice is a choice of *ranks*: `333 + 4` is one play however many 4s the hand
//! holds, while `333 + 4` and `333 + 5` are two. The concrete cards are, for each rank, the
//! lowest-indexed cards of that rank in the hand (suit order `c d h s`), except that Zheng
//! Shangyou always takes `3h` first among the 3s, so that every play with a 3 keeps `3h` in the
//! first play (ZSY-6.7). Any other choice of suits is still accepted by
//! [`ClimbTable::play`](super::ClimbTable::play) and [`classify`](super::classify()).
//!
//! Red Ten works on its rank classes (RT-2.3), so `Ts Tc` (class T) and `Th Td` (class R) never
//! mix, plus one distinction the rules make visible: in a straight the ten position may be
//! filled by a black ten or a red ten (RT-2.4); these are two different plays (a red ten reveals
//! its team, RT-3.5), so both are listed when the hand holds both kinds of ten.
//!
//! Order of the output: by kind (the order below), then by length, then by key, then by
//! attachments in ascending rank order. The order is deterministic and part of the contract
//! (seeded playouts depend on it).

use super::classify::{
    has_three_of_hearts, PlayContext, RED_TEN_BOMB_CLASSES, RED_TEN_PAIR_CLASSES, SEQUENCE_RANKS,
};
use super::combo::{Combo, ComboKind};
use super::ruleset::{Ruleset, THREE_OF_HEARTS};
use super::view::{Bits, RankView};
use crate::cards::{CardBag, CardSet};

/// Every legal play from `hand`: every valid combination in the hand when `to_beat` is `None`
/// (a lead), else every combination in the hand that beats `to_beat`
/// ([`beats`](super::beats)). Outside the first play of the deal; see [`legal_plays_with`].
///
/// Cards of `hand` outside the ruleset's deck are ignored. One play per rank multiset (see the
/// module documentation).
pub fn legal_plays(ruleset: Ruleset, hand: CardSet, to_beat: Option<&Combo>) -> Vec<Combo> {
    let mut out = Vec::with_capacity(if to_beat.is_some() { 16 } else { 128 });
    legal_plays_into(ruleset, hand, to_beat, PlayContext::default(), &mut out);
    out
}

/// Every legal play from a two-pack `hand` (Five-Ten-King; see
/// [`ftk_combos`](super::ftk_combos) for the cards chosen and FTK-4.9 for the beating rule). For
/// a one-pack ruleset the bag's distinct kinds are used.
pub fn legal_plays_bag(
    ruleset: Ruleset,
    hand: CardBag,
    to_beat: Option<&Combo>,
    context: PlayContext,
) -> Vec<Combo> {
    let mut out = Vec::with_capacity(if to_beat.is_some() { 16 } else { 256 });
    legal_plays_bag_into(ruleset, hand, to_beat, context, &mut out);
    out
}

/// [`legal_plays_bag`] writing into a reusable buffer (cleared first).
pub fn legal_plays_bag_into(
    ruleset: Ruleset,
    hand: CardBag,
    to_beat: Option<&Combo>,
    context: PlayContext,
    out: &mut Vec<Combo>,
) {
    if ruleset == Ruleset::FiveTenKing {
        super::ftk_combos::legal_plays_into(hand, to_beat, context, out);
    } else {
        legal_plays_into(ruleset, hand.kinds(), to_beat, context, out);
    }
}

/// [`legal_plays`] in a [`PlayContext`]: on the first play of a Zheng Shangyou deal only plays
/// containing `3h` are legal (ZSY-3.4, ZSY-6.7; if the hand lacks `3h` the duty cannot apply
/// and is ignored) and four 3s are the heavenly bomb (ZSY-4.5).
pub fn legal_plays_with(
    ruleset: Ruleset,
    hand: CardSet,
    to_beat: Option<&Combo>,
    context: PlayContext,
) -> Vec<Combo> {
    let mut out = Vec::with_capacity(if to_beat.is_some() { 16 } else { 128 });
    legal_plays_into(ruleset, hand, to_beat, context, &mut out);
    out
}

/// [`legal_plays_with`] writing into a reusable buffer (cleared first): no allocation once the
/// buffer has grown.
pub fn legal_plays_into(
    ruleset: Ruleset,
    hand: CardSet,
    to_beat: Option<&Combo>,
    context: PlayContext,
    out: &mut Vec<Combo>,
) {
    out.clear();
    if ruleset == Ruleset::FiveTenKing {
        super::ftk_combos::legal_plays_into(CardBag::from_set(hand), to_beat, context, out);
        return;
    }
    let table = ruleset.table();
    let hand = hand.0 & table.deck;
    if hand == 0 {
        return;
    }
    let prefer = if ruleset == Ruleset::ZhengShangyou {
        THREE_OF_HEARTS.bit()
    } else {
        0
    };
    let target = match to_beat {
        None => Target::Lead,
        Some(top) => match ruleset.bomb_power(top) {
            Some(power) => Target::BombsAbove(power),
            None => Target::Beat {
                kind: top.kind,
                length: top.length,
                rank: top.rank as i32,
            },
        },
    };
    let mut gen = Generator {
        ruleset,
        v: RankView::new(table, hand),
        prefer,
        out,
    };
    match ruleset {
        Ruleset::DouDizhu => gen.dou_dizhu(target),
        Ruleset::ZhengShangyou => gen.zheng_shangyou(target, context),
        Ruleset::RedTen => gen.red_ten(target),
        Ruleset::FiveTenKing => unreachable!("handled above"),
    }
    if ruleset.first_play_needs_3h()
        && context.first_play_of_deal
        && has_three_of_hearts(CardSet(hand))
    {
        out.retain(|c| has_three_of_hearts(c.cards));
    }
}

/// What the generated plays must do.
#[derive(Clone, Copy, Debug)]
enum Target {
    /// A lead: every valid combination.
    Lead,
    /// Beat a non-bomb: the same kind and length with a higher key, or any bomb.
    Beat {
        kind: ComboKind,
        length: u8,
        rank: i32,
    },
    /// Beat a bomb: only bombs of higher power.
    BombsAbove(u32),
}

/// Key bound meaning "any key".
const ANY: i32 = -1;

/// Kinds and lengths to generate for one non-bomb family, with the key lower bound.
#[derive(Clone, Copy)]
struct Want {
    min_len: u8,
    max_len: u8,
    above: i32,
}

impl Target {
    /// What to generate of `kind` (with lengths `min..=max` by the rules): `None` if no play of
    /// that kind can be legal.
    #[inline]
    fn want(self, kind: ComboKind, min_len: u8, max_len: u8) -> Option<Want> {
        match self {
            Target::Lead => Some(Want {
                min_len,
                max_len,
                above: ANY,
            }),
            Target::Beat {
                kind: k,
                length,
                rank,
            } if k == kind && (min_len..=max_len).contains(&length) => Some(Want {
                min_len: length,
                max_len: length,
                above: rank,
            }),
            _ => None,
        }
    }

    /// The bomb power plays must exceed (0 = every bomb).
    #[inline]
    fn bomb_floor(self) -> u32 {
        match self {
            Target::BombsAbove(p) => p,
            _ => 0,
        }
    }
}

/// One candidate rank for attachments: its first card and first two cards, whether two cards
/// may be taken, and whether it is a joker.
#[derive(Clone, Copy, Default)]
struct Attach {
    one: u64,
    two: u64,
    can_two: bool,
    joker: bool,
}

struct Generator<'a> {
    ruleset: Ruleset,
    v: RankView,
    /// Cards taken first within their rank (ZSY's `3h`).
    prefer: u64,
    out: &'a mut Vec<Combo>,
}

impl Generator<'_> {
    /// The first `k` cards of rank `r` in the hand (preferred card first, then by index).
    #[inline]
    fn take(&self, r: usize, k: u32) -> u64 {
        debug_assert!(k >= 1);
        let bits = self.v.by_rank[r];
        // At most one preferred card per rank.
        let preferred = bits & self.prefer;
        let mut rest = bits & !preferred;
        let mut out = preferred;
        let mut need = k - (preferred != 0) as u32;
        while need > 0 {
            out |= rest & rest.wrapping_neg();
            rest &= rest - 1;
            need -= 1;
        }
        out
    }

    #[inline]
    fn push(&mut self, kind: ComboKind, rank: usize, length: u8, cards: u64) {
        self.out
            .push(Combo::new(self.ruleset, kind, rank as u8, length, cards));
    }

    /// One play of `kind` per rank in `allowed` holding at least `size` cards, key above `above`.
    #[inline]
    fn groups(&mut self, kind: ComboKind, size: u32, allowed: u16, above: i32, length: u8) {
        for r in Bits(self.v.at_least[size as usize] & allowed & above_mask(above)) {
            let cards = self.take(r, size);
            self.push(kind, r, length, cards);
        }
    }

    /// Sequences of `group` cards per rank over consecutive ranks of `SEQUENCE_RANKS`.
    /// `attach` adds wings: 0 none, 1 single wings, 2 pair wings.
    fn sequences(&mut self, kind: ComboKind, group: u32, want: Want, attach: u32) {
        let have = self.v.at_least[group as usize] & SEQUENCE_RANKS;
        if have.count_ones() < want.min_len as u32 {
            return;
        }
        let mut picks = [0u64; 12];
        for r in Bits(have) {
            picks[r] = self.take(r, group);
        }
        for len in want.min_len..=want.max_len.min(12) {
            let window = (1u16 << len) - 1;
            for low in 0..=(12 - len as usize) {
                let top = low + len as usize - 1;
                if (top as i32) <= want.above {
                    continue;
                }
                let ranks = window << low;
                if have & ranks != ranks {
                    continue;
                }
                let mut core = 0u64;
                for pick in &picks[low..=top] {
                    core |= *pick;
                }
                match attach {
                    0 => self.push(kind, top, len, core),
                    _ => self.with_attachments(kind, top, len, core, ranks, len as u32, attach),
                }
            }
        }
    }

    /// Pushes `core` + every attachment set of `count` units (single cards when `unit` is 1,
    /// pairs when 2) drawn from ranks outside `core_ranks`, following DDZ-4.5 (single wings: at
    /// most two of a rank, not both jokers) and DDZ-4.6 (pair wings: distinct ranks, no jokers),
    /// which DDZ-4.7 repeats for the attachments of a four.
    #[allow(clippy::too_many_arguments)]
    fn with_attachments(
        &mut self,
        kind: ComboKind,
        rank: usize,
        length: u8,
        core: u64,
        core_ranks: u16,
        count: u32,
        unit: u32,
    ) {
        let mut cands = [Attach::default(); 16];
        let mut n = 0;
        let pool = if unit == 1 {
            self.v.at_least[1]
        } else {
            // Jokers never pair (DDZ-2.6): ranks 13 and 14 have one card each anyway.
            self.v.at_least[2] & 0x1FFF
        } & !core_ranks;
        for r in Bits(pool) {
            let c = self.v.count[r];
            cands[n] = Attach {
                one: self.take(r, 1),
                two: if c >= 2 { self.take(r, 2) } else { 0 },
                can_two: unit == 1 && c >= 2,
                joker: r >= 13,
            };
            n += 1;
        }
        let cands = &cands[..n];
        // Units available from position i on (for pruning).
        let mut capacity = [0u32; 17];
        for i in (0..n).rev() {
            capacity[i] = capacity[i + 1] + 1 + cands[i].can_two as u32;
        }
        let mut emit = |cards: u64| {
            self.out.push(Combo::new(
                self.ruleset,
                kind,
                rank as u8,
                length,
                core | cards,
            ));
        };
        choose_attachments(cands, &capacity, 0, count, 0, false, unit, &mut emit);
    }

    /// Triples with one single or one pair of another rank (DDZ #4, #5).
    fn triples_with(&mut self, kind: ComboKind, allowed: u16, above: i32) {
        for t in Bits(self.v.at_least[3] & allowed & above_mask(above)) {
            let core = self.take(t, 3);
            let others = if kind == ComboKind::TripleWithSingle {
                self.v.at_least[1]
            } else {
                self.v.at_least[2] & 0x1FFF
            } & !(1 << t);
            let size = if kind == ComboKind::TripleWithSingle {
                1
            } else {
                2
            };
            for s in Bits(others) {
                let cards = core | self.take(s, size);
                self.push(kind, t, 1, cards);
            }
        }
    }

    /// Four of a kind with two singles or two pairs (DDZ #11, #12, DDZ-4.7).
    fn fours_with(&mut self, kind: ComboKind, above: i32) {
        let unit = if kind == ComboKind::FourWithTwoSingles {
            1
        } else {
            2
        };
        for q in Bits(self.v.at_least[4] & 0x1FFF & above_mask(above)) {
            let core = self.take(q, 4);
            self.with_attachments(kind, q, 1, core, 1 << q, 2, unit);
        }
    }

    /// Dou Dizhu (DDZ-4.3, DDZ-5, DDZ-6.7).
    fn dou_dizhu(&mut self, target: Target) {
        use ComboKind::*;
        const ALL: u16 = 0x7FFF;
        const NO_JOKERS: u16 = 0x1FFF;
        if let Some(w) = target.want(Single, 1, 1) {
            self.groups(Single, 1, ALL, w.above, 1);
        }
        if let Some(w) = target.want(Pair, 1, 1) {
            self.groups(Pair, 2, NO_JOKERS, w.above, 1);
        }
        if let Some(w) = target.want(Triple, 1, 1) {
            self.groups(Triple, 3, NO_JOKERS, w.above, 1);
        }
        if let Some(w) = target.want(TripleWithSingle, 1, 1) {
            self.triples_with(TripleWithSingle, NO_JOKERS, w.above);
        }
        if let Some(w) = target.want(TripleWithPair, 1, 1) {
            self.triples_with(TripleWithPair, NO_JOKERS, w.above);
        }
        if let Some(w) = target.want(Straight, 5, 12) {
            self.sequences(Straight, 1, w, 0);
        }
        // DDZ-4.3: the upper bounds of n (pair sequences 10, airplanes 6, 5 and 4) are the
        // longest sequences that fit the 20-card maximum hand.
        if let Some(w) = target.want(PairSequence, 3, 10) {
            self.sequences(PairSequence, 2, w, 0);
        }
        if let Some(w) = target.want(Airplane, 2, 6) {
            self.sequences(Airplane, 3, w, 0);
        }
        if let Some(w) = target.want(AirplaneWithSingles, 2, 5) {
            self.sequences(AirplaneWithSingles, 3, w, 1);
        }
        if let Some(w) = target.want(AirplaneWithPairs, 2, 4) {
            self.sequences(AirplaneWithPairs, 3, w, 2);
        }
        if let Some(w) = target.want(FourWithTwoSingles, 1, 1) {
            self.fours_with(FourWithTwoSingles, w.above);
        }
        if let Some(w) = target.want(FourWithTwoPairs, 1, 1) {
            self.fours_with(FourWithTwoPairs, w.above);
        }
        // Bombs (power 4*32 + rank + 1) and the rocket (DDZ-5.3 to DDZ-5.5).
        let floor = target.bomb_floor();
        self.groups(Bomb, 4, NO_JOKERS, floor as i32 - 129, 4);
        if self.v.at_least[1] & 0x6000 == 0x6000 && floor < 2_000 {
            self.push(Rocket, 14, 1, self.v.by_rank[13] | self.v.by_rank[14]);
        }
    }

    /// Zheng Shangyou (ZSY-4.3, ZSY-5, ZSY-6.7).
    fn zheng_shangyou(&mut self, target: Target, context: PlayContext) {
        use ComboKind::*;
        const ALL: u16 = 0x1FFF;
        const THREE_TO_ACE: u16 = 0x0FFF;
        const THREE_TO_KING: u16 = 0x07FF;
        if let Some(w) = target.want(Single, 1, 1) {
            self.groups(Single, 1, ALL, w.above, 1);
        }
        if let Some(w) = target.want(Pair, 1, 1) {
            self.groups(Pair, 2, THREE_TO_ACE, w.above, 1);
        }
        if let Some(w) = target.want(Triple, 1, 1) {
            // AAA is the three-ace bomb (ZSY-4.5).
            self.groups(Triple, 3, THREE_TO_KING, w.above, 1);
        }
        if let Some(w) = target.want(Straight, 5, 12) {
            self.sequences(Straight, 1, w, 0);
        }
        if let Some(w) = target.want(PairSequence, 2, 12) {
            self.sequences(PairSequence, 2, w, 0);
        }
        // Bombs: four-card bombs by rank (power 129..), three aces (1000), heavenly (3000).
        let floor = target.bomb_floor();
        if floor < 1_000 {
            let mut fours = self.v.at_least[4] & THREE_TO_KING;
            if context.first_play_of_deal && fours & 1 != 0 {
                fours &= !1;
                self.push(HeavenlyBomb, 0, 1, self.take(0, 4));
            }
            for r in Bits(fours & above_mask(floor as i32 - 129)) {
                self.push(Bomb, r, 4, self.take(r, 4));
            }
            if self.v.count[11] == 3 {
                self.push(ThreeAceBomb, 11, 1, self.v.by_rank[11]);
            }
        }
    }

    /// Red Ten (RT-4.1–4.8).
    fn red_ten(&mut self, target: Target) {
        use ComboKind::*;
        if let Some(w) = target.want(Single, 1, 1) {
            self.groups(Single, 1, 0xFFFF, w.above, 1);
        }
        if let Some(w) = target.want(Pair, 1, 1) {
            self.groups(Pair, 2, RED_TEN_PAIR_CLASSES, w.above, 1);
        }
        if let Some(w) = target.want(Straight, 3, 13) {
            self.red_ten_straights(w);
        }
        // B1 bombs: power = cards * 32 + class + 1 (RT-4.6).
        let floor = target.bomb_floor();
        for size in [3u32, 4] {
            let above = floor as i32 - (size as i32 * 32) - 1;
            self.groups(Bomb, size, RED_TEN_BOMB_CLASSES, above, size as u8);
        }
        if self.v.count[13] == 1 && self.v.count[14] == 1 && floor < 2_000 {
            self.push(JokerBomb, 14, 1, self.v.by_rank[13] | self.v.by_rank[14]);
        }
        if self.v.count[15] == 2 && floor < 3_000 {
            self.push(RedTenBomb, 15, 1, self.v.by_rank[15]);
        }
    }

    /// C3 straights by sequence position (RT-2.4); key = lowest position.
    fn red_ten_straights(&mut self, want: Want) {
        const BLACK_TEN: usize = 7;
        const RED_TEN: usize = 15;
        // Class at each position 1..=14 (10 is handled apart).
        const CLASS_AT: [usize; 15] = [0, 11, 12, 0, 1, 2, 3, 4, 5, 6, 0, 8, 9, 10, 11];
        let mut positions = 0u16;
        let mut picks = [0u64; 15];
        for p in 1..=14usize {
            if p == 10 {
                if self.v.count[BLACK_TEN] + self.v.count[RED_TEN] > 0 {
                    positions |= 1 << 10;
                }
            } else if self.v.count[CLASS_AT[p]] > 0 {
                positions |= 1 << p;
                picks[p] = self.take(CLASS_AT[p], 1);
            }
        }
        let black = if self.v.count[BLACK_TEN] > 0 {
            self.take(BLACK_TEN, 1)
        } else {
            0
        };
        let red = if self.v.count[RED_TEN] > 0 {
            self.take(RED_TEN, 1)
        } else {
            0
        };
        for len in want.min_len..=want.max_len {
            let window = (1u16 << len) - 1;
            for low in 1..=(15 - len as usize) {
                // A 13-card straight reads its ace high: (13, 2) only (decision 25).
                if len == 13 && low == 1 {
                    continue;
                }
                if (low as i32) <= want.above {
                    continue;
                }
                let span = window << low;
                if positions & span != span {
                    continue;
                }
                let mut cards = 0u64;
                for pick in &picks[low..low + len as usize] {
                    cards |= *pick;
                }
                if span & (1 << 10) == 0 {
                    self.push(ComboKind::Straight, low, len, cards);
                } else {
                    for ten in [black, red] {
                        if ten != 0 {
                            self.push(ComboKind::Straight, low, len, cards | ten);
                        }
                    }
                }
            }
        }
    }
}

/// Mask of ranks strictly above `above` (all ranks for `above < 0`).
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

/// Enumerates attachment sets of `need` units from `cands[start..]`, each candidate rank used at
/// most once (as one card, as two cards when `can_two`, or as one pair when `unit` is 2), at most
/// one joker, calling `emit` with the chosen cards. Sets come in ascending rank order.
#[allow(clippy::too_many_arguments)]
fn choose_attachments<F: FnMut(u64)>(
    cands: &[Attach],
    capacity: &[u32; 17],
    start: usize,
    need: u32,
    acc: u64,
    joker_used: bool,
    unit: u32,
    emit: &mut F,
) {
    if need == 0 {
        emit(acc);
        return;
    }
    if capacity[start] < need {
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
        // Two cards of this rank first, so that sets come in ascending order of rank multiset.
        if c.can_two && need >= 2 {
            choose_attachments(
                cands,
                capacity,
                i + 1,
                need - 2,
                acc | c.two,
                joker_used,
                unit,
                emit,
            );
        }
        let single = if unit == 1 { c.one } else { c.two };
        choose_attachments(
            cands,
            capacity,
            i + 1,
            need - 1,
            acc | single,
            joker_used || c.joker,
            unit,
            emit,
        );
    }
}
