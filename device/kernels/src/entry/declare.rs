//! The family declaration parser every kernel family shares.
//!
//! A family declaration lists instances as `Op for Type, Type, ...;` (several operators
//! before `for` instantiate each for every type), `Functor with Monoid for Type, ...;` (the
//! fused families) or `Type, Type, ...;` (the families over element types alone). The parser
//! hands the family macro each instance as a bracket of terms, `[[] {op} {type}]`,
//! `[[{functor}] {monoid} {type}]` or `[{type}]`, where a term is `(tokens) [tag]`: the
//! tokens as written and the tag naming the term in entry points, as pieces for `concat!`.
//! The stock declarations put each line in braces (`{ Op for Type, Type; } { ... }`): the
//! parser then takes one line at a time, which keeps its macro recursion within the default
//! limit (a crate-wide `recursion_limit` also changes how far the MIR inliner follows call
//! graphs, and so the kernels' code).
//!
//! A tag is derived from the tokens: path prefixes are dropped, the identifiers left are
//! joined by `_` (`AffineMap<i64>` is `AffineMap_i64`, `Both<Sum, Sum>` is `Both_Sum_Sum`),
//! lifetimes are dropped (`NearestNeighbour<'_>` is `NearestNeighbour`), and so is `T`, the
//! placeholder for the instance's element type (`Scale<T> for f32` is `Scale<f32>`, tagged
//! `Scale`): the family expands each instance where `T` is a type alias of its element.

/// Parses a family declaration (see the module docs) and calls `$cb! { $mode instances }`.
#[doc(hidden)]
#[macro_export]
macro_rules! __declare {
    // A declaration in braced lines, `{ line; } { line; } ...`, is parsed line by line: each
    // parse is as deep as its line is long, and the crate's macro recursion limit stays at its
    // default (a higher one also lets the MIR inliner follow call graphs further, which would
    // change the kernels' code).
    ($cb:tt $mode:tt $({ $($line:tt)* })+) => {
        $( $crate::__declare! { $cb $mode $($line)* } )+
    };
    ([$($cb:tt)*] [$($mode:tt)*] $($decl:tt)*) => {
        $crate::__declare! { @term [[$($cb)*] [$($mode)*] [] op [] [] []] [] [] [] $($decl)* }
    };

    // One term: its tokens up to `,`, `;`, `for`, `with` or the end, outside `<...>`.
    (@term $s:tt [] [] []) => { $crate::__declare! { @finish $s } };
    (@term $s:tt [$($raw:tt)+] [$t0:ident $($tn:ident)*] [] , $($rest:tt)*) => {
        $crate::__declare! { @next $s {($($raw)+) [stringify!($t0) $(, "_", stringify!($tn))*]} , $($rest)* }
    };
    (@term $s:tt [$($raw:tt)+] [$t0:ident $($tn:ident)*] [] ; $($rest:tt)*) => {
        $crate::__declare! { @next $s {($($raw)+) [stringify!($t0) $(, "_", stringify!($tn))*]} ; $($rest)* }
    };
    (@term $s:tt [$($raw:tt)+] [$t0:ident $($tn:ident)*] [] for $($rest:tt)*) => {
        $crate::__declare! { @next $s {($($raw)+) [stringify!($t0) $(, "_", stringify!($tn))*]} for $($rest)* }
    };
    (@term $s:tt [$($raw:tt)+] [$t0:ident $($tn:ident)*] [] with $($rest:tt)*) => {
        $crate::__declare! { @next $s {($($raw)+) [stringify!($t0) $(, "_", stringify!($tn))*]} with $($rest)* }
    };
    (@term $s:tt [$($raw:tt)+] [$t0:ident $($tn:ident)*] []) => {
        $crate::__declare! { @next $s {($($raw)+) [stringify!($t0) $(, "_", stringify!($tn))*]} ; }
    };
    (@term $s:tt [$($raw:tt)*] $tag:tt [$($d:tt)*] < $($rest:tt)*) => {
        $crate::__declare! { @term $s [$($raw)* <] $tag [$($d)* <] $($rest)* }
    };
    (@term $s:tt [$($raw:tt)*] $tag:tt [$d0:tt $($d:tt)*] > $($rest:tt)*) => {
        $crate::__declare! { @term $s [$($raw)* >] $tag [$($d)*] $($rest)* }
    };
    (@term $s:tt [$($raw:tt)*] $tag:tt [$d0:tt $d1:tt $($d:tt)*] >> $($rest:tt)*) => {
        $crate::__declare! { @term $s [$($raw)* >>] $tag [$($d)*] $($rest)* }
    };
    (@term $s:tt [$($raw:tt)*] $tag:tt $d:tt $p:ident :: $q:ident :: $($rest:tt)*) => {
        $crate::__declare! { @term $s [$($raw)* $p :: $q ::] $tag $d $($rest)* }
    };
    (@term $s:tt [$($raw:tt)*] $tag:tt $d:tt $p:ident :: $($rest:tt)*) => {
        $crate::__declare! { @term $s [$($raw)* $p ::] $tag $d $($rest)* }
    };
    (@term $s:tt [$($raw:tt)*] $tag:tt $d:tt T $($rest:tt)*) => {
        $crate::__declare! { @term $s [$($raw)* T] $tag $d $($rest)* }
    };
    (@term $s:tt [$($raw:tt)*] [$($tag:ident)*] $d:tt $i:ident $($rest:tt)*) => {
        $crate::__declare! { @term $s [$($raw)* $i] [$($tag)* $i] $d $($rest)* }
    };
    (@term $s:tt [$($raw:tt)*] $tag:tt $d:tt $x:tt $($rest:tt)*) => {
        $crate::__declare! { @term $s [$($raw)* $x] $tag $d $($rest)* }
    };

    // What a term ends: state `[cb mode done phase functor ops types]`.
    (@next [$cb:tt $mode:tt $done:tt op $f:tt [$($ops:tt)*] $tys:tt] $term:tt , $($rest:tt)*) => {
        $crate::__declare! { @term [$cb $mode $done op $f [$($ops)* $term] $tys] [] [] [] $($rest)* }
    };
    (@next [$cb:tt $mode:tt $done:tt op [] [] $tys:tt] $term:tt with $($rest:tt)*) => {
        $crate::__declare! { @term [$cb $mode $done op [$term] [] $tys] [] [] [] $($rest)* }
    };
    (@next [$cb:tt $mode:tt $done:tt op $f:tt [$($ops:tt)*] $tys:tt] $term:tt for $($rest:tt)*) => {
        $crate::__declare! { @term [$cb $mode $done ty $f [$($ops)* $term] []] [] [] [] $($rest)* }
    };
    (@next [$cb:tt $mode:tt [$($done:tt)*] op [] [$($ops:tt)*] []] $term:tt ; $($rest:tt)*) => {
        $crate::__declare! { @term [$cb $mode [$($done)* $([$ops])* [$term]] op [] [] []] [] [] [] $($rest)* }
    };
    (@next [$cb:tt $mode:tt $done:tt ty $f:tt $ops:tt [$($tys:tt)*]] $term:tt , $($rest:tt)*) => {
        $crate::__declare! { @term [$cb $mode $done ty $f $ops [$($tys)* $term]] [] [] [] $($rest)* }
    };
    (@next [$cb:tt $mode:tt $done:tt ty $f:tt $ops:tt [$($tys:tt)*]] $term:tt ; $($rest:tt)*) => {
        $crate::__declare! { @cross [$cb $mode $done] $f $ops [$($tys)* $term] $($rest)* }
    };

    // Every operator of an entry with every type.
    (@cross [$cb:tt $mode:tt $done:tt] $f:tt [] $tys:tt $($rest:tt)*) => {
        $crate::__declare! { @term [$cb $mode $done op [] [] []] [] [] [] $($rest)* }
    };
    (@cross [$cb:tt $mode:tt [$($done:tt)*]] $f:tt [$op:tt $($ops:tt)*] [$($ty:tt)*] $($rest:tt)*) => {
        $crate::__declare! {
            @cross [$cb $mode [$($done)* $([$f $op $ty])*]] $f [$($ops)*] [$($ty)*] $($rest)*
        }
    };

    // `@abi (f)`: the rows of each line go to `f` (`crate::abi::for_each_entry`).
    (@finish [[$($cb:tt)*] [$($pre:ident)? @abi ($($f:tt)*)] [$($done:tt)*] op [] [] []]) => {
        $crate::abi::rows($($cb)*! { $($pre)? @abi $($done)* }, $($f)*);
    };
    (@finish [[$($cb:tt)*] [$($mode:tt)*] [$($done:tt)*] op [] [] []]) => {
        $($cb)*! { $($mode)* $($done)* }
    };
}
