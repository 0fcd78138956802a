// A replay's step shown in place of the game in play (the viewer is features/replay.js): what
// the stage holds while it is up, the game in play kept aside and the game's own controls
// held out of use. Which game is shown, and drawing it, stay the mid end's (shell.js).

import { holdControls } from '../ui/ui.js';
import { freeGame } from './kept-game.js';

export class ReplayStage {
  /** @param {Element} board the game's board, whose controls are held while a step is shown */
  constructor(board) {
    this._board = board;
    /** The game in play, kept aside while a step is shown (null: no step shown). */
    this._played = null;
    this._release = null;
  }

  /** True while a step is shown in place of the game in play. */
  get up() {
    return this._played !== null;
  }

  /** The game in play kept aside (null when no step is shown). */
  get played() {
    return this._played;
  }

  /** A step is shown in place of `played`, the game in play: kept aside, its controls held. */
  open(played) {
    this._played = played;
    this._release = holdControls(this._board);
  }

  /** The game in play changed behind the step (another tab's): it is kept aside instead. */
  replacePlayed(game) {
    freeGame(this._played);
    this._played = game;
  }

  /** The stage comes down: the controls come back, and the game kept aside is handed back. */
  close() {
    const played = this._played;
    this._played = null;
    this._release?.();
    this._release = null;
    return played;
  }
}
