// The mid end's queue of moves (www/js/midend/move-queue.js): what a game that has just ended
// forgets, and what it must not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MoveQueue } from '../../www/js/midend/move-queue.js';

/** A queue whose steps write what they did into `done`; `during` runs inside the first move. */
function queueOf(done, during = () => {}) {
  let queue;
  let first = true;
  queue = new MoveQueue({
    accepts: () => true,
    live: () => true,
    play: async (move) => {
      done.push(`play ${move}`);
      if (first) {
        first = false;
        during(queue);
      }
    },
    undo: async () => done.push('undo'),
    redo: async () => done.push('redo'),
    follow: async () => done.push('follow'),
  });
  return queue;
}

/** What a queue plays when `during(queue)` runs inside its first move, "a". */
async function playedWith(during) {
  const done = [];
  const queue = queueOf(done, during);
  queue.move('a');
  await queue.idle;
  return done;
}

test('a game ended by a move drops the moves queued behind it, but not an undo', async () => {
  assert.deepEqual(await playedWith((q) => {
    q.move('b');
    q.undo();
    q.move('c');
    q.dropMoves();
  }), ['play a', 'undo']);
});

test('a move that ends the game and loses to another tab\'s is still followed: the follow is not dropped with the moves', async () => {
  // While the ending move is drawn, its keep loses (the shell queues a follow), and then the
  // game's end drops what was queued.
  assert.deepEqual(await playedWith((q) => {
    q.move('b');
    q.follow();
    q.dropMoves();
  }), ['play a', 'follow']);
});

test('input dropped while a move is drawn (a page\'s dialog showed, or another tab\'s game was followed) keeps a follow queued meanwhile', async () => {
  // While the move is drawn its keep loses (the shell queues a follow behind the moves typed
  // since), and then a dialog of the page's drops the input.
  assert.deepEqual(await playedWith((q) => {
    q.move('b');
    q.follow();
    q.move('c');
    q.undo();
    q.dropInput();
  }), ['play a', 'follow']);
});

test('dropping input with no follow queued forgets moves, undos and redos alike', async () => {
  assert.deepEqual(await playedWith((q) => {
    q.move('b');
    q.undo();
    q.redo();
    q.dropInput();
  }), ['play a']);
});
