//! Guandan moves ([`GdCombo`]), their types ([`GdKind`]), ranking scales and the beating
//! relation (rules/guandan.md GD-2, GD-5, GD-7).

use crate::cards::{Card, CardBag, RANK_CHARS};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// Rank number of the small joker in a [`GdCombo`] key (as [`Card::rank`]).
pub const SJ_RANK: u8 = 13;
/// Rank number of the big joker in a [`GdCombo`] key (as [`Card::rank`]).
pub const BJ_RANK: u8 = 14;
/// "This wild card stands for nothing" in [`GdCombo::wild_as`].
pub const NO_WILD: u8 = u8::MAX;

/// The ten combination types of GD-5.1, in the table's order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum GdKind {
    Single,
    Pair,
    Triple,
    FullHouse,
    Straight,
    PairRun,
    TripleRun,
    Bomb,
    StraightFlush,
    FourJokers,
}

impl GdKind {
    pub const ALL: [GdKind; 10] = [
        GdKind::Single,
        GdKind::Pair,
        GdKind::Triple,
        GdKind::FullHouse,
        GdKind::Straight,
        GdKind::PairRun,
        GdKind::TripleRun,
        GdKind::Bomb,
        GdKind::StraightFlush,
        GdKind::FourJokers,
    ];

    /// Stable snake-case id (`"full_house"`), for bindings and JSON.
    pub fn id(self) -> &'static str {
        match self {
            GdKind::Single => "single",
            GdKind::Pair => "pair",
            GdKind::Triple => "triple",
            GdKind::FullHouse => "full_house",
            GdKind::Straight => "straight",
            GdKind::PairRun => "pair_run",
            GdKind::TripleRun => "triple_run",
            GdKind::Bomb => "bomb",
            GdKind::StraightFlush => "straight_flush",
            GdKind::FourJokers => "four_jokers",
        }
    }

    /// The type id of GD-5.1 (`"FULL_HOUSE"`).
    pub fn rule_name(self) -> &'static str {
        match self {
            GdKind::Single => "SINGLE",
            GdKind::Pair => "PAIR",
            GdKind::Triple => "TRIPLE",
            GdKind::FullHouse => "FULL_HOUSE",
            GdKind::Straight => "STRAIGHT",
            GdKind::PairRun => "PAIR_RUN",
            GdKind::TripleRun => "TRIPLE_RUN",
            GdKind::Bomb => "BOMB",
            GdKind::StraightFlush => "STRAIGHT_FLUSH",
            GdKind::FourJokers => "FOUR_JOKERS",
        }
    }

    /// The shorthand of the test vectors (GD-11): `FH`, `ST`, `PR`, `TR`, `SF`, `B`, `4J`...
    pub fn short(self) -> &'static str {
        match self {
            GdKind::Single => "SINGLE",
            GdKind::Pair => "PAIR",
            GdKind::Triple => "TRIPLE",
            GdKind::FullHouse => "FH",
            GdKind::Straight => "ST",
            GdKind::PairRun => "PR",
            GdKind::TripleRun => "TR",
            GdKind::Bomb => "B",
            GdKind::StraightFlush => "SF",
            GdKind::FourJokers => "4J",
        }
    }

    /// The kind with this id, rule name or shorthand (case-insensitive).
    pub fn parse(text: &str) -> Option<GdKind> {
        let t = text.trim();
        GdKind::ALL.into_iter().find(|k| {
            t.eq_ignore_ascii_case(k.id())
                || t.eq_ignore_ascii_case(k.rule_name())
                || t.eq_ignore_ascii_case(k.short())
        })
    }

    /// Types 8–10 of GD-5.1.
    #[inline]
    pub fn is_bomb(self) -> bool {
        matches!(
            self,
            GdKind::Bomb | GdKind::StraightFlush | GdKind::FourJokers
        )
    }

    /// True for the kinds ranked by sequence value (GD-2.5), false for group value (GD-2.4).
    #[inline]
    pub fn is_sequence(self) -> bool {
        matches!(
            self,
            GdKind::Straight | GdKind::PairRun | GdKind::TripleRun | GdKind::StraightFlush
        )
    }

    /// Card count of the type (`None` for a bomb: 4 to 10).
    pub fn size(self) -> Option<usize> {
        match self {
            GdKind::Single => Some(1),
            GdKind::Pair => Some(2),
            GdKind::Triple => Some(3),
            GdKind::FullHouse | GdKind::Straight | GdKind::StraightFlush => Some(5),
            GdKind::PairRun | GdKind::TripleRun => Some(6),
            GdKind::FourJokers => Some(4),
            GdKind::Bomb => None,
        }
    }
}

impl fmt::Display for GdKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rule_name())
    }
}

/// Group value `g` of GD-2.4 of rank `rank` (0..=12 for 2..A, 13 `SJ`, 14 `BJ`) at level rank
/// `level`: the natural value 2..14, the level rank 15, `SJ` 16, `BJ` 17.
#[inline]
pub fn group_value(rank: u8, level: u8) -> u8 {
    match rank {
        SJ_RANK => 16,
        BJ_RANK => 17,
        r if r == level => 15,
        r => r + 2,
    }
}

/// The rank number (0..=12) of sequence value `s` (GD-2.5): 1 and 14 are the ace.
#[inline]
pub fn seq_rank(s: u8) -> u8 {
    if s == 1 {
        12
    } else {
        s - 2
    }
}

/// The wild card of level rank `level` (GD-2.3): the heart of that rank.
#[inline]
pub fn wild_card(level: u8) -> Card {
    Card::new(level, 2).expect("level rank is 0..=12")
}

/// Rank text: `2`..`9`, `T`, `J`, `Q`, `K`, `A`, `SJ`, `BJ`.
pub fn rank_text(rank: u8) -> &'static str {
    const NAMES: [&str; 15] = [
        "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "SJ", "BJ",
    ];
    NAMES[rank as usize]
}

/// Parses a rank written `2`..`9`, `T`/`10`, `J`, `Q`, `K`, `A` (any case), `SJ`, `BJ`.
pub fn parse_rank(text: &str) -> Option<u8> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("sj") {
        return Some(SJ_RANK);
    }
    if t.eq_ignore_ascii_case("bj") {
        return Some(BJ_RANK);
    }
    if t == "10" {
        return Some(8);
    }
    let mut chars = t.chars();
    let c = chars.next()?.to_ascii_uppercase();
    if chars.next().is_some() {
        return None;
    }
    RANK_CHARS
        .iter()
        .position(|&r| r as char == c)
        .map(|p| p as u8)
}

/// One Guandan move: cards, type and main rank (GD-6.3), at a level rank, with one
/// assignment of its wild cards (informative: equality and hashing ignore it, GD-6.3).
#[derive(Clone, Copy)]
pub struct GdCombo {
    once: u64,
    twice: u64,
    /// The type, key, level and wild-card readings packed in one word, byte by byte: the kind
    /// (as [`GdKind`]'s discriminant); the key (group kinds: the main rank, 0..=14 as
    /// [`Card::rank`]; sequence kinds: the top sequence value, 5..=14; four jokers: 0); the
    /// level rank; then the card each wild card of the move stands for (card index, [`NO_WILD`]
    /// if unused). One word so that the generator writes a move in three stores (issue 5).
    meta: u64,
}

const KEY_SHIFT: u32 = 8;
const LEVEL_SHIFT: u32 = 16;
const WILD_SHIFT: u32 = 24;
/// The bytes of `meta` that identify a move (kind, key, level): the wild-card readings are not
/// part of its identity (GD-6.3).
const IDENTITY: u64 = (1 << WILD_SHIFT) - 1;

/// Part of a move under construction: cards, and the readings of its wild cards in the slots
/// it sets (see [`GdCombo::joined`]). The generator lists shared parts once (the pair sides of
/// full houses) and joins them to each base move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Piece {
    pub(crate) once: u64,
    pub(crate) twice: u64,
    /// All ones but the reading slots the piece sets.
    readings: u64,
}

impl Piece {
    /// Cards whose wild card, if any, reads as `wild_as` ([`NO_WILD`] in a slot left to the
    /// move the piece is joined to).
    #[inline]
    pub(crate) const fn new(once: u64, twice: u64, wild_as: [u8; 2]) -> Piece {
        Piece {
            once,
            twice,
            readings: !(0xFFFF << WILD_SHIFT) | (u16::from_le_bytes(wild_as) as u64) << WILD_SHIFT,
        }
    }
}

impl PartialEq for GdCombo {
    fn eq(&self, other: &Self) -> bool {
        self.once == other.once
            && self.twice == other.twice
            && (self.meta ^ other.meta) & IDENTITY == 0
    }
}

impl Eq for GdCombo {}

impl Hash for GdCombo {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.once, self.twice, self.kind(), self.key(), self.level()).hash(state);
    }
}

impl fmt::Debug for GdCombo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GdCombo")
            .field("once", &self.once)
            .field("twice", &self.twice)
            .field("kind", &self.kind())
            .field("key", &self.key())
            .field("level", &self.level())
            .field("wild_as", &self.wild_as_raw())
            .finish()
    }
}

impl GdCombo {
    /// Builds a move from its parts (no validity check: see [`super::classify`]).
    #[inline]
    pub(crate) const fn raw(
        once: u64,
        twice: u64,
        kind: GdKind,
        key: u8,
        wild_as: [u8; 2],
        level: u8,
    ) -> GdCombo {
        GdCombo {
            once,
            twice,
            meta: kind as u64
                | (key as u64) << KEY_SHIFT
                | (level as u64) << LEVEL_SHIFT
                | (u16::from_le_bytes(wild_as) as u64) << WILD_SHIFT,
        }
    }

    /// This move with more cards added to its masks (the generator builds moves by adding
    /// one position's natural cards at a time).
    #[inline]
    pub(crate) fn adding(self, once: u64, twice: u64) -> GdCombo {
        GdCombo {
            once: self.once | once,
            twice: self.twice | twice,
            meta: self.meta,
        }
    }

    /// This move with another reading of its wild cards.
    #[inline]
    pub(crate) fn with_wild_as(self, wild_as: [u8; 2]) -> GdCombo {
        GdCombo {
            meta: self.meta & IDENTITY | (u16::from_le_bytes(wild_as) as u64) << WILD_SHIFT,
            ..self
        }
    }

    /// This move plus the cards of `piece`, each wild-card reading slot taken from whichever
    /// of the two sets it (the other holding [`NO_WILD`], all ones: a bitwise and).
    #[inline]
    pub(crate) fn joined(self, piece: &Piece) -> GdCombo {
        GdCombo {
            once: self.once | piece.once,
            twice: self.twice | piece.twice,
            meta: self.meta & piece.readings,
        }
    }

    /// The card each wild card stands for (card index), [`NO_WILD`] if unused.
    #[inline]
    fn wild_as_raw(&self) -> [u8; 2] {
        ((self.meta >> WILD_SHIFT) as u16).to_le_bytes()
    }

    #[inline]
    pub fn cards(&self) -> CardBag {
        CardBag::from_masks(self.once, self.twice).expect("combo masks are a valid bag")
    }
    /// The two bitboards of [`GdCombo::cards`] (kinds present once, kinds present twice).
    #[inline]
    pub fn masks(&self) -> (u64, u64) {
        (self.once, self.twice)
    }
    #[inline]
    pub fn kind(&self) -> GdKind {
        GdKind::ALL[(self.meta & 0xFF) as usize]
    }
    /// Group kinds: the main rank number; sequence kinds: the top sequence value; 0 for
    /// four jokers.
    #[inline]
    pub fn key(&self) -> u8 {
        (self.meta >> KEY_SHIFT) as u8
    }
    /// The level rank the move was read at.
    #[inline]
    pub fn level(&self) -> u8 {
        (self.meta >> LEVEL_SHIFT) as u8
    }
    #[inline]
    pub fn len(&self) -> usize {
        (self.once.count_ones() + self.twice.count_ones()) as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.once == 0
    }
    #[inline]
    pub fn is_bomb(&self) -> bool {
        self.kind().is_bomb()
    }
    /// Number of wild cards in the move (0..=2).
    #[inline]
    pub fn wild_count(&self) -> u32 {
        let b = wild_card(self.level()).bit();
        ((self.once & b != 0) as u32) + ((self.twice & b != 0) as u32)
    }
    /// What each wild card of the move stands for, in one valid assignment (GD-6.1).
    pub fn wild_as(&self) -> Vec<Card> {
        self.wild_as_raw()
            .iter()
            .filter(|&&c| c != NO_WILD)
            .map(|&c| Card::from_index(c).expect("wild stands for a card"))
            .collect()
    }
    /// The main rank as a rank number (0..=12, 13 `SJ`, 14 `BJ`): for sequences the rank of the
    /// top card; `None` for four jokers.
    pub fn main_rank(&self) -> Option<u8> {
        match self.kind() {
            GdKind::FourJokers => None,
            k if k.is_sequence() => Some(seq_rank(self.key())),
            _ => Some(self.key()),
        }
    }
    /// The main rank in rule notation (`"K"`, `"SJ"`, `""` for four jokers).
    pub fn rank_name(&self) -> &'static str {
        self.main_rank().map_or("", rank_text)
    }
    /// The value compared within a type: `g` (GD-2.4) for group kinds, the top sequence value
    /// (GD-2.5) for sequence kinds.
    #[inline]
    pub fn scale(&self) -> u8 {
        if self.kind().is_sequence() {
            self.key()
        } else if self.kind() == GdKind::FourJokers {
            0
        } else {
            group_value(self.key(), self.level())
        }
    }
    /// Bomb tier of GD-7.4 (1..=9), 0 for normal combinations.
    #[inline]
    pub fn bomb_tier(&self) -> u8 {
        match self.kind() {
            GdKind::Bomb => match self.len() {
                4 => 1,
                5 => 2,
                n => n as u8 - 2, // 6 -> 4, ..., 10 -> 8
            },
            GdKind::StraightFlush => 3,
            GdKind::FourJokers => 9,
            _ => 0,
        }
    }
    /// The move in the test vectors' shorthand (`FH/9`, `B5/8`, `SF/7`, `4J`).
    pub fn label(&self) -> String {
        match self.kind() {
            GdKind::FourJokers => "4J".into(),
            GdKind::Bomb => format!("B{}/{}", self.len(), self.rank_name()),
            k => format!("{}/{}", k.short(), self.rank_name()),
        }
    }
    /// GD-6.7 default-resolution order: larger is preferred.
    pub fn precedence(&self) -> (u8, u8, u8) {
        let class = match self.kind() {
            GdKind::FourJokers => 9,
            GdKind::Bomb | GdKind::StraightFlush => 8,
            GdKind::TripleRun => 7,
            GdKind::PairRun => 6,
            GdKind::FullHouse => 5,
            GdKind::Straight => 4,
            GdKind::Triple => 3,
            GdKind::Pair => 2,
            GdKind::Single => 1,
        };
        (class, self.bomb_tier(), self.scale())
    }

    /// Readable text: the shorthand, the cards (natural first, rank order) and what each wild
    /// card stands for, e.g. `FH/9: 4c 4d 9d 9s 7h(=9h)`.
    pub fn describe(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for GdCombo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.label())?;
        let wild = wild_card(self.level());
        for c in self.cards().iter().filter(|&c| c != wild) {
            write!(f, " {c}")?;
        }
        let readings = self.wild_as_raw();
        let mut wilds = readings.iter().filter(|&&c| c != NO_WILD);
        for _ in 0..self.wild_count() {
            match wilds.next().and_then(|&c| Card::from_index(c)) {
                Some(rep) => write!(f, " {wild}(={rep})")?,
                None => write!(f, " {wild}")?,
            }
        }
        Ok(())
    }
}

/// True if `candidate` beats `top` (GD-7): same normal type and higher `k` on its scale
/// (GD-7.1, GD-7.2); any bomb over any normal play (GD-7.3); bombs by tier, then by `k`
/// within a tier (GD-7.4, GD-7.5); equal strength never beats (GD-7.6).
pub fn beats(candidate: &GdCombo, top: &GdCombo) -> bool {
    let (a, b) = (candidate.bomb_tier(), top.bomb_tier());
    match (a, b) {
        (0, 0) => candidate.kind() == top.kind() && candidate.scale() > top.scale(),
        (_, 0) => true,
        (0, _) => false,
        _ => match a.cmp(&b) {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => candidate.scale() > top.scale(),
        },
    }
}

// ----- the fixed action-id space -------------------------------------------------------------

/// Per rank, the index of a suit-count vector (`c, d, h, s` counts 0..=2) among all 81
/// vectors, ordered by total then by base-3 value, so that the vectors of total ≤ m come first
/// (1, 5, 15, 31, ... of them for m = 0, 1, 2, 3, ...).
fn suit_vector_index(code3: usize) -> usize {
    static TABLE: std::sync::OnceLock<[u8; 81]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut order: Vec<(u32, usize)> = (0..81)
            .map(|v| {
                let total = (v % 3 + (v / 3) % 3 + (v / 9) % 3 + (v / 27) % 3) as u32;
                (total, v)
            })
            .collect();
        order.sort_unstable();
        let mut t = [0u8; 81];
        for (i, &(_, v)) in order.iter().enumerate() {
            t[v] = i as u8;
        }
        t
    });
    table[code3] as usize
}

/// The base-3 suit-count code of rank `r` in the masks, with the wild card excluded.
fn rank_code(once: u64, twice: u64, r: u8, wild_bit: u64) -> usize {
    let (o, t) = (once & !wild_bit, twice & !wild_bit);
    let mut code = 0usize;
    for s in (0..4).rev() {
        let bit = 1u64 << (4 * r + s);
        code = code * 3 + ((o & bit != 0) as usize) + ((t & bit != 0) as usize);
    }
    code
}

/// Sizes of the id blocks of each type, in [`GdKind::ALL`] order.
const BLOCKS: [u32; 10] = [
    55,                      // single: 54 card kinds + the wild single
    13 * 15 + 2,             // pair: rank x natural part (≤2), + SJ SJ, BJ BJ
    13 * 31,                 // triple: rank x natural part (≤3)
    13 * 31 * (12 * 15 + 3), // full house: triple rank x triple part x pair part
    10 * 3125,               // straight: top x (absent | suit)^5
    12 * 15 * 15 * 15,       // pair run: top x three natural parts (≤2)
    13 * 31 * 31,            // triple run: top x two natural parts (≤3)
    13 * 81 * 3,             // bomb: rank x natural part x wild count
    10 * 3125,               // straight flush
    1,                       // four jokers
];

/// Size of the space of [`GdCombo::action_index`].
pub const ACTION_INDEX_SIZE: u32 = {
    let mut t = 0;
    let mut i = 0;
    while i < 10 {
        t += BLOCKS[i];
        i += 1;
    }
    t
};

impl GdCombo {
    /// The move's index in a fixed space of size [`ACTION_INDEX_SIZE`], the same at every
    /// level: within one level, distinct moves (GD-6.3) have distinct indices. Layout: one block
    /// per type (in [`GdKind::ALL`] order), inside it the key and, per rank of the pattern, the
    /// suit counts of the natural cards (the wild cards are implied by the card count, and their
    /// code by the level).
    pub fn action_index(&self) -> u32 {
        let wild_bit = wild_card(self.level()).bit();
        let (o, t) = (self.once, self.twice);
        let offset: u32 = BLOCKS[..self.kind() as usize].iter().sum();
        let code = |r: u8| suit_vector_index(rank_code(o, t, r, wild_bit)) as u32;
        let local = match self.kind() {
            GdKind::Single => {
                if self.wild_count() == 1 {
                    54
                } else {
                    o.trailing_zeros()
                }
            }
            GdKind::Pair => match self.key() {
                SJ_RANK => 13 * 15,
                BJ_RANK => 13 * 15 + 1,
                r => r as u32 * 15 + code(r),
            },
            GdKind::Triple => self.key() as u32 * 31 + code(self.key()),
            GdKind::FullHouse => {
                let r = self.key();
                let pair_part = if o & (1u64 << 52) != 0 {
                    12 * 15
                } else if o & (1u64 << 53) != 0 {
                    12 * 15 + 1
                } else {
                    match (0..13u8).find(|&p| p != r && rank_code(o, t, p, wild_bit) != 0) {
                        Some(p) => (if p > r { p - 1 } else { p }) as u32 * 15 + code(p),
                        None => 12 * 15 + 2,
                    }
                };
                (r as u32 * 31 + code(r)) * (12 * 15 + 3) + pair_part
            }
            GdKind::Straight | GdKind::StraightFlush => {
                let low = self.key() - 4;
                let mut x = 0u32;
                for s in low..=self.key() {
                    let r = seq_rank(s);
                    let c = rank_code(o, t, r, wild_bit);
                    // a straight holds at most one natural card per rank: 0 or 3^suit
                    let slot = match c {
                        0 => 0,
                        1 => 1,
                        3 => 2,
                        9 => 3,
                        _ => 4,
                    };
                    x = x * 5 + slot;
                }
                (self.key() as u32 - 5) * 3125 + x
            }
            GdKind::PairRun => {
                let mut x = (self.key() as u32) - 3;
                for s in self.key() - 2..=self.key() {
                    x = x * 15 + code(seq_rank(s));
                }
                x
            }
            GdKind::TripleRun => {
                let mut x = (self.key() as u32) - 2;
                for s in self.key() - 1..=self.key() {
                    x = x * 31 + code(seq_rank(s));
                }
                x
            }
            GdKind::Bomb => (self.key() as u32 * 81 + code(self.key())) * 3 + self.wild_count(),
            GdKind::FourJokers => 0,
        };
        debug_assert!(local < BLOCKS[self.kind() as usize]);
        offset + local
    }
}
