// Reading a deal: the game kept in storage (a save that cannot be read is set aside and the
// player told, never a broken page), whether a game is a deal untouched, and which game a shell
// starts with (the kept one, a link's deal or the day's). Asking before a shared link replaces
// a game in progress is the mid end's (shell.js, openDeal).

import { freeGame } from './kept-game.js';

const CORRUPT_SAVE = 'Your saved game could not be read; a new game has started.';

/**
 * The game kept in `kept` (kept-game.js; now the one this tab has seen), read by `load`, or
 * null for none: storage's copy, or `recorded` ({text, seq}, the record's). A save that cannot
 * be read is set aside, and `notice` tells the player, before a new game is saved over it.
 */
export function readKept(kept, { load, name, notice }, recorded = null) {
  const saved = recorded ? kept.adopt(recorded.text, recorded.seq) : kept.read();
  // An empty text is no save at all (nothing to set aside, nothing to tell the player).
  if (saved === null || saved === '') return null;
  try {
    const game = load(saved);
    kept.restore(game);
    return game;
  } catch (error) {
    console.info(`gridplay: saved ${name} game unreadable, starting anew:`, error?.message ?? error);
    // The new game is saved over it at once; the text is set aside first, so a save that a
    // later version (or a bug report) can read is not thrown away.
    kept.setAside(saved);
    notice(CORRUPT_SAVE, 'corrupt-save');
    return null;
  }
}

/** True iff `game` is the deal `deal` (a link's text, as the game writes it) untouched: the
 * link is a deal's written form, so two deals are the same iff their links are. */
export function isFreshDeal(game, deal) {
  return Boolean(game) && game.moveCount() === 0 && game.link() === deal;
}

/**
 * The game a shell starts with (its start()), from `kept`, the game read from storage (or
 * null). With `deal` (a link's text), that deal instead, unless the kept game is in progress
 * (`inProgress(kept)`: then openDeal asks first) or already is that deal untouched. With `only`,
 * the deal is the one game of the slot (the day's): the kept game if it is that deal, whatever
 * state it is in, else dealt afresh (another day's). `create(deal)` deals (undefined: a new
 * game). Returns {game, restored, shared, left}, `left` true where the day's deal replaced
 * another day's left in progress; a game left unused is freed.
 */
export function startingGame(kept, { deal, only, inProgress, create }) {
  if (deal !== null && only) {
    const fresh = create(deal);
    if (kept?.startId() === fresh.startId()) {
      freeGame(fresh);
      return { game: kept, restored: true, shared: false };
    }
    // Another day's deal left unfinished gives way: said by the page (`left`), never unseen.
    const left = Boolean(kept) && inProgress(kept);
    freeGame(kept);
    return { game: fresh, restored: false, shared: false, left };
  }
  if (deal !== null && !inProgress(kept)) {
    if (isFreshDeal(kept, deal)) return { game: kept, restored: true, shared: true };
    freeGame(kept);
    return { game: create(deal), restored: false, shared: true };
  }
  return kept ? { game: kept, restored: true, shared: false } : { game: create(undefined), restored: false, shared: false };
}
