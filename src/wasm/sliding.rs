//! What the sliding 4×4 games (Threes, 2048) share in JS: the grid as arrays, directions, what
//! a move did, and the two class shapes written once as macros: `board_class!` (a board that
//! moves without new tiles) and `game_class!` (a whole game with its move log); each game's
//! file then adds what only it has.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::{describe, items, numbers, set};
use crate::grid::{self, Cells, Tiles, Turn};

pub(crate) fn cells_to_js(cells: &Cells) -> Array {
    cells
        .iter()
        .map(|row| row.iter().map(|&v| JsValue::from(v)).collect::<Array>())
        .collect()
}

/// Reads `rows` (4 arrays of 4 numbers) into cells holding `T`'s tiles.
pub(crate) fn cells_from_js<T: Tiles>(rows: &JsValue) -> Result<Cells, JsError> {
    let rows = items(rows).ok_or_else(|| {
        JsError::new(&format!(
            "setGrid: expected an array of {} rows, got {}",
            grid::SIZE,
            describe(rows)
        ))
    })?;
    let mut parsed = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let cells = items(row).ok_or_else(|| {
            JsError::new(&format!(
                "setGrid: rows[{r}] is {}, not an array of {} numbers",
                describe(row),
                grid::SIZE
            ))
        })?;
        parsed.push(cells.iter().map(JsValue::as_f64).collect());
    }
    grid::parse_cells::<T>(&parsed).map_err(|e| JsError::new(&format!("setGrid: {e}")))
}

/// `{direction, slides: [[fromRow, fromCol, toRow, toCol]…], merges: [[row, col]…],
/// spawn: [row, col, value], points}`, the `lastMove()` shape of docs/api.md: `points` is
/// what the move added to the score.
pub(crate) fn turn_to_js(&(turn, points): &(Turn, u64)) -> JsValue {
    let object = Object::new();
    set(&object, "direction", turn.trace.direction.name());
    let slides: Array = turn
        .trace
        .slides()
        .iter()
        .map(|s| numbers(&[s.from.0, s.from.1, s.to.0, s.to.1]))
        .collect();
    set(&object, "slides", slides);
    let merges: Array = turn
        .trace
        .merges()
        .iter()
        .map(|&(r, c)| numbers(&[r, c]))
        .collect();
    set(&object, "merges", merges);
    let spawn = turn.spawn;
    set(
        &object,
        "spawn",
        numbers(&[spawn.row, spawn.col, spawn.value as usize]),
    );
    set(&object, "points", points as f64);
    object.into()
}

/// A board class that moves without dealing new tiles.
macro_rules! board_class {
    ($(#[$doc:meta])* $rust:ident, $class:literal, $tiles:ty) => {
        $(#[$doc])*
        #[wasm_bindgen(js_name = $class)]
        pub struct $rust {
            board: grid::Board<$tiles>,
        }

        #[wasm_bindgen(js_class = $class)]
        impl $rust {
            /// An empty 4×4 board.
            #[wasm_bindgen(constructor)]
            #[allow(clippy::new_without_default)]
            pub fn new() -> $rust {
                $rust {
                    board: grid::Board::new(),
                }
            }

            /// 4 arrays of 4 numbers, row by row from the top; 0 is empty.
            #[wasm_bindgen(js_name = getGrid, unchecked_return_type = "number[][]")]
            pub fn get_grid(&self) -> Array {
                cells_to_js(self.board.cells())
            }

            /// Replaces the tiles with `rows`, 4 arrays of 4 numbers as `getGrid()` gives;
            /// throws (board unchanged) on a wrong shape or value.
            #[wasm_bindgen(js_name = setGrid)]
            pub fn set_grid(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "number[][]")] rows: JsValue,
            ) -> Result<(), JsError> {
                let cells = cells_from_js::<$tiles>(&rows)?;
                self.board
                    .set_cells(cells)
                    .map_err(|e| JsError::new(&format!("setGrid: {e}")))
            }

            /// Moves up without a new tile; true iff the board changed.
            pub fn up(&mut self) -> bool {
                self.board.shift(Direction::Up).changed()
            }

            /// Moves down without a new tile; true iff the board changed.
            pub fn down(&mut self) -> bool {
                self.board.shift(Direction::Down).changed()
            }

            /// Moves left without a new tile; true iff the board changed.
            pub fn left(&mut self) -> bool {
                self.board.shift(Direction::Left).changed()
            }

            /// Moves right without a new tile; true iff the board changed.
            pub fn right(&mut self) -> bool {
                self.board.shift(Direction::Right).changed()
            }
        }
    };
}

/// A game class: the deal, moves, what the last move did, and the replay members.
macro_rules! game_class {
    ($(#[$doc:meta])* $rust:ident, $class:literal, $game:ty) => {
        $(#[$doc])*
        #[wasm_bindgen(js_name = $class)]
        pub struct $rust {
            replay: Replay<$game>,
            /// What the last move did and the points it scored, for `lastMove()`; gone after
            /// an undo or a load.
            last: Option<(grid::Turn, u64)>,
        }

        impl crate::wasm::Played for $rust {
            type Game = $game;

            fn from_replay(replay: Replay<$game>) -> $rust {
                $rust { replay, last: None }
            }

            fn replay(&self) -> &Replay<$game> {
                &self.replay
            }

            fn undo(&mut self) -> bool {
                let undone = self.replay.undo();
                if undone {
                    self.last = None;
                }
                undone
            }

            fn redo(&mut self) -> Option<String> {
                let told = self.replay.redo_told()?;
                self.last = None;
                Some(told)
            }

            fn attempt(&mut self, direction: Direction) -> Result<String, String> {
                let before = grid::SlidingGame::score(self.replay.game());
                let (turn, told) = self.replay.attempt_told(direction)?;
                let points = grid::SlidingGame::score(self.replay.game()).saturating_sub(before);
                self.last = Some((turn, points));
                Ok(told)
            }
        }

        /// A move is a direction's name.
        impl crate::wasm::JsMoves for $game {
            fn move_to_js(&self, direction: Direction) -> JsValue {
                JsValue::from_str(direction.name())
            }

            fn move_from_js(&self, value: &JsValue) -> Result<Result<Direction, String>, String> {
                crate::wasm::direction_from_js(value, "play")
                    .map(Ok)
                    .map_err(|_| {
                        format!(
                            "expected \"up\", \"down\", \"left\" or \"right\", got {}",
                            crate::wasm::describe(value)
                        )
                    })
            }
        }

        crate::wasm::replay_members!($rust, $class, move: "Direction", moves: "Direction[]", found: "{ ok: true, move: Direction } | { ok: false, reason: string }", typed: "{ ok: true, move: Direction } | { ok: false, reason: string } | null", plan: "{ moves: Direction[], saves: string[], solution: boolean, shortest: boolean, why: string | null }");

        #[wasm_bindgen(js_class = $class)]
        impl $rust {
            #[cfg(feature = "calls")]
            /// A new deal for `seed` (a whole number below 2^32), or a random one if omitted.
            #[wasm_bindgen(constructor)]
            pub fn new(
                #[wasm_bindgen(unchecked_optional_param_type = "number | null")] seed: JsValue,
            ) -> Result<$rust, JsError> {
                let seed = crate::wasm::seed_from_js(&seed, $class)?;
                Ok(<$rust as crate::wasm::Played>::from_replay(Replay::new(seed)))
            }

            fn game(&self) -> &$game {
                self.replay.game()
            }

            #[cfg(feature = "calls")]
            /// 4 arrays of 4 numbers, row by row from the top; 0 is empty.
            #[wasm_bindgen(js_name = getGrid, unchecked_return_type = "number[][]")]
            pub fn get_grid(&self) -> Array {
                cells_to_js(self.game().board().cells())
            }

            #[cfg(feature = "calls")]
            /// Plays `"up"`, `"down"`, `"left"` or `"right"`; true iff legal and made.
            #[wasm_bindgen(js_name = "move")]
            pub fn shift(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "Direction")] direction: JsValue,
            ) -> Result<bool, JsError> {
                let direction = crate::wasm::direction_from_js(&direction, "move")?;
                Ok(crate::wasm::Played::attempt(self, direction).is_ok())
            }

            /// What the last legal move did, for animation, or null before the first move and
            /// after an undo or a load: its direction, every tile that changed cell
            /// (`[fromRow, fromCol, toRow, toCol]`), the cells that now hold a merged tile
            /// (`[row, col]`), the tile that entered after it (`[row, col, value]`), and the
            /// `points` it added to the score (2048's merges; Threes' cards' points).
            #[wasm_bindgen(
                js_name = lastMove,
                unchecked_return_type = "LastMove | null"
            )]
            pub fn last_move(&self) -> JsValue {
                self.last.as_ref().map_or(JsValue::NULL, turn_to_js)
            }

            #[cfg(feature = "calls")]
            /// The score so far: in Threes every tile's points summed, in 2048 the values of
            /// every tile a merge has made.
            pub fn score(&self) -> f64 {
                self.game().score() as f64
            }

            #[cfg(feature = "calls")]
            /// The highest tile on the board.
            pub fn highest(&self) -> u32 {
                self.game().board().highest()
            }

            #[cfg(feature = "calls")]
            /// True once no move is legal.
            #[wasm_bindgen(js_name = isOver)]
            pub fn is_over(&self) -> bool {
                self.game().is_over()
            }

            /// Builds the AI's tables now (some 20–40 ms), so that the first `bestMove` keeps to
            /// its budget too; the page's AI worker calls it as it starts.
            #[cfg(feature = "helpers")]
            #[wasm_bindgen(js_name = prepareAi)]
            pub fn prepare_ai() {
                <$game as crate::ai::Player>::prepare();
            }

            /// The AI's move, chosen within `budgetMs` milliseconds: `"up"`, `"down"`,
            /// `"left"` or `"right"`, or null when the game is over. The game is unchanged.
            #[cfg(feature = "helpers")]
            #[wasm_bindgen(
                js_name = bestMove,
                unchecked_return_type = "Direction | null"
            )]
            pub fn best_move(
                &self,
                #[wasm_bindgen(js_name = budgetMs, unchecked_param_type = "number")]
                budget_ms: JsValue,
            ) -> Result<JsValue, JsError> {
                let budget_ms = crate::wasm::budget_from_js(&budget_ms, "bestMove")?;
                let choice = crate::ai::Player::best_move(self.game(), budget_ms);
                Ok(choice
                    .direction
                    .map_or(JsValue::NULL, |d| JsValue::from_str(d.name())))
            }
        }
    };
}

pub(crate) use {board_class, game_class};
