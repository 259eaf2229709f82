//! Bindings of Five-Ten-King's two-pack combination engine and card-play table
//! (`cardavia_core::climbing::FtkTable`).

use crate::cards::{cardbag_from_any, cards_from_any, cardset_from_any, PyCardBag};
use crate::climbing::{threads_or_all, PyPlay};
use crate::errors::{invalid_argument, to_py};
use cardavia_core::cards::{Card, CardBag, CardSet};
use cardavia_core::climbing::{
    self as core, ftk_playouts, Call, EndKind, FtkEvent, FtkSettlement, FtkTable, PlayContext,
    Policy, Ruleset, TopPlay, FTK_PLAYERS,
};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

const RS: Ruleset = Ruleset::FiveTenKing;

fn one_card(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    let cards = cards_from_any(obj)?;
    match cards.as_slice() {
        [c] => Ok(*c),
        _ => Err(invalid_argument(format!(
            "expected exactly one card, got {}",
            cards.len()
        ))),
    }
}

fn calls_from(calls: &[(Bound<'_, PyAny>, u8)]) -> PyResult<Vec<Call>> {
    calls
        .iter()
        .map(|(card, ordinal)| {
            Ok(Call {
                card: one_card(card)?,
                ordinal: *ordinal,
            })
        })
        .collect()
}

fn ftk_play(play: &PyPlay) -> PyResult<()> {
    if play.0.ruleset() == RS {
        Ok(())
    } else {
        Err(invalid_argument(format!(
            "a {} play is not a Five-Ten-King play",
            play.0.ruleset()
        )))
    }
}

/// Every reading of ``cards`` (a multiset of two packs) as a Five-Ten-King play (FTK-4).
#[pyfunction]
pub fn ftk_classify(cards: &Bound<'_, PyAny>) -> PyResult<Vec<PyPlay>> {
    let bag = cardbag_from_any(cards)?;
    Ok(core::classify_bag(RS, bag)
        .into_iter()
        .map(PyPlay)
        .collect())
}

/// Every legal play from a two-pack ``hand``: a lead if ``to_beat`` is None, else the plays
/// beating it. ``distinguished`` card kinds (the called cards) are avoided in the canonical
/// card choice and each play is also listed with as many of them as it can hold.
#[pyfunction]
#[pyo3(signature = (hand, to_beat = None, distinguished = None))]
pub fn ftk_legal_plays(
    hand: &Bound<'_, PyAny>,
    to_beat: Option<PyPlay>,
    distinguished: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyPlay>> {
    let hand = cardbag_from_any(hand)?;
    if let Some(top) = &to_beat {
        ftk_play(top)?;
    }
    let context = PlayContext {
        first_play_of_deal: false,
        distinguished: match distinguished {
            Some(d) => cardset_from_any(d)?,
            None => CardSet::EMPTY,
        },
    };
    Ok(
        core::legal_plays_bag(RS, hand, to_beat.as_ref().map(|p| &p.0), context)
            .into_iter()
            .map(PyPlay)
            .collect(),
    )
}

/// (rule id, message) if the call (``card``, ``ordinal``) is invalid with these buried cards
/// (FTK-3.14, FTK-3.15), else None.
#[pyfunction]
pub fn ftk_call_violation(
    card: &Bound<'_, PyAny>,
    ordinal: u8,
    buried: &Bound<'_, PyAny>,
) -> PyResult<Option<(&'static str, String)>> {
    let call = Call {
        card: one_card(card)?,
        ordinal,
    };
    Ok(call
        .check(cardbag_from_any(buried)?)
        .err()
        .map(|v| (v.rule, v.message)))
}

/// The band of a defense total (FTK-6.6): (index 0..6, banker side wins, steps).
#[pyfunction]
pub fn ftk_band(defense: u32) -> PyResult<(u8, bool, u8)> {
    if defense > 200 {
        return Err(invalid_argument(format!(
            "the defense total is 0..200, not {defense}"
        )));
    }
    Ok(core::band(defense))
}

/// Point value of cards (FTK-2.6): 5 per five, 10 per ten and king.
#[pyfunction]
pub fn ftk_points(cards: &Bound<'_, PyAny>) -> PyResult<u32> {
    Ok(core::points(cardbag_from_any(cards)?))
}

fn settlement_dict<'py>(py: Python<'py>, s: &FtkSettlement) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("banker", s.banker)?;
    d.set_item("answerers", s.answerers.to_vec())?;
    d.set_item("deemed", s.deemed.to_vec())?;
    d.set_item("banker_side", s.banker_side.to_vec())?;
    d.set_item("trick_points", s.trick_points.to_vec())?;
    d.set_item("final_trick_points", s.final_trick_points)?;
    d.set_item("kitty_points", s.kitty_points)?;
    d.set_item("hand_points", s.hand_points.to_vec())?;
    d.set_item("hands_transferred", s.hands_transferred)?;
    d.set_item("hands_to_banker_side", s.hands_to_banker_side)?;
    match s.end.kind {
        EndKind::TeamFinished { banker_side } => {
            d.set_item("end", "E1")?;
            d.set_item(
                "finishing_team",
                if banker_side { "banker" } else { "defense" },
            )?;
            d.set_item("last_player", py.None())?;
        }
        EndKind::LastPlayer { last } => {
            d.set_item("end", "E2")?;
            d.set_item("finishing_team", py.None())?;
            d.set_item("last_player", last)?;
        }
    }
    d.set_item("ender", s.end.ender)?;
    d.set_item("final_trick", PyCardBag(s.end.final_trick))?;
    d.set_item("defense", s.defense)?;
    d.set_item("banker_points", s.banker_points())?;
    d.set_item("band", s.band)?;
    d.set_item("banker_side_wins", s.banker_side_wins)?;
    d.set_item("steps", s.steps)?;
    Ok(d)
}

/// Five-Ten-King card play (one deal, from the first lead): trick points, the partner call and
/// the E1/E2 ends (FTK-3.16–6.6).
#[pyclass(module = "cardavia", name = "FtkTable", skip_from_py_object)]
#[derive(Clone)]
pub struct PyFtkTable(pub FtkTable);

#[pymethods]
impl PyFtkTable {
    /// ``hands``: five two-pack hands after the kitty exchange; the ``banker`` leads;
    /// ``kitty``: the 3 buried cards; ``calls``: one or two ``(card, ordinal)``.
    #[new]
    fn new(
        hands: Vec<Bound<'_, PyAny>>,
        banker: usize,
        kitty: &Bound<'_, PyAny>,
        calls: Vec<(Bound<'_, PyAny>, u8)>,
    ) -> PyResult<Self> {
        if hands.len() != FTK_PLAYERS {
            return Err(invalid_argument(format!(
                "Five-Ten-King has 5 hands, got {}",
                hands.len()
            )));
        }
        let mut h = [CardBag::EMPTY; FTK_PLAYERS];
        for (slot, obj) in h.iter_mut().zip(&hands) {
            *slot = cardbag_from_any(obj)?;
        }
        let calls = calls_from(&calls)?;
        FtkTable::new(h, banker, cardbag_from_any(kitty)?, &calls)
            .map(PyFtkTable)
            .map_err(to_py)
    }

    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.0.current_player()
    }
    #[getter]
    fn banker(&self) -> usize {
        self.0.banker()
    }
    fn hand(&self, player: usize) -> PyResult<PyCardBag> {
        check_seat(player)?;
        Ok(PyCardBag(self.0.hand(player)))
    }
    fn hands(&self) -> Vec<PyCardBag> {
        self.0.hands().iter().copied().map(PyCardBag).collect()
    }
    #[getter]
    fn kitty(&self) -> PyCardBag {
        PyCardBag(self.0.kitty())
    }
    /// (play, player) of the current trick's top play, or None on a lead.
    #[getter]
    fn top(&self) -> Option<(PyPlay, usize)> {
        self.0.top().map(|t: &TopPlay| (PyPlay(t.combo), t.player))
    }
    #[getter]
    fn trick_cards(&self) -> PyCardBag {
        PyCardBag(self.0.trick_cards())
    }
    #[getter]
    fn finish_order(&self) -> Vec<usize> {
        self.0.finish_order().to_vec()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    /// The calls as (card text, ordinal).
    #[getter]
    fn calls(&self) -> Vec<(String, u8)> {
        self.0
            .calls()
            .iter()
            .map(|c| (c.card.to_string(), c.ordinal))
            .collect()
    }
    /// Who answered each call so far (None = not yet).
    #[getter]
    fn answerers(&self) -> Vec<Option<usize>> {
        self.0.answerers().to_vec()
    }
    /// Actual plays of each called card counted so far.
    #[getter]
    fn called_plays(&self) -> Vec<u8> {
        self.0.called_plays().to_vec()
    }
    #[getter]
    fn teams_confirmed(&self) -> bool {
        self.0.teams_confirmed()
    }
    /// Points each seat captured in tricks ended by passes (FTK-5.6).
    #[getter]
    fn trick_points(&self) -> Vec<u32> {
        (0..FTK_PLAYERS).map(|p| self.0.trick_points(p)).collect()
    }
    fn captured(&self, player: usize) -> PyResult<PyCardBag> {
        check_seat(player)?;
        Ok(PyCardBag(self.0.captured(player)))
    }

    /// The current player's legal plays and whether passing is legal too.
    fn legal_plays(&self) -> (Vec<PyPlay>, bool) {
        let mut plays = Vec::new();
        let pass_ok = self.0.legal_plays_into(&mut plays);
        (plays.into_iter().map(PyPlay).collect(), pass_ok)
    }

    /// (rule id, message) if the current player may not pass now, else None.
    fn pass_violation(&self) -> Option<(&'static str, String)> {
        let Some(player) = self.0.current_player() else {
            return Some(("FTK-6.1", "the deal is over".to_string()));
        };
        self.0.can_pass(player).err().map(|v| (v.rule, v.message))
    }

    /// (rule id, message) if the current player may not make ``play`` now, else None.
    fn play_violation(&self, play: PyPlay) -> Option<(&'static str, String)> {
        let Some(player) = self.0.current_player() else {
            return Some(("FTK-6.1", "the deal is over".to_string()));
        };
        self.0
            .can_play(player, &play.0)
            .err()
            .map(|v| (v.rule, v.message))
    }

    /// ``(play, None)``: the reading of ``cards`` the current player may play now; or
    /// ``(None, (rule id, message))`` if there is none.
    #[allow(clippy::type_complexity)]
    fn interpret(
        &self,
        cards: &Bound<'_, PyAny>,
    ) -> PyResult<(Option<PyPlay>, Option<(&'static str, String)>)> {
        let cards = cardbag_from_any(cards)?;
        let Some(player) = self.0.current_player() else {
            return Ok((None, Some(("FTK-6.1", "the deal is over".to_string()))));
        };
        Ok(match self.0.interpret(player, cards) {
            Ok(c) => (Some(PyPlay(c)), None),
            Err(v) => (None, Some((v.rule, v.message))),
        })
    }

    fn pass_turn(&mut self) -> PyResult<()> {
        let player = self.current_or_err()?;
        self.0
            .pass(player)
            .map_err(|v| invalid_argument(v.to_string()))
    }

    fn play(&mut self, play: PyPlay) -> PyResult<()> {
        let player = self.current_or_err()?;
        self.0
            .play(player, &play.0)
            .map_err(|v| invalid_argument(v.to_string()))
    }

    /// Events from index ``start`` on: dicts with ``event`` = play / pass / trick / finished /
    /// answered / end.
    #[pyo3(signature = (start = 0))]
    fn history<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let events = self.0.history();
        events[start.min(events.len())..]
            .iter()
            .map(|e| {
                let d = PyDict::new(py);
                match e {
                    FtkEvent::Play { player, combo } => {
                        d.set_item("event", "play")?;
                        d.set_item("player", *player)?;
                        d.set_item("play", PyPlay(*combo))?;
                    }
                    FtkEvent::Pass { player } => {
                        d.set_item("event", "pass")?;
                        d.set_item("player", *player)?;
                    }
                    FtkEvent::TrickEnd { winner, points } => {
                        d.set_item("event", "trick")?;
                        d.set_item("winner", *winner)?;
                        d.set_item("points", *points)?;
                    }
                    FtkEvent::Finished { player, place } => {
                        d.set_item("event", "finished")?;
                        d.set_item("player", *player)?;
                        d.set_item("place", *place)?;
                    }
                    FtkEvent::Answered { call, player } => {
                        d.set_item("event", "answered")?;
                        d.set_item("call", *call)?;
                        d.set_item("player", *player)?;
                    }
                    FtkEvent::End(end) => {
                        d.set_item("event", "end")?;
                        d.set_item("player", end.ender)?;
                        d.set_item("points", core::points(end.final_trick))?;
                    }
                }
                Ok(d)
            })
            .collect()
    }

    /// The settlement breakdown once the deal is over (FTK-6.2–6.6), else None.
    fn settlement<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        match self.0.settlement() {
            Some(s) => Ok(Some(settlement_dict(py, &s)?)),
            None => Ok(None),
        }
    }

    /// ``n`` seeded playouts to the end (``policy`` "random" or "greedy") in Rust with the
    /// interpreter released; ``threads`` 0 = all cores; results independent of ``threads``.
    /// Returns numpy arrays: ``defense`` (n,), ``band``, ``steps``, ``banker_side`` (n, 5 bool),
    /// ``trick_points`` (n, 5), ``final_trick_points``, ``kitty_points``, ``hands_transferred``
    /// (n,), ``hands_to_banker_side`` (n,), ``end`` (n,: 1 = E1, 2 = E2), ``ender`` (n,),
    /// ``cards_captured``/``cards_left`` (n, 5), ``actions`` (n,); and ``captured``/``hands``:
    /// lists of the n × 5 CardBags when ``with_cards`` is true.
    #[pyo3(signature = (n, policy = "random", seed = 0, threads = 1, with_cards = false))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        policy: &str,
        seed: u64,
        threads: usize,
        with_cards: bool,
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
        if self.0.is_over() {
            return Err(invalid_argument("the deal is over"));
        }
        let table = self.0.clone();
        let threads = threads_or_all(threads);
        let outcomes = py.detach(|| ftk_playouts(&table, n, policy, seed, threads));
        let mut defense = Vec::with_capacity(n);
        let mut band = Vec::with_capacity(n);
        let mut steps = Vec::with_capacity(n);
        let mut side = Vec::with_capacity(n * 5);
        let mut tricks = Vec::with_capacity(n * 5);
        let mut fin = Vec::with_capacity(n);
        let mut kit = Vec::with_capacity(n);
        let mut handed = Vec::with_capacity(n);
        let mut to_banker = Vec::with_capacity(n);
        let mut end = Vec::with_capacity(n);
        let mut ender = Vec::with_capacity(n);
        let mut ncapt = Vec::with_capacity(n * 5);
        let mut nleft = Vec::with_capacity(n * 5);
        let mut actions = Vec::with_capacity(n);
        let mut captured = Vec::new();
        let mut hands = Vec::new();
        for o in &outcomes {
            let s = &o.settlement;
            defense.push(s.defense);
            band.push(s.band);
            steps.push(s.steps);
            fin.push(s.final_trick_points);
            kit.push(s.kitty_points);
            handed.push(s.hands_transferred);
            to_banker.push(s.hands_to_banker_side);
            end.push(match s.end.kind {
                EndKind::TeamFinished { .. } => 1u8,
                EndKind::LastPlayer { .. } => 2u8,
            });
            ender.push(s.end.ender as u8);
            for p in 0..FTK_PLAYERS {
                side.push(s.banker_side[p]);
                tricks.push(s.trick_points[p]);
                ncapt.push(o.captured[p].len() as u8);
                nleft.push(o.hands[p].len() as u8);
                if with_cards {
                    captured.push(PyCardBag(o.captured[p]));
                    hands.push(PyCardBag(o.hands[p]));
                }
            }
            actions.push(o.actions);
        }
        let shape = [n, FTK_PLAYERS];
        let d = PyDict::new(py);
        d.set_item("defense", PyArray1::from_vec(py, defense))?;
        d.set_item("band", PyArray1::from_vec(py, band))?;
        d.set_item("steps", PyArray1::from_vec(py, steps))?;
        d.set_item("banker_side", PyArray1::from_vec(py, side).reshape(shape)?)?;
        d.set_item(
            "trick_points",
            PyArray1::from_vec(py, tricks).reshape(shape)?,
        )?;
        d.set_item("final_trick_points", PyArray1::from_vec(py, fin))?;
        d.set_item("kitty_points", PyArray1::from_vec(py, kit))?;
        d.set_item("hands_transferred", PyArray1::from_vec(py, handed))?;
        d.set_item("hands_to_banker_side", PyArray1::from_vec(py, to_banker))?;
        d.set_item("end", PyArray1::from_vec(py, end))?;
        d.set_item("ender", PyArray1::from_vec(py, ender))?;
        d.set_item(
            "cards_captured",
            PyArray1::from_vec(py, ncapt).reshape(shape)?,
        )?;
        d.set_item("cards_left", PyArray1::from_vec(py, nleft).reshape(shape)?)?;
        d.set_item("actions", PyArray1::from_vec(py, actions))?;
        if with_cards {
            d.set_item("captured", captured)?;
            d.set_item("hands", hands)?;
        }
        Ok(d)
    }

    fn clone(&self) -> Self {
        PyFtkTable(self.0.clone())
    }
    fn __copy__(&self) -> Self {
        PyFtkTable(self.0.clone())
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        PyFtkTable(self.0.clone())
    }
}

fn check_seat(player: usize) -> PyResult<()> {
    if player < FTK_PLAYERS {
        Ok(())
    } else {
        Err(invalid_argument(format!(
            "seat {player} does not exist (0..5)"
        )))
    }
}

impl PyFtkTable {
    fn current_or_err(&self) -> PyResult<usize> {
        self.0
            .current_player()
            .ok_or_else(|| invalid_argument("the deal is over"))
    }
}
