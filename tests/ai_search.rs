//! The expectimax players: on random reachable positions of 2048 and Threes they
//! answer a legal move, and `None` exactly when the game is over; they leave the game as it
//! was; they keep (loosely) to their budget; and the Threes player decides from what a player
//! sees, never from the game's random source or a bonus tile's hidden value.
//!
//! `cargo test` runs unoptimised, so the searches here are capped at depth 1–2. The speed and
//! strength figures are `#[ignore]`d: `cargo test --release --test ai_search -- --ignored
//! --nocapture` prints them.

use gridplay::ai::{Choice, Limits, Player};
use gridplay::game2048::{Board2048, Game2048};
use gridplay::grid::{Cells, SlidingGame};
use gridplay::rng::Rng;
use gridplay::threes::{Board, ThreesGame};
use gridplay::{game2048::ai as game2048, threes::ai as threes};
use gridplay::{Direction, Game};

/// No deadline to speak of: the depth cap alone decides, so results do not depend on speed.
fn depth(max_depth: u32) -> Limits {
    Limits {
        budget_ms: 1e9,
        max_depth: Some(max_depth),
    }
}

fn legal_moves<G: Game<Move = Direction>>(game: &G) -> Vec<Direction> {
    Direction::ALL
        .into_iter()
        .filter(|&d| game.clone().play(d).is_some())
        .collect()
}

/// Positions along random games from seeded deals, every `every` moves, and each game's end.
fn random_positions<G: Game<Move = Direction, Start = u32>>(games: u32, every: usize) -> Vec<G> {
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut game = G::start(&seed);
        let mut rng = Rng::from_seed(1000 + seed);
        for n in 0.. {
            if n % every == 0 {
                positions.push(game.clone());
            }
            let legal = legal_moves(&game);
            if legal.is_empty() {
                positions.push(game.clone());
                break;
            }
            game.play(legal[rng.index(legal.len())]);
        }
    }
    positions
}

fn check_answers<G>(positions: &[G], choose: impl Fn(&G) -> Choice)
where
    G: Game<Move = Direction> + PartialEq + std::fmt::Debug,
{
    let mut over = 0;
    for game in positions {
        let before = game.clone();
        let choice = choose(game);
        assert_eq!(game, &before, "the search changed the game");
        let legal = legal_moves(game);
        match choice.direction {
            Some(d) => assert!(legal.contains(&d), "{d:?} is not legal in {game:?}"),
            None => {
                assert!(legal.is_empty(), "no move chosen but {legal:?} are legal");
                over += 1;
            }
        }
        assert!(choice.depth >= 1);
    }
    assert!(over > 0, "some positions were game over");
}

#[test]
fn the_2048_player_answers_a_legal_move_or_none_when_the_game_is_over() {
    let positions = random_positions::<Game2048>(12, 7);
    check_answers(&positions, |g| g.best_move(0.0));
    check_answers(&positions, |g| {
        game2048::search(g, depth(2), game2048::PARAMS)
    });
}

#[test]
fn the_threes_player_answers_a_legal_move_or_none_when_the_game_is_over() {
    let positions = random_positions::<ThreesGame>(12, 5);
    check_answers(&positions, |g| g.best_move(0.0));
    check_answers(&positions, |g| threes::search(g, depth(2), threes::PARAMS));
}

#[test]
fn best_move_is_search_with_the_shipped_parameters() {
    // Same position, same limits, same parameters: the same move after the same work.
    let game = random_positions::<Game2048>(1, 10)[2].clone();
    let a = game2048::search(&game, depth(2), game2048::PARAMS);
    let b = game2048::search(&game, depth(2), game2048::PARAMS);
    assert_eq!(a, b);
    assert_eq!(game2048::PARAM_NAMES.len(), game2048::PARAMS.len());
    assert_eq!(threes::PARAM_NAMES.len(), threes::PARAMS.len());
}

#[test]
fn a_depth_cap_is_kept_and_reported() {
    let game = random_positions::<ThreesGame>(1, 10)[2].clone();
    assert_eq!(threes::search(&game, depth(1), threes::PARAMS).depth, 1);
    assert_eq!(threes::search(&game, depth(2), threes::PARAMS).depth, 2);
    let deeper = threes::search(&game, depth(2), threes::PARAMS);
    let shallow = threes::search(&game, depth(1), threes::PARAMS);
    assert!(deeper.states > shallow.states);
}

#[test]
fn other_parameters_are_accepted_and_can_change_the_move() {
    // A heuristic that only counts empty cells is still a player: its answers are legal.
    let positions = random_positions::<Game2048>(3, 9);
    let empty_only = [1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0];
    check_answers(&positions, |g| game2048::search(g, depth(1), &empty_only));
}

#[test]
fn a_2048_tile_beyond_the_bitboard_still_gets_a_legal_answer() {
    // 65 536 and 131 072 have no nibble; the search counts them as 32 768 and the answer is
    // checked against the game's own rules.
    let boards = [
        [
            [65536, 32768, 0, 0],
            [0, 0, 0, 0],
            [0, 0, 0, 0],
            [0, 0, 0, 2],
        ],
        [
            [131072, 65536, 32768, 16384],
            [2, 4, 8, 16],
            [4, 8, 16, 32],
            [8, 16, 32, 64],
        ],
        [
            [65536, 65536, 2, 4],
            [4, 2, 4, 2],
            [2, 4, 2, 4],
            [4, 2, 4, 2],
        ],
    ];
    let games: Vec<Game2048> = boards
        .iter()
        .map(|&cells| {
            let mut board = Board2048::new();
            board.set_cells(cells).unwrap();
            Game2048::from_board(board, 1)
        })
        .collect();
    for game in &games {
        let legal = legal_moves(game);
        let choice = game.best_move(0.0);
        match choice.direction {
            Some(d) => assert!(legal.contains(&d)),
            None => assert!(legal.is_empty()),
        }
        let deeper = game2048::search(game, depth(2), game2048::PARAMS);
        assert_eq!(deeper.direction.is_some(), !legal.is_empty());
    }
}

#[test]
fn a_spent_budget_stops_the_search_after_its_shallowest_depth() {
    // No clock read against a margin (a loaded machine would fail it): a budget of 0 is spent
    // before the search starts, so the deadline alone keeps it at depth 1, where the same
    // position with time to spare is searched deeper. A search that ignored its deadline
    // would go on.
    let game: Game2048 = midgame(30, |g| game2048::search(g, depth(1), game2048::PARAMS));
    assert_eq!(game.best_move(0.0).depth, 1);
    assert!(game2048::search(&game, depth(3), game2048::PARAMS).depth >= 3);
    let game: ThreesGame = midgame(20, |g| threes::search(g, depth(1), threes::PARAMS));
    assert_eq!(game.best_move(0.0).depth, 1);
    assert!(threes::search(&game, depth(3), threes::PARAMS).depth >= 3);
}

fn threes_board(cells: Cells) -> Board {
    let mut board = Board::new();
    board.set_cells(cells).unwrap();
    board
}

/// Games on `cells` whose next tile is shown alike (same preview, same deck counts) but whose
/// random sources, and for bonus tiles hidden values, differ.
fn lookalikes(cells: Cells, bonus: bool) -> Vec<(ThreesGame, ThreesGame)> {
    let games: Vec<ThreesGame> = (0..4000)
        .map(|seed| ThreesGame::from_board(threes_board(cells), seed))
        .filter(|g| g.next().is_bonus() == bonus)
        .collect();
    let mut pairs = Vec::new();
    for (i, a) in games.iter().enumerate() {
        let twin = games[i + 1..].iter().find(|b| {
            b.next().preview() == a.next().preview()
                && b.deck().counts() == a.deck().counts()
                && (!bonus || b.next().value != a.next().value)
        });
        if let Some(b) = twin {
            pairs.push((a.clone(), b.clone()));
        }
        if pairs.len() == 4 {
            break;
        }
    }
    pairs
}

#[test]
fn the_threes_player_sees_only_the_board_the_preview_and_the_deck_counts() {
    let quiet = [[1, 2, 3, 0], [6, 12, 0, 0], [3, 0, 0, 2], [0, 0, 1, 0]];
    // A 768 makes bonus tiles possible, with a preview of three candidates.
    let high = [[768, 48, 3, 0], [96, 12, 6, 0], [24, 3, 0, 2], [2, 1, 0, 0]];
    for (cells, bonus) in [(quiet, false), (high, false), (high, true)] {
        let pairs = lookalikes(cells, bonus);
        assert!(pairs.len() >= 2, "only {} look-alike pairs", pairs.len());
        for (a, b) in pairs {
            assert_ne!(a, b, "the pair differs in what the player cannot see");
            assert_eq!(
                threes::search(&a, depth(2), threes::PARAMS),
                threes::search(&b, depth(2), threes::PARAMS),
                "preview {:?}, hidden {} vs {}",
                a.next().preview(),
                a.next().value,
                b.next().value
            );
        }
    }
}

/// A mid-game position: `moves` moves of the shipped player at depth 2 from seed 7 (a depth,
/// not a budget, so that every run times the same position).
fn midgame<G: Game<Move = Direction, Start = u32>>(
    moves: usize,
    choose: impl Fn(&G) -> Choice,
) -> G {
    let mut game = G::start(&7);
    for _ in 0..moves {
        match choose(&game).direction {
            Some(d) => {
                game.play(d);
            }
            None => break,
        }
    }
    game
}

fn report_speed<G: Player>(name: &str, game: &G) {
    // The first call builds the thread's heuristic table and cache; time the later ones.
    game.best_move(0.0);
    for budget in [10.0, 100.0] {
        let start = std::time::Instant::now();
        let choice = game.best_move(budget);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        println!(
            "{name}: budget {budget} ms: depth {}, {} states in {ms:.1} ms ({:.2} M states/s)",
            choice.depth,
            choice.states,
            choice.states as f64 / ms / 1000.0
        );
    }
}

#[test]
#[ignore = "speed figures; run in release with --nocapture"]
fn speed() {
    // The first call on a thread builds the move tables, the heuristic's row table and the
    // cache: a one-off cost the budget of that call cannot cover.
    let start = std::time::Instant::now();
    game2048::tables();
    threes::tables();
    println!(
        "move tables: {:.1} ms",
        start.elapsed().as_secs_f64() * 1000.0
    );
    let start = std::time::Instant::now();
    Game2048::deal(1).best_move(0.0);
    let cold2048 = start.elapsed().as_secs_f64() * 1000.0;
    let start = std::time::Instant::now();
    ThreesGame::deal(1).best_move(0.0);
    let cold_threes = start.elapsed().as_secs_f64() * 1000.0;
    println!("first call: 2048 {cold2048:.1} ms, Threes {cold_threes:.1} ms");
    let g: Game2048 = midgame(300, |g| game2048::search(g, depth(2), game2048::PARAMS));
    println!("2048 mid-game, highest {}", g.board().highest());
    report_speed("2048", &g);
    let t: ThreesGame = midgame(150, |g| threes::search(g, depth(2), threes::PARAMS));
    println!("Threes mid-game, highest {}", t.board().highest());
    report_speed("Threes", &t);
}

fn play_out<G: Game<Move = Direction> + SlidingGame>(
    mut game: G,
    choose: impl Fn(&G) -> Choice,
) -> (u32, u64, usize) {
    let mut moves = 0;
    while let Some(d) = choose(&game).direction {
        game.play(d);
        moves += 1;
    }
    (game.board().highest(), game.score(), moves)
}

/// Parameters from the environment variable `name` (comma-separated), else `shipped`.
fn params_from_env(name: &str, shipped: &[f64]) -> Vec<f64> {
    std::env::var(name)
        .ok()
        .filter(|s| !s.is_empty())
        .map_or_else(
            || shipped.to_vec(),
            |s| s.split(',').map(|x| x.trim().parse().unwrap()).collect(),
        )
}

#[test]
#[ignore = "strength smoke check; run in release with --nocapture"]
fn strength() {
    let p2048 = params_from_env("AI_2048_PARAMS", game2048::PARAMS);
    let pthrees = params_from_env("AI_THREES_PARAMS", threes::PARAMS);
    let games: u32 = std::env::var("AI_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let max_depth: u32 = std::env::var("AI_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let only = std::env::var("AI_ONLY").unwrap_or_default();
    for seed in (0..games).filter(|_| only != "threes") {
        let start = std::time::Instant::now();
        let (highest, score, moves) = play_out(Game2048::deal(seed), |g| {
            game2048::search(g, depth(max_depth), &p2048)
        });
        println!(
            "2048 seed {seed} depth {max_depth}: highest {highest}, score {score}, {moves} moves, {:.1} s",
            start.elapsed().as_secs_f64()
        );
    }
    for seed in (0..games).filter(|_| only != "2048") {
        let start = std::time::Instant::now();
        let (highest, score, moves) = play_out(ThreesGame::deal(seed), |g| {
            threes::search(g, depth(max_depth), &pthrees)
        });
        println!(
            "Threes seed {seed} depth {max_depth}: highest {highest}, score {score}, {moves} moves, {:.1} s",
            start.elapsed().as_secs_f64()
        );
    }
}
