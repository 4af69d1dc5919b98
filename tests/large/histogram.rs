// The large tier of the histograms: x[i] = i (u32) for i < N = 2^31 + 12345, so every
// bin's count has a closed form. Included by tests/large_gpu.rs and tests/histogram_gpu.rs,
// which provide `B`, `N`, `timed` and `DeviceVector`.

#[test]
#[ignore = "large tier (2^31 + 12345 u32 samples, ~9 GB of GPU memory): scripts/run-gpu-tests.sh --large"]
fn histogram_u32_past_2_31() {
    require_gpu!();
    let x = parallaxis::sequence::<u32, B>(N, 0, 1).expect("sequence");
    // 1024 even bins over [0, 2^32): bin = i >> 22; 512 full bins, then the 12345 rest.
    let h: DeviceVector<u64, B> = timed("histogram_even u32 1024 bins", || {
        parallaxis::histogram_even(&x, 1024, 0, 1 << 32)
    });
    let h = h.to_vec().expect("download");
    for (b, &c) in h.iter().enumerate() {
        let want = match b {
            0..512 => 1u64 << 22,
            512 => 12345,
            _ => 0,
        };
        assert_eq!(c, want, "even bin {b}");
    }
    // Bins by edges, u32 counters: [0, 2^31), [2^31, 2^31 + 1000), [2^31 + 1000, 2^32).
    let edges = DeviceVector::<i64, B>::from_slice(&[0, 1 << 31, (1 << 31) + 1000, 1 << 32])
        .expect("edges");
    let h: DeviceVector<u32, B> =
        timed("histogram u32 by edges", || parallaxis::histogram(&x, &edges));
    assert_eq!(h.to_vec().expect("download"), [1 << 31, 1000, 12345 - 1000]);
}
