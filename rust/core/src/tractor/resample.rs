//! Determinization of a Tractor deal: the cards a player cannot see dealt again, uniformly
//! among the deals consistent with everything that player has observed (issue 13).
//!
//! # What a player knows (rules/tractor.md)
//!
//! * his own cards (his dealt hand; as dealer, the kitty he picked up and the 8 cards he
//!   buried, TR-3.12);
//! * every declaration (TR-3.6): the cards shown were in that seat's dealt hand, so they are
//!   still in his hand unless he played them (for the dealer: in his hand or buried);
//! * a revealed kitty (TR-3.9): those cards went into the dealer's hand, so they are in his
//!   hand or buried unless played;
//! * every play (TR-4.1). Leads tell nothing more: any single, pair or tractor held may be led
//!   (TR-4.3) — in particular a single may be led from a pair, so a lone lead says nothing
//!   about its twin. Follows tell what TR-4.4 forces:
//!   - a follow holding a card outside the led effective suit `S` shows the follower had no
//!     more of `S` than he played: he is void in `S` from then on;
//!   - a follow inside `S` with fewer pairs than the lead (pair or tractor) shows his hand then
//!     held no other pair of `S` (`pairs(P) ≥ min(k, pairs(H_S))`): every kind of `S` not
//!     played as a pair there, if he played a copy of it then or later, has no copy left in
//!     his hand; otherwise he holds at most one copy of it;
//!   - nothing else (a full follow inside `S` with the lead's pairs is always legal).
//!
//! Passes tell nothing (passing is always legal, TR-3.7); the bury tells nothing to the others
//! (any 8 cards, TR-D12); there are no throws (multi-combination leads, TR-4.3, TR-D15), so no
//! failed throw ever shows cards. Pending selections of other players are not seen.
//!
//! # The sampling
//!
//! The unseen cards (each copy a distinct, labelled card) are dealt to the hidden places —
//! the other hands as they are now, and the buried kitty while it is hidden — by
//! [`crate::search::sample_with`]: per-card seat sets (voids, kinds a seat cannot hold, cards
//! known to be in a hand), exact and uniform, plus rejection for the rest: "at most one copy
//! of this kind in that hand", and "at least one of the two unseen copies in that hand" (a
//! shown card whose twin is also unseen: one copy is pinned to the hand and a draw with both
//! copies there is kept with probability 1/2, which makes it exact). The result is uniform
//! over the labelled assignments of the unseen cards consistent with the observation.
//!
//! The rest of the record follows: a non-dealer's dealt hand is his hand plus his plays; the
//! dealer's 33 cards split into his dealt hand and the kitty uniformly among the splits that
//! keep his declared cards in his hand (the revealed kitty as it was); the kitty order is
//! uniform. The public course is unchanged; only the card-by-card encoding of leads changes
//! (an `end` step is needed exactly when the lead could still grow in the new hand), which
//! [`Redeal::edits`] describes for the caller's action record.

use super::rules::{common_suit, lead_can_grow, pairs_of, shape_of};
use super::table::{Phase, TractorTable, HAND_SIZE, KITTY_SIZE};
use crate::cards::{Card, CardBag};
use crate::error::{invalid, Error};
use crate::rng::Rng;
use crate::search::{sample_with, HiddenCards};

/// Rejection draws allowed before giving up (never reached in practice: see the tests).
pub const MAX_DRAWS: usize = 1_000_000;

/// The slot of the buried kitty in the sampling problem (seats are 0..=3).
const BURIED: usize = 4;

/// What the viewer knows beyond the table's public course.
#[derive(Clone, Copy, Debug)]
pub struct Knowledge {
    pub viewer: usize,
    /// Per seat, the cards it showed to declare (the union over its declarations, TR-3.6).
    pub shown: [CardBag; 4],
    /// The kitty turned face up when nobody declared (TR-3.9), in order.
    pub revealed: Option<[Card; KITTY_SIZE]>,
    /// The viewer's dealt hand.
    pub own_dealt: CardBag,
    /// The kitty in order, if the viewer is the dealer (he picked it up, TR-3.12).
    pub own_kitty: Option<[Card; KITTY_SIZE]>,
}

/// A redealt deal.
#[derive(Clone, Debug)]
pub struct Redeal {
    /// The dealt hands (TR-3.4).
    pub dealt: [CardBag; 4],
    /// The kitty in deal order.
    pub kitty: [Card; KITTY_SIZE],
    /// The table with the new hands and buried kitty (absent in the declaration phase).
    pub table: Option<TractorTable>,
    /// The new buried cards in record order, if the bury was hidden and is redrawn.
    pub bury: Option<Vec<Card>>,
    /// Changes to the card-by-card record of the table phase (its first step = index 0): at
    /// `index` (of the old record), insert an `end` step (`true`) or delete the `end` step
    /// there (`false`). Increasing indices.
    pub edits: Vec<(usize, bool)>,
    /// Steps to drop from the end of the record: another player's pending selection.
    pub drop: usize,
}

/// An "at least one of the two unseen copies of `card` in `group`" constraint (see the module
/// documentation), the first copy pinned to `group`.
#[derive(Clone, Copy)]
struct AtLeastOne {
    card: Card,
    group: u8,
}

/// The sampling problem of one view.
struct Problem {
    hidden: HiddenCards,
    /// (slot, kinds mask): at most one copy of each kind of the mask in that slot.
    at_most_one: Vec<(usize, u64)>,
    at_least_one: Vec<AtLeastOne>,
}

fn bag_of(cards: &[u8]) -> CardBag {
    let mut b = CardBag::EMPTY;
    for &i in cards {
        b.insert(Card::from_index(i).expect("index < 54"));
    }
    b
}

impl Problem {
    /// Per-card seat sets from `allowed(card) -> slot mask`, pins from `required` (per slot
    /// group: cards that must be among that group's unseen cards).
    fn build(
        unseen: CardBag,
        need: &[u8; 5],
        allowed: impl Fn(Card) -> u8,
        required: &[(u8, CardBag)],
    ) -> Result<Problem, Error> {
        let mut hidden = HiddenCards::new(need)?;
        let mut at_least_one = Vec::new();
        // Copies pinned to a group, per kind: (group, copies).
        let mut pinned: Vec<(Card, u8, u32)> = Vec::new();
        for &(group, req) in required {
            for card in req.kinds().iter() {
                let c = req.count(card);
                let u = unseen.count(card);
                if c > u {
                    return Err(invalid(format!(
                        "inconsistent view: {card} must be held {c} time(s) but {u} copies are \
                         unseen"
                    )));
                }
                if c == 1 && u == 2 {
                    at_least_one.push(AtLeastOne { card, group });
                }
                pinned.push((card, group, c));
            }
        }
        for card in unseen.kinds().iter() {
            let base = allowed(card);
            let mut free = unseen.count(card);
            let pinned_copies: u32 = pinned.iter().filter(|p| p.0 == card).map(|p| p.2).sum();
            if pinned_copies > free {
                return Err(invalid(format!(
                    "inconsistent view: more copies of {card} are known to be held than unseen"
                )));
            }
            for &(c, group, copies) in &pinned {
                if c == card {
                    for _ in 0..copies {
                        hidden.add(card.index(), base & group);
                        free -= 1;
                    }
                }
            }
            for _ in 0..free {
                hidden.add(card.index(), base);
            }
        }
        Ok(Problem {
            hidden,
            at_most_one: Vec::new(),
            at_least_one,
        })
    }

    fn sample(&self, rng: &mut Rng) -> Result<Vec<CardBag>, Error> {
        let mut coin = rng.fork();
        let hands = sample_with(&self.hidden, rng, MAX_DRAWS, |slots| {
            for &(slot, kinds) in &self.at_most_one {
                let (_, twice) = bag_of(&slots[slot]).masks();
                if twice & kinds != 0 {
                    return false;
                }
            }
            for a in &self.at_least_one {
                let mut n = 0;
                for (slot, cards) in slots.iter().enumerate() {
                    if a.group & (1 << slot) != 0 {
                        n += cards.iter().filter(|&&i| i == a.card.index()).count();
                    }
                }
                if n == 2 && coin.below(2) == 1 {
                    return false;
                }
            }
            true
        })?;
        Ok(hands.iter().map(|h| bag_of(h)).collect())
    }
}

fn full_deck() -> CardBag {
    CardBag::two_packs(true)
}

/// A redeal of the declaration phase for `viewer`, who holds `own` (his dealt hand) and has
/// seen each seat show `shown[seat]` (TR-3.6): (dealt hands, kitty in order).
pub fn resample_declaring(
    viewer: usize,
    own: CardBag,
    shown: &[CardBag; 4],
    rng: &mut Rng,
) -> Result<([CardBag; 4], [Card; KITTY_SIZE]), Error> {
    if viewer > 3 || own.len() != HAND_SIZE {
        return Err(invalid(
            "a declaration-phase view needs a seat and its 25 cards",
        ));
    }
    let unseen = full_deck().difference(own);
    let mut need = [HAND_SIZE as u8; 5];
    need[viewer] = 0;
    need[BURIED] = KITTY_SIZE as u8;
    let open: u8 = (0..5).filter(|&s| need[s] > 0).fold(0, |m, s| m | 1 << s);
    let required: Vec<(u8, CardBag)> = (0..4)
        .filter(|&s| s != viewer && !shown[s].is_empty())
        .map(|s| (1u8 << s, shown[s]))
        .collect();
    let problem = Problem::build(unseen, &need, |_| open, &required)?;
    let slots = problem.sample(rng)?;
    let mut dealt = [CardBag::EMPTY; 4];
    for s in 0..4 {
        dealt[s] = if s == viewer { own } else { slots[s] };
    }
    let mut kitty: Vec<Card> = slots[BURIED].iter().collect();
    rng.shuffle(&mut kitty);
    Ok((dealt, kitty.try_into().expect("8 kitty cards")))
}

/// The plays of one trick by seat, its leader and how many plays it has so far.
struct Trick {
    leader: usize,
    plays: [CardBag; 4],
    made: usize,
}

/// A redeal of a table (bury or card play) for the viewer of `know`.
pub fn resample_table(
    table: &TractorTable,
    know: &Knowledge,
    rng: &mut Rng,
) -> Result<Redeal, Error> {
    let viewer = know.viewer;
    if viewer > 3 {
        return Err(invalid(format!(
            "viewer must be a seat 0..=3, got {viewer}"
        )));
    }
    let phase = table.phase();
    if phase == Phase::Over {
        return Err(invalid("the deal is over: nothing is hidden any more"));
    }
    if !table.records_history() || table.history().len() != table.tricks_done() as usize {
        return Err(invalid("resampling needs a table that records its tricks"));
    }
    let trump = *table.trump();
    let dealer = table.dealer();
    let hidden_bury = phase == Phase::Play && viewer != dealer;
    let actor = table.to_move();

    // The tricks, and per trick and seat the cards played from that trick on.
    let mut tricks: Vec<Trick> = table
        .history()
        .iter()
        .map(|t| Trick {
            leader: t.leader as usize,
            plays: t.plays,
            made: 4,
        })
        .collect();
    if table.trick_len() > 0 {
        tricks.push(Trick {
            leader: table.leader(),
            plays: std::array::from_fn(|s| table.trick_play(s)),
            made: table.trick_len(),
        });
    }
    let mut from_here = vec![[CardBag::EMPTY; 4]; tricks.len() + 1];
    for j in (0..tricks.len()).rev() {
        let later = from_here[j + 1];
        from_here[j] = std::array::from_fn(|s| later[s].plus(tricks[j].plays[s]));
    }
    let played = from_here[0];

    // What the viewer has seen.
    let mut seen = table.hand(viewer);
    for p in played {
        seen = seen.plus(p);
    }
    if phase == Phase::Play && viewer == dealer {
        seen = seen.plus(table.kitty());
    }
    let unseen = full_deck().difference(seen);
    let mut need = [0u8; 5];
    for (s, n) in need.iter_mut().enumerate().take(4) {
        if s != viewer {
            *n = table.hand(s).len() as u8;
        }
    }
    if hidden_bury {
        need[BURIED] = KITTY_SIZE as u8;
    }
    if need.iter().map(|&n| n as usize).sum::<usize>() != unseen.len() {
        return Err(invalid(
            "inconsistent table: hidden card counts do not add up",
        ));
    }
    let open: u8 = (0..5).filter(|&s| need[s] > 0).fold(0, |m, s| m | 1 << s);

    // Follows (TR-4.4): voids, kinds excluded, at most one copy.
    let mut void = [0u8; 4];
    let mut excluded = [0u64; 4];
    let mut at_most_one = [0u64; 4];
    let (_, unseen_twice) = unseen.masks();
    for (j, t) in tricks.iter().enumerate() {
        let lead = t.plays[t.leader];
        let Some(suit) = common_suit(lead, &trump) else {
            return Err(invalid("inconsistent table: a lead of mixed suits"));
        };
        let suit_mask = trump.suit_mask(suit);
        let k = shape_of(lead, &trump).pairs();
        for i in 1..t.made {
            let f = (t.leader + i) % 4;
            if f == viewer {
                continue;
            }
            let p = t.plays[f];
            let (once, twice) = p.masks();
            if once & !suit_mask != 0 {
                void[f] |= 1 << suit;
            } else if k > 0 && pairs_of(p) < k {
                // No other pair of the suit in the hand then.
                let (known, _) = from_here[j][f].masks();
                let kinds = suit_mask & !twice;
                excluded[f] |= kinds & known;
                at_most_one[f] |= kinds & !known & unseen_twice;
            }
        }
    }
    let allowed = |card: Card| -> u8 {
        let mut m = open;
        let e = trump.suit_of(card);
        for s in 0..4 {
            if void[s] & (1 << e) != 0 || excluded[s] & card.bit() != 0 {
                m &= !(1 << s);
            }
        }
        m
    };

    // Declared cards and the revealed kitty (TR-3.6, TR-3.9).
    let mut required: Vec<(u8, CardBag)> = Vec::new();
    for (s, &shown) in know.shown.iter().enumerate() {
        if s == viewer {
            continue;
        }
        let mut req = shown;
        if s == dealer {
            if let Some(k) = know.revealed {
                for c in k {
                    req.insert(c);
                }
            }
        }
        let req = req.difference(played[s]);
        if !req.is_empty() {
            let group = if s == dealer && hidden_bury {
                (1 << s) | (1 << BURIED)
            } else {
                1 << s
            };
            required.push((group, req));
        }
    }
    let mut problem = Problem::build(unseen, &need, allowed, &required)?;
    problem.at_most_one = (0..4)
        .filter(|&s| at_most_one[s] != 0)
        .map(|s| (s, at_most_one[s]))
        .collect();
    let slots = problem.sample(rng)?;

    // The new hidden places.
    let mut hands = table.hands();
    for s in 0..4 {
        if s != viewer {
            hands[s] = slots[s];
        }
    }
    let buried = if hidden_bury {
        slots[BURIED]
    } else {
        table.kitty()
    };
    let keep_selection = actor == viewer;
    let new_table = table.redealt(hands, buried, keep_selection);

    // The dealt hands and the kitty.
    let mut dealt = [CardBag::EMPTY; 4];
    for s in 0..4 {
        dealt[s] = hands[s].plus(played[s]);
    }
    let kitty: [Card; KITTY_SIZE] = if viewer == dealer {
        dealt[dealer] = know.own_dealt;
        know.own_kitty
            .ok_or_else(|| invalid("the dealer's view needs the kitty he picked up"))?
    } else {
        let group = dealt[dealer].plus(if phase == Phase::Play {
            buried
        } else {
            CardBag::EMPTY
        });
        let kitty = match know.revealed {
            Some(k) => k,
            None => split_kitty(group, know.shown[dealer], rng)?,
        };
        let mut k_bag = CardBag::EMPTY;
        for c in kitty {
            k_bag.insert(c);
        }
        dealt[dealer] = group.difference(k_bag);
        kitty
    };
    debug_assert!(dealt.iter().all(|h| h.len() == HAND_SIZE));

    // The record: lead encodings, the hidden bury, another player's pending selection.
    let mut edits = Vec::new();
    let mut pos = KITTY_SIZE;
    let true_hands = table.hands();
    for (j, t) in tricks.iter().enumerate() {
        let lead = t.plays[t.leader];
        let grows = |now: CardBag| lead_can_grow(now.plus(from_here[j][t.leader]), lead, &trump);
        let old = grows(true_hands[t.leader]);
        let new = if t.leader == viewer {
            old
        } else {
            grows(hands[t.leader])
        };
        let at = pos + lead.len();
        if old != new {
            edits.push((at, new));
        }
        pos = at + usize::from(old) + (t.made - 1) * lead.len();
    }
    let bury = hidden_bury.then(|| buried.iter().collect());
    let drop = if keep_selection {
        0
    } else {
        table.selection().len()
    };
    Ok(Redeal {
        dealt,
        kitty,
        table: Some(new_table),
        bury,
        edits,
        drop,
    })
}

/// The dealer's kitty drawn from his 33 cards `group`: uniform over the ordered 8-card
/// subsets (labelled copies) that leave `shown` (his declared cards) in his dealt hand.
fn split_kitty(group: CardBag, shown: CardBag, rng: &mut Rng) -> Result<[Card; KITTY_SIZE], Error> {
    // Kinds all of whose copies must stay in the hand never go to the kitty.
    let mut cards: Vec<Card> = group
        .iter()
        .filter(|&c| group.count(c) > shown.count(c))
        .collect();
    if cards.len() < KITTY_SIZE {
        return Err(invalid(
            "inconsistent view: the dealer's cards cannot form a kitty",
        ));
    }
    for _ in 0..10_000 {
        // A uniform ordered 8-subset: the first 8 positions of a partial Fisher-Yates.
        for i in 0..KITTY_SIZE {
            let j = i + rng.below((cards.len() - i) as u64) as usize;
            cards.swap(i, j);
        }
        let mut k = CardBag::EMPTY;
        for &c in &cards[..KITTY_SIZE] {
            k.insert(c);
        }
        if shown.is_subset(group.difference(k)) {
            return Ok(cards[..KITTY_SIZE].try_into().expect("8 cards"));
        }
    }
    Err(invalid("no kitty split found"))
}
