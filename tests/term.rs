//! The terminal front end, for real: `gridplay-term <game>` runs in a tmux pane (a
//! pseudo-terminal), gets arrow keys and Enter as a player types them, and the pane's text is
//! what the player would see: each game played to its end, a save printed for the page and one
//! from the page loaded, colours and `NO_COLOR`, a terminal too small. Also that every way out
//! leaves the terminal as it was.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

use gridplay::contract::Rules;
use gridplay::fifteen::Fifteen;
use gridplay::game2048::Game2048;
use gridplay::minesweeper::Minesweeper;
use gridplay::threes::ThreesGame;
use gridplay::{Direction, Replay};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server of the test's own (its own socket), with one 80×24 pane running `command`
/// and then, once it exits, its status and whether the terminal is back in canonical mode.
struct Pane {
    socket: String,
}

impl Pane {
    fn start(name: &str, args: &str) -> Pane {
        Pane::sized(name, "", args, (80, 24))
    }

    /// A pane `size` (columns, rows) running `gridplay-term` with `args` (shell words) and
    /// the environment `env` (`NAME=value` words), keeping its games in a folder of the
    /// pane's own unless `env` names one (`XDG_STATE_HOME=…`).
    fn sized(name: &str, env: &str, args: &str, size: (u16, u16)) -> Pane {
        let state = state_home(name);
        let binary = env!("CARGO_BIN_EXE_gridplay-term");
        Pane::running(
            name,
            &format!("XDG_STATE_HOME={} {env} {binary} {args}", state.display()),
            size,
        )
    }

    /// A pane `size` running the shell command `command`.
    fn running(name: &str, command: &str, (columns, rows): (u16, u16)) -> Pane {
        let socket = format!("gridplay-{name}-{}", std::process::id());
        let script = format!(
            "{command}; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'; sleep 60"
        );
        let pane = Pane { socket };
        let (columns, rows) = (columns.to_string(), rows.to_string());
        let status = pane
            .tmux(&["new-session", "-d", "-x", &columns, "-y", &rows, &script])
            .status()
            .expect("tmux must be installed (scripts/setup.sh installs it)");
        assert!(status.success(), "tmux could not start a session");
        pane
    }

    fn tmux(&self, args: &[&str]) -> Command {
        let mut command = Command::new("tmux");
        command.args(["-L", &self.socket]).args(args);
        command
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            let status = self.tmux(&["send-keys", key]).status().unwrap();
            assert!(status.success(), "tmux send-keys {key}");
            // One key at a time, as typed: each is drawn before the next arrives.
            sleep(Duration::from_millis(30));
        }
    }

    /// Presses `key`, which must leave the game: it exits with status 0 and the terminal back
    /// in canonical mode. The pane's text then.
    fn quits_with(&self, key: &str) -> String {
        self.keys(&[key]);
        let text = self.exited();
        assert!(text.contains("EXIT=0"), "{text}");
        assert!(
            text.lines().any(|l| l == "icanon"),
            "terminal not restored:\n{text}"
        );
        text
    }

    /// The pane's text once the program has exited and the terminal's mode is printed.
    fn exited(&self) -> String {
        self.wait_for("EXIT=");
        // stty's line (icanon, or -icanon if the terminal was left raw) comes after.
        self.wait_for("icanon")
    }

    /// The process id of the program the pane runs (its shell's child).
    fn program(&self) -> u32 {
        let shell = self
            .tmux(&["list-panes", "-F", "#{pane_pid}"])
            .output()
            .unwrap();
        let shell = String::from_utf8_lossy(&shell.stdout).trim().to_string();
        let child = Command::new("pgrep").args(["-P", &shell]).output().unwrap();
        let child = String::from_utf8_lossy(&child.stdout);
        child
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("no one program under the pane's shell: {child:?}"))
    }

    fn text(&self) -> String {
        let output = self.tmux(&["capture-pane", "-p"]).output().unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// The pane's text once it shows `wanted` (a generous wait: the binary may still be
    /// starting on a loaded machine).
    fn wait_for(&self, wanted: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let text = self.text();
            if text.contains(wanted) {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "the pane never showed {wanted:?}; it shows:\n{text}"
            );
            sleep(Duration::from_millis(50));
        }
    }
}

/// Waits until `done` holds (a generous wait, as for a pane's text), saying `what` if never.
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < deadline, "never: {what}");
        sleep(Duration::from_millis(50));
    }
}

/// Whether the process `pid` has ended (a zombie, ended but not yet reaped, has).
fn ended(pid: u32) -> bool {
    let output = Command::new("ps")
        .args(["-o", "stat=", "-p", &pid.to_string()])
        .output()
        .unwrap();
    let stat = String::from_utf8_lossy(&output.stdout);
    stat.trim().is_empty() || stat.trim_start().starts_with('Z')
}

/// A pane's text in one line, the words as they read however they were folded.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A program that may have lost its pane: killed on the way out, should it still run.
struct Stray(u32);

impl Drop for Stray {
    fn drop(&mut self) {
        if !ended(self.0) {
            let _ = Command::new("kill")
                .args(["-KILL", &self.0.to_string()])
                .status();
        }
    }
}

/// The pid of a process that has ended.
fn a_pid_ended() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

/// A folder of `name`'s own to keep games in (`XDG_STATE_HOME`), empty.
fn state_home(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gridplay-state-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

impl Drop for Pane {
    fn drop(&mut self) {
        // The program first, should it outlive its terminal; then the pane.
        if let Ok(shell) = self.tmux(&["list-panes", "-F", "#{pane_pid}"]).output() {
            let shell = String::from_utf8_lossy(&shell.stdout).trim().to_string();
            if !shell.is_empty() {
                let _ = Command::new("pkill").args(["-KILL", "-P", &shell]).status();
            }
        }
        let _ = self.tmux(&["kill-server"]).status();
    }
}

/// The board rows of the pane (the lines with cells), trimmed.
fn rows(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| line.starts_with('│'))
        .map(|line| line.trim_end().to_string())
        .collect()
}

#[test]
fn two_players_play_a_whole_game_with_the_arrows_and_quit_with_q() {
    let pane = Pane::start("two", "tictactoe");
    let text = pane.wait_for("X to move");
    // The cursor starts on the top-left cell.
    assert_eq!(rows(&text)[0], "│[ ]│   │   │", "{text}");

    // X top left, O centre, X top right, O bottom centre… X wins down the right column.
    pane.keys(&["Enter"]); // X at 0
    pane.wait_for("O to move");
    pane.keys(&["Down", "Right", "Enter"]); // O at 4
    pane.keys(&["Up", "Right", "Right", "Enter"]); // X at 2 (the cursor stops at the edge)
    pane.keys(&["Down", "Down", "Left", "Space"]); // O at 7
    pane.keys(&["Up", "Right", "Enter"]); // X at 5
    pane.keys(&["Left", "Left", "Enter"]); // O at 3
    pane.keys(&["Down", "Right", "Right", "Enter"]); // X at 8: column 2, 5, 8
    let text = pane.wait_for("X wins");
    assert_eq!(
        rows(&text),
        ["│ X │   │ X │", "│ O │ O │ X │", "│   │ O │[X]│"],
        "{text}"
    );
    // A finished game takes no more marks.
    pane.keys(&["Left", "Left", "Enter"]);
    pane.wait_for("│[ ]│ O │ X │");
    assert!(pane.text().contains("X wins"));

    // n starts again; q leaves with status 0 and the terminal back in canonical mode.
    pane.keys(&["n"]);
    let text = pane.wait_for("X to move");
    assert_eq!(rows(&text)[0], "│[ ]│   │   │", "{text}");
    pane.quits_with("q");
}

#[test]
fn the_computer_answers_a_corner_in_the_centre_and_ctrl_c_restores_the_terminal() {
    let pane = Pane::start("computer", "tictactoe --computer o");
    pane.wait_for("X to move (you)");
    // X in a corner: perfect play answers in the centre.
    pane.keys(&["Enter"]);
    let text = pane.wait_for("│ O │");
    assert_eq!(rows(&text)[1], "│   │ O │   │", "{text}");
    pane.quits_with("C-c");
}

/// The tmux name of the arrow key for `direction`.
fn arrow(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "Up",
        Direction::Down => "Down",
        Direction::Left => "Left",
        Direction::Right => "Right",
    }
}

/// Opens `save` (a game one move from its end), plays `keys`, and checks the pane then says
/// `ending` and that q leaves the terminal as it was.
fn ends_in_the_terminal(name: &str, save: &str, keys: &[&str], ending: &str) {
    let pane = Pane::start(name, &format!("--load {save}"));
    pane.wait_for("Q quit");
    pane.keys(keys);
    pane.wait_for(ending);
    let text = pane.quits_with("q");
    // The last position stays on the normal screen.
    assert!(text.contains(ending), "{text}");
}

/// A game of `G` from `start`, played by `next` until it ends: its save one move before the end,
/// and that last move.
fn one_from_the_end<G: Rules>(
    start: G::Start,
    mut next: impl FnMut(&G, usize) -> G::Move,
) -> (String, G::Move) {
    let mut replay = Replay::<G>::new(start);
    let mut n = 0;
    while !replay.game().status().is_ended() {
        let mv = next(replay.game(), n);
        let _ = replay.attempt(mv);
        n += 1;
        assert!(n < 100_000, "the game never ended");
    }
    let last = *replay.moves().last().unwrap();
    replay.undo();
    (replay.save(), last)
}

#[test]
fn threes_and_2048_end_on_an_arrow_key() {
    let cycle = [
        Direction::Left,
        Direction::Up,
        Direction::Right,
        Direction::Down,
    ];
    let (save, last) = one_from_the_end::<ThreesGame>(11, |_, n| cycle[n % 4]);
    ends_in_the_terminal(
        "threes",
        &save,
        &[arrow(last)],
        "No more moves. Final score",
    );
    let (save, last) = one_from_the_end::<Game2048>(11, |_, n| cycle[n % 4]);
    ends_in_the_terminal("2048", &save, &[arrow(last)], "Game over. Final score ");
}

#[test]
fn fifteen_is_solved_on_an_arrow_key() {
    let start = Fifteen::from_link("size=3/seed=5").unwrap();
    let solution = Replay::<Fifteen>::new(start.clone()).game().plan(0.0).moves;
    let (save, last) = one_from_the_end::<Fifteen>(start, |_, n| solution[n]);
    let ending = format!(
        "Solved: every tile is in place. {} moves, 0:",
        solution.len()
    );
    ends_in_the_terminal("fifteen", &save, &[arrow(last.direction)], &ending);
}

#[test]
fn minesweeper_is_cleared_with_the_cursor_and_enter() {
    // The first dig in the middle; then every safe square but the last by the rules' layout.
    let mut replay = Replay::<Minesweeper>::new(Minesweeper::from_link("9x9x10/seed=3").unwrap());
    let dig = |game: &Minesweeper, cell| game.on_square(0, cell).unwrap();
    replay.attempt(dig(replay.game(), 40)).unwrap();
    let layout = replay.game().layout().unwrap().clone();
    let covered = |replay: &Replay<Minesweeper>| -> Vec<usize> {
        (0..81)
            .filter(|&c| !layout.is_mine(c) && Rules::cells(replay.game())[c] > 8)
            .collect()
    };
    while covered(&replay).len() > 1 {
        let cell = covered(&replay)[0];
        replay.attempt(dig(replay.game(), cell)).unwrap();
    }
    let last = covered(&replay)[0];
    let mut keys = vec!["Right"; last % 9];
    keys.extend(vec!["Down"; last / 9]);
    keys.push("Enter");
    ends_in_the_terminal(
        "mines",
        &replay.save(),
        &keys,
        "Cleared: every safe square is open. Time ",
    );
}

#[test]
fn the_save_key_prints_a_save_the_page_and_the_terminal_load() {
    let pane = Pane::start("save", "threes --seed 7");
    pane.wait_for("Q quit");
    pane.keys(&["Left", "Up", "c"]);
    let text = pane.wait_for("press a key to go back");
    let save = text
        .lines()
        .find(|line| line.starts_with("threes.1.7."))
        .unwrap_or_else(|| panic!("no save printed:\n{text}"));
    let replay = Replay::<ThreesGame>::load(save).unwrap();
    assert_eq!(replay.moves().len(), 2, "{save}");
    assert!(text.contains(&format!("#threes/replay={save}")), "{text}");
    // Any key goes back to the game, where it was.
    pane.keys(&["x"]);
    pane.wait_for("Score ");
    pane.quits_with("q");

    // A save the page wrote (its recorded fixtures), opened where it was.
    let fixtures = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/saves/format-1/mines.txt"
    );
    let page_save = std::fs::read_to_string(fixtures)
        .unwrap()
        .lines()
        .find_map(|line| {
            line.strip_prefix("save = ")
                .filter(|s| !s.ends_with(".0."))
                .map(String::from)
        })
        .unwrap();
    let pane = Pane::start(
        "page-save",
        &format!("mines --load '#mines/replay={page_save}'"),
    );
    let text = pane.wait_for("Q quit");
    let replay = Replay::<Minesweeper>::load(&page_save).unwrap();
    let open = Rules::cells(replay.game())
        .iter()
        .filter(|&&c| c <= 8)
        .count();
    assert!(open > 0);
    let shown: usize = text
        .lines()
        .skip(2)
        .take(9)
        .map(|line| {
            line.split(['[', ']', ' '])
                .filter(|w| !w.is_empty() && *w != ".")
                .count()
        })
        .sum();
    let numbers = Rules::cells(replay.game())
        .iter()
        .filter(|&&c| (1..=8).contains(&c))
        .count();
    assert_eq!(shown, numbers, "{text}");
}

#[test]
fn colours_unless_no_color_and_a_small_terminal_is_told_so() {
    let capture = |pane: &Pane| {
        let output = pane.tmux(&["capture-pane", "-p", "-e"]).output().unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let pane = Pane::sized("colour", "env -u NO_COLOR", "threes --seed 7", (80, 24));
    pane.wait_for("Q quit");
    assert!(capture(&pane).contains("\u{1b}["), "no colour in the pane");
    let pane = Pane::sized("plain", "NO_COLOR=1", "threes --seed 7", (80, 24));
    let text = pane.wait_for("Q quit");
    assert!(
        !capture(&pane).contains("\u{1b}["),
        "colour despite NO_COLOR"
    );
    // Without colour the cards are still told apart: by their numbers.
    assert!(text.contains("Next"), "{text}");
    let pane = Pane::sized("small", "", "mines --preset expert", (40, 12));
    pane.wait_for("The terminal is 40×12");
    pane.quits_with("q");
}

#[test]
fn every_bad_command_line_says_what_is_wrong_and_exits_2() {
    for (args, says) in [
        (&["threes", "--computer", "x"][..], "Threes is played alone"),
        (&["sudoku"], "no game called “sudoku”"),
        (
            &["mines", "--preset", "huge"],
            "no preset “huge” (presets: beginner, intermediate, expert)",
        ),
        (
            &["fifteen", "--link", "size=4", "--seed", "3"],
            "--link names the whole deal",
        ),
        (
            &["fifteen", "--link", "size=7"],
            "the size must be 3, 4 or 5",
        ),
        (
            &["2048", "--seed", "minus"],
            "the seed must be a whole number",
        ),
        (&["--load", "not-a-save"], "not a Gridplay save"),
        (
            &["threes", "--load", "2048.1.7.0."],
            "a game of 2048, not of threes",
        ),
        (&["threes", "--speed"], "no option --speed"),
        (
            &["mines", "--link", "http://localhost:8000/#2048/seed=1"],
            "that link is to a game of 2048, not of mines",
        ),
        (&["tictactoe", "--computer", "z"], "--computer takes x or o"),
        (&[], "name a game: threes, 2048, fifteen, tictactoe, mines"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_gridplay-term"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        let first = message.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("gridplay-term: ") && first.contains(says),
            "{args:?}: {message}"
        );
        assert!(message.contains("usage: gridplay-term"), "{message}");
    }
}

#[test]
fn quitting_keeps_the_game_and_the_next_start_takes_it_up_until_new() {
    let state = state_home("resume");
    let env = format!("XDG_STATE_HOME={}", state.display());
    let pane = Pane::sized("resume1", &env, "fifteen --preset 3 --seed 4", (80, 24));
    pane.wait_for("Moves 0");
    pane.keys(&["Left", "Up", "Right", "Down"]);
    let played = rows(&pane.wait_for("Q quit"));
    // At the question, Esc is its no, not a way out.
    pane.keys(&["n"]);
    pane.wait_for("Start a new game?");
    pane.keys(&["Escape"]);
    pane.wait_for("Kept playing.");
    let text = pane.quits_with("q");
    assert!(text.contains("The game is kept: `gridplay-term "), "{text}");
    drop(pane);

    let pane = Pane::sized("resume2", &env, "fifteen", (80, 24));
    let text = pane.wait_for("Q quit");
    assert_eq!(rows(&text), played, "the same game, where it was:\n{text}");
    assert!(!text.contains("Moves 0"), "{text}");
    pane.quits_with("Escape");
    drop(pane);

    let pane = Pane::sized("resume3", &env, "fifteen --new", (80, 24));
    pane.wait_for("Moves 0");
    pane.quits_with("q");
}

#[test]
fn a_signal_restores_the_terminal_and_keeps_the_game() {
    let state = state_home("signal");
    let env = format!("XDG_STATE_HOME={}", state.display());
    let pane = Pane::sized("signal1", &env, "fifteen --preset 3 --seed 5", (80, 24));
    pane.wait_for("Moves 0");
    pane.keys(&["Left", "Up", "Right", "Down"]);
    let played = rows(&pane.wait_for("Q quit"));
    let shell = pane
        .tmux(&["list-panes", "-F", "#{pane_pid}"])
        .output()
        .unwrap();
    let shell = String::from_utf8_lossy(&shell.stdout).trim().to_string();
    let status = Command::new("pkill")
        .args(["-TERM", "-P", &shell])
        .status()
        .unwrap();
    assert!(status.success(), "no gridplay-term under the pane's shell");
    let text = pane.exited();
    // Stopped as by the signal (128 + 15), the terminal back as it was, the game kept.
    assert!(text.contains("EXIT=143"), "{text}");
    assert!(
        text.lines().any(|l| l == "icanon"),
        "terminal not restored:\n{text}"
    );
    assert!(text.contains("The game is kept: `gridplay-term "), "{text}");
    drop(pane);
    let pane = Pane::sized("signal2", &env, "fifteen", (80, 24));
    assert_eq!(rows(&pane.wait_for("Q quit")), played);
    pane.quits_with("q");
}

#[test]
fn a_60_by_20_terminal_plays_and_a_smaller_one_plays_nothing_unseen() {
    // The words fold and the keys' help gives way: the board is what needs the room.
    for (game, title) in [
        ("tictactoe", "Tic-tac-toe"),
        ("threes", "Threes"),
        ("2048", "2048"),
        ("fifteen", "Fifteen"),
        ("mines", "Minesweeper"),
    ] {
        let pane = Pane::sized(&format!("sixty-{game}"), "", game, (60, 20));
        let text = pane.wait_for(title);
        assert!(!text.contains("The terminal is"), "{game}:\n{text}");
        pane.quits_with("q");
    }
    let pane = Pane::sized("sixty-play", "", "tictactoe", (60, 20));
    pane.wait_for("X to move");
    pane.keys(&["Enter"]);
    pane.wait_for("O to move");
    pane.quits_with("q");

    // Too small to show the board: keys play nothing until it is shown again.
    let pane = Pane::sized("tiny", "", "fifteen --preset 3 --seed 2", (12, 6));
    pane.wait_for("The terminal");
    pane.keys(&["Left", "Up", "Right", "Down"]);
    pane.tmux(&["resize-window", "-x", "80", "-y", "24"])
        .status()
        .unwrap();
    let text = pane.wait_for("Q quit");
    assert!(text.contains("Moves 0"), "moves made unseen:\n{text}");
    pane.quits_with("q");

    // A board wider than the terminal is not printed broken on the way out.
    let pane = Pane::sized("wide", "", "mines --preset expert", (40, 12));
    pane.wait_for("The terminal is 40×12");
    let text = pane.quits_with("q");
    assert!(!text.contains("Minesweeper"), "{text}");
}

#[test]
fn a_dumb_terminal_gets_plain_lines_and_no_screen_codes() {
    let state = state_home("dumb");
    let typescript = state.with_extension("typescript");
    let binary = env!("CARGO_BIN_EXE_gridplay-term");
    let pane = Pane::running(
        "dumb",
        &format!(
            "script -q -e -c 'TERM=dumb XDG_STATE_HOME={} {binary} fifteen --preset 3 --seed 6' {}",
            state.display(),
            typescript.display()
        ),
        (80, 24),
    );
    pane.wait_for("Q quit");
    pane.keys(&["Left"]);
    pane.quits_with("q");
    let written = std::fs::read_to_string(&typescript).unwrap();
    assert!(
        !written.contains('\u{1b}'),
        "screen codes on a dumb terminal:\n{written:?}"
    );
    // A screen at the start, one after the key, and the last position on the way out.
    assert!(written.matches("Fifteen").count() >= 3, "{written}");
}

#[test]
fn help_into_a_closed_pipe_and_no_terminal_at_all_are_no_crash() {
    let binary = env!("CARGO_BIN_EXE_gridplay-term");
    let status = Command::new("bash")
        .args([
            "-c",
            &format!("set -o pipefail; {binary} --help | head -c 1 >/dev/null"),
        ])
        .status()
        .unwrap();
    assert!(status.success(), "--help into a closed pipe: {status}");

    let output = Command::new(binary)
        .arg("2048")
        .env("XDG_STATE_HOME", state_home("none"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("a game is played in a terminal, and this one has none"),
        "{message}"
    );
}

#[test]
fn a_full_share_link_opens_its_deal() {
    let pane = Pane::start(
        "link",
        "fifteen --link 'http://localhost:8000/#fifteen/size=3/seed=4'",
    );
    let text = pane.wait_for("Q quit");
    let other = Pane::start("seed", "fifteen --preset 3 --seed 4");
    assert_eq!(rows(&text), rows(&other.wait_for("Q quit")));
    pane.quits_with("q");
    other.quits_with("q");
}

#[test]
fn a_hangup_restores_the_terminal_and_keeps_the_game() {
    let state = state_home("hangup");
    let env = format!("XDG_STATE_HOME={}", state.display());
    let pane = Pane::sized("hangup1", &env, "fifteen --preset 3 --seed 5", (80, 24));
    pane.wait_for("Moves 0");
    pane.keys(&["Left", "Up", "Right", "Down"]);
    let played = rows(&pane.wait_for("Q quit"));
    let status = Command::new("kill")
        .args(["-HUP", &pane.program().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let text = pane.exited();
    // Stopped as by the signal (128 + 1), the terminal back as it was, the game kept.
    assert!(text.contains("EXIT=129"), "{text}");
    assert!(
        text.lines().any(|l| l == "icanon"),
        "terminal not restored:\n{text}"
    );
    assert!(text.contains("The game is kept: `gridplay-term "), "{text}");
    drop(pane);
    let pane = Pane::sized("hangup2", &env, "fifteen", (80, 24));
    assert_eq!(rows(&pane.wait_for("Q quit")), played);
    pane.quits_with("q");
}

#[test]
fn a_terminal_closed_ends_the_program_with_the_game_kept() {
    let state = state_home("closed");
    let env = format!("XDG_STATE_HOME={}", state.display());
    let pane = Pane::sized("closed1", &env, "fifteen --preset 3 --seed 5", (80, 24));
    pane.wait_for("Moves 0");
    pane.keys(&["Left", "Up", "Right", "Down"]);
    let played = rows(&pane.wait_for("Q quit"));
    let program = pane.program();
    // Should it outlive its terminal (the test failing), it is ended all the same.
    let _stray = Stray(program);
    // The terminal itself goes (its window shut): the shell in it passes no SIGHUP on, and
    // the program's terminal is gone under it.
    let status = pane.tmux(&["kill-server"]).status().unwrap();
    assert!(status.success());
    wait_until("the program ends with its terminal", || ended(program));
    drop(pane);
    let pane = Pane::sized("closed2", &env, "fifteen", (80, 24));
    assert_eq!(rows(&pane.wait_for("Q quit")), played);
    pane.quits_with("q");
}

#[test]
fn a_kept_game_that_cannot_be_read_is_set_aside_said_and_a_new_one_dealt() {
    let state = state_home("aside");
    let dir = state.join("gridplay");
    std::fs::create_dir_all(&dir).unwrap();
    let env = format!("XDG_STATE_HOME={}", state.display());
    let game = dir.join("threes.game");
    // Not text, a newer program's game, a save the engine refuses: each set aside by a name
    // of its own, none lost to the next.
    let unreadable: [&[u8]; 3] = [
        b"\xff\xfe garbage",
        b"gridplay-term game 2\nsave threes.2.7.0.\nown yes\n",
        b"gridplay-term game 1\nsave threes.1.7.0.!!\nown yes\n",
    ];
    for (i, bytes) in unreadable.iter().enumerate() {
        std::fs::write(&game, bytes).unwrap();
        let pane = Pane::sized(&format!("aside{i}"), &env, "threes", (80, 24));
        let said = words(&pane.wait_for("Q quit"));
        assert!(
            said.contains("The kept game could not be taken up:")
                && said.contains("It is set aside as")
                && said.contains("and a new game has started."),
            "{said}"
        );
        pane.quits_with("q");
        // The new game is kept in its place.
        let kept = std::fs::read_to_string(&game).unwrap();
        assert!(
            kept.starts_with("gridplay-term game 1\nsave threes.1."),
            "{kept}"
        );
    }
    for (i, bytes) in unreadable.iter().enumerate() {
        let name = match i {
            0 => "threes.game.unreadable".to_string(),
            n => format!("threes.game.unreadable-{}", n + 1),
        };
        assert_eq!(&std::fs::read(dir.join(&name)).unwrap(), bytes, "{name}");
    }
}

#[test]
fn a_game_open_in_another_gridplay_term_is_played_here_unkept() {
    let state = state_home("twice");
    let env = format!("XDG_STATE_HOME={}", state.display());
    let game = state.join("gridplay").join("fifteen.game");
    let first = Pane::sized("twice1", &env, "fifteen --preset 3 --seed 4", (80, 24));
    first.wait_for("Moves 0");
    first.keys(&["Left", "Up", "Right", "Down"]);
    let played = rows(&first.wait_for("Q quit"));
    let kept = std::fs::read_to_string(&game).unwrap();
    let holder = first.program();

    // The second says whose the game is, shows it as kept, and plays it without keeping.
    let second = Pane::sized("twice2", &env, "fifteen", (80, 24));
    let text = second.wait_for("Q quit");
    assert!(
        words(&text).contains(&format!(
            "This game is open in another gridplay-term (pid {holder})"
        )),
        "{text}"
    );
    assert_eq!(rows(&text), played);
    second.keys(&["Left", "Up", "Right", "Down", "Left", "Up"]);
    let text = second.quits_with("q");
    assert!(
        words(&text).contains("The game is not kept: it is open in another gridplay-term"),
        "{text}"
    );
    assert_ne!(rows(&text), played, "the second played moves of its own");
    assert_eq!(std::fs::read_to_string(&game).unwrap(), kept);

    // The first keeps on keeping.
    first.keys(&["Left", "Up", "Right", "Down"]);
    wait_until("the first keeps its moves", || {
        std::fs::read_to_string(&game).unwrap() != kept
    });
    let played = rows(&first.wait_for("Q quit"));

    // Killed where it stands, it holds the game no more.
    let status = Command::new("kill")
        .args(["-KILL", &holder.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    wait_until("the first ends", || ended(holder));
    let third = Pane::sized("twice3", &env, "fifteen", (80, 24));
    let text = third.wait_for("Q quit");
    assert!(!text.contains("open in another"), "{text}");
    assert_eq!(rows(&text), played);
    let text = third.quits_with("q");
    assert!(text.contains("The game is kept: `gridplay-term "), "{text}");
}

#[test]
fn what_a_write_stopped_halfway_left_is_cleared_at_the_next_start() {
    let state = state_home("leftover");
    let dir = state.join("gridplay");
    std::fs::create_dir_all(&dir).unwrap();
    let ended = a_pid_ended();
    let left = [
        dir.join(format!("threes.new-{ended}")),
        dir.join(format!("bests.new-{ended}")),
    ];
    for file in &left {
        std::fs::write(file, "gridplay-term game 1\nsave threes.1.7.").unwrap();
    }
    let pane = Pane::sized(
        "leftover",
        &format!("XDG_STATE_HOME={}", state.display()),
        "threes",
        (80, 24),
    );
    pane.wait_for("Q quit");
    for file in &left {
        assert!(!file.exists(), "{} is still there", file.display());
    }
    pane.quits_with("q");
}
