//! The trump/suit model: which cards count as which suit ("effective suit"), which are trumps,
//! how cards rank inside their effective suit, and so who wins a trick.
//!
//! Three shapes cover bridge and smear (Tractor will add its own levels on the same seam):
//!
//! * [`TrumpRules::no_trump`]: the highest card of the suit led wins (BR-4.6, NT contracts).
//! * [`TrumpRules::suit`]: a trump suit; any trump beats any non-trump (BR-4.6).
//! * [`TrumpRules::smear`]: a trump suit plus the jick (the jack of the other suit of the same
//!   colour) and both jokers, which belong to the trump suit for every purpose (SM-2.4), ranked
//!   `A K Q J Jick Joker Joker T 9 … 2` (SM-2.5). The jokers rank equal: [`TrumpRules::beats`] is
//!   strict, so of two equal cards the one played first stays ahead (SM-2.5's first-joker rule).

use crate::cards::{Card, CardSet, BIG_JOKER, SMALL_JOKER};

/// Suit names in suit order (c, d, h, s).
pub const SUIT_NAMES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];
/// Suit letters in suit order.
pub const SUIT_LETTERS: [char; 4] = ['c', 'd', 'h', 's'];

const fn natural_suit_mask(suit: u8) -> u64 {
    let mut mask = 0u64;
    let mut rank = 0;
    while rank < 13 {
        mask |= 1u64 << (4 * rank + suit as u32);
        rank += 1;
    }
    mask
}

/// The 13 cards of each natural suit.
pub const SUIT_MASKS: [u64; 4] = [
    natural_suit_mask(0),
    natural_suit_mask(1),
    natural_suit_mask(2),
    natural_suit_mask(3),
];

/// Effective suit of a card that has none (a joker where jokers are not trumps).
pub const NO_SUIT: u8 = 4;

/// The trump/suit model of one deal. See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrumpRules {
    trump: Option<u8>,
    jick: Option<Card>,
    /// Cards of each effective suit (index 4: cards with no suit).
    classes: [u64; 5],
}

impl TrumpRules {
    /// No trumps (bridge NT): every card is of its natural suit.
    pub fn no_trump() -> TrumpRules {
        TrumpRules {
            trump: None,
            jick: None,
            classes: [
                SUIT_MASKS[0],
                SUIT_MASKS[1],
                SUIT_MASKS[2],
                SUIT_MASKS[3],
                CardSet::full_pack(true).0 & !CardSet::full_pack(false).0,
            ],
        }
    }

    /// Suit `trump` (0..=3, c d h s) is trumps; nothing else changes suit (bridge, BR-4.6).
    pub fn suit(trump: u8) -> TrumpRules {
        assert!(trump < 4, "a trump suit is 0..=3");
        TrumpRules {
            trump: Some(trump),
            ..TrumpRules::no_trump()
        }
    }

    /// Smear's trumps (SM-2.3/2.4): suit `trump`, the jick and both jokers.
    pub fn smear(trump: u8) -> TrumpRules {
        assert!(trump < 4, "a trump suit is 0..=3");
        // The other suit of the same colour: clubs <-> spades (0 <-> 3), diamonds <-> hearts.
        let jick = Card::new(9, 3 - trump).expect("valid jack");
        let mut classes = [
            SUIT_MASKS[0],
            SUIT_MASKS[1],
            SUIT_MASKS[2],
            SUIT_MASKS[3],
            0,
        ];
        classes[(3 - trump) as usize] &= !jick.bit();
        classes[trump as usize] |= jick.bit() | (1u64 << SMALL_JOKER) | (1u64 << BIG_JOKER);
        TrumpRules {
            trump: Some(trump),
            jick: Some(jick),
            classes,
        }
    }

    /// The trump suit, if any.
    #[inline]
    pub fn trump(&self) -> Option<u8> {
        self.trump
    }

    /// Smear's jick, if this model has one.
    #[inline]
    pub fn jick(&self) -> Option<Card> {
        self.jick
    }

    /// The suit a card belongs to for leading, following and winning: its natural suit, the
    /// trump suit for the jick and (in smear) the jokers, [`NO_SUIT`] for a suitless joker.
    #[inline]
    pub fn effective_suit(&self, card: Card) -> u8 {
        let bit = card.bit();
        for (suit, mask) in self.classes.iter().enumerate() {
            if mask & bit != 0 {
                return suit as u8;
            }
        }
        NO_SUIT
    }

    /// The cards of effective suit `suit` (0..=3, or [`NO_SUIT`]).
    #[inline]
    pub fn suit_cards(&self, suit: u8) -> CardSet {
        CardSet(self.classes[suit as usize])
    }

    /// Every trump (empty without a trump suit).
    #[inline]
    pub fn trumps(&self) -> CardSet {
        match self.trump {
            Some(t) => self.suit_cards(t),
            None => CardSet::EMPTY,
        }
    }

    #[inline]
    pub fn is_trump(&self, card: Card) -> bool {
        self.trumps().contains(card)
    }

    /// The order of a card inside its effective suit: higher beats lower. Natural ranks 0..=12
    /// (2..A); in smear's trump suit (SM-2.5) 2..T are 0..=8, the jokers 9 (equal), the jick 10,
    /// J 11, Q 12, K 13, A 14.
    #[inline]
    pub fn power(&self, card: Card) -> u8 {
        if card.is_joker() {
            return 9;
        }
        let rank = card.rank();
        if self.jick.is_none() || !self.is_trump(card) {
            return rank;
        }
        if Some(card) == self.jick {
            10
        } else if rank <= 8 {
            rank
        } else {
            rank + 2
        }
    }

    /// True if `challenger` takes the lead of a trick from `best` when suit `led` was led
    /// (BR-4.6, SM-4.4): a trump beats a non-trump, a higher card of the same effective suit
    /// beats a lower one, an off-suit card never wins, and an equal card does not beat (so the
    /// first of two equal jokers stays ahead, SM-2.5).
    #[inline]
    pub fn beats(&self, challenger: Card, best: Card, led: u8) -> bool {
        let (ct, bt) = (self.is_trump(challenger), self.is_trump(best));
        match (ct, bt) {
            (true, false) => true,
            (false, true) => false,
            (true, true) => self.power(challenger) > self.power(best),
            (false, false) => {
                let cs = self.effective_suit(challenger);
                cs == led
                    && (self.effective_suit(best) != led
                        || self.power(challenger) > self.power(best))
            }
        }
    }

    /// The index (in play order) of the card that wins a trick played in this order.
    pub fn winner(&self, cards: &[Card]) -> usize {
        let Some(first) = cards.first() else {
            return 0;
        };
        let led = self.effective_suit(*first);
        let mut best = 0;
        for (k, c) in cards.iter().enumerate().skip(1) {
            if self.beats(*c, cards[best], led) {
                best = k;
            }
        }
        best
    }

    /// Name of an effective suit for messages (`"trump"` for the trump suit when it has extra
    /// cards, so that smear's "trump led" reads right).
    pub fn suit_name(&self, suit: u8) -> &'static str {
        if Some(suit) == self.trump && self.jick.is_some() {
            return "trumps";
        }
        SUIT_NAMES.get(suit as usize).copied().unwrap_or("no suit")
    }
}
