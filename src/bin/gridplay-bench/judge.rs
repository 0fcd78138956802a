//! `judge --out DIR`: how long the replay viewer's judge takes per move, natively, on one game of
//! each kind played here the same way every time; each game's save is written to DIR (one file
//! a game), so scripts/bench-judge.mjs measures the same games on the page's wasm.

use std::time::Instant;

use gridplay::fifteen::{solver, Fifteen, Opening};
use gridplay::game2048::Game2048;
use gridplay::judge::{judge_step, Judge};
use gridplay::minesweeper::{Action, ActionKind, Config, Minesweeper, Status};
use gridplay::replay::{Game, Replay};
use gridplay::tictactoe::{EmptyBoard, Place, TicTacToe};

/// The AI's budget for each move, as the viewer asks (www/js/features/judging.js).
pub const BUDGET_MS: f64 = 40.0;
/// 2048 moves judged, spread over the fixture's game (each takes the AI's whole budget).
const SAMPLED_2048: usize = 100;

pub fn judge(args: &[String]) -> Result<(), String> {
    let pairs = super::options(args, &["out", "fixture"])?;
    let get = |name: &str| {
        pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let out = get("out").ok_or("judge needs --out DIR")?;
    let fixture = get("fixture").unwrap_or_else(|| "tests/fixtures/replay_2048_15000.txt".into());
    std::fs::create_dir_all(&out).map_err(|e| format!("{out}: {e}"))?;
    let write = |name: &str, save: String| {
        let path = format!("{out}/{name}.txt");
        std::fs::write(&path, save).map_err(|e| format!("{path}: {e}"))
    };

    let text = std::fs::read_to_string(&fixture).map_err(|e| format!("{fixture}: {e}"))?;
    let long: Replay<Game2048> = Replay::load(text.trim()).map_err(|e| e.to_string())?;
    let steps = long.moves().len();
    let sampled: Vec<usize> = (0..SAMPLED_2048)
        .map(|i| i * steps / SAMPLED_2048)
        .collect();
    report(
        "2048 (the long game, 100 moves spread over it)",
        &long,
        &sampled,
    );

    let fifteen = fifteen_game();
    write("fifteen", fifteen.save())?;
    report("Fifteen 4×4", &fifteen, &all(&fifteen));

    let mines = mines_game();
    write("mines", mines.save())?;
    report("Minesweeper Expert", &mines, &all(&mines));

    let tictactoe = tictactoe_game();
    write("tictactoe", tictactoe.save())?;
    report("tic-tac-toe", &tictactoe, &all(&tictactoe));
    Ok(())
}

fn all<G: Game>(replay: &Replay<G>) -> Vec<usize> {
    (0..replay.moves().len()).collect()
}

/// Times `judge_step` on `steps`, in order (as the viewer asks), and prints the figures.
fn report<G: Judge>(what: &str, replay: &Replay<G>, steps: &[usize]) {
    let mut times: Vec<f64> = Vec::new();
    let mut marked = 0;
    let all = Instant::now();
    for &step in steps {
        let start = Instant::now();
        let judgement = judge_step(replay, step, BUDGET_MS).expect("a move of the game");
        times.push(super::ms(start.elapsed()));
        marked += usize::from(judgement.marked);
    }
    let total = super::ms(all.elapsed());
    let first = times[0];
    times.sort_by(f64::total_cmp);
    println!(
        "native, {what}: {} moves judged ({marked} marked) in {:.0} ms; a move: median {:.2} ms, max {:.1} ms, the first {:.1} ms",
        steps.len(),
        total,
        times[times.len() / 2],
        times[times.len() - 1],
        first
    );
}

/// A 4×4 deal solved by the solver's moves, with a tile moved away and back every tenth move
/// (so some moves are marked).
fn fifteen_game() -> Replay<Fifteen> {
    let mut replay: Replay<Fifteen> = Replay::new(Opening::Deal { size: 4, seed: 1 });
    let mut played = 0;
    while !replay.game().is_solved() {
        let tile = solver::solve(replay.game().tiles())[0];
        let times = if played % 10 == 9 { 3 } else { 1 };
        for _ in 0..times {
            let game = replay.game();
            let cell = game
                .tiles()
                .iter()
                .position(|&t| t == tile)
                .expect("a tile");
            replay.play(game.segment(cell).expect("beside the gap"));
        }
        played += 1;
    }
    replay
}

/// Expert, no-guess, seed 1: the middle dug first, then every certainly safe square in turn
/// until the board is cleared.
fn mines_game() -> Replay<Minesweeper> {
    let config = Config::new(30, 16, 99, 1, true).expect("Expert");
    let mut replay: Replay<Minesweeper> = Replay::new(config);
    let dig = |replay: &mut Replay<Minesweeper>, cell: usize| {
        let (x, y) = (cell % 30, cell / 30);
        replay.play(Action::new(ActionKind::Reveal, x, y).expect("on the board"));
    };
    dig(&mut replay, 8 * 30 + 15);
    while replay.game().status() == Status::Playing {
        let Some(&cell) = replay.game().certainly_safe().first() else {
            break;
        };
        dig(&mut replay, cell);
    }
    replay
}

/// The perfect player against itself: a draw.
fn tictactoe_game() -> Replay<TicTacToe> {
    let mut replay: Replay<TicTacToe> = Replay::new(EmptyBoard);
    while let Some(cell) = replay.game().best_move() {
        replay.play(Place { cell: cell as u8 });
    }
    replay
}
