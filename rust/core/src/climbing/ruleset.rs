//! Rulesets: which game's combinations, rank order, deck and duties apply.
//!
//! Every ruleset maps each card of its deck to a *game rank*: an index `0..num_ranks()` in the
//! game's own rank order (lowest first). The combination engine works on per-rank card counts in
//! that order, so "consecutive" and "higher" are plain integer comparisons.
//!
//! | ruleset | game ranks (index 0 first) | rules |
//! |---|---|---|
//! | [`Ruleset::DouDizhu`] | `3 4 5 6 7 8 9 T J Q K A 2 SJ BJ` | DDZ-2.3 |
//! | [`Ruleset::ZhengShangyou`] | `3 4 5 6 7 8 9 T J Q K A 2` | ZSY-2.3 |
//! | [`Ruleset::RedTen`] | `3 4 5 6 7 8 9 T(black) J Q K A 2 SJ BJ R(red tens)` | RT-2.3 |
//! | [`Ruleset::FiveTenKing`] | `3 4 5 6 7 8 9 T J Q K A 2 SJ BJ` (two packs) | FTK-2.3 |
//!
//! Five-Ten-King is the first two-pack ruleset: its classifier and generator work on two-pack
//! rank counts ([`CardBag`](crate::cards::CardBag), up to 8 cards of a rank) and its card play
//! runs on [`FtkTable`](super::FtkTable) (hidden partner calls, trick points, the E1/E2 ends),
//! while the [`Combo`](super::Combo) kinds and the beating rule through
//! [`Ruleset::bomb_power`] are shared. Adding Guandan means a variant carrying its level rank, a
//! rank table and its own two-pack generator/classifier pair in the same way.

use crate::cards::{Card, CardSet};

/// The ruleset of a climbing game. See the module documentation for the rank order of each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Ruleset {
    /// Dou Dizhu (rules/doudizhu.md): 3 players, 54 cards, landlord vs. two farmers.
    DouDizhu,
    /// Zheng Shangyou, 3-player 48-card variant (rules/zhengshangyou.md), with the duty to beat.
    ZhengShangyou,
    /// Red Ten (rules/red_ten.md): 4 players, 54 cards, hidden red-ten teams.
    RedTen,
    /// Five-Ten-King with level reveal and promotion (rules/five_ten_king.md): 5 players, two
    /// 54-card packs (108 cards), a hidden partner call. Card play runs on
    /// [`FtkTable`](super::FtkTable), not on [`ClimbTable`](super::ClimbTable).
    FiveTenKing,
}

/// Marker for a card that is not in the ruleset's deck.
pub(crate) const NO_RANK: u8 = u8::MAX;

/// Per-ruleset card-to-rank tables, built at compile time.
pub(crate) struct RankTable {
    pub num_ranks: usize,
    /// Game rank of each card index, or [`NO_RANK`] if the card is not in the deck.
    pub rank_of_card: [u8; 54],
    /// The cards of each game rank (only the first `num_ranks` entries are used).
    pub cards_of_rank: [u64; 16],
    /// Rank names in rule notation, indexed by game rank.
    pub names: [&'static str; 16],
    /// The deck as a mask.
    pub deck: u64,
}

const STANDARD_NAMES: [&str; 16] = [
    "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ", "",
];
const RED_TEN_NAMES: [&str; 16] = [
    "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ", "R",
];

/// The "3 low, 2 high" order: card rank 0 (the 2) becomes game rank 12, card ranks 1..=12
/// (3..A) become 0..=11; `SJ`/`BJ` are 13/14. Cards in `removed` are outside the deck.
/// `red_tens_apart` moves `Td`/`Th` to their own rank 15 (RT-2.3).
const fn build_table(removed: u64, red_tens_apart: bool, names: [&'static str; 16]) -> RankTable {
    let mut rank_of_card = [NO_RANK; 54];
    let mut cards_of_rank = [0u64; 16];
    let mut num_ranks = 0usize;
    let mut index = 0usize;
    while index < 54 {
        if removed & (1u64 << index) == 0 {
            let rank = if index >= 52 {
                (index - 52 + 13) as u8
            } else {
                let card_rank = index / 4;
                let suit = index % 4;
                if red_tens_apart && card_rank == 8 && (suit == 1 || suit == 2) {
                    15
                } else if card_rank == 0 {
                    12
                } else {
                    (card_rank - 1) as u8
                }
            };
            rank_of_card[index] = rank;
            cards_of_rank[rank as usize] |= 1u64 << index;
            if rank as usize + 1 > num_ranks {
                num_ranks = rank as usize + 1;
            }
        }
        index += 1;
    }
    RankTable {
        num_ranks,
        rank_of_card,
        cards_of_rank,
        names,
        deck: !removed & ((1u64 << 54) - 1),
    }
}

/// Cards removed from the 54-card pack for Zheng Shangyou (ZSY-2.1): `SJ BJ Ah 2h 2d 2c`.
const ZSY_REMOVED: u64 = (1 << 52) | (1 << 53) | (1 << 50) | (1 << 2) | (1 << 1) | (1 << 0);

pub(crate) static DDZ_TABLE: RankTable = build_table(0, false, STANDARD_NAMES);
pub(crate) static ZSY_TABLE: RankTable = build_table(ZSY_REMOVED, false, STANDARD_NAMES);
pub(crate) static RT_TABLE: RankTable = build_table(0, true, RED_TEN_NAMES);
/// FTK-2.3: `3 < 4 < … < A < 2 < SJ < BJ`, the same order as Dou Dizhu, over two packs.
pub(crate) static FTK_TABLE: RankTable = build_table(0, false, STANDARD_NAMES);

/// The 3 of hearts (ZSY-3.3, ZSY-3.4, RT-3.9).
pub const THREE_OF_HEARTS: Card = match Card::new(1, 2) {
    Some(c) => c,
    None => panic!(),
};
/// The 2 of spades (ZSY-7.5 surcharge).
pub const TWO_OF_SPADES: Card = match Card::new(0, 3) {
    Some(c) => c,
    None => panic!(),
};
/// The red tens `Td` and `Th` (RT-2.2).
pub const RED_TENS: CardSet = CardSet((1 << 33) | (1 << 34));

/// A duty of the card play whose breach [`ClimbTable`](super::ClimbTable) reports, so that each
/// ruleset can name its own rule id.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Duty {
    DealNotOver,
    TurnOrder,
    CardsFromHand,
    ValidCombination,
    BeatTopPlay,
    LeaderMustPlay,
    BeatWhenAble,
    FirstPlayHas3h,
}

/// How a deal ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum EndRule {
    /// The first player to empty their hand ends the deal (DDZ-6.6, ZSY-6.6).
    FirstOut,
    /// The deal ends when every member of one team has finished (RT-5.7).
    TeamOut,
}

impl Ruleset {
    /// All implemented rulesets.
    pub const ALL: [Ruleset; 4] = [
        Ruleset::DouDizhu,
        Ruleset::ZhengShangyou,
        Ruleset::RedTen,
        Ruleset::FiveTenKing,
    ];
    /// The one-pack rulesets, whose card play runs on [`ClimbTable`](super::ClimbTable).
    pub const ONE_PACK: [Ruleset; 3] = [Ruleset::DouDizhu, Ruleset::ZhengShangyou, Ruleset::RedTen];

    /// Number of packs in the deck (2 for Five-Ten-King, FTK-2.1; 1 otherwise).
    pub fn packs(self) -> usize {
        match self {
            Ruleset::FiveTenKing => 2,
            _ => 1,
        }
    }

    #[inline]
    pub(crate) fn table(self) -> &'static RankTable {
        match self {
            Ruleset::DouDizhu => &DDZ_TABLE,
            Ruleset::ZhengShangyou => &ZSY_TABLE,
            Ruleset::RedTen => &RT_TABLE,
            Ruleset::FiveTenKing => &FTK_TABLE,
        }
    }

    /// The game id used by the Python package (`"doudizhu"`, `"zhengshangyou"`, `"red_ten"`).
    pub fn game_id(self) -> &'static str {
        match self {
            Ruleset::DouDizhu => "doudizhu",
            Ruleset::ZhengShangyou => "zhengshangyou",
            Ruleset::RedTen => "red_ten",
            Ruleset::FiveTenKing => "five_ten_king",
        }
    }

    /// Number of players (DDZ-1.1: 3, ZSY-1.1: 3, RT-1.1: 4, FTK-1.1: 5).
    pub fn num_players(self) -> usize {
        match self {
            Ruleset::DouDizhu | Ruleset::ZhengShangyou => 3,
            Ruleset::RedTen => 4,
            Ruleset::FiveTenKing => 5,
        }
    }

    /// The card kinds of the deck (DDZ-2.1: 54 cards; ZSY-2.1: 48 cards; RT-2.1: 54 cards;
    /// FTK-2.1: the 54 kinds, each twice — see [`Ruleset::packs`]).
    pub fn deck(self) -> CardSet {
        CardSet(self.table().deck)
    }

    /// Number of game ranks (15, 13, 16).
    pub fn num_ranks(self) -> usize {
        self.table().num_ranks
    }

    /// The game rank of a card, or `None` if the card is not in this ruleset's deck.
    #[inline]
    pub fn rank_of(self, card: Card) -> Option<u8> {
        match self.table().rank_of_card[card.index() as usize] {
            NO_RANK => None,
            r => Some(r),
        }
    }

    /// The cards of a game rank (empty for a rank out of range).
    pub fn cards_of_rank(self, rank: u8) -> CardSet {
        if (rank as usize) < self.num_ranks() {
            CardSet(self.table().cards_of_rank[rank as usize])
        } else {
            CardSet::EMPTY
        }
    }

    /// The rule-notation name of a game rank (`"3"` … `"2"`, `"SJ"`, `"BJ"`, and `"R"` for Red
    /// Ten's red-ten class); `"?"` out of range.
    pub fn rank_name(self, rank: u8) -> &'static str {
        if (rank as usize) < self.num_ranks() {
            self.table().names[rank as usize]
        } else {
            "?"
        }
    }

    /// True if a follower who can beat the top play must do so (ZSY-6.3).
    pub fn must_beat(self) -> bool {
        matches!(self, Ruleset::ZhengShangyou)
    }

    /// True if the first play of the deal must contain `3h` (ZSY-3.4).
    pub fn first_play_needs_3h(self) -> bool {
        matches!(self, Ruleset::ZhengShangyou)
    }

    /// The seat that leads the first trick when the rules fix it from the deal: the holder of
    /// `3h` in Zheng Shangyou (ZSY-3.3) and Red Ten (RT-3.9). `None` for Dou Dizhu, where the
    /// landlord leads (DDZ-3.8) and the auction decides who that is.
    pub fn first_leader(self, hands: &[CardSet]) -> Option<usize> {
        match self {
            Ruleset::DouDizhu | Ruleset::FiveTenKing => None,
            Ruleset::ZhengShangyou | Ruleset::RedTen => {
                hands.iter().position(|h| h.contains(THREE_OF_HEARTS))
            }
        }
    }

    pub(crate) fn end_rule(self) -> EndRule {
        match self {
            Ruleset::DouDizhu | Ruleset::ZhengShangyou => EndRule::FirstOut,
            // Five-Ten-King's ends (FTK-6.1) are FtkTable's; ClimbTable refuses the ruleset.
            Ruleset::RedTen | Ruleset::FiveTenKing => EndRule::TeamOut,
        }
    }

    /// The rule id a breach of `duty` violates in this ruleset.
    pub(crate) fn rule_id(self, duty: Duty) -> &'static str {
        use Duty::*;
        match (self, duty) {
            (Ruleset::DouDizhu, DealNotOver) => "DDZ-6.6",
            (Ruleset::DouDizhu, TurnOrder) => "DDZ-6.1",
            (Ruleset::DouDizhu, CardsFromHand) => "DDZ-4.1",
            (Ruleset::DouDizhu, ValidCombination) => "DDZ-4.1",
            (Ruleset::DouDizhu, BeatTopPlay) => "DDZ-5.2",
            (Ruleset::DouDizhu, LeaderMustPlay) => "DDZ-6.2",
            (Ruleset::DouDizhu, BeatWhenAble) => "DDZ-6.3",
            (Ruleset::DouDizhu, FirstPlayHas3h) => "DDZ-3.8",
            (Ruleset::ZhengShangyou, DealNotOver) => "ZSY-6.6",
            (Ruleset::ZhengShangyou, TurnOrder) => "ZSY-6.1",
            (Ruleset::ZhengShangyou, CardsFromHand) => "ZSY-4.1",
            (Ruleset::ZhengShangyou, ValidCombination) => "ZSY-4.1",
            (Ruleset::ZhengShangyou, BeatTopPlay) => "ZSY-5.2",
            (Ruleset::ZhengShangyou, LeaderMustPlay) => "ZSY-6.2",
            (Ruleset::ZhengShangyou, BeatWhenAble) => "ZSY-6.3",
            (Ruleset::ZhengShangyou, FirstPlayHas3h) => "ZSY-3.4",
            (Ruleset::RedTen, DealNotOver) => "RT-5.7",
            (Ruleset::RedTen, TurnOrder) => "RT-5.3",
            (Ruleset::RedTen, CardsFromHand) => "RT-5.2",
            (Ruleset::RedTen, ValidCombination) => "RT-4.4",
            (Ruleset::RedTen, BeatTopPlay) => "RT-4.5",
            (Ruleset::RedTen, LeaderMustPlay) => "RT-5.2",
            (Ruleset::RedTen, BeatWhenAble) => "RT-5.3",
            (Ruleset::RedTen, FirstPlayHas3h) => "RT-3.9",
            (Ruleset::FiveTenKing, DealNotOver) => "FTK-6.1",
            (Ruleset::FiveTenKing, TurnOrder) => "FTK-5.3",
            (Ruleset::FiveTenKing, CardsFromHand) => "FTK-4.1",
            (Ruleset::FiveTenKing, ValidCombination) => "FTK-4.8",
            (Ruleset::FiveTenKing, BeatTopPlay) => "FTK-4.9",
            (Ruleset::FiveTenKing, LeaderMustPlay) => "FTK-5.2",
            (Ruleset::FiveTenKing, BeatWhenAble) => "FTK-5.3",
            (Ruleset::FiveTenKing, FirstPlayHas3h) => "FTK-3.21",
        }
    }
}

impl std::fmt::Display for Ruleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.game_id())
    }
}
