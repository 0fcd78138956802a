// Whose play a result is: the one rule behind every best, every win in the rates, every streak
// day and the day's result, for every game. A result is the player's OWN when they made every
// move of it from a deal they had not seen played out. The rest is still counted, apart:
//
// - PRACTICE: a game taken on from a replay ("Play from here", of any game, the player's own
//   too), or at a deal already finished or watched in a replay (a second go at the day's deal,
//   a share link of a deal played before), before or while it was played;
// - ASSISTED ("with help"): a game in which a hint was taken or a helper (Autoplay, Solve)
//   made a move;
// - TWO players on one device: neither player's own result (counted, and in the game's tally).
//
// An attempt (kept-game.js) carries its origin and the help it took; the deals seen are kept
// here, per game, so that a deal finished or watched in one tab or slot (the day's deal and the
// free game) makes every other attempt at it practice. No DOM here: tests/node runs this.

export const STANDINGS = ['own', 'practice', 'assisted', 'two'];
/** How an attempt began: dealt afresh, taken on from a replay, at a deal seen before, or
 * restarted from its deal. */
export const ORIGINS = ['fresh', 'replay', 'seen', 'restart'];
/** The help an attempt can take: hints shown, and moves a helper made. */
export const HELP = ['hints', 'moves'];

/** The deals seen kept per game: enough for every share link a player comes back to. */
export const SEEN_KEPT = 200;

/**
 * The standing of an attempt's result: `attempt` is {origin, help} (kept-game.js), `seenElsewhere`
 * whether its deal was finished or watched by anything but this attempt, `twoPlayers` whether
 * two people played it on one device.
 */
export function standingOf({ origin = 'fresh', help = {} } = {}, { seenElsewhere = false, twoPlayers = false } = {}) {
  if (twoPlayers) return 'two';
  if (origin !== 'fresh' || seenElsewhere) return 'practice';
  if (HELP.some((kind) => help[kind] > 0)) return 'assisted';
  return 'own';
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The help an attempt took, in words ("2 hints and 31 moves by the AI"), or '' for none;
 * `helper` names what made the moves ("the AI", "the solver"). */
export function helpText(help = {}, helper = 'the AI') {
  const parts = [];
  if (help.hints > 0) parts.push(plural(help.hints, 'hint'));
  if (help.moves > 0) parts.push(`${plural(help.moves, 'move')} by ${helper}`);
  return parts.join(' and ');
}

/** What made a game's helper moves, by its engine's helps(): "the solver" or "the AI". */
export function helperOf(helps) {
  return helps.includes('solve') ? 'the solver' : 'the AI';
}

/** What a standing is called in the stats and on a result ("practice", "with help"). */
export function standingName(standing) {
  return { own: 'your own', practice: 'practice', assisted: 'with help', two: 'for two players' }[standing] ?? 'your own';
}

/**
 * What the end of a game that is not the player's own says of it, or '' for one that is:
 * `attempt` as standingOf takes it, and `helper` as helpText does.
 */
export function standingNote(standing, attempt, helper) {
  if (standing === 'practice') {
    const why = attempt.origin === 'replay' ? 'played on from a replay'
      : attempt.origin === 'restart' ? 'the deal restarted'
        : 'at a deal you had finished or watched before';
    return `Practice (${why}): counted apart from your own games, and makes no best.`;
  }
  if (standing === 'assisted') {
    return `With help (${helpText(attempt.help, helper)}): counted apart from your own games, and makes no best.`;
  }
  return '';
}

// ---------- the deals seen ----------

const seenKey = (name) => `gridplay.${name}.seen`;

/** The deals of game `name` seen so far: [[deal link, by]], oldest first; `by` is the attempt
 * that finished it, or 'replay' for one watched. Anything unreadable is left out. */
export function readSeen(storage, name) {
  let stored = null;
  try {
    stored = JSON.parse(storage.get(seenKey(name)) ?? '[]');
  } catch {
    // Unreadable: nothing seen; the next deal seen writes a good list.
  }
  return (Array.isArray(stored) ? stored : []).filter((entry) => Array.isArray(entry) && entry.length === 2
    && typeof entry[0] === 'string' && entry[0] !== '' && typeof entry[1] === 'string');
}

/** Keeps that `link` (a deal, as its link writes it) of game `name` was seen, finished by the
 * attempt `by` or watched ('replay'). A game without deals (an empty link) keeps nothing. */
export function markSeen(storage, name, link, by) {
  if (!link) return;
  const seen = readSeen(storage, name);
  if (seen.some(([deal, who]) => deal === link && who === by)) return;
  seen.push([link, by]);
  storage.set(seenKey(name), JSON.stringify(seen.slice(-SEEN_KEPT)));
}

/** True iff `link` of game `name` was seen by anything but the attempt `id`. */
export function seenBesides(storage, name, link, id) {
  return Boolean(link) && readSeen(storage, name).some(([deal, by]) => deal === link && by !== id);
}

// ---------- a shell's game ----------

/** Said once, as an attempt stops being the player's own. */
const NOTICES = {
  replay: 'Practice: a game played on from a replay is counted apart from your own games, and makes no best.',
  seen: 'Practice: you have finished or watched this deal before, so this game is counted apart from your own, and makes no best.',
  restart: 'Practice: a deal restarted from its start is counted apart from your own games, and makes no best.',
  assisted: 'With help from now on: this game is counted apart from your own games, and makes no best.',
};

/** Where the player said not to be asked before help again. */
const HELP_UNASKED = 'gridplay.help-unasked';

/** Asked before the first help a game of the player's own takes (a hint, or a helper's move):
 * it costs the game its standing, best and all, which the player should know before the tap. */
const HELP_QUESTIONS = {
  hint: { title: 'Take a hint?', ok: 'Show the hint' },
  moves: { title: 'Let the helper play?', ok: 'Let it play' },
};
const HELP_TEXT = 'From the first hint, or the first move a helper plays, this whole game (its moves before the help too) is counted apart from your own games and makes no best.';

/**
 * Whose play a shell's game is. Takes its collaborators: `storage`, the game's storage `name`,
 * `kept` (kept-game.js: the attempt, beside the save), the engine's `helps` (what makes a
 * helper's moves), `twoPlayers()` (two people on one device), `notice(text)`, and `slot` (the
 * day's deal says another go in its own words, features/today.js).
 */
export class Standing {
  constructor({ storage, name, kept, helps, twoPlayers = () => false, notice, slot = '' }) {
    Object.assign(this, { storage, name, kept, helper: helperOf(helps), twoPlayers, notice, slot });
  }

  /** The standing of `game`, the game in play: 'own', 'practice', 'assisted' or 'two'. */
  of(game) {
    const attempt = this.kept.latest();
    if (!attempt || !game) return 'own';
    return standingOf(attempt, {
      seenElsewhere: seenBesides(this.storage, this.name, game.link(), attempt.id),
      twoPlayers: Boolean(this.twoPlayers()),
    });
  }

  /** `game` is a new attempt, begun as `origin` ('replay'; else dealt, at a deal seen before
   * or not): kept, and said where it is not the player's own. */
  begin(game, origin = null) {
    const begun = origin ?? (seenBesides(this.storage, this.name, game.link(), '') ? 'seen' : 'fresh');
    this.kept.begin(game, begun);
    if (begun === 'replay' || begun === 'restart' || (begun === 'seen' && !this.slot)) this.notice(NOTICES[begun]);
  }

  /** `game` took help of `kind` ('hints', 'moves'): kept on its attempt, and said the first
   * time it makes the game not the player's own. */
  helped(kind, game) {
    const was = this.of(game);
    this.kept.helped(kind);
    if (was === 'own' && this.of(game) === 'assisted') this.notice(NOTICES.assisted);
  }

  /** Whether `game` may take help of `kind` ('hint', 'moves') now: at once where it is not the
   * player's own game, or where the player said not to be asked again; else once `ask`
   * (the confirm dialog) has been answered yes. */
  async mayHelp(kind, game, ask) {
    if (this.of(game) !== 'own' || this.storage.get(HELP_UNASKED) === 'yes') return true;
    const answer = await ask({ ...HELP_QUESTIONS[kind], text: HELP_TEXT, cancel: 'Not now', also: 'Yes, and don’t ask again' });
    if (answer === 'also') this.storage.set(HELP_UNASKED, 'yes');
    return answer !== false;
  }

  /** The help the game in play took, in words ("2 hints and 31 moves by the AI"), or ''. */
  helpTaken() {
    return helpText(this.kept.latest()?.help, this.helper);
  }

  /** What the end of `game` says of whose play it was: '' for the player's own. */
  note(game) {
    return standingNote(this.of(game), this.kept.latest(), this.helper);
  }

  /** `game`'s deal is seen, finished by `by` (an attempt's id, or a mark for a result kept
   * before attempts were): any other attempt at it is practice. */
  dealSeen(game, by) {
    if (game) markSeen(this.storage, this.name, game.link(), by);
  }

  /** A replay of `full` is about to be watched over `own`, the game in play: its deal is seen
   * played out, unless it is that game itself, or a point it has passed, watched again. */
  watched(full, own) {
    if (own && isPastOf(full, own)) return;
    markSeen(this.storage, this.name, full.link(), 'replay');
  }
}

/** Whether `full` is `own` or a point `own` has passed (its start and its first moves, as
 * played): a replay of it shows nothing the player of `own` has not played. */
export function isPastOf(full, own) {
  if (full.save() === own.save()) return true;
  const steps = full.stepCount();
  if (full.link() !== own.link() || steps > own.stepCount()) return false;
  const past = own.atStep(steps);
  const same = past.save() === full.save();
  past.free();
  return same;
}
