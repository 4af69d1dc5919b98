// Peer cases of the extrema, search and segmented reduce, copied from the shared
// peers2.cu (same data, same calls, same byte conventions): Thrust's min_element (returned to
// the host), Thrust's vectorized lower_bound of n random u32 queries in n sorted u32, and
// CUB's DeviceSegmentedReduce::Sum over segments of 4 and of 100000.
//
// peers.cu includes this file and calls extrema_search_peers(n) at 2^20, 2^24, 2^28 (the
// sizes of peers2.cu), timed by its own time_ms and written by its emit. Built alone with
// -DPEERS_EXTREMA_MAIN it is a small program of its own (the same cases, the median of 10 timed
// calls as peers2.cu, after timing.cuh's 3 warm-ups where peers2.cu has 2):
//   nvcc -O3 -std=c++17 -arch=sm_90 -DPEERS_EXTREMA_MAIN -o peers_extrema peers_extrema.cu
//   ./peers_extrema [--csv FILE] [--max-log2 28]
#include <cub/cub.cuh>
#include <thrust/binary_search.h>
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <cstdint>
#include <cstdio>

#ifdef PEERS_EXTREMA_MAIN
#include <cstring>
#include "timing.cuh"
#endif

namespace extrema_peers {
__host__ __device__ inline uint64_t mix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
__global__ void fill_u32(uint32_t* k, size_t n, uint64_t seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    k[i] = (uint32_t)mix(i ^ seed);
}
__global__ void fill_f32(float* x, size_t n, uint64_t seed) {  // uniform in [0, 1)
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    x[i] = (float)(mix(i ^ seed) >> 40) / (float)(1ull << 24);
}
__global__ void fill_runs(uint32_t* k, size_t n, int run) {  // sorted keys in runs of `run`
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    k[i] = (uint32_t)(i / run);
}
__global__ void fill_offsets(int* o, size_t m, int seg) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < m; i += (size_t)gridDim.x * blockDim.x)
    o[i] = (int)(i * seg);
}
}  // namespace extrema_peers

// The three cases of peers2.cu at size n (its data: x = fill_f32 seed 4, queries = fill_u32
// seed 1, sorted = fill_runs 2).
static void extrema_search_peers(size_t n) {
  using namespace extrema_peers;
  uint32_t *q, *s, *o; float *x, *y;
  CK(cudaMalloc(&q, n * 4)); CK(cudaMalloc(&s, n * 4)); CK(cudaMalloc(&o, n * 4));
  CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4));
  fill_u32<<<1024, 256>>>(q, n, 1); fill_f32<<<1024, 256>>>(x, n, 4); fill_runs<<<1024, 256>>>(s, n, 2);
  CK(cudaDeviceSynchronize());
  float ms; char name[96];
  thrust::device_ptr<uint32_t> sp(s), op(o), qp(q); thrust::device_ptr<float> xv(x);
  ms = time_ms([&] { thrust::lower_bound(thrust::device, sp, sp + n, qp, qp + n, op); });
  emit("thrust_lower_bound_u32", n, ms, 3.0 * n * 4);
  ms = time_ms([&] { thrust::min_element(thrust::device, xv, xv + n); });
  emit("thrust_min_element_f32", n, ms, 1.0 * n * 4);
  void* tmp = nullptr; size_t tmpb = 0;
  for (int seg : {4, 100000}) {
    size_t m = n / seg; int* off; CK(cudaMalloc(&off, (m + 1) * 4));
    fill_offsets<<<1024, 256>>>(off, m + 1, seg);
    cub::DeviceSegmentedReduce::Sum(tmp, tmpb, x, y, (int)m, off, off + 1); CK(cudaMalloc(&tmp, tmpb));
    ms = time_ms([&] { cub::DeviceSegmentedReduce::Sum(tmp, tmpb, x, y, (int)m, off, off + 1); });
    snprintf(name, sizeof name, "cub_segmented_reduce_sum_seg%d_f32", seg);
    emit(name, m * seg, ms, 1.0 * m * seg * 4 + m * 4.0);
    CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0; CK(cudaFree(off));
  }
  CK(cudaFree(q)); CK(cudaFree(s)); CK(cudaFree(o)); CK(cudaFree(x)); CK(cudaFree(y));
}

#ifdef PEERS_EXTREMA_MAIN
int main(int argc, char** argv) {
  int max_log2 = 28;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--csv") && i + 1 < argc) {
      g_csv = fopen(argv[++i], "w");
      if (!g_csv) { printf("cannot open %s\n", argv[i]); return 1; }
      fprintf(g_csv, "source,case,n,ms,gbps,gflops,check\n");
    } else if (!strcmp(argv[i], "--max-log2") && i + 1 < argc) max_log2 = atoi(argv[++i]);
    else { printf("usage: %s [--csv FILE] [--max-log2 N]\n", argv[0]); return 2; }
  }
  g_iters = 10;
  cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
  printf("# extrema/search/segmented-reduce peers on %s, median of 10 after 3 warm-ups\n", prop.name);
  for (int lg : {20, 24, 28}) {
    if (lg > max_log2) break;
    extrema_search_peers(size_t(1) << lg);
  }
  if (g_csv) fclose(g_csv);
  return 0;
}
#endif
