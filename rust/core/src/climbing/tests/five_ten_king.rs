//! Five-Ten-King (rules/five_ten_king.md): the test vectors FTK-TV-01..26 and 33..55 that the
//! card-play engine decides, plus generator properties. (The reveal vectors are deal-phase
//! rules, tested in Python: tests/test_five_ten_king.py.)

use super::super::ftk_table::{points, EndKind};
use super::*;
use crate::cards::{Card, CardBag};
use crate::rng::Rng;

const FTK: Ruleset = Ruleset::FiveTenKing;

fn bag(text: &str) -> CardBag {
    CardBag::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// The single reading of `text` (panics unless exactly one).
fn ftk(text: &str) -> Combo {
    let found = classify_bag(FTK, bag(text));
    assert_eq!(found.len(), 1, "{text}: {found:?}");
    found[0]
}

fn invalid(text: &str) -> bool {
    classify_bag(FTK, bag(text)).is_empty()
}

fn beats_text(a: &str, b: &str) -> bool {
    beats(FTK, &ftk(a), &ftk(b))
}

fn calls(list: &[(&str, u8)]) -> Vec<Call> {
    list.iter()
        .map(|&(c, ordinal)| Call {
            card: card(c),
            ordinal,
        })
        .collect()
}

fn fresh(hands: [&str; 5], banker: usize, kitty: &str, call: &[(&str, u8)]) -> FtkTable {
    FtkTable::new(hands.map(bag), banker, bag(kitty), &calls(call)).unwrap()
}

/// A mid-deal position: `hands` (empty = finished, in seat order), seat to move, the current
/// trick's top play and cards, trick points so far, and the call state.
#[allow(clippy::too_many_arguments)]
fn mid(
    hands: [&str; 5],
    banker: usize,
    kitty: &str,
    call: &[(&str, u8)],
    played: [u8; 2],
    answerers: [Option<usize>; 2],
    to_move: usize,
    top: Option<(usize, &str)>,
    trick_points: [u32; 5],
) -> FtkTable {
    let mut t = fresh(["Jc", "Jd", "Jh", "Js", "Qd"], banker, kitty, call);
    t.hands = hands.map(|h| if h.is_empty() { CardBag::EMPTY } else { bag(h) });
    let mut order = 0;
    for seat in 0..5 {
        if t.hands[seat].is_empty() {
            t.finish_order[order] = seat;
            order += 1;
        }
    }
    t.num_finished = order;
    t.played = played;
    t.answerers = answerers;
    t.to_move = to_move;
    if let Some((player, cards)) = top {
        t.top = Some(TopPlay {
            combo: ftk(cards),
            player,
            was_lead: true,
        });
        t.trick = bag(cards);
    }
    t.trick_points = trick_points;
    t
}

fn play(t: &mut FtkTable, seat: usize, cards: &str) {
    t.play_cards(seat, bag(cards))
        .unwrap_or_else(|e| panic!("seat {seat} {cards}: {e}"));
}

fn pass(t: &mut FtkTable, seat: usize) {
    t.pass(seat)
        .unwrap_or_else(|e| panic!("seat {seat} pass: {e}"));
}

// ----- 9.1 Combinations and beating -----

#[test]
fn ftk_tv_01_straight() {
    let c = ftk("3s 4h 5d 6c 7s");
    assert_eq!(
        (c.kind(), c.length(), c.rank_name()),
        (ComboKind::Straight, 5, "7")
    );
}

#[test]
fn ftk_tv_02_no_two_in_sequences() {
    assert!(invalid("Js Qs Ks As 2s"));
}

#[test]
fn ftk_tv_03_higher_straight_beats() {
    assert!(beats_text("Ts Jh Qd Kc As", "9s Th Jd Qc Ks"));
}

#[test]
fn ftk_tv_04_straights_of_different_length() {
    assert!(!beats_text("4s 5s 6s 7s 8s 9s", "3h 4h 5h 6h 7h"));
}

#[test]
fn ftk_tv_05_consecutive_pairs() {
    let c = ftk("5h 5d 6s 6c");
    assert_eq!(
        (c.kind(), c.length(), c.rank_name()),
        (ComboKind::PairSequence, 2, "6")
    );
    assert!(invalid("5h 5d 7s 7c"));
}

#[test]
fn ftk_tv_06_joker_pairs() {
    assert!(beats_text("BJ BJ", "SJ SJ"));
    assert!(beats_text("SJ SJ", "2s 2h"));
}

#[test]
fn ftk_tv_07_three_or_four_jokers() {
    assert!(invalid("SJ SJ BJ"));
    assert!(invalid("SJ SJ BJ BJ"));
}

#[test]
fn ftk_tv_08_kickers_ignored() {
    assert!(beats_text("7s 7h 7d BJ", "6s 6h 6d As"));
}

#[test]
fn ftk_tv_09_triple_with_joker_pair() {
    let c = ftk("9s 9h 9d SJ SJ");
    assert_eq!((c.kind(), c.rank_name()), (ComboKind::TripleWithPair, "9"));
    assert!(invalid("9s 9h 9d SJ BJ"));
}

#[test]
fn ftk_tv_10_airplane_single_wings_repeat_rank() {
    let c = ftk("8s 8h 8d 9s 9h 9d 3c 3d");
    assert_eq!(
        (c.kind(), c.length(), c.rank_name()),
        (ComboKind::AirplaneWithSingles, 2, "9")
    );
}

#[test]
fn ftk_tv_11_wings_not_both_jokers() {
    assert!(invalid("8s 8h 8d 9s 9h 9d SJ BJ"));
}

#[test]
fn ftk_tv_12_airplane_pair_wings() {
    let c = ftk("Js Jh Jd Qs Qh Qd 4s 4h 6c 6d");
    assert_eq!(
        (c.kind(), c.length(), c.rank_name()),
        (ComboKind::AirplaneWithPairs, 2, "Q")
    );
}

#[test]
fn ftk_tv_13_airplane_shapes_differ() {
    assert!(!beats_text("5s 5h 5d 6s 6h 6d 3c 4c", "3s 3h 3d 4s 4h 4d"));
}

#[test]
fn ftk_tv_14_same_suit_hearts_beat_diamonds() {
    assert!(beats_text("5h Th Kh", "5d Td Kd"));
    assert_eq!(ftk("5h Th Kh").rank_name(), "h");
}

#[test]
fn ftk_tv_15_mixed_sets_tie() {
    assert!(!beats_text("5s Th Kh", "5c Td Kd"));
}

#[test]
fn ftk_tv_16_equal_same_suit_sets_tie() {
    assert!(!beats_text("5s Ts Ks", "5s Ts Ks"));
}

#[test]
fn ftk_tv_17_special_beats_normal() {
    assert!(beats_text(
        "5s Td Kc",
        "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"
    ));
}

#[test]
fn ftk_tv_18_bomb_beats_five_ten_king() {
    assert!(beats_text("4s 4h 4d 4c", "5s Ts Ks"));
}

#[test]
fn ftk_tv_19_more_cards_beat() {
    assert!(beats_text("3s 3h 3d 3c 3s", "2s 2h 2d 2c"));
}

#[test]
fn ftk_tv_20_same_size_higher_rank() {
    assert!(beats_text("2s 2h 2d 2c", "As Ah Ad Ac"));
}

#[test]
fn ftk_tv_21_joker_bomb() {
    assert!(beats_text("SJ BJ", "2s 2s 2h 2h 2d 2d 2c 2c"));
    assert!(!beats_text("SJ BJ", "SJ BJ"));
}

#[test]
fn ftk_tv_22_level_has_no_effect() {
    // The engine has no notion of level at all (FTK-2.8): 3 stays below A.
    assert!(!beats_text("3s", "As"));
}

#[test]
fn ftk_tv_23_four_of_a_kind_is_a_bomb() {
    let c = ftk("As Ah Ad Ac");
    assert_eq!(
        (c.kind(), c.length(), c.rank_name()),
        (ComboKind::Bomb, 4, "A")
    );
}

#[test]
fn ftk_4_4_examples_valid_and_invalid() {
    for text in [
        "7h",
        "8c 8c 8h",
        "2s 2h 2d BJ",
        "6s 6h 6d BJ BJ",
        "9s Th Jd Qc Ks",
        "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",
        "Qs Qh Ks Kh As Ad",
        "5s 5h 5d 6s 6h 6d",
        "5s 5h 5d 6s 6h 6d 9c 9c",
        "5s 5h 5d 6s 6h 6d 2c SJ",
        "Ks Kh Kd As Ah Ad 3c 3d 4s 4h",
        "5h Th Kh",
        "5s Td Kc",
        "7s 7h 7d 7c",
        "2s 2s 2h 2h 2d 2d 2c 2c",
        "SJ BJ",
    ] {
        ftk(text);
    }
    for text in [
        "SJ SJ BJ",
        "SJ SJ BJ BJ",
        "As 2s 3s 4s 5s",
        "Qs Kh As 2d 3c",
        "4s 5h 6d 7c",
        "Ah Ad 2s 2h",
        "3s 3h 5s 5h",
        "As Ah Ad 2s 2h 2d",
        "5s 5h 5d 6s 6h 6d 6c 9d",
        "5s 5h 5d 6s 6h 6d SJ BJ",
        "4s 4h 4d 5s 5h 5d 6s 6h 6d 9c 9d 9h",
        "Js Jh Jd Qs Qh Qd 4s 4h 4c 4d",
        "9s 9h 9d 9c 3s",
        "5s Ts Ks Kh",
    ] {
        assert!(invalid(text), "{text}");
    }
}

// ----- 9.2 Trick flow and points -----

// FTK-TV-24
#[test]
fn ftk_tv_24_trick_points_to_last_valid_player() {
    let mut t = fresh(
        ["5s 3c", "Ks 3d", "2h 3h", "4c 4d", "7s 7h 7d 7c 3s"],
        0,
        "6c 6d 6h",
        &[("Ac", 1)],
    );
    play(&mut t, 0, "5s");
    play(&mut t, 1, "Ks");
    play(&mut t, 2, "2h");
    pass(&mut t, 3);
    play(&mut t, 4, "7s 7h 7d 7c");
    for seat in 0..4 {
        pass(&mut t, seat);
    }
    assert_eq!(t.trick_points(4), 15);
    assert_eq!(t.current_player(), Some(4));
}

#[test]
fn ftk_tv_25_finished_winner_passes_the_lead_on() {
    let mut t = fresh(
        ["3c 9c", "4c 9d", "5c 9h", "Kc", "6c 9s"],
        3,
        "6d 6h 6s",
        &[("Ac", 1)],
    );
    play(&mut t, 3, "Kc");
    for seat in [4, 0, 1, 2] {
        pass(&mut t, seat);
    }
    assert_eq!(t.trick_points(3), 10);
    assert!(!t.is_over());
    assert_eq!(t.current_player(), Some(4));
}

#[test]
fn ftk_tv_26_passer_may_play_later_in_the_trick() {
    let mut t = fresh(
        ["3c 8c", "5c 9d", "4c 9h", "Jc", "Qc"],
        0,
        "6d 6h 6s",
        &[("Ac", 1)],
    );
    play(&mut t, 0, "3c");
    pass(&mut t, 1);
    play(&mut t, 2, "4c");
    pass(&mut t, 3);
    pass(&mut t, 4);
    pass(&mut t, 0);
    play(&mut t, 1, "5c");
}

// ----- 9.4 Partner call -----

#[test]
fn ftk_tv_33_both_copies_buried() {
    let e = calls(&[("Kh", 1)])[0].check(bag("Kh Kh 3c")).unwrap_err();
    assert_eq!(e.rule, "FTK-3.15");
}

#[test]
fn ftk_tv_34_one_copy_buried() {
    let buried = bag("Ah 4c 5d");
    assert_eq!(
        calls(&[("Ah", 2)])[0].check(buried).unwrap_err().rule,
        "FTK-3.15"
    );
    assert!(calls(&[("Ah", 1)])[0].check(buried).is_ok());
}

#[test]
fn ftk_tv_35_jokers_not_callable() {
    let e = calls(&[("BJ", 1)])[0].check(bag("3c 4c 5c")).unwrap_err();
    assert_eq!(e.rule, "FTK-3.14");
}

#[test]
fn ftk_tv_36_any_rank_callable() {
    assert!(calls(&[("2s", 2)])[0].check(bag("3c 4c 5c")).is_ok());
}

#[test]
fn ftk_tv_37_banker_answers_own_second_play() {
    let mut t = fresh(
        ["As As 3c", "4c 4d", "5c 5d", "6c 6d", "7c 7d"],
        0,
        "8c 8d 8h",
        &[("As", 2)],
    );
    play(&mut t, 0, "As");
    for seat in 1..5 {
        pass(&mut t, seat);
    }
    assert_eq!(t.answerers(), &[None]);
    play(&mut t, 0, "As");
    assert_eq!(t.answerers(), &[Some(0)]);
    assert!(t.teams_confirmed());
}

#[test]
fn ftk_tv_38_first_play_by_banker_makes_him_solo() {
    let mut t = fresh(
        ["As 3c 3d", "4c 4d", "5c 5d", "As 6d", "7c 7d"],
        0,
        "8c 8d 8h",
        &[("As", 1)],
    );
    play(&mut t, 0, "As");
    assert_eq!(t.answerers(), &[Some(0)]);
    for seat in 1..5 {
        pass(&mut t, seat);
    }
    play(&mut t, 0, "3c");
    pass(&mut t, 1);
    pass(&mut t, 2);
    play(&mut t, 3, "As");
    assert_eq!(t.answerers(), &[Some(0)], "S3's later play has no effect");
}

#[test]
fn ftk_tv_39_pair_of_called_card_counts_twice() {
    let mut t = fresh(
        ["3c 3d 4c", "Kh Kh 9c", "5c 5d", "6c 6d", "7c 7d"],
        0,
        "8c 8d 8h",
        &[("Kh", 2)],
    );
    play(&mut t, 0, "3c 3d");
    play(&mut t, 1, "Kh Kh");
    assert_eq!(t.answerers(), &[Some(1)]);
    assert_eq!(t.called_plays(), &[2]);
}

#[test]
fn ftk_tv_40_two_calls_same_person_counts_once() {
    let mut t = fresh(
        ["3c 3d 4c", "Kh Kh 9c", "5c 5d", "6c 6d", "7c 7d"],
        0,
        "8c 8d 8h",
        &[("Kh", 1), ("Kh", 2)],
    );
    play(&mut t, 0, "3c 3d");
    play(&mut t, 1, "Kh Kh");
    assert_eq!(t.answerers(), &[Some(1), Some(1)]);
    assert!(t.teams_confirmed());
    // Settle an artificial end to read the sides: S0 and S1 only.
    let mut t = mid(
        ["4c", "", "5c 5d", "6c 6d", "7c 7d"],
        0,
        "8c 8d 8h",
        &[("Kh", 1), ("Kh", 2)],
        [2, 2],
        [Some(1), Some(1)],
        0,
        None,
        [0; 5],
    );
    play(&mut t, 0, "4c");
    let s = t.settlement().expect("banker side all finished: E1");
    assert_eq!(s.banker_side, [true, true, false, false, false]);
}

#[test]
fn ftk_call_rules_3_20() {
    let buried = bag("3c 4c 5c");
    assert_eq!(
        Call::check_all(&calls(&[("Kh", 1), ("Kh", 1)]), buried)
            .unwrap_err()
            .rule,
        "FTK-3.20"
    );
    assert!(Call::check_all(&calls(&[("Kh", 1), ("Kh", 2)]), buried).is_ok());
    assert_eq!(Call::check_all(&[], buried).unwrap_err().rule, "FTK-3.20");
}

// ----- 9.5 End of deal, settlement and promotion -----

#[test]
fn ftk_tv_41_example_a_e2_unanswered_call() {
    let mut t = mid(
        ["", "", "Kh 5c", "", "Tc"],
        0,
        "Kh Td 3s",
        &[("Kh", 1)],
        [0, 0],
        [None, None],
        4,
        Some((2, "5d")),
        [40, 30, 50, 20, 10],
    );
    play(&mut t, 4, "Tc");
    let s = t.settlement().unwrap();
    assert_eq!(s.end.kind, EndKind::LastPlayer { last: 2 });
    assert_eq!((s.answerers[0], s.deemed[0]), (Some(2), true));
    assert_eq!(
        (s.final_trick_points, s.hands_transferred, s.kitty_points),
        (15, 15, 20)
    );
    assert_eq!((s.defense, s.banker_points()), (110, 90));
    assert_eq!((s.banker_side_wins, s.steps), (false, 0));
}

#[test]
fn ftk_tv_42_example_b_banker_side_finishes() {
    let mut t = mid(
        ["Kd Td", "5s 5h 5d 5c", "Kc 5h", "", "Ts 3d"],
        1,
        "Tc 3c 4c",
        &[("As", 1)],
        [1, 0],
        [Some(3), None],
        1,
        Some((0, "5s")),
        [15, 50, 10, 30, 15],
    );
    play(&mut t, 1, "5s 5h 5d 5c");
    let s = t.settlement().unwrap();
    assert_eq!(s.end.kind, EndKind::TeamFinished { banker_side: true });
    assert_eq!(
        (s.final_trick_points, s.kitty_points, s.hands_transferred),
        (25, 10, 45)
    );
    assert_eq!((s.banker_points(), s.defense), (160, 40));
    assert_eq!(s.promoted(), [false, true, false, true, false]);
    assert_eq!(s.steps, 1);
}

#[test]
fn ftk_tv_43_example_c_answer_fires_e1_for_the_defense() {
    let mut t = mid(
        ["Kc Kd Th", "", "As Ad 5s 5d", "", ""],
        0,
        "5h 3c 4c",
        &[("As", 2)],
        [1, 0],
        [None, None],
        0,
        None,
        [40, 30, 30, 30, 25],
    );
    play(&mut t, 0, "Kc Kd");
    assert_eq!(t.current_player(), Some(2));
    play(&mut t, 2, "As Ad");
    let s = t.settlement().unwrap();
    assert_eq!(s.end.kind, EndKind::TeamFinished { banker_side: false });
    assert_eq!(s.answerers[0], Some(2));
    assert_eq!((s.final_trick_points, s.kitty_points), (20, 5));
    assert_eq!((s.hands_transferred, s.hands_to_banker_side), (20, false));
    assert_eq!((s.banker_points(), s.defense), (95, 105));
    assert_eq!(s.steps, 0);
}

#[test]
fn ftk_tv_44_example_d_solo_banker() {
    let mut t = mid(
        ["Kd Kc Th", "Td Ts 5d", "Ks", "Kh Kh 5h", "Tc 5s"],
        2,
        "3c 4c 6c",
        &[("Ah", 1)],
        [1, 0],
        [Some(2), None],
        2,
        Some((1, "5c")),
        [10, 10, 60, 5, 5],
    );
    play(&mut t, 2, "Ks");
    let s = t.settlement().unwrap();
    assert_eq!(s.end.kind, EndKind::TeamFinished { banker_side: true });
    assert_eq!(
        (s.final_trick_points, s.kitty_points, s.hands_transferred),
        (15, 0, 95)
    );
    assert_eq!((s.banker_points(), s.defense), (170, 30));
    assert_eq!(s.promoted(), [false, false, true, false, false]);
    assert_eq!(s.steps, 2);
}

#[test]
fn ftk_tv_45_no_e1_before_confirmation() {
    let mut t = mid(
        ["9c 9d", "3c", "Ah 4d", "", ""],
        0,
        "6c 6d 6h",
        &[("Ah", 1)],
        [0, 0],
        [None, None],
        1,
        None,
        [0; 5],
    );
    play(&mut t, 1, "3c");
    assert!(!t.is_over(), "teams unconfirmed: E1 is not evaluated");
    assert_eq!(t.current_player(), Some(2));
}

#[test]
fn ftk_tv_46_to_48_bands() {
    for (d, steps) in [(0, 3), (5, 2), (35, 2), (40, 1), (75, 1)] {
        assert!(band(d).1, "{d}");
        assert_eq!(band(d).2, steps, "{d}");
    }
    for d in [80, 115] {
        assert_eq!((band(d).1, band(d).2), (false, 0), "{d}");
    }
    for (d, steps) in [(120, 1), (155, 1), (160, 2), (195, 2), (200, 3)] {
        assert_eq!((band(d).1, band(d).2), (false, steps), "{d}");
    }
}

#[test]
fn ftk_tv_53_answer_with_last_card_completes_banker_side() {
    let mut t = mid(
        ["", "Kc 9c", "Tc 9d", "Ah", "5c 9h"],
        0,
        "5d 3c 4c",
        &[("Ah", 1)],
        [0, 0],
        [None, None],
        3,
        Some((2, "Qc")),
        [60, 20, 20, 10, 20],
    );
    play(&mut t, 3, "Ah");
    let s = t.settlement().unwrap();
    assert_eq!(s.end.kind, EndKind::TeamFinished { banker_side: true });
    assert_eq!(s.end.ender, 3);
    assert_eq!(s.banker_side, [true, false, false, true, false]);
    // Final trick 0 + kitty 5 to S3; defenders' hands 10 + 10 + 5 to the banker side.
    assert_eq!(
        (s.final_trick_points, s.kitty_points, s.hands_transferred),
        (0, 5, 25)
    );
    assert!(s.hands_to_banker_side);
    assert_eq!(s.defense, 60);
}

#[test]
fn ftk_tv_54_e1_not_e2_at_the_confirming_play() {
    let mut t = mid(
        ["Qs Qh Kh Th 5c 5d", "", "", "Ks Kd", ""],
        0,
        "Tc 3c 4c",
        &[("Ks", 2)],
        [1, 0],
        [None, None],
        0,
        None,
        [40, 30, 20, 35, 15],
    );
    play(&mut t, 0, "Qs Qh");
    play(&mut t, 3, "Ks Kd");
    let s = t.settlement().unwrap();
    assert_eq!(s.end.kind, EndKind::TeamFinished { banker_side: false });
    assert_eq!((s.final_trick_points, s.kitty_points), (20, 10));
    assert_eq!((s.hands_transferred, s.hands_to_banker_side), (30, false));
    assert_eq!((s.banker_points(), s.defense), (105, 95));
    assert_eq!(s.steps, 0);
}

#[test]
fn ftk_tv_55_solo_banker_defense_counts_four() {
    // S1 is solo; S0, S2, S3 finished; S4 ends the deal with his last card.
    let mut t = mid(
        ["", "Kh Kd Th 5c 3d", "", "", "Kc"],
        1,
        "Ts 3c 4c",
        &[("Ah", 1)],
        [1, 0],
        [Some(1), None],
        4,
        Some((1, "Jc")),
        [40, 55, 30, 20, 0],
    );
    play(&mut t, 4, "Kc");
    let s = t.settlement().unwrap();
    assert_eq!(s.end.kind, EndKind::TeamFinished { banker_side: false });
    // S1 keeps his 55; D = 40 + 30 + 20 + (final 10 + kitty 10) + S1's hand 35 = 145.
    assert_eq!((s.banker_points(), s.defense), (55, 145));
    assert_eq!(s.promoted(), [true, false, true, true, true]);
    assert_eq!(s.steps, 1);
}

// ----- properties -----

fn random_table(seed: u64) -> FtkTable {
    let mut deck: Vec<Card> = CardBag::two_packs(true).iter().collect();
    let mut rng = Rng::new(seed);
    rng.shuffle(&mut deck);
    let mut hands = [CardBag::EMPTY; 5];
    for (k, c) in deck[..105].iter().enumerate() {
        hands[k % 5].insert(*c);
    }
    let kitty: CardBag = {
        let mut b = CardBag::EMPTY;
        for c in &deck[105..] {
            b.insert(*c);
        }
        b
    };
    let call = Call {
        card: Card::new(12, 2).unwrap(),
        ordinal: if kitty.count(Card::new(12, 2).unwrap()) == 0 {
            2
        } else {
            1
        },
    };
    let call = if kitty.count(call.card) == 2 {
        Call {
            card: Card::new(11, 3).unwrap(),
            ordinal: 1,
        }
    } else {
        call
    };
    FtkTable::new(hands, (seed % 5) as usize, kitty, &[call]).unwrap()
}

#[test]
fn generated_plays_classify_to_themselves_and_beat() {
    let mut rng = Rng::new(9);
    for seed in 0..40 {
        let table = random_table(seed);
        let hand = table.hand(0);
        let context = PlayContext {
            distinguished: crate::cards::CardSet::parse("Ah Ks").unwrap(),
            ..Default::default()
        };
        let leads = legal_plays_bag(FTK, hand, None, context);
        let mut seen = std::collections::HashSet::new();
        for c in &leads {
            assert!(c.bag().is_subset(hand));
            assert!(classify_bag(FTK, c.bag()).contains(c), "{}", c.describe());
            assert!(seen.insert(*c), "listed twice: {}", c.describe());
        }
        // Against a random top play from another hand, every listed play beats it.
        let others = legal_plays_bag(FTK, table.hand(1), None, PlayContext::default());
        let top = others[rng.below(others.len() as u64) as usize];
        let answers = legal_plays_bag(FTK, hand, Some(&top), context);
        for c in &answers {
            assert!(
                beats(FTK, c, &top),
                "{} on {}",
                c.describe(),
                top.describe()
            );
        }
        // And every lead that beats the top is listed as an answer.
        let beating = leads.iter().filter(|c| beats(FTK, c, &top)).count();
        assert_eq!(beating, answers.len(), "top {}", top.describe());
    }
}

#[test]
fn every_sub_multiset_reading_is_generated() {
    // Exhaustive check on small hands: each valid sub-multiset's rank multiset is listed.
    let mut rng = Rng::new(3);
    for _ in 0..30 {
        let mut deck: Vec<Card> = CardBag::two_packs(true).iter().collect();
        rng.shuffle(&mut deck);
        let mut hand = CardBag::EMPTY;
        for c in &deck[..10] {
            hand.insert(*c);
        }
        let cards: Vec<Card> = hand.iter().collect();
        let listed = legal_plays_bag(FTK, hand, None, PlayContext::default());
        let key = |b: CardBag| {
            let mut counts = [0u8; 15];
            for c in b.iter() {
                counts[FTK.rank_of(c).unwrap() as usize] += 1;
            }
            counts
        };
        for mask in 1u32..(1 << cards.len()) {
            let mut sub = CardBag::EMPTY;
            for (i, c) in cards.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    sub.insert(*c);
                }
            }
            for reading in classify_bag(FTK, sub) {
                let found = listed.iter().any(|l| {
                    l.kind() == reading.kind()
                        && l.rank() == reading.rank()
                        && l.length() == reading.length()
                        && (reading.kind() == ComboKind::FiveTenKing || key(l.bag()) == key(sub))
                });
                assert!(found, "{} not generated from {hand}", reading.describe());
            }
        }
    }
}

#[test]
fn playouts_conserve_cards_and_points() {
    for seed in 0..200 {
        let table = random_table(seed);
        for o in ftk_playouts(&table, 2, Policy::Random, seed, 1) {
            let s = o.settlement;
            let mut all = table.kitty();
            for seat in 0..5 {
                all = all.checked_add(o.captured[seat]).unwrap();
                all = all.checked_add(o.hands[seat]).unwrap();
            }
            assert_eq!(all, CardBag::two_packs(true), "seed {seed}");
            let tricks: u32 = s.trick_points.iter().sum();
            let hands: u32 = s.hand_points.iter().sum();
            assert_eq!(tricks + s.final_trick_points + s.kitty_points + hands, 200);
            assert!(s.defense <= 200 && s.defense % 5 == 0);
            assert!(points(CardBag::two_packs(true)) == 200);
        }
    }
}

#[test]
fn playouts_do_not_depend_on_threads() {
    let table = random_table(77);
    let a = ftk_playouts(&table, 20, Policy::Random, 5, 1);
    let b = ftk_playouts(&table, 20, Policy::Random, 5, 2);
    assert_eq!(a, b);
    let g = ftk_playouts(&table, 3, Policy::Greedy, 5, 1);
    assert!(g.iter().all(|o| o.settlement.defense <= 200));
}
