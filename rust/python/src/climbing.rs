//! Bindings of `cardavia_core::climbing`: the combination engine, the card-play table and
//! playouts of the climbing games (Dou Dizhu, Zheng Shangyou, Red Ten).

use crate::cards::{cardset_from_any, PyCardBag, PyCardSet};
use crate::convert::Text;
use crate::convert::{Int, Usize};
use crate::errors::{invalid_argument, to_py};
use cardavia_core::cards::CardSet;
use cardavia_core::climbing::actions::{play_key, ActionSpace, KeyMap, PASS_ID};
use cardavia_core::climbing::ddz_rule::{self, DdzPosition, DdzRollout};
use cardavia_core::climbing::deals::{self, DdzAuction, DealStart, RtLighting, TraceStep};
use cardavia_core::climbing::resample::{self, RtKnowledge};
use cardavia_core::climbing::zsy_rule;
use cardavia_core::climbing::{
    self as core, ClimbTable, Combo, IdError, PlayContext, Policy, RuleViolation, Ruleset,
    TableEvent,
};
use cardavia_core::rng::Rng;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};
use std::sync::Mutex;

static ILLEGAL_ACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `cardavia.IllegalActionError(message, rule)` (`rule` None when empty).
fn illegal_action(py: Python<'_>, message: String, rule: &str) -> PyErr {
    let class = ILLEGAL_ACTION.get_or_try_init(py, || -> PyResult<Py<PyType>> {
        let module = py.import("cardavia.errors")?;
        Ok(module
            .getattr("IllegalActionError")?
            .cast_into::<PyType>()?
            .unbind())
    });
    let rule: Option<&str> = (!rule.is_empty()).then_some(rule);
    match class.and_then(|c| c.bind(py).call1((message, rule))) {
        Ok(instance) => PyErr::from_value(instance),
        Err(lookup_failed) => lookup_failed,
    }
}

fn violation_error(py: Python<'_>, what: &str, v: &RuleViolation) -> PyErr {
    if v.rule.is_empty() {
        illegal_action(py, format!("{what} is illegal: {}", v.message), "")
    } else {
        illegal_action(
            py,
            format!("{what} is illegal ({}): {}", v.rule, v.message),
            v.rule,
        )
    }
}

const DEAL_OVER: &str = "the deal is over: no action is legal";

/// A count argument (`n` of playouts): an int of at least 1 that fits the machine.
fn count_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(invalid_argument(format!(
            "{what} must be an int, got a bool"
        )));
    }
    match obj.extract::<u64>() {
        Ok(v) if v >= 1 && usize::try_from(v).is_ok() => Ok(v as usize),
        _ => Err(invalid_argument(format!(
            "{what} must be an int of at least 1, got {}",
            obj.repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string())
        ))),
    }
}

/// A seed argument: an int in 0..2**64.
fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(invalid_argument("seed must be an int, got a bool"));
    }
    obj.extract::<u64>().map_err(|_| {
        invalid_argument(format!(
            "seed must be an int in 0..2**64, got {}",
            obj.repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string())
        ))
    })
}

/// A thread count: 0 (all cores) or more.
fn threads_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(invalid_argument("threads must be an int, got a bool"));
    }
    match obj.extract::<u64>() {
        Ok(v) if v <= 4096 => Ok(threads_or_all(v as usize)),
        _ => Err(invalid_argument(format!(
            "threads must be an int in 0..4096 (0 = all cores), got {}",
            obj.repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string())
        ))),
    }
}

/// A seed argument converted with [`seed_arg`] (InvalidArgumentError, not OverflowError).
pub struct Seed(pub u64);
/// A thread count converted with [`threads_arg`].
pub struct Threads(pub usize);
/// A playout count converted with [`count_arg`].
pub struct Count(pub usize);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        seed_arg(&obj).map(Seed)
    }
}
impl<'a, 'py> FromPyObject<'a, 'py> for Threads {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        threads_arg(&obj).map(Threads)
    }
}
impl<'a, 'py> FromPyObject<'a, 'py> for Count {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        count_arg(&obj, "n").map(Count)
    }
}

fn policy_arg(policy: &str) -> PyResult<Policy> {
    match policy {
        "random" => Ok(Policy::Random),
        "greedy" => Ok(Policy::Greedy),
        other => Err(invalid_argument(format!(
            "unknown policy {other:?}; expected \"random\" or \"greedy\""
        ))),
    }
}

/// A zeroed buffer of `len` values, or InvalidArgumentError when it cannot be allocated.
fn buffer<T: Clone + Default>(len: usize, what: &str) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| {
        invalid_argument(format!(
            "{what}: cannot allocate the results of that many playouts ({len} values)"
        ))
    })?;
    v.resize(len, T::default());
    Ok(v)
}

/// Protocol Action objects of plays, shared by every state of the process (an Action is
/// immutable), in two generations of at most `ACTION_MEMO_CAP` each: when the young one is
/// full it becomes the old one (the previous old one is dropped), and a hit in the old one
/// moves back to the young one, so the plays in use stay while memory stays bounded.
struct ActionMemo {
    young: KeyMap<Py<PyAny>>,
    old: KeyMap<Py<PyAny>>,
}

static ACTION_MEMO: Mutex<Option<ActionMemo>> = Mutex::new(None);
const ACTION_MEMO_CAP: usize = 1 << 14;

impl ActionMemo {
    fn get(&mut self, py: Python<'_>, key: u64) -> Option<Py<PyAny>> {
        if let Some(a) = self.young.get(&key) {
            return Some(a.clone_ref(py));
        }
        let a = self.old.remove(&key)?;
        self.insert(key, a.clone_ref(py));
        Some(a)
    }
    fn insert(&mut self, key: u64, action: Py<PyAny>) {
        if self.young.len() >= ACTION_MEMO_CAP {
            self.old = std::mem::take(&mut self.young);
        }
        self.young.insert(key, action);
    }
}

fn ruleset_from(name: &str) -> PyResult<Ruleset> {
    match name {
        "doudizhu" => Ok(Ruleset::DouDizhu),
        "zhengshangyou" => Ok(Ruleset::ZhengShangyou),
        "red_ten" => Ok(Ruleset::RedTen),
        "five_ten_king" => Ok(Ruleset::FiveTenKing),
        other => Err(invalid_argument(format!(
            "unknown climbing ruleset {other:?}; expected doudizhu, zhengshangyou, red_ten or \
             five_ten_king"
        ))),
    }
}

pub(crate) fn threads_or_all(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

/// One interpretation of a set of cards as a play of a climbing game.
#[pyclass(module = "cardavia", name = "Play", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPlay(pub Combo);

#[pymethods]
impl PyPlay {
    /// The cards played (distinct card kinds; for a two-pack game see ``bag``).
    #[getter]
    fn cards(&self) -> PyCardSet {
        PyCardSet(self.0.cards())
    }
    /// Every copy of the cards played (two-pack games such as Five-Ten-King).
    #[getter]
    fn bag(&self) -> PyCardBag {
        PyCardBag(self.0.bag())
    }
    /// The combination type as a stable id, e.g. ``"airplane_with_singles"``.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind().id()
    }
    /// The combination type in words, e.g. ``"airplane with single wings"``.
    #[getter]
    fn kind_name(&self) -> &'static str {
        self.0.kind().name()
    }
    /// The key rank in rule notation (``"K"``, ``"2"``, ``"SJ"``...).
    #[getter]
    fn main_rank(&self) -> &'static str {
        self.0.rank_name()
    }
    /// The key rank as an index in the game's own rank order (lowest first).
    #[getter]
    fn rank(&self) -> u8 {
        self.0.rank()
    }
    /// The sequence length n (number of core units), 1 for non-sequences.
    #[getter]
    fn length(&self) -> u8 {
        self.0.length()
    }
    #[getter]
    fn is_bomb(&self) -> bool {
        self.0.is_bomb()
    }
    /// The core cards (without kickers or wings).
    #[getter]
    fn main_cards(&self) -> PyCardSet {
        PyCardSet(self.0.main_cards())
    }
    /// The kickers or wings.
    #[getter]
    fn kicker_cards(&self) -> PyCardSet {
        PyCardSet(self.0.kicker_cards())
    }
    /// Kind, key and cards, e.g. ``"airplane with single wings (n=2, k=4): 3c 3d 3h 4c 4d 4h + 5c 7d"``.
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
        format!("Play({})", self.0.describe())
    }
    /// Plays are immutable: a copy is the same object.
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

/// Every interpretation of ``cards`` as a play (empty if invalid).
#[pyfunction]
#[pyo3(signature = (ruleset, cards, first_play = false))]
pub fn climb_classify(
    ruleset: Text,
    cards: &Bound<'_, PyAny>,
    first_play: bool,
) -> PyResult<Vec<PyPlay>> {
    let rs = ruleset_from(&ruleset)?;
    let cards = cardset_from_any(cards)?;
    let context = PlayContext {
        first_play_of_deal: first_play,
        ..Default::default()
    };
    Ok(core::classify_with(rs, cards, context)
        .into_iter()
        .map(PyPlay)
        .collect())
}

/// Every legal play from ``hand``: a lead if ``to_beat`` is None, else the plays beating it.
#[pyfunction]
#[pyo3(signature = (ruleset, hand, to_beat = None, first_play = false))]
pub fn climb_legal_plays(
    ruleset: Text,
    hand: &Bound<'_, PyAny>,
    to_beat: Option<PyPlay>,
    first_play: bool,
) -> PyResult<Vec<PyPlay>> {
    let rs = ruleset_from(&ruleset)?;
    let hand = cardset_from_any(hand)?;
    if let Some(top) = &to_beat {
        if top.0.ruleset() != rs {
            return Err(invalid_argument(format!(
                "to_beat is a {} play, not a {} play",
                top.0.ruleset(),
                rs
            )));
        }
    }
    let context = PlayContext {
        first_play_of_deal: first_play,
        ..Default::default()
    };
    Ok(
        core::legal_plays_with(rs, hand, to_beat.as_ref().map(|p| &p.0), context)
            .into_iter()
            .map(PyPlay)
            .collect(),
    )
}

/// True if ``candidate`` beats ``top``.
#[pyfunction]
pub fn climb_beats(candidate: PyPlay, top: PyPlay) -> PyResult<bool> {
    if candidate.0.ruleset() != top.0.ruleset() {
        return Err(invalid_argument("the two plays are of different games"));
    }
    Ok(core::beats(candidate.0.ruleset(), &candidate.0, &top.0))
}

/// The card-play state machine shared by the climbing games (one per deal).
#[pyclass(module = "cardavia", name = "ClimbTable", skip_from_py_object)]
#[derive(Clone)]
pub struct PyClimbTable(pub ClimbTable, LegalCache);

/// The legal actions last listed for the current position (dropped by every change), so that
/// applying one of them needs no second generation.
#[derive(Clone, Default)]
pub struct LegalCache {
    valid: bool,
    plays: Vec<Combo>,
    pass: bool,
    ids: Vec<u32>,
}

impl From<ClimbTable> for PyClimbTable {
    fn from(table: ClimbTable) -> Self {
        PyClimbTable(table, LegalCache::default())
    }
}

#[pymethods]
impl PyClimbTable {
    /// A table at the start of card play: ``hands[i]`` is seat i's hand, ``first_player`` leads.
    #[new]
    fn new(
        ruleset: Text,
        hands: Vec<Bound<'_, PyAny>>,
        first_player: Int<Usize>,
    ) -> PyResult<Self> {
        let first_player = first_player.0 .0;
        let rs = ruleset_from(&ruleset)?;
        let hands = hands
            .iter()
            .map(cardset_from_any)
            .collect::<PyResult<Vec<CardSet>>>()?;
        ClimbTable::new(rs, hands, first_player)
            .map(PyClimbTable::from)
            .map_err(to_py)
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    /// The seat to act, or None once the deal is over.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.0.current_player()
    }
    fn hand(&self, player: Int<Usize>) -> PyResult<PyCardSet> {
        let player = player.0 .0;
        self.check_seat(player)?;
        Ok(PyCardSet(self.0.hand(player)))
    }
    fn hands(&self) -> Vec<PyCardSet> {
        self.0.hands().iter().copied().map(PyCardSet).collect()
    }
    /// (play, player, was_lead) of the current trick's top play, or None on a lead.
    #[getter]
    fn top(&self) -> Option<(PyPlay, usize, bool)> {
        self.0
            .top()
            .map(|t| (PyPlay(t.combo), t.player, t.was_lead))
    }
    #[getter]
    fn passes_since_top(&self) -> usize {
        self.0.passes_since_top()
    }
    #[getter]
    fn trick_cards(&self) -> PyCardSet {
        PyCardSet(self.0.trick_cards())
    }
    #[getter]
    fn finish_order(&self) -> Vec<usize> {
        self.0.finish_order().to_vec()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    #[getter]
    fn first_play_done(&self) -> bool {
        self.0.first_play_done()
    }
    fn team(&self, player: Int<Usize>) -> PyResult<Option<u8>> {
        let player = player.0 .0;
        self.check_seat(player)?;
        Ok(self.0.team(player))
    }
    #[getter]
    fn plays_made(&self) -> Vec<u32> {
        (0..self.0.num_players())
            .map(|p| self.0.plays_made(p))
            .collect()
    }
    #[getter]
    fn bombs_played(&self) -> Vec<u32> {
        (0..self.0.num_players())
            .map(|p| self.0.bombs_played(p))
            .collect()
    }
    #[getter]
    fn response_bomb_tricks(&self) -> Vec<u32> {
        (0..self.0.num_players())
            .map(|p| self.0.response_bomb_tricks(p))
            .collect()
    }
    fn captured(&self, player: Int<Usize>) -> PyResult<PyCardSet> {
        let player = player.0 .0;
        self.check_seat(player)?;
        Ok(PyCardSet(self.0.captured(player)))
    }

    /// The current player's legal plays and whether passing is legal too.
    fn legal_plays(&self) -> (Vec<PyPlay>, bool) {
        let mut plays = Vec::new();
        let pass_ok = self.0.legal_plays_into(&mut plays);
        (plays.into_iter().map(PyPlay).collect(), pass_ok)
    }

    /// (rule id, message) if the current player may not pass now, else None.
    fn pass_violation(&self) -> Option<(&'static str, String)> {
        let player = self.0.current_player()?;
        self.0.can_pass(player).err().map(|v| (v.rule, v.message))
    }

    /// (rule id, message) if the current player may not play ``cards`` now, else None.
    fn play_violation(&self, cards: &Bound<'_, PyAny>) -> PyResult<Option<(&'static str, String)>> {
        let cards = cardset_from_any(cards)?;
        let Some(player) = self.0.current_player() else {
            return Ok(Some(("", "the deal is over".to_string())));
        };
        let mut probe = self.0.clone();
        probe.set_record_history(false);
        Ok(probe
            .play_cards(player, cards)
            .err()
            .map(|v| (v.rule, v.message)))
    }

    /// The current player passes (IllegalActionError-style errors are raised by the caller).
    fn pass_turn(&mut self) -> PyResult<()> {
        self.1.valid = false;
        let player = self.current_or_err()?;
        self.0
            .pass(player)
            .map_err(|v| invalid_argument(v.to_string()))
    }

    /// The current player plays ``cards``; returns the play as classified.
    fn play_cards(&mut self, cards: &Bound<'_, PyAny>) -> PyResult<PyPlay> {
        self.1.valid = false;
        let player = self.current_or_err()?;
        let cards = cardset_from_any(cards)?;
        self.0
            .play_cards(player, cards)
            .map(PyPlay)
            .map_err(|v| invalid_argument(v.to_string()))
    }

    /// Events from index ``start`` on (all by default): dicts with ``event`` = play / pass /
    /// trick / finished.
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
            .map(|e| {
                let d = PyDict::new(py);
                match e {
                    TableEvent::Play { player, combo } => {
                        d.set_item("event", "play")?;
                        d.set_item("player", *player)?;
                        d.set_item("play", PyPlay(*combo))?;
                    }
                    TableEvent::Pass { player } => {
                        d.set_item("event", "pass")?;
                        d.set_item("player", *player)?;
                    }
                    TableEvent::TrickEnd { winner, top } => {
                        d.set_item("event", "trick")?;
                        d.set_item("winner", *winner)?;
                        d.set_item("play", PyPlay(top.combo))?;
                        d.set_item("was_lead", top.was_lead)?;
                    }
                    TableEvent::Finished { player, place } => {
                        d.set_item("event", "finished")?;
                        d.set_item("player", *player)?;
                        d.set_item("place", *place)?;
                    }
                }
                Ok(d)
            })
            .collect()
    }

    /// ``n`` seeded playouts to the end (``policy`` "random" or "greedy"), in Rust with the
    /// interpreter released; ``threads`` 0 = all cores. Results do not depend on ``threads``.
    /// Returns numpy arrays: ``finish_order`` (n, players; -1 = did not finish), ``cards_left``,
    /// ``plays_made``, ``bombs_played``, ``response_bomb_tricks`` (n, players), ``actions`` (n,).
    #[pyo3(signature = (n, policy = Text::from("random"), seed = Seed(0), threads = Threads(1)))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: Count,
        policy: Text,
        seed: Seed,
        threads: Threads,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (n, seed, threads) = (n.0, seed.0, threads.0);
        let policy = policy_arg(&policy)?;
        let table = self.0.clone();
        let players = table.num_players();
        let cells = n
            .checked_mul(players)
            .ok_or_else(|| invalid_argument("n: too many playouts"))?;
        // Everything the results need, reserved up front so that a count too large for memory
        // is refused instead of aborting (issue 18).
        let mut finish: Vec<i8> = Vec::new();
        let mut left: Vec<u8> = Vec::new();
        let mut plays: Vec<u32> = Vec::new();
        let mut bombs: Vec<u32> = Vec::new();
        let mut response: Vec<u32> = Vec::new();
        let mut actions: Vec<u32> = Vec::new();
        let too_many =
            || invalid_argument(format!("n: cannot allocate the results of {n} playouts"));
        finish.try_reserve_exact(cells).map_err(|_| too_many())?;
        left.try_reserve_exact(cells).map_err(|_| too_many())?;
        plays.try_reserve_exact(cells).map_err(|_| too_many())?;
        bombs.try_reserve_exact(cells).map_err(|_| too_many())?;
        response.try_reserve_exact(cells).map_err(|_| too_many())?;
        actions.try_reserve_exact(n).map_err(|_| too_many())?;
        let mut outcomes: Vec<core::Outcome> = Vec::new();
        outcomes.try_reserve_exact(n).map_err(|_| too_many())?;
        drop(outcomes);
        let outcomes = py.detach(|| core::playouts(&table, n, policy, seed, threads));
        for o in &outcomes {
            for p in 0..players {
                finish.push(if p < o.num_finished as usize {
                    o.finish_order[p] as i8
                } else {
                    -1
                });
                left.push(o.hands[p].len() as u8);
                plays.push(o.plays_made[p]);
                bombs.push(o.bombs_played[p]);
                response.push(o.response_bomb_tricks[p]);
            }
            actions.push(o.actions);
        }
        let shape = [n, players];
        let d = PyDict::new(py);
        d.set_item(
            "finish_order",
            PyArray1::from_vec(py, finish).reshape(shape)?,
        )?;
        d.set_item("cards_left", PyArray1::from_vec(py, left).reshape(shape)?)?;
        d.set_item("plays_made", PyArray1::from_vec(py, plays).reshape(shape)?)?;
        d.set_item(
            "bombs_played",
            PyArray1::from_vec(py, bombs).reshape(shape)?,
        )?;
        d.set_item(
            "response_bomb_tricks",
            PyArray1::from_vec(py, response).reshape(shape)?,
        )?;
        d.set_item("actions", PyArray1::from_vec(py, actions))?;
        Ok(d)
    }

    /// The action ids of the current player's legal actions (plays, then pass id 0 when passing
    /// is legal), in the order of ``legal_plays``.
    fn legal_action_ids(&mut self) -> Vec<u32> {
        let cache = &mut self.1;
        self.0
            .legal_action_ids_into(&mut cache.plays, &mut cache.ids);
        cache.pass = cache.ids.len() > cache.plays.len();
        cache.valid = true;
        cache.ids.clone()
    }

    /// The protocol Actions of the legal actions: ``factory(play, cards)`` builds the Action of a play
    /// (kept in a bounded process-wide memo, an Action being immutable), ``pass_action`` is the
    /// pass Action, appended when passing is legal.
    fn legal_action_objects<'py>(
        &mut self,
        py: Python<'py>,
        factory: &Bound<'py, PyAny>,
        pass_action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let cache = &mut self.1;
        let pass = self.0.legal_plays_into(&mut cache.plays);
        cache.pass = pass;
        cache.ids.clear();
        cache.valid = true;
        let plays = &cache.plays;
        let out = PyList::empty(py);
        let mut memo = ACTION_MEMO
            .lock()
            .map_err(|_| invalid_argument("memo poisoned"))?;
        let memo = memo.get_or_insert_with(|| ActionMemo {
            young: KeyMap::default(),
            old: KeyMap::default(),
        });
        for &combo in plays {
            let key = play_key(&combo);
            let action = match memo.get(py, key) {
                Some(a) => a,
                None => {
                    // `object.__new__(cls)` and the five slots of cardavia.game.Action, without
                    // running `__init__` from Python.
                    let a = factory.call_method1(intern!(py, "__new__"), (factory,))?;
                    a.setattr(intern!(py, "kind"), intern!(py, "play"))?;
                    a.setattr(intern!(py, "cards"), PyCardSet(combo.cards()))?;
                    a.setattr(intern!(py, "amount"), py.None())?;
                    a.setattr(intern!(py, "label"), intern!(py, ""))?;
                    a.setattr(intern!(py, "play"), PyPlay(combo))?;
                    let a = a.unbind();
                    memo.insert(key, a.clone_ref(py));
                    a
                }
            };
            out.append(action)?;
        }
        if pass {
            out.append(pass_action)?;
        }
        Ok(out)
    }

    /// Applies the legal action with this id: pass (0) or a play by its rank multiset. An id
    /// outside ``0..size`` raises InvalidArgumentError; an id of no legal action now raises
    /// IllegalActionError naming the rule (or saying it is not a legal action id now). Returns
    /// False, changing nothing, for a call id (bids, lighting), which card play does not handle.
    fn apply_id(&mut self, py: Python<'_>, id: &Bound<'_, PyAny>) -> PyResult<bool> {
        let space = ActionSpace::of(self.0.ruleset());
        let id = match id.extract::<i64>() {
            Ok(v) if (0..space.size() as i64).contains(&v) => v as u32,
            _ => {
                return Err(invalid_argument(format!(
                    "action id {} is not in 0..{}",
                    id.repr()
                        .map_or_else(|_| "?".to_string(), |r| r.to_string()),
                    space.size() - 1
                )))
            }
        };
        if self.0.is_over() {
            return Err(illegal_action(
                py,
                format!("action id {id} is not a legal action id now: {DEAL_OVER}"),
                "",
            ));
        }
        if self.1.valid && !self.1.ids.is_empty() {
            if let Some(k) = self.1.ids.iter().position(|&x| x == id) {
                let action = (k < self.1.plays.len()).then(|| self.1.plays[k]);
                self.1.valid = false;
                self.0.apply_unchecked(action);
                return Ok(true);
            }
        }
        self.1.valid = false;
        let mut plays = Vec::with_capacity(32);
        match self.0.apply_action_id(id, &mut plays) {
            Ok(_) => Ok(true),
            Err(IdError::NotAPlay) => Ok(false),
            Err(IdError::OutOfRange(_)) => unreachable!("checked above"),
            Err(IdError::Illegal(v)) => {
                let what = if id == PASS_ID {
                    format!("action id {id} (pass)")
                } else {
                    format!("action id {id} ({})", space.play(id).expect("a play id"))
                };
                let v = if v.rule.is_empty() {
                    RuleViolation {
                        rule: "",
                        message: "not a legal action id now".into(),
                    }
                } else {
                    v
                };
                Err(violation_error(py, &what, &v))
            }
        }
    }

    /// The current player plays ``cards`` (IllegalActionError naming the rule if he may not);
    /// ``what``'s text names the action in the message.
    fn apply_cards(
        &mut self,
        py: Python<'_>,
        cards: &Bound<'_, PyAny>,
        what: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let cards = cardset_from_any(cards)?;
        let Some(player) = self.0.current_player() else {
            return Err(illegal_action(py, DEAL_OVER.to_string(), ""));
        };
        if self.1.valid {
            self.1.valid = false;
            if let Some(combo) = self.1.plays.iter().find(|c| c.cards() == cards) {
                self.0.apply_unchecked(Some(*combo));
                return Ok(());
            }
        }
        self.0.play_cards(player, cards).map(|_| ()).map_err(|v| {
            let text = what
                .str()
                .map_or_else(|_| cards.to_string(), |t| t.to_string());
            violation_error(py, &text, &v)
        })
    }

    /// The current player passes (IllegalActionError naming the rule if he may not).
    fn apply_pass(&mut self, py: Python<'_>) -> PyResult<()> {
        let Some(player) = self.0.current_player() else {
            return Err(illegal_action(py, DEAL_OVER.to_string(), ""));
        };
        self.1.valid = false;
        self.0
            .pass(player)
            .map_err(|v| violation_error(py, "pass", &v))
    }

    /// Number of events in the history.
    #[getter]
    fn history_len(&self) -> usize {
        self.0.history_len()
    }

    /// Appends the protocol entries of the events from ``start`` on to ``history`` (plays,
    /// passes, trick ends, finishes; after each trick won by a response bomb a ``bomb_bonus``
    /// entry when ``bomb_bonus``, ZSY-7.3) and the plays and passes to ``actions`` as action
    /// records; returns the number of events.
    fn sync_logs(
        &self,
        py: Python<'_>,
        start: Int<Usize>,
        history: &Bound<'_, PyList>,
        actions: &Bound<'_, PyList>,
        bomb_bonus: bool,
    ) -> PyResult<usize> {
        let start = start.0 .0;
        let events = self.0.history();
        let n = self.0.num_players();
        for e in &events[start.min(events.len())..] {
            let d = PyDict::new(py);
            match e {
                TableEvent::Play { player, combo } => {
                    let cards = combo.cards().to_string();
                    d.set_item("event", "play")?;
                    d.set_item("player", *player)?;
                    d.set_item("cards", &cards)?;
                    d.set_item("type", combo.kind().id())?;
                    let a = PyDict::new(py);
                    a.set_item("kind", "play")?;
                    a.set_item("cards", cards)?;
                    actions.append(a)?;
                }
                TableEvent::Pass { player } => {
                    d.set_item("event", "pass")?;
                    d.set_item("player", *player)?;
                    let a = PyDict::new(py);
                    a.set_item("kind", "pass")?;
                    actions.append(a)?;
                }
                TableEvent::TrickEnd { winner, top } => {
                    d.set_item("event", "trick")?;
                    d.set_item("winner", *winner)?;
                    if bomb_bonus && top.combo.is_bomb() && !top.was_lead {
                        history.append(d)?;
                        let b = PyDict::new(py);
                        b.set_item("event", "bomb_bonus")?;
                        b.set_item("player", *winner)?;
                        let points: Vec<i32> = (0..n)
                            .map(|q| if q == *winner { 20 } else { -10 })
                            .collect();
                        b.set_item("points", points)?;
                        history.append(b)?;
                        continue;
                    }
                }
                TableEvent::Finished { player, place } => {
                    d.set_item("event", "finished")?;
                    d.set_item("player", *player)?;
                    d.set_item("place", *place)?;
                }
            }
            history.append(d)?;
        }
        Ok(events.len())
    }

    /// The number of cards in each hand.
    fn hand_sizes(&self) -> Vec<usize> {
        self.0.hands().iter().map(|h| h.len()).collect()
    }

    fn clone(&self) -> Self {
        self.clone_table()
    }
    fn __copy__(&self) -> Self {
        self.clone_table()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone_table()
    }
}

impl PyClimbTable {
    fn clone_table(&self) -> Self {
        PyClimbTable(self.0.clone(), LegalCache::default())
    }
    fn check_seat(&self, player: usize) -> PyResult<()> {
        if player < self.0.num_players() {
            Ok(())
        } else {
            Err(invalid_argument(format!(
                "seat {player} does not exist (0..{})",
                self.0.num_players()
            )))
        }
    }
    fn current_or_err(&self) -> PyResult<usize> {
        self.0
            .current_player()
            .ok_or_else(|| invalid_argument("the deal is over"))
    }
}

fn hands_arg<const N: usize>(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<[CardSet; N]> {
    let items: Vec<Bound<'_, PyAny>> = obj.extract()?;
    if items.len() != N {
        return Err(invalid_argument(format!(
            "{what} must be {N} hands, got {}",
            items.len()
        )));
    }
    let mut out = [CardSet::EMPTY; N];
    for (slot, item) in out.iter_mut().zip(&items) {
        *slot = cardset_from_any(item)?;
    }
    Ok(out)
}

fn table_arg(obj: &Bound<'_, PyAny>, ruleset: Ruleset) -> PyResult<ClimbTable> {
    let table = obj
        .extract::<PyRef<'_, PyClimbTable>>()
        .map_err(|_| PyTypeError::new_err("expected a ClimbTable"))?;
    if table.0.ruleset() != ruleset {
        return Err(invalid_argument(format!(
            "a {} table is not a {ruleset} table",
            table.0.ruleset()
        )));
    }
    Ok(table.0.clone())
}

/// A playout start from its tuple form (see ``climb_playouts``).
fn start_arg(start: &Bound<'_, PyTuple>) -> PyResult<DealStart> {
    let game: String = start.get_item(0)?.extract()?;
    let phase: String = start.get_item(1)?.extract()?;
    let item = |k: usize| start.get_item(k);
    let out = match (game.as_str(), phase.as_str()) {
        ("doudizhu", "auction") => DealStart::DdzAuction(
            DdzAuction::new(
                hands_arg::<3>(&item(2)?, "hands")?,
                cardset_from_any(&item(3)?)?,
                item(4)?.extract()?,
                item(5)?.extract()?,
            )
            .map_err(to_py)?,
        ),
        ("doudizhu", "play") => DealStart::DdzPlay {
            table: table_arg(&item(2)?, Ruleset::DouDizhu)?,
            landlord: item(3)?.extract()?,
            bid: item(4)?.extract()?,
        },
        ("zhengshangyou", "play") => {
            DealStart::ZsyPlay(table_arg(&item(2)?, Ruleset::ZhengShangyou)?)
        }
        ("red_ten", "lighting") => {
            let hands = hands_arg::<4>(&item(2)?, "hands")?;
            let first_player: usize = item(3)?.extract()?;
            let polled: usize = item(4)?.extract()?;
            // Checks the deal (RT-3.3, RT-3.9) the way card play will use it.
            ClimbTable::new(Ruleset::RedTen, hands.to_vec(), first_player).map_err(to_py)?;
            if polled > 3 {
                return Err(invalid_argument("the lighting poll is over"));
            }
            DealStart::RtLighting(RtLighting {
                hands,
                first_player,
                polled,
                lit: item(5)?.extract()?,
            })
        }
        ("red_ten", "play") => DealStart::RtPlay {
            table: table_arg(&item(2)?, Ruleset::RedTen)?,
            lit: item(3)?.extract()?,
        },
        _ => {
            return Err(invalid_argument(format!(
                "unknown playout start ({game:?}, {phase:?})"
            )))
        }
    };
    deals::check_start(&out).map_err(to_py)?;
    Ok(out)
}

/// ``n`` seeded playouts of the rest of a deal from ``start`` to the settled payoffs (DDZ-7,
/// ZSY-7, RT-6), in Rust with the interpreter released: a float64 array ``(n, players)``.
/// ``start`` is ``("doudizhu", "auction", hands, bottom, first_bidder, calls)``,
/// ``("doudizhu", "play", table, landlord, bid)``, ``("zhengshangyou", "play", table)``,
/// ``("red_ten", "lighting", hands, first_player, polled, lit)`` or ``("red_ten", "play",
/// table, lit)``. Playout ``i`` depends only on ``seed`` and ``i``, not on ``threads``.
#[pyfunction]
#[pyo3(signature = (start, n, policy = Text::from("random"), seed = Seed(0), threads = Threads(1)))]
pub fn climb_playouts<'py>(
    py: Python<'py>,
    start: &Bound<'py, PyTuple>,
    n: Count,
    policy: Text,
    seed: Seed,
    threads: Threads,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (n, seed, threads) = (n.0, seed.0, threads.0);
    let policy = policy_arg(&policy)?;
    let start = start_arg(start)?;
    let players = start.num_players();
    let cells = n.checked_mul(players).ok_or_else(|| {
        invalid_argument(format!("n: cannot allocate the results of {n} playouts"))
    })?;
    let mut out: Vec<f64> = buffer(cells, "n")?;
    py.detach(|| deals::deal_playouts(&start, policy, seed, threads, &mut out));
    PyArray1::from_vec(py, out).reshape([n, players])
}

/// Playout ``index`` of the batch ``climb_playouts(start, ..., seed=seed)`` with its actions:
/// ``(steps, returns)``, each step an action id of the game's action space or -1 where a void
/// Dou Dizhu deal was redealt (DDZ-3.5c).
#[pyfunction]
#[pyo3(signature = (start, policy = Text::from("random"), seed = Seed(0), index = Int(0)))]
pub fn climb_playout_trace(
    start: &Bound<'_, PyTuple>,
    policy: Text,
    seed: Seed,
    index: Int<u64>,
) -> PyResult<(Vec<i64>, Vec<f64>)> {
    let index = index.0;
    let policy = policy_arg(&policy)?;
    let seed = seed.0;
    let start = start_arg(start)?;
    let (trace, returns) = deals::deal_playout_trace(&start, policy, seed, index);
    let steps = trace
        .into_iter()
        .map(|s| match s {
            TraceStep::Action(id) => id as i64,
            TraceStep::Redeal => -1,
        })
        .collect();
    Ok((steps, returns))
}

type PyHands = Vec<PyCardSet>;

fn py_hands(hands: &[CardSet]) -> PyHands {
    hands.iter().copied().map(PyCardSet).collect()
}

/// Dou Dizhu determinization for ``player`` (exactly uniform; see the core's ``resample``):
/// ``hands`` the dealt 17-card hands, ``table``/``landlord`` once card play has started.
/// Returns the new dealt hands, the bottom and the new table (None during the auction).
#[pyfunction]
#[pyo3(signature = (player, hands, bottom, seed, table = None, landlord = Int(Usize(0))))]
pub fn ddz_resample(
    player: Int<Usize>,
    hands: &Bound<'_, PyAny>,
    bottom: &Bound<'_, PyAny>,
    seed: Seed,
    table: Option<PyRef<'_, PyClimbTable>>,
    landlord: Int<Usize>,
) -> PyResult<(PyHands, PyCardSet, Option<PyClimbTable>)> {
    let player = player.0 .0;
    let landlord = landlord.0 .0;
    let hands = hands_arg::<3>(hands, "hands")?;
    let bottom = cardset_from_any(bottom)?;
    let mut rng = Rng::new(seed.0);
    let play = table.as_ref().map(|t| (&t.0, landlord));
    let (hands, bottom, table) =
        resample::ddz_resample(player, hands, bottom, play, &mut rng).map_err(to_py)?;
    Ok((
        py_hands(&hands),
        PyCardSet(bottom),
        table.map(PyClimbTable::from),
    ))
}

/// Zheng Shangyou determinization for ``player`` (exactly uniform, every forced pass kept
/// forced, ZSY-6.3): the new dealt hands and the new table.
#[pyfunction]
pub fn zsy_resample(
    player: Int<Usize>,
    hands: &Bound<'_, PyAny>,
    table: PyRef<'_, PyClimbTable>,
    seed: Seed,
) -> PyResult<(PyHands, PyClimbTable)> {
    let player = player.0 .0;
    let hands = hands_arg::<3>(hands, "hands")?;
    let mut rng = Rng::new(seed.0);
    let (hands, table) =
        resample::zsy_resample(player, hands, &table.0, &mut rng).map_err(to_py)?;
    Ok((py_hands(&hands), PyClimbTable::from(table)))
}

/// Zheng Shangyou determinization weighted by the rule strategy as a model of the other
/// players (``cardavia_core::climbing::zsy_rule::zsy_resample_by_rule``): ``draws`` uniform
/// worlds, one chosen with weight ``mismatch_weight`` to the power of the other seats'
/// decisions the rule would have taken differently in it. The new dealt hands and table.
#[pyfunction]
pub fn zsy_resample_by_rule(
    py: Python<'_>,
    player: Int<Usize>,
    hands: &Bound<'_, PyAny>,
    table: PyRef<'_, PyClimbTable>,
    seed: Seed,
    draws: Count,
    mismatch_weight: f64,
) -> PyResult<(PyHands, PyClimbTable)> {
    let player = player.0 .0;
    let hands = hands_arg::<3>(hands, "hands")?;
    let mut rng = Rng::new(seed.0);
    let base = table.0.clone();
    let (hands, table) = py
        .detach(|| {
            zsy_rule::zsy_resample_by_rule(player, hands, &base, &mut rng, draws.0, mismatch_weight)
        })
        .map_err(to_py)?;
    Ok((py_hands(&hands), PyClimbTable::from(table)))
}

/// Red Ten determinization for ``player`` (exactly uniform): ``shown`` the red tens each seat
/// showed, ``lit`` which seats lit, ``first_player`` the ``3h`` holder, ``table`` once card
/// play has started. Returns the new dealt hands and the new table (with its teams).
#[pyfunction]
#[pyo3(signature = (player, hands, shown, lit, first_player, seed, table = None))]
pub fn rt_resample(
    player: Int<Usize>,
    hands: &Bound<'_, PyAny>,
    shown: &Bound<'_, PyAny>,
    lit: [bool; 4],
    first_player: Int<Usize>,
    seed: Seed,
    table: Option<PyRef<'_, PyClimbTable>>,
) -> PyResult<(PyHands, Option<PyClimbTable>)> {
    let player = player.0 .0;
    let first_player = first_player.0 .0;
    let hands = hands_arg::<4>(hands, "hands")?;
    let know = RtKnowledge {
        shown: hands_arg::<4>(shown, "shown")?,
        lit,
        first_player,
    };
    let mut rng = Rng::new(seed.0);
    let (hands, table) =
        resample::rt_resample(player, hands, &know, table.as_ref().map(|t| &t.0), &mut rng)
            .map_err(to_py)?;
    Ok((py_hands(&hands), table.map(PyClimbTable::from)))
}

/// The action id of the play ``cards`` in the game's fixed action space (None if the cards are
/// no valid play of the game).
#[pyfunction]
pub fn climb_action_id(ruleset: Text, cards: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
    let rs = ruleset_from(&ruleset)?;
    if rs == Ruleset::FiveTenKing {
        return Err(invalid_argument(
            "five_ten_king numbers its actions elsewhere",
        ));
    }
    Ok(ActionSpace::of(rs).id_of_cards(cardset_from_any(cards)?))
}

/// The Dou Dizhu card-play search kernel (``cardavia_core::climbing::ddz_rule::ddz_search``):
/// ``player`` (the player to act) values each candidate (a CardSet to play, or None for a
/// pass) in ``worlds`` worlds drawn uniformly from his information, each finished by one
/// rollout of ``policy`` (``"greedy"`` or ``"rule"``): his payoffs as a float64 array
/// ``(worlds, len(candidates))``. ``hands`` are the dealt 17-card hands. Each world is chosen
/// among ``draws`` uniform ones with weight ``mismatch_weight`` to the power of the other
/// seats' decisions ``policy`` would have taken differently in it (1, 1.0: uniform).
#[pyfunction]
#[pyo3(signature = (player, hands, bottom, table, landlord, bid, candidates, worlds, policy, seed, draws = Count(1), mismatch_weight = 1.0))]
#[allow(clippy::too_many_arguments)]
pub fn ddz_search<'py>(
    py: Python<'py>,
    player: Int<Usize>,
    hands: &Bound<'py, PyAny>,
    bottom: &Bound<'py, PyAny>,
    table: PyRef<'py, PyClimbTable>,
    landlord: Int<Usize>,
    bid: Int<u8>,
    candidates: Vec<Option<Bound<'py, PyAny>>>,
    worlds: Count,
    policy: Text,
    seed: Seed,
    draws: Count,
    mismatch_weight: f64,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let player = player.0 .0;
    let landlord = landlord.0 .0;
    let hands = hands_arg::<3>(hands, "hands")?;
    let bottom = cardset_from_any(bottom)?;
    let policy = match &*policy {
        "greedy" => DdzRollout::Greedy,
        "rule" => DdzRollout::Rule,
        other => {
            return Err(invalid_argument(format!(
                "unknown policy {other:?}; expected \"greedy\" or \"rule\""
            )))
        }
    };
    let cards = candidates
        .iter()
        .map(|c| c.as_ref().map_or(Ok(CardSet::EMPTY), cardset_from_any))
        .collect::<PyResult<Vec<CardSet>>>()?;
    let k = cards.len();
    let base = table.0.clone();
    let (worlds, seed) = (worlds.0, seed.0);
    let out = py
        .detach(|| {
            let position = DdzPosition {
                hands,
                bottom,
                table: &base,
                landlord,
                bid: bid.0,
            };
            ddz_rule::ddz_search_weighted(
                player,
                &position,
                &cards,
                worlds,
                policy,
                seed,
                draws.0,
                mismatch_weight,
            )
        })
        .map_err(to_py)?;
    PyArray1::from_vec(py, out).reshape([worlds, k])
}

/// The Dou Dizhu rollout rule's choice (``cardavia_core::climbing::ddz_rule::choose``) for the
/// player to act at ``table``: the cards to play, or None for a pass.
#[pyfunction]
pub fn ddz_rule_choice(table: PyRef<'_, PyClimbTable>) -> PyResult<Option<PyCardSet>> {
    let t = &table.0;
    if t.ruleset() != cardavia_core::climbing::Ruleset::DouDizhu {
        return Err(invalid_argument("not a Dou Dizhu table"));
    }
    if t.is_over() {
        return Err(invalid_argument(
            "the deal is over: there is no decision to make",
        ));
    }
    let mut plays = Vec::new();
    let pass_allowed = t.legal_plays_into(&mut plays);
    Ok(ddz_rule::choose(t, &plays, pass_allowed).map(|c| PyCardSet(c.cards())))
}

/// Registers the search-facing functions of this module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(climb_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(climb_playout_trace, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_resample, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_search, m)?)?;
    m.add_function(wrap_pyfunction!(ddz_rule_choice, m)?)?;
    m.add_function(wrap_pyfunction!(zsy_resample, m)?)?;
    m.add_function(wrap_pyfunction!(zsy_resample_by_rule, m)?)?;
    m.add_function(wrap_pyfunction!(rt_resample, m)?)?;
    m.add_function(wrap_pyfunction!(climb_action_id, m)?)?;
    m.add_function(wrap_pyfunction!(climb_deal, m)?)?;
    Ok(())
}

/// The random deal of a climbing game from ``seed`` (exactly the cards the games have always
/// dealt): Dou Dizhu three 17-card hands and the 3-card bottom (``deal_cards(3, 17, 1, True,
/// seed)``); Zheng Shangyou the 48-card deck shuffled by ``Rng(seed)`` and dealt one card to
/// each seat in turn (ZSY-3.2); Red Ten the 54 cards shuffled by ``Rng(seed)`` and dealt one
/// at a time from the seat after ``dealer`` (RT-3.3). Returns the hands and the cards left over.
#[pyfunction]
#[pyo3(signature = (ruleset, seed, dealer = Int(Usize(0))))]
pub fn climb_deal(ruleset: Text, seed: Seed, dealer: Int<Usize>) -> PyResult<(PyHands, PyCardSet)> {
    let dealer = dealer.0 .0;
    let rs = ruleset_from(&ruleset)?;
    let to_mask =
        |cards: &[cardavia_core::cards::Card]| CardSet(cards.iter().fold(0u64, |m, c| m | c.bit()));
    match rs {
        Ruleset::DouDizhu => {
            let d = cardavia_core::deal::deal(1, true, 3, Some(17), seed.0).map_err(to_py)?;
            let hands: Vec<CardSet> = d.hands.iter().map(|h| to_mask(h)).collect();
            Ok((py_hands(&hands), PyCardSet(to_mask(&d.leftover))))
        }
        Ruleset::ZhengShangyou | Ruleset::RedTen => {
            if dealer > 3 {
                return Err(invalid_argument(format!("dealer {dealer} is not a seat")));
            }
            let mut cards: Vec<cardavia_core::cards::Card> = rs.deck().iter().collect();
            Rng::new(seed.0).shuffle(&mut cards);
            let n = rs.num_players();
            let mut hands = vec![CardSet::EMPTY; n];
            for (k, card) in cards.iter().enumerate() {
                let seat = if rs == Ruleset::RedTen {
                    (dealer + 1 + k) % 4
                } else {
                    k % 3
                };
                hands[seat].insert(*card);
            }
            Ok((py_hands(&hands), PyCardSet(CardSet::EMPTY)))
        }
        Ruleset::FiveTenKing => Err(invalid_argument("five_ten_king deals two packs elsewhere")),
    }
}
