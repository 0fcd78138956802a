// Tic-tac-toe's record: per opponent, whole counts of X wins, O wins and draws (two players) or
// your wins, the computer's and draws, kept under gridplay.tictactoe.tally; each game counted
// once, when it ends, whatever undo does afterwards (gridplay.tictactoe.tallied); and games
// played, for the home page (gridplay.tictactoe.played).

const TALLY_KEY = 'gridplay.tictactoe.tally';
const TALLIED_KEY = 'gridplay.tictactoe.tallied';
const PLAYED_KEY = 'gridplay.tictactoe.played';

export class Tally {
  constructor(storage, opponents) {
    this.storage = storage;
    let stored = null;
    try {
      stored = JSON.parse(storage.get(TALLY_KEY) ?? 'null');
    } catch {
      // Unreadable: every count starts at 0.
    }
    const count = (n) => (Number.isSafeInteger(n) && n > 0 ? n : 0);
    this.counts = {};
    for (const opponent of opponents) {
      const kept = stored?.[opponent] ?? {};
      this.counts[opponent] = { x: count(kept.x), o: count(kept.o), draws: count(kept.draws) };
    }
  }

  /** A new game is under way: it has not been counted. */
  newGame() {
    this.storage.set(TALLIED_KEY, 'no');
  }

  /** Counts a finished game once: `mine` is true for a win of the player's (X's between two). */
  record(opponent, { winner, mine }) {
    if (this.storage.get(TALLIED_KEY) === 'yes') return;
    const t = this.counts[opponent];
    if (!winner) t.draws += 1;
    else if (mine) t.x += 1;
    else t.o += 1;
    this.storage.set(TALLY_KEY, JSON.stringify(this.counts));
    this.storage.set(PLAYED_KEY, String((Number(this.storage.get(PLAYED_KEY)) || 0) + 1));
    this.storage.set(TALLIED_KEY, 'yes');
  }

  /**
   * The line under the board, in the words of `opponent`. Where it wraps (beside the board on a
   * phone on its side), it wraps between its counts, never inside one ("Draws" and its number).
   */
  text(opponent) {
    const t = this.counts[opponent];
    const counts = opponent === 'two'
      ? [`X won ${t.x}`, `O won ${t.o}`, `Draws ${t.draws}`]
      : [`You won ${t.x}`, `Computer won ${t.o}`, `Draws ${t.draws}`];
    return counts.map((count) => count.replaceAll(' ', '\u00a0')).join(' · ');
  }
}
