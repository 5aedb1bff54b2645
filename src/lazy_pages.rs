//! The pages that load on demand. Each page's view below is a split point: the release
//! build (`scripts/build-wasm.sh`) cuts its code, and whatever only it uses, into a wasm
//! chunk fetched the first time the page shows. The shell (header, home, designer, not
//! found) is all the first download holds, so `/` loads without the cards or the simulator.
//!
//! A chunk that fails to arrive (offline, a deploy mid-visit) shows a message with a retry
//! instead of stopping the app; the next visit to the page tries the download again.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use leptos_router::LazyRoute;

use crate::components::PageLoadFailed;
use crate::pages::{CardList, CardPage, LabIndex, LabPage};

/// Why a lazy page has nothing to show: its chunk did not load.
pub struct PageChunkMissing;

impl From<SplitLoaderError> for PageChunkMissing {
    fn from(_: SplitLoaderError) -> Self {
        PageChunkMissing
    }
}

/// Declares a route type whose page lives in its own chunk.
macro_rules! lazy_page {
    ($(#[$doc:meta])* $route:ident, $chunk:ident, $page:ident) => {
        $(#[$doc])*
        pub struct $route;

        impl LazyRoute for $route {
            fn data() -> Self {
                Self
            }

            async fn view(_this: Self) -> AnyView {
                #[leptos::wasm_split::wasm_split($chunk, wasm_split_path = ::leptos::wasm_split, fallible)]
                fn $chunk() -> Result<AnyView, PageChunkMissing> {
                    Ok(view! { <$page /> }.into_any())
                }
                match $chunk().await {
                    Ok(page) => page,
                    Err(PageChunkMissing) => view! { <PageLoadFailed /> }.into_any(),
                }
            }
        }
    };
}

lazy_page!(
    /// `/cards`: the card list, with its filters and full-text search.
    CardListRoute, card_list_chunk, CardList
);
lazy_page!(
    /// `/cards/:slug`: one question card.
    CardRoute, card_chunk, CardPage
);
lazy_page!(
    /// `/lab`: the scenario list.
    LabIndexRoute, lab_index_chunk, LabIndex
);
lazy_page!(
    /// `/lab/:scenario`: the simulator, with the copier model.
    LabRoute, lab_chunk, LabPage
);
