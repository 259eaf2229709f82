//! Classification: every interpretation of a given card set (DDZ-4.8, ZSY-4.6, RT-4.1–4.4).

use super::combo::{red_ten_position, Combo, ComboKind};
use super::ruleset::{RankTable, Ruleset, RED_TENS, THREE_OF_HEARTS};
use super::view::{is_run, top_bit, RankView};
use crate::cards::{CardBag, CardSet, JOKER_MASK};

/// Ranks `3..=A` (game ranks 0..=11): the ranks allowed in sequence cores (DDZ-2.5, ZSY-2.5).
pub(crate) const SEQUENCE_RANKS: u16 = 0x0FFF;
/// Dou Dizhu game rank of the big joker.
const DDZ_BIG_JOKER_RANK: u8 = 14;

/// Where in the deal a play is made: the only context the combination rules depend on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct PlayContext {
    /// The play would be the first play of the deal. In Zheng Shangyou four 3s are then the
    /// heavenly bomb (ZSY-4.5) and every play must contain `3h` (ZSY-3.4, ZSY-6.7).
    pub first_play_of_deal: bool,
    /// Card kinds whose suit matters for the play beyond the combination (Five-Ten-King's
    /// called cards, FTK-3.16). The Five-Ten-King generator avoids them in its canonical card
    /// choice and lists, next to each play, the variant holding as many of them as the play can
    /// (see [`legal_plays`](super::legal_plays)). Ignored by the other rulesets.
    pub distinguished: CardSet,
}

impl PlayContext {
    /// The context of the first play of a deal.
    pub const FIRST_PLAY: PlayContext = PlayContext {
        first_play_of_deal: true,
        distinguished: CardSet::EMPTY,
    };
}

/// Every interpretation of a two-pack multiset of cards (Five-Ten-King, FTK-4.1–4.8, FTK-4.2:
/// every reading, in a fixed order). For a one-pack ruleset the bag must hold each card once
/// (else the result is empty) and this is [`classify`].
pub fn classify_bag(ruleset: Ruleset, cards: CardBag) -> Vec<Combo> {
    let mut out = Vec::with_capacity(1);
    if ruleset == Ruleset::FiveTenKing {
        super::ftk_combos::classify_into(cards, &mut out);
    } else if cards.masks().1 == 0 {
        classify_into(ruleset, cards.kinds(), PlayContext::default(), &mut out);
    }
    out
}

/// Every interpretation of `cards` under `ruleset`, outside the first play of the deal.
/// Empty if the cards form no valid combination or contain a card outside the ruleset's deck.
///
/// The three implemented rulesets classify uniquely (DDZ-4.8, ZSY-4.6, RT C3 and decision 25),
/// so the result has at most one element; the `Vec` is the seam for rulesets where one card set
/// can be read several ways (Guandan GD-6.4, Five-Ten-King FTK-4.2).
pub fn classify(ruleset: Ruleset, cards: CardSet) -> Vec<Combo> {
    classify_with(ruleset, cards, PlayContext::default())
}

/// [`classify`] in a given [`PlayContext`] (ZSY-4.6 step 3: four 3s as the first play of the
/// deal are the heavenly bomb). The `3h` duty of ZSY-3.4 is a legality rule, not a
/// classification rule: it is enforced by [`legal_plays_with`](super::legal_plays_with) and the
/// table.
pub fn classify_with(ruleset: Ruleset, cards: CardSet, context: PlayContext) -> Vec<Combo> {
    let mut out = Vec::with_capacity(1);
    classify_into(ruleset, cards, context, &mut out);
    out
}

/// Appends the interpretations of `cards` to `out`.
pub(crate) fn classify_into(
    ruleset: Ruleset,
    cards: CardSet,
    context: PlayContext,
    out: &mut Vec<Combo>,
) {
    let table = ruleset.table();
    if cards.is_empty() || !cards.is_subset(CardSet(table.deck)) {
        return;
    }
    let found = match ruleset {
        Ruleset::DouDizhu => classify_dou_dizhu(table, cards),
        Ruleset::ZhengShangyou => classify_zheng_shangyou(table, cards, context),
        Ruleset::RedTen => classify_red_ten(table, cards),
        Ruleset::FiveTenKing => {
            super::ftk_combos::classify_into(CardBag::from_set(cards), out);
            return;
        }
    };
    if let Some((kind, rank, length)) = found {
        out.push(Combo::new(ruleset, kind, rank, length, cards.0));
    }
}

type Reading = Option<(ComboKind, u8, u8)>;

/// DDZ-4.8, step by step.
fn classify_dou_dizhu(table: &RankTable, cards: CardSet) -> Reading {
    let v = RankView::new(table, cards.0);
    let n = cards.len();
    // DDZ-4.3: every type's n is bounded so that a play fits the 20-card maximum hand (pair
    // sequences ≤ 10, airplanes ≤ 6 / 5 / 4); more than 20 cards is never a play.
    if n > 20 {
        return None;
    }
    // Step 1.
    if n == 1 {
        let rank = top_bit(v.at_least[1]);
        return Some((ComboKind::Single, rank, 1));
    }
    // Step 2.
    if cards.0 == JOKER_MASK {
        return Some((ComboKind::Rocket, DDZ_BIG_JOKER_RANK, 1));
    }
    // Step 3: some rank has four cards.
    if v.at_least[4] != 0 {
        let q = v.at_least[4].trailing_zeros() as u8;
        let rest = RankView::new(table, cards.0 & !table.cards_of_rank[q as usize]);
        return match n {
            4 => Some((ComboKind::Bomb, q, 4)),
            6 if cards.0 & JOKER_MASK != JOKER_MASK => Some((ComboKind::FourWithTwoSingles, q, 1)),
            8 if rest.exactly(2).count_ones() == 2 && rest.at_least[3] == 0 => {
                Some((ComboKind::FourWithTwoPairs, q, 1))
            }
            _ => None,
        };
    }
    // Step 4: triples.
    let triples = v.exactly(3);
    match triples.count_ones() {
        0 => {}
        1 => {
            let t = triples.trailing_zeros() as u8;
            return match n {
                3 => Some((ComboKind::Triple, t, 1)),
                4 => Some((ComboKind::TripleWithSingle, t, 1)),
                5 if v.exactly(2).count_ones() == 1 => Some((ComboKind::TripleWithPair, t, 1)),
                _ => None,
            };
        }
        core_len => {
            if triples & !SEQUENCE_RANKS != 0 || !is_run(triples) {
                return None;
            }
            let k = top_bit(triples);
            let len = core_len as u8;
            let rest = cards.0 & !cards_of_ranks(table, triples);
            let core_len = core_len as usize;
            return if n == 3 * core_len {
                Some((ComboKind::Airplane, k, len))
            } else if n == 4 * core_len && rest & JOKER_MASK != JOKER_MASK {
                Some((ComboKind::AirplaneWithSingles, k, len))
            } else if n == 5 * core_len && (v.at_least[1] & !triples) == v.exactly(2) {
                Some((ComboKind::AirplaneWithPairs, k, len))
            } else {
                None
            };
        }
    }
    // Step 5: every count is at most two.
    let ranks = v.at_least[1];
    if n == 2 && v.at_least[2] != 0 {
        return Some((ComboKind::Pair, top_bit(v.at_least[2]), 1));
    }
    let in_sequence = ranks & !SEQUENCE_RANKS == 0 && is_run(ranks);
    if n >= 5 && v.at_least[2] == 0 && in_sequence {
        return Some((ComboKind::Straight, top_bit(ranks), n as u8));
    }
    if n >= 6 && v.exactly(2) == ranks && in_sequence {
        return Some((ComboKind::PairSequence, top_bit(ranks), (n / 2) as u8));
    }
    None
}

/// The cards of the given game ranks.
pub(crate) fn cards_of_ranks(table: &RankTable, ranks: u16) -> u64 {
    let mut out = 0;
    for r in super::view::Bits(ranks) {
        out |= table.cards_of_rank[r];
    }
    out
}

/// ZSY-4.6, step by step.
fn classify_zheng_shangyou(table: &RankTable, cards: CardSet, context: PlayContext) -> Reading {
    const ACE: u8 = 11;
    let v = RankView::new(table, cards.0);
    let n = cards.len();
    let ranks = v.at_least[1];
    let one_rank = ranks.count_ones() == 1;
    // Step 1.
    if n == 1 {
        return Some((ComboKind::Single, top_bit(ranks), 1));
    }
    // Step 2: As Ad Ac (the only three aces of the deck, ZSY-2.1).
    if n == 3 && one_rank && top_bit(ranks) == ACE {
        return Some((ComboKind::ThreeAceBomb, ACE, 1));
    }
    // Step 3.
    if n == 4 && one_rank {
        let q = top_bit(ranks);
        if q == 0 && context.first_play_of_deal {
            return Some((ComboKind::HeavenlyBomb, 0, 1));
        }
        return Some((ComboKind::Bomb, q, 4));
    }
    // Steps 4 and 5.
    if n == 2 && one_rank {
        return Some((ComboKind::Pair, top_bit(ranks), 1));
    }
    if n == 3 && one_rank {
        return Some((ComboKind::Triple, top_bit(ranks), 1));
    }
    let in_sequence = ranks & !SEQUENCE_RANKS == 0 && is_run(ranks);
    // Step 6.
    if n >= 5 && v.at_least[2] == 0 && in_sequence {
        return Some((ComboKind::Straight, top_bit(ranks), n as u8));
    }
    // Step 7.
    if n >= 4 && v.exactly(2) == ranks && in_sequence {
        return Some((ComboKind::PairSequence, top_bit(ranks), (n / 2) as u8));
    }
    // Step 8.
    None
}

/// Red Ten classes whose cards may form a pair (C2: 3..9, black T, J..2).
pub(crate) const RED_TEN_PAIR_CLASSES: u16 = 0x1FFF;
/// Red Ten classes whose cards may form a B1 bomb (3..9, J..2; no ten bomb, RT-4.2).
pub(crate) const RED_TEN_BOMB_CLASSES: u16 = 0x1FFF & !(1 << 7);
const RED_TEN_BIG_JOKER: u8 = 14;
const RED_TEN_CLASS: u8 = 15;

/// RT-4.1–4.4 (table C1–C3, B1–B3) with decision 25 for 13-card straights.
fn classify_red_ten(table: &RankTable, cards: CardSet) -> Reading {
    let v = RankView::new(table, cards.0);
    let n = cards.len();
    let classes = v.at_least[1];
    let one_class = classes.count_ones() == 1;
    if n == 1 {
        return Some((ComboKind::Single, top_bit(classes), 1));
    }
    if n == 2 {
        if cards.0 == JOKER_MASK {
            return Some((ComboKind::JokerBomb, RED_TEN_BIG_JOKER, 1));
        }
        if cards == RED_TENS {
            return Some((ComboKind::RedTenBomb, RED_TEN_CLASS, 1));
        }
        if one_class && classes & RED_TEN_PAIR_CLASSES != 0 {
            return Some((ComboKind::Pair, top_bit(classes), 1));
        }
        return None;
    }
    if (n == 3 || n == 4) && one_class {
        return if classes & RED_TEN_BOMB_CLASSES != 0 {
            Some((ComboKind::Bomb, top_bit(classes), n as u8))
        } else {
            None
        };
    }
    // C3 straights: no jokers, exactly one card per position, consecutive, 3..=13 cards.
    if !(3..=13).contains(&n) || cards.0 & JOKER_MASK != 0 {
        return None;
    }
    // Ace high first: it is the only reading of a 13-card straight (decision 25), and for shorter
    // straights at most one reading fits.
    for ace_low in [false, true] {
        let mut positions = 0u16;
        for card in cards.iter() {
            let class = table.rank_of_card[card.index() as usize];
            positions |= 1 << red_ten_position(class, ace_low);
        }
        if positions.count_ones() as usize == n && is_run(positions) {
            return Some((
                ComboKind::Straight,
                positions.trailing_zeros() as u8,
                n as u8,
            ));
        }
    }
    None
}

/// True if the cards contain `3h` (ZSY-3.4).
#[inline]
pub(crate) fn has_three_of_hearts(cards: CardSet) -> bool {
    cards.contains(THREE_OF_HEARTS)
}
