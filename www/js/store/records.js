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
// After each write the tabs of the site hear of it (a BroadcastChannel): `watch`.

/** The records' shape this code writes. Raised when a record's value changes shape. */
export const FORMAT = 1;

const DATABASE = 'gridplay';
const RECORDS = 'records';
const CHANNEL = 'gridplay.records';

/**
 * The site's records, or null where IndexedDB is refused or missing (Firefox's private windows
 * before version 115, some embedded views, a sandboxed frame): the page then keeps its games as
 * before, in localStorage or memory, and says so once.
 */
export async function openRecords({ indexedDB = globalThis.indexedDB, name = DATABASE } = {}) {
  if (!indexedDB) return null;
  try {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open(name, FORMAT);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(RECORDS)) request.result.createObjectStore(RECORDS);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      // Another tab holds the database open at an older version and does not let go.
      request.onblocked = () => reject(new Error('records: blocked by another tab'));
    });
    return new Records(db);
  } catch (error) {
    console.info('gridplay: IndexedDB refused, games kept in localStorage:', error?.message ?? error);
    return null;
  }
}

let site = null;

/** The site's records, opened once for the page (a promise; null where IndexedDB is refused). */
export function siteRecords() {
  site ??= openRecords();
  return site;
}

/** What a request resolves to, as a promise. */
const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
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
    /** Called once when it becomes outdated (onOutdated). */
    this._outdated = null;
    this._watchers = new Set();
    // A newer version wants the database (to change its shape): this tab lets go, and stops.
    db.onversionchange = () => {
      db.close();
      this._stop();
    };
    this._channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    if (this._channel) {
      this._channel.onmessage = ({ data }) => {
        if (typeof data?.key !== 'string' || !Number.isSafeInteger(data.seq)) return;
        for (const fn of [...this._watchers]) fn(data.key, data.seq);
      };
    }
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
    const committed = new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onabort = () => reject(transaction.error ?? new Error('records: write aborted'));
      transaction.onerror = () => reject(transaction.error);
    });
    const record = recordOf(await done(store.get(key)));
    if ((record?.seq ?? 0) !== seq || (record && record.format > FORMAT)) {
      if (record && record.format > FORMAT) this._stop();
      await committed;
      return { ok: false, record };
    }
    const next = seq + 1;
    store.put({ value, seq: next, format: FORMAT }, key);
    await committed;
    this._channel?.postMessage({ key, seq: next });
    return { ok: true, seq: next };
  }

  /**
   * Reads the value under `key` and writes `change(value)` over it (value null for none), only
   * over what it read: should another tab write between, `change` is asked again with theirs,
   * so nothing either wrote is lost. A `change` that answers undefined writes nothing. Resolves
   * the record as kept.
   */
  async update(key, change) {
    for (;;) {
      const record = await this.read(key);
      if (this.outdated || (record && record.format > FORMAT)) {
        this._stop();
        return record;
      }
      const value = change(record?.value ?? null);
      if (value === undefined) return record;
      const written = await this.commit(key, record?.seq ?? 0, value);
      if (written.ok) return { value, seq: written.seq, format: FORMAT };
      // Another tab wrote between the read and the write: its value is changed instead.
    }
  }

  /** Calls `fn(key, seq)` each time another tab writes a record; returns what stops it. */
  watch(fn) {
    this._watchers.add(fn);
    return () => this._watchers.delete(fn);
  }

  /** Calls `fn()` once when a newer version of the page takes over the records. */
  onOutdated(fn) {
    this._outdated = fn;
    if (this.outdated) fn();
  }

  _stop() {
    if (this.outdated) return;
    this.outdated = true;
    this._outdated?.();
  }

  /** Lets go of the database and the channel. */
  close() {
    this._channel?.close();
    this._db.close();
  }
}
