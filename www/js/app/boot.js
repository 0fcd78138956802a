// Runs before the first paint (a classic, blocking script in <head>) for what cannot wait for
// app.js, a module that runs only once the page is parsed:
// - the player's theme and motion, on <html> as data-theme / data-motion, so a page never
//   flashes the wrong colours (same rules as app.js: a stored "light"/"dark" wins, otherwise
//   the system's preference);
// - the downloads of the game the address opens (its modules, markup, stylesheets and the
//   engine), so they run while the page is still being parsed, not after app.js has started.
(() => {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem('gridplay.settings') || '{}') || {};
  } catch {
    // Storage refused or unreadable: the system's preferences decide.
  }
  const system = (query) => window.matchMedia(query).matches;
  const root = document.documentElement;
  root.dataset.theme = ['light', 'dark'].includes(stored.theme)
    ? stored.theme
    : (system('(prefers-color-scheme: dark)') ? 'dark' : 'light');
  root.dataset.motion = ['on', 'off'].includes(stored.motion)
    ? stored.motion
    : (system('(prefers-reduced-motion: reduce)') ? 'off' : 'on');

  // Every file a game's route needs beyond the home page: all its modules at once (rather
  // than one level of imports after another), its markup, its stylesheets, and the engine. A stale list
  // only costs time, never correctness.
  const SHELL = ['js/shared/shell.js', 'js/shared/deals.js', 'js/shared/clock.js', 'js/shared/input.js'];
  const GAME_FILES = {
    threes: ['js/threes/mount.js', 'js/threes/view.html', 'js/threes/view.js', ...SHELL,
      'js/shared/directions.js', 'js/shared/board-view.js', 'js/shared/ai.js', 'js/shared/helper.js', 'js/shared/worker-client.js',
      'pkg/threes.js', 'pkg/threes_bg.wasm', 'css/ai.css'],
    2048: ['js/2048/mount.js', 'js/2048/view.html', 'js/2048/view.js', ...SHELL,
      'js/shared/directions.js', 'js/shared/board-view.js', 'js/shared/ai.js', 'js/shared/helper.js', 'js/shared/worker-client.js',
      'pkg/game2048.js', 'pkg/game2048_bg.wasm', 'css/2048.css', 'css/ai.css'],
    fifteen: ['js/fifteen/mount.js', 'js/fifteen/view.html', 'js/fifteen/view.js', 'js/fifteen/solver-controls.js', 'js/fifteen/solver.js',
      'js/shared/helper.js', 'js/shared/worker-client.js', ...SHELL, 'js/shared/directions.js', 'js/shared/board-view.js',
      'pkg/fifteen.js', 'pkg/fifteen_bg.wasm', 'css/fifteen.css'],
    tictactoe: ['js/tictactoe/mount.js', 'js/tictactoe/view.html', 'js/tictactoe/view.js', 'js/tictactoe/computer.js', 'js/tictactoe/tally.js',
      ...SHELL, 'js/shared/cursor.js', 'js/shared/helper.js', 'js/shared/worker-client.js', 'js/shared/board-view.js',
      'pkg/tictactoe.js', 'pkg/tictactoe_bg.wasm', 'css/tictactoe.css'],
    mines: ['js/mines/mount.js', 'js/mines/view.html', 'js/mines/view.js', 'js/mines/boards.js', 'js/mines/custom.js', 'js/mines/input.js',
      ...SHELL, 'js/shared/cursor.js', 'js/shared/board-view.js', 'pkg/minesweeper.js', 'pkg/minesweeper_bg.wasm', 'css/mines.css'],
  };
  const started = new Set();
  /** Starts downloading a game's files (each once); app.js calls it when a route opens. */
  const preload = (game) => {
    for (const href of Object.hasOwn(GAME_FILES, game) ? GAME_FILES[game] : []) {
      if (started.has(href)) continue;
      started.add(href);
      const link = document.createElement('link');
      if (href.endsWith('.js')) {
        link.rel = 'modulepreload';
      } else {
        link.rel = 'preload';
        link.as = href.endsWith('.css') ? 'style' : 'fetch';
        // As fetch() asks for it (CORS mode, same-origin credentials), so app.js's fetches of
        // the engine and the markup take this download instead of starting another.
        if (link.as === 'fetch') link.crossOrigin = 'anonymous';
      }
      link.href = href;
      document.head.append(link);
    }
  };
  window.gridplayPreload = preload;
  preload(/^#([^/]*)/.exec(location.hash)?.[1]);
})();
