//! A whole game of Threes (`docs/rules.md`): the deal, the next tile, new tiles after each
//! move, bonus tiles, score and game over.

use super::board::{Board, Threes};
use super::deck::Deck;
use crate::direction::Direction;
use crate::grid::{self, SlidingGame, Spawn, Turn, SIZE};
use crate::replay::Game;
use crate::rng::Rng;

/// Tiles dealt at the start, from a fresh deck onto distinct cells.
const STARTING_TILES: usize = 9;
/// Bonus tiles appear once the highest tile reaches this...
const BONUS_FROM_HIGHEST: u32 = 48;
/// ...with probability one in this many draws.
const BONUS_ONE_IN: u32 = 21;
/// The preview shows at most this many bonus candidates.
const PREVIEW_WIDTH: usize = 3;

/// The tile that will enter after the next move, and what the player is shown of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Next {
    /// The tile itself; a player sees only [`preview`](Next::preview).
    pub value: u32,
    /// The preview is `preview_count` values doubling from `preview_low`: the exact value for
    /// a basic card, a window of candidates that contains it for a bonus tile.
    preview_low: u32,
    preview_count: u32,
}

impl Next {
    fn basic(value: u32) -> Next {
        Next {
            value,
            preview_low: value,
            preview_count: 1,
        }
    }

    /// A bonus tile (6 or more) rather than a card from the deck.
    pub fn is_bonus(&self) -> bool {
        self.value >= 6
    }

    /// What the Next box shows: the card's value, or for a bonus tile up to three
    /// consecutive candidates, lowest first, one of which it is.
    pub fn preview(&self) -> Vec<u32> {
        (0..self.preview_count)
            .map(|i| self.preview_low << i)
            .collect()
    }
}

/// A game of Threes in play: the board, the deck, the next tile and the random source that
/// places it. Play it through a [`Replay`](crate::Replay) to save, load and undo.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreesGame {
    board: Board,
    deck: Deck,
    next: Next,
    rng: Rng,
}

impl ThreesGame {
    /// A game that continues from `board` with a fresh deck and random source seeded by
    /// `seed`: for studying a position (hints, tests), not a deal a player gets.
    pub fn from_board(board: Board, seed: u32) -> ThreesGame {
        let mut game = ThreesGame {
            board,
            deck: Deck::new(),
            next: Next::basic(0),
            rng: Rng::from_seed(seed),
        };
        game.next = game.draw();
        game
    }

    /// The tile that enters after the next legal move.
    pub fn next(&self) -> Next {
        self.next
    }

    /// The deck the next cards come from.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// Draws what enters after the next move: usually a card, sometimes a bonus tile.
    fn draw(&mut self) -> Next {
        let highest = self.board.highest();
        if highest >= BONUS_FROM_HIGHEST && self.rng.one_in(BONUS_ONE_IN) {
            // Bonus values are 6, 12, ... up to highest/8, each equally likely.
            let count = (highest / BONUS_FROM_HIGHEST).trailing_zeros() as usize + 1;
            let pick = self.rng.index(count);
            let width = count.min(PREVIEW_WIDTH);
            // A window of candidates containing the value, placed at random so that its
            // position gives nothing away.
            let lowest_start = pick.saturating_sub(width - 1);
            let highest_start = pick.min(count - width);
            let start = lowest_start + self.rng.index(highest_start - lowest_start + 1);
            Next {
                value: 6 << pick,
                preview_low: 6 << start,
                preview_count: width as u32,
            }
        } else {
            Next::basic(self.deck.draw(&mut self.rng))
        }
    }

    /// The starting position for `seed`.
    pub fn deal(seed: u32) -> ThreesGame {
        let mut rng = Rng::from_seed(seed);
        let mut deck = Deck::new();
        let mut places: Vec<(usize, usize)> = (0..SIZE)
            .flat_map(|r| (0..SIZE).map(move |c| (r, c)))
            .collect();
        rng.shuffle(&mut places);
        let mut board = Board::new();
        for &(r, c) in &places[..STARTING_TILES] {
            board.place(r, c, deck.draw(&mut rng));
        }
        let mut game = ThreesGame {
            board,
            deck,
            next: Next::basic(0),
            rng,
        };
        game.next = game.draw();
        game
    }
}

impl Game for ThreesGame {
    const TAG: &'static str = "threes";
    type Move = Direction;
    type Report = Turn;
    type Start = u32;

    fn start(&seed: &u32) -> ThreesGame {
        ThreesGame::deal(seed)
    }

    /// Moves the tiles, then the next tile enters at the far edge of one of the lines that
    /// moved, chosen uniformly, and a new next tile is drawn.
    fn play(&mut self, direction: Direction) -> Option<Turn> {
        let mut board = self.board;
        let trace = board.shift(direction);
        if !trace.changed() {
            return None;
        }
        let moved: Vec<usize> = trace.moved_lines().collect();
        let line = moved[self.rng.index(moved.len())];
        let (row, col) = grid::cell(direction, line, SIZE - 1);
        board.place(row, col, self.next.value);
        self.board = board;
        let spawn = Spawn {
            row,
            col,
            value: self.next.value,
        };
        self.next = self.draw();
        Some(Turn { trace, spawn })
    }
}

impl SlidingGame for ThreesGame {
    type Tiles = Threes;

    fn board(&self) -> &Board {
        &self.board
    }

    fn score(&self) -> u64 {
        self.board.score()
    }
}

/// A game ends scored, neither won nor lost.
/// Moves are final, as in the original (no undo). In text, the 1s are blue cards and the 2s red,
/// as on the page, and the next card shows beside the score (its candidates, for a bonus tile).
impl crate::contract::Sliding for ThreesGame {
    const NAME: &'static str = "Threes";
    const UNDO: bool = false;
    const OUT_OF_MOVES: &'static str = "No more moves.";

    fn ended(&self) -> crate::contract::Status {
        crate::contract::Status::Over
    }

    fn tile_face(value: u32) -> crate::contract::Face {
        use crate::contract::{Colour, Face};
        let face = Face::plain(if value == 0 {
            String::new()
        } else {
            value.to_string()
        });
        match value {
            0 => face,
            1 => face.paper(Colour::Blue).ink(Colour::White).strong(),
            2 => face.paper(Colour::Red).ink(Colour::White).strong(),
            _ => face.paper(Colour::White).ink(Colour::Black).strong(),
        }
    }

    fn more_readouts(&self) -> Vec<crate::contract::Readout> {
        let preview = self.next.preview();
        let text = preview
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join("/");
        let mut value = Self::tile_face(preview[0]);
        value.text = format!(" {text} ");
        vec![crate::contract::Readout {
            label: "Next",
            value,
        }]
    }
}
