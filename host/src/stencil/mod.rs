//! Stencils on 1D, 2D and 3D grids: the grid cut into groups of rows that run in parallel
//! ([`groups`]), each row segment computed by one row kernel ([`row`]).

pub(crate) mod groups;
mod row;
