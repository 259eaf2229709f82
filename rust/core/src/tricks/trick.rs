//! [`TrickState`]: the state machine of trick play shared by the trick-taking games.
//!
//! It holds the hands, the seat to move, the cards of the current trick, the completed tricks,
//! tricks and cards won per seat, and an optional *forced card* (smear's partner card, SM-5.4).
//! It enforces: a seat plays only on its turn and only a card it holds; following suit by
//! effective suit ([`TrumpRules::effective_suit`]) — a seat holding a card of the suit led must
//! play one, otherwise any card (BR-4.5, SM-4.3); the forced card in the first trick; the winner
//! of each trick ([`TrumpRules::winner`]) leads the next (BR-4.7, SM-5.3). The deal ends when the
//! hands are empty.
//!
//! Games supply the rule ids to cite in [`RuleIds`]; who *controls* a seat (bridge's declarer
//! plays dummy's cards) is the game's business, not the table's.

use super::trump::TrumpRules;
use crate::cards::{Card, CardSet};
use crate::error::{invalid, Error, RuleViolation};

/// Most seats a trick-taking game here has (smear with 6 players).
pub const MAX_SEATS: usize = 6;

/// The rule ids a game cites for each card-play violation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleIds {
    /// Playing out of turn.
    pub turn: &'static str,
    /// Playing a card not held.
    pub not_held: &'static str,
    /// Not following suit.
    pub follow: &'static str,
    /// Not playing the forced card.
    pub forced: &'static str,
    /// Playing after the last trick.
    pub over: &'static str,
}

/// One completed trick: the leader, the cards in play order (seat `(leader + k) mod n` played
/// `cards[k]`), and the winning seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrickRecord {
    pub leader: u8,
    pub cards: [Card; MAX_SEATS],
    pub len: u8,
    pub winner: u8,
}

impl TrickRecord {
    /// The cards in play order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
    /// The seat that played the `k`-th card.
    pub fn seat_of(&self, k: usize, n: usize) -> usize {
        (self.leader as usize + k) % n
    }
}

/// The trick-play state machine. See the module documentation.
#[derive(Clone, Debug)]
pub struct TrickState {
    rules: TrumpRules,
    ids: RuleIds,
    n: usize,
    hands: [CardSet; MAX_SEATS],
    leader: usize,
    to_move: usize,
    trick: [Card; MAX_SEATS],
    trick_len: usize,
    tricks_won: [u8; MAX_SEATS],
    captured: [CardSet; MAX_SEATS],
    forced: Option<(usize, Card)>,
    completed: Vec<TrickRecord>,
    total_tricks: usize,
}

impl TrickState {
    /// Trick play from its start: `hands[i]` is seat `i`'s hand (all the same size, disjoint),
    /// `leader` leads the first trick.
    pub fn new(
        rules: TrumpRules,
        ids: RuleIds,
        hands: &[CardSet],
        leader: usize,
    ) -> Result<TrickState, Error> {
        let n = hands.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Err(invalid(format!("trick play needs 2..=6 hands, got {n}")));
        }
        if leader >= n {
            return Err(invalid(format!("leader {leader} is not a seat (0..{n})")));
        }
        let size = hands[0].len();
        let mut seen = CardSet::EMPTY;
        for (seat, hand) in hands.iter().enumerate() {
            if hand.len() != size {
                return Err(invalid(format!(
                    "every hand must hold the same number of cards: seat 0 has {size}, seat {seat} has {}",
                    hand.len()
                )));
            }
            let twice = hand.intersection(seen);
            if !twice.is_empty() {
                return Err(invalid(format!("{twice} dealt to more than one seat")));
            }
            seen = seen.union(*hand);
        }
        let mut h = [CardSet::EMPTY; MAX_SEATS];
        h[..n].copy_from_slice(hands);
        Ok(TrickState {
            rules,
            ids,
            n,
            hands: h,
            leader,
            to_move: leader,
            trick: [Card::SMALL_JOKER; MAX_SEATS],
            trick_len: 0,
            tricks_won: [0; MAX_SEATS],
            captured: [CardSet::EMPTY; MAX_SEATS],
            forced: None,
            completed: Vec::with_capacity(size),
            total_tricks: size,
        })
    }

    /// Seat `seat` must play `card` (which it holds) when its turn comes in the first trick,
    /// whatever was led (smear's partner card, SM-5.4).
    pub fn set_forced_card(&mut self, seat: usize, card: Card) -> Result<(), Error> {
        if seat >= self.n || !self.hands[seat].contains(card) {
            return Err(invalid(format!("seat {seat} does not hold {card}")));
        }
        if !self.completed.is_empty() {
            return Err(invalid("the first trick is over"));
        }
        self.forced = Some((seat, card));
        Ok(())
    }

    pub fn rules(&self) -> &TrumpRules {
        &self.rules
    }
    pub fn num_seats(&self) -> usize {
        self.n
    }
    /// The seat whose card is due, or `None` when every trick has been played.
    pub fn current_player(&self) -> Option<usize> {
        (!self.is_over()).then_some(self.to_move)
    }
    pub fn is_over(&self) -> bool {
        self.completed.len() == self.total_tricks
    }
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands[seat]
    }
    pub fn hands(&self) -> &[CardSet] {
        &self.hands[..self.n]
    }
    /// The cards of the current trick in play order, and its leader.
    pub fn current_trick(&self) -> (usize, &[Card]) {
        (self.leader, &self.trick[..self.trick_len])
    }
    pub fn completed(&self) -> &[TrickRecord] {
        &self.completed
    }
    pub fn tricks_won(&self, seat: usize) -> u8 {
        self.tricks_won[seat]
    }
    /// Every card of the tricks `seat` won.
    pub fn captured(&self, seat: usize) -> CardSet {
        self.captured[seat]
    }
    pub fn total_tricks(&self) -> usize {
        self.total_tricks
    }
    /// The effective suit led in the current trick, if a card has been led.
    pub fn led_suit(&self) -> Option<u8> {
        (self.trick_len > 0).then(|| self.rules.effective_suit(self.trick[0]))
    }

    fn forced_now(&self) -> Option<Card> {
        match self.forced {
            Some((seat, card))
                if seat == self.to_move
                    && self.completed.is_empty()
                    && self.hands[seat].contains(card) =>
            {
                Some(card)
            }
            _ => None,
        }
    }

    /// The cards the seat to move may play (empty when the deal is over).
    pub fn legal_cards(&self) -> CardSet {
        if self.is_over() {
            return CardSet::EMPTY;
        }
        if let Some(card) = self.forced_now() {
            return CardSet(card.bit());
        }
        let hand = self.hands[self.to_move];
        match self.led_suit() {
            None => hand,
            Some(led) => {
                let follow = hand.intersection(self.rules.suit_cards(led));
                if follow.is_empty() {
                    hand
                } else {
                    follow
                }
            }
        }
    }

    /// Ok if `seat` may play `card` now, else the rule it breaks.
    pub fn can_play(&self, seat: usize, card: Card) -> Result<(), RuleViolation> {
        if self.is_over() {
            return Err(RuleViolation::new(
                self.ids.over,
                "every trick has been played",
            ));
        }
        if seat != self.to_move {
            return Err(RuleViolation::new(
                self.ids.turn,
                format!(
                    "it is seat {}'s turn to play, not seat {seat}'s",
                    self.to_move
                ),
            ));
        }
        let hand = self.hands[seat];
        if !hand.contains(card) {
            return Err(RuleViolation::new(
                self.ids.not_held,
                format!("seat {seat} does not hold {card}"),
            ));
        }
        if let Some(forced) = self.forced_now() {
            if forced != card {
                return Err(RuleViolation::new(
                    self.ids.forced,
                    format!("seat {seat} must play the called card {forced} in the first trick"),
                ));
            }
            return Ok(());
        }
        if let Some(led) = self.led_suit() {
            let follow = hand.intersection(self.rules.suit_cards(led));
            if !follow.is_empty() && !follow.contains(card) {
                return Err(RuleViolation::new(
                    self.ids.follow,
                    format!(
                        "{} were led and seat {seat} holds {follow}: it must follow suit",
                        self.rules.suit_name(led)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// `seat` plays `card`; returns the trick when this card completes it.
    pub fn play(&mut self, seat: usize, card: Card) -> Result<Option<TrickRecord>, RuleViolation> {
        self.can_play(seat, card)?;
        Ok(self.play_unchecked(card))
    }

    /// The seat to move plays `card`, already known to be legal (playouts).
    pub fn play_unchecked(&mut self, card: Card) -> Option<TrickRecord> {
        let seat = self.to_move;
        self.hands[seat].remove(card);
        self.trick[self.trick_len] = card;
        self.trick_len += 1;
        if self.trick_len < self.n {
            self.to_move = (seat + 1) % self.n;
            return None;
        }
        let k = self.rules.winner(&self.trick[..self.n]);
        let winner = (self.leader + k) % self.n;
        let record = TrickRecord {
            leader: self.leader as u8,
            cards: self.trick,
            len: self.n as u8,
            winner: winner as u8,
        };
        self.tricks_won[winner] += 1;
        for c in &self.trick[..self.n] {
            self.captured[winner].insert(*c);
        }
        self.completed.push(record);
        self.trick_len = 0;
        self.leader = winner;
        self.to_move = winner;
        Some(record)
    }

    /// Every card played so far, with the seat that played it, in play order.
    pub fn plays(&self) -> Vec<(usize, Card)> {
        let mut out = Vec::with_capacity(self.completed.len() * self.n + self.trick_len);
        for t in &self.completed {
            for (k, c) in t.cards().iter().enumerate() {
                out.push((t.seat_of(k, self.n), *c));
            }
        }
        for (k, c) in self.trick[..self.trick_len].iter().enumerate() {
            out.push(((self.leader + k) % self.n, *c));
        }
        out
    }
}
