// Undo and redo of the game in play, after Tatham's midend (its undo chain): the engine keeps
// the moves themselves (game.undo(), game.redo(), or the wiring's own: tic-tac-toe takes back
// the computer's reply with the player's move); this keeps what the mid end must know besides,
// how many undos a redo could play again since the last move made, and answers each as the
// engine's moves are answered: done (with the words for what was played again), or refused
// with the reason said.

export class History {
  /**
   * @param {object} options
   * @param {boolean} options.enabled whether the game has undo at all (the engine's hasUndo())
   * @param {(game: object) => boolean} [options.undo] takes back the last move; false for none
   * @param {(game: object) => (string | undefined)} [options.redo] plays again what the last
   *   undo took back: its words, or undefined for none
   */
  constructor({ enabled, undo = null, redo = null }) {
    this.enabled = enabled;
    this._undo = undo ?? ((game) => game.undo());
    this._redo = redo ?? ((game) => game.redo());
    /** How many undos a redo could play again: since the last move made, on this game. */
    this._redos = 0;
  }

  /** True while an undo can be played again. */
  get redoable() {
    return this._redos > 0;
  }

  /** A move was made, or another game is shown: what undo took back is no longer there to redo
   * (the engine forgot it too). */
  forget() {
    this._redos = 0;
  }

  /** Takes back the last move of `game`: {ok: true}, or {ok: false, reason} where there is none
   * (or the engine failed: the game unchanged). */
  undo(game) {
    let undone = false;
    try {
      undone = this._undo(game);
    } catch (error) {
      console.warn('gridplay: undo failed', error);
    }
    if (!undone) return { ok: false, reason: 'Nothing to undo.' };
    this._redos += 1;
    return { ok: true };
  }

  /** Plays again on `game` the move the last undo took back (the same tile dealt): {ok: true,
   * said} with the engine's words for it, or {ok: false, reason} where there is nothing to redo. */
  redo(game) {
    let said;
    try {
      said = this._redos > 0 ? this._redo(game) : undefined;
    } catch (error) {
      console.warn('gridplay: redo failed', error);
    }
    if (typeof said !== 'string') {
      this._redos = 0;
      return { ok: false, reason: 'Nothing to redo.' };
    }
    this._redos -= 1;
    return { ok: true, said };
  }
}
