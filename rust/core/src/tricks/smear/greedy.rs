//! The smear rule strategy: the rollout policy of `playout_returns(policy="greedy")` and, from
//! Python, the HeuristicAgent (`cardavia.agents.strategies.smear`). One cheap rule per decision,
//! taken on a [`View`]: what the seat to act may see (its own cards and discards, the bids,
//! trump, the partner card and partner, every played card and the suits each player showed out
//! of), never another player's hidden cards. A playout builds the view from the deal
//! ([`View::of`]); the HeuristicAgent from the player's observation; both get the same action.
//!
//! * **Bid** (SM-3.5): [`estimate`] the points the hand takes as the bidder with each suit as
//!   trump (a linear score of the trump ace, king, queen, jack, jick, jokers, trey, two and
//!   length, its weights fitted per player count to the points bidders took in simulated
//!   deals; the stock and partner's help are in its constant). With the best suit: never
//!   overbid a partner (4 and 6 players); the dealer, last to speak, bids the minimum legal bid
//!   when the estimate reaches it by [`LAST_MARGIN`]; an earlier seat bids
//!   `floor(estimate - BID_MARGIN)` (at most 10) when that is a legal bid, so a good hand
//!   takes the contract at what it expects to make instead of being outbid a point at a time.
//!   Otherwise pass.
//! * **Trump** (SM-3.7): the suit with the best estimate.
//! * **Discard** (SM-3.9/3.10): the card worth least to keep: non-trumps first (low spot cards
//!   first, aces and tens last); once only trumps are left to drop, the least valuable trump
//!   (the ace, jack, jick, trey, king, queen, jokers, two and ten are kept longest, in that
//!   order).
//! * **Partner call** (SM-3.11): the highest trump the bidder lacks (ace, king, queen, jack,
//!   jick, jokers, ten...), else an outside ace.
//! * **Play** (SM-4/5), "master" meaning no card the seat has not seen can beat it in its suit:
//!   - lead: the bidder's side leads its highest master trump while trumps are still unseen
//!     (pulling the jack, jick and jokers); otherwise cash the highest outside master; else lead
//!     the least valuable card, a non-trump if it has one;
//!   - follow, partner winning safely (he is last to be beaten, or his card is a master and
//!     cannot be trumped: it is a trump, no trump is unseen, or everyone still to play has shown
//!     out of trump): smear the card worth most (trey, jack, jick, jokers, ten...) onto his
//!     trick, keeping master trumps;
//!   - otherwise win as cheaply as possible when the trick holds points, when last to play or
//!     when the winning card is a master; a winning card that is not a master and carries
//!     points (jack, jick, joker, trey) is risked only by the last player;
//!   - else play the least valuable card (the fewest points, then the lowest).

use super::{game_value, Action, Phase, SmearDeal};
use crate::cards::{Card, CardSet, BIG_JOKER, SMALL_JOKER};
use crate::tricks::trick::MAX_SEATS;
use crate::tricks::trump::TrumpRules;

/// The dealer (last to bid) bids the minimum when the estimate reaches it by this much.
pub const LAST_MARGIN: f64 = 0.0;
/// An earlier seat bids `floor(estimate - BID_MARGIN)` when that is legal.
pub const BID_MARGIN: f64 = 0.5;

/// The estimate's weights for 4, 5 and 6 players: constant, then trump ace, king, queen, jack,
/// jick, each joker, trey, two, and each trump held (least-squares fit, see [`estimate`]).
pub const WEIGHTS: [[f64; 10]; 3] = [
    [5.84, 1.10, 0.46, 0.37, 0.47, 0.28, 0.09, 0.04, 0.30, 0.22],
    [1.86, 0.78, 1.38, 1.06, 1.00, 0.79, 0.39, 0.32, 0.69, 0.41],
    [2.69, 1.85, 1.07, 0.76, 0.88, 0.58, 0.22, 0.13, 0.57, 0.42],
];

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
pub fn worth(card: Card, rules: &TrumpRules) -> u32 {
    10 * capture_points(card, rules) + game_value(card)
}

/// The points a hand (as dealt, before any stock) is expected to take as the bidder with
/// `trump` as trump: `WEIGHTS[players - 4]` applied to the constant, the trump ace, king,
/// queen, jack, jick, jokers (each), trey, two and the number of trumps.
pub fn estimate(hand: CardSet, trump: u8, players: usize) -> f64 {
    let rules = TrumpRules::smear(trump);
    let w = &WEIGHTS[players.clamp(4, 6) - 4];
    let has = |rank: u8| hand.contains(Card::new(rank, trump).expect("card")) as u8 as f64;
    let jick = rules.jick().is_some_and(|j| hand.contains(j)) as u8 as f64;
    let jokers = ((hand.0 >> SMALL_JOKER & 1) + (hand.0 >> BIG_JOKER & 1)) as f64;
    let length = hand.intersection(rules.trumps()).len() as f64;
    let features = [
        1.0,
        has(12),
        has(11),
        has(10),
        has(9),
        jick,
        jokers,
        has(1),
        has(0),
        length,
    ];
    w.iter().zip(features).map(|(a, b)| a * b).sum()
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
pub fn keep_value(card: Card, rules: &TrumpRules) -> u32 {
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

/// What the seat to act knows, all the rule strategy reads (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct View {
    pub players: usize,
    pub seat: usize,
    pub phase: Phase,
    pub dealer: usize,
    /// The seat's cards now (the stock included once a 4- or 6-player bidder took it).
    pub hand: CardSet,
    /// The high bid so far and who made it.
    pub high: Option<(u8, usize)>,
    pub bidder: Option<usize>,
    /// The 5-player partner once found (SM-3.11a).
    pub partner: Option<usize>,
    pub trump: Option<u8>,
    /// The legal cards of a discard, call or play decision.
    pub legal: CardSet,
    /// Every card the seat has not seen: not in its hand, not played, not its own discard.
    pub unseen: CardSet,
    /// The leader of the current trick and its cards in play order.
    pub leader: usize,
    pub trick: [Card; MAX_SEATS],
    pub trick_len: usize,
    /// Per seat, the effective suits it showed out of (bit per suit).
    pub voids: [u8; MAX_SEATS],
}

impl View {
    /// The view of the seat to act in `deal` (`None` when nobody acts).
    pub fn of(deal: &SmearDeal) -> Option<View> {
        let seat = deal.current_player()?;
        let n = deal.num_players();
        let mut view = View {
            players: n,
            seat,
            phase: deal.phase(),
            dealer: deal.dealer(),
            hand: deal.hands[seat],
            high: deal.high,
            bidder: deal.bidder(),
            partner: deal.partner(),
            trump: deal.trump(),
            legal: CardSet::EMPTY,
            unseen: CardSet::EMPTY,
            leader: 0,
            trick: [Card::SMALL_JOKER; MAX_SEATS],
            trick_len: 0,
            voids: [0; MAX_SEATS],
        };
        match deal.phase() {
            Phase::Discard => view.legal = deal.legal_discards(seat),
            Phase::PartnerCall => view.legal = deal.legal_calls(seat),
            Phase::Play => {
                let play = deal.play().expect("play phase");
                let rules = *play.rules();
                view.hand = play.hand(seat);
                view.legal = play.legal_cards();
                let mut played = CardSet::EMPTY;
                let forced = deal.partner().zip(deal.partner_card());
                let mut note = |k: usize, leader: usize, cards: &[Card], played: &mut CardSet| {
                    let Some(&first) = cards.first() else {
                        return;
                    };
                    let led = rules.effective_suit(first);
                    for (i, &c) in cards.iter().enumerate() {
                        played.insert(c);
                        let s = (leader + i) % n;
                        let is_forced = k == 0 && forced == Some((s, c));
                        if rules.effective_suit(c) != led && !is_forced {
                            view.voids[s] |= 1 << led;
                        }
                    }
                };
                for (k, t) in play.completed().iter().enumerate() {
                    note(k, t.leader as usize, t.cards(), &mut played);
                }
                let (leader, cards) = play.current_trick();
                note(play.completed().len(), leader, cards, &mut played);
                view.leader = leader;
                view.trick[..cards.len()].copy_from_slice(cards);
                view.trick_len = cards.len();
                view.unseen = CardSet::full_pack(true)
                    .difference(view.hand)
                    .difference(played)
                    .difference(deal.discards(seat));
            }
            _ => {}
        }
        Some(view)
    }

    /// The side of `seat` (SM-3.2, SM-3.11), as [`SmearDeal::side_of`].
    pub fn side_of(&self, seat: usize) -> usize {
        match self.players {
            4 => seat % 2,
            6 => seat % 3,
            _ => {
                if Some(seat) == self.bidder || Some(seat) == self.partner {
                    0
                } else {
                    1
                }
            }
        }
    }

    fn rules(&self) -> TrumpRules {
        TrumpRules::smear(self.trump.expect("trump named"))
    }
}

/// The rule strategy's action for the seat to act in `deal` (its [`View`]), `None` when nobody
/// acts.
pub fn greedy_action(deal: &SmearDeal) -> Option<Action> {
    View::of(deal).map(|v| view_action(&v))
}

/// The rule strategy's action on a view (see the module documentation).
pub fn view_action(v: &View) -> Action {
    match v.phase {
        Phase::Bidding => bid(v),
        Phase::Trump => Action::Trump(best_suit(v.hand, v.players).0),
        Phase::Discard => {
            let rules = v.rules();
            let card = v
                .legal
                .iter()
                .min_by_key(|&c| (keep_value(c, &rules), c.index()))
                .expect("a legal discard");
            Action::Discard(card)
        }
        Phase::PartnerCall => Action::Call(call(v)),
        Phase::Play => Action::Play(play_card(v)),
        Phase::AllPassed | Phase::Over => Action::Pass,
    }
}

fn bid(v: &View) -> Action {
    rule_bid(v.hand, v.players, v.seat, v.dealer, v.high)
}

/// The rule strategy's bid (SM-3.5) for `seat` holding `hand` (as dealt), `dealer` the last to
/// speak, `high` the high bid so far and its seat (see the module documentation).
pub fn rule_bid(
    hand: CardSet,
    players: usize,
    seat: usize,
    dealer: usize,
    high: Option<(u8, usize)>,
) -> Action {
    let (_, est) = best_suit(hand, players);
    let min = high.map_or(4, |(h, _)| h + 1).max(4);
    if min > 10 {
        return Action::Pass;
    }
    if let Some((_, holder)) = high {
        let partners = match players {
            4 => holder % 2 == seat % 2,
            6 => holder % 3 == seat % 3,
            _ => false,
        };
        if partners {
            return Action::Pass; // never overbid a partner
        }
    }
    if seat == dealer {
        return if est - LAST_MARGIN >= min as f64 {
            Action::Bid(min)
        } else {
            Action::Pass
        };
    }
    let target = (est - BID_MARGIN).floor().min(10.0);
    if target >= min as f64 {
        Action::Bid(target as u8)
    } else {
        Action::Pass
    }
}

fn call(v: &View) -> Card {
    let rules = v.rules();
    let trump = rules.trump().expect("trump");
    let mut order: Vec<Card> = [12u8, 11, 10, 9]
        .iter()
        .filter_map(|&r| Card::new(r, trump))
        .collect();
    order.extend(rules.jick());
    order.extend([Card::BIG_JOKER, Card::SMALL_JOKER]);
    order.extend((2..=8u8).rev().filter_map(|r| Card::new(r, trump)));
    order.extend((0..4u8).filter_map(|s| Card::new(12, s)));
    order
        .into_iter()
        .find(|c| v.legal.contains(*c))
        .or_else(|| v.legal.iter().next())
        .expect("a legal call")
}

/// Whether `card` beats every card of `others` of its effective suit (for a trump: every other
/// trump; the second of two equal jokers does not beat the first).
fn is_master(card: Card, others: CardSet, rules: &TrumpRules) -> bool {
    let suit = rules.effective_suit(card);
    let power = rules.power(card);
    others
        .intersection(rules.suit_cards(suit))
        .iter()
        .all(|c| rules.power(c) <= power)
}

fn play_card(v: &View) -> Card {
    let rules = v.rules();
    let legal = v.legal;
    if legal.len() == 1 {
        return legal.iter().next().expect("one card");
    }
    let n = v.players;
    let threats = v.unseen;
    let trumps = rules.trumps();
    let unseen_trumps = !threats.intersection(trumps).is_empty();
    let my_side = v.side_of(v.seat);
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
    let trick = &v.trick[..v.trick_len];
    if trick.is_empty() {
        let bidder_side = v.bidder.map(|b| v.side_of(b));
        if Some(my_side) == bidder_side && unseen_trumps {
            if let Some(c) = legal
                .intersection(trumps)
                .iter()
                .filter(|&c| is_master(c, threats, &rules))
                .max_by_key(|&c| rules.power(c))
            {
                return c;
            }
        }
        let side = legal.difference(trumps);
        if let Some(c) = side
            .iter()
            .filter(|&c| is_master(c, threats, &rules))
            .max_by_key(|&c| (rules.power(c), c.index()))
        {
            return c;
        }
        return least(if side.is_empty() { legal } else { side });
    }
    let led = rules.effective_suit(trick[0]);
    let win_k = rules.winner(trick);
    let win_card = trick[win_k];
    let after = n - 1 - trick.len(); // players still to play after this seat
    let last = after == 0;
    let partner_winning = v.side_of((v.leader + win_k) % n) == my_side;
    let trump_bit = 1u8 << rules.trump().expect("trump");
    let later_void_in_trump = (1..=after).all(|k| v.voids[(v.seat + k) % n] & trump_bit != 0);
    let safe = partner_winning
        && (last
            || (is_master(win_card, threats, &rules)
                && (rules.is_trump(win_card) || !unseen_trumps || later_void_in_trump)));
    if safe {
        let keep = CardSet(
            legal
                .intersection(trumps)
                .iter()
                .filter(|&c| is_master(c, threats, &rules))
                .fold(0u64, |m, c| m | c.bit()),
        );
        let pool = if legal.difference(keep).is_empty() {
            legal
        } else {
            legal.difference(keep)
        };
        let best = pool
            .iter()
            .max_by_key(|&c| (worth(c, &rules), std::cmp::Reverse(rules.power(c))))
            .expect("a card");
        return if worth(best, &rules) > 0 {
            best
        } else {
            least(legal)
        };
    }
    let points_in_trick: u32 = trick.iter().map(|&t| worth(t, &rules)).sum();
    let cheapest = legal
        .iter()
        .filter(|&c| rules.beats(c, win_card, led))
        .filter(|&c| last || is_master(c, threats, &rules) || capture_points(c, &rules) == 0)
        .min_by_key(|&c| (rules.is_trump(c), rules.power(c), worth(c, &rules)));
    if let Some(c) = cheapest {
        if points_in_trick > 0 || last || is_master(c, threats, &rules) {
            return c;
        }
    }
    least(legal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn estimate_prefers_the_strong_suit() {
        let hand = CardSet::parse("As Ks Qs Js 3s 2s 4h 5d 6c 7c").expect("cards");
        let (suit, est) = best_suit(hand, 4);
        assert_eq!(suit, 3);
        assert!(est > estimate(hand, 2, 4) + 2.0);
    }

    #[test]
    fn greedy_actions_are_legal_and_bids_never_overbid_a_partner() {
        for players in 4..=6 {
            for seed in 0..150u64 {
                let mut rng = Rng::new(seed);
                let mut d =
                    SmearDeal::random(players, seed as usize % players, &mut rng).expect("deal");
                while let Some(seat) = d.current_player() {
                    let a = greedy_action(&d).expect("a seat acts");
                    assert!(d.legal_actions().contains(&a), "{a:?} illegal, seed {seed}");
                    // Fixed partnerships (4 and 6 players, SM-3.2): no bid over a partner.
                    if let (4 | 6, Action::Bid(_), Some((_, holder))) = (players, a, d.high) {
                        assert_ne!(holder % (players / 2), seat % (players / 2));
                    }
                    d.apply(a).expect("legal");
                }
            }
        }
    }

    #[test]
    fn bid_weighted_resample_explains_rule_bids() {
        for players in 4..=6 {
            for seed in 0..40u64 {
                let mut rng = Rng::new(seed);
                let mut d = SmearDeal::random(players, 0, &mut rng).expect("deal");
                while d.phase() == Phase::Bidding {
                    d.apply(greedy_action(&d).expect("bid")).expect("legal");
                }
                if d.phase() != Phase::Trump {
                    continue; // all passed
                }
                for viewer in 0..players {
                    assert_eq!(d.bids_off_rule(viewer), 0);
                    let r = d
                        .resample_by_bids(viewer, &mut Rng::new(seed), 4096, 0.0)
                        .expect("resample");
                    assert_eq!(r.hands()[viewer], d.hands()[viewer]);
                    assert_eq!(r.bids(), d.bids());
                    assert_eq!(r.bids_off_rule(viewer), 0, "seed {seed} viewer {viewer}");
                    // slack 1 is the plain resample, draw for draw.
                    let plain = d.resample(viewer, &mut Rng::new(seed + 1)).expect("plain");
                    let same = d
                        .resample_by_bids(viewer, &mut Rng::new(seed + 1), 64, 1.0)
                        .expect("slack 1");
                    assert_eq!(plain.hands(), same.hands());
                }
            }
        }
    }
}
