// A program using the packed gridplay-engine as a TypeScript user would, type-checked by
// `make test-package` (tsc --noEmit, never run). Two things fail it: a use of the API with the
// right types that the .d.ts refuses, and a wrong one it lets through, each marked
// `@ts-expect-error` (tsc reports a directive with no error under it). `same<A, B>(true)` holds
// only when A is exactly B, so a result declared `any` fails too.
import init, { Board, Board2048, dailySeed, Fifteen, Game2048, Minefield, ThreesGame, TicTacToe } from 'gridplay-engine';
import type { Direction as NamedDirection, GameName, Judgement, LastMove } from 'gridplay-engine';
import initThrees, { ThreesGame as OnlyThrees } from 'gridplay-engine/threes';
import init2048, { Game2048 as Only2048 } from 'gridplay-engine/2048';
import { Minefield as OnlyMines } from 'gridplay-engine/mines';
import { Fifteen as OnlyFifteen } from 'gridplay-engine/fifteen';
import { TicTacToe as OnlyTicTacToe } from 'gridplay-engine/tictactoe';
// An entry's wasm, as esbuild's file loader gives it (the README's recipe): its URL.
import wasm2048 from 'gridplay-engine/2048.wasm';
import wasmAll from 'gridplay-engine/gridplay.wasm';
// @ts-expect-error: a game's entry holds that game alone
import { Fifteen as NotInThrees } from 'gridplay-engine/threes';

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function same<A, B>(proof: Same<A, B>): void {
  void proof;
}

type Direction = 'up' | 'down' | 'left' | 'right';

await init();
await initThrees({ module_or_path: new URL('https://example.com/threes_bg.wasm') });
await init2048({ module_or_path: fetch('/2048_bg.wasm') });
same<typeof wasm2048, string>(true);
await init2048({ module_or_path: wasm2048 });
await init({ module_or_path: wasmAll });

// Threes
const threes = new ThreesGame(42);
new ThreesGame();
same<ReturnType<typeof threes.move>, boolean>(true);
threes.move('left');
same<ReturnType<typeof threes.getGrid>, number[][]>(true);
same<ReturnType<typeof threes.nextTiles>, number[]>(true);
same<ReturnType<typeof threes.tileScores>, number[][]>(true);
same<ReturnType<typeof threes.bestMove>, Direction | null>(true);
const hint = threes.bestMove(20);
if (hint !== null) threes.move(hint);
same<ReturnType<typeof threes.score>, number>(true);
same<ReturnType<typeof threes.seed>, number | undefined>(true);
same<ReturnType<typeof threes.save>, string>(true);
const copy: ThreesGame = ThreesGame.load(threes.save());
copy.atStep(copy.stepCount());
ThreesGame.prepareAi();
const last = threes.lastMove();
if (last) {
  same<typeof last.direction, Direction>(true);
  same<typeof last.slides, [number, number, number, number][]>(true);
  same<typeof last.merges, [number, number][]>(true);
  same<typeof last.spawn, [number, number, number]>(true);
  // @ts-expect-error: no such direction
  if (last.direction === 'diagonal') threes.undo();
}
// @ts-expect-error: not a direction
threes.move('diagonal');
// @ts-expect-error: a seed is a number
new ThreesGame('42');
// @ts-expect-error: a budget is a number of milliseconds
threes.bestMove('fast');
// @ts-expect-error: load takes a save string
ThreesGame.load(42);

const board = new Board();
board.setGrid([[0, 1, 2, 3], [0, 0, 0, 0], [0, 0, 0, 0], [6, 0, 0, 0]]);
same<ReturnType<typeof board.getGrid>, number[][]>(true);
same<ReturnType<typeof board.up>, boolean>(true);
// @ts-expect-error: a grid is rows of numbers
board.setGrid([[0, '1', 2, 3]]);

// 2048
const g2048 = new Game2048(7);
g2048.move('up');
same<ReturnType<typeof g2048.won>, boolean>(true);
same<ReturnType<typeof g2048.lastMove>, ReturnType<typeof threes.lastMove>>(true);
new Board2048().setGrid(g2048.getGrid());
// @ts-expect-error: a seed is a number
new Game2048({ seed: 7 });

// Fifteen
const puzzle = new Fifteen(4, 123);
new Fifteen(3);
same<ReturnType<typeof puzzle.tiles>, number[]>(true);
same<ReturnType<typeof puzzle.solve>, number[]>(true);
same<ReturnType<typeof puzzle.hint>, number | undefined>(true);
puzzle.move(puzzle.blank() - 1, puzzle.blank());
same<ReturnType<typeof puzzle.slide>, number>(true);
puzzle.slide(0);
same<ReturnType<typeof puzzle.nudge>, boolean>(true);
puzzle.nudge('right');
const made: Fifteen = Fifteen.fromTiles([1, 2, 3, 4, 5, 6, 7, 0, 8]);
same<ReturnType<typeof Fifteen.isSolvable>, boolean>(true);
Fifteen.isSolvable(made.startTiles());
// @ts-expect-error: cells are numbers
puzzle.move('0', 1);
// @ts-expect-error: not a direction
puzzle.nudge('north');
// @ts-expect-error: tiles are an array of numbers
Fifteen.fromTiles('123405786');

// Minesweeper
const mines = new Minefield(9, 9, 10, 2026);
new Minefield(30, 16, 99);
new Minefield(16, 16, 40, undefined, false);
same<ReturnType<typeof mines.reveal>, boolean>(true);
mines.reveal(4, 4);
mines.toggleFlag(0, 0);
mines.chord(4, 4);
same<ReturnType<typeof mines.cells>, number[]>(true);
same<ReturnType<typeof mines.certainlySafe>, number[]>(true);
same<ReturnType<typeof mines.status>, 'playing' | 'won' | 'lost' | 'drawn' | 'over'>(true);
same<ReturnType<typeof mines.guessFree>, boolean | null>(true);
same<ReturnType<typeof Minefield.boardProblem>, string | undefined>(true);
same<ReturnType<typeof Minefield.sideLimits>, { min: number; max: number }>(true);
if (mines.cells()[0] === Minefield.cellCodes().hidden) mines.minesLeft();
// Every game's contract: presets, links, the moves legal now in the form play() takes.
same<ReturnType<typeof Minefield.presets>, { name: string; label: string; link: string }[]>(true);
const dealt = Minefield.fromLink('30x16x99/seed=7');
same<ReturnType<typeof dealt.link>, string>(true);
for (const move of dealt.moves()) dealt.play(move);
const flagged = dealt.play({ x: 0, y: 0, act: 'flag' });
if (!flagged.ok) console.log(flagged.reason);
else console.log(flagged.said.toUpperCase()); // what the move did, in words
const ended: string | null = dealt.ending(); // how it ended, or null while it goes on
console.log(ended);
// @ts-expect-error: no such act
dealt.play({ x: 0, y: 0, act: 'open' });
// @ts-expect-error: a refusal's reason is there only when refused
console.log(flagged.reason);
same<ReturnType<typeof Game2048.prototype.moves>, ('up' | 'down' | 'left' | 'right')[]>(true);
same<ReturnType<typeof Fifteen.prototype.moves>, number[]>(true);
// @ts-expect-error: a square takes two coordinates
mines.reveal(4);
// @ts-expect-error: noGuess is true or false
new Minefield(9, 9, 10, 1, 'yes');
// @ts-expect-error: no such status
if (mines.status() === 'exploded') mines.undo();

// Tic-tac-toe
const ttt = new TicTacToe();
ttt.play(4);
same<ReturnType<typeof ttt.bestMove>, number | null>(true);
const answer = ttt.bestMove();
if (answer !== null) ttt.play(answer);
same<ReturnType<typeof ttt.marks>, ('' | 'X' | 'O')[]>(true);
same<ReturnType<typeof ttt.cells>, number[]>(true);
same<ReturnType<typeof ttt.play>, { ok: true; said: string } | { ok: false; reason: string }>(true);
same<ReturnType<typeof ttt.ending>, string | null>(true);
same<ReturnType<typeof ttt.turn>, 'X' | 'O'>(true);
same<ReturnType<typeof ttt.winner>, 'X' | 'O' | null>(true);
same<ReturnType<typeof ttt.outcome>, 'X' | 'O' | 'draw'>(true);
same<ReturnType<typeof ttt.winningLine>, [number, number, number] | null>(true);
same<ReturnType<typeof ttt.lastMove>, number | null>(true);
// @ts-expect-error: a cell is a number
ttt.play('4');
// @ts-expect-error: winner() may be null
const winner: 'X' | 'O' = ttt.winner();

// Every entry: the day's seed.
same<ReturnType<typeof dailySeed>, number>(true);
new Fifteen(4, dailySeed('fifteen', '2026-11-25'));
// @ts-expect-error: the date is a string
dailySeed('fifteen', new Date());
// @ts-expect-error: a game the engine has no day's deal for
dailySeed('chess', '2026-11-25');

// The types the members name, exported by name.
same<NamedDirection, Direction>(true);
same<ReturnType<typeof g2048.lastMove>, LastMove | null>(true);
same<ReturnType<typeof threes.judge>, Judgement>(true);
const game: GameName = '2048';
new Fifteen(4, dailySeed(game, '2026-11-25'));

// The games' own entries have the same types.
new OnlyThrees(1).move('down');
new Only2048(1).won();
new OnlyMines(9, 9, 10).reveal(0, 0);
new OnlyFifteen(3).solve();
new OnlyTicTacToe().play(0);
// @ts-expect-error: not a direction, in the 2048 entry too
new Only2048(1).move('sideways');

// No `any` in a game's members: a plan's moves, a direction's or a square's move and the
// sides are each game's own.
same<ReturnType<typeof g2048.plan>['moves'], Direction[]>(true);
same<ReturnType<Fifteen['plan']>['moves'], number[]>(true);
same<ReturnType<typeof TicTacToe.sides>, string[]>(true);
const toward = g2048.toward('up');
if (toward.ok) same<typeof toward.move, Direction>(true);
const square = new Minefield(9, 9, 10).onSquare('dig', 0);
if (square.ok) square.move.act satisfies 'dig' | 'flag' | 'chord';
const bests = g2048.bests(0);
same<(typeof bests)[number]['value'], number | null>(true);

void [NotInThrees, winner];
