//! What the two expectimax searches share, written once: the clock that counts positions and
//! abandons a depth at the deadline, iterative deepening under a [`Limits`], the per-search
//! transposition cache, and the per-row heuristic tables (built from a parameter slice and kept
//! per thread, so a tuner calling `search` thousands of times builds them once).
//!
//! The games differ only in their chance nodes (2048's spawn on any empty cell, Threes' deck,
//! bonus and far-edge entry), which live in `game2048.rs` and `threes.rs`.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::thread::LocalKey;

use super::bitboard::{transpose, Bitboard, MoveTables};
use super::{Choice, Deadline, Limits};
use crate::direction::Direction;

/// A branch whose probability of being reached falls below this is scored by the heuristic
/// instead of searched: nneonneo/2048-ai's `CPROB_THRESH_BASE` (0.0001). Positions that
/// unlikely barely move an expectation, and pruning them is what makes depth 3–5 affordable.
pub const PRUNE_BELOW: f64 = 1e-4;

/// The clock is read once per this many positions: reading it costs more than a position.
const CHECK_EVERY: u64 = 1024;

/// A depth beyond this is never started, whatever the budget (a search with nothing left to
/// cut by depth stops earlier, see [`Clock::depth_limited`]).
const DEEPEST: u32 = 30;

/// Counts positions and says when the search must stop.
pub struct Clock {
    deadline: Option<Deadline>,
    /// Positions visited (max nodes, leaves included).
    pub nodes: u64,
    /// Set once the deadline passed: every node then returns at once and the depth in progress
    /// is thrown away.
    pub aborted: bool,
    /// True if some leaf was scored because the depth ran out (not because the game was over
    /// or the branch too unlikely): only then can a deeper search see more.
    pub depth_limited: bool,
}

impl Clock {
    fn new(deadline: Option<Deadline>) -> Clock {
        Clock {
            deadline,
            nodes: 0,
            aborted: false,
            depth_limited: false,
        }
    }

    /// Counts one position; true once the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 {
            if let Some(deadline) = self.deadline {
                self.aborted |= deadline.passed();
            }
        }
        self.aborted
    }
}

/// Iterative deepening: depth 1, 2, 3, ... with `search(clock, depth, first)` (the move it
/// prefers, `None` when no move is legal; `first`, the last depth's choice, searched first)
/// until the budget or `limits.max_depth` says stop. Depth 1 runs without a deadline so that
/// even a budget of 0 answers.
///
/// A deeper depth starts whenever time is left, and the deadline usually interrupts it. Its
/// root moves that finished are not thrown away: they were valued at the same depth as each
/// other, and the last choice is among them once the first has finished, so the best of them
/// is a better-informed choice than the last depth's. Measured against the choice of a
/// search ten times as long, on the same 242 mid-game 2048 positions at 100 ms: 86.8 % agreed
/// when an interrupted depth was discarded and one predicted to overrun was not started (the
/// search then used 72 of its 100 ms on average), 93.0 % this way.
///
/// `deadline` is taken by the caller when its call began, so that setting up (the heuristic
/// tables of new parameters, the cache) counts against the budget too.
pub fn deepen(
    limits: Limits,
    deadline: Deadline,
    mut search: impl FnMut(&mut Clock, u32, Option<Direction>) -> Option<Direction>,
) -> Choice {
    let cap = limits.max_depth.unwrap_or(DEEPEST).clamp(1, DEEPEST);

    let mut clock = Clock::new(None);
    let mut choice = Choice {
        direction: search(&mut clock, 1, None),
        depth: 1,
        states: clock.nodes,
    };
    let mut more = clock.depth_limited && choice.direction.is_some();
    clock.deadline = Some(deadline);
    let mut depth = 1;
    while more && depth < cap && !deadline.passed() {
        depth += 1;
        clock.depth_limited = false;
        let direction = search(&mut clock, depth, choice.direction);
        if clock.aborted {
            // The best of the root moves that finished, if any did; `depth` stays the last
            // one finished.
            choice.direction = direction.or(choice.direction);
            break;
        }
        choice.direction = direction;
        choice.depth = depth;
        more = clock.depth_limited;
    }
    choice.states = clock.nodes;
    choice
}

/// What a game adds to the shared expectimax: the chance after a move, and what besides the
/// board a position holds (Threes' deck; nothing for 2048).
pub trait Chance: Sized {
    /// The rest of a position, carried down the search (a drawn card leaves the deck).
    type State: Copy;
    /// How the cache tells positions apart.
    type Key: Copy + Default + Eq + Hash;

    /// The cache's key for a position.
    fn key(board: Bitboard, state: Self::State) -> Self::Key;

    /// The expected value once the player has moved `before` to `after` toward `direction`
    /// and chance has had its turn, each outcome valued by [`Expectimax::play`] with `depth`
    /// moves left and its probability `prob` of being reached.
    #[allow(clippy::too_many_arguments)]
    fn chance(
        search: &mut Expectimax<'_, Self>,
        before: Bitboard,
        after: Bitboard,
        direction: Direction,
        state: Self::State,
        depth: u32,
        prob: f64,
    ) -> f64;

    /// The chance right after the root move, which may know more (Threes' preview).
    fn first_chance(
        search: &mut Expectimax<'_, Self>,
        before: Bitboard,
        after: Bitboard,
        direction: Direction,
        state: Self::State,
        depth: u32,
    ) -> f64 {
        Self::chance(search, before, after, direction, state, depth, 1.0)
    }
}

/// One depth of one search: max nodes over the four moves, the game's chance between them.
pub struct Expectimax<'a, G: Chance> {
    /// The game's own facts for its chance nodes (Threes' preview).
    pub game: &'a G,
    tables: &'static MoveTables,
    heuristic: &'a [f32],
    cache: &'a mut Cache<G::Key>,
    /// Counts the positions valued and stops the search at its deadline.
    pub clock: &'a mut Clock,
}

impl<G: Chance> Expectimax<'_, G> {
    /// The best move at `board`, looking `depth` moves ahead; `None` if no move is legal.
    /// `first` is searched first (the previous depth's choice). If the deadline interrupts,
    /// the best of the moves that finished is returned (`None` if none did): all were valued
    /// at the same depth, so they compare fairly, and `first` is among them once it finished.
    /// Ties go to `first`, then to the first in [`Direction::ALL`].
    fn root(
        &mut self,
        board: Bitboard,
        state: G::State,
        depth: u32,
        first: Option<Direction>,
    ) -> Option<Direction> {
        let order = first
            .into_iter()
            .chain(Direction::ALL.into_iter().filter(|&d| Some(d) != first));
        let mut best: Option<(Direction, f64)> = None;
        for direction in order {
            let after = self.tables.shift(board, direction);
            if after == board {
                continue;
            }
            let value = G::first_chance(self, board, after, direction, state, depth - 1);
            if self.clock.aborted {
                break;
            }
            if best.is_none_or(|(_, v)| value > v) {
                best = Some((direction, value));
            }
        }
        best.map(|(d, _)| d)
    }

    /// The player to move at `board`, with `depth` moves left to look at, reached with
    /// probability `prob`.
    pub fn play(&mut self, board: Bitboard, state: G::State, depth: u32, prob: f64) -> f64 {
        if self.clock.tick() {
            return 0.0;
        }
        if depth == 0 || prob < PRUNE_BELOW {
            self.clock.depth_limited |= depth == 0;
            return evaluate(board, self.heuristic);
        }
        let key = G::key(board, state);
        if let Some(value) = self.cache.get(&key, depth) {
            return value;
        }
        // A position with no move is lost and worth 0; the heuristic's lost penalty (a
        // constant in every row) is what puts live positions above it.
        let mut best = 0.0_f64;
        for direction in Direction::ALL {
            let after = self.tables.shift(board, direction);
            if after != board {
                let value = G::chance(self, board, after, direction, state, depth - 1, prob);
                best = best.max(value);
            }
        }
        if !self.clock.aborted {
            self.cache.put(key, depth, best);
        }
        best
    }
}

/// A whole search of `board` (with `state`) for `game`: the thread's cache from `cache`,
/// emptied first; iterative deepening under `limits` from `deadline`; the move tables and the
/// heuristic's row table.
#[allow(clippy::too_many_arguments)]
pub fn run<G: Chance>(
    cache: &'static LocalKey<RefCell<Cache<G::Key>>>,
    game: &G,
    tables: &'static MoveTables,
    heuristic: &[f32],
    board: Bitboard,
    state: G::State,
    limits: Limits,
    deadline: Deadline,
) -> Choice {
    cache.with(|cell| {
        let mut cache = cell.borrow_mut();
        cache.clear();
        deepen(limits, deadline, |clock, depth, first| {
            Expectimax {
                game,
                tables,
                heuristic,
                cache: &mut cache,
                clock,
            }
            .root(board, state, depth, first)
        })
    })
}

/// A multiply-rotate hash for bitboards: std's SipHash costs more than the search's own work
/// per position, and a search's keys are not chosen by an adversary.
#[derive(Default)]
pub struct BoardHasher(u64);

impl Hasher for BoardHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.write_u64(u64::from(x));
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The table indexes by the low bits and tags by the high ones: fold both halves in.
        self.0 ^ (self.0 >> 31)
    }
}

/// One slot of the cache: a position's value, good for any search that looks no deeper than
/// `depth` moves from it, written by the search numbered `generation`.
#[derive(Clone, Copy, Default)]
struct Slot<K> {
    key: K,
    generation: u32,
    depth: u8,
    value: f32,
}

/// log2 of the cache's slots: 2^18 slots (4–6 MB) hold the positions of a 100 ms search.
const CACHE_BITS: u32 = 18;

/// The transposition cache: the same position is reached by many move orders and spawn
/// orders, and need be searched once per depth left. It is a fixed table, one slot per hash,
/// a newer position replacing an older one: unlike a growing map it never stops the search to
/// rehash (which would blow a deadline) and, kept per thread, it is allocated once however
/// many searches a tuner runs; a search's number (`generation`) tells its slots from stale
/// ones without clearing. Like nneonneo's, it ignores that a value also depends on how likely
/// the path was (the pruning), which is close enough.
pub struct Cache<K> {
    slots: Vec<Slot<K>>,
    generation: u32,
}

impl<K: Copy + Default + Eq + Hash> Cache<K> {
    /// An empty cache; its table is allocated at the first [`clear`](Cache::clear).
    pub fn new() -> Cache<K> {
        Cache {
            slots: Vec::new(),
            generation: 0,
        }
    }

    /// Forgets every position: the start of a new search.
    pub fn clear(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![Slot::default(); 1 << CACHE_BITS];
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 searches the numbers come round: wipe the slots once.
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
    }

    #[inline]
    fn index(key: &K) -> usize {
        let mut hasher = BoardHasher::default();
        key.hash(&mut hasher);
        (hasher.finish() >> (64 - CACHE_BITS)) as usize
    }

    /// The value of `key` if this search looked at it at least `depth` deep.
    #[inline]
    pub fn get(&self, key: &K, depth: u32) -> Option<f64> {
        let slot = self.slots.get(Self::index(key))?;
        (slot.generation == self.generation && slot.key == *key && u32::from(slot.depth) >= depth)
            .then_some(f64::from(slot.value))
    }

    /// Keeps `value` for `key`, looked at `depth` deep, over whatever held its slot.
    #[inline]
    pub fn put(&mut self, key: K, depth: u32, value: f64) {
        let generation = self.generation;
        if let Some(slot) = self.slots.get_mut(Self::index(&key)) {
            *slot = Slot {
                key,
                generation,
                depth: depth.min(255) as u8,
                value: value as f32,
            };
        }
    }
}

impl<K: Copy + Default + Eq + Hash> Default for Cache<K> {
    fn default() -> Self {
        Cache::new()
    }
}

/// A heuristic as one value per row (65 536 entries, cell 0 in the low nibble); a board scores
/// the sum over its four rows and the four rows of its transpose (its columns).
pub type RowTable = Rc<[f32]>;

/// The thread's row table for one game, rebuilt only when `params` change.
pub type TableSlot = RefCell<Option<(Vec<f64>, RowTable)>>;

/// The row table of `params` from `slot`, built by `build` on first use or when the parameters
/// differ from the last call's (a tuner calls with one set many times, one thread a core).
pub fn row_table(
    slot: &'static LocalKey<TableSlot>,
    params: &[f64],
    build: fn(&[f64]) -> Vec<f32>,
) -> RowTable {
    slot.with(|cell| {
        let mut cached = cell.borrow_mut();
        if let Some((key, table)) = cached.as_ref() {
            if key.as_slice() == params {
                return Rc::clone(table);
            }
        }
        let table: RowTable = build(params).into();
        *cached = Some((params.to_vec(), Rc::clone(&table)));
        table
    })
}

/// The heuristic value of `board`: its rows plus its columns, each looked up in `table`.
#[inline]
pub fn evaluate(board: Bitboard, table: &[f32]) -> f64 {
    let rows = |b: Bitboard| -> f32 {
        table[(b & 0xFFFF) as usize]
            + table[((b >> 16) & 0xFFFF) as usize]
            + table[((b >> 32) & 0xFFFF) as usize]
            + table[((b >> 48) & 0xFFFF) as usize]
    };
    f64::from(rows(board)) + f64::from(rows(transpose(board)))
}

/// The four ranks of a row, cell 0 first.
pub fn row_ranks(row: usize) -> [u32; 4] {
    [0, 4, 8, 12].map(|s| ((row >> s) & 0xF) as u32)
}

/// rank^power for the sixteen ranks: a row table takes 65 536 rows × 4 cells of powers, and
/// sixteen `powf`s instead keep a first search (or a tuner's new parameters) quick.
pub fn powers(power: f64) -> [f64; 16] {
    std::array::from_fn(|r| (r as f64).powf(power))
}

/// nneonneo's monotonicity term for one line: the smaller of the rises and the falls, each
/// measured in rank^power (`pow` from [`powers`]), so a line that only rises or only falls
/// costs nothing and a peak in the middle costs most.
pub fn monotonicity(line: &[u32; 4], pow: &[f64; 16]) -> f64 {
    let (mut left, mut right) = (0.0, 0.0);
    for i in 1..4 {
        let (a, b) = (pow[line[i - 1] as usize], pow[line[i] as usize]);
        if a > b {
            left += a - b;
        } else {
            right += b - a;
        }
    }
    f64::min(left, right)
}

/// The highest rank on `board`.
#[inline]
pub fn highest_rank(board: Bitboard) -> u8 {
    (0..16)
        .map(|i| ((board >> (4 * i)) & 0xF) as u8)
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in search: depths up to `quick` answer Left at once; deeper ones spin until the
    /// deadline stops them, and then answer `interrupted` (what the root moves that finished
    /// preferred, `None` if none finished).
    fn fake(
        quick: u32,
        interrupted: Option<Direction>,
    ) -> impl FnMut(&mut Clock, u32, Option<Direction>) -> Option<Direction> {
        move |clock, depth, _| {
            clock.depth_limited = true;
            if depth <= quick {
                clock.tick();
                return Some(Direction::Left);
            }
            while !clock.tick() {}
            interrupted
        }
    }

    fn limits(budget_ms: f64, max_depth: Option<u32>) -> Limits {
        Limits {
            budget_ms,
            max_depth,
        }
    }

    #[test]
    fn a_depth_interrupted_before_any_move_finished_keeps_the_last_choice() {
        let choice = deepen(limits(5.0, None), Deadline::after(5.0), fake(2, None));
        assert_eq!(choice.direction, Some(Direction::Left));
        assert_eq!(choice.depth, 2);
    }

    #[test]
    fn an_interrupted_depth_answers_with_the_moves_that_finished() {
        let choice = deepen(
            limits(5.0, None),
            Deadline::after(5.0),
            fake(2, Some(Direction::Right)),
        );
        assert_eq!(choice.direction, Some(Direction::Right));
        assert_eq!(
            choice.depth, 2,
            "the depth reported is the last one finished"
        );
    }

    #[test]
    fn each_depth_searches_the_last_choice_first() {
        let mut firsts = Vec::new();
        let choice = deepen(
            limits(1e9, Some(4)),
            Deadline::after(1e9),
            |clock, depth, first| {
                firsts.push(first);
                clock.depth_limited = true;
                clock.tick();
                Some(Direction::ALL[depth as usize % 4])
            },
        );
        assert_eq!(choice.direction, Some(Direction::ALL[0]));
        assert_eq!(
            firsts,
            [
                None,
                Some(Direction::ALL[1]),
                Some(Direction::ALL[2]),
                Some(Direction::ALL[3])
            ]
        );
    }

    #[test]
    fn depth_1_finishes_even_with_no_budget() {
        // Depth 1 runs without a deadline (its spinning would never end); depth 2 never starts.
        let choice = deepen(limits(0.0, None), Deadline::after(0.0), fake(1, None));
        assert_eq!(choice.direction, Some(Direction::Left));
        assert_eq!(choice.depth, 1);
    }

    #[test]
    fn the_depth_cap_is_kept() {
        let choice = deepen(limits(1e9, Some(3)), Deadline::after(1e9), fake(10, None));
        assert_eq!(choice.depth, 3);
    }

    #[test]
    fn deepening_stops_when_no_leaf_was_cut_by_depth() {
        let mut calls = 0;
        let choice = deepen(limits(1e9, None), Deadline::after(1e9), |clock, _, _| {
            calls += 1;
            clock.tick();
            Some(Direction::Up)
        });
        assert_eq!((choice.depth, calls), (1, 1));
    }

    #[test]
    fn the_cache_forgets_between_searches_and_keeps_depths() {
        let mut cache = Cache::<u64>::new();
        cache.clear();
        cache.put(42, 3, 1.5);
        assert_eq!(cache.get(&42, 3), Some(1.5));
        assert_eq!(cache.get(&42, 2), Some(1.5));
        assert_eq!(
            cache.get(&42, 4),
            None,
            "a shallower value does not answer a deeper search"
        );
        assert_eq!(cache.get(&43, 1), None);
        cache.clear();
        assert_eq!(cache.get(&42, 1), None);
    }
}
