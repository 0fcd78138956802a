//! What the terminal keeps between runs, where a terminal program keeps its state
//! (`$XDG_STATE_HOME/gridplay/`, else `~/.local/state/gridplay/`): each game in progress, so the
//! next `gridplay-term <game>` takes it up again, and the player's bests.
//!
//! Two kinds of file, plain text: `<game>.game` holds the game in progress (its save, whether it
//! is the player's own play, the side the computer plays), and `bests` a line a best,
//! `<game>.<key> <value>`, the keys named as the page names them in its storage
//! (`2048.best`, `fifteen.best.4`, `mines.best.30x16x99`). A file is written whole under a
//! new name (`<name>.new-<pid>`) and renamed over the old one, so a game is never half kept,
//! even when the program is stopped while writing; what such a stop leaves is cleared by the
//! next run ([`Keep::clear_leftovers`]).
//!
//! A kept game that cannot be read is never written over: it is set aside beside it
//! (`<game>.game.unreadable`, then `…unreadable-2` …), where a later version, or whoever reports
//! it, can still read it ([`Keep::set_aside`]). And a game is kept by one program at a time: the
//! one that holds it open ([`Keep::open_game`]); another plays it without keeping it.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::Screen;

/// The first line of a kept game's file: what wrote it, and its format.
const HEADER: &str = "gridplay-term game 1";

/// The first line's words before the format's number.
const HEADER_WORDS: &str = "gridplay-term game ";

/// A game of the folder open in this program, which alone keeps it while this lives.
///
/// Held as a lock on `<game>.lock` that the system lets go of when the program ends, however it
/// ends: a `kill -9`, a crash or a lost machine leaves no lock to break, and a process id used
/// again later cannot pass for the holder, which a lock file naming a pid (stale once that pid
/// is gone) would risk. The lock's file holds the holder's pid, but only for the words of
/// whoever finds the game open. The file stays when the game is closed: taking a locked file
/// away would let a program lock the old one while another makes and locks a new one, and
/// then both would keep the game.
#[derive(Debug)]
pub struct OpenGame {
    // Never read: the lock lives as long as the file is open.
    _file: fs::File,
}

/// Why a game could not be opened for keeping ([`Keep::open_game`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotOpen {
    /// Another gridplay-term has it open: its process id, when the lock's file names one.
    Elsewhere(Option<u32>),
    /// The folder refused, in words.
    Refused(String),
}

/// What a file being written is named with, before its writer's pid: `threes.new-1234`.
const LEFTOVER: &str = ".new-";

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
        let unreadable = || format!("{} is not a game this program kept", path.display());
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            // Not text at all: no game this program wrote.
            Err(error) if error.kind() == io::ErrorKind::InvalidData => return Err(unreadable()),
            Err(error) => return Err(format!("{} could not be read ({error})", path.display())),
        };
        let mut lines = text.lines();
        match lines.next() {
            Some(HEADER) => {}
            Some(header) => {
                // A later format is a newer gridplay-term's: said so, as the player can then
                // take that game up with that version.
                return Err(
                    match header.strip_prefix(HEADER_WORDS).map(str::parse::<u32>) {
                        Some(Ok(format)) if format > 1 => format!(
                            "{} was kept by a newer gridplay-term (its format {format})",
                            path.display()
                        ),
                        _ => unreadable(),
                    },
                );
            }
            None => return Err(unreadable()),
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
            let fresh = path.with_extension(format!("{LEFTOVER}{}", std::process::id()));
            fs::write(&fresh, text).and_then(|()| fs::rename(&fresh, path))
        });
        written.map_err(|error| format!("{} could not be written ({error})", path.display()))
    }

    /// Sets the kept game of `tag` aside, where nothing writes over it: renamed to
    /// `<tag>.game.unreadable`, or the first of `…unreadable-2`, `…unreadable-3` … not taken, so
    /// that no file set aside before is lost. Where it is now.
    ///
    /// Only for the program that holds the game open ([`Keep::open_game`]): no other then sets a
    /// file of this game aside, so a name found free stays free until the rename.
    pub fn set_aside(&self, tag: &str) -> Result<PathBuf, String> {
        let path = self.game_path(tag);
        let aside = (1..)
            .map(|n| match n {
                1 => self.dir.join(format!("{tag}.game.unreadable")),
                n => self.dir.join(format!("{tag}.game.unreadable-{n}")),
            })
            .find(|aside| fs::symlink_metadata(aside).is_err())
            .expect("a free name among endless ones");
        fs::rename(&path, &aside)
            .map(|()| aside)
            .map_err(|error| format!("{} could not be set aside ({error})", path.display()))
    }

    /// Opens the game of `tag` for this program to keep, alone while the answer lives; or who
    /// has it open already.
    pub fn open_game(&self, tag: &str) -> Result<OpenGame, NotOpen> {
        let path = self.dir.join(format!("{tag}.lock"));
        let refused = |error: io::Error| {
            NotOpen::Refused(format!("{} could not be opened ({error})", path.display()))
        };
        fs::create_dir_all(&self.dir).map_err(refused)?;
        // Neither truncated nor written before it is locked: it names the holder meanwhile.
        let mut file = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(refused)?;
        match lock(&file) {
            Ok(true) => {}
            Ok(false) => {
                let mut text = String::new();
                let _ = io::Read::read_to_string(&mut file, &mut text);
                return Err(NotOpen::Elsewhere(text.trim().parse().ok()));
            }
            Err(error) => return Err(refused(error)),
        }
        // The holder's pid, for the words of a program that finds it open.
        let named = file.set_len(0).and_then(|()| {
            io::Write::write_all(&mut file, format!("{}\n", std::process::id()).as_bytes())
        });
        named.map_err(refused)?;
        Ok(OpenGame { _file: file })
    }

    /// Removes the files a write left behind when its program was stopped before renaming them
    /// (`<name>.new-<pid>`, a pid no longer running). A file whose program still runs may be
    /// on its way: it is left. What cannot be removed is left too, for a later run: it is only
    /// in the way of no game.
    pub fn clear_leftovers(&self) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some((_, pid)) = name.to_str().and_then(|name| name.rsplit_once(LEFTOVER)) else {
                continue;
            };
            match pid.parse::<u32>() {
                Ok(pid) if pid > 0 && !running(pid) => {
                    let _ = fs::remove_file(entry.path());
                }
                _ => {}
            }
        }
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

/// Locks `file` for this program alone, unless another holds it: whether it is locked now.
#[cfg(unix)]
fn lock(file: &fs::File) -> io::Result<bool> {
    use std::os::fd::AsRawFd;
    // SAFETY: flock reads no memory; the descriptor is open for as long as `file` lives.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        return Ok(true);
    }
    let error = io::Error::last_os_error();
    match error.raw_os_error() {
        Some(libc::EWOULDBLOCK) => Ok(false),
        _ => Err(error),
    }
}

/// Where there is no such lock, every program keeps the game, as before there was one.
#[cfg(not(unix))]
fn lock(_: &fs::File) -> io::Result<bool> {
    Ok(true)
}

/// Whether the process `pid` still runs: a signal of none to it finds it (or finds it is
/// another user's, which runs too).
#[cfg(unix)]
fn running(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return true;
    };
    // SAFETY: kill with signal 0 sends nothing; it only checks the process is there.
    let found = unsafe { libc::kill(pid, 0) } == 0;
    found || io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

/// Where a process cannot be asked after, every one is taken to run: nothing is removed.
#[cfg(not(unix))]
fn running(_: u32) -> bool {
    true
}
