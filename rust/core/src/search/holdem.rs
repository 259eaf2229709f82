//! The Hold'em search's Rust work: hand strengths of every two-card combo, opponents' ranges
//! narrowed from their actions (Bayesian weighting), and the values of candidate actions by
//! Monte Carlo over boards and weighted hands (rules/holdem.md).
//!
//! # Combos
//! The 1,326 two-card holdings are numbered `hi * (hi - 1) / 2 + lo` for card indices
//! `hi > lo` ([`combo_index`], [`combo_cards`]). A *range* is a weight per combo.
//!
//! # Hand strength
//! [`hand_strengths`] gives, for every combo not using a board card, its equity against one
//! opponent holding any other combo with the given weights (uniform: the classic "hand strength
//! against a random hand"). On a complete board it is exact in one sweep over the combos sorted
//! by strength, keeping per-card sums so that the opponent's combos that share a card with the
//! hero's are left out. On the turn every river is enumerated; on the flop a seeded sample of
//! turn and river pairs is averaged (all 1,081 with `runouts ≥ 1081`); preflop the strength
//! against a uniform hand is a table computed once per process from a fixed seed
//! ([`preflop_strengths`]).
//!
//! # Narrowing ranges ([`narrow_ranges`])
//! The player's view of the hand is replayed action by action: only public information (the
//! stacks, blinds, button, every action, the board) and the player's own cards. For each other
//! player a weight per combo starts uniform over the combos not using a card the player has
//! seen, and each of that player's actions multiplies it by the action's likelihood under an
//! [`OpponentModel`]. The model mixes two kinds of opponent (a prior `random_prior` on the
//! second): a *reasonable* player whose action class (fold, check/call, bet/raise) follows the
//! combo's strength percentile on the board of the moment — bets and raises with the top of his
//! range, continues against a bet when his strength beats a threshold that rises with the price
//! `owed / (pot + owed)` and with the number of opponents, folds below it — and a *random*
//! player whose actions ignore his cards (uniform over the listed actions). The posterior of a
//! combo is `(1 - ρ) Π L_model + ρ Π L_random` (up to a constant): a player whose actions are
//! unlikely for any hand under the reasonable model keeps a wide range.
//!
//! # Candidate values ([`search_values`])
//! World `i` (its own generator seeded from `(seed, i)`, so results do not depend on threads):
//! the live opponents' hole cards drawn from their ranges jointly (independent draws from each
//! range, redrawn together until no card is used twice: exactly the product of the ranges
//! conditioned on disjoint cards), every other unseen card shuffled into the rest of the deck
//! (folded players' cards, burns, the board to come); then each candidate action is applied to
//! a copy and the hand played out by a rollout policy ([`crate::betting::playout`]) with the
//! same playout generator for every candidate (common random numbers). A row holds the
//! player's chips won or lost per candidate and, last, his showdown equity in that world
//! (share of the pot his hole cards win against the sampled live hands on the sampled board).
//!
//! Nothing here reads a card the player has not seen: the hand given is only read for its
//! public record and the player's own (and shown) cards.

use crate::betting::playout::{holdem_playout, Policy};
use crate::betting::{Bet, HoldemHand, Street};
use crate::cards::Card;
use crate::climbing::playout::playout_seed;
use crate::error::{invalid, Error};
use crate::poker::evaluate_mask;
use crate::rng::Rng;
use std::sync::OnceLock;

/// Number of two-card combos.
pub const COMBOS: usize = 1326;

/// The combo number of two distinct card indices (either order).
pub fn combo_index(a: u8, b: u8) -> usize {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    let hi = usize::from(hi);
    hi * (hi - 1) / 2 + usize::from(lo)
}

fn combo_table() -> &'static [(u8, u8); COMBOS] {
    static TABLE: OnceLock<[(u8, u8); COMBOS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [(0u8, 0u8); COMBOS];
        for hi in 1u8..52 {
            for lo in 0..hi {
                t[combo_index(hi, lo)] = (hi, lo);
            }
        }
        t
    })
}

/// The two card indices of combo `i`, higher first.
pub fn combo_cards(i: usize) -> (u8, u8) {
    combo_table()[i]
}

/// The card mask of combo `i`.
#[inline]
pub fn combo_mask(i: usize) -> u64 {
    let (a, b) = combo_cards(i);
    (1u64 << a) | (1u64 << b)
}

/// Equity of every combo against one opponent with weights `opp` on the complete board
/// `board` (5 cards), added into `out` (combos using a board card are skipped; an empty
/// opponent range adds nothing). Exact: one sweep in strength order with per-card sums.
fn add_river_strengths(board: u64, opp: &[f64; COMBOS], out: &mut [f64; COMBOS]) {
    let mut order: Vec<u32> = Vec::with_capacity(COMBOS);
    for i in 0..COMBOS {
        let m = combo_mask(i);
        if m & board == 0 {
            let s = u32::from(evaluate_mask(board | m));
            order.push((s << 11) | i as u32);
        }
    }
    order.sort_unstable();
    let mut total = 0.0;
    let mut total_card = [0.0f64; 52];
    for &k in &order {
        let i = (k & 0x7FF) as usize;
        let (a, b) = combo_cards(i);
        total += opp[i];
        total_card[a as usize] += opp[i];
        total_card[b as usize] += opp[i];
    }
    let mut below = 0.0;
    let mut below_card = [0.0f64; 52];
    let mut g = 0;
    while g < order.len() {
        let s = order[g] >> 11;
        let mut end = g;
        let mut eq = 0.0;
        let mut eq_card = [0.0f64; 52];
        while end < order.len() && order[end] >> 11 == s {
            let i = (order[end] & 0x7FF) as usize;
            let (a, b) = combo_cards(i);
            eq += opp[i];
            eq_card[a as usize] += opp[i];
            eq_card[b as usize] += opp[i];
            end += 1;
        }
        for &k in &order[g..end] {
            let i = (k & 0x7FF) as usize;
            let (a, b) = combo_cards(i);
            let (a, b) = (a as usize, b as usize);
            let all = total - total_card[a] - total_card[b] + opp[i];
            if all > 0.0 {
                let lt = below - below_card[a] - below_card[b];
                let ties = eq - eq_card[a] - eq_card[b] + opp[i];
                out[i] += (lt + 0.5 * ties) / all;
            }
        }
        for &k in &order[g..end] {
            let i = (k & 0x7FF) as usize;
            let (a, b) = combo_cards(i);
            below += opp[i];
            below_card[a as usize] += opp[i];
            below_card[b as usize] += opp[i];
        }
        g = end;
    }
}

/// Uniform weights over the combos that avoid `dead`.
pub fn uniform_range(dead: u64) -> [f64; COMBOS] {
    let mut w = [0.0; COMBOS];
    for (i, x) in w.iter_mut().enumerate() {
        if combo_mask(i) & dead == 0 {
            *x = 1.0;
        }
    }
    w
}

/// Boards sampled for the preflop strength table.
pub const PREFLOP_BOARDS: usize = 4000;
const PREFLOP_SEED: u64 = 0x00C0_FFEE_0000_1326;

/// Every combo's equity against a uniformly random other combo before the flop: the mean of
/// [`PREFLOP_BOARDS`] exact river sweeps over boards drawn from a fixed seed (computed once per
/// process; the same on every machine). Pocket aces ≈ 0.85, seven-deuce offsuit ≈ 0.35.
pub fn preflop_strengths() -> &'static [f64; COMBOS] {
    static TABLE: OnceLock<Box<[f64; COMBOS]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut rng = Rng::new(PREFLOP_SEED);
        let uniform = uniform_range(0);
        let mut sum = Box::new([0.0f64; COMBOS]);
        let mut count = Box::new([0u32; COMBOS]);
        let mut deck: Vec<u8> = (0..52).collect();
        for _ in 0..PREFLOP_BOARDS {
            partial_shuffle(&mut deck, 5, &mut rng);
            let board = deck[..5].iter().fold(0u64, |m, &c| m | (1 << c));
            let mut opp = uniform;
            for (i, w) in opp.iter_mut().enumerate() {
                if combo_mask(i) & board != 0 {
                    *w = 0.0;
                }
            }
            add_river_strengths(board, &opp, &mut sum);
            for (i, n) in count.iter_mut().enumerate() {
                if combo_mask(i) & board == 0 {
                    *n += 1;
                }
            }
        }
        let mut out = Box::new([0.0f64; COMBOS]);
        for i in 0..COMBOS {
            out[i] = sum[i] / f64::from(count[i].max(1));
        }
        // Strategically equal combos (same ranks, same suitedness) get one value: the mean.
        let mut class_sum = [0.0f64; 169];
        let mut class_n = [0u32; 169];
        for i in 0..COMBOS {
            let c = preflop_class(i);
            class_sum[c] += out[i];
            class_n[c] += 1;
        }
        for (i, x) in out.iter_mut().enumerate() {
            let c = preflop_class(i);
            *x = class_sum[c] / f64::from(class_n[c]);
        }
        out
    })
}

/// The 169 preflop classes: pairs 0..13, then suited and offsuit two-rank holdings.
pub fn preflop_class(i: usize) -> usize {
    let (a, b) = combo_cards(i);
    let (ra, rb) = (usize::from(a / 4), usize::from(b / 4));
    let (hi, lo) = if ra >= rb { (ra, rb) } else { (rb, ra) };
    if hi == lo {
        return hi;
    }
    let pair_index = hi * (hi - 1) / 2 + lo; // 0..78
    if a % 4 == b % 4 {
        13 + pair_index
    } else {
        13 + 78 + pair_index
    }
}

/// Moves `k` uniformly chosen elements to the front of `items` (partial Fisher-Yates).
fn partial_shuffle(items: &mut [u8], k: usize, rng: &mut Rng) {
    let n = items.len();
    for i in 0..k.min(n) {
        let j = i + rng.below((n - i) as u64) as usize;
        items.swap(i, j);
    }
}

/// Every combo's equity against one opponent holding combo `j` with weight `opp[j]`, on the
/// board so far (0, 3, 4 or 5 cards); see the module documentation. Combos using a board card
/// get 0. `runouts` bounds the turn-and-river pairs sampled on the flop. Preflop with a uniform
/// opponent is the table of [`preflop_strengths`]; preflop with other weights samples
/// `runouts` boards.
pub fn hand_strengths(
    board: &[Card],
    opp: &[f64; COMBOS],
    runouts: usize,
    rng: &mut Rng,
) -> Result<[f64; COMBOS], Error> {
    let board_mask = board.iter().fold(0u64, |m, c| m | c.bit());
    if board.iter().any(|c| c.is_joker()) || board_mask.count_ones() as usize != board.len() {
        return Err(invalid("a board is distinct ordinary cards"));
    }
    if !matches!(board.len(), 0 | 3 | 4 | 5) {
        return Err(invalid(format!(
            "a board has 0, 3, 4 or 5 cards, not {}",
            board.len()
        )));
    }
    let mut out = [0.0f64; COMBOS];
    let mut opp_on = *opp;
    for (i, w) in opp_on.iter_mut().enumerate() {
        if combo_mask(i) & board_mask != 0 {
            *w = 0.0;
        }
    }
    let missing = 5 - board.len();
    if missing == 0 {
        add_river_strengths(board_mask, &opp_on, &mut out);
        return Ok(out);
    }
    if board.is_empty() && opp_on.iter().all(|&w| w == 1.0) {
        return Ok(*preflop_strengths());
    }
    let rest: Vec<u8> = (0..52u8).filter(|&c| board_mask & (1 << c) == 0).collect();
    // The completions to average: every river on the turn, every pair (or a sample) on the flop.
    let mut completions: Vec<u64> = Vec::new();
    match missing {
        1 => completions.extend(rest.iter().map(|&c| 1u64 << c)),
        2 if runouts >= rest.len() * (rest.len() - 1) / 2 => {
            for (x, &a) in rest.iter().enumerate() {
                for &b in &rest[x + 1..] {
                    completions.push((1 << a) | (1 << b));
                }
            }
        }
        _ => {
            let mut deck = rest.clone();
            for _ in 0..runouts.max(1) {
                partial_shuffle(&mut deck, missing, rng);
                completions.push(deck[..missing].iter().fold(0u64, |m, &c| m | (1 << c)));
            }
        }
    }
    let mut counts = [0u32; COMBOS];
    for &extra in &completions {
        let full = board_mask | extra;
        let mut o = opp_on;
        for (i, w) in o.iter_mut().enumerate() {
            if combo_mask(i) & extra != 0 {
                *w = 0.0;
            }
        }
        add_river_strengths(full, &o, &mut out);
        for (i, n) in counts.iter_mut().enumerate() {
            if combo_mask(i) & full == 0 {
                *n += 1;
            }
        }
    }
    for i in 0..COMBOS {
        out[i] = if counts[i] > 0 {
            out[i] / f64::from(counts[i])
        } else {
            0.0
        };
    }
    Ok(out)
}

/// The percentile of each combo's strength among the combos avoiding `dead` (the fraction of
/// those with a lower strength plus half of those with an equal one); 0 for the others.
pub fn percentiles(strength: &[f64; COMBOS], dead: u64) -> [f64; COMBOS] {
    let mut idx: Vec<usize> = (0..COMBOS).filter(|&i| combo_mask(i) & dead == 0).collect();
    idx.sort_by(|&a, &b| strength[a].total_cmp(&strength[b]).then(a.cmp(&b)));
    let n = idx.len() as f64;
    let mut out = [0.0; COMBOS];
    let mut g = 0;
    while g < idx.len() {
        let mut end = g;
        while end < idx.len() && strength[idx[end]] == strength[idx[g]] {
            end += 1;
        }
        let p = (g as f64 + 0.5 * (end - g) as f64) / n;
        for &i in &idx[g..end] {
            out[i] = p;
        }
        g = end;
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The opponent model.

/// How the search expects another player to act (see the module documentation). Thresholds
/// are strength percentiles (0 = the weakest combo on the board, 1 = the best).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpponentModel {
    /// Prior probability that a player's actions ignore his cards (the random kind).
    pub random_prior: f64,
    /// Before the flop with no raise yet: the percentile above which he raises, and below
    /// which he folds rather than calls (limps) when folding is legal.
    pub open_threshold: f64,
    pub limp_threshold: f64,
    /// Not facing a bet after the flop: the percentile above which he bets.
    pub bet_threshold: f64,
    /// Facing a bet: he continues above `continue_base + continue_per_price × price`, plus
    /// `per_opponent` for each live opponent beyond the first.
    pub continue_base: f64,
    pub continue_per_price: f64,
    pub per_opponent: f64,
    /// Facing a bet: he raises above `max(continue threshold + raise_gap, raise_floor)`.
    pub raise_gap: f64,
    pub raise_floor: f64,
    /// Width of the logistic steps (percentile units).
    pub width: f64,
    /// Least probability of every legal action class under the reasonable model.
    pub floor: f64,
}

impl Default for OpponentModel {
    fn default() -> Self {
        OpponentModel {
            random_prior: 0.15,
            open_threshold: 0.70,
            limp_threshold: 0.55,
            bet_threshold: 0.62,
            continue_base: 0.30,
            continue_per_price: 1.1,
            per_opponent: 0.05,
            raise_gap: 0.20,
            raise_floor: 0.82,
            width: 0.06,
            floor: 0.03,
        }
    }
}

/// An action class: 0 fold, 1 check or call, 2 bet or raise.
fn class_of(bet: Bet) -> usize {
    match bet {
        Bet::Fold => 0,
        Bet::Check | Bet::Call => 1,
        Bet::RaiseTo(_) => 2,
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The public facts of one decision that the model reads.
#[derive(Clone, Copy, Debug)]
struct Situation {
    /// Before the flop with nothing beyond the big blind to call.
    unopened: bool,
    fold_legal: bool,
    raise_legal: bool,
    price: f64,
    opponents: usize,
    listed: usize,
}

impl OpponentModel {
    /// Probabilities of the three action classes for a combo at percentile `p`.
    fn reasonable(&self, s: &Situation, p: f64) -> [f64; 3] {
        let w = self.width;
        let step = |x: f64| logistic(x / w);
        let mut probs = if s.unopened {
            let a = if s.raise_legal {
                step(p - self.open_threshold)
            } else {
                0.0
            };
            let f = if s.fold_legal {
                (1.0 - a) * step(self.limp_threshold - p)
            } else {
                0.0
            };
            [f, 1.0 - a - f, a]
        } else if !s.fold_legal {
            let a = if s.raise_legal {
                step(p - self.bet_threshold)
            } else {
                0.0
            };
            [0.0, 1.0 - a, a]
        } else {
            let extra = self.per_opponent * s.opponents.saturating_sub(1) as f64;
            let tc =
                (self.continue_base + self.continue_per_price * s.price + extra).clamp(0.05, 0.95);
            let tr = (tc + self.raise_gap).max(self.raise_floor).min(0.95);
            let c = step(p - tc);
            let r = if s.raise_legal { step(p - tr) } else { 0.0 };
            [1.0 - c, c * (1.0 - r), c * r]
        };
        let legal = [s.fold_legal, true, s.raise_legal];
        let m = legal.iter().filter(|&&x| x).count() as f64;
        for k in 0..3 {
            probs[k] = if legal[k] {
                self.floor + (1.0 - m * self.floor) * probs[k]
            } else {
                0.0
            };
        }
        probs
    }

    /// Probabilities of the three classes for the random kind (uniform over the listing).
    fn random(s: &Situation) -> [f64; 3] {
        let n = s.listed.max(1) as f64;
        let fold = if s.fold_legal { 1.0 } else { 0.0 };
        let raise = s.listed as f64 - fold - 1.0;
        [fold / n, 1.0 / n, raise.max(0.0) / n]
    }
}

/// What each seat's range is: weights over combos (see [`narrow_ranges`]).
#[derive(Clone, Debug)]
pub struct Ranges {
    /// One weight vector per seat, each summing to 1 over its possible combos (all zero for a
    /// seat not dealt in).
    pub weights: Vec<Box<[f64; COMBOS]>>,
    /// Per seat, the posterior probability of the random kind (0 for the player himself).
    pub random_kind: Vec<f64>,
}

/// The cards `player` has seen: his hole cards, the board, and every hole card shown.
fn seen_cards(hand: &HoldemHand, player: usize) -> u64 {
    let mut seen = hand.board().iter().fold(0u64, |m, c| m | c.bit());
    for seat in 0..hand.num_seats() {
        if hand.is_dealt(seat) && (seat == player || hand.revealed(seat)) {
            if let Some(h) = hand.hole(seat) {
                seen |= h[0].bit() | h[1].bit();
            }
        }
    }
    seen
}

fn check_player(hand: &HoldemHand, player: usize) -> Result<(), Error> {
    if player >= hand.num_seats() || !hand.is_dealt(player) {
        return Err(invalid(format!(
            "player {player} is not a seat dealt into this hand"
        )));
    }
    if hand.is_over() {
        return Err(invalid("the hand is over: there is nothing to search"));
    }
    if !hand.records_events() {
        return Err(invalid("a hand without its record cannot be searched"));
    }
    Ok(())
}

/// A deck order with `fixed` cards at their positions and the other positions filled from the
/// remaining cards: in index order (`rng` None) or shuffled.
fn deck_with(fixed: &[(usize, Card)], rng: Option<&mut Rng>) -> Vec<Card> {
    let mut slot: [Option<Card>; 52] = [None; 52];
    let mut used = 0u64;
    for &(at, c) in fixed {
        slot[at] = Some(c);
        used |= c.bit();
    }
    let mut rest: Vec<Card> = Card::all()
        .filter(|c| !c.is_joker() && used & c.bit() == 0)
        .collect();
    if let Some(rng) = rng {
        rng.shuffle(&mut rest);
    }
    let mut it = rest.into_iter();
    slot.iter()
        .map(|s| s.unwrap_or_else(|| it.next().expect("52 cards")))
        .collect()
}

/// The deck positions `player` has seen (HE-3.10): hole cards of himself and of shown hands,
/// and the board dealt so far.
fn known_positions(hand: &HoldemHand, player: usize) -> Vec<(usize, Card)> {
    let order = hand.dealing_order();
    let k = order.len();
    let mut fixed = Vec::with_capacity(9);
    for (j, &seat) in order.iter().enumerate() {
        if seat == player || hand.revealed(seat) {
            let h = hand.hole(seat).expect("a dealt seat has hole cards");
            fixed.push((j, h[0]));
            fixed.push((k + j, h[1]));
        }
    }
    let board_at = [2 * k + 1, 2 * k + 2, 2 * k + 3, 2 * k + 5, 2 * k + 7];
    for (&at, &c) in board_at.iter().zip(hand.board()) {
        fixed.push((at, c));
    }
    fixed
}

fn rebuild(hand: &HoldemHand, deck: &[Card]) -> Result<HoldemHand, Error> {
    let n = hand.num_seats();
    let stacks: Vec<u32> = (0..n).map(|s| hand.start_stack(s)).collect();
    let (sb, bb) = hand.blinds();
    HoldemHand::new(&stacks, hand.button(), sb, bb, deck)
}

/// Every seat's range as `player` may infer it from the hand so far (see the module
/// documentation). `runouts` bounds the flop completions sampled for hand strengths.
pub fn narrow_ranges(
    hand: &HoldemHand,
    player: usize,
    model: &OpponentModel,
    runouts: usize,
    seed: u64,
) -> Result<Ranges, Error> {
    check_player(hand, player)?;
    let n = hand.num_seats();
    let seen = seen_cards(hand, player);
    let deck = deck_with(&known_positions(hand, player), None);
    let mut replay = rebuild(hand, &deck)?;
    let mut model_w: Vec<Box<[f64; COMBOS]>> = Vec::with_capacity(n);
    let mut random_w = vec![1.0f64; n];
    for seat in 0..n {
        let w = if !hand.is_dealt(seat) {
            [0.0; COMBOS]
        } else if seat == player || hand.revealed(seat) {
            let h = hand.hole(seat).expect("dealt");
            let mut w = [0.0; COMBOS];
            w[combo_index(h[0].index(), h[1].index())] = 1.0;
            w
        } else {
            uniform_range(seen)
        };
        model_w.push(Box::new(w));
    }
    let mut rng = Rng::new(seed);
    // Percentiles of the combos' strengths per board size seen so far (lazily).
    let mut pct: [Option<Box<[f64; COMBOS]>>; 6] = Default::default();
    let uniform = uniform_range(0);
    let actions: Vec<(usize, Bet)> = hand.actions().collect();
    for (seat, bet) in actions {
        if seat != player && !hand.revealed(seat) {
            let board = replay.board().to_vec();
            let b = board.len();
            if pct[b].is_none() {
                let hs = hand_strengths(&board, &uniform, runouts, &mut rng)?;
                let dead = board.iter().fold(0u64, |m, c| m | c.bit());
                pct[b] = Some(Box::new(percentiles(&hs, dead)));
            }
            let p = pct[b].as_ref().expect("just computed");
            let legal = replay.legal();
            let owed = replay.owed();
            let pot = replay.pot_total();
            let live = (0..n)
                .filter(|&s| replay.is_dealt(s) && !replay.folded(s) && s != seat)
                .count();
            let sit = Situation {
                unopened: replay.street() == Street::Preflop && replay.level() <= replay.blinds().1,
                fold_legal: legal.fold,
                raise_legal: legal.raise.is_some(),
                price: if owed == 0 {
                    0.0
                } else {
                    f64::from(owed) / (f64::from(pot) + f64::from(owed))
                },
                opponents: live,
                listed: replay.candidates().len(),
            };
            let class = class_of(bet);
            random_w[seat] *= OpponentModel::random(&sit)[class];
            let w = &mut model_w[seat];
            for i in 0..COMBOS {
                if w[i] > 0.0 {
                    w[i] *= model.reasonable(&sit, p[i])[class];
                }
            }
        }
        replay
            .apply(seat, bet)
            .map_err(|v| invalid(format!("replaying the actions failed: {v}")))?;
    }
    let mut weights = Vec::with_capacity(n);
    let mut random_kind = vec![0.0; n];
    for seat in 0..n {
        let mut w = model_w[seat].clone();
        if hand.is_dealt(seat) && seat != player && !hand.revealed(seat) {
            let possible = uniform_range(seen);
            let count: f64 = possible.iter().sum();
            let model_total: f64 = w.iter().sum::<f64>() / count;
            // P(actions | kind) averaged over the combos, for each kind.
            let a = (1.0 - model.random_prior) * model_total;
            let r = model.random_prior * random_w[seat];
            random_kind[seat] = if a + r > 0.0 { r / (a + r) } else { 1.0 };
            for i in 0..COMBOS {
                w[i] = (1.0 - model.random_prior) * w[i]
                    + model.random_prior * random_w[seat] * possible[i];
            }
        }
        let total: f64 = w.iter().sum();
        if total > 0.0 {
            for x in w.iter_mut() {
                *x /= total;
            }
        }
        weights.push(w);
    }
    Ok(Ranges {
        weights,
        random_kind,
    })
}

// ---------------------------------------------------------------------------------------------
// Candidate values.

/// A sampler of one seat's hole cards from its range.
struct Sampler {
    seat: usize,
    cumulative: Vec<f64>,
    combos: Vec<u16>,
}

impl Sampler {
    fn new(seat: usize, w: &[f64; COMBOS], dead: u64) -> Option<Sampler> {
        let mut cumulative = Vec::new();
        let mut combos = Vec::new();
        let mut acc = 0.0;
        for (i, &x) in w.iter().enumerate() {
            if x > 0.0 && combo_mask(i) & dead == 0 {
                acc += x;
                cumulative.push(acc);
                combos.push(i as u16);
            }
        }
        (acc > 0.0).then_some(Sampler {
            seat,
            cumulative,
            combos,
        })
    }

    fn draw(&self, rng: &mut Rng) -> usize {
        let total = *self.cumulative.last().expect("non-empty");
        let u = rng.unit_f64() * total;
        let k = self.cumulative.partition_point(|&c| c <= u);
        usize::from(self.combos[k.min(self.combos.len() - 1)])
    }
}

/// The live opponents' hole cards of one world (see the module documentation).
fn draw_holes(samplers: &[Sampler], rng: &mut Rng) -> Vec<(usize, usize)> {
    for _ in 0..10_000 {
        let mut used = 0u64;
        let mut ok = true;
        let mut out = Vec::with_capacity(samplers.len());
        for s in samplers {
            let c = s.draw(rng);
            let m = combo_mask(c);
            if used & m != 0 {
                ok = false;
                break;
            }
            used |= m;
            out.push((s.seat, c));
        }
        if ok {
            return out;
        }
    }
    // Ranges that almost never fit together: fill one after the other instead.
    let mut used = 0u64;
    let mut out = Vec::with_capacity(samplers.len());
    for s in samplers {
        let free: Vec<usize> = s
            .combos
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| combo_mask(c) & used == 0)
            .collect();
        let c = if free.is_empty() {
            (0..COMBOS)
                .find(|&c| combo_mask(c) & used == 0)
                .expect("cards remain")
        } else {
            free[rng.below(free.len() as u64) as usize]
        };
        used |= combo_mask(c);
        out.push((s.seat, c));
    }
    out
}

/// The search's inputs that stay the same for every world of one decision.
pub struct ValueSearch<'a> {
    hand: &'a HoldemHand,
    player: usize,
    fixed: Vec<(usize, Card)>,
    samplers: Vec<Sampler>,
    candidates: Vec<Bet>,
    policy: Policy,
}

impl<'a> ValueSearch<'a> {
    /// Checks the inputs: `ranges[s]` is seat `s`'s weights (read for the live opponents the
    /// player has not seen); every candidate must be legal for the player to act.
    pub fn new(
        hand: &'a HoldemHand,
        player: usize,
        ranges: &[[f64; COMBOS]],
        candidates: &[Bet],
        policy: Policy,
    ) -> Result<ValueSearch<'a>, Error> {
        check_player(hand, player)?;
        if hand.to_act() != Some(player) {
            return Err(invalid(format!("seat {player} is not the seat to act")));
        }
        let n = hand.num_seats();
        if ranges.len() != n {
            return Err(invalid(format!(
                "one range per seat: {n} needed, got {}",
                ranges.len()
            )));
        }
        if candidates.is_empty() {
            return Err(invalid("give at least one candidate action"));
        }
        for &c in candidates {
            if let Some(v) = hand.violation(player, c) {
                return Err(invalid(format!("candidate {c} is illegal: {v}")));
            }
        }
        let seen = seen_cards(hand, player);
        let mut samplers = Vec::new();
        for (seat, w) in ranges.iter().enumerate() {
            if seat == player || !hand.is_dealt(seat) || hand.folded(seat) || hand.revealed(seat) {
                continue;
            }
            if w.iter().any(|x| !x.is_finite() || *x < 0.0) {
                return Err(invalid(format!(
                    "the range of seat {seat} has a negative or non-finite weight"
                )));
            }
            let s = Sampler::new(seat, w, seen).unwrap_or_else(|| {
                Sampler::new(seat, &uniform_range(seen), seen).expect("cards remain")
            });
            samplers.push(s);
        }
        Ok(ValueSearch {
            hand,
            player,
            fixed: known_positions(hand, player),
            samplers,
            candidates: candidates.to_vec(),
            policy,
        })
    }

    /// Values per row: one per candidate, then the showdown equity.
    pub fn width(&self) -> usize {
        self.candidates.len() + 1
    }

    /// World `index` into `row` (see the module documentation).
    pub fn world(&self, index: u64, seed: u64, row: &mut [f64]) {
        let world_seed = playout_seed(seed, index);
        let mut rng = Rng::new(world_seed);
        let order = self.hand.dealing_order();
        let k = order.len();
        let holes = draw_holes(&self.samplers, &mut rng);
        let mut fixed = self.fixed.clone();
        for &(seat, c) in &holes {
            let j = order.iter().position(|&s| s == seat).expect("dealt");
            let (a, b) = combo_cards(c);
            fixed.push((j, Card::from_index(a).expect("card")));
            fixed.push((k + j, Card::from_index(b).expect("card")));
        }
        let deck = deck_with(&fixed, Some(&mut rng));
        let mut world = rebuild(self.hand, &deck).expect("the hand's own setup");
        for (seat, bet) in self.hand.actions() {
            world.apply(seat, bet).expect("the hand's own actions");
        }
        world.stop_recording();
        let playout = playout_seed(world_seed, 1);
        let mut out = vec![0.0; self.hand.num_seats()];
        for (slot, &bet) in row.iter_mut().zip(&self.candidates) {
            let mut h = world.clone();
            h.apply(self.player, bet).expect("checked legal");
            let mut prng = Rng::new(playout);
            holdem_playout(&mut h, self.policy, &mut prng, &mut out);
            *slot = out[self.player];
        }
        row[self.candidates.len()] = showdown_share(&deck, k, order, self.player, &world);
    }
}

/// The player's share of a showdown against every live hand on the world's full board.
fn showdown_share(
    deck: &[Card],
    k: usize,
    order: &[usize],
    player: usize,
    world: &HoldemHand,
) -> f64 {
    let board_at = [2 * k + 1, 2 * k + 2, 2 * k + 3, 2 * k + 5, 2 * k + 7];
    let board = board_at.iter().fold(0u64, |m, &at| m | deck[at].bit());
    let mut best = 0u16;
    let mut mine = 0u16;
    let mut winners = 0u32;
    for (j, &seat) in order.iter().enumerate() {
        if world.folded(seat) {
            continue;
        }
        let s = evaluate_mask(board | deck[j].bit() | deck[k + j].bit());
        if seat == player {
            mine = s;
        }
        match s.cmp(&best) {
            std::cmp::Ordering::Greater => {
                best = s;
                winners = 1;
            }
            std::cmp::Ordering::Equal => winners += 1,
            std::cmp::Ordering::Less => {}
        }
    }
    if mine == best {
        1.0 / f64::from(winners.max(1))
    } else {
        0.0
    }
}

/// Worlds `first .. first + out.len() / width` of `search` into `out` (row-major, `width` =
/// candidates + 1), split over `threads` threads; the result does not depend on `threads`.
pub fn search_values(
    search: &ValueSearch<'_>,
    first: u64,
    seed: u64,
    threads: usize,
    out: &mut [f64],
) {
    let width = search.width();
    let rows = out.len() / width;
    let threads = threads.max(1).min(rows.max(1));
    if threads == 1 {
        for (r, row) in out.chunks_mut(width).enumerate() {
            search.world(first + r as u64, seed, row);
        }
        return;
    }
    let per = rows.div_ceil(threads);
    std::thread::scope(|scope| {
        for (t, block) in out.chunks_mut(per * width).enumerate() {
            scope.spawn(move || {
                for (r, row) in block.chunks_mut(width).enumerate() {
                    search.world(first + (t * per + r) as u64, seed, row);
                }
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(text).unwrap()
    }

    #[test]
    fn combo_numbering_is_a_bijection() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..COMBOS {
            let (a, b) = combo_cards(i);
            assert!(a > b && a < 52);
            assert_eq!(combo_index(a, b), i);
            assert_eq!(combo_index(b, a), i);
            assert!(seen.insert((a, b)), "combo {i} repeats a pair of cards");
        }
        assert_eq!(seen.len(), 52 * 51 / 2);
    }

    #[test]
    fn river_strength_matches_brute_force() {
        let board = cards("2c 7d 9h Ts Kd");
        let mut rng = Rng::new(1);
        let mut opp = uniform_range(0);
        // A weighted range: more weight on higher-indexed combos.
        for (i, w) in opp.iter_mut().enumerate() {
            *w = 1.0 + (i % 7) as f64;
        }
        let hs = hand_strengths(&board, &opp, 0, &mut rng).unwrap();
        let bm = board.iter().fold(0u64, |m, c| m | c.bit());
        for i in (0..COMBOS).step_by(37) {
            let m = combo_mask(i);
            if m & bm != 0 {
                assert_eq!(hs[i], 0.0);
                continue;
            }
            let mine = evaluate_mask(bm | m);
            let (mut win, mut all) = (0.0, 0.0);
            for (j, &w) in opp.iter().enumerate() {
                let o = combo_mask(j);
                if o & (bm | m) != 0 {
                    continue;
                }
                let theirs = evaluate_mask(bm | o);
                all += w;
                win += w * match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
            }
            assert!((hs[i] - win / all).abs() < 1e-9, "combo {i}");
        }
    }

    #[test]
    fn preflop_table_orders_the_classic_hands() {
        let t = preflop_strengths();
        let aa = combo_index(48, 49);
        let kk = combo_index(44, 45);
        let seven_deuce = combo_index(20, 1); // 7c 2d
        let aks = combo_index(48, 44); // Ac Kc
        assert!(t[aa] > 0.84 && t[aa] < 0.86, "{}", t[aa]);
        assert!(t[aa] > t[kk] && t[kk] > t[aks]);
        assert!(t[seven_deuce] < 0.36, "{}", t[seven_deuce]);
    }

    fn hand_with(deck: &str) -> HoldemHand {
        let mut d = cards(deck);
        for c in Card::all().filter(|c| !c.is_joker()) {
            if !d.contains(&c) {
                d.push(c);
            }
        }
        HoldemHand::new(&[1000; 4], 0, 10, 20, &d).unwrap()
    }

    #[test]
    fn a_raise_shifts_the_range_to_strong_hands_and_reads_no_hidden_card() {
        // Dealing order 1, 2, 3, 0: seat 3 (third) raises, seat 0 is the player.
        let a = hand_with("2c 3c Ah 9d 4c 5c Ad 8d");
        let b = hand_with("2c 3c Kh 9d 4c 5c Ks 8d");
        let model = OpponentModel::default();
        let mut ranges = Vec::new();
        for mut h in [a, b] {
            h.apply(3, Bet::RaiseTo(60)).unwrap();
            ranges.push(narrow_ranges(&h, 0, &model, 50, 7).unwrap());
        }
        assert_eq!(ranges[0].weights, ranges[1].weights);
        let w = &ranges[0].weights[3];
        let total: f64 = w.iter().sum();
        assert!((total - 1.0).abs() < 1e-9);
        let kk = combo_index(44, 45);
        let seven_deuce = combo_index(20, 1);
        assert!(w[kk] > 5.0 * w[seven_deuce]);
        // The player's own cards are in no one else's range.
        let mine = combo_index(29, 25); // 9d 8d
        assert_eq!(w[mine], 0.0);
    }

    #[test]
    fn values_are_reproducible_and_independent_of_threads() {
        let h = hand_with("2c 3c Ah 9d 4c 5c Ad 8d");
        let model = OpponentModel::default();
        let r = narrow_ranges(&h, 3, &model, 50, 1).unwrap();
        let ranges: Vec<[f64; COMBOS]> = r.weights.iter().map(|w| **w).collect();
        let cands = [Bet::Fold, Bet::Call, Bet::RaiseTo(60), Bet::RaiseTo(1000)];
        let s = ValueSearch::new(&h, 3, &ranges, &cands, Policy::Greedy).unwrap();
        let mut one = vec![0.0; 40 * s.width()];
        let mut two = vec![0.0; 40 * s.width()];
        search_values(&s, 0, 5, 1, &mut one);
        search_values(&s, 0, 5, 2, &mut two);
        assert_eq!(one, two);
        // Folding preflop from UTG loses nothing.
        assert!(one.chunks(s.width()).all(|row| row[0] == 0.0));
        assert!(one
            .chunks(s.width())
            .all(|row| (0.0..=1.0).contains(&row[4])));
        assert!(ValueSearch::new(&h, 3, &ranges, &[Bet::Check], Policy::Greedy).is_err());
    }
}
