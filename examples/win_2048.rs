//! Plays a real game of 2048 to its first 2048 tile with a small expectimax search, and prints
//! the save of the position one move before the win and that move. The browser tests load it
//! to reach the win panel through real play (tests/fixtures/game2048_win.txt).
//!
//! `cargo run --release --example win_2048 -- [seed]`

use gridplay::game2048::{Board2048, Game2048};
use gridplay::grid::{empty_cells, Cells};
use gridplay::{Direction, Replay, SlidingGame};

/// Empty cells and a big tile in a corner, with tiles falling away from it: the usual
/// hand-made evaluation, good enough to reach 2048 in a few hundred moves.
fn evaluate(cells: &Cells) -> f64 {
    let empty = empty_cells(cells).len() as f64;
    let mut monotone = 0.0;
    // `k` numbers a row and a column at once, so an iterator over rows would not do.
    #[allow(clippy::needless_range_loop)]
    for k in 0..4 {
        for c in 0..3 {
            let (a, b) = (cells[k][c] as f64, cells[k][c + 1] as f64);
            monotone -= (b - a).max(0.0);
            let (a, b) = (cells[c][k] as f64, cells[c + 1][k] as f64);
            monotone -= (b - a).max(0.0);
        }
    }
    empty * 256.0 + monotone + cells[0][0] as f64 * 4.0
}

fn expectimax(board: &Board2048, depth: u32) -> f64 {
    let mut best = f64::MIN;
    for d in Direction::ALL {
        let mut next = *board;
        if !next.shift(d).changed() {
            continue;
        }
        best = best.max(chance(&next, depth));
    }
    if best == f64::MIN {
        -1e9
    } else {
        best
    }
}

fn chance(board: &Board2048, depth: u32) -> f64 {
    let empty = empty_cells(board.cells());
    if depth == 0 || empty.is_empty() {
        return evaluate(board.cells());
    }
    let mut total = 0.0;
    for &(r, c) in &empty {
        for (value, p) in [(2, 0.9), (4, 0.1)] {
            let mut cells = *board.cells();
            cells[r][c] = value;
            let mut next = Board2048::new();
            next.set_cells(cells).expect("2 and 4 are tiles");
            total += p * expectimax(&next, depth - 1);
        }
    }
    total / empty.len() as f64
}

fn main() {
    let seed: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2048);
    let mut replay: Replay<Game2048> = Replay::new(seed);
    loop {
        let board = *replay.game().board();
        let depth = if empty_cells(board.cells()).len() > 6 {
            1
        } else {
            2
        };
        let best = Direction::ALL
            .into_iter()
            .filter(|&d| board.can_shift(d))
            .max_by(|&a, &b| {
                let score = |d| {
                    let mut next = board;
                    next.shift(d);
                    chance(&next, depth)
                };
                score(a).total_cmp(&score(b))
            });
        let Some(best) = best else {
            eprintln!("seed {seed}: lost after {} moves", replay.moves().len());
            std::process::exit(1);
        };
        let before = replay.save();
        replay.play(best);
        if replay.game().won() {
            println!("{before} {best}");
            return;
        }
    }
}
