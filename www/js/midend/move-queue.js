// The order of play: moves (and undos) are applied strictly one at a time, in the order they
// came, each once the previous one has been drawn; nothing is applied twice. The mid end says
// what applying one is (its `steps`): this keeps only the order, and what waits (and how long a
// slide lasts with that many waiting).

/** The queue items that stand for an undo, and for following another tab's game: symbols, so
 * that no game's move can look like them. */
const UNDO = Symbol('undo');
const REDO = Symbol('redo');
const FOLLOW = Symbol('follow');

/**
 * Animation length of one move, by how many more moves are waiting behind it: 0 (drawn at
 * once) for a burst, since even short slides, one after another, would leave the board
 * seconds behind the player's last key. Here, beside what waits, so the mid end that times a
 * slide depends on no kit (the kits draw above the mid end).
 */
export function slideDuration(waiting, base = 120) {
  if (waiting === 0) return base;
  if (waiting <= 2) return Math.round(base * 0.6);
  return 0;
}

export class MoveQueue {
  /**
   * @param {object} steps  what the mid end does with each item: `accepts()` (false: an item
   *   queued now is dropped: no game, a new one on its way, a replay shown), `live()` (false
   *   once the game's route has closed: nothing more is applied), and `play(move, by)`,
   *   `undo()`, `redo()` and `follow()`, each resolving once it has been drawn
   */
  constructor(steps) {
    this.steps = steps;
    this.items = [];
    this.running = false;
    /** Resolves once every queued item has been applied and drawn. */
    this.idle = Promise.resolve();
  }

  /** True while an item is being applied or more are waiting. */
  get busy() {
    return this.running || this.items.length > 0;
  }

  /** How many items wait behind the one being applied (their slides are shortened). */
  get waiting() {
    return this.items.length;
  }

  /** True while an undo waits (a game that has just ended is not over yet). */
  get undoWaiting() {
    return this.items.includes(UNDO);
  }

  /** Queues `move`, played by `by` (the player, a helper, or tic-tac-toe's computer). */
  move(move, by) {
    this._push({ move, by });
  }

  undo() {
    this._push(UNDO);
  }

  redo() {
    this._push(REDO);
  }

  /** Another tab's game is followed once the move being drawn is done; what was queued was
   * meant for the board shown, and is dropped. */
  follow() {
    this.clear();
    this._push(FOLLOW);
  }

  /** Forgets everything waiting. */
  clear() {
    this.items.length = 0;
  }

  /** Forgets the player's input still waiting (moves, undos, redos: meant for a board no longer
   * shown, or typed before a page's dialog showed); a follow of another tab's game stays, as
   * in dropMoves: it may be what takes back a move of this tab's that lost to that game. */
  dropInput() {
    this._keepOnly((item) => item === FOLLOW);
  }

  /** Forgets the moves still waiting; a waiting undo stays (it may revive a finished game), and
   * so does a follow of another tab's game (the move that ended this one may be the move that
   * lost to it: not followed, it would stay drawn, neither kept nor taken back). */
  dropMoves() {
    this._keepOnly((item) => item === UNDO || item === FOLLOW);
  }

  /** Forgets every item waiting but those `kept(item)` keeps, in their order. */
  _keepOnly(kept) {
    this.items = this.items.filter(kept);
  }

  _push(item) {
    if (!this.steps.accepts()) return;
    this.items.push(item);
    if (!this.running) this.idle = this._pump();
  }

  async _pump() {
    this.running = true;
    try {
      while (this.items.length > 0 && this.steps.live()) {
        const item = this.items.shift();
        if (item === UNDO) await this.steps.undo();
        else if (item === REDO) await this.steps.redo();
        else if (item === FOLLOW) await this.steps.follow();
        else await this.steps.play(item.move, item.by);
      }
    } finally {
      this.running = false;
    }
  }
}
