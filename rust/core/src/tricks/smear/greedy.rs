//! The greedy smear policy, the rollout policy of `playout_returns(policy="greedy")`: one cheap
//! rule per decision, from the seat's own cards and public facts (bids, trump, the partner
//! card and partner, the played cards) only.
//!
//! * **Bid** (SM-3.5): [`estimate`] the points the hand takes in each suit as trump — High (the
//!   ace sure, the king or queen sometimes), Low (the two, else the three), Jack, Jick and
//!   jokers (likelier when protected by the ace or king), the Trey (worth 3, safer with length),
//!   Game, length — plus what partner and the stock usually bring (4 players: partner and 14
//!   stock cards; 6: partner and 6; 5: a called partner). Bid the minimum legal bid if the best
//!   suit's estimate reaches it, else pass.
//! * **Trump** (SM-3.7): the suit with the best estimate (the longest and strongest).
//! * **Discard** (SM-3.9/3.10): the non-trump worth least to keep (low cards first, aces and
//!   tens last); once only trumps are left to drop, the least valuable trump (never before the
//!   low spot cards: the ace, jack, jick, jokers, trey, two and ten are kept longest).
//! * **Partner call** (SM-3.11): the highest trump the bidder lacks (ace, king, queen, jack,
//!   jick, jokers, ten...), else an outside ace.
//! * **Play** (SM-4/5): the bidder's side leads a master trump (one no unseen trump can beat)
//!   to pull the jack and jick; otherwise cash an outside master, else lead the least valuable
//!   card. Following: when partner is winning safely, smear the card worth most (trey, ten,
//!   jack...) onto his trick; otherwise win as cheaply as possible when the trick holds points,
//!   when playing last or when the winner is a master, else play the least valuable card.

use super::{game_value, Action, Phase, SmearDeal};
use crate::cards::{Card, CardSet, BIG_JOKER, SMALL_JOKER};
use crate::tricks::trump::TrumpRules;

/// The scoring points (SM-6.1) a card brings the side that captures it: the jack and jick of
/// trump 1, each joker 1, the trey (3 of trump) 3. High, Low and Game are not per card.
pub fn capture_points(card: Card, rules: &TrumpRules) -> u32 {
    let Some(trump) = rules.trump() else {
        return 0;
    };
    if card.is_joker() || Some(card) == rules.jick() {
        return 1;
    }
    if card.suit() == Some(trump) {
        return match card.rank() {
            9 => 1,
            1 => 3,
            _ => 0,
        };
    }
    0
}

/// What a card is worth to the side that takes it: its points first, then its game value.
fn worth(card: Card, rules: &TrumpRules) -> u32 {
    10 * capture_points(card, rules) + game_value(card)
}

/// The points a hand is expected to take with `trump` as trump (see the module docs).
pub fn estimate(hand: CardSet, trump: u8, players: usize) -> f64 {
    let rules = TrumpRules::smear(trump);
    let trumps = hand.intersection(rules.trumps());
    let has = |rank: u8| hand.contains(Card::new(rank, trump).expect("card"));
    let (ace, king, queen, jack, two, three) = (has(12), has(11), has(10), has(9), has(0), has(1));
    let jick = rules.jick().is_some_and(|j| hand.contains(j));
    let jokers = (hand.0 >> SMALL_JOKER & 1) + (hand.0 >> BIG_JOKER & 1);
    let length = trumps.len() as f64;
    let guard = if ace || king { 0.2 } else { 0.0 };
    let mut e = 0.0;
    e += if ace {
        1.0
    } else if king {
        0.45
    } else if queen {
        0.2
    } else {
        0.0
    };
    e += if two {
        0.9
    } else if three {
        0.45
    } else {
        0.0
    };
    if jack {
        e += 0.5 + guard;
    }
    if jick {
        e += 0.45 + guard;
    }
    e += jokers as f64 * (0.4 + guard);
    if three {
        e += 3.0 * (0.35 + 0.1 * length.min(5.0));
    }
    let tens_aces = (0..4u8)
        .filter_map(|s| Card::new(8, s))
        .chain((0..4u8).filter_map(|s| Card::new(12, s)))
        .filter(|c| hand.contains(*c))
        .count();
    e += 0.35 + 0.08 * tens_aces as f64;
    e += 0.25 * (length - 3.0).max(0.0);
    e + match players {
        4 => 2.7, // partner and 14 stock cards
        6 => 1.8, // partner and 6 stock cards
        _ => 1.0, // a called partner
    }
}

/// The suit with the best [`estimate`] and that estimate (ties: the higher suit).
pub fn best_suit(hand: CardSet, players: usize) -> (u8, f64) {
    (0..4u8)
        .map(|s| (s, estimate(hand, s, players)))
        .fold(
            (0, f64::MIN),
            |best, x| if x.1 >= best.1 { x } else { best },
        )
}

/// How much a card is worth keeping (higher: keep longer).
fn keep_value(card: Card, rules: &TrumpRules) -> u32 {
    if !rules.is_trump(card) {
        let r = card.rank() as u32;
        return 2 * r + if r == 8 { 6 } else { 0 };
    }
    let bonus = if card.is_joker() {
        10
    } else if Some(card) == rules.jick() {
        12
    } else {
        match card.rank() {
            12 => 15,
            11 => 13,
            10 => 11,
            9 => 14,
            1 => 12,
            0 => 9,
            8 => 8,
            r => r as u32 - 1,
        }
    };
    100 + bonus
}

/// The greedy action of the seat to act, `None` when nobody acts.
pub fn greedy_action(deal: &SmearDeal) -> Option<Action> {
    let seat = deal.current_player()?;
    let n = deal.num_players();
    Some(match deal.phase() {
        Phase::Bidding => {
            let (_, est) = best_suit(deal.hands[seat], n);
            let min = deal.high.map_or(4, |(h, _)| h + 1).max(4);
            if min <= 10 && est >= min as f64 {
                Action::Bid(min)
            } else {
                Action::Pass
            }
        }
        Phase::Trump => Action::Trump(best_suit(deal.hands[seat], n).0),
        Phase::Discard => {
            let rules = deal.rules.expect("trump named");
            let legal = deal.legal_discards(seat);
            let card = legal
                .iter()
                .min_by_key(|&c| (keep_value(c, &rules), c.index()))
                .expect("a legal discard");
            Action::Discard(card)
        }
        Phase::PartnerCall => {
            let rules = deal.rules.expect("trump named");
            let trump = rules.trump().expect("trump");
            let legal = deal.legal_calls(seat);
            let mut order: Vec<Card> = [12u8, 11, 10, 9]
                .iter()
                .filter_map(|&r| Card::new(r, trump))
                .collect();
            order.extend(rules.jick());
            order.extend([Card::BIG_JOKER, Card::SMALL_JOKER]);
            order.extend((2..=8u8).rev().filter_map(|r| Card::new(r, trump)));
            order.extend((0..4u8).filter_map(|s| Card::new(12, s)));
            let card = order
                .into_iter()
                .find(|c| legal.contains(*c))
                .or_else(|| legal.iter().next())
                .expect("a legal call");
            Action::Call(card)
        }
        Phase::Play => Action::Play(greedy_card(deal, seat)),
        Phase::AllPassed | Phase::Over => return None,
    })
}

/// Whether `card` beats every card of `others` that could be played after it in its suit
/// (for a trump: every other trump; the second of two equal jokers does not beat the first).
fn is_master(card: Card, others: CardSet, rules: &TrumpRules) -> bool {
    let suit = rules.effective_suit(card);
    let power = rules.power(card);
    others
        .intersection(rules.suit_cards(suit))
        .iter()
        .all(|c| rules.power(c) <= power)
}

fn greedy_card(deal: &SmearDeal, seat: usize) -> Card {
    let play = deal.play.as_ref().expect("play phase");
    let rules = *play.rules();
    let n = deal.num_players();
    let hand = play.hand(seat);
    let legal = play.legal_cards();
    if legal.len() == 1 {
        return legal.iter().next().expect("one card");
    }
    let unplayed = play.hands().iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
    let threats = unplayed.difference(hand);
    let my_side = deal.side_of(seat);
    let trumps = rules.trumps();
    let least = |set: CardSet| {
        set.iter()
            .min_by_key(|&c| {
                (
                    worth(c, &rules),
                    rules.is_trump(c),
                    rules.power(c),
                    c.index(),
                )
            })
            .expect("a card")
    };
    let (leader, trick) = play.current_trick();
    if trick.is_empty() {
        let bidder_side = deal.bidder().map(|b| deal.side_of(b));
        let my_trumps = legal.intersection(trumps);
        if Some(my_side) == bidder_side {
            if let Some(c) = my_trumps
                .iter()
                .filter(|&c| is_master(c, threats, &rules))
                .max_by_key(|&c| rules.power(c))
            {
                if !threats.intersection(trumps).is_empty() {
                    return c;
                }
            }
        }
        if let Some(c) = legal
            .difference(trumps)
            .iter()
            .filter(|&c| is_master(c, threats, &rules))
            .max_by_key(|&c| (rules.power(c), c.index()))
        {
            return c;
        }
        let side = legal.difference(trumps);
        return least(if side.is_empty() { legal } else { side });
    }
    let led = rules.effective_suit(trick[0]);
    let win_k = rules.winner(trick);
    let win_card = trick[win_k];
    let last = trick.len() == n - 1;
    let partner_winning = deal.side_of((leader + win_k) % n) == my_side;
    let safe = partner_winning
        && (last || {
            if rules.is_trump(win_card) {
                is_master(win_card, threats, &rules)
            } else {
                is_master(win_card, threats, &rules) && threats.intersection(trumps).is_empty()
            }
        });
    if safe {
        return legal
            .iter()
            .max_by_key(|&c| (worth(c, &rules), std::cmp::Reverse(rules.power(c))))
            .expect("a card");
    }
    let winners: Vec<Card> = legal
        .iter()
        .filter(|&c| rules.beats(c, win_card, led))
        .collect();
    let cheapest = winners
        .iter()
        .copied()
        .min_by_key(|&c| (rules.is_trump(c), rules.power(c), worth(c, &rules)));
    if let Some(c) = cheapest {
        let points_in_trick: u32 = trick.iter().map(|&t| worth(t, &rules)).sum();
        if points_in_trick > 0 || last || is_master(c, threats, &rules) {
            return c;
        }
    }
    least(legal)
}
