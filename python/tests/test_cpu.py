"""The tile package on the CPU path (no GPU needed): compiling, running on
numpy arrays (and CPU tensors where torch is installed), every argument
error, compile errors, options, defines, packages. Each result is checked
against numpy in float64 on random inputs with fixed seeds."""

import pathlib

import numpy as np
import pytest

import tile
from support import COPY_KERNEL

ROOT = pathlib.Path(__file__).resolve().parents[2]
EX = ROOT / "examples"
rng = np.random.default_rng(1234)


def rand(*shape, dtype=np.float32):
    return rng.standard_normal(shape).astype(dtype)


@pytest.fixture(scope="module")
def vecadd():
    return tile.compile(EX / "vecadd.mlir", target="cpu")


def test_vecadd_ragged(vecadd):
    for n in (1, 1023, 1025, 5000):
        x, y = rand(n), rand(n)
        z = np.full(n, np.nan, np.float32)
        vecadd[(tile.cdiv(n, 1024),)](x, y, z)
        np.testing.assert_array_equal(z, x + y)


def test_grid_forms(vecadd):
    x, y = rand(3000), rand(3000)
    for grid in (3, (3,), [3, 1], (3, 1, 1),
                 lambda x, y, z: tile.cdiv(x.size, 1024)):
        z = np.zeros(3000, np.float32)
        vecadd[grid](x, y, z)
        np.testing.assert_array_equal(z, x + y)


def test_empty_grid_runs_nothing(vecadd):
    z = np.full(4, 7, np.float32)
    vecadd[0](rand(4), rand(4), z)
    assert (z == 7).all()


def test_softmax_rows():
    k = tile.compile(EX / "softmax.mlir", kernel="softmax", target="cpu")
    x = rand(37, 1000)
    y = np.zeros_like(x)
    k[tile.cdiv(37, 4)](x, y)
    x64 = x.astype(np.float64)
    want = np.exp(x64 - x64.max(1, keepdims=True))
    want /= want.sum(1, keepdims=True)
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-7)


def test_scalar_float_and_names():
    k = tile.compile(EX / "rmsnorm.mlir", target="cpu")
    assert [a["name"] for a in k.arg_specs] == ["x", "w", "y", "eps"]
    assert k.arg_specs[3]["kind"] == "float"
    x, w = rand(9, 700), rand(700)
    y = np.zeros_like(x)
    k[tile.cdiv(9, 4)](x, w, y, 1e-5)
    x64 = x.astype(np.float64)
    want = x64 / np.sqrt((x64 ** 2).mean(1, keepdims=True) + 1e-5) * w
    np.testing.assert_allclose(y, want, rtol=2e-5, atol=1e-6)


def test_f16_matmul_from_text():
    text = (EX / "matmul.mlir").read_text()
    k = tile.compile(text, kernel="matmul", target="cpu")
    a, b = rand(70, 50, dtype=np.float16), rand(50, 90, dtype=np.float16)
    c = np.zeros((70, 90), np.float32)
    k[(tile.cdiv(70, 128), tile.cdiv(90, 128))](a, b, c)
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(c, want, rtol=1e-4, atol=1e-4)


KERNEL_N = """
// A copy of ${N} elements per program, ${N} from defines=.
""" + COPY_KERNEL


def test_defines():
    k = tile.compile(KERNEL_N, target="cpu", defines={"N": 64})
    x = rand(200)
    y = np.zeros_like(x)
    k[tile.cdiv(200, 64)](x, y)
    np.testing.assert_array_equal(x, y)


def test_define_missing_is_located():
    with pytest.raises(tile.CompileError, match=r"<string>:2: \$\{N\} is "
                       r"not defined \(defines= has M\)"):
        tile.compile(KERNEL_N, target="cpu", defines={"M": 1})


def test_define_bad_name():
    with pytest.raises(tile.ArgumentError, match="'1x' is not a name"):
        tile.compile(KERNEL_N, target="cpu", defines={"1x": 1})


def test_parse_error_is_located(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @k(%x: memref<?xf32>) attributes {tile.kernel}"
                   " {\n  %t = tile.load %x : memref<?xf32>\n  return\n}\n")
    with pytest.raises(tile.CompileError) as e:
        tile.compile(bad, target="cpu")
    text = str(e.value)
    assert f"{bad}:2:" in text, text
    assert "generic form" in text, text
    assert "^" in text, text


def test_verify_error_is_located():
    text = KERNEL_N.replace("tensor<${N}xf32>\n", "tensor<48xf32>\n", 1)
    with pytest.raises(tile.CompileError) as e:
        tile.compile(text, target="cpu", defines={"N": 64})
    assert "<string>:" in str(e.value) and "error:" in str(e.value)


def test_kernel_choice():
    with pytest.raises(tile.CompileError, match=r"softmax.mlir: the module "
                       r"has 2 kernels \(@softmax, @softmax_f16\): name one"):
        tile.compile(EX / "softmax.mlir", target="cpu")
    with pytest.raises(tile.CompileError, match="softmax.mlir: no kernel "
                       "named 'nope'; the module's kernels: @softmax, "
                       "@softmax_f16"):
        tile.compile(EX / "softmax.mlir", kernel="nope", target="cpu")
    with pytest.raises(tile.CompileError, match="<string>: no kernel in the "
                       "module"):
        tile.compile("func.func @f() {\n  return\n}\n", target="cpu")


def test_missing_file():
    with pytest.raises(FileNotFoundError):
        tile.compile("no/such/kernel.mlir", target="cpu")


def test_cpu_options():
    k = tile.compile(EX / "vecadd.mlir", target="cpu", split_loops=False,
                     asserts="off")
    x, y, z = rand(10), rand(10), np.zeros(10, np.float32)
    k[1](x, y, z)
    np.testing.assert_array_equal(z, x + y)
    # The JIT with LLVM -O2 on the IR (cpu-jit=optimized; the default is
    # fast, the IR unoptimized) and at -O0 throughout (unoptimized)
    # computes the same.
    for level in ("optimized", "unoptimized"):
        other = tile.compile(EX / "vecadd.mlir", target="cpu",
                             cpu_jit=level)
        z2 = np.zeros(10, np.float32)
        other[1](x, y, z2)
        np.testing.assert_array_equal(z2, z)
    with pytest.raises(tile.ArgumentError, match="cpu-jit wants fast, "
                       "optimized or unoptimized"):
        tile.compile(EX / "vecadd.mlir", target="cpu", cpu_jit="quick")
    with pytest.raises(tile.ArgumentError, match="target='cpu' takes the "
                       "options asserts, split-loops, overlap-softmax and "
                       "cpu-jit only"):
        tile.compile(EX / "vecadd.mlir", target="cpu", num_stages=4)
    with pytest.raises(tile.ArgumentError, match="chip"):
        tile.compile(EX / "vecadd.mlir", target="cpu", chip="sm_80")
    with pytest.raises(tile.ArgumentError, match="target="):
        tile.compile(EX / "vecadd.mlir", target="tpu")


def test_gpu_option_errors():
    with pytest.raises(tile.CompileError, match="num-stages"):
        tile.compile(EX / "vecadd.mlir", chip="sm_90a", num_stages=9,
                     cache=False)
    with pytest.raises(tile.CompileError, match="unknown option 'num-stage'"):
        tile.compile(EX / "vecadd.mlir", chip="sm_90a", num_stage=4,
                     cache=False)


# ---- Argument errors: each names the kernel and the argument ----

def expect_arg_error(launch, pattern):
    with pytest.raises(tile.ArgumentError, match=pattern):
        launch()


def test_argument_errors(vecadd):
    x, y, z = rand(8), rand(8), np.zeros(8, np.float32)
    k = vecadd[1]
    expect_arg_error(lambda: k(x, y),
                     r"vecadd takes 3 arguments \(x, y, z\), got 2")
    expect_arg_error(lambda: k(x, y, z.astype(np.float64)),
                     r"argument 'z' \(#2, memref<\?xf32>\): expected "
                     "float32 elements, got a float64 array")
    expect_arg_error(lambda: k(x, y, 3), "argument 'z'.*expected an array")
    expect_arg_error(lambda: k(x, y, "z"), "argument 'z'.*got str")
    expect_arg_error(lambda: k(x, y, np.zeros((2, 4), np.float32)),
                     r"expected rank 1, got a float32 array of rank 2, "
                     r"shape \(2, 4\)")
    expect_arg_error(lambda: k(rand(16)[::2], y, z),
                     "argument 'x'.*last dimension has a stride of 2")
    ro = rand(8)
    ro.setflags(write=False)
    k(ro, y, z)  # x is only read: a read-only array will do
    expect_arg_error(lambda: k(x, y, ro),
                     "argument 'z'.*read-only, and the kernel writes to it")
    expect_arg_error(lambda: k(x, y, z, stream=None),
                     "arguments in order only")
    expect_arg_error(lambda: k(np.zeros(8, ">f4"), y, z),
                     "argument 'x'.*expected float32 elements")


def test_non_contiguous_2d():
    k = tile.compile(EX / "softmax.mlir", kernel="softmax", target="cpu")
    x = rand(8, 64)
    expect_arg_error(lambda: k[2](x.T, np.zeros((64, 8), np.float32)),
                     "argument 'x'.*stride")
    expect_arg_error(lambda: k[2](rand(8, 128)[:, :64], np.zeros_like(x)),
                     "argument 'x'.*not a dense C-order array")


def test_scalar_errors():
    k = tile.compile(EX / "rmsnorm.mlir", target="cpu")
    x, w, y = rand(4, 8), rand(8), np.zeros((4, 8), np.float32)
    expect_arg_error(lambda: k[1](x, w, y, "1e-5"),
                     r"argument 'eps' \(#3, f32\): expected a number")
    expect_arg_error(lambda: k[1](x, w, y, None), "argument 'eps'")
    k2 = tile.compile(KERNEL_INT, target="cpu")
    out = np.zeros(4, np.int32)
    k2[1](out, 7, 3)
    assert list(out) == [7, 3, 7, 3]
    expect_arg_error(lambda: k2[1](out, 2 ** 31, 0),
                     "argument 'a'.*does not fit i32")
    expect_arg_error(lambda: k2[1](out, 1.5, 0),
                     "argument 'a'.*expected an integer, got the float 1.5")
    expect_arg_error(lambda: k2[1](out, 1, 2 ** 63),
                     "argument 'n'.*does not fit index")
    k2[1](out, np.int32(5), np.int64(6))  # numpy integers are integers
    assert list(out) == [5, 6, 5, 6]


KERNEL_INT = """
func.func @fill(%o: memref<4xi32>, %a: i32, %n: index)
    attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %n32 = arith.index_cast %n : index to i32
  %va = "tile.splat"(%a) : (i32) -> tensor<4xi32>
  %vn = "tile.splat"(%n32) : (i32) -> tensor<4xi32>
  %r = "tile.range"() {start = 0 : i64, end = 4 : i64} : () -> tensor<4xi32>
  %two = arith.constant dense<2> : tensor<4xi32>
  %m = arith.remsi %r, %two : tensor<4xi32>
  %zero = arith.constant dense<0> : tensor<4xi32>
  %even = arith.cmpi eq, %m, %zero : tensor<4xi32>
  %v = arith.select %even, %va, %vn : tensor<4xi1>, tensor<4xi32>
  "tile.store"(%v, %o, %c0) : (tensor<4xi32>, memref<4xi32>, index) -> ()
  return
}
"""


def test_static_shape_error():
    k = tile.compile(KERNEL_INT, target="cpu")
    expect_arg_error(lambda: k[1](np.zeros(5, np.int32), 1, 1),
                     r"expected shape \(4,\), got \(5,\)")


def test_grid_errors(vecadd):
    x, y, z = rand(8), rand(8), np.zeros(8, np.float32)
    for grid, pattern in ((-1, "grid dimension 0 is -1"),
                          ((1, 2, 3, 4), "one to three dimensions"),
                          ("2", "is not one"), ((1.5,), "not an int"),
                          (2 ** 31, "grid dimension 0 is 2147483648")):
        with pytest.raises(tile.ArgumentError, match=pattern):
            vecadd[grid](x, y, z)
    with pytest.raises(ZeroDivisionError):
        vecadd[lambda *a: 1 // 0](x, y, z)


def test_assert_failure_is_reported():
    text = """
func.func @checked(%x: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %ok = arith.cmpi sle, %n, %c4 : index
  "tile.assert"(%ok) {message = "n is at most 4"} : (i1) -> ()
  return
}
"""
    k = tile.compile(text, target="cpu")
    k[1](rand(4), 4)
    with pytest.raises(tile.LaunchError, match="n is at most 4"):
        k[1](rand(4), 5)


# ---- GPU kernels without a GPU: compile, save, load, inspect ----

def test_gpu_compile_save_load(tmp_path):
    k = tile.compile(EX / "vecadd.mlir", chip="sm_80", cache=False)
    assert k.chips == ("sm_80",)
    assert k.name == "vecadd"
    assert [a["name"] for a in k.arg_specs] == ["x", "y", "z"]
    assert [a["read_only"] for a in k.arg_specs] == [True, True, False]
    assert k.resources()["block_threads"] == 128
    assert ".entry vecadd" in k.asm["ptx"]
    path = tmp_path / "vecadd.tpkg"
    k.save(path)
    again = tile.load(path)
    assert again.name == "vecadd" and again.chips == ("sm_80",)
    assert again.arg_specs[0]["name"] == "#0"
    named = tile.load(path, names=["x", "y", "z"])
    assert named.arg_specs[2]["name"] == "z"
    both = tile.compile(EX / "vecadd.mlir", chip=["sm_80", "sm_90a"],
                        cache=False)
    assert both.chips == ("sm_80", "sm_90a")


def test_gpu_compile_cache(tmp_path, monkeypatch):
    monkeypatch.delenv("TILE_NO_CACHE", raising=False)  # lit sets it
    first = tile.compile(EX / "vecadd.mlir", chip="sm_80",
                         cache_dir=tmp_path)
    second = tile.compile(EX / "vecadd.mlir", chip="sm_80",
                          cache_dir=tmp_path)
    assert not first.cache_hit and second.cache_hit
    assert first.packages == second.packages


def test_corrupt_package(tmp_path):
    k = tile.compile(EX / "vecadd.mlir", chip="sm_80", cache=False)
    data = bytearray(k.packages[0])
    data[len(data) // 2] ^= 0xFF
    with pytest.raises(tile.PackageError):
        tile.load(bytes(data))
    with pytest.raises(tile.PackageError):
        tile.load(b"TILEPKG\0" + b"\0" * 10)
    with pytest.raises(tile.PackageError):
        tile.load([])


def test_host_array_for_gpu_kernel():
    k = tile.compile(EX / "vecadd.mlir", chip="sm_80", cache=False)
    x = rand(8)
    expect_arg_error(lambda: k[1](x, x, x),
                     "argument 'x'.*in host memory; this kernel runs on "
                     "the GPU")


def test_errors_hierarchy():
    assert issubclass(tile.ArgumentError, TypeError)
    assert issubclass(tile.ArgumentError, ValueError)
    assert issubclass(tile.LaunchError, RuntimeError)
    for e in (tile.ArgumentError, tile.LaunchError, tile.CompileError,
              tile.PackageError):
        assert issubclass(e, tile.Error)


# ---- CPU tensors, where torch is installed ----

def test_cpu_tensors(vecadd):
    torch = pytest.importorskip("torch")
    x = torch.randn(3000, generator=torch.Generator().manual_seed(3))
    y = torch.randn(3000, generator=torch.Generator().manual_seed(4))
    z = torch.empty(3000)
    vecadd[3](x, y, z)
    assert torch.equal(z, x + y)
    expect_arg_error(lambda: vecadd[3](x, y, z.double()),
                     "expected float32 elements, got a float64 tensor")


def test_uninitialised_kernels_raise():
    from tile import _compiler, _runtime
    k = _runtime.GpuKernel.__new__(_runtime.GpuKernel)
    for use in (lambda: k.resources(), lambda: k[1],
                lambda: k._shape_key(1)):
        with pytest.raises(tile.Error, match="not initialised"):
            use()
    assert k.chips == () and k.arg_specs == []
    c = _compiler.CpuKernel.__new__(_compiler.CpuKernel)
    with pytest.raises(tile.Error, match="not initialised"):
        c[1]
    with pytest.raises(tile.PackageError):
        _runtime.GpuKernel([b"not a package"])


ODD = [None, [], {}, object(), "x", b"xy", 2 ** 80, -1, float("nan"), 1.5,
       True, np.float32(2), np.zeros(()), np.zeros((0,), np.float32),
       np.zeros((3, 0), np.float32), np.zeros(4, np.int8),
       np.zeros(4, np.complex64), np.zeros((2, 2, 2, 2), np.float32),
       memoryview(b"abcd"), bytearray(8), np.zeros(4, np.float32)[::-1],
       np.zeros(4, "V4"), np.zeros(4, np.float32).view(np.int32)]


def test_odd_values_never_crash(vecadd):
    # Every odd value in every place, and as the grid: a tile.Error (or a
    # run, where the value happens to fit), never a crash or another error.
    rms = tile.compile(EX / "rmsnorm.mlir", target="cpu")
    good = {vecadd: [rand(4), rand(4), np.zeros(4, np.float32)],
            rms: [rand(2, 4), rand(4), np.zeros((2, 4), np.float32), 1e-5]}
    for k, args in good.items():
        for i in range(len(args)):
            for v in ODD:
                bad = list(args)
                bad[i] = v
                try:
                    k[1](*bad)
                except tile.Error:
                    pass
        for v in ODD:
            try:
                k[v](*args)
            except tile.Error:
                pass


# numpy has no bf16 or FP8 types; ml_dtypes (JAX's) adds them, and numpy
# will not export such an array's buffer, so the launcher reads its
# __array_interface__. A bf16 kernel (and an f8 one) run on them and are
# checked in f64 from the same values; an ml_dtypes array of the wrong
# type is refused by name.
CAST_KERNEL = """func.func @widen(%x: memref<?xbf16>, %f: memref<?xf8E4M3FN>,
    %y: memref<?xf32>, %z: memref<?xbf16>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %a = "tile.load"(%x, %c0) : (memref<?xbf16>, index) -> tensor<64xbf16>
  %b = "tile.load"(%f, %c0) : (memref<?xf8E4M3FN>, index) -> tensor<64xf8E4M3FN>
  %a32 = arith.extf %a : tensor<64xbf16> to tensor<64xf32>
  %b32 = arith.extf %b : tensor<64xf8E4M3FN> to tensor<64xf32>
  %s = arith.addf %a32, %b32 : tensor<64xf32>
  "tile.store"(%s, %y, %c0) : (tensor<64xf32>, memref<?xf32>, index) -> ()
  %t = arith.truncf %s : tensor<64xf32> to tensor<64xbf16>
  "tile.store"(%t, %z, %c0) : (tensor<64xbf16>, memref<?xbf16>, index) -> ()
  return
}
"""


def test_ml_dtypes_arrays():
    try:  # an ml_dtypes built for another numpy fails otherwise than ImportError
        import ml_dtypes as ml
    except Exception as e:
        pytest.skip("no usable ml_dtypes (scripts/deps.sh --test): %s" % e)
    k = tile.compile(CAST_KERNEL, kernel="widen", target="cpu")
    x = rand(50).astype(ml.bfloat16)
    f = rand(50).astype(ml.float8_e4m3fn)
    y = np.zeros(50, np.float32)
    z = np.zeros(50, ml.bfloat16)
    k[1](x, f, y, z)
    want = x.astype(np.float64) + f.astype(np.float64)
    np.testing.assert_array_equal(y, want.astype(np.float32))
    np.testing.assert_array_equal(z.view(np.uint16),
                                  y.astype(ml.bfloat16).view(np.uint16))
    # Its strides are read: every other element is not a row.
    x2 = rand(100).astype(ml.bfloat16)
    with pytest.raises(tile.ArgumentError, match="argument 'x' .*a stride "
                       "of 2 elements"):
        k[1](x2[::2], f, y, z)
    with pytest.raises(tile.ArgumentError,
                       match="argument 'f' .*expected float8_e4m3fn "
                             "elements, got a float8_e5m2 array"):
        k[1](x, f.astype(ml.float8_e5m2), y, z)
    ro = np.zeros(50, ml.bfloat16)
    ro.flags.writeable = False
    with pytest.raises(tile.ArgumentError, match="argument 'z' .*read-only"):
        k[1](x, f, y, ro)


def test_generic_after_one_pass():
    """_compiler.generic runs one tile pass when asked (the difftest
    campaign's CPU run of the GPU's uniform division), and refuses an
    unknown pass or an option the pass does not read, by name."""
    text = """
func.func @k(%x: memref<?xi32>, %d: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %t = "tile.load"(%x, %c0) : (memref<?xi32>, index) -> tensor<1024xi32>
  %s = "tile.splat"(%d) : (i32) -> tensor<1024xi32>
  %q = arith.divsi %t, %s : tensor<1024xi32>
  "tile.store"(%q, %x, %c0) : (tensor<1024xi32>, memref<?xi32>, index) -> ()
  return
}
"""
    from tile import _compiler
    plain = _compiler.generic(text, "k.mlir")
    assert "arith.divsi" in plain
    gpu = _compiler.generic(text, "k.mlir", "tile-numerics",
                                 "chip=sm_90a")
    assert "arith.divsi" not in gpu and "arith.muli" in gpu
    with pytest.raises(tile.CompileError, match="no tile pass 'tile-nope'"):
        _compiler.generic(text, "k.mlir", "tile-nope")
    with pytest.raises(tile.CompileError, match="tile-numerics: .*stages"):
        _compiler.generic(text, "k.mlir", "tile-numerics", "stages=2")
