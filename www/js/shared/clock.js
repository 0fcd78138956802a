// A game's clock, for the games that time the player (Fifteen, Minesweeper): it counts only
// while the page is shown, is drawn into an element each quarter second (its text, and the
// milliseconds in data-ms), and is kept in storage with the game it belongs to (by an id of
// that game's start), so a reload resumes it and a new game starts it at zero.

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
   * @param {import('./storage.js').SafeStorage} options.storage
   * @param {string} options.key      where the clock is kept
   * @param {Element} options.element where it is drawn
   * @param {() => boolean} options.shouldRun  whether the game is under way (the clock resumes
   *        when the page is shown again only then)
   */
  constructor({ storage, key, element, shouldRun }) {
    Object.assign(this, { storage, key, element, shouldRun });
    /** The game's id, time counted before `since`, when it last started (or null), and what
     * the game keeps with its time (Fifteen: whether Solve helped). */
    this.id = '';
    this.counted = 0;
    this.since = null;
    this.extra = {};
    this.timer = 0;
    this._onVisibility = () => {
      if (document.visibilityState === 'hidden') this.stop();
      else if (this.shouldRun()) this.run();
    };
    document.addEventListener('visibilitychange', this._onVisibility);
  }

  /** Time played so far, in ms. */
  get ms() {
    return this.counted + (this.since === null ? 0 : performance.now() - this.since);
  }

  get running() {
    return this.since !== null;
  }

  draw() {
    this.element.textContent = formatTime(this.ms);
    this.element.dataset.ms = String(Math.round(this.ms));
  }

  save() {
    this.storage.set(this.key, JSON.stringify({ id: this.id, ms: Math.round(this.ms), ...this.extra }));
  }

  stop() {
    if (this.since === null) return;
    this.counted = this.ms;
    this.since = null;
    clearInterval(this.timer);
    this.draw();
    this.save();
  }

  run() {
    if (this.since !== null || document.visibilityState === 'hidden') return;
    this.since = performance.now();
    this.timer = setInterval(() => this.draw(), 250);
  }

  /**
   * The clock of the game `id`: the time kept for it if `restored` (a reload), otherwise zero;
   * running if the game is under way.
   */
  reset(id, restored) {
    this.stop();
    let kept = null;
    try {
      kept = JSON.parse(this.storage.get(this.key) ?? 'null');
    } catch {
      // Unreadable: the clock starts over.
    }
    const same = restored && kept && kept.id === id && Number.isFinite(kept.ms) && kept.ms >= 0;
    this.id = id;
    this.counted = same ? kept.ms : 0;
    this.extra = {};
    if (same) {
      for (const [name, value] of Object.entries(kept)) if (name !== 'id' && name !== 'ms') this.extra[name] = value;
    }
    this.save();
    this.draw();
    if (this.shouldRun()) this.run();
  }

  destroy() {
    this.stop();
    document.removeEventListener('visibilitychange', this._onVisibility);
  }
}
