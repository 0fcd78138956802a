//! Gridplay in a terminal: what a game needs to be played there, apart from the terminal.
//!
//! A [`Screen`] is a game with the state its front end keeps (a cursor, who the computer
//! plays): keys go in, lines of text come out. The binary `gridplay-term` owns the terminal
//! (raw mode, the alternate screen, restoring it on every exit, reading keys, redrawing), once
//! for every game; a game added to the terminal is one more `Screen`. Being plain text, a
//! screen is tested without a terminal.

pub mod tictactoe;

/// The keys screens understand, as the terminal reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// The ↑ arrow.
    Up,
    /// The ↓ arrow.
    Down,
    /// The ← arrow.
    Left,
    /// The → arrow.
    Right,
    /// Enter (Return).
    Enter,
    /// The space bar.
    Space,
    /// Any other character key, as typed.
    Char(char),
}

/// What the front end does after a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// Draw the screen again (whether or not the key changed anything).
    Redraw,
    /// Leave.
    Quit,
}

/// A game as a terminal plays it. The front end already handles q, Esc and Ctrl+C (leave).
pub trait Screen {
    /// Reacts to one key.
    fn key(&mut self, key: Key) -> After;
    /// The whole screen, line by line, top-left aligned.
    fn draw(&self) -> Vec<String>;
}

/// The games the terminal plays, by the name given on the command line.
pub const GAMES: [&str; 1] = ["tictactoe"];
