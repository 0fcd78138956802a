// What the live region says of a move just drawn: the engine's words for what it did (and how
// the game ended, if it did), then where the game stands (the view's reading). With short
// announcements (Settings), the player's and the helpers' moves say only where the game stands
// (the engine's words are "last" away, asking the board); an opponent's move is said whole, as
// the player cannot have seen it coming. A burst (more moves already waiting) is said once,
// after its last move: how many, then that move's words, so speech never trails the board.

export class MoveWords {
  constructor() {
    /** Moves drawn but not yet said. */
    this.unsaid = 0;
    /** What the next words say after the move's (a new best), or ''. */
    this.after = '';
  }

  /** `text` is said after the next move's words (a burst's last): what a move of it did
   * beyond the board (a new best). */
  also(text) {
    this.after = `${this.after} ${text}`.trim();
  }

  /**
   * The words for a move of `by` just drawn on `game` (`said`: the engine's; `status`: the
   * view's reading of where it stands, '' once ended), or null while more moves of its burst
   * wait (`waiting`) to be drawn.
   */
  of(game, { said, status, by, waiting }) {
    this.unsaid += 1;
    const ended = game.status() !== 'playing';
    if (waiting && !ended) return null;
    const count = this.unsaid > 1 ? `${this.unsaid} moves. Last: ` : '';
    this.unsaid = 0;
    // Short announcements, as Settings writes them on <html> (app/settings.js).
    const short = document.documentElement.dataset.speech === 'short' && (by === 'player' || by === 'helper');
    const after = this.after;
    this.after = '';
    return `${count}${!short ? `${said} ${status}`.trim() : ended ? game.ending() : status} ${after}`.trim();
  }

  /** The moves drawn and not yet said are not to be said (an undo took them back, or a new game
   * began). */
  forget() {
    this.unsaid = 0;
    this.after = '';
  }
}
