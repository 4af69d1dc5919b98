// The timing and output prelude every peer program shares (peers.cu and the small drivers
// histogram_gather_peers.cu and peers_extrema.cu built alone): the median of `g_iters` timed
// calls after 3 warm-ups, and one line (plus one CSV row with --csv) per case.
#pragma once
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

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

// One result: the human-readable line (unchanged format) and, with --csv, one CSV row
//   source,case,n,ms,gbps,gflops,check
static void emit(const char* name, size_t n, float ms, double bytes, const char* check = "ok") {
  printf("peer %s n=%zu ms=%.4f GBps=%.1f check=%s\n", name, n, ms, bytes / ms / 1e6, check);
  fflush(stdout);
  if (g_csv) { fprintf(g_csv, "peers.cu,%s,%zu,%.6f,%.2f,,%s\n", name, n, ms, bytes / ms / 1e6, check); fflush(g_csv); }
}
