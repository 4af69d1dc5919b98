// A small driver for the merge peer rows alone (benches/peers/merge_rows.cuh, also included
// by peers.cu): CUB DeviceMergeSort and thrust::merge / merge_by_key at n = 2^24 and 2^28,
// timed with the shared prelude (timing.cuh: median of 20 after 3 warm-ups, cudaEvent timing).
//   nvcc -O3 -std=c++17 -arch=sm_90 -o merge_peers benches/peers/merge_peers.cu
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <cstdint>
#include "timing.cuh"  // CK, time_ms, emit
#include "sort_rows.cuh"
#include "merge_rows.cuh"

int main() {
  cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
  printf("# merge peers on %s, median of %d after 3 warm-ups\n", prop.name, g_iters);
  for (int e : {24, 28}) merge_rows(size_t(1) << e);
  return 0;
}
