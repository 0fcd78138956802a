// A game's parameter, the player's choice of what the next game deals (a board size, a
// Minesweeper board, an opponent), and its picker: kept under gridplay.<name>.<rule.name>,
// shown as the current game's own, and changed by choose(), which asks first while a game is in
// progress, keeps the choice and starts a game with it, once for every game.
//
// The rule a game gives (the shell's `params`): {name, read(text), write(value), fallback,
// of(game), show(value), question(value), picker}. read() gives null for text it cannot use
// (`fallback` then); of(game) is a game's own (null: a game does not say); show(value) puts it
// in the picker; question(value) is what the confirm dialog asks; `picker` (its element) is out
// of use while the shell plays its one deal. kindChoice() makes the rule of a game whose
// parameter is its kind of deal, from its engine's presets.
//
// A choice is given the rule, where it is kept, and what it reads and does of the game in play
// (the game shown, whether one is in progress, asking first, a new game), and not the shell itself.

import { onPick } from '../input/picker.js';

export class Choice {
  /**
   * @param {object} rule  the game's `params` (above)
   * @param {object} port
   * @param {string} port.name  the game's name, whose choice is kept under its own key
   * @param {object} port.storage  where the choice is kept (its get and set)
   * @param {Document} port.doc  the page: the focus on the picker
   * @param {() => object|null} port.game  the game shown (a replay's step, while one is)
   * @param {() => boolean} port.closed  whether the game's route has closed
   * @param {() => boolean} port.dialogOpen  whether a dialog is open (the board takes no input)
   * @param {() => boolean} port.inProgress  whether the game in play has moves and goes on
   * @param {() => void} port.leaveReplay  back to the game in play if a replay's step is shown
   * @param {() => Promise<boolean>} port.follow  shows another tab's newer game, if there is one
   * @param {(question: object) => Promise<boolean>} port.ask  asks the player first
   * @param {() => Promise<void>} port.newGame  deals a new game with the choice
   */
  constructor(rule, { name, storage, doc, game, closed, dialogOpen, inProgress, leaveReplay, follow, ask, newGame }) {
    this.rule = rule;
    this.storage = storage;
    this.doc = doc;
    Object.assign(this, { game, closed, dialogOpen, inProgress, leaveReplay, follow, ask, newGame });
    this.key = `gridplay.${name}.${rule.name}`;
    /** What the next new game gets: the player's last choice, or the game's own. */
    this.value = this.stored() ?? rule.fallback;
    if (rule.presets && rule.picker) this._wirePresets();
  }

  /** A picker of presets (kindChoice): a preset picked deals it; "custom" opens the form. By
   * the keys, the arrows move along it and Enter or Space picks (input/picker.js). */
  _wirePresets() {
    const { picker, presets, custom } = this.rule;
    onPick(picker, (input) => {
      const preset = presets.find((p) => p.name === input.value);
      if (preset) this.choose(preset.link);
      else if (!this._refused()) custom?.open(this.game());
    }, () => this.show(this.of(this.game())));
    // A click on Custom when it is already chosen opens the form again.
    picker.addEventListener('click', (event) => {
      if (custom && event.target.closest?.('input[value="custom"]') && !this.rule.presetOf(this.value) && !this._refused()) custom.open(this.game());
    });
  }

  /** The choice kept in storage (another tab's, it may be), or null for none usable. */
  stored() {
    return this.rule.read(this.storage.get(this.key));
  }

  /** `game`'s own parameter, or the current choice where the game does not say. */
  of(game) {
    return this.rule.of(game) ?? this.value;
  }

  /** Shows `value` (by default the choice) in the picker. */
  show(value = this.value) {
    this.rule.show(value);
  }

  /** `game` is now the one played: its parameter (a shared deal's size, a restored board) is
   * the choice now. */
  adopt(game) {
    this.value = this.of(game);
    this.show();
  }

  /** The picker is fixed: the shell plays one deal only (the day's), whose it shows. A pick on
   * it changes nothing, and `refuse()` says why (rather than a picker that does nothing). */
  fix(refuse) {
    this._refuse = refuse;
    this.rule.picker?.setAttribute('aria-disabled', 'true');
  }

  /** True iff the picker is fixed: the game's own is shown again, and why is said. */
  _refused() {
    if (!this._refuse) return false;
    this.show(this.of(this.game()));
    this._refuse();
    return true;
  }

  /**
   * The player picked `value`: a new game with it, asking first while a game is in progress.
   * Kept, it is stored (the next visit starts with it); kept out (the player went on with the
   * game), the picker shows the game's own again. Resolves true iff the new game started.
   */
  async choose(value) {
    const { rule } = this;
    if (!this.game() || this.closed() || this.dialogOpen() || this._refused()) return false;
    this.leaveReplay();
    await this.follow();
    if (this.closed()) return false;
    if (rule.write(value) === rule.write(this.of(this.game()))) return false;
    const from = this.doc.activeElement;
    if (this.inProgress() && !(await this.ask(rule.question(value)))) {
      this.show(this.of(this.game()));
      // The focus, on the radio the player picked, goes to the one of its group checked again:
      // it would otherwise sit on a choice not made.
      if (from?.type === 'radio' && !from.checked) this.doc.querySelector(`input[type="radio"][name="${from.name}"]:checked`)?.focus();
      return false;
    }
    if (this.closed()) return false;
    this.value = value;
    this.storage.set(this.key, rule.write(value));
    this.show();
    await this.newGame();
    return true;
  }
}

/**
 * The rule of a game whose parameter is its kind of deal (a Fifteen size, a Minesweeper board):
 * the text of its link without a seed (`size=4`, `30x16x99`), which the engine deals
 * (`rules.fromLink`): one of the engine's presets, or any other kind it deals (a custom board,
 * chosen in `custom`, a CustomForm, custom-form.js). The picker's radio buttons are the presets
 * (written into the page by the build, values their names) and, with a custom form, one of value
 * "custom". The first choice is the engine's own kind (`fromLink('')`). `question(link,
 * preset)` is what is asked before a game in progress is replaced (preset: null for a custom
 * kind).
 */
export function kindChoice(rules, { name, picker, question, custom = null }) {
  const presets = rules.presets();
  const presetOf = (link) => presets.find((preset) => preset.link === link) ?? null;
  const kindOf = (game) => game.kind().link;
  const read = (text) => {
    // A preset by its name too: what an older version kept ("4" for a 4×4 Fifteen).
    const link = presets.find((preset) => preset.name === text)?.link ?? text;
    if (!link) return null;
    try {
      const game = rules.fromLink(link);
      const kind = kindOf(game);
      game.free();
      return kind === link ? link : null;
    } catch {
      return null;
    }
  };
  const first = rules.fromLink('');
  const fallback = kindOf(first);
  first.free();
  const show = (link) => {
    const chosen = presetOf(link)?.name ?? 'custom';
    for (const input of picker.querySelectorAll('input')) input.checked = input.value === chosen;
  };
  return {
    name, read, write: String, fallback, of: kindOf, show, picker, presets, presetOf, custom,
    question: (link) => question(link, presetOf(link)),
  };
}
