# Peer anchors from PyTorch (cuDNN convolution) on the lent GPU.
#
# Provenance: the program behind the cuDNN and stencil peer figures of docs/benchmarks.md,
# kept in the repository; extended with `--csv FILE` (one row per case:
# source,case,n,ms,gbps,gflops,check) and `--iters N`. Cases, data and timing are unchanged.
# GB/s counts one read and one write of the input's size.
import argparse, sys
import torch, torch.nn.functional as F
ap = argparse.ArgumentParser()
ap.add_argument("--csv", default=None)
ap.add_argument("--iters", type=int, default=20)
args = ap.parse_args()
csv = open(args.csv, "w") if args.csv else None
if csv:
    csv.write("source,case,n,ms,gbps,gflops,check\n")
def emit(name, n, ms):
    print(f"peer {name} n={n} ms={ms:.4f} GBps={2*n*4/ms/1e6:.1f} check=ok", flush=True)
    if csv:
        csv.write(f"peers_torch.py,{name},{n},{ms:.6f},{2*n*4/ms/1e6:.2f},,ok\n"); csv.flush()
def t(f, it=None):
    it = it or args.iters
    for _ in range(3): f()
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ts = []
    for _ in range(it):
        s.record(); f(); e.record(); torch.cuda.synchronize(); ts.append(s.elapsed_time(e))
    ts.sort(); return ts[len(ts)//2]
n = 1 << 28
x = torch.rand(1, 1, n, device='cuda'); w = torch.rand(1, 1, 9, device='cuda')
ms = t(lambda: F.conv1d(x, w, padding=4))
emit("torch_conv1d_k9_f32", n, ms)
G = 8192
x2 = torch.rand(1, 1, G, G, device='cuda'); w2 = torch.rand(1, 1, 5, 5, device='cuda')
ms = t(lambda: F.conv2d(x2, w2, padding=2))
emit("torch_conv2d_5x5_f32", G*G, ms)
N = 512
x3 = torch.rand(N, N, N, device='cuda')
def st():
    o = torch.empty_like(x3)
    o[1:-1,1:-1,1:-1] = -6*x3[1:-1,1:-1,1:-1] + x3[:-2,1:-1,1:-1] + x3[2:,1:-1,1:-1] + x3[1:-1,:-2,1:-1] + x3[1:-1,2:,1:-1] + x3[1:-1,1:-1,:-2] + x3[1:-1,1:-1,2:]
    return o
ms = t(st)
emit("torch_stencil7_3d_f32", N**3, ms)
if csv:
    csv.close()
