//! The stencil family (`kernels/stencil/`): for each (semiring, element) pair the general
//! `stencil_1d`, `stencil_2d` and `stencil_3d`, the z-marching 3D kernels of the 7-point star
//! and the 27-point box and the register-marching star; the `boxed` pairs also have the dense
//! 5 × 5 box 2D kernel and the dense 9-tap 1D window.
//!
//! PTX: `parallax_stencil_{1d,2d,3d,march3d_star7,march3d_box27,star3d}__<S>__<T>`, and for
//! the `boxed` pairs `parallax_stencil_{box2d_r2,row1d_r4}__<S>__<T>`.

/// The stencil family's declaration (`@stock`: the library's pairs, as `boxed` and `plain`)
/// and what it expands to: `@ptx` the entry points (expanded in `kernels/stencil/`, where the
/// bodies are), `@host` `parallaxis_device`'s `StencilKernel`, `@abi` the entries' rows
/// ([`crate::abi`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __stencil_family {
    // `PlusTimes` over the six primitive numbers, `MinPlus` and `MaxTimes` over both floats.
    // The pairs with 4-byte elements are `boxed`: with 8-byte elements the dense box's
    // register tile took 229-233 registers (one block per multiprocessor), so those take the
    // general 2D kernel.
    (@stock $($mode:tt)*) => {
        $crate::__declare! { [$crate::__stencil_family] [boxed $($mode)*]
            { $crate::ops::PlusTimes for f32, i32, u32; }
            { $crate::ops::MinPlus, $crate::ops::MaxTimes for f32; }
        }
        $crate::__declare! { [$crate::__stencil_family] [plain $($mode)*]
            { $crate::ops::PlusTimes for f64, i64, u64; }
            { $crate::ops::MinPlus, $crate::ops::MaxTimes for f64; }
        }
    };

    (boxed @ptx $($items:tt)*) => {
        $crate::__stencil_family! { plain @ptx $($items)* }
        $crate::__stencil_family! { @ptx_dense $($items)* }
    };
    (plain @ptx $( [[] {($($s:tt)*) [$($st:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            use $crate::kernels::stencil::{march::stencil_march, star::stencil_star, stencil};
            use $crate::policy::stencil::stencil_items;
            $crate::__stencil_family! { @entry stencil_1d ($($s)*) [$($st)*] [$($tt)*]
                stencil::<T, $($s)*, 1, { stencil_items(1) }> }
            $crate::__stencil_family! { @entry stencil_2d ($($s)*) [$($st)*] [$($tt)*]
                stencil::<T, $($s)*, 2, { stencil_items(2) }> }
            $crate::__stencil_family! { @entry stencil_3d ($($s)*) [$($st)*] [$($tt)*]
                stencil::<T, $($s)*, 3, { stencil_items(3) }> }
            $crate::__stencil_family! { @entry stencil_march3d_star7 ($($s)*) [$($st)*] [$($tt)*]
                stencil_march::<T, $($s)*, 0> }
            $crate::__stencil_family! { @entry stencil_march3d_box27 ($($s)*) [$($st)*] [$($tt)*]
                stencil_march::<T, $($s)*, 1> }
            $crate::__stencil_family! { @entry stencil_star3d ($($s)*) [$($st)*] [$($tt)*]
                stencil_star::<T, $($s)*> }
        };
    )* };
    (@ptx_dense $( [[] {($($s:tt)*) [$($st:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        const _: () = {
            type T = $($t)*;
            use $crate::kernels::stencil::{dense_box::stencil_box, row::stencil_row};
            $crate::__stencil_family! { @entry stencil_box2d_r2 ($($s)*) [$($st)*] [$($tt)*]
                stencil_box::<T, $($s)*> }
            $crate::__stencil_family! { @entry stencil_row1d_r4 ($($s)*) [$($st)*] [$($tt)*]
                stencil_row::<T, $($s)*> }
        };
    )* };
    // One entry point `parallax_<name>__<S>__<T>` taking `StencilParams<T, S>`.
    (@entry $name:ident ($($s:tt)*) [$($st:tt)*] [$($tt:tt)*] $($kernel:tt)*) => {
        const _: () = {
            #[unsafe(export_name = concat!("parallax_", stringify!($name), "__", $($st)*, "__", $($tt)*))]
            unsafe extern "ptx-kernel" fn entry(p: $crate::params::stencil::StencilParams<T, $($s)*>) {
                // SAFETY: launched by parallaxis-device's stencil launcher, which upholds the
                // contract (the host impl names this entry with this parameter type).
                unsafe { $($kernel)*(p) }
            }
        };
    };

    (boxed @host $( [[] {($($s:tt)*) [$($st:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        $crate::__stencil_family! { @host ($($s)*) [$($st)*] ($($t)*) [$($tt)*]
            const BOX2D: Option<&'static str> =
                Some(concat!("parallax_stencil_box2d_r2__", $($st)*, "__", $($tt)*));
            const ROW1D: Option<&'static str> =
                Some(concat!("parallax_stencil_row1d_r4__", $($st)*, "__", $($tt)*));
        }
    )* };
    (plain @host $( [[] {($($s:tt)*) [$($st:tt)*]} {($($t:tt)*) [$($tt:tt)*]}] )*) => { $(
        $crate::__stencil_family! { @host ($($s)*) [$($st)*] ($($t)*) [$($tt)*] }
    )* };
    (@host ($($s:tt)*) [$($st:tt)*] ($($t:tt)*) [$($tt:tt)*] $($dense:tt)*) => {
        // SAFETY: the same declaration, compiled for nvptx64, generates every entry point
        // named, each taking `StencilParams<T, S>`.
        unsafe impl ::parallaxis_device::StencilKernel<$($t)*> for $($s)* {
            const STENCIL: [&'static str; 3] = [
                concat!("parallax_stencil_1d__", $($st)*, "__", $($tt)*),
                concat!("parallax_stencil_2d__", $($st)*, "__", $($tt)*),
                concat!("parallax_stencil_3d__", $($st)*, "__", $($tt)*),
            ];
            const MARCH3D: Option<[&'static str; 2]> = Some([
                concat!("parallax_stencil_march3d_star7__", $($st)*, "__", $($tt)*),
                concat!("parallax_stencil_march3d_box27__", $($st)*, "__", $($tt)*),
            ]);
            const STAR3D: Option<&'static str> =
                Some(concat!("parallax_stencil_star3d__", $($st)*, "__", $($tt)*));
            $($dense)*
        }
    };

    // Every entry point of a pair takes `StencilParams<T, S>`.
    (boxed @abi $($items:tt)*) => {
        $crate::__stencil_family! { @abi [
            stencil_1d stencil_2d stencil_3d stencil_march3d_star7 stencil_march3d_box27
            stencil_star3d stencil_box2d_r2 stencil_row1d_r4
        ] $($items)* }
    };
    (plain @abi $($items:tt)*) => {
        $crate::__stencil_family! { @abi [
            stencil_1d stencil_2d stencil_3d stencil_march3d_star7 stencil_march3d_box27
            stencil_star3d
        ] $($items)* }
    };
    (@abi $names:tt $( [[] {($($s:tt)*) [$($st:tt)*]} {($($t:tt)*) $tt:tt}] )*) => {
        &[$( $crate::__stencil_family!(@rows $names ($($s)*) [$($st)*] ($($t)*) $tt) ),*]
    };
    (@rows [$($name:ident)*] ($($s:tt)*) $st:tt ($($t:tt)*) $tt:tt) => {{
        type P = $crate::params::stencil::StencilParams<$($t)*, $($s)*>;
        [$( $crate::__stencil_family!(@row P $name $st $tt) ),*]
    }};
    (@row $p:ident $name:ident [$($st:tt)*] [$($tt:tt)*]) => {
        $crate::abi::Entry::of::<$p>(concat!("parallax_", stringify!($name), "__", $($st)*, "__", $($tt)*))
    };
}
