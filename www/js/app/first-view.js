// Runs while the page is parsed (inline at the end of <body>; scripts/build-site.mjs puts it
// there, with its hash in the page's Content-Security-Policy): puts the view of the screen the
// address opens into #view, a game's from its <template> (with what the header shows for it:
// its title, and its Share button and link to its day's deal where it has them) or home's, so
// that the page's first paint is that screen whole rather than the header alone, and styled
// (every game's stylesheet is in the page); the game draws its board into the view once its
// code and engine are in. app.js finds the view in place (#view's data-shows names it) and
// keeps it.
(() => {
  const name = /^#([^/]*)/.exec(location.hash)?.[1]?.toLowerCase() || 'home';
  const template = document.getElementById(`view-${name}`);
  if (!template) return; // not a screen of the app: app.js says so and shows home
  const view = document.getElementById('view');
  view.replaceChildren(template.content.cloneNode(true));
  view.dataset.shows = name;
  document.body.dataset.route = name;
  if (name === 'home') return;
  document.getElementById('title').textContent = template.dataset.title;
  document.getElementById('title-row').hidden = false;
  document.getElementById('new-game').hidden = false;
  document.getElementById('share').hidden = !('share' in template.dataset);
  document.getElementById('day-link').hidden = !('daily' in template.dataset);
})();
