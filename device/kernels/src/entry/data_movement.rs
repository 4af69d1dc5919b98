//! The instantiation list of the data-movement kernels: which word sizes and map index types
//! the gather, scatter, reverse and interleave kernels move. The kernels crate expands it into
//! entry points and `parallaxis-device` into the names it launches, both through
//! [`crate::entry_name!`].

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
