//! Fifteen's moves judged by the optimal solver: how many moves each spent beyond the fewest.

use super::{solver, Fifteen, Slide};
use crate::judge::{Judge, Judgement};

/// The fewest moves that solve `puzzle`, or `None` where the solver is not optimal (5×5).
fn fewest_moves(puzzle: &Fifteen) -> Option<usize> {
    // The viewer judges moves in order, so each position's distance is asked for twice in a
    // row (after one move, before the next): the last answer is kept.
    thread_local! {
        static LAST: std::cell::RefCell<Option<(Vec<u8>, usize)>> = const { std::cell::RefCell::new(None) };
    }
    if puzzle.size() > 4 {
        return None;
    }
    let tiles = puzzle.tiles();
    LAST.with_borrow_mut(|last| match last {
        Some((kept, distance)) if kept.as_slice() == tiles => Some(*distance),
        _ => {
            let distance = solver::solve(tiles).len();
            *last = Some((tiles.to_vec(), distance));
            Some(distance)
        }
    })
}

impl Judge for Fifteen {
    fn judge(before: &Self, mv: Slide, after: &Self, _: f64) -> Judgement {
        let (Some(from), Some(to)) = (fewest_moves(before), fewest_moves(after)) else {
            return Judgement::new(
                false,
                "Not judged: on 5×5 the solver finds a short solution, not the fewest moves.",
            );
        };
        // The tiles by their numbers, as the move was said ("Moved 8 and 7 left.").
        let told = crate::contract::Rules::told(after, before, mv, &mv);
        let tiles = told.trim_end_matches('.');
        // Each tile moved takes the puzzle one move nearer solved or one further.
        let over = (mv.tiles() + to).saturating_sub(from);
        let note = if over == 0 {
            format!("{tiles}: from {from} to {to} moves from solved, as the fewest do.")
        } else {
            format!("{tiles}: from {from} to {to} moves from solved, {over} more than the fewest.")
        };
        Judgement {
            marked: over > 0,
            note,
            over: Some(over as u32),
        }
    }
}
