// The mid end's one event mechanism: what follows the game (the app, the helpers, a game's own
// wiring) is told of its events (shell.js lists them) as fn(what, detail).

/** Calls `hook(...args)`; a hook that fails is logged and never breaks the game. */
export function safely(hook, ...args) {
  if (!hook) return;
  try {
    hook(...args);
  } catch (error) {
    console.warn('gridplay: page hook failed', error);
  }
}

export class Watchers {
  constructor() {
    this._fns = new Set();
  }

  /** Tells `fn` of every event from now on; returns a function that stops it. */
  add(fn) {
    this._fns.add(fn);
    return () => this._fns.delete(fn);
  }

  /** Tells every watcher (those added meanwhile wait for the next event). */
  tell(what, detail = {}) {
    for (const fn of [...this._fns]) safely(fn, what, detail);
  }

  clear() {
    this._fns.clear();
  }
}
