//! Python classes for cards: `Card`, `Rank`, `Suit`, `CardSet`, `CardBag`, and `deal`.

use crate::convert::{card_text, count_vector, int_arg, int_in, opt_int_arg, type_name, Usize};
use crate::errors::{card_error, invalid_argument, to_py};
use cardavia_core::cards::{self as core, parse_cards, NUM_CARD_KINDS};
use numpy::PyArray1;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyString, PyTuple};
use std::hash::{Hash, Hasher};

/// A card rank. `TWO`..`ACE` are the ordinary ranks (values 0..12); the jokers have their own ranks.
#[pyclass(module = "cardavia", eq, eq_int, ord, hash, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum Rank {
    TWO = 0,
    THREE = 1,
    FOUR = 2,
    FIVE = 3,
    SIX = 4,
    SEVEN = 5,
    EIGHT = 6,
    NINE = 7,
    TEN = 8,
    JACK = 9,
    QUEEN = 10,
    KING = 11,
    ACE = 12,
    SMALL_JOKER = 13,
    BIG_JOKER = 14,
}

const RANKS: [Rank; 15] = [
    Rank::TWO,
    Rank::THREE,
    Rank::FOUR,
    Rank::FIVE,
    Rank::SIX,
    Rank::SEVEN,
    Rank::EIGHT,
    Rank::NINE,
    Rank::TEN,
    Rank::JACK,
    Rank::QUEEN,
    Rank::KING,
    Rank::ACE,
    Rank::SMALL_JOKER,
    Rank::BIG_JOKER,
];

#[pymethods]
impl Rank {
    /// The rank's character in card notation (`"T"` for the ten; `"SJ"`/`"BJ"` for jokers).
    #[getter]
    fn symbol(&self) -> &'static str {
        const SYMBOLS: [&str; 15] = [
            "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "SJ", "BJ",
        ];
        SYMBOLS[*self as usize]
    }

    #[getter]
    fn value(&self) -> u8 {
        *self as u8
    }
}

/// A card suit: clubs, diamonds, hearts, spades (values 0..3, the order of the card index).
#[pyclass(module = "cardavia", eq, eq_int, ord, hash, frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(clippy::upper_case_acronyms, non_camel_case_types)]
pub enum Suit {
    CLUBS = 0,
    DIAMONDS = 1,
    HEARTS = 2,
    SPADES = 3,
}

const SUITS: [Suit; 4] = [Suit::CLUBS, Suit::DIAMONDS, Suit::HEARTS, Suit::SPADES];

#[pymethods]
impl Suit {
    /// The suit's letter in card notation: `c`, `d`, `h`, `s`.
    #[getter]
    fn letter(&self) -> &'static str {
        ["c", "d", "h", "s"][*self as usize]
    }

    /// The suit's symbol: ♣ ♦ ♥ ♠.
    #[getter]
    fn symbol(&self) -> &'static str {
        ["♣", "♦", "♥", "♠"][*self as usize]
    }

    #[getter]
    fn value(&self) -> u8 {
        *self as u8
    }
}

/// One playing card. `Card("Ah")`, `Card("10h")`, `Card("SJ")`; `Card.from_index(50)`.
#[pyclass(
    module = "cardavia",
    name = "Card",
    frozen,
    eq,
    ord,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyCard(pub core::Card);

#[pymethods]
impl PyCard {
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        single_card(text).map(PyCard)
    }

    /// The card with this index (see the card index layout in the README).
    #[staticmethod]
    fn from_index(index: &Bound<'_, PyAny>) -> PyResult<Self> {
        let index = int_in::<u8>(index, "card index", 0, NUM_CARD_KINDS as u8 - 1)?;
        Ok(PyCard(core::Card::from_index(index).expect("checked")))
    }

    /// Index in 0..54: `4 * rank + suit` for ordinary cards, 52 = SJ, 53 = BJ.
    #[getter]
    fn index(&self) -> u8 {
        self.0.index()
    }

    #[getter]
    fn rank(&self) -> Rank {
        RANKS[self.0.rank() as usize]
    }

    /// The suit, or None for a joker.
    #[getter]
    fn suit(&self) -> Option<Suit> {
        self.0.suit().map(|s| SUITS[s as usize])
    }

    #[getter]
    fn is_joker(&self) -> bool {
        self.0.is_joker()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        Ok((
            py.get_type::<PyCard>().into_any().unbind(),
            (self.0.to_string(),),
        ))
    }
}

/// Reads cards from text, a Card, a CardSet, a CardBag or an iterable of Cards / card text.
pub fn cards_from_any(obj: &Bound<'_, PyAny>) -> PyResult<Vec<core::Card>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_cards(&card_text(s)?).map_err(|e| card_error(&e));
    }
    if let Ok(c) = obj.extract::<PyCard>() {
        return Ok(vec![c.0]);
    }
    if let Ok(set) = obj.extract::<PyCardSet>() {
        return Ok(set.0.iter().collect());
    }
    if let Ok(bag) = obj.extract::<PyCardBag>() {
        return Ok(bag.0.iter().collect());
    }
    let iter = PyIterator::from_object(obj).map_err(|_| {
        invalid_argument(format!(
            "expected card text, a Card, a CardSet, a CardBag or an iterable of cards, got {}",
            type_name(obj)
        ))
    })?;
    let mut out = Vec::new();
    for item in iter {
        let item = item?;
        if let Ok(c) = item.extract::<PyCard>() {
            out.push(c.0);
        } else if let Ok(s) = item.cast::<PyString>() {
            out.extend(parse_cards(&card_text(s)?).map_err(|e| card_error(&e))?);
        } else {
            return Err(invalid_argument(format!(
                "expected a Card or card text in the iterable, got {}",
                type_name(&item)
            )));
        }
    }
    Ok(out)
}

fn single_card(obj: &Bound<'_, PyAny>) -> PyResult<core::Card> {
    if let Ok(c) = obj.extract::<PyCard>() {
        return Ok(c.0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return card_text(s)?
            .parse::<core::Card>()
            .map_err(|e| card_error(&e));
    }
    Err(invalid_argument(format!(
        "expected a Card or the text of one card, got {}",
        type_name(obj)
    )))
}

/// A set of distinct cards of one pack (a 54-bit bitboard). Immutable and hashable.
///
/// `CardSet("Ah Kd")`, `CardSet(["Ah", Card("Kd")])`, `CardSet.from_mask(m)`. Iterates in rank
/// order (card index order). Set operators `| & - ^`, comparisons `<= <` (subset), `in`, `len`.
#[pyclass(module = "cardavia", name = "CardSet", frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyCardSet(pub core::CardSet);

pub fn cardset_from_any(obj: &Bound<'_, PyAny>) -> PyResult<core::CardSet> {
    if let Ok(set) = obj.extract::<PyCardSet>() {
        return Ok(set.0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return core::CardSet::parse(&card_text(s)?).map_err(|e| card_error(&e));
    }
    let mut set = core::CardSet::EMPTY;
    for c in cards_from_any(obj)? {
        if !set.insert(c) {
            return Err(card_error(&cardavia_core::CardError {
                token: c.to_string(),
                position: 0,
                reason: "this card appears twice (a one-pack card set holds each card once)".into(),
            }));
        }
    }
    Ok(set)
}

#[pymethods]
impl PyCardSet {
    #[new]
    #[pyo3(signature = (cards = None))]
    fn new(cards: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        match cards {
            None => Ok(PyCardSet(core::CardSet::EMPTY)),
            Some(obj) => cardset_from_any(obj).map(PyCardSet),
        }
    }

    /// The set whose bit `i` is card index `i`.
    #[staticmethod]
    fn from_mask(mask: &Bound<'_, PyAny>) -> PyResult<Self> {
        let mask: u64 = int_arg(mask, "mask")?;
        core::CardSet::from_mask(mask)
            .map(PyCardSet)
            .ok_or_else(|| invalid_argument(format!("mask {mask:#x} has bits above 53")))
    }

    /// One full pack: 52 cards, or 54 with `jokers=True`.
    #[staticmethod]
    #[pyo3(signature = (jokers = false))]
    fn full_pack(jokers: bool) -> Self {
        PyCardSet(core::CardSet::full_pack(jokers))
    }

    /// Counts per card index as a numpy array of shape (54,) (any integer dtype): 1 where the
    /// card is present.
    #[staticmethod]
    fn from_array(array: &Bound<'_, PyAny>) -> PyResult<Self> {
        let counts = count_vector(array, "CardSet.from_array")?;
        if counts.len() != NUM_CARD_KINDS {
            return Err(invalid_argument(format!(
                "expected an array of 54 counts, got {}",
                counts.len()
            )));
        }
        let mut mask = 0u64;
        for (i, &n) in counts.iter().enumerate() {
            match n {
                0 => {}
                1 => mask |= 1 << i,
                _ => {
                    return Err(invalid_argument(format!(
                    "count {n} for card {} at index {i}: a CardSet holds each card 0 or 1 times",
                    core::Card::from_index(i as u8).expect("i < 54")
                )))
                }
            }
        }
        Ok(PyCardSet(core::CardSet(mask)))
    }

    #[allow(clippy::wrong_self_convention)] // PyO3 methods take &self
    fn to_array<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        let v: Vec<u8> = (0..NUM_CARD_KINDS)
            .map(|i| ((self.0 .0 >> i) & 1) as u8)
            .collect();
        PyArray1::from_vec(py, v)
    }

    #[getter]
    fn mask(&self) -> u64 {
        self.0 .0
    }

    fn cards(&self) -> Vec<PyCard> {
        self.0.iter().map(PyCard).collect()
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __bool__(&self) -> bool {
        !self.0.is_empty()
    }

    fn __contains__(&self, card: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.contains(single_card(card)?))
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let list = pyo3::types::PyList::new(py, slf.cards())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0.union(cardset_from_any(other)?)))
    }
    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0.intersection(cardset_from_any(other)?)))
    }
    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0.difference(cardset_from_any(other)?)))
    }
    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(
            self.0.symmetric_difference(cardset_from_any(other)?),
        ))
    }
    fn union(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__or__(other)
    }
    fn intersection(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__and__(other)
    }
    fn difference(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__sub__(other)
    }
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_subset(cardset_from_any(other)?))
    }
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(cardset_from_any(other)?.is_subset(self.0))
    }
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.intersection(cardset_from_any(other)?).is_empty())
    }
    /// `==` compares contents; `<=`, `<`, `>=`, `>` are subset / superset tests.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.extract::<PyCardSet>() else {
            return py.NotImplemented();
        };
        let (a, b) = (self.0, other.0);
        let result = match op {
            CompareOp::Eq => a == b,
            CompareOp::Ne => a != b,
            CompareOp::Le => a.is_subset(b),
            CompareOp::Lt => a.is_subset(b) && a != b,
            CompareOp::Ge => b.is_subset(a),
            CompareOp::Gt => b.is_subset(a) && a != b,
        };
        pyo3::types::PyBool::new(py, result)
            .to_owned()
            .into_any()
            .unbind()
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("CardSet('{}')", self.0)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        Ok((
            py.get_type::<PyCardSet>().into_any().unbind(),
            (self.0.to_string(),),
        ))
    }
}

/// A multiset of cards from two packs: each card kind 0, 1 or 2 times. Immutable and hashable.
///
/// `CardBag("Ah Ah SJ")`. Iterates every copy in rank order. Operators: `+` (sum, at most two
/// copies), `-` (remove copies), `&` (per-card minimum), `|` (per-card maximum), `<=` (sub-multiset).
#[pyclass(module = "cardavia", name = "CardBag", frozen, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyCardBag(pub core::CardBag);

pub fn cardbag_from_any(obj: &Bound<'_, PyAny>) -> PyResult<core::CardBag> {
    if let Ok(bag) = obj.extract::<PyCardBag>() {
        return Ok(bag.0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return core::CardBag::parse(&card_text(s)?).map_err(|e| card_error(&e));
    }
    let mut bag = core::CardBag::EMPTY;
    for c in cards_from_any(obj)? {
        if !bag.insert(c) {
            return Err(card_error(&cardavia_core::CardError {
                token: c.to_string(),
                position: 0,
                reason: "a third copy of this card (two packs hold each card twice)".into(),
            }));
        }
    }
    Ok(bag)
}

#[pymethods]
impl PyCardBag {
    #[new]
    #[pyo3(signature = (cards = None))]
    fn new(cards: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        match cards {
            None => Ok(PyCardBag(core::CardBag::EMPTY)),
            Some(obj) => cardbag_from_any(obj).map(PyCardBag),
        }
    }

    /// Two full packs: 104 cards, or 108 with `jokers=True`.
    #[staticmethod]
    #[pyo3(signature = (jokers = false))]
    fn two_packs(jokers: bool) -> Self {
        PyCardBag(core::CardBag::two_packs(jokers))
    }

    /// Counts per card index (0, 1 or 2) from a numpy array of shape (54,) (any integer dtype).
    #[staticmethod]
    fn from_array(array: &Bound<'_, PyAny>) -> PyResult<Self> {
        let counts = count_vector(array, "CardBag.from_array")?;
        if counts.len() != NUM_CARD_KINDS {
            return Err(invalid_argument(format!(
                "expected an array of 54 counts, got {}",
                counts.len()
            )));
        }
        let mut bag = core::CardBag::EMPTY;
        for (i, &n) in counts.iter().enumerate() {
            let card = core::Card::from_index(i as u8).expect("i < 54");
            if !(0..=2).contains(&n) {
                return Err(invalid_argument(format!(
                    "count {n} for card {card} at index {i}: a CardBag holds each card 0, 1 or 2 \
                     times"
                )));
            }
            for _ in 0..n {
                bag.insert(card);
            }
        }
        Ok(PyCardBag(bag))
    }

    #[allow(clippy::wrong_self_convention)] // PyO3 methods take &self
    fn to_array<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        let v: Vec<u8> = core::Card::all().map(|c| self.0.count(c) as u8).collect();
        PyArray1::from_vec(py, v)
    }

    /// Copies of `card` in the bag (0, 1 or 2).
    fn count(&self, card: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.0.count(single_card(card)?))
    }

    /// The distinct card kinds present, as a CardSet.
    fn kinds(&self) -> PyCardSet {
        PyCardSet(self.0.kinds())
    }

    fn cards(&self) -> Vec<PyCard> {
        self.0.iter().map(PyCard).collect()
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __bool__(&self) -> bool {
        !self.0.is_empty()
    }

    fn __contains__(&self, card: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.contains(single_card(card)?))
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let list = pyo3::types::PyList::new(py, slf.cards())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.0
            .checked_add(cardbag_from_any(other)?)
            .map(PyCardBag)
            .ok_or_else(|| invalid_argument("the sum would hold some card more than twice"))
    }
    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardBag(self.0.difference(cardbag_from_any(other)?)))
    }
    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardBag(self.0.intersection(cardbag_from_any(other)?)))
    }
    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardBag(self.0.union(cardbag_from_any(other)?)))
    }
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_subset(cardbag_from_any(other)?))
    }
    /// `==` compares contents; `<=`, `<`, `>=`, `>` are subset / superset tests.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.extract::<PyCardBag>() else {
            return py.NotImplemented();
        };
        let (a, b) = (self.0, other.0);
        let result = match op {
            CompareOp::Eq => a == b,
            CompareOp::Ne => a != b,
            CompareOp::Le => a.is_subset(b),
            CompareOp::Lt => a.is_subset(b) && a != b,
            CompareOp::Ge => b.is_subset(a),
            CompareOp::Gt => b.is_subset(a) && a != b,
        };
        pyo3::types::PyBool::new(py, result)
            .to_owned()
            .into_any()
            .unbind()
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("CardBag('{}')", self.0)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        Ok((
            py.get_type::<PyCardBag>().into_any().unbind(),
            (self.0.to_string(),),
        ))
    }
}

/// Parses card text into a list of Cards in the order written (duplicates kept).
#[pyfunction]
pub fn parse_cards_text(text: &Bound<'_, PyAny>) -> PyResult<Vec<PyCard>> {
    let Ok(s) = text.cast::<PyString>() else {
        return Err(invalid_argument(format!(
            "card text must be a str, got {}",
            type_name(text)
        )));
    };
    parse_cards(&card_text(s)?)
        .map(|v| v.into_iter().map(PyCard).collect())
        .map_err(|e| card_error(&e))
}

/// Shuffles and deals with the seeded ChaCha8 generator: returns (hands, leftover), each hand a
/// list of Cards in the order dealt.
#[pyfunction]
#[pyo3(signature = (hands, cards_per_hand, packs, jokers, seed))]
pub fn deal_cards(
    py: Python<'_>,
    hands: &Bound<'_, PyAny>,
    cards_per_hand: Option<&Bound<'_, PyAny>>,
    packs: &Bound<'_, PyAny>,
    jokers: bool,
    seed: &Bound<'_, PyAny>,
) -> PyResult<Py<PyTuple>> {
    let Usize(hands) = int_arg(hands, "hands")?;
    let cards_per_hand = opt_int_arg::<Usize>(cards_per_hand, "cards_per_hand")?.map(|n| n.0);
    let packs: u8 = int_arg(packs, "packs")?;
    let seed: u64 = int_arg(seed, "seed")?;
    let d = cardavia_core::deal::deal(packs, jokers, hands, cards_per_hand, seed).map_err(to_py)?;
    let hands: Vec<Vec<PyCard>> = d
        .hands
        .into_iter()
        .map(|h| h.into_iter().map(PyCard).collect())
        .collect();
    let leftover: Vec<PyCard> = d.leftover.into_iter().map(PyCard).collect();
    Ok(PyTuple::new(
        py,
        [
            hands.into_pyobject(py)?.into_any(),
            leftover.into_pyobject(py)?.into_any(),
        ],
    )?
    .unbind())
}

/// cardavia's seeded generator (ChaCha8; see the README), for the random choices of games.
#[pyclass(module = "cardavia", name = "Rng", skip_from_py_object)]
#[derive(Clone)]
pub struct PyRng(pub cardavia_core::rng::Rng);

#[pymethods]
impl PyRng {
    #[new]
    fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRng(cardavia_core::rng::Rng::new(int_arg(seed, "seed")?)))
    }
    /// A uniform integer in ``0..n`` (``n`` ≥ 1).
    fn below(&mut self, n: &Bound<'_, PyAny>) -> PyResult<u64> {
        let n: u64 = int_in(n, "below(n): n", 1, u64::MAX)?;
        Ok(self.0.below(n))
    }
    /// The next raw 64-bit output.
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// A uniform float in [0, 1).
    fn random(&mut self) -> f64 {
        self.0.unit_f64()
    }
    /// The items in a uniformly shuffled order (Fisher-Yates, last position first).
    fn shuffled(&mut self, items: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
        let not_items = || {
            invalid_argument(format!(
                "shuffled(items) needs a list or another iterable of items, got {}",
                type_name(items)
            ))
        };
        if items.is_instance_of::<PyString>() {
            return Err(not_items());
        }
        let mut items = items
            .try_iter()
            .map_err(|_| not_items())?
            .map(|item| item.map(Bound::unbind))
            .collect::<PyResult<Vec<_>>>()?;
        self.0.shuffle(&mut items);
        Ok(items)
    }
    fn __copy__(&self) -> Self {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }
}
