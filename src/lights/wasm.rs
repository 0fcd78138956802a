//! Lights Out in JS: `LightsOut`, the contract's members alone.

use wasm_bindgen::prelude::*;

use crate::lights::{Lights, Press, SQUARES};
use crate::replay::Replay;
use crate::wasm::{describe, index_from_js, redo_member, replay_members};

/// A game of Lights Out: every press since the deal.
#[wasm_bindgen(js_name = "LightsOut")]
pub struct JsLightsOut {
    replay: Replay<Lights>,
}

replay_members!(JsLightsOut, "LightsOut", replay: Lights, move: "number", moves: "number[]", found: "{ ok: true, move: number } | { ok: false, reason: string }", typed: "{ ok: true, move: number } | { ok: false, reason: string } | null", plan: "{ moves: number[], saves: string[], solution: boolean, shortest: boolean, why: string | null }");
redo_member!(JsLightsOut, "LightsOut");

/// `{lit}`: how many lights are on.
impl crate::wasm::JsReadouts for Lights {
    fn readouts_to_js(&self) -> js_sys::Object {
        let object = js_sys::Object::new();
        crate::wasm::set(&object, "lit", self.lit());
        object
    }
}

/// A move is a square's number, 0 … 8 in reading order.
impl crate::wasm::JsMoves for Lights {
    fn move_to_js(&self, press: Press) -> JsValue {
        JsValue::from(u32::from(press.cell))
    }

    fn move_from_js(&self, value: &JsValue) -> Result<Result<Press, String>, String> {
        let cell = index_from_js(value, "the square")
            .map_err(|_| format!("expected a square, 0 to 8, got {}", describe(value)))?;
        if cell >= SQUARES {
            return Err(format!(
                "square {cell} is off the board (squares are 0 to 8)"
            ));
        }
        Ok(Ok(Press { cell: cell as u8 }))
    }
}
