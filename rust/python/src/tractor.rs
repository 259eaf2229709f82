//! Bindings of `cardavia_core::tractor`: the trump model, shapes, leads, follows, trick winner,
//! the card-play table and playouts of Tractor (rules/tractor.md).

use crate::cards::{cardbag_from_any, cards_from_any, PyCard, PyCardBag, PyCardSet};
use crate::convert::{Int, Text};
use crate::convert::{IntList, Usize};
use crate::errors::{invalid_argument, to_py};
use cardavia_core::cards::{Card, CardBag, CardSet};
use cardavia_core::rng::Rng;
use cardavia_core::tractor::{
    self as core, Declaring, Knowledge, Phase, Policy, RuleViolation, Start, TractorTable, Trump,
};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// What `__reduce__` returns: the class and its constructor arguments.
type Reduced = (Py<PyAny>, (String, Option<&'static str>));

const SUIT_LETTERS: [&str; 5] = ["c", "d", "h", "s", "trump"];

fn violation_tuple(v: RuleViolation) -> (&'static str, String) {
    (v.rule, v.message)
}

fn threads_or_all(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

fn card_from_any(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    if let Ok(c) = obj.extract::<PyCard>() {
        return Ok(c.0);
    }
    let cards = cards_from_any(obj)?;
    match cards.as_slice() {
        [c] => Ok(*c),
        _ => Err(invalid_argument("expected exactly one card")),
    }
}

/// Action ids of the Python action space (`cardavia.games.tractor`): `bury <card i>` is
/// `11 + i`, `play <card i>` is `65 + i`, `end` is 119.
const BURY_BASE: u32 = 11;
const PLAY_BASE: u32 = 65;
const END_ID: u32 = 119;

/// Playouts run in chunks of this many between checks for Ctrl-C.
const CHUNK: usize = 1024;

fn policy_from(policy: &str) -> PyResult<Policy> {
    policy.parse::<Policy>().map_err(to_py)
}

fn checked_count(Int(n): Int<u64>) -> PyResult<usize> {
    if n < 1 {
        return Err(invalid_argument(format!("n must be at least 1, got {n}")));
    }
    usize::try_from(n).map_err(|_| invalid_argument(format!("n = {n} is too large")))
}

fn checked_threads(Int(threads): Int<u64>) -> PyResult<usize> {
    if threads > 4096 {
        return Err(invalid_argument(format!(
            "threads must be 0 (all cores) to 4096, got {threads}"
        )));
    }
    Ok(threads_or_all(threads as usize))
}

/// `n` settled playouts from `start` as an `(n, 4)` float64 array, in chunks with signal
/// checks between them; the result buffer is reserved first, so an impossible `n` is an
/// InvalidArgumentError rather than an abort.
fn returns_array<'py>(
    py: Python<'py>,
    start: Start<'_>,
    n: usize,
    seed: u64,
    policy: Policy,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
    values_array::<4>(py, n, threads, |part, first| {
        core::returns_into(start, part, first, seed, policy, threads)
    })
}

/// Returns then margins (`cardavia_core::tractor::returns_margins_into`): an `(n, 8)` array.
fn margins_array<'py>(
    py: Python<'py>,
    start: Start<'_>,
    n: usize,
    seed: u64,
    policy: Policy,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
    values_array::<8>(py, n, threads, |part, first| {
        core::returns_margins_into(start, part, first, seed, policy, threads)
    })
}

fn values_array<'py, const W: usize>(
    py: Python<'py>,
    n: usize,
    threads: usize,
    fill: impl Fn(&mut [[f64; W]], u64) + Sync,
) -> PyResult<Bound<'py, PyAny>> {
    let mut out: Vec<[f64; W]> = Vec::new();
    out.try_reserve_exact(n)
        .map_err(|_| invalid_argument(format!("cannot allocate the results of {n} playouts")))?;
    out.resize(n, [0.0; W]);
    let mut first = 0usize;
    while first < n {
        let end = (first + CHUNK * threads.max(1)).min(n);
        let part = &mut out[first..end];
        py.detach(|| fill(part, first as u64));
        py.check_signals()?;
        first = end;
    }
    let flat: Vec<f64> = out.into_iter().flatten().collect();
    Ok(PyArray1::from_vec(py, flat).reshape([n, W])?.into_any())
}

fn bags4(objs: &[Bound<'_, PyAny>], what: &str) -> PyResult<[CardBag; 4]> {
    if objs.len() != 4 {
        return Err(invalid_argument(format!(
            "{what}: four card sets, one per seat"
        )));
    }
    let mut out = [CardBag::EMPTY; 4];
    for (k, o) in objs.iter().enumerate() {
        out[k] = cardbag_from_any(o)?;
    }
    Ok(out)
}

fn kitty8(obj: &Bound<'_, PyAny>) -> PyResult<[Card; 8]> {
    let cards = cards_from_any(obj)?;
    cards
        .try_into()
        .map_err(|_| invalid_argument("a kitty has 8 cards (TR-3.4)"))
}

fn declaring_from(
    hands: &[Bound<'_, PyAny>],
    kitty: &Bound<'_, PyAny>,
    level: u8,
    seat: usize,
    first_deal: bool,
    calls: &[i64],
) -> PyResult<Declaring> {
    if !(2..=14).contains(&level) {
        return Err(invalid_argument(format!(
            "level must be 2..14, got {level}"
        )));
    }
    let mut converted = Vec::with_capacity(calls.len());
    for &c in calls {
        converted.push(match c {
            -1 => None,
            0..=9 => Some(c as u8),
            other => {
                return Err(invalid_argument(format!(
                    "a call is -1 (pass) or a declaration kind 0..9, got {other}"
                )))
            }
        });
    }
    Declaring::new(
        bags4(hands, "hands")?,
        kitty8(kitty)?,
        level - 2,
        seat,
        first_deal,
    )
    .and_then(|d| d.replayed(&converted))
    .map_err(to_py)
}

fn card_list(cards: &[Card]) -> Vec<PyCard> {
    cards.iter().copied().map(PyCard).collect()
}

fn kitty_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a declaration-phase redeal returns to Python: dealt hands, their texts, the kitty
/// and its text.
type DeclaringRedeal = (Vec<PyCardBag>, Vec<String>, Vec<PyCard>, String);

/// What a redeal returns to Python.
type RedealTuple = (
    Option<PyTractorTable>,
    Vec<PyCardBag>,
    Vec<String>,
    Vec<PyCard>,
    String,
    Option<Vec<u8>>,
    Vec<(usize, bool)>,
    usize,
);

/// Level rank and trump suit of a Tractor deal (TR-2.3 – TR-2.9).
///
/// ``TractorTrump("7", "h")``: level 7, hearts trump; ``TractorTrump("5", None)``: level 5,
/// no-trump. The level is a rank character (``2``..``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``,
/// ``A``) or its numeric value 2..14 (TR-2.2).
#[pyclass(
    module = "cardavia",
    name = "TractorTrump",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyTrump(pub Trump);

fn level_from_any(level: &Bound<'_, PyAny>) -> PyResult<u8> {
    if let Ok(v) = level.extract::<i64>() {
        if (2..=14).contains(&v) {
            return Ok((v - 2) as u8);
        }
        return Err(invalid_argument(format!(
            "a level is 2..14 (2..A), got {v}"
        )));
    }
    if let Ok(s) = level.cast::<PyString>() {
        let t = s.to_str()?.trim().to_ascii_uppercase();
        let t = if t == "10" { "T".to_string() } else { t };
        if let Some(p) = b"23456789TJQKA"
            .iter()
            .position(|&r| t.len() == 1 && r == t.as_bytes()[0])
        {
            return Ok(p as u8);
        }
        return Err(invalid_argument(format!(
            "{t:?} is not a rank (2-9, T or 10, J, Q, K, A)"
        )));
    }
    Err(invalid_argument("a level is a rank text or 2..14"))
}

fn suit_from_any(suit: Option<&str>) -> PyResult<Option<u8>> {
    match suit {
        None => Ok(None),
        Some(s) => match s.trim().to_ascii_lowercase().as_str() {
            "c" | "♣" => Ok(Some(0)),
            "d" | "♦" => Ok(Some(1)),
            "h" | "♥" => Ok(Some(2)),
            "s" | "♠" => Ok(Some(3)),
            "nt" | "" => Ok(None),
            other => Err(invalid_argument(format!(
                "{other:?} is not a suit (c, d, h, s, or None / \"NT\" for no-trump)"
            ))),
        },
    }
}

#[pymethods]
impl PyTrump {
    #[new]
    #[pyo3(signature = (level, suit = None))]
    fn new(level: &Bound<'_, PyAny>, suit: Option<Text>) -> PyResult<Self> {
        let l = level_from_any(level)?;
        Trump::new(l, suit_from_any(suit.as_deref())?)
            .map(PyTrump)
            .map_err(to_py)
    }
    /// The level rank as a character (``"7"``, ``"T"``...).
    #[getter]
    fn level(&self) -> String {
        (b"23456789TJQKA"[self.0.level() as usize] as char).to_string()
    }
    /// The level rank's numeric value 2..14 (TR-2.2).
    #[getter]
    fn level_value(&self) -> u8 {
        self.0.level() + 2
    }
    /// The trump suit letter, or None in a no-trump deal.
    #[getter]
    fn suit(&self) -> Option<&'static str> {
        self.0.suit().map(|s| SUIT_LETTERS[s as usize])
    }
    #[getter]
    fn is_no_trump(&self) -> bool {
        self.0.is_no_trump()
    }
    fn is_trump(&self, card: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_trump(card_from_any(card)?))
    }
    /// ``"c"``, ``"d"``, ``"h"``, ``"s"`` or ``"trump"`` (TR-2.6).
    fn effective_suit(&self, card: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        Ok(SUIT_LETTERS[self.0.suit_of(card_from_any(card)?) as usize])
    }
    /// The card's position within its effective suit (TR-2.9).
    fn position(&self, card: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.0.position(card_from_any(card)?))
    }
    /// The trumps from highest to lowest, equal-strength cards grouped (TR-2.7).
    fn trump_order(&self) -> Vec<Vec<PyCard>> {
        self.0
            .trump_order()
            .into_iter()
            .map(|g| g.into_iter().map(PyCard).collect())
            .collect()
    }
    /// The card kinds of an effective suit (``"c"``..``"s"`` or ``"trump"``).
    fn suit_cards(&self, suit: Text) -> PyResult<PyCardSet> {
        let s = SUIT_LETTERS
            .iter()
            .position(|&x| x == &*suit)
            .ok_or_else(|| invalid_argument(format!("{suit:?} is not c, d, h, s or trump")))?;
        Ok(PyCardSet(CardSet(self.0.suit_mask(s as u8))))
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        match self.suit() {
            Some(s) => format!("TractorTrump('{}', '{s}')", self.level()),
            None => format!("TractorTrump('{}', None)", self.level()),
        }
    }
    fn __reduce__(&self, py: Python<'_>) -> PyResult<Reduced> {
        Ok((
            py.get_type::<PyTrump>().into_any().unbind(),
            (self.level(), self.suit()),
        ))
    }
}

/// The shape of ``cards`` (TR-4.5): ``"single"``, ``"pair"``, ``"tractor(k)"`` or ``"none"``.
#[pyfunction]
pub fn tractor_shape(cards: &Bound<'_, PyAny>, trump: PyTrump) -> PyResult<String> {
    Ok(core::shape_of(cardbag_from_any(cards)?, &trump.0).to_string())
}

/// Every legal lead from ``hand`` (TR-4.3).
#[pyfunction]
pub fn tractor_legal_leads(hand: &Bound<'_, PyAny>, trump: PyTrump) -> PyResult<Vec<PyCardBag>> {
    Ok(core::legal_leads(cardbag_from_any(hand)?, &trump.0)
        .into_iter()
        .map(PyCardBag)
        .collect())
}

/// Every legal follow to ``lead`` from ``hand`` (TR-4.4); InvalidArgumentError if there are
/// more than ``limit``.
#[pyfunction]
#[pyo3(signature = (hand, lead, trump, limit = Int(Usize(1_000_000))))]
pub fn tractor_legal_follows(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    lead: &Bound<'_, PyAny>,
    trump: PyTrump,
    limit: Int<Usize>,
) -> PyResult<Vec<PyCardBag>> {
    let limit = limit.0 .0;
    let hand = cardbag_from_any(hand)?;
    let lead = checked_lead(lead, &trump.0)?;
    match py.detach(|| core::legal_follows(hand, lead, &trump.0, limit)) {
        Some(v) => Ok(v.into_iter().map(PyCardBag).collect()),
        None => Err(invalid_argument(format!(
            "more than {limit} legal follows ({} in all): use count_follows, is_legal_follow \
             and follow_next_cards instead",
            core::count_follows(hand, lead, &trump.0)
        ))),
    }
}

fn checked_lead(lead: &Bound<'_, PyAny>, trump: &Trump) -> PyResult<CardBag> {
    let lead = cardbag_from_any(lead)?;
    if core::shape_of(lead, trump) == core::Shape::Other {
        return Err(invalid_argument(format!(
            "{lead} is not a single, a pair or a tractor (TR-4.3)"
        )));
    }
    Ok(lead)
}

/// The exact number of legal follows (TR-4.4), without enumerating them.
#[pyfunction]
pub fn tractor_count_follows(
    hand: &Bound<'_, PyAny>,
    lead: &Bound<'_, PyAny>,
    trump: PyTrump,
) -> PyResult<u64> {
    let lead = checked_lead(lead, &trump.0)?;
    Ok(core::count_follows(cardbag_from_any(hand)?, lead, &trump.0))
}

/// The cards that extend ``selection`` towards some legal follow (the compact generator).
#[pyfunction]
pub fn tractor_follow_next(
    hand: &Bound<'_, PyAny>,
    lead: &Bound<'_, PyAny>,
    selection: &Bound<'_, PyAny>,
    trump: PyTrump,
) -> PyResult<PyCardSet> {
    let lead = checked_lead(lead, &trump.0)?;
    Ok(PyCardSet(CardSet(core::follow_next_kinds(
        cardbag_from_any(hand)?,
        lead,
        cardbag_from_any(selection)?,
        &trump.0,
    ))))
}

/// (rule id, message) if ``cards`` is not a legal lead from ``hand``, else None.
#[pyfunction]
pub fn tractor_lead_violation(
    hand: &Bound<'_, PyAny>,
    cards: &Bound<'_, PyAny>,
    trump: PyTrump,
) -> PyResult<Option<(&'static str, String)>> {
    Ok(
        core::lead_violation(cardbag_from_any(hand)?, cardbag_from_any(cards)?, &trump.0)
            .map(violation_tuple),
    )
}

/// (rule id, message) if ``play`` is not a legal follow to ``lead`` from ``hand``, else None.
#[pyfunction]
pub fn tractor_follow_violation(
    hand: &Bound<'_, PyAny>,
    lead: &Bound<'_, PyAny>,
    play: &Bound<'_, PyAny>,
    trump: PyTrump,
) -> PyResult<Option<(&'static str, String)>> {
    let lead = checked_lead(lead, &trump.0)?;
    Ok(core::follow_violation(
        cardbag_from_any(hand)?,
        lead,
        cardbag_from_any(play)?,
        &trump.0,
    )
    .map(violation_tuple))
}

/// Index of the winning play (the lead first, then in play order; TR-4.6 – TR-4.8).
#[pyfunction]
pub fn tractor_trick_winner(plays: Vec<Bound<'_, PyAny>>, trump: PyTrump) -> PyResult<usize> {
    if plays.is_empty() {
        return Err(invalid_argument("a trick needs at least the lead"));
    }
    let bags = plays
        .iter()
        .map(cardbag_from_any)
        .collect::<PyResult<Vec<_>>>()?;
    let n = bags[0].len();
    if core::shape_of(bags[0], &trump.0) == core::Shape::Other {
        return Err(invalid_argument(format!(
            "the lead {} is not a single, a pair or a tractor (TR-4.3)",
            bags[0]
        )));
    }
    if let Some(b) = bags.iter().find(|b| b.len() != n) {
        return Err(invalid_argument(format!(
            "every play has the lead's {n} card(s) (TR-4.1), {b} does not"
        )));
    }
    Ok(core::trick_winner(&bags, &trump.0))
}

/// Card points (TR-2.11).
#[pyfunction]
pub fn tractor_points(cards: &Bound<'_, PyAny>) -> PyResult<u32> {
    Ok(core::points(cardbag_from_any(cards)?))
}

/// The card-play table of one Tractor deal (kitty exchange to last trick).
#[pyclass(module = "cardavia", name = "TractorTable", skip_from_py_object)]
#[derive(Clone)]
pub struct PyTractorTable(pub TractorTable);

#[pymethods]
impl PyTractorTable {
    /// ``hands[dealer]`` holds 33 cards (hand and kitty), the others 25.
    #[new]
    fn new(trump: PyTrump, dealer: Int<Usize>, hands: Vec<Bound<'_, PyAny>>) -> PyResult<Self> {
        let dealer = dealer.0 .0;
        if hands.len() != 4 {
            return Err(invalid_argument("Tractor has four hands"));
        }
        let mut h = [CardBag::EMPTY; 4];
        for (k, obj) in hands.iter().enumerate() {
            h[k] = cardbag_from_any(obj)?;
        }
        TractorTable::new(trump.0, dealer, h)
            .map(PyTractorTable)
            .map_err(to_py)
    }
    #[getter]
    fn trump(&self) -> PyTrump {
        PyTrump(*self.0.trump())
    }
    #[getter]
    fn dealer(&self) -> usize {
        self.0.dealer()
    }
    /// ``"bury"``, ``"play"`` or ``"over"``.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.0.phase() {
            Phase::Bury => "bury",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.0.current_player()
    }
    fn hand(&self, seat: Int<Usize>) -> PyResult<PyCardBag> {
        let seat = seat.0 .0;
        if seat > 3 {
            return Err(invalid_argument(format!("seat {seat} is not 0..3")));
        }
        Ok(PyCardBag(self.0.hand(seat)))
    }
    fn hands(&self) -> Vec<PyCardBag> {
        self.0.hands().iter().copied().map(PyCardBag).collect()
    }
    #[getter]
    fn kitty(&self) -> PyCardBag {
        PyCardBag(self.0.kitty())
    }
    #[getter]
    fn selection(&self) -> PyCardBag {
        PyCardBag(self.0.selection())
    }
    #[getter]
    fn leader(&self) -> usize {
        self.0.leader()
    }
    /// (seat, cards) of the plays made so far in the current trick.
    #[getter]
    fn trick_plays(&self) -> Vec<(usize, PyCardBag)> {
        self.0
            .trick_plays()
            .into_iter()
            .map(|(s, b)| (s, PyCardBag(b)))
            .collect()
    }
    fn captured(&self, seat: Int<Usize>) -> PyResult<PyCardBag> {
        let seat = seat.0 .0;
        if seat > 3 {
            return Err(invalid_argument(format!("seat {seat} is not 0..3")));
        }
        Ok(PyCardBag(self.0.captured(seat)))
    }
    /// Card points won by each seat (TR-5.1).
    #[getter]
    fn captured_points(&self) -> Vec<u32> {
        (0..4).map(|s| self.0.captured_points(s)).collect()
    }
    #[getter]
    fn tricks_done(&self) -> u32 {
        self.0.tricks_done()
    }
    /// (winner, cards per player) of the last trick once the deal is over.
    #[getter]
    fn last_trick(&self) -> Option<(usize, usize)> {
        self.0.last_trick()
    }
    /// (card indices the player to act may select next, whether "end" is legal).
    fn legal_steps(&self) -> (Vec<u8>, bool) {
        let (mask, end) = self.0.legal_steps();
        let mut out = Vec::with_capacity(mask.count_ones() as usize);
        let mut m = mask;
        while m != 0 {
            out.push(m.trailing_zeros() as u8);
            m &= m - 1;
        }
        (out, end)
    }
    /// (rule id, message) if selecting card ``index`` is illegal now, else None.
    fn step_violation(&self, index: Int<u8>) -> PyResult<Option<(&'static str, String)>> {
        let index = index.0;
        let card = Card::from_index(index)
            .ok_or_else(|| invalid_argument(format!("card index {index} is not in 0..54")))?;
        Ok(self.0.can_step(card).err().map(violation_tuple))
    }
    /// Selects card ``index`` (committing the selection when complete).
    fn step(&mut self, index: Int<u8>) -> PyResult<()> {
        let index = index.0;
        let card = Card::from_index(index)
            .ok_or_else(|| invalid_argument(format!("card index {index} is not in 0..54")))?;
        self.0
            .step(card)
            .map_err(|v| invalid_argument(v.to_string()))
    }
    fn end_violation(&self) -> Option<(&'static str, String)> {
        self.0.can_end().err().map(violation_tuple)
    }
    /// Commits the pending lead selection.
    fn end(&mut self) -> PyResult<()> {
        self.0.end().map_err(|v| invalid_argument(v.to_string()))
    }
    /// (rule id, message) if the player to act may not play ``cards`` whole now, else None.
    fn play_violation(&self, cards: &Bound<'_, PyAny>) -> PyResult<Option<(&'static str, String)>> {
        let Some(seat) = self.0.current_player() else {
            return Ok(Some(("TR-4.9", "the deal is over".into())));
        };
        let cards = cardbag_from_any(cards)?;
        Ok(match self.0.phase() {
            Phase::Bury => self.0.can_bury(seat, cards),
            _ => self.0.can_play(seat, cards),
        }
        .err()
        .map(violation_tuple))
    }
    /// The player to act buries (bury phase) or plays ``cards`` whole.
    fn play(&mut self, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = self
            .0
            .current_player()
            .ok_or_else(|| invalid_argument("the deal is over"))?;
        let cards = cardbag_from_any(cards)?;
        match self.0.phase() {
            Phase::Bury => self.0.bury(seat, cards),
            _ => self.0.play(seat, cards),
        }
        .map_err(|v| invalid_argument(v.to_string()))
    }
    /// Finished tricks from index ``start``: dicts with ``leader``, ``plays`` (by seat),
    /// ``winner``, ``points``.
    #[pyo3(signature = (start = Int(Usize(0))))]
    fn history<'py>(
        &self,
        py: Python<'py>,
        start: Int<Usize>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let start = start.0 .0;
        let h = self.0.history();
        h[start.min(h.len())..]
            .iter()
            .map(|t| {
                let d = PyDict::new(py);
                d.set_item("leader", t.leader)?;
                d.set_item(
                    "plays",
                    t.plays.iter().copied().map(PyCardBag).collect::<Vec<_>>(),
                )?;
                d.set_item("winner", t.winner)?;
                d.set_item("points", t.points)?;
                Ok(d)
            })
            .collect()
    }
    /// Plays the deal to the end at random (card by card, seeded); returns the steps taken:
    /// card indices, and 54 for "end".
    fn play_random(&mut self, py: Python<'_>, seed: Int<u64>) -> Vec<u8> {
        let seed = seed.0;
        let mut t = self.0.clone();
        let steps = py.detach(|| {
            let mut rng = cardavia_core::rng::Rng::new(seed);
            core::random_steps(&mut t, &mut rng)
        });
        self.0 = t;
        steps
    }
    /// ``n`` seeded random playouts from here (the table is unchanged), ``threads`` 0 = all
    /// cores; results do not depend on ``threads``. numpy arrays: ``points`` (n, 4) card points
    /// won per seat, ``last_winner`` (n,), ``last_size`` (n,), ``kitty_points`` (n,).
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
        let table = self.0.clone();
        let threads = threads_or_all(threads);
        let mut probe: Vec<core::Outcome> = Vec::new();
        probe.try_reserve_exact(n).map_err(|_| {
            invalid_argument(format!("cannot allocate the results of {n} playouts"))
        })?;
        drop(probe);
        let out = py.detach(|| core::playouts(&table, n, seed, threads));
        let mut points = Vec::with_capacity(4 * n);
        for o in &out {
            points.extend_from_slice(&o.points);
        }
        let d = PyDict::new(py);
        d.set_item("points", PyArray1::from_vec(py, points).reshape([n, 4])?)?;
        d.set_item(
            "last_winner",
            PyArray1::from_vec(py, out.iter().map(|o| o.last_winner).collect()),
        )?;
        d.set_item(
            "last_size",
            PyArray1::from_vec(py, out.iter().map(|o| o.last_size).collect()),
        )?;
        d.set_item(
            "kitty_points",
            PyArray1::from_vec(py, out.iter().map(|o| o.kitty_points).collect()),
        )?;
        Ok(d)
    }
    /// The action ids (``cardavia.games.tractor``'s space) of the steps legal now: ``bury``
    /// or ``play`` steps of the legal cards, then ``end`` if legal.
    fn legal_step_ids(&self) -> Vec<u32> {
        let (mask, end) = self.0.legal_steps();
        let base = if self.0.phase() == Phase::Bury {
            BURY_BASE
        } else {
            PLAY_BASE
        };
        let mut out = Vec::with_capacity(mask.count_ones() as usize + 1);
        let mut m = mask;
        while m != 0 {
            out.push(base + m.trailing_zeros());
            m &= m - 1;
        }
        if end {
            out.push(END_ID);
        }
        out
    }
    /// Applies the step with action id ``action_id`` if it is legal now and returns None;
    /// otherwise returns (rule id, message) and changes nothing.
    fn step_id(&mut self, action_id: Int<i64>) -> Option<(&'static str, String)> {
        let action_id = action_id.0;
        let bury = self.0.phase() == Phase::Bury;
        let card = match action_id {
            119 => {
                return self.0.end().err().map(violation_tuple);
            }
            11..=64 if bury => Card::from_index((action_id - 11) as u8),
            65..=118 if !bury => Card::from_index((action_id - 65) as u8),
            _ => None,
        };
        let Some(card) = card else {
            let rule = match self.0.phase() {
                Phase::Bury => "TR-3.12",
                Phase::Play => "TR-4.1",
                Phase::Over => "TR-4.9",
            };
            return Some((
                rule,
                format!("action id {action_id} is not a legal action id now"),
            ));
        };
        self.0.step(card).err().map(violation_tuple)
    }
    /// ``n`` seeded playouts from here under ``policy`` (``"random"`` or ``"greedy"``, see
    /// ``cardavia_core::tractor::playout``), settled (TR-5.4): an ``(n, 4)`` float64 array of
    /// returns; the table is unchanged; independent of ``threads`` (0 = all cores).
    #[pyo3(signature = (n, policy = Text::from("random"), seed = Int(0), threads = Int(1)))]
    fn playout_returns<'py>(
        &self,
        py: Python<'py>,
        n: Int<u64>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let n = checked_count(n)?;
        let policy = policy_from(&policy)?;
        let threads = checked_threads(threads)?;
        if self.0.current_player().is_none() {
            return Err(invalid_argument("the deal is over: nothing to play out"));
        }
        returns_array(py, Start::Table(&self.0), n, seed.0, policy, threads)
    }
    /// :meth:`playout_returns` with each playout's point margins after its returns: an
    /// ``(n, 8)`` array, columns 4..7 the attackers' ``(A - 80) / 40`` for attackers' seats
    /// and its negative for the defenders' (``cardavia_core::tractor::Outcome::margins``).
    #[pyo3(signature = (n, policy = Text::from("random"), seed = Int(0), threads = Int(1)))]
    fn playout_margins<'py>(
        &self,
        py: Python<'py>,
        n: Int<u64>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let n = checked_count(n)?;
        let policy = policy_from(&policy)?;
        let threads = checked_threads(threads)?;
        if self.0.current_player().is_none() {
            return Err(invalid_argument("the deal is over: nothing to play out"));
        }
        margins_array(py, Start::Table(&self.0), n, seed.0, policy, threads)
    }
    /// Like :meth:`playout_returns` from the declaration phase of a deal: the dealt
    /// ``hands`` (25 cards per seat), the ``kitty`` in order, the ``level`` (2..14), the
    /// ``seat`` (s0 on a first deal, else the dealer), ``first_deal``, and the ``calls`` made
    /// so far (-1 = pass, else the declaration kind 0..9 = action id - 1).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (hands, kitty, level, seat, first_deal, calls, n, policy = Text::from("random"), seed = Int(0), threads = Int(1)))]
    fn declaring_playout_returns<'py>(
        py: Python<'py>,
        hands: Vec<Bound<'py, PyAny>>,
        kitty: &Bound<'py, PyAny>,
        level: Int<u8>,
        seat: Int<Usize>,
        first_deal: bool,
        calls: IntList<i64>,
        n: Int<u64>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let level = level.0;
        let seat = seat.0 .0;
        let n = checked_count(n)?;
        let policy = policy_from(&policy)?;
        let threads = checked_threads(threads)?;
        let d = declaring_from(&hands, kitty, level, seat, first_deal, &calls)?;
        if d.is_done() {
            return Err(invalid_argument("the declaration phase is over"));
        }
        returns_array(py, Start::Declaring(&d), n, seed.0, policy, threads)
    }
    /// :meth:`declaring_playout_returns` with the point margins (as :meth:`playout_margins`).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (hands, kitty, level, seat, first_deal, calls, n, policy = Text::from("random"), seed = Int(0), threads = Int(1)))]
    fn declaring_playout_margins<'py>(
        py: Python<'py>,
        hands: Vec<Bound<'py, PyAny>>,
        kitty: &Bound<'py, PyAny>,
        level: Int<u8>,
        seat: Int<Usize>,
        first_deal: bool,
        calls: IntList<i64>,
        n: Int<u64>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let level = level.0;
        let seat = seat.0 .0;
        let n = checked_count(n)?;
        let policy = policy_from(&policy)?;
        let threads = checked_threads(threads)?;
        let d = declaring_from(&hands, kitty, level, seat, first_deal, &calls)?;
        if d.is_done() {
            return Err(invalid_argument("the declaration phase is over"));
        }
        margins_array(py, Start::Declaring(&d), n, seed.0, policy, threads)
    }
    /// The Rust mirror of a declaration phase given as for
    /// :meth:`declaring_playout_returns`, after ``calls``: a dict with ``current_player``
    /// (None once over), ``legal`` (the declaration kinds legal now, pass aside), and once
    /// over ``trump`` (suit letter or None for no-trump), ``dealer`` and ``declarer``.
    #[staticmethod]
    fn declaring_state<'py>(
        py: Python<'py>,
        hands: Vec<Bound<'py, PyAny>>,
        kitty: &Bound<'py, PyAny>,
        level: Int<u8>,
        seat: Int<Usize>,
        first_deal: bool,
        calls: IntList<i64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let level = level.0;
        let seat = seat.0 .0;
        let d = declaring_from(&hands, kitty, level, seat, first_deal, &calls)?;
        let out = PyDict::new(py);
        out.set_item("current_player", d.current_player())?;
        let legal = d.legal_declarations();
        out.set_item(
            "legal",
            (0..10u8)
                .filter(|k| legal & (1 << k) != 0)
                .collect::<Vec<_>>(),
        )?;
        if let Some((trump, dealer, declarer)) = d.outcome() {
            out.set_item("trump", trump.suit().map(|s| SUIT_LETTERS[s as usize]))?;
            out.set_item("dealer", dealer)?;
            out.set_item("declarer", declarer)?;
        }
        Ok(out)
    }
    /// The greedy policy's call in a declaration phase given as for
    /// :meth:`declaring_playout_returns`: a declaration kind 0..9, or -1 for a pass.
    #[staticmethod]
    fn declaring_greedy_call(
        hands: Vec<Bound<'_, PyAny>>,
        kitty: &Bound<'_, PyAny>,
        level: Int<u8>,
        seat: Int<Usize>,
        first_deal: bool,
        calls: IntList<i64>,
    ) -> PyResult<i64> {
        let level = level.0;
        let seat = seat.0 .0;
        let d = declaring_from(&hands, kitty, level, seat, first_deal, &calls)?;
        if d.is_done() {
            return Err(invalid_argument("the declaration phase is over"));
        }
        Ok(core::greedy_call(&d).map_or(-1, i64::from))
    }
    /// The greedy policy's whole bury, lead or follow for the player to act (None once the
    /// deal is over); the pending selection must be empty.
    fn greedy_play(&self) -> PyResult<Option<PyCardBag>> {
        if !self.0.selection().is_empty() {
            return Err(invalid_argument(
                "a selection is pending: the greedy policy picks whole plays",
            ));
        }
        Ok(core::greedy_play(&self.0).map(PyCardBag))
    }
    /// The candidate whole plays of the player to act, each containing the pending selection:
    /// every legal lead; every legal follow or bury if there are at most ``limit``, else a
    /// narrowed list (see ``cardavia_core::tractor::plays``).
    #[pyo3(signature = (limit = Int(Usize(64))))]
    fn whole_plays(&self, limit: Int<Usize>) -> Vec<PyCardBag> {
        let limit = limit.0 .0;
        core::whole_plays(&self.0, limit)
            .into_iter()
            .map(PyCardBag)
            .collect()
    }
    /// A redeal of the hidden cards for ``viewer`` (issue 13; see
    /// ``cardavia_core::tractor::resample``): ``shown`` per seat the cards it showed to
    /// declare, ``revealed`` the kitty turned up (TR-3.9) or None, ``own_dealt`` the viewer's
    /// dealt hand, ``own_kitty`` the kitty if the viewer is the dealer. Returns (table, dealt
    /// hands, their texts, kitty cards, kitty text, new bury card indices or None, record
    /// edits (index, insert end?), steps to drop from the record's end).
    #[pyo3(signature = (viewer, seed, shown, revealed, own_dealt, own_kitty))]
    #[allow(clippy::too_many_arguments)]
    fn resample(
        &self,
        py: Python<'_>,
        viewer: Int<Usize>,
        seed: Int<u64>,
        shown: Vec<Bound<'_, PyAny>>,
        revealed: Option<&Bound<'_, PyAny>>,
        own_dealt: &Bound<'_, PyAny>,
        own_kitty: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<RedealTuple> {
        let viewer = viewer.0 .0;
        let seed = seed.0;
        let know = Knowledge {
            viewer,
            shown: bags4(&shown, "shown")?,
            revealed: revealed.map(kitty8).transpose()?,
            own_dealt: cardbag_from_any(own_dealt)?,
            own_kitty: own_kitty.map(kitty8).transpose()?,
        };
        let table = &self.0;
        let r = py
            .detach(|| core::resample_table(table, &know, &mut Rng::new(seed)))
            .map_err(to_py)?;
        Ok((
            r.table.map(PyTractorTable),
            r.dealt.iter().copied().map(PyCardBag).collect(),
            r.dealt.iter().map(|h| h.to_string()).collect(),
            card_list(&r.kitty),
            kitty_text(&r.kitty),
            r.bury.map(|b| b.iter().map(|c| c.index()).collect()),
            r.edits,
            r.drop,
        ))
    }
    /// A redeal of the declaration phase for ``viewer`` holding ``own`` (25 cards), each seat
    /// having shown ``shown[seat]``: (dealt hands, their texts, kitty cards, kitty text).
    #[staticmethod]
    fn resample_declaring(
        viewer: Int<Usize>,
        own: &Bound<'_, PyAny>,
        shown: Vec<Bound<'_, PyAny>>,
        seed: Int<u64>,
    ) -> PyResult<DeclaringRedeal> {
        let viewer = viewer.0 .0;
        let seed = seed.0;
        let shown = bags4(&shown, "shown")?;
        let (dealt, kitty) =
            core::resample_declaring(viewer, cardbag_from_any(own)?, &shown, &mut Rng::new(seed))
                .map_err(to_py)?;
        Ok((
            dealt.iter().copied().map(PyCardBag).collect(),
            dealt.iter().map(|h| h.to_string()).collect(),
            card_list(&kitty),
            kitty_text(&kitty),
        ))
    }
    fn clone(&self) -> Self {
        PyTractorTable(self.0.clone())
    }
    fn __copy__(&self) -> Self {
        PyTractorTable(self.0.clone())
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        PyTractorTable(self.0.clone())
    }
}
