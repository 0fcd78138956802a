//! The JS API: a thin `#[wasm_bindgen]` layer over the plain-Rust rules.
//!
//! Every value coming from JS is checked here and refused with a JS `Error` naming the
//! problem; nothing a caller passes may reach a panic, because a panic poisons the instance.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::direction::Direction;
use crate::grid::{self, Cells};
use crate::replay::Replay;
use crate::rng;
use crate::threes::{self, ThreesMove};

fn cells_to_js(cells: &Cells) -> Array {
    cells
        .iter()
        .map(|row| row.iter().map(|&v| JsValue::from(v)).collect::<Array>())
        .collect()
}

/// A short description of a JS value for error messages.
fn describe(value: &JsValue) -> String {
    if let Some(s) = value.as_string() {
        format!("{s:?}")
    } else if let Some(n) = value.as_f64() {
        n.to_string()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// Reads `rows` (4 arrays of 4 numbers) into cells allowed by `is_tile`.
fn cells_from_js(
    rows: &JsValue,
    is_tile: impl Fn(u32) -> bool,
    tile_rule: &str,
) -> Result<Cells, JsError> {
    if !Array::is_array(rows) {
        return Err(JsError::new(&format!(
            "setGrid: expected an array of {} rows, got {}",
            grid::SIZE,
            describe(rows)
        )));
    }
    let mut parsed = Vec::new();
    for (r, row) in rows.unchecked_ref::<Array>().iter().enumerate() {
        if !Array::is_array(&row) {
            return Err(JsError::new(&format!(
                "setGrid: rows[{r}] is {}, not an array of {} numbers",
                describe(&row),
                grid::SIZE
            )));
        }
        parsed.push(
            row.unchecked_ref::<Array>()
                .iter()
                .map(|v| v.as_f64())
                .collect(),
        );
    }
    grid::parse_cells(&parsed, is_tile, tile_rule)
        .map_err(|e| JsError::new(&format!("setGrid: {e}")))
}

fn direction_from_js(direction: &JsValue) -> Result<Direction, JsError> {
    let name = direction.as_string().ok_or_else(|| {
        JsError::new(&format!(
            "move: expected \"up\", \"down\", \"left\" or \"right\", got {}",
            describe(direction)
        ))
    })?;
    Direction::parse(&name).map_err(|e| JsError::new(&format!("move: {e}")))
}

/// `undefined` or `null` ⇒ a fresh random seed; otherwise a whole number in 0..2^32.
fn seed_from_js(seed: &JsValue) -> Result<u32, JsError> {
    if seed.is_undefined() || seed.is_null() {
        return Ok(rng::fresh_seed());
    }
    match seed.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => Ok(n as u32),
        _ => Err(JsError::new(&format!(
            "seed must be a whole number from 0 to 4294967295, got {}",
            describe(seed)
        ))),
    }
}

fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a plain property on a fresh plain object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

fn pair(a: usize, b: usize) -> Array {
    Array::of2(&JsValue::from(a as u32), &JsValue::from(b as u32))
}

/// `{direction, slides: [[fromRow, fromCol, toRow, toCol]…], merges: [[row, col]…],
/// spawn: [row, col, value]}`, the README's `lastMove()` shape.
fn move_to_js(report: &ThreesMove) -> JsValue {
    let object = Object::new();
    set(&object, "direction", report.trace.direction.name());
    let slides: Array = report
        .trace
        .slides()
        .iter()
        .map(|s| {
            let a = pair(s.from.0, s.from.1);
            a.push(&JsValue::from(s.to.0 as u32));
            a.push(&JsValue::from(s.to.1 as u32));
            a
        })
        .collect();
    set(&object, "slides", slides);
    let merges: Array = report
        .trace
        .merges()
        .iter()
        .map(|&(r, c)| pair(r, c))
        .collect();
    set(&object, "merges", merges);
    let spawn = pair(report.spawn.row, report.spawn.col);
    spawn.push(&JsValue::from(report.spawn.value));
    set(&object, "spawn", spawn);
    object.into()
}

/// Seed 000's board: a Threes move without a new tile.
#[wasm_bindgen(js_name = Board)]
pub struct JsBoard {
    board: threes::Board,
}

#[wasm_bindgen(js_class = Board)]
impl JsBoard {
    /// An empty 4×4 board.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> JsBoard {
        JsBoard {
            board: threes::Board::new(),
        }
    }

    /// 4 arrays of 4 numbers, row by row from the top; 0 is empty.
    #[wasm_bindgen(js_name = getGrid)]
    pub fn get_grid(&self) -> Array {
        cells_to_js(self.board.cells())
    }

    /// Replaces the tiles; throws (board unchanged) on a wrong shape or a non-Threes value.
    #[wasm_bindgen(js_name = setGrid)]
    pub fn set_grid(&mut self, rows: JsValue) -> Result<(), JsError> {
        let cells = cells_from_js(&rows, threes::is_tile, threes::TILE_RULE)?;
        self.board
            .set_cells(cells)
            .map_err(|e| JsError::new(&format!("setGrid: {e}")))
    }

    pub fn up(&mut self) -> bool {
        self.board.shift(Direction::Up).changed()
    }

    pub fn down(&mut self) -> bool {
        self.board.shift(Direction::Down).changed()
    }

    pub fn left(&mut self) -> bool {
        self.board.shift(Direction::Left).changed()
    }

    pub fn right(&mut self) -> bool {
        self.board.shift(Direction::Right).changed()
    }
}

/// A whole game of Threes with its move log.
#[wasm_bindgen(js_name = ThreesGame)]
pub struct JsThreesGame {
    replay: Replay<threes::ThreesGame>,
    last: Option<ThreesMove>,
}

#[wasm_bindgen(js_class = ThreesGame)]
impl JsThreesGame {
    /// A new deal for `seed` (a whole number below 2^32), or for a random seed if omitted.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: JsValue) -> Result<JsThreesGame, JsError> {
        Ok(JsThreesGame {
            replay: Replay::new(seed_from_js(&seed)?),
            last: None,
        })
    }

    /// Reads a text from `save()` back into the identical game; throws if it is not one.
    pub fn load(text: JsValue) -> Result<JsThreesGame, JsError> {
        let text = text.as_string().ok_or_else(|| {
            JsError::new(&format!(
                "load: expected a save string, got {}",
                describe(&text)
            ))
        })?;
        let replay = Replay::load(&text).map_err(|e| JsError::new(&format!("load: {e}")))?;
        Ok(JsThreesGame { replay, last: None })
    }

    #[wasm_bindgen(js_name = getGrid)]
    pub fn get_grid(&self) -> Array {
        cells_to_js(self.replay.game().board().cells())
    }

    /// The preview of the next tile: `[v]` for 1, 2 or 3; up to three candidates for a bonus.
    #[wasm_bindgen(js_name = nextTiles)]
    pub fn next_tiles(&self) -> Array {
        let preview = self.replay.game().next().preview();
        preview.into_iter().map(JsValue::from).collect()
    }

    /// Plays `"up"`, `"down"`, `"left"` or `"right"`; true iff the move was legal and made.
    #[wasm_bindgen(js_name = "move")]
    pub fn play(&mut self, direction: JsValue) -> Result<bool, JsError> {
        let direction = direction_from_js(&direction)?;
        let report = self.replay.play(direction);
        if report.is_some() {
            self.last = report;
        }
        Ok(report.is_some())
    }

    /// What the last legal move did, for animation (see the README), or null.
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> JsValue {
        self.last.as_ref().map_or(JsValue::NULL, move_to_js)
    }

    pub fn score(&self) -> f64 {
        self.replay.game().score() as f64
    }

    /// The points each cell's tile is worth, as 4 arrays of 4 (the game-over score sheet).
    #[wasm_bindgen(js_name = tileScores)]
    pub fn tile_scores(&self) -> Array {
        let cells = self.replay.game().board().cells();
        cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&v| JsValue::from(threes::tile_score(v) as f64))
                    .collect::<Array>()
            })
            .collect()
    }

    pub fn highest(&self) -> u32 {
        self.replay.game().highest()
    }

    #[wasm_bindgen(js_name = moveCount)]
    pub fn move_count(&self) -> u32 {
        self.replay.moves().len() as u32
    }

    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.replay.game().is_over()
    }

    pub fn seed(&self) -> u32 {
        self.replay.seed()
    }

    /// A compact text that `ThreesGame.load` turns back into this exact game.
    pub fn save(&self) -> String {
        self.replay.save()
    }
}
