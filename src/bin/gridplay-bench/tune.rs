//! `tune threes|2048`: the parameter search that found the evaluation weights the AI ships
//! (`PARAMS` in src/threes/ai.rs and src/game2048/ai.rs).
//!
//! Coordinate search with common random numbers: each round deals a fresh set of seeds, plays
//! them with the current parameters and with each parameter nudged up and down by the step
//! (depth-capped searches, so that a round is many whole games in seconds), and keeps a change
//! only if its mean over those same deals beats the current parameters'. When a whole pass over
//! the parameters keeps nothing, the step halves. Playing whole games is the only honest
//! measure of an evaluation; the shared deals remove the luck of the deal from each comparison.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use gridplay::ai::{Choice, Limits};
use gridplay::game2048::Game2048;
use gridplay::grid::SlidingGame;
use gridplay::replay::Game;
use gridplay::threes::ThreesGame;
use gridplay::Direction;

use super::{number, options};

/// What a game of the tuner is worth: the log of its score, so that one lucky long game does
/// not outweigh many steady ones (the AI is judged by how often it reaches each tile).
fn fitness(score: u64) -> f64 {
    ((score + 1) as f64).ln()
}

pub fn tune(args: &[String]) -> Result<(), String> {
    let game = args.first().cloned().unwrap_or_default();
    let (mut games, mut depth, mut rounds, mut threads, mut step) =
        (200usize, 1u32, 40usize, 2usize, 0.25f64);
    let (mut progress, mut from, mut verify_games) = (None, None, 100usize);
    for (key, value) in options(
        args.get(1..).unwrap_or(&[]),
        &[
            "games",
            "depth",
            "rounds",
            "threads",
            "step",
            "progress",
            "from",
            "verify-games",
        ],
    )? {
        match key.as_str() {
            "from" => {
                let params: Result<Vec<f64>, _> = value.split(',').map(str::parse).collect();
                from = Some(params.map_err(|_| format!("--from: not numbers: {value:?}"))?);
            }
            "verify-games" => verify_games = number(&key, &value)?,
            "games" => games = number(&key, &value)?,
            "depth" => depth = number(&key, &value)?,
            "rounds" => rounds = number(&key, &value)?,
            "threads" => threads = number::<usize>(&key, &value)?.max(1),
            "step" => step = number(&key, &value)?,
            _ => progress = Some(value),
        }
    }
    let settings = Settings {
        games,
        depth,
        rounds,
        threads,
        step,
        progress,
        from,
        verify_games,
    };
    match game.as_str() {
        "threes" => run(
            &settings,
            gridplay::threes::ai::PARAM_NAMES,
            gridplay::threes::ai::PARAMS,
            ThreesGame::deal,
            gridplay::threes::ai::search,
        ),
        "2048" => run(
            &settings,
            gridplay::game2048::ai::PARAM_NAMES,
            gridplay::game2048::ai::PARAMS,
            Game2048::deal,
            gridplay::game2048::ai::search,
        ),
        other => Err(format!("tune: the AI plays threes or 2048, not {other:?}")),
    }
}

struct Settings {
    games: usize,
    depth: u32,
    rounds: usize,
    threads: usize,
    step: f64,
    progress: Option<String>,
    /// Where the search starts, instead of the shipped PARAMS (to continue an earlier run).
    from: Option<Vec<f64>>,
    /// Deals for the final check, one depth deeper than the tuning games.
    verify_games: usize,
}

type Search<G> = fn(&G, Limits, &[f64]) -> Choice;

fn run<G>(
    settings: &Settings,
    names: &[&str],
    start: &[f64],
    deal: fn(u32) -> G,
    search: Search<G>,
) -> Result<(), String>
where
    G: Game<Move = Direction> + SlidingGame + Send,
{
    let mut log = match &settings.progress {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?),
        None => None,
    };
    let mut say = |line: String| {
        eprintln!("{line}");
        if let Some(f) = log.as_mut() {
            let _ = writeln!(f, "{line}");
            let _ = f.flush();
        }
    };
    let mut current = settings.from.clone().unwrap_or_else(|| start.to_vec());
    if current.len() != names.len() {
        return Err(format!(
            "--from: {} numbers, the evaluation has {}",
            current.len(),
            names.len()
        ));
    }
    let mut step = settings.step;
    let mut first_seed = 1_000_000u32;
    let limits = Limits {
        budget_ms: f64::INFINITY,
        max_depth: Some(settings.depth),
    };
    say(format!(
        "tune {}: {} games a candidate, depth {}, step {step}",
        G::TAG,
        settings.games,
        settings.depth
    ));
    for round in 0..settings.rounds {
        let seeds: Vec<u32> = (0..settings.games as u32).map(|i| first_seed + i).collect();
        first_seed += settings.games as u32;
        let mut base = mean(&fitnesses(
            &seeds,
            &current,
            limits,
            settings.threads,
            deal,
            search,
        ));
        let mut kept = 0;
        for i in 0..current.len() {
            for sign in [1.0, -1.0] {
                let mut candidate = current.clone();
                // A multiplicative step, so that weights of any scale move alike; a zero weight
                // moves by the step itself.
                candidate[i] = if current[i] == 0.0 {
                    sign * step
                } else {
                    current[i] * (1.0 + sign * step)
                };
                let value = mean(&fitnesses(
                    &seeds,
                    &candidate,
                    limits,
                    settings.threads,
                    deal,
                    search,
                ));
                if value > base {
                    say(format!(
                        "round {round}: {} {:.4} -> {:.4}: {:.4} over {:.4}",
                        names[i], current[i], candidate[i], value, base
                    ));
                    current = candidate;
                    base = value;
                    kept += 1;
                    break;
                }
            }
        }
        say(format!(
            "round {round} done: mean log score {base:.4}, {kept} changes, step {step}; params {current:?}"
        ));
        if kept == 0 {
            step /= 2.0;
        }
    }
    // The check that counts: deals the search never saw, one depth deeper than it tuned at,
    // the shipped parameters against the found ones.
    let seeds: Vec<u32> = (0..settings.verify_games as u32)
        .map(|i| 2_000_000 + i)
        .collect();
    let deeper = Limits {
        max_depth: Some(settings.depth + 1),
        ..limits
    };
    let shipped = fitnesses(&seeds, start, deeper, settings.threads, deal, search);
    let found = fitnesses(&seeds, &current, deeper, settings.threads, deal, search);
    // Paired on the same deals: the spread of the differences, not of the scores, says how
    // sure the comparison is.
    let differences: Vec<f64> = found.iter().zip(&shipped).map(|(f, s)| f - s).collect();
    let n = differences.len().max(1) as f64;
    let change = mean(&differences);
    let variance = differences
        .iter()
        .map(|d| (d - change).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    say(format!(
        "check on {} new deals at depth {}: mean log score {:.4} shipped, {:.4} found; \
         found − shipped {change:+.4} (standard error {:.4})",
        seeds.len(),
        settings.depth + 1,
        mean(&shipped),
        mean(&found),
        (variance / n).sqrt()
    ));
    println!("pub const PARAMS: &[f64] = &{current:?};");
    Ok(())
}

/// The mean of `values` (0 for none).
fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

/// The fitness of each deal of `seeds` (in that order), played to the end with `params`.
fn fitnesses<G>(
    seeds: &[u32],
    params: &[f64],
    limits: Limits,
    threads: usize,
    deal: fn(u32) -> G,
    search: Search<G>,
) -> Vec<f64>
where
    G: Game<Move = Direction> + SlidingGame,
{
    let next = AtomicUsize::new(0);
    let each = Mutex::new(vec![0.0; seeds.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&seed) = seeds.get(i) else { break };
                let mut game = deal(seed);
                while let Some(d) = search(&game, limits, params).direction {
                    if game.play(d).is_none() {
                        break;
                    }
                }
                each.lock().unwrap_or_else(|e| e.into_inner())[i] = fitness(game.score());
            });
        }
    });
    each.into_inner().unwrap_or_else(|e| e.into_inner())
}
