//! Gridplay: classic grid puzzles whose rules are plain Rust, played in the browser through
//! WebAssembly.
//!
//! Shared pieces come first (directions, the 4×4 grid and its line machinery, the seeded
//! random source, the move log), then one module per game; `wasm` is the thin JS surface.

pub mod ai;
pub mod daily;
pub mod direction;
pub mod fifteen;
pub mod game2048;
pub mod grid;
pub mod minesweeper;
pub mod replay;
pub mod rng;
pub mod term;
pub mod threes;
pub mod tictactoe;

// The JS classes are documented as the JS API in the README, in the names JS sees; some of
// their methods (getters such as `score`, `isOver`) carry no Rust doc of their own.
#[cfg(feature = "js")]
#[allow(missing_docs)]
pub mod wasm;

pub use direction::Direction;
pub use grid::SlidingGame;
pub use replay::{Game, LoadError, MoveCode, Replay};
