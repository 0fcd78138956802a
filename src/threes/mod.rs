//! Threes: the flagship. `board` holds the rules of a move, `deck` the cards, `game` the whole
//! game (dealing, the next tile, score, game over).

mod board;
mod deck;
mod game;

pub use board::{fold, tile_score, Board, Threes, MAX_TILE};
pub use deck::Deck;
pub use game::{Next, ThreesGame};
