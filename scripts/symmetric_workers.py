#!/usr/bin/env python3
"""N identical workers incrementing a shared counter under a mutex (issue 22's symmetry
scaling figure), and ESST's ARF nodes and time per N.

The workers are created in a loop (handle array) and joined in a loop; main then checks that
the counter is N (safe). The program is the same for every run but N; with `--extra ARGS`
(e.g. `--extra=--no-symmetry` once the switch exists) the runs take more schedmc options.

usage: scripts/symmetric_workers.py [--bin PATH] [--timeout S] [--extra ARGS] [N ...]
Prints a TSV table: n, verdict, ART nodes, seconds (wall clock), peak memory (KiB).
"""
import os
import re
import subprocess
import sys
import tempfile
import time


def program(n):
    return f"""// expect: SUCCESSFUL
#include <pthread.h>
#include <verifier.h>
#define N {n}
int counter;
pthread_mutex_t m;
void *worker(void *arg) {{
  pthread_mutex_lock(&m);
  counter = counter + 1;
  pthread_mutex_unlock(&m);
  return 0;
}}
int main(void) {{
  pthread_t t[N];
  pthread_mutex_init(&m, 0);
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  if (counter != N)
    reach_error();
  return 0;
}}
"""


def main():
    args = sys.argv[1:]
    binary = "target/release/schedmc"
    timeout = 60
    extra = []
    ns = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--bin":
            binary = args[i + 1]
            i += 2
        elif a == "--timeout":
            timeout = int(args[i + 1])
            i += 2
        elif a.startswith("--extra="):
            extra += a[len("--extra="):].split()
            i += 1
        elif a == "--extra":
            extra += args[i + 1].split()
            i += 2
        else:
            ns.append(int(a))
            i += 1
    if not ns:
        ns = [2, 3, 4, 5, 6, 8, 12, 16, 24, 32, 48, 64]
    print("n\tverdict\tnodes\tseconds\tpeak_kib")
    with tempfile.TemporaryDirectory() as d:
        for n in ns:
            path = os.path.join(d, f"workers_{n}.c")
            with open(path, "w") as f:
                f.write(program(n))
            cmd = [binary, "verify", "--engine", "esst", "--timeout", str(timeout),
                   "--max-threads", str(max(n + 1, 2))] + extra + [path]
            t0 = time.time()
            r = subprocess.run(cmd, capture_output=True, text=True)
            dt = time.time() - t0
            out = r.stdout + r.stderr
            verdict = out.strip().splitlines()[-1] if out.strip() else "?"
            m = re.search(r"ART nodes\s+(\d+)", out)
            nodes = m.group(1) if m else "-"
            m = re.search(r"peak memory\s+(\d+)", out)
            mem = m.group(1) if m else "-"
            print(f"{n}\t{verdict}\t{nodes}\t{dt:.2f}\t{mem}", flush=True)


if __name__ == "__main__":
    main()
