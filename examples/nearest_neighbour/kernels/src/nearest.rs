//! The running answer of a nearest-neighbour search, and its tie rule.

/// The index answered when no point qualifies: no points at all, a NaN query, or every
/// distance infinite (a view that cannot be read where the functor runs answers it too).
pub const NO_POINT: u32 = u32::MAX;

/// The nearest point seen so far: its squared distance and index.
///
/// Ties go to the lowest index: points are offered in increasing index order and only a
/// strictly smaller distance replaces the answer; answers of separate runs are combined by
/// [`Nearest::merge`], which compares the index on equal distances. A NaN distance is never
/// smaller, so NaN points are never nearest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Nearest {
    /// `(q - p)²` of the nearest point so far (`+∞` before any).
    pub distance: f32,
    /// Its index ([`NO_POINT`] before any).
    pub index: u32,
}

impl Nearest {
    /// Nothing seen yet.
    pub const NONE: Nearest = Nearest {
        distance: f32::INFINITY,
        index: NO_POINT,
    };

    /// Offers point `index` at `point` for query `q`: 3 flops (subtract, square, compare).
    /// Offers must come in increasing `index` order (the tie rule).
    #[inline(always)]
    pub fn offer(&mut self, q: f32, point: f32, index: u32) {
        let d = (q - point) * (q - point);
        if d < self.distance {
            self.distance = d;
            self.index = index;
        }
    }

    /// The nearer of two answers over disjoint sets of points, the lower index on a tie.
    #[inline(always)]
    pub fn merge(self, other: Nearest) -> Nearest {
        if other.distance < self.distance
            || (other.distance == self.distance && other.index < self.index)
        {
            other
        } else {
            self
        }
    }
}
