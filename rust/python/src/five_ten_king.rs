//! Bindings of Five-Ten-King's two-pack combination engine and card-play table
//! (`cardavia_core::climbing::FtkTable`).

use crate::cards::{cardbag_from_any, cards_from_any, cardset_from_any, PyCardBag};
use crate::climbing::{threads_or_all, PyPlay};
use crate::convert::Text;
use crate::convert::{Int, IntList, Usize};
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

fn calls_from(calls: &[(Bound<'_, PyAny>, Int<u8>)]) -> PyResult<Vec<Call>> {
    calls
        .iter()
        .map(|(card, ordinal)| {
            Ok(Call {
                card: one_card(card)?,
                ordinal: ordinal.0,
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
    ordinal: Int<u8>,
    buried: &Bound<'_, PyAny>,
) -> PyResult<Option<(&'static str, String)>> {
    let ordinal = ordinal.0;
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
pub fn ftk_band(defense: Int<u32>) -> PyResult<(u8, bool, u8)> {
    let defense = defense.0;
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
        banker: Int<Usize>,
        kitty: &Bound<'_, PyAny>,
        calls: Vec<(Bound<'_, PyAny>, Int<u8>)>,
    ) -> PyResult<Self> {
        let banker = banker.0 .0;
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
    fn hand(&self, player: Int<Usize>) -> PyResult<PyCardBag> {
        let player = player.0 .0;
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
    fn captured(&self, player: Int<Usize>) -> PyResult<PyCardBag> {
        let player = player.0 .0;
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
    #[pyo3(signature = (n, policy = Text::from("random"), seed = Int(0), threads = Int(Usize(1)), with_cards = false))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: Int<u64>,
        policy: Text,
        seed: Int<u64>,
        threads: Int<Usize>,
        with_cards: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let n = n.0;
        let seed = seed.0;
        let threads = threads.0 .0;
        let policy = match &*policy {
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
        let n = check_count(n, MAX_TABLE_PLAYOUTS)?;
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

// ---------------------------------------------------------------------------------------------
// The whole deal (cardavia_core::climbing::ftk_table::game)

use cardavia_core::climbing::ftk_table::game::{
    call_text, FtkAction, FtkGame, FtkGameEvent, FtkPhase, FtkSetup,
};
use cardavia_core::climbing::ftk_table::{ids, policy, resample as ftk_resample};
use cardavia_core::rng::Rng;
use numpy::PyArray2;
use pyo3::types::PyList;

use crate::cards::PyCard;

/// The most playouts one call may ask for (each keeps a full outcome with cards).
const MAX_TABLE_PLAYOUTS: usize = 1 << 20;
/// The longest batch of playouts accepted at once (rows of 5 floats).
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

/// Checks a playout count: at least 1 and small enough to allocate its results.
pub(crate) fn check_count(n: u64, max: usize) -> PyResult<usize> {
    if n == 0 {
        return Err(invalid_argument("n must be at least 1"));
    }
    if n > max as u64 {
        return Err(invalid_argument(format!(
            "n = {n} playouts cannot be allocated at once (at most {max}); run them in batches"
        )));
    }
    Ok(n as usize)
}

/// One 5-10-K deal, every phase (FTK-3 to FTK-6): the Rust state behind
/// ``cardavia.games.five_ten_king``. Actions are ``(kind, card, ordinal, play)`` with kind
/// ``"pass"``, ``"reveal"``, ``"bury"``, ``"call"`` or ``"play"``.
#[pyclass(module = "cardavia", name = "FtkGame", skip_from_py_object)]
#[derive(Clone)]
pub struct PyFtkGame {
    game: FtkGame,
    cache: Option<(Vec<FtkAction>, Vec<u32>)>,
}

fn action_from_parts(
    kind: &str,
    card: Option<PyCard>,
    ordinal: Option<u8>,
    play: Option<PyPlay>,
) -> PyResult<FtkAction> {
    let card_of = || {
        card.map(|c| c.0)
            .ok_or_else(|| invalid_argument(format!("a {kind} action needs a card")))
    };
    Ok(match kind {
        "pass" => FtkAction::Pass,
        "reveal" => FtkAction::Reveal(card_of()?),
        "bury" => FtkAction::Bury(card_of()?),
        "call" => FtkAction::Call(Call {
            card: card_of()?,
            ordinal: ordinal.unwrap_or(0),
        }),
        "play" => {
            let p = play.ok_or_else(|| invalid_argument("a play action needs its play"))?;
            ftk_play(&p)?;
            FtkAction::Play(p.0)
        }
        other => {
            return Err(invalid_argument(format!(
                "{other:?} is not a 5-10-K action"
            )))
        }
    })
}

fn action_object<'py>(py: Python<'py>, a: &FtkAction) -> PyResult<Bound<'py, PyAny>> {
    Ok(match a {
        FtkAction::Pass => py.None().into_bound(py),
        FtkAction::Reveal(c) => ("reveal", PyCard(*c)).into_pyobject(py)?.into_any(),
        FtkAction::Bury(c) => ("bury", PyCard(*c)).into_pyobject(py)?.into_any(),
        FtkAction::Call(call) => ("call", PyCard(call.card), call.ordinal)
            .into_pyobject(py)?
            .into_any(),
        FtkAction::Play(p) => PyPlay(*p).into_pyobject(py)?.into_any(),
    })
}

fn event_dict<'py>(
    py: Python<'py>,
    setup: &FtkSetup,
    e: &FtkGameEvent,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match e {
        FtkGameEvent::Deal { round } => {
            d.set_item("event", "deal")?;
            d.set_item("number", setup.number)?;
            d.set_item("round", *round)?;
            d.set_item("first", setup.first)?;
        }
        FtkGameEvent::Redeal { round } => {
            d.set_item("event", "redeal")?;
            d.set_item("number", setup.number)?;
            d.set_item("round", *round)?;
        }
        FtkGameEvent::Reveal {
            player,
            card,
            dealt,
        } => {
            d.set_item("event", "reveal")?;
            d.set_item("player", *player)?;
            d.set_item("card", card.to_string())?;
            d.set_item("dealt", *dealt)?;
        }
        FtkGameEvent::Banker { player, by_reveal } => {
            d.set_item("event", "banker")?;
            d.set_item("player", *player)?;
            d.set_item("by", if *by_reveal { "reveal" } else { "scan" })?;
        }
        FtkGameEvent::Kitty { player } => {
            d.set_item("event", "kitty")?;
            d.set_item("player", *player)?;
        }
        FtkGameEvent::Buried { player } => {
            d.set_item("event", "buried")?;
            d.set_item("player", *player)?;
        }
        FtkGameEvent::Call { player, call } => {
            d.set_item("event", "call")?;
            d.set_item("player", *player)?;
            d.set_item("call", call_text(call))?;
        }
        FtkGameEvent::Table(t) => match t {
            FtkEvent::Play { player, combo } => {
                d.set_item("event", "play")?;
                d.set_item("player", *player)?;
                d.set_item("cards", combo.to_string())?;
                d.set_item("type", combo.kind().id())?;
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
                d.set_item("player", *player)?;
                d.set_item("call", *call)?;
            }
            FtkEvent::End(end) => {
                d.set_item("event", "end")?;
                d.set_item("player", end.ender)?;
                d.set_item("points", core::points(end.final_trick))?;
            }
        },
    }
    Ok(d)
}

fn record_dict<'py>(py: Python<'py>, a: &FtkAction) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match a {
        FtkAction::Pass => d.set_item("kind", "pass")?,
        FtkAction::Reveal(c) => {
            d.set_item("kind", "reveal")?;
            d.set_item("cards", c.to_string())?;
        }
        FtkAction::Bury(c) => {
            d.set_item("kind", "bury")?;
            d.set_item("cards", c.to_string())?;
        }
        FtkAction::Call(call) => {
            d.set_item("kind", "call")?;
            d.set_item("cards", call.card.to_string())?;
            d.set_item("amount", call.ordinal)?;
        }
        FtkAction::Play(p) => {
            d.set_item("kind", "play")?;
            d.set_item("cards", p.bag().to_string())?;
        }
    }
    Ok(d)
}

impl PyFtkGame {
    fn legal_cached(&mut self) -> &(Vec<FtkAction>, Vec<u32>) {
        if self.cache.is_none() {
            let mut actions = Vec::new();
            let mut ids = Vec::new();
            self.game.legal_with_ids(&mut actions, &mut ids);
            self.cache = Some((actions, ids));
        }
        self.cache.as_ref().expect("just filled")
    }

    fn do_apply(&mut self, a: FtkAction) {
        self.cache = None;
        self.game.apply_unchecked(a);
    }

    fn phase_rule(&self) -> &'static str {
        match self.game.phase() {
            FtkPhase::Deal => "FTK-3.7",
            FtkPhase::Bury => "FTK-3.13",
            FtkPhase::Call => "FTK-3.14",
            FtkPhase::Play => "FTK-5.3",
            FtkPhase::Over => "FTK-6.1",
        }
    }
}

#[pymethods]
impl PyFtkGame {
    /// A deal at its first decision. ``previous_winners``/``previous_banker`` are None in deal
    /// 1; ``deck`` (108 cards in dealing order) or None to shuffle round ``round`` from the seed.
    #[new]
    #[pyo3(signature = (seed, number, levels, previous_winners, previous_banker, first, partner_calls, round, deck = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        seed: Int<u64>,
        number: Int<u32>,
        levels: IntList<u8>,
        previous_winners: Option<IntList<Usize>>,
        previous_banker: Option<Int<Usize>>,
        first: Int<Usize>,
        partner_calls: Int<Usize>,
        round: Int<u32>,
        deck: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let seed = seed.0;
        let number = number.0;
        let previous_banker = previous_banker.map(|v| v.0 .0);
        let first = first.0 .0;
        let partner_calls = partner_calls.0 .0;
        let round = round.0;
        let levels: [u8; FTK_PLAYERS] = levels
            .0
            .try_into()
            .map_err(|_| invalid_argument("levels must list 5 level indices"))?;
        let previous_winners = match previous_winners {
            None => None,
            Some(w) => {
                let mut mask = 0u8;
                for Usize(s) in w.0 {
                    if s >= FTK_PLAYERS {
                        return Err(invalid_argument(format!("seat {s} does not exist (0..5)")));
                    }
                    mask |= 1 << s;
                }
                Some(mask)
            }
        };
        let deck = match deck {
            Some(d) => Some(cards_from_any(d)?),
            None => None,
        };
        let setup = FtkSetup {
            seed,
            number,
            levels,
            previous_winners,
            previous_banker,
            first,
            partner_calls,
        };
        let game = FtkGame::new(setup, round, deck.as_deref()).map_err(to_py)?;
        Ok(PyFtkGame { game, cache: None })
    }

    #[getter]
    fn phase(&self) -> &'static str {
        self.game.phase().name()
    }
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.game.current_player()
    }
    #[getter]
    fn banker(&self) -> Option<usize> {
        self.game.banker()
    }
    #[getter]
    fn dealt(&self) -> usize {
        self.game.dealt()
    }
    #[getter]
    fn round(&self) -> u32 {
        self.game.round()
    }
    #[getter]
    fn seed(&self) -> u64 {
        self.game.setup().seed
    }
    #[getter]
    fn first(&self) -> usize {
        self.game.setup().first
    }
    /// The pending reveal opportunity: (seat, "receipt" | "closing"), or None.
    #[getter]
    fn prompt(&self) -> Option<(usize, &'static str)> {
        self.game.prompt().map(|(s, k)| (s, k.name()))
    }
    /// (seat, card text, cards dealt, "receipt" | "closing") of the reveal, or None.
    #[getter]
    fn revealed(&self) -> Option<(usize, String, usize, &'static str)> {
        self.game
            .revealed()
            .map(|r| (r.seat, r.card.to_string(), r.dealt, r.kind.name()))
    }
    /// The buried cards so far, in burial order.
    #[getter]
    fn buried(&self) -> Vec<PyCard> {
        self.game.buried().iter().map(|&c| PyCard(c)).collect()
    }
    /// The calls so far as (card, ordinal).
    #[getter]
    fn calls(&self) -> Vec<(PyCard, u8)> {
        self.game
            .calls()
            .iter()
            .map(|c| (PyCard(c.card), c.ordinal))
            .collect()
    }
    #[getter]
    fn kitty_taken(&self) -> bool {
        self.game.kitty_taken()
    }
    /// The 3 kitty cards of the deck.
    #[getter]
    fn kitty(&self) -> PyCardBag {
        PyCardBag(self.game.kitty())
    }
    /// The deck of the current round in dealing order, as card text.
    fn deck_text(&self) -> String {
        cardavia_core::cards::format_cards(self.game.deck().iter().copied())
    }
    /// The deck the game was created with (the record's), as card text.
    fn spec_deck_text(&self) -> String {
        cardavia_core::cards::format_cards(self.game.spec_deck().iter().copied())
    }
    /// The round the game was created at.
    #[getter]
    fn spec_round(&self) -> u32 {
        self.game.spec_round()
    }
    /// Seats dealt to so far in the closing round (FTK-3.7b).
    #[getter]
    fn closing_next(&self) -> usize {
        self.game.closing_next()
    }
    /// The cards ``seat`` received in this round, in dealing order.
    fn received_cards(&self, seat: Int<Usize>) -> PyResult<Vec<PyCard>> {
        let seat = seat.0 .0;
        check_seat(seat)?;
        let g = &self.game;
        Ok((0..g.dealt())
            .filter(|&p| g.seat_of(p) == seat)
            .map(|p| PyCard(g.deck()[p]))
            .collect())
    }
    /// Every seat's current cards.
    fn hands(&self) -> Vec<PyCardBag> {
        self.game.hands().iter().copied().map(PyCardBag).collect()
    }
    /// The banker's cards after the kitty, less what he buried.
    fn banker_hand(&self) -> PyCardBag {
        PyCardBag(self.game.banker_hand())
    }
    /// The card-play table (a copy), or None before card play.
    fn table(&self) -> Option<PyFtkTable> {
        self.game.table().cloned().map(PyFtkTable)
    }
    /// The settlement once the deal is over (see ``FtkTable.settlement``), else None.
    fn settlement<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        match self.game.table().and_then(|t| t.settlement()) {
            Some(s) => Ok(Some(settlement_dict(py, &s)?)),
            None => Ok(None),
        }
    }
    /// Each seat's level change once the deal is over (zeros before).
    fn returns(&self) -> Vec<f64> {
        self.game.returns().to_vec()
    }

    /// What ``viewer`` sees of the deal's state (the parts of ``observation`` that come from
    /// the table and the deal; FTK-3.10: while the cards are being dealt, the deal up to the
    /// viewer's checkpoint).
    fn observation_parts<'py>(
        &self,
        py: Python<'py>,
        viewer: Int<Usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let viewer = viewer.0 .0;
        check_seat(viewer)?;
        let g = &self.game;
        let phase = g.phase();
        let d = PyDict::new(py);
        let shown = g.dealt_seen_by(viewer);
        d.set_item("cards_dealt", shown)?;
        if phase == FtkPhase::Deal {
            d.set_item("hand", g.received_until(viewer, shown).to_string())?;
            let sizes: Vec<usize> = (0..FTK_PLAYERS)
                .map(|s| (0..shown).filter(|&p| g.seat_of(p) == s).count())
                .collect();
            d.set_item("hand_sizes", sizes)?;
        } else {
            let hands = g.hands();
            d.set_item("hand", hands[viewer].to_string())?;
            d.set_item(
                "hand_sizes",
                hands.iter().map(|h| h.len()).collect::<Vec<_>>(),
            )?;
        }
        let prompt = g.prompt().filter(|p| p.0 == viewer);
        d.set_item("your_prompt", prompt.map(|p| p.1.name()))?;
        d.set_item(
            "to_act",
            if phase != FtkPhase::Deal || prompt.is_some() {
                g.current_player()
            } else {
                None
            },
        )?;
        let is_banker = g.banker() == Some(viewer);
        let over = phase == FtkPhase::Over;
        match g.revealed() {
            Some(r) => {
                let l = PyList::empty(py);
                l.append(r.seat)?;
                l.append(r.card.to_string())?;
                l.append(r.dealt)?;
                l.append(r.kind.name())?;
                d.set_item("revealed", l)?;
            }
            None => d.set_item("revealed", py.None())?,
        }
        d.set_item("banker", g.banker())?;
        d.set_item(
            "kitty",
            (is_banker && g.kitty_taken()).then(|| g.kitty().to_string()),
        )?;
        if is_banker || over {
            d.set_item("buried", g.buried_bag().to_string())?;
        } else {
            d.set_item("buried", g.buried().len())?;
        }
        d.set_item("calls", g.calls().iter().map(call_text).collect::<Vec<_>>())?;
        match g.table() {
            Some(t) => {
                d.set_item("answerers", t.answerers().to_vec())?;
                match t.top() {
                    Some(top) => {
                        let td = PyDict::new(py);
                        td.set_item("player", top.player)?;
                        td.set_item("cards", top.combo.to_string())?;
                        d.set_item("top", td)?;
                    }
                    None => d.set_item("top", py.None())?,
                }
                d.set_item(
                    "trick_points",
                    (0..FTK_PLAYERS)
                        .map(|p| t.trick_points(p))
                        .collect::<Vec<_>>(),
                )?;
            }
            None => {
                d.set_item("answerers", py.None())?;
                d.set_item("top", py.None())?;
                d.set_item("trick_points", py.None())?;
            }
        }
        if over {
            d.set_item(
                "final_hands",
                g.hands().iter().map(|h| h.to_string()).collect::<Vec<_>>(),
            )?;
        } else {
            d.set_item("final_hands", py.None())?;
        }
        Ok(d)
    }

    /// The legal actions in listing order: None for pass, ``("reveal", card)``,
    /// ``("bury", card)``, ``("call", card, ordinal)``, or a ``Play``.
    fn legal<'py>(&mut self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let (actions, _) = self.legal_cached();
        actions.iter().map(|a| action_object(py, a)).collect()
    }
    /// The ids of the legal actions, in listing order.
    fn legal_ids(&mut self) -> Vec<u32> {
        self.legal_cached().1.clone()
    }
    /// The id of an action (None if it has none).
    #[pyo3(signature = (kind, card = None, ordinal = None, play = None))]
    fn action_id(
        &self,
        kind: Text,
        card: Option<PyCard>,
        ordinal: Option<Int<u8>>,
        play: Option<PyPlay>,
    ) -> PyResult<Option<u32>> {
        let ordinal = ordinal.map(|v| v.0);
        let a = action_from_parts(&kind, card, ordinal, play)?;
        Ok(self.game.action_id(&a))
    }
    /// (rule id, message) if the action is illegal now, else None.
    #[pyo3(signature = (kind, card = None, ordinal = None, play = None))]
    fn violation(
        &self,
        kind: Text,
        card: Option<PyCard>,
        ordinal: Option<Int<u8>>,
        play: Option<PyPlay>,
    ) -> PyResult<Option<(&'static str, String)>> {
        let ordinal = ordinal.map(|v| v.0);
        let a = action_from_parts(&kind, card, ordinal, play)?;
        Ok(self.game.violation(&a).map(|v| (v.rule, v.message)))
    }
    /// Applies an action (checked first unless ``check`` is false); returns (rule, message)
    /// instead if it is illegal, and then nothing changes.
    #[pyo3(signature = (kind, card = None, ordinal = None, play = None, check = true))]
    fn apply(
        &mut self,
        kind: Text,
        card: Option<PyCard>,
        ordinal: Option<Int<u8>>,
        play: Option<PyPlay>,
        check: bool,
    ) -> PyResult<Option<(&'static str, String)>> {
        let ordinal = ordinal.map(|v| v.0);
        let a = action_from_parts(&kind, card, ordinal, play)?;
        if self.game.is_over() {
            return Ok(Some(("FTK-6.1", "the deal is over".into())));
        }
        if check {
            if let Some(v) = self.game.violation(&a) {
                return Ok(Some((v.rule, v.message)));
            }
        }
        self.do_apply(a);
        Ok(None)
    }
    /// Applies the legal action with this id; returns (rule, message) if no legal action has
    /// it (nothing changes then).
    fn apply_id(&mut self, id: Int<u32>) -> Option<(&'static str, String)> {
        let id = id.0;
        if self.game.is_over() {
            return Some(("FTK-6.1", "the deal is over".into()));
        }
        let (actions, ids) = self.legal_cached();
        match ids.iter().position(|&i| i == id) {
            Some(k) => {
                let a = actions[k];
                self.do_apply(a);
                None
            }
            None => Some((
                self.phase_rule(),
                format!("action id {id} is not a legal action id now"),
            )),
        }
    }
    /// The legal action with this id (as ``legal()`` lists it), or None.
    fn action_for_id<'py>(
        &mut self,
        py: Python<'py>,
        id: Int<u32>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let id = id.0;
        let (actions, ids) = self.legal_cached();
        match ids.iter().position(|&i| i == id) {
            Some(k) => {
                let a = actions[k];
                Ok(Some(action_object(py, &a)?))
            }
            None => Ok(None),
        }
    }
    /// ``(play, None)``: the reading of ``cards`` the current player may play now; or
    /// ``(None, (rule id, message))``.
    #[allow(clippy::type_complexity)]
    fn interpret(
        &self,
        cards: &Bound<'_, PyAny>,
    ) -> PyResult<(Option<PyPlay>, Option<(&'static str, String)>)> {
        let cards = cardbag_from_any(cards)?;
        let Some(t) = self.game.table() else {
            return Ok((
                None,
                Some((self.phase_rule(), "no card play yet".to_string())),
            ));
        };
        let Some(player) = t.current_player() else {
            return Ok((None, Some(("FTK-6.1", "the deal is over".to_string()))));
        };
        Ok(match t.interpret(player, cards) {
            Ok(c) => (Some(PyPlay(c)), None),
            Err(v) => (None, Some((v.rule, v.message))),
        })
    }
    /// The history events since the last call, as dicts (and forgets them).
    fn take_events<'py>(&mut self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let setup = *self.game.setup();
        self.game
            .take_events()
            .iter()
            .map(|e| event_dict(py, &setup, e))
            .collect()
    }
    /// Every action since the deal spec, as record entries (``Action.to_json`` form).
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.game
            .log()
            .iter()
            .map(|(_, a)| record_dict(py, a))
            .collect()
    }
    /// Number of actions since the deal spec.
    fn num_actions_taken(&self) -> usize {
        self.game.log().len()
    }

    /// ``n`` seeded playouts to the end of the deal from here (any phase), in Rust with the
    /// interpreter released: a float64 array (n, 5) of each seat's level change (the unit of
    /// ``returns()``). ``policy`` "random" or "greedy"; ``threads`` 0 = all cores; the result
    /// does not depend on ``threads``.
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
        if self.game.is_over() {
            return Err(invalid_argument("the deal is over"));
        }
        let game = self.game.clone();
        let threads = threads_or_all(threads);
        let rows = py.detach(|| policy::game_playouts(&game, n, policy, seed, threads));
        let flat: Vec<f64> = rows.into_iter().flatten().collect();
        PyArray1::from_vec(py, flat).reshape([n, FTK_PLAYERS])
    }

    /// The greedy policy's choice here (as ``legal()`` lists it).
    fn greedy_action<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if self.game.is_over() {
            return Err(invalid_argument("the deal is over"));
        }
        let game = self.game.clone();
        let (actions, _) = self.legal_cached();
        action_object(py, &policy::greedy(&game, actions))
    }

    /// A deal consistent with what ``viewer`` has seen, at the same decision point, every card
    /// hidden from him dealt again exactly uniformly (see ``cardavia_core``'s
    /// ``ftk_table::resample``); its seed is drawn from ``seed``.
    fn resample(&self, py: Python<'_>, viewer: Int<Usize>, seed: Int<u64>) -> PyResult<PyFtkGame> {
        let viewer = viewer.0 .0;
        let seed = seed.0;
        check_seat(viewer)?;
        let game = &self.game;
        let out = py
            .detach(|| ftk_resample::resample(game, viewer, &mut Rng::new(seed)))
            .map_err(to_py)?;
        Ok(PyFtkGame {
            game: out,
            cache: None,
        })
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }
}

/// Size of the 5-10-K action space with ``partner_calls`` calls.
#[pyfunction]
pub fn ftk_num_actions(partner_calls: Int<Usize>) -> PyResult<u32> {
    let partner_calls = partner_calls.0 .0;
    if !(1..=2).contains(&partner_calls) {
        return Err(invalid_argument("partner_calls is 1 or 2"));
    }
    Ok(ids::num_actions(partner_calls))
}

/// What an action id of the 5-10-K space stands for, or None outside the space.
#[pyfunction]
pub fn ftk_describe_action(id: Int<u64>, partner_calls: Int<Usize>) -> Option<String> {
    let id = id.0;
    let partner_calls = partner_calls.0 .0;
    u32::try_from(id)
        .ok()
        .and_then(|i| ids::describe(i, partner_calls))
}
