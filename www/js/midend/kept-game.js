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
// Several tabs of one browser may show the same game. What is kept is decided by one rule, the
// site's records (store/mirrored.js over store/records.js, IndexedDB): a save is written only
// over the record's write this tab's game came from, in one transaction, so of two tabs writing
// at once exactly one wins, and no kept write is ever rolled back. localStorage keeps a copy of
// the kept save under the same key as before: what a page reads at once as it starts, what
// other tabs hear of through the storage event, and what earlier versions of the page read.
// Where IndexedDB is refused, localStorage alone keeps the game.
//
// A move is drawn before it is kept: `write` returns at once, and the saves are kept after, in
// order, each over the last (a burst of moves kept as its last save). Should another tab have
// kept its own game first, this tab's saves since are not kept: `onLost(text)` tells the shell
// once, with the game that is kept, which it shows instead and says so; until it has (`adopt`),
// nothing more is written. A tab's `base` is the record's write its game came from: known by
// number once read from the record or written; a save read from the copy, or followed from
// another tab, is checked against the record before the first write over it.

import { Mirrored } from '../store/mirrored.js';
import { isFull, siteRecords } from '../store/records.js';
import { HELP, ORIGINS } from './standing.js';
import { safely } from './watchers.js';

/** How long writes wait for records another tab holds up before the player is told. */
const STALL_MS = 2000;

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
      // The attempt the player paused (midend/pause.js), so a reload opens it paused.
      paused: `${prefix}.paused`,
      unreadable: `${prefix}.unreadable-save`,
      // Before attempts, the startId() of the game last counted as ended.
      ended: `${prefix}.ended`,
    };
    /** The save as kept: in the site's records, with storage's copy (store/mirrored.js). */
    this.saved = new Mirrored(storage, this.keys.save, records);
    /** The record's write this tab's game came from: {seq, text}, `seq` null until the record
     * has been read (a save read from the copy, or followed); text null for none. */
    this.base = { seq: null, text: null };
    /** The save of the game this tab shows: its last write, or what it read (undefined: nothing
     * read yet). */
    this.shown = undefined;
    /** The saves this tab made since its base was last known: a record holding one of them
     * was written by this tab (its copy taken in where the records opened late). */
    this._line = new Set();
    /** The last save waiting to be kept (undefined: none). */
    this._pending = undefined;
    /** Those who wait to hear whether their save was kept. */
    this._waiters = [];
    /** True from a write lost to another tab's until the shell has shown that game (adopt). */
    this._lost = false;
    /** Counts the games this tab adopted: a write begun before one is not made after it. */
    this._generation = 0;
    /** The keeping and checking, one after another. */
    this._chain = Promise.resolve();
    this._draining = false;
    /** Called as each save of this tab's is kept: onKept(save). */
    this.onKept = null;
    /** Called once a write of this tab's lost to another tab's: onLost(the save kept). */
    this.onLost = null;
    /** Called when this tab's saves cannot be kept for now: onUnkept(why, error), `why`
     * 'blocked' (another tab holds the records up), 'full' or 'refused'; and onUnkept(null)
     * once they are kept again. */
    this.onUnkept = null;
    this._unkept = null;
    this._stall = null;
    /** This tab's game's attempt: {id, start, counted, origin, help: {hints, moves}}. */
    this.attempt = null;
  }

  /** The save kept now as storage's copy has it (from now on the one this tab has seen), or
   * null: its number is read from the record before the next write. */
  read() {
    return this.adopt(this.storage.get(this.keys.save));
  }

  /**
   * `text` (the record's write number `seq`, where known) is now this tab's game: after a read,
   * a follow or a lost write. Writes are taken again from here. Returns `text`.
   */
  adopt(text, seq = null) {
    this.base = { seq, text };
    this.shown = text;
    this._line = new Set();
    this._lost = false;
    // What waited to be kept was of the game shown before: never written over this one.
    this._generation += 1;
    this._pending = undefined;
    for (const heard of this._waiters.splice(0)) heard(false);
    return text;
  }

  /** True from a write of this tab's lost to another tab's until that game is shown. */
  get lost() {
    return this._lost;
  }

  /** True while the game shown has moves not kept (lost, or still on their way): a tab that
   * shows another game instead takes them back, and says so. */
  get unkeptShown() {
    return this._lost || this.shown !== this.base.text;
  }

  /** The save this tab last kept or read, which the game shown extends by the moves not kept. */
  get keptBefore() {
    return this._lost ? this._lostFrom : this.base.text;
  }

  /** The save this tab last read or kept (the record's, as far as this tab knows). */
  get text() {
    return this.base.text;
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

  /** The attempt kept now where it is not this tab's (another tab began a game since: dealt,
   * taken on from a replay, or restarted), else null: the game kept is this tab's, played
   * on or not. */
  otherAttempt() {
    const stored = this._storedAttempt();
    return stored && stored.id !== this.attempt?.id ? stored : null;
  }

  /** The attempt as kept now, where it is still this tab's (another tab may have added help). */
  latest() {
    const stored = this._storedAttempt();
    if (stored && stored.id === this.attempt?.id) this.attempt = stored;
    return this.attempt;
  }

  /** True while storage's copy is a save of this tab's game (read, kept, or on its way to be)
   * and the attempt is this tab's: nothing newer was heard of, and it may write. */
  get current() {
    if (this._lost || this.outdated) return false;
    const copy = this.storage.get(this.keys.save);
    const ours = copy === this.base.text || copy === this.shown || this._line.has(copy);
    return ours && this._storedAttempt()?.id === this.attempt?.id;
  }

  /**
   * Keeps `text` as the save, over the game this tab shows (call it only while `current`, or for
   * a game just begun): at once for the page, which draws the move meanwhile, and in the
   * records after, in order. Resolves true once kept (or, where the browser refuses to store
   * it, in storage's copy alone: onUnkept says so); false if another tab's game was kept first
   * (onLost says which), or a newer version of the page keeps the game (`outdated`).
   */
  write(text) {
    if (this._lost || this.outdated) return Promise.resolve(false);
    this.shown = text;
    this._line.add(text);
    this._pending = text;
    // While another tab holds the records up, the copy keeps what it can.
    if (this.saved.opening) this.saved.setCopy(text);
    const heard = new Promise((resolve) => this._waiters.push(resolve));
    if (!this._draining) {
      this._draining = true;
      this._then(() => this._drain());
    }
    return heard;
  }

  /** Runs `step` after every keeping and checking on its way. */
  _then(step) {
    const done = this._chain.then(step);
    this._chain = done.catch((error) => console.warn('gridplay: keeping the game failed', error));
    return done;
  }

  /** Keeps the last save waiting, over the base, until none waits. */
  async _drain() {
    try {
      while (this._pending !== undefined && !this._lost) {
        if (this.saved.opening) {
          // Another tab holds the records up: the player hears of it if it lasts.
          this._stalled();
          await this.saved.ready();
          continue;
        }
        const text = this._pending;
        const waiters = this._waiters.splice(0);
        this._pending = undefined;
        const kept = await this._keep(text);
        for (const heard of waiters) heard(kept);
      }
    } finally {
      this._draining = false;
    }
    for (const heard of this._waiters.splice(0)) heard(false);
  }

  /** Keeps `text` over the base: true once kept; false once lost or outdated. */
  async _keep(text) {
    const generation = this._generation;
    if (!(await this._known()) || generation !== this._generation) return false;
    let written = await this.saved.commit(this.base.seq, text);
    // The records were cleared (the database deleted) since this tab's last write: there is
    // nothing to lose to, and this tab's game is kept again from the first write.
    if (written && !written.ok && written.record.seq === 0 && generation === this._generation) written = await this.saved.commit(0, text);
    if (written === null) return false;
    // The tab showed another game meanwhile (followed from another tab): that game stands, and
    // its first write finds whether this one was kept.
    if (generation !== this._generation) return written.ok;
    if (!written.ok) {
      this._lose(written.record);
      return false;
    }
    if (written.refused) {
      // The record stands as it was; this save is in the copy alone, and the next write goes
      // over the same record again.
      this._unkeptBecause(isFull(written.refused) ? 'full' : 'refused', written.refused);
    } else {
      this._unkeptBecause(null);
      // Where the copy alone is kept there is no record: each write checks the copy again.
      this.base = { seq: this.saved.plain ? null : written.seq, text };
      this._line = new Set([text]);
      safely(this.onKept, text);
    }
    return true;
  }

  /**
   * True once the base's number is known (read from the record if need be) and the record is
   * still this tab's game; false once a newer version keeps it, or it is another tab's game
   * (then lost).
   */
  async _known() {
    if (this.base.seq !== null) return true;
    const generation = this._generation;
    const now = await this.saved.read();
    if (now === null || generation !== this._generation) return false;
    const ours = now.text === this.base.text || this._line.has(now.text);
    // No record at all (nothing kept yet, or storage cleared): nothing to lose to.
    if (!ours && !(now.seq === 0 && now.text === null)) {
      this._lose(now);
      return false;
    }
    this.base = { seq: this.saved.plain ? null : now.seq, text: ours ? now.text : this.base.text };
    return true;
  }

  /** Another tab's game `record` ({seq, text}) was kept over this tab's: nothing more is
   * written until the shell shows it (adopt). */
  _lose(record) {
    this._lost = true;
    this._lostFrom = this.base.text;
    this._pending = undefined;
    this.base = { seq: this.saved.plain ? null : record.seq, text: record.text };
    safely(this.onLost, record.text);
  }

  /** Writes wait for the records while another tab holds them up: said if it lasts. */
  _stalled() {
    if (this._stall) return;
    this._stall = setTimeout(() => {
      this._stall = null;
      if (this.saved.opening) this._unkeptBecause('blocked');
    }, STALL_MS);
    this.saved.ready().then(() => {
      clearTimeout(this._stall);
      this._stall = null;
    });
  }

  /** Tells onUnkept when why this tab's saves are not kept changes (null: they are kept). */
  _unkeptBecause(why, error) {
    if (why === this._unkept) return;
    this._unkept = why;
    safely(this.onUnkept, why, error);
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
   * The save kept now, from the record (or, while it cannot be read, storage's copy), checked
   * after this tab's writes on their way: {text, seq}, `newer` true if it is not this tab's
   * game (another tab's, to follow), `none` true if nothing is kept at all (storage cleared).
   * Null once a newer version keeps the game.
   */
  recorded() {
    // While the records cannot be read, storage's copy says it, at once: a tab held up by
    // another never waits to play.
    const fromCopy = () => {
      const copy = this.saved.copy;
      return { text: copy, seq: null, newer: copy !== null && !this.current, none: copy === null };
    };
    if (this.saved.opening) return Promise.resolve(fromCopy());
    return this._then(async () => {
      if (this.saved.plain) return fromCopy();
      const now = await this.saved.read();
      if (now === null) return null;
      const ours = now.text === this.base.text || now.text === this.shown || this._line.has(now.text);
      if (ours && !this._lost && now.text === this.shown) this.base = { seq: now.seq, text: now.text };
      return { ...now, newer: !ours || this._lost, none: now.text === null };
    });
  }

  /**
   * Checks the copy read at the start against the record (another tab may have written the
   * record while this one's copy of it lagged; a copy kept before records is taken in here):
   * resolves true if the game kept is not the one this tab read, for it to follow.
   */
  async confirm() {
    // (Past the records' opening, however long another tab holds it up: this is no move's wait.)
    await this.saved.ready();
    const now = await this.recorded();
    return Boolean(now?.newer) && !now.none;
  }

  /** Storage holds no game this tab can read (it was cleared): this tab's game, with its
   * attempt as it was, is kept again. */
  claim(text) {
    if (this.attempt) this.storage.set(this.keys.attempt, JSON.stringify(this.attempt));
    this.adopt(null);
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
