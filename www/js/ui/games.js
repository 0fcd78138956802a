// The games this page may show, by route, as the page names them (the boot script's
// window.gridplayGames, which scripts/build-site.mjs writes from www/games.json): a game's
// page knows its own game, home every game. So the app's bundle, the same on every page,
// names no game, and adding one changes no other game's page.
//
// Each: its `title`, its words for what a shared link deals (`sameDeal`) and its day's deal's
// parameters (`daily`), where it has them; its engine's wasm; and on its own page `module()`,
// its code (a route bundle the page names, js/<route>/mount-<hash>.js). (The page's data, not
// a part of the page: the lowest role, so anything may read it.)

const code = (route) => new URL(window.gridplayGames[route].files.find((path) => path.endsWith('.js')), document.baseURI).href;

export const GAMES = Object.fromEntries(Object.entries(window.gridplayGames ?? {}).map(([route, game]) => [route, {
  ...game,
  engine: `pkg/${route}_bg.wasm`,
  module: async () => import(code(route)),
}]));
