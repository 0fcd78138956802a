//! The sliding-puzzle solver against references that share none of its code: exhaustive and
//! bidirectional breadth-first searches for true distances, and published optimal lengths.
//!
//! Plain `cargo test` (a debug build) runs a light version of each check: the 4×4 tables alone
//! take about seven seconds to build there. `cargo test --release --test fifteen_solver` runs
//! the full counts.
#![cfg(not(target_arch = "wasm32"))]

use gridplay::fifteen::solver::{self, heuristic4, is_solvable, solve};
use gridplay::fifteen::Fifteen;
use gridplay::rng::Rng;
use std::collections::{HashMap, HashSet, VecDeque};

/// `debug` cases in a debug build, `release` in an optimised one.
fn cases(debug: usize, release: usize) -> usize {
    if cfg!(debug_assertions) {
        debug
    } else {
        release
    }
}

fn goal(n: usize) -> Vec<u8> {
    (1..(n * n) as u8).chain([0]).collect()
}

/// Plays `moves` from `tiles`, each the number of a tile next to the blank.
fn replay(tiles: &[u8], moves: &[u8], n: usize) -> Result<Vec<u8>, String> {
    let mut board = tiles.to_vec();
    for (i, &tile) in moves.iter().enumerate() {
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let at = board
            .iter()
            .position(|&t| t == tile)
            .ok_or(format!("move {i}: no tile {tile}"))?;
        let adjacent = (at / n == blank / n && at.abs_diff(blank) == 1) || at.abs_diff(blank) == n;
        if tile == 0 || !adjacent {
            return Err(format!("move {i}: tile {tile} is not next to the blank"));
        }
        board.swap(at, blank);
    }
    Ok(board)
}

fn assert_solves(tiles: &[u8], moves: &[u8]) {
    let n = (tiles.len() as f64).sqrt() as usize;
    match replay(tiles, moves, n) {
        Ok(end) => assert_eq!(end, goal(n), "{tiles:?} with {moves:?} does not end solved"),
        Err(e) => panic!("{tiles:?} with {moves:?}: {e}"),
    }
}

/// A deal as the game deals it (uniform over the solvable arrangements), from a seed drawn
/// from `rng`.
fn random_deal(rng: &mut Rng, n: usize) -> Vec<u8> {
    Fifteen::deal(n, rng.below(u32::MAX)).tiles().to_vec()
}

/// The positions one move away.
fn neighbours(board: &[u8], n: usize) -> Vec<Vec<u8>> {
    let blank = board.iter().position(|&t| t == 0).unwrap();
    let (r, c) = (blank / n, blank % n);
    let mut out = Vec::with_capacity(4);
    for (ok, to) in [
        (r > 0, blank.wrapping_sub(n)),
        (r + 1 < n, blank + n),
        (c > 0, blank.wrapping_sub(1)),
        (c + 1 < n, blank + 1),
    ] {
        if ok {
            let mut next = board.to_vec();
            next.swap(blank, to);
            out.push(next);
        }
    }
    out
}

/// Every position within `radius` moves of `start`, with its distance.
fn ball(start: &[u8], radius: u8, n: usize) -> HashMap<Vec<u8>, u8> {
    let mut dist = HashMap::from([(start.to_vec(), 0u8)]);
    let mut queue = VecDeque::from([start.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        if d == radius {
            continue;
        }
        for next in neighbours(&board, n) {
            if !dist.contains_key(&next) {
                dist.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// The true distance of `board` to the goal if it is at most twice the goal ball's radius:
/// a shortest path has a midpoint within that radius of both ends.
fn meet(board: &[u8], goal_ball: &HashMap<Vec<u8>, u8>, radius: u8, n: usize) -> Option<u8> {
    ball(board, radius, n)
        .iter()
        .filter_map(|(b, d)| goal_ball.get(b).map(|g| d + g))
        .min()
}

/// A random walk of `steps` moves from the goal, never undoing the last move.
fn walk(rng: &mut Rng, n: usize, steps: usize) -> Vec<u8> {
    let mut board = goal(n);
    let mut previous: Option<Vec<u8>> = None;
    for _ in 0..steps {
        let options: Vec<Vec<u8>> = neighbours(&board, n)
            .into_iter()
            .filter(|b| Some(b) != previous.as_ref())
            .collect();
        let next = options[rng.index(options.len())].clone();
        previous = Some(std::mem::replace(&mut board, next));
    }
    board
}

fn manhattan(tiles: &[u8], n: usize) -> usize {
    tiles
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(c, &t)| {
            let home = usize::from(t) - 1;
            (c / n).abs_diff(home / n) + (c % n).abs_diff(home % n)
        })
        .sum()
}

#[test]
fn solvability_follows_the_parity_rules() {
    assert!(is_solvable(&goal(3)));
    assert!(is_solvable(&goal(4)));
    assert!(is_solvable(&goal(5)));
    // Two tiles swapped: one inversion, never solvable.
    for n in 3..=5 {
        let mut swapped = goal(n);
        swapped.swap(0, 1);
        assert!(!is_solvable(&swapped), "{n}");
    }
    // On even widths moving the blank up a row flips the parity: still solvable.
    let mut up = goal(4);
    up.swap(15, 11);
    assert!(is_solvable(&up));
    assert!(!is_solvable(&[1, 2, 3, 4, 5, 6, 7, 8, 8]));
}

#[test]
fn a_solved_board_needs_no_moves() {
    for n in 3..=5 {
        assert!(solve(&goal(n)).is_empty(), "{n}");
    }
}

#[test]
fn prepare_builds_the_tables_once() {
    solver::prepare(4);
    assert!(solver::is_prepared(4));
    assert!(solver::is_prepared(5));
    assert!(solver::is_prepared(3));
    assert!(solver::table_bytes(4) > 5_000_000);
    solver::prepare(4);
    solver::prepare(5);
}

/// Every 3×3 position's distance, by breadth-first search from the goal (index: Lehmer code).
fn all_three_by_three() -> Vec<u8> {
    fn index(board: &[u8]) -> usize {
        let mut index = 0;
        for i in 0..9 {
            let smaller_after = board[i + 1..].iter().filter(|&&t| t < board[i]).count();
            index = index * (9 - i) + smaller_after;
        }
        index
    }
    let mut dist = vec![u8::MAX; 362_880];
    let start = goal(3);
    dist[index(&start)] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(board) = queue.pop_front() {
        let d = dist[index(&board)];
        for next in neighbours(&board, 3) {
            let i = index(&next);
            if dist[i] == u8::MAX {
                dist[i] = d + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}

#[test]
fn three_by_three_solutions_are_optimal() {
    let dist = all_three_by_three();
    let reachable = dist.iter().filter(|&&d| d != u8::MAX).count();
    assert_eq!(reachable, 181_440);
    assert_eq!(dist.iter().filter(|&&d| d != u8::MAX).max(), Some(&31));

    let mut rng = Rng::from_seed(3);
    for _ in 0..cases(300, 3000) {
        let tiles = random_deal(&mut rng, 3);
        let moves = solve(&tiles);
        assert_solves(&tiles, &moves);
        let mut lehmer = 0;
        for i in 0..9 {
            let smaller_after = tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count();
            lehmer = lehmer * (9 - i) + smaller_after;
        }
        assert_eq!(moves.len(), usize::from(dist[lehmer]), "{tiles:?}");
    }
}

#[test]
fn three_by_three_hardest_positions_take_31_moves() {
    // The two positions 31 moves from this goal (found by the search above; checked here so
    // the slowest case is always run).
    for tiles in [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]] {
        let moves = solve(&tiles);
        assert_solves(&tiles, &moves);
        assert_eq!(moves.len(), 31, "{tiles:?}");
    }
}

/// Korf's (1985) instances are written with the blank's home top left and tile k at cell k.
/// Turning the board half round maps that goal onto ours: cell p to 15 − p, tile k to 16 − k.
fn from_korf(korf: [u8; 16]) -> Vec<u8> {
    let mut tiles = vec![0u8; 16];
    for (p, &k) in korf.iter().enumerate() {
        tiles[15 - p] = if k == 0 { 0 } else { 16 - k };
    }
    tiles
}

#[test]
fn korf_instances_take_their_published_optimal_lengths() {
    // The first five of Korf's hundred random instances (Korf 1985) and their optimal lengths.
    let instances: [([u8; 16], usize); 5] = [
        ([14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3], 57),
        ([13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6], 55),
        ([14, 7, 8, 2, 13, 11, 10, 4, 9, 12, 5, 0, 3, 6, 1, 15], 59),
        ([5, 12, 10, 7, 15, 11, 14, 0, 8, 2, 1, 13, 3, 4, 9, 6], 56),
        ([4, 7, 14, 13, 10, 3, 9, 12, 11, 5, 6, 15, 1, 2, 8, 0], 56),
    ];
    // Instance 3 takes ten times the nodes of the others.
    let light = [0, 1, 3, 4];
    for (i, (korf, optimal)) in instances.into_iter().enumerate() {
        if cfg!(debug_assertions) && !light.contains(&i) {
            continue;
        }
        let tiles = from_korf(korf);
        assert!(is_solvable(&tiles));
        let moves = solve(&tiles);
        assert_solves(&tiles, &moves);
        assert_eq!(moves.len(), optimal, "{korf:?}");
    }
}

#[test]
fn four_by_four_solutions_are_optimal_where_the_distance_is_known() {
    let radius = if cfg!(debug_assertions) { 11 } else { 13 };
    let goal_ball = ball(&goal(4), radius, 4);
    let mut rng = Rng::from_seed(4);
    let mut checked = 0;
    while checked < cases(6, 40) {
        let steps = 16 + rng.index(30);
        let tiles = walk(&mut rng, 4, steps);
        let Some(distance) = meet(&tiles, &goal_ball, radius, 4) else {
            continue;
        };
        let moves = solve(&tiles);
        assert_solves(&tiles, &moves);
        assert_eq!(moves.len(), usize::from(distance), "{tiles:?}");
        assert!(heuristic4(&tiles) <= u32::from(distance), "{tiles:?}");
        checked += 1;
    }
    // Every position near the goal, solved and bounded exactly.
    for (tiles, &distance) in goal_ball.iter().filter(|(_, &d)| d <= 6) {
        assert_eq!(solve(tiles).len(), usize::from(distance), "{tiles:?}");
    }
}

#[test]
fn four_by_four_heuristic_is_admissible_and_zero_only_at_the_goal() {
    let radius = if cfg!(debug_assertions) { 11 } else { 14 };
    let goal_ball = ball(&goal(4), radius, 4);
    let mut beyond_manhattan = 0;
    for (tiles, &distance) in &goal_ball {
        let h = heuristic4(tiles);
        assert!(h <= u32::from(distance), "h {h} > {distance} for {tiles:?}");
        assert_eq!(h == 0, distance == 0, "{tiles:?}");
        assert_eq!(h % 2, u32::from(distance) % 2, "{tiles:?}");
        // Never below Manhattan distance, which each table refines.
        assert!(h as usize >= manhattan(tiles, 4), "{tiles:?}");
        beyond_manhattan += usize::from(h as usize > manhattan(tiles, 4));
    }
    assert!(
        beyond_manhattan > goal_ball.len() / 20,
        "the tables add nothing"
    );
}

#[test]
fn four_by_four_random_deals_are_solved_optimally_long_or_short() {
    let mut rng = Rng::from_seed(44);
    for _ in 0..cases(2, 12) {
        let tiles = random_deal(&mut rng, 4);
        let h = heuristic4(&tiles);
        let moves = solve(&tiles);
        assert_solves(&tiles, &moves);
        // Admissible, and the length has the parity every solution of this deal has.
        assert!(moves.len() >= h as usize, "{tiles:?}");
        assert_eq!(moves.len() % 2, manhattan(&tiles, 4) % 2);
        // No position is more than 80 moves away; random deals need well over 30.
        assert!(
            (30..=80).contains(&moves.len()),
            "{tiles:?}: {}",
            moves.len()
        );
    }
}

#[test]
fn five_by_five_random_deals_get_short_solutions() {
    let mut rng = Rng::from_seed(5);
    let mut total = 0;
    // Several seconds a deal in a debug build; scrambled-but-not-random boards stand in there.
    let deals = cases(0, 10);
    for _ in 0..deals {
        let tiles = random_deal(&mut rng, 5);
        let moves = solve(&tiles);
        assert_solves(&tiles, &moves);
        assert!(moves.len() >= manhattan(&tiles, 5));
        total += moves.len();
    }
    // Optimal solutions of random 5×5 deals average about 100 moves; this solver's about 135.
    if let Some(mean) = total.checked_div(deals) {
        assert!(mean <= 150, "mean {mean}");
    }
}

#[test]
fn five_by_five_scrambled_boards_are_solved() {
    let mut rng = Rng::from_seed(50);
    for steps in [30, 60] {
        let tiles = walk(&mut rng, 5, steps);
        let moves = solve(&tiles);
        assert_solves(&tiles, &moves);
        assert!(moves.len() >= manhattan(&tiles, 5));
    }
}

#[test]
fn five_by_five_near_goal_positions_stay_short() {
    let mut rng = Rng::from_seed(55);
    for steps in [1, 2, 5, 9] {
        let tiles = walk(&mut rng, 5, steps);
        let moves = solve(&tiles);
        assert_solves(&tiles, &moves);
        // Each placed group is brought home by a shortest path, and so is the 4×4 rest.
        assert!(
            moves.len() <= 3 * steps,
            "{steps} steps away, {} moves",
            moves.len()
        );
    }
}

#[test]
fn walks_checked_by_the_meeting_search_agree_with_plain_search() {
    // The bidirectional distance used above, against a full ball on small walks.
    let goal_ball = ball(&goal(4), 8, 4);
    let mut rng = Rng::from_seed(8);
    let mut seen = HashSet::new();
    for _ in 0..20 {
        let tiles = walk(&mut rng, 4, 8);
        if seen.insert(tiles.clone()) {
            assert_eq!(
                meet(&tiles, &ball(&goal(4), 4, 4), 4, 4),
                goal_ball.get(&tiles).copied()
            );
        }
    }
}
