//! Invariants of Threes moves and games, over random boards and random games.
#![cfg(not(target_arch = "wasm32"))]

use gridplay::grid::{self, Cells, SIZE};
use gridplay::threes::{Board, ThreesGame};
use gridplay::{Direction, Game, Replay, SlidingGame};
use proptest::prelude::*;

const VALUES: [u32; 10] = [0, 0, 0, 1, 2, 3, 6, 12, 48, 6144];

fn any_cells() -> impl Strategy<Value = Cells> {
    proptest::array::uniform4(proptest::array::uniform4(proptest::sample::select(
        &VALUES[..],
    )))
}

fn any_direction() -> impl Strategy<Value = Direction> {
    proptest::sample::select(&Direction::ALL[..])
}

fn sum(cells: &Cells) -> u32 {
    cells.iter().flatten().sum()
}

proptest! {
    #[test]
    fn a_board_move_conserves_the_tile_sum(cells in any_cells(), d in any_direction()) {
        let mut board = Board::new();
        board.set_cells(cells).unwrap();
        board.shift(d);
        prop_assert_eq!(sum(board.cells()), sum(&cells));
    }

    #[test]
    fn a_move_reports_a_change_iff_the_grid_changed(cells in any_cells(), d in any_direction()) {
        let mut board = Board::new();
        board.set_cells(cells).unwrap();
        let trace = board.shift(d);
        prop_assert_eq!(trace.changed(), *board.cells() != cells);
    }

    #[test]
    fn no_tile_moves_more_than_one_cell_and_lines_merge_at_most_once(
        cells in any_cells(), d in any_direction()
    ) {
        let mut board = Board::new();
        board.set_cells(cells).unwrap();
        let trace = board.shift(d);
        for s in trace.slides() {
            let distance = s.from.0.abs_diff(s.to.0) + s.from.1.abs_diff(s.to.1);
            prop_assert_eq!(distance, 1);
        }
        for line in &trace.lines {
            prop_assert!(line.merged.count_ones() <= 1);
        }
    }

    #[test]
    fn the_trace_replays_the_move(cells in any_cells(), d in any_direction()) {
        // Applying the reported slides and merges to the old grid gives the new grid, so a
        // page animating the trace ends where the engine is.
        let mut board = Board::new();
        board.set_cells(cells).unwrap();
        let trace = board.shift(d);
        let mut drawn = cells;
        let slides = trace.slides();
        for s in &slides {
            drawn[s.from.0][s.from.1] = 0;
        }
        for s in &slides {
            drawn[s.to.0][s.to.1] += cells[s.from.0][s.from.1];
        }
        prop_assert_eq!(&drawn, board.cells());
        for (r, c) in trace.merges() {
            prop_assert!(cells[r][c] != 0, "a merge lands on a tile");
        }
    }

    #[test]
    fn each_legal_move_adds_one_tile_at_the_far_edge_of_a_moved_line(
        seed in any::<u32>(), moves in proptest::collection::vec(any_direction(), 1..80)
    ) {
        let mut game = ThreesGame::deal(seed);
        for d in moves {
            let before = *game.board().cells();
            let mut shifted = *game.board();
            let expected_trace = shifted.shift(d);
            let next = game.next().value;
            match game.play(d) {
                None => {
                    prop_assert!(!expected_trace.changed());
                    prop_assert_eq!(game.board().cells(), &before);
                }
                Some(report) => {
                    prop_assert_eq!(report.trace, expected_trace);
                    let (r, c) = (report.spawn.row, report.spawn.col);
                    prop_assert_eq!(report.spawn.value, next);
                    let far_edges: Vec<(usize, usize)> = expected_trace
                        .moved_lines()
                        .map(|k| grid::cell(d, k, SIZE - 1))
                        .collect();
                    prop_assert!(far_edges.contains(&(r, c)));
                    let mut expected = *shifted.cells();
                    prop_assert_eq!(expected[r][c], 0);
                    expected[r][c] = next;
                    prop_assert_eq!(game.board().cells(), &expected);
                }
            }
        }
    }

    #[test]
    fn save_and_load_give_the_identical_game(
        seed in any::<u32>(), moves in proptest::collection::vec(any_direction(), 0..150)
    ) {
        let mut replay: Replay<ThreesGame> = Replay::new(seed);
        for d in moves {
            replay.play(d);
        }
        let loaded: Replay<ThreesGame> = Replay::load(&replay.save()).unwrap();
        prop_assert_eq!(loaded.seed(), seed);
        prop_assert_eq!(loaded.moves(), replay.moves());
        prop_assert_eq!(loaded.game(), replay.game());
        prop_assert_eq!(loaded.save(), replay.save());
    }

    #[test]
    fn same_seed_and_moves_give_the_same_game(
        seed in any::<u32>(), moves in proptest::collection::vec(any_direction(), 0..100)
    ) {
        let (mut a, mut b) = (ThreesGame::deal(seed), ThreesGame::deal(seed));
        for d in moves {
            prop_assert_eq!(a.play(d), b.play(d));
        }
        prop_assert_eq!(a, b);
    }

    #[test]
    fn undo_restores_the_game_before_the_move(
        seed in any::<u32>(), moves in proptest::collection::vec(any_direction(), 1..200)
    ) {
        let mut replay: Replay<ThreesGame> = Replay::new(seed);
        for d in moves {
            let before = replay.game().clone();
            if replay.play(d).is_some() {
                let after = replay.game().clone();
                prop_assert!(replay.undo());
                prop_assert_eq!(replay.game(), &before);
                replay.play(d);
                prop_assert_eq!(replay.game(), &after, "the same move deals the same tile");
            }
        }
    }

    #[test]
    fn the_game_at_any_step_is_the_game_those_moves_made_and_plays_on_the_same(
        seed in any::<u32>(), moves in proptest::collection::vec(any_direction(), 0..300),
        at in any::<proptest::sample::Index>(),
    ) {
        let mut replay: Replay<ThreesGame> = Replay::new(seed);
        // Every position along the way, by playing: what `at` must give back.
        let mut positions = vec![(replay.save(), replay.game().clone())];
        for d in moves {
            if replay.play(d).is_some() {
                positions.push((replay.save(), replay.game().clone()));
            }
        }
        let steps = at.index(positions.len());
        let mut shown = replay.at(steps).unwrap();
        prop_assert_eq!(&shown.save(), &positions[steps].0);
        prop_assert_eq!(shown.game(), &positions[steps].1);
        prop_assert!(replay.at(replay.moves().len() + 1).is_none(), "no step past the last");
        // The move a replay shown at this step plays next, and the position it is played from.
        match replay.move_at(steps) {
            Some((before, mv)) => {
                prop_assert_eq!(&before, &positions[steps].1);
                prop_assert_eq!(mv, replay.moves()[steps]);
            }
            None => prop_assert_eq!(steps, replay.moves().len(), "no move after the last"),
        }
        // It is a game of its own: the next logged move gives the next position, and undo the one before.
        if let Some(&next) = replay.moves().get(steps) {
            shown.play(next);
            prop_assert_eq!(shown.game(), &positions[steps + 1].1);
            prop_assert!(shown.undo());
        }
        if steps > 0 {
            prop_assert!(shown.undo());
            prop_assert_eq!(shown.game(), &positions[steps - 1].1);
        }
    }

    #[test]
    fn load_refuses_damaged_saves_without_panicking(text in ".{0,40}") {
        let _ = Replay::<ThreesGame>::load(&text);
    }
}

#[test]
fn load_names_what_is_wrong() {
    let mut replay: Replay<ThreesGame> = Replay::new(99);
    for d in [
        Direction::Left,
        Direction::Up,
        Direction::Right,
        Direction::Down,
    ] {
        replay.play(d);
    }
    let save = replay.save();
    let message = |text: &str| Replay::<ThreesGame>::load(text).unwrap_err().to_string();
    assert_eq!(message("hello"), "not a Gridplay save");
    assert!(message(&save.replace("threes", "2048")).contains("not of threes"));
    assert!(message(&save.replacen(".1.", ".9.", 1)).contains("format"));
    assert!(message("threes.1.-5.0.").contains("seed"));
    assert!(message("threes.1.4294967296.0.").contains("seed"));
    assert!(message("threes.1.7.3.").contains("move list"));
    assert!(message("threes.1.7.1.*").contains("move list"));
    assert!(Replay::<ThreesGame>::load("threes.1.7.0.").is_ok());
}

#[test]
fn a_save_with_an_impossible_move_is_refused() {
    // Up, then up again until up is no longer legal: a log claiming one more up is corrupt.
    let mut replay: Replay<ThreesGame> = Replay::new(5);
    while replay.play(Direction::Up).is_some() {}
    let save = replay.save();
    let n = replay.moves().len();
    let parts: Vec<&str> = save.split('.').collect();
    // Same seed, one more move, all ups (code 0 = 'A').
    let forged_text = format!(
        "threes.1.{}.{}.{}",
        parts[2],
        n + 1,
        "A".repeat((2 * (n + 1)).div_ceil(6))
    );
    let err = Replay::<ThreesGame>::load(&forged_text)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&format!("move {} (up) is not legal", n + 1)),
        "{err}"
    );
}
