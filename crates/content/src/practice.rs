//! What practice mode needs of every card in one file (`cards/practice.json`): the level
//! path shows each card's depth tab for a target level, and the red-flag quiz mixes the
//! cards' red flags with what their depth tabs say a candidate should be able to say.

use serde::{Deserialize, Serialize};

use crate::card::{Card, DepthTabs, Level};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PracticeCard {
    pub slug: String,
    /// Plain text.
    pub question: String,
    pub level: Level,
    /// The 20-second answer (HTML).
    pub basics: String,
    /// What each level adds (HTML).
    pub depth: DepthTabs,
    /// Each an HTML fragment.
    pub red_flags: Vec<String>,
    /// The failover drills that draw on the card (left out of the file when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drills: Vec<DrillLink>,
}

/// A failover drill, as a card's practice links it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DrillLink {
    /// Its page: `/drills/<id>`.
    pub page: String,
    pub title: String,
}

/// Every card in the tree's reading order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PracticeDeck {
    pub cards: Vec<PracticeCard>,
}

impl PracticeDeck {
    /// `cards` in reading order, as the exporter renders them.
    pub fn from_cards(cards: &[Card]) -> Self {
        PracticeDeck {
            cards: cards
                .iter()
                .map(|card| PracticeCard {
                    slug: card.slug.clone(),
                    question: card.question.clone(),
                    level: card.level,
                    basics: card.basics.clone(),
                    depth: card.depth.clone(),
                    red_flags: card.red_flags.clone(),
                    drills: Vec::new(),
                })
                .collect(),
        }
    }

    pub fn find(&self, slug: &str) -> Option<&PracticeCard> {
        self.cards.iter().find(|card| card.slug == slug)
    }
}
