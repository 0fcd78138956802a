//! [`Play`]: any game on a terminal, read through its contract alone.
//!
//! Keys as in the page: the arrows, WASD and HJKL are the game's directions, or move the cursor
//! in a game played on its squares (its [`Rules::ACTS`], without [`Rules::DIRECTIONS`]), where Enter does the usual act (a dig, a
//! mark) and Space the other (a flag), F swapping them; U undoes where the game allows it (R
//! plays again what it took back), I
//! asks the helper for a hint, N starts a new game of the same kind (asking first while one is
//! in progress), C prints the save and the links for the page.

use std::time::{Duration, Instant};

use super::{After, Kept, Key, Line, Screen};
use crate::contract::{Best, Face, Figure, Help, Rules, Status};
use crate::direction::Direction;
use crate::replay::{MoveCode, Replay};

/// The lines around a board: the heading and a blank above it; a blank, the status, the
/// notice (up to two lines) and the keys (up to two) below. A board is boxed where these fit
/// with it.
const AROUND_BOARD: usize = 8;
/// How long the AI thinks over a hint.
const HINT_MS: f64 = 150.0;

/// A game in a terminal: the game and its log, and what the front end keeps beside them.
pub struct Play<G: Rules> {
    replay: Replay<G>,
    /// A new game is dealt from this link: the same kind of deal, at random.
    kind: String,
    /// The square the cursor is on (reading order), in a game played on its squares.
    cursor: usize,
    /// The act Enter does (an index into [`Rules::ACTS`]); Space does the other.
    act: usize,
    /// The side the computer plays, in a game for two.
    computer: Option<usize>,
    /// A word about the last key: a refused move's reason, a hint.
    notice: String,
    /// A new game was asked for while one is in progress: the next key says yes or no.
    asking: bool,
    /// The question to the board being typed (after ?), until Enter asks it or Esc drops it.
    question: Option<String>,
    /// The game's caution has been said (once a game).
    cautioned: bool,
    /// When the clock started (timed games), and the time it stopped at once the game ended.
    started: Option<Instant>,
    stopped: Option<Duration>,
    /// Whether the game is the player's own play: dealt here and no hint taken.
    own: bool,
    /// The best kept of the game's first figure, shown in the heading.
    best: Option<u64>,
}

impl<G: Rules> Play<G> {
    /// `replay` on the screen, the computer playing side `computer` (an index into
    /// [`Rules::SIDES`]) if any; if it is the computer's turn, it moves.
    pub fn new(replay: Replay<G>, computer: Option<usize>) -> Play<G> {
        let kind = G::kind(replay.start()).link;
        let mut play = Play {
            replay,
            kind,
            cursor: 0,
            act: 0,
            computer,
            notice: String::new(),
            asking: false,
            question: None,
            cautioned: false,
            started: None,
            stopped: None,
            own: true,
            best: None,
        };
        // A game loaded part-way: its clock runs from now (the save holds no time).
        play.tick_clock();
        play.computer_moves();
        play.caution();
        play
    }

    /// This game as practice: played on from a save, not dealt here, so it keeps no best.
    pub fn practice(mut self) -> Play<G> {
        self.own = false;
        self
    }

    /// Says the game's caution, the first time it has one.
    fn caution(&mut self) {
        // Once said, not asked again at every move.
        if self.cautioned {
            return;
        }
        if let Some(caution) = self.game().caution() {
            self.notice = caution;
            self.cautioned = true;
        }
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        self.replay.game()
    }

    /// The game and its log.
    pub fn replay(&self) -> &Replay<G> {
        &self.replay
    }

    /// The square the cursor is on, in reading order.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// What the last key said, if anything.
    pub fn notice(&self) -> &str {
        &self.notice
    }

    /// Whether the arrows move a cursor over the squares, rather than play.
    fn on_squares() -> bool {
        !G::DIRECTIONS && !G::ACTS.is_empty()
    }

    /// Plays `mv` if the rules allow it, saying what it did (the refusal otherwise), then the
    /// computer's answer.
    fn make(&mut self, mv: Result<G::Move, String>) {
        match mv.and_then(|mv| self.replay.attempt_told(mv)) {
            Ok((_, told)) => {
                self.notice = told;
                self.tick_clock();
                self.computer_moves();
                self.caution();
            }
            Err(reason) => self.notice = sentence(&reason),
        }
    }

    /// The computer plays while it is its turn.
    fn computer_moves(&mut self) {
        while self.computer.is_some() && self.game().side_to_move() == self.computer {
            let Some(reply) = self.game().reply() else {
                return;
            };
            // Its move said after the player's, as the page says it.
            let Ok((_, told)) = self.replay.attempt_told(reply) else {
                return;
            };
            self.notice = [std::mem::take(&mut self.notice), told]
                .join(" ")
                .trim_start()
                .to_string();
            self.tick_clock();
        }
    }

    /// Starts the clock at the first move that starts it, stops it at the end.
    fn tick_clock(&mut self) {
        if !G::TIMED {
            return;
        }
        if self.started.is_none() && !self.replay.moves().is_empty() && self.game().clock_started()
        {
            self.started = Some(Instant::now());
        }
        if self.stopped.is_none() && self.game().status().is_ended() {
            self.stopped = Some(self.elapsed());
        }
    }

    fn elapsed(&self) -> Duration {
        self.stopped
            .or_else(|| self.started.map(|t| t.elapsed()))
            .unwrap_or_default()
    }

    fn step_cursor(&mut self, direction: Direction) {
        let (width, height) = (self.game().width(), self.game().height());
        let (x, y) = (self.cursor % width, self.cursor / width);
        let (x, y) = match direction {
            Direction::Up => (x, y.saturating_sub(1)),
            Direction::Down => (x, (y + 1).min(height - 1)),
            Direction::Left => (x.saturating_sub(1), y),
            Direction::Right => ((x + 1).min(width - 1), y),
        };
        self.cursor = y * width + x;
    }

    /// The cursor to its row's first or last square (Home, End), or its column's top or bottom
    /// (Page Up, Page Down): across Expert's 30 columns in one key.
    fn jump_cursor(&mut self, key: Key) {
        let (width, height) = (self.game().width(), self.game().height());
        let (x, y) = (self.cursor % width, self.cursor / width);
        let (x, y) = match key {
            Key::Home => (0, y),
            Key::End => (width - 1, y),
            Key::PageUp => (x, 0),
            Key::PageDown => (x, height - 1),
            _ => (x, y),
        };
        self.cursor = y * width + x;
    }

    fn undo(&mut self) {
        if !G::UNDO {
            self.notice = sentence(&crate::contract::no_undo::<G>());
            return;
        }
        if !self.replay.undo() {
            self.notice = "Nothing to undo.".to_string();
            return;
        }
        // Against the computer, its answer goes back too: the player's move is undone.
        while self.computer.is_some()
            && self.game().side_to_move() == self.computer
            && self.replay.undo()
        {}
        self.computer_moves();
        self.stopped = None;
        self.tick_clock();
        self.notice = "Undone.".to_string();
    }

    /// Plays again the last move taken back (against the computer, its answer too: the player
    /// is to move again), saying what it did.
    fn redo(&mut self) {
        if !G::UNDO {
            self.notice = sentence(&crate::contract::no_undo::<G>());
            return;
        }
        let Some(mut told) = self.replay.redo_told() else {
            self.notice = "Nothing to redo.".to_string();
            return;
        };
        while self.computer.is_some() && self.game().side_to_move() == self.computer {
            match self.replay.redo_told() {
                Some(answer) => told = format!("{told} {answer}"),
                None => break,
            }
        }
        self.tick_clock();
        self.notice = format!("Redone: {told}");
    }

    fn hint(&mut self) {
        if !G::HELPS.contains(&Help::Hint) {
            self.notice = format!("{} has no hints.", G::TITLE);
            return;
        }
        let plan = self.game().plan(HINT_MS);
        let Some(&mv) = plan.moves.first() else {
            self.notice = match plan.why {
                Some(why) => format!("No hint: {why}."),
                None => "No hint: the game is over.".to_string(),
            };
            return;
        };
        // A game a hint helped is no longer all the player's own (the page's rule too).
        self.own = false;
        self.notice = match self.key_for(mv) {
            Some(Ok(direction)) => format!("Hint: {} ({}).", arrow(direction), direction.name()),
            Some(Err((act, cell))) => {
                self.cursor = cell;
                format!("Hint: {} the square under the cursor.", G::ACTS[act])
            }
            None => format!("Hint: {mv}."),
        };
    }

    /// How a player makes `mv`: a direction, or an act on a square.
    fn key_for(&self, mv: G::Move) -> Option<Result<Direction, (usize, usize)>> {
        let game = self.game();
        if let Some(direction) = Direction::ALL
            .into_iter()
            .find(|&d| game.toward(d).is_ok_and(|m| m.code() == mv.code()))
        {
            return Some(Ok(direction));
        }
        if !Self::on_squares() {
            return None;
        }
        let cells = game.width() * game.height();
        (0..G::ACTS.len())
            .flat_map(|act| (0..cells).map(move |cell| (act, cell)))
            .find(|&(act, cell)| {
                game.on_square(act, cell)
                    .is_ok_and(|m| m.code() == mv.code())
            })
            .map(Err)
    }

    fn new_game(&mut self) {
        match G::from_link(&self.kind) {
            Ok(start) => {
                *self = Play::new(Replay::new(start), self.computer);
                self.notice = if self.notice.is_empty() {
                    "A new game.".to_string()
                } else {
                    self.notice.clone()
                };
            }
            Err(reason) => self.notice = sentence(&reason),
        }
    }

    /// The save and the links that take this game to the page.
    fn export(&self) -> Vec<String> {
        let save = self.replay.save();
        let route = G::TAG;
        vec![
            format!(
                "{} save (for gridplay-term --load, or load() in the JS API):",
                G::TITLE
            ),
            save.clone(),
            String::new(),
            "Replay link, after the page's address (End, then Play from here, to play on):"
                .to_string(),
            format!("#{route}/replay={save}"),
            String::new(),
            "This deal from its start:".to_string(),
            format!("#{route}/{}", G::link(self.replay.start())),
        ]
    }

    /// The heading's items: the game and its kind of deal, then its figures, the clock and
    /// the best, each kept whole on a line.
    fn heading(&self) -> Vec<Line> {
        let mut title = vec![Face::plain(G::TITLE).strong()];
        let kind = G::kind(self.replay.start());
        if let Some(preset) = G::presets().into_iter().find(|p| p.link == kind.link) {
            title.push(Face::plain(format!("  {}", preset.label)));
        } else if !kind.name.is_empty() {
            title.push(Face::plain(format!("  {}", kind.name)));
        }
        let mut items = vec![title];
        for readout in self.game().readouts() {
            items.push(vec![
                Face::plain(format!("{} ", readout.label)),
                readout.value,
            ]);
        }
        if G::FIGURE == Figure::Moves {
            let moves = G::moves_counted(self.replay.moves());
            items.push(vec![Face::plain(format!("Moves {moves}"))]);
        }
        if G::TIMED {
            items.push(vec![Face::plain(format!("Time {}", clock(self.elapsed())))]);
        }
        if let Some(best) = self.best {
            let best = match G::FIGURE {
                Figure::Time => clock(Duration::from_millis(best)),
                _ => best.to_string(),
            };
            items.push(vec![Face::plain(format!("Best {best}"))]);
        }
        items
    }

    /// Where the game stands: its end, or whose turn it is.
    fn status_line(&self) -> String {
        let game = self.game();
        let status = game.status();
        let whose = |side: usize| match self.computer {
            None => "",
            Some(computer) if computer == side => " (computer)",
            Some(_) => " (you)",
        };
        if status == Status::Playing {
            return match game.side_to_move() {
                Some(side) => format!("{} to move{}", G::SIDES[side], whose(side)),
                None => String::new(),
            };
        }
        // The engine's words; with a win, the figures it is ranked by (as the page says them);
        // and whose win it was against the computer.
        let mut end = game.ending().unwrap_or_default();
        if status == Status::Won {
            let time = clock(self.elapsed());
            match G::FIGURE {
                Figure::Moves => {
                    let moves = match G::moves_counted(self.replay.moves()) {
                        1 => "1 move".to_string(),
                        moves => format!("{moves} moves"),
                    };
                    let time = if G::TIMED {
                        format!(", {time}")
                    } else {
                        String::new()
                    };
                    end.push_str(&format!(" {moves}{time}."));
                }
                Figure::Time => end.push_str(&format!(" Time {time}.")),
                _ => {}
            }
        }
        let side = match (game.winning_side(), self.computer) {
            (Some(winner), Some(computer)) if winner == computer => " The computer won.",
            (Some(_), Some(_)) => " You won.",
            _ => "",
        };
        format!("{end}{side}  N starts a new game.")
    }

    /// What the keys do in this game, a key (or a few alike) an item.
    fn keys_help(&self) -> Vec<String> {
        let mut keys = Vec::new();
        if Self::on_squares() {
            keys.push("Arrows/WASD/HJKL move the cursor".to_string());
            keys.push("Home/End/PgUp/PgDn to the edges".to_string());
            match G::ACTS {
                [one] => keys.push(format!("Enter or Space: {one}")),
                _ => {
                    let other = 1 - self.act.min(1);
                    keys.push(format!(
                        "Enter {}s · Space {}s · F swaps",
                        G::ACTS[self.act],
                        G::ACTS[other]
                    ));
                }
            }
        } else {
            keys.push("Arrows/WASD/HJKL move".to_string());
        }
        if G::UNDO {
            keys.push("U undo · R redo".to_string());
        }
        if G::HELPS.contains(&Help::Hint) {
            keys.push("I hint".to_string());
        }
        keys.extend(["? ask the board", "N new game", "C save & link", "Q quit"].map(String::from));
        keys
    }

    /// The board's lines: boxed where it fits a terminal of `columns` × `rows` with the lines
    /// around it, else one character of gap between squares.
    fn board(&self, columns: usize, rows: usize) -> Vec<Line> {
        let game = self.game();
        let (width, height) = (game.width(), game.height());
        let faces: Vec<Face> = game.cells().into_iter().map(G::face).collect();
        let chars = faces
            .iter()
            .map(|face| face.text.chars().count())
            .max()
            .unwrap_or(0)
            .max(G::FACE_WIDTH);
        let cursor = Self::on_squares().then_some(self.cursor);
        let boxed = width * (chars + 3) < columns && 2 * height + 1 + AROUND_BOARD <= rows;
        let rows = faces.chunks(width);
        if !boxed {
            return rows
                .enumerate()
                .map(|(y, row)| {
                    let mut line = Vec::new();
                    for (x, face) in row.iter().enumerate() {
                        let cell = y * width + x;
                        let gap = if cursor == Some(cell) {
                            "["
                        } else if x > 0 && cursor == Some(cell - 1) {
                            "]"
                        } else {
                            " "
                        };
                        line.push(Face::plain(gap));
                        line.push(padded(face, chars));
                    }
                    let last = y * width + width - 1;
                    line.push(Face::plain(if cursor == Some(last) { "]" } else { " " }));
                    line
                })
                .collect();
        }
        let rule = |left: &str, middle: &str, right: &str| {
            let bar = "─".repeat(chars + 2);
            vec![Face::plain(format!(
                "{left}{}{right}",
                vec![bar; width].join(middle)
            ))]
        };
        let mut lines = vec![rule("┌", "┬", "┐")];
        for (y, row) in rows.enumerate() {
            let mut line = vec![Face::plain("│")];
            for (x, face) in row.iter().enumerate() {
                let (open, close) = if cursor == Some(y * width + x) {
                    ("[", "]")
                } else {
                    (" ", " ")
                };
                let mut cell = padded(face, chars);
                cell.text = format!("{open}{}{close}", cell.text);
                line.push(cell);
                line.push(Face::plain("│"));
            }
            lines.push(line);
            lines.push(if y + 1 < height {
                rule("├", "┼", "┤")
            } else {
                rule("└", "┴", "┘")
            });
        }
        lines
    }
}

impl<G: Rules> Screen for Play<G> {
    fn key(&mut self, key: Key) -> After {
        if self.asking {
            self.asking = false;
            if matches!(key, Key::Char('y' | 'Y')) {
                self.new_game();
            } else {
                self.notice = "Kept playing.".to_string();
            }
            return After::Redraw;
        }
        if let Some(question) = &mut self.question {
            match key {
                Key::Char(c) => question.push(c),
                Key::Space => question.push(' '),
                Key::Backspace => {
                    question.pop();
                }
                Key::Enter => {
                    let question = std::mem::take(question);
                    self.question = None;
                    // A typed move is played as its key would be; anything else is asked.
                    match self.replay.typed(&question) {
                        Some(mv) => self.make(mv),
                        None => {
                            let ms = self.elapsed().as_millis() as u64;
                            self.notice = self.replay.answer(&question, ms);
                        }
                    }
                    return After::Redraw;
                }
                Key::Escape => {
                    self.question = None;
                    self.notice.clear();
                    return After::Redraw;
                }
                _ => {}
            }
            self.notice = format!("Ask the board: {question}_");
            return After::Redraw;
        }
        self.notice.clear();
        let direction = match key {
            Key::Up | Key::Char('w' | 'W' | 'k' | 'K') => Some(Direction::Up),
            Key::Down | Key::Char('s' | 'S' | 'j' | 'J') => Some(Direction::Down),
            Key::Left | Key::Char('a' | 'A' | 'h' | 'H') => Some(Direction::Left),
            Key::Right | Key::Char('d' | 'D' | 'l' | 'L') => Some(Direction::Right),
            _ => None,
        };
        if let Some(direction) = direction {
            if Self::on_squares() {
                self.step_cursor(direction);
            } else {
                let mv = self.game().toward(direction);
                self.make(mv);
            }
            return After::Redraw;
        }
        match key {
            Key::Home | Key::End | Key::PageUp | Key::PageDown if Self::on_squares() => {
                self.jump_cursor(key);
            }
            Key::Enter | Key::Space if Self::on_squares() => {
                let act = if key == Key::Space && G::ACTS.len() > 1 {
                    1 - self.act.min(1)
                } else {
                    self.act
                };
                let mv = self.game().on_square(act, self.cursor);
                self.make(mv);
            }
            Key::Char('f' | 'F') if G::ACTS.len() > 1 => {
                self.act = 1 - self.act.min(1);
                self.notice = format!(
                    "Enter {}s now, Space {}s.",
                    G::ACTS[self.act],
                    G::ACTS[1 - self.act]
                );
            }
            Key::Char('u' | 'U') => self.undo(),
            Key::Char('r' | 'R') => self.redo(),
            Key::Char('i' | 'I') => self.hint(),
            Key::Char('n' | 'N') => {
                if self.game().status().is_ended() || self.replay.moves().is_empty() {
                    self.new_game();
                } else {
                    self.asking = true;
                    self.notice =
                        "Start a new game? The one in progress will be lost. (y/n)".to_string();
                }
            }
            Key::Char('c' | 'C') => return After::Print(self.export()),
            Key::Char('?' | '/') => {
                self.question = Some(String::new());
                self.notice = "Ask the board: _".to_string();
            }
            _ => {}
        }
        After::Redraw
    }

    fn draw(&self, (columns, rows): (usize, usize)) -> Vec<Line> {
        let heading = fold(self.heading(), columns);
        let board = self.board(columns, rows);
        let status = wrap(self.status_line().split(' '), " ", columns);
        // At least a line, empty while a game played alone goes on: the board stays put.
        let status = if status.is_empty() {
            vec![String::new()]
        } else {
            status
        };
        let notice = wrap(self.notice.split(' '), " ", columns);
        // The keys are broken between items, never inside one.
        let keys = wrap(self.keys_help().iter().map(String::as_str), " · ", columns);
        // Where the terminal is short, the blank lines go first, then the keys' help: the
        // board, where the game stands and what the last key did stay.
        let tall = heading.len() + board.len() + status.len() + notice.len();
        let (blanks, keys) = if tall + 2 + keys.len() <= rows {
            (true, keys)
        } else if tall + keys.len() <= rows {
            (false, keys)
        } else {
            (false, Vec::new())
        };
        let mut lines = heading;
        if blanks {
            lines.push(Vec::new());
        }
        lines.extend(board);
        if blanks {
            lines.push(Vec::new());
        }
        lines.extend(status.into_iter().map(|l| vec![Face::plain(l).strong()]));
        lines.extend(notice.into_iter().chain(keys).map(|l| vec![Face::plain(l)]));
        lines
    }

    fn ticking(&self) -> bool {
        G::TIMED && self.started.is_some() && self.stopped.is_none()
    }

    fn asking(&self) -> bool {
        self.asking
    }

    fn typing(&self) -> bool {
        self.question.is_some()
    }

    fn tag(&self) -> &'static str {
        G::TAG
    }

    fn kept(&self) -> Option<Kept> {
        (!self.game().status().is_ended()).then(|| Kept {
            save: self.replay.save(),
            own: self.own,
            computer: self.computer.map(|side| G::SIDES[side].to_string()),
        })
    }

    fn bests(&self) -> Vec<Best> {
        self.replay.bests(self.elapsed().as_millis() as u64)
    }

    fn own(&self) -> bool {
        let two_players = !G::SIDES.is_empty() && self.computer.is_none();
        self.own && !two_players && !self.replay.moves().is_empty()
    }

    fn show_best(&mut self, best: Option<u64>) {
        self.best = best;
    }

    fn say(&mut self, words: &str) {
        self.notice = [std::mem::take(&mut self.notice), words.to_string()]
            .join(" ")
            .trim_start()
            .to_string();
    }
}

/// `face` centred in `chars` characters, a left-over space on the left (numbers lean right).
fn padded(face: &Face, chars: usize) -> Face {
    let len = face.text.chars().count();
    let spare = chars.saturating_sub(len);
    let left = spare.div_ceil(2);
    Face {
        text: format!(
            "{}{}{}",
            " ".repeat(left),
            face.text,
            " ".repeat(spare - left)
        ),
        ..face.clone()
    }
}

/// `items` (each a run of faces) in lines of at most `columns` characters, three spaces
/// between them, broken between items.
fn fold(items: Vec<Line>, columns: usize) -> Vec<Line> {
    let width = |faces: &[Face]| faces.iter().map(|f| f.text.chars().count()).sum::<usize>();
    let mut lines: Vec<Line> = Vec::new();
    for item in items {
        match lines.last_mut() {
            Some(line) if width(line) + 3 + width(&item) <= columns => {
                line.push(Face::plain("   "));
                line.extend(item);
            }
            _ => lines.push(item),
        }
    }
    lines
}

/// `items` joined by `gap` in lines of at most `columns` characters, broken between items;
/// an item wider than a line (a long file's path) is broken inside, as the screen must fit.
fn wrap<'a>(items: impl IntoIterator<Item = &'a str>, gap: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let pieces = items.into_iter().flat_map(|item| {
        let chars: Vec<char> = item.chars().collect();
        chars
            .chunks(columns.max(1))
            .map(|piece| piece.iter().collect::<String>())
            .collect::<Vec<_>>()
    });
    for item in pieces {
        let item = item.as_str();
        match lines.last_mut() {
            Some(line)
                if line.chars().count() + gap.chars().count() + item.chars().count() <= columns =>
            {
                line.push_str(gap);
                line.push_str(item);
            }
            _ => lines.push(item.to_string()),
        }
    }
    lines
}

/// A reason from the rules as a sentence: a capital first, a full stop last.
fn sentence(reason: &str) -> String {
    let mut chars = reason.chars();
    let mut text: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !text.ends_with(['.', '!', '?']) {
        text.push('.');
    }
    text
}

/// `m:ss`.
fn clock(time: Duration) -> String {
    let seconds = time.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

fn arrow(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "↑",
        Direction::Down => "↓",
        Direction::Left => "←",
        Direction::Right => "→",
    }
}
