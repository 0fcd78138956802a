//! Asking the board (gridplay::ask): the answers a player who cannot see it gets, in each
//! game's words. Every game's board, rows, columns, squares and last move are checked against
//! its cells at every step of random games in tests/contract.rs; here, what a player asks for
//! by name: where a thing is, what is around a square, where the game stands, and questions
//! not known.
#![cfg(not(target_arch = "wasm32"))]

use gridplay::ask::questions;
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
    assert_eq!(game.answer("help", 0), questions::<Fifteen>());
    assert_eq!(game.answer("", 0), questions::<Fifteen>());
    assert_eq!(
        game.answer("dance", 0),
        format!("No question “dance”. {}", questions::<Fifteen>())
    );
    assert_eq!(
        game.answer("column 0", 0),
        format!(
            "There is no column 0: the columns are 1 to 3. {}",
            questions::<Fifteen>()
        )
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

#[test]
fn a_typed_move_is_read_as_its_key_or_tap_would_make_it() {
    let game = dealt::<Game2048>("seed=7");
    for direction in Direction::ALL {
        let mv = Ok(direction);
        assert_eq!(game.typed(direction.name()), Some(mv.clone()));
        assert_eq!(game.typed(&format!("slide {direction}")), Some(mv.clone()));
        assert_eq!(game.typed(&format!("Move {direction}")), Some(mv));
    }
    // Not moves: questions, which the board answers.
    for question in [
        "dance", "2 3", "row 2", "where 2", "moves", "log", "dig 2 3", "",
    ] {
        assert_eq!(game.typed(question), None, "{question}");
    }

    let mines = dealt::<Minesweeper>("9x9x10/seed=3");
    let dig = mines.game().on_square(0, 9 + 2).unwrap();
    assert_eq!(mines.typed("dig 2 3"), Some(Ok(dig)));
    assert_eq!(mines.typed("dig row 2, column 3"), Some(Ok(dig)));
    let flag = mines.game().on_square(1, 9 + 2).unwrap();
    assert_eq!(mines.typed("FLAG 2,3"), Some(Ok(flag)));
    assert_eq!(
        mines.typed("dig 10 3"),
        Some(Err(
            "there is no row 10, column 3: the rows are 1 to 9, the columns 1 to 9".to_string()
        ))
    );
    assert_eq!(
        mines.typed("dig"),
        Some(Err("which square? Say its row and column: 2 3".to_string()))
    );
    assert_eq!(
        mines.typed("dig hidden"),
        Some(Err(
            "81 squares hold hidden: say which by its row and column".to_string()
        ))
    );
    assert_eq!(
        mines.typed("left"),
        Some(Err(
            "Minesweeper is not played by directions: type dig 2 3 or flag 2 3".to_string()
        ))
    );

    // Fifteen's tiles are named by their numbers: the tile and those up to the gap slide.
    let fifteen = dealt::<Fifteen>("size=4/seed=7");
    let cells = Rules::cells(fifteen.game());
    for (cell, &tile) in cells.iter().enumerate().filter(|&(_, &t)| t != 0) {
        let typed = fifteen.typed(&format!("slide {tile}")).unwrap();
        assert_eq!(typed, fifteen.game().on_square(0, cell), "slide {tile}");
    }
    assert_eq!(
        fifteen.typed("slide 16"),
        Some(Err("no square holds 16".to_string()))
    );
}

#[test]
fn the_legal_moves_are_said_in_the_words_they_are_typed() {
    let tictactoe = dealt::<TicTacToe>("");
    let all: Vec<String> = (0..9).map(|cell| place_name(cell, 3)).collect();
    assert_eq!(
        tictactoe.answer("moves", 0),
        format!("Mark: 9 empty squares: {}.", all.join("; "))
    );
    let mines = dealt::<Minesweeper>("9x9x10/seed=3");
    assert_eq!(
        mines.answer("legal moves", 0),
        "Dig: 81 hidden squares. Flag: 81 hidden squares."
    );
    // 2048 names the directions that move a tile: a full first row moves no tile up.
    let game = dealt::<Game2048>("seed=7");
    let moving: Vec<&str> = Direction::ALL
        .into_iter()
        .filter(|&d| game.clone().attempt(d).is_ok())
        .map(Direction::name)
        .collect();
    let said = game.answer("moves", 0);
    assert!(said.starts_with("Slide "), "{said}");
    for direction in Direction::ALL {
        assert_eq!(
            said.contains(direction.name()),
            moving.contains(&direction.name())
        );
    }
    // Once ended, the end is said.
    let mut won = tictactoe.clone();
    for cell in [0, 3, 1, 4, 2] {
        let mv = won.game().on_square(0, cell).unwrap();
        won.attempt(mv).unwrap();
    }
    assert_eq!(
        won.answer("moves", 0),
        format!("No move: {}", won.game().ending().unwrap())
    );
}

#[test]
fn the_log_reads_the_moves_back_numbered_as_they_are_typed() {
    let mut game = dealt::<TicTacToe>("");
    assert_eq!(game.answer("log", 0), "No move yet.");
    for cell in [4, 0, 8] {
        let mv = game.game().on_square(0, cell).unwrap();
        game.attempt(mv).unwrap();
    }
    assert_eq!(
        game.answer("log", 0),
        "Moves 1 to 3: 1 X mark row 2, column 2; 2 O mark row 1, column 1; \
         3 X mark row 3, column 3."
    );

    // A long game: the last ten unless asked for more; each logged move, typed at its place,
    // is the move that was made.
    let mut slid = dealt::<Game2048>("seed=7");
    let mut n = 0;
    while slid.moves().len() < 25 {
        let direction = Direction::ALL[n % 4];
        n += 1;
        let _ = slid.attempt(direction);
    }
    let last = slid.answer("log", 0);
    assert!(last.starts_with("Moves 16 to 25 of 25: 16 "), "{last}");
    assert_eq!(last.matches("; ").count(), 9, "ten moves: {last}");
    assert!(slid
        .answer("log 3", 0)
        .starts_with("Moves 23 to 25 of 25: 23 "));
    let all = slid.answer("log all", 0);
    let listed = all
        .strip_prefix("Moves 1 to 25: ")
        .and_then(|rest| rest.strip_suffix('.'))
        .unwrap_or_else(|| panic!("{all}"));
    for (step, entry) in listed.split("; ").enumerate() {
        let (number, words) = entry.split_once(' ').unwrap();
        assert_eq!(number, (step + 1).to_string());
        let before = slid.at(step).unwrap();
        assert_eq!(before.typed(words), Some(Ok(slid.moves()[step])), "{entry}");
    }
}
