#!/usr/bin/env python3
"""Side-by-side table of two `schedmc bench --csv` runs (before, after) for BENCHMARKS.md.

Usage: scripts/bench_compare.py BEFORE.csv AFTER.csv
Run both benches at the same time on the same machine: ratios, not absolute times, are what
a noisy machine can compare.
"""
import csv
import sys


def ok(r):
    return (r["got"] == "SUCCESSFUL" and r["expected"] == "true") or (
        r["got"] == "FAILED" and r["expected"] == "false"
    )


def wrong(r):
    return (r["got"] == "SUCCESSFUL" and r["expected"] == "false") or (
        r["got"] == "FAILED" and r["expected"] == "true"
    )


def main():
    before = {r["task"]: r for r in csv.DictReader(open(sys.argv[1]))}
    after = {r["task"]: r for r in csv.DictReader(open(sys.argv[2]))}
    print("| task | expected | before | time (s) | after | time (s) | after/before |")
    print("|---|---|---|---|---|---|---|")
    tb = ta = 0.0
    for t, x in before.items():
        y = after.get(t)
        if y is None:
            continue
        a, c = float(x["time_s"]), float(y["time_s"])
        if ok(x) and ok(y):
            tb += a
            ta += c
        ratio = f"{c / a:.2f}" if a >= 0.5 else "-"
        print(f"| {t} | {x['expected']} | {x['got']} | {a:.2f} | {y['got']} | {c:.2f} | {ratio} |")
    print()
    print(
        f"- correct: before {sum(ok(r) for r in before.values())}, after "
        f"{sum(ok(r) for r in after.values())} of {len(before)}; wrong: before "
        f"{sum(wrong(r) for r in before.values())}, after {sum(wrong(r) for r in after.values())}"
    )
    if tb > 0:
        print(
            f"- total time of the tasks both decide: before {tb:.1f} s, after {ta:.1f} s "
            f"(ratio {ta / tb:.2f})"
        )


if __name__ == "__main__":
    main()
