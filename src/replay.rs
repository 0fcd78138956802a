//! A game as a value plus its log of moves.
//!
//! Every Gridplay game is deterministic given how it started (a seed, for a dealt game; an
//! arrangement someone typed in, for a sliding puzzle made `fromTiles`), so the start and the
//! moves *are* the game: saving writes them down, loading plays them again, and undo plays all
//! but the last. This is written once here; a game only says how it starts, how to play one
//! move, and how a move is numbered.

use std::fmt;

/// A move as a small number, for saves. The numbering is stable forever: saves store it.
pub trait MoveCode: Copy + fmt::Display {
    /// How many bits one move takes.
    const BITS: u32;
    /// The move's number, below `2^BITS`.
    fn code(self) -> u32;
    /// The move a number stands for; `None` for a number no move has.
    fn from_code(code: u32) -> Option<Self>;
}

/// What a game starts from, as saves write it: text without a `.` (the save's separator).
pub trait Start: Clone {
    /// What a save calls it, in messages ("seed").
    const NAME: &'static str;
    /// The start as a save's third field.
    fn write(&self) -> String;
    /// The start `write` wrote, or `None` if `text` is not one (checked: a start read back
    /// must be one the game can begin from).
    fn read(text: &str) -> Option<Self>;
    /// The seed it deals from; `None` for a start nothing random comes from (a given
    /// arrangement, tic-tac-toe's empty board).
    fn seed(&self) -> Option<u32> {
        None
    }
}

/// A seed: every dealt game starts from one.
impl Start for u32 {
    const NAME: &'static str = "seed";

    fn write(&self) -> String {
        self.to_string()
    }

    fn read(text: &str) -> Option<u32> {
        parse_decimal(text)
    }

    fn seed(&self) -> Option<u32> {
        Some(*self)
    }
}

/// What a game must provide to get saves, loads and undo from [`Replay`].
pub trait Game: Clone {
    /// The game's name in saves, e.g. `"threes"`.
    const TAG: &'static str;
    /// One move of the log: a direction, a slide, a dig or flag, a mark.
    type Move: MoveCode;
    /// What a legal move reports (for animation).
    type Report;
    /// What the game begins from: a seed for Threes and 2048.
    type Start: Start;

    /// The starting position.
    fn start(start: &Self::Start) -> Self;
    /// Plays `mv`; `None` (and no change) when it is not legal.
    fn play(&mut self, mv: Self::Move) -> Option<Self::Report>;

    /// Plays `mv` again from a log: as [`Game::play`], except where a game's rules have come
    /// to refuse moves an earlier version logged (a Fifteen slide after the solve, in saves
    /// written before 0.2.0), which a save's load and an undo still replay as they were.
    fn play_logged(&mut self, mv: Self::Move) -> Option<Self::Report> {
        self.play(mv)
    }

    /// How many moves the player is told `moves` are: one each, unless the game counts
    /// otherwise (a Fifteen slide of three tiles is three moves).
    fn moves_counted(moves: &[Self::Move]) -> usize {
        moves.len()
    }
}

/// Saved positions are kept every this many moves so that undo in a long game replays only a
/// few moves instead of the whole game.
const CHECKPOINT_EVERY: usize = 64;

/// A game together with how it started and every legal move since: what a player plays, saves,
/// loads, undoes and watches again. Every game of the crate is played through one.
#[derive(Clone, Debug)]
pub struct Replay<G: Game> {
    start: G::Start,
    log: Vec<G::Move>,
    game: G,
    /// `checkpoints[i]` is the game after `i * CHECKPOINT_EVERY` moves.
    checkpoints: Vec<G>,
    /// The moves taken back, the last one taken back last: what [`Replay::redo`] plays again,
    /// until a new move is made. Not saved: a save is the game, not its undo history.
    undone: Vec<G::Move>,
}

impl<G: Game> Replay<G> {
    /// A game at its start (a seed for a dealt game), no moves yet.
    pub fn new(start: G::Start) -> Replay<G> {
        let game = G::start(&start);
        Replay {
            start,
            log: Vec::new(),
            checkpoints: vec![game.clone()],
            game,
            undone: Vec::new(),
        }
    }

    /// What the game started from.
    pub fn start(&self) -> &G::Start {
        &self.start
    }

    /// The position now: the board, score and status are read from it.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Every legal move so far, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.log
    }

    /// Plays `mv` and logs it if it was legal. A new move ends what redo could play again.
    pub fn play(&mut self, mv: G::Move) -> Option<G::Report> {
        let report = self.game.play(mv)?;
        self.logged(mv);
        self.undone.clear();
        Some(report)
    }

    /// A move read from a save, played as it was logged ([`Game::play_logged`]) and logged.
    fn log_played(&mut self, mv: G::Move) -> Option<G::Report> {
        let report = self.game.play_logged(mv)?;
        self.logged(mv);
        Some(report)
    }

    /// Logs `mv`, just played, keeping a checkpoint every CHECKPOINT_EVERY moves.
    fn logged(&mut self, mv: G::Move) {
        self.log.push(mv);
        if self.log.len() % CHECKPOINT_EVERY == 0 {
            self.checkpoints.push(self.game.clone());
        }
    }

    /// Takes back the last move; false when there is none. The game afterwards is exactly the
    /// one before that move, random state included, so the same move deals the same tile.
    pub fn undo(&mut self) -> bool {
        let Some(mv) = self.log.pop() else {
            return false;
        };
        self.undone.push(mv);
        let n = self.log.len();
        self.checkpoints.truncate(n / CHECKPOINT_EVERY + 1);
        self.game = self.position_after(n);
        true
    }

    /// Plays again the last move taken back, as it was played (the position is the one it was
    /// played from, random state included, so it deals the same tile); `None` when no move was
    /// taken back since the last one made.
    pub fn redo(&mut self) -> Option<G::Report> {
        let mv = *self.undone.last()?;
        // It was legal from this very position, so it still is.
        let report = self.game.play_logged(mv)?;
        self.undone.pop();
        self.logged(mv);
        Some(report)
    }

    /// The move [`Replay::redo`] would play again, if any.
    pub fn redoable(&self) -> Option<G::Move> {
        self.undone.last().copied()
    }

    /// The game as it was after its first `steps` moves (`None` past its last), with those
    /// moves as its log: what a replay shows at that step, and a game that plays on from there.
    /// It costs one checkpoint's copy and fewer than 64 moves (a position is kept every 64),
    /// however long the game.
    pub fn at(&self, steps: usize) -> Option<Replay<G>> {
        if steps > self.log.len() {
            return None;
        }
        Some(Replay {
            start: self.start.clone(),
            log: self.log[..steps].to_vec(),
            game: self.position_after(steps),
            checkpoints: self.checkpoints[..=steps / CHECKPOINT_EVERY].to_vec(),
            undone: Vec::new(),
        })
    }

    /// Logged move `n` (from 0) and the position it was played from: what a replay shown at
    /// step `n` plays next. `None` past the last move.
    pub fn move_at(&self, n: usize) -> Option<(G, G::Move)> {
        let mv = *self.log.get(n)?;
        Some((self.position_after(n), mv))
    }

    /// The position after the first `n` logged moves, from the checkpoint at or before it.
    fn position_after(&self, n: usize) -> G {
        let from = (n / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
        let mut game = self.checkpoints[n / CHECKPOINT_EVERY].clone();
        for &mv in &self.log[from..n] {
            // Every logged move was legal from this very position before, so it still is.
            let replayed = game.play_logged(mv);
            debug_assert!(replayed.is_some());
        }
        game
    }

    /// Which game this is, whatever its moves: `tag.1.start`, the first three fields of its
    /// save. Two games dealt alike share it; a page keeps what belongs to one game (its clock)
    /// under it.
    pub fn start_id(&self) -> String {
        format!("{}.{}.{}", G::TAG, SAVE_FORMAT, self.start.write())
    }

    /// A compact text holding the start and every move: `tag.1.start.count.moves`, the moves
    /// packed `MoveCode::BITS` each into URL-safe base64 (a Threes move is a third of a character).
    pub fn save(&self) -> String {
        let mut packed = String::new();
        let mut acc: u32 = 0;
        let mut bits = 0;
        for &mv in &self.log {
            acc |= mv.code() << bits;
            bits += G::Move::BITS;
            while bits >= 6 {
                packed.push(BASE64URL[(acc & 63) as usize] as char);
                acc >>= 6;
                bits -= 6;
            }
        }
        if bits > 0 {
            packed.push(BASE64URL[(acc & 63) as usize] as char);
        }
        format!(
            "{}.{}.{}.{}.{}",
            G::TAG,
            SAVE_FORMAT,
            self.start.write(),
            self.log.len(),
            packed
        )
    }

    /// Reads a [`save`](Replay::save) back into the identical game, checking every move.
    pub fn load(text: &str) -> Result<Replay<G>, LoadError> {
        let parts: Vec<&str> = text.trim().split('.').collect();
        let [tag, version, start, count, packed] = parts[..] else {
            return Err(LoadError::NotASave);
        };
        if tag != G::TAG {
            return Err(LoadError::OtherGame {
                found: tag.chars().take(20).collect(),
                expected: G::TAG,
            });
        }
        if version != SAVE_FORMAT {
            return Err(LoadError::Version(version.chars().take(10).collect()));
        }
        let start = G::Start::read(start).ok_or(LoadError::Field(G::Start::NAME))?;
        let count: usize = parse_decimal(count).ok_or(LoadError::Field("move count"))?;
        let needed = count
            .checked_mul(G::Move::BITS as usize)
            .map(|bits| bits.div_ceil(6));
        if needed != Some(packed.len()) {
            return Err(LoadError::Field("move list"));
        }
        let mut replay = Replay::new(start);
        let mut acc: u32 = 0;
        let mut bits = 0;
        let mut chars = packed.bytes();
        let mask = (1 << G::Move::BITS) - 1;
        for n in 0..count {
            while bits < G::Move::BITS {
                let digit = chars
                    .next()
                    .and_then(base64url_digit)
                    .ok_or(LoadError::Field("move list"))?;
                acc |= digit << bits;
                bits += 6;
            }
            let code = acc & mask;
            acc >>= G::Move::BITS;
            bits -= G::Move::BITS;
            let mv = G::Move::from_code(code).ok_or(LoadError::Field("move list"))?;
            if replay.log_played(mv).is_none() {
                return Err(LoadError::IllegalMove {
                    number: n + 1,
                    mv: mv.to_string(),
                });
            }
        }
        Ok(replay)
    }
}

impl<G: Game<Start = u32>> Replay<G> {
    /// The seed a dealt game started from.
    pub fn seed(&self) -> u32 {
        self.start
    }
}

/// The save format this build writes: the second field of every save.
///
/// Formats that load: 1 (every game). A change in how a start or a move is written gets a new
/// number here and a loader for each older one, so that every game a player has kept still
/// loads into the same position; `tests/fixtures/saves/format-N/` keeps saves of each.
pub const SAVE_FORMAT: &str = "1";

const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url_digit(b: u8) -> Option<u32> {
    BASE64URL.iter().position(|&c| c == b).map(|p| p as u32)
}

/// Plain decimal digits only: no sign, no spaces, no leading `+`, which `str::parse` accepts.
pub fn parse_decimal<T: std::str::FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || s.len() > 10 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Why a text is not a save of this game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// Not five `.`-separated fields.
    NotASave,
    /// A save of another game.
    OtherGame {
        /// The tag the text names (at most 20 characters of it).
        found: String,
        /// This game's tag.
        expected: &'static str,
    },
    /// A save format this build does not read (at most 10 characters of it).
    Version(String),
    /// A field that cannot be read: the start, the move count or the move list.
    Field(&'static str),
    /// A move that is not legal where the save puts it.
    IllegalMove {
        /// Which move, counting from 1.
        number: usize,
        /// The move, in words.
        mv: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotASave => f.write_str("not a Gridplay save"),
            LoadError::OtherGame { found, expected } => {
                write!(f, "this is a save of {}, not of {expected}", quoted(found))
            }
            LoadError::Version(v) => {
                write!(f, "save format {} is not supported", quoted(v))
            }
            LoadError::Field(what) => write!(f, "the save's {what} is unreadable"),
            LoadError::IllegalMove { number, mv } => {
                write!(f, "the save is corrupt: move {number} ({mv}) is not legal")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// `text` in quotes for a message, as `{:?}` writes it for the texts a page sends (quotes,
/// backslashes and control characters escaped; the rest as it is). Written out because str's
/// `Debug` brings Unicode printability tables and a char-boundary panic into every engine.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if c.is_control() => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod quoted_tests {
    use super::quoted;

    #[test]
    fn quoted_writes_a_text_as_debug_does() {
        for text in [
            "",
            "threes",
            "a \"b\" \\ c",
            "line\nbreak",
            "tab\there\r",
            "nul\0",
            "\u{7f}\u{1b}",
            "é ☃",
        ] {
            assert_eq!(quoted(text), format!("{text:?}"), "{text}");
        }
    }
}
