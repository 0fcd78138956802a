//! Threes: the flagship. `board` holds the rules of a move, `deck` the cards, `game` the whole
//! game (dealing, the next tile, score, game over).

mod board;
mod deck;
mod game;

pub use board::{fold, is_tile, tile_score, Board, MAX_TILE, TILE_RULE};
pub use deck::Deck;
pub use game::{Next, Spawn, ThreesGame, ThreesMove};
