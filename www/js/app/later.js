// What no first view needs, loaded once the page has loaded, its first screen is up, and it has
// been idle a moment, so that no first load waits for it or carries it (the page budgets count a
// first load up to its load event): a game's aids for a player without sight or a pointer (the
// focus kept off the page's body, features/focus.js; Ask the board, features/ask.js), sharing
// (share.js), and the Settings dialog's wiring (settings-dialog.js); each also loaded at once if
// wanted first.

import { afterLoad } from '../ui/after-load.js';

export { pageLoaded } from '../ui/after-load.js';

let firstScreenUp;
/** Settled once the page's first screen (a game's board, or home's list) is up. */
const firstScreen = new Promise((resolve) => {
  firstScreenUp = resolve;
});
/** Says that the page's first screen is up (app.js, as it draws it). */
export const firstScreenShown = () => firstScreenUp();

/**
 * Settled a moment after the page has loaded and its first screen is up, whichever is last: on
 * a slow phone the board may come well after the load event, and what waits for `later` must
 * not compete with it.
 */
export const later = () => firstScreen.then(() => afterLoad(1000));

/** What did not come (offline before the app was kept): the page goes on without it. */
const missed = (error) => console.info('gridplay: not loaded', error);

/** Puts the aids beside `shell`'s game (the shell of a route just opened), unless it has closed
 * by the time they come. */
export function gameAids(shell) {
  later()
    .then(() => Promise.all([
      import(new URL('../features/focus.js', import.meta.url).href),
      import(new URL('../features/ask.js', import.meta.url).href),
    ]))
    .then(([focus, ask]) => {
      if (shell.destroyed) return;
      focus.keepFocus(shell);
      ask.askTheBoard(shell);
    })
    .catch(missed);
}

/** Sharing (share.js): loaded a moment after the first screen, or at once if wanted first. */
let share = null;
export function sharing() {
  share ??= import(new URL('./share.js', import.meta.url).href);
  return share;
}
later().then(sharing).catch(missed);

/** The Settings dialog's module, loaded the first time it is wanted. */
const settingsDialog = () => import(new URL('./settings-dialog.js', import.meta.url).href);

/**
 * Settings `button` opens `dialog` on `settings`; the dialog is wired a moment after the first
 * screen (`later`), so it shows another tab's changes, or as it is first opened.
 */
export function wireSettings(settings, button, dialog) {
  button.addEventListener('click', () => settingsDialog().then((module) => module.showSettings(settings, dialog)));
  later()
    .then(settingsDialog)
    .then((module) => module.bindSettings(settings, dialog))
    .catch(missed);
}
