// The page's side of the solver, which runs in the helpers' worker (shared/helper.js):
// solutions by promise, remembered per position, and a cancel that really stops the search.

import { Cancelled, HelperWorker } from '../shared/helper.js';

export { Cancelled };

export class Solver {
  constructor() {
    this._client = new HelperWorker('fifteen', 'the solver');
    // Positions solved this visit, and every position along each solution (tiles joined →
    // the moves left), so Hint after Solve, or the solved panel's optimal length after a Hint,
    // costs nothing; and a player who follows a hint is told the same solution's rest. On 5×5
    // the solver is not optimal, and a fresh search one move along can come out longer or
    // shorter: Hint would say "141 to go" and Solve, one move later, "147".
    this._known = new Map();
  }

  /** The solution for `tiles` (reading order, 0 the blank): a promise of tile numbers. */
  solve(tiles) {
    const key = tiles.join(',');
    const known = this._known.get(key);
    if (known) return Promise.resolve(known);
    return this._client.ask('solve', { tiles: [...tiles] }).then(({ solution, path }) => {
      if (this._known.size > 5000) this._known.clear();
      this._known.set(key, solution);
      path.forEach((position, i) => this._known.set(position, solution.slice(i + 1)));
      return solution;
    });
  }

  /** Stops every search under way; their promises reject with Cancelled. */
  cancel() {
    this._client.cancel();
  }

  /** Ends the worker for good (the route closed). */
  destroy() {
    this._client.destroy();
  }
}
