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
#include "timing.cuh"
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
