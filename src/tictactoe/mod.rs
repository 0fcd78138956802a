//! Tic-tac-toe (`docs/rules.md`, *Tic-tac-toe*).
//!
//! Nine cells in reading order (0 top left … 8 bottom right). X moves first and the players
//! alternate; three of one mark in a row, column or diagonal wins; a full board without a line
//! is a draw. Whose turn it is follows from the board (X when both have placed as many marks),
//! so a position is just its nine cells.
//!
//! [`TicTacToe::best_move`] is perfect play by minimax over the whole game (at most 5 478
//! positions, each valued once): it never loses, wins whenever a win can be forced, and of
//! winning moves takes the quickest (of losing ones, were there any, the slowest).
//!
//! A game is played through a [`Replay`](crate::Replay), which keeps its marks for saves and
//! undo; [`TicTacToe::place`] plays on a bare position instead.
//!
//! ```
//! use gridplay::tictactoe::{EmptyBoard, Mark, Place, PlayError, TicTacToe};
//! use gridplay::Replay;
//!
//! let mut game = Replay::<TicTacToe>::new(EmptyBoard);
//! assert_eq!(game.game().turn(), Mark::X);
//!
//! // X takes a corner; the computer answers for O.
//! assert_eq!(game.play(Place { cell: 0 }), Some(Mark::X));
//! let answer = game.game().best_move().unwrap();
//! assert_eq!(answer, 4); // against a corner, only the centre holds the draw
//! game.play(Place { cell: answer as u8 });
//!
//! // A marked cell is refused, and says why.
//! assert_eq!(
//!     game.game().check(4),
//!     Err(PlayError::Occupied { cell: 4, mark: Mark::O })
//! );
//! assert_eq!(game.play(Place { cell: 4 }), None);
//!
//! // The computer plays both sides from here: perfect play is a draw.
//! while let Some(cell) = game.game().best_move() {
//!     game.play(Place { cell: cell as u8 });
//! }
//! assert!(game.game().is_draw());
//! assert_eq!((game.game().winner(), game.game().outcome()), (None, None));
//!
//! // A save holds every mark; undo takes back the last one.
//! let loaded = Replay::<TicTacToe>::load(&game.save())?;
//! assert_eq!(loaded.game(), game.game());
//! game.undo();
//! assert_eq!(game.game().marks(), 8);
//!
//! // Three in a row wins.
//! let mut board = TicTacToe::new();
//! for cell in [0, 3, 1, 4, 2] {
//!     board.place(cell)?;
//! }
//! assert_eq!(board.winner(), Some(Mark::X));
//! assert_eq!(board.winning_line(), Some([0, 1, 2]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// The game's JS class (`#[wasm_bindgen]`), with its cargo feature.
#[cfg(feature = "tictactoe")]
pub mod wasm;

use std::fmt;

use crate::replay::{Game, MoveCode, Start};

mod judge;

/// The cells of a board.
pub const CELLS: usize = 9;

/// Every line of three: rows, columns, then the two diagonals.
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A player's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The first player's.
    X,
    /// The second player's.
    O,
}

impl Mark {
    /// The opponent's mark.
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    /// Its side in the contract's [`crate::contract::Rules::SIDES`]: X 0, O 1.
    pub fn side(self) -> usize {
        match self {
            Mark::X => 0,
            Mark::O => 1,
        }
    }

    /// `'X'` or `'O'`, as the board shows it.
    pub fn letter(self) -> char {
        match self {
            Mark::X => 'X',
            Mark::O => 'O',
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Why a mark cannot go where it was asked to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A cell other than 0…8.
    OffBoard {
        /// The cell asked for.
        cell: usize,
    },
    /// A cell that already holds a mark.
    Occupied {
        /// The cell asked for.
        cell: usize,
        /// The mark on it.
        mark: Mark,
    },
    /// The game has been won or drawn.
    Over,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlayError::OffBoard { cell } => {
                write!(f, "cell {cell} is off the board (cells are 0 to 8)")
            }
            PlayError::Occupied { cell, mark } => write!(f, "cell {cell} already holds an {mark}"),
            PlayError::Over => f.write_str("the game is over: no more marks can be placed"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A position: what each cell holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    cells: [Option<Mark>; CELLS],
}

/// One move of the log: the current player marks `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The cell, 0 top left … 8 bottom right.
    pub cell: u8,
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> TicTacToe {
        TicTacToe::default()
    }

    /// What each cell holds, in reading order (0 top left … 8 bottom right).
    pub fn cells(&self) -> &[Option<Mark>; CELLS] {
        &self.cells
    }

    /// The marks placed so far.
    pub fn marks(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    /// Whose turn it is: X when both have placed as many marks. After the game has ended, the
    /// player who would have been next.
    pub fn turn(&self) -> Mark {
        if self.marks() % 2 == 0 {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// The line of three that won, if there is one.
    pub fn winning_line(&self) -> Option<[usize; 3]> {
        LINES.into_iter().find(|&[a, b, c]| {
            self.cells[a].is_some()
                && self.cells[a] == self.cells[b]
                && self.cells[b] == self.cells[c]
        })
    }

    /// The mark that has three in a line, if one has.
    pub fn winner(&self) -> Option<Mark> {
        self.winning_line().and_then(|[a, _, _]| self.cells[a])
    }

    /// A full board without a line.
    pub fn is_draw(&self) -> bool {
        self.marks() == CELLS && self.winner().is_none()
    }

    /// Won or drawn: no more marks can be placed.
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.marks() == CELLS
    }

    /// Whether the current player may mark `cell`, and why not.
    pub fn check(&self, cell: usize) -> Result<(), PlayError> {
        if cell >= CELLS {
            return Err(PlayError::OffBoard { cell });
        }
        if self.is_over() {
            return Err(PlayError::Over);
        }
        match self.cells[cell] {
            Some(mark) => Err(PlayError::Occupied { cell, mark }),
            None => Ok(()),
        }
    }

    /// The current player marks `cell`; the board is unchanged on an error.
    pub fn place(&mut self, cell: usize) -> Result<Mark, PlayError> {
        self.check(cell)?;
        let mark = self.turn();
        self.cells[cell] = Some(mark);
        Ok(mark)
    }

    /// The empty cells, in reading order (none once the game is over).
    pub fn open_cells(&self) -> Vec<usize> {
        if self.is_over() {
            return Vec::new();
        }
        (0..CELLS).filter(|&c| self.cells[c].is_none()).collect()
    }

    /// How each open cell turns out for the player to move under perfect play from both
    /// sides, as (cell, value): positive wins (the larger, the sooner), 0 draws, negative loses.
    pub fn move_values(&self) -> Vec<(usize, i8)> {
        let mut memo = Memo::new();
        self.open_cells()
            .into_iter()
            .map(|cell| {
                let mut next = *self;
                next.cells[cell] = Some(self.turn());
                (cell, -memo.value(&next))
            })
            .collect()
    }

    /// How the game ends from here under perfect play from both sides: `Some(mark)` if that
    /// mark wins (already has, or will whatever the other does), `None` for a draw. A move
    /// that changes it for the worse for the player who made it (a win into a draw, a draw
    /// into a loss) is a mistake.
    pub fn outcome(&self) -> Option<Mark> {
        if let Some(winner) = self.winner() {
            return Some(winner);
        }
        match Memo::new().value(self) {
            0 => None,
            v if v > 0 => Some(self.turn()),
            _ => Some(self.turn().other()),
        }
    }

    /// A move perfect play chooses, or `None` once the game is over. Of equally good moves it
    /// takes the centre, then a corner, then an edge (the order people play them in).
    pub fn best_move(&self) -> Option<usize> {
        let values = self.move_values();
        PREFERENCE
            .into_iter()
            .filter_map(|cell| values.iter().find(|&&(c, _)| c == cell))
            .max_by_key(|&&(cell, value)| (value, std::cmp::Reverse(preference_rank(cell))))
            .map(|&(cell, _)| cell)
    }

    /// The board as base-3 digits (0 empty, 1 X, 2 O), for the minimax memo.
    fn code(&self) -> usize {
        self.cells.iter().rev().fold(0, |code, cell| {
            code * 3
                + match cell {
                    None => 0,
                    Some(Mark::X) => 1,
                    Some(Mark::O) => 2,
                }
        })
    }
}

/// Centre, corners, edges.
const PREFERENCE: [usize; CELLS] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

fn preference_rank(cell: usize) -> usize {
    PREFERENCE.iter().position(|&c| c == cell).unwrap_or(CELLS)
}

/// Values of positions already worked out, by [`TicTacToe::code`] (3^9 of them).
struct Memo {
    values: Vec<Option<i8>>,
}

impl Memo {
    fn new() -> Memo {
        Memo {
            values: vec![None; 19_683],
        }
    }

    /// The position's value for the player to move: a loss, if the last mark made a line,
    /// counts the more the sooner it came (−(10 − marks)); a full board is 0; otherwise the
    /// best of the moves (negamax).
    fn value(&mut self, game: &TicTacToe) -> i8 {
        let code = game.code();
        if let Some(value) = self.values[code] {
            return value;
        }
        let marks = game.marks() as i8;
        let value = if game.winner().is_some() {
            -(10 - marks)
        } else if game.marks() == CELLS {
            0
        } else {
            let mut best = i8::MIN;
            for cell in game.open_cells() {
                let mut next = *game;
                next.cells[cell] = Some(game.turn());
                best = best.max(-self.value(&next));
            }
            best
        };
        self.values[code] = Some(value);
        value
    }
}

impl MoveCode for Place {
    const BITS: u32 = 4;

    fn code(self) -> u32 {
        u32::from(self.cell)
    }

    fn from_code(code: u32) -> Option<Place> {
        (code < CELLS as u32).then_some(Place { cell: code as u8 })
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cell {}", self.cell)
    }
}

/// Every game of tic-tac-toe starts from the empty board; saves write it as `x` (X first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmptyBoard;

impl Start for EmptyBoard {
    const NAME: &'static str = "start";

    fn write(&self) -> String {
        "x".to_string()
    }

    fn read(text: &str) -> Option<EmptyBoard> {
        (text == "x").then_some(EmptyBoard)
    }
}

impl Game for TicTacToe {
    const TAG: &'static str = "tictactoe";
    type Move = Place;
    type Report = Mark;
    type Start = EmptyBoard;

    fn start(_: &EmptyBoard) -> TicTacToe {
        TicTacToe::new()
    }

    fn play(&mut self, mv: Place) -> Option<Mark> {
        self.place(usize::from(mv.cell)).ok()
    }
}

/// One kind of deal (the empty board, link `""`); won when a line is made, drawn when the
/// board fills without one. Cells: 0 empty, 1 an X, 2 an O.
impl crate::contract::Rules for TicTacToe {
    const FIGURE: crate::contract::Figure = crate::contract::Figure::None;
    const TIMED: bool = false;
    const SIDES: &'static [&'static str] = &["X", "O"];
    const TITLE: &'static str = "Tic-tac-toe";
    const UNDO: bool = true;
    const ACTS: &'static [&'static str] = &["mark"];

    fn on_square(&self, _act: usize, cell: usize) -> Result<Place, String> {
        if cell >= CELLS {
            return Err("there is no such square".to_string());
        }
        Ok(Place { cell: cell as u8 })
    }

    /// X in red and O in blue, as on the home page's card.
    fn face(code: u32) -> crate::contract::Face {
        use crate::contract::{Colour, Face};
        match code {
            1 => Face::plain("X").ink(Colour::Red).strong(),
            2 => Face::plain("O").ink(Colour::Blue).strong(),
            _ => Face::default(),
        }
    }

    fn from_link(text: &str) -> Result<EmptyBoard, String> {
        crate::contract::LinkParts::read(text)?.finish("Tic-tac-toe")?;
        Ok(EmptyBoard)
    }

    fn link(_: &EmptyBoard) -> String {
        String::new()
    }

    fn moves(&self) -> Vec<Place> {
        self.open_cells()
            .into_iter()
            .map(|cell| Place { cell: cell as u8 })
            .collect()
    }

    fn refusal(&self, place: Place) -> String {
        let cell = usize::from(place.cell);
        match self.check(cell) {
            Err(PlayError::Occupied { mark, .. }) => format!(
                "{} already holds an {mark}",
                crate::contract::place_name(cell, 3)
            ),
            Err(PlayError::OffBoard { .. }) => "there is no such square".to_string(),
            Err(PlayError::Over) => crate::contract::OVER.to_string(),
            Ok(()) => "that mark cannot be placed".to_string(),
        }
    }

    /// "X in row 1, column 2.": the mark the move placed, and where.
    fn told(&self, _before: &Self, place: Place, mark: &Mark) -> String {
        let cell = usize::from(place.cell);
        format!("{mark} in {}.", crate::contract::place_name(cell, 3))
    }

    /// "X wins: row 1.", "O wins: a diagonal.", "A draw."
    fn ending(&self) -> Option<String> {
        if let (Some(mark), Some([a, _, c])) = (self.winner(), self.winning_line()) {
            let line = if a / 3 == c / 3 {
                format!("row {}", a / 3 + 1)
            } else if a % 3 == c % 3 {
                format!("column {}", a % 3 + 1)
            } else {
                "a diagonal".to_string()
            };
            return Some(format!("{mark} wins: {line}."));
        }
        self.is_draw().then(|| "A draw.".to_string())
    }

    fn status(&self) -> crate::contract::Status {
        use crate::contract::Status;
        if self.winner().is_some() {
            Status::Won
        } else if self.is_draw() {
            Status::Drawn
        } else {
            Status::Playing
        }
    }

    fn width(&self) -> usize {
        3
    }

    fn height(&self) -> usize {
        3
    }

    fn cells(&self) -> Vec<u32> {
        self.cells
            .iter()
            .map(|mark| match mark {
                None => 0,
                Some(Mark::X) => 1,
                Some(Mark::O) => 2,
            })
            .collect()
    }

    fn side_to_move(&self) -> Option<usize> {
        (!self.is_over()).then(|| self.turn().side())
    }

    fn winning_side(&self) -> Option<usize> {
        self.winner().map(Mark::side)
    }

    fn reply(&self) -> Option<Place> {
        self.best_move().map(|cell| Place { cell: cell as u8 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> TicTacToe {
        let mut game = TicTacToe::new();
        for (cell, c) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
            game.cells[cell] = match c {
                'X' => Some(Mark::X),
                'O' => Some(Mark::O),
                _ => None,
            };
        }
        game
    }

    #[test]
    fn code_is_distinct_per_cell_and_mark() {
        let mut codes = std::collections::HashSet::new();
        for cell in 0..CELLS {
            for mark in [Mark::X, Mark::O] {
                let mut game = TicTacToe::new();
                game.cells[cell] = Some(mark);
                assert!(codes.insert(game.code()));
            }
        }
        assert_eq!(board("OOOOOOOOO").code(), 19_682);
    }

    #[test]
    fn the_quicker_win_is_preferred() {
        // X can win now at 2 (top row); blocking 6 would also still win later.
        let game = board("XX. OO. ...");
        assert_eq!(game.turn(), Mark::X);
        assert_eq!(game.best_move(), Some(2));
    }
}
