//! Ten Point Smear, one deal (rules/smear.md, ids `SM-x.y`): bidding, trump, stock and
//! discards, the 5-player partner call, six tricks on a [`TrickState`] and the points (SM-6.1–
//! 6.3). Settlement (made or set) and the race to 52 are in Python (`cardavia.smear`).
//!
//! The discards, simultaneous and hidden in the rules (SM-3.9), are taken here one card per
//! action, the bidder first and then clockwise, each player until he holds 6; no player sees
//! another's discards, so the order carries no information. One card at a time keeps the action
//! space small (54 discard actions instead of every 6-card subset), and SM-3.10 becomes a rule
//! on each single discard: a trump may be discarded only while the hand holds more than 6
//! trumps, a non-trump always (while the hand holds more than 6 cards). The kept 6 then hold
//! `min(6, k)` trumps exactly as SM-3.10 requires, and every such keep can be reached.

use super::playout::{parallel_seeded_range, random_card};
use super::trick::{RuleIds, TrickRecord, TrickState, MAX_SEATS};
use super::trump::{TrumpRules, SUIT_NAMES};
use crate::cards::{Card, CardSet};
use crate::error::{invalid, Error, RuleViolation};
use crate::rng::Rng;

pub mod greedy;
mod search;

const PLAY_RULES: RuleIds = RuleIds {
    turn: "SM-5.2",
    not_held: "SM-5.2",
    follow: "SM-4.3",
    forced: "SM-5.4",
    over: "SM-5.5",
};

/// Cards each player is dealt (SM-3.4): 10 with 4 or 5 players, 8 with 6.
pub fn hand_size(players: usize) -> usize {
    if players == 6 {
        8
    } else {
        10
    }
}

/// Cards kept for play (SM-3.9).
pub const KEEP: usize = 6;

/// Game value of a card for the Game point (SM-2.7).
pub fn game_value(card: Card) -> u32 {
    if card.is_joker() {
        return 1;
    }
    match card.rank() {
        12 => 4, // A
        11 => 3, // K
        10 => 2, // Q
        9 => 1,  // J
        8 => 10, // T
        _ => 0,
    }
}

/// Phase of a smear deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Bidding,
    /// Everyone passed: the same dealer deals again (SM-3.6). Terminal for this deal.
    AllPassed,
    Trump,
    Discard,
    PartnerCall,
    Play,
    Over,
}

/// An action of a smear deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Pass,
    Bid(u8),
    Trump(u8),
    Discard(Card),
    Call(Card),
    Play(Card),
}

/// The points of a finished deal (SM-6.1–6.3): for each point, the side it went to (`None`
/// when its card was out of play or, for Game, on a tie).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Points {
    pub num_sides: usize,
    pub high: Option<(u8, Card)>,
    pub low: Option<(u8, Card)>,
    pub jack: Option<u8>,
    pub jick: Option<u8>,
    /// Small joker, big joker.
    pub jokers: [Option<u8>; 2],
    pub trey: Option<u8>,
    pub game: Option<u8>,
    pub game_totals: [u32; 3],
    /// Points per side.
    pub totals: [u32; 3],
}

/// One smear deal. See the module documentation.
#[derive(Clone, Debug)]
pub struct SmearDeal {
    n: usize,
    dealer: usize,
    dealt: [CardSet; MAX_SEATS],
    stock: CardSet,
    hands: [CardSet; MAX_SEATS],
    phase: Phase,
    bids: Vec<Option<u8>>,
    high: Option<(u8, usize)>,
    rules: Option<TrumpRules>,
    discards: [CardSet; MAX_SEATS],
    /// Every discard in action order (seat by seat, SM-3.9): what a replay needs.
    discard_log: Vec<Card>,
    discarder: usize,
    partner_card: Option<Card>,
    partner: Option<usize>,
    play: Option<TrickState>,
}

impl SmearDeal {
    /// A deal before the bidding: `players` 4, 5 or 6; `hands[i]` seat `i`'s dealt cards
    /// ([`hand_size`] each) and `stock` the rest of the 54 cards (SM-3.4).
    pub fn new(
        players: usize,
        dealer: usize,
        hands: &[CardSet],
        stock: CardSet,
    ) -> Result<SmearDeal, Error> {
        if !(4..=6).contains(&players) {
            return Err(invalid(format!(
                "smear is for 4, 5 or 6 players, got {players}"
            )));
        }
        if dealer >= players {
            return Err(invalid(format!(
                "dealer {dealer} is not a seat (0..{players})"
            )));
        }
        if hands.len() != players {
            return Err(invalid(format!(
                "{players} hands needed, got {}",
                hands.len()
            )));
        }
        let size = hand_size(players);
        let mut all = CardSet::EMPTY;
        for (seat, h) in hands.iter().chain(std::iter::once(&stock)).enumerate() {
            let want = if seat < players {
                size
            } else {
                54 - players * size
            };
            let what = if seat < players {
                format!("seat {seat}")
            } else {
                "the stock".to_string()
            };
            if h.len() != want {
                return Err(invalid(format!(
                    "{what} has {} cards; it must have {want} (SM-3.4)",
                    h.len()
                )));
            }
            let twice = all.intersection(*h);
            if !twice.is_empty() {
                return Err(invalid(format!("{twice} dealt twice (SM-2.1)")));
            }
            all = all.union(*h);
        }
        let mut dealt = [CardSet::EMPTY; MAX_SEATS];
        dealt[..players].copy_from_slice(hands);
        Ok(SmearDeal {
            n: players,
            dealer,
            dealt,
            stock,
            hands: dealt,
            phase: Phase::Bidding,
            bids: Vec::with_capacity(players),
            high: None,
            rules: None,
            discards: [CardSet::EMPTY; MAX_SEATS],
            discard_log: Vec::new(),
            discarder: 0,
            partner_card: None,
            partner: None,
            play: None,
        })
    }

    /// A seeded random deal (SM-3.4): shuffle the 54 cards, deal one at a time from the
    /// dealer's left; the rest is the stock.
    pub fn random(players: usize, dealer: usize, rng: &mut Rng) -> Result<SmearDeal, Error> {
        let (hands, stock) = random_hands(players, dealer, rng)?;
        SmearDeal::new(players, dealer, &hands, stock)
    }

    pub fn num_players(&self) -> usize {
        self.n
    }
    pub fn dealer(&self) -> usize {
        self.dealer
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn dealt(&self) -> &[CardSet] {
        &self.dealt[..self.n]
    }
    pub fn stock(&self) -> CardSet {
        self.stock
    }
    /// Each bid in order (`None` = pass), from the dealer's left.
    pub fn bids(&self) -> &[Option<u8>] {
        &self.bids
    }
    /// The bidder and his bid, once the bidding has ended with a bid.
    pub fn contract(&self) -> Option<(usize, u8)> {
        match self.phase {
            Phase::Bidding | Phase::AllPassed => None,
            _ => self.high.map(|(b, s)| (s, b)),
        }
    }
    pub fn bidder(&self) -> Option<usize> {
        self.contract().map(|(s, _)| s)
    }
    pub fn high_bid(&self) -> Option<(u8, usize)> {
        self.high
    }
    pub fn trump(&self) -> Option<u8> {
        self.rules.and_then(|r| r.trump())
    }
    pub fn rules(&self) -> Option<TrumpRules> {
        self.rules
    }
    pub fn discards(&self, seat: usize) -> CardSet {
        self.discards[seat]
    }
    /// Every discard so far in action order (the seats discard one after another, SM-3.9).
    pub fn discard_log(&self) -> &[Card] {
        &self.discard_log
    }
    pub fn partner_card(&self) -> Option<Card> {
        self.partner_card
    }
    /// The 5-player partner, once the called card is found in a hand (SM-3.11a).
    pub fn partner(&self) -> Option<usize> {
        self.partner
    }
    pub fn play(&self) -> Option<&TrickState> {
        self.play.as_ref()
    }
    /// Each seat's current cards.
    pub fn hands(&self) -> Vec<CardSet> {
        match &self.play {
            Some(p) => p.hands().to_vec(),
            None => self.hands[..self.n].to_vec(),
        }
    }

    /// The seat to act, or `None` when the deal is over or passed out.
    pub fn current_player(&self) -> Option<usize> {
        match self.phase {
            Phase::Bidding => Some((self.dealer + 1 + self.bids.len()) % self.n),
            Phase::Trump | Phase::PartnerCall => self.bidder(),
            Phase::Discard => Some(self.discarder),
            Phase::Play => self.play.as_ref().and_then(|p| p.current_player()),
            Phase::AllPassed | Phase::Over => None,
        }
    }

    /// The side of each seat for the points (SM-3.2, SM-3.11): 4 players teams {0,2} {1,3};
    /// 6 players {0,3} {1,4} {2,5}; 5 players side 0 = the bidder and his partner, side 1 =
    /// everyone else.
    pub fn side_of(&self, seat: usize) -> usize {
        match self.n {
            4 => seat % 2,
            6 => seat % 3,
            _ => {
                if Some(seat) == self.bidder() || Some(seat) == self.partner {
                    0
                } else {
                    1
                }
            }
        }
    }

    pub fn num_sides(&self) -> usize {
        match self.n {
            6 => 3,
            _ => 2,
        }
    }

    /// Ok if the seat to act may take `action` now, else the rule it breaks.
    pub fn check(&self, action: Action) -> Result<(), RuleViolation> {
        let Some(seat) = self.current_player() else {
            return Err(match self.phase {
                Phase::AllPassed => {
                    RuleViolation::new("SM-3.6", "everyone passed: the same dealer deals again")
                }
                _ => RuleViolation::new("SM-5.5", "the deal is over"),
            });
        };
        let phase_error = |rule: &'static str, what: &str| {
            Err(RuleViolation::new(
                rule,
                format!("{what} (the deal is in its {:?} phase)", self.phase),
            ))
        };
        match (self.phase, action) {
            (Phase::Bidding, Action::Pass) => Ok(()),
            (Phase::Bidding, Action::Bid(b)) => {
                let min = self.high.map_or(4, |(h, _)| h + 1).max(4);
                if b < min || b > 10 {
                    return Err(RuleViolation::new(
                        "SM-3.5",
                        format!("a bid must be from {min} to 10, got {b}"),
                    ));
                }
                Ok(())
            }
            (Phase::Bidding, _) => phase_error("SM-3.5", "the bidding is on: pass or bid 4-10"),
            (Phase::Trump, Action::Trump(s)) => {
                if s > 3 {
                    return Err(RuleViolation::new("SM-2.2", "trump is one of s, h, d, c"));
                }
                Ok(())
            }
            (Phase::Trump, _) => phase_error("SM-3.7", "the bidder must name trump now"),
            (Phase::Discard, Action::Discard(card)) => {
                let hand = self.hands[seat];
                if !hand.contains(card) {
                    return Err(RuleViolation::new(
                        "SM-3.9",
                        format!("seat {seat} does not hold {card}"),
                    ));
                }
                let rules = self.rules.expect("trump named");
                let trumps = hand.intersection(rules.trumps()).len();
                if rules.is_trump(card) && trumps <= KEEP {
                    return Err(RuleViolation::new(
                        "SM-3.10",
                        format!(
                            "{card} is a trump and seat {seat} holds {trumps} trumps: a trump may \
                             be discarded only by a player holding more than 6 trumps, and only \
                             down to 6"
                        ),
                    ));
                }
                Ok(())
            }
            (Phase::Discard, _) => phase_error("SM-3.9", "players are discarding down to 6"),
            (Phase::PartnerCall, Action::Call(card)) => self.check_call(seat, card),
            (Phase::PartnerCall, _) => {
                phase_error("SM-3.11", "the bidder must call a partner card")
            }
            (Phase::Play, Action::Play(card)) => {
                self.play.as_ref().expect("play").can_play(seat, card)
            }
            (Phase::Play, _) => phase_error("SM-5.2", "the cards are being played"),
            (Phase::AllPassed | Phase::Over, _) => unreachable!("no current player"),
        }
    }

    fn check_call(&self, bidder: usize, card: Card) -> Result<(), RuleViolation> {
        let rules = self.rules.expect("trump named");
        if self.hands[bidder].contains(card) {
            return Err(RuleViolation::new(
                "SM-3.11",
                format!("the partner card may not be in the bidder's hand; he holds {card}"),
            ));
        }
        if self.discards[bidder].contains(card) {
            return Err(RuleViolation::new(
                "SM-3.11",
                format!("the partner card may not be one of the bidder's own discards ({card})"),
            ));
        }
        let trey = Card::new(1, rules.trump().expect("trump")).expect("3 of trump");
        if card == trey {
            return Err(RuleViolation::new(
                "SM-3.11",
                format!("the partner card may not be the 3 of trump ({card})"),
            ));
        }
        Ok(())
    }

    /// Takes `action` for the seat to act (checked first).
    pub fn apply(&mut self, action: Action) -> Result<(), RuleViolation> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// Takes `action`, already known to be legal.
    pub fn apply_unchecked(&mut self, action: Action) {
        let seat = self.current_player().expect("someone to act");
        match action {
            Action::Pass | Action::Bid(_) => {
                let bid = match action {
                    Action::Bid(b) => Some(b),
                    _ => None,
                };
                self.bids.push(bid);
                if let Some(b) = bid {
                    self.high = Some((b, seat));
                }
                // SM-3.6: a 10 ends the bidding at once; otherwise it ends after the dealer.
                if bid == Some(10) || self.bids.len() == self.n {
                    self.phase = if self.high.is_some() {
                        Phase::Trump
                    } else {
                        Phase::AllPassed
                    };
                }
            }
            Action::Trump(s) => {
                self.rules = Some(TrumpRules::smear(s)); // SM-3.7
                if self.n != 5 {
                    self.hands[seat] = self.hands[seat].union(self.stock); // SM-3.8
                }
                self.phase = Phase::Discard;
                self.discarder = seat;
            }
            Action::Discard(card) => {
                self.hands[seat].remove(card);
                self.discards[seat].insert(card);
                self.discard_log.push(card);
                if self.hands[seat].len() == KEEP {
                    let bidder = self.bidder().expect("bidder");
                    let next = (1..self.n)
                        .map(|k| (seat + k) % self.n)
                        .take_while(|&s| s != bidder)
                        .find(|&s| self.hands[s].len() > KEEP);
                    match next {
                        Some(s) => self.discarder = s,
                        None if self.n == 5 => self.phase = Phase::PartnerCall,
                        None => self.start_play(),
                    }
                }
            }
            Action::Call(card) => {
                self.partner_card = Some(card);
                self.partner = (0..self.n).find(|&s| s != seat && self.hands[s].contains(card));
                self.start_play();
            }
            Action::Play(card) => {
                let play = self.play.as_mut().expect("play");
                play.play_unchecked(card);
                if play.is_over() {
                    self.phase = Phase::Over;
                }
            }
        }
    }

    fn start_play(&mut self) {
        let bidder = self.bidder().expect("bidder");
        let mut state = TrickState::new(
            self.rules.expect("trump"),
            PLAY_RULES,
            &self.hands[..self.n],
            bidder, // SM-5.1
        )
        .expect("six cards each");
        if let (Some(partner), Some(card)) = (self.partner, self.partner_card) {
            state
                .set_forced_card(partner, card)
                .expect("partner holds it"); // SM-5.4
        }
        self.play = Some(state);
        self.phase = Phase::Play;
    }

    /// Every legal action of the seat to act, in a fixed order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.current_player() else {
            return Vec::new();
        };
        match self.phase {
            Phase::Bidding => {
                let min = self.high.map_or(4, |(h, _)| h + 1).max(4);
                std::iter::once(Action::Pass)
                    .chain((min..=10).map(Action::Bid))
                    .collect()
            }
            Phase::Trump => (0..4).map(Action::Trump).collect(),
            Phase::Discard => self
                .legal_discards(seat)
                .iter()
                .map(Action::Discard)
                .collect(),
            Phase::PartnerCall => self.legal_calls(seat).iter().map(Action::Call).collect(),
            Phase::Play => self
                .play
                .as_ref()
                .expect("play")
                .legal_cards()
                .iter()
                .map(Action::Play)
                .collect(),
            Phase::AllPassed | Phase::Over => Vec::new(),
        }
    }

    fn legal_discards(&self, seat: usize) -> CardSet {
        let hand = self.hands[seat];
        let trumps = self.rules.expect("trump").trumps();
        if hand.intersection(trumps).len() > KEEP {
            hand
        } else {
            hand.difference(trumps)
        }
    }

    fn legal_calls(&self, bidder: usize) -> CardSet {
        let rules = self.rules.expect("trump");
        let trey = Card::new(1, rules.trump().expect("trump")).expect("3 of trump");
        CardSet::full_pack(true)
            .difference(self.hands[bidder])
            .difference(self.discards[bidder])
            .difference(CardSet(trey.bit()))
    }

    /// A random legal action (uniform), `None` when nothing is to be done.
    pub fn random_action(&self, rng: &mut Rng) -> Option<Action> {
        match self.phase {
            Phase::Discard => {
                let seat = self.current_player()?;
                Some(Action::Discard(random_card(self.legal_discards(seat), rng)))
            }
            Phase::PartnerCall => {
                let seat = self.current_player()?;
                Some(Action::Call(random_card(self.legal_calls(seat), rng)))
            }
            Phase::Play => Some(Action::Play(random_card(
                self.play.as_ref()?.legal_cards(),
                rng,
            ))),
            _ => {
                let actions = self.legal_actions();
                if actions.is_empty() {
                    return None;
                }
                Some(actions[rng.below(actions.len() as u64) as usize])
            }
        }
    }

    /// Plays on with uniformly random legal actions until the deal is over or passed out.
    pub fn random_playout(&mut self, rng: &mut Rng) {
        while let Some(a) = self.random_action(rng) {
            self.apply_unchecked(a);
        }
    }

    /// The points of the deal (SM-6.1–6.3), once it is over.
    pub fn points(&self) -> Option<Points> {
        if self.phase != Phase::Over {
            return None;
        }
        let play = self.play.as_ref()?;
        let sides: Vec<usize> = (0..self.n).map(|s| self.side_of(s)).collect();
        Some(points(
            self.rules?.trump()?,
            self.num_sides(),
            play.completed(),
            &sides,
        ))
    }
}

/// The points (SM-6.1–6.3) of played tricks: `trump` the trump suit, `side_of[seat]` each
/// seat's side (`< num_sides`), every trick with its leader, cards in play order and winner.
/// Cards never played (discarded, unused) score nothing (SM-6.2).
pub fn points(trump: u8, num_sides: usize, tricks: &[TrickRecord], side_of: &[usize]) -> Points {
    let rules = TrumpRules::smear(trump);
    let n = side_of.len();
    let jick = rules.jick().expect("smear has a jick");
    let jack = Card::new(9, trump).expect("jack");
    let trey = Card::new(1, trump).expect("trey");
    let mut p = Points {
        num_sides,
        ..Points::default()
    };
    let mut high: Option<(u8, Card, usize)> = None;
    let mut low: Option<(u8, Card, usize)> = None;
    for t in tricks {
        let taker = side_of[t.winner as usize] as u8;
        for (k, &card) in t.cards().iter().enumerate() {
            let by = t.seat_of(k, n);
            p.game_totals[taker as usize] += game_value(card);
            if card == jack {
                p.jack = Some(taker);
            } else if card == jick {
                p.jick = Some(taker);
            } else if card == Card::SMALL_JOKER {
                p.jokers[0] = Some(taker);
            } else if card == Card::BIG_JOKER {
                p.jokers[1] = Some(taker);
            } else if card == trey {
                p.trey = Some(taker);
            }
            // SM-6.1: High and Low among the trumps played, jokers excluded, to the side that
            // played the card (even when an opponent captured it).
            if rules.is_trump(card) && !card.is_joker() {
                let power = rules.power(card);
                if high.is_none_or(|(h, _, _)| power > h) {
                    high = Some((power, card, by));
                }
                if low.is_none_or(|(l, _, _)| power < l) {
                    low = Some((power, card, by));
                }
            }
        }
    }
    p.high = high.map(|(_, c, by)| (side_of[by] as u8, c));
    p.low = low.map(|(_, c, by)| (side_of[by] as u8, c));
    // SM-6.3: Game to the strictly greatest total; a tie at the top gives it to nobody.
    let best = *p.game_totals[..num_sides].iter().max().expect("sides");
    let leaders: Vec<usize> = (0..num_sides)
        .filter(|&s| p.game_totals[s] == best)
        .collect();
    if leaders.len() == 1 {
        p.game = Some(leaders[0] as u8);
    }
    let mut add = |side: Option<u8>, value: u32| {
        if let Some(s) = side {
            p.totals[s as usize] += value;
        }
    };
    add(p.high.map(|h| h.0), 1);
    add(p.low.map(|l| l.0), 1);
    add(p.jack, 1);
    add(p.jick, 1);
    add(p.jokers[0], 1);
    add(p.jokers[1], 1);
    add(p.trey, 3);
    add(p.game, 1);
    p
}

/// Shuffles the 54 cards and deals them from the dealer's left (SM-3.4): hands by seat, stock.
pub fn random_hands(
    players: usize,
    dealer: usize,
    rng: &mut Rng,
) -> Result<(Vec<CardSet>, CardSet), Error> {
    if !(4..=6).contains(&players) || dealer >= players {
        return Err(invalid(format!(
            "smear deals for 4, 5 or 6 players with a dealer among them (got {players} players, dealer {dealer})"
        )));
    }
    let mut deck: Vec<Card> = CardSet::full_pack(true).iter().collect();
    rng.shuffle(&mut deck);
    let size = hand_size(players);
    let mut hands = vec![CardSet::EMPTY; players];
    for (k, c) in deck[..players * size].iter().enumerate() {
        hands[(dealer + 1 + k) % players].insert(*c);
    }
    let stock = deck[players * size..].iter().copied().collect();
    Ok((hands, stock))
}

/// One simulated deal: how many all-pass redeals preceded it, the finished deal itself.
#[derive(Clone, Debug)]
pub struct SimulatedDeal {
    pub redeals: u32,
    pub deal: SmearDeal,
    pub points: Points,
}

/// `n` deals with random actions, deal `i` from `Rng::new(playout_seed(seed, i))` (a random
/// dealer, redealt by the same dealer after an all-pass), on `threads` threads; results in
/// index order and independent of `threads`.
pub fn simulate(
    players: usize,
    n: usize,
    seed: u64,
    threads: usize,
) -> Result<Vec<SimulatedDeal>, Error> {
    simulate_range(players, 0, n, seed, threads)
}

/// Deals `first..first + n` of [`simulate`]'s batch (the same results in slices).
pub fn simulate_range(
    players: usize,
    first: usize,
    n: usize,
    seed: u64,
    threads: usize,
) -> Result<Vec<SimulatedDeal>, Error> {
    if !(4..=6).contains(&players) {
        return Err(invalid(format!(
            "smear is for 4, 5 or 6 players, got {players}"
        )));
    }
    Ok(parallel_seeded_range(first, n, seed, threads, |_, rng| {
        let dealer = rng.below(players as u64) as usize;
        let mut redeals = 0;
        loop {
            let mut deal = SmearDeal::random(players, dealer, rng).expect("valid");
            deal.random_playout(rng);
            if deal.phase() == Phase::AllPassed {
                redeals += 1;
                continue;
            }
            let points = deal.points().expect("over");
            return SimulatedDeal {
                redeals,
                deal,
                points,
            };
        }
    }))
}

/// Name of a suit for messages.
pub fn suit_name(suit: u8) -> &'static str {
    SUIT_NAMES.get(suit as usize).copied().unwrap_or("?")
}
