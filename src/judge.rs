//! Where a game went wrong: each move of a finished (or unfinished) game judged by the game's
//! own helper, the AI for Threes and 2048, the optimal solver for Fifteen, the solver's
//! certainly-safe squares for Minesweeper and perfect play for tic-tac-toe: once here for every
//! sliding game (the AI is each one's [`crate::ai::Player`]), the others beside their game's
//! rules (`fifteen`'s, `minesweeper`'s and `tictactoe`'s `judge` modules). The replay viewer asks for one move at a time, in its worker, as the
//! player watches.

use crate::direction::Direction;
use crate::replay::{Game, Replay};

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
    pub(crate) fn new(marked: bool, note: impl Into<String>) -> Judgement {
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

/// The AI's choice against the player's, for the sliding games (Threes, 2048).
fn judge_slide(best: Option<Direction>, played: Direction) -> Judgement {
    match best {
        Some(best) if best != played => Judgement::new(
            true,
            format!(
                "Slid {}; the AI would slide {}.",
                played.name(),
                best.name()
            ),
        ),
        _ => Judgement::new(false, format!("Slid {}, as the AI would.", played.name())),
    }
}

/// Threes and 2048: a move judged against the AI's choice in the position before it.
impl<G: crate::contract::Sliding> Judge for G {
    fn judge(before: &Self, mv: Direction, _: &Self, budget_ms: f64) -> Judgement {
        judge_slide(before.best_move(budget_ms).direction, mv)
    }
}
