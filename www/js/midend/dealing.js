// Reading a deal: the game kept in storage (a save that cannot be read is set aside and the
// player told, never a broken page), and whether a game is a deal untouched. Which game a
// shell plays when it starts and when a shared link opens is the mid end's (shell.js).

const CORRUPT_SAVE = 'Your saved game could not be read; a new game has started.';

/**
 * The game kept in `kept` (kept-game.js; now the one this tab has seen), read by `load`, or
 * null for none. A save that cannot be read is set aside, and `notice` tells the player, before
 * a new game is saved over it.
 */
export function readKept(kept, { load, name, notice }) {
  const saved = kept.read();
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
