//! Climbing-engine benchmarks: Dou Dizhu legal plays and playouts.
//!
//! * `ddz_legal_plays_lead_20`: `legal_plays` for a free lead from random 20-card hands (a pool
//!   of 256 seeded hands, one per iteration, round robin), allocating the output `Vec`;
//!   `..._into` reuses one buffer.
//! * `ddz_playouts_random_1000_{1,2}_threads`: 1,000 random playouts of full Dou Dizhu card
//!   play from a fresh deal (landlord seat 0 with 20 cards), on one and on two threads.
//!   Playouts per second = 1000 / (time per iteration).
//!
//! Run: `cargo bench -p cardavia-core --bench climbing`.

use cardavia_core::cards::{Card, CardSet};
use cardavia_core::climbing::{
    legal_plays, legal_plays_into, playouts, ClimbTable, PlayContext, Policy, Ruleset,
};
use cardavia_core::rng::Rng;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

const DDZ: Ruleset = Ruleset::DouDizhu;

fn deal_ddz(seed: u64) -> Vec<CardSet> {
    let mut deck: Vec<Card> = DDZ.deck().iter().collect();
    Rng::new(seed).shuffle(&mut deck);
    vec![
        deck[..20].iter().copied().collect(),
        deck[20..37].iter().copied().collect(),
        deck[37..].iter().copied().collect(),
    ]
}

fn bench_legal_plays(c: &mut Criterion) {
    let hands: Vec<CardSet> = (0..256).map(|s| deal_ddz(s)[0]).collect();
    let total: usize = hands.iter().map(|h| legal_plays(DDZ, *h, None).len()).sum();
    eprintln!(
        "mean legal plays per free lead over the pool: {:.1}",
        total as f64 / hands.len() as f64
    );
    let mut group = c.benchmark_group("climbing");
    group.throughput(Throughput::Elements(1));
    let mut k = 0;
    group.bench_function("ddz_legal_plays_lead_20", |b| {
        b.iter(|| {
            k = (k + 1) & 255;
            black_box(legal_plays(DDZ, black_box(hands[k]), None))
        })
    });
    let mut buffer = Vec::with_capacity(512);
    group.bench_function("ddz_legal_plays_lead_20_into", |b| {
        b.iter(|| {
            k = (k + 1) & 255;
            legal_plays_into(
                DDZ,
                black_box(hands[k]),
                None,
                PlayContext::default(),
                &mut buffer,
            );
            black_box(buffer.len())
        })
    });
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let table = ClimbTable::new(DDZ, deal_ddz(1), 0).expect("valid deal");
    let mut group = c.benchmark_group("climbing");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1000));
    for threads in [1usize, 2] {
        let mut seed = 0u64;
        group.bench_function(format!("ddz_playouts_random_1000_{threads}_threads"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(playouts(&table, 1000, Policy::Random, seed, threads))
            })
        });
    }
    let mut seed = 0u64;
    group.bench_function("ddz_playouts_greedy_1000_1_threads", |b| {
        b.iter(|| {
            seed += 1;
            black_box(playouts(&table, 1000, Policy::Greedy, seed, 1))
        })
    });
    // Fresh deals: a new deal for every playout (dealing included).
    let mut seed = 0u64;
    group.bench_function("ddz_fresh_deal_playouts_random_1000_1_threads", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for _ in 0..1000 {
                seed += 1;
                let t = ClimbTable::new(DDZ, deal_ddz(seed), 0).expect("valid deal");
                n += playouts(&t, 1, Policy::Random, seed, 1)[0].actions as usize;
            }
            black_box(n)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_legal_plays, bench_playouts);
criterion_main!(benches);
