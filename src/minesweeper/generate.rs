//! Where the mines go: a uniform placement outside the first reveal's 3×3 area, or a no-guess
//! one that the deductive [`solver`](super::solver) clears from the first opening.
//!
//! No-guess boards follow Simon Tatham's Mines: place at random, run the solver, and where it
//! gets stuck *perturb*: move a few mines from the hidden cells it is stuck on to hidden cells
//! away from everything revealed (or, when there is no room, the other way round), which
//! changes the numbers it is stuck on, and solve on. A board is accepted only when the solver
//! clears it from scratch. Every step draws from one [`Rng`] seeded by the config's seed, so
//! the placement is a pure function of the config and the first cell.

use super::solver::{Knowledge, Probe, Solver};
use super::{Config, Grid};
use crate::rng::Rng;

/// Mines on a board, with the number every cell shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    grid: Grid,
    mines: Vec<bool>,
    numbers: Vec<u8>,
    count: usize,
}

impl Layout {
    /// The layout with a mine on every cell where `mines` is true (one per cell of `grid`).
    pub fn from_mines(grid: Grid, mines: Vec<bool>) -> Layout {
        assert_eq!(mines.len(), grid.cells(), "one entry per cell");
        let numbers = (0..grid.cells())
            .map(|c| grid.around(c).filter(|&n| mines[n]).count() as u8)
            .collect();
        let count = mines.iter().filter(|&&m| m).count();
        Layout {
            grid,
            mines,
            numbers,
            count,
        }
    }

    pub fn grid(&self) -> Grid {
        self.grid
    }

    pub fn is_mine(&self, cell: usize) -> bool {
        self.mines[cell]
    }

    /// How many of `cell`'s neighbours hold a mine.
    pub fn number(&self, cell: usize) -> u8 {
        self.numbers[cell]
    }

    pub fn mine_count(&self) -> usize {
        self.count
    }

    /// Moves the mine on `from` to the empty cell `to`, keeping the numbers right.
    fn move_mine(&mut self, from: usize, to: usize) {
        debug_assert!(self.mines[from] && !self.mines[to]);
        self.mines[from] = false;
        self.mines[to] = true;
        for n in self.grid.around(from) {
            self.numbers[n] -= 1;
        }
        for n in self.grid.around(to) {
            self.numbers[n] += 1;
        }
    }
}

impl Probe for Layout {
    fn number(&self, cell: usize) -> u8 {
        Layout::number(self, cell)
    }
}

/// The mines of a game whose first reveal is `first`: [`no_guess`] or [`random`] as the
/// config asks.
pub fn place(config: &Config, first: usize) -> Layout {
    if config.no_guess() {
        no_guess(config, first).layout
    } else {
        random(config, first, &mut Rng::from_seed(config.seed()))
    }
}

/// `config.mines()` mines uniformly at random among the cells outside `first`'s 3×3 area.
pub fn random(config: &Config, first: usize, rng: &mut Rng) -> Layout {
    let grid = config.grid();
    let mut free: Vec<usize> = (0..grid.cells())
        .filter(|&c| !grid.touching(c, first))
        .collect();
    // A partial Fisher–Yates shuffle: the first `mines` places are a uniform sample.
    let mut mines = vec![false; grid.cells()];
    for i in 0..config.mines() {
        let j = i + rng.index(free.len() - i);
        free.swap(i, j);
        mines[free[i]] = true;
    }
    Layout::from_mines(grid, mines)
}

/// A no-guess layout and what it took.
#[derive(Clone, Debug)]
pub struct Generated {
    pub layout: Layout,
    /// Solver runs: one per placement tried (fresh or perturbed), plus the solves from
    /// scratch that confirm a clear reached after perturbing.
    pub attempts: u32,
    /// Fresh random placements among them.
    pub placements: u32,
    /// False if no placement was cleared within [`WORK_LIMIT`]; the layout is then the last
    /// one tried, which may need a guess.
    pub solved: bool,
}

/// Mines one perturbation moves. One at a time, a dense board needs a solve after every
/// move; a handful at once halves the solves on Expert and clears boards of 30×16/200 and
/// 50×50/1250 several times faster (`gridplay-bench mines`); many more is slower again.
const MINES_PER_PERTURBATION: usize = 5;
/// Solver runs times cells before giving up on a no-guess board, which bounds the time (under
/// half a second natively) whatever the board. Never reached on the presets (a few runs, a
/// dozen at worst) nor on 30×16 boards of any density; 50×50 boards four fifths mines can
/// reach it, and then get the last layout tried, which may need a guess, rather than no board.
pub const WORK_LIMIT: usize = 2_000_000;

/// A layout for `config` whose first reveal at `first` opens an area from which the solver
/// deduces every other safe cell.
///
/// Perturbing goes on until the board is cleared: starting over from a new placement throws
/// away the progress made, which costs most on the large dense boards that need it most.
/// A new placement is made only when there is nothing left to perturb.
///
/// After a perturbation the solver goes on from what it knew, which is still true of the new
/// layout but may have been deduced from numbers that have since changed; so a clear reached
/// that way is confirmed by a solve from scratch, and if that gets stuck, perturbing goes on
/// from there.
pub fn no_guess(config: &Config, first: usize) -> Generated {
    let grid = config.grid();
    let mut rng = Rng::from_seed(config.seed());
    let layout = random(config, first, &mut rng);
    let fresh = |layout: &Layout| {
        let mut solver = Solver::new(grid, config.mines());
        solver.open(first, layout);
        solver
    };
    let mut solver = fresh(&layout);
    let mut generated = Generated {
        layout,
        attempts: 0,
        placements: 1,
        solved: false,
    };
    // Whether the solver's knowledge predates the last perturbation.
    let mut carried = false;
    let most_attempts = (WORK_LIMIT / grid.cells()) as u32;
    while generated.attempts < most_attempts {
        generated.attempts += 1;
        if solver.run(&generated.layout) {
            if !carried {
                generated.solved = true;
                return generated;
            }
            solver = fresh(&generated.layout);
            carried = false;
            continue;
        }
        let moved = perturb(&mut generated.layout, &solver, first, &mut rng);
        if moved.is_empty() {
            generated.layout = random(config, first, &mut rng);
            generated.placements += 1;
            solver = fresh(&generated.layout);
            carried = false;
        } else if moved
            .iter()
            .any(|&(_, to)| solver.knowledge(to) == Knowledge::Safe)
        {
            // A mine went onto a revealed cell: what the solver knew is no longer true.
            solver = fresh(&generated.layout);
            carried = false;
        } else {
            for &(from, to) in &moved {
                solver.renumber_around(from, &generated.layout);
                solver.renumber_around(to, &generated.layout);
            }
            carried = true;
        }
    }
    generated
}

/// Changes `layout` where `solver` is stuck, to change the numbers it is stuck on: moves up
/// to [`MINES_PER_PERTURBATION`] mines from the hidden cells next to revealed ones (the
/// frontier) to empty hidden cells touching nothing revealed; failing that, mines from there
/// into empty frontier cells; failing that (everything hidden is one 50/50 or an enclosed
/// pocket), undecided mines onto revealed cells outside the first reveal's 3×3 area, which
/// the next solve then must work around. The first opening is never touched. Returns where
/// each mine went from and to; none if there is no such move.
fn perturb(
    layout: &mut Layout,
    solver: &Solver,
    first: usize,
    rng: &mut Rng,
) -> Vec<(usize, usize)> {
    let grid = layout.grid();
    let (mut frontier_mines, mut frontier_empty) = (Vec::new(), Vec::new());
    let (mut inner_mines, mut inner_empty) = (Vec::new(), Vec::new());
    let mut revealed = Vec::new();
    for cell in 0..grid.cells() {
        let list = match solver.knowledge(cell) {
            Knowledge::Mine => continue,
            Knowledge::Safe if grid.touching(cell, first) => continue,
            Knowledge::Safe => &mut revealed,
            Knowledge::Unknown => {
                let frontier = grid
                    .around(cell)
                    .any(|n| solver.knowledge(n) == Knowledge::Safe);
                match (frontier, layout.is_mine(cell)) {
                    (true, true) => &mut frontier_mines,
                    (true, false) => &mut frontier_empty,
                    (false, true) => &mut inner_mines,
                    (false, false) => &mut inner_empty,
                }
            }
        };
        list.push(cell);
    }
    let (mut from, mut to) = if !frontier_mines.is_empty() && !inner_empty.is_empty() {
        (frontier_mines, inner_empty)
    } else if !inner_mines.is_empty() && !frontier_empty.is_empty() {
        (inner_mines, frontier_empty)
    } else {
        frontier_mines.extend(inner_mines);
        (frontier_mines, revealed)
    };
    let mut moves = Vec::new();
    while moves.len() < MINES_PER_PERTURBATION && !from.is_empty() && !to.is_empty() {
        let mine = from.swap_remove(rng.index(from.len()));
        let empty = to.swap_remove(rng.index(to.len()));
        layout.move_mine(mine, empty);
        moves.push((mine, empty));
    }
    moves
}
