//! Seeded shuffling and dealing of one or two packs.

use crate::cards::{Card, NUM_CARD_KINDS};
use crate::error::{invalid, Error};
use crate::rng::Rng;

/// The cards of a deal: one list per hand, in the order dealt, and the undealt rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub hands: Vec<Vec<Card>>,
    pub leftover: Vec<Card>,
}

/// The unshuffled deck: `packs` copies of the pack in index order, pack after pack.
pub fn ordered_deck(packs: u8, jokers: bool) -> Vec<Card> {
    let kinds = if jokers { NUM_CARD_KINDS } else { 52 };
    (0..packs)
        .flat_map(|_| (0..kinds as u8).map(|i| Card::from_index(i).expect("index < 54")))
        .collect()
}

/// The deck of [`ordered_deck`] shuffled by [`Rng::shuffle`] with a generator seeded by `seed`.
pub fn shuffled_deck(packs: u8, jokers: bool, rng: &mut Rng) -> Vec<Card> {
    let mut deck = ordered_deck(packs, jokers);
    rng.shuffle(&mut deck);
    deck
}

/// Shuffles and deals `hands` hands of `cards_per_hand` cards (all cards as evenly as possible
/// when `None`: every hand gets `deck / hands` and the remainder is left over). Cards go out one
/// at a time, hand 0 first, round after round, from the top of the shuffled deck (position 0).
///
/// Errors: `packs` not 1 or 2; no hands; more hands than cards in the deck (so that a huge count
/// cannot ask for an allocation of empty hands); more cards than the deck holds.
pub fn deal(
    packs: u8,
    jokers: bool,
    hands: usize,
    cards_per_hand: Option<usize>,
    seed: u64,
) -> Result<Deal, Error> {
    if !(1..=2).contains(&packs) {
        return Err(invalid(format!("packs must be 1 or 2, got {packs}")));
    }
    if hands == 0 {
        return Err(invalid("hands must be at least 1"));
    }
    let deck_size = packs as usize * if jokers { NUM_CARD_KINDS } else { 52 };
    if hands > deck_size {
        return Err(invalid(format!(
            "cannot deal {hands} hands from {deck_size} cards: at most one hand per card"
        )));
    }
    let deck = shuffled_deck(packs, jokers, &mut Rng::new(seed));
    let per_hand = cards_per_hand.unwrap_or(deck.len() / hands);
    let needed = per_hand.saturating_mul(hands);
    if needed > deck.len() {
        return Err(invalid(format!(
            "cannot deal {hands} hands of {per_hand} cards from {} cards",
            deck.len()
        )));
    }
    let mut out = vec![Vec::with_capacity(per_hand); hands];
    for (k, card) in deck[..needed].iter().enumerate() {
        out[k % hands].push(*card);
    }
    Ok(Deal {
        hands: out,
        leftover: deck[needed..].to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_is_seeded_and_complete() {
        let a = deal(1, true, 3, Some(17), 5).unwrap();
        let b = deal(1, true, 3, Some(17), 5).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.leftover.len(), 3);
        let mut all: Vec<Card> = a.hands.concat();
        all.extend(&a.leftover);
        all.sort();
        assert_eq!(all, ordered_deck(1, true));
        assert_ne!(a, deal(1, true, 3, Some(17), 6).unwrap());
    }

    #[test]
    fn two_packs_hold_each_card_twice() {
        let d = deal(2, true, 4, None, 1).unwrap();
        assert_eq!(d.hands[0].len(), 27);
        let mut all: Vec<Card> = d.hands.concat();
        all.sort();
        assert_eq!(all, {
            let mut v = ordered_deck(2, true);
            v.sort();
            v
        });
    }

    #[test]
    fn impossible_deal_is_an_error() {
        assert!(deal(1, false, 5, Some(11), 0).is_err());
        assert!(deal(3, false, 2, None, 0).is_err());
    }

    #[test]
    fn a_huge_hand_count_is_an_error_not_an_allocation() {
        for (hands, per_hand) in [(1_000_000_000, Some(0)), (usize::MAX, None), (53, Some(0))] {
            let e = deal(1, false, hands, per_hand, 0).unwrap_err().to_string();
            assert!(
                e.contains(&format!("cannot deal {hands} hands from 52 cards")),
                "{e}"
            );
        }
        // Up to one hand per card is fine, empty hands included.
        assert_eq!(deal(2, true, 108, None, 0).unwrap().hands.len(), 108);
        assert_eq!(deal(1, false, 52, Some(0), 0).unwrap().leftover.len(), 52);
    }
}
