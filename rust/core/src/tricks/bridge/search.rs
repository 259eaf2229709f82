//! What search needs from a bridge deal: [`BridgeDeal::resample`] (a deal consistent with one
//! seat's view, exactly uniform) and [`BridgeDeal::playout_returns`] (seeded playouts to the
//! end from any decision, auction or play, under a [`Policy`]).

use super::greedy::{greedy_call, greedy_card};
use super::{BridgeDeal, Phase};
use crate::cards::CardSet;
use crate::error::{invalid, Error};
use crate::rng::Rng;
use crate::search::HiddenCards;
use crate::tricks::deal::draw_hands;
use crate::tricks::playout::{parallel_seeded_range, random_card, Policy};

impl BridgeDeal {
    /// The seats whose remaining cards `viewer` sees (BR-4.9): his own, and dummy's from the
    /// opening lead on (BR-4.2) — also for declarer, who sees nothing more.
    pub fn visible_seats(&self, viewer: usize) -> u8 {
        let mut known = 1u8 << viewer;
        if self.dummy_exposed() {
            if let Some(d) = self.dummy() {
                known |= 1 << d;
            }
        }
        known
    }

    /// For each seat, the cards it has played and the suits it has shown out of (a card of
    /// another suit on a lead it could not follow, BR-4.5), as a 4-bit suit mask.
    pub fn played_and_voids(&self) -> ([CardSet; 4], [u8; 4]) {
        let mut played = [CardSet::EMPTY; 4];
        let mut voids = [0u8; 4];
        if let Some(p) = &self.play {
            let mut led = 0u8;
            for (k, (seat, card)) in p.plays().into_iter().enumerate() {
                let suit = card.suit().expect("no jokers in bridge");
                if k % 4 == 0 {
                    led = suit;
                } else if suit != led {
                    voids[seat] |= 1 << led;
                }
                played[seat].insert(card);
            }
        }
        (played, voids)
    }

    /// The unseen cards of `viewer`'s view as a determinization problem: every remaining card
    /// of a seat he does not see, with the hidden seats that may hold it (not one that showed
    /// out of its suit), and each hidden seat's remaining count.
    pub fn hidden_cards(&self, viewer: usize) -> Result<HiddenCards, Error> {
        if viewer > 3 {
            return Err(invalid(format!("viewer must be a seat 0..3, got {viewer}")));
        }
        let hands = self.hands();
        let known = self.visible_seats(viewer);
        let (_, voids) = self.played_and_voids();
        let hidden = !known & 0xF;
        let mut need = [0u8; 4];
        for s in 0..4 {
            if hidden >> s & 1 == 1 {
                need[s] = hands[s].len() as u8;
            }
        }
        // The seats that may hold a card of each suit.
        let mut open = [hidden; 4];
        for (s, &v) in voids.iter().enumerate() {
            for (suit, seats) in open.iter_mut().enumerate() {
                if v >> suit & 1 == 1 {
                    *seats &= !(1 << s);
                }
            }
        }
        // The cards go in by card index, not by the seat that really holds them, so that the
        // draw depends only on what the viewer knows (two layouts of the same hidden cards
        // give the same worlds for the same seed).
        let mut pool: Vec<(u8, u8)> = Vec::with_capacity(52);
        for (s, hand) in hands.iter().enumerate() {
            if hidden >> s & 1 == 1 {
                for c in hand.iter() {
                    pool.push((c.index(), open[c.suit().expect("suited") as usize]));
                }
            }
        }
        pool.sort_unstable();
        let mut problem = HiddenCards::new(&need)?;
        for (card, seats) in pool {
            problem.add(card, seats);
        }
        Ok(problem)
    }

    /// A deal at the same decision point with the same calls and played cards, `viewer`'s
    /// cards (and dummy's once exposed) unchanged and every card hidden from him dealt again,
    /// exactly uniformly over the deals consistent with what he has seen: each hidden seat
    /// keeps its remaining count and holds no card of a suit it showed out of. The calls carry
    /// no constraint: any hand may make any legal call.
    pub fn resample(&self, viewer: usize, rng: &mut Rng) -> Result<BridgeDeal, Error> {
        let problem = self.hidden_cards(viewer)?;
        let drawn = draw_hands(&problem, rng)?;
        let (played, _) = self.played_and_voids();
        let hands = self.hands();
        let known = self.visible_seats(viewer);
        let mut dealt = self.dealt;
        for s in 0..4 {
            if known >> s & 1 == 0 {
                let cards = played[s].union(drawn[s]);
                debug_assert_eq!(cards.len(), played[s].len() + hands[s].len());
                dealt[s] = cards;
            }
        }
        self.replayed_with(dealt)
    }

    /// This deal's calls and plays replayed on other dealt hands (which must make them legal).
    pub fn replayed_with(&self, dealt: [CardSet; 4]) -> Result<BridgeDeal, Error> {
        let mut out = BridgeDeal::new(dealt, self.vul)?;
        for &call in self.auction.calls() {
            out.auction.call_unchecked(call);
            out.after_call();
        }
        if let Some(p) = &self.play {
            for (seat, card) in p.plays() {
                if !out
                    .play
                    .as_ref()
                    .is_some_and(|q| q.hand(seat).contains(card))
                {
                    return Err(invalid(format!("seat {seat} cannot replay {card}")));
                }
                out.play_unchecked(card);
            }
        }
        Ok(out)
    }

    /// Takes the next action under `policy` (a call or a card); false when the deal is over.
    pub fn policy_step(&mut self, policy: Policy, rng: &mut Rng) -> bool {
        match self.phase() {
            Phase::Auction => {
                let call = match policy {
                    Policy::Random => {
                        let calls = self.auction.legal_calls();
                        calls[rng.below(calls.len() as u64) as usize]
                    }
                    Policy::Greedy => {
                        let seat = self.auction.to_call().expect("auction open");
                        greedy_call(&self.auction, self.dealt[seat])
                    }
                };
                self.auction.call_unchecked(call);
                self.after_call();
                true
            }
            Phase::Play => {
                let card = match policy {
                    Policy::Random => random_card(self.legal_cards(), rng),
                    Policy::Greedy => greedy_card(self),
                };
                self.play_unchecked(card);
                true
            }
            Phase::Over => false,
        }
    }

    /// Plays the deal to its end under `policy`.
    pub fn play_out(&mut self, policy: Policy, rng: &mut Rng) {
        while self.policy_step(policy, rng) {}
    }

    /// North-South's score once the deal is over (0 when passed out), else `None`.
    pub fn ns_score(&self) -> Option<i32> {
        self.score().map(|s| s.ns)
    }

    /// Playouts `first..first + n` of a batch seeded by `seed` (playout `i` from
    /// `Rng::new(playout_seed(seed, i))`), each played to the end under `policy` from this
    /// deal; per playout the returns of the four seats (N, E, S, W = ns, −ns, ns, −ns, BR-5.4)
    /// flattened in index order. Independent of `threads` and of how a batch is split.
    pub fn playout_returns(
        &self,
        first: usize,
        n: usize,
        policy: Policy,
        seed: u64,
        threads: usize,
    ) -> Vec<f64> {
        let rows = parallel_seeded_range(first, n, seed, threads, |_, rng| {
            let mut deal = self.clone();
            deal.play_out(policy, rng);
            deal.ns_score().unwrap_or(0) as f64
        });
        rows.into_iter().flat_map(|ns| [ns, -ns, ns, -ns]).collect()
    }
}
