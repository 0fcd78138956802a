//! Speed figures of the AI in wasm, only in a `--features bench` build (scripts/bench-ai.mjs):
//! the same measurements as `gridplay-bench kernel` and `search`, in the same code
//! (`ai::measure`), built with the page's profile and wasm-opt flags.

use js_sys::Object;
use wasm_bindgen::prelude::*;

use super::set;
use crate::ai::measure;
use crate::game2048::Game2048;
use crate::threes::ThreesGame;

/// Moves a second of the bitboard and of the game's `Board` on `count` positions:
/// `{bitboard, board, checksum}`.
#[wasm_bindgen(js_name = benchKernel)]
pub fn bench_kernel(game: &str, count: usize) -> Result<Object, JsError> {
    let rate = match game {
        "threes" => measure::kernel(crate::threes::ai::tables(), count, ThreesGame::deal),
        "2048" => measure::kernel(crate::game2048::ai::tables(), count, Game2048::deal),
        _ => return Err(JsError::new(&format!("benchKernel: no AI plays {game:?}"))),
    };
    let out = Object::new();
    set(&out, "bitboard", rate.bitboard);
    set(&out, "board", rate.board);
    set(&out, "checksum", (rate.checksum & 0xFFF) as u32);
    Ok(out)
}

/// `bestMove(budgetMs)` on `count` mid-game positions: `{statesPerSecond, meanDepth,
/// longestMs}`.
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(game: &str, budget_ms: f64, count: usize) -> Result<Object, JsError> {
    let rate = match game {
        "threes" => measure::search(ThreesGame::deal, budget_ms, count),
        "2048" => measure::search(Game2048::deal, budget_ms, count),
        _ => return Err(JsError::new(&format!("benchSearch: no AI plays {game:?}"))),
    };
    let out = Object::new();
    set(&out, "statesPerSecond", rate.states_per_s);
    set(&out, "meanDepth", rate.mean_depth);
    set(&out, "longestMs", rate.longest_ms);
    Ok(out)
}
