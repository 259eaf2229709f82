//! Tests of the evaluator against rules/holdem.md HE-2 and HE-8 A-B, with an independent slow
//! reference evaluator.

use super::eval::*;
use crate::cards::{parse_cards, Card, CardSet};
use crate::rng::Rng;
use std::collections::HashMap;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------------
// Reference evaluator: the obviously-correct definition of HE-2.2 / HE-2.3 / HE-2.6.
// ---------------------------------------------------------------------------------------------

/// (category, tie-break vector) of exactly five cards, straight from the table of HE-2.3.
/// Unused vector entries are 0 (vectors of one category have the same length).
fn ref_class5(cards: [Card; 5]) -> (u8, [u8; 5]) {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let mut distinct = ranks.clone();
    distinct.dedup();
    // HE-2.4: the ace plays high, or low only in 5-4-3-2-A.
    let straight_top = if distinct.len() == 5 {
        if ranks[0] - ranks[4] == 4 {
            Some(ranks[0])
        } else if ranks == [12, 3, 2, 1, 0] {
            Some(3)
        } else {
            None
        }
    } else {
        None
    };
    // Groups of equal rank: (count, rank), largest count first, then highest rank.
    let mut groups: Vec<(u8, u8)> = distinct
        .iter()
        .map(|&r| (ranks.iter().filter(|&&x| x == r).count() as u8, r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let counts: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let g: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let v = |xs: &[u8]| {
        let mut out = [0u8; 5];
        out[..xs.len()].copy_from_slice(xs);
        out
    };
    match (straight_top, flush, counts.as_slice()) {
        (Some(top), true, _) => (9, v(&[top])),
        (_, _, [4, 1]) => (8, v(&[g[0], g[1]])),
        (_, _, [3, 2]) => (7, v(&[g[0], g[1]])),
        (None, true, _) => (6, v(&ranks)),
        (Some(top), false, _) => (5, v(&[top])),
        (_, _, [3, 1, 1]) => (4, v(&[g[0], g[1], g[2]])),
        (_, _, [2, 2, 1]) => (3, v(&[g[0], g[1], g[2]])),
        (_, _, [2, 1, 1, 1]) => (2, v(&[g[0], g[1], g[2], g[3]])),
        _ => (1, v(&ranks)),
    }
}

/// HE-2.6 taken literally: the distinct classes over all 5-card hands, and `r` = 1 + the number
/// of classes that beat a class.
fn ref_class_index() -> &'static HashMap<(u8, [u8; 5]), u16> {
    static MAP: OnceLock<HashMap<(u8, [u8; 5]), u16>> = OnceLock::new();
    MAP.get_or_init(|| {
        let mut classes = Vec::new();
        for_each_five(|h| classes.push(ref_class5(h)));
        classes.sort_unstable_by(|a, b| b.cmp(a));
        classes.dedup();
        assert_eq!(classes.len(), 7462, "HE-2.6");
        classes
            .into_iter()
            .enumerate()
            .map(|(i, c)| (c, i as u16 + 1))
            .collect()
    })
}

/// Class index `r` of the best 5 of 5-7 cards: the best of all 5-card subsets (HE-2.2).
fn ref_r(cards: &[Card]) -> u16 {
    let n = cards.len();
    let mut best: Option<(u8, [u8; 5])> = None;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let k = ref_class5([cards[a], cards[b], cards[c], cards[d], cards[e]]);
                        if best.is_none_or(|b| k > b) {
                            best = Some(k);
                        }
                    }
                }
            }
        }
    }
    ref_class_index()[&best.expect("five or more cards")]
}

fn for_each_five(mut f: impl FnMut([Card; 5])) {
    let c = |i: u8| Card::from_index(i).unwrap();
    for a in 0..52u8 {
        for b in a + 1..52 {
            for d in b + 1..52 {
                for e in d + 1..52 {
                    for g in e + 1..52 {
                        f([c(a), c(b), c(d), c(e), c(g)]);
                    }
                }
            }
        }
    }
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn r_of(text: &str) -> u16 {
    rank_class(evaluate_cards(&cards(text)).unwrap())
}

fn random_hand(rng: &mut Rng, n: usize) -> Vec<u8> {
    let mut deck: Vec<u8> = (0..52).collect();
    for i in 0..n {
        let j = i + rng.below((52 - i) as u64) as usize;
        deck.swap(i, j);
    }
    deck.truncate(n);
    deck
}

// ---------------------------------------------------------------------------------------------
// Exhaustive enumerations (HE-2.6, HE-2.8).
// ---------------------------------------------------------------------------------------------

/// HE-2.8, 5-card column, and HE-2.6: all 2,598,960 hands agree with the reference and reach
/// exactly the 7462 classes.
#[test]
fn poker_all_five_card_hands_match_reference_and_he_2_8() {
    let mut per_category = [0u64; 10];
    let mut royal = 0u64;
    let mut reached = vec![false; 7463];
    let mut total = 0u64;
    for_each_five(|h| {
        let idx = h.map(|c| c.index());
        let s = evaluate_indices(&idx);
        assert_eq!(rank_class(s), ref_r(&h), "{h:?}");
        per_category[category(s) as usize] += 1;
        royal += u64::from(s == NUM_CLASSES);
        reached[s as usize] = true;
        total += 1;
    });
    assert_eq!(total, 2_598_960);
    assert_eq!(royal, 4);
    assert_eq!(
        per_category[1..],
        [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    );
    assert_eq!(reached.iter().filter(|&&x| x).count(), 7462);
}

/// HE-2.8, 7-card columns: all 133,784,560 seven-card hands by category, and the classes reached.
#[test]
fn poker_all_seven_card_hands_he_2_8() {
    let mut by_strength = vec![0u64; 7463];
    let mut h = [0u8; 7];
    for a in 0..52u8 {
        h[0] = a;
        for b in a + 1..52 {
            h[1] = b;
            for c in b + 1..52 {
                h[2] = c;
                for d in c + 1..52 {
                    h[3] = d;
                    for e in d + 1..52 {
                        h[4] = e;
                        for f in e + 1..52 {
                            h[5] = f;
                            for g in f + 1..52 {
                                h[6] = g;
                                by_strength[evaluate7(&h) as usize] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(by_strength[0], 0);
    let mut per_category = [0u64; 10];
    let mut reached_per_category = [0u32; 10];
    for s in 1..=NUM_CLASSES {
        let n = by_strength[s as usize];
        per_category[category(s) as usize] += n;
        reached_per_category[category(s) as usize] += u32::from(n > 0);
    }
    let royal = by_strength[NUM_CLASSES as usize];
    assert_eq!(per_category.iter().sum::<u64>(), 133_784_560);
    assert_eq!(royal, 4_324);
    assert_eq!(
        per_category[1..],
        [
            23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584
        ]
    );
    assert_eq!(
        reached_per_category[1..],
        [407, 1470, 763, 575, 10, 1277, 156, 156, 10]
    );
    assert_eq!(reached_per_category.iter().sum::<u32>(), 4824);
}

// ---------------------------------------------------------------------------------------------
// Equity.
// ---------------------------------------------------------------------------------------------

use super::equity::{equity, EquityResult};
use super::range::parse_range;

fn set(text: &str) -> CardSet {
    CardSet::parse(text).unwrap()
}

fn eq(
    hands: &[&str],
    board: &str,
    dead: &str,
    samples: Option<u64>,
    threads: usize,
) -> EquityResult {
    let ranges: Vec<_> = hands.iter().map(|h| parse_range(h).unwrap()).collect();
    equity(&ranges, set(board), set(dead), samples, 7, threads).unwrap()
}

fn eq_err(hands: &[&str], board: &str, dead: &str, samples: Option<u64>) -> String {
    let ranges: Vec<_> = hands.iter().map(|h| parse_range(h).unwrap()).collect();
    equity(&ranges, set(board), set(dead), samples, 7, 1)
        .unwrap_err()
        .to_string()
}

fn pct3(x: f64) -> f64 {
    (x * 100_000.0).round() / 1000.0
}

/// Brute force with the reference evaluator: every assignment of holdings, every board.
fn reference_equity(hands: &[&str], board: &str) -> (Vec<f64>, Vec<f64>, Vec<f64>, u64) {
    let ranges: Vec<Vec<(Card, Card)>> = hands
        .iter()
        .map(|h| parse_range(h).unwrap().combos().to_vec())
        .collect();
    let board = cards(board);
    let n = ranges.len();
    let (mut win, mut tie, mut eqv) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let mut trials = 0u64;
    let mut pick = vec![0usize; n];
    loop {
        let holes: Vec<(Card, Card)> = (0..n).map(|p| ranges[p][pick[p]]).collect();
        let mut used: Vec<Card> = board.clone();
        let mut ok = true;
        for &(a, b) in &holes {
            for c in [a, b] {
                ok &= !used.contains(&c);
                used.push(c);
            }
        }
        if ok {
            let deck: Vec<Card> = (0..52u8)
                .map(|i| Card::from_index(i).unwrap())
                .filter(|c| !used.contains(c))
                .collect();
            let missing = 5 - board.len();
            let mut idx: Vec<usize> = (0..missing).collect();
            loop {
                let mut full = board.clone();
                full.extend(idx.iter().map(|&i| deck[i]));
                let rs: Vec<u16> = holes
                    .iter()
                    .map(|&(a, b)| {
                        let mut seven = full.clone();
                        seven.extend([a, b]);
                        ref_r(&seven)
                    })
                    .collect();
                let best = *rs.iter().min().unwrap();
                let winners = rs.iter().filter(|&&r| r == best).count();
                for p in 0..n {
                    if rs[p] == best {
                        if winners == 1 {
                            win[p] += 1.0;
                        } else {
                            tie[p] += 1.0;
                        }
                        eqv[p] += 1.0 / winners as f64;
                    }
                }
                trials += 1;
                // Next combination of `missing` deck positions.
                let mut k = missing;
                while k > 0 && idx[k - 1] == deck.len() - missing + k - 1 {
                    k -= 1;
                }
                if k == 0 {
                    break;
                }
                idx[k - 1] += 1;
                for m in k..missing {
                    idx[m] = idx[m - 1] + 1;
                }
            }
        }
        let mut p = 0;
        while p < n && pick[p] + 1 == ranges[p].len() {
            pick[p] = 0;
            p += 1;
        }
        if p == n {
            break;
        }
        pick[p] += 1;
    }
    let t = trials as f64;
    let f = |v: Vec<f64>| v.into_iter().map(|x| x / t).collect();
    (f(eqv), f(win), f(tie), trials)
}

fn assert_close(a: &[f64], b: &[f64], tol: f64) {
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(b) {
        assert!((x - y).abs() <= tol, "{a:?} vs {b:?}");
    }
}

#[test]
fn poker_equity_aa_vs_kk_exact() {
    let r = eq(&["AhAs", "KdKc"], "", "", None, 1);
    assert!(r.exact);
    assert_eq!(r.trials, 1_712_304);
    assert_eq!(pct3(r.win[0]), 81.065);
    assert_eq!(pct3(r.tie[0]), 0.382);
    assert_eq!(r.tie[0], r.tie[1]);
    assert!((r.win[0] + r.win[1] + r.tie[0] - 1.0).abs() < 1e-12);
    assert!((r.equity[0] - (r.win[0] + r.tie[0] / 2.0)).abs() < 1e-12);
    assert!((r.equity.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // Same counts on every thread count.
    assert_eq!(eq(&["AhAs", "KdKc"], "", "", None, 2), r);
    assert_eq!(eq(&["AhAs", "KdKc"], "", "", None, 0), r);
}

#[test]
fn poker_equity_three_way_exact_matches_reference() {
    let hands = ["AhAs", "KdKc", "7h6h"];
    for board in ["2c 7d 9h", "2c 7d 9h Th", "2c 7d 9h Th 8c"] {
        let r = eq(&hands, board, "", None, 1);
        let (e, w, t, trials) = reference_equity(&hands, board);
        assert_eq!(r.trials, trials);
        assert_close(&r.equity, &e, 1e-12);
        assert_close(&r.win, &w, 1e-12);
        assert_close(&r.tie, &t, 1e-12);
        assert!(
            (r.equity.iter().sum::<f64>() - 1.0).abs() < 1e-12,
            "{board}"
        );
    }
    // Preflop three-way: the equities sum to 1.
    let r = eq(&hands, "", "", None, 0);
    assert_eq!(r.trials, 1_370_754); // C(46, 5)
    assert!((r.equity.iter().sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
fn poker_equity_ranges_exact_matches_reference() {
    // Ranges with card removal: every compatible assignment weighted equally.
    let hands = ["AA, AKs", "KK+", "QJs"];
    let board = "Ac Kd 7s Js";
    let r = eq(&hands, board, "", None, 2);
    let (e, w, t, trials) = reference_equity(&hands, board);
    assert_eq!(r.trials, trials);
    assert_close(&r.equity, &e, 1e-12);
    assert_close(&r.win, &w, 1e-12);
    assert_close(&r.tie, &t, 1e-12);
    // A split pot on a board that plays (HE-8.18).
    let r = eq(&["2c2d", "9h3s"], "As Kd Qh Jc Ts", "", None, 1);
    assert_eq!(
        (r.tie[0], r.tie[1], r.equity[0], r.trials),
        (1.0, 1.0, 0.5, 1)
    );
}

#[test]
fn poker_equity_monte_carlo() {
    let exact = eq(&["AhAs", "KdKc"], "", "", None, 0);
    let mc = eq(&["AhAs", "KdKc"], "", "", Some(200_000), 1);
    assert!(!mc.exact);
    assert_eq!(mc.trials, 200_000);
    assert_close(&mc.equity, &exact.equity, 0.005);
    assert_close(&mc.tie, &exact.tie, 0.002);
    // Independent of the thread count, dependent on the seed.
    for threads in [0, 2, 3, 5] {
        assert_eq!(eq(&["AhAs", "KdKc"], "", "", Some(200_000), threads), mc);
    }
    let ranges = [parse_range("AhAs").unwrap(), parse_range("KdKc").unwrap()];
    let other = equity(&ranges, CardSet::EMPTY, CardSet::EMPTY, Some(200_000), 8, 1).unwrap();
    assert_ne!(other, mc);
    // Ranges: close to exact, equal across thread counts.
    let hands = ["QQ+, AKs", "JJ-99, AQs", "76s"];
    let board = "2c 7d 9h";
    let exact = eq(&hands, board, "", None, 0);
    let mc = eq(&hands, board, "", Some(100_000), 1);
    assert_close(&mc.equity, &exact.equity, 0.01);
    assert_eq!(eq(&hands, board, "", Some(100_000), 2), mc);
    assert!((mc.equity.iter().sum::<f64>() - 1.0).abs() < 1e-9);
}

#[test]
fn poker_equity_dead_cards_and_errors() {
    // Dead cards leave the deck.
    let r = eq(&["AhAs", "KdKc"], "", "Ac Ad", None, 1);
    assert_eq!(r.trials, 1_370_754); // C(46, 5)
    let e = |h: &[&str], b: &str, d: &str| eq_err(h, b, d, None);
    assert!(e(&["AA"], "", "").contains("2 to 10 hands"));
    assert!(e(&["AA"; 11], "", "").contains("2 to 10 hands"));
    assert!(e(&["AhAs", "AhKd"], "", "").contains("card Ah is in both hand 0 and hand 1"));
    assert!(
        e(&["AhAs", "KdKc"], "Ah 2c 3c", "").contains("card Ah is both in hand 0 and on the board")
    );
    assert!(e(&["AhAs", "KdKc"], "", "Kc").contains("card Kc is both in hand 1 and among the dead"));
    assert!(e(&["AhAs", "KdKc"], "2c 3c 4c 5c 6c 7c", "").contains("at most 5 cards"));
    assert!(e(&["AhAs", "KdKc"], "2c SJ", "").contains("joker"));
    assert!(e(&["AhAs", "KdKc"], "", "BJ").contains("joker"));
    assert!(e(&["AhAs", "KdKc"], "2c", "2c")
        .contains("card 2c is both on the board and among the dead"));
    let msg = e(&["AhAs", "AsKs, AhKh"], "", "");
    assert!(msg.contains("hand 1: no holding"), "{msg}");
    let msg = e(&["AA", "KK"], "Ac Ad Kh", "Ks Kc");
    assert!(msg.contains("hand 1: no holding of its range is compatible with the board (Kh Ac Ad) and the dead cards (Kc Ks)"), "{msg}");
    // Removal through a hand with a single possible holding.
    let r = eq(&["AA", "KK"], "Ac Ad Kh", "Ks", None, 1);
    assert_eq!((r.trials, r.win[0]), (946, 1.0));
    let msg = e(&["AA", "AA", "AA"], "", "");
    assert!(msg.contains("cannot all be dealt"), "{msg}");
    let many_dead: String = (8..52u8)
        .map(|i| Card::from_index(i).unwrap().to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let msg = e(&["2c2d", "3c3d"], "", &many_dead);
    assert!(msg.contains("not enough cards"), "{msg}");
    assert!(eq_err(&["AhAs", "KdKc"], "", "", Some(0)).contains("samples"));
    assert!(e(&["random", "random", "random"], "", "").contains("Monte Carlo"));
}

// ---------------------------------------------------------------------------------------------
// Tables, random hands, anchors and test vectors.
// ---------------------------------------------------------------------------------------------

/// The generated rank keys give distinct sums for every rank multiset of 5, 6 or 7 cards, each
/// sum lands in its own in-range slot of the perfect hash, and that slot holds the reference
/// value of a flush-free hand with those ranks.
#[test]
fn poker_tables_rank_keys_and_hash_are_perfect() {
    let mut slots = HashMap::new();
    let mut slots7 = std::collections::HashSet::<u32>::new();
    let mut counts = [0u8; 13];
    let mut checked = 0;
    fn rec(r: usize, left: u8, counts: &mut [u8; 13], f: &mut impl FnMut(&[u8; 13])) {
        if r == 13 {
            f(counts);
            return;
        }
        for c in 0..=left.min(4) {
            counts[r] = c;
            rec(r + 1, left - c, counts, f);
        }
        counts[r] = 0;
    }
    rec(0, 7, &mut counts, &mut |counts| {
        let n: u8 = counts.iter().sum();
        if n < 5 {
            return;
        }
        let sum: u32 = (0..13).map(|r| counts[r] as u32 * RANK_KEYS[r]).sum();
        let slot = OFFSETS[(sum & ((1 << ROW_BITS) - 1)) as usize] + (sum >> ROW_BITS);
        assert!((slot as usize) < HASH.len());
        assert!(
            slots.insert(slot, counts.to_vec()).is_none(),
            "slot collision"
        );
        // Suits assigned in turn over the sorted ranks: at most 2 per suit, no flush.
        let mut hand = Vec::new();
        for (r, &c) in counts.iter().enumerate() {
            for _ in 0..c {
                hand.push(Card::new(r as u8, (hand.len() % 4) as u8).unwrap());
            }
        }
        let idx: Vec<u8> = hand.iter().map(|c| c.index()).collect();
        assert_eq!(
            HASH[slot as usize],
            NUM_CLASSES + 1 - ref_r(&hand),
            "{hand:?}"
        );
        assert_eq!(evaluate_indices(&idx), HASH[slot as usize]);
        if n == 7 {
            // The 7-card table gives the same value, in a slot of its own.
            let slot7 =
                OFFSETS7[(sum & ((1 << ROW_BITS7) - 1)) as usize] as u32 + (sum >> ROW_BITS7);
            assert_eq!(HASH7[slot7 as usize], HASH[slot as usize]);
            assert!(slots7.insert(slot7), "7-card slot collision");
            assert_eq!(
                evaluate7(&idx.clone().try_into().unwrap()),
                HASH7[slot7 as usize]
            );
        }
        checked += 1;
    });
    assert_eq!(checked, 6175 + 18395 + 49205);
    assert_eq!(slots.len(), checked);
    // Unused slots are 0, which is no strength.
    assert_eq!(HASH.iter().filter(|&&s| s != 0).count(), checked);
    assert_eq!(slots7.len(), 49205);
    assert_eq!(HASH7.iter().filter(|&&s| s != 0).count(), 49205);
}

/// Every flush rank mask of 5, 6 or 7 cards holds the reference value of those suited cards.
#[test]
fn poker_tables_flush_table() {
    let mut checked = 0;
    for mask in 0u32..1 << 13 {
        let bits = mask.count_ones();
        if !(5..=7).contains(&bits) {
            assert!(bits > 7 || FLUSH[mask as usize] == 0);
            continue;
        }
        let suit = (mask % 4) as u8;
        let hand: Vec<Card> = (0..13u8)
            .filter(|r| mask & (1 << r) != 0)
            .map(|r| Card::new(r, suit).unwrap())
            .collect();
        assert_eq!(
            FLUSH[mask as usize],
            NUM_CLASSES + 1 - ref_r(&hand),
            "{hand:?}"
        );
        assert_eq!(evaluate_cards(&hand).unwrap(), FLUSH[mask as usize]);
        checked += 1;
    }
    assert_eq!(checked, 1287 + 1716 + 1716);
}

/// CLASS_INFO agrees with the category ranges of HE-2.7 and with the reference classes.
#[test]
fn poker_class_info_matches_he_2_7() {
    let mut per_category = [0u32; 10];
    for s in 1..=NUM_CLASSES {
        let c = category(s);
        assert!(c.class_range().contains(&rank_class(s)));
        per_category[c as usize] += 1;
    }
    assert_eq!(
        per_category[1..],
        [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    );
    for (&(cat, _), &r) in ref_class_index() {
        assert_eq!(category(NUM_CLASSES + 1 - r) as u8, cat);
    }
}

/// The fast paths agree with the reference (best of all 5-card subsets) on random hands.
#[test]
fn poker_random_hands_match_reference() {
    let mut rng = Rng::new(99);
    for n in [5usize, 6, 7] {
        let hands = if n == 7 { 60_000 } else { 20_000 };
        for _ in 0..hands {
            let idx = random_hand(&mut rng, n);
            let hand: Vec<Card> = idx.iter().map(|&i| Card::from_index(i).unwrap()).collect();
            let want = NUM_CLASSES + 1 - ref_r(&hand);
            assert_eq!(evaluate_indices(&idx), want, "{hand:?}");
            assert_eq!(evaluate_cards(&hand).unwrap(), want);
            let mask = idx.iter().fold(0u64, |m, &i| m | 1 << i);
            assert_eq!(evaluate_mask(mask), want);
            if n == 7 {
                assert_eq!(evaluate7(&idx.clone().try_into().unwrap()), want);
            }
            let best = best_five(&hand).unwrap();
            assert_eq!(evaluate_cards(&best).unwrap(), want);
            assert!(best.windows(2).all(|w| w[0] > w[1]));
            assert!(best.iter().all(|c| hand.contains(c)));
        }
    }
    // Flush-heavy hands: five to seven cards of one suit among seven.
    for _ in 0..20_000 {
        let suited = 5 + rng.below(3) as usize;
        let suit = rng.below(4) as u8;
        let mut ranks: Vec<u8> = (0..13).collect();
        rng.shuffle(&mut ranks);
        let mut hand: Vec<Card> = ranks[..suited]
            .iter()
            .map(|&r| Card::new(r, suit).unwrap())
            .collect();
        while hand.len() < 7 {
            let c = Card::from_index(rng.below(52) as u8).unwrap();
            if c.suit() != Some(suit) && !hand.contains(&c) {
                hand.push(c);
            }
        }
        assert_eq!(
            evaluate_cards(&hand).unwrap(),
            NUM_CLASSES + 1 - ref_r(&hand),
            "{hand:?}"
        );
    }
}

/// HE-2.7 anchor values (5-card hands; suits chosen to avoid flushes where none is meant).
#[test]
fn poker_anchor_values_he_2_7() {
    let anchors = [
        ("As Ks Qs Js Ts", 1),
        ("Ks Qs Js Ts 9s", 2),
        ("8h 7h 6h 5h 4h", 7),
        ("5h 4h 3h 2h Ah", 10),
        ("Ah Ad Ac As Kd", 11),
        ("2c 2d 2h 2s 3c", 166),
        ("Ah Ad Ac Ks Kd", 167),
        ("2c 2d 2h 3s 3c", 322),
        ("Ah Kh Qh Jh 9h", 323),
        ("Ah 6h 5h 4h 3h", 812),
        ("Kh Qh Jh Th 8h", 816),
        ("7c 5c 4c 3c 2c", 1599),
        ("Ah Kd Qh Jc Ts", 1600),
        ("6c 5d 4h 3s 2c", 1608),
        ("5c 4d 3h 2s Ac", 1609),
        ("Ah Ad Ac Ks Qd", 1610),
        ("Ah Ad Ac 3s 2d", 1675),
        ("2c 2d 2h 4s 3c", 2467),
        ("Ah Ad Kc Ks Qd", 2468),
        ("Ah Ad Kc Ks 2d", 2478),
        ("3c 3d 2h 2s 4c", 3325),
        ("Ah Ad Kc Qs Jd", 3326),
        ("Ah Ad 4c 3s 2d", 3545),
        ("2c 2d Ah Ks Qd", 5966),
        ("2c 2d 5h 4s 3d", 6185),
        ("Ac Kd Qh Js 9c", 6186),
        ("Ac 6d 5h 4s 3c", 6675),
        ("7c 5d 4h 3s 2c", 7462),
    ];
    for (hand, r) in anchors {
        assert_eq!(r_of(hand), r, "{hand}");
    }
}

/// HE-8.1 ... HE-8.15: 7 cards (hole + board) → class index r.
#[test]
fn poker_vectors_he_8_1_to_8_15() {
    let vectors = [
        (
            "HE-8.1",
            "Ah Kh",
            "Qh Jh Th 2c 3d",
            1,
            Category::StraightFlush,
        ),
        (
            "HE-8.2",
            "As 2s",
            "3s 4s 5s 6s Kd",
            9,
            Category::StraightFlush,
        ),
        (
            "HE-8.3",
            "2c 3c",
            "Ah 4d 5s Kc Qd",
            1609,
            Category::Straight,
        ),
        (
            "HE-8.4",
            "6d 7h",
            "2c 3s 4h 5d Ac",
            1607,
            Category::Straight,
        ),
        (
            "HE-8.5",
            "Qs Kd",
            "Ac 2h 3d 9s 8c",
            6202,
            Category::HighCard,
        ),
        (
            "HE-8.6",
            "7s 7d",
            "7h 7c Kd Kh 2c",
            96,
            Category::FourOfAKind,
        ),
        ("HE-8.7", "Ac Kc", "Qc 9c 2c 5c 7c", 340, Category::Flush),
        (
            "HE-8.8",
            "Td 9d",
            "8d 7d 6h 6s 6c",
            1604,
            Category::Straight,
        ),
        (
            "HE-8.9",
            "Js Jd",
            "Jh 9c 9d 9s 2h",
            207,
            Category::FullHouse,
        ),
        (
            "HE-8.10",
            "Kc Kd",
            "Qs Qh Jc Jd 2s",
            2601,
            Category::TwoPair,
        ),
        (
            "HE-8.11",
            "4s 4h",
            "Ac As Ks Kh 9d",
            2471,
            Category::TwoPair,
        ),
        (
            "HE-8.12",
            "Ac Ad",
            "Kc Kd Kh 2s 2c",
            179,
            Category::FullHouse,
        ),
        (
            "HE-8.13",
            "2d 2h",
            "As Ac Ah Ad 3c",
            21,
            Category::FourOfAKind,
        ),
        (
            "HE-8.14",
            "9h 8h",
            "Th Jh Qh Kh Ah",
            1,
            Category::StraightFlush,
        ),
        ("HE-8.15", "Ks Qs", "Jh Ts 9c 2s 3s", 878, Category::Flush),
    ];
    for (id, hole, board, r, cat) in vectors {
        let text = format!("{hole} {board}");
        let s = evaluate_cards(&cards(&text)).unwrap();
        assert_eq!(rank_class(s), r, "{id}");
        assert_eq!(category(s), cat, "{id}");
        let idx: Vec<u8> = cards(&text).iter().map(|c| c.index()).collect();
        assert_eq!(evaluate7(&idx.try_into().unwrap()), s, "{id}");
    }
    // HE-8.7: the best five of seven clubs.
    let best = best_five(&cards("Ac Kc Qc 9c 2c 5c 7c")).unwrap();
    assert_eq!(best.to_vec(), cards("Ac Kc Qc 9c 7c"));
    // HE-8.2: the 6-high straight flush, not the wheel.
    let best = best_five(&cards("As 2s 3s 4s 5s 6s Kd")).unwrap();
    assert_eq!(best.to_vec(), cards("6s 5s 4s 3s 2s"));
    // HE-8.13: plays the board.
    let best = best_five(&cards("2d 2h As Ac Ah Ad 3c")).unwrap();
    assert_eq!(best.to_vec(), cards("As Ah Ad Ac 3c"));
}

/// HE-8.16 ... HE-8.24: two players on the same board.
#[test]
fn poker_vectors_he_8_16_to_8_24() {
    // (id, board, hole 1, r 1, hole 2, r 2)
    let vectors = [
        ("HE-8.16", "Ah Kc 9s 8d 4h", "7c 2d", 6294, "6s 3d", 6295),
        ("HE-8.17", "As Ac Ah Ad 3c", "Kd Qd", 11, "Kh 2h", 11),
        ("HE-8.18", "As Kd Qh Jc Ts", "2c 2d", 1600, "9h 3s", 1600),
        ("HE-8.19", "Kd Kh 7s 7c 5d", "Ah 3c", 2655, "Qs Jd", 2656),
        ("HE-8.20", "Kd Kh 7s 7c 5d", "Qs 2c", 2656, "Qh 3d", 2656),
        ("HE-8.21", "Ah 9h 6h 3h Kc", "Qh 2h", 564, "Jh Th", 609),
        ("HE-8.22", "Jc Jd 4s 4h 9c", "9h 9s", 230, "Qs 9d", 2844),
        ("HE-8.23", "2s 3d 4c 9h Td", "6d 5c", 1608, "Ah 5s", 1609),
        ("HE-8.24", "Kc Kd Ks 8h 8d", "Ac Ad", 179, "8c 2d", 184),
    ];
    for (id, board, h1, r1, h2, r2) in vectors {
        let s1 = evaluate_cards(&cards(&format!("{h1} {board}"))).unwrap();
        let s2 = evaluate_cards(&cards(&format!("{h2} {board}"))).unwrap();
        assert_eq!((rank_class(s1), rank_class(s2)), (r1, r2), "{id}");
        assert_eq!(s1.cmp(&s2), r2.cmp(&r1), "{id}: higher strength wins");
        // The same showdown through equity: the winner takes the whole pot, a tie splits it.
        let ranges = [h1, h2].map(|h| parse_range(&h.replace(' ', "")).unwrap());
        let res = equity(&ranges, set(board), CardSet::EMPTY, None, 0, 1).unwrap();
        let want = match r1.cmp(&r2) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Greater => 0.0,
            std::cmp::Ordering::Equal => 0.5,
        };
        assert_eq!(res.equity[0], want, "{id}");
    }
}

#[test]
fn poker_describe() {
    let d = |hand: &str| describe(evaluate_cards(&cards(hand)).unwrap());
    assert_eq!(d("As Ks Qs Js Ts"), "Royal flush");
    assert_eq!(d("9s 8s 7s 6s 5s"), "Straight flush, Nine high");
    assert_eq!(d("5h 4h 3h 2h Ah"), "Straight flush, Five high");
    assert_eq!(
        d("Ah Ad Ac As Kd"),
        "Four of a kind, Aces with a King kicker"
    );
    assert_eq!(
        d("7h 7d 7c 7s 8d"),
        "Four of a kind, Sevens with an Eight kicker"
    );
    assert_eq!(d("Jh Jd Jc 9s 9d"), "Full house, Jacks over Nines");
    assert_eq!(d("Ah Kh Qh 9h 7h"), "Flush, Ace-King-Queen-Nine-Seven");
    assert_eq!(d("5c 4d 3h 2s Ac"), "Straight, Five high");
    assert_eq!(
        d("7c 7d 7h As Kd"),
        "Three of a kind, Sevens with kickers A-K"
    );
    assert_eq!(
        d("Kc Kd Qh Qs Jd"),
        "Two pair, Kings and Queens with a Jack kicker"
    );
    assert_eq!(
        d("Kc Kd Qh Qs Ad"),
        "Two pair, Kings and Queens with an Ace kicker"
    );
    assert_eq!(d("2c 2d Ah Ks Qd"), "Pair of Twos, kickers A-K-Q");
    assert_eq!(d("Ac Kd Qh 9s 8c"), "High card, Ace-King-Queen-Nine-Eight");
    // Every class has its own description, starting with its category's wording.
    let all: std::collections::HashSet<String> = (1..=NUM_CLASSES).map(describe).collect();
    assert_eq!(all.len(), 7462);
    for s in 1..=NUM_CLASSES {
        let text = describe(s);
        let prefix = match category(s) {
            Category::OnePair => "Pair of",
            Category::StraightFlush if s == NUM_CLASSES => "Royal flush",
            c => c.name(),
        };
        assert!(text.starts_with(prefix), "{s}: {text}");
    }
    assert_eq!(Category::FourOfAKind.name(), "Four of a kind");
    assert_eq!(Category::HighCard as u8, 1);
    assert!(Category::StraightFlush > Category::FourOfAKind);
}

#[test]
#[should_panic(expected = "1..=7462")]
fn poker_describe_rejects_zero() {
    describe(0);
}

#[test]
#[should_panic(expected = "1..=7462")]
fn poker_category_rejects_7463() {
    category(7463);
}

#[test]
fn poker_evaluate_cards_errors() {
    let e = |t: &str| evaluate_cards(&cards(t)).unwrap_err().to_string();
    assert!(e("Ah Kh Qh Jh").contains("5, 6 or 7 cards, got 4"));
    assert!(e("Ah Kh Qh Jh Th 9h 8h 7h").contains("got 8"));
    assert!(e("Ah Kh Qh Jh SJ").contains("SJ is a joker"));
    assert!(e("Ah Kh Qh Jh Ah").contains("card Ah appears twice"));
    assert!(best_five(&cards("Ah Kh")).is_err());
    assert_eq!(rank_class(NUM_CLASSES), 1);
    assert_eq!(rank_class(1), 7462);
}

#[test]
fn poker_check_mask() {
    let m = CardSet::parse("Ah Kh Qh Jh Th").unwrap().mask();
    assert!(check_mask(m).is_ok());
    assert_eq!(evaluate_mask(m), NUM_CLASSES);
    let e = |m: u64| check_mask(m).unwrap_err().to_string();
    assert!(e(0b1111).contains("has 4 cards"));
    assert!(e(0xFF).contains("has 8 cards"));
    assert!(e(m | 1 << 52).contains("joker SJ"));
    assert!(e(m | 1 << 60).contains("bit 60"));
}

#[test]
fn poker_batch_evaluation() {
    let mut rng = Rng::new(5);
    for k in [5usize, 6, 7] {
        let rows = 50_000;
        let data: Vec<u8> = (0..rows).flat_map(|_| random_hand(&mut rng, k)).collect();
        let want: Vec<u16> = data.chunks(k).map(evaluate_indices).collect();
        for threads in [1, 0, 3] {
            let mut out = vec![0u16; rows];
            evaluate_batch_indices(&data, k, &mut out, threads).unwrap();
            assert_eq!(out, want, "k={k} threads={threads}");
        }
        let masks: Vec<u64> = data
            .chunks(k)
            .map(|r| r.iter().fold(0u64, |m, &i| m | 1 << i))
            .collect();
        for threads in [1, 0, 3] {
            let mut out = vec![0u16; rows];
            evaluate_batch_masks(&masks, &mut out, threads).unwrap();
            assert_eq!(out, want, "masks k={k} threads={threads}");
        }
    }
    // Errors name the first bad row, whatever the thread count.
    let rows = 100_000;
    let mut data: Vec<u8> = (0..rows).flat_map(|_| random_hand(&mut rng, 7)).collect();
    data[17 * 7 + 2] = 60;
    data[90_000 * 7] = 200;
    let mut out = vec![0u16; rows];
    for threads in [1, 0, 4] {
        let e = evaluate_batch_indices(&data, 7, &mut out, threads).unwrap_err();
        assert_eq!(e.to_string(), "row 17: card index 60 is out of range 0..52");
    }
    data[17 * 7 + 2] = data[17 * 7 + 1];
    let dup = Card::from_index(data[17 * 7 + 1]).unwrap();
    let e = evaluate_batch_indices(&data, 7, &mut out, 2).unwrap_err();
    assert_eq!(e.to_string(), format!("row 17: card {dup} appears twice"));
    assert!(evaluate_batch_indices(&data, 8, &mut out, 1).is_err());
    assert!(evaluate_batch_indices(&data[..10], 7, &mut out[..1], 1).is_err());
    assert!(evaluate_batch_indices(&data[..14], 7, &mut out[..1], 1).is_err());
    let mut masks = vec![CardSet::parse("Ah Kh Qh Jh Th").unwrap().mask(); rows];
    masks[70_000] = 0b1111;
    masks[95_000] = 1 << 53 | 0b11111;
    for threads in [1, 0, 4] {
        let e = evaluate_batch_masks(&masks, &mut out, threads).unwrap_err();
        assert!(e.to_string().starts_with("row 70000: "), "{e}");
        assert!(e.to_string().contains("has 4 cards"), "{e}");
    }
    assert!(evaluate_batch_masks(&masks, &mut out[..5], 1).is_err());
}

/// The AVX2 batch kernel (`simd.rs`, used by `evaluate_batch_indices` when the CPU has AVX2)
/// against the portable path: the same strengths for every row count (tails of every length,
/// block edges), and rows rich in flushes, whose lanes take the scalar flush lookup.
#[test]
fn poker_batch_kernel_matches_portable_path() {
    #[cfg(target_arch = "x86_64")]
    if !super::simd::available() {
        eprintln!("no AVX2 on this CPU: only the portable path is tested here");
    }
    let mut rng = Rng::new(77);
    for k in [5usize, 6, 7] {
        let lengths = (0..=40).chain([1023, 1024, 1025, 2047, 2048, 2049, 10_001]);
        for n in lengths {
            let mut data: Vec<u8> = (0..n).flat_map(|_| random_hand(&mut rng, k)).collect();
            // Every third row drawn from 20 cards, 13 of them hearts: mostly flushes.
            for row in data.chunks_mut(k).step_by(3) {
                let mut pool: Vec<u8> = (0..13)
                    .map(|r| 4 * r + 2)
                    .chain((0..7).map(|r| 4 * r))
                    .collect();
                rng.shuffle(&mut pool);
                row.copy_from_slice(&pool[..k]);
            }
            let want: Vec<u16> = data.chunks(k).map(evaluate_indices).collect();
            let mut out = vec![0u16; n];
            evaluate_batch_indices(&data, k, &mut out, 1).unwrap();
            assert_eq!(out, want, "k={k} rows={n}");
            let mut portable = vec![0u16; n];
            match k {
                5 => scalar_rows::<5>(0, &data, &mut portable),
                6 => scalar_rows::<6>(0, &data, &mut portable),
                _ => scalar_rows::<7>(0, &data, &mut portable),
            }
            .unwrap();
            assert_eq!(portable, want, "portable k={k} rows={n}");
        }
    }
}

/// Invalid rows anywhere (first row, every lane of a group of eight, block edges, the tail)
/// and of every kind (an index of 52 or more, including the kernel's sentinel values, and a
/// repeated card at every pair of positions) give the portable path's error, naming the first
/// bad row.
#[test]
fn poker_batch_kernel_errors_match_portable_path() {
    let mut rng = Rng::new(78);
    for k in [5usize, 6, 7] {
        let n = 3000;
        let clean: Vec<u8> = (0..n).flat_map(|_| random_hand(&mut rng, k)).collect();
        let portable_error = |data: &[u8]| {
            let mut out = vec![0u16; n];
            match k {
                5 => scalar_rows::<5>(0, data, &mut out),
                6 => scalar_rows::<6>(0, data, &mut out),
                _ => scalar_rows::<7>(0, data, &mut out),
            }
            .unwrap_err()
            .to_string()
        };
        let check = |data: &[u8], what: &str| {
            let want = portable_error(data);
            let mut out = vec![0u16; n];
            for threads in [1, 2] {
                let got = evaluate_batch_indices(data, k, &mut out, threads).unwrap_err();
                assert_eq!(got.to_string(), want, "k={k} {what} threads={threads}");
            }
        };
        let rows = [
            0,
            1,
            3,
            4,
            5,
            7,
            8,
            1023,
            1024,
            1025,
            2047,
            n - 9,
            n - 8,
            n - 2,
            n - 1,
        ];
        for &row in &rows {
            for value in [52u8, 53, 127, 128, 0xF8, 0xFD, 0xFF] {
                let mut data = clean.clone();
                data[row * k + (row % k)] = value;
                check(&data, &format!("row {row} index {value}"));
            }
            for i in 0..k {
                for j in i + 1..k {
                    let mut data = clean.clone();
                    data[row * k + j] = data[row * k + i];
                    check(&data, &format!("row {row} duplicate at {i},{j}"));
                }
            }
        }
        // Two bad rows in one block and one in an earlier block: the earliest is named.
        let mut data = clean.clone();
        data[2500 * k] = 60;
        data[2100 * k + 1] = data[2100 * k];
        data[1500 * k + 2] = 99;
        check(&data, "three bad rows");
        assert!(portable_error(&data).starts_with("row 1500: "));
    }
}

// ---------------------------------------------------------------------------------------------
// Equity in batches of work units (interruptible callers): the same result however it is cut.
// ---------------------------------------------------------------------------------------------

use super::equity::EquityJob;

fn job(hands: &[&str], board: &str, dead: &str, samples: Option<u64>, unit: u128) -> EquityJob {
    let ranges: Vec<_> = hands.iter().map(|h| parse_range(h).unwrap()).collect();
    EquityJob::with_unit_boards(&ranges, set(board), set(dead), samples, 7, unit).unwrap()
}

/// Runs `job` in batches of `batch` units, checking that the progress grows from 0 to 1.
fn run_in_batches(mut job: EquityJob, batch: u64, threads: usize) -> EquityResult {
    assert_eq!((job.done(), job.progress()), (0, 0.0));
    assert!(job.result().is_none() && !job.is_finished());
    let mut last = 0.0;
    while !job.is_finished() {
        job.run(batch, threads).unwrap();
        let p = job.progress();
        assert!(p >= last && p <= 1.0, "progress {last} then {p}");
        last = p;
    }
    assert_eq!(job.done(), job.units());
    assert_eq!(last, 1.0);
    job.result().unwrap()
}

#[test]
fn poker_equity_batches_give_the_same_result() {
    let cases: &[(&[&str], &str, &str, Option<u64>)] = &[
        (&["AhAs", "KdKc"], "", "", None),
        (&["AhAs", "KdKc", "7c8c"], "2c 7d 9h", "", None),
        (&["QQ+, AKs", "76s-54s"], "2c 7d 9h", "", None),
        (&["AA", "KK", "QQ", "JJ"], "2c 3d 4h", "", None),
        (&["22+", "AKs"], "2c 7d 9h Ts", "", None),
        (&["22+", "AKs", "random"], "2c 7d 9h Ts Js", "", None),
        (&["AKs", "QQ"], "", "5h 6h 7h", None),
        (&["AhAs", "KdKc"], "", "", Some(100_000)),
        (
            &["QQ+, AKs", "76s-54s", "22+"],
            "2c 7d 9h",
            "",
            Some(30_001),
        ),
        (&["AhKh", "QsQd"], "2h 3h", "", Some(4097)),
    ];
    for &(hands, board, dead, samples) in cases {
        let want = eq(hands, board, dead, samples, 1);
        // Unit sizes from one board per unit (every player's holding fixed) to the default.
        for unit in [1, 1000, super::equity::UNIT_BOARDS_FOR_TESTS] {
            for (batch, threads) in [(1, 1), (3, 2), (17, 1), (1000, 2), (u64::MAX, 0)] {
                let got = run_in_batches(job(hands, board, dead, samples, unit), batch, threads);
                assert_eq!(got, want, "{hands:?} {board:?} unit {unit} batch {batch}");
            }
        }
    }
}

#[test]
fn poker_equity_units_are_bounded() {
    // Preflop range against range: a unit fixes both holdings, so it holds at most C(47, 4)
    // boards (44 positions of the lowest board card in the 48 cards left), and there are many
    // units to share out and to stop between.
    let j = job(&["QQ+, AKs", "22+"], "", "", None, 1 << 18);
    assert_eq!(j.units(), 22 * 78 * 44);
    // A single holding per player keeps the old cut: player 0's holding and the first card.
    let j = job(&["AhAs", "KdKc"], "", "", None, 1 << 18);
    assert_eq!(j.units(), 44);
    // Monte Carlo: chunks of 4096 trials.
    let j = job(&["AhAs", "KdKc"], "", "", Some(10_000), 1 << 18);
    assert_eq!(j.units(), 3);
}

#[test]
fn poker_equity_job_failure_is_sticky() {
    // Ten random hands from the 20 cards T-A once 32 are on the board or dead: some deal exists,
    // but independent draws almost never give ten disjoint holdings (p ~ 4e-8).
    let ranges: Vec<_> = (0..10).map(|_| parse_range("random").unwrap()).collect();
    let board = set("2c 2d 2h 2s 3c");
    let dead =
        set("3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s");
    let mut j = EquityJob::new(&ranges, board, dead, Some(10), 1).unwrap();
    for _ in 0..2 {
        let e = j.run(1, 1).unwrap_err().to_string();
        assert!(e.contains("too constrained"), "{e}");
        assert!(!j.is_finished() && j.result().is_none());
    }
    let e = equity(&ranges, board, dead, Some(10), 1, 2).unwrap_err();
    assert!(e.to_string().contains("too constrained"));
}

/// A repeated card in an earlier row is the first bad row even when a later row holds an index
/// of 52 or more (found by the eval_batch fuzz target: the out-of-range scan used to win).
#[test]
fn poker_batch_error_names_the_first_bad_row_of_either_kind() {
    let mut rng = Rng::new(79);
    for k in [5usize, 6, 7] {
        for n in [2usize, 9, 40, 1000] {
            let mut data: Vec<u8> = (0..n).flat_map(|_| random_hand(&mut rng, k)).collect();
            let (dup_row, far_row) = (n / 2 - 1, n - 1);
            data[dup_row * k + 1] = data[dup_row * k];
            data[far_row * k + k - 1] = 143;
            let dup = Card::from_index(data[dup_row * k]).unwrap();
            let mut out = vec![0u16; n];
            for threads in [1, 2] {
                let e = evaluate_batch_indices(&data, k, &mut out, threads).unwrap_err();
                assert_eq!(
                    e.to_string(),
                    format!("row {dup_row}: card {dup} appears twice"),
                    "k={k} n={n}"
                );
            }
            // With the order reversed the out-of-range row comes first.
            let mut swapped = data.clone();
            swapped[dup_row * k + 1] = 200;
            swapped[far_row * k + 1] = swapped[far_row * k];
            let e = evaluate_batch_indices(&swapped, k, &mut out, 1).unwrap_err();
            assert!(e
                .to_string()
                .starts_with(&format!("row {dup_row}: card index 200")));
        }
    }
}
