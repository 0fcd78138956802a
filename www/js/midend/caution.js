// A word from the engine on the deal in play (its caution(), the game contract): a Minesweeper
// no-guess board that could not be made so, known once the first dig has placed its mines. Said
// once a deal, as a notice with a way to a new game, as soon as the engine has it; a new game
// takes it away. Not while a replay is shown: its deal is not the one in play.

/** Watches `shell`'s positions for the engine's caution; the shell's destroy() ends it. */
export function watchCautions(shell) {
  let said = { id: '', notice: null };
  shell.watch((what) => {
    const game = shell.game;
    if (what === 'destroy' || !game || shell.replaying) return;
    const id = game.startId();
    if (said.id === id) return;
    said.notice?.remove();
    said = { id: '', notice: null };
    const words = game.caution();
    if (!words) return;
    said = {
      id,
      notice: shell.notice(words, 'caution', {
        action: {
          label: 'New game',
          onClick: () => {
            said.notice?.remove();
            shell.requestNewGame();
          },
        },
      }),
    };
  });
}
