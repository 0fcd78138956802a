//! Gridplay: classic grid puzzles whose rules are plain Rust, played in the browser through
//! WebAssembly and in a terminal.
//!
//! Five games, each a module of rules with no I/O: [`threes`], [`game2048`], [`fifteen`] (the
//! sliding puzzle, with an optimal solver), [`minesweeper`] (no-guess boards, with the
//! deductive solver that checks them) and [`tictactoe`] (with a perfect player); each holds
//! its helper and its judge. [`ai`] is the expectimax search the players of Threes and 2048
//! (`threes::ai`, `game2048::ai`) share. Shared pieces: the swipe [`Direction`], the 4×4
//! [`grid`] and its line machinery, the seeded random source ([`rng`]), the day's seed
//! ([`daily`]) and the move log ([`replay`]). `wasm` is the thin JS surface the pages use,
//! [`term`] what the terminal front end (the `gridplay-term` binary) plays. The rules each
//! game follows, with their sources, are in `docs/rules.md`.
//!
//! Every game is dealt from a seed and is its start plus its moves: a [`Replay`] plays it,
//! saves it as a short text, loads it back and undoes moves.
//!
//! # Features
//!
//! - `js`: the JS bindings (wasm-bindgen, js-sys, web-sys) and the `wasm` module.
//! - `threes`, `game2048`, `fifteen`, `minesweeper`, `tictactoe`: each game's JS class; each
//!   turns on `js`. The page of a game loads a wasm built with its feature alone.
//! - `helpers`: the JS members that think for a player (the AI's `bestMove`, Fifteen's
//!   `solve`, `hint` and `solverTables`, every class's `judge` and `moveAt`), which a page's
//!   own engine leaves out; it brings `calls`.
//! - `calls`: the JS calls a program may use besides the contract (Minesweeper's constructor,
//!   `reveal`, `toggleFlag`, `chord`, `boardProblem`, `sideLimits`, `certainlySafe`), which a
//!   page's own engine leaves out too.
//! - `terminal`: the `gridplay-term` binary and its terminal library (crossterm).
//! - `lights`: the test game, Lights Out (`lights`), which docs/design.md's "Adding a game"
//!   builds and the tests play in the terminal and the page; never in the site or the package.
//! - `bench`: the AI's speed figures as JS exports, for the wasm benchmark only.
//!
//! All but `bench` are on by default. The rules, solvers and AI of every game are always
//! there, whatever the features: they gate only the JS classes and the terminal.
//!
//! # As a native library
//!
//! A native Rust program takes the rules alone, without the JS bindings and the terminal
//! library, by turning the default features off (and no game feature back on, since each
//! would bring the bindings with it):
//!
//! ```toml
//! [dependencies]
//! gridplay = { path = "../gridplay", default-features = false }
//! ```
//!
//! Then, for instance, a game of 2048 played by the AI, saved and loaded again:
//!
//! ```
//! use gridplay::ai::Player;
//! use gridplay::game2048::Game2048;
//! use gridplay::{daily, Replay, SlidingGame};
//!
//! // The day's deal everyone gets on 25 November 2026.
//! let seed = daily::daily_seed("2048", "2026-11-25").expect("a calendar day");
//! assert!(daily::daily_seed("2048", "tomorrow").unwrap_err().starts_with("the date must be"));
//! let mut game = Replay::<Game2048>::new(seed);
//! for _ in 0..20 {
//!     // The AI's move, chosen within 1 ms (None once the game is over).
//!     let Some(direction) = game.game().best_move(1.0).direction else {
//!         break;
//!     };
//!     game.play(direction).expect("the AI plays legal moves");
//! }
//! println!("{} after {} moves", game.game().score(), game.moves().len());
//!
//! let saved = game.save(); // "2048.1.<seed>.20.<moves>"
//! let loaded = Replay::<Game2048>::load(&saved)?;
//! assert_eq!(loaded.game(), game.game());
//! # Ok::<(), gridplay::LoadError>(())
//! ```
//!
//! Each game's module opens with an example of its own.

/// A page's own engine (its game alone, without the helpers) allocates with talc, whose code
/// is about 2 KB smaller than std's dlmalloc: the first load waits on those bytes. The helpers'
/// engine keeps std's allocator. Single-threaded wasm, as talc's `new_global` requires.
#[cfg(all(target_arch = "wasm32", not(feature = "helpers")))]
#[global_allocator]
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

/// Calls macro `$then!` with every game's type, in the order of the one list of games
/// (`www/games.json`; a test holds the two to each other): for code that serves every game
/// alike through the contract (the terminal), which so names none of them.
#[macro_export]
#[doc(hidden)]
macro_rules! every_game {
    ($then:ident) => {
        $crate::and_the_test_game!(
            $then,
            $crate::threes::ThreesGame,
            $crate::game2048::Game2048,
            $crate::fifteen::Fifteen,
            $crate::tictactoe::TicTacToe,
            $crate::minesweeper::Minesweeper
        )
    };
}

/// [`every_game!`]'s list, with the test game ([`lights`]) after it where its feature is on.
#[cfg(feature = "lights")]
#[macro_export]
#[doc(hidden)]
macro_rules! and_the_test_game {
    ($then:ident, $($game:path),*) => {
        $then!($($game),*, $crate::lights::Lights)
    };
}

/// See above: without the test game.
#[cfg(not(feature = "lights"))]
#[macro_export]
#[doc(hidden)]
macro_rules! and_the_test_game {
    ($then:ident, $($game:path),*) => {
        $then!($($game),*)
    };
}

pub mod ai;
pub mod ask;
pub mod contract;
pub mod daily;
pub mod direction;
pub mod fifteen;
pub mod game2048;
pub mod grid;
pub mod judge;
#[cfg(feature = "lights")]
pub mod lights;
pub mod minesweeper;
pub mod replay;
pub mod rng;
pub mod term;
pub mod threes;
pub mod tictactoe;
pub mod typed;

// The JS classes: documented here for the .d.ts, and as the JS API in docs/api.md.
#[cfg(feature = "js")]
pub mod wasm;

pub use direction::Direction;
pub use grid::SlidingGame;
pub use replay::{Game, LoadError, MoveCode, Replay};
