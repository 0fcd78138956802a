//! Where a game went wrong: each move of a finished (or unfinished) game judged by the game's
//! own helper, the AI for Threes and 2048, the optimal solver for Fifteen, the solver's
//! certainly-safe squares for Minesweeper and perfect play for tic-tac-toe. The replay viewer
//! asks for one move at a time, in its worker, as the player watches.

use crate::direction::Direction;
use crate::fifteen::{solver as fifteen_solver, Fifteen, Slide};
use crate::game2048::Game2048;
use crate::minesweeper::{Action, ActionKind, Minesweeper, Status};
use crate::replay::{Game, Replay};
use crate::threes::ThreesGame;
use crate::tictactoe::{Mark, Place, TicTacToe};

/// What a game's helper thinks of one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// A move worth looking at again: the helper would have played otherwise, or it cost
    /// something (a guess, a lost win, moves away from solved).
    pub marked: bool,
    /// What the helper thinks, in a sentence a player reads beside the board.
    pub note: String,
    /// Fifteen: the moves this one spent beyond the fewest (0 for a move toward solved, twice
    /// the tiles moved away for one away from it), where the solver is optimal.
    pub over: Option<u32>,
}

impl Judgement {
    fn new(marked: bool, note: impl Into<String>) -> Judgement {
        Judgement {
            marked,
            note: note.into(),
            over: None,
        }
    }
}

/// A game whose moves can be judged.
pub trait Judge: Game {
    /// `mv`, played in `before`, which it turned into `after`; `budget_ms` is the time an AI
    /// may think (games judged without one ignore it).
    fn judge(before: &Self, mv: Self::Move, after: &Self, budget_ms: f64) -> Judgement;
}

/// The judgement of move `step` of `replay` (0 is its first move), or `None` past its last.
pub fn judge_step<G: Judge>(replay: &Replay<G>, step: usize, budget_ms: f64) -> Option<Judgement> {
    let mv = *replay.moves().get(step)?;
    let before = replay.at(step)?;
    // The position after: the move made again on a copy (a logged move is legal there), rather
    // than a second replay from the checkpoint.
    let mut after = before.game().clone();
    after.play(mv)?;
    Some(G::judge(before.game(), mv, &after, budget_ms))
}

/// The AI's choice against the player's, for the sliding games.
fn judge_slide(best: Option<Direction>, played: Direction) -> Judgement {
    match best {
        Some(best) if best != played => Judgement::new(
            true,
            format!(
                "You slid {}; the AI would slide {}.",
                played.name(),
                best.name()
            ),
        ),
        _ => Judgement::new(
            false,
            format!("You slid {}, as the AI would.", played.name()),
        ),
    }
}

impl Judge for ThreesGame {
    fn judge(before: &Self, mv: Direction, _: &Self, budget_ms: f64) -> Judgement {
        judge_slide(
            crate::ai::Player::best_move(before, budget_ms).direction,
            mv,
        )
    }
}

impl Judge for Game2048 {
    fn judge(before: &Self, mv: Direction, _: &Self, budget_ms: f64) -> Judgement {
        judge_slide(
            crate::ai::Player::best_move(before, budget_ms).direction,
            mv,
        )
    }
}

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
            let distance = fifteen_solver::solve(tiles).len();
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
        let moved = mv.tiles();
        let tiles = if moved == 1 {
            "1 tile".to_string()
        } else {
            format!("{moved} tiles")
        };
        // Each tile moved takes the puzzle one move nearer solved or one further.
        let over = (moved + to).saturating_sub(from);
        let note = if over == 0 {
            format!("Moved {tiles}: {from} → {to} moves from solved, as the fewest do.")
        } else {
            format!("Moved {tiles}: {from} → {to} moves from solved, {over} more than the fewest.")
        };
        Judgement {
            marked: over > 0,
            note,
            over: Some(over as u32),
        }
    }
}

impl Judge for Minesweeper {
    fn judge(before: &Self, mv: Action, after: &Self, _: f64) -> Judgement {
        let width = before.grid().width();
        let square = |cell: usize| format!("column {}, row {}", cell % width + 1, cell / width + 1);
        let dug = usize::from(mv.y) * width + usize::from(mv.x);
        if after.status() == Status::Lost {
            return Judgement::new(true, format!("This dig lost: a mine at {}.", square(dug)));
        }
        match (mv.kind, before.status()) {
            (ActionKind::Flag, _) => return Judgement::new(false, "A flag: not judged."),
            (ActionKind::Chord, _) => {
                return Judgement::new(false, "Opened around a number with its mines flagged.")
            }
            (_, Status::Ready) => return Judgement::new(false, "The first dig: always safe."),
            _ => {}
        }
        let safe = before.certainly_safe();
        match safe.first() {
            _ if safe.contains(&dug) => {
                Judgement::new(false, format!("{} was certainly safe.", square(dug)))
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
