// A localStorage wrapper that never throws.
//
// Every access is wrapped in try/catch. A write the browser refuses (quota exceeded) keeps that
// key's value in memory for the rest of the page's life, and every other key is still read from
// storage: one refused save never hides another game's save, a best or the stats. Once reading
// itself is refused (private mode, storage disabled, a sandboxed frame where merely reading
// `window.localStorage` throws), every value lives in memory. Either way the game goes on;
// `failed` tells the page so it can say once that progress will not be kept.
//
// Shared by every Gridplay page; nothing here knows about a particular game.

export class SafeStorage {
  /**
   * @param {object} [options]
   * @param {(error: unknown) => void} [options.onFailure] called once, the first time storage fails
   * @param {() => Storage} [options.backend] where to store (defaults to window.localStorage)
   */
  constructor({ onFailure, backend } = {}) {
    /** What this page last read or wrote, per key. */
    this._memory = new Map();
    /** Keys whose last write the browser refused: their value is the one in memory. */
    this._unwritten = new Set();
    /** True once reading is refused: every value is the one in memory. */
    this._unreadable = false;
    this._failed = false;
    this._reported = false;
    this._onFailure = onFailure ?? null;
    this._backend = backend ?? (() => window.localStorage);
  }

  /** True once the browser's storage has refused an access (some values then live in memory only). */
  get failed() {
    return this._failed;
  }

  /** False once reading is refused: every value is then this page's memory alone. */
  get readable() {
    return !this._unreadable;
  }

  /** Called once when storage first fails (or at once if it already has). */
  set onFailure(callback) {
    this._onFailure = callback;
    if (this._failed && callback) this._report(undefined);
  }

  /** The stored text for `key`, or null when there is none. */
  get(key) {
    if (!this._unreadable && !this._unwritten.has(key)) {
      try {
        const value = this._backend().getItem(key);
        // Remember what was read: should reading be refused later, it is still there.
        if (value === null) this._memory.delete(key);
        else this._memory.set(key, value);
        return value;
      } catch (error) {
        this._unreadable = true;
        this._fail(error);
      }
    }
    return this._memory.has(key) ? this._memory.get(key) : null;
  }

  /** Stores `value` (turned into a string); true if the browser kept it, false if only memory did. */
  set(key, value) {
    const text = String(value);
    this._memory.set(key, text);
    if (this._unreadable) return false;
    try {
      this._backend().setItem(key, text);
      this._unwritten.delete(key);
      return true;
    } catch (error) {
      this._unwritten.add(key);
      this._fail(error);
      return false;
    }
  }

  /**
   * Calls `fn(key, value)` each time another tab of this site changes `key` in storage (`value`
   * its new text, null once removed; both null when the other tab cleared everything); returns a
   * function that stops it. A tab never hears its own writes. Nothing is heard once reading is
   * refused: the values then live in this page alone.
   */
  watch(fn) {
    if (typeof window === 'undefined') return () => {};
    const heard = (event) => {
      if (this._unreadable || !this._isMine(event.storageArea)) return;
      // What another tab wrote is what this page now reads, over a write of its own that the
      // browser refused.
      if (event.key === null) {
        this._memory.clear();
        this._unwritten.clear();
      } else {
        if (event.newValue === null) this._memory.delete(event.key);
        else this._memory.set(event.key, event.newValue);
        this._unwritten.delete(event.key);
      }
      fn(event.key, event.newValue);
    };
    window.addEventListener('storage', heard);
    return () => window.removeEventListener('storage', heard);
  }

  /** True when `area` is where this wrapper keeps its values (not sessionStorage, say). */
  _isMine(area) {
    try {
      return area === this._backend();
    } catch {
      return false;
    }
  }

  remove(key) {
    this._memory.delete(key);
    if (this._unreadable) return;
    try {
      this._backend().removeItem(key);
      this._unwritten.delete(key);
    } catch (error) {
      // Still there in storage, gone for this page.
      this._unwritten.add(key);
      this._fail(error);
    }
  }

  _fail(error) {
    if (this._failed) return;
    this._failed = true;
    this._report(error);
  }

  _report(error) {
    const callback = this._onFailure;
    if (!callback || this._reported) return;
    this._reported = true;
    try {
      callback(error);
    } catch (callbackError) {
      // A broken notice must not break the game.
      console.warn('storage failure callback failed', callbackError);
    }
  }
}
