//! The four swipe directions, shared by every sliding game.

use std::fmt;

use crate::replay::MoveCode;

/// A swipe or arrow key: the wall the tiles are pushed toward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Toward the top wall (a swipe up, the ↑ key).
    Up,
    /// Toward the bottom wall.
    Down,
    /// Toward the left wall.
    Left,
    /// Toward the right wall.
    Right,
}

impl Direction {
    /// The four directions in the order their save codes number them (up 0 … right 3).
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The name used by the JS API and in messages: `"up"`, `"down"`, `"left"`, `"right"`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }

    /// Parses a JS API direction name (exact, lower case).
    pub fn parse(name: &str) -> Result<Direction, UnknownDirection> {
        Direction::ALL
            .into_iter()
            .find(|d| d.name() == name)
            .ok_or_else(|| UnknownDirection(name.to_owned()))
    }
}

/// Two bits a move in saves: up 0, down 1, left 2, right 3.
impl MoveCode for Direction {
    const BITS: u32 = 2;

    fn code(self) -> u32 {
        match self {
            Direction::Up => 0,
            Direction::Down => 1,
            Direction::Left => 2,
            Direction::Right => 3,
        }
    }

    fn from_code(code: u32) -> Option<Direction> {
        Direction::ALL.get(code as usize).copied()
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A direction name that is none of the four; it holds the name as given, for the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDirection(pub String);

impl fmt::Display for UnknownDirection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown direction {}: expected \"up\", \"down\", \"left\" or \"right\"",
            crate::replay::quoted(&self.0)
        )
    }
}

impl std::error::Error for UnknownDirection {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_codes_round_trip() {
        for d in Direction::ALL {
            assert_eq!(Direction::parse(d.name()), Ok(d));
            assert_eq!(Direction::from_code(d.code()), Some(d));
        }
        assert!(Direction::parse("Up").is_err());
        assert_eq!(Direction::from_code(4), None);
    }
}
