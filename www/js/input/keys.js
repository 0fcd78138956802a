// Game input: the rules every game's input mapping follows, and the inputs games share.
//
// Rules. Keys typed into a dialog or a text field belong there, never to the game
// (keysBelongTo); so do keys held with Ctrl, Alt or Meta (the browser's shortcuts), except
// undo and redo: U, or Ctrl+Z / ⌘Z (isUndoKey), and R, Ctrl+Y or Ctrl+Shift+Z / ⌘⇧Z
// (isRedoKey), the modified keys a game takes, since nothing else on the page would use them. The shell listens for undo in every game that has it; each game's
// input mapping turns the rest into the input shell.enqueue() takes (a direction, or an act on
// a square), which the engine makes its move. Enter and Space
// stay with buttons, so a game takes them only from its own board.
//
// DirectionInput, for the direction games (directions.js wires it): keys and swipes → "up",
// "down", "left" or "right". Keys: arrows, WASD and vi's HJKL (h left, j down, k up, l right),
// not while the key auto-repeats (holding a key must not empty the board). Swipes: Pointer
// Events on the board (touch, pen and mouse drag alike). The pointer is captured on
// pointerdown so a swipe that leaves the board still counts; on pointerup the dominant axis
// decides, if the distance passed the threshold. The board needs `touch-action: none` (CSS) so
// the browser does not scroll or zoom instead.
//
// The page's keys go through one router (onKey): a single keydown listener for the document,
// which hands each key to the layers in one stated order (KEY_LAYERS) until one takes it.
//
// Nothing here knows about a particular game.

/**
 * Who hears a key, in this order, each layer only if the ones before it left the key (did not
 * preventDefault). A key typed into an open dialog or a field is theirs: every layer leaves it
 * (notTheGames), but the game-over panel's undo keys, which do what its Undo button does.
 * - 'replay': the replay viewer, while open (its steps, its play and pause);
 * - 'helpers': Hint and Autoplay's keys, and any move or undo key stopping a helper that plays;
 * - 'undo': U and Ctrl+Z / ⌘Z, in a game with undo;
 * - 'game': the game's own input (directions, the cell cursor, its letters).
 */
export const KEY_LAYERS = ['replay', 'helpers', 'undo', 'game'];

/** Where the document keeps its router: on the document, not in this module, since a script
 * loaded later (the helpers', the replay viewer's) bundles a copy of this module of its own. */
const ROUTER = Symbol.for('gridplay.keys');

/**
 * Hands the keys pressed in `doc` to `handler(event)` in `layer` (KEY_LAYERS; in a layer, in the
 * order they were added); returns what stops it. The one keydown listener is the document's,
 * in the capture phase, so no element's own listener comes before the order above.
 */
export function onKey(doc, layer, handler) {
  const rank = KEY_LAYERS.indexOf(layer);
  if (rank < 0) throw new Error(`onKey: no key layer "${layer}"`);
  let handlers = doc[ROUTER];
  if (!handlers) {
    handlers = [];
    doc[ROUTER] = handlers;
    doc.addEventListener('keydown', (event) => {
      for (const entry of [...handlers]) {
        if (event.defaultPrevented) return;
        if (handlers.includes(entry)) entry.handler(event);
      }
    }, true);
  }
  const entry = { rank, handler };
  const at = handlers.findIndex((other) => other.rank > rank);
  handlers.splice(at < 0 ? handlers.length : at, 0, entry);
  return () => {
    const index = handlers.indexOf(entry);
    if (index >= 0) handlers.splice(index, 1);
  };
}

/** True when keys typed at `target` belong to it rather than to the game. */
export function keysBelongTo(target) {
  if (!(target instanceof Element)) return false;
  // A closed dialog's button can still hold the focus a moment after "See board": its keys
  // are the page's then, or the first key after it (an undo) would be lost.
  if (target.closest('dialog[open], [role="dialog"], [role="alertdialog"]')) return true;
  if (target.isContentEditable) return true;
  // A box of text that scrolls by keys (Ask the board's long answer) keeps its arrows, Home,
  // End and pages.
  return Boolean(target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [data-scrolls-by-keys]'));
}

/** Whether the page takes letter keys (WASD, HJKL, U, I, P, F): the Settings' "Letter keys",
 * written on <html> as data-letter-keys (app/settings.js). */
export function letterKeysOn() {
  return document.documentElement.dataset.letterKeys !== 'off';
}

/**
 * True when `event`'s key is not the game's: typed into a field or an open dialog
 * (keysBelongTo; but a character typed on a picker's radio button or a checkbox, which take
 * only the arrows and Space, is the game's), or a letter (a character alone, without Ctrl or
 * ⌘) while letter keys are off,
 * or typed on a control of the page's bar (Share, Stats, Settings, New game): a letter there is
 * meant for that control, not the game (WCAG 2.1.4: a shortcut of one character acts only where
 * it belongs, and can be turned off).
 */
export function notTheGames(event) {
  const target = event.target;
  const character = typeof event.key === 'string' && event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey;
  const choice = target instanceof HTMLInputElement && (target.type === 'radio' || target.type === 'checkbox') && !target.closest('dialog[open]');
  if (keysBelongTo(target) && !(character && choice)) return true;
  if (!character) return false;
  if (!letterKeysOn()) return true;
  return target instanceof Element && Boolean(target.closest('header')?.contains(target.closest('button, a[href], summary, select')));
}

/** True for the keys that undo: U, or Z with Ctrl or ⌘ (not with Shift: that is redo). */
export function isUndoKey(event) {
  const key = typeof event.key === 'string' && event.key.length === 1 ? event.key.toLowerCase() : '';
  if (event.altKey) return false;
  if (event.ctrlKey || event.metaKey) return key === 'z' && !event.shiftKey;
  return key === 'u';
}

/** True for the keys that redo (play again what undo took back): R, Ctrl+Y, or Z with Ctrl
 * and Shift (⌘⇧Z), as in Simon Tatham's puzzles and most editors. */
export function isRedoKey(event) {
  const key = typeof event.key === 'string' && event.key.length === 1 ? event.key.toLowerCase() : '';
  if (event.altKey) return false;
  if (event.ctrlKey || event.metaKey) return (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey);
  return key === 'r';
}

/** The helpers' keys, the same in every game that has the helper. P is the key of whichever
 * helper plays on, Autoplay or Fifteen's Solve (a key of its own would be S, which moves down). */
const HELPER_KEYS = { hint: 'i', autoplay: 'p' };

/** The helper a key press asks for ("hint", "autoplay"), or null: a plain letter, not typed into a field. */
export function helperKey(event) {
  if (event.defaultPrevented || event.isComposing || notTheGames(event)) return null;
  if (event.ctrlKey || event.altKey || event.metaKey || typeof event.key !== 'string' || event.key.length !== 1) return null;
  const key = event.key.toLowerCase();
  return Object.keys(HELPER_KEYS).find((helper) => HELPER_KEYS[helper] === key) ?? null;
}

const KEY_DIRECTIONS = new Map([
  ['ArrowUp', 'up'],
  ['ArrowDown', 'down'],
  ['ArrowLeft', 'left'],
  ['ArrowRight', 'right'],
  ['w', 'up'],
  ['a', 'left'],
  ['s', 'down'],
  ['d', 'right'],
  ['k', 'up'],
  ['j', 'down'],
  ['h', 'left'],
  ['l', 'right'],
]);

/** Swipes shorter than this many CSS pixels are taps, not moves. */
export const SWIPE_THRESHOLD = 24;

/** The direction a key stands for, or null. */
export function keyDirection(key) {
  if (typeof key !== 'string') return null;
  return KEY_DIRECTIONS.get(key.length === 1 ? key.toLowerCase() : key) ?? null;
}

/** The direction of a swipe by (dx, dy) CSS pixels, or null when it is too short. */
export function swipeDirection(dx, dy, threshold = SWIPE_THRESHOLD) {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (Math.max(ax, ay) < threshold) return null;
  if (ax > ay) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'down' : 'up';
}

export class DirectionInput {
  /**
   * @param {object} options
   * @param {Element} options.board the element that takes swipes
   * @param {(direction: string, source: 'key' | 'swipe') => void} options.onDirection
   * @param {(target: Element) => void} [options.onTap] a press that did not travel far enough
   *        to be a swipe: called with the element it began on (Fifteen taps a tile); so is
   *        Enter or Space on a focused button of the board (a click with no pointer)
   * @param {() => boolean} [options.isBlocked] true while input must be ignored (e.g. a modal is open)
   * @param {number} [options.threshold] swipe threshold in CSS pixels
   */
  constructor({
    board,
    onDirection,
    onTap = null,
    isBlocked = () => false,
    threshold = SWIPE_THRESHOLD,
  }) {
    this.board = board;
    this.onDirection = onDirection;
    this.onTap = onTap;
    this.isBlocked = isBlocked;
    this.threshold = threshold;
    this._swipe = null;

    this._onPointerDown = this._onPointerDown.bind(this);
    this._onPointerUp = this._onPointerUp.bind(this);
    this._onPointerCancel = this._onPointerCancel.bind(this);
    this._onDragStart = (event) => event.preventDefault();
    this._onClick = (event) => {
      if (event.detail === 0 && this.onTap && !this.isBlocked()) this.onTap(event.target);
    };

    this._offKeys = onKey(board.ownerDocument, 'game', (event) => this._onKeyDown(event));
    board.addEventListener('pointerdown', this._onPointerDown);
    board.addEventListener('pointerup', this._onPointerUp);
    board.addEventListener('pointercancel', this._onPointerCancel);
    board.addEventListener('lostpointercapture', this._onPointerCancel);
    board.addEventListener('dragstart', this._onDragStart);
    board.addEventListener('click', this._onClick);
  }

  destroy() {
    this._offKeys();

    this.board.removeEventListener('pointerdown', this._onPointerDown);
    this.board.removeEventListener('pointerup', this._onPointerUp);
    this.board.removeEventListener('pointercancel', this._onPointerCancel);
    this.board.removeEventListener('click', this._onClick);
    this.board.removeEventListener('lostpointercapture', this._onPointerCancel);
    this.board.removeEventListener('dragstart', this._onDragStart);
  }

  _emit(direction, source) {
    if (this.isBlocked()) return false;
    this.onDirection(direction, source);
    return true;
  }

  _onKeyDown(event) {
    if (event.defaultPrevented || event.isComposing) return;
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const direction = keyDirection(event.key);
    if (!direction) return;
    if (notTheGames(event)) return;
    if (this.isBlocked()) return;
    // The arrows would scroll the page; the letters have no default worth keeping here.
    event.preventDefault();
    if (event.repeat) return;
    this._emit(direction, 'key');
  }

  _onPointerDown(event) {
    if (!event.isPrimary) {
      // A second finger: a pinch or a two-finger gesture, never a move, however the first
      // finger travels.
      if (this._swipe) this._swipe.void = true;
      return;
    }
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // The pointer is captured below, so the target is read now: later events go to the board.
    this._swipe = { id: event.pointerId, x: event.clientX, y: event.clientY, target: event.target };
    try {
      this.board.setPointerCapture(event.pointerId);
    } catch {
      // Capture is a nicety (a swipe may end outside the board); without it swipes still work.
    }
  }

  _onPointerUp(event) {
    const swipe = this._swipe;
    if (!swipe || event.pointerId !== swipe.id) return;
    this._swipe = null;
    if (swipe.void) return;
    const direction = swipeDirection(event.clientX - swipe.x, event.clientY - swipe.y, this.threshold);
    if (direction) this._emit(direction, 'swipe');
    else if (this.onTap && !this.isBlocked()) this.onTap(swipe.target);
  }

  _onPointerCancel(event) {
    // lostpointercapture also fires right after a normal pointerup, when the swipe is already done.
    if (this._swipe && event.pointerId === this._swipe.id) this._swipe = null;
  }
}
