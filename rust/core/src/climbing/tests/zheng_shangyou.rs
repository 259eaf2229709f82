//! Zheng Shangyou test vectors (rules/zhengshangyou.md §9). The settlement vectors ZSY-V35 to
//! ZSY-V37 and the scores of ZSY-V38 to ZSY-V45 are tested in Python; the card play of
//! ZSY-V38 to ZSY-V45 (forced options, passes, trick ends, response bombs) is replayed here.

use super::{cs, one};
use crate::cards::Card;
use crate::climbing::*;

const ZSY: Ruleset = Ruleset::ZhengShangyou;

fn r(symbol: &str) -> u8 {
    [
        "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2",
    ]
    .iter()
    .position(|s| *s == symbol)
    .expect("rank symbol") as u8
}

fn check(text: &str, kind: ComboKind, key: &str, length: u8) {
    let c = one(ZSY, text);
    assert_eq!(
        (c.kind(), c.rank(), c.length()),
        (kind, r(key), length),
        "{text}"
    );
}

fn invalid(text: &str) {
    assert!(
        classify(ZSY, cs(text)).is_empty(),
        "{text} should be invalid"
    );
}

fn beat(top: &str, candidate: &str) -> bool {
    beats(ZSY, &one(ZSY, candidate), &one(ZSY, top))
}

fn heavenly() -> Combo {
    let found = classify_with(ZSY, cs("3s 3h 3d 3c"), PlayContext::FIRST_PLAY);
    assert_eq!(found.len(), 1);
    found[0]
}

/// The follower's legal actions as text, sorted (plays by `Display`, `PASS`).
fn actions(t: &ClimbTable) -> Vec<String> {
    let mut v: Vec<String> = t.legal_actions().iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

/// A mid-deal position where every seat has played (ZSY-V38 to ZSY-V41).
fn mid_deal(hands: [&str; 3], to_move: usize) -> ClimbTable {
    let position = TablePosition {
        hands: hands.iter().map(|h| cs(h)).collect(),
        to_move,
        first_play_done: true,
        plays_made: vec![1, 1, 1],
        ..TablePosition::default()
    };
    ClimbTable::from_position(ZSY, &position).unwrap()
}

#[test]
fn zsy_v01_deck() {
    // ZSY-V01, ZSY-2.1
    let deck = ZSY.deck();
    assert_eq!(deck.len(), 48);
    assert!(cs("2s As Ad Ac").is_subset(deck));
    for gone in ["Ah", "2h", "2d", "2c", "SJ", "BJ"] {
        assert!(!deck.contains(gone.parse::<Card>().unwrap()), "{gone}");
    }
    assert!(
        classify(ZSY, cs("SJ")).is_empty(),
        "ZSY-2.2: jokers are rejected"
    );
}

#[test]
fn zsy_v02_v03_first_play_must_contain_3h() {
    let hands = vec![
        cs("3h 3s 4h 4s 5d 6c 7h 9c"),
        cs("8c 8d Kc"),
        cs("Qd Jd Ts"),
    ];
    let t = ClimbTable::new(ZSY, hands.clone(), 0).unwrap();
    // ZSY-V02
    let e = t.can_play(0, &one(ZSY, "4h")).unwrap_err();
    assert_eq!(e.rule, "ZSY-3.4");
    // ZSY-V03
    assert!(t.can_play(0, &one(ZSY, "3h 3s")).is_ok());
    assert!(t.can_play(0, &one(ZSY, "3h 4s 5d 6c 7h")).is_ok());
    assert_eq!(t.can_play(0, &one(ZSY, "3s")).unwrap_err().rule, "ZSY-3.4");
    // ZSY-6.7: every first play generated contains 3h.
    let plays = t.legal_plays();
    assert!(!plays.is_empty());
    assert!(plays.iter().all(|c| c.cards().contains(THREE_OF_HEARTS)));
    // One play per rank multiset (ZSY-6.7): the straight 3-7 is listed once, with 3h.
    let straights: Vec<String> = plays
        .iter()
        .filter(|c| c.kind() == ComboKind::Straight)
        .map(|c| c.to_string())
        .collect();
    assert_eq!(straights, vec!["3h 4h 5d 6c 7h"]);
    // ZSY-3.3: the holder of 3h leads.
    assert!(ClimbTable::new(ZSY, hands.clone(), 1).is_err());
    assert_eq!(ZSY.first_leader(&hands), Some(0));
}

#[test]
fn zsy_v04_to_v21_classification() {
    use ComboKind::*;
    check("2s", Single, "2", 1); // ZSY-V04
    check("As Ad", Pair, "A", 1); // ZSY-V05
    check("Ks Kh Kd", Triple, "K", 1); // ZSY-V06
    assert_eq!(one(ZSY, "As Ad Ac").kind(), ThreeAceBomb); // ZSY-V07
    check("7s 7h 7d 7c", Bomb, "7", 4); // ZSY-V08
    check("Ts Jh Qd Kc As", Straight, "A", 5); // ZSY-V09
    invalid("Js Qh Kd As 2s"); // ZSY-V10
    invalid("As 2s 3h 4d 5c"); // ZSY-V11
    invalid("3s 4h 5d 6c"); // ZSY-V12
    check("3s 3h 4s 4h", PairSequence, "4", 2); // ZSY-V13
    check("Ks Kh As Ad", PairSequence, "A", 2); // ZSY-V14
    invalid("3s 3h 5s 5h"); // ZSY-V15
    invalid("5s 5h 5d 6c"); // ZSY-V16
    invalid("5s 5h 5d 6s 6h"); // ZSY-V17
    invalid("5s 5h 5d 6s 6h 6d"); // ZSY-V18
    invalid("9s 9h 9d 9c 3s 4s"); // ZSY-V19
    invalid("7s 7h 7d 7c 8s 8h 8d 8c"); // ZSY-V20
    assert_eq!(heavenly().kind(), HeavenlyBomb); // ZSY-V21
    check("3s 3h 3d 3c", Bomb, "3", 4); // ZSY-4.5: later, the lowest four-card bomb
}

#[test]
fn zsy_v22_to_v28_beating() {
    assert!(beat("As", "2s")); // ZSY-V22
    assert!(beat("Ks Kh Kd Kc", "As Ad Ac")); // ZSY-V23
    assert!(beat("3s 3h 3d 3c", "4s 4h 4d 4c")); // ZSY-V24
    assert!(beat("2s", "3s 3h 3d 3c")); // ZSY-V24
    let aces = one(ZSY, "As Ad Ac");
    assert!(!beats(ZSY, &aces, &heavenly())); // ZSY-V25
    assert!(legal_plays(
        ZSY,
        ZSY.deck().difference(cs("3s 3h 3d 3c")),
        Some(&heavenly())
    )
    .is_empty());
    assert!(beat("2s", "5s 5h 5d 5c")); // ZSY-V26
    assert!(!beat("3s 4h 5d 6c 7s", "4s 5h 6d 7c 8s 9h")); // ZSY-V27
    assert!(beat("3s 4h 5d 6c 7s", "4s 5h 6d 7c 8s")); // ZSY-V27
    assert!(beat("3s 3h 4s 4h", "4d 4c 5s 5h")); // ZSY-V28
    assert!(!beat("3s 3h 4s 4h", "5s 5h 6s 6h 7s 7h")); // ZSY-V28
}

/// A follower facing `top` (played by seat 0) with `hand`, seat 1 to move.
fn facing(top: Combo, hand: &str) -> ClimbTable {
    let position = TablePosition {
        hands: vec![cs("Qc"), cs(hand), cs("Jc")],
        to_move: 1,
        top: Some(TopPlay {
            combo: top,
            player: 0,
            was_lead: true,
        }),
        first_play_done: true,
        ..TablePosition::default()
    };
    ClimbTable::from_position(ZSY, &position).unwrap()
}

#[test]
fn zsy_v29_to_v34_obligation_to_beat() {
    // ZSY-V29
    let t = facing(one(ZSY, "Kd"), "3s 5s 5h 5d 5c 9h");
    assert_eq!(actions(&t), vec!["5c 5d 5h 5s"]);
    assert_eq!(t.can_pass(1).unwrap_err().rule, "ZSY-6.3");
    // ZSY-V30
    let t = facing(one(ZSY, "Kd"), "As 4s 4h");
    assert_eq!(actions(&t), vec!["As"]);
    // ZSY-V31
    let t = facing(one(ZSY, "Qs Qh"), "Ks 3d 4d 7c");
    assert_eq!(actions(&t), vec!["PASS"]);
    assert!(t.can_pass(1).is_ok());
    // ZSY-V32
    let t = facing(one(ZSY, "Ks Kh Kd"), "As Ad Ac 4h");
    assert_eq!(actions(&t), vec!["Ac Ad As"]);
    // ZSY-V33
    let t = facing(one(ZSY, "5h"), "6s 9d 2s");
    assert_eq!(actions(&t), vec!["2s", "6s", "9d"]);
    assert!(t.can_pass(1).is_err());
    // ZSY-V34
    let t = facing(heavenly(), "As Ad Ac Ks Kh Kd Kc 2s");
    assert_eq!(actions(&t), vec!["PASS"]);
}

/// Plays `cards` for `seat` after checking it is among the legal actions.
fn must_play(t: &mut ClimbTable, seat: usize, cards: &str) {
    assert_eq!(t.current_player(), Some(seat));
    let options = actions(t);
    assert!(
        !options.contains(&"PASS".to_string()),
        "seat {seat} may not pass: {options:?}"
    );
    t.play_cards(seat, cs(cards)).unwrap();
}

fn only_pass(t: &mut ClimbTable, seat: usize) {
    assert_eq!(t.current_player(), Some(seat));
    assert_eq!(actions(t), vec!["PASS"], "seat {seat}");
    t.pass(seat).unwrap();
}

#[test]
fn zsy_v38_response_bomb_holds() {
    let mut t = mid_deal(["6s 6h 6d 6c 9d", "8s 8h 4c Kc", "Ts Th 5c Qd"], 1);
    t.play_cards(1, cs("8s 8h")).unwrap();
    assert_eq!(actions(&t), vec!["Th Ts"]);
    must_play(&mut t, 2, "Ts Th");
    assert_eq!(actions(&t), vec!["6c 6d 6h 6s"]);
    must_play(&mut t, 0, "6s 6h 6d 6c");
    only_pass(&mut t, 1);
    only_pass(&mut t, 2);
    assert_eq!(
        t.response_bomb_tricks(0),
        1,
        "response bomb on top when the trick ends"
    );
    t.play_cards(0, cs("9d")).unwrap();
    assert!(t.is_over());
    assert_eq!(t.winner(), Some(0));
    assert_eq!((t.hand(1), t.hand(2)), (cs("4c Kc"), cs("5c Qd")));
    assert_eq!((0..3).map(|s| t.response_bomb_tricks(s)).sum::<u32>(), 1);
}

#[test]
fn zsy_v39_overbombed_bomb_earns_nothing() {
    let mut t = mid_deal(["7s 8d 9d", "4s 4h 4d 4c 5d", "As Ad Ac Jd"], 0);
    t.play_cards(0, cs("7s")).unwrap();
    assert_eq!(actions(&t), vec!["4c 4d 4h 4s"]);
    must_play(&mut t, 1, "4s 4h 4d 4c");
    assert_eq!(actions(&t), vec!["Ac Ad As"]);
    must_play(&mut t, 2, "As Ad Ac");
    only_pass(&mut t, 0);
    only_pass(&mut t, 1);
    assert_eq!(
        (0..3)
            .map(|s| t.response_bomb_tricks(s))
            .collect::<Vec<_>>(),
        vec![0, 0, 1]
    );
    t.play_cards(2, cs("Jd")).unwrap();
    assert!(t.is_over());
    assert_eq!((t.hand(0), t.hand(1)), (cs("8d 9d"), cs("5d")));
}

#[test]
fn zsy_v40_finishing_response_bomb() {
    let mut t = mid_deal(["9s 9h 9d 9c 4s", "Ks 6h 6d", "2s 5s 5h 5d 5c 7h 8c"], 0);
    t.play_cards(0, cs("4s")).unwrap();
    must_play(&mut t, 1, "Ks");
    assert_eq!(actions(&t), vec!["2s", "5c 5d 5h 5s"]);
    must_play(&mut t, 2, "5s 5h 5d 5c");
    assert_eq!(actions(&t), vec!["9c 9d 9h 9s"]);
    must_play(&mut t, 0, "9s 9h 9d 9c");
    assert!(t.is_over());
    // ZSY-7.4: the finishing response bomb is settled with the deal.
    assert_eq!(
        (0..3)
            .map(|s| t.response_bomb_tricks(s))
            .collect::<Vec<_>>(),
        vec![1, 0, 0]
    );
    assert_eq!((t.hand(1), t.hand(2)), (cs("6h 6d"), cs("2s 7h 8c")));
}

#[test]
fn zsy_v41_finishing_response_bomb_variant_b() {
    let mut t = mid_deal(["9s 9h 9d 9c 4s", "Ks 6h 6d", "2s 5s 5h 5d 5c 7h 8c"], 0);
    t.play_cards(0, cs("4s")).unwrap();
    must_play(&mut t, 1, "Ks");
    must_play(&mut t, 2, "2s");
    must_play(&mut t, 0, "9s 9h 9d 9c");
    assert!(t.is_over());
    assert_eq!(t.response_bomb_tricks(0), 1);
    assert_eq!(t.hand(2), cs("5s 5h 5d 5c 7h 8c"));
}

fn v42_deal() -> ClimbTable {
    let hands = vec![
        cs("3s 3h 3d 3c Qs Qh Qd Qc Ks Kh Kd Kc As Ad Ac 2s"),
        cs("4s 4h 4d 4c 5s 5h 5d 5c 6s 6h 6d 6c 7s 7h 7d 7c"),
        cs("8s 8h 8d 8c 9s 9h 9d 9c Ts Th Td Tc Js Jh Jd Jc"),
    ];
    ClimbTable::new(ZSY, hands, 0).unwrap()
}

#[test]
fn zsy_v42_lead_bombs_only() {
    let mut t = v42_deal();
    let first = t.play_cards(0, cs("3s 3h 3d 3c")).unwrap();
    assert_eq!(first.kind(), ComboKind::HeavenlyBomb);
    only_pass(&mut t, 1);
    only_pass(&mut t, 2);
    for lead in ["Qs Qh Qd Qc", "Ks Kh Kd Kc", "As Ad Ac"] {
        t.play_cards(0, cs(lead)).unwrap();
        only_pass(&mut t, 1);
        only_pass(&mut t, 2);
    }
    t.play_cards(0, cs("2s")).unwrap();
    assert!(t.is_over());
    assert_eq!((t.plays_made(1), t.plays_made(2)), (0, 0));
    assert_eq!((0..3).map(|s| t.response_bomb_tricks(s)).sum::<u32>(), 0);
}

#[test]
fn zsy_v43_forced_bombs() {
    let mut t = v42_deal();
    t.play_cards(0, cs("3s 3h 3d 3c")).unwrap();
    only_pass(&mut t, 1);
    only_pass(&mut t, 2);
    t.play_cards(0, cs("2s")).unwrap();
    assert_eq!(
        actions(&t),
        vec!["4c 4d 4h 4s", "5c 5d 5h 5s", "6c 6d 6h 6s", "7c 7d 7h 7s"]
    );
    must_play(&mut t, 1, "4s 4h 4d 4c");
    must_play(&mut t, 2, "8s 8h 8d 8c");
    assert_eq!(actions(&t), vec!["Ac Ad As", "Kc Kd Kh Ks", "Qc Qd Qh Qs"]);
    must_play(&mut t, 0, "Qs Qh Qd Qc");
    only_pass(&mut t, 1);
    only_pass(&mut t, 2);
    assert_eq!(t.response_bomb_tricks(0), 1);
    t.play_cards(0, cs("Ks Kh Kd Kc")).unwrap();
    only_pass(&mut t, 1);
    only_pass(&mut t, 2);
    t.play_cards(0, cs("As Ad Ac")).unwrap();
    assert!(t.is_over());
    assert_eq!(
        (0..3)
            .map(|s| t.response_bomb_tricks(s))
            .collect::<Vec<_>>(),
        vec![1, 0, 0]
    );
    assert_eq!(t.hand(1).len(), 12);
}

#[test]
fn zsy_v44_v45_lead_bomb() {
    // ZSY-V44: a lead bomb that stays on top earns nothing; its player leads again.
    let mut t = mid_deal(["8s 8h 8d 8c 3c", "4d 5d", "6d 7d"], 0);
    t.play_cards(0, cs("8s 8h 8d 8c")).unwrap();
    only_pass(&mut t, 1);
    only_pass(&mut t, 2);
    assert_eq!(t.current_player(), Some(0));
    assert_eq!((0..3).map(|s| t.response_bomb_tricks(s)).sum::<u32>(), 0);
    // ZSY-V45: a lead bomb answered by a response bomb.
    let mut t = mid_deal(["8s 8h 8d 8c 3c", "Qs Qh Qd Qc 5d", "6d 7d"], 0);
    t.play_cards(0, cs("8s 8h 8d 8c")).unwrap();
    must_play(&mut t, 1, "Qs Qh Qd Qc");
    only_pass(&mut t, 2);
    only_pass(&mut t, 0);
    assert_eq!(t.response_bomb_tricks(1), 1);
    assert_eq!(t.current_player(), Some(1));
}
