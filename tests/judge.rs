//! Where a game went wrong: each game's helper judging moves a player would want pointed out
//! (and leaving good ones alone).
#![cfg(not(target_arch = "wasm32"))]

use gridplay::ai::Player;
use gridplay::fifteen::{solver, Fifteen, Opening};
use gridplay::game2048::Game2048;
use gridplay::judge::{judge_step, Judge};
use gridplay::minesweeper::{Action, ActionKind, Grid, Layout, Minesweeper, Status};
use gridplay::tictactoe::{EmptyBoard, Place, TicTacToe};
use gridplay::{Direction, Game, Replay};

#[test]
fn tic_tac_toe_marks_the_edge_reply_that_loses_and_names_the_corner_that_draws() {
    let mut replay: Replay<TicTacToe> = Replay::new(EmptyBoard);
    replay.play(Place { cell: 4 }).unwrap(); // X in the centre: a draw with perfect play
    replay.play(Place { cell: 1 }).unwrap(); // O on an edge: X now forces a win

    let centre = judge_step(&replay, 0, 0.0).unwrap();
    assert!(!centre.marked, "{centre:?}");
    let edge = judge_step(&replay, 1, 0.0).unwrap();
    assert!(edge.marked, "{edge:?}");
    assert_eq!(
        edge.note,
        "O in the top centre turned a draw into a loss; the top left would have kept it."
    );
    assert!(judge_step(&replay, 2, 0.0).is_none(), "no third move yet");
}

#[test]
fn fifteen_marks_a_move_away_from_solved_and_counts_the_moves_it_costs() {
    let mut replay: Replay<Fifteen> = Replay::new(Opening::Deal { size: 3, seed: 7 });
    let distance = solver::solve(replay.game().tiles()).len();
    assert!(distance > 2);
    // The solver's first tile, then the same tile back again.
    let tile = solver::solve(replay.game().tiles())[0];
    for _ in 0..2 {
        let game = replay.game();
        let cell = game.tiles().iter().position(|&t| t == tile).unwrap();
        let slide = game.segment(cell).unwrap();
        replay.play(slide).unwrap();
    }

    let toward = judge_step(&replay, 0, 0.0).unwrap();
    assert!(!toward.marked, "{toward:?}");
    assert_eq!(toward.over, Some(0));
    let back = judge_step(&replay, 1, 0.0).unwrap();
    assert!(back.marked, "{back:?}");
    assert_eq!(
        back.note,
        format!(
            "Moved {tile} {}: from {} to {distance} moves from solved, 2 more than the fewest.",
            back.note.split(' ').nth(2).unwrap().trim_end_matches(':'),
            distance - 1
        )
    );
    // Two moves made, and the puzzle no nearer solved: both over the fewest.
    assert_eq!(back.over, Some(2));
}

#[test]
fn fifteen_on_five_by_five_is_not_judged() {
    let mut replay: Replay<Fifteen> = Replay::new(Opening::Deal { size: 5, seed: 1 });
    let slide = replay.game().nudge(Direction::Left).unwrap();
    replay.play(slide).unwrap();
    let judgement = judge_step(&replay, 0, 0.0).unwrap();
    assert!(!judgement.marked);
    assert_eq!(judgement.over, None);
    assert!(judgement.note.starts_with("Not judged"), "{judgement:?}");
}

/// A 5×5 board with three mines, to be opened from its top left corner.
fn mine_field() -> Minesweeper {
    let rows = [".....", "...*.", "....*", "..*..", "....."];
    let mines = rows.concat().bytes().map(|b| b == b'*').collect();
    let mut game = Minesweeper::with_layout(Layout::from_mines(Grid::new(5, 5), mines)).unwrap();
    game.play(Action::new(ActionKind::Reveal, 0, 0).unwrap())
        .unwrap();
    game
}

fn judge_dig(before: &Minesweeper, x: usize, y: usize) -> (gridplay::judge::Judgement, Status) {
    let dig = Action::new(ActionKind::Reveal, x, y).unwrap();
    let mut after = before.clone();
    after.play(dig).unwrap();
    (Minesweeper::judge(before, dig, &after, 0.0), after.status())
}

#[test]
fn minesweeper_marks_a_guess_while_a_square_was_certainly_safe_and_the_dig_that_lost() {
    let game = mine_field();
    // What the numbers showing prove: the fourth square of row 3 and the third of row 5 are
    // safe; the top row's fourth square might be a mine, as far as they tell.
    assert_eq!(game.certainly_safe(), vec![13, 22]);

    let (guess, status) = judge_dig(&game, 3, 0);
    assert_eq!(status, Status::Playing, "a lucky guess");
    assert!(guess.marked, "{guess:?}");
    assert_eq!(
        guess.note,
        "A guess at row 1, column 4, while 2 squares were certainly safe (one at row 3, column 4)."
    );

    let (safe, _) = judge_dig(&game, 2, 4);
    assert!(!safe.marked, "{safe:?}");

    let (lost, status) = judge_dig(&game, 3, 1);
    assert_eq!(status, Status::Lost);
    assert!(lost.marked, "{lost:?}");
    assert_eq!(lost.note, "This dig lost: a mine at row 2, column 4.");
}

#[test]
fn flags_are_not_judged() {
    let game = mine_field();
    let flag = Action::new(ActionKind::Flag, 3, 1).unwrap();
    let mut after = game.clone();
    after.play(flag).unwrap();
    assert!(!Minesweeper::judge(&game, flag, &after, 0.0).marked);
}

#[test]
fn sliding_games_mark_the_moves_where_the_ai_would_slide_otherwise() {
    let mut replay: Replay<Game2048> = Replay::new(42);
    for direction in [
        Direction::Up,
        Direction::Left,
        Direction::Up,
        Direction::Right,
    ]
    .into_iter()
    .cycle()
    .take(40)
    {
        replay.play(direction);
    }
    let moves = replay.moves().len();
    assert!(moves > 20);
    // A budget of 0 runs the shallowest search alone, the same every time.
    let mut marked = 0;
    for step in 0..moves {
        let before = replay.at(step).unwrap();
        let played = replay.moves()[step];
        let best = before.game().best_move(0.0).direction.unwrap();
        let judgement = judge_step(&replay, step, 0.0).unwrap();
        assert_eq!(
            judgement.marked,
            best != played,
            "step {step}: {judgement:?}"
        );
        let expected = if best == played {
            format!("Slid {}, as the AI would.", played.name())
        } else {
            format!(
                "Slid {}; the AI would slide {}.",
                played.name(),
                best.name()
            )
        };
        assert_eq!(judgement.note, expected);
        marked += usize::from(judgement.marked);
    }
    assert!(marked > 0, "a fixed cycle of moves is not the AI's play");
}
