//! Pattern databases for the 4×4 board: for every placement of a few tiles (the pattern), the
//! fewest moves *of those tiles* that bring them home, the other tiles being indistinguishable
//! and free to move (their moves cost nothing). Moves counted in one table are never counted in
//! another, so tables over disjoint patterns add up to a lower bound (Korf & Felner).

pub(super) const CELLS: usize = 16;
pub(super) const BLANK_HOME: usize = 15;
/// A table entry not reached yet.
const UNSEEN: u8 = u8::MAX;

/// Orthogonal neighbours of each cell, left/right and up/down apart.
const ACROSS: [u16; CELLS] = neighbour_masks(false);
const UP_DOWN: [u16; CELLS] = neighbour_masks(true);

const fn neighbour_masks(vertical: bool) -> [u16; CELLS] {
    let mut masks = [0u16; CELLS];
    let mut c = 0;
    while c < CELLS {
        if vertical {
            if c >= 4 {
                masks[c] |= 1 << (c - 4);
            }
            if c < 12 {
                masks[c] |= 1 << (c + 4);
            }
        } else {
            if c % 4 > 0 {
                masks[c] |= 1 << (c - 1);
            }
            if c % 4 < 3 {
                masks[c] |= 1 << (c + 1);
            }
        }
        c += 1;
    }
    masks
}

/// Number of placements of `m` tiles: 16·15·…·(16−m+1).
pub(super) const fn placements(m: usize) -> usize {
    let mut n = 1;
    let mut i = 0;
    while i < m {
        n *= CELLS - i;
        i += 1;
    }
    n
}

/// `rank` for six cells, written out: the size-optimised build does not unroll loops.
#[inline(always)]
pub(super) fn rank6([a, b, c, d, e, f]: [u8; 6]) -> usize {
    let lt = |x: u8, y: u8| usize::from(x < y);
    let rb = usize::from(b) - lt(a, b);
    let rc = usize::from(c) - lt(a, c) - lt(b, c);
    let rd = usize::from(d) - lt(a, d) - lt(b, d) - lt(c, d);
    let re = usize::from(e) - lt(a, e) - lt(b, e) - lt(c, e) - lt(d, e);
    let rf = usize::from(f) - lt(a, f) - lt(b, f) - lt(c, f) - lt(d, f) - lt(e, f);
    ((((usize::from(a) * 15 + rb) * 14 + rc) * 13 + rd) * 12 + re) * 11 + rf
}

/// `rank` for three cells, written out.
#[inline(always)]
pub(super) fn rank3([a, b, c]: [u8; 3]) -> usize {
    let lt = |x: u8, y: u8| usize::from(x < y);
    let rb = usize::from(b) - lt(a, b);
    let rc = usize::from(c) - lt(a, c) - lt(b, c);
    (usize::from(a) * 15 + rb) * 14 + rc
}

/// A placement of `M` distinct cells as a number below `placements(M)`: each cell counted among
/// the cells not taken by the tiles before it (a partial Lehmer code). It preserves the
/// lexicographic order of the cell tuples, which the build relies on.
#[inline(always)]
pub(super) fn rank<const M: usize>(cells: [u8; M]) -> usize {
    let mut index = 0usize;
    for i in 0..M {
        let mut r = usize::from(cells[i]);
        for j in 0..i {
            r -= usize::from(cells[j] < cells[i]);
        }
        index = index * (CELLS - i) + r;
    }
    index
}

const COLUMN_0: u16 = 0x1111;
const COLUMN_3: u16 = 0x8888;

/// The cells the blank can reach from `seeds` through `free` cells without moving a tile.
#[inline(always)]
fn flood(seeds: u16, free: u16) -> u16 {
    let mut region = seeds;
    loop {
        let grown = (region
            | region << 4
            | region >> 4
            | (region << 1 & !COLUMN_0)
            | (region >> 1 & !COLUMN_3))
            & free;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The table for tiles whose home cells are `home` (in that order), the blank's home being
/// cell 15. Entry `rank(cells)` is the distance of the placement `cells`.
///
/// A breadth-first search back from the goal. Moving the blank among free cells is free, so a
/// search state is a placement together with the connected region of free cells holding the
/// blank; a move is a pattern tile sliding into that region. Per placement the search keeps
/// the blank cells reached so far (`reached`) and those waiting to be expanded at this depth and
/// the next (`current`, `next`, as seeds of their regions). Each depth is a scan over all
/// placements in index order rather than a queue: the successors of neighbouring placements
/// then lie near each other in the arrays, which keeps this memory-bound search in cache. A
/// placement's value is the depth at which it is first expanded, the minimum over all blank
/// positions.
///
/// Memory while building: 7 bytes per placement (40 MB for six tiles); the table keeps one.
pub(super) fn build<const M: usize>(home: [u8; M]) -> Box<[u8]> {
    const { assert!(M >= 3 && M <= 7) };
    let size = placements(M);
    // weight[i]: how much the index changes when tile i's rank among free cells changes by one.
    let mut weight = [1usize; M];
    for i in (0..M - 1).rev() {
        weight[i] = weight[i + 1] * (CELLS - i - 1);
    }
    // passing[i][j]: the index change when tile i moves down past a cell holding tile j (or
    // nothing, j = M): tile i's own rank drops by one if j comes before it, otherwise j's rises.
    let mut passing = [[0usize; 8]; 8];
    for (i, row) in passing.iter_mut().enumerate().take(M) {
        for (j, change) in row.iter_mut().enumerate().take(M) {
            *change = match j.cmp(&i) {
                std::cmp::Ordering::Greater => weight[j],
                std::cmp::Ordering::Less => weight[i].wrapping_neg(),
                std::cmp::Ordering::Equal => 0,
            };
        }
    }
    // The last two tiles vary fastest: a block is all placements sharing the others' cells.
    let block = weight[M - 3];

    let mut dist = vec![UNSEEN; size].into_boxed_slice();
    let reached = &mut *vec![0u16; size];
    let mut current = vec![0u16; size].into_boxed_slice();
    let mut next = vec![0u16; size].into_boxed_slice();
    current[rank(home)] = 1 << BLANK_HOME;
    let moves = Moves::<M> {
        weight,
        passing,
        block,
    };
    // Called through a pointer the optimisers cannot see through, so that `wasm-opt` does not
    // inline it back into this function (it inlines functions that have one caller).
    let expand = std::hint::black_box(Moves::<M>::expand as Expand<M>);
    let mut depth = 0u8;
    while expand(&moves, depth, &mut dist, reached, &mut current, &mut next) {
        std::mem::swap(&mut current, &mut next);
        depth += 1;
    }
    dist
}

type Expand<const M: usize> =
    fn(&Moves<M>, u8, &mut [u8], &mut [u16], &mut [u16], &mut [u16]) -> bool;

/// What `build` needs to step from one placement's index to its neighbours'.
struct Moves<const M: usize> {
    weight: [usize; M],
    passing: [[usize; 8]; 8],
    block: usize,
}

impl<const M: usize> Moves<M> {
    /// One depth of `build`: expands every placement seeded in `seeds_now` (clearing it), marks
    /// those first reached with `depth`, and seeds their successors in `seeds_next`. False when
    /// nothing new was reached. A function of its own, called once a depth, because wasm
    /// engines compile a hot function better only for its *next* call (V8 has no on-stack
    /// replacement for wasm): as one long call the whole build ran in the baseline compiler's
    /// code in Chromium.
    #[inline(never)]
    fn expand(
        &self,
        depth: u8,
        dist: &mut [u8],
        reached: &mut [u16],
        seeds_now: &mut [u16],
        seeds_next: &mut [u16],
    ) -> bool {
        let Moves {
            weight,
            passing,
            block,
        } = *self;
        let mut found = 0u16;
        // The cells of all tiles but the last two, as an odometer over distinct cells.
        let mut prefix = [0u8; M];
        for (i, cell) in prefix.iter_mut().enumerate().take(M - 2) {
            *cell = i as u8;
        }
        let mut base = 0;
        loop {
            // Plain `while` loops with indices throughout: iterator adaptors cost a call each
            // in debug builds (where the tests build this table) and are not always inlined
            // in the size-optimised release build.
            let mut k = base;
            while k < base + block && seeds_now[k] == 0 {
                k += 1;
            }
            if k < base + block {
                let mut used = 0u16;
                // Which tile holds each cell (M: none); padded so cells ±3 never go out.
                let mut slot_at = [M as u8; CELLS + 3];
                let mut i = 0;
                while i < M - 2 {
                    used |= 1 << prefix[i];
                    slot_at[usize::from(prefix[i])] = i as u8;
                    i += 1;
                }
                let mut index = base;
                let mut a = 0u8;
                while a < CELLS as u8 {
                    if used & 1 << a != 0 {
                        a += 1;
                        continue;
                    }
                    slot_at[usize::from(a)] = (M - 2) as u8;
                    let mut b = 0u8;
                    while b < CELLS as u8 {
                        if b == a || used & 1 << b != 0 {
                            b += 1;
                            continue;
                        }
                        let seeds = seeds_now[index];
                        if seeds != 0 {
                            seeds_now[index] = 0;
                            slot_at[usize::from(b)] = (M - 1) as u8;
                            let mut cells = prefix;
                            cells[M - 2] = a;
                            cells[M - 1] = b;
                            debug_assert_eq!(rank(cells), index);
                            let region = flood(seeds, !(used | 1 << a | 1 << b));
                            reached[index] |= region;
                            if dist[index] == UNSEEN {
                                dist[index] = depth;
                            }
                            let mut i = 0;
                            while i < M {
                                let f = usize::from(cells[i]);
                                let bit = 1u16 << f;
                                let w = weight[i];
                                let pass = &passing[i];
                                let mut across = ACROSS[f] & region;
                                while across != 0 {
                                    let to = across.trailing_zeros() as usize;
                                    across &= across - 1;
                                    let moved =
                                        index.wrapping_add(to.wrapping_sub(f).wrapping_mul(w));
                                    found |= arrive(reached, seeds_next, moved, bit);
                                }
                                let vertical = UP_DOWN[f] & region;
                                if f + 4 < CELLS && vertical & 1 << (f + 4) != 0 {
                                    let shift = pass[usize::from(slot_at[f + 1])]
                                        .wrapping_add(pass[usize::from(slot_at[f + 2])])
                                        .wrapping_add(pass[usize::from(slot_at[f + 3])]);
                                    let moved = index.wrapping_add(4 * w).wrapping_add(shift);
                                    found |= arrive(reached, seeds_next, moved, bit);
                                }
                                if f >= 4 && vertical & 1 << (f - 4) != 0 {
                                    let shift = pass[usize::from(slot_at[f - 1])]
                                        .wrapping_add(pass[usize::from(slot_at[f - 2])])
                                        .wrapping_add(pass[usize::from(slot_at[f - 3])]);
                                    let moved = index.wrapping_sub(4 * w).wrapping_sub(shift);
                                    found |= arrive(reached, seeds_next, moved, bit);
                                }
                                i += 1;
                            }
                            slot_at[usize::from(b)] = M as u8;
                        }
                        index += 1;
                        b += 1;
                    }
                    slot_at[usize::from(a)] = M as u8;
                    a += 1;
                }
            }
            base += block;
            if !advance(&mut prefix[..M - 2]) {
                break;
            }
        }
        found != 0
    }
}

/// Records that placement `moved` was reached with the blank at `bit`; returns `bit` if that
/// is new. Branch-free on purpose: whether a successor is new is a coin toss the processor
/// cannot predict.
#[inline(always)]
fn arrive(reached: &mut [u16], next: &mut [u16], moved: usize, bit: u16) -> u16 {
    let seen = reached[moved];
    reached[moved] = seen | bit;
    next[moved] |= !seen & bit;
    !seen & bit
}

/// Steps `cells` (distinct) to the next tuple of distinct cells in lexicographic order; false
/// after the last.
fn advance(cells: &mut [u8]) -> bool {
    for j in (0..cells.len()).rev() {
        let used = cells[..j].iter().fold(0u16, |m, &c| m | 1 << c);
        if let Some(c) = (cells[j] + 1..CELLS as u8).find(|&c| used & 1 << c == 0) {
            cells[j] = c;
            let mut used = used | 1 << c;
            for k in cells[j + 1..].iter_mut() {
                let free = (!used).trailing_zeros() as u8;
                *k = free;
                used |= 1 << free;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_is_a_bijection_onto_its_range_in_lexicographic_order() {
        let mut cells = [0u8, 1, 2];
        let mut expected = 0;
        loop {
            assert_eq!(rank(cells), expected);
            expected += 1;
            if !advance(&mut cells) {
                break;
            }
        }
        assert_eq!(expected, placements(3));
    }

    #[test]
    fn written_out_ranks_agree() {
        let mut cells = [0u8, 1, 2];
        loop {
            assert_eq!(rank3(cells), rank(cells));
            let six = [cells[0], cells[1], cells[2], 15 - cells[0], 13, 14];
            if six.iter().fold(0u16, |m, &c| m | 1 << c).count_ones() == 6 {
                assert_eq!(rank6(six), rank(six));
            }
            if !advance(&mut cells) {
                break;
            }
        }
    }

    #[test]
    fn flood_stays_inside_free_cells_and_rows() {
        // Cells 3 and 4 are in different rows: no wrap from the end of a row to the next.
        let free = (1 << 3) | (1 << 4);
        assert_eq!(flood(1 << 3, free), 1 << 3);
        // A free column is one region.
        assert_eq!(flood(1 << 1, 0x2222), 0x2222);
    }

    /// Reference: a plain breadth-first search over (placement, blank cell) with 0-1 costs.
    fn reference<const M: usize>(home: [u8; M]) -> Vec<u8> {
        use std::collections::VecDeque;
        let size = placements(M);
        let mut best = vec![u8::MAX; size * CELLS];
        let mut queue = VecDeque::new();
        best[rank(home) * CELLS + BLANK_HOME] = 0;
        queue.push_back((home, BLANK_HOME, 0u8));
        while let Some((cells, blank, d)) = queue.pop_front() {
            if best[rank(cells) * CELLS + blank] < d {
                continue;
            }
            for to in 0..CELLS {
                if (ACROSS[blank] | UP_DOWN[blank]) & 1 << to == 0 {
                    continue;
                }
                let mut moved = cells;
                let cost = match cells.iter().position(|&c| usize::from(c) == to) {
                    Some(i) => {
                        moved[i] = blank as u8;
                        1
                    }
                    None => 0,
                };
                let slot = &mut best[rank(moved) * CELLS + to];
                if d + cost < *slot {
                    *slot = d + cost;
                    if cost == 0 {
                        queue.push_front((moved, to, d));
                    } else {
                        queue.push_back((moved, to, d + 1));
                    }
                }
            }
        }
        best.chunks(CELLS)
            .map(|c| *c.iter().min().unwrap())
            .collect()
    }

    #[test]
    fn build_matches_a_plain_zero_one_search() {
        // A corner where the blank's region splits often, and a spread-out pattern.
        for home in [[12u8, 13, 14], [0, 5, 10]] {
            assert_eq!(&*build(home), reference(home).as_slice(), "{home:?}");
        }
        let home = [0u8, 1, 4, 5];
        assert_eq!(&*build(home), reference(home).as_slice());
    }
}
