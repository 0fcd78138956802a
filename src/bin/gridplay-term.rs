//! Gridplay in a terminal: `gridplay-term tictactoe [--computer x|o]`.
//!
//! This file owns the terminal, once for every game: raw mode and the alternate screen while
//! playing, keys read and handed to the game's [`Screen`](gridplay::term::Screen), the screen
//! redrawn in place after each, and the terminal restored on every way out (q, Esc, Ctrl+C, an
//! error, a panic). The final position is printed on the normal screen, so it stays in view
//! after quitting.

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

    use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
    use crossterm::{cursor, execute, queue, style, terminal};
    use gridplay::term::tictactoe::TicTacToeScreen;
    use gridplay::term::{After, Key, Screen, GAMES};
    use gridplay::tictactoe::Mark;

    const USAGE: &str = "usage: gridplay-term tictactoe [--computer x|o]\n\
        Two players by default; --computer lets the engine play X or O.\n\
        Arrows move the cursor, Enter or Space marks, n starts a new game, q or Esc quits.";

    pub fn main() -> ExitCode {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let mut screen = match screen(&args) {
            Ok(screen) => screen,
            Err(message) => {
                eprintln!("gridplay-term: {message}\n{USAGE}");
                return ExitCode::from(2);
            }
        };
        match play(screen.as_mut()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("gridplay-term: {error}");
                ExitCode::FAILURE
            }
        }
    }

    /// The game the command line names.
    fn screen(args: &[String]) -> Result<Box<dyn Screen>, String> {
        match args {
            [] => Err(format!("name a game: {}", GAMES.join(", "))),
            [game, rest @ ..] if game == "tictactoe" => {
                let computer = match rest {
                    [] => None,
                    [flag, side] if flag == "--computer" => match side.as_str() {
                        "x" | "X" => Some(Mark::X),
                        "o" | "O" => Some(Mark::O),
                        other => return Err(format!("--computer takes x or o, not {other:?}")),
                    },
                    _ => return Err(format!("unexpected arguments {rest:?}")),
                };
                Ok(Box::new(TicTacToeScreen::new(computer)))
            }
            [game, ..] => Err(format!(
                "no game called {game:?} (games: {})",
                GAMES.join(", ")
            )),
        }
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

    fn play(screen: &mut dyn Screen) -> io::Result<()> {
        // A panic's message must land on a restored terminal, not in the alternate screen.
        let default_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
            let _ = terminal::disable_raw_mode();
            default_hook(info);
        }));
        {
            let _raw = Raw::enter()?;
            draw(&screen.draw())?;
            loop {
                match event::read()? {
                    Event::Key(key) if key.kind != KeyEventKind::Release => {
                        if leaves(&key) {
                            break;
                        }
                        if let Some(key) = translate(&key) {
                            if screen.key(key) == After::Quit {
                                break;
                            }
                        }
                        draw(&screen.draw())?;
                    }
                    Event::Resize(..) => draw(&screen.draw())?,
                    _ => {}
                }
            }
        }
        // Back on the normal screen: the last position stays in view, as in the seed.
        let mut out = io::stdout().lock();
        for line in screen.draw() {
            writeln!(out, "{line}")?;
        }
        out.flush()
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

    /// Redraws the whole screen in place.
    fn draw(lines: &[String]) -> io::Result<()> {
        let mut out = io::stdout().lock();
        queue!(out, terminal::Clear(terminal::ClearType::All))?;
        for (row, line) in lines.iter().enumerate() {
            queue!(out, cursor::MoveTo(0, row as u16), style::Print(line))?;
        }
        out.flush()
    }
}
