// The AI of Threes and 2048, off the page's thread: a module worker with its own instance of
// the game's engine (the same pkg/<engine>.js and wasm the page loads), so a search that takes
// its whole budget never holds up the board's animation. ai.js is its only caller; stopping a
// search ends this worker (a search cannot be interrupted from inside), and the next request
// starts a fresh one.
//
// Messages in: {id, engine, save, budgetMs}, where engine is 'threes' or 'game2048' and save is
// the page's game.save() → out: {id, direction} ("up", "down", "left", "right", or null when
// the game is over) or {id, error}. The position travels as save text, so the worker can never
// think about a position the page has left behind: ai.js compares the answer's id and save
// with the game it has now.

/** Each engine the worker can run: its module (loaded at the first request), class and wasm. */
const ENGINES = {
  threes: {
    load: () => import('../../pkg/threes.js'),
    className: 'ThreesGame',
    wasm: new URL('../../pkg/threes_bg.wasm', import.meta.url),
  },
  game2048: {
    load: () => import('../../pkg/game2048.js'),
    className: 'Game2048',
    wasm: new URL('../../pkg/game2048_bg.wasm', import.meta.url),
  },
};

const started = new Map();

/** The engine's game class, once its wasm has loaded (each engine once per worker). */
function engine(name) {
  if (!Object.hasOwn(ENGINES, name)) return Promise.reject(new Error(`no engine called ${name}`));
  if (!started.has(name)) {
    const { load, className, wasm } = ENGINES[name];
    started.set(name, load().then(async (module) => {
      await module.default({ module_or_path: wasm });
      // The AI's tables, built before the first question rather than inside its budget.
      module[className].prepareAi();
      return module[className];
    }));
  }
  return started.get(name);
}

// The last position asked about, kept loaded: a Hint and then Autoplay on the same position
// (or a repeated Hint) skip replaying the game from its seed.
let last = { engine: '', save: '', game: null };

self.addEventListener('message', async ({ data }) => {
  const { id } = data;
  try {
    const Game = await engine(data.engine);
    if (last.engine !== data.engine || last.save !== data.save) {
      const game = Game.load(data.save); // throws on a save that is not this engine's
      last.game?.free();
      last = { engine: data.engine, save: data.save, game };
    }
    const direction = last.game.bestMove(data.budgetMs);
    self.postMessage({ id, direction });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
});
