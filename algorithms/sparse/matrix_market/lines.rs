//! Lines of a Matrix Market file, numbered from 1, each bounded in length and checked to be
//! UTF-8.

use super::err;
use crate::Result;
use std::io::BufRead;

/// A line reader that never holds more than `max_bytes` of one line: past that it stops with
/// an error naming the line, so `/dev/zero` or a 3 GB comment line fails after reading
/// `max_bytes`, instead of growing a buffer until the allocation aborts.
pub(super) struct Lines<R> {
    reader: R,
    max_bytes: usize,
    bytes: Vec<u8>,
    /// The 1-based number of the line last read (0 before the first).
    pub(super) number: usize,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(reader: R, max_bytes: usize) -> Self {
        Self {
            reader,
            max_bytes,
            bytes: Vec::new(),
            number: 0,
        }
    }

    /// Reads the next line into `bytes` (its `\n` dropped); `false` at the end of the input.
    fn advance(&mut self) -> Result<bool> {
        self.bytes.clear();
        let mut read_any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(err(0, format!("read failed: {e}"))),
            };
            if chunk.is_empty() {
                break;
            }
            read_any = true;
            let (take, ends) = match chunk.iter().position(|&b| b == b'\n') {
                Some(at) => (at, true),
                None => (chunk.len(), false),
            };
            // One byte beyond the bound is room for a `\r` of a CRLF line ending, which
            // the line's length does not count (checked once it is dropped, below).
            if self.bytes.len() + take > self.max_bytes.saturating_add(1) {
                let (line, max) = (self.number + 1, self.max_bytes);
                return Err(err(line, format!("line longer than {max} bytes")));
            }
            parallaxis_core::try_grow(&mut self.bytes, take)?;
            self.bytes.extend_from_slice(&chunk[..take]);
            self.reader.consume(take + usize::from(ends));
            if ends {
                break;
            }
        }
        if !read_any {
            return Ok(false);
        }
        self.number += 1;
        if self.bytes.last() == Some(&b'\r') {
            self.bytes.pop();
        }
        if self.bytes.len() > self.max_bytes {
            let (line, max) = (self.number, self.max_bytes);
            return Err(err(line, format!("line longer than {max} bytes")));
        }
        Ok(true)
    }

    /// The text of the line last read.
    fn text(&self) -> Result<&str> {
        std::str::from_utf8(&self.bytes).map_err(|_| err(self.number, "not UTF-8"))
    }

    /// The next line, numbered.
    pub(super) fn next_line(&mut self) -> Result<Option<(usize, &str)>> {
        if !self.advance()? {
            return Ok(None);
        }
        Ok(Some((self.number, self.text()?)))
    }

    /// The next line that is neither blank nor a `%` comment, numbered.
    pub(super) fn next_data(&mut self) -> Result<Option<(usize, &str)>> {
        while self.advance()? {
            let t = self.text()?.trim_start();
            if !t.is_empty() && !t.starts_with('%') {
                return Ok(Some((self.number, self.text()?)));
            }
        }
        Ok(None)
    }
}
