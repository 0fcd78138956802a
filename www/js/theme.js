// Runs before the first paint (a classic, blocking script in <head>): puts the player's theme
// and motion on <html> as data-theme / data-motion, so a page never flashes the wrong colours
// before app.js (a module, run after parsing) takes over the settings. Same rules as app.js:
// a stored "light"/"dark" wins, otherwise the system's preference.
(() => {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem('gridplay.settings') || '{}') || {};
  } catch {
    // Storage refused or unreadable: the system's preferences decide.
  }
  const system = (query) => window.matchMedia(query).matches;
  const root = document.documentElement;
  root.dataset.theme = ['light', 'dark'].includes(stored.theme)
    ? stored.theme
    : (system('(prefers-color-scheme: dark)') ? 'dark' : 'light');
  root.dataset.motion = ['on', 'off'].includes(stored.motion)
    ? stored.motion
    : (system('(prefers-reduced-motion: reduce)') ? 'off' : 'on');
})();
