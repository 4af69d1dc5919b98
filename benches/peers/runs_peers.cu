// Peer cases of the algorithms over neighbours and runs: adjacent_difference (CUB's
// DeviceAdjacentDifference::SubtractLeftCopy and Thrust's adjacent_difference) over f32
// uniform in [0, 1) (find_peers.cu's fill_f32, seed 4); unique_count (Thrust's) and the
// run-length encoding (CUB's DeviceRunLengthEncode::Encode, u32 lengths, the run count to the
// host as parallaxis returns it) over x[i] = (i / 4) % 1000 as u32 (runs of exactly four).
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -o runs_peers runs_peers.cu
//   ./runs_peers [--csv FILE] [--max-log2 28]
#include <cub/cub.cuh>
#include <thrust/adjacent_difference.h>
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/unique.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include "timing.cuh"

namespace runs_peers {
__host__ __device__ inline uint64_t mix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
__global__ void fill_f32(float* x, size_t n, uint64_t seed) {  // uniform in [0, 1)
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    x[i] = (float)(mix(i ^ seed) >> 40) / (float)(1ull << 24);
}
__global__ void fill_runs_of_four(uint32_t* x, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    x[i] = (uint32_t)(i / 4 % 1000);
}
struct Minus {
  __host__ __device__ float operator()(float a, float b) const { return a - b; }
};
}  // namespace runs_peers

static void difference_case(size_t n) {
  using namespace runs_peers;
  float *x, *y; CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4));
  fill_f32<<<1024, 256>>>(x, n, 4);
  CK(cudaDeviceSynchronize());
  float probe[2];
  void* tmp = nullptr; size_t tmpb = 0;
  cub::DeviceAdjacentDifference::SubtractLeftCopy(tmp, tmpb, x, y, (int64_t)n, Minus{});
  CK(cudaMalloc(&tmp, tmpb));
  float ms = time_ms([&] {
    cub::DeviceAdjacentDifference::SubtractLeftCopy(tmp, tmpb, x, y, (int64_t)n, Minus{});
  });
  CK(cudaMemcpy(probe, y, 8, cudaMemcpyDeviceToHost));
  float host[2]; CK(cudaMemcpy(host, x, 8, cudaMemcpyDeviceToHost));
  bool ok = probe[0] == host[0] && probe[1] == host[1] - host[0];
  emit("cub_adjacent_difference_f32", n, ms, 8.0 * n, ok ? "ok" : "WRONG");
  thrust::device_ptr<float> xp(x), yp(y);
  ms = time_ms([&] { thrust::adjacent_difference(thrust::device, xp, xp + n, yp, Minus{}); });
  CK(cudaMemcpy(probe, y, 8, cudaMemcpyDeviceToHost));
  ok = probe[0] == host[0] && probe[1] == host[1] - host[0];
  emit("thrust_adjacent_difference_f32", n, ms, 8.0 * n, ok ? "ok" : "WRONG");
  CK(cudaFree(tmp)); CK(cudaFree(x)); CK(cudaFree(y));
}

static void runs_case(size_t n) {
  using namespace runs_peers;
  uint32_t *x, *values, *lengths; int64_t* d_runs;
  CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&values, n * 4)); CK(cudaMalloc(&lengths, n * 4));
  CK(cudaMalloc(&d_runs, 8));
  fill_runs_of_four<<<1024, 256>>>(x, n);
  CK(cudaDeviceSynchronize());
  size_t runs = (n + 3) / 4;
  thrust::device_ptr<uint32_t> xp(x);
  size_t got = 0;
  float ms = time_ms([&] { got = thrust::unique_count(thrust::device, xp, xp + n); });
  emit("thrust_unique_count_u32", n, ms, 4.0 * n, got == runs ? "ok" : "WRONG");
  void* tmp = nullptr; size_t tmpb = 0;
  cub::DeviceRunLengthEncode::Encode(tmp, tmpb, x, values, lengths, d_runs, (int64_t)n);
  CK(cudaMalloc(&tmp, tmpb));
  int64_t h = -1;
  ms = time_ms([&] {
    cub::DeviceRunLengthEncode::Encode(tmp, tmpb, x, values, lengths, d_runs, (int64_t)n);
    CK(cudaMemcpy(&h, d_runs, 8, cudaMemcpyDeviceToHost));
  });
  emit("cub_run_length_encode_u32", n, ms, 4.0 * n + 8.0 * runs, (size_t)h == runs ? "ok" : "WRONG");
  CK(cudaFree(tmp)); CK(cudaFree(x)); CK(cudaFree(values)); CK(cudaFree(lengths)); CK(cudaFree(d_runs));
}

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
  cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
  printf("# neighbour and run peers on %s (CUB and Thrust), median of %d after 3 warm-ups\n", prop.name, g_iters);
  for (int lg : {20, 24, 28}) {
    if (lg > max_log2) break;
    size_t n = size_t(1) << lg;
    difference_case(n);
    runs_case(n);
  }
  if (g_csv) fclose(g_csv);
  return 0;
}
