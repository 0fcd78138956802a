//! Minesweeper: the rules as Gridplay plays them (`docs/rules.md`).
//!
//! A board of `width × height` cells, `x` the column from the left and `y` the row from the
//! top, cells numbered in reading order (`y * width + x`). Mines are placed at the first
//! reveal, never on that cell or its neighbours, so the first reveal always opens an area;
//! with `no_guess` the placement is also one the deductive [`solver`] clears from that
//! opening ([`generate`]), unless the generator gives up, which the game then says
//! ([`Minesweeper::guess_free`]). The placement is a pure function of the [`Config`] and the
//! first cell, so a start plus the moves is the whole game ([`crate::replay`]).
//!
//! A game is played through a [`Replay`](crate::Replay), which keeps its actions for saves
//! and undo:
//!
//! ```
//! use gridplay::minesweeper::{solver, Action, ActionKind, Config, Minesweeper, Status};
//! use gridplay::minesweeper::{FLAG, HIDDEN, MOST_AROUND};
//! use gridplay::Replay;
//!
//! // Beginner (9×9, 10 mines) from seed 2026, solvable without guessing.
//! let config = Config::new(9, 9, 10, 2026, true)?;
//! let mut game = Replay::<Minesweeper>::new(config);
//! let grid = config.grid();
//! let act = |kind, x, y| Action::new(kind, x, y).unwrap();
//!
//! // The first dig places the mines, none on it or around it: it opens an area.
//! game.play(act(ActionKind::Reveal, 4, 4)).unwrap();
//! assert_eq!(game.game().status(), Status::Playing);
//! assert_eq!(game.game().cell(grid.cell(4, 4).unwrap()), 0);
//! assert_eq!(game.game().guess_free(), Some(true));
//!
//! // A flag on a hidden square counts down the mines left; a second flag takes it off.
//! let hidden = game.game().cells().iter().position(|&c| c == HIDDEN).unwrap();
//! let (x, y) = grid.xy(hidden);
//! game.play(act(ActionKind::Flag, x, y)).unwrap();
//! assert_eq!((game.game().cell(hidden), game.game().mines_left()), (FLAG, 9));
//! game.play(act(ActionKind::Flag, x, y)).unwrap();
//!
//! // Dig whatever the numbers shown prove safe, until every safe square is open.
//! while game.game().status() == Status::Playing {
//!     let shown: Vec<(usize, u8)> = (game.game().cells().into_iter().enumerate())
//!         .filter(|&(_, code)| code <= MOST_AROUND)
//!         .collect();
//!     let safe = solver::certainly_safe(grid, config.mines(), &shown);
//!     assert!(!safe.is_empty(), "a no-guess board never needs a guess");
//!     for cell in safe {
//!         let (x, y) = grid.xy(cell);
//!         game.play(act(ActionKind::Reveal, x, y)); // refused if already opened
//!     }
//! }
//! assert_eq!(game.game().status(), Status::Won);
//! assert_eq!(game.game().mines_left(), 0); // every mine flagged at the win
//!
//! // A save holds the board, the seed and every action; loading plays them again.
//! let loaded = Replay::<Minesweeper>::load(&game.save())?;
//! assert_eq!(loaded.game(), game.game());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// The game's JS class (`#[wasm_bindgen]`), with its cargo feature.
#[cfg(feature = "mines")]
pub mod wasm;

use std::fmt;

use crate::replay::{parse_decimal, Game, MoveCode, Start};

pub mod generate;
mod judge;
pub mod solver;

pub use generate::Layout;

/// The smallest width and height a board may have.
pub const MIN_SIDE: usize = 5;
/// The largest width and height a board may have.
pub const MAX_SIDE: usize = 50;

/// The presets the page offers: name, width, height, mines.
pub const PRESETS: [(&str, usize, usize, usize); 3] = [
    ("beginner", 9, 9, 10),
    ("intermediate", 16, 16, 40),
    ("expert", 30, 16, 99),
];

/// The most mines a revealed cell can show: it has at most 8 neighbours. Codes 0 to this are
/// revealed cells with that many mines around.
pub const MOST_AROUND: u8 = 8;
/// The codes `cells()` reports, besides 0…[`MOST_AROUND`] for a revealed cell.
pub const HIDDEN: u8 = 9;
/// A flag; after a win every mine shows as one.
pub const FLAG: u8 = 10;
/// After a loss, a mine that was not flagged.
pub const MINE: u8 = 11;
/// After a loss, a mine the player revealed.
pub const EXPLODED: u8 = 12;
/// After a loss, a flag on a cell without a mine.
pub const WRONG_FLAG: u8 = 13;

/// The shape of a board: which cells exist and which touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
}

impl Grid {
    /// Any shape; the game's bounds are checked by [`Config::new`].
    pub fn new(width: usize, height: usize) -> Grid {
        Grid { width, height }
    }

    /// Columns.
    pub fn width(self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(self) -> usize {
        self.height
    }

    /// Cells in all, width times height.
    pub fn cells(self) -> usize {
        self.width * self.height
    }

    /// The cell at column `x`, row `y`, if it is on the board.
    pub fn cell(self, x: usize, y: usize) -> Option<usize> {
        // Lazily: off the board, y · width can overflow.
        (x < self.width && y < self.height).then(|| y * self.width + x)
    }

    /// Column and row of `cell`.
    pub fn xy(self, cell: usize) -> (usize, usize) {
        (cell % self.width, cell / self.width)
    }

    /// The up to eight cells touching `cell` (sides and corners).
    pub fn around(self, cell: usize) -> Around {
        let (x, y) = self.xy(cell);
        let mut around = Around {
            cells: [0; 8],
            len: 0,
            next: 0,
        };
        // Plain offsets rather than ranges: this is the solver's innermost loop.
        for (dx, dy) in NEIGHBOUR_OFFSETS {
            let (nx, ny) = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
            if nx < self.width && ny < self.height {
                around.cells[usize::from(around.len)] = (ny * self.width + nx) as u16;
                around.len += 1;
            }
        }
        around
    }

    /// Whether two cells touch (or are the same cell): within one step in each direction.
    pub fn touching(self, a: usize, b: usize) -> bool {
        let ((ax, ay), (bx, by)) = (self.xy(a), self.xy(b));
        ax.abs_diff(bx) <= 1 && ay.abs_diff(by) <= 1
    }
}

/// Steps to the eight neighbours, in reading order.
const NEIGHBOUR_OFFSETS: [(isize, isize); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The neighbours of a cell, without allocating (a board has at most 2500 cells).
#[derive(Clone, Debug)]
pub struct Around {
    cells: [u16; 8],
    len: u8,
    next: u8,
}

impl Iterator for Around {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        (self.next < self.len).then(|| {
            self.next += 1;
            usize::from(self.cells[usize::from(self.next - 1)])
        })
    }
}

/// Everything a game is started from: the board, its mines, the seed of the placement, and
/// whether the placement must be solvable without guessing. Always valid once made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    grid: Grid,
    mines: usize,
    seed: u32,
    no_guess: bool,
}

/// Why a board cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// A width outside [`MIN_SIDE`]…[`MAX_SIDE`].
    Width(usize),
    /// A height outside [`MIN_SIDE`]…[`MAX_SIDE`].
    Height(usize),
    /// No mines at all.
    NoMines,
    /// More mines than [`max_mines`] allows.
    TooManyMines {
        /// The mines asked for.
        mines: usize,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            // In the game's words (squares, the first dig): the Custom form shows these as
            // they are.
            ConfigError::Width(n) => write!(
                f,
                "the width must be {MIN_SIDE} to {MAX_SIDE} squares, got {n}"
            ),
            ConfigError::Height(n) => write!(
                f,
                "the height must be {MIN_SIDE} to {MAX_SIDE} squares, got {n}"
            ),
            ConfigError::NoMines => f.write_str("there must be at least 1 mine, got 0"),
            ConfigError::TooManyMines {
                mines,
                width,
                height,
            } => write!(
                f,
                "{mines} mines do not fit on a {width}×{height} board: at most {} (every square \
                 but the first dig and the 8 around it)",
                max_mines(width, height)
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The most mines a `width × height` board takes: all but the first reveal's 3×3 area.
pub fn max_mines(width: usize, height: usize) -> usize {
    (width * height).saturating_sub(9)
}

impl Config {
    /// Width and height 5…50, mines 1…width·height−9.
    pub fn new(
        width: usize,
        height: usize,
        mines: usize,
        seed: u32,
        no_guess: bool,
    ) -> Result<Config, ConfigError> {
        let side = MIN_SIDE..=MAX_SIDE;
        if !side.contains(&width) {
            return Err(ConfigError::Width(width));
        }
        if !side.contains(&height) {
            return Err(ConfigError::Height(height));
        }
        if mines == 0 {
            return Err(ConfigError::NoMines);
        }
        if mines > max_mines(width, height) {
            return Err(ConfigError::TooManyMines {
                mines,
                width,
                height,
            });
        }
        Ok(Config {
            grid: Grid::new(width, height),
            mines,
            seed,
            no_guess,
        })
    }

    /// The board's shape.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// How many mines it holds.
    pub fn mines(&self) -> usize {
        self.mines
    }

    /// The seed the mines are placed from.
    pub fn seed(&self) -> u32 {
        self.seed
    }

    /// Whether the placement must be one that can be cleared without guessing.
    pub fn no_guess(&self) -> bool {
        self.no_guess
    }
}

/// In saves: `30x16x99-12345-1`: width, height, mines, seed, and 1 for a no-guess board
/// (0 for a plain random one).
impl Start for Config {
    const NAME: &'static str = "board";

    fn write(&self) -> String {
        format!(
            "{}x{}x{}-{}-{}",
            self.grid.width,
            self.grid.height,
            self.mines,
            self.seed,
            u8::from(self.no_guess)
        )
    }

    fn read(text: &str) -> Option<Config> {
        let mut parts = text.split('-');
        let (size, seed, no_guess) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() {
            return None;
        }
        let mut size = size.split('x').map(parse_decimal::<usize>);
        let (width, height, mines) = (size.next()??, size.next()??, size.next()??);
        if size.next().is_some() {
            return None;
        }
        let no_guess = match no_guess {
            "1" => true,
            "0" => false,
            _ => return None,
        };
        Config::new(width, height, mines, parse_decimal(seed)?, no_guess).ok()
    }

    fn seed(&self) -> Option<u32> {
        Some(self.seed)
    }
}

/// What the player does to a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// Digs a hidden cell: a mine loses, a 0 opens the area around it.
    Reveal,
    /// Puts a flag on a hidden cell or takes it off again.
    Flag,
    /// On a revealed number with as many flags around it: reveals its other hidden neighbours.
    Chord,
}

/// One move of the log: an action on the cell at column `x`, row `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// Dig, flag or chord.
    pub kind: ActionKind,
    /// The column, from the left.
    pub x: u8,
    /// The row, from the top.
    pub y: u8,
}

impl Action {
    /// The action on column `x`, row `y`; `None` beyond the largest board ([`MAX_SIDE`]).
    pub fn new(kind: ActionKind, x: usize, y: usize) -> Option<Action> {
        let side = 0..MAX_SIDE;
        (side.contains(&x) && side.contains(&y)).then_some(Action {
            kind,
            x: x as u8,
            y: y as u8,
        })
    }
}

/// Two bits of kind and six each of x and y (a side is at most 50).
impl MoveCode for Action {
    const BITS: u32 = 14;

    fn code(self) -> u32 {
        let kind = match self.kind {
            ActionKind::Reveal => 0,
            ActionKind::Flag => 1,
            ActionKind::Chord => 2,
        };
        kind | u32::from(self.x) << 2 | u32::from(self.y) << 8
    }

    fn from_code(code: u32) -> Option<Action> {
        let kind = match code & 3 {
            0 => ActionKind::Reveal,
            1 => ActionKind::Flag,
            2 => ActionKind::Chord,
            _ => return None,
        };
        Action::new(kind, (code >> 2 & 63) as usize, (code >> 8 & 63) as usize)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = match self.kind {
            ActionKind::Reveal => "reveal",
            ActionKind::Flag => "flag",
            ActionKind::Chord => "chord",
        };
        write!(f, "{verb} ({}, {})", self.x, self.y)
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Nothing revealed yet, so no mines placed.
    Ready,
    /// Mines placed, safe cells still hidden.
    Playing,
    /// Every cell without a mine revealed.
    Won,
    /// A mine revealed.
    Lost,
}

impl Status {
    /// The name the JS API uses.
    pub fn name(self) -> &'static str {
        match self {
            Status::Ready => "ready",
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost => "lost",
        }
    }

    /// Won or lost: no action changes the board any more.
    pub fn is_over(self) -> bool {
        matches!(self, Status::Won | Status::Lost)
    }
}

/// What covers a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cover {
    Hidden,
    Flagged,
    Revealed,
}

/// A game in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minesweeper {
    config: Config,
    /// `None` until the first reveal places the mines.
    layout: Option<Layout>,
    /// Whether the board can be cleared from the first reveal without a guess: `None` until
    /// the first reveal places the mines, and for a board given its layout.
    guess_free: Option<bool>,
    /// When the no-guess generator gives up: [`generate::WORK_LIMIT`], less in tests.
    work_limit: usize,
    cover: Vec<Cover>,
    flags: usize,
    /// Cells without a mine not revealed yet: the game is won when none are left.
    safe_hidden: usize,
    status: Status,
}

impl Minesweeper {
    /// A board with nothing revealed; the mines come at the first reveal.
    pub fn new(config: Config) -> Minesweeper {
        let cells = config.grid.cells();
        Minesweeper {
            config,
            layout: None,
            guess_free: None,
            work_limit: generate::WORK_LIMIT,
            cover: vec![Cover::Hidden; cells],
            flags: 0,
            safe_hidden: cells - config.mines,
            status: Status::Ready,
        }
    }

    /// [`Minesweeper::new`] with a no-guess generator that gives up after `work` (solver runs
    /// times cells) rather than [`generate::WORK_LIMIT`]: for tests of a board it gives up
    /// on, which no board measured in play has come to.
    pub fn with_work_limit(config: Config, work: usize) -> Minesweeper {
        Minesweeper {
            work_limit: work,
            ..Minesweeper::new(config)
        }
    }

    /// A board whose mines are already where `layout` says (for tests and puzzles); its
    /// first reveal places nothing and so is not guaranteed safe.
    pub fn with_layout(layout: Layout) -> Result<Minesweeper, ConfigError> {
        let grid = layout.grid();
        let config = Config::new(grid.width, grid.height, layout.mine_count(), 0, false)?;
        let mut game = Minesweeper::new(config);
        game.layout = Some(layout);
        Ok(game)
    }

    /// What the game was started from.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The board's shape.
    pub fn grid(&self) -> Grid {
        self.config.grid
    }

    /// Ready, playing, won or lost.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The mines, once placed.
    pub fn layout(&self) -> Option<&Layout> {
        self.layout.as_ref()
    }

    /// Once the first reveal has placed the mines, whether the board can be cleared from that
    /// reveal without a guess, as far as the deductive [`solver`] can tell. A no-guess board
    /// says true unless the generator gave up within its work limit (see
    /// [`generate::WORK_LIMIT`]; no board measured has come to that, the densest 50×50 ones
    /// included, but nothing rules it out), keeping the last board it tried; a plain random
    /// board says whether it happens to need no guess. `None` before the first reveal, and
    /// for a board given its layout ([`Minesweeper::with_layout`]). [`Config::no_guess`]
    /// still says what was asked for.
    pub fn guess_free(&self) -> Option<bool> {
        self.guess_free
    }

    /// Mines minus flags (negative when there are more flags than mines).
    pub fn mines_left(&self) -> i32 {
        self.config.mines as i32 - self.flags as i32
    }

    fn is_mine(&self, cell: usize) -> bool {
        self.layout.as_ref().is_some_and(|l| l.is_mine(cell))
    }

    /// What a dig at `cell` is: a chord on an open square (a tap on a number opens the squares
    /// around it once its flags are placed, as in most Minesweepers; on a 0, the squares a flag
    /// kept covered when it opened, once the flag is off), a reveal anywhere else.
    pub fn dig_at(&self, cell: usize) -> ActionKind {
        match self.cell(cell) {
            0..=MOST_AROUND => ActionKind::Chord,
            _ => ActionKind::Reveal,
        }
    }

    /// What the player sees at `cell`: 0…8 revealed, or [`HIDDEN`], [`FLAG`], [`MINE`],
    /// [`EXPLODED`], [`WRONG_FLAG`].
    pub fn cell(&self, cell: usize) -> u8 {
        let lost = self.status == Status::Lost;
        match (self.cover[cell], self.is_mine(cell)) {
            (Cover::Revealed, true) => EXPLODED,
            (Cover::Revealed, false) => self.layout.as_ref().map_or(0, |l| l.number(cell)),
            (Cover::Flagged, false) if lost => WRONG_FLAG,
            (Cover::Flagged, _) => FLAG,
            (Cover::Hidden, true) if lost => MINE,
            (Cover::Hidden, _) => HIDDEN,
        }
    }

    /// [`cell`](Minesweeper::cell) for every cell in reading order.
    pub fn cells(&self) -> Vec<u8> {
        (0..self.grid().cells()).map(|c| self.cell(c)).collect()
    }

    /// The covered cells (hidden or flagged) that the numbers showing and the mine count prove
    /// safe, in reading order: what a player who reasons perfectly knows is safe now, without
    /// opening any of them. Empty before the first dig and once the game is over.
    pub fn certainly_safe(&self) -> Vec<usize> {
        if self.status != Status::Playing {
            return Vec::new();
        }
        let revealed: Vec<(usize, u8)> = self
            .cells()
            .into_iter()
            .enumerate()
            .filter(|&(_, code)| code <= MOST_AROUND)
            .collect();
        solver::certainly_safe(self.grid(), self.config.mines(), &revealed)
    }

    /// Reveals the hidden cells in `from` and, iteratively, the neighbours of every 0 revealed
    /// (never a flagged cell). A mine among `from` loses the game.
    fn open(&mut self, from: Vec<usize>) {
        let Some(layout) = self.layout.as_ref() else {
            return;
        };
        let grid = self.config.grid;
        // An explicit stack: a 50×50 board of zeros would overflow a recursive fill.
        let mut stack = from;
        let mut lost = false;
        while let Some(cell) = stack.pop() {
            if self.cover[cell] != Cover::Hidden {
                continue;
            }
            self.cover[cell] = Cover::Revealed;
            if layout.is_mine(cell) {
                lost = true;
                continue;
            }
            self.safe_hidden -= 1;
            if layout.number(cell) == 0 {
                stack.extend(
                    grid.around(cell)
                        .filter(|&n| self.cover[n] == Cover::Hidden),
                );
            }
        }
        if lost {
            self.status = Status::Lost;
        } else if self.safe_hidden == 0 {
            self.status = Status::Won;
            // Every cell still covered is a mine: flag them all, so the counter says 0.
            for cover in &mut self.cover {
                if *cover != Cover::Revealed {
                    *cover = Cover::Flagged;
                }
            }
            self.flags = self.config.mines;
        } else {
            self.status = Status::Playing;
        }
    }

    fn reveal(&mut self, cell: usize) -> bool {
        if self.cover[cell] != Cover::Hidden {
            return false;
        }
        if self.layout.is_none() {
            let (layout, guess_free) = generate::place_checked(&self.config, cell, self.work_limit);
            self.layout = Some(layout);
            self.guess_free = Some(guess_free);
        }
        self.open(vec![cell]);
        true
    }

    fn toggle_flag(&mut self, cell: usize) -> bool {
        match self.cover[cell] {
            Cover::Hidden => {
                self.cover[cell] = Cover::Flagged;
                self.flags += 1;
            }
            Cover::Flagged => {
                self.cover[cell] = Cover::Hidden;
                self.flags -= 1;
            }
            Cover::Revealed => return false,
        }
        true
    }

    fn chord(&mut self, cell: usize) -> bool {
        if self.cover[cell] != Cover::Revealed {
            return false;
        }
        let Some(layout) = self.layout.as_ref() else {
            return false;
        };
        let around = self.config.grid.around(cell);
        let flags = around
            .clone()
            .filter(|&n| self.cover[n] == Cover::Flagged)
            .count();
        let hidden: Vec<usize> = around.filter(|&n| self.cover[n] == Cover::Hidden).collect();
        if flags != usize::from(layout.number(cell)) || hidden.is_empty() {
            return false;
        }
        self.open(hidden);
        true
    }
}

impl Game for Minesweeper {
    const TAG: &'static str = "mines";
    type Move = Action;
    /// Nothing beyond the board itself: `cells()` shows what changed.
    type Report = ();
    type Start = Config;

    fn start(config: &Config) -> Minesweeper {
        Minesweeper::new(*config)
    }

    /// `None` (and no change) when the action changes nothing: off the board, a finished
    /// game, revealing a flag or a revealed cell, flagging a revealed cell, a chord whose
    /// flags do not match its number.
    fn play(&mut self, action: Action) -> Option<()> {
        let cell = self
            .grid()
            .cell(usize::from(action.x), usize::from(action.y))?;
        if self.status.is_over() {
            return None;
        }
        let changed = match action.kind {
            ActionKind::Reveal => self.reveal(cell),
            ActionKind::Flag => self.toggle_flag(cell),
            ActionKind::Chord => self.chord(cell),
        };
        changed.then_some(())
    }
}

/// A deal is its board and seed (`30x16x99/seed=7`; Beginner without a board; `no-guess=0`
/// for a plain random placement). Before the first dig the game is playing: every square may
/// be dug or flagged. The cells are [`Minesweeper::cells`]' codes; the figure is the time.
/// What a board dealt without the no-guessing promise says of itself ([`Rules::caution`]).
///
/// [`Rules::caution`]: crate::contract::Rules::caution
pub const PLAIN_BOARD: &str = "This board was dealt without the no-guessing promise: somewhere on \
     it you may have to guess. New game deals one that logic alone clears.";

impl crate::contract::Rules for Minesweeper {
    const FIGURE: crate::contract::Figure = crate::contract::Figure::Time;
    const TIMED: bool = true;
    const TITLE: &'static str = "Minesweeper";
    const ACTS: &'static [&'static str] = &["dig", "flag"];
    const HELPS: &'static [crate::contract::Help] = &[crate::contract::Help::Hint];

    /// The hint: a square the numbers and the mine count prove safe, dug (a hidden one first;
    /// a flag on a safe square is taken off). Before the first dig, the middle square: the
    /// first dig is never a mine, and opens an area there. Where no square is certainly safe
    /// (a board that could not be made guess-free), no move, and why.
    fn plan(&self, _budget_ms: f64) -> crate::contract::Plan<Action> {
        use crate::contract::Plan;
        let grid = self.grid();
        let cell = match self.status {
            Status::Ready => Some(grid.height() / 2 * grid.width() + grid.width() / 2),
            Status::Playing => {
                let safe = self.certainly_safe();
                let hidden = safe.iter().find(|&&cell| self.cover[cell] == Cover::Hidden);
                hidden.or(safe.first()).copied()
            }
            Status::Won | Status::Lost => return Plan::none(),
        };
        let Some(cell) = cell else {
            return Plan {
                why: Some(
                    "no square is certainly safe: the numbers leave a guess here".to_string(),
                ),
                ..Plan::none()
            };
        };
        let kind = match self.cover[cell] {
            Cover::Flagged => ActionKind::Flag,
            _ => ActionKind::Reveal,
        };
        Plan::next(Action::new(kind, cell % grid.width(), cell / grid.width()))
    }

    /// A dig, or a chord on an open number (a tap on a number, as players expect); a flag put
    /// on or taken off.
    fn on_square(&self, act: usize, cell: usize) -> Result<Action, String> {
        let grid = self.grid();
        let (width, height) = (grid.width(), grid.height());
        if cell >= width * height {
            return Err("there is no such square".to_string());
        }
        let kind = match act {
            0 => self.dig_at(cell),
            1 => ActionKind::Flag,
            _ => return Err(format!("Minesweeper has no act {act} (0 digs, 1 flags)")),
        };
        Action::new(kind, cell % width, cell / width)
            .ok_or_else(|| format!("square {cell} is off the board"))
    }

    /// Covered squares are dots; the numbers in the colours players know (1 blue, 2 green,
    /// 3 red …); a mine that went off on red.
    fn face(code: u32) -> crate::contract::Face {
        use crate::contract::{Colour, Face};
        let Ok(code) = u8::try_from(code) else {
            return Face::plain("?");
        };
        match code {
            0 => Face::default(),
            1..=MOST_AROUND => {
                let ink = [
                    Colour::Blue,
                    Colour::Green,
                    Colour::Red,
                    Colour::Magenta,
                    Colour::Yellow,
                    Colour::Cyan,
                    Colour::White,
                    Colour::Grey,
                ][usize::from(code - 1)];
                Face::plain(code.to_string()).ink(ink).strong()
            }
            HIDDEN => Face::plain(".").ink(Colour::Grey),
            FLAG => Face::plain("F").ink(Colour::Red).strong(),
            MINE => Face::plain("*").strong(),
            // Told from every other mine without colour too.
            EXPLODED => Face::plain("@")
                .paper(Colour::Red)
                .ink(Colour::White)
                .strong(),
            WRONG_FLAG => Face::plain("X").ink(Colour::Red).strong(),
            _ => Face::plain("?"),
        }
    }

    fn square(code: u32) -> String {
        // A table, code by code (HIDDEN is MOST_AROUND + 1, and so on): the page's engine
        // carries these words for every square's name, so no formatting code comes with them.
        const WORDS: [&str; 14] = [
            "empty",
            "1 mine around",
            "2 mines around",
            "3 mines around",
            "4 mines around",
            "5 mines around",
            "6 mines around",
            "7 mines around",
            "8 mines around",
            "hidden",
            "flagged",
            "mine",
            "mine, went off",
            "flag, no mine here",
        ];
        const _: () =
            assert!(HIDDEN == 9 && FLAG == 10 && MINE == 11 && EXPLODED == 12 && WRONG_FLAG == 13);
        WORDS
            .get(code as usize)
            .copied()
            .unwrap_or("unknown")
            .to_string()
    }

    fn readouts(&self) -> Vec<crate::contract::Readout> {
        vec![crate::contract::Readout {
            label: "Mines left",
            value: crate::contract::Face::plain(self.mines_left().to_string()).strong(),
        }]
    }

    /// A board dealt without the no-guessing promise (a link's `no-guess=0`) says so from the
    /// start; a no-guess board that could not be made so, once its first dig has placed its
    /// mines.
    fn caution(&self) -> Option<String> {
        if !self.config.no_guess() {
            return Some(PLAIN_BOARD.to_string());
        }
        (self.guess_free == Some(false)).then(|| {
            "No board this dense could be made that logic alone clears: somewhere on this one \
             you will have to guess."
                .to_string()
        })
    }

    fn presets() -> Vec<crate::contract::Preset> {
        use crate::contract::Preset;
        vec![
            Preset {
                name: "beginner",
                label: "Beginner",
                link: "9x9x10",
            },
            Preset {
                name: "intermediate",
                label: "Intermediate",
                link: "16x16x40",
            },
            Preset {
                name: "expert",
                label: "Expert",
                link: "30x16x99",
            },
        ]
    }

    fn from_link(text: &str) -> Result<Config, String> {
        let mut parts = crate::contract::LinkParts::read(text)?;
        let board = if parts.bare.is_empty() {
            "9x9x10"
        } else {
            parts.bare.remove(0)
        };
        let mut size = board.split('x').map(crate::replay::parse_decimal::<usize>);
        let (Some(Some(width)), Some(Some(height)), Some(Some(mines)), None) =
            (size.next(), size.next(), size.next(), size.next())
        else {
            return Err(format!(
                "“{board}” is not a board: width, height and mines as 30x16x99"
            ));
        };
        let no_guess = match parts.take("no-guess") {
            None | Some("1") => true,
            Some("0") => false,
            Some(other) => return Err(format!("no-guess must be 1 or 0, got “{other}”")),
        };
        let seed = parts.seed()?;
        parts.finish("Minesweeper")?;
        Config::new(width, height, mines, seed, no_guess).map_err(|e| e.to_string())
    }

    fn custom_fields() -> Vec<crate::contract::Field> {
        use crate::contract::Field;
        let side = |name, label| Field {
            name,
            label,
            min: MIN_SIDE as u32,
            max: MAX_SIDE as u32,
        };
        vec![
            side("width", "Width"),
            side("height", "Height"),
            Field {
                name: "mines",
                label: "Number of mines",
                min: 1,
                max: (MAX_SIDE * MAX_SIDE - 9) as u32,
            },
        ]
    }

    fn custom_link(values: &[u32]) -> Result<String, String> {
        let &[width, height, mines] = values else {
            return Err(format!(
                "a board is 3 numbers (width, height and mines), got {}",
                values.len()
            ));
        };
        let [w, h, m] = [width, height, mines].map(|n| n as usize);
        Config::new(w, h, m, 0, true).map_err(|e| e.to_string())?;
        Ok(format!("{w}x{h}x{m}"))
    }

    fn custom_values(config: &Config) -> Vec<u32> {
        let grid = config.grid();
        [grid.width(), grid.height(), config.mines()]
            .map(|n| n as u32)
            .to_vec()
    }

    fn kind(config: &Config) -> crate::contract::Kind {
        let grid = config.grid();
        let name = format!("{}x{}x{}", grid.width(), grid.height(), config.mines());
        let label = match Self::presets()
            .into_iter()
            .find(|preset| preset.link == name)
        {
            Some(preset) => preset.label.to_string(),
            None => {
                let mines = config.mines();
                let noun = if mines == 1 { "mine" } else { "mines" };
                format!("Custom {}×{}, {mines} {noun}", grid.width(), grid.height())
            }
        };
        crate::contract::Kind {
            link: name.clone(),
            name,
            label,
        }
    }

    /// The clock starts at the first dig, which places the mines.
    fn clock_started(&self) -> bool {
        self.status != Status::Ready
    }

    fn link(config: &Config) -> String {
        let grid = config.grid();
        let plain = if config.no_guess() { "" } else { "/no-guess=0" };
        format!(
            "{}x{}x{}/seed={}{plain}",
            grid.width(),
            grid.height(),
            config.mines(),
            config.seed()
        )
    }

    /// Digs on hidden squares, flags on covered ones (on or off), chords on numbers whose
    /// flags are all placed and that have a hidden square beside them; by square, in that order.
    fn moves(&self) -> Vec<Action> {
        if self.status.is_over() {
            return Vec::new();
        }
        let grid = self.grid();
        let cells = self.cells();
        let mut moves = Vec::new();
        for (cell, &code) in cells.iter().enumerate() {
            let (x, y) = grid.xy(cell);
            let mut add = |kind| moves.extend(Action::new(kind, x, y));
            match code {
                HIDDEN => {
                    add(ActionKind::Reveal);
                    add(ActionKind::Flag);
                }
                FLAG => add(ActionKind::Flag),
                // (A 0 too: a square flagged when the 0 opened, then unflagged, stays hidden.)
                number if number <= MOST_AROUND => {
                    let around = || grid.around(cell).map(|n| cells[n]);
                    let flags = around().filter(|&c| c == FLAG).count();
                    if flags == usize::from(number) && around().any(|c| c == HIDDEN) {
                        add(ActionKind::Chord);
                    }
                }
                _ => {}
            }
        }
        moves
    }

    /// In a player's words, the square named as a screen reader names it ("row 2, column 3").
    fn refusal(&self, action: Action) -> String {
        let (x, y) = (usize::from(action.x), usize::from(action.y));
        let grid = self.grid();
        let Some(cell) = grid.cell(x, y) else {
            return "there is no such square".to_string();
        };
        let place = crate::contract::place_name(cell, grid.width());
        let code = self.cell(cell);
        match (action.kind, code) {
            (_, _) if self.status.is_over() => crate::contract::OVER.to_string(),
            (ActionKind::Reveal, FLAG) => {
                format!("{place} has a flag on it: flag it again to take the flag off first")
            }
            (ActionKind::Reveal | ActionKind::Flag, _) => format!("{place} is already open"),
            (ActionKind::Chord, HIDDEN | FLAG) => format!("{place} is not an open number"),
            (ActionKind::Chord, 0) => format!("{place} is already open"),
            (ActionKind::Chord, number) => {
                let flags = grid
                    .around(cell)
                    .filter(|&n| self.cover[n] == Cover::Flagged)
                    .count();
                if flags == usize::from(number) {
                    format!("{place} has no covered square around it to open")
                } else {
                    format!("the flags around {place} do not make {number} yet")
                }
            }
        }
    }

    /// "Flag on row 2, column 3.", "Row 2, column 3: 1.", "Opened 14 squares from row 5, column 5.", "Opened 3
    /// around row 4, column 1.", "Boom: a mine at row 5, column 5."
    fn told(&self, before: &Self, action: Action, _: &()) -> String {
        let width = self.grid().width();
        let cell = usize::from(action.y) * width + usize::from(action.x);
        let place = crate::contract::place_name(cell, width);
        let was = before.cell(cell);
        if action.kind == ActionKind::Flag {
            return if was == FLAG {
                format!("Flag taken off {place}.")
            } else {
                format!("Flag on {place}.")
            };
        }
        let cells = self.cells();
        if let Some(mine) = cells.iter().position(|&code| code == EXPLODED) {
            return format!(
                "Boom: a mine at {}.",
                crate::contract::place_name(mine, width)
            );
        }
        let open = |code: u8| code <= MOST_AROUND;
        let opened = (0..cells.len())
            .filter(|&c| open(self.cell(c)) && !open(before.cell(c)))
            .count();
        if action.kind == ActionKind::Chord {
            return format!("Opened {opened} around {place}.");
        }
        if opened == 1 {
            let around = match self.cell(cell) {
                0 => "no mines around".to_string(),
                number => number.to_string(),
            };
            let mut said = format!("{place}: {around}.");
            // The sentence begins with the place: "Row 2, …". (`get_mut`, not an index: no
            // panic path in the page's engine.)
            if let Some(first) = said.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            return said;
        }
        format!("Opened {opened} squares from {place}.")
    }

    fn ending(&self) -> Option<String> {
        match self.status {
            Status::Won => Some("Cleared: every safe square is open.".to_string()),
            Status::Lost => {
                Some("A mine went off: every mine and every wrong flag is shown.".to_string())
            }
            Status::Ready | Status::Playing => None,
        }
    }

    fn status(&self) -> crate::contract::Status {
        match self.status {
            Status::Ready | Status::Playing => crate::contract::Status::Playing,
            Status::Won => crate::contract::Status::Won,
            Status::Lost => crate::contract::Status::Lost,
        }
    }

    fn width(&self) -> usize {
        self.grid().width()
    }

    fn height(&self) -> usize {
        self.grid().height()
    }

    fn cells(&self) -> Vec<u32> {
        Minesweeper::cells(self)
            .into_iter()
            .map(u32::from)
            .collect()
    }
}
