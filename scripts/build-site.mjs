// Writes the site that `make play` and the browser tests serve: www/ (the sources) plus the
// engines from wasm-pack, built as a host's build would, and derived from the one list of games,
// www/games.json (scripts/games.mjs), so adding a game touches nothing here.
//
// - JavaScript: bundled by esbuild, every name with a hash of its content and a source map
//   beside it (sources included). Two layers, each bundled whole: the app (js/app/app-<hash>.js),
//   app.js with the core, the modules it imports (ui.js, storage.js, tap.js), which the routes
//   use too and which the app's bundle exports for them, so they are once in the page; and each
//   game's route, its mount.js and everything it imports but the core
//   (js/<route>/mount-<hash>.js), so a route's code is one script, and a first load two. The
//   app's route table (ui/games.js) is read from the page (boot.js's data, written here for
//   each page), with each route's bundle's name: the routes name the app's bundle, and a name
//   each way would tie each one's hash to the other's; and the app's bundle, the same on every
//   page, names no game. One script a route rather than
//   esbuild's code splitting, which cut the routes' shared code into chunks by which routes
//   share it: three to four more requests and modules a route. A worker, or a module loaded
//   when first used (`new URL('./x.js', import.meta.url)` in a source), is an entry of its own
//   under its source's path, unhashed, since code names it.
//   Every script lands two folders below the root (js/<folder>/), as the sources are, so a URL
//   relative to import.meta.url that climbs to the root ('../../pkg/…') is right from any of
//   them; this is checked.
// - The engines: each wasm-pack output's glue module and wasm in pkg/, under their own names. A
//   route's bundle holds its engine's glue (one request less on a first load); elsewhere an
//   import of '../../pkg/<engine>.js' is left to the browser (the helpers' worker loads the
//   all-games pkg/gridplay.js so), and pkg/<engine>.js is there for other code.
// - index.html: the home view's cards (from each game's card.json) and each game's view (its
//   view.html, as a <template>, its picker of presets and its helpers' buttons written from its
//   engine's presets() and helps(), so the first paint shows them and they are written once, in
//   Rust); the script that shows the addressed screen before the first
//   paint (js/app/first-view.js, bundled with what it imports) inline right after #view; the
//   boot script bundled inline too (the downloads of the route the address opens, each route's
//   files read from the bundler's metafile, and the theme before first paint) and the
//   stylesheets inline (the app's and every game's: css/<route>.css and those of the shared
//   modules a route holds), their hashes added to the page's Content-Security-Policy; the app's
//   bundle named in the head; then comments and indentation removed, nothing else
//   (a line break still separates words).
// - pages/<screen>.json and pages/<screen>.css, beside each page: what the app takes from it when
//   it moves there from another page in the same document (app/pages.js): its view, its words,
//   the games it knows, the app's bundle it goes with, and its stylesheet as a file.
// - manifest.webmanifest: a shortcut per game, and every game named in its description (as in
//   index.html's, where the source says {games}). CSS: esbuild's minifier. JSON: without spaces.
// - Everything else (wasm, icons) is copied as it is.
// With MINIFY=0 nothing is minified (the bundles keep the sources' names and comments).
//
// Usage: node scripts/build-site.mjs <www-dir> <site-dir> <wasm-pack-out-dir>...
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, posix, relative, resolve, sep } from 'node:path';
import { build as bundle, transform } from 'esbuild';
import { cardMarkup, engineClasses, missingGameFiles, readCard, readGames, writeHelpers, writePresets } from './games.mjs';
import { isHashed, siteFiles } from './hosting.mjs';

const [wwwArg, siteArg, ...pkgs] = process.argv.slice(2);
if (!wwwArg || !siteArg || pkgs.length === 0) {
  console.error('usage: node scripts/build-site.mjs <www-dir> <site-dir> <wasm-pack-out-dir>...');
  process.exit(2);
}
const www = resolve(wwwArg);
const site = resolve(siteArg);
const minify = process.env.MINIFY !== '0';
const games = readGames(www);
for (const game of games) {
  const missing = missingGameFiles(www, game.route);
  if (missing.length) throw new Error(`build-site: ${game.route} (www/games.json) has no ${missing.join(', ')}`);
}

/** What the site serves from a wasm-pack output: the glue module and the engine. */
const ENGINE = /(\.js|_bg\.wasm)$/;
const engineFiles = new Map(pkgs.flatMap((pkg) => readdirSync(pkg).filter((name) => ENGINE.test(name))
  .map((name) => [`pkg/${name}`, join(pkg, name)])));
/** Each game's engine class (the contract's static members: its presets, for its picker, and
 * its helpers, for their buttons). */
const classes = await engineClasses(games, pkgs);
for (const game of games) {
  for (const path of [`pkg/${game.route}.js`, `pkg/${game.route}_bg.wasm`]) {
    if (!engineFiles.has(path)) throw new Error(`build-site: no ${path} among ${pkgs.join(' ')} (the engine of ${game.route})`);
  }
}

function walk(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** The engines' glue modules, where wasm-pack wrote them. */
const glues = new Set([...engineFiles].filter(([to]) => to.endsWith('.js')).map(([, from]) => resolve(from)));

/** A path in the site ('js/app/app.js'), '/'-separated, of a file under www/. */
const sitePath = (path) => relative(www, path).split(sep).join('/');

// ---------- JavaScript ----------

/** `new URL('<relative>', import.meta.url)`: a file the code loads by URL (a worker, an engine). */
const URL_OF_FILE = /new URL\((['"])(\.\.?\/[^'"]+)\1,\s*import\.meta\.url\)/g;

const APP = join(www, 'js', 'app', 'app.js');

/**
 * The `gridplay:cards` module: each game's title, its word for a won game and the figures of its
 * card (card.json), in the list's order, for the stats (features/stats-view.js), which name a
 * game's boards by its figures' names.
 */
function cardTable() {
  const cards = games.map((game) => {
    const card = readCard(www, game.route, classes[game.route]);
    const figures = card.figures.map(({ name = '', key }) => ({ name, key }));
    return { route: game.route, title: game.title, won: card.won ?? 'won', figures };
  });
  return `// Written by scripts/build-site.mjs from www/games.json, the games' card.json and engines.\nexport const CARDS = ${JSON.stringify(cards)};\n`;
}

/**
 * esbuild's plugin for every build here: the games' cards (`gridplay:cards`), written here; the core exported from the app's bundle
 * (`exportCore`), and left to the browser elsewhere (external, the app's bundle named from the
 * site's root, `coreIn`), as are the engines' glue but in a route's bundle; and URLs relative to
 * import.meta.url rewritten from the site's root, which is two folders above every script
 * (checked after the build). `workers` collects the scripts so named. `routes` (a route's
 * module → its route) end by handing the app their exports (window.gridplayRouteRan): the page
 * runs the addressed route's module as a script of its own, right after the app's (boot.js), and
 * the app takes it from there without an import().
 */
function plugin({ workers = new Set(), coreIn = null, coreModules = [], exportCore = false, withEngines = false, routes = new Map() } = {}) {
  return {
    name: 'gridplay',
    setup(build) {
      build.onResolve({ filter: /^gridplay:cards$/ }, ({ path }) => ({ path: path.slice('gridplay:'.length), namespace: 'gridplay' }));
      build.onLoad({ filter: /^cards$/, namespace: 'gridplay' }, () => ({ contents: cardTable(), loader: 'js' }));
      build.onResolve({ filter: /\.js$/ }, ({ path, resolveDir, namespace }) => {
        if (namespace === 'gridplay' || !resolveDir) return undefined;
        const target = sitePath(resolve(resolveDir, path));
        if (coreIn && coreModules.includes(join(www, target))) return { path: `../../${coreIn}`, external: true };
        if (target.startsWith('pkg/')) {
          if (!engineFiles.has(target)) throw new Error(`build-site: ${path} names no engine (none of ${[...engineFiles.keys()].join(' ')})`);
          return withEngines ? { path: resolve(engineFiles.get(target)) } : { path: `../../${target}`, external: true };
        }
        return undefined;
      });
      build.onLoad({ filter: /\.js$/ }, ({ path }) => {
        let source = readFileSync(path, 'utf8');
        if (exportCore && path === APP) {
          // The app's bundle exports the core for the routes (and the modules loaded later).
          source += coreModules.map((module) => `export * from ${JSON.stringify(module)};\n`).join('');
        }
        if (routes.has(path)) {
          // Its own exports, as a namespace (the module imports itself).
          source += `\nimport * as gridplayRoute from ${JSON.stringify(`./${basename(path)}`)};\n`
            + `window.gridplayRouteRan?.(${JSON.stringify(routes.get(path))}, gridplayRoute);\n`;
        }
        if (glues.has(path)) {
          // An engine's glue, bundled: its own wasm's URL, when init() is given none, named
          // from the site's root as any other (it is pkg/<engine>_bg.wasm beside pkg/<engine>.js).
          const wasm = `pkg/${basename(path, '.js')}_bg.wasm`;
          return { contents: replaceOnce(source, `new URL('${basename(wasm)}', import.meta.url)`, `new URL('../../${wasm}', import.meta.url)`, `${path}'s wasm`), loader: 'js' };
        }
        const contents = source.replace(URL_OF_FILE, (whole, quote, url) => {
          const target = sitePath(resolve(dirname(path), url));
          if (target.startsWith('..')) throw new Error(`build-site: ${path}: ${url} is outside the site`);
          if (target.endsWith('.js')) workers.add(join(www, target));
          return `new URL(${quote}../../${target}${quote}, import.meta.url)`;
        });
        return { contents, loader: 'js' };
      });
    },
  };
}

async function bundleJs(options) {
  return bundle({
    absWorkingDir: www,
    bundle: true,
    format: 'esm',
    outbase: www,
    outdir: site,
    entryNames: '[dir]/[name]-[hash]',
    minify,
    legalComments: 'none',
    sourcemap: 'linked',
    sourcesContent: true,
    metafile: true,
    logLevel: 'warning',
    ...options,
  });
}

/** An output's path in the site, from a metafile key (relative to www/). */
const outputPath = (key) => relative(site, resolve(www, key)).split(sep).join('/');

/** The metafile key of the output of an entry (a source, www-relative). */
function outputOf(metafile, source) {
  const key = Object.keys(metafile.outputs).find((k) => metafile.outputs[k].entryPoint === source);
  if (!key) throw new Error(`build-site: no output for ${source}`);
  return key;
}

/** An output's path and those of the already-built files it imports (external, by URL). */
function withImports(metafile, key) {
  const path = outputPath(key);
  const imported = metafile.outputs[key].imports.filter((i) => i.kind === 'import-statement' && i.external)
    .map((i) => posix.join(posix.dirname(path), i.path));
  return [...new Set([path, ...imported])];
}

rmSync(site, { recursive: true, force: true });

// The core: the modules app.js imports, which the routes use too (ui.js keeps its notices'
// timers, so there must be one copy in the page). The app's bundle holds it and exports it;
// each route imports it from there.
const probe = await bundleJs({
  entryPoints: [APP],
  write: false,
  minify: false,
  sourcemap: false,
  plugins: [plugin()],
});
// (Inputs in the plugin's namespace, `gridplay:cards`, are not files.)
const coreModules = Object.keys(probe.metafile.inputs).filter((path) => !path.startsWith('gridplay:'))
  .map((path) => join(www, path)).filter((path) => path !== APP);

// No compile hint (`//# allFunctionsCalledOnLoad`) on the bundles: V8 then compiles a function
// at its first call, and the first board came sooner without it (docs/benchmarks.md: #2048's
// first tiles 0.72–0.74× the original's without, 0.79–0.83× with, as the bundles had grown).

const workers = new Set();
const app = await bundleJs({
  entryPoints: [APP],
  plugins: [plugin({ workers, coreModules, exportCore: true })],
});
const appOutput = outputOf(app.metafile, 'js/app/app.js');
const appBundle = outputPath(appOutput);

// Each route one bundle (js/<route>/mount-<hash>.js): its code whole, its engine's glue with it,
// but for the core, so its first load is one script beside the app's.
const routesBuild = await bundleJs({
  entryPoints: games.map((game) => join(www, 'js', game.route, 'mount.js')),
  plugins: [plugin({
    workers, coreIn: appBundle, coreModules, withEngines: true,
    routes: new Map(games.map((game) => [join(www, 'js', game.route, 'mount.js'), game.route])),
  })],
});
const routeOutput = (game) => outputOf(routesBuild.metafile, `js/${game.route}/mount.js`);

/**
 * A route's stylesheets, by where its code comes from: css/<route>.css for the game's own,
 * css/<name>.css for each module js/<folder>/<name>.js it holds that has one, and css/helpers.css where
 * its engine offers helpers (their buttons are written into its view).
 */
function stylesheetsOf(game) {
  const sheets = existsSync(join(www, 'css', `${game.route}.css`)) ? [`css/${game.route}.css`] : [];
  // The helpers' buttons are in the view from the first paint (their code comes later).
  if (classes[game.route].helps().length > 0) sheets.push('css/helpers.css');
  for (const input of Object.keys(routesBuild.metafile.outputs[routeOutput(game)].inputs)) {
    const module = /^js\/[\w-]+\/([\w-]+)\.js$/.exec(input)?.[1];
    if (module && existsSync(join(www, 'css', `${module}.css`))) sheets.push(`css/${module}.css`);
  }
  return [...new Set(sheets)];
}

/**
 * Every game's stylesheets, in the list's order, each once: all of them go in the page, after
 * the app's own (each scoped to its route by body[data-route], as style.css's rules for a game
 * screen are), so no first paint waits for a stylesheet.
 */
const gameSheets = [...new Set(games.flatMap(stylesheetsOf))];

// Workers, and modules loaded when first used (the replay viewer, the stats): each an entry
// under its source's own path (code names it by that URL).
// One of them may name another (helpers/buttons.js loads helpers/controls.js): built again until every
// module named is an entry.
let workerBuild = null;
for (let built = 0; workers.size > built;) {
  built = workers.size;
  workerBuild = await bundleJs({
    entryPoints: [...workers],
    entryNames: '[dir]/[name]',
    plugins: [plugin({ workers, coreIn: appBundle, coreModules })],
  });
}
const outputs = [app, routesBuild, workerBuild].filter(Boolean)
  .flatMap((result) => Object.keys(result.metafile.outputs)).map(outputPath);
for (const path of outputs) {
  if (!/^js\/[^/]+\/[^/]+$/.test(path)) throw new Error(`build-site: ${path} is not two folders below the root`);
}
// A source map names each source by where it is in www/, as if the site served it there
// (js/midend/shell.js), so the browser's devtools show the sources' own tree, not a path
// through the build's folders.
for (const path of outputs.filter((p) => p.endsWith('.map'))) {
  const file = join(site, path);
  const map = JSON.parse(readFileSync(file, 'utf8'));
  map.sources = map.sources.map((source) => (source.includes(':') ? source
    : posix.relative(posix.dirname(path), sitePath(resolve(dirname(file), source)))));
  writeFileSync(file, JSON.stringify(map));
}

/** The app's bundle (the core in it): named in the page's head. */
const appFiles = withImports(app.metafile, appOutput);

/**
 * Every file a route needs beyond the app itself (its markup and stylesheets are in the page),
 * the engine's wasm first (the largest, and compiled as it streams), then its bundle.
 */
const routeFiles = Object.fromEntries(games.map((game) => {
  const code = withImports(routesBuild.metafile, routeOutput(game)).filter((path) => !appFiles.includes(path));
  return [game.route, [`pkg/${game.route}_bg.wasm`, ...code]];
}));

// ---------- the page ----------

function page(source) {
  if (!minify) return source;
  return source
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{2,}/g, '\n');
}

/** Replaces `from` in `text`, which must hold it exactly once. */
function replaceOnce(text, from, to, what) {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`build-site: ${what}: ${from} must be there once`);
  return parts.join(to);
}

const escapeAttr = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What a page's boot script is told (boot.js's PAGE): its screen, and the games it knows: a
 * game's page its own alone, with the files its route needs; home every game (its cards and the
 * day's deals name them), with no files (it loads no game). So a game's page holds nothing of
 * another game, and adding a game changes no other game's page (tests/e2e/sixth.test.mjs).
 */
function pageData(screen) {
  const known = screen === 'home' ? games : games.filter((game) => game.route === screen);
  return {
    page: screen,
    games: Object.fromEntries(known.map((game) => [game.route, {
      title: game.title,
      ...(game.sameDeal ? { sameDeal: game.sameDeal } : {}),
      ...(game.daily ? { daily: game.daily } : {}),
      ...(screen === game.route ? { files: routeFiles[game.route] } : {}),
    }])),
  };
}

/** Each game's card's look on home (css/<route>-card.css, where it has one): home's page holds them. */
const cardSheets = games.map((game) => `css/${game.route}-card.css`).filter((path) => existsSync(join(www, path)));

/** What a page tells a search engine and a link's preview: its title and description. */
function pageWords(screen) {
  if (screen === 'home') return { title: 'Gridplay', description: null };
  const game = games.find((g) => g.route === screen);
  const card = readCard(www, game.route, classes[game.route]);
  return { title: `${game.title} · Gridplay`, description: `${game.title}: ${card.blurb} Free on Gridplay, and it plays offline.` };
}

/**
 * A page of the site, from index.html: home's (`screen` 'home': the list of games) or a game's
 * (its route: that game alone). Each carries only its own screen's view and stylesheets, so a
 * first load is one screen's bytes; the app's code is the same bundle on every page, cached
 * once.
 */
async function pageOf(screen) {
  // The page's data written in place (esbuild's `define` would hoist it to a global variable).
  const source = replaceOnce(readFileSync(join(www, 'js/app/boot.js'), 'utf8'), '= __PAGE__;',
    `= ${JSON.stringify(pageData(screen))};`, 'boot.js\'s page data');
  // The boot script and the first view's, each bundled with what it imports (screen.js, which
  // app.js imports too) as one classic script that runs as the parser reaches it.
  const inlineScript = async (entry) => (await bundle({
    ...entry, bundle: true, format: 'iife', write: false, minify, legalComments: 'none',
  })).outputFiles[0].text.trim();
  const inline = await inlineScript({ stdin: { contents: source, resolveDir: join(www, 'js/app'), sourcefile: 'boot.js', loader: 'js' } });
  const firstView = await inlineScript({ entryPoints: [join(www, 'js/app/first-view.js')] });
  // The stylesheets inline too, the app's and the screen's (a game's own, or home's and its
  // cards'): the first paint, which shows the page's view (first-view.js), waits for no second
  // request, and comes with the page rather than after the code and the engine.
  const game = games.find((g) => g.route === screen);
  const sheets = ['css/style.css', ...(game ? stylesheetsOf(game) : ['css/home.css', ...cardSheets])];
  const css = sheets.map((path) => readFileSync(join(www, path), 'utf8')).join('\n');
  const style = (minify ? (await transform(css, { loader: 'css', minify: true, legalComments: 'none' })).code : css).trim();
  const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  let html = readFileSync(join(www, 'index.html'), 'utf8');
  html = replaceOnce(html, "script-src 'self' 'wasm-unsafe-eval'", `script-src 'self' 'wasm-unsafe-eval' ${hash(inline)} ${hash(firstView)}`, 'the policy');
  html = replaceOnce(html, "style-src 'self'", `style-src 'self' ${hash(style)}`, 'the policy');
  html = replaceOnce(html, '<script src="js/app/boot.js"></script>', `<script>${inline}</script>`, 'the boot script');
  html = replaceOnce(html, '<script src="js/app/first-view.js"></script>', `<script>${firstView}</script>`, 'the first view');
  html = replaceOnce(html, '<link rel="stylesheet" href="css/style.css">', `<style>${style}</style>`, 'the stylesheet');
  html = replaceOnce(html, '<script type="module" src="js/app/app.js"></script>', [
    `<script type="module" src="${appFiles[0]}"></script>`,
    ...appFiles.slice(1).map((path) => `<link rel="modulepreload" href="${path}">`),
  ].join('\n  '), 'the app');
  const words = pageWords(screen);
  let template;
  if (words.description) {
    html = html.replace(/<meta name="description" content="[^"]*">/, `<meta name="description" content="${escapeAttr(words.description)}">`);
  } else {
    html = replaceOnce(html, '{games}', gameTitles(), 'the description\'s games');
  }
  const description = /<meta name="description" content="([^"]*)">/.exec(html)[1];
  // A shared link's preview (Open Graph): the page's own title and description.
  html = replaceOnce(html, '<title>Gridplay</title>', [
    `<title>${escapeAttr(words.title)}</title>`,
    `<meta property="og:title" content="${escapeAttr(words.title)}">`,
    `<meta property="og:description" content="${description}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Gridplay">',
  ].join('\n  '), 'the title');
  if (game) {
    // A game's view as a <template> (js/<route>/view.html), which screen.js copies into #view
    // as the page is parsed; home's view is not in a game's page.
    // What the header shows for it goes with it (first-view.js reads it): the title, and whether
    // the game has share links and a day's deal (its Share button and its link to the deal).
    const header = `data-title="${game.title}"${game.sameDeal ? ' data-share' : ''}${game.daily ? ' data-daily' : ''}`;
    const Game = classes[game.route];
    const view = writeHelpers(writePresets(readFileSync(join(www, 'js', game.route, 'view.html'), 'utf8').trim(), Game.presets()), Game.helps());
    template = `<template id="view-${game.route}" ${header}>\n${view}\n</template>`;
    html = replaceOnce(html, '<!-- build: the games\' views -->', template, 'the views');
    const home = /<template id="view-home">[\s\S]*?<\/template>\n/.exec(html);
    if (!home) throw new Error('build-site: index.html has no <template id="view-home">');
    html = html.replace(home[0], '');
  } else {
    const cards = games.map((g) => cardMarkup(g, readCard(www, g.route, classes[g.route]))).join('\n');
    html = replaceOnce(html, '<!-- build: the games\' cards -->', cards, 'the cards');
    html = replaceOnce(html, '<!-- build: the games\' views -->', '', 'the views');
    template = /<template id="view-home">[\s\S]*?<\/template>/.exec(html)[0];
  }
  // What the app takes from this page when it moves here from another page of the site
  // (app/pages.js), rather than loading the page: its screen's view, its stylesheet as a file
  // (the page's own is inline, under its hash in the policy, and a page allows only its own),
  // its words, the games it knows, and the app's bundle it was built with (a page of another
  // version is loaded instead).
  const moved = {
    ...pageData(screen),
    app: appFiles[0],
    title: words.title,
    description,
    template: page(template),
  };
  return { html: page(html), moved, style };
}

/** Where a page's data for moving there (pageOf's `moved`) and its stylesheet are: the app reads them by these names. */
const movedPath = (screen) => `pages/${screen}.json`;
const movedStyle = (screen) => `pages/${screen}.css`;

/** Every game of the list by its title, for a description ("Threes, 2048 and Fifteen"): where
 * a source says "{games}". */
function gameTitles() {
  const titles = games.map((game) => game.title);
  return `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
}

function manifest() {
  const data = JSON.parse(readFileSync(join(www, 'manifest.webmanifest'), 'utf8'));
  const icon = data.icons.find((i) => i.sizes === '192x192' && (i.purpose ?? 'any') === 'any');
  data.description = data.description.replace('{games}', gameTitles());
  data.shortcuts = games.map((game) => ({
    name: game.title,
    url: `./${game.route}.html`,
    icons: [{ src: icon.src, sizes: icon.sizes, type: icon.type }],
  }));
  return `${JSON.stringify(data, null, minify ? undefined : 2)}\n`;
}

// ---------- everything else ----------

async function javascript(source, path) {
  // The engines' glue: an ES module (its top-level names are its own and may be shortened).
  const name = basename(path);
  const result = await transform(source, {
    loader: 'js',
    minify: true,
    format: 'esm',
    sourcemap: 'external',
    sourcefile: name,
    sourcesContent: true,
    legalComments: 'none',
  });
  return [
    [path, `${result.code}//# sourceMappingURL=${name}.map\n`],
    [`${path}.map`, result.map],
  ];
}

/** [[path in the site, contents]] for one file copied from www/ or an engine. */
async function build(from, to) {
  const data = readFileSync(from);
  if (!minify) return [[to, data]];
  const text = () => data.toString('utf8');
  switch (extname(from)) {
    case '.js':
      return javascript(text(), to);
    case '.css':
      return [[to, (await transform(text(), { loader: 'css', minify: true, legalComments: 'none' })).code]];
    case '.html':
      return [[to, page(text())]];
    case '.json':
      return [[to, `${JSON.stringify(JSON.parse(text()))}\n`]];
    default:
      return [[to, data]];
  }
}

/** Sources the site does not copy: bundled, inlined or written from the list; or old builds' output. */
const NOT_COPIED = (path) => /^js\/.*\.js$/.test(path) || /^js\/[^/]+\/(card\.json|view\.html)$/.test(path)
  || ['games.json', 'index.html', 'manifest.webmanifest', 'sw.js', 'css/style.css', 'css/home.css', ...gameSheets, ...cardSheets].includes(path)
  || games.some((game) => path === `${game.route}.html`)
  || path.startsWith('pkg/');

const copied = [
  ...walk(www).map((path) => [path, sitePath(path)]).filter(([, to]) => !NOT_COPIED(to)),
  ...[...engineFiles].map(([to, from]) => [from, to]),
];
const pages = [['home', 'index.html'], ...games.map((game) => [game.route, `${game.route}.html`])];
const written = [
  ...(await Promise.all(pages.map(async ([screen, file]) => {
    const { html, moved, style } = await pageOf(screen);
    return [[file, html], [movedPath(screen), `${JSON.stringify({ ...moved, style: movedStyle(screen) })}\n`], [movedStyle(screen), style]];
  }))).flat(),
  ['manifest.webmanifest', manifest()],
];
for (const [from, to] of copied) written.push(...await build(from, to));
for (const [path, contents] of written) {
  const target = join(site, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, contents);
}

// Hosts keep a file a year when scripts/hosting.mjs takes its name for a hashed one, so only
// the bundles named by their content may look so, and every one of them must.
const hashed = new Set([routesBuild, app].flatMap((result) => Object.keys(result.metafile.outputs)).map(outputPath));
for (const path of siteFiles(site)) {
  if (isHashed(path) !== hashed.has(path)) {
    throw new Error(`build-site: ${path} ${hashed.has(path) ? 'is named by its content but hosting.mjs does not see it' : 'looks named by its content but is not'}`);
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const routeSizes = games.map((game) => `${game.route} ${routeFiles[game.route].length}`).join(', ');
// Compressed sizes are the server's business: `make perf` reports what it sends.
console.log(`build-site: ${siteArg}${minify ? ', minified' : ''}: ${outputs.filter((p) => !p.endsWith('.map')).length} scripts bundled, `
  + `${written.length} files written; the app ${kb(appFiles.reduce((n, p) => n + statSync(join(site, p)).size, 0))} in `
  + `${appFiles.length} ${appFiles.length === 1 ? 'file' : 'files'}; files per route: ${routeSizes}`);
