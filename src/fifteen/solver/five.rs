//! 5×5: a short solution, not an optimal one (optimal 24-puzzle search takes minutes to hours).
//!
//! The first row and the first column are placed a few tiles at a time, each group by an A*
//! search for its fewest moves over the cells of the group's tiles and the blank (every other
//! tile is indistinguishable, cells already placed are locked). What is left is a 4×4 puzzle,
//! which is relabelled and solved optimally with the 4×4 pattern databases. Several groupings,
//! on the board and on its reflection about the main diagonal, are tried; the two whose placed
//! moves plus the 4×4 heuristic promise the shortest totals are finished, and the shorter kept.

use super::{four, Report};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hash for the search's small integer states (the default SipHash is
/// several times slower and guards against adversarial keys these are not).
#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
}

const WIDTH: usize = 5;
const CELLS: usize = 25;

/// Groups of home cells placed together, in order. A line's last two cells next to locked cells
/// are always in one group: a lone tile cannot enter a corner whose other neighbour is locked.
/// On random deals the first two give the best finish about five times in six; the others
/// (and longer lists, or groups of four) change the mean length by less than a move.
const GROUPINGS: [&[&[usize]]; 4] = [
    &[&[0, 1, 5], &[2, 3, 4], &[10, 15, 20]],
    &[&[0, 1, 2], &[3, 4, 5], &[10, 15, 20]],
    &[&[0, 1, 2], &[3, 4], &[5, 10], &[15, 20]],
    &[&[0, 1, 2], &[3, 4], &[5], &[10, 15, 20]],
];

/// The most tiles placed by one search: three need at most the 303,600 states there are;
/// four can need millions.
const GROUP: usize = 3;

/// How many of the most promising reductions get their 4×4 remainder solved.
const FINISHED: usize = 2;

/// Nodes the optimal 4×4 finish may take before a weighted search (faster, slightly longer)
/// replaces it; keeps the rare hard remainder within the time budget.
const OPTIMAL_BUDGET: u64 = 600_000;
/// Heuristic weight of that fallback, in eighths.
const FALLBACK_WEIGHT: u32 = 12;

pub(super) fn solve(tiles: &[u8]) -> Report {
    let mut board = [0u8; CELLS];
    board.copy_from_slice(tiles);
    if board
        .iter()
        .enumerate()
        .all(|(c, &t)| usize::from(t) == (c + 1) % CELLS)
    {
        return Report::default();
    }
    let mirrored = reflect(&board);
    let mut nodes = 0;
    // Each reduction with the moves it promises: its own plus a lower bound for the rest.
    let mut candidates = Vec::new();
    for (reflected, start) in [(false, &board), (true, &mirrored)] {
        for grouping in GROUPINGS {
            let mut reduction = Reduction::new(start, reflected);
            let placed = grouping.iter().all(|group| reduction.place(group));
            nodes += reduction.nodes;
            if placed {
                let estimate = reduction.moves.len() as u32 + four::heuristic(&reduction.rest());
                candidates.push((estimate, reduction));
            }
        }
    }
    candidates.sort_by_key(|(estimate, _)| *estimate);
    let mut best: Option<Vec<u8>> = None;
    for (_, reduction) in candidates.into_iter().take(FINISHED) {
        let rest = reduction.rest();
        let finish = match four::search(&rest, OPTIMAL_BUDGET, 8) {
            Some(finish) => finish,
            None => {
                nodes += OPTIMAL_BUDGET;
                four::search(&rest, u64::MAX, FALLBACK_WEIGHT).unwrap_or_default()
            }
        };
        nodes += finish.nodes;
        let mut moves = reduction.moves;
        moves.extend(finish.moves.iter().map(|&t| from_rest(t)));
        if reduction.reflected {
            for t in &mut moves {
                *t = mirror_tile(*t);
            }
        }
        if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
            best = Some(moves);
        }
    }
    Report {
        moves: best.unwrap_or_default(),
        nodes,
    }
}

/// The cell a reflection about the main diagonal sends `cell` to.
fn reflect_cell(cell: usize) -> usize {
    (cell % WIDTH) * WIDTH + cell / WIDTH
}

/// The tile whose home is tile `t`'s home reflected; the blank stays the blank.
fn mirror_tile(t: u8) -> u8 {
    if t == 0 {
        0
    } else {
        reflect_cell(usize::from(t) - 1) as u8 + 1
    }
}

/// The board reflected about its main diagonal, which leaves the goal unchanged, so a solution
/// of it, tile for mirrored tile, solves the original.
fn reflect(board: &[u8; CELLS]) -> [u8; CELLS] {
    let mut out = [0u8; CELLS];
    for (c, &t) in board.iter().enumerate() {
        out[reflect_cell(c)] = mirror_tile(t);
    }
    out
}

/// A 4×4 label (home cell in the lower-right 4×4 block) back to the 5×5 tile.
fn from_rest(label: u8) -> u8 {
    let home = usize::from(label) - 1;
    ((home / 4 + 1) * WIDTH + home % 4 + 1 + 1) as u8
}

/// A board on its way to the 4×4 remainder.
struct Reduction {
    board: [u8; CELLS],
    blank: usize,
    /// Cells already holding their tile for good.
    locked: u32,
    moves: Vec<u8>,
    nodes: u64,
    reflected: bool,
}

impl Reduction {
    fn new(board: &[u8; CELLS], reflected: bool) -> Reduction {
        Reduction {
            board: *board,
            blank: board.iter().position(|&t| t == 0).unwrap_or(0),
            locked: 0,
            moves: Vec::new(),
            nodes: 0,
            reflected,
        }
    }

    /// The lower-right 4×4 block, relabelled as a 4×4 board (its goal is the 4×4 goal).
    fn rest(&self) -> [u8; 16] {
        let mut rest = [0u8; 16];
        for r in 1..WIDTH {
            for c in 1..WIDTH {
                let t = self.board[r * WIDTH + c];
                rest[(r - 1) * 4 + c - 1] = if t == 0 {
                    0
                } else {
                    let home = usize::from(t) - 1;
                    ((home / WIDTH - 1) * 4 + home % WIDTH - 1 + 1) as u8
                };
            }
        }
        rest
    }

    /// Brings the tiles whose homes are `homes` (at most 4) home in the fewest moves that leave
    /// locked cells alone, then locks them. False if that cannot be done.
    ///
    /// A* over the cells of the group's tiles and the blank (other tiles are indistinguishable).
    /// The estimate is the tiles' Manhattan distances plus the blank's walk to the nearest tile
    /// still away from home, which it must reach before any of them moves.
    fn place(&mut self, homes: &[usize]) -> bool {
        let k = homes.len();
        debug_assert!((1..=GROUP).contains(&k));
        let mut cells = [0usize; GROUP];
        for (i, &home) in homes.iter().enumerate() {
            cells[i] = self
                .board
                .iter()
                .position(|&t| usize::from(t) == home + 1)
                .unwrap_or(0);
        }
        // State: the blank's cell and each group tile's cell, five bits each.
        let encode = |blank: usize, cells: &[usize; GROUP]| {
            cells[..k].iter().fold(blank, |acc, &c| acc << 5 | c) as u32
        };
        let decode = |state: u32| {
            let mut state = state as usize;
            let mut cells = [0usize; GROUP];
            for c in cells[..k].iter_mut().rev() {
                *c = state & 31;
                state >>= 5;
            }
            (state, cells)
        };
        let distance = |a: usize, b: usize| {
            ((a / WIDTH).abs_diff(b / WIDTH) + (a % WIDTH).abs_diff(b % WIDTH)) as u32
        };
        let estimate = |blank: usize, cells: &[usize; GROUP]| {
            let mut tiles = 0;
            let mut walk = u32::MAX;
            for i in 0..k {
                if cells[i] != homes[i] {
                    tiles += distance(cells[i], homes[i]);
                    walk = walk.min(distance(blank, cells[i]) - 1);
                }
            }
            if walk == u32::MAX {
                0
            } else {
                tiles + walk
            }
        };
        // Per state: fewest moves found and the direction the blank arrived from (START: none).
        const START: u8 = 4;
        let mut best: HashMap<u32, (u32, u8), BuildHasherDefault<StateHasher>> =
            HashMap::with_capacity_and_hasher(1 << 14, BuildHasherDefault::default());
        // Smallest estimate first, then deepest: entries (total, !moves, state) in one u64.
        let mut open = BinaryHeap::new();
        let push = |open: &mut BinaryHeap<Reverse<u64>>, g: u32, h: u32, state: u32| {
            open.push(Reverse(
                u64::from(g + h) << 48 | u64::from(0xFFFF - g) << 32 | u64::from(state),
            ));
        };
        let start = encode(self.blank, &cells);
        best.insert(start, (0, START));
        push(&mut open, 0, estimate(self.blank, &cells), start);
        let mut goal = None;
        while let Some(Reverse(entry)) = open.pop() {
            let state = entry as u32;
            let g = 0xFFFF - ((entry >> 32) as u32 & 0xFFFF);
            if best.get(&state).is_some_and(|&(known, _)| known < g) {
                continue;
            }
            self.nodes += 1;
            let (blank, cells) = decode(state);
            if cells[..k] == *homes {
                goal = Some(state);
                break;
            }
            for (d, to) in steps(blank) {
                if self.locked & 1 << to != 0 {
                    continue;
                }
                let mut moved = cells;
                if let Some(c) = moved[..k].iter_mut().find(|c| **c == to) {
                    *c = blank;
                }
                let next = encode(to, &moved);
                if best.get(&next).is_none_or(|&(known, _)| g + 1 < known) {
                    best.insert(next, (g + 1, d as u8));
                    push(&mut open, g + 1, estimate(to, &moved), next);
                }
            }
        }
        let Some(mut state) = goal else {
            return false;
        };
        let mut path = Vec::new();
        while let Some(&(_, d)) = best.get(&state).filter(|&&(_, d)| d != START) {
            let d = usize::from(d);
            let (blank, mut cells) = decode(state);
            path.push(blank);
            let from = step_back(blank, d);
            if let Some(c) = cells[..k].iter_mut().find(|c| **c == from) {
                *c = blank;
            }
            state = encode(from, &cells);
        }
        for &to in path.iter().rev() {
            let tile = self.board[to];
            self.board[self.blank] = tile;
            self.board[to] = 0;
            self.blank = to;
            self.moves.push(tile);
        }
        for &home in homes {
            self.locked |= 1 << home;
        }
        true
    }
}

/// The blank's possible steps from `cell`: (direction, cell), directions up, left, right, down.
fn steps(cell: usize) -> impl Iterator<Item = (usize, usize)> {
    let (r, c) = (cell / WIDTH, cell % WIDTH);
    [
        (r > 0).then(|| cell.wrapping_sub(WIDTH)),
        (c > 0).then(|| cell.wrapping_sub(1)),
        (c + 1 < WIDTH).then_some(cell + 1),
        (r + 1 < WIDTH).then_some(cell + WIDTH),
    ]
    .into_iter()
    .enumerate()
    .filter_map(|(d, to)| to.map(|to| (d, to)))
}

/// The cell the blank came from when it stepped in direction `d` into `cell`.
fn step_back(cell: usize, d: usize) -> usize {
    match d {
        0 => cell + WIDTH,
        1 => cell + 1,
        2 => cell - 1,
        _ => cell - WIDTH,
    }
}
