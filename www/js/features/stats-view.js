// The stats drawn (stats.js keeps and reads them): a line on each of home's game cards, and
// the stats panel (the bar's Stats), per game: played, won, best, average and the streak of
// the player's own games, those counted apart (practice, with help, two players), and a chart
// of the last results, those apart marked, described in words, and the list of the player's
// finished games with their replays (your-games.js). The panel follows what another
// tab counts while it is open. app.js loads this module the first time one
// of them is shown or a game ends, never with a game's first board, and its stylesheet
// (css/stats.css) with it.

import { CARDS } from 'gridplay:cards';
import { addressOf, go } from '../ui/address.js';
import { dayOf } from './days.js';
import { readBests } from '../midend/bests.js';
import { addStylesheet, make, showNotice, svg } from '../ui/ui.js';
import {
  APART, CHARTED, KEPT, STATS_KEY, UNREADABLE_KEY, cardText, chartText, countResult, figureText, loadStats, mergeRecorded, summarize,
} from './stats.js';
import { Mirrored } from '../store/mirrored.js';
import { standingName } from '../midend/standing.js';
import { finishedList, keepFinished } from './your-games.js';

const DAMAGED = 'Some of your stats could not be read, so they go on from what could.';

const byId = (id) => document.getElementById(id);

/** A game's card (its title, boards and word for a win), or null for a route that is none. */
const cardOf = (route) => CARDS.find((card) => card.route === route) ?? null;

/** The stats kept, mended if damaged (and then said once). */
function load(storage) {
  const { games, damaged } = loadStats(storage);
  if (damaged) showNotice(byId('notices'), DAMAGED, 'corrupt-stats');
  return games;
}

/** The best the shell keeps under `kind` (a best's storage key), or null. */
const keptBest = (storage) => (kind) => readBests([{ name: 'best', key: kind }], storage).best;

/** What this page counted and has not yet seen in a record another tab wrote. */
let recorded = null;

/** Counts a game of `route` that has just ended today: `result` is what its shell says of it.
 * Resolves once counted. */
export async function record(storage, route, result) {
  if (!cardOf(route)) return;
  // The save, the slot and the ending's words are for the list of games alone: the stats keep
  // figures.
  const { save, daily, ending, ...counted } = result;
  const dated = { ...counted, day: dayOf() };
  // Kept in the list before it is counted: another tab's panel, which a count redraws, lists it.
  try {
    await keepFinished(route, { ...dated, save, daily, ending }, byId('notices'));
  } catch (error) {
    console.info('gridplay: a finished game not listed:', error?.message ?? error);
  }
  // Counted over the stats as kept, in one write that no other tab's can undo (store/mirrored.js).
  let damaged = false;
  await new Mirrored(storage, STATS_KEY).update((text) => {
    const counted = countResult(text, route, dated);
    if (counted.damaged && !damaged) storage.set(UNREADABLE_KEY, counted.before);
    damaged ||= counted.damaged;
    return counted.text;
  });
  if (damaged) showNotice(byId('notices'), DAMAGED, 'corrupt-stats');
  if (!recorded) {
    recorded = [];
    storage.watch((key) => {
      if (key === STATS_KEY && recorded.length > 0) recorded = mergeRecorded(storage, recorded);
    });
  }
  // The last few are enough: another tab's write that missed one comes within moments.
  recorded = [...recorded, { route, result: dated }].slice(-10);
}

/** Fills the stats line of each game card in `view` (home). */
export function showCardStats(view, storage) {
  const lines = view.querySelectorAll('.game-card[data-game] .game-stats');
  if (lines.length === 0) return;
  const games = load(storage);
  const today = dayOf();
  for (const line of lines) {
    const card = cardOf(line.closest('[data-game]').dataset.game);
    const game = games[card?.route];
    line.textContent = cardText(game ? summarize(game, today) : { played: 0 }, card?.won);
  }
}

/** A kind's name in its game's words ("4×4", "Beginner"; a custom board's as its results kept
 * it, `board`: "Custom 5×5, 1 mine"), '' for a game of one kind. */
function kindName(card, kind, board = '') {
  if (!kind || card.figures.length < 2) return '';
  // A board the card does not name (a custom one) by the name its results kept, else by its
  // key's last part, as its links write it (results kept before boards were named).
  return card.figures.find((figure) => figure.key === kind)?.name || board || kind.slice(kind.lastIndexOf('.') + 1);
}

// ---------- the panel ----------

let panel = null;
/** Opens a finished game's replay (route, save), the panel closed. */
let watchReplay = null;

// Without its styles the panel still works: it opens either way.
const stylesheet = addStylesheet(new URL('../../css/stats.css', import.meta.url).href);

/**
 * Opens the stats panel on the game of the screen shown (`app`, app.js's {route, shell}), or
 * on home on the game played last. A game that ended while it was open shows its end once it
 * closes, as after the settings.
 */
export async function openStats(storage, app) {
  // A game's replay, watched over its own screen where that is the screen shown.
  watchReplay = (route, save) => {
    panel.dialog.close();
    go(addressOf(route, [...(route === app.route && app.daily ? ['daily'] : []), `replay=${save}`]));
  };
  await stylesheet;
  panel ??= makePanel(storage);
  if (panel.dialog.open) return;
  const games = load(storage);
  const shown = cardOf(app.route) ?? lastPlayed(games);
  for (const input of panel.picker.querySelectorAll('input')) input.checked = input.value === shown.route;
  panel.onClose = () => app.shell?.checkGameOver();
  show(panel, storage, shown.route, games);
  panel.dialog.showModal();
}

/** The game with the latest finished game (by day; of a day's, the first in the list), or the first. */
function lastPlayed(games) {
  let last = CARDS[0];
  for (const card of CARDS) {
    if ((games[card.route]?.run?.day ?? '') > (games[last.route]?.run?.day ?? '')) last = card;
  }
  return last;
}

function makePanel(storage) {
  const picker = make('fieldset', { className: 'segmented stats-picker' }, make('legend', { className: 'visually-hidden', textContent: 'Game' }),
    ...CARDS.map((card) => make('label', {}, make('input', { type: 'radio', name: 'stats-game', value: card.route }), card.title)));
  const body = make('div', { className: 'stats-body' });
  const done = make('button', { type: 'submit', className: 'button', value: 'close', textContent: 'Done', autofocus: true });
  const dialog = make('dialog', { id: 'stats', className: 'dialog stats-dialog' },
    make('form', { method: 'dialog', className: 'dialog-body' },
      make('h2', { id: 'stats-title', className: 'dialog-title', textContent: 'Stats' }),
      picker, body,
      make('p', { className: 'setting-note stats-kept', textContent: `Kept on this device only. Every game is counted; your own alone make the rates, bests, averages and streaks. Practice (played on from a replay, or at a deal you had finished or watched) and games with help (a hint, Autoplay or Solve) are counted apart, two players’ games as played but in no rate, and all of them hollow in the chart. The averages, the boards’ games and the chart are of your last ${KEPT} of each game.` }),
      make('div', { className: 'dialog-buttons' }, done)));
  dialog.setAttribute('aria-labelledby', 'stats-title');
  const shown = { dialog, picker, body, onClose: null };
  picker.addEventListener('change', (event) => show(shown, storage, event.target.value, load(storage)));
  dialog.addEventListener('close', () => shown.onClose?.());
  // A game another tab finishes (or this one, behind the panel) shows at once.
  storage.watch((key) => {
    const route = picker.querySelector('input:checked')?.value;
    if (dialog.open && route && (key === STATS_KEY || key === null)) show(shown, storage, route, load(storage));
  });
  document.body.append(dialog);
  return shown;
}

/** Draws `route`'s stats in the panel. */
function show({ body }, storage, route, games) {
  const card = cardOf(route);
  const game = games[route];
  if (!game || game.played + APART.reduce((n, standing) => n + game.apart[standing], 0) === 0) {
    body.replaceChildren(make('p', { className: 'stats-none', textContent: `No ${card.title} game finished yet: your stats start with the first.` }));
    return;
  }
  const summary = summarize(game, dayOf(), keptBest(storage));
  const { figure } = summary;
  const amount = (value) => (value === null ? '–' : figureText(figure, value));
  // A rate is of the player's own games alone.
  const percent = (n) => ` (${Math.round((100 * n) / Math.max(1, summary.own))}%)`;
  const tiles = [['Played', String(summary.played)]];
  if (summary.decided > 0) {
    tiles.push([card.won[0].toUpperCase() + card.won.slice(1), `${summary.won}${percent(summary.won)}`]);
    if (summary.drawn > 0) tiles.push(['Drawn', String(summary.drawn)]);
    if (summary.lost > 0) tiles.push(['Lost', String(summary.lost)]);
  }
  // A game of one board has its best and average among the figures; one of several boards, a
  // table of them.
  const single = card.figures.length < 2;
  if (figure && single && summary.latest) tiles.push(['Best', amount(summary.latest.best)], ['Average', amount(summary.latest.average)]);
  tiles.push(['Streak', `${summary.streak} ${summary.streak === 1 ? 'day' : 'days'}`]);
  // Counted apart from the player's own: practice, with help, two players.
  for (const standing of APART) {
    const n = summary.apart[standing];
    if (n > 0) tiles.push([standingName(standing)[0].toUpperCase() + standingName(standing).slice(1), String(n)]);
  }
  const figures = make('dl', { className: 'stats-figures' },
    ...tiles.map(([term, value]) => make('div', {}, make('dt', { textContent: term }), make('dd', { textContent: value }))));
  const parts = [figures];
  if (figure && !single) parts.push(kindsTable(card, summary, amount));
  // The chart of the board played last (none when no result could be read: only counts).
  const latest = summary.latest;
  if (latest) {
    const results = latest.results.slice(-CHARTED);
    const name = [card.title, kindName(card, latest.kind, latest.board)].filter(Boolean).join(' ');
    parts.push(chart(results, chartText({ name, figure, won: card.won }, results)));
  }
  const longest = summary.longest > summary.streak ? ` Your longest: ${summary.longest} ${summary.longest === 1 ? 'day' : 'days'}.` : '';
  parts.push(make('p', { className: 'setting-note', textContent: `The streak is the days in a row, up to today, on which you finished a game of ${card.title}.${longest}` }));
  parts.push(finishedList(card, { kindName: (kind, board) => kindName(card, kind, board), watch: (save) => watchReplay?.(route, save) }));
  body.replaceChildren(...parts);
}

/** Best and average per board (a size, a level), in the card's order, then any other board. */
function kindsTable(card, summary, amount) {
  const order = (kind) => {
    const at = card.figures.findIndex((figure) => figure.key === kind.kind);
    return at < 0 ? card.figures.length : at;
  };
  const kinds = summary.kinds.filter((kind) => kind.kind).sort((a, b) => order(a) - order(b));
  const cell = (tag, text) => make(tag, { textContent: text });
  const head = make('tr', {}, ...['Board', 'Games', 'Best', 'Average'].map((text) => {
    const th = cell('th', text);
    th.scope = 'col';
    return th;
  }));
  const rows = kinds.map((kind) => {
    const th = cell('th', kindName(card, kind.kind, kind.board));
    th.scope = 'row';
    return make('tr', {}, th, cell('td', String(kind.games)), cell('td', amount(kind.best)), cell('td', amount(kind.average)));
  });
  return make('table', { className: 'stats-kinds' }, make('thead', {}, head), make('tbody', {}, ...rows));
}

/**
 * The last results as bars, oldest at the left, each as tall as its figure on a log scale (a
 * score of 60 beside one of 120 000 still stands as a bar, and the larger stays the taller; a
 * game without figures, or a result without one: as tall as how it ended); `text` says it in
 * words, for a screen reader (the image's name) and under the chart.
 */
function chart(results, text) {
  const [slot, height] = [10, 60];
  const values = results.map((r) => r.value).filter((v) => v !== null);
  const top = Math.max(1, ...values);
  const image = svg('svg', { class: 'stats-chart', viewBox: `0 0 ${CHARTED * slot} ${height}`, preserveAspectRatio: 'none', role: 'img', 'aria-label': text });
  const title = svg('title');
  title.textContent = text;
  image.append(title);
  // The latest is at the right end, whatever the number of results.
  const first = CHARTED - results.length;
  results.forEach((result, i) => {
    const share = result.value !== null ? Math.log1p(result.value) / Math.log1p(top)
      : values.length > 0 ? 0 : { won: 1, lost: 0.25 }[result.outcome] ?? 0.6;
    const tall = Math.max(3, share * (height - 4));
    const bar = svg('rect', { x: (first + i) * slot + 1.5, y: height - tall, width: slot - 3, height: tall, rx: 1.5 });
    bar.dataset.outcome = result.outcome || 'none';
    // Not the player's own: marked (stats.css draws it hollow).
    if (result.standing) bar.dataset.standing = result.standing;
    if (i === results.length - 1) bar.classList.add('latest');
    image.append(bar);
  });
  image.append(svg('line', { x1: 0, y1: height - 0.5, x2: CHARTED * slot, y2: height - 0.5, 'vector-effect': 'non-scaling-stroke' }));
  const caption = make('p', { className: 'stats-caption', textContent: text });
  // The image says the same to a screen reader; read once.
  caption.setAttribute('aria-hidden', 'true');
  return make('div', { className: 'stats-chart-box' }, image, caption);
}
