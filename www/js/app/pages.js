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

/**
 * The pages' stylesheets in this document, by their file's URL (pages/<screen>.css), each a
 * <link> but the loaded page's own, inline (the same rules as its file). The page shown's
 * applies; the others stay, out of the cascade (media "not all"), for a move back to their
 * page, which then fetches nothing. A stylesheet asked for ahead of a move loads so too.
 */
const sheets = new Map(); // href → {element, loaded: true once loaded, false if it failed}
/** The page's stylesheet that applies. */
let shown = document.querySelector('head > style');
if (shown && window.gridplayPage) {
  sheets.set(new URL(`pages/${window.gridplayPage}.css`, root()).href, { element: shown, loaded: Promise.resolve(true) });
}

/**
 * The stylesheet at `href` (a URL), put in the document out of the cascade if it is not there
 * yet: beside the page's stylesheet that applies, so that every page's comes where the loaded
 * page's came (the stylesheets added later, Ask the board's, the replay's, still come after).
 */
function sheetAt(href) {
  if (!sheets.has(href)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'not all';
    link.href = href;
    const sheet = {
      element: link,
      loaded: loaded(link).then((ok) => {
        if (!ok) { // asked again next time
          link.remove();
          sheets.delete(href);
        }
        return ok;
      }),
    };
    if (shown?.isConnected) shown.before(link);
    else document.head.append(link);
    sheets.set(href, sheet);
  }
  return sheets.get(href);
}

/** Counts the pages asked for, so that of two quick moves only the last one is taken. */
let asked = 0;

/**
 * screen → the promise of its page's data (null where it could not be had), asked for ahead of
 * the move that takes it; a move uses it once, so the next move asks again (a newer version of
 * the site may have come meanwhile, whose pages this app must not take).
 */
const pages = new Map();

/**
 * Asks for the data of the page of `screen` (once, until a move takes it; a failure is asked
 * again next time), and then for its stylesheet, so that a move to it need wait for neither.
 * Resolves its data, or null, once the games it knows are known (ui/games.js).
 */
export function readyPage(screen) {
  if (!pages.has(screen)) {
    const data = fetch(new URL(`pages/${screen}.json`, root()))
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
    // The games it knows, with their files, are known from now: a move to one may start its
    // code and engine while the page is taken (app.js).
    pages.set(screen, data.then((page) => {
      if (page) {
        knowGames(page.games);
        sheetAt(new URL(page.style, root()).href);
      } else {
        pages.delete(screen);
      }
      return page;
    }));
  }
  return pages.get(screen);
}

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
  // Offline before the site was kept, or the server is gone: null.
  const data = await readyPage(screen);
  pages.delete(screen);
  if (ask !== asked) return 'later';
  if (!data) return 'load';
  // Another version's page needs that version's app: loaded whole.
  if (new URL(data.app, root()).href !== app || data.page !== screen) return 'load';
  const { element, loaded: ok } = sheetAt(new URL(data.style, root()).href);
  if (!(await ok)) return ask === asked ? 'load' : 'later';
  if (ask !== asked) return 'later';
  // One page's stylesheet applies at a time: each game's rules are under its own
  // body[data-route], but the rules every page shares are in each page's.
  if (element !== shown) {
    element.removeAttribute('media');
    shown?.setAttribute('media', 'not all');
    shown = element;
  }
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
