//! Benchmarks of the Hold'em evaluator and equity (`cargo bench -p cardavia-core --bench eval`).

use cardavia_core::cards::CardSet;
use cardavia_core::poker::{equity, evaluate7, evaluate_batch_indices, evaluate_mask, parse_range};
use cardavia_core::rng::Rng;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

const HANDS: usize = 1 << 20;

/// `HANDS` random 7-card hands (distinct cards within a hand), from a fixed seed.
fn random_hands() -> Vec<[u8; 7]> {
    let mut rng = Rng::new(2024);
    let mut deck: Vec<u8> = (0..52).collect();
    (0..HANDS)
        .map(|_| {
            for i in 0..7 {
                let j = i + rng.below((52 - i) as u64) as usize;
                deck.swap(i, j);
            }
            std::array::from_fn(|i| deck[i])
        })
        .collect()
}

fn bench_eval(c: &mut Criterion) {
    let hands = random_hands();
    let masks: Vec<u64> = hands
        .iter()
        .map(|h| h.iter().fold(0u64, |m, &i| m | 1 << i))
        .collect();
    let mut g = c.benchmark_group("eval");
    g.throughput(Throughput::Elements(HANDS as u64));
    g.sample_size(20);
    g.bench_function("evaluate7_1M_random", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for h in black_box(&hands) {
                sum += evaluate7(h) as u64;
            }
            black_box(sum)
        })
    });
    g.bench_function("evaluate_mask_1M_random", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for &m in black_box(&masks) {
                sum += evaluate_mask(m) as u64;
            }
            black_box(sum)
        })
    });
    let flat: Vec<u8> = hands.iter().flatten().copied().collect();
    let mut out = vec![0u16; HANDS];
    g.bench_function("evaluate_batch_indices_1M_1_thread", |b| {
        b.iter(|| evaluate_batch_indices(black_box(&flat), 7, &mut out, 1).unwrap())
    });
    g.bench_function("evaluate_batch_indices_1M_all_threads", |b| {
        b.iter(|| evaluate_batch_indices(black_box(&flat), 7, &mut out, 0).unwrap())
    });
    g.finish();
}

fn bench_equity(c: &mut Criterion) {
    let hands = [parse_range("AhAs").unwrap(), parse_range("KdKc").unwrap()];
    let none = CardSet::EMPTY;
    let mut g = c.benchmark_group("equity");
    g.sample_size(20);
    g.bench_function("exact_AhAs_KdKc_1_thread", |b| {
        b.iter(|| equity(black_box(&hands), none, none, None, 0, 1).unwrap())
    });
    g.bench_function("exact_AhAs_KdKc_all_threads", |b| {
        b.iter(|| equity(black_box(&hands), none, none, None, 0, 0).unwrap())
    });
    g.bench_function("mc_100k_AhAs_KdKc_1_thread", |b| {
        b.iter(|| equity(black_box(&hands), none, none, Some(100_000), 1, 1).unwrap())
    });
    let ranges = [
        parse_range("QQ+, AKs").unwrap(),
        parse_range("random").unwrap(),
    ];
    g.bench_function("mc_100k_QQ+AKs_vs_random_1_thread", |b| {
        b.iter(|| equity(black_box(&ranges), none, none, Some(100_000), 1, 1).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench_eval, bench_equity);
criterion_main!(benches);
