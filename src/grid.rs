//! The 4×4 grid and the line machinery every sliding game shares.
//!
//! A move in direction D is one *line function* applied to the four lines parallel to D, each
//! read from the wall D points at (index 0) outward. The line function is the only thing a
//! game supplies: Threes folds, 2048 slides and merges. This module turns the per-line results
//! back into grid coordinates, so no game writes a move per direction.

use std::marker::PhantomData;

use crate::direction::Direction;
use crate::replay::Game;

/// Cells a side: Threes and 2048 are played on 4×4.
pub const SIZE: usize = 4;

/// Cell values, row by row from the top; 0 is an empty cell.
pub type Cells = [[u32; SIZE]; SIZE];

/// One line of a move, index 0 against the wall.
pub type Line = [u32; SIZE];

/// `(row, column)` of the cell `i` steps from the wall that `direction` points at, in line `k`.
/// Lines are numbered left to right (vertical moves) or top to bottom (horizontal moves).
pub fn cell(direction: Direction, k: usize, i: usize) -> (usize, usize) {
    match direction {
        Direction::Up => (i, k),
        Direction::Down => (SIZE - 1 - i, k),
        Direction::Left => (k, i),
        Direction::Right => (k, SIZE - 1 - i),
    }
}

/// Where each tile of one line went. `to[i]` is the index the tile at index `i` ended on
/// (`EMPTY` where there was no tile); `merged` has bit `j` set when index `j` now holds a tile
/// made by merging two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineTrace {
    /// For each index of the line before the move, the index its tile ended on.
    pub to: [u8; SIZE],
    /// Bit `j` set: index `j` holds a tile made by a merge in this move.
    pub merged: u8,
}

impl LineTrace {
    /// In [`to`](LineTrace::to): there was no tile at this index.
    pub const EMPTY: u8 = u8::MAX;

    /// The trace of a line in which nothing moves.
    pub fn still(line: &Line) -> LineTrace {
        let mut to = [LineTrace::EMPTY; SIZE];
        for (i, t) in to.iter_mut().enumerate() {
            if line[i] != 0 {
                *t = i as u8;
            }
        }
        LineTrace { to, merged: 0 }
    }

    /// True iff some tile of the line changed cell.
    pub fn moved(&self) -> bool {
        self.to
            .iter()
            .enumerate()
            .any(|(i, &t)| t != LineTrace::EMPTY && t as usize != i)
    }
}

/// A tile that changed cell in a move, in grid coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    /// `(row, column)` the tile left.
    pub from: (usize, usize),
    /// `(row, column)` it came to rest on (or merged into).
    pub to: (usize, usize),
}

/// What one move did to the whole grid: enough for a page to animate it without diffing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTrace {
    /// The way the tiles were pushed.
    pub direction: Direction,
    /// Each line's trace, numbered as [`cell`] numbers them.
    pub lines: [LineTrace; SIZE],
}

impl MoveTrace {
    /// True iff any tile moved, i.e. the move was legal.
    pub fn changed(&self) -> bool {
        self.lines.iter().any(LineTrace::moved)
    }

    /// The lines (by number, see [`cell`]) in which something moved.
    pub fn moved_lines(&self) -> impl Iterator<Item = usize> + '_ {
        (0..SIZE).filter(|&k| self.lines[k].moved())
    }

    /// Every tile that changed cell.
    pub fn slides(&self) -> Vec<Slide> {
        let mut slides = Vec::new();
        for (k, line) in self.lines.iter().enumerate() {
            for (i, &to) in line.to.iter().enumerate() {
                if to != LineTrace::EMPTY && to as usize != i {
                    slides.push(Slide {
                        from: cell(self.direction, k, i),
                        to: cell(self.direction, k, to as usize),
                    });
                }
            }
        }
        slides
    }

    /// Cells now holding a tile made by a merge.
    pub fn merges(&self) -> Vec<(usize, usize)> {
        let mut merges = Vec::new();
        for (k, line) in self.lines.iter().enumerate() {
            for j in 0..SIZE {
                if line.merged & (1 << j) != 0 {
                    merges.push(cell(self.direction, k, j));
                }
            }
        }
        merges
    }
}

/// The tile rules of one game: which values a cell may hold, and how one line moves.
pub trait Tiles: Copy + Eq + std::fmt::Debug + Default {
    /// The allowed values in words, for error messages ("a Threes tile (…)").
    const RULE: &'static str;
    /// Whether a cell may hold `v` (0 is the empty cell, a tile of every game).
    fn is_tile(v: u32) -> bool;
    /// Moves one line toward its wall (index 0) in place: the game's whole rule of a move.
    fn line_move(line: &mut Line) -> LineTrace;
}

/// A grid of one game's tiles that moves without dealing new ones: Threes' `Board`, on which
/// `tests/threes_seed000.rs` plays the tutorial's cases, and `Board2048`, on which
/// `tests/g2048_kata.rs` plays the 2048 kata's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Board<T> {
    cells: Cells,
    tiles: PhantomData<T>,
}

impl<T: Tiles> Board<T> {
    /// An empty board.
    pub fn new() -> Board<T> {
        Board {
            cells: [[0; SIZE]; SIZE],
            tiles: PhantomData,
        }
    }

    /// The tiles, row by row from the top; 0 is an empty cell.
    pub fn cells(&self) -> &Cells {
        &self.cells
    }

    /// Replaces the tiles; refused (board unchanged) if any value is not one of the game's.
    pub fn set_cells(&mut self, cells: Cells) -> Result<(), GridError> {
        for (r, row) in cells.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                if !T::is_tile(v) {
                    return Err(GridError(format!(
                        "rows[{r}][{c}] is {v}, which is not {}",
                        T::RULE
                    )));
                }
            }
        }
        self.cells = cells;
        Ok(())
    }

    /// Moves every line toward `direction`'s wall; the trace says what moved where.
    pub fn shift(&mut self, direction: Direction) -> MoveTrace {
        shift(&mut self.cells, direction, T::line_move)
    }

    /// Whether a move in `direction` would change the board.
    pub fn can_shift(&self, direction: Direction) -> bool {
        let mut board = *self;
        board.shift(direction).changed()
    }

    /// Puts a tile that has entered the board; only games deal, and only valid tiles.
    pub(crate) fn place(&mut self, row: usize, col: usize, value: u32) {
        debug_assert!(T::is_tile(value));
        self.cells[row][col] = value;
    }

    /// True when no direction would change the board.
    pub fn is_stuck(&self) -> bool {
        !Direction::ALL.into_iter().any(|d| self.can_shift(d))
    }

    /// The largest tile on the board (0 when it is empty).
    pub fn highest(&self) -> u32 {
        highest(&self.cells)
    }
}

/// A tile that entered the board after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spawn {
    /// Its row, from the top.
    pub row: usize,
    /// Its column, from the left.
    pub col: usize,
    /// The tile: a Threes card or bonus tile, a 2048 2 or 4.
    pub value: u32,
}

/// What a legal move of a sliding game did: how the tiles moved and which tile entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// How the tiles on the board moved and merged.
    pub trace: MoveTrace,
    /// The tile that entered after them.
    pub spawn: Spawn,
}

/// A game played by swiping tiles on the grid (Threes, 2048): what the shared JS surface
/// reads from any of them.
pub trait SlidingGame: Game<Move = Direction, Report = Turn> {
    /// The game's tile rules.
    type Tiles: Tiles;

    /// The board as it stands.
    fn board(&self) -> &Board<Self::Tiles>;
    /// The score as the game counts it: Threes' points of the tiles on the board, 2048's sum
    /// of every merge so far.
    fn score(&self) -> u64;

    /// True when no direction is legal.
    fn is_over(&self) -> bool {
        self.board().is_stuck()
    }
}

/// Applies `line_move` to the four lines of `cells` that run along `direction`.
pub fn shift(
    cells: &mut Cells,
    direction: Direction,
    line_move: impl Fn(&mut Line) -> LineTrace,
) -> MoveTrace {
    let mut lines = [LineTrace {
        to: [LineTrace::EMPTY; SIZE],
        merged: 0,
    }; SIZE];
    for (k, trace) in lines.iter_mut().enumerate() {
        let mut line: Line = [0; SIZE];
        for (i, v) in line.iter_mut().enumerate() {
            let (r, c) = cell(direction, k, i);
            *v = cells[r][c];
        }
        *trace = line_move(&mut line);
        for (i, &v) in line.iter().enumerate() {
            let (r, c) = cell(direction, k, i);
            cells[r][c] = v;
        }
    }
    MoveTrace { direction, lines }
}

/// The largest value on the grid (0 for an empty grid).
pub fn highest(cells: &Cells) -> u32 {
    cells.iter().flatten().copied().max().unwrap_or(0)
}

/// The empty cells in reading order.
pub fn empty_cells(cells: &Cells) -> Vec<(usize, usize)> {
    (0..SIZE)
        .flat_map(|r| (0..SIZE).map(move |c| (r, c)))
        .filter(|&(r, c)| cells[r][c] == 0)
        .collect()
}

/// Reads a grid handed in from outside (the JS API), cell by cell, into cells holding `T`'s
/// tiles: `None` stands for a value that was not a number at all.
pub fn parse_cells<T: Tiles>(rows: &[Vec<Option<f64>>]) -> Result<Cells, GridError> {
    if rows.len() != SIZE {
        return Err(GridError(format!(
            "expected {SIZE} rows, got {}",
            rows.len()
        )));
    }
    let mut cells: Cells = [[0; SIZE]; SIZE];
    for (r, row) in rows.iter().enumerate() {
        if row.len() != SIZE {
            return Err(GridError(format!(
                "rows[{r}] has {} cells, expected {SIZE}",
                row.len()
            )));
        }
        for (c, &value) in row.iter().enumerate() {
            let at = format!("rows[{r}][{c}]");
            let v = match value {
                None => return Err(GridError(format!("{at} is not a number"))),
                Some(v) if v.is_nan() => return Err(GridError(format!("{at} is NaN"))),
                Some(v) if v.fract() != 0.0 || v.is_infinite() => {
                    let v = number_text(v);
                    return Err(GridError(format!("{at} is {v}, not a whole number")));
                }
                Some(v) if !(0.0..=f64::from(u32::MAX)).contains(&v) || !T::is_tile(v as u32) => {
                    let v = number_text(v);
                    return Err(GridError(format!("{at} is {v}, which is not {}", T::RULE)));
                }
                Some(v) => v as u32,
            };
            cells[r][c] = v;
        }
    }
    Ok(cells)
}

/// A number for a message, as JS would print it up to 1e21. Written out because Rust's float
/// formatting would add a quarter to the wasm's size for the sake of error messages: whole
/// numbers print exactly, others with up to six decimals.
pub fn number_text(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    let sign = if v < 0.0 { "-" } else { "" };
    let v = v.abs();
    if v.is_infinite() {
        return format!("{sign}Infinity");
    }
    if v >= 1e21 {
        return format!("{sign}1e21 or more");
    }
    let whole = whole_text(v.trunc());
    let micros = ((v - v.trunc()) * 1e6).round() as u32;
    if micros == 0 {
        format!("{sign}{whole}")
    } else {
        let fraction = format!("{micros:06}");
        format!("{sign}{whole}.{}", fraction.trim_end_matches('0'))
    }
}

/// The digits of a whole number below 1e21. Above 2^53 a float is m × 2^e exactly (m below
/// 2^53, e at most 17 there), so it is doubled e times in two base-10^10 halves: exact, and
/// without u128, whose formatting would add over a kilobyte to every engine.
fn whole_text(whole: f64) -> String {
    const HALF: u64 = 10_000_000_000;
    if whole < 9_007_199_254_740_992.0 {
        return (whole as u64).to_string();
    }
    let bits = whole.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) - 1075;
    let mantissa = (bits & ((1 << 52) - 1)) | (1 << 52);
    let (mut high, mut low) = (mantissa / HALF, mantissa % HALF);
    for _ in 0..exponent {
        low *= 2;
        high = high * 2 + low / HALF;
        low %= HALF;
    }
    format!("{high}{low:010}")
}

/// Why a grid from outside was refused; the message names the cell and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridError(pub String);

impl std::fmt::Display for GridError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GridError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_js_would() {
        assert_eq!(number_text(5.0), "5");
        assert_eq!(number_text(-3.0), "-3");
        assert_eq!(number_text(1.5), "1.5");
        assert_eq!(number_text(0.125), "0.125");
        assert_eq!(number_text(4294967296.0), "4294967296");
        assert_eq!(number_text(f64::NAN), "NaN");
        assert_eq!(number_text(f64::NEG_INFINITY), "-Infinity");
        assert_eq!(number_text(1e300), "1e21 or more");
        // Beyond u64 and below 1e21, still exact, as JS prints them.
        assert_eq!(number_text(1e20), "100000000000000000000");
        assert_eq!(
            number_text(2f64.powi(66) + 2f64.powi(14)),
            "73786976294838222848"
        );
        assert_eq!(number_text(9_007_199_254_740_993.0), "9007199254740992");
        assert_eq!(
            number_text(18_446_744_073_709_551_616.0),
            "18446744073709551616"
        );
    }

    #[test]
    fn whole_numbers_beyond_2_53_print_as_u128_would() {
        // Every exponent up to 1e21, with mantissas from both ends and the middle.
        for exponent in 0..=17 {
            for mantissa in [1u64 << 52, (1 << 52) + 1, 3 << 51, (1 << 53) - 1] {
                let v = (mantissa as f64) * 2f64.powi(exponent);
                if v >= 1e21 {
                    continue;
                }
                assert_eq!(whole_text(v), (v as u128).to_string(), "{v}");
            }
        }
    }

    #[test]
    fn each_line_starts_at_the_wall_the_direction_points_at() {
        assert_eq!(cell(Direction::Up, 2, 0), (0, 2));
        assert_eq!(cell(Direction::Down, 2, 0), (3, 2));
        assert_eq!(cell(Direction::Left, 1, 0), (1, 0));
        assert_eq!(cell(Direction::Right, 1, 0), (1, 3));
        assert_eq!(cell(Direction::Right, 1, 3), (1, 0));
    }

    #[test]
    fn every_direction_visits_every_cell_once() {
        for d in Direction::ALL {
            let mut seen = [[false; SIZE]; SIZE];
            for k in 0..SIZE {
                for i in 0..SIZE {
                    let (r, c) = cell(d, k, i);
                    assert!(!seen[r][c]);
                    seen[r][c] = true;
                }
            }
        }
    }
}
