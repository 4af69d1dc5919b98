// Histogram, gather and scatter peer cases (CUB HistogramEven, Thrust gather / scatter), copied
// from the shared peers2.cu with its data (splitmix64 of the index, the same seeds), byte
// conventions and case names; timed with the including program's time_ms / emit (median of
// --iters after 3 warm-ups), so they sit beside peers.cu's other cases. Needs CK, time_ms and
// emit defined before the #include (peers.cu, histogram_gather_peers.cu).
#pragma once
#include <cub/cub.cuh>
#include <thrust/device_ptr.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/execution_policy.h>
#include <cstdint>
#include <vector>

namespace hg {
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
__global__ void fill_u8(uint8_t* x, size_t n, uint64_t seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    x[i] = (uint8_t)mix(i ^ seed);
}
// A permutation of 0..n (n a power of two): an odd multiplier mod n.
__global__ void fill_perm(uint32_t* p, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    p[i] = (uint32_t)((i * 2654435761ull) & (n - 1));
}
}  // namespace hg

// The cases at one size n (a power of two).
static void peers_histogram_gather(size_t n) {
  int ni = (int)n;
  float *x, *y; uint8_t* b8; uint32_t* perm; int* hist;
  CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4)); CK(cudaMalloc(&b8, n));
  CK(cudaMalloc(&perm, n * 4)); CK(cudaMalloc(&hist, 1025 * 4));
  hg::fill_f32<<<1024, 256>>>(x, n, 4); hg::fill_u8<<<1024, 256>>>(b8, n, 5); hg::fill_perm<<<1024, 256>>>(perm, n);
  CK(cudaDeviceSynchronize());
  void* tmp = nullptr; size_t tmpb = 0; float ms;

  // Histograms: 256 even bins over u8, 1024 even bins over f32 in [0, 1).
  cub::DeviceHistogram::HistogramEven(tmp, tmpb, b8, hist, 257, 0, 256, ni); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceHistogram::HistogramEven(tmp, tmpb, b8, hist, 257, 0, 256, ni); });
  std::vector<int> hh(256); CK(cudaMemcpy(hh.data(), hist, 256 * 4, cudaMemcpyDeviceToHost));
  long long tot = 0; for (int c : hh) tot += c;
  emit("cub_histogram_even_256_u8", n, ms, 1.0 * n, (size_t)tot == n ? "ok" : "BAD"); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;
  cub::DeviceHistogram::HistogramEven(tmp, tmpb, x, hist, 1025, 0.0f, 1.0f, ni); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceHistogram::HistogramEven(tmp, tmpb, x, hist, 1025, 0.0f, 1.0f, ni); });
  std::vector<int> hf(1024); CK(cudaMemcpy(hf.data(), hist, 1024 * 4, cudaMemcpyDeviceToHost));
  tot = 0; for (int c : hf) tot += c;
  emit("cub_histogram_even_1024_f32", n, ms, 4.0 * n, (size_t)tot == n ? "ok" : "BAD"); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;

  // Gather / scatter through a permutation (f32 values, u32 map).
  thrust::device_ptr<uint32_t> map(perm); thrust::device_ptr<float> xv(x), yv(y);
  ms = time_ms([&] { thrust::gather(thrust::device, map, map + n, xv, yv); });
  emit("thrust_gather_perm_f32", n, ms, 3.0 * n * 4);
  ms = time_ms([&] { thrust::scatter(thrust::device, xv, xv + n, map, yv); });
  emit("thrust_scatter_perm_f32", n, ms, 3.0 * n * 4);

  CK(cudaFree(x)); CK(cudaFree(y)); CK(cudaFree(b8)); CK(cudaFree(perm)); CK(cudaFree(hist));
}
