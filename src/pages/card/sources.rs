//! "Sources": where a card's (or a copier row's) product claims were checked. The entries
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
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}

/// The card page's section. Cards that name no product may have none; then it says so.
#[component]
pub fn CardSources(sources: Vec<Source>) -> impl IntoView {
    let empty = sources.is_empty();
    view! {
        <section class="card__sources" aria-labelledby="sources-heading">
            <h2 id="sources-heading">"Sources"</h2>
            <p class="hint">
                "Product behaviour on this card was checked against these: the products' own documentation, source code and issue threads."
            </p>
            {empty.then(|| view! { <p>"This card makes no product claims."</p> })}
            {(!empty).then(|| view! { <SourceList sources /> })}
        </section>
    }
}
