//! Asking the board (gridplay::ask): the answers a player who cannot see it gets, in each
//! game's words. Every game's board, rows, columns, squares and last move are checked against
//! its cells at every step of random games in tests/contract.rs; here, what a player asks for
//! by name: where a thing is, what is around a square, where the game stands, and questions
//! not known.
#![cfg(not(target_arch = "wasm32"))]

use gridplay::ask::QUESTIONS;
use gridplay::contract::{place_name, Rules};
use gridplay::fifteen::Fifteen;
use gridplay::game2048::Game2048;
use gridplay::minesweeper::Minesweeper;
use gridplay::tictactoe::TicTacToe;
use gridplay::{Direction, Replay};
use proptest::prelude::*;

fn dealt<G: Rules>(link: &str) -> Replay<G> {
    Replay::new(G::from_link(link).unwrap())
}

#[test]
fn where_finds_fifteens_gap_and_each_tile() {
    let game = dealt::<Fifteen>("size=4/seed=7");
    let cells = Rules::cells(game.game());
    let gap = cells.iter().position(|&t| t == 0).unwrap();
    assert_eq!(
        game.answer("where gap", 0),
        format!("gap at {}.", place_name(gap, 4))
    );
    let seven = cells.iter().position(|&t| t == 7).unwrap();
    assert_eq!(
        game.answer("w 7", 0),
        format!("7 at {}.", place_name(seven, 4))
    );
    assert_eq!(game.answer("where 16", 0), "No 16 on the board.");
    assert!(game.answer("status", 0).contains("Moves 0."));
}

#[test]
fn where_lists_every_empty_square_of_2048_in_reading_order() {
    let game = dealt::<Game2048>("seed=3");
    let cells = Rules::cells(game.game());
    let empty: Vec<String> = (0..16)
        .filter(|&c| cells[c] == 0)
        .map(|c| place_name(c, 4))
        .collect();
    assert!(empty.len() > WHERE_MOST);
    let answer = game.answer("where empty", 0);
    assert!(
        answer.starts_with(&format!("empty at {} squares; the first 12: ", empty.len())),
        "{answer}"
    );
    assert!(answer.ends_with(&format!("{}.", empty[11])), "{answer}");
    // A number of the board is found by its words too.
    let tile = *cells.iter().find(|&&v| v > 0).unwrap();
    assert!(game
        .answer(&format!("where {tile}"), 0)
        .starts_with(&format!("{tile} at ")));
}

const WHERE_MOST: usize = 12;

#[test]
fn around_a_minesweeper_square_names_each_neighbour() {
    let mut game = dealt::<Minesweeper>("9x9x10/seed=5");
    // The first dig is always safe, and opens at least the square dug.
    let dig = game.game().on_square(0, 40).unwrap();
    game.attempt(dig).unwrap();
    let corner = game.answer("around 1 1", 0);
    assert_eq!(
        corner.matches("; ").count(),
        2,
        "a corner has three neighbours: {corner}"
    );
    assert!(
        corner.starts_with("Around row 1, column 1: row 1, column 2: "),
        "{corner}"
    );
    let inner = game.answer("a 5 5", 0);
    assert_eq!(
        inner.matches("; ").count(),
        7,
        "an inner square has eight: {inner}"
    );
    let (heading, neighbours) = inner.split_once(": ").unwrap();
    assert_eq!(heading, "Around row 5, column 5");
    assert!(
        !neighbours.contains("row 5, column 5:"),
        "the square itself is not around it"
    );
    // The square dug is open: empty or a count of the mines around it.
    let dug = game.answer("5 5", 0);
    assert!(
        dug == "Row 5, column 5: empty." || dug.ends_with("around."),
        "{dug}"
    );
    assert!(game.answer("where hidden", 0).starts_with("hidden at "));
    assert!(game
        .answer("status", 42_000)
        .contains("Mines left 10. Time 0:42."));
}

#[test]
fn status_says_whose_turn_and_the_end() {
    let mut game = dealt::<TicTacToe>("");
    assert_eq!(game.answer("status", 0), "X to move.");
    for cell in [0, 3, 1, 4, 2] {
        let mv = game.game().on_square(0, cell).unwrap();
        game.attempt(mv).unwrap();
    }
    assert_eq!(Some(game.answer("st", 0)), game.game().ending());
    assert_eq!(game.answer("row 1", 0), "Row 1: X, X, X.");
}

#[test]
fn last_before_any_move_and_after_one() {
    let mut game = dealt::<Game2048>("seed=9");
    assert_eq!(game.answer("last", 0), "No move yet.");
    let mv = Direction::ALL
        .into_iter()
        .find(|&d| game.clone().attempt(d).is_ok())
        .unwrap();
    let (_, told) = game.attempt_told(mv).unwrap();
    assert_eq!(game.answer("again", 0), format!("Last move: {told}"));
}

#[test]
fn help_and_a_question_not_known_list_the_questions() {
    let game = dealt::<Fifteen>("size=3/seed=1");
    assert_eq!(game.answer("help", 0), QUESTIONS);
    assert_eq!(game.answer("", 0), QUESTIONS);
    assert_eq!(
        game.answer("dance", 0),
        format!("No question “dance”. {QUESTIONS}")
    );
    assert_eq!(
        game.answer("column 0", 0),
        format!("There is no column 0: the columns are 1 to 3. {QUESTIONS}")
    );
}

proptest! {
    /// Whatever is typed, an answer comes, and it is words.
    #[test]
    fn any_question_is_answered(question in ".{0,40}", seed: u32) {
        let game = dealt::<Minesweeper>(&format!("8x6x12/seed={seed}"));
        prop_assert!(!game.answer(&question, 0).is_empty());
        let game = dealt::<Fifteen>(&format!("size=3/seed={seed}"));
        prop_assert!(!game.answer(&question, 0).is_empty());
    }
}

#[test]
fn a_run_of_squares_alike_is_counted_but_numbers_are_said_each() {
    let game = dealt::<Minesweeper>("9x9x10/seed=5");
    assert_eq!(game.answer("row 1", 0), "Row 1: 9 hidden.");
    assert_eq!(game.answer("column 9", 0), "Column 9: 9 hidden.");
    let mut game = dealt::<Game2048>("seed=1");
    // 2048 played until some row holds four equal numbers is rare: a row of one tile and three
    // empty squares is said in full, as three alike are not a run.
    for _ in 0..3 {
        let mv = Direction::ALL
            .into_iter()
            .find(|&d| game.clone().attempt(d).is_ok())
            .unwrap();
        game.attempt(mv).unwrap();
    }
    let cells = Rules::cells(game.game());
    for row in 0..4 {
        let line = &cells[row * 4..row * 4 + 4];
        let answer = game.answer(&format!("r {}", row + 1), 0);
        if line.iter().all(|&v| v == 0) {
            assert_eq!(answer, format!("Row {}: 4 empty.", row + 1));
        } else {
            assert_eq!(answer.matches(", ").count(), 3, "{answer}");
        }
    }
}
