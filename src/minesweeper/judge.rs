//! Minesweeper's digs judged by the solver's certainly-safe squares: a guess while a square was
//! certainly safe is marked, as is the dig that lost.

use super::{Action, ActionKind, Minesweeper, Status};
use crate::judge::{Judge, Judgement};

impl Judge for Minesweeper {
    fn judge(before: &Self, mv: Action, after: &Self, _: f64) -> Judgement {
        let width = before.grid().width();
        // Squares named as everywhere else (the board's labels, the moves' words): row first.
        let square = |cell: usize| crate::contract::place_name(cell, width);
        let dug = usize::from(mv.y) * width + usize::from(mv.x);
        if after.status() == Status::Lost {
            return Judgement::new(true, format!("This dig lost: a mine at {}.", square(dug)));
        }
        match (mv.kind, before.status()) {
            (ActionKind::Flag, _) => {
                return Judgement::new(false, format!("A flag at {}: not judged.", square(dug)))
            }
            (ActionKind::Chord, _) => {
                return Judgement::new(
                    false,
                    format!("Opened around {}, its mines flagged.", square(dug)),
                )
            }
            (_, Status::Ready) => {
                return Judgement::new(
                    false,
                    format!("The first dig, at {}: always safe.", square(dug)),
                )
            }
            _ => {}
        }
        let safe = before.certainly_safe();
        match safe.first() {
            _ if safe.contains(&dug) => {
                Judgement::new(false, format!("A dig at {}, certainly safe.", square(dug)))
            }
            Some(&known) => Judgement::new(
                true,
                format!(
                    "A guess at {}, while {} square{} certainly safe (one at {}).",
                    square(dug),
                    safe.len(),
                    if safe.len() == 1 { " was" } else { "s were" },
                    square(known)
                ),
            ),
            None => Judgement::new(
                false,
                format!(
                    "A guess at {}, but no square was certainly safe.",
                    square(dug)
                ),
            ),
        }
    }
}
