//! Tic-tac-toe in JS: `TicTacToe`.

// A page's engine is built without the calls besides the contract (the `calls` feature),
// which leaves some imports and helpers here unused in that build.
#![cfg_attr(not(feature = "calls"), allow(dead_code, unused_imports))]

use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::replay::Replay;
use crate::tictactoe::{EmptyBoard, Mark, Place, TicTacToe, CELLS};
use crate::wasm::{describe, index_from_js, redo_member, replay_members};

/// A game of tic-tac-toe: every mark placed since the empty board.
#[wasm_bindgen(js_name = "TicTacToe")]
pub struct JsTicTacToe {
    replay: Replay<TicTacToe>,
}

// `moveCount` is the marks placed; `seed` is always undefined (nothing in it is random).
replay_members!(JsTicTacToe, "TicTacToe", replay: TicTacToe, move: "number", moves: "number[]", found: "{ ok: true, move: number } | { ok: false, reason: string }", typed: "{ ok: true, move: number } | { ok: false, reason: string } | null", plan: "{ moves: number[], saves: string[], solution: boolean, shortest: boolean, why: string | null }");
redo_member!(JsTicTacToe, "TicTacToe");

/// A move is a cell's number, 0…8 in reading order.
/// Whose turn it is (`"X"` or `"O"`, `""` once the game has ended), who has won (`""` for
/// nobody yet, or a draw) and the three squares in a row that won (`[]` for none).
impl crate::wasm::JsReadouts for TicTacToe {
    fn readouts_to_js(&self) -> js_sys::Object {
        let object = js_sys::Object::new();
        crate::wasm::set(
            &object,
            "winner",
            self.winner().map_or(String::new(), |mark| mark.to_string()),
        );
        let line = self.winning_line().map_or(Vec::new(), |line| line.to_vec());
        crate::wasm::set(&object, "line", crate::wasm::numbers(&line));
        let turn = if self.is_over() {
            String::new()
        } else {
            self.turn().to_string()
        };
        crate::wasm::set(&object, "turn", turn);
        object
    }
}

impl crate::wasm::JsMoves for TicTacToe {
    fn move_to_js(&self, place: Place) -> JsValue {
        JsValue::from(u32::from(place.cell))
    }

    fn move_from_js(&self, value: &JsValue) -> Result<Result<Place, String>, String> {
        let cell = index_from_js(value, "the cell").map_err(|_| {
            format!(
                "expected a cell, a whole number from 0 to 8, got {}",
                describe(value)
            )
        })?;
        if cell >= CELLS {
            return Err(format!("cell {cell} is off the board (cells are 0 to 8)"));
        }
        Ok(Ok(Place { cell: cell as u8 }))
    }
}

fn letter(mark: Option<Mark>) -> String {
    mark.map(|m| m.letter().to_string()).unwrap_or_default()
}

#[wasm_bindgen(js_class = "TicTacToe")]
impl JsTicTacToe {
    #[cfg(feature = "calls")]
    /// The empty board, X to move.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)] // a JS constructor, not a Rust one
    pub fn new() -> JsTicTacToe {
        JsTicTacToe {
            replay: Replay::new(EmptyBoard),
        }
    }

    fn board(&self) -> &TicTacToe {
        self.replay.game()
    }

    #[cfg(feature = "calls")]
    /// The nine cells in reading order as marks: `""`, `"X"` or `"O"` (`cells()` gives them
    /// as codes: 0, 1 and 2).
    #[wasm_bindgen(unchecked_return_type = "(\"\" | \"X\" | \"O\")[]")]
    pub fn marks(&self) -> Array {
        self.board()
            .cells()
            .iter()
            .map(|&mark| JsValue::from(letter(mark)))
            .collect()
    }

    #[cfg(feature = "calls")]
    /// `"X"` or `"O"`: whose mark goes down next.
    #[wasm_bindgen(unchecked_return_type = "\"X\" | \"O\"")]
    pub fn turn(&self) -> String {
        letter(Some(self.board().turn()))
    }

    #[cfg(feature = "calls")]
    /// `"X"` or `"O"` once one has three in a line; `null` otherwise.
    #[wasm_bindgen(unchecked_return_type = "\"X\" | \"O\" | null")]
    pub fn winner(&self) -> JsValue {
        match self.board().winner() {
            Some(mark) => JsValue::from(letter(Some(mark))),
            None => JsValue::NULL,
        }
    }

    #[cfg(feature = "calls")]
    /// A full board without three in a line.
    #[wasm_bindgen(js_name = isDraw)]
    pub fn is_draw(&self) -> bool {
        self.board().is_draw()
    }

    #[cfg(feature = "calls")]
    /// Won or drawn.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.board().is_over()
    }

    #[cfg(feature = "calls")]
    /// The three cells of the winning line, or `null`.
    #[wasm_bindgen(
        js_name = winningLine,
        unchecked_return_type = "[number, number, number] | null"
    )]
    pub fn winning_line(&self) -> JsValue {
        match self.board().winning_line() {
            Some(line) => line
                .iter()
                .map(|&c| JsValue::from(c as u32))
                .collect::<Array>()
                .into(),
            None => JsValue::NULL,
        }
    }

    #[cfg(feature = "calls")]
    /// How the game ends from here with perfect play from both sides: `"X"` or `"O"` (the
    /// mark that wins, or has won) or `"draw"`. A move that turns the mover's win into a draw,
    /// or a draw into a loss, changes it.
    #[wasm_bindgen(unchecked_return_type = "\"X\" | \"O\" | \"draw\"")]
    pub fn outcome(&self) -> String {
        self.board()
            .outcome()
            .map_or_else(|| "draw".to_string(), |mark| letter(Some(mark)))
    }

    /// A cell perfect play chooses for the player to move: it never loses, and wins whenever
    /// a win can be forced (the quickest win). `null` once the game is over.
    #[wasm_bindgen(js_name = bestMove, unchecked_return_type = "number | null")]
    pub fn best_move(&self) -> JsValue {
        match self.board().best_move() {
            Some(cell) => JsValue::from(cell as u32),
            None => JsValue::NULL,
        }
    }

    /// The cell of the last mark, or `null` on an empty board (the view marks it as new).
    #[wasm_bindgen(js_name = lastMove, unchecked_return_type = "number | null")]
    pub fn last_move(&self) -> JsValue {
        match self.replay.moves().last() {
            Some(place) => JsValue::from(u32::from(place.cell)),
            None => JsValue::NULL,
        }
    }
}
