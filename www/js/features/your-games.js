// Stats' "Your games": a game's finished games, the latest first, each as a player remembers it
// (when, the board and whether it was the day's deal, how it ended, its figure, whose play it
// was) and opening its replay. Each is kept as it ends (stats-view.js's record), in IndexedDB
// (store/finished-games.js); where the browser will not keep them, the list holds this page's
// games until it closes, and says so once.

import { KEPT_GAMES, siteGames } from '../store/finished-games.js';
import { formatTime } from '../midend/clock.js';
import { standingName } from '../midend/standing.js';
import { make, movesText, showNotice } from '../ui/ui.js';
import { figureText, outcomeText } from './stats.js';

const UNKEPT = 'This browser does not let the page keep your games, so the ones you finish are listed only until you leave.';

/** The list on show: {route, fill()} while the stats panel shows a game's, else null. */
let shown = null;
let unkeptSaid = false;

/**
 * Keeps the game of `route` that has just ended: `result` is what its shell says of it, with
 * its `save` (its replay) and `day`. Said once where the browser will not keep it.
 */
export async function keepFinished(route, result, notices) {
  const games = await siteGames();
  const kept = await games.keep({
    game: route, id: result.id, at: Date.now(), day: result.day, daily: Boolean(result.daily),
    kind: result.kind ?? '', outcome: result.outcome ?? '', figure: result.figure ?? '', value: result.value ?? null,
    moves: result.moves ?? 0, ms: Number.isFinite(result.ms) ? Math.round(result.ms) : null, standing: result.standing ?? 'own',
    ending: typeof result.ending === 'string' ? result.ending : '', save: result.save,
  });
  if (!kept && !unkeptSaid) {
    unkeptSaid = true;
    showNotice(notices, UNKEPT, 'unkept-games');
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
  const section = make('section', { className: 'your-games-box' },
    make('h3', { id: 'your-games-title', className: 'your-games-title', textContent: 'Your games' }), list, note);
  section.setAttribute('aria-labelledby', 'your-games-title');
  const fill = async () => {
    const games = await siteGames();
    const entries = await games.list(card.route);
    // Another game's list has taken its place meanwhile.
    if (shown?.list !== list) return;
    list.replaceChildren(...entries.map((entry) => row(card, entry, kindName, watch)));
    note.textContent = entries.length === 0
      ? `None kept yet: each ${card.title} game you finish from now on is listed here, with its replay.`
      : `Your last ${KEPT_GAMES} ${card.title} games are kept${games.kept ? ' on this device' : ' until you leave: this browser does not let the page keep them'}. Watch opens a game’s replay.`;
  };
  shown = { route: card.route, list, fill };
  fill();
  return section;
}

/** One finished game: when, what deal, how it ended and its figure, whose play, and Watch. */
function row(card, entry, kindName, watch) {
  const when = new Date(entry.at).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  const deal = [kindName(entry.kind), entry.daily ? 'the day’s deal' : ''].filter(Boolean).join(', ');
  // A game merely over, or won by one of two players, in the engine's words ("X wins: a diagonal").
  const outcome = entry.outcome || !entry.ending ? outcomeText(entry.outcome, card.won) : entry.ending.replace(/[.!]$/, '');
  const figure = figureOf(entry);
  const whose = entry.standing && entry.standing !== 'own' ? standingName(entry.standing) : '';
  const result = `${outcome[0].toUpperCase()}${outcome.slice(1)}${figure ? `, ${figure}` : ''}`;
  const watchButton = make('button', { type: 'button', className: 'button button-quiet', textContent: 'Watch' });
  watchButton.setAttribute('aria-label', `Watch: ${[result, deal, whose, when].filter(Boolean).join(', ')}`);
  watchButton.addEventListener('click', () => watch(entry.save));
  const about = [deal, whose].filter(Boolean).join(' · ');
  return make('li', {},
    make('span', { className: 'your-game-result', textContent: result }),
    make('span', { className: 'your-game-meta' },
      make('span', { className: 'your-game-about', textContent: about }), about ? ' · ' : '',
      make('time', { dateTime: new Date(entry.at).toISOString(), textContent: when })),
    watchButton);
}

/** A finished game's figure: its best's (a score, a time, moves), else its time or moves. */
function figureOf({ figure, value, ms, moves }) {
  if (figure && value !== null && value !== undefined) return figureText(figure, value);
  if (Number.isFinite(ms) && ms > 0) return formatTime(ms);
  return moves > 0 ? movesText(moves) : '';
}
