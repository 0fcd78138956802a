// A game's bests, as the shell keeps them: a list of named figures (the score; or fewest moves
// and quickest time, per board size), each kept in storage under a key that may depend on the
// game, each a whole number above 0, higher or (`lower`) lower being better. See shell.js's
// `bests` option.

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
 * in `bests` and in storage. */
export function updateBests(rules, bests, shell) {
  for (const rule of rules) {
    const value = rule.value(shell.game, shell);
    if (!(value > 0)) continue;
    const kept = bests[rule.name];
    if (kept !== null && (rule.lower ? value >= kept : value <= kept)) continue;
    bests[rule.name] = value;
    shell.storage.set(rule.key(shell.game), String(value));
  }
}
