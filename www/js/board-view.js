// Drawing helpers every Gridplay board view shares (threes-view.js, view2048.js): placing a
// tile on the grid, waiting for slides to finish, and whether to animate at all.
//
// Tiles are absolutely positioned in the tile layer; CSS (style.css, `.tile`) places each from
// the custom properties --r and --c (row and column) in units of the board's cell size, so the
// board scales with the viewport and a move is a CSS transition on `transform`.
//
// Nothing here knows about a particular game.

/**
 * Whether moves should be drawn without sliding. The app's motion setting decides (settings.js
 * resolves "auto" from prefers-reduced-motion and writes `data-motion="on|off"` on <html>);
 * without that attribute, the system preference does.
 */
export function prefersReducedMotion() {
  const motion = document.documentElement.dataset.motion;
  if (motion) return motion === 'off';
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Puts `tile` at (row, col); with a transition on transform, it slides there. */
export function place(tile, row, col) {
  tile.style.setProperty('--r', String(row));
  tile.style.setProperty('--c', String(col));
}

/**
 * Resolves once every element has finished its transform transition, or after `timeout` ms,
 * whichever comes first: a missed transitionend (hidden tab, element removed, zero distance)
 * can never hang the game.
 */
export function transitionsDone(elements, timeout) {
  return new Promise((resolve) => {
    const pending = new Set(elements);
    let timer = 0;
    const finish = () => {
      clearTimeout(timer);
      for (const el of elements) {
        el.removeEventListener('transitionend', onEnd);
        el.removeEventListener('transitioncancel', onEnd);
      }
      resolve();
    };
    function onEnd(event) {
      if (event.target !== event.currentTarget || event.propertyName !== 'transform') return;
      pending.delete(event.currentTarget);
      if (pending.size === 0) finish();
    }
    for (const el of elements) {
      el.addEventListener('transitionend', onEnd);
      el.addEventListener('transitioncancel', onEnd);
    }
    timer = setTimeout(finish, timeout);
    if (pending.size === 0) finish();
  });
}

/** "Row 1: 2, empty, 4, 8. Row 2: …", prefixed with "Board." (the board's aria-label). */
export function describeGrid(grid) {
  const rows = grid.map(
    (row, r) => `Row ${r + 1}: ${row.map((v) => (v ? String(v) : 'empty')).join(', ')}.`,
  );
  return `Board. ${rows.join(' ')}`;
}
