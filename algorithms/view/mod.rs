//! Views: borrowed runs of a [`DeviceVector`](crate::DeviceVector)'s elements, and the traits
//! by which every algorithm takes its inputs ([`Input`]) and its `_into` outputs
//! ([`Output`]): a whole vector, a [`View`] or a [`ViewMut`], interchangeably.

mod input;
mod range;
mod slice;

pub use input::{Input, Output};
pub(crate) use slice::debug_elements;
pub use slice::{View, ViewMut};
