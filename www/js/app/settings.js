// The player's settings: theme, motion, vibration, letter keys and short announcements, kept as JSON under gridplay.settings
// (through SafeStorage, so a browser that refuses storage keeps them for the visit) and applied
// at once, in every tab. The resolved theme and motion are written on <html> as
// data-theme="light|dark" and data-motion="on|off": CSS reads both, and board-view.js reads
// data-motion, so "off" draws exactly as reduced motion does. "auto" follows
// prefers-color-scheme / prefers-reduced-motion, live. (The boot script applies the stored
// theme before the first paint by the same rules.) Letter keys off is written as
// data-letter-keys="off", which the games' keys read (input/keys.js); short announcements as
// data-speech="short", which the mid end reads as it says a move (midend/move-words.js). The
// dialog that changes them is settings-dialog.js's, loaded when it is first wanted.

const KEY = 'gridplay.settings';

export const CHOICES = {
  theme: ['auto', 'light', 'dark'],
  motion: ['auto', 'on', 'off'],
};
const DEFAULTS = { theme: 'auto', motion: 'auto', vibrate: false, letters: true, short: false };
/** The settings that are on or off. */
const SWITCHES = ['vibrate', 'letters', 'short'];

const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
const reduceQuery = window.matchMedia('(prefers-reduced-motion: reduce)');

/** True where the device may vibrate (the Vibration API exists). */
export const canVibrate = typeof navigator.vibrate === 'function';

export class Settings {
  /** @param {import('../store/storage.js').SafeStorage} storage */
  constructor(storage) {
    this.storage = storage;
    this.values = { ...DEFAULTS, ...this._read() };
    const apply = () => this.apply();
    darkQuery.addEventListener('change', apply);
    reduceQuery.addEventListener('change', apply);
    /** Called when another tab changes a setting (the dialog shows it: settings-dialog.js). */
    this.onChange = null;
    // A setting changed in another tab applies here too, at once.
    storage.watch((key) => {
      if (key !== KEY && key !== null) return;
      this.values = { ...DEFAULTS, ...this._read() };
      this.apply();
      this.onChange?.();
    });
  }

  /** The stored settings, each checked; anything unreadable is left out (the default stands). */
  _read() {
    const values = {};
    try {
      const stored = JSON.parse(this.storage.get(KEY) ?? '{}');
      for (const [name, allowed] of Object.entries(CHOICES)) {
        if (allowed.includes(stored?.[name])) values[name] = stored[name];
      }
      for (const name of SWITCHES) if (typeof stored?.[name] === 'boolean') values[name] = stored[name];
    } catch {
      // Not JSON: the defaults stand, and the next change writes a good copy.
    }
    return values;
  }

  get theme() {
    return this.values.theme === 'auto' ? (darkQuery.matches ? 'dark' : 'light') : this.values.theme;
  }

  get motion() {
    return this.values.motion === 'auto' ? (reduceQuery.matches ? 'off' : 'on') : this.values.motion;
  }

  get vibrate() {
    return canVibrate && this.values.vibrate;
  }

  /** Changes one setting (ignoring a value it cannot take), stores them all and applies them.
   * The others are read again first: another tab may have changed one since. */
  set(name, value) {
    if (SWITCHES.includes(name)) value = Boolean(value);
    else if (!CHOICES[name]?.includes(value)) return;
    this.values = { ...DEFAULTS, ...this._read(), [name]: value };
    this.storage.set(KEY, JSON.stringify(this.values));
    this.apply();
  }

  /** Writes the resolved theme and motion on <html>, and the browser bar's colour to match. */
  apply() {
    const root = document.documentElement;
    root.dataset.theme = this.theme;
    root.dataset.motion = this.motion;
    // Read by the games' keys (input/keys.js's notTheGames).
    root.dataset.letterKeys = this.values.letters ? 'on' : 'off';
    root.dataset.speech = this.values.short ? 'short' : 'full';
    updateThemeColor();
  }

  /** Vibrates briefly after a move that merged (a made move's `change`), if the player asked
   * for it: heard from each shell's 'move' (app.js). */
  feedback(game, move) {
    if (!this.vibrate || !move?.merges?.length) return;
    // Browsers refuse (and complain) before the first tap or key; nothing to do until then.
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    navigator.vibrate(move.merges.length > 1 ? [18, 40, 18] : 18);
  }
}

let themeColorFrame = 0;

/**
 * Sets <meta name="theme-color"> (one per colour scheme in the HTML, for the first paint) to
 * the page's background as drawn: it follows the theme and the game shown. Read in the next
 * frame, because reading a computed style forces a style pass: there it is the pass that frame
 * makes anyway, not an extra one (~20 ms on a first load) before the board is drawn.
 */
export function updateThemeColor() {
  if (themeColorFrame || !document.body) return;
  themeColorFrame = requestAnimationFrame(() => {
    themeColorFrame = 0;
    const colour = getComputedStyle(document.body).backgroundColor;
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.content = colour;
  });
}
