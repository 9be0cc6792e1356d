"""The tile package's GPU launch path through the stand-in CUDA driver
(test/Runtime/fake_cuda.c, named by TILE_CUDA_LIBRARY; it launches
nothing and logs what each launch hands the driver), so CI checks without
a GPU what a launch passes: pointers, sizes, strides, grid, stream,
context, and the errors of a driver that lacks a GPU or the chip.

Run in a process of its own (the driver is loaded once per process):
    TILE_CUDA_LIBRARY=build/test/Runtime/libtile-fake-cuda.so \
        python3 -m pytest python/tests/test_fake_gpu.py
"""

import ctypes
import os
import pathlib
import re
import threading

import numpy as np
import pytest

if not os.environ.get("TILE_CUDA_LIBRARY"):
    pytest.skip("TILE_CUDA_LIBRARY does not name the stand-in driver",
                allow_module_level=True)

import tile
from support import (COPY_KERNEL, DLDataType, DLDevice, DLManagedTensor,
                     DLTensor, OnlyDlpack)

ROOT = pathlib.Path(__file__).resolve().parents[2]
EX = ROOT / "examples"


class CudaArray:
    """A "device" array for the stand-in driver, whose device memory is
    host memory: numpy's buffer behind __cuda_array_interface__."""

    def __init__(self, a, stream=None, strides=None):
        self.a = a
        self.__cuda_array_interface__ = {
            "shape": a.shape, "typestr": a.dtype.str,
            "data": (a.ctypes.data, False), "version": 3,
            "strides": strides, "stream": stream}


@pytest.fixture
def log(tmp_path, monkeypatch):
    path = tmp_path / "launches.log"
    monkeypatch.setenv("FAKE_CUDA_LOG", str(path))

    def lines():
        return path.read_text().splitlines() if path.exists() else []
    return lines


@pytest.fixture(scope="module")
def vecadd():
    # PTX (no toolkit), which the stand-in reads for the parameter sizes.
    return tile.compile(EX / "vecadd.mlir", chip="sm_90a",
                        toolkit="/nonexistent", cache=False)


def params(line):
    return [int(v, 16) for v in re.findall(r"0x([0-9a-f]+)\(8\)", line)]


def test_launch_hands_pointers_sizes_strides(vecadd, log):
    x, y, z = (np.zeros(1000, np.float32) for _ in range(3))
    vecadd[(tile.cdiv(1000, 1024),)](CudaArray(x), CudaArray(y), CudaArray(z))
    (line,) = log()
    assert line.startswith("launch vecadd") and "grid 1,1,1" in line, line
    assert "stream default" in line, line
    assert params(line) == [x.ctypes.data, 1000, 1, y.ctypes.data, 1000, 1,
                            z.ctypes.data, 1000, 1], line


def test_padded_rows_pass_their_stride(log):
    k = tile.compile(EX / "softmax.mlir", kernel="softmax", chip="sm_90a",
                     toolkit="/nonexistent", cache=False)
    big = np.zeros((8, 128), np.float32)
    y = np.zeros((8, 100), np.float32)
    # A window of 100 columns of 128-column rows: stride 128 elements.
    x = CudaArray(big, strides=(128 * 4, 4))
    x.__cuda_array_interface__["shape"] = (8, 100)
    k[2](x, CudaArray(y))
    (line,) = log()
    p = params(line)
    assert p[:5] == [big.ctypes.data, 8, 100, 128, 1], line
    assert p[5:] == [y.ctypes.data, 8, 100, 100, 1], line


def test_streams(vecadd, log):
    x = np.zeros(16, np.float32)
    a = CudaArray(x)
    vecadd[1](a, a, a, stream=0x1234)
    vecadd[1](CudaArray(x, stream=0x99), a, a)  # the array's stream
    vecadd[1](a, a, a, stream=None)

    class TorchLikeStream:
        cuda_stream = 0x77
    vecadd[1](a, a, a, stream=TorchLikeStream())
    lines = log()
    assert ["stream given" in l for l in lines] == [True, True, False, True]
    with pytest.raises(tile.ArgumentError, match="stream= takes None"):
        vecadd[1](a, a, a, stream="fast")
    with pytest.raises(tile.ArgumentError, match="stream= only"):
        vecadd[1](a, a, a, steam=1)


def test_sixteen_threads(vecadd, log):
    x = np.zeros(4096, np.float32)
    a = CudaArray(x)
    errors = []

    def launch():
        # A new thread has no current context: the launch makes GPU 0's
        # primary context current, as the CUDA runtime would.
        try:
            for _ in range(50):
                vecadd[4](a, a, a)
        except Exception as e:  # reported below
            errors.append(e)
    threads = [threading.Thread(target=launch) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert len(log()) == 16 * 50
    assert tile._runtime.current_device() in (-1, 0)


class GpuDlpack:
    """A float32 vector that DLPack says is on CUDA GPU `device`, over
    numpy's memory (the stand-in's device memory is host memory): an
    array whose GPU the launcher knows."""

    def __init__(self, a, device):
        self.a = a
        self.shape = (ctypes.c_int64 * 1)(a.size)
        self.m = DLManagedTensor(DLTensor(a.ctypes.data, DLDevice(2, device),
                                          1, DLDataType(2, 32, 1), self.shape))

    def __dlpack__(self, **kw):
        new = ctypes.pythonapi.PyCapsule_New
        new.restype = ctypes.py_object
        new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self.m), b"dltensor", None)


def test_contexts(monkeypatch, tmp_path):
    # A thread whose current context is its own (cuCtxCreate) on GPU 1:
    # a launch whose arrays name no GPU runs there; one whose arrays are
    # on GPU 0 runs in GPU 0's primary context (number 1), and the
    # thread's own context is current again after it.
    monkeypatch.setenv("FAKE_CUDA_DEVICES", "2")
    loads = tmp_path / "loads.log"
    monkeypatch.setenv("FAKE_CUDA_LOAD_LOG", str(loads))
    k = tile.compile(EX / "vecadd.mlir", chip="sm_90a",
                     toolkit="/nonexistent", cache=False)
    driver = ctypes.CDLL(os.environ["TILE_CUDA_LIBRARY"])
    x = np.zeros(8, np.float32)
    anywhere, gpu0 = CudaArray(x), GpuDlpack(x, 0)
    seen, errors = [], []

    def run():
        mine, now = ctypes.c_void_p(), ctypes.c_void_p()
        assert driver.cuCtxCreate_v2(ctypes.byref(mine), 0, 1) == 0
        seen.append(ctypes.cast(mine, ctypes.POINTER(ctypes.c_int))[0])
        for args in ((anywhere,) * 3, (gpu0,) * 3, (anywhere,) * 3):
            try:
                k[1](*args)
            except tile.Error as e:  # reported below
                errors.append(e)
            driver.cuCtxGetCurrent(ctypes.byref(now))
            seen.append(now.value == mine.value)
    t = threading.Thread(target=run)
    t.start()
    t.join()
    assert not errors, errors
    number, *current = seen
    assert current == [True, True, True]
    contexts = [line.split()[-1] for line in loads.read_text().splitlines()]
    assert contexts and set(contexts) == {str(number), "1"}, contexts
    assert contexts[0] == str(number) and contexts[-1] == "1", contexts


def test_chip_of(monkeypatch):
    assert tile.chip_of() == "sm_90a"
    monkeypatch.setenv("FAKE_CUDA_CC", "80")
    assert tile.chip_of() == "sm_80"
    monkeypatch.setenv("FAKE_CUDA_CC", "100")
    assert tile.chip_of(0) == "sm_100a"
    with pytest.raises(tile.LaunchError, match="there is no GPU 3"):
        tile.chip_of(3)


def test_wrong_chip(monkeypatch):
    k = tile.compile(EX / "vecadd.mlir", chip="sm_90a",
                     toolkit="/nonexistent", cache=False)
    monkeypatch.setenv("FAKE_CUDA_CC", "80")
    a = CudaArray(np.zeros(8, np.float32))
    # A fresh kernel loads in this context now, for an sm_80 GPU.
    with pytest.raises(tile.LaunchError, match="has no package for the GPU "
                       r"\(Fake GPU, sm_80\); it has sm_90a"):
        k[1](a, a, a)


def test_host_arrays_refused(vecadd):
    x = np.zeros(8, np.float32)

    if not hasattr(x, "__dlpack__"):
        pytest.skip("numpy without DLPack")
    with pytest.raises(tile.ArgumentError, match="argument 'x'.*in host "
                       "memory"):
        vecadd[1](OnlyDlpack(x), CudaArray(x), CudaArray(x))


def test_dtype_from_interface(vecadd):
    a = CudaArray(np.zeros(8, np.float32))
    h = CudaArray(np.zeros(8, np.float16))
    with pytest.raises(tile.ArgumentError, match="argument 'z'.*expected "
                       "float32 elements, got a float16 array"):
        vecadd[1](a, a, h)


def test_empty_grid_launches_nothing(vecadd, log):
    a = CudaArray(np.zeros(8, np.float32))
    vecadd[0](a, a, a)
    assert log() == []


TUNED = """
// tile.tune: N=256,64,128,48
""" + COPY_KERNEL


def test_tune(tmp_path, monkeypatch, capsys):
    # The stand-in's clock makes a launch of fewer blocks faster; the
    # check says the fastest candidate (N=256, first) is wrong, so it is
    # never picked; N=48 does not compile (not a power of two).
    monkeypatch.setenv("TILE_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("TILE_NO_CACHE", raising=False)
    x, y = CudaArray(np.zeros(4096, np.float32)), \
        CudaArray(np.zeros(4096, np.float32))
    calls = []

    def check(*args):
        calls.append(1)
        return len(calls) > 1
    grid = lambda p: (tile.cdiv(4096, p["N"]),)  # noqa: E731
    k = tile.tune(TUNED, args=(x, y), grid=grid, check=check, chip="sm_90a",
                  toolkit="/nonexistent", progress=True, iters=5)
    out = capsys.readouterr().out
    assert k.params == {"N": 128}, out
    status = {r["params"]["N"]: r["status"] for r in k.tuning}
    assert status == {256: "wrong", 64: "timed", 128: "timed",
                      48: "failed"}, k.tuning
    assert "fastest of 4: N=128" in out, out
    failed = [r for r in k.tuning if r["params"]["N"] == 48][0]
    assert failed["note"] and failed["median_us"] is None, failed
    # A second tune times nothing timed before; the wrong candidate was
    # not kept, so it runs (and, right this time, wins) again.
    again = tile.tune(TUNED, args=(x, y), grid=grid, check=lambda *a: True,
                      chip="sm_90a", toolkit="/nonexistent", iters=5)
    status = {r["params"]["N"]: r["status"] for r in again.tuning}
    assert status == {256: "timed", 64: "cached", 128: "cached",
                      48: "failed"}, again.tuning
    assert again.params == {"N": 256}
    fresh = tile.tune(TUNED, args=(x, y), grid=grid, check=lambda *a: True,
                      chip="sm_90a", toolkit="/nonexistent", iters=5,
                      retune=True)
    assert {r["status"] for r in fresh.tuning} == {"timed", "failed"}
    assert fresh.params == {"N": 256}


def test_tune_votes_without_torch():
    # Without check= the C tuner takes what most candidates computed, on
    # any arrays; tile.tune's own tuner (threads=) compares with the first
    # candidate's outputs, as torch tensors only.
    x = CudaArray(np.zeros(64, np.float32))
    k = tile.tune(TUNED, args=(x, x), grid=(1,), chip="sm_90a",
                  toolkit="/nonexistent", defines={"N": 64}, retune=True)
    assert k.params == {} and [r["status"] for r in k.tuning] == ["timed"]
    with pytest.raises(tile.ArgumentError, match="pass torch tensors or "
                       "check="):
        tile.tune(TUNED, args=(x, x), grid=(1,), chip="sm_90a",
                  toolkit="/nonexistent", defines={"N": 64}, threads=2)


def test_tune_callbacks_raise():
    # An exception in grid= or check= stops the tuning and is raised.
    x = CudaArray(np.zeros(4096, np.float32))

    def bad(*args):
        raise KeyError("from the callback")
    with pytest.raises(KeyError, match="from the callback"):
        tile.tune(TUNED, args=(x, x), grid=bad, chip="sm_90a",
                  toolkit="/nonexistent", retune=True)
    with pytest.raises(KeyError, match="from the callback"):
        tile.tune(TUNED, args=(x, x), grid=(4,), check=bad, chip="sm_90a",
                  toolkit="/nonexistent", retune=True)


def test_index64_recompiles(vecadd, log):
    # An array of 2^31 elements (the stand-in touches no memory): the
    # kernel, compiled with 32-bit indexing, is compiled again with
    # index_bits=64 for it, once, as tile-run does.
    big = CudaArray(np.zeros(8, np.float32))
    big.__cuda_array_interface__["shape"] = (2 ** 31,)
    k = tile.compile(EX / "vecadd.mlir", chip="sm_90a",
                     toolkit="/nonexistent", cache=False)
    assert k.resources()["index_bits"] == 32
    k[(2 ** 21,)](big, big, big)
    assert k._wide.resources()["index_bits"] == 64
    wide = k._wide
    k[(2 ** 21,)](big, big, big)
    assert k._wide is wide
    assert len(log()) == 2 and "params 0x" in log()[0]
    p = params(log()[0])
    assert p[1:3] == [2 ** 31, 1], p
    loaded = tile.load(k.packages[0], names=["x", "y", "z"])
    with pytest.raises(tile.ArgumentError, match="2\\^31 elements or more, "
                       "and the package indexes in 32 bits"):
        loaded[(1,)](big, big, big)


def test_malformed_interfaces(vecadd):
    # Arrays whose protocol lies or breaks: an ArgumentError naming the
    # argument, never a crash.
    good = CudaArray(np.zeros(8, np.float32))

    class Fake:
        def __init__(self, cai):
            self.__cuda_array_interface__ = cai
    base = dict(good.__cuda_array_interface__)
    odd = [None, 3, {}, {**base, "shape": "8"}, {**base, "shape": (8, "x")},
           {**base, "typestr": 5}, {**base, "data": None},
           {**base, "data": ("p", False)}, {**base, "strides": (3,)},
           {**base, "strides": (-4,)}, {**base, "stream": "s"},
           {**base, "shape": (2 ** 70,)}, {**base, "typestr": "<c8"}]
    for cai in odd:
        with pytest.raises(tile.ArgumentError, match="argument 'x'"):
            vecadd[1](Fake(cai), good, good)

    class Raises:
        @property
        def __cuda_array_interface__(self):
            raise KeyError("broken")
    with pytest.raises(tile.ArgumentError, match="argument 'x'.*broken"):
        vecadd[1](Raises(), good, good)


def test_sizes_that_overflow(vecadd):
    good = CudaArray(np.zeros(8, np.float32))
    bad = CudaArray(np.zeros(8, np.float32))
    bad.__cuda_array_interface__["shape"] = (-5,)
    with pytest.raises(tile.ArgumentError, match="argument 'x'.*dimension 0 "
                       "has a negative size"):
        vecadd[1](bad, good, good)
    k = tile.compile(EX / "softmax.mlir", kernel="softmax", chip="sm_90a",
                     toolkit="/nonexistent", cache=False)
    big = CudaArray(np.zeros((2, 2), np.float32))
    big.__cuda_array_interface__["shape"] = (2 ** 40, 2 ** 40)
    y = CudaArray(np.zeros((2, 2), np.float32))
    with pytest.raises(tile.ArgumentError, match="argument 'x'.*overflows "
                       "64 bits"):
        k[1](big, y)


def test_variant_files(tmp_path, log):
    # tile-run tunes on the stand-in driver and saves a variant for 8192
    # elements and a default; tile.load gives a VariantKernel that launches
    # the tuned variant on its tuned grid for those shapes, the default on
    # the caller's grid for others.
    import shutil
    import subprocess
    tile_run = os.environ.get("TILE_RUN") or shutil.which("tile-run")
    if not tile_run:
        pytest.skip("no tile-run (TILE_RUN names one)")
    src = ROOT / "test" / "tile-run" / "Inputs" / "tune_scale.mlir"
    tvar = tmp_path / "scale.tvar"
    env = dict(os.environ, TILE_NO_CACHE="0",
               TILE_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("FAKE_CUDA_LOG", None)
    base = [tile_run, str(src), "--target", "cuda"]
    for extra in (["--grid", "cdiv(8192,BLOCK)", "--arg", "randn:8192xf32",
                   "--arg", "zeros:8192xf32", "--tune", "--save-variant"],
                  ["--grid", "cdiv(100,BLOCK)", "--arg", "randn:100xf32",
                   "--arg", "zeros:100xf32", "--save-default-variant"]):
        r = subprocess.run(base + extra + [str(tvar)], env=env,
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr
    k = tile.load(tvar, names=["x", "y"])
    assert isinstance(k, tile.VariantKernel) and len(k.variants) == 2
    tuned = [v for v in k.variants if v["key"]][0]
    assert tuned["key"] == "f32 8192; f32 8192", tuned["key"]
    x = CudaArray(np.zeros(8192, np.float32))
    assert k.pick(x, x) is tuned
    k[None](x, x)  # the tuned grid
    assert f"grid {tuned['grid'][0]},1,1" in log()[-1], (log(), tuned)
    small = CudaArray(np.zeros(100, np.float32))
    assert k.pick(small, small)["key"] == ""
    k[(3,)](small, small)
    assert "grid 3,1,1" in log()[-1]
    with pytest.raises(tile.ArgumentError, match="default variant has no "
                       "tuned grid"):
        k[None](small, small)
    with pytest.raises(tile.PackageError):
        tile.load(b"TILEVARS" + bytes(40))


# A stand-in torch whose Tensor names a DLPack C exchange API (dlpack.h
# 1.2 on) made with ctypes: the launcher reads tensors through it, asks
# it for the current stream, and falls back to the tensor's attributes
# where the API refuses one or names a type tile lacks. Run in a process
# of its own: torch is found once per process.
FAKE_TORCH = r'''
import ctypes, os, sys, types
import numpy as np
sys.path.insert(0, os.environ["TILE_TEST_PYTHONPATH"])
sys.path.insert(0, os.environ["TILE_TEST_DIR"])
from support import DLDataType, DLDevice, DLTensor

FROM = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.POINTER(DLTensor))
STREAM = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int32, ctypes.c_int32,
                          ctypes.POINTER(ctypes.c_void_p))
class API(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32),
                ("prev", ctypes.c_void_p), ("alloc", ctypes.c_void_p),
                ("mfrom", ctypes.c_void_p), ("mto", ctypes.c_void_p),
                ("dlfrom", FROM), ("stream", STREAM)]

calls = {"exchange": 0, "attributes": 0, "stream": 0}
class DType:
    def __init__(self, name): self.name = name
    def __str__(self): return "torch." + self.name
float32, complex64 = DType("float32"), DType("complex64")
CODES = {float32: (2, 32), complex64: (5, 64)}

class Tensor:
    def __init__(self, a, dtype=float32, refuse=False):
        self.a, self._dtype, self.refuse = a, dtype, refuse
        self._shape = (ctypes.c_int64 * a.ndim)(*a.shape)
        self._strides = (ctypes.c_int64 * a.ndim)(*(s // a.itemsize for s in a.strides))
    # The attribute path (what the launcher reads without the API).
    @property
    def dtype(self):
        calls["attributes"] += 1
        return self._dtype
    is_cuda = True
    shape = property(lambda self: self.a.shape)
    def data_ptr(self): return self.a.ctypes.data
    def stride(self): return tuple(s // self.a.itemsize for s in self.a.strides)

class Parameter(Tensor):
    pass

def dlfrom(obj, out):
    calls["exchange"] += 1
    if obj.refuse:
        return -1  # as torch for a tensor DLPack cannot describe (no Python error set here)
    t = out.contents
    t.data, t.byte_offset = obj.a.ctypes.data, 0
    t.device = DLDevice(2, 0)
    t.ndim = obj.a.ndim
    code, bits = CODES[obj._dtype]
    t.dtype = DLDataType(code, bits, 1)
    t.shape = ctypes.cast(obj._shape, ctypes.POINTER(ctypes.c_int64))
    t.strides = ctypes.cast(obj._strides, ctypes.POINTER(ctypes.c_int64))
    return 0

def stream(kind, device, out):
    calls["stream"] += 1
    assert kind == 2 and device == 0
    out[0] = 0x5150
    return 0

api = API(1, 3, None, None, None, None, FROM(dlfrom), STREAM(stream))
Tensor.__c_dlpack_exchange_api__ = ctypes.addressof(api)
torch = types.ModuleType("torch")
torch.Tensor, torch.float32 = Tensor, float32
torch.nn = types.SimpleNamespace(Parameter=Parameter)
torch._C = types.SimpleNamespace(_cuda_getCurrentRawStream=lambda d: 0x7070)
torch.cuda = types.SimpleNamespace(device_count=lambda: 1)
sys.modules["torch"] = torch

import tile
k = tile.compile(sys.argv[1], chip="sm_90a", toolkit="/nonexistent", cache=False)
x, y, z = (np.arange(8, dtype=np.float32) + i for i in range(3))
k[1](Tensor(x), Parameter(y), Tensor(z))
k[1](Tensor(x), Tensor(y, refuse=True), Tensor(z))
try:
    k[1](Tensor(x), Tensor(y.view(np.complex64), dtype=complex64), Tensor(z))
except tile.ArgumentError as e:
    print("error:", e)
print("calls", calls["exchange"], calls["attributes"], calls["stream"])
print("pointers", x.ctypes.data, y.ctypes.data, z.ctypes.data)
'''


@pytest.mark.parametrize("exchange", [True, False])
def test_torch_exchange_api(tmp_path, exchange):
    import subprocess
    script = tmp_path / "fake_torch.py"
    script.write_text(FAKE_TORCH)
    logfile = tmp_path / "launches.log"
    env = dict(os.environ, FAKE_CUDA_LOG=str(logfile),
               TILE_TEST_PYTHONPATH=str(pathlib.Path(tile.__file__).parents[1]),
               TILE_TEST_DIR=str(pathlib.Path(__file__).parent),
               TILE_NO_DLPACK_EXCHANGE="0" if exchange else "1")
    r = subprocess.run([os.sys.executable, str(script),
                        str(EX / "vecadd.mlir")], env=env,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    out = dict(l.split(" ", 1) for l in r.stdout.splitlines())
    assert out["error:"] == ("vecadd: argument 'y' (#1, memref<?xf32>): "
                             "expected float32 elements, got a complex64 "
                             "tensor"), out
    x, y, z = map(int, out["pointers"].split())
    lines = logfile.read_text().splitlines()
    assert len(lines) == 2, lines
    for line in lines:
        assert params(line) == [x, 8, 1, y, 8, 1, z, 8, 1], line
    exchanged, attributes, streams = map(int, out["calls"].split())
    if exchange:
        # Every tensor by the API (the third launch stops at y), the
        # refused one and the complex one again by their attributes (the
        # second for its message); the stream is the API's.
        assert (exchanged, attributes, streams) == (8, 2, 2), out
        assert all("stream given 0x5150 " in l for l in lines), lines
    else:
        assert (exchanged, attributes, streams) == (0, 8, 0), out
        assert all("stream given 0x7070 " in l for l in lines), lines
