// Pause, for the timed games (Minesweeper, Fifteen): the clock stops and the board is hidden (a
// board studied off the clock would make the time a lie) until the player plays on; a tab sent
// to the background pauses by itself. It owns whether the game is paused (the shell asks it,
// and takes no move meanwhile), and draws it: the TIME figure as the Pause button, and a cover
// over the board with Play on. They come with their stylesheet a moment after the page has
// loaded (no first load carries them), or at once should the game be paused before then.

import { addStylesheet, make } from '../ui/ui.js';
import { afterLoad } from '../ui/after-load.js';


export class Pause {
  /** Whether `shell`'s page has what a pause is drawn on: its clock in a figure (a `.stat`),
   * its board in a `.play`. */
  static fits(shell) {
    return Boolean(shell.el.clock?.closest('.stat') && shell.el.board?.closest('.play'));
  }

  /**
   * @param {object} shell  the shell whose clock it is: its `el.clock` and `el.board`, its
   *   `game`, `clock`, `queue`, `replaying`, `announce()` and `statusText()`
   */
  constructor(shell) {
    this.shell = shell;
    this.doc = shell.doc;
    this.board = shell.el.board;
    /** True while paused (the clock stopped, the board hidden, no move taken). */
    this.paused = false;
    /** What is drawn: paused, and whether Pause is offered (a clock running). */
    this.state = { paused: false, can: false };
    this.built = null;
    this._onVisibility = () => {
      if (this.doc.visibilityState === 'hidden') this.pause();
    };
    this.doc.addEventListener('visibilitychange', this._onVisibility);
    afterLoad(1000).then(() => this._build());
  }

  /** The button and the cover, made once their stylesheet has come. */
  _build() {
    this.built ??= addStylesheet(new URL('../../css/paused.css', import.meta.url).href).then(() => {
      if (this.destroyed) return;
      const { shell } = this;
      // The whole TIME figure is the button (it keeps its room: nothing moves as it comes).
      this.button = make('button', { type: 'button', id: 'pause', className: 'pause-button', textContent: 'Pause' });
      shell.el.clock.closest('.stat').append(this.button);
      this.playOn = make('button', { type: 'button', id: 'play-on', className: 'button', textContent: 'Play on' });
      this.cover = make('div', { className: 'pause-cover', hidden: true },
        make('p', { className: 'pause-title', textContent: 'Paused' }), this.playOn);
      this.board.closest('.play').append(this.cover);
      this.button.addEventListener('click', () => this.pause());
      this.playOn.addEventListener('click', () => this.resume());
      this.show(this.state.paused, this.state.can);
    });
    return this.built;
  }

  /** Pauses the game if its clock runs (and no replay's step is shown). */
  pause() {
    const { shell } = this;
    if (this.paused || !shell.game || shell.replaying || !shell.game.clockRuns()) return;
    this.paused = true;
    shell.queue.clear();
    shell.clock.stop();
    this.draw();
    shell.announce('Paused: the clock is stopped and the board hidden. Play on to go on.');
  }

  /** Plays on: the board back, the clock running from where it stopped. */
  resume() {
    const { shell } = this;
    if (!this.paused) return;
    this.paused = false;
    this.draw();
    if (shell.clock.shouldRun()) shell.clock.run();
    shell.announce(`Playing on. ${shell.statusText(shell.game)}`);
  }

  /** The game shown was replaced (a new game, a replay's step): it is not paused. */
  forget() {
    this.paused = false;
  }

  /** Draws the pause as it stands, and Pause offered where the clock runs. */
  draw() {
    const { game, replaying } = this.shell;
    this.show(this.paused, Boolean(game) && game.clockRuns() && !replaying);
  }

  /** Shows the game `paused` or not; Pause offered only where it `can` (a clock running). */
  show(paused, can) {
    this.state = { paused, can };
    this.board.style.visibility = paused ? 'hidden' : '';
    if (!this.cover) {
      if (paused) this._build();
      return;
    }
    const wasPaused = !this.cover.hidden;
    if (paused && !wasPaused) this._fit();
    this.cover.hidden = !paused;
    this.button.dataset.none = String(!can || paused);
    if (paused && !wasPaused) this.playOn.focus();
    else if (!paused && wasPaused && this.doc.activeElement === this.doc.body) this.board.focus();
  }

  /** The cover over the board's frame as it is now (a board that scrolls in a frame, as
   * Minesweeper's large ones do, is covered where it is seen). */
  _fit() {
    const play = this.cover.parentElement;
    const seen = this.board.parentElement === play ? this.board : this.board.parentElement;
    const [outer, inner] = [play.getBoundingClientRect(), seen.getBoundingClientRect()];
    Object.assign(this.cover.style, {
      left: `${inner.left - outer.left}px`, top: `${inner.top - outer.top}px`, width: `${inner.width}px`, height: `${inner.height}px`,
    });
  }

  destroy() {
    this.destroyed = true;
    this.doc.removeEventListener('visibilitychange', this._onVisibility);
    this.button?.remove();
    this.cover?.remove();
    this.board.style.visibility = '';
  }
}
