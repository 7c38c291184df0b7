#!/usr/bin/env python3
"""Impact vs predicate abstraction in ESST: one run per program and abstraction, side by side.

Prints a Markdown table (verdict, ARF nodes / time (refinements)) for every threaded example
and the threaded token rings N = 1..5 of bench/token_ring/ (with --int-math as in
bench/token_ring.tsv). Usage: scripts/measure_impact.py [--bin target/release/schedmc]
[--timeout 60]."""
import argparse, glob, json, os, subprocess, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHORT = {"SUCCESSFUL": "safe", "FAILED": "bug", "UNKNOWN": "unk"}


def run(binary, path, extra, timeout):
    cmd = [binary, "verify", "--json", "--timeout", str(timeout)] + extra + [path]
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
    wall = time.time() - t0
    try:
        d = json.loads(p.stdout)
    except json.JSONDecodeError:
        return f"error (exit {p.returncode}) / {wall:.2f}s"
    v = SHORT.get(d.get("verdict"), d.get("verdict"))
    if v == "unk" and "timeout" in (d.get("reason") or ""):
        v = "T/O"
    st = d.get("statistics") or {}
    return f"{v} {st.get('nodes', '-')} / {wall:.2f}s ({st.get('refinements', '-')} ref.)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/schedmc"))
    ap.add_argument("--timeout", type=int, default=60)
    a = ap.parse_args()
    progs = []
    for fam in ("systemc", "freertos", "pthread"):
        progs += [(p, []) for p in sorted(glob.glob(os.path.join(ROOT, "examples", fam, "*.c")))]
    progs += [(p, ["--int-math"]) for p in
              sorted(glob.glob(os.path.join(ROOT, "bench/token_ring/token_ring_threaded.0[1-5].c")))]
    print("| program | predicates | impact |")
    print("|---|---|---|")
    for p, extra in progs:
        pred = run(a.bin, p, extra, a.timeout)
        imp = run(a.bin, p, extra + ["--abstraction", "impact"], a.timeout)
        print(f"| {os.path.relpath(p, ROOT)} | {pred} | {imp} |", flush=True)


if __name__ == "__main__":
    main()
