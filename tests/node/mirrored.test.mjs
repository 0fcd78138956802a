// A value kept in the site's records with a localStorage copy (www/js/store/mirrored.js), as the
// stats, the day's results and the bests are: tabs changing it at once lose no change, what was
// kept before records moves across once, and a newer version's record is never written over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDBFactory } from 'fake-indexeddb';
import { Mirrored } from '../../www/js/store/mirrored.js';
import { FORMAT, openRecords } from '../../www/js/store/records.js';
import { SafeStorage } from '../../www/js/store/storage.js';

/** A site: one localStorage map for every tab, one IndexedDB; `tab(key)` opens a tab's value. */
function site(entries = {}) {
  const map = new Map(Object.entries(entries));
  const backend = { getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, String(v)), removeItem: (k) => map.delete(k) };
  const indexedDB = new IDBFactory();
  const name = `site-${Math.random()}`;
  const opened = [];
  const tab = (key) => {
    const records = openRecords({ indexedDB, name });
    records.then((r) => r && opened.push(r));
    return new Mirrored(new SafeStorage({ backend: () => backend }), key, records);
  };
  return { map, tab, indexedDB, name, close: () => opened.forEach((r) => r.close()) };
}

/** A list kept as JSON text, with `item` added. */
const adding = (item) => (text) => JSON.stringify([...JSON.parse(text ?? '[]'), item]);

test('three tabs adding to one value at once: every addition is kept, and the copy is the record', async () => {
  const { map, tab, close } = site({ 'gridplay.stats': JSON.stringify(['kept before records']) });
  const tabs = [tab('gridplay.stats'), tab('gridplay.stats'), tab('gridplay.stats')];
  await Promise.all(tabs.flatMap((t, i) => [0, 1, 2, 3].map((n) => t.update(adding(`${i}.${n}`)))));
  const kept = JSON.parse(map.get('gridplay.stats'));
  assert.equal(kept.length, 13, 'nothing lost, nothing twice');
  assert.equal(kept[0], 'kept before records', 'what was kept before moved across');
  assert.equal(new Set(kept).size, 13);
  const read = await tab('gridplay.stats').read();
  assert.equal(read.text, map.get('gridplay.stats'));
  assert.equal(read.seq, 13, 'the first write took in the copy, then twelve changes');
  close();
});

test('a change that leaves the value as it is writes nothing', async () => {
  const { tab, close } = site();
  const a = tab('gridplay.2048.best');
  assert.equal(await a.update(() => '500'), '500');
  const { seq } = await a.read();
  assert.equal(await a.update((text) => (Number(text) >= 400 ? undefined : '400')), '500');
  assert.equal((await a.read()).seq, seq);
  close();
});

test('a copy kept before records is taken in once; a copy changed once the record is kept never replaces it, and is mended', async () => {
  const { map, tab, close } = site({ 'gridplay.stats': JSON.stringify(['kept before']) });
  const a = tab('gridplay.stats');
  await a.update(adding('one'));
  await a.update(adding('two'));
  assert.deepEqual(JSON.parse(map.get('gridplay.stats')), ['kept before', 'one', 'two']);
  // A slow tab's copy of an older write lands late; an older page, or a hand, writes the copy.
  for (const copy of [['kept before', 'one'], ['kept before', 'one', 'two', 'by hand']]) {
    map.set('gridplay.stats', JSON.stringify(copy));
    assert.deepEqual(JSON.parse(await tab('gridplay.stats').update(adding('more'))).slice(0, 3), ['kept before', 'one', 'two']);
    assert.equal(JSON.parse(map.get('gridplay.stats')).includes('by hand'), false, 'the record stands, the copy mended');
  }
  assert.deepEqual(JSON.parse((await tab('gridplay.stats').read()).text), ['kept before', 'one', 'two', 'more', 'more']);
  close();
});

test('a record of a newer format is never written over: the tab stops writing, and says so', async () => {
  const { map, tab, indexedDB, name, close } = site();
  const a = tab('gridplay.stats');
  await a.update(adding('one'));
  // A newer version of the page keeps the value in a shape this one does not know.
  const db = await new Promise((resolve) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
  });
  await new Promise((resolve) => {
    const transaction = db.transaction('records', 'readwrite');
    transaction.objectStore('records').put({ value: { games: 'more than before' }, seq: 9, format: FORMAT + 1 }, 'gridplay.stats');
    transaction.oncomplete = resolve;
  });
  db.close();
  const copy = map.get('gridplay.stats');
  assert.equal(await a.update(adding('two')), null);
  assert.equal(a.outdated, true);
  assert.equal(map.get('gridplay.stats'), copy, 'the copy untouched');
  close();
});

test('where IndexedDB is refused, the copy alone is changed, as before records', async () => {
  const map = new Map([['gridplay.stats', JSON.stringify(['kept'])]]);
  const backend = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, String(v)), removeItem: (k) => map.delete(k) };
  const stats = new Mirrored(new SafeStorage({ backend: () => backend }), 'gridplay.stats', openRecords({ indexedDB: null }));
  assert.deepEqual(JSON.parse(await stats.update(adding('one'))), ['kept', 'one']);
  assert.deepEqual(JSON.parse(map.get('gridplay.stats')), ['kept', 'one']);
  assert.equal(map.has('gridplay.stats.seq'), false, 'no record to name');
});
