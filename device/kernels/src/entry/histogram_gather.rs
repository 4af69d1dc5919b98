//! The instantiation lists of the histogram and data-movement families: which sample types
//! have histogram kernels, and which word sizes and map index types the gather, scatter and
//! reverse kernels move. The kernels crate expands them into entry points and
//! `parallaxis-device` into the names it launches, both through [`crate::entry_name!`].

/// Calls `$cb!` with every histogram sample type as `(Tag: Type, ITEMS)`, `ITEMS` being the
/// samples in one 16-byte run. Each has `histogram_even` and `histogram_range` kernels for
/// `u32` and `u64` counters (`parallax_histogram_even__<T>__<C>`).
#[macro_export]
macro_rules! for_each_histogram_sample {
    ($cb:ident) => {
        $cb! {
            (u8: u8, 16),
            (i8: i8, 16),
            (u16: u16, 8),
            (i16: i16, 8),
            (u32: u32, 4),
            (i32: i32, 4),
            (f32: f32, 4),
            (f64: f64, 2),
        }
    };
}

/// Calls `$cb!` with every word the data-movement kernels move, as `(Tag: Type)`, and the map
/// index types as `([Tag: Type], ...)`: `parallax_gather__<W>__<I>`, `parallax_scatter__<W>__<I>`,
/// `parallax_reverse__<W>__Word`, `parallax_interleave__<W>__Word`,
/// `parallax_check_map__Index__<I>`.
#[macro_export]
macro_rules! for_each_move_word {
    ($cb:ident) => {
        $cb! {
            words: (W1: u8), (W2: u16), (W4: u32), (W8: u64),
                (W16: $crate::params::gather::Word16);
            indices: ([u32: u32], [u64: u64])
        }
    };
}
