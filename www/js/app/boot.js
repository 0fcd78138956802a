/* global __PAGE__ */
// Runs before the first paint (inline at the top of <head>; scripts/build-site.mjs bundles it
// there as a classic script, with its hash in the page's Content-Security-Policy) for what
// cannot wait for app.js, a module that runs only once the page is parsed:
// - a link made before each game had its page (home's '#2048/seed=7'), sent on to the game's
//   page ('2048.html#seed=7') before anything is shown;
// - the downloads of the game the page opens (its code and engine),
//   first, so they start as soon as the page's first bytes are read;
// - the player's theme and motion, on <html> as data-theme / data-motion, so a page never
//   flashes the wrong colours (same rules as app.js: a stored "light"/"dark" wins, otherwise
//   the system's preference).
import { addressOf, readAddress } from '../ui/address.js';

// What the page is and the games it knows, written in by scripts/build-site.mjs: `page`, its
// screen ('home', or a game's route), and `games`, each game it may show by its route (a game's
// page knows its own game only, so that adding a game changes no other game's page; home
// knows every game, for its cards and the day's deals): its title, its words for a shared deal
// (sameDeal) and its day's deal's parameters (daily), and on its own page every file its route
// needs beyond the app itself and the page (the engine's wasm and the route's code: its markup
// and styles are in the page), all at once rather than one level of imports after another, read
// from the bundler's output, so the page alone names them and they arrive one round trip after
// it. The app's route table (ui/games.js) is made from this: the app's bundle, the same on
// every page, names no game.
const PAGE = __PAGE__;
window.gridplayPage = PAGE.page;
window.gridplayGames = PAGE.games;
const started = new Set();
// The addressed game's engine, compiled as it streams in (url → the compile's promise; null where
// the host serves wasm under another type and the browser refuses it: app/engines.js then
// compiles it whole).
window.gridplayCompiling = new Map();
/**
 * Starts downloading a game's files (each once); app.js calls it when a route opens. For the
 * game the address opens (`first`), its code comes as a script of the page, run right after the
 * app's (both are deferred modules, run in order once the page is parsed), and its engine is
 * compiled at once: so app.js finds both in hand and draws the board before the page's first
 * paint, where an import() and an instantiation each left a task between them in which the
 * browser painted the page without its board. The code says it has run (gridplayRouteRan,
 * app.js).
 */
const preload = (game, first = false) => {
  for (const href of Object.hasOwn(PAGE.games, game) ? PAGE.games[game].files ?? [] : []) {
    if (started.has(href)) continue;
    started.add(href);
    const link = document.createElement('link');
    if (href.endsWith('.js')) {
      if (first) {
        document.write(`<script type="module" src="${href}"></script>`);
        continue;
      }
      link.rel = 'modulepreload';
    } else {
      // The engine, as fetch() asks for it (CORS mode, same-origin credentials), so the
      // compile's fetch of it takes this download instead of starting another.
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
    }
    link.href = href;
    document.head.append(link);
    // (After the preload, whose download the fetch then takes.)
    if (first && href.endsWith('.wasm')) window.gridplayCompiling.set(href, WebAssembly.compileStreaming(fetch(href)).catch(() => null));
  }
};
window.gridplayPreload = preload;
// The address the page opened with, read once: the first view's script shows its screen.
const address = readAddress(location.hash, PAGE.page);
if (PAGE.page === 'home' && Object.hasOwn(PAGE.games, address.name)) {
  // An older link to a game: its page, with the rest of the link. Nothing of home is shown
  // meanwhile (gridplayAddress stays unset: the first view and app.js then show nothing).
  location.replace(addressOf(address.name, address.rest ? [address.rest] : []));
} else {
  window.gridplayAddress = address;
  preload(address.name, true);
}

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
