"""tile kernels as PyTorch custom operators (torch.library), so that
torch.compile traces through them and CUDA graphs capture them.

    import tile, tile.torch, torch
    k = tile.compile("examples/softmax.mlir", kernel="softmax")
    softmax = tile.torch.register(
        "tile_examples::softmax", k,
        inputs=["x"],
        outputs=lambda x: torch.empty_like(x),
        grid=lambda x: (tile.cdiv(x.shape[0], 4),),
        args=lambda x, y: (x, y))
    y = softmax(torch.randn(64, 1000, device="cuda"))

`outputs` allocates the op's results from its inputs; it is also the
op's fake (meta) implementation, which torch.compile runs on fake
tensors to learn the results' shapes, so it must only allocate. The
kernel is launched on PyTorch's current stream (a graph capture's
included). Importing this module imports torch; `import tile` alone
does not.
"""

import torch

import tile as _tile

_TYPES = {"Tensor": "Tensor", "float": "float", "int": "SymInt",
          "bool": "bool"}


def _parameter(spec):
    """"x" -> "Tensor x"; "eps: float" -> "float eps"."""
    name, _, kind = (part.strip() for part in spec.partition(":"))
    kind = kind or "Tensor"
    if kind not in _TYPES:
        raise _tile.ArgumentError(
            f"input '{spec}': the type must be one of "
            f"{', '.join(_TYPES)} (for example 'eps: float')")
    if not name.isidentifier():
        raise _tile.ArgumentError(f"input '{spec}': '{name}' is not a name")
    return f"{_TYPES[kind]} {name}"


def register(name, kernel, *, inputs, outputs, grid, args, num_outputs=1):
    """Registers custom operator `name` ("namespace::op") that allocates
    its results with `outputs(*inputs)` and runs
    `kernel[grid(*inputs)](*args(*inputs, *results))`, and returns it
    (call it like a function; it is also torch.ops.namespace.op).

    inputs       the op's parameters by name, tensors unless typed:
                 ["x", "w", "eps: float"]
    outputs      (*inputs) -> a tensor, or a tuple of num_outputs tensors:
                 the results, allocated (and the fake implementation)
    grid         (*inputs) -> the launch grid
    args         (*inputs, *results) -> the kernel's arguments in order
    num_outputs  how many tensors `outputs` returns
    """
    if not isinstance(kernel, (_tile.Kernel, _tile.CpuKernel)):
        raise _tile.ArgumentError(
            f"{name}: kernel must be a tile.Kernel or tile.CpuKernel, not "
            f"{type(kernel).__name__}")
    if num_outputs < 1:
        raise _tile.ArgumentError(f"{name}: num_outputs must be at least 1")
    params = ", ".join(_parameter(s) for s in inputs)
    returns = ("Tensor" if num_outputs == 1 else
               "(" + ", ".join(["Tensor"] * num_outputs) + ")")
    schema = f"({params}) -> {returns}"
    device = "cpu" if isinstance(kernel, _tile.CpuKernel) else "cuda"

    def run(*xs):
        results = outputs(*xs)
        tensors = (results,) if num_outputs == 1 else tuple(results)
        if len(tensors) != num_outputs:
            raise _tile.ArgumentError(
                f"{name}: outputs returned {len(tensors)} tensors, "
                f"num_outputs says {num_outputs}")
        # The launch goes to the tensors' GPU, on its current stream.
        kernel[grid(*xs)](*args(*xs, *tensors))
        return results

    def fake(*xs):
        return outputs(*xs)

    op = torch.library.custom_op(name, run, mutates_args=(),
                                 device_types=device, schema=schema)
    op.register_fake(fake)
    return op
