// CUB DeviceMergeSort and Thrust merge peer rows, timed with this program's
// harness, on sort_rows.cuh's keys (splitmix64 of the index). Included by peers.cu, which
// calls merge_rows(n) at n = 2^24 and 2^28 (`--merge-only` runs these rows alone).
//   cub_merge_sort_keys_{u32,u32_greater,u64}: SortKeysCopy with a comparator functor,
//     2 n sizeof(K) bytes; cub_merge_sort_pairs_u32_u32: SortPairsCopy, 16 n;
//   cub_merge_sort_keys_i32_by_magnitude: a user functor (descending |x|), 8 n;
//   thrust_merge_u32 / thrust_merge_by_key_u32_u32: two sorted halves of n / 2, 8 n / 16 n.
#pragma once
#include <thrust/merge.h>

struct merge_less { template <class T> __host__ __device__ bool operator()(const T& a, const T& b) const { return a < b; } };
struct merge_greater { template <class T> __host__ __device__ bool operator()(const T& a, const T& b) const { return b < a; } };
struct merge_by_magnitude {  // the gpu_user_monoid example's ByMagnitude
  __host__ __device__ bool operator()(int a, int b) const {
    return (unsigned)(a < 0 ? -(long long)a : a) > (unsigned)(b < 0 ? -(long long)b : b);
  }
};
__global__ void merge_fill_i32(int* k, size_t n, uint64_t seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    k[i] = (int)(sort_mix(i ^ seed) % 2001) - 1000;
}
template <class T, class C> bool merge_sorted_sample(const T* d, size_t n, C cmp) {
  size_t m = std::min<size_t>(n, 1 << 20);
  std::vector<T> h(m);
  CK(cudaMemcpy(h.data(), d, m * sizeof(T), cudaMemcpyDeviceToHost));
  for (size_t i = 1; i < m; i++) if (cmp(h[i], h[i - 1])) return false;
  return true;
}

template <class K, class C> void merge_sort_keys_row(const char* name, const K* in, K* out, size_t n, C cmp) {
  void* tmp = nullptr; size_t tmpb = 0;
  cub::DeviceMergeSort::SortKeysCopy(tmp, tmpb, in, out, (int64_t)n, cmp); CK(cudaMalloc(&tmp, tmpb));
  float ms = time_ms([&] { cub::DeviceMergeSort::SortKeysCopy(tmp, tmpb, in, out, (int64_t)n, cmp); });
  emit(name, n, ms, 2.0 * n * sizeof(K), merge_sorted_sample(out, n, cmp) ? "ok" : "BAD");
  CK(cudaFree(tmp));
}

static void merge_rows(size_t n) {
  uint32_t *ku, *ku2, *vu, *vu2; uint64_t *k64, *k64o; int *ki, *ki2;
  CK(cudaMalloc(&ku, n * 4)); CK(cudaMalloc(&ku2, n * 4)); CK(cudaMalloc(&vu, n * 4)); CK(cudaMalloc(&vu2, n * 4));
  CK(cudaMalloc(&k64, n * 8)); CK(cudaMalloc(&k64o, n * 8)); CK(cudaMalloc(&ki, n * 4)); CK(cudaMalloc(&ki2, n * 4));
  sort_fill_u32<<<1024, 256>>>(ku, n, 1); sort_fill_u32<<<1024, 256>>>(vu, n, 2); sort_fill_u64<<<1024, 256>>>(k64, n, 3);
  merge_fill_i32<<<1024, 256>>>(ki, n, 7);
  CK(cudaDeviceSynchronize());
  merge_sort_keys_row("cub_merge_sort_keys_u32", ku, ku2, n, merge_less{});
  merge_sort_keys_row("cub_merge_sort_keys_u32_greater", ku, ku2, n, merge_greater{});
  merge_sort_keys_row("cub_merge_sort_keys_u64", k64, k64o, n, merge_less{});
  merge_sort_keys_row("cub_merge_sort_keys_i32_by_magnitude", ki, ki2, n, merge_by_magnitude{});
  {
    void* tmp = nullptr; size_t tmpb = 0;
    cub::DeviceMergeSort::SortPairsCopy(tmp, tmpb, ku, vu, ku2, vu2, (int64_t)n, merge_less{}); CK(cudaMalloc(&tmp, tmpb));
    float ms = time_ms([&] { cub::DeviceMergeSort::SortPairsCopy(tmp, tmpb, ku, vu, ku2, vu2, (int64_t)n, merge_less{}); });
    emit("cub_merge_sort_pairs_u32_u32", n, ms, 16.0 * n, merge_sorted_sample(ku2, n, merge_less{}) ? "ok" : "BAD");
    CK(cudaFree(tmp));
  }
  // Two sorted halves of n / 2 (keys of the sort rows, each half radix-sorted once).
  size_t h = n / 2;
  {
    void* tmp = nullptr; size_t tmpb = 0;
    cub::DeviceRadixSort::SortKeys(tmp, tmpb, ku, ku2, (int)h); CK(cudaMalloc(&tmp, tmpb));
    cub::DeviceRadixSort::SortKeys(tmp, tmpb, ku, ku2, (int)h);
    cub::DeviceRadixSort::SortKeys(tmp, tmpb, ku + h, ku2 + h, (int)h);
    CK(cudaDeviceSynchronize()); CK(cudaFree(tmp));
  }
  thrust::device_ptr<uint32_t> a(ku2), b(ku2 + h), out(ku), av(vu), bv(vu + h), ov(vu2);
  float ms = time_ms([&] { thrust::merge(thrust::device, a, a + h, b, b + h, out); });
  emit("thrust_merge_u32", n, ms, 8.0 * n, merge_sorted_sample(ku, n, merge_less{}) ? "ok" : "BAD");
  ms = time_ms([&] { thrust::merge_by_key(thrust::device, a, a + h, b, b + h, av, bv, out, ov); });
  emit("thrust_merge_by_key_u32_u32", n, ms, 16.0 * n, merge_sorted_sample(ku, n, merge_less{}) ? "ok" : "BAD");
  CK(cudaFree(ku)); CK(cudaFree(ku2)); CK(cudaFree(vu)); CK(cudaFree(vu2)); CK(cudaFree(k64)); CK(cudaFree(k64o));
  CK(cudaFree(ki)); CK(cudaFree(ki2));
}
