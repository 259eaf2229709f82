//! Dou Dizhu test vectors (rules/doudizhu.md §9). Settlement and auction vectors (DDZ-V43 to
//! DDZ-V48, DDZ-V52 to DDZ-V56 and the scores of DDZ-V57/V58) are tested in Python; the card
//! play of DDZ-V57 and DDZ-V58 is replayed here.

use super::{cs, one};
use crate::cards::{Card, CardSet};
use crate::climbing::*;

const DDZ: Ruleset = Ruleset::DouDizhu;

/// Game rank of a rank symbol in Dou Dizhu order (DDZ-2.3).
fn r(symbol: &str) -> u8 {
    [
        "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ",
    ]
    .iter()
    .position(|s| *s == symbol)
    .expect("rank symbol") as u8
}

fn check(text: &str, kind: ComboKind, key: &str, length: u8) {
    let c = one(DDZ, text);
    assert_eq!(
        (c.kind(), c.rank(), c.length()),
        (kind, r(key), length),
        "{text}"
    );
}

fn invalid(text: &str) {
    assert!(
        classify(DDZ, cs(text)).is_empty(),
        "{text} should be invalid"
    );
}

fn beat(top: &str, candidate: &str) -> bool {
    beats(DDZ, &one(DDZ, candidate), &one(DDZ, top))
}

#[test]
fn ddz_v01_deck() {
    // DDZ-V01, DDZ-2.1
    let deck = DDZ.deck();
    assert_eq!(deck.len(), 54);
    assert!(deck.contains(Card::SMALL_JOKER) && deck.contains(Card::BIG_JOKER));
    assert_eq!(deck.intersection(CardSet::full_pack(false)).len(), 52);
}

#[test]
fn ddz_v02_parse_ten() {
    // DDZ-V02, DDZ-2.2
    let c: Card = "10h".parse().unwrap();
    assert_eq!(c, "Th".parse().unwrap());
    assert_eq!(c.to_string(), "Th");
    assert_eq!(one(DDZ, "10h").to_string(), "Th");
}

#[test]
fn ddz_v03_to_v14_classification() {
    use ComboKind::*;
    check("7h", Single, "7", 1); // DDZ-V03
    check("SJ BJ", Rocket, "BJ", 1); // DDZ-V04
    check("2s 2h", Pair, "2", 1); // DDZ-V05
    invalid("Qs Qh Qd SJ BJ"); // DDZ-V06
    check("3s 3h 3d BJ", TripleWithSingle, "3", 1); // DDZ-V07
    check("9s 9h 9d 9c", Bomb, "9", 4); // DDZ-V08
    invalid("9s 9h 9d 9c 3s"); // DDZ-V09
    check("Ks Kh Kd 2s 2h", TripleWithPair, "K", 1); // DDZ-V10
    check("Ts Jh Qd Kc As", Straight, "A", 5); // DDZ-V11
    invalid("Js Qh Kd Ac 2s"); // DDZ-V12
    invalid("As 2h 3d 4c 5s"); // DDZ-V13
    invalid("3s 4h 5d 6c"); // DDZ-V14
}

#[test]
fn ddz_v15_to_v31_classification() {
    use ComboKind::*;
    check("3s 3h 4s 4h 5s 5h", PairSequence, "5", 3); // DDZ-V15
    invalid("3s 3h 4s 4h"); // DDZ-V16
    invalid("3s 3h 3d 5s 5h 5d"); // DDZ-V17
    invalid("As Ah Ad 2s 2h 2d"); // DDZ-V18
    check("5s 5h 5d 6s 6h 6d 7s 7h 7d 8s 8h 8d", Airplane, "8", 4); // DDZ-V19
    check("3s 3h 3d 4s 4h 4d 5c 5d", AirplaneWithSingles, "4", 2); // DDZ-V20
    check("Ks Kh Kd As Ah Ad 2s SJ", AirplaneWithSingles, "A", 2); // DDZ-V21
    invalid("3s 3h 3d 4s 4h 4d 3c 9s"); // DDZ-V22
    invalid("3s 3h 3d 4s 4h 4d SJ BJ"); // DDZ-V23
    invalid("3s 3h 3d 4s 4h 4d 5s 5h 5d 9s 9h 9d"); // DDZ-V24
    invalid("3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d 9s 9h 9d 9c"); // DDZ-V25
    check("3s 3h 3d 4s 4h 4d 9s 9h Js Jh", AirplaneWithPairs, "4", 2); // DDZ-V26
    invalid("3s 3h 3d 4s 4h 4d 9s 9h 9d 9c"); // DDZ-V27
    check("6s 6h 6d 6c 3s 3h", FourWithTwoSingles, "6", 1); // DDZ-V28
    invalid("6s 6h 6d 6c SJ BJ"); // DDZ-V29
    check("6s 6h 6d 6c 3s 3h 9s 9h", FourWithTwoPairs, "6", 1); // DDZ-V30
    invalid("6s 6h 6d 6c 3s 3h 3d 3c"); // DDZ-V31
}

#[test]
fn ddz_table_4_3_examples() {
    // The valid and invalid examples of the DDZ-4.3 table (suits chosen freely).
    use ComboKind::*;
    check("3c 3d 3h 4c 4d", TripleWithPair, "3", 1);
    check("3c 3d 3h 4c 4d 4h 5c 7c", AirplaneWithSingles, "4", 2);
    check("3c 3d 3h 4c 4d 4h 5c 5d", AirplaneWithSingles, "4", 2);
    check(
        "7c 7d 7h 8c 8d 8h 9c 9d 9h 3c 3d BJ",
        AirplaneWithSingles,
        "9",
        3,
    );
    check("Kc Kd Kh Ac Ad Ah 2c SJ", AirplaneWithSingles, "A", 2);
    check("Kc Kd Kh Ac Ad Ah 2c 2d 3c 3d", AirplaneWithPairs, "A", 2);
    check("3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac", Straight, "A", 12);
    check("Jc Jd Jh Qc Qd Qh Kc Kd Kh Ac Ad Ah", Airplane, "A", 4);
    check("6c 6d 6h 6s 3c 9c", FourWithTwoSingles, "6", 1);
    check("2c 2d 2h 2s BJ 3c", FourWithTwoSingles, "2", 1);
    check("6c 6d 6h 6s 2c 2d Ac Ad", FourWithTwoPairs, "6", 1);
    invalid("Kc Kd Qc");
    invalid("3c 3d 3h 4c 5c");
    invalid("Kc Kd Kh SJ BJ");
    invalid("Kc Kd Kh 5c 6c");
    invalid("Jc Qc Kc Ac 2c");
    invalid("3c 4c 5c 6c 8c");
    invalid("Kc Kd Ac Ad 2c 2d");
    invalid("3c 3d 4c 4d 6c 6d");
    invalid("3c 3d 3h 4c 4d 4h 5c 5d 5h 9c 9d 9h");
    invalid("3c 3d 3h 4c 4d 4h 9c 9d 9h 9s");
    invalid("3c 3d 3h 4c 4d 4h 5c 5d 6c 7c");
    invalid("6c 6d 6h 6s 3c");
    invalid("6c 6d 6h 6s 3c 3d 3h 3s");
    invalid("6c 6d 6h 6s 3c 3d 9c Tc");
    invalid("SJ 2c");
}

#[test]
fn ddz_v32_to_v42_beating() {
    assert!(beat("4s 4h 4d 9c", "5s 5h 5d 3c")); // DDZ-V32
    assert!(!beat("3s 4h 5d 6c 7s", "4s 5h 6d 7c 8s 9h")); // DDZ-V33
    assert!(beat("3s 3h 3d 4s 4h 4d 5c 6c", "5s 5h 5d 6s 6h 6d 7c 7d")); // DDZ-V34
    assert!(!beat(
        "5s 5h 5d 6s 6h 6d 7s 7h 7d 8s 8h 8d",
        "9s 9h 9d Ts Th Td Js Jh Jd 3c 4c 5c"
    )); // DDZ-V35
    assert!(beat("2s 2h", "3s 3h 3d 3c")); // DDZ-V36
    assert!(beat("As Ah Ad Ac", "2s 2h 2d 2c")); // DDZ-V37
    assert!(!beat("As Ah Ad Ac", "Ks Kh Kd Kc")); // DDZ-V37
    assert!(beat("2s 2h 2d 2c", "SJ BJ")); // DDZ-V38
    let rocket = one(DDZ, "SJ BJ");
    let rest = DDZ.deck().difference(cs("SJ BJ"));
    assert!(legal_plays(DDZ, rest, Some(&rocket)).is_empty()); // DDZ-V38: nothing beats it
    assert!(beat("As Ah Ad Ac 5s 6h", "3s 3h 3d 3c")); // DDZ-V39
    assert!(beat("5s 5h 5d 5c 3s 4s", "6s 6h 6d 6c 3h 3d")); // DDZ-V40
    assert!(!beat("5s 5h 5d 5c 3s 4s", "6s 6h 6d 6c 3h 3d 4h 4d")); // DDZ-V40
    assert!(beat("2s", "SJ") && beat("SJ", "BJ")); // DDZ-V41
    assert!(!beat("7s", "7h")); // DDZ-V42
}

/// A three-seat deal: seat hands given in full except `rest_seat`, who gets the rest of the deck.
fn deal(mut hands: Vec<CardSet>, rest_seat: usize) -> Vec<CardSet> {
    let used = hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
    hands[rest_seat] = DDZ.deck().difference(used);
    hands
}

#[test]
fn ddz_v49_leader_cannot_pass() {
    // DDZ-V49, DDZ-6.2
    let hands = deal(vec![cs("5s 9c"), cs("6d Kd"), CardSet::EMPTY], 2);
    let mut t = ClimbTable::new(DDZ, hands, 0).unwrap();
    let e = t.pass(0).unwrap_err();
    assert_eq!(e.rule, "DDZ-6.2");
    assert_eq!(t.current_player(), Some(0));
    assert!(t.legal_actions().iter().all(|a| *a != Action::Pass));
}

#[test]
fn ddz_v50_type_mismatch_rejected() {
    // DDZ-V50, DDZ-5.2
    let hands = deal(vec![cs("5s 9c"), cs("6s 6h Kd"), CardSet::EMPTY], 2);
    let mut t = ClimbTable::new(DDZ, hands, 0).unwrap();
    t.play_cards(0, cs("5s")).unwrap();
    let before = t.position();
    let e = t.play_cards(1, cs("6s 6h")).unwrap_err();
    assert_eq!(e.rule, "DDZ-5.2");
    assert_eq!(
        t.position(),
        before,
        "a rejected play leaves the state unchanged"
    );
}

#[test]
fn ddz_v51_pass_does_not_exclude() {
    // DDZ-V51, DDZ-6.4, DDZ-6.5
    let hands = deal(vec![cs("5s 3c 4c"), cs("Kd 3d 4d"), CardSet::EMPTY], 2);
    let mut t = ClimbTable::new(DDZ, hands, 0).unwrap();
    t.play_cards(0, cs("5s")).unwrap();
    t.pass(1).unwrap();
    t.play_cards(2, cs("9h")).unwrap();
    t.pass(0).unwrap();
    t.play_cards(1, cs("Kd")).unwrap(); // legal although seat 1 passed earlier
    t.pass(2).unwrap();
    assert!(t.top().is_some());
    t.pass(0).unwrap();
    assert!(t.top().is_none(), "trick ended after two passes");
    assert_eq!(t.current_player(), Some(1), "seat 1 leads next");
    let ends: Vec<_> = t
        .history()
        .iter()
        .filter_map(|e| match e {
            TableEvent::TrickEnd { winner, .. } => Some(*winner),
            _ => None,
        })
        .collect();
    assert_eq!(ends, vec![1]);
}

#[test]
fn ddz_v57_spring_card_play() {
    // DDZ-V57: the card play; the settlement (+48/-24/-24) is computed in Python.
    let landlord = cs("3s 4h 5d 6c 7s 8h 9d Tc Ks Kh As Ah Ad 2s 2h 2d BJ SJ 2c Kd");
    assert_eq!(landlord.len(), 20);
    let others: Vec<Card> = DDZ.deck().difference(landlord).iter().collect();
    let seat1: CardSet = others[..17].iter().copied().collect();
    let seat2: CardSet = others[17..].iter().copied().collect();
    let mut t = ClimbTable::new(DDZ, vec![landlord, seat1, seat2], 0).unwrap();
    for lead in [
        "3s 4h 5d 6c 7s 8h 9d Tc",
        "Ks Kh Kd As Ah Ad",
        "2s 2h 2d 2c",
        "SJ BJ",
    ] {
        let c = t.play_cards(0, cs(lead)).unwrap();
        if lead == "3s 4h 5d 6c 7s 8h 9d Tc" {
            assert_eq!((c.kind(), c.length()), (ComboKind::Straight, 8));
        }
        if lead == "Ks Kh Kd As Ah Ad" {
            assert_eq!((c.kind(), c.length()), (ComboKind::Airplane, 2));
        }
        if t.is_over() {
            break;
        }
        t.pass(1).unwrap();
        t.pass(2).unwrap();
    }
    assert!(t.is_over());
    assert_eq!(t.winner(), Some(0));
    // k = 2 (bomb + rocket); spring: neither farmer played.
    let k: u32 = (0..3).map(|s| t.bombs_played(s)).sum();
    assert_eq!(k, 2);
    assert_eq!((t.plays_made(1), t.plays_made(2)), (0, 0));
}

#[test]
fn ddz_v58_reverse_spring_card_play() {
    // DDZ-V58: the card play; the settlement (+8/+8/-16) is computed in Python.
    let farmer0 = cs("2h 5c 6c 7c 8c 9c Tc Jc Qc Kc As Ah 3h 4s 4h 4d 4c");
    let rest: Vec<Card> = DDZ
        .deck()
        .difference(farmer0)
        .difference(cs("3s"))
        .iter()
        .collect();
    let landlord: CardSet = rest[..19]
        .iter()
        .copied()
        .chain([cs("3s").iter().next().unwrap()])
        .collect();
    let farmer1: CardSet = rest[19..].iter().copied().collect();
    assert_eq!((landlord.len(), farmer1.len()), (20, 17));
    let mut t = ClimbTable::new(DDZ, vec![farmer0, farmer1, landlord], 2).unwrap();
    t.play_cards(2, cs("3s")).unwrap();
    t.play_cards(0, cs("2h")).unwrap();
    t.pass(1).unwrap();
    t.pass(2).unwrap();
    for lead in ["5c 6c 7c 8c 9c Tc Jc Qc Kc", "As Ah", "3h", "4s 4h 4d 4c"] {
        assert_eq!(t.current_player(), Some(0));
        t.play_cards(0, cs(lead)).unwrap();
        if t.is_over() {
            break;
        }
        t.pass(1).unwrap();
        t.pass(2).unwrap();
    }
    assert!(t.is_over());
    assert_eq!(t.winner(), Some(0));
    assert_eq!(
        t.plays_made(2),
        1,
        "the landlord made only the opening lead"
    );
    assert_eq!(t.bombs_played(0), 1);
}

#[test]
fn ddz_wings_are_chosen_by_rank() {
    // DDZ-6.7: one play per rank multiset; wings may pair (DDZ-4.5b) but not be both jokers.
    let hand = cs("3c 3d 3h 4c 4d 4h 5c 5d SJ BJ");
    let plays = legal_plays(DDZ, hand, None);
    let wings: Vec<String> = plays
        .iter()
        .filter(|c| c.kind() == ComboKind::AirplaneWithSingles)
        .map(|c| c.to_string())
        .collect();
    assert_eq!(
        wings,
        vec![
            "3c 3d 3h 4c 4d 4h + 5c 5d",
            "3c 3d 3h 4c 4d 4h + 5c SJ",
            "3c 3d 3h 4c 4d 4h + 5c BJ",
        ]
    );
}

#[test]
fn ddz_display_and_describe() {
    let c = one(DDZ, "3s 3h 3d 4s 4h 4d 7c 5c");
    assert_eq!(c.to_string(), "3d 3h 3s 4d 4h 4s + 5c 7c");
    assert_eq!(
        c.describe(),
        "airplane with single wings (n=2, k=4): 3d 3h 3s 4d 4h 4s + 5c 7c"
    );
    assert_eq!(one(DDZ, "2c Kc Kd Kh").to_string(), "Kc Kd Kh + 2c");
    assert_eq!(
        one(DDZ, "6s 6h 6d 6c 3s 3h").to_string(),
        "6c 6d 6h 6s + 3h 3s"
    );
    assert_eq!(one(DDZ, "BJ SJ").describe(), "rocket: SJ BJ");
    assert_eq!(
        one(DDZ, "9s 9h 9d 9c").describe(),
        "bomb (4 cards, k=9): 9c 9d 9h 9s"
    );
    assert_eq!(one(DDZ, "As Ks Qh Jd Tc").to_string(), "Tc Jd Qh Ks As");
}

#[test]
fn ddz_4_3_sequence_lengths_are_bounded_by_the_20_card_hand() {
    // DDZ-4.3 bounds n for every sequence type; DDZ-4.8 alone would accept these 21+ card sets.
    invalid("3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d 7s 7h 7d 8s 8h 8d 9s 9h 9d"); // airplane n=7
    invalid("3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s 8h 9s 9h Ts Th Js Jh Qs Qh Ks Kh"); // 11 pairs
    check(
        "3s 3h 4s 4h 5s 5h 6s 6h 7s 7h 8s 8h 9s 9h Ts Th Js Jh Qs Qh",
        ComboKind::PairSequence,
        "Q",
        10,
    );
    // No legal play from the whole pack has more than 20 cards.
    let all = legal_plays(DDZ, CardSet::full_pack(true), None);
    assert!(all.iter().all(|p| p.len() <= 20));
    let longest = |kind| {
        all.iter()
            .filter(|p| p.kind() == kind)
            .map(|p| p.length())
            .max()
    };
    assert_eq!(longest(ComboKind::PairSequence), Some(10));
    assert_eq!(longest(ComboKind::Airplane), Some(6));
    assert_eq!(longest(ComboKind::AirplaneWithSingles), Some(5));
    assert_eq!(longest(ComboKind::AirplaneWithPairs), Some(4));
}
