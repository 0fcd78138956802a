// Where a game is kept so that no tab can write over what another wrote unseen: IndexedDB, in
// which "write only over what I read" is one readwrite transaction (read the record, compare its
// sequence number, write), atomic across every tab of the site. localStorage has no such thing:
// a tab's copy of another's write lags, and two tabs each saving over the other lost moves.
//
// A record is {value, seq, format}: `value` what is kept (any structured-clonable value), `seq`
// counting its writes (1 for the first), `format` the version of the records' shape the writing
// code knows (FORMAT). Code never writes over a record of a newer format: a tab left open on an
// older version of the page is told instead, and offers to reload.
//
// The tabs of the site hear of a write through its copy in localStorage (store/mirrored.js), and
// a change that must lose nothing is applied again to the record as it stands (Mirrored.update).

/** The records' shape this code writes. Raised when a record's value changes shape. */
export const FORMAT = 1;

const DATABASE = 'gridplay';
const RECORDS = 'records';

/**
 * The site's records, or null where IndexedDB is refused or missing (Firefox's private windows
 * before version 115, some embedded views, a sandboxed frame): the page then keeps its games as
 * before, in localStorage alone (or, where that is refused too, in memory, said once).
 */
export async function openRecords({ indexedDB, name = DATABASE } = {}) {
  try {
    // (Merely reading window.indexedDB throws in some sandboxed frames.)
    const request = requestRecords(indexedDB ?? globalThis.indexedDB, name);
    const db = request && await request.opened;
    return db ? new Records(db) : null;
  } catch (error) {
    console.info('gridplay: IndexedDB refused, games kept in localStorage:', error?.message ?? error);
    return null;
  }
}

/**
 * Starts opening the site's records (null where there is no IndexedDB): its `opened` resolves
 * to the database once it is open, past any upgrade (a request reads as "done" as soon as its
 * upgrade begins, when the database cannot be used yet).
 */
function requestRecords(factory, name) {
  if (!factory) return null;
  const request = factory.open(name, FORMAT);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(RECORDS)) request.result.createObjectStore(RECORDS);
  };
  request.opened = new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    // Another tab holds the database open at an older version and does not let go.
    request.onblocked = () => reject(new Error('records: blocked by another tab'));
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

export class Records {
  constructor(db) {
    this._db = db;
    /** True once a newer version of the page has taken the database: nothing more is written. */
    this.outdated = false;
    // A newer version wants the database (to change its shape): this tab lets go, and stops.
    db.onversionchange = () => {
      db.close();
      this.outdated = true;
    };
  }

  /** The record under `key` ({value, seq, format}), or null for none. */
  async read(key) {
    const transaction = this._db.transaction(RECORDS, 'readonly');
    return recordOf(await done(transaction.objectStore(RECORDS).get(key)));
  }

  /**
   * Writes `value` under `key` if the record there is still the one read (`seq`; 0 for none),
   * in one transaction: of two tabs writing over the same record, exactly one wins. Resolves
   * {ok: true, seq} (the record's new number), or {ok: false, record} with the record as it
   * is now (another tab's; `record.format` above FORMAT: a newer version of the page's, and
   * this code stops writing: `outdated`). Rejects where the browser refuses the write (quota).
   */
  async commit(key, seq, value) {
    if (this.outdated) return { ok: false, record: await this.read(key) };
    const transaction = this._db.transaction(RECORDS, 'readwrite');
    const store = transaction.objectStore(RECORDS);
    const committed = completed(transaction);
    const record = recordOf(await done(store.get(key)));
    if ((record?.seq ?? 0) !== seq || (record && record.format > FORMAT)) {
      if (record && record.format > FORMAT) this.outdated = true;
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
    this._db.close();
  }
}
