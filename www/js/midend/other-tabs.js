// What reaches a tab from other tabs of the same site (see kept-game.js for what is kept and
// docs/design.md, "Several tabs"): another tab's write, as the browser's storage event, and
// the moment this tab is shown again (asleep in the background, or woken from the back-forward
// cache, it may have heard nothing). The mid end decides what to do with each.

/**
 * Calls `heard(key, value)` for each write of another tab (key null: storage cleared) and
 * `shown()` each time the page is shown again; returns what stops it.
 */
export function watchOtherTabs(storage, doc, { heard, shown }) {
  const unwatch = storage.watch(heard);
  const onShown = () => {
    if (doc.visibilityState === 'visible') shown();
  };
  doc.addEventListener('visibilitychange', onShown);
  doc.defaultView?.addEventListener('pageshow', onShown);
  return () => {
    unwatch();
    doc.removeEventListener('visibilitychange', onShown);
    doc.defaultView?.removeEventListener('pageshow', onShown);
  };
}
