//! The seeded random source behind every deal.
//!
//! A game's whole future follows from its seed and its moves, so the numbers drawn here must
//! never change between versions, or old saves and share links would replay into different
//! games. PCG32 (rand_pcg) fixes the raw stream by its published algorithm; the two samplers
//! built on it (`below`, `shuffle`) are written out here rather than taken from `rand`,
//! whose documented policy allows value-changing updates to its distributions.

use rand_core::Rng as _;
use rand_pcg::Pcg32;

/// PCG's reference stream constant; every Gridplay game uses this stream.
const STREAM: u64 = 0x0a02_bdbf_7bb3_c0a7;

/// The random source of one game: PCG32 on Gridplay's stream, sampled only as below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(Pcg32);

impl Rng {
    /// The source a game dealt from `seed` draws from: the same numbers for the same seed,
    /// on every machine and in every version.
    pub fn from_seed(seed: u32) -> Rng {
        Rng(Pcg32::new(u64::from(seed), STREAM))
    }

    /// A uniform number in `0..n` (`n > 0`), without modulo bias (Lemire's method).
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0)");
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u64::from(self.0.next_u32()) * u64::from(n);
            if (m as u32) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }

    /// Uniform over `0..n` for a slice length.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u32) as usize
    }

    /// True with probability `1/n`.
    pub fn one_in(&mut self, n: u32) -> bool {
        self.below(n) == 0
    }

    /// A uniform random permutation (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

/// A seed for a game the player did not ask for by number.
pub fn fresh_seed() -> u32 {
    // getrandom only fails where the platform has no entropy source at all; a fixed fallback
    // still gives a playable game rather than an error.
    getrandom::u32().unwrap_or(0x5eed_1e55)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let mut a = Rng::from_seed(7);
        let mut b = Rng::from_seed(7);
        for _ in 0..100 {
            assert_eq!(a.below(1000), b.below(1000));
        }
    }

    #[test]
    fn below_covers_its_range_roughly_evenly() {
        let mut rng = Rng::from_seed(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.index(6)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = Rng::from_seed(3);
        let mut v: Vec<u32> = (0..20).collect();
        rng.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
