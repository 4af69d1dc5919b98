// A small driver for CUB DeviceRadixSort over 1- and 2-byte keys (the peers of the bench's
// radix_sort_keys_u8 / _u16 rows) and, as the reference row of the same run, u32 keys (as
// sort_rows.cuh's cub_radix_sort_keys_u32): keys are splitmix64 of `i ^ seed` cut to the
// width (seeds 5, 6 and 1, as benches/gpu/sort.rs), 2 n sizeof(K) bytes, timed with the
// shared prelude (timing.cuh: median after warm-ups, cudaEvent timing).
//   nvcc -O3 -std=c++17 -arch=sm_90 -o sort_narrow_peers benches/peers/sort_narrow_peers.cu
//   ./sort_narrow_peers [--csv FILE]   (scripts/gpu-bench.sh appends its rows to peers.csv)
#include <cub/cub.cuh>
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>
#include "timing.cuh"  // CK, time_ms, emit

// sort_rows.cuh's key function and check, copied so that its four CUB sorts are not compiled.
__host__ __device__ inline uint64_t sort_mix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
template <class T> bool sort_sorted_sample(const T* d, size_t n) {
  size_t m = std::min<size_t>(n, 1 << 20);
  std::vector<T> h(m);
  CK(cudaMemcpy(h.data(), d, m * sizeof(T), cudaMemcpyDeviceToHost));
  return std::is_sorted(h.begin(), h.end());
}

template <class K> __global__ void narrow_fill(K* k, size_t n, uint64_t seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    k[i] = (K)sort_mix(i ^ seed);
}

template <class K> static void narrow_row(const char* name, size_t n, uint64_t seed) {
  K *k, *o;
  CK(cudaMalloc(&k, n * sizeof(K))); CK(cudaMalloc(&o, n * sizeof(K)));
  narrow_fill<K><<<1024, 256>>>(k, n, seed);
  CK(cudaDeviceSynchronize());
  void* tmp = nullptr; size_t tmpb = 0;
  cub::DeviceRadixSort::SortKeys(tmp, tmpb, k, o, (int)n); CK(cudaMalloc(&tmp, tmpb));
  float ms = time_ms([&] { cub::DeviceRadixSort::SortKeys(tmp, tmpb, k, o, (int)n); });
  emit(name, n, ms, 2.0 * n * sizeof(K), sort_sorted_sample(o, n) ? "ok" : "BAD");
  CK(cudaFree(tmp)); CK(cudaFree(k)); CK(cudaFree(o));
}

int main(int argc, char** argv) {
  // --csv FILE: the rows also as CSV (timing.cuh's format, no header), appended to FILE.
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--csv") g_csv = fopen(argv[i + 1], "a");
  cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
  printf("# narrow-key sort peers on %s, median of %d after warm-ups\n", prop.name, g_iters);
  for (int e : {24, 28}) {
    size_t n = size_t(1) << e;
    narrow_row<uint8_t>("cub_radix_sort_keys_u8", n, 5);
    narrow_row<uint16_t>("cub_radix_sort_keys_u16", n, 6);
    // The u32 reference row only when run alone: beside peers.cu, whose CSV has it, it would
    // be a second row of one case.
    if (!g_csv) narrow_row<uint32_t>("cub_radix_sort_keys_u32", n, 1);
  }
  return 0;
}
