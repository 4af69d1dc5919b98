// CUB DeviceRadixSort peer rows, copied from the part-2 anchor program
// (peers2.cu: its keys, splitmix64 of the index, its byte conventions and its sortedness
// check), timed with this program's harness. Included by peers.cu, which calls
// sort_rows(n) at n = 2^20, 2^24 and 2^28 (`--sort-only` runs these rows alone).
//   cub_radix_sort_keys_{u32,f32,u64}: 2 n sizeof(K) bytes; cub_radix_sort_pairs_u32_u32: 16 n.
//   cub_radix_sort_keys_u32_bits20 (added after the anchor's rows): the u32 keys by their low
//   20 bits (begin_bit 0, end_bit 20), 8 n bytes.
#pragma once

__host__ __device__ inline uint64_t sort_mix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
__global__ void sort_fill_u32(uint32_t* k, size_t n, uint64_t seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    k[i] = (uint32_t)sort_mix(i ^ seed);
}
__global__ void sort_fill_u64(uint64_t* k, size_t n, uint64_t seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    k[i] = sort_mix(i ^ seed);
}
__global__ void sort_fill_f32(float* x, size_t n, uint64_t seed) {  // uniform in [0, 1)
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    x[i] = (float)(sort_mix(i ^ seed) >> 40) / (float)(1ull << 24);
}
template <class T> bool sort_sorted_sample(const T* d, size_t n) {
  size_t m = std::min<size_t>(n, 1 << 20);
  std::vector<T> h(m);
  CK(cudaMemcpy(h.data(), d, m * sizeof(T), cudaMemcpyDeviceToHost));
  return std::is_sorted(h.begin(), h.end());
}

// Whether the first 2^20 keys are sorted by their low `bits` bits.
inline bool sort_sorted_low_sample(const uint32_t* d, size_t n, int bits) {
  size_t m = std::min<size_t>(n, 1 << 20);
  std::vector<uint32_t> h(m);
  CK(cudaMemcpy(h.data(), d, m * sizeof(uint32_t), cudaMemcpyDeviceToHost));
  uint32_t mask = (1u << bits) - 1;
  for (size_t i = 1; i < m; ++i)
    if ((h[i - 1] & mask) > (h[i] & mask)) return false;
  return true;
}

static void sort_rows(size_t n) {
  int ni = (int)n;
  uint32_t *ku, *ku2, *vu, *vu2; uint64_t *k64, *k64o; float *x, *y;
  CK(cudaMalloc(&ku, n * 4)); CK(cudaMalloc(&ku2, n * 4)); CK(cudaMalloc(&vu, n * 4)); CK(cudaMalloc(&vu2, n * 4));
  CK(cudaMalloc(&k64, n * 8)); CK(cudaMalloc(&k64o, n * 8)); CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4));
  sort_fill_u32<<<1024, 256>>>(ku, n, 1); sort_fill_u32<<<1024, 256>>>(vu, n, 2); sort_fill_u64<<<1024, 256>>>(k64, n, 3);
  sort_fill_f32<<<1024, 256>>>(x, n, 4);
  CK(cudaDeviceSynchronize());
  void* tmp = nullptr; size_t tmpb = 0; float ms;
  auto ok = [](bool b) { return b ? "ok" : "BAD"; };
  cub::DeviceRadixSort::SortKeys(tmp, tmpb, ku, ku2, ni); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceRadixSort::SortKeys(tmp, tmpb, ku, ku2, ni); });
  emit("cub_radix_sort_keys_u32", n, ms, 2.0 * n * 4, ok(sort_sorted_sample(ku2, n))); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;
  cub::DeviceRadixSort::SortKeys(tmp, tmpb, x, y, ni); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceRadixSort::SortKeys(tmp, tmpb, x, y, ni); });
  emit("cub_radix_sort_keys_f32", n, ms, 2.0 * n * 4, ok(sort_sorted_sample(y, n))); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;
  cub::DeviceRadixSort::SortKeys(tmp, tmpb, k64, k64o, ni); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceRadixSort::SortKeys(tmp, tmpb, k64, k64o, ni); });
  emit("cub_radix_sort_keys_u64", n, ms, 2.0 * n * 8, ok(sort_sorted_sample(k64o, n))); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;
  cub::DeviceRadixSort::SortPairs(tmp, tmpb, ku, ku2, vu, vu2, ni); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceRadixSort::SortPairs(tmp, tmpb, ku, ku2, vu, vu2, ni); });
  emit("cub_radix_sort_pairs_u32_u32", n, ms, 4.0 * n * 4, ok(sort_sorted_sample(ku2, n))); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;
  cub::DeviceRadixSort::SortKeys(tmp, tmpb, ku, ku2, ni, 0, 20); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceRadixSort::SortKeys(tmp, tmpb, ku, ku2, ni, 0, 20); });
  emit("cub_radix_sort_keys_u32_bits20", n, ms, 2.0 * n * 4, ok(sort_sorted_low_sample(ku2, n, 20))); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;
  CK(cudaFree(ku)); CK(cudaFree(ku2)); CK(cudaFree(vu)); CK(cudaFree(vu2)); CK(cudaFree(k64)); CK(cudaFree(k64o));
  CK(cudaFree(x)); CK(cudaFree(y));
}
