//! Climbing-engine benchmarks: Dou Dizhu legal plays and playouts.
//!
//! * `ddz_legal_plays_lead_20`: `legal_plays` for a free lead from random 20-card hands (a pool
//!   of 256 seeded hands, one per iteration, round robin), allocating the output `Vec`;
//!   `..._into` reuses one buffer.
//! * `ddz_playouts_random_1000_{1,2}_threads`: 1,000 random playouts of full Dou Dizhu card
//!   play from a fresh deal (landlord seat 0 with 20 cards), on one and on two threads.
//!   Playouts per second = 1000 / (time per iteration).
//!
//! * `ftk_legal_plays_lead_21`: Five-Ten-King `legal_plays_bag` for a free lead from random
//!   21-card two-pack hands (a pool of 256 seeded hands), allocating the output `Vec`; `..._into`
//!   reuses one buffer. Goal: median ≤ 5 µs.
//! * `ftk_playouts_random_1000_1_threads`: 1,000 random playouts of Five-Ten-King card play
//!   (partner call, trick points, E1/E2 ends and settlement included) from one fresh deal;
//!   `ftk_fresh_deal_playouts_random_1000_1_threads` deals a new position for every playout.
//!   Goal: ≥ 20,000 deals per second on one thread (≤ 50 ms per iteration).
//!
//! Run: `cargo bench -p cardavia-core --bench climbing`.

use cardavia_core::cards::{Card, CardBag, CardSet};
use cardavia_core::climbing::{
    ftk_playouts, legal_plays, legal_plays_bag, legal_plays_bag_into, legal_plays_into, playouts,
    Call, ClimbTable, FtkTable, PlayContext, Policy, Ruleset,
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

const FTK: Ruleset = Ruleset::FiveTenKing;

/// A Five-Ten-King position at the first lead: 21 cards each, 3 in the kitty, banker seat 0,
/// calling the first play of `Ah` (or `As` if both `Ah` are buried).
fn deal_ftk(seed: u64) -> FtkTable {
    let mut deck: Vec<Card> = CardBag::two_packs(true).iter().collect();
    Rng::new(seed).shuffle(&mut deck);
    let mut hands = [CardBag::EMPTY; 5];
    for (k, c) in deck[..105].iter().enumerate() {
        hands[k % 5].insert(*c);
    }
    let mut kitty = CardBag::EMPTY;
    for c in &deck[105..] {
        kitty.insert(*c);
    }
    let ah = Card::new(12, 2).expect("Ah");
    let card = if kitty.count(ah) == 2 {
        Card::new(12, 3).expect("As")
    } else {
        ah
    };
    FtkTable::new(hands, 0, kitty, &[Call { card, ordinal: 1 }]).expect("valid deal")
}

fn bench_ftk(c: &mut Criterion) {
    let hands: Vec<CardBag> = (0..256).map(|s| deal_ftk(s).hand(0)).collect();
    let total: usize = hands
        .iter()
        .map(|h| legal_plays_bag(FTK, *h, None, PlayContext::default()).len())
        .sum();
    eprintln!(
        "mean FTK legal plays per free lead over the pool: {:.1}",
        total as f64 / hands.len() as f64
    );
    let mut group = c.benchmark_group("climbing");
    group.throughput(Throughput::Elements(1));
    let mut k = 0;
    group.bench_function("ftk_legal_plays_lead_21", |b| {
        b.iter(|| {
            k = (k + 1) & 255;
            black_box(legal_plays_bag(
                FTK,
                black_box(hands[k]),
                None,
                PlayContext::default(),
            ))
        })
    });
    let mut buffer = Vec::with_capacity(1024);
    group.bench_function("ftk_legal_plays_lead_21_into", |b| {
        b.iter(|| {
            k = (k + 1) & 255;
            legal_plays_bag_into(
                FTK,
                black_box(hands[k]),
                None,
                PlayContext::default(),
                &mut buffer,
            );
            black_box(buffer.len())
        })
    });
    group.sample_size(20);
    group.throughput(Throughput::Elements(1000));
    let table = deal_ftk(1);
    let mut seed = 0u64;
    group.bench_function("ftk_playouts_random_1000_1_threads", |b| {
        b.iter(|| {
            seed += 1;
            black_box(ftk_playouts(&table, 1000, Policy::Random, seed, 1))
        })
    });
    let mut seed = 0u64;
    group.bench_function("ftk_fresh_deal_playouts_random_1000_1_threads", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for _ in 0..1000 {
                seed += 1;
                let t = deal_ftk(seed);
                n += ftk_playouts(&t, 1, Policy::Random, seed, 1)[0].actions as usize;
            }
            black_box(n)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_legal_plays, bench_playouts, bench_ftk);
criterion_main!(benches);
