//! What search needs from a smear deal: [`SmearDeal::resample`] (a deal consistent with one
//! player's view, exactly uniform), [`SmearDeal::returns`] and [`SmearDeal::playout_returns`]
//! (seeded playouts to the end from any decision under a [`Policy`]).
//!
//! # What a player knows (and so what a resample keeps)
//! His own dealt cards and his own discards in order; the stock once he took it as the bidder
//! (4 and 6 players, SM-3.8); the bids, trump, the partner card and partner (SM-3.11: the
//! holder reveals it at once); every played card; the suits a player showed out of by not
//! following (SM-4.3; the partner card forced into trick 1 shows nothing, SM-5.4); how many
//! cards each player discarded. Nothing else: the other hands, their discards (face down,
//! SM-3.9), the stock he did not take, and which of the bidder's 24 (or 14) cards were dealt
//! and which came from the stock.
//!
//! The discards carry one rule that is not a per-card fact, trump retention (SM-3.10): a
//! player's discards hold no trump unless he kept six trumps (mid-discard: holds six or more).
//! Each hidden discarder is therefore in mode `A` (no trump discarded) or `K` (his kept cards are
//! all trumps; mid-discard, exactly `J ≥ 6` trumps in hand). Each mode vector is a
//! [`ClassDeal`] problem (the cards in classes by effective suit, buckets for each hidden hand,
//! each player's discards and the 5-player stock); [`draw_union`] draws uniformly from their
//! union (the modes overlap where a player kept exactly his six trumps). Before trump nothing
//! constrains the deal and a [`HiddenCards`] problem draws it.

use super::greedy::{greedy_action, rule_bid};
use super::{hand_size, Action, Phase, SmearDeal, KEEP};
use crate::cards::{Card, CardSet};
use crate::error::{invalid, Error};
use crate::rng::Rng;
use crate::search::HiddenCards;
use crate::tricks::deal::{draw_hands, draw_union, ClassDeal, PreparedDeal};
use crate::tricks::playout::{parallel_seeded_range, Policy};
use crate::tricks::trick::MAX_SEATS;

/// What one hidden player holds and has shown, from the viewer's side.
#[derive(Clone, Copy, Debug, Default)]
struct Seat {
    /// Unplayed cards in hand not known to the viewer.
    hidden: usize,
    /// Cards known to be among his kept cards: those he played, and a revealed partner card.
    known: CardSet,
    /// Cards discarded so far.
    discarded: usize,
    /// Effective suits he showed out of.
    voids: u8,
}

/// One seat's mode: `None` for no discards yet, `Some(None)` for mode A (no trump discarded),
/// `Some(Some(j))` for mode K with exactly `j` trumps among the hidden hand.
type Mode = Option<Option<usize>>;

/// The buckets of one mode vector's problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bucket {
    Hand(usize),
    /// Mode K: the trumps of the hand.
    HandTrumps(usize),
    /// Mode K: the other cards of the hand.
    HandOthers(usize),
    /// Non-trumps only in mode A, anything in mode K.
    Discards(usize),
    /// The unused 5-player stock: anything.
    Stock,
}

impl SmearDeal {
    /// Each seat's score change once the deal is over (SM-6.4–6.8): the side's points, or
    /// minus the bid for a bidder's side short of it; `None` before.
    pub fn returns(&self) -> Option<[i32; MAX_SEATS]> {
        let p = self.points()?;
        let (bidder, bid) = self.contract()?;
        let bs = self.side_of(bidder);
        let mut change = [0i32; 3];
        for (side, c) in change.iter_mut().enumerate().take(p.num_sides) {
            *c = p.totals[side] as i32;
        }
        if p.totals[bs] < bid as u32 {
            change[bs] = -(bid as i32);
        }
        let mut out = [0i32; MAX_SEATS];
        for (seat, o) in out.iter_mut().enumerate().take(self.n) {
            *o = change[self.side_of(seat)];
        }
        Some(out)
    }

    /// Takes the greedy or a random action; after an all-pass the same dealer deals again
    /// from `rng` (SM-3.6). False once the deal is over.
    pub fn policy_step(&mut self, policy: Policy, rng: &mut Rng) -> bool {
        if self.phase == Phase::AllPassed {
            let next = SmearDeal::random(self.n, self.dealer, rng).expect("a valid table");
            *self = next;
            return true;
        }
        let action = match policy {
            Policy::Random => self.random_action(rng),
            Policy::Greedy => greedy_action(self),
        };
        match action {
            Some(a) => {
                self.apply_unchecked(a);
                true
            }
            None => false,
        }
    }

    /// Plays to the end of the deal under `policy` (redealing after all-passes).
    pub fn play_out(&mut self, policy: Policy, rng: &mut Rng) {
        while self.policy_step(policy, rng) {}
    }

    /// Playouts `first..first + n` of a batch seeded by `seed` (playout `i` from
    /// `Rng::new(playout_seed(seed, i))`), each to the end of the deal under `policy`: per
    /// playout every seat's [`returns`](SmearDeal::returns), flattened in index order.
    /// Independent of `threads` and of how a batch is split.
    pub fn playout_returns(
        &self,
        first: usize,
        n: usize,
        policy: Policy,
        seed: u64,
        threads: usize,
    ) -> Vec<f64> {
        let seats = self.n;
        let rows = parallel_seeded_range(first, n, seed, threads, |_, rng| {
            let mut deal = self.clone();
            deal.play_out(policy, rng);
            deal.returns().unwrap_or([0; MAX_SEATS])
        });
        rows.into_iter()
            .flat_map(|r| r[..seats].iter().map(|&v| v as f64).collect::<Vec<_>>())
            .collect()
    }

    /// The cards `viewer` has seen of this deal: his dealt cards, and the stock if he took it.
    fn own_cards(&self, viewer: usize) -> CardSet {
        let mut own = self.dealt[viewer];
        if self.n != 5 && self.rules.is_some() && self.bidder() == Some(viewer) {
            own = own.union(self.stock);
        }
        own
    }

    /// A deal at the same decision point with the same public course (bids, trump, partner
    /// card, plays) and `viewer`'s own cards and discards (in their order) unchanged, every card
    /// hidden from him dealt again exactly uniformly over the deals consistent with what he
    /// has seen (see the module documentation). Hidden players' discards are taken in a
    /// uniformly random order (every order is legal under SM-3.10).
    pub fn resample(&self, viewer: usize, rng: &mut Rng) -> Result<SmearDeal, Error> {
        if viewer >= self.n {
            return Err(invalid(format!(
                "viewer must be a seat 0..{}, got {viewer}",
                self.n - 1
            )));
        }
        match self.phase {
            Phase::Bidding | Phase::Trump => self.resample_before_trump(viewer, rng),
            Phase::Discard | Phase::PartnerCall | Phase::Play => {
                self.resample_after_trump(viewer, rng)
            }
            Phase::AllPassed | Phase::Over => Err(invalid("the deal is over: nothing to resample")),
        }
    }

    /// How many bids of seats other than `viewer` differ from the rule strategy's bid
    /// ([`rule_bid`]) on the hands they were dealt.
    pub fn bids_off_rule(&self, viewer: usize) -> usize {
        let mut high = None;
        let mut off = 0;
        for (i, &b) in self.bids.iter().enumerate() {
            let seat = (self.dealer + 1 + i) % self.n;
            if seat != viewer {
                let rule = rule_bid(self.dealt[seat], self.n, seat, self.dealer, high);
                if rule != b.map_or(Action::Pass, Action::Bid) {
                    off += 1;
                }
            }
            if let Some(b) = b {
                high = Some((b, seat));
            }
        }
        off
    }

    /// [`resample`](SmearDeal::resample) weighted by the bids: each draw is kept with
    /// probability `slack` to the power of the number of other players' bids it explains
    /// otherwise than the rule strategy would ([`bids_off_rule`](SmearDeal::bids_off_rule));
    /// after `tries` draws the last one is kept. With `slack` 0 this is the deal posterior
    /// when the others bid by the rule strategy; 1 is the plain resample.
    pub fn resample_by_bids(
        &self,
        viewer: usize,
        rng: &mut Rng,
        tries: usize,
        slack: f64,
    ) -> Result<SmearDeal, Error> {
        let mut last = None;
        for _ in 0..tries.max(1) {
            let deal = self.resample(viewer, rng)?;
            let off = deal.bids_off_rule(viewer);
            if off == 0 || rng.unit_f64() < slack.powi(off as i32) {
                return Ok(deal);
            }
            last = Some(deal);
        }
        Ok(last.expect("at least one draw"))
    }

    fn resample_before_trump(&self, viewer: usize, rng: &mut Rng) -> Result<SmearDeal, Error> {
        let n = self.n;
        let size = hand_size(n) as u8;
        let mut need = vec![size; n + 1];
        need[viewer] = 0;
        need[n] = self.stock.len() as u8;
        let open = ((1u16 << (n + 1)) - 1) as u8 & !(1 << viewer);
        let mut problem = HiddenCards::new(&need)?;
        for c in CardSet::full_pack(true)
            .difference(self.dealt[viewer])
            .iter()
        {
            problem.add(c.index(), open);
        }
        let drawn = draw_hands(&problem, rng)?;
        let mut dealt = self.dealt;
        for (s, d) in dealt.iter_mut().enumerate().take(n) {
            if s != viewer {
                *d = drawn[s];
            }
        }
        self.replay(viewer, &dealt[..n], drawn[n], &[])
    }

    fn resample_after_trump(&self, viewer: usize, rng: &mut Rng) -> Result<SmearDeal, Error> {
        let n = self.n;
        let rules = self.rules.expect("trump named");
        let trumps = rules.trumps();
        let trump_suit = rules.trump().expect("smear has a trump");
        let bidder = self.bidder().expect("a bidder");
        let hands = self.hands();

        // Public facts per seat: played cards, voids, the revealed partner card.
        let mut seats = [Seat::default(); MAX_SEATS];
        if let Some(p) = &self.play {
            for (k, t) in p
                .completed()
                .iter()
                .map(|t| (t.leader as usize, t.cards().to_vec()))
                .chain(std::iter::once({
                    let (leader, cards) = p.current_trick();
                    (leader, cards.to_vec())
                }))
                .enumerate()
            {
                let (leader, cards) = t;
                let Some(&first) = cards.first() else {
                    continue;
                };
                let led = rules.effective_suit(first);
                for (i, &c) in cards.iter().enumerate() {
                    let seat = (leader + i) % n;
                    seats[seat].known.insert(c);
                    let forced =
                        k == 0 && Some(seat) == self.partner && Some(c) == self.partner_card;
                    if rules.effective_suit(c) != led && !forced {
                        seats[seat].voids |= 1 << led;
                    }
                }
            }
        }
        let mut hidden_partner_card = None;
        if let Some(pc) = self.partner_card {
            match self.partner {
                Some(partner) => {
                    seats[partner].known.insert(pc);
                }
                None => hidden_partner_card = Some(pc),
            }
        }
        for s in 0..n {
            seats[s].discarded = self.discards[s].len();
            seats[s].hidden = hands[s].difference(seats[s].known).len();
        }
        // Every card hidden from the viewer.
        let mut seen = self.own_cards(viewer);
        for seat in &seats[..n] {
            seen = seen.union(seat.known);
        }
        let pool = CardSet::full_pack(true).difference(seen);
        if hidden_partner_card.is_some_and(|c| !pool.contains(c)) {
            hidden_partner_card = None; // the viewer discarded it himself
        }
        let others: Vec<usize> = (0..n).filter(|&s| s != viewer).collect();
        let five = n == 5;
        let pool_trumps = pool.intersection(trumps).len();

        // Each hidden discarder's modes.
        let mut options: Vec<Vec<Mode>> = Vec::with_capacity(others.len());
        for &s in &others {
            let seat = seats[s];
            if seat.discarded == 0 {
                options.push(vec![None]);
                continue;
            }
            let mut modes = vec![Some(None)];
            let kept_now = seat.hidden + seat.known.len();
            let trump_void = seat.voids >> trump_suit & 1 == 1;
            if kept_now == KEEP {
                let need = seat.hidden;
                if seat.known.is_subset(trumps) && need <= pool_trumps && (need == 0 || !trump_void)
                {
                    modes.push(Some(Some(need)));
                }
            } else {
                for j in KEEP..=seat.hidden.min(pool_trumps) {
                    modes.push(Some(Some(j)));
                }
            }
            options.push(modes);
        }

        // Every mode vector with its problem and weight.
        let mut vectors: Vec<(Vec<(Bucket, usize)>, ClassDeal)> = Vec::new();
        let mut choice = vec![0usize; others.len()];
        loop {
            let modes: Vec<Mode> = choice.iter().zip(&options).map(|(&c, o)| o[c]).collect();
            let k_trumps: usize = modes.iter().map(|m| m.flatten().unwrap_or(0)).sum();
            if k_trumps <= pool_trumps {
                vectors.push(self.problem(&others, &seats, &modes, pool, hidden_partner_card)?);
            }
            // Next vector.
            let mut i = 0;
            while i < choice.len() {
                choice[i] += 1;
                if choice[i] < options[i].len() {
                    break;
                }
                choice[i] = 0;
                i += 1;
            }
            if i == choice.len() {
                break;
            }
        }
        let mut prepared: Vec<PreparedDeal<'_>> = vectors.iter().map(|v| v.1.prepare()).collect();
        let weights: Vec<f64> = prepared.iter().map(|p| p.count()).collect();
        let (hands_of, discards_of, stock5) = draw_union(
            &weights,
            rng,
            10_000,
            |k, r| {
                let buckets = &vectors[k].0;
                let drawn = prepared[k].sample(r)?;
                let mut hands = [CardSet::EMPTY; MAX_SEATS];
                let mut discards = [CardSet::EMPTY; MAX_SEATS];
                let mut stock = CardSet::EMPTY;
                for (&(bucket, _), &cards) in buckets.iter().zip(&drawn) {
                    match bucket {
                        Bucket::Hand(s) | Bucket::HandTrumps(s) | Bucket::HandOthers(s) => {
                            hands[s] = hands[s].union(cards)
                        }
                        Bucket::Discards(s) => discards[s] = cards,
                        Bucket::Stock => stock = cards,
                    }
                }
                Ok((hands, discards, stock))
            },
            |(hands_of, discards_of, _)| {
                // How many mode vectors hold this deal: a seat that kept six trumps and
                // discarded none fits both its modes.
                let mut covers = 1u32;
                for (i, &s) in others.iter().enumerate() {
                    if options[i].len() < 2 {
                        continue;
                    }
                    let seat = seats[s];
                    let no_trump_discarded = discards_of[s].intersection(trumps).is_empty();
                    let hand_trumps = hands_of[s].intersection(trumps).len();
                    let kept_trumps = if seat.hidden + seat.known.len() == KEEP {
                        seat.known.is_subset(trumps) && hand_trumps == seat.hidden
                    } else {
                        hand_trumps >= KEEP
                    };
                    if no_trump_discarded && kept_trumps {
                        covers *= 2;
                    }
                }
                covers
            },
        )?;

        // The new deal: each hidden player's holdings, the bidder's split into dealt cards and
        // stock when he took it.
        let mut dealt = self.dealt;
        let mut stock = self.stock;
        let mut queues: [Vec<Card>; MAX_SEATS] = Default::default();
        for &s in &others {
            let all = hands_of[s].union(seats[s].known).union(discards_of[s]);
            if s == bidder && !five {
                let mut cards: Vec<Card> = all.iter().collect();
                rng.shuffle(&mut cards);
                let size = hand_size(n);
                dealt[s] = cards[..size].iter().copied().collect();
                stock = cards[size..].iter().copied().collect();
            } else {
                dealt[s] = all;
            }
            let mut order: Vec<Card> = discards_of[s].iter().collect();
            rng.shuffle(&mut order);
            queues[s] = order;
        }
        if five {
            stock = stock5;
        }
        self.replay(viewer, &dealt[..n], stock, &queues)
    }

    /// The problem of one mode vector: the pool's cards in classes (the four effective suits,
    /// and an unfound partner card on its own as class 4) and one bucket per hidden hand (or
    /// two, trumps and others, for mode K), per player's discards and for the 5-player stock.
    fn problem(
        &self,
        others: &[usize],
        seats: &[Seat; MAX_SEATS],
        modes: &[Mode],
        pool: CardSet,
        hidden_partner_card: Option<Card>,
    ) -> Result<(Vec<(Bucket, usize)>, ClassDeal), Error> {
        let rules = self.rules.expect("trump named");
        let trump = rules.trump().expect("smear has a trump");
        let bidder = self.bidder();
        let mut classes: Vec<Vec<Card>> = vec![Vec::new(); 5];
        for c in pool.iter() {
            if Some(c) == hidden_partner_card {
                classes[4].push(c);
            } else {
                classes[rules.effective_suit(c) as usize].push(c);
            }
        }
        let partner_trump = hidden_partner_card.is_some_and(|c| rules.is_trump(c));
        let suits = 0b1111u8;
        let trump_bit = 1u8 << trump;
        let pc_bit = 1u8 << 4;
        let mut problem = ClassDeal::new(classes)?;
        let mut buckets: Vec<(Bucket, usize)> = Vec::new();
        let mut add = |problem: &mut ClassDeal, bucket: Bucket, cap: usize, accepts: u8| {
            if cap > 0 {
                problem.bucket(cap, accepts);
                buckets.push((bucket, cap));
            }
        };
        for (i, &s) in others.iter().enumerate() {
            let seat = seats[s];
            let open = suits & !seat.voids;
            match modes[i] {
                Some(Some(j)) => {
                    add(&mut problem, Bucket::HandTrumps(s), j, open & trump_bit);
                    add(
                        &mut problem,
                        Bucket::HandOthers(s),
                        seat.hidden - j,
                        open & !trump_bit,
                    );
                }
                _ => add(&mut problem, Bucket::Hand(s), seat.hidden, open),
            }
            let kept_trumps = matches!(modes[i], Some(Some(_)));
            let mut accepts = if kept_trumps {
                suits
            } else {
                suits & !trump_bit
            };
            // SM-3.11: an unfound partner card is not among the bidder's discards.
            if Some(s) != bidder && (kept_trumps || !partner_trump) {
                accepts |= pc_bit;
            }
            add(&mut problem, Bucket::Discards(s), seat.discarded, accepts);
        }
        if self.n == 5 {
            add(
                &mut problem,
                Bucket::Stock,
                self.stock.len(),
                suits | pc_bit,
            );
        }
        Ok((buckets, problem))
    }

    /// This deal's course replayed on other dealt cards: the bids, trump, each discard
    /// (`viewer`'s as recorded, every other player's from his queue in order), the partner
    /// call and the plays. Errors if an action is not legal on the new cards.
    fn replay(
        &self,
        viewer: usize,
        dealt: &[CardSet],
        stock: CardSet,
        queues: &[Vec<Card>],
    ) -> Result<SmearDeal, Error> {
        let mut out = SmearDeal::new(self.n, self.dealer, dealt, stock)?;
        let step = |d: &mut SmearDeal, a: Action| {
            d.apply(a)
                .map_err(|v| invalid(format!("resampled deal rejects {a:?}: {v}")))
        };
        for &bid in &self.bids {
            step(&mut out, bid.map_or(Action::Pass, Action::Bid))?;
        }
        if let Some(t) = self.trump() {
            step(&mut out, Action::Trump(t))?;
        }
        let mut taken = [0usize; MAX_SEATS];
        for &card in &self.discard_log {
            let seat = out.current_player().expect("a discarder");
            let c = if seat == viewer || queues.is_empty() || queues[seat].is_empty() {
                card
            } else {
                taken[seat] += 1;
                queues[seat][taken[seat] - 1]
            };
            step(&mut out, Action::Discard(c))?;
        }
        if let Some(pc) = self.partner_card {
            step(&mut out, Action::Call(pc))?;
        }
        if let Some(p) = &self.play {
            for (_, card) in p.plays() {
                step(&mut out, Action::Play(card))?;
            }
        }
        Ok(out)
    }
}
