// A game's bests, as the shell keeps them (Bests). Which figures a game is ranked by, each
// one's name in storage per kind of deal, whether lower is better and the game's own figure
// are its engine's (`bests(ms)`, the game contract, docs/api.md; the terminal keeps the same):
// the score, kept as it grows, under gridplay.<name>.best; the fewest moves of a win (and with
// a clock its time) under gridplay.<name>.best.<kind> (and best-time.<kind>); the quickest
// win's time under gridplay.<name>.best.<kind>; nothing for tic-tac-toe. A best is a whole
// number above 0; only the player's own play keeps one (Bests.keep).

import { Mirrored } from '../store/mirrored.js';
import { siteRecords } from '../store/records.js';
import { formatTime } from './clock.js';
import { movesText } from '../ui/ui.js';

/** The values kept under each best's storage key (`bests`: [{name, key}]), by name: whole
 * numbers above 0, or null for none yet. */
export function readBests(bests, storage) {
  const kept = {};
  for (const { name, key } of bests) {
    const text = storage.get(key);
    const n = Number(text);
    kept[name] = text !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
  }
  return kept;
}

/**
 * The bests of the game in play: its figures (its engine's bests(ms)), and the values kept for its keys
 * by figure name, each a whole number above 0 or null for none yet. The shell holds one and
 * asks it; it owns the values.
 */
export class Bests {
  /**
   * @param {object} options  `rules` (the engine's class), `name` (the game's storage name),
   *   `storage`, `ms()` (the clock's time, for a best time) and `isOwn(game)` (whether the
   *   game is the player's own play with a move made: standing.js; a starting board is
   *   nobody's result); `records`, the site's records (a promise: null for storage alone)
   */
  constructor({ rules, name, storage, ms, isOwn, records = siteRecords() }) {
    /** What a result is ranked by: {name: "score" | "moves" | "time" | "", lower}. */
    this.figure = rules.figure();
    this.name = name;
    this.storage = storage;
    /** The site's records (store/records.js), where a best is kept with storage's copy. */
    this.records = records;
    this.ms = ms;
    this.isOwn = isOwn;
    this.kept = {};
    this.before = {};
    /** The bests the game in play has beaten, by figure name: the best it beat. A best kept
     * where none was (a first game) beats nothing. */
    this.beaten = new Map();
    /** What the game in play has kept as a best itself, by figure name. */
    this.mine = {};
  }

  /** `game`'s bests as its engine names them, each `key` the full storage key. */
  of(game) {
    return game.bests(this.ms()).map((best) => ({ ...best, key: `gridplay.${this.name}.${best.key}` }));
  }

  /** The best of the figure a result is ranked by, the one a view draws; null for none yet. */
  get first() {
    return this.kept[this.figure.name] ?? null;
  }

  /** Reads the bests kept under `game`'s keys (a new game's may differ from the last one's):
   * a game begun or restored, which has beaten none yet (a restored one said so before). */
  read(game) {
    this.kept = readBests(this.of(game), this.storage);
    /** The bests as they stood before this game: what it may beat (its own first score kept is
     * no new best). */
    this.before = { ...this.kept };
    this.beaten = new Map();
    this.mine = {};
  }

  /** Keeps each of `game`'s figures that beats its best (and is something: above 0), if the
   * game is the player's own play. The best is read again first: another tab may have kept a
   * better one since, which a worse one must not replace. Returns the bests this game has
   * beaten for the first time, each with the best it beat (`was`): once per best, not again
   * on each move past it (a score). */
  keep(game) {
    let own = null;
    const news = [];
    for (const best of this.of(game)) {
      if (!(best.value > 0)) continue;
      const kept = readBests([best], this.storage)[best.name];
      this.kept[best.name] = kept;
      if (kept !== null && (best.lower ? best.value >= kept : best.value <= kept)) continue;
      own ??= this.isOwn(game);
      if (!own) continue;
      this.kept[best.name] = best.value;
      this.mine[best.name] = best.value;
      this._better(best, best.value);
      const was = this.before[best.name] ?? null;
      if (was !== null && !this.beaten.has(best.name)) {
        this.beaten.set(best.name, was);
        news.push({ ...best, was });
      }
    }
    return news;
  }

  /**
   * `game` is no longer the player's own play (it took help): the whole game makes no best, so
   * what it kept as one goes back to what stood before it began, where no other game has kept
   * another since (the value kept is still this game's). The best shown follows. True iff
   * the game had kept one.
   */
  withdraw(game) {
    let withdrawn = false;
    for (const best of this.of(game)) {
      const mine = this.mine[best.name];
      if (mine === undefined) continue;
      const before = this.before[best.name] ?? null;
      withdrawn = true;
      delete this.mine[best.name];
      this.beaten.delete(best.name);
      if (this.kept[best.name] === mine) this.kept[best.name] = before;
      // (0 reads as no best: readBests.)
      new Mirrored(this.storage, best.key, this.records).update((text) => (text === String(mine) ? String(before ?? 0) : undefined));
    }
    return withdrawn;
  }

  /** What the bests `game` has beaten (of `names`, else all) say ("New best score: 1234 (was
   * 980)."); '' for none. */
  beatenWords(game, names = [...this.beaten.keys()]) {
    return this.of(game).filter((best) => this.beaten.has(best.name) && names.includes(best.name))
      .map((best) => newBestWords(best, this.kept[best.name] ?? best.value, this.beaten.get(best.name))).join(' ');
  }

  /** Keeps `value` as `best` where it beats the best kept, in one write no other tab's can
   * undo (store/mirrored.js): of two tabs keeping a best at once, the better stands. */
  _better(best, value) {
    const beats = (text) => {
      const [kept] = Object.values(readBests([best], { get: () => text }));
      return kept === null || (best.lower ? value < kept : value > kept);
    };
    new Mirrored(this.storage, best.key, this.records).update((text) => (beats(text) ? String(value) : undefined));
  }

  /** Whether storage key `key` holds one of `game`'s bests. */
  concerns(key, game) {
    return this.of(game).some((best) => best.key === key);
  }

  /**
   * Another tab kept `value` under `key`, one of `game`'s bests: true when the best shown
   * changed (read again). One worse than this tab's own (two tabs kept a best at the same
   * moment, and the other's write came last) is put right instead: false. What this game may
   * beat stays what stood before it began: the other tab may be playing this same game, and
   * its score is no best for this one to beat again ("New best", once a game).
   */
  heard(key, value, game) {
    const best = this.of(game).find((b) => b.key === key);
    const own = this.kept[best.name];
    const theirs = Number(value);
    if (own && value !== null && Number.isSafeInteger(theirs) && (best.lower ? theirs > own : theirs < own)) {
      this._better(best, own);
      return false;
    }
    this.kept = readBests(this.of(game), this.storage);
    return true;
  }
}

/** A figure as the page shows it: a time as the clock does, moves counted, a score bare. */
const figureText = (name, n) => (name === 'time' ? formatTime(n) : name === 'moves' ? movesText(n) : String(n));

/** What a new best says: "New best score: 1234 (was 980).", "New best time: 1:23 (was 2:01)." */
function newBestWords({ name }, value, was) {
  const best = name === 'score' || name === 'time' ? `New best ${name}` : 'New best';
  return `${best}: ${figureText(name, value)} (was ${figureText(name, was)}).`;
}

/** What a game that has just ended says of itself (what the shell's watchers hear with 'ended', for the
 * stats): its `outcome`, its figure (the first of its `bests`' name, `lower`, the key that
 * names its board as `kind`, and its value: none when that best does not count it), its
 * board in a player's words (`board`: the engine's kind().label, "Custom 5×5, 1 mine"), moves,
 * time (`ms`), and whose play it was (`standing`, standing.js). */
export function endedResult(game, { bests, outcome, ms, standing }) {
  const [best] = bests;
  return {
    outcome, figure: best?.name, lower: best?.lower, kind: best?.key, board: game.kind().label,
    value: best?.value, moves: game.moveCount(), ms, standing,
  };
}
