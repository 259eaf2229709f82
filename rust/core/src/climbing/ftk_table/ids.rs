//! The fixed action-id space of Five-Ten-King (for reinforcement learning and the integer path
//! of the Python protocol).
//!
//! | ids | action |
//! |---|---|
//! | 0 | pass (a reveal opportunity declined, or a pass in card play) |
//! | 1 + card index (52) | reveal that card (FTK-3.8) |
//! | 53 + card index (54) | bury that card (FTK-3.13) |
//! | 107 + 2·card index + ordinal − 1 (104) | the call (card, first/second) (FTK-3.14) |
//! | 211 + variant · N + play index | a play |
//!
//! The `N` plays are every combination two packs allow in a 21-card hand, one per rank
//! multiset (and per class for the 5-10-K, whose suits decide its strength, FTK-4.5), in the
//! order the generator lists them from the full deck. A generated legal play is that rank
//! multiset with canonical suits, except that the card kinds of unanswered calls matter
//! (FTK-3.16): the same rank multiset may be legal with 0, 1 or 2 copies of a called card. The
//! *variant* says how many: `copies of d0 + 3 · copies of d1`, where `d0 < d1` are the
//! unanswered calls' card kinds by index (one kind with `partner_calls = 1`, so 3 variants;
//! 9 with two calls). So two different legal actions never share an id.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::game::FtkAction;
use super::Call;
use crate::cards::{Card, CardBag, CardSet};
use crate::climbing::classify::PlayContext;
use crate::climbing::combo::{Combo, ComboKind};
use crate::climbing::generate::legal_plays_bag;
use crate::climbing::ruleset::Ruleset;

pub const PASS_ID: u32 = 0;
pub const REVEAL_BASE: u32 = 1;
pub const BURY_BASE: u32 = REVEAL_BASE + 52;
pub const CALL_BASE: u32 = BURY_BASE + 54;
pub const PLAY_BASE: u32 = CALL_BASE + 104;

/// Every play of the id space, by index, and the index of each rank-multiset signature.
pub struct PlaySpace {
    ids: HashMap<u64, u32>,
    plays: Vec<Combo>,
}

impl PlaySpace {
    pub fn len(&self) -> usize {
        self.plays.len()
    }
    pub fn is_empty(&self) -> bool {
        self.plays.is_empty()
    }
    /// The representative play of index `i` (canonical suits).
    pub fn play(&self, i: usize) -> Option<&Combo> {
        self.plays.get(i)
    }
    /// The index of a play's rank multiset.
    pub fn index_of(&self, combo: &Combo) -> Option<u32> {
        self.ids.get(&signature(combo)).copied()
    }
}

/// The play space, built once.
pub fn play_space() -> &'static PlaySpace {
    static SPACE: OnceLock<PlaySpace> = OnceLock::new();
    SPACE.get_or_init(|| {
        let context = PlayContext {
            first_play_of_deal: false,
            distinguished: CardSet::EMPTY,
        };
        let all = legal_plays_bag(
            Ruleset::FiveTenKing,
            CardBag::two_packs(true),
            None,
            context,
        );
        let mut ids = HashMap::new();
        let mut plays = Vec::new();
        for p in all {
            if p.len() <= super::game::HAND_CARDS {
                let key = signature(&p);
                if let std::collections::hash_map::Entry::Vacant(e) = ids.entry(key) {
                    e.insert(plays.len() as u32);
                    plays.push(p);
                }
            }
        }
        PlaySpace { ids, plays }
    })
}

/// A card's rank in the game order `3 … A 2 SJ BJ` as 0..=14 (FTK-2.3).
#[inline]
pub fn game_rank(card: Card) -> u32 {
    match card.rank() {
        0 => 12,
        r if r <= 12 => r as u32 - 1,
        r => r as u32,
    }
}

/// The rank multiset of a play, 4 bits per game rank, and its class for a 5-10-K.
pub fn signature(combo: &Combo) -> u64 {
    let mut key = 0u64;
    for c in combo.bag().iter() {
        key += 1u64 << (4 * game_rank(c));
    }
    if combo.kind() == ComboKind::FiveTenKing {
        key += (combo.rank() as u64 + 1) << 60;
    }
    key
}

/// Variants per play: 3 with one call, 9 with two (see the module documentation).
pub fn variants(partner_calls: usize) -> u32 {
    3u32.pow(partner_calls as u32)
}

/// Size of the action space.
pub fn num_actions(partner_calls: usize) -> u32 {
    PLAY_BASE + variants(partner_calls) * play_space().len() as u32
}

/// The variant of a play given the unanswered calls' kinds.
pub fn variant(cards: CardBag, distinguished: CardSet) -> u32 {
    let mut v = 0;
    let mut weight = 1;
    for d in distinguished.iter() {
        v += weight * cards.count(d);
        weight *= 3;
    }
    v
}

/// The id of an action, `None` if it is no action of the game (a joker reveal or call...).
pub fn action_id(action: &FtkAction, distinguished: CardSet) -> Option<u32> {
    match action {
        FtkAction::Pass => Some(PASS_ID),
        FtkAction::Reveal(c) if !c.is_joker() => Some(REVEAL_BASE + c.index() as u32),
        FtkAction::Bury(c) => Some(BURY_BASE + c.index() as u32),
        FtkAction::Call(call) if !call.card.is_joker() && (1..=2).contains(&call.ordinal) => {
            Some(CALL_BASE + 2 * call.card.index() as u32 + call.ordinal as u32 - 1)
        }
        FtkAction::Play(combo) => {
            let space = play_space();
            let index = space.index_of(combo)?;
            Some(PLAY_BASE + variant(combo.bag(), distinguished) * space.len() as u32 + index)
        }
        _ => None,
    }
}

/// What an id stands for: a fixed action, or a play (its index and variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodedId {
    Fixed(FtkAction),
    Play { index: u32, variant: u32 },
}

/// Decodes an id of a game with `partner_calls` calls; `None` outside the space.
pub fn decode(id: u32, partner_calls: usize) -> Option<DecodedId> {
    let card = |i: u32| Card::from_index(i as u8).expect("an index below 54");
    if id == PASS_ID {
        Some(DecodedId::Fixed(FtkAction::Pass))
    } else if id < BURY_BASE {
        Some(DecodedId::Fixed(FtkAction::Reveal(card(id - REVEAL_BASE))))
    } else if id < CALL_BASE {
        Some(DecodedId::Fixed(FtkAction::Bury(card(id - BURY_BASE))))
    } else if id < PLAY_BASE {
        let k = id - CALL_BASE;
        Some(DecodedId::Fixed(FtkAction::Call(Call {
            card: card(k / 2),
            ordinal: (k % 2 + 1) as u8,
        })))
    } else if id < num_actions(partner_calls) {
        let n = play_space().len() as u32;
        let k = id - PLAY_BASE;
        Some(DecodedId::Play {
            index: k % n,
            variant: k / n,
        })
    } else {
        None
    }
}

/// A readable description of an id (a representative play for play ids).
pub fn describe(id: u32, partner_calls: usize) -> Option<String> {
    Some(match decode(id, partner_calls)? {
        DecodedId::Fixed(FtkAction::Pass) => "pass".to_string(),
        DecodedId::Fixed(FtkAction::Reveal(c)) => format!("reveal {c}"),
        DecodedId::Fixed(FtkAction::Bury(c)) => format!("bury {c}"),
        DecodedId::Fixed(FtkAction::Call(call)) => super::game::call_text(&call),
        DecodedId::Fixed(FtkAction::Play(p)) => p.to_string(),
        DecodedId::Play { index, variant } => {
            let p = play_space()
                .play(index as usize)
                .expect("an index in the space");
            let mut text = p.to_string();
            if variant > 0 {
                let first = variant % 3;
                let second = variant / 3;
                text.push_str(&format!(
                    " (with {first} cop{} of the first unanswered called card",
                    if first == 1 { "y" } else { "ies" }
                ));
                if partner_calls == 2 {
                    text.push_str(&format!(" and {second} of the second"));
                }
                text.push(')');
            }
            text
        }
    })
}
