//! An equilibrium of the One Poker deal by counterfactual regret minimization (CFR+) over a
//! card and betting abstraction, its exact best responses, and the queries the agents make
//! (rules/onepoker.md).
//!
//! # The abstract deal
//! One deal (OP-3.9) once the cards and antes are in: the two players' public UP counts
//! (OP-3.6), each locks one of his two cards (OP-3.7, the second without seeing the first's
//! choice, OP-7.18), then one no-limit betting round (OP-4) and the showdown where 2 beats A
//! (OP-2.5). The abstraction ([`Spec`]):
//!
//! * **cards: rank buckets and signal counts.** Suits never matter (OP-2.4), so a card is its
//!   rank (13 buckets). A player's two ranks are independent and uniform within the groups his
//!   signal names (UP = 8..A, DOWN = 2..7): the shoe's card removal and the cards seen in earlier
//!   deals are left out (an "infinite shoe"). Given the locks, the payoff depends on the two
//!   locked ranks only and the two players' cards are independent, so a betting decision depends
//!   on the locked rank and the betting so far (the held card adds nothing; an equilibrium of
//!   this game is one of the game with the held card in the information too).
//! * **stacks: depth buckets.** Chips are counted in antes (the ante is 1, the pot 2 when the
//!   round starts) and both players have the *effective* depth: the smaller of the two stacks
//!   behind after the antes (chips beyond it can never be won or lost in the deal). Depths up
//!   to [`EXACT_DEPTH`] antes are solved exactly; deeper stacks use the nearest depth of a
//!   geometric grid ([`depth_bucket`]) and amounts are scaled.
//! * **bets: pot fractions.** At every decision the raise-to amounts are the minimum raise,
//!   `H + f × (pot + owed)` for `f` in [`FRACTIONS`], and all-in, clamped to the legal range
//!   (OP-4.5) and without repeats; every amount is an exact chip count. The legality of each
//!   action (who may raise, short all-ins, all-in opponents: OP-4.4-4.8) is the rules engine's
//!   own ([`OnePokerDeal`]).
//!
//! # The solver
//! CFR+ (regret matching with regrets floored at zero, alternating updates, linearly weighted
//! average strategy), vectorised over the 13 locked ranks: each betting node holds a regret and
//! an average-strategy entry per rank and action, and a showdown against the opponent's reach
//! over ranks is a 13-entry sum (2 beats A). The lock decision has one regret pair per two-rank
//! hand. Everything is deterministic: no sampling, so a solution depends on its spec and its
//! iteration count only.
//!
//! # Best response and exploitability
//! [`Solution::best_response`] computes a player's exact best response to the other's average
//! strategy in the abstract deal (a per-rank maximum at his betting nodes, a per-hand maximum
//! at his lock), and [`Solution::exploitability`] is half the sum of the two best-response
//! values (the mean gain of a best responder over the two positions), in antes.

use crate::betting::one_poker::compare;
use crate::betting::{Bet, OnePokerDeal};
use crate::cards::Card;
use crate::error::{invalid, Error};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Ranks (2 .. A as 0 .. 12).
pub const RANKS: usize = 13;
/// Raise sizes as fractions of `pot + owed`, besides the minimum raise and all-in.
pub const FRACTIONS: [f64; 4] = [0.5, 1.0, 1.5, 2.5];
/// Depths (in antes) solved exactly; deeper ones use [`depth_bucket`].
pub const EXACT_DEPTH: u32 = 24;
/// The deepest bucket.
pub const MAX_DEPTH: u32 = 400;
/// Most bets and raises in the abstract round; after this many only all-in remains.
pub const MAX_RAISES: u32 = 4;
/// Most actions at one abstract decision (fold, check or call, the sizes, all-in).
const MAX_ACTIONS: usize = 3 + FRACTIONS.len() + 1;
/// Iterations of a default solve.
pub const DEFAULT_ITERATIONS: u32 = 1500;

/// The first UP rank (8).
const FIRST_UP: u8 = 6;

/// The depth (in antes) solved for an effective depth of `antes` antes: exact up to
/// [`EXACT_DEPTH`], then the nearest (by ratio) of a geometric grid of ratio about 1.19 up
/// to [`MAX_DEPTH`].
pub fn depth_bucket(antes: f64) -> u32 {
    if !antes.is_finite() || antes <= 0.0 {
        return 0;
    }
    if antes <= f64::from(EXACT_DEPTH) + 0.5 {
        return antes.round() as u32;
    }
    let mut best = EXACT_DEPTH;
    let mut d = f64::from(EXACT_DEPTH);
    let mut best_gap = f64::INFINITY;
    while d <= f64::from(MAX_DEPTH) + 1e-9 {
        let b = d.round() as u32;
        let gap = (antes.ln() - f64::from(b).ln()).abs();
        if gap < best_gap {
            best_gap = gap;
            best = b;
        }
        d *= 1.19;
    }
    if (antes.ln() - f64::from(MAX_DEPTH).ln()).abs() < best_gap {
        best = MAX_DEPTH;
    }
    best
}

/// One abstract deal: the effective depth in antes and the UP counts of the first and the
/// second player (OP-3.2, OP-3.6), and the weight in percent of the card-blind opponent the
/// strategies also answer (0: a plain equilibrium; see [`Spec::with_blind`]), and the first
/// player's risk aversion in thousandths per ante (0: payoffs in chips; see
/// [`Spec::with_risk`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    pub depth: u32,
    pub up: [u8; 2],
    pub blind: u8,
    pub risk: i16,
}

impl Spec {
    pub fn new(depth: u32, up: [u8; 2]) -> Result<Spec, Error> {
        Spec::with_blind(depth, up, 0)
    }

    /// A restricted Nash response: each player meets, with chance `blind` percent, a
    /// *card-blind* opponent (he locks either card with chance ½ and takes each action the
    /// rules engine lists with equal chance, whatever his cards: [`Node::blind`]) and otherwise an
    /// opponent free to play anything (the other player's own solved strategy). The solved
    /// strategies are the ones that do best against that mixture; with 0 it is the plain
    /// equilibrium. Their exploitability ([`Solution::exploitability`]) is measured against
    /// an unrestricted best responder, as for the equilibrium.
    pub fn with_blind(depth: u32, up: [u8; 2], blind: u8) -> Result<Spec, Error> {
        if up.iter().any(|&u| u > 2) {
            return Err(invalid(format!("an UP count is 0, 1 or 2, got {up:?}")));
        }
        if depth > MAX_DEPTH {
            return Err(invalid(format!(
                "depth {depth} is beyond the deepest bucket ({MAX_DEPTH} antes)"
            )));
        }
        if blind > 100 {
            return Err(invalid(format!(
                "the card-blind weight is a percentage 0..100, got {blind}"
            )));
        }
        Ok(Spec {
            depth,
            up,
            blind,
            risk: 0,
        })
    }

    /// Payoffs in match equity rather than chips. When a player's edge over the deals to come
    /// is a drift of `mu` antes per deal with variance `var`, his chance to win the match from
    /// a stack of `s` antes is close to the gambler's-ruin curve `(1 - e^(-θs)) / (1 -
    /// e^(-θN))` with `θ = 2 mu / var` (`N` the antes in play). A deal that changes his stack
    /// by `x` changes it by a positive factor (depending on the stack only) times
    /// `u(x) = (1 - e^(-θx)) / θ`, so that exponential utility of the deal's result is what he
    /// maximizes, whatever the stacks; his opponent's match equity is the complement, so the
    /// game stays zero-sum: the first player's payoff is `u(x)` with `θ = risk / 1000` per ante
    /// and the second's is `-u(x)` (risk-seeking when the first is risk-averse). `risk` 0 is the
    /// chip payoff.
    pub fn with_risk(depth: u32, up: [u8; 2], blind: u8, risk: i16) -> Result<Spec, Error> {
        let mut s = Spec::with_blind(depth, up, blind)?;
        if !(-500..=500).contains(&risk) {
            return Err(invalid(format!(
                "the risk aversion is -500..500 thousandths per ante, got {risk}"
            )));
        }
        s.risk = risk;
        Ok(s)
    }

    fn blind_weight(&self) -> f64 {
        f64::from(self.blind) / 100.0
    }

    /// The first player's risk aversion θ per ante.
    pub fn theta(&self) -> f64 {
        f64::from(self.risk) / 1000.0
    }

    /// Player `p`'s payoff when the first player's result is `x0` antes (see
    /// [`Spec::with_risk`]).
    fn utility(&self, p: usize, x0: f64) -> f64 {
        let theta = self.theta();
        let u = if theta == 0.0 {
            x0
        } else {
            -(-theta * x0).exp_m1() / theta
        };
        if p == 0 {
            u
        } else {
            -u
        }
    }
}

/// The two-rank hands of a signal with their probabilities: `(low rank, high rank, p)`.
pub fn hands_of_signal(up: u8) -> Vec<(u8, u8, f64)> {
    let groups: [Vec<u8>; 2] = [(0..FIRST_UP).collect(), (FIRST_UP..13).collect()];
    let (a, b) = match up {
        0 => (&groups[0], &groups[0]),
        1 => (&groups[0], &groups[1]),
        _ => (&groups[1], &groups[1]),
    };
    let mut p: HashMap<(u8, u8), f64> = HashMap::new();
    let each = 1.0 / (a.len() * b.len()) as f64;
    for &x in a {
        for &y in b {
            *p.entry((x.min(y), x.max(y))).or_insert(0.0) += each;
        }
    }
    let mut out: Vec<(u8, u8, f64)> = p.into_iter().map(|((x, y), q)| (x, y, q)).collect();
    out.sort_by_key(|l| (l.0, l.1));
    out
}

/// +1 when locked rank `r` beats `s`, -1 when it loses, 0 for a tie (OP-2.5: 2 beats A).
pub fn rank_compare(r: u8, s: u8) -> f64 {
    let c = |x: u8| Card::new(x, 0).expect("a rank");
    match compare(c(r), c(s)) {
        Ordering::Greater => 1.0,
        Ordering::Equal => 0.0,
        Ordering::Less => -1.0,
    }
}

fn cmp_table() -> &'static [[f64; RANKS]; RANKS] {
    static T: OnceLock<[[f64; RANKS]; RANKS]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[0.0; RANKS]; RANKS];
        for (r, row) in t.iter_mut().enumerate() {
            for (s, x) in row.iter_mut().enumerate() {
                *x = rank_compare(r as u8, s as u8);
            }
        }
        t
    })
}

/// An action of the abstract deal; amounts are in antes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbstractAction {
    Fold,
    Check,
    Call,
    RaiseTo(u32),
}

impl AbstractAction {
    fn bet(self) -> Bet {
        match self {
            AbstractAction::Fold => Bet::Fold,
            AbstractAction::Check => Bet::Check,
            AbstractAction::Call => Bet::Call,
            AbstractAction::RaiseTo(t) => Bet::RaiseTo(t),
        }
    }
}

#[derive(Clone, Debug)]
enum Kind {
    /// `player` 0 = the first player of the deal, 1 = the second.
    Decision { player: usize, offset: usize },
    /// `folder` gives up his ante and bet: `stake` antes.
    Fold { folder: usize, stake: f64 },
    /// Both have `stake` antes in (ante included); the better locked rank takes it.
    Showdown { stake: f64 },
}

/// A node of the abstract betting tree.
#[derive(Clone, Debug)]
pub struct Node {
    kind: Kind,
    /// The actions and the child each leads to (decisions only).
    pub actions: Vec<(AbstractAction, usize)>,
    /// Per action, the card-blind player's chance of taking it (decisions only): each action
    /// the rules engine lists (fold, check or call, min raise, half pot, pot, all-in) with equal
    /// chance, a listed raise counted for the abstract size nearest in ratio.
    pub blind: Vec<f64>,
    /// Bet level, each player's round bet and the chips behind when the node is reached.
    pub level: u32,
    pub bets: [u32; 2],
    pub behind: [u32; 2],
}

impl Node {
    /// The player to act (0 first, 1 second) at a decision node.
    pub fn player(&self) -> Option<usize> {
        match self.kind {
            Kind::Decision { player, .. } => Some(player),
            _ => None,
        }
    }
}

fn build_tree(depth: u32) -> Vec<Node> {
    let mut nodes = Vec::new();
    if depth == 0 {
        nodes.push(Node {
            kind: Kind::Showdown { stake: 1.0 },
            actions: Vec::new(),
            blind: Vec::new(),
            level: 0,
            bets: [0, 0],
            behind: [0, 0],
        });
        return nodes;
    }
    let hands = [
        [
            Card::new(0, 0).expect("card"),
            Card::new(1, 0).expect("card"),
        ],
        [
            Card::new(2, 0).expect("card"),
            Card::new(3, 0).expect("card"),
        ],
    ];
    let mut deal = OnePokerDeal::new([depth + 1, depth + 1], 0, hands, 1).expect("a valid deal");
    deal.stop_recording();
    deal.lock(0, hands[0][0]).expect("lock");
    deal.lock(1, hands[1][0]).expect("lock");
    let mut offset = 0;
    grow(&deal, 0, &mut nodes, &mut offset);
    nodes
}

/// The abstract raise-to amounts of the seat to act (see the module documentation).
fn raise_sizes(deal: &OnePokerDeal, raises: u32) -> Vec<u32> {
    let legal = deal.legal();
    let Some((lo, hi)) = legal.raise else {
        return Vec::new();
    };
    if raises + 1 >= MAX_RAISES {
        return vec![hi];
    }
    let seat = deal.to_act().expect("a seat to act");
    let owed = deal.level().saturating_sub(deal.bet(seat));
    let base = f64::from(deal.pot_total()) + f64::from(owed);
    let mut out = vec![lo];
    for f in FRACTIONS {
        let t = (f64::from(deal.level()) + f * base).round() as u32;
        out.push(t.clamp(lo, hi));
    }
    out.push(hi);
    out.sort_unstable();
    out.dedup();
    out
}

fn grow(deal: &OnePokerDeal, raises: u32, nodes: &mut Vec<Node>, offset: &mut usize) -> usize {
    let seat = deal.to_act().expect("a decision");
    let legal = deal.legal();
    let id = nodes.len();
    let mut actions = Vec::new();
    if legal.fold {
        actions.push(AbstractAction::Fold);
    }
    if legal.check {
        actions.push(AbstractAction::Check);
    } else if legal.call.is_some() {
        actions.push(AbstractAction::Call);
    }
    actions.extend(
        raise_sizes(deal, raises)
            .into_iter()
            .map(AbstractAction::RaiseTo),
    );
    debug_assert!(actions.len() <= MAX_ACTIONS);
    let blind = blind_weights(deal, &actions);
    nodes.push(Node {
        kind: Kind::Decision {
            player: seat,
            offset: *offset,
        },
        actions: Vec::new(),
        blind,
        level: deal.level(),
        bets: [deal.bet(0), deal.bet(1)],
        behind: [deal.stack(0), deal.stack(1)],
    });
    *offset += RANKS * actions.len();
    let mut children = Vec::with_capacity(actions.len());
    for a in actions {
        let child = match a {
            AbstractAction::Fold => push_leaf(
                nodes,
                deal,
                Kind::Fold {
                    folder: seat,
                    stake: f64::from(1 + deal.bet(seat)),
                },
            ),
            _ => {
                let mut next = deal.clone();
                next.apply(seat, a.bet())
                    .expect("an abstract action is legal");
                if next.is_over() {
                    // A check that ends the round or a call: the matched amount is at stake.
                    let matched = match a {
                        AbstractAction::Call => {
                            let other = deal.bet(1 - seat);
                            other.min(deal.bet(seat) + deal.stack(seat))
                        }
                        _ => deal.level(),
                    };
                    push_leaf(
                        nodes,
                        deal,
                        Kind::Showdown {
                            stake: f64::from(1 + matched),
                        },
                    )
                } else {
                    let more = u32::from(matches!(a, AbstractAction::RaiseTo(_)));
                    grow(&next, raises + more, nodes, offset)
                }
            }
        };
        children.push((a, child));
    }
    nodes[id].actions = children;
    id
}

/// The card-blind player's chances over `actions` at `deal`'s decision ([`Node::blind`]).
fn blind_weights(deal: &OnePokerDeal, actions: &[AbstractAction]) -> Vec<f64> {
    let c = deal.candidates();
    let mut w = vec![0.0; actions.len()];
    let mut add = |k: Option<usize>| {
        if let Some(k) = k {
            w[k] += 1.0;
        }
    };
    let find = |x: AbstractAction| actions.iter().position(|&a| a == x);
    if c.fold {
        add(find(AbstractAction::Fold));
    }
    if c.check {
        add(find(AbstractAction::Check));
    } else if c.call.is_some() {
        add(find(AbstractAction::Call));
    }
    for t in c.sizes.iter().flatten() {
        let nearest = actions
            .iter()
            .enumerate()
            .filter_map(|(k, &a)| match a {
                AbstractAction::RaiseTo(u) => {
                    Some((k, (f64::from(*t).ln() - f64::from(u).ln()).abs()))
                }
                _ => None,
            })
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|x| x.0);
        add(nearest);
    }
    let total: f64 = w.iter().sum();
    if total > 0.0 {
        w.iter_mut().for_each(|x| *x /= total);
    } else {
        let u = 1.0 / actions.len().max(1) as f64;
        w.iter_mut().for_each(|x| *x = u);
    }
    w
}

fn push_leaf(nodes: &mut Vec<Node>, deal: &OnePokerDeal, kind: Kind) -> usize {
    nodes.push(Node {
        kind,
        actions: Vec::new(),
        blind: Vec::new(),
        level: deal.level(),
        bets: [deal.bet(0), deal.bet(1)],
        behind: [deal.stack(0), deal.stack(1)],
    });
    nodes.len() - 1
}

type Vec13 = [f64; RANKS];

/// Regret matching: the strategy of one rank at a node from its regrets (uniform if none is
/// positive).
fn matching(regrets: &[f64], out: &mut [f64]) {
    let total: f64 = regrets.iter().map(|&r| r.max(0.0)).sum();
    if total > 0.0 {
        for (o, &r) in out.iter_mut().zip(regrets) {
            *o = r.max(0.0) / total;
        }
    } else {
        let u = 1.0 / out.len() as f64;
        out.iter_mut().for_each(|o| *o = u);
    }
}

/// A solved abstract deal: the tree, the average strategies, and how it was computed.
#[derive(Clone, Debug)]
pub struct Solution {
    pub spec: Spec,
    pub nodes: Vec<Node>,
    /// Each player's hands (`hands_of_signal` of his UP count).
    pub hands: [Vec<(u8, u8, f64)>; 2],
    regret: Vec<f64>,
    average: Vec<f64>,
    lock_regret: [Vec<[f64; 2]>; 2],
    lock_average: [Vec<[f64; 2]>; 2],
    pub iterations: u32,
}

impl Solution {
    /// A fresh solver for `spec` (no iteration run yet).
    pub fn new(spec: Spec) -> Solution {
        let nodes = build_tree(spec.depth);
        let size = nodes.iter().map(|n| RANKS * n.actions.len()).sum::<usize>();
        let hands = [hands_of_signal(spec.up[0]), hands_of_signal(spec.up[1])];
        let lock = |p: usize| vec![[0.0; 2]; hands[p].len()];
        Solution {
            spec,
            regret: vec![0.0; size],
            average: vec![0.0; size],
            lock_regret: [lock(0), lock(1)],
            lock_average: [lock(0), lock(1)],
            hands,
            nodes,
            iterations: 0,
        }
    }

    /// Solves `spec` with `iterations` CFR+ iterations.
    pub fn solve(spec: Spec, iterations: u32) -> Solution {
        let mut s = Solution::new(spec);
        s.run(iterations);
        s
    }

    /// Number of betting nodes where someone decides.
    pub fn decision_nodes(&self) -> usize {
        self.nodes.iter().filter(|n| n.player().is_some()).count()
    }

    /// Runs `iterations` more CFR+ iterations (each updates both players in turn).
    pub fn run(&mut self, iterations: u32) {
        let w = self.spec.blind_weight();
        for _ in 0..iterations {
            self.iterations += 1;
            let t = f64::from(self.iterations);
            for p in 0..2 {
                let reach_p = self.root_reach(p, false);
                let mut reach_o = self.root_reach(1 - p, false);
                reach_o.iter_mut().for_each(|x| *x *= 1.0 - w);
                let blind = self.blind_root_reach(1 - p);
                let v = self.update(0, p, &reach_p, (&reach_o, &blind), t);
                self.update_lock(p, &v, t);
            }
        }
    }

    /// The card-blind player's reach over locked ranks at the betting root, times its weight
    /// (zero when the spec has none): either card of each hand with chance ½.
    fn blind_root_reach(&self, p: usize) -> Vec13 {
        let w = self.spec.blind_weight();
        let mut out = [0.0; RANKS];
        if w == 0.0 {
            return out;
        }
        for &(x, y, q) in &self.hands[p] {
            out[x as usize] += 0.5 * w * q;
            out[y as usize] += 0.5 * w * q;
        }
        out
    }

    /// A player's reach over locked ranks at the betting root: his hands' chances times his
    /// lock strategy (current or average).
    fn root_reach(&self, p: usize, average: bool) -> Vec13 {
        let mut out = [0.0; RANKS];
        for (k, &(x, y, q)) in self.hands[p].iter().enumerate() {
            let s = self.lock_strategy(p, k, average);
            out[x as usize] += q * s[0];
            out[y as usize] += q * s[1];
        }
        out
    }

    /// The lock strategy of player `p` for hand `k`: the chance of locking its lower rank and
    /// its higher rank (a pair has the same rank twice; its split is immaterial).
    pub fn lock_strategy(&self, p: usize, k: usize, average: bool) -> [f64; 2] {
        let mut s = [0.5; 2];
        let (x, y, _) = self.hands[p][k];
        if x == y {
            return s;
        }
        if average {
            let a = self.lock_average[p][k];
            let total = a[0] + a[1];
            if total > 0.0 {
                s = [a[0] / total, a[1] / total];
            }
        } else {
            matching(&self.lock_regret[p][k], &mut s);
        }
        s
    }

    fn update_lock(&mut self, p: usize, v: &Vec13, t: f64) {
        for k in 0..self.hands[p].len() {
            let (x, y, q) = self.hands[p][k];
            if x == y {
                continue;
            }
            let s = self.lock_strategy(p, k, false);
            let vals = [v[x as usize], v[y as usize]];
            let mean = s[0] * vals[0] + s[1] * vals[1];
            let r = &mut self.lock_regret[p][k];
            for a in 0..2 {
                r[a] = (r[a] + vals[a] - mean).max(0.0);
            }
            let avg = &mut self.lock_average[p][k];
            for a in 0..2 {
                avg[a] += t * q * s[a];
            }
        }
    }

    fn terminal(&self, n: usize, p: usize, reach: (&Vec13, &Vec13)) -> Vec13 {
        let mut both = *reach.0;
        for (b, &x) in both.iter_mut().zip(reach.1) {
            *b += x;
        }
        let reach_o = &both;
        let mut v = [0.0; RANKS];
        match self.nodes[n].kind {
            Kind::Fold { folder, stake } => {
                let total: f64 = reach_o.iter().sum();
                let x0 = if folder == 0 { -stake } else { stake };
                let x = self.spec.utility(p, x0) * total;
                v.iter_mut().for_each(|o| *o = x);
            }
            Kind::Showdown { stake } => {
                let table = cmp_table();
                // p's payoff when his rank wins and when it loses.
                let sign = if p == 0 { 1.0 } else { -1.0 };
                let win = self.spec.utility(p, sign * stake);
                let lose = self.spec.utility(p, -sign * stake);
                for (r, o) in v.iter_mut().enumerate() {
                    let mut acc = 0.0;
                    for (s, &q) in reach_o.iter().enumerate() {
                        let t = table[r][s];
                        if t > 0.0 {
                            acc += win * q;
                        } else if t < 0.0 {
                            acc += lose * q;
                        }
                    }
                    *o = acc;
                }
            }
            Kind::Decision { .. } => unreachable!("a terminal node"),
        }
        v
    }

    fn current(&self, offset: usize, actions: usize, r: usize, out: &mut [f64]) {
        let at = offset + r * actions;
        matching(&self.regret[at..at + actions], out);
    }

    /// The average strategy of rank `r` at decision node `n`.
    pub fn average_strategy(&self, n: usize, r: usize) -> Vec<f64> {
        let mut out = vec![0.0; self.nodes[n].actions.len()];
        self.average_into(n, r, &mut out);
        out
    }

    fn average_into(&self, n: usize, r: usize, out: &mut [f64]) {
        let Kind::Decision { offset, .. } = self.nodes[n].kind else {
            return;
        };
        let k = out.len();
        let at = offset + r * k;
        let a = &self.average[at..at + k];
        let total: f64 = a.iter().sum();
        for (o, &x) in out.iter_mut().zip(a) {
            *o = if total > 0.0 {
                x / total
            } else {
                1.0 / k as f64
            };
        }
    }

    /// One CFR+ pass for player `p`; `reach_o` is the other player's reach as his free
    /// (solved) part and his card-blind part.
    fn update(
        &mut self,
        n: usize,
        p: usize,
        reach_p: &Vec13,
        reach_o: (&Vec13, &Vec13),
        t: f64,
    ) -> Vec13 {
        let Kind::Decision { player, offset } = self.nodes[n].kind else {
            return self.terminal(n, p, reach_o);
        };
        let k = self.nodes[n].actions.len();
        let mut children = [0usize; MAX_ACTIONS];
        for (slot, &(_, c)) in children.iter_mut().zip(&self.nodes[n].actions) {
            *slot = c;
        }
        let mut sigma = [[0.0; MAX_ACTIONS]; RANKS];
        for (r, row) in sigma.iter_mut().enumerate() {
            self.current(offset, k, r, &mut row[..k]);
        }
        let mut v = [0.0; RANKS];
        if player == p {
            let mut vals = [[0.0; RANKS]; MAX_ACTIONS];
            for a in 0..k {
                let mut rp = *reach_p;
                for r in 0..RANKS {
                    rp[r] *= sigma[r][a];
                }
                vals[a] = self.update(children[a], p, &rp, reach_o, t);
            }
            for r in 0..RANKS {
                for a in 0..k {
                    v[r] += sigma[r][a] * vals[a][r];
                }
                let at = offset + r * k;
                for a in 0..k {
                    self.regret[at + a] = (self.regret[at + a] + vals[a][r] - v[r]).max(0.0);
                    self.average[at + a] += t * reach_p[r] * sigma[r][a];
                }
            }
        } else {
            for a in 0..k {
                let mut ro = *reach_o.0;
                for r in 0..RANKS {
                    ro[r] *= sigma[r][a];
                }
                let mut blind = *reach_o.1;
                let b = self.nodes[n].blind[a];
                blind.iter_mut().for_each(|x| *x *= b);
                let w = self.update(children[a], p, reach_p, (&ro, &blind), t);
                for r in 0..RANKS {
                    v[r] += w[r];
                }
            }
        }
        v
    }

    /// Counterfactual values per rank of `p` at node `n` (opponent reach `reach_o`), with
    /// `p` best-responding (`best`) or both players on their average strategies.
    /// `reach_o` is the other player's reach as his average strategy's part and his
    /// card-blind part.
    fn evaluate(&self, n: usize, p: usize, reach_o: (&Vec13, &Vec13), best: bool) -> Vec13 {
        let Kind::Decision { player, .. } = self.nodes[n].kind else {
            return self.terminal(n, p, reach_o);
        };
        let mut v = if best && player == p {
            [f64::NEG_INFINITY; RANKS]
        } else {
            [0.0; RANKS]
        };
        let acts = &self.nodes[n].actions;
        let mut strategies = [[0.0; MAX_ACTIONS]; RANKS];
        for (r, row) in strategies.iter_mut().enumerate() {
            self.average_into(n, r, &mut row[..acts.len()]);
        }
        for (a, &(_, c)) in acts.iter().enumerate() {
            if player == p {
                let w = self.evaluate(c, p, reach_o, best);
                for r in 0..RANKS {
                    if best {
                        v[r] = v[r].max(w[r]);
                    } else {
                        v[r] += strategies[r][a] * w[r];
                    }
                }
            } else {
                let mut ro = *reach_o.0;
                for r in 0..RANKS {
                    ro[r] *= strategies[r][a];
                }
                let mut blind = *reach_o.1;
                let b = self.nodes[n].blind[a];
                blind.iter_mut().for_each(|x| *x *= b);
                let w = self.evaluate(c, p, (&ro, &blind), best);
                for r in 0..RANKS {
                    v[r] += w[r];
                }
            }
        }
        v
    }

    /// The value (antes per deal) of `p`'s exact best response to the other player's average
    /// strategy.
    pub fn best_response(&self, p: usize) -> f64 {
        let reach_o = self.root_reach(1 - p, true);
        let v = self.evaluate(0, p, (&reach_o, &[0.0; RANKS]), true);
        self.hands[p]
            .iter()
            .map(|&(x, y, q)| q * v[x as usize].max(v[y as usize]))
            .sum()
    }

    /// The first player's expected result (antes per deal) when both play their average
    /// strategies.
    pub fn value(&self) -> f64 {
        let reach_o = self.root_reach(1, true);
        let v = self.evaluate(0, 0, (&reach_o, &[0.0; RANKS]), false);
        self.hands[0]
            .iter()
            .enumerate()
            .map(|(k, &(x, y, q))| {
                let s = self.lock_strategy(0, k, true);
                q * (s[0] * v[x as usize] + s[1] * v[y as usize])
            })
            .sum()
    }

    /// The expected result (antes per deal) of player `p`'s average strategy against a
    /// card-blind opponent alone (see [`Spec::with_blind`]), whatever the spec's weight.
    pub fn value_against_blind(&self, p: usize) -> f64 {
        let mut blind = [0.0; RANKS];
        for &(x, y, q) in &self.hands[1 - p] {
            blind[x as usize] += 0.5 * q;
            blind[y as usize] += 0.5 * q;
        }
        let v = self.evaluate(0, p, (&[0.0; RANKS], &blind), false);
        self.hands[p]
            .iter()
            .enumerate()
            .map(|(k, &(x, y, q))| {
                let s = self.lock_strategy(p, k, true);
                q * (s[0] * v[x as usize] + s[1] * v[y as usize])
            })
            .sum()
    }

    /// Half the sum of both players' best-response values (antes per deal): what a best
    /// responder gains on average over the two positions; 0 at an exact equilibrium.
    pub fn exploitability(&self) -> f64 {
        0.5 * (self.best_response(0) + self.best_response(1))
    }

    /// The decision node reached by a betting history of abstract actions (by index at each
    /// node), or an error naming the first step that does not exist.
    pub fn node_after(&self, path: &[usize]) -> Result<usize, Error> {
        let mut n = 0;
        for (i, &a) in path.iter().enumerate() {
            let acts = &self.nodes[n].actions;
            if a >= acts.len() {
                return Err(invalid(format!(
                    "step {i} of the betting path is action {a}, but the node has {}",
                    acts.len()
                )));
            }
            n = acts[a].1;
        }
        Ok(n)
    }

    /// The index of the child of decision node `n` that best stands for a real action: fold,
    /// check and call as themselves, a raise to `to` antes by the raise child nearest in ratio
    /// (ties to the smaller). None if nothing matches (fold where the node has none).
    pub fn translate(&self, n: usize, action: AbstractAction, to: f64) -> Option<usize> {
        let acts = &self.nodes[n].actions;
        match action {
            AbstractAction::RaiseTo(_) => {
                let mut best: Option<(usize, f64)> = None;
                for (k, &(a, _)) in acts.iter().enumerate() {
                    if let AbstractAction::RaiseTo(t) = a {
                        let gap = (to.max(1e-9).ln() - f64::from(t).ln()).abs();
                        if best.is_none_or(|(_, g)| gap < g - 1e-12) {
                            best = Some((k, gap));
                        }
                    }
                }
                best.map(|(k, _)| k).or_else(|| {
                    // No raise here (the opponent could only call): the closest is the call.
                    acts.iter().position(|&(a, _)| a == AbstractAction::Call)
                })
            }
            AbstractAction::Check | AbstractAction::Call => acts
                .iter()
                .position(|&(a, _)| matches!(a, AbstractAction::Check | AbstractAction::Call)),
            AbstractAction::Fold => acts.iter().position(|&(a, _)| a == AbstractAction::Fold),
        }
    }

    /// The other player's reach over ranks at node `n` (reached by `path`) from the point of
    /// view of the player `p` who acts there: his root reach times his average strategy along
    /// the path (weighted by the free part), and the card-blind part's reach (zero without).
    pub fn opponent_reach(&self, p: usize, path: &[usize]) -> (Vec13, Vec13) {
        let mut reach = self.root_reach(1 - p, true);
        let w = self.spec.blind_weight();
        reach.iter_mut().for_each(|x| *x *= 1.0 - w);
        let mut blind = self.blind_root_reach(1 - p);
        let mut n = 0;
        for &a in path {
            if self.nodes[n].player() == Some(1 - p) {
                for (r, x) in reach.iter_mut().enumerate() {
                    *x *= self.average_strategy(n, r)[a];
                }
                let b = self.nodes[n].blind[a];
                blind.iter_mut().for_each(|x| *x *= b);
            }
            n = self.nodes[n].actions[a].1;
        }
        (reach, blind)
    }

    /// Expected results (antes) for player `p` holding rank `r` at the decision node reached
    /// by `path`, of each action there, when both play the average strategy afterwards and the
    /// other's rank follows his average strategy so far.
    pub fn action_values(&self, p: usize, path: &[usize], r: usize) -> Result<Vec<f64>, Error> {
        let n = self.node_after(path)?;
        if self.nodes[n].player() != Some(p) {
            return Err(invalid(
                "the betting path does not lead to this player's decision",
            ));
        }
        let (reach, blind) = self.opponent_reach(p, path);
        let total: f64 = reach.iter().sum::<f64>() + blind.iter().sum::<f64>();
        let norm = if total > 0.0 { total } else { 1.0 };
        Ok(self.nodes[n]
            .actions
            .iter()
            .map(|&(_, c)| self.evaluate(c, p, (&reach, &blind), false)[r] / norm)
            .collect())
    }

    /// Expected results (antes) for player `p` of locking each rank of a hand, when both play
    /// the average strategy afterwards.
    pub fn lock_values(&self, p: usize, low: u8, high: u8) -> [f64; 2] {
        let (reach, blind) = self.opponent_reach(p, &[]);
        let total: f64 = reach.iter().sum::<f64>() + blind.iter().sum::<f64>();
        let v = self.evaluate(0, p, (&reach, &blind), false);
        let norm = if total > 0.0 { total } else { 1.0 };
        [v[low as usize] / norm, v[high as usize] / norm]
    }

    /// The index of `(low, high)` among player `p`'s hands (ranks in either order), if his
    /// signal allows it.
    pub fn hand_index(&self, p: usize, a: u8, b: u8) -> Option<usize> {
        let (x, y) = (a.min(b), a.max(b));
        self.hands[p].iter().position(|&(l, h, _)| l == x && h == y)
    }
}

/// Solutions computed once per process (deterministic: the spec and the iteration count fix
/// them).
pub fn solved(spec: Spec, iterations: u32) -> Arc<Solution> {
    type Cache = Mutex<HashMap<(Spec, u32), Arc<Solution>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(s) = cache.lock().expect("cache").get(&(spec, iterations)) {
        return Arc::clone(s);
    }
    let s = Arc::new(Solution::solve(spec, iterations));
    cache
        .lock()
        .expect("cache")
        .entry((spec, iterations))
        .or_insert(s)
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signal_hands_are_distributions_over_the_right_groups() {
        for up in 0..3u8 {
            let h = hands_of_signal(up);
            let total: f64 = h.iter().map(|x| x.2).sum();
            assert!((total - 1.0).abs() < 1e-12);
            for &(x, y, _) in &h {
                let ups = u8::from(x >= FIRST_UP) + u8::from(y >= FIRST_UP);
                assert_eq!(ups, up);
            }
        }
        assert_eq!(hands_of_signal(1).len(), 42);
        assert_eq!(hands_of_signal(2).len(), 28);
        assert_eq!(hands_of_signal(0).len(), 21);
    }

    #[test]
    fn two_beats_ace_in_the_table() {
        assert_eq!(rank_compare(0, 12), 1.0);
        assert_eq!(rank_compare(12, 0), -1.0);
        assert_eq!(rank_compare(12, 11), 1.0);
        assert_eq!(rank_compare(0, 1), -1.0);
        assert_eq!(rank_compare(5, 5), 0.0);
    }

    #[test]
    fn the_tree_follows_the_rules_engine() {
        let s = Solution::new(Spec::new(19, [1, 1]).unwrap());
        let root = &s.nodes[0];
        assert_eq!(root.player(), Some(0));
        // OP-8.7: check or bet 1..19; no fold.
        let acts: Vec<AbstractAction> = root.actions.iter().map(|a| a.0).collect();
        assert_eq!(acts[0], AbstractAction::Check);
        assert!(acts.contains(&AbstractAction::RaiseTo(1)));
        assert!(acts.contains(&AbstractAction::RaiseTo(19)));
        assert!(!acts.contains(&AbstractAction::Fold));
        // Every decision facing all-in offers only fold or call.
        for n in &s.nodes {
            if n.player().is_some() && n.level == 19 {
                assert_eq!(n.actions.len(), 2);
            }
        }
        assert!(s.decision_nodes() > 10);
    }

    #[test]
    fn cfr_converges_and_the_deal_is_nearly_zero_sum_fair() {
        let spec = Spec::new(9, [1, 2]).unwrap();
        let early = Solution::solve(spec, 20).exploitability();
        let s = Solution::solve(spec, 600);
        let late = s.exploitability();
        assert!(late < early, "{late} vs {early}");
        assert!(late < 0.05, "{late}");
        // Best responses can only gain: BR_0 ≥ value ≥ -BR_1.
        let v = s.value();
        assert!(s.best_response(0) >= v - 1e-9);
        assert!(s.best_response(1) >= -v - 1e-9);
    }

    #[test]
    fn no_betting_when_all_in_from_the_ante() {
        let s = Solution::solve(Spec::new(0, [2, 0]).unwrap(), 200);
        assert_eq!(s.decision_nodes(), 0);
        // An UP pair against a DOWN pair: lock the higher rank unless it is an ace facing
        // possible deuces; the first player's edge is real.
        assert!(s.value() > 0.2);
        assert!(s.exploitability() < 1e-3);
    }

    #[test]
    fn a_restricted_response_beats_the_card_blind_player_and_stays_hard_to_exploit() {
        let plain = Solution::solve(Spec::new(19, [1, 1]).unwrap(), 600);
        let same = Solution::solve(Spec::with_blind(19, [1, 1], 0).unwrap(), 600);
        assert_eq!(plain.value(), same.value());
        let rnr = Solution::solve(Spec::with_blind(19, [1, 1], 2).unwrap(), 600);
        for p in 0..2 {
            assert!(
                rnr.value_against_blind(p) > plain.value_against_blind(p) + 0.2,
                "{p}: {} vs {}",
                rnr.value_against_blind(p),
                plain.value_against_blind(p)
            );
        }
        // Still within 1% of the 20-ante stack against a best responder.
        assert!(rnr.exploitability() < 0.2, "{}", rnr.exploitability());
        assert!(rnr.exploitability() > plain.exploitability());
        // The card-blind player's chances at each decision are a distribution over the
        // listed actions: at the root (pot 2) check, bet 1 (the min bet and half the pot),
        // 2 (the pot) and all-in, a quarter each.
        let root = &rnr.nodes[0];
        assert!((root.blind.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(
            root.blind.iter().filter(|&&w| w == 0.25).count(),
            4,
            "{:?}",
            root.blind
        );
        assert!(Spec::with_blind(19, [1, 1], 101).is_err());
    }

    #[test]
    fn a_risk_averse_first_player_puts_his_stack_in_less_often() {
        let chips = Solution::solve(Spec::new(19, [1, 1]).unwrap(), 600);
        let averse = Solution::solve(Spec::with_risk(19, [1, 1], 0, 100).unwrap(), 600);
        let all_in = |s: &Solution| -> f64 {
            let root = &s.nodes[0];
            let k = root
                .actions
                .iter()
                .position(|&(a, _)| a == AbstractAction::RaiseTo(19))
                .expect("all-in");
            let reach = s.root_reach(0, true);
            (0..RANKS)
                .map(|r| reach[r] * s.average_strategy(0, r)[k])
                .sum()
        };
        assert!(
            all_in(&averse) < all_in(&chips),
            "{} vs {}",
            all_in(&averse),
            all_in(&chips)
        );
        // Zero-sum: what one gains in utility the other loses.
        let spec = averse.spec;
        for x in [-19.0, -3.0, 0.0, 1.0, 19.0] {
            assert!((spec.utility(0, x) + spec.utility(1, x)).abs() < 1e-12);
        }
        assert_eq!(Spec::new(5, [0, 0]).unwrap().utility(0, 7.0), 7.0);
        assert!(spec.utility(0, 19.0) < 19.0 && spec.utility(0, -19.0) < -19.0);
        assert!(Spec::with_risk(5, [0, 0], 0, 501).is_err());
    }

    #[test]
    fn depth_buckets() {
        assert_eq!(depth_bucket(0.0), 0);
        assert_eq!(depth_bucket(19.0), 19);
        assert_eq!(depth_bucket(19.4), 19);
        let b = depth_bucket(100.0);
        assert!((90..=110).contains(&b), "{b}");
        assert_eq!(depth_bucket(1e9), MAX_DEPTH);
    }
}
#[cfg(test)]
mod probe {
    use super::*;

    /// Tree sizes, solve times and exploitability by iterations (`--ignored --nocapture`).
    #[test]
    #[ignore]
    fn probe_sizes() {
        for d in [1u32, 5, 10, 19, 24, 40, 100, 400] {
            let t0 = std::time::Instant::now();
            let mut s = Solution::new(Spec::new(d, [1, 1]).unwrap());
            let mut line = format!("d={d} nodes={} dec={}", s.nodes.len(), s.decision_nodes());
            for it in [100u32, 300, 1000, 1500] {
                s.run(it - s.iterations);
                line += &format!(" {it}:{:.5}@{:?}", s.exploitability(), t0.elapsed());
            }
            println!("{line}");
        }
    }
}
