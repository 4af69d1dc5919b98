// Peer cases of the set operations on sorted multisets: Thrust's set_union, set_intersection,
// set_difference and set_symmetric_difference on u32 keys, and set_union_by_key (u32 keys,
// u32 values), each into an output preallocated once at the largest bound (n). n is the total
// of both inputs: a holds n / 2 items a[i] = (i * 3) / 2 and b the other n - n / 2 items
// b[j] = (j * 5) / 3 (both ascending without repeats, partly overlapping); by key the values
// are a_values[i] = i and b_values[j] = 0x80000000 + j. Bytes: the inputs read and the outputs
// written, keys and by key values too (the output count Thrust returned). Check: at every
// size the count against a host walk over the same formulas; for n <= 2^20 every output
// against std::set_* over host copies, else the first 4096 outputs strictly ascending; by key
// each value checked to name the input item its key came from.
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -o set_peers set_peers.cu
//   ./set_peers [--csv FILE] [--max-log2 28]
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/set_operations.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iterator>
#include <utility>
#include <vector>
#include "timing.cuh"

namespace set_peers {
const uint32_t kFromB = 0x80000000u;  // b's values: kFromB + j, a's: i
__host__ __device__ inline uint32_t a_at(size_t i) { return (uint32_t)(i * 3 / 2); }
__host__ __device__ inline uint32_t b_at(size_t j) { return (uint32_t)(j * 5 / 3); }
__global__ void fill(uint32_t* a, uint32_t* a_values, size_t na, uint32_t* b, uint32_t* b_values, size_t nb) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < na || i < nb; i += (size_t)gridDim.x * blockDim.x) {
    if (i < na) { a[i] = a_at(i); a_values[i] = (uint32_t)i; }
    if (i < nb) { b[i] = b_at(i); b_values[i] = kFromB + (uint32_t)i; }
  }
}
// The number of values both lists hold; neither repeats a value, so it gives every count.
size_t common_count(size_t na, size_t nb) {
  size_t i = 0, j = 0, c = 0;
  while (i < na && j < nb) {
    uint32_t x = a_at(i), y = b_at(j);
    if (x < y) i++;
    else if (y < x) j++;
    else { c++; i++; j++; }
  }
  return c;
}
// "ok" when `got` is `want` and the outputs copied back (all where the host result is given,
// else the first 4096) are strictly ascending, equal the host result, and by key each value
// names the input item its key came from.
const char* check(size_t got, size_t want, const uint32_t* keys, const uint32_t* values,
                  const std::vector<uint32_t>* host_keys, const std::vector<uint32_t>* host_values) {
  if (got != want) return "WRONG";
  size_t m = host_keys ? got : std::min(got, size_t(4096));
  std::vector<uint32_t> k(m), v(values ? m : 0);
  CK(cudaMemcpy(k.data(), keys, m * 4, cudaMemcpyDeviceToHost));
  bool ok = std::adjacent_find(k.begin(), k.end(), std::greater_equal<uint32_t>()) == k.end();
  if (host_keys) ok = ok && k == *host_keys;
  if (values) {
    CK(cudaMemcpy(v.data(), values, m * 4, cudaMemcpyDeviceToHost));
    for (size_t i = 0; ok && i < m; i++)
      ok = (v[i] < kFromB ? a_at(v[i]) : b_at(v[i] - kFromB)) == k[i];
    if (host_values) ok = ok && v == *host_values;
  }
  return ok ? "ok" : "WRONG";
}
}  // namespace set_peers

static void set_case(size_t n) {
  using namespace set_peers;
  size_t na = n / 2, nb = n - na;
  uint32_t *a, *b, *a_values, *b_values, *out, *out_values;
  CK(cudaMalloc(&a, na * 4)); CK(cudaMalloc(&b, nb * 4));
  CK(cudaMalloc(&a_values, na * 4)); CK(cudaMalloc(&b_values, nb * 4));
  CK(cudaMalloc(&out, n * 4)); CK(cudaMalloc(&out_values, n * 4));
  fill<<<1024, 256>>>(a, a_values, na, b, b_values, nb);
  CK(cudaDeviceSynchronize());
  size_t c = common_count(na, nb);
  bool full = n <= (size_t(1) << 20);
  std::vector<uint32_t> ha, hb, want;
  for (size_t i = 0; full && i < na; i++) ha.push_back(a_at(i));
  for (size_t j = 0; full && j < nb; j++) hb.push_back(b_at(j));
  thrust::device_ptr<uint32_t> ap(a), bp(b), avp(a_values), bvp(b_values), op(out), ovp(out_values);
  // One keys-only row: `device_op` and `host_op` wrap the same Thrust / std algorithm.
  auto row = [&](const char* name, size_t count, auto device_op, auto host_op) {
    size_t got = 0;
    float ms = time_ms([&] { got = device_op(thrust::device, ap, ap + na, bp, bp + nb, op) - op; });
    want.clear();
    if (full) host_op(ha.begin(), ha.end(), hb.begin(), hb.end(), std::back_inserter(want));
    emit(name, n, ms, 4.0 * (n + got), check(got, count, out, nullptr, full ? &want : nullptr, nullptr));
  };
  row("thrust_set_union_u32", na + nb - c,
      [](auto... x) { return thrust::set_union(x...); }, [](auto... x) { return std::set_union(x...); });
  row("thrust_set_intersection_u32", c,
      [](auto... x) { return thrust::set_intersection(x...); },
      [](auto... x) { return std::set_intersection(x...); });
  row("thrust_set_difference_u32", na - c,
      [](auto... x) { return thrust::set_difference(x...); }, [](auto... x) { return std::set_difference(x...); });
  row("thrust_set_symmetric_difference_u32", na + nb - 2 * c,
      [](auto... x) { return thrust::set_symmetric_difference(x...); },
      [](auto... x) { return std::set_symmetric_difference(x...); });

  size_t got = 0;
  float ms = time_ms([&] {
    got = thrust::set_union_by_key(thrust::device, ap, ap + na, bp, bp + nb, avp, bvp, op, ovp).first - op;
  });
  // The host union of (key, value) pairs by key: std::set_union, like Thrust, takes a's
  // item of an equal pair.
  std::vector<uint32_t> want_values;
  if (full) {
    using P = std::pair<uint32_t, uint32_t>;
    std::vector<P> pa, pb, pu;
    for (size_t i = 0; i < na; i++) pa.push_back({ha[i], (uint32_t)i});
    for (size_t j = 0; j < nb; j++) pb.push_back({hb[j], kFromB + (uint32_t)j});
    std::set_union(pa.begin(), pa.end(), pb.begin(), pb.end(), std::back_inserter(pu),
                   [](const P& x, const P& y) { return x.first < y.first; });
    want.clear();
    for (const P& p : pu) { want.push_back(p.first); want_values.push_back(p.second); }
  }
  emit("thrust_set_union_by_key_u32", n, ms, 8.0 * (n + got),
       check(got, na + nb - c, out, out_values, full ? &want : nullptr, full ? &want_values : nullptr));
  CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(a_values)); CK(cudaFree(b_values));
  CK(cudaFree(out)); CK(cudaFree(out_values));
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
  printf("# set operation peers on %s (Thrust), median of %d after 3 warm-ups\n", prop.name, g_iters);
  for (int lg : {20, 24, 28}) {
    if (lg > max_log2) break;
    set_case(size_t(1) << lg);
  }
  if (g_csv) fclose(g_csv);
  return 0;
}
