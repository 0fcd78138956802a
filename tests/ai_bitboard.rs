//! The AI's bitboard moves agree with the games' own moves (`grid::Board::shift` over Threes'
//! fold and 2048's slide) on 1.2 million random positions each (300 000 boards × 4 directions).

use gridplay::ai::bitboard::{self, agrees_with_grid, MoveTables, Ranks};
use gridplay::game2048::Tiles2048;
use gridplay::grid::{Cells, SIZE};
use gridplay::rng::Rng;
use gridplay::threes::Threes;
use gridplay::Direction;
use gridplay::{game2048::ai as game2048, threes::ai as threes};

/// Boards of random ranks up to `top`; every other board draws from only the lowest few ranks,
/// so that equal neighbours (merges) and 1–2 pairs are common, not rare.
fn random_cells<T: Ranks>(rng: &mut Rng, top: u32, n: usize) -> Cells {
    let limit = if n % 2 == 0 { top + 1 } else { 5 };
    let mut cells = [[0; SIZE]; SIZE];
    for v in cells.iter_mut().flatten() {
        *v = T::value(rng.below(limit) as u8);
    }
    cells
}

fn check<T: Ranks>(tables: &MoveTables, top: u32, boards: usize, seed: u32) {
    let mut rng = Rng::from_seed(seed);
    for n in 0..boards {
        let cells = random_cells::<T>(&mut rng, top, n);
        for direction in Direction::ALL {
            assert!(
                agrees_with_grid::<T>(tables, &cells, direction),
                "{direction:?} on {cells:?}"
            );
        }
    }
}

#[test]
fn threes_bitboard_moves_are_the_fold() {
    check::<Threes>(threes::tables(), 14, 300_000, 1);
}

#[test]
fn game2048_bitboard_moves_are_the_slide() {
    check::<Tiles2048>(game2048::tables(), 15, 300_000, 2);
}

#[test]
fn ranks_round_trip_every_tile() {
    for v in [0, 1, 2, 3, 6, 12, 384, 6144] {
        let cells = [[v; SIZE]; SIZE];
        let board = bitboard::from_cells::<Threes>(&cells).expect("a Threes tile has a rank");
        assert_eq!(bitboard::to_cells::<Threes>(board), cells);
    }
    for v in [0, 2, 4, 2048, 32768] {
        let cells = [[v; SIZE]; SIZE];
        let board = bitboard::from_cells::<Tiles2048>(&cells).expect("a 2048 tile has a rank");
        assert_eq!(bitboard::to_cells::<Tiles2048>(board), cells);
    }
    assert_eq!(
        bitboard::from_cells::<Tiles2048>(&[[65536; SIZE]; SIZE]),
        None
    );
}

#[test]
fn transpose_swaps_rows_and_columns() {
    let board: u64 = 0xFEDC_BA98_7654_3210;
    let t = bitboard::transpose(board);
    for r in 0..SIZE {
        for c in 0..SIZE {
            assert_eq!(
                bitboard::rank_at(t, 4 * c + r),
                bitboard::rank_at(board, 4 * r + c)
            );
        }
    }
    assert_eq!(bitboard::transpose(t), board);
}

#[test]
fn empty_cells_are_counted() {
    assert_eq!(bitboard::count_empty(0), 16);
    assert_eq!(bitboard::count_empty(0x1000_0000_0000_0001), 14);
    assert_eq!(bitboard::count_empty(0x1111_1111_1111_1111), 0);
}
