//! Board moves per second and full random games per second (docs/benchmarks.md, *Engine speed*).
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gridplay::rng::Rng;
use gridplay::threes::{Board, ThreesGame};
use gridplay::{Direction, Game, SlidingGame};
use std::hint::black_box;

fn board_moves(c: &mut Criterion) {
    let mut board = Board::new();
    board
        .set_cells([[1, 2, 3, 0], [3, 0, 6, 6], [0, 12, 2, 1], [2, 0, 3, 3]])
        .unwrap();
    let mut group = c.benchmark_group("threes");
    group.throughput(Throughput::Elements(4));
    group.bench_function("board move (4 directions)", |b| {
        b.iter(|| {
            for d in Direction::ALL {
                let mut copy = board;
                black_box(copy.shift(black_box(d)));
            }
        })
    });
    group.finish();
}

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("threes");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u32;
    group.bench_function("random game to game over", |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            let mut game = ThreesGame::deal(seed);
            let mut player = Rng::from_seed(!seed);
            while !game.is_over() {
                game.play(Direction::ALL[player.index(4)]);
            }
            black_box(game.score())
        })
    });
    group.finish();
}

criterion_group!(benches, board_moves, random_games);
criterion_main!(benches);
