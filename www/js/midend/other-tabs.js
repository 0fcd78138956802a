// Keeps a shell's game in step with other tabs of the same site (see kept-game.js for what is
// kept and docs/design.md, "Several tabs"). Another tab's write reaches this tab as the
// browser's storage event: its game is followed (the board becomes the newer game, a notice
// says so), and a best it kept is shown. A tab that heard nothing (asleep in the background,
// or woken from the back-forward cache) checks when it is shown again, and the shell checks
// before each input of its own (follow()), so it never writes over a game it has not seen.

import { freeGame } from './kept-game.js';

const NOTICE = 'This game was played on in another tab, so here it is as it stands there.';

export class OtherTabs {
  /**
   * @param {import('./shell.js').GameShell} shell
   */
  constructor(shell) {
    this.shell = shell;
    this._unwatch = shell.storage.watch((key, value) => this._heard(key, value));
    this._onShown = () => {
      if (shell.doc.visibilityState === 'visible') this._soon();
    };
    shell.doc.addEventListener('visibilitychange', this._onShown);
    shell.doc.defaultView?.addEventListener('pageshow', this._onShown);
  }

  destroy() {
    this._unwatch();
    this.shell.doc.removeEventListener('visibilitychange', this._onShown);
    this.shell.doc.defaultView?.removeEventListener('pageshow', this._onShown);
  }

  /** Another tab changed `key` to `value`: its game is followed, a best it kept is shown. */
  _heard(key, value) {
    const shell = this.shell;
    if (shell.destroyed || !shell.game) return;
    if (shell.kept.concerns(key)) this._soon();
    // (A replay's step is no game of the player's: its bests wait for the viewer to close.)
    else if (key !== null && !shell.replaying && shell.bestRules.some((rule) => rule.key(shell.game) === key)) this._bestHeard(key, value);
  }

  /** Follows another tab's game once the move being drawn is done (the shell's queue). */
  _soon() {
    const shell = this.shell;
    if (shell.destroyed || !shell.game || shell.kept.current) return;
    if (shell.replaying) this._aside();
    else shell.queue.follow();
  }

  /**
   * If storage holds a game this tab has not seen (another tab's), makes it the shell's game and
   * says so: true. False when the shell's game is the one kept, and may be written.
   */
  follow() {
    const shell = this.shell;
    if (shell.kept.current) return false;
    const old = shell.game;
    const game = shell._readKept();
    if (!game) {
      // Nothing kept (another tab cleared it), or nothing readable: this tab's game stands.
      shell.kept.claim(old.save());
      return false;
    }
    // The other tab's choice of size, board or opponent is the choice here too.
    const stored = shell.choice?.stored() ?? null;
    if (stored !== null) shell.choice.value = stored;
    // Their question was about the old board: closed unanswered.
    if (shell.el.confirmDialog.open) shell.el.confirmDialog.close('');
    if (shell.el.gameOverDialog?.open) shell.el.gameOverDialog.close('');
    shell._setGame(game, true);
    shell.notice(NOTICE, 'other-tab');
    shell.announce(`Game played on in another tab. ${shell.view.status(game)}`);
    shell._hook(shell.onGame, game, { restored: true });
    freeGame(old);
    return true;
  }

  /** While a replay is shown, the game kept aside behind it becomes the other tab's, unseen
   * until the viewer closes. */
  _aside() {
    const game = this.shell._readKept();
    if (!game) return;
    freeGame(this.shell._played);
    this.shell._played = game;
  }

  /** Another tab kept `value` as the best under `key`: shown here. One worse than this tab's
   * own (two tabs kept a best at the same moment, and the other's write came last) is put
   * right. */
  _bestHeard(key, value) {
    const shell = this.shell;
    const rule = shell.bestRules.find((r) => r.key(shell.game) === key);
    const own = shell.bests[rule.name];
    const theirs = Number(value);
    if (own && value !== null && Number.isSafeInteger(theirs) && (rule.lower ? theirs > own : theirs < own)) {
      shell.storage.set(key, String(own));
      return;
    }
    shell._keepBests(true);
    if (!shell.busy && !shell.replaying) shell.view.draw(shell.game, { best: shell.best });
  }
}
