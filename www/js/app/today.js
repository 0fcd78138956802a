// The day's deal on screen: its result kept the first time it ends that day (the day's one
// attempt; not a game a helper's solution finished), said in the game-over panel with the
// streak, and shared as short text with the link to the day's deal. Another go at the same deal
// is played as freely, and says that it is not counted; the first go's save is kept with its
// result, so its replay outlives the later goes' saves.

import { dayName, dayOf, readResults, recordResult, resultText, streak } from './daily.js';
import { GAMES } from 'gridplay:games';

/**
 * The day's deal on `shell`, before it starts: keeps its result the first time it ends today,
 * gives the game-over panel its note on the day (`shell.endNote`, ending.js: kept, with the
 * streak and Share result; not counted, with the first go to watch; or solved with help), and
 * says when another go begins. Its `opened()` says, once it has started, what the deal is.
 */
export function watchDay(shell, name, { storage, notice, copyLink }) {
  const day = dayOf();
  const title = GAMES[name].title;
  const kept = () => readResults(storage)[`${name}/${day}`] ?? null;
  const share = { label: 'Share result', onClick: () => shareDay(name, day, { storage, copyLink }) };

  /** What today's deal makes of the game on screen: null while it goes on (or is replayed);
   * else `assisted` (won by a helper's solution, the clock's `assisted`: not the player's
   * result), or the day's result and whether it is this game's. */
  const verdict = () => {
    if (!shell.isEnded() || shell.replaying) return null;
    if (shell.clock?.extra.assisted) return { assisted: true };
    const result = kept();
    return result && { result, mine: isOf(result, shell) };
  };

  // Read when the panel shows, after the move that ended the game has kept its result.
  shell.endNote = () => {
    const said = verdict();
    if (!said) return null;
    if (said.assisted) return { text: 'Solved with the solver’s help, so it is not today’s result: solve it yourself to keep one.' };
    if (said.mine) return { text: `Today’s result, kept. Days in a row: ${streak(readResults(storage), day)}.`, actions: [share] };
    const watch = said.result.save ? [{ label: 'Watch your first go', onClick: () => watchFirst(shell, said.result.save) }] : [];
    return { text: `Not counted: today’s result is your first go, “${said.result.said}”`, actions: [...watch, share] };
  };

  // The game the deal opens with is said by `opened`; a new one after it is another go.
  let attempt = null;
  shell.watch((what) => {
    if (what === 'game' && !shell.replaying && shell.kept.attempt?.id !== attempt) {
      const again = attempt !== null;
      attempt = shell.kept.attempt?.id;
      const result = kept();
      if (again && result && !isOf(result, shell)) notice(`Another go at today’s ${title}: your first go stays today’s result.`, 'daily');
      return;
    }
    if (what !== 'move' || !shell.isEnded() || shell.replaying) return;
    // The move that ends the game keeps its result if it is the day's first finished; the
    // panel's note (endNote) says so, or, for a game with no panel, a notice.
    const assisted = Boolean(shell.clock?.extra.assisted);
    const ending = shell.ending(shell.game);
    const fresh = !assisted && recordResult(storage, name, day, {
      said: ending.said, outcome: ending.outcome ?? '', moves: shell.game.moveCount(), attempt: shell.kept.attempt?.id ?? '', save: shell.game.save(),
    });
    if (shell.end.panel) return;
    if (assisted) notice(`Today’s ${title} was solved with the solver’s help, so no result is kept: solve it yourself to keep one.`, 'daily');
    else if (fresh) notice(`Today’s ${title} is kept: ${ending.said} Days in a row: ${streak(readResults(storage), day)}.`, 'daily', { action: share });
  });

  return {
    /** Says, once the deal has opened, what it is, or that it has been played today. */
    opened() {
      const first = kept();
      notice(first && !isOf(first, shell)
        ? `Today’s ${title} again: your first go, “${first.said}”, stays today’s result; this one is not counted.`
        : `Today’s deal, ${dayName(day)}: the same ${title} for everyone today, a new one tomorrow.`, 'daily-open');
    },
  };
}

/** True iff the day's `result` is the result of the shell's game: its attempt (a result kept
 * before attempts were: the same moves and ending). */
function isOf(result, shell) {
  if (!result) return false;
  if (result.attempt) return result.attempt === shell.kept.attempt?.id;
  return result.moves === shell.game.moveCount() && shell.isEnded() && result.said === shell.ending(shell.game)?.said;
}

/** Opens the replay viewer on `save` (the day's first go), over the day's deal. */
function watchFirst(shell, save) {
  shell.el.gameOverDialog?.close();
  shell.doc.dispatchEvent(new CustomEvent('gridplay:replay', { detail: { save } }));
}

/** Copies the day's result as short text, or (none yet) the link to the day's deal. */
export function shareDay(name, day, { storage, copyLink }) {
  const link = `${location.origin}${location.pathname}#${name}/daily=${day}`;
  const result = readResults(storage)[`${name}/${day}`];
  if (result) copyLink(resultText(GAMES[name].title, day, result, link), `Your result for ${dayName(day)} is copied, with the link to that day’s deal.`);
  else copyLink(link, `Link to today’s deal copied. Anyone who opens it today gets ${GAMES[name].sameDeal}.`);
}
