//! 2048's game rules (`docs/rules.md`) and invariants, over random boards and games.
#![cfg(not(target_arch = "wasm32"))]

use gridplay::game2048::{Board2048, Game2048};
use gridplay::grid::{Cells, Line};
use gridplay::{Direction, Game, Replay, SlidingGame};
use proptest::prelude::*;

fn slid(mut line: Line) -> Line {
    gridplay::game2048::slide(&mut line);
    line
}

#[test]
fn tiles_slide_all_the_way() {
    assert_eq!(slid([0, 0, 0, 2]), [2, 0, 0, 0]);
    assert_eq!(slid([0, 4, 0, 2]), [4, 2, 0, 0]);
}

#[test]
fn merges_add_up_and_stop() {
    assert_eq!(slid([2, 2, 2, 0]), [4, 2, 0, 0]);
    assert_eq!(slid([4, 4, 8, 8]), [8, 16, 0, 0]);
    assert_eq!(
        slid([8, 4, 4, 0]),
        [8, 8, 0, 0],
        "the new 8 does not merge again"
    );
    assert_eq!(slid([65536, 65536, 0, 0]), [131072, 0, 0, 0]);
    assert_eq!(slid([131072, 131072, 0, 0]), [131072, 131072, 0, 0]);
}

#[test]
fn tiles_are_powers_of_two_up_to_2_to_the_17() {
    let mut board = Board2048::new();
    for bad in [1, 3, 6, 262_144] {
        let mut cells: Cells = [[0; 4]; 4];
        cells[1][2] = bad;
        let err = board.set_cells(cells).unwrap_err().to_string();
        assert!(err.contains(&format!("rows[1][2] is {bad}")), "{err}");
    }
    let mut cells: Cells = [[0; 4]; 4];
    cells[0][0] = 131_072;
    cells[3][3] = 2;
    assert!(board.set_cells(cells).is_ok());
}

#[test]
fn a_game_starts_with_two_tiles_of_2_or_4() {
    for seed in 0..100 {
        let game = Game2048::deal(seed);
        let tiles: Vec<u32> = game
            .board()
            .cells()
            .iter()
            .flatten()
            .copied()
            .filter(|&v| v != 0)
            .collect();
        assert_eq!(tiles.len(), 2);
        assert!(tiles.iter().all(|&v| v == 2 || v == 4));
        assert_eq!(game.score(), 0);
    }
}

#[test]
fn new_tiles_are_2_nine_times_in_ten_on_a_uniform_empty_cell() {
    let mut fours = 0;
    let mut cells_hit = [[0u32; 4]; 4];
    let games = 20_000;
    for seed in 0..games {
        let mut game = Game2048::deal(seed);
        // Find a legal first move and look at the tile it brought.
        let turn = Direction::ALL
            .into_iter()
            .find_map(|d| game.play(d))
            .unwrap();
        if turn.spawn.value == 4 {
            fours += 1;
        } else {
            assert_eq!(turn.spawn.value, 2);
        }
        cells_hit[turn.spawn.row][turn.spawn.col] += 1;
    }
    // Expected 2000 fours; 5 standard deviations is about ±210.
    assert!((1790..=2210).contains(&fours), "{fours} fours in {games}");
    assert!(cells_hit.iter().flatten().all(|&n| n > 0), "{cells_hit:?}");
}

#[test]
fn the_score_adds_each_merged_tile() {
    let mut replay: Replay<Game2048> = Replay::new(3);
    let mut expected = 0;
    for i in 0..300 {
        let d = Direction::ALL[i % 4];
        let before = *replay.game().board().cells();
        if let Some(turn) = replay.play(d) {
            let mut board = Board2048::new();
            board.set_cells(before).unwrap();
            board.shift(d);
            expected += turn
                .trace
                .merges()
                .iter()
                .map(|&(r, c)| u64::from(board.cells()[r][c]))
                .sum::<u64>();
        }
        assert_eq!(replay.game().score(), expected);
    }
    assert!(expected > 0);
}

#[test]
fn reaching_2048_wins_and_play_goes_on() {
    let mut board = Board2048::new();
    board
        .set_cells([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
        .unwrap();
    let mut game = Game2048::from_board(board, 11);
    assert!(!game.won());
    game.play(Direction::Left).unwrap();
    assert_eq!(game.board().cells()[0][0], 2048);
    assert!(game.won());
    assert!(!game.is_over());
    assert!(
        Direction::ALL.into_iter().any(|d| game.play(d).is_some()),
        "keep going"
    );
    assert!(game.won());
}

#[test]
fn undo_goes_back_to_the_start_and_no_further() {
    let mut replay: Replay<Game2048> = Replay::new(8);
    let start = replay.game().clone();
    let mut made = 0;
    for i in 0..200 {
        if replay.play(Direction::ALL[(i * 7) % 4]).is_some() {
            made += 1;
        }
    }
    for _ in 0..made {
        assert!(replay.undo());
    }
    assert_eq!(replay.game(), &start);
    assert!(!replay.undo());
}

fn any_cells() -> impl Strategy<Value = Cells> {
    let values = [0u32, 0, 0, 2, 2, 4, 8, 16, 2048, 131_072];
    proptest::array::uniform4(proptest::array::uniform4(proptest::sample::select(
        values.to_vec(),
    )))
}

fn any_direction() -> impl Strategy<Value = Direction> {
    proptest::sample::select(&Direction::ALL[..])
}

proptest! {
    #[test]
    fn a_board_move_conserves_the_tile_sum_and_reports_change_truly(
        cells in any_cells(), d in any_direction()
    ) {
        let mut board = Board2048::new();
        board.set_cells(cells).unwrap();
        let trace = board.shift(d);
        let sum = |c: &Cells| c.iter().flatten().map(|&v| u64::from(v)).sum::<u64>();
        prop_assert_eq!(sum(board.cells()), sum(&cells));
        prop_assert_eq!(trace.changed(), *board.cells() != cells);
    }

    #[test]
    fn no_tile_merges_twice(cells in any_cells(), d in any_direction()) {
        // Each merged cell received exactly one slide onto a tile: the two halves.
        let mut board = Board2048::new();
        board.set_cells(cells).unwrap();
        let trace = board.shift(d);
        for (r, c) in trace.merges() {
            let arriving = trace.slides().iter().filter(|s| s.to == (r, c)).count();
            let stayed = cells[r][c] != 0 && !trace.slides().iter().any(|s| s.from == (r, c));
            prop_assert_eq!(arriving + usize::from(stayed), 2);
        }
    }

    #[test]
    fn new_tiles_appear_only_on_empty_cells(
        seed in any::<u32>(), moves in proptest::collection::vec(any_direction(), 1..60)
    ) {
        let mut game = Game2048::deal(seed);
        for d in moves {
            let mut shifted = *game.board();
            shifted.shift(d);
            if let Some(turn) = game.play(d) {
                prop_assert_eq!(shifted.cells()[turn.spawn.row][turn.spawn.col], 0);
                let mut expected = *shifted.cells();
                expected[turn.spawn.row][turn.spawn.col] = turn.spawn.value;
                prop_assert_eq!(game.board().cells(), &expected);
            }
        }
    }

    #[test]
    fn undo_restores_the_exact_previous_game_and_the_same_move_deals_the_same_tile(
        seed in any::<u32>(), moves in proptest::collection::vec(any_direction(), 1..120)
    ) {
        let mut replay: Replay<Game2048> = Replay::new(seed);
        for d in moves {
            let before = replay.game().clone();
            if let Some(first) = replay.play(d) {
                prop_assert!(replay.undo());
                prop_assert_eq!(replay.game(), &before);
                prop_assert_eq!(replay.play(d), Some(first));
            }
        }
    }

    #[test]
    fn save_and_load_give_the_identical_game(
        seed in any::<u32>(), moves in proptest::collection::vec(any_direction(), 0..150)
    ) {
        let mut replay: Replay<Game2048> = Replay::new(seed);
        for d in moves {
            replay.play(d);
        }
        let loaded: Replay<Game2048> = Replay::load(&replay.save()).unwrap();
        prop_assert_eq!(loaded.game(), replay.game());
        prop_assert_eq!(loaded.moves(), replay.moves());
    }
}

#[test]
fn a_threes_save_is_not_a_2048_save() {
    let threes: Replay<gridplay::threes::ThreesGame> = Replay::new(1);
    let err = Replay::<Game2048>::load(&threes.save())
        .unwrap_err()
        .to_string();
    assert!(err.contains("not of 2048"), "{err}");
}

/// The recorded game that the browser tests play to the win panel (made by
/// `cargo run --release --example win_2048`) still loads, and its last move still wins.
#[test]
fn the_recorded_winning_game_wins_with_its_last_move() {
    let fixture = include_str!("fixtures/game2048_win.txt");
    let (save, direction) = fixture.trim().split_once(' ').unwrap();
    let mut replay: Replay<Game2048> = Replay::load(save).unwrap();
    assert!(!replay.game().won());
    replay.play(Direction::parse(direction).unwrap()).unwrap();
    assert!(replay.game().won());
    assert!(!replay.game().is_over(), "play can go on");
}
