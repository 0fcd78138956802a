// Ask the board: a player who cannot see it asks, in words, and the engine answers, as in
// Lichess's blind mode: the board, a row, a column, a square or the squares around one, where
// something is, the legal moves, the moves so far (the log), the last move again, where the
// game stands. A move may be typed there too ("left", "dig 3 4", "slide 7"): the engine reads it
// (its `typed`, src/typed.rs) and the page plays it as a key's. The questions and every word of
// the answers are the engine's (its `ask`, the same the terminal's ? key answers, src/ask.rs);
// the helpers' worker holds the engine that has it (helpers/worker.js), so a page's first load
// does not carry it. Its answer is said through the live region and shown under the field; a
// move played is said as any move is.
//
// Under the game's how-to line, a disclosure "Ask the board": out of sight until a key reaches
// it (Tab, or / from anywhere in the game), so the board keeps its room on a phone. Esc in the
// panel goes back to the board. The questions there are and the game's keys are in a disclosure
// of their own inside it.

import { HelperWorker } from '../helpers/helper.js';
import { letterKeysOn, notTheGames, onKey } from '../input/keys.js';
import { addStylesheet, make, sentence } from '../ui/ui.js';

const stylesheet = addStylesheet(new URL('../../css/ask.css', import.meta.url).href);

let count = 0;

/** What the board answers while the game is paused. */
const PAUSED = 'The game is paused, its board hidden: play on to ask about it.';

/** The game's keys in words, from what its engine says it takes (its directions, its squares'
 * acts, undo and redo, its helpers): the list a player who cannot see the how-to's pictures
 * reads. With `letters` off (Settings), only the keys that still play are named. */
export function keysText(rules, { letters = true } = {}) {
  const keys = [];
  const acts = rules.acts();
  const arrows = letters ? 'the arrows (or W A S D, H J K L)' : 'the arrows';
  if (rules.directions()) keys.push(`${arrows} play`);
  else if (acts.length) keys.push(`${arrows} move the cursor, Home and End to a row's ends, Page Up and Page Down to a column's, Ctrl+Home and Ctrl+End to the board's`);
  if (acts.length) keys.push(`Enter ${rules.directions() ? `on a tile ${acts[0]}s it` : `${acts[0]}s`}`);
  if (acts.length > 1) keys.push(`Space ${acts[1]}s${letters ? ', F swaps the two' : ''}`);
  keys.push(!rules.hasUndo() ? 'moves are final' : letters ? 'U or Ctrl+Z undoes, R or Ctrl+Y redoes' : 'Ctrl+Z undoes, Ctrl+Y redoes');
  const helps = rules.helps();
  if (letters && helps.includes('hint')) keys.push('I shows a hint');
  if (letters && helps.includes('autoplay')) keys.push('P plays on by itself');
  else if (letters && helps.includes('solve')) keys.push('P solves');
  keys.push(letters ? '/ asks the board or types a move, Esc goes back' : 'Esc goes back');
  return `Keys: ${keys.join('; ')}. New game, Share, Stats and Settings are at the top.`;
}

/**
 * Puts "Ask the board" under `shell`'s game (its view's how-to line) until the route closes.
 * @param {import('../midend/shell.js').GameShell} shell
 */
export async function askTheBoard(shell) {
  await stylesheet;
  if (shell.destroyed) return;
  const { doc } = shell; // the page: its keys and its focus
  const howTo = doc.getElementById('how-to');
  if (!howTo) return;
  const id = `ask-${++count}`;
  const field = make('input', {
    id: `${id}-question`, type: 'text', className: 'ask-field', autocomplete: 'off', spellcheck: false,
    enterKeyHint: 'send',
    placeholder: `row 2, moves, log, ${shell.rules.directions() ? 'left' : `${shell.rules.acts()[0]} 2 3`}…`,
  });
  const questions = make('p', { id: `${id}-questions`, className: 'ask-questions' });
  const keys = make('p', { className: 'ask-questions ask-keys', textContent: keysText(shell.rules) });
  const answer = make('p', { className: 'ask-answer' });
  answer.dataset.scrollsByKeys = ''; // its keys its own, not the game's (input/keys.js)
  field.setAttribute('aria-describedby', questions.id);
  // The questions and the keys, long lists, behind their own disclosure: open, they took the
  // board's room (a Beginner Minesweeper showed 5 of its 9 rows at 1280×800). The field is
  // still described by the questions, hidden or not.
  const help = make('details', { className: 'ask-help' },
    make('summary', { textContent: 'What to ask, and the keys' }), questions, keys);
  const form = make('form', { className: 'ask-form' },
    make('label', { htmlFor: field.id, textContent: 'Question' }), field,
    make('button', { type: 'submit', className: 'button button-quiet', textContent: 'Ask' }));
  const summary = make('summary', { textContent: 'Ask the board' });
  summary.setAttribute('aria-keyshortcuts', '/');
  const panel = make('details', { className: 'ask' }, summary, form, answer, help);
  howTo.after(panel);

  const worker = new HelperWorker(shell.name, 'the board');
  /** The engine's answer to `question` ({said}), or with `moves` the move it types ({typed}). */
  const ask = async (question, { always = false, moves = false } = {}) => {
    const game = shell.game;
    if (!game) return null;
    // A paused game's board is hidden from everyone, so it is not read out to anyone either
    // (the list of questions still is), and takes no move.
    if (shell.paused && !always) return { said: PAUSED };
    try {
      return await worker.ask('ask', { save: game.save(), question, ms: shell.timeMs, moves });
    } catch (error) {
      console.warn('gridplay: the board did not answer', error);
      return { said: 'The board could not answer: its engine did not load. Try reloading the page.' };
    }
  };

  // Closed, its contents have no boxes at all (a closed <details> still lays them out); they
  // show at once as it opens (its toggle event comes a task later).
  const inside = [form, answer, help];
  const show = (open) => {
    panel.open = open;
    for (const element of inside) element.hidden = !open;
    // The keys as Settings has them now (letter keys on or off).
    if (open) keys.textContent = keysText(shell.rules, { letters: letterKeysOn() });
  };
  show(false);
  summary.addEventListener('click', (event) => {
    event.preventDefault();
    show(!panel.open);
  });
  // The questions there are, in the engine's words, once the panel first opens.
  panel.addEventListener('toggle', async () => {
    if (!panel.open || questions.textContent) return;
    questions.textContent = (await ask('help', { always: true }))?.said ?? '';
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const answered = await ask(field.value, { moves: true });
    if (answered === null || shell.destroyed) return;
    const { said, typed } = answered;
    field.select(); // the next move or question replaces it
    if (typed?.ok) {
      // Played as a key's move is, in its turn: said (or refused) by the game, as any move.
      answer.textContent = '';
      shell.enqueue({ move: typed.move });
      return;
    }
    const words = typed ? sentence(typed.reason) : said;
    answer.textContent = words;
    // A long answer scrolls in its box: then Tab reaches the box, and the keys scroll it.
    answer.tabIndex = answer.scrollHeight > answer.clientHeight ? 0 : -1;
    shell.announce(words);
  });
  /** Where the focus was when / opened the question: Esc goes back there. */
  let from = null;
  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    const { board } = shell;
    const back = from?.isConnected && from !== doc.body ? from
      : board.tabIndex >= 0 ? board : board.querySelector('button');
    back?.focus();
  });
  // / opens the panel at its field, from anywhere the game's keys reach.
  const offKey = onKey(doc, 'helpers', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    if (notTheGames(event) || shell.dialogOpen) return;
    event.preventDefault();
    from = doc.activeElement;
    show(true);
    field.focus();
    field.select(); // the last question, replaced by typing or asked again by Enter
  });
  const unwatch = shell.watch((what) => {
    if (what !== 'destroy') return;
    offKey();
    unwatch();
    worker.destroy();
    panel.remove();
  });
}
