// The page's load event, as promises: what no first view needs waits for it, so that no first
// load waits for it or carries it (the page budgets count a first load up to its load event).

/** Settled once the page has loaded (its load event). */
export const pageLoaded = new Promise((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', resolve, { once: true });
});

/** Settled `ms` milliseconds after the page's load event. */
export const afterLoad = (ms = 0) => pageLoaded.then(() => new Promise((resolve) => setTimeout(resolve, ms)));
