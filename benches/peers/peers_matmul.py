# cuBLAS SGEMM peer of the matmul ladder (examples/ladders, `--bin matmul`): PyTorch's
# torch.mm on f32 with TF32 off (so cuBLAS runs true FP32 SGEMM, as the ladder's kernels do),
# the same 4096 x 4096 x 4096 shape and the same integer-valued entries in -2..=2, timed with
# CUDA events (median of --iters, after 3 warm-ups). GFLOP/s = 2 m n k / time.
# Checks the product exactly against an fp64 product of the same integers.
# Usage: python3 benches/peers/peers_matmul.py [--n 4096] [--iters 20] [--csv FILE]
import argparse
import torch

ap = argparse.ArgumentParser()
ap.add_argument("--n", type=int, default=4096)
ap.add_argument("--iters", type=int, default=20)
ap.add_argument("--csv", default=None)
args = ap.parse_args()

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
n = args.n
g = torch.Generator(device="cuda").manual_seed(0)
a = torch.randint(-2, 3, (n, n), device="cuda", generator=g).float()
b = torch.randint(-2, 3, (n, n), device="cuda", generator=g).float()
c = torch.empty(n, n, device="cuda")


def run():
    torch.mm(a, b, out=c)


for _ in range(3):
    run()
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
times = []
for _ in range(args.iters):
    start.record()
    run()
    stop.record()
    torch.cuda.synchronize()
    times.append(start.elapsed_time(stop))
times.sort()
ms = times[len(times) // 2]
gflops = 2 * n**3 / (ms * 1e-3) / 1e9
# Integer entries: every partial sum is an integer below 2^24, so FP32 SGEMM is exact.
check = "ok" if torch.equal(c.double(), a.double() @ b.double()) else "MISMATCH"
print(f"peer cublas_sgemm_f32 (torch.mm, TF32 off) n={n} ms={ms:.4f} GFLOPs={gflops:.0f} "
      f"check={check} gpu={torch.cuda.get_device_name()}", flush=True)
if args.csv:
    with open(args.csv, "w") as f:
        f.write("source,case,n,ms,gbps,gflops,check\n")
        f.write(f"peers_matmul.py,cublas_sgemm_f32,{n},{ms:.6f},,{gflops:.1f},{check}\n")
if check != "ok":
    raise SystemExit(1)
