// A value the page keeps as text (a game's save, the stats, a best): in the site's records
// (records.js, IndexedDB), with a copy in localStorage under the same key.
//
// One rule decides what is kept: the record's compare-and-commit, which orders every tab's
// writes. A write is made over the record's write it was read from, or not at all. The copy
// never decides anything: it is what a page reads at once as it starts (its first board needs
// no wait for IndexedDB), what other tabs hear of through the storage event, and what earlier
// versions of the page read. It may lag the record (another tab wrote since, or wrote its copy
// late), so whatever it says is checked against the record before anything is written over it;
// a copy that differs from its record is mended to the record's text, never the other way.
// There is nothing beside the copy to pair it with (no write count under a second key that a
// slow tab could leave naming another write's text).
//
// The one exception is the first open: with no record under the key yet, a copy already there
// was kept by a page that kept no records (a version from before them), and is taken in as the
// record's first write, so what was kept moves across once, losing nothing.
//
// Where IndexedDB is refused, the copy alone is kept (`plain`), as before records. While another
// tab keeps the records from opening (a deletion or an upgrade it does not let go of), the page
// plays on (`opening`): a reader gets the copy, and writes wait for the records.

import { isFull, siteRecords } from './records.js';

/** The key under which pages of the first records format named the record's write their copy
 * was of. No longer written: removed where met. */
const oldSeqKey = (key) => `${key}.seq`;

/** This page's writes on their way (commit or update), any value's: what `writesSettled` waits for. */
const inFlight = new Set();

/** Follows `promise`, a write on its way (or work that ends in writes: a game's end counted in
 * the stats), until it settles, for `writesSettled`; returns it. */
export function tracked(promise) {
  inFlight.add(promise);
  const gone = () => inFlight.delete(promise);
  promise.then(gone, gone);
  return promise;
}

/**
 * Resolves once every write this page has begun, to any value, is kept or given up (and its
 * copy written): a best or the stats written as a game ends are not a move's, so a wait for
 * the moves alone would not see them. Writes begun while waiting are waited for too.
 */
export async function writesSettled() {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

export class Mirrored {
  /**
   * @param {import('./storage.js').SafeStorage} storage  where the copy is
   * @param {string} key  the copy's key, and the record's
   * @param {Promise<import('./records.js').Records | null>} [records]  the site's records
   */
  constructor(storage, key, records = siteRecords()) {
    this.storage = storage;
    this.key = key;
    /** The records once open (null: refused, the copy alone is kept); undefined while opening. */
    this._records = undefined;
    /** Resolves once the records are open, or refused. */
    this.opened = Promise.resolve(records).then((opened) => {
      this._records = opened ?? null;
    }, () => {
      this._records = null;
    });
    /** True once the records failed this page: the copy alone is kept. */
    this._failed = false;
  }

  /** True while the records are not open yet (another tab blocks them): the page plays on. */
  get opening() {
    return (this._records === undefined || Boolean(this._records?.waiting)) && !this._failed;
  }

  /** Resolves once the records can be used (opened, or open again after a deletion), or refused. */
  async ready() {
    await this.opened;
    await this._records?.ready();
  }

  /** True where the copy alone is kept (IndexedDB refused, or failing). */
  get plain() {
    return this._failed || this._records === null;
  }

  /** True once a newer version of the page keeps the records: this tab writes no more. */
  get outdated() {
    return Boolean(this._records?.outdated);
  }

  /** Calls `fn()` once a newer version of the page keeps the records (at once if it does). */
  whenOutdated(fn) {
    this.opened.then(() => this._records?.whenOutdated(fn));
  }

  /** The copy: what the page reads at once (null for none). */
  get copy() {
    return this.storage.get(this.key);
  }

  /** Writes the copy (null: removes it). */
  setCopy(text) {
    if (text === null) this.storage.remove(this.key);
    else if (this.storage.get(this.key) !== text) this.storage.set(this.key, text);
  }

  /** The records, once open; null where the copy alone is kept. */
  async _open() {
    await this.opened;
    return this.plain ? null : this._records;
  }

  /**
   * The value kept now: {seq, text}, the record's `seq`th write (0: none) and its text (null for
   * none), the copy mended to it. On the first open, a copy with no record yet is taken in
   * (above). Null once a newer version of the page keeps the value. Where the copy alone is
   * kept: {seq: 0, text: the copy}.
   */
  async read() {
    for (;;) {
      const records = await this._open();
      if (!records) return { seq: 0, text: this.copy };
      if (records.outdated) return null;
      let record;
      try {
        record = await records.read(this.key);
      } catch (error) {
        if (records.outdated) return null;
        this._fail('read', error);
        return { seq: 0, text: this.copy };
      }
      if (records.outdated) return null;
      if (this.storage.get(oldSeqKey(this.key)) !== null) this.storage.remove(oldSeqKey(this.key));
      if (record) {
        const text = typeof record.value === 'string' ? record.value : null;
        this.setCopy(text);
        return { seq: record.seq, text };
      }
      const copy = this.copy;
      if (copy === null) return { seq: 0, text: null };
      // No record yet: the copy is what was kept before records, taken in once.
      const taken = await this.commit(0, copy);
      if (taken === null) return null;
      if (taken.ok) return { seq: taken.seq, text: copy };
      // Another tab took it in (or wrote) first: read again.
    }
  }

  /**
   * Keeps `text` over the record's `seq`th write (read before: read()), then copies it.
   * Resolves {ok: true, seq} once kept; {ok: false, record: {seq, text}} if another tab wrote
   * first (the record as it is now); null once a newer version of the page keeps the value.
   * Where the browser refuses the write (`refused`: the error; isFull tells a full disk), the
   * copy alone keeps it: {ok: true, seq, refused} with `seq` the record's, unchanged. Where
   * the copy alone is kept, {ok: true, seq: 0}.
   */
  commit(seq, text) {
    return tracked(this._commit(seq, text));
  }

  async _commit(seq, text) {
    const records = await this._open();
    if (!records) {
      this.setCopy(text);
      return { ok: true, seq: 0 };
    }
    if (records.outdated) return null;
    let written;
    try {
      written = await records.commit(this.key, seq, text);
    } catch (error) {
      if (records.outdated) return null;
      console.info('gridplay: the records refused a write:', error?.message ?? error);
      if (!isFull(error) && error?.name !== 'AbortError') this._fail('write', error);
      this.setCopy(text);
      return { ok: true, seq, refused: error };
    }
    if (records.outdated) return null;
    if (!written.ok) {
      const now = written.record;
      const kept = { seq: now?.seq ?? 0, text: typeof now?.value === 'string' ? now.value : null };
      this.setCopy(kept.text);
      return { ok: false, record: kept };
    }
    this.setCopy(text);
    return { ok: true, seq: written.seq };
  }

  /**
   * Changes the text kept: `change(text)` gives the new text (from the text kept now, null for
   * none), or undefined to leave it. Called again if another tab writes in between, so no
   * tab's change is lost. Resolves to the text kept after, or null (nothing written) once a
   * newer version of the page keeps the value.
   */
  update(change) {
    return tracked(this._update(change));
  }

  async _update(change) {
    for (;;) {
      const now = await this.read();
      if (!now) return null;
      const next = change(now.text);
      if (next === undefined || next === now.text) return now.text;
      const written = await this.commit(now.seq, next);
      if (written === null) return null;
      if (written.ok) return next;
    }
  }

  /** IndexedDB failing now (closed under the page, say): the copy alone, from here on. */
  _fail(what, error) {
    console.info(`gridplay: the records could not ${what}:`, error?.message ?? error);
    this._failed = true;
  }
}
