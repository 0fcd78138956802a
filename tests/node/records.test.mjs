// The records store (www/js/store/records.js) on IndexedDB, as several tabs share it: fake-indexeddb
// stands in for the browser's, one factory a site, one Records a tab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDBFactory } from 'fake-indexeddb';
import { FORMAT, SCHEMA, openRecords } from '../../www/js/store/records.js';

/** `n` tabs of one site: each its own connection to the site's one database. */
async function tabs(n, { name = `site-${Math.random()}` } = {}) {
  const indexedDB = new IDBFactory();
  const opened = [];
  for (let i = 0; i < n; i += 1) opened.push(await openRecords({ indexedDB, name }));
  return { indexedDB, name, tabs: opened, close: () => opened.forEach((tab) => tab.close()) };
}

test('a record is written over only by a tab that read it as it is', async () => {
  const site = await tabs(1);
  const [tab] = site.tabs;
  assert.equal(await tab.read('gridplay.2048'), null);
  assert.deepEqual(await tab.commit('gridplay.2048', 0, { save: 'a' }), { ok: true, seq: 1 });
  assert.deepEqual(await tab.read('gridplay.2048'), { value: { save: 'a' }, seq: 1, format: FORMAT });
  assert.deepEqual(await tab.commit('gridplay.2048', 1, { save: 'b' }), { ok: true, seq: 2 });
  // Written over what it read (seq 1), which is no longer there: refused, and told what is.
  const stale = await tab.commit('gridplay.2048', 1, { save: 'c' });
  assert.deepEqual(stale, { ok: false, record: { value: { save: 'b' }, seq: 2, format: FORMAT } });
  assert.equal(await tab.commit('gridplay.2048', 0, { save: 'd' }).then((r) => r.ok), false, 'nor as if none were there');
  site.close();
});

test('of three tabs writing over the same record at once, exactly one wins, and the others learn whose', async () => {
  const site = await tabs(3);
  await site.tabs[0].commit('gridplay.fifteen', 0, 'start');
  for (let round = 1; round <= 20; round += 1) {
    const results = await Promise.all(site.tabs.map((tab, i) => tab.commit('gridplay.fifteen', round, `tab ${i}, move ${round}`)));
    const won = results.filter((r) => r.ok);
    assert.equal(won.length, 1, `round ${round}: one winner`);
    const winner = results.indexOf(won[0]);
    for (const lost of results.filter((r) => !r.ok)) assert.equal(lost.record.value, `tab ${winner}, move ${round}`);
  }
  assert.equal((await site.tabs[2].read('gridplay.fifteen')).seq, 21);
  site.close();
});

test('a record of a newer version of the page is never written over: the tab stops writing', async () => {
  const site = await tabs(1);
  const [tab] = site.tabs;
  // As a newer version would write it (straight into the database).
  await new Promise((resolve, reject) => {
    const request = site.indexedDB.open(site.name);
    request.onsuccess = () => {
      const transaction = request.result.transaction('records', 'readwrite');
      transaction.objectStore('records').put({ value: { save: 'newer', more: [1] }, seq: 7, format: FORMAT + 1 }, 'gridplay.2048');
      transaction.oncomplete = () => { request.result.close(); resolve(); };
      transaction.onerror = () => reject(transaction.error);
    };
  });
  const refused = await tab.commit('gridplay.2048', 7, { save: 'older' });
  assert.equal(refused.ok, false);
  assert.equal(refused.record.format, FORMAT + 1);
  assert.equal(tab.outdated, true);
  assert.deepEqual((await tab.read('gridplay.2048')).value, { save: 'newer', more: [1] }, 'unchanged');
  // Nothing else is written either, once outdated.
  assert.equal((await tab.commit('gridplay.other', 0, 'x')).ok, false);
  assert.equal(await tab.read('gridplay.other'), null);
  site.close();
});

test('a newer version opening the database: the older tab lets go at once and stops writing', async () => {
  const site = await tabs(1);
  const [old] = site.tabs;
  const newer = await new Promise((resolve, reject) => {
    const request = site.indexedDB.open(site.name, SCHEMA + 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('blocked: the older tab held on'));
  });
  assert.equal(old.outdated, true);
  let told = 0;
  old.whenOutdated(() => { told += 1; });
  assert.equal(told, 1, 'told at once, once outdated');
  // A page of this version opened now meets the newer database: outdated from the start, never
  // left writing to localStorage alone (no lasting VersionError); the newer one keeps its records.
  newer.close();
  const late = await openRecords({ indexedDB: site.indexedDB, name: site.name });
  assert.notEqual(late, null, 'records, not none');
  assert.equal(late.outdated, true);
  assert.equal((await late.commit('gridplay.2048.save', 0, 'x')).ok, false);
  site.close();
});

test('told as it happens: a tab hears at once that a newer version took the database', async () => {
  const site = await tabs(1);
  const [old] = site.tabs;
  let told = 0;
  old.whenOutdated(() => { told += 1; });
  const newer = await new Promise((resolve, reject) => {
    const request = site.indexedDB.open(site.name, SCHEMA + 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  assert.equal(told, 1);
  newer.close();
  site.close();
});

test('where IndexedDB is missing or refused, there are no records (the page keeps games as before)', async () => {
  assert.equal(await openRecords({ indexedDB: null }), null);
  const refusing = { open: () => { throw new DOMException('denied', 'SecurityError'); } };
  assert.equal(await openRecords({ indexedDB: refusing }), null);
  const failing = {
    open() {
      const request = {};
      setTimeout(() => { request.error = new DOMException('denied', 'InvalidStateError'); request.onerror?.(); });
      return request;
    },
  };
  assert.equal(await openRecords({ indexedDB: failing }), null);
});
