//! Gridplay in a terminal: `gridplay-term <game> [options]`, every game on one front end.
//!
//! This file owns the terminal, once for every game: the command line, raw mode and the
//! alternate screen while playing, keys read and handed to the game's
//! [`Screen`](gridplay::term::Screen), the screen redrawn in place after each (and each second
//! while a clock runs) in colour unless `NO_COLOR` is set, a save printed on the normal screen
//! when asked, and the terminal restored on every way out (q, Esc, Ctrl+C, an error, a panic,
//! a signal, the terminal closed). The final position is printed on the normal screen, so it
//! stays in view after quitting. The game in progress and the bests are kept after every key
//! ([`Keep`](gridplay::term::Keep)), by one gridplay-term at a time, and the next run of that
//! game takes it up again (or sets it aside, when it cannot be read). On a terminal that
//! cannot place text (`TERM=dumb`) each screen is printed after the last, as plain lines.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    terminal::main()
}

// The terminal crate does not build for the browser's target; the page is the game there.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod terminal {
    use std::io::{self, IsTerminal, Write};
    use std::process::ExitCode;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
    use crossterm::style::{Attribute, Color, Stylize};
    use crossterm::{cursor, execute, queue, style, terminal};
    use gridplay::contract::Colour;
    use gridplay::term::{self, After, Deal, Keep, Key, Line, NotOpen, OpenGame, Screen};

    fn usage() -> String {
        format!(
            "usage: gridplay-term <game> [--new] [--seed N] [--preset NAME] [--link LINK] [--computer SIDE]\n\
             \x20      gridplay-term [<game>] --load SAVE\n\
             games: {games}\n\
             --new           a new deal, rather than the game kept from the last time\n\
             --seed N        the deal of seed N (a share link's seed=N)\n\
             --preset NAME   a kind of deal: expert, 5 … (Minesweeper's boards, Fifteen's sizes)\n\
             --link LINK     the deal a share link names: the link, or what follows its game, as 30x16x99/seed=7\n\
             --load SAVE     a save (the page's save()) or a replay link: that game, where it was\n\
             --computer SIDE the computer plays that side of a game for two (tictactoe: x or o)\n\
             In the game: arrows, WASD or HJKL move (or move the cursor); Enter and Space act; F swaps\n\
             dig and flag; U undoes and R redoes; I hints; N new game; C prints the save and link; q, Esc or Ctrl+C quit.\n\
             A game in progress is kept (in $XDG_STATE_HOME/gridplay, else ~/.local/state/gridplay)\n\
             and taken up again the next time that game is started without a deal; one open in\n\
             another gridplay-term is played here unkept, and a kept file that cannot be read is set aside.",
            games = term::games().join(", ")
        )
    }

    pub fn main() -> ExitCode {
        let args: Vec<String> = std::env::args().skip(1).collect();
        if args.iter().any(|a| a == "--help" || a == "-h") {
            // Read by `head`, the pipe may close early: that is no error.
            let _ = writeln!(io::stdout(), "{}", usage());
            return ExitCode::SUCCESS;
        }
        let opening = match opening(&args) {
            Ok(opening) => opening,
            Err(message) => {
                eprintln!("gridplay-term: {message}\n{}", usage());
                return ExitCode::from(2);
            }
        };
        if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
            eprintln!(
                "gridplay-term: a game is played in a terminal, and this one has none (its input \
                 or output is not a terminal). To play from a program, use the JS API or --load."
            );
            return ExitCode::from(2);
        }
        let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        let colour = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && !dumb;
        let output = Output { colour, dumb };
        let keep = Keep::from_env();
        let (mut screen, kept) = keeping(opening, keep.as_ref());
        match play(screen.as_mut(), output, kept) {
            Ok(Ending::Quit) => ExitCode::SUCCESS,
            // As a shell reports a program a signal stopped.
            Ok(Ending::Signal(signal)) => ExitCode::from(128 + signal as u8),
            Err(error) => {
                eprintln!("gridplay-term: {error}");
                ExitCode::FAILURE
            }
        }
    }

    /// How the screen is put on the terminal.
    #[derive(Clone, Copy)]
    struct Output {
        /// In colour (not with `NO_COLOR` or on a dumb terminal).
        colour: bool,
        /// A terminal that cannot place text or clear (`TERM=dumb`): each screen printed after
        /// the last, as lines.
        dumb: bool,
    }

    /// Where the game and the bests are kept: in a folder, the game held open there; or
    /// nowhere, and why (said once, and again on the way out).
    enum Keeping<'a> {
        Here {
            keep: &'a Keep,
            // Never read: the game is this program's to keep for as long as this lives.
            _open: OpenGame,
        },
        Nowhere(String),
    }

    /// Held while the game is being kept, so that a program ended for a terminal gone
    /// ([`watch_the_terminal`]) ends between two writes, never in one.
    static KEEPING: Mutex<()> = Mutex::new(());

    impl Keeping<'_> {
        /// Once a folder refuses, it is said and the game goes on unkept.
        fn after_key(&mut self, screen: &mut dyn Screen) {
            let Keeping::Here { keep, .. } = self else {
                return;
            };
            let kept = {
                let _keeping = KEEPING
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                keep.after_key(screen)
            };
            if let Err(reason) = kept {
                screen.say(&format!("This game cannot be kept: {reason}."));
                *self = Keeping::Nowhere(reason);
            }
        }
    }

    /// How a game left the terminal.
    enum Ending {
        /// A key that quits.
        Quit,
        /// A signal (its number) that stops the program.
        Signal(i32),
    }

    /// The game the command line names, as it first opens: dealt or loaded as it says, before
    /// any file is read.
    struct Opening {
        /// The game dealt or loaded.
        screen: Box<dyn Screen>,
        /// Whether the command line names no deal, so the game kept, if any, is taken up rather.
        takes_up: bool,
        /// The side the computer plays, as the command line names it.
        computer: Option<String>,
    }

    /// The game the command line names, dealt or loaded as it says (a random deal when it
    /// names none); or why not, in words. Nothing is read or written here: a command line
    /// that is wrong is said before anything is touched.
    fn opening(args: &[String]) -> Result<Opening, String> {
        let mut game = None;
        let mut new = false;
        let (mut seed, mut preset, mut link, mut load, mut computer) =
            (None, None, None, None, None);
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            let slot = match arg.as_str() {
                "--new" => {
                    new = true;
                    continue;
                }
                "--seed" => &mut seed,
                "--preset" => &mut preset,
                "--link" => &mut link,
                "--load" => &mut load,
                "--computer" => &mut computer,
                flag if flag.starts_with('-') => return Err(format!("no option {flag}")),
                name if game.is_none() => {
                    game = Some(name.to_string());
                    continue;
                }
                extra => return Err(format!("unexpected argument “{extra}”")),
            };
            if slot.is_some() {
                return Err(format!("{arg} is given twice"));
            }
            *slot = Some(
                rest.next()
                    .ok_or_else(|| format!("{arg} needs a value"))?
                    .clone(),
            );
        }
        if let Some(save) = load {
            if seed.is_some() || preset.is_some() || link.is_some() {
                return Err(
                    "--load takes the deal from the save: no --seed, --preset or --link with it"
                        .to_string(),
                );
            }
            let screen = term::open_save(&save, computer.as_deref())?;
            if let Some(game) = game {
                let tag = term::game_of(&save);
                if !game.eq_ignore_ascii_case(tag) {
                    return Err(format!("that save is a game of {tag}, not of {game}"));
                }
            }
            return Ok(Opening {
                screen,
                takes_up: false,
                computer,
            });
        }
        let game = game.ok_or_else(|| format!("name a game: {}", term::games().join(", ")))?;
        // No deal named: the game kept from the last time, if there is one, is taken up.
        let takes_up = !new && link.is_none() && preset.is_none() && seed.is_none();
        let text = match (link, preset, seed) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return Err("--link names the whole deal: no --seed or --preset with it".to_string())
            }
            (Some(link), None, None) => term::link_text(&link, &game)?,
            (None, preset, seed) => {
                let mut parts = Vec::new();
                if let Some(preset) = preset {
                    parts.push(term::preset_link(&preset, &game)?);
                }
                if let Some(seed) = seed {
                    parts.push(format!("seed={seed}"));
                }
                parts.retain(|p| !p.is_empty());
                parts.join("/")
            }
        };
        let screen = term::open(&game, &Deal::Link(text), computer.as_deref())?;
        Ok(Opening {
            screen,
            takes_up,
            computer,
        })
    }

    /// The game to play and where it is kept: held open in `keep` for this program alone, and
    /// there the game kept from the last time taken up, when the command line names no deal.
    /// A kept game that cannot be read is set aside before a new one is kept over it; a game
    /// open in another gridplay-term is played here but not kept, so neither writes over the
    /// other's moves. Each is said on the screen, in words.
    fn keeping(opening: Opening, keep: Option<&Keep>) -> (Box<dyn Screen>, Keeping<'_>) {
        let Opening {
            mut screen,
            takes_up,
            computer,
        } = opening;
        let Some(keep) = keep else {
            let why = "there is no folder to keep games in (no HOME)".to_string();
            screen.say(&format!("This game is not kept: {why}."));
            return (screen, Keeping::Nowhere(why));
        };
        // What a write stopped halfway left, before anything else is written.
        keep.clear_leftovers();
        let tag = screen.tag();
        let mut said = Vec::new();
        let mut kept = match keep.open_game(tag) {
            Ok(open) => Keeping::Here { keep, _open: open },
            Err(NotOpen::Elsewhere(pid)) => {
                let pid = pid.map(|pid| format!(" (pid {pid})")).unwrap_or_default();
                said.push(format!(
                    "This game is open in another gridplay-term{pid}: here it is played but not \
                     kept, so the moves made there stay as they are."
                ));
                Keeping::Nowhere(format!("it is open in another gridplay-term{pid}"))
            }
            Err(NotOpen::Refused(reason)) => {
                said.push(format!("This game cannot be kept: {reason}."));
                Keeping::Nowhere(reason)
            }
        };
        if takes_up {
            let taken = keep.game(tag).and_then(|found| {
                found
                    .map(|found| term::open(tag, &Deal::Kept(found), computer.as_deref()))
                    .transpose()
            });
            match (taken, &kept) {
                (Ok(Some(found)), _) => screen = found,
                (Ok(None), _) => {}
                // Only the program that holds the game open moves its file: another would
                // set aside what the holder may have just written.
                (Err(reason), Keeping::Here { .. }) => match keep.set_aside(tag) {
                    Ok(aside) => said.push(format!(
                        "The kept game could not be taken up: {reason}. It is set aside as {}, \
                         and a new game has started.",
                        aside.display()
                    )),
                    Err(why) => {
                        said.push(format!(
                            "The kept game could not be taken up: {reason}. Nor could it be set \
                             aside: {why}. A new game has started, not kept, so that file stays \
                             as it is."
                        ));
                        kept = Keeping::Nowhere(why);
                    }
                },
                (Err(reason), Keeping::Nowhere(_)) => said.push(format!(
                    "The kept game could not be taken up: {reason}. A new game has started."
                )),
            }
        }
        for words in said {
            screen.say(&words);
        }
        (screen, kept)
    }

    /// The terminal as the game needs it, for as long as this lives; dropping it (however the
    /// game ends, unwinding included) puts the terminal back as it was.
    struct Raw {
        dumb: bool,
    }

    impl Raw {
        fn enter(output: Output) -> io::Result<Raw> {
            terminal::enable_raw_mode()?;
            // From here on, a failure still restores what was changed.
            let raw = Raw { dumb: output.dumb };
            if !output.dumb {
                execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
            }
            Ok(raw)
        }
    }

    impl Drop for Raw {
        fn drop(&mut self) {
            if !self.dumb {
                let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
            }
            let _ = terminal::disable_raw_mode();
        }
    }

    /// The terminal's size, as (columns, rows).
    fn size() -> (usize, usize) {
        let (columns, rows) = terminal::size().unwrap_or((80, 24));
        (usize::from(columns), usize::from(rows))
    }

    /// The signals that stop the program: each is taken as a way out (the game kept, the
    /// terminal restored), not left to kill it where it stands. SIGHUP too, the terminal
    /// closed: the terminal may still be there to put back (a SIGHUP sent by hand, a terminal
    /// only detached), and where it is gone, what cannot be written to it is let go.
    const SIGNALS: [i32; 3] = [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGHUP,
    ];

    fn play(screen: &mut dyn Screen, output: Output, mut kept: Keeping) -> io::Result<Ending> {
        // A panic's message must land on a restored terminal, not in the alternate screen.
        let default_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
            let _ = terminal::disable_raw_mode();
            default_hook(info);
        }));
        let signalled = Arc::new(AtomicUsize::new(0));
        for signal in SIGNALS {
            signal_hook::flag::register_usize(signal, Arc::clone(&signalled), signal as usize)?;
        }
        watch_the_terminal();
        kept.after_key(screen);
        let mut raw = Some(Raw::enter(output)?);
        let played = keys(screen, output, &mut kept, &mut raw, &signalled);
        // However the keys ended, the game is kept as it stands and the terminal put back.
        kept.after_key(screen);
        drop(raw);
        // A terminal that fails once a signal came is the signal's doing (a read or a write of
        // a terminal closed meets its end): the signal is the ending.
        let ending = played.or_else(|error| match signalled.load(Ordering::Relaxed) {
            0 => Err(error),
            signal => Ok(Ending::Signal(signal as i32)),
        })?;
        let said = last_words(screen, output, &kept);
        match ending {
            // The terminal may be gone: words that cannot reach it are no failure.
            Ending::Signal(_) => Ok(ending),
            Ending::Quit => said.map(|()| ending),
        }
    }

    /// Ends the program once its terminal is gone (closed, its window shut, its connection
    /// lost), as SIGHUP would. Watched apart from the keys: reading a terminal gone, the
    /// terminal crate tries again and again and never returns, and a terminal may go with no
    /// SIGHUP to this program at all (one started by a shell that passes none on). The game was
    /// kept at the last key; a write under way is let finish first.
    #[cfg(unix)]
    fn watch_the_terminal() {
        std::thread::spawn(|| {
            // Asked for nothing, a terminal answers only when it is gone (hung up, in error).
            let mut terminal = libc::pollfd {
                fd: libc::STDIN_FILENO,
                events: 0,
                revents: 0,
            };
            loop {
                // SAFETY: one pollfd, which lives through the call.
                let answered = unsafe { libc::poll(&mut terminal, 1, -1) };
                if answered > 0 {
                    break;
                }
                if answered < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                    return;
                }
            }
            // A terminal that cannot be watched (a system whose poll takes no devices says
            // POLLNVAL) is left to the keys.
            if terminal.revents & (libc::POLLHUP | libc::POLLERR) == 0 {
                return;
            }
            let _keeping = KEEPING
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            std::process::exit(128 + signal_hook::consts::SIGHUP);
        });
    }

    #[cfg(not(unix))]
    fn watch_the_terminal() {}

    /// Plays the keys pressed until one leaves, or a signal comes.
    fn keys(
        screen: &mut dyn Screen,
        output: Output,
        kept: &mut Keeping,
        raw: &mut Option<Raw>,
        signalled: &AtomicUsize,
    ) -> io::Result<Ending> {
        let mut fits = draw(screen, output)?;
        loop {
            let signal = signalled.load(Ordering::Relaxed);
            if signal != 0 {
                return Ok(Ending::Signal(signal as i32));
            }
            // Waits for a key a little at a time, so a signal is seen soon; while a clock runs
            // the screen is drawn each second even without a key.
            let wait = if screen.ticking() { 1000 } else { 250 };
            if !event::poll(Duration::from_millis(wait))? {
                if screen.ticking() {
                    fits = draw(screen, output)?;
                }
                continue;
            }
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => {
                    let Some(key) = translate(&key, screen.asking(), screen.typing()) else {
                        if leaves(&key) {
                            return Ok(Ending::Quit);
                        }
                        continue;
                    };
                    // While the board cannot be seen, a key plays nothing.
                    if !fits {
                        continue;
                    }
                    let after = screen.key(key);
                    kept.after_key(screen);
                    if let After::Print(lines) = after {
                        // On the normal screen, where it stays to be copied after quitting.
                        drop(raw.take());
                        let mut out = io::stdout().lock();
                        for line in lines {
                            writeln!(out, "{line}")?;
                        }
                        writeln!(out, "\n(press a key to go back to the game)")?;
                        out.flush()?;
                        drop(out);
                        terminal::enable_raw_mode()?;
                        wait_for_key(signalled)?;
                        terminal::disable_raw_mode()?;
                        *raw = Some(Raw::enter(output)?);
                    }
                    fits = draw(screen, output)?;
                }
                Event::Resize(..) => fits = draw(screen, output)?,
                _ => {}
            }
        }
    }

    /// On the normal screen once the game is left: the last position, so it stays in view (if
    /// it fits the width), and whether the game is kept.
    fn last_words(screen: &dyn Screen, output: Output, kept: &Keeping) -> io::Result<()> {
        let (columns, _) = size();
        let lines = screen.draw((columns, usize::MAX));
        let mut out = io::stdout().lock();
        if lines
            .iter()
            .all(|line| term::plain(line).chars().count() <= columns)
        {
            for line in lines {
                write_line(&mut out, &line, output.colour)?;
                writeln!(out)?;
            }
        }
        if screen.kept().is_some() {
            match kept {
                Keeping::Here { .. } => writeln!(
                    out,
                    "The game is kept: `gridplay-term {}` takes it up again (--new deals afresh).",
                    screen.tag()
                )?,
                Keeping::Nowhere(why) => writeln!(out, "The game is not kept: {why}.")?,
            }
        }
        out.flush()
    }

    /// Waits for a key, or a signal (which the game's loop then takes).
    fn wait_for_key(signalled: &AtomicUsize) -> io::Result<()> {
        while signalled.load(Ordering::Relaxed) == 0 {
            if !event::poll(Duration::from_millis(250))? {
                continue;
            }
            if let Event::Key(key) = event::read()? {
                if key.kind != KeyEventKind::Release {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// q, Esc, Ctrl+C and Ctrl+D leave every game (raw mode delivers Ctrl+C as a key, not a
    /// signal), but for q and Esc at a question, where they say no.
    fn leaves(key: &KeyEvent) -> bool {
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('Q') => true,
            KeyCode::Char('c') | KeyCode::Char('d') => {
                key.modifiers.contains(KeyModifiers::CONTROL)
            }
            _ => false,
        }
    }

    /// The screen's key for a key pressed; none for a key it does not take (a way out among
    /// them). At a question (`asking`), q and Esc are the answer no; while a question to the
    /// board is typed (`typing`), q is a letter of it and Esc stops it.
    fn translate(key: &KeyEvent, asking: bool, typing: bool) -> Option<Key> {
        if key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return None;
        }
        if typing {
            return match key.code {
                KeyCode::Esc => Some(Key::Escape),
                KeyCode::Backspace => Some(Key::Backspace),
                KeyCode::Enter => Some(Key::Enter),
                KeyCode::Char(c) => Some(Key::Char(c)),
                _ => None,
            };
        }
        if asking && matches!(key.code, KeyCode::Esc | KeyCode::Char('q' | 'Q')) {
            return Some(Key::Char('n'));
        }
        if leaves(key) {
            return None;
        }
        Some(match key.code {
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Home => Key::Home,
            KeyCode::End => Key::End,
            KeyCode::PageUp => Key::PageUp,
            KeyCode::PageDown => Key::PageDown,
            KeyCode::Enter => Key::Enter,
            KeyCode::Char(' ') => Key::Space,
            KeyCode::Char(c) => Key::Char(c),
            _ => return None,
        })
    }

    /// Redraws the whole screen in place (or, on a dumb terminal, prints it below the last),
    /// or says how large the terminal must be when the screen does not fit it: whether it fit.
    fn draw(screen: &dyn Screen, output: Output) -> io::Result<bool> {
        let mut out = io::stdout().lock();
        let (columns, rows) = size();
        let lines = screen.draw((columns, rows));
        if output.dumb {
            // Raw mode: a line ends with a carriage return too.
            write!(out, "\r\n")?;
            for line in &lines {
                write_line(&mut out, line, false)?;
                write!(out, "\r\n")?;
            }
            out.flush()?;
            return Ok(true);
        }
        queue!(out, terminal::Clear(terminal::ClearType::All))?;
        let wide = lines
            .iter()
            .map(|l| term::plain(l).chars().count())
            .max()
            .unwrap_or(0);
        if wide > columns || lines.len() > rows {
            let words = format!(
                "The terminal is {columns}×{rows}; this game needs {wide}×{}. Make it larger, or press q to quit.",
                lines.len()
            );
            for (row, chunk) in words
                .chars()
                .collect::<Vec<_>>()
                .chunks(columns.max(1))
                .enumerate()
            {
                let text: String = chunk.iter().collect();
                queue!(out, cursor::MoveTo(0, row as u16), style::Print(text))?;
            }
            out.flush()?;
            return Ok(false);
        }
        for (row, line) in lines.iter().enumerate() {
            queue!(out, cursor::MoveTo(0, row as u16))?;
            write_line(&mut out, line, output.colour)?;
        }
        out.flush()?;
        Ok(true)
    }

    /// One line of faces, coloured when `colour`.
    fn write_line(out: &mut impl Write, line: &Line, colour: bool) -> io::Result<()> {
        for face in line {
            if !colour {
                queue!(out, style::Print(&face.text))?;
                continue;
            }
            let mut styled = face.text.as_str().stylize();
            if let Some(ink) = face.ink {
                styled = styled.with(color(ink));
            }
            if let Some(paper) = face.paper {
                styled = styled.on(color(paper));
            }
            if face.strong {
                styled = styled.attribute(Attribute::Bold);
            }
            queue!(out, style::PrintStyledContent(styled))?;
        }
        Ok(())
    }

    fn color(colour: Colour) -> Color {
        match colour {
            Colour::Black => Color::Black,
            Colour::Red => Color::DarkRed,
            Colour::Green => Color::DarkGreen,
            Colour::Yellow => Color::DarkYellow,
            Colour::Blue => Color::DarkBlue,
            Colour::Magenta => Color::DarkMagenta,
            Colour::Cyan => Color::DarkCyan,
            Colour::White => Color::White,
            Colour::Grey => Color::DarkGrey,
        }
    }
}
