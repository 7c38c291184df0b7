#!/usr/bin/env python3
"""fib_bench-shaped programs (SV-COMP pthread/fib_bench) for N = 5..50 and their times under
partial-order BMC (--engine bmc) and, optionally, ESST.

Two threads each run `N` iterations of `i += j` / `j += i` on shared `unsigned long long`
variables (`--type int`: `int`, as in SV-COMP's fib_bench). The bug variant checks
`i == F || j == F` for F = fib(2N+2) mod 2^64 (reachable by strict alternation, which needs N
context switches); the safe variant checks `i > F || j > F` (N <= 45 where fib(2N+2) fits in
64 bits; with `int`, N <= 22 for both variants, where no sum overflows).

usage: scripts/fib_bench_scaling.py [--bin PATH] [--timeout S] [--esst] [--type int|ull] [N ...]
Prints a TSV table: n, type, variant, expected, engine, verdict, seconds.
"""
import os
import subprocess
import sys
import tempfile
import time


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def program(n, bug, ty="ull"):
    f = fib(2 * n + 2) % (1 << 64)
    sfx, cty = ("ULL", "unsigned long long") if ty == "ull" else ("", "int")
    cond = f"i == {f}{sfx} || j == {f}{sfx}" if bug else f"i > {f}{sfx} || j > {f}{sfx}"
    return f"""// expect: {'FAILED' if bug else 'SUCCESSFUL'}
#include <pthread.h>
#include <verifier.h>
#define NUM {n}
{cty} i = 1, j = 1;
void *t1(void *arg) {{
  for (int k = 0; k < NUM; k++)
    i += j;
  return 0;
}}
void *t2(void *arg) {{
  for (int k = 0; k < NUM; k++)
    j += i;
  return 0;
}}
int main(void) {{
  pthread_t id1, id2;
  pthread_create(&id1, 0, t1, 0);
  pthread_create(&id2, 0, t2, 0);
  if ({cond})
    reach_error();
  return 0;
}}
"""


def main():
    args = sys.argv[1:]
    binary = "target/release/schedmc"
    timeout = 60
    engines = ["bmc"]
    ty = "ull"
    ns = []
    while args:
        a = args.pop(0)
        if a == "--bin":
            binary = args.pop(0)
        elif a == "--timeout":
            timeout = int(args.pop(0))
        elif a == "--type":
            ty = args.pop(0)
            if ty not in ("int", "ull"):
                sys.exit("--type is int or ull")
        elif a == "--esst":
            engines.append("esst")
        else:
            ns.append(int(a))
    if not ns:
        ns = [5, 10, 15, 20, 25, 30, 35, 40, 45, 50]
    d = tempfile.mkdtemp(prefix="fib-bench-")
    print("n\ttype\tvariant\texpected\tengine\tverdict\tseconds")
    for n in ns:
        for bug in (False, True):
            if (not bug and n > 45) or (ty == "int" and n > 22):
                continue
            path = os.path.join(d, f"fib_{n}_{ty}_{'bug' if bug else 'safe'}.c")
            with open(path, "w") as fh:
                fh.write(program(n, bug, ty))
            for eng in engines:
                t0 = time.time()
                r = subprocess.run(
                    [binary, "verify", path, "--engine", eng, "--timeout", str(timeout), "-q"],
                    capture_output=True,
                    text=True,
                )
                dt = time.time() - t0
                last = (r.stdout.strip().splitlines() or ["?"])[-1]
                verdict = last.replace("VERIFICATION ", "").split("  ")[0]
                exp = "FAILED" if bug else "SUCCESSFUL"
                print(f"{n}\t{ty}\t{'bug' if bug else 'safe'}\t{exp}\t{eng}\t{verdict}\t{dt:.2f}", flush=True)


if __name__ == "__main__":
    main()
