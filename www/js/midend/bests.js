// A game's bests, as the shell keeps them: a list of named figures (the score; or fewest moves
// and quickest time, per board size), each kept in storage under a key that may depend on the
// game, each a whole number above 0, higher or (`lower`) lower being better. Which figures a
// game keeps comes from its engine (the game contract, docs/api.md): what ranks a result
// (`figure()`), whether it is timed (`timed()`) and the kind of deal a best is kept per
// (`kind()`).

/**
 * The bests the game `rules` (its engine's class) keeps under the storage name `name`:
 * - ranked by its score: the score, kept as it grows, under gridplay.<name>.best;
 * - by moves or time: that figure of a game won, under gridplay.<name>.best.<kind>, and for a
 *   timed game ranked by moves its time too, under gridplay.<name>.best-time.<kind>;
 * - by nothing: none.
 * A rule's value is the game's figure, whoever played it; only the player's own play keeps it
 * as a best (updateBests).
 */
export function bestRulesOf(rules, name) {
  const figure = rules.figure();
  const key = (what) => (game) => {
    const kind = game.kind().name;
    return `gridplay.${name}.${what}${kind ? `.${kind}` : ''}`;
  };
  const won = (game) => game.status() === 'won';
  const time = { name: 'time', lower: true, value: (game, shell) => (won(game) ? Math.max(1, Math.round(shell.clock.ms)) : null) };
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

/** Keeps each of the shell's game's figures that beats its best (and is something: above 0),
 * in `bests` and in storage, if the game is the player's own play (standing.js) and they have
 * made a move of it: a starting board is nobody's result. The best is read again first:
 * another tab may have kept a better one since, which a worse one must not replace. */
export function updateBests(rules, bests, shell) {
  let own = null;
  for (const rule of rules) {
    const value = rule.value(shell.game, shell);
    if (!(value > 0)) continue;
    const kept = readBests([rule], shell.game, shell.storage)[rule.name];
    bests[rule.name] = kept;
    if (kept !== null && (rule.lower ? value >= kept : value <= kept)) continue;
    own ??= shell.game.moveCount() > 0 && shell.standing.of(shell.game) === 'own';
    if (!own) continue;
    bests[rule.name] = value;
    shell.storage.set(rule.key(shell.game), String(value));
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
    value: rule?.value(game, shell), moves: game.moveCount(), ms: shell.clock?.ms, standing: shell.standing.of(game),
  };
}
