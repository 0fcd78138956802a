// The page's addresses: home is the site's root (index.html), each game a page of its own
// (<route>.html) with the rest of its address in the hash. Read one way (readAddress) and
// written one way (addressOf) by everything that reads or writes one: the boot script, the
// first view, the app's routes, the links a game shares and the ones between its screens.

/**
 * What an address asks for, read one way by everything that reads it (the boot script, which
 * starts the screen's downloads; the first view, which shows it; app.js, which routes). Each
 * game has a page of its own (<route>.html, addressOf's), whose hash holds the rest: `page` is
 * the page's screen (its route, or 'home' on index.html), and on a game's page the hash is read
 * after its name ('2048.html#seed=7' as '2048/seed=7'). Home's hash may name a game too: the
 * links made before each game had its page ('#2048/seed=7'), which the boot script sends on to
 * the game's page. Read: `name`, the part before the first '/' in lower case ('home' for none;
 * #THREES is #threes), `written` as written, `params`, the parts after it (a link's ['seed=7'],
 * or []), `daily` for the day's deal ('daily', its params then what follows: a replay watched
 * over it), `rest` the hash after the name as written (still %-escaped), and `bad` for an
 * address that cannot be read (a broken %-escape: then home, or the page's game). Whether the
 * name is a game, and what its parameters deal, app.js and the game decide.
 */
export function readAddress(hash, page = 'home') {
  const raw = hash.replace(/^#/, '');
  const own = page === 'home' ? raw : (raw ? `${page}/${raw}` : page);
  let text;
  try {
    text = decodeURIComponent(own);
  } catch {
    return { name: page, written: page, params: [], daily: false, rest: '', bad: true };
  }
  const [written, ...parts] = text.split('/');
  // The day's deal, or a replay watched over it ('daily/replay=<save>').
  const daily = parts[0] === 'daily' && (parts.length === 1 || (parts.length === 2 && parts[1].startsWith('replay=')));
  const params = daily ? parts.slice(1) : parts;
  const slash = own.indexOf('/');
  return { name: written.toLowerCase() || 'home', written, params, daily, rest: slash < 0 ? '' : own.slice(slash + 1), bad: false };
}

/**
 * The address of screen `name` (home, or a game's route) with `params` after it (['seed=7'],
 * ['daily', 'replay=…']), relative to the site's root, where every page is: home is the root
 * itself, a game its own page (<route>.html) with its parameters in the hash. The one writer of
 * addresses, as readAddress is their one reader.
 */
export function addressOf(name, params = []) {
  if (name === 'home') return './';
  const rest = params.join('/');
  return `${name}.html${rest ? `#${rest}` : ''}`;
}

/**
 * The screen of the site's page at `url` (a URL), as addressOf writes it: 'home' for the site's
 * root or index.html, a game's route for <route>.html; null for anything else (another site, a
 * file that is no page).
 */
export function screenAt(url) {
  const base = new URL('./', document.baseURI);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return null;
  const file = url.pathname.slice(base.pathname.length);
  if (file === '' || file === 'index.html') return 'home';
  return /^([\w-]+)\.html$/.exec(file)?.[1] ?? null;
}

/**
 * Goes to `address` (addressOf's): on this page, by its hash alone, which the app hears as a
 * hashchange and the page stays (an address with no hash, taken as a link, would load the page
 * again); any other page as the app takes it (a cancelable `gridplay:go` event on the document,
 * its detail the address: app.js moves there in the same document), or else loaded.
 */
export function go(address) {
  const target = new URL(address, location.href);
  if (target.pathname === location.pathname && target.search === location.search) location.hash = target.hash;
  else if (document.dispatchEvent(new CustomEvent('gridplay:go', { detail: target.href, cancelable: true }))) location.assign(target.href);
}
