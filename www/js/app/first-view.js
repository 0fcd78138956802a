// Runs while the page is parsed (the build bundles it, with screen.js, into a script inline in
// <body> right after #view, its hash in the page's Content-Security-Policy): shows the screen the
// address opens (showScreen: its view and the header's part for it), so that the page's first
// paint is that screen whole rather than the header alone, and styled (every game's stylesheet
// is in the page); the game draws its board into the view once its code and engine are in.
// #view's data-shows names the screen for app.js, which keeps it rather than showing it again.
import { showScreen } from './screen.js';

const [, written, daily] = /^#([^/]*)(\/daily$)?/.exec(location.hash) ?? [];
const name = written?.toLowerCase() || 'home';
// A name that is no screen shows nothing: app.js says so and shows home.
if (showScreen(name, { daily: Boolean(daily) })) document.getElementById('view').dataset.shows = `${name}${daily ?? ''}`;
