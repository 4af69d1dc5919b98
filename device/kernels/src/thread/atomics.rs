//! `.gpu`-scope atomics in inline PTX.
//!
//! `core::sync::atomic` on nvptx64 emits `.sys`-scope acquire/release loads and stores and
//! relaxed read-modify-writes with no fence (`docs/ptx-build.md`). Decoupled look-back needs
//! device-wide (`.gpu`) acquire/release between blocks, which these give directly. Each
//! `asm!` block leaves memory clobbering on (no `nomem`/`readonly` option), so the compiler
//! neither moves plain loads and stores across them nor caches values over them. Pointers
//! arrive as generic addresses (kernel parameters); each instruction converts its operand
//! with `cvta.to.global` first, as the `.global` state space requires.

use crate::params::common::HostSignal;
use core::arch::asm;

/// `ld.acquire.gpu.global.u32`: later loads of this thread observe every write the releasing
/// thread made before its matching [`store_release`].
///
/// # Safety
/// `p` must point to a live, 4-byte aligned `u32` in global memory.
#[inline(always)]
pub(crate) unsafe fn load_acquire(p: *const u32) -> u32 {
    let v: u32;
    // SAFETY: the caller guarantees `p` is a valid global address; the instruction reads 4
    // bytes and has no other effect.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; ld.acquire.gpu.global.u32 {v}, [g]; }}",
            v = out(reg32) v,
            p = in(reg64) p,
        );
    }
    v
}

/// A `st.release.<scope>.global.u32` wrapper named `$name`: the two scopes are one
/// instruction apart, so they are spelled once.
macro_rules! release_store {
    ($(#[$doc:meta])* $name:ident, $scope:literal) => {
        $(#[$doc])*
        #[inline(always)]
        pub(crate) unsafe fn $name(p: *mut u32, v: u32) {
            // SAFETY: as the caller guarantees; the instruction writes 4 bytes at `p`.
            unsafe {
                asm!(
                    concat!(
                        "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; st.release.",
                        $scope,
                        ".global.u32 [g], {v}; }}"
                    ),
                    p = in(reg64) p,
                    v = in(reg32) v,
                );
            }
        }
    };
}

release_store!(
    /// `st.release.gpu.global.u32`: every earlier write of this thread is visible to a thread
    /// that reads `v` with [`load_acquire`].
    ///
    /// # Safety
    /// `p` must point to a live, 4-byte aligned `u32` in global memory that no other thread
    /// writes concurrently with a non-atomic store.
    store_release,
    "gpu"
);

release_store!(
    /// `st.release.sys.global.u32`: every earlier write of this thread, to device or host
    /// memory, is visible to the host (and any other observer) before `v` is. The host waits
    /// for a result a kernel wrote into mapped host memory by watching a word written this way
    /// ([`HostSignal`]).
    ///
    /// # Safety
    /// `p` must point to a live, 4-byte aligned `u32` in global memory (mapped host memory
    /// included) that no other thread writes concurrently with a non-atomic store.
    store_release_sys,
    "sys"
);

/// Raises `signal` (see [`HostSignal`]): nothing when its flag is null.
///
/// # Safety
/// A non-null flag points to a live, 4-byte aligned `u32` that only this thread writes
/// during the launch.
#[inline(always)]
pub(crate) unsafe fn raise(signal: HostSignal) {
    if !signal.flag.is_null() {
        // SAFETY: as the caller guarantees.
        unsafe { store_release_sys(signal.flag, signal.seq) };
    }
}

/// `atom.relaxed.gpu.global.add.u32`: returns the old value. Used for the scan's tile ticket,
/// which needs atomicity but no ordering (the flags carry the ordering).
///
/// # Safety
/// `p` must point to a live, 4-byte aligned `u32` in global memory.
#[inline(always)]
pub(crate) unsafe fn fetch_add_relaxed(p: *mut u32, v: u32) -> u32 {
    let old: u32;
    // SAFETY: as the caller guarantees; an atomic read-modify-write of 4 bytes at `p`.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; \
               atom.relaxed.gpu.global.add.u32 {old}, [g], {v}; }}",
            old = out(reg32) old,
            p = in(reg64) p,
            v = in(reg32) v,
        );
    }
    old
}

/// `fence.acq_rel.gpu`: orders this thread's earlier and later memory operations device-wide.
#[inline(always)]
#[allow(dead_code)] // kept next to its siblings: the look-back publishes with release stores.
pub(crate) fn fence_acq_rel() {
    // SAFETY: a fence has no operands and touches no memory.
    unsafe { asm!("fence.acq_rel.gpu;") }
}

/// `nanosleep.u32`: backs a spinning thread off so the tiles it waits on get issue slots
/// (the look-back polls at most 32 status words at a time).
#[inline(always)]
pub(crate) fn nanosleep(ns: u32) {
    // SAFETY: suspends the thread for up to `ns` nanoseconds; no memory is touched.
    unsafe { asm!("nanosleep.u32 {ns};", ns = in(reg32) ns) }
}

/// `ld.relaxed.gpu.global.u64`: one single-copy-atomic 8-byte read. The packed look-back
/// word carries a tile's flag and value together, so a reader that sees the flag sees the
/// value of the same store, with no acquire needed.
///
/// # Safety
/// `p` must point to a live, 8-byte aligned `u64` in global memory.
#[inline(always)]
pub(crate) unsafe fn load_relaxed_u64(p: *const u64) -> u64 {
    let v: u64;
    // SAFETY: the caller guarantees `p` is a valid global address; the instruction reads 8
    // bytes and has no other effect.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; ld.relaxed.gpu.global.u64 {v}, [g]; }}",
            v = out(reg64) v,
            p = in(reg64) p,
        );
    }
    v
}

/// `st.relaxed.gpu.global.u64`: one single-copy-atomic 8-byte write (see
/// [`load_relaxed_u64`]).
///
/// # Safety
/// `p` must point to a live, 8-byte aligned `u64` in global memory that no other thread
/// writes concurrently with a non-atomic store.
#[inline(always)]
pub(crate) unsafe fn store_relaxed_u64(p: *mut u64, v: u64) {
    // SAFETY: as the caller guarantees; the instruction writes 8 bytes at `p`.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; st.relaxed.gpu.global.u64 [g], {v}; }}",
            p = in(reg64) p,
            v = in(reg64) v,
        );
    }
}

/// `ld.relaxed.gpu.global.v2.u64`: two 8-byte words in one instruction. Each word is
/// single-copy atomic on its own (the pair is not): the look-back checks that both carry
/// the same flag before it uses them.
///
/// # Safety
/// `p` must point to two live `u64` in global memory, 16-byte aligned.
#[inline(always)]
pub(crate) unsafe fn load_relaxed_u64x2(p: *const u64) -> [u64; 2] {
    let (a, b): (u64, u64);
    // SAFETY: the caller guarantees `p` is a valid, aligned global address; the instruction
    // reads 16 bytes and has no other effect.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; \
               ld.relaxed.gpu.global.v2.u64 {{{a}, {b}}}, [g]; }}",
            a = out(reg64) a,
            b = out(reg64) b,
            p = in(reg64) p,
        );
    }
    [a, b]
}

/// `st.relaxed.gpu.global.v2.u64`: two 8-byte words in one instruction (see
/// [`load_relaxed_u64x2`]).
///
/// # Safety
/// `p` must point to two live `u64` in global memory, 16-byte aligned, that no other
/// thread writes concurrently with a non-atomic store.
#[inline(always)]
pub(crate) unsafe fn store_relaxed_u64x2(p: *mut u64, v: [u64; 2]) {
    // SAFETY: as the caller guarantees; the instruction writes 16 bytes at `p`.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; \
               st.relaxed.gpu.global.v2.u64 [g], {{{a}, {b}}}; }}",
            p = in(reg64) p,
            a = in(reg64) v[0],
            b = in(reg64) v[1],
        );
    }
}

/// `atom.acq_rel.gpu.global.add.u32`: returns the old value. The reduce's group counters:
/// the release half publishes this thread's earlier writes (its block's partial) to any
/// thread that later acquires the counter, and the acquire half lets the block that draws the
/// last ticket read every earlier block's partial (each add continues the release sequence of
/// the adds before it, so one acquire synchronizes with all of them).
///
/// # Safety
/// `p` must point to a live, 4-byte aligned `u32` in global memory.
#[inline(always)]
pub(crate) unsafe fn fetch_add_acq_rel(p: *mut u32, v: u32) -> u32 {
    let old: u32;
    // SAFETY: as the caller guarantees; an atomic read-modify-write of 4 bytes at `p`.
    unsafe {
        asm!(
            "{{ .reg .b64 g; cvta.to.global.u64 g, {p}; \
               atom.acq_rel.gpu.global.add.u32 {old}, [g], {v}; }}",
            old = out(reg32) old,
            p = in(reg64) p,
            v = in(reg32) v,
        );
    }
    old
}
