// The player's finished games, each with its replay (Stats' "Your games"): kept in IndexedDB,
// not localStorage, since a 2048 game's save runs to tens of KB and a hundred of them would
// crowd out everything else a page may keep there. A database of its own, so that its shape
// changes apart from the records' (records.js), whose version is the records' format.
//
// A game is kept under [game, id] (its route and its attempt's id): an undo and ending again
// keeps the attempt's latest end in its place. Past KEPT_GAMES of a game, its oldest go, in the
// transaction that keeps the new one. Where the browser refuses the database or a write
// (private windows, a full disk), the games this page finished are kept in its memory and
// listed still: nothing finished here is missing from the list while the page is open.

import { completed, done } from './records.js';

/** Finished games kept per game: the stats' results count as many. */
export const KEPT_GAMES = 100;

const DATABASE = 'gridplay-games';
const GAMES = 'games';
const BY_TIME = 'game-at';

/** A game as kept, checked: null for anything that is not one (it is left out of the list). */
export function finishedOf(stored) {
  if (!stored || typeof stored !== 'object') return null;
  const { game, id, at, save } = stored;
  if (typeof game !== 'string' || typeof id !== 'string' || !Number.isFinite(at) || typeof save !== 'string' || !save) return null;
  return stored;
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
   * Resolves true once the database holds it, false where it is kept in memory alone.
   */
  async keep(entry, limit = KEPT_GAMES) {
    if (!finishedOf(entry)) throw new Error('finished games: not a finished game');
    if (this._db) {
      try {
        await this._put(entry, limit);
        this._memory.get(entry.game)?.delete(entry.id);
        return true;
      } catch (error) {
        console.info('gridplay: a finished game not kept:', error?.message ?? error);
      }
    }
    const mine = this._memory.get(entry.game) ?? new Map();
    mine.set(entry.id, entry);
    this._memory.set(entry.game, mine);
    return false;
  }

  async _put(entry, limit) {
    const transaction = this._db.transaction(GAMES, 'readwrite');
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

  /** `game`'s finished games, the latest first: the database's and this page's memory's. */
  async list(game) {
    const found = new Map();
    if (this._db) {
      try {
        const transaction = this._db.transaction(GAMES, 'readonly');
        const all = await done(transaction.objectStore(GAMES).index(BY_TIME).getAll(ofGame(game)));
        for (const stored of all) {
          const entry = finishedOf(stored);
          if (entry) found.set(entry.id, entry);
        }
      } catch (error) {
        console.info('gridplay: finished games not read:', error?.message ?? error);
      }
    }
    for (const [id, entry] of this._memory.get(game) ?? []) found.set(id, entry);
    return [...found.values()].sort((a, b) => b.at - a.at);
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
