//! Minesweeper's rules: numbers, the safe first reveal,
//! the flood, flags, chords, win and loss and what `cells()` shows for them, the errors,
//! saves; and random games checked against invariants.
#![cfg(not(target_arch = "wasm32"))]

use gridplay::contract::Rules;
use gridplay::minesweeper::{
    generate, Action, ActionKind, Config, ConfigError, Grid, Layout, Minesweeper, Status, EXPLODED,
    FLAG, HIDDEN, MINE, PRESETS, WRONG_FLAG,
};
use gridplay::replay::Start;
use gridplay::{Game, LoadError, Replay};
use proptest::prelude::*;

/// Boards per preset where placing is cheap: thousands, fewer in debug builds.
const SEEDS: u32 = if cfg!(debug_assertions) { 1000 } else { 5000 };

/// A layout from rows of `*` (a mine) and `.`.
fn layout(rows: &[&str]) -> Layout {
    let grid = Grid::new(rows[0].len(), rows.len());
    Layout::from_mines(grid, rows.concat().bytes().map(|b| b == b'*').collect())
}

fn board(rows: &[&str]) -> Minesweeper {
    Minesweeper::with_layout(layout(rows)).unwrap()
}

fn act(game: &mut Minesweeper, kind: ActionKind, x: usize, y: usize) -> bool {
    game.play(Action::new(kind, x, y).unwrap()).is_some()
}

fn reveal(game: &mut Minesweeper, x: usize, y: usize) -> bool {
    act(game, ActionKind::Reveal, x, y)
}

fn flag(game: &mut Minesweeper, x: usize, y: usize) -> bool {
    act(game, ActionKind::Flag, x, y)
}

fn chord(game: &mut Minesweeper, x: usize, y: usize) -> bool {
    act(game, ActionKind::Chord, x, y)
}

fn at(game: &Minesweeper, x: usize, y: usize) -> u8 {
    game.cell(game.grid().cell(x, y).unwrap())
}

/// The mines around (x, y), counted from coordinates rather than with `Grid::around`.
fn mines_around(layout: &Layout, x: usize, y: usize) -> u8 {
    let grid = layout.grid();
    let mut count = 0;
    for dy in -1i64..=1 {
        for dx in -1i64..=1 {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            if (dx, dy) != (0, 0) && nx >= 0 && ny >= 0 {
                if let Some(c) = grid.cell(nx as usize, ny as usize) {
                    count += u8::from(layout.is_mine(c));
                }
            }
        }
    }
    count
}

/// A first cell that differs from seed to seed, corners and edges included.
fn first_cell(config: &Config) -> usize {
    let cells = config.grid().cells() as u32;
    (config.seed().wrapping_mul(2_654_435_761) % cells) as usize
}

fn presets() -> impl Iterator<Item = (&'static str, usize, usize, usize)> {
    PRESETS.into_iter()
}

#[test]
fn the_number_on_every_cell_counts_the_mines_around_it() {
    for (_, w, h, m) in presets() {
        for seed in 0..50 {
            let config = Config::new(w, h, m, seed, false).unwrap();
            let layout = generate::place(&config, first_cell(&config));
            assert_eq!(layout.mine_count(), m);
            for y in 0..h {
                for x in 0..w {
                    let c = layout.grid().cell(x, y).unwrap();
                    assert_eq!(layout.number(c), mines_around(&layout, x, y), "({x}, {y})");
                }
            }
        }
    }
}

/// The first reveal: mines are placed then, none on the cell or its neighbours, so it shows 0
/// and opens an area; the same config and first cell place the same mines.
fn check_first_reveal(config: Config) {
    let first = first_cell(&config);
    let (x, y) = config.grid().xy(first);
    let mut game = Minesweeper::new(config);
    assert_eq!(game.status(), Status::Ready);
    assert!(game.layout().is_none(), "no mines before the first reveal");
    assert!(reveal(&mut game, x, y));
    let layout = game.layout().unwrap().clone();
    assert_eq!(layout.mine_count(), config.mines());
    for c in 0..config.grid().cells() {
        if config.grid().touching(c, first) {
            assert!(
                !layout.is_mine(c),
                "{config:?}: a mine next to the first reveal"
            );
        }
    }
    assert_eq!(at(&game, x, y), 0);
    assert!(matches!(game.status(), Status::Playing | Status::Won));
    let opened = game.cells().iter().filter(|&&c| c <= 8).count();
    assert!(
        opened > config.grid().around(first).count(),
        "the area around it opens"
    );
    assert_eq!(generate::place(&config, first), layout, "placement is pure");
}

#[test]
fn the_first_reveal_is_safe_and_opens_an_area_on_every_preset() {
    for (_, w, h, m) in presets() {
        for seed in 0..SEEDS {
            check_first_reveal(Config::new(w, h, m, seed, false).unwrap());
        }
    }
    // The densest boards: every cell but the first reveal's area is a mine.
    for (w, h) in [(5, 5), (9, 9), (50, 50), (5, 50)] {
        for seed in 0..20 {
            check_first_reveal(Config::new(w, h, w * h - 9, seed, false).unwrap());
        }
    }
}

#[test]
fn placement_depends_on_the_seed_and_the_first_cell() {
    let config = |seed| Config::new(30, 16, 99, seed, false).unwrap();
    let a = generate::place(&config(1), 200);
    assert_ne!(a, generate::place(&config(2), 200));
    assert_ne!(a, generate::place(&config(1), 0));
}

/// Saves hold a seed and moves, not mines: a save replays into the same board only while the
/// placement (the rng's draws, and for no-guess boards the solver and the perturbations) is
/// exactly what it was. If this fails after a deliberate change, every saved game and share
/// link would open a different board: bump the save format rather than the figures here.
#[test]
fn the_boards_of_old_saves_stay_the_same() {
    let mines = |config: &Config, first: usize| -> Vec<usize> {
        let layout = generate::place(config, first);
        (0..config.grid().cells())
            .filter(|&c| layout.is_mine(c))
            .collect()
    };
    let beginner = [4, 19, 21, 23, 25, 33, 37, 44, 54, 78];
    for no_guess in [false, true] {
        let config = Config::new(9, 9, 10, 1, no_guess).unwrap();
        assert_eq!(mines(&config, 40), beginner, "no_guess {no_guess}");
    }
    let intermediate = [
        9, 15, 20, 21, 29, 30, 34, 35, 40, 41, 43, 50, 52, 61, 74, 75, 86, 104, 105, 107, 109, 113,
        117, 129, 134, 137, 140, 144, 159, 170, 172, 193, 195, 201, 210, 213, 223, 234, 247, 248,
    ];
    let config = Config::new(16, 16, 40, 7, true).unwrap();
    assert_eq!(mines(&config, 255), intermediate);
    // Expert, after a few perturbations: an FNV-1a digest of its 99 mine cells.
    let config = Config::new(30, 16, 99, 2026, true).unwrap();
    assert!(
        generate::no_guess(&config, 0).attempts > 1,
        "it is perturbed"
    );
    let digest = mines(&config, 0)
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &c| {
            (h ^ c as u64).wrapping_mul(0x100_0000_01b3)
        });
    assert_eq!(digest, 0x0b04_1320_64ef_bce3);
}

/// Moving proved mines, the generator's way out where moving undecided ones leads nowhere,
/// changes the mines only of boards that used to end in a guess: every other board keeps the
/// mines it had. Digests (FNV-1a over seed, first cell and mine cells, board by board) of
/// what the generator placed before it had that way out, on small dense boards (where it is
/// needed most) for every first cell.
#[test]
fn boards_cleared_without_moving_proved_mines_keep_their_mines() {
    let fnv = |hash: u64, n: usize| (hash ^ n as u64).wrapping_mul(0x100_0000_01b3);
    for (w, h, mines, seeds, kept, digest) in [
        (5, 5, 8, 40, 983, 0x9352_8cb7_fb45_a1cb_u64),
        (6, 6, 27, 15, 486, 0x2e48_232f_507a_346f),
    ] {
        let (mut count, mut hash) = (0, 0xcbf2_9ce4_8422_2325u64);
        for seed in 0..seeds {
            let config = Config::new(w, h, mines, seed, true).unwrap();
            for first in 0..w * h {
                let generated = generate::no_guess(&config, first);
                if generated.moved_proved_mines {
                    continue;
                }
                count += 1;
                let layout = &generated.layout;
                hash = (0..w * h)
                    .filter(|&c| layout.is_mine(c))
                    .fold(fnv(fnv(hash, seed as usize), first), fnv);
            }
        }
        assert_eq!((count, hash), (kept, digest), "{w}×{h}/{mines}");
    }
}

/// Where the no-guess generator gives up (in play only on very large, very dense boards), the
/// game says the board is not guess-free, while still saying a no-guess board was asked for.
#[test]
fn a_board_the_generator_gives_up_on_is_not_called_guess_free() {
    // The densest 50×50 board, with work for four solver runs.
    let config = Config::new(50, 50, 2400, 1, true).unwrap();
    let work = 4 * config.grid().cells();
    let mut game = Minesweeper::with_work_limit(config, work);
    assert_eq!(game.guess_free(), None, "nothing placed yet");
    assert_eq!(game.caution(), None);
    assert!(reveal(&mut game, 0, 0));
    assert_eq!(game.guess_free(), Some(false));
    assert!(game.config().no_guess(), "what was asked for");
    // The player is told: the front ends say the engine's caution.
    assert!(game
        .caution()
        .is_some_and(|words| words.contains("you will have to guess")));
    let generated = generate::no_guess_within(&config, 0, work);
    assert!(!generated.solved);
    assert!(generated.moved_proved_mines, "it tried the way out too");
    assert_eq!(
        generated.attempts, 10,
        "twice four runs and a check after each"
    );
    assert_eq!(game.layout(), Some(&generated.layout));
    assert!(!generate::clears(&generated.layout, 0), "needs a guess");

    // With the work it needs, a no-guess board is guess-free.
    let config = Config::new(9, 9, 10, 1, true).unwrap();
    let mut game = Minesweeper::new(config);
    assert!(reveal(&mut game, 4, 4));
    assert_eq!(game.guess_free(), Some(true));
    assert_eq!(game.caution(), None, "nothing to say of a guess-free board");

    // A plain random board says whether it happens to need no guess; it says it was dealt
    // without the promise from the start.
    let mut seen = [false; 2];
    for seed in 0..40 {
        let config = Config::new(9, 9, 20, seed, false).unwrap();
        let mut game = Minesweeper::new(config);
        assert_eq!(
            game.caution().as_deref(),
            Some(gridplay::minesweeper::PLAIN_BOARD)
        );
        assert!(reveal(&mut game, 0, 0));
        let guess_free = generate::clears(game.layout().unwrap(), 0);
        assert_eq!(game.guess_free(), Some(guess_free), "seed {seed}");
        assert_eq!(
            game.caution().as_deref(),
            Some(gridplay::minesweeper::PLAIN_BOARD),
            "a plain board says it never promised no guess"
        );
        seen[usize::from(guess_free)] = true;
    }
    assert_eq!(seen, [true, true], "some of each");

    // A board given its layout was not made by the generator.
    let mut game = board(&["*....", ".....", ".....", ".....", "....."]);
    assert!(reveal(&mut game, 4, 4));
    assert_eq!(game.guess_free(), None);
}

#[test]
fn a_zero_opens_its_neighbours_iteratively_without_opening_a_mine() {
    // 50×50 with one mine in a corner: one reveal opens all 2499 other cells. A recursive
    // fill this deep would overflow the stack of a test thread or of wasm.
    let mut rows = vec![".".repeat(50); 50];
    rows[0] = format!("*{}", ".".repeat(49));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut game = board(&rows);
    assert!(reveal(&mut game, 49, 49));
    assert_eq!(game.status(), Status::Won);
    assert_eq!(at(&game, 0, 0), FLAG);
    assert_eq!(at(&game, 1, 1), 1);

    // The fill stops at numbers and at flags, and never opens a mine.
    let mut game = board(&[
        "..*..", //
        ".....", //
        "**...", //
        ".....", //
        "....*",
    ]);
    assert!(flag(&mut game, 4, 0));
    assert!(reveal(&mut game, 4, 2));
    let codes = game.cells();
    assert_eq!(at(&game, 4, 0), FLAG, "a flag is not opened by the fill");
    assert_eq!(at(&game, 3, 0), 1);
    assert_eq!(at(&game, 0, 0), HIDDEN, "behind the numbers stays hidden");
    for (c, &code) in codes.iter().enumerate() {
        let layout = game.layout().unwrap();
        assert!(code == HIDDEN || code == FLAG || !layout.is_mine(c));
        if code == 0 {
            for n in game.grid().around(c) {
                assert!(
                    game.cell(n) <= 8 || n == 4,
                    "a 0's neighbour {n} left hidden"
                );
            }
        }
    }
}

#[test]
fn flags_toggle_count_down_and_block_reveals() {
    let mut game = board(&["*....", ".....", ".....", ".....", "....."]);
    assert_eq!(game.mines_left(), 1);
    assert!(flag(&mut game, 2, 2));
    assert!(flag(&mut game, 3, 3));
    assert_eq!(
        game.mines_left(),
        -1,
        "more flags than mines goes below zero"
    );
    assert!(!reveal(&mut game, 2, 2), "revealing a flag does nothing");
    assert_eq!(at(&game, 2, 2), FLAG);
    assert!(flag(&mut game, 2, 2));
    assert_eq!(at(&game, 2, 2), HIDDEN);
    assert_eq!(game.mines_left(), 0);
    assert!(reveal(&mut game, 1, 1));
    assert!(!flag(&mut game, 1, 1), "a revealed cell takes no flag");
    assert!(!reveal(&mut game, 1, 1), "revealing twice changes nothing");
}

#[test]
fn a_chord_reveals_the_other_neighbours_of_a_satisfied_number() {
    let rows = [
        "*.*..", //
        ".....", //
        ".....", //
        ".....", //
        ".....",
    ];
    let mut game = board(&rows);
    assert!(reveal(&mut game, 1, 1));
    assert_eq!(at(&game, 1, 1), 2);
    assert!(!chord(&mut game, 1, 1), "no flags: nothing");
    assert!(flag(&mut game, 0, 0));
    assert!(!chord(&mut game, 1, 1), "too few flags: nothing");
    assert!(!chord(&mut game, 3, 3), "a hidden cell: nothing");
    assert!(flag(&mut game, 2, 0));
    assert!(chord(&mut game, 1, 1));
    assert_eq!(at(&game, 1, 0), 2);
    assert_eq!(at(&game, 0, 1), 1);
    assert_eq!(at(&game, 2, 2), 0);
    assert_eq!(at(&game, 4, 4), 0, "a 0 the chord opens floods on");
    assert_eq!(game.status(), Status::Won);
    assert!(!chord(&mut game, 1, 1), "a finished game takes no chord");

    // Too many flags: nothing.
    let mut game = board(&rows);
    reveal(&mut game, 1, 1);
    for (x, y) in [(0, 0), (2, 0), (0, 2)] {
        flag(&mut game, x, y);
    }
    assert!(!chord(&mut game, 1, 1));
}

#[test]
fn a_chord_on_a_wrong_flag_loses_and_shows_every_mine_and_wrong_flag() {
    let mut game = board(&[
        "*.*..", //
        ".....", //
        "...*.", //
        ".....", //
        "....*",
    ]);
    reveal(&mut game, 1, 1);
    flag(&mut game, 0, 0); // right
    flag(&mut game, 0, 2); // wrong: the mine at (2, 0) is not flagged
    flag(&mut game, 4, 3); // wrong, elsewhere
    assert!(chord(&mut game, 1, 1));
    assert_eq!(game.status(), Status::Lost);
    assert_eq!(at(&game, 2, 0), EXPLODED);
    assert_eq!(at(&game, 0, 0), FLAG, "a flag on a mine stays a flag");
    assert_eq!(at(&game, 0, 2), WRONG_FLAG);
    assert_eq!(at(&game, 4, 3), WRONG_FLAG);
    assert_eq!(at(&game, 4, 4), MINE);
    assert_eq!(at(&game, 1, 0), 2, "the chord's safe cells open too");
    assert_eq!(at(&game, 4, 1), HIDDEN, "hidden safe cells stay hidden");
    assert_eq!(at(&game, 3, 2), MINE);
    for kind in [ActionKind::Reveal, ActionKind::Flag, ActionKind::Chord] {
        assert!(
            !act(&mut game, kind, 3, 3),
            "a finished game takes no {kind:?}"
        );
    }
}

#[test]
fn revealing_a_mine_loses_and_the_last_safe_cell_wins() {
    let rows = [
        "*....", //
        ".....", //
        ".....", //
        ".....", //
        "...*.",
    ];
    let mut lost = board(&rows);
    reveal(&mut lost, 2, 2);
    assert!(reveal(&mut lost, 0, 0));
    assert_eq!(lost.status(), Status::Lost);
    assert_eq!(lost.cells()[0], EXPLODED);
    assert_eq!(at(&lost, 3, 4), MINE);

    let mut won = board(&rows);
    flag(&mut won, 1, 0); // a wrong flag: the last safe cell is under it
    reveal(&mut won, 2, 2);
    assert_eq!(won.status(), Status::Playing);
    for (x, y) in [(1, 0), (0, 1), (1, 1)] {
        if at(&won, x, y) == FLAG {
            flag(&mut won, x, y);
        }
        reveal(&mut won, x, y);
    }
    for (x, y) in [(2, 4), (4, 4), (2, 3), (3, 3), (4, 3)] {
        reveal(&mut won, x, y);
    }
    assert_eq!(won.status(), Status::Won);
    assert_eq!(won.mines_left(), 0);
    assert_eq!(
        at(&won, 0, 0),
        FLAG,
        "after a win every mine shows as a flag"
    );
    assert_eq!(at(&won, 3, 4), FLAG);
    assert!(won.cells().iter().all(|&c| c <= 8 || c == FLAG));
    assert!(!flag(&mut won, 0, 0));
}

#[test]
fn every_bad_config_is_refused_with_a_message_naming_the_problem() {
    let cases = [
        ((4, 9, 10), ConfigError::Width(4), "width must be 5 to 50"),
        ((51, 9, 10), ConfigError::Width(51), "width must be 5 to 50"),
        ((9, 4, 10), ConfigError::Height(4), "height must be 5 to 50"),
        (
            (9, 51, 10),
            ConfigError::Height(51),
            "height must be 5 to 50",
        ),
        ((9, 9, 0), ConfigError::NoMines, "at least 1 mine"),
        (
            (9, 9, 73),
            ConfigError::TooManyMines {
                mines: 73,
                width: 9,
                height: 9,
            },
            "73 mines do not fit on a 9×9 board: at most 72",
        ),
        (
            (9, 9, 100),
            ConfigError::TooManyMines {
                mines: 100,
                width: 9,
                height: 9,
            },
            "at most 72",
        ),
    ];
    for ((w, h, m), error, words) in cases {
        let refused = Config::new(w, h, m, 1, true).unwrap_err();
        assert_eq!(refused, error);
        assert!(refused.to_string().contains(words), "{refused}");
    }
    for (w, h, m) in [(5, 5, 1), (5, 5, 16), (50, 50, 2491), (50, 5, 100)] {
        assert!(Config::new(w, h, m, 1, true).is_ok(), "{w}×{h}/{m}");
    }
    assert!(Action::new(ActionKind::Reveal, 50, 0).is_none());
    let mut game = Minesweeper::new(Config::new(9, 9, 10, 1, true).unwrap());
    let off = Action::new(ActionKind::Reveal, 9, 0).unwrap();
    assert!(game.play(off).is_none(), "off the board: nothing");
    assert_eq!(game.status(), Status::Ready);
    // A row far off the board is off it, not an overflow (the page's x and y come from JS).
    for (x, y) in [
        (0, usize::MAX / 2),
        (usize::MAX, 0),
        (usize::MAX, usize::MAX),
    ] {
        assert_eq!(game.grid().cell(x, y), None, "({x}, {y})");
    }
}

#[test]
fn a_start_is_written_and_read_back_and_bad_ones_are_refused() {
    let config = Config::new(30, 16, 99, 4_000_000_000, true).unwrap();
    assert_eq!(config.write(), "30x16x99-4000000000-1");
    assert_eq!(Config::read(&config.write()), Some(config));
    let plain = Config::new(9, 9, 10, 0, false).unwrap();
    assert_eq!(Config::read(&plain.write()), Some(plain));
    for bad in [
        "",
        "30x16x99-1",
        "30x16x99-1-2",
        "30x16x99-1-1-1",
        "30x16-1-1",
        "30x16x99x1-1-1",
        "4x16x99-1-1",
        "30x16x472-1-1",
        "30x16x0-1-1",
        "30x16x99-4294967296-1",
        "30x16x+9-1-1",
    ] {
        assert_eq!(Config::read(bad), None, "{bad:?}");
    }
}

#[test]
fn a_save_loads_into_the_identical_game_and_undo_takes_back_one_action() {
    use ActionKind::*;
    let config = Config::new(16, 16, 40, 77, true).unwrap();
    let mut replay = Replay::<Minesweeper>::new(config);
    let play = |replay: &mut Replay<Minesweeper>, kind, cell: usize| {
        let (x, y) = config.grid().xy(cell);
        replay.play(Action::new(kind, x, y).unwrap()).is_some()
    };
    assert!(play(&mut replay, Flag, 0));
    assert!(play(&mut replay, Flag, 0));
    assert!(play(&mut replay, Reveal, 8 * 16 + 8));
    let layout = replay.game().layout().unwrap().clone();
    // Flag the mines around the opening, chord its numbers, then reveal one safe cell.
    let cells = 0..config.grid().cells();
    let revealed: Vec<usize> = cells
        .clone()
        .filter(|&c| replay.game().cell(c) <= 8)
        .collect();
    for &c in &revealed {
        for n in config.grid().around(c) {
            if layout.is_mine(n) && replay.game().cell(n) == HIDDEN {
                assert!(play(&mut replay, Flag, n));
            }
        }
    }
    for &c in &revealed {
        play(&mut replay, Chord, c);
    }
    let before = replay.clone();
    let safe = cells
        .clone()
        .find(|&c| !layout.is_mine(c) && replay.game().cell(c) == HIDDEN);
    assert!(play(&mut replay, Reveal, safe.unwrap()));
    assert_eq!(replay.game().status(), Status::Playing);

    let text = replay.save();
    assert!(text.starts_with("mines.1.16x16x40-77-1."), "{text}");
    let loaded = Replay::<Minesweeper>::load(&text).unwrap();
    assert_eq!(loaded.game(), replay.game());
    assert_eq!(loaded.moves(), replay.moves());
    let mut undone = loaded;
    assert!(undone.undo());
    assert_eq!(undone.game(), before.game());

    // An action that changed nothing is not logged, and a save claiming one is refused.
    let mut replay = Replay::<Minesweeper>::new(config);
    assert!(!play(&mut replay, Chord, 3));
    assert!(replay.moves().is_empty());
    // One move, "chord (3, 3)": code 2 + 3·4 + 3·256 = 782, in base64 digits O, M, A.
    let chord_first = "mines.1.16x16x40-77-1.1.OMA";
    assert!(matches!(
        Replay::<Minesweeper>::load(chord_first),
        Err(LoadError::IllegalMove { number: 1, .. })
    ));
    assert!(matches!(
        Replay::<Minesweeper>::load("mines.1.4x16x40-77-1.0."),
        Err(LoadError::Field("board"))
    ));
}

fn any_kind() -> impl Strategy<Value = ActionKind> {
    prop_oneof![
        3 => Just(ActionKind::Reveal),
        1 => Just(ActionKind::Flag),
        2 => Just(ActionKind::Chord),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 64 } else { 512 }))]

    /// Random games on random small boards keep every invariant of the rules after every
    /// action, and replay identically from their save.
    #[test]
    fn random_games_keep_the_rules(
        (w, h, m) in (5usize..=12, 5usize..=12).prop_flat_map(|(w, h)| (Just(w), Just(h), 1..=w * h - 9)),
        seed in any::<u32>(),
        no_guess in prop::bool::weighted(0.2),
        actions in prop::collection::vec((any_kind(), 0usize..12, 0usize..12), 1..60),
    ) {
        let config = Config::new(w, h, m, seed, no_guess).unwrap();
        let mut replay = Replay::<Minesweeper>::new(config);
        for (kind, x, y) in actions {
            let before = replay.game().clone();
            let changed = replay.play(Action::new(kind, x % w, y % h).unwrap()).is_some();
            let game = replay.game();
            prop_assert_eq!(changed, game != &before);
            let codes = game.cells();
            let flags = codes.iter().filter(|&&c| c == FLAG || c == WRONG_FLAG).count();
            let Some(layout) = game.layout() else {
                prop_assert!(codes.iter().all(|&c| c == HIDDEN || c == FLAG));
                prop_assert_eq!(game.mines_left(), m as i32 - flags as i32);
                continue;
            };
            prop_assert_eq!(game.mines_left(), m as i32 - flags as i32);
            let mut safe_hidden = 0;
            for (c, &code) in codes.iter().enumerate() {
                let mine = layout.is_mine(c);
                match code {
                    0..=8 => {
                        prop_assert!(!mine);
                        prop_assert_eq!(code, layout.number(c));
                    }
                    HIDDEN => safe_hidden += usize::from(!mine),
                    FLAG => safe_hidden += usize::from(!mine),
                    MINE | EXPLODED => prop_assert!(mine && game.status() == Status::Lost),
                    WRONG_FLAG => {
                        prop_assert!(!mine && game.status() == Status::Lost);
                        safe_hidden += 1;
                    }
                    _ => prop_assert!(false, "code {}", code),
                }
            }
            prop_assert_eq!(codes.contains(&EXPLODED), game.status() == Status::Lost);
            prop_assert_eq!(safe_hidden == 0, game.status() == Status::Won);
        }
        let loaded = Replay::<Minesweeper>::load(&replay.save()).unwrap();
        prop_assert_eq!(loaded.game(), replay.game());
    }
}
