//! [`TractorTable`]: the card-play state machine of one Tractor deal, from the kitty exchange
//! (TR-3.12) to the last trick (TR-4.9), with the kitty bonus facts scoring needs (TR-5.2).
//!
//! Declaring trump (TR-3.5 – TR-3.10), settlement and the match live in Python
//! (`cardavia/tractor.py`); the table takes over once the dealer has picked up the kitty.
//!
//! # Two ways to act
//!
//! * Whole plays: [`TractorTable::bury`] and [`TractorTable::play`] take the full multiset (8
//!   cards to bury, a lead, a follow), checked by [`TractorTable::can_bury`] /
//!   [`TractorTable::can_play`].
//! * Card by card (the fixed action space of the Python game and the playouts): the player to
//!   act *selects* one card at a time with [`TractorTable::step`]; [`TractorTable::legal_steps`]
//!   lists the cards that keep the selection part of some legal bury / lead / follow. The
//!   selection is committed automatically when it is complete: 8 buried cards; a follow of `N`
//!   cards; a lead that no further card can extend. A lead that could still grow (a single whose
//!   twin is in hand, a pair that starts a tractor...) is committed with [`TractorTable::end`].

use super::rules::{
    follow_next_kinds, follow_violation, lead_next_kinds, lead_violation, points, trick_winner,
    RuleViolation,
};
use super::trump::Trump;
use crate::cards::{Card, CardBag};
use crate::error::{invalid, Error};

/// Cards in each hand after the deal and after the kitty exchange (TR-3.4, TR-3.12).
pub const HAND_SIZE: usize = 25;
/// Cards in the kitty (TR-3.4).
pub const KITTY_SIZE: usize = 8;

/// Where the deal stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The dealer holds 33 cards and must bury 8 (TR-3.12).
    Bury,
    /// Tricks (TR-4).
    Play,
    /// All hands are empty.
    Over,
}

/// One finished trick.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TrickRecord {
    pub leader: u8,
    /// The plays by seat (`plays[s]` is seat `s`'s play).
    pub plays: [CardBag; 4],
    pub winner: u8,
    /// Card points in the trick (TR-2.11).
    pub points: u32,
}

/// The card-play state machine (see the module documentation).
#[derive(Clone, Debug)]
pub struct TractorTable {
    trump: Trump,
    dealer: u8,
    phase: Phase,
    hands: [CardBag; 4],
    kitty: CardBag,
    to_move: u8,
    leader: u8,
    /// Plays of the current trick by seat; `trick_len` plays made so far.
    trick: [CardBag; 4],
    trick_len: u8,
    selection: CardBag,
    captured: [CardBag; 4],
    points: [u32; 4],
    tricks_done: u32,
    last_trick: Option<(u8, u8)>,
    record: bool,
    history: Vec<TrickRecord>,
}

impl TractorTable {
    /// A table at the kitty exchange: `hands[dealer]` holds the dealer's 25 cards plus the 8
    /// kitty cards (33), the others 25 each. Errors: wrong sizes, or a card more than twice.
    pub fn new(trump: Trump, dealer: usize, hands: [CardBag; 4]) -> Result<TractorTable, Error> {
        if dealer > 3 {
            return Err(invalid(format!(
                "dealer must be a seat 0..=3, got {dealer}"
            )));
        }
        let mut all = CardBag::EMPTY;
        for (seat, h) in hands.iter().enumerate() {
            let want = if seat == dealer {
                HAND_SIZE + KITTY_SIZE
            } else {
                HAND_SIZE
            };
            if h.len() != want {
                return Err(invalid(format!(
                    "seat {seat} must hold {want} cards (TR-3.4, TR-3.12), not {}",
                    h.len()
                )));
            }
            all = all.checked_add(*h).ok_or_else(|| {
                invalid("a card appears more than twice (two packs, TR-2.1)".to_string())
            })?;
        }
        Ok(TractorTable {
            trump,
            dealer: dealer as u8,
            phase: Phase::Bury,
            hands,
            kitty: CardBag::EMPTY,
            to_move: dealer as u8,
            leader: dealer as u8,
            trick: [CardBag::EMPTY; 4],
            trick_len: 0,
            selection: CardBag::EMPTY,
            captured: [CardBag::EMPTY; 4],
            points: [0; 4],
            tricks_done: 0,
            last_trick: None,
            record: true,
            history: Vec::new(),
        })
    }

    // ----- reading -----

    pub fn trump(&self) -> &Trump {
        &self.trump
    }
    pub fn dealer(&self) -> usize {
        self.dealer as usize
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The seat to act, `None` once the deal is over.
    pub fn current_player(&self) -> Option<usize> {
        (self.phase != Phase::Over).then_some(self.to_move as usize)
    }
    /// A seat's hand (cards of a pending selection included: they are not played yet).
    pub fn hand(&self, seat: usize) -> CardBag {
        self.hands[seat]
    }
    pub fn hands(&self) -> [CardBag; 4] {
        self.hands
    }
    /// The buried kitty (empty before the bury).
    pub fn kitty(&self) -> CardBag {
        self.kitty
    }
    /// The cards selected so far by the player to act (card-by-card interface).
    pub fn selection(&self) -> CardBag {
        self.selection
    }
    /// The leader of the current trick.
    pub fn leader(&self) -> usize {
        self.leader as usize
    }
    /// The plays made so far in the current trick, in play order from the leader.
    pub fn trick_plays(&self) -> Vec<(usize, CardBag)> {
        (0..self.trick_len as usize)
            .map(|k| {
                let seat = (self.leader as usize + k) % 4;
                (seat, self.trick[seat])
            })
            .collect()
    }
    /// The lead of the current trick, if made.
    pub fn lead(&self) -> Option<CardBag> {
        (self.trick_len > 0).then(|| self.trick[self.leader as usize])
    }
    /// All cards of the tricks a seat won.
    pub fn captured(&self, seat: usize) -> CardBag {
        self.captured[seat]
    }
    /// Card points of the tricks a seat won (TR-5.1).
    pub fn captured_points(&self, seat: usize) -> u32 {
        self.points[seat]
    }
    pub fn tricks_done(&self) -> u32 {
        self.tricks_done
    }
    /// (winner, cards per player) of the last trick, once the deal is over (TR-5.2).
    pub fn last_trick(&self) -> Option<(usize, usize)> {
        self.last_trick.map(|(w, n)| (w as usize, n as usize))
    }
    pub fn history(&self) -> &[TrickRecord] {
        &self.history
    }
    pub fn set_record_history(&mut self, record: bool) {
        self.record = record;
    }
    /// Whether finished tricks are recorded in [`TractorTable::history`].
    pub fn records_history(&self) -> bool {
        self.record
    }
    /// Number of plays made so far in the current trick (0..=3).
    pub fn trick_len(&self) -> usize {
        self.trick_len as usize
    }
    /// Seat `seat`'s play in the current trick (empty if not made yet).
    pub fn trick_play(&self, seat: usize) -> CardBag {
        self.trick[seat]
    }
    /// The player to act (meaningless once the deal is over; see
    /// [`TractorTable::current_player`]).
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }

    /// The same public course with other hidden cards: `hands` (current hands, pending
    /// selections included) and `kitty` (the buried cards) replace the table's. The pending
    /// selection is kept only if `keep_selection` (it must then still be part of `hands`).
    /// Used by determinization ([`super::resample`]); the caller guarantees consistency.
    pub(crate) fn redealt(
        &self,
        hands: [CardBag; 4],
        kitty: CardBag,
        keep_selection: bool,
    ) -> TractorTable {
        let mut t = self.clone();
        t.hands = hands;
        t.kitty = kitty;
        if !keep_selection {
            t.selection = CardBag::EMPTY;
        }
        t
    }

    /// Applies a whole legal bury (bury phase) or play (play phase) for the player to act, the
    /// pending selection ignored (it must be empty). Unchecked: for policies that build legal
    /// plays themselves.
    pub(crate) fn apply_whole(&mut self, cards: CardBag) {
        debug_assert!(self.selection.is_empty());
        match self.phase {
            Phase::Bury => {
                debug_assert!(self.can_bury(self.dealer as usize, cards).is_ok());
                self.apply_bury(cards);
            }
            Phase::Play => {
                debug_assert!(
                    self.can_play(self.to_move as usize, cards).is_ok(),
                    "illegal whole play {cards} by seat {}",
                    self.to_move
                );
                self.apply_play(cards);
            }
            Phase::Over => {}
        }
    }

    // ----- whole plays -----

    fn turn_check(&self, seat: usize) -> Result<(), RuleViolation> {
        if self.phase == Phase::Over {
            return Err(RuleViolation {
                rule: "TR-4.9",
                message: "the deal is over".into(),
            });
        }
        if seat != self.to_move as usize {
            return Err(RuleViolation {
                rule: "TR-4.1",
                message: format!("it is seat {}'s turn, not seat {seat}'s", self.to_move),
            });
        }
        if !self.selection.is_empty() {
            return Err(RuleViolation {
                rule: "TR-4.1",
                message: format!(
                    "seat {seat} has selected {} card by card: finish that selection",
                    self.selection
                ),
            });
        }
        Ok(())
    }

    /// Whether `seat` may bury `cards` now (TR-3.12).
    pub fn can_bury(&self, seat: usize, cards: CardBag) -> Result<(), RuleViolation> {
        self.turn_check(seat)?;
        if self.phase != Phase::Bury {
            return Err(RuleViolation {
                rule: "TR-3.12",
                message: "the kitty has already been buried".into(),
            });
        }
        if cards.len() != KITTY_SIZE || !cards.is_subset(self.hands[seat]) {
            return Err(RuleViolation {
                rule: "TR-3.12",
                message: format!(
                    "the dealer buries exactly {KITTY_SIZE} cards of his hand, not {cards}"
                ),
            });
        }
        Ok(())
    }

    /// Whether `seat` may play `cards` now (TR-4.3 lead, TR-4.4 follow).
    pub fn can_play(&self, seat: usize, cards: CardBag) -> Result<(), RuleViolation> {
        self.turn_check(seat)?;
        if self.phase != Phase::Play {
            return Err(RuleViolation {
                rule: "TR-3.12",
                message: "the dealer must bury 8 cards before play starts".into(),
            });
        }
        let hand = self.hands[seat];
        let err = match self.lead() {
            None => lead_violation(hand, cards, &self.trump),
            Some(lead) => follow_violation(hand, lead, cards, &self.trump),
        };
        err.map_or(Ok(()), Err)
    }

    /// The dealer buries `cards`. On error nothing changes.
    pub fn bury(&mut self, seat: usize, cards: CardBag) -> Result<(), RuleViolation> {
        self.can_bury(seat, cards)?;
        self.apply_bury(cards);
        Ok(())
    }

    /// `seat` plays `cards`. On error nothing changes.
    pub fn play(&mut self, seat: usize, cards: CardBag) -> Result<(), RuleViolation> {
        self.can_play(seat, cards)?;
        self.apply_play(cards);
        Ok(())
    }

    // ----- card by card -----

    /// The cards (bit `i` = card index `i`) the player to act may select next, and whether the
    /// selection may be committed now with [`TractorTable::end`] (a lead that could still grow).
    pub fn legal_steps(&self) -> (u64, bool) {
        let seat = self.to_move as usize;
        let hand = self.hands[seat];
        match self.phase {
            Phase::Over => (0, false),
            Phase::Bury => (hand.difference(self.selection).masks().0, false),
            Phase::Play => match self.lead() {
                None => {
                    let (next, complete) = lead_next_kinds(hand, self.selection, &self.trump);
                    (next, complete && next != 0)
                }
                Some(lead) => (
                    follow_next_kinds(hand, lead, self.selection, &self.trump),
                    false,
                ),
            },
        }
    }

    /// Whether the player to act may select `card` next.
    pub fn can_step(&self, card: Card) -> Result<(), RuleViolation> {
        if self.phase == Phase::Over {
            return Err(RuleViolation {
                rule: "TR-4.9",
                message: "the deal is over".into(),
            });
        }
        let (mask, _) = self.legal_steps();
        if mask & card.bit() != 0 {
            return Ok(());
        }
        let seat = self.to_move as usize;
        let mut sel = self.selection;
        let held = self.hands[seat].count(card) > self.selection.count(card);
        let (rule, message) = match self.phase {
            Phase::Bury => ("TR-3.12", format!("seat {seat} has no {card} left to bury")),
            _ if !held => ("TR-4.1", format!("seat {seat} has no {card} left to play")),
            _ => {
                sel.insert(card);
                match self.lead() {
                    None => (
                        "TR-4.3",
                        format!(
                            "{sel} is not part of any single, pair or tractor in hand (TR-D15)"
                        ),
                    ),
                    Some(lead) => {
                        let rule = self.explain_follow(lead, sel);
                        (
                            rule.rule,
                            format!(
                                "{sel} cannot be completed to a legal follow to {lead}: {}",
                                rule.message
                            ),
                        )
                    }
                }
            }
        };
        Err(RuleViolation { rule, message })
    }

    /// Why no legal follow contains `sel`: the violation of its shortest completion attempt.
    fn explain_follow(&self, lead: CardBag, sel: CardBag) -> RuleViolation {
        let hand = self.hands[self.to_move as usize];
        // Pad with the remaining hand cards greedily to N cards and report that play's fault.
        let mut padded = sel;
        for c in hand.difference(sel).iter() {
            if padded.len() >= lead.len() {
                break;
            }
            padded.insert(c);
        }
        follow_violation(hand, lead, padded, &self.trump).unwrap_or(RuleViolation {
            rule: "TR-4.4",
            message: "it breaks the follow rules".into(),
        })
    }

    /// Selects `card`; commits the selection if it is complete. On error nothing changes.
    pub fn step(&mut self, card: Card) -> Result<(), RuleViolation> {
        self.can_step(card)?;
        self.apply_step(card);
        Ok(())
    }

    /// Whether the pending lead selection may be committed now.
    pub fn can_end(&self) -> Result<(), RuleViolation> {
        let (_, end) = self.legal_steps();
        if end {
            Ok(())
        } else if self.selection.is_empty() || self.phase != Phase::Play || self.lead().is_some() {
            Err(RuleViolation {
                rule: "TR-4.1",
                message: "there is no lead selection to end".into(),
            })
        } else {
            Err(RuleViolation {
                rule: "TR-4.3",
                message: format!("{} is not a single, a pair or a tractor", self.selection),
            })
        }
    }

    /// Commits the pending lead selection. On error nothing changes.
    pub fn end(&mut self) -> Result<(), RuleViolation> {
        self.can_end()?;
        self.apply_end();
        Ok(())
    }

    /// Applies a legal step (from [`TractorTable::legal_steps`]).
    pub(crate) fn apply_step(&mut self, card: Card) {
        self.selection.insert(card);
        match self.phase {
            Phase::Bury => {
                if self.selection.len() == KITTY_SIZE {
                    let s = std::mem::take(&mut self.selection);
                    self.apply_bury(s);
                }
            }
            Phase::Play => match self.lead() {
                Some(lead) => {
                    if self.selection.len() == lead.len() {
                        let s = std::mem::take(&mut self.selection);
                        self.apply_play(s);
                    }
                }
                None => {
                    let hand = self.hands[self.to_move as usize];
                    let (next, complete) = lead_next_kinds(hand, self.selection, &self.trump);
                    if complete && next == 0 {
                        let s = std::mem::take(&mut self.selection);
                        self.apply_play(s);
                    }
                }
            },
            Phase::Over => {}
        }
    }

    pub(crate) fn apply_end(&mut self) {
        let s = std::mem::take(&mut self.selection);
        self.apply_play(s);
    }

    // ----- transitions (unchecked) -----

    fn apply_bury(&mut self, cards: CardBag) {
        let d = self.dealer as usize;
        self.hands[d] = self.hands[d].difference(cards);
        self.kitty = cards;
        self.phase = Phase::Play;
        self.to_move = self.dealer; // TR-3.13
        self.leader = self.dealer;
    }

    fn apply_play(&mut self, cards: CardBag) {
        let seat = self.to_move as usize;
        self.hands[seat] = self.hands[seat].difference(cards);
        self.trick[seat] = cards;
        self.trick_len += 1;
        if self.trick_len < 4 {
            self.to_move = ((seat + 1) % 4) as u8;
            return;
        }
        let leader = self.leader as usize;
        let order: [CardBag; 4] = std::array::from_fn(|k| self.trick[(leader + k) % 4]);
        let winner = (leader + trick_winner(&order, &self.trump)) % 4;
        let mut all = CardBag::EMPTY;
        for p in &self.trick {
            all = all
                .checked_add(*p)
                .expect("a trick holds at most two copies of a card");
        }
        let pts = points(all);
        self.captured[winner] = self.captured[winner]
            .checked_add(all)
            .expect("captured cards are distinct copies");
        self.points[winner] += pts;
        self.tricks_done += 1;
        if self.record {
            self.history.push(TrickRecord {
                leader: leader as u8,
                plays: self.trick,
                winner: winner as u8,
                points: pts,
            });
        }
        let size = order[0].len() as u8;
        self.trick = [CardBag::EMPTY; 4];
        self.trick_len = 0;
        self.leader = winner as u8;
        self.to_move = winner as u8;
        if self.hands.iter().all(|h| h.is_empty()) {
            self.phase = Phase::Over;
            self.last_trick = Some((winner as u8, size));
        }
    }
}
