//! [`ClimbTable`]: the one state machine of card play shared by the climbing games.
//!
//! The table knows the hands, whose turn it is, the top play of the current trick and who made
//! it, the consecutive passes since, who has finished and in which order, the cards each player
//! captured (all cards of the tricks they won), and a history of plays, passes, trick ends and
//! finishes. It enforces the card-play rules of its [`Ruleset`]; bidding, lighting, settlement
//! and match progression live outside it (in Python), and the table exposes what they need:
//! [`ClimbTable::finish_order`], [`ClimbTable::plays_made`], [`ClimbTable::bombs_played`],
//! [`ClimbTable::response_bomb_tricks`], the remaining hands and the history.
//!
//! Turn flow, shared by all rulesets: a trick starts with a lead (the leader must play,
//! DDZ-6.2, ZSY-6.2, RT-5.2) and goes round in seat order `next(i) = (i + 1) mod n`, skipping
//! finished players (DDZ-3.1, ZSY-3.1, RT-3.1, RT-5.3). A pass does not exclude a player from the
//! rest of the trick (DDZ-6.4, ZSY-6.4, RT-5.3). The trick ends when every other active player
//! has passed in a row after the top play (DDZ-6.5, ZSY-6.5, RT-5.4); its top player leads next,
//! or the next active player after them if they have finished (RT-5.5). Rule-specific duties:
//! Zheng Shangyou's duty to beat (ZSY-6.3) and `3h` in the first play (ZSY-3.4); the end of the
//! deal at the first finisher (DDZ-6.6, ZSY-6.6) or when one team has finished (RT-5.7).

use super::actions::{ActionSpace, PASS_ID};
use super::classify::{classify_with, PlayContext};
use super::combo::{beats, Combo};
use super::generate::legal_plays_into;
use super::ruleset::{Duty, EndRule, Ruleset, RED_TENS, THREE_OF_HEARTS};
use crate::cards::CardSet;
use crate::error::{invalid, Error};
use std::fmt;

/// Most players any climbing game has (Five-Ten-King: 5).
pub const MAX_PLAYERS: usize = 5;

pub use crate::error::RuleViolation;

/// A player's action in card play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Pass,
    Play(Combo),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("PASS"),
            Action::Play(c) => c.fmt(f),
        }
    }
}

/// The top play of the current trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TopPlay {
    pub combo: Combo,
    /// The seat that played it.
    pub player: usize,
    /// True if it was the lead of the trick (a lead bomb is not a response bomb, ZSY-7.2).
    pub was_lead: bool,
}

/// One entry of the table's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableEvent {
    Play {
        player: usize,
        combo: Combo,
    },
    Pass {
        player: usize,
    },
    /// A trick ended: by passes, or because the deal ended during it. `winner` made its final
    /// top play `top` and captured its cards; `top.was_lead` tells a lead from a response
    /// (ZSY-7.3 looks at exactly this).
    TrickEnd {
        winner: usize,
        top: TopPlay,
    },
    /// A player emptied their hand and took finishing place `place` (1-based).
    Finished {
        player: usize,
        place: usize,
    },
}

/// Why an action id cannot be applied ([`ClimbTable::action_of_id`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdError {
    /// The id is outside the action space (its size given).
    OutOfRange(u32),
    /// The id is a non-play action (a bid, a light...): not card play's business.
    NotAPlay,
    /// The action exists but the rules forbid it now.
    Illegal(RuleViolation),
}

/// A complete card-play position, for building a table mid-deal ([`ClimbTable::from_position`])
/// and for reading one out ([`ClimbTable::position`]). Vectors are indexed by seat; an empty
/// per-player vector means all zeros / empty.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TablePosition {
    pub hands: Vec<CardSet>,
    /// The seat to act.
    pub to_move: usize,
    /// The top play of the current trick; `None` when `to_move` leads.
    pub top: Option<TopPlay>,
    /// Consecutive passes since the top play.
    pub passes_since_top: usize,
    /// Cards played so far in the current trick (captured by its winner).
    pub trick_cards: CardSet,
    /// Finished seats, first finisher first. Exactly the seats with empty hands.
    pub finish_order: Vec<usize>,
    /// True once the deal's first play has been made (ZSY-3.4, ZSY-4.5).
    pub first_play_done: bool,
    /// Team of each seat (Red Ten: 0 = red, 1 = black, RT-3.4); `None` for team-less end rules.
    pub teams: Option<Vec<u8>>,
    pub plays_made: Vec<u32>,
    pub bombs_played: Vec<u32>,
    pub response_bomb_tricks: Vec<u32>,
    pub captured: Vec<CardSet>,
}

/// The card-play state machine. See the module documentation.
#[derive(Clone, Debug)]
pub struct ClimbTable {
    ruleset: Ruleset,
    num_players: usize,
    hands: [CardSet; MAX_PLAYERS],
    to_move: usize,
    top: Option<TopPlay>,
    passes: usize,
    trick_cards: CardSet,
    finish_order: [usize; MAX_PLAYERS],
    num_finished: usize,
    teams: Option<[u8; MAX_PLAYERS]>,
    /// Side of each seat for the greedy policy (who is a partner): Dou Dizhu the landlord apart
    /// from the farmers, Red Ten the teams, Zheng Shangyou every seat alone.
    allies: [u8; MAX_PLAYERS],
    plays_made: [u32; MAX_PLAYERS],
    bombs_played: [u32; MAX_PLAYERS],
    response_bomb_tricks: [u32; MAX_PLAYERS],
    captured: [CardSet; MAX_PLAYERS],
    first_play_done: bool,
    over: bool,
    record_history: bool,
    history: Vec<TableEvent>,
}

fn check_cards(ruleset: Ruleset, hands: &[CardSet]) -> Result<(), Error> {
    if ruleset.packs() != 1 {
        return Err(invalid(format!(
            "{ruleset} is played with two packs: its card play runs on FtkTable, not ClimbTable"
        )));
    }
    if hands.len() != ruleset.num_players() {
        return Err(invalid(format!(
            "{} needs {} hands, got {}",
            ruleset,
            ruleset.num_players(),
            hands.len()
        )));
    }
    let deck = ruleset.deck();
    let mut seen = CardSet::EMPTY;
    for (seat, hand) in hands.iter().enumerate() {
        let outside = hand.difference(deck);
        if !outside.is_empty() {
            return Err(invalid(format!(
                "seat {seat} holds {outside}, which is not in the {ruleset} deck"
            )));
        }
        let twice = hand.intersection(seen);
        if !twice.is_empty() {
            return Err(invalid(format!("{twice} dealt to more than one seat")));
        }
        seen = seen.union(*hand);
    }
    Ok(())
}

/// Every seat its own side (team-less games).
fn seats_alone() -> [u8; MAX_PLAYERS] {
    let mut a = [0u8; MAX_PLAYERS];
    for (seat, side) in a.iter_mut().enumerate() {
        *side = seat as u8;
    }
    a
}

fn per_player<T: Copy + Default>(
    values: &[T],
    n: usize,
    what: &str,
) -> Result<[T; MAX_PLAYERS], Error> {
    let mut out = [T::default(); MAX_PLAYERS];
    if values.is_empty() {
        return Ok(out);
    }
    if values.len() != n {
        return Err(invalid(format!(
            "{what} needs {n} entries, got {}",
            values.len()
        )));
    }
    out[..n].copy_from_slice(values);
    Ok(out)
}

impl ClimbTable {
    /// A table at the start of card play: `hands[i]` is seat `i`'s hand and `first_player`
    /// leads the first trick (the landlord in Dou Dizhu, DDZ-3.8).
    ///
    /// Errors: wrong number of hands, cards outside the deck or dealt twice, an empty hand; in
    /// Zheng Shangyou and Red Ten a first player who does not hold `3h` although it was dealt
    /// (ZSY-3.3, RT-3.9); in Red Ten red tens not both dealt (the teams, RT-3.4, come from them;
    /// use [`ClimbTable::from_position`] to give teams explicitly).
    pub fn new(
        ruleset: Ruleset,
        hands: Vec<CardSet>,
        first_player: usize,
    ) -> Result<ClimbTable, Error> {
        check_cards(ruleset, &hands)?;
        let n = hands.len();
        if first_player >= n {
            return Err(invalid(format!(
                "first player {first_player} is not a seat (0..{n})"
            )));
        }
        if let Some(seat) = hands.iter().position(|h| h.is_empty()) {
            return Err(invalid(format!("seat {seat} has no cards")));
        }
        if let Some(holder) = ruleset.first_leader(&hands) {
            if holder != first_player {
                let rule = if ruleset == Ruleset::RedTen {
                    "RT-3.9"
                } else {
                    "ZSY-3.3"
                };
                return Err(invalid(format!(
                    "seat {holder} holds {THREE_OF_HEARTS} and must lead the first trick ({rule})"
                )));
            }
        }
        let teams = match ruleset.end_rule() {
            EndRule::FirstOut => None,
            EndRule::TeamOut => {
                let dealt = hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
                if !RED_TENS.is_subset(dealt) {
                    return Err(invalid(
                        "both red tens must be dealt to form the teams (RT-3.4); \
                         give teams explicitly with ClimbTable::from_position",
                    ));
                }
                let mut teams = [1u8; MAX_PLAYERS];
                for (seat, hand) in hands.iter().enumerate() {
                    if !hand.intersection(RED_TENS).is_empty() {
                        teams[seat] = 0;
                    }
                }
                Some(teams)
            }
        };
        let mut table_hands = [CardSet::EMPTY; MAX_PLAYERS];
        table_hands[..n].copy_from_slice(&hands);
        let allies = match (ruleset, teams) {
            (_, Some(t)) => t,
            // DDZ-3.8: the landlord leads the first trick; the two farmers are one side.
            (Ruleset::DouDizhu, None) => {
                let mut a = [1u8; MAX_PLAYERS];
                a[first_player] = 0;
                a
            }
            _ => seats_alone(),
        };
        Ok(ClimbTable {
            ruleset,
            num_players: n,
            hands: table_hands,
            to_move: first_player,
            top: None,
            passes: 0,
            trick_cards: CardSet::EMPTY,
            finish_order: [0; MAX_PLAYERS],
            num_finished: 0,
            teams,
            allies,
            plays_made: [0; MAX_PLAYERS],
            bombs_played: [0; MAX_PLAYERS],
            response_bomb_tricks: [0; MAX_PLAYERS],
            captured: [CardSet::EMPTY; MAX_PLAYERS],
            first_play_done: false,
            over: false,
            record_history: true,
            history: Vec::new(),
        })
    }

    /// A table at an arbitrary position (mid-deal tests, resampled states, JSON round trips).
    /// The history starts empty. The position is checked for consistency: hands disjoint and in
    /// the deck, finished seats exactly the empty hands, the seat to move active, the top play
    /// valid for the ruleset, fewer passes than end the trick, teams given for Red Ten.
    pub fn from_position(ruleset: Ruleset, position: &TablePosition) -> Result<ClimbTable, Error> {
        check_cards(ruleset, &position.hands)?;
        let n = position.hands.len();
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[..n].copy_from_slice(&position.hands);
        let mut finish_order = [0usize; MAX_PLAYERS];
        let mut finished = [false; MAX_PLAYERS];
        if position.finish_order.len() > n {
            return Err(invalid("finish order longer than the number of seats"));
        }
        for (k, &seat) in position.finish_order.iter().enumerate() {
            if seat >= n || finished[seat] {
                return Err(invalid(format!(
                    "bad finish order {:?}",
                    position.finish_order
                )));
            }
            finished[seat] = true;
            finish_order[k] = seat;
        }
        for seat in 0..n {
            if finished[seat] != hands[seat].is_empty() {
                return Err(invalid(format!(
                    "seat {seat}: finished seats must be exactly the seats with empty hands"
                )));
            }
        }
        let teams = match (ruleset.end_rule(), &position.teams) {
            (EndRule::FirstOut, _) => None,
            (EndRule::TeamOut, None) => {
                return Err(invalid(format!("{ruleset} positions need teams")));
            }
            (EndRule::TeamOut, Some(t)) => Some(per_player(t, n, "teams")?),
        };
        if let Some(top) = &position.top {
            if top.player >= n || top.combo.ruleset() != ruleset {
                return Err(invalid("bad top play"));
            }
            let context = PlayContext {
                first_play_of_deal: top.combo.kind() == super::ComboKind::HeavenlyBomb,
                ..Default::default()
            };
            if !classify_with(ruleset, top.combo.cards(), context).contains(&top.combo) {
                return Err(invalid(format!(
                    "top play {} is not a valid combination",
                    top.combo
                )));
            }
        }
        let mut table = ClimbTable {
            ruleset,
            num_players: n,
            hands,
            to_move: position.to_move,
            top: position.top,
            passes: position.passes_since_top,
            trick_cards: position.trick_cards,
            finish_order,
            num_finished: position.finish_order.len(),
            teams,
            allies: match &position.teams {
                Some(t) => per_player(t, n, "teams")?,
                None => seats_alone(),
            },
            plays_made: per_player(&position.plays_made, n, "plays_made")?,
            bombs_played: per_player(&position.bombs_played, n, "bombs_played")?,
            response_bomb_tricks: per_player(
                &position.response_bomb_tricks,
                n,
                "response_bomb_tricks",
            )?,
            captured: per_player(&position.captured, n, "captured")?,
            first_play_done: position.first_play_done,
            over: false,
            record_history: true,
            history: Vec::new(),
        };
        table.over = table.end_reached();
        if !table.over {
            if table.to_move >= n || table.is_finished(table.to_move) {
                return Err(invalid(format!(
                    "seat to move {} is not an active seat",
                    table.to_move
                )));
            }
            if table.top.is_some() && table.passes >= table.passes_to_end_trick() {
                return Err(invalid("the trick should already have ended"));
            }
            if table.top.is_none() && table.passes != 0 {
                return Err(invalid("passes without a top play"));
            }
        }
        Ok(table)
    }

    /// The current position (without history).
    pub fn position(&self) -> TablePosition {
        let n = self.num_players;
        TablePosition {
            hands: self.hands[..n].to_vec(),
            to_move: self.to_move,
            top: self.top,
            passes_since_top: self.passes,
            trick_cards: self.trick_cards,
            finish_order: self.finish_order().to_vec(),
            first_play_done: self.first_play_done,
            teams: self.teams.map(|t| t[..n].to_vec()),
            plays_made: self.plays_made[..n].to_vec(),
            bombs_played: self.bombs_played[..n].to_vec(),
            response_bomb_tricks: self.response_bomb_tricks[..n].to_vec(),
            captured: self.captured[..n].to_vec(),
        }
    }

    // ----- reading the state -----

    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }
    pub fn num_players(&self) -> usize {
        self.num_players
    }
    /// The hand of a seat. Panics if `player` is not a seat.
    pub fn hand(&self, player: usize) -> CardSet {
        self.hands[..self.num_players][player]
    }
    pub fn hands(&self) -> &[CardSet] {
        &self.hands[..self.num_players]
    }
    /// The seat to act, `None` once the deal is over.
    pub fn current_player(&self) -> Option<usize> {
        if self.over {
            None
        } else {
            Some(self.to_move)
        }
    }
    /// The top play of the current trick (`None` when the player to act leads).
    pub fn top(&self) -> Option<&TopPlay> {
        self.top.as_ref()
    }
    /// Consecutive passes since the top play.
    pub fn passes_since_top(&self) -> usize {
        self.passes
    }
    /// Cards played so far in the current trick.
    pub fn trick_cards(&self) -> CardSet {
        self.trick_cards
    }
    /// Finished seats in finishing order (upstream first).
    pub fn finish_order(&self) -> &[usize] {
        &self.finish_order[..self.num_finished]
    }
    pub fn is_finished(&self, player: usize) -> bool {
        self.hands[player].is_empty()
    }
    /// The first player to finish (the winner in Dou Dizhu and Zheng Shangyou).
    pub fn winner(&self) -> Option<usize> {
        self.finish_order().first().copied()
    }
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// True once the first play of the deal has been made.
    pub fn first_play_done(&self) -> bool {
        self.first_play_done
    }
    /// Team of a seat when the ruleset has teams the table tracks (Red Ten: 0 red, 1 black).
    pub fn team(&self, player: usize) -> Option<u8> {
        self.teams.map(|t| t[player])
    }
    /// The side of a seat as the greedy policy sees it: seats of one side are partners (Dou
    /// Dizhu: the landlord, who led the first trick, apart from the farmers; Red Ten: the teams;
    /// Zheng Shangyou: every seat alone).
    pub fn side(&self, player: usize) -> u8 {
        self.allies[player]
    }
    /// Sets the sides the greedy policy plays by (one entry per seat).
    pub fn set_sides(&mut self, sides: &[u8]) {
        let n = self.num_players.min(sides.len());
        self.allies[..n].copy_from_slice(&sides[..n]);
    }
    /// Number of plays (not passes) a seat has made (DDZ-7.2/7.3 spring, ZSY-7.5 `d_p`).
    pub fn plays_made(&self, player: usize) -> u32 {
        self.plays_made[player]
    }
    /// Number of bombs of any kind (rocket included) a seat has played (DDZ-7.1).
    pub fn bombs_played(&self, player: usize) -> u32 {
        self.bombs_played[player]
    }
    /// Number of tricks a seat won with a bomb played in response, i.e. not as the lead of the
    /// trick, that stayed on top until the trick ended or the deal ended (ZSY-7.2–7.4).
    pub fn response_bomb_tricks(&self, player: usize) -> u32 {
        self.response_bomb_tricks[player]
    }
    /// All cards of the tricks a seat has won (for point-card games such as Five-Ten-King).
    pub fn captured(&self, player: usize) -> CardSet {
        self.captured[player]
    }
    pub fn history(&self) -> &[TableEvent] {
        &self.history
    }
    /// Turns history recording on or off (playouts turn it off).
    pub fn set_record_history(&mut self, record: bool) {
        self.record_history = record;
    }
    /// Forgets the history (the state is unchanged).
    pub fn clear_history(&mut self) {
        self.history = Vec::new();
    }
    /// The context of the next play.
    pub fn context(&self) -> PlayContext {
        PlayContext {
            first_play_of_deal: !self.first_play_done,
            ..Default::default()
        }
    }

    // ----- legal actions -----

    /// Writes the current player's legal plays into `out` (cleared first) and returns whether
    /// passing is legal too. Empty and `false` once the deal is over.
    pub fn legal_plays_into(&self, out: &mut Vec<Combo>) -> bool {
        if self.over {
            out.clear();
            return false;
        }
        let top = self.top.as_ref().map(|t| &t.combo);
        legal_plays_into(
            self.ruleset,
            self.hands[self.to_move],
            top,
            self.context(),
            out,
        );
        match top {
            None => false,                                          // DDZ-6.2, ZSY-6.2, RT-5.2
            Some(_) => !self.ruleset.must_beat() || out.is_empty(), // ZSY-6.3, ZSY-6.7
        }
    }

    /// The current player's legal plays (passes excluded).
    pub fn legal_plays(&self) -> Vec<Combo> {
        let mut out = Vec::new();
        self.legal_plays_into(&mut out);
        out
    }

    /// The current player's legal actions: the plays, then `Pass` if passing is legal
    /// (DDZ-6.7, ZSY-6.7). Never empty before the deal is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut plays = Vec::new();
        let pass = self.legal_plays_into(&mut plays);
        let mut out: Vec<Action> = plays.into_iter().map(Action::Play).collect();
        if pass {
            out.push(Action::Pass);
        }
        out
    }

    /// The action ids ([`ActionSpace`]) of the current player's legal actions, in the order of
    /// [`ClimbTable::legal_actions`]: the plays, then `pass` (id 0) when passing is legal.
    /// `plays` is a scratch buffer (left holding the legal plays).
    pub fn legal_action_ids_into(&self, plays: &mut Vec<Combo>, ids: &mut Vec<u32>) {
        ids.clear();
        let pass = self.legal_plays_into(plays);
        let space = ActionSpace::of(self.ruleset);
        ids.extend(plays.iter().map(|p| space.id_of(p)));
        if pass {
            ids.push(PASS_ID);
        }
    }

    /// The action with id `id` if it is legal now: `Ok(None)` for a pass, `Ok(Some(play))` for
    /// the legal play of that rank multiset. An id of no play or of a call (bids, lighting)
    /// gives [`IdError::NotAPlay`]; an id of a play or pass that is not legal now gives
    /// [`IdError::Illegal`] with the rule that forbids it. The table is not changed.
    pub fn action_of_id(&self, id: u32, plays: &mut Vec<Combo>) -> Result<Option<Combo>, IdError> {
        let space = ActionSpace::of(self.ruleset);
        if id >= space.size() {
            return Err(IdError::OutOfRange(space.size()));
        }
        if id == PASS_ID {
            let player = self.current_player().unwrap_or(self.to_move);
            return match self.can_pass(player) {
                Ok(()) => Ok(None),
                Err(v) => Err(IdError::Illegal(v)),
            };
        }
        if id < space.num_calls() {
            return Err(IdError::NotAPlay);
        }
        self.legal_plays_into(plays);
        if let Some(found) = plays.iter().find(|p| space.id_of(p) == id) {
            return Ok(Some(*found));
        }
        // Not legal: say why, with the player's own cards of that rank multiset if he has them.
        let player = self.to_move;
        if let Err(v) = self.check_turn(player) {
            return Err(IdError::Illegal(v));
        }
        let representative = space.play(id).expect("a play id");
        let violation = match space.cards_from_hand(id, self.hands[player]) {
            None => self.violation(
                Duty::CardsFromHand,
                format!(
                    "seat {player} does not hold the cards of {} (action id {id})",
                    representative
                ),
            ),
            Some(cards) => match self.interpret_cards(player, cards) {
                Err(v) => v,
                Ok(_) => RuleViolation {
                    rule: "",
                    message: format!("action id {id} is not a legal action id now"),
                },
            },
        };
        Err(IdError::Illegal(violation))
    }

    /// Applies the legal action with id `id` (see [`ClimbTable::action_of_id`]); returns it. On
    /// error the table is unchanged.
    pub fn apply_action_id(
        &mut self,
        id: u32,
        plays: &mut Vec<Combo>,
    ) -> Result<Option<Combo>, IdError> {
        let action = self.action_of_id(id, plays)?;
        self.apply_unchecked(action);
        Ok(action)
    }

    /// Number of events recorded in the history.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// Puts other cards in the hands (a resampled deal of the same course: every card played
    /// stays played). `hands[s]` must hold as many cards as seat `s` holds now, disjoint, within
    /// the deck and apart from the cards played; `teams` replaces the Red Ten teams (RT-3.4).
    pub fn replace_hands(
        &mut self,
        hands: &[CardSet],
        teams: Option<[u8; MAX_PLAYERS]>,
    ) -> Result<(), Error> {
        check_cards(self.ruleset, hands)?;
        for (seat, hand) in hands.iter().enumerate() {
            if hand.len() != self.hands[seat].len() {
                return Err(invalid(format!(
                    "seat {seat} holds {} cards, not {}",
                    self.hands[seat].len(),
                    hand.len()
                )));
            }
        }
        self.hands[..hands.len()].copy_from_slice(hands);
        if let (Some(t), Some(_)) = (teams, self.teams) {
            self.teams = Some(t);
            self.allies = t;
        }
        Ok(())
    }

    // ----- checking and applying actions -----

    fn violation(&self, duty: Duty, message: String) -> RuleViolation {
        RuleViolation {
            rule: self.ruleset.rule_id(duty),
            message,
        }
    }

    fn check_turn(&self, player: usize) -> Result<(), RuleViolation> {
        if self.over {
            return Err(self.violation(Duty::DealNotOver, "the deal is over".into()));
        }
        if player != self.to_move {
            return Err(self.violation(
                Duty::TurnOrder,
                format!("it is seat {}'s turn, not seat {player}'s", self.to_move),
            ));
        }
        Ok(())
    }

    /// Whether `player` may pass now.
    pub fn can_pass(&self, player: usize) -> Result<(), RuleViolation> {
        self.check_turn(player)?;
        let Some(top) = &self.top else {
            return Err(self.violation(
                Duty::LeaderMustPlay,
                format!("seat {player} leads the trick and must play, not pass"),
            ));
        };
        if self.ruleset.must_beat() {
            let mut plays = Vec::new();
            legal_plays_into(
                self.ruleset,
                self.hands[player],
                Some(&top.combo),
                self.context(),
                &mut plays,
            );
            if let Some(first) = plays.first() {
                return Err(self.violation(
                    Duty::BeatWhenAble,
                    format!(
                        "seat {player} can beat {} (e.g. with {first}) and must do so",
                        top.combo
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Whether `player` may play `combo` now.
    pub fn can_play(&self, player: usize, combo: &Combo) -> Result<(), RuleViolation> {
        self.check_turn(player)?;
        let hand = self.hands[player];
        if !combo.cards().is_subset(hand) {
            return Err(self.violation(
                Duty::CardsFromHand,
                format!(
                    "seat {player} does not hold {}",
                    combo.cards().difference(hand)
                ),
            ));
        }
        if combo.ruleset() != self.ruleset
            || !classify_with(self.ruleset, combo.cards(), self.context()).contains(combo)
        {
            return Err(self.violation(
                Duty::ValidCombination,
                format!("{} is not a valid {} here", combo.cards(), combo.kind()),
            ));
        }
        if self.ruleset.first_play_needs_3h()
            && !self.first_play_done
            && hand.contains(THREE_OF_HEARTS)
            && !combo.cards().contains(THREE_OF_HEARTS)
        {
            return Err(self.violation(
                Duty::FirstPlayHas3h,
                format!("the first play of the deal must contain {THREE_OF_HEARTS}"),
            ));
        }
        if let Some(top) = &self.top {
            if !beats(self.ruleset, combo, &top.combo) {
                return Err(self.violation(
                    Duty::BeatTopPlay,
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

    /// `player` passes. On error the table is unchanged.
    pub fn pass(&mut self, player: usize) -> Result<(), RuleViolation> {
        self.can_pass(player)?;
        self.apply_pass();
        Ok(())
    }

    /// `player` plays `combo`. On error the table is unchanged.
    pub fn play(&mut self, player: usize, combo: &Combo) -> Result<(), RuleViolation> {
        self.can_play(player, combo)?;
        self.apply_play(*combo);
        Ok(())
    }

    /// The reading of `cards` that `player` may play now: the first of their interpretations
    /// ([`classify_with`]) that is legal (the implemented rulesets read every card set in at most
    /// one way). The table is not changed.
    pub fn interpret_cards(&self, player: usize, cards: CardSet) -> Result<Combo, RuleViolation> {
        self.check_turn(player)?;
        if !cards.is_subset(self.hands[player]) {
            return Err(self.violation(
                Duty::CardsFromHand,
                format!(
                    "seat {player} does not hold {}",
                    cards.difference(self.hands[player])
                ),
            ));
        }
        let readings = classify_with(self.ruleset, cards, self.context());
        let mut first_error = None;
        for combo in readings {
            match self.can_play(player, &combo) {
                Ok(()) => return Ok(combo),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        Err(first_error.unwrap_or_else(|| {
            self.violation(
                Duty::ValidCombination,
                format!("{cards} is not a valid combination"),
            )
        }))
    }

    /// `player` plays these cards, read by [`ClimbTable::interpret_cards`]. Returns the combo
    /// played. On error the table is unchanged.
    pub fn play_cards(&mut self, player: usize, cards: CardSet) -> Result<Combo, RuleViolation> {
        let combo = self.interpret_cards(player, cards)?;
        self.apply_play(combo);
        Ok(combo)
    }

    /// Whether `player` may take `action` now.
    pub fn can_apply(&self, player: usize, action: &Action) -> Result<(), RuleViolation> {
        match action {
            Action::Pass => self.can_pass(player),
            Action::Play(c) => self.can_play(player, c),
        }
    }

    /// `player` takes `action`. On error the table is unchanged.
    pub fn apply(&mut self, player: usize, action: &Action) -> Result<(), RuleViolation> {
        match action {
            Action::Pass => self.pass(player),
            Action::Play(c) => self.play(player, c),
        }
    }

    // ----- the state transitions (unchecked) -----

    /// The next active seat after `player` in seat order.
    fn next_active(&self, player: usize) -> usize {
        let n = self.num_players;
        let mut seat = player;
        for _ in 0..n {
            seat = if seat + 1 == n { 0 } else { seat + 1 };
            if !self.hands[seat].is_empty() {
                return seat;
            }
        }
        player
    }

    fn active_count(&self) -> usize {
        self.num_players - self.num_finished
    }

    /// Passes after the top play that end the trick: every other active player (RT-5.4).
    fn passes_to_end_trick(&self) -> usize {
        match &self.top {
            Some(top) => self.active_count() - (!self.is_finished(top.player)) as usize,
            None => usize::MAX,
        }
    }

    fn end_reached(&self) -> bool {
        match self.ruleset.end_rule() {
            EndRule::FirstOut => self.num_finished >= 1,
            EndRule::TeamOut => {
                let Some(teams) = &self.teams else {
                    return self.active_count() <= 1;
                };
                let n = self.num_players;
                (0..n).any(|seat| {
                    (0..n)
                        .filter(|&s| teams[s] == teams[seat])
                        .all(|s| self.is_finished(s))
                }) || self.active_count() == 0
            }
        }
    }

    fn end_trick(&mut self) {
        if let Some(top) = self.top.take() {
            let winner = top.player;
            self.captured[winner] = self.captured[winner].union(self.trick_cards);
            self.trick_cards = CardSet::EMPTY;
            if top.combo.is_bomb() && !top.was_lead {
                self.response_bomb_tricks[winner] += 1;
            }
            if self.record_history {
                self.history.push(TableEvent::TrickEnd { winner, top });
            }
        }
        self.passes = 0;
    }

    /// Applies a pass by the player to move (assumed legal).
    pub(crate) fn apply_pass(&mut self) {
        let player = self.to_move;
        if self.record_history {
            self.history.push(TableEvent::Pass { player });
        }
        self.passes += 1;
        if self.passes >= self.passes_to_end_trick() {
            let owner = self.top.as_ref().map(|t| t.player).unwrap_or(player);
            self.end_trick();
            // RT-5.5: the trick winner leads, or the next active seat if they have finished.
            self.to_move = if self.is_finished(owner) {
                self.next_active(owner)
            } else {
                owner
            };
        } else {
            self.to_move = self.next_active(player);
        }
    }

    /// Applies a play by the player to move (assumed legal).
    pub(crate) fn apply_play(&mut self, combo: Combo) {
        let player = self.to_move;
        self.hands[player] = self.hands[player].difference(combo.cards());
        self.trick_cards = self.trick_cards.union(combo.cards());
        self.plays_made[player] += 1;
        if combo.is_bomb() {
            self.bombs_played[player] += 1;
        }
        if self.record_history {
            self.history.push(TableEvent::Play { player, combo });
        }
        self.top = Some(TopPlay {
            combo,
            player,
            was_lead: self.top.is_none(),
        });
        self.passes = 0;
        self.first_play_done = true;
        if self.hands[player].is_empty() {
            self.finish_order[self.num_finished] = player;
            self.num_finished += 1;
            if self.record_history {
                self.history.push(TableEvent::Finished {
                    player,
                    place: self.num_finished,
                });
            }
            if self.end_reached() {
                // DDZ-6.6, ZSY-6.6, RT-5.7: the deal ends at once; the trick in progress ends
                // with it (ZSY-7.4 settles a finishing response bomb).
                self.end_trick();
                self.over = true;
                return;
            }
        }
        self.to_move = self.next_active(player);
    }

    /// Applies an action known to be legal: `None` (a pass) or a play that
    /// [`ClimbTable::legal_plays_into`] listed in this very position (with `true` for a pass).
    /// Anything else leaves the table inconsistent.
    pub fn apply_unchecked(&mut self, action: Option<Combo>) {
        match action {
            Some(c) => self.apply_play(c),
            None => self.apply_pass(),
        }
    }
}
