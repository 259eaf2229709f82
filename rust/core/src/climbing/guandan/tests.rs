//! Guandan rule vectors (rules/guandan.md §11, `GD-Vnn`) and property tests of the generator.

use super::*;
use crate::climbing::Policy;
use crate::rng::Rng;
use std::collections::HashSet;

fn bag(text: &str) -> CardBag {
    CardBag::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn lv(rank: &str) -> u8 {
    parse_rank(rank).expect("level rank")
}

/// The interpretations of `cards` as sorted shorthand labels.
fn labels(cards: &str, level: &str) -> Vec<String> {
    let mut v: Vec<String> = classify(bag(cards), lv(level))
        .iter()
        .map(|c| c.label())
        .collect();
    v.sort();
    v
}

fn set(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The interpretation of `cards` with this label.
fn read(cards: &str, level: &str, label: &str) -> GdCombo {
    classify(bag(cards), lv(level))
        .into_iter()
        .find(|c| c.label() == label)
        .unwrap_or_else(|| panic!("{cards} at {level} has no reading {label}"))
}

/// The default reading (GD-6.7) of `cards` on a lead.
fn default(cards: &str, level: &str) -> String {
    classify(bag(cards), lv(level))[0].label()
}

// ----- 11.1 ranking and classification ----------------------------------------------------------

#[test]
fn v01_level_singles() {
    let s = |c: &str| read(c, "7", &format!("SINGLE/{}", &c[..c.len().min(2) - 1]));
    let (d7, h7, a, c8, s6) = (
        s("7d"),
        read("7h", "7", "SINGLE/7"),
        s("As"),
        s("8c"),
        s("6s"),
    );
    assert!(beats(&d7, &a) && beats(&c8, &s6));
    assert!(!beats(&h7, &d7) && !beats(&d7, &h7));
    assert!(beats(&read("SJ", "7", "SINGLE/SJ"), &d7));
}

#[test]
fn v02_wild_single_is_level() {
    assert_eq!(labels("2h", "2"), set(&["SINGLE/2"]));
    let w = read("2h", "2", "SINGLE/2");
    assert!(beats(&w, &read("As", "2", "SINGLE/A")));
    assert!(!beats(&w, &read("2c", "2", "SINGLE/2")));
    assert!(beats(&read("SJ", "2", "SINGLE/SJ"), &w));
}

#[test]
fn v03_v04_wild_pairs() {
    assert_eq!(labels("Ks 2h", "2"), set(&["PAIR/K"]));
    assert_eq!(labels("2h 2h", "2"), set(&["PAIR/2"]));
    let ww = read("2h 2h", "2", "PAIR/2");
    assert!(beats(&ww, &read("As Ad", "2", "PAIR/A")));
    assert!(beats(&read("SJ SJ", "2", "PAIR/SJ"), &ww));
}

#[test]
fn v05_joker_pairs() {
    assert!(labels("SJ BJ", "2").is_empty());
    assert!(labels("SJ 2h", "2").is_empty());
    assert!(beats(
        &read("BJ BJ", "2", "PAIR/BJ"),
        &read("SJ SJ", "2", "PAIR/SJ")
    ));
}

#[test]
fn v06_triples() {
    assert_eq!(labels("Qs Qd 3h", "3"), set(&["TRIPLE/Q"]));
    assert!(beats(
        &read("3s 3d 3c", "3", "TRIPLE/3"),
        &read("As Ad Ac", "3", "TRIPLE/A")
    ));
}

#[test]
fn v07_full_house_two_readings() {
    assert_eq!(labels("9s 9d 7h 4c 4d", "7"), set(&["FH/9", "FH/4"]));
    assert_eq!(default("9s 9d 7h 4c 4d", "7"), "FH/9");
    let top = read("8s 8d 8c 3s 3d", "7", "FH/8");
    let legal: Vec<String> = classify(bag("9s 9d 7h 4c 4d"), lv("7"))
        .iter()
        .filter(|c| beats(c, &top))
        .map(|c| c.label())
        .collect();
    assert_eq!(legal, vec!["FH/9"]);
    let d = default_reading(bag("9s 9d 7h 4c 4d"), lv("7"), Some(&top)).unwrap();
    assert_eq!(d.label(), "FH/9");
}

#[test]
fn v08_level_triple_full_house() {
    assert_eq!(labels("Ks Kd 7h 7s 7d", "7"), set(&["FH/7", "FH/K"]));
    let aces = read("As Ad Ac 2s 2d", "7", "FH/A");
    assert!(beats(&read("Ks Kd 7h 7s 7d", "7", "FH/7"), &aces));
    assert!(!beats(&read("Ks Kd 7h 7s 7d", "7", "FH/K"), &aces));
    assert_eq!(default("Ks Kd 7h 7s 7d", "7"), "FH/7");
}

#[test]
fn v09_full_house_pairs() {
    assert_eq!(labels("Ks Kd Kc BJ BJ", "9"), set(&["FH/K"]));
    assert!(labels("Ks Kd Kc SJ BJ", "9").is_empty());
    assert!(labels("Ks Kd Kc 5s", "9").is_empty());
    assert!(labels("Ks Kd Kc 5s 6d", "9").is_empty());
}

// GD-V10
#[test]
fn v10_level_full_house_beats_aces() {
    assert!(beats(
        &read("5s 5d 5c 3s 3d", "5", "FH/5"),
        &read("As Ad Ac Ks Kd", "5", "FH/A")
    ));
}

#[test]
fn v11_bomb_or_full_house() {
    assert_eq!(labels("8s 8d 8c 2h 2h", "2"), set(&["B5/8", "FH/8"]));
    assert_eq!(default("8s 8d 8c 2h 2h", "2"), "B5/8");
}

#[test]
fn v12_v13_wild_straights() {
    assert_eq!(labels("3s 4d 5c 6h 2h", "2"), set(&["ST/6", "ST/7"]));
    assert_eq!(default("3s 4d 5c 6h 2h", "2"), "ST/7");
    assert_eq!(
        labels("3s 4s 5s 6s 2h", "2"),
        set(&["SF/6", "SF/7", "ST/6", "ST/7"])
    );
    assert_eq!(default("3s 4s 5s 6s 2h", "2"), "SF/7");
    let sf6 = read("3s 4s 5s 6s 2h", "2", "SF/6");
    assert_eq!(sf6.wild_as(), vec!["2s".parse().unwrap()]);
}

#[test]
fn v14_v15_level_rank_in_sequences() {
    assert!(labels("As Kd Qc Js 7s", "7").is_empty());
    assert_eq!(labels("As Kd Qc Js 7h", "7"), set(&["ST/A"]));
    assert_eq!(labels("5s 6d 7c 8h 9s", "7"), set(&["ST/9"]));
}

#[test]
fn v16_ace_low_and_high_straights() {
    let low = read("As 2d 3c 4s 5d", "9", "ST/5");
    assert!(beats(&read("2s 3d 4c 5s 6d", "9", "ST/6"), &low));
    assert!(beats(
        &read("Ts Jd Qc Ks Ad", "9", "ST/A"),
        &read("9s Td Jc Qs Kd", "9", "ST/K")
    ));
    assert!(labels("Js Qd Kc As 2d", "9").is_empty());
    assert!(labels("3s 4d 5c 6s 7d 8c", "9").is_empty());
}

#[test]
fn v17_pair_runs() {
    assert_eq!(labels("As Ad 2s 2d 3s 3d", "9"), set(&["PR/3"]));
    assert_eq!(labels("Qs Qd Ks Kd As Ad", "9"), set(&["PR/A"]));
    assert!(labels("Ks Kd As Ad 2s 2d", "9").is_empty());
    assert!(labels("3s 3d 4s 4d 5s 5d 6s 6d", "9").is_empty());
    // AA2233 is the lowest pair run
    assert!(beats(
        &read("2c 2h 3c 3h 4c 4h", "9", "PR/4"),
        &read("As Ad 2s 2d 3s 3d", "9", "PR/3")
    ));
}

#[test]
fn v18_triple_runs() {
    let tr2 = read("As Ad Ac 2s 2d 2c", "2", "TR/2");
    assert!(beats(&read("2s 2d 2c 3s 3d 3c", "2", "TR/3"), &tr2));
    let tra = read("Ks Kd Kc As Ad Ac", "2", "TR/A");
    assert!(beats(&tra, &read("Qs Qd Qc Ks Kd Kc", "2", "TR/K")));
    assert!(labels("3s 3d 3c 4s 4d 4c 7s 8d", "2").is_empty());
}

#[test]
fn v19_pair_run_or_triple_run() {
    let cards = "3s 3d 4s 4d 5h 5h";
    assert_eq!(labels(cards, "5"), set(&["PR/5", "PR/4", "TR/4"]));
    assert_eq!(default(cards, "5"), "TR/4");
    let top = read("2c 2d 3c 3h 4c 4h", "5", "PR/4");
    let d = default_reading(bag(cards), lv("5"), Some(&top)).unwrap();
    assert_eq!(d.label(), "PR/5");
    let legal: Vec<String> = classify(bag(cards), lv("5"))
        .iter()
        .filter(|c| beats(c, &top))
        .map(|c| c.label())
        .collect();
    assert_eq!(legal, vec!["PR/5"]);
}

#[test]
fn v20_triple_run_with_two_wilds() {
    assert_eq!(labels("Ks Kd Kc Qs 5h 5h", "5"), set(&["TR/K"]));
}

#[test]
fn v21_bombs_with_wilds() {
    assert_eq!(labels("Ks Kd Kc 9h", "9"), set(&["B4/K"]));
    assert_eq!(labels("Ks Kd 9h 9h", "9"), set(&["B4/K"]));
    assert_eq!(labels("Ks Kd Kc", "9"), set(&["TRIPLE/K"]));
}

#[test]
fn v22_two_wild_straight_flushes() {
    assert_eq!(
        labels("5s 6s 7s 9h 9h", "9"),
        set(&["SF/7", "SF/8", "SF/9", "ST/7", "ST/8", "ST/9"])
    );
    assert_eq!(default("5s 6s 7s 9h 9h", "9"), "SF/9");
}

#[test]
fn v23_wild_represents_itself() {
    assert_eq!(labels("4h 5h 6h 7h 8h", "7"), set(&["SF/8", "ST/8"]));
}

// ----- 11.2 beating ----------------------------------------------------------------------------

#[test]
fn v24_bomb_ladder() {
    let ladder = [
        read("7s 7s 7d 7c", "2", "B4/7"),
        read("3s 3s 3d 3c 3h", "2", "B5/3"),
        read("Ac 2c 3c 4c 5c", "2", "SF/5"),
        read("Td Jd Qd Kd Ad", "2", "SF/A"),
        read("3s 3s 3d 3d 3c 3c", "2", "B6/3"),
        read("4s 4s 4d 4d 4c 4c 4h", "2", "B7/4"),
        read("2s 2s 2d 2d 2c 2c 2h 2h", "2", "B8/2"),
        read("Ks Ks Kd Kd Kc Kc Kh Kh 2h", "2", "B9/K"),
        read("Ks Ks Kd Kd Kc Kc Kh Kh 2h 2h", "2", "B10/K"),
        read("SJ SJ BJ BJ", "2", "4J"),
    ];
    for (i, a) in ladder.iter().enumerate() {
        for (j, b) in ladder.iter().enumerate() {
            assert_eq!(beats(a, b), i > j, "{} vs {}", a.label(), b.label());
        }
    }
}

#[test]
fn v25_level_bombs() {
    let bj = read("Js Js Jd Jc", "J", "B4/J");
    let ba = read("As As Ad Ac", "J", "B4/A");
    assert!(beats(&bj, &ba) && !beats(&ba, &bj));
    assert!(beats(&read("2s 2s 2d 2c 2h", "J", "B5/2"), &bj));
}

#[test]
fn v26_straight_flush_comparisons() {
    let a = read("5s 6s 7s 8s 9s", "9", "SF/9");
    let b = read("5d 6d 7d 8d 9d", "9", "SF/9");
    assert!(!beats(&a, &b) && !beats(&b, &a));
    assert!(beats(&read("6c 7c 8c 9c Tc", "9", "SF/T"), &a));
    assert!(beats(
        &read("Ac 2c 3c 4c 5c", "9", "SF/5"),
        &read("9s 9s 9d 9d 9c", "9", "B5/9")
    ));
    assert!(beats(
        &read("2s 2s 2d 2d 2c 2c", "9", "B6/2"),
        &read("Th Jh Qh Kh Ah", "9", "SF/A")
    ));
}

#[test]
fn v27_normal_types_never_cross() {
    let st = read("Ts Jd Qc Ks Ad", "9", "ST/A");
    let fh = read("2s 2d 2c 3s 3d", "9", "FH/2");
    let pr = read("Qs Qd Ks Kd As Ad", "9", "PR/A");
    let tr = read("2s 2d 2c 3s 3d 3c", "9", "TR/3");
    assert!(!beats(&st, &fh) && !beats(&fh, &st));
    assert!(!beats(&pr, &tr) && !beats(&tr, &pr));
    let b4 = read("2s 2s 2d 2c", "9", "B4/2");
    let fha = read("As Ad Ac Ks Kd", "9", "FH/A");
    let tra = read("Ks Kd Kc As Ad Ac", "9", "TR/A");
    for n in [st, fha, tra, pr] {
        assert!(beats(&b4, &n) && !beats(&n, &b4));
    }
}

#[test]
fn v28_four_jokers_top() {
    assert!(beats(
        &read("SJ SJ BJ BJ", "9", "4J"),
        &read("Ks Ks Kd Kd Kc Kc Kh Kh 9h 9h", "9", "B10/K")
    ));
    assert!(labels("SJ BJ BJ", "9").is_empty());
    assert!(labels("SJ SJ BJ 9h", "9").is_empty());
}

#[test]
fn v29_declared_and_default_on_a_follow() {
    let top = read("2s 3d 4c 5s 6d", "7", "ST/6");
    let cards = "9s Ts Js Qs 7h";
    assert_eq!(labels(cards, "7"), set(&["SF/Q", "SF/K", "ST/Q", "ST/K"]));
    for c in classify(bag(cards), lv("7")) {
        assert!(beats(&c, &top), "{}", c.label());
    }
    let d = default_reading(bag(cards), lv("7"), Some(&top)).unwrap();
    assert_eq!(d.label(), "SF/K");
    // a declared ST/Q is accepted at the table
    let mut hands = vec![bag(cards), bag("2s 3d 4c 5s 6d 8c"), bag("As"), bag("Ad")];
    hands[0].insert("Kc".parse().unwrap());
    let mut t = GdTable::new(lv("7"), hands, 1).unwrap();
    t.play(1, &top).unwrap();
    t.play(2, &read("As", "7", "SINGLE/A")).unwrap_err();
    t.pass(2).unwrap();
    t.pass(3).unwrap();
    t.play(0, &read(cards, "7", "ST/Q")).unwrap();
}

// ----- 11.5 turn flow --------------------------------------------------------------------------

fn single(card: &str, level: &str) -> GdCombo {
    classify(bag(card), lv(level))[0]
}

#[test]
fn v47_pass_then_play_in_same_trick() {
    let hands = vec![
        bag("5s 5d 3c"),
        bag("Ks Kd 3d"),
        bag("9s 9d 3h"),
        bag("4c 4d 3s"),
    ];
    let mut t = GdTable::new(0, hands, 0).unwrap();
    t.play(0, &read("5s 5d", "2", "PAIR/5")).unwrap();
    t.pass(1).unwrap();
    t.play(2, &read("9s 9d", "2", "PAIR/9")).unwrap();
    t.pass(3).unwrap();
    t.pass(0).unwrap();
    t.play(1, &read("Ks Kd", "2", "PAIR/K")).unwrap(); // GD-8.6
    t.pass(2).unwrap();
    t.pass(3).unwrap();
    assert_eq!(t.current_player(), Some(0));
    t.pass(0).unwrap(); // the third pass ends the trick (m = 3)
    assert_eq!(t.current_player(), Some(1));
    assert!(t.top().is_none());
}

#[test]
fn v48_finished_seat_skipped() {
    let pos = GdPosition {
        level: 0,
        hands: vec![CardBag::EMPTY, bag("6c 7c"), bag("8c"), bag("9c")],
        to_move: 1,
        top: None,
        passes_since_top: 0,
        finish_order: vec![0],
    };
    let mut t = GdTable::from_position(&pos).unwrap();
    t.play(1, &single("6c", "2")).unwrap();
    assert_eq!(t.current_player(), Some(2));
    t.pass(2).unwrap();
    t.pass(3).unwrap(); // m = 2
    assert_eq!(t.current_player(), Some(1));
}

#[test]
fn v49_jiefeng_partner_leads() {
    let hands = vec![bag("As"), bag("3c 4c"), bag("5c 6c"), bag("7c 8c")];
    let mut t = GdTable::new(0, hands.clone(), 0).unwrap();
    t.play(0, &single("As", "2")).unwrap();
    assert_eq!(t.finish_order(), &[0]);
    for p in [1, 2, 3] {
        t.pass(p).unwrap();
    }
    assert_eq!(t.current_player(), Some(2));
    // if seat 1 beats instead: 2, 3, 1, ... skipping seat 0
    let hands2 = vec![bag("Qs"), bag("Ks 4c"), bag("5c 6c"), bag("7c 8c")];
    let mut t = GdTable::new(0, hands2, 0).unwrap();
    t.play(0, &single("Qs", "2")).unwrap();
    t.play(1, &single("Ks", "2")).unwrap();
    assert_eq!(t.current_player(), Some(2));
    t.pass(2).unwrap();
    assert_eq!(t.current_player(), Some(3));
    t.pass(3).unwrap();
    assert_eq!(t.current_player(), Some(1));
}

#[test]
fn v50_jiefeng_fallback_next_active() {
    let pos = GdPosition {
        level: 0,
        hands: vec![bag("3c 4c"), CardBag::EMPTY, bag("5c 6c"), bag("As")],
        to_move: 3,
        top: None,
        passes_since_top: 0,
        finish_order: vec![1],
    };
    let mut t = GdTable::from_position(&pos).unwrap();
    t.play(3, &single("As", "2")).unwrap();
    assert_eq!(t.finish_order(), &[1, 3]);
    t.pass(0).unwrap();
    t.pass(2).unwrap();
    assert_eq!(t.current_player(), Some(0));
    assert!(!t.is_over());
}

#[test]
fn v51_third_finish_ends_deal() {
    let pos = GdPosition {
        level: 0,
        hands: vec![CardBag::EMPTY, CardBag::EMPTY, bag("Ks"), bag("3c 4c")],
        to_move: 2,
        top: None,
        passes_since_top: 0,
        finish_order: vec![0, 1],
    };
    let mut t = GdTable::from_position(&pos).unwrap();
    t.play(2, &single("Ks", "2")).unwrap();
    assert!(t.is_over());
    assert_eq!(t.full_order(), Some([0, 1, 2, 3]));
    let outcome = GdOutcome {
        order: [0, 1, 2, 3],
        actions: 0,
    };
    assert_eq!((outcome.winning_team(), outcome.promotion()), (0, 2));
}

#[test]
fn v52_leader_cannot_pass() {
    let hands = vec![bag("3c 4c"), bag("5c"), bag("6c"), bag("7c")];
    let mut t = GdTable::new(0, hands, 0).unwrap();
    assert_eq!(t.pass(0).unwrap_err().rule, "GD-8.3");
    t.play(0, &single("3c", "2")).unwrap();
    t.pass(1).unwrap(); // seat 1 could beat with 5c, and may pass
}

// ----- bugs other engines had to fix -----------------------------------------------------------

#[test]
fn bug_four_jokers_beat_every_bomb_and_are_unbeaten() {
    let j = read("SJ SJ BJ BJ", "2", "4J");
    let b10 = read("As As Ad Ad Ac Ac Ah Ah 2h 2h", "2", "B10/A");
    assert!(beats(&j, &b10) && !beats(&b10, &j));
    assert!(legal_plays(
        bag("SJ SJ BJ BJ Ks Ks Kd Kd Kc Kc Kh Kh 2h 2h"),
        0,
        Some(&j)
    )
    .is_empty());
}

#[test]
fn bug_equal_straight_flushes_do_not_beat() {
    let a = read("5s 6s 7s 8s 9s", "2", "SF/9");
    let b = read("5h 6h 7h 8h 9h", "2", "SF/9");
    assert!(!beats(&a, &b));
    assert!(legal_plays(bag("5h 6h 7h 8h 9h"), 0, Some(&a)).is_empty());
}

#[test]
fn bug_runs_at_level_rank_stay_in_natural_place() {
    // L = 7: 6677 88 is a pair run with top 8, not a run through the aces
    assert_eq!(labels("6s 6d 7s 7d 8s 8d", "7"), set(&["PR/8"]));
    assert_eq!(labels("7s 7d 7c 8s 8d 8c", "7"), set(&["TR/8"]));
    assert!(labels("Ks Kd As Ad 7s 7d", "7").is_empty());
    assert!(labels("As Ad Ac 7s 7d 7c", "7").is_empty());
}

#[test]
fn bug_ace_low_runs() {
    assert_eq!(labels("As Ad 2s 2d 3s 3d", "5"), set(&["PR/3"]));
    assert_eq!(labels("As Ad Ac 2s 2d 2c", "5"), set(&["TR/2"]));
    assert!(beats(
        &read("2s 2d 2c 3s 3d 3c", "5", "TR/3"),
        &read("As Ad Ac 2s 2d 2c", "5", "TR/2")
    ));
}

#[test]
fn bug_joker_pair_in_full_house() {
    assert_eq!(labels("4s 4d 4c SJ SJ", "2"), set(&["FH/4"]));
    assert!(labels("4s 4d 4c SJ 2h", "2").is_empty());
}

#[test]
fn bug_bomb_size_cap() {
    // 8 natural aces and both wild cards: a 10-card bomb, the largest (GD-5.5)
    let hand = bag("As As Ad Ad Ac Ac Ah Ah 2h 2h");
    let plays = legal_plays(hand, 0, None);
    let max = plays
        .iter()
        .filter(|c| c.kind() == GdKind::Bomb)
        .map(|c| c.len())
        .max();
    assert_eq!(max, Some(10));
    assert!(classify(bag("As As Ad Ad Ac Ac Ah Ah 2h 2h 2s"), 0).is_empty());
}

// ----- properties --------------------------------------------------------------------------------

fn random_hands(seed: u64) -> [CardBag; 4] {
    deal(&mut Rng::new(seed))
}

#[test]
fn generation_is_distinct_valid_and_complete_for_its_cards() {
    for seed in 0..30 {
        let hand = random_hands(seed)[(seed % 4) as usize];
        let level = (seed % 13) as u8;
        let plays = legal_plays(hand, level, None);
        let distinct: HashSet<_> = plays.iter().collect();
        assert_eq!(distinct.len(), plays.len(), "duplicate moves");
        let ids: HashSet<_> = plays.iter().map(|c| c.action_index()).collect();
        assert_eq!(ids.len(), plays.len(), "action index collision");
        for c in plays.iter().step_by(7) {
            assert!(c.action_index() < ACTION_INDEX_SIZE);
            assert!(c.cards().is_subset(hand));
            // every move is a valid reading of its cards, and every reading of its cards that
            // the hand allows is generated too
            let readings = classify(c.cards(), level);
            assert!(readings.contains(c), "{c}");
            for r in readings {
                assert!(distinct.contains(&r), "{r} missing");
            }
        }
        // following: exactly the generated moves that beat the top
        for top in plays.iter().step_by(97) {
            let follow = legal_plays(hand, level, Some(top));
            let want: HashSet<_> = plays.iter().filter(|c| beats(c, top)).collect();
            let got: HashSet<_> = follow.iter().collect();
            assert_eq!(got, want, "following {top}");
        }
    }
}

#[test]
fn wild_cards_complete_every_type() {
    // with both wild cards, each type appears with 1 and 2 wild cards somewhere
    let hand = bag("3s 4s 5s 6d 7c 8c 9c 9d 9s Ts Td Js Qc Qd Ks 2h 2h");
    let plays = legal_plays(hand, 0, None);
    for kind in [
        GdKind::Pair,
        GdKind::Triple,
        GdKind::FullHouse,
        GdKind::Straight,
        GdKind::PairRun,
        GdKind::TripleRun,
        GdKind::Bomb,
        GdKind::StraightFlush,
    ] {
        for w in 1..=2 {
            assert!(
                plays
                    .iter()
                    .any(|c| c.kind() == kind && c.wild_count() == w),
                "{kind} with {w} wild"
            );
        }
    }
}

#[test]
fn playouts_end_and_do_not_depend_on_threads() {
    let hands = random_hands(5);
    let table = GdTable::new(3, hands.to_vec(), 0).unwrap();
    for policy in [Policy::Random, Policy::Greedy] {
        let a = playouts(&table, 40, policy, 9, 1);
        let b = playouts(&table, 40, policy, 9, 3);
        assert_eq!(a, b);
        for o in &a {
            let mut seats = o.order;
            seats.sort();
            assert_eq!(seats, [0, 1, 2, 3]);
        }
    }
}

#[test]
fn random_play_keeps_cards_and_rules() {
    for seed in 0..20 {
        let hands = random_hands(100 + seed);
        let mut t = GdTable::new((seed % 13) as u8, hands.to_vec(), (seed % 4) as usize).unwrap();
        let mut rng = Rng::new(seed);
        let mut plays = Vec::new();
        let mut steps = 0;
        while let Some(p) = t.current_player() {
            let pass = t.legal_plays_into(&mut plays);
            match choose(Policy::Random, &t, &plays, pass, &mut rng) {
                Some(c) => t.play(p, &c).unwrap(),
                None => t.pass(p).unwrap(),
            }
            steps += 1;
            assert!(steps < 2000);
        }
        let order = t.full_order().unwrap();
        assert_eq!(t.finish_order(), &order[..3]);
    }
}

/// The packed [`GdCombo`] gives back what it was built from: cards, type, key, level and the
/// cards the wild cards stand for (as the generator reads them: hearts, or the suit of a
/// straight flush's natural cards, GD-2.6); equality and hashing ignore the readings (GD-6.3).
#[test]
fn combo_fields_round_trip() {
    use super::combo::NO_WILD;
    use std::hash::{BuildHasher, RandomState};
    let hasher = RandomState::new();
    for level in 0..13u8 {
        let wild = wild_card(level);
        for kind in GdKind::ALL {
            for key in 0..=14u8 {
                for suit in 0..4u8 {
                    // a natural card of the suit (not the wild card), and the wild card twice
                    let natural = Card::new((level + 1) % 13, suit).unwrap();
                    let (once, twice) = (natural.bit() | wild.bit(), wild.bit());
                    let reading_suit = if kind == GdKind::StraightFlush {
                        suit
                    } else {
                        2
                    };
                    for (r0, r1) in [(None, None), (Some(3u8), None), (Some(12), Some(0))] {
                        let card = |r: Option<u8>| r.map(|r| Card::new(r, reading_suit).unwrap());
                        let index = |c: Option<Card>| c.map_or(NO_WILD, |c| c.index());
                        let readings = [card(r0), card(r1)];
                        let c = GdCombo::raw(
                            once,
                            twice,
                            kind,
                            key,
                            [index(readings[0]), index(readings[1])],
                            level,
                        );
                        assert_eq!(c.masks(), (once, twice));
                        assert_eq!((c.kind(), c.key(), c.level()), (kind, key, level));
                        assert_eq!(c.len(), 3);
                        assert_eq!(c.wild_count(), 2);
                        let want: Vec<Card> = readings.into_iter().flatten().collect();
                        assert_eq!(c.wild_as(), want, "{kind:?} {key} {level} {suit}");
                        let bare = GdCombo::raw(once, twice, kind, key, [NO_WILD; 2], level);
                        assert_eq!(c, bare);
                        assert_eq!(hasher.hash_one(c), hasher.hash_one(bare));
                    }
                }
            }
        }
    }
}

// ----- differential test against the pre-optimisation generator ----------------------------------

/// A seeded random hand for the differential test: `wilds` copies of the wild card of `level`
/// plus natural cards drawn from two packs with jokers, either from every rank or (when
/// `dense`) from a few ranks only, so that long products of suit choices occur.
fn differential_hand(rng: &mut Rng) -> (CardBag, u8) {
    let level = rng.below(13) as u8;
    let wild = wild_card(level);
    let wilds = [0, 1, 2, 2][rng.below(4) as usize];
    let size = if rng.below(4) == 0 {
        1 + rng.below(27) as usize
    } else {
        27
    };
    let dense = rng.below(3) == 0;
    let first = rng.below(13) as u8;
    let span = 4 + rng.below(4) as u8;
    let mut others: Vec<Card> = crate::deal::ordered_deck(2, true)
        .into_iter()
        .filter(|&c| c != wild)
        .filter(|c| !dense || c.rank() > 12 || (c.rank() + 13 - first) % 13 < span)
        .collect();
    rng.shuffle(&mut others);
    let mut hand = CardBag::EMPTY;
    for _ in 0..wilds {
        hand.insert(wild);
    }
    for c in others.into_iter().take(size.saturating_sub(wilds)) {
        hand.insert(c);
    }
    (hand, level)
}

/// Asserts that two move lists are identical: same moves in the same order, with the same
/// wild-card assignments (which equality ignores).
fn assert_same_moves(got: &[GdCombo], want: &[GdCombo], what: &dyn Fn() -> String) {
    assert_eq!(got.len(), want.len(), "{}: move count", what());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            g == w && g.wild_as() == w.wild_as(),
            "{}: move {i}: {g} vs {w}",
            what()
        );
    }
}

/// The optimised generator returns exactly what the pre-optimisation one
/// ([`super::generate_reference`], kept as an oracle) returns — the same distinct moves
/// (GD-6.5), in the same order, with the same wild-card readings — on a lead, following normal
/// plays and bombs (GD-7), and in classification (GD-6.3, GD-6.7).
#[test]
fn generator_matches_reference() {
    use super::generate_reference as reference;
    let mut rng = Rng::new(0x6d5_5eed);
    let (mut got, mut want) = (Vec::new(), Vec::new());
    for case in 0..3000 {
        let (hand, level) = differential_hand(&mut rng);
        let what = || format!("case {case}: {hand} at level {}", rank_text(level));
        legal_plays_into(hand, level, None, &mut got);
        reference::legal_plays_into(hand, level, None, &mut want);
        assert_same_moves(&got, &want, &|| format!("{} on a lead", what()));
        let distinct: HashSet<_> = got.iter().collect();
        assert_eq!(distinct.len(), got.len(), "{}: duplicate moves", what());
        let lead = want.clone();
        if lead.is_empty() {
            continue;
        }
        // follows: random tops, plus a random bomb-class top when the hand has one
        let bombs: Vec<&GdCombo> = lead.iter().filter(|c| c.is_bomb()).collect();
        let mut tops: Vec<GdCombo> = (0..3)
            .map(|_| lead[rng.below(lead.len() as u64) as usize])
            .collect();
        if !bombs.is_empty() {
            tops.push(*bombs[rng.below(bombs.len() as u64) as usize]);
        }
        for top in &tops {
            legal_plays_into(hand, level, Some(top), &mut got);
            reference::legal_plays_into(hand, level, Some(top), &mut want);
            assert_same_moves(&got, &want, &|| format!("{} following {top}", what()));
        }
        // classification: the cards of a move, and of two moves together when that fits
        for _ in 0..3 {
            let a = lead[rng.below(lead.len() as u64) as usize].cards();
            let b = lead[rng.below(lead.len() as u64) as usize].cards();
            let cards = match a.checked_add(b) {
                Some(ab) if ab.is_subset(hand) && rng.below(2) == 0 => ab,
                _ => a,
            };
            assert_same_moves(
                &classify(cards, level),
                &reference::classify(cards, level),
                &|| format!("{}: classify {cards}", what()),
            );
        }
    }
}

#[test]
fn greedy_leads_the_lowest_group_whole_and_keeps_groups_when_following() {
    let hands = vec![
        bag("3s 3d 3c 5s 5d 9c Kd 2h"),
        bag("Ts Td Jc 4c 5c"),
        bag("Qs Qd"),
        bag("Js Jd"),
    ];
    let mut t = GdTable::new(0, hands, 0).unwrap();
    let mut rng = Rng::new(1);
    let mut plays = Vec::new();
    let pass = t.legal_plays_into(&mut plays);
    // Level 2: 2h is wild and never led; the lowest group, the triple of 3s, goes with the
    // lowest whole pair as a full house.
    let lead = choose(Policy::Greedy, &t, &plays, pass, &mut rng).unwrap();
    assert_eq!(lead.kind(), GdKind::FullHouse);
    assert_eq!(lead.cards(), bag("3s 3d 3c 5s 5d"));
    t.play(0, &lead).unwrap();
    t.pass(1).unwrap();
    t.pass(2).unwrap();
    t.pass(3).unwrap();
    // Seat 0 leads again: 9c is its lowest natural card.
    let pass = t.legal_plays_into(&mut plays);
    let lead = choose(Policy::Greedy, &t, &plays, pass, &mut rng).unwrap();
    assert_eq!(lead.cards(), bag("9c"));
    t.play(0, &lead).unwrap();
    // Seat 1 beats the single without splitting its pair of tens: the Jc.
    let pass = t.legal_plays_into(&mut plays);
    let follow = choose(Policy::Greedy, &t, &plays, pass, &mut rng).unwrap();
    assert_eq!(follow.cards(), bag("Jc"));
}
