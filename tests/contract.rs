//! The contract every game keeps (`gridplay::contract::Rules`), checked the same way for all
//! five over random games played to their end: a deal's link deals it again; the moves the
//! rules list are exactly the moves of the game's form that are made; a refused move changes
//! nothing and says why; the game has ended exactly when no move is legal, and once ended
//! every move is refused, by `play` as by `attempt`; the board has a cell per square.
#![cfg(not(target_arch = "wasm32"))]

use std::fmt::Debug;

use gridplay::contract::{Figure, Plan, Rules, Status};
use gridplay::fifteen::{Fifteen, Opening, Slide};
use gridplay::game2048::Game2048;
use gridplay::grid::Turn;
use gridplay::minesweeper::{Action, ActionKind, Grid, Layout, Minesweeper, Status as MinesStatus};
use gridplay::threes::ThreesGame;
use gridplay::tictactoe::{Place, TicTacToe};
use gridplay::typed::move_words;
use gridplay::{Direction, Replay};
use proptest::prelude::*;

/// Every move of `G`'s form on `game`'s board, legal or not.
trait EveryMove: Rules {
    fn every_move(game: &Self) -> Vec<Self::Move>;
}

impl EveryMove for ThreesGame {
    fn every_move(_: &Self) -> Vec<Direction> {
        Direction::ALL.to_vec()
    }
}

impl EveryMove for Game2048 {
    fn every_move(_: &Self) -> Vec<Direction> {
        Direction::ALL.to_vec()
    }
}

impl EveryMove for Fifteen {
    fn every_move(game: &Self) -> Vec<Slide> {
        Direction::ALL
            .into_iter()
            .flat_map(|direction| {
                (1..game.size() as u8).map(move |count| Slide { direction, count })
            })
            .collect()
    }
}

#[cfg(feature = "lights")]
impl EveryMove for gridplay::lights::Lights {
    fn every_move(_: &Self) -> Vec<gridplay::lights::Press> {
        (0..9)
            .map(|cell| gridplay::lights::Press { cell })
            .collect()
    }
}

impl EveryMove for Minesweeper {
    fn every_move(game: &Self) -> Vec<Action> {
        let grid = game.grid();
        (0..grid.cells())
            .flat_map(|cell| {
                let (x, y) = grid.xy(cell);
                [ActionKind::Reveal, ActionKind::Flag, ActionKind::Chord]
                    .into_iter()
                    .filter_map(move |kind| Action::new(kind, x, y))
            })
            .collect()
    }
}

impl EveryMove for TicTacToe {
    fn every_move(_: &Self) -> Vec<Place> {
        (0..9).map(|cell| Place { cell }).collect()
    }
}

/// Plays a game of `G` dealt from `link` to its end (or `limit` moves), choosing among the legal
/// moves with `pick`, and checks the contract at every step.
fn play_through<G>(link: &str, mut pick: impl FnMut(usize) -> usize, limit: usize)
where
    G: EveryMove,
    G::Start: PartialEq + Debug,
    G::Move: PartialEq + Debug,
{
    let start = G::from_link(link).unwrap_or_else(|e| panic!("{link}: {e}"));
    assert_eq!(
        G::from_link(&G::link(&start)).as_ref(),
        Ok(&start),
        "the link deals it again"
    );
    let kind = G::kind(&start);
    let again = G::from_link(&kind.link).unwrap_or_else(|e| panic!("{}: {e}", kind.link));
    assert_eq!(G::kind(&again), kind, "the kind's link deals that kind");
    assert_eq!(
        kind.name.is_empty(),
        G::presets().is_empty(),
        "a kind is named where there are several"
    );
    let mut game = Replay::<G>::new(start);
    for _ in 0..limit {
        let position = game.game();
        assert_eq!(position.cells().len(), position.width() * position.height());
        let legal = position.moves();
        assert_eq!(
            legal.is_empty(),
            position.status().is_ended(),
            "ended exactly when no move is legal"
        );
        // A game for two: one side to move while it goes on, the computer's reply one of the
        // moves legal, and a win is a side's.
        let two = !G::SIDES.is_empty();
        let ended = legal.is_empty();
        match position.side_to_move() {
            Some(side) => assert!(two && !ended && side < G::SIDES.len()),
            None => assert!(!two || ended, "a side is to move while the game goes on"),
        }
        match position.reply() {
            Some(mv) => assert!(legal.contains(&mv), "the reply {mv:?} is legal"),
            None => assert!(
                !two || ended,
                "the computer has a reply while the game goes on"
            ),
        }
        assert_eq!(
            position.winning_side().is_some(),
            two && position.status() == Status::Won,
            "a game for two is won by a side"
        );
        // Every legal move can be made by a player: a direction, or an act on a square.
        let cells = position.width() * position.height();
        let directions = Direction::ALL
            .into_iter()
            .filter(|_| G::DIRECTIONS)
            .filter_map(|d| position.toward(d).ok());
        let acts = (0..G::ACTS.len())
            .flat_map(|act| (0..cells).map(move |cell| (act, cell)))
            .filter_map(|(act, cell)| position.on_square(act, cell).ok());
        let made: Vec<G::Move> = directions.chain(acts).collect();
        for mv in &legal {
            assert!(
                made.contains(mv),
                "{mv:?} is legal but no key or tap makes it"
            );
        }
        for mv in G::every_move(position) {
            let mut trial = game.clone();
            let before = trial.save();
            match trial.attempt(mv) {
                Ok(_) => assert!(
                    legal.contains(&mv),
                    "{mv:?} was made, though not listed as legal"
                ),
                Err(reason) => {
                    assert!(
                        !legal.contains(&mv),
                        "{mv:?} was listed as legal, but refused: {reason}"
                    );
                    assert!(!reason.is_empty());
                    assert_eq!(trial.save(), before, "a refused move changes nothing");
                }
            }
        }
        if legal.is_empty() {
            refuses_all_after_the_end(&game);
            return;
        }
        asks_the_board(&game);
        types_every_legal_move(&game);
        let mv = legal[pick(legal.len()) % legal.len()];
        let (_, told) = game.attempt_told(mv).expect("a legal move is made");
        assert_eq!(
            game.answer("last", 0),
            format!("Last move: {told}"),
            "asked again, the last move is said as it was when made"
        );
        redoes_what_undo_took_back(&game, mv, &told);
    }
}

/// Squares' words as a player hears a line of them: each in turn, but a run of four or more
/// alike that are not numbers said once with its count.
fn listed(words: &[String]) -> String {
    let mut said = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let mut j = i;
        while j < words.len() && words[j] == words[i] {
            j += 1;
        }
        if j - i >= 4 && !words[i].starts_with(|c: char| c.is_ascii_digit()) {
            said.push(format!("{} {}", j - i, words[i]));
        } else {
            j = i + 1;
            said.push(words[i].clone());
        }
        i = j;
    }
    said.join(", ")
}

/// The board asked about (gridplay::ask) answers with every square in the game's words, row by
/// row and column by column, and a square by its place.
fn asks_the_board<G: Rules>(game: &Replay<G>) {
    let position = game.game();
    let (width, height) = (position.width(), position.height());
    let said: Vec<String> = position.cells().into_iter().map(G::square).collect();
    assert!(
        said.iter().all(|words| !words.is_empty()),
        "every square has words"
    );
    let board = game.answer("board", 0);
    let rows: Vec<String> = (0..height)
        .map(|r| {
            format!(
                "Row {}: {}.",
                r + 1,
                listed(&said[r * width..(r + 1) * width])
            )
        })
        .collect();
    assert_eq!(board, rows.join(" "), "the board is read row by row");
    let last = height;
    assert_eq!(game.answer(&format!("row {last}"), 0), rows[height - 1]);
    let column: Vec<String> = (0..height)
        .map(|r| said[r * width + width - 1].clone())
        .collect();
    assert_eq!(
        game.answer(&format!("c {width}"), 0),
        format!("Column {width}: {}.", listed(&column))
    );
    assert_eq!(
        game.answer(&format!("{height} {width}"), 0),
        format!(
            "Row {height}, column {width}: {}.",
            said[width * height - 1]
        )
    );
    let off = game.answer(&format!("row {}", height + 1), 0);
    assert!(
        off.starts_with(&format!(
            "There is no row {}: the rows are 1 to {height}.",
            height + 1
        )),
        "{off}"
    );
}

/// Every legal move, named as a player would type it (gridplay::typed), is read back into that
/// move, in any case; and the legal moves asked for name each one: the directions that make
/// one and no other, an act's squares by place, or counted where there are many alike.
fn types_every_legal_move<G: Rules>(game: &Replay<G>)
where
    G::Move: PartialEq + Debug,
{
    let position = game.game();
    let legal = position.moves();
    let said = game.answer("moves", 0);
    for &mv in &legal {
        let words = move_words(position, mv);
        assert_eq!(game.typed(&words), Some(Ok(mv)), "typed “{words}”");
        assert_eq!(game.typed(&words.to_ascii_uppercase()), Some(Ok(mv)));
    }
    if G::DIRECTIONS && G::ACTS.is_empty() {
        for direction in Direction::ALL {
            let makes = position
                .toward(direction)
                .is_ok_and(|mv| legal.contains(&mv));
            assert_eq!(said.contains(direction.name()), makes, "{said}");
        }
    }
    let cells = position.cells();
    for act in 0..G::ACTS.len() {
        for (cell, &code) in cells.iter().enumerate() {
            if !position
                .on_square(act, cell)
                .is_ok_and(|mv| legal.contains(&mv))
            {
                continue;
            }
            let words = G::square(code);
            let counted = said.contains(&format!("{words} squares."))
                || said.contains(&format!("{words} squares;"));
            assert!(
                counted || said.contains(&place(cell, position.width())),
                "{} on {words} at {cell} is legal: {said}",
                G::ACTS[act]
            );
        }
    }
}

/// Taken back and played again, the last move `mv` is the same move, said as when it was made
/// (`told`), giving the same game (the same tile dealt); so are the last three moves, taken back
/// in turn; nothing is played again past them, and a new move ends what could be.
fn redoes_what_undo_took_back<G: EveryMove>(game: &Replay<G>, mv: G::Move, told: &str)
where
    G::Move: PartialEq + Debug,
{
    let made = game.save();
    let mut again = game.clone();
    assert!(
        again.redo().is_none(),
        "nothing taken back, nothing to redo"
    );
    let back = again.moves().len().min(3);
    for _ in 0..back {
        assert!(again.undo());
    }
    for _ in 1..back {
        assert!(again.redo().is_some());
    }
    assert_eq!(
        again.redo_told().as_deref(),
        Some(told),
        "redone as it was made"
    );
    assert_eq!(again.save(), made, "the same game");
    assert!(again.redo().is_none(), "nothing past the moves taken back");
    assert!(again.undo());
    if let Some(&other) = again.game().moves().iter().find(|&&other| other != mv) {
        again.play(other);
        assert!(
            again.redo().is_none(),
            "a new move ends what redo could play"
        );
    }
}

/// A game that has ended lists no move and refuses every move of its form, by `Replay::play`
/// (what a front end that trusts `moves()` calls) as by `attempt`, its position unchanged: a
/// rules-agnostic `while !moves().is_empty()` loop ends.
fn refuses_all_after_the_end<G: EveryMove>(game: &Replay<G>)
where
    G::Move: Debug,
{
    let position = game.game();
    assert!(position.status().is_ended(), "the game has ended");
    assert!(position.moves().is_empty(), "no move is listed once ended");
    for mv in G::every_move(position) {
        let mut trial = game.clone();
        let before = trial.save();
        assert!(trial.play(mv).is_none(), "{mv:?} was played after the end");
        assert!(trial.attempt(mv).is_err(), "{mv:?} was made after the end");
        assert_eq!(trial.save(), before, "nothing changes after the end");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Fifteen ends only when solved, which random play seldom reaches: the solver's solution
    /// plays a deal to its end.
    #[test]
    fn a_solved_fifteen_keeps_the_contract(seed: u32) {
        let mut game = Replay::<Fifteen>::new(Fifteen::from_link(&format!("size=3/seed={seed}")).unwrap());
        for tile in gridplay::fifteen::solver::solve(game.game().tiles()) {
            let cell = game.game().tiles().iter().position(|&t| t == tile).unwrap();
            let slide = game.game().segment(cell).unwrap();
            prop_assert!(game.play(slide).is_some());
        }
        prop_assert_eq!(Rules::status(game.game()), Status::Won);
        refuses_all_after_the_end(&game);
    }

    #[test]
    fn threes_keeps_the_contract(seed: u32, picks in prop::collection::vec(any::<usize>(), 400)) {
        let mut picks = picks.into_iter().cycle();
        play_through::<ThreesGame>(&format!("seed={seed}"), |_| picks.next().unwrap(), 400);
    }

    #[test]
    fn game2048_keeps_the_contract(seed: u32, picks in prop::collection::vec(any::<usize>(), 400)) {
        let mut picks = picks.into_iter().cycle();
        play_through::<Game2048>(&format!("seed={seed}"), |_| picks.next().unwrap(), 400);
    }

    #[test]
    fn fifteen_keeps_the_contract(seed: u32, size in 3usize..=5, picks in prop::collection::vec(any::<usize>(), 60)) {
        let mut picks = picks.into_iter().cycle();
        play_through::<Fifteen>(&format!("size={size}/seed={seed}"), |_| picks.next().unwrap(), 60);
    }

    #[test]
    fn minesweeper_keeps_the_contract(seed: u32, preset in 0usize..2, picks in prop::collection::vec(any::<usize>(), 200)) {
        let mut picks = picks.into_iter().cycle();
        let link = [format!("9x9x10/seed={seed}"), format!("8x6x12/seed={seed}/no-guess=0")][preset].clone();
        play_through::<Minesweeper>(&link, |_| picks.next().unwrap(), 200);
    }

    #[test]
    fn tictactoe_keeps_the_contract(picks in prop::collection::vec(any::<usize>(), 9)) {
        let mut picks = picks.into_iter();
        play_through::<TicTacToe>("", |_| picks.next().unwrap(), 9);
    }

    /// The test game, held to the contract as the five are.
    #[cfg(feature = "lights")]
    #[test]
    fn the_test_game_keeps_the_contract(seed: u32, picks in prop::collection::vec(any::<usize>(), 40)) {
        let mut picks = picks.into_iter().cycle();
        play_through::<gridplay::lights::Lights>(&format!("seed={seed}"), |_| picks.next().unwrap(), 40);
    }
}

/// Plays `link`'s deal by the first move `moves()` lists, again and again, as a front end
/// that knows no rules may (`while moves() is not empty, play its first`): the game ends.
fn ends_by_its_first_listed_move<G: EveryMove>(link: &str)
where
    G::Move: Debug,
{
    let mut game = Replay::<G>::new(G::from_link(link).unwrap_or_else(|e| panic!("{link}: {e}")));
    let name = std::any::type_name::<G>();
    let mut steps = 0;
    while let Some(&mv) = game.game().moves().first() {
        assert!(
            steps < 5000,
            "{name} {link}: still playing after 5000 first listed moves"
        );
        assert!(
            game.play(mv).is_some(),
            "{name} {link}: {mv:?} listed but not made"
        );
        steps += 1;
    }
    assert!(
        game.game().status().is_ended(),
        "{name} {link}: no move listed, yet not ended"
    );
}

/// The contract's rule for every game but Fifteen (which a loop plays by its solver's plan, as
/// its helper offers: random slides seldom solve it), the test game too.
#[test]
fn each_game_ends_when_its_first_listed_move_is_always_played() {
    for seed in 1..=20 {
        ends_by_its_first_listed_move::<ThreesGame>(&format!("seed={seed}"));
        ends_by_its_first_listed_move::<Game2048>(&format!("seed={seed}"));
        ends_by_its_first_listed_move::<Minesweeper>(&format!("9x9x10/seed={seed}"));
        #[cfg(feature = "lights")]
        ends_by_its_first_listed_move::<gridplay::lights::Lights>(&format!("seed={seed}"));
    }
    ends_by_its_first_listed_move::<TicTacToe>("");
}

#[test]
fn a_solved_fifteen_is_won_and_takes_no_slide() {
    let mut game = Replay::<Fifteen>::new(Fifteen::from_link("size=3/seed=1").unwrap());
    // Play the solver's solution: the puzzle ends won, and says so to any further slide.
    for tile in gridplay::fifteen::solver::solve(game.game().tiles()) {
        let cell = game.game().tiles().iter().position(|&t| t == tile).unwrap();
        let slide = game.game().segment(cell).unwrap();
        game.attempt(slide).unwrap();
    }
    assert_eq!(Rules::status(game.game()), Status::Won);
    assert_eq!(
        game.attempt(Slide {
            direction: Direction::Left,
            count: 1
        })
        .unwrap_err(),
        "the game is over"
    );
}

#[test]
fn links_name_their_deals_and_say_what_is_wrong_with_any_other_text() {
    assert_eq!(ThreesGame::from_link("seed=7"), Ok(7));
    assert_eq!(Game2048::link(&4294967295), "seed=4294967295");
    assert_eq!(
        Fifteen::from_link("size=5/seed=3"),
        Ok(Opening::Deal { size: 5, seed: 3 })
    );
    assert!(
        matches!(
            Fifteen::from_link("seed=3"),
            Ok(Opening::Deal { size: 4, seed: 3 })
        ),
        "4×4 without a size"
    );
    let mines = Minesweeper::from_link("30x16x99/seed=7").unwrap();
    assert_eq!(Minesweeper::link(&mines), "30x16x99/seed=7");
    assert_eq!(
        Minesweeper::link(&Minesweeper::from_link("9x9x10/seed=1/no-guess=0").unwrap()),
        "9x9x10/seed=1/no-guess=0"
    );
    // A made-up board has a link too: its tiles.
    let tiles = Opening::Tiles(Fifteen::from_tiles(&[1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap());
    assert_eq!(Fifteen::link(&tiles), "tiles=123456708");
    assert_eq!(Fifteen::from_link("tiles=123456708"), Ok(tiles));

    for (problem, said) in [
        (
            ThreesGame::from_link("seed=-1").unwrap_err(),
            "the seed must be a whole number from 0 to 4294967295, got “-1”",
        ),
        (
            Game2048::from_link("seed=1/seed=2").unwrap_err(),
            "“seed” is given twice",
        ),
        (
            Game2048::from_link("size=4").unwrap_err(),
            "2048 links have no “size”",
        ),
        (
            Fifteen::from_link("size=6").unwrap_err(),
            "the size must be 3, 4 or 5, got “6”",
        ),
        (
            Minesweeper::from_link("30x16/seed=1").unwrap_err(),
            "“30x16” is not a board: width, height and mines as 30x16x99",
        ),
        (
            Minesweeper::from_link("60x16x99").unwrap_err(),
            "the width must be 5 to 50 squares, got 60",
        ),
        (
            TicTacToe::from_link("seed=3").unwrap_err(),
            "Tic-tac-toe links have no “seed”",
        ),
    ] {
        assert_eq!(problem, said);
    }
}

#[test]
fn each_game_says_what_ranks_it_and_whether_it_is_timed() {
    assert_eq!(
        (ThreesGame::FIGURE, ThreesGame::TIMED),
        (Figure::Score, false)
    );
    assert_eq!((Game2048::FIGURE, Game2048::TIMED), (Figure::Score, false));
    assert_eq!((Fifteen::FIGURE, Fifteen::TIMED), (Figure::Moves, true));
    assert_eq!(
        (Minesweeper::FIGURE, Minesweeper::TIMED),
        (Figure::Time, true)
    );
    assert_eq!(TicTacToe::FIGURE.name(), "");
    let presets: Vec<_> = Minesweeper::presets().into_iter().map(|p| p.link).collect();
    assert_eq!(presets, ["9x9x10", "16x16x40", "30x16x99"]);
    for preset in Minesweeper::presets().into_iter().chain(Fifteen::presets()) {
        assert!(
            Minesweeper::from_link(preset.link).is_ok() || Fifteen::from_link(preset.link).is_ok()
        );
    }
    assert!(ThreesGame::presets().is_empty() && TicTacToe::presets().is_empty());
    for preset in Fifteen::presets() {
        let kind = Fifteen::kind(&Fifteen::from_link(preset.link).unwrap());
        assert_eq!(
            (kind.name.as_str(), kind.link.as_str()),
            (preset.name, preset.link)
        );
    }
    let made_up = Fifteen::from_link("tiles=123405786").unwrap();
    assert_eq!(
        Fifteen::kind(&made_up).link,
        "size=3",
        "a made-up start is of its size"
    );
}

#[test]
fn minesweeper_starts_its_clock_at_the_first_dig_not_a_flag() {
    let mut field = Replay::<Minesweeper>::new(Minesweeper::from_link("9x9x10/seed=4").unwrap());
    assert!(!field.game().clock_started());
    field
        .attempt(Action::new(ActionKind::Flag, 0, 0).unwrap())
        .unwrap();
    assert!(!field.game().clock_started(), "a flag does not start it");
    field
        .attempt(Action::new(ActionKind::Reveal, 4, 4).unwrap())
        .unwrap();
    assert!(field.game().clock_started(), "the first dig does");
}

/// A board opened whole by the dig that started its clock is won, with no time to rank; with a
/// flag before that dig too; a win at a later dig has its time.
#[test]
fn a_win_by_the_move_that_started_the_clock_has_no_best_time() {
    let time = |field: &Replay<Minesweeper>| {
        assert_eq!(Rules::status(field.game()), Status::Won);
        field
            .bests(7)
            .into_iter()
            .find(|b| b.name == "time")
            .unwrap()
            .value
    };
    let mut one = Replay::<Minesweeper>::new(Minesweeper::from_link("5x5x1/seed=3").unwrap());
    one.attempt(Action::new(ActionKind::Flag, 0, 0).unwrap())
        .unwrap();
    one.attempt(Action::new(ActionKind::Flag, 0, 0).unwrap())
        .unwrap();
    one.attempt(Action::new(ActionKind::Reveal, 2, 2).unwrap())
        .unwrap();
    assert_eq!(time(&one), None, "a one-dig win");
    // A board won by its hints' digs, many of them: its time.
    let mut many = Replay::<Minesweeper>::new(Minesweeper::from_link("9x9x10/seed=4").unwrap());
    while Rules::status(many.game()) == Status::Playing {
        let hint = Rules::plan(many.game(), 0.0).moves[0];
        many.attempt(hint).unwrap();
    }
    assert!(many.moves().len() > 1);
    assert_eq!(time(&many), Some(7), "a win of many digs has its time");
}

#[test]
fn minesweeper_before_its_first_dig_is_playing_and_a_tic_tac_toe_line_is_won() {
    let field = Replay::<Minesweeper>::new(Minesweeper::from_link("9x9x10/seed=4").unwrap());
    assert_eq!(Rules::status(field.game()), Status::Playing);
    assert_eq!(
        field.game().moves().len(),
        81 * 2,
        "every square dug or flagged"
    );
    let mut game = Replay::<TicTacToe>::new(TicTacToe::from_link("").unwrap());
    for cell in [0, 3, 1, 4, 2] {
        game.attempt(Place { cell }).unwrap();
    }
    assert_eq!(Rules::status(game.game()), Status::Won);
    assert_eq!(Rules::cells(game.game()), [1, 1, 1, 2, 2, 0, 0, 0, 0]);
}

#[test]
fn a_custom_board_is_checked_by_the_rules_and_named_by_its_link() {
    let fields: Vec<_> = Minesweeper::custom_fields()
        .into_iter()
        .map(|f| (f.name, f.min, f.max))
        .collect();
    assert_eq!(
        fields,
        [("width", 5, 50), ("height", 5, 50), ("mines", 1, 2491)]
    );
    let link = Minesweeper::custom_link(&[12, 7, 20]).unwrap();
    assert_eq!(link, "12x7x20");
    let start = Minesweeper::from_link(&link).unwrap();
    assert_eq!(
        Minesweeper::kind(&start).link,
        link,
        "the link deals that board"
    );
    assert_eq!(Minesweeper::custom_values(&start), [12, 7, 20]);
    // A player's name for it: its numbers in words, a preset's by its label.
    assert_eq!(Minesweeper::kind(&start).label, "Custom 12×7, 20 mines");
    let one = Minesweeper::from_link("5x5x1").unwrap();
    assert_eq!(Minesweeper::kind(&one).label, "Custom 5×5, 1 mine");
    for preset in Minesweeper::presets() {
        let start = Minesweeper::from_link(preset.link).unwrap();
        assert_eq!(Minesweeper::kind(&start).label, preset.label);
    }
    for preset in Fifteen::presets() {
        let start = Fifteen::from_link(preset.link).unwrap();
        assert_eq!(Fifteen::kind(&start).label, preset.label);
    }
    assert_eq!(
        Minesweeper::custom_link(&[60, 7, 20]).unwrap_err(),
        "the width must be 5 to 50 squares, got 60"
    );
    assert!(Minesweeper::custom_link(&[9, 9, 81])
        .unwrap_err()
        .contains("do not fit"));
    assert!(Minesweeper::custom_link(&[9, 9]).is_err());
    assert!(Fifteen::custom_fields().is_empty() && Fifteen::custom_link(&[4]).is_err());
}

#[test]
fn the_helpers_offered_plan_moves_the_rules_make() {
    use gridplay::contract::Help;
    // Threes and 2048: the AI's next move alone, legal, asked again after it.
    for plan in [
        Replay::<ThreesGame>::new(7).game().plan(5.0),
        Replay::<Game2048>::new(7).game().plan(5.0),
    ] {
        assert_eq!(plan.moves.len(), 1);
        assert!(!plan.solution);
    }
    assert_eq!(ThreesGame::HELPS, &[Help::Hint, Help::Autoplay]);
    assert_eq!(Game2048::HELPS, &[Help::Hint, Help::Autoplay]);
    let game = Replay::<Game2048>::new(3);
    assert!(game
        .game()
        .moves()
        .contains(&game.game().plan(5.0).moves[0]));

    // Fifteen: a whole solution that, played, solves it; the fewest moves on 3×3 and 4×4.
    assert_eq!(Fifteen::HELPS, &[Help::Hint, Help::Solve]);
    for link in ["size=3/seed=11", "size=5/seed=2"] {
        let mut puzzle = Replay::<Fifteen>::new(Fifteen::from_link(link).unwrap());
        let plan = puzzle.game().plan(0.0);
        assert!(plan.solution);
        assert_eq!(plan.shortest, link.starts_with("size=3"), "{link}");
        assert_eq!(
            plan.moves.len(),
            gridplay::fifteen::solver::solve(puzzle.game().tiles()).len()
        );
        for mv in plan.moves {
            assert_eq!(puzzle.game().status(), Status::Playing);
            puzzle
                .attempt(mv)
                .expect("each of the solution's moves is made");
        }
        assert_eq!(puzzle.game().status(), Status::Won, "{link}: solved");
        assert!(
            puzzle.game().plan(0.0).moves.is_empty(),
            "no move once solved"
        );
    }

    // Minesweeper's hint: a square the numbers prove safe, one at a time. On a no-guess board,
    // the hints alone clear it, from the first dig (the middle square) on, and never dig a mine.
    assert_eq!(Minesweeper::HELPS, &[Help::Hint]);
    for link in [
        "9x9x10/seed=4",
        "16x16x40/seed=9",
        "30x16x99/seed=2",
        "8x8x12/seed=5",
    ] {
        let mut field = Replay::<Minesweeper>::new(Minesweeper::from_link(link).unwrap());
        let (width, height) = (field.game().width(), field.game().height());
        let mut hints = 0;
        while matches!(
            field.game().status(),
            MinesStatus::Ready | MinesStatus::Playing
        ) {
            let plan = field.game().plan(0.0);
            assert!(
                !plan.solution && plan.moves.len() == 1,
                "{link}: one square at a time"
            );
            let mv = plan.moves[0];
            if hints == 0 {
                assert_eq!(
                    (usize::from(mv.x), usize::from(mv.y)),
                    (width / 2, height / 2),
                    "{link}: the first dig in the middle"
                );
            }
            field.attempt(mv).expect("a hint's dig is made");
            hints += 1;
            assert!(hints <= width * height, "{link}: the hints end");
        }
        assert_eq!(
            field.game().status(),
            MinesStatus::Won,
            "{link}: cleared by hints alone"
        );
        assert_eq!(
            field.game().plan(0.0),
            Plan::none(),
            "{link}: no hint once over"
        );
    }
    // A flag put on a safe square: the hint takes it off, before it digs anything else there.
    let mut field = Replay::<Minesweeper>::new(Minesweeper::from_link("9x9x10/seed=4").unwrap());
    field.attempt(field.game().plan(0.0).moves[0]).unwrap();
    let safe = field.game().certainly_safe();
    let &first = safe
        .first()
        .expect("a square is certainly safe after the first dig");
    let flag = Action::new(ActionKind::Flag, first % 9, first / 9).unwrap();
    field.attempt(flag).unwrap();
    // Every other certainly-safe square is hidden, so the hint digs one of those if any.
    let hint = field.game().plan(0.0).moves[0];
    if safe.len() == 1 {
        assert_eq!(hint, flag, "the flag on the one safe square comes off");
    } else {
        assert_eq!(hint.kind, ActionKind::Reveal);
    }

    // A board where the numbers leave a guess: no move, and why, in a player's words. A and B
    // (top left) hold one mine between them, and every number sees both or neither.
    //   A B * . .
    //   . . * . .
    //   . . . . .  (and two more rows of nothing)
    let rows = ["*.*..", "..*..", ".....", ".....", "....."];
    let mines = rows.concat().bytes().map(|b| b == b'*').collect();
    let layout = Layout::from_mines(Grid::new(5, 5), mines);
    let mut guess = Minesweeper::with_layout(layout).unwrap();
    let dig = Action::new(ActionKind::Reveal, 4, 4).unwrap();
    assert!(gridplay::Game::play(&mut guess, dig).is_some());
    assert_eq!(guess.status(), MinesStatus::Playing);
    let plan = Rules::plan(&guess, 0.0);
    assert!(plan.moves.is_empty());
    assert_eq!(
        plan.why.as_deref(),
        Some("no square is certainly safe: the numbers leave a guess here")
    );

    // Tic-tac-toe offers no helper and plans nothing.
    assert!(TicTacToe::HELPS.is_empty());
    assert!(Replay::<TicTacToe>::new(TicTacToe::from_link("").unwrap())
        .game()
        .plan(5.0)
        .moves
        .is_empty());
}

/// Square `cell` of a board `width` wide in a player's words, written here from its numbers.
fn place(cell: usize, width: usize) -> String {
    format!("row {}, column {}", cell / width + 1, cell % width + 1)
}

/// Plays Threes or 2048 on `link` by the first legal direction: every move is told by its
/// direction, the merges by what they made (and where, for one or two), and the new tile
/// where the move's report says it came in; the end by the final score.
fn sliding_moves_are_told<G>(link: &str, out_of_moves: &str)
where
    G: Rules + gridplay::Game<Move = Direction, Report = Turn>,
{
    let mut replay = Replay::<G>::new(G::from_link(link).unwrap());
    let mut merges_told = 0;
    while let Some(&direction) = replay.game().moves().first() {
        let (turn, told) = replay.attempt_told(direction).unwrap();
        let after = replay.game().cells();
        let at = |(row, col): (usize, usize)| row * 4 + col;
        let spawn = turn.spawn;
        let mut said = format!("Moved {}.", direction.name());
        let merges = turn.trace.merges();
        if merges.len() == 1 {
            let cell = at(merges[0]);
            said += &format!(" Made {} in {}.", after[cell], place(cell, 4));
        }
        if !merges.is_empty() {
            merges_told += 1;
            assert!(told.contains(" Made "), "{told}");
        }
        said += &format!(
            " New {} in {}.",
            spawn.value,
            place(at((spawn.row, spawn.col)), 4)
        );
        if merges.len() != 1 {
            assert!(
                told.ends_with(&said[said.find(" New").unwrap()..]),
                "{told}"
            );
        } else {
            assert_eq!(told, said);
        }
        let ended = replay.game().status().is_ended();
        assert_eq!(replay.game().ending().is_some(), ended);
        if replay.moves().len() > 2000 {
            break;
        }
    }
    assert!(merges_told > 0, "a whole game merges");
    let ending = replay.game().ending().expect("the game has ended");
    assert!(ending.starts_with(out_of_moves), "{ending}");
    assert!(ending.ends_with(&format!(
        "Final score {}.",
        replay.game().readouts()[0].value.text
    )));
}

#[test]
fn threes_and_2048_tell_each_move_and_their_end() {
    sliding_moves_are_told::<ThreesGame>("seed=5", "No more moves.");
    sliding_moves_are_told::<Game2048>("seed=5", "Game over.");
}

#[test]
fn a_fifteen_slide_is_told_by_its_tiles_the_chosen_one_first() {
    // 1 2 3 / 4 5 6 / _ 7 8: a tap on 8 slides it, and 7 before it, left; solved.
    let mut replay = Replay::<Fifteen>::new(Fifteen::from_link("tiles=123456078").unwrap());
    assert_eq!(replay.game().ending(), None);
    let slide = replay.game().on_square(0, 8).unwrap();
    assert_eq!(replay.attempt_told(slide).unwrap().1, "Moved 8 and 7 left.");
    assert_eq!(
        replay.game().ending().as_deref(),
        Some("Solved: every tile is in place.")
    );
    // 1 2 3 / 4 _ 5 / 7 8 6: the arrows slide the tile beside the gap.
    let mut replay = Replay::<Fifteen>::new(Fifteen::from_link("tiles=123405786").unwrap());
    let slide = replay.game().toward(Direction::Left).unwrap();
    assert_eq!(replay.attempt_told(slide).unwrap().1, "Moved 5 left.");
    let slide = replay.game().toward(Direction::Up).unwrap();
    assert_eq!(replay.attempt_told(slide).unwrap().1, "Moved 6 up.");
    assert!(replay.game().ending().is_some());
}

#[test]
fn minesweeper_tells_what_each_act_opened_or_flagged() {
    let mut replay = Replay::<Minesweeper>::new(Minesweeper::from_link("9x9x10/seed=3").unwrap());
    let dig = replay.game().on_square(0, 40).unwrap();
    let before = Rules::cells(replay.game());
    let (_, told) = replay.attempt_told(dig).unwrap();
    let after = Rules::cells(replay.game());
    let opened = (0..81).filter(|&c| after[c] <= 8 && before[c] > 8).count();
    if opened == 1 {
        assert_eq!(told, format!("Row 5, column 5: {}.", after[40]));
    } else {
        assert_eq!(
            told,
            format!("Opened {opened} squares from row 5, column 5.")
        );
    }
    let layout = replay.game().layout().unwrap().clone();
    let mine = (0..81).find(|&c| layout.is_mine(c)).unwrap();
    let flag = replay.game().on_square(1, mine).unwrap();
    assert_eq!(
        replay.attempt_told(flag).unwrap().1,
        format!("Flag on {}.", place(mine, 9))
    );
    let flag = replay.game().on_square(1, mine).unwrap();
    assert_eq!(
        replay.attempt_told(flag).unwrap().1,
        format!("Flag taken off {}.", place(mine, 9))
    );
    let dig = replay.game().on_square(0, mine).unwrap();
    assert_eq!(
        replay.attempt_told(dig).unwrap().1,
        format!("Boom: a mine at {}.", place(mine, 9))
    );
    assert_eq!(
        replay.game().ending().as_deref(),
        Some("A mine went off: every mine and every wrong flag is shown.")
    );
}

#[test]
fn tic_tac_toe_tells_each_mark_and_names_the_winning_line() {
    let lines = [
        ([0, 1, 2], "row 1"),
        ([6, 7, 8], "row 3"),
        ([1, 4, 7], "column 2"),
        ([0, 4, 8], "a diagonal"),
        ([2, 4, 6], "a diagonal"),
    ];
    for (line, name) in lines {
        let others: Vec<usize> = (0..9).filter(|c| !line.contains(c)).collect();
        let mut replay = Replay::<TicTacToe>::new(TicTacToe::from_link("").unwrap());
        for (n, &cell) in [line[0], others[0], line[1], others[1], line[2]]
            .iter()
            .enumerate()
        {
            let mark = if n % 2 == 0 { "X" } else { "O" };
            let (_, told) = replay.attempt_told(Place { cell: cell as u8 }).unwrap();
            assert_eq!(told, format!("{mark} in {}.", place(cell, 3)));
        }
        assert_eq!(replay.game().ending(), Some(format!("X wins: {name}.")));
    }
    let mut drawn = Replay::<TicTacToe>::new(TicTacToe::from_link("").unwrap());
    for cell in [0, 1, 2, 4, 3, 5, 7, 6, 8] {
        assert_eq!(drawn.game().ending(), None);
        drawn.attempt(Place { cell }).unwrap();
    }
    assert_eq!(drawn.game().ending().as_deref(), Some("A draw."));
}

#[test]
fn the_move_that_first_makes_2048_says_so_and_no_other() {
    use gridplay::game2048::Board2048;
    let mut board = Board2048::new();
    board
        .set_cells([[1024, 1024, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4]])
        .unwrap();
    let mut game = Game2048::from_board(board, 9);
    let before = game.clone();
    let turn = gridplay::Game::play(&mut game, Direction::Left).unwrap();
    let told = game.told(&before, Direction::Left, &turn);
    assert!(
        told.starts_with("Moved left. Made 2048 in row 1, column 1."),
        "{told}"
    );
    assert!(told.ends_with(" You made 2048!"), "{told}");
    // The moves after it go on without saying it again.
    let before = game.clone();
    let direction = Rules::moves(&game)[0];
    let turn = gridplay::Game::play(&mut game, direction).unwrap();
    assert!(!game
        .told(&before, direction, &turn)
        .contains("You made 2048"));
}
