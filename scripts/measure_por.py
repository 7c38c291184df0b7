#!/usr/bin/env python3
"""Measure ESST partial-order reduction: ARF nodes and time per configuration, side by side.

For every threaded example (examples/pthread, examples/systemc, examples/freertos) and every
threaded (pthread*) dev-set task of the shared SV-COMP manifest, runs `schedmc verify --json`
under --por none, --por sleep, --por source-sets and --por source-sets --no-summaries (one run
each, in one invocation of this script) and prints a Markdown table with verdict, ARF nodes and
time per configuration, the node ratios none/source-sets and sleep/source-sets, the time ratio
no-summaries/source-sets and the subtree suffixes --no-summaries enumerated (from the engine's
ESST_DEBUG statistics).

Then (unless --no-token-ring) the threaded SystemC token ring (scripts/
gen_token_ring_threaded.py) for N = 2..15 with --por source-sets and --int-math (as
bench/token_ring.tsv is run), and --por none for comparison until it first times out.

Usage: scripts/measure_por.py [--timeout S] [--bin PATH] [--no-token-ring] [--only-token-ring]
                              [--no-devset] [--only SUBSTRING]
"""

import argparse
import json
import os
import re
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
ENUM = re.compile(r"enumerated_paths: (\d+)")


def run(binary, path, extra, timeout):
    cmd = [binary, "verify", "--json", "--timeout", str(timeout)] + extra + [path]
    env = dict(os.environ, ESST_DEBUG="1")
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30, env=env)
        d = json.loads(p.stdout)
    except Exception as e:  # noqa: BLE001 - report the failure in the table
        return {"verdict": "ERROR", "nodes": "-", "time": "-", "enum": 0, "why": str(e)}
    st = d.get("statistics") or {}
    v = d.get("verdict", "?")
    short = {"SUCCESSFUL": "safe", "FAILED": "bug", "UNKNOWN": "unk"}.get(v, v)
    if v == "UNKNOWN" and "timeout" in (d.get("reason") or ""):
        short = "T/O"
    enum = sum(int(m) for m in ENUM.findall(p.stderr or ""))
    return {
        "verdict": short,
        "nodes": st.get("nodes", "-"),
        "time": st.get("total_time_s", "-"),
        "enum": enum,
    }


def cell(r):
    t = r["time"]
    ts = f"{t:.2f}" if isinstance(t, float) else str(t)
    return f"{r['verdict']} {r['nodes']} / {ts}s"


def ratio(a, b, key):
    x, y = a[key], b[key]
    # "T/O 0" (killed before statistics) has no ratio
    if isinstance(x, (int, float)) and isinstance(y, (int, float)) and x and y:
        return f"{x / y:.2f}"
    return "-"


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


def token_ring(a):
    gen = os.path.join(ROOT, "scripts", "gen_token_ring_threaded.py")
    print("| N | source-sets --int-math: verdict nodes / time | none --int-math: verdict nodes / time "
          "| nodes none/ss |")
    print("|---|---|---|---|")
    none_dead = False
    with tempfile.TemporaryDirectory() as td:
        for n in range(2, 16):
            subprocess.run([sys.executable, gen, "-o", td, str(n)], check=True,
                           capture_output=True)
            f = os.path.join(td, f"token_ring_threaded.{n:02d}.c")
            ss = run(a.bin, f, ["--por", "source-sets", "--int-math"], a.timeout)
            if none_dead:
                no = {"verdict": "(skipped)", "nodes": "-", "time": "-", "enum": 0}
            else:
                no = run(a.bin, f, ["--por", "none", "--int-math"], a.timeout)
                none_dead = no["verdict"] != "safe"
            print(f"| {n} | {cell(ss)} | {cell(no)} | {ratio(no, ss, 'nodes')} |", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "schedmc"))
    ap.add_argument("--no-token-ring", action="store_true")
    ap.add_argument("--only-token-ring", action="store_true")
    ap.add_argument("--no-devset", action="store_true")
    ap.add_argument("--only", default=None, help="substring filter on the file name")
    a = ap.parse_args()
    if not a.only_token_ring:
        items = files() + ([] if a.no_devset else devset())
        if a.only:
            items = [i for i in items if a.only in i[0]]
        hdr = " | ".join(f"{n}" for n, _ in CONFIGS)
        print(f"| file | {hdr} | nodes none/ss | nodes sleep/ss | time nosum/ss "
              "| suffixes (nosum) |")
        print("|" + "---|" * (len(CONFIGS) + 5))
        for name, path in items:
            rs = [run(a.bin, path, extra, a.timeout) for _, extra in CONFIGS]
            print(f"| {name} | " + " | ".join(cell(r) for r in rs)
                  + f" | {ratio(rs[0], rs[2], 'nodes')} | {ratio(rs[1], rs[2], 'nodes')}"
                  + f" | {ratio(rs[3], rs[2], 'time')} | {rs[3]['enum']} |", flush=True)
        print()
    if not a.no_token_ring:
        token_ring(a)


if __name__ == "__main__":
    main()
