//! The element lists beside the canvas: every site, stream, writer, reader group and
//! companion, each editable by form, and a form to add each kind. Everything the canvas
//! does can be done here by keyboard alone.

use super::long_list::{rows_shown, ShowAll};
use hoplab_model::spec::ResumeRule;
use leptos::ev::SubmitEvent;
use leptos::html;
use leptos::prelude::*;

use super::fields::{
    add_then_say, chosen_site, chosen_stream, parse_num, remove_button, row_class, submit, text_of,
    typed_or_fresh, NameField, NumberField, SiteSelect, StreamSelect,
};
use super::hop_form::Hops;
use super::state::use_ctx;
use crate::designer::design::stream_ref;
use crate::designer::{Edit, Element, ElementRef};
use hoplab_model::spec::kit;

#[component]
pub fn Panel() -> impl IntoView {
    view! {
        <section class="designer-panel" aria-labelledby="dz-panel-title">
            <h2 id="dz-panel-title">"Elements"</h2>
            <div class="panel-grid">
                <Sites />
                <Streams />
                <Writers />
                <Readers />
                <Companions />
                <Hops />
            </div>
        </section>
    }
}

#[component]
fn Sites() -> impl IntoView {
    let ctx = use_ctx();
    let name = NodeRef::<html::Input>::new();
    let add = move |ev: SubmitEvent| {
        submit(ev);
        let n = typed_or_fresh(ctx, name, "site-", ElementRef::Site);
        add_then_say(
            ctx,
            name,
            Element::Site(kit::site(&n)),
            format!("Added site {n}."),
        );
    };
    let sites = Memo::new(move |_| {
        ctx.with_topology(|t| t.sites.iter().map(|s| s.name.clone()).collect::<Vec<_>>())
    });
    view! {
        <div class="panel-section">
            <h3>"Sites"</h3>
            <form class="add-form" on:submit=add>
                <label for="dz-new-site">"New site name"</label>
                <input id="dz-new-site" type="text" node_ref=name placeholder="e.g. east" />
                <button type="submit">"Add site"</button>
            </form>
            <ul class="panel-list">
                <For each=move || sites.get() key=|n| n.clone() let:n>
                    <li class=row_class(ctx, ElementRef::Site(n.clone()))>
                        <NameField element=ElementRef::Site(n.clone()) current=n.clone() label=format!("Name of site {n}") />
                        {remove_button(ctx, ElementRef::Site(n.clone()))}
                    </li>
                </For>
            </ul>
        </div>
    }
}

#[component]
fn Streams() -> impl IntoView {
    let ctx = use_ctx();
    let site = NodeRef::<html::Select>::new();
    let name = NodeRef::<html::Input>::new();
    let parts = NodeRef::<html::Input>::new();
    let add = move |ev: SubmitEvent| {
        submit(ev);
        let Some(s) = chosen_site(ctx, site) else {
            return ctx.error("Add a site first: a stream lives on one site.");
        };
        let mut n = text_of(name);
        if n.is_empty() {
            n = "orders".into();
        }
        let p = match parse_num::<u32>("parts", &text_of(parts)) {
            Ok(p) => p,
            Err(e) => return ctx.error(e),
        };
        let added = format!("Added stream {n} on {s}.");
        add_then_say(ctx, name, Element::Stream(kit::stream(&s, &n, p)), added);
    };
    let streams = Memo::new(move |_| {
        ctx.with_topology(|t| {
            t.streams
                .iter()
                .map(|s| (stream_ref(&s.site, &s.name), s.parts))
                .collect::<Vec<_>>()
        })
    });
    let all = RwSignal::new(false);
    view! {
        <div class="panel-section">
            <h3>"Streams"</h3>
            <form class="add-form" on:submit=add>
                <label for="dz-new-stream-site">"On site"</label>
                <SiteSelect id="dz-new-stream-site" node=site />
                <label for="dz-new-stream">"Stream name"</label>
                <input id="dz-new-stream" type="text" node_ref=name placeholder="orders" />
                <label for="dz-new-stream-parts">"Parts"</label>
                <input id="dz-new-stream-parts" type="number" min="1" max="256" value="2" node_ref=parts />
                <button type="submit">"Add stream"</button>
            </form>
            <ul class="panel-list" id="dz-stream-list">
                <For each=move || {
                    let keep = |(r, _): &(hoplab_model::spec::StreamRef, u32)| {
                        ctx.selected.with(|s| s.as_ref() == Some(&ElementRef::Stream(r.clone())))
                    };
                    rows_shown(streams.get(), all.get(), keep)
                } key=|(r, p)| (ElementRef::Stream(r.clone()).key(), *p) let:item>
                    {
                        let (r, p) = item;
                        let e = ElementRef::Stream(r.clone());
                        let (e_row, e_name) = (e.clone(), e.clone());
                        let site = r.site.clone();
                        let n = r.stream.clone();
                        view! {
                            <li class=row_class(ctx, e_row)>
                                <NameField element=e_name current=n.clone() label=format!("Name of stream {n} on {site}") />
                                <span class="row-note">"on " {site.clone()}</span>
                                <NumberField label="parts".into() current=p.to_string() on_value=move |v: String| {
                                    let parts = parse_num::<u32>("parts", &v)?;
                                    let mut s = ctx.with_topology(|t| t.streams.iter().find(|s| s.site == site && s.name == n).cloned()).ok_or("gone")?;
                                    s.parts = parts;
                                    Ok(Edit::Update(Element::Stream(s)))
                                } />
                                {remove_button(ctx, e)}
                            </li>
                        }
                    }
                </For>
            </ul>
            <ShowAll total=Signal::derive(move || streams.with(Vec::len)) all what="streams" controls="dz-stream-list" />
        </div>
    }
}

#[component]
fn Writers() -> impl IntoView {
    let ctx = use_ctx();
    let stream = NodeRef::<html::Select>::new();
    let name = NodeRef::<html::Input>::new();
    let add = move |ev: SubmitEvent| {
        submit(ev);
        let Some(r) = chosen_stream(ctx, stream) else {
            return ctx.error("Add a stream first: a writer writes to one.");
        };
        let n = typed_or_fresh(ctx, name, "writer-", ElementRef::Writer);
        let added = format!("Added writer {n} on {} {}.", r.site, r.stream);
        let writer = kit::writer(&n, &r.site, &r.stream, 100.0);
        add_then_say(ctx, name, Element::Writer(writer), added);
    };
    let writers = Memo::new(move |_| ctx.with_topology(|t| t.writers.clone()));
    view! {
        <div class="panel-section">
            <h3>"Writers"</h3>
            <form class="add-form" on:submit=add>
                <label for="dz-new-writer-stream">"Writes to"</label>
                <StreamSelect id="dz-new-writer-stream" node=stream />
                <label for="dz-new-writer">"Writer name"</label>
                <input id="dz-new-writer" type="text" node_ref=name placeholder="checkout" />
                <button type="submit">"Add writer"</button>
            </form>
            <ul class="panel-list">
                <For each=move || writers.get() key=|w| format!("{w:?}") let:w>
                    {
                        let e = ElementRef::Writer(w.id.clone());
                        let (e_row, e_name) = (e.clone(), e.clone());
                        let id = w.id.clone();
                        let base = w.clone();
                        let companions = ctx.with_topology(|t| t.companions.iter().map(|c| c.name.clone()).collect::<Vec<_>>());
                        view! {
                            <li class=row_class(ctx, e_row)>
                                <NameField element=e_name current=id.clone() label=format!("Name of writer {id}") />
                                <span class="row-note">"writes " {w.stream.clone()} " on " {w.site.clone()}</span>
                                <NumberField label="records/s".into() current=w.rate_per_sec.to_string() step="any" on_value={ let base = base.clone(); move |v: String| {
                                    let mut w = base.clone();
                                    w.rate_per_sec = parse_num("rate", &v)?;
                                    Ok(Edit::Update(Element::Writer(w)))
                                }} />
                                {companions.into_iter().map(|c| {
                                    let needs = base.requires.contains(&c);
                                    let base = base.clone();
                                    let c2 = c.clone();
                                    view! {
                                        <label class="check">
                                            <input type="checkbox" prop:checked=needs on:change=move |_| {
                                                let mut w = base.clone();
                                                if needs { w.requires.retain(|x| *x != c2); } else { w.requires.push(c2.clone()); }
                                                ctx.edit(Edit::Update(Element::Writer(w)));
                                            } />
                                            "needs " {c}
                                        </label>
                                    }
                                }).collect_view()}
                                {remove_button(ctx, e)}
                            </li>
                        }
                    }
                </For>
            </ul>
        </div>
    }
}

#[component]
fn Readers() -> impl IntoView {
    let ctx = use_ctx();
    let stream = NodeRef::<html::Select>::new();
    let name = NodeRef::<html::Input>::new();
    let add = move |ev: SubmitEvent| {
        submit(ev);
        let Some(r) = chosen_stream(ctx, stream) else {
            return ctx.error("Add a stream first: a reader group reads one.");
        };
        let n = typed_or_fresh(ctx, name, "group-", ElementRef::Reader);
        let reader = kit::reader(&n, &r.site, &r.stream, 200.0);
        add_then_say(
            ctx,
            name,
            Element::Reader(reader),
            format!("Added reader group {n}."),
        );
    };
    let readers = Memo::new(move |_| ctx.with_topology(|t| t.readers.clone()));
    view! {
        <div class="panel-section">
            <h3>"Reader groups"</h3>
            <form class="add-form" on:submit=add>
                <label for="dz-new-reader-stream">"Reads"</label>
                <StreamSelect id="dz-new-reader-stream" node=stream />
                <label for="dz-new-reader">"Group name"</label>
                <input id="dz-new-reader" type="text" node_ref=name placeholder="billing" />
                <button type="submit">"Add reader group"</button>
            </form>
            <ul class="panel-list">
                <For each=move || readers.get() key=|r| format!("{r:?}") let:r>
                    {
                        let e = ElementRef::Reader(r.id.clone());
                        let (e_row, e_name) = (e.clone(), e.clone());
                        let id = r.id.clone();
                        let base = r.clone();
                        let b2 = r.clone();
                        let planned = r.planned_resume.map_or("", |x| x.id());
                        view! {
                            <li class=row_class(ctx, e_row)>
                                <NameField element=e_name current=id.clone() label=format!("Name of reader group {id}") />
                                <span class="row-note">"reads " {r.stream.clone()} " on " {r.site.clone()}</span>
                                <NumberField label="records/s".into() current=r.rate_per_sec.to_string() step="any" on_value=move |v: String| {
                                    let mut r = base.clone();
                                    r.rate_per_sec = parse_num("rate", &v)?;
                                    Ok(Edit::Update(Element::Reader(r)))
                                } />
                                <label class="field">
                                    <span>"planned resume"</span>
                                    <select prop:value=planned on:change=move |ev| {
                                        let mut r = b2.clone();
                                        r.planned_resume = ResumeRule::parse(&event_target_value(&ev));
                                        ctx.edit(Edit::Update(Element::Reader(r)));
                                    }>
                                        <option value="" selected=planned.is_empty()>"not planned"</option>
                                        {ResumeRule::ALL.iter().map(|x| view! { <option value=x.id() selected=planned == x.id()>{x.id()}</option> }).collect_view()}
                                    </select>
                                </label>
                                {remove_button(ctx, e)}
                            </li>
                        }
                    }
                </For>
            </ul>
        </div>
    }
}

#[component]
fn Companions() -> impl IntoView {
    let ctx = use_ctx();
    let site = NodeRef::<html::Select>::new();
    let name = NodeRef::<html::Input>::new();
    let add = move |ev: SubmitEvent| {
        submit(ev);
        let Some(s) = chosen_site(ctx, site) else {
            return ctx.error("Add a site first: a companion runs at one or more sites.");
        };
        let n = typed_or_fresh(ctx, name, "contracts-", ElementRef::Companion);
        let added = format!("Added companion {n} at {s}.");
        add_then_say(
            ctx,
            name,
            Element::Companion(kit::companion(&n, &[&s])),
            added,
        );
    };
    let companions = Memo::new(move |_| ctx.with_topology(|t| t.companions.clone()));
    view! {
        <div class="panel-section">
            <h3>"Companions"</h3>
            <p class="section-note">"Services outside the brokers that writers need, such as a contract store. Where they run is their posture."</p>
            <form class="add-form" on:submit=add>
                <label for="dz-new-companion-site">"Runs at"</label>
                <SiteSelect id="dz-new-companion-site" node=site />
                <label for="dz-new-companion">"Companion name"</label>
                <input id="dz-new-companion" type="text" node_ref=name placeholder="contracts" />
                <button type="submit">"Add companion"</button>
            </form>
            <ul class="panel-list">
                <For each=move || companions.get() key=|c| format!("{c:?}") let:c>
                    {
                        let e = ElementRef::Companion(c.name.clone());
                        let (e_row, e_name) = (e.clone(), e.clone());
                        let n = c.name.clone();
                        let sites = ctx.with_topology(|t| t.sites.iter().map(|s| s.name.clone()).collect::<Vec<_>>());
                        view! {
                            <li class=row_class(ctx, e_row)>
                                <NameField element=e_name current=n.clone() label=format!("Name of companion {n}") />
                                <span class="row-note">{c.kind.clone()} ", runs at:"</span>
                                {sites.into_iter().map(|s| {
                                    let at = c.sites.contains(&s);
                                    let base = c.clone();
                                    let s2 = s.clone();
                                    view! {
                                        <label class="check">
                                            <input type="checkbox" prop:checked=at on:change=move |_| {
                                                let mut c = base.clone();
                                                if at { c.sites.retain(|x| *x != s2); } else { c.sites.push(s2.clone()); }
                                                ctx.edit(Edit::Update(Element::Companion(c)));
                                            } />
                                            {s}
                                        </label>
                                    }
                                }).collect_view()}
                                {remove_button(ctx, e)}
                            </li>
                        }
                    }
                </For>
            </ul>
        </div>
    }
}
