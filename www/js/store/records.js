// Where a kept value (a game's save, the stats, a best) is kept so that no tab can write over
// what another wrote unseen: IndexedDB, in which "write only over what I read" is one readwrite
// transaction (read the record, compare its sequence number, write), atomic across every tab of
// the site. localStorage has no such thing: a tab's copy of another's write lags, and two tabs
// each saving over the other lost moves. The record orders the writes; nothing else does.
//
// A record is {value, seq, format}: `value` what is kept (any structured-clonable value), `seq`
// counting its writes (1 for the first), `format` the version of the records' rules the writing
// code follows (FORMAT). Code never writes over a record of a newer format: a tab left open on
// an older version of the page is told instead, and offers to reload. The same holds of the
// database's own version (SCHEMA, its object stores): a newer version that opens the database
// at a higher one makes every older tab let go and stop writing (`outdated`), and an older page
// opened later (a tab restored, an old copy from the cache) is outdated from the start, never
// left writing to localStorage alone.
//
// The tabs of the site hear of a write through its copy in localStorage (store/mirrored.js).

/**
 * The records' rules this code writes by. 2: no copy is ever taken for newer than its record
 * (mirrored.js), so a tab of format 1, whose copies could be, stops writing once it meets a
 * record of this format.
 */
export const FORMAT = 2;

/** The database's version: its object stores. Raised only when they change. */
export const SCHEMA = 1;

const DATABASE = 'gridplay';
const RECORDS = 'records';

/**
 * The site's records: a Records, or null where IndexedDB is refused or missing (Firefox's
 * private windows before version 115, some embedded views, a sandboxed frame): the page then
 * keeps its values as before, in localStorage alone (or, where that is refused too, in memory,
 * said once). Where a newer version of the page has already raised the database's version, a
 * Records that is `outdated` from the start. The promise waits while another tab blocks the
 * opening (a deletion or an upgrade it does not let go of): the values' users play on meanwhile
 * (mirrored.js's `opening`).
 */
export async function openRecords({ indexedDB, name = DATABASE } = {}) {
  let request;
  try {
    // (Merely reading window.indexedDB throws in some sandboxed frames.)
    const factory = indexedDB ?? globalThis.indexedDB;
    request = requestRecords(factory, name);
    const db = request && await request.opened;
    return db ? new Records(db, { reopen: () => requestRecords(factory, name).opened }) : null;
  } catch (error) {
    if (error?.name === 'VersionError') {
      console.info('gridplay: a newer version of the page keeps the records');
      return Records.outdatedFromStart();
    }
    console.info('gridplay: IndexedDB refused, values kept in localStorage:', error?.message ?? error);
    return null;
  }
}

/**
 * Starts opening the site's records (null where there is no IndexedDB): its `opened` resolves
 * to the database once it is open, past any upgrade (a request reads as "done" as soon as its
 * upgrade begins, when the database cannot be used yet). A blocked request is left to wait:
 * it opens once the other tab lets go.
 */
function requestRecords(factory, name) {
  if (!factory) return null;
  const request = factory.open(name, SCHEMA);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(RECORDS)) request.result.createObjectStore(RECORDS);
  };
  request.opened = new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return request;
}

let site = null;

/** The site's records, opened once for the page (a promise; null where IndexedDB is refused). */
export function siteRecords() {
  site ??= openRecords();
  return site;
}

/** What a request resolves to, as a promise. */
export const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

/** A transaction's end, as a promise that rejects if it aborts (a refused write: quota). */
export const completed = (transaction) => new Promise((resolve, reject) => {
  transaction.oncomplete = resolve;
  transaction.onabort = () => reject(transaction.error ?? new Error('records: write aborted'));
  transaction.onerror = () => reject(transaction.error);
});

/** A record as kept, checked: null for none or for one that is not a record. */
function recordOf(stored) {
  if (!stored || typeof stored !== 'object' || !Number.isSafeInteger(stored.seq) || stored.seq < 1) return null;
  return { value: stored.value, seq: stored.seq, format: Number.isSafeInteger(stored.format) ? stored.format : 0 };
}

/** True iff `error` is the browser refusing a write for want of room (the device's storage full,
 * or the site's share of it used up). */
export const isFull = (error) => error?.name === 'QuotaExceededError' || /quota/i.test(String(error?.message ?? ''));

export class Records {
  /** @param {IDBDatabase | null} db  @param {{reopen?: () => Promise<IDBDatabase>}} [how] */
  constructor(db, { reopen = null } = {}) {
    /** True once a newer version of the page has taken the database: nothing more is written. */
    this.outdated = db === null;
    this._told = [];
    this._reopen = reopen;
    /** Resolves once the database is open again after a deletion (null: it is open). */
    this._reopening = null;
    /** True once another tab deleted the database, until it is asked for again. */
    this._deleted = false;
    this._use(db);
  }

  /** True while the database, deleted by another tab, is not open again yet (the deletion is
   * blocked by a tab that holds it): reads and writes wait. */
  get waiting() {
    return this._deleted || this._reopening !== null;
  }

  /** Resolves once the database can be used (at once unless `waiting`). */
  async ready() {
    await this._opened();
  }

  /** Resolves once the database is open (opened again first if another tab deleted it). */
  _opened() {
    if (this._deleted && !this._reopening) {
      this._deleted = false;
      this._reopening = this._reopen().then((opened) => {
        this._reopening = null;
        this._use(opened);
      }, (error) => {
        console.info('gridplay: the records could not be opened again:', error?.message ?? error);
        this._reopening = null;
        this._outdate();
      });
    }
    return this._reopening;
  }

  _use(db) {
    this._db = db;
    if (!db) return;
    db.onversionchange = (event) => {
      // Let go at once, whatever is asked, so that no other tab is blocked by this one.
      db.close();
      this._db = null;
      if (event?.newVersion === null && this._reopen) {
        // A deletion (storage cleared by another tab): opened again when next used, once it is
        // done, the records then empty; the page plays on meanwhile. Not asked here: WebKit
        // can hold the deletion for good behind an open asked before it is done.
        this._deleted = true;
      } else {
        // A newer version wants the database (to change its shape): this tab stops writing.
        this._outdate();
      }
    };
  }

  /** Records of a page older than the database it meets: outdated, reading and writing nothing. */
  static outdatedFromStart() {
    return new Records(null);
  }

  /** Calls `fn()` once this tab's records are outdated (at once if they are). */
  whenOutdated(fn) {
    if (this.outdated) fn();
    else this._told.push(fn);
  }

  _outdate() {
    if (this.outdated) return;
    this.outdated = true;
    for (const fn of this._told.splice(0)) fn();
  }

  /** The record under `key` ({value, seq, format}), or null for none. A record of a newer
   * format makes these records outdated. */
  async read(key) {
    await this._opened();
    if (!this._db) return null;
    const transaction = this._db.transaction(RECORDS, 'readonly');
    const record = recordOf(await done(transaction.objectStore(RECORDS).get(key)));
    if (record && record.format > FORMAT) this._outdate();
    return record;
  }

  /**
   * Writes `value` under `key` if the record there is still the one read (`seq`; 0 for none),
   * in one transaction: of two tabs writing over the same record, exactly one wins. Resolves
   * {ok: true, seq} (the record's new number), or {ok: false, record} with the record as it
   * is now (another tab's; `record.format` above FORMAT: a newer version of the page's, and
   * this code stops writing: `outdated`). Rejects where the browser refuses the write (quota:
   * isFull).
   */
  async commit(key, seq, value) {
    await this._opened();
    if (this.outdated || !this._db) return { ok: false, record: null };
    const transaction = this._db.transaction(RECORDS, 'readwrite');
    const store = transaction.objectStore(RECORDS);
    const committed = completed(transaction);
    const record = recordOf(await done(store.get(key)));
    if ((record?.seq ?? 0) !== seq || (record && record.format > FORMAT)) {
      if (record && record.format > FORMAT) this._outdate();
      await committed;
      return { ok: false, record };
    }
    const next = seq + 1;
    store.put({ value, seq: next, format: FORMAT }, key);
    await committed;
    return { ok: true, seq: next };
  }

  /** Lets go of the database. */
  close() {
    this._db?.close();
  }
}
