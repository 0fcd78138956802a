//! Optimal (3×3, 4×4) and short (5×5) solutions of the sliding puzzle.
//!
//! Boards are plain tile arrays in reading order, `0` for the blank; the goal is `1..n²−1` in
//! reading order with the blank last. Every answer is the list of tiles to slide, in order.
//!
//! - 3×3: IDA* with Manhattan distance plus linear conflicts; no tables.
//! - 4×4: IDA* over additive 6-6-3 pattern databases: two splits, each also on the reflected
//!   board, share one 6-tile table; the largest of the four sums is the heuristic (`four`).
//! - 5×5: the first row and column placed by small exact searches, then the remaining 4×4
//!   solved with the 4×4 search (`five`).
//!
//! Tables are built on first use (or by `prepare`) and kept for the life of the process.

mod five;
mod four;
mod pdb;
mod three;

/// A solution and what finding it cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The tile numbers to move, one per move, in order.
    pub moves: Vec<u8>,
    /// Search nodes generated (heuristic evaluations), summed over every search the solve ran.
    pub nodes: u64,
}

/// The tile numbers to move, one per move, in order; empty when already solved.
/// Optimal (fewest moves) for 3×3 and 4×4; for 5×5 a short solution (not necessarily optimal)
/// found within about a second.
pub fn solve(tiles: &[u8]) -> Vec<u8> {
    solve_report(tiles).moves
}

/// `solve`, also saying how many search nodes it took (for the benchmark).
pub fn solve_report(tiles: &[u8]) -> Report {
    debug_assert!(is_solvable(tiles), "not a solvable deal: {tiles:?}");
    // The searches would never end on an unsolvable board; an empty answer is the safer failure.
    if !is_solvable(tiles) {
        return Report::default();
    }
    match crate::fifteen::width(tiles.len()) {
        Some(3) => three::solve(tiles),
        Some(4) => four::solve(tiles),
        Some(5) => five::solve(tiles),
        // Only 3, 4 and 5 are valid widths; anything else has no answer to give.
        _ => Report::default(),
    }
}

/// Builds whatever tables solve() needs for boards of width `size` now (idempotent), so a
/// worker can warm up before the first solve. Returns immediately if already built.
pub fn prepare(size: usize) {
    if size == 4 || size == 5 {
        four::tables();
    }
}

/// The tables boards of width 4 and 5 are solved with, as bytes to keep (empty until they are
/// built): `use_tables` takes them back in another process instead of building them.
pub fn written_tables() -> Vec<u8> {
    four::written()
}

/// Takes tables `written_tables` wrote instead of building them (an error in words for bytes
/// that are not such tables); nothing to do when they are already built.
pub fn use_tables(bytes: &[u8]) -> Result<(), String> {
    four::use_written(bytes)
}

/// Whether prepare(size) has already been done (tables in memory).
pub fn is_prepared(size: usize) -> bool {
    match size {
        4 | 5 => four::tables_built(),
        _ => true,
    }
}

/// Bytes held by the tables for width `size` (zero until built).
pub fn table_bytes(size: usize) -> usize {
    match size {
        4 | 5 => four::table_bytes(),
        _ => 0,
    }
}

/// The 4×4 heuristic (the largest of the additive pattern-database sums), a lower bound on the
/// number of moves to the goal. Exposed so tests can check that it is admissible. Builds the
/// tables if needed.
pub fn heuristic4(tiles: &[u8]) -> u32 {
    four::heuristic(tiles)
}

/// Whether `tiles` is a permutation of `0..n²` (n = 3, 4 or 5) that can reach the goal.
pub fn is_solvable(tiles: &[u8]) -> bool {
    let values: Vec<u32> = tiles.iter().map(|&t| u32::from(t)).collect();
    // The rules' own checks: a permutation of a width we offer, and the inversion rule.
    crate::fifteen::check_permutation(&values).is_ok() && crate::fifteen::is_solvable(tiles)
}
