// The dev server (scripts/serve.mjs, which `make play` and every browser test use) against a
// small site of its own, made here with the build's own last step (scripts/hosting.mjs): what
// each file is sent with, the precompressed variants, conditional requests (200/304), ranges
// (206/416), a base path, and the _headers file a host is given, which must say what the
// server sends.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  DEFAULT_POLICY, IMMUTABLE, MIN_COMPRESS, REVALIDATE, headersFile, headersFor, nginxConf, parseHeadersFile,
  siteFiles, writeHostFiles,
} from '../../scripts/hosting.mjs';
import { startServer } from '../e2e/harness.mjs';

/** Text of `n` bytes that compresses (as the site's files do) but is not one repeated byte. */
const filler = (n, seed = 1) => {
  let x = seed;
  let text = '';
  while (text.length < n) {
    x = (x * 1103515245 + 12345) % 2147483648;
    text += `tile${x % 64} `;
  }
  return text.slice(0, n);
};
const INLINE = "'sha256-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG='";
const pagePolicy = `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' ${INLINE}; style-src 'self'`;
const page = (policy, text) => `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}"></head><body>${text}</body></html>\n`;

/** The site: a page with its own policy, a hashed bundle and its map, an unhashed worker, an engine, small files. */
const FILES = {
  'index.html': page(pagePolicy, filler(4000)),
  '2048.html': page("default-src 'self'", 'moved'),
  'sw.js': `const FILES = ${JSON.stringify(filler(3000, 2))};\n`,
  'manifest.webmanifest': `${JSON.stringify({ name: 'Gridplay', start_url: './', scope: './' })}\n`,
  'js/app/app-ABCD2345.js': `export const x = ${JSON.stringify(filler(5000, 3))};\n`,
  'js/app/app-ABCD2345.js.map': `${JSON.stringify({ mappings: filler(3000, 4) })}\n`,
  'js/helpers/worker.js': `self.x = ${JSON.stringify(filler(2000, 5))};\n`,
  'js/threes/view.html': `<main id="game">${filler(2000, 6)}</main>\n`,
  'pkg/threes.js': `export default ${JSON.stringify(filler(2000, 7))};\n`,
  'pkg/threes_bg.wasm': Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.from(filler(20000, 8))]),
  'css/small.css': '.a{color:red}\n',
  'icons/icon.png': Buffer.from(createHash('sha512').update('png').digest()),
};

let site;
before(async () => {
  site = mkdtempSync(join(tmpdir(), 'gridplay-serve-'));
  for (const [path, contents] of Object.entries(FILES)) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), contents);
  }
  await writeHostFiles(site);
});
after(() => rmSync(site, { recursive: true, force: true }));

/** scripts/serve.mjs on the site under `base`, started as the browser tests start it:
 * {get(path, headers, method), stop()}. */
async function serve(base = '/') {
  const server = await startServer(site, { base });
  const { port } = new URL(server.url);
  const get = (path, headers = {}, method = 'GET') => new Promise((resolve, reject) => {
    request({ hostname: '127.0.0.1', port, path, headers, method }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
  return { get, stop: () => server.stop() };
}

const bytes = (path) => Buffer.from(FILES[path]);

describe('at the root', () => {
  let server;
  before(async () => {
    server = await serve();
  });
  after(() => server?.stop());

  test('each file with its type, caching and policy: bundles named by their content kept a year, the rest revalidated', async () => {
    const cases = [
      ['/', 'text/html; charset=utf-8', REVALIDATE, `${pagePolicy}; frame-ancestors 'none'`],
      ['/index.html', 'text/html; charset=utf-8', REVALIDATE, `${pagePolicy}; frame-ancestors 'none'`],
      ['/2048.html', 'text/html; charset=utf-8', REVALIDATE, "default-src 'self'; frame-ancestors 'none'"],
      ['/sw.js', 'text/javascript; charset=utf-8', REVALIDATE, DEFAULT_POLICY],
      ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8', REVALIDATE, undefined],
      ['/js/app/app-ABCD2345.js', 'text/javascript; charset=utf-8', IMMUTABLE, undefined],
      ['/js/app/app-ABCD2345.js.map', 'application/json; charset=utf-8', IMMUTABLE, undefined],
      ['/js/helpers/worker.js', 'text/javascript; charset=utf-8', REVALIDATE, undefined],
      ['/pkg/threes_bg.wasm', 'application/wasm', REVALIDATE, undefined],
      ['/icons/icon.png', 'image/png', REVALIDATE, undefined],
    ];
    for (const [path, type, cache, policy] of cases) {
      const res = await server.get(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers['content-type'], type, path);
      assert.equal(res.headers['cache-control'], cache, path);
      assert.equal(res.headers['content-security-policy'], policy, path);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', path);
      assert.match(res.headers.etag, /^"[\w-]+"$/, `${path}: a strong ETag`);
      assert.ok(Date.parse(res.headers['last-modified']) > 0, `${path}: Last-Modified`);
      assert.equal(res.headers['accept-ranges'], 'bytes', path);
      // No site may frame a page (a <meta> policy cannot say so; the header does).
      if (policy) assert.match(res.headers['content-security-policy'], /; frame-ancestors 'none'$/, path);
    }
  });

  test('the build\'s brotli or gzip variant as the client accepts, with the original type and Vary', async () => {
    const wasm = bytes('pkg/threes_bg.wasm');
    const variant = (suffix) => readFileSync(join(site, `pkg/threes_bg.wasm${suffix}`));
    const cases = [
      ['gzip, deflate, br, zstd', 'br', variant('.br')],
      ['gzip', 'gzip', variant('.gz')],
      ['br;q=0, gzip;q=0.5', 'gzip', variant('.gz')],
      ['*', 'br', variant('.br')],
      ['identity', undefined, wasm],
      [undefined, undefined, wasm],
    ];
    const tags = new Set();
    for (const [accept, encoding, body] of cases) {
      const res = await server.get('/pkg/threes_bg.wasm', accept === undefined ? {} : { 'accept-encoding': accept });
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], 'application/wasm', `accept-encoding: ${accept}`);
      assert.equal(res.headers['content-encoding'], encoding, `accept-encoding: ${accept}`);
      assert.equal(res.headers.vary, 'Accept-Encoding', `accept-encoding: ${accept}`);
      assert.equal(Number(res.headers['content-length']), body.length);
      assert.ok(res.body.equals(body), `accept-encoding: ${accept}: the file or its variant`);
      tags.add(res.headers.etag);
    }
    assert.ok(brotliDecompressSync(variant('.br')).equals(wasm) && gunzipSync(variant('.gz')).equals(wasm));
    assert.equal(tags.size, 3, 'each representation its own ETag');
    // Nothing to negotiate: no Vary, whatever the client accepts.
    for (const path of ['/css/small.css', '/icons/icon.png']) {
      const res = await server.get(path, { 'accept-encoding': 'br, gzip' });
      assert.equal(res.headers['content-encoding'], undefined, path);
      assert.equal(res.headers.vary, undefined, path);
      assert.ok(res.body.equals(bytes(path.slice(1))), path);
    }
  });

  test('the build writes variants of compressible files only, and of none under the size limit', () => {
    const listed = new Set(siteFiles(site));
    for (const path of Object.keys(FILES)) {
      const size = bytes(path).length;
      const should = /\.(html|js|css|json|wasm|svg|webmanifest)$/.test(path) && size >= MIN_COMPRESS;
      for (const suffix of ['.br', '.gz']) {
        let has = true;
        try {
          readFileSync(join(site, path + suffix));
        } catch {
          has = false;
        }
        assert.equal(has, should, `${path}${suffix} (${size} bytes)`);
      }
      assert.ok(listed.has(path), `${path} is one of the site's files`);
    }
    assert.ok(![...listed].some((path) => /\.(br|gz)$/.test(path) || path === '_headers'), 'variants and _headers are not');
  });

  test('a variant that no longer decodes to its file is never sent', async () => {
    const path = 'js/helpers/worker.js';
    const br = join(site, `${path}.br`);
    const good = readFileSync(br);
    writeFileSync(br, brotliCompressSync(Buffer.from('an older build')));
    try {
      const brOnly = await server.get(`/${path}`, { 'accept-encoding': 'br' });
      assert.equal(brOnly.headers['content-encoding'], undefined);
      assert.ok(brOnly.body.equals(bytes(path)));
      assert.equal((await server.get(`/${path}`, { 'accept-encoding': 'br, gzip' })).headers['content-encoding'], 'gzip');
    } finally {
      writeFileSync(br, good);
    }
    assert.equal((await server.get(`/${path}`, { 'accept-encoding': 'br, gzip' })).headers['content-encoding'], 'br');
  });

  test('If-None-Match: the ETag, one of a list, weak or not, or *, is a 304 keeping ETag, Cache-Control and Vary', async () => {
    const path = '/js/app/app-ABCD2345.js';
    const first = await server.get(path, { 'accept-encoding': 'br' });
    const { etag } = first.headers;
    for (const ifNoneMatch of [etag, `"nope", ${etag}`, `"a", W/${etag}, "b"`, `W/${etag}`, '*']) {
      const res = await server.get(path, { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      assert.equal(res.status, 304, ifNoneMatch);
      assert.equal(res.body.length, 0);
      assert.equal(res.headers.etag, etag, ifNoneMatch);
      assert.equal(res.headers['cache-control'], IMMUTABLE, ifNoneMatch);
      assert.equal(res.headers.vary, 'Accept-Encoding', ifNoneMatch);
    }
    for (const ifNoneMatch of ['"nope"', '"nope", W/"other"', etag.slice(0, -2) + '"']) {
      const res = await server.get(path, { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      assert.equal(res.status, 200, ifNoneMatch);
      assert.equal(res.body.length, first.body.length);
    }
    // The brotli copy's tag does not stand for the gzip one.
    const gzip = await server.get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    assert.equal(gzip.status, 200);
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    // A page's 304 keeps its policy.
    const index = await server.get('/', { 'if-none-match': '*' });
    assert.equal(index.status, 304);
    assert.match(index.headers['content-security-policy'], /frame-ancestors 'none'/);
  });

  test('If-Modified-Since only without If-None-Match', async () => {
    const first = await server.get('/sw.js');
    const modified = first.headers['last-modified'];
    const later = new Date(Date.parse(modified) + 60_000).toUTCString();
    const earlier = new Date(Date.parse(modified) - 60_000).toUTCString();
    assert.equal((await server.get('/sw.js', { 'if-modified-since': modified })).status, 304);
    assert.equal((await server.get('/sw.js', { 'if-modified-since': later })).status, 304);
    assert.equal((await server.get('/sw.js', { 'if-modified-since': earlier })).status, 200);
    assert.equal((await server.get('/sw.js', { 'if-modified-since': 'yesterday' })).status, 200);
    assert.equal((await server.get('/sw.js', { 'if-modified-since': later, 'if-none-match': '"other"' })).status, 200);
    assert.equal((await server.get('/sw.js', { 'if-modified-since': earlier, 'if-none-match': first.headers.etag })).status, 304);
  });

  test('Range: one byte range is a 206, none satisfiable a 416, several the whole file; If-Range', async () => {
    const path = '/pkg/threes_bg.wasm';
    const wasm = bytes('pkg/threes_bg.wasm');
    const length = wasm.length;
    const cases = [
      ['bytes=0-9', 0, 9],
      ['bytes=100-', 100, length - 1],
      ['bytes=-5', length - 5, length - 1],
      [`bytes=${length - 3}-${length + 100}`, length - 3, length - 1],
      ['bytes=0-0', 0, 0],
    ];
    for (const [range, start, end] of cases) {
      const res = await server.get(path, { range });
      assert.equal(res.status, 206, range);
      assert.equal(res.headers['content-range'], `bytes ${start}-${end}/${length}`, range);
      assert.equal(Number(res.headers['content-length']), end - start + 1, range);
      assert.ok(res.body.equals(wasm.subarray(start, end + 1)), range);
    }
    for (const range of [`bytes=${length}-`, `bytes=${length + 5}-${length + 9}`, 'bytes=-0']) {
      const res = await server.get(path, { range });
      assert.equal(res.status, 416, range);
      assert.equal(res.headers['content-range'], `bytes */${length}`, range);
    }
    for (const range of ['bytes=0-1,5-9', 'bytes=9-2', 'lines=1-2', 'bytes=abc']) {
      const res = await server.get(path, { range });
      assert.equal(res.status, 200, range);
      assert.ok(res.body.equals(wasm), range);
    }
    // A range of the brotli copy counts its bytes.
    const br = readFileSync(join(site, 'pkg/threes_bg.wasm.br'));
    const part = await server.get(path, { range: 'bytes=0-99', 'accept-encoding': 'br' });
    assert.equal(part.status, 206);
    assert.equal(part.headers['content-encoding'], 'br');
    assert.equal(part.headers['content-range'], `bytes 0-99/${br.length}`);
    assert.ok(part.body.equals(br.subarray(0, 100)));
    // If-Range: the rest of the copy the client holds, else the whole current file.
    const { etag, 'last-modified': modified } = (await server.get(path)).headers;
    const ifRange = async (value) => (await server.get(path, { range: 'bytes=10-19', 'if-range': value })).status;
    assert.equal(await ifRange(etag), 206);
    assert.equal(await ifRange(modified), 206);
    assert.equal(await ifRange('"an-older-version"'), 200);
    assert.equal(await ifRange(`W/${etag}`), 200, 'a weak tag never matches for a range');
    assert.equal(await ifRange(new Date(Date.parse(modified) - 1000).toUTCString()), 200);
    // HEAD: the same headers, no body.
    const head = await server.get(path, {}, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(Number(head.headers['content-length']), length);
    assert.equal(head.body.length, 0);
  });

  test('nothing outside the root, no host file, GET and HEAD only', async () => {
    for (const path of ['/../../Cargo.toml', '/%2e%2e/%2e%2e/Cargo.toml', '/js/../../../Makefile', '/%2F..%2F..%2Fetc%2Fpasswd', '/_headers', '/no-such-file.js']) {
      assert.equal((await server.get(path)).status, 404, path);
    }
    const post = await server.get('/index.html', {}, 'POST');
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
    const folder = await server.get('/js?x=1');
    assert.equal(folder.status, 301);
    assert.equal(folder.headers.location, '/js/?x=1');
  });

  test('the _headers file says what the server sends with every file', async () => {
    const rules = parseHeadersFile(readFileSync(join(site, '_headers'), 'utf8'));
    for (const path of ['', ...siteFiles(site)]) {
      const sent = (await server.get(`/${path}`)).headers;
      const host = headersFor(rules, `/${path}`);
      for (const name of ['cache-control', 'content-security-policy', 'x-content-type-options', 'referrer-policy']) {
        assert.equal(host[name], sent[name], `/${path}: ${name}`);
      }
    }
  });
});

describe('under a base path', () => {
  let server;
  before(async () => {
    server = await serve('/games/');
  });
  after(() => server?.stop());

  test('the site is at /games/; /games redirects there and nothing is served outside it', async () => {
    const index = await server.get('/games/');
    assert.equal(index.status, 200);
    assert.ok(index.body.equals(bytes('index.html')));
    assert.equal((await server.get('/games/pkg/threes_bg.wasm')).headers['content-type'], 'application/wasm');
    const bare = await server.get('/games?x=1');
    assert.equal(bare.status, 301);
    assert.equal(bare.headers.location, '/games/?x=1');
    for (const path of ['/', '/index.html', '/gamesx/index.html', '/games/../index.html']) {
      assert.equal((await server.get(path)).status, 404, path);
    }
  });

  test('the _headers file written for /games/ says what the server sends there', async () => {
    const rules = parseHeadersFile(headersFile(site, '/games/'));
    for (const path of ['', ...siteFiles(site)]) {
      const sent = (await server.get(`/games/${path}`)).headers;
      const host = headersFor(rules, `/games/${path}`);
      for (const name of ['cache-control', 'content-security-policy', 'x-content-type-options', 'referrer-policy']) {
        assert.equal(host[name], sent[name], `/games/${path}: ${name}`);
      }
    }
  });
});

test('the nginx location keeps a year exactly the bundles named by their content, and gives the pages their policy', () => {
  const conf = nginxConf(site, '/games/');
  assert.match(conf, /^location \^~ \/games\/ \{$/m);
  const hashed = new RegExp(/location ~ "([^"]+)" \{/.exec(conf)[1]);
  for (const path of siteFiles(site)) {
    assert.equal(hashed.test(`/games/${path}`), /-ABCD2345\.js/.test(path), path);
  }
  const block = (path) => new RegExp(`location = /games/${path.replace(/\./g, '\\.')} \\{\\n([^}]*)\\}`).exec(conf)?.[1] ?? '';
  assert.ok(block('index.html').includes(`add_header Content-Security-Policy "${pagePolicy}; frame-ancestors 'none'";`));
  assert.ok(block('index.html').includes('add_header X-Content-Type-Options "nosniff";'), 'a nested location names every header');
  assert.ok(block('sw.js').includes(`add_header Content-Security-Policy "${DEFAULT_POLICY}";`));
  assert.equal(block('pkg/threes_bg.wasm'), '', 'files with the common headers only have no location of their own');
  assert.match(block('_headers'), /return 404;/);
  assert.match(conf, /application\/wasm wasm;/);
});
