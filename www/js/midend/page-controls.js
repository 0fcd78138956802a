// The controls every game's page has, wired to its shell once for all games: the header's New
// game button (and Play again, where a game ends on its board), the Undo and Redo buttons and
// their keys (U, Ctrl+Z / ⌘Z; R, Ctrl+Y, Ctrl+Shift+Z / ⌘⇧Z; in a game whose moves are final
// they say so), and the game-over panel's buttons (New game, Undo, the replay's two).

import { isRedoKey, isUndoKey, letterKeysOn, notTheGames, onKey } from '../input/keys.js';

/**
 * Wires the page's controls to `shell`; returns what unwires them (the route closed: the header
 * and the document outlive the shell).
 * @param {import('./shell.js').GameShell} shell
 */
export function wirePageControls(shell) {
  const { el, doc } = shell;
  const onNewGame = () => shell.requestNewGame();
  // A game that ends on its board offers Play again (ending.js shows it): a game over asks nothing.
  const playAgain = doc.getElementById('play-again');
  const onPlayAgain = () => shell.newGame();
  const onUndo = () => shell.requestUndo();
  const onRedo = () => shell.requestRedo();
  const onGameOverClose = () => {
    const choice = el.gameOverDialog.returnValue;
    if (choice === 'new') shell.newGame();
    else if (choice === 'restart') shell.restart();
    else if (choice === 'undo') shell.requestUndo();
    // The app opens the replay viewer on the game, or copies its link (app.js listens).
    else if (choice.endsWith('replay')) shell.askReplay({ copy: choice === 'copy-replay' });
  };
  const onUndoKey = (event) => {
    const redo = isRedoKey(event);
    if (event.defaultPrevented || event.isComposing || !(redo || isUndoKey(event))) return;
    // The game-over panel offers Undo itself, so there the keys do what its button does;
    // any other dialog keeps its keys.
    const onlyGameOver = el.gameOverDialog?.open && !el.confirmDialog.open && !shell.pageDialogOpen;
    if (!onlyGameOver && (notTheGames(event) || shell.dialogOpen)) return;
    // U is a letter key: off in the panel too when letter keys are (Ctrl+Z stays).
    if (onlyGameOver && !event.ctrlKey && !event.metaKey && !letterKeysOn()) return;
    event.preventDefault();
    if (!event.repeat) {
      if (redo) shell.requestRedo();
      else shell.requestUndo();
    }
  };
  el.newGame.addEventListener('click', onNewGame);
  playAgain?.addEventListener('click', onPlayAgain);
  if (shell.undoEnabled) {
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
