// A game's bests, as the shell keeps them (Bests): a list of named figures (the score; or fewest
// moves and quickest time, per board size), each kept in storage under a key that may depend on
// the game, each a whole number above 0, higher or (`lower`) lower being better. Which figures a
// game keeps comes from its engine (the game contract, docs/api.md): what ranks a result
// (`figure()`), whether it is timed (`timed()`) and the kind of deal a best is kept per
// (`kind()`).

/**
 * The bests the game `rules` (its engine's class) keeps under the storage name `name`:
 * - ranked by its score: the score, kept as it grows, under gridplay.<name>.best;
 * - by moves or time: that figure of a game won, under gridplay.<name>.best.<kind>, and for a
 *   timed game ranked by moves its time too, under gridplay.<name>.best-time.<kind>;
 * - by nothing: none.
 * A rule's value (`value(game, ms)`, `ms` the clock's time) is the game's figure, whoever
 * played it; only the player's own play keeps it as a best (Bests.keep).
 */
export function bestRulesOf(rules, name) {
  const figure = rules.figure();
  const key = (what) => (game) => {
    const kind = game.kind().name;
    return `gridplay.${name}.${what}${kind ? `.${kind}` : ''}`;
  };
  const won = (game) => game.status() === 'won';
  const time = { name: 'time', lower: true, value: (game, ms) => (won(game) ? Math.max(1, Math.round(ms)) : null) };
  switch (figure.name) {
    case 'score': return [{ name: 'score', key: key('best'), lower: figure.lower, value: (game) => game.readouts().score }];
    case 'moves': return [
      { name: 'moves', key: key('best'), lower: figure.lower, value: (game) => (won(game) ? game.moveCount() : null) },
      ...(rules.timed() ? [{ ...time, key: key('best-time') }] : []),
    ];
    case 'time': return [{ ...time, key: key('best') }];
    default: return [];
  }
}

/** The bests kept for `game`, by figure name: whole numbers above 0, or null for none yet. */
export function readBests(rules, game, storage) {
  const bests = {};
  for (const rule of rules) {
    const text = storage.get(rule.key(game));
    const n = Number(text);
    bests[rule.name] = text !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
  }
  return bests;
}

/**
 * The bests of the game in play: its figures (bestRulesOf), and the values kept for its keys
 * by figure name, each a whole number above 0 or null for none yet. The shell holds one and
 * asks it; it owns the values.
 */
export class Bests {
  /**
   * @param {object} options  `rules` (the engine's class), `name` (the game's storage name),
   *   `storage`, `ms()` (the clock's time, for a best time) and `isOwn(game)` (whether the
   *   game is the player's own play with a move made: standing.js; a starting board is
   *   nobody's result)
   */
  constructor({ rules, name, storage, ms, isOwn }) {
    this.rules = bestRulesOf(rules, name);
    this.storage = storage;
    this.ms = ms;
    this.isOwn = isOwn;
    this.kept = {};
  }

  /** The first figure's best, the one a view draws; null for none yet. */
  get first() {
    return this.kept[this.rules[0]?.name] ?? null;
  }

  /** Reads the bests kept under `game`'s keys (a new game's may differ from the last one's). */
  read(game) {
    this.kept = readBests(this.rules, game, this.storage);
  }

  /** Keeps each of `game`'s figures that beats its best (and is something: above 0), if the
   * game is the player's own play. The best is read again first: another tab may have kept a
   * better one since, which a worse one must not replace. */
  keep(game) {
    let own = null;
    for (const rule of this.rules) {
      const value = rule.value(game, this.ms());
      if (!(value > 0)) continue;
      const kept = readBests([rule], game, this.storage)[rule.name];
      this.kept[rule.name] = kept;
      if (kept !== null && (rule.lower ? value >= kept : value <= kept)) continue;
      own ??= this.isOwn(game);
      if (!own) continue;
      this.kept[rule.name] = value;
      this.storage.set(rule.key(game), String(value));
    }
  }

  /** Whether storage key `key` holds one of `game`'s bests. */
  concerns(key, game) {
    return this.rules.some((rule) => rule.key(game) === key);
  }

  /**
   * Another tab kept `value` under `key`, one of `game`'s bests: true when the best shown
   * changed (read again). One worse than this tab's own (two tabs kept a best at the same
   * moment, and the other's write came last) is put right instead: false.
   */
  heard(key, value, game) {
    const rule = this.rules.find((r) => r.key(game) === key);
    const own = this.kept[rule.name];
    const theirs = Number(value);
    if (own && value !== null && Number.isSafeInteger(theirs) && (rule.lower ? theirs > own : theirs < own)) {
      this.storage.set(key, String(own));
      return false;
    }
    this.read(game);
    return true;
  }
}

/** What a game that has just ended says of itself (what the shell's watchers hear with 'ended', for the
 * stats): its outcome, its figure (the first best's name, `lower`, the key that names its
 * board as `kind`, and its value: none when that best does not count it), moves, time, and
 * whose play it was (`standing`, standing.js). */
export function endedResult(rules, game, shell) {
  const [rule] = rules;
  return {
    outcome: shell.ending(game).outcome, figure: rule?.name, lower: rule?.lower, kind: rule?.key(game),
    value: rule?.value(game, shell.clock?.ms ?? 0), moves: game.moveCount(), ms: shell.clock?.ms, standing: shell.standing.of(game),
  };
}
