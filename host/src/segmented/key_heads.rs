//! Segment heads from keys, for the segmented scans by key: a head wherever a key differs
//! from the one before it, across chunk edges too (see [`super::heads`] for the two
//! forms every kind of heads takes).

use super::heads::{push, too_dense, Heads};
use crate::chunk::lanes::Source;

/// Heads where a key differs from the one before it.
pub(crate) struct KeyHeads<'a, K>(pub(crate) &'a [K]);

/// Keys compared per step of the list's skip loop: one broadcast compare against the key
/// before them, which vectorizes (comparing neighbours with `windows(2)` shuffled).
const KEY_BLOCK: usize = 16;

impl<K: Copy + PartialEq + Sync> Heads for KeyHeads<'_, K> {
    type Src<'s, T: Copy + 's>
        = KeySource<'s, T, K>
    where
        Self: 's;
    fn source<'s, T: Copy>(
        &'s self,
        x: &'s [T],
        start: usize,
        _: &'s mut Vec<bool>,
    ) -> Self::Src<'s, T> {
        let keys = self.0.get(start..).unwrap_or(&[]);
        KeySource {
            x: &x[..x.len().min(keys.len())],
            keys: &keys[..keys.len().min(x.len())],
            before: start.checked_sub(1).and_then(|i| self.0.get(i)).copied(),
        }
    }

    fn list(&self, start: usize, len: usize, out: &mut Vec<u32>) -> bool {
        let keys = self.0.get(start..).unwrap_or(&[]);
        let keys = &keys[..keys.len().min(len)];
        let Some(k0) = keys.first() else {
            return true;
        };
        if start.checked_sub(1).and_then(|i| self.0.get(i)) != Some(k0) {
            push(out, 0);
        }
        let mut i = 1;
        while let (Some(prev), Some(block)) =
            (keys.get(i - 1), keys.get(i..keys.len().min(i + KEY_BLOCK)))
        {
            if block.is_empty() {
                break;
            }
            // An or-fold, not `any`: no early exit, so it compiles to a few vector compares.
            if block.iter().fold(false, |a, k| a | (k != prev)) {
                let mut p = prev;
                for (t, k) in block.iter().enumerate() {
                    if k != p {
                        push(out, i + t);
                    }
                    p = k;
                }
            }
            i += block.len();
            if too_dense(out.len(), i) {
                return false;
            }
        }
        true
    }
}

/// A chunk's values and keys, and the key before the chunk (`None` at index 0).
pub(crate) struct KeySource<'s, T, K> {
    x: &'s [T],
    keys: &'s [K],
    before: Option<K>,
}

impl<T: Copy, K: Copy + PartialEq> Source for KeySource<'_, T, K> {
    type Item = (T, bool);
    fn len(&self) -> usize {
        self.x.len()
    }
    #[inline(always)]
    unsafe fn at(&self, i: usize) -> (T, bool) {
        // SAFETY: the caller guarantees `i < self.len()`, and `keys` is as long as `x`;
        // `i - 1` is read only when `i >= 1`.
        unsafe {
            let k = *self.keys.get_unchecked(i);
            let head = match i.checked_sub(1) {
                Some(p) => *self.keys.get_unchecked(p) != k,
                None => self.before != Some(k),
            };
            (*self.x.get_unchecked(i), head)
        }
    }
}
