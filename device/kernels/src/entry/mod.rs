//! Entry points: how a kernel body becomes a named PTX `.entry`. The instantiation lists
//! (which operator × type pairs the library's PTX holds, and the names [`crate::entry_name!`]
//! gives them) and the `#[macro_export]`ed `__*!` macros that the stock lists and the user
//! `instantiate_*!` macros ([`crate::user`]) both expand to, so stock and user kernels are
//! the same code. Exported macros live at the crate root whatever their file; their
//! `$crate::` paths name the kernel bodies in `kernels/` and the parameter structs in
//! [`crate::params`].

mod data_movement;
mod declare;
mod families;
mod instances;

pub use instances::{tag_has_separator, tag_is};
