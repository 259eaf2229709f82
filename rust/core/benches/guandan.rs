//! Guandan benchmarks (rules/guandan.md).
//!
//! * `gd_legal_plays_lead_27_two_wilds`: `legal_plays_into` on a free lead for 27-card hands
//!   holding both wild cards (25 cards drawn at random from the 106 other cards of two packs, plus
//!   the two hearts of the level rank; level rank drawn at random), round robin over a pool of
//!   10,000 seeded hands. Before criterion runs, every hand of the pool is also timed on its own
//!   (one call per hand, going through the pool in order, third pass counted) and the median,
//!   p99 and max per hand are printed, with the mean number of moves.
//! * `gd_playouts_random_1000_{1,2}_threads`: 1,000 random playouts of a full deal of card play
//!   (fresh seeded deal, 27 cards each, level 2, seat 0 leads), jiefeng included. Deals per
//!   second = 1000 / (time per iteration).
//!
//! Run: `cargo bench -p cardavia-core --bench guandan`.

use cardavia_core::cards::{Card, CardBag};
use cardavia_core::climbing::guandan::{deal, legal_plays_into, playouts, wild_card, GdTable};
use cardavia_core::climbing::Policy;
use cardavia_core::deal::ordered_deck;
use cardavia_core::rng::Rng;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::time::Instant;

const POOL: usize = 10_000;

/// 27 cards with both wild cards of a random level.
fn hand_with_two_wilds(seed: u64) -> (CardBag, u8) {
    let mut rng = Rng::new(seed);
    let level = rng.below(13) as u8;
    let wild = wild_card(level);
    let mut others: Vec<Card> = ordered_deck(2, true)
        .into_iter()
        .filter(|&c| c != wild)
        .collect();
    rng.shuffle(&mut others);
    let mut hand = CardBag::EMPTY;
    for c in others.into_iter().take(25) {
        hand.insert(c);
    }
    hand.insert(wild);
    hand.insert(wild);
    (hand, level)
}

fn per_hand_stats(pool: &[(CardBag, u8)]) {
    let mut buffer = Vec::with_capacity(8192);
    let mut times = Vec::with_capacity(pool.len());
    let mut moves = 0usize;
    for round in 0..3 {
        for &(hand, level) in pool {
            let t = Instant::now();
            legal_plays_into(black_box(hand), level, None, &mut buffer);
            let us = t.elapsed().as_secs_f64() * 1e6;
            if round == 2 {
                moves += buffer.len();
                times.push(us);
            }
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    let q = |p: f64| times[((times.len() as f64 - 1.0) * p).round() as usize];
    eprintln!(
        "gd legal plays, free lead, 27 cards with both wild cards, {} hands: \
         median {:.2} us, p99 {:.2} us, max {:.2} us; mean {:.0} moves per hand",
        pool.len(),
        q(0.5),
        q(0.99),
        q(1.0),
        moves as f64 / pool.len() as f64
    );
}

fn bench_legal_plays(c: &mut Criterion) {
    let pool: Vec<(CardBag, u8)> = (0..POOL as u64).map(hand_with_two_wilds).collect();
    per_hand_stats(&pool);
    let mut group = c.benchmark_group("guandan");
    group.throughput(Throughput::Elements(1));
    let mut buffer = Vec::with_capacity(8192);
    let mut k = 0;
    group.bench_function("gd_legal_plays_lead_27_two_wilds", |b| {
        b.iter(|| {
            k = (k + 1) % POOL;
            let (hand, level) = pool[k];
            legal_plays_into(black_box(hand), level, None, &mut buffer);
            black_box(buffer.len())
        })
    });
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("guandan");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1000));
    for threads in [1usize, 2] {
        let mut seed = 0u64;
        group.bench_function(format!("gd_playouts_random_1000_{threads}_threads"), |b| {
            b.iter(|| {
                seed += 1;
                let hands = deal(&mut Rng::new(seed));
                let table = GdTable::new(0, hands.to_vec(), 0).expect("valid deal");
                black_box(playouts(&table, 1000, Policy::Random, seed, threads))
            })
        });
    }
    // Fresh deals for every playout, on one thread.
    let start = Instant::now();
    let mut actions = 0u64;
    let n = 5000;
    let mut rng = Rng::new(1);
    for i in 0..n {
        let hands = deal(&mut rng);
        let table = GdTable::new(0, hands.to_vec(), (i % 4) as usize).expect("valid deal");
        actions += playouts(&table, 1, Policy::Random, i, 1)[0].actions as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "gd random full-deal playouts, fresh deal each, 1 thread: {:.0} deals/s ({:.1} actions/deal)",
        n as f64 / secs,
        actions as f64 / n as f64
    );
    group.finish();
}

criterion_group!(benches, bench_legal_plays, bench_playouts);
criterion_main!(benches);
