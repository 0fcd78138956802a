//! 2048 (`docs/rules.md`): tiles slide all the way, equal tiles merge once per move, the
//! pair nearest the wall first; after each legal move a 2 (or, one time in ten, a 4) appears
//! on a random empty cell.
//!
//! A game is played through a [`Replay`](crate::Replay), which keeps its moves for saves and
//! undo:
//!
//! ```
//! use gridplay::game2048::{Board2048, Game2048};
//! use gridplay::{Direction, Replay, SlidingGame};
//!
//! // The deal for seed 7: two tiles, each a 2 or a 4.
//! let mut game = Replay::<Game2048>::new(7);
//! let tiles: Vec<u32> = game.game().board().cells().iter().flatten().copied().collect();
//! assert_eq!(tiles.iter().filter(|&&tile| tile != 0).count(), 2);
//!
//! // Slide toward the first wall that moves anything; the score is the sum of every merge.
//! for _ in 0..50 {
//!     let board = game.game().board();
//!     let Some(direction) = Direction::ALL.into_iter().find(|&d| board.can_shift(d)) else {
//!         break; // game over: the board is full and no neighbours are equal
//!     };
//!     let turn = game.play(direction).unwrap();
//!     assert!(turn.spawn.value == 2 || turn.spawn.value == 4);
//! }
//! println!("score {}, highest tile {}", game.game().score(), game.game().board().highest());
//! assert!(!game.game().won()); // no 2048 tile yet
//!
//! // Undo goes back a move; the same move then brings the same new tile.
//! let last = *game.moves().last().unwrap();
//! let after = game.game().clone();
//! game.undo();
//! game.play(last);
//! assert_eq!(game.game(), &after);
//!
//! // A save holds the seed and every move.
//! let loaded = Replay::<Game2048>::load(&game.save())?;
//! assert_eq!(loaded.game().score(), game.game().score());
//!
//! // The rules of one move alone, on a board of your own (three equal tiles: the pair
//! // nearest the wall merges).
//! let mut board = Board2048::new();
//! board.set_cells([[2, 2, 2, 0], [0; 4], [0; 4], [0; 4]])?;
//! board.shift(Direction::Left);
//! assert_eq!(board.cells()[0], [4, 2, 0, 0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// The game's JS class (`#[wasm_bindgen]`), with its cargo feature.
#[cfg(feature = "2048")]
pub mod wasm;

pub mod ai;

use crate::direction::Direction;
use crate::grid::{self, Line, LineTrace, SlidingGame, Spawn, Tiles, Turn, SIZE};
use crate::replay::Game;
use crate::rng::Rng;

/// The largest tile a 4×4 board can reach (2^17); two of them have nowhere to go.
pub const MAX_TILE: u32 = 1 << 17;
/// Reaching this tile wins; play may continue.
pub const GOAL: u32 = 2048;

/// 2048's tile rules, for [`grid::Board`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tiles2048;

/// A 2048 board that moves without a new tile appearing: the rules of one move alone (the 2048
/// kata's board).
pub type Board2048 = grid::Board<Tiles2048>;

impl Tiles for Tiles2048 {
    const RULE: &'static str = "a 2048 tile (0 or a power of two from 2 to 131072)";

    fn is_tile(v: u32) -> bool {
        v == 0 || ((2..=MAX_TILE).contains(&v) && v.is_power_of_two())
    }

    fn line_move(line: &mut Line) -> LineTrace {
        slide(line)
    }
}

/// One 2048 line move: every tile slides as far toward the wall as it can; a tile meeting an
/// equal one merges with it unless that one is itself the result of a merge this move
/// (2222 → 44, not 8), so with three or four equal tiles the pair nearest the wall merges
/// first.
pub fn slide(line: &mut Line) -> LineTrace {
    let mut trace = LineTrace::still(line);
    let mut out: Line = [0; SIZE];
    let mut filled = 0;
    let mut last_can_merge = false;
    for (i, &v) in line.iter().enumerate() {
        if v == 0 {
            continue;
        }
        if last_can_merge && out[filled - 1] == v && v < MAX_TILE {
            out[filled - 1] = 2 * v;
            trace.to[i] = (filled - 1) as u8;
            trace.merged |= 1 << (filled - 1);
            last_can_merge = false;
        } else {
            out[filled] = v;
            trace.to[i] = filled as u8;
            filled += 1;
            last_can_merge = true;
        }
    }
    *line = out;
    trace
}

/// A whole game of 2048.
#[derive(Clone, Debug, PartialEq)]
pub struct Game2048 {
    board: Board2048,
    score: u64,
    rng: Rng,
}

impl Game2048 {
    /// A game that continues from `board` with no score yet and a random source seeded by
    /// `seed`: for studying a position (hints, tests), not a deal a player gets.
    pub fn from_board(board: Board2048, seed: u32) -> Game2048 {
        Game2048 {
            board,
            score: 0,
            rng: Rng::from_seed(seed),
        }
    }

    /// True once a 2048 has been made (tiles never shrink, so the highest tile tells).
    pub fn won(&self) -> bool {
        self.board.highest() >= GOAL
    }

    /// A 2 (nine times in ten) or a 4 on a uniformly chosen empty cell.
    fn spawn(&mut self) -> Option<Spawn> {
        let empty = grid::empty_cells(self.board.cells());
        if empty.is_empty() {
            return None;
        }
        let (row, col) = empty[self.rng.index(empty.len())];
        let value = if self.rng.one_in(10) { 4 } else { 2 };
        self.board.place(row, col, value);
        Some(Spawn { row, col, value })
    }

    /// The starting position for `seed`.
    pub fn deal(seed: u32) -> Game2048 {
        let mut game = Game2048::from_board(Board2048::new(), seed);
        game.spawn();
        game.spawn();
        game
    }
}

impl Game for Game2048 {
    const TAG: &'static str = "2048";
    type Move = Direction;
    type Report = Turn;
    type Start = u32;

    fn start(&seed: &u32) -> Game2048 {
        Game2048::deal(seed)
    }

    fn play(&mut self, direction: Direction) -> Option<Turn> {
        let mut board = self.board;
        let trace = board.shift(direction);
        if !trace.changed() {
            return None;
        }
        self.score += trace
            .merges()
            .iter()
            .map(|&(r, c)| u64::from(board.cells()[r][c]))
            .sum::<u64>();
        self.board = board;
        // A legal move always empties at least one cell or merges, so there is room.
        let spawn = self.spawn()?;
        Some(Turn { trace, spawn })
    }
}

impl SlidingGame for Game2048 {
    type Tiles = Tiles2048;

    fn board(&self) -> &Board2048 {
        &self.board
    }

    fn score(&self) -> u64 {
        self.score
    }
}

/// Won once the game ends with a 2048 made, lost without one; a move may be taken back. In
/// text, the tiles warm up as they grow, as on the page.
impl crate::contract::Sliding for Game2048 {
    const NAME: &'static str = "2048";
    const UNDO: bool = true;
    const OUT_OF_MOVES: &'static str = "Game over.";

    fn reached(&self, before: &Self) -> Option<&'static str> {
        (self.won() && !before.won()).then_some("You made 2048!")
    }

    fn tile_face(value: u32) -> crate::contract::Face {
        use crate::contract::{Colour, Face};
        if value == 0 {
            return Face::default();
        }
        let (paper, ink) = match value {
            2 | 4 => (Colour::White, Colour::Black),
            8 | 16 => (Colour::Yellow, Colour::Black),
            32 | 64 => (Colour::Red, Colour::White),
            128..=512 => (Colour::Magenta, Colour::White),
            1024 | 2048 => (Colour::Green, Colour::Black),
            _ => (Colour::Cyan, Colour::Black),
        };
        Face::plain(value.to_string())
            .paper(paper)
            .ink(ink)
            .strong()
    }

    fn ended(&self) -> crate::contract::Status {
        if self.won() {
            crate::contract::Status::Won
        } else {
            crate::contract::Status::Lost
        }
    }
}
