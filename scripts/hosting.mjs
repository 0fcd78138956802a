// What a host sends with each file of the built site (target/site), written down once: the dev
// server (scripts/serve.mjs) answers with it, and the build's last step (scripts/build-sw.mjs)
// writes from it the precompressed variants and the _headers file a host reads, so the server
// every test uses and the headers a host is given cannot drift apart. The nginx snippet comes
// from the same rules on demand.
//
// Usage: node scripts/hosting.mjs headers|nginx <site-dir> [--base /games/]
//   prints the _headers file, or an nginx location for the site served under `--base`.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { brotliCompress, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { gzipAsync as zopfli } from '@gfx/zopfli';

// ---------- types ----------

/** By extension; application/wasm matters: browsers refuse to stream-compile anything else. */
export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export function typeOf(path) {
  return TYPES[posix.extname(path)] ?? 'application/octet-stream';
}

// ---------- precompressed variants ----------

/** Content-Encoding and file suffix of each variant, in the order a server prefers them. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];
/** Text and wasm compress well; images are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.wasm', '.svg']);
/**
 * Files smaller than this are sent as they are: a response's headers alone are about this
 * size, so compressing them would save next to nothing.
 */
export const MIN_COMPRESS = 256;

export const isCompressible = (path) => COMPRESSIBLE.has(posix.extname(path));
/** A variant written beside a file (the site holds no other .br or .gz files). */
export const isVariant = (path) => ENCODINGS.some(({ suffix }) => path.endsWith(suffix));

const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
/** Whether `variant` (bytes) decodes to `body`: a variant left from an older file does not. */
export function decodesTo(encoding, variant, body) {
  try {
    return decoders[encoding](variant).equals(body);
  } catch {
    return false;
  }
}

const brotli = promisify(brotliCompress);
const encoders = {
  // Best quality: the build compresses once, every visitor downloads.
  br: (body) => brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }),
  // Zopfli: gzip any browser reads, 4–6 % smaller than zlib's best (level 9) on these files.
  gzip: async (body) => Buffer.from(await zopfli(body, { numiterations: 15 })),
};

/** The site's own files, '/'-separated and relative to it: no variants, no host files. */
export function siteFiles(site) {
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [relative(site, path).split(sep).join('/')];
  });
  return walk(site).filter((path) => !isVariant(path) && !HOST_FILES.has(path)).sort();
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the site of at least
 * MIN_COMPRESS bytes, each only when smaller than the file; a variant that already decodes to
 * the file is kept, and any other is removed. Resolves to the number of variants in the site.
 */
export async function precompress(site) {
  let count = 0;
  await Promise.all(siteFiles(site).filter(isCompressible).map(async (path) => {
    const file = join(site, path);
    const body = readFileSync(file);
    for (const { name, suffix } of ENCODINGS) {
      const target = file + suffix;
      if (body.length >= MIN_COMPRESS && existsSync(target) && decodesTo(name, readFileSync(target), body)) {
        count += 1;
        continue;
      }
      rmSync(target, { force: true });
      if (body.length < MIN_COMPRESS) continue;
      const variant = await encoders[name](body);
      if (variant.length >= body.length) continue;
      writeFileSync(target, variant);
      count += 1;
    }
  }));
  return count;
}

// ---------- headers ----------

/** A year: the longest lifetime caches honour, for files whose name changes with their content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Stored, but checked with the server before each use (a 304 when it is still current). */
export const REVALIDATE = 'no-cache';

/**
 * The bundles' names carry a hash of their content (esbuild's `[name]-[hash]`: eight base32
 * characters), so a new build never reuses one for other bytes; build-site.mjs checks that this
 * tells its hashed outputs from its others.
 */
const HASHED = /-[A-Z2-7]{8}\.js(\.map)?$/;
export const isHashed = (path) => HASHED.test(posix.basename(path));
export const cacheControl = (path) => (isHashed(path) ? IMMUTABLE : REVALIDATE);

/**
 * The policy the pages are written for (no inline styles, no eval; wasm may compile). A page
 * carries its own in a <meta>, with hashes of its inline boot script and stylesheet that the
 * build adds, so it holds on any host; the header sends that policy plus frame-ancestors,
 * which a <meta> cannot set (no site may frame the game and overlay its controls).
 */
export const FRAME_ANCESTORS = "frame-ancestors 'none'";
export const DEFAULT_POLICY = [
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
  FRAME_ANCESTORS,
].join('; ');
const META_POLICY = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/i;

/** The service worker: its script's policy governs it, as a page's does the page. */
export const SERVICE_WORKER = 'sw.js';

/**
 * The Content-Security-Policy header of a file (site-relative path, its bytes): a page's own
 * <meta> policy with frame-ancestors, or the default; null for files that are neither a page
 * nor the service worker, which the policy does not govern (it would only cost bytes).
 */
export function policyOf(path, body) {
  if (path.endsWith('.html')) {
    const own = META_POLICY.exec(body.toString('utf8'))?.[1];
    return own ? `${own}; ${FRAME_ANCESTORS}` : DEFAULT_POLICY;
  }
  return path === SERVICE_WORKER ? DEFAULT_POLICY : null;
}

/** Sent with every file. */
export const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** The headers of a file that depend on the file alone: caching and its policy (lower case). */
export function ownHeaders(path, body) {
  const headers = { 'cache-control': cacheControl(path) };
  const policy = policyOf(path, body);
  if (policy) headers['content-security-policy'] = policy;
  return headers;
}

/** Every header of a file but those of the transfer (type, length, encoding, validators). */
export function fileHeaders(path, body) {
  return { ...COMMON_HEADERS, ...ownHeaders(path, body) };
}

/** Files a host reads and never serves. */
export const HOST_FILES = new Set(['_headers']);

// ---------- the host's files ----------

const display = (name) => name.split('-').map((word) => word[0].toUpperCase() + word.slice(1)).join('-');

/** `/games/` from `games`, `/games` or `/games/`; `/` from nothing. */
export function normalizeBase(base = '/') {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/**
 * The rules of a _headers file, [[pattern, headers]]: every file's own headers, a folder's
 * under one `<folder>/*` pattern when all its files share them. Netlify and Cloudflare Pages
 * give a path the headers of every rule it matches, and where two rules set one header,
 * Cloudflare joins the values with a comma and Netlify keeps one; so no two rules here set one
 * header on the same path: the common headers are the only ones under `/*`, and the root's
 * files are never grouped (`/*` would take them).
 */
export function headerRules(site, base = '/') {
  const prefix = normalizeBase(base);
  const files = siteFiles(site);
  const own = new Map(files.map((path) => [path, ownHeaders(path, readFileSync(join(site, path)))]));
  const key = (headers) => JSON.stringify(Object.entries(headers));
  const rules = [[`${prefix}*`, COMMON_HEADERS]];
  // The folder's own address is its index.html.
  if (own.has('index.html')) rules.push([prefix, own.get('index.html')]);
  const group = (dir, paths) => {
    const shared = new Set(paths.map((path) => key(own.get(path))));
    if (dir && shared.size === 1) {
      rules.push([`${prefix}${dir}/*`, own.get(paths[0])]);
      return;
    }
    const below = new Map();
    for (const path of paths) {
      const rest = dir ? path.slice(dir.length + 1) : path;
      if (!rest.includes('/')) rules.push([`${prefix}${path}`, own.get(path)]);
      else {
        const sub = dir ? `${dir}/${rest.split('/')[0]}` : rest.split('/')[0];
        below.set(sub, [...(below.get(sub) ?? []), path]);
      }
    }
    for (const [sub, subPaths] of below) group(sub, subPaths);
  };
  group('', files);
  return rules;
}

/** The _headers file (Netlify, Cloudflare Pages) of the site served at `base`. */
export function headersFile(site, base = '/') {
  const lines = [
    '# The headers scripts/serve.mjs sends, for hosts that read a _headers file (Netlify,',
    '# Cloudflare Pages); written by the build from scripts/hosting.mjs. A path gets the headers',
    '# of every rule it matches, and no two rules set one header on the same path.',
  ];
  for (const [pattern, headers] of headerRules(site, base)) {
    lines.push(pattern, ...Object.entries(headers).map(([name, value]) => `  ${display(name)}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Parses a _headers file as those hosts read it: [[pattern, {name: value}]], names in lower
 * case. `headersFor` then gives what such a host sends with a path.
 */
export function parseHeadersFile(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push([line.trim(), {}]);
    else {
      const at = line.indexOf(':');
      rules.at(-1)[1][line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

/**
 * The headers a host reading `rules` sends with the URL path `path`: every matching rule's, two
 * values of one header joined as Cloudflare Pages does (so an overlap shows).
 */
export function headersFor(rules, path) {
  const headers = {};
  for (const [pattern, set] of rules) {
    const re = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    if (!re.test(path)) continue;
    for (const [name, value] of Object.entries(set)) headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

const nginxQuote = (value) => `"${value.replace(/"/g, '\\"')}"`;

/**
 * An nginx location serving the site under `base`, with the headers scripts/serve.mjs sends:
 * the types, the precompressed variants, and every file's own headers (as `add_header` in a
 * nested location drops the outer ones, each location names them all).
 */
export function nginxConf(site, base = '/') {
  const prefix = normalizeBase(base);
  const files = siteFiles(site);
  const extensions = new Map();
  for (const [ext, type] of Object.entries(TYPES)) {
    const mime = type.split(';')[0];
    extensions.set(mime, [...(extensions.get(mime) ?? []), ext.slice(1)]);
  }
  // (nginx names text/html in charset_types itself, and warns when it is named again.)
  const charsetTypes = [...new Set(Object.values(TYPES).filter((t) => t.includes('charset')).map((t) => t.split(';')[0]))]
    .filter((type) => type !== 'text/html');
  const addHeaders = (headers, indent) => Object.entries({ ...COMMON_HEADERS, ...headers })
    .map(([name, value]) => `${indent}add_header ${display(name)} ${nginxQuote(value)};`);
  const out = [
    `# Gridplay under ${prefix}, with the headers scripts/serve.mjs sends: written by`,
    `# \`node scripts/hosting.mjs nginx <site-dir> --base ${prefix}\` from the built site, to be`,
    '# written again with each build (the pages\' policy holds hashes of their inline code).',
    `# Include it in a server {} block whose root holds the site at ${prefix}.`,
    '# brotli_static needs ngx_brotli (Debian: libnginx-mod-http-brotli-static); without it,',
    '# drop that line and the .gz files are still served.',
    `location ^~ ${prefix} {`,
    '    types {',
    ...[...extensions].map(([mime, exts]) => `        ${mime} ${exts.join(' ')};`),
    '    }',
    '    charset utf-8;',
    `    charset_types ${charsetTypes.join(' ')};`,
    '    gzip_static on;',
    '    brotli_static on;',
    '    gzip_vary on;',
    '    etag on;',
    ...addHeaders({ 'cache-control': REVALIDATE }, '    '),
    '    # Named with a hash of their content: never revalidated.',
    `    location ~ ${nginxQuote(HASHED.source)} {`,
    ...addHeaders({ 'cache-control': IMMUTABLE }, '        '),
    '    }',
  ];
  // Files with more than their caching (those two locations): the pages and the service worker.
  for (const path of files) {
    const headers = ownHeaders(path, readFileSync(join(site, path)));
    if (Object.keys(headers).length === 1) continue;
    out.push(`    location = ${prefix}${path} {`, ...addHeaders(headers, '        '), '    }');
  }
  for (const path of HOST_FILES) out.push(`    location = ${prefix}${path} {`, '        return 404;', '    }');
  out.push('}');
  return `${out.join('\n')}\n`;
}

/** The build's last step: the variants, and the _headers file. */
export async function writeHostFiles(site) {
  const variants = await precompress(site);
  writeFileSync(join(site, '_headers'), headersFile(site));
  return { variants };
}

// ---------- command line ----------

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [what, site, flag, base] = process.argv.slice(2);
  const make = { headers: headersFile, nginx: nginxConf }[what];
  if (!make || !site || !statSync(site, { throwIfNoEntry: false })?.isDirectory() || (flag && flag !== '--base')) {
    console.error('usage: node scripts/hosting.mjs headers|nginx <site-dir> [--base /games/]');
    process.exit(2);
  }
  process.stdout.write(make(site, base));
}
