// A screen in the page: its view in #view, from its <template> (#view-<name>: home's page holds
// home's, each game's page its game's, written by the build), and what the header shows for
// it. The page itself shows the screen its address opens as it is parsed (first-view.js,
// inline: showFirstScreen), so the first paint is that screen whole; app.js shows every later
// one, and keeps the one the page showed.

import { addressOf } from '../ui/address.js';

const byId = (id) => document.getElementById(id);

/** How #view's data-shows names a screen that the page showed as it was parsed. */
const shownAs = (name, daily) => `${name}${daily ? '/daily' : ''}`;

/** Shows the screen an address opens (readAddress's), as the page is parsed; app.js then keeps it. */
export function showFirstScreen({ name, daily }) {
  // A name that is no screen shows nothing: app.js says so and shows home.
  if (showScreen(name, { daily })) byId('view').dataset.shows = shownAs(name, daily);
}

/**
 * Puts screen `name` (home, or a game's route) in #view in place of what was there, and sets
 * the header for it: a game's title and New game, its Share button and the link between its
 * game and its day's deal where it has them (its template's data-share and data-daily), which
 * on the day's deal (`daily`) leads back to the player's own game. False, and nothing done, for
 * a name that is no screen.
 */
export function showScreen(name, { daily = false } = {}) {
  const view = byId('view');
  // The screen the page showed as it was parsed is kept, the first time it is asked for.
  const shown = view.dataset.shows === shownAs(name, daily);
  delete view.dataset.shows;
  if (shown) return true;
  const template = byId(`view-${name}`);
  if (!template) return false;
  const game = name !== 'home';
  view.replaceChildren(template.content.cloneNode(true));
  document.body.dataset.route = name;
  const title = template.dataset.title;
  if (game) {
    byId('title').textContent = title;
    // On the day's deal the heading says so, on a phone too (the bar's link there is an icon).
    if (daily) byId('title').prepend(Object.assign(document.createElement('small'), { className: 'title-day', textContent: 'Today’s deal ' }));
  }
  byId('title-row').hidden = !game;
  byId('new-game').hidden = !game;
  byId('share').hidden = !('share' in template.dataset);
  const dayLink = byId('day-link');
  dayLink.hidden = !('daily' in template.dataset);
  if (!dayLink.hidden) {
    dayLink.querySelector('.bar-button-text').textContent = daily ? 'Your game' : 'Today';
    // Its name begins with the words it shows, so a voice that says them finds it (WCAG 2.5.3).
    dayLink.setAttribute('aria-label', daily ? `Your game of ${title}, back from the day’s deal` : `Today: the day’s ${title} deal`);
    dayLink.href = addressOf(name, daily ? [] : ['daily']);
    if (daily) dayLink.setAttribute('aria-current', 'page');
    else dayLink.removeAttribute('aria-current');
  }
  return true;
}
