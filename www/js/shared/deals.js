// Share links, as every game writes them: a link names a route and its parameters,
// #threes/seed=7, #fifteen/size=4/seed=7, or with a bare first parameter that a game reads
// itself, #mines/30x16x99/seed=7. app.js splits the hash at "/" and hands the parameters to the
// game's deals.fromLink (see shell.js's `deals` option).

/** The largest seed an engine takes (2^32 − 1). */
export const MAX_SEED = 4294967295;

/**
 * A link's parameters (['size=4', 'seed=7']) as an object ({size: '4', seed: '7'}); null
 * unless each one is key=value with a key not seen before.
 */
export function readParams(params) {
  const values = {};
  for (const param of params) {
    const match = /^([a-z][a-z0-9-]*)=(.+)$/.exec(param);
    if (!match || Object.hasOwn(values, match[1])) return null;
    values[match[1]] = match[2];
  }
  return values;
}

/** The seed a link writes: a whole number 0 … 2^32 − 1 in decimal; null for anything else. */
export function readSeed(text) {
  if (typeof text !== 'string' || !/^\d{1,10}$/.test(text)) return null;
  const seed = Number(text);
  return seed <= MAX_SEED ? seed : null;
}

/** Deals that are just a seed (Threes, 2048): {seed: 7}, shared as #<route>/seed=7. */
export const SEED_DEALS = {
  of: (game) => ({ seed: game.seed() }),
  toLink: ({ seed }) => [`seed=${seed}`],
  fromLink(params) {
    const values = readParams(params);
    if (!values || Object.keys(values).length !== 1) return null;
    const seed = readSeed(values.seed);
    return seed === null ? null : { seed };
  },
};

/** What the confirm dialog asks before a shared deal replaces a game in progress. */
export const SHARED_DEAL_QUESTION = {
  title: 'Open the shared deal?',
  text: 'The shared deal replaces your current game, which will be lost.',
  ok: 'Open deal',
  cancel: 'Keep my game',
};
