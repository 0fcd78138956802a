// Taps act as the finger lifts, exactly once.
//
// Chromium drops the click of a tap that follows a swipe by less than about 0.6 s (a page with
// a `touch-action: none` box and a button is enough), so a quick player's Undo, Hint or New
// game right after a move did nothing. The original 2048 acts on touchend as well as click for
// this. Here a one-finger tap on a control (a button, a link, or a label or input of a choice)
// becomes that control's click at touchend, and the touchend is cancelled, which cancels the
// browser's own click: the control acts once, whether or not Chromium would have sent it. A
// board reads its own pointers (swipes, taps, long presses) and is left alone, and so is a
// touch that moved (a scroll) or that the browser is already scrolling with.

/** A finger that travels further than this is scrolling or swiping, not tapping. */
const SLOP_PX = 10;
const CONTROL = 'button, a[href], label, input[type="radio"], input[type="checkbox"]';

/** The control a tap on `node` is for, or null (none, a board's, or a disabled one). */
function controlAt(node) {
  const control = node?.closest?.(CONTROL);
  if (!control || control.closest('#board') || control.disabled) return null;
  return control;
}

/** Makes one-finger taps on controls in `root` (the document) act at touchend. */
export function actOnTaps(root = document) {
  let press = null;
  const forget = () => {
    press = null;
  };
  root.addEventListener('touchstart', (event) => {
    const [touch] = event.touches;
    press = event.touches.length === 1
      ? { control: controlAt(event.target), x: touch.clientX, y: touch.clientY }
      : null;
  }, { capture: true, passive: true });
  root.addEventListener('touchmove', (event) => {
    const [touch] = event.touches;
    if (press && (event.touches.length > 1 || Math.hypot(touch.clientX - press.x, touch.clientY - press.y) > SLOP_PX)) forget();
  }, { capture: true, passive: true });
  root.addEventListener('touchcancel', forget, { capture: true, passive: true });
  root.addEventListener('touchend', (event) => {
    const tapped = press?.control;
    forget();
    if (!tapped || event.touches.length > 0 || !event.cancelable) return;
    const [touch] = event.changedTouches;
    // Lifted off the control it landed on: no tap, as with a click.
    if (controlAt(document.elementFromPoint(touch.clientX, touch.clientY)) !== tapped) return;
    event.preventDefault();
    // Focus goes where a tap puts it, as with the browser's own click: a dialog opened from
    // here gives focus back to this control when it closes, and keys go on to the game.
    tapped.focus({ preventScroll: true });
    tapped.click();
  }, { capture: true });
}
