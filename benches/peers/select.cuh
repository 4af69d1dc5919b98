// Selection peers, copied from the anchors' peers2.cu (part 2 of the anchors): CUB's
// DeviceSelect::If (f32 below 0.5, about half), ::Flagged (random flag bytes, about half),
// ::Unique (u32 keys in runs of 4), DevicePartition::If (as If) and Thrust's count_if (the
// count returned to the host). Same data and byte conventions as peers2.cu (each input read
// once, each selected item written once); timed with this program's time_ms, like every row
// of peers.cu. Included by peers.cu, which defines time_ms, emit and CK.
#pragma once
#include <cub/device/device_select.cuh>
#include <cub/device/device_partition.cuh>
#include <thrust/count.h>
#include <thrust/device_ptr.h>

__host__ __device__ inline uint64_t sel_mix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
__global__ void sel_fill_f32(float* x, size_t n, uint64_t seed) {  // uniform in [0, 1)
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    x[i] = (float)(sel_mix(i ^ seed) >> 40) / (float)(1ull << 24);
}
__global__ void sel_fill_flags(char* f, size_t n, uint64_t seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    f[i] = (char)(sel_mix(i ^ seed) & 1);
}
__global__ void sel_fill_runs(uint32_t* k, size_t n, int run) {  // sorted keys in runs of `run`
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    k[i] = (uint32_t)(i / run);
}
struct sel_less_than_half { __host__ __device__ bool operator()(float x) const { return x < 0.5f; } };

// cub_select_if_half_f32, cub_select_flagged_half_f32, cub_unique_runs4_u32,
// cub_partition_if_half_f32, thrust_count_if_f32 at n.
static void select_rows(size_t n) {
  int ni = (int)n;
  float *x, *y; char* flags; uint32_t *k, *ko; int* nsel;
  CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4)); CK(cudaMalloc(&flags, n));
  CK(cudaMalloc(&k, n * 4)); CK(cudaMalloc(&ko, n * 4)); CK(cudaMalloc(&nsel, 8));
  sel_fill_f32<<<1024, 256>>>(x, n, 4); sel_fill_flags<<<1024, 256>>>(flags, n, 6); sel_fill_runs<<<1024, 256>>>(k, n, 4);
  CK(cudaDeviceSynchronize());
  void* tmp = nullptr; size_t tmpb = 0; int hsel = 0; float ms;
  auto near_half = [&](int s) { return s > (int)(n / 2 - n / 50) && s < (int)(n / 2 + n / 50) ? "ok" : "BAD"; };
  cub::DeviceSelect::If(tmp, tmpb, x, y, nsel, ni, sel_less_than_half()); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceSelect::If(tmp, tmpb, x, y, nsel, ni, sel_less_than_half()); });
  CK(cudaMemcpy(&hsel, nsel, 4, cudaMemcpyDeviceToHost));
  emit("cub_select_if_half_f32", n, ms, 1.0 * n * 4 + hsel * 4.0, near_half(hsel)); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;
  cub::DeviceSelect::Flagged(tmp, tmpb, x, flags, y, nsel, ni); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceSelect::Flagged(tmp, tmpb, x, flags, y, nsel, ni); });
  CK(cudaMemcpy(&hsel, nsel, 4, cudaMemcpyDeviceToHost));
  emit("cub_select_flagged_half_f32", n, ms, 1.0 * n * 5 + hsel * 4.0, near_half(hsel)); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;
  cub::DeviceSelect::Unique(tmp, tmpb, k, ko, nsel, ni); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceSelect::Unique(tmp, tmpb, k, ko, nsel, ni); });
  CK(cudaMemcpy(&hsel, nsel, 4, cudaMemcpyDeviceToHost));
  emit("cub_unique_runs4_u32", n, ms, 1.0 * n * 4 + hsel * 4.0, (size_t)hsel == n / 4 ? "ok" : "BAD"); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;
  cub::DevicePartition::If(tmp, tmpb, x, y, nsel, ni, sel_less_than_half()); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DevicePartition::If(tmp, tmpb, x, y, nsel, ni, sel_less_than_half()); });
  emit("cub_partition_if_half_f32", n, ms, 2.0 * n * 4); CK(cudaFree(tmp)); tmp = nullptr; tmpb = 0;
  thrust::device_ptr<float> xv(x);
  long long cnt = 0;
  ms = time_ms([&] { cnt = thrust::count_if(thrust::device, xv, xv + n, sel_less_than_half()); });
  emit("thrust_count_if_f32", n, ms, 1.0 * n * 4, near_half((int)cnt));
  CK(cudaFree(x)); CK(cudaFree(y)); CK(cudaFree(flags)); CK(cudaFree(k)); CK(cudaFree(ko)); CK(cudaFree(nsel));
}
