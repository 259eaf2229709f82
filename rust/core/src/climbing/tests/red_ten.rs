//! Red Ten test vectors (rules/red_ten.md §9). Dealing sizes (RT-TV-01), lighting (RT-TV-04 poll
//! order, RT-TV-05 to RT-TV-08) and scoring (RT-TV-30 to RT-TV-42) are tested in Python; the
//! team formation (RT-TV-02, RT-TV-03), the first leader (RT-TV-04), the combinations and
//! beating (RT-TV-09 to RT-TV-25) and the turn flow (RT-TV-26 to RT-TV-29) are tested here.

use super::{cs, one};
use crate::cards::CardSet;
use crate::climbing::*;

const RT: Ruleset = Ruleset::RedTen;

fn beat(top: &str, candidate: &str) -> bool {
    beats(RT, &one(RT, candidate), &one(RT, top))
}

fn invalid(text: &str) {
    assert!(
        classify(RT, cs(text)).is_empty(),
        "{text} should be invalid"
    );
}

/// Four hands: the given ones, the rest of the deck to seat `rest_seat`.
fn deal(mut hands: Vec<CardSet>, rest_seat: usize) -> Vec<CardSet> {
    let used = hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
    hands[rest_seat] = RT.deck().difference(used);
    hands
}

#[test]
fn rt_tv02_tv03_teams() {
    // RT-TV-02: S0 holds Th, S2 holds Td.
    let hands = deal(vec![cs("Th 3h"), cs("4c"), cs("Td"), CardSet::EMPTY], 3);
    let t = ClimbTable::new(RT, hands, 0).unwrap();
    assert_eq!(
        (0..4).map(|s| t.team(s).unwrap()).collect::<Vec<_>>(),
        vec![0, 1, 0, 1]
    );
    // RT-TV-03: S3 holds both.
    let hands = deal(vec![cs("3h"), cs("4c"), CardSet::EMPTY, cs("Th Td")], 2);
    let t = ClimbTable::new(RT, hands, 0).unwrap();
    assert_eq!(
        (0..4).map(|s| t.team(s).unwrap()).collect::<Vec<_>>(),
        vec![1, 1, 1, 0]
    );
}

#[test]
fn rt_tv04_first_leader() {
    // RT-TV-04 (the lighting poll order is Python's): the 3h holder S1 leads.
    let hands = deal(vec![cs("Th"), cs("3h 4c"), cs("Td"), CardSet::EMPTY], 3);
    assert_eq!(RT.first_leader(&hands), Some(1));
    let t = ClimbTable::new(RT, hands.clone(), 1).unwrap();
    assert_eq!(t.current_player(), Some(1));
    assert!(ClimbTable::new(RT, hands, 0).is_err());
    // RT-3.9: the first play need not contain 3h.
    assert!(t
        .legal_plays()
        .iter()
        .any(|c| !c.cards().contains(THREE_OF_HEARTS)));
}

#[test]
fn rt_tv09_to_tv25_combinations_and_beating() {
    use ComboKind::*;
    assert!(beat("BJ", "Th")); // RT-TV-09
    assert!(!beat("Th", "Td")); // RT-TV-10
    assert!(beat("SJ", "BJ") && beat("2c", "SJ")); // RT-TV-11
    assert_eq!(one(RT, "Ts Tc").kind(), Pair); // RT-TV-12
    assert_eq!(one(RT, "Ts Tc").rank_name(), "T");
    invalid("Th Ts"); // RT-TV-12
    assert_eq!(one(RT, "Th Td").kind(), RedTenBomb); // RT-TV-12
    assert!(beat("9s 9d", "Ts Tc")); // RT-TV-13
    assert_eq!(one(RT, "SJ BJ").kind(), JokerBomb); // RT-TV-14
    let low = one(RT, "Ah 2s 3d"); // RT-TV-15
    assert_eq!((low.kind(), low.length(), low.rank()), (Straight, 3, 1));
    assert_eq!(low.to_string(), "Ah 2s 3d");
    invalid("Ks Ah 2d"); // RT-TV-15
    assert!(beat("Js Qd Kc", "Qs Kh Ad")); // RT-TV-16
    assert_eq!(one(RT, "Qs Kh Ad").to_string(), "Qs Kh Ad");
    assert!(!beat("3c 4c 5c 6c", "4s 5h 6d")); // RT-TV-17
    let s = one(RT, "8s 9h Th Jd"); // RT-TV-18
    assert_eq!((s.kind(), s.length(), s.rank()), (Straight, 4, 8));
    invalid("9s Th Td Jc"); // RT-TV-18
    invalid("Ts Js Qs SJ"); // RT-TV-18
                            // RT-TV-19
    assert!(beat(
        "Ah 2s 3h 4h 5h 6h 7h 8h 9h Tc Jh Qh",
        "2h 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"
    ));
    let a = one(RT, "Ah 2s 3h 4h 5h 6h 7h 8h 9h Tc Jh Qh Kh");
    let b = one(RT, "2h 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As");
    assert_eq!((a.length(), a.rank(), b.length(), b.rank()), (13, 2, 13, 2));
    assert!(!beats(RT, &b, &a) && !beats(RT, &a, &b));
    // RT-TV-20
    for top in ["As", "Ks Kd", "3s 4s 5s 6s 7c"] {
        assert!(beat(top, "7s 7h 7d"), "{top}");
    }
    assert!(beat("7s 7h 7d", "8s 8h 8d")); // RT-TV-21
    assert!(beat("2s 2h 2d", "3s 3h 3d 3c")); // RT-TV-22
    assert!(beat("2s 2h 2d 2c", "SJ BJ") && beat("SJ BJ", "Th Td")); // RT-TV-23
    invalid("Ts Tc Th"); // RT-TV-24
    assert!(beat("Ks Kh", "As Ah") && beat("As", "Th")); // RT-TV-25
}

#[test]
fn rt_section_4_3_examples() {
    use ComboKind::*;
    assert_eq!(one(RT, "7s 7h 7d").kind(), Bomb);
    assert_eq!(one(RT, "7s 7h 7d").length(), 3);
    assert_eq!(one(RT, "2s 2h 2d 2c").length(), 4);
    let b3 = one(RT, "Th Td");
    let rest = RT.deck().difference(cs("Th Td"));
    assert!(
        legal_plays(RT, rest, Some(&b3)).is_empty(),
        "RT-4.6: B3 cannot be beaten"
    );
    invalid("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ad"); // RT-4.4: A at both ends
    invalid("As Ks");
    invalid("3s 4s"); // RT-4.4: a 2-card "straight"
}

#[test]
fn rt_straight_ten_choices_are_distinct_plays() {
    // Generation: a black ten and a red ten give two different straights (module docs).
    let plays = legal_plays(RT, cs("9c Tc Th Jc"), None);
    let straights: Vec<String> = plays
        .iter()
        .filter(|c| c.kind() == ComboKind::Straight)
        .map(|c| c.to_string())
        .collect();
    assert_eq!(straights, vec!["9c Tc Jc", "9c Th Jc"]);
}

/// A mid-deal position with teams red {S0, S2}, black {S1, S3}.
fn position(hands: [&str; 4], to_move: usize) -> TablePosition {
    TablePosition {
        hands: hands.iter().map(|h| cs(h)).collect(),
        to_move,
        first_play_done: true,
        teams: Some(vec![0, 1, 0, 1]),
        ..TablePosition::default()
    }
}

#[test]
fn rt_tv26_all_pass_leader_leads_again() {
    let mut t =
        ClimbTable::from_position(RT, &position(["3c", "5c 9d", "4c 8d", "6c 7d"], 1)).unwrap();
    t.play_cards(1, cs("5c")).unwrap();
    t.pass(2).unwrap();
    t.pass(3).unwrap();
    assert!(t.top().is_some());
    t.pass(0).unwrap();
    assert!(t.top().is_none());
    assert_eq!(t.current_player(), Some(1));
}

#[test]
fn rt_tv27_finished_winner_next_active_leads() {
    let mut t =
        ClimbTable::from_position(RT, &position(["3c 4d", "5c 9d", "Kc", "6c 7d"], 2)).unwrap();
    t.play_cards(2, cs("Kc")).unwrap();
    assert_eq!(t.finish_order(), &[2]);
    assert!(!t.is_over(), "S2's teammate S0 still holds cards");
    t.pass(3).unwrap();
    t.pass(0).unwrap();
    assert!(t.top().is_some());
    t.pass(1).unwrap();
    assert!(t.top().is_none());
    assert_eq!(t.current_player(), Some(3));
}

#[test]
fn rt_tv28_team_out_ends_deal() {
    let mut t =
        ClimbTable::from_position(RT, &position(["3c", "5c 9d", "Kc", "6c 7d"], 0)).unwrap();
    t.play_cards(0, cs("3c")).unwrap();
    assert!(!t.is_over());
    // S1 passes, S2 plays Kc and finishes: red holds 1st and 2nd.
    t.pass(1).unwrap();
    t.play_cards(2, cs("Kc")).unwrap();
    assert!(t.is_over());
    assert_eq!(t.finish_order(), &[0, 2]);
    assert_eq!(t.current_player(), None);
}

#[test]
fn rt_tv29_solo_finishes_second() {
    let mut p = position(["3c 4d", "5c", "6c 7d", "Kc"], 1);
    p.teams = Some(vec![1, 1, 1, 0]);
    let mut t = ClimbTable::from_position(RT, &p).unwrap();
    t.play_cards(1, cs("5c")).unwrap();
    assert!(!t.is_over());
    t.pass(2).unwrap();
    t.play_cards(3, cs("Kc")).unwrap();
    assert!(t.is_over());
    assert_eq!(t.finish_order(), &[1, 3]);
}

#[test]
fn rt_passing_always_allowed() {
    // RT-5.3: a follower may pass even when able to beat.
    let mut t =
        ClimbTable::from_position(RT, &position(["3c", "5c 9d", "4c 8d", "6c 7d"], 1)).unwrap();
    t.play_cards(1, cs("5c")).unwrap();
    assert!(t.legal_actions().contains(&Action::Pass));
    assert!(t.can_pass(2).is_ok());
    assert_eq!(t.pass(0).unwrap_err().rule, "RT-5.3", "not seat 0's turn");
}
