//! Hold'em hand ranges in the usual notation.
//!
//! A range is a set of *combos*: two distinct ordinary cards (jokers are never used in poker,
//! HE-1.1). Items, separated by commas and/or whitespace:
//!
//! | Item | Meaning | Combos |
//! |---|---|---|
//! | `AhKd`, `10h9h` | one explicit holding | 1 |
//! | `QQ` | a pair | 6 |
//! | `AKs` / `KQo` / `AK` | two ranks, suited / offsuit / both | 4 / 12 / 16 |
//! | `QQ+` | that pair and every higher pair (`QQ KK AA`) | 18 |
//! | `A2s+`, `ATo+`, `K9+` | the second rank raised up to one below the first (`A2s`..`AKs`) | |
//! | `JJ-88` | the pairs from one end to the other | 24 |
//! | `KTs-K7s` | same first rank, second rank from one end to the other | |
//! | `76s-54s` | same gap, both ranks moving together (`76s 65s 54s`) | 12 |
//! | `random` (or `any`) | all 1326 combos | 1326 |
//!
//! Ranks are `2-9 T J Q K A` in either case and may be written in either order (`KA` = `AK`);
//! `s`/`o` may be upper case. Duplicates across items are merged (the first occurrence keeps its
//! place). Each combo is stored with its higher card (by index: rank, then suit `c < d < h < s`)
//! first.

use crate::cards::{parse_cards, Card, RANK_CHARS};
use crate::error::{invalid, Error};

/// A set of two-card holdings (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    combos: Vec<(Card, Card)>,
}

impl Range {
    /// The combos, in the order first written, each with its higher card first.
    pub fn combos(&self) -> &[(Card, Card)] {
        &self.combos
    }

    /// Number of combos.
    pub fn len(&self) -> usize {
        self.combos.len()
    }

    /// Always false for a range returned by [`parse_range`] (an empty range is an error).
    pub fn is_empty(&self) -> bool {
        self.combos.is_empty()
    }
}

/// Which suit combinations a two-rank item covers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Suits {
    Suited,
    Offsuit,
    Both,
}

/// A pair (`hi == lo`) or two ranks (`hi > lo`) with their suit choice.
#[derive(Clone, Copy, Debug)]
struct Class {
    hi: u8,
    lo: u8,
    suits: Suits,
}

const EXPECTED: &str = "expected a pair (QQ), two ranks with optional s/o (AKs, KQo, AK), \
an explicit holding (AhKd), a + suffix (QQ+, A2s+), a dash range (JJ-88, KTs-K7s, 76s-54s) or \
'random'";

fn rank_of(c: char) -> Option<u8> {
    let u = c.to_ascii_uppercase();
    RANK_CHARS
        .iter()
        .position(|&r| r as char == u)
        .map(|p| p as u8)
}

fn rank_char(r: u8) -> char {
    RANK_CHARS[r as usize] as char
}

/// Parses a class item (`QQ`, `AKs`, `KQo`, `AK`); `Ok(None)` if it does not look like one.
fn parse_class(item: &str, text: &str) -> Result<Option<Class>, Error> {
    let chars: Vec<char> = text.chars().collect();
    if !(2..=3).contains(&chars.len()) {
        return Ok(None);
    }
    let (Some(a), Some(b)) = (rank_of(chars[0]), rank_of(chars[1])) else {
        return Ok(None);
    };
    let suits = match chars.get(2).map(|c| c.to_ascii_lowercase()) {
        None => Suits::Both,
        Some('s') => Suits::Suited,
        Some('o') => Suits::Offsuit,
        Some(_) => return Ok(None),
    };
    if a == b && suits != Suits::Both {
        return Err(invalid(format!(
            "'{item}' is not a range item: a pair is neither suited nor offsuit (write {0}{0})",
            rank_char(a)
        )));
    }
    Ok(Some(Class {
        hi: a.max(b),
        lo: a.min(b),
        suits,
    }))
}

fn push_class(class: Class, out: &mut Vec<(Card, Card)>) {
    let card = |r: u8, s: u8| Card::new(r, s).expect("rank < 13, suit < 4");
    for s1 in (0..4u8).rev() {
        for s2 in (0..4u8).rev() {
            if class.hi == class.lo {
                if s2 < s1 {
                    out.push((card(class.hi, s1), card(class.lo, s2)));
                }
            } else {
                let ok = match class.suits {
                    Suits::Suited => s1 == s2,
                    Suits::Offsuit => s1 != s2,
                    Suits::Both => true,
                };
                if ok {
                    out.push((card(class.hi, s1), card(class.lo, s2)));
                }
            }
        }
    }
}

fn bad(item: &str, why: &str) -> Error {
    invalid(format!("'{item}' is not a range item: {why}"))
}

fn class_or_err(item: &str, text: &str) -> Result<Class, Error> {
    parse_class(item, text)?.ok_or_else(|| bad(item, EXPECTED))
}

/// Expands one item into combos (possibly with repeats).
fn parse_item(item: &str, out: &mut Vec<(Card, Card)>) -> Result<(), Error> {
    let lower = item.to_ascii_lowercase();
    if lower == "random" || lower == "any" {
        for a in 0..52u8 {
            for b in 0..a {
                out.push((Card::from_index(a).unwrap(), Card::from_index(b).unwrap()));
            }
        }
        return Ok(());
    }
    if let Some(base) = item.strip_suffix('+') {
        let c = class_or_err(item, base)?;
        if c.hi == c.lo {
            for r in c.hi..13 {
                push_class(Class { hi: r, lo: r, ..c }, out);
            }
        } else {
            for lo in c.lo..c.hi {
                push_class(Class { lo, ..c }, out);
            }
        }
        return Ok(());
    }
    if let Some((left, right)) = item.split_once('-') {
        let a = class_or_err(item, left)?;
        let b = class_or_err(item, right)?;
        if (a.hi == a.lo) != (b.hi == b.lo) {
            return Err(bad(item, "a dash range joins two pairs or two non-pairs"));
        }
        if a.suits != b.suits {
            return Err(bad(
                item,
                "both ends of a dash range must be suited (s), offsuit (o) or neither",
            ));
        }
        if a.hi == a.lo {
            for r in a.hi.min(b.hi)..=a.hi.max(b.hi) {
                push_class(Class { hi: r, lo: r, ..a }, out);
            }
        } else if a.hi == b.hi {
            for lo in a.lo.min(b.lo)..=a.lo.max(b.lo) {
                push_class(Class { lo, ..a }, out);
            }
        } else if a.hi - a.lo == b.hi - b.lo {
            let gap = a.hi - a.lo;
            for lo in a.lo.min(b.lo)..=a.lo.max(b.lo) {
                push_class(
                    Class {
                        hi: lo + gap,
                        lo,
                        ..a
                    },
                    out,
                );
            }
        } else {
            return Err(bad(
                item,
                "the two ends of a dash range must share the first rank (KTs-K7s) or the gap \
                 between the ranks (76s-54s)",
            ));
        }
        return Ok(());
    }
    if let Some(c) = parse_class(item, item)? {
        push_class(c, out);
        return Ok(());
    }
    // An explicit holding such as AhKd.
    let cards = parse_cards(item).map_err(|e| bad(item, &format!("{EXPECTED} ({})", e.reason)))?;
    match cards.as_slice() {
        [a, b] => {
            for c in [a, b] {
                if c.is_joker() {
                    return Err(bad(
                        item,
                        &format!("{c} is a joker; jokers are not used in poker"),
                    ));
                }
            }
            if a == b {
                return Err(bad(item, &format!("it uses the card {a} twice")));
            }
            out.push((*a.max(b), *a.min(b)));
            Ok(())
        }
        [_] => Err(bad(
            item,
            "a single card; a holding has two cards (e.g. AhKd)",
        )),
        _ => Err(bad(
            item,
            &format!("{} cards; a holding has two cards (e.g. AhKd)", cards.len()),
        )),
    }
}

/// Parses a range (see the module documentation). Errors name the bad item, e.g.
/// "'AKx' is not a range item: expected ..."; an empty range is an error.
pub fn parse_range(text: &str) -> Result<Range, Error> {
    let mut raw = Vec::new();
    for item in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
    {
        parse_item(item, &mut raw)?;
    }
    let mut seen = [0u64; 52];
    let mut combos = Vec::with_capacity(raw.len());
    for (a, b) in raw {
        let (hi, lo) = (a.index() as usize, b.index());
        if seen[hi] & (1 << lo) == 0 {
            seen[hi] |= 1 << lo;
            combos.push((a, b));
        }
    }
    if combos.is_empty() {
        return Err(invalid(format!(
            "empty range {text:?}: write at least one item such as AA, AKs or AhKd"
        )));
    }
    Ok(Range { combos })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> usize {
        parse_range(text).unwrap().len()
    }

    fn err(text: &str) -> String {
        parse_range(text).unwrap_err().to_string()
    }

    #[test]
    fn poker_range_counts() {
        assert_eq!(n("QQ+"), 18);
        assert_eq!(n("AKs"), 4);
        assert_eq!(n("KQo"), 12);
        assert_eq!(n("AK"), 16);
        assert_eq!(n("76s-54s"), 12);
        assert_eq!(n("54s-76s"), 12);
        assert_eq!(n("22+"), 78);
        assert_eq!(n("JJ-88"), 24);
        assert_eq!(n("88-JJ"), 24);
        assert_eq!(n("A2s+"), 48);
        assert_eq!(n("ATo+"), 48);
        assert_eq!(n("KTs-K7s"), 16);
        assert_eq!(n("K9+"), 64);
        assert_eq!(n("AhAs"), 1);
        assert_eq!(n("AsKs Qh2c"), 2);
        assert_eq!(n("AsKs,Qh2c, 10h9h"), 3);
        assert_eq!(n("random"), 1326);
        assert_eq!(n("aks"), 4);
        assert_eq!(n("KAs"), 4);
        // Duplicates across items are merged.
        assert_eq!(n("AA, AA, AhAs, QQ+, KK"), 18);
        assert_eq!(n("AK, AKs, AKo"), 16);
    }

    #[test]
    fn poker_range_combos_are_canonical() {
        let r = parse_range("AsKs Qh2c AhAs").unwrap();
        let text: Vec<String> = r.combos().iter().map(|(a, b)| format!("{a}{b}")).collect();
        assert_eq!(text, ["AsKs", "Qh2c", "AsAh"]);
        for (a, b) in parse_range("random").unwrap().combos() {
            assert!(a > b && !a.is_joker());
        }
        let aks: Vec<String> = parse_range("AKs")
            .unwrap()
            .combos()
            .iter()
            .map(|(a, b)| format!("{a}{b}"))
            .collect();
        assert_eq!(aks, ["AsKs", "AhKh", "AdKd", "AcKc"]);
        let steps: Vec<String> = parse_range("76s-54s")
            .unwrap()
            .combos()
            .iter()
            .step_by(4)
            .map(|(a, b)| format!("{}{}", a.rank(), b.rank()))
            .collect();
        assert_eq!(steps, ["32", "43", "54"]);
    }

    #[test]
    fn poker_range_errors() {
        assert!(
            err("AKx").starts_with("'AKx' is not a range item"),
            "{}",
            err("AKx")
        );
        assert!(err("AA, AKx, KK").contains("'AKx'"));
        assert!(err("").contains("empty range"));
        assert!(err(" , ").contains("empty range"));
        assert!(err("AAs").contains("neither suited nor offsuit"));
        assert!(err("AsAs").contains("twice"));
        assert!(err("Ah").contains("single card"));
        assert!(err("AhKhQh").contains("3 cards"));
        assert!(err("AhSJ").contains("joker"));
        assert!(err("AKs-QTs").contains("share the first rank"));
        assert!(err("AKs-QJo").contains("suited"));
        assert!(err("AA-KQ").contains("two pairs or two non-pairs"));
        assert!(err("XX").contains("'XX'"));
        assert!(err("AK+s").contains("'AK+s'"));
        assert!(err("+").contains("'+'"));
    }
}
