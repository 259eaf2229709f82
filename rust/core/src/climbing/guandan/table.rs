//! [`GdTable`]: card play of one Guandan deal (rules/guandan.md GD-8, GD-9.1), with the
//! check-then-do discipline of [`ClimbTable`](crate::climbing::ClimbTable): every `can_*`
//! method says why an action is illegal ([`RuleViolation`] naming the rule) without changing
//! anything, and the action methods change the table only when the check passes.

use super::combo::{beats, GdCombo};
use super::generate::{classify, default_reading, is_valid, legal_plays_into};
use crate::cards::CardBag;
use crate::climbing::RuleViolation;
use crate::error::{invalid, Error};

/// Seats at a Guandan table (GD-3.1).
pub const SEATS: usize = 4;

/// `partner(i) = (i + 2) mod 4` (GD-3.1).
#[inline]
pub fn partner(seat: usize) -> usize {
    (seat + 2) % SEATS
}

/// One entry of the table's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GdEvent {
    Play {
        player: usize,
        combo: GdCombo,
    },
    Pass {
        player: usize,
    },
    /// A trick ended (by passes, GD-8.9, or with the deal, GD-8.8); `leader` leads next
    /// (GD-8.10), `None` when the deal is over.
    TrickEnd {
        winner: usize,
        top: GdCombo,
        leader: Option<usize>,
    },
    /// A player emptied their hand and took finishing place `place` (1-based, GD-8.7).
    Finished {
        player: usize,
        place: usize,
    },
}

/// A card-play position, for [`GdTable::from_position`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GdPosition {
    pub level: u8,
    pub hands: Vec<CardBag>,
    pub to_move: usize,
    /// The top move and the seat that made it; `None` when `to_move` leads.
    pub top: Option<(GdCombo, usize)>,
    pub passes_since_top: usize,
    /// Finished seats, first first: exactly the seats with empty hands.
    pub finish_order: Vec<usize>,
}

/// The card-play state machine of one deal. See the module documentation.
#[derive(Clone, Debug)]
pub struct GdTable {
    level: u8,
    hands: [CardBag; SEATS],
    to_move: usize,
    top: Option<(GdCombo, usize)>,
    passes: usize,
    finish_order: [usize; SEATS],
    num_finished: usize,
    over: bool,
    record_history: bool,
    history: Vec<GdEvent>,
}

fn check_hands(hands: &[CardBag]) -> Result<[CardBag; SEATS], Error> {
    if hands.len() != SEATS {
        return Err(invalid(format!(
            "Guandan needs 4 hands, got {} (GD-3.1)",
            hands.len()
        )));
    }
    let mut all = CardBag::EMPTY;
    for (seat, h) in hands.iter().enumerate() {
        all = all.checked_add(*h).ok_or_else(|| {
            invalid(format!(
                "seat {seat}'s cards would make a third copy of some card (GD-2.1)"
            ))
        })?;
    }
    Ok([hands[0], hands[1], hands[2], hands[3]])
}

impl GdTable {
    /// A table at the start of card play at level rank `level` (0..=12 for 2..A):
    /// `first_player` leads (GD-3.5, GD-4.3, GD-4.8).
    pub fn new(level: u8, hands: Vec<CardBag>, first_player: usize) -> Result<GdTable, Error> {
        if level > 12 {
            return Err(invalid(format!("level rank {level} is not 0..=12 (2..A)")));
        }
        let hands = check_hands(&hands)?;
        if first_player >= SEATS {
            return Err(invalid(format!(
                "first player {first_player} is not a seat (0..4)"
            )));
        }
        if let Some(seat) = hands.iter().position(|h| h.is_empty()) {
            return Err(invalid(format!("seat {seat} has no cards")));
        }
        Ok(GdTable {
            level,
            hands,
            to_move: first_player,
            top: None,
            passes: 0,
            finish_order: [0; SEATS],
            num_finished: 0,
            over: false,
            record_history: true,
            history: Vec::new(),
        })
    }

    /// A table at an arbitrary position, checked for consistency (hands within two packs,
    /// finished seats exactly the empty hands, the seat to move active, a valid top move made by
    /// a seat, fewer passes than end the trick).
    pub fn from_position(p: &GdPosition) -> Result<GdTable, Error> {
        if p.level > 12 {
            return Err(invalid(format!("level rank {} is not 0..=12", p.level)));
        }
        let hands = check_hands(&p.hands)?;
        let mut finish_order = [0usize; SEATS];
        let mut finished = [false; SEATS];
        if p.finish_order.len() > 3 {
            return Err(invalid("at most three seats finish (GD-9.1)"));
        }
        for (k, &seat) in p.finish_order.iter().enumerate() {
            if seat >= SEATS || finished[seat] {
                return Err(invalid(format!("bad finish order {:?}", p.finish_order)));
            }
            finished[seat] = true;
            finish_order[k] = seat;
        }
        for seat in 0..SEATS {
            if finished[seat] != hands[seat].is_empty() {
                return Err(invalid(format!(
                    "seat {seat}: finished seats must be exactly the seats with empty hands"
                )));
            }
        }
        let mut t = GdTable {
            level: p.level,
            hands,
            to_move: p.to_move,
            top: p.top,
            passes: p.passes_since_top,
            finish_order,
            num_finished: p.finish_order.len(),
            over: p.finish_order.len() >= 3,
            record_history: true,
            history: Vec::new(),
        };
        if let Some((combo, player)) = &p.top {
            if *player >= SEATS || combo.level() != p.level || !is_valid(combo) {
                return Err(invalid("bad top move"));
            }
        }
        if !t.over {
            if t.to_move >= SEATS || t.is_finished(t.to_move) {
                return Err(invalid(format!("seat to move {} is not active", t.to_move)));
            }
            if t.top.is_some() && t.passes >= t.passes_to_end_trick() {
                return Err(invalid("the trick would already be over"));
            }
            if t.top.is_none() && t.passes != 0 {
                return Err(invalid("passes without a top move"));
            }
        } else {
            t.top = None;
        }
        Ok(t)
    }

    // ----- reading the table -----

    /// The level rank (0..=12).
    pub fn level(&self) -> u8 {
        self.level
    }
    pub fn hand(&self, player: usize) -> CardBag {
        self.hands[player]
    }
    pub fn hands(&self) -> &[CardBag; SEATS] {
        &self.hands
    }
    /// The seat to act, `None` once the deal is over.
    pub fn current_player(&self) -> Option<usize> {
        (!self.over).then_some(self.to_move)
    }
    /// The top move of the current trick and who made it.
    pub fn top(&self) -> Option<&(GdCombo, usize)> {
        self.top.as_ref()
    }
    pub fn passes_since_top(&self) -> usize {
        self.passes
    }
    /// Finished seats, first finisher first.
    pub fn finish_order(&self) -> &[usize] {
        &self.finish_order[..self.num_finished]
    }
    /// The complete finishing order once the deal is over (the 4th is the one left, GD-9.1).
    pub fn full_order(&self) -> Option<[usize; SEATS]> {
        if !self.over {
            return None;
        }
        let mut out = [0; SEATS];
        out[..3].copy_from_slice(&self.finish_order[..3]);
        out[3] = (0..SEATS).find(|s| !self.is_finished(*s))?;
        Some(out)
    }
    pub fn is_finished(&self, player: usize) -> bool {
        self.hands[player].is_empty()
    }
    pub fn is_over(&self) -> bool {
        self.over
    }
    pub fn history(&self) -> &[GdEvent] {
        &self.history
    }
    pub fn set_record_history(&mut self, record: bool) {
        self.record_history = record;
    }
    pub fn clear_history(&mut self) {
        self.history = Vec::new();
    }
    /// The position, for [`GdTable::from_position`].
    pub fn position(&self) -> GdPosition {
        GdPosition {
            level: self.level,
            hands: self.hands.to_vec(),
            to_move: self.to_move,
            top: self.top,
            passes_since_top: self.passes,
            finish_order: self.finish_order().to_vec(),
        }
    }

    // ----- legal actions -----

    /// The current player's legal moves into `out`; returns whether passing is legal too
    /// (always when following, GD-8.4; never on a lead, GD-8.3).
    pub fn legal_plays_into(&self, out: &mut Vec<GdCombo>) -> bool {
        if self.over {
            out.clear();
            return false;
        }
        legal_plays_into(
            self.hands[self.to_move],
            self.level,
            self.top.as_ref().map(|t| &t.0),
            out,
        );
        self.top.is_some()
    }

    pub fn legal_plays(&self) -> Vec<GdCombo> {
        let mut out = Vec::new();
        self.legal_plays_into(&mut out);
        out
    }

    // ----- checks -----

    fn check_turn(&self, player: usize) -> Result<(), RuleViolation> {
        if self.over {
            return Err(RuleViolation {
                rule: "GD-9.1",
                message: "the deal is over".into(),
            });
        }
        if player != self.to_move {
            return Err(RuleViolation {
                rule: "GD-8.5",
                message: format!("it is seat {}'s turn, not seat {player}'s", self.to_move),
            });
        }
        Ok(())
    }

    /// Whether `player` may pass now (GD-8.3, GD-8.4).
    pub fn can_pass(&self, player: usize) -> Result<(), RuleViolation> {
        self.check_turn(player)?;
        if self.top.is_none() {
            return Err(RuleViolation {
                rule: "GD-8.3",
                message: format!("seat {player} leads the trick and must play, not pass"),
            });
        }
        Ok(())
    }

    /// Whether `player` may make `combo` now: own cards, a valid move at this level
    /// (GD-6.3, GD-6.6), beating the top move when following (GD-7, GD-8.4).
    pub fn can_play(&self, player: usize, combo: &GdCombo) -> Result<(), RuleViolation> {
        self.check_turn(player)?;
        let hand = self.hands[player];
        if !combo.cards().is_subset(hand) {
            return Err(RuleViolation {
                rule: "GD-6.6",
                message: format!(
                    "seat {player} does not hold {}",
                    combo.cards().difference(hand)
                ),
            });
        }
        if combo.level() != self.level || !is_valid(combo) {
            return Err(RuleViolation {
                rule: "GD-6.3",
                message: format!("{combo} is not a valid move at this level"),
            });
        }
        if let Some((top, _)) = &self.top {
            if !beats(combo, top) {
                return Err(RuleViolation {
                    rule: "GD-8.4",
                    message: format!("{} does not beat {} (GD-7)", combo.label(), top.label()),
                });
            }
        }
        Ok(())
    }

    /// The default reading (GD-6.7) of bare `cards` that `player` may play now.
    pub fn interpret_cards(&self, player: usize, cards: CardBag) -> Result<GdCombo, RuleViolation> {
        self.check_turn(player)?;
        let hand = self.hands[player];
        if !cards.is_subset(hand) {
            return Err(RuleViolation {
                rule: "GD-6.6",
                message: format!("seat {player} does not hold {}", cards.difference(hand)),
            });
        }
        if classify(cards, self.level).is_empty() {
            return Err(RuleViolation {
                rule: "GD-6.3",
                message: format!("{cards} is not a valid combination (GD-5.1, GD-5.2)"),
            });
        }
        let top = self.top.as_ref().map(|t| &t.0);
        default_reading(cards, self.level, top).ok_or_else(|| RuleViolation {
            rule: "GD-6.7",
            message: format!(
                "no reading of {cards} beats {}",
                top.map_or(String::new(), |t| t.label())
            ),
        })
    }

    // ----- actions -----

    pub fn pass(&mut self, player: usize) -> Result<(), RuleViolation> {
        self.can_pass(player)?;
        self.apply_pass();
        Ok(())
    }

    pub fn play(&mut self, player: usize, combo: &GdCombo) -> Result<(), RuleViolation> {
        self.can_play(player, combo)?;
        self.apply_play(*combo);
        Ok(())
    }

    /// Plays bare cards in their default reading (GD-6.7); returns the move made.
    pub fn play_cards(&mut self, player: usize, cards: CardBag) -> Result<GdCombo, RuleViolation> {
        let combo = self.interpret_cards(player, cards)?;
        self.apply_play(combo);
        Ok(combo)
    }

    // ----- transitions (unchecked) -----

    /// The first active seat after `seat` (GD-8.5).
    fn next_active(&self, seat: usize) -> usize {
        let mut s = seat;
        for _ in 0..SEATS {
            s = (s + 1) % SEATS;
            if !self.hands[s].is_empty() {
                return s;
            }
        }
        seat
    }

    /// GD-8.9: `m`, the active players other than the last player.
    fn passes_to_end_trick(&self) -> usize {
        match &self.top {
            Some((_, last)) => (SEATS - self.num_finished) - (!self.is_finished(*last)) as usize,
            None => usize::MAX,
        }
    }

    pub(crate) fn apply_pass(&mut self) {
        let player = self.to_move;
        if self.record_history {
            self.history.push(GdEvent::Pass { player });
        }
        self.passes += 1;
        if self.passes >= self.passes_to_end_trick() {
            let (top, last) = self.top.take().expect("a follower passed on a top move");
            self.passes = 0;
            // GD-8.10: the last player, else its partner (jiefeng), else the next active seat.
            let leader = if !self.is_finished(last) {
                last
            } else if !self.is_finished(partner(last)) {
                partner(last)
            } else {
                self.next_active(last)
            };
            if self.record_history {
                self.history.push(GdEvent::TrickEnd {
                    winner: last,
                    top,
                    leader: Some(leader),
                });
            }
            self.to_move = leader;
        } else {
            self.to_move = self.next_active(player);
        }
    }

    pub(crate) fn apply_play(&mut self, combo: GdCombo) {
        let player = self.to_move;
        self.hands[player] = self.hands[player].difference(combo.cards());
        if self.record_history {
            self.history.push(GdEvent::Play { player, combo });
        }
        self.top = Some((combo, player));
        self.passes = 0;
        if self.hands[player].is_empty() {
            self.finish_order[self.num_finished] = player;
            self.num_finished += 1;
            if self.record_history {
                self.history.push(GdEvent::Finished {
                    player,
                    place: self.num_finished,
                });
            }
            if self.num_finished == 3 {
                // GD-8.8: the deal ends at once.
                self.over = true;
                let (top, last) = self.top.take().expect("just played");
                if self.record_history {
                    self.history.push(GdEvent::TrickEnd {
                        winner: last,
                        top,
                        leader: None,
                    });
                }
                return;
            }
        }
        self.to_move = self.next_active(player);
    }

    /// Applies a move known to be legal (`None` = pass).
    pub(crate) fn apply_unchecked(&mut self, action: Option<GdCombo>) {
        match action {
            Some(c) => self.apply_play(c),
            None => self.apply_pass(),
        }
    }
}
