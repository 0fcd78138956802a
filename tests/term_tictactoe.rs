//! The terminal front end, for real: `gridplay-term tictactoe` runs in a tmux pane (a
//! pseudo-terminal), gets arrow keys and Enter as a player types them, and the pane's text is
//! what the player would see. Also that every way out leaves the terminal as it was.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server of the test's own (its own socket), with one 80×24 pane running `command`
/// and then, once it exits, its status and whether the terminal is back in canonical mode.
struct Pane {
    socket: String,
}

impl Pane {
    fn start(name: &str, args: &str) -> Pane {
        let socket = format!("gridplay-{name}-{}", std::process::id());
        let binary = env!("CARGO_BIN_EXE_gridplay-term");
        let script = format!(
            "{binary} {args}; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'; sleep 60"
        );
        let pane = Pane { socket };
        let status = pane
            .tmux(&["new-session", "-d", "-x", "80", "-y", "24", &script])
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

impl Drop for Pane {
    fn drop(&mut self) {
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
    pane.keys(&["q"]);
    let text = pane.wait_for("EXIT=");
    assert!(text.contains("EXIT=0"), "{text}");
    assert!(
        text.lines().any(|l| l == "icanon"),
        "terminal not restored:\n{text}"
    );
}

#[test]
fn the_computer_answers_a_corner_in_the_centre_and_ctrl_c_restores_the_terminal() {
    let pane = Pane::start("computer", "tictactoe --computer o");
    pane.wait_for("X to move (you)");
    // X in a corner: perfect play answers in the centre.
    pane.keys(&["Enter"]);
    let text = pane.wait_for("│ O │");
    assert_eq!(rows(&text)[1], "│   │ O │   │", "{text}");
    pane.keys(&["C-c"]);
    let text = pane.wait_for("EXIT=");
    assert!(text.contains("EXIT=0"), "{text}");
    assert!(
        text.lines().any(|l| l == "icanon"),
        "terminal not restored:\n{text}"
    );
}

#[test]
fn a_wrong_command_line_says_how_to_use_it() {
    let output = Command::new(env!("CARGO_BIN_EXE_gridplay-term"))
        .args(["tictactoe", "--computer", "z"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("--computer takes x or o"), "{message}");
    assert!(message.contains("usage: gridplay-term"), "{message}");
}
