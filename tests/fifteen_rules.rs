//! The sliding puzzle's rules (`docs/rules.md`, *Fifteen*): solvability, deals, the three
//! guards of a single move (`Fifteen::step`), segment slides, and the move log.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{HashSet, VecDeque};

use gridplay::fifteen::{self, is_solvable, Fifteen, MoveError, Opening, Slide, TilesError};
use gridplay::{Direction, Game, Replay};
use proptest::prelude::*;

fn board(tiles: &[u32]) -> Fifteen {
    Fifteen::from_tiles(tiles).expect("a solvable board")
}

/// Every arrangement reachable from the 3×3 goal, by breadth-first search over slides. (From
/// the goal by `play_logged`, the slide itself: `play` refuses any, the puzzle being solved.)
fn reachable_3x3() -> HashSet<Vec<u8>> {
    let goal = Fifteen::solved(3);
    let mut seen = HashSet::from([goal.tiles().to_vec()]);
    let mut queue = VecDeque::from([goal]);
    while let Some(position) = queue.pop_front() {
        for direction in Direction::ALL {
            let mut next = position;
            if next
                .play_logged(Slide {
                    direction,
                    count: 1,
                })
                .is_some()
                && seen.insert(next.tiles().to_vec())
            {
                queue.push_back(next);
            }
        }
    }
    seen
}

/// All permutations of `items` (Heap's algorithm).
fn permutations(items: &mut Vec<u8>, k: usize, out: &mut Vec<Vec<u8>>) {
    if k == 1 {
        out.push(items.clone());
        return;
    }
    permutations(items, k - 1, out);
    for i in 0..k - 1 {
        let j = if k % 2 == 0 { i } else { 0 };
        items.swap(j, k - 1);
        permutations(items, k - 1, out);
    }
}

#[test]
fn solvable_exactly_when_the_goal_is_reachable_on_every_3x3_arrangement() {
    let reachable = reachable_3x3();
    assert_eq!(reachable.len(), 181_440, "half of the 9! arrangements");
    let mut all = Vec::new();
    permutations(&mut (0..9).collect(), 9, &mut all);
    assert_eq!(all.len(), 362_880);
    for tiles in &all {
        assert_eq!(
            is_solvable(tiles),
            reachable.contains(tiles),
            "{tiles:?}: inversions {}",
            fifteen::inversions(tiles)
        );
    }
}

#[test]
fn even_width_counts_the_blank_row_from_the_bottom() {
    // The goal: no inversions, blank on the bottom row (1): 0 + 1 is odd.
    assert!(is_solvable(Fifteen::solved(4).tiles()));
    // Sam Loyd's 14-15 puzzle: one inversion, blank on the bottom row.
    let loyd: Vec<u8> = vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0];
    assert!(!is_solvable(&loyd));
    // A move never changes it: the blank one row up is one move from Loyd's position, and
    // there three more inversions and the blank's row (2) balance out the same way.
    let loyd_up: Vec<u8> = vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 15, 14, 12];
    assert!(!is_solvable(&loyd_up));
    // ...while two tiles swapped on a board that is otherwise that one flips it back.
    let swapped_up: Vec<u8> = vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12];
    assert!(is_solvable(&swapped_up));
}

#[test]
fn every_deal_is_solvable_and_not_solved() {
    for size in fifteen::SIZES {
        for seed in 0..3000 {
            let game = Fifteen::deal(size, seed);
            assert_eq!(game.size(), size);
            assert!(is_solvable(game.tiles()), "size {size} seed {seed}");
            assert!(!game.is_solved(), "size {size} seed {seed}");
            let mut sorted = game.tiles().to_vec();
            sorted.sort();
            assert_eq!(sorted, (0..(size * size) as u8).collect::<Vec<_>>());
        }
    }
}

#[test]
fn deals_are_spread_evenly_over_the_solvable_arrangements() {
    // Uniform over the solvable 3×3 arrangements: the blank is equally likely on each cell
    // and each tile equally likely in the top-left corner (χ² with 8 degrees of freedom:
    // above 26.1 happens by chance once in a thousand runs; the seeds are fixed anyway).
    const DEALS: u32 = 45_000;
    let mut blank = [0f64; 9];
    let mut corner = [0f64; 9];
    let mut distinct = HashSet::new();
    for seed in 0..DEALS {
        let game = Fifteen::deal(3, seed);
        blank[game.blank()] += 1.0;
        corner[game.tiles()[0] as usize] += 1.0;
        distinct.insert(game.tiles().to_vec());
    }
    let chi2 = |counts: &[f64]| {
        let expected = counts.iter().sum::<f64>() / counts.len() as f64;
        counts
            .iter()
            .map(|c| (c - expected).powi(2) / expected)
            .sum::<f64>()
    };
    assert!(chi2(&blank) < 26.1, "blank cells {blank:?}");
    assert!(chi2(&corner) < 26.1, "top-left tiles {corner:?}");
    // 45 000 draws from 181 439 arrangements repeat some (birthday), but only if uniform
    // would the count of distinct ones be this close to the expected 40 100.
    let n = 181_439f64;
    let expected = n * (1.0 - (-f64::from(DEALS) / n).exp());
    assert!(
        (distinct.len() as f64 - expected).abs() < 400.0,
        "{} distinct, expected about {expected:.0}",
        distinct.len()
    );
}

#[test]
fn the_same_seed_deals_the_same_board() {
    assert_eq!(Fifteen::deal(4, 99), Fifteen::deal(4, 99));
    assert_ne!(Fifteen::deal(4, 99), Fifteen::deal(4, 100));
}

#[test]
fn from_tiles_refuses_what_is_not_a_board() {
    assert_eq!(
        Fifteen::from_tiles(&[1, 2, 3, 0]),
        Err(TilesError::Length(4))
    );
    assert_eq!(Fifteen::from_tiles(&[]), Err(TilesError::Length(0)));
    let mut tiles: Vec<u32> = (1..9).chain([0]).collect();
    tiles[3] = 9;
    assert_eq!(
        Fifteen::from_tiles(&tiles),
        Err(TilesError::OutOfRange {
            index: 3,
            value: 9,
            cells: 9
        })
    );
    tiles[3] = 1;
    assert_eq!(
        Fifteen::from_tiles(&tiles),
        Err(TilesError::Repeated { value: 1 })
    );
    let loyd: Vec<u32> = vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0];
    let error = Fifteen::from_tiles(&loyd).unwrap_err();
    assert_eq!(error, TilesError::Unsolvable);
    assert!(error.to_string().contains("cannot be solved"));
}

// 1 2 3
// 4 _ 5
// 7 8 6
const MIDDLE: [u32; 9] = [1, 2, 3, 4, 0, 5, 7, 8, 6];

#[test]
fn a_tile_next_to_the_blank_moves_into_it() {
    let mut game = board(&MIDDLE);
    let slide = game.step(5, 4).unwrap();
    game.play(slide).unwrap();
    assert_eq!(game.tiles(), [1, 2, 3, 4, 5, 0, 7, 8, 6]);
    assert_eq!(game.blank(), 5);
    let slide = game.step(8, 5).unwrap();
    game.play(slide).unwrap();
    assert!(game.is_solved());
}

#[test]
fn the_three_move_guards_refuse_and_change_nothing() {
    let game = board(&MIDDLE);
    assert_eq!(
        game.step(9, 4),
        Err(MoveError::OffBoard { cell: 9, cells: 9 })
    );
    assert_eq!(
        game.step(1, 99),
        Err(MoveError::OffBoard { cell: 99, cells: 9 })
    );
    // Two apart in a row, diagonal, and the wrap from a row's end to the next row's start.
    assert_eq!(
        game.step(3, 5),
        Err(MoveError::NotAdjacent { from: 3, to: 5 })
    );
    assert_eq!(
        game.step(0, 4),
        Err(MoveError::NotAdjacent { from: 0, to: 4 })
    );
    assert_eq!(
        game.step(2, 3),
        Err(MoveError::NotAdjacent { from: 2, to: 3 })
    );
    // Into a tile, not the blank.
    assert_eq!(
        game.step(0, 1),
        Err(MoveError::NotBlank { to: 1, blank: 4 })
    );
    assert_eq!(game, board(&MIDDLE));
    for error in [
        game.step(9, 4).unwrap_err(),
        game.step(3, 5).unwrap_err(),
        game.step(0, 1).unwrap_err(),
    ] {
        assert!(error.to_string().contains("cell"), "{error}");
    }
}

// 1  2  3  4
// 5  6  7  8
// 9  10 11 12
// 13 _  14 15   (blank at 13)
const ROW_AND_COLUMN: [u32; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15];

fn slid(tiles: &[u32], cell: usize) -> (usize, Vec<u8>) {
    let mut game = board(tiles);
    let slide = game.segment(cell).unwrap();
    let moved = game.play(slide).map_or(0, |s| s.tiles());
    (moved, game.tiles().to_vec())
}

#[test]
fn a_tap_slides_the_whole_segment_toward_the_blank() {
    // Row, to the left of the blank's right: 14 and 15 move left.
    let (moved, tiles) = slid(&ROW_AND_COLUMN, 15);
    assert_eq!(moved, 2);
    assert_eq!(&tiles[12..], [13, 14, 15, 0]);
    // Column above the blank: 2, 6 and 10 move down one each.
    let (moved, tiles) = slid(&ROW_AND_COLUMN, 1);
    assert_eq!(moved, 3);
    assert_eq!(
        tiles,
        [1, 0, 3, 4, 5, 2, 7, 8, 9, 6, 11, 12, 13, 10, 14, 15]
    );
    // The neighbour only.
    let (moved, tiles) = slid(&ROW_AND_COLUMN, 12);
    assert_eq!(moved, 1);
    assert_eq!(&tiles[12..], [0, 13, 14, 15]);
    // The blank itself: nothing moves.
    let (moved, tiles) = slid(&ROW_AND_COLUMN, 13);
    assert_eq!(moved, 0);
    assert_eq!(tiles, board(&ROW_AND_COLUMN).tiles());
}

#[test]
fn a_tap_off_the_blanks_row_and_column_is_refused() {
    let game = board(&ROW_AND_COLUMN);
    assert_eq!(
        game.segment(0),
        Err(MoveError::NotInLine { cell: 0, blank: 13 })
    );
    assert_eq!(
        game.segment(16),
        Err(MoveError::OffBoard {
            cell: 16,
            cells: 16
        })
    );
}

#[test]
fn a_swipe_moves_the_tile_on_the_far_side_of_the_blank() {
    let mut game = board(&MIDDLE);
    // Swipe up: the tile below the blank (8) moves up.
    let slide = game.nudge(Direction::Up).unwrap();
    game.play(slide).unwrap();
    assert_eq!(game.tiles(), [1, 2, 3, 4, 8, 5, 7, 0, 6]);
    // Now the blank is on the bottom row: nothing below it to move up.
    assert_eq!(game.nudge(Direction::Up), None);
}

#[test]
fn the_move_count_counts_tiles_and_undo_takes_back_a_whole_slide() {
    let start = board(&ROW_AND_COLUMN);
    let mut replay: Replay<Fifteen> = Replay::new(Opening::Tiles(start));
    let slide = replay.game().segment(1).unwrap();
    replay.play(slide).unwrap();
    let tiles_moved: usize = replay.moves().iter().map(|s| s.tiles()).sum();
    assert_eq!(tiles_moved, 3);
    assert!(replay.undo());
    assert_eq!(replay.game(), &start);
    assert!(!replay.undo());
}

proptest! {
    #[test]
    fn saves_load_into_the_same_position(
        size in 3usize..=5,
        seed: u32,
        taps in prop::collection::vec(0usize..25, 0..80),
        from_tiles: bool,
    ) {
        let opening = if from_tiles {
            Opening::Tiles(Fifteen::deal(size, seed))
        } else {
            Opening::Deal { size, seed }
        };
        let mut replay: Replay<Fifteen> = Replay::new(opening.clone());
        for tap in taps {
            // Taps anywhere: only those in the blank's row or column move anything.
            if let Ok(slide) = replay.game().segment(tap % (size * size)) {
                let before = *replay.game();
                if replay.play(slide).is_none() {
                    prop_assert_eq!(replay.game(), &before);
                }
            }
        }
        let text = replay.save();
        let loaded: Replay<Fifteen> = Replay::load(&text).unwrap();
        prop_assert_eq!(loaded.game(), replay.game());
        prop_assert_eq!(loaded.start(), &opening);
        prop_assert_eq!(loaded.moves(), replay.moves());
        prop_assert!(is_solvable(replay.game().tiles()));
    }
}

#[test]
fn a_save_with_an_unsolvable_start_is_refused() {
    let replay: Replay<Fifteen> = Replay::new(Opening::Tiles(board(&MIDDLE)));
    let text = replay.save();
    assert_eq!(text, "fifteen.1.t123405786.0.");
    // 1 and 2 swapped: no longer a position the puzzle can start from.
    let error = Replay::<Fifteen>::load("fifteen.1.t213405786.0.").unwrap_err();
    assert!(error.to_string().contains("starting position"), "{error}");
    assert!(Replay::<Fifteen>::load("fifteen.1.6-5.0.").is_err(), "6×6");
    assert!(Replay::<Fifteen>::load("fifteen.1.4-5.0.").is_ok());
}
