//! A monoid-law checker users can run on their own monoids before trusting a parallel scan.

use crate::Monoid;

/// A law that failed, with the operands that show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LawViolation<T> {
    /// `combine(identity, a) != a`.
    LeftIdentity {
        /// The operand.
        a: T,
    },
    /// `combine(a, identity) != a`.
    RightIdentity {
        /// The operand.
        a: T,
    },
    /// `combine(combine(a, b), c) != combine(a, combine(b, c))`.
    Associativity {
        /// First operand.
        a: T,
        /// Second operand.
        b: T,
        /// Third operand.
        c: T,
    },
    /// `combine(a, b) != combine(b, a)` for a monoid that declares
    /// [`Monoid::COMMUTATIVE`].
    Commutativity {
        /// First operand.
        a: T,
        /// Second operand.
        b: T,
    },
}

/// Checks the identity laws on every sample, commutativity on every pair where the monoid
/// declares it ([`Monoid::COMMUTATIVE`]) and associativity on
/// every ordered triple
/// (`samples.len()^3` combinations: keep it to a few dozen). `eq` decides equality, so a
/// float monoid can be checked up to a tolerance.
///
/// # Errors
/// The first violated law, with its operands.
///
/// ```
/// use parallaxis_core::{laws::check_monoid, Affine, AffineMap, Sum};
/// assert!(check_monoid(Sum, &[0_i32, 1, -7, i32::MAX], |a, b| a == b).is_ok());
/// let maps = [AffineMap::new(2_i64, 1), AffineMap::new(-3, 4), AffineMap::new(0, 9)];
/// assert!(check_monoid(Affine, &maps, |a, b| a == b).is_ok());
/// ```
pub fn check_monoid<T: Copy, M: Monoid<T>>(
    m: M,
    samples: &[T],
    eq: impl Fn(&T, &T) -> bool,
) -> Result<(), LawViolation<T>> {
    for &a in samples {
        if !eq(&m.combine(m.identity(), a), &a) {
            return Err(LawViolation::LeftIdentity { a });
        }
        if !eq(&m.combine(a, m.identity()), &a) {
            return Err(LawViolation::RightIdentity { a });
        }
    }
    if M::COMMUTATIVE {
        for &a in samples {
            for &b in samples {
                if !eq(&m.combine(a, b), &m.combine(b, a)) {
                    return Err(LawViolation::Commutativity { a, b });
                }
            }
        }
    }
    for &a in samples {
        for &b in samples {
            for &c in samples {
                let left = m.combine(m.combine(a, b), c);
                let right = m.combine(a, m.combine(b, c));
                if !eq(&left, &right) {
                    return Err(LawViolation::Associativity { a, b, c });
                }
            }
        }
    }
    Ok(())
}
