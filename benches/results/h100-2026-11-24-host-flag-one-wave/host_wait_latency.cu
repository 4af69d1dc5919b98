// Latency of handing one value from a kernel to the host: stream synchronize vs spinning on
// a flag in mapped memory (the measurement behind device/src/host_slot.rs). Built and run on
// the GPU machine: nvcc -O3 -arch=sm_90 -o latency host_wait_latency.cu -lcuda && ./latency
// Output of that run: host_wait_latency.txt.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>
#define CK(x) do { auto e = (x); if (e != 0) { printf("err %d line %d\n", (int)e, __LINE__); exit(1);} } while (0)

__device__ unsigned ticket;
__global__ void red(const float* x, size_t n, volatile float* out, volatile unsigned* flag, unsigned seq, int mode) {
  float s = 0;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) s += x[i];
  __shared__ float w[32];
  for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(~0u, s, o);
  if ((threadIdx.x & 31) == 0) w[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    float b = 0; for (int i = 0; i < blockDim.x / 32; i++) b += w[i];
    __threadfence();
    unsigned t = atomicAdd(&ticket, 1);
    if (t == gridDim.x - 1) {
      ticket = 0;
      *out = b;
      if (mode == 3) { __threadfence_system(); *flag = seq; }
    }
  }
}

int main() {
  CK(cuInit(0));
  float* x; CK(cudaMalloc(&x, (size_t(1) << 28) * 4)); CK(cudaMemset(x, 0, (size_t(1) << 28) * 4));
  float* hout; unsigned* hflag;
  CK(cudaHostAlloc(&hout, 4096, cudaHostAllocMapped)); hflag = (unsigned*)(hout + 64);
  float* dout; unsigned* dflag;
  CK(cudaHostGetDevicePointer(&dout, hout, 0)); CK(cudaHostGetDevicePointer(&dflag, hflag, 0));
  cudaStream_t st; CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  unsigned seq = 1;
  const char* names[] = {"device-only", "streamsync", "writevalue+spin", "kernelflag+spin", "eventsync"};
  for (int lg = 16; lg <= 28; lg += 2) {
    size_t n = size_t(1) << lg;
    int blocks = (int)std::min<size_t>((n + 255) / 256 / 4 + 1, 132 * 8);
    for (int mode = 0; mode < 5; mode++) {
      std::vector<float> v;
      for (int it = 0; it < 43; it++) {
        seq++;
        cudaEventRecord(a, st);
        red<<<blocks, 256, 0, st>>>(x, n, dout, dflag, seq, mode);
        if (mode == 1) { CK(cudaStreamSynchronize(st)); }
        else if (mode == 2) { CK(cuStreamWriteValue32((CUstream)st, (CUdeviceptr)dflag, seq, 0)); while (*(volatile unsigned*)hflag != seq) {} }
        else if (mode == 3) { while (*(volatile unsigned*)hflag != seq) {} }
        else if (mode == 4) { cudaEvent_t e; cudaEventCreateWithFlags(&e, cudaEventDisableTiming); cudaEventRecord(e, st); cudaEventSynchronize(e); cudaEventDestroy(e); }
        volatile float r = *(volatile float*)hout; (void)r;
        cudaEventRecord(b, st); cudaEventSynchronize(b);
        float ms; cudaEventElapsedTime(&ms, a, b);
        if (it >= 3) v.push_back(ms * 1000);
      }
      std::sort(v.begin(), v.end());
      printf("n=2^%d %-18s median %.2f us  p10 %.2f  p90 %.2f\n", lg, names[mode], v[v.size()/2], v[v.size()/10], v[v.size()*9/10]);
    }
  }
  // the same with blocking-sync scheduling would need a fresh context; skip
  return 0;
}
