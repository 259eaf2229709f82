//! A bridge double-dummy solver: the number of tricks each side takes when all four hands are
//! seen and everybody plays perfectly (rules/bridge.md, BR-4).
//!
//! * [`solve`]: tricks for the side on lead, at the start of a trick.
//! * [`dd_table`] / [`dd_table_with`]: the 20 results of a deal, declarer N E S W × strain
//!   C D H S NT; declarer's left-hand opponent leads (BR-4.1). Optional threads (one per
//!   strain); results never depend on them.
//! * [`solve_position`]: a position in the middle of the play (a trick in progress with 0–3
//!   cards on the table): for every legal card of the hand to play, the tricks **the side to
//!   play** takes **from the current trick on** (the trick in progress counts; tricks already
//!   completed do not) — the convention of DDS's `SolveBoard` and endplay's `solve_board`.
//!
//! Hands may hold any equal number of cards (1–13) at the start of a trick; in a trick in
//! progress the hands that have played hold one card less. Strains are 0..=3 for the trump
//! suits c d h s (cardavia's suit numbers) and 4 for no-trump ([`NO_TRUMP`]).
//!
//! The search (`engine.rs`) is a null-window alpha-beta with a transposition table keyed on
//! the remaining cards by relative rank, quick-trick bounds, equal cards collapsed and ordered
//! moves; see there.

mod engine;
mod tt;

#[cfg(test)]
mod tests;

use crate::cards::{Card, CardSet};
use crate::error::{invalid, Error};
use engine::{Engine, Trick};

/// Strain number of no-trump (BR-2.2); 0..=3 are the trump suits c d h s.
pub const NO_TRUMP: u8 = 4;

/// Tricks declarer's side takes, `[declarer][strain]`: declarers N E S W (0..=3), strains
/// C D H S NT (0..=4).
pub type DdTable = [[u8; 5]; 4];

const SEATS: [char; 4] = ['N', 'E', 'S', 'W'];

/// The lane layout of the engine (16 bits per suit) from a card set.
fn to_lanes(set: CardSet) -> u64 {
    set.iter().fold(0u64, |acc, c| acc | lane_bit(c))
}

fn lane_bit(card: Card) -> u64 {
    1u64 << lane_code(card)
}

fn lane_code(card: Card) -> u8 {
    (card.suit().unwrap_or(0) << 4) | card.rank()
}

fn from_lane_code(code: u8) -> Card {
    Card::new(code & 15, code >> 4).unwrap_or(Card::SMALL_JOKER)
}

fn check_strain(strain: u8) -> Result<usize, Error> {
    if strain <= NO_TRUMP {
        Ok(strain as usize)
    } else {
        Err(invalid(format!(
            "strain must be 0-4 (C D H S NT), got {strain}"
        )))
    }
}

fn check_seat(seat: usize, what: &str) -> Result<usize, Error> {
    if seat < 4 {
        Ok(seat)
    } else {
        Err(invalid(format!(
            "{what} must be a seat 0-3 (N E S W), got {seat}"
        )))
    }
}

/// Checks that the hands hold distinct cards without jokers (BR-2.1).
fn check_cards(hands: &[CardSet; 4], table: &[Card]) -> Result<(), Error> {
    let pack = CardSet::full_pack(false);
    let mut seen = CardSet::EMPTY;
    for (seat, hand) in hands.iter().enumerate() {
        if !hand.is_subset(pack) {
            return Err(invalid(format!(
                "{} holds a joker: bridge uses no jokers (BR-2.1)",
                SEATS[seat]
            )));
        }
        let twice = hand.intersection(seen);
        if !twice.is_empty() {
            return Err(invalid(format!("{twice} dealt to more than one seat")));
        }
        seen = seen.union(*hand);
    }
    for card in table {
        if card.is_joker() {
            return Err(invalid("bridge uses no jokers (BR-2.1)"));
        }
        if seen.contains(*card) {
            return Err(invalid(format!(
                "{card} is on the table and also in a hand (or played twice)"
            )));
        }
        seen.insert(*card);
    }
    Ok(())
}

/// Checks a start-of-trick deal: distinct cards, every hand the same size.
fn check_deal(hands: &[CardSet; 4]) -> Result<usize, Error> {
    check_cards(hands, &[])?;
    let size = hands[0].len();
    for (seat, hand) in hands.iter().enumerate() {
        if hand.len() != size {
            return Err(invalid(format!(
                "every hand must hold the same number of cards: N holds {size}, {} holds {}",
                SEATS[seat],
                hand.len()
            )));
        }
    }
    Ok(size)
}

/// Tricks the side on lead takes from here with best play (BR-4.4–4.7), `leader` (0..=3,
/// N E S W) on lead to a new trick, `strain` 0..=3 (trumps c d h s) or 4 (NT).
pub fn solve(hands: &[CardSet; 4], strain: u8, leader: usize) -> Result<u8, Error> {
    let trump = check_strain(strain)?;
    let leader = check_seat(leader, "leader")?;
    if check_deal(hands)? == 0 {
        return Ok(0);
    }
    let mut engine = Engine::new(hands.map(to_lanes), trump);
    Ok(engine.solve_from_lead(leader, None))
}

/// The double-dummy table of a deal: tricks for each declarer in each strain, the declarer's
/// left-hand opponent on lead (BR-4.1). One thread.
pub fn dd_table(hands: &[CardSet; 4]) -> Result<DdTable, Error> {
    dd_table_with(hands, 1, &|| true)
}

/// The tricks of the four declarers in one strain (one transposition table for all four), and
/// the trick-start nodes searched. `keep_going` is asked before each declarer; `None` if it
/// said stop.
fn strain_column(
    hands: [u64; 4],
    trump: usize,
    keep_going: &dyn Fn() -> bool,
) -> Option<([u8; 4], u64)> {
    let n = hands[0].count_ones() as u8;
    let mut engine = Engine::new(hands, trump);
    let mut column = [0u8; 4];
    // Declarers N, S, E, W: partners usually take the same number of tricks, and the other
    // side about the rest, so each result is the next one's first guess (tricks for the side
    // on lead, the defence).
    for declarer in [0usize, 2, 1, 3] {
        if !keep_going() {
            return None;
        }
        let guess = match declarer {
            0 => None,
            2 => Some(n - column[0]),
            1 => Some(column[0]),
            _ => Some(n - column[1]),
        };
        let defence = engine.solve_from_lead((declarer + 1) % 4, guess);
        column[declarer] = n - defence;
    }
    Some((column, engine.nodes))
}

/// [`dd_table`] on `threads` threads (0 or 1 = the calling thread; at most one per strain is
/// useful). `keep_going` is asked between results (from the worker threads when `threads >
/// 1`); if it returns false the work stops with an "interrupted" error. The results never
/// depend on the thread count.
pub fn dd_table_with(
    hands: &[CardSet; 4],
    threads: usize,
    keep_going: &(dyn Fn() -> bool + Sync),
) -> Result<DdTable, Error> {
    let size = check_deal(hands)?;
    let mut table = [[0u8; 5]; 4];
    if size == 0 {
        return Ok(table);
    }
    let lanes = hands.map(to_lanes);
    let columns: Vec<Option<([u8; 4], u64)>> = if threads <= 1 {
        sequential_columns(lanes, keep_going)
    } else {
        use rayon::prelude::*;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.min(5))
            .build()
            .map_err(|e| invalid(format!("cannot start {threads} threads: {e}")))?;
        pool.install(|| {
            (0..5usize)
                .into_par_iter()
                .map(|strain| strain_column(lanes, strain, keep_going))
                .collect()
        })
    };
    for (strain, column) in columns.into_iter().enumerate() {
        let (column, _) = column.ok_or_else(|| invalid("interrupted"))?;
        for declarer in 0..4 {
            table[declarer][strain] = column[declarer];
        }
    }
    Ok(table)
}

/// The five strains one after the other on the calling thread.
fn sequential_columns(
    lanes: [u64; 4],
    keep_going: &dyn Fn() -> bool,
) -> Vec<Option<([u8; 4], u64)>> {
    (0..5)
        .map(|strain| strain_column(lanes, strain, keep_going))
        .collect()
}

/// For the hand to play in a position in the middle of the play: every legal card with the
/// tricks the side to play then takes from the current trick on, tricks already completed not
/// counted (DDS `SolveBoard` convention). `hands` are the cards still held, `trick_leader` led
/// the trick in progress and `trick` holds its 0–3 cards in play order. Equal cards get equal
/// values; the list is in card order (clubs first, low to high within a suit).
pub fn solve_position(
    hands: &[CardSet; 4],
    strain: u8,
    trick_leader: usize,
    trick: &[Card],
) -> Result<Vec<(Card, u8)>, Error> {
    solve_position_with(hands, strain, trick_leader, trick, &|| true)
}

/// [`solve_position`], asking `keep_going` between cards (an "interrupted" error if it says
/// stop).
pub fn solve_position_with(
    hands: &[CardSet; 4],
    strain: u8,
    trick_leader: usize,
    trick: &[Card],
    keep_going: &dyn Fn() -> bool,
) -> Result<Vec<(Card, u8)>, Error> {
    let trump = check_strain(strain)?;
    let leader = check_seat(trick_leader, "the leader of the trick")?;
    if trick.len() > 3 {
        return Err(invalid(format!(
            "a trick in progress has 0-3 cards on the table, got {} (a complete trick is over)",
            trick.len()
        )));
    }
    check_cards(hands, trick)?;
    // The hands that played to this trick hold one card less than the others (BR-4.4).
    let to_play = (leader + trick.len()) % 4;
    let size = hands[to_play].len();
    if size == 0 {
        return Err(invalid(format!(
            "{} has no card left to play",
            SEATS[to_play]
        )));
    }
    for k in 0..4 {
        let seat = (leader + k) % 4;
        let want = if k < trick.len() { size - 1 } else { size };
        if hands[seat].len() != want {
            return Err(invalid(format!(
                "{} holds {} cards but must hold {want}: {} has {size} to play{}",
                SEATS[seat],
                hands[seat].len(),
                SEATS[to_play],
                if k < trick.len() {
                    " and played one to this trick"
                } else {
                    ""
                }
            )));
        }
    }
    // A card that did not follow suit means its player had none of the suit led (BR-4.5).
    if let Some(first) = trick.first() {
        let led = first.suit();
        for (k, card) in trick.iter().enumerate().skip(1) {
            let seat = (leader + k) % 4;
            if card.suit() != led {
                let still = hands[seat]
                    .iter()
                    .filter(|c| c.suit() == led)
                    .collect::<CardSet>();
                if !still.is_empty() {
                    return Err(invalid(format!(
                        "{} played {card} to a {first} lead while holding {still}: it had to \
                         follow suit (BR-4.5)",
                        SEATS[seat]
                    )));
                }
            }
        }
    }
    let mut engine = Engine::new(hands.map(to_lanes), trump);
    let played: Vec<u8> = trick.iter().map(|&c| lane_code(c)).collect();
    let state: Trick = engine.trick_in_progress(leader, &played);
    let values = engine
        .solve_cards(state, keep_going)
        .ok_or_else(|| invalid("interrupted"))?;
    Ok(values
        .into_iter()
        .map(|(code, tricks)| (from_lane_code(code), tricks))
        .collect())
}

/// Tuning aid: the table of a full deal as [`dd_table`] solves it (one thread), with the
/// trick-start nodes searched.
#[doc(hidden)]
pub fn table_stats(hands: &[CardSet; 4]) -> Result<(DdTable, u64), Error> {
    check_deal(hands)?;
    let mut table = [[0u8; 5]; 4];
    let mut nodes = 0;
    for (strain, column) in sequential_columns(hands.map(to_lanes), &|| true)
        .into_iter()
        .enumerate()
    {
        let (column, n) = column.ok_or_else(|| invalid("interrupted"))?;
        nodes += n;
        for declarer in 0..4 {
            table[declarer][strain] = column[declarer];
        }
    }
    Ok((table, nodes))
}
