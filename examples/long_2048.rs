//! Plays 2048 with the engine's AI (10 ms a move) until the game has 15 000 moves, and prints
//! its save: the long replay the replay figures are measured on
//! (tests/fixtures/replay_2048_15000.txt, `make bench-replay`). A seed whose game ends sooner is
//! followed by the next one.
//!
//! `cargo run --release --example long_2048 -- [first seed]`

use gridplay::ai::Player;
use gridplay::game2048::Game2048;
use gridplay::Replay;

const MOVES: usize = 15_000;
const BUDGET_MS: f64 = 10.0;

fn main() {
    let first: u32 = std::env::args()
        .nth(1)
        .map_or(57, |s| s.parse().expect("a seed"));
    Game2048::prepare();
    for seed in first.. {
        let mut replay: Replay<Game2048> = Replay::new(seed);
        while replay.moves().len() < MOVES {
            let Some(direction) = replay.game().best_move(BUDGET_MS).direction else {
                break;
            };
            replay.play(direction).expect("the AI's move is legal");
            if replay.moves().len() % 1000 == 0 {
                eprintln!("seed {seed}: {} moves", replay.moves().len());
            }
        }
        if replay.moves().len() == MOVES {
            println!("{}", replay.save());
            return;
        }
        eprintln!(
            "seed {seed} ended after {} moves; the next seed",
            replay.moves().len()
        );
    }
}
