//! The checks behind cardavia's fuzz targets, one function per target.
//!
//! Each takes arbitrary bytes (text targets read them as UTF-8, invalid sequences replaced by
//! U+FFFD) and asserts what must hold for *every* input: no panic, no hang, and the parser's
//! result is consistent with itself (canonical text parses back to the same value, positions lie
//! in the text, a set parse fails exactly when a card repeats, batch results equal single
//! evaluations). A failed assertion is a bug that libFuzzer reports with the input.
//!
//! The PBN and PHH record readers are Python (`cardavia.games.bridge.from_pbn`,
//! `cardavia.games.holdem.from_phh`); they are not fuzzed here.

use cardavia_core::cards::{
    format_cards, parse_cards, parse_cards_with_positions, Card, CardBag, CardSet,
};
use cardavia_core::climbing::guandan::{parse_rank, rank_text, GdKind};
use cardavia_core::poker::{
    evaluate_batch_indices, evaluate_batch_masks, evaluate_indices, evaluate_mask, parse_range,
};
use cardavia_core::tricks::bridge::{Call, Contract, Vulnerability};
use cardavia_core::CardError;
use std::collections::HashSet;

fn text_of(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

fn check_card_error(e: &CardError, chars: usize) {
    assert!(
        e.position <= chars,
        "error position {} past the text",
        e.position
    );
    assert!(!e.reason.is_empty());
    assert!(e.to_string().contains(&e.reason));
}

/// Card text: `parse_cards`, `parse_cards_with_positions`, `Card::from_str`, `CardSet::parse`,
/// `CardBag::parse`.
pub fn card_text(data: &[u8]) {
    let text = text_of(data);
    let chars = text.chars().count();
    let parsed = parse_cards_with_positions(&text);
    assert_eq!(
        parse_cards(&text).ok(),
        parsed
            .as_ref()
            .ok()
            .map(|v| v.iter().map(|&(c, _)| c).collect::<Vec<_>>())
    );
    let cards = match parsed {
        Ok(with_positions) => {
            for pair in with_positions.windows(2) {
                assert!(pair[0].1 < pair[1].1, "positions must increase");
            }
            assert!(with_positions.iter().all(|&(_, p)| p < chars));
            with_positions
                .into_iter()
                .map(|(c, _)| c)
                .collect::<Vec<_>>()
        }
        Err(e) => {
            assert!(!e.token.is_empty(), "a parse error names its token");
            check_card_error(&e, chars);
            assert!(text.parse::<Card>().is_err());
            assert!(CardSet::parse(&text).is_err() && CardBag::parse(&text).is_err());
            return;
        }
    };
    // The canonical text, with or without separators, reads back as the same cards.
    assert_eq!(
        parse_cards(&format_cards(cards.iter().copied())).unwrap(),
        cards
    );
    let glued: String = cards.iter().map(|c| c.to_string()).collect();
    assert_eq!(parse_cards(&glued).unwrap(), cards);
    match text.parse::<Card>() {
        Ok(c) => assert_eq!(cards, [c]),
        Err(e) => {
            assert_ne!(cards.len(), 1);
            check_card_error(&e, chars);
        }
    }
    let mut counts = [0usize; 54];
    for c in &cards {
        counts[c.index() as usize] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(0);
    match CardSet::parse(&text) {
        Ok(set) => {
            assert!(most <= 1);
            assert_eq!(set.len(), cards.len());
            assert!(cards.iter().all(|&c| set.contains(c)));
            assert_eq!(CardSet::parse(&set.to_string()).unwrap(), set);
        }
        Err(e) => {
            assert!(most > 1);
            check_card_error(&e, chars);
        }
    }
    match CardBag::parse(&text) {
        Ok(bag) => {
            assert!(most <= 2);
            assert_eq!(bag.len(), cards.len());
            assert!(Card::all().all(|c| bag.count(c) as usize == counts[c.index() as usize]));
            assert_eq!(CardBag::parse(&bag.to_string()).unwrap(), bag);
        }
        Err(e) => {
            assert!(most > 2);
            check_card_error(&e, chars);
        }
    }
}

/// Hold'em range text: `parse_range`.
pub fn range_text(data: &[u8]) {
    let text = text_of(data);
    let range = match parse_range(&text) {
        Ok(r) => r,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    assert!(!range.is_empty() && range.len() <= 1326);
    let mut seen = HashSet::new();
    for &(a, b) in range.combos() {
        assert!(a > b, "the higher card comes first: {a}{b}");
        assert!(!a.is_joker() && !b.is_joker());
        assert!(seen.insert((a, b)), "combo {a}{b} listed twice");
    }
    // Written out as explicit holdings, the range reads back to the same combos in order.
    let explicit: Vec<String> = range
        .combos()
        .iter()
        .map(|(a, b)| format!("{a}{b}"))
        .collect();
    assert_eq!(parse_range(&explicit.join(",")).unwrap(), range);
}

/// The short records of the core: Bridge calls, contracts and vulnerabilities, Guandan
/// combination kinds and ranks. Whatever parses prints back to text that parses to it again.
pub fn record_text(data: &[u8]) {
    let text = text_of(data);
    if let Ok(call) = Call::parse(&text) {
        assert_eq!(Call::parse(&call.to_string()).unwrap(), call);
        if let (Some(level), Some(strain)) = (call.level(), call.strain()) {
            assert_eq!(Call::bid(level, strain), Some(call));
        }
    }
    if let Ok(contract) = Contract::parse(&text) {
        assert!((1..=7).contains(&contract.level) && contract.strain <= 4);
        assert!(contract.doubling <= 2);
        assert_eq!(Contract::parse(&contract.to_string()).unwrap(), contract);
    }
    if let Ok(v) = Vulnerability::parse(&text) {
        assert_eq!(Vulnerability::parse(v.name()).unwrap(), v);
    }
    if let Some(kind) = GdKind::parse(&text) {
        for name in [kind.id(), kind.rule_name(), kind.short()] {
            assert_eq!(GdKind::parse(name), Some(kind));
        }
    }
    if let Some(rank) = parse_rank(&text) {
        assert!(rank <= 14);
        assert_eq!(parse_rank(rank_text(rank)), Some(rank));
    }
}

fn valid_row(row: &[u8]) -> bool {
    let mut seen = 0u64;
    for &c in row {
        if c >= 52 || seen & (1 << c) != 0 {
            return false;
        }
        seen |= 1 << c;
    }
    true
}

/// The batch evaluator (vector kernel included where the CPU has AVX2): rows of card indices
/// and masks, valid or not. The first byte picks the row length (5, 6 or 7); the rest are rows.
pub fn eval_batch(data: &[u8]) {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let k = 5 + (head % 3) as usize;
    let rows = &rest[..rest.len() / k * k];
    let n = rows.len() / k;
    let mut out = vec![0u16; n];
    let first_bad = rows.chunks(k).position(|r| !valid_row(r));
    match (evaluate_batch_indices(rows, k, &mut out, 1), first_bad) {
        (Ok(()), None) => {
            for (row, &s) in rows.chunks(k).zip(&out) {
                assert_eq!(s, evaluate_indices(row));
            }
            // The same hands as masks give the same strengths.
            let masks: Vec<u64> = rows
                .chunks(k)
                .map(|r| r.iter().fold(0u64, |m, &c| m | 1 << c))
                .collect();
            let mut by_mask = vec![0u16; n];
            evaluate_batch_masks(&masks, &mut by_mask, 1).unwrap();
            assert_eq!(by_mask, out);
            assert!(masks.iter().zip(&out).all(|(&m, &s)| evaluate_mask(m) == s));
        }
        (Err(e), Some(bad)) => {
            let msg = e.to_string();
            assert!(
                msg.starts_with(&format!("row {bad}: ")),
                "{msg} (first bad row {bad})"
            );
        }
        (r, bad) => panic!("batch result {r:?} but first invalid row {bad:?}"),
    }
    // Raw 64-bit masks: mostly invalid; the error names the first invalid one.
    let raw: Vec<u64> = rest
        .chunks_exact(8)
        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")) & ((1 << 54) - 1))
        .collect();
    let mut out = vec![0u16; raw.len()];
    let first_bad = raw
        .iter()
        .position(|&m| cardavia_core::poker::check_mask(m).is_err());
    match (evaluate_batch_masks(&raw, &mut out, 1), first_bad) {
        (Ok(()), None) => assert!(raw.iter().zip(&out).all(|(&m, &s)| evaluate_mask(m) == s)),
        (Err(e), Some(bad)) => assert!(e.to_string().starts_with(&format!("row {bad}: "))),
        (r, bad) => panic!("mask batch result {r:?} but first invalid mask {bad:?}"),
    }
}
