//! Asking the board: what a player who cannot see it asks, and the engine's answer in words,
//! the same in both front ends (the page's "Ask the board" field, the terminal's `?`). After
//! Lichess's blind mode: read the board, a row, a column, a square or the squares around one;
//! find where something is; hear the legal moves, the moves so far (the log) or the last move
//! again; hear where the game stands. A typed move is read by [`Replay::typed`] (`typed.rs`).
//!
//! A square is said in its game's words ([`Rules::square`]): a tile's number, `"empty"`,
//! Fifteen's `"gap"`, Minesweeper's `"hidden"` or `"3 mines around"`, a tic-tac-toe mark.

use crate::contract::{place_name, Figure, Rules};
use crate::replay::Replay;
use crate::typed::move_forms;

/// The questions there are, and how a move is typed in `G`, as a player is told them (`help`,
/// and any question not known).
pub fn questions<G: Rules>() -> String {
    format!(
        "Ask: board; row 2; column 3; square 2 3; around 2 3; where 8 (or empty, gap, hidden, \
         flagged); moves (the legal moves); log (the moves so far; log all); last (the last \
         move again); status; help. Or type a move: {}.",
        move_forms::<G>()
    )
}

/// The moves the log says when no number is asked for: the last ones.
const LOGGED: usize = 10;

/// Squares alike in a row or column counted rather than said each time, from this many on (a
/// tic-tac-toe line of three is said mark by mark).
const RUN: usize = 4;

/// Listed by `where` at most: the rest are counted.
const WHERE_LISTS: usize = 12;

impl<G: Rules> Replay<G> {
    /// The answer to `question` (a command, as [`questions`] lists: `"row 2"`, `"where 2048"`,
    /// `"moves"`, `"log 20"`, short forms `b`, `r 2`, `c 3`, `s 2 3`, `a 2 3`, `w gap`, `l`), in
    /// a player's words.
    /// `ms` is the clock's time, said by `status` in a timed game. A question not known, or
    /// a place off the board, is answered with what can be asked.
    pub fn answer(&self, question: &str, ms: u64) -> String {
        // ASCII alone: Unicode's case and space tables would add tens of KB to every engine.
        let question = question.to_ascii_lowercase();
        let words: Vec<&str> = question
            .split(|c: char| c.is_ascii_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let numbers: Vec<usize> = words.iter().filter_map(|w| w.parse().ok()).collect();
        let game = self.game();
        let (width, height) = (game.width(), game.height());
        let Some(&first) = words.first() else {
            return questions::<G>();
        };
        let answered = match first {
            "help" | "h" | "?" => Ok(questions::<G>()),
            "moves" | "legal" => Ok(self.legal_words()),
            "log" | "history" => {
                let count = self.moves().len();
                let from = match words.get(1) {
                    Some(&"all") => 0,
                    _ => count.saturating_sub(numbers.first().copied().unwrap_or(LOGGED)),
                };
                Ok(self.log_words(from))
            }
            "board" | "b" => Ok((0..height)
                .map(|row| self.row_words(row))
                .collect::<Vec<_>>()
                .join(" ")),
            "last" | "l" | "again" => Ok(self.last_words()),
            "status" | "st" => Ok(self.status_words(ms)),
            "where" | "w" | "find" => Ok(self.where_words(&words[1..].join(" "))),
            "row" | "r" | "square" | "sq" | "s" if numbers.len() == 2 => {
                self.place(&numbers).map(|cell| self.square_answer(cell))
            }
            // Two numbers alone: a row and a column.
            _ if words.len() == 2 && numbers.len() == 2 => {
                self.place(&numbers).map(|cell| self.square_answer(cell))
            }
            "row" | "r" if numbers.len() == 1 => {
                one(numbers[0], height, "row").map(|row| self.row_words(row))
            }
            "column" | "col" | "c" if numbers.len() == 1 => {
                one(numbers[0], width, "column").map(|column| {
                    let squares: Vec<String> = (0..height)
                        .map(|row| self.square_words(row * width + column))
                        .collect();
                    format!("Column {}: {}.", column + 1, listed(squares))
                })
            }
            "around" | "a" if numbers.len() == 2 => self.place(&numbers).map(|cell| {
                let around: Vec<String> = neighbours(cell, width, height)
                    .map(|n| format!("{}: {}", place_name(n, width), self.square_words(n)))
                    .collect();
                format!("Around {}: {}.", place_name(cell, width), around.join("; "))
            }),
            _ => Err(format!("No question “{question}”.")),
        };
        answered.unwrap_or_else(|problem| format!("{problem} {}", questions::<G>()))
    }

    /// Square `cell` in its game's words.
    fn square_words(&self, cell: usize) -> String {
        let code = self.game().cells().get(cell).copied().unwrap_or_default();
        G::square(code)
    }

    /// `"Row 2, column 3: 4."`
    fn square_answer(&self, cell: usize) -> String {
        let width = self.game().width();
        let words = self.square_words(cell);
        format!(
            "Row {}, column {}: {words}.",
            cell / width + 1,
            cell % width + 1
        )
    }

    /// `"Row 2: 2, empty, 4, 8."`
    fn row_words(&self, row: usize) -> String {
        let game = self.game();
        let width = game.width();
        let squares: Vec<String> = game
            .cells()
            .into_iter()
            .skip(row * width)
            .take(width)
            .map(G::square)
            .collect();
        format!("Row {}: {}.", row + 1, listed(squares))
    }

    /// The square a row and a column (from 1) name, or why none.
    fn place(&self, numbers: &[usize]) -> Result<usize, String> {
        let game = self.game();
        let row = one(numbers[0], game.height(), "row")?;
        let column = one(numbers[1], game.width(), "column")?;
        Ok(row * game.width() + column)
    }

    /// Where the squares whose words are `what` (or begin with it, or whose face shows it)
    /// are, in reading order.
    fn where_words(&self, what: &str) -> String {
        if what.is_empty() {
            return "Where what? Say a square's words: where 8, where empty.".to_string();
        }
        let game = self.game();
        let width = game.width();
        let found: Vec<usize> = game
            .cells()
            .into_iter()
            .enumerate()
            .filter(|&(_, code)| {
                let words = G::square(code).to_ascii_lowercase();
                words == what
                    || words.starts_with(&format!("{what} "))
                    || words.starts_with(&format!("{what},"))
                    || G::face(code).text.to_ascii_lowercase() == what
            })
            .map(|(cell, _)| cell)
            .collect();
        let places: Vec<String> = found
            .iter()
            .take(WHERE_LISTS)
            .map(|&cell| place_name(cell, width))
            .collect();
        match found.len() {
            0 => format!("No {what} on the board."),
            1 => format!("{what} at {}.", places[0]),
            n if n <= WHERE_LISTS => format!("{what} at {n} squares: {}.", places.join("; ")),
            n => format!(
                "{what} at {n} squares; the first {WHERE_LISTS}: {}.",
                places.join("; ")
            ),
        }
    }

    /// The last move's words, as they were said when it was made.
    fn last_words(&self) -> String {
        let Some(n) = self.moves().len().checked_sub(1) else {
            return "No move yet.".to_string();
        };
        let Some((before, mv)) = self.move_at(n) else {
            return "No move yet.".to_string();
        };
        let mut after = before.clone();
        match after.play_logged(mv) {
            Some(report) => format!("Last move: {}", after.told(&before, mv, &report)),
            None => "No move yet.".to_string(),
        }
    }

    /// Where the game stands: its end, or the figures beside the board and whose turn it is.
    fn status_words(&self, ms: u64) -> String {
        let game = self.game();
        if let Some(ending) = game.ending() {
            return ending;
        }
        let mut said: Vec<String> = game
            .readouts()
            .into_iter()
            .map(|readout| format!("{} {}.", readout.label, readout.value.text))
            .collect();
        if G::FIGURE == Figure::Moves {
            said.push(format!("Moves {}.", G::moves_counted(self.moves())));
        }
        if G::TIMED && game.clock_started() && !self.moves().is_empty() {
            let seconds = ms / 1000;
            let zero = if seconds % 60 < 10 { "0" } else { "" };
            said.push(format!("Time {}:{zero}{}.", seconds / 60, seconds % 60));
        }
        if let Some(side) = game.side_to_move() {
            said.push(format!("{} to move.", G::SIDES[side]));
        }
        if said.is_empty() {
            said.push("Playing.".to_string());
        }
        said.join(" ")
    }
}

/// Squares' words in a line, a run of RUN or more alike counted rather than said each time
/// (`"9 hidden"`, `"4 empty"`), unless they are numbers, which a count would blur.
fn listed(squares: Vec<String>) -> String {
    let mut said: Vec<String> = Vec::new();
    let mut rest = squares.as_slice();
    while let Some(first) = rest.first() {
        let run = rest.iter().take_while(|words| *words == first).count();
        let number = first.bytes().next().is_some_and(|b| b.is_ascii_digit());
        if run >= RUN && !number {
            said.push(format!("{run} {first}"));
            rest = &rest[run..];
        } else {
            said.push(first.clone());
            rest = &rest[1..];
        }
    }
    said.join(", ")
}

/// `number` (from 1) as an index below `count`, or why it names no `what` of the board.
fn one(number: usize, count: usize, what: &str) -> Result<usize, String> {
    if (1..=count).contains(&number) {
        Ok(number - 1)
    } else {
        Err(format!(
            "There is no {what} {number}: the {what}s are 1 to {count}."
        ))
    }
}

/// The squares next to `cell`, diagonals too, in reading order.
fn neighbours(cell: usize, width: usize, height: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (cell / width, cell % width);
    (row.saturating_sub(1)..=(row + 1).min(height - 1)).flat_map(move |r| {
        (column.saturating_sub(1)..=(column + 1).min(width - 1))
            .map(move |c| r * width + c)
            .filter(move |&n| n != cell)
    })
}
