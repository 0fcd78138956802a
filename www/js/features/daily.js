// The day's deal (#<route>/daily), for the games whose line in www/games.json has `daily`: the
// same deal for everyone on a calendar day (the player's local date), another the next day,
// from the engine's dailySeed(route, date) (docs/design.md gives the formula). Its game is kept
// apart from the free game (the shell's 'daily' slot), so opening it never asks to replace the
// game in progress. The first finished attempt of a day that is not practice (standing.js) is
// its result, the player's own or with help, kept under gridplay.daily.results, shown when the
// day's deal is opened again and shared as short text; the streak is the run of days, up to
// today, with a result of the player's own.

import { dayBefore, dayName, dayOf } from './days.js';
import { Mirrored } from '../store/mirrored.js';

// The calendar's days, for the app's modules that count by them.
export { dayBefore, dayName, dayOf };

export const RESULTS_KEY = 'gridplay.daily.results';

/**
 * The results kept, by "<route>/<day>": {said, outcome, moves, attempt, save, standing, help}
 * (the attempt's id and its save, '' in a result kept before they were; its standing, 'own' or
 * 'assisted', own in a result from before standings were; the help it took in words, or '').
 * Anything unreadable is left out (a damaged store loses no game, only what it could not read).
 * A result this page is keeping (keepResult) is among them from the moment it is kept.
 */
export function readResults(storage) {
  return { ...keeping, ...resultsOf(storage.get(RESULTS_KEY)) };
}

/** The results in `text` (as kept under RESULTS_KEY, null for none). */
function resultsOf(text) {
  let stored = null;
  try {
    stored = JSON.parse(text ?? '{}');
  } catch {
    // Unreadable: no results yet; the next one recorded writes a good copy.
  }
  const results = {};
  for (const [key, entry] of Object.entries(stored && typeof stored === 'object' ? stored : {})) {
    if (/^[a-z0-9]+\/\d{4}-\d{2}-\d{2}$/.test(key) && typeof entry?.said === 'string' && Number.isSafeInteger(entry.moves)) {
      const text = (field) => (typeof entry[field] === 'string' ? entry[field] : '');
      const standing = entry.standing === 'assisted' ? 'assisted' : 'own';
      results[key] = { said: entry.said, outcome: text('outcome'), moves: entry.moves, attempt: text('attempt'), save: text('save'), standing, help: text('help') };
    }
  }
  return results;
}

/** The results kept as `text` with `result` as `route`'s on `day`, or undefined if the day has
 * one already. The day's result ended again (the same attempt, after an undo) takes its place,
 * with the figures its end says now. */
function withResult(text, route, day, result) {
  const results = resultsOf(text);
  const key = `${route}/${day}`;
  const again = results[key] && result.attempt && results[key].attempt === result.attempt;
  if (results[key] && !again) return undefined;
  results[key] = result;
  return JSON.stringify(results);
}

/** Results this page is keeping, by key, until they are kept. */
const keeping = {};

/**
 * Keeps `result` as `route`'s result on `day`, unless the day has one already (withResult), in
 * one write no other tab's can undo (store/mirrored.js): of two tabs ending the day's deal at
 * once, the first kept is the day's result. Read back at once (readResults) while it is kept;
 * resolves true iff it was.
 */
export async function keepResult(storage, route, day, result, kept = new Mirrored(storage, RESULTS_KEY)) {
  const key = `${route}/${day}`;
  if (!readResults(storage)[key]) keeping[key] = result;
  let taken = false;
  try {
    await kept.update((text) => {
      const next = withResult(text, route, day, result);
      taken = next !== undefined;
      return next;
    });
  } finally {
    delete keeping[key];
  }
  return taken;
}

/** Days in a row with a result of the player's own (any game's), up to `day`, or up to the day
 * before while `day` has none yet. */
export function streak(results, day) {
  const played = new Set(Object.entries(results).filter(([, result]) => result.standing !== 'assisted').map(([key]) => key.split('/')[1]));
  let at = played.has(day) ? day : dayBefore(day);
  let days = 0;
  while (played.has(at)) {
    days += 1;
    at = dayBefore(at);
  }
  return days;
}

/** A day's result as short text to share: game, day, what the game said of its end, moves
 * (unless that said them already: "Solved in 49 moves"), the help it took if any, the link. */
export function resultText(title, day, result, link) {
  const moves = `${result.moves} ${result.moves === 1 ? 'move' : 'moves'}`;
  const count = new RegExp(`(^|\\D)${moves}\\b`).test(result.said) ? '' : ` (${moves})`;
  const help = result.standing === 'assisted' ? ` With help${result.help ? `: ${result.help}` : ''}.` : '';
  return `Gridplay ${title}, ${dayName(day)}: ${result.said}${count}${help} ${link}`;
}
