//! 4×4: IDA* over additive pattern databases (Korf & Felner).
//!
//! The fifteen tiles are split into disjoint patterns, 6 + 6 + 3, and the split's tables add up
//! to a lower bound on the moves left. Several splits (each also on the board reflected about its
//! main diagonal, which fixes the goal) give several bounds; the search uses the largest.
//!
//! Every 6-tile pattern used is a 2×3 or 3×2 block of home cells, and all of them are images of
//! one block under the square's symmetries, so one table serves them all: a pattern's value is
//! the table's entry for its tiles' cells mapped by that symmetry. That needs one 5.8 MB table
//! and one build instead of four.

use super::pdb::{self, rank3, rank6, CELLS};
use super::Report;
use crate::daily::fnv1a32_bytes;
use std::sync::OnceLock;

/// Home cells of the block the big table is built for: the top three rows of the two left
/// columns (tiles 1, 2, 5, 6, 9, 10).
const BLOCK: [u8; 6] = [0, 1, 4, 5, 8, 9];
/// Home cells of the 3-tile tables: the bottom row, and the top-left pair with the cell left of
/// the blank's home.
const SMALL: [[u8; 3]; 2] = [[12, 13, 14], [0, 1, 14]];

/// Cell maps (symmetries of the square), as functions of a cell.
fn identity(c: usize) -> usize {
    c
}
fn mirror_columns(c: usize) -> usize {
    c / 4 * 4 + 3 - c % 4
}
fn mirror_rows(c: usize) -> usize {
    (3 - c / 4) * 4 + c % 4
}
fn transpose(c: usize) -> usize {
    (c % 4) * 4 + c / 4
}

/// One pattern of a split: its tiles, and the cell map that takes their cells into the frame
/// of the table it is looked up in.
#[derive(Clone, Copy)]
struct Part {
    /// 0: the big (block) table; 1 + k: small table k.
    table: u8,
    tiles: [u8; 6],
    map: [u8; CELLS],
}

/// How many splits the heuristic takes the maximum over.
const VIEWS: usize = 4;

/// The splits, as (table, symmetry) per part; each split is used as is and reflected.
/// Split 1: left and right 2×3 blocks of the top three rows, and the bottom row.
/// Split 2: the left block of the bottom three rows, the right block of the top three rows, and
/// tiles 1, 2, 15.
fn views() -> [[Part; 3]; VIEWS] {
    type Map = fn(usize) -> usize;
    let splits: [[(u8, Map); 3]; 2] = [
        [(0, identity), (0, mirror_columns), (1, identity)],
        [(0, mirror_rows), (0, mirror_columns), (2, identity)],
    ];
    let mut views = [[Part {
        table: 0,
        tiles: [0; 6],
        map: [0; CELLS],
    }; 3]; VIEWS];
    for (v, view) in views.iter_mut().enumerate() {
        let split = &splits[v / 2];
        let reflected = v % 2 == 1;
        for (part, &(table, symmetry)) in view.iter_mut().zip(split) {
            // Board cell -> table frame: reflect first (for the reflected view), then the symmetry.
            let map = |c: usize| symmetry(if reflected { transpose(c) } else { c });
            let home: &[u8] = if table == 0 {
                &BLOCK
            } else {
                &SMALL[usize::from(table) - 1]
            };
            part.table = table;
            for c in 0..CELLS {
                part.map[c] = map(c) as u8;
            }
            for (k, &h) in home.iter().enumerate() {
                // The tile at home in the board frame whose home maps onto the table's home h.
                let cell = (0..CELLS).find(|&c| map(c) == usize::from(h)).unwrap_or(0);
                part.tiles[k] = cell as u8 + 1;
            }
        }
    }
    views
}

/// The pattern databases and the splits that use them.
pub(super) struct Tables {
    block: Box<[u8]>,
    small: [Box<[u8]>; 2],
    views: [[Part; 3]; VIEWS],
    /// `part_of[v][t]`: the part of split `v` holding tile `t`.
    part_of: [[u8; CELLS]; VIEWS],
}

static TABLES: OnceLock<Tables> = OnceLock::new();

pub(super) fn tables() -> &'static Tables {
    TABLES.get_or_init(|| Tables::from_parts(pdb::build(BLOCK), SMALL.map(pdb::build)))
}

/// What the written tables start with: their format, which a new build of different tables
/// must change so that a copy kept by an older one is refused.
const MAGIC: &[u8; 8] = b"gp15pdb1";

/// The tables as bytes, for a copy kept where the build need not be done again (a browser's
/// cache); empty until they are built. `use_written` takes them back.
pub(super) fn written() -> Vec<u8> {
    let Some(tables) = TABLES.get() else {
        return Vec::new();
    };
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&tables.block);
    for small in &tables.small {
        bytes.extend_from_slice(small);
    }
    // FNV-1a: enough to tell tables damaged in storage from whole ones.
    bytes.extend_from_slice(&fnv1a32_bytes(bytes.iter().copied()).to_le_bytes());
    bytes
}

/// Takes tables written by `written` as this process's, instead of building them: an error in
/// words for bytes that are not such tables (another format, cut short, altered). Nothing to do
/// when the tables are already here.
pub(super) fn use_written(bytes: &[u8]) -> Result<(), String> {
    let block = pdb::placements(BLOCK.len());
    let small = pdb::placements(SMALL[0].len());
    let length = MAGIC.len() + block + 2 * small + 4;
    if bytes.len() != length || !bytes.starts_with(MAGIC) {
        return Err(format!(
            "tables are {length} bytes starting {MAGIC:?}, got {} bytes",
            bytes.len()
        ));
    }
    let (body, sum) = bytes.split_at(length - 4);
    if sum != fnv1a32_bytes(body.iter().copied()).to_le_bytes() {
        return Err("the tables' checksum does not match: they were altered".into());
    }
    let body = &body[MAGIC.len()..];
    let (big, rest) = body.split_at(block);
    let (first, second) = rest.split_at(small);
    TABLES.get_or_init(|| Tables::from_parts(big.into(), [first.into(), second.into()]));
    Ok(())
}

impl Tables {
    fn from_parts(block: Box<[u8]>, small: [Box<[u8]>; 2]) -> Tables {
        let views = views();
        let mut part_of = [[0u8; CELLS]; VIEWS];
        for (v, view) in views.iter().enumerate() {
            for (k, part) in view.iter().enumerate() {
                let len = if part.table == 0 { 6 } else { 3 };
                for &t in &part.tiles[..len] {
                    part_of[v][usize::from(t)] = k as u8;
                }
            }
        }
        Tables {
            block,
            small,
            views,
            part_of,
        }
    }
}

pub(super) fn tables_built() -> bool {
    TABLES.get().is_some()
}

pub(super) fn table_bytes() -> usize {
    TABLES.get().map_or(0, |t| {
        t.block.len() + t.small.iter().map(|s| s.len()).sum::<usize>()
    })
}

impl Tables {
    /// Moves needed by part `k` of split `v`, with tiles at `cells` (indexed by tile).
    #[inline(always)]
    fn part(&self, v: usize, k: usize, cells: &[u8; CELLS]) -> u8 {
        let part = &self.views[v][k];
        let (map, tiles) = (&part.map, &part.tiles);
        let a = map[usize::from(cells[usize::from(tiles[0])])];
        let b = map[usize::from(cells[usize::from(tiles[1])])];
        let c = map[usize::from(cells[usize::from(tiles[2])])];
        if part.table == 0 {
            let d = map[usize::from(cells[usize::from(tiles[3])])];
            let e = map[usize::from(cells[usize::from(tiles[4])])];
            let f = map[usize::from(cells[usize::from(tiles[5])])];
            self.block[rank6([a, b, c, d, e, f])]
        } else {
            self.small[usize::from(part.table) - 1][rank3([a, b, c])]
        }
    }

    fn parts(&self, cells: &[u8; CELLS]) -> [[u8; 3]; VIEWS] {
        std::array::from_fn(|v| std::array::from_fn(|k| self.part(v, k, cells)))
    }
}

pub(super) fn solve(tiles: &[u8]) -> Report {
    search(&board_of(tiles), u64::MAX, 8).unwrap_or_default()
}

fn board_of(tiles: &[u8]) -> [u8; CELLS] {
    let mut board = [0u8; CELLS];
    board.copy_from_slice(tiles);
    board
}

pub(super) fn heuristic(tiles: &[u8]) -> u32 {
    let cells = cells_of(&board_of(tiles));
    best(&tables().parts(&cells))
}

/// Each tile's cell (index 0: the blank).
fn cells_of(board: &[u8; CELLS]) -> [u8; CELLS] {
    let mut cells = [0u8; CELLS];
    for (c, &t) in board.iter().enumerate() {
        cells[usize::from(t)] = c as u8;
    }
    cells
}

#[inline(always)]
fn total(parts: [u8; 3]) -> u32 {
    u32::from(parts[0]) + u32::from(parts[1]) + u32::from(parts[2])
}

fn best(parts: &[[u8; 3]; VIEWS]) -> u32 {
    parts.iter().map(|&p| total(p)).max().unwrap_or(0)
}

/// Where the blank goes from each cell in each direction (up, right, down, left: clockwise),
/// `CELLS` where it cannot.
const STEP: [[u8; 4]; CELLS] = {
    let mut step = [[CELLS as u8; 4]; CELLS];
    let mut c = 0;
    while c < CELLS {
        if c >= 4 {
            step[c][0] = (c - 4) as u8;
        }
        if c % 4 < 3 {
            step[c][1] = (c + 1) as u8;
        }
        if c < 12 {
            step[c][2] = (c + 4) as u8;
        }
        if c % 4 > 0 {
            step[c][3] = (c - 1) as u8;
        }
        c += 1;
    }
    step
};

/// No previous move (the root).
const NO_DIRECTION: usize = 4;

/// IDA* from `board`. `weight` scales the heuristic in eighths: 8 gives optimal solutions,
/// more gives longer ones sooner. `None` when more than `budget` nodes were needed.
pub(super) fn search(board: &[u8; CELLS], budget: u64, weight: u32) -> Option<Report> {
    let tables = tables();
    let cells = cells_of(board);
    let parts = tables.parts(&cells);
    let h = best(&parts);
    if h == 0 {
        return Some(Report::default());
    }
    // Every move changes one tile's Manhattan distance by one, so every solution's length has
    // the parity of their sum; bounds of the other parity would only repeat the last iteration.
    let parity = (1..CELLS)
        .map(|t| {
            let (c, home) = (usize::from(cells[t]), t - 1);
            (c / 4).abs_diff(home / 4) + (c % 4).abs_diff(home % 4)
        })
        .sum::<usize>() as u32
        % 2;
    let optimal = weight == 8;
    let round = |bound: u32| {
        if optimal && bound % 2 != parity {
            bound + 1
        } else {
            bound
        }
    };
    let mut search = Search {
        tables,
        board: *board,
        cells,
        path: Vec::with_capacity(128),
        nodes: 1,
        budget,
        weight,
    };
    let mut bound = round(h * weight / 8);
    let blank = usize::from(cells[0]);
    loop {
        match search.dfs(blank, NO_DIRECTION, 0, 0, bound, &parts) {
            FOUND => break,
            OVER_BUDGET | NOTHING => return None,
            next => bound = round(next),
        }
    }
    search.path.reverse();
    Some(Report {
        moves: search.path,
        nodes: search.nodes,
    })
}

const FOUND: u32 = u32::MAX;
const OVER_BUDGET: u32 = u32::MAX - 1;
/// No child left to try (cannot happen on a solvable board, but ends the loop if it did).
const NOTHING: u32 = u32::MAX - 2;

struct Search<'t> {
    tables: &'t Tables,
    board: [u8; CELLS],
    /// Each tile's cell (index 0: the blank).
    cells: [u8; CELLS],
    /// The solution's tiles, last move first, filled in on the way out of the recursion.
    path: Vec<u8>,
    nodes: u64,
    budget: u64,
    weight: u32,
}

impl Search<'_> {
    /// Depth-first search below a node at depth `g` with the blank at `blank`, reached by the
    /// blank moving in direction `last` after `left_turns` consecutive left turns; `parts` are
    /// the node's pattern values, per split. Returns FOUND, OVER_BUDGET, or the smallest cost
    /// estimate that exceeded `bound`.
    ///
    /// Two kinds of move sequences are never tried, as another sequence no longer reaches the
    /// same position: undoing the last move, and the blank going one and a half times round a
    /// 2×2 square anticlockwise (six moves, five left turns), which leaves the square exactly as
    /// going one and a half times round it clockwise does.
    fn dfs(
        &mut self,
        blank: usize,
        last: usize,
        left_turns: u32,
        g: u32,
        bound: u32,
        parts: &[[u8; 3]; VIEWS],
    ) -> u32 {
        // Evaluate every child before descending into any: their table lookups are independent
        // and miss the cache alike, so issuing them together overlaps the waits.
        let mut children = [(0usize, 0usize, 0u32, [[0u8; 3]; VIEWS], 0u32); 4];
        let mut count = 0;
        for (direction, &to) in STEP[blank].iter().enumerate() {
            let to = usize::from(to);
            if to == CELLS || (last != NO_DIRECTION && direction == (last + 2) % 4) {
                continue;
            }
            let turns = if last != NO_DIRECTION && direction == (last + 3) % 4 {
                left_turns + 1
            } else {
                0
            };
            if turns == 5 {
                continue;
            }
            let t = usize::from(self.board[to]);
            // In each split only the part holding the moved tile changes.
            self.cells[t] = blank as u8;
            let mut child = *parts;
            let k = usize::from(self.tables.part_of[0][t]);
            child[0][k] = self.tables.part(0, k, &self.cells);
            self.cells[t] = to as u8;
            children[count] = (to, direction, turns, child, total(child[0]));
            count += 1;
        }
        // The other splits only matter for children the first one does not already cut off,
        // which are the minority: most generated nodes are leaves.
        for (to, _, _, child, h) in &mut children[..count] {
            if g + 1 + *h * self.weight / 8 > bound {
                continue;
            }
            let t = usize::from(self.board[*to]);
            self.cells[t] = blank as u8;
            for (v, part) in child.iter_mut().enumerate().skip(1) {
                let k = usize::from(self.tables.part_of[v][t]);
                part[k] = self.tables.part(v, k, &self.cells);
                *h = (*h).max(total(*part));
            }
            self.cells[t] = *to as u8;
        }
        // Most promising first, which only matters in the last iteration, where the search
        // stops at the first solution.
        children[..count].sort_unstable_by_key(|c| c.4);
        self.nodes += count as u64;
        let mut next = NOTHING;
        for &(to, direction, turns, ref child, h) in &children[..count] {
            let tile = self.board[to];
            let f = g + 1 + h * self.weight / 8;
            if h == 0 {
                self.path.push(tile);
                return FOUND;
            }
            if f > bound {
                next = next.min(f);
                continue;
            }
            if self.nodes > self.budget {
                return OVER_BUDGET;
            }
            let t = usize::from(tile);
            self.board[blank] = tile;
            self.board[to] = 0;
            self.cells[t] = blank as u8;
            let result = self.dfs(to, direction, turns, g + 1, bound, child);
            self.board[to] = tile;
            self.board[blank] = 0;
            self.cells[t] = to as u8;
            match result {
                FOUND => {
                    self.path.push(tile);
                    return FOUND;
                }
                OVER_BUDGET => return OVER_BUDGET,
                _ => next = next.min(result),
            }
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifteen::solver::pdb::BLANK_HOME;

    #[test]
    fn written_tables_are_taken_back_whole_and_refused_when_damaged() {
        let _ = tables();
        let bytes = written();
        assert_eq!(bytes.len(), MAGIC.len() + table_bytes() + 4);
        // The same tables: taken (nothing to replace), and written again alike.
        assert_eq!(use_written(&bytes), Ok(()));
        assert_eq!(written(), bytes);
        let mut altered = bytes.clone();
        altered[MAGIC.len() + 1000] ^= 1;
        assert!(use_written(&altered).unwrap_err().contains("checksum"));
        assert!(use_written(&bytes[..bytes.len() - 1])
            .unwrap_err()
            .contains("bytes"));
        let mut other = bytes.clone();
        other[7] = b'0';
        assert!(use_written(&other).is_err(), "another format");
        assert!(use_written(&[]).is_err());
    }

    #[test]
    fn every_split_covers_each_tile_once() {
        for view in views() {
            let mut count = [0; CELLS];
            for part in view {
                let len = if part.table == 0 { 6 } else { 3 };
                for &t in &part.tiles[..len] {
                    count[usize::from(t)] += 1;
                }
            }
            assert_eq!(count[0], 0);
            assert!(count[1..].iter().all(|&n| n == 1), "{count:?}");
        }
    }

    #[test]
    fn parts_map_their_tiles_home_onto_the_tables_home() {
        for view in views() {
            for part in view {
                let home: &[u8] = if part.table == 0 {
                    &BLOCK
                } else {
                    &SMALL[usize::from(part.table) - 1]
                };
                for (k, &h) in home.iter().enumerate() {
                    let tile_home = usize::from(part.tiles[k]) - 1;
                    assert_eq!(part.map[tile_home], h);
                }
                // The blank's home maps to a free cell of the table's home placement, and its
                // free cells are all connected, so "home" means the same in both frames.
                let mut free = 0xFFFFu16;
                for &h in home {
                    free &= !(1 << h);
                }
                assert!(free & 1 << part.map[BLANK_HOME] != 0);
                let mut region = 1u16 << free.trailing_zeros();
                loop {
                    let mut grown = region;
                    for (c, steps) in STEP.iter().enumerate() {
                        if region & 1 << c != 0 {
                            for &n in steps.iter().filter(|&&n| usize::from(n) < CELLS) {
                                grown |= 1 << n;
                            }
                        }
                    }
                    grown &= free;
                    if grown == region {
                        break;
                    }
                    region = grown;
                }
                assert_eq!(region, free);
            }
        }
    }

    #[test]
    fn a_mirrored_block_reads_the_same_as_its_own_table() {
        // The property the shared table rests on, checked on a 4-tile block and its mirror
        // images (a 6-tile build takes too long for a debug test).
        let block = [0u8, 1, 4, 5];
        let own = pdb::build(block);
        for symmetry in [mirror_columns as fn(usize) -> usize, mirror_rows, transpose] {
            let image = block.map(|c| symmetry(usize::from(c)) as u8);
            let theirs = pdb::build(image);
            let mut cells = [0u8, 1, 2, 3];
            loop {
                let mapped = cells.map(|c| symmetry(usize::from(c)) as u8);
                assert_eq!(theirs[pdb::rank(mapped)], own[pdb::rank(cells)]);
                if !next_placement(&mut cells) {
                    break;
                }
            }
        }
    }

    fn next_placement(cells: &mut [u8; 4]) -> bool {
        loop {
            let mut j = 3;
            loop {
                cells[j] += 1;
                if cells[j] < CELLS as u8 {
                    break;
                }
                cells[j] = 0;
                if j == 0 {
                    return false;
                }
                j -= 1;
            }
            let mask = cells.iter().fold(0u16, |m, &c| m | 1 << c);
            if mask.count_ones() == 4 {
                return true;
            }
        }
    }
}
