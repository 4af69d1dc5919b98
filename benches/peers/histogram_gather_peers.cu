// The histogram, gather and scatter peer cases alone (histogram_gather.cuh), for a quick
// side-by-side run beside `gpu_bench --only histogram` / `--only _perm_`; peers.cu runs the
// same cases with all the others. Same time_ms / emit as peers.cu.
//   nvcc -O3 -std=c++17 -arch=sm_90 -o hg_peers benches/peers/histogram_gather_peers.cu
//   ./hg_peers [--csv FILE] [--iters 20] [LOG2 ...]   (default sizes 2^20 2^24 2^28)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("cuda error %s at %d\n", cudaGetErrorString(e), __LINE__); exit(1);} } while (0)

static int g_iters = 20;
static FILE* g_csv = nullptr;

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
  if (g_csv) { fprintf(g_csv, "peers.cu,%s,%zu,%.6f,%.2f,,%s\n", name, n, ms, bytes / ms / 1e6, check); fflush(g_csv); }
}

#include "histogram_gather.cuh"

int main(int argc, char** argv) {
  std::vector<int> sizes;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--csv") && i + 1 < argc) {
      g_csv = fopen(argv[++i], "w");
      if (!g_csv) { printf("cannot open %s\n", argv[i]); return 1; }
      fprintf(g_csv, "source,case,n,ms,gbps,gflops,check\n");
    } else if (!strcmp(argv[i], "--iters") && i + 1 < argc) g_iters = std::max(1, atoi(argv[++i]));
    else sizes.push_back(atoi(argv[i]));
  }
  if (sizes.empty()) sizes = {20, 24, 28};
  for (int lg : sizes) peers_histogram_gather(size_t(1) << lg);
  if (g_csv) fclose(g_csv);
  return 0;
}
