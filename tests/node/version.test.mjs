// The version names the API. The crate and the npm package share one version, Cargo.toml's
// (scripts/build-package.mjs gives it to the package), and CHANGELOG.md says what each version
// changed, newest first, a version released once its heading is dated: `## 0.3.0 (2026-12-06)`.
//
// The rule: the newest heading is dated and names Cargo.toml's version. Any commit can be
// packed (`make test` packs it), so at every commit the version must name the API the tree
// holds. An undated ("unreleased") heading on top breaks that whatever its version: under
// Cargo.toml's, a tarball would carry a version whose API is not settled yet; under another
// (Cargo.toml still the last release's), it would carry changes its version does not name. So
// a change to the API comes with its version: a heading of its own, dated, and Cargo.toml (and
// Cargo.lock) saying it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** Cargo.toml's [package] version. */
function crateVersion() {
  const table = read('Cargo.toml').split(/^\[/m).find((part) => part.startsWith('package]'));
  return table.match(/^version\s*=\s*"([^"]+)"/m)?.[1];
}

/** CHANGELOG.md's version headings, newest first: {version, note} (the words in brackets). */
function headings() {
  return [...read('CHANGELOG.md').matchAll(/^## (\d+\.\d+\.\d+\S*)(?: \(([^)]*)\))?\s*$/gm)]
    .map(([, version, note]) => ({ version, note: note ?? '' }));
}

test('the newest CHANGELOG heading is dated and names Cargo.toml\'s version', () => {
  const version = crateVersion();
  assert.ok(version, 'Cargo.toml has a [package] version');
  const [newest] = headings();
  assert.ok(newest, 'CHANGELOG.md has a heading per version: ## <version> (<date>)');
  assert.equal(newest.version, version, `CHANGELOG.md's newest heading (${newest.version}) names Cargo.toml's version (${version})`);
  assert.match(newest.note, /^\d{4}-\d{2}-\d{2}$/, `CHANGELOG.md's ${newest.version} is dated (## ${newest.version} (YYYY-MM-DD)), not "${newest.note}"`);
  assert.ok(!Number.isNaN(Date.parse(`${newest.note}T00:00:00Z`)), `${newest.note} is a date`);
});

test('no CHANGELOG heading is left unreleased', () => {
  const undated = headings().filter(({ note }) => /unreleased/i.test(note));
  assert.deepEqual(undated, [], 'a version is dated when its changes are made, with Cargo.toml saying it');
});

test('Cargo.lock\'s entry for the crate has Cargo.toml\'s version', () => {
  const entry = read('Cargo.lock').match(/^\[\[package\]\]\nname = "gridplay"\nversion = "([^"]+)"/m);
  assert.equal(entry?.[1], crateVersion());
});
