// Writes sw.js into the site, the service worker that makes Gridplay work offline. Run by
// `make build` after build-site.mjs; the worker is generated: edit it here.
//
// The worker precaches every file of the app (below: what the site holds, minus what the app
// never loads) into the cache `gridplay-<VERSION>`, where VERSION is a hash over every
// precached file's path and content and over this worker's code: any change to any of them
// gives a new sw.js, which the browser installs beside the old one. The embedded list carries
// each file's SHA-256, and install refuses a file whose bytes differ, so a cache can only ever
// hold one version's files, even if the server changed while it was filling.
//
// Then, as the build's last step, what a host needs (scripts/hosting.mjs): each compressible
// file's brotli and gzip variants beside it, and the _headers file.
//
// Usage: node scripts/build-sw.mjs <site-dir>
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { readGames } from './games.mjs';
import { writeHostFiles } from './hosting.mjs';

if (!process.argv[2]) {
  console.error('usage: node scripts/build-sw.mjs <site-dir>');
  process.exit(2);
}
const root = resolve(process.argv[2]);

/** What the app loads: pages (and what it takes from one when it moves there: pages/<screen>.json
 * and .css), styles, code, the engine, icons and the manifest. */
const INCLUDE = /\.(html|json|css|js|wasm|svg|png|webmanifest|ico)$/;
/** Not the worker itself, nor source maps and type declarations (for devtools), nor hidden files. */
const EXCLUDE = /(^|\/)(\.[^/]*|sw\.js|[^/]*\.d\.ts|[^/]*\.map)$/;
/** The build is broken without these: the pages (home's and each game's), and each game's
 * engine (www/games.json). */
const REQUIRED = ['index.html', 'manifest.webmanifest', 'pkg/gridplay.js', 'pkg/gridplay_bg.wasm',
  ...readGames().flatMap((game) => [`${game.route}.html`, `pkg/${game.route}.js`, `pkg/${game.route}_bg.wasm`])];

function walk(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? walk(path) : [relative(root, path).split(sep).join('/')];
  });
}

// Every file the build wrote, hashed bundle names included.
const files = walk(root).filter((path) => INCLUDE.test(path) && !EXCLUDE.test(path));
for (const path of REQUIRED) {
  if (!files.includes(path)) {
    console.error(`build-sw: ${path} is missing from ${root}${path.startsWith('pkg/') ? ' (run the wasm build first)' : ''}`);
    process.exit(1);
  }
}

const digest = (data) => createHash('sha256').update(data).digest('base64url');
const list = files.map((path) => [path, digest(readFileSync(join(root, path)))]);

// The worker. VERSION and FILES are filled in below; everything else is plain service worker.
const worker = String.raw`
const CACHE = 'gridplay-' + VERSION;
const INDEX = new URL('index.html', self.registration.scope).href;
const urlOf = (path) => new URL(path, self.registration.scope).href;
const PRECACHED = new Map(FILES.map(([path, hash]) => [urlOf(path), hash]));

// Install: fetch every file of this version (revalidating with the server: a 304 when the
// browser's copy is current) and check each against its hash. No skipWaiting here: a new
// version waits until the page asks for it ("Reload to update"), so no page mixes versions.
self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

async function precache() {
  const cache = await caches.open(CACHE);
  const cached = new Set((await cache.keys()).map((request) => request.url));
  await Promise.all([...PRECACHED].map(async ([url, hash]) => {
    if (cached.has(url)) return; // an earlier, interrupted install already checked this one
    const response = await fetch(new Request(url, { cache: 'no-cache' }));
    if (!response.ok) throw new Error(url + ': HTTP ' + response.status);
    const body = await response.arrayBuffer();
    if ((await sha256(body)) !== hash) throw new Error(url + ' is not the file of version ' + VERSION);
    const headers = new Headers(response.headers);
    // The body is stored decoded: the transfer's encoding and length no longer describe it.
    headers.delete('content-encoding');
    headers.delete('content-length');
    await cache.put(url, new Response(body, { status: 200, statusText: 'OK', headers }));
  }));
}

async function sha256(buffer) {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// Activate: this version's cache is the only one left; take over pages not yet controlled.
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('gridplay-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The page's "Reload to update": this (waiting) version takes over; pages reload on
// controllerchange.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});

// Cache first: the app's files from this version's cache. A navigation to the app's own
// address (the scope, or index.html) gets index.html, and one to another precached page (a
// game's, 2048.html) that page. Any other path is not the app's: its page's relative styles
// and scripts would 404 there, so it goes to the network (the server's 404, say), and offline
// gets a small page that needs nothing else. Anything else goes to the network.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  url.search = '';
  url.hash = '';
  if (request.mode === 'navigate') {
    if (url.href === self.registration.scope) event.respondWith(fromCache(INDEX, request));
    else if (PRECACHED.has(url.href) && url.pathname.endsWith('.html')) event.respondWith(fromCache(url.href, request));
    else event.respondWith(fetch(request).catch(offlinePage));
  } else if (PRECACHED.has(url.href)) {
    event.respondWith(fromCache(url.href, request));
  }
});

/** What a path that is not the app's shows offline: a way to the app, with nothing to load. */
function offlinePage() {
  const html = '<!doctype html><html lang="en"><meta charset="utf-8">'
    + '<meta name="viewport" content="width=device-width, initial-scale=1">'
    + '<title>Offline · Gridplay</title><link rel="icon" href="' + urlOf('icons/favicon-32.png') + '">'
    + '<body style="font: 18px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 30rem; padding: 0 1rem">'
    + '<h1>Nothing here offline</h1>'
    + '<p>This page is not part of Gridplay, and the network is off, so it cannot be fetched.</p>'
    + '<p><a href="' + self.registration.scope + '">Open Gridplay</a></p></body></html>';
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

async function fromCache(url, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(url);
  return hit || fetch(request);
}
`;

const version = digest(JSON.stringify(list) + worker).replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
const source = `// Generated by scripts/build-sw.mjs from the files of the site: do not edit, do not commit.
const VERSION = '${version}';
const FILES = [
${list.map(([path, hash]) => `  ['${path}', '${hash}'],`).join('\n')}
];
${worker}`;

writeFileSync(join(root, 'sw.js'), source);
// The build's last step, so they are made from the site's final files, the worker included:
// the brotli and gzip variants a host sends, and the _headers file (scripts/hosting.mjs).
const { variants } = await writeHostFiles(root);
console.log(`build-sw: ${join(process.argv[2], 'sw.js')}, cache gridplay-${version}, ${files.length} files; `
  + `${variants} precompressed variants and _headers`);
