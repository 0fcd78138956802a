// The stats kept per game (www/js/features/stats.js), without a page: what a finished game adds,
// the cap on results kept, the streak over days, best and average per board, the chart's words,
// a damaged record, which loses only what cannot be read; and two tabs counting at once, which
// lose and double nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SafeStorage } from '../../www/js/store/storage.js';
import {
  KEPT, STATS_KEY, UNREADABLE_KEY, cardText, chartText, loadStats, mergeRecorded, readStats, recordResult, summarize,
} from '../../www/js/features/stats.js';
import { random } from './random.mjs';

/** A SafeStorage over a plain map, as localStorage would be; `refuse` makes every write throw. */
function storage(entries = {}, { refuse = false } = {}) {
  const map = new Map(Object.entries(entries));
  const backend = {
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => {
      if (refuse) throw new Error('QuotaExceededError');
      map.set(key, String(value));
    },
    removeItem: (key) => map.delete(key),
  };
  return { store: new SafeStorage({ backend: () => backend }), map };
}

const threes = (value, day = '2026-11-25') => ({ outcome: '', figure: 'score', lower: false, kind: 'gridplay.threes.best', value, moves: 40, ms: null, day });
const mines = (outcome, ms, day = '2026-11-25', board = '9x9x10') => ({
  outcome, figure: 'time', lower: true, kind: `gridplay.mines.best.${board}`, value: outcome === 'won' ? ms : null, moves: 30, ms, day,
});

test('a finished game is counted: played, how it ended, its result kept, written under gridplay.stats', () => {
  const { store, map } = storage();
  recordResult(store, 'mines', mines('won', 42000));
  const { game } = recordResult(store, 'mines', mines('lost', 9000));
  assert.deepEqual([game.played, game.won, game.lost, game.drawn], [2, 1, 1, 0]);
  assert.deepEqual(game.results.map((r) => [r.outcome, r.value, r.ms]), [['won', 42000, 42000], ['lost', null, 9000]]);
  assert.deepEqual(JSON.parse(map.get(STATS_KEY)).mines.results.length, 2);
  assert.deepEqual(readStats(store).games.mines, game, 'read back as written');
  assert.equal(readStats(store).damaged, false);
});

test('what the shell says of an ending is kept as a result: what the game does not say is empty, a time in whole ms', () => {
  const { store } = storage();
  // Tic-tac-toe between two players: no outcome, no best; a time to the fraction of a ms.
  const { game } = recordResult(store, 'tictactoe', { outcome: undefined, figure: undefined, kind: undefined, value: undefined, moves: 5, ms: 1234.56, day: '2026-11-25' });
  assert.deepEqual(game.results, [{ day: '2026-11-25', outcome: '', kind: '', value: null, moves: 5, ms: 1235 }]);
  assert.deepEqual([game.figure, game.lower], ['', false]);
  assert.equal(readStats(store).damaged, false);
});

test('the results kept are capped at the last KEPT; the counts go on', () => {
  const { store, map } = storage();
  for (let i = 1; i <= KEPT + 25; i += 1) recordResult(store, 'threes', threes(i));
  const game = readStats(store).games.threes;
  assert.equal(game.played, KEPT + 25);
  assert.equal(game.results.length, KEPT);
  assert.equal(game.results[0].value, 26, 'the oldest went first');
  const summary = summarize(game, '2026-11-25');
  assert.equal(summary.played, KEPT + 25);
  assert.equal(summary.latest.average, Math.round((26 + KEPT + 25) / 2), 'the average is of the results kept');
  assert.ok(map.get(STATS_KEY).length < 10000, 'the record stays small');
});

test('the streak: days in a row with a finished game, up to today or (not played yet today) yesterday', () => {
  const { store } = storage();
  for (const day of ['2026-11-20', '2026-11-22', '2026-11-23', '2026-11-23', '2026-11-24']) recordResult(store, 'threes', threes(10, day));
  const game = readStats(store).games.threes;
  assert.deepEqual(game.run, { day: '2026-11-24', days: 3, longest: 3 });
  assert.equal(summarize(game, '2026-11-24').streak, 3);
  assert.equal(summarize(game, '2026-11-25').streak, 3, 'today not played yet: still on');
  assert.equal(summarize(game, '2026-11-26').streak, 0, 'a day missed ends it');
  // Across a month's end and a year's.
  const { store: other } = storage();
  for (const day of ['2026-12-30', '2026-12-31', '2027-01-01']) recordResult(other, 'threes', threes(10, day));
  assert.equal(summarize(readStats(other).games.threes, '2027-01-01').streak, 3);
  // Each game has its own.
  assert.equal(readStats(store).games.mines, undefined);
});

test('best and average per board, the best the shell keeps counted too; the latest board first', () => {
  const { store } = storage({ 'gridplay.mines.best.9x9x10': '15000' });
  recordResult(store, 'mines', mines('won', 30000));
  recordResult(store, 'mines', mines('won', 20000));
  recordResult(store, 'mines', mines('lost', 5000));
  recordResult(store, 'mines', mines('won', 100000, '2026-11-25', '16x16x40'));
  const kept = (key) => Number(store.get(key)) || null;
  const summary = summarize(readStats(store).games.mines, '2026-11-25', kept);
  assert.deepEqual(summary.kinds.map((k) => [k.kind, k.results.length, k.best, k.average]), [
    ['gridplay.mines.best.16x16x40', 1, 100000, 100000],
    ['gridplay.mines.best.9x9x10', 3, 15000, 25000],
  ]);
  assert.equal(summary.latest.kind, 'gridplay.mines.best.16x16x40');
  assert.deepEqual([summary.won, summary.lost, summary.decided], [3, 1, 4]);
  // Higher is better for a score.
  const { store: scores } = storage();
  for (const value of [300, 1200, 800]) recordResult(scores, 'threes', threes(value));
  assert.equal(summarize(readStats(scores).games.threes, '2026-11-25').latest.best, 1200);
});

test('the chart and the card in words', () => {
  const results = [threes(312), threes(4020), threes(1250)].map(({ day, outcome, kind, value, moves, ms }) => ({ day, outcome, kind, value, moves, ms }));
  assert.equal(chartText({ name: 'Threes', figure: 'score' }, results), 'Your last 3 games of Threes: scores from 312 to 4020; the latest 1250.');
  const board = [mines('won', 12000), mines('lost', 3000), mines('won', 100000)];
  assert.equal(chartText({ name: 'Minesweeper Beginner', figure: 'time' }, board),
    'Your last 3 games of Minesweeper Beginner: 2 won, 1 lost; times from 0:12 to 1:40; the latest 1:40.');
  const solves = [{ outcome: 'won', value: 48 }, { outcome: 'won', value: null }, { outcome: 'won', value: 130 }];
  assert.equal(chartText({ name: 'Fifteen 4×4', figure: 'moves', won: 'solved' }, solves),
    'Your last 3 games of Fifteen 4×4: all solved; from 48 to 130 moves (1 with no best recorded); the latest 130 moves.');
  const marks = ['won', 'drawn', 'lost', '', 'won'].map((outcome) => ({ outcome, value: null }));
  assert.equal(chartText({ name: 'Tic-tac-toe', figure: '' }, marks), 'Your last 5 games of Tic-tac-toe: 2 won, 1 lost, 1 drawn, 1 finished; the latest won.');
  assert.equal(chartText({ name: 'Tic-tac-toe', figure: '' }, [{ outcome: '', value: null }, { outcome: '', value: null }]),
    'Your last 2 games of Tic-tac-toe: all finished; the latest finished.', 'two players: no side is yours');
  assert.equal(chartText({ name: 'Threes', figure: 'score' }, [{ outcome: '', value: 90 }]), 'Your one Threes game: score 90.');
  assert.equal(cardText({ played: 0 }), 'None finished yet');
  assert.equal(cardText({ played: 12, won: 9, decided: 12, streak: 3 }), '12 played · 9 won · 3-day streak');
  assert.equal(cardText({ played: 4, won: 4, decided: 4, streak: 0 }, 'solved'), '4 solved');
  assert.equal(cardText({ played: 7, won: 0, decided: 0, streak: 1 }), '7 played · 1-day streak');
});

test('a damaged record loses only what cannot be read, is set aside once and mended', () => {
  for (const text of ['{not json', '[1,2]', '"threes"', 'null', '42']) {
    const { store, map } = storage({ [STATS_KEY]: text });
    assert.deepEqual(readStats(store).games, {}, text);
    assert.equal(readStats(store).damaged, true, text);
    const { game, damaged } = recordResult(store, 'threes', threes(100));
    assert.equal(damaged, true);
    assert.equal(game.played, 1);
    assert.equal(map.get(UNREADABLE_KEY), text, 'the unreadable text set aside');
    assert.equal(readStats(store).damaged, false, 'written back whole');
  }
  const good = { day: '2026-11-24', outcome: 'won', kind: 'gridplay.mines.best.9x9x10', value: 20000, moves: 12, ms: 20000 };
  const { store, map } = storage({
    [STATS_KEY]: JSON.stringify({
      mines: {
        played: 'many', won: -1, lost: 2, drawn: 0, figure: 'time', lower: true, run: { day: 'yesterday' },
        results: [good, 'garbage', { ...good, value: 'fast', day: 12 }, null, { ...good, outcome: 'exploded', ms: -5 }],
      },
      threes: [1, 2, 3],
      'Bad Route': {},
      tictactoe: { played: 3, won: 1, lost: 1, drawn: 1, figure: '', lower: false, run: { day: '2026-11-24', days: 2, longest: 4 }, results: [] },
    }),
  });
  const { games, damaged } = loadStats(store);
  assert.equal(damaged, true);
  assert.deepEqual(Object.keys(games).sort(), ['mines', 'tictactoe']);
  const kept = games.mines;
  assert.equal(kept.results.length, 3, 'the three results that are results');
  assert.deepEqual(kept.results[1], { ...good, value: null, day: '' }, 'a bad field empty, the rest kept');
  assert.deepEqual(kept.results[2], { ...good, outcome: '', ms: null });
  assert.deepEqual([kept.played, kept.won, kept.lost], [4, 2, 2], 'counts at least what the results show: 2 won among them, and 2 lost kept');
  assert.deepEqual(kept.run, { day: '2026-11-24', days: 1, longest: 1 }, 'the run as the results show it');
  assert.deepEqual(games.tictactoe.run, { day: '2026-11-24', days: 2, longest: 4 }, 'an undamaged game as it was');
  assert.ok(map.get(UNREADABLE_KEY).includes('garbage'));
  assert.equal(readStats(store).damaged, false, 'mended');
  assert.deepEqual(readStats(store).games, games);
});

test('a write the browser refuses is survived: the page keeps the stats in memory', () => {
  const { store, map } = storage({}, { refuse: true });
  let failed = 0;
  store.onFailure = () => {
    failed += 1;
  };
  const { kept } = recordResult(store, 'threes', threes(50));
  assert.equal(kept, false);
  assert.equal(failed, 1);
  assert.equal(map.has(STATS_KEY), false);
  assert.equal(recordResult(store, 'threes', threes(60)).game.played, 2, 'counted on in memory');
});

test('a game reported twice (two tabs, or the same end heard again) counts once: its attempt id is kept', () => {
  const { store } = storage();
  recordResult(store, 'tictactoe', { outcome: 'won', id: 'a1', day: '2026-11-25' });
  recordResult(store, 'tictactoe', { outcome: 'won', id: 'a2', day: '2026-11-25' });
  const { game } = recordResult(store, 'tictactoe', { outcome: 'won', id: 'a1', day: '2026-11-25' });
  assert.deepEqual([game.played, game.won], [2, 2]);
  assert.deepEqual(readStats(store).games.tictactoe.results.map((r) => r.id), ['a1', 'a2']);
  // Results kept before ids were read whole, not as damage.
  const old = storage({ [STATS_KEY]: JSON.stringify({ threes: { played: 1, won: 0, lost: 0, drawn: 0, figure: 'score', lower: false, run: { day: '2026-11-25', days: 1, longest: 1 }, results: [threes(90)] } }) });
  assert.equal(readStats(old.store).damaged, false);
  // And before standings were: every result the player's own, as it was counted.
  const before = readStats(old.store).games.threes;
  assert.deepEqual([before.played, before.apart, before.run.days], [1, { practice: 0, assisted: 0, two: 0 }, 1]);
  assert.equal(summarize(before, '2026-11-25').latest.best, 90);
});

test('only the player\'s own results make the counts, the run, the best and the average; the rest count apart, marked', () => {
  const { store } = storage();
  recordResult(store, 'threes', { ...threes(500, '2026-11-24'), id: 'own1' });
  recordResult(store, 'threes', { ...threes(30351, '2026-11-25'), id: 'p1', standing: 'practice' });
  recordResult(store, 'threes', { ...threes(270728, '2026-11-25'), id: 'h1', standing: 'assisted' });
  const { game } = recordResult(store, 'threes', { ...threes(800, '2026-11-25'), id: 'own2' });
  assert.deepEqual([game.played, game.apart], [2, { practice: 1, assisted: 1, two: 0 }]);
  assert.deepEqual(game.run, { day: '2026-11-25', days: 2, longest: 2 });
  const summary = summarize(game, '2026-11-25');
  assert.deepEqual([summary.latest.best, summary.latest.average, summary.latest.games, summary.latest.results.length], [800, 650, 2, 4]);
  assert.equal(readStats(store).damaged, false);
  assert.deepEqual(readStats(store).games.threes, game, 'read back as written');
  // A day with only practice or help is no day of the run.
  const { store: other } = storage();
  recordResult(other, 'mines', { ...mines('won', 349, '2026-11-25'), id: 'p', standing: 'practice' });
  const { game: helped } = recordResult(other, 'mines', { ...mines('won', 9000, '2026-11-26'), id: 'h', standing: 'assisted' });
  assert.deepEqual([helped.played, helped.won, helped.run], [0, 0, null]);
  assert.equal(summarize(helped, '2026-11-26').streak, 0);
  assert.equal(summarize(helped, '2026-11-26').latest.best, null, 'no best from them');
  // Two players on one device: counted, in no rate.
  const { store: board } = storage();
  const { game: two } = recordResult(board, 'tictactoe', { outcome: 'drawn', id: 't', standing: 'two', day: '2026-11-25' });
  assert.deepEqual([two.played, two.drawn, two.apart.two], [0, 0, 1]);
  // In words: the chart marks them, the card names them.
  assert.equal(chartText({ name: 'Threes', figure: 'score' }, game.results),
    'Your last 4 games of Threes: scores from 500 to 270728; marked: 1 practice, 1 with help; the latest 800.');
  assert.equal(cardText(summarize(game, '2026-11-25')), '2 played · 2-day streak · 1 practice · 1 with help');
  assert.equal(cardText(summarize(helped, '2026-11-26')), 'None of your own yet · 1 practice · 1 with help');
  assert.equal(cardText(summarize(two, '2026-11-25')), '1 played · 1 for two players');
  assert.deepEqual([summarize(two, '2026-11-25').played, summarize(two, '2026-11-25').own], [1, 0], 'played, in no rate');
});

test('an attempt ended again (an undo) is one result, with the figures of its last end', () => {
  const { store } = storage();
  recordResult(store, '2048', { outcome: '', figure: 'score', kind: 'gridplay.2048.best', value: 528, moves: 60, id: 'g', day: '2026-11-25' });
  const { game } = recordResult(store, '2048', { outcome: '', figure: 'score', kind: 'gridplay.2048.best', value: 720, moves: 75, id: 'g', day: '2026-11-25' });
  assert.deepEqual([game.played, game.results.length, game.results[0].value, game.results[0].moves], [1, 1, 720, 75]);
  // Lost, undone, then won: one game, won.
  const { store: mine } = storage();
  recordResult(mine, 'mines', { ...mines('lost', 5000), id: 'm' });
  const { game: won } = recordResult(mine, 'mines', { ...mines('won', 8000), id: 'm' });
  assert.deepEqual([won.played, won.won, won.lost], [1, 1, 0]);
  // Its standing as it is now: help taken after the first end moves it apart.
  const { game: helped } = recordResult(mine, 'mines', { ...mines('won', 9000), id: 'm', standing: 'assisted' });
  assert.deepEqual([helped.played, helped.won, helped.apart.assisted], [0, 0, 1]);
  // The same end heard twice writes nothing new.
  const before = JSON.stringify(readStats(mine).games);
  recordResult(mine, 'mines', { ...mines('won', 9000), id: 'm', standing: 'assisted' });
  assert.equal(JSON.stringify(readStats(mine).games), before);
});

/**
 * Two tabs over one localStorage, as a browser runs them: each reads and writes its own copy at
 * once; its writes reach the shared store later, in its own order but interleaved with the
 * other tab's anyhow; the shared store's new value then reaches the other tab as a storage
 * event, after which that tab runs mergeRecorded over what it counted. Steps are drawn from
 * `rand`; returns the shared record once every write and event has arrived, and the results
 * counted (distinct games, some reported by both tabs).
 */
function twoTabs(rand, games) {
  const shared = new Map();
  const tabs = [0, 1].map(() => ({ copy: new Map(), outbox: [], inbox: [], recorded: [] }));
  const storageOf = (tab) => new SafeStorage({
    backend: () => ({
      getItem: (key) => (tab.copy.has(key) ? tab.copy.get(key) : null),
      setItem: (key, value) => {
        tab.copy.set(key, String(value));
        tab.outbox.push([key, String(value)]);
      },
      removeItem: () => {},
    }),
  });
  for (const tab of tabs) tab.storage = storageOf(tab);
  const results = [];
  let next = 0;
  const steps = () => tabs.some((tab) => tab.outbox.length || tab.inbox.length) || next < games;
  while (steps()) {
    const tab = tabs[rand() < 0.5 ? 0 : 1];
    const other = tabs[tabs.indexOf(tab) ^ 1];
    const choice = rand();
    if (choice < 0.3 && next < games) {
      // A game ends in this tab; now and then the same game is reported by the other tab too.
      const result = { outcome: OUTCOMES_SEEN[Math.floor(rand() * 3)], id: `g${next}`, day: '2026-11-25', moves: 5 };
      next += 1;
      results.push(result);
      for (const reporter of rand() < 0.2 ? [tab, other] : [tab]) {
        recordResult(reporter.storage, 'tictactoe', result);
        reporter.recorded = [...reporter.recorded, { route: 'tictactoe', result }].slice(-10);
      }
    } else if (choice < 0.65 && tab.outbox.length) {
      // This tab's oldest write reaches the store, and the other tab hears of it.
      const [key, value] = tab.outbox.shift();
      shared.set(key, value);
      other.inbox.push([key, value]);
    } else if (tab.inbox.length) {
      const [key, value] = tab.inbox.shift();
      tab.copy.set(key, value);
      if (key === STATS_KEY) tab.recorded = mergeRecorded(tab.storage, tab.recorded);
    }
  }
  return { record: JSON.parse(shared.get(STATS_KEY) ?? '{}').tictactoe, results };
}
const OUTCOMES_SEEN = ['won', 'lost', 'drawn'];

test('property: however two tabs interleave, every game is counted exactly once in the stats kept', () => {
  for (let seed = 1; seed <= 300; seed += 1) {
    const rand = random(seed);
    const { record, results } = twoTabs(rand, 1 + Math.floor(rand() * 12));
    const ids = record.results.map((r) => r.id).sort();
    assert.deepEqual(ids, results.map((r) => r.id).sort(), `seed ${seed}: each game kept once`);
    assert.equal(record.played, results.length, `seed ${seed}: played`);
    for (const outcome of OUTCOMES_SEEN) {
      assert.equal(record[outcome], results.filter((r) => r.outcome === outcome).length, `seed ${seed}: ${outcome}`);
    }
  }
});

test('a board\'s name in words is kept with its result and given per board; a result without one, or with a bad one, reads as before', () => {
  const { store } = storage();
  recordResult(store, 'mines', { ...mines('won', 9000, '2026-11-25', '5x5x1'), board: 'Custom 5×5, 1 mine' });
  recordResult(store, 'mines', mines('won', 42000));
  const { game } = recordResult(store, 'mines', { ...mines('lost', 1000), board: 7 });
  assert.deepEqual(game.results.map((r) => r.board), ['Custom 5×5, 1 mine', undefined, undefined]);
  const { kinds } = summarize(game, '2026-11-25');
  assert.deepEqual(kinds.map((k) => [k.kind, k.board]).sort(), [
    ['gridplay.mines.best.5x5x1', 'Custom 5×5, 1 mine'], ['gridplay.mines.best.9x9x10', ''],
  ]);
});
