// A word from the engine on the deal in play (its caution(), the game contract): a Minesweeper
// no-guess board that could not be made so, known once the first dig has placed its mines. Said
// once a deal, as a notice with a way to a new game, as soon as the engine has it; a new game
// takes it away. Not while a replay is shown: its deal is not the one in play. It is given the
// game's events, the game shown, and a notice and a new game to offer, and not the shell itself.

/**
 * Watches the positions shown for the engine's caution, until the game's 'destroy'.
 * @param {object} port
 * @param {(fn: (what: string) => void) => void} port.watch  hears the game's events (watchers.js)
 * @param {() => object|null} port.game  the game shown
 * @param {() => boolean} port.replaying  whether the game shown is a replay's step
 * @param {(text: string, kind: string, options: object) => {remove(): void}} port.notice  shows a notice
 * @param {() => void} port.requestNewGame  the New game button's: asks first if a game is in progress
 */
export function watchCautions({ watch, game: shown, replaying, notice, requestNewGame }) {
  let said = { id: '', notice: null };
  watch((what) => {
    const game = shown();
    if (what === 'destroy' || !game || replaying()) return;
    const id = game.startId();
    if (said.id === id) return;
    said.notice?.remove();
    said = { id: '', notice: null };
    const words = game.caution();
    if (!words) return;
    said = {
      id,
      notice: notice(words, 'caution', {
        action: {
          label: 'New game',
          onClick: () => {
            said.notice?.remove();
            requestNewGame();
          },
        },
      }),
    };
  });
}
