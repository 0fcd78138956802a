// Stats' "Your games": a game's finished games, the latest first, each as a player remembers it
// (when, the board and whether it was the day's deal, how it ended, its figure, whose play it
// was) and opening its replay. Each is kept as it ends (stats-view.js's record), in IndexedDB
// (store/finished-games.js); where the browser will not keep them, the list holds this page's
// games until it closes, and says so once, and why: a full disk is the player's to mend, a
// refusing browser its settings'. A kept game that cannot be read is left out, and said.

import { KEPT_GAMES, siteGames } from '../store/finished-games.js';
import { formatTime } from '../midend/clock.js';
import { standingName } from '../midend/standing.js';
import { make, movesText, showNotice } from '../ui/ui.js';
import { figureText, outcomeText } from './stats.js';

/** What is said where a game could not be kept, by why (the store's keep). */
export const UNKEPT = {
  unavailable: 'This browser does not let the page keep your games, so the ones you finish are listed only until you leave.',
  full: 'This game’s replay could not be kept: the device’s storage is full. It is listed until you leave; the games kept before are still there.',
  refused: 'This game’s replay could not be kept: the browser refused to store it. It is listed until you leave; the games kept before are still there.',
};

/** The list on show: {route, fill()} while the stats panel shows a game's, else null. */
let shown = null;
/** Why games went unkept, each said once this page: a full disk stays full game after game. */
const unkeptSaid = new Set();

/**
 * Keeps the game of `route` that has just ended: `result` is what its shell says of it, with
 * its `save` (its replay) and `day`. Where the browser will not keep it, that is said once a
 * page, and why, in `notices` (or to `say`, and kept in `games`: for tests).
 */
export async function keepFinished(route, result, notices, {
  games = siteGames(), say = (text) => showNotice(notices, text, 'unkept-games'),
} = {}) {
  const kept = await (await games).keep({
    game: route, id: result.id, at: Date.now(), day: result.day, daily: Boolean(result.daily),
    kind: result.kind ?? '', board: typeof result.board === 'string' ? result.board : '', outcome: result.outcome ?? '', figure: result.figure ?? '', value: result.value ?? null,
    moves: result.moves ?? 0, ms: Number.isFinite(result.ms) ? Math.round(result.ms) : null, standing: result.standing ?? 'own',
    ending: typeof result.ending === 'string' ? result.ending : '', save: result.save,
  });
  if (kept !== 'kept' && !unkeptSaid.has(kept)) {
    unkeptSaid.add(kept);
    say(UNKEPT[kept] ?? UNKEPT.refused);
  }
  if (shown?.route === route) shown.fill();
}

/**
 * The list of `card`'s finished games (a section, filled once they are read): `kindName(kind)`
 * names a board, `watch(save)` opens a replay.
 */
export function finishedList(card, { kindName, watch }) {
  const list = make('ol', { className: 'your-games' });
  const note = make('p', { className: 'setting-note' });
  const damagedNote = make('p', { className: 'setting-note your-games-damaged', hidden: true });
  const section = make('section', { className: 'your-games-box' },
    make('h3', { id: 'your-games-title', className: 'your-games-title', textContent: 'Your games' }), list, note, damagedNote);
  section.setAttribute('aria-labelledby', 'your-games-title');
  const fill = async () => {
    const games = await siteGames();
    const { games: entries, damaged } = await games.list(card.route);
    // Another game's list has taken its place meanwhile.
    if (shown?.list !== list) return;
    list.replaceChildren(...entries.map((entry) => row(card, entry, kindName, watch)));
    note.textContent = entries.length === 0
      ? `${damaged > 0 ? 'None to list' : 'None kept yet'}: each ${card.title} game you finish from now on is listed here, with its replay.`
      : `Your last ${KEPT_GAMES} ${card.title} games are kept${games.kept ? ' on this device' : ' until you leave: this browser does not let the page keep them'}. Watch opens a game’s replay.`;
    damagedNote.textContent = damagedText(damaged);
    damagedNote.hidden = damaged === 0;
  };
  shown = { route: card.route, list, fill };
  fill();
  return section;
}

/** What is said of the kept games that could not be read, or '' for none. */
export function damagedText(damaged) {
  if (!(damaged > 0)) return '';
  return damaged === 1 ? '1 kept game could not be read and is not listed.' : `${damaged} kept games could not be read and are not listed.`;
}

/**
 * The words of one finished game's row (any the store's finishedOf passes): its `result`
 * ("Solved, 84 moves"), `about` (the board, the day's deal, whose play), `when` and `iso`.
 */
export function rowWords(card, entry, kindName) {
  const date = new Date(entry.at);
  const when = date.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  const deal = [kindName(entry.kind, entry.board ?? ''), entry.daily ? 'the day’s deal' : ''].filter(Boolean).join(', ');
  // A game merely over, or won by one of two players, in the engine's words ("X wins: a
  // diagonal"); words that come to nothing ("!") say no more than the outcome's.
  const ending = entry.ending ? entry.ending.replace(/[.!]$/, '') : '';
  const outcome = entry.outcome || !ending ? outcomeText(entry.outcome, card.won) : ending;
  // The figure, unless the ending's words give it already (Threes': "Final score 85104").
  let figure = figureOf(entry);
  if (figure && new RegExp(`(^|[^\\w.:])${figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.:])`).test(outcome)) figure = '';
  const whose = entry.standing && entry.standing !== 'own' ? standingName(entry.standing) : '';
  const result = `${outcome.charAt(0).toUpperCase()}${outcome.slice(1)}${figure ? `, ${figure}` : ''}`;
  return { result, about: [deal, whose].filter(Boolean).join(' · '), deal, whose, when, iso: date.toISOString() };
}

/** One finished game: when, what deal, how it ended and its figure, whose play, and Watch. */
function row(card, entry, kindName, watch) {
  const { result, about, deal, whose, when, iso } = rowWords(card, entry, kindName);
  const watchButton = make('button', { type: 'button', className: 'button button-quiet', textContent: 'Watch' });
  watchButton.setAttribute('aria-label', `Watch: ${[result, deal, whose, when].filter(Boolean).join(', ')}`);
  watchButton.addEventListener('click', () => watch(entry.save));
  return make('li', {},
    make('span', { className: 'your-game-result', textContent: result }),
    make('span', { className: 'your-game-meta' },
      make('span', { className: 'your-game-about', textContent: about }), about ? ' · ' : '',
      make('time', { dateTime: iso, textContent: when })),
    watchButton);
}

/** A finished game's figure: its best's (a score, a time, moves), else its time or moves. */
function figureOf({ figure, value, ms, moves }) {
  if (figure && value !== null && value !== undefined) return figureText(figure, value);
  if (Number.isFinite(ms) && ms > 0) return formatTime(ms);
  return moves > 0 ? movesText(moves) : '';
}
