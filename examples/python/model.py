"""A small transformer block whose layers run as tile kernels, registered
as PyTorch custom operators (tile.torch.register), checked against the
same block in eager PyTorch, then run again under torch.compile and
replayed from a CUDA graph.

    layer norm (f32)     examples/layernorm.mlir
    attention (f16)      examples/flash_attention_plain.mlir, d = 64
    linear + GELU (f16)  examples/linear.mlir
    softmax (f32)        examples/softmax.mlir

    PYTHONPATH=build/python python3 examples/python/model.py
"""
import pathlib
import sys

import torch
import torch.nn.functional as F

import tile
import tile.torch

EX = pathlib.Path(__file__).resolve().parents[1]
E, H, D, V = 512, 8, 64, 1000  # width, heads, head size, vocabulary
cdiv = tile.cdiv

layer_norm = tile.torch.register(
    "tile_examples::layer_norm", tile.compile(EX / "layernorm.mlir"),
    inputs=["x", "w", "b", "eps: float"],
    outputs=lambda x, w, b, eps: torch.empty_like(x),
    grid=lambda x, w, b, eps: (cdiv(x.shape[0], 4),),
    args=lambda x, w, b, eps, y: (x, w, b, y, eps))

attention = tile.torch.register(
    "tile_examples::attention",
    tile.compile(EX / "flash_attention_plain.mlir", kernel="attention_plain",
                 defines={"D": D}),
    inputs=["q", "k", "v"],
    outputs=lambda q, k, v: torch.empty_like(q),
    grid=lambda q, k, v: (cdiv(q.shape[1], 128), q.shape[0]),
    args=lambda q, k, v, o: (q, k, v, o))

linear_gelu = tile.torch.register(
    "tile_examples::linear_gelu",
    tile.compile(EX / "linear.mlir", kernel="linear_gelu"),
    inputs=["x", "w", "bias"],
    outputs=lambda x, w, bias: x.new_empty(x.shape[0], w.shape[1]),
    grid=lambda x, w, bias: (cdiv(x.shape[0], 128), cdiv(w.shape[1], 128)),
    args=lambda x, w, bias, y: (x, w, bias, y))

softmax = tile.torch.register(
    "tile_examples::softmax",
    tile.compile(EX / "softmax.mlir", kernel="softmax"),
    inputs=["x"], outputs=lambda x: torch.empty_like(x),
    grid=lambda x: (cdiv(x.shape[0], 4),), args=lambda x, y: (x, y))


class Block(torch.nn.Module):
    def __init__(self, use_tile):
        super().__init__()
        self.use_tile = use_tile
        self.norm = torch.nn.LayerNorm(E)
        self.qkv = torch.nn.Linear(E, 3 * E)
        self.mlp = torch.nn.Linear(E, E)
        self.head = torch.nn.Linear(E, V)

    def forward(self, x):  # x: [B, L, E] float32
        b, l, _ = x.shape
        rows = x.reshape(b * l, E)
        if self.use_tile:
            h = layer_norm(rows, self.norm.weight, self.norm.bias, 1e-5)
        else:
            h = F.layer_norm(rows, (E,), self.norm.weight, self.norm.bias)
        qkv = F.linear(h.half(), self.qkv.weight.half(), self.qkv.bias.half())
        q, k, v = (t.reshape(b * H, l, D) for t in
                   qkv.view(b, l, 3, H, D).permute(2, 0, 3, 1, 4)
                   .contiguous())
        if self.use_tile:
            a = attention(q, k, v)
        else:
            a = F.scaled_dot_product_attention(q, k, v)
        a = a.view(b, H, l, D).transpose(1, 2).reshape(b * l, E)
        if self.use_tile:
            m = linear_gelu(a, self.mlp.weight.t().half().contiguous(),
                            self.mlp.bias.half())
        else:
            m = F.gelu(F.linear(a, self.mlp.weight.half(),
                                self.mlp.bias.half()), approximate="tanh")
        logits = F.linear(m.float(), self.head.weight, self.head.bias)
        return softmax(logits) if self.use_tile else torch.softmax(logits, 1)


def main():
    torch.manual_seed(0)
    eager = Block(use_tile=False).cuda().eval()
    ours = Block(use_tile=True).cuda().eval()
    ours.load_state_dict(eager.state_dict())
    x = torch.randn(4, 300, E, device="cuda")
    with torch.no_grad():
        want = eager(x)
        runs = {"tile kernels": ours(x),
                "torch.compile": torch.compile(ours, fullgraph=True)(x)}
        ours(x)  # loaded before capture
        torch.cuda.synchronize()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            captured = ours(x)
        graph.replay()
        torch.cuda.synchronize()
        runs["CUDA graph"] = captured
    ok = True
    for name, got in runs.items():
        err = (got - want).abs().max().item()
        ok &= err < 2e-3
        print(f"{name:14s} max |difference| from eager PyTorch: {err:.2e}")
    print("OK" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
