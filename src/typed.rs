//! Moves in words, both ways, for a player who cannot see the board: a move named as it would
//! be typed (`"left"`, `"slide 7"`, `"dig row 3, column 4"`), for the legal moves and the moves
//! log of [`Replay::answer`]; and a typed move read back into the game's move, as Lichess's
//! blind mode takes `Nf3`. The same in both front ends: the page's "Ask the board" field and
//! the terminal's `?` play what [`Replay::typed`] reads, and answer the rest as questions.
//!
//! Built from the contract alone ([`Rules::toward`], [`Rules::on_square`], [`Rules::ACTS`]),
//! so a game gets both by having directions or acts: a move is named by its direction, or by
//! its act and the square it is made on, the square by its words where no other square has
//! them (Fifteen's tile 7), else by its row and column.

use crate::contract::{place_name, Rules};
use crate::direction::Direction;
use crate::replay::{MoveCode, Replay};

/// Words a direction may follow: "slide left", "move up".
const LEADS: [&str; 4] = ["slide", "swipe", "move", "go"];

/// What a player types to play, in this game: its directions and its acts on a square,
/// as the questions' help lists them (`"left, right, up or down; dig 3 4 or flag 3 4"`).
pub fn move_forms<G: Rules>() -> String {
    let mut forms = Vec::new();
    if G::DIRECTIONS {
        forms.push("left, right, up or down".to_string());
    }
    let acts: Vec<String> = G::ACTS.iter().map(|act| format!("{act} 2 3")).collect();
    if !acts.is_empty() {
        forms.push(acts.join(" or "));
    }
    forms.join("; ")
}

/// `mv`, legal in `game`, as a player would type it: its direction in a game played by
/// directions without acts (Threes, 2048); else its act on a square (`"slide 7"`, `"dig row
/// 3, column 4"`, `"mark row 1, column 1"`). [`Replay::typed`] reads these words back into
/// `mv`. Its code where no direction or act makes it (a game with neither).
pub fn move_words<G: Rules>(game: &G, mv: G::Move) -> String {
    if G::ACTS.is_empty() && G::DIRECTIONS {
        if let Some(direction) = Direction::ALL
            .into_iter()
            .find(|&d| game.toward(d).is_ok_and(|m| m.code() == mv.code()))
        {
            return direction.name().to_string();
        }
    }
    let cells = game.cells();
    for (act, name) in G::ACTS.iter().enumerate() {
        if let Some(cell) =
            (0..cells.len()).find(|&c| game.on_square(act, c).is_ok_and(|m| m.code() == mv.code()))
        {
            return format!("{name} {}", square_named(game, &cells, cell));
        }
    }
    mv.to_string()
}

/// Square `cell` as a typed move names it: by its words where no other square has them
/// (Fifteen's `"7"`), else by its place (`"row 3, column 4"`).
fn square_named<G: Rules>(game: &G, cells: &[u32], cell: usize) -> String {
    let words = G::square(cells[cell]);
    let alike = cells
        .iter()
        .filter(|&&code| G::square(code) == words)
        .count();
    if alike == 1 && !words.is_empty() {
        words
    } else {
        place_name(cell, game.width())
    }
}

impl<G: Rules> Replay<G> {
    /// The move `text` types (`"left"`, `"slide left"`, `"dig 12 20"`, `"flag row 3, column
    /// 4"`, `"slide 7"`: a direction, or an act and a square by its row and column or by its
    /// words), as [`Rules::toward`] and [`Rules::on_square`] make it now: the move, or why
    /// none in words (a square off the board, words no square or more than one has, a
    /// direction in a game not played by them). `None` where `text` is no move at all (a
    /// question: [`Replay::answer`]). A move given may still be refused by the rules when
    /// played ([`Rules::refusal`]), as a key's would be.
    pub fn typed(&self, text: &str) -> Option<Result<G::Move, String>> {
        let text = text.to_ascii_lowercase();
        let words: Vec<&str> = text
            .split(|c: char| c.is_ascii_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let game = self.game();
        let direction = |word: &str| Direction::parse(word).ok();
        match words.as_slice() {
            [word] | [_, word] if direction(word).is_some() => {
                let lead = words.len() == 1 || LEADS.contains(&words[0]);
                let direction = direction(word)?;
                lead.then(|| {
                    game.toward(direction)
                        .map_err(|reason| format!("{reason}: type {}", move_forms::<G>()))
                })
            }
            [first, rest @ ..] => {
                let act = G::ACTS.iter().position(|act| act == first)?;
                Some(
                    self.square_typed(rest)
                        .and_then(|cell| game.on_square(act, cell)),
                )
            }
            [] => None,
        }
    }

    /// The square `words` name: a row and a column (`"3 4"`, `"row 3, column 4"`), or the
    /// words of the one square that has them (`"7"`, `"gap"`).
    fn square_typed(&self, words: &[&str]) -> Result<usize, String> {
        let game = self.game();
        let numbers: Vec<usize> = words.iter().filter_map(|w| w.parse().ok()).collect();
        if numbers.len() == 2 {
            let row = numbers[0].wrapping_sub(1);
            let column = numbers[1].wrapping_sub(1);
            if row >= game.height() || column >= game.width() {
                return Err(format!(
                    "there is no row {}, column {}: the rows are 1 to {}, the columns 1 to {}",
                    numbers[0],
                    numbers[1],
                    game.height(),
                    game.width()
                ));
            }
            return Ok(row * game.width() + column);
        }
        let what = words.join(" ");
        if what.is_empty() {
            return Err("which square? Say its row and column: 2 3".to_string());
        }
        let cells = game.cells();
        let found: Vec<usize> = (0..cells.len())
            .filter(|&cell| {
                G::square(cells[cell]).to_ascii_lowercase() == what
                    || G::face(cells[cell]).text.to_ascii_lowercase() == what
            })
            .collect();
        match found.as_slice() {
            [cell] => Ok(*cell),
            [] => Err(format!("no square holds {what}")),
            _ => Err(format!(
                "{} squares hold {what}: say which by its row and column",
                found.len()
            )),
        }
    }

    /// The moves legal now, in words: the directions that make one, then each act's squares
    /// (grouped by what they hold, listed where there are a few, counted where there are
    /// many: `"Dig: 300 hidden squares; 1 mine around at row 3, column 4."`).
    pub(crate) fn legal_words(&self) -> String {
        let game = self.game();
        let legal: Vec<u32> = game.moves().into_iter().map(MoveCode::code).collect();
        if legal.is_empty() {
            return match game.ending() {
                Some(ending) => format!("No move: {ending}"),
                None => "No move can be made now.".to_string(),
            };
        }
        let mut said = Vec::new();
        if G::DIRECTIONS {
            let directions: Vec<&str> = Direction::ALL
                .into_iter()
                .filter(|&d| game.toward(d).is_ok_and(|mv| legal.contains(&mv.code())))
                .map(Direction::name)
                .collect();
            if !directions.is_empty() {
                said.push(format!("Slide {}.", either(&directions)));
            }
        }
        let cells = game.cells();
        for (act, name) in G::ACTS.iter().enumerate() {
            // The squares this act makes a legal move on, grouped by their words in the order
            // they first come.
            let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
            for (cell, &code) in cells.iter().enumerate() {
                if !game
                    .on_square(act, cell)
                    .is_ok_and(|mv| legal.contains(&mv.code()))
                {
                    continue;
                }
                let words = G::square(code);
                match groups.iter_mut().find(|(w, _)| *w == words) {
                    Some((_, group)) => group.push(cell),
                    None => groups.push((words, vec![cell])),
                }
            }
            if groups.is_empty() {
                continue;
            }
            let width = game.width();
            let listed: Vec<String> = groups
                .iter()
                .map(|(words, group)| match group.len() {
                    1 => format!("{words} at {}", place_name(group[0], width)),
                    n if n <= LISTS => format!(
                        "{n} {words} squares: {}",
                        group
                            .iter()
                            .map(|&cell| place_name(cell, width))
                            .collect::<Vec<_>>()
                            .join("; ")
                    ),
                    n => format!("{n} {words} squares"),
                })
                .collect();
            let mut verb = name.to_string();
            verb[..1].make_ascii_uppercase();
            said.push(format!("{verb}: {}.", listed.join("; ")));
        }
        said.join(" ")
    }

    /// The moves made, from move `from` (0 is the first) on, numbered, each in the words a
    /// player types it (and, in a game for two, whose it was): the moves log.
    pub(crate) fn log_words(&self, from: usize) -> String {
        let moves = self.moves();
        let Some((mut game, _)) = self.move_at(from) else {
            return "No move yet.".to_string();
        };
        let mut said = Vec::new();
        for (n, &mv) in moves.iter().enumerate().skip(from) {
            let words = move_words(&game, mv);
            let side = game.side_to_move().map(|side| G::SIDES[side]);
            said.push(match side {
                Some(side) => format!("{} {side} {words}", n + 1),
                None => format!("{} {words}", n + 1),
            });
            game.play_logged(mv);
        }
        let count = moves.len();
        let of = if from == 0 {
            format!("Moves 1 to {count}")
        } else {
            format!("Moves {} to {count} of {count}", from + 1)
        };
        format!("{of}: {}.", said.join("; "))
    }
}

/// Squares of one kind a legal-moves answer lists by place, from one to this many; more are
/// counted (`where` finds them).
const LISTS: usize = 9;

/// `["left", "up", "right"]` as `"left, up or right"`.
fn either(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}
