// Profiling aid: one CUB DeviceRadixSort of 2^28 keys (u32 or f32 as argv[1]), the keys as
// benches/peers/sort_rows.cuh makes them, so ncu sees each CUB kernel once after a warm-up.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstring>
#include <cstdint>
__host__ __device__ inline uint64_t mix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
__global__ void fill_u32(uint32_t* k, size_t n, uint64_t s) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) k[i] = (uint32_t)mix(i ^ s);
}
__global__ void fill_f32(float* k, size_t n, uint64_t s) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) k[i] = (float)(mix(i ^ s) >> 40) / (float)(1ull << 24);
}
template <class K> void run(K* a, K* b, int n) {
  void* tmp = nullptr; size_t bytes = 0;
  cub::DeviceRadixSort::SortKeys(tmp, bytes, a, b, n);
  cudaMalloc(&tmp, bytes);
  for (int i = 0; i < 2; i++) cub::DeviceRadixSort::SortKeys(tmp, bytes, a, b, n);
  cudaDeviceSynchronize();
}
int main(int argc, char** argv) {
  int n = 1 << 28;
  bool f = argc > 1 && !strcmp(argv[1], "f32");
  void *a, *b; cudaMalloc(&a, (size_t)n * 4); cudaMalloc(&b, (size_t)n * 4);
  if (f) { fill_f32<<<1024, 256>>>((float*)a, n, 4); run((float*)a, (float*)b, n); }
  else { fill_u32<<<1024, 256>>>((uint32_t*)a, n, 1); run((uint32_t*)a, (uint32_t*)b, n); }
  printf("done %s %s\n", f ? "f32" : "u32", cudaGetErrorString(cudaGetLastError()));
}
