"""tile: tile-level GPU kernels, compiled and launched from Python.

    import tile, torch
    softmax = tile.compile("examples/softmax.mlir", defines={"N": 4096})
    x = torch.randn(8192, 4096, device="cuda")
    y = torch.empty_like(x)
    softmax[(8192,)](x, y, 8192)

`tile.compile` turns a kernel written in the tile dialect (a file, or its
text) into a `Kernel`; `kernel[grid](*args)` launches it on PyTorch's
current stream (or the stream an array's protocol names, or `stream=`),
after checking every argument against the kernel's signature. With
`target="cpu"` the same call runs the kernel on the host, on numpy arrays
or CPU tensors. `tile.load` reads a compiled package (`.tpkg`). Compiles
go through tile's compile cache, shared with tile-opt and tile-run.
docs/python.md says more.
"""

import os as _os
import re as _re

from . import _runtime
from ._runtime import (ArgumentError, CompileError, Error, LaunchError,
                       PackageError)

__all__ = ["compile", "load", "tune", "Kernel", "CpuKernel",
           "VariantKernel", "cdiv",
           "chip_of",
           "Error", "ArgumentError", "CompileError", "LaunchError",
           "PackageError"]

__version__ = _runtime.version()


def cdiv(a, b):
    """Ceiling division, for grids: cdiv(1000, 256) == 4."""
    return -(-a // b)


def _load_compiler():
    # Loaded on first use: launching compiled packages needs no MLIR.
    from . import _compiler as c
    return c


class Kernel(_runtime.GpuKernel):
    """A kernel compiled for CUDA GPUs: `kernel[grid](*args, stream=None)`.

    `grid` is an int, a tuple of one to three ints, or a callable taking
    the launch's arguments and returning one. Arguments follow the
    kernel's signature: memrefs take torch tensors (or any array with
    `__cuda_array_interface__` or DLPack) of its element type and rank on
    the GPU, rows of consecutive elements (outer strides may pad rows);
    scalars take Python numbers. A mismatch is a `tile.ArgumentError`
    naming the argument; nothing is launched then.
    """

    def __init__(self, packages, names=None, read_only=None, *,
                 source=None, options=None, remarks=""):
        packages = [bytes(p) for p in packages]
        super().__init__(packages, names, read_only)
        self.packages = packages
        self.source = source
        self.options = dict(options or {})
        self.remarks = remarks

    def _index64(self):
        """The kernel compiled with index_bits=64, for a launch with an
        array of 2^31 elements or more (the launcher asks; compiled once,
        as tile-run does per launch)."""
        wide = getattr(self, "_wide", None)
        if wide is None:
            if self.source is None:
                raise ArgumentError(
                    f"{self.name}: an array of 2^31 elements or more, and "
                    "the package indexes in 32 bits: compile it with "
                    "index_bits=64")
            text, name = self.source
            wide = compile(text, self.name, chip=list(self.chips),
                           **{**self.options, "index_bits": 64})
            self._wide = wide
        return wide

    def save(self, path):
        """Writes the package (the first, when there are several chips')
        to `path`; `tile.load(path)` or `tile-run path` run it."""
        with open(path, "wb") as f:
            f.write(self.packages[0])

    @property
    def asm(self):
        """{"ptx": text} for inspection, compiled from the same source and
        options (only for kernels made by tile.compile)."""
        if self.source is None:
            raise Error(f"{self.name}: loaded from a package; its PTX is "
                        "not kept (compile it from source to see it)")
        text, name = self.source
        out = _load_compiler().compile(text, name, kernel=self.name,
                                  chip=self.chips[0],
                                  options=_option_text(self.options),
                                  output="ptx")
        return {"ptx": out["binary"].rstrip(b"\0").decode()}

    def __repr__(self):
        args = ", ".join(f"{a['name']}: {a['type']}" for a in self.arg_specs)
        return f"<tile.Kernel {self.name}({args}) for {', '.join(self.chips)}>"


class CpuKernel:
    """A kernel JIT-compiled for the host (`target="cpu"`): the same
    `kernel[grid](*args)` call runs every program in order, in process, on
    numpy arrays, CPU tensors or anything with the buffer protocol (dense,
    C order), with the dialect's exact semantics. For checking kernels,
    not for speed."""

    def __init__(self, text, source_name, kernel=None, options=None):
        self._k = _load_compiler().CpuKernel(text, source_name, kernel,
                                        _option_text(options or {}))
        self.name = self._k.name
        self.arg_specs = self._k.arg_specs
        self.options = dict(options or {})

    def __getitem__(self, grid):
        return self._k[grid]

    def __repr__(self):
        args = ", ".join(f"{a['name']}: {a['type']}" for a in self.arg_specs)
        return f"<tile.CpuKernel {self.name}({args})>"


def _option_text(options):
    """{"num_stages": 4, "warp_specialize": True} -> the C API's
    "num-stages=4 warp-specialize=true"."""
    parts = []
    for key, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        parts.append(f"{key.replace('_', '-')}={value}")
    return " ".join(parts)


_DEFINE = _re.compile(r"\$\{([^}]*)\}?")
_NAME = _re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _substitute(text, defines, source_name):
    """Replaces each ${NAME} by defines[NAME] (tile-run's -D): an undefined
    or malformed one is a CompileError naming its line."""
    defines = {k: str(v) for k, v in (defines or {}).items()}
    for key in defines:
        if not _NAME.match(key):
            raise ArgumentError(f"defines: '{key}' is not a name (a letter "
                                "or '_', then letters, digits and '_')")

    def replace(m):
        line = text.count("\n", 0, m.start()) + 1
        name = m.group(1)
        if not m.group(0).endswith("}") or not _NAME.match(name):
            raise CompileError(f"{source_name}:{line}: malformed "
                               f"'{m.group(0)}' (expected ${{NAME}})")
        if name not in defines:
            have = ", ".join(sorted(defines)) or "none"
            raise CompileError(f"{source_name}:{line}: ${{{name}}} is not "
                               f"defined (defines= has {have})")
        return defines[name]

    return _DEFINE.sub(replace, text)


def chip_of(device=None):
    """The chip tile compiles for to run on GPU `device` (default: the
    current one, else 0): "sm_90a" on an H100/H200, "sm_100a" on a B200,
    "sm_80" on an A100."""
    if device is None:
        device = max(_runtime.current_device(), 0)
    cc = _runtime.device_info(device)["capability"]
    # The architecture-specific chips (wgmma, tcgen05) where tile has them.
    return f"sm_{cc}a" if cc in (90, 100) else f"sm_{cc}"


def _read_source(src):
    """(text, name) of a kernel given as a path or as its text."""
    if isinstance(src, _os.PathLike) or (
            isinstance(src, str) and "\n" not in src and "{" not in src):
        path = _os.fspath(src)
        with open(path, encoding="utf-8") as f:
            return f.read(), path
    if isinstance(src, bytes):
        src = src.decode("utf-8")
    if not isinstance(src, str):
        raise ArgumentError("tile.compile takes a path or the kernel's "
                            f"text, not {type(src).__name__}")
    return src, "<string>"


def compile(src, kernel=None, *, target="cuda", chip=None, defines=None,
            cache=True, cache_dir=None, **options):
    """Compiles a tile kernel.

    src      a path to a .mlir file, or the kernel's text
    kernel   the kernel's name (None: the file's only kernel)
    target   "cuda" (a Kernel for the GPU) or "cpu" (a CpuKernel)
    chip     "sm_90a", "sm_80", ... (None: the current GPU's, else sm_90a);
             a list compiles one package per chip, and each GPU runs the
             one that fits it best
    defines  {"NAME": value} for the file's ${NAME} parameters (one not
             given takes its first value in the file's tile.tune lines)
    cache    through tile's compile cache ($TILE_CACHE_DIR, else
             ~/.cache/tile; cache_dir= names another)
    options  compile options by key, '_' for '-': num_stages=4,
             num_warps=8, warp_specialize=True, fast_math=True, ...
             (tile-opt --help lists them)

    A kernel that does not parse, verify or compile raises CompileError
    with the located diagnostics; remarks (how dots were lowered) are in
    the result's .remarks.
    """
    text, name = _read_source(src)
    if "${" in text:
        # A ${NAME} the caller does not define takes its first value in the
        # file's tile.tune lines, as in tile-run.
        defines = {**_load_compiler().param_defaults(text), **(defines or {})}
    text = _substitute(text, defines, name)
    if target == "cpu":
        if chip is not None:
            raise ArgumentError("target='cpu' takes no chip")
        return CpuKernel(text, name, kernel, options)
    if target != "cuda":
        raise ArgumentError(f"target= takes 'cuda' or 'cpu', not {target!r}")
    if chip is None:
        try:
            chip = chip_of()
        except LaunchError:
            chip = None  # no driver or GPU here: the compiler's default
    chips = [chip] if chip is None or isinstance(chip, str) else list(chip)
    c = _load_compiler()
    option_text = _option_text(options)
    results = [c.compile(text, name, kernel=kernel, chip=one,
                         options=option_text, cache=bool(cache),
                         cache_dir=None if cache_dir is None
                         else _os.fspath(cache_dir))
               for one in chips]
    first = results[0]
    k = Kernel([r["binary"] for r in results], first["names"],
               first["read_only"], source=(text, name), options=options,
               remarks="".join(r["remarks"] for r in results))
    k.cache_hit = all(r["cache_hit"] for r in results)
    return k


class VariantKernel:
    """The variants of a variant file (tile-run --save-variant): packages of
    one kernel, each tuned for the launch shapes it names, and at most one
    default for other shapes. `kernel[grid](*args)` launches the variant
    tuned for exactly these arguments' shapes (else the default);
    `kernel[None](*args)` launches it on the grid it was tuned with."""

    def __init__(self, variants, names=None):
        self.variants = [{"key": v["key"], "grid": v["grid"],
                          "kernel": Kernel([v["package"]], names)}
                         for v in variants]
        self._by_key = {v["key"]: v for v in self.variants}
        first = self.variants[0]["kernel"]
        self.name, self.arg_specs = first.name, first.arg_specs

    def pick(self, *args):
        """The variant (a dict: key, grid, kernel) for these arguments."""
        shapes = self.variants[0]["kernel"]._shape_key((1,), *args)
        key = shapes.rsplit("; grid ", 1)[0]
        v = self._by_key.get(key) or self._by_key.get("")
        if v is None:
            tuned = "; ".join(f"[{k}]" for k in self._by_key)
            raise ArgumentError(f"{self.name}: no variant for the shapes "
                                f"[{key}] and no default; the file has "
                                f"{tuned}")
        return v

    def __getitem__(self, grid):
        def launch(*args, stream=None):
            v = self.pick(*args)
            g = grid
            if g is None:
                if v["grid"] is None:
                    raise ArgumentError(
                        f"{self.name}: the default variant has no tuned "
                        "grid: give one (kernel[grid](...))")
                g = v["grid"]
            v["kernel"][g](*args, stream=stream)
        return launch

    def __repr__(self):
        return (f"<tile.VariantKernel {self.name}: "
                f"{len(self.variants)} variants>")


def load(path, names=None):
    """A Kernel from compiled packages: a path (.tpkg), the package's
    bytes, or a list of either (one kernel for several chips); or a
    VariantKernel from a variant file (.tvar, tile-run --save-variant).
    `names` names the arguments in messages (packages do not keep
    them)."""
    items = path if isinstance(path, (list, tuple)) else [path]
    packages = []
    for item in items:
        if isinstance(item, (bytes, bytearray, memoryview)):
            packages.append(bytes(item))
        else:
            with open(_os.fspath(item), "rb") as f:
                packages.append(f.read())
    if len(packages) == 1 and packages[0][:8] == b"TILEVARS":
        return VariantKernel(_runtime.read_variants(packages[0]), names)
    return Kernel(packages, names)


def tune(*args, **kwargs):
    """The fastest variant of a kernel over its tuning space, on the real
    arguments (tile/tuning.py says how; docs/python.md, "Tuning")."""
    from .tuning import tune as _tune
    return _tune(*args, **kwargs)
