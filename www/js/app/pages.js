// Moving between the site's pages in one document. Home and each game are pages of their own,
// so that a first load carries one screen's bytes; but once the app runs, going to another of
// its pages (home's cards, the Gridplay link, Back) takes that page's screen from what the build
// wrote for it (pages/<screen>.json: its view, the games it knows, its words; pages/<screen>.css:
// its stylesheet) and keeps the document: the app, the code and engines compiled already, the
// store and the settings go on, and the screen is drawn as fast as a screen of one page. Offline
// both come from the service worker's cache, as the page would. Where they cannot be had, or
// were built with another version of the app, the page is loaded instead.

import { knowGames } from '../ui/games.js';

const root = () => new URL('./', document.baseURI);

/** The stylesheet of the page shown: the page's own inline one until another page is taken. */
let sheet = null;
/** Counts the pages asked for, so that of two quick moves only the last one is taken. */
let asked = 0;

/** Whether `link`'s stylesheet loaded (true) or failed (false). */
const loaded = (link) => new Promise((resolve) => {
  link.addEventListener('load', () => resolve(true), { once: true });
  link.addEventListener('error', () => resolve(false), { once: true });
});

/**
 * Takes the page of `screen` into this document, whose app is the bundle at `app` (its
 * import.meta.url): its view's template, its stylesheet in place of the last page's, the games
 * it knows and its words. Resolves 'taken' once its screen can be shown (app.js then routes to
 * it), 'load' where the page must be loaded instead, 'later' where a later move took over.
 */
export async function takePage(screen, app) {
  const ask = ++asked;
  let data;
  try {
    const response = await fetch(new URL(`pages/${screen}.json`, root()));
    if (!response.ok) return 'load';
    data = await response.json();
  } catch {
    return 'load'; // offline before the site was kept, or the server is gone
  }
  if (ask !== asked) return 'later';
  // Another version's page needs that version's app: loaded whole.
  if (new URL(data.app, root()).href !== app || data.page !== screen) return 'load';
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL(data.style, root()).href;
  const last = sheet ?? document.querySelector('head > style');
  // In the last one's place in the cascade (the stylesheets that came later, Ask the board's,
  // the replay's, still come after it); both apply until the new one is in, each game's rules
  // under its own body[data-route], so nothing shows unstyled meanwhile.
  if (last) last.before(link);
  else document.head.append(link);
  if (!(await loaded(link))) {
    link.remove();
    return ask === asked ? 'load' : 'later';
  }
  if (ask !== asked) {
    link.remove();
    return 'later';
  }
  last?.remove();
  sheet = link;
  if (!document.getElementById(`view-${screen}`)) document.body.insertAdjacentHTML('afterbegin', data.template);
  knowGames(data.games);
  // The page whose screen the document shows, as the boot script wrote it for the one it loaded.
  window.gridplayPage = data.page;
  // Its words, for anything that reads them from the document (a share sheet, an extension).
  document.querySelector('meta[name="description"]')?.setAttribute('content', data.description);
  document.querySelector('meta[property="og:description"]')?.setAttribute('content', data.description);
  document.querySelector('meta[property="og:title"]')?.setAttribute('content', data.title);
  return 'taken';
}
