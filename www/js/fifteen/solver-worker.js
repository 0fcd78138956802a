// The sliding puzzle's solver, off the page's thread: a module worker with its own engine
// instance, so a search (and the first 4×4 search's table build) never freezes the board.
// solver.js is its only caller; cancelling a search ends this worker (a search cannot be
// interrupted from inside), and the next request starts a fresh one.
//
// Messages in: {id, tiles} → out: {id, solution, path} or {id, error}: the tile numbers to move,
// one per move, and the position after each of those moves (its tiles joined by commas), so the
// page knows the rest of the solution from every position along it.

import init, { Fifteen } from '../../pkg/fifteen.js';

const engine = init({ module_or_path: new URL('../../pkg/fifteen_bg.wasm', import.meta.url) });

self.addEventListener('message', async ({ data }) => {
  const { id } = data;
  try {
    await engine;
    const puzzle = Fifteen.fromTiles(data.tiles);
    const solution = puzzle.solve();
    const path = solution.map((tile) => {
      puzzle.slide(puzzle.tiles().indexOf(tile));
      return puzzle.tiles().join(',');
    });
    puzzle.free();
    self.postMessage({ id, solution, path });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
});
