// Tic-tac-toe's record: per opponent, whole counts of X wins, O wins and draws (two players) or
// your wins, the computer's and draws, kept under gridplay.tictactoe.tally, and games played,
// for the home page (gridplay.tictactoe.played). Each game is counted once, when it first ends,
// whatever undo does afterwards and in whichever tab (the shell says 'ended' once a game). The
// counts are read again before each is added to, so games finished in two tabs all count.

const TALLY_KEY = 'gridplay.tictactoe.tally';
const PLAYED_KEY = 'gridplay.tictactoe.played';

export class Tally {
  /** `onChange()` is called when another tab has counted a game. */
  constructor(storage, opponents, onChange = () => {}) {
    this.storage = storage;
    this.opponents = opponents;
    this.unwatch = storage.watch((key) => {
      if (key === TALLY_KEY || key === null) onChange();
    });
  }

  /** The counts kept now, by opponent; anything unreadable counts 0. */
  counts() {
    let stored = null;
    try {
      stored = JSON.parse(this.storage.get(TALLY_KEY) ?? 'null');
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

  /** Counts a finished game: `mine` is true for a win of the player's (X's between two). */
  record(opponent, { winner, mine }) {
    const counts = this.counts();
    const t = counts[opponent];
    if (!winner) t.draws += 1;
    else if (mine) t.x += 1;
    else t.o += 1;
    this.storage.set(TALLY_KEY, JSON.stringify(counts));
    this.storage.set(PLAYED_KEY, String((Number(this.storage.get(PLAYED_KEY)) || 0) + 1));
  }

  /**
   * The line under the board, in the words of `opponent`. Where it wraps (beside the board on a
   * phone on its side), it wraps between its counts, never inside one ("Draws" and its number).
   */
  text(opponent) {
    const t = this.counts()[opponent];
    const counts = opponent === 'two'
      ? [`X won ${t.x}`, `O won ${t.o}`, `Draws ${t.draws}`]
      : [`You won ${t.x}`, `Computer won ${t.o}`, `Draws ${t.draws}`];
    return counts.map((count) => count.replaceAll(' ', '\u00a0')).join(' · ');
  }
}
