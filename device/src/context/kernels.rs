//! Where a device finds its kernels: a kernel library (the `.kernels` file that
//! `parallaxis-ptx-builder` writes for the library itself and for a user's kernel crate,
//! embedded in the binary), or a PTX module given as text.
//!
//! A library is loaded piece by piece on first use (`device.rs`): the machine code of the
//! called kernel's family where the library has it for the GPU, else that kernel's PTX alone,
//! which the driver JIT-compiles by itself. A program pays only for the kernels it calls; a
//! PTX text is one module, compiled whole when its first kernel is called.

use cudarc::nvrtc::Ptx;
use parallaxis_core::{Error, Result};
use parallaxis_ptx_builder::library::{FormatError, Library};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// One module a device loads from a [`Kernels`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Piece {
    /// A PTX text, whole.
    Whole,
    /// The machine code of a library's family (its index), for this GPU.
    Family(usize),
    /// One entry point's PTX, alone.
    Entry(&'static str),
}

/// A set of GPU kernels a device can load: what the kernel traits' `KERNELS` constants and
/// [`UserKernel`](crate::UserKernel) name.
///
/// ```ignore
/// // In a kernel crate built by `parallaxis-ptx-builder` (see `device/README.md`):
/// pub const KERNELS: Kernels =
///     Kernels::library(include_bytes!(concat!(env!("OUT_DIR"), "/my_kernels.kernels")));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Kernels(Source);

#[derive(Debug, Clone, Copy)]
enum Source {
    Library(&'static [u8]),
    Ptx(&'static str),
}

impl Kernels {
    /// The kernel library in `bytes`: a `.kernels` file of `parallaxis-ptx-builder`.
    pub const fn library(bytes: &'static [u8]) -> Self {
        Kernels(Source::Library(bytes))
    }

    /// One PTX module, as text (from `nvcc -ptx`, say): loaded whole on first use.
    pub const fn ptx(text: &'static str) -> Self {
        Kernels(Source::Ptx(text))
    }

    /// The key a device caches these kernels' modules by: the address of the bytes.
    pub(crate) fn key(self) -> usize {
        match self.0 {
            Source::Library(bytes) => bytes.as_ptr() as usize,
            Source::Ptx(text) => text.as_ptr() as usize,
        }
    }

    /// Whether `self` and `other` are the same kernels: the same address, or equal bytes.
    pub(crate) fn same(self, other: Kernels) -> bool {
        match (self.0, other.0) {
            (Source::Library(a), Source::Library(b)) => a.as_ptr() == b.as_ptr() || a == b,
            (Source::Ptx(a), Source::Ptx(b)) => a.as_ptr() == b.as_ptr() || a == b,
            _ => false,
        }
    }

    /// The parsed library; `None` for PTX text. Read once per process (no GPU needed).
    ///
    /// # Errors
    /// [`Error::ModuleLoad`] when the bytes are not a kernel library of this version (a
    /// kernel crate built by another version of `parallaxis-ptx-builder`).
    pub(crate) fn library_parsed(self) -> Result<Option<&'static Library<'static>>> {
        type Parsed = core::result::Result<&'static Library<'static>, String>;
        static PARSED: OnceLock<Mutex<HashMap<usize, Parsed>>> = OnceLock::new();
        let Source::Library(bytes) = self.0 else {
            return Ok(None);
        };
        let mut parsed = PARSED
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        parsed
            .entry(self.key())
            // Leaked once per embedded library (a handful per program): its entries borrow
            // the `'static` bytes and live as long as the process.
            .or_insert_with(|| {
                Library::parse(bytes)
                    .map(|l| &*Box::leak(Box::new(l)))
                    .map_err(|e| e.to_string())
            })
            .clone()
            .map(Some)
            .map_err(|reason| Error::ModuleLoad { reason })
    }

    /// Whether these kernels have an entry point `name`, answered without a GPU: from the
    /// library's index, or by searching the PTX text for its `.entry`. A library that cannot
    /// be read has none.
    pub fn has_entry(self, name: &str) -> bool {
        match self.0 {
            Source::Library(_) => self
                .library_parsed()
                .is_ok_and(|l| l.is_some_and(|l| l.entry(name).is_some())),
            Source::Ptx(text) => text.contains(&format!(".entry {name}(")),
        }
    }

    /// The whole PTX: the text itself, or every entry of the library reassembled into one
    /// module (header, functions, entries in build order), for tests that read it.
    ///
    /// # Errors
    /// A library that cannot be read.
    pub fn ptx_text(self) -> Result<String> {
        if let Source::Ptx(text) = self.0 {
            return Ok(text.to_owned());
        }
        let Some(library) = self.library_parsed()? else {
            return Ok(String::new());
        };
        let mut text = library.module_prefix();
        for entry in library.entries() {
            let body = entry.ptx.bytes().map_err(|e| Error::ModuleLoad {
                reason: format!("{}: {e}", entry.name),
            })?;
            text.push_str(&String::from_utf8_lossy(&body));
        }
        Ok(text)
    }

    /// The piece holding entry point `name` on a GPU of compute capability `(major,
    /// minor)`: a library's family where the library has machine code that runs there, else
    /// the entry alone; a PTX text whole.
    ///
    /// # Errors
    /// [`Error::NoKernel`] for a name the library lacks; a library that cannot be read.
    pub(crate) fn piece_of(self, name: &'static str, (major, minor): (u32, u32)) -> Result<Piece> {
        let Some(library) = self.library_parsed()? else {
            return Ok(Piece::Whole);
        };
        let entry = library
            .entry(name)
            .ok_or_else(|| Error::NoKernel { name: name.into() })?;
        Ok(match library.image_for(entry.family, major, minor) {
            Some(_) => Piece::Family(entry.family),
            None => Piece::Entry(name),
        })
    }

    /// What the driver loads for `piece` ([`Kernels::piece_of`] with the same capability):
    /// machine code or PTX, inflated.
    ///
    /// # Errors
    /// [`Error::ModuleLoad`] when the piece cannot be read from the library.
    pub(crate) fn source(self, piece: Piece, (major, minor): (u32, u32)) -> Result<Ptx> {
        let unreadable = |e: FormatError| Error::ModuleLoad {
            reason: format!("{piece:?}: {e}"),
        };
        let missing = || Error::ModuleLoad {
            reason: format!("{piece:?} is not in these kernels"),
        };
        let library = match (self.0, self.library_parsed()?) {
            (Source::Ptx(text), _) => return Ok(Ptx::from_src(text)),
            (Source::Library(_), Some(library)) => library,
            (Source::Library(_), None) => return Err(missing()),
        };
        match piece {
            Piece::Family(family) => {
                let cubin = library
                    .image_for(family, major, minor)
                    .ok_or_else(missing)?;
                Ok(Ptx::from_binary(cubin.bytes().map_err(unreadable)?))
            }
            Piece::Entry(name) => {
                let entry = library.entry(name).ok_or_else(missing)?;
                Ok(Ptx::from_src(
                    library.entry_module(entry).map_err(unreadable)?,
                ))
            }
            Piece::Whole => Ok(Ptx::from_src(self.ptx_text()?)),
        }
    }
}
