// Autoplay's speed, one for every game with an AI: its stops and where it is kept. A module of
// its own, apart from controls.js, so that the kept speed shows on the slider from the first
// board (load-helpers.js, which comes with a game's wiring), a moment before the helpers'
// script comes.

export const SPEED_KEY = 'gridplay.autoplay.speed';

/**
 * Autoplay's slider stops, slow to fastest: the search's budget, and the least time from one
 * move to the next (the search and the slide run within it). Slower speeds think longer, so
 * they also play better.
 */
export const SPEEDS = [
  { name: 'Slow', budgetMs: 500, pauseMs: 1200 },
  { name: 'Relaxed', budgetMs: 300, pauseMs: 600 },
  { name: 'Normal', budgetMs: 150, pauseMs: 300 },
  { name: 'Fast', budgetMs: 60, pauseMs: 100 },
  { name: 'Fastest', budgetMs: 20, pauseMs: 0 },
];

/** Keeps Autoplay's speed `value` (its stop, 1 to 5) in `storage`. */
export function keepSpeed(storage, value) {
  storage.set(SPEED_KEY, String(value));
}

/** Autoplay's speed kept in `storage`: its stop, 1 to 5 (Normal where none is kept). */
export function readSpeed(storage) {
  const stored = Number(storage.get(SPEED_KEY));
  return Number.isInteger(stored) && stored >= 1 && stored <= SPEEDS.length ? stored : 3;
}
