//! Dealing hidden cards under constraints, for `resample` (a full state consistent with what one
//! player has seen) and for search.
//!
//! The unknown cards are split into *classes* (for a card game: effective suits, plus any card
//! that needs a class of its own), and the places to fill into *buckets*, each with a capacity
//! and the set of classes it may take (a seat that showed out of a suit takes no card of it).
//! [`constrained_deal`] fills every bucket exactly.
//!
//! Feasibility is Hall's condition for this transportation problem: for every set `T` of
//! classes, the cards of `T` must fit in the buckets that accept some class of `T`. Cards are
//! placed one at a time in a random order, each into a random bucket among those that keep the
//! rest feasible, so the result is always consistent and varies with the seed.

use crate::cards::{Card, CardSet};
use crate::error::{invalid, Error};
use crate::rng::Rng;

/// Most classes [`constrained_deal`] takes (Hall's condition checks every subset).
pub const MAX_CLASSES: usize = 8;

/// One place to fill: `capacity` cards, each of a class whose bit is set in `allowed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bucket {
    pub capacity: usize,
    pub allowed: u32,
}

fn feasible(supply: &[usize], buckets: &[Bucket], left: &[usize]) -> bool {
    let k = supply.len();
    for t in 1u32..(1 << k) {
        let need: usize = (0..k).filter(|c| t >> c & 1 == 1).map(|c| supply[c]).sum();
        if need == 0 {
            continue;
        }
        let room: usize = buckets
            .iter()
            .zip(left)
            .filter(|(b, _)| b.allowed & t != 0)
            .map(|(_, l)| *l)
            .sum();
        if need > room {
            return false;
        }
    }
    true
}

/// Deals the cards of `classes` (disjoint sets) into `buckets`, filling each exactly. Errors
/// if the sizes differ, the classes overlap or are too many, or no deal meets the constraints.
pub fn constrained_deal(
    classes: &[CardSet],
    buckets: &[Bucket],
    rng: &mut Rng,
) -> Result<Vec<CardSet>, Error> {
    if classes.len() > MAX_CLASSES {
        return Err(invalid(format!("at most {MAX_CLASSES} classes")));
    }
    let mut all = CardSet::EMPTY;
    for c in classes {
        if !all.intersection(*c).is_empty() {
            return Err(invalid("card classes overlap"));
        }
        all = all.union(*c);
    }
    let total: usize = buckets.iter().map(|b| b.capacity).sum();
    if total != all.len() {
        return Err(invalid(format!(
            "{} cards to deal into {total} places",
            all.len()
        )));
    }
    let mut supply: Vec<usize> = classes.iter().map(|c| c.len()).collect();
    let mut left: Vec<usize> = buckets.iter().map(|b| b.capacity).collect();
    if !feasible(&supply, buckets, &left) {
        return Err(invalid("no deal of the hidden cards meets the constraints"));
    }
    let mut cards: Vec<(Card, usize)> = classes
        .iter()
        .enumerate()
        .flat_map(|(k, set)| set.iter().map(move |c| (c, k)))
        .collect();
    rng.shuffle(&mut cards);
    let mut out = vec![CardSet::EMPTY; buckets.len()];
    let mut order: Vec<usize> = (0..buckets.len()).collect();
    for (card, class) in cards {
        rng.shuffle(&mut order);
        supply[class] -= 1;
        let mut placed = false;
        for &b in &order {
            if left[b] == 0 || buckets[b].allowed >> class & 1 == 0 {
                continue;
            }
            left[b] -= 1;
            if feasible(&supply, buckets, &left) {
                out[b].insert(card);
                placed = true;
                break;
            }
            left[b] += 1;
        }
        debug_assert!(placed, "Hall's condition guarantees a place");
        if !placed {
            return Err(invalid("no deal of the hidden cards meets the constraints"));
        }
    }
    Ok(out)
}
