// Hypothesis test for conv2d: does the access pattern (each warp streaming a W-column
// segment down a strip of rows) cap DRAM throughput, independent of the 5x5 arithmetic?
// Kernel: vertical 5-point sum (out[r] = in[r-2..r+2]) over an nx x ny f32 grid,
// each warp owns a strip of S output rows (reads S+4) and W = 128*F columns (F float4 per lane).
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#define CK(x) do{cudaError_t e=(x); if(e!=cudaSuccess){printf("err %s line %d\n",cudaGetErrorString(e),__LINE__);exit(1);} }while(0)

template<int F, int S, bool SIDE>
__global__ void __launch_bounds__(256) vsum(const float4* __restrict__ in, float4* __restrict__ out, int nx4, int ny) {
  int warp = threadIdx.x / 32, ln = threadIdx.x % 32;
  int segs = nx4 / (32 * F);
  int strip, seg;
  if (SIDE) { // 8 warps of a block side by side (same rows)
    int bseg = segs / 8;
    seg = (blockIdx.x % bseg) * 8 + warp; strip = blockIdx.x / bseg;
  } else {    // 8 warps stacked (consecutive strips), like head
    seg = blockIdx.x % segs; strip = (blockIdx.x / segs) * 8 + warp;
  }
  int r0 = strip * S; if (r0 >= ny) return;
  int c0 = seg * 32 * F + ln;
  float4 ring[5][F];
  #pragma unroll
  for (int k = 0; k < 4; k++) {
    int r = r0 - 2 + k;
    #pragma unroll
    for (int f = 0; f < F; f++) ring[k][f] = (r >= 0 && r < ny) ? in[(size_t)r * nx4 + c0 + 32 * f] : make_float4(0,0,0,0);
  }
  #pragma unroll 5
  for (int i = 0; i < S; i++) {
    int r = r0 + i + 2;
    int s = (i + 4) % 5;
    #pragma unroll
    for (int f = 0; f < F; f++) ring[s][f] = (r < ny) ? in[(size_t)r * nx4 + c0 + 32 * f] : make_float4(0,0,0,0);
    #pragma unroll
    for (int f = 0; f < F; f++) {
      float4 a = make_float4(0,0,0,0);
      #pragma unroll
      for (int k = 0; k < 5; k++) { a.x += ring[k][f].x; a.y += ring[k][f].y; a.z += ring[k][f].z; a.w += ring[k][f].w; }
      out[(size_t)(r0 + i) * nx4 + c0 + 32 * f] = a;
    }
  }
}

__global__ void copy4(const float4* __restrict__ in, float4* __restrict__ out, size_t n4) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n4; i += (size_t)gridDim.x * blockDim.x) out[i] = in[i];
}

template<typename L> float med(L launch) {
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  for (int i = 0; i < 3; i++) launch();
  std::vector<float> t;
  for (int i = 0; i < 20; i++) { cudaEventRecord(a); launch(); cudaEventRecord(b); cudaEventSynchronize(b); float ms; cudaEventElapsedTime(&ms, a, b); t.push_back(ms); }
  CK(cudaGetLastError());
  std::sort(t.begin(), t.end()); return t[10];
}

template<int F, int S, bool SIDE> void run(const char* name, const float4* in, float4* out, int nx, int ny, float roof) {
  int nx4 = nx / 4, segs = nx4 / (32 * F);
  int strips = ny / S;
  int blocks = segs * strips / 8;
  float ms = med([&]{ vsum<F, S, SIDE><<<blocks, 256>>>(in, out, nx4, ny); });
  printf("%-34s nx=%6d ny=%6d W=%4d S=%3d %s  %.4f ms  %.1f%% roof\n", name, nx, ny, 128 * F, S, SIDE ? "side" : "stack", ms, 100 * roof / ms);
}


struct Taps { float w[25]; };
// Full 5x5 (gather form: each output folds its 25 taps from a register ring of 5 input rows,
// horizontal neighbours by shuffles; lanes 0/31 read wrapped values -- timing only).
template<bool FMA, int HALO, bool WREG = false>
__global__ void __launch_bounds__(256) conv5(const float4* __restrict__ in, float4* __restrict__ out, int nx4, int ny, Taps t, const float* __restrict__ wg = nullptr) {
  float wr[25];
  #pragma unroll
  for (int k = 0; k < 25; k++) wr[k] = WREG ? wg[k] : t.w[k];
  const int S = 32;
  int warp = threadIdx.x / 32, ln = threadIdx.x % 32;
  int segs = nx4 / 32;
  int seg = blockIdx.x % segs, strip = (blockIdx.x / segs) * 8 + warp;
  int r0 = strip * S; if (r0 >= ny) return;
  int c0 = seg * 32 + ln;
  float win[5][8];
  auto load = [&](int r, float* w) {
    bool in_grid = r >= 0 && r < ny;
    const float4* at = in + (size_t)r * nx4 + c0;
    float4 v = in_grid ? *at : make_float4(0,0,0,0);
    float l2, l1, r1, r2;
    if (HALO == 3) { // every lane its own left and right pairs, no shuffles
      float2 a = make_float2(0,0), b = make_float2(0,0);
      if (in_grid) { a = *(const float2*)((const float*)at - 2); b = *(const float2*)((const float*)at + 4); }
      l2 = a.x; l1 = a.y; r1 = b.x; r2 = b.y;
    } else {
      float2 e = make_float2(0,0);
      if (HALO == 1 && in_grid && ((ln == 0 && c0 > 0) || (ln == 31 && c0 + 1 < nx4)))
        e = *(const float2*)((const float*)at + (ln == 0 ? -2 : 4));
      if (HALO == 2 && in_grid) // branch-free: lanes 1-30 re-read their own first pair
        e = *(const float2*)((const float*)at + (ln == 0 ? -2 : ln == 31 ? 4 : 0));
      l2 = __shfl_up_sync(~0u, v.z, 1); l1 = __shfl_up_sync(~0u, v.w, 1);
      r1 = __shfl_down_sync(~0u, v.x, 1); r2 = __shfl_down_sync(~0u, v.y, 1);
      if (HALO != 0 && ln == 0) { l2 = e.x; l1 = e.y; }
      if (HALO != 0 && ln == 31) { r1 = e.x; r2 = e.y; }
    }
    w[0]=l2; w[1]=l1; w[2]=v.x; w[3]=v.y; w[4]=v.z; w[5]=v.w; w[6]=r1; w[7]=r2;
  };
  #pragma unroll
  for (int k = 0; k < 4; k++) load(r0 - 2 + k, win[k]);
  #pragma unroll 5
  for (int i = 0; i < S; i++) {
    load(r0 + i + 2, win[(i + 4) % 5]);
    float a[4];
    #pragma unroll
    for (int c = 0; c < 4; c++) {
      float acc = 0.f;
      #pragma unroll
      for (int k = 0; k < 5; k++) {
        #pragma unroll
        for (int dx = 0; dx < 5; dx++) {
          float x = win[(i + k) % 5][c + dx], w = wr[k * 5 + dx];
          acc = FMA ? fmaf(w, x, acc) : __fadd_rn(acc, __fmul_rn(w, x));
        }
      }
      a[c] = acc;
    }
    out[(size_t)(r0 + i) * nx4 + c0] = make_float4(a[0], a[1], a[2], a[3]);
  }
}
template<bool FMA, int HALO, bool WREG = false> void runc(const char* name, const float4* in, float4* out, int nx, int ny, float roof) {
  static float* wg = nullptr; if (!wg) { float h[25]; for (int i = 0; i < 25; i++) h[i] = 0.04f * (i + 1); CK(cudaMalloc(&wg, 100)); CK(cudaMemcpy(wg, h, 100, cudaMemcpyHostToDevice)); }
  int nx4 = nx / 4, blocks = (nx4 / 32) * (ny / 32) / 8;
  Taps t; for (int i = 0; i < 25; i++) t.w[i] = 0.04f * (i + 1);
  float ms = med([&]{ conv5<FMA, HALO, WREG><<<blocks, 256>>>(in, out, nx4, ny, t, wg); });
  printf("%-34s nx=%6d ny=%6d  %.4f ms  %.1f%% roof\n", name, nx, ny, ms, 100 * roof / ms);
}

int main() {
  for (int side : {8192, 16384}) {
    int nx = side, ny = side; size_t n = (size_t)nx * ny;
    float4 *inb, *in, *out; CK(cudaMalloc(&inb, n * 4 + 512)); in = inb + 16; CK(cudaMalloc(&out, n * 4)); CK(cudaMemset(inb, 0, n * 4 + 512));
    float roof = med([&]{ cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice); });
    float c4 = med([&]{ copy4<<<132 * 8, 256>>>(in, out, n / 4); });
    printf("side %d: memcpy %.4f ms, float4 grid-stride copy %.4f ms (%.1f%%)\n", side, roof, c4, 100 * roof / c4);
    for (int rep = 0; rep < 2; rep++) {
    runc<false, 0>("conv5 mul+add, wrapped halo", in, out, nx, ny, roof);
    runc<false, 1>("conv5 halo: lanes 0/31 branch", in, out, nx, ny, roof);
    runc<false, 2>("conv5 halo: branch-free load", in, out, nx, ny, roof);
    runc<false, 3>("conv5 halo: 2 pair loads/lane", in, out, nx, ny, roof);
    runc<false, 3, true>("  same, taps in registers", in, out, nx, ny, roof);
    run<1, 32, false>("F1 S32 stack (head's layout)", in, out, nx, ny, roof);
    run<1, 64, false>("F1 S64 stack", in, out, nx, ny, roof);
    run<2, 32, false>("F2 S32 stack", in, out, nx, ny, roof);
    run<2, 32, true >("F2 S32 side", in, out, nx, ny, roof);
    run<4, 32, false>("F4 S32 stack", in, out, nx, ny, roof);
    run<4, 32, true >("F4 S32 side", in, out, nx, ny, roof);
    run<4, 64, false>("F4 S64 stack", in, out, nx, ny, roof);
    run<8, 32, false>("F8 S32 stack", in, out, nx, ny, roof);
    }
    cudaFree(inb); cudaFree(out);
  }
}
