//! No-limit betting games: Texas Hold'em (rules/holdem.md) and One Poker (rules/onepoker.md).
//!
//! * [`Round`]: one no-limit betting round with exact "raise to" amounts, minimum raises from
//!   the last full bet or raise, short all-ins that do not reopen the betting, skipping of
//!   players whose action cannot matter, and uncalled chips (HE-4, HE-5.3, OP-4).
//! * [`holdem`]: a whole Hold'em hand ([`HoldemHand`]: blinds, dealing with burns in the HE-3.10
//!   reference order, four rounds, run-out, side pots, odd chips), the button and blinds of the
//!   next hand ([`holdem::next_button`]) and seeded random matches for simulation.
//! * [`one_poker`]: one One Poker deal ([`OnePokerDeal`]: antes, locks, one betting round,
//!   reveal and settlement), the pairwise comparison (OP-2.5) and seeded random matches.
//! * [`actions`]: the listed actions of a decision (fold, check/call, representative raise
//!   sizes) and the fixed action ids (one per exact amount, or the abstract sizes).
//! * [`playout`]: random and greedy rollouts from any decision, settled by the rules.
//!
//! Both state machines also resample themselves for a player ([`HoldemHand::resample`],
//! [`OnePokerDeal::resample`]): the hidden cards redealt uniformly among the deals consistent
//! with what that player has seen.

pub mod actions;
pub mod holdem;
pub mod one_poker;
pub mod playout;
pub mod round;

#[cfg(test)]
mod tests;

pub use actions::{Candidates, IdError, IdSpace};
pub use holdem::{next_button, showdown_strength, HoldemEvent, HoldemHand, Street};
pub use one_poker::{compare, OnePokerDeal, OnePokerEvent, Phase};
pub use playout::Policy;
pub use round::{Legal, Round, MAX_SEATS};

use crate::climbing::RuleViolation;
use std::fmt;

/// A betting action. Bets and raises are both "to" totals for the round ([`Bet::RaiseTo`]):
/// it is a bet when the bet level is 0, a raise otherwise (HE-4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bet {
    Fold,
    Check,
    Call,
    RaiseTo(u32),
}

impl fmt::Display for Bet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bet::Fold => f.write_str("fold"),
            Bet::Check => f.write_str("check"),
            Bet::Call => f.write_str("call"),
            Bet::RaiseTo(t) => write!(f, "raise to {t}"),
        }
    }
}

/// The rule ids a game's betting violations cite (the mechanism is shared, the ids are not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Wrong player / round over.
    pub turn: &'static str,
    /// Which of fold/check/call is available.
    pub actions: &'static str,
    /// FOLD when CHECK is available.
    pub no_fold: &'static str,
    /// Raise-to amounts.
    pub amounts: &'static str,
    /// Whether raising is permitted at all.
    pub raise_permitted: &'static str,
}

impl Rules {
    pub const HOLDEM: Rules = Rules {
        turn: "HE-4.11",
        actions: "HE-4.2",
        no_fold: "HE-7.7",
        amounts: "HE-4.3",
        raise_permitted: "HE-4.4",
    };
    pub const ONE_POKER: Rules = Rules {
        turn: "OP-4.10",
        actions: "OP-4.4",
        no_fold: "OP-7.5",
        amounts: "OP-4.5",
        raise_permitted: "OP-4.6",
    };

    pub(crate) fn violation(&self, rule: &'static str, message: String) -> RuleViolation {
        RuleViolation { rule, message }
    }
}
