// Where a replayed game went wrong: the replay viewer's judge. Each move is judged by the
// game's own helper (the engine's judge(step): the AI's choice in Threes and 2048, the fewest
// moves in Fifteen, the certainly-safe squares in Minesweeper, perfect play in tic-tac-toe) in
// the helpers' worker, one move per question, so the page never waits on it. It starts at the
// step shown and goes on from there (then from the start), so what the player is looking at is
// judged first; a jump elsewhere moves the judging with it. Marked moves are drawn on the
// scrubber's track and can be stepped through.

import { Cancelled, HelperWorker } from '../helpers/helper.js';

/** How long the AI may think about each move (Threes, 2048): a quick look, not a hint's. */
const BUDGET_MS = 40;
/** The marks' track is drawn in this many places at most, however long the game. */
const TRACK_PLACES = 400;

export class Judging {
  /**
   * @param {string} game  the game, by its route (the helpers' worker finds its class)
   * @param {string} save    the whole game
   * @param {number} last    its steps
   * @param {(step: number) => void} onJudged  a move's judgement came
   */
  constructor(game, save, last, onJudged) {
    this.save = save;
    this.last = last;
    this.onJudged = onJudged;
    this.judgements = new Array(last).fill(null);
    this.judged = 0;
    this.marked = new Set();
    this.over = 0;
    /** Whether any judgement counted moves beyond the fewest (Fifteen 3×3 and 4×4). */
    this.counted = false;
    this.failed = '';
    this._next = 0;
    this._asking = false;
    this._worker = last > 0 ? new HelperWorker(game, 'the judge') : null;
    /** The track's places that have a mark. */
    this._places = new Set();
    this.track = document.createElement('div');
    this.track.className = 'replay-marks';
    this.track.setAttribute('aria-hidden', 'true');
  }

  /** Judge from `step` on (the step the viewer shows). */
  from(step) {
    if (step < this.last && !this.judgements[step]) this._next = step;
    this._ask();
  }

  /** The first move not yet judged from the next one wanted, going round once; -1 for none. */
  _wanted() {
    for (let i = 0; i < this.last; i += 1) {
      const step = (this._next + i) % this.last;
      if (!this.judgements[step]) return step;
    }
    return -1;
  }

  async _ask() {
    if (this._asking || !this._worker || this.failed) return;
    const step = this._wanted();
    if (step < 0) return;
    this._asking = true;
    try {
      const judgement = await this._worker.ask('judge', { save: this.save, step, budgetMs: BUDGET_MS });
      this._keep(step, judgement);
    } catch (error) {
      if (error instanceof Cancelled) return;
      this.failed = String(error?.message ?? error);
      this.onJudged(step);
      return;
    } finally {
      this._asking = false;
    }
    this._next = step + 1;
    this._ask();
  }

  _keep(step, { marked, note, over, move }) {
    this.judgements[step] = { marked, note, over, move };
    this.judged += 1;
    if (over !== undefined) {
      this.over += over;
      this.counted = true;
    }
    if (marked) {
      this.marked.add(step);
      this._draw(step);
    }
    this.onJudged(step);
  }

  /** A mark on the track at the place of `step` (one per place, however many moves share it). */
  _draw(step) {
    const place = Math.round((step / Math.max(1, this.last)) * TRACK_PLACES);
    if (this._places.has(place)) return;
    this._places.add(place);
    const mark = document.createElement('span');
    mark.className = 'replay-mark';
    mark.style.left = `${(place / TRACK_PLACES) * 100}%`;
    this.track.append(mark);
  }

  /** The marked move nearest `step` going `way` (+1 on, -1 back), or -1 for none. */
  nextMark(step, way) {
    let best = -1;
    for (const marked of this.marked) {
      if (way > 0 ? marked > step && (best < 0 || marked < best) : marked < step && marked > best) best = marked;
    }
    return best;
  }

  /** What is known of the move after `step`: its judgement, or null while it waits. */
  of(step) {
    return this.judgements[step] ?? null;
  }

  /** How far the judging has got, in a line. */
  summary() {
    if (this.failed) return `The judge stopped: ${this.failed}`;
    const marks = this.marked.size === 1 ? '1 move marked' : `${this.marked.size} moves marked`;
    // One line on a phone, so the controls below it never move: how far it has got while it
    // judges, the moves beyond the fewest once it is done.
    if (this.judged < this.last) return `${marks} (${this.judged} of ${this.last} judged so far).`;
    return `${marks}${this.counted ? `; ${this.over} moves beyond the fewest` : ''}.`;
  }

  /** Stops the judging for good (the viewer closed). */
  destroy() {
    this._worker?.destroy();
    this._worker = null;
  }
}
