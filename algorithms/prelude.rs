//! The names most programs use, for `use parallaxis::prelude::*;`: the vector and the
//! backends, the error type, the operator traits and the stock operators of
//! [`ops`](crate::ops) that most calls name, and the input traits of [`view`](crate::view) and
//! [`lazy`](crate::lazy) for generic code. The algorithms themselves are called by path
//! (`parallaxis::reduce(Sum, &x)`), as Thrust's are.
//!
//! ```
//! use parallaxis::prelude::*;
//! let x = DeviceVector::<i32>::from_slice(&[3, 1, 2])?;
//! assert_eq!(parallaxis::reduce(Max, &x)?, 3);
//! # Ok::<(), Error>(())
//! ```

#[cfg(feature = "cuda")]
pub use crate::Cuda;
#[cfg(feature = "rayon")]
pub use crate::Rayon;
pub use crate::{Backend, DefaultBackend, DeviceCopy, DeviceVector, HostVector, Sequential};
pub use crate::{Error, Result};

pub use crate::lazy::Source;
pub use crate::ops::{
    BinaryFunction, Compare, Monoid, Number, Predicate, SearchKey, Semiring, SortKey, Stencil,
    UnaryFunction,
};
pub use crate::ops::{
    EqualTo, Greater, GreaterThan, Identity, InRange, Less, LessThan, Max, Min, MinPlus, Negate,
    NonZero, NotEqualTo, Plus, PlusTimes, Product, Square, Sum, Times,
};
pub use crate::view::{Input, Output};
