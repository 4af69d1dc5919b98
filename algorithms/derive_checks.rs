//! What `#[derive(DeviceCopy)]` accepts and rejects, as doc-tests (a private module: these
//! examples are tests, the user-facing docs are on the derive and on `DeviceCopy`).
//!
//! Accepted: a `#[repr(C)]` struct of `DeviceCopy` fields without padding (named, tuple or
//! unit), a `#[repr(transparent)]` newtype, and nesting of derived types.
//!
//! ```
//! use parallaxis::{DeviceCopy, DeviceVector, Sequential};
//! #[derive(Clone, Copy, Debug, PartialEq, DeviceCopy)]
//! #[repr(C)]
//! struct Particle { x: f32, v: f32 }
//! #[derive(Clone, Copy, DeviceCopy)]
//! #[repr(transparent)]
//! struct Meters(f64);
//! #[derive(Clone, Copy, DeviceCopy)]
//! #[repr(C)]
//! struct Pair { a: Particle, b: [u32; 2] }
//! #[derive(Clone, Copy, DeviceCopy)]
//! #[repr(C)]
//! struct Marker;
//! let p = [Particle { x: 1.0, v: -1.0 }];
//! assert_eq!(DeviceVector::<Particle, Sequential>::from_slice(&p)?.to_vec()?, p);
//! # fn is_device_copy<T: DeviceCopy>() {}
//! # is_device_copy::<Meters>(); is_device_copy::<Pair>(); is_device_copy::<Marker>();
//! # Ok::<(), parallaxis::Error>(())
//! ```
//!
//! Rejected: the default layout (no `repr`):
//!
//! ```compile_fail
//! #[derive(Clone, Copy, parallaxis::DeviceCopy)]
//! struct NoRepr { x: f32 }
//! ```
//!
//! padding (a `u8` then a `u32`: three padding bytes):
//!
//! ```compile_fail,E0080
//! #[derive(Clone, Copy, parallaxis::DeviceCopy)]
//! #[repr(C)]
//! struct Padded { tag: u8, value: u32 }
//! ```
//!
//! trailing padding from an alignment:
//!
//! ```compile_fail,E0080
//! #[derive(Clone, Copy, parallaxis::DeviceCopy)]
//! #[repr(C, align(16))]
//! struct Aligned { x: f32 }
//! ```
//!
//! a field that is not `DeviceCopy` (a reference):
//!
//! ```compile_fail,E0277
//! #[derive(Clone, Copy, parallaxis::DeviceCopy)]
//! #[repr(C)]
//! struct Borrowing { x: &'static f32 }
//! ```
//!
//! generic parameters and enums:
//!
//! ```compile_fail
//! #[derive(Clone, Copy, parallaxis::DeviceCopy)]
//! #[repr(C)]
//! struct Generic<T> { x: T }
//! ```
//!
//! ```compile_fail
//! #[derive(Clone, Copy, parallaxis::DeviceCopy)]
//! #[repr(C)]
//! enum Choice { A, B }
//! ```
//!
//! and a struct that is not `Copy` (`DeviceCopy: Copy`):
//!
//! ```compile_fail,E0277
//! #[derive(parallaxis::DeviceCopy)]
//! #[repr(C)]
//! struct NotCopy { x: f32 }
//! ```
