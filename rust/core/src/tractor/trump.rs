//! The trump model of a Tractor deal (rules/tractor.md TR-2): level rank, trump suit or no-trump,
//! effective suits and positions.
//!
//! Everything the other rules need reduces to two per-card lookups fixed for the deal:
//!
//! * the *effective suit* ([`Trump::suit_of`]): `0..=3` for the plain suits c, d, h, s (card
//!   index suit numbering) and [`TRUMP`] (4) for every trump (TR-2.5, TR-2.6);
//! * the *position* ([`Trump::position`]) within the effective suit, higher = stronger, equal =
//!   equal strength (TR-2.9). Removing the level rank from every suit closes the gap around it,
//!   which is what makes `6s 6s 8s 8s` a tractor when the level is 7 (TR-4.2).
//!
//! The model is game-independent in shape (a suit lookup and an order lookup per card), so a
//! trick-taking kernel with a plain trump suit (Bridge, Smear) can share its follow and winner
//! logic by building the same two tables.

use crate::cards::{Card, BIG_JOKER, SMALL_JOKER};
use crate::error::{invalid, Error};
use std::fmt;

/// The effective suit of every trump card.
pub const TRUMP: u8 = 4;

/// Level rank, trump suit (or no-trump) and the per-card lookups derived from them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Trump {
    level: u8,
    suit: Option<u8>,
    eff: [u8; 54],
    pos: [u8; 54],
    masks: [u64; 5],
}

impl Trump {
    /// The trump model for level rank `level` (`0..=12` = 2..A, card index rank numbering) and
    /// trump suit `suit` (`Some(0..=3)` = c, d, h, s) or no-trump (`None`).
    pub fn new(level: u8, suit: Option<u8>) -> Result<Trump, Error> {
        if level > 12 {
            return Err(invalid(format!(
                "level rank must be 0..=12 (2..A), got {level}"
            )));
        }
        if let Some(s) = suit {
            if s > 3 {
                return Err(invalid(format!(
                    "trump suit must be 0..=3 (c, d, h, s), got {s}"
                )));
            }
        }
        let mut t = Trump {
            level,
            suit,
            eff: [0; 54],
            pos: [0; 54],
            masks: [0; 5],
        };
        for card in Card::all() {
            let i = card.index() as usize;
            let (eff, pos) = match (card.index(), card.suit()) {
                // TR-2.7 / TR-2.9: BJ highest, then SJ.
                (BIG_JOKER, _) => (TRUMP, if suit.is_some() { 15 } else { 2 }),
                (SMALL_JOKER, _) => (TRUMP, if suit.is_some() { 14 } else { 1 }),
                (_, Some(s)) => {
                    let r = card.rank();
                    if r == level {
                        // Level cards: the trump-suit one above the other three (TR-D27); in NT
                        // all four equal.
                        match suit {
                            Some(ts) if ts == s => (TRUMP, 13),
                            Some(_) => (TRUMP, 12),
                            None => (TRUMP, 0),
                        }
                    } else {
                        // TR-2.8 / TR-2.9: ranks ascending from 2 with the level rank removed.
                        let p = r - u8::from(r > level);
                        if suit == Some(s) {
                            (TRUMP, p)
                        } else {
                            (s, p)
                        }
                    }
                }
                _ => unreachable!("ordinary cards have a suit"),
            };
            t.eff[i] = eff;
            t.pos[i] = pos;
            t.masks[eff as usize] |= card.bit();
        }
        Ok(t)
    }

    /// The level rank (`0..=12` = 2..A).
    pub fn level(&self) -> u8 {
        self.level
    }
    /// The trump suit (`0..=3`), `None` in a no-trump deal.
    pub fn suit(&self) -> Option<u8> {
        self.suit
    }
    pub fn is_no_trump(&self) -> bool {
        self.suit.is_none()
    }
    /// The effective suit of a card: `0..=3` plain suits, [`TRUMP`] for trumps (TR-2.6).
    #[inline]
    pub fn suit_of(&self, card: Card) -> u8 {
        self.eff[card.index() as usize]
    }
    #[inline]
    pub fn is_trump(&self, card: Card) -> bool {
        self.suit_of(card) == TRUMP
    }
    /// The position of a card in its effective suit (TR-2.9).
    #[inline]
    pub fn position(&self, card: Card) -> u8 {
        self.pos[card.index() as usize]
    }
    /// Position by card index (no bounds translation).
    #[inline]
    pub(crate) fn pos_index(&self, index: usize) -> u8 {
        self.pos[index]
    }
    #[inline]
    pub(crate) fn eff_index(&self, index: usize) -> u8 {
        self.eff[index]
    }
    /// The card kinds of effective suit `suit` (`0..=4`) as a bitboard.
    #[inline]
    pub fn suit_mask(&self, suit: u8) -> u64 {
        self.masks[suit as usize]
    }
    /// Strength key of a single card: (1 if trump else 0, position). Comparable only between a
    /// card of the led suit and trumps (TR-4.7).
    #[inline]
    pub fn key(&self, card: Card) -> (u8, u8) {
        (u8::from(self.is_trump(card)), self.position(card))
    }
    /// TR-2.10: identical, or both level cards not of the trump suit (in NT: any two level cards).
    pub fn equal_strength(&self, a: Card, b: Card) -> bool {
        self.suit_of(a) == self.suit_of(b) && self.position(a) == self.position(b)
    }
    /// The trumps from highest to lowest, cards of equal strength grouped (TR-2.7).
    pub fn trump_order(&self) -> Vec<Vec<Card>> {
        let mut out: Vec<Vec<Card>> = Vec::new();
        let top = if self.suit.is_some() { 15 } else { 2 };
        for p in (0..=top).rev() {
            let group: Vec<Card> = Card::all()
                .filter(|&c| self.is_trump(c) && self.position(c) == p)
                .collect();
            if !group.is_empty() {
                out.push(group);
            }
        }
        out
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = crate::cards::RANK_CHARS[self.level as usize] as char;
        match self.suit {
            Some(s) => write!(
                f,
                "level {rank}, trump {}",
                crate::cards::SUIT_CHARS[s as usize] as char
            ),
            None => write!(f, "level {rank}, no-trump"),
        }
    }
}
