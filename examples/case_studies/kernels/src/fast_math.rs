//! The two arithmetic instructions CUDA C reaches through `fmaf` / `rsqrtf` and Rust's
//! `no_std` core does not expose stably: Rust never contracts `a * b + c` into an fma, so the
//! kernels ask for it where the CUDA originals get one from nvcc's default `--fmad=true`.

/// `a * b + c` with one rounding (`fma.rn.f32`).
#[inline(always)]
pub(crate) fn fma(a: f32, b: f32, c: f32) -> f32 {
    core::intrinsics::fmaf32(a, b, c)
}

/// `1 / sqrt(x)`, approximate (`rsqrt.approx.f32`: relative error below 2^-22.9, as CUDA's
/// `rsqrtf`).
#[inline(always)]
pub(crate) fn rsqrt(x: f32) -> f32 {
    let r: f32;
    // SAFETY: one arithmetic instruction on registers; no memory, no side effects.
    unsafe {
        core::arch::asm!(
            "rsqrt.approx.f32 {r}, {x};",
            r = out(reg32) r,
            x = in(reg32) x,
            options(pure, nomem, nostack)
        )
    };
    r
}
