// The replay viewer's judge, measured (figures, not a test) on the engine it runs on: the
// all-games build (target/pkg-web, the release wasm the site ships as pkg/gridplay_bg.wasm, which
// the helpers' worker loads for it), in Node: each move of a game judged in order, as the viewer
// asks, with the AI's budget the viewer gives it. The games are those `gridplay-bench judge`
// measured natively and wrote to DIR, and 100 moves spread over the long 2048 fixture.
//   node scripts/bench-judge.mjs --dir target/judge-games [--fixture tests/fixtures/replay_2048_15000.txt]
import { readFileSync } from 'node:fs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean)
  .map((pair) => pair.trim().split(/\s+/)));
const dir = args.dir ?? 'target/judge-games';
const fixture = args.fixture ?? 'tests/fixtures/replay_2048_15000.txt';
/** As www/js/features/judging.js asks. */
const BUDGET_MS = 40;

const glue = await import(new URL('../target/pkg-web/gridplay.js', import.meta.url));
glue.initSync({ module: readFileSync(new URL('../target/pkg-web/gridplay_bg.wasm', import.meta.url)) });

function report(what, game, steps) {
  const times = [];
  let marked = 0;
  const all = performance.now();
  for (const step of steps) {
    const start = performance.now();
    marked += Number(game.judge(step, BUDGET_MS).marked);
    times.push(performance.now() - start);
  }
  const total = performance.now() - all;
  const first = times[0];
  times.sort((a, b) => a - b);
  console.log(`wasm (Node ${process.version}), ${what}: ${steps.length} moves judged (${marked} marked) in ${total.toFixed(0)} ms; `
    + `a move: median ${times[Math.floor(times.length / 2)].toFixed(2)} ms, max ${times.at(-1).toFixed(1)} ms, the first ${first.toFixed(1)} ms`);
}

const every = (game) => Array.from({ length: game.stepCount() }, (_, i) => i);

const { Game2048 } = glue;
Game2048.prepareAi();
const long = Game2048.load(readFileSync(fixture, 'utf8').trim());
const steps = long.stepCount();
report('2048 (the long game, 100 moves spread over it)', long, Array.from({ length: 100 }, (_, i) => Math.floor((i * steps) / 100)));

for (const [file, className, what] of [
  ['fifteen', 'Fifteen', 'Fifteen 4×4'],
  ['mines', 'Minefield', 'Minesweeper Expert'],
  ['tictactoe', 'TicTacToe', 'tic-tac-toe'],
]) {
  const Game = glue[className];
  const game = Game.load(readFileSync(`${dir}/${file}.txt`, 'utf8'));
  report(what, game, every(game));
}
