//! Determinization of a Five-Ten-King deal: [`resample`] deals every card a seat has not seen
//! again, exactly uniformly over the deals consistent with what that seat knows, and rebuilds
//! the deal at the same decision point.
//!
//! # What a seat knows
//!
//! * its own cards: those received so far (FTK-3.10: while the cards are being dealt, those up
//!   to its checkpoint, see [`FtkGame::dealt_seen_by`]), and, for the banker, the kitty and
//!   what he buried (FTK-3.13);
//! * every card played and by whom, every call and its answer (FTK-3.16);
//! * the public reveal (FTK-3.8, FTK-3.10): who showed which card after how many cards dealt.
//!   A receipt reveal at card `k` means card `k` went to the revealer and qualified, and the
//!   card shown was among his first `k` cards; a closing reveal means he held the card shown
//!   among his 21;
//! * the validity of the calls (FTK-3.15): a card called "second" has no buried copy, a card
//!   called "first" not both;
//! * while the cards are being dealt by a seat that is not being asked now: its own cards after
//!   its checkpoint cannot have been qualifying (it would have been asked).
//!
//! Passing is always allowed (climbing games never force a beat, FTK-5.3), and passes at reveal
//! opportunities are private, so nothing else narrows the deal.
//!
//! # Uniformity
//!
//! The deals are labelled physical decks (the two copies of a card are two cards) with, for a
//! viewer who is not the banker, the banker's hidden burial: every consistent (deck, burial)
//! pair is equally likely. The unseen cards are first split uniformly among the locations that
//! hide them (each other seat's unplayed hand, the burial) with
//! [`HiddenCards`](crate::search::HiddenCards); a draw is accepted with probability
//! proportional to the number of deck orders of the banker's 24 cards that agree with the
//! reveal (FTK-3.7, FTK-3.8), relative to the most any draw can have; then the banker's cards
//! are ordered by exactly that conditional law and every other seat's cards are shuffled into
//! its deck positions. Rejection from a uniform proposal keeps the result exactly uniform.
//!
//! # The rebuilt deal
//!
//! The new deck is dealt with the same first recipient and round; the viewer's own answers are
//! replayed, the public reveal is made at the same point, every other opportunity is passed,
//! the (new) burial is made, the calls and every card-play action are replayed. So the result
//! is at the same decision point: the same player to act, the same phase. The new deal's seed
//! (for a later redeal of deal 1) is drawn from `rng`, never taken from the original.

use super::game::{FtkAction, FtkGame, FtkPhase, PromptKind, Reveal, DEAL_CARDS, DECK_CARDS};
use super::FTK_PLAYERS;
use crate::cards::{Card, CardBag};
use crate::error::{invalid, Error};
use crate::rng::Rng;
use crate::search::HiddenCards;

/// Draws before a resample gives up (never reached on positions a game can produce).
const MAX_TRIES: usize = 200_000;
const BURIED: usize = FTK_PLAYERS;

fn binom(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let mut r = 1.0;
    for i in 0..k {
        r = r * (n - i) as f64 / (i + 1) as f64;
    }
    r
}

/// The fraction of orders of the revealer's 24 cards (his 21 deal slots, then the 3 kitty
/// slots) that agree with the reveal, given `q` qualifying cards among them, `m` of which are
/// copies of the card shown; `slot` is the deal slot of the card that prompted a receipt
/// reveal.
fn reveal_weight(kind: PromptKind, slot: usize, q: usize, m: usize) -> f64 {
    if m == 0 {
        return 0.0;
    }
    match kind {
        // Card `slot` qualifies and a copy of the card shown is in slots 0..=slot.
        PromptKind::Receipt => {
            let missing = binom(23 - slot, m) / binom(23, m);
            (m as f64 + (q - m) as f64 * (1.0 - missing)) / 24.0
        }
        // A copy of the card shown is among the 21 dealt (not all copies in the kitty).
        PromptKind::Closing => 1.0 - binom(3, m) / binom(24, m),
    }
}

/// The positions of `seat`'s cards in the deck, in dealing order.
fn positions(first: usize, seat: usize) -> impl Iterator<Item = usize> {
    ((seat + FTK_PLAYERS - first) % FTK_PLAYERS..DEAL_CARDS).step_by(FTK_PLAYERS)
}

fn bag_of(cards: &[Card]) -> CardBag {
    let mut b = CardBag::EMPTY;
    for &c in cards {
        b.insert(c);
    }
    b
}

/// A state of the same deal, at the same decision point, with every card `viewer` has not
/// seen dealt again (see the module documentation). Errors: a finished deal, a seat out of
/// range.
pub fn resample(game: &FtkGame, viewer: usize, rng: &mut Rng) -> Result<FtkGame, Error> {
    if viewer >= FTK_PLAYERS {
        return Err(invalid(format!("seat {viewer} does not exist (0..5)")));
    }
    if game.is_over() {
        return Err(invalid("the deal is over: nothing is hidden any more"));
    }
    let mut setup = *game.setup();
    setup.seed = rng.next_u64();
    let (deck, burial) = if game.phase() == FtkPhase::Deal {
        (deal_phase_deck(game, viewer, rng)?, Vec::new())
    } else {
        later_deck(game, viewer, rng)?
    };
    replay(game, viewer, setup, &deck, &burial)
}

/// While the cards are being dealt: everything but the viewer's cards up to his checkpoint.
fn deal_phase_deck(
    game: &FtkGame,
    viewer: usize,
    rng: &mut Rng,
) -> Result<[Card; DECK_CARDS], Error> {
    let first = game.setup().first;
    let deck = game.deck();
    let shown = game.dealt_seen_by(viewer);
    let mut known = [false; DECK_CARDS];
    let mut pool = CardBag::two_packs(true);
    for p in positions(first, viewer).take_while(|&p| p < shown) {
        known[p] = true;
        pool.remove(deck[p]);
    }
    let (asked, kind) = game.prompt().expect("the deal phase has a prompt");
    let pool: Vec<Card> = pool.iter().collect();
    // The viewer's cards after his checkpoint, already dealt, did not qualify.
    let quiet: Vec<usize> = if game.eligible(viewer) {
        positions(first, viewer)
            .filter(|&p| p >= shown && p < game.dealt())
            .collect()
    } else {
        Vec::new()
    };
    let slot = (asked != viewer && kind == PromptKind::Receipt).then(|| game.dealt() - 1);
    let slot_choices: Vec<usize> = match slot {
        Some(_) => (0..pool.len())
            .filter(|&i| game.qualifies(asked, pool[i]))
            .collect(),
        None => Vec::new(),
    };
    if slot.is_some() && slot_choices.is_empty() {
        return Err(invalid("no unseen card can have prompted the opportunity"));
    }
    let hidden: Vec<usize> = (0..DECK_CARDS)
        .filter(|&p| !known[p] && Some(p) != slot)
        .collect();
    for _ in 0..MAX_TRIES {
        let mut out = *deck;
        let mut rest = pool.clone();
        if let Some(s) = slot {
            let i = slot_choices[rng.below(slot_choices.len() as u64) as usize];
            out[s] = rest.swap_remove(i);
        }
        rng.shuffle(&mut rest);
        for (&p, &c) in hidden.iter().zip(&rest) {
            out[p] = c;
        }
        if quiet.iter().any(|&p| game.qualifies(viewer, out[p])) {
            continue;
        }
        if asked != viewer && kind == PromptKind::Closing {
            let holds = positions(first, asked).any(|p| game.qualifies(asked, out[p]));
            if !holds {
                continue;
            }
        }
        return Ok(out);
    }
    Err(invalid("no consistent deal found"))
}

/// After the deal: the other seats' unplayed cards, the kitty and (for a viewer who is not the
/// banker) the burial. Returns the deck and the burial to make.
fn later_deck(
    game: &FtkGame,
    viewer: usize,
    rng: &mut Rng,
) -> Result<([Card; DECK_CARDS], Vec<Card>), Error> {
    let first = game.setup().first;
    let banker = game.banker().expect("a banker after the deal");
    let deck = game.deck();
    let hands = game.hands();
    let viewer_is_banker = viewer == banker;
    let mut pool = CardBag::two_packs(true).minus(game.received(viewer));
    if viewer_is_banker {
        pool = pool.minus(game.kitty());
    }
    let mut need = [0u8; FTK_PLAYERS + 1];
    for seat in 0..FTK_PLAYERS {
        if seat != viewer {
            pool = pool.minus(game.played(seat));
            need[seat] = hands[seat].len() as u8;
        }
    }
    if !viewer_is_banker {
        need[BURIED] = game.buried().len() as u8;
    }
    let mut problem = HiddenCards::new(&need)?;
    let open: u8 = (0..=FTK_PLAYERS)
        .filter(|&s| need[s] > 0)
        .fold(0, |m, s| m | (1 << s));
    for c in pool.iter() {
        problem.add(c.index(), open);
    }
    // The reveal, seen by a viewer who is not the revealer.
    let reveal: Option<Reveal> = game.revealed().filter(|r| r.seat != viewer);
    let (slot, q_known, m_known, w_max) = match reveal {
        Some(r) => {
            let slot = if r.kind == PromptKind::Receipt {
                (r.dealt - 1) / FTK_PLAYERS
            } else {
                0
            };
            let known = game.played(r.seat);
            let q_known = known.iter().filter(|&c| game.qualifies(r.seat, c)).count();
            let m_known = known.count(r.card) as usize;
            let q_unseen = pool.iter().filter(|&c| game.qualifies(r.seat, c)).count();
            let m_unseen = pool.count(r.card) as usize;
            let mut w_max: f64 = 0.0;
            for m in m_known..=(m_known + m_unseen).min(2) {
                for q in (q_known.max(m))..=(q_known + q_unseen) {
                    w_max = w_max.max(reveal_weight(r.kind, slot, q, m));
                }
            }
            if w_max <= 0.0 {
                return Err(invalid("no unseen card agrees with the reveal"));
            }
            (slot, q_known, m_known, w_max)
        }
        None => (0, 0, 0, 1.0),
    };
    let calls = game.calls().to_vec();
    for _ in 0..MAX_TRIES {
        let parts = problem.sample(rng)?;
        let card = |i: u8| Card::from_index(i).expect("a card index");
        let burial: Vec<Card> = parts[BURIED].iter().map(|&i| card(i)).collect();
        if !viewer_is_banker {
            // FTK-3.15: the calls were valid with this burial.
            let b = bag_of(&burial);
            let valid = calls.iter().all(|c| {
                let n = b.count(c.card);
                n == 0 || (n == 1 && c.ordinal == 1)
            });
            if !valid {
                continue;
            }
        }
        if let Some(r) = reveal {
            let hidden = parts[r.seat].iter().chain(&parts[BURIED]).map(|&i| card(i));
            let (mut q, mut m) = (q_known, m_known);
            for c in hidden {
                if game.qualifies(r.seat, c) {
                    q += 1;
                }
                if c == r.card {
                    m += 1;
                }
            }
            let w = reveal_weight(r.kind, slot, q, m);
            if rng.unit_f64() * w_max >= w {
                continue;
            }
        }
        // Deck positions: every other seat's cards shuffled into its places, the banker's 24
        // ordered by the reveal's law.
        let mut out = *deck;
        for (seat, part) in parts.iter().enumerate().take(FTK_PLAYERS) {
            if seat == viewer {
                continue;
            }
            let mut cards: Vec<Card> = game.played(seat).iter().collect();
            cards.extend(part.iter().map(|&i| card(i)));
            let mut slots: Vec<usize> = positions(first, seat).collect();
            if seat == banker {
                cards.extend(burial.iter().copied());
                slots.extend(DEAL_CARDS..DECK_CARDS);
                order_revealer(&mut cards, reveal, slot, game, rng);
            } else {
                rng.shuffle(&mut cards);
            }
            debug_assert_eq!(cards.len(), slots.len());
            for (&p, &c) in slots.iter().zip(&cards) {
                out[p] = c;
            }
        }
        return Ok((out, burial));
    }
    Err(invalid("no consistent deal found"))
}

/// Orders the banker's 24 cards (deal slots, then the kitty) uniformly among the orders that
/// agree with the reveal (or uniformly when there is none to agree with).
fn order_revealer(
    cards: &mut Vec<Card>,
    reveal: Option<Reveal>,
    slot: usize,
    game: &FtkGame,
    rng: &mut Rng,
) {
    let Some(r) = reveal else {
        rng.shuffle(cards);
        return;
    };
    match r.kind {
        PromptKind::Closing => loop {
            rng.shuffle(cards);
            if cards[..21].contains(&r.card) {
                return;
            }
        },
        PromptKind::Receipt => {
            let m = cards.iter().filter(|&&c| c == r.card).count();
            let other = 1.0 - binom(23 - slot, m) / binom(23, m);
            // The card at `slot`: a copy of the card shown (weight 1) or another qualifying
            // card (weight `other`).
            let weights: Vec<f64> = cards
                .iter()
                .map(|&c| {
                    if c == r.card {
                        1.0
                    } else if game.qualifies(r.seat, c) {
                        other
                    } else {
                        0.0
                    }
                })
                .collect();
            let total: f64 = weights.iter().sum();
            let mut target = rng.unit_f64() * total;
            let mut pick = weights.iter().rposition(|&w| w > 0.0).expect("a weight");
            for (i, &w) in weights.iter().enumerate() {
                if w > 0.0 {
                    if target < w {
                        pick = i;
                        break;
                    }
                    target -= w;
                }
            }
            let at_slot = cards.swap_remove(pick);
            // The other 23 cards over the other 23 slots, the first `slot` of which come
            // before the prompting card.
            let mut rest = std::mem::take(cards);
            let mut placed: Vec<Option<Card>> = vec![None; 23];
            if at_slot != r.card {
                // At least one copy of the card shown before `slot`: uniform over the
                // positions of its copies with that property.
                let copies: Vec<usize> = (0..rest.len()).filter(|&i| rest[i] == r.card).collect();
                let spots: Vec<usize> = if copies.len() == 1 {
                    vec![rng.below(slot as u64) as usize]
                } else {
                    let mut pairs = Vec::new();
                    for a in 0..slot {
                        for b in a + 1..23 {
                            pairs.push((a, b));
                        }
                    }
                    let (a, b) = pairs[rng.below(pairs.len() as u64) as usize];
                    vec![a, b]
                };
                for (&i, &s) in copies.iter().zip(&spots) {
                    placed[s] = Some(rest[i]);
                }
                for &i in copies.iter().rev() {
                    rest.swap_remove(i);
                }
            }
            rng.shuffle(&mut rest);
            let mut it = rest.into_iter();
            let mut ordered = Vec::with_capacity(24);
            for s in 0..24 {
                if s == slot {
                    ordered.push(at_slot);
                } else {
                    let k = if s < slot { s } else { s - 1 };
                    ordered.push(match placed[k] {
                        Some(c) => c,
                        None => it.next().expect("a card for every slot"),
                    });
                }
            }
            *cards = ordered;
        }
    }
}

/// Deals `deck` and replays the original's course (see the module documentation).
fn replay(
    game: &FtkGame,
    viewer: usize,
    setup: super::game::FtkSetup,
    deck: &[Card; DECK_CARDS],
    burial: &[Card],
) -> Result<FtkGame, Error> {
    let mut g = FtkGame::new(setup, game.round(), Some(deck))?;
    g.set_record(false);
    let log = &game.log()[game.round_start()..];
    let deal_end = log
        .iter()
        .position(|(_, a)| matches!(a, FtkAction::Bury(_) | FtkAction::Call(_)))
        .unwrap_or(log.len());
    let mut mine = log[..deal_end]
        .iter()
        .filter(|(actor, _)| *actor == viewer)
        .map(|(_, a)| *a);
    let target = (game.dealt(), game.closing_next(), game.prompt());
    let reveal = game.revealed().filter(|r| r.seat != viewer);
    let fail = || invalid("the resampled deal took another course (please report this)");
    while g.phase() == FtkPhase::Deal {
        if game.phase() == FtkPhase::Deal && (g.dealt(), g.closing_next(), g.prompt()) == target {
            return Ok(finish(g));
        }
        let (seat, kind) = g.prompt().expect("a prompt");
        let action = if seat == viewer {
            mine.next().ok_or_else(fail)?
        } else {
            match reveal {
                Some(r) if r.seat == seat && r.dealt == g.dealt() && r.kind == kind => {
                    FtkAction::Reveal(r.card)
                }
                _ => FtkAction::Pass,
            }
        };
        g.apply(action).map_err(|_| fail())?;
        if g.round() != game.round() {
            return Err(fail());
        }
    }
    if game.phase() == FtkPhase::Deal || g.banker() != game.banker() {
        return Err(fail());
    }
    let rest = &log[deal_end..];
    if viewer == game.banker().expect("a banker") {
        for (_, a) in rest.iter().filter(|(_, a)| matches!(a, FtkAction::Bury(_))) {
            g.apply_unchecked(*a);
        }
    } else {
        for &c in burial {
            if !g.banker_hand().contains(c) {
                return Err(fail());
            }
            g.apply_unchecked(FtkAction::Bury(c));
        }
    }
    for (_, a) in rest
        .iter()
        .filter(|(_, a)| !matches!(a, FtkAction::Bury(_)))
    {
        debug_assert!(g.violation(a).is_none(), "{a:?} replays legally");
        g.apply_unchecked(*a);
    }
    if g.current_player() != game.current_player() || g.phase() != game.phase() {
        return Err(fail());
    }
    Ok(finish(g))
}

fn finish(mut g: FtkGame) -> FtkGame {
    g.set_record(true);
    g.events.clear();
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::climbing::ftk_table::game::FtkSetup;

    fn choose(
        n: usize,
        k: usize,
        start: usize,
        out: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]),
    ) {
        if out.len() == k {
            f(out);
            return;
        }
        for i in start..n {
            out.push(i);
            choose(n, k, i + 1, out, f);
            out.pop();
        }
    }

    /// The fraction of (qualifying positions, which of them hold the card shown) pairs over
    /// the 24 slots that agree with a reveal, counted one by one.
    fn brute_force(kind: PromptKind, slot: usize, q: usize, m: usize) -> f64 {
        let (mut good, mut all) = (0u64, 0u64);
        choose(24, q, 0, &mut Vec::new(), &mut |pos| {
            choose(q, m, 0, &mut Vec::new(), &mut |which| {
                all += 1;
                let c_pos: Vec<usize> = which.iter().map(|&i| pos[i]).collect();
                let ok = match kind {
                    PromptKind::Receipt => pos.contains(&slot) && c_pos.iter().any(|&p| p <= slot),
                    PromptKind::Closing => c_pos.iter().any(|&p| p < 21),
                };
                good += ok as u64;
            });
        });
        good as f64 / all as f64
    }

    #[test]
    fn reveal_weight_counts_the_agreeing_orders() {
        for q in 1..=4 {
            for m in 0..=q.min(2) {
                for slot in [0, 1, 7, 20] {
                    let want = brute_force(PromptKind::Receipt, slot, q, m);
                    let got = reveal_weight(PromptKind::Receipt, slot, q, m);
                    assert!(
                        (want - got).abs() < 1e-12,
                        "q {q} m {m} slot {slot}: {want} {got}"
                    );
                }
                let want = brute_force(PromptKind::Closing, 0, q, m);
                let got = reveal_weight(PromptKind::Closing, 0, q, m);
                assert!((want - got).abs() < 1e-12, "closing q {q} m {m}");
            }
        }
    }

    #[test]
    fn revealer_orders_follow_the_conditional_law() {
        // Deal 1: qualifying rank 3 (card rank 1). Seat 0 revealed 3c at its slot 5.
        let setup = FtkSetup {
            seed: 1,
            number: 1,
            levels: [1; 5],
            previous_winners: None,
            previous_banker: None,
            first: 0,
            partner_calls: 1,
        };
        let game = FtkGame::new(setup, 0, None).unwrap();
        let c3 = Card::new(1, 0).unwrap();
        let h3 = Card::new(1, 2).unwrap();
        let filler: Vec<Card> = (2..13)
            .flat_map(|r| (0..2).map(move |s| Card::new(r, s).unwrap()))
            .take(21)
            .collect();
        let mut base = vec![c3, c3, h3];
        base.extend(filler);
        let reveal = Reveal {
            seat: 0,
            card: c3,
            dealt: 26,
            kind: PromptKind::Receipt,
        };
        let slot = 5;
        let (q, m) = (3, 2);
        let mut rng = Rng::new(3);
        let mut at_slot_c = 0;
        let n = 60_000;
        for _ in 0..n {
            let mut cards = base.clone();
            order_revealer(&mut cards, Some(reveal), slot, &game, &mut rng);
            assert_eq!(bag_of(&cards), bag_of(&base));
            assert!(game.qualifies(0, cards[slot]));
            assert!(cards[..=slot].contains(&c3));
            at_slot_c += (cards[slot] == c3) as usize;
        }
        // P(slot holds the card shown | the order agrees) = m · 23! / (24! · weight).
        let want = m as f64 / (24.0 * reveal_weight(PromptKind::Receipt, slot, q, m));
        let got = at_slot_c as f64 / n as f64;
        let sd = (want * (1.0 - want) / n as f64).sqrt();
        assert!((got - want).abs() < 5.0 * sd, "{got} vs {want}");
    }
}
