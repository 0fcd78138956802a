// Fails when a comment or a doc points at a file that is not there: a path named in a comment
// of the sources, or anywhere in the docs, that names no file or folder of the repository, and a
// markdown link's #anchor that names no heading of its file. A file moved or deleted leaves
// such pointers behind, and nothing else notices them. Run by `make lint`.
//
// What counts as a path: a token with a slash whose last part has a known extension
// (`midend/shell.js`, `tests/e2e/redo.test.mjs`) or whose first part is one of the repository's
// top-level folders (`src/lights/`, `docs/`); anything after `:` (a line) or `#` (an anchor) is
// not part of it. A path is found if it names a file or folder relative to the file that names
// it, to www/js/ (the comments in www/js name modules so: `midend/shell.js`), to www/ (the
// site's own paths: `css/style.css`) or to the root; `./` and `../` paths relative to the file
// alone. An #anchor after a doc's path, in a link or not, must name a heading of that doc, as
// GitHub makes its anchors. Left out, as pointing at nothing of the repository's own: URLs;
// placeholders and globs (a token with <, *, {, $, ~ or …: `www/js/<route>/`, `src/**/*.rs`; a
// part that is, or ends in, a lone capital letter: `format-N/`; and `path/to/…`); absolute
// paths (a served path like `/games/`, or the machine's own); what the build writes (a path
// through target/, pkg/, node_modules/ or dist/, and the service worker, sw.js); a module of the
// npm package as a user imports it (`gridplay-engine/...`); and the few entries of IGNORED.
//
// Usage: node scripts/check-pointers.mjs   (from anywhere; prints file:line and the path, exit 1)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the comments are read: each folder's files whose names match, searched below it. */
const SOURCES = [
  ['www', /\.(js|css|html)$/],
  ['src', /\.rs$/],
  ['scripts', /./],
  ['tests', /\.(rs|mjs|js)$/],
  ['benches', /\.rs$/],
  ['examples', /\.rs$/],
];
/** Single files whose comments are read too. */
const SOURCE_FILES = ['Makefile', 'Cargo.toml', '.ci/run', 'eslint.config.js'];
/** The docs, read whole (code blocks too: their commands name files). */
const DOCS = ['README.md', 'CHANGELOG.md', 'npm/README.md', ...readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
/** Never searched: installed or built. */
const SKIP_DIRS = new Set(['node_modules', 'pkg', 'target', 'dist']);

const EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.ts', '.rs', '.css', '.html', '.md', '.json', '.toml',
  '.lock', '.sh', '.txt', '.tsv', '.png', '.svg', '.webmanifest', '.wasm', '.tgz', '.yml', '.yaml']);
const TOP = new Set(['www', 'src', 'tests', 'scripts', 'docs', 'npm', 'bench', 'benches', 'examples', '.ci']);
/** A segment of a path the build writes, never one kept in the repository. */
const GENERATED = new Set(['target', 'pkg', 'node_modules', 'dist', 'sw.js']);

/** Examples that are no file of the repository, as `file:path`, each with why. Keep it short:
 * a pointer that could be true should be made true instead. */
const IGNORED = new Set([
  // The crate docs' Cargo.toml of a user's own crate, with Gridplay checked out beside it.
  'src/lib.rs:../gridplay',
  // The example of a module URL that the build makes an entry of its own (a worker's, say).
  'scripts/build-site.mjs:./x.js',
]);

function walk(dir, test) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP_DIRS.has(name) ? [] : walk(path, test);
    return test.test(name) ? [path] : [];
  });
}

// ---------- comments ----------

/** A piece of text at a line of its file: {line, text}. */
function pieces(text, startLine) {
  return text.split('\n').map((line, i) => ({ line: startLine + i, text: line }));
}

const linter = new Linter({ configType: 'flat' });
/** A JavaScript module's comments, as the parser finds them (a `//` in a string or a regex is none). */
function jsComments(path, text) {
  const messages = linter.verify(text, [{ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } }], path);
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${path}:${fatal.line}: cannot parse: ${fatal.message}`);
  return linter.getSourceCode().getAllComments().flatMap((c) => pieces(c.value, c.loc.start.line));
}

/** Rust's comments: a small lexer that steps over strings, raw strings and char literals. */
function rustComments(text) {
  const out = [];
  let line = 1;
  let i = 0;
  const take = (start, end, startLine) => out.push(...pieces(text.slice(start, end), startLine));
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') { line++; i++; continue; }
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
      take(i + 2, end, line);
      i = end;
    } else if (c === '/' && text[i + 1] === '*') {
      const startLine = line;
      let depth = 1;
      let j = i + 2;
      while (j < text.length && depth > 0) {
        if (text.startsWith('/*', j)) { depth++; j += 2; } else if (text.startsWith('*/', j)) { depth--; j += 2; } else j++;
      }
      take(i + 2, j - 2, startLine);
      line += text.slice(i, j).split('\n').length - 1;
      i = j;
    } else if (/[rb]/.test(c) && /^(b?r#*")/.test(text.slice(i, i + 40)) && !/\w/.test(text[i - 1] ?? '')) {
      const open = text.slice(i).match(/^b?r(#*)"/);
      const close = `"${open[1]}`;
      const end = text.indexOf(close, i + open[0].length);
      const stop = end === -1 ? text.length : end + close.length;
      line += text.slice(i, stop).split('\n').length - 1;
      i = stop;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      line += text.slice(i, j + 1).split('\n').length - 1;
      i = j + 1;
    } else if (c === "'") {
      // A char literal ('x', '\n', '\u{1F600}'), or a lifetime ('a), which has no closing quote.
      const m = text.slice(i).match(/^'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'\n])'/u);
      i += m ? m[0].length : 1;
    } else i++;
  }
  return out;
}

/** The comments between `open` and `close` (CSS's, HTML's). */
function blockComments(text, open, close) {
  const out = [];
  let at = 0;
  for (;;) {
    const start = text.indexOf(open, at);
    if (start === -1) return out;
    const end = text.indexOf(close, start + open.length);
    const stop = end === -1 ? text.length : end;
    out.push(...pieces(text.slice(start + open.length, stop), text.slice(0, start).split('\n').length));
    at = stop + close.length;
  }
}

/** `#` comments (shell, make, TOML): from a # at the start or after a space to the line's end. */
function hashComments(text) {
  return text.split('\n').flatMap((line, i) => {
    const m = line.match(/(?:^|\s)#(?!!)(.*)$/);
    return m ? [{ line: i + 1, text: m[1] }] : [];
  });
}

function commentsOf(path, text) {
  const ext = extname(path);
  if (['.js', '.mjs', '.cjs'].includes(ext) || (ext === '' && text.startsWith('#!/usr/bin/env node'))) return jsComments(path, text);
  if (ext === '.rs') return rustComments(text);
  if (ext === '.css') return blockComments(text, '/*', '*/');
  if (ext === '.html') return blockComments(text, '<!--', '-->');
  if (ext === '.json' || ext === '.txt') return [];
  return hashComments(text);
}

// ---------- paths ----------

/** Candidate paths in a line of text: runs of path characters with a slash. Placeholders and
 * globs' characters are taken into the token, so that it is left out whole. */
const TOKEN = /[A-Za-z0-9_.@<>*{}$~…\-/]*\/[A-Za-z0-9_.@<>*{}$~…\-/]*/g;
const URL_LIKE = /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.[a-z0-9-]+\.[a-z]+\S*|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|org|io|net|dev|app)\/\S*/gi;

function pathsIn(text) {
  const found = [];
  for (const m of text.replace(URL_LIKE, ' ').matchAll(TOKEN)) {
    // A sentence's full stop (or a dash) after a path is not part of it.
    const token = m[0].replace(/[.…-]+$/, '');
    if (/[<>*{}$~…]/.test(token) || token.startsWith('/')) continue;
    if (token.startsWith('gridplay-engine/') || token.startsWith('path/to/')) continue;
    const parts = token.split('/').filter((p) => p && p !== '.' && p !== '..');
    if (parts.some((p) => /(^|[-_.])[A-Z]$/.test(p))) continue;
    if (parts.length === 0 || parts.some((p) => GENERATED.has(p) || p.startsWith('pkg-'))) continue;
    const last = parts[parts.length - 1];
    const relativeToSelf = token.startsWith('./') || token.startsWith('../');
    if (!relativeToSelf && !TOP.has(parts[0]) && !EXTENSIONS.has(extname(last))) continue;
    found.push(token);
  }
  return found;
}

/** Whether `path`, named in `file`, names something that exists. */
function exists(file, path) {
  const bases = path.startsWith('./') || path.startsWith('../')
    ? [dirname(file)]
    : [dirname(file), 'www/js', 'www', '.'];
  return bases.some((base) => existsSync(join(ROOT, base, path)));
}

// ---------- markdown anchors ----------

/** A heading's anchor, as GitHub writes it. */
function slug(heading) {
  return heading.trim().toLowerCase().replace(/`/g, '').replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

const anchorsCache = new Map();
function anchorsOf(file) {
  if (!anchorsCache.has(file)) {
    const anchors = new Set();
    const seen = new Map();
    let fenced = false;
    for (const line of readFileSync(join(ROOT, file), 'utf8').split('\n')) {
      if (/^\s*```/.test(line)) fenced = !fenced;
      const m = !fenced && line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
      if (!m) continue;
      const base = slug(m[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    anchorsCache.set(file, anchors);
  }
  return anchorsCache.get(file);
}

/** Markdown links' targets on a line: [text](target). */
function linksIn(text) {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

// ---------- the check ----------

/** file:line: what, once each (a markdown link is both a path and a link), in file order. */
const problems = new Map();
const fileOrder = new Map();
/** The entries of IGNORED that were needed: one that no longer is goes, or it would hide a
 * pointer that comes back. */
const ignoredUsed = new Set();
function problem(file, line, what) {
  if (!fileOrder.has(file)) fileOrder.set(file, fileOrder.size);
  problems.set(`${file}:${line}: ${what}`, [fileOrder.get(file), Number(line) || 0]);
}

function checkPieces(file, list) {
  for (const { line, text } of list) {
    for (const path of pathsIn(text)) {
      if (exists(file, path)) continue;
      if (IGNORED.has(`${file}:${path}`)) ignoredUsed.add(`${file}:${path}`);
      else problem(file, line, `no ${path}`);
    }
    // An anchor into a doc named as a path (`docs/design.md#adding-a-game`).
    for (const m of text.matchAll(/([A-Za-z0-9_./-]+\.md)#([\w-]+)/g)) {
      const target = [dirname(file), '.'].map((base) => normalize(join(base, m[1]))).find((p) => existsSync(join(ROOT, p)));
      if (target && !anchorsOf(target).has(m[2])) problem(file, line, `no heading #${m[2]} in ${target}`);
    }
  }
}

function checkDoc(file) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const lines = pieces(text, 1);
  checkPieces(file, lines);
  for (const { line, text: content } of lines) {
    for (const target of linksIn(content)) {
      const [path, anchor] = target.split('#');
      // A link is relative to its own file, as a reader's browser resolves it.
      const resolved = path ? normalize(join(dirname(file), path)) : file;
      if (path && !existsSync(join(ROOT, resolved))) {
        problem(file, line, `no ${path}`);
      } else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
        problem(file, line, `no heading #${anchor} in ${resolved}`);
      }
    }
  }
}

const sources = [
  ...SOURCES.flatMap(([dir, test]) => walk(join(ROOT, dir), test)),
  ...SOURCE_FILES.map((file) => join(ROOT, file)).filter((file) => existsSync(file)),
].map((path) => relative(ROOT, path).split(sep).join('/'));
for (const file of sources) checkPieces(file, commentsOf(file, readFileSync(join(ROOT, file), 'utf8')));
for (const file of DOCS) checkDoc(file);

for (const key of IGNORED) {
  if (!ignoredUsed.has(key)) problem('scripts/check-pointers.mjs', 'IGNORED', `${key} is not needed: take it out`);
}
if (problems.size) {
  const lines = [...problems].sort(([, a], [, b]) => a[0] - b[0] || a[1] - b[1]).map(([text]) => text);
  console.error(`check-pointers: ${lines.length} pointer(s) to nothing:\n${lines.join('\n')}`);
  process.exit(1);
}
console.log(`check-pointers: every path named in ${sources.length} sources' comments and ${DOCS.length} docs is there`);
