#!/usr/bin/env python3
"""Writes a net file of random weights in Cutoff's format (src/eval/nnue/network.rs), for
speed measurements such as `cutoff bench --eval-file` (docs/nnue.md, "Inference speed").
The weights follow the ranges of `Network::random`; the same seed gives the same file.

    scripts/random_net.py OUT [--hidden 128] [--buckets 1] [--seed 1]
"""
import argparse
import random
import struct


def fnv1a(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--buckets", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    r = random.Random(a.seed)
    h, b = a.hidden, a.buckets
    i16 = [r.randint(-120, 120) for _ in range(768 * h)]
    i16 += [r.randint(-60, 60) for _ in range(h)]
    i16 += [r.randint(-64, 64) for _ in range(b * 2 * h)]
    payload = struct.pack(f"<{len(i16)}h", *i16)
    payload += struct.pack(f"<{b}i", *[r.randint(-2000, 2000) for _ in range(b)])
    header = b"CUTOFFNN" + struct.pack("<7I", 1, 768, h, b, 255, 64, 400)
    header += struct.pack("<Q", fnv1a(payload))
    with open(a.out, "wb") as f:
        f.write(header + payload)


if __name__ == "__main__":
    main()
