//! Speed figures of the AI, written once for the native bench (`gridplay-bench kernel`,
//! `search`) and the wasm one (`--features bench`, scripts/bench-ai.mjs): figures, not tests.

use super::bitboard::{self, MoveTables, Ranks};
use super::{now_ms, Player};
use crate::direction::Direction;
use crate::grid::{self, SlidingGame};
use crate::rng::Rng;

/// Moves a second of the bitboard tables and of the game's own `Board::shift`.
#[derive(Clone, Copy, Debug)]
pub struct KernelRate {
    /// Moves a second on [`Bitboard`](super::bitboard::Bitboard)s through the tables.
    pub bitboard: f64,
    /// Moves a second through the game's own [`Board::shift`](crate::grid::Board::shift).
    pub board: f64,
    /// Every result folded together, printed so that no move is optimised away.
    pub checksum: u64,
}

/// Positions of games dealt from seeds 1, 2, … and played by uniformly random legal moves:
/// the kind of board a search meets, with the rows repeating as in play.
pub fn random_play_positions<G: SlidingGame>(count: usize, deal: fn(u32) -> G) -> Vec<G> {
    let mut rng = Rng::from_seed(7);
    let mut out = Vec::with_capacity(count);
    let mut seed = 1;
    while out.len() < count {
        let mut game = deal(seed);
        seed += 1;
        while out.len() < count {
            out.push(game.clone());
            let legal: Vec<Direction> = Direction::ALL
                .into_iter()
                .filter(|&d| game.board().can_shift(d))
                .collect();
            if legal.is_empty() {
                break;
            }
            game.play(legal[rng.index(legal.len())]);
        }
    }
    out
}

/// Every direction on `count` positions, by the tables and by `Board::shift`.
pub fn kernel<T: Ranks, G>(tables: &MoveTables, count: usize, deal: fn(u32) -> G) -> KernelRate
where
    G: SlidingGame<Tiles = T>,
{
    let boards: Vec<grid::Board<T>> = random_play_positions(count, deal)
        .iter()
        .map(|g| *g.board())
        .collect();
    let bits: Vec<u64> = boards
        .iter()
        .map(|b| bitboard::from_cells::<T>(b.cells()).unwrap_or(0))
        .collect();

    let started = now_ms();
    let mut checksum = 0u64;
    for &b in &bits {
        for d in Direction::ALL {
            checksum = checksum.wrapping_add(tables.shift(b, d));
        }
    }
    let bitboard = (4 * count) as f64 / ((now_ms() - started).max(1e-3) / 1e3);

    let started = now_ms();
    for b in &boards {
        for d in Direction::ALL {
            let mut board = *b;
            board.shift(d);
            checksum = checksum.wrapping_add(u64::from(board.cells()[0][0]));
        }
    }
    let board = (4 * count) as f64 / ((now_ms() - started).max(1e-3) / 1e3);
    KernelRate {
        bitboard,
        board,
        checksum,
    }
}

/// How fast and how deep `best_move` searches within a budget.
#[derive(Clone, Copy, Debug)]
pub struct SearchRate {
    /// Positions searched.
    pub positions: usize,
    /// Positions evaluated or expanded a second, over all the searches.
    pub states_per_s: f64,
    /// The deepest depth each search finished, averaged.
    pub mean_depth: f64,
    /// The longest call, to compare with the budget.
    pub longest_ms: f64,
}

/// `count` positions from the AI's own games (dealt from seeds 1, 2, …, each move chosen in
/// 1 ms), one every `every` moves: the positions a search meets in play, from the opening to
/// the end as `every` grows.
pub fn played_positions<G: Player + SlidingGame>(
    deal: fn(u32) -> G,
    count: usize,
    every: usize,
) -> Vec<G> {
    let mut positions = Vec::with_capacity(count);
    let mut seed = 1;
    while positions.len() < count {
        let mut game = deal(seed);
        seed += 1;
        let mut n = 0;
        while let Some(d) = game.best_move(1.0).direction {
            if n % every.max(1) == 0 {
                positions.push(game.clone());
                if positions.len() == count {
                    break;
                }
            }
            game.play(d);
            n += 1;
        }
    }
    positions
}

/// `best_move(budget_ms)` on `count` positions of one game dealt from seed 1 and played by the
/// AI itself at a 1 ms budget (mid-game boards, not only openings): every 5th position.
pub fn search<G: Player + SlidingGame>(
    deal: fn(u32) -> G,
    budget_ms: f64,
    count: usize,
) -> SearchRate {
    let positions = played_positions(deal, count, 5);
    let (mut states, mut depth, mut longest) = (0u64, 0u64, 0f64);
    let started = now_ms();
    for game in &positions {
        let call = now_ms();
        let choice = game.best_move(budget_ms);
        longest = longest.max(now_ms() - call);
        states += choice.states;
        depth += u64::from(choice.depth);
    }
    let seconds = (now_ms() - started).max(1e-3) / 1e3;
    SearchRate {
        positions: count,
        states_per_s: states as f64 / seconds,
        mean_depth: depth as f64 / count.max(1) as f64,
        longest_ms: longest,
    }
}
