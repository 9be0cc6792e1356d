"""Flash attention for training: examples/flash_attention_backward.mlir's
kernels (the forward that keeps each row's log-sum-exp, and the backward's
delta, dK/dV and dQ kernels) as one torch.autograd.Function, checked
against torch's scaled_dot_product_attention and its autograd, then used
to train a few steps.

    PYTHONPATH=build/python python3 examples/python/attention_training.py

q, k, v are [B*H][L][D] f16 CUDA tensors (D = 64 or 128), as the kernels
take them; `attention(q, k, v, causal)` is differentiable in all three.
"""
import pathlib
import sys

import torch
import torch.nn.functional as F

import tile

EX = pathlib.Path(__file__).resolve().parents[1]
FILE = EX / "flash_attention_backward.mlir"
cdiv = tile.cdiv

# Block sizes and warps per head size, the fastest of the file's tuning
# spaces on an H200 (bench/peers_attention_bwd.py --variants): at d = 64
# dK and dV take 128 keys by 128 queries on 8 warps (with a producer
# warpgroup, whose stages carry the lse and delta rows: 1043 us against
# 1260 for 64 x 128 on 4 warps, 2026-11-30) and dQ 64 queries by 128 keys
# on 4 warps; at d = 128 the file's defaults (128 keys by 64 queries, 8
# warps, for dK and dV; 128 queries by 64 keys for dQ).
BLOCKS = {
    64: {"fwd": ({"BM": 128, "BN": 128}, 8), "dkdv": ({"BN": 128, "BM": 128}, 8),
         "dq": ({"BM": 64, "BN": 128}, 4), "rows": ({"BM": 128}, 4)},
    128: {"fwd": ({"BM": 128, "BN": 128}, 8), "dkdv": ({"BN": 128, "BM": 64}, 8),
          "dq": ({"BM": 128, "BN": 64}, 8), "rows": ({"BM": 128}, 4)},
}
# The backward's default: dQ by a kernel of its own (seven products,
# deterministic) or by atomics in the dK/dV pass (five; slower today,
# docs/performance.md).
ATOMIC = False


def block(d, kernel, name):
    """Parameter `name` of `kernel` ("fwd", "dkdv", "dq", "rows") at head
    size d."""
    return BLOCKS[d][kernel][0][name]


_kernels = {}


def kernels(d, causal):
    """The kernels for head size d, compiled once (and from tile's compile
    cache after the first process): the forward, delta, dK/dV, dQ, the
    atomic dK/dV/dQ and dQ's cast."""
    key = (d, causal)
    if key not in _kernels:
        suffix = "_causal" if causal else ""

        def get(name, kind):
            blocks, warps = BLOCKS[d][kind]
            return tile.compile(FILE, kernel=name, num_warps=warps,
                                defines={"D": d, **blocks})
        _kernels[key] = (get("attention_fwd" + suffix, "fwd"),
                         get("attention_bwd_delta", "rows"),
                         get("attention_bwd_dkdv" + suffix, "dkdv"),
                         get("attention_bwd_dq" + suffix, "dq"),
                         get("attention_bwd_dkdvdq" + suffix, "dkdv"),
                         get("attention_bwd_dq_cast", "rows"))
    return _kernels[key]


def forward(q, k, v, causal):
    """O and the log-sum-exp of each row (f32), as the backward needs."""
    fwd = kernels(q.shape[2], causal)[0]
    bh, lq = q.shape[0], q.shape[1]
    o = torch.empty_like(q)
    lse = torch.empty(bh, lq, device=q.device, dtype=torch.float32)
    fwd[(cdiv(lq, block(q.shape[2], "fwd", "BM")), bh)](q, k, v, o, lse)
    return o, lse


def backward(q, k, v, o, lse, do, causal, atomic=False):
    """dQ, dK, dV from the forward's O and lse and the gradient dO: three
    launches (delta, dK/dV, dQ), or with atomic=True two and a memset
    (delta, dK/dV adding dQ into f32 sums, their cast to f16)."""
    d = q.shape[2]
    _, delta_k, dkdv, dq_k, dkdvdq, cast = kernels(d, causal)
    bh, lq, lk = q.shape[0], q.shape[1], k.shape[1]
    rows, keys = block(d, "rows", "BM"), block(d, "dkdv", "BN")
    do = do.contiguous()
    delta = torch.empty_like(lse)
    delta_k[(cdiv(lq, rows), bh)](o, do, delta)
    dq, dk, dv = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
    if atomic:
        dq_acc = torch.zeros(q.shape, device=q.device, dtype=torch.float32)
        dkdvdq[(cdiv(lk, keys), bh)](q, k, v, do, lse, delta, dk, dv, dq_acc)
        cast[(cdiv(lq, rows), bh)](dq_acc, dq)
    else:
        dkdv[(cdiv(lk, keys), bh)](q, k, v, do, lse, delta, dk, dv)
        dq_k[(cdiv(lq, block(d, "dq", "BM")), bh)](q, k, v, do, lse, delta,
                                                    dq)
    return dq, dk, dv


class Attention(torch.autograd.Function):
    @staticmethod
    def forward(ctx, q, k, v, causal, atomic):
        o, lse = forward(q, k, v, causal)
        ctx.save_for_backward(q, k, v, o, lse)
        ctx.causal, ctx.atomic = causal, atomic
        return o

    @staticmethod
    def backward(ctx, do):
        q, k, v, o, lse = ctx.saved_tensors
        dq, dk, dv = backward(q, k, v, o, lse, do, ctx.causal, ctx.atomic)
        return dq, dk, dv, None, None


def attention(q, k, v, causal=False, atomic=ATOMIC):
    return Attention.apply(q, k, v, causal, atomic)


def reference(q, k, v, do, causal):
    """O and the gradients from SDPA's autograd in f32 on the same GPU."""
    q32, k32, v32 = (t.detach().float().requires_grad_() for t in (q, k, v))
    o = F.scaled_dot_product_attention(q32[None], k32[None], v32[None],
                                       is_causal=causal)[0]
    o.backward(do.float())
    return o, q32.grad, k32.grad, v32.grad


def check(bh, lq, lk, d, causal, seed, atomic=ATOMIC):
    g = torch.Generator(device="cpu").manual_seed(seed)

    def randn(*shape):
        return torch.randn(*shape, generator=g).half().cuda()
    q, k, v, do = randn(bh, lq, d), randn(bh, lk, d), randn(bh, lk, d), \
        randn(bh, lq, d)
    q, k, v = (t.requires_grad_() for t in (q, k, v))
    o = attention(q, k, v, causal, atomic)
    o.backward(do)
    want = reference(q, k, v, do, causal)
    worst = 0.0
    for name, got, ref in zip(("o", "dq", "dk", "dv"),
                              (o, q.grad, k.grad, v.grad), want):
        err = ((got.float() - ref).abs() / (ref.abs() + 1)).max().item()
        worst = max(worst, err)
        if not err < 2e-2:
            sys.exit("attention_training.py: %s differs from SDPA's autograd "
                     "(bh %d, lq %d, lk %d, d %d, %s): %g"
                     % (name, bh, lq, lk, d, "causal" if causal else "full",
                        err))
    return worst


def main():
    if not torch.cuda.is_available():
        print("attention_training.py: no CUDA GPU; the kernels run on the "
              "CPU in test/Run/flash-attention-backward.test")
        return
    for bh, lq, lk, d, causal in ((3, 1000, 1000, 64, False),
                                  (3, 1000, 1000, 64, True),
                                  (2, 333, 777, 128, False),
                                  (2, 777, 777, 128, True)):
        for atomic in (False, True):
            worst = check(bh, lq, lk, d, causal, lq + d, atomic)
            print("bh %d, lq %d, lk %d, d %3d, %-6s%s: O, dQ, dK, dV agree "
                  "with SDPA's autograd (worst |error| / (|ref| + 1) %.1e)"
                  % (bh, lq, lk, d, "causal" if causal else "full",
                     ", atomic dQ" if atomic else "", worst))
    # A few steps of training: f32 parameters, cast to f16 for the kernels
    # (autograd carries the gradients back through the cast), Adam towards
    # a target output.
    g = torch.Generator(device="cpu").manual_seed(7)
    params = [torch.randn(4, 256, 64, generator=g).cuda().requires_grad_()
              for _ in range(3)]
    target = torch.randn(4, 256, 64, generator=g).cuda()
    opt = torch.optim.Adam(params, lr=0.05)
    losses = []
    for _ in range(30):
        q, k, v = (p.half() for p in params)
        loss = (attention(q, k, v, True).float() - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    print("30 steps of training through the kernels: loss %.4f -> %.4f"
          % (losses[0], losses[-1]))
    if not losses[-1] < 0.9 * losses[0]:
        sys.exit("attention_training.py: the loss did not go down")


if __name__ == "__main__":
    main()
