#!/usr/bin/env python3
"""Re-run a held-out sample of SV-COMP tasks and tabulate the verdicts.

The task files stay outside the repository (they are public benchmark code, never committed).
The manifest is a TSV with one task a line: `path<TAB>expected<TAB>data_model`, where `path`
is relative to the manifest's directory, `expected` is `true` or `false` (the
`unreach-call.prp` verdict of the task's .yml) and `data_model` is `ILP32` or `LP64`
(optional, default ILP32). Lines starting with `#` are ignored.

Each task is run as the reviewer runs it: `schedmc verify FILE --timeout T` with the target
chosen from the data model (`--target ilp32|lp64`), at most `--jobs` at a time. The result is
classified as correct, WRONG (a SUCCESSFUL on a false task or a FAILED on a true one), unknown
(with the reason the tool gave), input error (exit 2: the front end rejected the file),
timeout, or crash (any other exit). Use `--skip-dev DIR` to check that no task's file name
appears in our development set (e.g. ../shared/benchmarks/svcomp).

    scripts/svx_sample.py /work/svx/MANIFEST.tsv --schedmc target/release/schedmc
"""

import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import time


def parse_manifest(path):
    tasks = []
    with open(path) as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) < 2 or cols[1] not in ("true", "false"):
                sys.exit(f"{path}:{n}: expected 'path<TAB>true|false[<TAB>ILP32|LP64]'")
            model = cols[2] if len(cols) > 2 and cols[2] else "ILP32"
            tasks.append((cols[0], cols[1] == "true", model.upper()))
    return tasks


def classify(expected_true, rc, out):
    first = ""
    for line in out.splitlines():
        if line.startswith("VERIFICATION"):
            first = line.strip()
            break
    if rc == 0 and first.startswith("VERIFICATION SUCCESSFUL"):
        return ("correct" if expected_true else "WRONG"), first
    if rc == 10 and first.startswith("VERIFICATION FAILED"):
        return ("WRONG" if expected_true else "correct"), first
    if rc == 3:
        reason = first[len("VERIFICATION UNKNOWN:"):].strip() if first else "?"
        if "timeout" in reason:
            return "timeout", reason
        return "unknown", reason
    if rc == 2:
        err = next((l for l in out.splitlines() if "error:" in l), "")
        return "input error", err.strip()
    return "crash", f"exit {rc}: {out.strip().splitlines()[-1] if out.strip() else ''}"


def run(schedmc, base, task, timeout, extra):
    path, expected, model = task
    target = "lp64" if model == "LP64" else "ilp32"
    cmd = [schedmc, "verify", os.path.join(base, path), "--timeout", str(timeout),
           "--target", target, "--quiet"] + extra
    start = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 60)
        rc, out = p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        rc, out = 3, "VERIFICATION UNKNOWN: timeout (killed by svx_sample.py)"
    kind, detail = classify(expected, rc, out)
    return path, expected, kind, detail, time.time() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("manifest")
    ap.add_argument("--schedmc", default="target/release/schedmc")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--filter", default="", help="only tasks whose path contains this")
    ap.add_argument("--skip-dev", default="", help="directory of the development set to exclude")
    ap.add_argument("--tsv", default="", help="write per-task results here")
    ap.add_argument("extra", nargs="*", help="further schedmc options (after --)")
    args = ap.parse_args()

    base = os.path.dirname(os.path.abspath(args.manifest))
    tasks = [t for t in parse_manifest(args.manifest) if args.filter in t[0]]
    if args.skip_dev:
        dev = set()
        for _, _, files in os.walk(args.skip_dev):
            dev.update(os.path.splitext(f)[0] for f in files)
        clash = [t for t in tasks if os.path.splitext(os.path.basename(t[0]))[0] in dev]
        for t in clash:
            print(f"skipped (in the development set): {t[0]}")
        tasks = [t for t in tasks if t not in clash]

    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = [pool.submit(run, args.schedmc, base, t, args.timeout, args.extra) for t in tasks]
        for f in concurrent.futures.as_completed(futs):
            r = f.result()
            results.append(r)
            print(f"{r[2]:12} {'true ' if r[1] else 'false'} {r[4]:6.1f}s  {r[0]}  {r[3]}", flush=True)

    results.sort()
    if args.tsv:
        with open(args.tsv, "w") as fh:
            for path, expected, kind, detail, secs in results:
                fh.write(f"{path}\t{str(expected).lower()}\t{kind}\t{secs:.1f}\t{detail}\n")
    counts = collections.Counter(r[2] for r in results)
    print("\nsummary:", ", ".join(f"{k} {counts[k]}" for k in
          ("correct", "WRONG", "unknown", "timeout", "input error", "crash")), f"(of {len(results)})")
    reasons = collections.Counter(re.sub(r"\(line \d+\)|\d+", "N", r[3]) for r in results
                                  if r[2] in ("unknown", "input error"))
    for reason, n in reasons.most_common():
        print(f"  {n:3}  {reason}")
    wrong = [r for r in results if r[2] == "WRONG"]
    for r in wrong:
        print(f"WRONG: {r[0]} expected {str(r[1]).lower()}: {r[3]}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
