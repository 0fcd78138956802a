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

export class Choice {
  /**
   * @param {import('./shell.js').GameShell} shell
   * @param {object} rule  the game's `params` (above)
   */
  constructor(shell, rule) {
    this.shell = shell;
    this.rule = rule;
    this.key = `gridplay.${shell.name}.${rule.name}`;
    /** What the next new game gets: the player's last choice, or the game's own. */
    this.value = this.stored() ?? rule.fallback;
  }

  /** The choice kept in storage (another tab's, it may be), or null for none usable. */
  stored() {
    return this.rule.read(this.shell.storage.get(this.key));
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

  /** The picker is out of use: the shell plays one deal only (the day's), whose it shows. */
  fix() {
    if (this.rule.picker) this.rule.picker.inert = true;
  }

  /**
   * The player picked `value`: a new game with it, asking first while a game is in progress.
   * Kept, it is stored (the next visit starts with it); kept out (the player went on with the
   * game), the picker shows the game's own again. Resolves true iff the new game started.
   */
  async choose(value) {
    const { shell, rule } = this;
    if (!shell.game || shell.destroyed || shell.dialogOpen) return false;
    if (shell.replaying) shell.endReplay();
    shell.tabs.follow();
    if (rule.write(value) === rule.write(this.of(shell.game))) return false;
    if (shell.inProgress && !(await shell.ask(rule.question(value)))) {
      this.show(this.of(shell.game));
      return false;
    }
    if (shell.destroyed) return false;
    this.value = value;
    shell.storage.set(this.key, rule.write(value));
    this.show();
    await shell.newGame();
    return true;
  }
}

/**
 * The rule of a game whose parameter is its kind of deal (a Fifteen size, a Minesweeper board):
 * the text of its link without a seed (`size=4`, `30x16x99`), which the engine deals
 * (`rules.fromLink`); a preset's `link` or any other kind the engine deals (a custom board).
 * The first kind is the engine's own (`fromLink('')`). `show(link)` and `question(link)` are the
 * game's: where the picker is and what is asked.
 */
export function kindChoice(rules, { name, picker, show, question }) {
  const kindOf = (game) => game.kind().link;
  const read = (text) => {
    if (!text) return null;
    try {
      const game = rules.fromLink(text);
      const kind = kindOf(game);
      game.free();
      return kind === text ? text : null;
    } catch {
      return null;
    }
  };
  const first = rules.fromLink('');
  const fallback = kindOf(first);
  first.free();
  return { name, read, write: String, fallback, of: kindOf, show, question, picker };
}
