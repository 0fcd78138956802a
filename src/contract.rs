//! The one contract every game keeps with its front ends (the page's mid end, the terminal),
//! after Simon Tatham's `struct game`: what deals it offers and how a deal is written in a
//! link, the moves legal now, a move made or refused with the reason in words, where the game
//! stands in one vocabulary, the board to draw, the figure a result is ranked by, and the
//! helpers a player is offered (a hint, the AI playing on, a solution played out).
//!
//! [`Rules`] is that contract; [`Game`] (the move log's half: how a game starts and plays one
//! move) comes with it, and [`Replay`] gives every game saves, undo and replays over it. A front
//! end that needs a rule the contract does not give is a sign the contract lacks a member.
//!
//! ```
//! use gridplay::contract::{Rules, Status};
//! use gridplay::tictactoe::TicTacToe;
//! use gridplay::Replay;
//!
//! let mut game = Replay::<TicTacToe>::new(TicTacToe::from_link("").unwrap());
//! let first = game.game().moves()[4]; // the centre
//! assert!(game.attempt(first).is_ok());
//! // The same square again: refused, in words, and nothing changes.
//! assert_eq!(game.attempt(first).unwrap_err(), "row 2, column 2 already holds an X");
//! assert_eq!(game.game().status(), Status::Playing);
//! ```

use std::fmt::Write;

use crate::direction::Direction;
use crate::grid::{self, SlidingGame};
use crate::replay::{Game, Replay};
use crate::rng;

/// Where a game stands, in the words every game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Moves can still be made (a Minesweeper board before its first dig too).
    Playing,
    /// Ended with the goal reached: the puzzle solved, the board cleared, a line made, 2048.
    Won,
    /// Ended short of the goal: a mine went off, 2048 stuck before its 2048.
    Lost,
    /// Ended with neither side winning (tic-tac-toe's full board).
    Drawn,
    /// Ended, and the game has no winning or losing (Threes: out of moves, scored).
    Over,
}

impl Status {
    /// Its name in the JS API: `"playing"`, `"won"`, `"lost"`, `"drawn"` or `"over"`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost => "lost",
            Status::Drawn => "drawn",
            Status::Over => "over",
        }
    }

    /// True once the game has ended: no move is legal any more.
    pub fn is_ended(self) -> bool {
        self != Status::Playing
    }
}

/// A kind of deal a picker offers: a Minesweeper board, a Fifteen size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Its name in code and storage: `"expert"`, `"4"`.
    pub name: &'static str,
    /// Its name for a player: `"Expert"`, `"4×4"`.
    pub label: &'static str,
    /// Its link's text without a seed (`"30x16x99"`, `"size=4"`): [`Rules::from_link`] deals
    /// it at random.
    pub link: &'static str,
}

/// A number a custom deal is chosen by: a Minesweeper board's width, height or mines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Its name in code: `"width"`.
    pub name: &'static str,
    /// Its name for a player: `"Width"`.
    pub label: &'static str,
    /// The least it can be.
    pub min: u32,
    /// The most it can be (on its own: the other numbers may allow less).
    pub max: u32,
}

/// The kind of a deal, what a best is kept per and a new game of the same kind is dealt from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kind {
    /// Its name in storage (a best is kept per name): `"4"`, `"30x16x99"`; empty where a game
    /// has one kind.
    pub name: String,
    /// Its link's text without a seed (`"size=4"`, `"30x16x99"`): [`Rules::from_link`] deals
    /// it at random, and a preset of this kind has this link.
    pub link: String,
    /// Its name for a player (`"4×4"`, `"Expert"`, `"Custom 5×5, 1 mine"`): a preset's
    /// label, or the deal's numbers in words; empty where a game has one kind.
    pub label: String,
}

/// The figure a finished game is ranked by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// Points: higher is better (Threes, 2048).
    Score,
    /// Moves to the end: fewer is better (Fifteen).
    Moves,
    /// Time to the end: less is better (Minesweeper).
    Time,
    /// Nothing to rank (tic-tac-toe: a result is a win, a loss or a draw).
    None,
}

impl Figure {
    /// Its name in the JS API: `"score"`, `"moves"`, `"time"` or `""`.
    pub fn name(self) -> &'static str {
        match self {
            Figure::Score => "score",
            Figure::Moves => "moves",
            Figure::Time => "time",
            Figure::None => "",
        }
    }

    /// Whether a lower figure is the better one.
    pub fn lower_is_better(self) -> bool {
        matches!(self, Figure::Moves | Figure::Time)
    }
}

/// A helper a player is offered beside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Help {
    /// The helper's next move, shown on the board.
    Hint,
    /// The AI plays on, a move at a time, until the player takes over or the game ends.
    Autoplay,
    /// The solver's whole solution, played out.
    Solve,
}

impl Help {
    /// Its name in the JS API: `"hint"`, `"autoplay"` or `"solve"`.
    pub fn name(self) -> &'static str {
        match self {
            Help::Hint => "hint",
            Help::Autoplay => "autoplay",
            Help::Solve => "solve",
        }
    }
}

/// What a game's helper would play from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan<M> {
    /// The moves in order, the first one to play now; none where the helper has none (the
    /// game has ended, or has no helper).
    pub moves: Vec<M>,
    /// The moves play the game to its end (a solver's solution); otherwise they are the next
    /// move alone (an AI's), to be asked again after it.
    pub solution: bool,
    /// A solution of the fewest moves there are (Fifteen's 3×3 and 4×4, not its 5×5).
    pub shortest: bool,
    /// Why there is no move while the game goes on, in a player's words (Minesweeper's "no
    /// square is certainly safe…"); `None` where there are moves, or the game has ended.
    pub why: Option<String>,
}

impl<M> Plan<M> {
    /// No move to suggest.
    pub fn none() -> Plan<M> {
        Plan {
            moves: Vec::new(),
            solution: false,
            shortest: false,
            why: None,
        }
    }

    /// The helper's next move alone (an AI's, a hint's), to be asked again after it.
    pub fn next(mv: Option<M>) -> Plan<M> {
        Plan {
            moves: mv.into_iter().collect(),
            ..Plan::none()
        }
    }
}

/// A colour a front end may show a cell in: the eight every colour terminal has, and grey.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Black.
    Black,
    /// Red.
    Red,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Blue.
    Blue,
    /// Magenta.
    Magenta,
    /// Cyan.
    Cyan,
    /// White.
    White,
    /// Grey (bright black).
    Grey,
}

/// How a cell or a read-out looks in text (the terminal's face of a game, Tatham's
/// `text_format`): a few characters, readable alone, and the colours a front end that has them
/// may add.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Face {
    /// What it says: `"12"`, `"F"`, empty for an empty cell.
    pub text: String,
    /// The colour of the text, if any.
    pub ink: Option<Colour>,
    /// The colour behind it (a tile's), if any.
    pub paper: Option<Colour>,
    /// Bold.
    pub strong: bool,
}

impl Face {
    /// `text` in the front end's own colours.
    pub fn plain(text: impl Into<String>) -> Face {
        Face {
            text: text.into(),
            ..Face::default()
        }
    }

    /// The same, its text in `colour`.
    pub fn ink(self, colour: Colour) -> Face {
        Face {
            ink: Some(colour),
            ..self
        }
    }

    /// The same, on `colour`.
    pub fn paper(self, colour: Colour) -> Face {
        Face {
            paper: Some(colour),
            ..self
        }
    }

    /// The same, in bold.
    pub fn strong(self) -> Face {
        Face {
            strong: true,
            ..self
        }
    }
}

/// A figure shown beside the board: a score, the next card, the mines left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Readout {
    /// What it is, for a player: `"Score"`.
    pub label: &'static str,
    /// Its value.
    pub value: Face,
}

/// What every game is to its front ends. The deal, the moves and the board are in the game's
/// own terms ([`Game::Start`], [`Game::Move`], a code per cell); each front end turns them into
/// its own (JS values, keys and characters).
pub trait Rules: Game {
    /// The game's name for a player: `"Minesweeper"`.
    const TITLE: &'static str;
    /// What a result is ranked by.
    const FIGURE: Figure;
    /// Whether a game is timed: a clock runs from its first move to its end.
    const TIMED: bool;
    /// The helpers a player is offered beside the board, which [`Rules::plan`] answers; none
    /// by default.
    const HELPS: &'static [Help] = &[];
    /// The players of a game for two, by name, in turn order (tic-tac-toe's `"X"`, `"O"`); none
    /// (the default) for a game played alone. A front end may let the computer play one side,
    /// by [`Rules::reply`].
    const SIDES: &'static [&'static str] = &[];
    /// Whether a player may take moves back (2048, Fifteen, tic-tac-toe); not in a game whose
    /// moves are final (Threes, Minesweeper: a dig cannot be undug).
    const UNDO: bool = false;
    /// Whether the directions (arrow keys, swipes) make moves, by [`Rules::toward`] (Threes,
    /// 2048, Fifteen): then a front end's arrows play rather than move a cursor.
    const DIRECTIONS: bool = false;
    /// The acts a square of the board takes (a tap, or Enter on the cursor's square), by name,
    /// the usual one first: Minesweeper's `"dig"`, `"flag"`, tic-tac-toe's `"mark"`, Fifteen's
    /// `"slide"`; by [`Rules::on_square`]. None (the default) where squares take no act.
    const ACTS: &'static [&'static str] = &[];
    /// The fewest characters a cell's face takes ([`Rules::face`]), so the board keeps its
    /// shape as the numbers grow.
    const FACE_WIDTH: usize = 1;

    /// The kinds of deal a picker offers, the usual one first; empty where there is one kind.
    fn presets() -> Vec<Preset> {
        Vec::new()
    }

    /// The numbers a custom deal is chosen by (a form's fields and their limits), in order;
    /// none (the default) where a game has only its presets.
    fn custom_fields() -> Vec<Field> {
        Vec::new()
    }

    /// The link's text, without a seed, of the custom deal `values` (one per field of
    /// [`Rules::custom_fields`], in order), or why those numbers make no deal, in words.
    fn custom_link(values: &[u32]) -> Result<String, String> {
        let _ = values;
        Err("there are no custom deals of this game".to_string())
    }

    /// `start`'s numbers by [`Rules::custom_fields`], in order (a Minesweeper board's width,
    /// height and mines): what a custom form opens with. None where there are no fields.
    fn custom_values(start: &Self::Start) -> Vec<u32> {
        let _ = start;
        Vec::new()
    }

    /// The kind of deal `start` is (a board size, a Minesweeper board): one kind (the
    /// default) where a game has no presets.
    fn kind(_start: &Self::Start) -> Kind {
        Kind::default()
    }

    /// Whether a timed game's clock has started, once a move has been made: by default at
    /// once; Minesweeper's at its first dig (a flag before it does not start it).
    fn clock_started(&self) -> bool {
        true
    }

    /// The start a link's text names (what follows `#<game>/` in a share link: `"seed=7"`,
    /// `"size=4/seed=9"`, `"30x16x99/seed=7"`). Without a seed it is dealt at random, so `""`
    /// (or a preset's `link`) deals a random game of that kind. The reason in words when the
    /// text names no deal.
    fn from_link(text: &str) -> Result<Self::Start, String>;

    /// The link's text for `start`: [`Rules::from_link`] of it deals the same start.
    fn link(start: &Self::Start) -> String;

    /// The moves legal now, in reading order where they are on the board; none once ended.
    fn moves(&self) -> Vec<Self::Move>;

    /// Why the rules refuse `mv` now (a taken square, a tile off the gap's line, a direction
    /// that moves nothing, any move after the end), in words. Only asked of a move
    /// [`Game::play`] refused.
    fn refusal(&self, mv: Self::Move) -> String;

    /// What `mv` did, in a player's words, as both front ends say it once it is made (the
    /// page's live region, the terminal's line under the board): which tiles merged and where,
    /// where a card or tile came in, which squares opened. `before` is the game before `mv`,
    /// `self` the game after it, and `report` what [`Game::play`] reported of it. How the game
    /// ended, when `mv` ended it, is [`Rules::ending`]'s to say.
    fn told(&self, before: &Self, mv: Self::Move, report: &Self::Report) -> String;

    /// How the game ended, in a player's words (`"X wins: row 1."`, `"A mine went off at row
    /// 3, column 4."`), as both front ends say it; `None` while it goes on. By default the
    /// status, said plainly.
    fn ending(&self) -> Option<String> {
        let said = match self.status() {
            Status::Playing => return None,
            Status::Won => "Won.",
            Status::Lost => "Lost.",
            Status::Drawn => "A draw.",
            Status::Over => "No move is left.",
        };
        Some(said.to_string())
    }

    /// Where the game stands.
    fn status(&self) -> Status;

    /// The board's width in cells.
    fn width(&self) -> usize;

    /// The board's height in cells.
    fn height(&self) -> usize;

    /// A code per cell, width·height in reading order, as the game defines them (a tile's
    /// value, a tile's number, a Minesweeper square's state, a tic-tac-toe mark).
    fn cells(&self) -> Vec<u32>;

    /// What the game's helper would play from here (the AI thinking for about `budget_ms`; a
    /// solver ignores it): the moves of [`Rules::HELPS`]' hint, autoplay and solve. No move by
    /// default, and once the game has ended.
    fn plan(&self, budget_ms: f64) -> Plan<Self::Move> {
        let _ = budget_ms;
        Plan::none()
    }

    /// A word the player should have on this deal, said once a game by a front end (with a way
    /// to a new game): Minesweeper's no-guess board that could not be made so, once its mines
    /// are placed. None by default.
    fn caution(&self) -> Option<String> {
        None
    }

    /// The move a direction makes (an arrow key, a swipe): Threes' and 2048's moves are
    /// directions; Fifteen's is the tile beside the gap sliding that way. Why none, in words,
    /// where the direction makes no move, and (the default) in a game without
    /// [`Rules::DIRECTIONS`].
    fn toward(&self, direction: Direction) -> Result<Self::Move, String> {
        let _ = direction;
        Err(format!("{} is not played by directions", Self::TITLE))
    }

    /// The move act `act` (an index into [`Rules::ACTS`]) on square `cell` (reading order)
    /// makes: a mark, a dig (a chord on an open number), a flag, the tiles from it to the gap
    /// sliding. Why none, in words, where it makes none (a square off the board), and (the
    /// default) in a game without [`Rules::ACTS`].
    /// A move it gives may still be refused by the rules ([`Rules::refusal`]).
    fn on_square(&self, act: usize, cell: usize) -> Result<Self::Move, String> {
        let _ = (act, cell);
        Err(format!("{}'s squares take no act", Self::TITLE))
    }

    /// How a cell of code `code` ([`Rules::cells`]) looks in text: its code as a number by
    /// default, 0 empty.
    fn face(code: u32) -> Face {
        Face::plain(if code == 0 {
            String::new()
        } else {
            code.to_string()
        })
    }

    /// What a square of code `code` ([`Rules::cells`]) holds, in a player's words, for one who
    /// cannot see the board (the page's labels, the answers of [`Replay::answer`]): `"2048"`,
    /// `"empty"`, `"gap"`, `"hidden"`, `"3 mines around"`. By default its face's text, and
    /// `"empty"` where the face shows nothing.
    fn square(code: u32) -> String {
        let text = Self::face(code).text;
        if text.is_empty() {
            "empty".to_string()
        } else {
            text
        }
    }

    /// The figures shown beside the board (the score, the next card, the mines left); the
    /// moves and the clock a front end keeps itself, from [`Rules::FIGURE`] and
    /// [`Rules::TIMED`]. None by default.
    fn readouts(&self) -> Vec<Readout> {
        Vec::new()
    }

    /// The points scored so far, in a game ranked by its score ([`Figure::Score`]); none (the
    /// default) in any other.
    fn points(&self) -> Option<u64> {
        None
    }

    /// Which of [`Rules::SIDES`] is to move (its index); none once the game has ended, and
    /// for a game played alone.
    fn side_to_move(&self) -> Option<usize> {
        None
    }

    /// Which of [`Rules::SIDES`] has won (its index); none while playing, for a draw, and for
    /// a game played alone.
    fn winning_side(&self) -> Option<usize> {
        None
    }

    /// The move a computer playing the side to move makes: perfect play, as strong as the
    /// rules allow. None once the game has ended, and for a game played alone.
    fn reply(&self) -> Option<Self::Move> {
        None
    }
}

/// Why any move is refused once a game has ended.
pub const OVER: &str = "the game is over";

/// Why a player asking to undo is refused in a game whose moves are final ([`Rules::UNDO`]
/// false: Threes, Minesweeper), as both front ends say it.
pub fn no_undo<G: Rules>() -> String {
    format!("moves in {} are final: there is no undo", G::TITLE)
}

/// A best a player keeps of a game ([`Replay::bests`]): one figure, per kind of deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The figure: `"score"`, `"moves"` or `"time"`.
    pub name: &'static str,
    /// Its name where it is kept, per kind of deal ([`Rules::kind`]): `"best"`, `"best.4"`,
    /// `"best-time.4"` (the page keeps it under `gridplay.<game>.` and that name).
    pub key: String,
    /// Whether a lower figure is the better one.
    pub lower: bool,
    /// This game's figure, where it has one to keep: the score as it stands; the moves or
    /// the time once won. Whose play it was decides whether it is kept (a front end's rule).
    pub value: Option<u64>,
}

/// Square `cell` (reading order) of a board `width` squares wide, as a player is told of it
/// (a refusal, a screen reader): `"row 2, column 3"`.
pub fn place_name(cell: usize, width: usize) -> String {
    let width = width.max(1);
    format!("row {}, column {}", cell / width + 1, cell % width + 1)
}

impl<G: Rules> Replay<G> {
    /// As [`Replay::attempt`], with what the move did in words ([`Rules::told`]).
    pub fn attempt_told(&mut self, mv: G::Move) -> Result<(G::Report, String), String> {
        let (before, report) = self.attempt_from(mv)?;
        let told = self.game().told(&before, mv, &report);
        Ok((report, told))
    }

    /// The bests this game is ranked in, the first the one a front end shows beside the
    /// board: its score (Threes, 2048); its moves, and with a clock its time (Fifteen); its
    /// time (Minesweeper), `ms` being the clock's milliseconds, none for a game won by the
    /// move that started its clock; none where nothing ranks a result (tic-tac-toe).
    pub fn bests(&self, ms: u64) -> Vec<Best> {
        let kind = G::kind(self.start()).name;
        let key = |what: &str| {
            if kind.is_empty() {
                what.to_string()
            } else {
                format!("{what}.{kind}")
            }
        };
        let won = self.game().status() == Status::Won;
        // A game won by the very move that started its clock (a board opened whole by its
        // first dig) ran no clock: won, with no time to rank (not a best of 0:00).
        let ran = || {
            let made = self.moves().len();
            made >= 2
                && self
                    .at(made - 1)
                    .is_some_and(|before| before.game().clock_started())
        };
        let time = |key: String| Best {
            name: "time",
            key,
            lower: true,
            value: (won && ran()).then_some(ms.max(1)),
        };
        match G::FIGURE {
            Figure::Score => vec![Best {
                name: "score",
                key: key("best"),
                lower: false,
                value: self.game().points(),
            }],
            Figure::Moves => {
                let moves = Best {
                    name: "moves",
                    key: key("best"),
                    lower: true,
                    value: won.then(|| G::moves_counted(self.moves()) as u64),
                };
                if G::TIMED {
                    vec![moves, time(key("best-time"))]
                } else {
                    vec![moves]
                }
            }
            Figure::Time => vec![time(key("best"))],
            Figure::None => Vec::new(),
        }
    }

    /// Plays `mv` if the rules allow it: what it did, or why not in words, the game unchanged.
    pub fn attempt(&mut self, mv: G::Move) -> Result<G::Report, String> {
        self.attempt_from(mv).map(|(_, report)| report)
    }

    /// [`Replay::redo`], with what the move played again did in words ([`Rules::told`]).
    pub fn redo_told(&mut self) -> Option<String> {
        let mv = self.redoable()?;
        let before = self.game().clone();
        let report = self.redo()?;
        Some(self.game().told(&before, mv, &report))
    }

    /// [`Replay::attempt`], with the game as it was before `mv`: the one copy a move takes,
    /// which words the refusal, or what the move did.
    fn attempt_from(&mut self, mv: G::Move) -> Result<(G, G::Report), String> {
        if self.game().status().is_ended() {
            return Err(OVER.to_string());
        }
        let before = self.game().clone();
        match self.play(mv) {
            Some(report) => Ok((before, report)),
            None => Err(before.refusal(mv)),
        }
    }
}

/// A link's text read as its parts: a bare first part (a game's own, like `30x16x99`) as
/// `bare`, and every `key=value` part by key.
#[derive(Debug, Default)]
pub struct LinkParts<'a> {
    /// The parts that are not `key=value`, in order.
    pub bare: Vec<&'a str>,
    /// The `key=value` parts, in order (a handful at most: a list, not a map, which would
    /// add kilobytes to every page's engine).
    pub values: Vec<(&'a str, &'a str)>,
}

impl<'a> LinkParts<'a> {
    /// The parts of `text`, split at `/`; each key may come once. Errors name the part.
    pub fn read(text: &'a str) -> Result<LinkParts<'a>, String> {
        let mut parts = LinkParts::default();
        for part in text.split('/').filter(|part| !part.is_empty()) {
            match part.split_once('=') {
                Some((key, value)) if !key.is_empty() && !value.is_empty() => {
                    if parts.values.iter().any(|&(k, _)| k == key) {
                        return Err(format!("“{key}” is given twice"));
                    }
                    parts.values.push((key, value));
                }
                Some(_) => return Err(format!("“{part}” is not a key=value pair")),
                None => parts.bare.push(part),
            }
        }
        Ok(parts)
    }

    /// The value of `key`, read (so [`LinkParts::finish`] knows it was), if it was given.
    pub fn take(&mut self, key: &str) -> Option<&'a str> {
        let at = self.values.iter().position(|&(k, _)| k == key)?;
        Some(self.values.remove(at).1)
    }

    /// The seed (`seed=N`, a whole number below 2^32), or a fresh random one if there is none.
    pub fn seed(&mut self) -> Result<u32, String> {
        match self.take("seed") {
            None => Ok(rng::fresh_seed()),
            Some(text) => crate::replay::parse_decimal::<u32>(text).ok_or_else(|| {
                format!("the seed must be a whole number from 0 to 4294967295, got “{text}”")
            }),
        }
    }

    /// Nothing left unread: the first part not read, said as `game` does not know it.
    pub fn finish(self, game: &str) -> Result<(), String> {
        if let Some(part) = self.bare.first() {
            return Err(format!("{game} links have no part “{part}”"));
        }
        match self.values.first() {
            Some((key, _)) => Err(format!("{game} links have no “{key}”")),
            None => Ok(()),
        }
    }
}

/// What Threes and 2048 say of themselves beyond their rules of play; the rest of the contract
/// they share: a deal is its seed (`seed=7`), the moves are the directions that move something,
/// the board a 4×4 grid of tile values, a result ranked by its score.
pub trait Sliding: SlidingGame + Game<Start = u32, Move = Direction> + crate::ai::Player {
    /// The game's name for a player.
    const NAME: &'static str;
    /// Whether a move may be taken back.
    const UNDO: bool;
    /// How a game that has ended stands.
    fn ended(&self) -> Status;
    /// What the game's end is called, before its final score: `"No more moves."`.
    const OUT_OF_MOVES: &'static str;
    /// How a tile of value `value` (0 for an empty cell) looks in text.
    fn tile_face(value: u32) -> Face;
    /// The figures beside the board besides the score (Threes' next card).
    fn more_readouts(&self) -> Vec<Readout> {
        Vec::new()
    }
    /// What a move that reached the game's goal says after what it did (2048's first 2048:
    /// `"You made 2048!"`); none by default.
    fn reached(&self, before: &Self) -> Option<&'static str> {
        let _ = before;
        None
    }
}

impl<G: Sliding> Rules for G {
    const TITLE: &'static str = G::NAME;
    const UNDO: bool = G::UNDO;
    const DIRECTIONS: bool = true;
    // Four digits: Threes' 6144, 2048's 8192; a fifth widens the board when it comes.
    const FACE_WIDTH: usize = 4;
    const FIGURE: Figure = Figure::Score;
    const TIMED: bool = false;
    const HELPS: &'static [Help] = &[Help::Hint, Help::Autoplay];

    fn from_link(text: &str) -> Result<u32, String> {
        let mut parts = LinkParts::read(text)?;
        let seed = parts.seed()?;
        parts.finish(G::NAME)?;
        Ok(seed)
    }

    fn link(seed: &u32) -> String {
        format!("seed={seed}")
    }

    fn moves(&self) -> Vec<Direction> {
        Direction::ALL
            .into_iter()
            .filter(|&direction| {
                let mut board = *self.board();
                board.shift(direction).changed()
            })
            .collect()
    }

    fn refusal(&self, direction: Direction) -> String {
        format!("nothing can move {}", direction.name())
    }

    fn points(&self) -> Option<u64> {
        Some(self.score())
    }

    /// "Moved up. Made 8 in row 1, column 4. New 2 in row 4, column 1.": where each merge
    /// made a tile (by value alone past two, so the sentence stays short), and where the new
    /// tile or card came in.
    fn told(&self, before: &Self, direction: Direction, turn: &grid::Turn) -> String {
        let mut said = format!("Moved {}.", direction.name());
        let cells = self.board().cells();
        let at = |(row, col): (usize, usize)| row * grid::SIZE + col;
        // Written into the sentence as it goes (no list of strings joined: the page's engine
        // carries every line of this).
        let merges = turn.trace.merges();
        for (i, &(row, col)) in merges.iter().enumerate() {
            let join = match i {
                0 => " Made ",
                _ if i + 1 == merges.len() => " and ",
                _ => ", ",
            };
            let _ = write!(said, "{join}{}", cells[row][col]);
            if merges.len() <= 2 {
                let _ = write!(said, " in {}", place_name(at((row, col)), grid::SIZE));
            }
        }
        if !merges.is_empty() {
            said.push('.');
        }
        let spawn = turn.spawn;
        let _ = write!(
            said,
            " New {} in {}.",
            spawn.value,
            place_name(at((spawn.row, spawn.col)), grid::SIZE)
        );
        if let Some(reached) = self.reached(before) {
            said.push(' ');
            said.push_str(reached);
        }
        said
    }

    /// "No more moves. Final score 54." (Threes), "Game over. Final score 2436." (2048).
    fn ending(&self) -> Option<String> {
        self.is_over()
            .then(|| format!("{} Final score {}.", G::OUT_OF_MOVES, self.score()))
    }

    fn status(&self) -> Status {
        if self.is_over() {
            self.ended()
        } else {
            Status::Playing
        }
    }

    fn width(&self) -> usize {
        grid::SIZE
    }

    fn height(&self) -> usize {
        grid::SIZE
    }

    fn cells(&self) -> Vec<u32> {
        self.board().cells().iter().flatten().copied().collect()
    }

    fn toward(&self, direction: Direction) -> Result<Direction, String> {
        Ok(direction)
    }

    fn face(value: u32) -> Face {
        G::tile_face(value)
    }

    fn readouts(&self) -> Vec<Readout> {
        let mut readouts = vec![Readout {
            label: "Score",
            value: Face::plain(self.score().to_string()).strong(),
        }];
        readouts.extend(self.more_readouts());
        readouts
    }

    fn plan(&self, budget_ms: f64) -> Plan<Direction> {
        Plan::next(self.best_move(budget_ms).direction)
    }
}
