//! The deductive solver and the no-guess generator: every no-guess board is cleared from its
//! first opening without a guess; the solver never takes a mine for safe (nor a safe cell
//! for a mine); and where it stops, a brute force over every arrangement agrees that no
//! hidden cell is certain.
#![cfg(not(target_arch = "wasm32"))]

use gridplay::minesweeper::solver::{Knowledge, Probe, Solver};
use gridplay::minesweeper::{generate, Config, Layout, PRESETS};
use gridplay::rng::Rng;
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
