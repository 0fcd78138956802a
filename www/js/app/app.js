// Gridplay, the app: the same on every page. Home is index.html, each game a page of its own,
// with the rest of its address in the hash (ui/address.js's readAddress and addressOf):
//
//   ./ → the list of games (main#home-view)   threes.html, 2048.html → that game
//   <game>.html#<params> → a shared deal: threes.html#seed=N, or fifteen.html#size=4/seed=N.
//   The game's engine reads the parameters (fromLink, the game contract) and the game opens
//   that deal (asking first if a game is in progress); then the address becomes <game>.html so
//   a reload resumes it. The Share button writes the game's own link back (shell.link()).
//   <game>.html#daily → its day's deal; #replay=<save> → a replay watched over the game.
//   Links made before each game had its page (./#threes/seed=N) go on to it (boot.js).
//   Once the app runs, a link to another of its pages (or Back to one) takes that page's screen
//   into this document (pages.js) rather than loading it.
//
// A game is a folder of www/js/: its module (<game>/mount.js) exports mount() (see
// midend/shell.js) and dailySeed; its view's markup is <game>/view.html, which the build puts in
// the game's page as a <template>, with its stylesheets, and its code and engine are named in
// its page, which starts their downloads first. Here: the routes, a game's screen, opening a
// shared deal or a replay, and the test hook window.gridplay; what an address and a link name
// is links.js, home's figures home.js, the day's deal today.js, sharing a link share.js, the
// settings settings.js (and their dialog settings-dialog.js), what comes after the first screen
// later.js, the service worker service-worker.js.

import { SafeStorage } from '../store/storage.js';
import { tracked } from '../store/mirrored.js';
import { dayOf } from '../features/daily.js';
import { addressOf, go, screenAt } from '../ui/address.js';
import { showScreen } from './screen.js';
import { readyPage, takePage } from './pages.js';
import { dayDeal, linkDeal, parseHash, replayOf } from './links.js';
import { actOnTaps } from '../input/tap.js';
import { addStylesheet, clearNotices, showNotice } from '../ui/ui.js';
import { compiled, engine } from './engines.js';
import { drawHome } from './home.js';
import { registerServiceWorker } from './service-worker.js';
import { Settings, updateThemeColor } from './settings.js';
import { firstScreenShown, gameAids, later, pageLoaded, sharing, wireSettings } from './later.js';
import { shareDay, watchDay } from '../features/today.js';
// Each game's module and engine (the inline boot script starts their downloads as the page
// loads), and what a shared link deals, in its words: written by the build
// (scripts/build-site.mjs) from the one list of games, www/games.json.
import { GAMES } from '../ui/games.js';

const byId = (id) => document.getElementById(id);

// Every control acts on the tap itself, even right after a swipe (see input/tap.js).
actOnTaps(document);

const el = {
  view: byId('view'),
  title: byId('title'),
  homeLink: byId('home-link'),
  newGame: byId('new-game'),
  share: byId('share'),
  settingsButton: byId('settings-button'),
  settings: byId('settings'),
  confirm: byId('confirm-dialog'),
  notices: byId('notices'),
  announcer: byId('announcer'),
};

function notice(text, kind, options) {
  return showNotice(el.notices, text, kind, options);
}

const storage = new SafeStorage();
storage.onFailure = () =>
  notice('This browser does not let the page save, so games and settings will be lost when you leave.', 'storage');

const settings = new Settings(storage);
settings.apply();

// The page's own forced colours' rules (css/forced-colors.css) come only where the system
// forces colours: no first paint carries them. (A game's own are in its stylesheet, under the
// same media query.)
const forcedColors = matchMedia('(forced-colors: active)');
const useForcedColors = () => {
  if (forcedColors.matches) addStylesheet(new URL('../../css/forced-colors.css', import.meta.url).href);
};
useForcedColors();
forcedColors.addEventListener('change', useForcedColors);

// ---------- routes ----------

function noticeBadLink() {
  notice('That link did not name a deal this app can open, so here is your game instead.', 'bad-link');
}

/** The route on screen and its game's shell (null on home and while a game loads). */
const state = { route: null, daily: false, shell: null, module: null, loading: null, token: 0, viewer: null };
let interactive = false;
/** Moves this page has drawn as made since it loaded (any game): for checks that count what a
 * player saw played against what was kept (scripts/tab-race.mjs). */
let drawnMoves = 0;
/** The moves drawn and taken back since the page loaded (the test hook's). */
let takenBackMoves = 0;

/** Marks the first moment after page load that a board (or the home list) is ready. */
function markInteractive() {
  if (interactive) return;
  interactive = true;
  performance.mark('gridplay:interactive');
  firstScreenShown();
}

async function route({ focus = false } = {}) {
  const wanted = parseHash(location.hash);
  if (wanted.name !== 'home' && wanted.name !== window.gridplayPage) {
    // Home's hash naming a game once the page is up (an older link followed in the page, or
    // typed): the game's own page.
    location.replace(addressOf(wanted.name, wanted.rest ? [wanted.rest] : []));
    return;
  }
  // Another screen (another game, or the same game's day's deal): what this one's notices said
  // is over (before the new route's own notices).
  const same = wanted.name === state.route && Boolean(wanted.daily) === state.daily;
  if (same && state.loading) {
    // A link followed while its game still loads (a slow phone): read once the game is in, at
    // the address it came with (the game, in, writes its own address over it).
    const [asked, token] = [location.href, state.token];
    await state.loading;
    if (token !== state.token || location.pathname !== new URL(asked).pathname) return;
    history.replaceState(history.state, '', asked);
    route({ focus });
    return;
  }
  if (!same) leaveRoute();
  if (wanted.bad) noticeBadLink();
  if (wanted.unknown) {
    notice(`There is no page called “${wanted.unknown.slice(0, 40)}” here, so here are the games.`, 'bad-route');
  }
  const clean = addressOf(wanted.name, wanted.daily ? ['daily'] : []);
  if (same) {
    // Same screen: only a shared deal or a replay has anything to do.
    if (wanted.params.length > 0 && state.shell) {
      const replay = replayOf(wanted.params);
      const deal = replay === null ? linkDeal(state.shell.rules, state.module, state.route, wanted.params, noticeBadLink) : null;
      if (replay !== null) openReplay(state.shell, replay, state.token);
      else if (deal) openShared(state.shell, deal, state.token);
      else replaceAddress(clean);
    } else if (wanted.bad || wanted.unknown) {
      replaceAddress(clean);
    }
    return;
  }
  const token = ++state.token;
  state.route = wanted.name;
  state.daily = Boolean(wanted.daily);
  if (wanted.name === 'home') {
    showHome(focus);
    if (wanted.bad || wanted.unknown) replaceAddress(clean);
    return;
  }
  state.loading = showGame(wanted, token, focus);
  await state.loading;
  if (token === state.token) state.loading = null;
}

/**
 * Notices about the app as a whole, which outlast a change of screen: an update to reload to,
 * storage the browser refuses.
 */
const APP_NOTICES = ['update', 'storage'];

/**
 * Tears down the screen shown now: its game stops taking input and is freed once idle, and
 * its notices ("Link copied", a bad link) go with it.
 */
function leaveRoute() {
  clearNotices(el.notices, APP_NOTICES);
  state.shell?.destroy();
  state.shell = null;
  state.loading = null;
  if (el.confirm.open) el.confirm.close();
}

/** Opens the screen shown again, afresh (the day's deal, on a new day). */
function reopen() {
  state.route = null;
  route({ focus: true });
}

/** The address of the screen shown now: a game's, or its day's deal's. */
const ownAddress = (...more) => addressOf(state.route, [...(state.daily ? ['daily'] : []), ...more]);

/** An address as a whole link, to share. */
const linkTo = (address) => new URL(address, location.href).href;

/** Shows `address` in the address bar in place of the one there (home's keeps its path). */
function replaceAddress(address) {
  history.replaceState(history.state, '', address === addressOf('home') ? location.pathname + location.search : address);
}

function showHome(focus) {
  document.title = 'Gridplay';
  el.homeLink.setAttribute('aria-current', 'page');
  // A game's last words ("Moved up. …") do not belong to the list of games.
  el.announcer.textContent = '';
  showScreen('home');
  drawHome(el.view, storage, stats);
  updateThemeColor();
  if (focus) byId('home-title')?.focus();
  markInteractive();
}

// What another tab keeps (a best, a day's result, the stats) shows on home at once.
let homeFrame = 0;
storage.watch(() => {
  if (state.route !== 'home' || homeFrame) return;
  homeFrame = requestAnimationFrame(() => {
    homeFrame = 0;
    if (state.route === 'home') drawHome(el.view, storage, stats);
  });
});

// The addressed game's code, which the page runs as its own script right after this one (the
// boot script writes it in): it says so here, and the first route takes it from its hand with
// no import() (which would leave the browser a task to paint the page without the board in).
const ran = new Map();
window.gridplayRouteRan = (name, module) => ran.get(name)?.(module);

/** A game's module: the page's own script's for the route the page opened with, else imported. */
let pageRoute = window.gridplayAddress?.name;
function routeCode(name) {
  const imported = () => GAMES[name].module();
  if (pageRoute !== name) return imported();
  pageRoute = null;
  // Imported too, in case the page's script failed to load (then the import fails and says so).
  return Promise.race([new Promise((resolve) => ran.set(name, resolve)), imported()]);
}

async function showGame({ name, params, daily }, token, focus) {
  const game = GAMES[name];
  // Everything the game needs starts loading before anything is drawn.
  window.gridplayPreload?.(name);
  engine(game.engine);
  const code = routeCode(name);
  code.catch(() => {}); // awaited below; a failure is reported there, not as an unhandled one
  document.title = `${daily ? `Today’s ${game.title}` : game.title} · Gridplay`;
  el.homeLink.removeAttribute('aria-current');
  // The last screen goes and the game's view comes at once, with its title, New game and Share
  // (its markup and styles are in the page; on a visit's first screen the page has shown it
  // already): it does not wait for the code and the engine, the larger downloads. The game's
  // frame, text and controls are painted while they arrive, and the game then draws into them.
  showScreen(name, { daily });
  updateThemeColor();
  if (focus) el.title.focus();
  let shell;
  let module;
  let deal = null;
  let today = null;
  const replay = replayOf(params);
  try {
    module = await code;
    if (token !== state.token) return;
    shell = await module.mount({
      storage,
      // Compiled already (the boot script's, on a first load): instantiated at once.
      engine: compiled(game.engine) ?? engine(game.engine),
      // The day's deal keeps its game apart from the free game.
      slot: daily ? 'daily' : '',
      // How the game starts, once the engine has loaded (the game's rules say what a deal can
      // be): the day's deal, as kept or afresh; or the game kept, and a link's deal.
      start(shell) {
        hear(shell, name);
        if (daily) {
          today = watchDay(shell, name, { storage, notice, copyLink, reopen });
          shell.start({ deal: dayDeal(shell.rules, module, name, dayOf(), noticeBadLink), only: true, endNote: today.endNote });
          return;
        }
        deal = params.length > 0 && replay === null ? linkDeal(shell.rules, module, name, params, noticeBadLink) : null;
        shell.start({ deal });
      },
    });
  } catch (error) {
    console.warn('gridplay: the game did not load', error);
    if (token === state.token) {
      // Not informational: the page is broken until reloaded, so this stays until dismissed.
      notice(`${game.title} could not start: this browser did not load the game (its engine or its code). Try reloading the page.`, 'engine', { timeout: 0 });
    }
    return;
  }
  if (token !== state.token) {
    shell.destroy();
    return;
  }
  state.shell = shell;
  state.module = module;
  today?.opened();
  markInteractive();
  // The focus kept and Ask the board, a moment after the first board (later.js).
  gameAids(shell);
  if (replay !== null) openReplay(shell, replay, token);
  else if (deal) openShared(shell, deal, token); // may wait on the confirm dialog
  else if (location.href !== linkTo(ownAddress())) replaceAddress(ownAddress()); // the address a reload comes back to
}

/**
 * Opens the replay viewer on `save` over the game; the address keeps the replay (a reload
 * shows it again) until the viewer closes. A save of another game, or no save, is said and the
 * game stays as it was. Where watching would make the game in play practice (a replay of its
 * deal, under way), the player is asked first.
 */
async function openReplay(shell, save, token) {
  state.viewer?.close();
  if (!(await shell.mayWatch(save))) {
    // Not watched: the game goes on as it was, at its own address.
    if (token === state.token) replaceAddress(ownAddress());
    return;
  }
  if (shell.destroyed || token !== state.token) return;
  try {
    // The viewer's code and stylesheet load the first time (a first board never waits for them).
    const [{ ReplayViewer }] = await Promise.all([
      import(new URL('../features/replay.js', import.meta.url).href),
      addStylesheet(new URL('../../css/replay.css', import.meta.url).href),
    ]);
    if (shell.destroyed) return;
    state.viewer = new ReplayViewer(shell, save, {
      game: state.route,
      onClose: () => {
        state.viewer = null;
        if (token === state.token) replaceAddress(ownAddress());
      },
    });
  } catch (error) {
    console.info('gridplay: not a replay of this game:', error?.message ?? error);
    notice(`That link is not a replay of a ${GAMES[state.route].title} game, so here is your game as it was.`, 'bad-link');
    if (token === state.token) replaceAddress(ownAddress());
  }
}

/**
 * What the app hears from the game `name`'s shell (its watch()): a move's feel (a vibration on
 * merges, as settings ask), each end counted in the stats, and the game-over panel's Watch the
 * replay and Copy a replay link.
 */
function hear(shell, name) {
  shell.watch((what, detail) => {
    if (what === 'drawn') drawnMoves += 1;
    if (what === 'taken-back') takenBackMoves += detail.moves;
    if (what === 'move') settings.feedback(shell.game, detail.change);
    // Counted as this game's, whichever screen is up by the time the stats' code has come.
    else if (what === 'ended') tracked(stats((view) => view.record(storage, name, detail)));
    else if (what === 'replay') {
      // Watched over the screen it came from (the day's deal comes back when it closes); the
      // link copied opens over whoever's game opens it.
      const replay = `replay=${detail.save}`;
      // "Copy a replay link" copies, as it says, where a share sheet is too.
      if (detail.copy) {
        sharing().then((module) => module.copyLinkAndSay(linkTo(addressOf(name, [replay])),
          'Replay link copied. Anyone who opens it can watch this game, move by move.', { notice, announcer: el.announcer }));
      } else {
        location.assign(ownAddress(replay));
      }
    }
  });
}

/** Opens a shared deal (asking first if need be), then forgets the link in the URL. */
async function openShared(shell, deal, token) {
  await shell.openDeal(deal);
  if (token === state.token) replaceAddress(addressOf(state.route));
}

// ---------- header: share and settings ----------

/** Shares `link` through the share sheet (with `about`: its title and text there), or copies
 * it and says `said`; where the browser will do neither, shows it to copy by hand (share.js). */
function copyLink(link, said, about = {}) {
  return sharing().then((module) => module.shareLink(link, said, { notice, announcer: el.announcer }, about));
}

async function share() {
  const shell = state.shell;
  if (!shell?.game) return;
  if (state.daily) {
    shareDay(state.route, dayOf(), { storage, copyLink });
    return;
  }
  const deal = shell.link();
  if (!deal) {
    notice('This game was not dealt from a seed, so there is no link that would deal it again.', 'no-link');
    return;
  }
  const link = linkTo(addressOf(state.route, [deal]));
  const { title, sameDeal } = GAMES[state.route];
  await copyLink(link, `Link to this deal copied. Anyone who opens it gets ${sameDeal}.`, {
    title: `Gridplay: ${title}`, text: `A deal of ${title} to play: anyone who opens it gets ${sameDeal}.`,
  });
}

el.share.addEventListener('click', share);

// A game that ended while the dialog was open shows its panel now.
el.settings.addEventListener('close', () => state.shell?.checkGameOver());

// ---------- stats ----------

/** Calls `use` with the stats' module (features/stats-view.js), loaded the first time: no first
 * board waits for it. Without it (offline before the app was kept) the games go on. */
function stats(use) {
  return import(new URL('../features/stats-view.js', import.meta.url).href).then(use).catch((error) => console.info('gridplay: no stats', error));
}

byId('stats-button').addEventListener('click', () => stats((view) => view.openStats(storage, state)));

// ---------- moving between pages ----------

/**
 * Goes to another page of the site (`url`, a URL) in this document (app/pages.js): its screen
 * taken, the address pushed (`push`, for a link followed) or already there (Back, Forward),
 * then routed to; or the page loaded where it cannot be taken.
 */
async function movePage(url, { push }) {
  const screen = screenAt(url);
  // The link followed, where it goes with the screen (a card), lets the focus go now, while the
  // page is laid out already: let go with its screen, it would cost the browser a layout of
  // the page anew (its stylesheet changed) just for that, and the route focuses the next one.
  if (byId('view').contains(document.activeElement)) document.activeElement.blur();
  // The game's code and engine come while its page is taken, not after.
  if (screen !== null) readyScreen(screen);
  const taken = screen === null ? 'load' : await takePage(screen, import.meta.url);
  if (taken === 'later') return;
  if (taken === 'load') {
    if (push) location.assign(url.href);
    else location.reload();
    return;
  }
  if (push) history.pushState(null, '', url.href);
  route({ focus: true });
  setTimeout(readyLinkedPages, 300);
}

/**
 * Starts a game's code and its engine downloading and compiling (each once: the browser keeps
 * the module, engines.js the engine), ahead of a move to it; nothing for home, or for a game
 * whose files are not known (its page's data not had). Settles once both are in.
 */
function readyGame(screen) {
  const game = Object.hasOwn(GAMES, screen) ? GAMES[screen] : null;
  if (!game?.module) return Promise.resolve();
  // A failure is met again, and reported, by the route.
  return Promise.all([engine(game.engine), game.module()]).catch(() => {});
}

/** A page's data and stylesheet, then its game's code and engine (whose files its data names). */
const readyScreen = (screen) => readyPage(screen).then(() => readyGame(screen));

/**
 * The pages the screen shown links to (home's cards, a game's Gridplay link), and their games'
 * code and engines, asked for a moment after it is shown, one page after another: a move to
 * one then waits for nothing to come, and its game for nothing to compile.
 */
async function readyLinkedPages() {
  const screens = new Set([...document.querySelectorAll('a[href]')].map((link) => screenAt(new URL(link.href))));
  for (const screen of screens) {
    if (screen !== null && screen !== window.gridplayPage) await readyScreen(screen);
  }
}
later().then(readyLinkedPages);

/** Whether the address bar shows another page than the one on screen (Back or Forward to it). */
const elsewhere = () => screenAt(new URL(location.href)) !== window.gridplayPage;

// A link to this same page (a game's page and its day's deal, home's own link on home): its
// hash alone, so the page stays; a link without a hash would load the page again. A link to
// another page of the site: that page taken into this one.
document.addEventListener('click', (event) => {
  const link = event.target.closest?.('a[href]');
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target || link.hasAttribute('download')) return;
  const target = new URL(link.href);
  if (target.origin !== location.origin || target.search !== location.search) return;
  if (target.pathname !== location.pathname && screenAt(target) === null) return;
  event.preventDefault();
  go(link.href);
});
// Another page of the site that the app goes to (ui/address.js's go: a followed link, a
// replay from the stats): taken into this document.
document.addEventListener('gridplay:go', (event) => {
  const target = new URL(event.detail, location.href);
  if (screenAt(target) === null || target.search !== location.search) return;
  event.preventDefault();
  movePage(target, { push: true });
});
window.addEventListener('popstate', () => {
  if (elsewhere()) movePage(new URL(location.href), { push: false });
});

// ---------- the test hook ----------

window.gridplay = {
  game: () => state.shell?.game ?? null,
  drawnMoves: () => drawnMoves,
  /** Moves drawn and then taken back, not kept (another tab's game was kept first). */
  takenBackMoves: () => takenBackMoves,
  /** Calls fn(what, detail) at the game's events (midend/shell.js's watch), until the route closes. */
  watch: (fn) => state.shell?.watch(fn),
  busy: () => Boolean(state.loading) || Boolean(state.shell?.busy),
  idle: async () => {
    await state.loading;
    await state.shell?.idle();
  },
  route: () => state.route,
  /** True once the game's helpers listen for their buttons and keys (if it has any). */
  helpersReady: () => Boolean(state.shell?.helpers),
};

// ---------- start ----------

// (Back to another page changes its hash too, maybe: that page's route comes once it is taken.)
window.addEventListener('hashchange', () => {
  if (!elsewhere()) route({ focus: true });
});
// A page on its way to a game's own page (an older link, boot.js) shows nothing, and keeps
// nothing going.
const firstRoute = window.gridplayAddress ? route() : new Promise(() => {});
wireSettings(settings, el.settingsButton, el.settings);
// Only once the first screen is up, so precaching never competes with it for the network.
Promise.all([firstRoute, pageLoaded]).then(() => registerServiceWorker(notice));
