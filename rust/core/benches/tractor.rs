//! Tractor benchmarks.
//!
//! * `tractor_legal_follows_25_vs_tractor2`: `legal_follows` (full enumeration) for 25-card
//!   hands against the tractor lead `9s 9s Ts Ts` (level 2, hearts trump), a pool of 64 seeded
//!   random hands, one per iteration. Most hands hold spades, some are short or void (where the
//!   count explodes); the mean count is printed. `..._count` is `count_follows` (exact count by
//!   dynamic programming) and `..._next` the compact generator's first step.
//! * `tractor_deal_playouts_random_100_1_thread`: 100 complete random deals on one thread
//!   (shuffle and deal per TR-3.4, trump from the kitty, random bury, random card play to the
//!   last trick). Deals per second = 100 / (time per iteration).
//!
//! Run: `cargo bench -p cardavia-core --bench tractor`.

use cardavia_core::cards::{Card, CardBag};
use cardavia_core::rng::Rng;
use cardavia_core::tractor::{
    count_follows, deal_playout, follow_next_kinds, legal_follows, Trump,
};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn hand(seed: u64) -> CardBag {
    let mut deck: Vec<Card> = CardBag::two_packs(true).iter().collect();
    Rng::new(seed).shuffle(&mut deck);
    let lead = CardBag::parse("9s 9s Ts Ts").unwrap();
    let mut out = CardBag::EMPTY;
    let mut used = CardBag::EMPTY;
    for c in deck {
        if out.len() == 25 {
            break;
        }
        // Leave the lead's four cards to the leader.
        if lead.count(c) > used.count(c) {
            used.insert(c);
            continue;
        }
        out.insert(c);
    }
    out
}

fn bench_follows(c: &mut Criterion) {
    let trump = Trump::new(0, Some(2)).unwrap();
    let lead = CardBag::parse("9s 9s Ts Ts").unwrap();
    let hands: Vec<CardBag> = (0..64).map(hand).collect();
    let counts: Vec<u64> = hands
        .iter()
        .map(|h| count_follows(*h, lead, &trump))
        .collect();
    eprintln!(
        "legal follows per 25-card hand vs tractor(2): mean {:.1}, max {}",
        counts.iter().sum::<u64>() as f64 / counts.len() as f64,
        counts.iter().max().unwrap()
    );
    let mut group = c.benchmark_group("tractor");
    group.throughput(Throughput::Elements(1));
    let mut k = 0;
    group.bench_function("tractor_legal_follows_25_vs_tractor2", |b| {
        b.iter(|| {
            k = (k + 1) & 63;
            black_box(legal_follows(black_box(hands[k]), lead, &trump, usize::MAX))
        })
    });
    group.bench_function("tractor_legal_follows_25_vs_tractor2_count", |b| {
        b.iter(|| {
            k = (k + 1) & 63;
            black_box(count_follows(black_box(hands[k]), lead, &trump))
        })
    });
    group.bench_function("tractor_legal_follows_25_vs_tractor2_next", |b| {
        b.iter(|| {
            k = (k + 1) & 63;
            black_box(follow_next_kinds(
                black_box(hands[k]),
                lead,
                CardBag::EMPTY,
                &trump,
            ))
        })
    });
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("tractor");
    group.sample_size(20);
    group.throughput(Throughput::Elements(100));
    let mut seed = 0u64;
    group.bench_function("tractor_deal_playouts_random_100_1_thread", |b| {
        b.iter(|| {
            let mut steps = 0u32;
            for _ in 0..100 {
                seed += 1;
                steps += deal_playout(seed, (seed % 13) as u8, (seed % 4) as usize).steps;
            }
            black_box(steps)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_follows, bench_playouts);
criterion_main!(benches);
