//! Bindings of `cardavia_core::betting`: the Hold'em hand and the One Poker deal state
//! machines, the button rule, the reference showdown value, the One Poker comparison and seeded
//! random simulations. Cards cross the boundary as rule-notation text (`"Ah Kd"`).

use crate::cards::cards_from_any;
use crate::errors::{invalid_argument, to_py};
use cardavia_core::betting::{self as core, holdem, one_poker, Bet, HoldemEvent, OnePokerEvent};
use cardavia_core::cards::{format_cards, Card};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// (fold, check, call amount or None, (min, max) raise-to or None, is_bet).
type LegalTuple = (bool, bool, Option<u32>, Option<(u32, u32)>, bool);

fn legal_tuple(l: &core::Legal) -> LegalTuple {
    (l.fold, l.check, l.call, l.raise, l.is_bet)
}

fn bet_from(kind: &str, amount: Option<u32>) -> PyResult<Bet> {
    match (kind, amount) {
        ("fold", None) => Ok(Bet::Fold),
        ("check", None) => Ok(Bet::Check),
        ("call", _) => Ok(Bet::Call),
        ("bet" | "raise", Some(t)) => Ok(Bet::RaiseTo(t)),
        _ => Err(invalid_argument(format!(
            "unknown betting action {kind:?} (amount {amount:?}); expected fold, check, call, \
             or bet/raise with a to-amount"
        ))),
    }
}

fn bet_kind(action: Bet, is_bet: bool) -> &'static str {
    match action {
        Bet::Fold => "fold",
        Bet::Check => "check",
        Bet::Call => "call",
        Bet::RaiseTo(_) if is_bet => "bet",
        Bet::RaiseTo(_) => "raise",
    }
}

fn text(cards: &[Card]) -> String {
    format_cards(cards.iter().copied())
}

fn cards_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    cards_from_any(obj)
}

fn action_dict<'py>(
    d: &Bound<'py, PyDict>,
    seat: usize,
    action: Bet,
    moved: u32,
    is_bet: bool,
    all_in: bool,
) -> PyResult<()> {
    d.set_item("event", "action")?;
    d.set_item("player", seat)?;
    d.set_item("action", bet_kind(action, is_bet))?;
    if let Bet::RaiseTo(t) = action {
        d.set_item("to", t)?;
    }
    d.set_item("chips", moved)?;
    d.set_item("all_in", all_in)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------

/// One no-limit Texas Hold'em hand (rules/holdem.md), in Rust.
#[pyclass(module = "cardavia", name = "HoldemHand", skip_from_py_object)]
#[derive(Clone)]
pub struct PyHoldemHand(pub core::HoldemHand);

#[pymethods]
impl PyHoldemHand {
    /// A hand at its first decision: ``stacks`` per seat (0 = eliminated), the button seat, the
    /// blinds and the deck order (top card first; at least 2k + 8 cards).
    #[new]
    fn new(
        stacks: Vec<u32>,
        button: usize,
        small_blind: u32,
        big_blind: u32,
        deck: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let deck = cards_arg(deck)?;
        core::HoldemHand::new(&stacks, button, small_blind, big_blind, &deck)
            .map(PyHoldemHand)
            .map_err(to_py)
    }

    #[getter]
    fn num_seats(&self) -> usize {
        self.0.num_seats()
    }
    #[getter]
    fn to_act(&self) -> Option<usize> {
        self.0.to_act()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    #[getter]
    fn street(&self) -> &'static str {
        self.0.street().name()
    }
    #[getter]
    fn button(&self) -> usize {
        self.0.button()
    }
    #[getter]
    fn small_blind_seat(&self) -> usize {
        self.0.small_blind_seat()
    }
    #[getter]
    fn big_blind_seat(&self) -> usize {
        self.0.big_blind_seat()
    }
    #[getter]
    fn dealing_order(&self) -> Vec<usize> {
        self.0.dealing_order().to_vec()
    }
    #[getter]
    fn board(&self) -> String {
        text(self.0.board())
    }
    #[getter]
    fn deck(&self) -> String {
        text(self.0.deck())
    }
    /// Hole cards of a seat in dealing order (``"Ah Kd"``), None if not dealt in.
    fn hole(&self, seat: usize) -> PyResult<Option<String>> {
        self.check_seat(seat)?;
        Ok(self.0.hole(seat).map(|h| text(&h)))
    }
    #[getter]
    fn stacks(&self) -> Vec<u32> {
        (0..self.0.num_seats()).map(|i| self.0.stack(i)).collect()
    }
    #[getter]
    fn start_stacks(&self) -> Vec<u32> {
        (0..self.0.num_seats())
            .map(|i| self.0.start_stack(i))
            .collect()
    }
    #[getter]
    fn bets(&self) -> Vec<u32> {
        (0..self.0.num_seats()).map(|i| self.0.bet(i)).collect()
    }
    #[getter]
    fn contributions(&self) -> Vec<u32> {
        (0..self.0.num_seats())
            .map(|i| self.0.contribution(i))
            .collect()
    }
    #[getter]
    fn folded(&self) -> Vec<bool> {
        (0..self.0.num_seats()).map(|i| self.0.folded(i)).collect()
    }
    #[getter]
    fn revealed(&self) -> Vec<bool> {
        (0..self.0.num_seats())
            .map(|i| self.0.revealed(i))
            .collect()
    }
    /// Showdown strengths (7463 − r; 0 for seats not compared).
    #[getter]
    fn strengths(&self) -> Vec<u16> {
        (0..self.0.num_seats())
            .map(|i| self.0.strength(i))
            .collect()
    }
    #[getter]
    fn pot_total(&self) -> u32 {
        self.0.pot_total()
    }
    #[getter]
    fn level(&self) -> u32 {
        self.0.level()
    }
    #[getter]
    fn full_raise(&self) -> u32 {
        self.0.full_raise()
    }
    /// (fold, check, call chips or None, (min, max) raise-to or None, is_bet) of the seat to act.
    fn legal(&self) -> LegalTuple {
        legal_tuple(&self.0.legal())
    }
    /// (rule id, message) if the action is illegal now, else None.
    #[pyo3(signature = (seat, kind, amount = None))]
    fn violation(
        &self,
        seat: usize,
        kind: &str,
        amount: Option<u32>,
    ) -> PyResult<Option<(&'static str, String)>> {
        let bet = bet_from(kind, amount)?;
        Ok(self.0.violation(seat, bet).map(|v| (v.rule, v.message)))
    }
    #[pyo3(signature = (seat, kind, amount = None))]
    fn apply(&mut self, seat: usize, kind: &str, amount: Option<u32>) -> PyResult<()> {
        let bet = bet_from(kind, amount)?;
        self.0
            .apply(seat, bet)
            .map_err(|v| invalid_argument(v.to_string()))
    }
    /// Settled pots, main pot first: dicts with amount, eligible and shares [(seat, chips)].
    fn pots<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.0
            .pots()
            .iter()
            .map(|p| {
                let d = PyDict::new(py);
                d.set_item("amount", p.amount)?;
                d.set_item("eligible", p.eligible.clone())?;
                d.set_item("shares", p.shares.clone())?;
                Ok(d)
            })
            .collect()
    }
    /// Events from index ``start`` on, as dicts (``event`` = blind / hole / action / return /
    /// board / reveal / pot).
    #[pyo3(signature = (start = 0))]
    fn events<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let events = self.0.events();
        events[start.min(events.len())..]
            .iter()
            .map(|e| {
                let d = PyDict::new(py);
                match e {
                    HoldemEvent::Blind { seat, amount, big } => {
                        d.set_item("event", "blind")?;
                        d.set_item("player", seat)?;
                        d.set_item("blind", if *big { "big" } else { "small" })?;
                        d.set_item("chips", amount)?;
                    }
                    HoldemEvent::Hole { seat, cards } => {
                        d.set_item("event", "hole")?;
                        d.set_item("player", seat)?;
                        d.set_item("cards", text(cards))?;
                    }
                    HoldemEvent::Action {
                        seat,
                        action,
                        moved,
                        is_bet,
                        all_in,
                    } => action_dict(&d, *seat, *action, *moved, *is_bet, *all_in)?,
                    HoldemEvent::Skip {
                        seat,
                        after_action,
                        contested,
                    } => {
                        d.set_item("event", "skip")?;
                        d.set_item("player", seat)?;
                        d.set_item("after_action", after_action)?;
                        d.set_item("contested", contested)?;
                    }
                    HoldemEvent::Return { seat, amount } => {
                        d.set_item("event", "return")?;
                        d.set_item("player", seat)?;
                        d.set_item("chips", amount)?;
                    }
                    HoldemEvent::Board { street, cards } => {
                        d.set_item("event", "board")?;
                        d.set_item("street", street.name())?;
                        d.set_item("cards", text(cards))?;
                    }
                    HoldemEvent::Reveal { seat, cards } => {
                        d.set_item("event", "reveal")?;
                        d.set_item("player", seat)?;
                        d.set_item("cards", text(cards))?;
                    }
                    HoldemEvent::Pot { index, pot } => {
                        d.set_item("event", "pot")?;
                        d.set_item("pot", index)?;
                        d.set_item("chips", pot.amount)?;
                        d.set_item("eligible", pot.eligible.clone())?;
                        d.set_item("shares", pot.shares.clone())?;
                    }
                }
                Ok(d)
            })
            .collect()
    }
    #[getter]
    fn num_events(&self) -> usize {
        self.0.events().len()
    }
    fn clone(&self) -> Self {
        PyHoldemHand(self.0.clone())
    }
    fn __copy__(&self) -> Self {
        PyHoldemHand(self.0.clone())
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        PyHoldemHand(self.0.clone())
    }
}

impl PyHoldemHand {
    fn check_seat(&self, seat: usize) -> PyResult<()> {
        if seat < self.0.num_seats() {
            Ok(())
        } else {
            Err(invalid_argument(format!(
                "seat {seat} does not exist (0..{})",
                self.0.num_seats()
            )))
        }
    }
}

/// HE-3.3 to HE-3.6: the button of the next hand.
#[pyfunction]
pub fn holdem_next_button(
    stacks: Vec<u32>,
    previous_button: usize,
    previous_big_blind: usize,
    previous_players: usize,
) -> PyResult<usize> {
    if previous_button >= stacks.len() || previous_big_blind >= stacks.len() {
        return Err(invalid_argument("seat out of range"));
    }
    if stacks.iter().filter(|&&s| s > 0).count() < 2 {
        return Err(invalid_argument(
            "fewer than two players have chips (HE-6.2)",
        ));
    }
    Ok(core::next_button(
        &stacks,
        previous_button,
        previous_big_blind,
        previous_players,
    ))
}

/// HE-3.4 / HE-3.5: (small blind seat, big blind seat) for this button.
#[pyfunction]
pub fn holdem_blind_seats(stacks: Vec<u32>, button: usize) -> PyResult<(usize, usize)> {
    if button >= stacks.len() || stacks[button] == 0 {
        return Err(invalid_argument("the button must be on a seat with chips"));
    }
    Ok(holdem::blind_seats(&stacks, button))
}

/// The game's showdown value of 7 cards (strength 7463 − r, higher is better).
#[pyfunction]
pub fn holdem_showdown_strength(cards: &Bound<'_, PyAny>) -> PyResult<u16> {
    let cards = cards_arg(cards)?;
    let arr: [Card; 7] = cards
        .as_slice()
        .try_into()
        .map_err(|_| invalid_argument(format!("expected 7 cards, got {}", cards.len())))?;
    let mut seen = 0u64;
    for c in arr {
        if c.is_joker() || seen & c.bit() != 0 {
            return Err(invalid_argument(format!("{c} is a joker or appears twice")));
        }
        seen |= c.bit();
    }
    Ok(core::showdown_strength(&arr))
}

/// Seeded random Hold'em matches in Rust, each hand checked for chip conservation.
#[pyfunction]
#[pyo3(signature = (matches, seed = 0, players = 4, stack = 1000, small_blind = 10, big_blind = 20))]
pub fn holdem_simulate<'py>(
    py: Python<'py>,
    matches: u64,
    seed: u64,
    players: usize,
    stack: u32,
    small_blind: u32,
    big_blind: u32,
) -> PyResult<Bound<'py, PyDict>> {
    if !(2..=core::MAX_SEATS).contains(&players) || stack == 0 {
        return Err(invalid_argument("players must be 2..10 and stack positive"));
    }
    let t = py
        .detach(|| holdem::simulate_matches(matches, seed, players, stack, small_blind, big_blind))
        .map_err(to_py)?;
    let d = PyDict::new(py);
    d.set_item("matches", t.matches)?;
    d.set_item("hands", t.hands)?;
    d.set_item("actions", t.actions)?;
    d.set_item("showdowns", t.showdowns)?;
    d.set_item("conservation_failures", t.conservation_failures)?;
    Ok(d)
}

// ---------------------------------------------------------------------------------------------

/// One One Poker deal (rules/onepoker.md), in Rust.
#[pyclass(module = "cardavia", name = "OnePokerDeal", skip_from_py_object)]
#[derive(Clone)]
pub struct PyOnePokerDeal(pub one_poker::OnePokerDeal);

#[pymethods]
impl PyOnePokerDeal {
    /// A deal: stacks before the antes, the first player, both two-card hands, the ante.
    #[new]
    #[pyo3(signature = (stacks, first, hands, ante = 1))]
    fn new(
        stacks: [u32; 2],
        first: usize,
        hands: [Bound<'_, PyAny>; 2],
        ante: u32,
    ) -> PyResult<Self> {
        let mut h = [[Card::from_index(0).expect("card"); 2]; 2];
        for (seat, obj) in hands.iter().enumerate() {
            let cards = cards_arg(obj)?;
            h[seat] = cards.as_slice().try_into().map_err(|_| {
                invalid_argument(format!(
                    "seat {seat} must hold 2 cards, not {}",
                    cards.len()
                ))
            })?;
        }
        one_poker::OnePokerDeal::new(stacks, first, h, ante)
            .map(PyOnePokerDeal)
            .map_err(to_py)
    }
    #[getter]
    fn to_act(&self) -> Option<usize> {
        self.0.to_act()
    }
    #[getter]
    fn phase(&self) -> &'static str {
        match self.0.phase() {
            one_poker::Phase::Lock => "lock",
            one_poker::Phase::Betting => "betting",
            one_poker::Phase::Over => "over",
        }
    }
    #[getter]
    fn first_player(&self) -> usize {
        self.0.first_player()
    }
    fn hand(&self, seat: usize) -> PyResult<String> {
        check_two(seat)?;
        Ok(text(&self.0.hand(seat)))
    }
    fn locked(&self, seat: usize) -> PyResult<Option<String>> {
        check_two(seat)?;
        Ok(self.0.locked(seat).map(|c| c.to_string()))
    }
    fn held(&self, seat: usize) -> PyResult<Option<String>> {
        check_two(seat)?;
        Ok(self.0.held(seat).map(|c| c.to_string()))
    }
    #[getter]
    fn stacks(&self) -> [u32; 2] {
        [self.0.stack(0), self.0.stack(1)]
    }
    #[getter]
    fn bets(&self) -> [u32; 2] {
        [self.0.bet(0), self.0.bet(1)]
    }
    #[getter]
    fn antes(&self) -> [u32; 2] {
        [self.0.ante(0), self.0.ante(1)]
    }
    #[getter]
    fn folded(&self) -> [bool; 2] {
        [self.0.folded(0), self.0.folded(1)]
    }
    #[getter]
    fn pot_total(&self) -> u32 {
        self.0.pot_total()
    }
    #[getter]
    fn level(&self) -> u32 {
        self.0.level()
    }
    #[getter]
    fn winner(&self) -> Option<usize> {
        self.0.winner()
    }
    fn legal(&self) -> LegalTuple {
        legal_tuple(&self.0.legal())
    }
    /// (rule id, message) if locking ``card`` by ``seat`` is illegal now, else None.
    fn lock_violation(
        &self,
        seat: usize,
        card: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(&'static str, String)>> {
        check_two(seat)?;
        let card = one_card(card)?;
        Ok(self
            .0
            .lock_violation(seat, card)
            .map(|v| (v.rule, v.message)))
    }
    fn lock(&mut self, seat: usize, card: &Bound<'_, PyAny>) -> PyResult<()> {
        check_two(seat)?;
        let card = one_card(card)?;
        self.0
            .lock(seat, card)
            .map_err(|v| invalid_argument(v.to_string()))
    }
    #[pyo3(signature = (seat, kind, amount = None))]
    fn violation(
        &self,
        seat: usize,
        kind: &str,
        amount: Option<u32>,
    ) -> PyResult<Option<(&'static str, String)>> {
        let bet = bet_from(kind, amount)?;
        Ok(self.0.bet_violation(seat, bet).map(|v| (v.rule, v.message)))
    }
    #[pyo3(signature = (seat, kind, amount = None))]
    fn apply(&mut self, seat: usize, kind: &str, amount: Option<u32>) -> PyResult<()> {
        let bet = bet_from(kind, amount)?;
        self.0
            .apply(seat, bet)
            .map_err(|v| invalid_argument(v.to_string()))
    }
    /// Events from index ``start`` on, as dicts (``event`` = ante / lock / action / return /
    /// reveal / settle). Lock events carry the card: callers must hide it from the opponent.
    #[pyo3(signature = (start = 0))]
    fn events<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let events = self.0.events();
        events[start.min(events.len())..]
            .iter()
            .map(|e| {
                let d = PyDict::new(py);
                match e {
                    OnePokerEvent::Ante { seat, amount } => {
                        d.set_item("event", "ante")?;
                        d.set_item("player", seat)?;
                        d.set_item("chips", amount)?;
                    }
                    OnePokerEvent::Lock { seat, card } => {
                        d.set_item("event", "lock")?;
                        d.set_item("player", seat)?;
                        d.set_item("card", card.to_string())?;
                    }
                    OnePokerEvent::Action {
                        seat,
                        action,
                        moved,
                        is_bet,
                        all_in,
                    } => action_dict(&d, *seat, *action, *moved, *is_bet, *all_in)?,
                    OnePokerEvent::Return { seat, amount } => {
                        d.set_item("event", "return")?;
                        d.set_item("player", seat)?;
                        d.set_item("chips", amount)?;
                    }
                    OnePokerEvent::Reveal { cards } => {
                        d.set_item("event", "reveal")?;
                        d.set_item("locked", [cards[0].to_string(), cards[1].to_string()])?;
                    }
                    OnePokerEvent::Settle {
                        pot,
                        winner,
                        shares,
                        by_fold,
                    } => {
                        d.set_item("event", "settle")?;
                        d.set_item("pot", pot)?;
                        d.set_item("winner", winner)?;
                        d.set_item("shares", shares.to_vec())?;
                        d.set_item("by_fold", by_fold)?;
                    }
                }
                Ok(d)
            })
            .collect()
    }
    fn clone(&self) -> Self {
        PyOnePokerDeal(self.0.clone())
    }
    fn __copy__(&self) -> Self {
        PyOnePokerDeal(self.0.clone())
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        PyOnePokerDeal(self.0.clone())
    }
}

fn check_two(seat: usize) -> PyResult<()> {
    if seat < 2 {
        Ok(())
    } else {
        Err(invalid_argument(format!(
            "seat {seat} does not exist (0 or 1)"
        )))
    }
}

fn one_card(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    let cards = cards_arg(obj)?;
    match cards.as_slice() {
        [c] => Ok(*c),
        _ => Err(invalid_argument(format!(
            "expected one card, got {}",
            cards.len()
        ))),
    }
}

/// OP-2.5: 1 if locked card ``x`` beats ``y``, -1 if it loses, 0 for a tie.
#[pyfunction]
pub fn one_poker_compare(x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<i8> {
    let (x, y) = (one_card(x)?, one_card(y)?);
    Ok(match one_poker::compare(x, y) {
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Less => -1,
    })
}

/// Seeded random One Poker matches in Rust (shoe included), checked for chip conservation.
#[pyfunction]
#[pyo3(signature = (matches, seed = 0, stack = 20, ante = 1))]
pub fn one_poker_simulate<'py>(
    py: Python<'py>,
    matches: u64,
    seed: u64,
    stack: u32,
    ante: u32,
) -> PyResult<Bound<'py, PyDict>> {
    if stack == 0 || ante == 0 {
        return Err(invalid_argument("stack and ante must be positive"));
    }
    let t = py
        .detach(|| one_poker::simulate_matches(matches, seed, stack, ante))
        .map_err(to_py)?;
    let d = PyDict::new(py);
    d.set_item("matches", t.matches)?;
    d.set_item("deals", t.deals)?;
    d.set_item("actions", t.actions)?;
    d.set_item("reshuffles", t.reshuffles)?;
    d.set_item("conservation_failures", t.conservation_failures)?;
    Ok(d)
}
