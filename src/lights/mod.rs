//! Lights Out on a 3×3 board: the test game. It is not one of the games the site ships; it is
//! the small sixth game that docs/design.md's "Adding a game" builds, step by step, to show
//! (and a test to check) that a game is its rules, its JS class and its page's folder, and
//! nothing else: the terminal plays it with `--features lights`, and the browser tests build a
//! site with it beside the five.
//!
//! A press turns the square and the squares beside it (not diagonally) on or off; the puzzle
//! is won once every light is out. A deal is lit by pressing a few squares of a dark board, so
//! every deal can be put out.
//!
//! ```
//! use gridplay::contract::{Rules, Status};
//! use gridplay::lights::Lights;
//! use gridplay::Replay;
//!
//! let mut game = Replay::<Lights>::new(Lights::from_link("seed=7").unwrap());
//! let press = game.game().on_square(0, 4).unwrap(); // the middle square
//! let (_, told) = game.attempt_told(press).unwrap();
//! assert!(told.starts_with("Pressed row 2, column 2"));
//! assert_eq!(Rules::status(game.game()), Status::Playing);
//! ```

use std::fmt;

/// The game's JS class (`#[wasm_bindgen]`), with its cargo feature.
#[cfg(feature = "lights")]
pub mod wasm;

use crate::contract::{Face, Figure, Readout, Rules, Status};
use crate::replay::{Game, MoveCode};
use crate::rng::Rng;

/// The board's side.
pub const SIDE: usize = 3;
/// Its squares.
pub const SQUARES: usize = SIDE * SIDE;

/// A board of lights: `lit` has bit `cell` set where that square is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lights {
    lit: u16,
}

/// One move of the log: a press on square `cell` (reading order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    /// The square pressed, 0 … 8 in reading order.
    pub cell: u8,
}

impl MoveCode for Press {
    const BITS: u32 = 4;

    fn code(self) -> u32 {
        u32::from(self.cell)
    }

    fn from_code(code: u32) -> Option<Press> {
        (code < SQUARES as u32).then_some(Press { cell: code as u8 })
    }
}

impl fmt::Display for Press {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a press on square {}", self.cell)
    }
}

impl Lights {
    /// The squares a press on `cell` turns over: it and those beside it.
    fn reach(cell: usize) -> u16 {
        let (x, y) = (cell % SIDE, cell / SIDE);
        let mut reach = 1 << cell;
        if x > 0 {
            reach |= 1 << (cell - 1);
        }
        if x + 1 < SIDE {
            reach |= 1 << (cell + 1);
        }
        if y > 0 {
            reach |= 1 << (cell - SIDE);
        }
        if y + 1 < SIDE {
            reach |= 1 << (cell + SIDE);
        }
        reach
    }

    /// How many lights are on.
    pub fn lit(&self) -> u32 {
        self.lit.count_ones()
    }

    /// The squares whose presses put every light out, as bits: on a 3×3 board exactly one set
    /// of the 512 does.
    fn solution(&self) -> u16 {
        (0..1u16 << SQUARES)
            .find(|&set| {
                (0..SQUARES)
                    .filter(|&cell| set & (1 << cell) != 0)
                    .fold(self.lit, |lit, cell| lit ^ Lights::reach(cell))
                    == 0
            })
            .unwrap_or(0)
    }

    /// Whether square `cell` is on.
    pub fn is_lit(&self, cell: usize) -> bool {
        self.lit & (1 << cell) != 0
    }
}

impl Game for Lights {
    const TAG: &'static str = "lights";
    type Move = Press;
    type Report = ();
    type Start = u32;

    /// A dark board with three to six distinct squares pressed, at random from `seed`: on a
    /// 3×3 board no set of presses cancels out, so some lights are on.
    fn start(seed: &u32) -> Lights {
        let mut rng = Rng::from_seed(*seed);
        let mut cells: Vec<usize> = (0..SQUARES).collect();
        rng.shuffle(&mut cells);
        let presses = 3 + rng.index(4);
        let lit = cells[..presses]
            .iter()
            .fold(0, |lit, &cell| lit ^ Lights::reach(cell));
        Lights { lit }
    }

    fn play(&mut self, press: Press) -> Option<()> {
        let cell = usize::from(press.cell);
        if self.lit == 0 || cell >= SQUARES {
            return None;
        }
        self.lit ^= Lights::reach(cell);
        Some(())
    }
}

impl Rules for Lights {
    const TITLE: &'static str = "Lights Out";
    const FIGURE: Figure = Figure::Moves;
    const TIMED: bool = false;
    const UNDO: bool = true;
    const ACTS: &'static [&'static str] = &["press"];

    fn from_link(text: &str) -> Result<u32, String> {
        let mut parts = crate::contract::LinkParts::read(text)?;
        let seed = parts.seed()?;
        parts.finish(Lights::TITLE)?;
        Ok(seed)
    }

    fn link(seed: &u32) -> String {
        format!("seed={seed}")
    }

    /// Every square, those whose presses put every light out first: a front end that always
    /// plays the first listed move ends the game (the contract's rule), in nine presses at most.
    fn moves(&self) -> Vec<Press> {
        if self.lit == 0 {
            return Vec::new();
        }
        let solution = self.solution();
        let (first, rest): (Vec<u8>, Vec<u8>) =
            (0..SQUARES as u8).partition(|&cell| solution & (1 << cell) != 0);
        first
            .into_iter()
            .chain(rest)
            .map(|cell| Press { cell })
            .collect()
    }

    fn refusal(&self, press: Press) -> String {
        if self.lit == 0 {
            crate::contract::OVER.to_string()
        } else {
            format!("there is no square {}", press.cell)
        }
    }

    /// "Pressed row 2, column 2: 4 lights on."
    fn told(&self, _before: &Self, press: Press, _: &()) -> String {
        let place = crate::contract::place_name(usize::from(press.cell), SIDE);
        match self.lit() {
            1 => format!("Pressed {place}: 1 light on."),
            lit => format!("Pressed {place}: {lit} lights on."),
        }
    }

    fn ending(&self) -> Option<String> {
        (self.lit == 0).then(|| "Every light is out.".to_string())
    }

    fn status(&self) -> Status {
        if self.lit == 0 {
            Status::Won
        } else {
            Status::Playing
        }
    }

    fn width(&self) -> usize {
        SIDE
    }

    fn height(&self) -> usize {
        SIDE
    }

    /// 1 where a light is on, 0 where it is out.
    fn cells(&self) -> Vec<u32> {
        (0..SQUARES)
            .map(|cell| u32::from(self.is_lit(cell)))
            .collect()
    }

    fn on_square(&self, _act: usize, cell: usize) -> Result<Press, String> {
        if cell >= SQUARES {
            return Err("there is no such square".to_string());
        }
        Ok(Press { cell: cell as u8 })
    }

    /// A light on is a yellow O; one out, a dot.
    fn face(code: u32) -> Face {
        use crate::contract::Colour;
        if code == 1 {
            Face::plain("O").ink(Colour::Yellow).strong()
        } else {
            Face::plain(".").ink(Colour::Grey)
        }
    }

    fn square(code: u32) -> String {
        if code == 1 { "lit" } else { "dark" }.to_string()
    }

    fn readouts(&self) -> Vec<Readout> {
        vec![Readout {
            label: "Lit",
            value: Face::plain(self.lit().to_string()).strong(),
        }]
    }
}

/// A press that left more lights on than before is marked.
impl crate::judge::Judge for Lights {
    fn judge(before: &Self, press: Press, after: &Self, _: f64) -> crate::judge::Judgement {
        let place = crate::contract::place_name(usize::from(press.cell), SIDE);
        let (was, now) = (before.lit(), after.lit());
        crate::judge::Judgement {
            marked: now > was,
            note: format!("Pressed {place}: {was} lights on before, {now} after."),
            over: None,
        }
    }
}
