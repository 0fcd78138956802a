//! Tic-tac-toe in a terminal (`docs/rules.md`, *Tic-tac-toe*): the cursor starts on the
//! top-left cell, the arrows move it (never off the board) and it stays where it is after a
//! mark; Enter or Space marks the cell it is on. The result reads the winner from the board,
//! not from whose turn it would be, which after a win is the loser's.

use super::{After, Key, Screen};
use crate::tictactoe::{Mark, TicTacToe};

/// A game of tic-tac-toe on a terminal: the board, the cursor and the side the computer plays.
pub struct TicTacToeScreen {
    game: TicTacToe,
    /// The active cell (0…8, reading order).
    cursor: usize,
    /// The side the engine plays, if any.
    computer: Option<Mark>,
}

impl TicTacToeScreen {
    /// A new game; `computer` names the side the engine plays (none: two players).
    pub fn new(computer: Option<Mark>) -> TicTacToeScreen {
        let mut screen = TicTacToeScreen {
            game: TicTacToe::new(),
            cursor: 0,
            computer,
        };
        screen.computer_moves();
        screen
    }

    /// The game on the board.
    pub fn game(&self) -> &TicTacToe {
        &self.game
    }

    /// The cell the cursor is on (0…8, reading order).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The engine plays while it is its turn (once at most: then the player is to move).
    fn computer_moves(&mut self) {
        if self.computer == Some(self.game.turn()) {
            if let Some(cell) = self.game.best_move() {
                // best_move only names open cells of a game that goes on.
                let _ = self.game.place(cell);
            }
        }
    }

    /// The cursor one step along (dx, dy), kept on the board.
    fn step(&mut self, dx: isize, dy: isize) {
        let x = (self.cursor % 3) as isize + dx;
        let y = (self.cursor / 3) as isize + dy;
        if (0..3).contains(&x) && (0..3).contains(&y) {
            self.cursor = (y * 3 + x) as usize;
        }
    }

    /// The line above the board: whose turn, or how the game ended.
    fn headline(&self) -> String {
        if let Some(winner) = self.game.winner() {
            return format!("{winner} wins{}", self.whose(winner));
        }
        if self.game.is_draw() {
            return "Draw".to_string();
        }
        let turn = self.game.turn();
        format!("{turn} to move{}", self.whose(turn))
    }

    /// " (computer)" or " (you)" with a computer opponent; nothing between two players.
    fn whose(&self, mark: Mark) -> &'static str {
        match self.computer {
            None => "",
            Some(computer) if computer == mark => " (computer)",
            Some(_) => " (you)",
        }
    }
}

impl Screen for TicTacToeScreen {
    fn key(&mut self, key: Key) -> After {
        match key {
            Key::Up => self.step(0, -1),
            Key::Down => self.step(0, 1),
            Key::Left => self.step(-1, 0),
            Key::Right => self.step(1, 0),
            Key::Enter | Key::Space => {
                // An occupied cell or a finished game: nothing happens, as in the seed.
                if self.game.place(self.cursor).is_ok() {
                    self.computer_moves();
                }
            }
            Key::Char('n') | Key::Char('N') => {
                *self = TicTacToeScreen::new(self.computer);
            }
            Key::Char(_) => {}
        }
        After::Redraw
    }

    fn draw(&self) -> Vec<String> {
        let mut lines = vec![
            format!("Tic-tac-toe  {}", self.headline()),
            String::new(),
            "┌───┬───┬───┐".to_string(),
        ];
        for row in 0..3 {
            let mut line = String::from("│");
            for col in 0..3 {
                let cell = row * 3 + col;
                let mark = self.game.cells()[cell].map_or(' ', Mark::letter);
                // The active cell is bracketed: the mark stays readable, and the brackets
                // show on an empty cell too, without colour.
                let (open, close) = if cell == self.cursor {
                    ('[', ']')
                } else {
                    (' ', ' ')
                };
                line.push(open);
                line.push(mark);
                line.push(close);
                line.push('│');
            }
            lines.push(line);
            lines.push(
                if row < 2 {
                    "├───┼───┼───┤"
                } else {
                    "└───┴───┴───┘"
                }
                .to_string(),
            );
        }
        lines.push(String::new());
        lines.push("Arrows move · Enter or Space marks · n new game · q quits".to_string());
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(screen: &mut TicTacToeScreen, keys: &[Key]) {
        for &key in keys {
            assert_eq!(screen.key(key), After::Redraw);
        }
    }

    #[test]
    fn the_cursor_never_leaves_the_board() {
        let mut screen = TicTacToeScreen::new(None);
        assert_eq!(screen.cursor(), 0);
        press(&mut screen, &[Key::Up, Key::Left]);
        assert_eq!(screen.cursor(), 0);
        press(&mut screen, &[Key::Right; 5]);
        assert_eq!(screen.cursor(), 2);
        press(&mut screen, &[Key::Down; 5]);
        assert_eq!(screen.cursor(), 8);
    }

    #[test]
    fn the_winner_is_named_not_the_next_player() {
        let mut screen = TicTacToeScreen::new(None);
        // X: 0, 1, 2 (top row); O: 3, 4. X wins with O next to move, which a result read
        // from the turn would name.
        press(
            &mut screen,
            &[Key::Enter, Key::Down, Key::Enter, Key::Up, Key::Right],
        );
        press(
            &mut screen,
            &[
                Key::Space,
                Key::Down,
                Key::Enter,
                Key::Up,
                Key::Right,
                Key::Enter,
            ],
        );
        assert_eq!(screen.game().winner(), Some(Mark::X));
        assert!(
            screen.draw()[0].ends_with("X wins"),
            "{:?}",
            screen.draw()[0]
        );
        // The cursor stays on the last mark; a finished game takes no more marks.
        assert_eq!(screen.cursor(), 2);
        press(&mut screen, &[Key::Down, Key::Enter]);
        assert_eq!(screen.game().marks(), 5);
    }

    #[test]
    fn the_computer_answers_each_mark_and_opens_as_x() {
        let screen = TicTacToeScreen::new(Some(Mark::X));
        assert_eq!(screen.game().marks(), 1);
        let mut screen = TicTacToeScreen::new(Some(Mark::O));
        assert_eq!(screen.game().marks(), 0);
        press(&mut screen, &[Key::Enter]);
        assert_eq!(screen.game().marks(), 2);
        assert!(screen.draw()[0].contains("X to move (you)"));
        press(&mut screen, &[Key::Char('n')]);
        assert_eq!(screen.game().marks(), 0);
    }
}
