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
