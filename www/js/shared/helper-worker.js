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
//             solution, shortest}: the moves in the form play() takes, the save after each, and
//             whether they are a whole solution (the shortest there is).
//   judge     {save, step, budgetMs}  every game: what its helper thinks of move `step` of the
//             game `save` → {marked, note, over}

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
 * first search rather than inside a search's budget. */
async function gameClass(route) {
  if (!classes.has(route)) {
    const module = await engineModule();
    const Game = Object.values(module).find((value) => typeof value?.fromLink === 'function' && tagOf(value) === route);
    if (!Game) throw new Error(`no game called ${route}`);
    Game.prepareAi?.();
    classes.set(route, Game);
  }
  return classes.get(route);
}

/** The tag of `Game`'s saves ("threes" in "threes.1.…"). */
function tagOf(Game) {
  const game = Game.fromLink('');
  const tag = game.startId().split('.')[0];
  game.free();
  return tag;
}

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
    return loaded(Game, data).judge(data.step, data.budgetMs);
  },
};

self.addEventListener('message', async ({ data }) => {
  const { id } = data;
  try {
    const Game = await gameClass(data.game);
    if (!Object.hasOwn(JOBS, data.job)) throw new Error(`no job called ${data.job}`);
    self.postMessage({ id, ...JOBS[data.job](Game, data) });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
});
