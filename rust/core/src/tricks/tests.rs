//! Tests of the trick-taking kernel and of the bridge and smear engines, citing rule ids.

use super::bridge::{self, Auction, BridgeDeal, Call, Contract, Vulnerability};
use super::smear::{self, Action, Phase, SmearDeal};
use super::*;
use crate::cards::{parse_cards, Card, CardSet};
use crate::rng::Rng;
use crate::tricks::trump::SUIT_MASKS;

fn card(s: &str) -> Card {
    s.parse().unwrap()
}
fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}
fn set(s: &str) -> CardSet {
    CardSet::parse(s).unwrap()
}
const H: u8 = 2;
const S: u8 = 3;

#[test]
fn bridge_trick_winners_br_tv_p01_to_p07() {
    // (trump rules, cards in play order, index of the winner in play order)
    let cases = [
        ("BR-TV-P01", TrumpRules::suit(H), "5s Ks As 2h", 3),
        ("BR-TV-P02", TrumpRules::suit(S), "Ad 3s 4d 7s", 3),
        ("BR-TV-P03", TrumpRules::no_trump(), "Qd 2c Kd 3d", 2),
        ("BR-TV-P04", TrumpRules::suit(0), "Kh Ah 2h 3h", 1),
        ("BR-TV-P05", TrumpRules::suit(S), "9c 2d Tc Jc", 3),
        ("BR-TV-P06", TrumpRules::no_trump(), "2h 3h As 4h", 3),
        ("BR-TV-P07", TrumpRules::suit(H), "Kc Qh Ah 3c", 2),
    ];
    for (id, rules, play, want) in cases {
        assert_eq!(rules.winner(&cards(play)), want, "{id}");
    }
}

#[test]
fn smear_trick_winners_sm_4_5_and_vectors() {
    let r = TrumpRules::smear(H);
    let cases = [
        ("SM-TV-17", "Kd Jd Ad 2h", 1),
        ("SM-TV-18", "9h SJ BJ Th", 1),
        ("SM-TV-19", "9h BJ SJ Th", 1),
        ("SM-TV-20", "4h BJ Jd SJ", 2),
        ("SM-TV-21", "2c 3s Kc 2h", 3),
        ("SM-4.5 As", "As Ks 2s Qs", 0),
        ("SM-4.5 Ah", "Jh Jd Ah SJ", 2),
        ("SM-TV-25", "Qs Kc 9s 4s", 0),
    ];
    for (id, play, want) in cases {
        assert_eq!(r.winner(&cards(play)), want, "{id}");
    }
    // SM-2.4: the jick is a trump, not a diamond; jokers are trumps.
    assert_eq!(r.jick(), Some(card("Jd")));
    assert_eq!(r.effective_suit(card("Jd")), H);
    assert_eq!(r.effective_suit(card("SJ")), H);
    assert_eq!(r.trumps().len(), 16);
    assert_eq!(r.suit_cards(1).len(), 12);
    assert_eq!(TrumpRules::smear(S).jick(), Some(card("Jc")));
    assert_eq!(TrumpRules::smear(0).jick(), Some(card("Js")));
    assert_eq!(TrumpRules::smear(1).jick(), Some(card("Jh")));
}

const SMEAR_IDS: RuleIds = RuleIds {
    turn: "SM-5.2",
    not_held: "SM-5.2",
    follow: "SM-4.3",
    forced: "SM-5.4",
    over: "SM-5.5",
};

fn smear_table(hands: [&str; 4], leader: usize) -> TrickState {
    let hands: Vec<CardSet> = hands.iter().map(|h| set(h)).collect();
    TrickState::new(TrumpRules::smear(H), SMEAR_IDS, &hands, leader).unwrap()
}

#[test]
fn smear_following_sm_tv_22_23_24() {
    // SM-TV-22: Qd led; S1 holds 5d Jd Ac: only 5d.
    let mut t = smear_table(["Qd 2c 3c", "5d Jd Ac", "4s 5s 6s", "7s 8s 9s"], 0);
    t.play(0, card("Qd")).unwrap();
    assert_eq!(t.legal_cards(), set("5d"), "SM-TV-22");
    assert_eq!(t.can_play(1, card("Jd")).unwrap_err().rule, "SM-4.3");
    // SM-TV-23: SJ led: 4h is the only legal card.
    let mut t = smear_table(["SJ 2c 3c", "4h Ac Kc", "4s 5s 6s", "7s 8s 9s"], 0);
    t.play(0, card("SJ")).unwrap();
    assert_eq!(t.legal_cards(), set("4h"), "SM-TV-23");
    // SM-TV-24: 7h led, S1's only trump is Jd: must play it.
    let mut t = smear_table(["7h 2c 3c", "Jd Ac Kc", "4s 5s 6s", "7s 8s 9s"], 0);
    t.play(0, card("7h")).unwrap();
    assert_eq!(t.legal_cards(), set("Jd"), "SM-TV-24");
    // The jick does not count as a diamond (SM-4.3): void in diamonds -> anything.
    let mut t = smear_table(["7d 2c 3c", "Jd Ac Kc", "4s 5s 6s", "7s 8s 9s"], 0);
    t.play(0, card("7d")).unwrap();
    assert_eq!(t.legal_cards(), set("Jd Ac Kc"));
}

#[test]
fn forced_card_overrides_following_sm_tv_15() {
    let mut t = smear_table(["4s 2c", "Kd 5s", "6s 7s", "8s 9s"], 0);
    t.set_forced_card(1, card("Kd")).unwrap();
    t.play(0, card("4s")).unwrap();
    assert_eq!(t.legal_cards(), set("Kd"));
    assert_eq!(t.can_play(1, card("5s")).unwrap_err().rule, "SM-5.4");
    t.play(1, card("Kd")).unwrap();
}

#[test]
fn trick_state_turns_and_winner_leads() {
    let mut t = smear_table(["2h 3c", "Ah 4c", "5s 6s", "7s 8s"], 0);
    assert_eq!(t.can_play(1, card("Ah")).unwrap_err().rule, "SM-5.2");
    assert_eq!(t.can_play(0, card("Ah")).unwrap_err().rule, "SM-5.2");
    for c in ["2h", "Ah", "5s", "7s"] {
        t.play(t.current_player().unwrap(), card(c)).unwrap();
    }
    assert_eq!(t.current_player(), Some(1), "SM-5.3: the winner leads");
    assert_eq!(t.captured(1), set("2h Ah 5s 7s"));
    assert_eq!(t.tricks_won(1), 1);
}

#[test]
fn playouts_do_not_depend_on_threads() {
    let mut rng = Rng::new(3);
    let hands = bridge::random_deal(&mut rng);
    let ids = RuleIds {
        turn: "BR-4.4",
        not_held: "BR-4.4",
        follow: "BR-4.5",
        forced: "BR-4.5",
        over: "BR-4.8",
    };
    let t = TrickState::new(TrumpRules::suit(S), ids, &hands, 3).unwrap();
    let one = playouts(&t, 200, 9, 1);
    let three = playouts(&t, 200, 9, 3);
    assert_eq!(one, three);
    for o in &one {
        assert_eq!(o.tricks_won[..4].iter().sum::<u8>(), 13);
        let all = o.captured[..4]
            .iter()
            .fold(CardSet::EMPTY, |a, c| a.union(*c));
        assert_eq!(all.len(), 52);
    }
    let a = bridge::simulate(300, Vulnerability::Both, 5, 1);
    let b = bridge::simulate(300, Vulnerability::Both, 5, 2);
    assert_eq!(a, b);
    let a = smear::simulate(5, 100, 5, 1).unwrap();
    let b = smear::simulate(5, 100, 5, 2).unwrap();
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.points, y.points);
    }
}

fn auction(calls: &str) -> Result<Auction, (usize, &'static str)> {
    let mut a = Auction::new();
    for (k, c) in calls.split_whitespace().enumerate() {
        let seat = a.to_call().unwrap_or(0);
        a.call(seat, Call::parse(c).unwrap())
            .map_err(|v| (k, v.rule))?;
    }
    Ok(a)
}

#[test]
fn auctions_br_tv_a01_to_a22() {
    // (id, calls from South, contract, declarer)
    let cases = [
        ("BR-TV-A01", "1H P 2H P 4H P P P", "4H", 2),
        ("BR-TV-A03", "P P P 1C P P P", "1C", 1),
        ("BR-TV-A04", "1C P P P", "1C", 2),
        ("BR-TV-A05", "1C 1S 2H P 4H P P P", "4H", 0),
        ("BR-TV-A06", "1D P 1NT P 3NT P P P", "3NT", 0),
        ("BR-TV-A07", "1S P 2D P 2H P 2NT P 3D P 3NT P P P", "3NT", 0),
        ("BR-TV-A08", "1H P 1S P 2H P 2S P P P", "2S", 0),
        ("BR-TV-A09", "1C P 1H 2C P 3C P P P", "3C", 1),
        ("BR-TV-A10", "1H 2C 2H 3C P P P", "3C", 3),
        ("BR-TV-A11", "1NT X XX P P P", "1NTXX", 2),
        ("BR-TV-A12", "1NT X P P P", "1NTX", 2),
        ("BR-TV-A13", "1H P P X P P P", "1HX", 2),
        ("BR-TV-A14", "1H X P P XX P P P", "1HXX", 2),
        ("BR-TV-A15", "1C P P X P P P", "1CX", 2),
        ("BR-TV-A16", "1H X 2H P P P", "2H", 2),
        ("BR-TV-A17", "1H P P X XX P P 2C X P P P", "2CX", 1),
        ("BR-TV-A18", "1S 2H P P X P P P", "2HX", 3),
        ("BR-TV-A19", "P 1S P 2S P 4S X P P P", "4SX", 3),
        ("BR-TV-A20", "2S P 4S X P P XX P P P", "4SXX", 2),
        ("BR-TV-A21", "1NT 2C X P P XX P P P", "2CXX", 3),
        ("BR-TV-A22", "7NT X XX P P P", "7NTXX", 2),
    ];
    for (id, calls, contract, declarer) in cases {
        let a = auction(calls).unwrap_or_else(|e| panic!("{id}: {e:?}"));
        assert!(a.is_over(), "{id}");
        let (c, d) = a.contract().unwrap();
        assert_eq!((c.to_string().as_str(), d), (contract, declarer), "{id}");
    }
    let a = auction("P P P P").unwrap();
    assert!(a.passed_out(), "BR-TV-A02");
    let a = auction("P P P").unwrap();
    assert_eq!(a.to_call(), Some(bridge::EAST), "BR-TV-A31");
}

#[test]
fn illegal_calls_br_tv_a23_to_a30() {
    let cases = [
        ("BR-TV-A23", "1S 1H", 1),
        ("BR-TV-A24", "7NT P 7NT", 2),
        ("BR-TV-A25", "1H P X", 2),
        ("BR-TV-A26", "P X", 1),
        ("BR-TV-A27", "1H X X", 2),
        ("BR-TV-A28", "1H X XX X", 3),
        ("BR-TV-A29", "1H X P XX", 3),
        ("BR-TV-A30", "1H P P P P", 4),
    ];
    for (id, calls, at) in cases {
        let (k, rule) = auction(calls).map(|_| (99, "")).unwrap_err();
        assert_eq!(k, at, "{id}");
        assert!(rule.starts_with("BR-3."), "{id}: {rule}");
    }
}

#[test]
fn scores_br_5_8() {
    let table = [
        ("BR-TV-S01", "4S", false, 10, 420),
        ("BR-TV-S02", "3NT", true, 10, 630),
        ("BR-TV-S03", "1NTX", false, 8, 280),
        ("BR-TV-S04", "6H", true, 12, 1430),
        ("BR-TV-S05", "4SX", false, 7, -500),
        ("BR-TV-S06", "7NTXX", true, 13, 2980),
        ("BR-TV-S33", "3HX", false, 3, -1400),
        ("BR-TV-S35", "6NTXX", false, 8, -1600),
        ("BR-TV-S36", "7NTX", true, 0, -3800),
    ];
    for (id, c, vul, tricks, want) in table {
        let v = if vul {
            Vulnerability::Both
        } else {
            Vulnerability::None
        };
        let s = bridge::score(Contract::parse(c).unwrap(), bridge::SOUTH, v, tricks).unwrap();
        assert_eq!(s.declarer_side, want, "{id}");
        assert_eq!(s.ns, want, "{id}");
        let e = bridge::score(Contract::parse(c).unwrap(), bridge::EAST, v, tricks).unwrap();
        assert_eq!(e.ns, -want, "{id} from EW");
    }
    assert!(Contract::parse("8S").is_err());
    assert!(Contract::parse("4Z").is_err());
}

#[test]
fn dummy_is_played_by_declarer_br_tv_p12() {
    let mut rng = Rng::new(1);
    let hands = bridge::random_deal(&mut rng);
    let mut d = BridgeDeal::new(hands, Vulnerability::None).unwrap();
    for c in ["P", "P", "4H", "P", "P", "P"] {
        let seat = d.current_player().unwrap();
        d.call(seat, Call::parse(c).unwrap()).unwrap();
    }
    // S P, W P, N 4H: declarer N, dummy S, E leads.
    assert_eq!(d.declarer(), Some(bridge::NORTH));
    assert_eq!(d.current_player(), Some(bridge::EAST));
    assert!(!d.dummy_exposed());
    let lead = d.legal_cards().iter().next().unwrap();
    d.play_card(bridge::EAST, lead).unwrap();
    assert!(d.dummy_exposed(), "BR-4.2");
    assert_eq!(d.seat_to_play(), Some(bridge::SOUTH));
    assert_eq!(d.current_player(), Some(bridge::NORTH), "BR-4.3");
    let c = d.legal_cards().iter().next().unwrap();
    assert_eq!(d.can_play(bridge::SOUTH, c).unwrap_err().rule, "BR-4.9");
    d.play_card(bridge::NORTH, c).unwrap();
    assert!(!d.hands()[bridge::SOUTH].contains(c));
}

fn smear_deal_4p() -> SmearDeal {
    let mut rng = Rng::new(11);
    SmearDeal::random(4, 0, &mut rng).unwrap()
}

#[test]
fn smear_bidding_sm_tv_01_to_05() {
    let mut d = smear_deal_4p();
    for a in [Action::Pass, Action::Bid(5), Action::Pass, Action::Bid(7)] {
        d.apply(a).unwrap();
    }
    assert_eq!(d.contract(), Some((0, 7)), "SM-TV-01");
    let mut d = smear_deal_4p();
    d.apply(Action::Bid(4)).unwrap();
    d.apply(Action::Bid(10)).unwrap();
    assert_eq!(d.contract(), Some((2, 10)), "SM-TV-02");
    assert_eq!(d.phase(), Phase::Trump);
    let mut d = smear_deal_4p();
    for _ in 0..4 {
        d.apply(Action::Pass).unwrap();
    }
    assert_eq!(d.phase(), Phase::AllPassed, "SM-TV-03");
    let mut d = smear_deal_4p();
    assert_eq!(
        d.check(Action::Bid(3)).unwrap_err().rule,
        "SM-3.5",
        "SM-TV-05"
    );
    d.apply(Action::Bid(6)).unwrap();
    for b in [6, 3, 11] {
        assert_eq!(
            d.check(Action::Bid(b)).unwrap_err().rule,
            "SM-3.5",
            "SM-TV-04"
        );
    }
}

#[test]
fn smear_discards_keep_trumps_sm_3_10() {
    let mut rng = Rng::new(2);
    for players in [4, 5, 6] {
        for _ in 0..50 {
            let mut d = SmearDeal::random(players, 1, &mut rng).unwrap();
            d.apply(Action::Bid(5)).unwrap();
            while d.phase() == Phase::Bidding {
                d.apply(Action::Pass).unwrap();
            }
            d.apply(Action::Trump(H)).unwrap();
            let before: Vec<CardSet> = d.hands();
            while d.phase() == Phase::Discard {
                let a = d.random_action(&mut rng).unwrap();
                d.apply(a).unwrap();
            }
            let trumps = TrumpRules::smear(H).trumps();
            for (seat, hand) in d.hands().iter().enumerate() {
                assert_eq!(hand.len(), 6);
                let k = before[seat].intersection(trumps).len();
                assert_eq!(hand.intersection(trumps).len(), k.min(6), "SM-3.10");
            }
        }
    }
}

#[test]
fn smear_points_at_most_ten_and_sides() {
    for players in [4, 5, 6] {
        for s in smear::simulate(players, 300, 77, 1).unwrap() {
            let p = s.points;
            let total: u32 = p.totals[..p.num_sides].iter().sum();
            assert!(total <= 10, "SM-1.3");
            assert!(p.high.is_some() && p.low.is_some(), "SM-6.1");
            let played: usize = (0..players)
                .map(|seat| s.deal.play().unwrap().captured(seat).len())
                .sum();
            assert_eq!(played, 6 * players);
        }
    }
}

// ---- search: resample, playouts, greedy policies -------------------------------------------

/// A bridge deal after `steps` random actions (calls and cards), seeded.
fn bridge_after(seed: u64, steps: usize) -> BridgeDeal {
    let mut rng = Rng::new(seed);
    let mut d = BridgeDeal::new(bridge::random_deal(&mut rng), Vulnerability::None).unwrap();
    for _ in 0..steps {
        if !d.policy_step(Policy::Random, &mut rng) {
            break;
        }
    }
    d
}

#[test]
#[allow(clippy::needless_range_loop)] // seats index several arrays at once
fn bridge_resample_keeps_the_view_br_4_9() {
    for seed in 0..40 {
        for steps in [0, 5, 20, 40, 60] {
            let d = bridge_after(seed, steps);
            if d.phase() == bridge::Phase::Over {
                continue;
            }
            let (played, voids) = d.played_and_voids();
            for viewer in 0..4 {
                let r = d
                    .resample(viewer, &mut Rng::new(seed * 100 + steps as u64))
                    .unwrap();
                let known = d.visible_seats(viewer);
                assert_eq!(r.auction().calls(), d.auction().calls());
                assert_eq!(r.played_and_voids().0, played);
                for s in 0..4 {
                    assert_eq!(r.hands()[s].len(), d.hands()[s].len());
                    if known >> s & 1 == 1 {
                        assert_eq!(r.hands()[s], d.hands()[s]);
                    }
                    for suit in 0..4 {
                        if voids[s] >> suit & 1 == 1 {
                            let cards = r.hands()[s].intersection(CardSet(SUIT_MASKS[suit]));
                            assert!(cards.is_empty(), "BR-4.5: seat {s} showed out");
                        }
                    }
                }
                assert_eq!(r.current_player(), d.current_player());
            }
        }
    }
}

#[test]
fn bridge_playouts_are_seeded_and_in_returns_units() {
    for steps in [0, 30] {
        let d = bridge_after(7, steps);
        for policy in [Policy::Random, Policy::Greedy] {
            let one = d.playout_returns(0, 100, policy, 3, 1);
            let two = d.playout_returns(0, 100, policy, 3, 2);
            assert_eq!(one, two);
            let split = [
                d.playout_returns(0, 40, policy, 3, 1),
                d.playout_returns(40, 60, policy, 3, 2),
            ]
            .concat();
            assert_eq!(one, split);
            for row in one.chunks(4) {
                assert_eq!((row[0], row[1], row[2]), (row[2], -row[0], row[0]));
            }
        }
        // The greedy policy is deterministic: every playout is the same.
        let g = d.playout_returns(0, 5, Policy::Greedy, 1, 1);
        assert!(g.chunks(4).all(|r| r == &g[..4]));
    }
}

#[test]
fn greedy_bridge_auctions_end_in_natural_contracts() {
    let mut rng = Rng::new(1);
    let mut played = 0;
    let mut made = 0;
    for _ in 0..500 {
        let mut d = BridgeDeal::new(bridge::random_deal(&mut rng), Vulnerability::None).unwrap();
        d.play_out(Policy::Greedy, &mut rng);
        assert_eq!(d.phase(), bridge::Phase::Over);
        if let Some((c, _)) = d.contract() {
            played += 1;
            assert!(
                c.doubling == 0 || c.level >= 2,
                "penalty doubles only of level 2+"
            );
            made += (d.declarer_tricks().unwrap() >= c.target()) as usize;
        }
    }
    assert!(played > 450, "few deals pass out: {played}");
    assert!(
        made * 10 > played * 4,
        "contracts the greedy play makes: {made}/{played}"
    );
}

#[test]
#[allow(clippy::needless_range_loop)] // seats index several arrays at once
fn smear_resample_keeps_the_view_and_sm_3_10() {
    for players in 4..=6 {
        for seed in 0..25u64 {
            let mut rng = Rng::new(seed);
            let mut d = SmearDeal::random(players, seed as usize % players, &mut rng).unwrap();
            let mut step = 0;
            while d.current_player().is_some() {
                if step % 3 == 0 {
                    for viewer in 0..players {
                        let r = d.resample(viewer, &mut Rng::new(seed + step)).unwrap();
                        assert_eq!(r.bids(), d.bids());
                        assert_eq!(r.trump(), d.trump());
                        assert_eq!(r.partner(), d.partner());
                        assert_eq!(r.hands()[viewer], d.hands()[viewer]);
                        assert_eq!(r.discards(viewer), d.discards(viewer));
                        assert_eq!(r.current_player(), d.current_player());
                        if let Some(rules) = r.rules() {
                            for s in 0..players {
                                // SM-3.10: trumps discarded only by a player keeping six.
                                let kept =
                                    r.hands()[s].union(r.play().map_or(CardSet::EMPTY, |p| {
                                        p.plays()
                                            .iter()
                                            .filter(|(by, _)| *by == s)
                                            .map(|(_, c)| *c)
                                            .collect()
                                    }));
                                if !r.discards(s).intersection(rules.trumps()).is_empty() {
                                    assert!(kept.intersection(rules.trumps()).len() >= 6);
                                }
                            }
                        }
                    }
                }
                if !d.policy_step(Policy::Random, &mut rng) || d.phase() == Phase::AllPassed {
                    break;
                }
                step += 1;
            }
        }
    }
}

#[test]
#[allow(clippy::needless_range_loop)] // seats index several arrays at once
fn smear_returns_settle_sm_6_4() {
    let mut rng = Rng::new(4);
    for players in 4..=6 {
        for _ in 0..50 {
            let mut d = SmearDeal::random(players, 0, &mut rng).unwrap();
            d.play_out(Policy::Greedy, &mut rng);
            let p = d.points().unwrap();
            let (bidder, bid) = d.contract().unwrap();
            let r = d.returns().unwrap();
            let side = d.side_of(bidder);
            let expected = if p.totals[side] >= bid as u32 {
                p.totals[side] as i32
            } else {
                -(bid as i32)
            };
            assert_eq!(r[bidder], expected);
            for s in 0..players {
                if d.side_of(s) != side {
                    assert_eq!(r[s], p.totals[d.side_of(s)] as i32, "SM-6.5");
                }
            }
        }
    }
}

#[test]
fn calls_of_level_zero_or_eight_are_refused_not_overflowed() {
    // Issue 18: `Call::bid(0, _)` computed `5 * (level - 1)` before checking the level.
    for strain in 0..=5 {
        assert_eq!(Call::bid(0, strain), None);
        assert_eq!(Call::bid(8, strain), None);
    }
    assert_eq!(Call::bid(7, 5), None);
    for text in ["0C", "0NT", "0n", " 0s ", "8D", "9NT"] {
        let err = Call::parse(text).unwrap_err().to_string();
        assert!(err.contains("1C..7NT"), "{text}: {err}");
    }
    assert_eq!(Call::bid(1, 0).and_then(|c| c.level()), Some(1));
    assert_eq!(Call::bid(7, 4).and_then(|c| c.strain()), Some(4));
}
