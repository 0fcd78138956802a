//! The Threes tiles: their values, the fold, and points.

use crate::grid::{self, Line, LineTrace, Tiles, SIZE};

/// The largest tile. Two of them do not merge (a choice, see `docs/rules.md`; 12288 has no
/// card).
pub const MAX_TILE: u32 = 6144;

/// Threes' tile rules, for [`grid::Board`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Threes;

/// A Threes board that moves without a new card entering: the rules of one move alone.
pub type Board = grid::Board<Threes>;

impl Tiles for Threes {
    const RULE: &'static str = "a Threes tile (0, 1, 2 or 3·2^k up to 6144)";

    /// 0 (empty), 1, 2, or 3·2^k up to 6144.
    fn is_tile(v: u32) -> bool {
        v <= 2 || (v % 3 == 0 && (v / 3).is_power_of_two() && v <= MAX_TILE)
    }

    fn line_move(line: &mut Line) -> LineTrace {
        fold(line)
    }
}

/// What two neighbouring cells of a line make when the far one is pushed into the near one,
/// or `None` when they stay apart: a tile slides into an empty cell; 1 and 2 make 3; equal
/// tiles of 3 or more double; 1+1 and 2+2 never merge.
fn combine(near: u32, far: u32) -> Option<u32> {
    match (near, far) {
        (_, 0) => None,
        (0, far) => Some(far),
        (1, 2) | (2, 1) => Some(3),
        (a, b) if a == b && (3..MAX_TILE).contains(&a) => Some(a + b),
        _ => None,
    }
}

/// One Threes line move. The line folds at the first cell from the wall where the next tile
/// can slide in or merge; every tile beyond shifts one cell toward the wall and the far end
/// empties. So no tile moves more than one cell, and a line merges at most once, the pair
/// nearest the wall first.
pub fn fold(line: &mut Line) -> LineTrace {
    let mut trace = LineTrace::still(line);
    let Some(at) = (0..SIZE - 1).find(|&i| combine(line[i], line[i + 1]).is_some()) else {
        return trace;
    };
    if line[at] != 0 {
        trace.merged = 1 << at;
    }
    line[at] = combine(line[at], line[at + 1]).unwrap_or(line[at]);
    for i in at + 1..SIZE {
        line[i] = if i + 1 < SIZE { line[i + 1] } else { 0 };
        if trace.to[i] != LineTrace::EMPTY {
            trace.to[i] = (i - 1) as u8;
        }
    }
    trace
}

/// Points for one tile: 3^(log2(v/3)+1) for v ≥ 3, nothing for 1 and 2.
pub fn tile_score(v: u32) -> u64 {
    if v < 3 {
        0
    } else {
        3u64.pow((v / 3).trailing_zeros() + 1)
    }
}

impl Board {
    /// The sum of every tile's points.
    pub fn score(&self) -> u64 {
        self.cells().iter().flatten().map(|&v| tile_score(v)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_values() {
        let tiles: Vec<u32> = (0..=7000).filter(|&v| Threes::is_tile(v)).collect();
        assert_eq!(
            tiles,
            [0, 1, 2, 3, 6, 12, 24, 48, 96, 192, 384, 768, 1536, 3072, 6144]
        );
    }

    #[test]
    fn scores_follow_the_power_of_three_formula() {
        assert_eq!(tile_score(1), 0);
        assert_eq!(tile_score(2), 0);
        assert_eq!(tile_score(3), 3);
        assert_eq!(tile_score(6), 9);
        assert_eq!(tile_score(12), 27);
        assert_eq!(tile_score(6144), 531_441);
    }
}
