// A picker (a group of radio buttons: a board size, a Minesweeper board, an opponent) chosen by
// a tap, a click, or by the keys without dealing on every one: the arrows move the choice along
// the picker as a radio group does, and Enter or Space picks the one shown. Left with the arrows'
// choice unpicked, the picker goes back to what it showed (`restore`). After a pick by tap or
// click, the arrows are the game's again. A picker dealt on every
// arrow key dealt a 4×4 to a player who had only meant to move past it.

const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * Calls `pick(input)` with the radio the player picked in `picker`; `restore()` puts back the
 * picker's own choice when the arrows' choice is left unpicked. Returns what unwires it.
 */
export function onPick(picker, pick, restore) {
  /** The radio the arrows have moved to, not yet picked. */
  let moved = null;
  /** Set by an arrow key: the change it is about to make is a move, not a pick. */
  let arrowed = false;
  /** Set by a pointer pressed on the picker: the change it makes is a pick by tap or click. */
  let pointed = false;
  const onKeyDown = (event) => {
    if (!(event.target instanceof HTMLInputElement) || event.target.type !== 'radio') return;
    pointed = false;
    // The change an arrow makes follows its keydown (in a group of two or more, an arrow always
    // makes one, which takes the mark back), and no other key makes one.
    arrowed = ARROWS.has(event.key);
    if (arrowed) return;
    if ((event.key === 'Enter' || event.key === ' ') && moved) {
      event.preventDefault();
      const input = moved;
      moved = null;
      pick(input);
    }
  };
  const onChange = (event) => {
    if (arrowed) {
      arrowed = false;
      moved = event.target;
      return;
    }
    moved = null;
    // Picked by a tap or a click: the arrows belong to the game again, not to the picker (its
    // radio kept the focus, and the arrows then moved the choice, which Enter picked). The focus
    // leaves before the pick, so a question it asks gives the focus back to the page.
    if (pointed) event.target.blur();
    pointed = false;
    pick(event.target);
  };
  const onPointerDown = () => {
    pointed = true;
  };
  const onFocusOut = (event) => {
    if (moved && !picker.contains(event.relatedTarget)) {
      moved = null;
      restore();
    }
  };
  picker.addEventListener('keydown', onKeyDown);
  picker.addEventListener('change', onChange);
  picker.addEventListener('focusout', onFocusOut);
  picker.addEventListener('pointerdown', onPointerDown);
  return () => {
    picker.removeEventListener('pointerdown', onPointerDown);
    picker.removeEventListener('keydown', onKeyDown);
    picker.removeEventListener('change', onChange);
    picker.removeEventListener('focusout', onFocusOut);
  };
}
