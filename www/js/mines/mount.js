// Minesweeper in the app: the Minefield engine (no-guess boards) on the shared shell, with the
// board sizes (Beginner, Intermediate, Expert, Custom), the Dig/Flag mode, the clock and the
// best time per board.
//
// Input, as players expect it: a mouse's left click digs (on an open number whose flags are
// all placed it opens the squares around: a chord) and its right click flags; on touch a tap
// digs and a long press (LONG_PRESS_MS, a ring fills meanwhile) flags, and a finger that moves
// is a scroll, never a move, so a board larger than the screen pans under the finger. Flag
// mode swaps what a tap and a long press do (keys D and F). Keys: the arrows move a cursor,
// Enter digs (or chords) and Space flags.
//
// Moves, as the shell queues them: {kind: "dig" | "flag", cell}; what a dig does (reveal, or
// chord on a number) is decided when it is played. Playing writes into the move what the live
// region says of it (`said`).

import init, { Minefield } from '../../pkg/minesweeper.js';
import { GameClock, formatTime } from '../shared/clock.js';
import { keysBelongTo } from '../shared/input.js';
import { GameShell, readParams, readSeed } from '../shared/shell.js';
import { CellCodes, MinesView } from './view.js';

const byId = (id) => document.getElementById(id);

const PRESETS = {
  beginner: { width: 9, height: 9, mines: 10, name: 'Beginner' },
  intermediate: { width: 16, height: 16, mines: 40, name: 'Intermediate' },
  expert: { width: 30, height: 16, mines: 99, name: 'Expert' },
};
const BOARD_KEY = 'gridplay.mines.board';
const MODE_KEY = 'gridplay.mines.mode';
const CLOCK_KEY = 'gridplay.mines.clock';

/** How long a press must last to flag. A finger that travels further than SLOP_PX scrolls a
 * board bigger than its frame; on a board that cannot scroll, a finger that drifts as far as
 * STILL_PX is still pressing (a held finger wanders by some pixels). */
export const LONG_PRESS_MS = 400;
const SLOP_PX = 10;
const STILL_PX = 24;

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** "30x16x99" for a board; the key of its best time and the first part of its share link. */
const boardName = ({ width, height, mines }) => `${width}x${height}x${mines}`;

/** A board size from its name, checked as the engine checks it; null if it is not one. */
function readBoard(text) {
  const match = /^(\d{1,2})x(\d{1,2})x(\d{1,4})$/.exec(text ?? '');
  if (!match) return null;
  const [width, height, mines] = match.slice(1).map(Number);
  const fits = width >= 5 && width <= 50 && height >= 5 && height <= 50 && mines >= 1 && mines <= width * height - 9;
  return fits ? { width, height, mines } : null;
}

/** The preset a board is, or "custom". */
const presetOf = (board) => Object.keys(PRESETS).find((name) => boardName(PRESETS[name]) === boardName(board)) ?? 'custom';

/** A Minesweeper deal: the board and the seed, shared as #mines/30x16x99/seed=N. */
export const deals = {
  of: (game) => ({ width: game.width(), height: game.height(), mines: game.mineCount(), seed: game.seed() }),
  toLink: (deal) => [boardName(deal), `seed=${deal.seed}`],
  fromLink(params) {
    if (params.length !== 2) return null;
    const board = readBoard(params[0]);
    const values = readParams(params.slice(1));
    const seed = readSeed(values?.seed);
    return board && seed !== null ? { ...board, seed } : null;
  },
};

export async function mount(app) {
  await init({ module_or_path: app.engine });
  const { storage } = app;
  const el = {
    presets: byId('preset-picker'),
    mode: byId('mode'),
    custom: byId('custom-board'),
    customError: byId('custom-error'),
    width: byId('custom-width'),
    height: byId('custom-height'),
    mines: byId('custom-mines'),
    scroller: byId('mines-scroll'),
    howTo: byId('how-to'),
  };
  let chosen = readBoard(storage.get(BOARD_KEY)) ?? { ...PRESETS.beginner };
  let flagMode = storage.get(MODE_KEY) === 'flag';
  let shell = null;

  const bestKey = (game) => `gridplay.mines.best.${boardName(deals.of(game))}`;
  /** A game's identity for the clock: its save's start (tag, version, board and seed). */
  const startId = (game) => game.save().split('.').slice(0, 3).join('.');
  const clock = new GameClock({
    storage,
    key: CLOCK_KEY,
    element: byId('clock'),
    shouldRun: () => shell?.game?.status() === 'playing',
  });
  const codes = new CellCodes(Minefield.cellCodes());
  const view = new MinesView({ codes, facts: (game) => facts(game) });

  // ---------- the mode ----------

  const setMode = (flag) => {
    flagMode = flag;
    storage.set(MODE_KEY, flag ? 'flag' : 'dig');
    el.mode.textContent = flag ? 'Flag' : 'Dig';
    el.mode.setAttribute('aria-pressed', String(flag));
    el.mode.dataset.mode = flag ? 'flag' : 'dig';
    // The instructions say what a tap does now.
    for (const line of el.howTo.querySelectorAll('[data-mode]')) line.hidden = line.dataset.mode !== el.mode.dataset.mode;
  };
  setMode(flagMode);
  el.mode.addEventListener('click', () => {
    setMode(!flagMode);
    shell.announce(flagMode ? 'Flag mode: a tap flags, a long press digs.' : 'Dig mode: a tap digs, a long press flags.');
  });

  // ---------- board sizes ----------

  const syncPresets = (game) => {
    const preset = presetOf(deals.of(game));
    for (const input of el.presets.querySelectorAll('input')) input.checked = input.value === preset;
  };
  /** A new game on `board` (asking first while one is in progress); false if the player kept theirs. */
  const startBoard = async (board) => {
    if (shell.inProgress && !(await shell.ask({
      title: 'Start a new board?',
      text: 'The game in progress will be lost.',
      ok: 'New board',
      cancel: 'Keep playing',
    }))) {
      syncPresets(shell.game);
      return;
    }
    chosen = board;
    storage.set(BOARD_KEY, boardName(board));
    await shell.newGame();
  };
  el.presets.addEventListener('change', (event) => {
    const preset = event.target.value;
    if (PRESETS[preset]) startBoard({ ...PRESETS[preset] });
    else openCustom();
  });
  // A click on Custom when it is already chosen opens the form again.
  el.presets.addEventListener('click', (event) => {
    if (event.target.closest?.('input[value="custom"]') && presetOf(deals.of(shell.game)) === 'custom') openCustom();
  });

  function openCustom() {
    const now = deals.of(shell.game);
    el.width.value = String(now.width);
    el.height.value = String(now.height);
    el.mines.value = String(now.mines);
    el.customError.textContent = '';
    el.custom.returnValue = '';
    el.custom.showModal();
  }
  // The engine says what is wrong with a board (its own words, not a copy of its rules here).
  const customBoard = () => {
    const fields = [[el.width, 'width'], [el.height, 'height'], [el.mines, 'number of mines']];
    // An empty field (or one the browser could not read as a number) has nothing to check yet.
    const empty = fields.find(([input]) => input.value.trim() === '');
    if (empty) return { board: null, error: `fill in the ${empty[1]}` };
    const [width, height, mines] = fields.map(([input]) => Number(input.value));
    try {
      new Minefield(width, height, mines, 0).free();
      return { board: { width, height, mines }, error: null };
    } catch (error) {
      return { board: null, error: String(error?.message ?? error).replace(/^Minefield: /, '') };
    }
  };
  /** The engine's words for the numbers now in the form ('' for a board it can make). */
  const sayCustomError = () => {
    const { error } = customBoard();
    // The engine's message as a sentence: capital first, full stop last.
    el.customError.textContent = error ? `${error[0].toUpperCase()}${error.slice(1)}.` : '';
    return error;
  };
  const form = el.custom.querySelector('form');
  form.addEventListener('submit', (event) => {
    if (event.submitter?.value === 'start' && sayCustomError()) event.preventDefault();
  });
  // A message is about the numbers it was given: a field being changed clears it, and one
  // changed (left, or stepped) says what is wrong with the new numbers, if anything.
  form.addEventListener('input', () => {
    el.customError.textContent = '';
  });
  form.addEventListener('change', sayCustomError);
  el.custom.addEventListener('close', () => {
    const { board } = el.custom.returnValue === 'start' ? customBoard() : { board: null };
    if (board) startBoard(board);
    else syncPresets(shell.game);
  });

  // ---------- input ----------

  function input(shell) {
    const board = shell.el.board;
    /** The touch or pen press under way: {id, cell, x, y, timer, fired}. */
    let press = null;
    /** Ends the press; `broken`: a finger's press let go early by moving or scrolling, which the
     * square shows (its ring falls away) so the player knows why nothing happened. */
    const endPress = (broken = false) => {
      if (!press) return;
      clearTimeout(press.timer);
      view.pressing(null);
      if (broken && !press.fired && !press.mouse) view.pressBroken(press.cell);
      press = null;
    };
    const breakPress = () => endPress(true);
    const scrolls = () => el.scroller.scrollWidth > el.scroller.clientWidth || el.scroller.scrollHeight > el.scroller.clientHeight;
    const tapKind = () => (flagMode ? 'flag' : 'dig');
    const longKind = () => (flagMode ? 'dig' : 'flag');

    const onPointerDown = (event) => {
      if (!event.isPrimary) {
        endPress(); // a second finger: a pinch, not a press
        return;
      }
      const cell = view.cellOf(event.target);
      if (cell === null || shell.dialogOpen) return;
      if (event.pointerType === 'mouse') {
        // Right button flags at once; the left one digs when released on the same square.
        if (event.button === 2) shell.enqueue({ kind: 'flag', cell });
        else if (event.button === 0) press = { id: event.pointerId, cell, mouse: true };
        return;
      }
      press = { id: event.pointerId, cell, x: event.clientX, y: event.clientY, fired: false };
      view.pressing(cell);
      press.timer = setTimeout(() => {
        press.fired = true;
        view.pressing(null);
        shell.enqueue({ kind: longKind(), cell });
      }, LONG_PRESS_MS);
    };
    const onPointerMove = (event) => {
      if (!press || press.mouse || event.pointerId !== press.id) return;
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > (scrolls() ? SLOP_PX : STILL_PX)) breakPress();
    };
    const onPointerUp = (event) => {
      if (!press || event.pointerId !== press.id) return;
      const { cell, fired, mouse } = press;
      endPress();
      if (fired) return;
      if (mouse && view.cellOf(event.target) !== cell) return;
      view.setCursor(cell, { focus: false });
      shell.enqueue({ kind: mouse ? (flagMode ? 'flag' : 'dig') : tapKind(), cell });
    };
    const onPointerCancel = (event) => {
      if (press && event.pointerId === press.id) breakPress();
    };
    // The browser's own long-press and right-click menus have nothing to offer on the board.
    const onContextMenu = (event) => event.preventDefault();

    const onKey = (event) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return;
      if (keysBelongTo(event.target) || shell.dialogOpen || !shell.game) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (key === 'd' || key === 'f') {
        if (flagMode !== (key === 'f')) {
          setMode(key === 'f');
          shell.announce(flagMode ? 'Flag mode.' : 'Dig mode.');
        }
        return;
      }
      if (ARROWS[key]) {
        event.preventDefault();
        const [dx, dy] = ARROWS[key];
        const w = view.width;
        const x = Math.min(w - 1, Math.max(0, (view.cursor % w) + dx));
        const y = Math.min(view.height - 1, Math.max(0, Math.floor(view.cursor / w) + dy));
        view.setCursor(y * w + x);
        return;
      }
      // Enter and Space on the board or the page (a button elsewhere keeps its own).
      const onBoard = event.target === document.body || board.contains(event.target);
      if ((key === 'Enter' || key === ' ') && onBoard) {
        event.preventDefault();
        if (!event.repeat) shell.enqueue({ kind: key === ' ' ? 'flag' : 'dig', cell: view.cursor });
      }
    };

    board.addEventListener('pointerdown', onPointerDown);
    board.addEventListener('pointermove', onPointerMove);
    board.addEventListener('pointerup', onPointerUp);
    board.addEventListener('pointercancel', onPointerCancel);
    board.addEventListener('contextmenu', onContextMenu);
    el.scroller.addEventListener('scroll', breakPress, { passive: true });
    document.addEventListener('keydown', onKey);
    return {
      destroy() {
        endPress();
        board.removeEventListener('pointerdown', onPointerDown);
        board.removeEventListener('pointermove', onPointerMove);
        board.removeEventListener('pointerup', onPointerUp);
        board.removeEventListener('pointercancel', onPointerCancel);
        board.removeEventListener('contextmenu', onContextMenu);
        el.scroller.removeEventListener('scroll', breakPress);
        document.removeEventListener('keydown', onKey);
      },
    };
  }

  /** Plays a move: a dig reveals a hidden square or chords an open number; a flag toggles. */
  function play(game, move) {
    const w = game.width();
    const [x, y] = [move.cell % w, Math.floor(move.cell / w)];
    const before = game.cells();
    const code = before[move.cell];
    const place = view.placeName(move.cell);
    let made;
    if (move.kind === 'flag') {
      made = game.toggleFlag(x, y);
      if (made) move.said = code === codes.flag ? `Flag taken off ${place}.` : `Flag on ${place}.`;
      return made;
    }
    const chord = codes.isNumber(code);
    made = chord ? game.chord(x, y) : game.reveal(x, y);
    if (!made) return false;
    // The time is taken when the game ends, before the best is: they must agree.
    if (game.status() === 'won' || game.status() === 'lost') clock.stop();
    const after = game.cells();
    const opened = after.filter((c, cell) => codes.isOpen(c) && !codes.isOpen(before[cell])).length;
    if (game.status() === 'lost') move.said = `Boom: a mine at ${place}.`;
    else if (chord) move.said = `Opened ${opened} around ${place}.`;
    else move.said = opened === 1 ? `${place[0].toUpperCase()}${place.slice(1)}: ${after[move.cell] || 'no mines around'}.` : `Opened ${opened} squares.`;
    return true;
  }

  /**
   * A no-guess board the engine could not make so (only very large, very dense boards, when
   * its generator gives up) is said at once, at the first dig, before the player plays on it:
   * somewhere it will need a guess. Said once per game; a new game takes the notice away.
   */
  let warning = { said: false, notice: null };
  function forgetWarning() {
    warning.notice?.remove();
    warning = { said: false, notice: null };
  }
  function warnIfGuessing(game) {
    if (warning.said || !game.noGuess() || game.guessFree() !== false) return;
    warning.said = true;
    const notice = shell.notice('No board this dense could be made that logic alone clears: somewhere on this one you will have to guess.', 'needs-guess', {
      action: {
        label: 'New board',
        onClick: () => {
          notice?.remove();
          shell.requestNewGame();
        },
      },
    });
    warning.notice = notice;
  }

  /** Why a move did nothing, when the player would want to know. */
  function refuse(move, shell) {
    const code = shell.game.cells()[move.cell];
    if (move.kind === 'dig' && code === codes.flag) shell.announce('That square is flagged: flag it again to take the flag off first.');
    else if (move.kind === 'dig' && codes.isNumber(code)) shell.announce(`The flags around it do not make ${code} yet.`);
  }

  /** The game-over panel's facts, as [term, value] rows. */
  function facts(game) {
    const board = deals.of(game);
    const preset = presetOf(board);
    return [
      // The time is the panel's own line (#final-score), not a row here too.
      ['Board', `${preset === 'custom' ? 'Custom' : PRESETS[preset].name}, ${board.width}×${board.height}, ${board.mines} mines`],
      ['Best', shell.best ? formatTime(shell.best) : '–'],
    ];
  }

  shell = new GameShell({
    name: 'mines',
    storage,
    createGame: (deal) => {
      const board = deal ?? chosen;
      return deal?.seed === undefined
        ? new Minefield(board.width, board.height, board.mines)
        : new Minefield(board.width, board.height, board.mines, deal.seed);
    },
    loadGame: (text) => Minefield.load(text),
    view,
    input,
    play,
    moveText: (move) => move.said ?? '',
    refuse,
    deals,
    ending(game) {
      const state = game.status();
      if (state !== 'won' && state !== 'lost') return null;
      const won = state === 'won';
      return {
        title: won ? 'Cleared!' : 'Boom!',
        result: formatTime(clock.ms),
        outcome: won ? 'won' : 'lost',
        said: won ? `Cleared in ${formatTime(clock.ms)}.` : 'A mine went off. Every mine and every wrong flag is shown.',
      };
    },
    // The best time per board, in ms; only for the game the clock belongs to (a restored game
    // is counted when it was won, not again).
    best: {
      key: bestKey,
      value: (game) => (game.status() === 'won' && clock.id === startId(game) ? Math.max(1, Math.round(clock.ms)) : null),
      lower: true,
    },
    onGame(game, { restored }) {
      const board = deals.of(game);
      if (readBoard(boardName(board))) chosen = { width: board.width, height: board.height, mines: board.mines };
      syncPresets(game);
      clock.reset(startId(game), restored);
      view.setCursor(Math.min(view.cursor, board.width * board.height - 1), { focus: false });
      forgetWarning();
      warnIfGuessing(game);
    },
    onMove(game) {
      if (game.status() === 'playing') clock.run();
      else clock.stop();
      warnIfGuessing(game);
    },
    onDestroy() {
      clock.destroy();
      view.destroy();
    },
  });

  shell.start({ deal: app.deal });
  return shell;
}
