//! [`DeviceView`] and [`DeviceViewMut`]: a sub-range of a [`DeviceBuffer`], borrowed, usable
//! wherever an operation takes a buffer.
//!
//! A view is a `DeviceBuffer` that does not own its memory (kept in a `ManuallyDrop`, so it
//! is never freed) and lives no longer than the borrow of the buffer it came from. The
//! kernels move inputs and outputs in aligned units of at most 16 bytes (`ld.global.v4.b32`
//! and the like), so a view shares the buffer's memory when its first element is
//! [`VIEW_ALIGN`]-byte aligned; any other view works on an aligned copy instead, made when
//! the view is made and, for a mutable view, copied back when it is dropped (or
//! [`DeviceViewMut::finish`]ed). The conformance suite's views body cuts views at 4-element
//! (16-byte) starts of `i32` vectors, so the GPU suite runs shared views that are 16- but not
//! 256-byte aligned.

use crate::{DeviceBuffer, Error, Result};
use parallaxis_core::DeviceCopy;
use std::marker::PhantomData;
use std::mem::{size_of, ManuallyDrop};
use std::ops::{Deref, Range};

/// The alignment, in bytes, at which a view shares its buffer's memory: the widest load or
/// store a kernel makes (see the module docs).
pub const VIEW_ALIGN: usize = 16;

/// What a view works on: the range itself, or an aligned copy of it.
enum Viewed<T: DeviceCopy> {
    Shared(ManuallyDrop<DeviceBuffer<T>>),
    Staged(DeviceBuffer<T>),
}

impl<T: DeviceCopy> Viewed<T> {
    /// The range `range` of `buf` (in bounds) as a non-owning buffer, or its copy when the
    /// range does not start aligned. Returns the range's own alias too (for the write-back).
    fn of(
        buf: &DeviceBuffer<T>,
        range: Range<usize>,
    ) -> Result<(Self, ManuallyDrop<DeviceBuffer<T>>)> {
        // SAFETY: `range` lies inside `buf` (checked by the callers), and both aliases are
        // kept in `ManuallyDrop` inside a view borrowing `buf`: never freed, never outliving it.
        let home = unsafe { buf.alias(range.clone()) };
        let aligned = (range.start * size_of::<T>()) % VIEW_ALIGN == 0;
        if aligned || range.is_empty() {
            // SAFETY: as above.
            let shared = unsafe { buf.alias(range) };
            return Ok((Viewed::Shared(shared), home));
        }
        // SAFETY: `copy_from` below writes every element before anything reads the copy; on
        // its error the copy is dropped unread.
        let mut copy = unsafe { DeviceBuffer::uninit_on(buf.device(), range.len()) }?;
        copy.copy_from(&home)?;
        Ok((Viewed::Staged(copy), home))
    }

    fn buffer(&self) -> &DeviceBuffer<T> {
        match self {
            Viewed::Shared(b) => b,
            Viewed::Staged(b) => b,
        }
    }

    fn buffer_mut(&mut self) -> &mut DeviceBuffer<T> {
        match self {
            Viewed::Shared(b) => b,
            Viewed::Staged(b) => b,
        }
    }
}

/// Elements `range` of a [`DeviceBuffer`], borrowed for reading (`buf.slice(a..b)`). Derefs
/// to a `DeviceBuffer`, so every operation reads it as it reads a buffer.
///
/// ```no_run
/// use parallaxis_device::{reduce, DeviceBuffer};
/// use parallaxis_core::Sum;
/// let x = DeviceBuffer::from_slice(&[1_u32, 2, 3, 4, 5])?;
/// assert_eq!(reduce(Sum, &*x.slice(1..4)?)?, 9);
/// # Ok::<(), parallaxis_device::Error>(())
/// ```
pub struct DeviceView<'a, T: DeviceCopy> {
    viewed: Viewed<T>,
    _borrow: PhantomData<&'a DeviceBuffer<T>>,
}

/// Elements `range` of a [`DeviceBuffer`], borrowed for writing (`buf.slice_mut(a..b)`).
/// Derefs to a `DeviceBuffer` for reading; writing goes through the `unsafe`
/// [`as_buffer_mut`](Self::as_buffer_mut), whose caller promises not to move the
/// non-owning buffer out.
pub struct DeviceViewMut<'a, T: DeviceCopy> {
    viewed: Viewed<T>,
    /// The range itself: where a staged copy goes back to on drop.
    home: ManuallyDrop<DeviceBuffer<T>>,
    _borrow: PhantomData<&'a mut DeviceBuffer<T>>,
}

impl<T: DeviceCopy> DeviceBuffer<T> {
    /// The elements `range` as a view.
    ///
    /// # Errors
    /// [`Error::RangeOutOfBounds`] unless `range` lies in `0..len`; out of memory or a device
    /// fault staging an unaligned view (see the module docs).
    pub fn slice(&self, range: Range<usize>) -> Result<DeviceView<'_, T>> {
        in_bounds(&range, self.len())?;
        let (viewed, _) = Viewed::of(self, range)?;
        Ok(DeviceView {
            viewed,
            _borrow: PhantomData,
        })
    }

    /// The elements `range` as a mutable view.
    ///
    /// # Errors
    /// As [`slice`](Self::slice).
    pub fn slice_mut(&mut self, range: Range<usize>) -> Result<DeviceViewMut<'_, T>> {
        in_bounds(&range, self.len())?;
        let (viewed, home) = Viewed::of(self, range)?;
        Ok(DeviceViewMut {
            viewed,
            home,
            _borrow: PhantomData,
        })
    }
}

fn in_bounds(range: &Range<usize>, len: usize) -> Result<()> {
    if range.start <= range.end && range.end <= len {
        Ok(())
    } else {
        Err(Error::RangeOutOfBounds {
            start: range.start,
            end: range.end,
            len,
        })
    }
}

impl<T: DeviceCopy> Deref for DeviceView<'_, T> {
    type Target = DeviceBuffer<T>;
    fn deref(&self) -> &DeviceBuffer<T> {
        self.viewed.buffer()
    }
}

impl<T: DeviceCopy> Deref for DeviceViewMut<'_, T> {
    type Target = DeviceBuffer<T>;
    fn deref(&self) -> &DeviceBuffer<T> {
        self.viewed.buffer()
    }
}

impl<T: DeviceCopy> DeviceViewMut<'_, T> {
    /// The view as a writable buffer, for the operations' outputs.
    ///
    /// # Safety
    /// The buffer does not own its memory: the caller must not move it out of the reference
    /// (`std::mem::swap`, `replace`, `take`), which would let it outlive the borrow and be
    /// freed as if it did. Writing its elements through the operations is what it is for.
    pub unsafe fn as_buffer_mut(&mut self) -> &mut DeviceBuffer<T> {
        self.viewed.buffer_mut()
    }
}

impl<T: DeviceCopy> DeviceViewMut<'_, T> {
    /// Ends the view, reporting the error of copying a staged view back (dropping the view
    /// does the same copy but cannot report it).
    ///
    /// # Errors
    /// A device fault queueing the copy back.
    pub fn finish(mut self) -> Result<()> {
        self.write_back()
    }

    /// Copies a staged view's contents back into its range, once: afterwards the view is
    /// the range itself.
    fn write_back(&mut self) -> Result<()> {
        let Viewed::Staged(copy) = &self.viewed else {
            return Ok(());
        };
        // Queued on the stream after the writes into the copy.
        let copied = self.home.copy_from(copy);
        // SAFETY: `home` is this view's range; the alias stays in the view, like `home`. The
        // copy is freed here, ordered on the stream after the copy back.
        self.viewed = Viewed::Shared(unsafe { self.home.alias(0..self.home.len()) });
        copied
    }
}

impl<T: DeviceCopy> Drop for DeviceViewMut<'_, T> {
    fn drop(&mut self) {
        // A sticky fault of the copy poisons the device (`Device::fail`), so the next
        // operation reports it; a failure to queue it is lost: use `finish` to see it.
        let _ = self.write_back();
    }
}
