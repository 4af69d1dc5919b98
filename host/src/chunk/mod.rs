//! The plumbing every 1D algorithm runs on: how an input is cut into chunks and where they
//! run ([`split`]), the lockstep lanes inside a chunk ([`lanes`]), and the reduce-then-scan
//! skeleton of the plain and the segmented scans ([`scan`]).
//!
//! Nothing here knows an algorithm: the families (`segmented/`, the flat `reduce.rs`,
//! `scan.rs`, `elementwise.rs`) import from here, never the other way round.

pub(crate) mod adaptive;
pub(crate) mod lanes;
pub(crate) mod scan;
pub(crate) mod split;
