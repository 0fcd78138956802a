// A game's clock, for the games that time the player (Fifteen, Minesweeper): it counts only
// while the page is shown, is drawn into an element each quarter second (its text, and the
// milliseconds in data-ms), and is kept in storage with the game it belongs to (by the id of
// that game's attempt, kept-game.js), so a reload resumes it and a new game starts it at zero.
//
// With the game open in several tabs, only the one shown counts, and the time kept is the
// most any tab has counted for that game: a tab coming to the front goes on from there, and a
// tab whose game is not the one kept (a stale tab) writes nothing.

/** "1:05" for 65 000 ms; "1:02:03" past an hour. */
export function formatTime(ms) {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export class GameClock {
  /**
   * @param {object} options
   * @param {import('../store/storage.js').SafeStorage} options.storage
   * @param {string} options.key      where the clock is kept
   * @param {Element} options.element where it is drawn
   * @param {() => boolean} options.shouldRun  whether the game is under way (the clock resumes
   *        when the page is shown again only then)
   * @param {() => boolean} [options.mayWrite]  whether this tab's game is the one kept (a tab
   *        behind another's writes nothing)
   */
  constructor({ storage, key, element, shouldRun, mayWrite = () => true }) {
    Object.assign(this, { storage, key, element, shouldRun, mayWrite });
    /** The game's id, time counted before `since`, and when it last started (or null). */
    this.id = '';
    this.hidden = false;
    this.counted = 0;
    this.since = null;
    this.timer = 0;
    this._onVisibility = () => {
      if (document.visibilityState === 'hidden') this.stop();
      else if (this.shouldRun()) this.run();
    };
    document.addEventListener('visibilitychange', this._onVisibility);
    // Another tab timing the same game kept more: this clock goes on from there.
    this._unwatch = storage.watch((key) => {
      if ((key === this.key || key === null) && this._catchUp()) this.draw();
    });
  }

  /** Time played so far, in ms. */
  get ms() {
    return this.counted + (this.since === null ? 0 : performance.now() - this.since);
  }

  get running() {
    return this.since !== null;
  }

  draw() {
    this.element.textContent = this.hidden ? '–' : formatTime(this.ms);
    this.element.dataset.ms = this.hidden ? '' : String(Math.round(this.ms));
  }

  /** While `hidden` (a replay's step shown in the game's place), the time drawn is none: this
   * game's is not the step's, and a replay keeps no time. */
  hide(hidden) {
    this.hidden = hidden;
    this.draw();
  }

  /** The record kept for this clock's game, or null (none, unreadable, another game's). */
  _kept() {
    let kept = null;
    try {
      kept = JSON.parse(this.storage.get(this.key) ?? 'null');
    } catch {
      // Unreadable: nothing kept.
    }
    return kept && kept.id === this.id && Number.isFinite(kept.ms) && kept.ms >= 0 ? kept : null;
  }

  /** Takes on the time another tab kept for this game, where that is more than this clock has
   * counted: true iff it did. */
  _catchUp() {
    const kept = this._kept();
    if (!kept || kept.ms <= this.ms) return false;
    this.counted += kept.ms - this.ms;
    return true;
  }

  save() {
    if (!this.mayWrite()) return;
    this._catchUp();
    this.storage.set(this.key, JSON.stringify({ id: this.id, ms: Math.round(this.ms) }));
  }

  stop() {
    if (this.since === null) return;
    this._halt();
    this.draw();
    this.save();
  }

  _halt() {
    this.counted = this.ms;
    this.since = null;
    clearInterval(this.timer);
  }

  run() {
    if (this.since !== null || document.visibilityState === 'hidden') return;
    this._catchUp();
    this.since = performance.now();
    this.timer = setInterval(() => this.draw(), 250);
  }

  /**
   * The clock of the game `id`: the time kept for it if `restored` (a reload), otherwise zero;
   * running if the game is under way.
   */
  reset(id, restored) {
    // Not saved: what is kept under this key may already be the next game's (another tab's).
    this._halt();
    this.id = id;
    this.counted = 0;
    if (restored) this._catchUp();
    this.save();
    this.draw();
    if (this.shouldRun()) this.run();
  }

  destroy() {
    this.stop();
    this._unwatch();
    document.removeEventListener('visibilitychange', this._onVisibility);
  }
}
