//! Shapes, leads, follows and trick winners (rules/tractor.md TR-4), on [`CardBag`] multisets.
//!
//! * [`shape_of`]: single, pair, tractor(k) or *none* (TR-4.2, TR-4.5, TR-D13, TR-D14, TR-D33).
//! * Leads (TR-4.3): [`lead_violation`] checks, [`legal_leads`] enumerates.
//! * Follows (TR-4.4): [`follow_violation`] checks one play, [`count_follows`] counts every legal
//!   follow exactly (dynamic programming, no enumeration), [`for_each_follow`] /
//!   [`legal_follows`] enumerate them. Because a void follower may play *any* `N` cards, the
//!   number of follows explodes for long leads (about 12,650 for a tractor(2) and 177,000 for a
//!   tractor(3) against a void 25-card hand): the compact generator is [`follow_next_kinds`],
//!   which says which cards can extend a partial selection to some legal follow, so any follow
//!   can be built (or sampled) one card at a time in `O(54)` per card.
//! * [`trick_winner`] (TR-4.6 – TR-4.8) and [`points`] (TR-2.11).

use super::trump::{Trump, TRUMP};
use crate::cards::{Card, CardBag};

/// Why a play is illegal: the rule id and an explanation (the same shape as the climbing
/// engine's violation, see [`crate::climbing::RuleViolation`]).
pub use crate::climbing::RuleViolation;

/// The shape of a set of cards (TR-4.5). `Other` is the rules' *none*.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Shape {
    Single,
    Pair,
    /// `k ≥ 2` pairs of one effective suit at `k` distinct consecutive positions.
    Tractor(u8),
    /// Any other set (TR-4.5 *none*): never a legal lead, never a contender.
    Other,
}

impl Shape {
    /// Number of pairs the shape holds (0 for a single or *none*).
    pub fn pairs(self) -> u32 {
        match self {
            Shape::Pair => 1,
            Shape::Tractor(k) => k as u32,
            _ => 0,
        }
    }
    /// Stable text id: `single`, `pair`, `tractor`, `none`.
    pub fn id(self) -> &'static str {
        match self {
            Shape::Single => "single",
            Shape::Pair => "pair",
            Shape::Tractor(_) => "tractor",
            Shape::Other => "none",
        }
    }
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shape::Tractor(k) => write!(f, "tractor({k})"),
            other => f.write_str(other.id()),
        }
    }
}

/// Bag restricted to the kinds of `mask`.
#[inline]
pub(crate) fn restrict(bag: CardBag, mask: u64) -> CardBag {
    let (once, twice) = bag.masks();
    CardBag::from_masks(once & mask, twice & mask).expect("restriction keeps twice ⊆ once")
}

#[inline]
pub(crate) fn pairs_of(bag: CardBag) -> u32 {
    bag.masks().1.count_ones()
}

/// The effective suit of a non-empty bag if all its cards share one.
pub fn common_suit(cards: CardBag, trump: &Trump) -> Option<u8> {
    let (once, _) = cards.masks();
    if once == 0 {
        return None;
    }
    let s = trump.eff_index(once.trailing_zeros() as usize);
    (once & !trump.suit_mask(s) == 0).then_some(s)
}

/// Bitmask of the positions (bit `p`) of the kinds in `kinds`.
#[inline]
pub(crate) fn position_mask(kinds: u64, trump: &Trump) -> u32 {
    let mut m = 0u32;
    let mut k = kinds;
    while k != 0 {
        m |= 1 << trump.pos_index(k.trailing_zeros() as usize);
        k &= k - 1;
    }
    m
}

/// TR-4.5: the shape of `cards` under `trump`.
pub fn shape_of(cards: CardBag, trump: &Trump) -> Shape {
    if common_suit(cards, trump).is_none() {
        return Shape::Other; // empty, or mixed effective suits
    }
    let (once, twice) = cards.masks();
    let n = cards.len();
    if n == 1 {
        return Shape::Single;
    }
    if once != twice {
        return Shape::Other; // some card without its twin
    }
    let k = twice.count_ones();
    if k == 1 {
        return Shape::Pair;
    }
    // TR-4.2 / TR-D33: k distinct consecutive positions (off-suit level pairs share one).
    let pm = position_mask(twice, trump);
    if pm.count_ones() == k && (pm >> pm.trailing_zeros()) == (1u32 << k) - 1 {
        Shape::Tractor(k as u8)
    } else {
        Shape::Other
    }
}

fn violation(rule: &'static str, message: String) -> RuleViolation {
    RuleViolation { rule, message }
}

/// TR-4.3: why `cards` is not a legal lead from `hand`, or `None` if it is.
pub fn lead_violation(hand: CardBag, cards: CardBag, trump: &Trump) -> Option<RuleViolation> {
    if cards.is_empty() {
        return Some(violation("TR-4.3", "a lead needs at least one card".into()));
    }
    if !cards.is_subset(hand) {
        return Some(violation(
            "TR-4.1",
            format!("the hand does not hold {}", cards.difference(hand)),
        ));
    }
    match shape_of(cards, trump) {
        Shape::Other => Some(violation(
            "TR-4.3",
            format!(
                "{cards} is not a single, a pair or a tractor ({}); throws are not allowed (TR-D15)",
                describe_other(cards, trump)
            ),
        )),
        _ => None,
    }
}

fn describe_other(cards: CardBag, trump: &Trump) -> &'static str {
    if common_suit(cards, trump).is_none() {
        return "cards of different effective suits";
    }
    let (once, twice) = cards.masks();
    if once != twice {
        return "not all cards are in identical pairs";
    }
    let pm = position_mask(twice, trump);
    if pm.count_ones() != twice.count_ones() {
        "two pairs of equal strength cannot be consecutive"
    } else {
        "the pairs are not consecutive"
    }
}

/// Calls `f` with every legal lead from `hand` (TR-4.3): singles, pairs, then tractors, each
/// kind once. Tractors through a position held by several kinds (off-suit level pairs) come
/// once per choice of kind.
pub fn for_each_lead(hand: CardBag, trump: &Trump, mut f: impl FnMut(CardBag)) {
    let (once, twice) = hand.masks();
    let mut k = once;
    while k != 0 {
        let b = k & k.wrapping_neg();
        f(CardBag::from_masks(b, 0).expect("one card"));
        k &= k - 1;
    }
    let mut k = twice;
    while k != 0 {
        let b = k & k.wrapping_neg();
        f(CardBag::from_masks(b, b).expect("one pair"));
        k &= k - 1;
    }
    for suit in 0..=TRUMP {
        let pairs = twice & trump.suit_mask(suit);
        if pairs.count_ones() < 2 {
            continue;
        }
        let mut by_pos = [0u64; 16];
        let mut k = pairs;
        while k != 0 {
            let i = k.trailing_zeros() as usize;
            by_pos[trump.pos_index(i) as usize] |= 1 << i;
            k &= k - 1;
        }
        for start in 0..16 {
            let mut end = start;
            while end < 16 && by_pos[end] != 0 {
                end += 1;
            }
            // Runs start..=last for every last in start+1..end.
            for last in start + 1..end {
                tractor_choices(&by_pos[start..=last], 0, &mut f);
            }
        }
    }
}

fn tractor_choices(slots: &[u64], chosen: u64, f: &mut impl FnMut(CardBag)) {
    match slots.split_first() {
        None => f(CardBag::from_masks(chosen, chosen).expect("pairs")),
        Some((&first, rest)) => {
            let mut k = first;
            while k != 0 {
                let b = k & k.wrapping_neg();
                tractor_choices(rest, chosen | b, f);
                k &= k - 1;
            }
        }
    }
}

/// Every legal lead from `hand` (see [`for_each_lead`]).
pub fn legal_leads(hand: CardBag, trump: &Trump) -> Vec<CardBag> {
    let mut out = Vec::new();
    for_each_lead(hand, trump, |b| out.push(b));
    out
}

/// True if `selection` (a sub-multiset of `hand`) is part of some legal lead from `hand`.
pub fn lead_extendable(hand: CardBag, selection: CardBag, trump: &Trump) -> bool {
    if selection.is_empty() {
        return true;
    }
    if !selection.is_subset(hand) || common_suit(selection, trump).is_none() {
        return false;
    }
    let (once, twice) = selection.masks();
    if once.count_ones() == 1 {
        return true; // a single, or one or both cards of a pair
    }
    // Several kinds: only a tractor holds them. Every kind must be a pair in hand, at distinct
    // positions, and every position between them must hold a pair in hand (of that suit).
    let (_, hand_twice) = hand.masks();
    let _ = twice;
    if once & !hand_twice != 0 {
        return false;
    }
    let pm = position_mask(once, trump);
    if pm.count_ones() != once.count_ones() {
        return false;
    }
    let suit = trump.eff_index(once.trailing_zeros() as usize);
    let have = position_mask(hand_twice & trump.suit_mask(suit), trump);
    let lo = pm.trailing_zeros();
    let hi = 31 - pm.leading_zeros();
    let span = ((1u64 << (hi + 1)) - (1u64 << lo)) as u32;
    have & span == span
}

/// Kinds `c` such that `selection + c` is still part of a legal lead from `hand`, and whether
/// `selection` itself is a legal lead.
pub fn lead_next_kinds(hand: CardBag, selection: CardBag, trump: &Trump) -> (u64, bool) {
    let rest = hand.difference(selection);
    let mut out = 0u64;
    let mut k = rest.masks().0;
    while k != 0 {
        let i = k.trailing_zeros() as u8;
        k &= k - 1;
        let mut s = selection;
        s.insert(Card::from_index(i).expect("index < 54"));
        if lead_extendable(hand, s, trump) {
            out |= 1 << i;
        }
    }
    let complete = !selection.is_empty() && shape_of(selection, trump) != Shape::Other;
    (out, complete)
}

/// Whether the legal lead `lead` from `hand` could still grow into a longer legal lead (the
/// card-by-card interface then waits for `end`): equal to `lead_next_kinds(hand, lead).0 != 0`,
/// in closed form. A single grows iff its twin is in hand; a pair or tractor iff the hand holds
/// a pair of its effective suit at the position just below or just above it (TR-4.2).
pub fn lead_can_grow(hand: CardBag, lead: CardBag, trump: &Trump) -> bool {
    let (once, twice) = lead.masks();
    if twice == 0 {
        // A single: its twin.
        return hand.masks().1 & once != 0;
    }
    let suit = trump.eff_index(once.trailing_zeros() as usize);
    let pm = position_mask(twice, trump);
    let (_, hand_twice) = hand.masks();
    let have = position_mask(hand_twice & trump.suit_mask(suit) & !twice, trump);
    let lo = pm.trailing_zeros();
    let hi = 31 - pm.leading_zeros();
    let below = lo > 0 && have & (1 << (lo - 1)) != 0;
    let above = hi < 31 && have & (1 << (hi + 1)) != 0;
    below || above
}

/// The facts of a follow situation (TR-4.4).
#[derive(Clone, Copy, Debug)]
struct FollowContext {
    /// The follower's hand.
    hand: CardBag,
    /// `H_S`: the hand's cards of the led effective suit.
    in_suit: CardBag,
    suit_mask: u64,
    /// `N`.
    n: usize,
    /// `min(k, pairs(H_S))` when the follower can follow fully, else 0.
    min_pairs: u32,
    /// `|H_S| ≥ N`.
    full: bool,
}

fn follow_context(hand: CardBag, lead: CardBag, trump: &Trump) -> FollowContext {
    let suit = common_suit(lead, trump).unwrap_or(TRUMP);
    let suit_mask = trump.suit_mask(suit);
    let in_suit = restrict(hand, suit_mask);
    let n = lead.len();
    let full = in_suit.len() >= n;
    let k = shape_of(lead, trump).pairs();
    FollowContext {
        hand,
        in_suit,
        suit_mask,
        n,
        min_pairs: if full { k.min(pairs_of(in_suit)) } else { 0 },
        full,
    }
}

/// TR-4.4: why `play` is not a legal follow to `lead` from `hand`, or `None` if it is.
pub fn follow_violation(
    hand: CardBag,
    lead: CardBag,
    play: CardBag,
    trump: &Trump,
) -> Option<RuleViolation> {
    let c = follow_context(hand, lead, trump);
    if play.len() != c.n {
        return Some(violation(
            "TR-4.1",
            format!(
                "the lead has {} card(s): play exactly {}, not {}",
                c.n,
                c.n,
                play.len()
            ),
        ));
    }
    if !play.is_subset(hand) {
        return Some(violation(
            "TR-4.1",
            format!("the hand does not hold {}", play.difference(hand)),
        ));
    }
    if c.full {
        let off = play.masks().0 & !c.suit_mask;
        if off != 0 {
            return Some(violation(
                "TR-4.4",
                format!(
                    "the hand holds {} cards of the led suit: every card played must be of it",
                    c.in_suit.len()
                ),
            ));
        }
        let p = pairs_of(play);
        if p < c.min_pairs {
            return Some(violation(
                "TR-4.4",
                format!(
                    "as many pairs of the led suit as possible (TR-D16): {} required, {} played",
                    c.min_pairs, p
                ),
            ));
        }
    } else if !c.in_suit.is_subset(play) {
        return Some(violation(
            "TR-4.4",
            format!("short in the led suit: all of {} must be played", c.in_suit),
        ));
    }
    None
}

fn follow_extendable(c: &FollowContext, sel: CardBag) -> bool {
    let len = sel.len();
    if len > c.n || !sel.is_subset(c.hand) {
        return false;
    }
    let (once, twice) = sel.masks();
    if c.full {
        if once & !c.suit_mask != 0 {
            return false;
        }
        let r = (c.n - len) as u32;
        let (h_once, h_twice) = c.in_suit.masks();
        let _ = h_once;
        let a = (once & !twice & h_twice).count_ones();
        let b = (h_twice & !once).count_ones();
        let use_a = a.min(r);
        let best = twice.count_ones() + use_a + b.min((r - use_a) / 2);
        best >= c.min_pairs
    } else {
        let outside = restrict(sel, !c.suit_mask).len();
        outside <= c.n - c.in_suit.len()
    }
}

/// Kinds `c` such that `selection + c` is still part of some legal follow to `lead` from `hand`
/// (the compact generator of follows: build any legal follow one card at a time).
pub fn follow_next_kinds(hand: CardBag, lead: CardBag, selection: CardBag, trump: &Trump) -> u64 {
    let c = follow_context(hand, lead, trump);
    if !follow_extendable(&c, selection) || selection.len() >= c.n {
        return 0;
    }
    let rest = hand.difference(selection);
    let mut out = 0u64;
    let mut k = rest.masks().0;
    while k != 0 {
        let i = k.trailing_zeros() as u8;
        k &= k - 1;
        let mut s = selection;
        s.insert(Card::from_index(i).expect("index < 54"));
        if follow_extendable(&c, s) {
            out |= 1 << i;
        }
    }
    out
}

/// Per-kind counts of a bag as (kind index, copies) in index order.
fn kinds_with_counts(bag: CardBag) -> Vec<(u8, u8)> {
    let (once, twice) = bag.masks();
    let mut out = Vec::with_capacity(once.count_ones() as usize);
    let mut k = once;
    while k != 0 {
        let i = k.trailing_zeros() as u8;
        k &= k - 1;
        out.push((i, 1 + ((twice >> i) & 1) as u8));
    }
    out
}

/// Calls `f` with every legal follow to `lead` from `hand` (TR-4.4), each multiset once, and
/// stops early when `f` returns `false`. Returns `false` if stopped.
pub fn for_each_follow(
    hand: CardBag,
    lead: CardBag,
    trump: &Trump,
    mut f: impl FnMut(CardBag) -> bool,
) -> bool {
    let c = follow_context(hand, lead, trump);
    if c.full {
        let kinds = kinds_with_counts(c.in_suit);
        let pair_kinds_after: Vec<u32> = (0..=kinds.len())
            .map(|j| kinds[j..].iter().filter(|k| k.1 == 2).count() as u32)
            .collect();
        let cards_after: Vec<usize> = (0..=kinds.len())
            .map(|j| kinds[j..].iter().map(|k| k.1 as usize).sum())
            .collect();
        let mut sink = |b: CardBag| f(b);
        follow_dfs(
            &kinds,
            &pair_kinds_after,
            &cards_after,
            0,
            CardBag::EMPTY,
            c.n,
            0,
            c.min_pairs,
            &mut sink,
        )
    } else {
        let rest = restrict(hand, !c.suit_mask);
        let kinds = kinds_with_counts(rest);
        let cards_after: Vec<usize> = (0..=kinds.len())
            .map(|j| kinds[j..].iter().map(|k| k.1 as usize).sum())
            .collect();
        let zeros = vec![0u32; kinds.len() + 1];
        let mut sink = |b: CardBag| f(b);
        follow_dfs(
            &kinds,
            &zeros,
            &cards_after,
            0,
            c.in_suit,
            c.n - c.in_suit.len(),
            0,
            0,
            &mut sink,
        )
    }
}

/// Chooses `need` more cards from `kinds[j..]` with at least `min_pairs - pairs` more pairs.
#[allow(clippy::too_many_arguments)]
fn follow_dfs(
    kinds: &[(u8, u8)],
    pair_kinds_after: &[u32],
    cards_after: &[usize],
    j: usize,
    chosen: CardBag,
    need: usize,
    pairs: u32,
    min_pairs: u32,
    f: &mut impl FnMut(CardBag) -> bool,
) -> bool {
    if need == 0 {
        return if pairs >= min_pairs { f(chosen) } else { true };
    }
    if j == kinds.len() || cards_after[j] < need {
        return true;
    }
    // Pairs still reachable with `need` cards from here.
    let reach = pairs + pair_kinds_after[j].min(need as u32 / 2);
    if reach < min_pairs {
        return true;
    }
    let (i, copies) = kinds[j];
    let card = Card::from_index(i).expect("index < 54");
    for take in (0..=copies.min(need as u8)).rev() {
        let mut b = chosen;
        for _ in 0..take {
            b.insert(card);
        }
        let p = pairs + u32::from(take == 2);
        if !follow_dfs(
            kinds,
            pair_kinds_after,
            cards_after,
            j + 1,
            b,
            need - take as usize,
            p,
            min_pairs,
            f,
        ) {
            return false;
        }
    }
    true
}

/// Every legal follow (TR-4.4), or `None` if there are more than `limit` (see
/// [`count_follows`] to know in advance and [`follow_next_kinds`] for the compact generator).
pub fn legal_follows(
    hand: CardBag,
    lead: CardBag,
    trump: &Trump,
    limit: usize,
) -> Option<Vec<CardBag>> {
    let mut out = Vec::new();
    let complete = for_each_follow(hand, lead, trump, |b| {
        if out.len() == limit {
            return false;
        }
        out.push(b);
        true
    });
    complete.then_some(out)
}

/// The exact number of legal follows (TR-4.4), by dynamic programming over the kinds.
pub fn count_follows(hand: CardBag, lead: CardBag, trump: &Trump) -> u64 {
    let c = follow_context(hand, lead, trump);
    let (pool, need) = if c.full {
        (c.in_suit, c.n)
    } else {
        (restrict(hand, !c.suit_mask), c.n - c.in_suit.len())
    };
    let max_pairs = c.min_pairs as usize;
    // dp[size][min(pairs, max_pairs)]
    let mut dp = vec![vec![0u64; max_pairs + 1]; need + 1];
    dp[0][0] = 1;
    for (_, copies) in kinds_with_counts(pool) {
        let mut next = vec![vec![0u64; max_pairs + 1]; need + 1];
        for (size, row) in dp.iter().enumerate() {
            for (p, &v) in row.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                for take in 0..=copies as usize {
                    if size + take > need {
                        break;
                    }
                    let np = (p + usize::from(take == 2)).min(max_pairs);
                    next[size + take][np] += v;
                }
            }
        }
        dp = next;
    }
    dp[need][max_pairs]
}

/// TR-4.6: whether `play` is a contender against `lead` (same shape, and all of the led suit or,
/// on a plain-suit lead, all trumps).
pub fn is_contender(lead: CardBag, play: CardBag, trump: &Trump) -> bool {
    let shape = shape_of(play, trump);
    if shape == Shape::Other || shape != shape_of(lead, trump) {
        return false;
    }
    let led = common_suit(lead, trump);
    let suit = common_suit(play, trump);
    suit == led || (led != Some(TRUMP) && suit == Some(TRUMP))
}

/// TR-4.7: (class, top position) of a play.
pub(crate) fn play_key(play: CardBag, trump: &Trump) -> (u8, u8) {
    let (once, _) = play.masks();
    let mut k = once;
    let mut top = 0u8;
    let mut all_trump = true;
    while k != 0 {
        let i = k.trailing_zeros() as usize;
        k &= k - 1;
        top = top.max(trump.pos_index(i));
        all_trump &= trump.eff_index(i) == TRUMP;
    }
    (u8::from(all_trump), top)
}

/// TR-4.8: the index of the winning play among `plays` (the lead first, then in play order).
/// A later play wins only by beating the current winner strictly (TR-4.7, TR-D31).
pub fn trick_winner(plays: &[CardBag], trump: &Trump) -> usize {
    let lead = plays[0];
    let mut best = 0;
    let mut best_key = play_key(lead, trump);
    for (i, &p) in plays.iter().enumerate().skip(1) {
        if is_contender(lead, p, trump) {
            let key = play_key(p, trump);
            if key > best_key {
                best = i;
                best_key = key;
            }
        }
    }
    best
}

/// Masks of the point cards (TR-2.11).
const FIVES: u64 = 0xF << (4 * 3);
const TENS_AND_KINGS: u64 = (0xF << (4 * 8)) | (0xF << (4 * 11));

/// TR-2.11: card points of a multiset (5 = 5, T and K = 10).
pub fn points(cards: CardBag) -> u32 {
    let (once, twice) = cards.masks();
    5 * ((once & FIVES).count_ones() + (twice & FIVES).count_ones())
        + 10 * ((once & TENS_AND_KINGS).count_ones() + (twice & TENS_AND_KINGS).count_ones())
}
