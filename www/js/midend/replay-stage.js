// A replay's step shown in place of the game in play (the viewer is features/replay.js): the
// shell's game becomes the step, read-only (no move, undo or save, the clock stopped), while
// the game in play waits aside (`shell._played`) until the viewer closes, or the player takes
// the step on as their game ("Play from here": practice, a new attempt).

import { freeGame } from './kept-game.js';

/** Shows `game`, a replay's step (freed once another replaces it), in place of the game in play. */
export function showStep(shell, game) {
  if (!shell.game || shell.destroyed) return;
  if (!shell._played) {
    shell._played = shell.game;
    shell.queue.clear();
    shell.clock?.stop();
    if (shell.el.gameOverDialog?.open) shell.el.gameOverDialog.close();
    holdControls(shell, true);
  } else {
    freeGame(shell.game);
  }
  shell.game = game;
  // The picker shows the replayed game's parameters (its board, its size) while it is shown.
  shell.choice?.show(shell.choice.of(game));
  shell.view.draw(game, { best: shell.best });
  shell._syncControls();
  shell._tell('game');
}

/** Back to the game in play; with `adopt`, the step shown becomes the game in play instead. */
export function endStep(shell, { adopt = false } = {}) {
  const [shown, played] = [shell.game, shell._played];
  if (!played) return;
  shell._played = null;
  shell.game = played;
  holdControls(shell, false);
  shell._tell('replay-ended');
  if (adopt) {
    // Any step taken on, of the player's own game too, is a new attempt and practice: a game
    // lost at its last move is no undo away from a win (standing.js).
    shell._setGame(shown, false, 'replay');
    freeGame(played);
    shell._hook(shell.onGame, shown, { restored: false });
    return;
  }
  freeGame(shown);
  shell.choice?.show();
  shell.clock?.reset(shell.kept.attempt.id, true);
  shell.view.draw(played, { best: shell.best });
  shell._syncControls();
  shell._tell('game');
}

/**
 * The game's own controls beside the board (Undo, the helpers, its pickers, Minesweeper's mode)
 * act on the game in play, not on a step: while a replay is shown they are out of use (inert,
 * and dimmed by replay.css), and back as they were once it closes.
 */
function holdControls(shell, held) {
  const board = shell.el.board;
  if (held) {
    shell._held = [...board.closest('main').querySelectorAll('button, fieldset, input, select')]
      .filter((control) => !control.inert && !board.contains(control) && !control.closest('dialog, .replay-bar'));
  }
  for (const control of shell._held ?? []) {
    control.inert = held;
    control.toggleAttribute('data-replay-held', held);
  }
  if (!held) shell._held = null;
}
