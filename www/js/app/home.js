// The home view's figures: each game's best on its card, the day's deals with their results
// and the streak, and the stats' lines; drawn from what storage keeps, again whenever another
// tab keeps something (app.js).

import { dayOf, readResults, streak } from '../features/daily.js';
import { GAMES } from '../ui/games.js';
import { addressOf } from '../ui/address.js';
import { formatTime } from '../midend/clock.js';

const byId = (id) => document.getElementById(id);

/**
 * Home's figures, as kept in `storage`: each game's best, the day's deals and the stats' lines
 * (`stats(use)` hands over the stats' module, loaded at its first use). `view` is #view.
 */
export function drawHome(view, storage, stats) {
  const readBest = (key) => {
    const n = Number(storage.get(key) ?? 0);
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  };
  for (const best of view.querySelectorAll('.game-best')) {
    // A game with a best per size names the one its card shows (data-best-key), and a best in
    // moves says so (data-best-unit): "48 moves", a time in ms as the game's clock shows it
    // ("1:23"); a score bare. Every game says "–" for none yet (a score of 0 is no best).
    const { bestKey, bestUnit } = best.dataset;
    const value = readBest(bestKey ?? `gridplay.${best.closest('[data-game]').dataset.game}.best`);
    // "1 game", "2 games": the unit is written plural.
    const unit = value === 1 ? bestUnit?.replace(/s$/, '') : bestUnit;
    const shown = bestUnit === 'ms' ? formatTime(value) : `${value} ${unit}`;
    best.textContent = !value ? '–' : bestUnit ? shown : String(value);
    best.dataset.value = String(value);
  }
  // A card with a best per size shows each size that has one (the usual size while none has).
  for (const score of view.querySelectorAll('.game-score[data-per-size]')) {
    const entries = [...score.querySelectorAll('.game-best-entry')];
    const kept = entries.filter((entry) => entry.querySelector('.game-best').dataset.value !== '0');
    for (const entry of entries) entry.hidden = kept.length > 0 ? !kept.includes(entry) : !('default' in entry.dataset);
  }
  showToday(view, storage);
  stats((module) => module.showCardStats(view, storage));
}

/** Home's day's deals: a link to each game's, with the day's result once there is one, and the streak. */
function showToday(view, storage) {
  const day = dayOf();
  const results = readResults(storage);
  // In the list's order, as the cards show it (GAMES, an object, puts "2048" first).
  const names = [...view.querySelectorAll('.game-card[data-game]')].map((card) => card.dataset.game);
  const items = names.filter((name) => GAMES[name]?.daily).map((name) => {
    const game = GAMES[name];
    const result = results[`${name}/${day}`];
    const link = Object.assign(document.createElement('a'), { className: 'today-link', href: addressOf(name, ['daily']) });
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
  // Named as the day's deals' own, apart from each card's streak (any finished game of it).
  if (line) line.textContent = days > 0 ? `Day’s deals played ${days} ${days === 1 ? 'day' : 'days'} in a row.` : '';
}
