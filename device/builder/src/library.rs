//! The kernel library file: what a build embeds and what the runtime loads from.
//!
//! One file holds, for a kernel crate, the PTX of each entry point on its own (so the driver
//! JIT-compiles only the kernels a program calls) and, where an assembler was found at build
//! time, machine code (cubins) of each family of entry points for each GPU architecture
//! built (so a GPU of a built architecture compiles nothing at all). The builder writes it
//! ([`LibraryWriter`]); `parallaxis-device` reads it from the binary ([`Library::parse`]),
//! borrowing every piece.
//!
//! Layout (integers little-endian; a string is a `u32` length and UTF-8 bytes; a blob is its
//! `u64` length, the `u64` length of its DEFLATE-compressed bytes, and those bytes):
//!
//! ```text
//! magic "PXKLIB01"
//! header: string                        the PTX header every entry's module starts with
//! funcs: string                         the PTX `.func` definitions every module holds
//! families: u32 count, then each:       name: string; images: u32 count, then each:
//!                                         sm: u32 (90 = sm_90), cubin: blob
//! entries: u32 count, then each:        name: string, family: u32 index, ptx: blob
//! ```
//!
//! Pieces are compressed one by one (DEFLATE, `miniz_oxide`): a family's cubin or an entry's
//! PTX is inflated only when it is loaded, in a few milliseconds, and the file is about a
//! quarter of the raw size (the measurement: `benches/RESULTS.md#start-up`).

use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::decompress_to_vec_with_limit;
use std::collections::HashMap;
use std::fmt;

/// The DEFLATE level of every piece: 6 packs the kernels 4.1-4.8x; 9 gains 3% more for 4x the
/// build time.
const LEVEL: u8 = 6;

const MAGIC: &[u8; 8] = b"PXKLIB01";

/// A family of entry points and its machine code per architecture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Family<'a> {
    /// The family's name (the algorithm: `inclusive_scan`).
    pub name: &'a str,
    /// `(sm, cubin)`: machine code for compute capability `sm / 10`.`sm % 10`.
    pub images: Vec<(u32, Blob<'a>)>,
}

/// An entry point: its family and its own PTX definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<'a> {
    /// The PTX name (`parallax_inclusive_scan__Sum__f32`).
    pub name: &'a str,
    /// Index of its family in [`Library::families`].
    pub family: usize,
    /// Its `.entry` definition.
    pub ptx: Blob<'a>,
}

/// A compressed piece of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blob<'a> {
    raw_len: usize,
    packed: &'a [u8],
}

impl Blob<'_> {
    /// The piece, inflated.
    ///
    /// # Errors
    /// The bytes do not inflate to the recorded length.
    pub fn bytes(&self) -> Result<Vec<u8>, FormatError> {
        let broken = FormatError {
            offset: 0,
            reason: "a piece that inflates to its recorded length",
        };
        let raw =
            decompress_to_vec_with_limit(self.packed, self.raw_len).map_err(|_| broken.clone())?;
        if raw.len() == self.raw_len {
            Ok(raw)
        } else {
            Err(broken)
        }
    }

    /// The size of the piece, inflated.
    pub fn len(&self) -> usize {
        self.raw_len
    }

    /// Whether the piece is empty.
    pub fn is_empty(&self) -> bool {
        self.raw_len == 0
    }
}

/// A parsed kernel library, borrowing the file's bytes.
#[derive(Debug, Clone)]
pub struct Library<'a> {
    header: &'a str,
    funcs: &'a str,
    families: Vec<Family<'a>>,
    entries: Vec<Entry<'a>>,
    by_name: HashMap<&'a str, usize>,
}

/// Why bytes are not a kernel library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// Where reading stopped.
    pub offset: usize,
    /// What was expected there.
    pub reason: &'static str,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a parallaxis kernel library (at byte {}: {})",
            self.offset, self.reason
        )
    }
}

impl std::error::Error for FormatError {}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn err(&self, reason: &'static str) -> FormatError {
        FormatError {
            offset: self.at,
            reason,
        }
    }

    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], FormatError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| self.err(what))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, FormatError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self, what: &'static str) -> Result<u64, FormatError> {
        let b = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    fn count(&mut self, what: &'static str) -> Result<usize, FormatError> {
        usize::try_from(self.u32(what)?).map_err(|_| self.err(what))
    }

    fn str(&mut self, what: &'static str) -> Result<&'a str, FormatError> {
        let n = self.count(what)?;
        let bytes = self.take(n, what)?;
        std::str::from_utf8(bytes).map_err(|_| self.err("UTF-8 text"))
    }

    fn blob(&mut self, what: &'static str) -> Result<Blob<'a>, FormatError> {
        let raw_len = usize::try_from(self.u64(what)?).map_err(|_| self.err(what))?;
        let n = usize::try_from(self.u64(what)?).map_err(|_| self.err(what))?;
        Ok(Blob {
            raw_len,
            packed: self.take(n, what)?,
        })
    }
}

impl<'a> Library<'a> {
    /// Reads a library from `bytes` (as embedded with `include_bytes!`).
    ///
    /// # Errors
    /// [`FormatError`] when the bytes are not a whole library of this version.
    pub fn parse(bytes: &'a [u8]) -> Result<Self, FormatError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len(), "the magic PXKLIB01")? != MAGIC {
            return Err(FormatError {
                offset: 0,
                reason: "the magic PXKLIB01",
            });
        }
        let header = r.str("the PTX header")?;
        let funcs = r.str("the PTX functions")?;
        let family_count = r.count("the family count")?;
        let mut families = Vec::new();
        for _ in 0..family_count {
            let name = r.str("a family name")?;
            let image_count = r.count("an image count")?;
            let mut images = Vec::new();
            for _ in 0..image_count {
                let sm = r.u32("an architecture")?;
                images.push((sm, r.blob("a cubin")?));
            }
            families.push(Family { name, images });
        }
        let entry_count = r.count("the entry count")?;
        let mut entries = Vec::new();
        let mut by_name = HashMap::new();
        for _ in 0..entry_count {
            let name = r.str("an entry name")?;
            let family = r.count("a family index")?;
            if family >= families.len() {
                return Err(r.err("a family index in range"));
            }
            let ptx = r.blob("an entry's PTX")?;
            by_name.insert(name, entries.len());
            entries.push(Entry { name, family, ptx });
        }
        if r.at != bytes.len() {
            return Err(r.err("the end of the file"));
        }
        Ok(Library {
            header,
            funcs,
            families,
            entries,
            by_name,
        })
    }

    /// The families, in file order.
    pub fn families(&self) -> &[Family<'a>] {
        &self.families
    }

    /// The entry points, in file order.
    pub fn entries(&self) -> &[Entry<'a>] {
        &self.entries
    }

    /// The entry point named `name`, if the library has it.
    pub fn entry(&self, name: &str) -> Option<&Entry<'a>> {
        self.by_name.get(name).map(|&i| &self.entries[i])
    }

    /// What every module of this library starts with: the PTX header and functions.
    pub fn module_prefix(&self) -> String {
        [self.header, self.funcs].concat()
    }

    /// The PTX module of one entry point alone (header, functions, the entry), NUL-free.
    ///
    /// # Errors
    /// The entry's PTX does not inflate, or is not UTF-8.
    pub fn entry_module(&self, entry: &Entry<'a>) -> Result<String, FormatError> {
        let body = String::from_utf8(entry.ptx.bytes()?).map_err(|_| FormatError {
            offset: 0,
            reason: "an entry's PTX in UTF-8",
        })?;
        Ok([self.header, self.funcs, &body].concat())
    }

    /// The cubin of `family` that runs on a GPU of compute capability `major.minor`: the one
    /// built for it, else the newest built for an earlier minor of the same major (machine
    /// code runs on later minors of its major: sm_80 code on sm_86 and sm_89).
    pub fn image_for(&self, family: usize, major: u32, minor: u32) -> Option<Blob<'a>> {
        let family = self.families.get(family)?;
        family
            .images
            .iter()
            .filter(|(sm, _)| sm / 10 == major && sm % 10 <= minor)
            .max_by_key(|(sm, _)| *sm)
            .map(|&(_, cubin)| cubin)
    }
}

/// A family being written: its name and `(sm, cubin)` images.
type FamilyImages = (String, Vec<(u32, Vec<u8>)>);

/// Writes a library file: add the families' machine code and the entries, then
/// [`finish`](Self::finish).
#[derive(Debug, Default)]
pub struct LibraryWriter {
    header: String,
    funcs: String,
    families: Vec<FamilyImages>,
    entries: Vec<(String, u32, String)>,
}

impl LibraryWriter {
    /// A library whose every module starts with `header` and holds `funcs`.
    pub fn new(header: impl Into<String>, funcs: impl Into<String>) -> Self {
        LibraryWriter {
            header: header.into(),
            funcs: funcs.into(),
            ..Self::default()
        }
    }

    /// The index of family `name`, added (without machine code) if new.
    pub fn family(&mut self, name: &str) -> u32 {
        let index = match self.families.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                self.families.push((name.to_owned(), Vec::new()));
                self.families.len() - 1
            }
        };
        index as u32
    }

    /// Adds machine code for architecture `sm` (90 for sm_90) to family `index`.
    pub fn image(&mut self, index: u32, sm: u32, cubin: Vec<u8>) {
        self.families[index as usize].1.push((sm, cubin));
    }

    /// Adds an entry point of family `index` with its `.entry` definition.
    pub fn entry(&mut self, name: &str, index: u32, ptx: &str) {
        self.entries.push((name.to_owned(), index, ptx.to_owned()));
    }

    /// The file's bytes.
    pub fn finish(self) -> Vec<u8> {
        fn str(out: &mut Vec<u8>, s: &str) {
            out.extend_from_slice(&(s.len() as u32).to_le_bytes());
            out.extend_from_slice(s.as_bytes());
        }
        fn blob(out: &mut Vec<u8>, raw: &[u8]) {
            let packed = compress_to_vec(raw, LEVEL);
            out.extend_from_slice(&(raw.len() as u64).to_le_bytes());
            out.extend_from_slice(&(packed.len() as u64).to_le_bytes());
            out.extend_from_slice(&packed);
        }
        let mut out = MAGIC.to_vec();
        str(&mut out, &self.header);
        str(&mut out, &self.funcs);
        out.extend_from_slice(&(self.families.len() as u32).to_le_bytes());
        for (name, images) in &self.families {
            str(&mut out, name);
            out.extend_from_slice(&(images.len() as u32).to_le_bytes());
            for (sm, cubin) in images {
                out.extend_from_slice(&sm.to_le_bytes());
                blob(&mut out, cubin);
            }
        }
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for (name, family, ptx) in &self.entries {
            str(&mut out, name);
            out.extend_from_slice(&family.to_le_bytes());
            blob(&mut out, ptx.as_bytes());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{Library, LibraryWriter};

    fn sample() -> Vec<u8> {
        let mut w = LibraryWriter::new(".version 7.0\n", ".func f()\n{\n}\n");
        let scan = w.family("inclusive_scan");
        let own = w.family("transpose");
        assert_eq!(w.family("inclusive_scan"), scan);
        w.image(scan, 80, vec![8, 0]);
        w.image(scan, 90, vec![9, 0]);
        w.entry(
            "parallax_inclusive_scan__Sum__f32",
            scan,
            ".entry a()\n{\n}\n",
        );
        w.entry("transpose_f32", own, ".entry t()\n{\n}\n");
        w.finish()
    }

    #[test]
    fn a_written_library_reads_back() {
        let bytes = sample();
        let lib = Library::parse(&bytes).unwrap();
        assert_eq!(lib.families().len(), 2);
        assert_eq!(lib.entries().len(), 2);
        let e = lib.entry("parallax_inclusive_scan__Sum__f32").unwrap();
        assert_eq!(lib.families()[e.family].name, "inclusive_scan");
        assert_eq!(
            lib.entry_module(e).unwrap(),
            ".version 7.0\n.func f()\n{\n}\n.entry a()\n{\n}\n"
        );
        assert!(lib.entry("missing").is_none());
    }

    #[test]
    fn machine_code_is_picked_by_major_and_earlier_minor() {
        let bytes = sample();
        let lib = Library::parse(&bytes).unwrap();
        let image = |major, minor| lib.image_for(0, major, minor).map(|b| b.bytes().unwrap());
        assert_eq!(image(9, 0), Some(vec![9, 0]));
        assert_eq!(image(8, 6), Some(vec![8, 0]));
        assert_eq!(image(8, 0), Some(vec![8, 0]));
        assert_eq!(lib.image_for(0, 10, 0), None);
        assert_eq!(lib.image_for(0, 7, 5), None);
        assert_eq!(lib.image_for(1, 9, 0), None);
        assert_eq!(lib.image_for(7, 9, 0), None);
    }

    #[test]
    fn truncated_or_foreign_bytes_are_errors() {
        let bytes = sample();
        for cut in [0, 5, 8, 20, bytes.len() - 1] {
            assert!(Library::parse(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            Library::parse(&longer).unwrap_err().reason,
            "the end of the file"
        );
        assert!(Library::parse(b"PXKLIB02").is_err());
        let mut bad_family = sample();
        // The last entry's family index sits before its PTX blob (two lengths and the bytes).
        let packed = miniz_oxide::deflate::compress_to_vec(b".entry t()\n{\n}\n", super::LEVEL);
        let at = bad_family.len() - (16 + packed.len()) - 4;
        bad_family[at] = 9;
        assert_eq!(
            Library::parse(&bad_family).unwrap_err().reason,
            "a family index in range"
        );
        // A piece whose bytes do not inflate to its length reads as an error when loaded.
        let mut bad_piece = sample();
        let last = bad_piece.len() - 1;
        bad_piece[last] ^= 0xFF;
        let lib = Library::parse(&bad_piece).unwrap();
        let e = lib.entry("transpose_f32").unwrap();
        assert!(lib.entry_module(e).is_err());
    }
}
