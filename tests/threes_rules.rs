//! The Threes rules of `docs/rules.md`, one behaviour per test.
#![cfg(not(target_arch = "wasm32"))]

use gridplay::grid::{Cells, Line};
use gridplay::threes::{fold, Board, ThreesGame};
use gridplay::{Direction, Game, Replay, SlidingGame};

fn folded(mut line: Line) -> Line {
    fold(&mut line);
    line
}

#[test]
fn the_pair_nearest_the_wall_merges() {
    assert_eq!(folded([3, 3, 3, 0]), [6, 3, 0, 0]);
    assert_eq!(folded([1, 2, 1, 2]), [3, 1, 2, 0]);
}

#[test]
fn ones_and_ones_or_twos_and_twos_never_merge() {
    assert_eq!(folded([1, 1, 0, 0]), [1, 1, 0, 0]);
    assert_eq!(folded([2, 2, 2, 2]), [2, 2, 2, 2]);
    assert_eq!(folded([1, 1, 2, 0]), [1, 3, 0, 0]);
}

#[test]
fn equal_tiles_of_three_or_more_double() {
    assert_eq!(folded([6, 6, 0, 0]), [12, 0, 0, 0]);
    assert_eq!(folded([0, 96, 96, 0]), [96, 96, 0, 0]);
    assert_eq!(folded([3072, 3072, 1, 0]), [6144, 1, 0, 0]);
}

#[test]
fn unequal_tiles_and_a_3_with_a_1_do_not_merge() {
    assert_eq!(folded([3, 6, 12, 24]), [3, 6, 12, 24]);
    assert_eq!(folded([3, 1, 3, 2]), [3, 1, 3, 2]);
}

#[test]
fn the_largest_tiles_do_not_merge() {
    assert_eq!(folded([6144, 6144, 0, 0]), [6144, 6144, 0, 0]);
}

#[test]
fn a_tile_moves_at_most_one_cell() {
    assert_eq!(folded([0, 0, 0, 3]), [0, 0, 3, 0]);
    assert_eq!(folded([0, 0, 1, 2]), [0, 1, 2, 0]);
}

#[test]
fn the_line_folds_at_the_first_gap_and_everything_behind_follows() {
    assert_eq!(folded([3, 0, 1, 2]), [3, 1, 2, 0]);
    assert_eq!(folded([3, 0, 0, 2]), [3, 0, 2, 0]);
    assert_eq!(folded([2, 0, 2, 1]), [2, 2, 1, 0]);
}

#[test]
fn a_move_is_legal_iff_some_line_moves() {
    let stuck: Cells = [[1, 3, 1, 3], [3, 1, 3, 1], [1, 3, 1, 3], [3, 1, 3, 1]];
    let mut board = Board::new();
    board.set_cells(stuck).unwrap();
    for d in Direction::ALL {
        assert!(!board.can_shift(d), "{d} should be illegal");
        let trace = board.clone().shift(d);
        assert!(!trace.changed());
    }
}

#[test]
fn a_tile_must_be_a_threes_value() {
    let mut board = Board::new();
    let mut cells: Cells = [[0; 4]; 4];
    cells[2][1] = 5;
    let err = board.set_cells(cells).unwrap_err();
    assert!(err.to_string().contains("rows[2][1] is 5"), "{err}");
    cells[2][1] = 12288;
    assert!(board.set_cells(cells).is_err());
    assert_eq!(
        *board.cells(),
        [[0; 4]; 4],
        "a refused grid leaves the board as it was"
    );
}

#[test]
fn the_score_sums_each_tiles_points() {
    let mut board = Board::new();
    board
        .set_cells([[1, 2, 3, 6], [12, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 6144]])
        .unwrap();
    assert_eq!(board.score(), 3 + 9 + 27 + 531_441);
}

#[test]
fn a_game_starts_with_nine_tiles_from_one_deck() {
    for seed in 0..200 {
        let game = ThreesGame::deal(seed);
        let tiles: Vec<u32> = game
            .board()
            .cells()
            .iter()
            .flatten()
            .copied()
            .filter(|&v| v != 0)
            .collect();
        assert_eq!(tiles.len(), 9);
        for value in 1..=3 {
            let n = tiles.iter().filter(|&&v| v == value).count();
            assert!((1..=4).contains(&n), "seed {seed}: {n} tiles of {value}");
        }
        // The other three cards stay in the deck; the preview is one of them.
        assert_eq!(game.deck().remaining(), 2);
        assert!((1..=3).contains(&game.next().value));
    }
}

#[test]
fn no_bonus_tile_before_a_48() {
    for seed in 0..50 {
        let mut replay: Replay<ThreesGame> = Replay::new(seed);
        while !replay.game().is_over() {
            let next = replay.game().next();
            if replay.game().board().highest() < 48 {
                assert!(!next.is_bonus(), "seed {seed}: bonus {next:?} too early");
            }
            let legal = Direction::ALL
                .into_iter()
                .find(|&d| replay.game().board().can_shift(d))
                .unwrap();
            replay.play(legal);
        }
    }
}

/// A board whose highest tile is `highest`, with room to move.
fn board_with(highest: u32) -> Board {
    let mut board = Board::new();
    board
        .set_cells([[highest, 0, 0, 0], [0, 3, 0, 0], [0, 0, 1, 0], [0, 0, 0, 2]])
        .unwrap();
    board
}

#[test]
fn bonus_tiles_come_one_draw_in_21_with_values_from_6_to_an_eighth_of_the_highest() {
    let draws = 42_000;
    let mut bonus_values = std::collections::BTreeMap::new();
    for seed in 0..draws {
        let next = ThreesGame::from_board(board_with(384), seed).next();
        if next.is_bonus() {
            *bonus_values.entry(next.value).or_insert(0u32) += 1;
            let preview = next.preview();
            assert_eq!(preview.len(), 3);
            assert!(
                preview.contains(&next.value),
                "{preview:?} lacks {}",
                next.value
            );
            assert!(preview.windows(2).all(|w| w[1] == 2 * w[0]));
        } else {
            assert_eq!(next.preview(), vec![next.value]);
        }
    }
    let bonuses: u32 = bonus_values.values().sum();
    // Expected 2000; 5 standard deviations either side.
    assert!((1780..=2220).contains(&bonuses), "{bonuses} bonus tiles");
    assert_eq!(
        bonus_values.keys().copied().collect::<Vec<_>>(),
        [6, 12, 24, 48]
    );
    for (&value, &n) in &bonus_values {
        assert!((380..=620).contains(&n), "{value}: {n} of {bonuses}");
    }
}

#[test]
fn a_bonus_preview_with_few_candidates_shows_them_all() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..5_000 {
        let next = ThreesGame::from_board(board_with(96), seed).next();
        if next.is_bonus() {
            assert_eq!(next.preview(), vec![6, 12]);
            seen.insert(next.value);
        }
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), [6, 12]);
    for seed in 0..2_000 {
        let next = ThreesGame::from_board(board_with(48), seed).next();
        if next.is_bonus() {
            assert_eq!((next.value, next.preview()), (6, vec![6]));
        }
    }
}

#[test]
fn the_new_tile_enters_a_uniformly_chosen_moved_line() {
    // From this board a left move moves lines 0 and 2 only.
    let mut board = Board::new();
    board
        .set_cells([[0, 3, 0, 0], [3, 1, 3, 1], [0, 0, 0, 2], [1, 3, 1, 3]])
        .unwrap();
    let mut rows = [0u32; 4];
    for seed in 0..4_000 {
        let mut game = ThreesGame::from_board(board, seed);
        let report = game.play(Direction::Left).unwrap();
        assert_eq!(report.spawn.col, 3, "enters at the far (right) edge");
        rows[report.spawn.row] += 1;
    }
    assert_eq!((rows[1], rows[3]), (0, 0), "only moved lines get the tile");
    assert!((1800..=2200).contains(&rows[0]), "{rows:?}");
}

#[test]
fn the_game_is_over_when_no_direction_is_legal() {
    let mut board = Board::new();
    board
        .set_cells([[1, 3, 1, 3], [3, 1, 3, 1], [1, 3, 1, 3], [3, 1, 3, 1]])
        .unwrap();
    assert!(ThreesGame::from_board(board, 1).is_over());
    assert!(!ThreesGame::from_board(board_with(3), 1).is_over());
}

#[test]
fn every_twelve_basic_draws_hold_four_of_each() {
    for seed in 0..30 {
        let mut replay: Replay<ThreesGame> = Replay::new(seed);
        // The first twelve cards: the nine dealt tiles and the next three basic previews.
        let mut cards: Vec<u32> = replay
            .game()
            .board()
            .cells()
            .iter()
            .flatten()
            .copied()
            .filter(|&v| v != 0)
            .collect();
        let mut turn = 0;
        loop {
            let next = replay.game().next();
            if !next.is_bonus() {
                cards.push(next.value);
            }
            let legal: Vec<Direction> = Direction::ALL
                .into_iter()
                .filter(|&d| replay.game().board().can_shift(d))
                .collect();
            if legal.is_empty() {
                break;
            }
            turn += 1;
            replay.play(legal[turn % legal.len()]);
        }
        for (i, deck) in cards.chunks_exact(12).enumerate() {
            let mut sorted = deck.to_vec();
            sorted.sort();
            assert_eq!(
                sorted,
                [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3],
                "seed {seed} deck {i}"
            );
        }
    }
}
