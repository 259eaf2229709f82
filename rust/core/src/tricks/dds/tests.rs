//! Tests of the double-dummy solver: hand-made positions (finesse, ruff, squeeze, endings, a
//! trick in progress), symmetries, and a brute-force minimax oracle without any pruning, built
//! on the trick kernel's own winner rule (BR-4.6), compared on many random small endings.

use super::*;
use crate::cards::{parse_cards, Card, CardSet};
use crate::rng::Rng;
use crate::tricks::trump::TrumpRules;

fn set(text: &str) -> CardSet {
    CardSet::parse(text).unwrap()
}

fn hands(n: &str, e: &str, s: &str, w: &str) -> [CardSet; 4] {
    [set(n), set(e), set(s), set(w)]
}

fn rules(strain: u8) -> TrumpRules {
    if strain == NO_TRUMP {
        TrumpRules::no_trump()
    } else {
        TrumpRules::suit(strain)
    }
}

/// Tricks North-South take from here (the trick in progress included), by plain minimax over
/// every legal card (BR-4.5) with the kernel's trick winner (BR-4.6).
fn oracle_ns(
    hands: &mut [CardSet; 4],
    rules: &TrumpRules,
    leader: usize,
    trick: &mut Vec<Card>,
) -> u8 {
    if trick.len() == 4 {
        let winner = (leader + rules.winner(trick)) % 4;
        let done = std::mem::take(trick);
        let rest = oracle_ns(hands, rules, winner, trick);
        *trick = done;
        return rest + u8::from(winner % 2 == 0);
    }
    let seat = (leader + trick.len()) % 4;
    if hands[seat].is_empty() {
        return 0;
    }
    let legal = match trick.first() {
        None => hands[seat],
        Some(first) => {
            let follow: CardSet = hands[seat]
                .iter()
                .filter(|c| c.suit() == first.suit())
                .collect();
            if follow.is_empty() {
                hands[seat]
            } else {
                follow
            }
        }
    };
    let ns = seat % 2 == 0;
    let mut best = if ns { 0 } else { u8::MAX };
    for card in legal.iter() {
        hands[seat].remove(card);
        trick.push(card);
        let value = oracle_ns(hands, rules, leader, trick);
        trick.pop();
        hands[seat].insert(card);
        best = if ns { best.max(value) } else { best.min(value) };
    }
    best
}

/// Tricks for the side of the hand to play, by the oracle.
fn oracle_for_mover(hands: &[CardSet; 4], strain: u8, leader: usize, trick: &[Card]) -> u8 {
    let mut h = *hands;
    let mut t = trick.to_vec();
    let ns = oracle_ns(&mut h, &rules(strain), leader, &mut t);
    let seat = (leader + trick.len()) % 4;
    let total = hands[seat].len() as u8;
    if seat % 2 == 0 {
        ns
    } else {
        total - ns
    }
}

/// A random ending: `n` cards per hand from a shuffled pack, and `played` random legal cards
/// of a trick in progress (0..=3) from a random leader.
fn random_position(rng: &mut Rng, n: usize, played: usize) -> ([CardSet; 4], usize, Vec<Card>) {
    let mut deck: Vec<Card> = CardSet::full_pack(false).iter().collect();
    rng.shuffle(&mut deck);
    let mut hands = [CardSet::EMPTY; 4];
    for (k, card) in deck.iter().take(4 * n).enumerate() {
        hands[k % 4].insert(*card);
    }
    let leader = rng.below(4) as usize;
    let mut trick = Vec::new();
    for k in 0..played {
        let seat = (leader + k) % 4;
        let legal: Vec<Card> = match trick.first() {
            None => hands[seat].iter().collect(),
            Some(first) => {
                let f: Vec<Card> = hands[seat]
                    .iter()
                    .filter(|c: &Card| c.suit() == Card::suit(*first))
                    .collect();
                if f.is_empty() {
                    hands[seat].iter().collect()
                } else {
                    f
                }
            }
        };
        let card = legal[rng.below(legal.len() as u64) as usize];
        hands[seat].remove(card);
        trick.push(card);
    }
    (hands, leader, trick)
}

#[test]
fn one_card_ending_highest_card_of_the_suit_led_or_the_trump_wins() {
    // BR-4.6: North leads the 2 of spades; East's king wins in NT, West's trump deuce in hearts.
    let deal = hands("2s", "Ks", "3s", "2h");
    assert_eq!(solve(&deal, NO_TRUMP, 0).unwrap(), 0);
    assert_eq!(solve(&deal, 2, 0).unwrap(), 0);
    assert_eq!(solve(&deal, 2, 3).unwrap(), 1); // West leads the trump and wins
    assert_eq!(solve(&deal, NO_TRUMP, 3).unwrap(), 1); // the only heart wins
}

#[test]
fn two_card_ending_finesse_works_only_onside() {
    // South leads towards North's AQ: the queen wins when the king sits with West (BR-4.4).
    let onside = hands("As Qs", "5s 6s", "2s 3s", "Ks 4s");
    assert_eq!(solve(&onside, NO_TRUMP, 2).unwrap(), 2);
    let offside = hands("As Qs", "Ks 4s", "2s 3s", "5s 6s");
    assert_eq!(solve(&offside, NO_TRUMP, 2).unwrap(), 1);
    // Leading from North's side instead gives the king a trick either way.
    assert_eq!(solve(&onside, NO_TRUMP, 0).unwrap(), 1);
}

#[test]
fn two_card_ending_ruff_in_trumps_only() {
    // South cashes the ace of diamonds, then North ruffs the deuce (hearts trumps, BR-4.6).
    let deal = hands("2h 3c", "Kd Qd", "Ad 2d", "Ac Kc");
    assert_eq!(solve(&deal, 2, 2).unwrap(), 2);
    assert_eq!(solve(&deal, NO_TRUMP, 2).unwrap(), 1);
}

#[test]
fn three_card_simple_squeeze() {
    // South's master club squeezes West, who guards hearts against North's A2 and diamonds
    // against South's king: all three tricks, though no single suit offers three.
    let west_guards = hands("Ah 2h 2d", "2s 3s 4s", "4h Kd 2c", "Kh 3h Ad");
    assert_eq!(solve(&west_guards, NO_TRUMP, 2).unwrap(), 3);
    // Without the squeeze card (a losing spade instead) the defence keeps its trick.
    let no_squeeze_card = hands("Ah 2h 2d", "As 3s 4s", "4h Kd 2s", "Kh 3h Ad");
    assert_eq!(solve(&no_squeeze_card, NO_TRUMP, 2).unwrap(), 1);
    for deal in [west_guards, no_squeeze_card] {
        assert_eq!(
            solve(&deal, NO_TRUMP, 2).unwrap(),
            oracle_for_mover(&deal, NO_TRUMP, 2, &[])
        );
    }
}

#[test]
fn trick_in_progress_values_every_legal_card() {
    // West led the king of spades; North must follow with a spade (BR-4.5): the ace wins this
    // trick and South's five the next (2 tricks), the deuce loses both.
    let deal = hands("As 2s", "3s 4c", "5s 7c", "9c");
    let trick = [Card::new(11, 3).unwrap()]; // Ks
    let values = solve_position(&deal, NO_TRUMP, 3, &trick).unwrap();
    let cards: Vec<String> = values.iter().map(|(c, _)| c.to_string()).collect();
    assert_eq!(cards, ["2s", "As"]);
    for (card, tricks) in &values {
        let mut after = deal;
        after[0].remove(*card);
        let mut t = trick.to_vec();
        t.push(*card);
        let want = oracle_ns(&mut after, &rules(NO_TRUMP), 3, &mut t);
        assert_eq!(*tricks, want, "{card}");
    }
    assert_eq!(values.iter().map(|(_, v)| *v).collect::<Vec<_>>(), [0, 2]);
}

#[test]
fn equal_cards_give_equal_values_and_every_legal_card_is_listed() {
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let n = 2 + rng.below(4) as usize;
        let played = rng.below(4) as usize;
        let (deal, leader, trick) = random_position(&mut rng, n, played);
        let strain = rng.below(5) as u8;
        let values = solve_position(&deal, strain, leader, &trick).unwrap();
        let seat = (leader + trick.len()) % 4;
        let hand = deal[seat];
        let follow: CardSet = match trick.first() {
            None => hand,
            Some(f) => {
                let s: CardSet = hand.iter().filter(|c| c.suit() == f.suit()).collect();
                if s.is_empty() {
                    hand
                } else {
                    s
                }
            }
        };
        let listed: CardSet = values.iter().map(|(c, _)| *c).collect();
        assert_eq!(listed, follow);
        // Touching cards (no card still in play between them) of one hand: equal values.
        let mut in_play = deal[0].union(deal[1]).union(deal[2]).union(deal[3]);
        for c in &trick {
            in_play.insert(*c);
        }
        for (a, va) in &values {
            for (b, vb) in &values {
                if a.suit() == b.suit() && a.rank() < b.rank() {
                    let between = in_play
                        .iter()
                        .filter(|c| {
                            c.suit() == a.suit() && c.rank() > a.rank() && c.rank() < b.rank()
                        })
                        .count();
                    if between == 0 {
                        assert_eq!(va, vb, "{a} and {b} touch");
                    }
                }
            }
        }
    }
}

#[test]
fn agrees_with_brute_force_on_random_endings() {
    let mut rng = Rng::new(2024);
    let mut checked = 0;
    for round in 0..1500 {
        let n = 1 + (round % 4);
        let (deal, leader, _) = random_position(&mut rng, n, 0);
        let strain = rng.below(5) as u8;
        let got = solve(&deal, strain, leader).unwrap();
        let want = oracle_for_mover(&deal, strain, leader, &[]);
        assert_eq!(got, want, "{deal:?} strain {strain} leader {leader}");
        checked += 1;
    }
    assert_eq!(checked, 1500);
}

#[test]
fn agrees_with_brute_force_on_random_tricks_in_progress() {
    let mut rng = Rng::new(99);
    for round in 0..1200 {
        let n = 1 + (round % 4);
        let played = rng.below(4) as usize;
        let (deal, leader, trick) = random_position(&mut rng, n, played);
        let strain = rng.below(5) as u8;
        let values = solve_position(&deal, strain, leader, &trick).unwrap();
        let seat = (leader + trick.len()) % 4;
        for (card, tricks) in values {
            let mut after = deal;
            after[seat].remove(card);
            let mut t = trick.clone();
            t.push(card);
            let mut h = after;
            let ns = oracle_ns(&mut h, &rules(strain), leader, &mut t);
            let total = deal[seat].len() as u8;
            let want = if seat % 2 == 0 { ns } else { total - ns };
            assert_eq!(
                tricks, want,
                "{deal:?} strain {strain} trick {trick:?} card {card}"
            );
        }
    }
}

#[test]
fn agrees_with_brute_force_on_five_card_endings() {
    let mut rng = Rng::new(5);
    for _ in 0..12 {
        let (deal, leader, _) = random_position(&mut rng, 5, 0);
        let strain = rng.below(5) as u8;
        assert_eq!(
            solve(&deal, strain, leader).unwrap(),
            oracle_for_mover(&deal, strain, leader, &[])
        );
    }
}

/// The deal with every seat moved one place clockwise (N's cards to E, ...).
fn rotate(deal: &[CardSet; 4]) -> [CardSet; 4] {
    [deal[3], deal[0], deal[1], deal[2]]
}

/// The deal with suits renamed by `perm` (suit s becomes perm[s]).
fn permute_suits(deal: &[CardSet; 4], perm: [u8; 4]) -> [CardSet; 4] {
    deal.map(|h| {
        h.iter()
            .map(|c| Card::new(c.rank(), perm[c.suit().unwrap() as usize]).unwrap())
            .collect()
    })
}

#[test]
fn full_deals_are_symmetric_under_rotation_and_suit_renaming() {
    let mut rng = Rng::new(11);
    for _ in 0..3 {
        let deal = crate::tricks::bridge::random_deal(&mut rng);
        let table = dd_table(&deal).unwrap();
        let rotated = dd_table(&rotate(&deal)).unwrap();
        for declarer in 0..4 {
            assert_eq!(table[declarer], rotated[(declarer + 1) % 4]);
        }
        let perm = [2u8, 0, 3, 1];
        let renamed = dd_table(&permute_suits(&deal, perm)).unwrap();
        for declarer in 0..4 {
            for strain in 0..4 {
                assert_eq!(
                    table[declarer][strain],
                    renamed[declarer][perm[strain] as usize]
                );
            }
            assert_eq!(table[declarer][4], renamed[declarer][4]);
        }
        // solve agrees with the table entries.
        for strain in 0..5u8 {
            let leader = 1;
            assert_eq!(
                13 - solve(&deal, strain, leader).unwrap(),
                table[0][strain as usize]
            );
        }
        // Threads change nothing.
        assert_eq!(dd_table_with(&deal, 3, &|| true).unwrap(), table);
    }
}

#[test]
fn opening_lead_values_match_the_solve_result() {
    let mut rng = Rng::new(3);
    let deal = crate::tricks::bridge::random_deal(&mut rng);
    for strain in [0u8, NO_TRUMP] {
        let best = solve(&deal, strain, 3).unwrap();
        let values = solve_position(&deal, strain, 3, &[]).unwrap();
        assert_eq!(values.len(), 13);
        assert_eq!(values.iter().map(|(_, v)| *v).max(), Some(best));
    }
}

#[test]
fn bad_input_is_rejected_with_a_reason() {
    let deal = hands("As Ks", "Qs Js", "Ts 9s", "8s 7s");
    let err = |r: Result<u8, Error>| r.unwrap_err().to_string();
    assert!(err(solve(&deal, 5, 0)).contains("strain"));
    assert!(err(solve(&deal, 0, 4)).contains("leader"));
    let uneven = hands("As Ks", "Qs", "Ts 9s", "8s 7s");
    assert!(err(solve(&uneven, 0, 0)).contains("same number"));
    let twice = hands("As Ks", "As Js", "Ts 9s", "8s 7s");
    assert!(err(solve(&twice, 0, 0)).contains("more than one"));
    let joker = [
        CardSet(set("As").0 | (1u64 << 52)),
        set("Qs Js"),
        set("Ts 9s"),
        set("8s 7s"),
    ];
    assert!(err(solve(&joker, 0, 0)).contains("joker"));
    // A trick in progress: the player to play holds one card more than those who played.
    let mid = hands("As Ks", "Qs Js", "Ts 9s", "8s");
    let seven = parse_cards("7s").unwrap();
    assert!(solve_position(&mid, 0, 3, &seven).is_ok());
    assert!(solve_position(&mid, 0, 2, &seven).is_err());
    // West discarded a club on a spade lead while holding a spade: not a legal past (BR-4.5).
    let revoke = hands("As Ks", "Qs Js", "Ts", "8s");
    let led = parse_cards("7s 3c").unwrap();
    let e = solve_position(&revoke, 0, 2, &led).unwrap_err().to_string();
    assert!(e.contains("follow suit"), "{e}");
    let four = parse_cards("7s 6s 5s 4s").unwrap();
    assert!(solve_position(&deal, 0, 0, &four).is_err());
    let on_table_and_held = parse_cards("As").unwrap();
    assert!(solve_position(&mid, 0, 3, &on_table_and_held).is_err());
}

#[test]
fn ending_with_a_rank_gap_between_the_hands_matches_the_oracle() {
    let deal = hands("Qs Jc Tc", "8s Jd 7d", "9h Td 8d", "As Js 9d");
    let got = solve(&deal, 0, 2).unwrap();
    let want = oracle_for_mover(&deal, 0, 2, &[]);
    assert_eq!(got, want);
}
