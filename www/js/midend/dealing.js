// Which game a shell plays when it starts and when a shared link is opened: the game kept in
// storage, a shared deal (the text of its link, which the engine reads: `size=4/seed=7`), or
// the one deal a slot plays (the day's). A save that cannot be read is set aside and the
// player told, never a broken page.

import { freeGame } from './kept-game.js';
import { SHARED_DEAL_QUESTION } from '../ui/ui.js';

const CORRUPT_SAVE = 'Your saved game could not be read; a new game has started.';

/**
 * Restores the saved game (or deals a new one) and draws it. With `deal`, that deal replaces
 * the saved game at once unless that game is in progress: then the saved game is drawn and
 * openDeal(deal) asks first. With `only`, `deal` is the one game of this shell (the day's):
 * kept as saved if it is that deal, else dealt afresh, and New game deals it again.
 * @param {import('./shell.js').GameShell} shell
 */
export function startGame(shell, { deal, only }) {
  let game = readKept(shell);
  let restored = Boolean(game);
  let shared = false;
  if (deal !== null && only) {
    // The only deal this slot plays (the day's): its game as kept, whatever state it is in,
    // or else (another day's) a fresh one.
    shell._only = deal;
    shell.choice?.fix(); // its parameters are the deal's
    const fresh = shell._create(deal);
    if (game?.startId() === fresh.startId()) {
      freeGame(fresh);
    } else {
      freeGame(game);
      [game, restored] = [fresh, false];
    }
  } else if (deal !== null && !shell._inProgress(game)) {
    shared = true;
    if (!isFreshDeal(game, deal)) {
      freeGame(game);
      game = shell._create(deal);
      restored = false;
    }
  }
  shell._setGame(game ?? shell._create(undefined), restored);
  const status = shell.view.status(shell.game);
  if (shared) shell.announce(`Shared deal opened. ${status}`);
  else shell.announce(restored ? `Game restored. ${status}` : `New game. ${status}`);
  shell._hook(shell.onGame, shell.game, { restored });
  shell.checkGameOver();
}

/**
 * The game kept in storage (now the one this tab has seen), or null for none. A save that
 * cannot be read is set aside, and the player told, before a new game is saved over it.
 */
export function readKept(shell) {
  const saved = shell.kept.read();
  // An empty text is no save at all (nothing to set aside, nothing to tell the player).
  if (saved === null || saved === '') return null;
  try {
    const game = shell.loadGame(saved);
    shell.kept.restore(game);
    return game;
  } catch (error) {
    console.info(`gridplay: saved ${shell.name} game unreadable, starting anew:`, error?.message ?? error);
    // The new game is saved over it at once; the text is set aside first, so a save that a
    // later version (or a bug report) can read is not thrown away.
    shell.kept.setAside(saved);
    shell.notice(CORRUPT_SAVE, 'corrupt-save');
    return null;
  }
}

/**
 * Opens `deal` (from a shared link). Asks first, in the confirm dialog, if a game with moves
 * is in progress; nothing to do if the game already is that deal untouched. Resolves true
 * iff the deal is now the game.
 */
export async function openDeal(shell, deal) {
  if (shell.destroyed || !shell.game) return false;
  shell.tabs.follow();
  if (isFreshDeal(shell.game, deal)) return true;
  if (shell.inProgress && !(await shell.ask(SHARED_DEAL_QUESTION))) return false;
  if (shell.destroyed) return false;
  await shell.newGame(deal, 'Shared deal opened.');
  return !shell.destroyed && isFreshDeal(shell.game, deal);
}

/** True iff `game` is the deal `deal` (a link's text, as the game writes it) untouched: the
 * link is a deal's written form, so two deals are the same iff their links are. */
export function isFreshDeal(game, deal) {
  return Boolean(game) && game.moveCount() === 0 && game.link() === deal;
}
