//! Recorded games that the browser (tests/web.rs) and Node (tests/node/api.test.mjs) replay
//! through the JS API: same seed and moves must give the same game everywhere, and in every
//! later version, or old saves would load into different games.
//!
//! This test checks the file against the engine. After a deliberate change to the rules or
//! the random stream, regenerate it with `UPDATE_FIXTURES=1 cargo test --test threes_fixture`
//! (and accept that old saves no longer load the same).
#![cfg(not(target_arch = "wasm32"))]

use gridplay::rng::Rng;
use gridplay::threes::ThreesGame;
use gridplay::{Direction, Replay, SlidingGame};

const PATH: &str = "tests/fixtures/threes_games.txt";
const SEEDS: [u32; 5] = [0, 1, 42, 20_260_101, u32::MAX];

fn letter(d: Direction) -> char {
    d.name().chars().next().unwrap().to_ascii_uppercase()
}

/// One line per game: seed, moves tried (U/D/L/R, illegal ones included), save, score,
/// highest, moves made, over, the grid (16 values), the preview.
fn record(seed: u32) -> String {
    let mut replay: Replay<ThreesGame> = Replay::new(seed);
    // The moves come from a separate stream so the record does not depend on the engine's.
    let mut player = Rng::from_seed(seed ^ 0x5a5a_5a5a);
    let mut tried = String::new();
    while !replay.game().is_over() && tried.len() < 400 {
        let d = Direction::ALL[player.index(4)];
        tried.push(letter(d));
        replay.play(d);
    }
    let game = replay.game();
    let grid: Vec<String> = game
        .board()
        .cells()
        .iter()
        .flatten()
        .map(u32::to_string)
        .collect();
    let preview: Vec<String> = game.next().preview().iter().map(u32::to_string).collect();
    format!(
        "{seed} {tried} {} {} {} {} {} {} {}",
        replay.save(),
        game.score(),
        game.board().highest(),
        replay.moves().len(),
        game.is_over(),
        grid.join(","),
        preview.join(",")
    )
}

#[test]
fn recorded_games_replay_identically() {
    let now: String = SEEDS.iter().map(|&s| record(s) + "\n").collect();
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(PATH, &now).unwrap();
    }
    let recorded = std::fs::read_to_string(PATH).expect("fixture file");
    for (want, got) in recorded.lines().zip(now.lines()) {
        assert_eq!(got, want);
    }
    assert_eq!(recorded.lines().count(), SEEDS.len());
}
