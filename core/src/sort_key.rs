//! `SortKey`: element types a radix sort orders, through an order-preserving map to unsigned
//! bits ([`SortKey::order_bits`]), and the total order that map realises
//! ([`SortKey::total_cmp_key`], the specification the reference sort uses).
//!
//! The order, for every backend:
//! - unsigned integers: their value; signed integers: their value (the sign bit flipped);
//! - `f32` / `f64`: `-inf < ... < -0.0 < +0.0 < ... < +inf < NaN`, all NaNs (any sign, any
//!   payload) equal to each other, so a stable sort keeps them in input order, after every
//!   number. Descending sorts reverse the order: NaNs first, then `+inf` down to `+0.0`,
//!   `-0.0`, `-inf`; equal keys (all NaNs among them) still keep their input order.

use core::cmp::Ordering;

/// Unsigned words a radix sort extracts digits from: `u8`, `u16`, `u32`, `u64`.
///
/// Sealed: the sorts index their 256 bins by [`digit`](Self::digit) without a check, so only
/// these four words implement it.
///
/// ```
/// use parallaxis_core::RadixBits;
/// assert_eq!(0xABCD_u32.digit(8), 0xAB);
/// assert_eq!(<u16 as RadixBits>::BITS, 16);
/// ```
///
/// ```compile_fail,E0277
/// // A type of one's own cannot be a radix word (the trait is sealed).
/// #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
/// struct Wide(u128);
/// impl parallaxis_core::RadixBits for Wide {
///     const BITS: u32 = 128;
///     const ONES: Self = Wide(u128::MAX);
///     fn xor(self, o: Self) -> Self { Wide(self.0 ^ o.0) }
///     fn digit(self, shift: u32) -> usize { (self.0 >> shift) as usize }
/// }
/// ```
pub trait RadixBits: sealed::Word + Copy + Ord + Send + Sync + 'static {
    /// The width in bits.
    const BITS: u32;
    /// Every bit set (descending sorts XOR the bits with it).
    const ONES: Self;
    /// `self ^ other`.
    fn xor(self, other: Self) -> Self;
    /// The 8-bit digit at bit `shift` (`shift < BITS`).
    fn digit(self, shift: u32) -> usize;
}

mod sealed {
    /// The four unsigned words; implemented here only.
    pub trait Word {}
}

macro_rules! radix_bits {
    ($($t:ty),*) => { $(
        impl sealed::Word for $t {}
        impl RadixBits for $t {
            const BITS: u32 = <$t>::BITS;
            const ONES: Self = <$t>::MAX;
            #[inline(always)]
            fn xor(self, other: Self) -> Self {
                self ^ other
            }
            #[inline(always)]
            fn digit(self, shift: u32) -> usize {
                ((self >> shift) & 0xff) as usize
            }
        }
    )* };
}
radix_bits!(u8, u16, u32, u64);

/// A key type with a documented total order that a radix sort can realise on bits.
///
/// # Safety
/// [`order_bits`](Self::order_bits) is a pure function of the key's value: every call on
/// equal keys (the same bytes) returns the same bits. The sorts count every key's digits in
/// one pass and move the keys by their digits in another, into slots sized by the counts;
/// keys whose bits changed between the passes would be written past their slots.
///
/// ```
/// use parallaxis_core::SortKey;
/// assert!((-0.0_f32).order_bits() < 0.0_f32.order_bits());
/// assert!(f32::INFINITY.order_bits() < f32::NAN.order_bits());
/// assert!((-f32::NAN).order_bits() == f32::NAN.order_bits()); // NaNs are one key
/// assert!((-5_i32).order_bits() < 3_i32.order_bits());
/// ```
///
/// Implementing it takes `unsafe impl`, stating the contract above:
///
/// ```compile_fail,E0200
/// #[derive(Clone, Copy)]
/// struct Id(u32);
/// // SAFETY: a plain integer.
/// unsafe impl parallaxis_core::DeviceCopy for Id {}
/// impl parallaxis_core::SortKey for Id {
///     type Bits = u32;
///     fn order_bits(self) -> u32 { self.0 }
///     fn total_cmp_key(&self, o: &Self) -> core::cmp::Ordering { self.0.cmp(&o.0) }
/// }
/// ```
pub unsafe trait SortKey: crate::DeviceCopy {
    /// The unsigned word of the key's width.
    type Bits: RadixBits;
    /// The order-preserving map: `a.total_cmp_key(&b) == a.order_bits().cmp(&b.order_bits())`.
    fn order_bits(self) -> Self::Bits;
    /// The total order (module docs), defined by comparisons rather than bits: the
    /// specification [`crate::reference::sort`] sorts by.
    fn total_cmp_key(&self, other: &Self) -> Ordering;
}

macro_rules! unsigned_key {
    ($($t:ty => $b:ty),*) => { $(
        // SAFETY: `order_bits` is arithmetic on the value alone.
        unsafe impl SortKey for $t {
            type Bits = $b;
            #[inline(always)]
            fn order_bits(self) -> $b {
                self as $b
            }
            #[inline]
            fn total_cmp_key(&self, other: &Self) -> Ordering {
                self.cmp(other)
            }
        }
    )* };
}
unsigned_key!(u8 => u8, u16 => u16, u32 => u32, u64 => u64, usize => u64);

macro_rules! signed_key {
    ($($t:ty => $b:ty),*) => { $(
        // SAFETY: `order_bits` is arithmetic on the value alone.
        unsafe impl SortKey for $t {
            type Bits = $b;
            #[inline(always)]
            fn order_bits(self) -> $b {
                // Two's complement with the sign bit flipped orders as unsigned.
                (self as $b) ^ (1 << (<$b>::BITS - 1))
            }
            #[inline]
            fn total_cmp_key(&self, other: &Self) -> Ordering {
                self.cmp(other)
            }
        }
    )* };
}
signed_key!(i8 => u8, i16 => u16, i32 => u32, i64 => u64, isize => u64);

macro_rules! float_key {
    ($($t:ty => $b:ty | $s:ty),*) => { $(
        // SAFETY: `order_bits` is arithmetic on the value alone.
        unsafe impl SortKey for $t {
            type Bits = $b;
            #[inline(always)]
            fn order_bits(self) -> $b {
                let b = self.to_bits();
                let sign: $b = 1 << (<$b>::BITS - 1);
                // Negative values flip every bit, the others only the sign: one xor with the
                // sign bit smeared right by an arithmetic shift, no branch (the GPU sorts
                // map every key this way, twice per pass).
                let flip = ((b as $s) >> (<$b>::BITS - 1)) as $b | sign;
                // Every NaN is one key, above +inf (whose bits map to `ONES >> ..`).
                if self.is_nan() { <$b>::MAX } else { b ^ flip }
            }
            #[inline]
            fn total_cmp_key(&self, other: &Self) -> Ordering {
                match (self.is_nan(), other.is_nan()) {
                    (true, true) => Ordering::Equal,
                    (true, false) => Ordering::Greater,
                    (false, true) => Ordering::Less,
                    // IEEE 754 totalOrder: -0.0 before +0.0.
                    (false, false) => self.total_cmp(other),
                }
            }
        }
    )* };
}
float_key!(f32 => u32 | i32, f64 => u64 | i64);

/// Ascending or descending, for the sorts.
///
/// ```
/// use parallaxis_core::Order;
/// // What a radix sort XORs each key's order bits with: descending flips every bit.
/// assert_eq!(Order::Ascending.mask::<u8>(), 0);
/// assert_eq!(Order::Descending.mask::<u8>(), 0xff);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Smallest key first.
    #[default]
    Ascending,
    /// Largest key first (the reverse total order; equal keys keep their input order).
    Descending,
}

impl Order {
    /// The mask a radix sort XORs key bits with: zero ascending, all ones descending.
    #[inline(always)]
    pub fn mask<W: RadixBits>(self) -> W {
        match self {
            Order::Ascending => W::ONES.xor(W::ONES),
            Order::Descending => W::ONES,
        }
    }
}
