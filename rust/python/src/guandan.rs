//! Bindings of `cardavia_core::climbing::guandan`: Guandan moves with wild cards, the card-play
//! table and playouts. Levels are rank numbers 0..=12 (2..A); `cardavia.guandan` converts.

use crate::cards::cards_from_any;
use crate::cards::{cardbag_from_any, PyCard, PyCardBag};
use crate::climbing::threads_or_all;
use crate::errors::{invalid_argument, to_py};
use crate::five_ten_king::check_count;

/// The most playouts one call may ask for.
const MAX_PLAYOUTS: usize = 1 << 24;

fn parse_policy(policy: &str) -> PyResult<Policy> {
    match policy {
        "random" => Ok(Policy::Random),
        "greedy" => Ok(Policy::Greedy),
        other => Err(invalid_argument(format!(
            "unknown policy {other:?}; expected \"random\" or \"greedy\""
        ))),
    }
}

fn rows_array<'py>(
    py: Python<'py>,
    rows: Vec<[f64; 4]>,
    n: usize,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let flat: Vec<f64> = rows.into_iter().flatten().collect();
    PyArray1::from_vec(py, flat).reshape([n, 4])
}

fn bags(hands: &[Bound<'_, PyAny>]) -> PyResult<[CardBag; 4]> {
    if hands.len() != 4 {
        return Err(invalid_argument(format!(
            "Guandan has 4 hands, got {}",
            hands.len()
        )));
    }
    let mut out = [CardBag::EMPTY; 4];
    for (slot, h) in out.iter_mut().zip(hands) {
        *slot = cardbag_from_any(h)?;
    }
    Ok(out)
}

fn one_card(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    match cards_from_any(obj)?.as_slice() {
        [c] => Ok(*c),
        other => Err(invalid_argument(format!(
            "expected one card, got {}",
            other.len()
        ))),
    }
}
use crate::convert::Text;
use crate::convert::{Int, IntList, Usize};
use cardavia_core::cards::Card;
use cardavia_core::cards::CardBag;
use cardavia_core::climbing::guandan::phases::{
    greedy_return, playout_returns, return_options, GdReturnPhase, GdStart,
};
use cardavia_core::climbing::guandan::resample::{resample as gd_resample, GdView};
use cardavia_core::climbing::guandan::{
    self as gd, GdCombo, GdEvent, GdKind, GdPosition, GdTable, ACTION_INDEX_SIZE,
};
use cardavia_core::climbing::Policy;
use cardavia_core::rng::Rng;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

fn check_level(level: u8) -> PyResult<u8> {
    if level <= 12 {
        Ok(level)
    } else {
        Err(invalid_argument(format!(
            "level must be a rank number 0..=12 (2..A), got {level}"
        )))
    }
}

/// One Guandan move: cards, type and main rank (GD-6.3) at a level rank, with what each wild
/// card stands for in one valid assignment (equality ignores the assignment).
#[pyclass(
    module = "cardavia",
    name = "GuandanPlay",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyGuandanPlay(pub GdCombo);

#[pymethods]
impl PyGuandanPlay {
    #[getter]
    fn cards(&self) -> PyCardBag {
        PyCardBag(self.0.cards())
    }
    /// The type id, e.g. ``"full_house"``.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind().id()
    }
    /// The type as GD-5.1 names it, e.g. ``"FULL_HOUSE"``.
    #[getter]
    fn kind_name(&self) -> &'static str {
        self.0.kind().rule_name()
    }
    /// The main rank in rule notation (``"K"``, ``"SJ"``; ``""`` for four jokers). For
    /// sequences, the rank of the top card (``"5"`` for the ace-low straight).
    #[getter]
    fn main_rank(&self) -> &'static str {
        self.0.rank_name()
    }
    /// The compared value: group value ``g`` (GD-2.4) or top sequence value (GD-2.5).
    #[getter]
    fn scale(&self) -> u8 {
        self.0.scale()
    }
    /// Bomb tier of GD-7.4 (1..9), 0 for a normal combination.
    #[getter]
    fn bomb_tier(&self) -> u8 {
        self.0.bomb_tier()
    }
    /// The level rank number (0..12) the move was read at.
    #[getter]
    fn level(&self) -> u8 {
        self.0.level()
    }
    #[getter]
    fn is_bomb(&self) -> bool {
        self.0.is_bomb()
    }
    /// The vectors' shorthand: ``FH/9``, ``B5/8``, ``SF/7``, ``4J``.
    #[getter]
    fn label(&self) -> String {
        self.0.label()
    }
    /// Number of wild cards in the move.
    #[getter]
    fn wild_count(&self) -> u32 {
        self.0.wild_count()
    }
    /// The card each wild card stands for, in one valid assignment (GD-6.1).
    #[getter]
    fn wild_as(&self) -> Vec<PyCard> {
        self.0.wild_as().into_iter().map(PyCard).collect()
    }
    /// Index in the fixed move space (distinct moves at one level have distinct indices).
    #[getter]
    fn action_index(&self) -> u32 {
        self.0.action_index()
    }
    /// GD-6.7 default-resolution precedence (larger first).
    #[getter]
    fn precedence(&self) -> (u8, u8, u8) {
        self.0.precedence()
    }
    fn describe(&self) -> String {
        self.0.describe()
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("GuandanPlay({})", self.0)
    }
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// An immutable list of moves, converted to ``GuandanPlay`` objects only when indexed.
#[pyclass(
    module = "cardavia",
    name = "GuandanPlayList",
    frozen,
    skip_from_py_object
)]
pub struct PyGuandanPlayList(pub Vec<GdCombo>);

#[pymethods]
impl PyGuandanPlayList {
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __getitem__(&self, index: isize) -> PyResult<PyGuandanPlay> {
        let n = self.0.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if !(0..n).contains(&i) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "move index out of range",
            ));
        }
        Ok(PyGuandanPlay(self.0[i as usize]))
    }
    /// The fixed-space index of every move, in order (numpy uint32).
    fn action_indices<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_vec(py, self.0.iter().map(|c| c.action_index()).collect())
    }
    /// The fixed-space index of every move plus ``offset``, in order (a list of ints).
    fn action_ids(&self, offset: Int<u32>) -> Vec<u32> {
        let offset = offset.0;
        self.0.iter().map(|c| c.action_index() + offset).collect()
    }
    /// The position of the move with this fixed-space index, or None.
    fn find_index(&self, action_index: Int<u32>) -> Option<usize> {
        let action_index = action_index.0;
        self.0.iter().position(|c| c.action_index() == action_index)
    }
    /// The position of this move, or None.
    fn position(&self, play: PyGuandanPlay) -> Option<usize> {
        self.0.iter().position(|c| *c == play.0)
    }
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// Every valid interpretation of exactly ``cards`` at ``level`` (GD-6.5), GD-6.7 order first.
#[pyfunction]
pub fn guandan_classify(cards: &Bound<'_, PyAny>, level: Int<u8>) -> PyResult<Vec<PyGuandanPlay>> {
    let level = level.0;
    let level = check_level(level)?;
    let bag = cardbag_from_any(cards)?;
    Ok(gd::classify(bag, level)
        .into_iter()
        .map(PyGuandanPlay)
        .collect())
}

/// Every legal move from ``hand`` at ``level``: a lead if ``to_beat`` is None, else the moves
/// beating it (GD-6.5, GD-7).
#[pyfunction]
#[pyo3(signature = (hand, level, to_beat = None))]
pub fn guandan_legal_plays(
    hand: &Bound<'_, PyAny>,
    level: Int<u8>,
    to_beat: Option<PyGuandanPlay>,
) -> PyResult<Vec<PyGuandanPlay>> {
    let level = level.0;
    let level = check_level(level)?;
    let bag = cardbag_from_any(hand)?;
    if let Some(t) = &to_beat {
        if t.0.level() != level {
            return Err(invalid_argument("to_beat was read at another level"));
        }
    }
    Ok(gd::legal_plays(bag, level, to_beat.as_ref().map(|p| &p.0))
        .into_iter()
        .map(PyGuandanPlay)
        .collect())
}

/// True if ``candidate`` beats ``top`` (GD-7).
#[pyfunction]
pub fn guandan_beats(candidate: PyGuandanPlay, top: PyGuandanPlay) -> PyResult<bool> {
    if candidate.0.level() != top.0.level() {
        return Err(invalid_argument(
            "the two moves were read at different levels",
        ));
    }
    Ok(gd::beats(&candidate.0, &top.0))
}

/// Size of the fixed move-index space of ``GuandanPlay.action_index``.
#[pyfunction]
pub fn guandan_action_index_size() -> u32 {
    ACTION_INDEX_SIZE
}

/// The kind ids of GD-5.1 in order.
#[pyfunction]
pub fn guandan_kinds() -> Vec<&'static str> {
    GdKind::ALL.iter().map(|k| k.id()).collect()
}

/// Card play of one Guandan deal (GD-8), with check-then-do methods naming the rule.
#[pyclass(module = "cardavia", name = "GuandanTable", skip_from_py_object)]
#[derive(Clone)]
pub struct PyGuandanTable(pub GdTable);

fn event_dict<'py>(py: Python<'py>, e: &GdEvent) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match e {
        GdEvent::Play { player, combo } => {
            d.set_item("event", "play")?;
            d.set_item("player", *player)?;
            d.set_item("play", PyGuandanPlay(*combo))?;
        }
        GdEvent::Pass { player } => {
            d.set_item("event", "pass")?;
            d.set_item("player", *player)?;
        }
        GdEvent::TrickEnd {
            winner,
            top,
            leader,
        } => {
            d.set_item("event", "trick")?;
            d.set_item("winner", *winner)?;
            d.set_item("play", PyGuandanPlay(*top))?;
            d.set_item("leader", *leader)?;
        }
        GdEvent::Finished { player, place } => {
            d.set_item("event", "finished")?;
            d.set_item("player", *player)?;
            d.set_item("place", *place)?;
        }
    }
    Ok(d)
}

#[pymethods]
impl PyGuandanTable {
    /// A table at the start of card play: level rank number, four hands, the first leader.
    #[new]
    fn new(
        level: Int<u8>,
        hands: Vec<Bound<'_, PyAny>>,
        first_player: Int<Usize>,
    ) -> PyResult<Self> {
        let level = level.0;
        let first_player = first_player.0 .0;
        let hands = hands
            .iter()
            .map(cardbag_from_any)
            .collect::<PyResult<Vec<CardBag>>>()?;
        GdTable::new(level, hands, first_player)
            .map(PyGuandanTable)
            .map_err(to_py)
    }

    /// A table at a position: level, hands, seat to move, top (play, player) or None, passes
    /// since the top move, finished seats in order.
    #[staticmethod]
    #[pyo3(signature = (level, hands, to_move, top = None, passes_since_top = Int(Usize(0)), finish_order = IntList(Vec::new())))]
    fn from_position(
        level: Int<u8>,
        hands: Vec<Bound<'_, PyAny>>,
        to_move: Int<Usize>,
        top: Option<(PyGuandanPlay, Int<Usize>)>,
        passes_since_top: Int<Usize>,
        finish_order: IntList<Usize>,
    ) -> PyResult<Self> {
        let level = level.0;
        let to_move = to_move.0 .0;
        let passes_since_top = passes_since_top.0 .0;
        let hands = hands
            .iter()
            .map(cardbag_from_any)
            .collect::<PyResult<Vec<CardBag>>>()?;
        GdTable::from_position(&GdPosition {
            level,
            hands,
            to_move,
            top: top.map(|(p, s)| (p.0, s.0 .0)),
            passes_since_top,
            finish_order: finish_order.iter().map(|s| s.0).collect(),
        })
        .map(PyGuandanTable)
        .map_err(to_py)
    }

    #[getter]
    fn level(&self) -> u8 {
        self.0.level()
    }
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.0.current_player()
    }
    fn hand(&self, player: Int<Usize>) -> PyResult<PyCardBag> {
        let player = player.0 .0;
        if player >= 4 {
            return Err(invalid_argument(format!(
                "seat {player} does not exist (0..4)"
            )));
        }
        Ok(PyCardBag(self.0.hand(player)))
    }
    fn hands(&self) -> Vec<PyCardBag> {
        self.0.hands().iter().copied().map(PyCardBag).collect()
    }
    /// (play, player) of the current trick's top move, or None on a lead.
    #[getter]
    fn top(&self) -> Option<(PyGuandanPlay, usize)> {
        self.0.top().map(|(c, p)| (PyGuandanPlay(*c), *p))
    }
    #[getter]
    fn passes_since_top(&self) -> usize {
        self.0.passes_since_top()
    }
    #[getter]
    fn finish_order(&self) -> Vec<usize> {
        self.0.finish_order().to_vec()
    }
    /// The complete finishing order 1st..4th once the deal is over, else None.
    #[getter]
    fn full_order(&self) -> Option<Vec<usize>> {
        self.0.full_order().map(|o| o.to_vec())
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// The current player's legal moves (a lazy list) and whether passing is legal.
    fn legal_plays(&self) -> (PyGuandanPlayList, bool) {
        let mut plays = Vec::new();
        let pass = self.0.legal_plays_into(&mut plays);
        (PyGuandanPlayList(plays), pass)
    }

    /// (rule id, message) if the current player may not pass now, else None.
    fn pass_violation(&self) -> Option<(&'static str, String)> {
        let player = self.0.current_player()?;
        self.0.can_pass(player).err().map(|v| (v.rule, v.message))
    }

    /// (rule id, message) if the current player may not make ``play`` now, else None.
    fn play_violation(&self, play: PyGuandanPlay) -> Option<(&'static str, String)> {
        let Some(player) = self.0.current_player() else {
            return Some(("GD-9.1", "the deal is over".to_string()));
        };
        self.0
            .can_play(player, &play.0)
            .err()
            .map(|v| (v.rule, v.message))
    }

    /// The default reading (GD-6.7) of bare ``cards`` for the current player:
    /// ``(move, None)``, or ``(None, (rule id, message))`` if no reading is legal.
    #[allow(clippy::type_complexity)]
    fn interpret_cards(
        &self,
        cards: &Bound<'_, PyAny>,
    ) -> PyResult<(Option<PyGuandanPlay>, Option<(&'static str, String)>)> {
        let bag = cardbag_from_any(cards)?;
        let Some(player) = self.0.current_player() else {
            return Ok((None, Some(("GD-9.1", "the deal is over".to_string()))));
        };
        Ok(match self.0.interpret_cards(player, bag) {
            Ok(c) => (Some(PyGuandanPlay(c)), None),
            Err(v) => (None, Some((v.rule, v.message))),
        })
    }

    /// The current player makes ``play``.
    fn play(&mut self, play: PyGuandanPlay) -> PyResult<()> {
        let player = self.current_or_err()?;
        self.0
            .play(player, &play.0)
            .map_err(|v| invalid_argument(v.to_string()))
    }

    /// The current player passes.
    fn pass_turn(&mut self) -> PyResult<()> {
        let player = self.current_or_err()?;
        self.0
            .pass(player)
            .map_err(|v| invalid_argument(v.to_string()))
    }

    /// Events from index ``start`` on: dicts with ``event`` = play / pass / trick / finished.
    #[pyo3(signature = (start = Int(Usize(0))))]
    fn history<'py>(
        &self,
        py: Python<'py>,
        start: Int<Usize>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let start = start.0 .0;
        let events = self.0.history();
        events[start.min(events.len())..]
            .iter()
            .map(|e| event_dict(py, e))
            .collect()
    }

    /// ``n`` seeded playouts to the end of the deal in Rust with the interpreter released
    /// (``policy`` "random" or "greedy"; ``threads`` 0 = all cores; results do not depend on
    /// ``threads``). Returns numpy arrays ``order`` (n, 4: seats 1st..4th) and ``actions`` (n,).
    #[pyo3(signature = (n, policy = Text::from("random"), seed = Int(0), threads = Int(Usize(1))))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: Int<u64>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<Usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let n = n.0;
        let seed = seed.0;
        let threads = threads.0 .0;
        let policy = parse_policy(&policy)?;
        let n = check_count(n, MAX_PLAYOUTS)?;
        let table = self.0.clone();
        let threads = threads_or_all(threads);
        let outcomes = py.detach(|| gd::playouts(&table, n, policy, seed, threads));
        let mut order = Vec::with_capacity(n * 4);
        let mut actions = Vec::with_capacity(n);
        for o in &outcomes {
            order.extend(o.order.iter().map(|&s| s as i8));
            actions.push(o.actions);
        }
        let d = PyDict::new(py);
        d.set_item("order", PyArray1::from_vec(py, order).reshape([n, 4])?)?;
        d.set_item("actions", PyArray1::from_vec(py, actions))?;
        Ok(d)
    }

    /// ``n`` seeded playouts to the end of the deal from here in Rust with the interpreter
    /// released: a float64 array (n, 4) of each seat's payoff in the unit of
    /// ``GuandanState.returns()`` (the winners' promotion, negated for the losers).
    #[pyo3(signature = (n, policy = Text::from("random"), seed = Int(0), threads = Int(Usize(1))))]
    fn playout_returns<'py>(
        &self,
        py: Python<'py>,
        n: Int<u64>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<Usize>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let n = n.0;
        let seed = seed.0;
        let threads = threads.0 .0;
        let policy = parse_policy(&policy)?;
        let n = check_count(n, MAX_PLAYOUTS)?;
        if self.0.is_over() {
            return Err(invalid_argument("the deal is over"));
        }
        let start = GdStart::Play(self.0.clone());
        rows_array(
            py,
            py.detach(|| playout_returns(&start, n, policy, seed, threads_or_all(threads))),
            n,
        )
    }

    fn clone(&self) -> Self {
        PyGuandanTable(self.0.clone())
    }
    fn __copy__(&self) -> Self {
        PyGuandanTable(self.0.clone())
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        PyGuandanTable(self.0.clone())
    }
}

impl PyGuandanTable {
    fn current_or_err(&self) -> PyResult<usize> {
        self.0
            .current_player()
            .ok_or_else(|| invalid_argument("the deal is over"))
    }
}

/// The wild card of a level rank number (GD-2.3).
#[pyfunction]
pub fn guandan_wild_card(level: Int<u8>) -> PyResult<PyCard> {
    let level = level.0;
    Ok(PyCard(gd::wild_card(check_level(level)?)))
}

/// ``n`` seeded playouts of a deal in its return phase (GD-4.7): ``hands`` as they are
/// (tributes moved), ``pending`` (recipient, payer) returns still to choose in order,
/// ``chosen`` (recipient, payer, card) returns already chosen, ``leader`` the first leader
/// after the returns (GD-4.8). Returns a float64 array (n, 4) as
/// ``GuandanTable.playout_returns``.
#[pyfunction]
#[pyo3(signature = (level, hands, pending, chosen, leader, n, policy = Text::from("random"), seed = Int(0), threads = Int(Usize(1))))]
#[allow(clippy::too_many_arguments)]
pub fn guandan_return_playouts<'py>(
    py: Python<'py>,
    level: Int<u8>,
    hands: Vec<Bound<'py, PyAny>>,
    pending: Vec<(Int<Usize>, Int<Usize>)>,
    chosen: Vec<(Int<Usize>, Int<Usize>, Bound<'py, PyAny>)>,
    leader: Int<Usize>,
    n: Int<u64>,
    policy: Text,
    seed: Int<u64>,
    threads: Int<Usize>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let level = level.0;
    let leader = leader.0 .0;
    let n = n.0;
    let seed = seed.0;
    let threads = threads.0 .0;
    let policy = parse_policy(&policy)?;
    let n = check_count(n, MAX_PLAYOUTS)?;
    let chosen = chosen
        .iter()
        .map(|(r, p, c)| Ok((r.0 .0, p.0 .0, one_card(c)?)))
        .collect::<PyResult<Vec<_>>>()?;
    let pending = pending.iter().map(|(r, p)| (r.0 .0, p.0 .0)).collect();
    let phase = GdReturnPhase {
        level: check_level(level)?,
        hands: bags(&hands)?,
        pending,
        chosen,
        leader,
    };
    phase.validate().map_err(to_py)?;
    let start = GdStart::Returns(phase);
    rows_array(
        py,
        py.detach(|| playout_returns(&start, n, policy, seed, threads_or_all(threads))),
        n,
    )
}

/// The return cards a recipient holding ``hand`` may give at ``level`` (GD-4.7), and the
/// greedy policy's choice among them (the lowest).
#[pyfunction]
pub fn guandan_return_choice(
    hand: &Bound<'_, PyAny>,
    level: Int<u8>,
) -> PyResult<(Vec<PyCard>, Option<PyCard>)> {
    let level = level.0;
    let level = check_level(level)?;
    let options = return_options(cardbag_from_any(hand)?, level);
    let greedy = (!options.is_empty()).then(|| PyCard(greedy_return(&options, level)));
    Ok((options.into_iter().map(PyCard).collect(), greedy))
}

/// The Rust determinization of a Guandan deal (``cardavia_core::climbing::guandan::resample``):
/// returns ``(hands, start, dealt, returns, seed)``: every seat's cards now, at the start of card
/// play (now plus played), as dealt, the card of each chosen return, and a fresh seed for the
/// new state, all drawn from ``seed``.
#[pyfunction]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub fn guandan_resample<'py>(
    py: Python<'py>,
    level: Int<u8>,
    viewer: Int<Usize>,
    hands: Vec<Bound<'py, PyAny>>,
    played: Vec<Bound<'py, PyAny>>,
    return_phase: bool,
    resisted: bool,
    bj_holders: IntList<u8>,
    transfers: Vec<(Int<Usize>, Int<Usize>, Bound<'py, PyAny>)>,
    returns: Vec<(Int<Usize>, Int<Usize>, Bound<'py, PyAny>)>,
    seed: Int<u64>,
) -> PyResult<(
    Vec<PyCardBag>,
    Vec<PyCardBag>,
    Vec<PyCardBag>,
    Vec<PyCard>,
    u64,
)> {
    let level = level.0;
    let viewer = viewer.0 .0;
    let seed = seed.0;
    if viewer >= 4 {
        return Err(invalid_argument(format!(
            "seat {viewer} does not exist (0..4)"
        )));
    }
    let cards =
        |v: &[(Int<Usize>, Int<Usize>, Bound<'py, PyAny>)]| -> PyResult<Vec<(usize, usize, Card)>> {
            v.iter()
                .map(|(a, b, c)| Ok((a.0 .0, b.0 .0, one_card(c)?)))
                .collect()
        };
    let mut holders = [0u8; 4];
    for (slot, h) in holders.iter_mut().zip(bj_holders.iter()) {
        *slot = *h;
    }
    let view = GdView {
        level: check_level(level)?,
        viewer,
        hands: bags(&hands)?,
        played: bags(&played)?,
        return_phase,
        resisted,
        bj_holders: holders,
        transfers: cards(&transfers)?,
        returns: cards(&returns)?,
    };
    let out = py
        .detach(|| {
            let mut rng = Rng::new(seed);
            let next = rng.next_u64();
            gd_resample(&view, &mut rng).map(|r| (r, next))
        })
        .map_err(to_py)?;
    let (r, next) = out;
    Ok((
        r.hands.iter().copied().map(PyCardBag).collect(),
        (0..4)
            .map(|s| PyCardBag(r.hands[s].plus(view.played[s])))
            .collect(),
        r.dealt.iter().copied().map(PyCardBag).collect(),
        r.returns.into_iter().map(PyCard).collect(),
        next,
    ))
}
