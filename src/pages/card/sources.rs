//! "Sources": where a copier row's product claims were checked (a card page's list is the same,
//! written as markup at build time: `hoplab_content::page`). The entries
//! are plain text from the project's own files, shown escaped; links leave the site, so
//! they carry `rel="external noopener"`.

use hoplab_content::Source;
use leptos::prelude::*;

/// The list of sources, each a link with its kind and the claim it backs.
#[component]
pub fn SourceList(sources: Vec<Source>) -> impl IntoView {
    view! {
        <ul class="source-list">
            {sources
                .into_iter()
                .map(|source| {
                    view! {
                        <li class="source">
                            <a class="source__link" href=source.url rel="external noopener">
                                {source.title}
                            </a>
                            " "
                            <span class="source__kind">{source.kind.label()}</span>
                            <p class="source__supports">{source.supports}</p>
                            {(!source.quote.is_empty()).then(|| view! {
                                <p class="source__quote">"It says: " <q>{source.quote.clone()}</q></p>
                            })}
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}
