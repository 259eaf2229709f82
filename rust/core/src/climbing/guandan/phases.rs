//! The return phase of a Guandan deal (rules/guandan.md GD-4.7, GD-4.8) and seeded playouts of a
//! deal from any decision point: a recipient choosing his return card, or card play.
//!
//! Tribute itself is automatic (GD-4.4, GD-4.5) and happens before any decision, so the first
//! decision of a deal after the first is a return (unless resisted, GD-4.3) and every later one
//! is card play on a [`GdTable`].
//!
//! # Policies
//!
//! * `Random`: a return card uniform among the eligible card kinds (in index order, as
//!   `cardavia.guandan.return_options` lists them); card play as in [`super::playout`].
//! * `Greedy`: return the lowest eligible card (smallest group value `g`, GD-2.4, then the
//!   lowest card index); card play as in [`super::playout`] (go out when possible, lead long
//!   low combinations, never beat the partner, follow with the lowest beating normal move).

use super::combo::{group_value, wild_card};
use super::playout::{playout_with_buffer, GdOutcome};
use super::table::{GdTable, SEATS};
use crate::cards::{Card, CardBag};
use crate::climbing::{playout_seed, Policy};
use crate::error::{invalid, Error};
use crate::rng::Rng;

/// The card kinds a recipient holding `hand` may return at level `level` (GD-4.7): non-wild
/// cards of natural rank 2..T; if there are none, the non-wild cards of minimum group value.
/// In card index order.
pub fn return_options(hand: CardBag, level: u8) -> Vec<Card> {
    let wild = wild_card(level);
    let kinds: Vec<Card> = hand.kinds().iter().filter(|&c| c != wild).collect();
    let low: Vec<Card> = kinds
        .iter()
        .copied()
        .filter(|c| !c.is_joker() && c.rank() <= 8)
        .collect();
    if !low.is_empty() {
        return low;
    }
    let Some(least) = kinds.iter().map(|c| group_value(c.rank(), level)).min() else {
        return Vec::new();
    };
    kinds
        .into_iter()
        .filter(|c| group_value(c.rank(), level) == least)
        .collect()
}

/// The greedy return: the lowest eligible card (smallest `g`, then lowest index).
pub fn greedy_return(options: &[Card], level: u8) -> Card {
    *options
        .iter()
        .min_by_key(|c| (group_value(c.rank(), level), c.index()))
        .expect("a recipient always has an eligible card")
}

/// A deal in its return phase: hands as they are (tributes moved, returns not yet), the
/// returns still to choose as (recipient, payer) in order, those chosen as (recipient, payer,
/// card), and the first leader after the returns (GD-4.8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GdReturnPhase {
    pub level: u8,
    pub hands: [CardBag; SEATS],
    pub pending: Vec<(usize, usize)>,
    pub chosen: Vec<(usize, usize, Card)>,
    pub leader: usize,
}

impl GdReturnPhase {
    /// Checks seats, cards and the chosen returns (each in its recipient's hand).
    pub fn validate(&self) -> Result<(), Error> {
        if self.level > 12 {
            return Err(invalid("level is 0..=12"));
        }
        if self.pending.is_empty() {
            return Err(invalid("no return is pending"));
        }
        let mut all = CardBag::EMPTY;
        for h in &self.hands {
            all = all
                .checked_add(*h)
                .ok_or_else(|| invalid("the hands hold some card three times"))?;
        }
        let seat_ok = |s: usize| s < SEATS;
        if self.leader >= SEATS
            || !self.pending.iter().all(|&(r, p)| seat_ok(r) && seat_ok(p))
            || !self
                .chosen
                .iter()
                .all(|&(r, p, _)| seat_ok(r) && seat_ok(p))
        {
            return Err(invalid("seats are 0..4"));
        }
        for &(r, _, c) in &self.chosen {
            if !self.hands[r].contains(c) {
                return Err(invalid(format!("seat {r} does not hold its return {c}")));
            }
        }
        Ok(())
    }

    /// The card play that follows once every return is chosen: the returns move at the same
    /// time (GD-4.7) and the leader leads (GD-4.8).
    pub fn table_after(&self, returns: &[(usize, usize, Card)]) -> Result<GdTable, Error> {
        let mut hands = self.hands;
        for &(r, p, c) in returns {
            if !hands[r].remove(c) {
                return Err(invalid(format!("seat {r} does not hold {c}")));
            }
            hands[p].insert(c);
        }
        GdTable::new(self.level, hands.to_vec(), self.leader)
    }

    /// Chooses the pending returns with `policy` and plays the deal out.
    pub fn playout(
        &self,
        policy: Policy,
        rng: &mut Rng,
        plays: &mut Vec<super::GdCombo>,
    ) -> GdOutcome {
        let mut returns = self.chosen.clone();
        for &(r, p) in &self.pending {
            let options = return_options(self.hands[r], self.level);
            let card = match policy {
                Policy::Random => options[rng.below(options.len() as u64) as usize],
                Policy::Greedy => greedy_return(&options, self.level),
            };
            returns.push((r, p, card));
        }
        let mut table = self
            .table_after(&returns)
            .expect("returns chosen from the recipients' hands");
        playout_with_buffer(&mut table, policy, rng, plays)
    }
}

/// Each seat's payoff for a finished deal, in the unit of `GuandanState.returns()`: the
/// winners' promotion `n` (GD-9.3) for the winning team, `-n` for the losers.
pub fn outcome_returns(o: &GdOutcome) -> [f64; SEATS] {
    let n = o.promotion() as f64;
    let team = o.winning_team() as usize;
    let mut out = [0.0; SEATS];
    for (seat, x) in out.iter_mut().enumerate() {
        *x = if seat % 2 == team { n } else { -n };
    }
    out
}

/// Where a batch of playouts starts.
#[derive(Clone, Debug)]
pub enum GdStart {
    Returns(GdReturnPhase),
    Play(GdTable),
}

/// `n` playouts from `start` to the end of the deal, playout `i` seeded by
/// [`playout_seed`]`(seed, i)`, on `threads` threads; each row is [`outcome_returns`]. Rows are
/// in index order and do not depend on `threads`.
pub fn playout_returns(
    start: &GdStart,
    n: usize,
    policy: Policy,
    seed: u64,
    threads: usize,
) -> Vec<[f64; SEATS]> {
    let run = |first: usize, out: &mut [[f64; SEATS]]| {
        let mut plays = Vec::with_capacity(1024);
        let start = match start {
            GdStart::Play(t) => {
                let mut t = t.clone();
                t.set_record_history(false);
                t.clear_history();
                GdStart::Play(t)
            }
            other => other.clone(),
        };
        for (k, slot) in out.iter_mut().enumerate() {
            let mut rng = Rng::new(playout_seed(seed, (first + k) as u64));
            let o = match &start {
                GdStart::Play(t) => {
                    let mut t = t.clone();
                    playout_with_buffer(&mut t, policy, &mut rng, &mut plays)
                }
                GdStart::Returns(r) => r.playout(policy, &mut rng, &mut plays),
            };
            *slot = outcome_returns(&o);
        }
    };
    let mut results = vec![[0.0; SEATS]; n];
    let threads = threads.max(1).min(n.max(1));
    if threads == 1 {
        run(0, &mut results);
        return results;
    }
    let chunk = n.div_ceil(threads);
    std::thread::scope(|scope| {
        for (k, part) in results.chunks_mut(chunk).enumerate() {
            let run = &run;
            scope.spawn(move || run(k * chunk, part));
        }
    });
    results
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::climbing::guandan::resample::{better_than, resample, GdView};

    fn bag(text: &str) -> CardBag {
        CardBag::parse(text).unwrap()
    }

    #[test]
    fn return_options_follow_gd_4_7() {
        // GD-V37: level T; Th is wild, Ts and 4c qualify; without 2..T cards, the least J.
        let level = 8;
        let opts = return_options(bag("Th Ts 4c As Kd"), level);
        assert!(opts.contains(&"Ts".parse().unwrap()) && opts.contains(&"4c".parse().unwrap()));
        assert!(!opts.contains(&"Th".parse().unwrap()));
        let high = return_options(bag("Th Jc Jd Qs Ks As SJ BJ"), level);
        assert_eq!(high, vec!["Jc".parse().unwrap(), "Jd".parse().unwrap()]);
        // GD-V38: level 5; 5s qualifies, 5h does not.
        let opts = return_options(bag("5s 5h Ac"), 3);
        assert_eq!(opts, vec!["5s".parse().unwrap()]);
        assert_eq!(
            greedy_return(&return_options(bag("9c 3d 7h As"), 3), 3),
            "3d".parse().unwrap()
        );
    }

    /// A return phase after a single tribute from seat 3 to seat 1 (its best card at level
    /// 2, no big-joker resistance assumed needed for the test) and that tribute card.
    fn return_phase() -> (GdReturnPhase, Card) {
        let mut rng = Rng::new(11);
        let mut hands = super::super::deal(&mut rng);
        let t = hands[3]
            .iter()
            .filter(|&c| c != wild_card(0))
            .max_by_key(|c| (group_value(c.rank(), 0), c.suit()))
            .unwrap();
        hands[3].remove(t);
        hands[1].insert(t);
        let phase = GdReturnPhase {
            level: 0,
            hands,
            pending: vec![(1, 3)],
            chosen: Vec::new(),
            leader: 3,
        };
        (phase, t)
    }

    #[test]
    fn playouts_from_the_return_phase_do_not_depend_on_threads() {
        let start = GdStart::Returns(return_phase().0);
        for p in [Policy::Random, Policy::Greedy] {
            let one = playout_returns(&start, 10, p, 3, 1);
            assert_eq!(one, playout_returns(&start, 10, p, 3, 2));
            for row in &one {
                assert!(row[0] == row[2] && row[1] == row[3] && row[0] == -row[1]);
                assert!([1.0, 2.0, 3.0].contains(&row[0].abs()));
            }
        }
    }

    #[test]
    fn resample_bounds_the_payer_by_its_tribute() {
        let (phase, tribute) = return_phase();
        let mut rng = Rng::new(2);
        for viewer in [0, 2] {
            let view = GdView {
                level: 0,
                viewer,
                hands: phase.hands,
                played: [CardBag::EMPTY; 4],
                return_phase: true,
                resisted: false,
                bj_holders: [0; 4],
                transfers: vec![(3, 1, tribute)],
                returns: Vec::new(),
            };
            for _ in 0..50 {
                let r = resample(&view, &mut rng).unwrap();
                assert_eq!(r.hands[viewer], phase.hands[viewer]);
                assert!(r.hands[1].contains(tribute));
                assert!(r.dealt[3].contains(tribute));
                let better = better_than(tribute, 0);
                assert!(r.dealt[3].kinds().intersection(better).is_empty());
                for s in 0..4 {
                    assert_eq!(r.hands[s].len(), phase.hands[s].len());
                }
            }
        }
    }
}
