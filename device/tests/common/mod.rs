//! What the host-only ABI tests share: the embedded kernels' PTX, and an entry point's
//! parameter size read from it.

use parallaxis_device::KERNELS;
use std::sync::LazyLock;

/// Every kernel's PTX in one text (the kernel library's entries reassembled).
pub(crate) static PTX: LazyLock<String> = LazyLock::new(|| {
    KERNELS
        .ptx_text()
        .expect("the embedded kernel library reads")
});

/// The byte size of entry point `name`'s single parameter, read from the PTX
/// (`.param .align A .b8 <name>_param_0[SIZE]`), or `None` if there is no such entry.
pub(crate) fn param_size(name: &str) -> Option<usize> {
    let ptx: &str = &PTX;
    let start = ptx.find(&format!(".entry {name}("))?;
    let decl = &ptx[start..];
    let open = decl.find(&format!("{name}_param_0["))? + name.len() + "_param_0[".len();
    let close = decl[open..].find(']')?;
    decl[open..open + close].parse().ok()
}

/// The alignment and byte size of entry point `name`'s single parameter, read from the PTX,
/// or `None` if there is no such entry.
pub(crate) fn param_layout(name: &str) -> Option<(usize, usize)> {
    let ptx: &str = &PTX;
    let start = ptx.find(&format!(".entry {name}("))?;
    let decl = &ptx[start..];
    let align = decl.find(".param .align ")? + ".param .align ".len();
    let end = decl[align..].find(' ')?;
    Some((decl[align..align + end].parse().ok()?, param_size(name)?))
}

/// Asserts that `name` is an entry point taking `bytes` bytes.
#[allow(dead_code)] // not every test file uses it
pub(crate) fn assert_entry(name: &str, bytes: usize) {
    assert_eq!(param_size(name), Some(bytes), "entry point {name}");
}
