//! Rollout policies for every decision of a Five-Ten-King deal, and seeded playouts of a whole
//! [`FtkGame`] from any decision point: a reveal opportunity, the bury, the call, card play.
//!
//! # Policies
//!
//! * [`Policy::Random`]: uniform over [`FtkGame::legal_actions`] (one [`Rng::below`] draw).
//! * [`Policy::Greedy`]: deterministic, cheap rules per decision:
//!   - **reveal** (FTK-3.7): in the closing round reveal (a redeal helps nobody); on a receipt,
//!     reveal once at least 6 cards are in hand and a quarter of them are high (A, 2, jokers),
//!     else pass;
//!   - **bury** (FTK-3.13): bury the card worth least to keep: a lone low card first; pairs,
//!     triples and bombs, point cards (5, T, K), 2s and jokers are kept (value = game rank, +20
//!     in a pair, +40 in a triple, +80 in a bomb, +25 for a point card, 2s and jokers always
//!     kept);
//!   - **call** (FTK-3.14): the first of `2 A K Q … 3` in suits `s h d c` that the banker holds
//!     no copy of, first play; failing that the first legal call;
//!   - **card play**: go out when one play empties the hand. Leading: a normal (non-special)
//!     play, point-free plays first, then the most cards, then the lowest key. Following: never
//!     beat a known teammate (the banker and the answerers are known; a player holding an
//!     unanswered called card counts himself on the banker side); otherwise the lowest normal
//!     play that beats, not breaking a bomb if possible, but pass rather than spend an A or 2 on
//!     a trick without points while holding more than 6 cards; a special combination (5-10-K,
//!     bomb, joker bomb) only when it is the only way to beat and the trick holds 15 points or
//!     more or the top player is down to 3 cards, and then the weakest.
//!
//! # Seeds
//!
//! Playout `i` of [`game_playouts`] uses `Rng::new(playout_seed(seed, i))` whatever the number
//! of threads. A redeal of deal 1 inside a playout shuffles from the game's own seed, exactly
//! as the game itself would (a playout plays the given state, it never looks elsewhere).

use super::game::{FtkAction, FtkGame, FtkPhase, PromptKind};
use super::ids::game_rank;
use super::{points, FtkTable, FTK_PLAYERS};
use crate::cards::{Card, CardBag};
use crate::climbing::combo::Combo;
use crate::climbing::playout::{playout_seed, Policy};
use crate::climbing::ruleset::Ruleset;
use crate::rng::Rng;

/// Chooses one of `actions` (the legal actions of `game`, in listing order) with `policy`.
pub fn choose(game: &FtkGame, policy: Policy, actions: &[FtkAction], rng: &mut Rng) -> FtkAction {
    match policy {
        Policy::Random => actions[rng.below(actions.len() as u64) as usize],
        Policy::Greedy => greedy(game, actions),
    }
}

/// The greedy decision (module documentation).
pub fn greedy(game: &FtkGame, actions: &[FtkAction]) -> FtkAction {
    match game.phase() {
        FtkPhase::Deal => greedy_reveal(game, actions),
        FtkPhase::Bury => greedy_bury(game, actions),
        FtkPhase::Call => greedy_call(game, actions),
        FtkPhase::Play => greedy_play(game.table().expect("a table"), actions),
        FtkPhase::Over => actions[0],
    }
}

fn high_cards(hand: CardBag) -> u32 {
    // A (rank 12), 2 (rank 0) and both jokers.
    hand.rank_count(12) + hand.rank_count(0) + hand.rank_count(13) + hand.rank_count(14)
}

fn greedy_reveal(game: &FtkGame, actions: &[FtkAction]) -> FtkAction {
    let reveal = actions.iter().find(|a| matches!(a, FtkAction::Reveal(_)));
    let Some(&reveal) = reveal else {
        return FtkAction::Pass;
    };
    let (seat, kind) = game.prompt().expect("a prompt");
    if kind == PromptKind::Closing {
        return reveal;
    }
    let hand = game.received(seat);
    let n = hand.len() as u32;
    if n >= 6 && 4 * high_cards(hand) >= n {
        reveal
    } else {
        FtkAction::Pass
    }
}

#[inline]
fn is_point_card(card: Card) -> bool {
    matches!(card.rank(), 3 | 8 | 11) && !card.is_joker()
}

/// How much the banker wants to keep `card` in `hand` (lower = bury first).
fn keep_value(hand: CardBag, card: Card) -> i32 {
    let gr = game_rank(card) as i32;
    if gr >= 12 {
        return 200 + gr;
    }
    let count = hand.rank_count(card.rank());
    let mut v = gr
        + match count {
            0 | 1 => 0,
            2 => 20,
            3 => 40,
            _ => 80,
        };
    if is_point_card(card) {
        v += 25;
    }
    v
}

fn greedy_bury(game: &FtkGame, actions: &[FtkAction]) -> FtkAction {
    let hand = game.banker_hand();
    *actions
        .iter()
        .min_by_key(|a| match a {
            FtkAction::Bury(c) => keep_value(hand, *c),
            _ => i32::MAX,
        })
        .expect("a legal burial")
}

fn greedy_call(game: &FtkGame, actions: &[FtkAction]) -> FtkAction {
    let hand = game.banker_hand();
    // Card ranks 2, A, K, ..., 3 and suits s, h, d, c.
    for rank in [0u8, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] {
        for suit in [3u8, 2, 1, 0] {
            let card = Card::new(rank, suit).expect("a card");
            if hand.count(card) > 0 {
                continue;
            }
            let wanted = FtkAction::Call(super::Call { card, ordinal: 1 });
            if actions.contains(&wanted) {
                return wanted;
            }
        }
    }
    actions[0]
}

/// The side a seat is known to be on, from `me`'s point of view: `Some(true)` banker side,
/// `Some(false)` defense, `None` not known yet.
fn known_side(table: &FtkTable, me: usize, seat: usize) -> Option<bool> {
    if seat == table.banker() || table.answerers().contains(&Some(seat)) {
        return Some(true);
    }
    if table.teams_confirmed() {
        return Some(false);
    }
    if seat == me {
        // A holder of an unanswered called card expects to answer it.
        let hand = table.hand(me);
        let holds = table
            .calls()
            .iter()
            .zip(table.answerers())
            .any(|(c, a)| a.is_none() && hand.count(c.card) > 0);
        return Some(holds);
    }
    None
}

/// Whether `combo` takes some but not all cards of a rank `hand` holds 4 or more of.
fn breaks_bomb(hand: CardBag, combo: &Combo) -> bool {
    let cards = combo.bag();
    (0..13u8).any(|r| {
        let held = hand.rank_count(r);
        let used = cards.rank_count(r);
        held >= 4 && used > 0 && used < held
    })
}

fn greedy_play(table: &FtkTable, actions: &[FtkAction]) -> FtkAction {
    let me = table.current_player().expect("a player");
    let hand = table.hand(me);
    let plays = || {
        actions.iter().filter_map(|a| match a {
            FtkAction::Play(c) => Some(c),
            _ => None,
        })
    };
    let pass_ok = actions.contains(&FtkAction::Pass);
    if let Some(out) = plays().find(|c| c.len() == hand.len()) {
        return FtkAction::Play(*out);
    }
    let weakest_special = || {
        plays()
            .filter(|c| c.is_bomb())
            .min_by_key(|c| Ruleset::FiveTenKing.bomb_power(c).unwrap_or(0))
            .copied()
    };
    let Some(top) = table.top() else {
        let lead = plays()
            .filter(|c| !c.is_bomb())
            .min_by_key(|c| (points(c.bag()) > 0, std::cmp::Reverse(c.len()), c.rank()))
            .copied()
            .or_else(weakest_special)
            .expect("a lead exists");
        return FtkAction::Play(lead);
    };
    let leader = top.player;
    let mine = known_side(table, me, me);
    let theirs = known_side(table, me, leader);
    if pass_ok && mine.is_some() && mine == theirs {
        return FtkAction::Pass;
    }
    let trick_points = points(table.trick_cards());
    let close = table.hand(leader).len() <= 3;
    let normal = plays()
        .filter(|c| !c.is_bomb())
        .min_by_key(|c| (breaks_bomb(hand, c), c.rank(), std::cmp::Reverse(c.len())));
    if let Some(c) = normal {
        if pass_ok && c.rank() >= 11 && trick_points == 0 && hand.len() > 6 && !close {
            return FtkAction::Pass;
        }
        return FtkAction::Play(*c);
    }
    if trick_points >= 15 || close || !pass_ok {
        if let Some(c) = weakest_special() {
            return FtkAction::Play(c);
        }
    }
    FtkAction::Pass
}

/// Plays `game` to the end with `policy`; returns the number of actions taken. Event
/// recording is switched off.
pub fn game_playout(game: &mut FtkGame, policy: Policy, rng: &mut Rng) -> u32 {
    let mut actions = Vec::with_capacity(256);
    playout_with(game, policy, rng, &mut actions)
}

fn playout_with(
    game: &mut FtkGame,
    policy: Policy,
    rng: &mut Rng,
    actions: &mut Vec<FtkAction>,
) -> u32 {
    game.set_record(false);
    let mut steps = 0;
    while !game.is_over() {
        game.legal_actions_into(actions);
        let a = choose(game, policy, actions, rng);
        game.apply_unchecked(a);
        steps += 1;
    }
    steps
}

/// `n` playouts of `game` (left unchanged) to the end of the deal, playout `i` seeded by
/// [`playout_seed`]`(seed, i)`, on `threads` threads; each row is [`FtkGame::returns`] of the
/// finished deal. Rows are in index order and do not depend on `threads`. The game must not be
/// over.
pub fn game_playouts(
    game: &FtkGame,
    n: usize,
    policy: Policy,
    seed: u64,
    threads: usize,
) -> Vec<[f64; FTK_PLAYERS]> {
    let run = |start: usize, out: &mut [[f64; FTK_PLAYERS]]| {
        let mut actions = Vec::with_capacity(256);
        let mut base = game.clone();
        base.set_record(false);
        base.keep_log = false;
        base.log.clear();
        base.round_start = 0;
        for (k, slot) in out.iter_mut().enumerate() {
            let mut g = base.clone();
            let mut rng = Rng::new(playout_seed(seed, (start + k) as u64));
            playout_with(&mut g, policy, &mut rng, &mut actions);
            *slot = g.returns();
        }
    };
    let mut results = vec![[0.0; FTK_PLAYERS]; n];
    let threads = threads.max(1).min(n.max(1));
    if threads == 1 {
        run(0, &mut results);
        return results;
    }
    let chunk = n.div_ceil(threads);
    std::thread::scope(|scope| {
        for (k, part) in results.chunks_mut(chunk).enumerate() {
            let run = &run;
            scope.spawn(move || run(k * chunk, part));
        }
    });
    results
}
