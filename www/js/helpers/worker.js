// Every game's helpers think here, off the page's thread: a module worker with its own instance
// of the all-games engine (pkg/gridplay.js), the one build with the helpers in it (the AI, the
// solver, the judge: a page's own engine leaves them out, so a first board does not wait for
// them), so a search that takes its whole budget never holds up the board. helper.js is its only
// caller; stopping a search ends this worker (a search cannot be interrupted from inside), and
// the next question starts a fresh one.
//
// Questions in: {id, game, job, ...} (game: the route, "threes") → answers out: {id, ...answer}
// or {id, error}.
//   plan      {save, budgetMs}  every game with helpers: what its helper would play from the
//             position `save` (the page's game.save()), the engine's plan() → {moves, saves,
//             solution, shortest, why}: the moves in the form play() takes, the save after each,
//             whether they are a whole solution (the shortest there is), and why there is no
//             move while the game goes on.
//   judge     {save, step, budgetMs}  every game: what its helper thinks of move `step` of the
//             game `save` → {marked, note, over, move} (the move, in the form play() takes)
//   ask       {save, question, ms, moves}  every game: the engine's answer to a player's
//             question about the board of `save` (features/ask.js), `ms` the clock's time →
//             {said}; with `moves`, a typed move first (the engine's typed()) → {typed}: the
//             move in the form play() takes ({ok: true, move}), or why none ({ok: false, reason})

/** The all-games engine, loaded at the first question (precached by the service worker). */
const wasm = new URL('../../pkg/gridplay_bg.wasm', import.meta.url);
let loading = null;

/** The engine's module, once its wasm has loaded. */
function engineModule() {
  loading ??= import('../../pkg/gridplay.js').then(async (module) => {
    await module.default({ module_or_path: wasm });
    return module;
  });
  return loading;
}

/** Each game's class, by its route: the class whose games' saves are tagged with it (the
 * same name as the game's storage keys and address), so no table here names the games. */
const classes = new Map();

/** Game `route`'s class, its AI's tables (where it has an AI: prepareAi) built once before its
 * first search rather than inside a search's budget, and its solver's (where they can be kept:
 * solverTables) taken from the browser's cache if an earlier visit kept them. */
async function gameClass(route) {
  if (!classes.has(route)) {
    const module = await engineModule();
    const Game = Object.values(module).find((value) => typeof value?.route === 'function' && value.route() === route);
    if (!Game) throw new Error(`no game called ${route}`);
    Game.prepareAi?.();
    if (Game.useSolverTables) await tables.restore(Game, route);
    classes.set(route, Game);
  }
  return classes.get(route);
}

/**
 * The solver's tables (Fifteen's 4×4 and 5×5: about 6 MB, a second or two to build in wasm)
 * kept in the browser's Cache Storage once built, so a later worker, on this visit or the next,
 * takes them in a few milliseconds: a replay's judge or a Hint has its first answer at once.
 * The engine refuses a copy that is not its own tables (another format, damaged): then they are
 * built again and the copy replaced. Not under the app's "gridplay-" caches, which each version
 * of the app clears. Without Cache Storage (a plain-http address), they are built as before.
 */
const tables = {
  CACHE: 'solver-tables',
  kept: new Set(),
  key: (route) => new URL(`../../solver-tables/${route}`, import.meta.url).href,
  async restore(Game, route) {
    try {
      const response = await (await self.caches?.open(this.CACHE))?.match(this.key(route));
      if (!response) return;
      Game.useSolverTables(new Uint8Array(await response.arrayBuffer()));
      this.kept.add(route);
    } catch (error) {
      console.info('gridplay: the solver\'s kept tables were not taken; building them again', error);
    }
  },
  /** Keeps `Game`'s tables once they are built (after the question that built them). */
  async keep(Game, route) {
    if (!Game.solverTables || this.kept.has(route)) return;
    const bytes = Game.solverTables();
    if (bytes.length === 0) return;
    this.kept.add(route);
    try {
      await (await self.caches?.open(this.CACHE))?.put(this.key(route), new Response(bytes));
    } catch (error) {
      console.info('gridplay: the solver\'s tables could not be kept', error);
    }
  },
};

// The last game asked about, kept loaded: a Hint and then Autoplay on the same position (or a
// repeated Hint) skip replaying the game from its start, and a replay's judge asks about every
// move of one game.
let last = { Game: null, save: '', game: null };

function loaded(Game, data) {
  if (last.Game !== Game || last.save !== data.save) {
    const game = Game.load(data.save); // throws on a save that is not this engine's
    last.game?.free();
    last = { Game, save: data.save, game };
  }
  return last.game;
}

const JOBS = {
  plan(Game, data) {
    return loaded(Game, data).plan(data.budgetMs);
  },
  judge(Game, data) {
    const game = loaded(Game, data);
    return { ...game.judge(data.step, data.budgetMs), move: game.moveAt(data.step) };
  },
  // A player's words: a move typed (`typed`, the move for the page to play, or why none), or
  // else a question, answered.
  ask(Game, data) {
    const game = loaded(Game, data);
    const typed = data.moves ? game.typed(data.question) : null;
    return typed ? { typed } : { said: game.ask(data.question, data.ms) };
  },
};

self.addEventListener('message', async ({ data }) => {
  const { id } = data;
  try {
    const Game = await gameClass(data.game);
    if (!Object.hasOwn(JOBS, data.job)) throw new Error(`no job called ${data.job}`);
    self.postMessage({ id, ...JOBS[data.job](Game, data) });
    tables.keep(Game, data.game);
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
});
