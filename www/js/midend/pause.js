// Pause, for the timed games (Minesweeper, Fifteen): the clock stops and the board is hidden (a
// board studied off the clock would make the time a lie) until the player plays on; a tab sent
// to the background pauses by itself. A pause the player made is kept, so the game opens paused
// after a reload; one the tab made is not (a page going away goes to the background first, so
// every reload would open paused). It owns whether the game is paused (the shell asks it, and
// takes no move meanwhile), and draws it: the TIME figure as the Pause button, and a cover
// over the board with Play on. They come with their stylesheet a moment after the page has
// loaded (no first load carries them), or at once should the game be paused before then.
// It is given the page's board and clock figure, and the few things of the game it reads and
// does (whether a clock runs to pause, stopping and running it, dropping the moves waiting,
// saying so): never the shell, whose state stays its own.

import { addStylesheet, make } from '../ui/ui.js';
import { afterLoad } from '../ui/after-load.js';


/** What a game opened paused, as the player left it, says (with what opened it: the shell's). */
export const PAUSED_AS_LEFT = 'Paused, as you left it: the clock is stopped and the board hidden. Play on to go on.';

export class Pause {
  /** Whether the page has what a pause is drawn on: its `clock` in a figure (a `.stat`), its
   * `board` in a `.play` (the page's elements, ui.js). */
  static fits({ clock, board }) {
    return Boolean(clock?.closest('.stat') && board?.closest('.play'));
  }

  /**
   * @param {object} port
   * @param {Document} port.doc  the page: its visibility, its focus
   * @param {Element} port.board  the board hidden while paused
   * @param {Element} port.clock  the clock's figure, whose `.stat` becomes the Pause button
   * @param {() => boolean} port.canPause  whether there is a running clock to pause: a game in
   *   play whose clock runs, no replay's step shown in its place
   * @param {() => void} port.dropQueued  drops the moves waiting to be played
   * @param {() => void} port.stopClock  stops the game's clock
   * @param {() => void} port.runClock  runs the game's clock again where it should run
   * @param {(text: string) => void} port.say  says `text` in the live region
   * @param {() => string} port.status  where the game in play stands, in words
   * @param {import('../store/storage.js').SafeStorage} port.storage  where a pause the player
   *   made is kept, under `port.key`, as `port.attempt()`: the id of the game in play
   */
  constructor({ doc, board, clock, canPause, dropQueued, stopClock, runClock, say, status, storage, key, attempt }) {
    this.doc = doc;
    this.board = board;
    this.clockFigure = clock;
    Object.assign(this, { canPause, dropQueued, stopClock, runClock, say, status, storage, key, attempt });
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
      // The whole TIME figure is the button (it keeps its room: nothing moves as it comes).
      this.button = make('button', { type: 'button', id: 'pause', className: 'pause-button', textContent: 'Pause' });
      this.clockFigure.closest('.stat').append(this.button);
      this.playOn = make('button', { type: 'button', id: 'play-on', className: 'button', textContent: 'Play on' });
      this.cover = make('div', { className: 'pause-cover', hidden: true },
        make('p', { className: 'pause-title', textContent: 'Paused' }), this.playOn);
      this.board.closest('.play').append(this.cover);
      this.button.addEventListener('click', () => this.pause({ kept: true }));
      this.playOn.addEventListener('click', () => this.resume());
      this.show(this.state.paused, this.state.can);
    });
    return this.built;
  }

  /** Pauses the game if its clock runs (and no replay's step is shown); `kept` (the player's
   * own pause) keeps it across a reload. */
  pause({ kept = false } = {}) {
    if (this.paused || !this.canPause()) return;
    if (kept) this.storage.set(this.key, this.attempt());
    this.paused = true;
    this.dropQueued();
    this.stopClock();
    this.draw();
    this.say('Paused: the clock is stopped and the board hidden. Play on to go on.');
  }

  /** Plays on: the board back, the clock running from where it stopped. */
  resume() {
    if (!this.paused) return;
    this.storage.remove(this.key);
    this.paused = false;
    this.draw();
    this.runClock();
    this.say(`Playing on. ${this.status()}`);
  }

  /** The game shown was replaced (a new game, a replay's step): it is not paused. */
  forget() {
    this.paused = false;
  }

  /** The game in play was read back (a reload): paused again where the player had paused it
   * (said by the shell with the game opened: PAUSED_AS_LEFT). */
  restore() {
    if (this.paused || this.storage.get(this.key) !== this.attempt() || !this.canPause()) return;
    this.paused = true;
    this.stopClock();
    this.draw();
  }

  /** Draws the pause as it stands, and Pause offered where the clock runs. */
  draw() {
    this.show(this.paused, this.canPause());
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
