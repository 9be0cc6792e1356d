"""The tile package on a CUDA GPU with PyTorch: every example kernel through
the package against torch (references in float64 on the CPU, random
inputs, fixed seeds), CUDA graph capture, torch.compile through
tile.torch.register, two streams, 16 threads launching at once, and arrays
from CuPy (__cuda_array_interface__) and DLPack. Skipped without a GPU.

    PYTHONPATH=build/python python3 -m pytest python/tests/test_gpu.py
"""

import pathlib
import threading

import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no CUDA GPU", allow_module_level=True)

import tile  # noqa: E402
import tile.torch  # noqa: E402
from support import OnlyDlpack  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
EX = ROOT / "examples"


def gen(seed):
    return torch.Generator(device="cpu").manual_seed(seed)


def randn(*shape, dtype=torch.float32, seed=0):
    return torch.randn(*shape, generator=gen(seed)).to(dtype).cuda()


def close(got, want, rtol, atol):
    torch.testing.assert_close(got.double().cpu(), want.double().cpu(),
                               rtol=rtol, atol=atol)


@pytest.fixture(scope="module")
def vecadd():
    return tile.compile(EX / "vecadd.mlir")


def test_vecadd_ragged(vecadd):
    for n in (1, 1000, 1 << 20, (1 << 20) + 3):
        x, y = randn(n, seed=1), randn(n, seed=2)
        z = torch.full_like(x, float("nan"))
        vecadd[(tile.cdiv(n, 1024),)](x, y, z)
        torch.cuda.synchronize()
        assert torch.equal(z, x + y)


@pytest.mark.parametrize("kernel,dtype", [("softmax", torch.float32),
                                          ("softmax_f16", torch.float16)])
def test_softmax(kernel, dtype):
    k = tile.compile(EX / "softmax.mlir", kernel=kernel)
    x = randn(1027, 1000, dtype=dtype, seed=3)
    y = torch.empty_like(x)
    k[tile.cdiv(1027, 4)](x, y)
    want = torch.softmax(x.double().cpu(), 1)
    tol = 1e-5 if dtype == torch.float32 else 2e-3
    close(y, want, tol, tol)


def test_layernorm_rmsnorm():
    ln = tile.compile(EX / "layernorm.mlir")
    x = randn(333, 768, seed=4)
    w, b = randn(768, seed=5), randn(768, seed=6)
    y = torch.empty_like(x)
    ln[tile.cdiv(333, 4)](x, w, b, y, 1e-5)
    want = torch.nn.functional.layer_norm(x.double().cpu(), (768,),
                                          w.double().cpu(), b.double().cpu(),
                                          1e-5)
    close(y, want, 1e-4, 1e-4)
    rms = tile.compile(EX / "rmsnorm.mlir")
    rms[tile.cdiv(333, 4)](x, w, y, 1e-6)
    x64 = x.double().cpu()
    want = x64 / torch.sqrt((x64 ** 2).mean(1, keepdim=True) + 1e-6) * \
        w.double().cpu()
    close(y, want, 1e-4, 1e-4)


@pytest.mark.parametrize("kernel,dtype", [("matmul", torch.float16),
                                          ("matmul_bf16", torch.bfloat16)])
def test_matmul(kernel, dtype):
    k = tile.compile(EX / "matmul.mlir", kernel=kernel)
    for m, n, kk in ((512, 256, 384), (1000, 1500, 776)):
        a, b = randn(m, kk, dtype=dtype, seed=7), randn(kk, n, dtype=dtype,
                                                        seed=8)
        c = torch.empty(m, n, device="cuda")
        k[(tile.cdiv(m, 128), tile.cdiv(n, 128))](a, b, c)
        want = a.double().cpu() @ b.double().cpu()
        close(c, want, 1e-3, 2e-2)


def test_matmul_on_windows():
    """Windows of wider arrays: rows padded to a multiple of 16 bytes take
    the aligned entry, whose tensor maps carry the padded strides; padded
    to 6 bytes more, the generic entry, which loads misaligned rows element
    by element. The output's padding stays untouched."""
    k = tile.compile(EX / "matmul.mlir", kernel="matmul")
    m, n, kk = 1000, 1504, 776
    for pad in (8, 3):
        a = randn(m, kk + pad, dtype=torch.float16, seed=9)[:, :kk]
        b = randn(kk, n + 16 + pad, dtype=torch.float16, seed=10)[:, 8:n + 8]
        big = torch.full((m, n + 8), 7.0, device="cuda")
        c = big[:, :n]
        k[(tile.cdiv(m, 128), tile.cdiv(n, 128))](a, b, c)
        want = a.double().cpu() @ b.double().cpu()
        close(c, want, 1e-3, 2e-2)
        assert bool((big[:, n:] == 7.0).all())


def test_linear_gelu():
    k = tile.compile(EX / "linear.mlir", kernel="linear_gelu")
    x, w = randn(300, 256, dtype=torch.float16, seed=9), \
        randn(256, 512, dtype=torch.float16, seed=10) * 0.1
    bias = randn(512, dtype=torch.float16, seed=11)
    y = torch.empty(300, 512, dtype=torch.float16, device="cuda")
    k[(tile.cdiv(300, 128), tile.cdiv(512, 128))](x, w, bias, y)
    z = x.double().cpu() @ w.double().cpu() + bias.double().cpu()
    want = torch.nn.functional.gelu(z, approximate="tanh")
    close(y, want, 1e-2, 1e-2)


@pytest.mark.parametrize("d,causal", [(64, False), (128, False), (128, True)])
def test_attention_plain(d, causal):
    name = "attention_plain_causal" if causal else "attention_plain"
    k = tile.compile(EX / "flash_attention_plain.mlir", kernel=name,
                     defines={"D": d})
    bh, lq = 6, 1000
    q, kk, v = (randn(bh, lq, d, dtype=torch.float16, seed=s)
                for s in (12, 13, 14))
    o = torch.empty_like(q)
    k[lambda q, k, v, o: (tile.cdiv(q.shape[1], 128), q.shape[0])](q, kk, v, o)
    want = torch.nn.functional.scaled_dot_product_attention(
        q.double().cpu(), kk.double().cpu(), v.double().cpu(),
        is_causal=causal)
    close(o, want, 2e-2, 2e-2)


def test_stream_and_two_streams(vecadd):
    n = 1 << 22
    x, y = randn(n, seed=15), randn(n, seed=16)
    outs = [torch.empty_like(x) for _ in range(2)]
    streams = [torch.cuda.Stream() for _ in range(2)]
    torch.cuda.synchronize()
    for s, z in zip(streams, outs):
        with torch.cuda.stream(s):  # PyTorch's current stream
            vecadd[tile.cdiv(n, 1024)](x, y, z)
    for s in streams:
        s.synchronize()
    for z in outs:
        assert torch.equal(z, x + y)
    z = torch.empty_like(x)
    s = torch.cuda.Stream()
    vecadd[tile.cdiv(n, 1024)](x, y, z, stream=s)  # an explicit stream
    s.synchronize()
    assert torch.equal(z, x + y)


def test_sixteen_threads(vecadd):
    n = 1 << 16
    x, y = randn(n, seed=17), randn(n, seed=18)
    outs = [torch.empty_like(x) for _ in range(16)]
    errors = []

    def work(z):
        try:
            s = torch.cuda.Stream()
            with torch.cuda.stream(s):
                for _ in range(100):
                    vecadd[tile.cdiv(n, 1024)](x, y, z)
            s.synchronize()
        except Exception as e:
            errors.append(e)
    threads = [threading.Thread(target=work, args=(z,)) for z in outs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for z in outs:
        assert torch.equal(z, x + y)


def test_fresh_thread_without_torch_calls(vecadd):
    # A thread that has made no CUDA call has no current context: the
    # launch makes the tensors' GPU's primary context current.
    x = randn(4096, seed=19)
    z = torch.empty_like(x)
    torch.cuda.synchronize()
    errors = []

    def work():
        try:
            vecadd[4](x, x, z, stream=0)
        except Exception as e:
            errors.append(e)
    t = threading.Thread(target=work)
    t.start()
    t.join()
    torch.cuda.synchronize()
    assert not errors, errors
    assert torch.equal(z, x + x)


def test_cuda_graph(vecadd):
    n = 1 << 20
    x, y = randn(n, seed=20), randn(n, seed=21)
    z = torch.empty_like(x)
    vecadd[tile.cdiv(n, 1024)](x, y, z)  # loaded before capture
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        vecadd[tile.cdiv(n, 1024)](x, y, z)
    x.copy_(randn(n, seed=22))
    z.zero_()
    g.replay()
    torch.cuda.synchronize()
    assert torch.equal(z, x + y)


@pytest.fixture(scope="module")
def softmax_op():
    k = tile.compile(EX / "softmax.mlir", kernel="softmax")
    return tile.torch.register(
        "tile_tests::softmax", k, inputs=["x"],
        outputs=lambda x: torch.empty_like(x),
        grid=lambda x: (tile.cdiv(x.shape[0], 4),),
        args=lambda x, y: (x, y))


def test_custom_op_eager_and_compiled(softmax_op):
    x = randn(512, 1000, seed=23)
    want = torch.softmax(x.double(), 1)
    close(softmax_op(x), want, 1e-5, 1e-6)
    close(torch.ops.tile_tests.softmax(x), want, 1e-5, 1e-6)

    def f(x):
        return softmax_op(x * 2.0) + 1.0
    compiled = torch.compile(f, fullgraph=True)
    close(compiled(x), torch.softmax(x.double() * 2, 1) + 1, 1e-5, 1e-6)
    torch.library.opcheck(softmax_op, (x,), test_utils=(
        "test_schema", "test_faketensor", "test_aot_dispatch_dynamic"))


def test_custom_op_in_cuda_graph(softmax_op):
    x = randn(256, 1000, seed=24)
    softmax_op(x)
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        y = softmax_op(x)
    x.copy_(randn(256, 1000, seed=25))
    g.replay()
    torch.cuda.synchronize()
    close(y, torch.softmax(x.double(), 1), 1e-5, 1e-6)


def test_argument_errors_on_gpu(vecadd):
    x = randn(8, seed=26)
    with pytest.raises(tile.ArgumentError, match="argument 'z'.*in host "
                       "memory"):
        vecadd[1](x, x, x.cpu())
    with pytest.raises(tile.ArgumentError, match="argument 'y'.*expected "
                       "float32 elements, got a float16 tensor"):
        vecadd[1](x, x.half(), x)
    with pytest.raises(tile.ArgumentError, match="argument 'x'.*stride"):
        vecadd[1](randn(16, seed=27)[::2], x, x)
    if torch.cuda.device_count() > 1:
        with pytest.raises(tile.ArgumentError, match="on GPU 1, but an "
                           "earlier argument is on GPU 0"):
            vecadd[1](x, x.to("cuda:1"), x)


def test_cupy_and_dlpack(vecadd):
    cupy = pytest.importorskip("cupy")
    n = 5000
    x = cupy.random.default_rng(28).standard_normal(n, dtype=cupy.float32)
    y = cupy.random.default_rng(29).standard_normal(n, dtype=cupy.float32)
    z = cupy.empty_like(x)
    vecadd[tile.cdiv(n, 1024)](x, y, z)  # __cuda_array_interface__
    cupy.cuda.Device().synchronize()
    assert bool((z == x + y).all())

    t = randn(n, seed=30)
    out = torch.empty_like(t)
    vecadd[tile.cdiv(n, 1024)](OnlyDlpack(t), OnlyDlpack(t), OnlyDlpack(out))
    torch.cuda.synchronize()
    assert torch.equal(out, t + t)


def test_load_package_round_trip(vecadd, tmp_path):
    path = tmp_path / "v.tpkg"
    vecadd.save(path)
    k = tile.load(path, names=["x", "y", "z"])
    x = randn(3000, seed=31)
    z = torch.empty_like(x)
    k[3](x, x, z)
    torch.cuda.synchronize()
    assert torch.equal(z, 2 * x)


def test_tune_matmul(tmp_path, monkeypatch, capsys):
    # examples/matmul_tuned.mlir over its block sizes (12 candidates; the
    # options fixed here), each checked against the first, the fastest
    # checked against torch; a second tune times nothing.
    monkeypatch.setenv("TILE_CACHE_DIR", str(tmp_path))
    m, n, kk = 1024, 768, 512
    a = randn(m, kk, dtype=torch.float16, seed=32)
    b = randn(kk, n, dtype=torch.float16, seed=33)
    c = torch.empty(m, n, dtype=torch.float16, device="cuda")
    grid = lambda p: (tile.cdiv(m, p["BM"]) * tile.cdiv(n, p["BN"]),)  # noqa
    k = tile.tune(EX / "matmul_tuned.mlir", args=(a, b, c), grid=grid,
                  num_warps=8, num_stages=4, warp_specialize="auto",
                  progress=True)
    print(capsys.readouterr().out)
    want = a.double().cpu() @ b.double().cpu()
    close(c, want, 1e-2, 5e-2)
    timed = [r for r in k.tuning if r["status"] == "timed"]
    assert len(timed) >= 6, k.tuning
    assert not [r for r in k.tuning if r["status"] == "wrong"], k.tuning
    again = tile.tune(EX / "matmul_tuned.mlir", args=(a, b, c), grid=grid,
                      num_warps=8, num_stages=4, warp_specialize="auto")
    assert {r["status"] for r in again.tuning} <= {"cached", "failed"}
    assert again.params == k.params


def test_index64_on_the_gpu(vecadd):
    # 2^31 + 5 elements (17 GB of f32): the launch compiles the kernel with
    # index_bits=64 and runs it; the last elements are right.
    n = 2 ** 31 + 5
    x = torch.arange(n, device="cuda", dtype=torch.float32)
    z = torch.empty_like(x)
    vecadd[tile.cdiv(n, 1024)](x, x, z)
    torch.cuda.synchronize()
    assert vecadd._wide.resources()["index_bits"] == 64
    assert torch.equal(z[-8:], 2 * x[-8:])
    assert torch.equal(z[:8], 2 * x[:8])
    del x, z
    torch.cuda.empty_cache()


def test_reductions_transpose_scan():
    x = randn(333, 1000, seed=40)
    x64 = x.double().cpu()
    k = tile.compile(EX / "rowsum.mlir", kernel="rowsum")
    out = torch.empty(333, device="cuda")
    k[tile.cdiv(333, 4)](x, out)
    close(out, x64.sum(1), 1e-5, 1e-3)
    k = tile.compile(EX / "rowsum.mlir", kernel="colsum")
    out = torch.empty(1000, device="cuda")
    k[tile.cdiv(1000, 256)](x, out)
    close(out, x64.sum(0), 1e-5, 1e-3)
    k = tile.compile(EX / "transpose.mlir")
    y = torch.empty(1000, 333, device="cuda")
    k[(tile.cdiv(333, 32), tile.cdiv(1000, 32))](x, y)
    assert torch.equal(y, x.t())
    k = tile.compile(EX / "cumsum.mlir")
    y = torch.empty_like(x)
    k[tile.cdiv(333, 4)](x, y)
    close(y, x64.cumsum(1), 1e-4, 1e-3)


def test_bmm_and_splitk():
    a = randn(3, 200, 96, dtype=torch.float16, seed=41)
    b = randn(3, 96, 130, dtype=torch.float16, seed=42)
    c = torch.empty(3, 200, 130, device="cuda")
    tile.compile(EX / "bmm.mlir")[(2, 2, 3)](a, b, c)
    close(c, a.double().cpu() @ b.double().cpu(), 1e-3, 1e-2)
    a = randn(100, 4096, dtype=torch.float16, seed=43)
    b = randn(4096, 80, dtype=torch.float16, seed=44)
    c = torch.zeros(100, 80, device="cuda")  # atomics add into it
    tile.compile(EX / "splitk_matmul.mlir")[(2, 2, 8)](a, b, c)
    close(c, a.double().cpu() @ b.double().cpu(), 1e-3, 5e-2)


def test_gather_scatter_atomics():
    table = randn(500, 300, dtype=torch.float16, seed=45)
    ids = torch.randint(-3, 503, (77,), generator=gen(46),
                        dtype=torch.int32).cuda()
    out = torch.empty(77, 300, dtype=torch.float16, device="cuda")
    tile.compile(EX / "embedding.mlir")[(tile.cdiv(77, 32),
                                        tile.cdiv(300, 128))](table, ids, out)
    ok = (ids >= 0) & (ids < 500)
    want = torch.zeros_like(out)
    want[ok] = table[ids[ok].long()]
    assert torch.equal(out, want)
    x = torch.randint(0, 256, (100_000,), generator=gen(47),
                      dtype=torch.int32).cuda()
    bins = torch.zeros(256, dtype=torch.int32, device="cuda")
    tile.compile(EX / "histogram.mlir", kernel="histogram256")[
        tile.cdiv(100_000, 4096)](x, bins)
    assert torch.equal(bins.cpu(), torch.bincount(x.cpu().long(),
                                                  minlength=256).int())


def test_gqa_attention():
    k = tile.compile(EX / "gqa_attention.mlir", kernel="gqa_attention",
                     defines={"D": 64})
    hq, hkv, lq = 8, 2, 700
    q = randn(hq, lq, 64, dtype=torch.float16, seed=48)
    kk = randn(hkv, lq, 64, dtype=torch.float16, seed=49)
    v = randn(hkv, lq, 64, dtype=torch.float16, seed=50)
    o = torch.empty_like(q)
    k[(tile.cdiv(lq, 128), hq)](q, kk, v, o)
    rep = hq // hkv
    want = torch.nn.functional.scaled_dot_product_attention(
        q.double().cpu(), kk.double().cpu().repeat_interleave(rep, 0),
        v.double().cpu().repeat_interleave(rep, 0))
    close(o, want, 2e-2, 2e-2)


@pytest.mark.parametrize("kernel,dtype,d,bm", [
    ("flash_attention_f16_d64", torch.float16, 64, 64),
    ("flash_attention_causal_f16_d64", torch.float16, 64, 64),
    ("flash_attention_bf16_d128", torch.bfloat16, 128, 128),
    ("flash_attention_causal_bf16_d128", torch.bfloat16, 128, 128)])
def test_flash_attention_hand_written(kernel, dtype, d, bm):
    k = tile.compile(EX / "flash_attention.mlir", kernel=kernel)
    bh, lq = 4, 777
    q, kk, v = (randn(bh, lq, d, dtype=dtype, seed=s) for s in (51, 52, 53))
    o = torch.empty_like(q)
    lse = torch.empty(bh, lq, device="cuda")
    k[(tile.cdiv(lq, bm), bh)](q, kk, v, o, lse)
    want = torch.nn.functional.scaled_dot_product_attention(
        q.double().cpu(), kk.double().cpu(), v.double().cpu(),
        is_causal="causal" in kernel)
    close(o, want, 3e-2, 3e-2)


def _attention_training():
    """examples/python/attention_training.py, imported by path."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "attention_training", EX / "python" / "attention_training.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("atomic", [False, True])
@pytest.mark.parametrize("d,causal,lq,lk", [(64, False, 1000, 333),
                                            (64, True, 700, 700),
                                            (128, False, 300, 1000),
                                            (128, True, 1000, 1000)])
def test_attention_backward(d, causal, lq, lk, atomic):
    """examples/flash_attention_backward.mlir's forward and backward (as
    the example's autograd Function runs them, dQ by its own kernel or by
    atomics) against SDPA's autograd in float64 on the CPU, ragged
    lengths."""
    at = _attention_training()
    bh = 3
    q, kk, v, do = (randn(bh, n, d, dtype=torch.float16, seed=s)
                    for n, s in ((lq, 60), (lk, 61), (lk, 62), (lq, 63)))
    q, kk, v = (t.requires_grad_() for t in (q, kk, v))
    o = at.attention(q, kk, v, causal, atomic)
    o.backward(do)
    ref = [t.detach().double().cpu().requires_grad_() for t in (q, kk, v)]
    want = torch.nn.functional.scaled_dot_product_attention(
        *(t[None] for t in ref), is_causal=causal)[0]
    want.backward(do.double().cpu())
    close(o, want, 2e-2, 2e-2)
    for got, r in zip((q.grad, kk.grad, v.grad), ref):
        close(got, r.grad, 2e-2, 2e-2)


def test_dropout_same_mask_as_the_cpu():
    # Philox by (seed, index): the GPU's mask is the CPU path's, exactly.
    gpu = tile.compile(EX / "dropout.mlir")
    cpu = tile.compile(EX / "dropout.mlir", target="cpu")
    n = 100_003
    x = randn(n, seed=54)
    y = torch.empty_like(x)
    gpu[tile.cdiv(n, 1024)](x, y, 0.3, 1234)
    y_cpu = torch.empty(n)
    cpu[tile.cdiv(n, 1024)](x.cpu(), y_cpu, 0.3, 1234)
    torch.cuda.synchronize()
    assert torch.equal(y.cpu(), y_cpu)
    kept = (y != 0).double().mean().item()
    assert abs(kept - 0.7) < 0.01, kept


def test_moe_dispatch():
    t, d, kexp = 300, 256, 2
    x = randn(t, d, dtype=torch.float16, seed=55)
    perm = torch.randperm(t * kexp, generator=gen(56)).view(t, kexp)
    dst = torch.where(perm % 7 == 0, -1, perm).int().cuda()  # some dropped
    out = torch.zeros(t * kexp, d, dtype=torch.float16, device="cuda")
    tile.compile(EX / "moe_scatter.mlir")[
        (tile.cdiv(t, 16), tile.cdiv(d, 128), kexp)](x, dst, out)
    want = torch.zeros_like(out)
    for j in range(kexp):
        keep = dst[:, j] >= 0
        want[dst[keep, j].long()] = x[keep]
    assert torch.equal(out, want)
