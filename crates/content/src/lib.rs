//! The question cards of the Cross-Cluster Continuity tree.
//!
//! `card` and `copiers` hold the types the site reads (exported JSON, HTML already rendered).
//! With the `authoring` feature: `source` reads the Markdown files under `content/`,
//! `validate` checks them (`products` names the products a card may mention), `render`
//! turns them into those types, `page` writes each card's page parts as finished HTML and
//! `copiers_page` the copier comparison's.

pub mod card;
pub mod copiers;
#[cfg(feature = "authoring")]
pub mod copiers_page;
pub mod course;
#[cfg(feature = "authoring")]
pub mod course_source;
#[cfg(feature = "authoring")]
pub mod evidence;
#[cfg(feature = "authoring")]
pub mod page;
pub mod practice;
#[cfg(feature = "authoring")]
pub mod products;
#[cfg(feature = "authoring")]
pub mod render;
#[cfg(feature = "authoring")]
pub mod source;
#[cfg(feature = "authoring")]
pub mod validate;

pub use card::{Card, CardIndex, CardSummary, Importance, Level, RenderedCard, Source, SourceKind};
pub use copiers::{Carry, CopierRow, CopierTable, RealRun, Verdict};
pub use practice::{PracticeCard, PracticeDeck};
