// Minesweeper in the app: the Minefield engine (no-guess boards) on the shared shell, which
// keeps the clock, the best time per board and the board picker (the engine's presets and its
// Custom board) and says the engine's caution (a no-guess board that could not be made so);
// here are the Dig/Flag mode and the game-over panel's first fact. Input is the shared
// squares' (mines/squares.js: taps, long presses, right clicks and the cell cursor's keys);
// what each move says, mines/view.js.
//
// Moves, as the engine's play() takes them: {x, y, act: "dig" | "flag"}.

import init, { Minefield, dailySeed, initSync } from '../../pkg/mines.js';
import { instantiate } from '../midend/instantiate.js';
import { loadHelpers } from '../helpers/load-helpers.js';
import { GameShell } from '../midend/shell.js';
import { kindChoice } from '../midend/choice.js';
import { CellCodes, MinesView } from './view.js';

export { dailySeed };

const byId = (id) => document.getElementById(id);
const MODE_KEY = 'gridplay.mines.mode';

export async function mount(app) {
  await instantiate(app.engine, { init, initSync });
  const { storage } = app;
  const el = { presets: byId('preset-picker'), mode: byId('mode'), howTo: byId('how-to') };
  const codes = new CellCodes(Minefield.cellCodes());
  // The game-over panel's first fact (the shell's ending.js adds the best): which board it was.
  const view = new MinesView({ codes, facts: (game) => [['Board', `${boards.presetOf(game.kind().link)?.label ?? 'Custom'}, ${game.width()}×${game.height()}, ${game.readouts().mines} ${game.readouts().mines === 1 ? 'mine' : 'mines'}`]] });
  let flagMode = storage.get(MODE_KEY) === 'flag';
  let shell = null;

  const setMode = (flag) => {
    flagMode = flag;
    storage.set(MODE_KEY, flag ? 'flag' : 'dig');
    el.mode.textContent = flag ? 'Flag' : 'Dig';
    el.mode.setAttribute('aria-pressed', String(flag));
    el.mode.dataset.mode = flag ? 'flag' : 'dig';
    // The instructions say what a tap does now.
    for (const line of el.howTo.querySelectorAll('[data-mode]')) line.hidden = line.dataset.mode !== el.mode.dataset.mode;
  };
  const switchMode = () => {
    setMode(!flagMode);
    shell.announce(flagMode ? 'Flag mode: a tap flags, a long press digs.' : 'Dig mode: a tap digs, a long press flags.');
  };
  setMode(flagMode);
  el.mode.addEventListener('click', switchMode);

  // The boards: the engine's presets (the picker written into the page by the build) and a
  // Custom one, checked by the engine as it is typed, its form loaded when first opened.
  let form = null;
  const custom = {
    async open(game) {
      const { CustomForm } = await import(new URL('./custom-form.js', import.meta.url).href);
      form ??= new CustomForm(Minefield, (link) => (link ? shell.choose(link) : shell.showChoice()), { id: 'custom-board', title: 'Custom board' });
      await form.open(game);
    },
  };
  const boards = kindChoice(Minefield, {
    name: 'board', picker: el.presets, custom,
    question: () => ({ title: 'Start a new board?', text: 'The game in progress will be lost.', ok: 'New board', cancel: 'Keep playing' }),
  });

  shell = new GameShell({
    name: 'mines',
    storage, slot: app.slot,
    rules: Minefield,
    // Hint: a square the engine proves safe (the shared helpers, helpers/buttons.js).
    loadHelpers,
    view,
    // A tap digs and a long press flags (Flag mode swaps them); a right click and Space flag,
    // Enter digs (on an open number whose flags are all placed, the engine's dig is a chord).
    input: (port) => view.squares.input(port, (how, cell) => {
      const flag = { tap: flagMode, long: !flagMode, right: true, Enter: false, ' ': true }[how];
      port.enqueue({ act: flag ? 'flag' : 'dig', cell });
    }, { f: switchMode }),
    params: boards,
    panel: { title: 'Cleared!', line: 'Time {}', sheet: 'solved-sheet' },
  });
  shell.watch((what) => {
    if (what === 'destroy') view.destroy();
  });
  app.start(shell);
  return shell;
}
