//! The lab's logic that is not a component: what a run view shows, URL state, layout,
//! time travel, the animation clock, charts and the plain-words description. Pure where it can be, and
//! tested natively (`cargo test -p hoplab`).

pub mod charts;
pub mod describe;
pub mod driver;
pub mod engine;
pub mod frame_plan;
pub mod layout;
pub mod record_nav;
pub mod scene;
pub mod show;
pub mod timeline;
pub mod url_state;
pub mod view_cache;
