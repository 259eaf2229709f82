//! Whole deals of the one-pack climbing games: the phases before card play (the Dou Dizhu
//! auction with its redeals, the Red Ten lighting poll), the settlement of a finished deal
//! (DDZ-7, ZSY-7, RT-6) and seeded playouts to the settled payoffs from any decision point.
//!
//! # Policies before card play
//!
//! * [`Policy::Random`]: uniform over the legal calls (Dou Dizhu: `pass` and every bid above the
//!   high bid; Red Ten: `light` or `decline` for a red-ten holder, one draw of [`Rng::below`];
//!   a seat with no red ten only declines, without a draw).
//! * [`Policy::Greedy`]: Dou Dizhu bids from [`ddz_bid_strength`]: the bid it wants is 3 from 12
//!   points, 2 from 9, 1 from 6, and it bids that when it beats the high bid, else passes. Red
//!   Ten lights when [`rt_light_strength`] reaches 10 (a lit deal pays ×2 on a win but ×4 on a
//!   loss, RT-6.3, so only a hand that wins most of the time should light).
//!
//! Card play follows [`playout`](super::playout)'s policies. A Dou Dizhu auction that voids
//! (DDZ-3.5c) is redealt from the playout's own generator: 54 cards shuffled, 17 to each seat in
//! seat order, the last 3 to the bottom, then a first bidder drawn with `below(3)`.
//!
//! Playout `i` of a batch draws from `Rng::new(playout_seed(seed, i))` whatever the thread count.

use super::actions::{ActionSpace, PASS_ID};
use super::combo::Combo;
use super::playout::{bomb_cards, choose, playout_seed, Policy};
use super::ruleset::{Ruleset, RED_TENS, TWO_OF_SPADES};
use super::table::{ClimbTable, MAX_PLAYERS};
use super::view::RankView;
use crate::cards::{CardSet, BIG_JOKER, SMALL_JOKER};
use crate::error::{invalid, Error};
use crate::rng::Rng;

/// A Dou Dizhu auction in progress (DDZ-3.4, DDZ-3.5): the current deal and its calls so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DdzAuction {
    /// The three 17-card hands as dealt.
    pub hands: [CardSet; 3],
    pub bottom: CardSet,
    pub first_bidder: usize,
    /// Calls of this deal in order: 0 = pass, 1..=3 = bid.
    pub calls: Vec<u8>,
}

/// What one auction call leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuctionStep {
    Continue,
    /// The auction ended: this seat is the landlord at this bid (DDZ-3.5a/b).
    Landlord {
        seat: usize,
        bid: u8,
    },
    /// Three opening passes: the deal is void and redealt (DDZ-3.5c).
    Void,
}

impl DdzAuction {
    /// An auction checked for consistency: a 54-card deal of 17/17/17/3 and calls that are legal
    /// and have not ended the auction.
    pub fn new(
        hands: [CardSet; 3],
        bottom: CardSet,
        first_bidder: usize,
        calls: Vec<u8>,
    ) -> Result<DdzAuction, Error> {
        let mut seen = bottom;
        if bottom.len() != 3 || hands.iter().any(|h| h.len() != 17) {
            return Err(invalid(
                "a Dou Dizhu deal has three 17-card hands and 3 bottom cards",
            ));
        }
        for h in &hands {
            if !h.intersection(seen).is_empty() {
                return Err(invalid("a card is dealt twice (DDZ-2.1)"));
            }
            seen = seen.union(*h);
        }
        if first_bidder > 2 {
            return Err(invalid(format!(
                "first bidder {first_bidder} is not a seat"
            )));
        }
        let mut auction = DdzAuction {
            hands,
            bottom,
            first_bidder,
            calls: Vec::new(),
        };
        for &call in &calls {
            if !auction.is_legal(call) {
                return Err(invalid(format!("call {call} is not legal (DDZ-3.4)")));
            }
            if auction.apply(call) != AuctionStep::Continue {
                return Err(invalid("these calls end the auction (DDZ-3.5)"));
            }
        }
        Ok(auction)
    }

    /// The seat to call.
    pub fn to_call(&self) -> usize {
        (self.first_bidder + self.calls.len()) % 3
    }

    /// The high bid (0 before any bid) and its bidder.
    pub fn high_bid(&self) -> (u8, Option<usize>) {
        let mut high = (0, None);
        for (k, &call) in self.calls.iter().enumerate() {
            if call > 0 {
                high = (call, Some((self.first_bidder + k) % 3));
            }
        }
        high
    }

    /// DDZ-3.4: `pass`, or a bid above the high bid.
    pub fn is_legal(&self, call: u8) -> bool {
        call == 0 || (call <= 3 && call > self.high_bid().0)
    }

    /// Makes a (legal) call.
    pub fn apply(&mut self, call: u8) -> AuctionStep {
        self.calls.push(call);
        let (high, bidder) = self.high_bid();
        let k = self.calls.len();
        let bid_then_two_passes =
            k >= 3 && self.calls[k - 3] > 0 && self.calls[k - 2] == 0 && self.calls[k - 1] == 0;
        match bidder {
            Some(seat) if high == 3 || bid_then_two_passes => {
                AuctionStep::Landlord { seat, bid: high }
            }
            None if k == 3 => AuctionStep::Void,
            _ => AuctionStep::Continue,
        }
    }

    /// The card-play table once `seat` is landlord: he takes the bottom (DDZ-3.7) and leads
    /// (DDZ-3.8).
    pub fn table(&self, seat: usize) -> ClimbTable {
        let mut hands = self.hands.to_vec();
        hands[seat] = hands[seat].union(self.bottom);
        ClimbTable::new(Ruleset::DouDizhu, hands, seat).expect("a checked deal")
    }

    fn redeal(&mut self, rng: &mut Rng) {
        let mut cards: Vec<u8> = (0..54).collect();
        rng.shuffle(&mut cards);
        for (seat, hand) in self.hands.iter_mut().enumerate() {
            *hand = CardSet(
                cards[17 * seat..17 * seat + 17]
                    .iter()
                    .fold(0, |m, &c| m | 1 << c),
            );
        }
        self.bottom = CardSet(cards[51..].iter().fold(0, |m, &c| m | 1 << c));
        self.first_bidder = rng.below(3) as usize;
        self.calls.clear();
    }
}

/// The Red Ten lighting poll in progress (RT-3.6): the deal and how many seats have answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RtLighting {
    /// The four hands as dealt (14/14/13/13).
    pub hands: [CardSet; 4],
    /// The `3h` holder: polled first and first to lead (RT-3.6, RT-3.9).
    pub first_player: usize,
    /// Seats polled so far (0..4).
    pub polled: usize,
    /// True if one of them lit (RT-3.7).
    pub lit: bool,
}

/// Where a deal playout starts.
#[derive(Clone, Debug)]
pub enum DealStart {
    DdzAuction(DdzAuction),
    /// Dou Dizhu card play: the table, the landlord and the bid (DDZ-3.6).
    DdzPlay {
        table: ClimbTable,
        landlord: usize,
        bid: u8,
    },
    ZsyPlay(ClimbTable),
    RtLighting(RtLighting),
    RtPlay {
        table: ClimbTable,
        lit: bool,
    },
}

impl DealStart {
    pub fn num_players(&self) -> usize {
        match self {
            DealStart::DdzAuction(_) | DealStart::DdzPlay { .. } | DealStart::ZsyPlay(_) => 3,
            DealStart::RtLighting(_) | DealStart::RtPlay { .. } => 4,
        }
    }
}

/// One step of a traced playout: an action id of the game's action space, or a redeal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceStep {
    Action(u32),
    Redeal,
}

// ---------------------------------------------------------------------------------------------
// Settlement

/// DDZ-7 on a finished table: landlord `±2u`, farmers `∓u`, `u = bid × 2^bombs × spring`.
pub fn ddz_settle(table: &ClimbTable, landlord: usize, bid: u8) -> [f64; 3] {
    let winner = table.winner().expect("a finished deal");
    let landlord_won = winner == landlord;
    let farmers_played: u32 = (0..3)
        .filter(|&s| s != landlord)
        .map(|s| table.plays_made(s))
        .sum();
    let spring = landlord_won && farmers_played == 0; // DDZ-7.2
    let reverse = !landlord_won && table.plays_made(landlord) == 1; // DDZ-7.3
    let bombs: u32 = (0..3).map(|s| table.bombs_played(s)).sum(); // DDZ-7.1
    let unit = bid as f64 * 2f64.powi(bombs as i32) * if spring || reverse { 2.0 } else { 1.0 };
    let sign = if landlord_won { 1.0 } else { -1.0 };
    let mut out = [-sign * unit; 3];
    out[landlord] = 2.0 * sign * unit; // DDZ-7.7
    out
}

/// ZSY-7.5 `b_p`: ranks 3..K held four times, plus one for `As Ad Ac`.
pub fn zsy_held_bombs(hand: CardSet) -> u32 {
    let view = RankView::new(Ruleset::ZhengShangyou.table(), hand.0);
    let fours = (0..=10).filter(|&r| view.count[r] == 4).count() as u32;
    fours + (view.count[11] == 3) as u32
}

/// ZSY-7.3–7.6 on a finished table: bomb bonuses plus the losers' penalties.
pub fn zsy_settle(table: &ClimbTable) -> [f64; 3] {
    let winner = table.winner().expect("a finished deal");
    let tricks: [u32; 3] = std::array::from_fn(|s| table.response_bomb_tricks(s));
    let total: u32 = tricks.iter().sum();
    let mut out = [0.0; 3];
    for s in 0..3 {
        out[s] = 20.0 * tricks[s] as f64 - 10.0 * (total - tricks[s]) as f64; // ZSY-7.3
    }
    for p in (0..3).filter(|&p| p != winner) {
        let hand = table.hand(p);
        let d = if table.plays_made(p) > 0 { 1 } else { 2 };
        let s = if hand.contains(TWO_OF_SPADES) { 10 } else { 0 };
        let penalty = (hand.len() as u32 * d + s + 10 * zsy_held_bombs(hand)) as f64; // ZSY-7.5
        out[p] -= penalty;
        out[winner] += penalty;
    }
    out
}

/// RT-6 from the red team (seats holding a red ten), the finishing order and the lighting.
pub fn rt_settle(red: &[bool; 4], finish_order: &[usize], lit: bool) -> [f64; 4] {
    let reds = red.iter().filter(|&&r| r).count();
    let position = |seat: usize| {
        finish_order
            .iter()
            .position(|&s| s == seat)
            .map_or(4, |k| k + 1)
    };
    let mut base = [0i32; 4];
    let red_won: Option<bool>;
    if reds == 2 {
        // RT-6.1
        let upstream = finish_order[0];
        let team = red[upstream];
        let partner = (0..4)
            .find(|&s| s != upstream && red[s] == team)
            .expect("two-seat teams");
        let points = match position(partner) {
            2 => 2,
            3 => 1,
            _ => 0,
        };
        for (s, b) in base.iter_mut().enumerate() {
            *b = if red[s] == team { points } else { -points };
        }
        red_won = (points != 0).then_some(team);
    } else {
        // RT-6.2
        let solo = (0..4).find(|&s| red[s]).expect("one red seat");
        let points = match position(solo) {
            1 => 3,
            4 => -3,
            _ => 0,
        };
        for (s, b) in base.iter_mut().enumerate() {
            *b = if s == solo { 3 * points } else { -points };
        }
        red_won = (points != 0).then_some(points > 0);
    }
    // RT-6.3: ×2 on a lit red win, ×4 on a lit red loss.
    let m = match (lit, red_won) {
        (true, Some(true)) => 2,
        (true, Some(false)) => 4,
        _ => 1,
    };
    base.map(|b| (b * m) as f64)
}

fn rt_red(table: &ClimbTable) -> [bool; 4] {
    std::array::from_fn(|s| table.team(s) == Some(0))
}

// ---------------------------------------------------------------------------------------------
// Policies before card play

/// Dou Dizhu hand strength for bidding: big joker 4, small joker 3, 2 points per 2, 6 per bomb
/// (four of a rank), 1 per ace, and 2 per run of five or more ranks (3..A) held at least once
/// (one point more from eight ranks).
pub fn ddz_bid_strength(hand: CardSet) -> u32 {
    let view = RankView::new(Ruleset::DouDizhu.table(), hand.0);
    let mut points = 0;
    if hand.0 & (1 << BIG_JOKER) != 0 {
        points += 4;
    }
    if hand.0 & (1 << SMALL_JOKER) != 0 {
        points += 3;
    }
    points += 2 * view.count[12] as u32 + view.count[11] as u32;
    points += 6 * (0..13).filter(|&r| view.count[r] == 4).count() as u32;
    let mut run = 0;
    for r in 0..=12 {
        if r < 12 && view.count[r] > 0 {
            run += 1;
        } else {
            if run >= 5 {
                points += if run >= 8 { 3 } else { 2 };
            }
            run = 0;
        }
    }
    points
}

/// The greedy bid (module documentation): the bid wanted if it beats `high`, else pass (0).
pub fn ddz_greedy_call(hand: CardSet, high: u8) -> u8 {
    let s = ddz_bid_strength(hand);
    let want = if s >= 12 {
        3
    } else if s >= 9 {
        2
    } else if s >= 6 {
        1
    } else {
        0
    };
    if want > high {
        want
    } else {
        0
    }
}

/// Red Ten hand strength for lighting: 3 per three-card and 4 per four-card bomb of a rank
/// class (RT-4.1), 4 for both jokers (else 2 for `BJ`, 1 for `SJ`), 4 for both red tens (the
/// unbeatable red-ten bomb, RT-4.6), 1 per 2.
pub fn rt_light_strength(hand: CardSet) -> u32 {
    let view = RankView::new(Ruleset::RedTen.table(), hand.0);
    let mut points = 0;
    for r in 0..13 {
        points += match view.count[r] {
            3 => 3,
            4 => 4,
            _ => 0,
        };
    }
    let jokers = hand.0 & crate::cards::JOKER_MASK;
    points += if jokers == crate::cards::JOKER_MASK {
        4
    } else if jokers & (1 << BIG_JOKER) != 0 {
        2
    } else if jokers != 0 {
        1
    } else {
        0
    };
    if hand.0 & RED_TENS.0 == RED_TENS.0 {
        points += 4;
    }
    points + view.count[12] as u32
}

// ---------------------------------------------------------------------------------------------
// Playouts

struct Runner<'a> {
    policy: Policy,
    plays: Vec<Combo>,
    trace: Option<&'a mut Vec<TraceStep>>,
}

impl Runner<'_> {
    fn record(&mut self, step: TraceStep) {
        if let Some(t) = self.trace.as_deref_mut() {
            t.push(step);
        }
    }

    /// Card play to the end.
    fn play(&mut self, table: &mut ClimbTable, rng: &mut Rng) {
        table.set_record_history(false);
        let space = self
            .trace
            .is_some()
            .then(|| ActionSpace::of(table.ruleset()));
        while !table.is_over() {
            let pass_allowed = table.legal_plays_into(&mut self.plays);
            let choice = choose(self.policy, table, &self.plays, pass_allowed, rng);
            if let Some(space) = space {
                let id = choice.as_ref().map_or(PASS_ID, |c| space.id_of(c));
                self.record(TraceStep::Action(id));
            }
            table.apply_unchecked(choice);
        }
    }

    fn run(&mut self, start: &DealStart, rng: &mut Rng) -> [f64; MAX_PLAYERS] {
        let mut out = [0.0; MAX_PLAYERS];
        match start {
            DealStart::DdzAuction(auction) => {
                let mut auction = auction.clone();
                loop {
                    let (high, _) = auction.high_bid();
                    let call = match self.policy {
                        Policy::Random => {
                            let options = 1 + 3 - high as u64; // pass and the bids above high
                            let k = rng.below(options) as u8;
                            if k == 0 {
                                0
                            } else {
                                high + k
                            }
                        }
                        Policy::Greedy => ddz_greedy_call(auction.hands[auction.to_call()], high),
                    };
                    self.record(TraceStep::Action(call as u32));
                    match auction.apply(call) {
                        AuctionStep::Continue => {}
                        AuctionStep::Void => {
                            self.record(TraceStep::Redeal);
                            auction.redeal(rng);
                        }
                        AuctionStep::Landlord { seat, bid } => {
                            let mut table = auction.table(seat);
                            self.play(&mut table, rng);
                            out[..3].copy_from_slice(&ddz_settle(&table, seat, bid));
                            return out;
                        }
                    }
                }
            }
            DealStart::DdzPlay {
                table,
                landlord,
                bid,
            } => {
                let mut table = table.clone();
                table.clear_history();
                self.play(&mut table, rng);
                out[..3].copy_from_slice(&ddz_settle(&table, *landlord, *bid));
            }
            DealStart::ZsyPlay(table) => {
                let mut table = table.clone();
                table.clear_history();
                self.play(&mut table, rng);
                out[..3].copy_from_slice(&zsy_settle(&table));
            }
            DealStart::RtLighting(poll) => {
                let mut lit = poll.lit;
                for k in poll.polled..4 {
                    let seat = (poll.first_player + k) % 4;
                    let hand = poll.hands[seat];
                    let light = if hand.intersection(RED_TENS).is_empty() {
                        false // RT-3.6: no red ten, decline only
                    } else {
                        match self.policy {
                            Policy::Random => rng.below(2) == 0,
                            Policy::Greedy => rt_light_strength(hand) >= 10,
                        }
                    };
                    self.record(TraceStep::Action(if light { 1 } else { 2 }));
                    lit |= light;
                }
                let mut table =
                    ClimbTable::new(Ruleset::RedTen, poll.hands.to_vec(), poll.first_player)
                        .expect("a checked deal");
                self.play(&mut table, rng);
                out[..4].copy_from_slice(&rt_settle(&rt_red(&table), table.finish_order(), lit));
            }
            DealStart::RtPlay { table, lit } => {
                let mut table = table.clone();
                table.clear_history();
                self.play(&mut table, rng);
                out[..4].copy_from_slice(&rt_settle(&rt_red(&table), table.finish_order(), *lit));
            }
        }
        out
    }
}

/// Checks that a start is not a finished deal.
pub fn check_start(start: &DealStart) -> Result<(), Error> {
    let over = match start {
        DealStart::DdzPlay { table, .. }
        | DealStart::ZsyPlay(table)
        | DealStart::RtPlay { table, .. } => table.is_over(),
        DealStart::RtLighting(poll) => poll.polled > 4,
        DealStart::DdzAuction(_) => false,
    };
    if over {
        return Err(invalid("the deal is over: there is nothing to play out"));
    }
    if let DealStart::DdzPlay {
        table,
        landlord,
        bid,
    } = start
    {
        if *landlord > 2 || !(1..=3).contains(bid) || table.ruleset() != Ruleset::DouDizhu {
            return Err(invalid(
                "a Dou Dizhu card-play start needs a landlord seat and a bid 1..3",
            ));
        }
    }
    Ok(())
}

/// `out.len() / num_players` playouts from `start` with `policy`, playout `i` seeded by
/// [`playout_seed`]`(seed, i)`, on `threads` threads; `out[i * players + s]` is seat `s`'s
/// settled payoff in playout `i`, in the unit of the game's settlement. The results do not
/// depend on `threads`.
pub fn deal_playouts(
    start: &DealStart,
    policy: Policy,
    seed: u64,
    threads: usize,
    out: &mut [f64],
) {
    let players = start.num_players();
    let n = out.len() / players;
    let run_range = |first: usize, part: &mut [f64]| {
        let mut runner = Runner {
            policy,
            plays: Vec::with_capacity(128),
            trace: None,
        };
        for (k, row) in part.chunks_mut(players).enumerate() {
            let mut rng = Rng::new(playout_seed(seed, (first + k) as u64));
            let result = runner.run(start, &mut rng);
            row.copy_from_slice(&result[..players]);
        }
    };
    let threads = threads.max(1).min(n.max(1));
    if threads == 1 {
        run_range(0, out);
        return;
    }
    let chunk = n.div_ceil(threads);
    std::thread::scope(|scope| {
        for (k, part) in out.chunks_mut(chunk * players).enumerate() {
            let run_range = &run_range;
            scope.spawn(move || run_range(k * chunk, part));
        }
    });
}

/// Playout `index` of a batch seeded by `seed` (the same as [`deal_playouts`]' playout), with
/// every action it takes as an id of the game's action space and [`TraceStep::Redeal`] where a
/// void Dou Dizhu deal was redealt; and its payoffs.
pub fn deal_playout_trace(
    start: &DealStart,
    policy: Policy,
    seed: u64,
    index: u64,
) -> (Vec<TraceStep>, Vec<f64>) {
    let mut trace = Vec::new();
    let mut runner = Runner {
        policy,
        plays: Vec::with_capacity(128),
        trace: Some(&mut trace),
    };
    let mut rng = Rng::new(playout_seed(seed, index));
    let result = runner.run(start, &mut rng);
    (trace, result[..start.num_players()].to_vec())
}

/// Bomb cards of a hand (see [`playout`](super::playout)): exposed for the policies' tests.
pub fn hand_bomb_cards(ruleset: Ruleset, hand: CardSet) -> CardSet {
    CardSet(bomb_cards(ruleset, hand))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> CardSet {
        CardSet::parse(text).unwrap()
    }

    #[test]
    fn ddz_auction_ends_like_the_rules() {
        let deal = crate::deal::deal(1, true, 3, Some(17), 5).unwrap();
        let hands: [CardSet; 3] = std::array::from_fn(|s| deal.hands[s].iter().copied().collect());
        let bottom: CardSet = deal.leftover.iter().copied().collect();
        // DDZ-V43: 1:BID1, 2:PASS, 0:PASS -> landlord 1 at 1.
        let mut a = DdzAuction::new(hands, bottom, 1, vec![]).unwrap();
        assert_eq!(a.apply(1), AuctionStep::Continue);
        assert_eq!(a.apply(0), AuctionStep::Continue);
        assert_eq!(a.apply(0), AuctionStep::Landlord { seat: 1, bid: 1 });
        // DDZ-V44: three passes void the deal.
        let mut a = DdzAuction::new(hands, bottom, 0, vec![0, 0]).unwrap();
        assert_eq!(a.apply(0), AuctionStep::Void);
        // DDZ-V47: 0:PASS 1:BID1 2:PASS 0:BID2 1:PASS 2:PASS -> landlord 0 at 2.
        let mut a = DdzAuction::new(hands, bottom, 0, vec![0, 1, 0, 2, 0]).unwrap();
        assert_eq!(a.apply(0), AuctionStep::Landlord { seat: 0, bid: 2 });
        // DDZ-V45: a bid of 3 ends it at once.
        let mut a = DdzAuction::new(hands, bottom, 0, vec![1, 2, 0]).unwrap();
        assert_eq!(a.apply(3), AuctionStep::Landlord { seat: 0, bid: 3 });
        assert!(DdzAuction::new(hands, bottom, 0, vec![2, 1]).is_err()); // DDZ-3.4
        assert!(DdzAuction::new(hands, bottom, 0, vec![0, 0, 0]).is_err());
    }

    #[test]
    fn rt_settlement_matches_the_tables() {
        let red = [true, false, true, false];
        assert_eq!(rt_settle(&red, &[2, 0], false), [2.0, -2.0, 2.0, -2.0]); // RT-TV-30
        assert_eq!(rt_settle(&red, &[1, 0, 3], false), [-1.0, 1.0, -1.0, 1.0]); // RT-TV-31
        assert_eq!(rt_settle(&red, &[0, 1, 3], true), [0.0; 4]); // RT-TV-32
        assert_eq!(rt_settle(&red, &[1, 3], true), [-8.0, 8.0, -8.0, 8.0]); // RT-TV-35
        let solo = [false, false, false, true];
        assert_eq!(rt_settle(&solo, &[3], true), [-6.0, -6.0, -6.0, 18.0]); // RT-TV-38
        assert_eq!(
            rt_settle(&solo, &[0, 1, 2], true),
            [12.0, 12.0, 12.0, -36.0]
        ); // RT-TV-41
    }

    #[test]
    fn greedy_bids_follow_strength() {
        let strong = cards("SJ BJ 2c 2d 2h 2s Ac Ad 3c 4c 5c 6c 7c 8d 9d Td Jd");
        assert!(ddz_bid_strength(strong) >= 12);
        assert_eq!(ddz_greedy_call(strong, 0), 3);
        let weak = cards("3c 3d 4c 5h 6s 7d 9c 9d Tc Jh Qs Kd 8s 8h 5d 4d 6c");
        assert_eq!(ddz_greedy_call(weak, 0), 0);
        assert_eq!(zsy_held_bombs(cards("3c 3d 3h 3s As Ad Ac 2s")), 2);
    }
}
