// What the live region says of a move just drawn: the engine's words for what it did (and how
// the game ended, if it did), then where the game stands (the view's reading). With short
// announcements (Settings), the player's and the helpers' moves say only where the game stands,
// or what the view says in brief where that says too little (Minesweeper: what a dig opened; the
// engine's words are "last" away, asking the board); an opponent's move is said whole, as
// the player cannot have seen it coming. A burst (more moves already waiting) is said once,
// after its last move: how many, then that move's words, so speech never trails the board; a
// burst whose last key is refused says its moves, then the refusal. A helper playing on is
// paced to speech the same way.

/** How long a listener takes to hear a word: about five words a second. */
const MS_A_WORD = 200;

export class MoveWords {
  constructor() {
    /** Moves drawn but not yet said. */
    this.unsaid = 0;
    /** What the next words say after the move's (a new best), or ''. */
    this.after = '';
    /** The words of the last move drawn and not yet said. */
    this.last = '';
    /** Until when (performance.now()) a helper's move is not said: the last words' time. */
    this.quietUntil = 0;
  }

  /** `text` is said after the next move's words (a burst's last): what a move of it did
   * beyond the board (a new best). */
  also(text) {
    this.after = `${this.after} ${text}`.trim();
  }

  /**
   * The words for a move of `by` just drawn on `game` (`said`: the engine's; `status`: the
   * view's reading of where it stands, '' once ended; `brief`: what short announcements say of
   * it, the status unless the view says otherwise), or null while more moves of its burst wait
   * (`waiting`) to be drawn.
   */
  of(game, { said, status, brief = status, by, waiting }) {
    this.unsaid += 1;
    const ended = game.status() !== 'playing';
    // Short announcements, as Settings writes them on <html> (app/settings.js).
    const short = document.documentElement.dataset.speech === 'short' && (by === 'player' || by === 'helper');
    this.last = !short ? `${said} ${status}`.trim() : ended ? game.ending() : brief;
    if (waiting && !ended) return null;
    // A helper's moves (Autoplay, Solve) come faster than a listener hears: they are said no
    // faster than about five words a second, the moves made meanwhile counted into the next
    // words (the game's end is said at once).
    const now = performance.now();
    if (by === 'helper' && !ended && now < this.quietUntil) return null;
    const text = this._flush();
    if (by === 'helper') this.quietUntil = now + text.split(/\s+/).length * MS_A_WORD;
    return text;
  }

  /**
   * The words for a move refused (`reason`, a sentence) after moves of its burst drawn and not
   * yet said: those moves are said first, then the refusal, so a burst whose last key moved
   * nothing still says what its other keys did (WCAG 4.1.3). Null while more of the burst
   * waits (`waiting`): its words come after its last move, as a move's do.
   */
  refused(reason, { waiting = false } = {}) {
    if (this.unsaid > 0 && waiting) return null;
    return `${this.unsaid > 0 ? this._flush() : ''} ${reason}`.trim();
  }

  /** The burst's words: how many moves, the last one's words, and what is said after them. */
  _flush() {
    const count = this.unsaid > 1 ? `${this.unsaid} moves. Last: ` : '';
    const text = `${count}${this.last} ${this.after}`.trim();
    this.unsaid = 0;
    this.after = '';
    this.last = '';
    return text;
  }

  /** The moves drawn and not yet said are not to be said (an undo took them back, or a new game
   * began). */
  forget() {
    this.unsaid = 0;
    this.after = '';
    this.last = '';
  }
}
