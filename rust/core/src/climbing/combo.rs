//! Combinations ([`Combo`]), their kinds, their text and the beating relation.

use super::ruleset::Ruleset;
use crate::cards::{Card, CardBag, CardSet};
use std::fmt;

/// The kind of a combination. Each ruleset uses the subset its rules define:
///
/// | kind | Dou Dizhu | Zheng Shangyou | Red Ten | Five-Ten-King |
/// |---|---|---|---|---|
/// | `Single` | #1 | #1 | C1 | N1 |
/// | `Pair` | #2 | #2 | C2 | N2 |
/// | `Triple` | #3 | #3 | – (RT-4.1: three of a kind is a bomb) | N3 |
/// | `TripleWithSingle` | #4 | – | – | N4 |
/// | `TripleWithPair` | #5 | – | – | N5 |
/// | `Straight` | #6 | #4 | C3 | N6 |
/// | `PairSequence` | #7 | #5 | – | N7 |
/// | `Airplane` | #8 | – | – | N8a |
/// | `AirplaneWithSingles` | #9 | – | – | N8b |
/// | `AirplaneWithPairs` | #10 | – | – | N8c |
/// | `FourWithTwoSingles` | #11 | – | – | – |
/// | `FourWithTwoPairs` | #12 | – | – | – |
/// | `Bomb` | #13 | #6 | B1 | S2 (4–8 cards) |
/// | `Rocket` | #14 | – | – | – |
/// | `ThreeAceBomb` | – | #7 | – | – |
/// | `HeavenlyBomb` | – | #8 | – | – |
/// | `JokerBomb` | – | – | B2 | S3 |
/// | `RedTenBomb` | – | – | B3 | – |
/// | `FiveTenKing` | – | – | – | S1 |
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum ComboKind {
    Single,
    Pair,
    Triple,
    TripleWithSingle,
    TripleWithPair,
    Straight,
    PairSequence,
    Airplane,
    AirplaneWithSingles,
    AirplaneWithPairs,
    FourWithTwoSingles,
    FourWithTwoPairs,
    Bomb,
    Rocket,
    ThreeAceBomb,
    HeavenlyBomb,
    JokerBomb,
    RedTenBomb,
    /// Five-Ten-King's S1 (FTK-4.5): one 5, one T, one K; its key is its class.
    FiveTenKing,
}

impl ComboKind {
    /// Every kind, in declaration order.
    pub const ALL: [ComboKind; 19] = [
        ComboKind::Single,
        ComboKind::Pair,
        ComboKind::Triple,
        ComboKind::TripleWithSingle,
        ComboKind::TripleWithPair,
        ComboKind::Straight,
        ComboKind::PairSequence,
        ComboKind::Airplane,
        ComboKind::AirplaneWithSingles,
        ComboKind::AirplaneWithPairs,
        ComboKind::FourWithTwoSingles,
        ComboKind::FourWithTwoPairs,
        ComboKind::Bomb,
        ComboKind::Rocket,
        ComboKind::ThreeAceBomb,
        ComboKind::HeavenlyBomb,
        ComboKind::JokerBomb,
        ComboKind::RedTenBomb,
        ComboKind::FiveTenKing,
    ];

    /// A stable snake-case identifier (`"airplane_with_singles"`), for bindings and JSON.
    pub fn id(self) -> &'static str {
        match self {
            ComboKind::Single => "single",
            ComboKind::Pair => "pair",
            ComboKind::Triple => "triple",
            ComboKind::TripleWithSingle => "triple_with_single",
            ComboKind::TripleWithPair => "triple_with_pair",
            ComboKind::Straight => "straight",
            ComboKind::PairSequence => "pair_sequence",
            ComboKind::Airplane => "airplane",
            ComboKind::AirplaneWithSingles => "airplane_with_singles",
            ComboKind::AirplaneWithPairs => "airplane_with_pairs",
            ComboKind::FourWithTwoSingles => "four_with_two_singles",
            ComboKind::FourWithTwoPairs => "four_with_two_pairs",
            ComboKind::Bomb => "bomb",
            ComboKind::Rocket => "rocket",
            ComboKind::ThreeAceBomb => "three_ace_bomb",
            ComboKind::HeavenlyBomb => "heavenly_bomb",
            ComboKind::JokerBomb => "joker_bomb",
            ComboKind::RedTenBomb => "red_ten_bomb",
            ComboKind::FiveTenKing => "five_ten_king",
        }
    }

    /// The name the rules files use (`"airplane with single wings"`).
    pub fn name(self) -> &'static str {
        match self {
            ComboKind::Single => "single",
            ComboKind::Pair => "pair",
            ComboKind::Triple => "triple",
            ComboKind::TripleWithSingle => "triple with single",
            ComboKind::TripleWithPair => "triple with pair",
            ComboKind::Straight => "straight",
            ComboKind::PairSequence => "pair sequence",
            ComboKind::Airplane => "airplane",
            ComboKind::AirplaneWithSingles => "airplane with single wings",
            ComboKind::AirplaneWithPairs => "airplane with pair wings",
            ComboKind::FourWithTwoSingles => "four with two singles",
            ComboKind::FourWithTwoPairs => "four with two pairs",
            ComboKind::Bomb => "bomb",
            ComboKind::Rocket => "rocket",
            ComboKind::ThreeAceBomb => "three-ace bomb",
            ComboKind::HeavenlyBomb => "heavenly bomb",
            ComboKind::JokerBomb => "joker bomb",
            ComboKind::RedTenBomb => "red-ten bomb",
            ComboKind::FiveTenKing => "5-10-K",
        }
    }

    /// The kind with this [`id`](Self::id).
    pub fn from_id(id: &str) -> Option<ComboKind> {
        ComboKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// True for the kinds that beat every non-bomb play (DDZ-5.3, ZSY-5.3, RT-4.5). In
    /// Five-Ten-King these are the special combinations S1–S3 (FTK-4.9b), so the 5-10-K counts.
    #[inline]
    pub fn is_bomb(self) -> bool {
        matches!(
            self,
            ComboKind::Bomb
                | ComboKind::Rocket
                | ComboKind::ThreeAceBomb
                | ComboKind::HeavenlyBomb
                | ComboKind::JokerBomb
                | ComboKind::RedTenBomb
                | ComboKind::FiveTenKing
        )
    }

    /// Number of cards of each core rank for kinds with attachments (`Some(3)` for triples and
    /// airplanes with wings, `Some(4)` for four-with-two), `None` for kinds without attachments.
    fn core_group(self) -> Option<u8> {
        match self {
            ComboKind::TripleWithSingle
            | ComboKind::TripleWithPair
            | ComboKind::AirplaneWithSingles
            | ComboKind::AirplaneWithPairs => Some(3),
            ComboKind::FourWithTwoSingles | ComboKind::FourWithTwoPairs => Some(4),
            _ => None,
        }
    }
}

impl fmt::Display for ComboKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One combination: an interpretation of a set of cards under a ruleset.
///
/// Combos are only made by [`classify`](super::classify()) and
/// [`legal_plays`](super::legal_plays) (and the table), so a `Combo` is always a valid reading
/// of its cards. A pass is not a `Combo`.
///
/// * [`kind`](Self::kind): the combination type;
/// * [`rank`](Self::rank): the key rank compared by the beating rules, as a game rank of the
///   ruleset (see [`Ruleset`]): the highest core rank of sequences and airplanes (DDZ-4.2,
///   ZSY-4.2), the triple's or four's rank for kinds with attachments. Two exceptions: Red Ten
///   straights carry their *lowest sequence position* `1..=12` (RT-2.4, C3: A low = 1, 2 = 2, …,
///   ten = 10, J = 11, Q = 12), and kinds without a rank (rocket, joker bomb, red-ten bomb,
///   three-ace bomb, heavenly bomb) carry the rank of their highest card;
/// * [`length`](Self::length): the number of core units of a sequence or airplane (cards of a
///   straight, pairs of a pair sequence, triples of an airplane); for [`ComboKind::Bomb`] the
///   number of cards (4 in Dou Dizhu and Zheng Shangyou, 3 or 4 in Red Ten); 1 otherwise;
/// * [`cards`](Self::cards): the exact cards (for Five-Ten-King, a two-pack ruleset, the distinct
///   card kinds; [`bag`](Self::bag) has every copy).
/// * Five-Ten-King's 5-10-K (FTK-4.5) carries its class as its key: 0 mixed, then same-suit
///   1 = d, 2 = c, 3 = h, 4 = s.
///
/// # Text (`Display`)
///
/// The cards in rule notation, separated by single spaces, main part first, then ` + ` and the
/// attachments (kickers, wings) if the kind has any. Within each part cards go by game rank
/// (Dou Dizhu `3` lowest … `2`, `SJ`, `BJ`), and within a rank by suit `c d h s`. Red Ten
/// straights go by sequence position (`Ah 2s 3d`; `Qs Kh Ad`). Examples: `3c 3d 3h 4c 4d 4h + 5c 7d`
/// (airplane with single wings), `6c 6d 6h 6s + 3h 3s` (four with two singles), `Tc Jd Qh Ks As`
/// (straight), `SJ BJ` (rocket). [`Combo::describe`] adds the kind and key:
/// `airplane with single wings (n=2, k=4): 3c 3d 3h 4c 4d 4h + 5c 7d`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Combo {
    pub(crate) cards: CardSet,
    /// Kinds present twice (two-pack rulesets only; always 0 for one-pack rulesets).
    pub(crate) twice: u64,
    pub(crate) kind: ComboKind,
    pub(crate) rank: u8,
    pub(crate) length: u8,
    pub(crate) ruleset: Ruleset,
}

impl Combo {
    #[inline]
    pub(crate) fn new(
        ruleset: Ruleset,
        kind: ComboKind,
        rank: u8,
        length: u8,
        cards: u64,
    ) -> Combo {
        Combo {
            cards: CardSet(cards),
            twice: 0,
            kind,
            rank,
            length,
            ruleset,
        }
    }

    /// A combination of a two-pack ruleset: kinds present (`once`) and present twice (`twice`).
    #[inline]
    pub(crate) fn new_bag(
        ruleset: Ruleset,
        kind: ComboKind,
        rank: u8,
        length: u8,
        once: u64,
        twice: u64,
    ) -> Combo {
        Combo {
            cards: CardSet(once),
            twice,
            kind,
            rank,
            length,
            ruleset,
        }
    }

    /// Every copy of the cards played (equal to [`cards`](Self::cards) in one-pack rulesets).
    #[inline]
    pub fn bag(&self) -> CardBag {
        CardBag::from_masks(self.cards.0, self.twice).expect("twice is a subset of once")
    }

    #[inline]
    pub fn kind(&self) -> ComboKind {
        self.kind
    }
    #[inline]
    pub fn rank(&self) -> u8 {
        self.rank
    }
    #[inline]
    pub fn length(&self) -> u8 {
        self.length
    }
    #[inline]
    pub fn cards(&self) -> CardSet {
        self.cards
    }
    #[inline]
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }
    /// Number of cards in the play (every copy).
    #[inline]
    pub fn len(&self) -> usize {
        self.cards.len() + self.twice.count_ones() as usize
    }
    /// Always false: a combination holds at least one card (a pass is not a `Combo`).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    #[inline]
    pub fn is_bomb(&self) -> bool {
        self.kind.is_bomb()
    }

    /// The name of the key rank in rule notation (`"A"`, `"2"`, `"SJ"`; for a Red Ten straight
    /// its lowest position: `"A"` for position 1, `"T"` for 10).
    pub fn rank_name(&self) -> &'static str {
        if self.ruleset == Ruleset::RedTen && self.kind == ComboKind::Straight {
            position_name(self.rank)
        } else if self.kind == ComboKind::FiveTenKing {
            five_ten_king_class_name(self.rank)
        } else {
            self.ruleset.rank_name(self.rank)
        }
    }

    /// The game ranks of the main part (all ranks for kinds without attachments), as a bit mask.
    fn main_rank_mask(&self) -> u32 {
        match self.kind.core_group() {
            None => u32::MAX,
            Some(_) => {
                let units = match self.kind {
                    ComboKind::AirplaneWithSingles | ComboKind::AirplaneWithPairs => self.length,
                    _ => 1,
                } as u32;
                ((1u32 << units) - 1) << (self.rank as u32 + 1 - units)
            }
        }
    }

    /// The card kinds of the main part's ranks.
    fn main_kinds(&self) -> u64 {
        let mask = self.main_rank_mask();
        let table = self.ruleset.table();
        let mut main = 0u64;
        for r in 0..table.num_ranks {
            if mask & (1 << r) != 0 {
                main |= table.cards_of_rank[r];
            }
        }
        main
    }

    /// The main part: every card except the attachments (distinct kinds; see
    /// [`main_bag`](Self::main_bag) for every copy).
    pub fn main_cards(&self) -> CardSet {
        CardSet(self.cards.0 & self.main_kinds())
    }

    /// The attachments (kickers of triples and fours, wings of airplanes); empty for other kinds.
    pub fn kicker_cards(&self) -> CardSet {
        self.cards.difference(self.main_cards())
    }

    /// The main part with every copy.
    pub fn main_bag(&self) -> CardBag {
        let kinds = self.main_kinds() & crate::cards::FULL_MASK;
        self.bag()
            .intersection(CardBag::from_masks(kinds, kinds).expect("twice equals once"))
    }

    /// The attachments with every copy.
    pub fn kicker_bag(&self) -> CardBag {
        self.bag().minus(self.main_bag())
    }

    /// Kind, length, key and cards: `airplane with single wings (n=2, k=4): 3c 3d 3h 4c 4d 4h + 5c 7d`.
    /// `n` is shown for sequences and airplanes, the card count for bombs (`bomb (4 cards, k=9)`).
    pub fn describe(&self) -> String {
        if self.kind == ComboKind::FiveTenKing {
            let class = if self.rank == 0 {
                "mixed".to_string()
            } else {
                format!("same suit {}", self.rank_name())
            };
            return format!("{} ({class}): {self}", self.kind);
        }
        let keyless = matches!(
            self.kind,
            ComboKind::Rocket
                | ComboKind::JokerBomb
                | ComboKind::RedTenBomb
                | ComboKind::ThreeAceBomb
                | ComboKind::HeavenlyBomb
        );
        let sequence = matches!(
            self.kind,
            ComboKind::Straight
                | ComboKind::PairSequence
                | ComboKind::Airplane
                | ComboKind::AirplaneWithSingles
                | ComboKind::AirplaneWithPairs
        );
        let head = if keyless {
            self.kind.name().to_string()
        } else if sequence && self.ruleset == Ruleset::RedTen {
            format!(
                "{} (n={}, lowest={})",
                self.kind,
                self.length,
                self.rank_name()
            )
        } else if sequence {
            format!("{} (n={}, k={})", self.kind, self.length, self.rank_name())
        } else if self.kind == ComboKind::Bomb {
            format!(
                "{} ({} cards, k={})",
                self.kind,
                self.length,
                self.rank_name()
            )
        } else {
            format!("{} (k={})", self.kind, self.rank_name())
        };
        format!("{head}: {self}")
    }

    /// Sort key of a card for display: game rank (sequence position for Red Ten straights),
    /// then card index.
    fn display_key(&self, card: Card) -> (u8, u8) {
        let rank = self.ruleset.rank_of(card).unwrap_or(u8::MAX);
        if self.ruleset == Ruleset::RedTen && self.kind == ComboKind::Straight {
            (red_ten_position(rank, self.rank == 1), card.index())
        } else {
            (rank, card.index())
        }
    }
}

/// Names of the 5-10-K classes (FTK-4.5): `mixed`, then the same-suit classes `d c h s`.
pub(crate) fn five_ten_king_class_name(class: u8) -> &'static str {
    const NAMES: [&str; 5] = ["mixed", "d", "c", "h", "s"];
    NAMES.get(class as usize).copied().unwrap_or("?")
}

/// Names of Red Ten sequence positions 1..=14 (RT-2.4).
pub(crate) fn position_name(position: u8) -> &'static str {
    const NAMES: [&str; 15] = [
        "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A",
    ];
    NAMES.get(position as usize).copied().unwrap_or("?")
}

/// Sequence position of a Red Ten rank class (RT-2.4); the ace is 1 when `ace_low`, else 14.
pub(crate) fn red_ten_position(class: u8, ace_low: bool) -> u8 {
    match class {
        0..=6 => class + 3,
        7 | 15 => 10,
        8..=10 => class + 3,
        11 => {
            if ace_low {
                1
            } else {
                14
            }
        }
        12 => 2,
        _ => u8::MAX,
    }
}

fn write_cards(f: &mut fmt::Formatter<'_>, cards: &[(u8, u8)]) -> fmt::Result {
    for (k, &(_, index)) in cards.iter().enumerate() {
        if k > 0 {
            f.write_str(" ")?;
        }
        let card = Card::from_index(index).expect("card index in range");
        write!(f, "{card}")?;
    }
    Ok(())
}

impl fmt::Display for Combo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sorted = |bag: CardBag| {
            let mut keys: Vec<(u8, u8)> = bag.iter().map(|c| self.display_key(c)).collect();
            keys.sort_unstable();
            keys
        };
        let main = sorted(self.main_bag());
        let kickers = sorted(self.kicker_bag());
        write_cards(f, &main)?;
        if !kickers.is_empty() {
            f.write_str(" + ")?;
            write_cards(f, &kickers)?;
        }
        Ok(())
    }
}

impl Ruleset {
    /// The strength of a bomb on the ruleset's single bomb scale, `None` for a non-bomb.
    ///
    /// * Dou Dizhu: bombs by rank < rocket (DDZ-5.4, DDZ-5.5).
    /// * Zheng Shangyou: four-card bombs by rank (`3333` lowest) < three-ace bomb < heavenly bomb
    ///   (ZSY-5.4).
    /// * Red Ten: 3-card bombs by rank < 4-card bombs by rank < joker bomb < red-ten bomb (RT-4.6).
    /// * Five-Ten-King (FTK-4.11): mixed 5-10-K < same-suit 5-10-K `d < c < h < s` < bombs by
    ///   card count, then rank (4 to 8 cards) < joker bomb. Two mixed 5-10-Ks, or two same-suit
    ///   ones of one suit, have equal power (FTK-4.10).
    #[inline]
    pub fn bomb_power(self, combo: &Combo) -> Option<u32> {
        match combo.kind {
            ComboKind::FiveTenKing => Some(10 + combo.rank as u32),
            ComboKind::Bomb => Some(combo.length as u32 * 32 + combo.rank as u32 + 1),
            ComboKind::ThreeAceBomb => Some(1_000),
            ComboKind::Rocket | ComboKind::JokerBomb => Some(2_000),
            ComboKind::HeavenlyBomb | ComboKind::RedTenBomb => Some(3_000),
            _ => None,
        }
    }
}

/// True if `candidate` beats `top` under `ruleset`:
///
/// * a non-bomb beats a non-bomb only with the same kind, the same length and a higher key
///   (DDZ-5.2, DDZ-5.6; ZSY-5.2, ZSY-5.6; RT-4.5a,b, RT-4.7, RT-4.8). Attachments never count;
/// * a bomb beats every non-bomb (DDZ-5.3, ZSY-5.3, RT-4.5);
/// * a bomb beats a bomb only if it is higher on [`Ruleset::bomb_power`] (DDZ-5.4, DDZ-5.5,
///   ZSY-5.4, ZSY-5.5, RT-4.6); equal strength never beats.
///
/// Five-Ten-King (FTK-4.9, FTK-4.10) is the same relation with its special combinations S1–S3
/// as the "bombs": the normal case compares kind (which fixes the wing type), length (`n`, `m`
/// or `t`, hence the card count) and key rank.
#[inline]
pub fn beats(ruleset: Ruleset, candidate: &Combo, top: &Combo) -> bool {
    match (ruleset.bomb_power(candidate), ruleset.bomb_power(top)) {
        (Some(a), Some(b)) => a > b,
        (Some(_), None) => true,
        (None, Some(_)) => false,
        (None, None) => {
            candidate.kind == top.kind
                && candidate.length == top.length
                && candidate.rank > top.rank
        }
    }
}
