//! [`FtkTable`]: Five-Ten-King card play (rules/five_ten_king.md FTK-3.16–3.21, FTK-5, FTK-6),
//! its settlement and its seeded playouts.
//!
//! The table starts after the kitty exchange and the partner call: it knows the five hands, the
//! banker (who leads, FTK-3.21), the buried kitty and the call(s). It runs the same trick flow
//! as [`ClimbTable`](super::ClimbTable) — seat order `i → i+1`, finished players skipped, a pass
//! never excludes a player from the rest of the trick, the trick ends when every other active
//! player has passed, its winner (or the next active seat after a finished winner) leads next
//! (FTK-5.2–5.8) — on two-pack [`CardBag`] hands, with the combination engine of
//! [`Ruleset::FiveTenKing`]. On top of that it keeps:
//!
//! * trick points per player (FTK-5.6): all point cards of a trick go to its last valid player;
//! * the partner call (FTK-3.16): every actual play of a called card is counted in order, two
//!   copies in one play counting as two consecutive plays by that player; the player making the
//!   *ordinal*-th play answers;
//! * the deal ends (FTK-6.1), checked after every play once the call count is updated
//!   (FTK-5.9): (E1) teams confirmed and one team all finished, else (E2) one player left. The
//!   trick in progress is the final trick and nobody plays further (decision 32).
//!
//! [`FtkTable::settlement`] applies FTK-6.2–6.6 (awards, the defense total D, the band).

pub mod game;
pub mod ids;
pub mod policy;
pub mod resample;

use super::classify::{classify_bag, PlayContext};
use super::combo::{beats, Combo};
use super::ftk_combos;
use super::playout::{greedy_pick, playout_seed, Policy};
use super::ruleset::Ruleset;
use super::table::{RuleViolation, TopPlay};
use crate::cards::{Card, CardBag};
use crate::error::{invalid, Error};
use crate::rng::Rng;
use std::fmt;

const RS: Ruleset = Ruleset::FiveTenKing;
/// Five players (FTK-1.1).
pub const FTK_PLAYERS: usize = 5;
/// Point cards total per deal (FTK-2.6).
pub const TOTAL_POINTS: u32 = 200;

/// Point value of the cards of a bag: 5 per five, 10 per ten and per king (FTK-2.6).
#[inline]
pub fn points(bag: CardBag) -> u32 {
    // Kinds of rank 5 (card rank 3), T (8) and K (11).
    const FIVES: u64 = 0xF << (4 * 3);
    const TENS_KINGS: u64 = (0xF << (4 * 8)) | (0xF << (4 * 11));
    let (o, t) = bag.masks();
    5 * ((o & FIVES).count_ones() + (t & FIVES).count_ones())
        + 10 * ((o & TENS_KINGS).count_ones() + (t & TENS_KINGS).count_ones())
}

/// One partner call (FTK-3.14): a suited card and which actual play of it (1 or 2) answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Call {
    pub card: Card,
    pub ordinal: u8,
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let which = if self.ordinal == 1 { "first" } else { "second" };
        write!(f, "{which} {}", self.card)
    }
}

impl Call {
    /// Checks one call against the buried cards (FTK-3.14, FTK-3.15).
    pub fn check(&self, buried: CardBag) -> Result<(), RuleViolation> {
        if self.card.is_joker() {
            return Err(violation("FTK-3.14", "jokers can never be called".into()));
        }
        if !(1..=2).contains(&self.ordinal) {
            return Err(violation(
                "FTK-3.14",
                format!("the ordinal is 1 or 2, not {}", self.ordinal),
            ));
        }
        let avail = 2 - buried.count(self.card) as u8;
        if avail == 0 {
            return Err(violation(
                "FTK-3.15",
                format!("both copies of {} are buried", self.card),
            ));
        }
        if self.ordinal > avail {
            return Err(violation(
                "FTK-3.15",
                format!(
                    "one copy of {} is buried, so only its first play can be called",
                    self.card
                ),
            ));
        }
        Ok(())
    }

    /// Checks a complete set of calls: one or two (FTK-3.20), each valid, two of them distinct.
    pub fn check_all(calls: &[Call], buried: CardBag) -> Result<(), RuleViolation> {
        if calls.is_empty() || calls.len() > 2 {
            return Err(violation(
                "FTK-3.20",
                format!("the banker makes 1 or 2 calls, not {}", calls.len()),
            ));
        }
        for c in calls {
            c.check(buried)?;
        }
        if calls.len() == 2 && calls[0] == calls[1] {
            return Err(violation(
                "FTK-3.20",
                format!("the two calls must differ; both are {}", calls[0]),
            ));
        }
        Ok(())
    }
}

fn violation(rule: &'static str, message: String) -> RuleViolation {
    RuleViolation { rule, message }
}

/// How a deal ended (FTK-6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndKind {
    /// E1: teams confirmed and every member of one team finished; `banker_side` tells whether
    /// the finishing team is the banker side.
    TeamFinished { banker_side: bool },
    /// E2: exactly one player (`last`) still holds cards.
    LastPlayer { last: usize },
}

/// The end of a deal: what the awards of FTK-6.2/6.3 need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealEnd {
    pub kind: EndKind,
    /// The player whose play ended the deal: the last valid player of the final trick.
    pub ender: usize,
    /// The cards of the final trick (from every play in it).
    pub final_trick: CardBag,
}

/// One entry of the table's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FtkEvent {
    Play {
        player: usize,
        combo: Combo,
    },
    Pass {
        player: usize,
    },
    /// A trick ended by passes; `winner` captured `points` (FTK-5.6).
    TrickEnd {
        winner: usize,
        points: u32,
    },
    /// A player emptied his hand and took finishing place `place` (1-based).
    Finished {
        player: usize,
        place: usize,
    },
    /// Call number `call` (0-based) was answered by `player` (FTK-3.16).
    Answered {
        call: usize,
        player: usize,
    },
    /// The deal ended (FTK-6.1).
    End(DealEnd),
}

/// Settlement of a finished deal (FTK-6.2–6.6, FTK-3.19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FtkSettlement {
    pub banker: usize,
    /// Who answered each call (`None` past the number of calls), after FTK-3.19.
    pub answerers: [Option<usize>; 2],
    /// True for a call answered only by FTK-3.19 (deemed, at an E2 end).
    pub deemed: [bool; 2],
    /// Banker-side membership by seat (FTK-3.17).
    pub banker_side: [bool; FTK_PLAYERS],
    /// Points each player captured in tricks that ended by passes (FTK-5.6).
    pub trick_points: [u32; FTK_PLAYERS],
    /// Points of the final trick, awarded to `end.ender`.
    pub final_trick_points: u32,
    /// Points of the kitty (FTK-6.4, no multiplier), awarded to `end.ender`.
    pub kitty_points: u32,
    /// Point cards left in each hand at the end.
    pub hand_points: [u32; FTK_PLAYERS],
    /// Points of hands handed over at the end: to the finishing team (E1, FTK-6.2b) or to the
    /// ender (E2, FTK-6.3: the last player's hand).
    pub hands_transferred: u32,
    /// True if the hand points went to the banker side.
    pub hands_to_banker_side: bool,
    pub end: DealEnd,
    /// The defense total D (FTK-6.5).
    pub defense: u32,
    /// The band index `0..=6` of FTK-6.6 (see [`band`]).
    pub band: u8,
    /// True if the banker side wins the deal (D ≤ 75, FTK-6.10).
    pub banker_side_wins: bool,
    /// Levels each winner moves up (FTK-6.6): 0 to 3.
    pub steps: u8,
}

impl FtkSettlement {
    /// The banker side's total, 200 − D (FTK-6.5).
    pub fn banker_points(&self) -> u32 {
        TOTAL_POINTS - self.defense
    }
    /// Seats promoted by `steps` levels (FTK-6.6, FTK-6.8): the winning side, if `steps > 0`.
    pub fn promoted(&self) -> [bool; FTK_PLAYERS] {
        let mut out = [false; FTK_PLAYERS];
        if self.steps > 0 {
            for (seat, o) in out.iter_mut().enumerate() {
                *o = self.banker_side[seat] == self.banker_side_wins;
            }
        }
        out
    }
}

/// The band of a defense total (FTK-6.6): `(index, banker side wins, steps)`:
/// 0 → (0, true, 3); 5–35 → (1, true, 2); 40–75 → (2, true, 1); 80–115 → (3, false, 0);
/// 120–155 → (4, false, 1); 160–195 → (5, false, 2); 200 → (6, false, 3).
pub fn band(defense: u32) -> (u8, bool, u8) {
    match defense {
        0 => (0, true, 3),
        1..=39 => (1, true, 2),
        40..=79 => (2, true, 1),
        80..=119 => (3, false, 0),
        120..=159 => (4, false, 1),
        160..=199 => (5, false, 2),
        _ => (6, false, 3),
    }
}

/// Five-Ten-King card play. See the module documentation.
#[derive(Clone, Debug)]
pub struct FtkTable {
    pub(crate) hands: [CardBag; FTK_PLAYERS],
    pub(crate) to_move: usize,
    pub(crate) top: Option<TopPlay>,
    pub(crate) passes: usize,
    pub(crate) trick: CardBag,
    pub(crate) finish_order: [usize; FTK_PLAYERS],
    pub(crate) num_finished: usize,
    pub(crate) banker: usize,
    pub(crate) calls: [Call; 2],
    pub(crate) num_calls: usize,
    /// Actual plays of each called card so far (counted until the call is answered).
    pub(crate) played: [u8; 2],
    pub(crate) answerers: [Option<usize>; 2],
    pub(crate) kitty: CardBag,
    pub(crate) captured: [CardBag; FTK_PLAYERS],
    pub(crate) trick_points: [u32; FTK_PLAYERS],
    pub(crate) end: Option<DealEnd>,
    record_history: bool,
    pub(crate) history: Vec<FtkEvent>,
}

impl FtkTable {
    /// A table at the first lead: `hands[i]` is seat `i`'s hand after the kitty exchange, the
    /// banker leads (FTK-3.21), `kitty` holds the 3 buried cards, `calls` the banker's call(s).
    ///
    /// Errors: not five hands, a hand empty, more than two copies of a card among hands and
    /// kitty, a kitty not of 3 cards, or calls that FTK-3.14/3.15/3.20 forbid.
    pub fn new(
        hands: [CardBag; FTK_PLAYERS],
        banker: usize,
        kitty: CardBag,
        calls: &[Call],
    ) -> Result<FtkTable, Error> {
        if banker >= FTK_PLAYERS {
            return Err(invalid(format!("banker {banker} is not a seat (0..5)")));
        }
        if kitty.len() != 3 {
            return Err(invalid(format!(
                "the kitty holds 3 cards (FTK-3.13), not {}",
                kitty.len()
            )));
        }
        let mut all = kitty;
        for (seat, h) in hands.iter().enumerate() {
            if h.is_empty() {
                return Err(invalid(format!("seat {seat} has no cards")));
            }
            all = all.checked_add(*h).ok_or_else(|| {
                invalid(format!(
                    "seat {seat}'s hand makes a third copy of a card (two packs, FTK-2.1)"
                ))
            })?;
        }
        Call::check_all(calls, kitty).map_err(|v| invalid(v.to_string()))?;
        let mut call_arr = [calls[0]; 2];
        call_arr[..calls.len()].copy_from_slice(calls);
        Ok(FtkTable {
            hands,
            to_move: banker,
            top: None,
            passes: 0,
            trick: CardBag::EMPTY,
            finish_order: [0; FTK_PLAYERS],
            num_finished: 0,
            banker,
            calls: call_arr,
            num_calls: calls.len(),
            played: [0; 2],
            answerers: [None; 2],
            kitty,
            captured: [CardBag::EMPTY; FTK_PLAYERS],
            trick_points: [0; FTK_PLAYERS],
            end: None,
            record_history: true,
            history: Vec::new(),
        })
    }

    // ----- reading the state -----

    pub fn hand(&self, player: usize) -> CardBag {
        self.hands[player]
    }
    pub fn hands(&self) -> &[CardBag; FTK_PLAYERS] {
        &self.hands
    }
    pub fn banker(&self) -> usize {
        self.banker
    }
    pub fn calls(&self) -> &[Call] {
        &self.calls[..self.num_calls]
    }
    /// Who answered each call so far (FTK-3.16).
    pub fn answerers(&self) -> &[Option<usize>] {
        &self.answerers[..self.num_calls]
    }
    /// Actual plays of each called card counted so far.
    pub fn called_plays(&self) -> &[u8] {
        &self.played[..self.num_calls]
    }
    /// True once every call is answered (FTK-3.18).
    pub fn teams_confirmed(&self) -> bool {
        self.answerers().iter().all(Option::is_some)
    }
    pub fn kitty(&self) -> CardBag {
        self.kitty
    }
    /// The seat to act, `None` once the deal is over.
    pub fn current_player(&self) -> Option<usize> {
        if self.end.is_some() {
            None
        } else {
            Some(self.to_move)
        }
    }
    pub fn top(&self) -> Option<&TopPlay> {
        self.top.as_ref()
    }
    pub fn passes_since_top(&self) -> usize {
        self.passes
    }
    /// The cards played in the current trick.
    pub fn trick_cards(&self) -> CardBag {
        self.trick
    }
    pub fn finish_order(&self) -> &[usize] {
        &self.finish_order[..self.num_finished]
    }
    pub fn is_finished(&self, player: usize) -> bool {
        self.hands[player].is_empty()
    }
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }
    pub fn end(&self) -> Option<&DealEnd> {
        self.end.as_ref()
    }
    /// Every card a seat captured: its tricks, and the final trick for the ender.
    pub fn captured(&self, player: usize) -> CardBag {
        self.captured[player]
    }
    /// Points a seat captured in tricks ended by passes (FTK-5.6).
    pub fn trick_points(&self, player: usize) -> u32 {
        self.trick_points[player]
    }
    pub fn history(&self) -> &[FtkEvent] {
        &self.history
    }
    pub fn set_record_history(&mut self, record: bool) {
        self.record_history = record;
    }
    pub fn clear_history(&mut self) {
        self.history = Vec::new();
    }

    /// The card kinds of unanswered calls: the generator lists plays with and without them.
    pub fn context(&self) -> PlayContext {
        let mut distinguished = crate::cards::CardSet::EMPTY;
        for i in 0..self.num_calls {
            if self.answerers[i].is_none() {
                distinguished.insert(self.calls[i].card);
            }
        }
        PlayContext {
            first_play_of_deal: false,
            distinguished,
        }
    }

    // ----- legal actions -----

    /// Writes the current player's legal plays into `out` and returns whether passing is legal
    /// (always when responding, never on a lead: FTK-5.2, FTK-5.3, decision 25).
    pub fn legal_plays_into(&self, out: &mut Vec<Combo>) -> bool {
        if self.end.is_some() {
            out.clear();
            return false;
        }
        let top = self.top.as_ref().map(|t| &t.combo);
        ftk_combos::legal_plays_into(self.hands[self.to_move], top, self.context(), out);
        top.is_some()
    }

    pub fn legal_plays(&self) -> Vec<Combo> {
        let mut out = Vec::new();
        self.legal_plays_into(&mut out);
        out
    }

    // ----- checking and applying -----

    fn check_turn(&self, player: usize) -> Result<(), RuleViolation> {
        if self.end.is_some() {
            return Err(violation("FTK-6.1", "the deal is over".into()));
        }
        if player != self.to_move {
            return Err(violation(
                "FTK-5.3",
                format!("it is seat {}'s turn, not seat {player}'s", self.to_move),
            ));
        }
        Ok(())
    }

    /// Whether `player` may pass now.
    pub fn can_pass(&self, player: usize) -> Result<(), RuleViolation> {
        self.check_turn(player)?;
        if self.top.is_none() {
            return Err(violation(
                "FTK-5.2",
                format!("seat {player} leads the trick and must play, not pass"),
            ));
        }
        Ok(())
    }

    /// Whether `player` may play `combo` (its declared reading, FTK-4.2) now.
    pub fn can_play(&self, player: usize, combo: &Combo) -> Result<(), RuleViolation> {
        self.check_turn(player)?;
        let hand = self.hands[player];
        let cards = combo.bag();
        if !cards.is_subset(hand) {
            return Err(violation(
                "FTK-4.1",
                format!("seat {player} does not hold {}", cards.difference(hand)),
            ));
        }
        if combo.ruleset() != RS || !classify_bag(RS, cards).contains(combo) {
            return Err(violation(
                "FTK-4.8",
                format!("{cards} is not a valid {}", combo.kind()),
            ));
        }
        if let Some(top) = &self.top {
            if !beats(RS, combo, &top.combo) {
                return Err(violation(
                    "FTK-4.9",
                    format!(
                        "{} does not beat {}",
                        combo.describe(),
                        top.combo.describe()
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The first reading of `cards` that `player` may play now (with W1–W4 every multiset has
    /// at most one reading, FTK-4.2).
    pub fn interpret(&self, player: usize, cards: CardBag) -> Result<Combo, RuleViolation> {
        self.check_turn(player)?;
        if !cards.is_subset(self.hands[player]) {
            return Err(violation(
                "FTK-4.1",
                format!(
                    "seat {player} does not hold {}",
                    cards.difference(self.hands[player])
                ),
            ));
        }
        let mut first_error = None;
        for combo in classify_bag(RS, cards) {
            match self.can_play(player, &combo) {
                Ok(()) => return Ok(combo),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        Err(first_error
            .unwrap_or_else(|| violation("FTK-4.8", format!("{cards} is not a valid combination"))))
    }

    /// `player` passes. On error nothing changes.
    pub fn pass(&mut self, player: usize) -> Result<(), RuleViolation> {
        self.can_pass(player)?;
        self.apply_pass();
        Ok(())
    }

    /// `player` plays `combo`. On error nothing changes.
    pub fn play(&mut self, player: usize, combo: &Combo) -> Result<(), RuleViolation> {
        self.can_play(player, combo)?;
        self.apply_play(*combo);
        Ok(())
    }

    /// `player` plays `cards` as read by [`FtkTable::interpret`]; returns the play.
    pub fn play_cards(&mut self, player: usize, cards: CardBag) -> Result<Combo, RuleViolation> {
        let combo = self.interpret(player, cards)?;
        self.apply_play(combo);
        Ok(combo)
    }

    // ----- transitions (unchecked) -----

    fn next_active(&self, player: usize) -> usize {
        let mut seat = player;
        for _ in 0..FTK_PLAYERS {
            seat = if seat + 1 == FTK_PLAYERS { 0 } else { seat + 1 };
            if !self.hands[seat].is_empty() {
                return seat;
            }
        }
        player
    }

    fn active_count(&self) -> usize {
        FTK_PLAYERS - self.num_finished
    }

    /// FTK-5.5: every other active player has passed since the top play.
    fn passes_to_end_trick(&self) -> usize {
        match &self.top {
            Some(top) => self.active_count() - (!self.is_finished(top.player)) as usize,
            None => usize::MAX,
        }
    }

    fn is_banker_side(&self, seat: usize) -> bool {
        seat == self.banker || self.answerers().contains(&Some(seat))
    }

    pub(crate) fn apply_pass(&mut self) {
        let player = self.to_move;
        if self.record_history {
            self.history.push(FtkEvent::Pass { player });
        }
        self.passes += 1;
        if self.passes >= self.passes_to_end_trick() {
            let winner = self.top.take().map_or(player, |t| t.player);
            // FTK-5.6: the last valid player captures every point card of the trick.
            let pts = points(self.trick);
            self.captured[winner] = self.captured[winner].plus(self.trick);
            self.trick_points[winner] += pts;
            self.trick = CardBag::EMPTY;
            self.passes = 0;
            if self.record_history {
                self.history.push(FtkEvent::TrickEnd {
                    winner,
                    points: pts,
                });
            }
            // FTK-5.7: the winner leads, or the next active seat after a finished winner.
            self.to_move = if self.is_finished(winner) {
                self.next_active(winner)
            } else {
                winner
            };
        } else {
            self.to_move = self.next_active(player);
        }
    }

    pub(crate) fn apply_play(&mut self, combo: Combo) {
        let player = self.to_move;
        let cards = combo.bag();
        self.hands[player] = self.hands[player].minus(cards);
        self.trick = self.trick.plus(cards);
        if self.record_history {
            self.history.push(FtkEvent::Play { player, combo });
        }
        self.top = Some(TopPlay {
            combo,
            player,
            was_lead: self.top.is_none(),
        });
        self.passes = 0;
        // FTK-5.9: first the call count (FTK-3.16)...
        for i in 0..self.num_calls {
            if self.answerers[i].is_some() {
                continue;
            }
            let k = cards.count(self.calls[i].card) as u8;
            if k == 0 {
                continue;
            }
            if self.played[i] < self.calls[i].ordinal && self.played[i] + k >= self.calls[i].ordinal
            {
                self.answerers[i] = Some(player);
                if self.record_history {
                    self.history.push(FtkEvent::Answered { call: i, player });
                }
            }
            self.played[i] += k;
        }
        if self.hands[player].is_empty() {
            self.finish_order[self.num_finished] = player;
            self.num_finished += 1;
            if self.record_history {
                self.history.push(FtkEvent::Finished {
                    player,
                    place: self.num_finished,
                });
            }
        }
        // ...then the ends (FTK-6.1): E1 before E2.
        let kind = if self.teams_confirmed() {
            let (mut banker_done, mut defense_done) = (true, true);
            for seat in 0..FTK_PLAYERS {
                let done = self.hands[seat].is_empty();
                if self.is_banker_side(seat) {
                    banker_done &= done;
                } else {
                    defense_done &= done;
                }
            }
            if banker_done || defense_done {
                Some(EndKind::TeamFinished {
                    banker_side: banker_done,
                })
            } else {
                None
            }
        } else {
            None
        };
        let kind = kind.or_else(|| {
            (self.active_count() == 1).then(|| EndKind::LastPlayer {
                last: self.next_active(player),
            })
        });
        if let Some(kind) = kind {
            // The trick in progress is the final trick; its cards go with the ender's award.
            let end = DealEnd {
                kind,
                ender: player,
                final_trick: self.trick,
            };
            self.captured[player] = self.captured[player].plus(self.trick);
            self.trick = CardBag::EMPTY;
            self.top = None;
            self.end = Some(end);
            if self.record_history {
                self.history.push(FtkEvent::End(end));
            }
            return;
        }
        self.to_move = self.next_active(player);
    }

    pub(crate) fn apply_unchecked(&mut self, action: Option<Combo>) {
        match action {
            Some(c) => self.apply_play(c),
            None => self.apply_pass(),
        }
    }

    /// The settlement once the deal is over (FTK-6.2–6.6, FTK-3.19); `None` before.
    pub fn settlement(&self) -> Option<FtkSettlement> {
        let end = self.end?;
        let mut answerers = [None; 2];
        let mut deemed = [false; 2];
        for i in 0..self.num_calls {
            answerers[i] = self.answerers[i];
            if answerers[i].is_none() {
                // FTK-3.19: only E2 leaves a call unanswered; the last player answers it.
                if let EndKind::LastPlayer { last } = end.kind {
                    answerers[i] = Some(last);
                    deemed[i] = true;
                }
            }
        }
        let mut banker_side = [false; FTK_PLAYERS];
        banker_side[self.banker] = true;
        for seat in answerers.iter().flatten() {
            banker_side[*seat] = true;
        }
        let mut hand_points = [0u32; FTK_PLAYERS];
        for (seat, p) in hand_points.iter_mut().enumerate() {
            *p = points(self.hands[seat]);
        }
        let final_trick_points = points(end.final_trick);
        let kitty_points = points(self.kitty);
        // FTK-6.5: D = defenders' trick points + every award to a defender or the defense.
        let mut defense: u32 = (0..FTK_PLAYERS)
            .filter(|&s| !banker_side[s])
            .map(|s| self.trick_points[s])
            .sum();
        if !banker_side[end.ender] {
            defense += final_trick_points + kitty_points; // FTK-6.2a, FTK-6.3
        }
        let (hands_transferred, hands_to_banker_side) = match end.kind {
            EndKind::TeamFinished { banker_side: bs } => {
                // FTK-6.2b: the non-finishing team's hand points go to the finishing team.
                let pts = (0..FTK_PLAYERS)
                    .filter(|&s| banker_side[s] != bs)
                    .map(|s| hand_points[s])
                    .sum();
                (pts, bs)
            }
            EndKind::LastPlayer { last } => (hand_points[last], banker_side[end.ender]),
        };
        if !hands_to_banker_side {
            defense += hands_transferred;
        }
        let (band_index, banker_side_wins, steps) = band(defense);
        Some(FtkSettlement {
            banker: self.banker,
            answerers,
            deemed,
            banker_side,
            trick_points: self.trick_points,
            final_trick_points,
            kitty_points,
            hand_points,
            hands_transferred,
            hands_to_banker_side,
            end,
            defense,
            band: band_index,
            banker_side_wins,
            steps,
        })
    }
}

/// The end of one playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FtkOutcome {
    pub settlement: FtkSettlement,
    pub finish_order: [u8; FTK_PLAYERS],
    pub num_finished: u8,
    /// Cards each seat captured (its tricks; the final trick for the ender).
    pub captured: [CardBag; FTK_PLAYERS],
    /// Cards left in each hand.
    pub hands: [CardBag; FTK_PLAYERS],
    /// Actions (plays and passes) taken in the playout.
    pub actions: u32,
}

fn choose(
    table: &FtkTable,
    policy: Policy,
    plays: &[Combo],
    pass: bool,
    rng: &mut Rng,
) -> Option<Combo> {
    match policy {
        Policy::Random => {
            let n = plays.len() as u64 + pass as u64;
            plays.get(rng.below(n) as usize).copied()
        }
        Policy::Greedy => greedy_pick(
            RS,
            plays,
            table.hands[table.to_move].len(),
            table.top.is_none(),
            pass,
        ),
    }
}

/// Plays `table` to the end with `policy` (as in [`playout`](super::playout())), returning the
/// outcome; the table is left at the end of the deal with history recording off.
pub fn ftk_playout(table: &mut FtkTable, policy: Policy, rng: &mut Rng) -> FtkOutcome {
    let mut plays = Vec::with_capacity(256);
    ftk_playout_with(table, policy, rng, &mut plays)
}

fn ftk_playout_with(
    table: &mut FtkTable,
    policy: Policy,
    rng: &mut Rng,
    plays: &mut Vec<Combo>,
) -> FtkOutcome {
    table.set_record_history(false);
    let mut actions = 0u32;
    while table.end.is_none() {
        let pass = table.legal_plays_into(plays);
        let choice = choose(table, policy, plays, pass, rng);
        table.apply_unchecked(choice);
        actions += 1;
    }
    let mut finish_order = [0u8; FTK_PLAYERS];
    for (k, &s) in table.finish_order().iter().enumerate() {
        finish_order[k] = s as u8;
    }
    FtkOutcome {
        settlement: table.settlement().expect("the deal is over"),
        finish_order,
        num_finished: table.num_finished as u8,
        captured: table.captured,
        hands: table.hands,
        actions,
    }
}

/// `n` playouts from `table` (unchanged), playout `i` seeded by
/// [`playout_seed`]`(seed, i)`, on `threads` threads; results in index order, independent of
/// `threads`. The table must not be over.
pub fn ftk_playouts(
    table: &FtkTable,
    n: usize,
    policy: Policy,
    seed: u64,
    threads: usize,
) -> Vec<FtkOutcome> {
    let run = |start: usize, out: &mut Vec<FtkOutcome>, count: usize| {
        let mut plays = Vec::with_capacity(256);
        let mut base = table.clone();
        base.set_record_history(false);
        base.clear_history();
        for k in 0..count {
            let mut t = base.clone();
            let mut rng = Rng::new(playout_seed(seed, (start + k) as u64));
            out.push(ftk_playout_with(&mut t, policy, &mut rng, &mut plays));
        }
    };
    let threads = threads.max(1).min(n.max(1));
    if threads == 1 {
        let mut out = Vec::with_capacity(n);
        run(0, &mut out, n);
        return out;
    }
    let chunk = n.div_ceil(threads);
    let mut parts: Vec<Vec<FtkOutcome>> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let run = &run;
                let start = k * chunk;
                let count = chunk.min(n.saturating_sub(start));
                scope.spawn(move || {
                    let mut out = Vec::with_capacity(count);
                    run(start, &mut out, count);
                    out
                })
            })
            .collect();
        for h in handles {
            parts.push(h.join().expect("playout thread"));
        }
    });
    parts.into_iter().flatten().collect()
}
