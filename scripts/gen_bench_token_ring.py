#!/usr/bin/env python3
"""Regenerate the token-ring benchmark: bench/token_ring/ and bench/token_ring.tsv.

For N = 1..8 (or the given range) it writes the threaded token ring
(scripts/gen_token_ring_threaded.py, category `token_ring-threaded`, verified by ESST) and the
sequentialised SV-COMP-style token ring of the same N (scripts/gen_token_ring.py, category
`token_ring-seq`, a sequential program verified by predicate abstraction), both safe, and a
manifest in the format of the SV-COMP MANIFEST.tsv (path, category, expected_unreach_call,
bytes; paths relative to the manifest), so that one run measures both side by side:

    schedmc bench bench/token_ring.tsv --timeout 60

Usage: scripts/gen_bench_token_ring.py [--max N] [--unsafe-max M] [-o BENCH_DIR]
With --unsafe-max M (default 0) the unsafe variants for N = 1..M are listed too.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import gen_token_ring  # noqa: E402
import gen_token_ring_threaded  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max", type=int, default=8, help="largest N (default 8)")
    ap.add_argument("--unsafe-max", type=int, default=0, help="unsafe variants up to this N")
    ap.add_argument("-o", "--bench-dir", default=os.path.join(HERE, "..", "bench"))
    a = ap.parse_args(argv)
    if not 1 <= a.max <= 15:
        print("gen_bench_token_ring: --max must be in 1..15", file=sys.stderr)
        return 2
    sub = "token_ring"
    out_dir = os.path.join(a.bench_dir, sub)
    os.makedirs(out_dir, exist_ok=True)
    rows = []

    def emit(name: str, category: str, safe: bool, text: str):
        path = os.path.join(out_dir, name)
        with open(path, "w") as f:
            f.write(text)
        rows.append((f"{sub}/{name}", category, "true" if safe else "false",
                     len(text.encode())))

    for unsafe in (False, True):
        top = a.unsafe_max if unsafe else a.max
        sfx = "-unsafe" if unsafe else ""
        for n in range(1, top + 1):
            emit(f"token_ring_threaded.{n:02d}{sfx}.c", "token_ring-threaded", not unsafe,
                 gen_token_ring_threaded.gen(n, unsafe))
            emit(f"token_ring.{n:02d}{sfx}.c", "token_ring-seq", not unsafe,
                 gen_token_ring.gen(n, unsafe))
    manifest = os.path.join(a.bench_dir, "token_ring.tsv")
    with open(manifest, "w") as f:
        f.write("path\tcategory\texpected_unreach_call\tbytes\n")
        for r in rows:
            f.write("\t".join(str(c) for c in r) + "\n")
    print(manifest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
