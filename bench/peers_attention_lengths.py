#!/usr/bin/env python3
"""SDPA at the shapes bench/gpu-attention-lengths.sh times tile's plain
attention and GQA kernels at, by bench/peers.py's timer (CUDA-graph
replays, medians), one JSON object a line:
{"case", "impl": "sdpa", "median_us", "min_us", "max_us"}.

  peers_attention_lengths.py CASE ...   CASE: D:MASK:HxL (multi-head) or
                                        D:MASK:HQ/HKVxL (GQA, enable_gqa)
"""
import json
import sys

import torch
import torch.nn.functional as F

from peers import timeit


def main():
    torch.manual_seed(0)
    for spec in sys.argv[1:]:
        d, mask, shape = spec.split(":")
        heads, length = shape.split("x")
        hq, hkv = (heads.split("/") + [heads])[:2]
        d, hq, hkv, length = int(d), int(hq), int(hkv), int(length)
        q = torch.randn(1, hq, length, d, device="cuda", dtype=torch.float16)
        k, v = (torch.randn(1, hkv, length, d, device="cuda",
                            dtype=torch.float16) for _ in range(2))
        gqa = hq != hkv
        med, lo, hi = timeit(lambda: F.scaled_dot_product_attention(
            q, k, v, is_causal=mask == "causal", enable_gqa=gqa), 10, 50)
        print(json.dumps({"case": spec, "impl": "sdpa", "median_us": med,
                          "min_us": lo, "max_us": hi}), flush=True)


if __name__ == "__main__":
    main()
