//! Entry points: how a kernel body becomes a named PTX `.entry`. One declaration per kernel
//! family (`families/`: which operator × type pairs the library's PTX holds, and the
//! `#[macro_export]`ed `__<family>_family!` macros that the stock instances and the user
//! `instantiate_*!` macros ([`crate::user`]) both expand to, so stock and user kernels are
//! the same code), the data-movement list (`data_movement.rs`) and the entry-point names
//! (`names.rs`). Exported macros live at the crate root whatever their file; their
//! `$crate::` paths name the kernel bodies in `kernels/` and the parameter structs in
//! [`crate::params`].

mod data_movement;
mod declare;
mod families;
mod names;

pub use names::{tag_has_separator, tag_is};
