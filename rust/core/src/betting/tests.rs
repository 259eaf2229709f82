//! Core tests of the betting games; the rule vectors run end to end in tests/test_holdem_game.py
//! and tests/test_one_poker.py.

use super::holdem::{simulate_matches, HoldemHand};
use super::one_poker::{self, compare, signal, OnePokerDeal};
use super::*;
use crate::cards::{parse_cards, Card};
use std::cmp::Ordering;

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn seven(text: &str) -> [Card; 7] {
    cards(text).try_into().unwrap()
}

fn r_of_five(text: &str) -> u16 {
    7463 - crate::poker::evaluate_cards(&cards(text)).unwrap()
}

#[test]
fn showdown_values_reproduce_he_2_7_anchors() {
    for (hand, r) in [
        ("As Ks Qs Js Ts", 1),
        ("5h 4h 3h 2h Ah", 10),
        ("Ac Ad Ah As Kc", 11),
        ("2c 2d 2h 2s 3c", 166),
        ("Ah Kh Qh Jh 9h", 323),
        ("7c 5c 4c 3c 2c", 1599),
        ("Ah Kd Qh Jc Ts", 1600),
        ("5c 4d 3h 2s Ac", 1609),
        ("Ac Ad Ah Kc Qd", 1610),
        ("2c 2d 2h 4c 3d", 2467),
        ("Ac Ad Kh Kc Qd", 2468),
        ("3c 3d 2h 2c 4d", 3325),
        ("2c 2d Ah Kc Qd", 5966),
        ("Ac Kd Qh Jc 9d", 6186),
        ("7c 5d 4h 3c 2d", 7462),
    ] {
        assert_eq!(r_of_five(hand), r, "{hand}");
    }
}

#[test]
fn showdown_strength_seven_card_vectors() {
    // HE-8.1 .. HE-8.15 through the seam (strength = 7463 - r).
    for (hand, r) in [
        ("Ah Kh Qh Jh Th 2c 3d", 1),
        ("As 2s 3s 4s 5s 6s Kd", 9),
        ("2c 3c Ah 4d 5s Kc Qd", 1609),
        ("6d 7h 2c 3s 4h 5d Ac", 1607),
        ("Qs Kd Ac 2h 3d 9s 8c", 6202),
        ("7s 7d 7h 7c Kd Kh 2c", 96),
        ("Ac Kc Qc 9c 2c 5c 7c", 340),
        ("Td 9d 8d 7d 6h 6s 6c", 1604),
        ("Js Jd Jh 9c 9d 9s 2h", 207),
        ("Kc Kd Qs Qh Jc Jd 2s", 2601),
        ("4s 4h Ac As Ks Kh 9d", 2471),
        ("Ac Ad Kc Kd Kh 2s 2c", 179),
        ("2d 2h As Ac Ah Ad 3c", 21),
        ("9h 8h Th Jh Qh Kh Ah", 1),
        ("Ks Qs Jh Ts 9c 2s 3s", 878),
    ] {
        assert_eq!(7463 - showdown_strength(&seven(hand)), r, "{hand}");
    }
}

fn deck(top: &str) -> Vec<Card> {
    let mut d = cards(top);
    for c in Card::all().filter(|c| !c.is_joker()) {
        if !d.contains(&c) {
            d.push(c);
        }
    }
    d
}

#[test]
fn he_8_28_short_all_in_does_not_reopen_in_core() {
    let mut h = HoldemHand::new(&[1000, 1000, 170, 1830], 0, 10, 20, &deck("")).unwrap();
    for (seat, bet) in [
        (3, Bet::Call),
        (0, Bet::Call),
        (1, Bet::Call),
        (2, Bet::Check),
    ] {
        h.apply(seat, bet).unwrap();
    }
    h.apply(1, Bet::RaiseTo(100)).unwrap();
    h.apply(2, Bet::RaiseTo(150)).unwrap();
    h.apply(3, Bet::Call).unwrap();
    h.apply(0, Bet::Call).unwrap();
    let legal = h.legal();
    assert_eq!((legal.call, legal.raise), (Some(50), None));
    let err = h.apply(1, Bet::RaiseTo(250)).unwrap_err();
    assert_eq!(err.rule, "HE-4.4");
    h.apply(1, Bet::Call).unwrap();
    assert_eq!(h.street(), Street::Turn);
    assert_eq!(h.pot_total(), 680);
}

#[test]
fn illegal_actions_change_nothing() {
    let h0 = HoldemHand::new(&[1000; 4], 0, 10, 20, &deck("")).unwrap();
    let mut h = h0.clone();
    assert_eq!(h.apply(0, Bet::Call).unwrap_err().rule, "HE-4.11");
    assert_eq!(h.apply(3, Bet::Check).unwrap_err().rule, "HE-4.2");
    assert_eq!(h.apply(3, Bet::RaiseTo(39)).unwrap_err().rule, "HE-4.3");
    assert_eq!(h.events(), h0.events());
    assert_eq!(h.to_act(), Some(3));
}

#[test]
fn ten_thousand_random_hands_conserve_chips() {
    let t = simulate_matches(1000, 42, 4, 1000, 10, 20).unwrap();
    assert!(t.hands >= 10_000, "{t:?}");
    assert_eq!(t.conservation_failures, 0);
    let t = simulate_matches(300, 43, 10, 100, 5, 10).unwrap();
    assert_eq!(t.conservation_failures, 0);
    let t = simulate_matches(2000, 44, 2, 50, 10, 20).unwrap();
    assert_eq!(t.conservation_failures, 0);
}

#[test]
fn one_poker_comparison_and_signals() {
    let c = |t: &str| t.parse::<Card>().unwrap();
    assert_eq!(compare(c("2c"), c("Ad")), Ordering::Greater); // OP-8.1
    assert_eq!(compare(c("Ad"), c("Kd")), Ordering::Greater); // OP-8.2
    assert_eq!(compare(c("2s"), c("Kc")), Ordering::Less); // OP-8.3
    assert_eq!(compare(c("Qs"), c("Qd")), Ordering::Equal); // OP-8.4
    assert_eq!(signal([c("8c"), c("7d")]), (1, 1)); // OP-8.6
    assert_eq!(signal([c("Ts"), c("Ah")]), (2, 0));
}

#[test]
fn one_poker_betting_before_locks_is_rejected() {
    let h = |t: &str| -> [Card; 2] { cards(t).try_into().unwrap() };
    let mut d = OnePokerDeal::new([20, 20], 0, [h("Ks 3d"), h("9h 2c")], 1).unwrap();
    assert_eq!(d.apply(0, Bet::RaiseTo(3)).unwrap_err().rule, "OP-3.8");
    d.lock(0, "3d".parse().unwrap()).unwrap();
    assert_eq!(d.lock(0, "Ks".parse().unwrap()).unwrap_err().rule, "OP-7.4");
    d.lock(1, "9h".parse().unwrap()).unwrap();
    assert_eq!(d.apply(0, Bet::Fold).unwrap_err().rule, "OP-7.5");
    d.apply(0, Bet::Check).unwrap();
    d.apply(1, Bet::Check).unwrap();
    assert_eq!(d.winner(), Some(1));
    assert_eq!((d.stack(0), d.stack(1)), (19, 21));
}

#[test]
fn ten_thousand_random_one_poker_matches_conserve_chips() {
    let t = one_poker::simulate_matches(10_000, 5, 20, 1).unwrap();
    assert_eq!(t.matches, 10_000);
    assert_eq!(t.conservation_failures, 0);
    let t = one_poker::simulate_matches(200, 6, 2000, 1).unwrap();
    assert_eq!(t.conservation_failures, 0);
}

// ---- listing, ids, resampling and playouts (issue 13, issue 18 point 3) -------------------

use super::actions::{Candidates, IdError, IdSpace};
use super::one_poker::{OnePokerAction, Shoe};
use super::playout::{self as po, Policy};
use crate::rng::Rng;

fn two(t: &str) -> [Card; 2] {
    cards(t).try_into().unwrap()
}

#[test]
fn the_listing_is_fold_call_and_distinct_sizes() {
    let h = HoldemHand::new(&[1000; 4], 0, 10, 20, &deck("")).unwrap();
    // HE-8.25: pot 30, 20 owed: min 40, half pot 20 + 25, pot 20 + 50, all-in 1000.
    let listed: Vec<Bet> = h.candidates().iter().collect();
    assert_eq!(
        listed,
        [
            Bet::Fold,
            Bet::Call,
            Bet::RaiseTo(40),
            Bet::RaiseTo(45),
            Bet::RaiseTo(70),
            Bet::RaiseTo(1000)
        ]
    );
    // Sizes that coincide are listed once (a short stack: everything clamps to the all-in).
    let h = HoldemHand::new(&[1000, 1000, 1000, 30], 0, 10, 20, &deck("")).unwrap();
    let c = h.candidates();
    assert_eq!(c.len(), 3);
    assert_eq!(c.get(2), Some(Bet::RaiseTo(30)));
    assert_eq!(Candidates::default().len(), 0);
}

#[test]
fn exact_ids_cover_every_amount() {
    let h = HoldemHand::new(&[1000; 4], 0, 10, 20, &deck("")).unwrap();
    let space = IdSpace::Exact { total_chips: 4000 };
    assert_eq!(space.size(), 4002);
    assert_eq!(h.bet_of_id(space, 0), Ok(Bet::Fold));
    assert_eq!(h.bet_of_id(space, 1), Ok(Bet::Call));
    assert_eq!(h.bet_of_id(space, 1 + 777), Ok(Bet::RaiseTo(777)));
    match h.bet_of_id(space, 1 + 39) {
        Err(IdError::Illegal(v)) => assert_eq!(v.rule, "HE-4.3"),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        h.bet_of_id(space, 4002),
        Err(IdError::OutOfRange {
            id: 4002,
            size: 4002
        })
    );
    for t in [40u32, 500, 1000] {
        let id = space.id_of(Bet::RaiseTo(t), &h.candidates()).unwrap();
        assert_eq!(h.bet_of_id(space, id), Ok(Bet::RaiseTo(t)));
    }
    let a = IdSpace::Abstract;
    assert_eq!(h.bet_of_id(a, 4), Ok(Bet::RaiseTo(70)));
}

#[test]
fn any_amount_is_checked_without_overflow() {
    let h = HoldemHand::new(&[1000; 4], 0, 10, 20, &deck("")).unwrap();
    let v = h.raise_violation(3, u64::MAX).unwrap();
    assert_eq!(v.rule, "HE-4.3");
    assert!(v.message.contains(&u64::MAX.to_string()), "{}", v.message);
    assert_eq!(h.raise_violation(0, 50).unwrap().rule, "HE-4.11"); // not seat 0's turn
    assert!(h.raise_violation(3, 1000).is_none());
}

#[test]
fn holdem_resample_keeps_what_the_player_saw() {
    let mut h = HoldemHand::new(&[1000; 4], 0, 10, 20, &deck("")).unwrap();
    for (seat, bet) in [
        (3, Bet::Call),
        (0, Bet::Call),
        (1, Bet::Call),
        (2, Bet::Check),
        (1, Bet::RaiseTo(40)),
    ] {
        h.apply(seat, bet).unwrap();
    }
    let mut decks = std::collections::HashSet::new();
    for seed in 0..50 {
        let r = h.resample(2, &mut Rng::new(seed)).unwrap();
        assert_eq!(r.hole(2), h.hole(2));
        assert_eq!(r.board(), h.board());
        assert_eq!(r.to_act(), h.to_act());
        assert_eq!(
            r.actions().collect::<Vec<_>>(),
            h.actions().collect::<Vec<_>>()
        );
        let mut a: Vec<u8> = r.deck().iter().map(|c| c.index()).collect();
        a.sort_unstable();
        assert_eq!(a, (0..52).collect::<Vec<u8>>());
        decks.insert(r.deck().to_vec());
    }
    assert_eq!(decks.len(), 50);
    assert!(h.resample(4, &mut Rng::new(1)).is_err());
    let mut done = h.clone();
    while let Some(seat) = done.to_act() {
        let bet = if done.legal().fold {
            Bet::Fold
        } else {
            Bet::Check
        };
        done.apply(seat, bet).unwrap();
    }
    assert!(done.resample(0, &mut Rng::new(1)).is_err());
}

#[test]
fn one_poker_resample_respects_signals_carried_groups_and_the_shoe() {
    // Deal 2 of a match: seat 1 carried the DOWN card 2c and drew Ad; seat 0 carried Ks.
    let shoe: Vec<Card> = (0..104u8)
        .map(|i| Card::from_index(i % 52).unwrap())
        .collect();
    let discard = cards("3d 9h");
    let held = [two("Ks 2c")[0], two("Ks 2c")[1]];
    let mut stock = vec!["Ad".parse().unwrap(), "7s".parse().unwrap()];
    let mut rest = shoe.clone();
    for c in discard.iter().chain(held.iter()).chain(stock.iter()) {
        let at = rest.iter().position(|x| x == c).unwrap();
        rest.remove(at);
    }
    stock.extend(rest);
    // s1 won deal 1: first player of deal 2 (draws first).
    let mut d = OnePokerDeal::new([18, 22], 1, [two("Ks 7s"), two("2c Ad")], 1).unwrap();
    d.lock(1, "Ad".parse().unwrap()).unwrap();
    let view = Shoe {
        held: Some(held),
        stock: &stock,
        discard: &discard,
    };
    for seed in 0..200 {
        let r = d.resample(&view, 0, &mut Rng::new(seed)).unwrap();
        let opp = r.deal.hand(1);
        assert!(opp[0].rank() < 6, "the carried card stays DOWN: {opp:?}");
        assert!(
            opp[1].rank() >= 6,
            "the drawn card stays UP (signal 1/1): {opp:?}"
        );
        assert_eq!(r.deal.hand(0), d.hand(0));
        assert_eq!(r.held, Some([held[0], opp[0]]));
        assert_eq!(&r.stock[..2], &[opp[1], d.hand(0)[1]]);
        assert_eq!(r.stock.len(), stock.len());
        assert!(r.deal.locked(1).is_some() && r.deal.locked(0).is_none());
    }
    // A shoe that is not this deal's is refused.
    let wrong = Shoe {
        held: Some([held[1], held[0]]),
        stock: &stock,
        discard: &discard,
    };
    assert!(d.resample(&wrong, 0, &mut Rng::new(0)).is_err());
    assert_eq!(
        d.action_of_id(
            40,
            2 + 40 + u64::from("Ks".parse::<Card>().unwrap().index())
        ),
        Ok(OnePokerAction::Lock("Ks".parse().unwrap()))
    );
}

#[test]
fn playouts_are_settled_and_thread_independent() {
    let h = HoldemHand::new(&[1000; 4], 0, 10, 20, &deck("")).unwrap();
    for policy in [Policy::Random, Policy::Greedy] {
        let mut one = vec![0.0; 4 * 500];
        po::holdem_playouts(&h, 0, policy, 7, 1, &mut one);
        let mut three = vec![0.0; 4 * 500];
        po::holdem_playouts(&h, 0, policy, 7, 3, &mut three);
        assert_eq!(one, three);
        // A later block of playouts is the same rows of a longer run.
        let mut tail = vec![0.0; 4 * 100];
        po::holdem_playouts(&h, 400, policy, 7, 2, &mut tail);
        assert_eq!(&one[4 * 400..], &tail[..]);
        for row in one.chunks(4) {
            assert_eq!(row.iter().sum::<f64>(), 0.0);
            assert!(row.iter().all(|&x| x >= -1000.0));
        }
    }
    let d = OnePokerDeal::new([20, 20], 0, [two("Ks 3d"), two("9h 2c")], 1).unwrap();
    let mut out = vec![0.0; 2 * 300];
    po::one_poker_playouts(&d, 0, Policy::Greedy, 1, 2, &mut out);
    assert!(out
        .chunks(2)
        .all(|r| r[0] + r[1] == 0.0 && r[0].abs() <= 20.0));
}

#[test]
fn greedy_rules() {
    assert_eq!(po::chen_score(two("Ah As")), 20);
    assert_eq!(po::chen_score(two("Ks Kh")), 16);
    assert_eq!(po::chen_score(two("Ah Kh")), 12);
    assert_eq!(po::chen_score(two("7c 2d")), -1);
    assert_eq!(po::chen_score(two("5s 5d")), 5);
    // One Poker lock: against an opponent showing two DOWN cards the K (beats 2..7) is better
    // than the A (loses to a 2); against two UP cards the A is better than the 2.
    let mut rng = Rng::new(1);
    let d = OnePokerDeal::new([20, 20], 0, [two("Kc Ad"), two("4s 6h")], 1).unwrap();
    assert_eq!(
        po::one_poker_greedy_lock(&d, 0, &mut rng),
        "Kc".parse().unwrap()
    );
    let d = OnePokerDeal::new([20, 20], 0, [two("2c Ad"), two("Qs Th")], 1).unwrap();
    assert_eq!(
        po::one_poker_greedy_lock(&d, 0, &mut rng),
        "Ad".parse().unwrap()
    );
    // Hold'em: aces facing an all-in never fold; seven-deuce always does.
    let mut h = HoldemHand::new(&[100, 100], 0, 1, 2, &deck("Ac Ks Ad Kd")).unwrap();
    h.apply(0, Bet::RaiseTo(100)).unwrap();
    for _ in 0..50 {
        assert_ne!(po::holdem_greedy(&h, &mut rng), Bet::Fold);
    }
    let mut h = HoldemHand::new(&[100, 100], 0, 1, 2, &deck("7c Ks 2d Kd")).unwrap();
    h.apply(0, Bet::RaiseTo(100)).unwrap();
    for _ in 0..50 {
        assert_eq!(po::holdem_greedy(&h, &mut rng), Bet::Fold);
    }
}

#[test]
fn simulations_in_chunks_equal_one_run() {
    let whole = simulate_matches(30, 9, 4, 200, 5, 10).unwrap();
    let mut rng = Rng::new(9);
    let mut t = super::holdem::SimulationTotals::default();
    for _ in 0..3 {
        super::holdem::simulate_more(&mut rng, 10, &mut t, 4, 200, 5, 10).unwrap();
    }
    assert_eq!(t, whole);
    let whole = one_poker::simulate_matches(30, 9, 20, 1).unwrap();
    let mut rng = Rng::new(9);
    let mut t = one_poker::SimulationTotals::default();
    for _ in 0..3 {
        one_poker::simulate_more(&mut rng, 10, &mut t, 20, 1).unwrap();
    }
    assert_eq!(t, whole);
    let mut totals = super::holdem::SimulationTotals::default();
    let too_many_chips = super::holdem::simulate_more(&mut rng, 1, &mut totals, 10, u32::MAX, 1, 2);
    assert!(too_many_chips.is_err());
}
