//! Bindings of `cardavia_core::climbing`: the combination engine, the card-play table and
//! playouts of the climbing games (Dou Dizhu, Zheng Shangyou, Red Ten).

use crate::cards::{cardset_from_any, PyCardSet};
use crate::errors::{invalid_argument, to_py};
use cardavia_core::cards::CardSet;
use cardavia_core::climbing::{
    self as core, ClimbTable, Combo, PlayContext, Policy, Ruleset, TableEvent,
};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

fn ruleset_from(name: &str) -> PyResult<Ruleset> {
    match name {
        "doudizhu" => Ok(Ruleset::DouDizhu),
        "zhengshangyou" => Ok(Ruleset::ZhengShangyou),
        "red_ten" => Ok(Ruleset::RedTen),
        other => Err(invalid_argument(format!(
            "unknown climbing ruleset {other:?}; expected doudizhu, zhengshangyou or red_ten"
        ))),
    }
}

fn threads_or_all(threads: usize) -> usize {
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
    /// The cards played.
    #[getter]
    fn cards(&self) -> PyCardSet {
        PyCardSet(self.0.cards())
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
    ruleset: &str,
    cards: &Bound<'_, PyAny>,
    first_play: bool,
) -> PyResult<Vec<PyPlay>> {
    let rs = ruleset_from(ruleset)?;
    let cards = cardset_from_any(cards)?;
    let context = PlayContext {
        first_play_of_deal: first_play,
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
    ruleset: &str,
    hand: &Bound<'_, PyAny>,
    to_beat: Option<PyPlay>,
    first_play: bool,
) -> PyResult<Vec<PyPlay>> {
    let rs = ruleset_from(ruleset)?;
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
pub struct PyClimbTable(pub ClimbTable);

#[pymethods]
impl PyClimbTable {
    /// A table at the start of card play: ``hands[i]`` is seat i's hand, ``first_player`` leads.
    #[new]
    fn new(ruleset: &str, hands: Vec<Bound<'_, PyAny>>, first_player: usize) -> PyResult<Self> {
        let rs = ruleset_from(ruleset)?;
        let hands = hands
            .iter()
            .map(cardset_from_any)
            .collect::<PyResult<Vec<CardSet>>>()?;
        ClimbTable::new(rs, hands, first_player)
            .map(PyClimbTable)
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
    fn hand(&self, player: usize) -> PyResult<PyCardSet> {
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
    fn team(&self, player: usize) -> PyResult<Option<u8>> {
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
    fn captured(&self, player: usize) -> PyResult<PyCardSet> {
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
        let player = self.current_or_err()?;
        self.0
            .pass(player)
            .map_err(|v| invalid_argument(v.to_string()))
    }

    /// The current player plays ``cards``; returns the play as classified.
    fn play_cards(&mut self, cards: &Bound<'_, PyAny>) -> PyResult<PyPlay> {
        let player = self.current_or_err()?;
        let cards = cardset_from_any(cards)?;
        self.0
            .play_cards(player, cards)
            .map(PyPlay)
            .map_err(|v| invalid_argument(v.to_string()))
    }

    /// Events from index ``start`` on (all by default): dicts with ``event`` = play / pass /
    /// trick / finished.
    #[pyo3(signature = (start = 0))]
    fn history<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Vec<Bound<'py, PyDict>>> {
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
    #[pyo3(signature = (n, policy = "random", seed = 0, threads = 1))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        policy: &str,
        seed: u64,
        threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let policy = match policy {
            "random" => Policy::Random,
            "greedy" => Policy::Greedy,
            other => {
                return Err(invalid_argument(format!(
                    "unknown policy {other:?}; expected \"random\" or \"greedy\""
                )))
            }
        };
        let table = self.0.clone();
        let threads = threads_or_all(threads);
        let outcomes = py.detach(|| core::playouts(&table, n, policy, seed, threads));
        let players = table.num_players();
        let mut finish = Vec::with_capacity(n * players);
        let mut left = Vec::with_capacity(n * players);
        let mut plays = Vec::with_capacity(n * players);
        let mut bombs = Vec::with_capacity(n * players);
        let mut response = Vec::with_capacity(n * players);
        let mut actions = Vec::with_capacity(n);
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
        PyClimbTable(self.0.clone())
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
