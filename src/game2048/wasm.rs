//! 2048 in JS: `Board2048` (the kata's board) and `Game2048`.

// A page's engine is built without the calls besides the contract (the `calls` feature),
// which leaves some imports and helpers here unused in that build.
#![cfg_attr(not(feature = "calls"), allow(dead_code, unused_imports))]

use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::direction::Direction;
use crate::game2048::Game2048;
#[cfg(feature = "calls")]
use crate::game2048::Tiles2048;
use crate::grid::{self, SlidingGame};
use crate::replay::Replay;
use crate::wasm::redo_member;
#[cfg(feature = "calls")]
use crate::wasm::sliding::{board_class, cells_from_js};
use crate::wasm::sliding::{cells_to_js, game_class, turn_to_js};

// The class docs are `#[doc = "…"]`, not `///`: a `///` passed through a macro reaches
// wasm-bindgen as a raw string and lands in the .d.ts as `r" …`.
// A call besides the contract (the `calls` feature): no page plays a bare board.
#[cfg(feature = "calls")]
board_class!(
    #[doc = "The 2048 kata's board: a 2048 move without a new tile."]
    JsBoard2048,
    "Board2048",
    Tiles2048
);

game_class!(
    #[doc = "A whole game of 2048, with undo."]
    JsGame2048,
    "Game2048",
    Game2048
);
redo_member!(JsGame2048, "Game2048");

/// The score, and whether a 2048 has been made (play may go on after it).
impl crate::wasm::JsReadouts for Game2048 {
    fn readouts_to_js(&self) -> js_sys::Object {
        let object = js_sys::Object::new();
        crate::wasm::set(&object, "score", self.score() as f64);
        crate::wasm::set(&object, "made2048", self.won());
        object
    }
}

#[wasm_bindgen(js_class = "Game2048")]
impl JsGame2048 {
    #[cfg(feature = "calls")]
    /// True once a 2048 tile has been made; play may go on.
    pub fn won(&self) -> bool {
        self.game().won()
    }
}
