//! Rule vectors of rules/tractor.md §7 (ids TR-TV-nn) and properties of the engine.

use super::*;
use crate::cards::{Card, CardBag};
use crate::rng::Rng;

fn bag(text: &str) -> CardBag {
    CardBag::parse(text).unwrap()
}
fn card(text: &str) -> Card {
    text.parse().unwrap()
}
/// `trump(7, Some('h'))`: level rank as printed digit/letter, suit letter or None for NT.
fn trump(level: char, suit: Option<char>) -> Trump {
    let l = b"23456789TJQKA"
        .iter()
        .position(|&r| r as char == level)
        .unwrap() as u8;
    let s = suit.map(|c| b"cdhs".iter().position(|&x| x as char == c).unwrap() as u8);
    Trump::new(l, s).unwrap()
}
fn l7h() -> Trump {
    trump('7', Some('h'))
}
fn l2h() -> Trump {
    trump('2', Some('h'))
}

// TR-TV-01
#[test]
fn tv01_trump_order() {
    let t = l7h();
    let order: Vec<String> = t
        .trump_order()
        .iter()
        .map(|g| {
            g.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join("=")
        })
        .collect();
    assert_eq!(
        order.join(" > "),
        "BJ > SJ > 7h > 7c=7d=7s > Ah > Kh > Qh > Jh > Th > 9h > 8h > 6h > 5h > 4h > 3h > 2h"
    );
    // TR-2.9 example positions.
    for (c, p) in [
        ("2h", 0),
        ("6h", 4),
        ("8h", 5),
        ("Ah", 11),
        ("7s", 12),
        ("7h", 13),
    ] {
        assert_eq!(t.position(card(c)), p, "{c}");
        assert!(t.is_trump(card(c)));
    }
    assert_eq!((t.position(card("SJ")), t.position(card("BJ"))), (14, 15));
    assert_eq!((t.position(card("6s")), t.position(card("8s"))), (4, 5));
    assert_eq!(t.position(card("As")), 11);
    assert!(t.equal_strength(card("7s"), card("7d")));
    assert!(!t.equal_strength(card("7s"), card("7h")));
}

#[test]
fn tv02_to_tv07_and_tv83_shapes() {
    let t = l7h();
    let cases = [
        ("6s 6s 8s 8s", Shape::Tractor(2)),       // TR-TV-02
        ("7s 7s 7d 7d", Shape::Other),            // TR-TV-03
        ("Ah Ah 7c 7c", Shape::Tractor(2)),       // TR-TV-04
        ("7c 7c 7h 7h", Shape::Tractor(2)),       // TR-TV-04
        ("7h 7h SJ SJ", Shape::Tractor(2)),       // TR-TV-04
        ("SJ SJ BJ BJ", Shape::Tractor(2)),       // TR-TV-04
        ("Ah Ah Kh Kh Qh Qh", Shape::Tractor(3)), // TR-TV-05
        ("Th Th 8s 8s", Shape::Other),            // TR-TV-06
        ("Ts Ts 8s 8s", Shape::Other),            // TR-TV-06
        ("6h 6h 8h 8h", Shape::Tractor(2)),       // TR-TV-06
        ("Ah Ah 7c 7c 7s 7s", Shape::Other),      // TR-TV-83
        ("Ah Ah 7h 7h", Shape::Other),            // TR-TV-83
    ];
    for (cards, want) in cases {
        assert_eq!(shape_of(bag(cards), &t), want, "{cards}");
    }
    let nt = trump('5', None);
    for (cards, want) in [
        ("5s 5s SJ SJ", Shape::Tractor(2)),
        ("5s 5s 5h 5h", Shape::Other),
        ("4s 4s 6s 6s", Shape::Tractor(2)),
        ("5d 5d SJ SJ BJ BJ", Shape::Tractor(3)),
    ] {
        assert_eq!(shape_of(bag(cards), &nt), want, "TR-TV-07 {cards}");
    }
    // TR-TV-03 / TR-TV-83: illegal as leads, naming TR-4.3.
    for cards in ["7s 7s 7d 7d", "Ah Ah 7c 7c 7s 7s", "Ah Ah 7h 7h"] {
        let v = lead_violation(bag(cards), bag(cards), &t).unwrap();
        assert_eq!(v.rule, "TR-4.3");
    }
    assert_eq!(shape_of(bag("9s"), &t), Shape::Single);
    assert_eq!(shape_of(bag("9s 9s"), &t), Shape::Pair);
    assert_eq!(shape_of(bag("9s 9d"), &t), Shape::Other);
}

// TR-TV-08
#[test]
fn tv08_level_card_is_trump() {
    let t = l2h();
    assert!(t.is_trump(card("2s")));
    assert!(!t.is_trump(card("As")));
    let spades = t.suit_mask(3);
    assert!(Card::all()
        .filter(|c| spades & c.bit() != 0)
        .all(|c| t.position(c) <= t.position(card("As"))));
}

// TR-TV-09
#[test]
fn tv09_points() {
    assert_eq!(points(bag("Ts Ks 5d 9c")), 25);
    assert_eq!(points(CardBag::two_packs(true)), 200); // TR-2.11
}

fn follows(t: &Trump, lead: &str, hand: &str) -> Vec<String> {
    let mut v: Vec<String> = legal_follows(bag(hand), bag(lead), t, 1_000_000)
        .unwrap()
        .iter()
        .map(|b| b.to_string())
        .collect();
    v.sort();
    v
}
fn set(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| bag(s).to_string()).collect();
    v.sort();
    v
}

#[test]
fn tv23_to_tv40_and_tv84_follows() {
    let t = l2h();
    let cases: &[(&str, &str, &str, &[&str])] = &[
        ("TR-TV-23", "9s 9s", "3s 3s 5s Ks 4h 6c", &["3s 3s"]),
        (
            "TR-TV-24",
            "9s 9s",
            "3s 5s Ks 4h 4h",
            &["3s 5s", "3s Ks", "5s Ks"],
        ),
        ("TR-TV-25", "9s 9s", "5s 4h 4h 6c", &["5s 4h", "5s 6c"]),
        ("TR-TV-26", "9s 9s", "3s 3s 5s 5s Kd", &["3s 3s", "5s 5s"]),
        (
            "TR-TV-27",
            "9s 9s Ts Ts",
            "3s 3s 5s 5s Ks 4h",
            &["3s 3s 5s 5s"],
        ),
        (
            "TR-TV-28",
            "9s 9s Ts Ts",
            "3s 3s 5s Ks Qs 4h",
            &["3s 3s 5s Ks", "3s 3s 5s Qs", "3s 3s Ks Qs"],
        ),
        (
            "TR-TV-29",
            "9s 9s Ts Ts",
            "Js Js Qs Qs 4s 4s 6c",
            &["Js Js Qs Qs", "Js Js 4s 4s", "Qs Qs 4s 4s"],
        ),
        (
            "TR-TV-30",
            "9s 9s Ts Ts",
            "5s 6s 2s 2s Kh Kh",
            &["5s 6s 2s 2s", "5s 6s 2s Kh", "5s 6s Kh Kh"],
        ),
        (
            "TR-TV-31",
            "9s 9s Ts Ts Js Js",
            "3s 3s 4s 4s 8s Kd Kd",
            &["3s 3s 4s 4s 8s Kd"],
        ),
        ("TR-TV-32", "3h", "2c Ks Ad", &["2c"]),
        ("TR-TV-33", "As", "2s 4h Kd", &["2s", "4h", "Kd"]),
        ("TR-TV-34", "SJ", "2d 5h Ac", &["2d", "5h"]),
        ("TR-TV-35", "4h 4h", "BJ SJ 2c 2c 7s", &["2c 2c"]),
        ("TR-TV-36", "Kd", "3d Qd 2d Ah", &["3d", "Qd"]),
        ("TR-TV-84", "9s 9s", "4h 4h Kd", &["4h 4h", "4h Kd"]),
    ];
    for (id, lead, hand, want) in cases {
        assert_eq!(follows(&t, lead, hand), set(want), "{id}");
    }
    let t7 = l7h();
    assert_eq!(
        follows(&t7, "4h 4h", "7c 7c 7s Kh 9d"),
        set(&["7c 7c"]),
        "TR-TV-37"
    );
    assert_eq!(
        follows(&t7, "8d 8d 6d 6d", "9d 9d Td Jd Jd 7d 7d"),
        set(&["9d 9d Jd Jd"]),
        "TR-TV-38"
    );
    let nt = trump('5', None);
    assert_eq!(follows(&nt, "Ah", "5h Kh 3c"), set(&["Kh"]), "TR-TV-39");
    assert_eq!(
        follows(&nt, "SJ SJ", "5h 5d Kh BJ"),
        set(&["5h 5d", "5h BJ", "5d BJ"]),
        "TR-TV-40"
    );
}

#[test]
fn follow_violations_name_the_rule() {
    let t = l2h();
    // TR-TV-23: a pair is owed.
    let v = follow_violation(bag("3s 3s 5s Ks 4h 6c"), bag("9s 9s"), bag("5s Ks"), &t).unwrap();
    assert_eq!(v.rule, "TR-4.4");
    // TR-TV-25: short: the spade must be played.
    let v = follow_violation(bag("5s 4h 4h 6c"), bag("9s 9s"), bag("4h 4h"), &t).unwrap();
    assert_eq!(v.rule, "TR-4.4");
    // Wrong count.
    let v = follow_violation(bag("5s 4h 4h 6c"), bag("9s 9s"), bag("5s"), &t).unwrap();
    assert_eq!(v.rule, "TR-4.1");
}

fn winner(t: &Trump, plays: &[&str]) -> usize {
    let plays: Vec<CardBag> = plays.iter().map(|p| bag(p)).collect();
    trick_winner(&plays, t)
}

#[test]
fn tv41_to_tv54_trick_winner() {
    let t2 = l2h();
    let t4 = trump('4', Some('h'));
    let t7 = l7h();
    let nt2 = trump('2', None);
    let cases: &[(&str, &Trump, [&str; 4], usize)] = &[
        ("TR-TV-41", &t2, ["Ks", "As", "3h", "5h"], 3),
        ("TR-TV-42", &t2, ["9s 9s", "3h 4h", "Ts Ts", "Qs Ks"], 2),
        (
            "TR-TV-43",
            &t4,
            ["9s 9s Ts Ts", "3h 3h 5h 5h", "Js Js Qs Qs", "Ah Ah Kh Kh"],
            3,
        ),
        (
            "TR-TV-44",
            &t2,
            ["9s 9s Ts Ts", "3h 3h 6h 6h", "5s 5s 6s 8d", "3s 4s 6s 7s"],
            0,
        ),
        ("TR-TV-45", &t7, ["7s", "7d", "Ah", "7c"], 0),
        ("TR-TV-46", &t7, ["7s", "7d", "7h", "SJ"], 3),
        ("TR-TV-47", &nt2, ["As", "2d", "SJ", "Ks"], 2),
        ("TR-TV-48", &t2, ["Ah", "3h", "Ah", "Kh"], 0),
        ("TR-TV-49", &t7, ["4h 4h", "7c 7c", "5h 5h", "7h 7s"], 1),
        ("TR-TV-50", &t2, ["5d", "Kd", "2s", "Ah"], 2),
        ("TR-TV-51", &t2, ["Ks Ks", "3s BJ", "4h Ah", "3h 3h"], 3),
        (
            "TR-TV-52",
            &nt2,
            ["2s 2s SJ SJ", "3h 3h 4h 4h", "2d 2d 2c 2c", "BJ BJ 2h 2h"],
            0,
        ),
        (
            "TR-TV-53",
            &t7,
            ["As As Ks Ks", "8h 8h 6h 6h", "7d 7d 7s 7s", "Ah Ah 7c 7c"],
            3,
        ),
        ("TR-TV-54", &t2, ["Ad", "3c", "4s", "5c"], 0),
    ];
    for (id, t, plays, want) in cases {
        assert_eq!(winner(t, plays), *want, "{id}");
    }
}

/// Every sub-multiset of `hand` of size `n`, by brute force.
fn sub_multisets(hand: CardBag, n: usize) -> Vec<CardBag> {
    let kinds: Vec<(Card, u32)> = hand.kinds().iter().map(|c| (c, hand.count(c))).collect();
    let mut out = Vec::new();
    fn rec(kinds: &[(Card, u32)], n: usize, cur: CardBag, out: &mut Vec<CardBag>) {
        if cur.len() == n {
            out.push(cur);
            return;
        }
        let Some(((c, k), rest)) = kinds.split_first() else {
            return;
        };
        for take in 0..=*k {
            let mut b = cur;
            for _ in 0..take {
                b.insert(*c);
            }
            if b.len() <= n {
                rec(rest, n, b, out);
            }
        }
    }
    rec(&kinds, n, CardBag::EMPTY, &mut out);
    out
}

fn random_hand(rng: &mut Rng, size: usize) -> CardBag {
    let mut deck: Vec<Card> = CardBag::two_packs(true).iter().collect();
    rng.shuffle(&mut deck);
    let mut b = CardBag::EMPTY;
    for &c in &deck[..size] {
        b.insert(c);
    }
    b
}

#[test]
fn follows_agree_with_the_checker_by_brute_force() {
    let mut rng = Rng::new(11);
    for round in 0..300 {
        let t = Trump::new(
            rng.below(13) as u8,
            [None, Some(0), Some(1), Some(2), Some(3)][rng.below(5) as usize],
        )
        .unwrap();
        let hand = random_hand(&mut rng, 8 + (round % 10));
        // A lead from another random hand: its first legal lead of the largest size.
        let other = random_hand(&mut rng, 40);
        let leads = legal_leads(other, &t);
        let lead = *leads.iter().max_by_key(|b| (b.len(), b.masks())).unwrap();
        let lead = if round % 3 == 0 {
            leads[round % leads.len()]
        } else {
            lead
        };
        if lead.len() > hand.len() {
            continue;
        }
        let brute: Vec<CardBag> = sub_multisets(hand, lead.len())
            .into_iter()
            .filter(|p| follow_violation(hand, lead, *p, &t).is_none())
            .collect();
        let mut got = legal_follows(hand, lead, &t, usize::MAX).unwrap();
        let mut want = brute.clone();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{t}: lead {lead}, hand {hand}");
        assert_eq!(count_follows(hand, lead, &t), want.len() as u64);
        // The compact generator: each card it offers extends to some legal follow, and the
        // first cards of the legal follows are exactly what it offers.
        let first: u64 = want.iter().fold(0, |m, b| m | b.masks().0);
        assert_eq!(follow_next_kinds(hand, lead, CardBag::EMPTY, &t), first);
        // Walk random selections to the end: the result is always legal.
        for _ in 0..5 {
            let mut sel = CardBag::EMPTY;
            while sel.len() < lead.len() {
                let m = follow_next_kinds(hand, lead, sel, &t);
                assert_ne!(m, 0, "dead end: {sel} (lead {lead}, hand {hand}, {t})");
                let picks: Vec<u32> = (0..54).filter(|i| m >> i & 1 == 1).collect();
                let i = picks[rng.below(picks.len() as u64) as usize];
                sel.insert(Card::from_index(i as u8).unwrap());
            }
            assert!(follow_violation(hand, lead, sel, &t).is_none());
        }
    }
}

#[test]
fn leads_are_exactly_the_shaped_subsets() {
    let mut rng = Rng::new(5);
    for _ in 0..200 {
        let t = Trump::new(
            rng.below(13) as u8,
            [None, Some(2), Some(3)][rng.below(3) as usize],
        )
        .unwrap();
        let hand = random_hand(&mut rng, 25);
        let leads = legal_leads(hand, &t);
        let mut uniq = leads.clone();
        uniq.sort();
        uniq.dedup();
        assert_eq!(uniq.len(), leads.len());
        for l in &leads {
            assert!(lead_violation(hand, *l, &t).is_none());
        }
        // Every pair/tractor-shaped sub-multiset of the pairs in hand is listed.
        let (_, twice) = hand.masks();
        let count_shaped = (2..=8)
            .flat_map(|k| sub_multisets(CardBag::from_masks(twice, twice).unwrap(), 2 * k))
            .filter(|b| matches!(shape_of(*b, &t), Shape::Tractor(_)))
            .count();
        let listed = leads
            .iter()
            .filter(|b| matches!(shape_of(**b, &t), Shape::Tractor(_)))
            .count();
        assert_eq!(listed, count_shaped);
    }
}

#[test]
fn follow_count_explodes_for_void_hands() {
    // The numbers quoted in the module documentation: void 25-card hands.
    let t = l2h();
    let hand = bag("3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 3h");
    assert_eq!(count_follows(hand, bag("9s 9s Ts Ts"), &t), 12_650); // C(25, 4)
    assert_eq!(count_follows(hand, bag("9s 9s Ts Ts Js Js"), &t), 177_100); // C(25, 6)
    assert_eq!(legal_follows(hand, bag("9s 9s Ts Ts"), &t, 100), None);
}

#[test]
fn table_plays_a_deal_and_accounts_for_every_card() {
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed);
        let dealer = (seed % 4) as usize;
        let (mut hands, kitty) = deal(&mut rng, dealer);
        let trump = Trump::new((seed % 13) as u8, kitty_trump_suit(&kitty)).unwrap();
        for c in &kitty {
            hands[dealer].insert(*c);
        }
        let mut table = TractorTable::new(trump, dealer, hands).unwrap();
        let steps = random_steps(&mut table, &mut rng);
        assert!(steps.len() >= 108);
        assert_eq!(table.phase(), Phase::Over);
        assert_eq!(table.tricks_done() as usize, table.history().len());
        let mut all = table.kitty();
        for s in 0..4 {
            all = all.checked_add(table.captured(s)).unwrap();
        }
        assert_eq!(all, CardBag::two_packs(true));
        let o = Outcome::of(&table, 0);
        assert_eq!(o.points.iter().sum::<u32>() + o.kitty_points, 200);
        // Every recorded trick is legal and its winner is the rules' winner.
        for tr in table.history() {
            let order: Vec<CardBag> = (0..4)
                .map(|k| tr.plays[(tr.leader as usize + k) % 4])
                .collect();
            assert_ne!(shape_of(order[0], &trump), Shape::Other);
            assert_eq!(
                (tr.leader as usize + trick_winner(&order, &trump)) % 4,
                tr.winner as usize
            );
        }
    }
}

#[test]
fn whole_plays_and_steps_reject_illegal_actions_without_change() {
    let t = l2h();
    let hands = [
        bag("3s 3s 5s Ks 4h 6c 7c 8c 9c Tc Jc Qc Kc Ac 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 9s 9s Ts Ts Js Js Qs"),
        bag("3c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad"),
        bag("3h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2c 2d 2s 2h SJ BJ 4s 5s 6s 7s 8s As"),
        bag("5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2c 2d 2s 2h SJ BJ 4s 6s 7s 8s As Qs Ks 4c 5c"),
    ];
    let mut table = TractorTable::new(t, 0, hands).unwrap();
    assert_eq!(table.can_play(0, bag("9s 9s")).unwrap_err().rule, "TR-3.12");
    table.bury(0, bag("7c 8c 9c Tc Jc Qc Kc Ac")).unwrap();
    let before = table.clone();
    // TR-4.3: two non-consecutive pairs are no lead.
    assert_eq!(
        table.play(0, bag("3s 3s 9s 9s")).unwrap_err().rule,
        "TR-4.3"
    );
    assert_eq!(table.play(1, bag("3c")).unwrap_err().rule, "TR-4.1");
    assert_eq!(table.step(card("4c")).unwrap_err().rule, "TR-4.1");
    assert_eq!(table.hands(), before.hands());
    // Card by card: 9s then 9s then Ts Ts: a tractor still growing (Js Js) needs END.
    for c in ["9s", "9s", "Ts", "Ts"] {
        table.step(card(c)).unwrap();
    }
    assert_eq!(table.legal_steps(), (card("Js").bit(), true));
    table.end().unwrap();
    assert_eq!(table.lead(), Some(bag("9s 9s Ts Ts")));
    // Seat 1 is void in spades: any 4 cards.
    assert_eq!(table.step(card("3s")).unwrap_err().rule, "TR-4.1");
    table.play(1, bag("3c 3c 4c 5c")).unwrap();
    // Seat 2 holds 4s 5s 6s 7s 8s As (6 spades, no pair): must play 4 spades.
    assert_eq!(table.step(card("3h")).unwrap_err().rule, "TR-4.4");
    table.play(2, bag("4s 5s 6s 7s")).unwrap();
    // Seat 3: 4s 6s 7s 8s As Qs: fine with spades only.
    assert_eq!(
        table.play(3, bag("5h 6h 7h 8h")).unwrap_err().rule,
        "TR-4.4"
    );
    table.play(3, bag("4s 6s 7s 8s")).unwrap();
    assert_eq!(table.history()[0].winner, 0);
    assert_eq!(table.history()[0].points, 10 + 10 + 5 + 5);
    assert_eq!(table.current_player(), Some(0));
}

#[test]
fn playouts_do_not_depend_on_threads() {
    let mut rng = Rng::new(3);
    let (mut hands, kitty) = deal(&mut rng, 1);
    for c in &kitty {
        hands[1].insert(*c);
    }
    let table = TractorTable::new(Trump::new(5, Some(2)).unwrap(), 1, hands).unwrap();
    let one = playouts(&table, 40, 9, 1);
    let two = playouts(&table, 40, 9, 2);
    assert_eq!(one, two);
    assert_ne!(one[0], one[1]);
    for o in &one {
        assert_eq!(o.points.iter().sum::<u32>() + o.kitty_points, 200);
    }
    let a = deal_playout(17, 0, 2);
    assert_eq!(a, deal_playout(17, 0, 2));
}

#[test]
fn tv55_to_tv60_and_tv85_kitty_bonus() {
    let kitty = bag("5c Kd 3s 4s 6h 8d 9c Jc");
    assert_eq!(points(kitty), 15);
    let outcome = |winner: u8, size: u8, kitty: CardBag| Outcome {
        dealer: 0,
        points: [0; 4],
        last_winner: winner,
        last_size: size,
        kitty,
        kitty_points: points(kitty),
        steps: 0,
    };
    assert_eq!(outcome(1, 1, kitty).attackers_score(), 30); // TR-TV-55
    assert_eq!(outcome(3, 2, kitty).attackers_score(), 60); // TR-TV-56
    assert_eq!(outcome(1, 4, kitty).attackers_score(), 120); // TR-TV-57, TR-TV-85
    assert_eq!(outcome(1, 6, kitty).attackers_score(), 180); // TR-TV-58
    assert_eq!(outcome(2, 4, kitty).attackers_score(), 0); // TR-TV-59
    assert_eq!(
        outcome(1, 4, bag("3c 3c 4c 4d 6h 7h 8h 9h")).attackers_score(),
        0
    ); // TR-TV-60
}
