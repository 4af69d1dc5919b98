//! The instantiation list of the key word types: keys of 1, 2, 4 and 8 bytes are compared
//! and moved as unsigned words of that width (bitwise equality, which is `==` for the integer
//! key types that map to them). The segmented monoid kernels use
//! [`for_each_monoid_instance!`](crate::for_each_monoid_instance) like the plain scans.

/// Calls `$cb!` with every key word type as `(Word: Word, TypeTag: Type)`.
#[macro_export]
macro_rules! for_each_key_word_instance {
    ($cb:ident) => {
        $cb! {
            (Word: $crate::params_segmented::KeyWord, u8: u8),
            (Word: $crate::params_segmented::KeyWord, u16: u16),
            (Word: $crate::params_segmented::KeyWord, u32: u32),
            (Word: $crate::params_segmented::KeyWord, u64: u64),
        }
    };
}
