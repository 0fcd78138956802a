// The page's one keyboard router (www/js/input/keys.js): one listener for a document, its
// layers heard in the stated order whatever order they were added in, each only if the ones
// before it left the key, and one router even for copies of the module (a script loaded later
// bundles its own).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEY_LAYERS, onKey } from '../../www/js/input/keys.js';

/** A document as the router sees it: an EventTarget that counts its keydown listeners. */
function fakeDocument() {
  const doc = new EventTarget();
  doc.listeners = 0;
  const add = doc.addEventListener.bind(doc);
  doc.addEventListener = (type, ...rest) => {
    if (type === 'keydown') doc.listeners += 1;
    add(type, ...rest);
  };
  return doc;
}

const press = (doc) => {
  const event = new Event('keydown', { cancelable: true });
  doc.dispatchEvent(event);
  return event;
};

test('a key goes to the layers in their stated order, whatever order they were added in', () => {
  const doc = fakeDocument();
  const heard = [];
  for (const layer of [...KEY_LAYERS].reverse()) onKey(doc, layer, () => heard.push(layer));
  onKey(doc, 'game', () => heard.push('game, added later'));
  press(doc);
  assert.deepEqual(heard, [...KEY_LAYERS, 'game, added later']);
  assert.equal(doc.listeners, 1, 'one listener for the document');
});

test('a layer that takes the key (preventDefault) keeps it from those after it; one that only looks does not', () => {
  const doc = fakeDocument();
  const heard = [];
  onKey(doc, 'game', () => heard.push('game'));
  onKey(doc, 'undo', () => heard.push('undo'));
  const stopHelper = onKey(doc, 'helpers', () => heard.push('helpers looks'));
  const offReplay = onKey(doc, 'replay', (event) => {
    heard.push('replay takes');
    event.preventDefault();
  });
  assert.equal(press(doc).defaultPrevented, true);
  assert.deepEqual(heard, ['replay takes']);
  heard.length = 0;
  offReplay();
  press(doc);
  assert.deepEqual(heard, ['helpers looks', 'undo', 'game']);
  heard.length = 0;
  stopHelper();
  press(doc);
  assert.deepEqual(heard, ['undo', 'game']);
});

test('a second copy of the module (another script\'s bundle) adds to the same router', async () => {
  const doc = fakeDocument();
  const copy = await import(`../../www/js/input/keys.js?copy=${Date.now()}`);
  assert.notEqual(copy.onKey, onKey, 'a copy of the module');
  const heard = [];
  onKey(doc, 'game', () => heard.push('game'));
  copy.onKey(doc, 'helpers', () => heard.push('helpers'));
  press(doc);
  assert.deepEqual(heard, ['helpers', 'game']);
  assert.equal(doc.listeners, 1);
});

test('a layer that is not one of the stated ones is refused', () => {
  assert.throws(() => onKey(fakeDocument(), 'everything', () => {}), /no key layer "everything"/);
});
