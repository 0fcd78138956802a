// Serves the site for `make play` and the browser tests (target/site, built from www/ by
// `make build`): static files with the right MIME types (application/wasm matters: browsers
// refuse to stream-compile anything else), compressed with brotli or gzip as the browser
// accepts, so what loads here is what a host would send.
//
// Usage: node scripts/serve.mjs [root]   (HOST and PORT from the environment)
import { createServer } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import { createHash } from 'node:crypto';
import { extname, join, normalize, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] ?? 'target/site');
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
// The policy the pages are written for (no inline styles, no eval; wasm may compile; no inline
// script but those a page's own policy allows by hash). A page carries its policy in a <meta>
// too, so it holds on any host; a page's <meta> policy is sent as its header, with
// frame-ancestors (which a <meta> cannot set), so the header allows what the build allowed.
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

const META_POLICY = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/i;

/** The policy a file is sent with: a page's own (its <meta>), else the default. */
function policyOf(ext, body) {
  const own = ext === '.html' ? META_POLICY.exec(body.toString('utf8'))?.[1] : null;
  return own ? `${own}; frame-ancestors 'none'` : CONTENT_SECURITY_POLICY;
}

const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.wasm', '.svg', '.txt', '.map']);

// Brotli at its best quality is slow (about 0.1 s for the wasm), so each file's compressed
// bodies are made once, off the main thread, and kept, keyed by the file's ETag (a rebuilt
// file gets a new one). Startup compresses every file a page loads before listening, so even
// a first request is answered at once; source maps (devtools only) wait until asked for.
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);
const encoders = {
  br: (body) => brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }),
  gzip: (body) => gzip(body, { level: 9 }),
};
const compressed = new Map();

function compress(file, etag, encoding, body) {
  const key = `${file}\n${encoding}`;
  const hit = compressed.get(key);
  if (hit?.etag === etag) return hit.body;
  const result = encoders[encoding](body);
  compressed.set(key, { etag, body: result });
  result.catch(() => compressed.delete(key));
  return result;
}

const files = new Map();

/**
 * A file's bytes and ETag (a hash of them), read once per version of the file: a rebuild
 * changes its size or modification time, and then it is read again.
 */
async function load(path, info) {
  const version = `${info.size}:${info.mtimeMs}`;
  const hit = files.get(path);
  if (hit?.version === version) return hit;
  const body = await readFile(path);
  const entry = { version, body, etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
  files.set(path, entry);
  return entry;
}

async function warm(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await warm(path);
    else if (compressible.has(extname(path)) && extname(path) !== '.map') {
      const { body, etag } = await load(path, await stat(path));
      await Promise.all(Object.keys(encoders).map((encoding) => compress(path, etag, encoding, body)));
    }
  }
}

/** The best encoding the request accepts: brotli, then gzip, else none. */
function encodingFor(request) {
  const accepted = new Map((request.headers['accept-encoding'] ?? '').split(',').map((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return [name, q ? Number(q.slice(2)) : 1];
  }));
  return ['br', 'gzip'].find((name) => accepted.get(name) > 0) ?? null;
}

/** The file a URL path names under the root, as {path, info} (its stat), or null. */
async function resolveFile(urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const path = normalize(join(root, decoded));
  // Never serve anything outside the root, whatever the URL says.
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const info = await stat(path);
    if (info.isDirectory()) return resolveFile(join(decoded, 'index.html'));
    return { path, info };
  } catch {
    return null;
  }
}

const server = createServer(async (req, res) => {
  try {
    const found = await resolveFile(new URL(req.url, 'http://x').pathname);
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
      return;
    }
    const file = found.path;
    const ext = extname(file);
    // Revalidate every time (cheap: a 304 when the ETag still matches), so a reload or the
    // service worker never mixes old and new files.
    const loaded = await load(file, found.info);
    const { etag } = loaded;
    let { body } = loaded;
    const headers = {
      'content-type': types[ext] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      etag,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    // The policy governs documents and workers; on other files it would only cost bytes.
    if (ext === '.html' || file.endsWith(`${sep}sw.js`)) headers['content-security-policy'] = policyOf(ext, loaded.body);
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const encoding = compressible.has(ext) ? encodingFor(req) : null;
    if (compressible.has(ext)) headers.vary = 'accept-encoding';
    if (encoding) {
      body = await compress(file, etag, encoding, body);
      headers['content-encoding'] = encoding;
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`server error: ${err.message}\n`);
  }
});

await warm(root).catch((err) => console.warn(`serve: could not precompress ${root}: ${err.message}`));
server.listen(port, host, () => {
  console.log(`Gridplay: serving ${root} at http://${host}:${port}/ (Ctrl+C stops)`);
});
