// The games this page may show, by route, as the page names them (the boot script's
// window.gridplayGames, which scripts/build-site.mjs writes from www/games.json): a game's
// page knows its own game, home every game. So the app's bundle, the same on every page,
// names no game, and adding one changes no other game's page. Moving to another page of the
// site in the same document (app/pages.js) adds what that page knows (knowGames).
//
// Each: its `title`, its words for what a shared link deals (`sameDeal`) and its day's deal's
// parameters (`daily`), where it has them; its engine's wasm; and where a page named its files
// `module()`, its code (a route bundle, js/<route>/mount-<hash>.js). (The page's data, not
// a part of the page: the lowest role, so anything may read it.)

export const GAMES = {};

/** Adds the games a page names (its data's `games`) to GAMES; what is known already stays. */
export function knowGames(games) {
  for (const [route, game] of Object.entries(games ?? {})) {
    const known = GAMES[route];
    const script = (game.files ?? []).find((path) => path.endsWith('.js'));
    GAMES[route] = {
      ...known,
      ...game,
      engine: `pkg/${route}_bg.wasm`,
      ...(script ? { module: async () => import(new URL(script, document.baseURI).href) } : {}),
    };
  }
}

knowGames(window.gridplayGames);
