// A value the page keeps as text under one localStorage key (a game's save, the stats, a best),
// written atomically across tabs through the site's records (records.js), with localStorage
// holding a copy.
//
// The record is what is kept: of two tabs writing over the same record at once exactly one wins
// (records.js's commit), and the other reads again. The copy under the same key is what a page
// reads at once as it starts (its first board needs no wait for IndexedDB), what other tabs
// hear of through the storage event, and what earlier versions of the page read. Beside it,
// `<key>.seq` names the record's write it is a copy of. So the copy and the record are told
// apart as they should be (`settle`):
// - a copy that names an older write than the record's lags (another tab wrote since), and so
//   does a missing copy that names none (a tab that has not yet seen another tab's first
//   write): the record's text is copied over it;
// - a copy that differs from the very write it names, or a copy naming none, was written by a page
//   that does not keep records (a version from before them) or by hand (storage cleared, a
//   save put there): it is newer, and becomes the record's next write;
// - with no record yet, the copy is what is kept (what the page kept before records): the first
//   write makes a record of it, so what was kept moves across once, losing nothing.
// Where IndexedDB is refused, the copy alone is kept, as before records.

import { FORMAT, siteRecords } from './records.js';

export class Mirrored {
  /**
   * @param {import('./storage.js').SafeStorage} storage  where the copy is
   * @param {string} key  the copy's key, and the record's
   * @param {Promise<import('./records.js').Records | null>} [records]  the site's records
   */
  constructor(storage, key, records = siteRecords()) {
    this.storage = storage;
    this.key = key;
    this.seqKey = `${key}.seq`;
    this.records = records;
    /** True once a newer version of the page keeps this value: this tab writes it no more. */
    this.outdated = false;
    /** True once the records failed this page: the copy alone is kept. */
    this.plain = false;
    /** The record's write this page last made or read while the copy agreed: {seq, text}, or null. */
    this._known = null;
  }

  /** The site's records, or null where the copy alone is kept. */
  async _records() {
    const records = await this.records;
    return this.plain ? null : records;
  }

  /** The copy: what the page reads at once (null for none). */
  get copy() {
    return this.storage.get(this.key);
  }

  /**
   * The text kept now, with the record's write to commit over: {seq, text}, the copy and the
   * record made to agree first (above). Null once a newer version of the page keeps the value;
   * {seq: 0, text: the copy} where IndexedDB is refused. With `trust`, this page's last write
   * is taken for the record while the copy is still it (for a commit, which checks).
   */
  async settle({ trust = false } = {}) {
    const records = await this._records();
    if (!records) return { seq: 0, text: this.copy };
    // The write this page last made or read, while the copy is still it: no need to read the
    // record, since the commit compares the write count anyway (and, failing, `known` is dropped).
    const known = this._known;
    if (trust && known && this.copy === known.text && (this.storage.get(this.seqKey) ?? '0') === String(known.seq)) return known;
    for (;;) {
      let record;
      try {
        record = await records.read(this.key);
      } catch (error) {
        // IndexedDB failing now (closed under the page, say): the copy alone, from here on.
        console.info('gridplay: the records could not be read:', error?.message ?? error);
        this.plain = true;
        return { seq: 0, text: this.copy };
      }
      if (records.outdated || record?.format > FORMAT) {
        this.outdated = true;
        return null;
      }
      const copy = this.copy;
      if (!record) return this._agreed(0, copy);
      const kept = typeof record.value === 'string' ? record.value : null;
      if (copy === kept) return this._agreed(record.seq, kept);
      const named = Number.parseInt(this.storage.get(this.seqKey) ?? '', 10);
      const lags = Number.isNaN(named) ? copy === null : named < record.seq;
      // Where storage cannot be read, the copy is this page's memory alone: the record stands.
      if (lags || !this.storage.readable) {
        this._copy(kept, record.seq);
        return this._agreed(record.seq, kept);
      }
      const written = await this.commit(record.seq, copy, copy);
      if (written.ok) return { seq: written.seq, text: copy };
    }
  }

  /**
   * Keeps `text` over the record's `seq`th write, `over` its text (settle's), then copies it:
   * {ok: true, seq} once kept; {ok: false} if another tab wrote first (settle again). Where
   * IndexedDB is refused, or refuses this write (full, say), the copy alone keeps it. A copy
   * written by hand meanwhile (no longer `over`) is left as it is, and named as this write: it
   * is the newer value, which the next settle takes.
   */
  async commit(seq, text, over) {
    const records = await this._records();
    let written = { ok: true, seq };
    if (records) {
      try {
        written = await records.commit(this.key, seq, text);
      } catch (error) {
        console.info('gridplay: the records refused a write:', error?.message ?? error);
      }
    }
    if (!written.ok) {
      this._known = null;
      return { ok: false };
    }
    this._known = records && !this.plain ? { seq: written.seq, text } : null;
    if (this.copy === over) this._copy(text, written.seq);
    else if (written.seq > 0) this.storage.set(this.seqKey, String(written.seq));
    return { ok: true, seq: written.seq };
  }

  /**
   * Changes the text kept: `change(text)` gives the new text (from the text kept now, null for
   * none), or undefined to leave it. Called again if another tab writes in between, so no
   * tab's change is lost. Resolves to the text kept after, or null (nothing written) once a
   * newer version of the page keeps the value.
   */
  async update(change) {
    for (;;) {
      const settled = await this.settle({ trust: true });
      if (!settled) return null;
      const next = change(settled.text);
      if (next === undefined || next === settled.text) return settled.text;
      if ((await this.commit(settled.seq, next, settled.text)).ok) return next;
    }
  }

  /** The copy and the record agree on `text`, the record's `seq`th write (0: no record yet):
   * known, so that this page's next commit need not read the record first. */
  _agreed(seq, text) {
    this._known = { seq, text };
    return this._known;
  }

  /** The copy, and the record's write it is a copy of: the text first, so that a tab reading
   * between the two sees a copy that names an older write (and so lags). */
  _copy(text, seq) {
    if (text === null) this.storage.remove(this.key);
    else this.storage.set(this.key, text);
    if (seq > 0) this.storage.set(this.seqKey, String(seq));
  }
}
