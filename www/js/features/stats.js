// The player's stats, per game, kept on this device as JSON under gridplay.stats: every
// finished game counted once, the day's deals too (the shell tells each end, ending.js's say:
// an attempt ended again after an undo is the same result, its figures as the panel shows them
// now). Whose play each result was (standing.js) decides where it counts: the player's OWN
// results make the counts of played and how they ended (won, lost, drawn; or '' for a game
// without a winner, like Threes), the run of days in a row with a finished game, and the best
// and average; practice, with help, and two players' games are counted apart (`apart`), and
// marked among the results. Kept are the last KEPT results, each with its day, its outcome, the
// game's figure (the first of its bests: a score, moves or a time), the storage key of that
// best, which names the board it was played on (a size), and its standing where it is not the
// player's own (a result kept before standings were is their own). Best and average are read
// from those results (and the best the shell keeps); the counts and the run are kept whole, so
// they go on past KEPT.
//
// Several tabs: each result carries the id of its game's attempt (midend/kept-game.js), so a
// game is counted once however many times it is reported, and a tab puts back what it counted
// if another tab's write, made at the same moment from an older record, left it out
// (mergeRecorded). tests/node/stats.test.mjs checks that no interleaving of two tabs loses or
// doubles a result.
//
// What cannot be read is left out, never the rest: a result with a damaged field keeps its
// other fields, a damaged count is made up from the results kept, and the first write after
// damage sets the stored text aside (gridplay.stats.unreadable), as the shell does with a save.
//
// No DOM here (stats-view.js draws them): tests/node/stats.test.mjs runs this in Node.

import { dayBefore } from './days.js';
import { formatTime } from '../midend/clock.js';
import { STANDINGS, standingName } from '../midend/standing.js';

export const STATS_KEY = 'gridplay.stats';
export const UNREADABLE_KEY = 'gridplay.stats.unreadable';
/** Results kept per game: enough for the chart and a fair average, and the record stays small. */
export const KEPT = 100;
/** Results the chart shows. */
export const CHARTED = 20;
export const OUTCOMES = ['won', 'lost', 'drawn'];
/** The standings counted apart from the player's own. */
export const APART = STANDINGS.filter((standing) => standing !== 'own');

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isDay = (day) => typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day);
const isCount = (n) => Number.isSafeInteger(n) && n >= 0;
/** A figure is what a best is: a whole number above 0. */
const isFigure = (n) => Number.isSafeInteger(n) && n > 0;
const isBoard = (board) => typeof board === 'string' && board.length <= 60;
const isKind = (kind) => kind === '' || (typeof kind === 'string' && /^gridplay\.[\w.-]+$/.test(kind));
/** A game's attempt id, or '' for a result from before they were kept. */
const isId = (id) => id === '' || (typeof id === 'string' && /^[\w.-]{1,200}$/.test(id));

/** A game with nothing played. */
export function emptyGame() {
  return { played: 0, won: 0, lost: 0, drawn: 0, apart: emptyApart(), figure: '', lower: false, run: null, results: [] };
}

const emptyApart = () => Object.fromEntries(APART.map((standing) => [standing, 0]));

/** A result's standing: kept only where it is not the player's own. */
const standingOfResult = (result) => result.standing ?? 'own';

/**
 * One result as kept: {day, outcome, kind, value, moves, ms, id and standing (if it has
 * them)}. Each field that cannot be read
 * is left empty and `flag()` is called; null (and a flag) for what is not a result at all.
 */
export function readResult(stored, flag = () => {}) {
  if (!isObject(stored)) {
    flag();
    return null;
  }
  const field = (name, ok, empty) => {
    if (ok(stored[name])) return stored[name];
    flag();
    return empty;
  };
  const result = {
    day: field('day', (day) => day === '' || isDay(day), ''),
    outcome: field('outcome', (o) => o === '' || OUTCOMES.includes(o), ''),
    kind: field('kind', isKind, ''),
    value: field('value', (v) => v === null || isFigure(v), null),
    moves: field('moves', isCount, 0),
    ms: field('ms', (v) => v === null || isCount(v), null),
  };
  // Kept only where there is one: results from before ids were are whole without.
  const id = stored.id === undefined ? '' : field('id', isId, '');
  if (id) result.id = id;
  // The board in the player's words ("Custom 5×5, 1 mine"), kept only where there is one:
  // results from before it was are whole without, and named by their kind's key.
  const board = stored.board === undefined ? '' : field('board', isBoard, '');
  if (board) result.board = board;
  // Kept only where it is not the player's own, as results from before standings were are.
  const standing = stored.standing === undefined ? 'own' : field('standing', (s) => STANDINGS.includes(s), 'own');
  if (standing !== 'own') result.standing = standing;
  return result;
}

/** The run of days in a row, after a game finished on `day`. */
export function nextRun(run, day) {
  if (!isDay(day)) return run;
  if (!run) return { day, days: 1, longest: 1 };
  // The same day, or a day before it (a clock set back): the run stands.
  if (day <= run.day) return run;
  const days = run.day === dayBefore(day) ? run.days + 1 : 1;
  return { day, days, longest: Math.max(run.longest, days) };
}

function readRun(stored) {
  const ok = isObject(stored) && isDay(stored.day) && isFigure(stored.days) && Number.isSafeInteger(stored.longest) && stored.longest >= stored.days;
  return ok ? { day: stored.day, days: stored.days, longest: stored.longest } : null;
}

/** A game's stats as stored, each part checked (see the top of this file). */
function readGame(stored, flag) {
  if (!isObject(stored)) {
    flag();
    return null;
  }
  const game = emptyGame();
  if (!Array.isArray(stored.results)) flag();
  for (const entry of Array.isArray(stored.results) ? stored.results : []) {
    const result = readResult(entry, flag);
    if (result) game.results.push(result);
  }
  game.results.splice(0, game.results.length - KEPT);
  // A count is at least what the results kept show.
  const count = (name, least) => {
    if (isCount(stored[name]) && stored[name] >= least) return stored[name];
    flag();
    return least;
  };
  const own = game.results.filter((r) => standingOfResult(r) === 'own');
  for (const outcome of OUTCOMES) game[outcome] = count(outcome, own.filter((r) => r.outcome === outcome).length);
  game.played = count('played', Math.max(own.length, game.won + game.lost + game.drawn));
  // Counts apart (none in a record from before they were kept), each at least its results'.
  const apart = stored.apart === undefined ? {} : isObject(stored.apart) ? stored.apart : (flag(), {});
  for (const standing of APART) {
    const least = game.results.filter((r) => standingOfResult(r) === standing).length;
    const n = apart[standing];
    game.apart[standing] = n === undefined && least === 0 ? 0 : isCount(n) && n >= least ? n : (flag(), least);
  }
  game.figure = typeof stored.figure === 'string' && /^[a-z]*$/.test(stored.figure) ? stored.figure : (flag(), '');
  game.lower = typeof stored.lower === 'boolean' ? stored.lower : (flag(), false);
  // The run, or (unreadable) the one the player's own results kept show.
  game.run = readRun(stored.run);
  if (!game.run && (stored.run !== null || own.length > 0)) {
    flag();
    game.run = own.reduce((run, result) => nextRun(run, result.day), null);
  }
  return game;
}

/**
 * Everything kept: {games: {<route>: game}, damaged: true if any of it could not be read,
 * text: what was stored}. Never throws.
 */
export function readStats(storage) {
  return statsOf(storage.get(STATS_KEY));
}

/** The stats in `text` (as kept under STATS_KEY, null for none), as readStats gives them. */
export function statsOf(text) {
  const games = {};
  if (text === null || text === '') return { games, damaged: false, text };
  let stored = null;
  try {
    stored = JSON.parse(text);
  } catch {
    // Not JSON: nothing can be read.
  }
  let damaged = !isObject(stored);
  const flag = () => {
    damaged = true;
  };
  for (const [route, entry] of Object.entries(isObject(stored) ? stored : {})) {
    const game = /^[a-z0-9]+$/.test(route) ? readGame(entry, flag) : (flag(), null);
    if (game) games[route] = game;
  }
  return { games, damaged, text };
}

/**
 * readStats, and a record that could not all be read is mended at once: its text set aside
 * (as the shell does with a save), what could be read written back. {games, damaged}.
 */
export function loadStats(storage) {
  const { games, damaged, text } = readStats(storage);
  if (damaged) {
    storage.set(UNREADABLE_KEY, text);
    storage.set(STATS_KEY, JSON.stringify(games));
  }
  return { games, damaged };
}

/** Adds `result` to `game`'s counts (`by` 1), or takes it out of them (-1): the player's own
 * counts, or those apart. */
function count(game, result, by) {
  const standing = standingOfResult(result);
  const add = (n) => Math.max(0, n + by);
  if (standing !== 'own') {
    game.apart[standing] = add(game.apart[standing]);
    return;
  }
  game.played = add(game.played);
  if (result.outcome) game[result.outcome] = add(game[result.outcome]);
}

const sameResult = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Counts a finished game of `route`: `result` is what the shell says of it ({outcome,
 * figure, lower, kind, value, moves, ms, standing, id}, any of them absent for a game that
 * does not say it) with `day`, the day it ended on. A result whose id is among those kept is
 * that game ended again (after an undo): it takes the place of the one kept, counted once, its
 * figures and outcome as they are now (nothing is written when they are the same). Only the
 * player's own result makes a day of the run. Returns {game (its stats now), damaged (the
 * record could not all be read), kept (the browser stored it; false: only this page has it)}.
 */
export function recordResult(storage, route, result) {
  const counted = countResult(storage.get(STATS_KEY), route, result);
  if (counted.damaged) storage.set(UNREADABLE_KEY, counted.before);
  return { game: counted.game, damaged: counted.damaged, kept: counted.text === undefined || storage.set(STATS_KEY, counted.text) };
}

/**
 * recordResult on the stats kept as `text` (null for none): {text (the stats to keep, or
 * undefined when they are the same), game, damaged, before (the text as it was)}.
 */
export function countResult(text, route, result) {
  const { games, damaged } = statsOf(text);
  const game = games[route] ?? emptyGame();
  const same = { game, damaged, before: text, text: damaged ? JSON.stringify(games) : undefined };
  // Each field as a result keeps it: what the game does not say is empty, a time whole ms.
  const kept = readResult({ ...result, ms: Number.isFinite(result.ms) ? Math.round(result.ms) : null });
  const at = kept.id ? game.results.findIndex((r) => r.id === kept.id) : -1;
  if (at >= 0) {
    const before = game.results[at];
    if (sameResult({ ...before, day: '', ms: null }, { ...kept, day: '', ms: null })) return same;
    count(game, before, -1);
    game.results.splice(at, 1);
  }
  count(game, kept, 1);
  if (typeof result.figure === 'string' && /^[a-z]*$/.test(result.figure)) game.figure = result.figure;
  game.lower = Boolean(result.lower);
  // A day of the run is made once, at the game's first end.
  if (at < 0 && standingOfResult(kept) === 'own') game.run = nextRun(game.run, kept.day);
  game.results.push(kept);
  game.results.splice(0, game.results.length - KEPT);
  games[route] = game;
  return { ...same, text: JSON.stringify(games) };
}

/**
 * Another tab has written the stats: of `recorded` (what this page counted, [{route, result}]),
 * each result the record lacks is counted again (the other tab wrote over it from an older
 * record); each it holds is safe. Returns those still to watch: the ones counted again.
 */
export function mergeRecorded(storage, recorded) {
  const { games } = readStats(storage);
  return recorded.filter(({ route, result }) => {
    if (games[route]?.results.some((r) => r.id === result.id)) return false;
    recordResult(storage, route, result);
    return true;
  });
}

/** Days in a row, up to `today`, with a finished game (up to yesterday while today has none yet). */
export function streak(run, today) {
  return run && (run.day === today || run.day === dayBefore(today)) ? run.days : 0;
}

/**
 * What the stats say of a game on `today`: the counts of the player's own games and those
 * apart, the streak (now and longest), and per kind (board) played among the results kept, in
 * the order last played: its results (every standing, for the chart), its own games and
 * their figures, best and average. `kept(kind)` is the best the shell keeps under that key (or
 * null): a best from before the results kept. `latest` is the kind of the last game.
 */
export function summarize(game, today, kept = () => null) {
  const byKind = new Map();
  for (const result of game.results) {
    const kind = byKind.get(result.kind) ?? { kind: result.kind, board: '', results: [], games: 0, values: [] };
    byKind.delete(result.kind);
    byKind.set(result.kind, kind);
    if (result.board) kind.board = result.board;
    kind.results.push(result);
    if (standingOfResult(result) !== 'own') continue;
    kind.games += 1;
    if (result.value !== null) kind.values.push(result.value);
  }
  const better = (a, b) => (a === null ? b : b === null ? a : game.lower ? Math.min(a, b) : Math.max(a, b));
  const kinds = [...byKind.values()].reverse().map((kind) => {
    const { values } = kind;
    const own = values.length ? values.reduce(better) : null;
    const average = values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null;
    return { ...kind, best: better(kind.kind ? kept(kind.kind) : null, own), average };
  });
  const apart = { ...(game.apart ?? emptyApart()) };
  return {
    // Two players' games count as played (not in the rates: those are of the player's own).
    played: game.played + apart.two,
    own: game.played,
    won: game.won,
    lost: game.lost,
    drawn: game.drawn,
    decided: game.won + game.lost + game.drawn,
    apart,
    streak: streak(game.run, today),
    longest: game.run?.longest ?? 0,
    figure: game.figure,
    lower: game.lower,
    kinds,
    latest: kinds[0] ?? null,
  };
}

/** A figure as the game says it: a score as it is, "48 moves", a time as the clock shows it. */
export function figureText(figure, value) {
  if (figure === 'time') return formatTime(value);
  if (figure === 'moves') return `${value} ${value === 1 ? 'move' : 'moves'}`;
  return String(value);
}

/** The games counted apart, in words, each kind that has any: ["2 practice", "1 with help"]. */
export function apartTexts(apart) {
  return APART.filter((standing) => apart?.[standing] > 0).map((standing) => `${apart[standing]} ${standingName(standing)}`);
}

/** What a game's outcome is called: `won` is the game's own word for a win ("solved"). */
export function outcomeText(outcome, won = 'won') {
  return { won, lost: 'lost', drawn: 'drawn' }[outcome] ?? 'finished';
}

/**
 * The chart of `results` (the last of a kind, oldest first) in words, for a screen reader and
 * under the chart: "Your last 20 Threes games: scores from 312 to 4020; the latest 1250."
 * `name` is the game's title and board ("Fifteen 4×4"), `won` its word for a win.
 */
export function chartText({ name, figure, won = 'won' }, results) {
  if (results.length === 0) return `No ${name} games finished yet.`;
  const parts = [];
  const values = results.map((r) => r.value).filter((v) => v !== null);
  const counts = OUTCOMES.map((outcome) => [outcome, results.filter((r) => r.outcome === outcome).length]).filter(([, n]) => n > 0);
  // How they ended, where a game says (or nothing else can be said).
  if (counts.length > 0 || values.length === 0) {
    const others = results.length - counts.reduce((n, [, k]) => n + k, 0);
    if (others > 0) counts.push(['', others]);
    parts.push(counts.length === 1 ? `${results.length === 1 ? '' : 'all '}${outcomeText(counts[0][0], won)}`.trim()
      : counts.map(([outcome, n]) => `${n} ${outcomeText(outcome, won)}`).join(', '));
  }
  if (values.length > 0) {
    const [low, high] = [Math.min(...values), Math.max(...values)];
    const noun = { score: 'scores', time: 'times' }[figure] ?? '';
    const range = low === high ? figureText(figure, low) : figure === 'moves' ? `from ${low} to ${high} moves` : `from ${figureText(figure, low)} to ${figureText(figure, high)}`;
    // Results with no figure that the outcomes do not explain (a lost game has no time).
    const unexplained = results.filter((r) => r.value === null && r.outcome !== 'lost' && r.outcome !== 'drawn').length;
    parts.push(`${values.length === 1 ? noun.replace(/s$/, '') : noun} ${range}`.trim() + (unexplained ? ` (${unexplained} with no best recorded)` : ''));
  }
  // Those not the player's own are marked in the chart, and said.
  const apart = apartTexts(Object.fromEntries(APART.map((standing) => [standing, results.filter((r) => standingOfResult(r) === standing).length])));
  if (apart.length > 0) parts.push(`marked: ${apart.join(', ')}`);
  const last = results.at(-1);
  const latest = (last.value !== null ? figureText(figure, last.value) : outcomeText(last.outcome, won))
    + (standingOfResult(last) === 'own' ? '' : `, ${standingName(standingOfResult(last))}`);
  const said = parts.length ? `: ${parts.join('; ')}` : '';
  return results.length === 1 ? `Your one ${name} game${said}.` : `Your last ${results.length} games of ${name}${said}; the latest ${latest}.`;
}

/** Home's line on a game's card: "12 played · 9 won · 3-day streak", the games apart from the
 * player's own ("2 practice"), or that none is finished yet. */
export function cardText(summary, won = 'won') {
  const apart = apartTexts(summary.apart);
  if (summary.played === 0) return apart.length ? ['None of your own yet', ...apart].join(' · ') : 'None finished yet';
  const parts = summary.won === summary.played
    ? [`${summary.won} ${won}`]
    : [`${summary.played} played`, ...(summary.decided ? [`${summary.won} ${won}`] : [])];
  if (summary.streak > 0) parts.push(`${summary.streak}-day streak`);
  return [...parts, ...apart].join(' · ');
}
