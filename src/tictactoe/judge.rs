//! Tic-tac-toe's moves judged by perfect play: a move that turned a win into a draw, or a draw
//! into a loss, is marked, with the square that would have kept it.

use super::{Mark, Place, TicTacToe};
use crate::judge::{Judge, Judgement};

/// A tic-tac-toe square in words: "top left" … "bottom right", "centre".
fn square_name(cell: usize) -> String {
    const ROWS: [&str; 3] = ["top", "middle", "bottom"];
    const COLUMNS: [&str; 3] = ["left", "centre", "right"];
    match cell {
        4 => "centre".to_string(),
        1 | 7 => format!("{} centre", ROWS[cell / 3]),
        _ => format!("{} {}", ROWS[cell / 3], COLUMNS[cell % 3]),
    }
}

impl Judge for TicTacToe {
    fn judge(before: &Self, mv: Place, after: &Self, _: f64) -> Judgement {
        let mover = before.turn();
        // 1 a win for the mover with perfect play from here, 0 a draw, -1 a loss.
        let value = |outcome: Option<Mark>| match outcome {
            Some(mark) if mark == mover => 1,
            Some(_) => -1,
            None => 0,
        };
        let (was, now) = (value(before.outcome()), value(after.outcome()));
        let letter = match mover {
            Mark::X => "X",
            Mark::O => "O",
        };
        let placed = format!("{letter} in the {}", square_name(usize::from(mv.cell)));
        if now >= was {
            return Judgement::new(false, format!("{placed}: a good move."));
        }
        let lost = if was == 1 {
            "a win into a draw"
        } else {
            "a draw into a loss"
        };
        let better = before
            .best_move()
            .map(|cell| format!("; the {} would have kept it", square_name(cell)))
            .unwrap_or_default();
        Judgement::new(true, format!("{placed} turned {lost}{better}."))
    }
}
