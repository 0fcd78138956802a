// Serves the site for `make play` and the browser tests (target/site, built from www/ by
// `make build`) as a static host would: the types and headers of scripts/hosting.mjs (the rules
// the build's _headers file is written from), the build's brotli and gzip variants as the
// browser accepts them, and HTTP's conditional and range requests (ETag and If-None-Match,
// Last-Modified and If-Modified-Since, Range and If-Range), so what loads here is what a host
// would send. With --base the site is served under that path instead of the root.
//
// Usage: node scripts/serve.mjs [root] [--base /games/]   (HOST and PORT from the environment)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join, normalize, resolve, sep } from 'node:path';
import { ENCODINGS, HOST_FILES, decodesTo, fileHeaders, normalizeBase, typeOf } from './hosting.mjs';

const args = process.argv.slice(2);
const baseAt = args.indexOf('--base');
const base = normalizeBase(baseAt >= 0 ? args[baseAt + 1] : '/');
const positional = args.filter((_, i) => baseAt < 0 || (i !== baseAt && i !== baseAt + 1));
const root = resolve(positional[0] ?? 'target/site');
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8000);

/** A strong validator: every representation (each encoding) has its own bytes, so its own tag. */
const etagOf = (body) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

const files = new Map();

/**
 * A file's bytes, headers and representations (identity, and each precompressed variant that
 * decodes to the file: one left from an older build is never sent), read once per version:
 * a rebuild changes a size or modification time, and then the file is read again.
 */
async function load(path, rel, info) {
  const variants = await Promise.all(ENCODINGS.map(({ suffix }) => stat(path + suffix).catch(() => null)));
  const version = [info, ...variants].map((s) => (s ? `${s.size}:${s.mtimeMs}` : '-')).join(' ');
  const hit = files.get(path);
  if (hit?.version === version) return hit;
  const body = await readFile(path);
  const representations = new Map([[null, { body, etag: etagOf(body) }]]);
  for (const [i, { name, suffix }] of ENCODINGS.entries()) {
    if (!variants[i]) continue;
    const variant = await readFile(path + suffix);
    if (decodesTo(name, variant, body)) representations.set(name, { body: variant, etag: etagOf(variant) });
  }
  const entry = {
    version,
    representations,
    headers: { 'content-type': typeOf(rel), ...fileHeaders(rel, body) },
    // HTTP dates have whole seconds.
    modified: Math.floor(info.mtimeMs / 1000) * 1000,
  };
  files.set(path, entry);
  return entry;
}

/** The accepted codings of an Accept-Encoding header, each with its q value. */
function acceptedEncodings(header = '') {
  return new Map(header.split(',').filter((part) => part.trim()).map((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return [name.trim(), q ? Number(q.slice(2)) : 1];
  }));
}

/** The best encoding the request accepts among those the file has: brotli, then gzip, else none. */
function encodingFor(request, available) {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const q = (name) => accepted.get(name) ?? accepted.get('*') ?? 0;
  return ENCODINGS.map(({ name }) => name).find((name) => available.has(name) && q(name) > 0) ?? null;
}

/** The entity tags of an If-None-Match or If-Match header: '*', or [{weak, tag}]. */
function entityTags(header) {
  if (header.trim() === '*') return '*';
  return [...header.matchAll(/(W\/)?("[^"]*")/g)].map(([, weak, tag]) => ({ weak: Boolean(weak), tag }));
}

/** Weak comparison (If-None-Match): the opaque tags are equal, weak or not. */
function noneMatch(header, etag) {
  const tags = entityTags(header);
  return tags === '*' || tags.some(({ tag }) => tag === etag);
}

/** Strong comparison (If-Match, If-Range): equal tags, neither weak. */
function strongMatch(header, etag) {
  const tags = entityTags(header);
  return tags === '*' || tags.some(({ weak, tag }) => !weak && tag === etag);
}

/**
 * A Range header against a body of `length` bytes: {start, end} for one satisfiable byte
 * range, 'unsatisfiable' when none of its ranges is, or null to send the whole body (no Range,
 * one this server does not read, or several ranges: a whole body is a valid answer to those).
 */
function byteRange(header, length) {
  const match = /^bytes=(.+)$/.exec(header ?? '');
  if (!match) return null;
  const ranges = [];
  for (const spec of match[1].split(',')) {
    const part = /^\s*(\d*)-(\d*)\s*$/.exec(spec);
    if (!part || (!part[1] && !part[2])) return null;
    if (!part[1]) {
      // The last N bytes.
      const suffix = Number(part[2]);
      if (suffix > 0 && length > 0) ranges.push({ start: Math.max(0, length - suffix), end: length - 1 });
      continue;
    }
    const start = Number(part[1]);
    const end = part[2] ? Number(part[2]) : Infinity;
    if (end < start) return null;
    if (start < length) ranges.push({ start, end: Math.min(end, length - 1) });
  }
  if (ranges.length === 0) return 'unsatisfiable';
  return ranges.length === 1 ? ranges[0] : null;
}

/** If-Range: the range applies only to the representation the client already holds part of. */
function rangeStillValid(header, etag, modified) {
  if (header === undefined) return true;
  if (/^\s*(W\/)?"/.test(header)) return strongMatch(header, etag);
  return Date.parse(header) === modified;
}

/** The file a URL path names under the root, as {path, rel, info}; or a redirect or null. */
async function resolveFile(pathname) {
  // The base itself without its slash: its pages' relative URLs need the slash.
  if (`${pathname}/` === base) return { redirect: base };
  if (!pathname.startsWith(base)) return null;
  let rel;
  try {
    rel = decodeURIComponent(pathname.slice(base.length));
  } catch {
    return null;
  }
  const path = normalize(join(root, rel));
  // Never serve anything outside the root, whatever the URL says.
  if (path !== root && !path.startsWith(root + sep)) return null;
  const info = await stat(path).catch(() => null);
  if (!info) return null;
  if (info.isDirectory()) {
    if (!pathname.endsWith('/')) return { redirect: `${pathname}/` };
    return resolveFile(`${pathname}index.html`);
  }
  const site = path.slice(root.length + 1).split(sep).join('/');
  if (HOST_FILES.has(site)) return null;
  return { path, rel: site, info };
}

function plain(res, status, text, headers = {}) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(`${text}\n`);
}

async function answer(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    plain(res, 405, 'method not allowed', { allow: 'GET, HEAD' });
    return;
  }
  const url = new URL(req.url, 'http://x');
  const found = await resolveFile(url.pathname);
  if (found?.redirect) {
    res.writeHead(301, { location: `${found.redirect}${url.search}` });
    res.end();
    return;
  }
  if (!found) {
    plain(res, 404, 'not found');
    return;
  }
  const file = await load(found.path, found.rel, found.info);
  const encoding = encodingFor(req, file.representations);
  const { body, etag } = file.representations.get(encoding);
  const headers = { ...file.headers, etag, 'last-modified': new Date(file.modified).toUTCString() };
  // Caches keep one response per encoding only where the response depends on it.
  if (file.representations.size > 1) headers.vary = 'Accept-Encoding';

  const ifMatch = req.headers['if-match'];
  if (ifMatch !== undefined && !strongMatch(ifMatch, etag)) {
    plain(res, 412, 'precondition failed', { etag });
    return;
  }
  // If-None-Match decides alone when sent; If-Modified-Since only stands in for it.
  const ifNoneMatch = req.headers['if-none-match'];
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  const unchanged = ifNoneMatch !== undefined ? noneMatch(ifNoneMatch, etag) : file.modified <= since;
  if (unchanged) {
    // A 304 updates the stored response's headers: the validators, caching and Vary with it.
    delete headers['content-type'];
    res.writeHead(304, headers);
    res.end();
    return;
  }

  headers['accept-ranges'] = 'bytes';
  if (encoding) headers['content-encoding'] = encoding;
  const range = req.method === 'GET' && rangeStillValid(req.headers['if-range'], etag, file.modified)
    ? byteRange(req.headers.range, body.length) : null;
  if (range === 'unsatisfiable') {
    plain(res, 416, 'range not satisfiable', { 'content-range': `bytes */${body.length}`, etag });
    return;
  }
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${body.length}`;
    headers['content-length'] = range.end - range.start + 1;
    res.writeHead(206, headers);
    res.end(body.subarray(range.start, range.end + 1));
    return;
  }
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

const server = createServer((req, res) => {
  answer(req, res).catch((err) => {
    if (!res.headersSent) plain(res, 500, `server error: ${err.message}`);
    else res.destroy(err);
  });
});

server.listen(port, host, () => {
  console.log(`Gridplay: serving ${root} at http://${host}:${port}${base} (Ctrl+C stops)`);
});
