//! The exported JS API, run inside headless Chromium by `wasm-pack test --headless --chrome`.
//! Values go in as real JS values (parsed from JSON text or made by js_sys) and errors come
//! back as real JS `Error`s, so these exercise the same conversions a page does.
#![cfg(target_arch = "wasm32")]

use gridplay::fifteen::wasm::JsFifteen as Fifteen;
use gridplay::game2048::wasm::{JsBoard2048 as Board2048, JsGame2048 as Game2048};
use gridplay::minesweeper::wasm::JsMinefield as Minefield;
use gridplay::threes::wasm::{JsBoard as Board, JsThreesGame as ThreesGame};
use gridplay::tictactoe::wasm::JsTicTacToe as TicTacToe;
use js_sys::{Array, Error, JSON};
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("test JSON")
}

fn json(value: &JsValue) -> String {
    JSON::stringify(value).unwrap().as_string().unwrap()
}

/// The message of the JS `Error` a call threw.
fn message(err: JsError) -> String {
    let value: JsValue = err.into();
    let error: Error = value.dyn_into().expect("an Error object");
    error.message().into()
}

fn board(rows: &str) -> Board {
    let mut board = Board::new();
    board.set_grid(js(rows)).unwrap();
    board
}

#[wasm_bindgen_test]
fn a_new_board_is_empty() {
    assert_eq!(
        json(&Board::new().get_grid().into()),
        "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]"
    );
}

#[wasm_bindgen_test]
fn seed_000_left_add_through_the_js_api() {
    let mut b = board("[[1,2,0,0],[2,1,0,0],[3,3,0,0],[3,3,1,2]]");
    assert!(b.left());
    assert_eq!(
        json(&b.get_grid().into()),
        "[[3,0,0,0],[3,0,0,0],[6,0,0,0],[6,1,2,0]]"
    );
    let mut stuck = board("[[1,3,1,3],[3,1,3,1],[1,3,1,3],[3,1,3,1]]");
    assert!(!stuck.up() && !stuck.down() && !stuck.left() && !stuck.right());
}

#[wasm_bindgen_test]
fn set_grid_refuses_bad_input_and_keeps_the_board() {
    let good = "[[0,1,0,0],[0,0,2,0],[0,0,0,3],[6,0,0,0]]";
    let mut b = board(good);
    let cases = [
        ("null", "expected an array of 4 rows"),
        ("[[0,0,0,0]]", "expected 4 rows, got 1"),
        ("[1,2,3,4]", "rows[0] is 1, not an array"),
        (
            "[[0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]",
            "rows[0] has 3 cells",
        ),
        (
            "[[0,0,0,0],[0,0,5,0],[0,0,0,0],[0,0,0,0]]",
            "rows[1][2] is 5",
        ),
        (
            "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,12288]]",
            "rows[3][3] is 12288",
        ),
        (
            "[[0,0,0,0],[0,0,0,0],[0,1.5,0,0],[0,0,0,0]]",
            "not a whole number",
        ),
        (
            "[[0,0,0,0],[0,\"1\",0,0],[0,0,0,0],[0,0,0,0]]",
            "rows[1][1] is not a number",
        ),
        (
            "[[-3,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]",
            "rows[0][0] is -3",
        ),
    ];
    for (input, expected) in cases {
        let err = message(b.set_grid(js(input)).unwrap_err());
        assert!(err.contains(expected), "{input}: {err}");
        assert_eq!(
            json(&b.get_grid().into()),
            good,
            "{input} changed the board"
        );
    }
    let nan = Array::of4(
        &js("[0,0,0,0]"),
        &js("[0,0,0,0]"),
        &js("[0,0,0,0]"),
        &js("[0,0,0,0]"),
    );
    nan.get(2)
        .unchecked_into::<Array>()
        .set(1, JsValue::from(f64::NAN));
    assert!(message(b.set_grid(nan.into()).unwrap_err()).contains("rows[2][1] is NaN"));
    // The instance still works after every refusal: each tile moves up one cell.
    assert!(b.up());
    assert_eq!(
        json(&b.get_grid().into()),
        "[[0,1,2,0],[0,0,0,3],[6,0,0,0],[0,0,0,0]]"
    );
}

#[wasm_bindgen_test]
fn a_new_game_deals_nine_tiles_and_a_preview() {
    let game = ThreesGame::new(JsValue::from(7)).unwrap();
    let tiles = json(&game.get_grid().into())
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty() && *s != "0")
        .count();
    assert_eq!(tiles, 9);
    assert_eq!(game.seed(), Some(7));
    assert_eq!(game.move_count(), 0);
    assert!(game.last_move().is_null());
    let next = json(&game.next_tiles().into());
    assert!(["[1]", "[2]", "[3]"].contains(&next.as_str()), "{next}");
    let random = ThreesGame::new(JsValue::UNDEFINED).unwrap();
    assert_eq!(random.move_count(), 0);
}

#[wasm_bindgen_test]
fn bad_seeds_and_directions_throw_and_the_game_goes_on() {
    for seed in ["-1", "1.5", "4294967296", "\"12\"", "[]"] {
        let err = message(ThreesGame::new(js(seed)).err().unwrap());
        assert!(err.contains("seed must be a whole number"), "{seed}: {err}");
    }
    assert!(ThreesGame::new(JsValue::from(f64::NAN)).is_err());
    let mut game = ThreesGame::new(JsValue::from(4_294_967_295u32)).unwrap();
    let before = json(&game.get_grid().into());
    for bad in ["\"Left\"", "\"north\"", "3", "null"] {
        let err = message(game.shift(js(bad)).unwrap_err());
        assert!(err.contains("move:"), "{bad}: {err}");
    }
    assert_eq!(json(&game.get_grid().into()), before);
    assert_eq!(game.move_count(), 0);
    let moved = ["up", "down", "left", "right"]
        .iter()
        .any(|d| game.shift(JsValue::from_str(d)).unwrap());
    assert!(moved);
    assert_eq!(game.move_count(), 1);
}

#[wasm_bindgen_test]
fn last_move_describes_the_move_for_animation() {
    let mut game = ThreesGame::new(JsValue::from(1)).unwrap();
    let direction = ["left", "up", "right", "down"]
        .into_iter()
        .find(|d| game.shift(JsValue::from_str(d)).unwrap())
        .unwrap();
    let last = game.last_move();
    let get = |key: &str| js_sys::Reflect::get(&last, &JsValue::from_str(key)).unwrap();
    assert_eq!(get("direction").as_string().unwrap(), direction);
    let slides = Array::from(&get("slides"));
    assert!(slides.length() > 0);
    for slide in slides.iter() {
        let s: Vec<f64> = Array::from(&slide)
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert_eq!(s.len(), 4);
        assert_eq!((s[0] - s[2]).abs() + (s[1] - s[3]).abs(), 1.0, "one cell");
    }
    let spawn: Vec<f64> = Array::from(&get("spawn"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let grid = game.get_grid();
    let row = Array::from(&grid.get(spawn[0] as u32));
    assert_eq!(row.get(spawn[1] as u32).as_f64().unwrap(), spawn[2]);
    assert!(Array::is_array(&get("merges")));
}

#[wasm_bindgen_test]
fn save_and_load_round_trip_and_bad_saves_throw() {
    let mut game = ThreesGame::new(JsValue::from(123)).unwrap();
    for d in ["left", "up", "right", "down", "left", "left", "up"] {
        game.shift(JsValue::from_str(d)).unwrap();
    }
    let save = game.save();
    let loaded = ThreesGame::load(JsValue::from_str(&save)).unwrap();
    assert_eq!(
        json(&loaded.get_grid().into()),
        json(&game.get_grid().into())
    );
    assert_eq!(
        json(&loaded.next_tiles().into()),
        json(&game.next_tiles().into())
    );
    assert_eq!(loaded.score(), game.score());
    assert_eq!(loaded.move_count(), game.move_count());
    assert_eq!(loaded.save(), save);
    for bad in ["", "garbage", "threes.1.x.0.", "2048.1.1.0."] {
        let err = message(ThreesGame::load(JsValue::from_str(bad)).err().unwrap());
        assert!(err.starts_with("load: "), "{bad}: {err}");
    }
    assert!(ThreesGame::load(JsValue::from(5)).is_err());
    // Still usable after the refusals.
    assert!(ThreesGame::load(JsValue::from_str(&save)).is_ok());
}

/// The games recorded natively (tests/threes_fixture.rs) come out the same in the browser.
#[wasm_bindgen_test]
fn recorded_games_replay_identically_in_the_browser() {
    let fixture = include_str!("fixtures/threes_games.txt");
    for line in fixture.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let seed: u32 = f[0].parse().unwrap();
        let mut game = ThreesGame::new(JsValue::from(seed)).unwrap();
        for letter in f[1].chars() {
            let d = match letter {
                'U' => "up",
                'D' => "down",
                'L' => "left",
                _ => "right",
            };
            game.shift(JsValue::from_str(d)).unwrap();
        }
        let flat: Vec<String> = game
            .get_grid()
            .iter()
            .flat_map(|row| Array::from(&row).iter().collect::<Vec<_>>())
            .map(|v| v.as_f64().unwrap().to_string())
            .collect();
        let preview: Vec<String> = game
            .next_tiles()
            .iter()
            .map(|v| v.as_f64().unwrap().to_string())
            .collect();
        let got = format!(
            "{} {} {} {} {} {}",
            game.save(),
            game.score(),
            game.highest(),
            game.move_count(),
            game.is_over(),
            flat.join(",")
        );
        let want = f[2..8].join(" ");
        assert_eq!(got, want, "seed {seed}");
        assert_eq!(preview.join(","), f[8], "seed {seed}");
        let loaded = ThreesGame::load(JsValue::from_str(f[2])).unwrap();
        assert_eq!(loaded.score(), game.score());
    }
}

#[wasm_bindgen_test]
fn board2048_follows_the_kata_and_refuses_bad_tiles() {
    let mut b = Board2048::new();
    b.set_grid(js("[[4,4,4,4],[2,4,4,4],[0,4,4,4],[2,2,4,4]]"))
        .unwrap();
    assert!(b.right());
    assert_eq!(
        json(&b.get_grid().into()),
        "[[0,0,8,8],[0,2,4,8],[0,0,4,8],[0,0,4,8]]"
    );
    for bad in [
        "[[3,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]",
        "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,262144]]",
        "[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]",
    ] {
        let err = message(b.set_grid(js(bad)).unwrap_err());
        assert!(err.contains("not a 2048 tile"), "{bad}: {err}");
    }
    assert!(b.left(), "still usable");
}

#[wasm_bindgen_test]
fn game2048_moves_undoes_and_saves() {
    let mut game = Game2048::new(JsValue::from(2048)).unwrap();
    let start = json(&game.get_grid().into());
    let mut made = 0;
    for d in ["left", "up", "right", "down", "left", "up"] {
        if game.shift(JsValue::from_str(d)).unwrap() {
            made += 1;
        }
    }
    assert_eq!(game.move_count(), made);
    assert!(!game.won() && !game.is_over());
    let save = game.save();
    let loaded = Game2048::load(JsValue::from_str(&save)).unwrap();
    assert_eq!(
        json(&loaded.get_grid().into()),
        json(&game.get_grid().into())
    );
    assert_eq!(loaded.score(), game.score());
    for _ in 0..made {
        assert!(game.undo());
    }
    assert!(!game.undo());
    assert_eq!(json(&game.get_grid().into()), start);
    assert!(message(
        Game2048::load(JsValue::from_str(
            &ThreesGame::new(JsValue::from(1)).unwrap().save()
        ))
        .err()
        .unwrap()
    )
    .contains("not of 2048"));
}

fn tiles(game: &Fifteen) -> Vec<u32> {
    game.tiles()
        .iter()
        .map(|v| v.as_f64().unwrap() as u32)
        .collect()
}

#[wasm_bindgen_test]
fn fifteen_deals_guards_and_errors_in_the_browser() {
    let game = Fifteen::new(JsValue::from(4), JsValue::from(11)).unwrap();
    assert_eq!(game.size(), 4);
    assert!(Fifteen::is_solvable(game.tiles().into()).unwrap());
    assert!(!game.is_solved());
    for size in ["6", "3.5", "\"4\"", "null"] {
        let error = Fifteen::new(js(size), JsValue::from(1)).err().unwrap();
        assert!(message(error).contains("size must be 3, 4 or 5"), "{size}");
    }
    let mut game = Fifteen::from_tiles(js("[1,2,3,4,0,5,7,8,6]")).unwrap();
    assert_eq!(game.seed(), None);
    let error = game.step(JsValue::from(0), JsValue::from(1)).err().unwrap();
    assert!(message(error).contains("cell 1 is occupied"));
    let error = game.step(JsValue::from(3), JsValue::from(5)).err().unwrap();
    assert!(message(error).contains("not next to each other"));
    let error = game.slide(JsValue::from(0)).err().unwrap();
    assert!(message(error).contains("not in the blank's row or column"));
    assert_eq!(tiles(&game), [1, 2, 3, 4, 0, 5, 7, 8, 6]);
    let unsolvable = Fifteen::from_tiles(js("[2,1,3,4,5,6,7,8,0]"))
        .err()
        .unwrap();
    assert!(message(unsolvable).contains("cannot be solved"));
}

/// The solver inside the browser's wasm: a 4×4 deal's solution, played with `move`, solves it.
#[wasm_bindgen_test]
fn fifteen_solves_a_4x4_deal_in_the_browser() {
    let mut game = Fifteen::new(JsValue::from(4), JsValue::from(2026)).unwrap();
    let solution: Vec<u32> = game
        .solve()
        .iter()
        .map(|v| v.as_f64().unwrap() as u32)
        .collect();
    assert_eq!(game.hint(), Some(solution[0] as u8));
    // Every tile is at least its Manhattan distance from home, so no solution is shorter.
    let manhattan: usize = tiles(&game)
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(cell, &t)| {
            let home = t as usize - 1;
            (cell / 4).abs_diff(home / 4) + (cell % 4).abs_diff(home % 4)
        })
        .sum();
    assert!(solution.len() >= manhattan);
    for tile in solution {
        let from = tiles(&game).iter().position(|&t| t == tile).unwrap();
        game.step(JsValue::from(from as u32), JsValue::from(game.blank()))
            .unwrap();
    }
    assert!(game.is_solved());
    let reloaded = Fifteen::load(JsValue::from_str(&game.save())).unwrap();
    assert!(reloaded.is_solved());
}

/// Tic-tac-toe through real JS values: marks, the end, the perfect move, refusals, saves.
#[wasm_bindgen_test]
fn tictactoe_plays_refuses_and_saves_in_the_browser() {
    let ok =
        |result: js_sys::Object| js_sys::Reflect::get(&result, &JsValue::from_str("ok")).unwrap();
    let reason = |result: js_sys::Object| {
        js_sys::Reflect::get(&result, &JsValue::from_str("reason"))
            .unwrap()
            .as_string()
            .unwrap()
    };
    let mut game = TicTacToe::new();
    assert_eq!(game.turn(), "X");
    assert_eq!(game.best_move(), JsValue::from(4));
    for cell in [0, 3, 1, 4] {
        assert_eq!(ok(game.play(JsValue::from(cell)).unwrap()), JsValue::TRUE);
    }
    // No move of the game at all: a throw.
    for (bad, says) in [
        ("9", "play: cell 9 is off the board"),
        ("-1", "expected a cell"),
        ("1.5", "expected a cell"),
        ("\"2\"", "expected a cell"),
    ] {
        let error = game.play(js(bad)).err().unwrap();
        assert!(message(error).contains(says), "{bad}");
    }
    // A taken square: refused in words, the game unchanged.
    let before = game.save();
    assert_eq!(
        reason(game.play(JsValue::from(0)).unwrap()),
        "row 1, column 1 already holds an X"
    );
    assert_eq!(game.save(), before);
    // X to move with two in the top row: perfect play takes the win at once.
    assert_eq!(game.best_move(), JsValue::from(2));
    game.play(JsValue::from(2)).unwrap();
    assert_eq!(game.winner(), JsValue::from("X"));
    assert_eq!(game.status(), "won");
    assert_eq!(json(&game.winning_line()), "[0,1,2]");
    assert_eq!(
        json(&game.marks().into()),
        r#"["X","X","X","O","O","","","",""]"#
    );
    assert_eq!(json(&game.cells().into()), "[1,1,1,2,2,0,0,0,0]");
    assert!(game.best_move().is_null());
    assert_eq!(
        reason(game.play(JsValue::from(8)).unwrap()),
        "the game is over"
    );
    let copy = TicTacToe::load(JsValue::from_str(&game.save())).unwrap();
    assert_eq!(json(&copy.cells().into()), json(&game.cells().into()));
    assert!(game.undo());
    assert!(game.winner().is_null());
    assert!(game.winning_line().is_null());
    let error = TicTacToe::load(JsValue::from_str("fifteen.1.x.0."))
        .err()
        .unwrap();
    assert!(message(error).contains("not of tictactoe"));
}

fn cells(field: &Minefield) -> Vec<u8> {
    field
        .cells()
        .iter()
        .map(|v| v.as_f64().unwrap() as u8)
        .collect()
}

/// An Expert no-guess board generated inside the browser's wasm: the first reveal opens an
/// area; flags, saves and undo work through the JS API.
#[wasm_bindgen_test]
fn minefield_plays_and_saves_an_expert_board_in_the_browser() {
    let n = |v: u32| JsValue::from(v);
    let mut field = Minefield::new(n(30), n(16), n(99), n(2026), JsValue::UNDEFINED).unwrap();
    // Before the first dig: playing, its mines not yet placed.
    assert_eq!(field.status(), "playing");
    assert!(field.guess_free().is_null());
    // The start in the save: 30×16, 99 mines, seed 2026, and 1 for no-guess, the default.
    assert!(field.save().starts_with("mines.1.30x16x99-2026-1."));
    assert!(field.reveal(n(15), n(8)).unwrap());
    assert_eq!(field.status(), "playing");
    let opened = cells(&field);
    assert_eq!(opened[8 * 30 + 15], 0);
    let hidden = opened.iter().position(|&c| c == 9).unwrap() as u32;
    assert!(field.toggle_flag(n(hidden % 30), n(hidden / 30)).unwrap());
    assert_eq!(field.mines_left(), 98);
    assert!(!field.reveal(n(hidden % 30), n(hidden / 30)).unwrap());
    let reloaded = Minefield::load(JsValue::from_str(&field.save())).unwrap();
    assert_eq!(cells(&reloaded), cells(&field));
    assert!(field.undo());
    assert_eq!(cells(&field), opened);
}

#[wasm_bindgen_test]
fn minefield_refuses_bad_input_and_keeps_the_game() {
    let n = |v: u32| JsValue::from(v);
    for (args, words) in [
        ("[4, 9, 10]", "width must be 5 to 50 squares, got 4"),
        (
            "[9, 9.5, 10]",
            "height must be a whole number (0 or more), got 9.5",
        ),
        (
            "[9, 9, 100]",
            "100 mines do not fit on a 9×9 board: at most 72",
        ),
        (
            "[9, 9, \"10\"]",
            "number of mines must be a whole number (0 or more), got \"10\"",
        ),
    ] {
        let args: Array = js(args).into();
        let error = Minefield::new(args.get(0), args.get(1), args.get(2), n(1), JsValue::TRUE)
            .err()
            .unwrap();
        assert!(message(error).contains(words), "{words}");
    }
    let error = Minefield::new(n(9), n(9), n(10), n(1), js("\"no\""))
        .err()
        .unwrap();
    assert!(message(error).contains("noGuess must be true or false"));
    let mut field = Minefield::new(n(9), n(9), n(10), n(1), JsValue::FALSE).unwrap();
    field.reveal(n(0), n(0)).unwrap();
    let before = cells(&field);
    let error = field.chord(n(9), n(2)).err().unwrap();
    assert!(message(error).contains("chord: (9, 2) is off the 9×9 board"));
    assert_eq!(cells(&field), before);
}

#[wasm_bindgen_test]
fn the_board_is_asked_in_words_and_a_bad_question_throws() {
    let game = Fifteen::new(JsValue::from(3), JsValue::from(11)).unwrap();
    let board = game
        .ask(JsValue::from_str("board"), JsValue::from(0))
        .unwrap();
    assert!(
        board.starts_with("Row 1: ") && board.contains("gap"),
        "{board}"
    );
    let words: Vec<String> = game
        .square_words()
        .iter()
        .map(|w| w.as_string().unwrap())
        .collect();
    assert_eq!(words.len(), 9);
    assert!(
        board.contains(&words.join(", ")[..words[0].len()]),
        "{board}"
    );
    assert_eq!(words.iter().filter(|w| *w == "gap").count(), 1);
    for bad in ["3", "null", "{}"] {
        let err = message(game.ask(js(bad), JsValue::from(0)).unwrap_err());
        assert!(
            err.starts_with("ask: the question must be text"),
            "{bad}: {err}"
        );
    }
    let err = message(
        game.ask(JsValue::from_str("status"), JsValue::from(-1))
            .unwrap_err(),
    );
    assert!(err.starts_with("ask: ms must be"), "{err}");
    assert_eq!(
        game.ask(JsValue::from_str("b"), JsValue::from(0)).unwrap(),
        board
    );
}

#[wasm_bindgen_test]
fn a_typed_move_comes_in_the_form_play_takes_and_a_question_is_null() {
    let get = |object: &JsValue, key: &str| {
        js_sys::Reflect::get(object, &JsValue::from_str(key)).unwrap()
    };
    let mut game = Fifteen::new(JsValue::from(3), JsValue::from(11)).unwrap();
    let direction = ["up", "down", "left", "right"]
        .into_iter()
        .find(|d| get(&game.toward(JsValue::from_str(d)).unwrap().into(), "ok") == JsValue::TRUE)
        .unwrap();
    let typed = game
        .typed(JsValue::from_str(&format!("Slide {direction}")))
        .unwrap();
    let toward: JsValue = game.toward(JsValue::from_str(direction)).unwrap().into();
    assert_eq!(json(&typed), json(&toward));
    let before = game.save();
    let off = game.typed(JsValue::from_str("slide 4 1")).unwrap();
    assert_eq!(get(&off, "ok"), JsValue::FALSE);
    assert!(get(&off, "reason")
        .as_string()
        .unwrap()
        .starts_with("there is no row 4"));
    assert!(game
        .typed(JsValue::from_str("where gap"))
        .unwrap()
        .is_null());
    let err = message(game.typed(JsValue::from(3)).unwrap_err());
    assert!(err.starts_with("typed: the text must be a string"), "{err}");
    assert_eq!(game.save(), before, "nothing typed moved a tile");
    game.play(get(&typed, "move")).unwrap();
    assert_eq!(game.move_count(), 1);
}
