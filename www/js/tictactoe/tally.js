// The record of a game for two (opponent.js): per opponent, whole counts of the first side's
// wins, the second's and draws (two players) or the player's wins, the computer's and draws,
// kept under gridplay.<game>.tally (as {x, o, draws}: tic-tac-toe's first), and games played,
// for the home page (gridplay.<game>.played). Each game is counted once, when it first ends,
// whatever undo does afterwards and in whichever tab (the shell says 'ended' once a game). The
// counts are read again before each is added to, so games finished in two tabs all count.

export class Tally {
  /** `onChange()` is called when another tab has counted a game. */
  constructor(storage, { name, sides, opponents }, onChange = () => {}) {
    this.storage = storage;
    this.sides = sides;
    this.opponents = opponents;
    this.keys = { tally: `gridplay.${name}.tally`, played: `gridplay.${name}.played` };
    this.unwatch = storage.watch((key) => {
      if (key === this.keys.tally || key === null) onChange();
    });
  }

  /** The counts kept now, by opponent; anything unreadable counts 0. */
  counts() {
    let stored = null;
    try {
      stored = JSON.parse(this.storage.get(this.keys.tally) ?? 'null');
    } catch {
      // Unreadable: every count starts at 0.
    }
    const count = (n) => (Number.isSafeInteger(n) && n > 0 ? n : 0);
    const counts = {};
    for (const opponent of this.opponents) {
      const kept = stored?.[opponent] ?? {};
      counts[opponent] = { x: count(kept.x), o: count(kept.o), draws: count(kept.draws) };
    }
    return counts;
  }

  /** Counts a finished game: `mine` is true for a win of the player's (the first side's
   * between two). */
  record(opponent, { winner, mine }) {
    const counts = this.counts();
    const t = counts[opponent];
    if (!winner) t.draws += 1;
    else if (mine) t.x += 1;
    else t.o += 1;
    this.storage.set(this.keys.tally, JSON.stringify(counts));
    this.storage.set(this.keys.played, String((Number(this.storage.get(this.keys.played)) || 0) + 1));
  }

  /**
   * The line under the board, in the words of `opponent`. Where it wraps (beside the board on a
   * phone on its side), it wraps between its counts, never inside one ("Draws" and its number).
   */
  text(opponent) {
    const t = this.counts()[opponent];
    const counts = opponent === 'two'
      ? [`${this.sides[0]} won ${t.x}`, `${this.sides[1]} won ${t.o}`, `Draws ${t.draws}`]
      : [`You won ${t.x}`, `Computer won ${t.o}`, `Draws ${t.draws}`];
    return counts.map((count) => count.replaceAll(' ', '\u00a0')).join(' · ');
  }
}
