// The sliding puzzle's solver, off the page's thread: a module worker with its own engine
// instance, so a search (and the first 4×4 search's table build) never freezes the board.
// solver.js is its only caller; cancelling a search ends this worker (a search cannot be
// interrupted from inside), and the next request starts a fresh one.
//
// Messages in: {id, tiles} → out: {id, solution} (tile numbers, one per move) or {id, error}

import init, { Fifteen } from '../../pkg/fifteen.js';

const engine = init({ module_or_path: new URL('../../pkg/fifteen_bg.wasm', import.meta.url) });

self.addEventListener('message', async ({ data }) => {
  const { id } = data;
  try {
    await engine;
    const puzzle = Fifteen.fromTiles(data.tiles);
    const solution = puzzle.solve();
    puzzle.free();
    self.postMessage({ id, solution });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
});
