// Focus never falls to the page's body while a game is shown. When the control that had it goes
// (the replay's bar closing or taken on with Play from here, the game-over panel closing as its
// Undo or New game is chosen, a line's button replaced as a new game starts), the game's board
// takes it: the keys of the game and a screen reader's reading go on from there, rather than
// from the top of the page. A player who clicks an empty part of the page keeps the focus where
// the browser puts it: only a control that is gone, hidden or closed gives it up to the board.
// It comes with Ask the board, a moment after the first board (app.js), and stays until the
// route closes.

/** The board's own place for the focus: the board, or its square with the cursor (Minesweeper,
 * tic-tac-toe), or its first tile (Fifteen). */
function boardFocus(board) {
  if (board.tabIndex >= 0) return board;
  return board.querySelector('[tabindex="0"]') ?? board.querySelector('button');
}

/** True when `element` can no longer hold the focus: removed, hidden, in a closed dialog or
 * put out of use. */
function gone(element) {
  if (!(element instanceof Element) || !element.isConnected) return true;
  if (element.closest('dialog:not([open]), [hidden], [inert]') || element.disabled) return true;
  return element.getClientRects().length === 0;
}

/**
 * Keeps the focus off the body for `shell`'s game until the route closes.
 * @param {import('../midend/shell.js').GameShell} shell
 */
export function keepFocus(shell) {
  const { doc, board } = shell;
  // Looked at a task later: a dialog gives the focus back as it closes, and the game's new
  // board is drawn, before the body is known to have it.
  const rescue = (lost = null) => setTimeout(() => {
    if (shell.destroyed || !board.isConnected) return;
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    if (lost && !gone(lost)) return;
    boardFocus(board)?.focus();
  });
  const onFocusOut = (event) => {
    if (!event.relatedTarget) rescue(event.target);
  };
  doc.addEventListener('focusout', onFocusOut);
  // A control removed with the focus gives no focusout in every browser: after the changes that
  // remove one, the focus is looked at too.
  const unwatch = shell.watch((what) => {
    if (what === 'replay-ended' || what === 'undo' || what === 'dealt') rescue();
    if (what !== 'destroy') return;
    doc.removeEventListener('focusout', onFocusOut);
    unwatch();
  });
}
