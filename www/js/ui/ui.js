// The small pieces of page furniture every route shares: notices (#notices), the polite live
// region (#announcer) and the confirm dialog (#confirm-dialog). Nothing here knows about a game.

/**
 * How long an informational notice stays up on its own: long enough to read at a glance,
 * longer for longer text (a few seconds for a line, up to 12 s).
 */
export function readingTime(text) {
  return Math.min(12000, Math.max(4000, 2000 + 60 * text.length));
}

/**
 * Shows a short notice in `container` (the page's #notices) with a Dismiss button; a notice of
 * the same `kind` is shown only once (the existing one is returned, its time started afresh,
 * the newest again), and one of that kind that says something else gives way to it: a notice
 * never says what is no longer so ("Replay link copied" once the deal's link is). The newest is
 * last: on a phone it alone shows (style.css).
 * An informational notice goes away by itself after `timeout` ms, though not while the pointer
 * is on it or focus is in it (the player is reading it, or about to press its button); one that
 * asks for something (an action, or `extra` such as a field to copy from) stays until
 * dismissed, as does any with timeout 0.
 * @param {object} [options]
 * @param {{label: string, onClick: () => void}} [options.action] a button before Dismiss
 * @param {Element} [options.extra] shown under the text (e.g. a field to copy from)
 * @param {number} [options.timeout] ms before it goes (default: readingTime(text), or 0 with
 *        an action or extra)
 */
export function showNotice(container, text, kind = 'info', { action = null, extra = null, timeout } = {}) {
  if (!container) return null;
  const existing = container.querySelector(`.notice[data-notice="${CSS.escape(kind)}"]`);
  if (existing?.querySelector('.notice-text').textContent === text) {
    timers.get(existing)?.restart();
    // The newest again: where one notice shows at a time (a phone), it is the one.
    if (existing !== container.lastElementChild) container.append(existing);
    return existing;
  }
  const notice = document.createElement('div');
  notice.className = 'notice';
  notice.dataset.notice = kind;
  const body = document.createElement('div');
  body.className = 'notice-body';
  const message = document.createElement('p');
  message.className = 'notice-text';
  message.textContent = text;
  body.append(message);
  if (extra) body.append(extra);
  notice.append(body);
  if (action) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button notice-action';
    button.textContent = action.label;
    button.addEventListener('click', action.onClick);
    notice.append(button);
  }
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.className = 'notice-dismiss';
  dismiss.setAttribute('aria-label', 'Dismiss notice');
  dismiss.textContent = '×';
  dismiss.addEventListener('click', () => notice.remove());
  notice.append(dismiss);
  // The newest, last: where one notice shows at a time (a phone), it is the one shown.
  existing?.remove();
  container.append(notice);
  const lasts = timeout ?? (action || extra ? 0 : readingTime(text));
  if (lasts > 0) timers.set(notice, goesAfter(notice, lasts));
  return notice;
}

/** Each self-dismissing notice's timer, so that showing the same notice again restarts it. */
const timers = new WeakMap();

/**
 * Removes `notice` after `ms`, counting only while neither the pointer is on it nor focus is
 * in it; once let go, it still has what was left of its time (at least 2 s to look again).
 */
function goesAfter(notice, ms) {
  let timer = 0;
  let left = ms;
  let since = 0;
  let pointed = false;
  let focused = false;
  const stop = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = 0;
    left = Math.max(2000, left - (performance.now() - since));
  };
  const go = () => {
    if (timer || pointed || focused || !notice.isConnected) return;
    since = performance.now();
    timer = setTimeout(() => notice.remove(), left);
  };
  notice.addEventListener('pointerenter', () => { pointed = true; stop(); });
  notice.addEventListener('pointerleave', () => { pointed = false; go(); });
  notice.addEventListener('focusin', () => { focused = true; stop(); });
  notice.addEventListener('focusout', (event) => {
    if (notice.contains(event.relatedTarget)) return;
    focused = false;
    go();
  });
  go();
  return {
    restart() {
      stop();
      left = ms;
      go();
    },
  };
}

/**
 * Removes the notices in `container` except those of the kinds in `keep`: what a page said
 * (a link copied, a bad link) does not belong on the next one.
 */
export function clearNotices(container, keep = []) {
  for (const notice of container?.querySelectorAll('.notice') ?? []) {
    if (!keep.includes(notice.dataset.notice)) notice.remove();
  }
}

/** Says `text` through the polite live region; the same words twice are still announced. */
export function announce(announcer, text) {
  if (!announcer) return;
  // A trailing no-break space makes a repeat a change, so screen readers say it again.
  announcer.textContent = announcer.textContent === text ? `${text}\u00a0` : text;
}

/** What a pick on the picker of the day's deal says: the deal is played as dealt. */
export const ONE_DEAL = 'Today’s deal is the same for everyone, played as dealt: another board or size is your own game’s.';

/** The choice that starts the deal in play again from its start. */
export const RESTART = 'Restart this deal';

/** What the confirm dialog says unless told otherwise: the New game question. */
export const NEW_GAME_QUESTION = {
  title: 'Start a new game?',
  text: 'Your current game will be lost.',
  ok: 'New game',
  cancel: 'Keep playing',
};

/** What the confirm dialog asks before a shared deal replaces a game in progress. */
export const SHARED_DEAL_QUESTION = {
  title: 'Open the shared deal?',
  text: 'The shared deal replaces your current game, which will be lost.',
  ok: 'Open deal',
  cancel: 'Keep my game',
};

/** What the confirm dialog asks before a replay of the deal in play, not yet finished, is
 * watched: a go at a deal seen played out is practice (midend/standing.js). */
export const WATCH_REPLAY_QUESTION = {
  title: 'Watch the replay?',
  text: 'It plays out the deal you are playing. Once you have seen it, your game of it counts as practice, not as your own.',
  ok: 'Watch',
  cancel: 'Keep playing',
};

/**
 * Opens the confirm dialog (#confirm-dialog: #confirm-title, #confirm-text, #confirm-ok,
 * #confirm-cancel) with `question`'s words; resolves true iff the player chose OK. With
 * `question.also` (a button's words: "Restart this deal"), a third choice stands beside OK,
 * and choosing it resolves 'also'.
 */
export function ask(dialog, question = NEW_GAME_QUESTION) {
  const words = { ...NEW_GAME_QUESTION, ...question };
  const set = (id, text) => {
    const el = dialog.querySelector(`#${id}`);
    if (el) el.textContent = text;
  };
  set('confirm-title', words.title);
  set('confirm-text', words.text);
  set('confirm-ok', words.ok);
  set('confirm-cancel', words.cancel);
  dialog.querySelector('#confirm-also')?.remove();
  if (words.also) {
    dialog.querySelector('#confirm-ok').before(make('button', { type: 'submit', id: 'confirm-also', value: 'also', className: 'button button-quiet', textContent: words.also }));
  }
  dialog.returnValue = '';
  if (!dialog.open) dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'also' ? 'also' : dialog.returnValue === 'confirm'), { once: true });
  });
}

/** A game-over panel's facts: [term, value] rows as a list of terms and values in `container`. */
export function renderFacts(container, rows) {
  const list = document.createElement('dl');
  list.className = 'solved-facts';
  for (const [term, value] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    list.append(dt, dd);
  }
  container.replaceChildren(list);
}

/** "1 move", "12 moves". */
export const movesText = (n) => `${n} ${n === 1 ? 'move' : 'moves'}`;

/** A cell of a board `width` cells wide, in the words a screen reader says: "row 2, column 3". */
export function placeName(cell, width) {
  return `row ${Math.floor(cell / width) + 1}, column ${(cell % width) + 1}`;
}

/**
 * The page's elements a shell drives, by the ids every game's view.html uses: the
 * header's New game button, the shared confirm dialog and live regions, and the view's board,
 * game-over dialog (none in a game that ends on its board: ending's `panel: false`), how-to
 * line (a finished game says so in its place) and (where the game has undo) Undo button.
 */
export function pageElements() {
  const byId = (id) => document.getElementById(id);
  return {
    board: byId('board'),
    newGame: byId('new-game'),
    undo: byId('undo'),
    redo: byId('redo'),
    confirmDialog: byId('confirm-dialog'),
    gameOverDialog: byId('game-over'),
    gameOverTitle: byId('game-over-title'),
    finalScore: byId('final-score'),
    best: byId('best'),
    scoreSheet: byId('score-sheet'),
    howTo: byId('how-to'),
    clock: byId('clock'),
    notices: byId('notices'),
    announcer: byId('announcer'),
  };
}

/**
 * Puts the game-over panel, the same in every game, at the end of the view the board is in:
 * `title` (what the game's ending replaces), `line` with {} where the result goes ("Final
 * score {}"), `wide` for a wide score sheet; Undo among its buttons when the game has undo,
 * and under them Watch the replay and Copy a replay link.
 * The ids are the ones pageElements() reads (game-over, game-over-title, final-score, …).
 */
export function addGameOverPanel({ title, line, wide = false, sheet = '' }, undo) {
  const doc = document;
  const button = (id, value, text, quiet = true) =>
    make('button', { type: 'submit', id, value, className: quiet ? 'button button-quiet' : 'button', textContent: text });
  const [before, after] = line.split('{}');
  const buttons = make('div', { className: 'dialog-buttons' },
    ...(undo ? [button('game-over-undo', 'undo', 'Undo')] : []),
    button('game-over-close', 'close', 'See board'),
    button('game-over-restart', 'restart', RESTART),
    button('game-over-new', 'new', 'New game', false));
  const replay = make('div', { className: 'dialog-buttons replay-buttons' },
    button('game-over-replay', 'replay', 'Watch the replay'),
    button('game-over-copy-replay', 'copy-replay', 'Copy a replay link'));
  buttons.lastChild.autofocus = true;
  const dialog = make('dialog', { id: 'game-over', className: wide ? 'dialog dialog-wide' : 'dialog' },
    make('form', { method: 'dialog', className: 'dialog-body' },
      make('h2', { id: 'game-over-title', className: 'dialog-title', textContent: title }),
      make('p', { id: 'final-line', className: 'final-line' },
        before, make('strong', { id: 'final-score', textContent: '0' }), after ?? ''),
      make('p', { id: 'game-over-best', className: 'game-over-best', hidden: true }),
      make('div', { id: 'score-sheet', className: `score-sheet ${sheet}`.trim() }),
      make('p', { id: 'game-over-standing', className: 'game-over-note game-over-standing', hidden: true }),
      make('p', { id: 'game-over-note', className: 'game-over-note', hidden: true }),
      buttons, replay));
  dialog.setAttribute('aria-labelledby', 'game-over-title');
  dialog.setAttribute('aria-describedby', 'final-line');
  // A view drawn again for a new shell gets a new panel, never a second one.
  doc.getElementById('game-over')?.remove();
  doc.getElementById('board').closest('main').append(dialog);
}

/**
 * Shows the game-over panel (`el`: shell.js's pageElements()) for `ending` (its result, title
 * and outcome, as a game's ending() gives them), its score sheet drawn by `drawSheet`.
 */
export function openGameOverPanel(el, ending, drawSheet) {
  const dialog = el.gameOverDialog;
  if (ending.result !== undefined && el.finalScore) {
    el.finalScore.textContent = String(ending.result);
    el.finalScore.dataset.value = String(ending.result);
  }
  if (ending.title && el.gameOverTitle) el.gameOverTitle.textContent = ending.title;
  if (ending.outcome) dialog.dataset.outcome = ending.outcome;
  else delete dialog.dataset.outcome;
  if (el.scoreSheet) drawSheet(el.scoreSheet);
  if (!dialog.open) {
    dialog.returnValue = '';
    dialog.showModal();
  }
}

/** An element `tag` with `props` (properties, as `className`, `textContent`) and `children`:
 * what the page's code builds its dialogs and controls with. */
export function make(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** make()'s twin for drawings: an SVG element `tag` with `attributes` and `children`. */
export function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/**
 * Rings `element` (a square, a tile; none for null) in `board` as the move a replay plays next
 * (a view's showMove; replay.css draws it), `marked` if the judge marked that move, and scrolls
 * it into view where the board scrolls in its frame.
 */
export function pointAt(board, element, marked = false) {
  for (const old of board.querySelectorAll('[data-replay-next]')) delete old.dataset.replayNext;
  if (!element) return;
  element.dataset.replayNext = marked ? 'marked' : 'move';
  element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * Puts `line` in the how-to's place (`null`: gives the place back to the how-to): a game's
 * ended line, a replay's controls. The line takes the how-to's room, however tall that is
 * (three lines on a phone), so the board, centred with everything else, does not move.
 */
export function inHowToPlace(howTo, line) {
  const shown = howTo.parentElement?.querySelector(':scope > .in-how-to-place');
  if (shown && shown !== line) shown.remove();
  if (!line) {
    howTo.hidden = false;
    return;
  }
  if (!howTo.hidden) howTo.dataset.height = String(howTo.offsetHeight);
  howTo.hidden = true;
  line.classList.add('in-how-to-place');
  line.style.minHeight = howTo.dataset.height ? `${howTo.dataset.height}px` : '';
  if (!line.isConnected) howTo.after(line);
}

const stylesheets = new Map();

/**
 * The stylesheet `href` on the page, added once: a promise, settled once it has loaded (or
 * failed, the page going on without it).
 */
export function addStylesheet(href) {
  const url = new URL(href, document.baseURI).href;
  if (!stylesheets.has(url)) {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url });
    stylesheets.set(url, new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    }));
    document.head.append(link);
  }
  return stylesheets.get(url);
}

/**
 * Puts out of use the game's own controls beside `board` (Undo, the helpers, its pickers,
 * Minesweeper's mode) while a replay's step is shown in its place: they act on the game in
 * play, not on a step. Inert, and dimmed by replay.css; returns what gives them back as they were.
 */
export function holdControls(board) {
  const held = [...board.closest('main').querySelectorAll('button, fieldset, input, select')]
    .filter((control) => !control.inert && !board.contains(control) && !control.closest('dialog, .replay-bar'));
  const hold = (on) => {
    for (const control of held) {
      control.inert = on;
      control.toggleAttribute('data-replay-held', on);
    }
  };
  hold(true);
  return () => hold(false);
}

/** A reason in the engine's words as a sentence: a capital first, a full stop last ("nothing
 * can move up" → "Nothing can move up."), as the terminal says it. */
export function sentence(reason) {
  const text = String(reason ?? '');
  if (!text) return '';
  const capital = text[0].toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
