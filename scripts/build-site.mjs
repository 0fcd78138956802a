// Writes the site that `make play` and the browser tests serve: www/ (the sources) plus the
// engine from wasm-pack, with each script, stylesheet and page made small the way a host's
// build would, so what loads here is what a player would download. One file in, one file out,
// same paths: no bundling, so a URL that works on the site names the same source in www/.
//
// - JavaScript: esbuild's minifier, per file (ES modules stay modules), with a source map
//   beside each (`app.js.map`, sources included), so the browser's devtools show www/'s code.
// - CSS: esbuild's minifier. JSON/manifest: re-serialised without spaces.
// - HTML: comments and indentation removed, nothing else (a line break still separates words).
// - Everything else (wasm, icons) is copied as it is.
// With MINIFY=0 every file is copied unchanged (for reading the served code as written).
//
// Usage: node scripts/build-site.mjs <www-dir> <site-dir> <wasm-pack-out-dir>...
// Every engine (each wasm-pack output: its glue module and its wasm) lands in the site's pkg/.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { transform } from 'esbuild';

const [www, site, ...pkgs] = process.argv.slice(2);
if (!www || !site || pkgs.length === 0) {
  console.error('usage: node scripts/build-site.mjs <www-dir> <site-dir> <wasm-pack-out-dir>...');
  process.exit(2);
}
const minify = process.env.MINIFY !== '0';

/** What the site serves from a wasm-pack output: the glue module and the engine. */
const ENGINE = /(\.js|_bg\.wasm)$/;

function walk(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (name.startsWith('.')) return [];
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

async function javascript(source, path) {
  // A file with imports or exports is an ES module (its top-level names are its own and may be
  // shortened); anything else is a classic script whose top-level names must stay as written.
  const isModule = /^\s*(import|export)\b/m.test(source);
  const name = basename(path);
  const result = await transform(source, {
    loader: 'js',
    minify: true,
    format: isModule ? 'esm' : undefined,
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

async function stylesheet(source) {
  const result = await transform(source, { loader: 'css', minify: true, legalComments: 'none' });
  return result.code;
}

function page(source) {
  return source
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{2,}/g, '\n');
}

/** [[path in the site, contents]] for one source file. */
async function build(from, to) {
  const data = readFileSync(from);
  if (!minify) return [[to, data]];
  const text = () => data.toString('utf8');
  switch (extname(from)) {
    case '.js':
    case '.mjs':
      return javascript(text(), to);
    case '.css':
      return [[to, await stylesheet(text())]];
    case '.html':
      return [[to, page(text())]];
    case '.json':
    case '.webmanifest':
      return [[to, `${JSON.stringify(JSON.parse(text()))}\n`]];
    default:
      return [[to, data]];
  }
}

const sources = [
  // www/pkg and www/sw.js are where earlier builds wrote; the site takes the engines from `pkgs`
  // and build-sw.mjs writes the worker into the site.
  ...walk(www)
    .filter((path) => !relative(www, path).startsWith(`pkg${sep}`) && relative(www, path) !== 'sw.js')
    .map((path) => [path, relative(www, path)]),
  ...pkgs.flatMap((pkg) => readdirSync(pkg).filter((name) => ENGINE.test(name))
    .map((name) => [join(pkg, name), join('pkg', name)])),
];

rmSync(site, { recursive: true, force: true });
let before = 0;
let after = 0;
for (const [from, to] of sources) {
  before += statSync(from).size;
  for (const [path, contents] of await build(from, to)) {
    const target = join(site, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, contents);
    if (!path.endsWith('.map')) after += Buffer.byteLength(contents); // maps: devtools only
  }
}
// Compressed sizes are the server's business: `make perf` reports what it sends.
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`build-site: ${site}, ${sources.length} files${minify ? ', minified' : ''}: ${kb(before)} → ${kb(after)}`);
