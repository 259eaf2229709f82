//! One no-limit Texas Hold'em hand (rules/holdem.md HE-3 to HE-5) and the movement of the button
//! between hands (HE-3.3 to HE-3.6).
//!
//! [`HoldemHand`] is built from the stacks at the start of the hand (a seat with 0 chips is
//! eliminated and skipped, HE-3.1, HE-6.1), the button, the blinds and the deck order (top card
//! first, HE-3.10). It posts the blinds (HE-3.7), deals the hole cards (HE-3.8), runs the four
//! betting rounds on [`Round`], deals the board with burns (HE-3.9), runs out the board when no
//! more betting is possible (HE-5.2), and settles the pots one by one (HE-5.5 to HE-5.8).
//!
//! Hand values come from [`showdown_strength`], the one seam to the hand evaluator.

use super::actions::{Candidates, IdError, IdSpace};
use super::round::{Legal, Round, MAX_SEATS};
use super::{Bet, Rules};
use crate::cards::Card;
use crate::climbing::RuleViolation;
use crate::error::{invalid, Error};
use crate::rng::Rng;

// ---------------------------------------------------------------------------------------------
// Hand values: the seam to the evaluator.

/// The strength (`7463 − r`, higher is better, HE-2.6) of the best five of seven cards
/// (HE-2.2): the game's one call into the hand evaluator, [`crate::poker::evaluate7`].
#[inline]
pub fn showdown_strength(cards: &[Card; 7]) -> u16 {
    crate::poker::evaluate7(&cards.map(|c| c.index()))
}

// ---------------------------------------------------------------------------------------------
// Seats, button and blinds.

/// The next seat clockwise from `seat` (exclusive) with chips, if any (HE-3.1).
fn next_remaining(stacks: &[u32], seat: usize) -> Option<usize> {
    let n = stacks.len();
    (1..=n).map(|k| (seat + k) % n).find(|&s| stacks[s] > 0)
}

/// HE-3.4 / HE-3.5: (small blind seat, big blind seat) for a hand with this button.
pub fn blind_seats(stacks: &[u32], button: usize) -> (usize, usize) {
    let remaining = stacks.iter().filter(|&&s| s > 0).count();
    let after = next_remaining(stacks, button).unwrap_or(button);
    if remaining == 2 {
        (button, after) // HE-3.5: heads-up the button posts the small blind
    } else {
        (after, next_remaining(stacks, after).unwrap_or(after))
    }
}

/// HE-3.3 / HE-3.6: the button of the next hand, given the stacks now (0 = eliminated), the
/// previous hand's button and big blind, and how many players the previous hand had.
pub fn next_button(
    stacks: &[u32],
    previous_button: usize,
    previous_big_blind: usize,
    previous_players: usize,
) -> usize {
    let b = next_remaining(stacks, previous_button).unwrap_or(previous_button);
    let remaining = stacks.iter().filter(|&&s| s > 0).count();
    let p = previous_big_blind;
    if remaining == 2 && previous_players >= 3 && stacks[p] > 0 && p != b {
        p // HE-3.6: nobody posts the big blind twice in a row
    } else {
        b
    }
}

// ---------------------------------------------------------------------------------------------
// The hand.

/// Betting rounds and the end of the hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Street {
    Preflop,
    Flop,
    Turn,
    River,
    /// The hand is over (settled).
    Over,
}

impl Street {
    pub fn name(self) -> &'static str {
        match self {
            Street::Preflop => "preflop",
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
            Street::Over => "over",
        }
    }
}

/// One settled pot (HE-5.5 to HE-5.8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    pub amount: u32,
    pub eligible: Vec<usize>,
    /// Winners with their shares, in the order odd chips are given (HE-5.8).
    pub shares: Vec<(usize, u32)>,
}

/// One entry of a hand's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HoldemEvent {
    /// A blind posted (HE-3.7); `big` tells which one.
    Blind { seat: usize, amount: u32, big: bool },
    /// Hole cards dealt (private to `seat`).
    Hole { seat: usize, cards: [Card; 2] },
    /// A betting action and the chips it moved.
    Action {
        seat: usize,
        action: Bet,
        moved: u32,
        is_bet: bool,
        all_in: bool,
    },
    /// A pending player not asked to act (HE-4.9). `after_action`: the round had actions;
    /// `contested`: when the round began another player could have put in more than this
    /// player's bet (PokerKit then still asks this player for a check, HE-7.6).
    Skip {
        seat: usize,
        after_action: bool,
        contested: bool,
    },
    /// Uncalled chips returned (HE-5.3).
    Return { seat: usize, amount: u32 },
    /// Board cards of a street (after a burn, HE-3.9).
    Board { street: Street, cards: Vec<Card> },
    /// Hole cards shown (HE-7.12).
    Reveal { seat: usize, cards: [Card; 2] },
    /// A pot settled, last side pot first (HE-5.7).
    Pot { index: usize, pot: Pot },
}

/// One Hold'em hand. See the module documentation.
#[derive(Clone, Debug)]
pub struct HoldemHand {
    n: usize,
    small_blind: u32,
    big_blind: u32,
    button: usize,
    sb_seat: usize,
    bb_seat: usize,
    dealt: [bool; MAX_SEATS],
    order: Vec<usize>,
    deck: Vec<Card>,
    hole: [[Card; 2]; MAX_SEATS],
    board: Vec<Card>,
    street: Street,
    round: Round,
    start_stack: [u32; MAX_SEATS],
    contrib: [u32; MAX_SEATS],
    won: [u32; MAX_SEATS],
    revealed: [bool; MAX_SEATS],
    strength: [u16; MAX_SEATS],
    pots: Vec<Pot>,
    events: Vec<HoldemEvent>,
    /// False in playouts: events are not kept (nothing reads them there).
    record: bool,
}

impl HoldemHand {
    /// A hand at its first decision (blinds posted, hole cards dealt). `stacks[i] = 0` means
    /// seat i is eliminated. `deck` is the deck order, top first (at least `2k + 8` distinct
    /// ordinary cards for `k` players dealt in).
    pub fn new(
        stacks: &[u32],
        button: usize,
        small_blind: u32,
        big_blind: u32,
        deck: &[Card],
    ) -> Result<HoldemHand, Error> {
        let n = stacks.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(invalid(format!(
                "a table has 2 to {MAX_SEATS} seats, not {n}"
            )));
        }
        let k = stacks.iter().filter(|&&s| s > 0).count();
        if k < 2 {
            return Err(invalid(
                "a hand needs at least two players with chips (HE-6.2)",
            ));
        }
        if button >= n || stacks[button] == 0 {
            return Err(invalid(format!(
                "the button must be on a seat with chips (HE-3.3), not seat {button}"
            )));
        }
        if small_blind == 0 || big_blind < small_blind {
            return Err(invalid(format!(
                "blinds must satisfy 0 < small ≤ big, got {small_blind}/{big_blind}"
            )));
        }
        let total: u64 = stacks.iter().map(|&s| s as u64).sum();
        if total > u32::MAX as u64 / 2 {
            return Err(invalid("too many chips on the table"));
        }
        let mut seen = 0u64;
        for c in deck {
            if c.is_joker() {
                return Err(invalid(format!("{c}: Hold'em uses no jokers (HE-1.1)")));
            }
            if seen & c.bit() != 0 {
                return Err(invalid(format!("{c} appears twice in the deck (HE-1.1)")));
            }
            seen |= c.bit();
        }
        if deck.len() < 2 * k + 8 {
            return Err(invalid(format!(
                "the deck order must give at least {} cards for {k} players (HE-3.10), got {}",
                2 * k + 8,
                deck.len()
            )));
        }
        let (sb_seat, bb_seat) = blind_seats(stacks, button);
        let mut stack = [0u32; MAX_SEATS];
        let mut dealt = [false; MAX_SEATS];
        let mut start_stack = [0u32; MAX_SEATS];
        for i in 0..n {
            stack[i] = stacks[i];
            start_stack[i] = stacks[i];
            dealt[i] = stacks[i] > 0;
        }
        let mut bet = [0u32; MAX_SEATS];
        let mut events = Vec::new();
        for (seat, blind, big) in [(sb_seat, small_blind, false), (bb_seat, big_blind, true)] {
            let amount = blind.min(stack[seat]); // HE-3.7, HE-7.14
            stack[seat] -= amount;
            bet[seat] += amount;
            events.push(HoldemEvent::Blind { seat, amount, big });
        }
        // HE-3.8: left of the button first, the button last.
        let mut order = Vec::with_capacity(k);
        let mut s = button;
        for _ in 0..k {
            s = next_remaining(stacks, s).expect("k ≥ 2 players");
            order.push(s);
        }
        let mut hole = [[deck[0]; 2]; MAX_SEATS];
        for (j, &seat) in order.iter().enumerate() {
            hole[seat] = [deck[j], deck[k + j]]; // HE-3.10
            events.push(HoldemEvent::Hole {
                seat,
                cards: hole[seat],
            });
        }
        // HE-4.1: preflop H is a full big blind even if it was posted short (HE-7.4); HE-3.11.
        let round = Round::start(
            n,
            stack,
            bet,
            dealt,
            big_blind,
            big_blind,
            (bb_seat + 1) % n,
            Rules::HOLDEM,
        );
        let mut hand = HoldemHand {
            n,
            small_blind,
            big_blind,
            button,
            sb_seat,
            bb_seat,
            dealt,
            order,
            deck: deck.to_vec(),
            hole,
            board: Vec::with_capacity(5),
            street: Street::Preflop,
            round,
            start_stack,
            contrib: [0; MAX_SEATS],
            won: [0; MAX_SEATS],
            revealed: [false; MAX_SEATS],
            strength: [0; MAX_SEATS],
            pots: Vec::new(),
            events,
            record: true,
        };
        hand.note_skips();
        hand.progress();
        Ok(hand)
    }

    // ---- reading ----------------------------------------------------------------------------

    pub fn num_seats(&self) -> usize {
        self.n
    }
    pub fn blinds(&self) -> (u32, u32) {
        (self.small_blind, self.big_blind)
    }
    pub fn button(&self) -> usize {
        self.button
    }
    pub fn small_blind_seat(&self) -> usize {
        self.sb_seat
    }
    pub fn big_blind_seat(&self) -> usize {
        self.bb_seat
    }
    /// Seats dealt in, in dealing order (HE-3.8).
    pub fn dealing_order(&self) -> &[usize] {
        &self.order
    }
    pub fn is_dealt(&self, seat: usize) -> bool {
        self.dealt[seat]
    }
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }
    pub fn street(&self) -> Street {
        self.street
    }
    pub fn is_over(&self) -> bool {
        self.street == Street::Over
    }
    /// The seat to act, or None between decisions never happens: None means the hand is over.
    pub fn to_act(&self) -> Option<usize> {
        if self.is_over() {
            None
        } else {
            self.round.to_act()
        }
    }
    pub fn legal(&self) -> Legal {
        if self.is_over() {
            Legal::default()
        } else {
            self.round.legal()
        }
    }
    pub fn hole(&self, seat: usize) -> Option<[Card; 2]> {
        self.dealt[seat].then_some(self.hole[seat])
    }
    pub fn board(&self) -> &[Card] {
        &self.board
    }
    pub fn start_stack(&self, seat: usize) -> u32 {
        self.start_stack[seat]
    }
    /// Chips behind (after the hand: the final stack).
    pub fn stack(&self, seat: usize) -> u32 {
        self.round.stack[seat] + self.won[seat]
    }
    /// Chips bet in the current round.
    pub fn bet(&self, seat: usize) -> u32 {
        self.round.bet[seat]
    }
    /// Chips put in during earlier rounds (after returns).
    pub fn contribution(&self, seat: usize) -> u32 {
        self.contrib[seat]
    }
    pub fn folded(&self, seat: usize) -> bool {
        self.dealt[seat] && !self.round.in_hand[seat]
    }
    pub fn revealed(&self, seat: usize) -> bool {
        self.revealed[seat]
    }
    /// Strength at showdown (0 if the seat was not compared).
    pub fn strength(&self, seat: usize) -> u16 {
        self.strength[seat]
    }
    /// Chips in the middle: contributions plus current round bets (0 once settled).
    pub fn pot_total(&self) -> u32 {
        if self.is_over() {
            return 0;
        }
        (0..self.n)
            .map(|i| self.contrib[i] + self.round.bet[i])
            .sum()
    }
    pub fn level(&self) -> u32 {
        self.round.level()
    }
    pub fn full_raise(&self) -> u32 {
        self.round.full_raise()
    }
    pub fn pots(&self) -> &[Pot] {
        &self.pots
    }
    pub fn events(&self) -> &[HoldemEvent] {
        &self.events
    }
    /// Chips the seat to act owes (`max(0, H − b_i)`, HE-4.1); 0 when nobody is to act.
    pub fn owed(&self) -> u32 {
        self.to_act()
            .map_or(0, |i| self.round.level().saturating_sub(self.round.bet[i]))
    }
    /// The fold / check-call / representative raise sizes of the seat to act (see
    /// [`super::actions`]): what `legal_actions()` lists and what the random policy draws from.
    pub fn candidates(&self) -> Candidates {
        Candidates::of(&self.legal(), self.level(), self.pot_total(), self.owed())
    }
    /// The legal action that `id` stands for now in `space` (see [`super::actions`]), or why
    /// there is none.
    pub fn bet_of_id(&self, space: IdSpace, id: u64) -> Result<Bet, IdError> {
        let seat = self.to_act().unwrap_or(0);
        space.bet_of(id, &self.candidates(), &Rules::HOLDEM, |b| {
            self.violation(seat, b)
        })
    }
    /// Every betting action so far, in order (read from the events).
    pub fn actions(&self) -> impl Iterator<Item = (usize, Bet)> + '_ {
        self.events.iter().filter_map(|e| match e {
            HoldemEvent::Action { seat, action, .. } => Some((*seat, *action)),
            _ => None,
        })
    }
    /// Whether events are kept (true unless turned off for a playout).
    pub fn records_events(&self) -> bool {
        self.record
    }
    /// Stop keeping events and drop those kept (playouts read only stacks and pots).
    pub fn stop_recording(&mut self) {
        self.record = false;
        self.events = Vec::new();
    }

    /// A hand consistent with everything `player` has seen (HE-6.6): the same stacks, button,
    /// blinds and actions, the same cards wherever `player` has seen them (his own hole cards,
    /// the board dealt so far, hole cards shown), and every other deck position — the other
    /// players' unshown hole cards, the burns, the board still to come and the rest of the deck
    /// — refilled with the cards `player` has not seen, in a uniformly random order drawn from
    /// `rng`.
    ///
    /// Nothing `player` observes depends on where those cards are (the rules make no action
    /// depend on the cards, HE-4), so every arrangement of them is consistent and all are
    /// equally likely: one Fisher-Yates shuffle of the hidden positions is exactly the uniform
    /// distribution over the consistent deals (labelled cards), with no constraint to sample
    /// under (the case [`crate::search::HiddenCards`] is for).
    pub fn resample(&self, player: usize, rng: &mut Rng) -> Result<HoldemHand, Error> {
        if player >= self.n {
            return Err(invalid(format!(
                "player must be a seat 0..{}, got {player}",
                self.n - 1
            )));
        }
        if self.is_over() {
            return Err(invalid("the hand is over: there is nothing to resample"));
        }
        if !self.record {
            return Err(invalid("a hand without its events cannot be resampled"));
        }
        let k = self.order.len();
        let mut known = vec![false; self.deck.len()];
        for (j, &seat) in self.order.iter().enumerate() {
            if seat == player || self.revealed[seat] {
                known[j] = true;
                known[k + j] = true;
            }
        }
        let board_positions = [2 * k + 1, 2 * k + 2, 2 * k + 3, 2 * k + 5, 2 * k + 7];
        for &at in &board_positions[..self.board.len()] {
            known[at] = true;
        }
        let hidden: Vec<usize> = (0..self.deck.len()).filter(|&i| !known[i]).collect();
        let mut cards: Vec<Card> = hidden.iter().map(|&i| self.deck[i]).collect();
        rng.shuffle(&mut cards);
        let mut deck = self.deck.clone();
        for (&at, &card) in hidden.iter().zip(&cards) {
            deck[at] = card;
        }
        let mut hand = HoldemHand::new(
            &self.start_stack[..self.n],
            self.button,
            self.small_blind,
            self.big_blind,
            &deck,
        )?;
        for (seat, action) in self.actions() {
            hand.apply(seat, action)
                .map_err(|v| invalid(format!("replaying the actions failed: {v}")))?;
        }
        Ok(hand)
    }

    // ---- acting -----------------------------------------------------------------------------

    /// Why `action` by `seat` is illegal now, if it is (HE-4.11).
    pub fn violation(&self, seat: usize, action: Bet) -> Option<RuleViolation> {
        if self.is_over() {
            return Some(RuleViolation {
                rule: "HE-4.11",
                message: "the hand is over".to_string(),
            });
        }
        self.round.violation(seat, action)
    }

    /// Why BET/RAISE to `t` by `seat` is illegal now, if it is, for any `t` (HE-4.3, HE-4.4).
    pub fn raise_violation(&self, seat: usize, t: u64) -> Option<RuleViolation> {
        if self.is_over() {
            return self.violation(seat, Bet::Check);
        }
        self.round.raise_to_violation(seat, t)
    }

    /// Apply `action` by `seat`; an illegal action changes nothing (HE-4.11).
    pub fn apply(&mut self, seat: usize, action: Bet) -> Result<(), RuleViolation> {
        if let Some(v) = self.violation(seat, action) {
            return Err(v);
        }
        let is_bet = self.round.level() == 0;
        let moved = self.round.apply(seat, action)?;
        self.log(HoldemEvent::Action {
            seat,
            action,
            moved,
            is_bet,
            all_in: self.round.stack[seat] == 0 && action != Bet::Fold,
        });
        self.note_skips();
        self.progress();
        Ok(())
    }

    /// Runs everything that needs no decision: ends rounds, deals streets, runs out the board,
    /// settles (HE-4.10, HE-5.1, HE-5.2).
    fn progress(&mut self) {
        while !self.is_over() && self.round.to_act().is_none() {
            self.end_round();
            if self.round.players_in_hand() == 1 {
                self.settle(); // HE-5.1: everyone else folded
                return;
            }
            let with_chips = (0..self.n)
                .filter(|&i| self.round.in_hand[i] && self.round.stack[i] > 0)
                .count();
            if self.street == Street::River {
                self.settle();
                return;
            }
            if with_chips <= 1 {
                // HE-5.2, HE-7.12: reveal, then run the board out without betting.
                self.reveal_all();
                while self.street != Street::River {
                    self.deal_next_street();
                }
                self.settle();
                return;
            }
            self.deal_next_street();
            let mut bet = [0u32; MAX_SEATS];
            bet[..self.n].copy_from_slice(&self.round.bet[..self.n]);
            self.round = Round::start(
                self.n,
                self.round.stack,
                bet,
                self.round.in_hand,
                0,
                self.big_blind,
                (self.button + 1) % self.n, // HE-3.12
                Rules::HOLDEM,
            );
            self.note_skips();
        }
    }

    #[inline]
    fn log(&mut self, event: HoldemEvent) {
        if self.record {
            self.events.push(event);
        }
    }

    fn note_skips(&mut self) {
        let after_action = self.round.actions() > 0;
        let skipped: Vec<usize> = self.round.skipped().collect();
        for seat in skipped {
            let contested = self.round.contested_at_start(seat);
            self.log(HoldemEvent::Skip {
                seat,
                after_action,
                contested,
            });
        }
    }

    /// HE-4.10: uncalled chips back (HE-5.3), round bets into the contributions.
    fn end_round(&mut self) {
        if let Some((seat, amount)) = self.round.uncalled() {
            self.round.bet[seat] -= amount;
            self.round.stack[seat] += amount;
            self.log(HoldemEvent::Return { seat, amount });
        }
        for i in 0..self.n {
            self.contrib[i] += self.round.bet[i];
            self.round.bet[i] = 0;
        }
    }

    /// HE-3.9 / HE-3.10: burn one, then the flop (3), turn or river (1).
    fn deal_next_street(&mut self) {
        let k = self.order.len();
        let (street, at, count) = match self.street {
            Street::Preflop => (Street::Flop, 2 * k + 1, 3),
            Street::Flop => (Street::Turn, 2 * k + 5, 1),
            Street::Turn => (Street::River, 2 * k + 7, 1),
            Street::River | Street::Over => unreachable!("no street after the river"),
        };
        self.board.extend_from_slice(&self.deck[at..at + count]);
        self.street = street;
        if self.record {
            let cards = self.deck[at..at + count].to_vec();
            self.events.push(HoldemEvent::Board { street, cards });
        }
    }

    fn reveal_all(&mut self) {
        for j in 0..self.order.len() {
            let seat = self.order[j];
            if self.round.in_hand[seat] && !self.revealed[seat] {
                self.revealed[seat] = true;
                self.log(HoldemEvent::Reveal {
                    seat,
                    cards: self.hole[seat],
                });
            }
        }
    }

    /// HE-5.5 to HE-5.8: form the pots, settle them from the last side pot back.
    fn settle(&mut self) {
        let alive: Vec<usize> = (0..self.n).filter(|&i| self.round.in_hand[i]).collect();
        if alive.len() > 1 {
            self.reveal_all(); // HE-5.6, HE-7.12
            for &seat in &alive {
                let h = self.hole[seat];
                let b = &self.board;
                self.strength[seat] =
                    showdown_strength(&[h[0], h[1], b[0], b[1], b[2], b[3], b[4]]);
            }
        }
        let mut levels: Vec<u32> = alive.iter().map(|&i| self.contrib[i]).collect();
        levels.sort_unstable();
        levels.dedup();
        let mut pots = Vec::with_capacity(levels.len());
        let mut previous = 0u32;
        for (k, &level) in levels.iter().enumerate() {
            let mut amount: u32 = (0..self.n)
                .map(|i| self.contrib[i].min(level) - self.contrib[i].min(previous))
                .sum();
            if k + 1 == levels.len() {
                // Folded chips above the top level (cannot occur under HE-4) go to the last pot.
                amount += (0..self.n)
                    .map(|i| self.contrib[i].saturating_sub(level))
                    .sum::<u32>();
            }
            let eligible: Vec<usize> = alive
                .iter()
                .copied()
                .filter(|&i| self.contrib[i] >= level)
                .collect();
            pots.push((amount, eligible));
            previous = level;
        }
        // HE-5.7: from the last side pot back to the main pot.
        for index in (0..pots.len()).rev() {
            let (amount, eligible) = pots[index].clone();
            let best = eligible
                .iter()
                .map(|&i| self.strength[i])
                .max()
                .unwrap_or(0);
            // HE-5.8: winners clockwise from the seat after the button.
            let winners: Vec<usize> = (1..=self.n)
                .map(|k| (self.button + k) % self.n)
                .filter(|i| eligible.contains(i) && self.strength[*i] == best)
                .collect();
            let w = winners.len() as u32;
            let shares: Vec<(usize, u32)> = winners
                .iter()
                .enumerate()
                .map(|(j, &seat)| (seat, amount / w + u32::from((j as u32) < amount % w)))
                .collect();
            for &(seat, share) in &shares {
                self.won[seat] += share;
            }
            let pot = Pot {
                amount,
                eligible,
                shares,
            };
            if self.record {
                self.events.push(HoldemEvent::Pot {
                    index,
                    pot: pot.clone(),
                });
            }
            self.pots.push(pot);
        }
        self.pots.reverse(); // main pot first
        self.street = Street::Over;
    }
}

// ---------------------------------------------------------------------------------------------
// Seeded random matches (simulation and invariant checks).

/// Totals of [`simulate_matches`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimulationTotals {
    pub matches: u64,
    pub hands: u64,
    pub actions: u64,
    pub showdowns: u64,
    /// Hands whose chips did not add up (must stay 0).
    pub conservation_failures: u64,
}

/// A random legal action: fold / check-call / raise chosen uniformly among those legal, a raise
/// amount uniformly in its range.
pub fn random_bet(legal: &Legal, rng: &mut Rng) -> Bet {
    let mut kinds = [Bet::Check; 3];
    let mut k = 0;
    if legal.fold {
        kinds[k] = Bet::Fold;
        k += 1;
    }
    kinds[k] = if legal.check { Bet::Check } else { Bet::Call };
    k += 1;
    if let Some((lo, hi)) = legal.raise {
        kinds[k] = Bet::RaiseTo(lo + rng.below((hi - lo + 1) as u64) as u32);
        k += 1;
    }
    kinds[rng.below(k as u64) as usize]
}

/// `matches` seeded random matches of `players` seats starting with `stack` chips each, played
/// to one winner with the button moving by HE-3.3–3.6; every hand is checked for conservation
/// of chips and fully paid pots.
pub fn simulate_matches(
    matches: u64,
    seed: u64,
    players: usize,
    stack: u32,
    small_blind: u32,
    big_blind: u32,
) -> Result<SimulationTotals, Error> {
    let mut rng = Rng::new(seed);
    let mut t = SimulationTotals::default();
    simulate_more(
        &mut rng,
        matches,
        &mut t,
        players,
        stack,
        small_blind,
        big_blind,
    )?;
    Ok(t)
}

/// [`simulate_matches`] continued: `matches` more matches from `rng`, added to `t` (so a long
/// run can be cut into chunks with the same results).
pub fn simulate_more(
    rng: &mut Rng,
    matches: u64,
    t: &mut SimulationTotals,
    players: usize,
    stack: u32,
    small_blind: u32,
    big_blind: u32,
) -> Result<(), Error> {
    if !(2..=MAX_SEATS).contains(&players) {
        return Err(invalid(format!(
            "a table has 2 to {MAX_SEATS} seats, not {players}"
        )));
    }
    let total = u32::try_from(u64::from(stack) * players as u64)
        .ok()
        .filter(|&t| t <= u32::MAX / 2)
        .ok_or_else(|| invalid("players × stack is too many chips for one table"))?;
    for _ in 0..matches {
        let mut stacks = vec![stack; players];
        let mut button = 0usize;
        loop {
            let mut deck: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
            rng.shuffle(&mut deck);
            let mut hand = HoldemHand::new(&stacks, button, small_blind, big_blind, &deck)?;
            while let Some(seat) = hand.to_act() {
                let bet = random_bet(&hand.legal(), rng);
                hand.apply(seat, bet).map_err(|v| invalid(v.to_string()))?;
                t.actions += 1;
            }
            t.hands += 1;
            let paid: u32 = hand
                .pots()
                .iter()
                .map(|p| p.shares.iter().map(|s| s.1).sum::<u32>())
                .sum();
            let potted: u32 = hand.pots().iter().map(|p| p.amount).sum();
            let contributed: u32 = (0..players).map(|i| hand.contribution(i)).sum();
            let after: Vec<u32> = (0..players).map(|i| hand.stack(i)).collect();
            if paid != potted || potted != contributed || after.iter().sum::<u32>() != total {
                t.conservation_failures += 1;
            }
            if hand.pots().iter().any(|p| p.eligible.len() > 1) {
                t.showdowns += 1;
            }
            let previous_players = hand.dealing_order().len();
            let bb = hand.big_blind_seat();
            stacks = after;
            if stacks.iter().filter(|&&s| s > 0).count() < 2 {
                break;
            }
            button = next_button(&stacks, button, bb, previous_players);
        }
        t.matches += 1;
    }
    Ok(())
}
