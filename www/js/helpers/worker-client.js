// The page's side of a module worker that answers requests (the Fifteen solver, the AI of
// Threes and 2048): each request goes as {id, ...message}, each answer comes back as
// {id, ...answer} or {id, error}, and is handed over by promise. A search inside wasm cannot be
// interrupted from inside, so cancel() ends the worker; the next request starts a fresh one.
//
// A request asked while the worker still thinks about another goes to a second worker (up to
// `lanes` of them), so a quick question never waits behind a long one: a 3×3 hint behind the
// first 4×4 solve of a visit, which builds the solver's tables for seconds. Each worker is
// started at its first request, and stays with whatever it has built.

/** Thrown (as the rejection) for a request whose search was stopped. */
export class Cancelled extends Error {
  constructor() {
    super('the search was stopped');
    this.name = 'Cancelled';
  }
}

export class WorkerClient {
  /**
   * @param {URL} url  the module worker's script
   * @param {string} what  who answers, for the error of a worker that fails ("the solver")
   * @param {number} [lanes]  the most workers thinking at once
   */
  constructor(url, what, lanes = 2) {
    this.url = url;
    this.what = what;
    /** Each worker (null until its first request) and its requests under way, by id. */
    this._lanes = Array.from({ length: lanes }, () => ({ worker: null, pending: new Map() }));
    this._nextId = 1;
  }

  /** The worker's answer to `message`: a promise of the answer's data. */
  request(message) {
    // An idle worker, one already started first; else the least busy.
    const idle = this._lanes.filter((lane) => lane.pending.size === 0);
    const lane = idle.find((l) => l.worker) ?? idle[0]
      ?? this._lanes.reduce((least, l) => (l.pending.size < least.pending.size ? l : least));
    const worker = this._start(lane);
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      lane.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  /** Stops every search under way (ending the workers thinking); their promises reject with
   * Cancelled. A worker with nothing under way stays, with whatever tables it has built. */
  cancel() {
    for (const lane of this._lanes) {
      if (lane.pending.size > 0) this._fail(lane, new Cancelled());
    }
  }

  /** Ends the workers for good (the route closed). */
  destroy() {
    for (const lane of this._lanes) this._fail(lane, new Cancelled());
  }

  _fail(lane, error) {
    lane.worker?.terminate();
    lane.worker = null;
    const pending = [...lane.pending.values()];
    lane.pending.clear();
    for (const { reject } of pending) reject(error);
  }

  _start(lane) {
    if (lane.worker) return lane.worker;
    const worker = new Worker(this.url, { type: 'module' });
    worker.addEventListener('message', ({ data }) => {
      const request = lane.pending.get(data.id);
      if (!request) return;
      lane.pending.delete(data.id);
      if (data.error) request.reject(new Error(data.error));
      else request.resolve(data);
    });
    worker.addEventListener('error', (event) => {
      // The worker could not start or crashed: fail what was asked, start afresh next time.
      event.preventDefault?.();
      this._fail(lane, new Error(`${this.what} stopped: ${event.message ?? 'worker error'}`));
    });
    lane.worker = worker;
    return worker;
  }
}
