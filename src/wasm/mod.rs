//! The JS API: a thin `#[wasm_bindgen]` layer over the plain-Rust rules. Each game's class is
//! in its own folder (`<game>/wasm.rs`, with its cargo feature), over the helpers here, which
//! name no game.
//!
//! Every value coming from JS is checked here and refused with a JS `Error` naming the
//! problem; nothing a caller passes may reach a panic, because a panic poisons the instance.
//!
//! Each game's classes come with its cargo feature (all by default); a page's own wasm is
//! built with only its game's, which leaves some helpers here unused in that build.
#![cfg_attr(
    not(feature = "helpers"),
    allow(dead_code, unused_imports, unused_macros)
)]

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::contract::Rules;
use crate::direction::Direction;
use crate::grid;
use crate::replay::{Game, Replay};
use crate::rng;

#[cfg(all(feature = "bench", feature = "threes", feature = "2048"))]
mod bench;
/// What the sliding 4×4 games (Threes, 2048) share in JS.
pub(crate) mod sliding;

/// A JS class that is one game in play. [`replay_members!`] gives it, once for every game, the
/// members that come from its move log (`load`, `save`, `undo`, `moveCount`, `stepCount`,
/// `atStep`, `startId` and `seed`) and from the game's contract ([`Rules`]: `presets`,
/// `fromLink`, `link`, `moves`, `play`, `status`, `width`, `height`, `cells`, `helps` and
/// `plan`, and the others docs/api.md lists).
pub(crate) trait Played: Sized {
    type Game: Rules + JsMoves + JsReadouts;
    fn from_replay(replay: Replay<Self::Game>) -> Self;
    fn replay(&self) -> &Replay<Self::Game>;
    /// Takes back the last move (a class that keeps what that move did forgets it too).
    fn undo(&mut self) -> bool;
    /// Plays again the last move taken back, saying what it did (a class that keeps what a
    /// move did forgets it: the page draws the position, with nothing to animate).
    fn redo(&mut self) -> Option<String>;
    /// Plays `mv` if the rules allow it, saying what it did ([`Rules::told`]), or says why not
    /// (a class that keeps what a move did keeps it).
    fn attempt(&mut self, mv: <Self::Game as Game>::Move) -> Result<String, String>;
}

/// A game's moves as JS sees them: what `moves()` lists and `play` takes (a direction's name,
/// a cell's number, `{x, y, act}`).
pub(crate) trait JsMoves: Rules {
    /// `mv` as `moves()` lists it.
    fn move_to_js(&self, mv: Self::Move) -> JsValue;
    /// The move `value` names: `Err` (a throw) when it is not of the game's form at all (not a
    /// direction, a cell off the board), `Ok(Err(reason))` when it is but the rules refuse it
    /// before it is even a move (a tile off the gap's line), else the move.
    fn move_from_js(&self, value: &JsValue) -> Result<Result<Self::Move, String>, String>;
}

/// The figures a game shows beside its board, as JS reads them for `readouts()`: named in the
/// game's words, each a number or a list of numbers the page draws (the score, the next card,
/// the mines left, whose turn). The terminal shows the same figures as text, by
/// [`Rules::readouts`].
pub(crate) trait JsReadouts: Rules {
    /// `{score: 54, next: [2]}`, `{minesLeft: 7}`, `{turn: "X"}`; `{}` by default.
    fn readouts_to_js(&self) -> Object {
        Object::new()
    }
}

/// The replay members of a [`Played`] class, as a second `impl` block of its JS class. With
/// `replay: Game`, the class is a struct holding only its game's `replay`, and its `Played`
/// comes with it.
macro_rules! replay_members {
    ($rust:ident, $class:literal, replay: $game:ty, move: $move:literal, moves: $moves:literal, found: $found:literal, typed: $typed:literal, plan: $plan:literal) => {
        impl crate::wasm::Played for $rust {
            type Game = $game;

            fn from_replay(replay: Replay<$game>) -> $rust {
                $rust { replay }
            }

            fn replay(&self) -> &Replay<$game> {
                &self.replay
            }

            fn undo(&mut self) -> bool {
                self.replay.undo()
            }

            fn redo(&mut self) -> Option<String> {
                self.replay.redo_told()
            }

            fn attempt(&mut self, mv: <$game as crate::replay::Game>::Move) -> Result<String, String> {
                self.replay.attempt_told(mv).map(|(_, told)| told)
            }
        }

        crate::wasm::replay_members!($rust, $class, move: $move, moves: $moves, found: $found, typed: $typed, plan: $plan);
    };
    // `move`: a move in the form `play` takes; `moves`: a list of them; `found`: `toward`'s
    // and `onSquare`'s answer; `typed`: `typed`'s (`found`, or null); `plan`: `plan`'s
    // (TypeScript types, each class its own).
    ($rust:ident, $class:literal, move: $move:literal, moves: $moves:literal, found: $found:literal, typed: $typed:literal, plan: $plan:literal) => {
        #[wasm_bindgen(js_class = $class)]
        impl $rust {
            /// Reads a text from `save()` back into the identical game; throws (`load: …`,
            /// naming what is wrong) if it is not a save of this game.
            pub fn load(
                #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
            ) -> Result<$rust, JsError> {
                let replay = crate::wasm::replay_from_js(&text)?;
                Ok(<$rust as crate::wasm::Played>::from_replay(replay))
            }

            /// A compact text holding how the game started and every move since, which
            /// `load` turns back into this exact game.
            pub fn save(&self) -> String {
                crate::wasm::Played::replay(self).save()
            }

            /// Takes back the last move, as often as there are moves; false when there is
            /// none. The game is then exactly what it was before that move, so the same move
            /// deals the same tile again.
            pub fn undo(&mut self) -> bool {
                crate::wasm::Played::undo(self)
            }

            /// Moves made so far, as the game counts them (a Fifteen slide of three tiles is
            /// three).
            #[wasm_bindgen(js_name = moveCount)]
            pub fn move_count(&self) -> u32 {
                type G = <$rust as crate::wasm::Played>::Game;
                let moves = crate::wasm::Played::replay(self).moves();
                <G as crate::replay::Game>::moves_counted(moves) as u32
            }

            /// Moves logged so far, one per call that changed the game (a Fifteen slide of
            /// three tiles is one step): the steps a replay goes through.
            #[wasm_bindgen(js_name = stepCount)]
            pub fn step_count(&self) -> u32 {
                crate::wasm::Played::replay(self).moves().len() as u32
            }

            /// A new game: this one as it was after its first `step` moves (0 is the start,
            /// `stepCount()` the position now), which plays on from there. As quick for the
            /// last step of a long game as for the first; throws (`atStep: …`) for a step that
            /// is not a whole number from 0 to `stepCount()`.
            #[wasm_bindgen(js_name = atStep)]
            pub fn at_step(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] step: JsValue,
            ) -> Result<$rust, JsError> {
                let replay = crate::wasm::Played::replay(self);
                let last = replay.moves().len();
                step.as_f64()
                    .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= last as f64)
                    .and_then(|n| replay.at(n as usize))
                    .map(<$rust as crate::wasm::Played>::from_replay)
                    .ok_or_else(|| {
                        JsError::new(&format!(
                            "atStep: the step must be a whole number from 0 to {last}, got {}",
                            crate::wasm::describe(&step)
                        ))
                    })
            }

            /// The move played from step `step` (what `atStep(step)` plays next), in the form
            /// `play` takes: a replay shows the move it is about to make (the judge's worker
            /// asks, so a page's own engine leaves it out). Throws (`moveAt: …`) for a step
            /// that is not a whole number below `stepCount()`.
            #[cfg(feature = "helpers")]
            #[wasm_bindgen(js_name = moveAt, unchecked_return_type = $move)]
            pub fn move_at(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] step: JsValue,
            ) -> Result<JsValue, JsError> {
                let replay = crate::wasm::Played::replay(self);
                let count = replay.moves().len();
                step.as_f64()
                    .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n < count as f64)
                    .and_then(|n| replay.move_at(n as usize))
                    .map(|(before, mv)| crate::wasm::JsMoves::move_to_js(&before, mv))
                    .ok_or_else(|| {
                        JsError::new(&format!(
                            "moveAt: the step must be a whole number below {count} (the moves played), got {}",
                            crate::wasm::describe(&step)
                        ))
                    })
            }

            /// Which game this is, whatever moves it has: the same text for two games dealt
            /// alike (a save's first three fields, e.g. `fifteen.1.4-7`). What a page keeps
            /// beside a game (its clock) is kept under it.
            #[wasm_bindgen(js_name = startId)]
            pub fn start_id(&self) -> String {
                crate::wasm::Played::replay(self).start_id()
            }

            /// What the game's helper thinks of move `step` (0 is the first move; up to
            /// `stepCount() - 1`): `{marked, note, over}`: marked when the move is worth looking
            /// at again, a sentence saying why, and (Fifteen, 3×3 and 4×4) the moves it spent
            /// beyond the fewest. Threes and 2048 ask their AI, which may think for `budgetMs`
            /// (50 if omitted); the other games answer exactly. Throws (`judge: …`) for a step
            /// that is not one of the game's moves.
            #[cfg(feature = "helpers")]
            #[wasm_bindgen(
                unchecked_return_type = "Judgement"
            )]
            pub fn judge(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] step: JsValue,
                #[wasm_bindgen(js_name = budgetMs, unchecked_optional_param_type = "number")]
                budget_ms: JsValue,
            ) -> Result<js_sys::Object, JsError> {
                crate::wasm::judge_from_js(crate::wasm::Played::replay(self), &step, &budget_ms)
            }

            /// What the game's helper would play from here: `{moves, saves, solution,
            /// shortest}`, the moves in the form `play` takes (the first to play now; `[]` once
            /// the game has ended or where it has no helper), the `save()` after each, whether
            /// they play to the end (a solver's solution, rather than an AI's next move alone)
            /// and whether that solution has the fewest moves there are. An AI thinks for
            /// about `budgetMs` (50 if omitted); a solver ignores it.
            #[cfg(feature = "helpers")]
            #[wasm_bindgen(
                unchecked_return_type = $plan
            )]
            pub fn plan(
                &self,
                #[wasm_bindgen(js_name = budgetMs, unchecked_optional_param_type = "number")]
                budget_ms: JsValue,
            ) -> Result<js_sys::Object, JsError> {
                crate::wasm::plan_to_js(crate::wasm::Played::replay(self), &budget_ms)
            }

            /// The helpers a player is offered beside the board, which `plan` answers:
            /// `"hint"` (its next move shown), `"autoplay"` (the AI plays on) and `"solve"` (a
            /// solution played out); `[]` where the game has none.
            #[wasm_bindgen(unchecked_return_type = "(\"hint\" | \"autoplay\" | \"solve\")[]")]
            pub fn helps() -> js_sys::Array {
                type G = <$rust as crate::wasm::Played>::Game;
                <G as crate::contract::Rules>::HELPS
                    .iter()
                    .map(|help| JsValue::from(help.name()))
                    .collect()
            }

            /// A word the player should have on this deal, in a sentence, or `null`: a
            /// Minesweeper no-guess board that could not be made so, once its first dig has
            /// placed the mines.
            #[wasm_bindgen(unchecked_return_type = "string | null")]
            pub fn caution(&self) -> JsValue {
                crate::contract::Rules::caution(crate::wasm::Played::replay(self).game())
                    .map_or(JsValue::NULL, JsValue::from)
            }

            /// The players of a game for two, by name, in turn order (`["X", "O"]`); `[]` for
            /// a game played alone. A game for two also answers `turn()` (the side to move),
            /// `winner()` (the side that won, or `null`) and `bestMove()` (the computer's reply).
            #[wasm_bindgen(unchecked_return_type = "string[]")]
            pub fn sides() -> js_sys::Array {
                type G = <$rust as crate::wasm::Played>::Game;
                <G as crate::contract::Rules>::SIDES
                    .iter()
                    .map(|&side| JsValue::from(side))
                    .collect()
            }

            /// The seed the game was dealt from; `undefined` for a game not dealt from one (a
            /// made-up Fifteen, tic-tac-toe).
            pub fn seed(&self) -> Option<u32> {
                crate::replay::Start::seed(crate::wasm::Played::replay(self).start())
            }

            /// The kinds of deal a picker offers, in its order: `[{name, label, link}]`, where
            /// `fromLink(link)` deals one at random; `[]` for a game with one kind of deal.
            #[wasm_bindgen(unchecked_return_type = "{ name: string, label: string, link: string }[]")]
            pub fn presets() -> js_sys::Array {
                type G = <$rust as crate::wasm::Played>::Game;
                <G as crate::contract::Rules>::presets()
                    .into_iter()
                    .map(|preset| {
                        let object = js_sys::Object::new();
                        crate::wasm::set(&object, "name", preset.name);
                        crate::wasm::set(&object, "label", preset.label);
                        crate::wasm::set(&object, "link", preset.link);
                        JsValue::from(object)
                    })
                    .collect()
            }

            /// What a finished game is ranked by: `{name, lower}`, the figure's name
            /// (`"score"`, `"moves"`, `"time"`, or `""` where nothing ranks one) and whether a
            /// lower one is better.
            #[wasm_bindgen(unchecked_return_type = "{ name: \"score\" | \"moves\" | \"time\" | \"\", lower: boolean }")]
            pub fn figure() -> js_sys::Object {
                type G = <$rust as crate::wasm::Played>::Game;
                let figure = <G as crate::contract::Rules>::FIGURE;
                let object = js_sys::Object::new();
                crate::wasm::set(&object, "name", figure.name());
                crate::wasm::set(&object, "lower", figure.lower_is_better());
                object
            }

            /// Whether a game is timed: a clock runs from its first move to its end.
            pub fn timed() -> bool {
                type G = <$rust as crate::wasm::Played>::Game;
                <G as crate::contract::Rules>::TIMED
            }

            /// Whether a player is offered undo (2048, Fifteen, tic-tac-toe); not where moves
            /// are final in play (Threes, Minesweeper), though `undo()` works in every game.
            #[wasm_bindgen(js_name = hasUndo)]
            pub fn has_undo() -> bool {
                type G = <$rust as crate::wasm::Played>::Game;
                <G as crate::contract::Rules>::UNDO
            }

            /// Why a player's undo is refused where `hasUndo()` is false, in a player's words
            /// (`"moves in Threes are final: there is no undo"`); said as a sentence, as a
            /// refusal is.
            #[wasm_bindgen(js_name = noUndo)]
            pub fn no_undo() -> String {
                type G = <$rust as crate::wasm::Played>::Game;
                crate::contract::no_undo::<G>()
            }

            /// A game dealt from a link's text, what follows `#<route>/` in a share link
            /// (`"seed=7"`, `"size=4/seed=9"`, `"30x16x99/seed=7"`); without a seed (`""`, or a
            /// preset's `link`) a random deal of that kind. Throws (`fromLink: …`, in words)
            /// for a text that names no deal.
            #[wasm_bindgen(js_name = fromLink)]
            pub fn from_link(
                #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
            ) -> Result<$rust, JsError> {
                type G = <$rust as crate::wasm::Played>::Game;
                let text = text.as_string().ok_or_else(|| {
                    JsError::new(&format!(
                        "fromLink: expected a link's text, got {}",
                        crate::wasm::describe(&text)
                    ))
                })?;
                let start = <G as crate::contract::Rules>::from_link(&text)
                    .map_err(|e| JsError::new(&format!("fromLink: {e}")))?;
                Ok(<$rust as crate::wasm::Played>::from_replay(crate::replay::Replay::new(start)))
            }

            /// The numbers a custom deal is chosen by, a form's fields:
            /// `[{name, label, min, max}]` (Minesweeper's width, height and mines; `[]` where a
            /// game has only its presets).
            #[wasm_bindgen(js_name = customFields, unchecked_return_type = "{ name: string, label: string, min: number, max: number }[]")]
            pub fn custom_fields() -> js_sys::Array {
                type G = <$rust as crate::wasm::Played>::Game;
                <G as crate::contract::Rules>::custom_fields()
                    .into_iter()
                    .map(|field| {
                        let object = js_sys::Object::new();
                        crate::wasm::set(&object, "name", field.name);
                        crate::wasm::set(&object, "label", field.label);
                        crate::wasm::set(&object, "min", field.min);
                        crate::wasm::set(&object, "max", field.max);
                        JsValue::from(object)
                    })
                    .collect()
            }

            /// The custom deal `values` (a number per field of `customFields()`, in order):
            /// `{ok: true, link}` with its link's text without a seed (`"30x16x99"`), which
            /// `fromLink` deals, or `{ok: false, reason}`, why those numbers make no deal, in
            /// words (`"the width must be 5 to 50 squares, got 60"`), for a form to show.
            #[wasm_bindgen(js_name = customLink, unchecked_return_type = "{ ok: true, link: string } | { ok: false, reason: string }")]
            pub fn custom_link(
                #[wasm_bindgen(unchecked_param_type = "number[]")] values: JsValue,
            ) -> js_sys::Object {
                type G = <$rust as crate::wasm::Played>::Game;
                let fields = <G as crate::contract::Rules>::custom_fields();
                let numbers = crate::wasm::items(&values)
                    .ok_or_else(|| format!("expected a list of numbers, got {}", crate::wasm::describe(&values)))
                    .and_then(|items| {
                        items
                            .iter()
                            .enumerate()
                            .map(|(i, value)| {
                                let what = fields.get(i).map_or("a number", |field| field.label);
                                value
                                    .as_f64()
                                    .filter(|n| n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(n))
                                    .map(|n| n as u32)
                                    .ok_or_else(|| format!("{what} must be a whole number, got {}", crate::wasm::describe(value)))
                            })
                            .collect::<Result<Vec<u32>, String>>()
                    });
                let made = numbers.and_then(|numbers| <G as crate::contract::Rules>::custom_link(&numbers));
                let result = js_sys::Object::new();
                crate::wasm::set(&result, "ok", made.is_ok());
                match made {
                    Ok(link) => crate::wasm::set(&result, "link", link),
                    Err(reason) => crate::wasm::set(&result, "reason", reason),
                }
                result
            }

            /// This deal's numbers by `customFields()`, in order (a Minesweeper board's width,
            /// height and mines), what a custom form opens with; `[]` where there are none.
            #[wasm_bindgen(js_name = customValues, unchecked_return_type = "number[]")]
            pub fn custom_values(&self) -> js_sys::Array {
                type G = <$rust as crate::wasm::Played>::Game;
                <G as crate::contract::Rules>::custom_values(crate::wasm::Played::replay(self).start())
                    .into_iter()
                    .map(JsValue::from)
                    .collect()
            }

            /// The kind of this deal: `{name, link, label}`, its name in storage (`"4"`,
            /// `"30x16x99"`, `""` where the game has one kind), what a best is kept per, its
            /// link's text without the seed (`"size=4"`), which `fromLink` deals at random, and
            /// its name for a player (`"4×4"`, `"Expert"`, `"Custom 5×5, 1 mine"`; `""` where
            /// the game has one kind).
            #[wasm_bindgen(unchecked_return_type = "{ name: string, link: string, label: string }")]
            pub fn kind(&self) -> js_sys::Object {
                type G = <$rust as crate::wasm::Played>::Game;
                let kind = <G as crate::contract::Rules>::kind(crate::wasm::Played::replay(self).start());
                let object = js_sys::Object::new();
                crate::wasm::set(&object, "name", kind.name);
                crate::wasm::set(&object, "link", kind.link);
                crate::wasm::set(&object, "label", kind.label);
                object
            }

            /// The bests this game is ranked in, the first the one the page shows beside the
            /// board: `[{name, key, lower, value}]`, the figure (`"score"`, `"moves"`,
            /// `"time"`), its name in storage per kind of deal (`"best"`, `"best.4"`,
            /// `"best-time.4"`), whether lower is better, and this game's figure (`null` where
            /// it has none yet: the moves and the time until it is won), `ms` being the clock's
            /// milliseconds. `[]` where nothing ranks a result. Throws (`bests: …`) for a time
            /// that is not a number of milliseconds, 0 or more.
            #[wasm_bindgen(unchecked_return_type = "{ name: \"score\" | \"moves\" | \"time\", key: string, lower: boolean, value: number | null }[]")]
            pub fn bests(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] ms: JsValue,
            ) -> Result<js_sys::Array, JsError> {
                let ms = ms.as_f64().filter(|ms| ms.is_finite() && *ms >= 0.0).ok_or_else(|| {
                    JsError::new(&format!("bests: ms must be the clock's time, 0 or more milliseconds, got {}", crate::wasm::describe(&ms)))
                })?;
                let list = js_sys::Array::new();
                for best in crate::wasm::Played::replay(self).bests(ms.round() as u64) {
                    let object = js_sys::Object::new();
                    crate::wasm::set(&object, "name", best.name);
                    crate::wasm::set(&object, "key", best.key);
                    crate::wasm::set(&object, "lower", best.lower);
                    crate::wasm::set(&object, "value", best.value.map_or(JsValue::NULL, |v| JsValue::from_f64(v as f64)));
                    list.push(&object);
                }
                Ok(list)
            }

            /// The answer to a player's question about the board, in words (`"row 2"`,
            /// `"column 3"`, `"square 2 3"`, `"around 2 3"`, `"where 2048"`, `"last"`,
            /// `"status"`, `"help"`; a question not known is answered with the list), `ms`
            /// being the clock's milliseconds, which `status` says in a timed game. Throws
            /// (`ask: …`) for a question that is not text or a time that is not 0 or more. A
            /// helper's member (the helpers' worker answers), kept out of a page's own engine.
            #[cfg(feature = "helpers")]
            pub fn ask(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] question: JsValue,
                #[wasm_bindgen(unchecked_param_type = "number")] ms: JsValue,
            ) -> Result<String, JsError> {
                let question = question.as_string().ok_or_else(|| {
                    JsError::new(&format!("ask: the question must be text, got {}", crate::wasm::describe(&question)))
                })?;
                let ms = ms.as_f64().filter(|ms| ms.is_finite() && *ms >= 0.0).ok_or_else(|| {
                    JsError::new(&format!("ask: ms must be the clock's time, 0 or more milliseconds, got {}", crate::wasm::describe(&ms)))
                })?;
                Ok(crate::wasm::Played::replay(self).answer(&question, ms.round() as u64))
            }

            /// The move a player's typed text makes (`"left"`, `"slide left"`, `"dig 12 20"`,
            /// `"flag row 3, column 4"`, `"slide 7"`), in the form `play` takes: `{ok: true,
            /// move}`, or `{ok: false, reason}` where it names none (in words: a square off the
            /// board, words no square has; once ended, that it is over); `null` where the text
            /// is no move at all, but a question for `ask`. Throws (`typed: …`) for text that
            /// is not a string. A helper's member, as `ask`.
            #[cfg(feature = "helpers")]
            #[wasm_bindgen(unchecked_return_type = $typed)]
            pub fn typed(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
            ) -> Result<JsValue, JsError> {
                let text = text.as_string().ok_or_else(|| {
                    JsError::new(&format!("typed: the text must be a string, got {}", crate::wasm::describe(&text)))
                })?;
                let replay = crate::wasm::Played::replay(self);
                Ok(match replay.typed(&text) {
                    None => JsValue::NULL,
                    Some(found) => crate::wasm::move_result(replay.game(), |_| found).into(),
                })
            }

            /// What each square holds, in the game's words, in reading order as `cells()`:
            /// `"2048"`, `"empty"`, `"gap"`, `"hidden"`, `"3 mines around"`.
            #[wasm_bindgen(js_name = squareWords, unchecked_return_type = "string[]")]
            pub fn square_words(&self) -> js_sys::Array {
                type G = <$rust as crate::wasm::Played>::Game;
                crate::contract::Rules::cells(crate::wasm::Played::replay(self).game())
                    .into_iter()
                    .map(|code| JsValue::from(<G as crate::contract::Rules>::square(code)))
                    .collect()
            }

            /// Whether a timed game's clock runs now: from its first move (Minesweeper's first
            /// dig) to its end. Always false for a game that is not timed.
            #[wasm_bindgen(js_name = clockRuns)]
            pub fn clock_runs(&self) -> bool {
                type G = <$rust as crate::wasm::Played>::Game;
                let replay = crate::wasm::Played::replay(self);
                let game = replay.game();
                <G as crate::contract::Rules>::TIMED
                    && !crate::contract::Rules::status(game).is_ended()
                    && !replay.moves().is_empty()
                    && crate::contract::Rules::clock_started(game)
            }

            /// This deal as a link's text: `fromLink(game.link())` deals the same start.
            pub fn link(&self) -> String {
                type G = <$rust as crate::wasm::Played>::Game;
                <G as crate::contract::Rules>::link(crate::wasm::Played::replay(self).start())
            }

            /// The moves legal now, in the form `play` takes; `[]` once the game has ended.
            #[wasm_bindgen(unchecked_return_type = $moves)]
            pub fn moves(&self) -> js_sys::Array {
                let game = crate::wasm::Played::replay(self).game();
                crate::contract::Rules::moves(game)
                    .into_iter()
                    .map(|mv| crate::wasm::JsMoves::move_to_js(game, mv))
                    .collect()
            }

            /// Plays `move` (one of the forms `moves()` lists): `{ok: true, said}` when made,
            /// `said` being what it did in a player's words, and how the game ended when it did
            /// (`ending()`); `{ok: false, reason}` when the rules refuse it (the reason in
            /// words), the game then unchanged. Throws (`play: …`) only for a value that is no
            /// move of this game.
            #[wasm_bindgen(unchecked_return_type = "{ ok: true, said: string } | { ok: false, reason: string }")]
            pub fn play(
                &mut self,
                #[wasm_bindgen(js_name = "move", unchecked_param_type = $move)] value: JsValue,
            ) -> Result<js_sys::Object, JsError> {
                let game = crate::wasm::Played::replay(self).game();
                let read = crate::wasm::JsMoves::move_from_js(game, &value)
                    .map_err(|e| JsError::new(&format!("play: {e}")))?;
                // Once ended, a move is refused as over before the rules read it (a Fifteen
                // tap off the gap's line is "over" too, not "not in the blank's row").
                let made = if crate::contract::Rules::status(game).is_ended() {
                    Err(crate::contract::OVER.to_string())
                } else {
                    read.and_then(|mv| crate::wasm::Played::attempt(self, mv))
                };
                let result = js_sys::Object::new();
                crate::wasm::set(&result, "ok", made.is_ok());
                match made {
                    Ok(told) => {
                        let game = crate::wasm::Played::replay(self).game();
                        let said = match crate::contract::Rules::ending(game) {
                            Some(ending) => format!("{told} {ending}"),
                            None => told,
                        };
                        crate::wasm::set(&result, "said", said);
                    }
                    Err(reason) => crate::wasm::set(&result, "reason", reason),
                }
                Ok(result)
            }

            /// How the game ended, in a player's words (`"X wins: row 1."`, `"No more moves.
            /// Final score 54."`); `null` while it goes on.
            #[wasm_bindgen(unchecked_return_type = "string | null")]
            pub fn ending(&self) -> JsValue {
                crate::contract::Rules::ending(crate::wasm::Played::replay(self).game())
                    .map_or(JsValue::NULL, |ending| JsValue::from_str(&ending))
            }

            /// The figures shown beside the board, by name, in the game's words: Threes'
            /// `{score, next}` (the next card, or a bonus card's candidates), 2048's `{score,
            /// made2048}`, Minesweeper's `{minesLeft}`, tic-tac-toe's `{turn}` (`"X"`, `"O"`,
            /// or `""` once ended); `{}` for Fifteen, whose moves and clock the page counts.
            #[wasm_bindgen(unchecked_return_type = "Record<string, number | number[] | string | boolean>")]
            pub fn readouts(&self) -> js_sys::Object {
                crate::wasm::JsReadouts::readouts_to_js(crate::wasm::Played::replay(self).game())
            }

            /// The move a direction makes (an arrow key, a swipe: `"up"`, `"down"`, `"left"`,
            /// `"right"`), in the form `play` takes: `{ok: true, move}`, or `{ok: false, reason}`
            /// where it makes none (in words; always, in a game not played by directions:
            /// `directions()`). Throws (`toward: …`) for a value that is no direction.
            #[wasm_bindgen(unchecked_return_type = $found)]
            pub fn toward(
                &self,
                #[wasm_bindgen(unchecked_param_type = "\"up\" | \"down\" | \"left\" | \"right\"")] direction: JsValue,
            ) -> Result<js_sys::Object, JsError> {
                let direction = crate::wasm::direction_from_js(&direction, "toward")?;
                let game = crate::wasm::Played::replay(self).game();
                Ok(crate::wasm::move_result(game, |game| crate::contract::Rules::toward(game, direction)))
            }

            /// The move act `act` (one of `acts()`: a tap, or Enter on a cursor's square) on
            /// square `cell` (reading order) makes, in the form `play` takes: `{ok: true, move}`,
            /// or `{ok: false, reason}` where it makes none (in words: a square off the board, a
            /// tile off the gap's line). Throws (`onSquare: …`) for an act this game has not or
            /// a cell that is no whole number.
            #[wasm_bindgen(js_name = onSquare, unchecked_return_type = $found)]
            pub fn on_square(
                &self,
                #[wasm_bindgen(unchecked_param_type = "string")] act: JsValue,
                #[wasm_bindgen(unchecked_param_type = "number")] cell: JsValue,
            ) -> Result<js_sys::Object, JsError> {
                type G = <$rust as crate::wasm::Played>::Game;
                let acts = <G as crate::contract::Rules>::ACTS;
                let act = act
                    .as_string()
                    .and_then(|name| acts.iter().position(|a| *a == name))
                    .ok_or_else(|| {
                        JsError::new(&format!(
                            "onSquare: expected an act of {} ({}), got {}",
                            <G as crate::contract::Rules>::TITLE,
                            acts.join(", "),
                            crate::wasm::describe(&act)
                        ))
                    })?;
                let cell = crate::wasm::index_from_js(&cell, "onSquare: the cell")?;
                let game = crate::wasm::Played::replay(self).game();
                Ok(crate::wasm::move_result(game, |game| crate::contract::Rules::on_square(game, act, cell)))
            }

            /// The acts a square of the board takes, by name, the usual one first (a tap):
            /// `["dig", "flag"]`, `["mark"]`, `["slide"]`; `[]` where squares take none.
            #[wasm_bindgen(unchecked_return_type = "string[]")]
            pub fn acts() -> js_sys::Array {
                type G = <$rust as crate::wasm::Played>::Game;
                <G as crate::contract::Rules>::ACTS.iter().map(|a| JsValue::from_str(a)).collect()
            }

            /// The game's route, its one name: its page's address (`#mines`), its folder and
            /// its stylesheet in the page, and the tag of its saves (`mines.1.…`).
            pub fn route() -> String {
                <<$rust as crate::wasm::Played>::Game as crate::replay::Game>::TAG.to_string()
            }

            /// Whether the directions (arrow keys, swipes) make moves, by `toward`.
            pub fn directions() -> bool {
                type G = <$rust as crate::wasm::Played>::Game;
                <G as crate::contract::Rules>::DIRECTIONS
            }

            /// Where the game stands: `"playing"`, `"won"`, `"lost"`, `"drawn"` or `"over"` (ended,
            /// neither won nor lost: Threes).
            #[wasm_bindgen(unchecked_return_type = "\"playing\" | \"won\" | \"lost\" | \"drawn\" | \"over\"")]
            pub fn status(&self) -> String {
                crate::contract::Rules::status(crate::wasm::Played::replay(self).game()).name().to_string()
            }

            /// The board's width in cells.
            pub fn width(&self) -> u32 {
                crate::contract::Rules::width(crate::wasm::Played::replay(self).game()) as u32
            }

            /// The board's height in cells.
            pub fn height(&self) -> u32 {
                crate::contract::Rules::height(crate::wasm::Played::replay(self).game()) as u32
            }

            /// A code per cell, width·height in reading order (docs/api.md says each game's).
            #[wasm_bindgen(unchecked_return_type = "number[]")]
            pub fn cells(&self) -> js_sys::Array {
                crate::contract::Rules::cells(crate::wasm::Played::replay(self).game())
                    .into_iter()
                    .map(JsValue::from)
                    .collect()
            }
        }
    };
}

pub(crate) use replay_members;

/// `redo`, for the class of a game with undo ([`Rules::UNDO`]): a game whose moves are final
/// (Threes, Minesweeper) leaves it out, and its page's engine is the smaller.
macro_rules! redo_member {
    ($rust:ident, $class:literal) => {
        #[wasm_bindgen(js_class = $class)]
        impl $rust {
            /// Plays again the last move `undo` took back, exactly as it was (the same tile
            /// dealt), as often as moves were taken back since the last move made: what it did,
            /// in words; undefined when there is none to play again.
            pub fn redo(&mut self) -> Option<String> {
                crate::wasm::Played::redo(self)
            }
        }
    };
}
pub(crate) use redo_member;

/// `toward`'s and `onSquare`'s answer: the move `find` gives on `game`, in the form `play`
/// takes (`{ok: true, move}`), or why none (`{ok: false, reason}`; once ended, that it is over).
pub(crate) fn move_result<G: JsMoves>(
    game: &G,
    find: impl FnOnce(&G) -> Result<G::Move, String>,
) -> Object {
    let found = if game.status().is_ended() {
        Err(crate::contract::OVER.to_string())
    } else {
        find(game)
    };
    let result = Object::new();
    set(&result, "ok", found.is_ok());
    match found {
        Ok(mv) => set(&result, "move", game.move_to_js(mv)),
        Err(reason) => set(&result, "reason", reason),
    }
    result
}

/// A short description of a JS value for error messages.
pub(crate) fn describe(value: &JsValue) -> String {
    if let Some(s) = value.as_string() {
        crate::replay::quoted(&s)
    } else if let Some(n) = value.as_f64() {
        grid::number_text(n)
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// The items of an array (or array-like) `value`, or `None` if it is not one. Every read goes
/// through `Reflect.get`, which hands a throwing getter or a revoked proxy back as an `Err`:
/// an exception thrown straight through wasm would leave the object borrowed for good.
pub(crate) fn items(value: &JsValue) -> Option<Vec<JsValue>> {
    if !value.is_object() {
        return None;
    }
    let length = Reflect::get(value, &JsValue::from_str("length"))
        .ok()?
        .as_f64()?;
    if !(0.0..=64.0).contains(&length) || length.fract() != 0.0 {
        return None;
    }
    (0..length as u32)
        .map(|i| Reflect::get_u32(value, i).ok())
        .collect()
}

/// A direction name (`"up"`, `"down"`, `"left"` or `"right"`); errors start with `what`, the
/// method's name.
pub(crate) fn direction_from_js(direction: &JsValue, what: &str) -> Result<Direction, JsError> {
    let name = direction.as_string().ok_or_else(|| {
        JsError::new(&format!(
            "{what}: expected \"up\", \"down\", \"left\" or \"right\", got {}",
            describe(direction)
        ))
    })?;
    Direction::parse(&name).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// A game back from the text its `save()` wrote; throws (`load: …`) if it is not one.
pub(crate) fn replay_from_js<G: Game>(text: &JsValue) -> Result<Replay<G>, JsError> {
    let text = text.as_string().ok_or_else(|| {
        JsError::new(&format!(
            "load: expected a save string, got {}",
            describe(text)
        ))
    })?;
    Replay::load(&text).map_err(|e| JsError::new(&format!("load: {e}")))
}

/// `undefined` or `null` ⇒ a fresh random seed; otherwise a whole number in 0..2^32. Errors
/// start with `class`, the constructor's.
pub(crate) fn seed_from_js(seed: &JsValue, class: &str) -> Result<u32, JsError> {
    if seed.is_undefined() || seed.is_null() {
        return Ok(rng::fresh_seed());
    }
    match seed.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) => Ok(n as u32),
        _ => Err(JsError::new(&format!(
            "{class}: seed must be a whole number from 0 to 4294967295, got {}",
            describe(seed)
        ))),
    }
}

/// A cell index: a whole number from 0 (checked against the board by the rules); errors
/// start with `what`.
pub(crate) fn index_from_js(value: &JsValue, what: &str) -> Result<usize, JsError> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..1e9).contains(&n) => Ok(n as usize),
        Some(n) if n.fract() == 0.0 && n < 0.0 => Err(JsError::new(&format!(
            "{what} {} is off the board (cells are numbered from 0)",
            describe(value)
        ))),
        _ => Err(JsError::new(&format!(
            "{what} must be a cell index (a whole number), got {}",
            describe(value)
        ))),
    }
}

/// A search budget for `method`: a number of milliseconds, not negative (0 still answers,
/// from the shallowest search) and at most [`crate::ai::LONGEST_BUDGET_MS`], within which the
/// helper answers.
#[cfg(feature = "helpers")]
pub(crate) fn budget_from_js(value: &JsValue, method: &str) -> Result<f64, JsError> {
    let longest = crate::ai::LONGEST_BUDGET_MS;
    match value.as_f64() {
        Some(ms) if (0.0..=longest).contains(&ms) => Ok(ms),
        Some(ms) if ms > longest => Err(JsError::new(&format!(
            "{method}: budgetMs is at most {longest} (ten seconds), got {ms}"
        ))),
        _ => Err(JsError::new(&format!(
            "{method}: budgetMs must be a number of milliseconds (0 to {longest}), got {}",
            describe(value)
        ))),
    }
}

/// A helper's optional search budget for `method`: 50 ms when omitted, else as
/// [`budget_from_js`] reads it.
#[cfg(feature = "helpers")]
fn budget_or_default(value: &JsValue, method: &str) -> Result<f64, JsError> {
    if value.is_undefined() {
        Ok(50.0)
    } else {
        budget_from_js(value, method)
    }
}

/// [`Rules::plan`] of `replay`'s game for JS: each move in `play`'s form at the position it
/// is played in, and the save after it.
#[cfg(feature = "helpers")]
pub(crate) fn plan_to_js<G: JsMoves>(
    replay: &Replay<G>,
    budget_ms: &JsValue,
) -> Result<Object, JsError> {
    let budget_ms = budget_or_default(budget_ms, "plan")?;
    let plan = replay.game().plan(budget_ms);
    let (moves, saves) = (Array::new(), Array::new());
    let mut after = replay.clone();
    for mv in plan.moves {
        let value = after.game().move_to_js(mv);
        if after.attempt(mv).is_err() {
            break;
        }
        moves.push(&value);
        saves.push(&JsValue::from(after.save()));
    }
    let object = Object::new();
    set(&object, "moves", moves);
    set(&object, "saves", saves);
    set(&object, "solution", plan.solution);
    set(&object, "shortest", plan.shortest);
    set(
        &object,
        "why",
        plan.why.map_or(JsValue::NULL, JsValue::from),
    );
    Ok(object)
}

/// [`crate::judge::judge_step`] for JS: the step and budget checked, the judgement as an object.
#[cfg(feature = "helpers")]
pub(crate) fn judge_from_js<G: crate::judge::Judge>(
    replay: &Replay<G>,
    step: &JsValue,
    budget_ms: &JsValue,
) -> Result<Object, JsError> {
    let budget_ms = budget_or_default(budget_ms, "judge")?;
    let moves = replay.moves().len();
    let judgement = step
        .as_f64()
        .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n < moves as f64)
        .and_then(|n| crate::judge::judge_step(replay, n as usize, budget_ms))
        .ok_or_else(|| {
            // Whole numbers only in the message: formatting a float would add its code to
            // every engine.
            JsError::new(&match moves {
                0 => format!("judge: the game has no moves yet, got {}", describe(step)),
                _ => format!(
                    "judge: the step must be a whole number from 0 to {} (one of the game's {moves} moves), got {}",
                    moves - 1,
                    describe(step)
                ),
            })
        })?;
    let object = Object::new();
    set(&object, "marked", judgement.marked);
    set(&object, "note", judgement.note);
    if let Some(over) = judgement.over {
        set(&object, "over", over);
    }
    Ok(object)
}

pub(crate) fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a plain property on a fresh plain object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

pub(crate) fn numbers(values: &[usize]) -> Array {
    values.iter().map(|&v| JsValue::from(v as u32)).collect()
}

// The types the classes' members name, exported from every entry under their own names (a
// TypeScript user imports `Direction`, `LastMove`, `Judgement`, `GameName`), rather than written
// out where each is used.
#[wasm_bindgen(typescript_custom_section)]
const NAMED_TYPES: &str = r#"
/** A direction to slide (Threes, 2048, and Fifteen's nudge). */
export type Direction = "up" | "down" | "left" | "right";
/** What a Threes or 2048 move did, for animation: every tile that changed cell as [fromRow,
 * fromCol, toRow, toCol], each merge's [row, col], and the spawned tile as [row, col, value]. */
export type LastMove = { direction: Direction, slides: [number, number, number, number][], merges: [number, number][], spawn: [number, number, number], points: number };
/** What a game's helper thinks of a move (judge): worth a second look (`marked`), in words
 * (`note`), and, in Fifteen, the moves it spent beyond the fewest (`over`). */
export type Judgement = { marked: boolean, note: string, over?: number };
/** A game by its name in the app and in a day's deal (dailySeed): the npm package writes the
 * games' names here, from the list of games. */
export type GameName = string;
"#;

/// The day's seed of the game named `game` (its route, `"threes"`, `"2048"`, `"fifteen"`,
/// `"mines"`: lowercase letters and digits) on `date` (`"YYYY-MM-DD"`, the player's calendar
/// day): the same for everyone, another every day (the 32-bit FNV-1a hash of the text
/// `gridplay/<game>/<date>`, so anyone can check a day's deal). Throws (`dailySeed: …`) for
/// another name or a text that is not a calendar day.
#[wasm_bindgen(js_name = dailySeed)]
pub fn daily_seed(
    #[wasm_bindgen(unchecked_param_type = "GameName")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] date: JsValue,
) -> Result<u32, JsError> {
    let tag = game
        .as_string()
        .filter(|tag| {
            (1..=20).contains(&tag.len())
                && tag.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
        .ok_or_else(|| {
            JsError::new(&format!(
                "dailySeed: the game must be named in lowercase letters and digits (\"2048\"), got {}",
                describe(&game)
            ))
        })?;
    match date.as_string() {
        Some(date) => crate::daily::daily_seed(&tag, &date)
            .map_err(|reason| JsError::new(&format!("dailySeed: {reason}"))),
        None => Err(JsError::new(&format!(
            "dailySeed: the date must be a calendar day written YYYY-MM-DD, got {}",
            describe(&date)
        ))),
    }
}
