//! [`Round`]: one no-limit betting round, shared by Texas Hold'em (rules/holdem.md HE-4) and One
//! Poker (rules/onepoker.md OP-4, which states the same mechanism, OP-7.16).
//!
//! The round keeps, per seat, the stack `s_i`, the round bet `b_i`, whether the seat is still in
//! the hand (dealt in and not folded), whether it has acted and the bet level `L_i` after its last
//! action, and whether it is *pending* (HE-4.7). Round-wide: the bet level `H` and the full-raise
//! size `Δ` (HE-4.1, OP-4.2). Every amount is a "to" total (HE-4.2, OP-4.4).
//!
//! Turn order (HE-4.8): the first pending seat clockwise from the previous actor; a pending seat
//! whose action could not matter is skipped (HE-4.9); the round ends when nobody is pending or
//! only one seat is left in the hand (HE-4.10). [`Round::uncalled`] gives the chips to return
//! (HE-5.3, OP-4.9).

use super::{Bet, Rules};
use crate::climbing::RuleViolation;

/// Most seats a table may have (Hold'em allows 2–10 players).
pub const MAX_SEATS: usize = 10;

/// What the seat to act may do (HE-4.2, HE-4.3, HE-4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Legal {
    pub fold: bool,
    pub check: bool,
    /// Chips a CALL moves (`min(owed, stack)`), if CALL is legal.
    pub call: Option<u32>,
    /// The legal raise-to range `[min, max]`, if raising (or betting) is legal.
    pub raise: Option<(u32, u32)>,
    /// True if a raise would be an opening bet (`H = 0`).
    pub is_bet: bool,
}

/// One betting round (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub(crate) n: usize,
    pub(crate) stack: [u32; MAX_SEATS],
    pub(crate) bet: [u32; MAX_SEATS],
    pub(crate) in_hand: [bool; MAX_SEATS],
    acted: [bool; MAX_SEATS],
    last_level: [u32; MAX_SEATS],
    pending: [bool; MAX_SEATS],
    level: u32,
    full_raise: u32,
    to_act: Option<usize>,
    rules: Rules,
    actions: u32,
    skipped: u16,
    covered_at_start: u16,
}

impl Round {
    /// A round with the given stacks, round bets (blinds already posted) and seats in the hand;
    /// `level` is `H` and `full_raise` is `Δ` at the start. Every seat in the hand with chips is
    /// pending (HE-4.7); the first to act is searched clockwise from `first` (inclusive).
    #[allow(clippy::too_many_arguments)]
    pub fn start(
        n: usize,
        stack: [u32; MAX_SEATS],
        bet: [u32; MAX_SEATS],
        in_hand: [bool; MAX_SEATS],
        level: u32,
        full_raise: u32,
        first: usize,
        rules: Rules,
    ) -> Round {
        let mut pending = [false; MAX_SEATS];
        for i in 0..n {
            pending[i] = in_hand[i] && stack[i] > 0;
        }
        let mut r = Round {
            n,
            stack,
            bet,
            in_hand,
            acted: [false; MAX_SEATS],
            last_level: [0; MAX_SEATS],
            pending,
            level,
            full_raise,
            to_act: None,
            rules,
            actions: 0,
            skipped: 0,
            covered_at_start: 0,
        };
        for i in 0..n {
            let coverable = (0..n).any(|j| j != i && in_hand[j] && bet[j] + stack[j] > bet[i]);
            if coverable {
                r.covered_at_start |= 1 << i;
            }
        }
        r.advance(first);
        r
    }

    /// The seat to act, or None when the round is over.
    #[inline]
    pub fn to_act(&self) -> Option<usize> {
        self.to_act
    }
    /// The bet level `H`.
    #[inline]
    pub fn level(&self) -> u32 {
        self.level
    }
    /// The full-raise size `Δ`.
    #[inline]
    pub fn full_raise(&self) -> u32 {
        self.full_raise
    }
    pub fn stack(&self, seat: usize) -> u32 {
        self.stack[seat]
    }
    pub fn bet(&self, seat: usize) -> u32 {
        self.bet[seat]
    }
    pub fn in_hand(&self, seat: usize) -> bool {
        self.in_hand[seat]
    }
    /// Seats skipped by HE-4.9 when the turn last moved (start of the round or last action).
    pub fn skipped(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n).filter(|&i| self.skipped & (1 << i) != 0)
    }
    /// True if, when the round started, another player in the hand had more chips in total
    /// than `seat`'s round bet (so `seat` could have faced a bet).
    pub fn contested_at_start(&self, seat: usize) -> bool {
        self.covered_at_start & (1 << seat) != 0
    }
    /// Actions taken in this round so far.
    pub fn actions(&self) -> u32 {
        self.actions
    }
    /// Seats still in the hand.
    pub fn players_in_hand(&self) -> usize {
        self.in_hand[..self.n].iter().filter(|&&x| x).count()
    }

    /// HE-4.9: a pending seat is skipped when every other seat in the hand is all-in and its
    /// round bet is at least each of theirs.
    fn skippable(&self, i: usize) -> bool {
        (0..self.n)
            .filter(|&j| j != i && self.in_hand[j])
            .all(|j| self.stack[j] == 0 && self.bet[i] >= self.bet[j])
    }

    /// HE-4.8 / HE-4.10: the first pending seat clockwise from `from` (inclusive), skipping by
    /// HE-4.9; None when the round is over.
    fn advance(&mut self, from: usize) {
        self.to_act = None;
        self.skipped = 0;
        if self.players_in_hand() <= 1 {
            self.pending = [false; MAX_SEATS];
            return;
        }
        for k in 0..self.n {
            let i = (from + k) % self.n;
            if !self.pending[i] {
                continue;
            }
            if self.skippable(i) {
                self.pending[i] = false;
                self.skipped |= 1 << i;
                continue;
            }
            self.to_act = Some(i);
            return;
        }
    }

    /// HE-4.4 / OP-4.6: may `seat` bet or raise now? Err names the failing condition.
    fn raise_permission(&self, seat: usize) -> Result<(), RuleViolation> {
        let m = self.bet[seat] + self.stack[seat];
        if m <= self.level {
            return Err(self.rules.violation(
                self.rules.raise_permitted,
                format!(
                    "no chips beyond a call (has {m} in total, the bet level is {})",
                    self.level
                ),
            ));
        }
        let someone_can_respond = (0..self.n)
            .any(|j| j != seat && self.in_hand[j] && self.bet[j] + self.stack[j] > self.level);
        if !someone_can_respond {
            return Err(self.rules.violation(
                self.rules.raise_permitted,
                "no other player can still bet: only call or fold".to_string(),
            ));
        }
        if self.acted[seat] && self.level - self.last_level[seat] < self.full_raise {
            return Err(self.rules.violation(
                self.rules.raise_permitted,
                format!(
                    "the bet level rose by {} since this player's last action, less than a full \
                     raise of {}: a short all-in does not reopen the betting",
                    self.level - self.last_level[seat],
                    self.full_raise
                ),
            ));
        }
        Ok(())
    }

    /// Everything the seat to act may do (all false when the round is over).
    pub fn legal(&self) -> Legal {
        let Some(i) = self.to_act else {
            return Legal::default();
        };
        let owed = self.level.saturating_sub(self.bet[i]);
        let m = self.bet[i] + self.stack[i];
        let raise = self.raise_permission(i).ok().map(|()| {
            let lo = self.level + self.full_raise;
            if m >= lo {
                (lo, m)
            } else {
                (m, m) // HE-4.3: only a short all-in
            }
        });
        Legal {
            fold: owed > 0,
            check: owed == 0,
            call: (owed > 0).then(|| owed.min(self.stack[i])),
            raise,
            is_bet: self.level == 0,
        }
    }

    /// The seat to act if it is `seat`, else why `seat` may not act.
    fn turn_of(&self, seat: usize) -> Result<usize, RuleViolation> {
        let r = &self.rules;
        let Some(i) = self.to_act else {
            return Err(r.violation(r.turn, "the betting round is over".to_string()));
        };
        if seat != i {
            return Err(r.violation(r.turn, format!("it is seat {i}'s turn, not seat {seat}'s")));
        }
        Ok(i)
    }

    /// Why BET/RAISE to `t` by `seat` is illegal now, if it is, for any `t` (no overflow: an
    /// amount beyond every stack is checked in O(1) like any other).
    pub fn raise_to_violation(&self, seat: usize, t: u64) -> Option<RuleViolation> {
        match self.turn_of(seat) {
            Ok(i) => self.raise_violation(i, t),
            Err(v) => Some(v),
        }
    }

    /// Why `action` by `seat` is illegal now, if it is.
    pub fn violation(&self, seat: usize, action: Bet) -> Option<RuleViolation> {
        let r = &self.rules;
        let i = match self.turn_of(seat) {
            Ok(i) => i,
            Err(v) => return Some(v),
        };
        let owed = self.level.saturating_sub(self.bet[i]);
        match action {
            Bet::Fold if owed == 0 => Some(r.violation(
                r.no_fold,
                "nothing is owed: check instead of folding".to_string(),
            )),
            Bet::Check if owed > 0 => {
                Some(r.violation(r.actions, format!("{owed} is owed: call, raise or fold")))
            }
            Bet::Call if owed == 0 => Some(r.violation(
                r.actions,
                "nothing is owed: there is nothing to call".to_string(),
            )),
            Bet::RaiseTo(t) => self.raise_violation(i, u64::from(t)),
            _ => None,
        }
    }

    /// Why BET/RAISE to `t` by the seat to act `i` is illegal, if it is (HE-4.3, HE-4.4). `t`
    /// is a `u64` so that any amount a caller types is checked in O(1) without overflow.
    fn raise_violation(&self, i: usize, t: u64) -> Option<RuleViolation> {
        let r = &self.rules;
        if let Err(v) = self.raise_permission(i) {
            return Some(v);
        }
        let m = u64::from(self.bet[i] + self.stack[i]);
        let level = u64::from(self.level);
        let lo = level + u64::from(self.full_raise);
        let ok = (lo <= t && t <= m) || (t == m && level < t && t < lo);
        if ok {
            return None;
        }
        let what = if self.level == 0 { "bet" } else { "raise" };
        let range = if m >= lo {
            format!("{lo}..{m}")
        } else {
            format!("{m} (all-in)")
        };
        Some(r.violation(
            r.amounts,
            format!("a {what} must be to {range}, not to {t}"),
        ))
    }

    /// Apply `action` by `seat`. Returns the chips moved from stack to round bet.
    pub fn apply(&mut self, seat: usize, action: Bet) -> Result<u32, RuleViolation> {
        if let Some(v) = self.violation(seat, action) {
            return Err(v);
        }
        let i = seat;
        let mut moved = 0;
        match action {
            Bet::Fold => {
                self.in_hand[i] = false;
            }
            Bet::Check => {}
            Bet::Call => {
                moved = self.level.saturating_sub(self.bet[i]).min(self.stack[i]);
            }
            Bet::RaiseTo(t) => {
                let d = t - self.level; // HE-4.5
                if d >= self.full_raise {
                    self.full_raise = d;
                }
                self.level = t;
                moved = t - self.bet[i];
                for j in 0..self.n {
                    if j != i && self.in_hand[j] && self.stack[j] > 0 {
                        self.pending[j] = true; // HE-4.7
                    }
                }
            }
        }
        self.stack[i] -= moved;
        self.bet[i] += moved;
        self.acted[i] = true;
        self.last_level[i] = self.level;
        self.pending[i] = false;
        self.actions += 1;
        self.advance((i + 1) % self.n);
        Ok(moved)
    }

    /// HE-5.3 / OP-4.9: if one round bet is strictly larger than every other (folded seats
    /// included), that seat and the excess over the second-largest bet.
    pub fn uncalled(&self) -> Option<(usize, u32)> {
        let mut top = 0usize;
        for i in 1..self.n {
            if self.bet[i] > self.bet[top] {
                top = i;
            }
        }
        let second = (0..self.n)
            .filter(|&j| j != top)
            .map(|j| self.bet[j])
            .max()
            .unwrap_or(0);
        (self.bet[top] > second).then(|| (top, self.bet[top] - second))
    }
}
