//! Generator of the Hold'em evaluation tables (rules/holdem.md HE-2).
//!
//! This file is compiled into the build script (`rust/core/build.rs` includes it with `#[path]`),
//! which writes the generated tables to `$OUT_DIR/poker_tables.rs`; the crate `include!`s that
//! file in `poker/eval.rs`. Nothing here is pasted data: every number is computed below, and the
//! crate's tests check the result against an independent slow evaluator.
//!
//! What is generated:
//!
//! * `RANK_KEYS`: one integer per rank such that the sums `Σ c_r · RANK_KEYS[r]` are distinct for
//!   all rank multisets with `c_r ≤ 4` and at most 7 cards, whatever their size (so 5-, 6- and
//!   7-card hands share one table). Found by a greedy search (each key is the smallest value,
//!   starting from 2.5 times the previous key, that keeps every sum distinct).
//! * `OFFSETS` / `HASH`: a row-displacement perfect hash of the rank-key sums of every multiset of
//!   5, 6 or 7 cards: row = `sum & ROW_MASK`, column = `sum >> ROW_BITS`, slot =
//!   `OFFSETS[row] + column`. `HASH[slot]` is the strength (`7463 - r`, HE-2.6) of the best
//!   5-card hand of those ranks when no flush is possible; empty slots hold 0.
//! * `OFFSETS7` / `HASH7`: the same for the 7-card multisets only (49,205 of them), with fewer
//!   rows and `u16` offsets, so that the offsets (8 KiB) stay in the L1 cache on the 7-card
//!   paths (`evaluate7`, equity).
//! * `FLUSH`: indexed by the 13-bit rank mask of the cards of the flush suit; the strength of the
//!   best flush or straight flush (0 for masks with fewer than 5 bits).
//! * `CLASS_INFO`: for each class index `r` (1..=7462), `category << 20` plus the five ranks of
//!   the class's hand in tie-break order (HE-2.3), four bits each, first rank highest.

use std::collections::HashMap;

/// Number of low key bits that select the row of the perfect hash of 5-7 card hands.
pub const ROW_BITS: u32 = 13;
/// Number of low key bits that select the row of the perfect hash of 7-card hands.
pub const ROW_BITS7: u32 = 12;

/// Number of equivalence classes of 5-card hands (HE-2.6).
pub const CLASSES: usize = 7462;

/// The generated tables.
pub struct Tables {
    pub rank_keys: [u32; 13],
    pub offsets: Vec<u32>,
    pub hash: Vec<u16>,
    pub offsets7: Vec<u16>,
    pub hash7: Vec<u16>,
    pub flush: Vec<u16>,
    pub class_info: Vec<u32>,
}

/// Every rank multiset over ranks `0..ranks` with at most 4 of a rank and at most `max_cards`
/// cards, as (count vector, number of cards).
fn multisets(ranks: usize, max_cards: u8) -> Vec<([u8; 13], u8)> {
    let mut out = Vec::new();
    let mut counts = [0u8; 13];
    fn rec(
        r: usize,
        ranks: usize,
        left: u8,
        max_cards: u8,
        counts: &mut [u8; 13],
        out: &mut Vec<([u8; 13], u8)>,
    ) {
        if r == ranks {
            out.push((*counts, max_cards - left));
            return;
        }
        for c in 0..=left.min(4) {
            counts[r] = c;
            rec(r + 1, ranks, left - c, max_cards, counts, out);
        }
        counts[r] = 0;
    }
    rec(0, ranks, max_cards, max_cards, &mut counts, &mut out);
    out
}

fn key_of(counts: &[u8; 13], keys: &[u32]) -> u64 {
    keys.iter()
        .enumerate()
        .map(|(r, &k)| counts[r] as u64 * k as u64)
        .sum()
}

/// 64 bits of `bitmap` starting at bit `pos` (bits past the end read as 0).
fn bits64(bitmap: &[u64], pos: u64) -> u64 {
    let word = (pos / 64) as usize;
    let shift = pos % 64;
    let lo = bitmap.get(word).copied().unwrap_or(0);
    if shift == 0 {
        return lo;
    }
    let hi = bitmap.get(word + 1).copied().unwrap_or(0);
    (lo >> shift) | (hi << (64 - shift))
}

/// The greedy rank-key search (see the module documentation).
///
/// Adding rank `r` with key `v` keeps all sums distinct unless two multisets over the previous
/// ranks, `A` with `n` cards and `B`, satisfy `sum(B) = sum(A) + d·v` for some `d` in `1..=4`
/// with `n + d ≤ 7` (then `A` plus `d` cards of rank `r` collides with `B`). Candidates are tested
/// 64 at a time with bitmaps of the existing sums taken every `d`-th bit.
pub fn rank_keys() -> [u32; 13] {
    let mut keys: Vec<u32> = Vec::with_capacity(13);
    for r in 0..13 {
        let prefix = multisets(r, 7);
        let sums: Vec<(u64, u8)> = prefix.iter().map(|(c, n)| (key_of(c, &keys), *n)).collect();
        let max_sum = sums.iter().map(|s| s.0).max().unwrap_or(0);
        // phase[d][p] has bit i set when d*i + p is a sum.
        let mut phase: Vec<Vec<Vec<u64>>> = vec![Vec::new(); 5];
        for (d, maps) in phase.iter_mut().enumerate().skip(1) {
            for p in 0..d as u64 {
                let mut bm = vec![0u64; (max_sum / d as u64 / 64 + 2) as usize];
                for &(s, _) in &sums {
                    if s % d as u64 == p {
                        let i = s / d as u64;
                        bm[(i / 64) as usize] |= 1 << (i % 64);
                    }
                }
                maps.push(bm);
            }
        }
        let mut base = match keys.last() {
            None => 1u64,
            Some(&prev) => (prev as u64 + 1).max(prev as u64 * 5 / 2),
        };
        let key = loop {
            let mut forbidden = 0u64;
            'scan: for d in 1..=4u64 {
                for &(s, n) in &sums {
                    if n as u64 + d > 7 {
                        continue;
                    }
                    // Candidate base + j collides iff s + d*(base + j) is a sum.
                    forbidden |= bits64(&phase[d as usize][(s % d) as usize], base + s / d);
                    if forbidden == u64::MAX {
                        break 'scan;
                    }
                }
            }
            if forbidden != u64::MAX {
                break base + (!forbidden).trailing_zeros() as u64;
            }
            base += 64;
        };
        keys.push(u32::try_from(key).expect("rank key fits in u32"));
    }
    keys.try_into().expect("13 keys")
}

/// Category and tie-break vector of a 5-card hand given by its rank counts (HE-2.3), packed as
/// `category << 20 | v1 << 16 | v2 << 12 | v3 << 8 | v4 << 4 | v5`, where the `v` are the five
/// ranks in tie-break order (grouped by multiplicity, then by rank; the wheel as `5 4 3 2 A`).
/// Larger is stronger (HE-2.5).
fn score5(counts: &[u8; 13], flush: bool) -> u32 {
    // Ranks ordered by (count, rank) descending, each repeated count times.
    let mut order = [0u8; 5];
    let mut len = 0;
    for want in (1..=4u8).rev() {
        for r in (0..13u8).rev() {
            if counts[r as usize] == want {
                for _ in 0..want {
                    order[len] = r;
                    len += 1;
                }
            }
        }
    }
    assert_eq!(len, 5, "score5 needs exactly five cards");
    let distinct = counts.iter().filter(|&&c| c > 0).count();
    let mut straight = false;
    if distinct == 5 {
        if order[0] - order[4] == 4 {
            straight = true;
        } else if order == [12, 3, 2, 1, 0] {
            straight = true;
            order = [3, 2, 1, 0, 12];
        }
    }
    let top = counts.iter().copied().max().unwrap_or(0);
    let category: u32 = match (straight, flush, top, distinct) {
        (true, true, _, _) => 9,
        (_, _, 4, _) => 8,
        (_, _, 3, 2) => 7,
        (_, true, _, _) => 6,
        (true, false, _, _) => 5,
        (_, _, 3, _) => 4,
        (_, _, 2, 3) => 3,
        (_, _, 2, _) => 2,
        _ => 1,
    };
    order.iter().fold(category, |acc, &r| (acc << 4) | r as u32)
}

fn counts_of_mask(mask: u32) -> [u8; 13] {
    let mut c = [0u8; 13];
    for (r, slot) in c.iter_mut().enumerate() {
        *slot = ((mask >> r) & 1) as u8;
    }
    c
}

/// Places each row of sorted columns at the first offset where all its columns are free
/// (rows with more entries first). Returns the offsets and the used table length.
/// Row-displacement perfect hash of `(key, value)` pairs: row = `key & (2^row_bits - 1)`,
/// column = `key >> row_bits`, slot = `offsets[row] + column`. Returns the offsets and the
/// table (empty slots 0).
fn perfect_hash(entries: &[(u64, u16)], row_bits: u32) -> (Vec<u32>, Vec<u16>) {
    let rows_len = 1usize << row_bits;
    let mut rows: Vec<Vec<u32>> = vec![Vec::new(); rows_len];
    for &(key, _) in entries {
        rows[(key as usize) & (rows_len - 1)].push((key >> row_bits) as u32);
    }
    for row in &mut rows {
        row.sort_unstable();
    }
    let (offsets, len) = pack_rows(&rows);
    let mut table = vec![0u16; len];
    for &(key, value) in entries {
        let slot = offsets[(key as usize) & (rows_len - 1)] as usize + (key >> row_bits) as usize;
        assert_eq!(table[slot], 0, "perfect hash collision");
        table[slot] = value;
    }
    (offsets, table)
}

fn pack_rows(rows: &[Vec<u32>]) -> (Vec<u32>, usize) {
    let mut order: Vec<usize> = (0..rows.len()).filter(|&r| !rows[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(rows[r].len()), r));
    let entries: usize = rows.iter().map(Vec::len).sum();
    let widest = rows
        .iter()
        .filter_map(|r| r.last())
        .max()
        .copied()
        .unwrap_or(0) as usize;
    let mut used = vec![0u64; (2 * entries + 2 * widest) / 64 + 2];
    let mut offsets = vec![0u32; rows.len()];
    let mut len = 0usize;
    let mut first_free = 0usize;
    for &r in &order {
        let cols = &rows[r];
        // The lowest offset where every column is free, 64 candidate offsets at a time.
        let mut base = first_free.saturating_sub(cols[0] as usize);
        let offset = loop {
            let mut taken = 0u64;
            for &c in cols {
                taken |= bits64(&used, (base + c as usize) as u64);
                if taken == u64::MAX {
                    break;
                }
            }
            if taken != u64::MAX {
                break base + (!taken).trailing_zeros() as usize;
            }
            base += 64;
        };
        for &c in cols {
            let i = offset + c as usize;
            assert!(i / 64 < used.len(), "packing table too small");
            used[i / 64] |= 1 << (i % 64);
            len = len.max(i + 1);
        }
        offsets[r] = u32::try_from(offset).expect("offset fits in u32");
        while used[first_free / 64] == u64::MAX {
            first_free += 64;
        }
    }
    (offsets, len)
}

/// Generates every table (see the module documentation).
pub fn generate() -> Tables {
    // Class numbering (HE-2.6): every 5-card rank multiset without a flush, and every set of
    // five distinct ranks with one; sorted strongest first.
    let five: Vec<[u8; 13]> = multisets(13, 5)
        .into_iter()
        .filter(|&(_, n)| n == 5)
        .map(|(c, _)| c)
        .collect();
    let mut scores: Vec<u32> = five.iter().map(|c| score5(c, false)).collect();
    scores.extend(
        five.iter()
            .filter(|c| c.iter().all(|&x| x <= 1))
            .map(|c| score5(c, true)),
    );
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.dedup();
    assert_eq!(scores.len(), CLASSES, "HE-2.6: there are 7462 classes");
    let strength_of: HashMap<u32, u16> = scores
        .iter()
        .enumerate()
        .map(|(i, &s)| (s, (CLASSES - i) as u16))
        .collect();
    let mut class_info = vec![0u32; CLASSES + 1];
    class_info[1..].copy_from_slice(&scores);

    // Non-flush hands of 5, 6 and 7 cards: the best 5-card sub-multiset, by removing one card at
    // a time from the best of the smaller multisets.
    let rank_keys = rank_keys();
    let mut all = multisets(13, 7);
    all.retain(|&(_, n)| n >= 5);
    all.sort_by_key(|&(_, n)| n);
    let mut best: HashMap<u64, u32> = HashMap::with_capacity(all.len());
    for (counts, n) in &all {
        let score = if *n == 5 {
            score5(counts, false)
        } else {
            let mut b = 0;
            for r in 0..13 {
                if counts[r] > 0 {
                    let mut sub = *counts;
                    sub[r] -= 1;
                    b = b.max(best[&key_of(&sub, &rank_keys)]);
                }
            }
            b
        };
        let previous = best.insert(key_of(counts, &rank_keys), score);
        assert!(previous.is_none(), "rank keys must give distinct sums");
    }

    let all_keys: Vec<(u64, u16)> = best.iter().map(|(&k, s)| (k, strength_of[s])).collect();
    let (offsets, hash) = perfect_hash(&all_keys, ROW_BITS);
    let seven: Vec<(u64, u16)> = all
        .iter()
        .filter(|&&(_, n)| n == 7)
        .map(|(c, _)| {
            let k = key_of(c, &rank_keys);
            (k, strength_of[&best[&k]])
        })
        .collect();
    let (offsets7, mut hash7) = perfect_hash(&seven, ROW_BITS7);
    // Padded with empty slots to exactly 2^16 entries, so that a slot taken modulo 2^16 is
    // always inside the table: the AVX2 batch kernel (simd.rs) looks up sums of unvalidated
    // rows that way, without a bounds check.
    assert!(hash7.len() <= 1 << 16, "7-card hash fits in 2^16 slots");
    hash7.resize(1 << 16, 0);
    let offsets7 = offsets7
        .into_iter()
        .map(|o| u16::try_from(o).expect("7-card offsets fit in u16"))
        .collect();

    // Flush table: the best straight flush or flush among the ranks of the flush suit.
    let mut flush_score = vec![0u32; 1 << 13];
    for mask in 0u32..1 << 13 {
        let bits = mask.count_ones();
        if bits == 5 {
            flush_score[mask as usize] = score5(&counts_of_mask(mask), true);
        } else if bits > 5 {
            let mut b = 0;
            for r in 0..13 {
                if mask & (1 << r) != 0 {
                    b = b.max(flush_score[(mask & !(1 << r)) as usize]);
                }
            }
            flush_score[mask as usize] = b;
        }
    }
    let flush = flush_score
        .iter()
        .map(|s| if *s == 0 { 0 } else { strength_of[s] })
        .collect();

    Tables {
        rank_keys,
        offsets,
        hash,
        offsets7,
        hash7,
        flush,
        class_info,
    }
}

fn write_array<T: std::fmt::Display>(out: &mut String, doc: &str, name: &str, ty: &str, v: &[T]) {
    use std::fmt::Write;
    writeln!(out, "/// {doc}").unwrap();
    write!(out, "pub(crate) static {name}: [{ty}; {}] = [", v.len()).unwrap();
    for (i, x) in v.iter().enumerate() {
        if i % 32 == 0 {
            out.push('\n');
        }
        write!(out, "{x},").unwrap();
    }
    out.push_str("\n];\n");
}

impl Tables {
    /// The tables as Rust source for `include!`.
    pub fn to_rust_source(&self) -> String {
        let mut out = String::from(
            "// Generated by rust/core/build.rs (src/poker/tablegen.rs). Do not edit.\n",
        );
        out.push_str(&format!(
            "/// Low key bits selecting the perfect-hash row.\npub(crate) const ROW_BITS: u32 = {ROW_BITS};\n"
        ));
        out.push_str(&format!(
            "/// Low key bits selecting the row of the 7-card perfect hash.\npub(crate) const ROW_BITS7: u32 = {ROW_BITS7};\n"
        ));
        out.push_str(&format!(
            "/// Rank keys (see tablegen.rs).\npub(crate) const RANK_KEYS: [u32; 13] = {:?};\n",
            self.rank_keys
        ));
        write_array(
            &mut out,
            "Perfect-hash row offsets.",
            "OFFSETS",
            "u32",
            &self.offsets,
        );
        write_array(
            &mut out,
            "Perfect-hash slots: strengths of non-flush hands.",
            "HASH",
            "u16",
            &self.hash,
        );
        write_array(
            &mut out,
            "Row offsets of the 7-card perfect hash.",
            "OFFSETS7",
            "u16",
            &self.offsets7,
        );
        write_array(
            &mut out,
            "Slots of the 7-card perfect hash: strengths of non-flush 7-card hands.",
            "HASH7",
            "u16",
            &self.hash7,
        );
        write_array(
            &mut out,
            "Strengths of flush hands by rank mask.",
            "FLUSH",
            "u16",
            &self.flush,
        );
        write_array(
            &mut out,
            "Category and tie-break ranks of each class index.",
            "CLASS_INFO",
            "u32",
            &self.class_info,
        );
        out
    }
}
