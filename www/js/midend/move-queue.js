// The shell's input queue: moves (and undos) are applied strictly one at a time, in the order
// they came, each after the previous one's animation has finished; nothing is applied twice.
// When one or two are waiting, their slides are shortened; when more are (a burst of keys),
// they are drawn at once, without a slide, so the board is current soon after the last input.
// Moves still waiting are dropped when the game ends or a page's dialog opens (the player has
// not seen the board they were meant for); a waiting undo survives a game over, since it
// revives it.
//
// A move is played by the engine (game.play(move), the game contract): made, it is timed,
// ranked, saved, told to the watchers, animated and said; refused, the game says why in its
// own words (the shell's `refuse`).

import { slideDuration } from '../kits/board-view.js';

/** The queue items that stand for an undo, and for following another tab's game: symbols, so
 * that no game's move can look like them. */
const UNDO = Symbol('undo');
const FOLLOW = Symbol('follow');

export class MoveQueue {
  /** @param {import('./shell.js').GameShell} shell */
  constructor(shell) {
    this.shell = shell;
    this.items = [];
    this.running = false;
    /** Resolves once every queued item has been applied and drawn. */
    this.idle = Promise.resolve();
  }

  /** True while a move is animating or more are waiting. */
  get busy() {
    return this.running || this.items.length > 0;
  }

  /** Queues `move`, played by `by` (the player, a helper, or tic-tac-toe's computer). */
  move(move, by) {
    this._push({ move, by });
  }

  undo() {
    this._push(UNDO);
  }

  /** Another tab's game is followed once the move being drawn is done (other-tabs.js); what
   * was queued was meant for the board shown, and is dropped. */
  follow() {
    this.clear();
    this._push(FOLLOW);
  }

  /** Forgets everything waiting. */
  clear() {
    this.items.length = 0;
  }

  /** Forgets the moves still waiting; a waiting undo stays (it may revive a finished game). */
  dropMoves() {
    const undos = this.items.filter((item) => item === UNDO);
    this.items.length = 0;
    this.items.push(...undos);
  }

  _push(item) {
    const shell = this.shell;
    if (!shell.game || shell._resetting || shell.destroyed || shell.replaying) return;
    this.items.push(item);
    if (!this.running) this.idle = this._pump();
  }

  async _pump() {
    this.running = true;
    try {
      while (this.items.length > 0 && !this.shell.destroyed) {
        const item = this.items.shift();
        if (item === UNDO) await this._undo();
        else if (item === FOLLOW) this.shell.tabs.follow();
        else await this._play(item.move, item.by);
      }
    } finally {
      this.running = false;
    }
  }

  async _play(move, by) {
    const shell = this.shell;
    if (shell.tabs.follow()) {
      this.clear();
      return;
    }
    const game = shell.game;
    if (shell.isEnded(game)) {
      this.dropMoves();
      // The player is trying to play on a finished game (after "See board"): nothing moves, so
      // the panel comes back to say why and to offer New game.
      if (!shell.el.gameOverDialog?.open) shell.checkGameOver({ again: true });
      return;
    }
    const held = shell.mayPlay?.(game, move, by);
    if (held) {
      shell.announce(held);
      return;
    }
    const before = game.cells();
    let result;
    try {
      result = game.play(move);
    } catch (error) {
      // No move of this game at all (a bug in its input): refused, the game unchanged.
      console.warn('gridplay: move failed', error);
      result = { ok: false, reason: String(error?.message ?? error) };
    }
    if (!result.ok) {
      shell._hook(shell.refuse, move, result.reason, shell);
      return;
    }
    shell._made(game, by);
    // What the move changed, for the view to animate (null for a game that does not say).
    const change = game.lastMove?.() ?? null;
    shell._hook(shell.feedback, game, change);
    const duration = slideDuration(this.items.length, shell.slideMs);
    try {
      await shell.view.animate(game, change, { duration, best: shell.best });
    } catch (error) {
      console.warn('gridplay: animation failed', error);
    }
    if (shell.destroyed) return;
    // Whatever the animation did, the final drawing is the engine's state.
    if (shell.game === game && shell.view.shows && !shell.view.shows(game)) shell.view.draw(game, { best: shell.best });
    let said = '';
    try {
      said = shell.moveText(move, before, game);
    } catch (error) {
      console.warn('gridplay: page hook failed', error);
    }
    shell.announce([said, shell.view.status(game, change)].filter(Boolean).join(' '));
    shell._syncControls();
    if (shell.game !== game) return;
    shell._hook(shell.onMove, game, change);
    if (shell._pageDialogOpen()) {
      // The page stopped play (a win panel, say): what was typed before it showed is void.
      this.clear();
      return;
    }
    if (shell.isEnded(game)) {
      this.dropMoves();
      if (this.items.length > 0) return; // an undo is on its way
      if (!shell.view.reducedMotion) await new Promise((resolve) => setTimeout(resolve, 450));
      if (shell.game === game && !shell.destroyed && !this.items.includes(UNDO)) shell.checkGameOver();
    }
  }

  /** Takes back the last move, drawn at once; says so, or that there is nothing to undo. */
  async _undo() {
    const shell = this.shell;
    if (shell.tabs.follow()) {
      this.clear();
      return;
    }
    const game = shell.game;
    let undone = false;
    try {
      undone = shell.undoMove(game);
    } catch (error) {
      console.warn('gridplay: undo failed', error);
    }
    if (!undone) {
      shell.announce('Nothing to undo.');
      return;
    }
    shell._save();
    shell._tell('undo');
    shell.view.draw(game, { best: shell.best });
    shell._syncControls();
    if (shell.el.gameOverDialog?.open && !shell.isEnded(game)) shell.el.gameOverDialog.close();
    shell.announce(`Move undone. ${shell.view.status(game)}`);
  }
}
