//! Every example of the Codewars 2048 kata, drawn as there: `#` is an empty cell.
//! <https://www.codewars.com/kata/55d3671f6f432dc888000013>
#![cfg(not(target_arch = "wasm32"))]

use gridplay::game2048::Board2048;
use gridplay::grid::Cells;
use gridplay::Direction::{self, Down, Left, Right, Up};

fn parse(rows: [&str; 4]) -> Cells {
    let mut cells = [[0; 4]; 4];
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            cells[r][c] = ch.to_digit(10).unwrap_or(0);
        }
    }
    cells
}

/// Moves `before` in `direction` and checks the board becomes `after` and the move's
/// legality (a move is legal iff it changes the board).
fn check(before: [&str; 4], direction: Direction, after: [&str; 4]) {
    let mut board = Board2048::new();
    board.set_cells(parse(before)).unwrap();
    let changed = board.shift(direction).changed();
    assert_eq!(*board.cells(), parse(after), "{before:?} {direction}");
    assert_eq!(changed, before != after);
}

const EXAMPLE: [&str; 4] = ["#2##", "4#4#", "48##", "####"];

#[test]
fn right_is_selected() {
    check(EXAMPLE, Right, ["###2", "###8", "##48", "####"]);
}

#[test]
fn down_is_selected() {
    check(EXAMPLE, Down, ["####", "####", "#2##", "884#"]);
}

#[test]
fn up_is_selected() {
    check(EXAMPLE, Up, ["824#", "#8##", "####", "####"]);
}

#[test]
fn left_is_selected() {
    check(EXAMPLE, Left, ["2###", "8###", "48##", "####"]);
}

#[test]
fn moving_right_is_not_legal_for_these_boards() {
    check(
        ["###2", "###2", "###2", "###2"],
        Right,
        ["###2", "###2", "###2", "###2"],
    );
    check(
        ["###2", "##24", "#248", "####"],
        Right,
        ["###2", "##24", "#248", "####"],
    );
}

const EQUALS: [&str; 4] = ["4444", "2444", "#444", "2244"];

#[test]
fn three_or_four_equal_tiles_collapse_nearest_the_wall_first_right() {
    check(EQUALS, Right, ["##88", "#248", "##48", "##48"]);
}

#[test]
fn three_or_four_equal_tiles_collapse_nearest_the_wall_first_down() {
    check(EQUALS, Down, ["####", "#4##", "4888", "4288"]);
}

#[test]
fn a_merged_tile_does_not_merge_again() {
    check(
        ["2222", "####", "####", "####"],
        Right,
        ["##44", "####", "####", "####"],
    );
    check(
        ["2222", "####", "####", "####"],
        Left,
        ["44##", "####", "####", "####"],
    );
}

#[test]
fn a_full_board_without_merges_is_stuck() {
    let mut board = Board2048::new();
    board
        .set_cells([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]])
        .unwrap();
    assert!(board.is_stuck());
    board
        .set_cells([[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 4]])
        .unwrap();
    assert!(!board.is_stuck(), "a full board that can merge is not over");
    assert!(board.can_shift(Up) && board.can_shift(Left));
}
