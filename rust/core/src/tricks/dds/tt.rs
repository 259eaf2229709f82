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

/// The pattern bits of a plane or mask (13 per 16-bit lane); the 12 bits above them in each
/// entry's words hold its bounds and best lead.
const PATTERN: u64 = 0x1FFF_1FFF_1FFF_1FFF;

/// The 12 spare bits of a word (bits 13-15 of each lane) as a number, and back.
#[inline]
fn spare_get(word: u64) -> u32 {
    let mut out = 0u32;
    for lane in 0..4 {
        out |= (((word >> (16 * lane + 13)) & 7) as u32) << (3 * lane);
    }
    out
}

#[inline]
fn spare_set(word: u64, value: u32) -> u64 {
    let mut out = word & PATTERN;
    for lane in 0..4 {
        out |= (((value >> (3 * lane)) & 7) as u64) << (16 * lane + 13);
    }
    out
}

/// One stored bound, in 24 bytes so that a scan reads as little memory as possible: the two
/// pattern planes and the mask (module documentation), with the bounds in the mask's spare
/// bits and the best lead in plane 0's.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    plane0: u64,
    plane1: u64,
    mask: u64,
}

impl Entry {
    fn new(plane0: u64, plane1: u64, mask: u64, lower: u8, upper: u8, best: u8) -> Entry {
        Entry {
            plane0: spare_set(plane0, best as u32),
            plane1,
            mask: spare_set(mask, lower as u32 | (upper as u32) << 4),
        }
    }

    /// Does the entry's pattern match a position with these planes?
    #[inline]
    fn matches(&self, plane0: u64, plane1: u64) -> bool {
        ((plane0 ^ self.plane0) | (plane1 ^ self.plane1)) & self.mask & PATTERN == 0
    }

    /// The matching mask: which pattern bits this entry depends on.
    #[inline]
    pub fn mask(&self) -> u64 {
        self.mask & PATTERN
    }

    /// Tricks the side on lead can surely take from here.
    #[inline]
    pub fn lower(&self) -> u8 {
        (spare_get(self.mask) & 15) as u8
    }

    /// Tricks the side on lead can take at most from here.
    #[inline]
    pub fn upper(&self) -> u8 {
        (spare_get(self.mask) >> 4) as u8
    }

    /// The lead that proved the last bound (a card code), or `NO_CARD`.
    #[inline]
    pub fn best(&self) -> u8 {
        spare_get(self.plane0) as u8
    }

    /// Tightens the bounds to `lower..=upper` (within the old ones) and sets the best lead if
    /// one is given.
    fn tighten(&mut self, lower: u8, upper: u8, best: u8) {
        let lower = self.lower().max(lower);
        let upper = self.upper().min(upper);
        self.mask = spare_set(self.mask, lower as u32 | (upper as u32) << 4);
        if best != NO_CARD {
            self.plane0 = spare_set(self.plane0, best as u32);
        }
    }

    /// Same mask and pattern (planes given masked)?
    #[inline]
    fn same(&self, mask: u64, plane0: u64, plane1: u64) -> bool {
        self.mask() == mask && self.plane0 & PATTERN == plane0 && self.plane1 == plane1
    }
}

pub(super) const NO_CARD: u8 = 0xFF;

const EMPTY_SLOT: u32 = u32::MAX;

/// How many matching entries a probe remembers for the store that follows it.
const SEEN: usize = 6;

/// What a probe saw, handed to the store that follows the search of the same position: the
/// position's block did not change in between (the search below it only stores positions with
/// fewer cards, other lengths keys), so a store need not scan the block again for an entry
/// with the same pattern, which can only be one of those that matched.
#[derive(Clone, Copy, Debug)]
pub(super) struct Seen {
    generation: u32,
    block: u32,
    matched: [u32; SEEN],
    /// How many of `matched` are set; more than `SEEN`: too many, scan.
    count: usize,
}

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
    /// Counts the clears (a `Seen` of an older generation is stale).
    generation: u32,
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
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.slot_blocks.fill(EMPTY_SLOT);
        for block in &mut self.blocks[..self.blocks_used] {
            block.clear();
        }
        self.blocks_used = 0;
        self.entries = 0;
        self.generation = self.generation.wrapping_add(1);
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
    /// `true` to stop early. What was seen goes to the [`Table::store`] of the same position.
    #[inline]
    pub fn probe(
        &self,
        lengths: u64,
        leader: u8,
        plane0: u64,
        plane1: u64,
        mut visit: impl FnMut(&Entry) -> bool,
    ) -> Seen {
        let mut seen = Seen {
            generation: self.generation,
            block: EMPTY_SLOT,
            matched: [0; SEEN],
            count: 0,
        };
        let (slot, found) = self.find(lengths, leader);
        if !found {
            return seen;
        }
        seen.block = self.slot_blocks[slot];
        let block = &self.blocks[seen.block as usize];
        for (k, e) in block.iter().enumerate().rev() {
            if e.matches(plane0, plane1) {
                if visit(e) {
                    break;
                }
                if seen.count < SEEN {
                    seen.matched[seen.count] = k as u32;
                }
                seen.count += 1;
            }
        }
        seen
    }

    /// Records `lower <= tricks of the side on lead <= upper` for the positions matching the
    /// pattern under `mask`, tightening an entry with the same pattern if there is one. `seen`
    /// is what the probe of this position saw.
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
        seen: &Seen,
    ) {
        let (plane0, plane1) = (plane0 & mask, plane1 & mask);
        if seen.generation == self.generation && seen.block != EMPTY_SLOT && seen.count <= SEEN {
            // The block is as the probe saw it: only the entries that matched can be the same.
            let block = &mut self.blocks[seen.block as usize];
            for &k in &seen.matched[..seen.count] {
                let e = &mut block[k as usize];
                if e.same(mask, plane0, plane1) {
                    e.tighten(lower, upper, best);
                    return;
                }
            }
            if self.entries < self.capacity {
                block.push(Entry::new(plane0, plane1, mask, lower, upper, best));
                self.entries += 1;
                return;
            }
        }
        let (mut slot, mut found) = self.find(lengths, leader);
        if found {
            let block = &mut self.blocks[self.slot_blocks[slot] as usize];
            for e in block.iter_mut().rev() {
                if e.same(mask, plane0, plane1) {
                    e.tighten(lower, upper, best);
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
        self.blocks[self.slot_blocks[slot] as usize]
            .push(Entry::new(plane0, plane1, mask, lower, upper, best));
        self.entries += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_keeps_its_bounds_and_best_lead_outside_the_pattern_bits() {
        let mask = 0x1C00_1FFF_0000_1000u64;
        let (p0, p1) = (
            0x0400_1555_0000_1000u64 & mask,
            0x1800_0AAA_0000_0000u64 & mask,
        );
        for (lower, upper, best) in [
            (0u8, 13u8, NO_CARD),
            (7, 7, 0x3C),
            (13, 13, 0),
            (2, 5, 0x2A),
        ] {
            let mut e = Entry::new(p0, p1, mask, lower, upper, best);
            assert_eq!(
                (e.lower(), e.upper(), e.best(), e.mask()),
                (lower, upper, best, mask)
            );
            assert!(e.same(mask, p0, p1));
            // Bits outside the mask do not matter; a pattern bit inside it does.
            assert!(e.matches(p0 | 0x0000_0000_0FFF_0000, p1));
            assert!(!e.matches(p0 ^ 0x0400_0000_0000_0000, p1));
            assert!(!e.matches(p0, p1 ^ 0x0000_0001_0000_0000));
            e.tighten(lower.saturating_sub(1), upper, NO_CARD);
            assert_eq!((e.lower(), e.upper(), e.best()), (lower, upper, best));
            e.tighten(lower, lower, 0x11);
            assert_eq!((e.lower(), e.upper(), e.best()), (lower, lower, 0x11));
            assert_eq!(e.mask(), mask);
        }
    }

    fn entries_of(table: &Table, lengths: u64, leader: u8, p0: u64, p1: u64) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        table.probe(lengths, leader, p0, p1, |e| {
            out.push((e.lower(), e.upper()));
            false
        });
        out
    }

    #[test]
    fn a_store_after_a_probe_tightens_the_same_pattern_and_adds_new_ones() {
        let mut table = Table::new(4, 100);
        let (lengths, leader) = (0x0123_0321_0213_0312u64, 1u8);
        let (p0, p1) = (0x0001_0002_0003_0004u64, 0x0004_0003_0002_0001u64);
        let full = PATTERN;
        let seen = table.probe(lengths, leader, p0, p1, |_| false);
        table.store(lengths, leader, p0, p1, full, 3, 13, NO_CARD, &seen);
        // Same pattern: tightened in place, also when what the probe saw lists it.
        let seen = table.probe(lengths, leader, p0, p1, |_| false);
        table.store(lengths, leader, p0, p1, full, 0, 6, NO_CARD, &seen);
        assert_eq!(entries_of(&table, lengths, leader, p0, p1), vec![(3, 6)]);
        // Another mask is another entry; both match the position.
        let low = 0x000F_000F_000F_000Fu64;
        let seen = table.probe(lengths, leader, p0, p1, |_| false);
        table.store(lengths, leader, p0, p1, low, 4, 13, NO_CARD, &seen);
        assert_eq!(
            entries_of(&table, lengths, leader, p0, p1),
            vec![(4, 13), (3, 6)]
        );
        // A position that differs in a bit outside the small mask sees only the small-mask
        // entry; one that differs inside it sees neither.
        assert_eq!(
            entries_of(&table, lengths, leader, p0 ^ 0x0100, p1),
            vec![(4, 13)]
        );
        assert!(entries_of(&table, lengths, leader, p0 ^ 0x0001, p1).is_empty());
        // What a probe saw before a clear is stale afterwards: the store still lands.
        let seen = table.probe(lengths, leader, p0, p1, |_| false);
        table.clear();
        table.store(lengths, leader, p0, p1, full, 5, 5, 0x12, &seen);
        assert_eq!(entries_of(&table, lengths, leader, p0, p1), vec![(5, 5)]);
        assert_eq!(table.entries, 1);
    }

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
