//! The Threes player: expectimax over the deck (exact remaining counts), the bonus chance and
//! values, and every line the next tile may enter.

use std::sync::OnceLock;

use super::bitboard::{self, Bitboard, MoveTables, DIRECTIONS};
use super::{Choice, Deadline};
use crate::grid::SlidingGame;
use crate::threes::{Threes, ThreesGame};

/// Threes' move tables, built from `threes::fold` at first use.
pub fn tables() -> &'static MoveTables {
    static TABLES: OnceLock<MoveTables> = OnceLock::new();
    TABLES.get_or_init(MoveTables::new::<Threes>)
}

/// The move to play in `game`, chosen within `budget_ms`. It does not change the game.
// PLACEHOLDER (greedy, most empty cells): the expectimax search replaces it.
pub fn best_move(game: &ThreesGame, budget_ms: f64) -> Choice {
    let _deadline = Deadline::after(budget_ms);
    let board = bitboard::from_cells::<Threes>(game.board().cells()).unwrap_or(0);
    let tables = tables();
    let mut best = None;
    let mut states = 0;
    for direction in DIRECTIONS {
        let after: Bitboard = tables.shift(board, direction);
        states += 1;
        if after == board {
            continue;
        }
        let empty = bitboard::count_empty(after);
        if best.is_none_or(|(_, e)| empty > e) {
            best = Some((direction, empty));
        }
    }
    Choice {
        direction: best.map(|(d, _)| d),
        depth: 1,
        states,
    }
}
