//! Where the mines go: a uniform placement outside the first reveal's 3×3 area, or a no-guess
//! one that the deductive [`solver`](super::solver) clears from the first opening.
//!
//! No-guess boards follow Simon Tatham's Mines: place at random, run the solver, and where it
//! gets stuck *perturb*: move a few mines from the hidden cells it is stuck on to hidden cells
//! away from everything revealed (or, when there is no room, the other way round), which
//! changes the numbers it is stuck on, and solve on. A board is accepted only when the solver
//! clears it from scratch. Where moving the mines the solver has not proved leads nowhere,
//! perturbing goes on moving proved ones too ([`no_guess`]). Every step draws from one
//! [`Rng`] seeded by the config's seed, so the placement is a pure function of the config and
//! the first cell.

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

    /// The board the mines are on.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Whether `cell` holds a mine.
    pub fn is_mine(&self, cell: usize) -> bool {
        self.mines[cell]
    }

    /// How many of `cell`'s neighbours hold a mine.
    pub fn number(&self, cell: usize) -> u8 {
        self.numbers[cell]
    }

    /// How many mines there are.
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

/// [`place`], and whether the solver clears the board from the first reveal without a guess:
/// for a no-guess board, whether [`no_guess_within`] `work` succeeded (false only if it gave
/// up); for a plain random one, whether it happens to need no guess. In play `work` is
/// [`WORK_LIMIT`].
pub fn place_checked(config: &Config, first: usize, work: usize) -> (Layout, bool) {
    if config.no_guess() {
        let generated = no_guess_within(config, first, work);
        (generated.layout, generated.solved)
    } else {
        let layout = place(config, first);
        let guess_free = clears(&layout, first);
        (layout, guess_free)
    }
}

/// Whether the solver, from the first reveal at `first` alone, clears `layout`.
pub fn clears(layout: &Layout, first: usize) -> bool {
    let mut solver = Solver::new(layout.grid(), layout.mine_count());
    solver.open(first, layout);
    solver.run(layout)
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
    /// Where the mines are.
    pub layout: Layout,
    /// Solver runs: one per placement tried (fresh or perturbed), plus the solves from
    /// scratch that confirm a clear reached after perturbing or check a layout given up on.
    /// The runs of the proofs that perturbing goes round in circles are not counted.
    pub attempts: u32,
    /// Fresh random placements among them.
    pub placements: u32,
    /// Whether it came to moving mines the solver had proved: only where moving undecided
    /// ones alone led nowhere. A board cleared before that has the layout it has always had.
    pub moved_proved_mines: bool,
    /// Times perturbing provably went round in circles (and so never would clear the board).
    pub dead_ends: u32,
    /// Whether the solver clears `layout` from the first reveal. False only if no placement
    /// was cleared within twice [`WORK_LIMIT`]; the layout is then the last one tried, which
    /// needs a guess (as far as the solver can tell).
    pub solved: bool,
}

/// Mines one perturbation moves. One at a time, a dense board needs a solve after every
/// move; a handful at once halves the solves on Expert and clears boards of 30×16/200 and
/// 50×50/1250 several times faster (`gridplay-bench mines`); many more is slower again.
const MINES_PER_PERTURBATION: usize = 5;
/// Solver runs times cells that perturbing may take, once moving only undecided mines and
/// once more moving proved ones too, which bounds the time whatever the board (each about a
/// tenth of a second natively on 50×50). The first is never used up on the presets (a few
/// runs, a dozen at worst) nor, in the runs measured, on 30×16 boards up to 300 mines; it is
/// on boards with all but nine cells mines and the first reveal off the middle, and on 50×50
/// boards half mines or more, which the second then cleared every time measured. A board the
/// second gives up on too gets the last layout tried, which needs a guess, rather than no
/// board.
pub const WORK_LIMIT: usize = 2_000_000;
/// Solver runs on one placement before [`stuck_for_good`] is first asked about it, and again
/// at every power of two after. A placement that is ever cleared almost always is within a
/// few dozen runs (the most seen on small dense boards is under a thousand), so the proofs
/// are rarely tried on one that would have been, and cost little when they are.
const FIRST_PROOF: u32 = 64;
/// The solver runs a proof may take, per solver run spent on the placement so far: the proofs
/// at most double the work on a placement that turns out not to be stuck for good.
const PROOF_RUNS_PER_ATTEMPT: u32 = 1;

/// Which mines a perturbation may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Movable {
    /// Those the solver has not proved: how no-guess boards have always been made, which
    /// saves depend on. Proved mines stay put, which is what the solver knows stays true.
    Undecided,
    /// Proved ones too, for the boards where moving undecided ones leads nowhere: proved
    /// mines can wall off or fill the cells next to the opening, and then no perturbation of
    /// the others changes a number the solver is stuck on.
    Any,
}

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
///
/// Saves store only the seed and the first reveal, so the layout returned for a board that
/// gets cleared this way must never change. Perturbing first moves only undecided mines, as
/// it always has; only once that has provably gone round in circles (every way it can go
/// leads back to the solver stuck) or used up [`WORK_LIMIT`] on a layout that needs a guess,
/// both of which used to end in a board that needs a guess, does it go on moving proved mines
/// too.
pub fn no_guess(config: &Config, first: usize) -> Generated {
    no_guess_within(config, first, WORK_LIMIT)
}

/// [`no_guess`] with `work` in place of [`WORK_LIMIT`].
pub fn no_guess_within(config: &Config, first: usize, work: usize) -> Generated {
    let mut search = Search::new(config, first);
    let most_attempts = (work / config.grid().cells()) as u32;
    match search.perturb_until(most_attempts, Movable::Undecided) {
        Ended::Cleared => return search.cleared(),
        Ended::DeadEnd => {}
        Ended::OutOfWork => {
            // The last layout tried was perturbed and not solved again: it may need no
            // guess, and then it is the one the board has always had.
            search.generated.attempts += 1;
            search.solver = search.opening.solver(&search.generated.layout);
            search.carried = false;
            if search.solver.run(&search.generated.layout) {
                return search.cleared();
            }
        }
    }
    search.generated.moved_proved_mines = true;
    search.on_placement = 0;
    let until = search.generated.attempts.saturating_add(most_attempts);
    if let Ended::Cleared = search.perturb_until(until, Movable::Any) {
        return search.cleared();
    }
    search.generated.attempts += 1;
    search.generated.solved = clears(&search.generated.layout, first);
    search.generated
}

/// The first reveal a solver starts from.
#[derive(Clone, Copy, Debug)]
struct Opening {
    grid: Grid,
    mines: usize,
    first: usize,
}

impl Opening {
    /// A solver that knows only the first reveal on `layout`.
    fn solver(&self, layout: &Layout) -> Solver {
        let mut solver = Solver::new(self.grid, self.mines);
        solver.open(self.first, layout);
        solver
    }
}

/// How [`Search::perturb_until`] stopped.
enum Ended {
    /// Cleared from scratch.
    Cleared,
    /// Perturbing provably goes round in circles ([`stuck_for_good`]).
    DeadEnd,
    /// The attempts reached their limit.
    OutOfWork,
}

/// Where [`no_guess_within`] is between two solver runs.
struct Search {
    config: Config,
    opening: Opening,
    rng: Rng,
    generated: Generated,
    solver: Solver,
    /// Whether the solver's knowledge predates the last perturbation.
    carried: bool,
    /// Solver runs on the current placement.
    on_placement: u32,
}

impl Search {
    /// A first random placement, nothing solved yet.
    fn new(config: &Config, first: usize) -> Search {
        let mut rng = Rng::from_seed(config.seed());
        let layout = random(config, first, &mut rng);
        let opening = Opening {
            grid: config.grid(),
            mines: config.mines(),
            first,
        };
        Search {
            config: *config,
            opening,
            rng,
            solver: opening.solver(&layout),
            generated: Generated {
                layout,
                attempts: 0,
                placements: 1,
                moved_proved_mines: false,
                dead_ends: 0,
                solved: false,
            },
            carried: false,
            on_placement: 0,
        }
    }

    fn cleared(mut self) -> Generated {
        self.generated.solved = true;
        self.generated
    }

    /// Runs the solver, perturbs the mines it may move where it is stuck, and runs it again,
    /// until the board is cleared from scratch or the attempts reach `until`. Moving only
    /// undecided mines, it stops at a dead end too; moving any, a dead end brings a new
    /// placement.
    fn perturb_until(&mut self, until: u32, movable: Movable) -> Ended {
        let opening = self.opening;
        let fresh = |layout: &Layout| opening.solver(layout);
        while self.generated.attempts < until {
            self.generated.attempts += 1;
            self.on_placement += 1;
            let layout = &mut self.generated.layout;
            if self.solver.run(layout) {
                if !self.carried {
                    return Ended::Cleared;
                }
                self.solver = fresh(layout);
                self.carried = false;
                continue;
            }
            let dead_end = self.on_placement >= FIRST_PROOF
                && self.on_placement.is_power_of_two()
                && stuck_for_good(
                    layout,
                    &self.solver,
                    opening.first,
                    movable,
                    &fresh,
                    self.on_placement * PROOF_RUNS_PER_ATTEMPT,
                );
            if dead_end {
                self.generated.dead_ends += 1;
                if movable == Movable::Undecided {
                    return Ended::DeadEnd;
                }
            }
            let moved = if dead_end {
                Vec::new()
            } else {
                perturb(layout, &self.solver, opening.first, movable, &mut self.rng)
            };
            if moved.is_empty() {
                *layout = random(&self.config, opening.first, &mut self.rng);
                self.generated.placements += 1;
                self.solver = fresh(layout);
                self.carried = false;
                self.on_placement = 0;
            } else {
                self.carried = after_perturbing(&mut self.solver, &moved, layout, &fresh);
            }
        }
        Ended::OutOfWork
    }
}

/// Makes `solver` the one to go on with once the mines `moved` (from, to) have moved on
/// `layout`; whether it carries knowledge from before the move.
fn after_perturbing(
    solver: &mut Solver,
    moved: &[(usize, usize)],
    layout: &Layout,
    fresh: &impl Fn(&Layout) -> Solver,
) -> bool {
    if moved.iter().any(|&(from, to)| {
        solver.knowledge(from) == Knowledge::Mine || solver.knowledge(to) == Knowledge::Safe
    }) {
        // A proved mine moved, or a mine went onto a revealed cell: what the solver knew is
        // no longer true.
        *solver = fresh(layout);
        return false;
    }
    for &(from, to) in moved {
        solver.renumber_around(from, layout);
        solver.renumber_around(to, layout);
    }
    true
}

/// Whether perturbing the placement `layout`, on which `solver` is stuck, can never end:
/// whatever [`perturb`] draws, now and after, [`Search::perturb_until`] only comes back to
/// positions where the solver is stuck again, never to a clear confirmed from scratch, nor to
/// one with nothing left to perturb (which would bring a new placement). False if it cannot
/// tell within `runs` solver runs.
///
/// It happens on small dense boards when only undecided mines move, since the proved ones
/// can wall off the rest. On 5×5 with 8 mines and the first reveal at (0, 2), seven proved
/// mines along column 2 and the bottom row leave one undecided mine, which goes back and
/// forth between a 50/50 in the corner by the opening (nothing enclosed to move it to, so it
/// goes onto a revealed cell) and the enclosed right-hand side (from where it can only go
/// back onto the corner's revealed cells). Such a board used to use up all its work and end
/// in the 50/50.
///
/// The proof plays the loop itself: every way the draws of [`perturb`] can fall (mines and
/// cells in every order), each followed by the same code the loop runs, until every position
/// reached has been seen. A position is the layout and what the solver knows of each cell:
/// the solver's numbers are the layout's and its queue is empty after a run, so that is all
/// the loop goes on from where the solver is stuck. Since the proof follows the loop step
/// for step, it is exact whatever the solver's limits: where it holds for undecided mines,
/// the loop as it always was would have used up its work and ended on a layout that needs a
/// guess, so leaving it there changes no board that used to be cleared.
fn stuck_for_good(
    layout: &Layout,
    solver: &Solver,
    first: usize,
    movable: Movable,
    fresh: &impl Fn(&Layout) -> Solver,
    mut runs: u32,
) -> bool {
    let cells = layout.grid().cells();
    let position = |layout: &Layout, solver: &Solver| -> Vec<u8> {
        (0..cells)
            .map(|c| {
                let known = match solver.knowledge(c) {
                    Knowledge::Unknown => 0,
                    Knowledge::Safe => 2,
                    Knowledge::Mine => 4,
                };
                known | u8::from(layout.is_mine(c))
            })
            .collect()
    };
    // The positions met, sorted: a set without a hash table, whose code (with std's hasher)
    // would add 3 KB to the page's engine for a search this short.
    let mut seen = vec![position(layout, solver)];
    let mut to_follow = vec![(layout.clone(), solver.clone())];
    while let Some((layout, solver)) = to_follow.pop() {
        let (from, to) = perturbation_cells(&layout, &solver, first, movable);
        let count = MINES_PER_PERTURBATION.min(from.len()).min(to.len());
        if count == 0 {
            return false;
        }
        // Each draw takes a run, and a second if it needs confirming from scratch.
        let draws = orderings(from.len(), count).saturating_mul(orderings(to.len(), count));
        if draws.saturating_mul(2) > u64::from(runs) {
            return false;
        }
        for moved in every_draw(&from, &to, count) {
            let mut next = layout.clone();
            for &(mine, empty) in &moved {
                next.move_mine(mine, empty);
            }
            let mut next_solver = solver.clone();
            let carried = after_perturbing(&mut next_solver, &moved, &next, fresh);
            runs -= 1;
            if next_solver.run(&next) {
                if !carried {
                    return false;
                }
                next_solver = fresh(&next);
                runs -= 1;
                if next_solver.run(&next) {
                    return false;
                }
            }
            let met = position(&next, &next_solver);
            if let Err(at) = seen.binary_search(&met) {
                seen.insert(at, met);
                to_follow.push((next, next_solver));
            }
        }
    }
    true
}

/// The ways to draw `count` of `n` things one after another: n·(n−1)·…·(n−count+1).
fn orderings(n: usize, count: usize) -> u64 {
    (n - count + 1..=n).fold(1u64, |ways, k| ways.saturating_mul(k as u64))
}

/// Every sequence of moves [`perturb`] can draw from `from` to `to`: as it does, `count`
/// times a mine from what is left of `from` and a cell from what is left of `to`.
fn every_draw(from: &[usize], to: &[usize], count: usize) -> Vec<Vec<(usize, usize)>> {
    fn draw(
        from: &[usize],
        to: &[usize],
        count: usize,
        moved: &mut Vec<(usize, usize)>,
        all: &mut Vec<Vec<(usize, usize)>>,
    ) {
        if moved.len() == count {
            all.push(moved.clone());
            return;
        }
        for i in 0..from.len() {
            for j in 0..to.len() {
                let (mut from, mut to) = (from.to_vec(), to.to_vec());
                let mine = from.swap_remove(i);
                let empty = to.swap_remove(j);
                moved.push((mine, empty));
                draw(&from, &to, count, moved, all);
                moved.pop();
            }
        }
    }
    let mut all = Vec::new();
    draw(from, to, count, &mut Vec::new(), &mut all);
    all
}

/// Changes `layout` where `solver` is stuck, to change the numbers it is stuck on: moves up
/// to [`MINES_PER_PERTURBATION`] mines, drawn at random from the cells
/// [`perturbation_cells`] picks, one after another. Returns where each mine went from and to;
/// none if there is no such move.
fn perturb(
    layout: &mut Layout,
    solver: &Solver,
    first: usize,
    movable: Movable,
    rng: &mut Rng,
) -> Vec<(usize, usize)> {
    let (mut from, mut to) = perturbation_cells(layout, solver, first, movable);
    let mut moves = Vec::new();
    while moves.len() < MINES_PER_PERTURBATION && !from.is_empty() && !to.is_empty() {
        let mine = from.swap_remove(rng.index(from.len()));
        let empty = to.swap_remove(rng.index(to.len()));
        layout.move_mine(mine, empty);
        moves.push((mine, empty));
    }
    moves
}

/// Where a perturbation moves mines from and to, in the order [`perturb`] draws from: the
/// mines on the hidden cells next to revealed ones (the frontier) to empty hidden cells
/// touching nothing revealed; failing that, mines from there into empty frontier cells;
/// failing that (everything hidden is one 50/50 or an enclosed pocket), hidden mines onto
/// revealed cells outside the first reveal's 3×3 area, which the next solve then must work
/// around. The first opening is never touched, nor, unless `movable` is [`Movable::Any`], a
/// cell the solver knows is a mine.
fn perturbation_cells(
    layout: &Layout,
    solver: &Solver,
    first: usize,
    movable: Movable,
) -> (Vec<usize>, Vec<usize>) {
    let grid = layout.grid();
    let (mut frontier_mines, mut frontier_empty) = (Vec::new(), Vec::new());
    let (mut inner_mines, mut inner_empty) = (Vec::new(), Vec::new());
    let mut revealed = Vec::new();
    for cell in 0..grid.cells() {
        let list = match solver.knowledge(cell) {
            Knowledge::Mine if movable == Movable::Undecided => continue,
            Knowledge::Safe if grid.touching(cell, first) => continue,
            Knowledge::Safe => &mut revealed,
            Knowledge::Unknown | Knowledge::Mine => {
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
    if !frontier_mines.is_empty() && !inner_empty.is_empty() {
        (frontier_mines, inner_empty)
    } else if !inner_mines.is_empty() && !frontier_empty.is_empty() {
        (inner_mines, frontier_empty)
    } else {
        frontier_mines.extend(inner_mines);
        (frontier_mines, revealed)
    }
}
