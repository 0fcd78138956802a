//! Threes in JS: `Board` (a Threes board without new tiles) and `ThreesGame`.

// A page's engine is built without the calls besides the contract (the `calls` feature),
// which leaves some imports and helpers here unused in that build.
#![cfg_attr(not(feature = "calls"), allow(dead_code, unused_imports))]

use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::direction::Direction;
use crate::grid::{self, SlidingGame};
use crate::replay::Replay;
#[cfg(feature = "calls")]
use crate::threes::Threes;
use crate::threes::{self, ThreesGame};
#[cfg(feature = "calls")]
use crate::wasm::sliding::{board_class, cells_from_js};
use crate::wasm::sliding::{cells_to_js, game_class, turn_to_js};

// The class docs are `#[doc = "…"]`, not `///`: a `///` passed through a macro reaches
// wasm-bindgen as a raw string and lands in the .d.ts as `r" …`.
// A call besides the contract (the `calls` feature): no page plays a bare board.
#[cfg(feature = "calls")]
board_class!(
    #[doc = "A test-first Threes tutorial's board: a Threes move without a new tile."]
    JsBoard,
    "Board",
    Threes
);

game_class!(
    #[doc = "A whole game of Threes."]
    JsThreesGame,
    "ThreesGame",
    ThreesGame
);

/// The score; the next card: `[v]` for 1, 2 or 3, up to three candidates for a bonus card,
/// `[]` once the game is over (no card is coming); and the points each square's card is worth
/// (`points`, reading order: the game-over score sheet).
impl crate::wasm::JsReadouts for ThreesGame {
    fn readouts_to_js(&self) -> js_sys::Object {
        let object = js_sys::Object::new();
        crate::wasm::set(&object, "score", self.score() as f64);
        let next: Array = if self.is_over() {
            Array::new()
        } else {
            self.next()
                .preview()
                .into_iter()
                .map(JsValue::from)
                .collect()
        };
        crate::wasm::set(&object, "next", next);
        let points: Array = self
            .board()
            .cells()
            .iter()
            .flatten()
            .map(|&v| JsValue::from(threes::tile_score(v) as f64))
            .collect();
        crate::wasm::set(&object, "points", points);
        object
    }
}

#[wasm_bindgen(js_class = "ThreesGame")]
impl JsThreesGame {
    #[cfg(feature = "calls")]
    /// The preview of the next tile: `[v]` for 1, 2 or 3; up to three candidates for a bonus.
    #[wasm_bindgen(js_name = nextTiles, unchecked_return_type = "number[]")]
    pub fn next_tiles(&self) -> Array {
        let preview = self.game().next().preview();
        preview.into_iter().map(JsValue::from).collect()
    }

    #[cfg(feature = "calls")]
    /// The points each cell's tile is worth, as 4 arrays of 4 (the game-over score sheet).
    #[wasm_bindgen(js_name = tileScores, unchecked_return_type = "number[][]")]
    pub fn tile_scores(&self) -> Array {
        let cells = self.game().board().cells();
        cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&v| JsValue::from(threes::tile_score(v) as f64))
                    .collect::<Array>()
            })
            .collect()
    }
}
