// Serves www/ for `make play` and the browser tests: static files with the right MIME types
// (application/wasm matters: browsers refuse to stream-compile anything else) and gzip when
// the browser accepts it, so what loads here is what a host would send.
//
// Usage: node scripts/serve.mjs [root]   (HOST and PORT from the environment)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { extname, join, normalize, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] ?? 'www');
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8000);

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};
// The policy the pages are written for (no inline scripts or styles, no eval; wasm may compile).
// The pages carry it in a <meta> too, so it holds on any host.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.wasm', '.svg', '.txt']);

async function resolveFile(urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const path = normalize(join(root, decoded));
  // Never serve anything outside the root, whatever the URL says.
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const info = await stat(path);
    if (info.isDirectory()) return resolveFile(join(decoded, 'index.html'));
    return path;
  } catch {
    return null;
  }
}

const server = createServer(async (req, res) => {
  try {
    const file = await resolveFile(new URL(req.url, 'http://x').pathname);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
      return;
    }
    const ext = extname(file);
    let body = await readFile(file);
    // Revalidate every time (cheap: a 304 when the ETag still matches), so a reload or the
    // service worker never mixes old and new files.
    const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    const headers = {
      'content-type': types[ext] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      etag,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    // The policy governs documents and workers; on other files it would only cost bytes.
    if (ext === '.html' || file.endsWith(`${sep}sw.js`)) headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (compressible.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      body = gzipSync(body, { level: 9 });
      headers['content-encoding'] = 'gzip';
      headers['vary'] = 'accept-encoding';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`server error: ${err.message}\n`);
  }
});

server.listen(port, host, () => {
  console.log(`Gridplay: serving ${root} at http://${host}:${port}/ (Ctrl+C stops)`);
});
