//! The search: a null-window alpha-beta over card plays, one trick at a time.
//!
//! # Representation
//!
//! A hand is a `u64` with one 16-bit lane per suit (`c d h s`), bit `r` of lane `s` being the
//! card of rank `r` (0 = deuce … 12 = ace). A card code is `16 * suit + rank`. `present` holds
//! every card still in play: in the hands, or on the table in the current trick.
//!
//! # The question asked
//!
//! [`Engine::search`] answers "can the MAX side (`max_side`) take at least `target` of the
//! tricks from here on?", with `true`/`false`. Exact values come from a few such tests around a
//! guess (MTD(f)-style), which the transposition table makes cheap to repeat.
//!
//! # Relevant cards (what a result depends on)
//!
//! Next to its answer every node returns the set of cards whose *owners* the answer depended on,
//! as a mask whose lowest bit in each suit is what counts: the answer holds for every position
//! with the same lengths per hand and suit in which the cards of each suit from the top down to
//! that bit sit in the same hands (and on the table in the same trick slots). A card enters the
//! set when it won a trick by beating another card of its suit, or when a bound compared it; the
//! sets of the children a node's proof used are united. Where a proof explored *every* move of a
//! hand (the hand's side lost at that node), the bit is moved down to the bottom of any run of
//! that hand's touching cards it falls in: only one card of a run of equal cards was searched,
//! and the others are interchangeable with it only when the whole run is on the same side of the
//! bit. The set turns into the pattern a transposition-table entry matches (`tt.rs`).
//!
//! # Pruning and ordering
//!
//! At the start of each trick: the transposition table; then the side on lead's quick tricks
//! (cards it can cash at once) and both sides' sure trump tricks (a hand's trumps above all of
//! the other side's) bound the result. Equal cards (touching cards of one hand, counting played
//! cards as gone) are searched once. Moves are ordered by simple bridge sense: cash winners, win
//! cheaply, play low behind a winning partner, ruff low, discard low from long suits; the lead
//! that proved a stored bound is tried first, and each lead gains a bonus in proportion to how
//! much search it has cut off before (history) relative to the best such lead.

use super::tt::{compress13, Table, NO_CARD};

const HISTORY_BONUS: i32 = 75;

/// Strain number of no-trump (strains 0..=3 are the trump suits c d h s).
pub(super) const NO_TRUMP: usize = 4;

const LANE_BITS: u64 = 0x1FFF;

#[inline]
fn lane(x: u64, suit: usize) -> u32 {
    ((x >> (16 * suit)) & LANE_BITS) as u32
}

/// Cards in a 13-bit suit lane (a table: the portable x86-64 target has no popcount
/// instruction, and this is the innermost operation of the search).
static POP13: [u8; 1 << 13] = {
    let mut table = [0u8; 1 << 13];
    let mut x = 1;
    while x < (1 << 13) {
        table[x] = table[x >> 1] + (x & 1) as u8;
        x += 1;
    }
    table
};

#[inline]
fn pop(lane: u32) -> u32 {
    POP13[lane as usize & 0x1FFF] as u32
}

/// `SELECT7[u][i]`: the position of the `i`-th lowest set bit of the 7-bit `u`.
static SELECT7: [[u8; 7]; 128] = {
    let mut table = [[0u8; 7]; 128];
    let mut u = 0;
    while u < 128 {
        let (mut i, mut b) = (0, 0);
        while b < 7 {
            if u & (1 << b) != 0 {
                table[u][i] = b as u8;
                i += 1;
            }
            b += 1;
        }
        u += 1;
    }
    table
};

/// The rank of the `i`-th lowest card of a 13-bit lane that holds more than `i` cards.
#[inline]
fn select(lane: u32, i: u32) -> u32 {
    let low = lane & 0x7F;
    let below = pop(low);
    if i < below {
        SELECT7[low as usize][i as usize] as u32
    } else {
        7 + SELECT7[(lane >> 7) as usize & 0x3F][(i - below) as usize] as u32
    }
}

/// Cards in a whole hand (four lanes).
#[inline]
fn pop_hand(hand: u64) -> u32 {
    pop(lane(hand, 0)) + pop(lane(hand, 1)) + pop(lane(hand, 2)) + pop(lane(hand, 3))
}

#[inline]
fn suit_of(card: u8) -> usize {
    (card >> 4) as usize
}

#[inline]
fn rank_of(card: u8) -> u32 {
    (card & 15) as u32
}

#[inline]
fn code(suit: usize, rank: u32) -> u8 {
    (suit as u8) << 4 | rank as u8
}

#[inline]
fn bit_of(card: u8) -> u64 {
    1u64 << card
}

#[inline]
fn side(hand: usize) -> usize {
    hand & 1
}

/// Highest set bit of a non-zero value.
#[inline]
fn top_bit(x: u32) -> u32 {
    31 - x.leading_zeros()
}

/// What one hand can cash in one suit (see [`Engine::quick_tricks`]).
#[derive(Clone, Copy, Debug)]
struct Cash {
    tricks: u32,
    /// The lead stays with the cashing hand whatever partner keeps.
    safe: bool,
    relevant: u64,
}

impl Cash {
    const NONE: Cash = Cash {
        tricks: 0,
        safe: false,
        relevant: 0,
    };
}

/// `who` (0 = the leader, 1 = partner, as roles in `lanes`) cashing `suit` for at most `limit`
/// rounds (see [`Engine::quick_tricks`]). `lanes[role][suit]`: roles leader, partner, LHO, RHO.
#[inline]
fn cash(lanes: &[[u32; 4]; 4], who: usize, suit: usize, limit: u32) -> Cash {
    let mut mine = lanes[who][suit];
    if mine == 0 || limit == 0 {
        return Cash::NONE;
    }
    let mate_cards = lanes[who ^ 1][suit];
    let mut left = lanes[2][suit];
    let mut right = lanes[3][suit];
    let mut mate = mate_cards;
    let mut tricks = 0u32;
    let mut lead_kept = true;
    // Each comparison the count rests on keeps the higher card's owner relevant: the lower
    // card is then the same card or lower in any matching position.
    let mut lowest_needed = 13u32;
    let mut lowest_led = 13u32;
    while tricks < limit && mine != 0 {
        let card = top_bit(mine);
        let theirs = left | right;
        if theirs != 0 {
            if card < top_bit(theirs) {
                break;
            }
            lowest_needed = lowest_needed.min(card);
        }
        if mate != 0 {
            let low = mate.trailing_zeros();
            lowest_needed = lowest_needed.min(low.max(card));
            if low > card {
                tricks += 1;
                lead_kept = false;
                break;
            }
            mate &= mate - 1;
        }
        mine &= !(1 << card);
        lowest_led = card;
        left &= left.wrapping_sub(1);
        right &= right.wrapping_sub(1);
        tricks += 1;
    }
    if tricks == 0 {
        return Cash::NONE;
    }
    let safe = lead_kept && {
        if mate_cards == 0 {
            true
        } else {
            let mate_top = top_bit(mate_cards);
            lowest_needed = lowest_needed.min(mate_top.max(lowest_led));
            mate_top < lowest_led
        }
    };
    Cash {
        tricks,
        safe,
        relevant: if lowest_needed < 13 {
            1u64 << (16 * suit as u32 + lowest_needed)
        } else {
            0
        },
    }
}

/// The leader crosses to partner in `suit`: a low card to partner's winner (then partner goes
/// on cashing the suit), or to partner's ruff. Tricks won and relevant cards, if the lead ends
/// with partner. `lanes` as for [`cash`].
#[inline]
fn cross_to_partner(
    lanes: &[[u32; 4]; 4],
    suit: usize,
    limit: u32,
    trump: usize,
) -> Option<(u32, u64)> {
    let mut mine = lanes[0][suit];
    let mut mate = lanes[1][suit];
    let mut left = lanes[2][suit];
    let mut right = lanes[3][suit];
    if mine == 0 || limit == 0 {
        return None;
    }
    if mate == 0 {
        // Partner ruffs; the opponents follow (the limit says they must), so no overruff.
        let ruffs = trump != NO_TRUMP && suit != trump && lanes[1][trump] != 0;
        return ruffs.then_some((1, 0));
    }
    let top = top_bit(mate);
    let low = mine.trailing_zeros();
    let theirs = left | right;
    if low > top || (theirs != 0 && top_bit(theirs) > top) {
        return None;
    }
    let mut lowest_needed = top;
    mine &= mine - 1;
    mate &= !(1 << top);
    left &= left.wrapping_sub(1);
    right &= right.wrapping_sub(1);
    let mut tricks = 1u32;
    // Partner goes on: his highest card while it beats the opponents; the leader follows low,
    // and an overtake ends the plan (the lead would be back with the leader).
    while tricks < limit && mate != 0 {
        let card = top_bit(mate);
        let theirs = left | right;
        if theirs != 0 {
            if card < top_bit(theirs) {
                break;
            }
            lowest_needed = lowest_needed.min(card);
        }
        if mine != 0 {
            let low = mine.trailing_zeros();
            lowest_needed = lowest_needed.min(low.max(card));
            if low > card {
                return None;
            }
            mine &= mine - 1;
        }
        mate &= !(1 << card);
        left &= left.wrapping_sub(1);
        right &= right.wrapping_sub(1);
        tricks += 1;
    }
    Some((tricks, 1u64 << (16 * suit as u32 + lowest_needed)))
}

/// What the opponents still to play in a trick can do (see `Engine::threats`): rank of the
/// highest card of the suit led among those who follow, and of the highest trump among those
/// who can ruff; -1 for none.
#[derive(Clone, Copy, Debug)]
struct Threats {
    follow: i32,
    ruff: i32,
}

/// The state of the trick being played.
#[derive(Clone, Copy, Debug)]
pub(super) struct Trick {
    pub leader: u8,
    /// Cards already played to this trick (0..=3).
    pub ply: u8,
    pub led_suit: u8,
    pub winning_hand: u8,
    pub winning_card: u8,
    /// The cards on the table.
    pub table: u64,
}

impl Trick {
    pub fn start(leader: usize) -> Trick {
        Trick {
            leader: leader as u8,
            ply: 0,
            led_suit: 0,
            winning_hand: leader as u8,
            winning_card: NO_CARD,
            table: 0,
        }
    }

    #[inline]
    pub fn hand_to_play(&self) -> usize {
        ((self.leader + self.ply) & 3) as usize
    }
}

/// The solver's state for one deal and strain (the table is kept across searches).
pub(super) struct Engine {
    pub hands: [u64; 4],
    present: u64,
    /// `hands` and `present` by suit (lanes), kept alongside for speed.
    suits: [[u32; 4]; 4],
    present_suits: [u32; 4],
    /// Cards per hand and suit, 4 bits each (the transposition table's lengths key).
    lengths: u64,
    /// Cards per hand.
    counts: [u8; 4],
    trump: usize,
    max_side: usize,
    tt: Table,
    /// Per hand and card, how much search the lead of that card has cut off (history).
    history: [[u32; 64]; 4],
    /// Trick-start nodes visited (for benchmarks and tuning).
    pub nodes: u64,
}

impl Engine {
    /// An engine for `hands` (lane layout) with strain `trump` (`NO_TRUMP` for NT).
    pub fn new(hands: [u64; 4], trump: usize) -> Engine {
        let mut lengths = 0u64;
        let mut counts = [0u8; 4];
        for (hand, cards) in hands.iter().enumerate() {
            for suit in 0..4 {
                lengths |= (pop(lane(*cards, suit)) as u64) << (16 * hand + 4 * suit);
            }
            counts[hand] = pop_hand(*cards) as u8;
        }
        let present = hands[0] | hands[1] | hands[2] | hands[3];
        Engine {
            hands,
            present,
            suits: hands.map(|h| [lane(h, 0), lane(h, 1), lane(h, 2), lane(h, 3)]),
            present_suits: [0, 1, 2, 3].map(|s| lane(present, s)),
            lengths,
            counts,
            trump,
            history: [[0; 64]; 4],
            max_side: 0,
            tt: Table::new(18, 1 << 20),
            nodes: 0,
        }
    }

    /// Puts the cards of a trick in progress on the table: `played` in play order from
    /// `leader`, already removed from the hands.
    pub fn trick_in_progress(&mut self, leader: usize, played: &[u8]) -> Trick {
        let mut trick = Trick::start(leader);
        for &card in played {
            self.present |= bit_of(card);
            self.present_suits[suit_of(card)] |= 1 << rank_of(card);
            trick = self.after(trick, card);
        }
        trick
    }

    #[inline]
    fn beats(&self, card: u8, best: u8) -> bool {
        let (cs, bs) = (suit_of(card), suit_of(best));
        if cs == bs {
            rank_of(card) > rank_of(best)
        } else {
            cs == self.trump
        }
    }

    /// The trick after the hand to play adds `card`.
    #[inline]
    fn after(&self, trick: Trick, card: u8) -> Trick {
        let hand = trick.hand_to_play() as u8;
        let mut next = trick;
        next.ply += 1;
        next.table |= bit_of(card);
        if trick.ply == 0 {
            next.led_suit = suit_of(card) as u8;
            next.winning_hand = hand;
            next.winning_card = card;
        } else if self.beats(card, trick.winning_card) {
            next.winning_hand = hand;
            next.winning_card = card;
        }
        next
    }

    /// Tricks the side on lead takes from here with best play by both sides, `leader` on lead
    /// at the start of a trick; `guess` is where the tests start.
    pub fn solve_from_lead(&mut self, leader: usize, guess: Option<u8>) -> u8 {
        let n = pop_hand(self.hands[leader]) as u8;
        self.max_side = side(leader);
        match guess {
            Some(g) => self.exact(Trick::start(leader), 0, n, g),
            None => self.bisect(Trick::start(leader), n),
        }
    }

    /// The exact value in `0..=n` of tricks for the MAX side from `trick` on, by bisection
    /// (when there is no good guess).
    fn bisect(&mut self, trick: Trick, n: u8) -> u8 {
        let (mut lo, mut hi) = (0u8, n);
        while lo < hi {
            let t = (lo + hi).div_ceil(2);
            if self.search(trick, t as i32).0 {
                lo = t;
            } else {
                hi = t - 1;
            }
        }
        lo
    }

    /// The exact value in `lo..=hi` of tricks for the MAX side from `trick` on, by null-window
    /// tests walking from `guess`.
    fn exact(&mut self, trick: Trick, mut lo: u8, mut hi: u8, guess: u8) -> u8 {
        let mut g = guess;
        while lo < hi {
            let t = g.clamp(lo + 1, hi);
            if self.search(trick, t as i32).0 {
                lo = t;
                g = t + 1;
            } else {
                hi = t - 1;
                g = t.saturating_sub(1);
            }
        }
        lo
    }

    /// For the hand to play in `trick`: each legal card with the tricks its side takes from the
    /// current trick on (the trick in progress included). Every legal card is listed; equal
    /// cards get their group's value. `keep_going` is asked between cards; `None` if it said no.
    pub fn solve_cards(
        &mut self,
        trick: Trick,
        keep_going: &dyn Fn() -> bool,
    ) -> Option<Vec<(u8, u8)>> {
        let hand = trick.hand_to_play();
        self.max_side = side(hand);
        let n = pop_hand(self.hands[hand]) as u8; // tricks left, this one included
        let legal = self.legal(hand, trick);
        let mut reps = [0u8; 13];
        let count = self.representatives(hand, legal, &mut reps);
        self.order(hand, trick, &mut reps[..count], NO_CARD);
        let mut values: Vec<(u8, u8)> = Vec::with_capacity(13);
        let mut best: Option<u8> = None;
        for &card in &reps[..count] {
            if !keep_going() {
                return None;
            }
            let value = self.value_of(trick, card, n, best);
            best = Some(best.map_or(value, |b| b.max(value)));
            values.push((card, value));
        }
        // Every legal card: a card takes the value of its group's representative.
        let mut out = Vec::with_capacity(legal.count_ones() as usize);
        for suit in 0..4 {
            let mut held = lane(legal, suit);
            while held != 0 {
                let rank = held.trailing_zeros();
                held &= held - 1;
                let card = code(suit, rank);
                let rep = self.representative_of(hand, card);
                let value = values
                    .iter()
                    .find(|(c, _)| *c == rep)
                    .map_or(0, |(_, v)| *v);
                out.push((card, value));
            }
        }
        Some(out)
    }

    /// Tricks for the side of the hand to play if it plays `card` now (from the current trick
    /// on), testing the best value found so far first.
    fn value_of(&mut self, trick: Trick, card: u8, n: u8, best: Option<u8>) -> u8 {
        let hand = trick.hand_to_play();
        let guess = best.unwrap_or_else(|| {
            if trick.ply == 0 {
                self.quick_tricks(hand, 13).0 as u8
            } else {
                n / 2
            }
        });
        let mut lo = 0;
        let mut hi = n;
        let mut g = guess;
        while lo < hi {
            let t = g.clamp(lo + 1, hi);
            if self.test_card(trick, card, t as i32) {
                lo = t;
                g = t + 1;
            } else {
                hi = t - 1;
                g = t.saturating_sub(1);
            }
        }
        lo
    }

    /// Can the MAX side take `target` tricks from the current trick on after `card`?
    fn test_card(&mut self, trick: Trick, card: u8, target: i32) -> bool {
        let hand = trick.hand_to_play();
        self.take(hand, card);
        let next = self.after(trick, card);
        let result = if next.ply == 4 {
            self.finish_trick(next, target).0
        } else {
            self.search(next, target).0
        };
        self.give(hand, card);
        result
    }

    /// The trick is complete: its winner leads the next one.
    #[inline]
    fn finish_trick(&mut self, trick: Trick, target: i32) -> (bool, u64) {
        let winner = trick.winning_hand as usize;
        let won = (side(winner) == self.max_side) as i32;
        self.toggle_present(trick.table);
        let (result, mut relevant) = self.search(Trick::start(winner), target - won);
        self.toggle_present(trick.table);
        // The winner's rank mattered only if it beat another card of its suit.
        let winning = trick.winning_card;
        if pop(lane(trick.table, suit_of(winning))) > 1 {
            relevant |= bit_of(winning);
        }
        (result, relevant)
    }

    /// Null-window test: can the MAX side take at least `target` of the tricks from here (the
    /// trick in progress included)? Also returns the relevant cards (module documentation).
    pub(super) fn search(&mut self, trick: Trick, target: i32) -> (bool, u64) {
        let hand = trick.hand_to_play();
        let mut hint = NO_CARD;
        let mut store = None;
        if trick.ply == 0 {
            self.nodes += 1;
            let n = self.counts[hand] as i32;
            if target <= 0 {
                return (true, 0);
            }
            if target > n {
                return (false, 0);
            }
            if n == 1 {
                return self.last_trick(hand, target);
            }
            let leader_is_max = side(hand) == self.max_side;
            // The side on lead "reaches" `need` tricks iff MAX succeeds (leader MAX) or fails.
            let need = if leader_is_max {
                target
            } else {
                n - target + 1
            };
            let lengths = self.lengths_key();
            let (plane0, plane1) = self.planes();
            let mut cut = None;
            let seen = self.tt.probe(lengths, hand as u8, plane0, plane1, |e| {
                if e.lower() as i32 >= need {
                    cut = Some((leader_is_max, e.mask()));
                    return true;
                }
                if (e.upper() as i32) < need {
                    cut = Some((!leader_is_max, e.mask()));
                    return true;
                }
                if hint == NO_CARD {
                    hint = e.best();
                }
                false
            });
            if let Some((result, mask)) = cut {
                return (result, self.mask_to_relevant(mask));
            }
            if self.quick_trick_ceiling(hand) >= need as u32 {
                let (quick, quick_relevant) = self.quick_tricks(hand, need);
                if quick >= need {
                    return (leader_is_max, quick_relevant);
                }
            }
            if self.trump != NO_TRUMP {
                // The other side's sure trump tricks: the side on lead stays below n - sure.
                let (sure, sure_relevant) = self.sure_trump_tricks((hand + 1) & 3);
                if n - sure < need {
                    return (!leader_is_max, sure_relevant);
                }
                let (ours, ours_relevant) = self.sure_trump_tricks(hand);
                if ours >= need {
                    return (leader_is_max, ours_relevant);
                }
            }
            store = Some((lengths, plane0, plane1, n, need, leader_is_max, seen));
        }

        let is_max = side(hand) == self.max_side;
        let legal = self.legal(hand, trick);
        let mut moves = [0u8; 13];
        let count = self.representatives(hand, legal, &mut moves);
        self.order(hand, trick, &mut moves[..count], hint);
        let mut relevant_all = 0u64;
        let mut outcome = None;
        for &card in &moves[..count] {
            self.take(hand, card);
            let next = self.after(trick, card);
            let (result, relevant) = if next.ply == 4 {
                self.finish_trick(next, target)
            } else {
                self.search(next, target)
            };
            self.give(hand, card);
            if result == is_max {
                outcome = Some((result, relevant, card));
                if trick.ply == 0 {
                    let n = self.counts[hand] as u32;
                    self.history[hand][card as usize] += n * n;
                }
                break;
            }
            relevant_all |= relevant;
        }
        let (result, relevant, best) = match outcome {
            Some(found) => found,
            None => (
                !is_max,
                self.widen_over_equals(hand, legal, relevant_all),
                NO_CARD,
            ),
        };
        if let Some((lengths, plane0, plane1, n, need, leader_is_max, seen)) = store {
            let mask = self.relevant_to_mask(relevant);
            let (lower, upper) = if result == leader_is_max {
                (need as u8, n as u8)
            } else {
                (0, (need - 1) as u8)
            };
            self.tt.store(
                lengths, hand as u8, plane0, plane1, mask, lower, upper, best, &seen,
            );
        }
        (result, relevant)
    }

    /// The last trick: every hand has one card.
    fn last_trick(&mut self, leader: usize, target: i32) -> (bool, u64) {
        let mut trick = Trick::start(leader);
        for k in 0..4 {
            let hand = (leader + k) & 3;
            let card = self.hands[hand].trailing_zeros() as u8;
            trick = self.after(trick, card);
        }
        let won = (side(trick.winning_hand as usize) == self.max_side) as i32;
        let winning = trick.winning_card;
        let relevant = if pop(lane(trick.table, suit_of(winning))) > 1 {
            bit_of(winning)
        } else {
            0
        };
        (won >= target, relevant)
    }

    /// The cards `hand` may play (BR-4.5: follow suit if able).
    #[inline]
    fn legal(&self, hand: usize, trick: Trick) -> u64 {
        let held = self.hands[hand];
        if trick.ply == 0 {
            return held;
        }
        let follow = held & (LANE_BITS << (16 * trick.led_suit as u64));
        if follow != 0 {
            follow
        } else {
            held
        }
    }

    /// One card per run of touching cards of `hand` among `legal` (the lowest of each run),
    /// written to `out`; returns how many.
    #[inline]
    fn representatives(&self, hand: usize, legal: u64, out: &mut [u8; 13]) -> usize {
        let mut count = 0;
        for suit in 0..4 {
            let mine = self.suits[hand][suit];
            let mut cards = lane(legal, suit);
            if cards == 0 {
                continue;
            }
            let present = self.present_suits[suit];
            while cards != 0 {
                let rank = cards.trailing_zeros();
                cards &= cards - 1;
                let below = present & ((1u32 << rank) - 1);
                if below == 0 || mine & (1 << top_bit(below)) == 0 {
                    out[count] = code(suit, rank);
                    count += 1;
                }
            }
        }
        count
    }

    /// The representative (lowest card of its run of touching cards) of a card `hand` holds.
    fn representative_of(&self, hand: usize, card: u8) -> u8 {
        let suit = suit_of(card);
        let mine = self.suits[hand][suit];
        let present = self.present_suits[suit];
        let mut rank = rank_of(card);
        loop {
            let below = present & ((1u32 << rank) - 1);
            if below == 0 || mine & (1 << top_bit(below)) == 0 {
                return code(suit, rank);
            }
            rank = top_bit(below);
        }
    }

    /// Where every move of `hand` was searched: moves each suit's relevant bit down to the
    /// bottom of the run of `hand`'s touching cards it falls in (module documentation).
    fn widen_over_equals(&self, hand: usize, legal: u64, mut relevant: u64) -> u64 {
        for suit in 0..4 {
            if lane(legal, suit) == 0 {
                continue;
            }
            let bits = lane(relevant, suit);
            if bits == 0 {
                continue;
            }
            let mine = self.suits[hand][suit];
            let present = self.present_suits[suit];
            let mut rank = bits.trailing_zeros();
            if mine & (1 << rank) == 0 {
                continue;
            }
            loop {
                let below = present & ((1u32 << rank) - 1);
                if below == 0 || mine & (1 << top_bit(below)) == 0 {
                    break;
                }
                rank = top_bit(below);
            }
            relevant |= 1u64 << (16 * suit as u32 + rank);
        }
        relevant
    }

    /// The lengths key of the transposition table: 4 bits per hand and suit, bits
    /// `16 * hand + 4 * suit` (kept up to date as cards are played).
    #[inline]
    fn lengths_key(&self) -> u64 {
        self.lengths
    }

    /// `hand` plays `card` (or takes it back with [`Engine::give`]).
    #[inline]
    fn toggle_present(&mut self, cards: u64) {
        self.present ^= cards;
        for suit in 0..4 {
            self.present_suits[suit] ^= lane(cards, suit);
        }
    }

    #[inline]
    fn take(&mut self, hand: usize, card: u8) {
        self.hands[hand] ^= bit_of(card);
        self.suits[hand][suit_of(card)] ^= 1 << rank_of(card);
        self.lengths -= 1u64 << (16 * hand + 4 * suit_of(card));
        self.counts[hand] -= 1;
    }

    #[inline]
    fn give(&mut self, hand: usize, card: u8) {
        self.hands[hand] ^= bit_of(card);
        self.suits[hand][suit_of(card)] ^= 1 << rank_of(card);
        self.lengths += 1u64 << (16 * hand + 4 * suit_of(card));
        self.counts[hand] += 1;
    }

    /// The two owner bit planes of the position (trick start: `present` = the hands).
    #[inline]
    fn planes(&self) -> (u64, u64) {
        let odd = self.hands[1] | self.hands[3];
        let high = self.hands[2] | self.hands[3];
        let (mut plane0, mut plane1) = (0u64, 0u64);
        for suit in 0..4 {
            let present = self.present_suits[suit];
            plane0 |= (compress13(lane(odd, suit), present) as u64) << (16 * suit);
            plane1 |= (compress13(lane(high, suit), present) as u64) << (16 * suit);
        }
        (plane0, plane1)
    }

    /// The pattern mask (top `k` cards of each suit) of a relevant-cards set.
    fn relevant_to_mask(&self, relevant: u64) -> u64 {
        let mut mask = 0u64;
        for suit in 0..4 {
            let bits = lane(relevant, suit);
            if bits == 0 {
                continue;
            }
            let present = self.present_suits[suit];
            let total = pop(present);
            let top = pop(present >> bits.trailing_zeros());
            let lane_mask = ((1u64 << top) - 1) << (total - top);
            mask |= lane_mask << (16 * suit);
        }
        mask
    }

    /// The relevant-cards set of a pattern mask in the current position.
    fn mask_to_relevant(&self, mask: u64) -> u64 {
        let mut relevant = 0u64;
        for suit in 0..4 {
            let bits = lane(mask, suit);
            if bits == 0 {
                continue;
            }
            let rank = select(self.present_suits[suit], bits.trailing_zeros());
            relevant |= (1u64 << rank) << (16 * suit);
        }
        relevant
    }

    /// Tricks the side on lead can cash at once, and the cards that count rests on.
    ///
    /// Suit by suit a hand leads its highest card while it beats every card the opponents still
    /// hold there (they play their lowest, keeping their high cards as long as they can); once
    /// both are out of the suit its small cards win too. Partner follows with his lowest card;
    /// if that beats the card led the trick is still won but the lead passes. In a trump
    /// contract a count stops before a round in which an opponent holding trumps could be out
    /// of the suit. A suit is *safe* when partner can never be forced to overtake.
    ///
    /// Two plans are counted and the better one kept: (a) the leader cashes his safe suits,
    /// then one more suit in which the lead may pass; (b) the leader cashes his safe suits,
    /// crosses to partner in another suit (low to partner's winner, or partner ruffs), and
    /// partner cashes his safe suits. Discards are checked: a hand that must discard while the
    /// other cashes has to keep the cards the plan still needs.
    pub(super) fn quick_tricks(&self, leader: usize, enough: i32) -> (i32, u64) {
        let partner = leader ^ 2;
        let (lho, rho) = ((leader + 1) & 3, (leader + 3) & 3);
        let n = self.counts[leader] as u32;
        let enough = enough.max(0) as u32;
        // [hand role: leader, partner, lho, rho][suit]
        let lanes = [
            self.suits[leader],
            self.suits[partner],
            self.suits[lho],
            self.suits[rho],
        ];
        let trump = self.trump;
        let mut limits = [13u32; 4];
        let mut drawn = false;
        if trump != NO_TRUMP {
            for opponent in [2, 3] {
                if lanes[opponent][trump] != 0 {
                    for suit in 0..4 {
                        if suit != trump {
                            limits[suit] = limits[suit].min(pop(lanes[opponent][suit]));
                        }
                    }
                }
            }
            if limits.iter().any(|&l| l < 13) {
                // Drawing trumps first: if the leader's safe trump winners outlast both
                // opponents' trumps, the side suits can then be cashed without fear of a ruff.
                let t = cash(&lanes, 0, trump, 13);
                let theirs = pop(lanes[2][trump]).max(pop(lanes[3][trump]));
                if t.safe && t.tricks >= theirs {
                    limits = [13; 4];
                    drawn = true;
                }
            }
        }
        let from_leader: [Cash; 4] =
            std::array::from_fn(|suit| cash(&lanes, 0, suit, limits[suit]));
        let mut safe_leader = 0u32;
        let mut safe_leader_relevant = 0u64;
        for c in &from_leader {
            if c.safe {
                safe_leader += c.tricks;
                safe_leader_relevant |= c.relevant;
            }
        }
        let partner_len = |suit: usize| pop(lanes[1][suit]);

        // (a) Safe suits, then the best other suit, partner keeping his cards in it.
        let mut best = (safe_leader, safe_leader_relevant);
        for (suit, &c) in from_leader.iter().enumerate() {
            if !c.safe && c.tricks > 0 && n - partner_len(suit) >= safe_leader {
                let total = safe_leader + c.tricks;
                if total > best.0 {
                    best = (total, safe_leader_relevant | c.relevant);
                }
            }
        }
        if best.0 >= enough {
            return (best.0.min(n) as i32, best.1);
        }

        // (b) Safe suits, a crossing suit, then partner's safe suits.
        let mut from_partner: Option<[Cash; 4]> = None;
        for cross in 0..4 {
            let ruffed = lanes[1][cross] == 0;
            // With trumps drawn first (partner following), cross in a side suit by a high
            // card only.
            if drawn && (cross == trump || ruffed) {
                continue;
            }
            let Some((cross_tricks, cross_relevant)) =
                cross_to_partner(&lanes, cross, limits[cross], trump)
            else {
                continue;
            };
            let partner_cash = *from_partner.get_or_insert_with(|| {
                std::array::from_fn(|suit| cash(&lanes, 1, suit, limits[suit]))
            });
            let (mut t_leader, mut r_leader) = (0u32, 0u64);
            for (suit, c) in from_leader.iter().enumerate() {
                if suit != cross && c.safe {
                    t_leader += c.tricks;
                    r_leader |= c.relevant;
                }
            }
            let (mut t_partner, mut r_partner, mut kept) = (0u32, 0u64, 0u32);
            for suit in 0..4 {
                let used =
                    suit == cross || (from_leader[suit].safe && from_leader[suit].tricks > 0);
                // A ruff spends one of partner's trumps: do not count his trump suit then.
                let spent = ruffed && suit == trump;
                if !used && !spent && partner_cash[suit].safe && partner_cash[suit].tricks > 0 {
                    t_partner += partner_cash[suit].tricks;
                    r_partner |= partner_cash[suit].relevant;
                    kept += partner_len(suit);
                }
            }
            // While the leader cashes, partner discards: he keeps the crossing suit and his
            // own suits (else only the crossing suit).
            let needed_cross = partner_len(cross).max(u32::from(ruffed));
            if n - needed_cross - kept < t_leader {
                t_partner = 0;
                r_partner = 0;
                if n - needed_cross < t_leader {
                    continue;
                }
            }
            let total = t_leader + cross_tricks + t_partner;
            if total > best.0 {
                best = (total, r_leader | cross_relevant | r_partner);
                if best.0 >= enough {
                    break;
                }
            }
        }
        (best.0.min(n) as i32, best.1)
    }

    /// A cheap upper bound of [`Engine::quick_tricks`]: every suit in which the side on lead
    /// holds a card above the opponents' (or they have none) at most as many tricks as its
    /// longer hand has cards, and one ruff per suit partner could ruff.
    #[inline]
    fn quick_trick_ceiling(&self, leader: usize) -> u32 {
        let partner = leader ^ 2;
        let ours = self.hands[leader] | self.hands[partner];
        let theirs = self.hands[(leader + 1) & 3] | self.hands[(leader + 3) & 3];
        let partner_trumps = self.trump != NO_TRUMP && self.suits[partner][self.trump] != 0;
        let mut ceiling = 0;
        for suit in 0..4 {
            let (o, t) = (lane(ours, suit), lane(theirs, suit));
            let (l, p) = (self.suits[leader][suit], self.suits[partner][suit]);
            if o != 0 && (t == 0 || top_bit(o) > top_bit(t)) {
                ceiling += pop(l).max(pop(p));
            } else if partner_trumps && p == 0 && l != 0 {
                ceiling += 1;
            }
        }
        ceiling
    }

    /// Trump tricks the side of `hand` surely takes, and the cards that count rests on: each
    /// trump a hand of the side holds above every trump of the other side wins the trick it is
    /// played to (only partner could beat it, BR-4.6), and a hand plays one card per trick, so
    /// the side takes at least as many tricks as its better hand holds such trumps (all its
    /// trumps if the other side has none).
    fn sure_trump_tricks(&self, hand: usize) -> (i32, u64) {
        let trump = self.trump;
        let ours = [self.suits[hand][trump], self.suits[hand ^ 2][trump]];
        let theirs = self.suits[(hand + 1) & 3][trump] | self.suits[(hand + 3) & 3][trump];
        if theirs == 0 {
            return (pop(ours[0]).max(pop(ours[1])) as i32, 0);
        }
        let top = top_bit(theirs);
        let above = !((2u32 << top) - 1);
        let count = pop(ours[0] & above).max(pop(ours[1] & above)) as i32;
        if count == 0 {
            return (0, 0);
        }
        (count, 1u64 << (16 * trump as u32 + top))
    }

    /// Orders `moves` best first for `hand` (see the module documentation).
    fn order(&self, hand: usize, trick: Trick, moves: &mut [u8], hint: u8) {
        if moves.len() < 2 {
            return;
        }
        let hint_rep = if hint != NO_CARD && self.hands[hand] & bit_of(hint) != 0 {
            self.representative_of(hand, hint)
        } else {
            NO_CARD
        };
        let mut scores = [0i32; 13];
        let threats = if trick.ply == 0 {
            Threats {
                follow: -1,
                ruff: -1,
            }
        } else {
            self.threats(hand, trick)
        };
        // Leads are ranked by their history relative to the best one's.
        let mut top_history = 0u32;
        if trick.ply == 0 {
            for &card in moves.iter() {
                top_history = top_history.max(self.history[hand][card as usize]);
            }
        }
        for (k, &card) in moves.iter().enumerate() {
            scores[k] = if card == hint_rep {
                1 << 20
            } else if trick.ply == 0 {
                self.lead_score(hand, card)
                    + if top_history > 0 {
                        (HISTORY_BONUS as u64 * self.history[hand][card as usize] as u64
                            / top_history as u64) as i32
                    } else {
                        0
                    }
            } else {
                self.follow_score(hand, trick, threats, card)
            };
        }
        // Insertion sort, highest score first (at most 13 moves).
        for i in 1..moves.len() {
            let (card, score) = (moves[i], scores[i]);
            let mut j = i;
            while j > 0 && scores[j - 1] < score {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            moves[j] = card;
            scores[j] = score;
        }
    }

    fn lead_score(&self, hand: usize, card: u8) -> i32 {
        let suit = suit_of(card);
        let rank = rank_of(card) as i32;
        let partner = hand ^ 2;
        let (lho, rho) = ((hand + 1) & 3, (hand + 3) & 3);
        let mine = self.suits[hand][suit];
        let partners = self.suits[partner][suit];
        let left = self.suits[lho][suit];
        let right = self.suits[rho][suit];
        let theirs = left | right;
        let side_suit = self.trump != NO_TRUMP && suit != self.trump;
        let has_trumps = |h: usize| self.trump != NO_TRUMP && self.suits[h][self.trump] != 0;
        let opponent_ruffs =
            side_suit && ((left == 0 && has_trumps(lho)) || (right == 0 && has_trumps(rho)));
        let partner_ruffs = side_suit && partners == 0 && has_trumps(partner) && !opponent_ruffs;
        let their_top = if theirs == 0 {
            -1
        } else {
            top_bit(theirs) as i32
        };
        let partner_top = if partners == 0 {
            -1
        } else {
            top_bit(partners) as i32
        };
        if opponent_ruffs {
            // The opponents ruff: rarely right, and then with a low card.
            return -60 - rank;
        }
        if rank > their_top {
            // A winner: cash it, best when partner need not overtake.
            let clean = partner_top < rank;
            return 60 + 2 * pop(theirs) as i32 + if clean { 4 } else { -4 };
        }
        if partner_ruffs {
            return 50 - rank;
        }
        if partner_top > their_top {
            // Partner holds the winner: lead low to it.
            return 40 - rank;
        }
        // A losing lead. Lead through the second hand's strength only when partner sits over
        // it; towards a tenace of partner when the missing honour is on the left.
        let mut score = -rank;
        let present = self.present_suits[suit];
        let above = present & !((2u32 << rank) - 1);
        if above != 0 && mine & (1 << above.trailing_zeros()) != 0 {
            // The top of a sequence of ours: pushes out their honour.
            score += 6;
        }
        let left_top = if left == 0 { -1 } else { top_bit(left) as i32 };
        let right_top = if right == 0 {
            -1
        } else {
            top_bit(right) as i32
        };
        if left_top > right_top && partner_top > right_top {
            // Partner (third hand) will play after the left-hand opponent's honour.
            score += 3;
        }
        if right_top > left_top && right_top > partner_top {
            // Into the right-hand opponent's honour, partner powerless: gives a trick away.
            score -= 3;
        }
        // Longer suits of the side set up tricks.
        score + (pop(mine) + pop(partners)) as i32 - pop(theirs) as i32
    }

    /// What the opponents still to play in this trick can do: the highest card of the suit
    /// led among those who can follow, the highest trump among those who can ruff.
    fn threats(&self, hand: usize, trick: Trick) -> Threats {
        let led = trick.led_suit as usize;
        let mut threats = Threats {
            follow: -1,
            ruff: -1,
        };
        for k in (trick.ply as usize + 1)..4 {
            let h = (trick.leader as usize + k) & 3;
            if side(h) == side(hand) {
                continue;
            }
            let follow = self.suits[h][led];
            if follow != 0 {
                threats.follow = threats.follow.max(top_bit(follow) as i32);
            } else if self.trump != NO_TRUMP && led != self.trump {
                let trumps = self.suits[h][self.trump];
                if trumps != 0 {
                    threats.ruff = threats.ruff.max(top_bit(trumps) as i32);
                }
            }
        }
        threats
    }

    fn follow_score(&self, hand: usize, trick: Trick, threats: Threats, card: u8) -> i32 {
        let suit = suit_of(card);
        let rank = rank_of(card) as i32;
        let led = trick.led_suit as usize;
        let partner_winning = side(trick.winning_hand as usize) == side(hand);
        // Could a later opponent beat `c` (a card of the suit led, or a ruff)?
        let beaten = |c: u8| -> bool {
            if suit_of(c) == led {
                threats.follow > rank_of(c) as i32 || threats.ruff >= 0
            } else {
                threats.ruff > rank_of(c) as i32
            }
        };
        let beats = self.beats(card, trick.winning_card);
        if suit == led {
            if partner_winning {
                if !beaten(trick.winning_card) {
                    return -rank;
                }
                return if beats && !beaten(card) {
                    30 - rank
                } else {
                    -rank
                };
            }
            if beats {
                return if beaten(card) { 10 - rank } else { 60 - rank };
            }
            return -rank;
        }
        if suit == self.trump {
            // A ruff.
            if partner_winning && !beaten(trick.winning_card) {
                return -80 - rank;
            }
            if beats {
                return if beaten(card) { 20 - rank } else { 50 - rank };
            }
            return -60 - rank;
        }
        // A discard: low, from a long suit, and not a winner.
        let mine = self.suits[hand][suit];
        let others = lane(
            self.hands[(hand + 1) & 3] | self.hands[(hand + 3) & 3],
            suit,
        );
        let winner = others == 0 || rank > top_bit(others) as i32;
        let mut score = 2 * pop(mine) as i32 - rank;
        if winner {
            score -= 20;
        }
        if self.trump != NO_TRUMP {
            score -= 30;
        }
        score
    }
}
