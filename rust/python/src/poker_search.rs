//! Bindings of `cardavia_core::search::{cfr, holdem}`: One Poker's CFR+ equilibrium queries and
//! the Hold'em search's ranges, strengths and candidate values. Only conversions here.

use crate::betting::PyHoldemHand;
use crate::cards::cards_from_any;
use crate::convert::{Int, Text, Usize};
use crate::errors::{invalid_argument, to_py};
use cardavia_core::betting::playout::Policy;
use cardavia_core::betting::Bet;
use cardavia_core::rng::Rng;
use cardavia_core::search::cfr::{self, AbstractAction, Solution, Spec};
use cardavia_core::search::holdem::{self as hs, OpponentModel, COMBOS};
use numpy::{PyArray1, PyArray2, PyReadonlyArray2};
use pyo3::prelude::*;
use std::sync::Arc;

// ---------------------------------------------------------------------------------------------
// One Poker.

fn spec(depth: f64, ups: (Int<u8>, Int<u8>)) -> PyResult<Spec> {
    let ups = (ups.0 .0, ups.1 .0);
    if !depth.is_finite() || depth < 0.0 {
        return Err(invalid_argument(format!(
            "depth must be a finite number of antes ≥ 0, got {depth}"
        )));
    }
    let mut bucket = cfr::depth_bucket(depth);
    if bucket == 0 && depth > 0.0 {
        bucket = 1; // any chip behind means a betting round is played
    }
    Spec::new(bucket, [ups.0, ups.1]).map_err(to_py)
}

fn solution(py: Python<'_>, spec: Spec, iterations: u32) -> PyResult<Arc<Solution>> {
    if iterations == 0 {
        return Err(invalid_argument("iterations must be ≥ 1"));
    }
    Ok(py.detach(|| cfr::solved(spec, iterations)))
}

fn rank_arg(rank: u8, what: &str) -> PyResult<u8> {
    if rank as usize >= cfr::RANKS {
        return Err(invalid_argument(format!(
            "{what} is a rank index 0 (2) .. 12 (A), got {rank}"
        )));
    }
    Ok(rank)
}

/// The abstract depth (antes) a real effective depth of ``depth`` antes is solved at.
#[pyfunction]
pub fn one_poker_cfr_depth(depth: f64, ups: (Int<u8>, Int<u8>)) -> PyResult<u32> {
    Ok(spec(depth, ups)?.depth)
}

/// The lock of player ``role`` (0 first, 1 second) holding ranks ``a`` and ``b`` (0 = 2 .. 12 =
/// A) in the abstract deal of effective depth ``depth`` antes and UP counts ``ups`` (first,
/// second): ``((p_a, p_b), (v_a, v_b))``, the equilibrium chances of locking each card and the
/// expected result in antes of locking it (both then play the equilibrium).
#[pyfunction]
pub fn one_poker_cfr_lock(
    py: Python<'_>,
    depth: f64,
    ups: (Int<u8>, Int<u8>),
    role: Int<Usize>,
    a: Int<u8>,
    b: Int<u8>,
    iterations: Int<u32>,
) -> PyResult<((f64, f64), (f64, f64))> {
    let role = role.0 .0;
    let a = a.0;
    let b = b.0;
    let iterations = iterations.0;
    let s = solution(py, spec(depth, ups)?, iterations)?;
    if role > 1 {
        return Err(invalid_argument(format!("role is 0 or 1, got {role}")));
    }
    let (a, b) = (rank_arg(a, "a")?, rank_arg(b, "b")?);
    let k = s.hand_index(role, a, b).ok_or_else(|| {
        invalid_argument(format!(
            "ranks {a} and {b} do not fit the UP count {} of role {role}",
            s.spec.up[role]
        ))
    })?;
    let p = s.lock_strategy(role, k, true);
    let (lo, hi) = (a.min(b), a.max(b));
    let v = s.lock_values(role, lo, hi);
    // Report in the order asked.
    Ok(if a <= b {
        ((p[0], p[1]), (v[0], v[1]))
    } else {
        ((p[1], p[0]), (v[1], v[0]))
    })
}

fn abstract_of(kind: &str, to: f64) -> PyResult<AbstractAction> {
    Ok(match kind {
        "fold" => AbstractAction::Fold,
        "check" => AbstractAction::Check,
        "call" => AbstractAction::Call,
        "bet" | "raise" => AbstractAction::RaiseTo(to.max(0.0).round() as u32),
        _ => {
            return Err(invalid_argument(format!(
                "unknown betting action {kind:?}; expected fold, check, call, bet or raise"
            )))
        }
    })
}

/// The betting decision of player ``role`` whose locked rank is ``rank``, after the betting
/// ``history`` (``(kind, raise-to in antes)`` per action, in order; amounts of fold, check and
/// call are ignored), each real raise mapped to the nearest abstract size. Returns per abstract
/// action ``(kind, raise-to in antes or 0, equilibrium probability, expected result in antes)``.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn one_poker_cfr_bet(
    py: Python<'_>,
    depth: f64,
    ups: (Int<u8>, Int<u8>),
    role: Int<Usize>,
    rank: Int<u8>,
    history: Vec<(String, f64)>,
    scale: f64,
    iterations: Int<u32>,
) -> PyResult<Vec<(String, u32, f64, f64)>> {
    let role = role.0 .0;
    let rank = rank.0;
    let iterations = iterations.0;
    let s = solution(py, spec(depth, ups)?, iterations)?;
    let rank = rank_arg(rank, "rank")?;
    if role > 1 {
        return Err(invalid_argument(format!("role is 0 or 1, got {role}")));
    }
    if !scale.is_finite() || scale <= 0.0 {
        return Err(invalid_argument(format!(
            "scale must be positive, got {scale}"
        )));
    }
    let mut n = 0;
    let mut path = Vec::with_capacity(history.len());
    for (i, (kind, to)) in history.iter().enumerate() {
        if s.nodes[n].player().is_none() {
            return Err(invalid_argument(format!(
                "action {i} of the history comes after the abstract round ended"
            )));
        }
        let a = abstract_of(kind, to * scale)?;
        let k = s.translate(n, a, to * scale).ok_or_else(|| {
            invalid_argument(format!("action {i} ({kind}) has no abstract counterpart"))
        })?;
        path.push(k);
        n = s.nodes[n].actions[k].1;
    }
    if s.nodes[n].player() != Some(role) {
        return Err(invalid_argument(
            "the history does not lead to a betting decision of this role",
        ));
    }
    let values = py
        .detach(|| s.action_values(role, &path, rank as usize))
        .map_err(to_py)?;
    let probs = s.average_strategy(n, rank as usize);
    Ok(s.nodes[n]
        .actions
        .iter()
        .zip(probs.into_iter().zip(values))
        .map(|(&(a, _), (p, v))| {
            let (kind, to) = match a {
                AbstractAction::Fold => ("fold", 0),
                AbstractAction::Check => ("check", 0),
                AbstractAction::Call => ("call", 0),
                AbstractAction::RaiseTo(t) => ("raise", t),
            };
            (kind.to_string(), to, p, v)
        })
        .collect())
}

/// ``(exploitability, value, best response of the first, of the second)`` in antes per deal
/// of the abstract deal (depth bucket of ``depth``, UP counts ``ups``) solved with
/// ``iterations`` CFR+ iterations.
#[pyfunction]
pub fn one_poker_cfr_exploitability(
    py: Python<'_>,
    depth: f64,
    ups: (Int<u8>, Int<u8>),
    iterations: Int<u32>,
) -> PyResult<(f64, f64, f64, f64)> {
    let iterations = iterations.0;
    let s = solution(py, spec(depth, ups)?, iterations)?;
    Ok(py.detach(|| {
        (
            s.exploitability(),
            s.value(),
            s.best_response(0),
            s.best_response(1),
        )
    }))
}

// ---------------------------------------------------------------------------------------------
// Hold'em.

/// The combo number (0..1325) of two card indices.
#[pyfunction]
pub fn holdem_combo_index(a: Int<u8>, b: Int<u8>) -> PyResult<usize> {
    let a = a.0;
    let b = b.0;
    if a >= 52 || b >= 52 || a == b {
        return Err(invalid_argument(format!(
            "two distinct card indices 0..51, got {a} and {b}"
        )));
    }
    Ok(hs::combo_index(a, b))
}

fn weights_arg(w: Option<Vec<f64>>) -> PyResult<Box<[f64; COMBOS]>> {
    match w {
        None => Ok(Box::new(hs::uniform_range(0))),
        Some(v) => {
            if v.len() != COMBOS {
                return Err(invalid_argument(format!(
                    "a range has {COMBOS} weights, got {}",
                    v.len()
                )));
            }
            if v.iter().any(|x| !x.is_finite() || *x < 0.0) {
                return Err(invalid_argument("range weights must be finite and ≥ 0"));
            }
            let mut out = Box::new([0.0; COMBOS]);
            out.copy_from_slice(&v);
            Ok(out)
        }
    }
}

/// Every combo's equity against one opponent whose combos have weights ``weights`` (None:
/// uniform) on ``board`` (0, 3, 4 or 5 cards); ``runouts`` bounds the flop (or preflop)
/// completions sampled from ``seed``. Combos using a board card get 0.
#[pyfunction]
#[pyo3(signature = (board, weights, runouts, seed))]
pub fn holdem_hand_strengths<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    weights: Option<Vec<f64>>,
    runouts: Int<Usize>,
    seed: Int<u64>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let runouts = runouts.0 .0;
    let seed = seed.0;
    let board = cards_from_any(board)?;
    let w = weights_arg(weights)?;
    let out = py
        .detach(|| hs::hand_strengths(&board, &w, runouts, &mut Rng::new(seed)))
        .map_err(to_py)?;
    Ok(PyArray1::from_slice(py, &out[..]))
}

/// Every seat's range (a ``seats × 1326`` array of weights, each row summing to 1) as
/// ``player`` may infer it from ``hand``'s public record and his own cards, and the posterior
/// chance per seat that the seat acts at random.
#[pyfunction]
pub fn holdem_narrow_ranges<'py>(
    py: Python<'py>,
    hand: &PyHoldemHand,
    player: Int<Usize>,
    runouts: Int<Usize>,
    seed: Int<u64>,
) -> PyResult<(Bound<'py, PyArray2<f64>>, Vec<f64>)> {
    let player = player.0 .0;
    let runouts = runouts.0 .0;
    let seed = seed.0;
    let h = &hand.0;
    let model = OpponentModel::default();
    let r = py
        .detach(|| hs::narrow_ranges(h, player, &model, runouts, seed))
        .map_err(to_py)?;
    let rows: Vec<Vec<f64>> = r.weights.iter().map(|w| w.to_vec()).collect();
    let arr = PyArray2::from_vec2(py, &rows).map_err(|e| invalid_argument(e.to_string()))?;
    Ok((arr, r.random_kind))
}

/// Worlds ``first .. first + worlds`` of the candidate-value search for ``player`` (the seat
/// to act): a ``worlds × (len(candidates) + 1)`` array, per world the chips won or lost after
/// each candidate ``(kind, raise-to or None)`` and, last, the showdown equity. The live
/// opponents' hole cards are drawn from ``ranges`` (``seats × 1326``); the result depends only
/// on the arguments, not on ``threads``.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn holdem_search_values<'py>(
    py: Python<'py>,
    hand: &PyHoldemHand,
    player: Int<Usize>,
    ranges: PyReadonlyArray2<'py, f64>,
    candidates: Vec<(Text, Option<Int<u32>>)>,
    policy: Text,
    first: Int<u64>,
    worlds: Int<Usize>,
    seed: Int<u64>,
    threads: Int<Usize>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let player = player.0 .0;
    let first = first.0;
    let worlds = worlds.0 .0;
    let seed = seed.0;
    let threads = threads.0 .0;
    let policy = Policy::parse(&policy).ok_or_else(|| {
        invalid_argument(format!("policy is 'random' or 'greedy', got {policy:?}"))
    })?;
    let view = ranges.as_array();
    if view.ncols() != COMBOS {
        return Err(invalid_argument(format!(
            "ranges have {COMBOS} columns, got {}",
            view.ncols()
        )));
    }
    let rows: Vec<[f64; COMBOS]> = view
        .rows()
        .into_iter()
        .map(|r| {
            let mut a = [0.0; COMBOS];
            for (x, y) in a.iter_mut().zip(r.iter()) {
                *x = *y;
            }
            a
        })
        .collect();
    let bets: Vec<Bet> = candidates
        .iter()
        .map(|(k, a)| match (&**k, a.map(|t| t.0)) {
            ("fold", _) => Ok(Bet::Fold),
            ("check", _) => Ok(Bet::Check),
            ("call", _) => Ok(Bet::Call),
            ("bet" | "raise", Some(t)) => Ok(Bet::RaiseTo(t)),
            _ => Err(invalid_argument(format!("unknown candidate {k:?} {a:?}"))),
        })
        .collect::<PyResult<_>>()?;
    let h = &hand.0;
    let search = hs::ValueSearch::new(h, player, &rows, &bets, policy).map_err(to_py)?;
    let width = search.width();
    let mut out = vec![0.0; worlds * width];
    let threads = threads.max(1);
    py.detach(|| hs::search_values(&search, first, seed, threads, &mut out));
    let rows: Vec<Vec<f64>> = out.chunks(width).map(<[f64]>::to_vec).collect();
    if rows.is_empty() {
        return Ok(PyArray2::zeros(py, [0, width], false));
    }
    PyArray2::from_vec2(py, &rows).map_err(|e| invalid_argument(e.to_string()))
}
