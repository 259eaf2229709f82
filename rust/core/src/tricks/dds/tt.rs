//! The transposition table of the double-dummy search.
//!
//! Only positions at the start of a trick are stored. A stored entry says "the side on lead can
//! take at least `lower` and at most `upper` of the remaining tricks", and it is valid for every
//! position that agrees with the one searched on
//!
//! * the hand on lead,
//! * the number of cards each hand holds in each suit (the *lengths key*), and
//! * who holds each of the top `k_s` remaining cards of each suit `s`, counted by *relative*
//!   rank: a card's rank among the cards still in play in its suit, so the ace of a suit whose
//!   ace, king and queen are gone plays exactly like the top card (the *pattern*).
//!
//! `k_s` is as small as the search could prove: the cards below it never decided a trick in the
//! subtree (see `engine.rs`, "relevant cards"), so one entry answers for many positions whose low
//! cards sit in other hands.
//!
//! The pattern of a position is stored as two bit planes per suit (bit 0 and bit 1 of the owning
//! hand), each a 13-bit string listing the cards in play in the suit from the lowest; the 16-bit
//! lane of suit `s` holds suit `s`. Since the lengths agree, the top `k_s` cards sit at the same
//! bit positions in both positions, so matching is `((a0 ^ b0) | (a1 ^ b1)) & mask == 0`.

/// `COMPRESS_LOW[(u << 7) | x]` for 7-bit `u`, `x`: the bits of `x & u` packed to the bottom in
/// the order of `u`'s set bits (a software parallel-bit-extract of the low 7 ranks).
static COMPRESS_LOW: [u8; 1 << 14] = build_compress::<{ 1 << 14 }>(7);
/// The same for the high 6 ranks (`(u << 6) | x`, 6-bit `u`, `x`).
static COMPRESS_HIGH: [u8; 1 << 12] = build_compress::<{ 1 << 12 }>(6);

const fn build_compress<const SIZE: usize>(bits: usize) -> [u8; SIZE] {
    let mut table = [0u8; SIZE];
    let mut u = 0;
    while u < (1 << bits) {
        let mut x = 0;
        while x < (1 << bits) {
            let mut out = 0u8;
            let mut k = 0;
            let mut b = 0;
            while b < bits {
                if u & (1 << b) != 0 {
                    if x & (1 << b) != 0 {
                        out |= 1 << k;
                    }
                    k += 1;
                }
                b += 1;
            }
            table[(u << bits) | x] = out;
            x += 1;
        }
        u += 1;
    }
    table
}

/// The bits of `x` at the set positions of `present` (13-bit suit lanes), packed to the bottom.
#[inline]
pub(super) fn compress13(x: u32, present: u32) -> u32 {
    let (ul, xl) = (present & 0x7F, x & 0x7F);
    let (uh, xh) = ((present >> 7) & 0x3F, (x >> 7) & 0x3F);
    let low = COMPRESS_LOW[((ul << 7) | xl) as usize] as u32;
    let high = COMPRESS_HIGH[((uh << 6) | xh) as usize] as u32;
    low | (high << ul.count_ones())
}

/// One stored bound. See the module documentation.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    plane0: u64,
    plane1: u64,
    mask: u64,
    /// Tricks the side on lead can surely take from here.
    pub lower: u8,
    /// Tricks the side on lead can take at most from here.
    pub upper: u8,
    /// The lead that proved the last bound (a card code), or `NO_CARD`.
    pub best: u8,
}

impl Entry {
    /// The matching mask: which pattern bits this entry depends on.
    #[inline]
    pub fn mask(&self) -> u64 {
        self.mask
    }
}

pub(super) const NO_CARD: u8 = 0xFF;

const EMPTY_SLOT: u32 = u32::MAX;

/// Open-addressing index from (lengths key, leader) to a block of entries, the entries of one
/// key contiguous so that matching scans memory in order. When the entry budget is spent the
/// whole table is cleared (rare within one deal); blocks keep their allocations for reuse.
pub(super) struct Table {
    slot_keys: Vec<u64>,
    slot_blocks: Vec<u32>,
    blocks: Vec<Vec<Entry>>,
    blocks_used: usize,
    entries: usize,
    capacity: usize,
    shift: u32,
}

impl Table {
    pub fn new(log2_slots: u32, capacity: usize) -> Table {
        Table {
            slot_keys: vec![0; 1 << log2_slots],
            slot_blocks: vec![EMPTY_SLOT; 1 << log2_slots],
            blocks: Vec::new(),
            blocks_used: 0,
            entries: 0,
            capacity,
            shift: 64 - log2_slots,
        }
    }

    pub fn clear(&mut self) {
        self.slot_blocks.fill(EMPTY_SLOT);
        for block in &mut self.blocks[..self.blocks_used] {
            block.clear();
        }
        self.blocks_used = 0;
        self.entries = 0;
    }

    /// The key of a lengths pattern and leader. The top nibble (West's spades) is implied by
    /// the others (every hand holds as many cards as North at the start of a trick), so the
    /// leader takes its place.
    #[inline]
    fn key(lengths: u64, leader: u8) -> u64 {
        (lengths & !(0xF << 60)) | ((leader as u64) << 60)
    }

    #[inline]
    fn find(&self, lengths: u64, leader: u8) -> (usize, bool) {
        let key = Table::key(lengths, leader);
        let mask = self.slot_keys.len() - 1;
        let mut slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            if self.slot_blocks[slot] == EMPTY_SLOT {
                return (slot, false);
            }
            if self.slot_keys[slot] == key {
                return (slot, true);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Every entry matching the position, newest first, passed to `visit`; `visit` returns
    /// `true` to stop early.
    #[inline]
    pub fn probe(
        &self,
        lengths: u64,
        leader: u8,
        plane0: u64,
        plane1: u64,
        mut visit: impl FnMut(&Entry) -> bool,
    ) {
        let (slot, found) = self.find(lengths, leader);
        if !found {
            return;
        }
        let block = &self.blocks[self.slot_blocks[slot] as usize];
        for e in block.iter().rev() {
            if ((plane0 ^ e.plane0) | (plane1 ^ e.plane1)) & e.mask == 0 && visit(e) {
                return;
            }
        }
    }

    /// Records `lower <= tricks of the side on lead <= upper` for the positions matching the
    /// pattern under `mask`, tightening an entry with the same pattern if there is one.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        lengths: u64,
        leader: u8,
        plane0: u64,
        plane1: u64,
        mask: u64,
        lower: u8,
        upper: u8,
        best: u8,
    ) {
        let (plane0, plane1) = (plane0 & mask, plane1 & mask);
        let (mut slot, mut found) = self.find(lengths, leader);
        if found {
            let block = &mut self.blocks[self.slot_blocks[slot] as usize];
            for e in block.iter_mut().rev() {
                if e.mask == mask && e.plane0 == plane0 && e.plane1 == plane1 {
                    e.lower = e.lower.max(lower);
                    e.upper = e.upper.min(upper);
                    if best != NO_CARD {
                        e.best = best;
                    }
                    return;
                }
            }
        }
        // Keep the index at most half full, and the entries within budget.
        if self.entries >= self.capacity || (!found && 2 * self.blocks_used >= self.slot_keys.len())
        {
            self.clear();
            (slot, found) = self.find(lengths, leader);
        }
        if !found {
            if self.blocks_used == self.blocks.len() {
                self.blocks.push(Vec::new());
            }
            self.slot_keys[slot] = Table::key(lengths, leader);
            self.slot_blocks[slot] = self.blocks_used as u32;
            self.blocks_used += 1;
        }
        self.blocks[self.slot_blocks[slot] as usize].push(Entry {
            plane0,
            plane1,
            mask,
            lower,
            upper,
            best,
        });
        self.entries += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compress_matches_a_naive_extract() {
        for present in [0x1FFFu32, 0x1555, 0x0F0F, 0x1001, 0x0ABC, 0] {
            for x in [0x1FFFu32, 0x0123, 0x1AAA, 0x0040, 0x1000] {
                let mut want = 0;
                let mut k = 0;
                for b in 0..13 {
                    if present & (1 << b) != 0 {
                        if x & (1 << b) != 0 {
                            want |= 1 << k;
                        }
                        k += 1;
                    }
                }
                assert_eq!(compress13(x, present), want, "{present:#x} {x:#x}");
            }
        }
    }
}
