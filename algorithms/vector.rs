//! `DeviceVector`: a vector in a backend's memory (Thrust's `device_vector`).

use crate::{Backend, DefaultBackend, Result, Sequential};
use core::fmt;
use parallaxis_core::DeviceCopy;

/// A vector of `T` in the memory of backend `B` (the GPU with `--features cuda`, host memory
/// otherwise). Every algorithm takes and returns these; moving data between host and device
/// is always explicit (`from_slice`, `to_vec`, [`copy_to`](Self::copy_to)).
///
/// ```
/// use parallaxis::{DeviceVector, Rayon, Sequential};
/// let v = DeviceVector::<f32>::from_slice(&[1.0, 2.0, 3.0])?;
/// assert_eq!(v.len(), 3);
/// assert_eq!(v.to_vec()?, [1.0, 2.0, 3.0]);
/// // Explicit backends, and copies between them:
/// let h: DeviceVector<i32, Sequential> = vec![4, 5].into();
/// let r: DeviceVector<i32, Rayon> = h.copy_to()?;
/// assert_eq!(r.as_slice(), [4, 5]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub struct DeviceVector<T: DeviceCopy, B: Backend = DefaultBackend> {
    buf: B::Buffer<T>,
}

/// Thrust's `host_vector`: a `DeviceVector` in host memory on the sequential backend.
///
/// ```
/// use parallaxis::{DeviceVector, HostVector};
/// let h = HostVector::<i32>::from_slice(&[1, 2, 3])?;
/// let d: DeviceVector<i32> = h.copy_to()?; // onto the default backend
/// assert_eq!(d.to_vec()?, [1, 2, 3]);
/// # Ok::<(), parallaxis::Error>(())
/// ```
pub type HostVector<T> = DeviceVector<T, Sequential>;

impl<T: DeviceCopy, B: Backend> DeviceVector<T, B> {
    /// Copies a host slice into backend memory.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) or a device fault.
    pub fn from_slice(data: &[T]) -> Result<Self> {
        Ok(Self {
            buf: B::from_slice(data)?,
        })
    }

    /// Moves a host vector into backend memory (no copy on host backends).
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) or a device fault.
    pub fn from_vec(data: Vec<T>) -> Result<Self> {
        Ok(Self {
            buf: B::from_vec(data)?,
        })
    }

    /// `len` elements, all zero (`0`, `0.0`, `false`).
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) or a device fault.
    pub fn zeros(len: usize) -> Result<Self> {
        Ok(Self {
            buf: B::zeroed(len)?,
        })
    }

    /// `len` elements for an algorithm to overwrite whole (see [`Backend::for_overwrite`]).
    ///
    /// # Safety
    /// As [`Backend::for_overwrite`]: every element written before the vector is read or
    /// returned, or the vector dropped unread.
    pub(crate) unsafe fn for_overwrite(len: usize) -> Result<Self> {
        Ok(Self {
            // SAFETY: as the caller guarantees.
            buf: unsafe { B::for_overwrite(len) }?,
        })
    }

    /// `len` copies of `value`.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) or a device fault.
    pub fn filled(len: usize, value: T) -> Result<Self> {
        // SAFETY: `fill` writes every element; on an error `v` is dropped unread.
        let mut v = unsafe { Self::for_overwrite(len) }?;
        B::fill(v.buffer_mut(), value)?;
        Ok(v)
    }

    /// Copies the contents back to a host `Vec`.
    ///
    /// # Errors
    /// A device fault.
    pub fn to_vec(&self) -> Result<Vec<T>> {
        B::to_vec(self.buffer())
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        B::len(self.buffer())
    }

    /// `true` when there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Copies into a vector on backend `B2` (through host memory).
    ///
    /// # Errors
    /// Out of memory or a device fault on either side.
    pub fn copy_to<B2: Backend>(&self) -> Result<DeviceVector<T, B2>> {
        DeviceVector::from_vec(self.to_vec()?)
    }

    /// A copy on the same backend.
    ///
    /// # Errors
    /// Out of memory or a device fault.
    pub fn try_clone(&self) -> Result<Self> {
        self.copy_to()
    }

    /// Collects an iterator into a new vector: the fallible form of `collect()` (which host
    /// vectors also have, through [`FromIterator`]; on the GPU only this form exists, because a
    /// device error cannot be returned from `FromIterator`). The elements are gathered in host
    /// memory first (growth by `try_reserve`), then moved (host backends) or copied (CUDA).
    ///
    /// # Errors
    /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) when host or backend memory runs out
    /// (nothing is leaked), or a device fault.
    ///
    /// ```
    /// use parallaxis::{DeviceVector, Sequential};
    /// let squares = DeviceVector::<u64, Sequential>::try_from_iter((0..4_u64).map(|i| i * i))?;
    /// assert_eq!(squares.to_vec()?, [0, 1, 4, 9]);
    /// # Ok::<(), parallaxis::Error>(())
    /// ```
    pub fn try_from_iter<I: IntoIterator<Item = T>>(iter: I) -> Result<Self> {
        let mut host = Vec::new();
        try_extend_vec(&mut host, iter)?;
        Self::from_vec(host)
    }

    /// The elements as the backend's algorithms take them (a slice on the host backends, the
    /// `DeviceBuffer` on CUDA).
    pub fn buffer(&self) -> &B::Slice<T> {
        B::as_slice(&self.buf)
    }

    /// The elements as the backend's algorithms write them.
    pub fn buffer_mut(&mut self) -> &mut B::Slice<T> {
        B::as_slice_mut(&mut self.buf)
    }

    /// Wraps a backend buffer.
    pub fn from_buffer(buf: B::Buffer<T>) -> Self {
        Self { buf }
    }

    /// Unwraps the backend buffer (the CUDA interop hands it on, `interop_cuda.rs`).
    #[cfg_attr(not(feature = "cuda"), allow(dead_code))]
    pub(crate) fn into_buffer(self) -> B::Buffer<T> {
        self.buf
    }
}

impl<T: DeviceCopy + fmt::Debug, B: Backend> fmt::Debug for DeviceVector<T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::view::debug_elements(f, "DeviceVector", self)
    }
}

/// Host backends keep a `Vec<T>`: these vectors get the slice API, `From`, `Clone` and
/// iterators at no cost.
macro_rules! host_vector_impls {
    ($backend:ty) => {
        impl<T: DeviceCopy> DeviceVector<T, $backend> {
            /// The elements as a slice (host backends only).
            pub fn as_slice(&self) -> &[T] {
                &self.buf
            }
            /// The elements as a mutable slice (host backends only).
            pub fn as_mut_slice(&mut self) -> &mut [T] {
                &mut self.buf
            }
            /// Unwraps the `Vec` (host backends only).
            pub fn into_vec(self) -> Vec<T> {
                self.buf
            }
            /// Appends the elements of `iter`: the fallible form of [`Extend::extend`]
            /// (host backends only). On an error the elements appended so far stay.
            ///
            /// # Errors
            /// [`Error::OutOfMemory`](crate::Error::OutOfMemory) when the vector cannot grow.
            pub fn try_extend<I: IntoIterator<Item = T>>(&mut self, iter: I) -> Result<()> {
                try_extend_vec(&mut self.buf, iter)
            }
        }
        /// Appends like `Vec::extend` (and aborts on out-of-memory, as `Vec` does; see
        /// [`DeviceVector::try_extend`]).
        impl<T: DeviceCopy> Extend<T> for DeviceVector<T, $backend> {
            fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
                self.buf.extend(iter)
            }
        }
        impl<T: DeviceCopy> From<Vec<T>> for DeviceVector<T, $backend> {
            fn from(v: Vec<T>) -> Self {
                Self { buf: v }
            }
        }
        impl<T: DeviceCopy> From<&[T]> for DeviceVector<T, $backend> {
            fn from(v: &[T]) -> Self {
                Self { buf: v.to_vec() }
            }
        }
        /// Collects like `Vec` (and aborts on out-of-memory, as `Vec` does; see
        /// [`DeviceVector::try_from_iter`]).
        impl<T: DeviceCopy> FromIterator<T> for DeviceVector<T, $backend> {
            fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
                Self {
                    buf: iter.into_iter().collect(),
                }
            }
        }
        impl<T: DeviceCopy> Clone for DeviceVector<T, $backend> {
            fn clone(&self) -> Self {
                Self {
                    buf: self.buf.clone(),
                }
            }
        }
        impl<T: DeviceCopy + PartialEq> PartialEq for DeviceVector<T, $backend> {
            fn eq(&self, other: &Self) -> bool {
                self.buf == other.buf
            }
        }
        impl<'a, T: DeviceCopy> IntoIterator for &'a DeviceVector<T, $backend> {
            type Item = &'a T;
            type IntoIter = core::slice::Iter<'a, T>;
            fn into_iter(self) -> Self::IntoIter {
                self.buf.iter()
            }
        }
        impl<T: DeviceCopy> core::ops::Deref for DeviceVector<T, $backend> {
            type Target = [T];
            fn deref(&self) -> &[T] {
                &self.buf
            }
        }
    };
}
host_vector_impls!(Sequential);
#[cfg(feature = "rayon")]
host_vector_impls!(crate::Rayon);

/// Appends `iter` to `v`, growing it with `try_reserve` (by the iterator's lower size hint,
/// at least one element), so that running out of memory is an error, not an abort.
fn try_extend_vec<T, I: IntoIterator<Item = T>>(v: &mut Vec<T>, iter: I) -> Result<()> {
    let mut iter = iter.into_iter();
    while let Some(x) = iter.next() {
        if v.len() == v.capacity() {
            parallaxis_core::try_grow(v, iter.size_hint().0.saturating_add(1))?;
        }
        v.push(x);
    }
    Ok(())
}
