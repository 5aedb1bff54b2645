//! Constructors for new elements with the designer's starting values, shared by the
//! templates and the page's add buttons.

use super::design::stream_ref;
use super::edit::{Edit, Element};
use hoplab_model::spec::{
    CompanionSpec, HopOptions, HopSpec, ReaderSpec, SiteSpec, StreamSpec, WriterSpec,
};

pub fn site(name: &str) -> SiteSpec {
    SiteSpec { name: name.into() }
}

pub fn add_site(name: &str) -> Edit {
    Edit::Add(Element::Site(site(name)), None)
}

pub fn stream(site: &str, name: &str, parts: u32) -> StreamSpec {
    StreamSpec::new(site, name, parts)
}

pub fn hop(id: &str, from: (&str, &str), to: (&str, &str), options: HopOptions) -> HopSpec {
    HopSpec {
        id: id.into(),
        from: stream_ref(from.0, from.1),
        to: stream_ref(to.0, to.1),
        options,
    }
}

pub fn writer(id: &str, site: &str, stream: &str, rate_per_sec: f64) -> WriterSpec {
    WriterSpec::new(id, site, stream, rate_per_sec)
}

pub fn reader(id: &str, site: &str, stream: &str, rate_per_sec: f64) -> ReaderSpec {
    ReaderSpec::new(id, site, stream, rate_per_sec)
}

pub fn companion(name: &str, sites: &[&str]) -> CompanionSpec {
    CompanionSpec {
        name: name.into(),
        kind: "contract-store".into(),
        sites: sites.iter().map(|s| s.to_string()).collect(),
    }
}
