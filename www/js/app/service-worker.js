// Offline: the service worker (sw.js, written by the build), registered once the first screen is
// up, and the offer of a new version.

/**
 * Registers sw.js (which precaches this version of the app) and offers an update when a new
 * version has installed: the new worker waits until the player chooses "Reload to update", so
 * a page never runs on a mix of two versions' files. `notice(text, kind, options)` shows the offer.
 */
export async function registerServiceWorker(notice) {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    // The first worker taking over a fresh page changes nothing on screen; a new version
    // taking over (after "Reload to update", in this tab or another) needs its files.
    if (!controlled) {
      controlled = true;
      return;
    }
    location.reload();
  });
  let registration;
  try {
    registration = await container.register('./sw.js');
  } catch (error) {
    console.info('gridplay: no offline support:', error?.message ?? error);
    return;
  }
  // (A browser told to keep service workers out may register none and say nothing.)
  if (!registration) return;
  const offer = (worker) => {
    if (!container.controller) return; // the first install: nothing older to replace
    notice('A new version of Gridplay is ready.', 'update', {
      action: { label: 'Reload to update', onClick: () => worker.postMessage({ type: 'skip-waiting' }) },
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  // An app left open for days still hears of new versions.
  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checked < 30 * 60 * 1000) return;
    checked = Date.now();
    registration.update().catch(() => {});
  });
}
