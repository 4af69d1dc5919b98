//! What the host-only ABI tests share: reading an entry point's parameter size from the
//! embedded PTX.

use parallax_device::PTX;

/// The byte size of entry point `name`'s single parameter, read from the PTX
/// (`.param .align A .b8 <name>_param_0[SIZE]`), or `None` if there is no such entry.
pub(crate) fn param_size(name: &str) -> Option<usize> {
    let start = PTX.find(&format!(".entry {name}("))?;
    let decl = &PTX[start..];
    let open = decl.find(&format!("{name}_param_0["))? + name.len() + "_param_0[".len();
    let close = decl[open..].find(']')?;
    decl[open..open + close].parse().ok()
}

/// Asserts that `name` is an entry point taking `bytes` bytes.
#[allow(dead_code)] // not every test file uses it
pub(crate) fn assert_entry(name: &str, bytes: usize) {
    assert_eq!(param_size(name), Some(bytes), "entry point {name}");
}
