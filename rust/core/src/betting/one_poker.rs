//! One One Poker deal (rules/onepoker.md): antes (OP-3.5), locks in turn order (OP-3.7), one
//! no-limit betting round on the shared [`Round`] (OP-4), reveal and settlement (OP-5).
//!
//! The shoe (stock, discard pile, held cards, reshuffles; OP-3.3, OP-3.4) lives with the match:
//! a deal starts from the two two-card hands already formed. [`simulate_matches`] plays whole
//! seeded random matches, shoe included, for simulation and invariant checks.

use super::actions::{Candidates, IdError, IdSpace};
use super::holdem::random_bet;
use super::round::{Round, MAX_SEATS};
use super::{Bet, Rules};
use crate::cards::Card;
use crate::climbing::RuleViolation;
use crate::error::{invalid, Error};
use crate::rng::Rng;
use crate::search::HiddenCards;
use std::cmp::Ordering;

/// OP-2.5: how locked card `x` fares against `y` (Greater = `x` wins). Not a sort key: the
/// relation has the cycle A > K > 2 > A (OP-8.5).
pub fn compare(x: Card, y: Card) -> Ordering {
    let (rx, ry) = (x.rank(), y.rank());
    const TWO: u8 = 0;
    const ACE: u8 = 12;
    if rx == ry {
        Ordering::Equal
    } else if (rx, ry) == (TWO, ACE) {
        Ordering::Greater // OP-2.3: a 2 beats an A
    } else if (rx, ry) == (ACE, TWO) {
        Ordering::Less
    } else {
        rx.cmp(&ry)
    }
}

/// OP-3.6: (UP, DOWN) — how many of the two cards rank 8..A, how many 2..7.
pub fn signal(cards: [Card; 2]) -> (u8, u8) {
    let up = cards.iter().filter(|c| c.rank() >= 6).count() as u8;
    (up, 2 - up)
}

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The first player locks, then the second (OP-3.7).
    Lock,
    /// The betting round (OP-4).
    Betting,
    /// Revealed and settled (OP-5).
    Over,
}

/// One entry of a deal's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnePokerEvent {
    Ante {
        seat: usize,
        amount: u32,
    },
    /// A card locked (which one is private to `seat` until the reveal).
    Lock {
        seat: usize,
        card: Card,
    },
    Action {
        seat: usize,
        action: Bet,
        moved: u32,
        is_bet: bool,
        all_in: bool,
    },
    /// Uncalled chips returned (OP-4.9).
    Return {
        seat: usize,
        amount: u32,
    },
    /// Both locked cards shown (OP-5.1).
    Reveal {
        cards: [Card; 2],
    },
    /// The pot and what each seat got; `winner` None for a split (OP-5.5).
    Settle {
        pot: u32,
        winner: Option<usize>,
        shares: [u32; 2],
        by_fold: bool,
    },
}

/// One One Poker deal. See the module documentation.
#[derive(Clone, Debug)]
pub struct OnePokerDeal {
    first: usize,
    hands: [[Card; 2]; 2],
    ante: [u32; 2],
    locked: [Option<Card>; 2],
    phase: Phase,
    round: Round,
    contrib: [u32; 2],
    won: [u32; 2],
    winner: Option<usize>,
    events: Vec<OnePokerEvent>,
    /// Stacks before the antes and the ante of the game (for returns and resampling).
    start_stack: [u32; 2],
    ante_option: u32,
    /// False in playouts: events are not kept.
    record: bool,
}

impl OnePokerDeal {
    /// A deal with the stacks before the antes, the first player (OP-3.2) and both hands.
    pub fn new(
        stacks: [u32; 2],
        first: usize,
        hands: [[Card; 2]; 2],
        ante: u32,
    ) -> Result<OnePokerDeal, Error> {
        if first > 1 {
            return Err(invalid(format!(
                "the first player is seat 0 or 1, not {first}"
            )));
        }
        if stacks.contains(&0) {
            return Err(invalid(
                "a player with no chips has lost the match: no deal (OP-6.1)",
            ));
        }
        if hands.iter().flatten().any(|c| c.is_joker()) {
            return Err(invalid("One Poker uses no jokers (OP-1.2)"));
        }
        let mut stack = [0u32; MAX_SEATS];
        let mut events = Vec::new();
        let mut ante_paid = [0u32; 2];
        for seat in [first, 1 - first] {
            let amount = ante.min(stacks[seat]); // OP-6.4: a short ante is all the player has
            stack[seat] = stacks[seat] - amount;
            ante_paid[seat] = amount;
            events.push(OnePokerEvent::Ante { seat, amount });
        }
        // The round starts after both locks (OP-3.8); until then it holds the stacks only.
        let round = Round::start(
            2,
            stack,
            [0; MAX_SEATS],
            [false; MAX_SEATS],
            0,
            1,
            first,
            Rules::ONE_POKER,
        );
        Ok(OnePokerDeal {
            first,
            hands,
            ante: ante_paid,
            locked: [None, None],
            phase: Phase::Lock,
            round,
            contrib: [0; 2],
            won: [0; 2],
            winner: None,
            events,
            start_stack: stacks,
            ante_option: ante,
            record: true,
        })
    }

    #[inline]
    fn log(&mut self, event: OnePokerEvent) {
        if self.record {
            self.events.push(event);
        }
    }

    /// Stop keeping events and drop those kept (playouts read only the stacks).
    pub fn stop_recording(&mut self) {
        self.record = false;
        self.events = Vec::new();
    }

    /// The stack of `seat` before this deal's ante.
    pub fn start_stack(&self, seat: usize) -> u32 {
        self.start_stack[seat]
    }

    /// The ante of the game (what each player pays when he can, OP-1.4).
    pub fn ante_option(&self) -> u32 {
        self.ante_option
    }

    /// The listed betting actions of the seat to act (see [`super::actions`]; empty outside
    /// the betting round).
    pub fn candidates(&self) -> Candidates {
        let owed = self
            .to_act()
            .filter(|_| self.phase == Phase::Betting)
            .map_or(0, |i| self.round.level().saturating_sub(self.round.bet[i]));
        Candidates::of(&self.legal(), self.level(), self.pot_total(), owed)
    }

    pub fn first_player(&self) -> usize {
        self.first
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn hand(&self, seat: usize) -> [Card; 2] {
        self.hands[seat]
    }
    pub fn locked(&self, seat: usize) -> Option<Card> {
        self.locked[seat]
    }
    /// The unlocked card, once `seat` has locked (OP-3.7).
    pub fn held(&self, seat: usize) -> Option<Card> {
        let locked = self.locked[seat]?;
        let [a, b] = self.hands[seat];
        Some(if a == locked { b } else { a })
    }
    pub fn ante(&self, seat: usize) -> u32 {
        self.ante[seat]
    }
    /// Chips behind (after the deal: the final stack).
    pub fn stack(&self, seat: usize) -> u32 {
        self.round.stack[seat] + self.won[seat]
    }
    pub fn bet(&self, seat: usize) -> u32 {
        self.round.bet[seat]
    }
    pub fn level(&self) -> u32 {
        self.round.level()
    }
    /// Chips in the middle: antes plus round bets (0 once settled).
    pub fn pot_total(&self) -> u32 {
        if self.phase == Phase::Over {
            0 // paid out
        } else {
            self.ante[0] + self.ante[1] + self.round.bet[0] + self.round.bet[1]
        }
    }
    pub fn folded(&self, seat: usize) -> bool {
        self.phase != Phase::Lock && !self.round.in_hand[seat]
    }
    /// The pot winner (None while playing and for a split, OP-5.5).
    pub fn winner(&self) -> Option<usize> {
        self.winner
    }
    pub fn events(&self) -> &[OnePokerEvent] {
        &self.events
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
    /// The seat to lock or to bet, None once the deal is over.
    pub fn to_act(&self) -> Option<usize> {
        match self.phase {
            Phase::Lock => Some(if self.locked[self.first].is_none() {
                self.first
            } else {
                1 - self.first
            }),
            Phase::Betting => self.round.to_act(),
            Phase::Over => None,
        }
    }
    pub fn legal(&self) -> super::Legal {
        if self.phase == Phase::Betting {
            self.round.legal()
        } else {
            super::Legal::default()
        }
    }

    /// Why locking `card` by `seat` is illegal now, if it is (OP-3.7, OP-7.4, OP-8.23).
    pub fn lock_violation(&self, seat: usize, card: Card) -> Option<RuleViolation> {
        let v = |rule: &'static str, message: String| Some(RuleViolation { rule, message });
        if self.phase != Phase::Lock {
            return v(
                "OP-3.7",
                "both cards are locked: a locked card cannot be changed".into(),
            );
        }
        let turn = self.to_act().expect("locking");
        if seat != turn {
            return v("OP-7.4", format!("seat {turn} locks first (turn order)"));
        }
        if !self.hands[seat].contains(&card) {
            return v(
                "OP-3.7",
                format!("{card} is not one of seat {seat}'s two cards"),
            );
        }
        None
    }

    pub fn lock(&mut self, seat: usize, card: Card) -> Result<(), RuleViolation> {
        if let Some(v) = self.lock_violation(seat, card) {
            return Err(v);
        }
        self.locked[seat] = Some(card);
        self.log(OnePokerEvent::Lock { seat, card });
        if self.locked.iter().all(Option::is_some) {
            // OP-3.8, OP-4.2: H = 0, Δ = 1; OP-4.3 the first player acts first; OP-4.8 item 4.
            let mut in_hand = [false; MAX_SEATS];
            in_hand[0] = true;
            in_hand[1] = true;
            self.round = Round::start(
                2,
                self.round.stack,
                [0; MAX_SEATS],
                in_hand,
                0,
                1,
                self.first,
                Rules::ONE_POKER,
            );
            self.phase = Phase::Betting;
            self.progress();
        }
        Ok(())
    }

    /// Why `action` by `seat` is illegal now, if it is (OP-3.8, OP-4.10).
    pub fn bet_violation(&self, seat: usize, action: Bet) -> Option<RuleViolation> {
        match self.phase {
            Phase::Lock => Some(RuleViolation {
                rule: "OP-3.8",
                message: "betting starts only after both players have locked".into(),
            }),
            Phase::Over => Some(RuleViolation {
                rule: "OP-4.10",
                message: "the deal is over".into(),
            }),
            Phase::Betting => self.round.violation(seat, action),
        }
    }

    /// Why BET/RAISE to `t` by `seat` is illegal now, if it is, for any `t` (OP-4.5, OP-4.6).
    pub fn raise_violation(&self, seat: usize, t: u64) -> Option<RuleViolation> {
        match self.phase {
            Phase::Betting => self.round.raise_to_violation(seat, t),
            _ => self.bet_violation(seat, Bet::Check),
        }
    }

    pub fn apply(&mut self, seat: usize, action: Bet) -> Result<(), RuleViolation> {
        if let Some(v) = self.bet_violation(seat, action) {
            return Err(v);
        }
        let is_bet = self.round.level() == 0;
        let moved = self.round.apply(seat, action)?;
        self.log(OnePokerEvent::Action {
            seat,
            action,
            moved,
            is_bet,
            all_in: self.round.stack[seat] == 0 && action != Bet::Fold,
        });
        self.progress();
        Ok(())
    }

    /// OP-4.8 to OP-5.5: once the round is over, return uncalled chips, reveal, settle.
    fn progress(&mut self) {
        if self.phase != Phase::Betting || self.round.to_act().is_some() {
            return;
        }
        if let Some((seat, amount)) = self.round.uncalled() {
            self.round.bet[seat] -= amount;
            self.round.stack[seat] += amount;
            self.log(OnePokerEvent::Return { seat, amount });
        }
        for i in 0..2 {
            self.contrib[i] = self.ante[i] + self.round.bet[i];
        }
        // OP-6.4: unequal antes are matched like bets (cannot happen with a 1-chip ante).
        if self.contrib[0] != self.contrib[1] && self.round.in_hand[0] && self.round.in_hand[1] {
            let big = usize::from(self.contrib[1] > self.contrib[0]);
            let excess = self.contrib[big] - self.contrib[1 - big];
            self.contrib[big] -= excess;
            self.round.stack[big] += excess;
            self.log(OnePokerEvent::Return {
                seat: big,
                amount: excess,
            });
        }
        let locked = [
            self.locked[0].expect("locked"),
            self.locked[1].expect("locked"),
        ];
        self.log(OnePokerEvent::Reveal { cards: locked }); // OP-5.1
        let pot = self.contrib[0] + self.contrib[1];
        let by_fold = !(self.round.in_hand[0] && self.round.in_hand[1]);
        let winner = if by_fold {
            Some(usize::from(self.round.in_hand[1])) // OP-5.2
        } else {
            match compare(locked[0], locked[1]) {
                Ordering::Greater => Some(0),
                Ordering::Less => Some(1),
                Ordering::Equal => None,
            }
        };
        let mut shares = [0u32; 2];
        match winner {
            Some(w) => shares[w] = pot,
            None => {
                // OP-5.4: equal halves; an odd chip (impossible) to the first player.
                shares = [pot / 2, pot / 2];
                shares[self.first] += pot % 2;
            }
        }
        self.won = shares;
        self.winner = winner;
        self.log(OnePokerEvent::Settle {
            pot,
            winner,
            shares,
            by_fold,
        });
        self.phase = Phase::Over;
    }
}

/// One action of a One Poker deal: a lock (OP-3.7) or a betting action (OP-4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OnePokerAction {
    Lock(Card),
    Bet(Bet),
}

impl OnePokerDeal {
    /// The legal action `id` stands for now, in the space of a game with `total_chips` chips:
    /// 0 fold, 1 check/call, `1 + T` bet/raise to `T` (`T` = 1 ..= `total_chips`), then
    /// `2 + total_chips + i` to lock a card of index `i` (either copy, OP-1.2).
    pub fn action_of_id(&self, total_chips: u32, id: u64) -> Result<OnePokerAction, IdError> {
        let seat = self.to_act().unwrap_or(self.first);
        let bets = IdSpace::Exact { total_chips };
        let size = bets.size() + 52;
        if id >= size {
            return Err(IdError::OutOfRange { id, size });
        }
        if id >= bets.size() {
            let card = Card::from_index((id - bets.size()) as u8).expect("an ordinary card");
            return match self.lock_violation(seat, card) {
                Some(v) => Err(IdError::Illegal(v)),
                None => Ok(OnePokerAction::Lock(card)),
            };
        }
        bets.bet_of(id, &self.candidates(), &Rules::ONE_POKER, |b| {
            self.bet_violation(seat, b)
        })
        .map(OnePokerAction::Bet)
    }

    /// The id of an action in the space of [`OnePokerDeal::action_of_id`] (None for an amount
    /// outside it).
    pub fn id_of(total_chips: u32, action: OnePokerAction) -> Option<u64> {
        let bets = IdSpace::Exact { total_chips };
        match action {
            OnePokerAction::Lock(card) => Some(bets.size() + u64::from(card.index())),
            OnePokerAction::Bet(bet) => bets.id_of(bet, &Candidates::default()),
        }
    }
}

/// The shoe around one deal as its spec gives it (OP-3.3, OP-3.4): the card each player kept
/// from the previous deal (None in deal 1), the stock at the start of the deal (top first: the
/// cards this deal draws come first) and the discard pile.
#[derive(Clone, Copy, Debug)]
pub struct Shoe<'a> {
    pub held: Option<[Card; 2]>,
    pub stock: &'a [Card],
    pub discard: &'a [Card],
}

/// A resampled deal with its shoe (held cards and stock; the discard pile is unchanged).
#[derive(Clone, Debug)]
pub struct Resampled {
    pub deal: OnePokerDeal,
    pub held: Option<[Card; 2]>,
    pub stock: Vec<Card>,
}

fn is_up(card: Card) -> bool {
    card.rank() >= 6 // OP-3.6: 8, 9, T, J, Q, K, A
}

impl OnePokerDeal {
    /// A deal consistent with everything `player` has observed (OP-3.11, OP-6.6), drawn
    /// uniformly from `rng` among the consistent deals (labelled cards: the two copies of a card
    /// are two cards).
    ///
    /// What `player` knows about the cards he has not seen — the 104-card shoe minus his own two
    /// cards and the discard pile (every card revealed since the last reshuffle; cards revealed
    /// before it went back into the stock) — is: the opponent holds two of them, with the
    /// opponent's public signal (how many are UP, OP-3.6); from deal 2 on, the group of the card
    /// the opponent carried in is public too (his signal of the previous deal minus his
    /// revealed locked card, OP-6.6), which fixes the group of each of his two positions; the
    /// rest is the stock, in an unknown order. The opponent's two positions therefore get cards
    /// of their groups and the stock the rest, uniformly by [`HiddenCards`] (seats: the two
    /// positions and the stock); in deal 1 with one UP and one DOWN card the order of the two
    /// (which card came first off the stock) is a fair coin, both orders having as many deals.
    /// If the opponent has locked, which of his two cards he locked is not known either: one of
    /// the two at random. The stacks, first player, own cards and lock and every betting action
    /// stay as they are.
    ///
    /// `shoe` must be this deal's (its held cards and first draws give the two hands).
    pub fn resample(
        &self,
        shoe: &Shoe<'_>,
        player: usize,
        rng: &mut Rng,
    ) -> Result<Resampled, Error> {
        if player > 1 {
            return Err(invalid(format!("player must be 0 or 1, got {player}")));
        }
        if self.phase == Phase::Over {
            return Err(invalid("the deal is over: there is nothing to resample"));
        }
        if !self.record {
            return Err(invalid("a deal without its events cannot be resampled"));
        }
        let (first, second, opp) = (self.first, 1 - self.first, 1 - player);
        let drawn = if shoe.held.is_some() { 2 } else { 4 };
        if shoe.stock.len() < drawn {
            return Err(invalid("the stock is too short for this deal"));
        }
        let s = shoe.stock;
        let mut expected = [[s[0]; 2]; 2];
        match shoe.held {
            None => {
                expected[first] = [s[0], s[2]]; // OP-3.3
                expected[second] = [s[1], s[3]];
            }
            Some(h) => {
                expected[first] = [h[first], s[0]]; // OP-3.4 step 4
                expected[second] = [h[second], s[1]];
            }
        }
        if expected != self.hands {
            return Err(invalid("the shoe given is not this deal's"));
        }
        // The cards `player` has not seen, as card indices (a card twice for both copies).
        let mut left = [2u8; 52];
        for c in self.hands[player].iter().chain(shoe.discard) {
            let slot = &mut left[c.index() as usize];
            if *slot == 0 {
                return Err(invalid(format!("{c} appears more than twice in the shoe")));
            }
            *slot -= 1;
        }
        let rest = s.len() - drawn;
        let unseen: Vec<u8> = (0..52u8)
            .flat_map(|i| std::iter::repeat_n(i, left[i as usize] as usize))
            .collect();
        if unseen.len() != rest + 2 {
            return Err(invalid(
                "held + stock + discard must be exactly the 104 cards of two packs (OP-1.2)",
            ));
        }
        // The groups of the opponent's two positions (carried or first card, drawn or second).
        let up = self.hands[opp].iter().filter(|&&c| is_up(c)).count();
        let groups = match shoe.held {
            Some(h) => {
                let carried = is_up(h[opp]); // public (OP-6.6)
                [carried, up == 1 + usize::from(carried)]
            }
            None => match up {
                0 => [false, false],
                2 => [true, true],
                _ => {
                    if rng.below(2) == 0 {
                        [true, false]
                    } else {
                        [false, true]
                    }
                }
            },
        };
        let mut problem = HiddenCards::new(&[1, 1, rest as u8])?;
        for &c in &unseen {
            let up = c / 4 >= 6;
            let seats = 0b100 | u8::from(groups[0] == up) | (u8::from(groups[1] == up) << 1);
            problem.add(c, seats);
        }
        let dealt = problem.sample(rng)?;
        let card = |i: u8| Card::from_index(i).expect("an ordinary card index");
        let (a, b) = (card(dealt[0][0]), card(dealt[1][0]));
        let mut stock_rest: Vec<Card> = dealt[2].iter().map(|&i| card(i)).collect();
        rng.shuffle(&mut stock_rest);
        let mut hands = self.hands;
        hands[opp] = [a, b];
        let opp_lock = self.locked[opp].map(|_| hands[opp][rng.below(2) as usize]);
        let (held, mut stock) = match shoe.held {
            None => (
                None,
                vec![
                    hands[first][0],
                    hands[second][0],
                    hands[first][1],
                    hands[second][1],
                ],
            ),
            Some(h) => {
                let mut held = h;
                held[opp] = a;
                (Some(held), vec![hands[first][1], hands[second][1]])
            }
        };
        stock.extend(stock_rest);
        let mut deal = OnePokerDeal::new(self.start_stack, first, hands, self.ante_option)?;
        let replay = |v: RuleViolation| invalid(format!("replaying the deal failed: {v}"));
        for e in &self.events {
            match *e {
                OnePokerEvent::Lock { seat, card } => {
                    let card = if seat == opp {
                        opp_lock.expect("the opponent locked")
                    } else {
                        card
                    };
                    deal.lock(seat, card).map_err(replay)?;
                }
                OnePokerEvent::Action { seat, action, .. } => {
                    deal.apply(seat, action).map_err(replay)?;
                }
                _ => {}
            }
        }
        Ok(Resampled { deal, held, stock })
    }
}

/// Totals of [`simulate_matches`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimulationTotals {
    pub matches: u64,
    pub deals: u64,
    pub actions: u64,
    pub reshuffles: u64,
    /// Deals whose chips did not add up (must stay 0).
    pub conservation_failures: u64,
}

/// `matches` seeded random matches (OP-6.1: to one player with all the chips), with the shoe of
/// OP-3.3 / OP-3.4, each checked for conservation (OP-8.25).
pub fn simulate_matches(
    matches: u64,
    seed: u64,
    stack: u32,
    ante: u32,
) -> Result<SimulationTotals, Error> {
    let mut rng = Rng::new(seed);
    let mut t = SimulationTotals::default();
    simulate_more(&mut rng, matches, &mut t, stack, ante)?;
    Ok(t)
}

/// [`simulate_matches`] continued: `matches` more matches from `rng`, added to `t` (so a long
/// run can be cut into chunks with the same results).
pub fn simulate_more(
    rng: &mut Rng,
    matches: u64,
    t: &mut SimulationTotals,
    stack: u32,
    ante: u32,
) -> Result<(), Error> {
    if stack == 0 || ante == 0 || stack > u32::MAX / 4 {
        return Err(invalid(format!(
            "stack and ante must be positive and the stack at most {}",
            u32::MAX / 4
        )));
    }
    let shoe: Vec<Card> = (0..104).filter_map(|i| Card::from_index(i % 52)).collect();
    for _ in 0..matches {
        let mut stock = shoe.clone();
        rng.shuffle(&mut stock);
        stock.reverse(); // pop() takes the top
        let mut discard: Vec<Card> = Vec::new();
        let mut stacks = [stack; 2];
        let mut first = 0usize;
        let mut held: Option<[Card; 2]> = None;
        loop {
            let second = 1 - first;
            let mut hands = [[shoe[0]; 2]; 2];
            match held {
                None => {
                    let cards: Vec<Card> =
                        (0..4).map(|_| stock.pop().expect("104 cards")).collect();
                    hands[first] = [cards[0], cards[2]];
                    hands[second] = [cards[1], cards[3]];
                }
                Some(h) => {
                    if stock.len() < 2 {
                        discard.append(&mut stock);
                        stock = std::mem::take(&mut discard);
                        rng.shuffle(&mut stock);
                        t.reshuffles += 1;
                    }
                    hands[first] = [h[first], stock.pop().expect("stock")];
                    hands[second] = [h[second], stock.pop().expect("stock")];
                }
            }
            let mut deal = OnePokerDeal::new(stacks, first, hands, ante)?;
            while let Some(seat) = deal.to_act() {
                if deal.phase() == Phase::Lock {
                    let card = hands[seat][rng.below(2) as usize];
                    deal.lock(seat, card).map_err(|v| invalid(v.to_string()))?;
                } else {
                    let bet = random_bet(&deal.legal(), rng);
                    deal.apply(seat, bet).map_err(|v| invalid(v.to_string()))?;
                    let live = deal.stack(0) + deal.stack(1) + deal.pot_total();
                    if live != 2 * stack {
                        t.conservation_failures += 1;
                    }
                }
                t.actions += 1;
            }
            t.deals += 1;
            let after = [deal.stack(0), deal.stack(1)];
            if after[0] + after[1] != stacks[0] + stacks[1] {
                t.conservation_failures += 1;
            }
            stacks = after;
            discard.push(deal.locked(0).expect("locked"));
            discard.push(deal.locked(1).expect("locked"));
            held = Some([deal.held(0).expect("held"), deal.held(1).expect("held")]);
            first = match deal.winner() {
                Some(w) => w,
                None => 1 - first, // OP-3.2: a tie switches the first player
            };
            if stacks.contains(&0) {
                break;
            }
        }
        t.matches += 1;
    }
    Ok(())
}
