// The one list of games, www/games.json, read and checked for every script that derives
// something from it: the site's routes, home cards, preloads, precache and manifest shortcuts
// (build-site.mjs, build-sw.mjs), the engines `make build` compiles (the Makefile), the pages
// `make perf` measures, and the test that nothing written by hand has drifted from it
// (tests/node/games.test.mjs).
//
// An entry is one line: {"route", "title", "engine", "sameDeal"?, "daily"?}. `route` is the #hash
// and the game's folder www/js/<route>/ (mount.js, view.js, view.html, card.json); `engine` is
// the cargo feature and the engine's module, pkg/<engine>.js; `sameDeal` ends the share notice
// ("Anyone who opens it gets the same cards."), absent for a game without share links; `daily`,
// for a game with a day's deal (#<route>/daily), the link parameters of that deal before its
// seed (["size=4"]: the day's deal is #fifteen/size=4/seed=<the day's seed>).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { helperButtons } from '../www/js/helpers/buttons.js';

const FIELDS = new Set(['route', 'title', 'sameDeal', 'daily']);

/** The entries of <www>/games.json, in their order, each checked; throws on any mistake. */
export function readGames(www = new URL('../www/', import.meta.url).pathname) {
  const file = join(www, 'games.json');
  const games = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(games) || games.length === 0) throw new Error(`${file}: not a list of games`);
  const seen = new Set();
  for (const game of games) {
    const where = `${file}: ${JSON.stringify(game)}`;
    for (const field of Object.keys(game)) if (!FIELDS.has(field)) throw new Error(`${where}: unknown field ${field}`);
    // A route is a URL fragment and a folder name; `home` is the list of games itself.
    if (!/^[a-z0-9]+$/.test(game.route ?? '') || game.route === 'home') throw new Error(`${where}: route must be [a-z0-9]+, not home`);
    if (typeof game.title !== 'string' || !game.title) throw new Error(`${where}: no title`);
    if (game.sameDeal !== undefined && (typeof game.sameDeal !== 'string' || !game.sameDeal)) {
      throw new Error(`${where}: sameDeal must be words`);
    }
    if (game.daily !== undefined && (!Array.isArray(game.daily) || !game.daily.every((p) => typeof p === 'string' && /^[^/\s]+$/.test(p)))) {
      throw new Error(`${where}: daily must be a list of link parameters`);
    }
    if (game.daily !== undefined && !game.sameDeal) throw new Error(`${where}: a day's deal is a deal: sameDeal too`);
    if (seen.has(game.route)) throw new Error(`${where}: a second game with route ${game.route}`);
    seen.add(game.route);
  }
  return games;
}

/**
 * `table`, something a test keeps by hand for each game where it cannot be derived from the
 * game (the keys that play it, the words it answers in), as [route, value] pairs in the list's
 * order. Throws when the table lacks a game of `games` or has one the list does not: a game
 * added to the list fails the test until its entry is written, instead of going untested.
 */
export function perGame(table, games = readGames(), what = 'a table of every game') {
  const routes = games.map((game) => game.route);
  const missing = routes.filter((route) => !Object.hasOwn(table, route));
  const extra = Object.keys(table).filter((route) => !routes.includes(route));
  if (missing.length > 0) throw new Error(`${what}: no entry for ${missing.join(', ')} (in www/games.json)`);
  if (extra.length > 0) throw new Error(`${what}: an entry for ${extra.join(', ')}, which is not in www/games.json`);
  return routes.map((route) => [route, table[route]]);
}

/**
 * A game's home card: www/js/<route>/card.json, {blurb, art (the markup inside its
 * .game-art), won? (its stats' word for a won game, "solved")}, and what the card shows,
 * derived from the engine's class `Game` (the game contract) as the shell keeps it (its
 * bests.js): `label` ("Best", or "Played" for a game ranked by nothing) and `figures`:
 * [{name?, key, unit?, default?}], each a number kept in localStorage under `key`: the score;
 * or the best per kind of deal (the engine's presets, each named by its label), the usual kind
 * (the one a link without parameters deals) the `default` shown while none has a value; or the
 * games played.
 */
export function readCard(www, route, Game) {
  const file = join(www, 'js', route, 'card.json');
  const card = JSON.parse(readFileSync(file, 'utf8'));
  for (const field of ['blurb', 'art']) {
    if (typeof card[field] !== 'string' || !card[field]) throw new Error(`${file}: no ${field}`);
  }
  for (const field of Object.keys(card)) if (!['blurb', 'art', 'won'].includes(field)) throw new Error(`${file}: unknown field ${field}`);
  // The word for a won game in the game's stats ("solved"); "won" if absent.
  if (card.won !== undefined && !/^[a-z]+$/.test(card.won)) throw new Error(`${file}: won must be one lower-case word`);
  return { ...card, ...cardFigures(route, Game) };
}

/** The figures a game's card shows (readCard), from its engine's class `Game`: each best under
 * the key the shell keeps it by (midend/bests.js), of a game dealt of each kind. */
export function cardFigures(route, Game) {
  const figure = Game.figure().name;
  if (!figure) return { label: 'Played', figures: [{ key: `gridplay.${route}.played`, unit: 'games' }] };
  const unit = { moves: 'moves', time: 'ms' }[figure];
  /** The first best's key, as the shell keeps it (midend/bests.js: its engine's bests()). */
  const key = (game) => `gridplay.${route}.${game.bests(0)[0].key}`;
  const dealt = (link, read) => {
    const game = Game.fromLink(link);
    try {
      return read(game);
    } finally {
      game.free();
    }
  };
  const usual = dealt('', (game) => game.kind().link);
  const presets = Game.presets();
  if (presets.length === 0) return { label: 'Best', figures: [{ key: dealt('', key), unit }] };
  return {
    label: 'Best',
    figures: presets.map((preset) => ({
      name: preset.label, key: dealt(preset.link, key), unit, default: preset.link === usual || undefined,
    })),
  };
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <li> of a game's card on the home view, in the markup app.js's showHome() reads. */
export function cardMarkup(game, card) {
  const best = (figure) => {
    const unit = figure.unit ? ` data-best-unit="${figure.unit}"` : '';
    // "–" for none yet, whatever the figure (home.js writes the best kept).
    return `<span class="game-best" data-best-key="${escape(figure.key)}"${unit} data-value="0">–</span>`;
  };
  const score = card.figures.length === 1
    ? `<span class="game-score">${escape(card.label)} ${best(card.figures[0])}</span>`
    : `<span class="game-score" data-per-size>${escape(card.label)}\n${card.figures.map((figure) =>
      `<span class="game-best-entry"${figure.default ? ' data-default' : ''}>${escape(figure.name)} ${best(figure)}</span>`).join('\n')}\n</span>`;
  return [
    '<li>',
    // The game's own page (www/js/ui/address.js's addressOf).
    `<a class="game-card" data-game="${game.route}" href="${game.route}.html">`,
    `<span class="game-art art-${game.route}" aria-hidden="true">${card.art}</span>`,
    '<span class="game-text">',
    `<span class="game-name">${escape(game.title)}</span>`,
    `<span class="game-blurb">${escape(card.blurb)}</span>`,
    score,
    // The stats' line (features/stats-view.js fills it in), its room kept from the first paint.
    '<span class="game-stats"></span>',
    '</span>',
    '</a>',
    '</li>',
  ].join('\n');
}

/** What www/js/<route>/ lacks of what a game's folder must hold (its module, view and card). */
export function missingGameFiles(www, route) {
  return ['mount.js', 'view.html', 'card.json'].map((name) => join(www, 'js', route, name)).filter((path) => !existsSync(path));
}

/**
 * Each game's class in its engine, by route, from the wasm-pack outputs in `pkgs` (folders
 * holding <engine>.js and <engine>_bg.wasm): the class whose games' saves are tagged with the
 * route, which answers the game contract's static members (presets(), figure(), timed()).
 */
export async function engineClasses(games, pkgs) {
  const classes = {};
  for (const game of games) {
    const pkg = pkgs.find((dir) => existsSync(join(dir, `${game.route}.js`)));
    if (!pkg) throw new Error(`no pkg/${game.route}.js among ${pkgs.join(' ')} (the engine of ${game.route})`);
    const engine = await import(pathToFileURL(resolve(pkg, `${game.route}.js`)).href);
    engine.initSync({ module: readFileSync(join(pkg, `${game.route}_bg.wasm`)) });
    classes[game.route] = classOf(engine, game.route);
  }
  return classes;
}

/** The class of the engine module `engine` (its exports, initialised) of the game `route`, as
 * each class says (its static route()); throws unless exactly one is. */
export function classOf(engine, route) {
  const found = Object.values(engine).filter((value) => typeof value?.route === 'function' && value.route() === route);
  if (found.length !== 1) throw new Error(`the engine has ${found.length} classes of ${route}'s games, not one`);
  return found[0];
}

/**
 * `html` (a game's view.html) with its picker of presets written in: the comment
 * `<!-- build: presets name="size" -->` becomes a radio button per preset of the engine's, its
 * value the preset's name, its label the preset's, in the engine's order.
 */
export function writePresets(html, presets) {
  return html.replace(/<!-- build: presets name="([a-z-]+)" -->/g, (_, name) => presets
    .map((preset) => `<label><input type="radio" name="${name}" value="${preset.name}"> ${preset.label}</label>`).join('\n'));
}

/**
 * `html` (a game's view.html) with its helpers' buttons written in where it says
 * `<!-- build: helpers -->`: those of `helps` (its engine's helps()), from helpers/buttons.js.
 */
export function writeHelpers(html, helps) {
  return html.replace(/<!-- build: helpers -->/g, () => helperButtons(helps));
}
