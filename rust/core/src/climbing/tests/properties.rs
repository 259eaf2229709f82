//! Seeded property tests over random hands, for every ruleset.

use crate::cards::{Card, CardSet};
use crate::climbing::*;
use crate::rng::Rng;
use std::collections::HashSet;

/// A random hand of `size` cards from the ruleset's deck.
fn random_hand(ruleset: Ruleset, size: usize, rng: &mut Rng) -> CardSet {
    let mut deck: Vec<Card> = ruleset.deck().iter().collect();
    rng.shuffle(&mut deck);
    deck[..size].iter().copied().collect()
}

/// A "clumpy" hand: a few random ranks taken nearly whole, so that airplanes, fours and bombs
/// appear often, plus a few random cards.
fn clumpy_hand(ruleset: Ruleset, size: usize, rng: &mut Rng) -> CardSet {
    let mut hand = CardSet::EMPTY;
    let ranks = ruleset.num_ranks() as u64;
    let start = rng.below(ranks);
    let run = 2 + rng.below(4);
    for r in start..(start + run).min(ranks) {
        for card in ruleset.cards_of_rank(r as u8).iter() {
            if rng.below(5) != 0 && hand.len() < size {
                hand.insert(card);
            }
        }
    }
    let mut rest: Vec<Card> = ruleset.deck().difference(hand).iter().collect();
    rng.shuffle(&mut rest);
    for c in rest {
        if hand.len() >= size {
            break;
        }
        hand.insert(c);
    }
    hand
}

fn hand_sizes(ruleset: Ruleset) -> &'static [usize] {
    match ruleset {
        Ruleset::DouDizhu => &[5, 12, 17, 20],
        Ruleset::ZhengShangyou => &[5, 10, 16],
        Ruleset::RedTen => &[5, 10, 13, 14],
        Ruleset::FiveTenKing => &[5, 10, 16, 21],
    }
}

fn check_plays(ruleset: Ruleset, hand: CardSet, to_beat: Option<&Combo>, context: PlayContext) {
    let plays = legal_plays_with(ruleset, hand, to_beat, context);
    let mut seen_cards = HashSet::new();
    for p in &plays {
        assert!(p.cards().is_subset(hand), "{p} not in {hand}");
        assert!(
            classify_with(ruleset, p.cards(), context).contains(p),
            "{ruleset}: classify({}) = {:?} lacks {p:?}",
            p.cards(),
            classify_with(ruleset, p.cards(), context)
        );
        if let Some(top) = to_beat {
            assert!(
                beats(ruleset, p, top),
                "{} does not beat {}",
                p.describe(),
                top.describe()
            );
        }
        assert!(
            seen_cards.insert(p.cards()),
            "duplicate play {p} from {hand}"
        );
    }
}

#[test]
fn climbing_properties_random_hands() {
    let mut rng = Rng::new(20240611);
    for ruleset in Ruleset::ONE_PACK {
        for round in 0..400 {
            for &size in hand_sizes(ruleset) {
                let hand = if round % 2 == 0 {
                    random_hand(ruleset, size, &mut rng)
                } else {
                    clumpy_hand(ruleset, size, &mut rng)
                };
                let context = PlayContext {
                    first_play_of_deal: round % 7 == 0,
                    ..Default::default()
                };
                check_plays(ruleset, hand, None, context);
                // Tops: plays of another random hand.
                let other = clumpy_hand(ruleset, 17.min(ruleset.deck().len() - size), &mut rng);
                let tops = legal_plays(ruleset, other, None);
                for k in 0..4 {
                    if tops.is_empty() {
                        break;
                    }
                    let top = tops[rng.below(tops.len() as u64) as usize];
                    let _ = k;
                    check_plays(ruleset, hand, Some(&top), PlayContext::default());
                }
            }
        }
    }
}

/// The rank multiset of a play plus its kind, rank and length: what makes two plays different
/// under the one-play-per-rank-multiset rule.
fn signature(ruleset: Ruleset, c: &Combo) -> (ComboKind, u8, u8, [u8; 16]) {
    let mut counts = [0u8; 16];
    for card in c.cards().iter() {
        counts[ruleset.rank_of(card).unwrap() as usize] += 1;
    }
    (c.kind(), c.rank(), c.length(), counts)
}

/// legal_plays is exactly the set of classified subsets of the hand (up to suits), for leads
/// and for follows; checked by brute force over every subset of small hands.
#[test]
fn climbing_legal_plays_match_brute_force() {
    let mut rng = Rng::new(77);
    for ruleset in Ruleset::ONE_PACK {
        for round in 0..60 {
            let size = 9 + (round % 4);
            let hand = if round % 3 == 0 {
                random_hand(ruleset, size, &mut rng)
            } else {
                clumpy_hand(ruleset, size, &mut rng)
            };
            let cards: Vec<Card> = hand.iter().collect();
            let context = PlayContext {
                first_play_of_deal: round % 5 == 0,
                ..Default::default()
            };
            let mut all_lead: Vec<Combo> = Vec::new();
            let mut all_follow: Vec<Combo> = Vec::new();
            for mask in 1u32..(1 << cards.len()) {
                let subset: CardSet = (0..cards.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| cards[i])
                    .collect();
                all_lead.extend(classify_with(ruleset, subset, context));
                all_follow.extend(classify(ruleset, subset));
            }
            let needs_3h = ruleset == Ruleset::ZhengShangyou
                && context.first_play_of_deal
                && hand.contains(THREE_OF_HEARTS);
            let tops: Vec<Option<Combo>> = std::iter::once(None)
                .chain(
                    legal_plays(ruleset, random_hand(ruleset, 12, &mut rng), None)
                        .into_iter()
                        .take(40)
                        .map(Some),
                )
                .collect();
            for top in tops {
                let (ctx, expected): (PlayContext, HashSet<_>) = match &top {
                    None => (
                        context,
                        all_lead
                            .iter()
                            .filter(|c| !needs_3h || c.cards().contains(THREE_OF_HEARTS))
                            .map(|c| signature(ruleset, c))
                            .collect(),
                    ),
                    Some(t) => (
                        PlayContext::default(),
                        all_follow
                            .iter()
                            .filter(|c| beats(ruleset, c, t))
                            .map(|c| signature(ruleset, c))
                            .collect(),
                    ),
                };
                let got_list = legal_plays_with(ruleset, hand, top.as_ref(), ctx);
                let got: HashSet<_> = got_list.iter().map(|c| signature(ruleset, c)).collect();
                assert_eq!(
                    got.len(),
                    got_list.len(),
                    "{ruleset}: duplicate signatures from {hand}"
                );
                // Red Ten straights keep black-ten and red-ten versions apart; the signature's
                // class counts already tell them apart.
                if got != expected {
                    let missing: Vec<_> = expected.difference(&got).collect();
                    let extra: Vec<_> = got.difference(&expected).collect();
                    panic!(
                        "{ruleset} hand {hand} top {:?}: missing {missing:?} extra {extra:?}",
                        top.map(|t| t.describe())
                    );
                }
            }
        }
    }
}

#[test]
fn climbing_playouts_are_seeded_and_complete() {
    for ruleset in Ruleset::ONE_PACK {
        let n = ruleset.num_players();
        let deal = crate::deal::deal(1, ruleset != Ruleset::ZhengShangyou, n, None, 5).unwrap();
        let mut hands: Vec<CardSet> = deal
            .hands
            .iter()
            .map(|h| h.iter().copied().collect())
            .collect();
        if ruleset == Ruleset::ZhengShangyou {
            // Use the 48-card deck: deal it by hand.
            let mut deck: Vec<Card> = ruleset.deck().iter().collect();
            Rng::new(5).shuffle(&mut deck);
            hands = deck
                .chunks(16)
                .map(|c| c.iter().copied().collect())
                .collect();
        }
        if ruleset == Ruleset::DouDizhu {
            hands[0] = hands[0].union(deal.leftover.iter().copied().collect());
        }
        let first = ruleset.first_leader(&hands).unwrap_or(0);
        let table = ClimbTable::new(ruleset, hands.clone(), first).unwrap();
        for policy in [Policy::Random, Policy::Greedy] {
            let one_thread = playouts(&table, 50, policy, 9, 1);
            let two_threads = playouts(&table, 50, policy, 9, 2);
            assert_eq!(one_thread, two_threads, "{ruleset} {policy:?}");
            for o in &one_thread {
                assert!(o.num_finished >= 1);
                let left: usize = (0..n).map(|s| o.hands[s].len()).sum();
                let played_out: usize = o
                    .finish_order()
                    .iter()
                    .map(|&s| hands[s as usize].len())
                    .sum();
                assert!(left + played_out <= hands.iter().map(|h| h.len()).sum::<usize>());
            }
        }
        // A replay of a random playout through the checked API gives the same end.
        let mut rng = Rng::new(3);
        let mut t = table.clone();
        let mut plays = Vec::new();
        while !t.is_over() {
            let back = ClimbTable::from_position(ruleset, &t.position()).unwrap();
            assert_eq!(back.position(), t.position());
            let pass = t.legal_plays_into(&mut plays);
            let p = t.current_player().unwrap();
            match choose(Policy::Random, &t, &plays, pass, &mut rng) {
                Some(c) => t.play(p, &c).unwrap(),
                None => t.pass(p).unwrap(),
            }
        }
        let mut t2 = table.clone();
        let o = playout(&mut t2, Policy::Random, &mut Rng::new(3));
        assert_eq!(o, Outcome::of(&t, o.actions));
    }
}

#[test]
fn climbing_table_rejects_foreign_and_misread_combos() {
    let hands = vec![
        super::cs("3c 3d 4c 5c"),
        super::cs("6c 7c"),
        super::cs("8c 9c"),
    ];
    let t = ClimbTable::new(Ruleset::DouDizhu, hands, 0).unwrap();
    // A Zheng Shangyou combo on a Dou Dizhu table.
    let foreign = super::one(Ruleset::ZhengShangyou, "3c 3d");
    assert_eq!(t.can_play(0, &foreign).unwrap_err().rule, "DDZ-4.1");
    // Cards not in the hand.
    let pair = super::one(Ruleset::DouDizhu, "6c 6d");
    assert_eq!(t.can_play(0, &pair).unwrap_err().rule, "DDZ-4.1");
    // Not a combination.
    assert_eq!(
        t.interpret_cards(0, super::cs("3c 4c")).unwrap_err().rule,
        "DDZ-4.1"
    );
    // Out of turn.
    assert_eq!(
        t.interpret_cards(1, super::cs("6c")).unwrap_err().rule,
        "DDZ-6.1"
    );
    assert_eq!(
        t.interpret_cards(0, super::cs("3c 3d")).unwrap().kind(),
        ComboKind::Pair
    );
}
