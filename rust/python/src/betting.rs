//! Bindings of `cardavia_core::betting`: the Hold'em hand and the One Poker deal state
//! machines, the button rule, the reference showdown value, the One Poker comparison and seeded
//! random simulations. Cards cross the boundary as rule-notation text (`"Ah Kd"`).

use crate::cards::cards_from_any;
use crate::climbing::threads_or_all;
use crate::convert::Text;
use crate::convert::{Int, IntList, Usize};
use crate::errors::{invalid_argument, to_py};
use cardavia_core::betting::actions::{Candidates, IdError, IdSpace};
use cardavia_core::betting::one_poker::{OnePokerAction, Shoe};
use cardavia_core::betting::playout::{self, Policy};
use cardavia_core::betting::{self as core, holdem, one_poker, Bet, HoldemEvent, OnePokerEvent};
use cardavia_core::cards::{format_cards, Card};
use cardavia_core::rng::Rng;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
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

/// (kind, amount) of each listed action: fold, check, call N, bet/raise to T.
type Listing = Vec<(&'static str, Option<u32>)>;

fn listing(c: &Candidates) -> Listing {
    c.iter().map(|b| listed(b, c)).collect()
}

fn listed(bet: Bet, c: &Candidates) -> (&'static str, Option<u32>) {
    match bet {
        Bet::Fold => ("fold", None),
        Bet::Check => ("check", None),
        Bet::Call => ("call", c.call),
        Bet::RaiseTo(t) => (if c.is_bet { "bet" } else { "raise" }, Some(t)),
    }
}

/// What an action id gives: (True, kind, amount, card text) for a legal action, or
/// (False, rule id, None, message) for one the rules forbid now.
type IdOutcome = (bool, &'static str, Option<u32>, Option<String>);

fn illegal(v: cardavia_core::RuleViolation) -> IdOutcome {
    (false, v.rule, None, Some(v.message))
}

fn out_of_range(id: u64, size: u64) -> PyErr {
    invalid_argument(format!("action id {id} is not in 0..{}", size - 1))
}

fn policy_of(name: &str) -> PyResult<Policy> {
    Policy::parse(name).ok_or_else(|| {
        invalid_argument(format!(
            "unknown policy {name:?}; expected \"random\" or \"greedy\""
        ))
    })
}

/// Playouts per chunk between two checks for Ctrl-C (each chunk runs without the interpreter).
const PLAYOUT_CHUNK: u64 = 8192;
/// Most values one result array may hold (1 GiB of float64); more must be run in batches.
const MAX_PLAYOUT_VALUES: u64 = 1 << 27;

/// `n` playouts, `width` returns each, as an (n, width) float64 array; `run(first, out)` fills
/// the rows of playouts `first ..`.
fn run_playouts<'py>(
    py: Python<'py>,
    n: u64,
    width: usize,
    run: impl Fn(u64, &mut [f64]) + Sync,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    if n == 0 {
        return Err(invalid_argument("n must be at least 1 playout"));
    }
    let values = n
        .checked_mul(width as u64)
        .filter(|&v| v <= MAX_PLAYOUT_VALUES)
        .ok_or_else(|| {
            invalid_argument(format!(
                "{n} playouts × {width} players do not fit in one array (at most \
                 {MAX_PLAYOUT_VALUES} values): run them in batches"
            ))
        })?;
    let mut out: Vec<f64> = Vec::new();
    out.try_reserve_exact(values as usize)
        .map_err(|_| invalid_argument(format!("cannot allocate the results of {n} playouts")))?;
    out.resize(values as usize, 0.0);
    let mut start = 0u64;
    while start < n {
        let end = (start + PLAYOUT_CHUNK).min(n);
        let rows = &mut out[(start as usize) * width..(end as usize) * width];
        py.detach(|| run(start, rows));
        py.check_signals()?;
        start = end;
    }
    PyArray1::from_vec(py, out).reshape([n as usize, width])
}

/// A count argument: a non-negative int (bools and other types refused).
fn count_of(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(invalid_argument(format!(
            "{name} must be an int, got a bool"
        )));
    }
    obj.extract::<u64>().map_err(|_| {
        invalid_argument(format!(
            "{name} must be a non-negative int below 2**64, got {}",
            obj.repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string())
        ))
    })
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
        stacks: IntList<u32>,
        button: Int<Usize>,
        small_blind: Int<u32>,
        big_blind: Int<u32>,
        deck: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let button = button.0 .0;
        let small_blind = small_blind.0;
        let big_blind = big_blind.0;
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
    fn hole(&self, seat: Int<Usize>) -> PyResult<Option<String>> {
        let seat = seat.0 .0;
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
    /// (rule id, message) if the action is illegal now, else None. A bet or raise amount may
    /// be any non-negative int below 2**64 (checked in O(1)).
    #[pyo3(signature = (seat, kind, amount = None))]
    fn violation(
        &self,
        seat: Int<Usize>,
        kind: Text,
        amount: Option<Int<u64>>,
    ) -> PyResult<Option<(&'static str, String)>> {
        let seat = seat.0 .0;
        let amount = amount.map(|v| v.0);
        let v = match (&*kind, amount) {
            ("bet" | "raise", Some(t)) => self.0.raise_violation(seat, t),
            _ => self.0.violation(seat, bet_from(&kind, amount.map(|_| 0))?),
        };
        Ok(v.map(|v| (v.rule, v.message)))
    }
    #[pyo3(signature = (seat, kind, amount = None))]
    fn apply(&mut self, seat: Int<Usize>, kind: Text, amount: Option<Int<u32>>) -> PyResult<()> {
        let seat = seat.0 .0;
        let amount = amount.map(|v| v.0);
        let bet = bet_from(&kind, amount)?;
        self.0
            .apply(seat, bet)
            .map_err(|v| invalid_argument(v.to_string()))
    }
    /// The listed actions of the seat to act, as (kind, amount): fold (when legal), check or
    /// call, and the distinct raise-to amounts among min raise, half pot, pot and all-in.
    fn candidates(&self) -> Listing {
        listing(&self.0.candidates())
    }
    /// The abstract action ids available now with their raise-to amounts: (id, to).
    fn abstract_sizes(&self) -> Vec<(u64, u32)> {
        let c = self.0.candidates();
        c.sizes
            .iter()
            .enumerate()
            .filter_map(|(k, t)| t.map(|t| (2 + k as u64, t)))
            .collect()
    }
    /// The action ``id`` stands for now (see ``apply_id``), without applying it.
    fn id_action(
        &self,
        id: Int<u64>,
        abstract_space: bool,
        total_chips: Int<u32>,
    ) -> PyResult<IdOutcome> {
        let id = id.0;
        let total_chips = total_chips.0;
        let space = id_space(abstract_space, total_chips);
        let c = self.0.candidates();
        match self.0.bet_of_id(space, id) {
            Ok(bet) => {
                let (kind, amount) = listed(bet, &c);
                Ok((true, kind, amount, None))
            }
            Err(IdError::OutOfRange { id, size }) => Err(out_of_range(id, size)),
            Err(IdError::Illegal(v)) => Ok(illegal(v)),
        }
    }
    /// Apply the action with this id if it is legal now: (True, kind, amount, None); else
    /// nothing changes and the result is (False, rule id, None, message). An id outside the
    /// space raises InvalidArgumentError.
    fn apply_id(
        &mut self,
        id: Int<u64>,
        abstract_space: bool,
        total_chips: Int<u32>,
    ) -> PyResult<IdOutcome> {
        let id = id.0;
        let total_chips = total_chips.0;
        let space = id_space(abstract_space, total_chips);
        let c = self.0.candidates();
        match self.0.bet_of_id(space, id) {
            Ok(bet) => {
                let seat = self.0.to_act().expect("a legal action has a seat to act");
                self.0
                    .apply(seat, bet)
                    .map_err(|v| invalid_argument(v.to_string()))?;
                let (kind, amount) = listed(bet, &c);
                Ok((true, kind, amount, None))
            }
            Err(IdError::OutOfRange { id, size }) => Err(out_of_range(id, size)),
            Err(IdError::Illegal(v)) => Ok(illegal(v)),
        }
    }
    /// A hand consistent with what ``player`` has seen, hidden cards redealt uniformly from
    /// ``seed`` (see the core's ``HoldemHand::resample``): (hand, its deck order as text).
    fn resample(
        &self,
        py: Python<'_>,
        player: Int<Usize>,
        seed: Int<u64>,
    ) -> PyResult<(Self, String)> {
        let player = player.0 .0;
        let seed = seed.0;
        let hand = py
            .detach(|| self.0.resample(player, &mut Rng::new(seed)))
            .map_err(to_py)?;
        let deck = text(hand.deck());
        Ok((PyHoldemHand(hand), deck))
    }
    /// ``n`` playouts of the rest of the hand under ``policy`` ("random" or "greedy"): an
    /// (n, seats) float64 array of chips won or lost in the hand. Playout ``i`` is seeded from
    /// (``seed``, ``i``): the same for any ``threads`` (0 = all cores).
    #[pyo3(signature = (n, policy = Text::from("random"), seed = Int(0), threads = Int(Usize(1))))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<Usize>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let seed = seed.0;
        let threads = threads.0 .0;
        let n = count_of(n, "n")?;
        let policy = policy_of(&policy)?;
        if self.0.is_over() {
            return Err(invalid_argument(
                "the hand is over: there is no decision to play out from",
            ));
        }
        let threads = threads_or_all(threads);
        let hand = &self.0;
        run_playouts(py, n, hand.num_seats(), |first, out| {
            playout::holdem_playouts(hand, first, policy, seed, threads, out)
        })
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
    #[pyo3(signature = (start = Int(Usize(0))))]
    fn events<'py>(&self, py: Python<'py>, start: Int<Usize>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let start = start.0 .0;
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

fn id_space(abstract_space: bool, total_chips: u32) -> IdSpace {
    if abstract_space {
        IdSpace::Abstract
    } else {
        IdSpace::Exact { total_chips }
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
    stacks: IntList<u32>,
    previous_button: Int<Usize>,
    previous_big_blind: Int<Usize>,
    previous_players: Int<Usize>,
) -> PyResult<usize> {
    let previous_button = previous_button.0 .0;
    let previous_big_blind = previous_big_blind.0 .0;
    let previous_players = previous_players.0 .0;
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
pub fn holdem_blind_seats(stacks: IntList<u32>, button: Int<Usize>) -> PyResult<(usize, usize)> {
    let button = button.0 .0;
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

/// Matches per chunk of a simulation between two checks for Ctrl-C.
const SIMULATION_CHUNK: u64 = 256;

/// Seeded random Hold'em matches in Rust, each hand checked for chip conservation.
/// Interruptible (Ctrl-C is checked between chunks of matches).
#[pyfunction]
#[pyo3(signature = (matches, seed = Int(0), players = Int(Usize(4)), stack = Int(1000), small_blind = Int(10), big_blind = Int(20)))]
pub fn holdem_simulate<'py>(
    py: Python<'py>,
    matches: &Bound<'py, PyAny>,
    seed: Int<u64>,
    players: Int<Usize>,
    stack: Int<u32>,
    small_blind: Int<u32>,
    big_blind: Int<u32>,
) -> PyResult<Bound<'py, PyDict>> {
    let seed = seed.0;
    let players = players.0 .0;
    let stack = stack.0;
    let small_blind = small_blind.0;
    let big_blind = big_blind.0;
    let matches = count_of(matches, "matches")?;
    if !(2..=core::MAX_SEATS).contains(&players) || stack == 0 {
        return Err(invalid_argument("players must be 2..10 and stack positive"));
    }
    let mut rng = Rng::new(seed);
    let mut t = holdem::SimulationTotals::default();
    let mut done = 0u64;
    while done < matches {
        let chunk = SIMULATION_CHUNK.min(matches - done);
        py.detach(|| {
            holdem::simulate_more(
                &mut rng,
                chunk,
                &mut t,
                players,
                stack,
                small_blind,
                big_blind,
            )
        })
        .map_err(to_py)?;
        py.check_signals()?;
        done += chunk;
    }
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
    #[pyo3(signature = (stacks, first, hands, ante = Int(1)))]
    fn new(
        stacks: IntList<u32>,
        first: Int<Usize>,
        hands: [Bound<'_, PyAny>; 2],
        ante: Int<u32>,
    ) -> PyResult<Self> {
        let first = first.0 .0;
        let ante = ante.0;
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
        let stacks: [u32; 2] = stacks.0.try_into().map_err(|s: Vec<u32>| {
            invalid_argument(format!("One Poker has 2 stacks, got {}", s.len()))
        })?;
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
    fn hand(&self, seat: Int<Usize>) -> PyResult<String> {
        let seat = seat.0 .0;
        check_two(seat)?;
        Ok(text(&self.0.hand(seat)))
    }
    fn locked(&self, seat: Int<Usize>) -> PyResult<Option<String>> {
        let seat = seat.0 .0;
        check_two(seat)?;
        Ok(self.0.locked(seat).map(|c| c.to_string()))
    }
    fn held(&self, seat: Int<Usize>) -> PyResult<Option<String>> {
        let seat = seat.0 .0;
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
        seat: Int<Usize>,
        card: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(&'static str, String)>> {
        let seat = seat.0 .0;
        check_two(seat)?;
        let card = one_card(card)?;
        Ok(self
            .0
            .lock_violation(seat, card)
            .map(|v| (v.rule, v.message)))
    }
    fn lock(&mut self, seat: Int<Usize>, card: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = seat.0 .0;
        check_two(seat)?;
        let card = one_card(card)?;
        self.0
            .lock(seat, card)
            .map_err(|v| invalid_argument(v.to_string()))
    }
    #[pyo3(signature = (seat, kind, amount = None))]
    fn violation(
        &self,
        seat: Int<Usize>,
        kind: Text,
        amount: Option<Int<u64>>,
    ) -> PyResult<Option<(&'static str, String)>> {
        let seat = seat.0 .0;
        let amount = amount.map(|v| v.0);
        let v = match (&*kind, amount) {
            ("bet" | "raise", Some(t)) => self.0.raise_violation(seat, t),
            _ => self
                .0
                .bet_violation(seat, bet_from(&kind, amount.map(|_| 0))?),
        };
        Ok(v.map(|v| (v.rule, v.message)))
    }
    /// The listed betting actions of the seat to act, as (kind, amount) (empty while locking).
    fn candidates(&self) -> Listing {
        listing(&self.0.candidates())
    }
    /// The action ``id`` stands for now (see ``apply_id``), without applying it.
    fn id_action(&self, id: Int<u64>, total_chips: Int<u32>) -> PyResult<IdOutcome> {
        let id = id.0;
        let total_chips = total_chips.0;
        let c = self.0.candidates();
        match self.0.action_of_id(total_chips, id) {
            Ok(OnePokerAction::Lock(card)) => Ok((true, "lock", None, Some(card.to_string()))),
            Ok(OnePokerAction::Bet(bet)) => {
                let (kind, amount) = listed(bet, &c);
                Ok((true, kind, amount, None))
            }
            Err(IdError::OutOfRange { id, size }) => Err(out_of_range(id, size)),
            Err(IdError::Illegal(v)) => Ok(illegal(v)),
        }
    }
    /// Apply the action with this id if it is legal now: (True, kind, amount, card or None);
    /// else nothing changes and the result is (False, rule id, None, message). An id outside
    /// the space raises InvalidArgumentError.
    fn apply_id(&mut self, id: Int<u64>, total_chips: Int<u32>) -> PyResult<IdOutcome> {
        let id = id.0;
        let total_chips = total_chips.0;
        let outcome = self.id_action(Int(id), Int(total_chips))?;
        if outcome.0 {
            let seat = self.0.to_act().expect("a legal action has a seat to act");
            let done = match self.0.action_of_id(total_chips, id) {
                Ok(OnePokerAction::Lock(card)) => self.0.lock(seat, card),
                Ok(OnePokerAction::Bet(bet)) => self.0.apply(seat, bet),
                Err(_) => unreachable!("checked just above"),
            };
            done.map_err(|v| invalid_argument(v.to_string()))?;
        }
        Ok(outcome)
    }
    /// A deal consistent with what ``player`` has observed, hidden cards redealt uniformly from
    /// ``seed`` (see the core's ``OnePokerDeal::resample``). ``held`` (the two kept cards, seat
    /// order, or None in deal 1), ``stock`` and ``discard`` are this deal's spec. Returns (deal,
    /// held cards or None, stock text).
    fn resample(
        &self,
        py: Python<'_>,
        player: Int<Usize>,
        held: Option<Bound<'_, PyAny>>,
        stock: &Bound<'_, PyAny>,
        discard: &Bound<'_, PyAny>,
        seed: Int<u64>,
    ) -> PyResult<(Self, Option<[String; 2]>, String)> {
        let player = player.0 .0;
        let seed = seed.0;
        let held: Option<[Card; 2]> = match held {
            None => None,
            Some(obj) => {
                let cards = cards_arg(&obj)?;
                Some(cards.as_slice().try_into().map_err(|_| {
                    invalid_argument(format!("held must be 2 cards, got {}", cards.len()))
                })?)
            }
        };
        let stock = cards_arg(stock)?;
        let discard = cards_arg(discard)?;
        let shoe = Shoe {
            held,
            stock: &stock,
            discard: &discard,
        };
        let r = py
            .detach(|| self.0.resample(&shoe, player, &mut Rng::new(seed)))
            .map_err(to_py)?;
        let held = r.held.map(|h| [h[0].to_string(), h[1].to_string()]);
        Ok((PyOnePokerDeal(r.deal), held, text(&r.stock)))
    }
    /// ``n`` playouts of the rest of the deal (locks included) under ``policy``: an (n, 2)
    /// float64 array of chips won or lost in the deal; seeded per playout as for Hold'em.
    #[pyo3(signature = (n, policy = Text::from("random"), seed = Int(0), threads = Int(Usize(1))))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<Usize>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let seed = seed.0;
        let threads = threads.0 .0;
        let n = count_of(n, "n")?;
        let policy = policy_of(&policy)?;
        if self.0.is_over() {
            return Err(invalid_argument(
                "the deal is over: there is no decision to play out from",
            ));
        }
        let threads = threads_or_all(threads);
        let deal = &self.0;
        run_playouts(py, n, 2, |first, out| {
            playout::one_poker_playouts(deal, first, policy, seed, threads, out)
        })
    }
    #[pyo3(signature = (seat, kind, amount = None))]
    fn apply(&mut self, seat: Int<Usize>, kind: Text, amount: Option<Int<u32>>) -> PyResult<()> {
        let seat = seat.0 .0;
        let amount = amount.map(|v| v.0);
        let bet = bet_from(&kind, amount)?;
        self.0
            .apply(seat, bet)
            .map_err(|v| invalid_argument(v.to_string()))
    }
    #[getter]
    fn num_events(&self) -> usize {
        self.0.events().len()
    }
    /// Events from index ``start`` on, as dicts (``event`` = ante / lock / action / return /
    /// reveal / settle). Lock events carry the card: callers must hide it from the opponent.
    #[pyo3(signature = (start = Int(Usize(0))))]
    fn events<'py>(&self, py: Python<'py>, start: Int<Usize>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let start = start.0 .0;
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
/// Interruptible (Ctrl-C is checked between chunks of matches).
#[pyfunction]
#[pyo3(signature = (matches, seed = Int(0), stack = Int(20), ante = Int(1)))]
pub fn one_poker_simulate<'py>(
    py: Python<'py>,
    matches: &Bound<'py, PyAny>,
    seed: Int<u64>,
    stack: Int<u32>,
    ante: Int<u32>,
) -> PyResult<Bound<'py, PyDict>> {
    let seed = seed.0;
    let stack = stack.0;
    let ante = ante.0;
    let matches = count_of(matches, "matches")?;
    if stack == 0 || ante == 0 {
        return Err(invalid_argument("stack and ante must be positive"));
    }
    let mut rng = Rng::new(seed);
    let mut t = one_poker::SimulationTotals::default();
    let mut done = 0u64;
    while done < matches {
        let chunk = SIMULATION_CHUNK.min(matches - done);
        py.detach(|| one_poker::simulate_more(&mut rng, chunk, &mut t, stack, ante))
            .map_err(to_py)?;
        py.check_signals()?;
        done += chunk;
    }
    let d = PyDict::new(py);
    d.set_item("matches", t.matches)?;
    d.set_item("deals", t.deals)?;
    d.set_item("actions", t.actions)?;
    d.set_item("reshuffles", t.reshuffles)?;
    d.set_item("conservation_failures", t.conservation_failures)?;
    Ok(d)
}
