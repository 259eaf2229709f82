//! Rank-count view of a card set in a ruleset's own rank order (the engine's working form).

use super::ruleset::RankTable;

/// A card set split by game rank: the cards of each rank, their count, and for each `k` in
/// `1..=4` the bit mask of ranks holding at least `k` cards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RankView {
    pub by_rank: [u64; 16],
    pub count: [u8; 16],
    /// `at_least[k]`: bit `r` set iff rank `r` has at least `k` cards (`k` in `1..=4`).
    pub at_least: [u16; 5],
}

impl RankView {
    #[inline]
    pub fn new(table: &RankTable, cards: u64) -> RankView {
        let mut by_rank = [0u64; 16];
        let mut count = [0u8; 16];
        let mut at_least = [0u16; 5];
        for r in 0..table.num_ranks {
            let bits = cards & table.cards_of_rank[r];
            let c = bits.count_ones() as u8;
            by_rank[r] = bits;
            count[r] = c;
            let bit = 1u16 << r;
            at_least[1] |= bit & 0u16.wrapping_sub((c >= 1) as u16);
            at_least[2] |= bit & 0u16.wrapping_sub((c >= 2) as u16);
            at_least[3] |= bit & 0u16.wrapping_sub((c >= 3) as u16);
            at_least[4] |= bit & 0u16.wrapping_sub((c >= 4) as u16);
        }
        RankView {
            by_rank,
            count,
            at_least,
        }
    }

    /// Ranks with exactly `k` cards.
    #[inline]
    pub fn exactly(&self, k: usize) -> u16 {
        if k >= 4 {
            self.at_least[4]
        } else {
            self.at_least[k] & !self.at_least[k + 1]
        }
    }
}

/// True if `mask` is a non-empty run of consecutive set bits.
#[inline]
pub(crate) fn is_run(mask: u16) -> bool {
    if mask == 0 {
        return false;
    }
    let shifted = mask >> mask.trailing_zeros();
    shifted & shifted.wrapping_add(1) == 0
}

/// Index of the highest set bit (mask must be non-zero).
#[inline]
pub(crate) fn top_bit(mask: u16) -> u8 {
    15 - mask.leading_zeros() as u8
}

/// Iterates the set bits of a mask, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Bits(pub u16);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}
