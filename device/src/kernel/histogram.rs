//! Host-side kernel traits of the histogram and data-movement families: the histogram's from
//! the kernels crate's family declaration (`entry/families/histogram.rs`), the data
//! movement's entry tables from its list (`for_each_move_word!`).

use parallaxis_core::{HistogramCounter, HistogramSample};
use parallaxis_kernels::entry_name;

/// A sample type with histogram kernels for counters `C`.
///
/// # Safety
/// `EVEN` must name an entry point taking exactly `HistogramEvenParams<Self, C>` and `RANGE`
/// one taking `HistogramRangeParams<Self, C>`, in [`crate::KERNELS`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no CUDA histogram kernel",
    label = "no GPU kernel for this type",
    note = "samples on CUDA: u8, i8, u16, i16, u32, i32, f32, f64; counters u32, u64",
    note = "closures and operators without kernels run on the CPU backends (`DeviceVector<T, Rayon>`, `DeviceVector<T, Sequential>`)"
)]
pub unsafe trait HistogramKernel<C: HistogramCounter>: HistogramSample {
    /// `parallax_histogram_even__<T>__<C>`.
    const EVEN: &'static str;
    /// `parallax_histogram_range__<T>__<C>`.
    const RANGE: &'static str;
}

// The stock sample types of the histogram family's declaration: the same declaration
// generates the entry points, so a sample type has both or neither.
parallaxis_kernels::__histogram_family!(@stock @host);

/// The data-movement entry points of one word size and map index width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveEntries {
    /// `parallax_gather__<W>__<I>` (`MoveParams<I, W>`).
    pub(crate) gather: &'static str,
    /// `parallax_scatter__<W>__<I>` (`MoveParams<I, W>`).
    pub(crate) scatter: &'static str,
}

macro_rules! move_tables {
    (words: $( ($wt:ident: $w:ty) ),*; indices: $idx:tt) => {
        /// The gather and scatter entry points for words of `word` bytes and map indices of
        /// `index` bytes (`None` for a size without kernels).
        pub(crate) fn move_entries(word: usize, index: usize) -> Option<MoveEntries> {
            $( if word == size_of::<$w>() {
                return move_tables!(@index $wt, index, $idx);
            } )*
            None
        }

        /// The reverse entry point for words of `word` bytes (`ReverseParams<W>`).
        pub(crate) fn reverse_entry(word: usize) -> Option<&'static str> {
            $( if word == size_of::<$w>() {
                return Some(entry_name!(reverse, $wt, Word));
            } )*
            None
        }

        /// The interleave entry point for words of `word` bytes (`InterleaveParams<W>`).
        pub(crate) fn interleave_entry(word: usize) -> Option<&'static str> {
            $( if word == size_of::<$w>() {
                return Some(entry_name!(interleave, $wt, Word));
            } )*
            None
        }

        /// The map check's entry point for indices of `index` bytes (`CheckMapParams<I>`).
        pub(crate) fn check_entry(index: usize) -> Option<&'static str> {
            move_tables!(@check index, $idx)
        }
    };
    (@index $wt:ident, $index:ident, ( $( [$it:ident: $i:ty] ),* )) => {{
        $( if $index == size_of::<$i>() {
            return Some(MoveEntries {
                gather: entry_name!(gather, $wt, $it),
                scatter: entry_name!(scatter, $wt, $it),
            });
        } )*
        None
    }};
    (@check $index:ident, ( $( [$it:ident: $i:ty] ),* )) => {{
        $( if $index == size_of::<$i>() {
            return Some(entry_name!(check_map, Index, $it));
        } )*
        None
    }};
}
use std::mem::size_of;
parallaxis_kernels::for_each_move_word!(move_tables);
