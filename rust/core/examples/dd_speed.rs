//! Tuning aid for the bridge double-dummy solver: solves the tables of `N` seeded random deals
//! (first argument, default 30) and prints the CPU time (Linux; wall time elsewhere), the trick-start nodes searched and a
//! checksum of the results (which must not change when the search is tuned).
//!
//! Run: `cargo run -p cardavia-core --profile dev-fast --example dd_speed -- 30`

use cardavia_core::cards::{Card, CardSet};
use cardavia_core::rng::Rng;
use cardavia_core::tricks::dds;
use std::time::Instant;

/// Nanoseconds this thread has run on a CPU (`/proc/self/schedstat`), if known.
fn cpu_nanos() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let deals: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(30);
    let mut checksum = 0u64;
    let mut nodes = 0u64;
    let start = Instant::now();
    let cpu_start = cpu_nanos();
    for seed in 0..deals {
        let mut rng = Rng::new(seed);
        let mut pack: Vec<Card> = CardSet::full_pack(false).iter().collect();
        rng.shuffle(&mut pack);
        let mut hands = [CardSet::EMPTY; 4];
        for (k, card) in pack.into_iter().enumerate() {
            hands[k % 4].insert(card);
        }
        let (table, n) = dds::table_stats(&hands).expect("a full deal");
        nodes += n;
        for strain in 0..5 {
            for row in &table {
                checksum = checksum
                    .wrapping_mul(31)
                    .wrapping_add(u64::from(row[strain]));
            }
        }
    }
    let seconds = match (cpu_start, cpu_nanos()) {
        (Some(a), Some(b)) => (b - a) as f64 * 1e-9,
        _ => start.elapsed().as_secs_f64(),
    };
    println!(
        "{deals} tables: {:.1} ms per table, {} nodes per table, checksum {checksum:016x}",
        1000.0 * seconds / deals as f64,
        nodes / deals
    );
}
