//! Gridplay in a terminal: every game, through its contract ([`Rules`]), by one front end.
//!
//! A [`Screen`] is a game with what its front end keeps (a cursor, the act Enter does, who the
//! computer plays, the clock): keys go in, lines of text come out. [`Play`] is that screen for
//! any game; nothing here or in it knows a game's rules, only what [`Rules`] says. The binary
//! `gridplay-term` owns the terminal (raw mode, the alternate screen, restoring it on every
//! exit, reading keys, colours, redrawing), once. Being plain text, a screen is tested without
//! a terminal.

mod keep;
mod play;

pub use keep::{Keep, Kept, NotOpen, OpenGame};
pub use play::Play;

use crate::contract::{Best, Face, Rules};
use crate::replay::Replay;

/// The keys screens understand, as the terminal reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// The ↑ arrow.
    Up,
    /// The ↓ arrow.
    Down,
    /// The ← arrow.
    Left,
    /// The → arrow.
    Right,
    /// Home, End, Page Up and Page Down: the cursor to its row's first or last square, its
    /// column's top or bottom.
    Home,
    /// End.
    End,
    /// Page Up.
    PageUp,
    /// Page Down.
    PageDown,
    /// Enter (Return).
    Enter,
    /// The space bar.
    Space,
    /// Any other character key, as typed.
    Char(char),
    /// Backspace, while a question is typed.
    Backspace,
    /// Esc, while a question is typed (otherwise it leaves).
    Escape,
}

/// What the front end does after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum After {
    /// Draw the screen again (whether or not the key changed anything).
    Redraw,
    /// Put these lines on the terminal's own screen, where they stay to be copied (a save, a
    /// link), then come back to the game.
    Print(Vec<String>),
}

/// A line of a screen: runs of text, each in its own colours.
pub type Line = Vec<Face>;

/// A game as a terminal plays it. The front end itself handles q, Esc and Ctrl+C (leave).
pub trait Screen {
    /// Reacts to one key.
    fn key(&mut self, key: Key) -> After;
    /// The whole screen for a terminal of `(columns, rows)`, line by line, top-left aligned:
    /// its words folded to the width, and where rows are short the blank lines and the keys'
    /// help left out. The board alone sets the least a screen needs.
    fn draw(&self, size: (usize, usize)) -> Vec<Line>;
    /// Whether the screen changes with time alone (a clock running): then it is drawn again
    /// every second.
    fn ticking(&self) -> bool {
        false
    }
    /// Whether the screen asks a question (y/n) that the next key answers.
    fn asking(&self) -> bool {
        false
    }
    /// Whether the player is typing a question to the board: every character is the
    /// question's (q too), and Esc and Backspace come as keys.
    fn typing(&self) -> bool {
        false
    }
    /// The game's name (its route in the page), which what is kept of it is named by.
    fn tag(&self) -> &'static str;
    /// The game in progress, as it is kept between runs; none once it has ended (the next run
    /// deals afresh).
    fn kept(&self) -> Option<Kept>;
    /// The bests the game is ranked in, with its figures ([`crate::Replay::bests`]).
    fn bests(&self) -> Vec<Best>;
    /// Whether the game is the player's own play, which alone keeps a best: dealt here (not
    /// loaded from a save), no hint taken, not two people at one keyboard, a move made.
    fn own(&self) -> bool;
    /// Shows `best`, the best kept of the game's first figure, beside the board.
    fn show_best(&mut self, best: Option<u64>);
    /// Says `words` under the board, as a key's notice is said.
    fn say(&mut self, words: &str);
}

/// A line's text without its colours.
pub fn plain(line: &[Face]) -> String {
    line.iter().map(|face| face.text.as_str()).collect()
}

/// How a game is opened from the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deal {
    /// A deal from a link's text (`"30x16x99/seed=7"`; `""` deals at random).
    Link(String),
    /// A save (or a replay link holding one): its game, where it was.
    Save(String),
    /// The game kept from the last run ([`Keep::game`]), taken up again.
    Kept(Kept),
}

/// The names the terminal knows the games by: each game's route in the page (its saves' tag),
/// in the list's order.
pub fn games() -> Vec<&'static str> {
    macro_rules! tags {
        ($($game:ty),*) => { vec![$(<$game as crate::Game>::TAG),*] };
    }
    crate::every_game!(tags)
}

/// The game `name` (its route: `threes`, `mines` …) dealt or loaded as `deal`, the computer
/// playing side `computer` (by name, `x`) of a game for two. The reason in words when the
/// arguments name no game.
pub fn open(name: &str, deal: &Deal, computer: Option<&str>) -> Result<Box<dyn Screen>, String> {
    macro_rules! each {
        ($($game:ty),*) => {
            $(if name.eq_ignore_ascii_case(<$game as crate::Game>::TAG) {
                return screen::<$game>(deal, computer);
            })*
        };
    }
    crate::every_game!(each);
    Err(format!(
        "no game called “{name}” (games: {})",
        games().join(", ")
    ))
}

/// The text a share link of game `name` gives its deal by (`30x16x99/seed=7`), from the link
/// whole (`https://…/#mines/30x16x99/seed=7`), its hash (`#mines/…`, `mines/…`) or that text
/// itself. Why not, in words, for a link of another game.
pub fn link_text(link: &str, name: &str) -> Result<String, String> {
    let text = link.trim();
    let text = text.rsplit_once('#').map_or(text, |(_, hash)| hash);
    let (first, rest) = text.split_once('/').unwrap_or((text, ""));
    match games()
        .into_iter()
        .find(|game| game.eq_ignore_ascii_case(first))
    {
        Some(game) if game.eq_ignore_ascii_case(name) => Ok(rest.to_string()),
        Some(game) => Err(format!("that link is to a game of {game}, not of {name}")),
        None => Ok(text.to_string()),
    }
}

/// The game a save names (or the save in a replay link: `…#mines/replay=<save>`), where it
/// was, with the computer playing `computer`.
pub fn open_save(text: &str, computer: Option<&str>) -> Result<Box<dyn Screen>, String> {
    let save = save_in(text);
    let tag = game_of(text);
    if games().contains(&tag) {
        open(tag, &Deal::Save(save.to_string()), computer)
    } else {
        Err("that is not a Gridplay save or replay link".to_string())
    }
}

/// The game a save or replay link is of, by the route its save begins with (`"mines"`), as
/// [`open_save`] would open it.
pub fn game_of(text: &str) -> &str {
    save_in(text).split('.').next().unwrap_or_default()
}

/// The save in `text`: itself, or what follows `replay=` in a link.
fn save_in(text: &str) -> &str {
    let text = text.trim();
    match text.rsplit_once("replay=") {
        Some((_, save)) => save.split(['/', '&']).next().unwrap_or_default(),
        None => text,
    }
}

fn screen<G: Rules + 'static>(
    deal: &Deal,
    computer: Option<&str>,
) -> Result<Box<dyn Screen>, String> {
    // A kept game's computer plays the side it played, unless the command line names one.
    let computer = match (computer, deal) {
        (None, Deal::Kept(kept)) => kept.computer.as_deref(),
        _ => computer,
    };
    let side = match computer {
        None => None,
        Some(_) if G::SIDES.is_empty() => {
            return Err(format!(
                "{} is played alone: there is no side for --computer",
                G::TITLE
            ))
        }
        Some(name) => Some(
            G::SIDES
                .iter()
                .position(|side| side.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    format!(
                        "--computer takes {}, not “{name}”",
                        G::SIDES
                            .iter()
                            .map(|s| s.to_lowercase())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    )
                })?,
        ),
    };
    Ok(Box::new(match deal {
        Deal::Link(link) => Play::<G>::new(Replay::new(G::from_link(link)?), side),
        // A game from a save is played on, as the page's "Play from here" is: practice.
        Deal::Save(save) => {
            let replay = Replay::<G>::load(save).map_err(|e| format!("--load: {e}"))?;
            Play::new(replay, side).practice()
        }
        Deal::Kept(kept) => {
            let replay =
                Replay::<G>::load(&kept.save).map_err(|e| format!("its save is refused, {e}"))?;
            let play = Play::new(replay, side);
            if kept.own {
                play
            } else {
                play.practice()
            }
        }
    }))
}

/// The link text of `G`'s preset `name` (or label, in any case), or the presets there are.
pub fn preset_link(name: &str, game: &str) -> Result<String, String> {
    macro_rules! each {
        ($($game:ty),*) => {
            $(if game.eq_ignore_ascii_case(<$game as crate::Game>::TAG) {
                return preset_of::<$game>(name);
            })*
        };
    }
    crate::every_game!(each);
    Err(format!("no game called “{game}”"))
}

fn preset_of<G: Rules>(name: &str) -> Result<String, String> {
    let presets = G::presets();
    if presets.is_empty() {
        return Err(format!("{} has one kind of deal: no presets", G::TITLE));
    }
    presets
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(name) || p.label.eq_ignore_ascii_case(name))
        .map(|p| p.link.to_string())
        .ok_or_else(|| {
            let names: Vec<&str> = presets.iter().map(|p| p.name).collect();
            format!(
                "{} has no preset “{name}” (presets: {})",
                G::TITLE,
                names.join(", ")
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_is_found_in_a_replay_link() {
        assert_eq!(save_in(" threes.1.7.0. "), "threes.1.7.0.");
        assert_eq!(
            save_in("http://localhost:8000/#mines/replay=mines.1.x.2.AB"),
            "mines.1.x.2.AB"
        );
        assert_eq!(save_in("#2048/daily/replay=2048.1.5.1.A"), "2048.1.5.1.A");
        assert_eq!(game_of("#2048/daily/replay=2048.1.5.1.A"), "2048");
    }
}
