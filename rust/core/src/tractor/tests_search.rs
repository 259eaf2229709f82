//! Tests of the search primitives: the declaration phase, settled playouts under both
//! policies, whole plays, and determinization (rules/tractor.md; issue 13).

use super::plays::card_points;
use super::*;
use crate::cards::{Card, CardBag};
use crate::rng::Rng;
use std::collections::BTreeMap;

fn bag(text: &str) -> CardBag {
    CardBag::parse(text).unwrap()
}

fn l2h() -> Trump {
    Trump::new(0, Some(2)).unwrap()
}

/// A seeded deal (TR-3.4) as a declaration phase, the dealer/s0 `seat`.
fn declaring(seed: u64, level: u8, seat: usize, first: bool) -> Declaring {
    let mut rng = Rng::new(seed);
    let (hands, kitty) = deal(&mut rng, seat);
    Declaring::new(hands, kitty.try_into().unwrap(), level, seat, first).unwrap()
}

/// A deal where seat `s` holds `required[s]` (test helper, like the Python one).
fn fixed_declaring(required: [&str; 4], kitty_front: &str, seat: usize, first: bool) -> Declaring {
    let mut rest = CardBag::two_packs(true);
    for t in required.iter().chain(std::iter::once(&kitty_front)) {
        rest = rest.difference(bag(t));
    }
    let mut filler: Vec<Card> = rest.iter().collect();
    filler.sort_by_key(|c| (c.is_joker(), std::cmp::Reverse(c.index())));
    let mut hands = [CardBag::EMPTY; 4];
    let mut at = 0;
    for s in 0..4 {
        let mut h = bag(required[s]);
        while h.len() < 25 {
            h.insert(filler[at]);
            at += 1;
        }
        hands[s] = h;
    }
    let mut kitty: Vec<Card> = bag(kitty_front).iter().collect();
    kitty.extend_from_slice(&filler[at..at + 8 - kitty.len()]);
    // Keep the kitty's front in the given order.
    let front: Vec<Card> = crate::cards::parse_cards(kitty_front).unwrap();
    kitty.splice(..front.len(), front);
    Declaring::new(hands, kitty.try_into().unwrap(), 0, seat, first).unwrap()
}

#[test]
fn declarations_follow_the_tr_vectors() {
    let k = |c: &str| -> Option<u8> {
        (0..DECLARATION_KINDS).find(|&k| declaration_cards(0, k) == bag(c))
    };
    // TR-TV-10: 0 declares 2h, three passes: trump h, dealer 0.
    let mut d = fixed_declaring(["2h", "", "", ""], "", 0, true);
    d = d.replayed(&[k("2h"), None, None, None]).unwrap();
    assert!(d.is_done());
    let (t, dealer, declarer) = d.outcome().unwrap();
    assert_eq!((t.suit(), dealer, declarer), (Some(2), 0, Some(0)));
    // TR-TV-11: a single over a single is not legal.
    let d = fixed_declaring(["", "2s", "2h", ""], "", 0, true)
        .replayed(&[None, k("2s")])
        .unwrap();
    assert_eq!(d.legal_declarations(), 0);
    assert!(d.clone().call(k("2h")).is_err());
    // TR-TV-12: a level pair overcalls; dealer 2.
    let d = fixed_declaring(["", "2s", "2h 2h", ""], "", 0, true)
        .replayed(&[None, k("2s"), k("2h 2h"), None, None, None])
        .unwrap();
    assert_eq!(d.outcome().map(|o| (o.0.suit(), o.1)), Some((Some(2), 2)));
    // TR-TV-13: red jokers make no-trump.
    let d = fixed_declaring(["2d", "SJ SJ", "BJ BJ", ""], "", 0, true)
        .replayed(&[k("2d"), k("SJ SJ"), k("BJ BJ"), None, None, None])
        .unwrap();
    assert_eq!(
        d.outcome().map(|o| (o.0.is_no_trump(), o.1)),
        Some((true, 2))
    );
    // TR-TV-18: three opening passes do not end the phase.
    let d = fixed_declaring(["", "", "", "2d"], "", 0, true)
        .replayed(&[None, None, None])
        .unwrap();
    assert_eq!(d.current_player(), Some(3));
    // TR-TV-20: all pass, the kitty decides; dealer s0.
    let d = fixed_declaring(["", "", "", ""], "BJ SJ 9c Ah", 0, true)
        .replayed(&[None, None, None, None])
        .unwrap();
    assert_eq!(
        d.outcome().map(|o| (o.0.suit(), o.1, o.2)),
        Some((Some(0), 0, None))
    );
    // TR-TV-21: later deal: a declaration sets trump only.
    let d = fixed_declaring(["", "", "2s", ""], "", 1, false)
        .replayed(&[None, k("2s"), None, None, None])
        .unwrap();
    assert_eq!(d.outcome().map(|o| (o.0.suit(), o.1)), Some((Some(3), 1)));
}

#[test]
fn settled_returns_follow_the_bands() {
    // (dealer, attackers' trick points) -> returns of seat 0 (TR-5.4, TR-TV-65..82).
    let cases = [
        (0u8, 0u32, 3.0),
        (0, 5, 2.0),
        (0, 40, 1.0),
        (2, 75, 1.0),
        (2, 80, 0.0),
        (2, 115, 0.0),
        (2, 120, -1.0),
        (2, 160, -2.0),
        (3, 240, 4.0),
        (1, 0, -3.0),
    ];
    for (dealer, attack, want) in cases {
        let mut pts = [0u32; 4];
        pts[(dealer as usize + 1) % 4] = attack;
        let o = Outcome {
            dealer,
            points: pts,
            last_winner: dealer,
            last_size: 1,
            kitty: CardBag::EMPTY,
            kitty_points: 0,
            steps: 0,
        };
        let r = o.returns();
        assert_eq!(r[0], want, "dealer {dealer} score {attack}");
        assert_eq!(r, [r[0], -r[0], r[0], -r[0]]);
    }
}

#[test]
fn greedy_and_random_playouts_from_every_phase_are_legal_and_complete() {
    for seed in 0..40u64 {
        let d = declaring(seed, (seed % 13) as u8, (seed % 4) as usize, seed % 3 == 0);
        for policy in [Policy::Random, Policy::Greedy] {
            let mut rng = Rng::new(seed);
            let mut table = finish_declaring(&d, &mut rng, policy);
            let mut steps = 0;
            // apply_whole checks every greedy play in debug builds.
            while policy_step(&mut table, &mut rng, policy) {
                steps += 1;
                assert!(steps < 2000);
            }
            assert_eq!(table.phase(), Phase::Over);
            let mut all = table.kitty();
            for s in 0..4 {
                all = all.checked_add(table.captured(s)).unwrap();
            }
            assert_eq!(all, CardBag::two_packs(true));
        }
    }
}

#[test]
fn batches_do_not_depend_on_threads() {
    let d = declaring(5, 3, 1, true);
    let mut rng = Rng::new(1);
    let mut table = finish_declaring(&d, &mut rng, Policy::Random);
    for _ in 0..40 {
        random_step(&mut table, &mut rng);
    }
    for start in [Start::Declaring(&d), Start::Table(&table)] {
        for policy in [Policy::Random, Policy::Greedy] {
            let mut one = vec![[0.0; 4]; 30];
            let mut two = vec![[0.0; 4]; 30];
            returns_into(start, &mut one, 0, 9, policy, 1);
            returns_into(start, &mut two, 0, 9, policy, 3);
            assert_eq!(one, two);
            // A batch is the concatenation of its parts.
            let mut tail = vec![[0.0; 4]; 10];
            returns_into(start, &mut tail, 20, 9, policy, 1);
            assert_eq!(&one[20..], &tail[..]);
            for r in &one {
                assert_eq!(r[0] + r[1], 0.0);
            }
        }
    }
}

#[test]
fn margins_come_with_the_same_playouts() {
    let d = declaring(7, 2, 0, true);
    let mut rng = Rng::new(4);
    let mut table = finish_declaring(&d, &mut rng, Policy::Random);
    for _ in 0..30 {
        random_step(&mut table, &mut rng);
    }
    for start in [Start::Declaring(&d), Start::Table(&table)] {
        for policy in [Policy::Random, Policy::Greedy] {
            let mut returns = vec![[0.0; 4]; 24];
            let mut both = vec![[0.0; 8]; 24];
            let mut threaded = vec![[0.0; 8]; 24];
            returns_into(start, &mut returns, 0, 5, policy, 1);
            returns_margins_into(start, &mut both, 0, 5, policy, 1);
            returns_margins_into(start, &mut threaded, 0, 5, policy, 3);
            assert_eq!(both, threaded);
            for (r, b) in returns.iter().zip(&both) {
                assert_eq!(r[..], b[..4]);
                // Partners share a margin, opponents the opposite one (TR-5.3).
                assert_eq!(b[4], b[6]);
                assert_eq!(b[5], b[7]);
                assert_eq!(b[4], -b[5]);
                // A positive return for a side means its margin is on the right side of the
                // takeover line (TR-5.4): defenders below 80, attackers at 120 or more.
                for s in 0..4 {
                    if r[s] > 0.0 {
                        assert!(b[4 + s] > 0.0);
                    }
                }
            }
        }
    }
    let o = Outcome {
        dealer: 1,
        points: [60, 0, 40, 0],
        last_winner: 1,
        last_size: 1,
        kitty: CardBag::EMPTY,
        kitty_points: 0,
        steps: 0,
    };
    // A = 100: the attackers (seats 0 and 2) are half a level over the line.
    assert_eq!(o.margins(), [0.5, -0.5, 0.5, -0.5]);
    assert_eq!(o.returns(), [0.0; 4]);
}

#[test]
fn greedy_beats_random_card_play() {
    // The greedy team (seats of `team`) against random play, from the first card.
    let mut gain = 0.0;
    for seed in 0..60u64 {
        let team = (seed % 2) as usize;
        let d = declaring(seed, 0, 0, false);
        let mut rng = Rng::new(seed);
        let mut table = finish_declaring(&d, &mut rng, Policy::Random);
        while let Some(p) = table.current_player() {
            if p % 2 == team {
                greedy_step(&mut table);
            } else {
                random_step(&mut table, &mut rng);
            }
        }
        gain += Outcome::of(&table, 0).returns()[team];
    }
    assert!(gain > 30.0, "greedy gained only {gain} levels in 60 deals");
}

fn random_hand(rng: &mut Rng, size: usize, avoid: CardBag) -> CardBag {
    let mut deck: Vec<Card> = CardBag::two_packs(true).difference(avoid).iter().collect();
    rng.shuffle(&mut deck);
    let mut h = CardBag::EMPTY;
    for c in deck.into_iter().take(size) {
        h.insert(c);
    }
    h
}

/// A table in play with `hand` (padded to 25 cards) for seat 1 facing `lead` from seat 0.
fn facing(lead: CardBag, hand: CardBag, trump: Trump) -> TractorTable {
    let mut spare: Vec<Card> = CardBag::two_packs(true)
        .difference(lead)
        .difference(hand)
        .iter()
        .collect();
    let mut hands = [lead, hand, CardBag::EMPTY, CardBag::EMPTY];
    for (s, h) in hands.iter_mut().enumerate() {
        let want = if s == 0 { 33 } else { 25 };
        while h.len() < want {
            h.insert(spare.pop().unwrap());
        }
    }
    let mut t = TractorTable::new(trump, 0, hands).unwrap();
    let mut kitty = CardBag::EMPTY;
    for c in t.hand(0).difference(lead).iter().take(8) {
        kitty.insert(c);
    }
    t.bury(0, kitty).unwrap();
    t.play(0, lead).unwrap();
    t
}

fn class_key(play: CardBag, in_suit_case: bool, trump: &Trump) -> (u32, u32) {
    let second = if in_suit_case {
        rules::pairs_of(play)
    } else {
        rules::restrict(play, trump.suit_mask(TRUMP)).len() as u32
    };
    (points(play), second)
}

fn keep_sum(play: CardBag, trump: &Trump) -> u32 {
    play.iter().map(|c| keep_value(c, trump)).sum()
}

#[test]
fn whole_plays_are_exact_when_few_and_legal_classes_when_narrowed() {
    let trump = l2h();
    let leads = [
        "9s",
        "9s 9s",
        "9s 9s Ts Ts",
        "4h 4h",
        "Qd Qd Kd Kd",
        "9s 9s Ts Ts Js Js",
    ];
    let mut rng = Rng::new(11);
    let mut narrowed_cases = 0;
    for round in 0..60 {
        let lead = bag(leads[round % leads.len()]);
        let size = 6 + (round % 20);
        let hand = random_hand(&mut rng, size, lead);
        let table = facing(lead, hand, trump);
        let hand = table.hand(1);
        let all = legal_follows(hand, lead, &trump, 1_000_000).unwrap();
        for limit in [usize::MAX / 2, 4] {
            let got = whole_plays(&table, limit);
            if all.len() <= limit {
                let mut a = all.clone();
                let mut g = got.clone();
                a.sort();
                g.sort();
                assert_eq!(a, g);
                continue;
            }
            narrowed_cases += 1;
            let mut seen = got.clone();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), got.len(), "duplicates");
            for p in &got {
                assert!(
                    follow_violation(hand, lead, *p, &trump).is_none(),
                    "{p} illegal"
                );
            }
            // Every winning contender is there.
            let (_, winner) = plays::current_winner(&table);
            for p in &all {
                if is_contender(lead, *p, &trump)
                    && rules::play_key(*p, &trump) > rules::play_key(winner, &trump)
                {
                    assert!(got.contains(p), "winning {p} missing");
                }
            }
            // Short or void: every (points, trumps) class once, with its cheapest play.
            let suit = common_suit(lead, &trump).unwrap();
            let in_suit = rules::restrict(hand, trump.suit_mask(suit)).len() >= lead.len();
            let mut best: BTreeMap<(u32, u32), u32> = BTreeMap::new();
            for p in &all {
                let e = best
                    .entry(class_key(*p, in_suit, &trump))
                    .or_insert(u32::MAX);
                *e = (*e).min(keep_sum(*p, &trump));
            }
            let beating = beating_follows(hand, lead, winner, &trump);
            let reps: Vec<CardBag> = got
                .iter()
                .copied()
                .filter(|p| !beating.contains(p))
                .collect();
            if !in_suit {
                for (key, cost) in &best {
                    let rep = got
                        .iter()
                        .find(|p| class_key(**p, false, &trump) == *key)
                        .unwrap_or_else(|| panic!("class {key:?} missing"));
                    if reps.contains(rep) {
                        assert_eq!(keep_sum(*rep, &trump), *cost, "class {key:?}");
                    }
                }
            } else {
                for r in &reps {
                    assert!(best.contains_key(&class_key(*r, true, &trump)));
                }
            }
        }
    }
    assert!(narrowed_cases > 20);
    // The void follower facing a tractor(3): 177,100 follows, a short list.
    let hand = bag("3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 3h");
    let lead = bag("9s 9s Ts Ts Js Js");
    let table = facing(lead, hand, trump);
    let got = whole_plays(&table, 64);
    assert!(got.len() < 200 && got.len() > 10, "{}", got.len());
}

#[test]
fn whole_plays_of_leads_and_buries() {
    let d = declaring(3, 0, 0, false);
    let mut rng = Rng::new(3);
    let mut table = finish_declaring(&d, &mut rng, Policy::Random);
    let buries = whole_plays(&table, 64);
    assert!(buries.len() > 5);
    for b in &buries {
        assert!(table.can_bury(0, *b).is_ok());
    }
    assert_eq!(buries[0], greedy_bury(table.hand(0), table.trump()));
    table.bury(0, buries[0]).unwrap();
    let leads = whole_plays(&table, 64);
    let mut all = legal_leads(table.hand(0), table.trump());
    let mut got = leads.clone();
    all.sort();
    got.sort();
    assert_eq!(all, got);
    // With a pending selection, every candidate contains it.
    let first = leads
        .iter()
        .find(|l| l.len() >= 2)
        .copied()
        .unwrap_or(leads[0]);
    let c = first.iter().next().unwrap();
    table.step(c).unwrap();
    if table.trick_len() == 0 {
        for p in whole_plays(&table, 64) {
            assert!(p.contains(c));
        }
    }
}

/// The step codes (card index, 54 = end) a random playout of `table` takes, recorded.
fn recorded_random(table: &mut TractorTable, rng: &mut Rng, steps: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..steps {
        match random_step(table, rng) {
            Some(s) => out.push(s),
            None => break,
        }
    }
    out
}

/// Replays `codes` (a table-phase record) on a fresh table for the deal `dealt` + `kitty`.
fn replay(
    trump: Trump,
    dealer: usize,
    dealt: [CardBag; 4],
    kitty: &[Card],
    codes: &[u8],
) -> TractorTable {
    let mut hands = dealt;
    for &c in kitty {
        hands[dealer].insert(c);
    }
    let mut t = TractorTable::new(trump, dealer, hands).unwrap();
    for &code in codes {
        if code == END_STEP {
            t.end().unwrap();
        } else {
            t.step(Card::from_index(code).unwrap()).unwrap();
        }
    }
    t
}

#[test]
fn resampled_tables_replay_and_keep_what_the_viewer_saw() {
    let mut checked = 0;
    for seed in 0..80u64 {
        let dealer = (seed % 4) as usize;
        let d = declaring(seed, (seed % 13) as u8, dealer, false);
        let d = d.replayed(&[None, None, None, None]).unwrap(); // kitty revealed (TR-3.9)
        let (trump, dealer, _) = d.outcome().unwrap();
        let mut rng = Rng::new(seed);
        let mut table = d.table().unwrap();
        let stop = 3 + rng.below(150) as usize;
        let codes = recorded_random(&mut table, &mut rng, stop);
        if table.phase() == Phase::Over {
            continue;
        }
        for viewer in 0..4 {
            let know = Knowledge {
                viewer,
                shown: [CardBag::EMPTY; 4],
                revealed: Some(*d.kitty()),
                own_dealt: d.hands()[viewer],
                own_kitty: (viewer == dealer).then_some(*d.kitty()),
            };
            let r = resample_table(&table, &know, &mut Rng::new(seed * 7 + viewer as u64)).unwrap();
            let new = r.table.clone().unwrap();
            assert_eq!(new.hand(viewer), table.hand(viewer));
            assert_eq!(r.dealt[viewer], d.hands()[viewer]);
            assert_eq!(&r.kitty, d.kitty(), "the revealed kitty stays");
            // The edited record replays on the new deal to the same public position.
            let mut edited: Vec<u8> = codes[..codes.len() - r.drop].to_vec();
            for &(at, insert) in r.edits.iter().rev() {
                if insert {
                    edited.insert(at, END_STEP);
                } else {
                    assert_eq!(edited.remove(at), END_STEP);
                }
            }
            if let Some(b) = &r.bury {
                for (k, c) in b.iter().enumerate() {
                    edited[k] = c.index();
                }
            }
            let again = replay(trump, dealer, r.dealt, &r.kitty, &edited);
            assert_eq!(again.hands(), new.hands());
            assert_eq!(again.kitty(), new.kitty());
            assert_eq!(again.selection(), new.selection());
            assert_eq!(again.trick_plays(), table.trick_plays());
            assert_eq!(again.history(), table.history());
            checked += 1;
        }
    }
    assert!(checked > 100);
}

#[test]
fn declaration_phase_redeals_keep_shown_cards_exactly() {
    // Seat 2 showed 2h (one copy; the other copy unseen by seat 0): seat 2 holds at least
    // one. Labelled-uniform odds that it holds both: P(both) / P(at least one).
    let d = fixed_declaring(["", "", "2h 2s 2s", ""], "", 0, true);
    let mut shown = [CardBag::EMPTY; 4];
    shown[2] = bag("2h 2s 2s");
    let own = d.hands()[0];
    let mut rng = Rng::new(4);
    let n = 40_000;
    let mut both = 0;
    for _ in 0..n {
        let (dealt, kitty) = resample_declaring(0, own, &shown, &mut rng).unwrap();
        assert_eq!(dealt[0], own);
        assert!(bag("2h 2s 2s").is_subset(dealt[2]));
        let mut all = CardBag::EMPTY;
        for h in dealt {
            all = all.checked_add(h).unwrap();
        }
        for c in kitty {
            assert!(all.insert(c));
        }
        assert_eq!(all, CardBag::two_packs(true));
        if dealt[2].count(Card::new(0, 2).unwrap()) == 2 {
            both += 1;
        }
    }
    // 83 unseen cards, 2s 2s pinned to seat 2: 81 places left, 23 of them in seat 2. Two
    // labelled copies of 2h: both there in 23 * 22 ways, one there in 2 * 23 * 58.
    let expected = 22.0 / (22.0 + 116.0);
    let share = both as f64 / n as f64;
    let sd = (expected * (1.0 - expected) / n as f64).sqrt();
    assert!((share - expected).abs() < 5.0 * sd, "{share} vs {expected}");
}

#[test]
fn lead_growth_in_closed_form_is_the_step_generator() {
    let mut rng = Rng::new(21);
    let mut grew = 0;
    for round in 0..3000 {
        let trump = Trump::new((round % 13) as u8, [Some(0), Some(2), None][round % 3]).unwrap();
        let hand = random_hand(&mut rng, 10 + round % 24, CardBag::EMPTY);
        for lead in legal_leads(hand, &trump) {
            let want = rules::lead_next_kinds(hand, lead, &trump).0 != 0;
            assert_eq!(lead_can_grow(hand, lead, &trump), want, "{hand} {lead}");
            grew += usize::from(want);
        }
    }
    assert!(grew > 1000);
}

#[test]
fn greedy_leads_towards_a_partner_ruff_when_it_has_no_sure_winner() {
    // Over random deals: whenever the leader has no sure winner and the partner is void in a
    // plain suit the leader holds a non-point card of, with trumps, while both opponents hold
    // that suit, the greedy lead is a single non-point card towards the partner's strength.
    let mut checked = 0;
    for seed in 0..400u64 {
        let d = declaring(seed, 0, 0, false);
        let mut rng = Rng::new(seed);
        let mut table = finish_declaring(&d, &mut rng, Policy::Greedy);
        let trump = *table.trump();
        let mut tricks = 0;
        while let Some(seat) = table.current_player() {
            if table.phase() == Phase::Play && table.lead().is_none() {
                let hand = table.hand(seat);
                let opps = [(seat + 1) % 4, (seat + 3) % 4];
                let sure = rules::legal_leads(hand, &trump)
                    .into_iter()
                    .any(|l| opps.iter().all(|&o| !can_beat(table.hand(o), l, l, &trump)));
                let partner = table.hand((seat + 2) % 4);
                let ruff_suit = |s: u8| {
                    let mask = trump.suit_mask(s);
                    rules::restrict(partner, mask).is_empty()
                        && !rules::restrict(partner, trump.suit_mask(TRUMP)).is_empty()
                        && opps
                            .iter()
                            .all(|&o| !rules::restrict(table.hand(o), mask).is_empty())
                        && rules::restrict(hand, mask)
                            .iter()
                            .any(|c| card_points(c) == 0)
                };
                if !sure && (0..4u8).filter(|&s| Some(s) != trump.suit()).any(ruff_suit) {
                    let lead = greedy_lead(&table);
                    assert_eq!(lead.len(), 1, "seed {seed} trick {tricks}");
                    let c = lead.iter().next().unwrap();
                    let s = trump.suit_of(c);
                    let best = |h: CardBag| {
                        rules::restrict(h, trump.suit_mask(s))
                            .kinds()
                            .iter()
                            .map(|k| trump.position(k))
                            .max()
                    };
                    let takes = best(partner).is_some_and(|p| {
                        opps.iter().all(|&o| match best(table.hand(o)) {
                            Some(q) => q < p,
                            None => {
                                rules::restrict(table.hand(o), trump.suit_mask(TRUMP)).is_empty()
                            }
                        })
                    });
                    assert_eq!(card_points(c), 0, "seed {seed} trick {tricks}");
                    assert!(
                        s != TRUMP && (ruff_suit(s) || takes),
                        "seed {seed} trick {tricks}"
                    );
                    checked += 1;
                }
                tricks += 1;
            }
            greedy_step(&mut table);
        }
    }
    assert!(checked >= 5, "only {checked} positions exercised the rule");
}
