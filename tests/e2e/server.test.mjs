// The server `make play` uses: what it sends is what a host would (compressed as the browser
// accepts, the right types, revalidation), and it never serves outside its root.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
    assert.equal(res.headers.vary, 'accept-encoding');
    assert.ok(decode(res.body).equals(original), `accept-encoding: ${accept} gives the file`);
  }
});

test('a file the browser has is a 304; pages carry the CSP; nothing outside the root', async () => {
  const first = await get('index.html');
  assert.match(first.headers['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  const again = await get('index.html', { 'if-none-match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  for (const path of ['/../../Cargo.toml', '/%2e%2e/%2e%2e/Cargo.toml', '/js/../../../Makefile', '/no-such-file.js']) {
    assert.equal((await get(path)).status, 404, path);
  }
});
