//! The AI that plays Threes and 2048: a bitboard engine whose move tables come from the
//! games' own line functions, and an expectimax search over each game's chance under a time
//! budget. Each game's player (its chance, its evaluation, its tuned parameters) is in the
//! game's own module: `threes::ai`, `game2048::ai`. The page runs it in a Web Worker (`bestMove(budgetMs)`), the bench natively
//! (`gridplay-bench ai`), with the same code.

pub mod bitboard;
pub mod measure;
pub mod search;

use crate::direction::Direction;

/// What a search chose, and how far it looked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// `None` only when no move is legal (the game is over).
    pub direction: Option<Direction>,
    /// The deepest search that finished (moves looked ahead).
    pub depth: u32,
    /// Positions evaluated or expanded, for states-a-second figures.
    pub states: u64,
}

/// Search limits: a time budget and an optional depth cap (for fast tuning games, and tests
/// that must choose the same move whatever the machine's speed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Milliseconds the search may take; depth 1 always finishes, even at 0.
    pub budget_ms: f64,
    /// The deepest search to try (moves looked ahead), `None` for as deep as the budget allows.
    pub max_depth: Option<u32>,
}

/// The longest a search may think for one move: a budget past it is this (and the JS API
/// refuses one, in words). Ten seconds: the page asks for 20 to 500 ms, the bench for less.
pub const LONGEST_BUDGET_MS: f64 = 10_000.0;

/// The budget a search keeps to, for a budget asked for: 0 to [`LONGEST_BUDGET_MS`] (what is
/// not a number, 0).
pub fn kept_budget(budget_ms: f64) -> f64 {
    if budget_ms.is_nan() {
        0.0
    } else {
        budget_ms.clamp(0.0, LONGEST_BUDGET_MS)
    }
}

/// A game the AI plays.
pub trait Player {
    /// The move to play, chosen within `budget_ms` (a search always finishes its shallowest
    /// depth, so a budget of 0 still answers), or within [`LONGEST_BUDGET_MS`] where the
    /// budget is longer. It does not change the game.
    fn best_move(&self, budget_ms: f64) -> Choice;

    /// Builds what the first search on this thread needs (the move tables, the evaluation's
    /// row table, the transposition cache: some 20–40 ms in wasm) ahead of time, so that the
    /// first `best_move` keeps to its budget like the others.
    fn prepare()
    where
        Self: Sized;
}

/// A shallowest search on a fresh deal, which builds everything a search uses.
pub(crate) const WARM_UP: Limits = Limits {
    budget_ms: 0.0,
    max_depth: Some(1),
};

/// Milliseconds on a monotonic clock: `performance.now()` in wasm (the page's worker, Node and
/// browsers all have it; `Date.now()` where not, only whole milliseconds), `Instant` natively.
pub fn now_ms() -> f64 {
    #[cfg(all(target_arch = "wasm32", feature = "js"))]
    {
        use wasm_bindgen::{JsCast, JsValue};
        thread_local! {
            static PERFORMANCE: Option<(JsValue, js_sys::Function)> = {
                let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok();
                performance.and_then(|p| {
                    let now = js_sys::Reflect::get(&p, &"now".into()).ok()?;
                    Some((p, now.dyn_into::<js_sys::Function>().ok()?))
                })
            };
        }
        PERFORMANCE.with(|clock| {
            clock
                .as_ref()
                .and_then(|(performance, now)| now.call0(performance).ok()?.as_f64())
                .unwrap_or_else(js_sys::Date::now)
        })
    }
    // Natively; and in wasm without the JS bindings, where a host that gives std a clock is needed.
    #[cfg(not(all(target_arch = "wasm32", feature = "js")))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}

/// The moment a search must have answered by.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    at_ms: f64,
}

impl Deadline {
    /// The moment `budget_ms` milliseconds from now.
    pub fn after(budget_ms: f64) -> Deadline {
        Deadline {
            at_ms: now_ms() + budget_ms,
        }
    }

    /// Milliseconds left (negative once it has passed).
    pub fn remaining_ms(&self) -> f64 {
        self.at_ms - now_ms()
    }

    /// Whether the time is up.
    pub fn passed(&self) -> bool {
        self.remaining_ms() <= 0.0
    }
}

/// `chosen` if the game's own rules accept it, else the first legal direction, else `None`:
/// the searches move bitboards, and this keeps their answer honest in the corners a bitboard
/// blurs (a 2048 tile beyond 32 768) and makes `None` mean exactly "game over".
pub(crate) fn legal_or_first<T: crate::grid::Tiles>(
    board: &crate::grid::Board<T>,
    chosen: Option<Direction>,
) -> Option<Direction> {
    let legal = |d: Direction| {
        let mut copy = *board;
        copy.shift(d).changed()
    };
    chosen
        .filter(|&d| legal(d))
        .or_else(|| Direction::ALL.into_iter().find(|&d| legal(d)))
}

#[cfg(test)]
mod budget_tests {
    use super::*;

    #[test]
    fn a_budget_past_the_longest_is_the_longest_and_none_is_negative() {
        assert_eq!(kept_budget(150.0), 150.0);
        assert_eq!(kept_budget(1e9), LONGEST_BUDGET_MS);
        assert_eq!(kept_budget(f64::INFINITY), LONGEST_BUDGET_MS);
        assert_eq!(kept_budget(-5.0), 0.0);
        assert_eq!(kept_budget(f64::NAN), 0.0);
    }
}
