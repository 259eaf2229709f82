//! Tests of the climbing engine: the rules files' test vectors and property tests.

mod dou_dizhu;
mod five_ten_king;
mod properties;
mod red_ten;
mod zheng_shangyou;

use super::*;
use crate::cards::CardSet;

/// Parses card text (panics on bad text: test input).
pub(super) fn cs(text: &str) -> CardSet {
    CardSet::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The single interpretation of `text` under `ruleset` (panics if not exactly one).
pub(super) fn one(ruleset: Ruleset, text: &str) -> Combo {
    let found = classify(ruleset, cs(text));
    assert_eq!(found.len(), 1, "{text}: {found:?}");
    found[0]
}
