//! The device lists the sharded GPU tests (`tests/sharded*_gpu.rs`) run over, and the data
//! they share: shards on one device many times over (any GPU machine) and over every GPU of
//! the machine (a counted skip, `gpu.rs`, with fewer than two).

use parallaxis::device::Device;

/// Sizes around the split rule: empty, fewer elements than shards, uneven, large.
pub(crate) const SIZES: [usize; 5] = [0, 2, 1001, (1 << 20) + 7, (1 << 22) + 3];

/// `n` hashed `u32`s below 2^12 (Knuth's multiplicative hash of the positions).
pub(crate) fn data(n: usize) -> Vec<u32> {
    (0..n as u32)
        .map(|i| i.wrapping_mul(2_654_435_761) >> 20)
        .collect()
}

/// The layouts on the one device `d`: one shard, three, seven.
pub(crate) fn on_one_device(d: &'static Device) -> [Vec<&'static Device>; 3] {
    [vec![d], vec![d; 3], vec![d; 7]]
}

/// The GPUs of the machine, or `None` (after a counted skip) with fewer than two.
pub(crate) fn every_gpu() -> Option<Vec<&'static Device>> {
    let count = Device::count().unwrap();
    if count < 2 {
        super::gpu::skip_with(&format!("needs 2 GPUs, the machine has {count}"));
        return None;
    }
    Some((0..count).map(|o| Device::get(o).unwrap()).collect())
}

/// Two shards per GPU, interleaved (`0, 1, .., 0, 1, ..`): every shard's neighbours live on
/// other devices, and moves go both between and within devices.
pub(crate) fn twice(gpus: &[&'static Device]) -> Vec<&'static Device> {
    gpus.iter().chain(gpus).copied().collect()
}
