//! A 4×4 board as one `u64` for the AI's search, as in nneonneo's engines
//! (<https://github.com/nneonneo/2048-ai>, <https://github.com/nneonneo/threes-ai>): four bits a
//! cell, row by row from the top, each cell's tile as its *rank* (0 = empty). A move is four
//! lookups in 65 536-entry tables, one per line, XORed into the board.
//!
//! The tables are built once from the game's own line function ([`Tiles::line_move`]: Threes'
//! `fold`, 2048's `slide`), so the rules still exist once; `tests/ai_bitboard.rs` checks that a
//! bitboard move agrees with [`grid::Board::shift`] on millions of random boards.

use crate::direction::Direction;
use crate::grid::{self, Cells, Line, Tiles, SIZE};

/// A board: cell (r, c) is the nibble at bit `4 * (4 * r + c)`.
pub type Bitboard = u64;

const ROW_MASK: u64 = 0xFFFF;
const COL_MASK: u64 = 0x000F_000F_000F_000F;

/// How a game's tile values map to the ranks a nibble holds.
pub trait Ranks: Tiles {
    /// The rank of a tile value, or `None` if it does not fit in a nibble.
    fn rank(value: u32) -> Option<u8>;
    /// The value of a rank (0 for 0).
    fn value(rank: u8) -> u32;
}

/// The board of `cells`, or `None` if a tile has no rank (a 2048 tile above 32768).
pub fn from_cells<T: Ranks>(cells: &Cells) -> Option<Bitboard> {
    let mut board = 0;
    for (i, &v) in cells.iter().flatten().enumerate() {
        board |= u64::from(T::rank(v)?) << (4 * i);
    }
    Some(board)
}

/// The cells of `board`.
pub fn to_cells<T: Ranks>(board: Bitboard) -> Cells {
    let mut cells = [[0; SIZE]; SIZE];
    for (i, v) in cells.iter_mut().flatten().enumerate() {
        *v = T::value(rank_at(board, i));
    }
    cells
}

/// The rank in cell `i` (reading order).
#[inline]
pub fn rank_at(board: Bitboard, i: usize) -> u8 {
    ((board >> (4 * i)) & 0xF) as u8
}

/// Rows become columns: cell (r, c) moves to (c, r).
#[inline]
pub fn transpose(x: Bitboard) -> Bitboard {
    let a1 = x & 0xF0F0_0F0F_F0F0_0F0F;
    let a2 = x & 0x0000_F0F0_0000_F0F0;
    let a3 = x & 0x0F0F_0000_0F0F_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xFF00_FF00_00FF_00FF;
    let b2 = a & 0x00FF_00FF_0000_0000;
    let b3 = a & 0x0000_0000_FF00_FF00;
    b1 | (b2 >> 24) | (b3 << 24)
}

/// The number of empty cells.
#[inline]
pub fn count_empty(board: Bitboard) -> u32 {
    // A nibble is empty iff all four of its bits are 0: fold each nibble's bits into its
    // lowest bit, then count the nibbles whose lowest bit stayed 0.
    let mut x = board;
    x |= (x >> 2) & 0x3333_3333_3333_3333;
    x |= x >> 1;
    16 - (x & 0x1111_1111_1111_1111).count_ones()
}

/// A row (four nibbles, the cell nearest the left wall lowest) spread into a column of a board.
fn unpack_col(row: u16) -> Bitboard {
    let x = u64::from(row);
    (x | (x << 12) | (x << 24) | (x << 36)) & COL_MASK
}

fn reverse_row(row: u16) -> u16 {
    (row >> 12) | ((row >> 4) & 0x00F0) | ((row << 4) & 0x0F00) | (row << 12)
}

/// One game's move tables. For each of the 65 536 rows (cell 0 in the low nibble) the XOR that
/// turns it into the row after a move toward each wall: a row for left and right, a column
/// spread for up and down, so that a move is four lookups and no transpose back.
pub struct MoveTables {
    left: Vec<u16>,
    right: Vec<u16>,
    up: Vec<u64>,
    down: Vec<u64>,
}

impl MoveTables {
    /// The tables of `T`'s line function. A row whose move would make a tile without a rank
    /// (2048's 32768 + 32768) keeps that pair apart: the search treats 32768 as the cap.
    pub fn new<T: Ranks>() -> MoveTables {
        let size = 1 << 16;
        let (mut left, mut right) = (vec![0u16; size], vec![0u16; size]);
        let (mut up, mut down) = (vec![0u64; size], vec![0u64; size]);
        for row in 0..size {
            let row = row as u16;
            let toward_left = row ^ line_move::<T>(row);
            let toward_right = row ^ reverse_row(line_move::<T>(reverse_row(row)));
            left[row as usize] = toward_left;
            right[row as usize] = toward_right;
            // A column read top to bottom is a row whose low nibble is the top cell, so up is
            // left and down is right, spread back into a column.
            up[row as usize] = unpack_col(toward_left);
            down[row as usize] = unpack_col(toward_right);
        }
        MoveTables {
            left,
            right,
            up,
            down,
        }
    }

    /// `board` after a move toward `direction`'s wall, before any new tile; equal to `board`
    /// when the move is not legal.
    #[inline]
    pub fn shift(&self, board: Bitboard, direction: Direction) -> Bitboard {
        match direction {
            Direction::Left => board ^ self.rows(board, &self.left),
            Direction::Right => board ^ self.rows(board, &self.right),
            Direction::Up => board ^ self.cols(transpose(board), &self.up),
            Direction::Down => board ^ self.cols(transpose(board), &self.down),
        }
    }

    #[inline]
    fn rows(&self, board: Bitboard, table: &[u16]) -> Bitboard {
        let mut diff = 0;
        for r in 0..SIZE {
            let row = ((board >> (16 * r)) & ROW_MASK) as usize;
            diff |= u64::from(table[row]) << (16 * r);
        }
        diff
    }

    #[inline]
    fn cols(&self, transposed: Bitboard, table: &[u64]) -> Bitboard {
        let mut diff = 0;
        for c in 0..SIZE {
            let col = ((transposed >> (16 * c)) & ROW_MASK) as usize;
            diff |= table[col] << (4 * c);
        }
        diff
    }
}

/// A row moved toward the wall at its low nibble by the game's own line function.
fn line_move<T: Ranks>(row: u16) -> u16 {
    let mut line: Line = [0; SIZE];
    for (i, v) in line.iter_mut().enumerate() {
        *v = T::value(((row >> (4 * i)) & 0xF) as u8);
    }
    let before = line;
    T::line_move(&mut line);
    let mut out = 0u16;
    for (i, &v) in line.iter().enumerate() {
        match T::rank(v) {
            Some(rank) => out |= u16::from(rank) << (4 * i),
            // Only 2048's 32768 + 32768: leave the row as it was.
            None => return row_of::<T>(&before),
        }
    }
    out
}

fn row_of<T: Ranks>(line: &Line) -> u16 {
    line.iter()
        .enumerate()
        .map(|(i, &v)| u16::from(T::rank(v).unwrap_or(0)) << (4 * i))
        .sum()
}

/// A bitboard move checked against the game's grid move, for one board (the property test's
/// unit; also handy when debugging a table).
pub fn agrees_with_grid<T: Ranks>(
    tables: &MoveTables,
    cells: &Cells,
    direction: Direction,
) -> bool {
    let Some(board) = from_cells::<T>(cells) else {
        return true;
    };
    let mut grid_board = grid::Board::<T>::new();
    if grid_board.set_cells(*cells).is_err() {
        return false;
    }
    grid_board.shift(direction);
    if from_cells::<T>(grid_board.cells()).is_none() {
        // 2048's 32768 + 32768, beyond the bitboard's ranks (see MoveTables::new).
        return true;
    }
    to_cells::<T>(tables.shift(board, direction)) == *grid_board.cells()
}
