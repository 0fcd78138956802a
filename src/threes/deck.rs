//! The deck basic tiles come from: twelve cards, four each of 1, 2 and 3, drawn without
//! replacement and reshuffled when empty. It is why Threes never floods a board with 1s.

use crate::rng::Rng;

const FULL_DECK: [u32; 12] = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3];

/// The cards still to come before the next shuffle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    /// The cards still to come; the next one is last.
    cards: Vec<u32>,
}

impl Deck {
    /// An empty deck: the first draw shuffles a full one.
    pub fn new() -> Deck {
        Deck::default()
    }

    /// The next card; an empty deck is first refilled and shuffled.
    pub fn draw(&mut self, rng: &mut Rng) -> u32 {
        if self.cards.is_empty() {
            self.cards.extend_from_slice(&FULL_DECK);
            rng.shuffle(&mut self.cards);
        }
        // Just refilled if it was empty, so there is a card.
        self.cards.pop().unwrap_or(3)
    }

    /// How many 1s, 2s and 3s are still to come: what a player who counts cards knows, and
    /// all the AI is told of the deck.
    pub fn counts(&self) -> [u8; 3] {
        let mut counts = [0; 3];
        for &card in &self.cards {
            counts[card as usize - 1] += 1;
        }
        counts
    }

    /// How many cards are left before the next shuffle.
    pub fn remaining(&self) -> usize {
        self.cards.len()
    }
}
