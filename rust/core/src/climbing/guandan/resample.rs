//! Determinization of a Guandan deal: the cards a seat has not seen dealt again, exactly
//! uniformly over what it knows (rules/guandan.md GD-3.7, GD-4).
//!
//! # What a seat knows
//!
//! Its own cards; every play and by whom; the tribute cards, who paid whom, and any resistance
//! with the holders of the big jokers (GD-3.7, GD-4.3); a return card only if it gave or
//! received it (GD-D13). From the rules of tribute and return that means:
//!
//! * a payer's dealt hand held no card better than its tribute (GD-4.4): no non-wild card of
//!   higher group value, none of equal value in an earlier suit of `s h d c`; and no payers'
//!   second big joker, which would have been a resistance (GD-4.3);
//! * a resisting payer held exactly the big jokers shown;
//! * a recipient holds the tribute card it received (until it plays it, or returns it);
//! * a payer holds the return card it received (until it plays it);
//! * a return card is a non-wild card of rank 2..T (GD-4.7), or, when the payer saw one of
//!   another rank, the recipient had no such card and returned one of least group value.
//!
//! Passing is always allowed (GD-8.4), so plays and passes say nothing more.
//!
//! # Uniformity
//!
//! Deals are labelled (the two copies of a card are two cards), and a return the viewer did
//! not see is part of the hidden deal: every consistent (deal, returned physical card) pair is
//! equally likely. The sampler draws the unseen cards into the other seats' hands with
//! per-card exclusions ([`HiddenCards`]); each fact "seat holds card x" is a size-biased
//! placement of one unseen copy of x in that seat (which is exact: the seat's share of the
//! labelled deals is proportional to its copies of x), or, when the seat has already played
//! a copy, an acceptance in proportion to its copies. A hidden return played out already is
//! weighed the same way: a draw is kept with probability proportional to the number of its
//! physical cards that can have been that return. Rejection from uniform proposals keeps the
//! result exactly uniform.
//!
//! One case is left out: a recipient returning the very tribute card it received (possible
//! only if that card is a 2..T, i.e. the payer had nothing higher than a ten but wild cards,
//! which needs 27 such cards in one hand), and a recipient without any 2..T card when the
//! viewer cannot see its return. Both need hands that essentially never occur.

use super::combo::{group_value, wild_card, BJ_RANK};
use super::table::SEATS;
use crate::cards::{Card, CardBag, CardSet};
use crate::error::{invalid, Error};
use crate::rng::Rng;
use crate::search::HiddenCards;

const MAX_TRIES: usize = 100_000;

/// What the resample needs to know of a deal (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GdView {
    pub level: u8,
    pub viewer: usize,
    /// Each seat's cards now: the table's hands in card play, the hands before the returns
    /// move in the return phase.
    pub hands: [CardBag; SEATS],
    /// Cards each seat has played.
    pub played: [CardBag; SEATS],
    /// True while returns are being chosen (tributes moved, returns not yet).
    pub return_phase: bool,
    /// GD-4.3: the payers held both big jokers; `bj_holders[s]` is how many seat `s` showed.
    pub resisted: bool,
    pub bj_holders: [u8; SEATS],
    /// (payer, recipient, tribute card) of each tribute (GD-4.5).
    pub transfers: Vec<(usize, usize, Card)>,
    /// (recipient, payer, card) of each return chosen so far (the true cards).
    pub returns: Vec<(usize, usize, Card)>,
}

/// A resampled deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GdResampled {
    /// Each seat's cards now (as [`GdView::hands`]).
    pub hands: [CardBag; SEATS],
    /// The hands as dealt, before any tribute (GD-3.3).
    pub dealt: [CardBag; SEATS],
    /// The card of each chosen return, in the order of [`GdView::returns`].
    pub returns: Vec<Card>,
}

/// Non-wild cards better than tribute `t` at `level` (GD-4.4): higher group value, or equal
/// value in an earlier suit of `s h d c`; the big joker itself when `t` is one (a second big
/// joker would have been a resistance, GD-4.3).
pub fn better_than(t: Card, level: u8) -> CardSet {
    let wild = wild_card(level);
    let gt = group_value(t.rank(), level);
    let mut out = CardSet::EMPTY;
    for c in Card::all() {
        if c == wild {
            continue;
        }
        let g = group_value(c.rank(), level);
        let earlier = match (c.suit(), t.suit()) {
            (Some(a), Some(b)) => a > b, // suit indices c d h s: a higher index comes first
            _ => false,
        };
        if g > gt || (g == gt && earlier) {
            out.insert(c);
        }
    }
    if t.rank() == BJ_RANK {
        out.insert(t);
    }
    out
}

/// Cards that may be returned when the recipient holds any 2..T (GD-4.7): non-wild 2..T.
pub fn returnable(level: u8) -> CardSet {
    let wild = wild_card(level);
    let mut out = CardSet::EMPTY;
    for c in Card::all() {
        if !c.is_joker() && c.rank() <= 8 && c != wild {
            out.insert(c);
        }
    }
    out
}

fn count_in(bag: CardBag, set: CardSet) -> u32 {
    let (o, t) = bag.masks();
    (o & set.mask()).count_ones() + (t & set.mask()).count_ones()
}

/// The physical cards of `start` (a payer's hand at the start of card play) that can be the
/// return it received: eligible (GD-4.7), with the rest of the hand holding nothing better than
/// its tribute (GD-4.4). Returns how many, and one of them chosen uniformly if `rng` is given.
fn return_choices(start: CardBag, tribute: Card, level: u8) -> u32 {
    let better = better_than(tribute, level);
    let elig = returnable(level);
    match count_in(start, better) {
        0 => count_in(start, elig),
        1 => count_in(start, better.intersection(elig)),
        _ => 0,
    }
}

fn pick_return(start: CardBag, tribute: Card, level: u8, rng: &mut Rng) -> Option<Card> {
    let better = better_than(tribute, level);
    let elig = returnable(level);
    let pool = if count_in(start, better) == 0 {
        elig
    } else {
        better.intersection(elig)
    };
    let choices: Vec<Card> = start.iter().filter(|&c| pool.contains(c)).collect();
    if choices.is_empty() || return_choices(start, tribute, level) == 0 {
        return None;
    }
    Some(choices[rng.below(choices.len() as u64) as usize])
}

/// A fact "seat holds one of `candidates`" placed before the rest of the draw: one unseen copy
/// chosen uniformly (which makes the proposal proportional to the seat's copies).
#[derive(Clone, Copy, Debug)]
struct Pin {
    seat: usize,
    candidates: CardSet,
    /// A hidden return chosen in the return phase: its card is the pinned one.
    ret: Option<usize>,
}

/// A draw is kept with probability `count / max` (see the module documentation).
#[derive(Clone, Copy, Debug)]
enum Weight {
    /// Copies of `card` in the seat's start hand, `played` of them already played.
    Holds {
        seat: usize,
        card: Card,
        played: u32,
        max: u32,
    },
    /// A hidden return in card play, the payer holding a pinned eligible card: the choices
    /// over the eligible cards it holds.
    ReturnPinned { seat: usize, tribute: Card },
    /// A hidden return in card play, some eligible card already played: the choices over
    /// their most.
    ReturnFree {
        seat: usize,
        tribute: Card,
        max: u32,
    },
}

fn single(c: Card) -> CardSet {
    CardSet::from_mask(c.bit()).expect("a card")
}

/// Resamples what `view.viewer` has not seen (see the module documentation).
pub fn resample(view: &GdView, rng: &mut Rng) -> Result<GdResampled, Error> {
    let v = view.viewer;
    let level = view.level;
    if v >= SEATS || level > 12 {
        return Err(invalid("bad seat or level"));
    }
    let mut pool = CardBag::two_packs(true).minus(view.hands[v]);
    for s in 0..SEATS {
        pool = pool.difference(view.played[s]);
    }
    let mut need = [0u8; SEATS];
    for (s, n) in need.iter_mut().enumerate() {
        if s != v {
            *n = view.hands[s].len() as u8;
        }
    }
    let elig = returnable(level);
    let mut excluded = [CardSet::EMPTY; SEATS];
    let mut pins: Vec<Pin> = Vec::new();
    let mut weights: Vec<Weight> = Vec::new();
    // Returns the viewer did not see: (index in view.returns, payer, tribute).
    let mut hidden: Vec<(usize, usize, Card)> = Vec::new();
    if view.resisted {
        for s in 0..SEATS {
            let left =
                (view.bj_holders[s] as u32).saturating_sub(view.played[s].count(Card::BIG_JOKER));
            if s != v {
                for _ in 0..left {
                    pins.push(Pin {
                        seat: s,
                        candidates: single(Card::BIG_JOKER),
                        ret: None,
                    });
                }
            }
        }
    }
    for &(payer, recipient, t) in &view.transfers {
        let ret = view
            .returns
            .iter()
            .position(|&(r, p, _)| r == recipient && p == payer);
        let known = v == payer || v == recipient;
        let ret_card = ret.map(|i| view.returns[i].2);
        let played_hidden = ret.is_some() && !known && !view.return_phase;
        if payer != v {
            let b = better_than(t, level);
            excluded[payer] =
                excluded[payer].union(if played_hidden { b.difference(elig) } else { b });
        }
        if view.return_phase {
            if recipient != v {
                pins.push(Pin {
                    seat: recipient,
                    candidates: single(t),
                    ret: None,
                });
                if let Some(i) = ret {
                    let r = view.returns[i].2;
                    if !known {
                        pins.push(Pin {
                            seat: recipient,
                            candidates: elig,
                            ret: Some(i),
                        });
                        hidden.push((i, payer, t));
                    } else if r != t {
                        pins.push(Pin {
                            seat: recipient,
                            candidates: single(r),
                            ret: None,
                        });
                    }
                }
            }
            continue;
        }
        // Card play: the recipient started with the tribute (unless it returned it, which only
        // a viewer who saw the return can know), the payer with the return.
        if recipient != v && !(known && ret_card == Some(t)) {
            let p = view.played[recipient].count(t);
            if p == 0 {
                pins.push(Pin {
                    seat: recipient,
                    candidates: single(t),
                    ret: None,
                });
            } else {
                weights.push(Weight::Holds {
                    seat: recipient,
                    card: t,
                    played: p,
                    max: p + pool.count(t),
                });
            }
        }
        let Some(i) = ret else { continue };
        let r = view.returns[i].2;
        if known {
            if payer != v {
                let p = view.played[payer].count(r);
                if p == 0 {
                    pins.push(Pin {
                        seat: payer,
                        candidates: single(r),
                        ret: None,
                    });
                } else {
                    weights.push(Weight::Holds {
                        seat: payer,
                        card: r,
                        played: p,
                        max: p + pool.count(r),
                    });
                }
                // GD-4.7: a return of another rank than 2..T means the recipient had none, and
                // nothing lower than it.
                if !elig.contains(r) && recipient != v {
                    let gr = group_value(r.rank(), level);
                    let wild = wild_card(level);
                    for c in Card::all() {
                        if c != wild && (elig.contains(c) || group_value(c.rank(), level) < gr) {
                            excluded[recipient].insert(c);
                        }
                    }
                }
            }
        } else {
            hidden.push((i, payer, t));
            let pe = count_in(view.played[payer], elig);
            if pe == 0 {
                pins.push(Pin {
                    seat: payer,
                    candidates: elig,
                    ret: None,
                });
                weights.push(Weight::ReturnPinned {
                    seat: payer,
                    tribute: t,
                });
            } else {
                let max = pe + count_in(pool, elig).min(need[payer] as u32);
                weights.push(Weight::ReturnFree {
                    seat: payer,
                    tribute: t,
                    max,
                });
            }
        }
    }
    for _ in 0..MAX_TRIES {
        let mut left = pool;
        let mut hands = view.hands;
        let mut room = need;
        for (s, h) in hands.iter_mut().enumerate() {
            if s != v {
                *h = CardBag::EMPTY;
            }
        }
        let mut pinned_returns: Vec<(usize, Card)> = Vec::new();
        for pin in &pins {
            let s = pin.seat;
            let choices: Vec<Card> = left
                .iter()
                .filter(|&c| {
                    pin.candidates.contains(c)
                        && !(pin.candidates != single(c) && excluded[s].contains(c))
                })
                .collect();
            if choices.is_empty() || room[s] == 0 {
                return Err(invalid("no deal agrees with what the seat knows"));
            }
            let c = choices[rng.below(choices.len() as u64) as usize];
            left.remove(c);
            hands[s].insert(c);
            room[s] -= 1;
            if let Some(i) = pin.ret {
                pinned_returns.push((i, c));
            }
        }
        let mut problem = HiddenCards::new(&room)?;
        for c in left.iter() {
            let mut seats = 0u8;
            for s in 0..SEATS {
                if room[s] > 0 && !excluded[s].contains(c) {
                    seats |= 1 << s;
                }
            }
            problem.add(c.index(), seats);
        }
        let parts = problem.sample(rng)?;
        for (s, part) in parts.iter().enumerate() {
            for &i in part {
                hands[s].insert(Card::from_index(i).expect("a card index"));
            }
        }
        let mut keep = true;
        for w in &weights {
            let (count, max) = match *w {
                Weight::Holds {
                    seat,
                    card,
                    played,
                    max,
                } => (played + hands[seat].count(card), max),
                Weight::ReturnPinned { seat, tribute } => (
                    return_choices(hands[seat].plus(view.played[seat]), tribute, level),
                    count_in(hands[seat], elig),
                ),
                Weight::ReturnFree { seat, tribute, max } => (
                    return_choices(hands[seat].plus(view.played[seat]), tribute, level),
                    max,
                ),
            };
            if count == 0 || rng.below(max.max(count) as u64) >= count as u64 {
                keep = false;
                break;
            }
        }
        if !keep {
            continue;
        }
        let mut returns: Vec<Card> = view.returns.iter().map(|r| r.2).collect();
        for &(i, payer, t) in &hidden {
            let card = match pinned_returns.iter().find(|(j, _)| *j == i) {
                Some(&(_, c)) => Some(c),
                None => pick_return(hands[payer].plus(view.played[payer]), t, level, rng),
            };
            match card {
                Some(c) => returns[i] = c,
                None => keep = false,
            }
        }
        if !keep {
            continue;
        }
        let mut dealt = [CardBag::EMPTY; SEATS];
        for s in 0..SEATS {
            dealt[s] = hands[s].plus(view.played[s]);
        }
        if !view.resisted {
            if !view.return_phase {
                for (k, &(r, p, _)) in view.returns.iter().enumerate() {
                    keep &= dealt[p].remove(returns[k]);
                    keep &= dealt[r].insert(returns[k]);
                }
            }
            for &(payer, recipient, t) in &view.transfers {
                keep &= dealt[recipient].remove(t);
                keep &= dealt[payer].insert(t);
            }
        }
        if !keep {
            continue;
        }
        return Ok(GdResampled {
            hands,
            dealt,
            returns,
        });
    }
    Err(invalid("no deal agrees with what the seat knows"))
}
