// The page's side of the helpers' workers (www/js/helpers/worker-client.js), with a stand-in
// Worker that answers when told: a question asked while another is thought about goes to a
// second worker, so it never waits behind it; an idle worker is used again, with what it built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Cancelled, WorkerClient } from '../../www/js/helpers/worker-client.js';

/** Workers started, each holding the messages it was sent until `answer()`. */
const started = [];
globalThis.Worker = class {
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.listeners = { message: [], error: [] };
    this.terminated = false;
    started.push(this);
  }
  addEventListener(type, listener) { this.listeners[type].push(listener); }
  postMessage(message) { this.sent.push(message); }
  terminate() { this.terminated = true; }
  /** Answers its oldest question not yet answered. */
  answer(extra = {}) {
    const message = this.sent.shift();
    for (const listener of this.listeners.message) listener({ data: { id: message.id, echo: message.q, ...extra } });
  }
};

test('a question asked while the worker thinks goes to a second worker; an idle one is used again', async () => {
  started.length = 0;
  const client = new WorkerClient(new URL('file:///worker.js'), 'the solver');
  const long = client.request({ q: '4×4 from its start' });
  assert.equal(started.length, 1);
  const quick = client.request({ q: '3×3 hint' });
  assert.equal(started.length, 2, 'a second worker for the question asked meanwhile');
  started[1].answer();
  assert.equal((await quick).echo, '3×3 hint', 'answered while the first still thinks');
  // Both idle once the long one ends: the next question goes to the first, with its tables.
  started[0].answer();
  assert.equal((await long).echo, '4×4 from its start');
  const next = client.request({ q: 'next' });
  assert.equal(started.length, 2);
  assert.equal(started[0].sent.length, 1, 'the first worker, started first, takes it');
  started[0].answer();
  await next;
  client.destroy();
});

test('no more workers than lanes: a third question waits with the least busy', async () => {
  started.length = 0;
  const client = new WorkerClient(new URL('file:///worker.js'), 'the AI', 2);
  const asked = ['a', 'b', 'c'].map((q) => client.request({ q }));
  assert.equal(started.length, 2);
  assert.deepEqual(started.map((w) => w.sent.length), [2, 1]);
  started[0].answer();
  started[1].answer();
  started[0].answer();
  assert.deepEqual((await Promise.all(asked)).map((a) => a.echo), ['a', 'b', 'c']);
  client.destroy();
});

test('cancel ends the workers thinking and rejects their questions; an idle worker stays', async () => {
  started.length = 0;
  const client = new WorkerClient(new URL('file:///worker.js'), 'the solver');
  const first = client.request({ q: 'one' });
  const second = client.request({ q: 'two' });
  started[0].answer();
  await first;
  client.cancel();
  await assert.rejects(second, Cancelled);
  assert.deepEqual(started.map((w) => w.terminated), [false, true], 'the idle worker keeps what it built');
  client.destroy();
  assert.equal(started[0].terminated, true, 'destroy ends them all');
});
