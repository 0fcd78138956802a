// A game's engine, fetched and compiled once, as soon as its route opens.

/** `load(url)`'s promise, kept in `cache` so each url loads once (again if that failed). */
function once(cache, url, load) {
  if (!cache.has(url)) {
    const loaded = load(url);
    loaded.catch(() => cache.delete(url));
    cache.set(url, loaded);
  }
  return cache.get(url);
}

const engines = new Map();

/**
 * A game's engine (its own wasm, `url`), fetched and compiled once, as soon as its route opens:
 * compiled as it downloads, while the route's code is still evaluated, rather than once the
 * game's code asks for it (the glue's init() then only instantiates it). A host that serves
 * wasm under another type than application/wasm makes the streaming compile refuse it: then
 * it is compiled once whole (from the browser's cache).
 */
export function engine(url) {
  return once(engines, url, async (address) => {
    try {
      return await WebAssembly.compileStreaming(fetch(address));
    } catch {
      return WebAssembly.compile(await (await fetch(address)).arrayBuffer());
    }
  });
}
