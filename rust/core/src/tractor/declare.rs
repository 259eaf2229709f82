//! The declaration phase of a Tractor deal (rules/tractor.md TR-3.5 – TR-3.10) in Rust, for
//! playouts and rollout policies that start before trump is fixed.
//!
//! The Python game (`cardavia/games/tractor.py`) keeps its own implementation of the phase
//! for the protocol (history, errors); this one mirrors it exactly — the same legal calls in
//! the same order, the same end of the phase, trump and dealer — and the Python tests compare
//! the two on random deals.
//!
//! A *call* is a declaration kind `0..=9` (the action ids `1..=10` of the Python action space
//! minus one) or `None` for a pass:
//!
//! | kind | cards shown | trump | strength |
//! |---|---|---|---|
//! | `0..=3` | one level card of suit c, d, h, s | that suit | 1 |
//! | `4..=7` | two identical level cards of suit c, d, h, s | that suit | 2 |
//! | `8` | `SJ SJ` | no-trump | 3 |
//! | `9` | `BJ BJ` | no-trump | 4 |

use super::playout::kitty_trump_suit;
use super::table::{TractorTable, HAND_SIZE, KITTY_SIZE};
use super::trump::Trump;
use crate::cards::{Card, CardBag, BIG_JOKER, SMALL_JOKER};
use crate::error::{invalid, Error};

/// Number of declaration kinds.
pub const DECLARATION_KINDS: u8 = 10;

/// The cards shown by declaration `kind` at level rank `level` (`0..=12`).
pub fn declaration_cards(level: u8, kind: u8) -> CardBag {
    let mut out = CardBag::EMPTY;
    let (card, copies) = match kind {
        0..=3 => (Card::new(level, kind), 1),
        4..=7 => (Card::new(level, kind - 4), 2),
        8 => (Card::from_index(SMALL_JOKER), 2),
        _ => (Card::from_index(BIG_JOKER), 2),
    };
    let card = card.expect("valid level and suit");
    for _ in 0..copies {
        out.insert(card);
    }
    out
}

/// TR-3.6: the strength of declaration `kind`.
pub fn declaration_strength(kind: u8) -> u8 {
    match kind {
        0..=3 => 1,
        4..=7 => 2,
        8 => 3,
        _ => 4,
    }
}

/// TR-3.6: the trump suit declaration `kind` fixes (`None` = no-trump).
pub fn declaration_suit(kind: u8) -> Option<u8> {
    (kind < 8).then_some(kind % 4)
}

/// The state of the declaration phase of one deal (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declaring {
    hands: [CardBag; 4],
    kitty: [Card; KITTY_SIZE],
    level: u8,
    seat: u8,
    first_deal: bool,
    to_declare: u8,
    turns: u8,
    /// (kind, seat) of the standing declaration.
    standing: Option<(u8, u8)>,
    passes_since: u8,
    done: bool,
}

impl Declaring {
    /// The phase at its start: the dealt hands (25 each), the kitty in order, the level rank
    /// (`0..=12`), the seat `s0` (deal 1) or the dealer (later deals), and whether this is
    /// the first deal of a match (TR-3.3, TR-3.10).
    pub fn new(
        hands: [CardBag; 4],
        kitty: [Card; KITTY_SIZE],
        level: u8,
        seat: usize,
        first_deal: bool,
    ) -> Result<Declaring, Error> {
        if level > 12 {
            return Err(invalid(format!("level rank must be 0..=12, got {level}")));
        }
        if seat > 3 {
            return Err(invalid(format!("seat must be 0..=3, got {seat}")));
        }
        let mut all = CardBag::EMPTY;
        for (s, h) in hands.iter().enumerate() {
            if h.len() != HAND_SIZE {
                return Err(invalid(format!(
                    "seat {s} must be dealt {HAND_SIZE} cards (TR-3.4), not {}",
                    h.len()
                )));
            }
            all = all
                .checked_add(*h)
                .ok_or_else(|| invalid("a card is dealt more than twice (TR-2.1)"))?;
        }
        for c in kitty {
            if !all.insert(c) {
                return Err(invalid("a card is dealt more than twice (TR-2.1)"));
            }
        }
        Ok(Declaring {
            hands,
            kitty,
            level,
            seat: seat as u8,
            first_deal,
            to_declare: seat as u8,
            turns: 0,
            standing: None,
            passes_since: 0,
            done: false,
        })
    }

    /// The phase after `calls` (in turn order from its start); an illegal call is an error.
    pub fn replayed(mut self, calls: &[Option<u8>]) -> Result<Declaring, Error> {
        for &c in calls {
            self.call(c)?;
        }
        Ok(self)
    }

    pub fn hands(&self) -> &[CardBag; 4] {
        &self.hands
    }
    pub fn kitty(&self) -> &[Card; KITTY_SIZE] {
        &self.kitty
    }
    pub fn level(&self) -> u8 {
        self.level
    }
    /// Whether the phase has ended (TR-3.8).
    pub fn is_done(&self) -> bool {
        self.done
    }
    /// The seat on turn, `None` once the phase has ended.
    pub fn current_player(&self) -> Option<usize> {
        (!self.done).then_some(self.to_declare as usize)
    }
    /// (kind, seat) of the standing declaration.
    pub fn standing(&self) -> Option<(u8, u8)> {
        self.standing
    }

    /// The declaration kinds the player on turn may make now (bit `k` = kind `k`), in
    /// addition to passing, which is always legal (TR-3.7): strictly stronger than the
    /// standing declaration and held in hand.
    pub fn legal_declarations(&self) -> u16 {
        if self.done {
            return 0;
        }
        let floor = self.standing.map_or(0, |(k, _)| declaration_strength(k));
        let hand = self.hands[self.to_declare as usize];
        let mut out = 0u16;
        for k in 0..DECLARATION_KINDS {
            if declaration_strength(k) > floor && declaration_cards(self.level, k).is_subset(hand) {
                out |= 1 << k;
            }
        }
        out
    }

    /// The player on turn passes (`None`) or declares `kind`.
    pub fn call(&mut self, call: Option<u8>) -> Result<(), Error> {
        if self.done {
            return Err(invalid("the declaration phase is over (TR-3.8)"));
        }
        let seat = self.to_declare;
        match call {
            None => self.passes_since += 1,
            Some(k) => {
                if k >= DECLARATION_KINDS || self.legal_declarations() & (1 << k) == 0 {
                    return Err(invalid(format!(
                        "declaration kind {k} is not legal for seat {seat} now (TR-3.6, TR-3.7)"
                    )));
                }
                self.standing = Some((k, seat));
                self.passes_since = 0;
            }
        }
        self.turns += 1;
        let declared_then_three_passes = self.standing.is_some() && self.passes_since == 3;
        let four_opening_passes = self.standing.is_none() && self.turns == 4;
        if declared_then_three_passes || four_opening_passes {
            self.done = true; // TR-3.8.1, TR-3.8.2
        } else {
            self.to_declare = (seat + 1) % 4;
        }
        Ok(())
    }

    /// Once the phase has ended: the trump (TR-3.8, TR-3.9), the dealer (TR-3.10) and the
    /// declarer (`None` if nobody declared).
    pub fn outcome(&self) -> Option<(Trump, usize, Option<usize>)> {
        if !self.done {
            return None;
        }
        let (suit, declarer) = match self.standing {
            Some((k, seat)) => (declaration_suit(k), Some(seat as usize)),
            // TR-3.9: the printed suit of the kitty's first non-joker card.
            None => (
                Some(kitty_trump_suit(&self.kitty).expect("eight cards hold at most 4 jokers")),
                None,
            ),
        };
        let dealer = match (self.first_deal, declarer) {
            (true, Some(d)) => d, // TR-3.10, TR-D6
            _ => self.seat as usize,
        };
        let trump = Trump::new(self.level, suit).expect("valid level and suit");
        Some((trump, dealer, declarer))
    }

    /// Once the phase has ended: the card-play table at the kitty exchange (TR-3.12), the
    /// dealer holding his hand and the kitty.
    pub fn table(&self) -> Option<TractorTable> {
        let (trump, dealer, _) = self.outcome()?;
        let mut hands = self.hands;
        for c in self.kitty {
            hands[dealer].insert(c);
        }
        Some(TractorTable::new(trump, dealer, hands).expect("a complete deal"))
    }
}
