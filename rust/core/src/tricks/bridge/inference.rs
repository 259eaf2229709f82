//! Deals consistent with what the calls showed: [`HandBox`] (a range of high-card points and a
//! range of cards in each suit, over a seat's 13 dealt cards) and
//! [`BridgeDeal::resample_within`], which redeals a seat's unseen cards like
//! [`BridgeDeal::resample`] (his own cards and dummy's kept, voids shown respected) and keeps
//! only the deals in which every hidden seat's dealt hand lies in its box.
//!
//! The boxes come from a bidding system's meaning of each call (the Python agents'
//! `bridge_system`); the core only checks them. Rejection from the exactly uniform proposal
//! of [`BridgeDeal::hidden_cards`] is exactly uniform over the deals that satisfy the boxes.

use super::greedy::{hcp, suit_lengths};
use super::BridgeDeal;
use crate::cards::{Card, CardSet};
use crate::error::{invalid, Error};
use crate::rng::Rng;
use crate::search::sample_many_with;

/// What a seat's calls have shown about its 13 dealt cards: high-card points (A 4, K 3, Q 2,
/// J 1) in `hcp.0..=hcp.1` and, per suit c d h s, a length in `lens[s].0..=lens[s].1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandBox {
    pub hcp: (u8, u8),
    pub lens: [(u8, u8); 4],
}

impl HandBox {
    /// The box that holds every hand.
    pub const ANY: HandBox = HandBox {
        hcp: (0, 37),
        lens: [(0, 13); 4],
    };

    /// A box, checked: every range ordered, points at most 37, lengths at most 13.
    pub fn new(hcp: (u8, u8), lens: [(u8, u8); 4]) -> Result<HandBox, Error> {
        if hcp.0 > hcp.1 || hcp.1 > 37 {
            return Err(invalid(format!(
                "a high-card point range is lo..=hi within 0..=37, got {}..={}",
                hcp.0, hcp.1
            )));
        }
        for (suit, &(lo, hi)) in lens.iter().enumerate() {
            if lo > hi || hi > 13 {
                return Err(invalid(format!(
                    "a suit length range is lo..=hi within 0..=13, got {lo}..={hi} for suit {}",
                    ['c', 'd', 'h', 's'][suit]
                )));
            }
        }
        Ok(HandBox { hcp, lens })
    }

    /// Whether a 13-card hand lies in the box.
    pub fn contains(&self, hand: CardSet) -> bool {
        let points = hcp(hand);
        if points < self.hcp.0 as u32 || points > self.hcp.1 as u32 {
            return false;
        }
        let lens = suit_lengths(hand);
        lens.iter()
            .zip(&self.lens)
            .all(|(&l, &(lo, hi))| lo <= l && l <= hi)
    }
}

impl BridgeDeal {
    /// Up to `count` deals at this decision point consistent with what `viewer` has seen (as
    /// [`BridgeDeal::resample`]) in which every seat hidden from him has a dealt hand (cards
    /// played and still held) inside its box (`None`: no constraint; boxes of seats he sees
    /// are ignored), drawn from at most `max_draws` proposals in all. Each deal is exactly
    /// uniform over the consistent deals inside the boxes; fewer than `count` come back when
    /// the boxes are too narrow for the budget (none at all when nothing fits).
    pub fn resample_within(
        &self,
        viewer: usize,
        boxes: &[Option<HandBox>; 4],
        count: usize,
        max_draws: usize,
        rng: &mut Rng,
    ) -> Result<Vec<BridgeDeal>, Error> {
        let problem = self.hidden_cards(viewer)?;
        let (played, _) = self.played_and_voids();
        let known = self.visible_seats(viewer);
        let checked: Vec<(usize, HandBox)> = (0..4)
            .filter(|&s| known >> s & 1 == 0)
            .filter_map(|s| boxes[s].filter(|b| *b != HandBox::ANY).map(|b| (s, b)))
            .collect();
        let to_set = |ids: &[u8]| -> CardSet {
            ids.iter()
                .map(|&i| Card::from_index(i).expect("a card index"))
                .collect()
        };
        let drawn = sample_many_with(&problem, rng, count, max_draws, |hands| {
            checked
                .iter()
                .all(|&(s, b)| b.contains(played[s].union(to_set(&hands[s]))))
        })?;
        let mut out = Vec::with_capacity(drawn.len());
        for hands in drawn {
            let mut dealt = *self.dealt();
            for s in 0..4 {
                if known >> s & 1 == 0 {
                    dealt[s] = played[s].union(to_set(&hands[s]));
                }
            }
            out.push(self.replayed_with(dealt)?);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tricks::bridge::{seeded_deal, Call};

    fn box_of(hcp: (u8, u8)) -> HandBox {
        HandBox::new(hcp, [(0, 13); 4]).unwrap()
    }

    #[test]
    fn boxes_are_checked() {
        assert!(HandBox::new((5, 3), [(0, 13); 4]).is_err());
        assert!(HandBox::new((0, 38), [(0, 13); 4]).is_err());
        assert!(HandBox::new((0, 10), [(0, 13), (4, 2), (0, 13), (0, 13)]).is_err());
        assert!(HandBox::new((0, 10), [(0, 14), (0, 13), (0, 13), (0, 13)]).is_err());
        let full = CardSet::full_pack(false);
        let spades: CardSet = full.iter().filter(|c| c.suit() == Some(3)).collect();
        assert!(HandBox::ANY.contains(spades));
        let b = HandBox::new((10, 10), [(0, 0), (0, 0), (0, 0), (13, 13)]).unwrap();
        assert!(b.contains(spades));
        assert!(!box_of((0, 9)).contains(spades));
    }

    #[test]
    fn resampled_hands_lie_in_their_boxes_and_keep_the_viewer_s() {
        let deal = BridgeDeal::new(seeded_deal(7), Default::default()).unwrap();
        let boxes = [
            Some(box_of((15, 17))),
            Some(HandBox::new((0, 37), [(0, 13), (0, 13), (5, 13), (0, 13)]).unwrap()),
            None,
            Some(box_of((0, 5))),
        ];
        let mut rng = Rng::new(3);
        let worlds = deal
            .resample_within(2, &boxes, 40, 1_000_000, &mut rng)
            .unwrap();
        assert_eq!(worlds.len(), 40);
        for w in &worlds {
            assert_eq!(w.dealt()[2], deal.dealt()[2]);
            for s in [0, 1, 3] {
                assert!(boxes[s].unwrap().contains(w.dealt()[s]), "seat {s}");
            }
        }
        // The same seed gives the same worlds.
        let again = deal
            .resample_within(2, &boxes, 40, 1_000_000, &mut Rng::new(3))
            .unwrap();
        assert!(worlds
            .iter()
            .zip(&again)
            .all(|(a, b)| a.dealt() == b.dealt()));
    }

    #[test]
    fn worlds_do_not_depend_on_where_the_hidden_cards_are() {
        // East and West swap hands: South's view is the same, so are his worlds.
        let dealt = seeded_deal(5);
        let swapped = [dealt[0], dealt[3], dealt[2], dealt[1]];
        let a = BridgeDeal::new(dealt, Default::default()).unwrap();
        let b = BridgeDeal::new(swapped, Default::default()).unwrap();
        let boxes = [None, Some(box_of((8, 20))), None, None];
        let wa = a
            .resample_within(2, &boxes, 6, 10_000, &mut Rng::new(9))
            .unwrap();
        let wb = b
            .resample_within(2, &boxes, 6, 10_000, &mut Rng::new(9))
            .unwrap();
        assert_eq!(wa.len(), 6);
        assert!(wa.iter().zip(&wb).all(|(x, y)| x.dealt() == y.dealt()));
        let ra = a.resample(2, &mut Rng::new(4)).unwrap();
        let rb = b.resample(2, &mut Rng::new(4)).unwrap();
        assert_eq!(ra.dealt(), rb.dealt());
    }

    #[test]
    fn an_impossible_box_gives_no_deal_within_the_budget() {
        let deal = BridgeDeal::new(seeded_deal(1), Default::default()).unwrap();
        let mut boxes = [None; 4];
        boxes[0] = Some(box_of((37, 37)));
        let worlds = deal
            .resample_within(2, &boxes, 5, 2_000, &mut Rng::new(1))
            .unwrap();
        assert!(worlds.is_empty());
    }

    #[test]
    fn played_cards_count_toward_the_box_and_voids_hold() {
        let mut deal = BridgeDeal::new(seeded_deal(11), Default::default()).unwrap();
        for call in [Call::bid(1, 4).unwrap(), Call::Pass, Call::Pass, Call::Pass] {
            deal.auction.call_unchecked(call);
            deal.after_call();
        }
        // Play two tricks greedily so that some cards have been played.
        for _ in 0..8 {
            let card = crate::tricks::bridge::greedy::greedy_card(&deal);
            deal.play_unchecked(card);
        }
        let viewer = deal.current_player().unwrap();
        let truth = *deal.dealt();
        let mut boxes = [None; 4];
        for s in 0..4 {
            let h = hcp(truth[s]) as u8;
            boxes[s] = Some(box_of((h.saturating_sub(1), (h + 1).min(37))));
        }
        let worlds = deal
            .resample_within(viewer, &boxes, 20, 2_000_000, &mut Rng::new(9))
            .unwrap();
        assert!(!worlds.is_empty());
        let (played, voids) = deal.played_and_voids();
        for w in &worlds {
            let (wp, _) = w.played_and_voids();
            assert_eq!(wp, played);
            for s in 0..4 {
                assert!(
                    boxes[s].unwrap().contains(w.dealt()[s])
                        || w.visible_seats(viewer) >> s & 1 == 1
                );
                for suit in 0..4u8 {
                    if voids[s] >> suit & 1 == 1 {
                        assert!(w.hands()[s].iter().all(|c| c.suit() != Some(suit)));
                    }
                }
            }
        }
    }
}
