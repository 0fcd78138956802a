//! The deductive solver and the no-guess generator: every no-guess board is cleared from its
//! first opening without a guess; the solver never takes a mine for safe (nor a safe cell
//! for a mine); and where it stops, a brute force over every arrangement agrees that no
//! hidden cell is certain.
#![cfg(not(target_arch = "wasm32"))]

use gridplay::minesweeper::solver::{certainly_safe, Knowledge, Probe, Solver};
use gridplay::minesweeper::{
    generate, Action, ActionKind, Config, Layout, Minesweeper, Status, MOST_AROUND, PRESETS,
};
use gridplay::rng::Rng;
use gridplay::Game;
use proptest::prelude::*;

/// A probe that fails the test if the solver ever reveals a mine.
struct Strict<'a>(&'a Layout);

impl Probe for Strict<'_> {
    fn number(&self, cell: usize) -> u8 {
        assert!(
            !self.0.is_mine(cell),
            "the solver revealed the mine at {cell}"
        );
        self.0.number(cell)
    }
}

/// Runs the solver on `layout` from `first`; checks every mine it settled is one.
fn solve(layout: &Layout, first: usize) -> Solver {
    let mut solver = Solver::new(layout.grid(), layout.mine_count());
    solver.open(first, &Strict(layout));
    solver.run(&Strict(layout));
    for cell in 0..layout.grid().cells() {
        if solver.knowledge(cell) == Knowledge::Mine {
            assert!(
                layout.is_mine(cell),
                "the solver took the safe cell {cell} for a mine"
            );
        }
    }
    solver
}

/// A first cell that differs from seed to seed, corners and edges included.
fn first_cell(config: &Config) -> usize {
    (config.seed().wrapping_mul(2_654_435_761) % config.grid().cells() as u32) as usize
}

/// Generates the no-guess boards of `seeds` for a size and checks the solver clears each.
fn check_no_guess(width: usize, height: usize, mines: usize, seeds: std::ops::Range<u32>) {
    for seed in seeds {
        let config = Config::new(width, height, mines, seed, true).unwrap();
        let first = first_cell(&config);
        let generated = generate::no_guess(&config, first);
        let layout = &generated.layout;
        assert!(generated.solved, "{config:?}: gave up");
        assert_eq!(layout.mine_count(), mines);
        for cell in layout.grid().around(first).chain([first]) {
            assert!(
                !layout.is_mine(cell),
                "{config:?}: a mine by the first reveal"
            );
        }
        assert!(
            solve(layout, first).is_solved(),
            "{config:?}: needs a guess"
        );
        assert_eq!(
            &generate::place(&config, first),
            layout,
            "placement is pure"
        );
    }
}

const NO_GUESS_SEEDS: u32 = if cfg!(debug_assertions) { 25 } else { 400 };

#[test]
fn every_no_guess_preset_board_is_cleared_without_guessing() {
    for (_, w, h, m) in PRESETS {
        check_no_guess(w, h, m, 0..NO_GUESS_SEEDS);
    }
}

#[test]
fn dense_and_odd_shaped_no_guess_boards_are_cleared_without_guessing() {
    let seeds = 0..NO_GUESS_SEEDS / 5;
    for (w, h, m) in [
        (9, 9, 25),
        (8, 8, 30),
        (5, 5, 12),
        (5, 50, 60),
        (30, 16, 140),
        (30, 16, 300),
    ] {
        check_no_guess(w, h, m, seeds.clone());
    }
}

/// Which unknown cells can be a mine and which can be safe in some arrangement of the
/// remaining mines consistent with every revealed number, by trying every subset.
fn brute_force(layout: &Layout, solver: &Solver) -> Vec<(usize, bool, bool)> {
    let grid = layout.grid();
    let unknown: Vec<usize> = (0..grid.cells())
        .filter(|&c| solver.knowledge(c) == Knowledge::Unknown)
        .collect();
    let bit = |cell: usize| unknown.iter().position(|&u| u == cell).map(|i| 1u32 << i);
    let mines_found = (0..grid.cells())
        .filter(|&c| solver.knowledge(c) == Knowledge::Mine)
        .count();
    // Each revealed number: the unknown cells around it, as bits, and the mines among them.
    let numbers: Vec<(u32, u32)> = (0..grid.cells())
        .filter(|&c| solver.knowledge(c) == Knowledge::Safe)
        .map(|c| {
            let around = grid.around(c);
            let mask = around.clone().filter_map(bit).fold(0, |a, b| a | b);
            let known = around
                .filter(|&n| solver.knowledge(n) == Knowledge::Mine)
                .count();
            (mask, u32::from(layout.number(c)) - known as u32)
        })
        .collect();
    let left = (layout.mine_count() - mines_found) as u32;
    let (mut can_mine, mut can_safe) = (0u32, 0u32);
    let mut arrangements = 0;
    for subset in 0u32..1 << unknown.len() {
        if subset.count_ones() == left
            && numbers
                .iter()
                .all(|&(mask, need)| (subset & mask).count_ones() == need)
        {
            arrangements += 1;
            can_mine |= subset;
            can_safe |= !subset;
        }
    }
    assert!(arrangements > 0, "the real layout is an arrangement");
    unknown
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, can_mine >> i & 1 == 1, can_safe >> i & 1 == 1))
        .collect()
}

#[test]
fn where_the_solver_stops_no_hidden_cell_is_certain() {
    let mut rng = Rng::from_seed(11);
    let mut checked = 0;
    let wanted = if cfg!(debug_assertions) { 150 } else { 1500 };
    for seed in 0..100_000 {
        if checked == wanted {
            break;
        }
        let (w, h) = (5 + rng.index(3), 5 + rng.index(2));
        let mines = 2 + rng.index(w * h / 3);
        let config = Config::new(w, h, mines, seed, false).unwrap();
        let first = first_cell(&config);
        let layout = generate::random(&config, first, &mut rng);
        let solver = solve(&layout, first);
        let unknown = (0..w * h)
            .filter(|&c| solver.knowledge(c) == Knowledge::Unknown)
            .count();
        if solver.is_solved() || unknown > 16 {
            continue;
        }
        checked += 1;
        for (cell, can_mine, can_safe) in brute_force(&layout, &solver) {
            assert!(
                can_mine && can_safe,
                "{w}×{h}/{mines} seed {seed}: the solver missed that cell {cell} is certainly {}",
                if can_mine { "a mine" } else { "safe" }
            );
        }
    }
    assert_eq!(checked, wanted, "too few stuck positions to check");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 48 } else { 400 }))]

    /// On any random board (no-guess or not) the solver reveals only safe cells and marks
    /// only mines, and stops with every cell settled or some left unknown, never wrong.
    #[test]
    fn the_solver_never_takes_a_mine_for_safe(
        (w, h) in (5usize..=30, 5usize..=20),
        density in 1usize..=40,
        seed in any::<u32>(),
    ) {
        let mines = (w * h * density / 100).clamp(1, w * h - 9);
        let config = Config::new(w, h, mines, seed, false).unwrap();
        let first = first_cell(&config);
        let layout = generate::place(&config, first);
        let solver = solve(&layout, first);
        let settled = (0..w * h).filter(|&c| solver.knowledge(c) != Knowledge::Unknown).count();
        prop_assert_eq!(solver.is_solved(), settled == w * h);
    }
}

/// Plays `layout` from the first reveal at `first` as a player who never guesses and sees all
/// that follows from the numbers and the mine count, without the solver: tries every
/// placement of the mines on the hidden cells that fits every number shown, reveals each
/// hidden cell that none of them puts a mine on (a 0 opening its neighbours, as in the game),
/// and so on. Whether that reveals every safe cell: false if it ever gets to where every
/// hidden cell could be a mine. For boards of at most 32 cells.
fn cleared_by_brute_force(layout: &Layout, first: usize) -> bool {
    let grid = layout.grid();
    let (cells, mines) = (grid.cells(), layout.mine_count());
    assert!(cells <= 32, "brute force is for small boards");
    let mut revealed = vec![false; cells];
    let mut to_open = vec![first];
    loop {
        while let Some(cell) = to_open.pop() {
            if revealed[cell] {
                continue;
            }
            assert!(
                !layout.is_mine(cell),
                "brute force revealed the mine at {cell}"
            );
            revealed[cell] = true;
            if layout.number(cell) == 0 {
                to_open.extend(grid.around(cell));
            }
        }
        let hidden: Vec<usize> = (0..cells).filter(|&c| !revealed[c]).collect();
        if hidden.len() == mines {
            return true;
        }
        let bit = |cell: usize| hidden.iter().position(|&h| h == cell).map(|i| 1u64 << i);
        // Each number shown: its hidden neighbours as bits, and the mines among them (all of
        // its mines, since a revealed cell holds none).
        let numbers: Vec<(u64, u32)> = (0..cells)
            .filter(|&c| revealed[c])
            .map(|c| {
                let mask = grid.around(c).filter_map(bit).fold(0, |a, b| a | b);
                (mask, u32::from(layout.number(c)))
            })
            .filter(|&(mask, _)| mask != 0)
            .collect();
        // Every set of `mines` hidden cells, as bits in increasing order (Gosper's hack).
        let mut can_mine = 0u64;
        let mut set = (1u64 << mines) - 1;
        while set < 1 << hidden.len() {
            if numbers
                .iter()
                .all(|&(mask, need)| (set & mask).count_ones() == need)
            {
                can_mine |= set;
            }
            let low = set & set.wrapping_neg();
            let ripple = set + low;
            set = ripple | (((set ^ ripple) >> 2) / low);
        }
        to_open = (0..hidden.len())
            .filter(|&i| can_mine >> i & 1 == 0)
            .map(|i| hidden[i])
            .collect();
        if to_open.is_empty() {
            return false;
        }
    }
}

/// A no-guess game on `config` after its first dig at (`x`, `y`): the game, and that cell.
fn first_dig(config: Config, x: usize, y: usize) -> (Minesweeper, usize) {
    let mut game = Minesweeper::new(config);
    let dug = game.play(Action::new(ActionKind::Reveal, x, y).unwrap());
    assert!(dug.is_some(), "{config:?}: the first dig at ({x}, {y})");
    (game, config.grid().cell(x, y).unwrap())
}

/// 5×5 boards with 8 mines, by seed and first dig (x, y), whose no-guess generation used to
/// end in a 50/50: seven proved mines walled the last one off, and perturbing only moved that
/// one back and forth between a 50/50 and an enclosed pocket until the work ran out.
const WALLED_IN: [(u32, usize, usize); 12] = [
    (532, 0, 2),
    (578, 3, 4),
    (578, 4, 4),
    (594, 1, 0),
    (594, 2, 0),
    (594, 4, 0),
    (608, 4, 2),
    (616, 3, 0),
    (643, 1, 0),
    (643, 4, 0),
    (643, 4, 2),
    (643, 4, 3),
];

#[test]
fn boards_once_walled_into_a_50_50_are_cleared_without_guessing() {
    for (seed, x, y) in WALLED_IN {
        let config = Config::new(5, 5, 8, seed, true).unwrap();
        let (game, first) = first_dig(config, x, y);
        let layout = game.layout().unwrap();
        let board = format!("5×5/8 seed {seed}, first dig ({x}, {y})");
        assert_eq!(game.guess_free(), Some(true), "{board}");
        assert!(
            solve(layout, first).is_solved(),
            "{board}: the solver needs a guess"
        );
        assert!(
            cleared_by_brute_force(layout, first),
            "{board}: needs a guess"
        );
        let generated = generate::no_guess(&config, first);
        assert!(generated.solved, "{board}: gave up");
        assert!(generated.dead_ends > 0, "{board}: walled in");
        assert!(generated.moved_proved_mines, "{board}: took the way out");
    }
}

/// The small dense boards where perturbing only undecided mines could go round in circles or
/// find nothing to move: 5×5 with 6 and 8 mines, 6×6 with 16, and the most mines 5×5 and 6×6
/// take (all but nine cells). Every one is made guess-free, as both the solver from scratch
/// and (on a sample) the brute force confirm.
#[test]
fn every_small_dense_board_called_guess_free_is_cleared_without_guessing() {
    let seeds = if cfg!(debug_assertions) { 200 } else { 1000 };
    let mut moved_proved = 0;
    for (w, h, mines) in [(5, 5, 6), (5, 5, 8), (5, 5, 16), (6, 6, 16), (6, 6, 27)] {
        // The corners and edges, where the first opening is smallest, and the middle.
        let grid = Config::new(w, h, mines, 0, true).unwrap().grid();
        let digs: Vec<(usize, usize)> = (0..grid.cells())
            .map(|c| grid.xy(c))
            .filter(|&(x, y)| x == 0 || y == 0 || x == w - 1 || y == h - 1)
            .chain([(w / 2, h / 2)])
            .collect();
        for seed in 0..seeds {
            let config = Config::new(w, h, mines, seed, true).unwrap();
            // Four first digs a seed, going round the edge from seed to seed.
            for k in 0..4 {
                let (x, y) = digs[(seed as usize * 4 + k) % digs.len()];
                let (game, first) = first_dig(config, x, y);
                let board = format!("{w}×{h}/{mines} seed {seed}, first dig ({x}, {y})");
                assert_eq!(game.guess_free(), Some(true), "{board}: gave up");
                let layout = game.layout().unwrap();
                assert!(solve(layout, first).is_solved(), "{board}: needs a guess");
                // The brute force on a sample of the 5×5 boards, which is all it is quick on.
                if w * h <= 25 && seed % 8 == 0 {
                    assert!(
                        cleared_by_brute_force(layout, first),
                        "{board}: the brute force needs a guess"
                    );
                }
                moved_proved += usize::from(generate::no_guess(&config, first).moved_proved_mines);
            }
        }
    }
    assert!(moved_proved > 0, "some boards needed the way out");
}

/// The covered cells that no arrangement of the mines fitting every number shown (and the mine
/// count) puts a mine on, by trying every subset of the covered cells.
fn safe_by_brute_force(
    grid: gridplay::minesweeper::Grid,
    mines: usize,
    shown: &[u8],
) -> Vec<usize> {
    let covered: Vec<usize> = (0..grid.cells())
        .filter(|&c| shown[c] > MOST_AROUND)
        .collect();
    let bit = |cell: usize| covered.iter().position(|&u| u == cell).map(|i| 1u32 << i);
    let numbers: Vec<(u32, u32)> = (0..grid.cells())
        .filter(|&c| shown[c] <= MOST_AROUND)
        .map(|c| {
            (
                grid.around(c).filter_map(bit).fold(0, |a, b| a | b),
                u32::from(shown[c]),
            )
        })
        .collect();
    let mut can_mine = 0u32;
    for subset in 0u32..1 << covered.len() {
        if subset.count_ones() as usize == mines
            && numbers
                .iter()
                .all(|&(mask, need)| (subset & mask).count_ones() == need)
        {
            can_mine |= subset;
        }
    }
    (0..covered.len())
        .filter(|i| can_mine >> i & 1 == 0)
        .map(|i| covered[i])
        .collect()
}

#[test]
fn certainly_safe_is_exactly_what_the_numbers_shown_prove() {
    let mut rng = Rng::from_seed(23);
    let (mut checked, mut with_safe) = (0, 0);
    let wanted = if cfg!(debug_assertions) { 120 } else { 1200 };
    for seed in 0..200_000 {
        if checked == wanted {
            break;
        }
        let (w, h) = (5 + rng.index(2), 5 + rng.index(2));
        let mines = 3 + rng.index(w * h / 3);
        let config = Config::new(w, h, mines, seed, false).unwrap();
        let (mut game, _) = first_dig(config, rng.index(w), rng.index(h));
        // A few more digs on safe squares, as a player might make them, lucky or not.
        for _ in 0..rng.index(4) {
            let layout = game.layout().unwrap().clone();
            let covered: Vec<usize> = (0..w * h)
                .filter(|&c| game.cells()[c] > MOST_AROUND && !layout.is_mine(c))
                .collect();
            if covered.is_empty() {
                break;
            }
            let cell = covered[rng.index(covered.len())];
            game.play(Action::new(ActionKind::Reveal, cell % w, cell / w).unwrap());
        }
        let shown = game.cells();
        if shown.iter().filter(|&&c| c > MOST_AROUND).count() > 18
            || game.status() != Status::Playing
        {
            continue;
        }
        checked += 1;
        let revealed: Vec<(usize, u8)> = (0..w * h)
            .filter(|&c| shown[c] <= MOST_AROUND)
            .map(|c| (c, shown[c]))
            .collect();
        let safe = certainly_safe(config.grid(), mines, &revealed);
        with_safe += usize::from(!safe.is_empty());
        assert_eq!(
            safe,
            safe_by_brute_force(config.grid(), mines, &shown),
            "{w}×{h}/{mines} seed {seed}"
        );
        for &cell in &safe {
            assert!(!game.layout().unwrap().is_mine(cell), "a mine called safe");
        }
    }
    assert_eq!(checked, wanted, "too few positions to check");
    assert!(
        with_safe * 4 > wanted,
        "most positions have a safe square: {with_safe} of {wanted}"
    );
}
