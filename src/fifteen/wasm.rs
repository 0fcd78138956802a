//! The sliding puzzle in JS: `Fifteen`.

// A page's engine is built without the calls besides the contract (the `calls` feature),
// which leaves some imports and helpers here unused in that build.
#![cfg_attr(not(feature = "calls"), allow(dead_code, unused_imports))]

use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::contract::Rules;
use crate::fifteen::{self, Fifteen, Opening};
use crate::replay::{Game, Replay};
use crate::wasm::{
    describe, direction_from_js, index_from_js, items, redo_member, replay_members, seed_from_js,
};

/// A sliding puzzle in play: where it started and every slide since.
#[wasm_bindgen(js_name = "Fifteen")]
pub struct JsFifteen {
    replay: Replay<Fifteen>,
}

replay_members!(JsFifteen, "Fifteen", replay: Fifteen, move: "number | Direction", moves: "number[]", found: "{ ok: true, move: number } | { ok: false, reason: string }", typed: "{ ok: true, move: number } | { ok: false, reason: string } | null", plan: "{ moves: number[], saves: string[], solution: boolean, shortest: boolean, why: string | null }");
redo_member!(JsFifteen, "Fifteen");

/// A move is the cell of the tile tapped: it and every tile between it and the blank slide.
/// `play` also takes a direction's name: the tile beside the blank slides that way.
/// The squares whose tile is in its place in the solved order (`inPlace`, which the page marks);
/// the moves and the clock the page counts itself.
impl crate::wasm::JsReadouts for Fifteen {
    fn readouts_to_js(&self) -> js_sys::Object {
        let object = js_sys::Object::new();
        let in_place: Vec<usize> = (0..self.size() * self.size())
            .filter(|&cell| usize::from(self.tiles()[cell]) == cell + 1)
            .collect();
        crate::wasm::set(&object, "inPlace", crate::wasm::numbers(&in_place));
        object
    }
}

impl crate::wasm::JsMoves for Fifteen {
    fn move_to_js(&self, slide: fifteen::Slide) -> JsValue {
        self.tapped(slide)
            .map_or(JsValue::NULL, |cell| JsValue::from(cell as u32))
    }

    fn move_from_js(&self, value: &JsValue) -> Result<Result<fifteen::Slide, String>, String> {
        if value.is_string() {
            let direction = direction_from_js(value, "play").map_err(|_| {
                format!(
                    "expected a cell or \"up\", \"down\", \"left\" or \"right\", got {}",
                    describe(value)
                )
            })?;
            return Ok(Rules::toward(self, direction));
        }
        let cell = index_from_js(value, "the cell")
            .ok()
            .filter(|&cell| cell < self.cells())
            .ok_or_else(|| {
                format!(
                    "expected a cell from 0 to {} or a direction, got {}",
                    self.cells() - 1,
                    describe(value)
                )
            })?;
        // A tap on the tile: the contract's one act of Fifteen's squares.
        Ok(Rules::on_square(self, 0, cell))
    }
}

/// Tiles from JS: an array of whole numbers (checked further by the rules).
fn tiles_from_js(value: &JsValue, what: &str) -> Result<Vec<u32>, JsError> {
    let values = items(value).ok_or_else(|| {
        JsError::new(&format!(
            "{what}: expected an array of 9, 16 or 25 tile numbers, got {}",
            describe(value)
        ))
    })?;
    values
        .iter()
        .enumerate()
        .map(|(i, v)| match v.as_f64() {
            Some(n) if n.fract() == 0.0 && (0.0..=255.0).contains(&n) => Ok(n as u32),
            Some(n) if n.fract() == 0.0 && n > 255.0 => Ok(u32::MAX),
            _ => Err(JsError::new(&format!(
                "{what}: tiles[{i}] is {}, not a tile number",
                describe(v)
            ))),
        })
        .collect()
}

/// A board width from JS: 3, 4 or 5; errors start with `what`.
fn size_from_js(value: &JsValue, what: &str) -> Result<usize, JsError> {
    value
        .as_f64()
        .filter(|&n| n.fract() == 0.0 && (0.0..=9.0).contains(&n))
        .map(|n| n as usize)
        .filter(|&size| fifteen::is_size(size))
        .ok_or_else(|| {
            JsError::new(&format!(
                "{what}: the size must be 3, 4 or 5 (a square board of that width), got {}",
                describe(value)
            ))
        })
}

fn numbers(values: impl IntoIterator<Item = u8>) -> Array {
    values.into_iter().map(JsValue::from).collect()
}

#[wasm_bindgen(js_class = "Fifteen")]
impl JsFifteen {
    #[cfg(feature = "calls")]
    /// A deal of a `size`×`size` board (3, 4 or 5), uniform over the solvable arrangements and
    /// never already solved; from `seed` (a whole number below 2^32), or a random one if
    /// omitted.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] seed: JsValue,
    ) -> Result<JsFifteen, JsError> {
        let opening = Opening::Deal {
            size: size_from_js(&size, "Fifteen")?,
            seed: seed_from_js(&seed, "Fifteen")?,
        };
        Ok(JsFifteen {
            replay: Replay::new(opening),
        })
    }

    #[cfg(feature = "calls")]
    /// A puzzle from tiles in reading order (0 = the blank); throws unless they are a
    /// solvable permutation of 0…n²−1 for n = 3, 4 or 5.
    #[wasm_bindgen(js_name = fromTiles)]
    pub fn from_tiles(
        #[wasm_bindgen(unchecked_param_type = "number[]")] tiles: JsValue,
    ) -> Result<JsFifteen, JsError> {
        let tiles = tiles_from_js(&tiles, "fromTiles")?;
        let board =
            Fifteen::from_tiles(&tiles).map_err(|e| JsError::new(&format!("fromTiles: {e}")))?;
        Ok(JsFifteen {
            replay: Replay::new(Opening::Tiles(board)),
        })
    }

    #[cfg(feature = "calls")]
    /// Whether the goal can be reached from `tiles` (the inversion rules); throws unless they
    /// are a permutation of 0…n²−1 for n = 3, 4 or 5.
    #[wasm_bindgen(js_name = isSolvable)]
    pub fn is_solvable(
        #[wasm_bindgen(unchecked_param_type = "number[]")] tiles: JsValue,
    ) -> Result<bool, JsError> {
        let tiles = tiles_from_js(&tiles, "isSolvable")?;
        fifteen::check_permutation(&tiles)
            .map_err(|e| JsError::new(&format!("isSolvable: {e}")))?;
        let tiles: Vec<u8> = tiles.iter().map(|&t| t as u8).collect();
        Ok(fifteen::is_solvable(&tiles))
    }

    /// Builds the solver's tables for boards of width `size` now rather than at the first
    /// solve, so that the build can be timed or done ahead (`make bench-fifteen`).
    #[cfg(feature = "helpers")]
    #[wasm_bindgen(js_name = prepareSolver)]
    pub fn prepare_solver(
        #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
    ) -> Result<(), JsError> {
        fifteen::solver::prepare(size_from_js(&size, "prepareSolver")?);
        Ok(())
    }

    /// The solver's 4×4 and 5×5 tables as bytes to keep (an empty array until they are built),
    /// so a later visit can take them back with `useSolverTables` instead of building them.
    #[cfg(feature = "helpers")]
    #[wasm_bindgen(js_name = solverTables)]
    pub fn solver_tables() -> Vec<u8> {
        fifteen::solver::written_tables()
    }

    /// Takes tables `solverTables` gave (from an instance of the same engine) instead of
    /// building them; throws `useSolverTables: …` for bytes that are not such tables.
    #[cfg(feature = "helpers")]
    #[wasm_bindgen(js_name = useSolverTables)]
    pub fn use_solver_tables(
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    ) -> Result<(), JsError> {
        let bytes = bytes.dyn_ref::<js_sys::Uint8Array>().ok_or_else(|| {
            JsError::new(&format!(
                "useSolverTables: expected the Uint8Array solverTables() gave, got {}",
                crate::wasm::describe(&bytes)
            ))
        })?;
        fifteen::solver::use_tables(&bytes.to_vec())
            .map_err(|e| JsError::new(&format!("useSolverTables: {e}")))
    }

    fn board(&self) -> &Fifteen {
        self.replay.game()
    }

    #[cfg(feature = "calls")]
    /// The tiles in reading order, 0 for the blank.
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn tiles(&self) -> Array {
        numbers(self.board().tiles().iter().copied())
    }

    #[cfg(feature = "calls")]
    /// The board's width (3, 4 or 5).
    pub fn size(&self) -> u32 {
        self.board().size() as u32
    }

    #[cfg(feature = "calls")]
    /// The blank's cell index.
    pub fn blank(&self) -> u32 {
        self.board().blank() as u32
    }

    #[cfg(feature = "calls")]
    /// Whether every tile is home.
    #[wasm_bindgen(js_name = isSolved)]
    pub fn is_solved(&self) -> bool {
        self.board().is_solved()
    }

    #[cfg(feature = "calls")]
    /// The tiles it started from (for the optimal length of the whole game).
    #[wasm_bindgen(js_name = startTiles, unchecked_return_type = "number[]")]
    pub fn start_tiles(&self) -> Array {
        numbers(Fifteen::start(self.replay.start()).tiles().iter().copied())
    }

    #[cfg(feature = "calls")]
    /// Moves the tile at cell `from` into the blank at cell `to` (a single move); throws,
    /// board unchanged, if either is off the board, they are not neighbours, or `to` is not
    /// the blank.
    #[wasm_bindgen(js_name = "move")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] to: JsValue,
    ) -> Result<(), JsError> {
        let from = index_from_js(&from, "move: from")?;
        let to = index_from_js(&to, "move: to")?;
        let slide = self
            .board()
            .step(from, to)
            .map_err(|e| JsError::new(&format!("move: {e}")))?;
        self.replay.play(slide);
        Ok(())
    }

    #[cfg(feature = "calls")]
    /// Slides the tile at `cell` and every tile between it and the blank one step toward the
    /// blank; returns how many moved (0 for the blank itself). Throws for a cell off the board
    /// or outside the blank's row and column.
    pub fn slide(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] cell: JsValue,
    ) -> Result<u32, JsError> {
        let cell = index_from_js(&cell, "slide: cell")?;
        let slide = self
            .board()
            .segment(cell)
            .map_err(|e| JsError::new(&format!("slide: {e}")))?;
        Ok(self.replay.play(slide).map_or(0, |s| s.tiles() as u32))
    }

    #[cfg(feature = "calls")]
    /// How many tiles `slide(cell)` would move: 1 for a tile beside the blank, more for one
    /// further along its row or column, 0 for the blank or a tile out of line (so a page can
    /// refuse a tap without a thrown Error). Throws only for a cell off the board.
    #[wasm_bindgen(js_name = tilesToSlide)]
    pub fn tiles_to_slide(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] cell: JsValue,
    ) -> Result<u32, JsError> {
        let cell = index_from_js(&cell, "tilesToSlide: cell")?;
        match self.board().segment(cell) {
            Ok(slide) => Ok(slide.tiles() as u32),
            Err(fifteen::MoveError::NotInLine { .. }) => Ok(0),
            Err(e) => Err(JsError::new(&format!("tilesToSlide: {e}"))),
        }
    }

    #[cfg(feature = "calls")]
    /// Moves the tile next to the blank toward `"up"`, `"down"`, `"left"` or `"right"` (a
    /// swipe or arrow key); true iff there was one to move.
    pub fn nudge(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Direction")] direction: JsValue,
    ) -> Result<bool, JsError> {
        let direction = direction_from_js(&direction, "nudge")?;
        Ok(match self.board().nudge(direction) {
            Some(slide) => self.replay.play(slide).is_some(),
            None => false,
        })
    }

    /// The tile numbers to move, one per move, that solve the puzzle: optimal (fewest moves)
    /// on 3×3 and 4×4, short on 5×5. Empty when solved.
    #[cfg(feature = "helpers")]
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn solve(&self) -> Array {
        numbers(fifteen::solver::solve(self.board().tiles()))
    }

    /// The first tile of `solve()`, or `undefined` when solved.
    #[cfg(feature = "helpers")]
    pub fn hint(&self) -> Option<u8> {
        fifteen::solver::solve(self.board().tiles())
            .first()
            .copied()
    }
}
