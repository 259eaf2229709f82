//! The greedy rollout policy of Tractor: a cheap rule for every decision of a deal, meant as
//! the playout policy of determinized search. It reads the full state it is given (in a
//! search that is a resampled world, never the true hidden cards) and is deterministic: the
//! same state gives the same decision, so all greedy playouts of one state are equal.
//!
//! *Partner* is the seat opposite (TR-3.1); `can beat` means a legal follow that is a
//! contender beating the play (TR-4.4, TR-4.6, TR-4.7), judged from the actual hands;
//! [`keep_value`] orders cards (position in the effective suit, trumps above plain cards).
//!
//! * **Declare** (TR-3.6, TR-3.7): never over the partner. For each legal declaration, the
//!   *quality* of the hand under the trump it would fix: its trumps plus its trump pairs (in
//!   no-trump twice that, the jokers and level cards being all the trumps). Declare the best
//!   one when the quality reaches 10 (first declaration) or 12 (overcalling an opponent),
//!   else pass.
//! * **Bury** (TR-3.12): the 8 cards cheapest to lose: plain non-point cards before points,
//!   trumps last, a card of a pair kept, and a plain card the cheaper the shorter its suit
//!   (burying a short suit makes a void).
//! * **Lead** (TR-4.3): the biggest lead no opponent can beat (more cards first, then a plain
//!   suit before trumps, then more points, then the higher lead). With no such winner, the
//!   lowest non-point single of a plain suit in which the partner can take the trick (his
//!   best card of it is the highest, or he is void in it with trumps while both opponents
//!   must follow it, so his ruff wins: TR-4.4, TR-4.7), else the lowest single (non-point
//!   before point, plain before trump, shortest suit first).
//! * **Follow** (TR-4.4): when the partner is winning and no later opponent can beat him,
//!   dump points (the legal follow with the most points, keeping high cards); otherwise take
//!   the trick with the lowest winning follow no later opponent can beat, or else, if the
//!   trick already holds 10 points or more, with the highest winning follow; failing that
//!   dump low (the legal follow with the fewest points and lowest cards).
//!
//! With a selection already pending (cards selected one at a time) the policy finishes it
//! card by card: `end` a lead as soon as that is legal, else the lowest legal card.

use super::declare::{declaration_cards, declaration_strength, declaration_suit, Declaring};
use super::plays::{
    beating_follows, can_beat, card_points, cheapest_follow, current_winner, keep_value,
};
use super::rules::{common_suit, legal_leads, pairs_of, points, restrict};
use super::table::{Phase, TractorTable, KITTY_SIZE};
use super::trump::{Trump, TRUMP};
use crate::cards::{Card, CardBag};

/// The greedy policy's declaration for the player on turn (`None` = pass).
pub fn greedy_call(decl: &Declaring) -> Option<u8> {
    let seat = decl.current_player()?;
    let legal = decl.legal_declarations();
    if legal == 0 {
        return None;
    }
    let standing = decl.standing();
    if standing.is_some_and(|(_, s)| s as usize == (seat + 2) % 4) {
        return None; // never overcall the partner
    }
    let hand = decl.hands()[seat];
    let mut best: Option<(u32, u8)> = None;
    for k in 0..10u8 {
        if legal & (1 << k) == 0 {
            continue;
        }
        let trump = Trump::new(decl.level(), declaration_suit(k)).expect("valid trump");
        let trumps = restrict(hand, trump.suit_mask(TRUMP));
        let mut q = trumps.len() as u32 + pairs_of(trumps);
        if trump.is_no_trump() {
            q *= 2;
        }
        // Prefer the weaker of two equal declarations: it leaves room to overcall.
        if best.is_none_or(|(bq, _)| q > bq) {
            best = Some((q, k));
        }
    }
    let (q, k) = best?;
    let threshold = if standing.is_some() { 12 } else { 10 };
    debug_assert!(declaration_cards(decl.level(), k).is_subset(hand));
    debug_assert!(declaration_strength(k) > standing.map_or(0, |(s, _)| declaration_strength(s)));
    (q >= threshold).then_some(k)
}

/// The greedy bury: the 8 cheapest cards of `hand` (see the module documentation).
pub fn greedy_bury(hand: CardBag, trump: &Trump) -> CardBag {
    let mut suit_len = [0u32; 5];
    for c in hand.iter() {
        suit_len[trump.suit_of(c) as usize] += 1;
    }
    let cost = |c: Card| -> u32 {
        let mut v = keep_value(c, trump) * 4;
        let pts = card_points(c);
        if pts > 0 {
            v += 60 + pts;
        }
        if trump.is_trump(c) {
            v += 200;
        } else {
            v += 3 * suit_len[trump.suit_of(c) as usize].min(12);
        }
        if hand.count(c) == 2 {
            v += 40;
        }
        v
    };
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|&c| (cost(c), c.index()));
    let mut out = CardBag::EMPTY;
    for c in cards.into_iter().take(KITTY_SIZE) {
        out.insert(c);
    }
    out
}

fn opponents(seat: usize) -> [usize; 2] {
    [(seat + 1) % 4, (seat + 3) % 4]
}

/// Whether `seat`'s partner would take a single lead of plain suit `suit` (his best card of
/// it beats every opponent's, and no opponent can trump it).
fn partner_takes_suit(table: &TractorTable, seat: usize, suit: u8) -> bool {
    let trump = table.trump();
    let partner = table.hand((seat + 2) % 4);
    let mask = trump.suit_mask(suit);
    let best = |hand: CardBag| -> Option<u8> {
        restrict(hand, mask)
            .kinds()
            .iter()
            .map(|c| trump.position(c))
            .max()
    };
    let Some(p) = best(partner) else {
        return false;
    };
    opponents(seat).iter().all(|&o| {
        let h = table.hand(o);
        match best(h) {
            Some(q) => q < p,
            None => restrict(h, trump.suit_mask(TRUMP)).is_empty(),
        }
    })
}

/// Whether `seat`'s partner would ruff a single lead of plain suit `suit` and win: he is void
/// in it and holds a trump, and both opponents hold the suit, so they must follow it
/// (TR-4.4) and cannot trump over him (TR-4.7).
fn partner_ruffs_suit(table: &TractorTable, seat: usize, suit: u8) -> bool {
    let trump = table.trump();
    let partner = table.hand((seat + 2) % 4);
    let mask = trump.suit_mask(suit);
    restrict(partner, mask).is_empty()
        && !restrict(partner, trump.suit_mask(TRUMP)).is_empty()
        && opponents(seat)
            .iter()
            .all(|&o| !restrict(table.hand(o), mask).is_empty())
}

/// Ordering of the fallback single leads: (not towards the partner, points, trump, suit
/// length, keep value), lowest first.
type LowKey = (bool, u32, bool, u32, u32);

/// The greedy lead of the player to act (see the module documentation).
pub fn greedy_lead(table: &TractorTable) -> CardBag {
    let seat = table.to_move();
    let trump = *table.trump();
    let hand = table.hand(seat);
    let opps = opponents(seat);
    let leads = legal_leads(hand, &trump);
    let mut best: Option<((usize, bool, u32, u8), CardBag)> = None;
    for &lead in &leads {
        if opps
            .iter()
            .any(|&o| can_beat(table.hand(o), lead, lead, &trump))
        {
            continue;
        }
        let suit = common_suit(lead, &trump).unwrap_or(TRUMP);
        let top = lead
            .kinds()
            .iter()
            .map(|c| trump.position(c))
            .max()
            .unwrap_or(0);
        let key = (lead.len(), suit != TRUMP, points(lead), top);
        if best.is_none_or(|(k, _)| key > k) {
            best = Some((key, lead));
        }
    }
    if let Some((_, lead)) = best {
        return lead;
    }
    // No sure winner: a low single, towards the partner's strength if he can take it.
    let mut suit_len = [0u32; 5];
    for c in hand.iter() {
        suit_len[trump.suit_of(c) as usize] += 1;
    }
    let mut low: Option<(LowKey, Card)> = None;
    for c in hand.kinds().iter() {
        let s = trump.suit_of(c);
        let to_partner = s != TRUMP
            && card_points(c) == 0
            && (partner_takes_suit(table, seat, s) || partner_ruffs_suit(table, seat, s));
        let key = (
            !to_partner,
            card_points(c),
            s == TRUMP,
            suit_len[s as usize],
            keep_value(c, &trump),
        );
        if low.is_none_or(|(k, _)| key < k) {
            low = Some((key, c));
        }
    }
    let mut out = CardBag::EMPTY;
    out.insert(low.expect("the leader holds a card").1);
    out
}

/// The greedy follow of the player to act (see the module documentation).
pub fn greedy_follow(table: &TractorTable) -> CardBag {
    let seat = table.to_move();
    let trump = *table.trump();
    let hand = table.hand(seat);
    let lead = table.lead().expect("a follow answers a lead");
    let (winner_seat, winner) = current_winner(table);
    let leader = table.leader();
    let later_opponents: Vec<usize> = (table.trick_len() + 1..4)
        .map(|k| (leader + k) % 4)
        .filter(|&s| s % 2 != seat % 2)
        .collect();
    let holds = |play: CardBag| {
        later_opponents
            .iter()
            .all(|&o| !can_beat(table.hand(o), lead, play, &trump))
    };
    if winner_seat % 2 == seat % 2 && holds(winner) {
        return cheapest_follow(hand, lead, &trump, true);
    }
    let beating = beating_follows(hand, lead, winner, &trump);
    // Strongest first: the last one that holds is the lowest safe winner.
    if let Some(&p) = beating.iter().rev().find(|&&p| holds(p)) {
        return p;
    }
    let mut trick_points = 0;
    for k in 0..table.trick_len() {
        trick_points += points(table.trick_play((leader + k) % 4));
    }
    if trick_points >= 10 {
        if let Some(&p) = beating.first() {
            return p;
        }
    }
    cheapest_follow(hand, lead, &trump, false)
}

/// The greedy policy's whole bury, lead or follow for the player to act (the pending selection
/// must be empty); `None` once the deal is over.
pub fn greedy_play(table: &TractorTable) -> Option<CardBag> {
    table.current_player()?;
    Some(match table.phase() {
        Phase::Bury => greedy_bury(table.hand(table.dealer()), table.trump()),
        Phase::Play if table.lead().is_none() => greedy_lead(table),
        Phase::Play => greedy_follow(table),
        Phase::Over => return None,
    })
}

/// One greedy decision applied to `table`: a whole play, or with a pending selection one
/// step of it (see the module documentation). Returns false once the deal is over.
pub fn greedy_step(table: &mut TractorTable) -> bool {
    if table.current_player().is_none() {
        return false;
    }
    if table.selection().is_empty() {
        let play = greedy_play(table).expect("a player to act");
        table.apply_whole(play);
        return true;
    }
    let (mask, end) = table.legal_steps();
    if end {
        table.apply_end();
        return true;
    }
    let trump = *table.trump();
    let mut best: Option<(u32, Card)> = None;
    let mut m = mask;
    while m != 0 {
        let c = Card::from_index(m.trailing_zeros() as u8).expect("index < 54");
        m &= m - 1;
        let key = 90 * card_points(c) + keep_value(c, &trump);
        if best.is_none_or(|(k, _)| key < k) {
            best = Some((key, c));
        }
    }
    table.apply_step(best.expect("a legal step").1);
    true
}
