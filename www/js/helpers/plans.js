// The plans asked of the helpers' worker for one game, remembered: a solver's solution at every
// position along it (Hint after Solve costs nothing, and one who follows the hints hears the
// same solution's rest), and each answer on its way, which a solver's question about the same
// position shares (a Hint asked while the deal is solved from its start waits for that solve).

export class Plans {
  /**
   * @param {import('./helper.js').HelperWorker} worker  where plans are worked out
   * @param {boolean} solver  whether a plan is a whole solution, the same whatever the budget
   */
  constructor(worker, solver) {
    this.worker = worker;
    this.solver = solver;
    /** Solutions known this visit, at every position along them: save → the plan from there. */
    this._known = new Map();
    /** Plans on their way from the worker: save → the promise of the plan. */
    this._thinking = new Map();
  }

  /** The helper's plan from the position `save`: a promise of {moves, solution, shortest, why}. */
  ask(save, budgetMs) {
    const known = this._known.get(save);
    if (known) return Promise.resolve(known);
    if (this.solver && this._thinking.has(save)) return this._thinking.get(save);
    const answer = this.worker.ask('plan', { save, budgetMs }).then(({ moves, saves, solution, shortest, why }) => {
      if (solution) {
        if (this._known.size > 5000) this._known.clear();
        [save, ...saves].forEach((at, i) => this._known.set(at, { moves: moves.slice(i), solution, shortest }));
      }
      return { moves, solution, shortest, why };
    }).finally(() => {
      if (this._thinking.get(save) === answer) this._thinking.delete(save);
    });
    this._thinking.set(save, answer);
    return answer;
  }

  /** True once the plan from `save` is known without asking. */
  knows(save) {
    return this._known.has(save);
  }

  /** Stops the searches under way, if any (the worker with them). */
  cancel() {
    if (this._thinking.size > 0) this.worker.cancel();
  }
}
