//! How an import tells a file's format from its text: the text is looked at once
//! ([`Sniffed`]), then each format's own test (`Files::detect`, in its product's folder) is
//! asked in the catalog's order of precedence ([`crate::products::DETECTION_ORDER`]). The
//! formats themselves are listed in `crate::products`.

pub use crate::products::Format;
use crate::text::properties;

/// A file's text as the formats' tests look at it, read once.
pub struct Sniffed<'a> {
    /// The text without a byte-order mark and leading white space.
    pub text: &'a str,
    /// Whether it starts as JSON does (`{` or `[`): then only the JSON formats apply.
    pub json_like: bool,
    /// The first object of the JSON (the first element of an array), if it parses.
    pub json: Option<serde_json::Value>,
    /// The text as a properties file (empty for JSON).
    pub props: Vec<properties::Prop>,
}

impl<'a> Sniffed<'a> {
    pub fn of(text: &'a str) -> Self {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        let json_like = t.starts_with('{') || t.starts_with('[');
        let json = json_like
            .then(|| serde_json::from_str::<serde_json::Value>(t).ok())
            .flatten()
            .and_then(|v| match v {
                serde_json::Value::Array(mut a) => (!a.is_empty()).then(|| a.swap_remove(0)),
                other => Some(other),
            });
        let props = if json_like {
            Vec::new()
        } else {
            properties::parse(t)
        };
        Sniffed {
            text: t,
            json_like,
            json,
            props,
        }
    }

    /// Whether the JSON's first object has `key`.
    pub fn json_has(&self, key: &str) -> bool {
        self.json.as_ref().is_some_and(|v| v.get(key).is_some())
    }

    /// Whether the properties set `key`.
    pub fn sets(&self, key: &str) -> bool {
        self.props.iter().any(|p| p.key == key)
    }
}

/// The format a text is in, from what it holds (the file name is not trusted).
pub fn detect(text: &str) -> Option<Format> {
    let sniffed = Sniffed::of(text);
    crate::products::DETECTION_ORDER
        .into_iter()
        .find(|&f| (crate::products::files(f).detect)(&sniffed))
}

impl Format {
    /// The command line's name for it (`mm2-properties`).
    pub fn id(self) -> &'static str {
        crate::products::files(self).id
    }

    pub fn parse(s: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.id() == s)
    }

    /// The formats a design can be written back to.
    pub fn can_export(self) -> bool {
        let files = crate::products::files(self);
        files.write.is_some() || files.per_site.is_some()
    }

    /// Whether its files are one broker or domain each (RabbitMQ's, JetStream's).
    pub fn one_file_per_site(self) -> bool {
        crate::products::files(self).per_site.is_some()
    }

    /// The formats a design is written onto the file it came from (keeping what it does
    /// not decide): by the format's own writer, or per broker or domain (`export_files`).
    pub fn writes_onto(self) -> bool {
        let files = crate::products::files(self);
        files.onto.is_some() || files.per_site.is_some()
    }
}

/// Written as its id.
impl serde::Serialize for Format {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_is_told_apart_by_what_it_holds() {
        assert_eq!(detect("clusters = A, B\n"), Some(Format::Mm2Properties));
        assert_eq!(
            detect("bootstrap.servers=a:9092\ncluster.link.prefix=a.\n"),
            Some(Format::ClusterLink)
        );
        assert_eq!(
            detect("apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\n"),
            Some(Format::Strimzi)
        );
        assert_eq!(
            detect("name: l\nclient_options:\n  bootstrap_servers: [a]\n"),
            Some(Format::RedpandaShadow)
        );
        assert_eq!(
            detect(r#"{"name":"M","mirror":{"name":"O"}}"#),
            Some(Format::Nats)
        );
        assert_eq!(
            detect(r#"{"rabbit_version":"3.13","parameters":[]}"#),
            Some(Format::Rabbitmq)
        );
        assert_eq!(detect(r#"{"ReplicationInfoList":[]}"#), Some(Format::Msk));
        assert_eq!(
            detect(
                r#"[{"name":"x","config":{"connector.class":"org.apache.kafka.connect.mirror.MirrorSourceConnector"}}]"#
            ),
            Some(Format::Mm2Connect)
        );
        assert_eq!(
            detect("#!/bin/sh\nbin/kafka-cluster-mirrors.sh --bootstrap-server b:9092 --list\n"),
            Some(Format::ClusterMirror)
        );
        assert_eq!(detect("hello"), None);
        assert_eq!(
            detect("{\"clusters\": 1}"),
            None,
            "JSON is never read as properties"
        );
        for f in Format::ALL {
            assert_eq!(Format::parse(f.id()), Some(f));
            assert!(
                crate::products::DETECTION_ORDER.contains(&f),
                "{f:?} is detected"
            );
        }
    }
}
