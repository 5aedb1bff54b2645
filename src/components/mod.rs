//! Pieces shared by several pages.

mod page_title;
mod recorder;
pub mod recordings_db;
mod requirement_list;
mod shell;
mod status;

pub use page_title::set_page_title;
pub use recorder::{Recorder, RecorderView};
pub use requirement_list::RequirementList;
pub use shell::{Footer, Header};
pub use status::{DismissibleNotice, LoadError, Loading, PageLoadFailed, ProgressNotice};
