// The day's deal on screen: its result kept the first time it ends that day (the day's one
// attempt; not a game a helper's solution finished), said with the streak, and shared as short
// text with the link to the day's deal.

import { dayName, dayOf, readResults, recordResult, resultText, streak } from './daily.js';
import { GAMES } from 'gridplay:games';

/**
 * The day's deal on screen: the first time it ends today, its result is kept (the day's one
 * attempt), said with the streak, and offered to share.
 */
export function watchDay(shell, name, { storage, notice, copyLink }) {
  const day = dayOf();
  shell.watch((what) => {
    const ending = what === 'move' && shell.isEnded() ? shell.ending(shell.game) : null;
    if (!ending || shell.replaying) return;
    // Won by a helper's solution (the clock's `assisted`): the player's result it is not.
    if (shell.clock?.extra.assisted) {
      notice(`Today’s ${GAMES[name].title} was solved with the solver’s help, so no result is kept: solve it yourself to keep one.`, 'daily');
      return;
    }
    const result = { said: ending.said, outcome: ending.outcome ?? '', moves: shell.game.moveCount() };
    if (!recordResult(storage, name, day, result)) return;
    const days = streak(readResults(storage), day);
    notice(`Today’s ${GAMES[name].title} is kept: ${ending.said} Days in a row: ${days}.`, 'daily', {
      action: { label: 'Share result', onClick: () => shareDay(name, day, { storage, copyLink }) },
    });
  });
}

/** Copies the day's result as short text, or (none yet) the link to the day's deal. */
export function shareDay(name, day, { storage, copyLink }) {
  const link = `${location.origin}${location.pathname}#${name}/daily=${day}`;
  const result = readResults(storage)[`${name}/${day}`];
  if (result) copyLink(resultText(GAMES[name].title, day, result, link), `Your result for ${dayName(day)} is copied, with the link to that day’s deal.`);
  else copyLink(link, `Link to today’s deal copied. Anyone who opens it today gets ${GAMES[name].sameDeal}.`);
}
