//! Cards, the card index layout, card notation, and the one- and two-pack card collections.
//!
//! # Card index layout
//!
//! Every card has an index in `0..54`:
//!
//! * ordinary cards: `index = 4 * rank + suit`, with ranks `2 3 4 5 6 7 8 9 T J Q K A` numbered
//!   `0..=12` and suits `c d h s` numbered `0..=3` (clubs, diamonds, hearts, spades). So `2c` is 0,
//!   `2s` is 3, `Ah` is 50, `As` is 51;
//! * `SJ` (small, black joker) is 52 and `BJ` (big, red joker) is 53.
//!
//! Index order is "rank order" (all the twos, then the threes, ... then the jokers), which is what
//! iteration over a [`CardSet`] or [`CardBag`] yields. Games that order ranks differently (Dou
//! Dizhu's 2 above the ace, a level rank in Guandan) map ranks themselves; the index never changes.
//!
//! # Notation
//!
//! The canonical text of a card is rank then suit (`Th`, `As`, `2c`) or `SJ` / `BJ` for the
//! jokers. [`parse_cards`] also accepts `10` for the ten, any letter case, the suit symbols
//! `♣ ♦ ♥ ♠` (and their outlined forms), and cards separated by spaces, commas or semicolons or not
//! separated at all (`AhKd`).

use crate::error::CardError;
use std::fmt;

/// Number of distinct card kinds (52 ordinary cards and two jokers).
pub const NUM_CARD_KINDS: usize = 54;
/// Index of the small (black) joker.
pub const SMALL_JOKER: u8 = 52;
/// Index of the big (red) joker.
pub const BIG_JOKER: u8 = 53;
/// Rank number of the small joker as returned by [`Card::rank`].
pub const SMALL_JOKER_RANK: u8 = 13;
/// Rank number of the big joker as returned by [`Card::rank`].
pub const BIG_JOKER_RANK: u8 = 14;

/// Rank characters of the ordinary ranks, in rank order.
pub const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
/// Suit characters, in suit order.
pub const SUIT_CHARS: &[u8; 4] = b"cdhs";

/// Mask of every ordinary card (indices 0..52).
pub const ORDINARY_MASK: u64 = (1u64 << 52) - 1;
/// Mask of both jokers.
pub const JOKER_MASK: u64 = (1u64 << SMALL_JOKER) | (1u64 << BIG_JOKER);
/// Mask of every card kind of one pack with jokers.
pub const FULL_MASK: u64 = (1u64 << NUM_CARD_KINDS) - 1;

/// One card, stored as its index (see the module documentation for the layout).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(u8);

impl Card {
    /// The card with this index; `None` outside `0..54`.
    pub const fn from_index(index: u8) -> Option<Card> {
        if (index as usize) < NUM_CARD_KINDS {
            Some(Card(index))
        } else {
            None
        }
    }

    /// An ordinary card from rank `0..=12` (2..A) and suit `0..=3` (c, d, h, s).
    pub const fn new(rank: u8, suit: u8) -> Option<Card> {
        if rank < 13 && suit < 4 {
            Some(Card(rank * 4 + suit))
        } else {
            None
        }
    }

    pub const SMALL_JOKER: Card = Card(SMALL_JOKER);
    pub const BIG_JOKER: Card = Card(BIG_JOKER);

    /// The card index in `0..54`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Rank number: `0..=12` for 2..A, 13 for the small joker, 14 for the big joker.
    #[inline]
    pub const fn rank(self) -> u8 {
        if self.0 < SMALL_JOKER {
            self.0 / 4
        } else {
            self.0 - SMALL_JOKER + SMALL_JOKER_RANK
        }
    }

    /// Suit number `0..=3` (c, d, h, s); `None` for a joker.
    #[inline]
    pub const fn suit(self) -> Option<u8> {
        if self.0 < SMALL_JOKER {
            Some(self.0 % 4)
        } else {
            None
        }
    }

    #[inline]
    pub const fn is_joker(self) -> bool {
        self.0 >= SMALL_JOKER
    }

    /// The single-bit mask of this card in a [`CardSet`].
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// All 54 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..NUM_CARD_KINDS as u8).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            SMALL_JOKER => f.write_str("SJ"),
            BIG_JOKER => f.write_str("BJ"),
            i => {
                let r = RANK_CHARS[(i / 4) as usize] as char;
                let s = SUIT_CHARS[(i % 4) as usize] as char;
                write!(f, "{r}{s}")
            }
        }
    }
}

impl std::str::FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Card, CardError> {
        let cards = parse_cards(s)?;
        match cards.as_slice() {
            [c] => Ok(*c),
            _ => Err(CardError {
                token: s.to_string(),
                position: 0,
                reason: format!("expected exactly one card, found {}", cards.len()),
            }),
        }
    }
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ',' || c == ';'
}

fn rank_of_char(c: char) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    RANK_CHARS
        .iter()
        .position(|&r| r as char == upper)
        .map(|p| p as u8)
}

fn suit_of_char(c: char) -> Option<u8> {
    match c {
        'c' | 'C' | '♣' | '♧' => Some(0),
        'd' | 'D' | '♦' | '♢' => Some(1),
        'h' | 'H' | '♥' | '♡' => Some(2),
        's' | 'S' | '♠' | '♤' => Some(3),
        _ => None,
    }
}

/// Parses card text into cards, in the order written. Duplicates are kept (the caller decides
/// whether they are allowed). Positions in errors are 0-based character offsets.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    Ok(parse_cards_with_positions(text)?
        .into_iter()
        .map(|(card, _)| card)
        .collect())
}

/// Like [`parse_cards`], keeping the 0-based character position where each card starts.
pub fn parse_cards_with_positions(text: &str) -> Result<Vec<(Card, usize)>, CardError> {
    let chars: Vec<char> = text.chars().collect();
    let mut cards = Vec::with_capacity(chars.len() / 2);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if is_separator(c) {
            i += 1;
            continue;
        }
        let start = i;
        let next = chars.get(i + 1).copied();
        // Jokers first: no rank is written 'S' or 'B', so "SJ"/"BJ" at a token start are jokers.
        if matches!(next, Some('j' | 'J')) {
            match c {
                's' | 'S' => {
                    cards.push((Card::SMALL_JOKER, start));
                    i += 2;
                    continue;
                }
                'b' | 'B' => {
                    cards.push((Card::BIG_JOKER, start));
                    i += 2;
                    continue;
                }
                _ => {}
            }
        }
        let (rank, after_rank) = if c == '1' && next == Some('0') {
            (Some(8u8), i + 2)
        } else {
            (rank_of_char(c), i + 1)
        };
        let suit = chars.get(after_rank).copied().and_then(suit_of_char);
        match (rank, suit) {
            (Some(r), Some(s)) => {
                cards.push((Card(r * 4 + s), start));
                i = after_rank + 1;
            }
            _ => {
                // Report the whole word up to the next separator: that is what the user typed.
                let mut end = start;
                while end < chars.len() && !is_separator(chars[end]) {
                    end += 1;
                }
                let token: String = chars[start..end].iter().collect();
                let reason = if rank.is_none() {
                    format!(
                        "{c:?} is not a rank (expected one of 2-9, T or 10, J, Q, K, A, or a joker SJ/BJ)"
                    )
                } else {
                    match chars.get(after_rank) {
                        None => "the rank has no suit after it".to_string(),
                        Some(sc) => {
                            format!("{sc:?} is not a suit (expected c, d, h, s or ♣ ♦ ♥ ♠)")
                        }
                    }
                };
                return Err(CardError {
                    token,
                    position: start,
                    reason,
                });
            }
        }
    }
    Ok(cards)
}

/// Formats cards in canonical notation separated by single spaces.
pub fn format_cards<I: IntoIterator<Item = Card>>(cards: I) -> String {
    let mut out = String::new();
    for (k, c) in cards.into_iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push_str(&c.to_string());
    }
    out
}

/// A set of distinct cards of one pack: a 54-bit bitboard in a `u64` (bit `i` = card index `i`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, PartialOrd, Ord)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    /// The set with this mask; `None` if a bit at or above 54 is set.
    pub const fn from_mask(mask: u64) -> Option<CardSet> {
        if mask & !FULL_MASK == 0 {
            Some(CardSet(mask))
        } else {
            None
        }
    }

    /// The 52 ordinary cards, with or without the two jokers.
    pub const fn full_pack(jokers: bool) -> CardSet {
        if jokers {
            CardSet(FULL_MASK)
        } else {
            CardSet(ORDINARY_MASK)
        }
    }

    #[inline]
    pub const fn mask(self) -> u64 {
        self.0
    }

    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// Adds a card; returns false if it was already there.
    #[inline]
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= card.bit();
        !had
    }

    /// Removes a card; returns false if it was not there.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !card.bit();
        had
    }

    #[inline]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
    #[inline]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
    #[inline]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
    #[inline]
    pub const fn symmetric_difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 ^ other.0)
    }
    #[inline]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Iterates the cards in rank order (ascending index).
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// Number of cards of rank `rank` (0..=12 ordinary ranks; 13/14 jokers).
    #[inline]
    pub const fn rank_count(self, rank: u8) -> u32 {
        if rank < 13 {
            ((self.0 >> (4 * rank)) & 0xF).count_ones()
        } else {
            ((self.0 >> (SMALL_JOKER + rank - SMALL_JOKER_RANK)) & 1) as u32
        }
    }

    /// Parses card text; a card written twice is an error naming it and its second position.
    pub fn parse(text: &str) -> Result<CardSet, CardError> {
        let mut set = CardSet::EMPTY;
        for (card, position) in parse_cards_with_positions(text)? {
            if !set.insert(card) {
                return Err(CardError {
                    token: card.to_string(),
                    position,
                    reason: "this card appears twice (a one-pack card set holds each card once)"
                        .into(),
                });
            }
        }
        Ok(set)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<T: IntoIterator<Item = Card>>(iter: T) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_cards(self.iter()))
    }
}

/// Iterator over a [`CardSet`] in ascending index order.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

/// A multiset of cards from two packs: each of the 54 card kinds appears 0, 1 or 2 times.
///
/// Stored as two bitboards: `once` has the bit of every kind present at least once, `twice` the
/// bit of every kind present twice (`twice ⊆ once`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, PartialOrd, Ord)]
pub struct CardBag {
    once: u64,
    twice: u64,
}

impl CardBag {
    pub const EMPTY: CardBag = CardBag { once: 0, twice: 0 };

    /// Two full packs, with or without jokers.
    pub const fn two_packs(jokers: bool) -> CardBag {
        let m = CardSet::full_pack(jokers).0;
        CardBag { once: m, twice: m }
    }

    /// Builds a bag from its two bitboards; `None` unless `twice ⊆ once ⊆ 54 bits`.
    pub const fn from_masks(once: u64, twice: u64) -> Option<CardBag> {
        if once & !FULL_MASK == 0 && twice & !once == 0 {
            Some(CardBag { once, twice })
        } else {
            None
        }
    }

    pub const fn from_set(set: CardSet) -> CardBag {
        CardBag {
            once: set.0,
            twice: 0,
        }
    }

    /// (kinds present at least once, kinds present twice).
    #[inline]
    pub const fn masks(self) -> (u64, u64) {
        (self.once, self.twice)
    }

    #[inline]
    pub const fn len(self) -> usize {
        (self.once.count_ones() + self.twice.count_ones()) as usize
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.once == 0
    }

    /// Copies of `card` in the bag (0, 1 or 2).
    #[inline]
    pub const fn count(self, card: Card) -> u32 {
        (((self.once >> card.0) & 1) + ((self.twice >> card.0) & 1)) as u32
    }

    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.once & card.bit() != 0
    }

    /// Adds one copy; returns false (and changes nothing) if the bag already holds two.
    pub fn insert(&mut self, card: Card) -> bool {
        let b = card.bit();
        if self.twice & b != 0 {
            false
        } else {
            if self.once & b != 0 {
                self.twice |= b;
            } else {
                self.once |= b;
            }
            true
        }
    }

    /// Removes one copy; returns false if there was none.
    pub fn remove(&mut self, card: Card) -> bool {
        let b = card.bit();
        if self.twice & b != 0 {
            self.twice &= !b;
            true
        } else if self.once & b != 0 {
            self.once &= !b;
            true
        } else {
            false
        }
    }

    /// The distinct kinds present, as a [`CardSet`].
    pub const fn kinds(self) -> CardSet {
        CardSet(self.once)
    }

    /// Sum of two bags; `None` if some kind would exceed two copies.
    pub fn checked_add(self, other: CardBag) -> Option<CardBag> {
        let mut out = self;
        for c in other.iter() {
            if !out.insert(c) {
                return None;
            }
        }
        Some(out)
    }

    /// Multiset difference (copies of `other` removed where present).
    pub fn difference(self, other: CardBag) -> CardBag {
        let mut out = self;
        for c in other.iter() {
            out.remove(c);
        }
        out
    }

    /// Per-kind minimum.
    pub const fn intersection(self, other: CardBag) -> CardBag {
        CardBag {
            once: self.once & other.once,
            twice: self.twice & other.twice,
        }
    }

    /// Per-kind maximum.
    pub const fn union(self, other: CardBag) -> CardBag {
        CardBag {
            once: self.once | other.once,
            twice: self.twice | other.twice,
        }
    }

    /// True if every copy in `self` is in `other`.
    pub const fn is_subset(self, other: CardBag) -> bool {
        self.once & !other.once == 0 && self.twice & !other.twice == 0
    }

    /// Copies of rank `rank` (0..=12 ordinary; 13/14 jokers), counting both packs.
    pub const fn rank_count(self, rank: u8) -> u32 {
        CardSet(self.once).rank_count(rank) + CardSet(self.twice).rank_count(rank)
    }

    /// Every copy in rank order (a kind held twice is yielded twice, consecutively).
    pub fn iter(self) -> impl Iterator<Item = Card> {
        CardSet(self.once)
            .iter()
            .flat_map(move |c| std::iter::repeat_n(c, 1 + ((self.twice >> c.0) & 1) as usize))
    }

    /// Parses card text; a third copy of a kind is an error naming it and its position.
    pub fn parse(text: &str) -> Result<CardBag, CardError> {
        let mut bag = CardBag::EMPTY;
        for (card, position) in parse_cards_with_positions(text)? {
            if !bag.insert(card) {
                return Err(CardError {
                    token: card.to_string(),
                    position,
                    reason: "a third copy of this card (two packs hold each card twice)".into(),
                });
            }
        }
        Ok(bag)
    }
}

impl fmt::Display for CardBag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_cards(self.iter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_layout() {
        assert_eq!("2c".parse::<Card>().unwrap().index(), 0);
        assert_eq!("2s".parse::<Card>().unwrap().index(), 3);
        assert_eq!("Ah".parse::<Card>().unwrap().index(), 50);
        assert_eq!("As".parse::<Card>().unwrap().index(), 51);
        assert_eq!("SJ".parse::<Card>().unwrap().index(), 52);
        assert_eq!("BJ".parse::<Card>().unwrap().index(), 53);
    }

    #[test]
    fn every_card_round_trips() {
        for c in Card::all() {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
    }

    #[test]
    fn parser_accepts_variants() {
        let want = parse_cards("Th Ah Kd").unwrap();
        for text in ["10h AH kd", "ThAhKd", "t♥,a♥;K♦", "  10♡ ah   KD "] {
            assert_eq!(parse_cards(text).unwrap(), want, "{text}");
        }
        assert_eq!(
            parse_cards("sjBJ2c").unwrap(),
            vec![Card::SMALL_JOKER, Card::BIG_JOKER, Card::new(0, 0).unwrap()]
        );
    }

    #[test]
    fn parser_names_bad_token_and_position() {
        let e = parse_cards("Ah Xd Kc").unwrap_err();
        assert_eq!(e.token, "Xd");
        assert_eq!(e.position, 3);
        let e = parse_cards("Ah Kx").unwrap_err();
        assert_eq!((e.token.as_str(), e.position), ("Kx", 3));
        let e = parse_cards("A").unwrap_err();
        assert!(e.reason.contains("no suit"));
        let e = CardSet::parse("Ah Kd 10h Ah").unwrap_err();
        assert_eq!((e.token.as_str(), e.position), ("Ah", 10));
    }

    #[test]
    fn cardset_operations() {
        let a = CardSet::parse("Ah Kd 2c").unwrap();
        let b = CardSet::parse("Kd Qs").unwrap();
        assert_eq!(a.len(), 3);
        assert_eq!(a.union(b).len(), 4);
        assert_eq!(a.intersection(b), CardSet::parse("Kd").unwrap());
        assert_eq!(a.to_string(), "2c Kd Ah");
        assert_eq!(a.rank_count(12), 1);
        assert!(CardSet::from_mask(1 << 54).is_none());
    }

    #[test]
    fn cardbag_counts() {
        let mut bag = CardBag::parse("Ah Ah SJ").unwrap();
        assert_eq!(bag.len(), 3);
        assert_eq!(bag.count("Ah".parse().unwrap()), 2);
        assert!(!bag.insert("Ah".parse().unwrap()));
        assert_eq!(bag.to_string(), "Ah Ah SJ");
        assert!(CardBag::parse("5c 5c 5c").is_err());
        assert!(bag.remove("Ah".parse().unwrap()));
        assert_eq!(bag.count("Ah".parse().unwrap()), 1);
        assert_eq!(CardBag::two_packs(true).len(), 108);
    }
}
