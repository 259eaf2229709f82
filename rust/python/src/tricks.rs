//! Bindings of `cardavia_core::tricks`: the bridge and smear deal engines, bridge scoring,
//! seeded simulations and playouts, resampling, trick winners.
//!
//! Actions cross the boundary as ids of the games' fixed action spaces (documented in
//! `cardavia.bridge` and `cardavia.smear`):
//!
//! * bridge (90): 0 pass, 1 double, 2 redouble, `3 + v` the bid of value `v` (BR-2.4),
//!   `38 + index` the card of that index;
//! * smear (174): 0 pass, `b - 3` bid `b` (4..10 → 1..7), `8 + s` trump suit `s`,
//!   `12 + index` discard, `66 + index` partner call, `120 + index` play.

use crate::cards::{cardset_from_any, PyCard, PyCardSet};
use crate::convert::{Int, IntList, Text, Usize};
use crate::errors::{invalid_argument, to_py};
use cardavia_core::cards::{Card, CardSet};
use cardavia_core::rng::Rng;
use cardavia_core::tricks::bridge::{
    self, greedy as bridge_greedy, inference::HandBox, BridgeDeal, Call, Contract, Vulnerability,
};
use cardavia_core::tricks::playout::Policy;
use cardavia_core::tricks::smear::{self, Action, Phase as SmearPhase, SmearDeal};
use cardavia_core::tricks::{self as core, TrickState, TrumpRules};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

type Violation = Option<(&'static str, String)>;

fn threads_or_all(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

/// Most results one call returns (playouts, simulated deals): more is refused rather than left
/// to fail allocating (issue 18).
pub const MAX_RESULTS: usize = 1 << 32;

/// Refuses a result count of `n` items of `bytes_each` bytes that is out of range or cannot be
/// allocated, with an InvalidArgumentError instead of an aborted process.
fn check_count(n: usize, min: usize, bytes_each: usize, what: &str) -> PyResult<()> {
    if n < min {
        return Err(invalid_argument(format!(
            "{what} must be at least {min}, got {n}"
        )));
    }
    let bytes = n.checked_mul(bytes_each).filter(|_| n <= MAX_RESULTS);
    let fits = bytes.is_some_and(|b| Vec::<u8>::new().try_reserve_exact(b).is_ok());
    if !fits {
        return Err(invalid_argument(format!(
            "{what} = {n} is too many: the results ({} bytes each) cannot be allocated \
             (at most {MAX_RESULTS} per call, and only what memory holds)",
            bytes_each
        )));
    }
    Ok(())
}

/// Results per slice of a long batch: the interpreter is re-entered between slices to check
/// for Ctrl-C (results do not depend on the slicing).
const SLICE: usize = 1 << 14;

/// Runs `f(first, len)` over `0..n` in slices with the interpreter released, checking for
/// signals between slices; the concatenated results.
fn sliced<T: Send>(
    py: Python<'_>,
    n: usize,
    per_item: usize,
    f: impl Fn(usize, usize) -> Vec<T> + Sync,
) -> PyResult<Vec<T>> {
    let mut out = Vec::with_capacity(n * per_item);
    let mut first = 0;
    while first < n {
        let len = SLICE.min(n - first);
        let part = py.detach(|| f(first, len));
        out.extend(part);
        py.check_signals()?;
        first += len;
    }
    Ok(out)
}

fn policy_from(text: &str) -> PyResult<Policy> {
    Policy::parse(text).map_err(to_py)
}

fn card_of(index: usize) -> Option<Card> {
    Card::from_index(u8::try_from(index).ok()?)
}

fn bad_id(id: usize, size: usize) -> PyErr {
    invalid_argument(format!("action id {id} is not in 0..{}", size - 1))
}

fn tricks_list<'py>(py: Python<'py>, state: &TrickState) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let n = state.num_seats();
    state
        .completed()
        .iter()
        .map(|t| {
            let d = PyDict::new(py);
            d.set_item("leader", t.leader)?;
            let cards: Vec<String> = t.cards().iter().map(|c| c.to_string()).collect();
            d.set_item("cards", cards)?;
            let seats: Vec<usize> = (0..t.len as usize).map(|k| t.seat_of(k, n)).collect();
            d.set_item("seats", seats)?;
            d.set_item("winner", t.winner)?;
            Ok(d)
        })
        .collect()
}

fn current_trick(state: Option<&TrickState>) -> (Option<usize>, Vec<PyCard>) {
    match state {
        Some(s) if !s.is_over() => {
            let (leader, cards) = s.current_trick();
            (Some(leader), cards.iter().copied().map(PyCard).collect())
        }
        _ => (None, Vec::new()),
    }
}

// ---- bridge ------------------------------------------------------------------------------

fn vul_from(text: &str) -> PyResult<Vulnerability> {
    Vulnerability::parse(text).map_err(to_py)
}

fn call_id(call: Call) -> usize {
    match call {
        Call::Pass => 0,
        Call::Double => 1,
        Call::Redouble => 2,
        Call::Bid(v) => 3 + v as usize,
    }
}

fn call_of_id(id: usize) -> Option<Call> {
    match id {
        0 => Some(Call::Pass),
        1 => Some(Call::Double),
        2 => Some(Call::Redouble),
        3..=37 => Some(Call::Bid((id - 3) as u8)),
        _ => None,
    }
}

fn score_dict<'py>(py: Python<'py>, s: &bridge::Score) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("made", s.made)?;
    d.set_item("trick_points", s.trick_points)?;
    d.set_item("overtricks", s.overtricks)?;
    d.set_item("game_bonus", s.game_bonus)?;
    d.set_item("part_score_bonus", s.part_score_bonus)?;
    d.set_item("slam_bonus", s.slam_bonus)?;
    d.set_item("insult_bonus", s.insult_bonus)?;
    d.set_item("undertricks", s.undertricks)?;
    d.set_item("declarer_side", s.declarer_side)?;
    d.set_item("ns", s.ns)?;
    d.set_item("ew", -s.ns)?;
    Ok(d)
}

/// The duplicate score (BR-5) of ``contract`` (``"4S"``, ``"3NTX"``...) by ``declarer``
/// (0..3 = N E S W) taking ``tricks`` with ``vulnerability`` (none/ns/ew/both), as a dict.
#[pyfunction]
pub fn bridge_score<'py>(
    py: Python<'py>,
    contract: Text,
    declarer: Int<Usize>,
    vulnerability: Text,
    tricks: Int<u8>,
) -> PyResult<Bound<'py, PyDict>> {
    let declarer = declarer.0 .0;
    let tricks = tricks.0;
    let c = Contract::parse(&contract).map_err(to_py)?;
    let s = bridge::score(c, declarer, vul_from(&vulnerability)?, tricks).map_err(to_py)?;
    score_dict(py, &s)
}

/// The text of call ``id`` (``"P"``, ``"X"``, ``"XX"``, ``"1C"``...), and back.
#[pyfunction]
pub fn bridge_call_text(id: Int<Usize>) -> PyResult<String> {
    let id = id.0 .0;
    call_of_id(id)
        .map(|c| c.to_string())
        .ok_or_else(|| bad_id(id, 38))
}

/// The call id of a call's text (``"pass"``, ``"P"``, ``"X"``, ``"2nt"``...).
#[pyfunction]
pub fn bridge_call_id(text: Text) -> PyResult<usize> {
    Call::parse(&text).map(call_id).map_err(to_py)
}

fn simulate_dict<'py>(
    py: Python<'py>,
    deals: &[bridge::SimulatedDeal],
) -> PyResult<Bound<'py, PyDict>> {
    let n = deals.len();
    let mut level = Vec::with_capacity(n);
    let mut strain = Vec::with_capacity(n);
    let mut doubling = Vec::with_capacity(n);
    let mut declarer = Vec::with_capacity(n);
    let mut calls = Vec::with_capacity(n);
    let mut tricks = Vec::with_capacity(4 * n);
    let mut captured = Vec::with_capacity(4 * n);
    let mut all_cards = Vec::with_capacity(n);
    let mut cols: [Vec<i32>; 9] = Default::default();
    for d in deals {
        match d.contract {
            Some((c, decl)) => {
                level.push(c.level as i8);
                strain.push(c.strain as i8);
                doubling.push(c.doubling as i8);
                declarer.push(decl as i8);
            }
            None => {
                level.push(0);
                strain.push(-1);
                doubling.push(0);
                declarer.push(-1);
            }
        }
        calls.push(d.calls);
        tricks.extend(d.tricks_won);
        captured.extend(d.captured.iter().map(|c| c.len() as u8));
        all_cards.push(
            d.captured
                .iter()
                .fold(CardSet::EMPTY, |a, c| a.union(*c))
                .len() as u8,
        );
        let s = &d.score;
        for (col, v) in cols.iter_mut().zip([
            s.trick_points,
            s.overtricks,
            s.game_bonus,
            s.part_score_bonus,
            s.slam_bonus,
            s.insult_bonus,
            s.undertricks,
            s.declarer_side,
            s.ns,
        ]) {
            col.push(v);
        }
    }
    let out = PyDict::new(py);
    out.set_item("level", PyArray1::from_vec(py, level))?;
    out.set_item("strain", PyArray1::from_vec(py, strain))?;
    out.set_item("doubling", PyArray1::from_vec(py, doubling))?;
    out.set_item("declarer", PyArray1::from_vec(py, declarer))?;
    out.set_item("calls", PyArray1::from_vec(py, calls))?;
    out.set_item(
        "tricks_won",
        PyArray1::from_vec(py, tricks).reshape([n, 4])?,
    )?;
    out.set_item(
        "cards_captured",
        PyArray1::from_vec(py, captured).reshape([n, 4])?,
    )?;
    out.set_item("distinct_cards", PyArray1::from_vec(py, all_cards))?;
    let names = [
        "trick_points",
        "overtricks",
        "game_bonus",
        "part_score_bonus",
        "slam_bonus",
        "insult_bonus",
        "undertricks",
        "declarer_side",
        "ns",
    ];
    for (name, col) in names.into_iter().zip(cols) {
        out.set_item(name, PyArray1::from_vec(py, col))?;
    }
    Ok(out)
}

/// ``n`` seeded random bridge deals (random auction and play) in Rust with the interpreter
/// released; numpy arrays per deal (see ``cardavia.bridge.simulate``). Independent of
/// ``threads`` (0 = all cores).
#[pyfunction]
#[pyo3(signature = (n, vulnerability = Text::from("none"), seed = Int(0), threads = Int(Usize(1))))]
pub fn bridge_simulate<'py>(
    py: Python<'py>,
    n: Int<Usize>,
    vulnerability: Text,
    seed: Int<u64>,
    threads: Int<Usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let n = n.0 .0;
    let seed = seed.0;
    let threads = threads.0 .0;
    let vul = vul_from(&vulnerability)?;
    check_count(n, 0, std::mem::size_of::<bridge::SimulatedDeal>() + 64, "n")?;
    let threads = threads_or_all(threads);
    let deals = sliced(py, n, 1, |first, len| {
        bridge::simulate_range(first, len, vul, seed, threads)
    })?;
    simulate_dict(py, &deals)
}

/// One bridge deal: auction and play (rules/bridge.md). Seats 0..3 = N E S W.
#[pyclass(module = "cardavia", name = "BridgeDeal", skip_from_py_object)]
#[derive(Clone)]
pub struct PyBridgeDeal(pub BridgeDeal);

/// The hand boxes of :meth:`resample_within`: per seat None or (hcp lo, hcp hi, suit lengths).
type HandBoxes = Vec<Option<(u8, u8, Vec<(u8, u8)>)>>;

#[pymethods]
impl PyBridgeDeal {
    /// ``hands`` by seat (N, E, S, W), 13 cards each; ``vulnerability`` none/ns/ew/both.
    #[new]
    #[pyo3(signature = (hands, vulnerability = Text::from("none")))]
    fn new(hands: Vec<Bound<'_, PyAny>>, vulnerability: Text) -> PyResult<Self> {
        if hands.len() != 4 {
            return Err(invalid_argument(format!(
                "bridge needs 4 hands (N, E, S, W), got {}",
                hands.len()
            )));
        }
        let mut h = [CardSet::EMPTY; 4];
        for (slot, obj) in h.iter_mut().zip(&hands) {
            *slot = cardset_from_any(obj)?;
        }
        BridgeDeal::new(h, vul_from(&vulnerability)?)
            .map(PyBridgeDeal)
            .map_err(to_py)
    }

    /// The deal of ``seed`` (BR-3.4), the cards ``cardavia.deal(4, 13, seed=seed)`` deals,
    /// seated from West.
    #[staticmethod]
    #[pyo3(signature = (seed, vulnerability = Text::from("none")))]
    fn seeded(seed: Int<u64>, vulnerability: Text) -> PyResult<Self> {
        let seed = seed.0;
        BridgeDeal::new(bridge::seeded_deal(seed), vul_from(&vulnerability)?)
            .map(PyBridgeDeal)
            .map_err(to_py)
    }
    /// True once the deal is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.0.phase() == bridge::Phase::Over
    }

    /// ``"auction"``, ``"play"`` or ``"over"``.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.0.phase() {
            bridge::Phase::Auction => "auction",
            bridge::Phase::Play => "play",
            bridge::Phase::Over => "over",
        }
    }
    /// The seat that chooses the next action (declarer at dummy's turns), or None.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.0.current_player()
    }
    /// The seat whose card is due in the play, or None.
    #[getter]
    fn seat_to_play(&self) -> Option<usize> {
        self.0.seat_to_play()
    }
    #[getter]
    fn vulnerability(&self) -> &'static str {
        self.0.vulnerability().name()
    }
    #[getter]
    fn declarer(&self) -> Option<usize> {
        self.0.declarer()
    }
    #[getter]
    fn dummy(&self) -> Option<usize> {
        self.0.dummy()
    }
    /// The contract text (``"4HX"``) once the auction ended with a bid.
    #[getter]
    fn contract(&self) -> Option<String> {
        self.0.contract().map(|(c, _)| c.to_string())
    }
    #[getter]
    fn passed_out(&self) -> bool {
        self.0.auction().passed_out()
    }
    #[getter]
    fn dummy_exposed(&self) -> bool {
        self.0.dummy_exposed()
    }
    /// The calls so far as text, South's first.
    #[getter]
    fn calls(&self) -> Vec<String> {
        self.0
            .auction()
            .calls()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }
    /// (bid text, bidder, doubling 0/1/2) of the highest bid so far, or None.
    #[getter]
    fn high_bid(&self) -> Option<(String, usize, u8)> {
        self.0
            .auction()
            .high_bid()
            .map(|(c, s, d)| (c.to_string(), s, d))
    }
    fn dealt(&self) -> Vec<PyCardSet> {
        self.0.dealt().iter().copied().map(PyCardSet).collect()
    }
    /// The dealt hands as card text (``str`` of each hand's CardSet).
    fn dealt_texts(&self) -> Vec<String> {
        self.0.dealt().iter().map(|h| h.to_string()).collect()
    }
    /// Each seat's remaining cards.
    fn hands(&self) -> Vec<PyCardSet> {
        self.0.hands().iter().copied().map(PyCardSet).collect()
    }
    /// Tricks won by each seat.
    fn tricks_won(&self) -> Vec<u32> {
        (0..4)
            .map(|s| self.0.play().map_or(0, |p| p.tricks_won(s) as u32))
            .collect()
    }
    /// Completed tricks: dicts with leader, cards (play order), seats, winner.
    fn tricks<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        match self.0.play() {
            Some(p) => tricks_list(py, p),
            None => Ok(Vec::new()),
        }
    }
    /// (leader, cards) of the trick in progress ((None, []) between tricks' ends or before play).
    fn current_trick(&self) -> (Option<usize>, Vec<PyCard>) {
        current_trick(self.0.play())
    }
    /// Tricks won by declarer's side, once there is a contract.
    #[getter]
    fn declarer_tricks(&self) -> Option<u8> {
        self.0.declarer_tricks()
    }
    /// Ids of the legal actions of the current player, ascending.
    fn legal_ids(&self) -> Vec<usize> {
        match self.0.phase() {
            bridge::Phase::Auction => self.0.legal_calls().into_iter().map(call_id).collect(),
            bridge::Phase::Play => self
                .0
                .legal_cards()
                .iter()
                .map(|c| 38 + c.index() as usize)
                .collect(),
            bridge::Phase::Over => Vec::new(),
        }
    }
    /// (rule, message) if ``actor`` may not take action ``id`` now, else None.
    fn violation(&self, actor: Int<Usize>, id: Int<Usize>) -> PyResult<Violation> {
        let actor = actor.0 .0;
        let id = id.0 .0;
        let r = if let Some(call) = call_of_id(id) {
            if self.0.phase() != bridge::Phase::Auction {
                return Ok(Some(("BR-3.8", "the auction is over".to_string())));
            }
            self.0.can_call(actor, call)
        } else if let Some(card) = id
            .checked_sub(38)
            .and_then(card_of)
            .filter(|c| !c.is_joker())
        {
            self.0.can_play(actor, card)
        } else {
            return Err(bad_id(id, 90));
        };
        Ok(r.err().map(|v| (v.rule, v.message)))
    }
    /// ``actor`` takes action ``id`` (checked).
    fn apply(&mut self, actor: Int<Usize>, id: Int<Usize>) -> PyResult<()> {
        let actor = actor.0 .0;
        let id = id.0 .0;
        let r = if let Some(call) = call_of_id(id) {
            self.0.call(actor, call)
        } else if let Some(card) = id
            .checked_sub(38)
            .and_then(card_of)
            .filter(|c| !c.is_joker())
        {
            self.0.play_card(actor, card)
        } else {
            return Err(bad_id(id, 90));
        };
        r.map_err(|v| invalid_argument(v.to_string()))
    }
    /// The score breakdown once the deal is over (zeros when passed out), else None.
    fn score<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.0.score().map(|s| score_dict(py, &s)).transpose()
    }
    /// ``n`` random continuations of this deal to its end (random calls and cards), in Rust;
    /// the same arrays as ``bridge_simulate``. Independent of ``threads`` (0 = all cores).
    #[pyo3(signature = (n, seed = Int(0), threads = Int(Usize(1))))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: Int<Usize>,
        seed: Int<u64>,
        threads: Int<Usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let n = n.0 .0;
        let seed = seed.0;
        let threads = threads.0 .0;
        check_count(n, 0, std::mem::size_of::<bridge::SimulatedDeal>() + 64, "n")?;
        let base = &self.0;
        let threads = threads_or_all(threads);
        let deals = sliced(py, n, 1, |first, len| {
            core::parallel_seeded_range(first, len, seed, threads, |_, rng| {
                let mut deal = base.clone();
                deal.random_playout(rng);
                bridge::SimulatedDeal::of(&deal)
            })
        })?;
        simulate_dict(py, &deals)
    }
    /// Applies action ``id`` for the seat that chooses now (declarer at dummy's turns) if the
    /// rules allow it: None when applied, else (rule, message) and nothing changes.
    /// InvalidArgumentError for an id outside 0..89.
    fn step(&mut self, id: Int<Usize>) -> PyResult<Violation> {
        let id = id.0 .0;
        let r = if let Some(call) = call_of_id(id) {
            match self.0.auction().to_call() {
                Some(seat) => self.0.call(seat, call),
                None => Err(self.0.can_call(0, call).expect_err("the auction is over")),
            }
        } else if let Some(card) = id
            .checked_sub(38)
            .and_then(card_of)
            .filter(|c| !c.is_joker())
        {
            match self.0.current_player() {
                Some(actor) => self.0.play_card(actor, card),
                None => Err(self.0.can_play(0, card).expect_err("the deal is over")),
            }
        } else {
            return Err(bad_id(id, 90));
        };
        Ok(r.err().map(|v| (v.rule, v.message)))
    }
    /// The ids of every action taken so far, in order: the calls, then the cards.
    fn action_ids(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .0
            .auction()
            .calls()
            .iter()
            .map(|&c| call_id(c))
            .collect();
        if let Some(p) = self.0.play() {
            out.extend(p.plays().into_iter().map(|(_, c)| 38 + c.index() as usize));
        }
        out
    }
    /// Every card played so far, in order, with the seat it came from.
    fn plays(&self) -> Vec<(usize, PyCard)> {
        self.0
            .play()
            .map(|p| p.plays().into_iter().map(|(s, c)| (s, PyCard(c))).collect())
            .unwrap_or_default()
    }
    /// A deal at the same point, consistent with what ``viewer`` has seen, every card hidden
    /// from him dealt again exactly uniformly (see ``BridgeDeal::resample`` in the core).
    fn resample(&self, py: Python<'_>, viewer: Int<Usize>, seed: Int<u64>) -> PyResult<Self> {
        let viewer = viewer.0 .0;
        let seed = seed.0;
        let deal = &self.0;
        py.detach(|| deal.resample(viewer, &mut Rng::new(seed)))
            .map(PyBridgeDeal)
            .map_err(to_py)
    }
    /// Up to ``count`` deals like :meth:`resample` in which every seat hidden from ``viewer``
    /// has a dealt hand inside its box: ``boxes`` holds four entries (N E S W), each None or
    /// ``(hcp_lo, hcp_hi, [(lo, hi)] * 4)`` (high-card points and the length of each suit c d h
    /// s, both inclusive). At most ``max_draws`` proposals in all; fewer deals come back when
    /// the boxes are too narrow for that budget.
    #[pyo3(signature = (viewer, boxes, count, seed, max_draws = Int(Usize(100_000))))]
    fn resample_within(
        &self,
        py: Python<'_>,
        viewer: Int<Usize>,
        boxes: HandBoxes,
        count: Int<Usize>,
        seed: Int<u64>,
        max_draws: Int<Usize>,
    ) -> PyResult<Vec<Self>> {
        let viewer = viewer.0 .0;
        let count = count.0 .0;
        let seed = seed.0;
        let max_draws = max_draws.0 .0;
        if boxes.len() != 4 {
            return Err(invalid_argument(format!(
                "boxes must hold four entries (N, E, S, W), got {}",
                boxes.len()
            )));
        }
        let mut checked = [None; 4];
        for (seat, entry) in boxes.into_iter().enumerate() {
            if let Some((lo, hi, lens)) = entry {
                let lens: [(u8, u8); 4] = lens.try_into().map_err(|v: Vec<(u8, u8)>| {
                    invalid_argument(format!(
                        "a box gives four suit length ranges (c, d, h, s), got {}",
                        v.len()
                    ))
                })?;
                checked[seat] = Some(HandBox::new((lo, hi), lens).map_err(to_py)?);
            }
        }
        check_count(count, 0, std::mem::size_of::<BridgeDeal>(), "count")?;
        let deal = &self.0;
        py.detach(|| deal.resample_within(viewer, &checked, count, max_draws, &mut Rng::new(seed)))
            .map(|worlds| worlds.into_iter().map(PyBridgeDeal).collect())
            .map_err(to_py)
    }
    /// The id of the action the greedy policy takes now (see ``tricks::bridge::greedy``), or
    /// None when the deal is over.
    fn greedy_action(&self) -> Option<usize> {
        match self.0.phase() {
            bridge::Phase::Auction => {
                let seat = self.0.auction().to_call()?;
                Some(call_id(bridge_greedy::greedy_call(
                    self.0.auction(),
                    self.0.dealt()[seat],
                )))
            }
            bridge::Phase::Play => Some(38 + bridge_greedy::greedy_card(&self.0).index() as usize),
            bridge::Phase::Over => None,
        }
    }
    /// ``n`` seeded playouts to the end from here under ``policy`` ("random" or "greedy"):
    /// a float64 array (n, 4) of the seats' returns (N E S W: ns, -ns, ns, -ns). Independent
    /// of ``threads`` (0 = all cores).
    #[pyo3(signature = (n, policy = Text::from("random"), seed = Int(0), threads = Int(Usize(1))))]
    fn playout_returns<'py>(
        &self,
        py: Python<'py>,
        n: Int<Usize>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<Usize>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let n = n.0 .0;
        let seed = seed.0;
        let threads = threads.0 .0;
        let policy = policy_from(&policy)?;
        check_count(n, 1, 4 * std::mem::size_of::<f64>(), "n")?;
        if self.0.phase() == bridge::Phase::Over {
            return Err(invalid_argument(
                "the deal is over: there is nothing to play out",
            ));
        }
        let threads = threads_or_all(threads);
        let base = &self.0;
        let flat = sliced(py, n, 4, |first, len| {
            base.playout_returns(first, len, policy, seed, threads)
        })?;
        PyArray1::from_vec(py, flat).reshape([n, 4])
    }
    fn clone(&self) -> Self {
        PyBridgeDeal(self.0.clone())
    }
    fn __copy__(&self) -> Self {
        PyBridgeDeal(self.0.clone())
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        PyBridgeDeal(self.0.clone())
    }
}

// ---- smear -------------------------------------------------------------------------------

fn smear_id(a: Action) -> usize {
    match a {
        Action::Pass => 0,
        Action::Bid(b) => b as usize - 3,
        Action::Trump(s) => 8 + s as usize,
        Action::Discard(c) => 12 + c.index() as usize,
        Action::Call(c) => 66 + c.index() as usize,
        Action::Play(c) => 120 + c.index() as usize,
    }
}

fn smear_action(id: usize) -> Option<Action> {
    Some(match id {
        0 => Action::Pass,
        1..=7 => Action::Bid(id as u8 + 3),
        8..=11 => Action::Trump(id as u8 - 8),
        12..=65 => Action::Discard(card_of(id - 12)?),
        66..=119 => Action::Call(card_of(id - 66)?),
        120..=173 => Action::Play(card_of(id - 120)?),
        _ => return None,
    })
}

fn phase_name(p: SmearPhase) -> &'static str {
    match p {
        SmearPhase::Bidding => "bidding",
        SmearPhase::AllPassed => "all_passed",
        SmearPhase::Trump => "trump",
        SmearPhase::Discard => "discard",
        SmearPhase::PartnerCall => "partner_call",
        SmearPhase::Play => "play",
        SmearPhase::Over => "over",
    }
}

fn points_dict<'py>(py: Python<'py>, p: &smear::Points) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let sides = p.num_sides;
    d.set_item("num_sides", sides)?;
    d.set_item("high", p.high.map(|(s, _)| s))?;
    d.set_item("high_card", p.high.map(|(_, c)| c.to_string()))?;
    d.set_item("low", p.low.map(|(s, _)| s))?;
    d.set_item("low_card", p.low.map(|(_, c)| c.to_string()))?;
    d.set_item("jack", p.jack)?;
    d.set_item("jick", p.jick)?;
    d.set_item("jokers", p.jokers.to_vec())?;
    d.set_item("trey", p.trey)?;
    d.set_item("game", p.game)?;
    d.set_item("game_totals", p.game_totals[..sides].to_vec())?;
    d.set_item("totals", p.totals[..sides].to_vec())?;
    Ok(d)
}

/// ``n`` smear deals with random actions, in Rust with the interpreter released (see
/// ``cardavia.smear.simulate``). Independent of ``threads`` (0 = all cores).
#[pyfunction]
#[pyo3(signature = (players, n, seed = Int(0), threads = Int(Usize(1))))]
pub fn smear_simulate<'py>(
    py: Python<'py>,
    players: Int<Usize>,
    n: Int<Usize>,
    seed: Int<u64>,
    threads: Int<Usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let players = players.0 .0;
    let n = n.0 .0;
    let seed = seed.0;
    let threads = threads.0 .0;
    if !(4..=6).contains(&players) {
        return Err(invalid_argument(format!(
            "smear is for 4, 5 or 6 players, got {players}"
        )));
    }
    check_count(n, 0, std::mem::size_of::<smear::SimulatedDeal>() + 64, "n")?;
    let threads = threads_or_all(threads);
    let deals = sliced(py, n, 1, |first, len| {
        smear::simulate_range(players, first, len, seed, threads).expect("checked players")
    })?;
    let mut redeals = Vec::with_capacity(n);
    let mut dealer = Vec::with_capacity(n);
    let mut bidder = Vec::with_capacity(n);
    let mut bid = Vec::with_capacity(n);
    let mut partner = Vec::with_capacity(n);
    let mut sides = Vec::with_capacity(n);
    let mut totals = Vec::with_capacity(3 * n);
    let mut game_totals = Vec::with_capacity(3 * n);
    let mut cards_played = Vec::with_capacity(n);
    let mut cards_captured = Vec::with_capacity(n);
    let mut kept_trumps_ok = Vec::with_capacity(n);
    let mut breakdown = Vec::with_capacity(8 * n);
    for s in &deals {
        let d = &s.deal;
        let (b, amount) = d.contract().expect("scored deals have a bidder");
        redeals.push(s.redeals);
        dealer.push(d.dealer() as u8);
        bidder.push(b as u8);
        bid.push(amount);
        partner.push(d.partner().map_or(-1, |p| p as i8));
        sides.push(s.points.num_sides as u8);
        totals.extend(s.points.totals);
        game_totals.extend(s.points.game_totals);
        let play = d.play().expect("played");
        cards_played.push(play.plays().len() as u8);
        let captured = (0..players).fold(CardSet::EMPTY, |a, seat| a.union(play.captured(seat)));
        cards_captured.push(captured.len() as u8);
        // SM-3.10 for every seat: kept trumps = min(6, trumps before discarding).
        let rules = d.rules().expect("trump");
        let ok = (0..players).all(|seat| {
            let kept: usize = play
                .plays()
                .iter()
                .filter(|(by, c)| *by == seat && rules.is_trump(*c))
                .count();
            let held = kept + d.discards(seat).intersection(rules.trumps()).len();
            kept == held.min(6)
        });
        kept_trumps_ok.push(ok);
        let p = &s.points;
        let side = |x: Option<u8>| x.map_or(-1, |v| v as i8);
        breakdown.extend([
            side(p.high.map(|h| h.0)),
            side(p.low.map(|l| l.0)),
            side(p.jack),
            side(p.jick),
            side(p.jokers[0]),
            side(p.jokers[1]),
            side(p.trey),
            side(p.game),
        ]);
    }
    let out = PyDict::new(py);
    out.set_item("redeals", PyArray1::from_vec(py, redeals))?;
    out.set_item("dealer", PyArray1::from_vec(py, dealer))?;
    out.set_item("bidder", PyArray1::from_vec(py, bidder))?;
    out.set_item("bid", PyArray1::from_vec(py, bid))?;
    out.set_item("partner", PyArray1::from_vec(py, partner))?;
    out.set_item("num_sides", PyArray1::from_vec(py, sides))?;
    out.set_item("points", PyArray1::from_vec(py, totals).reshape([n, 3])?)?;
    out.set_item(
        "game_totals",
        PyArray1::from_vec(py, game_totals).reshape([n, 3])?,
    )?;
    out.set_item("cards_played", PyArray1::from_vec(py, cards_played))?;
    out.set_item("cards_captured", PyArray1::from_vec(py, cards_captured))?;
    out.set_item("trumps_kept_ok", PyArray1::from_vec(py, kept_trumps_ok))?;
    out.set_item(
        "winners",
        PyArray1::from_vec(py, breakdown).reshape([n, 8])?,
    )?;
    Ok(out)
}

/// One smear deal (rules/smear.md): bidding, trump, discards, partner call, play, points.
#[pyclass(module = "cardavia", name = "SmearDeal", skip_from_py_object)]
#[derive(Clone)]
pub struct PySmearDeal(pub SmearDeal);

#[pymethods]
impl PySmearDeal {
    /// ``hands`` by seat as dealt and the ``stock`` (SM-3.4); ``dealer`` a seat.
    #[new]
    fn new(
        players: Int<Usize>,
        dealer: Int<Usize>,
        hands: Vec<Bound<'_, PyAny>>,
        stock: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let players = players.0 .0;
        let dealer = dealer.0 .0;
        let hands = hands
            .iter()
            .map(cardset_from_any)
            .collect::<PyResult<Vec<CardSet>>>()?;
        SmearDeal::new(players, dealer, &hands, cardset_from_any(stock)?)
            .map(PySmearDeal)
            .map_err(to_py)
    }

    /// ``"bidding"``, ``"all_passed"``, ``"trump"``, ``"discard"``, ``"partner_call"``,
    /// ``"play"`` or ``"over"``.
    #[getter]
    fn phase(&self) -> &'static str {
        phase_name(self.0.phase())
    }
    #[getter]
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.0.current_player()
    }
    #[getter]
    fn dealer(&self) -> usize {
        self.0.dealer()
    }
    /// Bids in order from the dealer's left (None = pass).
    #[getter]
    fn bids(&self) -> Vec<Option<u8>> {
        self.0.bids().to_vec()
    }
    /// (bid, seat) of the highest bid so far.
    #[getter]
    fn high_bid(&self) -> Option<(u8, usize)> {
        self.0.high_bid()
    }
    #[getter]
    fn bidder(&self) -> Option<usize> {
        self.0.bidder()
    }
    /// The trump suit 0..3 (c d h s) once named.
    #[getter]
    fn trump(&self) -> Option<u8> {
        self.0.trump()
    }
    #[getter]
    fn partner_card(&self) -> Option<PyCard> {
        self.0.partner_card().map(PyCard)
    }
    #[getter]
    fn partner(&self) -> Option<usize> {
        self.0.partner()
    }
    #[getter]
    fn stock(&self) -> PyCardSet {
        PyCardSet(self.0.stock())
    }
    fn dealt(&self) -> Vec<PyCardSet> {
        self.0.dealt().iter().copied().map(PyCardSet).collect()
    }
    /// The dealt hands and the stock as card text (``str`` of each CardSet), stock last.
    fn dealt_texts(&self) -> Vec<String> {
        self.0
            .dealt()
            .iter()
            .chain(std::iter::once(&self.0.stock()))
            .map(|h| h.to_string())
            .collect()
    }
    fn hands(&self) -> Vec<PyCardSet> {
        self.0.hands().into_iter().map(PyCardSet).collect()
    }
    fn discards(&self, seat: Int<Usize>) -> PyResult<PyCardSet> {
        let seat = seat.0 .0;
        if seat >= self.0.num_players() {
            return Err(invalid_argument(format!("seat {seat} does not exist")));
        }
        Ok(PyCardSet(self.0.discards(seat)))
    }
    /// The side of a seat for the points (SM-3.2, SM-3.11).
    fn side_of(&self, seat: Int<Usize>) -> usize {
        let seat = seat.0 .0;
        self.0.side_of(seat)
    }
    #[getter]
    fn num_sides(&self) -> usize {
        self.0.num_sides()
    }
    fn tricks<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        match self.0.play() {
            Some(p) => tricks_list(py, p),
            None => Ok(Vec::new()),
        }
    }
    fn current_trick(&self) -> (Option<usize>, Vec<PyCard>) {
        current_trick(self.0.play())
    }
    fn legal_ids(&self) -> Vec<usize> {
        self.0.legal_actions().into_iter().map(smear_id).collect()
    }
    /// (rule, message) if the current player may not take action ``id`` now, else None.
    fn violation(&self, id: Int<Usize>) -> PyResult<Violation> {
        let id = id.0 .0;
        let a = smear_action(id).ok_or_else(|| bad_id(id, 174))?;
        Ok(self.0.check(a).err().map(|v| (v.rule, v.message)))
    }
    fn apply(&mut self, id: Int<Usize>) -> PyResult<()> {
        let id = id.0 .0;
        let a = smear_action(id).ok_or_else(|| bad_id(id, 174))?;
        self.0.apply(a).map_err(|v| invalid_argument(v.to_string()))
    }
    /// The points (SM-6.1–6.3) once the deal is over, else None.
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.0.points().map(|p| points_dict(py, &p)).transpose()
    }
    /// ``n`` random continuations to the end of the deal; returns points per side (n, 3) and
    /// whether the deal was passed out (n,). Independent of ``threads`` (0 = all cores).
    #[pyo3(signature = (n, seed = Int(0), threads = Int(Usize(1))))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: Int<Usize>,
        seed: Int<u64>,
        threads: Int<Usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let n = n.0 .0;
        let seed = seed.0;
        let threads = threads.0 .0;
        check_count(n, 0, 32, "n")?;
        let base = &self.0;
        let threads = threads_or_all(threads);
        let results = sliced(py, n, 1, |first, len| {
            core::parallel_seeded_range(first, len, seed, threads, |_, rng| {
                let mut d = base.clone();
                d.random_playout(rng);
                d.points().map(|p| p.totals)
            })
        })?;
        let mut points = Vec::with_capacity(3 * n);
        let mut passed = Vec::with_capacity(n);
        for r in &results {
            points.extend(r.unwrap_or([0; 3]));
            passed.push(r.is_none());
        }
        let out = PyDict::new(py);
        out.set_item("points", PyArray1::from_vec(py, points).reshape([n, 3])?)?;
        out.set_item("passed_out", PyArray1::from_vec(py, passed))?;
        Ok(out)
    }
    /// Takes action ``id`` for the current player if the rules allow it: None when applied,
    /// else (rule, message) and nothing changes. InvalidArgumentError for an id outside 0..173.
    fn step(&mut self, id: Int<Usize>) -> PyResult<Violation> {
        let id = id.0 .0;
        let a = smear_action(id).ok_or_else(|| bad_id(id, 174))?;
        Ok(self.0.apply(a).err().map(|v| (v.rule, v.message)))
    }
    /// Every discard so far in action order, as card indices.
    fn discard_log(&self) -> Vec<u8> {
        self.0.discard_log().iter().map(|c| c.index()).collect()
    }
    /// Each seat's score change (SM-6.4–6.8) once the deal is over, else None.
    fn returns(&self) -> Option<Vec<i32>> {
        self.0.returns().map(|r| r[..self.0.num_players()].to_vec())
    }
    /// A deal at the same point consistent with what ``viewer`` has seen, every card hidden
    /// from him dealt again exactly uniformly (see ``SmearDeal::resample`` in the core).
    fn resample(&self, py: Python<'_>, viewer: Int<Usize>, seed: Int<u64>) -> PyResult<Self> {
        let viewer = viewer.0 .0;
        let seed = seed.0;
        let deal = &self.0;
        py.detach(|| deal.resample(viewer, &mut Rng::new(seed)))
            .map(PySmearDeal)
            .map_err(to_py)
    }
    /// ``resample`` weighted by the other players' bids (``SmearDeal::resample_by_bids``): a
    /// draw whose bids the rule strategy would not have made on its hands is kept only with
    /// probability ``slack`` per such bid; after ``tries`` draws the last is kept.
    #[pyo3(signature = (viewer, seed, tries = Int(Usize(64)), slack = 0.0))]
    fn resample_by_bids(
        &self,
        py: Python<'_>,
        viewer: Int<Usize>,
        seed: Int<u64>,
        tries: Int<Usize>,
        slack: f64,
    ) -> PyResult<Self> {
        let viewer = viewer.0 .0;
        let seed = seed.0;
        let tries = tries.0 .0;
        if !(0.0..=1.0).contains(&slack) {
            return Err(invalid_argument(format!(
                "slack must be a probability 0..1, got {slack}"
            )));
        }
        if !(1..=100_000).contains(&tries) {
            return Err(invalid_argument(format!(
                "tries must be 1..100000, got {tries}"
            )));
        }
        let deal = &self.0;
        py.detach(|| deal.resample_by_bids(viewer, &mut Rng::new(seed), tries, slack))
            .map(PySmearDeal)
            .map_err(to_py)
    }
    /// The id of the action the greedy policy takes now (``tricks::smear::greedy``), or None.
    fn greedy_action(&self) -> Option<usize> {
        smear::greedy::greedy_action(&self.0).map(smear_id)
    }
    /// ``n`` seeded playouts to the end of the deal from here under ``policy`` ("random" or
    /// "greedy"), an all-pass redealt from the playout's generator (SM-3.6): a float64 array
    /// (n, players) of the seats' score changes. Independent of ``threads`` (0 = all cores).
    #[pyo3(signature = (n, policy = Text::from("random"), seed = Int(0), threads = Int(Usize(1))))]
    fn playout_returns<'py>(
        &self,
        py: Python<'py>,
        n: Int<Usize>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<Usize>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let n = n.0 .0;
        let seed = seed.0;
        let threads = threads.0 .0;
        let policy = policy_from(&policy)?;
        let players = self.0.num_players();
        check_count(n, 1, players * std::mem::size_of::<f64>(), "n")?;
        if self.0.current_player().is_none() {
            return Err(invalid_argument(
                "the deal is over: there is nothing to play out",
            ));
        }
        let threads = threads_or_all(threads);
        let base = &self.0;
        let flat = sliced(py, n, players, |first, len| {
            base.playout_returns(first, len, policy, seed, threads)
        })?;
        PyArray1::from_vec(py, flat).reshape([n, players])
    }
    fn clone(&self) -> Self {
        PySmearDeal(self.0.clone())
    }
    fn __copy__(&self) -> Self {
        PySmearDeal(self.0.clone())
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        PySmearDeal(self.0.clone())
    }
}

// ---- kernel helpers ------------------------------------------------------------------------

/// The index (in play order) of the card winning a trick: ``trump`` None (no trump) or a suit
/// 0..3; ``smear`` adds the jick and jokers to the trumps (SM-2.4).
#[pyfunction]
#[pyo3(signature = (cards, trump = None, smear = false))]
pub fn trick_winner(
    cards: &Bound<'_, PyAny>,
    trump: Option<Int<u8>>,
    smear: bool,
) -> PyResult<usize> {
    let trump = trump.map(|v| v.0);
    let cards = crate::cards::cards_from_any(cards)?;
    if cards.is_empty() {
        return Err(invalid_argument("a trick has at least one card"));
    }
    let rules = match (trump, smear) {
        (Some(t), _) if t > 3 => return Err(invalid_argument("trump is a suit 0..3 (c d h s)")),
        (Some(t), true) => TrumpRules::smear(t),
        (Some(t), false) => TrumpRules::suit(t),
        (None, true) => return Err(invalid_argument("smear needs a trump suit")),
        (None, false) => TrumpRules::no_trump(),
    };
    Ok(rules.winner(&cards))
}

/// The smear rule strategy's action id (``tricks::smear::greedy``, the HeuristicAgent's move)
/// on what one seat may see: its cards, the high bid ``(bid, seat)``, bidder, partner, trump,
/// the legal cards of a discard, call or play, the cards it has not seen, the current trick
/// (leader and cards in play order) and each seat's void suits (a bit per suit c d h s).
#[pyfunction]
#[pyo3(signature = (players, seat, phase, dealer, hand, high, bidder, partner, trump, legal, unseen, leader, trick, voids))]
#[allow(clippy::too_many_arguments)]
pub fn smear_rule_action(
    players: Int<Usize>,
    seat: Int<Usize>,
    phase: Text,
    dealer: Int<Usize>,
    hand: &Bound<'_, PyAny>,
    high: Option<(Int<u8>, Int<Usize>)>,
    bidder: Option<Int<Usize>>,
    partner: Option<Int<Usize>>,
    trump: Option<Int<u8>>,
    legal: &Bound<'_, PyAny>,
    unseen: &Bound<'_, PyAny>,
    leader: Int<Usize>,
    trick: &Bound<'_, PyAny>,
    voids: IntList<u8>,
) -> PyResult<usize> {
    let players = players.0 .0;
    let seat = seat.0 .0;
    let dealer = dealer.0 .0;
    let bidder = bidder.map(|v| v.0 .0);
    let partner = partner.map(|v| v.0 .0);
    let trump = trump.map(|v| v.0);
    let leader = leader.0 .0;
    if !(4..=6).contains(&players) {
        return Err(invalid_argument(format!(
            "smear is for 4, 5 or 6 players, got {players}"
        )));
    }
    let seat_ok = |s: usize| s < players;
    if !seat_ok(seat) || !seat_ok(dealer) || !seat_ok(leader) {
        return Err(invalid_argument(format!(
            "seat, dealer and leader must be seats 0..{players}"
        )));
    }
    if bidder.is_some_and(|b| !seat_ok(b)) || partner.is_some_and(|p| !seat_ok(p)) {
        return Err(invalid_argument("bidder and partner must be seats"));
    }
    let high = high.map(|(b, s)| (b.0, s.0 .0));
    if high.is_some_and(|(b, s)| !(4..=10).contains(&b) || !seat_ok(s)) {
        return Err(invalid_argument("the high bid is (4..10, a seat)"));
    }
    if trump.is_some_and(|t| t > 3) {
        return Err(invalid_argument("trump is a suit 0..3 (c d h s)"));
    }
    if voids.len() != players {
        return Err(invalid_argument("voids needs one entry per seat"));
    }
    let phase = match &*phase {
        "bidding" => SmearPhase::Bidding,
        "trump" => SmearPhase::Trump,
        "discard" => SmearPhase::Discard,
        "partner_call" => SmearPhase::PartnerCall,
        "play" => SmearPhase::Play,
        other => {
            return Err(invalid_argument(format!(
                "phase must be bidding, trump, discard, partner_call or play, got {other:?}"
            )))
        }
    };
    let hand = cardset_from_any(hand)?;
    let legal = cardset_from_any(legal)?;
    let unseen = cardset_from_any(unseen)?;
    let cards = crate::cards::cards_from_any(trick)?;
    let needs_cards = matches!(
        phase,
        SmearPhase::Discard | SmearPhase::PartnerCall | SmearPhase::Play
    );
    if needs_cards && (trump.is_none() || legal.is_empty()) {
        return Err(invalid_argument(
            "a discard, call or play needs the trump and at least one legal card",
        ));
    }
    if phase == SmearPhase::Play && (cards.len() >= players || bidder.is_none()) {
        return Err(invalid_argument(
            "in play the trick holds fewer cards than players and there is a bidder",
        ));
    }
    let mut view = smear::greedy::View {
        players,
        seat,
        phase,
        dealer,
        hand,
        high,
        bidder,
        partner,
        trump,
        legal,
        unseen,
        leader,
        trick: [Card::SMALL_JOKER; core::MAX_SEATS],
        trick_len: cards.len(),
        voids: [0; core::MAX_SEATS],
    };
    view.trick[..cards.len()].copy_from_slice(&cards);
    view.voids[..players].copy_from_slice(&voids);
    Ok(smear_id(smear::greedy::view_action(&view)))
}

/// The points a hand (as dealt) is expected to take as the bidder with ``trump`` (0..3) as
/// trump (``tricks::smear::greedy::estimate``).
#[pyfunction]
pub fn smear_estimate(
    hand: &Bound<'_, PyAny>,
    trump: Int<u8>,
    players: Int<Usize>,
) -> PyResult<f64> {
    let trump = trump.0;
    let players = players.0 .0;
    if trump > 3 || !(4..=6).contains(&players) {
        return Err(invalid_argument(
            "trump is a suit 0..3 and players 4, 5 or 6",
        ));
    }
    Ok(smear::greedy::estimate(
        cardset_from_any(hand)?,
        trump,
        players,
    ))
}

/// The smear points (SM-6.1–6.3) of played tricks, for scoring any outcome: ``trump`` 0..3,
/// ``sides[seat]`` each seat's side, ``tricks`` as ``(leader, cards in play order, winner)``.
#[pyfunction]
pub fn smear_points<'py>(
    py: Python<'py>,
    trump: Int<u8>,
    sides: IntList<Usize>,
    tricks: Vec<(Int<Usize>, Bound<'py, PyAny>, Int<Usize>)>,
) -> PyResult<Bound<'py, PyDict>> {
    let trump = trump.0;
    let sides: Vec<usize> = sides.iter().map(|s| s.0).collect();
    let n = sides.len();
    if trump > 3 {
        return Err(invalid_argument("trump is a suit 0..3 (c d h s)"));
    }
    if !(2..=core::MAX_SEATS).contains(&n) {
        return Err(invalid_argument(
            "sides needs one entry per seat (2..6 seats)",
        ));
    }
    let num_sides = sides.iter().max().map_or(0, |m| m + 1);
    if num_sides > 3 {
        return Err(invalid_argument("at most 3 sides"));
    }
    let mut records = Vec::with_capacity(tricks.len());
    for (leader, cards, winner) in &tricks {
        let (leader, winner) = (&leader.0 .0, &winner.0 .0);
        let cards = crate::cards::cards_from_any(cards)?;
        if *leader >= n || *winner >= n || cards.is_empty() || cards.len() > n {
            return Err(invalid_argument(
                "each trick is (leader seat, 1..n cards, winner seat)",
            ));
        }
        let mut arr = [Card::SMALL_JOKER; core::MAX_SEATS];
        arr[..cards.len()].copy_from_slice(&cards);
        records.push(core::TrickRecord {
            leader: *leader as u8,
            cards: arr,
            len: cards.len() as u8,
            winner: *winner as u8,
        });
    }
    points_dict(py, &smear::points(trump, num_sides, &records, &sides))
}
