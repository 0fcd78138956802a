//! Gridplay in a terminal: `gridplay-term <game> [options]`, every game on one front end.
//!
//! This file owns the terminal, once for every game: the command line, raw mode and the
//! alternate screen while playing, keys read and handed to the game's
//! [`Screen`](gridplay::term::Screen), the screen redrawn in place after each (and each second
//! while a clock runs) in colour unless `NO_COLOR` is set, a save printed on the normal screen
//! when asked, and the terminal restored on every way out (q, Esc, Ctrl+C, an error, a panic).
//! The final position is printed on the normal screen, so it stays in view after quitting.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    terminal::main()
}

// The terminal crate does not build for the browser's target; the page is the game there.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod terminal {
    use std::io::{self, Write};
    use std::process::ExitCode;
    use std::time::Duration;

    use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
    use crossterm::style::{Attribute, Color, Stylize};
    use crossterm::{cursor, execute, queue, style, terminal};
    use gridplay::contract::Colour;
    use gridplay::term::{self, After, Deal, Key, Line, Screen};

    fn usage() -> String {
        format!(
            "usage: gridplay-term <game> [--seed N] [--preset NAME] [--link TEXT] [--computer SIDE]\n\
             \x20      gridplay-term [<game>] --load SAVE\n\
             games: {games}\n\
             --seed N        the deal of seed N (a share link's seed=N)\n\
             --preset NAME   a kind of deal: expert, 5 … (Minesweeper's boards, Fifteen's sizes)\n\
             --link TEXT     the deal a share link names: the text after the game, as 30x16x99/seed=7\n\
             --load SAVE     a save (the page's save()) or a replay link: that game, where it was\n\
             --computer SIDE the computer plays that side of a game for two (tictactoe: x or o)\n\
             In the game: arrows, WASD or HJKL move (or move the cursor); Enter and Space act; F swaps\n\
             dig and flag; U undoes; I hints; N new game; C prints the save and link; q, Esc or Ctrl+C quit.",
            games = term::games().join(", ")
        )
    }

    pub fn main() -> ExitCode {
        let args: Vec<String> = std::env::args().skip(1).collect();
        if args.iter().any(|a| a == "--help" || a == "-h") {
            println!("{}", usage());
            return ExitCode::SUCCESS;
        }
        let mut screen = match screen(&args) {
            Ok(screen) => screen,
            Err(message) => {
                eprintln!("gridplay-term: {message}\n{}", usage());
                return ExitCode::from(2);
            }
        };
        let colour = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            && std::env::var("TERM").map_or(true, |t| t != "dumb");
        match play(screen.as_mut(), colour) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("gridplay-term: {error}");
                ExitCode::FAILURE
            }
        }
    }

    /// The game the command line names, dealt or loaded as it says.
    fn screen(args: &[String]) -> Result<Box<dyn Screen>, String> {
        let mut game = None;
        let (mut seed, mut preset, mut link, mut load, mut computer) =
            (None, None, None, None, None);
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            let slot = match arg.as_str() {
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
            return Ok(screen);
        }
        let game = game.ok_or_else(|| format!("name a game: {}", term::games().join(", ")))?;
        let text = match (link, preset, seed) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return Err("--link names the whole deal: no --seed or --preset with it".to_string())
            }
            (Some(link), None, None) => link,
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
        term::open(&game, &Deal::Link(text), computer.as_deref())
    }

    /// The terminal as the game needs it, for as long as this lives; dropping it (however the
    /// game ends, unwinding included) puts the terminal back as it was.
    struct Raw;

    impl Raw {
        fn enter() -> io::Result<Raw> {
            terminal::enable_raw_mode()?;
            // From here on, a failure still restores what was changed.
            let raw = Raw;
            execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
            Ok(raw)
        }
    }

    impl Drop for Raw {
        fn drop(&mut self) {
            let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
            let _ = terminal::disable_raw_mode();
        }
    }

    fn play(screen: &mut dyn Screen, colour: bool) -> io::Result<()> {
        // A panic's message must land on a restored terminal, not in the alternate screen.
        let default_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
            let _ = terminal::disable_raw_mode();
            default_hook(info);
        }));
        let mut raw = Some(Raw::enter()?);
        draw(&screen.draw(), colour)?;
        loop {
            // While a clock runs, the screen is drawn each second even without a key.
            if screen.ticking() && !event::poll(Duration::from_secs(1))? {
                draw(&screen.draw(), colour)?;
                continue;
            }
            match event::read()? {
                Event::Key(key) if key.kind != KeyEventKind::Release => {
                    if leaves(&key) {
                        break;
                    }
                    let Some(key) = translate(&key) else { continue };
                    if let After::Print(lines) = screen.key(key) {
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
                        wait_for_key()?;
                        terminal::disable_raw_mode()?;
                        raw = Some(Raw::enter()?);
                    }
                    draw(&screen.draw(), colour)?;
                }
                Event::Resize(..) => draw(&screen.draw(), colour)?,
                _ => {}
            }
        }
        drop(raw);
        // Back on the normal screen: the last position stays in view.
        let mut out = io::stdout().lock();
        for line in screen.draw() {
            write_line(&mut out, &line, colour)?;
            writeln!(out)?;
        }
        out.flush()
    }

    fn wait_for_key() -> io::Result<()> {
        loop {
            if let Event::Key(key) = event::read()? {
                if key.kind != KeyEventKind::Release {
                    return Ok(());
                }
            }
        }
    }

    /// q, Esc and Ctrl+C leave every game (raw mode delivers Ctrl+C as a key, not a signal).
    fn leaves(key: &KeyEvent) -> bool {
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('Q') => true,
            KeyCode::Char('c') | KeyCode::Char('d') => {
                key.modifiers.contains(KeyModifiers::CONTROL)
            }
            _ => false,
        }
    }

    fn translate(key: &KeyEvent) -> Option<Key> {
        if key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return None;
        }
        Some(match key.code {
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Enter => Key::Enter,
            KeyCode::Char(' ') => Key::Space,
            KeyCode::Char(c) => Key::Char(c),
            _ => return None,
        })
    }

    /// Redraws the whole screen in place, or says how large the terminal must be when the
    /// screen does not fit it.
    fn draw(lines: &[Line], colour: bool) -> io::Result<()> {
        let mut out = io::stdout().lock();
        queue!(out, terminal::Clear(terminal::ClearType::All))?;
        let (columns, rows) = terminal::size().unwrap_or((80, 24));
        let wide = lines
            .iter()
            .map(|l| term::plain(l).chars().count())
            .max()
            .unwrap_or(0);
        if wide > usize::from(columns) || lines.len() > usize::from(rows) {
            let words = format!(
                "The terminal is {columns}×{rows}; this game needs {wide}×{}. Make it larger, or press q to quit.",
                lines.len()
            );
            for (row, chunk) in words
                .chars()
                .collect::<Vec<_>>()
                .chunks(usize::from(columns).max(1))
                .enumerate()
            {
                let text: String = chunk.iter().collect();
                queue!(out, cursor::MoveTo(0, row as u16), style::Print(text))?;
            }
            return out.flush();
        }
        for (row, line) in lines.iter().enumerate() {
            queue!(out, cursor::MoveTo(0, row as u16))?;
            write_line(&mut out, line, colour)?;
        }
        out.flush()
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
