//! The 2048 player: expectimax over every empty cell with a 2 (0.9) or a 4 (0.1), in the style
//! of nneonneo/2048-ai (`2048.cpp`): max nodes over the four moves, chance nodes over the
//! spawn, branches below a cumulative probability of 0.0001 scored by the heuristic, a
//! transposition cache, and a heuristic summed from 65 536-entry row tables.

use std::sync::OnceLock;

use crate::ai::bitboard::{self, Bitboard, MoveTables, Ranks};
use crate::ai::search::{self, Cache, Chance, Expectimax, TableSlot};
use crate::ai::{Choice, Deadline, Limits, Player, WARM_UP};
use crate::direction::Direction;
use crate::game2048::{Game2048, Tiles2048};
use crate::grid::SlidingGame;

/// 2048's move tables, built from `game2048::slide` at first use.
pub fn tables() -> &'static MoveTables {
    static TABLES: OnceLock<MoveTables> = OnceLock::new();
    TABLES.get_or_init(MoveTables::new::<Tiles2048>)
}

/// Names of the evaluation's tunable parameters, in order.
pub const PARAM_NAMES: &[&str] = &[
    "lost_penalty",
    "monotonicity_power",
    "monotonicity_weight",
    "sum_power",
    "sum_weight",
    "merges_weight",
    "empty_weight",
];

/// The shipped values (the defaults best_move uses): nneonneo/2048-ai's heuristic settings
/// (`2048.cpp`, SCORE_LOST_PENALTY ... SCORE_EMPTY_WEIGHT, which he found by CMA-ES).
///
/// `gridplay-bench tune 2048` (6 rounds of 150 depth-2 games a candidate) found
/// `[219_727.0, 2.25, 58.75, 2.625, 13.75, 525.0, 421.875]`, which shipped for a while: better
/// at the depth it was checked at (mean log score +0.22 at depth 3, 100 deals) but not at the
/// depths the page searches (4 at 10 ms, 5–7 at 100 ms). Against these on the same unseen
/// deals, paired: −0.09 at depth 4 (24 deals) and −0.51 at depth 5 (24 deals, standard error
/// 0.14, a typical score 1.66× lower). A flatter evaluation helps a shallow search and misleads
/// a deeper one; tuning at depth 5 costs about 100 s a game.
pub const PARAMS: &[f64] = &[200_000.0, 4.0, 47.0, 3.5, 11.0, 700.0, 270.0];

/// The move to play in `game`, chosen within `budget_ms` (at most
/// [`crate::ai::LONGEST_BUDGET_MS`]). It does not change the game.
pub fn best_move(game: &Game2048, budget_ms: f64) -> Choice {
    search(
        game,
        Limits {
            budget_ms: crate::ai::kept_budget(budget_ms),
            max_depth: None,
        },
        PARAMS,
    )
}

/// The search with explicit parameters; `best_move(game, ms)` is
/// `search(game, Limits { budget_ms: ms, max_depth: None }, PARAMS)`.
///
/// Panics if `params` is not as long as [`PARAM_NAMES`].
pub fn search(game: &Game2048, limits: Limits, params: &[f64]) -> Choice {
    thread_local! {
        static HEURISTIC: TableSlot = const { std::cell::RefCell::new(None) };
        static CACHE: std::cell::RefCell<Cache<Bitboard>> = std::cell::RefCell::new(Cache::new());
    }
    let deadline = Deadline::after(limits.budget_ms.max(0.0));
    assert_eq!(params.len(), PARAM_NAMES.len(), "2048 parameters");
    let heuristic = search::row_table(&HEURISTIC, params, build_heuristic);
    let mut choice = search::run(
        &CACHE,
        &Spawn,
        tables(),
        &heuristic,
        board_of(game),
        (),
        limits,
        deadline,
    );
    choice.direction = crate::ai::legal_or_first(game.board(), choice.direction);
    choice
}

/// The bitboard of `game`. A 65 536 (or 131 072) has no nibble; it counts as 32 768, the
/// highest rank, which only blurs the search in a position few games reach.
fn board_of(game: &Game2048) -> Bitboard {
    let mut board = 0;
    for (i, &v) in game.board().cells().iter().flatten().enumerate() {
        let rank = if v == 0 {
            0
        } else {
            v.trailing_zeros().min(15)
        };
        board |= u64::from(rank) << (4 * i);
    }
    board
}

/// nneonneo/2048-ai's heuristic for one row: a constant (the lost penalty) that puts a live
/// position above a lost one, which scores 0 (all but very ragged ones: the monotonicity term
/// of big tiles can outweigh it, as in nneonneo's), plus empty cells and runs of equal tiles
/// that can merge, minus non-monotone rows (a big tile between smaller ones) and minus the
/// sum of rank^power (so that, other things equal, merging into fewer bigger tiles is better).
fn build_heuristic(p: &[f64]) -> Vec<f32> {
    let [lost, mono_power, mono_weight, sum_power, sum_weight, merges_weight, empty_weight] =
        [p[0], p[1], p[2], p[3], p[4], p[5], p[6]];
    let (sum_pow, mono_pow) = (search::powers(sum_power), search::powers(mono_power));
    (0..1usize << 16)
        .map(|row| {
            let line = search::row_ranks(row);
            let sum: f64 = line.iter().map(|&r| sum_pow[r as usize]).sum();
            let empty = line.iter().filter(|&&r| r == 0).count() as f64;
            // A run of k equal tiles (empties between them do not break it: a slide closes
            // them) counts k merges.
            let (mut merges, mut prev, mut run) = (0.0, 0, 0);
            for &r in line.iter().filter(|&&r| r != 0) {
                if r == prev {
                    run += 1;
                } else {
                    if run > 0 {
                        merges += 1.0 + f64::from(run);
                    }
                    run = 0;
                }
                prev = r;
            }
            if run > 0 {
                merges += 1.0 + f64::from(run);
            }
            let mono = search::monotonicity(&line, &mono_pow);
            (lost + empty_weight * empty + merges_weight * merges
                - mono_weight * mono
                - sum_weight * sum) as f32
        })
        .collect()
}

/// 2048's chance: a 2 (0.9) or a 4 (0.1) on each empty cell, each cell equally likely.
struct Spawn;

impl Chance for Spawn {
    type State = ();
    type Key = Bitboard;

    fn key(board: Bitboard, _: ()) -> Bitboard {
        board
    }

    fn chance(
        search: &mut Expectimax<'_, Spawn>,
        _before: Bitboard,
        board: Bitboard,
        _direction: Direction,
        _: (),
        depth: u32,
        prob: f64,
    ) -> f64 {
        // A legal move always leaves an empty cell.
        let empty = bitboard::count_empty(board);
        let prob = prob / f64::from(empty);
        let mut total = 0.0;
        for i in 0..16 {
            if bitboard::rank_at(board, i) != 0 {
                continue;
            }
            let two = board | 1 << (4 * i);
            let four = board | 2 << (4 * i);
            total += 0.9 * search.play(two, (), depth, prob * 0.9)
                + 0.1 * search.play(four, (), depth, prob * 0.1);
            if search.clock.aborted {
                return 0.0;
            }
        }
        total / f64::from(empty)
    }
}

/// 2048: 2^k → k, up to 32768 (rank 15). A 65536 does not fit; see [`MoveTables::new`].
impl Ranks for Tiles2048 {
    fn rank(value: u32) -> Option<u8> {
        match value {
            0 => Some(0),
            v if v.is_power_of_two() && (2..=1 << 15).contains(&v) => {
                Some(v.trailing_zeros() as u8)
            }
            _ => None,
        }
    }

    fn value(rank: u8) -> u32 {
        if rank == 0 {
            0
        } else {
            1 << rank
        }
    }
}

impl Player for Game2048 {
    fn best_move(&self, budget_ms: f64) -> Choice {
        best_move(self, budget_ms)
    }

    fn prepare() {
        search(&Self::deal(0), WARM_UP, PARAMS);
    }
}
