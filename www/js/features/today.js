// The day's deal on screen: its result kept the first time it ends that day, unless that end is
// practice (standing.js: after a replay of the deal was watched, or taken on from a replay);
// the player's own or with help, as it was. Said in the game-over panel with the streak, and
// shared as short text with the link to the day's deal. Another go at the same deal is
// practice: played as freely, and said so; the first go's save is kept with its result, so its
// replay outlives the later goes' saves.

import { dayName, dayOf, keepResult, readResults, resultText, streak } from './daily.js';
import { GAMES } from '../ui/games.js';
import { addressOf } from '../ui/address.js';

/**
 * The day's deal on `shell`, before it starts: keeps its result the first time it ends today,
 * says when another go begins. Its `endNote` is the game-over panel's note on the day, for the
 * shell's start() (kept, with the streak and Share result; or practice, with the first go to
 * watch); its `opened()` says, once the deal has started, what it is.
 */
export function watchDay(shell, name, { storage, notice, copyLink, reopen }) {
  const day = dayOf();
  const title = GAMES[name].title;
  const kept = () => readResults(storage)[`${name}/${day}`] ?? null;
  const share = { label: 'Share result', onClick: () => shareDay(name, day, { storage, copyLink }) };
  const days = () => `Days in a row: ${streak(readResults(storage), day)}.`;

  // Read when the panel shows, after the move that ended the game has kept its result.
  const endNote = () => {
    if (!shell.isEnded() || shell.replaying) return null;
    const result = kept();
    if (result && isOf(result, shell)) {
      if (result.standing === 'assisted') return { text: `Today’s result, kept, with help: it makes no day of your streak. ${days()}`, actions: [share] };
      return { text: `Today’s result, kept. ${days()}`, actions: [share] };
    }
    if (!result) return { text: 'Practice: you watched a replay of today’s deal, so this is not today’s result.' };
    const watch = result.save ? [{ label: 'Watch your first go', onClick: () => watchFirst(shell, result.save) }] : [];
    return { text: `Practice: today’s result is your first go, “${result.said}”`, actions: [...watch, share] };
  };

  // The game the deal opens with is said by `opened`; a new one after it is another go.
  let attempt = null;
  shell.watch((what) => {
    if (what === 'game' && !shell.replaying && shell.attemptId !== attempt) {
      const again = attempt !== null;
      attempt = shell.attemptId;
      const result = kept();
      if (again && result && !isOf(result, shell)) notice(`Another go at today’s ${title}: practice, and your first go stays today’s result.`, 'daily');
      return;
    }
    if (what !== 'move' || !shell.isEnded() || shell.replaying) return;
    // The move that ends the game keeps its result if it is the day's first finished go (or
    // that go ended again) and not practice; the panel's note (endNote) says which.
    const { game } = shell;
    const standing = shell.standingOf(game);
    if (standing !== 'own' && standing !== 'assisted') return;
    const ending = shell.ending(game);
    keepResult(storage, name, day, {
      said: ending.said, outcome: ending.outcome ?? '', moves: game.moveCount(), attempt: shell.attemptId ?? '', save: game.save(),
      standing, help: standing === 'assisted' ? shell.helpTaken() : '',
    });
  });

  watchMidnight(shell, day, (today) => {
    // Nothing under way is simply the new day's deal; a go under way is the player's to end.
    const { game } = shell;
    const underway = game && game.moveCount() > 0 && !shell.isEnded();
    if (!underway) {
      reopen();
      return;
    }
    notice(`A new day: the deal of ${dayName(today)} is out. This one is ${dayName(day)}’s, and its result counts for that day.`, 'daily-new', {
      action: { label: 'Today’s deal', onClick: reopen },
      timeout: 0,
    });
  });

  return {
    /** The game-over panel's note on the day (the shell's start() takes it). */
    endNote,
    /** Says, once the deal has opened, what it is, or that it has been played today. */
    opened() {
      const first = kept();
      // A result kept before deals seen were is the deal seen: every other go is practice.
      if (first) shell.dealSeen(shell.game, first.attempt || 'first go');
      // A day's deal left unfinished is over once the day is: said, not replaced unseen.
      const left = shell.leftUnfinished ? ' The day’s deal you left unfinished is over.' : '';
      notice(first && !isOf(first, shell)
        ? `Today’s ${title} again: your first go, “${first.said}”, stays today’s result; this one is practice.`
        : `Today’s deal, ${dayName(day)}: the same ${title} for everyone today, a new one tomorrow.${left}`, 'daily-open');
    },
  };
}

/**
 * Calls `newDay(today)` once, when the calendar day is no longer `day`: at the next midnight, or
 * as the page comes back after a sleep across it (a timer does not run while a device sleeps).
 * Nothing once the shell has closed.
 */
function watchMidnight(shell, day, newDay) {
  let timer = 0;
  const { doc } = shell; // the page, whose visibility says it has come back
  const check = () => {
    if (shell.destroyed || dayOf() === day) return false;
    stop();
    newDay(dayOf());
    return true;
  };
  const wait = () => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    timer = setTimeout(() => check() || wait(), midnight - now + 250);
  };
  const onVisible = () => {
    if (doc.visibilityState === 'visible') check();
  };
  const stop = () => {
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onVisible);
  };
  doc.addEventListener('visibilitychange', onVisible);
  shell.watch((what) => {
    if (what === 'destroy') stop();
  });
  wait();
}

/** True iff the day's `result` is the result of the shell's game: its attempt (a result kept
 * before attempts were: the same moves and ending). */
function isOf(result, shell) {
  if (!result) return false;
  if (result.attempt) return result.attempt === shell.attemptId;
  const { game } = shell;
  return result.moves === game.moveCount() && shell.isEnded() && result.said === shell.ending(game)?.said;
}

/** Opens the replay viewer on `save` (the day's first go), over the day's deal. */
function watchFirst(shell, save) {
  shell.closeGameOver();
  shell.askReplay({ save });
}

/** Copies the day's result as short text, or (none yet) the link to the day's deal. */
export function shareDay(name, day, { storage, copyLink }) {
  const link = new URL(addressOf(name, [`daily=${day}`]), location.href).href;
  const result = readResults(storage)[`${name}/${day}`];
  if (result) copyLink(resultText(GAMES[name].title, day, result, link), `Your result for ${dayName(day)} is copied, with the link to that day’s deal.`);
  else {
    copyLink(link, `Link to today’s deal copied. Anyone who opens it today gets ${GAMES[name].sameDeal}.`, {
      title: `Gridplay: ${GAMES[name].title}`, text: `Today’s ${GAMES[name].title} deal: anyone who opens it today gets ${GAMES[name].sameDeal}.`,
    });
  }
}
