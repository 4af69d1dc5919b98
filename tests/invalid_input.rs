//! The invalid-input table: every row feeds one kind of bad input to a front door and checks
//! the exact error, and that the caller's output vector was left untouched. Also the defined
//! results for empty inputs. Instantiated once per host backend.

macro_rules! invalid_input_table {
    ($name:ident, $backend:ty) => {
        mod $name {
            type B = $backend;
            include!("invalid_input/table.rs");
        }
    };
}

invalid_input_table!(sequential, parallax::Sequential);
#[cfg(feature = "rayon")]
invalid_input_table!(rayon, parallax::Rayon);
