//! A deductive Minesweeper solver: from what is revealed and the total mine count, which
//! hidden cells are certainly safe and which certainly mines. It never guesses: it stops
//! when nothing is certain.
//!
//! The rules, cheapest first, each tried only when the ones before it find nothing:
//! 1. *Single cell*: a revealed number whose mines are all found makes its other hidden
//!    neighbours safe; one with exactly as many hidden neighbours as missing mines makes
//!    them all mines.
//! 2. *Pairs* (subset and overlap): two numbers sharing hidden cells bound how many mines the
//!    shared cells hold, which can settle the cells only one of them touches.
//! 3. *Global count*: no mines left makes every hidden cell safe, as many as hidden cells
//!    makes them all mines.
//! 4. *Enumeration*: every assignment of mines to the hidden cells next to numbers (the
//!    frontier), split into independent components, combined with the mine count and the
//!    hidden cells away from the frontier. A cell that is a mine in none of the consistent
//!    arrangements is safe (and the other way round). This one is exact, so the solver only
//!    stops where a human would have to guess, except on components too large to enumerate
//!    within [`NODE_BUDGET`], which are then taken to allow anything.
//!
//! The solver learns a number only by asking a [`Probe`] about a cell it has proved safe, so
//! a test can hand it a probe that fails on any mine.

use super::Grid;

/// The covered cells that the numbers showing (`revealed`: each open cell and its number) and
/// the mine count prove safe, without opening any: what a player who reasons perfectly knows
/// is safe now. Rules 1 to 4 as in [`Solver::run`], except that a cell proved safe stays
/// covered and so teaches nothing more. In reading order.
pub fn certainly_safe(grid: Grid, mines: usize, revealed: &[(usize, u8)]) -> Vec<usize> {
    struct Shown(Vec<u8>);
    impl Probe for Shown {
        fn number(&self, cell: usize) -> u8 {
            self.0[cell]
        }
    }
    let mut numbers = vec![0; grid.cells()];
    for &(cell, n) in revealed {
        numbers[cell] = n;
    }
    let shown = Shown(numbers);
    let mut solver = Solver::new(grid, mines);
    for &(cell, _) in revealed {
        solver.open(cell, &shown);
    }
    solver.blind = true;
    solver.run(&shown);
    (0..grid.cells()).filter(|&c| solver.unread[c]).collect()
}

/// Where the solver learns numbers: it asks only about cells it has proved safe. Taken as
/// `&dyn Probe`: a number is read once per cell proved safe, never in the searches, and one copy
/// of the solver serves every kind of probe (the generator's layout, a board as shown).
pub trait Probe {
    /// The number shown on the safe `cell`.
    fn number(&self, cell: usize) -> u8;
}

/// What the solver knows about a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Knowledge {
    /// Not settled yet: it may be a mine or safe, as far as the solver can tell.
    Unknown,
    /// Proved safe and revealed: its number is known.
    Safe,
    /// Proved a mine.
    Mine,
}

/// Search nodes the enumerations of one [`Solver::run`] may visit in all. Generous for the
/// frontiers of play (a few dozen cells in short chains); a component that would need more
/// is left alone, and so is every component once the budget is spent, which bounds the time
/// a run takes on any board.
pub const NODE_BUDGET: u32 = 100_000;
/// The most cells a component may have to be enumerated (it bounds the search's depth).
const MAX_COMPONENT: usize = 256;

/// What a player who reasons perfectly, and never guesses, knows about a board: each cell
/// unknown, safe (its number read) or a mine, from the numbers revealed and the mine count.
#[derive(Clone, Debug)]
pub struct Solver {
    grid: Grid,
    mines: usize,
    known: Vec<Knowledge>,
    /// The numbers of the cells known safe.
    numbers: Vec<u8>,
    unknown: usize,
    mines_found: usize,
    /// Safe cells whose neighbourhood changed since the single-cell rule last looked.
    queue: Vec<usize>,
    queued: Vec<bool>,
    /// What is left of [`NODE_BUDGET`] in this run.
    budget: u32,
    /// How many of each cell's neighbours are unknown: the numbers worth looking at are the
    /// few with some, not the whole revealed area.
    unknown_around: Vec<u8>,
    /// Whether a cell proved safe is left covered rather than probed (see [`certainly_safe`]).
    blind: bool,
    /// The cells proved safe while blind: safe, but their numbers unknown, so they say nothing.
    unread: Vec<bool>,
}

/// What one revealed number still says: `need` mines among its `unknown` neighbours.
#[derive(Clone, Copy, Debug)]
struct Constraint {
    cell: usize,
    unknown: [u16; 8],
    len: usize,
    need: i32,
}

impl Constraint {
    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.unknown[..self.len].iter().map(|&c| usize::from(c))
    }

    fn has(&self, cell: usize) -> bool {
        self.cells().any(|c| c == cell)
    }
}

impl Solver {
    /// Nothing known yet about a `grid` holding `mines` mines.
    pub fn new(grid: Grid, mines: usize) -> Solver {
        let cells = grid.cells();
        Solver {
            grid,
            mines,
            known: vec![Knowledge::Unknown; cells],
            numbers: vec![0; cells],
            unknown: cells,
            mines_found: 0,
            queue: Vec::new(),
            queued: vec![false; cells],
            budget: 0,
            unknown_around: (0..cells).map(|c| grid.around(c).count() as u8).collect(),
            blind: false,
            unread: vec![false; cells],
        }
    }

    /// What it knows about `cell`.
    pub fn knowledge(&self, cell: usize) -> Knowledge {
        self.known[cell]
    }

    /// Whether every cell is settled (so every safe cell revealed).
    pub fn is_solved(&self) -> bool {
        self.unknown == 0
    }

    /// Reveals `cell`, known to be safe (the player's first reveal), and reads its number.
    pub fn open(&mut self, cell: usize, probe: &dyn Probe) {
        self.mark_safe(cell, probe);
    }

    /// The mines around `cell` changed (a mine moved onto or off it, the cell itself still
    /// unknown): reads the numbers around it again. What the solver knows stays true as
    /// long as no settled cell changed, though it may no longer be deducible from scratch.
    pub fn renumber_around(&mut self, cell: usize, probe: &dyn Probe) {
        for n in self.grid.around(cell) {
            if self.known[n] == Knowledge::Safe {
                self.numbers[n] = probe.number(n);
                self.enqueue(n);
            }
        }
    }

    /// Deduces all it can; true iff that settles every cell.
    pub fn run(&mut self, probe: &dyn Probe) -> bool {
        self.budget = NODE_BUDGET;
        loop {
            self.single_cells(probe);
            if self.is_solved() {
                return true;
            }
            let progress = self.pairs(probe) || self.global_count(probe) || self.enumerate(probe);
            if !progress {
                return false;
            }
        }
    }

    fn enqueue(&mut self, cell: usize) {
        if !std::mem::replace(&mut self.queued[cell], true) {
            self.queue.push(cell);
        }
    }

    /// `cell` was just settled: its revealed neighbours (and `cell` itself, if revealed) may
    /// now say more.
    fn settled(&mut self, cell: usize) {
        for n in self.grid.around(cell) {
            self.unknown_around[n] -= 1;
            if self.known[n] == Knowledge::Safe {
                self.enqueue(n);
            }
        }
        if self.known[cell] == Knowledge::Safe {
            self.enqueue(cell);
        }
    }

    fn mark_safe(&mut self, cell: usize, probe: &dyn Probe) {
        if self.known[cell] != Knowledge::Unknown {
            return;
        }
        self.known[cell] = Knowledge::Safe;
        self.unknown -= 1;
        if self.blind {
            self.unread[cell] = true;
        } else {
            self.numbers[cell] = probe.number(cell);
        }
        self.settled(cell);
    }

    fn mark_mine(&mut self, cell: usize) {
        if self.known[cell] != Knowledge::Unknown {
            return;
        }
        self.known[cell] = Knowledge::Mine;
        self.unknown -= 1;
        self.mines_found += 1;
        self.settled(cell);
    }

    /// What the safe `cell`'s number says about its unknown neighbours.
    fn constraint(&self, cell: usize) -> Constraint {
        let mut k = Constraint {
            cell,
            unknown: [0; 8],
            len: 0,
            need: i32::from(self.numbers[cell]),
        };
        for n in self.grid.around(cell) {
            match self.known[n] {
                Knowledge::Unknown => {
                    k.unknown[k.len] = n as u16;
                    k.len += 1;
                }
                Knowledge::Mine => k.need -= 1,
                Knowledge::Safe => {}
            }
        }
        k
    }

    /// Every revealed number with unknown neighbours, in reading order.
    fn constraints(&self) -> Vec<Constraint> {
        (0..self.grid.cells())
            .filter(|&c| {
                self.known[c] == Knowledge::Safe && !self.unread[c] && self.unknown_around[c] > 0
            })
            .map(|c| self.constraint(c))
            .collect()
    }

    /// Settles all of `cells` as safe (`mine` false) or mines.
    fn settle(&mut self, cells: impl IntoIterator<Item = usize>, mine: bool, probe: &dyn Probe) {
        for cell in cells {
            if mine {
                self.mark_mine(cell);
            } else {
                self.mark_safe(cell, probe);
            }
        }
    }

    /// Rule 1 until the queue runs dry.
    fn single_cells(&mut self, probe: &dyn Probe) {
        while let Some(cell) = self.queue.pop() {
            self.queued[cell] = false;
            if self.unknown_around[cell] == 0 || self.unread[cell] {
                continue;
            }
            let k = self.constraint(cell);
            if k.need == 0 {
                self.settle(k.cells(), false, probe);
            } else if k.need == k.len as i32 {
                self.settle(k.cells(), true, probe);
            }
        }
    }

    /// Rule 2 on every pair of numbers that share unknown cells; true iff it settles
    /// something. Everything is settled at the end of the pass: what a number said when the
    /// pass began stays true of the board as cells get settled, so no deduction goes stale.
    fn pairs(&mut self, probe: &dyn Probe) -> bool {
        let constraints = self.constraints();
        let mut index = vec![usize::MAX; self.grid.cells()];
        for (i, k) in constraints.iter().enumerate() {
            index[k.cell] = i;
        }
        let (width, height) = (self.grid.width(), self.grid.height());
        let mut settled = Vec::new();
        for (i, a) in constraints.iter().enumerate() {
            // Numbers share a neighbour only within two steps of each other.
            let (x, y) = self.grid.xy(a.cell);
            for by in y.saturating_sub(2)..=(y + 2).min(height - 1) {
                for bx in x.saturating_sub(2)..=(x + 2).min(width - 1) {
                    let j = index[by * width + bx];
                    if j == usize::MAX || j <= i {
                        continue;
                    }
                    let b = &constraints[j];
                    settled.extend(pair(a, b));
                    settled.extend(pair(b, a));
                }
            }
        }
        let progress = !settled.is_empty();
        for (cells, mine) in settled {
            self.settle(cells, mine, probe);
        }
        progress
    }

    /// Rule 3.
    fn global_count(&mut self, probe: &dyn Probe) -> bool {
        let left = self.mines - self.mines_found;
        if left != 0 && left != self.unknown {
            return false;
        }
        let unknown: Vec<usize> = (0..self.grid.cells())
            .filter(|&c| self.known[c] == Knowledge::Unknown)
            .collect();
        self.settle(unknown, left != 0, probe);
        true
    }

    /// Rule 4; true iff it settled something.
    fn enumerate(&mut self, probe: &dyn Probe) -> bool {
        let constraints = self.constraints();
        let cells = self.grid.cells();
        // The frontier, numbered in order of first appearance (reading order, roughly).
        let mut slot = vec![usize::MAX; cells];
        let mut frontier = Vec::new();
        for k in &constraints {
            for c in k.cells() {
                if slot[c] == usize::MAX {
                    slot[c] = frontier.len();
                    frontier.push(c);
                }
            }
        }
        // Components: frontier cells linked by sharing a number.
        let mut parent: Vec<usize> = (0..frontier.len()).collect();
        for k in &constraints {
            let mut cells = k.cells();
            let first = cells.next().map_or(0, |c| slot[c]);
            for c in cells {
                let (ra, rb) = (root(&mut parent, first), root(&mut parent, slot[c]));
                parent[ra] = rb;
            }
        }
        let mut component_of_root = vec![usize::MAX; frontier.len()];
        let mut component_of_cell = vec![usize::MAX; cells];
        let mut components: Vec<Component> = Vec::new();
        for (f, &cell) in frontier.iter().enumerate() {
            let r = root(&mut parent, f);
            if component_of_root[r] == usize::MAX {
                component_of_root[r] = components.len();
                components.push(Component::default());
            }
            component_of_cell[cell] = component_of_root[r];
            let comp = &mut components[component_of_root[r]];
            slot[cell] = comp.cells.len(); // from here on, the cell's place in its component
            comp.cells.push(cell);
        }
        for k in &constraints {
            let first = k.cells().next().unwrap_or(0);
            components[component_of_cell[first]].constraints.push(*k);
        }
        for comp in &mut components {
            comp.order_along_frontier(&mut slot);
        }

        let left = self.mines - self.mines_found;
        let inner = self.unknown - frontier.len();
        let mut budget = self.budget;
        let tallies: Vec<Tally> = components
            .iter()
            .map(|comp| comp.enumerate(&slot, left, &mut budget))
            .collect();
        self.budget = budget;

        // Which totals of frontier mines the rest of the board allows: the inner cells take
        // the remaining `left - total`, so it must lie in 0..=inner.
        let lowest = left.saturating_sub(inner);
        let width = left.min(frontier.len()) + 1;
        // Usually the count rules nothing out (enough inner cells, enough mines), and the
        // sums of totals below are not needed.
        let fewest: usize = tallies.iter().map(Tally::fewest).sum();
        let most: usize = tallies.iter().map(Tally::most).sum();
        let count_matters = fewest < lowest || most > left;
        // The totals the components before `j` can make (`before[j]`), and those after it
        // (`after[j + 1]`).
        let (mut before, mut after) = (vec![one_hot(width)], vec![one_hot(width)]);
        if count_matters {
            for t in &tallies {
                before.push(sumset(&before[before.len() - 1], &t.totals, width));
            }
            for t in tallies.iter().rev() {
                after.push(sumset(&after[after.len() - 1], &t.totals, width));
            }
            after.reverse();
        }
        let mut safe = Vec::new();
        let mut mine = Vec::new();
        for (j, (comp, tally)) in components.iter().zip(&tallies).enumerate() {
            if !tally.exact {
                continue;
            }
            // allowed[m]: the other components can complete `m` mines here to a legal total.
            let allowed: Vec<bool> = if count_matters {
                let others = sumset(&before[j], &after[j + 1], width);
                (0..=comp.cells.len())
                    .map(|m| (0..width).any(|s| others[s] && (lowest..=left).contains(&(m + s))))
                    .collect()
            } else {
                vec![true; comp.cells.len() + 1]
            };
            for (v, &cell) in comp.cells.iter().enumerate() {
                let can = |seen: &[bool]| {
                    seen[v * tally.stride..(v + 1) * tally.stride]
                        .iter()
                        .zip(&allowed)
                        .any(|(&s, &a)| s && a)
                };
                if !can(&tally.mine_at) {
                    safe.push(cell);
                } else if !can(&tally.safe_at) {
                    mine.push(cell);
                }
            }
        }
        if inner > 0 {
            // The least and the most frontier mines of a legal arrangement; the inner cells
            // hold the rest.
            let (least, greatest) = if count_matters {
                let legal: Vec<usize> = (lowest..width.min(left + 1))
                    .filter(|&t| before[tallies.len()][t])
                    .collect();
                (legal.first().copied(), legal.last().copied())
            } else {
                (Some(fewest), Some(most))
            };
            if let (Some(least), Some(greatest)) = (least, greatest) {
                let can_mine = left - least >= 1;
                let can_safe = left - greatest < inner;
                let inner_cells = (0..cells).filter(|&c| {
                    self.known[c] == Knowledge::Unknown && component_of_cell[c] == usize::MAX
                });
                if !can_mine {
                    safe.extend(inner_cells);
                } else if !can_safe {
                    mine.extend(inner_cells);
                }
            }
        }
        let progress = !safe.is_empty() || !mine.is_empty();
        self.settle(safe, false, probe);
        self.settle(mine, true, probe);
        progress
    }
}

/// What the pair `a`, `b` settles among the cells only `a` touches: `(cells, true)` if they
/// are all mines, `(cells, false)` if all safe. The shared cells hold at least what either
/// number cannot put elsewhere and at most what either allows.
fn pair(a: &Constraint, b: &Constraint) -> Option<(Vec<usize>, bool)> {
    let shared = a.cells().filter(|&c| b.has(c)).count() as i32;
    if shared == 0 {
        return None;
    }
    let only_a: Vec<usize> = a.cells().filter(|&c| !b.has(c)).collect();
    if only_a.is_empty() {
        return None;
    }
    let (len_a, len_b) = (a.len as i32, b.len as i32);
    let least = 0
        .max(a.need - (len_a - shared))
        .max(b.need - (len_b - shared));
    let most = shared.min(a.need).min(b.need);
    if a.need - least == 0 {
        Some((only_a, false))
    } else if a.need - most == only_a.len() as i32 {
        Some((only_a, true))
    } else {
        None
    }
}

fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// `{0}` as a set of totals.
fn one_hot(width: usize) -> Vec<bool> {
    let mut set = vec![false; width];
    set[0] = true;
    set
}

/// `{a + b}` for `a` in `x` and `b` in `y`, below `width`.
fn sumset(x: &[bool], y: &[bool], width: usize) -> Vec<bool> {
    let mut out = vec![false; width];
    for (i, _) in x.iter().enumerate().filter(|(_, &v)| v) {
        for (j, _) in y.iter().enumerate().filter(|(_, &v)| v) {
            if i + j < width {
                out[i + j] = true;
            }
        }
    }
    out
}

/// Frontier cells linked through shared numbers, and those numbers.
#[derive(Default)]
struct Component {
    cells: Vec<usize>,
    constraints: Vec<Constraint>,
}

/// The consistent arrangements of one component, by their mine count `m`: whether any has
/// `m` mines (`totals`), and for each cell whether any with `m` mines has a mine there
/// (`mine_at[cell * stride + m]`) or not (`safe_at`). Not `exact` if the search ran out of
/// budget, in which case everything is allowed.
struct Tally {
    exact: bool,
    stride: usize,
    totals: Vec<bool>,
    mine_at: Vec<bool>,
    safe_at: Vec<bool>,
}

impl Tally {
    /// The fewest mines of an arrangement (0 if there is none, which cannot happen on a
    /// real board).
    fn fewest(&self) -> usize {
        self.totals.iter().position(|&t| t).unwrap_or(0)
    }

    fn most(&self) -> usize {
        self.totals.iter().rposition(|&t| t).unwrap_or(0)
    }
}

impl Component {
    /// Puts the cells in breadth-first order through shared numbers, so that the search
    /// decides each number's cells close together and a wrong choice fails early (a frontier
    /// is mostly a chain, which reading order would cross back and forth). Keeps `slot` (each
    /// cell's place) in step.
    fn order_along_frontier(&mut self, slot: &mut [usize]) {
        let mut numbers_of = vec![Vec::new(); self.cells.len()];
        for (i, k) in self.constraints.iter().enumerate() {
            for c in k.cells() {
                numbers_of[slot[c]].push(i);
            }
        }
        let mut seen = vec![false; self.cells.len()];
        let mut order = Vec::with_capacity(self.cells.len());
        seen[0] = true;
        order.push(self.cells[0]);
        let mut next = 0;
        while let Some(&cell) = order.get(next) {
            next += 1;
            for &k in &numbers_of[slot[cell]] {
                for c in self.constraints[k].cells() {
                    if !std::mem::replace(&mut seen[slot[c]], true) {
                        order.push(c);
                    }
                }
            }
        }
        debug_assert_eq!(order.len(), self.cells.len(), "a component is connected");
        for (place, &cell) in order.iter().enumerate() {
            slot[cell] = place;
        }
        self.cells = order;
    }

    /// Every arrangement of at most `left` mines, within `budget` search nodes.
    /// `slot[cell]` is the cell's place in `self.cells`.
    fn enumerate(&self, slot: &[usize], left: usize, budget: &mut u32) -> Tally {
        let n = self.cells.len();
        let stride = n + 1;
        let mut search = Search {
            of_cell: vec![Vec::new(); n],
            need: self.constraints.iter().map(|k| k.need).collect(),
            open: self.constraints.iter().map(|k| k.len as i32).collect(),
            mine: vec![false; n],
            mines: 0,
            left,
            budget,
            tally: Tally {
                exact: true,
                stride,
                totals: vec![false; stride],
                mine_at: vec![false; n * stride],
                safe_at: vec![false; n * stride],
            },
        };
        for (i, k) in self.constraints.iter().enumerate() {
            for c in k.cells() {
                search.of_cell[slot[c]].push(i);
            }
        }
        if n > MAX_COMPONENT || !search.assign(0) {
            return Tally {
                exact: false,
                stride,
                totals: vec![true; stride],
                mine_at: vec![true; n * stride],
                safe_at: vec![true; n * stride],
            };
        }
        search.tally
    }
}

/// A depth-first search over one component's cells in order, keeping each number's `need`
/// (mines still to place around it) and `open` (its cells not yet decided).
struct Search<'a> {
    of_cell: Vec<Vec<usize>>,
    need: Vec<i32>,
    open: Vec<i32>,
    mine: Vec<bool>,
    mines: usize,
    left: usize,
    budget: &'a mut u32,
    tally: Tally,
}

impl Search<'_> {
    /// Tries both values for cell `v` and on; false if the budget ran out.
    fn assign(&mut self, v: usize) -> bool {
        if *self.budget == 0 {
            return false;
        }
        *self.budget -= 1;
        if v == self.mine.len() {
            // Recording an arrangement touches every cell: charge for it, or components with
            // many arrangements would take far longer than their node count says.
            let cost = v as u32 / 4;
            if *self.budget < cost {
                return false;
            }
            *self.budget -= cost;
            let (stride, m) = (self.tally.stride, self.mines);
            self.tally.totals[m] = true;
            for (i, &mine) in self.mine.iter().enumerate() {
                let seen = if mine {
                    &mut self.tally.mine_at
                } else {
                    &mut self.tally.safe_at
                };
                seen[i * stride + m] = true;
            }
            return true;
        }
        for mine in [false, true] {
            if mine && self.mines == self.left {
                continue;
            }
            let delta = i32::from(mine);
            let mut fits = true;
            for &k in &self.of_cell[v] {
                self.open[k] -= 1;
                self.need[k] -= delta;
                fits &= self.need[k] >= 0 && self.need[k] <= self.open[k];
            }
            let mut finished = true;
            if fits {
                self.mine[v] = mine;
                self.mines += usize::from(mine);
                finished = self.assign(v + 1);
                self.mines -= usize::from(mine);
            }
            for &k in &self.of_cell[v] {
                self.open[k] += 1;
                self.need[k] += delta;
            }
            if !finished {
                return false;
            }
        }
        true
    }
}
