//! The input position each output item of a batched top-k takes when every segment has
//! been sorted in place: segment `s` keeps the first `out_offsets[s + 1] - out_offsets[s]`
//! items from `offsets[s]` on. Built on the host by the CUDA backend, which then gathers; kept
//! apart so that the host tests cover it.

use crate::{Error, Result};
use parallaxis_core::try_with_capacity;

/// `p` with `p[out_offsets[s] + i] = offsets[s] + i` for every segment `s` and
/// `i < out_offsets[s + 1] - out_offsets[s]`, as `I` (valid offsets, `out_offsets` as many,
/// from 0, each range no longer than its segment).
///
/// # Errors
/// `OutOfMemory` for the positions; `InvalidArgument` when a position does not fit in `I`.
pub(crate) fn kept_positions<I: TryFrom<usize>>(
    offsets: &[usize],
    out_offsets: &[usize],
) -> Result<Vec<I>> {
    let total = out_offsets.last().copied().unwrap_or(0);
    let mut p = try_with_capacity(total)?;
    for (w, ow) in offsets.windows(2).zip(out_offsets.windows(2)) {
        for i in w[0]..w[0] + (ow[1] - ow[0]) {
            let i = I::try_from(i).map_err(|_| Error::InvalidArgument {
                what: "batched top-k positions",
                reason: "a position does not fit the index type",
            })?;
            p.push(i);
        }
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::kept_positions;

    #[test]
    fn each_segment_keeps_its_front() {
        // Segments of 3, 0, 5 and 1 items keeping 2, 0, 2 and 1.
        let p = kept_positions::<u32>(&[0, 3, 3, 8, 9], &[0, 2, 2, 4, 5]).unwrap();
        assert_eq!(p, [0, 1, 3, 4, 8]);
        assert!(kept_positions::<u8>(&[0, 300], &[0, 300]).is_err());
        assert!(kept_positions::<u64>(&[0], &[0]).unwrap().is_empty());
    }
}
