//! Contract bridge, one deal with duplicate scoring (rules/bridge.md, ids `BR-x.y`).
//!
//! * [`Auction`]: the calls and their legality (BR-3.5–3.10).
//! * [`BridgeDeal`]: a whole deal, auction then play on a [`TrickState`]. Dummy's cards are
//!   played by the declarer (BR-4.3): [`BridgeDeal::current_player`] is the seat that *chooses*
//!   (the declarer at dummy's turns), [`BridgeDeal::seat_to_play`] the seat whose card is due.
//! * [`score`]: the duplicate score with its breakdown (BR-5).
//! * [`simulate`]: seeded random deals played to the end, in parallel threads.
//! * For search: [`BridgeDeal::resample`] (an exactly uniform deal consistent with one seat's
//!   view), [`BridgeDeal::playout_returns`] from any decision under a
//!   [`Policy`](super::playout::Policy), and the [`greedy`] policy.

use super::playout::{parallel_seeded_range, random_card};
use super::trick::{RuleIds, TrickState};
use super::trump::TrumpRules;
use crate::cards::{Card, CardSet};
use crate::error::{invalid, Error, RuleViolation};
use crate::rng::Rng;
use std::fmt;

pub mod greedy;
pub mod inference;
mod search;

pub const NORTH: usize = 0;
pub const EAST: usize = 1;
pub const SOUTH: usize = 2;
pub const WEST: usize = 3;
/// South always deals (BR-3.2) and calls first (BR-3.5).
pub const DEALER: usize = SOUTH;
/// Seat letters by seat number (BR-3.1).
pub const SEAT_LETTERS: [char; 4] = ['N', 'E', 'S', 'W'];
/// Strain names by strain number (BR-2.2): C D H S NT.
pub const STRAIN_NAMES: [&str; 5] = ["C", "D", "H", "S", "NT"];
/// Strain number of no-trump.
pub const NO_TRUMP: u8 = 4;

const PLAY_RULES: RuleIds = RuleIds {
    turn: "BR-4.4",
    not_held: "BR-4.4",
    follow: "BR-4.5",
    forced: "BR-4.5",
    over: "BR-4.8",
};

/// The side of a seat: 0 = North-South, 1 = East-West (BR-3.1).
#[inline]
pub fn side(seat: usize) -> usize {
    seat % 2
}

/// Vulnerability of the deal (BR-3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Vulnerability {
    #[default]
    None,
    NS,
    EW,
    Both,
}

impl Vulnerability {
    /// BR-3.3: NS is vulnerable iff NS or Both; EW iff EW or Both.
    pub fn is_vulnerable(self, seat: usize) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::Both => true,
            Vulnerability::NS => side(seat) == 0,
            Vulnerability::EW => side(seat) == 1,
        }
    }

    /// `none`, `ns`, `ew`, `both` (any case; also PBN's `All` and `-`/`Love` for none).
    pub fn parse(text: &str) -> Result<Vulnerability, Error> {
        match text.trim().to_ascii_lowercase().as_str() {
            "none" | "love" | "-" => Ok(Vulnerability::None),
            "ns" => Ok(Vulnerability::NS),
            "ew" => Ok(Vulnerability::EW),
            "both" | "all" => Ok(Vulnerability::Both),
            _ => Err(invalid(format!(
                "vulnerability must be none, ns, ew or both, got {text:?} (BR-3.3)"
            ))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Vulnerability::None => "none",
            Vulnerability::NS => "ns",
            Vulnerability::EW => "ew",
            Vulnerability::Both => "both",
        }
    }
}

/// A call of the auction (BR-2.2). A bid is its value `v = 5 × (level − 1) + strain` (BR-2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Call {
    Pass,
    Double,
    Redouble,
    Bid(u8),
}

impl Call {
    /// The bid of `level` (1..=7) in `strain` (0..=4).
    pub fn bid(level: u8, strain: u8) -> Option<Call> {
        // `then` (not `then_some`): the bid is computed only once the level is known to be
        // 1..=7, so level 0 cannot underflow `level - 1`.
        ((1..=7).contains(&level) && strain <= 4).then(|| Call::Bid(5 * (level - 1) + strain))
    }

    /// Reads `P`/`Pass`, `X`, `XX`, or a bid such as `1C`, `3NT`, `4s` (also `N` for NT).
    pub fn parse(text: &str) -> Result<Call, Error> {
        let t = text.trim().to_ascii_uppercase();
        match t.as_str() {
            "P" | "PASS" => return Ok(Call::Pass),
            "X" | "D" | "DBL" | "DOUBLE" => return Ok(Call::Double),
            "XX" | "R" | "RDBL" | "REDOUBLE" => return Ok(Call::Redouble),
            _ => {}
        }
        let bad = || {
            invalid(format!(
                "{text:?} is not a call: expected P, X, XX or a bid 1C..7NT (BR-2.2)"
            ))
        };
        let mut chars = t.chars();
        let level = chars.next().and_then(|c| c.to_digit(10)).ok_or_else(bad)? as u8;
        let strain = match chars.as_str() {
            "C" => 0,
            "D" => 1,
            "H" => 2,
            "S" => 3,
            "NT" | "N" => 4,
            _ => return Err(bad()),
        };
        Call::bid(level, strain).ok_or_else(bad)
    }

    pub fn level(self) -> Option<u8> {
        match self {
            Call::Bid(v) => Some(v / 5 + 1),
            _ => None,
        }
    }

    pub fn strain(self) -> Option<u8> {
        match self {
            Call::Bid(v) => Some(v % 5),
            _ => None,
        }
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("P"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(v) => write!(f, "{}{}", v / 5 + 1, STRAIN_NAMES[(v % 5) as usize]),
        }
    }
}

/// A contract: level 1..=7, strain 0..=4 (C D H S NT), doubling 0 (none), 1 (X), 2 (XX).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    pub level: u8,
    pub strain: u8,
    pub doubling: u8,
}

impl Contract {
    pub fn new(level: u8, strain: u8, doubling: u8) -> Result<Contract, Error> {
        if !(1..=7).contains(&level) {
            return Err(invalid(format!("contract level must be 1..7, got {level}")));
        }
        if strain > 4 {
            return Err(invalid(format!(
                "strain must be 0..4 (C D H S NT), got {strain}"
            )));
        }
        if doubling > 2 {
            return Err(invalid(format!(
                "doubling must be 0 (none), 1 (X) or 2 (XX), got {doubling}"
            )));
        }
        Ok(Contract {
            level,
            strain,
            doubling,
        })
    }

    /// Reads `4S`, `3NTX`, `6HXX`, `1nt` (`N` for NT, `*`/`**` for X/XX as in some files).
    pub fn parse(text: &str) -> Result<Contract, Error> {
        let t = text
            .trim()
            .to_ascii_uppercase()
            .replace("**", "XX")
            .replace('*', "X");
        let bad = |why: &str| {
            invalid(format!(
                "{text:?} is not a contract ({why}): write level 1-7, strain C/D/H/S/NT, then \
                 X or XX, e.g. \"4S\", \"3NTX\", \"6HXX\""
            ))
        };
        let (body, doubling) = if let Some(b) = t.strip_suffix("XX") {
            (b, 2)
        } else if let Some(b) = t.strip_suffix('X') {
            (b, 1)
        } else {
            (t.as_str(), 0)
        };
        let mut chars = body.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .ok_or_else(|| bad("no level"))? as u8;
        if !(1..=7).contains(&level) {
            return Err(bad("the level must be 1 to 7"));
        }
        let strain = match chars.as_str() {
            "C" => 0,
            "D" => 1,
            "H" => 2,
            "S" => 3,
            "NT" | "N" => 4,
            _ => return Err(bad("unknown strain")),
        };
        Contract::new(level, strain, doubling)
    }

    /// Tricks declarer's side needs: 6 + level (BR-3.11).
    pub fn target(self) -> u8 {
        6 + self.level
    }

    /// The trump model of the play (BR-4.6). Strain numbers and suit numbers agree for C D H S.
    pub fn trump_rules(self) -> TrumpRules {
        if self.strain == NO_TRUMP {
            TrumpRules::no_trump()
        } else {
            TrumpRules::suit(self.strain)
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dbl = ["", "X", "XX"][self.doubling as usize];
        write!(
            f,
            "{}{}{}",
            self.level, STRAIN_NAMES[self.strain as usize], dbl
        )
    }
}

/// The duplicate score of a deal with its breakdown (BR-5). Amounts of a made contract are the
/// declaring side's; `undertricks` is the defenders' penalty (positive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Score {
    pub made: bool,
    /// BR-5.2.1.
    pub trick_points: i32,
    /// BR-5.2.5.
    pub overtricks: i32,
    /// BR-5.2.2: 300 / 500 when the trick points reach 100.
    pub game_bonus: i32,
    /// BR-5.2.2: 50 otherwise.
    pub part_score_bonus: i32,
    /// BR-5.2.3.
    pub slam_bonus: i32,
    /// BR-5.2.4.
    pub insult_bonus: i32,
    /// BR-5.3: the penalty the defenders score.
    pub undertricks: i32,
    /// BR-5.4: `R`, the declaring side's signed score.
    pub declarer_side: i32,
    /// BR-5.4: the North-South score (EW's is its negation).
    pub ns: i32,
}

/// BR-5.3: the penalty for `u ≥ 1` undertricks.
fn penalty(u: i32, doubling: u8, vulnerable: bool) -> i32 {
    let doubled = if vulnerable {
        200 + 300 * (u - 1)
    } else {
        match u {
            1 => 100,
            2 => 300,
            3 => 500,
            _ => 500 + 300 * (u - 3),
        }
    };
    match doubling {
        0 => u * if vulnerable { 100 } else { 50 },
        1 => doubled,
        _ => 2 * doubled, // BR-D12
    }
}

/// The duplicate score of `contract` played by `declarer` (0..=3, N E S W) taking `tricks`
/// (0..=13) with vulnerability `vul` (BR-5.1–5.4).
pub fn score(
    contract: Contract,
    declarer: usize,
    vul: Vulnerability,
    tricks: u8,
) -> Result<Score, Error> {
    if declarer > 3 {
        return Err(invalid(format!(
            "declarer must be a seat 0..3 (N E S W), got {declarer}"
        )));
    }
    if tricks > 13 {
        return Err(invalid(format!("tricks must be 0..13, got {tricks}")));
    }
    let v = vul.is_vulnerable(declarer); // BR-D16
    let level = contract.level as i32;
    let m = [1, 2, 4][contract.doubling as usize];
    let need = contract.target() as i32;
    let t = tricks as i32;
    let mut s = Score::default();
    if t >= need {
        s.made = true;
        let base = match contract.strain {
            0 | 1 => 20 * level,
            2 | 3 => 30 * level,
            _ => 40 + 30 * (level - 1),
        };
        s.trick_points = m * base; // BR-5.2.1
        if s.trick_points >= 100 {
            s.game_bonus = if v { 500 } else { 300 }; // BR-5.2.2, BR-D14
        } else {
            s.part_score_bonus = 50;
        }
        s.slam_bonus = match (level, v) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        }; // BR-5.2.3, BR-D15
        s.insult_bonus = [0, 50, 100][contract.doubling as usize]; // BR-5.2.4, BR-D13
        let o = t - need;
        s.overtricks = o * match (contract.doubling, v) {
            (0, _) if contract.strain <= 1 => 20,
            (0, _) => 30,
            (1, false) => 100,
            (1, true) => 200,
            (_, false) => 200,
            (_, true) => 400,
        }; // BR-5.2.5, BR-D11
        s.declarer_side = s.trick_points
            + s.overtricks
            + s.game_bonus
            + s.part_score_bonus
            + s.slam_bonus
            + s.insult_bonus;
    } else {
        s.undertricks = penalty(need - t, contract.doubling, v); // BR-5.3
        s.declarer_side = -s.undertricks;
    }
    s.ns = if side(declarer) == 0 {
        s.declarer_side
    } else {
        -s.declarer_side
    }; // BR-5.4, BR-D17
    Ok(s)
}

/// The auction (BR-3.5–3.10), South first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Auction {
    calls: Vec<Call>,
    /// Current highest bid and its bidder.
    high: Option<(u8, u8)>,
    doubling: u8,
    passes: u8,
    /// Per side and strain, the first seat of that side to bid the strain (BR-3.10).
    first_of_strain: [[Option<u8>; 5]; 2],
    over: bool,
}

impl Auction {
    pub fn new() -> Auction {
        Auction::default()
    }

    /// The calls so far; call `k` was made by seat `(DEALER + k) mod 4`.
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The seat to call, or `None` once the auction is over.
    pub fn to_call(&self) -> Option<usize> {
        (!self.over).then_some((DEALER + self.calls.len()) % 4)
    }

    /// BR-3.8.1: four passes and no bid.
    pub fn passed_out(&self) -> bool {
        self.over && self.high.is_none()
    }

    /// The current highest bid (value, bidder) and its doubling state (BR-3.6).
    pub fn high_bid(&self) -> Option<(Call, usize, u8)> {
        self.high
            .map(|(v, seat)| (Call::Bid(v), seat as usize, self.doubling))
    }

    /// The contract and declarer once the auction is over with a bid (BR-3.9, BR-3.10).
    pub fn contract(&self) -> Option<(Contract, usize)> {
        if !self.over {
            return None;
        }
        let (v, bidder) = self.high?;
        let strain = v % 5;
        let declarer = self.first_of_strain[side(bidder as usize)][strain as usize]
            .expect("the bidder's side bid the strain") as usize;
        Some((
            Contract {
                level: v / 5 + 1,
                strain,
                doubling: self.doubling,
            },
            declarer,
        ))
    }

    /// Ok if `seat` may make `call` now (BR-3.7), else the rule it breaks.
    pub fn can_call(&self, seat: usize, call: Call) -> Result<(), RuleViolation> {
        let Some(turn) = self.to_call() else {
            return Err(RuleViolation::new("BR-3.8", "the auction is over"));
        };
        if seat != turn {
            return Err(RuleViolation::new(
                "BR-3.5",
                format!(
                    "it is {}'s turn to call, not {}'s",
                    SEAT_LETTERS[turn],
                    SEAT_LETTERS[seat % 4]
                ),
            ));
        }
        let me = SEAT_LETTERS[seat];
        match call {
            Call::Pass => Ok(()),
            Call::Bid(v) => {
                if v > 34 {
                    return Err(RuleViolation::new("BR-2.4", "bids go from 1C to 7NT"));
                }
                match self.high {
                    Some((h, _)) if v <= h => Err(RuleViolation::new(
                        "BR-3.7",
                        format!(
                            "{call} is insufficient: it does not outrank the last bid {} (BR-2.4)",
                            Call::Bid(h)
                        ),
                    )),
                    _ => Ok(()),
                }
            }
            Call::Double => match self.high {
                None => Err(RuleViolation::new("BR-3.7", "there is no bid to double")),
                Some((_, bidder)) if side(bidder as usize) == side(seat) => {
                    Err(RuleViolation::new(
                        "BR-3.7",
                        format!(
                            "{me} may not double the bid of his own side ({})",
                            SEAT_LETTERS[bidder as usize]
                        ),
                    ))
                }
                Some(_) if self.doubling == 1 => {
                    Err(RuleViolation::new("BR-3.7", "the bid is already doubled"))
                }
                Some(_) if self.doubling == 2 => {
                    Err(RuleViolation::new("BR-3.7", "the bid is already redoubled"))
                }
                Some(_) => Ok(()),
            },
            Call::Redouble => match self.high {
                None => Err(RuleViolation::new("BR-3.7", "there is no bid to redouble")),
                Some(_) if self.doubling == 0 => Err(RuleViolation::new(
                    "BR-3.7",
                    "only a doubled bid can be redoubled",
                )),
                Some(_) if self.doubling == 2 => {
                    Err(RuleViolation::new("BR-3.7", "the bid is already redoubled"))
                }
                Some((_, bidder)) if side(bidder as usize) != side(seat) => {
                    Err(RuleViolation::new(
                        "BR-3.7",
                        format!(
                            "{me} may not redouble: only the side whose bid was doubled may (BR-D5)"
                        ),
                    ))
                }
                Some(_) => Ok(()),
            },
        }
    }

    /// `seat` makes `call` (checked first).
    pub fn call(&mut self, seat: usize, call: Call) -> Result<(), RuleViolation> {
        self.can_call(seat, call)?;
        self.call_unchecked(call);
        Ok(())
    }

    /// The seat to call makes `call`, already known to be legal.
    pub fn call_unchecked(&mut self, call: Call) {
        let seat = (DEALER + self.calls.len()) % 4;
        self.calls.push(call);
        match call {
            Call::Pass => self.passes += 1,
            Call::Bid(v) => {
                self.high = Some((v, seat as u8));
                self.doubling = 0;
                self.passes = 0;
                let first = &mut self.first_of_strain[side(seat)][(v % 5) as usize];
                if first.is_none() {
                    *first = Some(seat as u8);
                }
            }
            Call::Double => {
                self.doubling = 1;
                self.passes = 0;
            }
            Call::Redouble => {
                self.doubling = 2;
                self.passes = 0;
            }
        }
        // BR-3.8: four opening passes, or three passes after a bid, double or redouble.
        if (self.high.is_none() && self.passes == 4) || (self.high.is_some() && self.passes == 3) {
            self.over = true;
        }
    }

    /// Every legal call of the seat to call, in action order: P, X, XX, bids low to high.
    pub fn legal_calls(&self) -> Vec<Call> {
        let Some(seat) = self.to_call() else {
            return Vec::new();
        };
        let mut out = vec![Call::Pass];
        for c in [Call::Double, Call::Redouble] {
            if self.can_call(seat, c).is_ok() {
                out.push(c);
            }
        }
        let from = self.high.map_or(0, |(h, _)| h + 1);
        out.extend((from..35).map(Call::Bid));
        out
    }
}

/// Phase of a bridge deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Auction,
    Play,
    Over,
}

/// One bridge deal: the auction, then the play. See the module documentation.
#[derive(Clone, Debug)]
pub struct BridgeDeal {
    dealt: [CardSet; 4],
    vul: Vulnerability,
    auction: Auction,
    play: Option<TrickState>,
    contract: Option<(Contract, usize)>,
}

/// Deals a shuffled 52-card deck one card at a time from West (BR-3.4): card `k` goes to seat
/// `(3 + k) mod 4`.
pub fn deal_from_west(deck: &[Card]) -> [CardSet; 4] {
    let mut hands = [CardSet::EMPTY; 4];
    for (k, c) in deck.iter().enumerate() {
        hands[(3 + k) % 4].insert(*c);
    }
    hands
}

/// The deal of `seed` as `cardavia.deal(4, 13, seed=seed)` gives it (hand `i` holds the cards
/// `k ≡ i (mod 4)` of the shuffled pack), seated by BR-3.4: card `k` goes to seat
/// `(3 + k) mod 4`, so hand `i` is seat `(i + 3) mod 4`'s.
pub fn seeded_deal(seed: u64) -> [CardSet; 4] {
    let d = crate::deal::deal(1, false, 4, Some(13), seed).expect("a full bridge deal");
    let mut hands = [CardSet::EMPTY; 4];
    for (i, hand) in d.hands.iter().enumerate() {
        hands[(i + 3) % 4] = hand.iter().copied().collect();
    }
    hands
}

/// A seeded random deal (BR-3.4): the 52 cards shuffled by `rng`, then dealt from West.
pub fn random_deal(rng: &mut Rng) -> [CardSet; 4] {
    let mut deck: Vec<Card> = CardSet::full_pack(false).iter().collect();
    rng.shuffle(&mut deck);
    deal_from_west(&deck)
}

impl BridgeDeal {
    /// A deal before the auction: `hands` by seat (N E S W), 13 cards each, the 52 cards.
    pub fn new(hands: [CardSet; 4], vul: Vulnerability) -> Result<BridgeDeal, Error> {
        let mut all = CardSet::EMPTY;
        for (seat, h) in hands.iter().enumerate() {
            if h.len() != 13 {
                return Err(invalid(format!(
                    "{} holds {} cards; each seat holds 13 (BR-3.4)",
                    SEAT_LETTERS[seat],
                    h.len()
                )));
            }
            if !h.is_subset(CardSet::full_pack(false)) {
                return Err(invalid("bridge uses no jokers (BR-2.1)"));
            }
            let twice = all.intersection(*h);
            if !twice.is_empty() {
                return Err(invalid(format!("{twice} dealt to more than one seat")));
            }
            all = all.union(*h);
        }
        Ok(BridgeDeal {
            dealt: hands,
            vul,
            auction: Auction::new(),
            play: None,
            contract: None,
        })
    }

    pub fn dealt(&self) -> &[CardSet; 4] {
        &self.dealt
    }
    pub fn vulnerability(&self) -> Vulnerability {
        self.vul
    }
    pub fn auction(&self) -> &Auction {
        &self.auction
    }
    pub fn play(&self) -> Option<&TrickState> {
        self.play.as_ref()
    }
    /// The contract and declarer, once the auction has ended with a bid.
    pub fn contract(&self) -> Option<(Contract, usize)> {
        self.contract
    }
    pub fn declarer(&self) -> Option<usize> {
        self.contract.map(|(_, d)| d)
    }
    /// Declarer's partner (BR-3.10).
    pub fn dummy(&self) -> Option<usize> {
        self.declarer().map(|d| (d + 2) % 4)
    }

    pub fn phase(&self) -> Phase {
        if !self.auction.is_over() {
            Phase::Auction
        } else if self.play.as_ref().is_some_and(|p| !p.is_over()) {
            Phase::Play
        } else {
            Phase::Over
        }
    }

    /// True from the opening lead on (BR-4.2).
    pub fn dummy_exposed(&self) -> bool {
        self.play
            .as_ref()
            .is_some_and(|p| !p.completed().is_empty() || !p.current_trick().1.is_empty())
    }

    /// The seat whose card is due during the play.
    pub fn seat_to_play(&self) -> Option<usize> {
        self.play.as_ref().and_then(|p| p.current_player())
    }

    /// The seat that chooses the next action: the caller in the auction; in the play the seat
    /// to play, except that declarer chooses dummy's cards (BR-4.3); `None` when over.
    pub fn current_player(&self) -> Option<usize> {
        match self.phase() {
            Phase::Auction => self.auction.to_call(),
            Phase::Play => {
                let seat = self.seat_to_play()?;
                Some(if Some(seat) == self.dummy() {
                    self.declarer().expect("play has a declarer")
                } else {
                    seat
                })
            }
            Phase::Over => None,
        }
    }

    /// Each seat's remaining cards.
    pub fn hands(&self) -> [CardSet; 4] {
        match &self.play {
            Some(p) => [p.hand(0), p.hand(1), p.hand(2), p.hand(3)],
            None => self.dealt,
        }
    }

    pub fn legal_calls(&self) -> Vec<Call> {
        self.auction.legal_calls()
    }

    /// Cards the chooser may play now (from dummy's hand at dummy's turn).
    pub fn legal_cards(&self) -> CardSet {
        self.play
            .as_ref()
            .map_or(CardSet::EMPTY, |p| p.legal_cards())
    }

    pub fn can_call(&self, actor: usize, call: Call) -> Result<(), RuleViolation> {
        self.auction.can_call(actor, call)
    }

    pub fn call(&mut self, actor: usize, call: Call) -> Result<(), RuleViolation> {
        self.auction.call(actor, call)?;
        self.after_call();
        Ok(())
    }

    fn after_call(&mut self) {
        if !self.auction.is_over() {
            return;
        }
        self.contract = self.auction.contract();
        if let Some((contract, declarer)) = self.contract {
            let state = TrickState::new(
                contract.trump_rules(),
                PLAY_RULES,
                &self.dealt,
                (declarer + 1) % 4, // BR-4.1: declarer's LHO leads
            )
            .expect("a checked deal");
            self.play = Some(state);
        }
    }

    /// Ok if `actor` may play `card` now: it must be the chooser (declarer at dummy's turns;
    /// the dummy player never acts, BR-4.9) and the card legal for the seat to play.
    pub fn can_play(&self, actor: usize, card: Card) -> Result<(), RuleViolation> {
        let Some(play) = self.play.as_ref().filter(|_| self.phase() == Phase::Play) else {
            return Err(if self.phase() == Phase::Auction {
                RuleViolation::new("BR-3.8", "the auction is not over: no card play yet")
            } else {
                RuleViolation::new("BR-4.8", "the deal is over")
            });
        };
        if Some(actor) == self.dummy() {
            return Err(RuleViolation::new(
                "BR-4.9",
                format!(
                    "{} is dummy and has no action during the play; declarer plays dummy's cards",
                    SEAT_LETTERS[actor % 4]
                ),
            ));
        }
        let chooser = self.current_player().expect("play phase");
        if actor != chooser {
            return Err(RuleViolation::new(
                "BR-4.4",
                format!(
                    "it is {}'s turn to choose a card, not {}'s",
                    SEAT_LETTERS[chooser],
                    SEAT_LETTERS[actor % 4]
                ),
            ));
        }
        let seat = play.current_player().expect("play phase");
        play.can_play(seat, card)
    }

    pub fn play_card(&mut self, actor: usize, card: Card) -> Result<(), RuleViolation> {
        self.can_play(actor, card)?;
        self.play_unchecked(card);
        Ok(())
    }

    /// The due seat plays `card`, already known to be legal.
    pub fn play_unchecked(&mut self, card: Card) {
        if let Some(p) = self.play.as_mut() {
            p.play_unchecked(card);
        }
    }

    /// Tricks won by declarer's side (BR-4.8), once there is a contract.
    pub fn declarer_tricks(&self) -> Option<u8> {
        let declarer = self.declarer()?;
        let p = self.play.as_ref()?;
        Some(p.tricks_won(declarer) + p.tricks_won((declarer + 2) % 4))
    }

    /// The score once the deal is over; `None` while it runs. A passed-out deal scores 0.
    pub fn score(&self) -> Option<Score> {
        if self.phase() != Phase::Over {
            return None;
        }
        match self.contract {
            None => Some(Score::default()), // BR-5.5
            Some((contract, declarer)) => {
                score(contract, declarer, self.vul, self.declarer_tricks()?).ok()
            }
        }
    }

    /// Plays the deal to its end with uniformly random legal calls and cards.
    pub fn random_playout(&mut self, rng: &mut Rng) {
        while self.phase() == Phase::Auction {
            let calls = self.auction.legal_calls();
            let k = rng.below(calls.len() as u64) as usize;
            self.auction.call_unchecked(calls[k]);
            self.after_call();
        }
        while self.phase() == Phase::Play {
            let card = random_card(self.legal_cards(), rng);
            self.play_unchecked(card);
        }
    }
}

/// The end of one simulated deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SimulatedDeal {
    /// Contract and declarer, `None` if passed out.
    pub contract: Option<(Contract, usize)>,
    pub calls: u16,
    pub tricks_won: [u8; 4],
    /// Cards in the tricks each seat won.
    pub captured: [CardSet; 4],
    pub score: Score,
}

/// `n` random deals (random auction and play), deal `i` from `Rng::new(playout_seed(seed, i))`,
/// on `threads` threads; results in index order and independent of `threads`.
pub fn simulate(n: usize, vul: Vulnerability, seed: u64, threads: usize) -> Vec<SimulatedDeal> {
    simulate_range(0, n, vul, seed, threads)
}

/// Deals `first..first + n` of [`simulate`]'s batch (the same results in slices).
pub fn simulate_range(
    first: usize,
    n: usize,
    vul: Vulnerability,
    seed: u64,
    threads: usize,
) -> Vec<SimulatedDeal> {
    parallel_seeded_range(first, n, seed, threads, |_, rng| {
        let hands = random_deal(rng);
        let mut deal = BridgeDeal::new(hands, vul).expect("a full deal");
        deal.random_playout(rng);
        SimulatedDeal::of(&deal)
    })
}

impl SimulatedDeal {
    /// The summary of a finished deal.
    pub fn of(deal: &BridgeDeal) -> SimulatedDeal {
        let mut tricks_won = [0u8; 4];
        let mut captured = [CardSet::EMPTY; 4];
        if let Some(p) = deal.play() {
            for seat in 0..4 {
                tricks_won[seat] = p.tricks_won(seat);
                captured[seat] = p.captured(seat);
            }
        }
        SimulatedDeal {
            contract: deal.contract(),
            calls: deal.auction().calls().len() as u16,
            tricks_won,
            captured,
            score: deal.score().unwrap_or_default(),
        }
    }
}
