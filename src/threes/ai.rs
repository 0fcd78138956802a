//! The Threes player: expectimax over the deck (exact remaining counts), the bonus chance and
//! values, and every line the next tile may enter; in the style of nneonneo/threes-ai
//! (`threes.cpp`: move node, tile-choose node, tile-insert node).
//!
//! It sees only what a player sees: the board, the preview of the next tile and the counts of
//! cards left in the deck. The next tile's hidden value (a bonus behind its window of
//! candidates) and the game's random source are never read.

use std::sync::OnceLock;

use crate::ai::bitboard::Ranks;
use crate::ai::bitboard::{self, Bitboard, MoveTables};
use crate::ai::search::{self, Cache, Chance, Expectimax, TableSlot};
use crate::ai::{Choice, Deadline, Limits, Player, WARM_UP};
use crate::direction::Direction;
use crate::grid::{SlidingGame, Tiles};
use crate::threes::{Threes, ThreesGame};

/// Threes' move tables, built from `threes::fold` at first use.
pub fn tables() -> &'static MoveTables {
    static TABLES: OnceLock<MoveTables> = OnceLock::new();
    TABLES.get_or_init(MoveTables::new::<Threes>)
}

/// Names of the evaluation's tunable parameters, in order.
pub const PARAM_NAMES: &[&str] = &[
    "lost_penalty",
    "monotonicity_power",
    "monotonicity_weight",
    "sum_power",
    "sum_weight",
    "merges_weight",
    "merges_12_weight",
    "empty_weight",
];

/// The shipped values (the defaults best_move uses), found by `gridplay-bench tune threes`
/// (2026-11-23: 8 rounds of 300 depth-2 games a candidate, docs/benchmarks.md), starting from
/// the lost penalty of nneonneo/threes-ai's `threes.cpp` and the weights of his `do_cma.py`
/// ("best weights found by second CMA-ES optimization", times its scale):
/// `[200_000.0, 2.887, 69.15, 1.019, 41.28, 589.1, 589.1, 372.3]`. On 100 deals it never saw,
/// at depth 3, the mean log score rose from 10.34 to 11.22 (a 2.4× higher typical score).
pub const PARAMS: &[f64] = &[610_352.0, 1.624, 71.22, 1.1195, 45.35, 414.2, 1150.6, 465.4];

/// A bonus tile replaces a card one draw in this many once the highest tile is 48 or more.
const BONUS_ONE_IN: f64 = 21.0;
/// The rank of 48, from which bonus tiles come.
const BONUS_FROM_RANK: u8 = 7;
/// The rank of 6, the smallest bonus.
const SMALLEST_BONUS_RANK: u8 = 4;
/// A fresh deck: four each of 1, 2 and 3.
const FULL_DECK: Deck = [4, 4, 4];

/// Cards of 1, 2 and 3 still to come.
type Deck = [u8; 3];

/// The move to play in `game`, chosen within `budget_ms` (at most
/// [`crate::ai::LONGEST_BUDGET_MS`]). It does not change the game.
pub fn best_move(game: &ThreesGame, budget_ms: f64) -> Choice {
    search(
        game,
        Limits {
            budget_ms: crate::ai::kept_budget(budget_ms),
            max_depth: None,
        },
        PARAMS,
    )
}

/// The search with explicit parameters; `best_move(game, ms)` is
/// `search(game, Limits { budget_ms: ms, max_depth: None }, PARAMS)`.
///
/// Panics if `params` is not as long as [`PARAM_NAMES`].
pub fn search(game: &ThreesGame, limits: Limits, params: &[f64]) -> Choice {
    thread_local! {
        static HEURISTIC: TableSlot = const { std::cell::RefCell::new(None) };
        static CACHE: std::cell::RefCell<Cache<(Bitboard, u16)>> = std::cell::RefCell::new(Cache::new());
    }
    let deadline = Deadline::after(limits.budget_ms.max(0.0));
    assert_eq!(params.len(), PARAM_NAMES.len(), "Threes parameters");
    let heuristic = search::row_table(&HEURISTIC, params, build_heuristic);
    // Every Threes tile has a rank (6144 is 14), so the board always converts.
    let board = bitboard::from_cells::<Threes>(game.board().cells()).unwrap_or(0);
    // What the player is shown of the next tile: one value for a card, a window of candidates
    // for a bonus tile. Either way each shown value is taken as equally likely.
    let next: Vec<u8> = game
        .next()
        .preview()
        .into_iter()
        .filter_map(Threes::rank)
        .collect();
    let mut choice = search::run(
        &CACHE,
        &Draw { next },
        tables(),
        &heuristic,
        board,
        game.deck().counts(),
        limits,
        deadline,
    );
    choice.direction = crate::ai::legal_or_first(game.board(), choice.direction);
    choice
}

/// A Threes row's heuristic in nneonneo/threes-ai's terms: a constant (the lost penalty) that
/// puts a live position above a lost one, which scores 0, plus empty cells, plus runs of equal
/// tiles of 3 or more (they merge) and 1–2 neighbours (they make a 3), minus non-monotone rows
/// and minus the sum of rank^power.
fn build_heuristic(p: &[f64]) -> Vec<f32> {
    let [lost, mono_power, mono_weight, sum_power, sum_weight, merges_weight, merges_12_weight, empty_weight] =
        [p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]];
    let (sum_pow, mono_pow) = (search::powers(sum_power), search::powers(mono_power));
    (0..1usize << 16)
        .map(|row| {
            let line = search::row_ranks(row);
            let sum: f64 = line.iter().map(|&r| sum_pow[r as usize]).sum();
            let empty = line.iter().filter(|&&r| r == 0).count() as f64;
            // Empties do not break a run: each fold closes a gap by one cell.
            let (mut merges, mut merges_12, mut prev, mut run) = (0.0, 0.0, 0, 0);
            for &r in line.iter().filter(|&&r| r != 0) {
                if r == prev && r >= 3 {
                    run += 1;
                } else {
                    if run > 0 {
                        merges += 1.0 + f64::from(run);
                    }
                    run = 0;
                    if prev + r == 3 && prev != 0 {
                        merges_12 += 1.0;
                    }
                }
                prev = r;
            }
            if run > 0 {
                merges += 1.0 + f64::from(run);
            }
            let mono = search::monotonicity(&line, &mono_pow);
            (lost + empty_weight * empty + merges_weight * merges + merges_12_weight * merges_12
                - mono_weight * mono
                - sum_weight * sum) as f32
        })
        .collect()
}

/// The lines (by number, as in `grid::cell`) that a move changed, as a bit mask.
#[inline]
fn moved_lines(before: Bitboard, after: Bitboard, direction: Direction) -> u8 {
    let diff = before ^ after;
    let mut mask = 0;
    for k in 0..4 {
        let line = match direction {
            Direction::Left | Direction::Right => (diff >> (16 * k)) & 0xFFFF,
            Direction::Up | Direction::Down => (diff >> (4 * k)) & 0x000F_000F_000F_000F,
        };
        if line != 0 {
            mask |= 1 << k;
        }
    }
    mask
}

/// The cell (reading order) at the far edge of line `k` after a move toward `direction`, where
/// the next tile enters: a fold always empties it.
#[inline]
fn entry_cell(direction: Direction, k: usize) -> usize {
    match direction {
        Direction::Up => 12 + k,
        Direction::Down => k,
        Direction::Left => 4 * k + 3,
        Direction::Right => 4 * k,
    }
}

/// Threes' chance: the draw (a card by the deck's counts, or a bonus tile), then the line the
/// tile enters.
struct Draw {
    /// The ranks the preview shows for the tile after the root move.
    next: Vec<u8>,
}

impl Chance for Draw {
    type State = Deck;
    /// The same board with other cards to come is another position.
    type Key = (Bitboard, u16);

    fn key(board: Bitboard, deck: Deck) -> (Bitboard, u16) {
        (
            board,
            u16::from(deck[0]) | u16::from(deck[1]) << 4 | u16::from(deck[2]) << 8,
        )
    }

    /// A card, each value as likely as its count in the deck (an empty deck is a fresh one),
    /// or, once the highest tile is 48 or more, one time in 21 a bonus tile uniform over
    /// 6 ... highest/8, which takes no card. The tile was drawn after the previous move, so
    /// the board before this move is the one whose highest tile counts.
    fn chance(
        search: &mut Expectimax<'_, Draw>,
        before: Bitboard,
        after: Bitboard,
        direction: Direction,
        deck: Deck,
        depth: u32,
        prob: f64,
    ) -> f64 {
        let moved = Moved::new(before, after, direction);
        let deck = if deck == [0, 0, 0] { FULL_DECK } else { deck };
        let cards: u8 = deck.iter().sum();
        let highest = search::highest_rank(before);
        let bonus = if highest >= BONUS_FROM_RANK {
            1.0 / BONUS_ONE_IN
        } else {
            0.0
        };
        let mut total = 0.0;
        for (i, &count) in deck.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let p = (1.0 - bonus) * f64::from(count) / f64::from(cards);
            let mut rest = deck;
            rest[i] -= 1;
            total += p * moved.enter(search, i as u8 + 1, rest, depth, prob * p);
        }
        if bonus > 0.0 {
            let top = highest - 3;
            let p = bonus / f64::from(top - SMALLEST_BONUS_RANK + 1);
            for rank in SMALLEST_BONUS_RANK..=top {
                total += p * moved.enter(search, rank, deck, depth, prob * p);
            }
        }
        total
    }

    /// The tile after the root move is already drawn and shown: each value of the preview
    /// equally likely (one value for a card). The deck counts shown are what is left after
    /// it, and a bonus does not take a card, so the deck stays as it is.
    fn first_chance(
        search: &mut Expectimax<'_, Draw>,
        before: Bitboard,
        after: Bitboard,
        direction: Direction,
        deck: Deck,
        depth: u32,
    ) -> f64 {
        let moved = Moved::new(before, after, direction);
        // A copy of the shared reference, free of the search's own borrow.
        let game: &Draw = search.game;
        let share = 1.0 / game.next.len().max(1) as f64;
        game.next
            .iter()
            .map(|&rank| share * moved.enter(search, rank, deck, depth, share))
            .sum()
    }
}

/// A move's result, before the next tile enters.
#[derive(Clone, Copy)]
struct Moved {
    board: Bitboard,
    lines: u8,
    direction: Direction,
}

impl Moved {
    fn new(before: Bitboard, after: Bitboard, direction: Direction) -> Moved {
        Moved {
            board: after,
            lines: moved_lines(before, after, direction),
            direction,
        }
    }

    /// The tile of `rank` enters at the far edge of one of the lines that moved, each equally
    /// likely.
    fn enter(
        &self,
        search: &mut Expectimax<'_, Draw>,
        rank: u8,
        deck: Deck,
        depth: u32,
        prob: f64,
    ) -> f64 {
        let share = 1.0 / f64::from(self.lines.count_ones());
        let mut total = 0.0;
        for k in 0..4 {
            if self.lines & (1 << k) == 0 {
                continue;
            }
            let cell = entry_cell(self.direction, k);
            let board = self.board | u64::from(rank) << (4 * cell);
            total += search.play(board, deck, depth, prob * share);
            if search.clock.aborted {
                return 0.0;
            }
        }
        total * share
    }
}

/// Threes: 1 → 1, 2 → 2, 3·2^k → 3 + k (6144 is rank 14).
impl Ranks for Threes {
    fn rank(value: u32) -> Option<u8> {
        match value {
            0..=2 => Some(value as u8),
            v if Threes::is_tile(v) => Some(3 + (v / 3).trailing_zeros() as u8),
            _ => None,
        }
    }

    fn value(rank: u8) -> u32 {
        match rank {
            0..=2 => u32::from(rank),
            r => 3 << (r - 3),
        }
    }
}

impl Player for ThreesGame {
    fn best_move(&self, budget_ms: f64) -> Choice {
        best_move(self, budget_ms)
    }

    fn prepare() {
        search(&Self::deal(0), WARM_UP, PARAMS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{self, SIZE};
    use crate::rng::Rng;
    use crate::threes::Board;

    #[test]
    fn the_next_tile_enters_at_the_far_edge_of_the_lines_the_game_says_moved() {
        let mut rng = Rng::from_seed(5);
        for _ in 0..2000 {
            let mut cells = [[0; SIZE]; SIZE];
            for v in cells.iter_mut().flatten() {
                *v = Threes::value(rng.below(6) as u8);
            }
            let before = bitboard::from_cells::<Threes>(&cells).unwrap();
            for direction in Direction::ALL {
                let mut board = Board::new();
                board.set_cells(cells).unwrap();
                let trace = board.shift(direction);
                let after = tables().shift(before, direction);
                let mask = moved_lines(before, after, direction);
                let expected: Vec<usize> = trace.moved_lines().collect();
                let found: Vec<usize> = (0..SIZE).filter(|&k| mask & (1 << k) != 0).collect();
                assert_eq!(found, expected, "{direction:?} on {cells:?}");
                for k in expected {
                    let (r, c) = grid::cell(direction, k, SIZE - 1);
                    assert_eq!(entry_cell(direction, k), SIZE * r + c);
                    assert_eq!(
                        board.cells()[r][c],
                        0,
                        "the far edge of a moved line is empty"
                    );
                }
            }
        }
    }
}
