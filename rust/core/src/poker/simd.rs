//! AVX2 kernel for batch evaluation of rows of 5, 6 or 7 card indices (x86-64 only).
//!
//! [`super::eval::evaluate_batch_indices`] uses it when the CPU has AVX2 (checked once at run
//! time, so one wheel serves every x86-64 machine) and falls back to the scalar path otherwise.
//! It gives exactly the strengths and errors of the scalar path; the tests compare the two.
//!
//! # Why a vector kernel
//! A validated row costs the scalar path about twice the evaluation itself: the duplicate check
//! needs a bit per card, and the byte loads compete with the key loads for the load ports.
//! Here four rows sit in one 256-bit register, one row per 64-bit lane (its `K` indices in the
//! low bytes, distinct sentinel bytes `>= 0x80` above them), and everything but the final hash
//! lookup is done for the four rows at once:
//!
//! * range check: a saturating subtraction of 51 is non-zero exactly for indices `>= 52`;
//! * duplicate check: comparing the lane with itself rotated by 1, 2, 3 and 4 bytes compares
//!   every pair of its 8 bytes (a rotation by `d` pairs bytes `d` and `8 - d` apart);
//! * rank-key sum: `vpshufb` looks up one byte of the rank key of every card at once (ranks are
//!   below 16), and `vpsadbw` adds the eight bytes of each lane; three byte planes give the sum;
//! * flush: the same with 4-bit suit counters (two suits per byte plane), then the bias-and-mask
//!   test of the scalar path.
//!
//! The rank-key sums, split into hash row and column in the vector unit (one `u32` per row),
//! then go through the scalar perfect hash (AVX2 gathers were slower on the AMD Zen 3 machine
//! this was measured on). Three things keep the loop lean (measured there on 1,000,000 rows,
//! together 25-30 % faster): the lookups of an octet run during the vector work of the next
//! one, the input is prefetched 4 KiB ahead (about 10 % alone), and rows with a flush (about
//! 3 % of random 7-card rows) are noted without a branch and take the scalar flush lookup after
//! their block.

use super::eval::{
    lookup_split, FLUSH, HAND_BIAS, HASH7, OFFSETS7, RANK_KEYS, ROW_BITS, ROW_BITS7, SUIT_BITS,
};
use std::arch::x86_64::*;

/// Each rank key must fit in the three byte planes summed by the kernel.
const _: () = {
    let mut r = 0;
    while r < 13 {
        assert!(RANK_KEYS[r] < 1 << 24);
        r += 1;
    }
};

/// Rows per validation block: errors are looked for once per block; on one, the caller reruns
/// its whole chunk on the scalar path, which names the first bad row.
const BLOCK_ROWS: usize = 1024;
/// Bytes of input fetched ahead of the octet being evaluated.
const PREFETCH_AHEAD: usize = 4096;
/// Octets (groups of eight rows, the unit of the main loop) per validation block.
const BLOCK_OCTETS: usize = BLOCK_ROWS / 8;

/// Whether the running CPU can use [`evaluate_rows`] (cached by the standard library).
pub(crate) fn available() -> bool {
    is_x86_feature_detected!("avx2")
}

/// Byte `plane` of each rank key, indexed by rank (entries 13..16 are 0), for `vpshufb`.
fn rank_key_plane(plane: u32) -> [u8; 16] {
    let mut t = [0u8; 16];
    for (slot, key) in t.iter_mut().zip(RANK_KEYS) {
        *slot = (key >> (8 * plane)) as u8;
    }
    t
}

/// `vpshufb` pattern that spreads two rows of `k` bytes (at the start of a 128-bit lane) to
/// bytes 0..k and 8..8+k, zeroing the other bytes.
fn spread_pattern(k: usize) -> [u8; 16] {
    let mut p = [0x80u8; 16];
    for row in 0..2 {
        for j in 0..k {
            p[8 * row + j] = (row * k + j) as u8;
        }
    }
    p
}

/// Sentinels for the unused bytes k..8 of every lane: distinct, `>= 0x80` (so that table
/// lookups give 0), and never equal to a card index.
fn sentinel_pattern(k: usize) -> [u8; 16] {
    let mut p = [0u8; 16];
    for row in 0..2 {
        for j in k..8 {
            p[8 * row + j] = 0xF8 + j as u8;
        }
    }
    p
}

/// `vpshufb` pattern rotating every 8-byte group by `d` bytes.
fn rotate_pattern(d: usize) -> [u8; 16] {
    std::array::from_fn(|i| ((i & !7) + ((i + d) & 7)) as u8)
}

fn both_lanes(half: [u8; 16]) -> __m256i {
    let mut full = [0u8; 32];
    full[..16].copy_from_slice(&half);
    full[16..].copy_from_slice(&half);
    // SAFETY: `full` is 32 readable bytes; the load is unaligned.
    unsafe { _mm256_loadu_si256(full.as_ptr().cast()) }
}

/// Evaluates the rows of `rows` (`K` indices each) into `out`, eight rows at a time; returns
/// `false` as soon as a block of rows holds an invalid one, without saying which (the caller
/// then runs the scalar path, which names it). The strengths written are those of
/// [`super::eval::evaluate_indices`]; rows left over at the end (fewer than eight, or too close
/// to the end of `rows` for the 16-byte loads) are evaluated by `tail`.
///
/// # Safety
/// The CPU must support AVX2 ([`available`]).
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn evaluate_rows<const K: usize>(
    rows: &[u8],
    out: &mut [u16],
    tail: impl Fn(&[u8], &mut [u16]) -> bool,
) -> bool {
    debug_assert!((5..=7).contains(&K) && rows.len() == K * out.len());
    let spread = both_lanes(spread_pattern(K));
    let sentinels = both_lanes(sentinel_pattern(K));
    let rotations = [1, 2, 3, 4].map(|d| both_lanes(rotate_pattern(d)));
    let planes = [0, 1, 2].map(|p| both_lanes(rank_key_plane(p)));
    // Suit counters, two per byte: 1 for suits c and h, 16 for d and s. `vpshufb` indexes
    // them by the low four bits of the card itself (the suit is its low two bits), and gives 0
    // for sentinels, whose bit 7 is set.
    let suit_lo = both_lanes(std::array::from_fn(|i| [1, 16, 0, 0][i & 3]));
    let suit_hi = both_lanes(std::array::from_fn(|i| [0, 0, 1, 16][i & 3]));
    let rank_mask = _mm256_set1_epi8(0x3F);
    let max_card = _mm256_set1_epi8(51);
    let bias = _mm256_set1_epi64x(HAND_BIAS as i64);
    let flush_check = _mm256_set1_epi64x(0x8888);
    let zero = _mm256_setzero_si256();
    let row_mask = _mm256_set1_epi64x(if K == 7 {
        (1 << ROW_BITS7) - 1
    } else {
        (1 << ROW_BITS) - 1
    });
    // Four rows: their rank-key sums (one per 64-bit lane), a bit per row with a flush, and a
    // vector that is non-zero if one of them is invalid.
    //
    // SAFETY (for callers): `bytes` must be readable for 2K + 16 bytes (two unaligned 16-byte
    // loads, at 0 and 2K).
    let four = |bytes: *const u8| {
        // SAFETY: see above.
        let raw = unsafe { _mm256_loadu2_m128i(bytes.add(2 * K).cast(), bytes.cast()) };
        let cards = _mm256_shuffle_epi8(raw, spread);
        let lanes = _mm256_or_si256(cards, sentinels);
        let [r1, r2, r3, r4] =
            rotations.map(|rot| _mm256_cmpeq_epi8(lanes, _mm256_shuffle_epi8(lanes, rot)));
        let invalid = _mm256_or_si256(
            _mm256_or_si256(_mm256_subs_epu8(cards, max_card), r1),
            _mm256_or_si256(_mm256_or_si256(r2, r3), r4),
        );
        let ranks = _mm256_and_si256(_mm256_srli_epi16::<2>(lanes), rank_mask);
        let plane = |t: __m256i| _mm256_sad_epu8(_mm256_shuffle_epi8(t, ranks), zero);
        let rank_sum = _mm256_add_epi64(
            _mm256_add_epi64(plane(planes[0]), _mm256_slli_epi64::<8>(plane(planes[1]))),
            _mm256_slli_epi64::<16>(plane(planes[2])),
        );
        let counters = _mm256_or_si256(
            _mm256_sad_epu8(_mm256_shuffle_epi8(suit_lo, lanes), zero),
            _mm256_slli_epi64::<8>(_mm256_sad_epu8(_mm256_shuffle_epi8(suit_hi, lanes), zero)),
        );
        let flush = _mm256_and_si256(_mm256_add_epi64(counters, bias), flush_check);
        let flush_rows =
            _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(flush, zero))) ^ 0xF;
        (rank_sum, flush_rows, invalid)
    };

    // The hash words of eight rows from the rank-key sums of rows 0..4 (`a`) and 4..8 (`b`):
    // one `u32` per row, the hash row in its low 16 bits and the column in its high 16 bits
    // (sums stay below 2^25 whatever the bytes, so the column fits), ordered a0 b0 a1 b1 ...
    let pack = |a: __m256i, b: __m256i| {
        let word = |sum: __m256i| {
            let column = if K == 7 {
                _mm256_srli_epi64::<{ ROW_BITS7 as i32 }>(sum)
            } else {
                _mm256_srli_epi64::<{ ROW_BITS as i32 }>(sum)
            };
            _mm256_or_si256(
                _mm256_and_si256(sum, row_mask),
                _mm256_slli_epi64::<16>(column),
            )
        };
        _mm256_or_si256(word(a), _mm256_slli_epi64::<32>(word(b)))
    };

    // Eight rows take 8K bytes, and the loads of the second four read up to 6K + 16.
    let reach = 6 * K + 16;
    let octets = if rows.len() >= reach {
        ((rows.len() - reach) / (8 * K) + 1).min(out.len() / 8)
    } else {
        0
    };
    let mut octet = 0;
    while octet < octets {
        let block_start = octet;
        let block_end = octets.min(octet + BLOCK_OCTETS);
        let mut bad = zero;
        // Octets holding a flush, noted without a branch (`octet - block_start` in bits 8..,
        // the rows in bits 0..8) and evaluated after the block: a branch per octet would be
        // mispredicted for about one octet in five.
        let mut flush_octets = [0u32; BLOCK_OCTETS];
        let mut flush_count = 0;
        // Hash words of the previous octet: its lookups are done one step late, so that they
        // do not wait on the vector work of their own octet and overlap that of the next.
        let mut pending = [0u16; 16];
        while octet < block_end {
            let bytes = rows.as_ptr().wrapping_add(8 * K * octet);
            // The hardware prefetchers alone leave the loads waiting on memory for large
            // batches; fetching ahead is harmless past the end (a prefetch never faults).
            _mm_prefetch::<_MM_HINT_T0>(bytes.wrapping_add(PREFETCH_AHEAD).cast());
            // SAFETY: `octet < octets`, so `8 K octet + reach <= rows.len()`: the second four
            // rows read up to `8 K octet + 4K + 2K + 16`, which is that bound.
            let (sums_a, flush_a, bad_a) = four(bytes);
            let (sums_b, flush_b, bad_b) = four(bytes.wrapping_add(4 * K));
            bad = _mm256_or_si256(bad, _mm256_or_si256(bad_a, bad_b));
            let mut words = [0u16; 16];
            // SAFETY: `words` is 32 writable bytes; the store is unaligned.
            unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), pack(sums_a, sums_b)) };
            if octet > block_start {
                lookup_octet::<K>(&pending, &mut out[8 * octet - 8..8 * octet]);
            }
            pending = words;
            let flush_rows = (flush_a | flush_b << 4) as u32;
            // At most one entry per octet of the block, so the index stays below BLOCK_OCTETS.
            flush_octets[flush_count % BLOCK_OCTETS] =
                ((octet - block_start) as u32) << 8 | flush_rows;
            flush_count += usize::from(flush_rows != 0);
            octet += 1;
        }
        lookup_octet::<K>(&pending, &mut out[8 * octet - 8..8 * octet]);
        for &entry in &flush_octets[..flush_count] {
            let first = 8 * (block_start + (entry >> 8) as usize);
            let mut flush_rows = entry & 0xFF;
            while flush_rows != 0 {
                let row = first + flush_rows.trailing_zeros() as usize;
                let cards = rows[K * row..K * row + K].try_into().expect("K cards");
                out[row] = flush_of_row::<K>(cards);
                flush_rows &= flush_rows - 1;
            }
        }
        if _mm256_testz_si256(bad, bad) == 0 {
            return false;
        }
    }
    let done = 8 * octets;
    tail(&rows[K * done..], &mut out[done..])
}

/// Strength of a row with a flush (rows are validated per block afterwards: for an invalid one
/// any value will do, and nothing here can go out of bounds).
#[inline(always)]
fn flush_of_row<const K: usize>(row: &[u8; K]) -> u16 {
    let mut key = HAND_BIAS;
    let mut bits = 0u64;
    for &c in row {
        key += 1 << (4 * (c & 3));
        bits |= SUIT_BITS[c as usize];
    }
    let flush = key & 0x8888;
    if flush == 0 {
        return 0;
    }
    FLUSH[((bits >> (16 * (flush.trailing_zeros() / 4))) & 0x1FFF) as usize]
}

/// Strengths of eight rows without a flush from their hash words (see `pack` in
/// [`evaluate_rows`]: rows 0..4 at even positions, rows 4..8 at odd ones; the hash row, below
/// 2^ROW_BITS, in the low half, the column in the high half); flush rows are overwritten
/// afterwards.
#[inline(always)]
fn lookup_octet<const K: usize>(words: &[u16; 16], dest: &mut [u16]) {
    let dest: &mut [u16; 8] = (&mut dest[..8]).try_into().expect("eight rows");
    for position in 0..8 {
        // Volatile reads keep these plain loads: otherwise LLVM forwards the vector store into
        // extracts, two instructions each.
        // SAFETY: both are in bounds of `words`.
        let (hash_row, column) = unsafe {
            (
                std::ptr::read_volatile(&words[2 * position]),
                std::ptr::read_volatile(&words[2 * position + 1]),
            )
        };
        let (hash_row, column) = (u32::from(hash_row), u32::from(column));
        dest[position / 2 + 4 * (position % 2)] = if K == 7 {
            debug_assert!(hash_row < 1 << ROW_BITS7);
            // SAFETY: `pack` masks the hash row to ROW_BITS7 bits, and OFFSETS7 has an entry
            // for each such row.
            let offset = unsafe { *OFFSETS7.get_unchecked(hash_row as usize) };
            // HASH7 has exactly 2^16 entries: the mask keeps invalid rows in bounds.
            HASH7[((u32::from(offset) + column) & 0xFFFF) as usize]
        } else {
            lookup_split(hash_row, column)
        };
    }
}
