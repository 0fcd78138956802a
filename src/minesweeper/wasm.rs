//! Minesweeper in JS: `Minefield`.

// A page's engine is built without the calls besides the contract (the `calls` feature),
// which leaves some imports and helpers here unused in that build.
#![cfg_attr(not(feature = "calls"), allow(dead_code, unused_imports))]

use js_sys::Object;
use wasm_bindgen::prelude::*;

use crate::minesweeper::{
    Action, ActionKind, Minesweeper, EXPLODED, FLAG, HIDDEN, MINE, MOST_AROUND, WRONG_FLAG,
};
use crate::replay::Replay;
use crate::wasm::{describe, replay_members, set};
#[cfg(feature = "calls")]
use {
    crate::minesweeper::{Config, MAX_SIDE, MIN_SIDE},
    crate::wasm::seed_from_js,
    js_sys::Array,
};

/// A Minesweeper game in play: its start and every action that changed something.
#[wasm_bindgen(js_name = "Minefield")]
pub struct JsMinefield {
    replay: Replay<Minesweeper>,
}

// `moveCount` counts the actions that changed something (reveals, flags and chords).
replay_members!(
    JsMinefield,
    "Minefield",
    replay: Minesweeper,
    move: "{ x: number, y: number, act: \"dig\" | \"flag\" | \"chord\" }",
    moves: "{ x: number, y: number, act: \"dig\" | \"flag\" | \"chord\" }[]",
    found: "{ ok: true, move: { x: number, y: number, act: \"dig\" | \"flag\" | \"chord\" } } | { ok: false, reason: string }",
    typed: "{ ok: true, move: { x: number, y: number, act: \"dig\" | \"flag\" | \"chord\" } } | { ok: false, reason: string } | null",
    plan: "{ moves: ({ x: number, y: number, act: \"dig\" | \"flag\" | \"chord\" })[], saves: string[], solution: boolean, shortest: boolean, why: string | null }"
);

/// What a move does, as JS names it.
const ACTS: [(&str, ActionKind); 3] = [
    ("dig", ActionKind::Reveal),
    ("flag", ActionKind::Flag),
    ("chord", ActionKind::Chord),
];

/// A move is `{x, y, act}`: the square's column and row, and `"dig"`, `"flag"` (on or off)
/// or `"chord"`. A dig on an open number is a chord (a tap on a number, as players expect).
/// The mines left (the mines less the flags placed, below 0 with too many flags), the mines
/// of the board, and whether the first dig has placed them (`dug`: before it, any square is safe).
impl crate::wasm::JsReadouts for Minesweeper {
    fn readouts_to_js(&self) -> Object {
        let object = Object::new();
        set(&object, "minesLeft", self.mines_left());
        set(&object, "mines", self.config().mines() as u32);
        set(&object, "dug", self.guess_free().is_some());
        object
    }
}

impl crate::wasm::JsMoves for Minesweeper {
    fn move_to_js(&self, action: Action) -> JsValue {
        let object = Object::new();
        set(&object, "x", action.x);
        set(&object, "y", action.y);
        let act = ACTS
            .iter()
            .find(|(_, kind)| *kind == action.kind)
            .map_or("", |(name, _)| name);
        set(&object, "act", act);
        object.into()
    }

    fn move_from_js(&self, value: &JsValue) -> Result<Result<Action, String>, String> {
        let field = |name: &str| {
            value
                .is_object()
                .then(|| js_sys::Reflect::get(value, &JsValue::from_str(name)).ok())
                .flatten()
                .ok_or_else(|| format!("expected {{x, y, act}}, got {}", describe(value)))
        };
        let act = field("act")?;
        let kind = act
            .as_string()
            .and_then(|name| ACTS.iter().find(|(n, _)| *n == name).map(|&(_, kind)| kind))
            .ok_or_else(|| {
                format!(
                    "act must be \"dig\", \"flag\" or \"chord\", got {}",
                    describe(&act)
                )
            })?;
        let grid = self.grid();
        let (x, y) = (field("x")?, field("y")?);
        let whole = |v: &JsValue| {
            v.as_f64()
                .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n < 1e9)
                .map(|n| n as usize)
        };
        whole(&x)
            .zip(whole(&y))
            .and_then(|(x, y)| {
                let cell = grid.cell(x, y)?;
                let kind = match kind {
                    ActionKind::Reveal => self.dig_at(cell),
                    other => other,
                };
                Action::new(kind, x, y)
            })
            .map(Ok)
            .ok_or_else(|| {
                format!(
                    "({}, {}) is not a square of the {}×{} board (x is 0 to {}, y 0 to {})",
                    describe(&x),
                    describe(&y),
                    grid.width(),
                    grid.height(),
                    grid.width() - 1,
                    grid.height() - 1
                )
            })
    }
}

#[cfg(feature = "calls")]
/// A whole number from JS (range-checked by the rules); errors start with `what`.
fn whole_from_js(value: &JsValue, what: &str) -> Result<usize, JsError> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => Ok(n as usize),
        _ => Err(JsError::new(&format!(
            "{what} must be a whole number (0 or more), got {}",
            describe(value)
        ))),
    }
}

#[cfg(feature = "calls")]
/// `undefined` or `null` ⇒ true (no-guess boards unless asked otherwise); otherwise a boolean.
fn no_guess_from_js(value: &JsValue) -> Result<bool, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(true);
    }
    value.as_bool().ok_or_else(|| {
        JsError::new(&format!(
            "Minefield: noGuess must be true or false, got {}",
            describe(value)
        ))
    })
}

#[wasm_bindgen(js_class = "Minefield")]
impl JsMinefield {
    fn game(&self) -> &Minesweeper {
        self.replay.game()
    }

    /// What the numbers of `cells()` mean, so that a page names them rather than copying
    /// them: `{mostAround, hidden, flag, mine, exploded, wrongFlag}`; 0 to `mostAround` is a
    /// revealed cell with that many mines around.
    #[wasm_bindgen(
        js_name = cellCodes,
        unchecked_return_type = "{ mostAround: number, hidden: number, flag: number, mine: number, exploded: number, wrongFlag: number }"
    )]
    pub fn cell_codes() -> Object {
        let codes = Object::new();
        for (name, code) in [
            ("mostAround", MOST_AROUND),
            ("hidden", HIDDEN),
            ("flag", FLAG),
            ("mine", MINE),
            ("exploded", EXPLODED),
            ("wrongFlag", WRONG_FLAG),
        ] {
            set(&codes, name, code);
        }
        codes
    }

    #[cfg(feature = "calls")]
    /// Mines minus flags (negative with more flags than mines).
    #[wasm_bindgen(js_name = minesLeft)]
    pub fn mines_left(&self) -> i32 {
        self.game().mines_left()
    }

    #[cfg(feature = "calls")]
    /// How many mines the board has.
    #[wasm_bindgen(js_name = mineCount)]
    pub fn mine_count(&self) -> u32 {
        self.game().config().mines() as u32
    }

    #[cfg(feature = "calls")]
    /// Whether the board was asked to be solvable without guessing (the constructor's
    /// `noGuess`); whether it is, `guessFree()` says.
    #[wasm_bindgen(js_name = noGuess)]
    pub fn no_guess(&self) -> bool {
        self.game().config().no_guess()
    }

    #[cfg(feature = "calls")]
    /// `null` until the first reveal places the mines; then whether the board can be cleared
    /// from that reveal without ever guessing. A `noGuess` board is `true` unless the
    /// generator gave up within its work limit: then it is `false`, the board is the last one
    /// tried and needs a guess somewhere, and the page should say so. No board measured has
    /// come to that (the densest 50×50 boards included), but nothing rules it out. A plain
    /// random board is `true` when it happens to need no guess. A loaded save says what the
    /// game said.
    #[wasm_bindgen(js_name = guessFree, unchecked_return_type = "boolean | null")]
    pub fn guess_free(&self) -> JsValue {
        self.game()
            .guess_free()
            .map_or(JsValue::NULL, JsValue::from_bool)
    }
}

// The calls a program may use besides the contract, which a page's own engine leaves out (the
// page plays through `play` and checks a custom board with `customLink`): the constructor, the
// per-move calls `play` stands for, the board checks `customLink` and `customFields` stand for,
// and `certainlySafe`, which only the judge and a program's own helpers need.
#[cfg(feature = "calls")]
#[wasm_bindgen(js_class = "Minefield")]
impl JsMinefield {
    /// A `width`×`height` board (5…50 each) with `mines` mines (1…width·height−9), placed at
    /// the first reveal from `seed` (a whole number below 2^32; random if omitted); with
    /// `noGuess` (the default) solvable from the first opening without guessing.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] mines: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] seed: JsValue,
        #[wasm_bindgen(js_name = noGuess, unchecked_optional_param_type = "boolean | null")]
        no_guess: JsValue,
    ) -> Result<JsMinefield, JsError> {
        let config = Config::new(
            whole_from_js(&width, "Minefield: the width")?,
            whole_from_js(&height, "Minefield: the height")?,
            whole_from_js(&mines, "Minefield: the number of mines")?,
            seed_from_js(&seed, "Minefield")?,
            no_guess_from_js(&no_guess)?,
        )
        .map_err(|e| JsError::new(&format!("Minefield: {e}")))?;
        Ok(JsMinefield {
            replay: Replay::new(config),
        })
    }

    /// Plays `kind` at (`x`, `y`); whether anything changed. Throws, changing nothing, for
    /// coordinates that are not whole numbers on the board.
    fn act(
        &mut self,
        kind: ActionKind,
        x: &JsValue,
        y: &JsValue,
        what: &str,
    ) -> Result<bool, JsError> {
        let grid = self.game().grid();
        let (cx, cy) = (
            whole_from_js(x, &format!("{what}: x"))?,
            whole_from_js(y, &format!("{what}: y"))?,
        );
        let action = grid
            .cell(cx, cy)
            .and_then(|_| Action::new(kind, cx, cy))
            .ok_or_else(|| {
                JsError::new(&format!(
                    "{what}: ({cx}, {cy}) is off the {}×{} board (x is 0 to {}, y 0 to {})",
                    grid.width(),
                    grid.height(),
                    grid.width() - 1,
                    grid.height() - 1
                ))
            })?;
        Ok(self.replay.play(action).is_some())
    }

    /// Reveals the cell at column `x`, row `y` (a 0 opens its neighbours, and so on); the
    /// first reveal places the mines. False if nothing changed (a flag, a revealed cell, a
    /// finished game).
    pub fn reveal(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<bool, JsError> {
        self.act(ActionKind::Reveal, &x, &y, "reveal")
    }

    /// Puts a flag on the hidden cell at (`x`, `y`) or takes it off; false on a revealed cell
    /// or a finished game.
    #[wasm_bindgen(js_name = toggleFlag)]
    pub fn toggle_flag(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<bool, JsError> {
        self.act(ActionKind::Flag, &x, &y, "toggleFlag")
    }

    /// On a revealed number with as many flags around it: reveals its other hidden
    /// neighbours (a wrong flag loses). False, doing nothing, otherwise.
    pub fn chord(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<bool, JsError> {
        self.act(ActionKind::Chord, &x, &y, "chord")
    }

    /// The fewest and most squares a side of a board can have: `{min, max}` (5 and 50), for
    /// a form's limits; `boardProblem` says why any other board is refused.
    #[wasm_bindgen(js_name = sideLimits, unchecked_return_type = "{ min: number, max: number }")]
    pub fn side_limits() -> Object {
        let limits = Object::new();
        set(&limits, "min", MIN_SIDE as u32);
        set(&limits, "max", MAX_SIDE as u32);
        limits
    }

    /// Why a board of `width`×`height` squares with `mines` mines cannot be played, in the
    /// game's words ("the width must be 5 to 50 squares, got 60"); `undefined` for a board
    /// it can make. A page checks a board it was given (a link, a form) with this rather than
    /// a copy of the limits.
    #[wasm_bindgen(js_name = boardProblem, unchecked_return_type = "string | undefined")]
    pub fn board_problem(
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] mines: JsValue,
    ) -> JsValue {
        let whole = |value: &JsValue, what: &str| match value.as_f64() {
            Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => {
                Ok(n as usize)
            }
            _ => Err(format!(
                "{what} must be a whole number, got {}",
                describe(value)
            )),
        };
        let checked = whole(&width, "the width").and_then(|w| {
            let h = whole(&height, "the height")?;
            let m = whole(&mines, "the number of mines")?;
            Config::new(w, h, m, 0, true).map_err(|e| e.to_string())
        });
        match checked {
            Ok(_) => JsValue::UNDEFINED,
            Err(problem) => JsValue::from(problem),
        }
    }

    /// The covered squares (hidden or flagged) that the numbers showing and the mine count
    /// prove safe, as cells in reading order (y·width + x): what a player who reasons
    /// perfectly knows is safe now, without opening any of them. Empty before the first dig
    /// and once the game is over.
    #[wasm_bindgen(js_name = certainlySafe, unchecked_return_type = "number[]")]
    pub fn certainly_safe(&self) -> Array {
        self.game()
            .certainly_safe()
            .into_iter()
            .map(|cell| JsValue::from(cell as u32))
            .collect()
    }
}
