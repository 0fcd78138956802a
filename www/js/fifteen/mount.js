// The sliding puzzle (8, 15, 24) in the app: the Fifteen engine on the shared shell, with
// the size picker, the clock, and the solver (Hint and Solve) in a worker.
//
// Moves, as the shell queues them: {cell} for a tap on a tile (it and every tile up to the
// gap slide, Fifteen.slide) and {direction} ("up", "down", "left", "right") for a swipe or an
// arrow key (the tile beside the gap moves that way, Fifteen.nudge). Playing a move writes
// what the live region says of it into the move (`said`).
//
// The clock starts on the first move and stops when the puzzle is solved; it counts only
// while the page is shown, and is kept (gridplay.fifteen.clock) with the game it belongs to,
// so a reload resumes it. A game that Solve finished is "assisted" and sets no best.

import init, { Fifteen } from '../../pkg/fifteen.js';
import { DirectionInput, helperKey } from '../shared/input.js';
import { nudge } from '../shared/directions.js';
import { GameShell, readParams, readSeed } from '../shared/shell.js';
import { Cancelled, Solver } from './solver.js';
import { GameClock, formatTime } from '../shared/clock.js';
import { FifteenView, movesText } from './view.js';

const byId = (id) => document.getElementById(id);

const SIZES = [3, 4, 5];
const SIZE_KEY = 'gridplay.fifteen.size';
const CLOCK_KEY = 'gridplay.fifteen.clock';
const bestTimeKey = (size) => `gridplay.fifteen.best-time.${size}`;

/** A Fifteen deal: {size, seed}, shared as #fifteen/size=4/seed=N. Made-up boards have none. */
export const deals = {
  of: (game) => (game.seed() === undefined ? null : { size: game.size(), seed: game.seed() }),
  toLink: ({ size, seed }) => [`size=${size}`, `seed=${seed}`],
  fromLink(params) {
    const values = readParams(params);
    if (!values || Object.keys(values).length !== 2) return null;
    const size = Number(values.size);
    const seed = readSeed(values.seed);
    return SIZES.includes(size) && seed !== null ? { size, seed } : null;
  },
};

/** Which way the tiles went when the gap moved from cell `from` to cell `to`. */
function slideDirection(from, to) {
  if (to === from + 1) return 'left';
  if (to === from - 1) return 'right';
  if (to > from) return 'up';
  return 'down';
}

/** "7", "7 and 8", "7, 8 and 3". */
function listTiles(tiles) {
  if (tiles.length <= 1) return tiles.join('');
  return `${tiles.slice(0, -1).join(', ')} and ${tiles.at(-1)}`;
}

/** The pause between the moves Solve plays: the whole solution in about 10 s, within limits. */
const solveStepMs = (length) => Math.max(110, Math.min(320, Math.round(10000 / Math.max(1, length))));

export async function mount(app) {
  await init({ module_or_path: app.engine });
  const { storage } = app;
  const view = new FifteenView({ facts: (game) => solvedFacts(game) });
  const solver = new Solver();
  const el = {
    sizes: byId('size-picker'),
    clock: byId('clock'),
    hint: byId('hint'),
    solve: byId('solve'),
    solverLine: byId('solver-line'),
  };

  let destroyed = false;
  let chosenSize = SIZES.includes(Number(storage.get(SIZE_KEY))) ? Number(storage.get(SIZE_KEY)) : 4;

  // ---------- the clock ----------

  /** The clock of the current game (the solver's help is kept with it: extra.assisted). */
  const clock = new GameClock({
    storage,
    key: CLOCK_KEY,
    element: el.clock,
    shouldRun: () => Boolean(shell?.game) && shell.game.moveCount() > 0 && !shell.game.isSolved(),
  });
  /** A game's identity for the clock: its save's start (tag, version, starting position). */
  const startId = (game) => game.save().split('.').slice(0, 3).join('.');

  // ---------- the optimal length of each game ----------

  /** The solver's length from the game's start ({id, length} once known; the worker's first
   * job for each game). */
  let optimal = { id: '', length: null };
  const learnOptimal = (game) => {
    const id = clock.id; // the game's start, as clock.reset took it
    if (optimal.id === id) return;
    optimal = { id, length: null };
    solver.solve(game.startTiles()).then((solution) => {
      if (optimal.id !== id) return;
      optimal.length = solution.length;
      if (shell.el.gameOverDialog.open) view.renderScoreSheet(shell.el.scoreSheet, shell.game);
    }, () => {
      // Stopping a Solve ends the worker and this search with it: ask again.
      if (optimal.id !== id || destroyed) return;
      optimal.id = '';
      if (shell.game) learnOptimal(shell.game);
    });
  };

  // ---------- Hint and Solve ----------

  /** Solve's state: 'idle', 'thinking' (the worker searches) or 'playing' (moves under way). */
  let solving = { state: 'idle', timer: 0, token: 0 };
  let hintToken = 0;

  const setSolverLine = (text) => {
    el.solverLine.textContent = text;
  };
  const syncButtons = () => {
    const busy = solving.state !== 'idle';
    el.solve.textContent = busy ? 'Stop' : 'Solve';
    el.solve.setAttribute('aria-pressed', String(busy));
    const solved = !shell.game || shell.game.isSolved();
    el.solve.setAttribute('aria-disabled', String(solved && !busy));
    el.hint.setAttribute('aria-disabled', String(solved || busy));
  };
  /** Ends Solve (the player stopped it, played a move, or it finished). */
  const stopSolving = (said = '') => {
    if (solving.state === 'idle') return;
    if (solving.state === 'thinking') solver.cancel();
    clearTimeout(solving.timer);
    solving = { state: 'idle', timer: 0, token: solving.token + 1 };
    if (said) {
      setSolverLine(said);
      shell.announce(said);
    }
    syncButtons();
  };

  const hint = async () => {
    const game = shell.game;
    if (!game || game.isSolved() || solving.state !== 'idle') return;
    const token = ++hintToken;
    const tiles = game.tiles();
    setSolverLine('Looking for the best move…');
    let solution;
    try {
      solution = await solver.solve(tiles);
    } catch (error) {
      if (!(error instanceof Cancelled)) setSolverLine('The solver did not answer; try again.');
      return;
    }
    // The board moved on meanwhile: that hint is for a position that is gone.
    if (token !== hintToken || shell.game !== game || game.tiles().join() !== tiles.join()) return;
    const tile = solution[0];
    view.showHint(tile);
    const said = `Hint: move tile ${tile}. ${movesText(solution.length)} to go.`;
    setSolverLine(said);
    shell.announce(said);
  };

  const solve = async () => {
    if (solving.state !== 'idle') {
      stopSolving('Solve stopped.');
      return;
    }
    const game = shell.game;
    if (!game || game.isSolved()) return;
    const token = solving.token + 1;
    solving = { state: 'thinking', timer: 0, token };
    syncButtons();
    view.showHint(null);
    setSolverLine(game.size() === 5 ? 'Looking for a short solution…' : 'Looking for the shortest solution…');
    let solution;
    try {
      await shell.idle();
      solution = await solver.solve(game.tiles());
    } catch (error) {
      if (solving.token === token) stopSolving(error instanceof Cancelled ? '' : 'The solver did not answer; try again.');
      return;
    }
    if (solving.token !== token || shell.game !== game) return;
    const kind = game.size() === 5 ? 'A short solution' : 'The shortest solution';
    const said = `${kind} takes ${movesText(solution.length)}.`;
    setSolverLine(said);
    shell.announce(said);
    solving.state = 'playing';
    clock.extra.assisted = true;
    clock.save();
    syncButtons();
    const step = solveStepMs(solution.length);
    const play = (i) => {
      if (solving.token !== token || shell.game !== game) return;
      if (i >= solution.length) {
        stopSolving();
        return;
      }
      const cell = game.tiles().indexOf(solution[i]);
      // The board is not where the solution expects (the player undid a move): stop.
      if (game.tilesToSlide(cell) !== 1) {
        stopSolving('Solve stopped.');
        return;
      }
      shell.enqueue({ cell });
      solving.timer = setTimeout(() => shell.idle().then(() => play(i + 1)), step);
    };
    play(0);
  };

  el.hint.addEventListener('click', hint);
  el.solve.addEventListener('click', solve);
  // The same hint key as every game with a hint.
  const onHelperKey = (event) => {
    if (helperKey(event) !== 'hint' || !shell || shell.dialogOpen) return;
    event.preventDefault();
    if (!event.repeat) hint();
  };
  document.addEventListener('keydown', onHelperKey);

  // ---------- size picker ----------

  const syncSizes = (size) => {
    for (const input of el.sizes.querySelectorAll('input[name="size"]')) input.checked = Number(input.value) === size;
  };
  const onSize = async (event) => {
    const size = Number(event.target.value);
    if (!SIZES.includes(size) || !shell.game || size === shell.game.size()) return;
    if (shell.inProgress && !(await shell.ask({
      title: `Start a ${size}×${size} puzzle?`,
      text: 'Your current puzzle will be lost.',
      ok: 'New puzzle',
      cancel: 'Keep playing',
    }))) {
      syncSizes(shell.game.size());
      return;
    }
    chosenSize = size;
    storage.set(SIZE_KEY, String(size));
    await shell.newGame({ size });
  };
  el.sizes.addEventListener('change', onSize);

  // ---------- the shell ----------

  let shell = null;
  shell = new GameShell({
    name: 'fifteen',
    storage,
    createGame: (deal) => {
      const size = deal?.size ?? chosenSize;
      return deal?.seed === undefined ? new Fifteen(size) : new Fifteen(size, deal.seed);
    },
    loadGame: (text) => Fifteen.load(text),
    view,
    slideMs: 110,
    undo: true,
    deals,
    input(shell) {
      const tap = (target) => {
        const cell = view.cellOf(target);
        if (cell !== null) playerMove({ cell });
      };
      const swipesAndKeys = new DirectionInput({
        board: shell.el.board,
        onDirection: (direction) => playerMove({ direction }),
        onTap: tap,
        isBlocked: () => shell.dialogOpen,
      });
      // Enter or Space on a focused tile: the button's own click, with no pointer behind it
      // (detail 0). Pointer clicks are taps, which DirectionInput already reported.
      const onClick = (event) => {
        if (event.detail === 0) tap(event.target);
      };
      shell.el.board.addEventListener('click', onClick);
      return {
        destroy() {
          swipesAndKeys.destroy();
          shell.el.board.removeEventListener('click', onClick);
        },
      };
    },
    play(game, move) {
      const tiles = game.tiles();
      const gap = game.blank();
      // A tap out of the gap's line is a refusal the page expects, not an error: asked first.
      const made = move.direction ? game.nudge(move.direction) : game.tilesToSlide(move.cell) > 0 && game.slide(move.cell) > 0;
      if (made) {
        // Said after the move: which tiles went which way, in the order they moved.
        const after = game.tiles();
        const moved = tiles.filter((tile, cell) => tile !== 0 && after[cell] !== tile);
        const fromGap = (tile) => Math.abs(tiles.indexOf(tile) - gap);
        // The tapped tile first: the one the player chose, then the ones it pushed.
        moved.sort((a, b) => fromGap(b) - fromGap(a));
        move.said = `Moved ${listTiles(moved)} ${slideDirection(gap, game.blank())}.`;
      }
      return made;
    },
    moveText: (move) => move.said ?? '',
    refuse(move, shell) {
      const game = shell.game;
      if (move.direction) {
        shell.announce(`No tile can move ${move.direction}.`);
        if (!view.reducedMotion) nudge(shell.el.board, move.direction);
        return;
      }
      const tile = game.tiles()[move.cell];
      if (tile) {
        shell.announce(`Tile ${tile} is not in line with the gap.`);
        view.shake(tile);
      }
    },
    ending(game) {
      if (!game.isSolved() || game.moveCount() === 0) return null;
      const moves = game.moveCount();
      return {
        title: 'Solved!',
        result: moves,
        outcome: 'won',
        said: `Solved in ${movesText(moves)} and ${formatTime(clock.ms)}.`,
      };
    },
    best: {
      key: (game) => `gridplay.fifteen.best.${game.size()}`,
      value: (game) => (game.isSolved() && game.moveCount() > 0 && !clock.extra.assisted ? game.moveCount() : null),
      lower: true,
    },
    onGame(game, { restored }) {
      stopSolving();
      view.showHint(null);
      setSolverLine('');
      syncSizes(game.size());
      if (SIZES.includes(game.size())) chosenSize = game.size();
      clock.reset(startId(game), restored);
      syncButtons();
    },
    onDestroy,
    onMove(game) {
      view.showHint(null);
      // Worked out once the player is playing (never during the page's first load), for the
      // solved panel.
      learnOptimal(game);
      if (game.isSolved()) {
        clock.stop();
        recordTime(game);
      } else {
        clock.run();
        clock.save();
      }
      syncButtons();
    },
  });

  /** The route closed: no more clock, searches or worker. */
  function onDestroy() {
    destroyed = true;
    document.removeEventListener('keydown', onHelperKey);
    stopSolving();
    clock.destroy();
    solver.destroy();
  }

  /** A move of the player's own: it stops Solve (the player took over) and clears the hint. */
  function playerMove(move) {
    if (solving.state !== 'idle') stopSolving('Solve stopped.');
    shell.enqueue(move);
  }

  /** The best time per size, for unassisted solves. */
  function recordTime(game) {
    if (clock.extra.assisted) return;
    const key = bestTimeKey(game.size());
    const kept = Number(storage.get(key));
    if (!(kept > 0) || clock.ms < kept) storage.set(key, String(Math.round(clock.ms)));
  }

  /** The solved panel's facts, as [term, value] rows (the view draws them). */
  function solvedFacts(game) {
    const size = game.size();
    const bestTime = Number(storage.get(bestTimeKey(size)));
    const rows = [
      ['Time', formatTime(clock.ms)],
      [size === 5 ? 'Solver’s solution' : 'Optimal', optimal.length === null ? 'working it out…' : movesText(optimal.length)],
      [`Best ${size}×${size}`, shell.best ? `${movesText(shell.best)}${bestTime > 0 ? `, ${formatTime(bestTime)}` : ''}` : '–'],
    ];
    if (clock.extra.assisted) rows.push(['', 'Solved with the solver’s help: no best recorded.']);
    return rows;
  }

  shell.start({ deal: app.deal });
  return shell;
}
