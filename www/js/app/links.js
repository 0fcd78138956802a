// What an address asks for: the screen and its parameters (ui/address.js's readAddress, the one
// reader of addresses), the deal a share link names, the day's deal of a day, the save a
// replay link holds. A link that names nothing is `refused()` (the app says so) and gives null.

import { dayOf } from '../features/daily.js';
import { readAddress } from '../ui/address.js';
import { GAMES } from '../ui/games.js';

/**
 * What this page's hash asks for, for the app: {name: 'home' or a game, params: the link's
 * parameters after the name (['seed=7'], or [] for none), daily: the day's deal, rest: the hash
 * after the name as written, bad: true for a hash that cannot be read, unknown: the name as
 * written when it names no page}. The address is cleaned afterwards.
 */
export function parseHash(hash) {
  const { name, written, params, daily, rest, bad } = readAddress(hash, window.gridplayPage);
  if (Object.hasOwn(GAMES, name)) {
    const game = { name, params, daily: false, rest, bad, unknown: null };
    // The day's deal of a game that has one: #<game>/daily (and a replay watched over it), or
    // today's daily=<date> link; for any other game, 'daily' is a link naming no deal.
    if (!GAMES[name].daily) return daily ? { ...game, params: ['daily', ...params] } : game;
    if (daily) return { ...game, daily: true };
    return params.length === 1 && params[0] === `daily=${dayOf()}` ? { ...game, params: [], daily: true } : game;
  }
  return { name: 'home', params: [], daily: false, rest: '', bad, unknown: name === 'home' || bad ? null : written };
}

/**
 * The deal a link's parameters name (['size=4', 'seed=7']), as the game writes its link: its
 * engine's class `rules` reads them; null if they name none.
 */
function dealOf(rules, params, refused) {
  try {
    const game = rules.fromLink(params.join('/'));
    const link = game.link();
    game.free();
    return link;
  } catch (error) {
    console.info('gridplay: not a deal:', error?.message ?? error);
    refused();
    return null;
  }
}

/**
 * The deal the game `name`'s link parameters name: another day's deal (daily=<date>, played as
 * a shared deal; `module` is the game's, with its dailySeed) or the game's own parameters;
 * null if none.
 */
export function linkDeal(rules, module, name, params, refused) {
  const day = /^daily=(\d{4}-\d{2}-\d{2})$/.exec(params.length === 1 ? params[0] : '')?.[1];
  if (!day || !GAMES[name].daily) return dealOf(rules, params, refused);
  try {
    return dayDeal(rules, module, name, day, refused);
  } catch {
    refused(); // not a calendar day
    return null;
  }
}

/** `name`'s deal of `day`: its games.json `daily` parameters and the day's seed; throws for a day that is not one. */
export function dayDeal(rules, module, name, day, refused) {
  return dealOf(rules, [...GAMES[name].daily, `seed=${module.dailySeed(name, day)}`], refused);
}

/** The save a replay link names (#<route>/replay=<save>), or null for any other parameters. */
export function replayOf(params) {
  return params.length === 1 && params[0].startsWith('replay=') ? params[0].slice('replay='.length) : null;
}
