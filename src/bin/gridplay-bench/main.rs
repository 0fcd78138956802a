//! Engine figures that are measured, not tested: `gridplay-bench SUBCOMMAND [OPTIONS]`.
//!
//!     gridplay-bench fifteen --size 4 --deals 200 --seed 1
//!     gridplay-bench mines --width 30 --height 16 --mines 99 --boards 200 --seed 1
//!     gridplay-bench kernel --boards 1000000
//!     gridplay-bench search --budget-ms 10 --positions 100
//!     gridplay-bench agree --budget-ms 100 --reference-ms 1000 --positions 200
//!     gridplay-bench ai threes --games 100 --budget-ms 10 --threads 2 --out threes-10ms.tsv
//!     gridplay-bench ai-report threes-10ms.tsv 2048-10ms.tsv
//!     gridplay-bench tune 2048 --games 200 --depth 2 --rounds 20 --progress tune-2048.log
//!     gridplay-bench replay tests/fixtures/replay_2048_15000.txt
//!     gridplay-bench judge --out target/judge-games
//!
//! Run it with `cargo run --release --bin gridplay-bench -- …`; debug builds are far slower.

mod ai;
mod judge;
mod tune;

use gridplay::fifteen::solver;
use gridplay::fifteen::Fifteen;
use gridplay::minesweeper::{generate, solver::Solver, Config};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: gridplay-bench fifteen [--size 3|4|5] [--deals N] [--seed S]
       gridplay-bench mines [--width W] [--height H] [--mines M] [--boards N] [--seed S]
                            [--x X] [--y Y]
       gridplay-bench kernel [--boards N]
       gridplay-bench search [--budget-ms B] [--positions N]
       gridplay-bench agree [--budget-ms B] [--reference-ms R] [--positions N] [--every K]
       gridplay-bench ai threes|2048 [--games N] [--budget-ms B] [--first SEED] [--threads T]
                                     [--out FILE] [--label L]
       gridplay-bench ai-report FILE...
       gridplay-bench tune threes|2048 [--games N] [--depth D] [--rounds R] [--threads T]
                                       [--step S] [--progress FILE] [--from P1,P2,...]
                                       [--verify-games N]
       gridplay-bench replay FILE
       gridplay-bench judge --out DIR [--fixture FILE]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("fifteen") => fifteen(&args[1..]),
        Some("mines") => mines(&args[1..]),
        Some("kernel") => ai::kernel(&args[1..]),
        Some("search") => ai::search(&args[1..]),
        Some("agree") => ai::agree(&args[1..]),
        Some("ai") => ai::strength(&args[1..]),
        Some("ai-report") => ai::report(&args[1..]),
        Some("tune") => tune::tune(&args[1..]),
        Some("replay") => replay(&args[1..]),
        Some("judge") => judge::judge(&args[1..]),
        Some(other) => Err(format!("unknown subcommand {other:?}")),
        None => Err("no subcommand".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("gridplay-bench: {message}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}

/// `replay FILE`: how long a 2048 save (FILE holds one) takes to load, and to give the game at a
/// step (300 steps picked at random, seed 1), natively; scripts/bench-replay.mjs measures the
/// same on the page's wasm.
fn replay(args: &[String]) -> Result<(), String> {
    use gridplay::game2048::Game2048;
    use gridplay::replay::Replay;
    let [file] = args else {
        return Err("replay takes one file".to_string());
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mut loads = Vec::new();
    let mut replay = None;
    for _ in 0..7 {
        let start = Instant::now();
        let loaded: Replay<Game2048> = Replay::load(text.trim()).map_err(|e| e.to_string())?;
        loads.push(ms(start.elapsed()));
        replay = Some(loaded);
    }
    let replay = replay.expect("seven loads");
    let steps = replay.moves().len();
    let mut rng = gridplay::rng::Rng::from_seed(1);
    let mut at = Vec::new();
    for _ in 0..300 {
        let step = rng.index(steps + 1);
        let start = Instant::now();
        let game = replay.at(step).expect("a step of the game");
        at.push(ms(start.elapsed()));
        std::hint::black_box(game);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let most = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    println!(
        "native, 2048, {steps} moves: load median {:.2} ms (max {:.2}); a step, 300 at random: median {:.3} ms, max {:.3} ms",
        median(&mut loads),
        most(&loads),
        median(&mut at),
        most(&at)
    );
    Ok(())
}

/// `--name value` pairs, each name among `known`.
fn options(args: &[String], known: &[&str]) -> Result<Vec<(String, String)>, String> {
    let mut pairs = Vec::new();
    let mut rest = args.iter();
    while let Some(name) = rest.next() {
        let key = name
            .strip_prefix("--")
            .filter(|k| known.contains(k))
            .ok_or_else(|| format!("unknown option {name:?}"))?;
        let value = rest.next().ok_or_else(|| format!("{name} needs a value"))?;
        pairs.push((key.to_string(), value.clone()));
    }
    Ok(pairs)
}

fn number<T: std::str::FromStr>(name: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("--{name}: not a number: {value:?}"))
}

/// Solves the game's own deals of seeds `--seed`, `--seed`+1, … (the deals the page deals, and
/// those scripts/bench-fifteen.mjs solves in wasm) and reports time, nodes and length.
fn fifteen(args: &[String]) -> Result<(), String> {
    let (mut size, mut deals, mut seed) = (4usize, 100usize, 1u32);
    for (key, value) in options(args, &["size", "deals", "seed"])? {
        match key.as_str() {
            "size" => size = number(&key, &value)?,
            "deals" => deals = number(&key, &value)?,
            _ => seed = number(&key, &value)?,
        }
    }
    if !(3..=5).contains(&size) {
        return Err(format!("--size {size}: the solver takes 3, 4 or 5"));
    }

    let started = Instant::now();
    solver::prepare(size);
    println!(
        "fifteen {size}x{size}: tables built in {:.3} s, {:.1} MB",
        started.elapsed().as_secs_f64(),
        solver::table_bytes(size) as f64 / 1e6
    );

    let mut times = Vec::with_capacity(deals);
    let mut nodes = Vec::with_capacity(deals);
    let mut lengths = Vec::with_capacity(deals);
    let progress_every = (deals / 10).max(1);
    for deal in 1..=deals {
        let tiles = Fifteen::deal(size, seed.wrapping_add(deal as u32 - 1))
            .tiles()
            .to_vec();
        let started = Instant::now();
        let report = solver::solve_report(&tiles);
        let took = started.elapsed();
        if !reaches_goal(&tiles, &report.moves, size) {
            return Err(format!(
                "deal {deal} {tiles:?}: the solution does not solve it"
            ));
        }
        times.push(took);
        nodes.push(report.nodes);
        lengths.push(report.moves.len());
        if deal % progress_every == 0 || deal == deals {
            println!(
                "  {deal:>5}/{deals}  last {:>8.2} ms, {:>10} nodes, {:>3} moves; slowest so far {:.2} ms",
                ms(took),
                report.nodes,
                report.moves.len(),
                ms(*times.iter().max().unwrap_or(&took))
            );
        }
    }

    if times.is_empty() {
        return Ok(());
    }
    times.sort();
    let mut sorted_nodes = nodes.clone();
    sorted_nodes.sort();
    let count = times.len().max(1);
    let pct = |p: usize| times[((times.len() * p).div_ceil(100)).clamp(1, count) - 1];
    let mean_time = times.iter().sum::<Duration>() / count as u32;
    println!("deals       {}", times.len());
    println!("time   median {:>9.2} ms", ms(pct(50)));
    println!("       mean   {:>9.2} ms", ms(mean_time));
    println!("       p90    {:>9.2} ms", ms(pct(90)));
    println!("       p99    {:>9.2} ms", ms(pct(99)));
    println!(
        "       max    {:>9.2} ms",
        ms(times.last().copied().unwrap_or_default())
    );
    println!(
        "nodes  median {:>9}",
        sorted_nodes
            .get(sorted_nodes.len().saturating_sub(1) / 2)
            .unwrap_or(&0)
    );
    println!(
        "       mean   {:>9.0}",
        nodes.iter().sum::<u64>() as f64 / count as f64
    );
    println!(
        "moves  mean   {:>9.2}  (min {}, max {})",
        lengths.iter().sum::<usize>() as f64 / count as f64,
        lengths.iter().min().unwrap_or(&0),
        lengths.iter().max().unwrap_or(&0)
    );
    Ok(())
}

/// Generates the no-guess boards of seeds `--seed`, `--seed`+1, … with the first reveal in
/// the middle (as scripts/bench-mines.mjs does in wasm) or at (`--x`, `--y`), checks that a
/// solve from scratch agrees with the generator on whether each is cleared, and reports
/// generation time and solver runs. A first reveal at a corner or an edge opens less, which
/// makes small dense boards far harder.
fn mines(args: &[String]) -> Result<(), String> {
    let (mut width, mut height, mut mines, mut boards, mut seed) = (30, 16, 99, 200usize, 1u32);
    let (mut x, mut y) = (None, None);
    let known = ["width", "height", "mines", "boards", "seed", "x", "y"];
    for (key, value) in options(args, &known)? {
        match key.as_str() {
            "width" => width = number(&key, &value)?,
            "height" => height = number(&key, &value)?,
            "mines" => mines = number(&key, &value)?,
            "boards" => boards = number(&key, &value)?,
            "x" => x = Some(number(&key, &value)?),
            "y" => y = Some(number(&key, &value)?),
            _ => seed = number(&key, &value)?,
        }
    }
    let mut times = Vec::with_capacity(boards);
    let mut attempts = Vec::with_capacity(boards);
    let mut placements = 0;
    let mut dead_ends = 0;
    let mut unsolved = 0;
    for board in 0..boards {
        let config = Config::new(width, height, mines, seed.wrapping_add(board as u32), true)
            .map_err(|e| e.to_string())?;
        let first = config
            .grid()
            .cell(x.unwrap_or(width / 2), y.unwrap_or(height / 2))
            .ok_or("--x, --y: off the board")?;
        let started = Instant::now();
        let generated = generate::no_guess(&config, first);
        times.push(started.elapsed());
        let mut check = Solver::new(config.grid(), mines);
        check.open(first, &generated.layout);
        if generated.solved != check.run(&generated.layout) {
            return Err(format!("seed {}: the solver disagrees", config.seed()));
        }
        unsolved += usize::from(!generated.solved);
        attempts.push(generated.attempts);
        placements += generated.placements;
        dead_ends += generated.dead_ends;
    }
    if times.is_empty() {
        return Ok(());
    }
    times.sort();
    attempts.sort();
    let at = |p: usize| ((times.len() * p).div_ceil(100)).clamp(1, times.len()) - 1;
    let dug = match (x, y) {
        (None, None) => "in the middle".to_string(),
        _ => format!(
            "at ({}, {})",
            x.unwrap_or(width / 2),
            y.unwrap_or(height / 2)
        ),
    };
    println!("mines {width}x{height}/{mines}, {boards} no-guess boards, first reveal {dug}");
    for (name, p) in [("median", 50), ("p90", 90), ("p99", 99), ("max", 100)] {
        println!(
            "  {name:<6} {:>8.2} ms  {:>6} solver runs",
            ms(times[at(p)]),
            attempts[at(p)]
        );
    }
    println!(
        "  mean   {:>8.2} ms  {:>9.1} solver runs, {:.2} fresh placements",
        ms(times.iter().sum::<Duration>() / times.len() as u32),
        attempts.iter().map(|&a| f64::from(a)).sum::<f64>() / boards as f64,
        f64::from(placements) / boards as f64
    );
    if dead_ends > 0 {
        println!(
            "  {dead_ends} placements dropped at a dead end (perturbing went round in circles)"
        );
    }
    if unsolved > 0 {
        println!("  {unsolved} boards gave up within the work limit and need a guess");
    }
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Replays `moves` on `tiles`, each a tile next to the blank, and checks the goal is reached.
fn reaches_goal(tiles: &[u8], moves: &[u8], size: usize) -> bool {
    let mut board = tiles.to_vec();
    for &tile in moves {
        let (Some(at), Some(blank)) = (
            board.iter().position(|&t| t == tile),
            board.iter().position(|&t| t == 0),
        ) else {
            return false;
        };
        let adjacent =
            (at / size == blank / size && at.abs_diff(blank) == 1) || at.abs_diff(blank) == size;
        if tile == 0 || !adjacent {
            return false;
        }
        board.swap(at, blank);
    }
    board
        .iter()
        .enumerate()
        .all(|(c, &t)| usize::from(t) == (c + 1) % board.len())
}
