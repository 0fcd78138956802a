//! What the terminal keeps between runs ([`Keep`]): the game in progress, taken up again as it
//! was, forgotten once it has ended, and the bests of the player's own games, as the page keeps
//! them. In a folder of the test's own; the terminal itself is tests/term.rs's.

use std::path::PathBuf;

use gridplay::contract::Rules;
use gridplay::fifteen::Fifteen;
use gridplay::term::{self, Deal, Keep, Kept, Key, NotOpen, Play, Screen};
use gridplay::{Direction, Replay};

/// A folder of this test's own, empty.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridplay-keep-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn text(screen: &dyn Screen) -> String {
    screen
        .draw((80, 24))
        .iter()
        .map(|line| term::plain(line))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Plays the first of the directions that moves, `n` times (or until the game ends).
fn moves(screen: &mut dyn Screen, keep: &Keep, n: usize) {
    for _ in 0..n {
        for key in [Key::Left, Key::Up, Key::Right, Key::Down] {
            let before = screen.kept();
            screen.key(key);
            keep.after_key(screen).unwrap();
            if screen.kept() != before {
                break;
            }
        }
    }
}

#[test]
fn a_game_in_progress_is_taken_up_again_as_it_was_with_its_computer() {
    let keep = Keep::new(folder("progress"));
    let mut screen = term::open("2048", &Deal::Link("seed=7".into()), None).unwrap();
    moves(screen.as_mut(), &keep, 5);
    let kept = keep.game("2048").unwrap().expect("kept after its moves");
    assert_eq!(Some(&kept), screen.kept().as_ref());
    let again = term::open("2048", &Deal::Kept(kept.clone()), None).unwrap();
    assert_eq!(
        again.kept(),
        Some(kept),
        "the same game, its moves and its standing"
    );
    let board = |screen: &dyn Screen| {
        text(screen)
            .lines()
            .skip(2)
            .take(9)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        board(again.as_ref()),
        board(screen.as_ref()),
        "the same board"
    );

    // Against the computer: it plays the side it played.
    let mut ttt = term::open("tictactoe", &Deal::Link(String::new()), Some("o")).unwrap();
    ttt.key(Key::Enter);
    keep.after_key(ttt.as_mut()).unwrap();
    let kept = keep.game("tictactoe").unwrap().unwrap();
    assert_eq!(kept.computer.as_deref(), Some("O"));
    let again = term::open("tictactoe", &Deal::Kept(kept), None).unwrap();
    assert!(
        text(again.as_ref()).contains("X to move (you)"),
        "{}",
        text(again.as_ref())
    );
}

#[test]
fn an_ended_game_is_forgotten_so_the_next_run_deals_afresh() {
    let keep = Keep::new(folder("ended"));
    // Fifteen one slide from solved.
    let start = Fifteen::from_link("size=3/seed=3").unwrap();
    let mut replay: Replay<Fifteen> = Replay::new(start);
    let solution = replay.game().plan(0.0).moves;
    for &mv in &solution[..solution.len() - 1] {
        replay.play(mv).unwrap();
    }
    let mut play = Play::new(replay, None);
    keep.after_key(&mut play).unwrap();
    assert!(keep.game("fifteen").unwrap().is_some());
    // The arrow that slides the last tile home.
    let last = *solution.last().unwrap();
    let (_, key) = [
        (Direction::Up, Key::Up),
        (Direction::Down, Key::Down),
        (Direction::Left, Key::Left),
        (Direction::Right, Key::Right),
    ]
    .into_iter()
    .find(|&(direction, _)| Rules::toward(play.game(), direction) == Ok(last))
    .expect("an arrow makes the last move");
    play.key(key);
    keep.after_key(&mut play).unwrap();
    assert!(text(&play).contains("Solved"), "{}", text(&play));
    assert_eq!(keep.game("fifteen").unwrap(), None);
}

#[test]
fn a_best_is_kept_from_the_players_own_game_alone_and_shown() {
    let keep = Keep::new(folder("bests"));
    let mut own = term::open("2048", &Deal::Link("seed=11".into()), None).unwrap();
    // A starting board's score of 0 is no best.
    keep.after_key(own.as_mut()).unwrap();
    assert_eq!(keep.bests().unwrap().get("2048.best"), None);
    assert!(!text(own.as_ref()).contains("Best"));
    moves(own.as_mut(), &keep, 30);
    let score = own.bests()[0].value.unwrap();
    assert!(score > 0);
    assert_eq!(keep.bests().unwrap().get("2048.best"), Some(&score));
    assert!(text(own.as_ref())
        .lines()
        .next()
        .unwrap()
        .ends_with(&format!("Best {score}")));

    // The same deal loaded from its save, played further: practice, which keeps no best.
    let save = own.kept().unwrap().save;
    let mut loaded = term::open_save(&save, None).unwrap();
    assert!(!loaded.own());
    moves(loaded.as_mut(), &keep, 30);
    assert!(loaded.bests()[0].value.unwrap() > score);
    assert_eq!(keep.bests().unwrap().get("2048.best"), Some(&score));

    // A hint makes a game no longer the player's own.
    let mut helped = term::open("2048", &Deal::Link("seed=12".into()), None).unwrap();
    moves(helped.as_mut(), &keep, 1);
    assert!(helped.own());
    helped.key(Key::Char('i'));
    assert!(!helped.own());

    // Per kind of deal, lower better: Minesweeper's time on its board.
    let bests = term::open("mines", &Deal::Link("30x16x99/seed=7".into()), None)
        .unwrap()
        .bests();
    assert_eq!(
        (bests[0].key.as_str(), bests[0].lower, bests[0].value),
        ("best.30x16x99", true, None)
    );
    assert_eq!(
        keep.keep_best("mines.best.30x16x99", 90_000, true),
        Ok(90_000)
    );
    assert_eq!(
        keep.keep_best("mines.best.30x16x99", 95_000, true),
        Ok(90_000)
    );
    assert_eq!(
        keep.keep_best("mines.best.30x16x99", 80_000, true),
        Ok(80_000)
    );
    // Tic-tac-toe ranks nothing.
    assert!(term::open("tictactoe", &Deal::Link(String::new()), None)
        .unwrap()
        .bests()
        .is_empty());
}

#[test]
fn a_file_that_cannot_be_read_or_written_is_said_in_words() {
    let dir = folder("refused");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("threes.game"), "not a game").unwrap();
    let keep = Keep::new(&dir);
    let refused = keep.game("threes").unwrap_err();
    assert!(
        refused.contains("threes.game") && refused.contains("not a game this program kept"),
        "{refused}"
    );

    // A file where the folder should be: nothing can be written.
    let blocked = folder("blocked");
    std::fs::write(&blocked, "a file").unwrap();
    let keep = Keep::new(blocked.join("gridplay"));
    let mut screen = term::open("threes", &Deal::Link("seed=1".into()), None).unwrap();
    let refused = keep.after_key(screen.as_mut()).unwrap_err();
    assert!(refused.contains("could not be written"), "{refused}");
    let _ = std::fs::remove_file(&blocked);
}

#[test]
fn a_kept_game_names_its_save_its_standing_and_its_computer() {
    let keep = Keep::new(folder("format"));
    let kept = Kept {
        save: "tictactoe.1.0.1.4".into(),
        own: false,
        computer: Some("X".into()),
    };
    keep.keep_game("tictactoe", Some(&kept)).unwrap();
    assert_eq!(keep.game("tictactoe").unwrap(), Some(kept));
    keep.keep_game("tictactoe", None).unwrap();
    assert_eq!(keep.game("tictactoe").unwrap(), None);
    // Forgetting what is not there is no error.
    keep.keep_game("tictactoe", None).unwrap();
}

/// The pid of a process that has ended.
fn a_pid_ended() -> u32 {
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[test]
fn an_unreadable_game_is_set_aside_and_one_set_aside_before_is_not_lost() {
    let dir = folder("aside");
    std::fs::create_dir_all(&dir).unwrap();
    let keep = Keep::new(&dir);
    let game = dir.join("threes.game");
    // Not text, then a newer program's format, then a game cut short (no save): each is said,
    // and each set aside under a name of its own.
    let unreadable: [(&[u8], &str); 3] = [
        (b"\xff\xfe garbage", "not a game this program kept"),
        (
            b"gridplay-term game 2\nsave threes.2.7\n",
            "kept by a newer gridplay-term (its format 2)",
        ),
        (
            b"gridplay-term game 1\nown ye",
            "not a game this program kept",
        ),
    ];
    for (i, (bytes, says)) in unreadable.iter().enumerate() {
        std::fs::write(&game, bytes).unwrap();
        let refused = keep.game("threes").unwrap_err();
        assert!(refused.contains(says), "{refused}");
        let aside = keep.set_aside("threes").unwrap();
        let name = match i {
            0 => "threes.game.unreadable".to_string(),
            n => format!("threes.game.unreadable-{}", n + 1),
        };
        assert_eq!(aside, dir.join(name));
        assert!(!game.exists(), "moved, not copied");
        assert_eq!(keep.game("threes"), Ok(None));
    }
    for (i, (bytes, _)) in unreadable.iter().enumerate() {
        let name = match i {
            0 => "threes.game.unreadable".to_string(),
            n => format!("threes.game.unreadable-{}", n + 1),
        };
        assert_eq!(&std::fs::read(dir.join(name)).unwrap(), bytes, "{i}");
    }
}

#[test]
fn a_game_is_open_in_one_place_at_a_time_until_it_is_closed() {
    let keep = Keep::new(folder("open"));
    let _other = {
        let _open = keep.open_game("2048").unwrap();
        // Another opener (here the same program, as a second gridplay-term would) finds it
        // open, and by whom.
        assert_eq!(
            keep.open_game("2048").unwrap_err(),
            NotOpen::Elsewhere(Some(std::process::id()))
        );
        // Another game is free.
        keep.open_game("threes").unwrap()
    };
    // Closed (the end of its scope lets the lock go), it opens again.
    let _again = keep.open_game("2048").unwrap();

    // A folder that cannot be made refuses, in words.
    let blocked = folder("open-blocked");
    std::fs::write(&blocked, "a file").unwrap();
    match Keep::new(blocked.join("gridplay")).open_game("2048") {
        Err(NotOpen::Refused(reason)) => assert!(reason.contains("2048.lock"), "{reason}"),
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_file(&blocked);
}

#[test]
fn what_a_stopped_write_left_is_cleared_and_a_running_ones_is_left() {
    let dir = folder("leftovers");
    std::fs::create_dir_all(&dir).unwrap();
    let ended = a_pid_ended();
    let running = std::process::id();
    let names = [
        format!("threes.new-{ended}"),
        format!("bests.new-{ended}"),
        format!("2048.new-{running}"),
        "threes.game".to_string(),
        "threes.game.unreadable".to_string(),
        "notes.new-someone".to_string(),
    ];
    for name in &names {
        std::fs::write(dir.join(name), "text").unwrap();
    }
    Keep::new(&dir).clear_leftovers();
    for (i, name) in names.iter().enumerate() {
        assert_eq!(dir.join(name).exists(), i >= 2, "{name}");
    }
}
