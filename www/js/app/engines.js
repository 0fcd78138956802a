// A game's engine (its own wasm), fetched and compiled once, as soon as its route opens. The
// addressed game's the boot script has started compiling before the page was parsed
// (window.gridplayCompiling: url → the compile's promise, null if it was refused).

/** url → {loaded: the compile's promise, module: the WebAssembly.Module once it is in}. */
const engines = new Map();
const early = window.gridplayCompiling ?? new Map();

/**
 * The engine at `url`, compiled as it downloads (the glue's init() then only instantiates it).
 * A host that serves wasm under another type than application/wasm makes the streaming
 * compile refuse it: then it is compiled once whole (from the browser's cache). A failed load
 * is tried again at the next call.
 */
export function engine(url) {
  if (!engines.has(url)) {
    const entry = { loaded: null, module: null };
    entry.loaded = (async () => {
      const started = await early.get(url);
      if (started) return started;
      try {
        return await WebAssembly.compileStreaming(fetch(url));
      } catch {
        return WebAssembly.compile(await (await fetch(url)).arrayBuffer());
      }
    })();
    entry.loaded.then((module) => { entry.module = module; }, () => engines.delete(url));
    engines.set(url, entry);
  }
  return engines.get(url).loaded;
}

/** The engine at `url` if it is compiled already, else null: a game given it is instantiated
 * at once, with no wait in which the browser could paint the page without its board. */
export function compiled(url) {
  return engines.get(url)?.module ?? null;
}
