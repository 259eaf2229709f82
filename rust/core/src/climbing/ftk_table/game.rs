//! [`FtkGame`]: one whole Five-Ten-King deal, every phase (rules/five_ten_king.md FTK-3 to
//! FTK-6): the incremental deal with its reveal opportunities, the kitty and the 3-card bury,
//! the hidden partner call(s), then card play on an [`FtkTable`].
//!
//! This is the state machine the Python game (`cardavia.games.five_ten_king`) runs on, and the
//! one playouts and determinization ([`super::resample`]) use, so that the three can never
//! disagree. The deal follows FTK-3.4–3.12:
//!
//! * card `k` (1-based) of the deck goes to seat `(F + k − 1) mod 5`; cards 106–108 are the
//!   kitty (FTK-3.5). A deck may be given, else it is shuffled from the seed: round `r` (the
//!   `r`-th redeal of deal 1) uses [`Rng`]`(derive_seed(seed, r))` over the 108 cards in index
//!   order, each twice (exactly what the Python game has always done);
//! * while no banker is fixed, an eligible seat receiving a card of its qualifying rank is asked
//!   (FTK-3.7a), then after card 105 each eligible holder once, from F on (FTK-3.7b); the first
//!   REVEAL makes the banker and the rest is dealt without pauses (FTK-3.8);
//! * no reveal: deal 1 is redealt with the same F (FTK-3.11); a later deal takes the first
//!   previous winner from the seat after the previous banker (FTK-3.12);
//! * the banker takes the kitty, buries 3 cards one action at a time (FTK-3.13), calls
//!   (FTK-3.14–3.20), and leads (FTK-3.21).
//!
//! Every seat also has a *checkpoint*: the number of cards dealt when it was last asked in the
//! current round. What a seat may know of the deal while it is being dealt is the deal up to its
//! checkpoint, so that the pause for somebody else's opportunity shows nothing (FTK-3.10).

use super::{Call, FtkEvent, FtkTable, FTK_PLAYERS};
use crate::cards::{Card, CardBag, CardSet};
use crate::climbing::combo::Combo;
use crate::climbing::table::RuleViolation;
use crate::error::{invalid, Error};
use crate::rng::Rng;

/// Cards dealt to the players (FTK-3.5); the last 3 of the 108 are the kitty.
pub const DEAL_CARDS: usize = 105;
/// Cards of two packs with jokers (FTK-2.1).
pub const DECK_CARDS: usize = 108;
/// Cards each player receives (FTK-1.1).
pub const HAND_CARDS: usize = 21;

/// The `index`-th sub-seed of `seed` (SplitMix64 of `seed + (index + 1) · φ`), the same
/// function as `cardavia.games.climbing.derive_seed`.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The 108 cards shuffled for round `round` of a deal seeded by `seed` (see the module docs).
pub fn shuffled_deck(seed: u64, round: u32) -> [Card; DECK_CARDS] {
    let mut cards: Vec<Card> = CardBag::two_packs(true).iter().collect();
    Rng::new(derive_seed(seed, round as u64)).shuffle(&mut cards);
    let mut out = [Card::SMALL_JOKER; DECK_CARDS];
    out.copy_from_slice(&cards);
    out
}

/// Which opportunity a prompt is (FTK-3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromptKind {
    /// (a) the card just received qualifies.
    Receipt,
    /// (b) the closing round after card 105.
    Closing,
}

impl PromptKind {
    pub fn name(self) -> &'static str {
        match self {
            PromptKind::Receipt => "receipt",
            PromptKind::Closing => "closing",
        }
    }
}

/// The public reveal (FTK-3.8, FTK-3.10): who showed which card, after how many cards dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reveal {
    pub seat: usize,
    pub card: Card,
    pub dealt: usize,
    pub kind: PromptKind,
}

/// One action of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FtkAction {
    Pass,
    Reveal(Card),
    Bury(Card),
    Call(Call),
    Play(Combo),
}

/// The phase of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FtkPhase {
    Deal,
    Bury,
    Call,
    Play,
    Over,
}

impl FtkPhase {
    pub fn name(self) -> &'static str {
        match self {
            FtkPhase::Deal => "deal",
            FtkPhase::Bury => "bury",
            FtkPhase::Call => "call",
            FtkPhase::Play => "play",
            FtkPhase::Over => "over",
        }
    }
}

/// Everything fixed for one deal of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FtkSetup {
    /// Seeds the shuffles of the deck and of redeals.
    pub seed: u64,
    /// Deal number of the match (FTK-3.3).
    pub number: u32,
    /// Stored level index per seat, 0 = 2 … 12 = A (FTK-2.7).
    pub levels: [u8; FTK_PLAYERS],
    /// Bit set of the previous deal's winners; `None` in deal 1 (FTK-3.6).
    pub previous_winners: Option<u8>,
    /// The previous deal's banker (deal 2 on).
    pub previous_banker: Option<usize>,
    /// The first recipient F (FTK-3.4).
    pub first: usize,
    /// 1 or 2 partner calls (FTK-3.20).
    pub partner_calls: usize,
}

/// An event of the deal, for the readable history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FtkGameEvent {
    /// A round of dealing starts.
    Deal {
        round: u32,
    },
    /// Deal 1 had no reveal: all cards are gathered and dealt again (FTK-3.11).
    Redeal {
        round: u32,
    },
    Reveal {
        player: usize,
        card: Card,
        dealt: usize,
    },
    /// The banker is fixed, by a reveal or by the fallback scan (FTK-3.12).
    Banker {
        player: usize,
        by_reveal: bool,
    },
    /// The banker took the kitty (FTK-3.13).
    Kitty {
        player: usize,
    },
    /// The banker has buried his 3 cards.
    Buried {
        player: usize,
    },
    Call {
        player: usize,
        call: Call,
    },
    /// An event of card play.
    Table(FtkEvent),
}

/// One deal, every phase. See the module documentation.
#[derive(Clone, Debug)]
pub struct FtkGame {
    pub(crate) setup: FtkSetup,
    /// The round and deck the game was created with (its record's deal spec).
    pub(crate) spec_round: u32,
    pub(crate) spec_deck: [Card; DECK_CARDS],
    pub(crate) round: u32,
    pub(crate) deck: [Card; DECK_CARDS],
    pub(crate) dealt: usize,
    pub(crate) received: [CardBag; FTK_PLAYERS],
    pub(crate) banker: Option<usize>,
    pub(crate) revealed: Option<Reveal>,
    pub(crate) prompt: Option<(usize, PromptKind)>,
    pub(crate) closing_next: usize,
    pub(crate) checkpoint: [usize; FTK_PLAYERS],
    pub(crate) buried: [Card; 3],
    pub(crate) num_buried: usize,
    pub(crate) calls: [Call; 2],
    pub(crate) num_calls: usize,
    pub(crate) kitty_taken: bool,
    pub(crate) table: Option<FtkTable>,
    /// Cards each seat has played (card play).
    pub(crate) played: [CardBag; FTK_PLAYERS],
    /// Every action since the deal spec, with its actor.
    pub(crate) log: Vec<(usize, FtkAction)>,
    /// Index in `log` of the first action of the current round.
    pub(crate) round_start: usize,
    pub(crate) events: Vec<FtkGameEvent>,
    pub(crate) record: bool,
    /// Whether actions are logged (off in playouts).
    pub(crate) keep_log: bool,
}

const NO_CALL: Call = Call {
    card: Card::SMALL_JOKER,
    ordinal: 1,
};

fn violation(rule: &'static str, message: String) -> RuleViolation {
    RuleViolation { rule, message }
}

/// The text of a call as the actions and the history write it: `call first Kh`.
pub fn call_text(call: &Call) -> String {
    format!("call {call}")
}

impl FtkGame {
    /// A deal at its first decision. `deck` fixes the card order of round `round` (otherwise
    /// it is shuffled from the seed); `round` is the number of redeals of deal 1 already made.
    pub fn new(setup: FtkSetup, round: u32, deck: Option<&[Card]>) -> Result<FtkGame, Error> {
        if setup.first >= FTK_PLAYERS {
            return Err(invalid(format!(
                "first {} is not a seat (0..5)",
                setup.first
            )));
        }
        if !(1..=2).contains(&setup.partner_calls) {
            return Err(invalid("partner_calls is 1 or 2 (FTK-3.20)"));
        }
        if setup.levels.iter().any(|&l| l > 12) {
            return Err(invalid("levels are indices 0..=12 (FTK-2.7)"));
        }
        match (setup.previous_winners, setup.previous_banker) {
            (None, None) => {}
            (Some(w), Some(b)) if w != 0 && w < 32 && b < FTK_PLAYERS => {}
            _ => {
                return Err(invalid(
                    "previous winners and banker are both given (a non-empty set of seats and a \
                     seat) or both absent",
                ))
            }
        }
        let deck = match deck {
            Some(cards) => {
                let mut bag = CardBag::EMPTY;
                for &c in cards {
                    if !bag.insert(c) {
                        return Err(invalid(format!("the deck holds {c} three times")));
                    }
                }
                if cards.len() != DECK_CARDS || bag != CardBag::two_packs(true) {
                    return Err(invalid(
                        "deck must list the 108 cards of two packs, each exactly twice (FTK-2.1)",
                    ));
                }
                let mut out = [Card::SMALL_JOKER; DECK_CARDS];
                out.copy_from_slice(cards);
                out
            }
            None => shuffled_deck(setup.seed, round),
        };
        let mut game = FtkGame {
            setup,
            spec_round: round,
            spec_deck: deck,
            round,
            deck,
            dealt: 0,
            received: [CardBag::EMPTY; FTK_PLAYERS],
            banker: None,
            revealed: None,
            prompt: None,
            closing_next: 0,
            checkpoint: [0; FTK_PLAYERS],
            buried: [Card::SMALL_JOKER; 3],
            num_buried: 0,
            calls: [NO_CALL; 2],
            num_calls: 0,
            kitty_taken: false,
            table: None,
            played: [CardBag::EMPTY; FTK_PLAYERS],
            log: Vec::new(),
            round_start: 0,
            events: Vec::new(),
            record: true,
            keep_log: true,
        };
        game.start_round(round, deck);
        game.advance_deal();
        Ok(game)
    }

    fn start_round(&mut self, round: u32, deck: [Card; DECK_CARDS]) {
        self.round = round;
        self.deck = deck;
        self.dealt = 0;
        self.received = [CardBag::EMPTY; FTK_PLAYERS];
        self.banker = None;
        self.revealed = None;
        self.prompt = None;
        self.closing_next = 0;
        self.checkpoint = [0; FTK_PLAYERS];
        self.num_buried = 0;
        self.num_calls = 0;
        self.kitty_taken = false;
        self.table = None;
        self.played = [CardBag::EMPTY; FTK_PLAYERS];
        self.round_start = self.log.len();
        self.event(FtkGameEvent::Deal { round });
    }

    #[inline]
    fn event(&mut self, e: FtkGameEvent) {
        if self.record {
            self.events.push(e);
        }
    }

    // ----- reading -----

    pub fn setup(&self) -> &FtkSetup {
        &self.setup
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    /// The round the game was created at (its record starts there).
    pub fn spec_round(&self) -> u32 {
        self.spec_round
    }
    /// The deck the game was created with.
    pub fn spec_deck(&self) -> &[Card; DECK_CARDS] {
        &self.spec_deck
    }
    pub fn deck(&self) -> &[Card; DECK_CARDS] {
        &self.deck
    }
    /// Cards dealt so far in this round.
    pub fn dealt(&self) -> usize {
        self.dealt
    }
    pub fn banker(&self) -> Option<usize> {
        self.banker
    }
    pub fn revealed(&self) -> Option<Reveal> {
        self.revealed
    }
    /// The pending reveal opportunity: (seat, kind).
    pub fn prompt(&self) -> Option<(usize, PromptKind)> {
        self.prompt
    }
    /// Cards dealt when `seat` was last asked in this round (0 if never).
    pub fn checkpoint(&self, seat: usize) -> usize {
        self.checkpoint[seat]
    }
    pub fn closing_next(&self) -> usize {
        self.closing_next
    }
    /// The cards `seat` has received so far in this round.
    pub fn received(&self, seat: usize) -> CardBag {
        self.received[seat]
    }
    pub fn buried(&self) -> &[Card] {
        &self.buried[..self.num_buried]
    }
    pub fn buried_bag(&self) -> CardBag {
        let mut b = CardBag::EMPTY;
        for &c in self.buried() {
            b.insert(c);
        }
        b
    }
    pub fn calls(&self) -> &[Call] {
        &self.calls[..self.num_calls]
    }
    pub fn kitty_taken(&self) -> bool {
        self.kitty_taken
    }
    /// The 3 kitty cards of the deck (cards 106–108).
    pub fn kitty(&self) -> CardBag {
        let mut b = CardBag::EMPTY;
        for &c in &self.deck[DEAL_CARDS..] {
            b.insert(c);
        }
        b
    }
    pub fn table(&self) -> Option<&FtkTable> {
        self.table.as_ref()
    }
    /// Cards each seat has played in card play.
    pub fn played(&self, seat: usize) -> CardBag {
        self.played[seat]
    }
    /// Every action since the deal spec, with its actor.
    pub fn log(&self) -> &[(usize, FtkAction)] {
        &self.log
    }
    pub fn round_start(&self) -> usize {
        self.round_start
    }
    /// Events not yet taken by [`FtkGame::take_events`].
    pub fn events(&self) -> &[FtkGameEvent] {
        &self.events
    }
    /// The events since the last call (and forgets them).
    pub fn take_events(&mut self) -> Vec<FtkGameEvent> {
        std::mem::take(&mut self.events)
    }
    /// Whether events are recorded (off in playouts).
    pub fn set_record(&mut self, record: bool) {
        self.record = record;
        if let Some(t) = self.table.as_mut() {
            t.set_record_history(record);
        }
        if !record {
            self.events.clear();
        }
    }

    /// The seat that receives the deck position `position` (0-based, below 105).
    #[inline]
    pub fn seat_of(&self, position: usize) -> usize {
        (self.setup.first + position) % FTK_PLAYERS
    }

    pub fn phase(&self) -> FtkPhase {
        if self.prompt.is_some() {
            FtkPhase::Deal
        } else if self.num_buried < 3 {
            FtkPhase::Bury
        } else if self.num_calls < self.setup.partner_calls {
            FtkPhase::Call
        } else {
            match &self.table {
                Some(t) if t.is_over() => FtkPhase::Over,
                _ => FtkPhase::Play,
            }
        }
    }

    pub fn is_over(&self) -> bool {
        self.phase() == FtkPhase::Over
    }

    pub fn current_player(&self) -> Option<usize> {
        match self.phase() {
            FtkPhase::Deal => self.prompt.map(|p| p.0),
            FtkPhase::Bury | FtkPhase::Call => self.banker,
            FtkPhase::Play => self.table.as_ref().and_then(|t| t.current_player()),
            FtkPhase::Over => None,
        }
    }

    /// FTK-3.6: deal 1 everyone; later deals only the previous winners.
    #[inline]
    pub fn eligible(&self, seat: usize) -> bool {
        match self.setup.previous_winners {
            None => true,
            Some(w) => w & (1 << seat) != 0,
        }
    }

    /// FTK-3.6: the card rank (0 = 2 … 12 = A) that `seat` reveals: 3 in deal 1, else his own
    /// stored level.
    #[inline]
    pub fn qualifying_rank(&self, seat: usize) -> u8 {
        match self.setup.previous_winners {
            None => 1,
            Some(_) => self.setup.levels[seat],
        }
    }

    /// True if `card` is a reveal opportunity for `seat` (FTK-3.6, FTK-3.7).
    #[inline]
    pub fn qualifies(&self, seat: usize, card: Card) -> bool {
        self.eligible(seat) && !card.is_joker() && card.rank() == self.qualifying_rank(seat)
    }

    /// The qualifying card kinds `seat` holds, in index order.
    pub fn qualifying_cards(&self, seat: usize) -> Vec<Card> {
        if !self.eligible(seat) {
            return Vec::new();
        }
        let r = self.qualifying_rank(seat);
        (0..4)
            .filter_map(|s| Card::new(r, s))
            .filter(|&c| self.received[seat].contains(c))
            .collect()
    }

    /// The banker's hand after taking the kitty, less what he buried (FTK-3.13).
    pub fn banker_hand(&self) -> CardBag {
        match self.banker {
            Some(b) if self.kitty_taken => {
                self.received[b].plus(self.kitty()).minus(self.buried_bag())
            }
            _ => CardBag::EMPTY,
        }
    }

    /// Every seat's current cards: received cards, the banker's after kitty and bury, then the
    /// table's hands in card play.
    pub fn hands(&self) -> [CardBag; FTK_PLAYERS] {
        if let Some(t) = &self.table {
            return *t.hands();
        }
        let mut h = self.received;
        if let Some(b) = self.banker {
            if self.kitty_taken {
                h[b] = self.banker_hand();
            }
        }
        h
    }

    /// The cards `seat` had received when `dealt` cards had been dealt.
    pub fn received_until(&self, seat: usize, dealt: usize) -> CardBag {
        let mut b = CardBag::EMPTY;
        let mut p = (seat + FTK_PLAYERS - self.setup.first) % FTK_PLAYERS;
        while p < dealt.min(DEAL_CARDS) {
            b.insert(self.deck[p]);
            p += FTK_PLAYERS;
        }
        b
    }

    /// The cards dealt as far as `viewer` may know (FTK-3.10): his checkpoint while the deal is
    /// being dealt, all 105 afterwards.
    pub fn dealt_seen_by(&self, viewer: usize) -> usize {
        if self.phase() == FtkPhase::Deal {
            self.checkpoint[viewer]
        } else {
            self.dealt
        }
    }

    // ----- dealing (FTK-3.5–3.13) -----

    fn set_prompt(&mut self, seat: usize, kind: PromptKind) {
        self.prompt = Some((seat, kind));
        self.checkpoint[seat] = self.dealt;
    }

    fn advance_deal(&mut self) {
        loop {
            self.prompt = None;
            while self.dealt < DEAL_CARDS {
                let seat = self.seat_of(self.dealt);
                let card = self.deck[self.dealt];
                self.received[seat].insert(card);
                self.dealt += 1;
                if self.banker.is_none() && self.qualifies(seat, card) {
                    self.set_prompt(seat, PromptKind::Receipt); // FTK-3.7a
                    return;
                }
            }
            if self.banker.is_none() {
                while self.closing_next < FTK_PLAYERS {
                    // FTK-3.7b
                    let seat = (self.setup.first + self.closing_next) % FTK_PLAYERS;
                    self.closing_next += 1;
                    if !self.qualifying_cards(seat).is_empty() {
                        self.set_prompt(seat, PromptKind::Closing);
                        return;
                    }
                }
                match (self.setup.previous_winners, self.setup.previous_banker) {
                    (Some(winners), Some(pb)) => {
                        // FTK-3.12: the fallback scan from P+1 to P.
                        for k in 1..=FTK_PLAYERS {
                            let seat = (pb + k) % FTK_PLAYERS;
                            if winners & (1 << seat) != 0 {
                                self.banker = Some(seat);
                                self.event(FtkGameEvent::Banker {
                                    player: seat,
                                    by_reveal: false,
                                });
                                break;
                            }
                        }
                    }
                    _ => {
                        // FTK-3.11: redeal deal 1, same F.
                        self.event(FtkGameEvent::Redeal { round: self.round });
                        let next = self.round + 1;
                        let deck = shuffled_deck(self.setup.seed, next);
                        self.start_round(next, deck);
                        continue;
                    }
                }
            }
            // FTK-3.13: the banker takes the kitty.
            self.kitty_taken = true;
            let banker = self.banker.expect("a banker is fixed");
            self.event(FtkGameEvent::Kitty { player: banker });
            return;
        }
    }

    // ----- legal actions -----

    /// The legal actions in the game's listing order: pass then reveals; burials by card
    /// index; calls by card index, first before second; plays as generated, then pass.
    pub fn legal_actions_into(&self, out: &mut Vec<FtkAction>) {
        out.clear();
        match self.phase() {
            FtkPhase::Deal => {
                let (seat, _) = self.prompt.expect("a prompt");
                out.push(FtkAction::Pass);
                out.extend(
                    self.qualifying_cards(seat)
                        .into_iter()
                        .map(FtkAction::Reveal),
                );
            }
            FtkPhase::Bury => {
                out.extend(self.banker_hand().kinds().iter().map(FtkAction::Bury));
            }
            FtkPhase::Call => {
                for i in 0..52u8 {
                    let card = Card::from_index(i).expect("a card");
                    for ordinal in 1..=2u8 {
                        let call = Call { card, ordinal };
                        if self.call_violation(&call).is_none() {
                            out.push(FtkAction::Call(call));
                        }
                    }
                }
            }
            FtkPhase::Play => {
                let table = self.table.as_ref().expect("a table");
                let mut plays = Vec::new();
                let pass = table.legal_plays_into(&mut plays);
                out.extend(plays.into_iter().map(FtkAction::Play));
                if pass {
                    out.push(FtkAction::Pass);
                }
            }
            FtkPhase::Over => {}
        }
    }

    pub fn legal_actions(&self) -> Vec<FtkAction> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    fn call_violation(&self, call: &Call) -> Option<RuleViolation> {
        if let Err(v) = call.check(self.buried_bag()) {
            return Some(v);
        }
        if self.calls().contains(call) {
            return Some(violation(
                "FTK-3.20",
                format!("{} is already called", call_text(call)),
            ));
        }
        None
    }

    /// Why `action` is illegal now, or `None` if it is legal.
    pub fn violation(&self, action: &FtkAction) -> Option<RuleViolation> {
        match self.phase() {
            FtkPhase::Deal => {
                let (seat, _) = self.prompt.expect("a prompt");
                match action {
                    FtkAction::Pass => None,
                    FtkAction::Reveal(card) => {
                        if self.qualifying_cards(seat).contains(card) {
                            None
                        } else {
                            Some(violation(
                                "FTK-3.8",
                                format!(
                                    "seat {seat} may only show a card of his qualifying rank {} \
                                     from his hand",
                                    crate::cards::RANK_CHARS[self.qualifying_rank(seat) as usize]
                                        as char
                                ),
                            ))
                        }
                    }
                    _ => Some(violation(
                        "FTK-3.7",
                        "only pass or reveal <card> are possible now".into(),
                    )),
                }
            }
            FtkPhase::Bury => match action {
                FtkAction::Bury(card) => {
                    if self.banker_hand().contains(*card) {
                        None
                    } else {
                        Some(violation(
                            "FTK-3.13",
                            format!("the banker does not hold {card}"),
                        ))
                    }
                }
                _ => Some(violation(
                    "FTK-3.13",
                    "the banker must bury 3 cards first".into(),
                )),
            },
            FtkPhase::Call => match action {
                FtkAction::Call(call) => self.call_violation(call),
                _ => Some(violation(
                    "FTK-3.14",
                    "the banker must make the partner call now".into(),
                )),
            },
            FtkPhase::Play => {
                let table = self.table.as_ref().expect("a table");
                let player = table.current_player().expect("a player");
                match action {
                    FtkAction::Pass => table.can_pass(player).err(),
                    FtkAction::Play(combo) => table.can_play(player, combo).err(),
                    _ => Some(violation(
                        "FTK-5.3",
                        "only plays and passes are possible in card play".into(),
                    )),
                }
            }
            FtkPhase::Over => Some(violation("FTK-6.1", "the deal is over".into())),
        }
    }

    /// Applies `action` if it is legal; otherwise nothing changes.
    pub fn apply(&mut self, action: FtkAction) -> Result<(), RuleViolation> {
        if let Some(v) = self.violation(&action) {
            return Err(v);
        }
        self.apply_unchecked(action);
        Ok(())
    }

    /// Applies an action known to be legal.
    pub fn apply_unchecked(&mut self, action: FtkAction) {
        let player = self.current_player().expect("the deal is not over");
        if self.keep_log {
            self.log.push((player, action));
        }
        match action {
            FtkAction::Reveal(card) => {
                let (_, kind) = self.prompt.expect("a prompt");
                self.banker = Some(player);
                self.revealed = Some(Reveal {
                    seat: player,
                    card,
                    dealt: self.dealt,
                    kind,
                });
                self.event(FtkGameEvent::Reveal {
                    player,
                    card,
                    dealt: self.dealt,
                });
                self.event(FtkGameEvent::Banker {
                    player,
                    by_reveal: true,
                });
                self.advance_deal();
            }
            FtkAction::Pass if self.prompt.is_some() => self.advance_deal(),
            FtkAction::Bury(card) => {
                self.buried[self.num_buried] = card;
                self.num_buried += 1;
                if self.num_buried == 3 {
                    self.event(FtkGameEvent::Buried { player });
                }
            }
            FtkAction::Call(call) => {
                self.calls[self.num_calls] = call;
                self.num_calls += 1;
                self.event(FtkGameEvent::Call { player, call });
                if self.num_calls == self.setup.partner_calls {
                    self.start_play();
                }
            }
            FtkAction::Pass => {
                let table = self.table.as_mut().expect("a table");
                table.apply_pass();
                self.sync_table();
            }
            FtkAction::Play(combo) => {
                self.played[player] = self.played[player].plus(combo.bag());
                let table = self.table.as_mut().expect("a table");
                table.apply_play(combo);
                self.sync_table();
            }
        }
    }

    fn sync_table(&mut self) {
        if !self.record {
            return;
        }
        let table = self.table.as_mut().expect("a table");
        let new = std::mem::take(&mut table.history);
        self.events.extend(new.into_iter().map(FtkGameEvent::Table));
    }

    fn start_play(&mut self) {
        let banker = self.banker.expect("a banker");
        let mut hands = self.received;
        hands[banker] = self.banker_hand();
        let mut table = FtkTable::new(hands, banker, self.buried_bag(), self.calls())
            .expect("a legal bury and call make a valid table");
        table.set_record_history(self.record);
        self.table = Some(table);
    }

    /// The card kinds of unanswered calls (they make plays differ by suit, FTK-3.16).
    pub fn distinguished(&self) -> CardSet {
        match &self.table {
            Some(t) => t.context().distinguished,
            None => CardSet::EMPTY,
        }
    }

    /// The id of `action` in the fixed action space ([`super::ids`]), `None` if it has none.
    pub fn action_id(&self, action: &FtkAction) -> Option<u32> {
        super::ids::action_id(action, self.distinguished())
    }

    /// The legal actions and their ids, in listing order.
    pub fn legal_with_ids(&self, actions: &mut Vec<FtkAction>, ids: &mut Vec<u32>) {
        self.legal_actions_into(actions);
        let d = self.distinguished();
        ids.clear();
        ids.extend(
            actions
                .iter()
                .map(|a| super::ids::action_id(a, d).expect("every legal action has an id")),
        );
    }

    /// Each seat's payoff once the deal is over, in the unit of the Python `returns()`: the
    /// levels each winner gains (FTK-6.6), the same number negated for each loser; zeros
    /// before the end.
    pub fn returns(&self) -> [f64; FTK_PLAYERS] {
        let mut out = [0.0; FTK_PLAYERS];
        if let Some(s) = self.table.as_ref().and_then(|t| t.settlement()) {
            for (seat, o) in out.iter_mut().enumerate() {
                let steps = s.steps as f64;
                *o = if s.steps == 0 {
                    0.0
                } else if s.banker_side[seat] == s.banker_side_wins {
                    steps
                } else {
                    -steps
                };
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::climbing::ftk_table::{ids, policy, resample};
    use crate::climbing::Policy;

    fn setup(seed: u64, partner_calls: usize) -> FtkSetup {
        FtkSetup {
            seed,
            number: 1,
            levels: [1; FTK_PLAYERS],
            previous_winners: None,
            previous_banker: None,
            first: (seed % 5) as usize,
            partner_calls,
        }
    }

    fn random_walk(seed: u64, partner_calls: usize) -> Vec<FtkGame> {
        let mut g = FtkGame::new(setup(seed, partner_calls), 0, None).unwrap();
        let mut rng = Rng::new(seed);
        let mut out = vec![g.clone()];
        while !g.is_over() {
            let acts = g.legal_actions();
            let a = acts[rng.below(acts.len() as u64) as usize];
            g.apply(a).unwrap();
            out.push(g.clone());
        }
        out
    }

    #[test]
    fn deals_end_with_a_band_and_every_legal_action_has_its_own_id() {
        for seed in 0..30 {
            for calls in [1, 2] {
                let walk = random_walk(seed, calls);
                for g in &walk[..walk.len() - 1] {
                    let (mut acts, mut got) = (Vec::new(), Vec::new());
                    g.legal_with_ids(&mut acts, &mut got);
                    let mut sorted = got.clone();
                    sorted.sort_unstable();
                    sorted.dedup();
                    assert_eq!(sorted.len(), got.len(), "seed {seed}: ids repeat");
                    assert!(got.iter().all(|&i| i < ids::num_actions(calls)));
                }
                let end = walk.last().unwrap();
                let r = end.returns();
                let s = end.table().unwrap().settlement().unwrap();
                assert!(r.iter().all(|x| x.abs() == s.steps as f64));
            }
        }
    }

    #[test]
    fn reveal_opportunities_pause_only_for_the_seat_asked() {
        // FTK-3.10: a seat's checkpoint moves only when it is asked.
        let walk = random_walk(4, 1);
        for pair in walk.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            if b.phase() != FtkPhase::Deal || b.round() != a.round() {
                continue;
            }
            let asked = b.prompt().unwrap().0;
            for seat in 0..FTK_PLAYERS {
                if seat != asked {
                    assert_eq!(a.checkpoint(seat), b.checkpoint(seat));
                }
            }
            assert_eq!(b.checkpoint(asked), b.dealt());
        }
    }

    #[test]
    fn resample_keeps_the_decision_point_and_the_viewers_cards() {
        let mut rng = Rng::new(9);
        for seed in 0..10 {
            let walk = random_walk(seed, 1 + (seed % 2) as usize);
            for (k, g) in walk[..walk.len() - 1].iter().enumerate() {
                if g.phase() == FtkPhase::Play && k % 9 != 0 {
                    continue;
                }
                for viewer in 0..FTK_PLAYERS {
                    let r = resample::resample(g, viewer, &mut rng).unwrap();
                    assert_eq!(r.phase(), g.phase());
                    assert_eq!(r.current_player(), g.current_player());
                    assert_eq!(r.dealt_seen_by(viewer), g.dealt_seen_by(viewer));
                    let shown = g.dealt_seen_by(viewer);
                    assert_eq!(
                        r.received_until(viewer, shown),
                        g.received_until(viewer, shown)
                    );
                    assert_ne!(r.setup().seed, g.setup().seed);
                    if g.phase() != FtkPhase::Deal {
                        assert_eq!(r.hands()[viewer], g.hands()[viewer]);
                        for s in 0..FTK_PLAYERS {
                            assert_eq!(r.hands()[s].len(), g.hands()[s].len());
                            assert_eq!(r.played(s), g.played(s));
                        }
                        if g.banker() == Some(viewer) {
                            assert_eq!(r.buried(), g.buried());
                        }
                    }
                }
            }
        }
        let end = random_walk(1, 1).pop().unwrap();
        assert!(resample::resample(&end, 0, &mut rng).is_err());
    }

    #[test]
    fn playouts_do_not_depend_on_threads() {
        let walk = random_walk(6, 1);
        for g in [&walk[0], &walk[walk.len() / 2]] {
            for p in [Policy::Random, Policy::Greedy] {
                let one = policy::game_playouts(g, 12, p, 5, 1);
                let three = policy::game_playouts(g, 12, p, 5, 3);
                assert_eq!(one, three);
            }
        }
    }
}
