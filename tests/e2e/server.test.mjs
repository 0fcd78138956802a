// The built site as `make play` serves it: what it sends is what a host would (the build's
// brotli and gzip variants as the browser accepts them, the right types, revalidation), the
// _headers file the build writes for hosts says the same, and nothing outside the root is
// served. (The server's HTTP in detail, on a small site of its own: tests/node/serve.test.mjs.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { IMMUTABLE, MIN_COMPRESS, headersFor, isCompressible, parseHeadersFile, siteFiles } from '../../scripts/hosting.mjs';
import { startServer } from './harness.mjs';

const site = new URL('../../target/site/', import.meta.url);
let server;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());

/**
 * GET `path` (sent exactly as written, dot segments and all) with `headers`; resolves to
 * {status, headers, body} with the body as sent.
 */
function get(path, headers = {}) {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path: path.startsWith('/') ? path : `/${path}`, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

test('sends brotli or gzip as the browser accepts, and the same bytes either way', async () => {
  const original = readFileSync(new URL('pkg/gridplay_bg.wasm', site));
  const cases = [
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
    ['', undefined, (body) => body],
    ['identity', undefined, (body) => body],
  ];
  for (const [accept, encoding, decode] of cases) {
    const res = await get('pkg/gridplay_bg.wasm', { 'accept-encoding': accept });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/wasm');
    assert.equal(res.headers['content-encoding'], encoding, `accept-encoding: ${accept}`);
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.ok(decode(res.body).equals(original), `accept-encoding: ${accept} gives the file`);
  }
});

test('the build writes a brotli and a gzip copy beside every compressible file but the smallest', () => {
  const missing = [];
  for (const path of siteFiles(site.pathname).filter(isCompressible)) {
    const body = readFileSync(new URL(path, site));
    for (const [suffix, decode] of [['.br', brotliDecompressSync], ['.gz', gunzipSync]]) {
      const there = existsSync(new URL(path + suffix, site));
      if (body.length >= MIN_COMPRESS && !there) missing.push(path + suffix);
      if (there) assert.ok(decode(readFileSync(new URL(path + suffix, site))).equals(body), `${path}${suffix} decodes to ${path}`);
    }
  }
  assert.deepEqual(missing, []);
  for (const path of ['index.html', 'sw.js', 'pkg/threes_bg.wasm']) assert.ok(existsSync(new URL(`${path}.br`, site)), path);
});

test('a file the browser has is a 304; pages carry their policy with frame-ancestors; nothing outside the root', async () => {
  const first = await get('index.html');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(first.body.toString())?.[1];
  assert.match(meta, /script-src 'self' 'wasm-unsafe-eval' 'sha256-/, 'the boot script allowed by its hash');
  assert.equal(first.headers['content-security-policy'], `${meta}; frame-ancestors 'none'`);
  const again = await get('index.html', { 'if-none-match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  for (const path of ['/../../Cargo.toml', '/%2e%2e/%2e%2e/Cargo.toml', '/js/../../../Makefile', '/no-such-file.js', '/_headers']) {
    assert.equal((await get(path)).status, 404, path);
  }
});

test('the build\'s _headers file says what the server sends with every file, the bundles kept a year', async () => {
  const rules = parseHeadersFile(readFileSync(new URL('_headers', site), 'utf8'));
  const immutable = [];
  for (const path of ['', ...siteFiles(site.pathname)]) {
    const sent = (await get(`/${path}`)).headers;
    const host = headersFor(rules, `/${path}`);
    for (const name of ['cache-control', 'content-security-policy', 'x-content-type-options', 'referrer-policy']) {
      assert.equal(host[name], sent[name], `/${path}: ${name}`);
    }
    if (sent['cache-control'] === IMMUTABLE) immutable.push(path);
  }
  assert.ok(immutable.some((path) => /^js\/app\/app-\w+\.js$/.test(path)), 'the app\'s bundle');
  assert.ok(immutable.every((path) => /^js\/[^/]+\/[^/]+-\w{8}\.js(\.map)?$/.test(path)), `only bundles: ${immutable}`);
  for (const path of ['', 'index.html', 'sw.js', 'manifest.webmanifest', 'pkg/threes_bg.wasm', 'pkg/threes.js']) {
    assert.equal(headersFor(rules, `/${path}`)['cache-control'], 'no-cache', path);
  }
});
