// The view contract, written once: what a game's view (www/js/<route>/view.js, the `view` its
// mount.js gives `new GameShell({...})`) offers the mid end. The shell calls it, and the part it
// hands the view to (the game's end, ending.js); the shared pieces that follow a game (the
// helpers, the replay viewer, a direction game's input) ask the shell, which asks the view. (A
// game's own wiring calls its view as it likes.) A name in brackets is optional: a caller looks for it first (`?.`, or a
// test of the member), and what its absence means is said on its line. Everything else a view
// does is its game's own business, between it and its mount.js. A new call on a view needs its
// line here: tests/node/view-contract.test.mjs holds every call to a line, and every game's view
// to the required ones.
//
// `game` is the engine's game (the game contract, docs/api.md); a move, as the engine gives it.

/**
 * @typedef {object} GameView
 * @property {(game: object, options: {best: number}) => void} draw  required: draws `game` whole, at once (`best`: the best shown): a game dealt, restored or another tab's, an undo or a redo, a replay's step and back from it, another tab's best
 * @property {(game: object, change: object | null, options: {duration: number, best: number}) => Promise<void>} animate  required: shows a move made (`change`: the engine's lastMove(), or null) over `duration` ms, in the frame after its key (before it is kept: a move lost to another tab is drawn back); resolves once drawn
 * @property {(game: object, change?: object | null) => string} status  required: the position read in words, said after the engine's words for each move drawn while the game goes on
 * @property {(said: string, game: object) => string} [brief]  what Settings' short announcements say of a move of the player's or a helper's while the game goes on (`said`: the engine's words for it), where where the game stands says too little of it, as Minesweeper's mines left does of a dig (absent: the status)
 * @property {boolean} [reducedMotion]  true: after a move that ends the game, the panel comes without its pause (absent: the pause)
 * @property {(game: object) => boolean} [shows]  whether the board shows `game`, asked once a move's animation is done; false: the shell draws it whole (absent: the animation is trusted)
 * @property {(input: object, game: object) => void} [refused]  shows an input the engine refused (`{toward}`, `{act, cell}`) once its reason is said: a nudge, a shake (absent: the words alone)
 * @property {(game: object, options: {ms: number}) => {said: string, result: *, title?: string}} [ended]  the words of the game's end (`ms`: the clock's), asked once it has ended (absent: the engine's ending(), the score its result)
 * @property {(container: HTMLElement, game: object) => void} [renderScoreSheet]  draws the game-over panel's details as it opens, in place of the facts (absent: `facts`, the time and the best)
 * @property {(game: object) => string[][]} [facts]  the game-over panel's own [term, value] rows as it opens, before the time and the best (absent: none)
 * @property {(element: Element) => number | null} [cellOf]  the square `element` is, or null: in a direction game, a tap on a square makes its act (read as the input is wired; absent: no taps)
 * @property {string} [stepName]  the replay viewer's word for a step that moves more than one thing, read as it opens (absent: "Step")
 * @property {(move: * | null, options: {marked?: boolean, game?: object}) => void} [showMove]  rings the replay's next move on the board, marked if the judge marked it; null takes the ring off (absent: no ring)
 * @property {(move: * | null, game: object) => void} [showHint]  marks the helpers' hint on the board; null takes it off (absent: an arrow points the hint's direction)
 * @property {(move: *, game: object) => string} [hintText]  the hint in words, said after "Hint:" (absent: "move" and the move)
 */

export {};
