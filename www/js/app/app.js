// Gridplay, the app: one page (index.html) routed by the URL hash.
//
//   "" / #home → the list of games (main#home-view)  #threes, #2048 → that game
//   #<game>/<params> → a shared deal: #threes/seed=N, or for instance #fifteen/size=4/seed=N.
//   The game's engine reads the parameters (fromLink, the game contract) and the game opens
//   that deal (asking first if a game is in progress); then the hash becomes #<game> so a
//   reload resumes it. The Share button writes the game's own link back (shell.link()).
//
// A game is a folder of www/js/: its module (<game>/mount.js) exports mount() (see
// shared/shell.js) and dailySeed; its view's markup is <game>/view.html, which the
// build puts in index.html as <template id="view-<game>">, and its stylesheets (css/<game>.css,
// scoped by body[data-route]) are in the page too. Its code and its engine are fetched the first
// time its route opens, so a first load fetches only what it runs. The shared header
// (#home-link, #new-game, #share, #settings-button) and dialogs (confirm, settings) stay in
// index.html, with the home view; only one game view is in the page at a time. Also here:
// share links, the service worker and its update notice, and the test hook window.gridplay;
// the settings are settings.js.

import { SafeStorage } from '../shared/storage.js';
import { dayName, dayOf, readResults, recordResult, resultText, streak } from './daily.js';
import { readAddress, showScreen } from './screen.js';
import { actOnTaps } from '../shared/tap.js';
import { addStylesheet, announce, clearNotices, showNotice } from '../shared/ui.js';
import { Settings, updateThemeColor } from './settings.js';
// Each game's module and engine (the inline boot script starts their downloads as the page
// loads), and what a shared link deals, in its words: written by the build
// (scripts/build-site.mjs) from the one list of games, www/games.json.
import { GAMES } from 'gridplay:games';

const byId = (id) => document.getElementById(id);

// Every control acts on the tap itself, even right after a swipe (see shared/tap.js).
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

// ---------- routes ----------

/**
 * What a hash asks for (screen.js's readAddress, the one reader of addresses), for the app:
 * {name: 'home' or a game, params: the link's parameters after the name (['seed=7'], or []
 * for none), daily: the day's deal, bad: true for a hash that cannot be read, unknown: the name
 * as written when it names no page}. The address is cleaned afterwards.
 */
function parseHash(hash) {
  const { name, written, params, bad } = readAddress(hash);
  if (Object.hasOwn(GAMES, name)) {
    // The day's deal of a game that has one: #<game>/daily, or today's daily=<date> link.
    const daily = Boolean(GAMES[name].daily) && params.length === 1 && (params[0] === 'daily' || params[0] === `daily=${dayOf()}`);
    return { name, params: daily ? [] : params, daily, bad, unknown: null };
  }
  return { name: 'home', params: [], daily: false, bad, unknown: name === 'home' || bad ? null : written };
}

function noticeBadLink() {
  notice('That link did not name a deal this app can open, so here is your game instead.', 'bad-link');
}

/**
 * The deal a link's parameters name (['size=4', 'seed=7']), as the game writes its link: its
 * engine's class `rules` reads them; null (and a notice) if they name none.
 */
function dealOf(rules, params) {
  try {
    const game = rules.fromLink(params.join('/'));
    const link = game.link();
    game.free();
    return link;
  } catch (error) {
    console.info('gridplay: not a deal:', error?.message ?? error);
    noticeBadLink();
    return null;
  }
}

/** The route on screen and its game's shell (null on home and while a game loads). */
const state = { route: null, daily: false, shell: null, module: null, loading: null, token: 0, viewer: null };
let interactive = false;

/** Marks the first moment after page load that a board (or the home list) is ready. */
function markInteractive() {
  if (interactive) return;
  interactive = true;
  performance.mark('gridplay:interactive');
}

async function route({ focus = false } = {}) {
  const wanted = parseHash(location.hash);
  // Another screen (another game, or the same game's day's deal): what this one's notices said
  // is over (before the new route's own notices).
  const same = wanted.name === state.route && Boolean(wanted.daily) === state.daily;
  if (!same) leaveRoute();
  if (wanted.bad) noticeBadLink();
  if (wanted.unknown) {
    notice(`There is no page called “${wanted.unknown.slice(0, 40)}” here, so here are the games.`, 'bad-route');
  }
  const clean = wanted.name === 'home' ? '' : `#${wanted.name}${wanted.daily ? '/daily' : ''}`;
  if (same) {
    // Same screen: only a shared deal or a replay has anything to do.
    if (wanted.params.length > 0 && state.shell) {
      const replay = replayOf(wanted.params);
      const deal = replay === null ? linkDeal(state.shell, state.module, wanted.params) : null;
      if (replay !== null) openReplay(state.shell, replay, state.token);
      else if (deal) openShared(state.shell, deal, state.token);
      else replaceHash(clean);
    } else if (wanted.bad || wanted.unknown) {
      replaceHash(clean);
    }
    return;
  }
  const token = ++state.token;
  state.route = wanted.name;
  state.daily = Boolean(wanted.daily);
  if (wanted.name === 'home') {
    showHome(focus);
    if (wanted.bad || wanted.unknown) replaceHash(clean);
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

function replaceHash(hash) {
  history.replaceState(history.state, '', hash || location.pathname + location.search);
}

function showHome(focus) {
  document.title = 'Gridplay';
  el.homeLink.setAttribute('aria-current', 'page');
  // A game's last words ("Moved up. …") do not belong to the list of games.
  el.announcer.textContent = '';
  showScreen('home');
  drawHome();
  updateThemeColor();
  if (focus) byId('home-title')?.focus();
  markInteractive();
}

/** Home's figures, as kept: each game's best, the day's deals and the stats' lines. */
function drawHome() {
  for (const best of el.view.querySelectorAll('.game-best')) {
    // A game with a best per size names the one its card shows (data-best-key), and a best in
    // moves says so (data-best-unit): "48 moves", a time in ms as seconds ("83.4 s"), or "–"
    // for none yet.
    const { bestKey, bestUnit } = best.dataset;
    const value = readBest(bestKey ?? `gridplay.${best.closest('[data-game]').dataset.game}.best`);
    // "1 game", "2 games": the unit is written plural.
    const unit = value === 1 ? bestUnit?.replace(/s$/, '') : bestUnit;
    const shown = bestUnit === 'ms' ? `${(value / 1000).toFixed(1)} s` : `${value} ${unit}`;
    best.textContent = bestUnit ? (value ? shown : '–') : String(value);
    best.dataset.value = String(value);
  }
  // A card with a best per size shows each size that has one (the usual size while none has).
  for (const score of el.view.querySelectorAll('.game-score[data-per-size]')) {
    const entries = [...score.querySelectorAll('.game-best-entry')];
    const kept = entries.filter((entry) => entry.querySelector('.game-best').dataset.value !== '0');
    for (const entry of entries) entry.hidden = kept.length > 0 ? !kept.includes(entry) : !('default' in entry.dataset);
  }
  showToday();
  stats((view) => view.showCardStats(el.view, storage));
}

// What another tab keeps (a best, a day's result, the stats) shows on home at once.
let homeFrame = 0;
storage.watch(() => {
  if (state.route !== 'home' || homeFrame) return;
  homeFrame = requestAnimationFrame(() => {
    homeFrame = 0;
    if (state.route === 'home') drawHome();
  });
});

/** Home's day's deals: a link to each game's, with the day's result once there is one, and the streak. */
function showToday() {
  const day = dayOf();
  const results = readResults(storage);
  // In the list's order, as the cards show it (GAMES, an object, puts "2048" first).
  const names = [...el.view.querySelectorAll('.game-card[data-game]')].map((card) => card.dataset.game);
  const items = names.filter((name) => GAMES[name]?.daily).map((name) => {
    const game = GAMES[name];
    const result = results[`${name}/${day}`];
    const link = Object.assign(document.createElement('a'), { className: 'today-link', href: `#${name}/daily` });
    const status = Object.assign(document.createElement('span'), { className: 'today-status', textContent: result ? result.said : 'Not played yet' });
    link.dataset.game = name;
    link.dataset.played = String(Boolean(result));
    link.append(Object.assign(document.createElement('span'), { className: 'today-name', textContent: game.title }), status);
    const item = document.createElement('li');
    item.append(link);
    return item;
  });
  byId('today-list')?.replaceChildren(...items);
  const days = streak(results, day);
  const line = byId('today-streak');
  if (line) line.textContent = days > 0 ? `Days in a row: ${days}.` : '';
}

function readBest(key) {
  const n = Number(storage.get(key) ?? 0);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

async function showGame({ name, params, daily }, token, focus) {
  const game = GAMES[name];
  // Everything the game needs starts loading before anything is drawn.
  window.gridplayPreload?.(name);
  engine(game.engine);
  const code = game.module();
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
  const replay = replayOf(params);
  /** This screen's own address, which a reload comes back to. */
  const own = `#${name}${daily ? '/daily' : ''}`;
  try {
    module = await code;
    if (token !== state.token) return;
    shell = await module.mount({
      storage,
      feedback,
      engine: engine(game.engine),
      // The day's deal keeps its game apart from the free game.
      slot: daily ? 'daily' : '',
      // How the game starts, once the engine has loaded (the game's rules say what a deal can
      // be): the day's deal, as kept or afresh; or the game kept, and a link's deal.
      start(shell) {
        if (daily) {
          shell.start({ deal: dayDeal(shell, module, name, dayOf()), only: true });
          return;
        }
        deal = params.length > 0 && replay === null ? linkDeal(shell, module, params) : null;
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
  if (daily) {
    watchDay(shell, name);
    notice(`Today’s deal, ${dayName(dayOf())}: the same ${GAMES[name].title} for everyone today, a new one tomorrow.`, 'daily-open');
  }
  markInteractive();
  if (replay !== null) openReplay(shell, replay, token);
  else if (deal) openShared(shell, deal, token); // may wait on the confirm dialog
  else if (location.hash !== own) replaceHash(own);
}

/**
 * The deal a link's parameters name: another day's deal (daily=<date>, played as a shared
 * deal) or the game's own parameters; null (and a notice) if none.
 */
function linkDeal(shell, module, params) {
  const day = /^daily=(\d{4}-\d{2}-\d{2})$/.exec(params.length === 1 ? params[0] : '')?.[1];
  if (!day || !GAMES[state.route].daily) return dealOf(shell.rules, params);
  try {
    return dayDeal(shell, module, state.route, day);
  } catch {
    noticeBadLink(); // not a calendar day
    return null;
  }
}

/** `name`'s deal of `day`: its games.json `daily` parameters and the day's seed; throws for a day that is not one. */
function dayDeal(shell, module, name, day) {
  return dealOf(shell.rules, [...GAMES[name].daily, `seed=${module.dailySeed(name, day)}`]);
}

/**
 * The day's deal on screen: the first time it ends today, its result is kept (the day's one
 * attempt), said with the streak, and offered to share.
 */
function watchDay(shell, name) {
  const day = dayOf();
  shell.watch((what) => {
    const ending = what === 'move' && shell.isEnded() ? shell.ending(shell.game) : null;
    if (!ending || shell.replaying) return;
    const result = { said: ending.said, outcome: ending.outcome ?? '', moves: shell.game.moveCount() };
    if (!recordResult(storage, name, day, result)) return;
    const days = streak(readResults(storage), day);
    notice(`Today’s ${GAMES[name].title} is kept: ${ending.said} Days in a row: ${days}.`, 'daily', {
      action: { label: 'Share result', onClick: () => shareDay(name, day) },
    });
  });
}

/** Copies the day's result as short text, or (none yet) the link to the day's deal. */
function shareDay(name, day) {
  const link = `${location.origin}${location.pathname}#${name}/daily=${day}`;
  const result = readResults(storage)[`${name}/${day}`];
  if (result) copyLink(resultText(GAMES[name].title, day, result, link), `Your result for ${dayName(day)} is copied, with the link to that day’s deal.`);
  else copyLink(link, `Link to today’s deal copied. Anyone who opens it today gets ${GAMES[name].sameDeal}.`);
}

/** The save a replay link names (#<route>/replay=<save>), or null for any other parameters. */
function replayOf(params) {
  return params.length === 1 && params[0].startsWith('replay=') ? params[0].slice('replay='.length) : null;
}

/**
 * Opens the replay viewer on `save` over the game; the address keeps the replay (a reload
 * shows it again) until the viewer closes. A save of another game, or no save, is said and the
 * game stays as it was.
 */
async function openReplay(shell, save, token) {
  state.viewer?.close();
  try {
    // The viewer's code and stylesheet load the first time (a first board never waits for them).
    const [{ ReplayViewer }] = await Promise.all([
      import(new URL('../shared/replay.js', import.meta.url).href),
      addStylesheet(new URL('../../css/replay.css', import.meta.url).href),
    ]);
    if (shell.destroyed) return;
    state.viewer = new ReplayViewer(shell, save, {
      engine: GAMES[state.route].engineName,
      onClose: () => {
        state.viewer = null;
        if (token === state.token) replaceHash(`#${state.route}`);
      },
    });
  } catch (error) {
    console.info('gridplay: not a replay of this game:', error?.message ?? error);
    notice(`That link is not a replay of a ${GAMES[state.route].title} game, so here is your game as it was.`, 'bad-link');
    if (token === state.token) replaceHash(`#${state.route}`);
  }
}

// The game-over panel's Watch the replay and Copy a replay link (shell.js sends them here).
document.addEventListener('gridplay:replay', ({ detail }) => {
  if (!state.shell || typeof detail?.save !== 'string') return;
  const hash = `#${state.route}/replay=${detail.save}`;
  if (detail.copy) copyLink(`${location.origin}${location.pathname}${hash}`, 'Replay link copied. Anyone who opens it can watch this game, move by move.');
  else location.hash = hash;
});

/** Opens a shared deal (asking first if need be), then forgets the link in the URL. */
async function openShared(shell, deal, token) {
  await shell.openDeal(deal);
  if (token === state.token) replaceHash(`#${state.route}`);
}

/** `load(url)`'s promise, kept in `cache` so each url loads once (again if that failed). */
function once(cache, url, load) {
  if (!cache.has(url)) {
    const loaded = load(url);
    loaded.catch(() => cache.delete(url));
    cache.set(url, loaded);
  }
  return cache.get(url);
}

const engines = new Map();

/**
 * A game's engine (its own wasm, `url`), fetched and compiled once, as soon as its route opens:
 * compiled as it downloads, while the route's code is still evaluated, rather than once the
 * game's code asks for it (the glue's init() then only instantiates it). A host that serves
 * wasm under another type than application/wasm makes the streaming compile refuse it: then
 * it is compiled once whole (from the browser's cache).
 */
function engine(url) {
  return once(engines, url, async (address) => {
    try {
      return await WebAssembly.compileStreaming(fetch(address));
    } catch {
      return WebAssembly.compile(await (await fetch(address)).arrayBuffer());
    }
  });
}

// ---------- header: share and settings ----------

/** Vibrates briefly after a move that merged, if the player asked for it. */
function feedback(game, move) {
  if (!settings.vibrate || !move?.merges?.length) return;
  // Browsers refuse (and complain) before the first tap or key; nothing to do until then.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  navigator.vibrate(move.merges.length > 1 ? [18, 40, 18] : 18);
}

async function share() {
  const shell = state.shell;
  if (!shell?.game) return;
  if (state.daily) {
    shareDay(state.route, dayOf());
    return;
  }
  const deal = shell.link();
  if (!deal) {
    notice('This game was not dealt from a seed, so there is no link that would deal it again.', 'no-link');
    return;
  }
  const link = `${location.origin}${location.pathname}#${state.route}/${deal}`;
  await copyLink(link, `Link to this deal copied. Anyone who opens it gets ${GAMES[state.route].sameDeal}.`);
}

/** Copies `link` and says `said`; where the browser will not, shows it to copy by hand. */
async function copyLink(link, said) {
  let copied = false;
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no Clipboard API');
    // A permission prompt left unanswered must not leave the player without the link.
    await Promise.race([
      navigator.clipboard.writeText(link),
      new Promise((_, reject) => setTimeout(() => reject(new Error('clipboard timed out')), 2000)),
    ]);
    copied = true;
  } catch (error) {
    console.info('gridplay: copying the link failed, showing it instead:', error?.message ?? error);
  }
  if (copied) {
    byId('share-fallback')?.closest('.notice')?.remove();
    announce(el.announcer, 'Link copied');
    notice(said, 'shared');
  } else {
    showShareFallback(link);
  }
}

/** The link in a read-only field, selected, for copying by hand. */
function showShareFallback(link) {
  let input = byId('share-fallback');
  if (!input) {
    const field = document.createElement('div');
    field.className = 'share-field';
    const label = document.createElement('label');
    label.htmlFor = 'share-fallback';
    label.textContent = 'Copy this link';
    input = document.createElement('input');
    input.id = 'share-fallback';
    input.type = 'text';
    input.readOnly = true;
    input.spellcheck = false;
    field.append(label, input);
    notice('This browser would not copy the link for you.', 'share-fallback', { extra: field });
  }
  input.value = link;
  input.focus();
  input.select();
}

el.share.addEventListener('click', share);

// The dialog is wired once the first screen is up (or when opened before that): nothing of it
// runs before the first board.
let settingsBound = false;
function bindSettings() {
  if (!settingsBound) settings.bind(el.settings);
  settingsBound = true;
}
el.settingsButton.addEventListener('click', () => {
  bindSettings();
  settings.sync(el.settings);
  el.settings.showModal();
});
// A game that ended while the dialog was open shows its panel now.
el.settings.addEventListener('close', () => state.shell?.checkGameOver());

// ---------- stats ----------

/** Calls `use` with the stats' module (shared/stats-view.js), loaded the first time: no first
 * board waits for it. Without it (offline before the app was kept) the games go on. */
function stats(use) {
  import(new URL('../shared/stats-view.js', import.meta.url).href).then(use).catch((error) => console.info('gridplay: no stats', error));
}

// Each game the shell says has ended (once a game), counted as the screen's game's.
document.addEventListener('gridplay:ended', ({ detail }) => {
  const name = state.route;
  stats((view) => view.record(storage, name, detail));
});
byId('stats-button').addEventListener('click', () => stats((view) => view.openStats(storage, state)));

// ---------- the test hook ----------

window.gridplay = {
  game: () => state.shell?.game ?? null,
  busy: () => Boolean(state.loading) || Boolean(state.shell?.busy),
  idle: async () => {
    await state.loading;
    await state.shell?.idle();
  },
  route: () => state.route,
};

// ---------- offline: the service worker ----------

/**
 * Registers sw.js (which precaches this version of the app) and offers an update when a new
 * version has installed: the new worker waits until the player chooses "Reload to update", so
 * a page never runs on a mix of two versions' files.
 */
async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    // The first worker taking over a fresh page changes nothing on screen; a new version
    // taking over (after "Reload to update", in this tab or another) needs its files.
    if (!controlled) {
      controlled = true;
      return;
    }
    location.reload();
  });
  let registration;
  try {
    registration = await container.register('./sw.js');
  } catch (error) {
    console.info('gridplay: no offline support:', error?.message ?? error);
    return;
  }
  const offer = (worker) => {
    if (!container.controller) return; // the first install: nothing older to replace
    notice('A new version of Gridplay is ready.', 'update', {
      action: { label: 'Reload to update', onClick: () => worker.postMessage({ type: 'skip-waiting' }) },
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  // An app left open for days still hears of new versions.
  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checked < 30 * 60 * 1000) return;
    checked = Date.now();
    registration.update().catch(() => {});
  });
}

// ---------- start ----------

window.addEventListener('hashchange', () => route({ focus: true }));
const firstRoute = route();
firstRoute.then(bindSettings);
// Only once the first screen is up, so precaching never competes with it for the network.
const loaded = new Promise((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', resolve, { once: true });
});
Promise.all([firstRoute, loaded]).then(registerServiceWorker);
