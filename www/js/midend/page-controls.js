// The controls every game's page has, wired to its shell once for all games: the header's New
// game button (and Play again, where a game ends on its board), the Undo and Redo buttons and
// their keys (U, Ctrl+Z / ⌘Z; R, Ctrl+Y, Ctrl+Shift+Z / ⌘⇧Z; in a game whose moves are final
// they say so), and the game-over panel's buttons (New game, Undo, the replay's two). They are
// given the page's elements and what each control asks of the game, and not the shell itself.

import { isRedoKey, isUndoKey, letterKeysOn, notTheGames, onKey } from '../input/keys.js';

/**
 * Wires the page's controls to what they ask of the game; returns what unwires them (the route
 * closed: the header and the document outlive the game's shell).
 * @param {object} port
 * @param {object} port.el  the page's elements (ui.js)
 * @param {Document} port.doc  the page: its keys, Play again
 * @param {boolean} port.undoEnabled  whether the game has undo (else its buttons are not wired)
 * @param {() => boolean} port.dialogOpen  whether any dialog is open
 * @param {() => boolean} port.pageDialogOpen  whether a page's own dialog is open
 * @param {() => void} port.requestNewGame  New game: asks first if a game is in progress
 * @param {() => void} port.newGame  a new game at once (a game over asks nothing)
 * @param {() => void} port.restart  the same deal from its start
 * @param {() => void} port.requestUndo  queues an undo
 * @param {() => void} port.requestRedo  queues a redo
 * @param {(options: {copy: boolean}) => void} port.askReplay  the game's replay, watched or its link copied
 */
export function wirePageControls({
  el, doc, undoEnabled, dialogOpen, pageDialogOpen, requestNewGame, newGame, restart, requestUndo, requestRedo, askReplay,
}) {
  const onNewGame = () => requestNewGame();
  // A game that ends on its board offers Play again (ending.js shows it): a game over asks nothing.
  const playAgain = doc.getElementById('play-again');
  const onPlayAgain = () => newGame();
  const onUndo = () => requestUndo();
  const onRedo = () => requestRedo();
  const onGameOverClose = () => {
    const choice = el.gameOverDialog.returnValue;
    if (choice === 'new') newGame();
    else if (choice === 'restart') restart();
    else if (choice === 'undo') requestUndo();
    // The app opens the replay viewer on the game, or copies its link (app.js listens).
    else if (choice.endsWith('replay')) askReplay({ copy: choice === 'copy-replay' });
  };
  const onUndoKey = (event) => {
    const redo = isRedoKey(event);
    if (event.defaultPrevented || event.isComposing || !(redo || isUndoKey(event))) return;
    // The game-over panel offers Undo itself, so there the keys do what its button does;
    // any other dialog keeps its keys.
    const onlyGameOver = el.gameOverDialog?.open && !el.confirmDialog.open && !pageDialogOpen();
    if (!onlyGameOver && (notTheGames(event) || dialogOpen())) return;
    // U is a letter key: off in the panel too when letter keys are (Ctrl+Z stays).
    if (onlyGameOver && !event.ctrlKey && !event.metaKey && !letterKeysOn()) return;
    event.preventDefault();
    if (!event.repeat) {
      if (redo) requestRedo();
      else requestUndo();
    }
  };
  el.newGame.addEventListener('click', onNewGame);
  playAgain?.addEventListener('click', onPlayAgain);
  if (undoEnabled) {
    el.undo?.addEventListener('click', onUndo);
    el.redo?.addEventListener('click', onRedo);
  }
  const offUndoKeys = onKey(doc, 'undo', onUndoKey);
  el.gameOverDialog?.addEventListener('close', onGameOverClose);
  return () => {
    offUndoKeys();
    el.newGame.removeEventListener('click', onNewGame);
    playAgain?.removeEventListener('click', onPlayAgain);
    el.undo?.removeEventListener('click', onUndo);
    el.redo?.removeEventListener('click', onRedo);
    el.gameOverDialog?.removeEventListener('close', onGameOverClose);
  };
}
