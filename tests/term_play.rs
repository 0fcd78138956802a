//! The terminal's one front end ([`Play`]) with every game, by keys alone, without a terminal:
//! what a player types goes in, what the screen says comes out. The real terminal (raw mode,
//! colours, quitting) is tests/term.rs's.

use gridplay::contract::{Rules, Status};
use gridplay::fifteen::Fifteen;
use gridplay::game2048::Game2048;
use gridplay::minesweeper::{Minesweeper, FLAG};
use gridplay::term::{self, After, Deal, Key, Play, Screen};
use gridplay::threes::ThreesGame;
use gridplay::tictactoe::TicTacToe;
use gridplay::Replay;

fn dealt<G: Rules>(link: &str) -> Play<G> {
    Play::new(Replay::new(G::from_link(link).unwrap()), None)
}

fn text(screen: &dyn Screen) -> String {
    screen
        .draw((80, 24))
        .iter()
        .map(|line| term::plain(line))
        .collect::<Vec<_>>()
        .join("\n")
}

fn press(screen: &mut dyn Screen, keys: &[Key]) {
    for &key in keys {
        assert_eq!(screen.key(key), After::Redraw, "{key:?}");
    }
}

/// The arrow keys that take the cursor from `from` to `to` on a board `width` wide.
fn path(from: usize, to: usize, width: usize) -> Vec<Key> {
    let (fx, fy, tx, ty) = (from % width, from / width, to % width, to / width);
    let across = if tx > fx { Key::Right } else { Key::Left };
    let down = if ty > fy { Key::Down } else { Key::Up };
    let mut keys = vec![across; fx.abs_diff(tx)];
    keys.extend(vec![down; fy.abs_diff(ty)]);
    keys
}

#[test]
fn threes_and_2048_play_to_their_end_on_the_arrows_and_wasd() {
    fn play_out<G: Rules>(link: &str, ending: &str) {
        let mut play = dealt::<G>(link);
        let keys = [Key::Left, Key::Char('w'), Key::Right, Key::Char('j')];
        for n in 0..20_000 {
            if Rules::status(play.game()).is_ended() {
                break;
            }
            play.key(keys[n % 4]);
        }
        assert!(Rules::status(play.game()).is_ended(), "{}", text(&play));
        assert!(!play.replay().moves().is_empty());
        let shown = text(&play);
        assert!(shown.contains(ending), "{shown}");
        assert!(shown.contains("Score "), "{shown}");
        // Once ended, a direction moves nothing, and says so.
        let moves = play.replay().moves().len();
        play.key(Key::Left);
        assert_eq!(play.replay().moves().len(), moves);
        assert_eq!(play.notice(), "The game is over.");
    }
    play_out::<ThreesGame>("seed=11", "No more moves. Final score ");
    play_out::<Game2048>("seed=11", "Game over. Final score ");
}

#[test]
fn fifteen_is_solved_by_following_the_hints_keys() {
    let mut play = dealt::<Fifteen>("size=3/seed=5");
    for _ in 0..100 {
        if Rules::status(play.game()) == Status::Won {
            break;
        }
        play.key(Key::Char('i'));
        // "Hint: ← (left)." names the arrow to press.
        let hint = play.notice().to_string();
        let key = match hint.split(['(', ')']).nth(1) {
            Some("up") => Key::Up,
            Some("down") => Key::Down,
            Some("left") => Key::Left,
            Some("right") => Key::Right,
            _ => panic!("no direction in {hint:?}"),
        };
        play.key(key);
    }
    assert_eq!(Rules::status(play.game()), Status::Won, "{}", text(&play));
    let moves = play.replay().moves().len();
    let shown = text(&play);
    assert!(
        shown.contains(&format!("Solved: every tile is in place. {moves} moves, ")),
        "{shown}"
    );
    assert!(shown.contains(&format!("Moves {moves}")), "{shown}");
}

#[test]
fn minesweeper_is_cleared_by_following_the_hints_keys() {
    // The hint puts the cursor on a square it proves safe; Enter digs it.
    let mut play = dealt::<Minesweeper>("16x16x40/seed=8");
    for _ in 0..256 {
        if Rules::status(play.game()) != Status::Playing {
            break;
        }
        play.key(Key::Char('i'));
        assert_eq!(play.notice(), "Hint: dig the square under the cursor.");
        play.key(Key::Enter);
    }
    assert_eq!(Rules::status(play.game()), Status::Won, "{}", text(&play));
}

#[test]
fn minesweeper_is_cleared_with_the_cursor_enter_and_space() {
    let mut play = dealt::<Minesweeper>("9x9x10/seed=3");
    // The first dig, in the middle: it places the mines clear of it.
    press(&mut play, &path(0, 40, 9));
    assert_eq!(play.cursor(), 40);
    press(&mut play, &[Key::Enter]);
    let layout = play
        .game()
        .layout()
        .expect("the first dig places the mines")
        .clone();
    let mine = (0..81).find(|&cell| layout.is_mine(cell)).unwrap();
    // Space flags (the mines left go down), and Space again takes the flag off.
    press(&mut play, &path(40, mine, 9));
    press(&mut play, &[Key::Space]);
    assert_eq!(Rules::cells(play.game())[mine], u32::from(FLAG));
    assert!(text(&play).contains("Mines left 9"), "{}", text(&play));
    let place = format!("row {}, column {}", mine / 9 + 1, mine % 9 + 1);
    assert_eq!(play.notice(), format!("Flag on {place}."));
    // F swaps them: Enter flags now (the flag comes off), Space digs.
    press(&mut play, &[Key::Char('f'), Key::Enter]);
    assert!(Rules::cells(play.game())[mine] != u32::from(FLAG));
    assert_eq!(play.notice(), format!("Flag taken off {place}."));
    press(&mut play, &[Key::Char('F')]);
    let mut cursor = mine;
    while Rules::status(play.game()) == Status::Playing {
        let cells = Rules::cells(play.game());
        let next = (0..81)
            .find(|&cell| !layout.is_mine(cell) && cells[cell] > 8)
            .expect("a covered safe square while playing");
        press(&mut play, &path(cursor, next, 9));
        press(&mut play, &[Key::Enter]);
        cursor = next;
    }
    assert_eq!(Rules::status(play.game()), Status::Won);
    assert!(
        text(&play).contains("Cleared: every safe square is open. Time "),
        "{}",
        text(&play)
    );
}

#[test]
fn a_dug_mine_loses_and_moves_in_minesweeper_and_threes_are_final() {
    let mut play = dealt::<Minesweeper>("9x9x10/seed=3");
    press(&mut play, &path(0, 40, 9));
    press(&mut play, &[Key::Enter]);
    let layout = play.game().layout().unwrap().clone();
    let mine = (0..81).find(|&cell| layout.is_mine(cell)).unwrap();
    press(&mut play, &path(40, mine, 9));
    press(&mut play, &[Key::Enter]);
    assert_eq!(Rules::status(play.game()), Status::Lost);
    // What the dig did, then how the game ended: the engine's words, as the page says them.
    let place = format!("row {}, column {}", mine / 9 + 1, mine % 9 + 1);
    assert_eq!(play.notice(), format!("Boom: a mine at {place}."));
    assert!(text(&play).contains("A mine went off: every mine and every wrong flag is shown."));
    press(&mut play, &[Key::Char('u')]);
    assert_eq!(Rules::status(play.game()), Status::Lost);
    assert_eq!(
        play.notice(),
        "Moves in Minesweeper are final: there is no undo."
    );
    let mut threes = dealt::<ThreesGame>("seed=2");
    press(&mut threes, &[Key::Left, Key::Up, Key::Char('u')]);
    assert!(threes.notice().contains("no undo"), "{}", threes.notice());
}

#[test]
fn tic_tac_toe_refuses_a_taken_square_and_undoes_the_computers_answer_too() {
    let mut play: Play<TicTacToe> =
        Play::new(Replay::new(TicTacToe::from_link("").unwrap()), Some(1));
    press(&mut play, &[Key::Enter]);
    // The computer (O) answered a corner in the centre, said after the player's mark.
    assert_eq!(Rules::cells(play.game())[4], 2);
    assert_eq!(play.notice(), "X in row 1, column 1. O in row 2, column 2.");
    press(&mut play, &[Key::Down, Key::Right, Key::Space]);
    assert_eq!(play.notice(), "Row 2, column 2 already holds an O.");
    assert_eq!(play.replay().moves().len(), 2);
    press(&mut play, &[Key::Char('u')]);
    assert_eq!(play.replay().moves().len(), 0, "{}", text(&play));
    assert!(text(&play).contains("X to move (you)"));
    // R plays the turn again, the computer's answer with it.
    press(&mut play, &[Key::Char('r')]);
    assert_eq!(
        play.notice(),
        "Redone: X in row 1, column 1. O in row 2, column 2."
    );
    assert_eq!(play.replay().moves().len(), 2);
    press(&mut play, &[Key::Char('r')]);
    assert_eq!(play.notice(), "Nothing to redo.");
}

#[test]
fn fifteen_says_why_a_direction_moves_nothing_and_undoes_a_slide() {
    // Solved but for the last tile: the gap is on the bottom row, so no tile can slide up.
    let mut play = dealt::<Fifteen>("tiles=123456708");
    press(&mut play, &[Key::Up]);
    assert_eq!(play.notice(), "No tile can slide up.");
    assert!(play.replay().moves().is_empty());
    press(&mut play, &[Key::Left]);
    assert_eq!(play.notice(), "Moved 8 left.");
    assert!(
        text(&play).contains("Solved: every tile is in place. 1 move, "),
        "{}",
        text(&play)
    );
    press(&mut play, &[Key::Char('u')]);
    assert_eq!(play.notice(), "Undone.");
    assert!(play.replay().moves().is_empty());
    press(&mut play, &[Key::Char('u')]);
    assert_eq!(play.notice(), "Nothing to undo.");
}

#[test]
fn a_new_game_is_asked_for_while_one_is_in_progress() {
    let mut play = dealt::<Minesweeper>("30x16x99/seed=9");
    press(&mut play, &[Key::Enter]);
    assert_eq!(play.replay().moves().len(), 1);
    press(&mut play, &[Key::Char('n')]);
    assert!(play.notice().starts_with("Start a new game?"));
    press(&mut play, &[Key::Char('x')]);
    assert_eq!(play.notice(), "Kept playing.");
    assert_eq!(play.replay().moves().len(), 1);
    press(&mut play, &[Key::Char('n'), Key::Char('y')]);
    assert!(play.replay().moves().is_empty());
    // Of the same kind: another Expert board, at another seed.
    assert!(
        text(&play).starts_with("Minesweeper  Expert"),
        "{}",
        text(&play)
    );
    assert_ne!(
        gridplay::replay::Start::seed(play.replay().start()),
        Some(9)
    );
}

#[test]
fn every_kind_of_deal_fits_80_by_24_and_draws_its_cells() {
    macro_rules! each {
        ($($game:ty),*) => {$(
            let mut links = vec![String::new()];
            links.extend(<$game as Rules>::presets().into_iter().map(|p| p.link.to_string()));
            for link in links {
                let mut play = dealt::<$game>(&link);
                // A few keys in, with a notice showing, as tall as the screen gets.
                press(&mut play, &[Key::Enter, Key::Left, Key::Enter, Key::Char('u'), Key::Char('n')]);
                let lines = play.draw((80, 24));
                let width = lines.iter().map(|l| term::plain(l).chars().count()).max().unwrap();
                assert!(lines.len() <= 24 && width <= 80, "{} {link}: {width}×{}\n{}", <$game as Rules>::TITLE, lines.len(), text(&play));
                // Every cell's text is on the screen, in its row.
                let game = play.game();
                let board: Vec<String> = lines.iter().map(|l| term::plain(l)).collect();
                for (y, row) in Rules::cells(game).chunks(Rules::width(game)).enumerate() {
                    let words: Vec<String> = row.iter().map(|&c| <$game as Rules>::face(c).text).filter(|t| !t.is_empty()).collect();
                    assert!(board.iter().any(|line| {
                        let found: Vec<&str> = line.split(['│', ' ', '[', ']']).filter(|w| !w.is_empty()).collect();
                        found == words
                    }) || words.is_empty(), "{} {link}: row {y} {words:?} not drawn\n{}", <$game as Rules>::TITLE, text(&play));
                }
            }
        )*};
    }
    // Every game of the list.
    gridplay::every_game!(each);
}

#[test]
fn the_save_key_gives_the_save_and_links_the_page_opens() {
    let mut play = dealt::<Game2048>("seed=7");
    press(&mut play, &[Key::Left, Key::Down]);
    let After::Print(lines) = play.key(Key::Char('c')) else {
        panic!("C prints the save")
    };
    let save = play.replay().save();
    assert!(lines.contains(&save), "{lines:?}");
    assert!(lines.contains(&format!("#2048/replay={save}")), "{lines:?}");
    assert!(lines.contains(&"#2048/seed=7".to_string()), "{lines:?}");
    // The save, and the replay link, open the same game in a new terminal.
    for given in [
        save.clone(),
        format!("http://localhost:8000/#2048/replay={save}"),
    ] {
        let opened = term::open_save(&given, None).unwrap();
        assert_eq!(text(opened.as_ref()), text(&play));
    }
    assert_eq!(
        term::open("2048", &Deal::Save("threes.1.7.0.".into()), None).err(),
        Some("--load: this is a save of \"threes\", not of 2048".to_string())
    );
}

#[test]
fn the_games_are_the_list_of_games() {
    let list =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/games.json")).unwrap();
    let mut routes: Vec<&str> = list
        .split("\"route\": \"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    // The test game comes after the five, with its feature.
    if cfg!(feature = "lights") {
        routes.push("lights");
    }
    assert_eq!(term::games(), routes);
}

/// The test game, added as docs/design.md says, is played in the terminal by its name, by the
/// cursor and Enter, with undo, to its end: nothing in the terminal names it.
#[cfg(feature = "lights")]
#[test]
fn the_test_game_is_played_in_the_terminal_by_its_name() {
    use gridplay::lights::Lights;
    let mut screen = term::open("lights", &Deal::Link("seed=7".into()), None).unwrap();
    assert!(text(screen.as_ref()).starts_with("Lights Out"));
    // The presses that put every light out, found by trying every set on copies of the deal.
    let start = Lights::from_link("seed=7").unwrap();
    let solution = (1..512u32)
        .map(|set| {
            (0..9)
                .filter(|cell| set & (1 << cell) != 0)
                .collect::<Vec<usize>>()
        })
        .find(|cells| {
            let mut game = Replay::<Lights>::new(start);
            for &cell in cells {
                game.attempt(game.game().on_square(0, cell).unwrap())
                    .unwrap();
            }
            Rules::status(game.game()) == Status::Won
        })
        .expect("a deal can be put out");
    // A press undone first: U takes it back.
    press(screen.as_mut(), &[Key::Enter]);
    assert!(text(screen.as_ref()).contains("Pressed row 1, column 1: "));
    press(screen.as_mut(), &[Key::Char('u')]);
    assert!(text(screen.as_ref()).contains("Undone."));
    let mut cursor = 0;
    for &cell in &solution {
        press(screen.as_mut(), &path(cursor, cell, 3));
        press(screen.as_mut(), &[Key::Enter]);
        cursor = cell;
    }
    let shown = text(screen.as_ref());
    let moves = solution.len();
    let presses = if moves == 1 {
        "1 move".to_string()
    } else {
        format!("{moves} moves")
    };
    assert!(
        shown.contains(&format!("Every light is out. {presses}.")),
        "{shown}"
    );
}

#[test]
fn the_mine_that_went_off_is_told_apart_without_colour() {
    use gridplay::minesweeper::{EXPLODED, MINE};
    let (mine, boom) = (
        Minesweeper::face(MINE.into()),
        Minesweeper::face(EXPLODED.into()),
    );
    assert_ne!(
        mine.text, boom.text,
        "the text alone tells them apart (NO_COLOR)"
    );
}

#[test]
fn a_share_link_is_read_whole_or_in_part_and_another_games_is_refused() {
    for link in [
        "http://localhost:8000/#mines/30x16x99/seed=7",
        "#mines/30x16x99/seed=7",
        "mines/30x16x99/seed=7",
        "30x16x99/seed=7",
    ] {
        assert_eq!(
            term::link_text(link, "mines").as_deref(),
            Ok("30x16x99/seed=7"),
            "{link}"
        );
    }
    assert_eq!(
        term::link_text("https://example.org/#2048/seed=3", "2048").as_deref(),
        Ok("seed=3")
    );
    assert_eq!(
        term::link_text("#threes/seed=3", "2048"),
        Err("that link is to a game of threes, not of 2048".to_string())
    );
}

#[test]
fn a_small_terminal_folds_the_words_and_gives_up_the_keys_help_before_the_board() {
    macro_rules! each {
        ($($game:ty),*) => {$(
            let mut play = dealt::<$game>("");
            press(&mut play, &[Key::Enter, Key::Left, Key::Enter]);
            let lines = play.draw((60, 20));
            let width = lines.iter().map(|l| term::plain(l).chars().count()).max().unwrap();
            assert!(lines.len() <= 20 && width <= 60, "{}: {width}×{}", <$game as Rules>::TITLE, lines.len());
            let roomy = play.draw((80, 24)).len();
            let short = play.draw((60, roomy - 1));
            assert!(short.len() < roomy, "{}: a row short drops a line", <$game as Rules>::TITLE);
            // The board is all there.
            let all = |lines: &[Vec<gridplay::contract::Face>]| lines.iter().map(|l| term::plain(l)).collect::<Vec<_>>().join("\n");
            for code in Rules::cells(play.game()).into_iter().map(<$game as Rules>::face).filter(|f| !f.text.is_empty()) {
                assert!(all(&short).contains(code.text.as_str()));
            }
        )*};
    }
    each!(ThreesGame, Game2048, Fifteen, Minesweeper, TicTacToe);
}

#[test]
fn a_word_wider_than_the_terminal_is_broken_so_the_board_still_fits() {
    // A file's path, said when a kept game is set aside, can be wider than the terminal.
    let mut play = dealt::<Fifteen>("size=3/seed=4");
    let path = format!("/{}/fifteen.game.unreadable", "state".repeat(20));
    play.say(&format!(
        "It is set aside as {path}, and a new game has started."
    ));
    let lines: Vec<String> = play.draw((60, 20)).iter().map(|l| term::plain(l)).collect();
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap();
    assert!(width <= 60, "{width} columns:\n{}", lines.join("\n"));
    assert!(lines.concat().contains(&path), "{}", lines.join("\n"));
}

#[test]
fn the_board_is_asked_after_question_mark_and_the_game_keys_wait() {
    let mut play = dealt::<Fifteen>("size=3/seed=4");
    let gap = Rules::cells(play.game())
        .iter()
        .position(|&t| t == 0)
        .unwrap();
    press(&mut play, &[Key::Char('?')]);
    assert!(play.typing());
    // Every letter is the question's, a game key or not (w, h and a move tiles).
    for c in "where gapx".chars() {
        press(
            &mut play,
            &[if c == ' ' { Key::Space } else { Key::Char(c) }],
        );
    }
    press(&mut play, &[Key::Backspace]);
    assert_eq!(play.notice(), "Ask the board: where gap_");
    press(&mut play, &[Key::Enter]);
    assert!(!play.typing());
    let place = gridplay::contract::place_name(gap, 3);
    assert_eq!(play.notice(), format!("gap at {place}."));
    assert!(text(&play).contains(&format!("gap at {place}.")));
    assert!(
        play.replay().moves().is_empty(),
        "no key of the question moved a tile"
    );
    // Esc drops a question unasked; the keys play again.
    press(&mut play, &[Key::Char('/'), Key::Char('s'), Key::Escape]);
    assert!(!play.typing() && play.notice().is_empty());
    // The same answer the page gets: the engine's.
    press(&mut play, &[Key::Char('?'), Key::Char('b'), Key::Enter]);
    assert_eq!(play.notice(), play.replay().answer("b", 0));
    assert!(text(&play).contains("? ask the board"));
}

/// Typed after ?, a move is played as its key would be, with the same words; a move the rules
/// refuse says why and changes nothing; anything else is asked as a question.
#[test]
fn a_move_typed_after_question_mark_is_played() {
    let mut play = dealt::<Minesweeper>("9x9x10/seed=3");
    let typed = |play: &mut Play<Minesweeper>, text: &str| {
        let mut keys = vec![Key::Char('?')];
        keys.extend(
            text.chars()
                .map(|c| if c == ' ' { Key::Space } else { Key::Char(c) }),
        );
        keys.push(Key::Enter);
        press(play, &keys);
    };
    typed(&mut play, "dig 5 5");
    assert_eq!(play.replay().moves().len(), 1, "{}", play.notice());
    let mut same = Replay::<Minesweeper>::new(Minesweeper::from_link("9x9x10/seed=3").unwrap());
    let (_, told) = same
        .attempt_told(same.game().on_square(0, 4 * 9 + 4).unwrap())
        .unwrap();
    assert_eq!(play.notice(), told, "said as Enter on the square says it");
    typed(&mut play, "dig 5 5");
    assert_eq!(
        play.replay().moves().len(),
        1,
        "an open square is not dug again"
    );
    assert!(!play.notice().is_empty());
    typed(&mut play, "flag 40 1");
    assert_eq!(play.replay().moves().len(), 1);
    assert!(
        play.notice().starts_with("There is no row 40, column 1"),
        "{}",
        play.notice()
    );
    typed(&mut play, "moves");
    assert_eq!(play.notice(), play.replay().answer("moves", 0));
    assert!(play.notice().starts_with("Dig: "), "{}", play.notice());
}

/// Home and End take the cursor to its row's ends, Page Up and Page Down to its column's: the
/// width of Expert's board in one key, and Enter acts where they land.
#[test]
fn the_jump_keys_take_the_cursor_to_a_rows_and_a_columns_ends() {
    let mut play = dealt::<Minesweeper>("30x16x99/seed=7");
    press(&mut play, &[Key::Down, Key::Right]);
    let row = play.cursor() / 30;
    press(&mut play, &[Key::End]);
    assert_eq!(play.cursor(), row * 30 + 29);
    press(&mut play, &[Key::Home]);
    assert_eq!(play.cursor(), row * 30);
    press(&mut play, &[Key::Right, Key::PageDown]);
    assert_eq!(play.cursor(), 15 * 30 + 1);
    press(&mut play, &[Key::PageUp]);
    assert_eq!(play.cursor(), 1);
    assert!(play.replay().moves().is_empty(), "no jump dug");
    press(&mut play, &[Key::End, Key::Enter]);
    assert_eq!(play.replay().moves().len(), 1);
    assert_ne!(Rules::cells(play.game())[29], 9, "dug where End landed");
    assert!(text(&play).contains("Home/End/PgUp/PgDn"));
}
