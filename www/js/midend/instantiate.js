// A game's engine made ready from what the app gives its mount() (`app.engine`).

/**
 * Instantiates the engine through its glue (`init`, `initSync`): a module compiled already
 * at once, with no task between in which the browser could paint the page without its board;
 * else (the engine's promise) once it is compiled.
 */
export async function instantiate(engine, { init, initSync }) {
  if (engine instanceof WebAssembly.Module) initSync({ module: engine });
  else await init({ module_or_path: engine });
}
