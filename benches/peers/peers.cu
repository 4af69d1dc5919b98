// Peer anchors measured on the lent GPU: CUB, Thrust and cuSPARSE on the same
// work the project's algorithms do. Prints one line per case:
//   peer <case> n=<n> ms=<median ms> GBps=<effective GB/s> check=<ok|BAD>
//
// Provenance: the program behind the peer figures of docs/benchmarks.md, kept in the
// repository so that it travels to the GPU machine; extended here
// with: a CSV output (`--csv FILE`), size and repetition options, Thrust's unary transform
// (Square), Thrust's transform_reduce (sum of squares, returned to the host),
// inner_product (dot product, returned to the host),
// transform_inclusive_scan and transform_exclusive_scan (running sums of squares), exclusive scans
// and u64 rows for reduce and scan, exclusive scans for f64 / i32,
// every size step x4 from 2^16 (the original ran 2^16, 2^20, 2^24, 2^28, 2^30),
// and the histogram, gather and scatter cases of peers2.cu (histogram_gather.cuh), the
// selection rows of select.cuh (CUB DeviceSelect / DevicePartition, Thrust count_if).
// The original cases, their data, their byte conventions and their timing are unchanged.
//
// Build and run (scripts/gpu-bench.sh does this):
//   nvcc -O3 -arch=sm_90 -std=c++17 -o peers benches/peers/peers.cu -lcusparse
//   ./peers [--csv FILE] [--max-log2 30] [--iters 20] [--no-spmv]
//
// Effective bandwidth conventions (ideal bytes / time, docs/benchmarks.md): copy and scans count
// read + write; reduce counts the read; saxpy 2 reads + 1 write; scan-by-key keys + values +
// output; reduce-by-key keys + values; SpMV values + column indices + row pointers + x + y.
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/transform.h>
#include <thrust/scan.h>
#include <thrust/transform_reduce.h>
#include <thrust/transform_scan.h>
#include <thrust/inner_product.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/tuple.h>
#include <cusparse.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <algorithm>
#include <random>
#include <cmath>
#include <cstdint>

#include "timing.cuh"  // CK, time_ms, emit

#include "histogram_gather.cuh"  // histogram, gather, scatter (peers2.cu's cases)
#include "select.cuh"  // selection peers (copy_if / stencil / unique / partition, count_if)
// Thrust's min_element and lower_bound, CUB's segmented reduce (from peers2.cu).
#include "peers_extrema.cu"

struct saxpy { float a; __host__ __device__ float operator()(float x, float y) const { return a * x + y; } };
struct square { __host__ __device__ float operator()(float x) const { return x * x; } };
// The product of a zipped pair, read through a transform_iterator over a zip_iterator
// (the fused scan parallaxis's `inclusive_scan(Sum, zip(a, b).map(Times))` is measured against).
struct zip_times {
  __host__ __device__ float operator()(const thrust::tuple<float, float>& t) const { return thrust::get<0>(t) * thrust::get<1>(t); }
};

#include "sort_rows.cuh"  // CUB radix sort rows
#include "merge_rows.cuh"  // CUB merge sort, Thrust merge rows

__global__ void fill_pattern(float* x, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (; i < n; i += (size_t)gridDim.x * blockDim.x) x[i] = (float)(i % 7) * 0.5f;
}
template <class T> __global__ void fill_small(T* x, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (; i < n; i += (size_t)gridDim.x * blockDim.x) x[i] = (T)(i % 7);
}
template <class K> __global__ void fill_keys(K* k, size_t n, int seglen) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (; i < n; i += (size_t)gridDim.x * blockDim.x) k[i] = (K)(i / seglen);
}

// Keyed rows over keys K (the run ordinal): CUB's scan by key at runs of 32 and 1000 (and
// Thrust's when `thrust_too`), then CUB's reduce by key at runs of 1000 (the keys the loop
// leaves). `tag` goes into the row names after "by_key" ("" for int keys, "_u64" for
// unsigned long long); bytes count the keys at their width.
template <class K> void keyed_rows(const char* tag, const float* x, float* out, size_t n, bool thrust_too) {
  K *keys, *uniq; float* aggs; int* nruns; void* tmp = nullptr; size_t tmpb = 0; char name[96]; float ms;
  CK(cudaMalloc(&keys, n * sizeof(K))); CK(cudaMalloc(&uniq, n * sizeof(K)));
  CK(cudaMalloc(&aggs, n * 4)); CK(cudaMalloc(&nruns, 4));
  const double key_words = sizeof(K) / 4.0;  // bytes of a key in 4-byte words
  for (int seglen : {32, 1000}) {
    fill_keys<K><<<1024, 256>>>(keys, n, seglen);
    tmpb = 0;
    cub::DeviceScan::InclusiveSumByKey(tmp, tmpb, keys, x, out, (int)n); CK(cudaMalloc(&tmp, tmpb));
    ms = time_ms([&] { cub::DeviceScan::InclusiveSumByKey(tmp, tmpb, keys, x, out, (int)n); });
    snprintf(name, sizeof name, "cub_inclusive_sum_by_key%s_seg%d_f32", tag, seglen); emit(name, n, ms, (2.0 + key_words) * n * 4);
    CK(cudaFree(tmp)); tmp = nullptr;
    if (thrust_too) {
      thrust::device_ptr<K> k(keys); thrust::device_ptr<const float> xv(x); thrust::device_ptr<float> ov(out);
      ms = time_ms([&] { thrust::inclusive_scan_by_key(thrust::device, k, k + n, xv, ov); });
      snprintf(name, sizeof name, "thrust_inclusive_scan_by_key%s_seg%d_f32", tag, seglen); emit(name, n, ms, (2.0 + key_words) * n * 4);
    }
  }
  tmpb = 0;
  cub::DeviceReduce::ReduceByKey(tmp, tmpb, keys, uniq, x, aggs, nruns, ::cuda::std::plus<float>{}, (int)n); CK(cudaMalloc(&tmp, tmpb));
  ms = time_ms([&] { cub::DeviceReduce::ReduceByKey(tmp, tmpb, keys, uniq, x, aggs, nruns, ::cuda::std::plus<float>{}, (int)n); });
  int runs = 0; CK(cudaMemcpy(&runs, nruns, 4, cudaMemcpyDeviceToHost));
  snprintf(name, sizeof name, "cub_reduce_by_key%s_seg1000_f32", tag);
  emit(name, n, ms, (1.0 + key_words) * n * 4, (size_t)runs == (n + 999) / 1000 ? "ok" : "BAD");
  CK(cudaFree(tmp)); CK(cudaFree(keys)); CK(cudaFree(uniq)); CK(cudaFree(aggs)); CK(cudaFree(nruns));
}

// Reduce, inclusive and exclusive scan of one more element type (values i % 7).
template <class T> void other_type(const char* tname, size_t n) {
  T *x, *o, *s; CK(cudaMalloc(&x, n * sizeof(T))); CK(cudaMalloc(&o, n * sizeof(T))); CK(cudaMalloc(&s, sizeof(T)));
  fill_small<T><<<1024, 256>>>(x, n); CK(cudaDeviceSynchronize());
  void* tmp = nullptr; size_t tmpb = 0, t2 = 0, t3 = 0;
  cub::DeviceReduce::Sum(tmp, tmpb, x, s, n);
  cub::DeviceScan::InclusiveSum(nullptr, t2, x, o, n);
  cub::DeviceScan::ExclusiveSum(nullptr, t3, x, o, n);
  tmpb = std::max(tmpb, std::max(t2, t3)); CK(cudaMalloc(&tmp, tmpb));
  char name[96];
  float ms = time_ms([&] { cub::DeviceReduce::Sum(tmp, tmpb, x, s, n); });
  snprintf(name, sizeof name, "cub_reduce_sum_%s", tname); emit(name, n, ms, 1.0 * n * sizeof(T));
  ms = time_ms([&] { cub::DeviceScan::InclusiveSum(tmp, tmpb, x, o, n); });
  snprintf(name, sizeof name, "cub_inclusive_sum_%s", tname); emit(name, n, ms, 2.0 * n * sizeof(T));
  ms = time_ms([&] { cub::DeviceScan::ExclusiveSum(tmp, tmpb, x, o, n); });
  snprintf(name, sizeof name, "cub_exclusive_sum_%s", tname); emit(name, n, ms, 2.0 * n * sizeof(T));
  CK(cudaFree(tmp)); CK(cudaFree(x)); CK(cudaFree(o)); CK(cudaFree(s));
}

int main(int argc, char** argv) {
  int max_log2 = 30; bool do_spmv = true; bool sort_only = false; bool merge_only = false;
  bool select_only = false;  // --select-only: the selection rows (select.cuh) at 2^20, 2^24, 2^28
  bool map_only = false;  // --map-only: the copy, reduce, scan and element-wise rows alone
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--csv") && i + 1 < argc) {
      g_csv = fopen(argv[++i], "w");
      if (!g_csv) { printf("cannot open %s\n", argv[i]); return 1; }
      fprintf(g_csv, "source,case,n,ms,gbps,gflops,check\n");
    } else if (!strcmp(argv[i], "--max-log2") && i + 1 < argc) max_log2 = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--iters") && i + 1 < argc) g_iters = std::max(1, atoi(argv[++i]));
    else if (!strcmp(argv[i], "--no-spmv")) do_spmv = false;
    else if (!strcmp(argv[i], "--sort-only")) sort_only = true;
    else if (!strcmp(argv[i], "--merge-only")) merge_only = true;
    else if (!strcmp(argv[i], "--select-only")) select_only = true;
    else if (!strcmp(argv[i], "--map-only")) { map_only = true; do_spmv = false; }
    else { printf("usage: %s [--csv FILE] [--max-log2 N] [--iters N] [--no-spmv] [--sort-only] [--merge-only] [--select-only] [--map-only]\n", argv[0]); return 2; }
  }
  cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
  printf("# peers on %s, median of %d after 3 warm-ups\n", prop.name, g_iters);
  // n = 2^16, 2^18, ..., 2^max_log2 (the original program ran 2^16, 2^20, 2^24, 2^28, 2^30).
  for (int e = 16; e <= max_log2; e += 2) {
    size_t n = size_t(1) << e;
    if (merge_only) {
      if (e == 24 || e == 28) merge_rows(n);
      continue;
    }
    if (select_only) {
      if (e == 20 || e == 24 || e == 28) select_rows(n);
      continue;
    }
    if (!map_only && (e == 20 || e == 24 || e == 28)) sort_rows(n);
    if (!map_only && (e == 24 || e == 28)) merge_rows(n);
    if (sort_only) continue;
    float *x, *y, *out;
    CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4)); CK(cudaMalloc(&out, n * 4));
    fill_pattern<<<1024, 256>>>(x, n); fill_pattern<<<1024, 256>>>(y, n);
    CK(cudaDeviceSynchronize());
    double exact = 0; for (size_t i = 0; i < n; i++) exact += (double)(i % 7) * 0.5;

    // copy (the bandwidth roof for map-like work)
    float ms = time_ms([&] { cudaMemcpyAsync(out, x, n * 4, cudaMemcpyDeviceToDevice); });
    emit("copy", n, ms, 2.0 * n * 4);

    // reduce
    void* tmp = nullptr; size_t tmpb = 0; float* d_sum; CK(cudaMalloc(&d_sum, 4));
    cub::DeviceReduce::Sum(tmp, tmpb, x, d_sum, n); CK(cudaMalloc(&tmp, tmpb));
    ms = time_ms([&] { cub::DeviceReduce::Sum(tmp, tmpb, x, d_sum, n); });
    float hs; CK(cudaMemcpy(&hs, d_sum, 4, cudaMemcpyDeviceToHost));
    emit("cub_reduce_sum_f32", n, ms, 1.0 * n * 4, fabs(hs - exact) / exact < 1e-5 ? "ok" : "BAD");
    CK(cudaFree(tmp)); tmp = nullptr;

    // inclusive / exclusive scan
    cub::DeviceScan::InclusiveSum(tmp, tmpb, x, out, n); CK(cudaMalloc(&tmp, tmpb));
    ms = time_ms([&] { cub::DeviceScan::InclusiveSum(tmp, tmpb, x, out, n); });
    emit("cub_inclusive_sum_f32", n, ms, 2.0 * n * 4);
    ms = time_ms([&] { cub::DeviceScan::ExclusiveSum(tmp, tmpb, x, out, n); });
    emit("cub_exclusive_sum_f32", n, ms, 2.0 * n * 4);
    CK(cudaFree(tmp)); tmp = nullptr;

    // segmented (by key) inclusive scan at runs of 32 and 1000, reduce by key at runs of 1000:
    // 4-byte keys (with Thrust's scan by key beside CUB's) and 8-byte keys
    if (!map_only) {
      keyed_rows<int>("", x, out, n, true);
      keyed_rows<unsigned long long>("_u64", x, out, n, false);
    }
    // saxpy and unary transforms
    {
      thrust::device_ptr<float> xv(x), yv(y), ov(out);
      ms = time_ms([&] { thrust::transform(thrust::device, xv, xv + n, yv, ov, saxpy{2.0f}); });
      emit("thrust_saxpy_f32", n, ms, 3.0 * n * 4);
      ms = time_ms([&] { thrust::transform(thrust::device, xv, xv + n, ov, square{}); });
      emit("thrust_square_f32", n, ms, 2.0 * n * 4);
      // Fused sum of squares, returned to the host (as parallaxis's transform_reduce).
      float sumsq = 0.0f;
      ms = time_ms([&] { sumsq = thrust::transform_reduce(thrust::device, xv, xv + n, square{}, 0.0f, ::cuda::std::plus<float>{}); });
      emit("thrust_transform_reduce_square_f32", n, ms, 1.0 * n * 4, sumsq > 0.0f ? "ok" : "BAD");
      // Fused dot product, returned to the host (as parallaxis's transform2_reduce); x and y
      // hold the pattern (i mod 7) / 2, so the sum is positive.
      float dot = 0.0f;
      ms = time_ms([&] { dot = thrust::inner_product(thrust::device, xv, xv + n, yv, 0.0f); });
      emit("thrust_inner_product_f32", n, ms, 2.0 * n * 4, dot > 0.0f ? "ok" : "BAD");
      // Fused scan of squares.
      ms = time_ms([&] { thrust::transform_inclusive_scan(thrust::device, xv, xv + n, ov, square{}, ::cuda::std::plus<float>{}); });
      emit("thrust_transform_inclusive_scan_square_f32", n, ms, 2.0 * n * 4);
      ms = time_ms([&] { thrust::transform_exclusive_scan(thrust::device, xv, xv + n, ov, square{}, 1.0f, ::cuda::std::plus<float>{}); });
      emit("thrust_transform_exclusive_scan_square_f32", n, ms, 2.0 * n * 4);
      // A scan of products read through fancy iterators, fused (reads x and y once,
      // writes the scan once).
      auto products = thrust::make_transform_iterator(thrust::make_zip_iterator(thrust::make_tuple(xv, yv)), zip_times{});
      ms = time_ms([&] { thrust::inclusive_scan(thrust::device, products, products + n, ov); });
      emit("thrust_inclusive_scan_zip_times_f32", n, ms, 3.0 * n * 4);
    }
    CK(cudaFree(x)); CK(cudaFree(y)); CK(cudaFree(out)); CK(cudaFree(d_sum));
    if (map_only) continue;
    // other element types for reduce and scan (inclusive and exclusive)
    other_type<double>("f64", n);
    other_type<int>("i32", n);
    other_type<unsigned long long>("u64", n);
    peers_histogram_gather(n);  // after the original cases (histogram_gather.cuh)
    select_rows(n);
    // Extrema, search, segmented reduce at peers2.cu's sizes 2^20, 2^24, 2^28.
    if (e >= 20 && e % 4 == 0 && e <= 28) extrema_search_peers(n);
  }
  if (!do_spmv || sort_only || merge_only || select_only) return 0;

  // SpMV with cuSPARSE: 2D 5-point Poisson on a G x G grid, and a power-law random matrix.
  cusparseHandle_t h; cusparseCreate(&h);
  auto spmv = [&](const char* name, int rows, int cols, std::vector<int>& rp, std::vector<int>& ci, std::vector<float>& v) {
    int nnz = rp[rows];
    int *drp, *dci; float *dv, *dx, *dy;
    CK(cudaMalloc(&drp, (rows + 1) * 4)); CK(cudaMalloc(&dci, (size_t)nnz * 4)); CK(cudaMalloc(&dv, (size_t)nnz * 4));
    CK(cudaMalloc(&dx, (size_t)cols * 4)); CK(cudaMalloc(&dy, (size_t)rows * 4));
    CK(cudaMemcpy(drp, rp.data(), (rows + 1) * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dci, ci.data(), (size_t)nnz * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dv, v.data(), (size_t)nnz * 4, cudaMemcpyHostToDevice));
    std::vector<float> hx(cols, 1.0f); CK(cudaMemcpy(dx, hx.data(), (size_t)cols * 4, cudaMemcpyHostToDevice));
    cusparseSpMatDescr_t A; cusparseDnVecDescr_t X, Y;
    cusparseCreateCsr(&A, rows, cols, nnz, drp, dci, dv, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
    cusparseCreateDnVec(&X, cols, dx, CUDA_R_32F); cusparseCreateDnVec(&Y, rows, dy, CUDA_R_32F);
    float alpha = 1, beta = 0; size_t bs = 0; void* buf = nullptr;
    for (auto alg : {CUSPARSE_SPMV_CSR_ALG1, CUSPARSE_SPMV_CSR_ALG2}) {
      cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y, CUDA_R_32F, alg, &bs);
      CK(cudaMalloc(&buf, bs + 1));
      float ms = time_ms([&] { cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y, CUDA_R_32F, alg, buf); });
      double bytes = (double)nnz * 8 + (rows + 1) * 4.0 + rows * 4.0 + cols * 4.0;
      int algn = alg == CUSPARSE_SPMV_CSR_ALG1 ? 1 : 2;
      printf("peer cusparse_spmv_%s_alg%d rows=%d nnz=%d ms=%.4f GBps=%.1f GFLOPs=%.1f check=ok\n", name, algn, rows, nnz, ms, bytes / ms / 1e6, 2.0 * nnz / ms / 1e6);
      if (g_csv) { fprintf(g_csv, "peers.cu,cusparse_spmv_%s_alg%d,%d,%.6f,%.2f,%.2f,ok nnz=%d\n", name, algn, rows, ms, bytes / ms / 1e6, 2.0 * nnz / ms / 1e6, nnz); fflush(g_csv); }
      CK(cudaFree(buf));
    }
    cusparseDestroySpMat(A); cusparseDestroyDnVec(X); cusparseDestroyDnVec(Y);
    cudaFree(drp); cudaFree(dci); cudaFree(dv); cudaFree(dx); cudaFree(dy);
  };
  {
    int G = 4096, rows = G * G; std::vector<int> rp(rows + 1), ci; std::vector<float> v; ci.reserve((size_t)rows * 5); v.reserve((size_t)rows * 5);
    for (int r = 0; r < rows; r++) { int i = r / G, j = r % G; rp[r] = (int)ci.size();
      int nb[5][2] = {{i-1,j},{i,j-1},{i,j},{i,j+1},{i+1,j}};
      for (auto& p : nb) if (p[0] >= 0 && p[0] < G && p[1] >= 0 && p[1] < G) { ci.push_back(p[0]*G+p[1]); v.push_back(p[0]==i&&p[1]==j ? 4.f : -1.f); } }
    rp[rows] = (int)ci.size(); spmv("poisson2d_4096", rows, rows, rp, ci, v);
  }
  {
    int rows = 1 << 22; std::mt19937 g(42); std::vector<int> rp(rows + 1), ci; std::vector<float> v;
    for (int r = 0; r < rows; r++) { rp[r] = (int)ci.size();
      double u = std::uniform_real_distribution<double>(1e-6, 1.0)(g); int len = std::min(20000, (int)(2.0 / std::pow(u, 0.7)));
      for (int k = 0; k < len; k++) { ci.push_back((int)(g() % rows)); v.push_back(1.0f); } std::sort(ci.begin() + rp[r], ci.end()); }
    rp[rows] = (int)ci.size(); spmv("powerlaw_4M", rows, rows, rp, ci, v);
  }
  if (g_csv) fclose(g_csv);
  return 0;
}
