//! Hoplab copier model (being written).
