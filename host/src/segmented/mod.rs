//! The segmented algorithms: scans by flags, keys and offsets ([`scan`]), segmented_reduce
//! by offsets ([`reduce`]) and reduce_by_key ([`reduce_by_key`]).
//!
//! The scans find each chunk's segment heads once ([`heads`], [`key_heads`]) and walk the
//! chunk's lanes between them ([`walk`]), on the skeleton of [`crate::chunk::scan`].

mod heads;
mod key_heads;
pub(crate) mod reduce;
pub(crate) mod reduce_by_key;
#[cfg(test)]
mod robustness;
pub(crate) mod scan;
mod walk;
