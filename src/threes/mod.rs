//! Threes: the flagship. `board` holds the rules of a move, `deck` the cards, `game` the whole
//! game (dealing, the next tile, score, game over). The rules are in `docs/rules.md`.
//!
//! A game is played through a [`Replay`](crate::Replay), which keeps its moves for saves and
//! undo:
//!
//! ```
//! use gridplay::threes::ThreesGame;
//! use gridplay::{Direction, Replay, SlidingGame};
//!
//! // The deal for seed 2026: nine cards on the board, and the next one shown.
//! let mut game = Replay::<ThreesGame>::new(2026);
//! let board = game.game().board().cells();
//! assert_eq!(board.iter().flatten().filter(|&&card| card != 0).count(), 9);
//! assert_eq!(game.game().next().preview().len(), 1); // a 1, 2 or 3: no bonus before a 48
//!
//! // A move that changes nothing is refused.
//! let stuck = Direction::ALL.into_iter().find(|&d| !game.game().board().can_shift(d));
//! if let Some(direction) = stuck {
//!     assert!(game.play(direction).is_none());
//! }
//!
//! // Swipe the first way that moves, until no way does.
//! while !game.game().is_over() {
//!     let board = game.game().board();
//!     let direction = Direction::ALL.into_iter().find(|&d| board.can_shift(d)).unwrap();
//!     // What moved where, and the card that came in at the far edge of a line that moved.
//!     let turn = game.play(direction).unwrap();
//!     assert!(turn.trace.changed() && turn.spawn.value > 0);
//! }
//! println!(
//!     "{} points after {} moves, highest card {}",
//!     game.game().score(),
//!     game.moves().len(),
//!     game.game().board().highest()
//! );
//!
//! // A save holds the seed and every move; loading it plays them again.
//! let saved = game.save();
//! assert!(saved.starts_with("threes.1.2026."));
//! let loaded = Replay::<ThreesGame>::load(&saved)?;
//! assert_eq!(loaded.game(), game.game());
//!
//! // Undo takes back the last move, random state included.
//! let before = game.game().clone();
//! let last = *game.moves().last().unwrap();
//! game.undo();
//! game.play(last);
//! assert_eq!(game.game(), &before);
//! # Ok::<(), gridplay::LoadError>(())
//! ```

/// The game's JS class (`#[wasm_bindgen]`), with its cargo feature.
#[cfg(feature = "threes")]
pub mod wasm;

pub mod ai;
mod board;
mod deck;
mod game;

pub use board::{fold, tile_score, Board, Threes, MAX_TILE};
pub use deck::Deck;
pub use game::{Next, ThreesGame};
