// The replay viewer, the same for every game: any save (a game's start and every move) opened
// at its start and watched move by move (#<route>/replay=<save>). It shows each step in place of
// the game in play, read-only (the shell keeps that game aside: shell.showReplayStep), each
// step from the engine's atStep(n), which starts from the nearest checkpoint, so the end of a
// long game is as quick to reach as its start. Controls, in the how-to's place: Start, Back,
// Play/Pause with a speed, Forward, End, a scrubber, Play from here (the step shown becomes the
// game in play, asking first if a game is in progress) and Close. Keys: the left and right
// arrows step, Home and End, Space plays and pauses, [ and ] go to the previous and next marked
// move, Esc closes; on a phone a swipe left steps forward and a swipe right back. Meanwhile the
// game's helper judges every move (judging.js): under the scrubber, the moves it marks; under
// the controls, what it thinks of the move about to be played. Each step is said: where it is,
// the move that brought it there in the engine's words, where the game stands and the note,
// which is said again once a note still being judged has come.

import { keysBelongTo, onKey, swipeDirection } from '../input/keys.js';
import { Judging } from './judging.js';
import { inHowToPlace, make, svg } from '../ui/ui.js';

/** Steps a second while playing. */
const SPEEDS = [1, 2, 4, 8];
const ICONS = {
  start: 'M5 5h2.5v14H5zM19 5l-10 7 10 7z',
  back: 'M16 5l-9 7 9 7z',
  play: 'M8 5v14l11-7z',
  pause: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z',
  forward: 'M8 5l9 7-9 7z',
  // A step to the previous or next mark: the arrow and the mark's square.
  'prev-mark': 'M13 5l-9 7 9 7zM15 9h5v6h-5z',
  'next-mark': 'M11 5l9 7-9 7zM4 9h5v6H4z',
  end: 'M16.5 5H19v14h-2.5zM5 5l10 7-10 7z',
};

const icon = (path) => svg('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' }, svg('path', { d: path }));

export class ReplayViewer {
  /**
   * Opens `save` in the viewer over `shell`'s game; throws (the engine's `load: …`) if it is
   * not a save of that game, leaving the game as it was.
   * @param {() => void} onClose  the viewer closed (the app puts the address back)
   * @param {string} [game]  the game, by its route, whose helper judges the moves (none: unjudged)
   */
  constructor(shell, save, { onClose = () => {}, game = '' } = {}) {
    this.full = shell.loadGame(save);
    this.shell = shell;
    // Its deal is seen played out: an attempt at it is practice from now on (standing.js).
    shell.watched(this.full);
    this.onClose = onClose;
    this.last = this.full.stepCount();
    // A step that may move more than one thing (a Fifteen slide of a row of tiles) has the
    // view's own word, and the viewer counts the moves too, as the game's end counts them.
    this.moves = this.full.moveCount();
    this.stepWord = this.moves === this.last ? 'Move' : shell.stepName;
    this.step = 0;
    this.speed = 1;
    this.timer = 0;
    /** When the viewer last spoke (performance.now()): playing, it says a step at most each second. */
    this._saidAt = 0;
    this.judging = game ? new Judging(game, this.full.save(), this.last, (step) => this._judged(step)) : null;
    this._build();
    this._listen();
    // While it is open a swipe on the board steps (replay.css): a board that scrolls in its
    // frame (Minesweeper's) is scrolled to each move instead.
    document.body.dataset.replay = '';
    this.show(0);
  }

  _build() {
    const button = (act, label, withIcon = true) => {
      const b = make('button', { type: 'button', className: 'button button-quiet replay-button' });
      b.dataset.act = act;
      if (withIcon) {
        b.append(icon(ICONS[act]));
        b.setAttribute('aria-label', label);
        b.title = label;
      } else {
        b.textContent = label;
      }
      return b;
    };
    this.el = {
      play: button('play', 'Play'),
      scrubber: make('input', { type: 'range', className: 'replay-scrubber', min: '0', max: String(this.last), step: '1', value: '0' }),
      where: make('span', { className: 'replay-where' }),
      speed: make('select', { className: 'replay-speed' }, ...SPEEDS.map((n) => make('option', { value: String(n), textContent: `${n}×` }))),
      note: make('p', { className: 'replay-note' }),
      summary: make('p', { className: 'replay-summary' }),
    };
    this.el.scrubber.setAttribute('aria-label', 'Move');
    this.el.speed.setAttribute('aria-label', 'Speed');
    // The how-to's class: its place in every layout (style.css).
    this.bar = make('div', { className: 'how-to replay-bar' },
      make('div', { className: 'replay-row' }, button('start', 'Start'), button('back', 'Back one move'), this.el.play,
        button('forward', 'Forward one move'), button('end', 'End'), this.el.speed),
      make('div', { className: 'replay-row' },
        make('div', { className: 'replay-track' }, this.el.scrubber, ...(this.judging ? [this.judging.track] : [])), this.el.where),
      ...(this.judging ? [make('div', { className: 'replay-row replay-judge' },
        button('prev-mark', 'Previous marked move'), this.el.note, button('next-mark', 'Next marked move')), this.el.summary] : []),
      make('div', { className: 'replay-row' }, button('here', 'Play from here', false), button('close', 'Close', false)));
    this.bar.setAttribute('role', 'group');
    this.bar.setAttribute('aria-label', 'Replay');
    inHowToPlace(this.shell.howTo, this.bar);
  }

  _listen() {
    const { board } = this.shell;
    this._onClick = (event) => {
      const act = event.target.closest?.('[data-act]')?.dataset.act;
      if (act) this.act(act);
    };
    this._onInput = () => {
      this.pause();
      this.show(Number(this.el.scrubber.value));
    };
    this._onSpeed = () => {
      this.speed = Number(this.el.speed.value);
      if (this.timer) this.play();
    };
    // The first layer of keys (input/keys.js), so the game's own keys (which would be moves)
    // never see them.
    this._onKey = (event) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      // The scrubber and the speed take their own keys, but not Escape: it closes the viewer
      // from its own controls too.
      if (keysBelongTo(event.target) && !(event.key === 'Escape' && this.bar.contains(event.target))) return;
      // Space plays unless a control has the focus (a button presses itself): on the board, the
      // bare page or a heading (where a route leaves the focus) it is the viewer's.
      const onPage = board.contains(event.target) || !event.target.closest?.('button, a[href], input, select, textarea, summary');
      const act = {
        ArrowLeft: 'back', ArrowRight: 'forward', Home: 'start', End: 'end', '[': 'prev-mark', ']': 'next-mark', ' ': onPage ? 'play' : null, Escape: 'close',
      }[event.key];
      if (!act) return;
      event.preventDefault();
      event.stopPropagation();
      if (!event.repeat || act !== 'play') this.act(act);
    };
    this._onDown = (event) => {
      this._swipe = event.isPrimary ? { x: event.clientX, y: event.clientY } : null;
    };
    this._onUp = (event) => {
      const from = this._swipe;
      this._swipe = null;
      const direction = from && swipeDirection(event.clientX - from.x, event.clientY - from.y);
      if (direction === 'left') this.act('forward');
      else if (direction === 'right') this.act('back');
    };
    this.bar.addEventListener('click', this._onClick);
    this.el.scrubber.addEventListener('input', this._onInput);
    this.el.speed.addEventListener('change', this._onSpeed);
    this._offKeys = onKey(document, 'replay', this._onKey);
    board.addEventListener('pointerdown', this._onDown, true);
    board.addEventListener('pointerup', this._onUp, true);
    // The shell ended the replay itself (New game) or closed: so does the viewer.
    this._unwatch = this.shell.watch((what) => {
      if (what === 'replay-ended' || what === 'destroy') this.close();
    });
  }

  /** Does what a control, key or swipe asks for. */
  act(act) {
    if (act === 'play') {
      if (!this.timer) {
        this.play();
        return;
      }
      this.pause();
      this._sayStep();
      return;
    }
    if (act === 'here') {
      this.playFromHere();
      return;
    }
    if (act === 'close') {
      this.close();
      return;
    }
    this.pause();
    const to = {
      start: 0,
      back: this.step - 1,
      forward: this.step + 1,
      end: this.last,
      'prev-mark': this.judging?.nextMark(this.step, -1),
      'next-mark': this.judging?.nextMark(this.step, 1),
    }[act];
    if (to === -1) return; // no marked move that way (yet)
    if (to !== undefined) this.show(Math.max(0, Math.min(this.last, to)));
  }

  /** Shows the game after its first `step` moves. */
  show(step) {
    this.step = step;
    this.shell.showReplayStep(this.full.atStep(step));
    this.el.scrubber.value = String(step);
    const where = this._where(step);
    this.el.where.textContent = where;
    this._showJudgement();
    this._pointNext();
    this.judging?.from(step);
    if (!this.timer) {
      this._sayStep();
      return;
    }
    // While it plays on, a step says only where it is, and no sooner than a second after the
    // last words: a step's words are many, and a listener takes about five a second, so at any
    // speed the speech keeps up with the board. The whole step is said where it stops.
    const now = performance.now();
    if (now - this._saidAt >= 1000) {
      this._saidAt = now;
      this.shell.announce(`${where}.`);
    }
  }

  /** Says the step shown: where it is, the move that brought it here in the engine's words
   * (where the judge has named it), where the game stands, and the note on the next move. */
  _sayStep() {
    const game = this.shell.game;
    const shown = this._shownWords(this.step);
    const status = shown && this.shell.isEnded(game) ? '' : this.shell.statusText(game);
    const note = this.judging ? this.el.note.textContent : '';
    this._saidAt = performance.now();
    this.shell.announce([`${this._where(this.step)}.`, shown, status, note].filter(Boolean).join(' '));
  }

  /** What the move into `step` did, in the engine's words ("Moved up. Made 8 in …"), once the
   * judge has named that move (its worker's moveAt); '' before. */
  _shownWords(step) {
    const move = step > 0 ? this.judging?.of(step - 1)?.move : null;
    if (move === null || move === undefined) return '';
    const before = this.full.atStep(step - 1);
    try {
      return before.play(move).said ?? '';
    } catch {
      return '';
    } finally {
      before.free();
    }
  }

  /** Where `step` is: "Move 3 of 20", or "Slide 3 of 20 (5 of 31 moves)". */
  _where(step) {
    const where = `${this.stepWord} ${step} of ${this.last}`;
    const { game } = this.shell;
    return this.moves === this.last ? where : `${where} (${game.moveCount()} of ${this.moves} moves)`;
  }

  /** What the judge thinks of the move about to be played from the step shown, and so far. */
  _showJudgement() {
    if (!this.judging) return;
    const judgement = this.judging.of(this.step);
    const next = `${this.stepWord} ${this.step + 1}: `;
    this.el.note.textContent = this.step >= this.last ? 'The end of the game.'
      : judgement ? `${next}${judgement.note}` : `${next}judging…`;
    this.el.note.classList.toggle('marked', Boolean(judgement?.marked));
    this.el.summary.textContent = this.judging.summary();
  }

  _judged(step) {
    if (step === this.step || this.judging.failed) {
      this._showJudgement();
      this._pointNext();
      // The note that said "judging…" is said now it has come (not while it plays on).
      if (step === this.step && !this.timer) this.shell.announce(this.el.note.textContent);
    } else {
      this.el.summary.textContent = this.judging.summary();
    }
  }

  /** The move the note is about, the next one, ringed on the board where the view can (its
   * square or tile: a view's showMove) once the judge has said it (the engine's moveAt, in the
   * judge's worker), red if marked, and in view. */
  _pointNext() {
    const judgement = this.step < this.last ? this.judging?.of(this.step) : null;
    this.shell.showMove(judgement?.move ?? null, { marked: Boolean(judgement?.marked) });
  }

  play() {
    clearInterval(this.timer);
    if (this.step >= this.last) this.show(0);
    this._saidAt = 0;
    this.timer = setInterval(() => {
      this.show(Math.min(this.last, this.step + 1));
      if (this.step < this.last) return;
      this.pause();
      this._sayStep();
    }, 1000 / this.speed);
    this._syncPlay();
  }

  pause() {
    clearInterval(this.timer);
    this.timer = 0;
    this._syncPlay();
  }

  _syncPlay() {
    const playing = Boolean(this.timer);
    this.el.play.replaceChildren(icon(playing ? ICONS.pause : ICONS.play));
    this.el.play.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    this.el.play.title = playing ? 'Pause' : 'Play';
  }

  /** The step shown becomes the game in play (asking first if a game is in progress). */
  async playFromHere() {
    this.pause();
    const shell = this.shell;
    if (shell.playedInProgress && !(await shell.ask({
      title: 'Play from here?',
      text: 'The game in progress will be replaced by this one, from this move on.',
      ok: 'Play from here',
      cancel: 'Keep watching',
    }))) return;
    this.close({ adopt: true });
    shell.announce(`Playing from move ${this.step}. ${shell.statusText(shell.game)}`);
  }

  /** Closes the viewer: back to the game in play, or (`adopt`) on with the step shown. */
  close({ adopt = false } = {}) {
    if (this.closed) return;
    this.closed = true;
    this.pause();
    const { board, howTo } = this.shell;
    this._unwatch();
    this._offKeys();
    board.removeEventListener('pointerdown', this._onDown, true);
    board.removeEventListener('pointerup', this._onUp, true);
    this.bar.remove();
    this.shell.showMove(null);
    delete document.body.dataset.replay;
    this.judging?.destroy();
    if (howTo) inHowToPlace(howTo, null);
    if (!this.shell.destroyed) this.shell.endReplay({ adopt });
    this.full.free();
    this.onClose();
  }
}
