//! Tic-tac-toe's rules (`docs/rules.md`, *Tic-tac-toe*) and its perfect player.

use std::collections::HashMap;

use gridplay::replay::{LoadError, Replay};
use gridplay::tictactoe::{Mark, Place, PlayError, TicTacToe, LINES};

fn play(cells: &[usize]) -> TicTacToe {
    let mut game = TicTacToe::new();
    for &cell in cells {
        game.place(cell)
            .unwrap_or_else(|e| panic!("{cells:?}: {e}"));
    }
    game
}

/// Three cells of `cells` that are not a line between them.
fn three_off_line(cells: &[usize]) -> [usize; 3] {
    for a in 0..cells.len() {
        for b in a + 1..cells.len() {
            for c in b + 1..cells.len() {
                let trio = [cells[a], cells[b], cells[c]];
                if !LINES.contains(&trio) {
                    return trio;
                }
            }
        }
    }
    unreachable!("six cells always hold three off any line")
}

#[test]
fn x_moves_first_and_the_players_alternate() {
    let mut game = TicTacToe::new();
    assert_eq!(game.turn(), Mark::X);
    assert_eq!(game.place(4), Ok(Mark::X));
    assert_eq!(game.turn(), Mark::O);
    assert_eq!(game.place(0), Ok(Mark::O));
    assert_eq!(game.turn(), Mark::X);
    assert_eq!(game.cells()[4], Some(Mark::X));
    assert_eq!(game.cells()[0], Some(Mark::O));
}

#[test]
fn every_line_wins_for_either_player() {
    for line in LINES {
        let others: Vec<usize> = (0..9).filter(|c| !line.contains(c)).collect();
        // X fills the line while O plays elsewhere (two Os make no line).
        let x_wins = play(&[line[0], others[0], line[1], others[1], line[2]]);
        assert_eq!(x_wins.winner(), Some(Mark::X), "{line:?}");
        assert_eq!(x_wins.winning_line(), Some(line));
        assert!(x_wins.is_over() && !x_wins.is_draw());
        // O fills it while X plays three cells that are no line.
        let [a, b, c] = three_off_line(&others);
        let o_wins = play(&[a, line[0], b, line[1], c, line[2]]);
        assert_eq!(o_wins.winner(), Some(Mark::O), "{line:?}");
        assert_eq!(o_wins.winning_line(), Some(line));
        // One short of the line: nobody has won yet.
        let almost = play(&[line[0], others[0], line[1], others[1]]);
        assert_eq!(almost.winner(), None);
        assert!(!almost.is_over());
    }
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    // X O X / X O O / O X X
    let game = play(&[0, 1, 2, 4, 3, 5, 7, 6, 8]);
    assert!(game.is_draw());
    assert!(game.is_over());
    assert_eq!(game.winner(), None);
    assert_eq!(game.winning_line(), None);
    assert_eq!(game.best_move(), None);
    // A win on the last mark is a win, not a draw: X O X / O X O / O X X (X on 0, 4, 8).
    let last_mark_wins = play(&[0, 1, 2, 3, 4, 5, 7, 6, 8]);
    assert_eq!(last_mark_wins.winner(), Some(Mark::X));
    assert!(!last_mark_wins.is_draw());
}

#[test]
fn refused_marks_say_why_and_change_nothing() {
    let mut game = play(&[4]);
    let before = game;
    assert_eq!(game.place(9), Err(PlayError::OffBoard { cell: 9 }));
    assert_eq!(
        game.place(4),
        Err(PlayError::Occupied {
            cell: 4,
            mark: Mark::X
        })
    );
    assert_eq!(game, before);
    assert_eq!(
        PlayError::Occupied {
            cell: 4,
            mark: Mark::X
        }
        .to_string(),
        "cell 4 already holds an X"
    );
    let mut won = play(&[0, 3, 1, 4, 2]);
    let before = won;
    assert_eq!(won.place(8), Err(PlayError::Over));
    assert_eq!(won, before);
    assert!(PlayError::Over.to_string().contains("game is over"));
    assert!(PlayError::OffBoard { cell: 9 }
        .to_string()
        .contains("off the board"));
}

/// The game's value for the player to move under perfect play (1 win, 0 draw, −1 loss),
/// worked out plainly, apart from the engine's own minimax.
fn perfect(game: &TicTacToe, known: &mut HashMap<TicTacToe, i8>) -> i8 {
    if let Some(&value) = known.get(game) {
        return value;
    }
    let value = if game.winner().is_some() {
        -1 // the last mark won
    } else if game.is_over() {
        0
    } else {
        (0..9)
            .filter(|&c| game.cells()[c].is_none())
            .map(|c| {
                let mut next = *game;
                next.place(c).unwrap();
                -perfect(&next, known)
            })
            .max()
            .unwrap()
    };
    known.insert(*game, value);
    value
}

/// The worst the engine does for `side` (1 win, 0 draw, −1 loss) when it plays `side` by
/// best_move and the other side tries every line.
fn worst_for_engine(game: &TicTacToe, side: Mark, known: &mut HashMap<TicTacToe, i8>) -> i8 {
    if let Some(winner) = game.winner() {
        return if winner == side { 1 } else { -1 };
    }
    if game.is_over() {
        return 0;
    }
    if let Some(&value) = known.get(game) {
        return value;
    }
    let value = if game.turn() == side {
        let cell = game.best_move().expect("a move while the game goes on");
        let mut next = *game;
        next.place(cell).expect("best_move names an open cell");
        worst_for_engine(&next, side, known)
    } else {
        (0..9)
            .filter(|&c| game.cells()[c].is_none())
            .map(|c| {
                let mut next = *game;
                next.place(c).unwrap();
                worst_for_engine(&next, side, known)
            })
            .min()
            .unwrap()
    };
    known.insert(*game, value);
    value
}

/// Every position legal play can reach.
fn reachable() -> Vec<TicTacToe> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![TicTacToe::new()];
    while let Some(game) = stack.pop() {
        if !seen.insert(game) {
            continue;
        }
        for cell in game.open_cells() {
            let mut next = game;
            next.place(cell).unwrap();
            stack.push(next);
        }
    }
    seen.into_iter().collect()
}

#[test]
fn best_move_never_loses_and_wins_whenever_a_win_can_be_forced() {
    let positions = reachable();
    assert_eq!(
        positions.len(),
        5478,
        "tic-tac-toe has 5 478 legal positions"
    );
    let mut values = HashMap::new();
    // The engine against every line of the other side, as X and as O, from the empty board.
    for side in [Mark::X, Mark::O] {
        let mut known = HashMap::new();
        assert_eq!(
            worst_for_engine(&TicTacToe::new(), side, &mut known),
            0,
            "{side}"
        );
    }
    // And from every position: what it secures is exactly what perfect play can (a forced win
    // is won, a drawn position is never lost).
    for game in positions.iter().filter(|g| !g.is_over()) {
        let side = game.turn();
        let mut known = HashMap::new();
        let engine = worst_for_engine(game, side, &mut known);
        assert_eq!(
            engine,
            perfect(game, &mut values),
            "{game:?} with {side} to move"
        );
    }
}

#[test]
fn perfect_play_against_itself_is_a_draw() {
    let mut game = TicTacToe::new();
    while let Some(cell) = game.best_move() {
        game.place(cell).unwrap();
    }
    assert!(game.is_draw(), "{game:?}");
}

#[test]
fn saves_replay_the_same_game_and_undo_takes_back_one_mark() {
    let mut replay: Replay<TicTacToe> = Replay::new(gridplay::tictactoe::EmptyBoard);
    for cell in [4, 0, 8, 2] {
        assert!(replay.play(Place { cell }).is_some());
    }
    // An occupied cell is not logged.
    assert!(replay.play(Place { cell: 4 }).is_none());
    let text = replay.save();
    assert!(text.starts_with("tictactoe.1.x.4."), "{text}");
    let back: Replay<TicTacToe> = Replay::load(&text).unwrap();
    assert_eq!(back.game(), replay.game());
    assert!(replay.undo());
    assert_eq!(*replay.game(), play(&[4, 0, 8]));
    // A save that marks the same cell twice (cell 3, then 3 again) is refused.
    assert_eq!(
        Replay::<TicTacToe>::load("tictactoe.1.x.2.zA").unwrap_err(),
        LoadError::IllegalMove {
            number: 2,
            mv: "cell 3".to_string()
        }
    );
    assert!(Replay::<TicTacToe>::load("tictactoe.1.x.1.D").is_ok());
    assert!(matches!(
        Replay::<TicTacToe>::load("tictactoe.1.y.0."),
        Err(LoadError::Field("start"))
    ));
}

#[test]
fn outcome_is_who_wins_under_perfect_play_in_every_reachable_position() {
    let mut values = HashMap::new();
    for game in reachable() {
        let expected = match perfect(&game, &mut values) {
            _ if game.winner().is_some() => game.winner(),
            1 => Some(game.turn()),
            -1 => Some(game.turn().other()),
            _ => None,
        };
        assert_eq!(game.outcome(), expected, "{:?}", game.cells());
    }
    assert_eq!(
        TicTacToe::new().outcome(),
        None,
        "the empty board is a draw"
    );
    // X in a corner, O on an edge beside it: X forces a win.
    assert_eq!(play(&[0, 1]).outcome(), Some(Mark::X));
}
