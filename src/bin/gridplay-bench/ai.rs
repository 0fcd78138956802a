//! The AI's figures: the move kernel (bitboard against the games' own `Board`), and strength
//! over many whole games played with the code the page runs (`Player::best_move`).

use std::fs::OpenOptions;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use gridplay::ai::{measure, Player};
use gridplay::game2048::Game2048;
use gridplay::grid::SlidingGame;
use gridplay::replay::Game;
use gridplay::threes::ThreesGame;
use gridplay::Direction;

use super::{number, options};

/// The tiles whose share of games the strength table reports.
const THREES_MILESTONES: [u32; 5] = [384, 768, 1536, 3072, 6144];
const MILESTONES_2048: [u32; 5] = [2048, 4096, 8192, 16384, 32768];

/// `kernel [--boards N]`: moves a second, natively, of the bitboard tables and of the games'
/// own `Board::shift`, on the same positions, every direction.
pub fn kernel(args: &[String]) -> Result<(), String> {
    let mut boards = 1_000_000usize;
    for (_, value) in options(args, &["boards"])? {
        boards = number("boards", &value)?;
    }
    println!("move kernel, natively, {boards} positions of random play × 4 directions");
    let rates = [
        (
            "threes",
            measure::kernel(gridplay::threes::ai::tables(), boards, ThreesGame::deal),
        ),
        (
            "2048",
            measure::kernel(gridplay::game2048::ai::tables(), boards, Game2048::deal),
        ),
    ];
    for (name, rate) in rates {
        println!(
            "  {name:<6} bitboard {:>6.1} M moves/s   Board {:>5.1} M moves/s   ({:.1}×)  [{:x}]",
            rate.bitboard / 1e6,
            rate.board / 1e6,
            rate.bitboard / rate.board,
            rate.checksum & 0xFFF
        );
    }
    Ok(())
}

/// `search [--budget-ms B] [--positions N]`: states a second and depth reached by
/// `best_move` natively, on mid-game positions of each game.
pub fn search(args: &[String]) -> Result<(), String> {
    let (mut budget_ms, mut positions) = (10.0, 100usize);
    for (key, value) in options(args, &["budget-ms", "positions"])? {
        match key.as_str() {
            "budget-ms" => budget_ms = number(&key, &value)?,
            _ => positions = number(&key, &value)?,
        }
    }
    println!("search, natively, {budget_ms} ms a move, {positions} positions");
    let rates = [
        (
            "threes",
            measure::search(ThreesGame::deal, budget_ms, positions),
        ),
        (
            "2048",
            measure::search(Game2048::deal, budget_ms, positions),
        ),
    ];
    for (name, rate) in rates {
        println!(
            "  {name:<6} {:>6.2} M states/s, depth {:.1} on average, longest call {:.1} ms",
            rate.states_per_s / 1e6,
            rate.mean_depth,
            rate.longest_ms
        );
    }
    Ok(())
}

/// `agree [--budget-ms B] [--reference-ms R] [--positions N] [--every K]`: how often
/// `best_move(B)` picks the move `best_move(R)` picks, on positions of the AI's own games (one
/// every K moves). A cheap check of a change to the search before whole strength runs: a
/// search that uses its time better agrees more with a longer one.
pub fn agree(args: &[String]) -> Result<(), String> {
    let (mut budget_ms, mut reference_ms, mut positions, mut every) = (10.0, 100.0, 200, 50);
    for (key, value) in options(args, &["budget-ms", "reference-ms", "positions", "every"])? {
        match key.as_str() {
            "budget-ms" => budget_ms = number(&key, &value)?,
            "reference-ms" => reference_ms = number(&key, &value)?,
            "positions" => positions = number(&key, &value)?,
            _ => every = number(&key, &value)?,
        }
    }
    println!(
        "agreement of {budget_ms} ms with {reference_ms} ms, natively, {positions} positions \
         (one every {every} moves of the AI's games)"
    );
    agree_on(
        "threes",
        &measure::played_positions(ThreesGame::deal, positions, every),
        budget_ms,
        reference_ms,
    );
    agree_on(
        "2048",
        &measure::played_positions(Game2048::deal, positions, every),
        budget_ms,
        reference_ms,
    );
    Ok(())
}

fn agree_on<G: Player>(name: &str, positions: &[G], budget_ms: f64, reference_ms: f64) {
    let (mut agreed, mut used_ms, mut longest_ms, mut depth) = (0usize, 0.0, 0.0_f64, 0u64);
    for game in positions {
        let reference = game.best_move(reference_ms).direction;
        let started = Instant::now();
        let choice = game.best_move(budget_ms);
        let took = started.elapsed().as_secs_f64() * 1e3;
        used_ms += took;
        longest_ms = longest_ms.max(took);
        depth += u64::from(choice.depth);
        agreed += usize::from(choice.direction == reference);
    }
    let n = positions.len().max(1) as f64;
    println!(
        "  {name:<6} agreed {:>5.1} % ({agreed}/{}), {:.1} ms used on average (longest {:.1}), \
         depth {:.2} finished on average",
        100.0 * agreed as f64 / n,
        positions.len(),
        used_ms / n,
        longest_ms,
        depth as f64 / n
    );
}

/// One finished game of a strength run: a line of its results file.
struct Record {
    game: String,
    budget_ms: f64,
    label: String,
    seed: u32,
    score: u64,
    highest: u32,
    moves: usize,
    mean_depth: f64,
    think_s: f64,
}

impl Record {
    const HEADER: &'static str =
        "# game\tbudget_ms\tlabel\tseed\tscore\thighest\tmoves\tmean_depth\tthink_s";

    fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.2}\t{:.1}",
            self.game,
            self.budget_ms,
            self.label,
            self.seed,
            self.score,
            self.highest,
            self.moves,
            self.mean_depth,
            self.think_s
        )
    }

    fn parse(line: &str) -> Option<Record> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 9 || line.starts_with('#') {
            return None;
        }
        Some(Record {
            game: f[0].to_string(),
            budget_ms: f[1].parse().ok()?,
            label: f[2].to_string(),
            seed: f[3].parse().ok()?,
            score: f[4].parse().ok()?,
            highest: f[5].parse().ok()?,
            moves: f[6].parse().ok()?,
            mean_depth: f[7].parse().ok()?,
            think_s: f[8].parse().ok()?,
        })
    }
}

/// `ai threes|2048 [--games N] [--budget-ms B] [--first SEED] [--threads T] [--out FILE]
/// [--label L]`: plays the deals of seeds FIRST… to the end, one game per thread at a time,
/// each move chosen by `best_move` within the budget. Each finished game is appended to FILE
/// at once, so a run too long for one sitting is split into parts (`--first`) whose files
/// `ai-report` merges.
pub fn strength(args: &[String]) -> Result<(), String> {
    let game = args.first().cloned().unwrap_or_default();
    let (mut games, mut budget_ms, mut first, mut threads) = (100usize, 10.0f64, 1u32, 2usize);
    let (mut out, mut label) = (None, "-".to_string());
    for (key, value) in options(
        args.get(1..).unwrap_or(&[]),
        &["games", "budget-ms", "first", "threads", "out", "label"],
    )? {
        match key.as_str() {
            "games" => games = number(&key, &value)?,
            "budget-ms" => budget_ms = number(&key, &value)?,
            "first" => first = number(&key, &value)?,
            "threads" => threads = number::<usize>(&key, &value)?.max(1),
            "out" => out = Some(value),
            _ => label = value,
        }
    }
    let records = match game.as_str() {
        "threes" => run(
            games,
            first,
            threads,
            budget_ms,
            &label,
            out.as_deref(),
            ThreesGame::deal,
        )?,
        "2048" => run(
            games,
            first,
            threads,
            budget_ms,
            &label,
            out.as_deref(),
            Game2048::deal,
        )?,
        other => return Err(format!("ai: the AI plays threes or 2048, not {other:?}")),
    };
    print_table(&records);
    Ok(())
}

/// `ai-report FILE…`: the strength table of the games in result files, grouped by game,
/// budget and label.
pub fn report(files: &[String]) -> Result<(), String> {
    let mut records = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        records.extend(text.lines().filter_map(Record::parse));
    }
    print_table(&records);
    Ok(())
}

fn run<G>(
    games: usize,
    first: u32,
    threads: usize,
    budget_ms: f64,
    label: &str,
    out: Option<&str>,
    deal: fn(u32) -> G,
) -> Result<Vec<Record>, String>
where
    G: Player + Game<Move = Direction> + SlidingGame,
{
    let file = match out {
        Some(path) => {
            let mut f = OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("{path}: {e}"))?;
            writeln!(f, "{}", Record::HEADER).map_err(|e| e.to_string())?;
            Some(f)
        }
        None => None,
    };
    let name = G::TAG;
    eprintln!(
        "ai {name}: {games} games from seed {first}, {budget_ms} ms a move, {threads} threads"
    );
    let next = AtomicUsize::new(0);
    // The finished games and the results file, behind one lock: a line is written whole.
    let done = Mutex::new((Vec::new(), file));
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let seed = first.wrapping_add(i as u32);
                let record = play_one(deal(seed), seed, budget_ms, label);
                let mut guard = done.lock().unwrap_or_else(|e| e.into_inner());
                let (done, file) = &mut *guard;
                if let Some(f) = file.as_mut() {
                    let _ = writeln!(f, "{}", record.line());
                    let _ = f.flush();
                }
                done.push(record);
                let last = done.last().map_or(0, |r| r.highest);
                eprintln!(
                    "ai {name} {budget_ms} ms: {}/{games} games, {:.0} s; seed {seed}: highest {last}, {} moves",
                    done.len(),
                    started.elapsed().as_secs_f64(),
                    done.last().map_or(0, |r| r.moves),
                );
            });
        }
    });
    let (mut records, _) = done.into_inner().unwrap_or_else(|e| e.into_inner());
    records.sort_by_key(|r| r.seed);
    Ok(records)
}

fn play_one<G>(mut game: G, seed: u32, budget_ms: f64, label: &str) -> Record
where
    G: Player + Game<Move = Direction> + SlidingGame,
{
    let started = Instant::now();
    let (mut moves, mut depths) = (0usize, 0u64);
    while let Some(direction) = {
        let choice = game.best_move(budget_ms);
        depths += u64::from(choice.depth);
        choice.direction
    } {
        // best_move only answers legal moves; an illegal one would loop forever, so stop.
        if game.play(direction).is_none() {
            eprintln!("seed {seed}: best_move answered an illegal {direction:?}");
            break;
        }
        moves += 1;
    }
    Record {
        game: G::TAG.to_string(),
        budget_ms,
        label: label.to_string(),
        seed,
        score: game.score(),
        highest: game.board().highest(),
        moves,
        mean_depth: depths as f64 / (moves + 1) as f64,
        think_s: started.elapsed().as_secs_f64(),
    }
}

fn print_table(records: &[Record]) {
    let mut groups: Vec<(String, f64, String)> = Vec::new();
    for r in records {
        let key = (r.game.clone(), r.budget_ms, r.label.clone());
        if !groups.contains(&key) {
            groups.push(key);
        }
    }
    for (game, budget_ms, label) in groups {
        let rs: Vec<&Record> = records
            .iter()
            .filter(|r| r.game == game && r.budget_ms == budget_ms && r.label == label)
            .collect();
        let milestones = if game == "threes" {
            THREES_MILESTONES
        } else {
            MILESTONES_2048
        };
        let n = rs.len() as f64;
        let mean = |f: fn(&Record) -> f64| rs.iter().map(|r| f(r)).sum::<f64>() / n;
        let shares: Vec<String> = milestones
            .iter()
            .map(|&m| {
                let reached = rs.iter().filter(|r| r.highest >= m).count() as f64;
                format!("{m}: {:.0} %", 100.0 * reached / n)
            })
            .collect();
        println!(
            "{game} at {budget_ms} ms a move ({label}), {} games: mean score {:.0}, {}; \
             {:.0} moves and depth {:.1} on average, {:.1} ms a move",
            rs.len(),
            mean(|r| r.score as f64),
            shares.join(", "),
            mean(|r| r.moves as f64),
            mean(|r| r.mean_depth),
            1000.0 * mean(|r| r.think_s) / mean(|r| r.moves as f64).max(1.0),
        );
    }
}
