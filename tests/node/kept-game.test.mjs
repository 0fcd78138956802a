// The kept game (www/js/midend/kept-game.js) as tabs share it: a save is kept only over the
// save the tab showed, in the site's records (fake-indexeddb standing in for the browser's), with
// storage's copy (localStorage, one map for every tab, as a browser has) following the record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDBFactory } from 'fake-indexeddb';
import { KeptGame } from '../../www/js/midend/kept-game.js';
import { openRecords } from '../../www/js/store/records.js';
import { SafeStorage } from '../../www/js/store/storage.js';

/** A site: its localStorage (shared by its tabs) and its records; `tab()` opens one more tab's kept 2048 game. */
function site(entries = {}, { records = true } = {}) {
  const map = new Map(Object.entries(entries));
  const backend = { getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, String(v)), removeItem: (k) => map.delete(k) };
  const indexedDB = new IDBFactory();
  const name = `site-${Math.random()}`;
  const opened = [];
  const tab = () => {
    const recordsOfTab = records ? openRecords({ indexedDB, name }) : Promise.resolve(null);
    recordsOfTab.then((r) => r && opened.push(r));
    return new KeptGame(new SafeStorage({ backend: () => backend }), 'gridplay.2048', recordsOfTab);
  };
  return { map, tab, close: () => opened.forEach((r) => r.close()) };
}

test('two tabs keeping a move over the same game at once: exactly one is kept, and the other tab follows it', async () => {
  const { map, tab, close } = site();
  const [a, b] = [tab(), tab()];
  assert.equal(a.read(), null);
  assert.equal(await a.write('start'), true);
  assert.equal(b.read(), 'start');
  for (let round = 0; round < 10; round += 1) {
    const shown = a.read();
    assert.equal(b.read(), shown, 'both tabs show the kept game');
    const [keptA, keptB] = await Promise.all([a.write(`a${round}`), b.write(`b${round}`)]);
    assert.equal(Number(keptA) + Number(keptB), 1, `round ${round}: one kept`);
    const [winner, loser] = keptA ? [a, b] : [b, a];
    assert.equal(map.get('gridplay.2048.save'), winner.text, 'storage\'s copy is the kept game');
    assert.equal(winner.current, true);
    assert.equal(loser.current, false, 'the other tab must follow before it writes again');
    assert.equal(loser.lost, true, 'and it knows its move was not kept');
    assert.equal(await loser.write('anything'), false, 'nothing more is written until it has followed');
  }
  // A tab that writes over a game it did not read is refused, whatever storage's copy says.
  const stale = tab();
  stale.adopt('a game long gone');
  assert.equal(await stale.write('over it'), false);
  assert.equal(stale.lost, true);
  assert.notEqual(map.get('gridplay.2048.save'), 'over it');
  close();
});

test('two tabs making the same move on the same game write the same save: a tab that knows which write its game came from loses to the other\'s and follows it; one that does not yet takes the record for its own, and keeps it again', async () => {
  const { map, tab, close } = site();
  const [a, b, c] = [tab(), tab(), tab()];
  a.read();
  assert.equal(await a.write('start'), true);
  // b has checked its copy against the record; c has only read the copy (a tab just opened).
  b.read();
  assert.equal(await b.confirm(), false);
  c.read();
  assert.equal(await a.write('same'), true);
  assert.equal(await b.write('same'), false, 'over a write it knows, b\'s save is not kept');
  assert.equal(b.lost, true, 'and b follows the game kept, taking its move back');
  assert.equal(await c.write('same'), true, 'c finds its own save in the record, and keeps it over it');
  assert.equal(c.lost, false);
  assert.equal(map.get('gridplay.2048.save'), 'same', 'the game kept is the one every tab drew');
  close();
});

test('moves one after another in one tab, each kept over the last, while another tab only watches', async () => {
  const { map, tab, close } = site();
  const [a, b] = [tab(), tab()];
  a.read();
  b.read();
  const kept = await Promise.all(['m1', 'm2', 'm3', 'm4'].map((save) => a.write(save)));
  assert.deepEqual(kept, [true, true, true, true]);
  assert.equal(map.get('gridplay.2048.save'), 'm4');
  assert.equal(b.current, false);
  assert.equal(b.read(), 'm4');
  assert.equal(await b.write('m5'), true);
  close();
});

test('a game kept before records is taken over by the first write, and only by one over it', async () => {
  const { map, tab, close } = site({ 'gridplay.2048.save': 'kept before' });
  const [a, b] = [tab(), tab()];
  assert.equal(a.read(), 'kept before');
  assert.equal(b.read(), 'kept before');
  const [keptA, keptB] = await Promise.all([a.write('a move'), b.write('b move')]);
  assert.equal(Number(keptA) + Number(keptB), 1);
  const next = tab();
  next.read();
  assert.equal(await next.confirm(), false, 'storage\'s copy is the record');
  // Storage's copy lagging the record (another tab's write arrived out of order): confirm() mends it.
  map.set('gridplay.2048.save', 'kept before');
  const late = tab();
  late.read();
  assert.equal(await late.confirm(), true);
  assert.equal(late.read(), keptA ? 'a move' : 'b move');
  close();
});

test('once a record is kept, a save written into storage\'s copy (a slow tab, an older page, by hand) never replaces it', async () => {
  const { map, tab, close } = site({ 'gridplay.2048.save.seq': '7' });
  const a = tab();
  a.read();
  assert.equal(await a.write('one'), true);
  assert.equal(await a.write('two'), true);
  assert.equal(map.has('gridplay.2048.save.seq'), false, 'no write count beside the copy to pair with another write\'s text');
  // The copy changes under the record.
  map.set('gridplay.2048.save', 'one');
  const b = tab();
  assert.equal(b.read(), 'one', 'the copy is read for the first board');
  assert.equal(await b.confirm(), true, 'then the record is followed');
  assert.equal((await b.recorded()).text, 'two');
  assert.equal(map.get('gridplay.2048.save'), 'two', 'the copy mended');
  assert.equal(await a.confirm(), false, 'the tab that kept it goes on');
  assert.equal(await a.write('three'), true);
  // A tab still on 'one' writes over nothing it read.
  const stale = tab();
  stale.adopt('one');
  assert.equal(await stale.write('stale'), false);
  assert.equal(map.get('gridplay.2048.save'), 'three');
  close();
});

test('where storage cannot be read, the record stands over the page\'s memory', async () => {
  const map = new Map();
  const backend = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, String(v)), removeItem: (k) => map.delete(k) };
  const indexedDB = new IDBFactory();
  const records = openRecords({ indexedDB, name: 'unreadable' });
  const a = new KeptGame(new SafeStorage({ backend: () => backend }), 'gridplay.2048', records);
  a.read();
  assert.equal(await a.write('kept'), true);
  const refusing = { getItem() { throw new Error('SecurityError'); }, setItem() { throw new Error('SecurityError'); }, removeItem() {} };
  const b = new KeptGame(new SafeStorage({ backend: () => refusing }), 'gridplay.2048', records);
  assert.equal(b.read(), null);
  assert.equal(await b.confirm(), true, 'the kept game is followed, not replaced by nothing');
  assert.equal(b.read(), 'kept');
  (await records).close();
});

test('where IndexedDB is refused, storage alone keeps the game', async () => {
  const { map, tab } = site({}, { records: false });
  const a = tab();
  a.read();
  assert.equal(await a.write('one'), true);
  assert.equal(map.get('gridplay.2048.save'), 'one');
  assert.equal(await a.confirm(), false);
});

test('while another tab holds the records up (a deletion it blocks), a tab plays on: its saves are in the copy at once, said not kept if it lasts, and kept once the records open', async () => {
  const map = new Map();
  const backend = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, String(v)), removeItem: (k) => map.delete(k) };
  const indexedDB = new IDBFactory();
  let open;
  const records = new Promise((resolve) => { open = resolve; });
  const a = new KeptGame(new SafeStorage({ backend: () => backend }), 'gridplay.2048', records);
  const said = [];
  a.onUnkept = (why) => said.push(why);
  a.read();
  const writes = [a.write('one'), a.write('two')];
  assert.equal(map.get('gridplay.2048.save'), 'two', 'the copy keeps what it can at once');
  assert.equal((await a.recorded()).text, 'two', 'a check never waits on the records either');
  await new Promise((resolve) => setTimeout(resolve, 2100));
  assert.deepEqual(said, ['blocked'], 'said once it lasts');
  open(await openRecords({ indexedDB, name: 'blocked' }));
  assert.deepEqual(await Promise.all(writes), [true, true]);
  assert.deepEqual(said, ['blocked', null], 'and said again once they are kept');
  const b = new KeptGame(new SafeStorage({ backend: () => backend }), 'gridplay.2048', openRecords({ indexedDB, name: 'blocked' }));
  b.read();
  assert.equal((await b.recorded()).text, 'two', 'the record');
  (await records).close();
});

test('a write the browser refuses for want of room: the copy keeps it, the player is told the storage is full, once, and nothing kept is lost', async () => {
  const { map, tab, close } = site();
  const a = tab();
  a.read();
  assert.equal(await a.write('one'), true);
  const said = [];
  a.onUnkept = (why) => said.push(why);
  const records = await a.saved.opened.then(() => a.saved._records);
  const commit = records.commit.bind(records);
  records.commit = async () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
  assert.equal(await a.write('two'), true, 'play goes on');
  assert.equal(await a.write('three'), true);
  assert.deepEqual(said, ['full'], 'said once');
  assert.equal(map.get('gridplay.2048.save'), 'three', 'the copy has it');
  const b = tab();
  b.read();
  await b.saved.opened;
  assert.equal((await b.recorded()).text, 'one', 'what was kept is still kept');
  records.commit = commit;
  assert.equal(await a.write('four'), true);
  assert.deepEqual(said, ['full', null], 'kept again, and said');
  assert.equal((await b.recorded()).text, 'four');
  close();
});

test('the records deleted by another tab while a third holds them: the tab lets go, plays on meanwhile, and keeps its game again once the deletion is done', async () => {
  const map = new Map();
  const backend = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, String(v)), removeItem: (k) => map.delete(k) };
  const indexedDB = new IDBFactory();
  const a = new KeptGame(new SafeStorage({ backend: () => backend }), 'gridplay.2048', openRecords({ indexedDB, name: 'cleared' }));
  a.read();
  assert.equal(await a.write('one'), true);
  // A page that holds the database and never lets go (no versionchange handler).
  const holder = await new Promise((resolve) => {
    const request = indexedDB.open('cleared');
    request.onsuccess = () => resolve(request.result);
  });
  let deleted = false;
  const deletion = indexedDB.deleteDatabase('cleared');
  deletion.onsuccess = () => { deleted = true; };
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(deleted, false, 'the deletion waits for the holder');
  assert.equal(a.saved.opening, true, 'the tab let go, and waits to open them again');
  const two = a.write('two');
  assert.equal(map.get('gridplay.2048.save'), 'two', 'the copy keeps the move meanwhile');
  holder.close();
  assert.equal(await two, true, 'kept once the deletion is done');
  assert.equal(deleted, true);
  const b = new KeptGame(new SafeStorage({ backend: () => backend }), 'gridplay.2048', openRecords({ indexedDB, name: 'cleared' }));
  b.read();
  await b.saved.ready();
  assert.deepEqual(await b.recorded().then((r) => [r.text, r.seq]), ['two', 1], 'kept from the first write again');
  await a.saved.ready();
  a.saved._records.close();
});
