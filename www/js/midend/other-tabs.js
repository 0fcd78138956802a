// Keeping a tab in step with the other tabs of the same site that play its game (kept-game.js
// keeps the game; docs/design.md, "Several tabs"). What reaches a tab from them is another
// tab's write, as the browser's storage event, and the moment this tab is shown again (asleep
// in the background, or woken from the back-forward cache, it may have heard nothing). What the
// tab does about it: follows another tab's game, shows a best another tab kept, says that a
// move of its own was not played, and writes no more once a newer version keeps the game.
//
// The mid end alone changes the game shown and draws it; it gives this module its paths for
// that (a port, below): `adopt` (a game followed becomes the game in play), `showKept` (back to
// the game this tab last kept), `setAside` (behind a replay), `heardBest` (a best shown), and
// `readKept` (the game kept, now seen). What another tab kept is read from the record
// (kept-game.js's `recorded`), not taken from storage's copy, which may lag it: a copy another
// tab wrote late is no game to follow.

/** What another tab did to the game followed, in words: played on (moves, an undo), or a game
 * begun there (its attempt is not this tab's: a new game, or the same deal restarted).
 * `notice`: shown; `said`: announced, with where the game stands; `takenBack`: announced instead
 * where this tab's own moves were drawn and not kept. */
const FOLLOWED = {
  playedOn: {
    notice: 'This game was played on in another tab, so here it is as it stands there.',
    said: 'Game played on in another tab.',
    takenBack: 'Not played: this game was played on in another tab, so your last moves here were taken back.',
  },
  newGame: {
    notice: 'A new game was started in another tab, so here it is.',
    said: 'New game started in another tab.',
    takenBack: 'Not played: a new game was started in another tab, so your last moves here were taken back.',
  },
  restarted: {
    notice: 'This game was restarted in another tab: here it is, the same deal from its start.',
    said: 'Game restarted in another tab.',
    takenBack: 'Not played: this game was restarted in another tab, so your last moves here were taken back.',
  },
};
const OUTDATED = 'A newer version of Gridplay is open in another tab and keeps this game now. Reload to play on in it.';

export class OtherTabs {
  /**
   * @param {object} port what the mid end (shell.js) gives:
   * - `doc`: the page (shown again: `visibilitychange`, `pageshow`; Reload);
   * - `storage`: where other tabs' writes are heard (its watch());
   * - `kept`: the game kept (kept-game.js), which this module reads and claims;
   * - `playing()`: true while a game is in play on an open route;
   * - `replaying()`: true while a replay's step is shown in its place;
   * - `followSoon()`: follow() queued, after the move being drawn (move-queue.js);
   * - `dropQueued()`: forgets what was queued (it was meant for a board no longer the game);
   * - `setAside(game)`: `game` replaces the game kept aside behind a replay's step;
   * - `heardBest(key, value)`: another tab kept `value` under `key`, maybe a best shown here;
   * - `save()`: the game in play's save;
   * - `unkeptMoves()`: how many moves of the game shown were drawn here and not kept;
   * - `readKept(recorded)`: the game `recorded` holds ({text, seq}, the record's), or null
   *   (the kept game read now, without it);
   * - `adopt(game, said, takenBack)`: makes `game` the game in play, restored, and says `said`
   *   and where it stands (`takenBack`: how many moves drawn here were not kept, told);
   * - `showKept()`: shows the game this tab last kept;
   * - `announce(text)`, `notice(text, kind, options)`: said, and shown.
   */
  constructor(port) {
    Object.assign(this, port);
    const { doc } = port;
    const unwatch = port.storage.watch((key, value) => this.heard(key, value));
    const onShown = () => {
      if (doc.visibilityState === 'visible') this.soon();
    };
    doc.addEventListener('visibilitychange', onShown);
    doc.defaultView?.addEventListener('pageshow', onShown);
    this._unwatch = () => {
      unwatch();
      doc.removeEventListener('visibilitychange', onShown);
      doc.defaultView?.removeEventListener('pageshow', onShown);
    };
  }

  /** Stops hearing other tabs (the route closed). */
  destroy() {
    this._unwatch();
  }

  /** Another tab changed `key` to `value` (key null: storage cleared): its game is followed,
   * a best it kept is shown. */
  heard(key, value) {
    if (!this.playing()) return;
    if (this.kept.concerns(key)) this.soon();
    else if (key !== null) this.heardBest(key, value);
  }

  /** Follows another tab's game once the move being drawn is done (the queue); while a replay
   * is shown, the game kept aside behind it becomes the other tab's, unseen until the viewer
   * closes. */
  soon() {
    if (!this.playing() || this.kept.current) return;
    if (!this.replaying()) {
      this.followSoon();
      return;
    }
    const game = this.readKept();
    if (game) this.setAside(game);
  }

  /**
   * If storage holds a game this tab has not seen (another tab's), makes it the game in play
   * and says so (`said`, and that it was played on or begun elsewhere): true. False when this tab's game
   * is the one kept, and may be written. Checked before each move, undo or new game of this
   * tab's own, so a tab that heard nothing (asleep, just woken) never writes over a newer game.
   * `force`: read it again though this tab's game seems the one kept (its move was refused).
   */
  async follow({ force = false, said } = {}) {
    const { kept } = this;
    if (!force && kept.current) return false;
    const recorded = await kept.recorded();
    if (!this.playing()) return true;
    // A newer version keeps the game: this tab stops, writing nothing, and takes back what it
    // drew and did not keep.
    if (recorded === null) {
      this.lost(false);
      return true;
    }
    if (!recorded.newer && !force) return false;
    // This tab's own moves, drawn, were not kept: said so as they are taken back.
    const takenBack = kept.unkeptShown ? this.unkeptMoves() : 0;
    const begun = kept.otherAttempt();
    const words = !begun ? FOLLOWED.playedOn : begun.origin === 'restart' ? FOLLOWED.restarted : FOLLOWED.newGame;
    said ??= takenBack > 0 || kept.lost ? words.takenBack : words.said;
    const game = recorded.none ? null : this.readKept(recorded);
    if (!game) {
      // Nothing kept (storage cleared), or nothing readable: this tab's game stands.
      kept.claim(this.save());
      return false;
    }
    this.notice(words.notice, 'other-tab');
    this.adopt(game, said, takenBack);
    return true;
  }

  /** A newer version of the page keeps the game now: what was queued is dropped, moves drawn
   * and not kept are taken back, and the tab says so and offers to reload. */
  lost(refused = true) {
    this.dropQueued();
    const unkept = this.kept.shown !== this.kept.text;
    if (unkept) this.showKept();
    this.outdated(refused || unkept);
  }

  /** A newer version of the page keeps this game (another tab's): this one writes no more, and
   * offers to reload into that version. `refused`: a move or undo of this tab's was not made. */
  outdated(refused = true) {
    if (refused) this.announce(`Not played: ${OUTDATED[0].toLowerCase()}${OUTDATED.slice(1)}`);
    this.notice(OUTDATED, 'outdated', {
      timeout: 0,
      action: { label: 'Reload', onClick: () => this.doc.defaultView.location.reload() },
    });
  }
}
