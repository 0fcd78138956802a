// The player's finished games, each with its replay (Stats' "Your games"): kept in IndexedDB,
// not localStorage, since a 2048 game's save runs to tens of KB and a hundred of them would
// crowd out everything else a page may keep there. A database of its own, so that its shape
// changes apart from the records' (records.js), whose version is the records' format.
//
// A game is kept under [game, id] (its route and its attempt's id): an undo and ending again
// keeps the attempt's latest end in its place. Past KEPT_GAMES of a game, its oldest go, in the
// transaction that keeps the new one. Where the browser refuses the database or a write
// (private windows, a full disk), the games this page finished are kept in its memory and
// listed still: nothing finished here is missing from the list while the page is open. A
// refused write is one transaction undone, so the games kept before it are all still there.
//
// What is read is checked entry by entry (finishedOf): a damaged one (another version's, a
// disk's fault, an extension's meddling) is left out and counted, never allowed to hide the rest.

import { completed, done } from './records.js';

/** Finished games kept per game: the stats' results count as many. */
export const KEPT_GAMES = 100;

const DATABASE = 'gridplay-games';
const GAMES = 'games';
const BY_TIME = 'game-at';

/** Date's range: a time past it is no date, and its ISO text throws. */
const LATEST = 8.64e15;

const isString = (value) => typeof value === 'string';
const isNumber = (value) => Number.isFinite(value);
const orNull = (check) => (value) => value === null || check(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;

/**
 * The fields a kept game may have beside those it must (game, id, at, save, outcome), each
 * with its check: absent is as good as empty, since the list reads each as it may be missing.
 */
const OPTIONAL = {
  day: isString,
  daily: (value) => typeof value === 'boolean',
  kind: isString,
  board: isString,
  figure: isString,
  value: orNull(isNumber),
  moves: isCount,
  ms: orNull(isNumber),
  standing: isString,
  ending: isString,
};

/**
 * A game as kept, checked: null for anything that is not one (it is left out of the list).
 * Its outcome may be '' (a game merely over) but must be there: without it, what the list
 * says of how the game ended is a guess.
 */
export function finishedOf(stored) {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const { game, id, at, save, outcome } = stored;
  if (!isString(game) || !isString(id) || !isNumber(at) || Math.abs(at) > LATEST || !isString(save) || !save || !isString(outcome)) return null;
  for (const [name, ok] of Object.entries(OPTIONAL)) {
    if (stored[name] !== undefined && !ok(stored[name])) return null;
  }
  return stored;
}

/** Whether `error` is the browser saying its storage is full (a quota met, a full disk). */
export function isStorageFull(error) {
  // Firefox named it so before the standard name.
  return error?.name === 'QuotaExceededError' || error?.name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/** The database, or null where it is refused or missing. */
async function openDatabase(factory, name) {
  if (!factory) return null;
  const request = factory.open(name, 1);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(GAMES, { keyPath: ['game', 'id'] });
    store.createIndex(BY_TIME, ['game', 'at']);
  };
  const db = await new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('finished games: blocked by another tab'));
  });
  // A newer version of the page wants the database: this one lets go and keeps in memory.
  db.onversionchange = () => db.close();
  return db;
}

/** The range of one game's entries in the index by time. */
const ofGame = (game) => IDBKeyRange.bound([game, -Infinity], [game, Infinity]);

/**
 * The range of one game's entries by their key, [game, id]: every entry of the game, those
 * whose time is damaged too, which the index by time leaves out ([game] sorts before any
 * [game, id], and an array after any id that is not one).
 */
const allOfGame = (game) => IDBKeyRange.bound([game], [game, []]);

export class FinishedGames {
  /**
   * The site's finished games (`indexedDB`, `name`: for tests). Never rejects: where the
   * database is refused, `kept` is false and games live in this page's memory.
   */
  static async open({ indexedDB, name = DATABASE } = {}) {
    let db = null;
    try {
      // (Merely reading window.indexedDB throws in some sandboxed frames.)
      db = await openDatabase(indexedDB ?? globalThis.indexedDB, name);
    } catch (error) {
      console.info('gridplay: IndexedDB refused, finished games kept for this page only:', error?.message ?? error);
    }
    return new FinishedGames(db);
  }

  constructor(db) {
    this._db = db;
    /** Games this page finished and could not keep in the database, by game then id. */
    this._memory = new Map();
  }

  /** False where the database is refused: what is listed is this page's alone. */
  get kept() {
    return Boolean(this._db);
  }

  /**
   * Keeps `entry` ({game, id, at, save, …}), dropping that game's oldest past `limit`.
   * Resolves 'kept' once the database holds it; else it is kept in this page's memory and
   * listed till the page closes, and it resolves why: 'full' where the browser's storage is
   * full, 'refused' where the browser refused the write, 'unavailable' where there is no
   * database to write to (refused since the page opened it).
   */
  async keep(entry, limit = KEPT_GAMES) {
    if (!finishedOf(entry)) throw new Error('finished games: not a finished game');
    let why = 'unavailable';
    if (this._db) {
      try {
        await this._put(entry, limit);
        this._memory.get(entry.game)?.delete(entry.id);
        return 'kept';
      } catch (error) {
        console.info('gridplay: a finished game not kept:', error?.message ?? error);
        why = isStorageFull(error) ? 'full' : 'refused';
      }
    }
    const mine = this._memory.get(entry.game) ?? new Map();
    mine.set(entry.id, entry);
    this._memory.set(entry.game, mine);
    return why;
  }

  /** Rejects with what undid the write: the transaction's error (a full disk's) where it has one. */
  async _put(entry, limit) {
    const transaction = this._db.transaction(GAMES, 'readwrite');
    try {
      await this._write(transaction, entry, limit);
    } catch (error) {
      // An abort rejects the requests still on their way with an AbortError; the cause, a
      // quota met, is the transaction's.
      throw transaction.error ?? error;
    }
  }

  async _write(transaction, entry, limit) {
    const end = completed(transaction);
    // Awaited below; meanwhile an abort rejects the request awaited too, which says it first.
    end.catch(() => {});
    const store = transaction.objectStore(GAMES);
    store.put(entry);
    const byTime = store.index(BY_TIME);
    let over = (await done(byTime.count(ofGame(entry.game)))) - limit;
    if (over > 0) {
      const cursors = byTime.openCursor(ofGame(entry.game));
      await new Promise((resolve, reject) => {
        cursors.onerror = () => reject(cursors.error);
        cursors.onsuccess = () => {
          const cursor = cursors.result;
          if (!cursor || over <= 0) return resolve();
          cursor.delete();
          over -= 1;
          cursor.continue();
        };
      });
    }
    await end;
  }

  /**
   * `game`'s finished games, the latest first: the database's and this page's memory's, as
   * {games, damaged}, `damaged` the number of the database's that could not be read and are
   * left out.
   */
  async list(game) {
    const found = new Map();
    const damaged = new Set();
    if (this._db) {
      try {
        const transaction = this._db.transaction(GAMES, 'readonly');
        const store = transaction.objectStore(GAMES);
        // Both in one transaction, so in the same order: the keys say which entry is damaged.
        const [keys, all] = await Promise.all([done(store.getAllKeys(allOfGame(game))), done(store.getAll(allOfGame(game)))]);
        keys.forEach((key, i) => {
          const entry = finishedOf(all[i]);
          if (entry) found.set(entry.id, entry);
          else damaged.add(key[1]);
        });
      } catch (error) {
        console.info('gridplay: finished games not read:', error?.message ?? error);
      }
    }
    for (const [id, entry] of this._memory.get(game) ?? []) {
      found.set(id, entry);
      // Kept again in memory since: listed after all.
      damaged.delete(id);
    }
    return { games: [...found.values()].sort((a, b) => b.at - a.at), damaged: damaged.size };
  }

  close() {
    this._db?.close();
  }
}

let site = null;

/** The site's finished games, opened once for the page. */
export function siteGames() {
  site ??= FinishedGames.open();
  return site;
}
