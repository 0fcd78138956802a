// The game a shell keeps in storage (one per game and slot: gridplay.2048, gridplay.2048.daily),
// and what keeps it whole when the same game is open in several tabs of one browser.
//
// Kept are two values: the save (game.save(), the engine's text) and the attempt, a small JSON
// record {id, start, counted, origin, help} naming this one game among any others dealt the
// same way (every tic-tac-toe game starts alike), whether it has been counted as ended, how it
// began and the help it took (standing.js: whose play its result is). The attempt's id also
// keys the game's clock. A new deal, or a game taken on from a replay, is a new attempt; a
// move, an undo or a reload is the same attempt; so is a game another tab kept, which this tab
// follows.
//
// A tab remembers the save and attempt it last read or wrote. While storage still holds them,
// the tab is `current` and may write. When another tab has kept something else, this tab has
// not seen that game: it must follow it (read it again) before it writes, so that a stale tab
// never writes over a newer game.
//
// A save is written only over the save this tab showed, atomically across tabs: in the site's
// records (store/mirrored.js over store/records.js, IndexedDB), where of two tabs writing at
// once exactly one wins, and the other learns it before it draws its move as made.
// localStorage keeps a copy of the kept save under the same key as before: what a page reads
// at once as it starts, what other tabs hear of through the storage event, and what earlier
// versions of the page read. Where IndexedDB is refused, localStorage alone keeps the game.

import { Mirrored } from '../store/mirrored.js';
import { siteRecords } from '../store/records.js';
import { HELP, ORIGINS } from './standing.js';

// An id is a new attempt's random hex, or (a game kept from before attempts) its startId().
const ATTEMPT = /^[\w.-]{1,200}$/;

/** An attempt kept before origins and help were: dealt afresh, no help taken. */
const FRESH = { origin: 'fresh', help: { hints: 0, moves: 0 } };

/** The help kept in `stored`, each count whole (what cannot be read: none). */
function readHelp(stored) {
  const help = {};
  for (const kind of HELP) help[kind] = Number.isSafeInteger(stored?.[kind]) && stored[kind] > 0 ? stored[kind] : 0;
  return help;
}

/** A new attempt's id: random, and readable where crypto.randomUUID is not (plain http). */
function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class KeptGame {
  /**
   * @param {import('../store/storage.js').SafeStorage} storage
   * @param {string} prefix  where this slot's values are kept: gridplay.<name>[.<slot>]
   */
  constructor(storage, prefix, records = siteRecords()) {
    this.storage = storage;
    this.keys = {
      save: `${prefix}.save`,
      attempt: `${prefix}.attempt`,
      clock: `${prefix}.clock`,
      unreadable: `${prefix}.unreadable-save`,
      // Before attempts, the startId() of the game last counted as ended.
      ended: `${prefix}.ended`,
    };
    /** The save as kept: in the site's records, with storage's copy (store/mirrored.js). */
    this.saved = new Mirrored(storage, this.keys.save, records);
    /** The save this tab last read or wrote (undefined: nothing read yet). */
    this.text = undefined;
    /** This tab's last save still on its way to being kept (undefined: none). */
    this._writing = undefined;
    /** The writes, one after another. */
    this._chain = Promise.resolve();
    /** This tab's game's attempt: {id, start, counted, origin, help: {hints, moves}}. */
    this.attempt = null;
  }

  /** The save kept now (and from now on the one this tab has seen), or null. */
  read() {
    this.text = this.storage.get(this.keys.save);
    this._writing = undefined;
    return this.text;
  }

  /** The save of the game this tab shows: its last write (kept or on its way), or what it read. */
  get shown() {
    return this._writing ?? this.text;
  }

  /** Sets an unreadable save aside, where a later version (or a bug report) can read it. */
  setAside(text) {
    this.storage.set(this.keys.unreadable, text);
  }

  /** The attempt kept now, or null if none can be read. */
  _storedAttempt() {
    let stored = null;
    try {
      stored = JSON.parse(this.storage.get(this.keys.attempt) ?? 'null');
    } catch {
      // Unreadable: none.
    }
    const ok = stored && ATTEMPT.test(stored.id) && typeof stored.start === 'string' && typeof stored.counted === 'boolean';
    if (!ok) return null;
    // An attempt from before origins were kept began afresh.
    const origin = ORIGINS.includes(stored.origin) ? stored.origin : 'fresh';
    return { id: stored.id, start: stored.start, counted: stored.counted, origin, help: readHelp(stored.help) };
  }

  /**
   * `game`, just read from the save, is this tab's game: its attempt is the one kept, if that
   * attempt is of this game's start. Otherwise (a save from before attempts, or one put there
   * by hand) it becomes one now: its id is its start, so the clock kept for it under that id
   * goes on, and it counts as counted if the old mark says so.
   */
  restore(game) {
    const start = game.startId();
    const stored = this._storedAttempt();
    if (stored?.start === start) {
      this.attempt = stored;
      return;
    }
    const legacy = ATTEMPT.test(start) ? start : newId();
    this.attempt = { id: legacy, start, counted: this.storage.get(this.keys.ended) === start, ...FRESH };
    this.storage.set(this.keys.attempt, JSON.stringify(this.attempt));
  }

  /** `game`, just dealt (or taken on from a replay), is a new attempt, begun as `origin`
   * (standing.js): kept before its save, so a tab that follows the save finds its attempt
   * already there. */
  begin(game, origin = 'fresh') {
    this.attempt = { id: newId(), start: game.startId(), counted: false, ...FRESH, origin };
    this.storage.set(this.keys.attempt, JSON.stringify(this.attempt));
  }

  /**
   * This tab's game took help of `kind` (standing.js's HELP: a hint shown, a helper's move):
   * counted on the attempt as kept, which another tab may have added to. A tab whose attempt
   * is no longer the one kept (it is about to follow another's game) writes nothing.
   */
  helped(kind) {
    const stored = this._storedAttempt();
    if (!this.attempt || (stored && stored.id !== this.attempt.id)) return;
    const base = stored ?? this.attempt;
    this.attempt = { ...base, help: { ...base.help, [kind]: base.help[kind] + 1 } };
    this.storage.set(this.keys.attempt, JSON.stringify(this.attempt));
  }

  /** The attempt as kept now, where it is still this tab's (another tab may have added help). */
  latest() {
    const stored = this._storedAttempt();
    if (stored && stored.id === this.attempt?.id) this.attempt = stored;
    return this.attempt;
  }

  /** True while storage holds the save and the attempt this tab last saw: it may write. */
  get current() {
    return this.storage.get(this.keys.save) === this.text && this._storedAttempt()?.id === this.attempt?.id;
  }

  /**
   * Keeps `text` as the save, over the game this tab shows (call it only while `current`, or for
   * a game just begun). Resolves true once kept; false if another tab's game was kept first:
   * then it is not written over, and storage's copy holds that game, for this tab to follow;
   * or if a newer version of the page keeps the game (`outdated`).
   */
  write(text) {
    const over = this.shown;
    this._writing = text;
    const kept = this._chain.then(() => this._keep(over, text));
    this._chain = kept.catch(() => {});
    return kept;
  }

  async _keep(over, text) {
    for (;;) {
      const settled = await this.saved.settle({ trust: true });
      // Null: a newer version of the page keeps this game now, and this tab writes no more.
      if (!settled || settled.text !== over) {
        if (this._writing === text) this._writing = undefined;
        return false;
      }
      if ((await this.saved.commit(settled.seq, text, over)).ok) {
        this.text = text;
        if (this._writing === text) this._writing = undefined;
        return true;
      }
      // Another tab wrote between the read and the write: read again.
    }
  }

  /** Resolves once this tab's writes (and checks) on their way are done. */
  settled() {
    return this._chain;
  }

  /** True once a newer version of the page keeps the game: this tab writes nothing more. */
  get outdated() {
    return this.saved.outdated;
  }

  /**
   * Makes storage's copy and the record agree (another tab may have written the record while
   * this one's copy of it lagged): true if the game kept is not the one this tab last kept or
   * read, and is now in storage's copy for this tab to follow.
   */
  async confirm() {
    // After this tab's writes on their way: the game shown is then the last of them.
    // Compared with the game this tab last kept or read: a write queued after this check (a
    // move pressed as the page starts) comes after it, over that game.
    // (Trusted where this tab has just kept a game: the record was then this tab's write.)
    const checked = this._chain.then(async () => {
      const settled = await this.saved.settle({ trust: true });
      return settled !== null && settled.text !== this.text;
    });
    this._chain = checked.catch(() => {});
    return checked;
  }

  /** Storage holds no game this tab can read (another tab cleared it): this tab's game, with
   * its attempt as it was, is kept again. */
  claim(text) {
    if (this.attempt) this.storage.set(this.keys.attempt, JSON.stringify(this.attempt));
    this.write(text);
  }

  /**
   * True the first time this attempt ends, in whichever tab: it is marked counted, so an undo
   * and ending again, a reload, or another tab that follows it, count it no more.
   */
  countOnce() {
    const stored = this._storedAttempt();
    if (!this.attempt || (stored?.id === this.attempt.id && stored.counted)) return false;
    this.attempt = { ...(stored?.id === this.attempt.id ? stored : this.attempt), counted: true };
    this.storage.set(this.keys.attempt, JSON.stringify(this.attempt));
    return true;
  }

  /** True when another tab's change to `key` may be a game this tab has not seen. */
  concerns(key) {
    return key === null || key === this.keys.save || key === this.keys.attempt;
  }
}

/** Releases a game's wasm memory (one no longer kept or shown); a game already freed (or none)
 * is fine. */
export function freeGame(game) {
  try {
    game?.free?.();
  } catch {
    // Already freed: nothing to release.
  }
}
