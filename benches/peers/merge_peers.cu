// A small driver for the merge peer rows alone (benches/peers/merge_rows.cuh, also included
// by peers.cu): CUB DeviceMergeSort and thrust::merge / merge_by_key at n = 2^24 and 2^28,
// timed with peers.cu's harness (median of 20 after 3 warm-ups, cudaEvent timing).
//   nvcc -O3 -std=c++17 -arch=sm_90 -o merge_peers benches/peers/merge_peers.cu
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("cuda error %s at %d\n", cudaGetErrorString(e), __LINE__); exit(1);} } while (0)

static int g_iters = 20;

template <class F> float time_ms(F f, int iters = -1) {
  if (iters < 0) iters = g_iters;
  for (int i = 0; i < 3; i++) f();
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  std::vector<float> v;
  for (int i = 0; i < iters; i++) {
    cudaEventRecord(a); f(); cudaEventRecord(b); cudaEventSynchronize(b);
    float ms; cudaEventElapsedTime(&ms, a, b); v.push_back(ms);
  }
  cudaEventDestroy(a); cudaEventDestroy(b);
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

static void emit(const char* name, size_t n, float ms, double bytes, const char* check = "ok") {
  printf("peer %s n=%zu ms=%.4f GBps=%.1f check=%s\n", name, n, ms, bytes / ms / 1e6, check);
  fflush(stdout);
}

#include "sort_rows.cuh"
#include "merge_rows.cuh"

int main() {
  cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
  printf("# merge peers on %s, median of %d after 3 warm-ups\n", prop.name, g_iters);
  for (int e : {24, 28}) merge_rows(size_t(1) << e);
  return 0;
}
