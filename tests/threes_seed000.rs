//! Every case of a test-first Threes tutorial (ilyes.me: a PHP `Board` with `getGrid`,
//! `setGrid` and a method per direction, no new cards), ported as written there; the rules
//! they check are in `docs/rules.md`.
#![cfg(not(target_arch = "wasm32"))]

use gridplay::grid::Cells;
use gridplay::threes::Board;
use gridplay::Direction;

fn board(cells: Cells) -> Board {
    let mut board = Board::new();
    board
        .set_cells(cells)
        .expect("the tutorial's grids hold Threes tiles");
    board
}

fn after(cells: Cells, direction: Direction) -> Cells {
    let mut board = board(cells);
    board.shift(direction);
    *board.cells()
}

#[test]
fn test_new() {
    assert_eq!(*Board::new().cells(), [[0; 4]; 4]);
}

#[test]
fn test_up_moves_a_tile_to_the_wall() {
    let grid = [[0, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    let want = [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    assert_eq!(after(grid, Direction::Up), want);
}

#[test]
fn test_up_leaves_a_tile_against_the_wall() {
    let grid = [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    let want = [[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    assert_eq!(after(grid, Direction::Up), want);
}

#[test]
fn test_up_full_column_does_not_move() {
    let grid = [[0, 1, 1, 0], [1, 0, 1, 0], [0, 0, 1, 0], [0, 0, 1, 0]];
    let want = [[1, 1, 1, 0], [0, 0, 1, 0], [0, 0, 1, 0], [0, 0, 1, 0]];
    assert_eq!(after(grid, Direction::Up), want);
}

#[test]
fn test_up() {
    let grid = [[0, 1, 1, 0], [1, 0, 1, 1], [0, 0, 1, 0], [0, 0, 1, 1]];
    let want = [[1, 1, 1, 1], [0, 0, 1, 0], [0, 0, 1, 1], [0, 0, 1, 0]];
    assert_eq!(after(grid, Direction::Up), want);
}

#[test]
fn test_up_add_one_and_two() {
    let grid = [[1, 0, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    let want = [[3, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    assert_eq!(after(grid, Direction::Up), want);
}

#[test]
fn test_up_add_two_and_one() {
    let grid = [[1, 2, 0, 0], [2, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    let want = [[3, 3, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    assert_eq!(after(grid, Direction::Up), want);
}

#[test]
fn test_up_add_threes() {
    let grid = [[1, 2, 3, 0], [2, 1, 3, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    let want = [[3, 3, 6, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]];
    assert_eq!(after(grid, Direction::Up), want);
}

#[test]
fn test_up_add() {
    let grid = [[1, 2, 3, 3], [2, 1, 3, 3], [0, 0, 0, 1], [0, 0, 0, 2]];
    let want = [[3, 3, 6, 6], [0, 0, 0, 1], [0, 0, 0, 2], [0, 0, 0, 0]];
    assert_eq!(after(grid, Direction::Up), want);
}

#[test]
fn test_down() {
    let grid = [[0, 0, 1, 1], [1, 0, 1, 0], [0, 0, 1, 1], [0, 1, 1, 0]];
    let want = [[0, 0, 1, 0], [0, 0, 1, 1], [1, 0, 1, 0], [0, 1, 1, 1]];
    assert_eq!(after(grid, Direction::Down), want);
}

#[test]
fn test_down_add() {
    let grid = [[0, 0, 0, 1], [0, 0, 0, 2], [2, 2, 3, 3], [1, 1, 3, 3]];
    let want = [[0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0, 2], [3, 3, 6, 6]];
    assert_eq!(after(grid, Direction::Down), want);
}

#[test]
fn test_right() {
    let grid = [[1, 0, 0, 0], [0, 0, 0, 1], [1, 1, 1, 1], [1, 0, 1, 0]];
    let want = [[0, 1, 0, 0], [0, 0, 0, 1], [1, 1, 1, 1], [0, 1, 0, 1]];
    assert_eq!(after(grid, Direction::Right), want);
}

#[test]
fn test_right_add() {
    let grid = [[0, 0, 2, 1], [0, 0, 1, 2], [0, 0, 3, 3], [1, 2, 3, 3]];
    let want = [[0, 0, 0, 3], [0, 0, 0, 3], [0, 0, 0, 6], [0, 1, 2, 6]];
    assert_eq!(after(grid, Direction::Right), want);
}

#[test]
fn test_left() {
    let grid = [[0, 1, 0, 0], [1, 0, 0, 0], [1, 1, 1, 1], [0, 1, 0, 1]];
    let want = [[1, 0, 0, 0], [1, 0, 0, 0], [1, 1, 1, 1], [1, 0, 1, 0]];
    assert_eq!(after(grid, Direction::Left), want);
}

#[test]
fn test_left_add() {
    let grid = [[1, 2, 0, 0], [2, 1, 0, 0], [3, 3, 0, 0], [3, 3, 1, 2]];
    let want = [[3, 0, 0, 0], [3, 0, 0, 0], [6, 0, 0, 0], [6, 1, 2, 0]];
    assert_eq!(after(grid, Direction::Left), want);
}
