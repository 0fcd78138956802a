//! The sliding puzzle: 8, 15 and 24 (`docs/rules.md`, *Fifteen*).
//!
//! A board is `size × size` cells in reading order holding the tiles 1…n²−1 and the blank (0).
//! A move slides a tile next to the blank into it; a *slide* moves a whole segment: the tile at
//! a cell in the blank's row or column and every tile between it and the blank, one step each
//! toward the blank (one tap, as in Simon Tatham's Fifteen). The log stores slides, and the
//! move count counts tiles moved, so it compares with the solver's optimal length.
//!
//! A puzzle is played through a [`Replay`](crate::Replay), which keeps its slides for saves
//! and undo:
//!
//! ```
//! use gridplay::fifteen::{solver, Fifteen, Opening, TilesError};
//! use gridplay::{Game, Replay};
//!
//! // A 3×3 puzzle dealt from seed 42: solvable, and never already in order.
//! let mut puzzle = Replay::<Fifteen>::new(Opening::Deal { size: 3, seed: 42 });
//! assert!(!puzzle.game().is_solved());
//! println!("{:?}", puzzle.game()); // the rows, 0 for the blank
//!
//! // A tap on a tile in the blank's row slides it, and every tile between, toward the blank.
//! let blank = puzzle.game().blank();
//! let tap = if blank % 3 == 2 { blank - 2 } else { 3 * (blank / 3) + 2 }; // the row's far end
//! let slide = puzzle.game().segment(tap)?;
//! assert!(puzzle.play(slide).is_some());
//! let moves = Fifteen::moves_counted(puzzle.moves()); // tiles moved: 1 or 2
//! assert_eq!(moves, slide.tiles());
//!
//! // The solver's optimal answer: the tiles to move into the blank, in order.
//! for tile in solver::solve(puzzle.game().tiles()) {
//!     let board = puzzle.game();
//!     let cell = board.tiles().iter().position(|&t| t == tile).unwrap();
//!     let slide = board.step(cell, board.blank())?;
//!     puzzle.play(slide);
//! }
//! assert!(puzzle.game().is_solved());
//!
//! // A save names the deal and holds every slide; undo takes back one slide.
//! let loaded = Replay::<Fifteen>::load(&puzzle.save())?;
//! assert_eq!(loaded.game(), puzzle.game());
//! puzzle.undo();
//! assert!(!puzzle.game().is_solved());
//!
//! // A board of your own must be one of the solvable half.
//! let swapped = [2, 1, 3, 4, 5, 6, 7, 8, 0];
//! assert_eq!(Fifteen::from_tiles(&swapped), Err(TilesError::Unsolvable));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// The game's JS class (`#[wasm_bindgen]`), with its cargo feature.
#[cfg(feature = "fifteen")]
pub mod wasm;

use std::fmt::{self, Write};

use crate::direction::Direction;
use crate::replay::{Game, MoveCode, Start};
use crate::rng::Rng;

mod judge;
pub mod solver;

/// The board widths the game offers (3×3 "8-puzzle", 4×4 "15-puzzle", 5×5 "24-puzzle").
pub const SIZES: [usize; 3] = [3, 4, 5];
/// The most cells a board has.
pub const MAX_CELLS: usize = 25;

/// True iff `size` is a board width the game offers.
pub fn is_size(size: usize) -> bool {
    SIZES.contains(&size)
}

/// The width of an offered board of `cells` cells (9, 16 or 25), or `None`.
pub fn width(cells: usize) -> Option<usize> {
    SIZES.into_iter().find(|&s| s * s == cells)
}

/// A position: the tiles in reading order (0 = blank) and where the blank is.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fifteen {
    size: usize,
    tiles: [u8; MAX_CELLS],
    blank: usize,
}

/// One slide of the log: the tiles move one step toward `direction` (the blank moves the
/// other way), `count` of them (1 ≤ count < size).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The way the tiles move.
    pub direction: Direction,
    /// How many tiles move, each one cell.
    pub count: u8,
}

/// Why a move or slide is refused: the three guards of a single move ([`Fifteen::step`]: both
/// cells on the board, next to each other, into the blank), and the slide's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// A cell index outside the board.
    OffBoard {
        /// The cell asked for.
        cell: usize,
        /// The board's cells (9, 16 or 25).
        cells: usize,
    },
    /// `from` and `to` are not orthogonal neighbours.
    NotAdjacent {
        /// The tile's cell.
        from: usize,
        /// The cell it was to move into.
        to: usize,
    },
    /// The target of a move is a tile, not the blank.
    NotBlank {
        /// The cell it was to move into.
        to: usize,
        /// Where the blank is.
        blank: usize,
    },
    /// A slide from a cell outside the blank's row and column.
    NotInLine {
        /// The cell tapped.
        cell: usize,
        /// Where the blank is.
        blank: usize,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::OffBoard { cell, cells } => write!(
                f,
                "cell {cell} is off the board (cells are 0 to {})",
                cells - 1
            ),
            MoveError::NotAdjacent { from, to } => write!(
                f,
                "cells {from} and {to} are not next to each other, so no tile can move between them"
            ),
            MoveError::NotBlank { to, blank } => write!(
                f,
                "cell {to} is occupied: a tile can only move into the blank, at cell {blank}"
            ),
            MoveError::NotInLine { cell, blank } => write!(
                f,
                "cell {cell} is not in the blank's row or column (the blank is at cell {blank})"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why tiles are not a board of this game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TilesError {
    /// Not 9, 16 or 25 tiles.
    Length(usize),
    /// A value outside 0…n²−1.
    OutOfRange {
        /// Where in the list it is.
        index: usize,
        /// The value.
        value: u32,
        /// The board's cells: values run from 0 to one less.
        cells: usize,
    },
    /// A value given twice (so another is missing).
    Repeated {
        /// The value given twice.
        value: u32,
    },
    /// A permutation from which the goal cannot be reached.
    Unsolvable,
}

impl fmt::Display for TilesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TilesError::Length(n) => write!(
                f,
                "expected 9, 16 or 25 tiles (a 3×3, 4×4 or 5×5 board), got {n}"
            ),
            TilesError::OutOfRange {
                index,
                value,
                cells,
            } => write!(
                f,
                "tiles[{index}] is {value}; tiles are the numbers 0 (the blank) to {}",
                cells - 1
            ),
            TilesError::Repeated { value } => write!(
                f,
                "tile {value} appears twice; each of the numbers must appear exactly once"
            ),
            TilesError::Unsolvable => f.write_str(
                "this arrangement cannot be solved: no sequence of moves reaches 1, 2, 3, … with the blank last (two tiles are swapped, in effect)",
            ),
        }
    }
}

impl std::error::Error for TilesError {}

/// Checks that `tiles` is a permutation of 0…n²−1 for a board width we offer; returns the width.
pub fn check_permutation(tiles: &[u32]) -> Result<usize, TilesError> {
    let size = width(tiles.len()).ok_or(TilesError::Length(tiles.len()))?;
    let mut seen = [false; MAX_CELLS];
    for (index, &value) in tiles.iter().enumerate() {
        let cells = tiles.len();
        if value as usize >= cells {
            return Err(TilesError::OutOfRange {
                index,
                value,
                cells,
            });
        }
        if std::mem::replace(&mut seen[value as usize], true) {
            return Err(TilesError::Repeated { value });
        }
    }
    Ok(size)
}

/// Inversions: pairs of tiles (blank left out) in which the larger comes first.
pub fn inversions(tiles: &[u8]) -> usize {
    let numbered: Vec<u8> = tiles.iter().copied().filter(|&t| t != 0).collect();
    numbered
        .iter()
        .enumerate()
        .map(|(i, &a)| numbered[i + 1..].iter().filter(|&&b| b < a).count())
        .sum()
}

/// Whether the goal can be reached from this permutation of 0…n²−1 (`docs/rules.md`): with
/// an odd width iff the inversions are even; with an even width iff inversions plus the
/// blank's row counted from the bottom (starting at 1) is odd. Every move keeps this
/// invariant, and it splits the permutations in two halves, one of which reaches the goal.
pub fn is_solvable(tiles: &[u8]) -> bool {
    let Some(size) = width(tiles.len()) else {
        return false; // not a board of ours at all
    };
    let inversions = inversions(tiles);
    if size % 2 == 1 {
        return inversions % 2 == 0;
    }
    let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    let row_from_bottom = size - blank / size;
    (inversions + row_from_bottom) % 2 == 1
}

impl Fifteen {
    /// The goal of a `size` board: 1…n²−1 in reading order, blank last.
    pub fn solved(size: usize) -> Fifteen {
        let cells = size * size;
        let mut tiles = [0; MAX_CELLS];
        for (i, t) in tiles[..cells - 1].iter_mut().enumerate() {
            *t = (i + 1) as u8;
        }
        Fifteen {
            size,
            tiles,
            blank: cells - 1,
        }
    }

    /// A deal uniformly random over the solvable arrangements other than the goal. `size`
    /// must be one of [`SIZES`].
    pub fn deal(size: usize, seed: u32) -> Fifteen {
        debug_assert!(is_size(size));
        let cells = size * size;
        let mut rng = Rng::from_seed(seed);
        loop {
            let mut tiles: Vec<u8> = (0..cells as u8).collect();
            rng.shuffle(&mut tiles);
            if !is_solvable(&tiles) {
                // Swapping the first two tiles (by place, blank skipped) flips solvability
                // and is its own inverse, so it pairs each unsolvable shuffle with exactly
                // one solvable one: the result stays uniform over the solvable half.
                let mut places = (0..cells).filter(|&i| tiles[i] != 0);
                let (a, b) = (places.next().unwrap_or(0), places.next().unwrap_or(1));
                tiles.swap(a, b);
            }
            let game = Fifteen::from_valid(size, &tiles);
            if !game.is_solved() {
                return game;
            }
        }
    }

    /// A board from tiles in reading order: a solvable permutation of 0…n²−1.
    pub fn from_tiles(tiles: &[u32]) -> Result<Fifteen, TilesError> {
        let size = check_permutation(tiles)?;
        let tiles: Vec<u8> = tiles.iter().map(|&t| t as u8).collect();
        if !is_solvable(&tiles) {
            return Err(TilesError::Unsolvable);
        }
        Ok(Fifteen::from_valid(size, &tiles))
    }

    fn from_valid(size: usize, tiles: &[u8]) -> Fifteen {
        let mut all = [0; MAX_CELLS];
        all[..tiles.len()].copy_from_slice(tiles);
        Fifteen {
            size,
            tiles: all,
            blank: tiles.iter().position(|&t| t == 0).unwrap_or(0),
        }
    }

    /// The board's width: 3, 4 or 5.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The board's cells: 9, 16 or 25.
    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    /// The tiles in reading order, 0 for the blank.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles[..self.cells()]
    }

    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.blank
    }

    /// Whether the tiles are in order, 1 top left, reading across, the blank last.
    pub fn is_solved(&self) -> bool {
        self.tiles()
            .iter()
            .enumerate()
            .all(|(i, &t)| usize::from(t) == (i + 1) % self.cells())
    }

    fn check_cell(&self, cell: usize) -> Result<(), MoveError> {
        if cell < self.cells() {
            Ok(())
        } else {
            Err(MoveError::OffBoard {
                cell,
                cells: self.cells(),
            })
        }
    }

    /// The slide a tile makes from `from` into the blank at `to` (a single move), or the
    /// guard it fails: both cells on the board, next to each other, `to` the blank.
    pub fn step(&self, from: usize, to: usize) -> Result<Slide, MoveError> {
        self.check_cell(from)?;
        self.check_cell(to)?;
        let n = self.size;
        let (fr, fc, tr, tc) = (from / n, from % n, to / n, to % n);
        if fr.abs_diff(tr) + fc.abs_diff(tc) != 1 {
            return Err(MoveError::NotAdjacent { from, to });
        }
        if to != self.blank {
            return Err(MoveError::NotBlank {
                to,
                blank: self.blank,
            });
        }
        self.segment(from)
    }

    /// The slide a tap on `cell` makes: that tile and every tile between it and the blank
    /// move one step toward the blank. On the blank itself, a slide of no tiles (which
    /// [`Game::play`] refuses).
    pub fn segment(&self, cell: usize) -> Result<Slide, MoveError> {
        self.check_cell(cell)?;
        let n = self.size;
        let (r, c, br, bc) = (cell / n, cell % n, self.blank / n, self.blank % n);
        let (direction, count) = if r == br && c < bc {
            (Direction::Right, bc - c)
        } else if r == br && c > bc {
            (Direction::Left, c - bc)
        } else if c == bc && r < br {
            (Direction::Down, br - r)
        } else if c == bc && r > br {
            (Direction::Up, r - br)
        } else if cell == self.blank {
            (Direction::Up, 0)
        } else {
            return Err(MoveError::NotInLine {
                cell,
                blank: self.blank,
            });
        };
        Ok(Slide {
            direction,
            count: count as u8,
        })
    }

    /// The slide that moves the one tile next to the blank toward `direction` (a swipe or an
    /// arrow key), or `None` when no tile lies on that side of the blank.
    pub fn nudge(&self, direction: Direction) -> Option<Slide> {
        let n = self.size;
        let (br, bc) = (self.blank / n, self.blank % n);
        // The tile that moves toward `direction` is on the blank's other side.
        let free = match direction {
            Direction::Up => br + 1 < n,
            Direction::Down => br > 0,
            Direction::Left => bc + 1 < n,
            Direction::Right => bc > 0,
        };
        free.then_some(Slide {
            direction,
            count: 1,
        })
    }

    /// The tile a tap makes `slide` from (the one farthest from the blank that it moves), or
    /// `None` for a slide of no tile or of more tiles than lie beyond the blank.
    pub fn tapped(&self, slide: Slide) -> Option<usize> {
        if slide.count == 0 {
            return None;
        }
        self.behind_blank(slide.direction, usize::from(slide.count))
    }

    /// The cell `steps` away from the blank on the side the tiles of a `direction` slide
    /// come from, if it is on the board.
    fn behind_blank(&self, direction: Direction, steps: usize) -> Option<usize> {
        let n = self.size;
        let (br, bc) = (self.blank / n, self.blank % n);
        let (r, c) = match direction {
            Direction::Up => (br.checked_add(steps)?, bc),
            Direction::Down => (br.checked_sub(steps)?, bc),
            Direction::Left => (br, bc.checked_add(steps)?),
            Direction::Right => (br, bc.checked_sub(steps)?),
        };
        (r < n && c < n).then(|| r * n + c)
    }
}

impl Slide {
    /// How many tiles it moves.
    pub fn tiles(self) -> usize {
        usize::from(self.count)
    }
}

/// A slide in two bits of direction and two of length less one (a 5×5 slide moves 1 to 4).
impl MoveCode for Slide {
    const BITS: u32 = 4;

    fn code(self) -> u32 {
        self.direction.code() | (u32::from(self.count) - 1) << 2
    }

    fn from_code(code: u32) -> Option<Slide> {
        Some(Slide {
            direction: Direction::from_code(code & 3)?,
            count: (code >> 2) as u8 + 1,
        })
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.count {
            1 => write!(f, "1 tile {}", self.direction),
            n => write!(f, "{n} tiles {}", self.direction),
        }
    }
}

/// How a sliding puzzle begins: dealt for a size from a seed, or from given tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// A puzzle dealt at random for a board width.
    Deal {
        /// The width: 3, 4 or 5.
        size: usize,
        /// The seed it is dealt from.
        seed: u32,
    },
    /// A given arrangement (always a solvable one).
    Tiles(Fifteen),
}

/// The digits a tile is written with in saves (0…24 as one character each).
const TILE_DIGITS: &[u8; MAX_CELLS] = b"0123456789abcdefghijklmno";

/// In saves: `4-123` (a 4×4 deal of seed 123), or `t` and one digit per tile (`t12340…`).
impl Start for Opening {
    const NAME: &'static str = "starting position";

    fn write(&self) -> String {
        match self {
            Opening::Deal { size, seed } => format!("{size}-{seed}"),
            Opening::Tiles(board) => std::iter::once('t')
                .chain(
                    board
                        .tiles()
                        .iter()
                        .map(|&t| TILE_DIGITS[t as usize] as char),
                )
                .collect(),
        }
    }

    fn read(text: &str) -> Option<Opening> {
        if let Some(digits) = text.strip_prefix('t') {
            let tiles: Vec<u32> = digits
                .bytes()
                .map(|b| TILE_DIGITS.iter().position(|&d| d == b).map(|p| p as u32))
                .collect::<Option<_>>()?;
            return Fifteen::from_tiles(&tiles).ok().map(Opening::Tiles);
        }
        let (size, seed) = text.split_once('-')?;
        let size: usize = crate::replay::parse_decimal(size)?;
        let seed: u32 = crate::replay::parse_decimal(seed)?;
        is_size(size).then_some(Opening::Deal { size, seed })
    }

    fn seed(&self) -> Option<u32> {
        match *self {
            Opening::Deal { seed, .. } => Some(seed),
            Opening::Tiles(_) => None,
        }
    }
}

impl fmt::Debug for Fifteen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.tiles().chunks(self.size) {
            writeln!(f, "{row:2?}")?;
        }
        Ok(())
    }
}

impl Game for Fifteen {
    const TAG: &'static str = "fifteen";
    type Move = Slide;
    type Report = Slide;
    type Start = Opening;

    /// Tiles moved: a slide of three counts three.
    fn moves_counted(slides: &[Slide]) -> usize {
        slides.iter().map(|s| s.tiles()).sum()
    }

    fn start(opening: &Opening) -> Fifteen {
        match *opening {
            Opening::Deal { size, seed } => Fifteen::deal(size, seed),
            Opening::Tiles(board) => board,
        }
    }

    /// Moves `slide.count` tiles toward its direction; `None` (and no change) if there are
    /// not that many tiles on the blank's far side, or none at all, or once the puzzle is
    /// solved: a solved puzzle has ended, and takes no slide.
    fn play(&mut self, slide: Slide) -> Option<Slide> {
        if self.is_solved() {
            return None;
        }
        self.play_logged(slide)
    }

    /// A slide from a log, made whether or not the puzzle was solved: saves written before a
    /// solved puzzle refused slides may hold some after the solve, and still load.
    fn play_logged(&mut self, slide: Slide) -> Option<Slide> {
        if slide.count == 0 {
            return None;
        }
        // Check the far end first so an illegal slide changes nothing.
        self.behind_blank(slide.direction, slide.tiles())?;
        for _ in 0..slide.count {
            let next = self.behind_blank(slide.direction, 1)?;
            self.tiles.swap(self.blank, next);
            self.blank = next;
        }
        Some(slide)
    }
}

/// A deal is its size and seed (`size=4/seed=9`; 4×4 without a size), a made-up board its
/// tiles (`tiles=` and one digit per tile, as saves write them); won once solved. A move is a
/// slide; the cells are the tiles in reading order, 0 the blank.
impl crate::contract::Rules for Fifteen {
    const FIGURE: crate::contract::Figure = crate::contract::Figure::Moves;
    const TIMED: bool = true;
    const HELPS: &'static [crate::contract::Help] =
        &[crate::contract::Help::Hint, crate::contract::Help::Solve];
    const TITLE: &'static str = "Fifteen";
    const UNDO: bool = true;
    const FACE_WIDTH: usize = 2;
    const DIRECTIONS: bool = true;
    const ACTS: &'static [&'static str] = &["slide"];

    /// A tap on a tile in the gap's row or column: it and every tile up to the gap slide.
    fn on_square(&self, _act: usize, cell: usize) -> Result<Slide, String> {
        if cell >= self.size * self.size {
            return Err("there is no such square".to_string());
        }
        if self.is_solved() {
            return Err("the puzzle is solved".to_string());
        }
        if cell == self.blank {
            return Err("that is the gap: a tile in its row or column slides into it".to_string());
        }
        self.segment(cell)
            .map_err(|_| format!("tile {} is not in line with the gap", self.tiles[cell]))
    }

    /// The tile beside the gap slides that way.
    fn toward(&self, direction: Direction) -> Result<Slide, String> {
        self.nudge(direction)
            .ok_or_else(|| format!("no tile can slide {}", direction.name()))
    }

    /// The tiles on cyan, as on the page; the gap empty.
    fn face(tile: u32) -> crate::contract::Face {
        use crate::contract::{Colour, Face};
        if tile == 0 {
            return Face::default();
        }
        Face::plain(tile.to_string())
            .paper(Colour::Cyan)
            .ink(Colour::Black)
            .strong()
    }

    fn square(tile: u32) -> String {
        if tile == 0 {
            "gap".to_string()
        } else {
            tile.to_string()
        }
    }

    fn presets() -> Vec<crate::contract::Preset> {
        use crate::contract::Preset;
        vec![
            Preset {
                name: "3",
                label: "3×3",
                link: "size=3",
            },
            Preset {
                name: "4",
                label: "4×4",
                link: "size=4",
            },
            Preset {
                name: "5",
                label: "5×5",
                link: "size=5",
            },
        ]
    }

    fn from_link(text: &str) -> Result<Opening, String> {
        let mut parts = crate::contract::LinkParts::read(text)?;
        if let Some(digits) = parts.take("tiles") {
            parts.finish("Fifteen")?;
            return Opening::read(&format!("t{digits}")).ok_or_else(|| {
                format!("“{digits}” is not a solvable board of 9, 16 or 25 tiles (one digit or letter each, 0 the blank)")
            });
        }
        let size = match parts.take("size") {
            None => 4,
            Some(text) => crate::replay::parse_decimal::<usize>(text)
                .filter(|&size| is_size(size))
                .ok_or_else(|| format!("the size must be 3, 4 or 5, got “{text}”"))?,
        };
        let seed = parts.seed()?;
        parts.finish("Fifteen")?;
        Ok(Opening::Deal { size, seed })
    }

    fn kind(opening: &Opening) -> crate::contract::Kind {
        let size = match opening {
            Opening::Deal { size, .. } => *size,
            Opening::Tiles(board) => board.size(),
        };
        crate::contract::Kind {
            name: size.to_string(),
            link: format!("size={size}"),
            label: format!("{size}×{size}"),
        }
    }

    fn link(opening: &Opening) -> String {
        match opening {
            Opening::Deal { size, seed } => format!("size={size}/seed={seed}"),
            // (Not `[1..]`: slicing a string by bytes brings in the panic message for a slice
            // off a character's boundary, and with it a kilobyte of formatting, in every page.)
            Opening::Tiles(_) => format!("tiles={}", opening.write().trim_start_matches('t')),
        }
    }

    fn moves(&self) -> Vec<Slide> {
        if self.is_solved() {
            return Vec::new();
        }
        (0..self.cells())
            .filter(|&cell| cell != self.blank)
            .filter_map(|cell| self.segment(cell).ok())
            .collect()
    }

    fn refusal(&self, slide: Slide) -> String {
        if self.is_solved() {
            return "the puzzle is solved".to_string();
        }
        match slide.count {
            1 => format!("no tile can slide {}", slide.direction.name()),
            count => format!(
                "no {count} tiles in a row can slide {}",
                slide.direction.name()
            ),
        }
    }

    /// "Moved 2, 6 and 10 down.": the tile the player chose first (the farthest from the gap),
    /// then the ones it pushed.
    fn told(&self, before: &Self, slide: Slide, _: &Slide) -> String {
        let mut moved: Vec<usize> = (0..before.cells())
            .filter(|&cell| before.tiles[cell] != 0 && self.tiles[cell] != before.tiles[cell])
            .collect();
        // The tiles moved are in a line on one side of the gap, so reading order is their order
        // from the gap or toward it. (No sort: its code would weigh on the page's engine.)
        if moved.first().is_some_and(|&cell| cell > before.blank) {
            moved.reverse();
        }
        let mut said = String::from("Moved");
        for (i, &cell) in moved.iter().enumerate() {
            let join = match i {
                0 => " ",
                _ if i + 1 == moved.len() => " and ",
                _ => ", ",
            };
            let _ = write!(said, "{join}{}", before.tiles[cell]);
        }
        let _ = write!(said, " {}.", slide.direction.name());
        said
    }

    fn ending(&self) -> Option<String> {
        self.is_solved()
            .then(|| "Solved: every tile is in place.".to_string())
    }

    fn status(&self) -> crate::contract::Status {
        if self.is_solved() {
            crate::contract::Status::Won
        } else {
            crate::contract::Status::Playing
        }
    }

    fn width(&self) -> usize {
        self.size
    }

    fn height(&self) -> usize {
        self.size
    }

    fn cells(&self) -> Vec<u32> {
        self.tiles().iter().map(|&t| u32::from(t)).collect()
    }

    /// The solver's solution, one tile a move: the fewest moves on 3×3 and 4×4, a short
    /// solution on 5×5.
    fn plan(&self, _budget_ms: f64) -> crate::contract::Plan<Slide> {
        let mut board = *self;
        let moves = solver::solve(self.tiles())
            .into_iter()
            .map_while(|tile| {
                let cell = board.tiles().iter().position(|&t| t == tile)?;
                let slide = board.segment(cell).ok()?;
                board.play(slide)?;
                Some(slide)
            })
            .collect();
        crate::contract::Plan {
            moves,
            solution: true,
            shortest: self.size <= 4,
            why: None,
        }
    }
}
