// Peer cases of the searches that stop early: find_if (CUB's DeviceFind::FindIf where this
// CCCL has it, and Thrust's find_if), mismatch and is_sorted_until (Thrust's; CUB has
// neither), the position returned to the host as parallaxis returns it. find_if data: f32
// uniform in [0, 1) (peers2.cu's fill_f32, seed 4); the predicate `x > 1.5` holds only where
// a 2.0 was written: at position 1000 ("front"), at n / 2 ("middle"), or nowhere ("none",
// the whole input read). mismatch: that input and a copy with a 2.0 at the same place;
// is_sorted_until: x[i] = i as f32 with a -1.0 there.
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -o find_peers find_peers.cu
// (-DNO_CUB_FIND leaves CUB's out, for a CCCL whose DeviceFind differs.)
//   ./find_peers [--csv FILE] [--max-log2 28]
#include <cub/cub.cuh>
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/find.h>
#include <thrust/mismatch.h>
#include <thrust/sort.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include "timing.cuh"

#if __has_include(<cub/device/device_find.cuh>) && !defined(NO_CUB_FIND)
#include <cub/device/device_find.cuh>
#define HAVE_CUB_FIND 1
#endif

namespace find_peers {
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
__global__ void fill_index_f32(float* x, size_t n) {  // x[i] = i, rounded: sorted
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    x[i] = (float)i;
}
struct Above {
  float bound;
  __host__ __device__ bool operator()(float v) const { return v > bound; }
};
}  // namespace find_peers

static void find_case(size_t n, const char* where, size_t hit) {
  using namespace find_peers;
  float* x; CK(cudaMalloc(&x, n * 4));
  fill_f32<<<1024, 256>>>(x, n, 4);
  if (hit < n) { float two = 2.0f; CK(cudaMemcpy(x + hit, &two, 4, cudaMemcpyHostToDevice)); }
  CK(cudaDeviceSynchronize());
  char name[96]; float ms;
  // Bytes: what a whole pass would read, so that GB/s compare with a reduce's (an early stop
  // shows as a figure far above the bandwidth).
  double bytes = 4.0 * n;
  thrust::device_ptr<float> xp(x);
  size_t got = 0;
  ms = time_ms([&] { got = thrust::find_if(thrust::device, xp, xp + n, Above{1.5f}) - xp; });
  snprintf(name, sizeof name, "thrust_find_if_%s_f32", where);
  emit(name, n, ms, bytes, got == (hit < n ? hit : n) ? "ok" : "WRONG");
#ifdef HAVE_CUB_FIND
  int64_t* d_out; CK(cudaMalloc(&d_out, 8));
  void* tmp = nullptr; size_t tmpb = 0;
  cub::DeviceFind::FindIf(tmp, tmpb, x, d_out, Above{1.5f}, (int64_t)n);
  CK(cudaMalloc(&tmp, tmpb));
  int64_t h = -1;
  ms = time_ms([&] {
    cub::DeviceFind::FindIf(tmp, tmpb, x, d_out, Above{1.5f}, (int64_t)n);
    CK(cudaMemcpy(&h, d_out, 8, cudaMemcpyDeviceToHost));
  });
  snprintf(name, sizeof name, "cub_find_if_%s_f32", where);
  emit(name, n, ms, bytes, (size_t)h == (hit < n ? hit : n) ? "ok" : "WRONG");
  CK(cudaFree(tmp)); CK(cudaFree(d_out));
#endif
  CK(cudaFree(x));
}

// thrust::mismatch of x and a copy of it that differs at `hit` (none where hit >= n).
static void mismatch_case(size_t n, const char* where, size_t hit) {
  using namespace find_peers;
  float *x, *y; CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4));
  fill_f32<<<1024, 256>>>(x, n, 4);
  CK(cudaMemcpy(y, x, n * 4, cudaMemcpyDeviceToDevice));
  if (hit < n) { float two = 2.0f; CK(cudaMemcpy(y + hit, &two, 4, cudaMemcpyHostToDevice)); }
  CK(cudaDeviceSynchronize());
  thrust::device_ptr<float> xp(x), yp(y);
  size_t got = 0;
  float ms = time_ms([&] { got = thrust::mismatch(thrust::device, xp, xp + n, yp).first - xp; });
  char name[96]; snprintf(name, sizeof name, "thrust_mismatch_%s_f32", where);
  emit(name, n, ms, 8.0 * n, got == (hit < n ? hit : n) ? "ok" : "WRONG");
  CK(cudaFree(x)); CK(cudaFree(y));
}

// thrust::is_sorted_until of x[i] = i with a descent (-1.0) at `hit` (none where hit >= n).
static void sorted_case(size_t n, const char* where, size_t hit) {
  using namespace find_peers;
  float* x; CK(cudaMalloc(&x, n * 4));
  fill_index_f32<<<1024, 256>>>(x, n);
  if (hit < n) { float m = -1.0f; CK(cudaMemcpy(x + hit, &m, 4, cudaMemcpyHostToDevice)); }
  CK(cudaDeviceSynchronize());
  thrust::device_ptr<float> xp(x);
  size_t got = 0;
  float ms = time_ms([&] { got = thrust::is_sorted_until(thrust::device, xp, xp + n) - xp; });
  char name[96]; snprintf(name, sizeof name, "thrust_is_sorted_until_%s_f32", where);
  emit(name, n, ms, 4.0 * n, got == (hit < n ? hit : n) ? "ok" : "WRONG");
  CK(cudaFree(x));
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
#ifdef HAVE_CUB_FIND
  printf("# find_if peers on %s (CUB DeviceFind::FindIf and Thrust), median of %d after 3 warm-ups\n", prop.name, g_iters);
#else
  printf("# find_if peers on %s (Thrust only: this CCCL has no DeviceFind), median of %d after 3 warm-ups\n", prop.name, g_iters);
#endif
  for (int lg : {20, 24, 28}) {
    if (lg > max_log2) break;
    size_t n = size_t(1) << lg;
    find_case(n, "front", 1000);
    find_case(n, "middle", n / 2);
    find_case(n, "none", n);
    mismatch_case(n, "front", 1000);
    mismatch_case(n, "middle", n / 2);
    mismatch_case(n, "none", n);
    sorted_case(n, "front", 1000);
    sorted_case(n, "middle", n / 2);
    sorted_case(n, "none", n);
  }
  if (g_csv) fclose(g_csv);
  return 0;
}
