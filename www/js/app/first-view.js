// Runs while the page is parsed (the build bundles it, with screen.js, into a script inline in
// <body> right after #view, its hash in the page's Content-Security-Policy): shows the screen the
// address opens (showFirstScreen: its view and the header's part for it), so that the page's first
// paint is that screen whole rather than the header alone, and styled (every game's stylesheet
// is in the page); the game draws its board into the view once its code and engine are in.
// #view's data-shows names the screen, which app.js then keeps rather than showing it again.
import { showFirstScreen } from './screen.js';

// (None on a page on its way to a game's own page: boot.js.)
if (window.gridplayAddress) showFirstScreen(window.gridplayAddress); // as the boot script read it
