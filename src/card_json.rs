//! The card page's and the index's JSON, read from what the browser's own parser
//! (`JSON.parse`) made of it.
//!
//! The card page and the card list are the deep links with a size budget: read with
//! serde_json, a card page's first download held a JSON parser and serde's visitors for
//! every card type (about a quarter of the card page's own code). Read from the parsed
//! value, field by field, they hold neither. The card page reads few fields: its fixed
//! parts come as finished HTML (`hoplab_content::page`). The shapes are the ones
//! `hoplab_content` writes with serde; a component test reads serde_json's output of each
//! type back through here and compares. Other data (the full cards practice reads, the
//! copier table, the practice deck, the course) is read with serde.

use std::cell::RefCell;

use hoplab_content::card::{DepthTabs, SectionIndex};
use hoplab_content::{CardIndex, CardSummary, Importance, Level, RenderedCard};
use js_sys::{Array, Reflect};
use wasm_bindgen::JsValue;

/// A value read from parsed JSON; the error says what was wrong and where.
pub trait FromJson: Sized {
    fn from_json(value: &JsValue) -> Result<Self, String>;
}

/// Parses `text` as JSON and reads it as `T`.
pub fn parse<T: FromJson>(text: &str) -> Result<T, String> {
    let value = js_sys::JSON::parse(text).map_err(|_| "it is not JSON".to_string())?;
    T::from_json(&value)
}

/// What a field holds when it could not be read. The object is refused anyway: reading every
/// field before deciding (rather than returning at the first problem) keeps the code small,
/// since a return half-way would need its own clean-up for each field read so far.
trait Placeholder {
    fn placeholder() -> Self;
}

/// The fields of one JSON object, and the first problem found reading them.
struct Fields<'a> {
    object: &'a JsValue,
    problem: RefCell<Option<String>>,
}

impl<'a> Fields<'a> {
    fn of(value: &'a JsValue) -> Result<Self, String> {
        if value.is_object() && !Array::is_array(value) {
            Ok(Fields {
                object: value,
                problem: RefCell::new(None),
            })
        } else {
            Err("not an object".into())
        }
    }

    fn raw(&self, name: &str) -> JsValue {
        Reflect::get(self.object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    }

    fn note(&self, name: &str, problem: String) {
        let mut first = self.problem.borrow_mut();
        if first.is_none() {
            *first = Some(format!("{name}: {problem}"));
        }
    }

    /// The field `name`, which must be there.
    fn get<T: FromJson + Placeholder>(&self, name: &str) -> T {
        T::from_json(&self.raw(name)).unwrap_or_else(|problem| {
            self.note(name, problem);
            T::placeholder()
        })
    }

    /// The field `name`, or an empty one where it is left out (serde's `#[serde(default)]`).
    fn get_or_empty<T: FromJson + Placeholder>(&self, name: &str) -> T {
        if self.raw(name).is_undefined() {
            T::placeholder()
        } else {
            self.get(name)
        }
    }

    /// `value`, read from these fields, unless one of them could not be read.
    fn done<T>(&self, value: T) -> Result<T, String> {
        match self.problem.take() {
            None => Ok(value),
            Some(problem) => Err(problem),
        }
    }
}

impl Placeholder for String {
    fn placeholder() -> Self {
        String::new()
    }
}

impl<T> Placeholder for Vec<T> {
    fn placeholder() -> Self {
        Vec::new()
    }
}

impl Placeholder for Level {
    fn placeholder() -> Self {
        Level::Junior
    }
}

impl Placeholder for Importance {
    fn placeholder() -> Self {
        Importance::MustKnow
    }
}

impl Placeholder for DepthTabs {
    fn placeholder() -> Self {
        DepthTabs {
            junior: String::new(),
            middle: String::new(),
            senior: String::new(),
            principal: String::new(),
        }
    }
}

impl FromJson for String {
    fn from_json(value: &JsValue) -> Result<Self, String> {
        value.as_string().ok_or_else(|| "not text".into())
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(value: &JsValue) -> Result<Self, String> {
        if !Array::is_array(value) {
            return Err("not a list".into());
        }
        let array = Array::from(value);
        let mut items = Vec::with_capacity(array.length() as usize);
        for at in 0..array.length() {
            match T::from_json(&array.get(at)) {
                Ok(item) => items.push(item),
                Err(e) => return Err(format!("[{at}]: {e}")),
            }
        }
        Ok(items)
    }
}

/// One of an enum's values, by the name serde gives it (its `id`).
fn one_of<T: Copy>(value: &JsValue, all: &[T], id: fn(T) -> &'static str) -> Result<T, String> {
    let name = String::from_json(value)?;
    all.iter()
        .copied()
        .find(|item| id(*item) == name)
        .ok_or_else(|| format!("unknown value “{name}”"))
}

impl FromJson for Level {
    fn from_json(value: &JsValue) -> Result<Self, String> {
        one_of(value, &Level::ALL, Level::id)
    }
}

impl FromJson for Importance {
    fn from_json(value: &JsValue) -> Result<Self, String> {
        one_of(value, &Importance::ALL, Importance::id)
    }
}

impl FromJson for DepthTabs {
    fn from_json(value: &JsValue) -> Result<Self, String> {
        let f = Fields::of(value)?;
        f.done(DepthTabs {
            junior: f.get("junior"),
            middle: f.get("middle"),
            senior: f.get("senior"),
            principal: f.get("principal"),
        })
    }
}

impl FromJson for RenderedCard {
    fn from_json(value: &JsValue) -> Result<Self, String> {
        let f = Fields::of(value)?;
        f.done(RenderedCard {
            slug: f.get("slug"),
            question: f.get("question"),
            question_html: f.get("question_html"),
            breadcrumb_html: f.get("breadcrumb_html"),
            meta_html: f.get("meta_html"),
            outline_html: f.get("outline_html"),
            basics: f.get("basics"),
            solid: f.get("solid"),
            depth: f.get("depth"),
            rest_html: f.get("rest_html"),
        })
    }
}

impl FromJson for CardSummary {
    fn from_json(value: &JsValue) -> Result<Self, String> {
        let f = Fields::of(value)?;
        f.done(CardSummary {
            slug: f.get("slug"),
            question: f.get("question"),
            level: f.get("level"),
            importance: f.get("importance"),
            scenario: f.get("scenario"),
            search_text: f.get_or_empty("search_text"),
        })
    }
}

impl FromJson for SectionIndex {
    fn from_json(value: &JsValue) -> Result<Self, String> {
        let f = Fields::of(value)?;
        f.done(SectionIndex {
            title: f.get("title"),
            cards: f.get("cards"),
        })
    }
}

impl FromJson for CardIndex {
    fn from_json(value: &JsValue) -> Result<Self, String> {
        let f = Fields::of(value)?;
        f.done(CardIndex {
            title: f.get("title"),
            sections: f.get("sections"),
        })
    }
}
