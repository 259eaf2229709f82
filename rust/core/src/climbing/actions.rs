//! The fixed action-id space of the one-pack climbing games (Dou Dizhu, Zheng Shangyou, Red
//! Ten), for reinforcement learning and the integer protocol path.
//!
//! Ids `0..calls` are the game's non-play actions (id 0 is always `pass`; Dou Dizhu adds
//! `bid 1..3`, Red Ten `light` and `decline`); then every valid play of the game, one id per
//! *rank multiset* (DDZ-6.7, ZSY-6.7: plays that differ only in suits are the same action; a Red
//! Ten red ten is its own rank class, RT-2.3), in the order the engine generates the plays of a
//! full deck as a lead, followed by the first-play-only readings (Zheng Shangyou's heavenly
//! bomb, ZSY-4.5). The Python package numbers its action space the same way.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use super::classify::PlayContext;
use super::combo::Combo;
use super::generate::legal_plays_with;
use super::ruleset::{Ruleset, RED_TENS, THREE_OF_HEARTS};
use crate::cards::CardSet;

/// The id of `pass` in every climbing game's action space.
pub const PASS_ID: u32 = 0;

/// Hashes a `u64` key with the SplitMix64 finalizer (the keys are trusted; the default SipHash
/// costs more than the lookups it guards).
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(self.0 ^ b as u64);
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        let mut z = v.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = z ^ (z >> 31);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash map with `u64` keys hashed by [`KeyHasher`].
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A `u64` that identifies a one-pack play: its cards, kind and ruleset (which fix its key rank
/// and length, the classification of a card set being unique in its context).
#[inline]
pub fn play_key(combo: &Combo) -> u64 {
    combo.cards().0 | (combo.kind() as u64) << 54 | (combo.ruleset() as u64) << 60
}

/// A ruleset's action space: the number of non-play actions and the plays by rank multiset.
#[derive(Debug)]
pub struct ActionSpace {
    ruleset: Ruleset,
    calls: u32,
    ids: KeyMap<u32>,
    plays: Vec<Combo>,
}

/// The rank multiset of a set of cards: 3 bits per rank class, the class being the card's rank
/// (`2` = 0 … `A` = 12, `SJ` = 13, `BJ` = 14) and, in Red Ten, 15 for the red tens (RT-2.3).
pub fn signature(ruleset: Ruleset, cards: CardSet) -> u64 {
    let mut key = 0u64;
    for card in cards.iter() {
        let class = if ruleset == Ruleset::RedTen && RED_TENS.contains(card) {
            15
        } else {
            card.rank() as u64
        };
        key += 1 << (3 * class);
    }
    key
}

/// The number of non-play actions of a ruleset (`pass` first).
pub fn num_calls(ruleset: Ruleset) -> u32 {
    match ruleset {
        Ruleset::DouDizhu => 4,      // pass, bid 1, bid 2, bid 3 (DDZ-3.4)
        Ruleset::ZhengShangyou => 1, // pass
        Ruleset::RedTen => 3,        // pass, light, decline (RT-3.6)
        Ruleset::FiveTenKing => 0,
    }
}

impl ActionSpace {
    fn build(ruleset: Ruleset) -> ActionSpace {
        let deck = ruleset.deck();
        let mut plays = legal_plays_with(ruleset, deck, None, PlayContext::default());
        let first = PlayContext {
            first_play_of_deal: true,
            ..Default::default()
        };
        plays.extend(legal_plays_with(ruleset, deck, None, first));
        let calls = num_calls(ruleset);
        let mut ids = KeyMap::with_capacity_and_hasher(plays.len(), Default::default());
        let mut kept = Vec::with_capacity(plays.len());
        for p in plays {
            let key = signature(ruleset, p.cards());
            if let std::collections::hash_map::Entry::Vacant(slot) = ids.entry(key) {
                slot.insert(calls + kept.len() as u32);
                kept.push(p);
            }
        }
        ActionSpace {
            ruleset,
            calls,
            ids,
            plays: kept,
        }
    }

    /// The space of a one-pack ruleset, built once per process.
    pub fn of(ruleset: Ruleset) -> &'static ActionSpace {
        static SPACES: [OnceLock<ActionSpace>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let slot = match ruleset {
            Ruleset::DouDizhu => 0,
            Ruleset::ZhengShangyou => 1,
            Ruleset::RedTen => 2,
            Ruleset::FiveTenKing => panic!("Five-Ten-King numbers its actions on FtkTable"),
        };
        SPACES[slot].get_or_init(|| ActionSpace::build(ruleset))
    }

    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }
    /// Ids below this are non-play actions.
    pub fn num_calls(&self) -> u32 {
        self.calls
    }
    /// The number of ids.
    pub fn size(&self) -> u32 {
        self.calls + self.plays.len() as u32
    }
    /// The id of a play (by its rank multiset), `None` if the cards are no valid play.
    #[inline]
    pub fn id_of_cards(&self, cards: CardSet) -> Option<u32> {
        self.ids.get(&signature(self.ruleset, cards)).copied()
    }
    /// The id of a play.
    #[inline]
    pub fn id_of(&self, combo: &Combo) -> u32 {
        self.id_of_cards(combo.cards())
            .expect("every generated play is in the action space")
    }
    /// The representative play of a play id (`None` for a call id or an id out of range).
    pub fn play(&self, id: u32) -> Option<&Combo> {
        id.checked_sub(self.calls)
            .and_then(|k| self.plays.get(k as usize))
    }

    /// Concrete cards of `hand` with the rank multiset of play `id` (the lowest suits, `3h`
    /// first in Zheng Shangyou, ZSY-3.4), or `None` if the hand lacks them.
    pub fn cards_from_hand(&self, id: u32, hand: CardSet) -> Option<CardSet> {
        let play = self.play(id)?;
        let mut need = [0u8; 16];
        for card in play.cards().iter() {
            need[class_of(self.ruleset, card.index()) as usize] += 1;
        }
        let mut out = CardSet::EMPTY;
        let mut ordered: Vec<u8> = hand.iter().map(|c| c.index()).collect();
        if self.ruleset == Ruleset::ZhengShangyou {
            ordered.sort_by_key(|&i| i != THREE_OF_HEARTS.index());
        }
        for index in ordered {
            let class = class_of(self.ruleset, index) as usize;
            if need[class] > 0 {
                need[class] -= 1;
                out.0 |= 1 << index;
            }
        }
        need.iter().all(|&n| n == 0).then_some(out)
    }
}

fn class_of(ruleset: Ruleset, index: u8) -> u8 {
    if ruleset == Ruleset::RedTen && RED_TENS.0 & (1 << index) != 0 {
        15
    } else if index >= 52 {
        13 + (index - 52)
    } else {
        index / 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_ids_round_trip() {
        for (ruleset, size) in [
            (Ruleset::DouDizhu, 24_643),
            (Ruleset::ZhengShangyou, 151),
            (Ruleset::RedTen, 179),
        ] {
            let space = ActionSpace::of(ruleset);
            assert_eq!(space.size(), size, "{ruleset}");
            for id in space.num_calls()..space.size() {
                let play = space.play(id).unwrap();
                assert_eq!(space.id_of(play), id);
                assert_eq!(
                    space.cards_from_hand(id, ruleset.deck()).map(|c| c.len()),
                    Some(play.len())
                );
            }
            assert!(space.play(space.size()).is_none());
            assert!(space.play(PASS_ID).is_none());
        }
    }

    #[test]
    fn suits_do_not_change_the_id() {
        let space = ActionSpace::of(Ruleset::DouDizhu);
        let a = space.id_of_cards(CardSet::parse("3c 3d").unwrap());
        let b = space.id_of_cards(CardSet::parse("3h 3s").unwrap());
        assert!(a.is_some() && a == b);
        let rt = ActionSpace::of(Ruleset::RedTen);
        assert_ne!(
            rt.id_of_cards(CardSet::parse("Th").unwrap()),
            rt.id_of_cards(CardSet::parse("Ts").unwrap())
        );
        assert_eq!(space.id_of_cards(CardSet::parse("3c 4d").unwrap()), None);
    }
}
