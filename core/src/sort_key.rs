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
///     fn and(self, o: Self) -> Self { Wide(self.0 & o.0) }
///     fn from_low(w: u64) -> Self { Wide(u128::from(w)) }
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
    /// `self & other`.
    fn and(self, other: Self) -> Self;
    /// The low `BITS` bits of `w`.
    fn from_low(w: u64) -> Self;
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
            #[inline(always)]
            fn and(self, other: Self) -> Self {
                self & other
            }
            #[inline(always)]
            fn from_low(w: u64) -> Self {
                w as $t
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

impl Order {
    /// This order over the bits `bits` of the keys' [`order_bits`](SortKey::order_bits)
    /// alone (CUB's `begin_bit..end_bit`): the sort compares only those bits, stably, so keys
    /// equal there keep their input order. Bit 0 is the lowest; for unsigned integers the
    /// order bits are the key itself, so `0..12` sorts by the low 12 bits.
    ///
    /// ```
    /// use parallaxis_core::{reference, Order};
    /// let mut out = [0_u32; 4];
    /// // By bits 4..8 (the second hex digit) alone; 0x21 and 0x25 keep their order.
    /// reference::sort(&[0x25, 0x13, 0x21, 0x02], &mut out, Order::Ascending.bits(4..8))?;
    /// assert_eq!(out, [0x02, 0x13, 0x25, 0x21]);
    /// # Ok::<(), parallaxis_core::Error>(())
    /// ```
    #[must_use]
    pub fn bits(self, bits: core::ops::Range<u32>) -> RadixOrder {
        RadixOrder {
            order: self,
            begin: bits.start,
            end: Some(bits.end),
        }
    }
}

/// An [`Order`] over a range of the keys' order bits: what the radix sorts take
/// (`Order::Ascending` converts to the whole width; [`Order::bits`] names a range).
///
/// ```
/// use parallaxis_core::{Order, RadixOrder};
/// assert_eq!(RadixOrder::from(Order::Descending).bit_range::<u16>()?, 0..16);
/// assert_eq!(Order::Ascending.bits(3..9).keep::<u16>()?, 0b1_1111_1000);
/// assert!(Order::Ascending.bits(0..33).bit_range::<u32>().is_err()); // beyond the key
/// # Ok::<(), parallaxis_core::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RadixOrder {
    order: Order,
    begin: u32,
    /// `None`: to the key's width.
    end: Option<u32>,
}

impl From<Order> for RadixOrder {
    fn from(order: Order) -> Self {
        RadixOrder {
            order,
            begin: 0,
            end: None,
        }
    }
}

impl RadixOrder {
    /// Ascending or descending.
    pub fn order(self) -> Order {
        self.order
    }

    /// The bits compared, for keys whose order bits are `W`.
    ///
    /// # Errors
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) unless
    /// `begin <= end <= W::BITS`.
    #[cfg(feature = "alloc")]
    pub fn bit_range<W: RadixBits>(self) -> crate::Result<core::ops::Range<u32>> {
        let end = self.end.unwrap_or(W::BITS);
        if end > W::BITS {
            return Err(crate::Error::InvalidArgument {
                what: "sort bit range",
                reason: "ends beyond the key's bits",
            });
        }
        if self.begin > end {
            return Err(crate::Error::InvalidArgument {
                what: "sort bit range",
                reason: "begins after its end",
            });
        }
        Ok(self.begin..end)
    }

    /// Whether every bit of a `W` is compared (the range is the whole width).
    ///
    /// # Errors
    /// As [`bit_range`](Self::bit_range).
    #[cfg(feature = "alloc")]
    pub fn is_whole<W: RadixBits>(self) -> crate::Result<bool> {
        Ok(self.bit_range::<W>()? == (0..W::BITS))
    }

    /// The mask of the compared bits, which a radix sort ANDs the (order-flipped) bits with.
    ///
    /// # Errors
    /// As [`bit_range`](Self::bit_range).
    #[cfg(feature = "alloc")]
    pub fn keep<W: RadixBits>(self) -> crate::Result<W> {
        Ok(W::from_low(self.keep_low::<W>()?))
    }

    /// [`keep`](Self::keep) in the low bits of a `u64` (what the GPU kernels take).
    ///
    /// # Errors
    /// As [`bit_range`](Self::bit_range).
    #[cfg(feature = "alloc")]
    pub fn keep_low<W: RadixBits>(self) -> crate::Result<u64> {
        Ok(keep_mask(self.bit_range::<W>()?))
    }
}

/// The mask with the bits `r` set (`r.end <= 64`).
#[cfg(feature = "alloc")]
fn keep_mask(r: core::ops::Range<u32>) -> u64 {
    let below = |b: u32| if b >= 64 { u64::MAX } else { (1_u64 << b) - 1 };
    below(r.end) & !below(r.start)
}
