#!/usr/bin/env python3
"""Measure ESST partial-order reduction: ARF nodes, interleavings and time per configuration.

For every threaded example (examples/pthread, examples/systemc, examples/freertos) and every
pthread dev-set task of the shared SV-COMP manifest, runs `schedmc verify --json` under
--por none, --por sleep, --por source-sets and --por source-sets --no-summaries (one run each,
in one invocation of this script) and prints a Markdown table with verdict, ARF nodes and time
per configuration, and the node ratio none/source-sets.

With --token-ring, instead generates the threaded SystemC token ring (scripts/
gen_token_ring_threaded.py) for N = 2..15 and runs it with --por source-sets (and --por none).

Usage: scripts/measure_por.py [--timeout S] [--bin PATH] [--token-ring] [--no-devset]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = "/work/shared/benchmarks/svcomp/MANIFEST.tsv"
CONFIGS = [
    ("none", ["--por", "none"]),
    ("sleep", ["--por", "sleep"]),
    ("source-sets", ["--por", "source-sets"]),
    ("no-summaries", ["--por", "source-sets", "--no-summaries"]),
]


def run(binary, path, extra, timeout):
    cmd = [binary, "verify", "--json", "--timeout", str(timeout)] + extra + [path]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
        d = json.loads(p.stdout)
    except Exception as e:  # noqa: BLE001 - report the failure in the table
        return {"verdict": "ERROR", "nodes": "-", "time": "-", "inter": "-", "why": str(e)}
    st = d.get("statistics") or {}
    v = d.get("verdict", "?")
    short = {"SUCCESSFUL": "safe", "FAILED": "bug", "UNKNOWN": "unk"}.get(v, v)
    if v == "UNKNOWN" and "timeout" in (d.get("reason") or ""):
        short = "T/O"
    return {
        "verdict": short,
        "nodes": st.get("nodes", "-"),
        "time": st.get("total_time_s", "-"),
        "inter": st.get("interleavings", "-"),
    }


def cell(r):
    t = r["time"]
    ts = f"{t:.2f}" if isinstance(t, float) else str(t)
    return f"{r['verdict']} {r['nodes']} / {ts}s"


def files():
    out = []
    for d in ["pthread", "systemc", "freertos"]:
        dd = os.path.join(ROOT, "examples", d)
        if os.path.isdir(dd):
            for f in sorted(os.listdir(dd)):
                if f.endswith(".c"):
                    out.append((f"examples/{d}/{f}", os.path.join(dd, f)))
    return out


def devset():
    out = []
    if not os.path.exists(MANIFEST):
        return out
    base = os.path.dirname(MANIFEST)
    with open(MANIFEST) as fh:
        for line in fh.readlines()[1:]:
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 2 and parts[1].startswith("pthread"):
                p = os.path.join(base, parts[0])
                if (parts[0], p) not in out:
                    out.append((parts[0], p))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "schedmc"))
    ap.add_argument("--token-ring", action="store_true")
    ap.add_argument("--no-devset", action="store_true")
    ap.add_argument("--only", default=None, help="substring filter on the file name")
    a = ap.parse_args()
    if a.token_ring:
        gen = os.path.join(ROOT, "scripts", "gen_token_ring_threaded.py")
        with tempfile.TemporaryDirectory() as td:
            print("| N | source-sets: verdict nodes / time | none: verdict nodes / time |")
            print("|---|---|---|")
            for n in range(2, 16):
                subprocess.run([sys.executable, gen, "-o", td, str(n)], check=True)
                f = os.path.join(td, f"token_ring_threaded.{n:02d}.c")
                ss = run(a.bin, f, ["--por", "source-sets"], a.timeout)
                no = run(a.bin, f, ["--por", "none"], a.timeout)
                print(f"| {n} | {cell(ss)} | {cell(no)} |", flush=True)
        return
    items = files() + ([] if a.no_devset else devset())
    if a.only:
        items = [i for i in items if a.only in i[0]]
    hdr = " | ".join(f"{n}: verdict nodes / time" for n, _ in CONFIGS)
    print(f"| file | {hdr} | nodes none/ss | interleavings none/ss |")
    print("|" + "---|" * (len(CONFIGS) + 3))
    for name, path in items:
        rs = [run(a.bin, path, extra, a.timeout) for _, extra in CONFIGS]
        ratio = "-"
        if isinstance(rs[0]["nodes"], int) and isinstance(rs[2]["nodes"], int) and rs[2]["nodes"]:
            ratio = f"{rs[0]['nodes'] / rs[2]['nodes']:.2f}"
        inter = f"{rs[0]['inter']}/{rs[2]['inter']}"
        print(f"| {name} | " + " | ".join(cell(r) for r in rs) + f" | {ratio} | {inter} |",
              flush=True)


if __name__ == "__main__":
    main()
