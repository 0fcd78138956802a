//! What the terminal keeps between runs, where a terminal program keeps its state
//! (`$XDG_STATE_HOME/gridplay/`, else `~/.local/state/gridplay/`): each game in progress, so the
//! next `gridplay-term <game>` takes it up again, and the player's bests.
//!
//! Two kinds of file, plain text: `<game>.game` holds the game in progress (its save, whether it
//! is the player's own play, the side the computer plays), and `bests` a line a best,
//! `<game>.<key> <value>`, the keys named as the page names them in its storage
//! (`2048.best`, `fifteen.best.4`, `mines.best.30x16x99`). A file is written whole under a
//! new name and renamed over the old one, so a game is never half kept, even when the program
//! is stopped while writing.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::Screen;

/// The first line of a kept game's file: what wrote it, and its format.
const HEADER: &str = "gridplay-term game 1";

/// A folder the terminal keeps its games and bests in.
#[derive(Clone, Debug)]
pub struct Keep {
    dir: PathBuf,
}

/// A game kept between runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The game as its save (the page's `save()`).
    pub save: String,
    /// Whether every move of it is the player's own (dealt here, no hint taken): only such a
    /// game keeps a best.
    pub own: bool,
    /// The side the computer plays, by name (`"O"`), in a game for two.
    pub computer: Option<String>,
}

impl Keep {
    /// The folder `dir` (made when first written to).
    pub fn new(dir: impl Into<PathBuf>) -> Keep {
        Keep { dir: dir.into() }
    }

    /// The folder the environment names: `$XDG_STATE_HOME/gridplay` (an absolute path, as the
    /// XDG base directories ask), else `$HOME/.local/state/gridplay`; none without either.
    pub fn from_env() -> Option<Keep> {
        let absolute = |name: &str| {
            std::env::var_os(name)
                .map(PathBuf::from)
                .filter(|path| path.is_absolute())
        };
        absolute("XDG_STATE_HOME")
            .or_else(|| absolute("HOME").map(|home| home.join(".local").join("state")))
            .map(|state| Keep::new(state.join("gridplay")))
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn game_path(&self, tag: &str) -> PathBuf {
        self.dir.join(format!("{tag}.game"))
    }

    /// The game of `tag` kept, if any; why not, in words, when its file is there but cannot be
    /// read.
    pub fn game(&self, tag: &str) -> Result<Option<Kept>, String> {
        let path = self.game_path(tag);
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(format!("{} could not be read ({error})", path.display())),
        };
        let unreadable = || format!("{} is not a game this program kept", path.display());
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(unreadable());
        }
        let (mut save, mut own, mut computer) = (None, false, None);
        for line in lines {
            match line.split_once(' ') {
                Some(("save", value)) => save = Some(value.to_string()),
                Some(("own", value)) => own = value == "yes",
                Some(("computer", value)) => computer = Some(value.to_string()),
                _ => {}
            }
        }
        let save = save.ok_or_else(unreadable)?;
        Ok(Some(Kept {
            save,
            own,
            computer,
        }))
    }

    /// Keeps `kept` as the game of `tag` in progress; `None` forgets it (the game ended: the
    /// next run deals afresh).
    pub fn keep_game(&self, tag: &str, kept: Option<&Kept>) -> Result<(), String> {
        let path = self.game_path(tag);
        let Some(kept) = kept else {
            return match fs::remove_file(&path) {
                Err(error) if error.kind() != io::ErrorKind::NotFound => {
                    Err(format!("{} could not be removed ({error})", path.display()))
                }
                _ => Ok(()),
            };
        };
        let mut text = format!(
            "{HEADER}\nsave {}\nown {}\n",
            kept.save,
            if kept.own { "yes" } else { "no" }
        );
        if let Some(side) = &kept.computer {
            text.push_str(&format!("computer {side}\n"));
        }
        self.write(&path, &text)
    }

    /// The bests kept, by key (`2048.best`, `fifteen.best-time.4`). Lines that are no best
    /// are passed over.
    pub fn bests(&self) -> Result<BTreeMap<String, u64>, String> {
        let path = self.dir.join("bests");
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound => String::new(),
            Err(error) => return Err(format!("{} could not be read ({error})", path.display())),
        };
        Ok(text
            .lines()
            .filter_map(|line| {
                let (key, value) = line.split_once(' ')?;
                let value: u64 = value.parse().ok().filter(|&v| v > 0)?;
                Some((key.to_string(), value))
            })
            .collect())
    }

    /// Keeps `value` as the best under `key` if it beats the one kept (`lower`: a lower value
    /// is the better); the best now.
    pub fn keep_best(&self, key: &str, value: u64, lower: bool) -> Result<u64, String> {
        let mut bests = self.bests()?;
        match bests.get(key) {
            Some(&kept) if (lower && kept <= value) || (!lower && kept >= value) => {
                return Ok(kept)
            }
            _ => {}
        }
        bests.insert(key.to_string(), value);
        let text: String = bests.iter().map(|(k, v)| format!("{k} {v}\n")).collect();
        self.write(&self.dir.join("bests"), &text)?;
        Ok(value)
    }

    /// Writes `text` to `path` whole: to a new file beside it, then renamed over it.
    fn write(&self, path: &Path, text: &str) -> Result<(), String> {
        let written = fs::create_dir_all(&self.dir).and_then(|()| {
            let fresh = path.with_extension(format!("new-{}", std::process::id()));
            fs::write(&fresh, text).and_then(|()| fs::rename(&fresh, path))
        });
        written.map_err(|error| format!("{} could not be written ({error})", path.display()))
    }

    /// Keeps what `screen` has to keep after a key: its game in progress (or that it ended),
    /// each best its game beats if it is the player's own play, and then shows it the best.
    pub fn after_key(&self, screen: &mut dyn Screen) -> Result<(), String> {
        let tag = screen.tag();
        self.keep_game(tag, screen.kept().as_ref())?;
        let mut first = None;
        for (i, best) in screen.bests().into_iter().enumerate() {
            let key = format!("{tag}.{}", best.key);
            let kept = match best.value {
                // A figure of 0 (no score yet) is no best.
                Some(value) if value > 0 && screen.own() => {
                    Some(self.keep_best(&key, value, best.lower)?)
                }
                _ => self.bests()?.get(&key).copied(),
            };
            if i == 0 {
                first = kept;
            }
        }
        screen.show_best(first);
        Ok(())
    }
}
