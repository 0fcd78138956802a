//! 3×3: IDA* with Manhattan distance plus linear conflicts. The whole puzzle has 181,440
//! positions and optimal solutions of at most 31 moves, so a few thousand nodes suffice and no
//! table is worth keeping.

use super::Report;

const WIDTH: usize = 3;
const CELLS: usize = 9;

pub(super) fn solve(tiles: &[u8]) -> Report {
    let mut board = [0u8; CELLS];
    board.copy_from_slice(tiles);
    let h = heuristic(&board);
    if h == 0 {
        return Report::default();
    }
    let blank = board.iter().position(|&t| t == 0).unwrap_or(0);
    let mut search = Search {
        board,
        path: Vec::with_capacity(32),
        nodes: 1,
    };
    // Every move changes the Manhattan distance by one, so every solution's length has the
    // parity of the start's; bounds of the other parity would only repeat the last iteration.
    let parity = manhattan(&board) % 2;
    let round = |b: u32| b + u32::from(b % 2 != parity);
    let mut bound = round(h);
    loop {
        match search.dfs(blank, CELLS, 0, bound) {
            FOUND => break,
            NOTHING => return Report::default(),
            next => bound = round(next),
        }
    }
    search.path.reverse();
    Report {
        moves: search.path,
        nodes: search.nodes,
    }
}

const FOUND: u32 = u32::MAX;
const NOTHING: u32 = u32::MAX - 1;

struct Search {
    board: [u8; CELLS],
    path: Vec<u8>,
    nodes: u64,
}

impl Search {
    fn dfs(&mut self, blank: usize, came_from: usize, g: u32, bound: u32) -> u32 {
        let mut next = NOTHING;
        let (r, c) = (blank / WIDTH, blank % WIDTH);
        let candidates = [
            (r > 0).then(|| blank - WIDTH),
            (c > 0).then(|| blank - 1),
            (c + 1 < WIDTH).then(|| blank + 1),
            (r + 1 < WIDTH).then(|| blank + WIDTH),
        ];
        for to in candidates.into_iter().flatten() {
            if to == came_from {
                continue;
            }
            let tile = self.board[to];
            self.board.swap(blank, to);
            let h = heuristic(&self.board);
            self.nodes += 1;
            let f = g + 1 + h;
            let result = if h == 0 {
                FOUND
            } else if f > bound {
                f
            } else {
                self.dfs(to, blank, g + 1, bound)
            };
            self.board.swap(blank, to);
            if result == FOUND {
                self.path.push(tile);
                return FOUND;
            }
            next = next.min(result);
        }
        next
    }
}

fn manhattan(board: &[u8; CELLS]) -> u32 {
    board
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(cell, &t)| {
            let home = usize::from(t) - 1;
            ((cell / WIDTH).abs_diff(home / WIDTH) + (cell % WIDTH).abs_diff(home % WIDTH)) as u32
        })
        .sum()
}

/// Manhattan distance plus linear conflicts: in each row (column), tiles that belong to it but
/// stand in the wrong order must partly leave it; at least (tiles − longest run in order) of them
/// leave and come back, two extra moves each.
fn heuristic(board: &[u8; CELLS]) -> u32 {
    let mut conflicts = 0;
    for line in 0..WIDTH {
        // Goal columns of the tiles in row `line` that belong to that row, left to right.
        let mut row = [0usize; WIDTH];
        let mut in_row = 0;
        // Goal rows of the tiles in column `line` that belong to that column, top to bottom.
        let mut column = [0usize; WIDTH];
        let mut in_column = 0;
        for k in 0..WIDTH {
            let t = usize::from(board[line * WIDTH + k]);
            if t != 0 && (t - 1) / WIDTH == line {
                row[in_row] = (t - 1) % WIDTH;
                in_row += 1;
            }
            let t = usize::from(board[k * WIDTH + line]);
            if t != 0 && (t - 1) % WIDTH == line {
                column[in_column] = (t - 1) / WIDTH;
                in_column += 1;
            }
        }
        conflicts += in_row - longest_increasing(&row[..in_row]);
        conflicts += in_column - longest_increasing(&column[..in_column]);
    }
    manhattan(board) + 2 * conflicts as u32
}

fn longest_increasing(goals: &[usize]) -> usize {
    let mut best = [0usize; WIDTH];
    let mut longest = 0;
    for i in 0..goals.len() {
        best[i] = 1
            + (0..i)
                .filter(|&j| goals[j] < goals[i])
                .map(|j| best[j])
                .max()
                .unwrap_or(0);
        longest = longest.max(best[i]);
    }
    longest
}
