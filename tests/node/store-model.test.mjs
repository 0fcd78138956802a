// A model test of the kept game's store (www/js/midend/kept-game.js over store/mirrored.js and
// store/records.js): several tabs of one browser play one game at once under random schedules,
// and no write the records kept is ever rolled back, and no move a tab drew is lost unsaid.
//
// The browser is modelled where it is loose: IndexedDB is fake-indexeddb (one database for every
// tab, as a profile has), and localStorage is one map per tab, as each of a browser's renderers
// caches it: a tab's write is at once in its own map, and reaches each other tab later, key by
// key, in the order that tab wrote them but interleaved at random with other tabs' writes (so a
// slow tab's copy can land after a newer one), each as a storage event. The schedule (which tab
// presses a key, which write arrives where, how far IndexedDB gets between) comes from a seeded
// random source: a failing schedule repeats with its seed.
//
// Each tab does what the mid end does (midend/shell.js, other-tabs.js): a key is a move drawn at
// once and kept after (write); a tab that is not `current` follows the game kept before it plays
// (the key is dropped); a storage event that concerns the game, or a write lost to another
// tab's (onLost), makes it follow. A tab that follows while it shows moves not kept takes them
// back and says so ("Not played"). A move is a token appended to the save, so a save is the list
// of its moves, and one save extends another iff it begins with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDBFactory } from 'fake-indexeddb';
import { KeptGame } from '../../www/js/midend/kept-game.js';
import { openRecords } from '../../www/js/store/records.js';
import { SafeStorage } from '../../www/js/store/storage.js';
import { random } from './random.mjs';

const PREFIX = 'gridplay.2048';
/** How many schedules (STORE_MODEL_SCHEDULES to try more, or fewer while working). */
const SCHEDULES = Number(process.env.STORE_MODEL_SCHEDULES ?? 1000);
const SAVE = `${PREFIX}.save`;

/** Lets fake-indexeddb's transactions (which run on the event loop) get on by `n` turns. */
async function turns(n) {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** The moves of a save, as tokens ('' for none). */
const movesOf = (text) => (text ? text.split('|').filter(Boolean) : []);
const extendsSave = (later, earlier) => earlier === null || earlier === '' || later === earlier || (later ?? '').startsWith(`${earlier}|`);

/**
 * A browser: its IndexedDB, and the localStorage writes on their way to each tab.
 * `legacy`: a save kept by a page from before records, in every tab's copy.
 */
function browser(rand, { legacy = null } = {}) {
  const indexedDB = new IDBFactory();
  const name = `model-${Math.random()}`;
  /** Writes on their way: {to, key, value}, in the order each writer made them. */
  const inFlight = [];
  const tabs = [];
  /** Every write the records kept, in order: [seq, text]. */
  const kept = [];
  const opened = [];

  function openTab() {
    const id = tabs.length;
    const map = new Map(legacy === null ? [] : [[SAVE, legacy]]);
    // A tab opened late starts from what has reached the browser's storage: the last value each
    // key was given by anyone (as the browser process has it).
    for (const tab of tabs) for (const [key, value] of tab.map) if (!map.has(key)) map.set(key, value);
    const backend = {
      getItem: (key) => (map.has(key) ? map.get(key) : null),
      setItem: (key, value) => {
        map.set(key, String(value));
        for (const other of tabs) if (other.id !== id) inFlight.push({ from: id, to: other.id, key, value: String(value) });
      },
      removeItem: (key) => {
        map.delete(key);
        for (const other of tabs) if (other.id !== id) inFlight.push({ from: id, to: other.id, key, value: null });
      },
    };
    const records = openRecords({ indexedDB, name }).then((r) => {
      if (!r) return r;
      opened.push(r);
      // Every write the records keep, in order (the commit's own transaction numbers it).
      const commit = r.commit.bind(r);
      r.commit = async (key, seq, value) => {
        const written = await commit(key, seq, value);
        if (written.ok && key === SAVE) kept.push([written.seq, value]);
        return written;
      };
      return r;
    });
    const keptGame = new KeptGame(new SafeStorage({ backend: () => backend }), PREFIX, records);
    const tab = {
      id, map, kept: keptGame, drawn: new Set(), takenBack: new Set(), said: [], chain: Promise.resolve(), moves: 0,
    };
    tabs.push(tab);
    // The mid end's part: a move, a follow, one at a time (its queue).
    tab.run = (step) => {
      tab.chain = tab.chain.then(step).catch((error) => {
        tab.error = error;
      });
    };
    tab.follow = async ({ force = false } = {}) => {
      if (!force && keptGame.current) return false;
      const recorded = await keptGame.recorded();
      if (recorded === null || (!recorded.newer && !force)) return false;
      if (recorded.none) {
        keptGame.claim(keptGame.shown);
        return false;
      }
      const takenBack = movesOf(keptGame.shown).filter((move) => !movesOf(recorded.text).includes(move));
      // What the page says as it shows the other tab's game.
      tab.said.push(keptGame.unkeptShown ? 'Not played' : 'Played on in another tab');
      if (keptGame.unkeptShown) for (const move of takenBack) tab.takenBack.add(move);
      else assert.deepEqual(takenBack.filter((move) => tab.drawn.has(move)), [], `tab ${id}: a move of its own dropped unsaid`);
      keptGame.adopt(recorded.text, recorded.seq);
      return true;
    };
    tab.press = () => tab.run(async () => {
      if (await tab.follow()) return;
      const move = `t${id}m${(tab.moves += 1)}`;
      tab.drawn.add(move);
      keptGame.write(keptGame.shown ? `${keptGame.shown}|${move}` : move);
    });
    keptGame.onLost = () => tab.run(() => tab.follow());
    // The page starts: the copy read at once, then checked against the record.
    keptGame.read();
    tab.started = keptGame.confirm().then((newer) => newer && tab.run(() => tab.follow()));
    return tab;
  }

  /** Delivers one write on its way (the first one from a random writer to a random tab). */
  function deliver() {
    if (inFlight.length === 0) return;
    const pick = inFlight[Math.floor(rand() * inFlight.length)];
    // Each writer's writes reach a tab in the order made.
    const index = inFlight.findIndex((w) => w.from === pick.from && w.to === pick.to);
    const [write] = inFlight.splice(index, 1);
    const tab = tabs[write.to];
    if (write.value === null) tab.map.delete(write.key);
    else tab.map.set(write.key, write.value);
    if (tab.kept.concerns(write.key) && !tab.kept.current) tab.run(() => tab.follow());
  }

  return { tabs, kept, inFlight, openTab, deliver, close: () => opened.forEach((r) => r.close()) };
}

/** One schedule: `tabCount` tabs, `steps` random actions, then everything delivered and settled. */
async function schedule(seed, tabCount, steps) {
  const rand = random(seed);
  const legacy = rand() < 0.3 ? 'old1|old2' : null;
  const site = browser(rand, { legacy });
  site.openTab();
  for (let step = 0; step < steps; step += 1) {
    const roll = rand();
    if (site.tabs.length < tabCount && roll < 0.08) site.openTab();
    else if (roll < 0.55) site.tabs[Math.floor(rand() * site.tabs.length)].press();
    else if (roll < 0.85) site.deliver();
    await turns(Math.floor(rand() * 4));
  }
  // Quiet: every write delivered, every tab's steps and keeping done, until nothing moves.
  for (let round = 0; round < 50; round += 1) {
    while (site.inFlight.length > 0) site.deliver();
    await Promise.all(site.tabs.map((tab) => tab.chain));
    await Promise.all(site.tabs.map((tab) => tab.kept.settled()));
    await turns(3);
    if (site.inFlight.length === 0) break;
  }
  return site;
}

/** Checks a settled schedule: the records' writes, and each tab's moves. */
function check(site, label) {
  for (const tab of site.tabs) assert.equal(tab.error, undefined, `${label}: tab ${tab.id} failed: ${tab.error?.stack}`);
  const { kept } = site;
  for (let i = 1; i < kept.length; i += 1) {
    const [seq, text] = kept[i];
    const [before, earlier] = kept[i - 1];
    assert.equal(seq, before + 1, `${label}: the records' writes are numbered in turn`);
    assert.ok(extendsSave(text, earlier), `${label}: write ${seq} rolls back write ${before}:\n  ${earlier}\n  ${text}`);
  }
  const final = kept.at(-1)?.[1] ?? null;
  const finalMoves = new Set(movesOf(final));
  for (const tab of site.tabs) {
    for (const move of tab.drawn) {
      assert.ok(finalMoves.has(move) || tab.takenBack.has(move), `${label}: tab ${tab.id}'s move ${move} lost, unsaid`);
    }
    // A move said taken back is not kept either (it was not played).
    for (const move of tab.takenBack) assert.ok(!finalMoves.has(move), `${label}: tab ${tab.id}'s move ${move} said not played, yet kept`);
  }
  return final;
}

test('random schedules of 3 to 5 tabs playing one game: no kept write rolled back, no move lost unsaid', async () => {
  let schedules = 0;
  let takenBack = 0;
  let keptWrites = 0;
  let legacyKept = 0;
  for (let seed = 1; schedules < SCHEDULES; seed += 1) {
    const tabCount = 3 + (seed % 3);
    const site = await schedule(seed, tabCount, 60);
    const final = check(site, `seed ${seed} (${tabCount} tabs)`);
    schedules += 1;
    keptWrites += site.kept.length;
    takenBack += site.tabs.reduce((n, tab) => n + tab.takenBack.size, 0);
    if (final?.startsWith('old1|old2')) legacyKept += 1;
    site.close();
  }
  // The schedules raced: tabs lost writes to one another, and said so. (Were they not, this
  // test would be checking nothing.)
  assert.ok(takenBack > SCHEDULES / 10, `moves taken back and said: ${takenBack}`);
  assert.ok(keptWrites > SCHEDULES * 5, `writes kept: ${keptWrites}`);
  assert.ok(legacyKept > SCHEDULES / 10, `a copy kept before records taken in: ${legacyKept}`);
});

test('a copy kept before records is taken in once, and a copy that lags the record never replaces it', async () => {
  const rand = random(7);
  const site = browser(rand, { legacy: 'old1|old2' });
  const a = site.openTab();
  await a.started;
  await a.chain;
  assert.deepEqual(site.kept.map(([, text]) => text), ['old1|old2'], 'taken in as the first write');
  a.press();
  a.press();
  await a.chain;
  await a.kept.settled();
  const [, now] = site.kept.at(-1);
  assert.equal(movesOf(now).length, 4);
  // A slow tab's copy of the first write lands after the newer one (the copy lags the record).
  a.map.set(SAVE, 'old1|old2');
  const b = site.openTab();
  b.map.set(SAVE, 'old1|old2');
  b.kept.read();
  await b.kept.confirm().then((newer) => newer && b.run(() => b.follow()));
  await b.chain;
  assert.equal(b.kept.shown, now, 'the tab that read the lagging copy shows the record\'s game');
  b.press();
  await b.chain;
  await b.kept.settled();
  assert.ok(extendsSave(site.kept.at(-1)[1], now), 'its move extends the record, rolling nothing back');
  site.close();
});
