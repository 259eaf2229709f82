//! The listed actions of a betting decision and the fixed action ids of the betting games.
//!
//! No-limit betting has a continuum of legal amounts: every raise-to `T` in `[min, max]`
//! (HE-4.3, OP-4.5). Two views of it are kept apart:
//!
//! * **the listing** ([`Candidates`]): fold (when legal), check or call, and the distinct
//!   amounts among four representative raise sizes — the minimum raise, half the pot, the pot
//!   and all-in (each a raise-to clamped to the legal range; a size equal to an earlier one is
//!   dropped). It is what `legal_actions()` shows, what the abstract action space allows and
//!   what the random rollout policy draws from uniformly;
//! * **the ids** ([`IdSpace`]): one id per exact amount, like OpenSpiel's `universal_poker`
//!   with `bettingAbstraction=fullgame`: 0 = fold, 1 = check or call, `1 + T` = bet or raise
//!   to `T` chips. Every legal amount has its id, and the legal ids of a decision are the ids of
//!   fold and check/call plus one contiguous range — cheap to list and to mask.
//!
//! A "size" is a raise-to `H + f × (pot + owed)` with `f` = ½ or 1 (the pot counted with the
//! call: after calling, the raise adds `f` times the pot), the minimum raise `H + Δ`, or the
//! whole stack.

use super::round::Legal;
use super::{Bet, Rules};
use crate::climbing::RuleViolation;

/// The representative raise sizes, in listing order (the ids 2..=5 of the abstract space).
pub const SIZE_NAMES: [&str; 4] = ["min_raise", "half_pot", "pot", "all_in"];

/// Id of FOLD.
pub const FOLD_ID: u64 = 0;
/// Id of CHECK or CALL (whichever is legal).
pub const CHECK_CALL_ID: u64 = 1;

/// The listed actions of one decision (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Candidates {
    pub fold: bool,
    pub check: bool,
    /// Chips a CALL moves, if CALL is legal.
    pub call: Option<u32>,
    /// Raise-to per size ([`SIZE_NAMES`]); None when raising is not legal or the amount equals
    /// an earlier size's.
    pub sizes: [Option<u32>; 4],
    /// True if a raise would be an opening bet (`H = 0`).
    pub is_bet: bool,
}

impl Candidates {
    /// The listing for a decision with these legal actions, bet level `H`, chips in the middle
    /// (`pot`, current round bets included) and chips owed by the player to act.
    pub fn of(legal: &Legal, level: u32, pot: u32, owed: u32) -> Candidates {
        let mut sizes = [None; 4];
        if let Some((lo, hi)) = legal.raise {
            let base = u64::from(pot) + u64::from(owed);
            let wanted = [
                u64::from(lo),
                u64::from(level) + base / 2,
                u64::from(level) + base,
                u64::from(hi),
            ];
            for (k, &t) in wanted.iter().enumerate() {
                let t = t.clamp(u64::from(lo), u64::from(hi)) as u32;
                if !sizes[..k].contains(&Some(t)) {
                    sizes[k] = Some(t);
                }
            }
        }
        Candidates {
            fold: legal.fold,
            check: legal.check,
            call: legal.call,
            sizes,
            is_bet: legal.is_bet,
        }
    }

    /// The listed actions in order: fold, check or call, then the distinct sizes ascending in
    /// [`SIZE_NAMES`] order (the amounts increase with it).
    pub fn iter(&self) -> impl Iterator<Item = Bet> + '_ {
        let passive = if self.check {
            Some(Bet::Check)
        } else {
            self.call.map(|_| Bet::Call)
        };
        self.fold
            .then_some(Bet::Fold)
            .into_iter()
            .chain(passive)
            .chain(self.sizes.iter().flatten().map(|&t| Bet::RaiseTo(t)))
    }

    /// How many actions are listed (0 when nobody is to act).
    pub fn len(&self) -> usize {
        usize::from(self.fold)
            + usize::from(self.check || self.call.is_some())
            + self.sizes.iter().flatten().count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `k`-th listed action (`k < len()`).
    pub fn get(&self, k: usize) -> Option<Bet> {
        self.iter().nth(k)
    }
}

/// Why an action id cannot be applied now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdError {
    /// The id is outside `0..size`.
    OutOfRange { id: u64, size: u64 },
    /// The id is in the space but its action is not legal now (the rule that forbids it).
    Illegal(RuleViolation),
}

/// A fixed action-id space of a betting game (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdSpace {
    /// 0 fold, 1 check/call, `1 + T` bet/raise to `T` for `T` in `1..=total_chips`.
    Exact { total_chips: u32 },
    /// 0 fold, 1 check/call, `2 + k` the size `SIZE_NAMES[k]`.
    Abstract,
}

impl IdSpace {
    /// Number of ids.
    pub fn size(self) -> u64 {
        match self {
            IdSpace::Exact { total_chips } => 2 + u64::from(total_chips),
            IdSpace::Abstract => 2 + SIZE_NAMES.len() as u64,
        }
    }

    /// The id of a betting action (None for a raise-to outside the space, or one that is not a
    /// listed size in the abstract space).
    pub fn id_of(self, bet: Bet, listing: &Candidates) -> Option<u64> {
        match bet {
            Bet::Fold => Some(FOLD_ID),
            Bet::Check | Bet::Call => Some(CHECK_CALL_ID),
            Bet::RaiseTo(t) => match self {
                IdSpace::Exact { total_chips } => {
                    (1..=total_chips).contains(&t).then(|| 1 + u64::from(t))
                }
                IdSpace::Abstract => listing
                    .sizes
                    .iter()
                    .position(|&s| s == Some(t))
                    .map(|k| 2 + k as u64),
            },
        }
    }

    /// The legal betting action `id` stands for now. `violation` is the game's check of an
    /// action (turn, amounts, permission); `rules` names the rules for the messages.
    pub fn bet_of(
        self,
        id: u64,
        listing: &Candidates,
        rules: &Rules,
        violation: impl Fn(Bet) -> Option<RuleViolation>,
    ) -> Result<Bet, IdError> {
        let size = self.size();
        if id >= size {
            return Err(IdError::OutOfRange { id, size });
        }
        let bet = match id {
            FOLD_ID => Bet::Fold,
            CHECK_CALL_ID => {
                if listing.call.is_some() {
                    Bet::Call
                } else {
                    Bet::Check
                }
            }
            _ => match self {
                IdSpace::Exact { .. } => Bet::RaiseTo((id - 1) as u32),
                IdSpace::Abstract => {
                    let k = (id - 2) as usize;
                    match listing.sizes[k] {
                        Some(t) => Bet::RaiseTo(t),
                        None => {
                            // Either raising is not permitted (say why) or the size coincides
                            // with an earlier one, which keeps the lower id.
                            if let Some(v) = violation(Bet::RaiseTo(u32::MAX)) {
                                if v.rule == rules.raise_permitted || v.rule == rules.turn {
                                    return Err(IdError::Illegal(v));
                                }
                            }
                            return Err(IdError::Illegal(RuleViolation {
                                rule: rules.amounts,
                                message: format!(
                                    "the {} size is the same amount as a smaller size now; \
                                     that size's id is the legal one",
                                    SIZE_NAMES[k]
                                ),
                            }));
                        }
                    }
                }
            },
        };
        match violation(bet) {
            Some(v) => Err(IdError::Illegal(v)),
            None => Ok(bet),
        }
    }
}
