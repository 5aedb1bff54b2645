//! Failover game days: a drill brief played against the live model. What the page shows
//! and sends, in plain data: the moves an operator can make ([`moves`]), the live state
//! as lines of a table ([`snapshot`]), and a run as a link ([`link`]) and as kept in
//! this browser ([`kept`]). The measuring and the debrief are the model's
//! (`hoplab_model::challenge`), the same as `hoplab grade`'s.

pub mod kept;
pub mod link;
pub mod moves;
pub mod snapshot;
