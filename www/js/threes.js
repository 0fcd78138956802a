// The Threes page: loads the WebAssembly engine and wires the Threes view into the shared shell.

import init, { ThreesGame } from '../pkg/gridplay.js';
import { GameShell, showNotice } from './shell.js';
import { SafeStorage } from './storage.js';
import { ThreesView } from './threes-view.js';

const byId = (id) => document.getElementById(id);

async function main() {
  try {
    await init();
  } catch (error) {
    console.warn('gridplay: the game engine did not load', error);
    showNotice(
      byId('notices'),
      'Threes could not start: this browser did not load the game engine. Try reloading the page.',
      'engine',
    );
    document.body.classList.remove('loading');
    return;
  }

  const view = new ThreesView({
    board: byId('board'),
    tiles: byId('tiles'),
    next: byId('next'),
    score: byId('score'),
    best: byId('best'),
  });

  const shell = new GameShell({
    name: 'threes',
    createGame: () => new ThreesGame(),
    loadGame: (text) => ThreesGame.load(text),
    view,
    storage: new SafeStorage(),
    elements: {
      board: byId('board'),
      newGame: byId('new-game'),
      confirmDialog: byId('confirm-dialog'),
      gameOverDialog: byId('game-over'),
      finalScore: byId('final-score'),
      scoreSheet: byId('score-sheet'),
      notices: byId('notices'),
      announcer: byId('announcer'),
    },
  });
  shell.start();
  document.body.classList.remove('loading');
}

main();
