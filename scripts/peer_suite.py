#!/usr/bin/env python3
"""Run a peer verifier's regression suite (ESBMC's regression/esbmc or CBMC's regression/cbmc)
through `schedmc verify` and classify each verdict against the test's expectation.

Each test is a directory holding a `test.desc`:
    line 1  kind (CORE, THOROUGH, KNOWNBUG, FUTURE, ...)
    line 2  the main file (possibly followed by further files)
    line 3  the peer tool's options
    line 4+ regular expressions the peer tool's output must match (`^VERIFICATION FAILED$`,
            `^VERIFICATION SUCCESSFUL$`, ...); CBMC's also has `^EXIT=10$` and `--` separators
Both suites share this layout. Only the verdict is compared: tests expecting neither FAILED
nor SUCCESSFUL (parse errors, messages, UNKNOWN) and C++ tests are skipped.

Classes written to the TSV (one line per test):
    ok       the verdict matches the expectation
    UNKNOWN  schedmc answered UNKNOWN (or timed out)
    INPUT    schedmc rejected the input (exit 2: unsupported construct, parse error)
    WRONG    the opposite verdict, and the expectation depends only on what schedmc checks
    WRONG?   the opposite verdict where the expectation depends on something schedmc does not
             claim to check or model: an option such as --memory-leak-check, --overflow-check,
             --no-bounds-check, --no-unwinding-assertions, or (ESBMC, which checks memory safety
             and unwinding assertions and lets malloc fail by default) an expected FAILED in a
             program with no assertion at all, one that allocates, or one run with --unwind
    CRASH    any other exit code (a panic is a bug)
    SKIP     not comparable (C++, no verdict expected, missing file)

Usage:
    scripts/peer_suite.py ESBMC_OR_CBMC_REGRESSION_DIR --schedmc PATH [--format esbmc|cbmc]
        [--out results.tsv] [--jobs 2] [--timeout 10] [--filter SUBSTR] [--kinds CORE,THOROUGH]
Getting the suites: ESBMC's is in the git mirror (git --git-dir=MIRROR archive HEAD
regression/esbmc | tar -x -C DIR); CBMC's repository is large, fetch single tests if needed.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

# Options that switch on or off a check schedmc does not claim (memory safety, overflow, leaks,
# data races, ...) or that make a peer verdict bounded (no unwinding assertions): an opposite
# verdict under one of them is WRONG?, not WRONG.
PROPERTY_OPTIONS = {
    "--memory-leak-check", "--overflow-check", "--unsigned-overflow-check",
    "--signed-overflow-check", "--ub-shift-check", "--no-bounds-check", "--no-pointer-check",
    "--no-div-by-zero-check", "--no-assertions", "--no-unwinding-assertions",
    "--data-races-check", "--data-races-check-only", "--deadlock-check", "--lock-order-check",
    "--error-label", "--nan-check", "--struct-fields-check", "--no-align-check",
    "--force-malloc-success", "--malloc-zero-is-null", "--conv-assert-to-assume",
    "--partial-loops", "--bounds-check", "--pointer-check", "--div-by-zero-check",
    "--pointer-overflow-check", "--conversion-check", "--undefined-shift-check",
    "--float-overflow-check", "--enum-range-check", "--pointer-primitive-check",
    "--memory-cleanup-check", "--is-instr-check", "--no-standard-checks",
    "--multi-property", "--unreachable-check", "--no-vla-size-check", "--assert-to-assume",
    "--no-built-in-assertions", "--cover", "--malloc-may-fail", "--malloc-fail-null",
    "--uninitialized-check", "--fixedbv", "--k-induction-parallel", "--smt-during-symex",
    "--no-library", "--ltl", "--termination", "--goto-functions-only", "--inductive-step",
    "--volatile-check", "--unwindsetname", "--unwindset", "--no-pointer-relation-check",
    "--enable-unreachability-intrinsic",
    "--base-case", "--forward-condition", "--show-claims", "--no-simplify",
}

ASSERTION_RE = re.compile(
    r"\b(assert|__ESBMC_assert|__CPROVER_assert|reach_error|__VERIFIER_error|abort)\s*\(")


def parse_desc(path):
    """The test.desc as (kind, files, options, expectation lines)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = [l.rstrip("\n") for l in f]
    while len(lines) < 4:
        lines.append("")
    # CBMC appends tags to the kind (`CORE new-smt-backend`, `CORE broken-smt-backend`)
    kind = (lines[0].split() or [""])[0]
    files = lines[1].split()
    opts = lines[2]
    expect = [l for l in lines[3:]]
    if "--" in expect:  # CBMC: lines after `--` must NOT match
        expect = expect[: expect.index("--")]
    return kind, files, opts, expect


def expected_verdict(expect):
    for line in expect:
        if re.match(r"^\^?VERIFICATION FAILED", line):
            return "FAILED"
        if re.match(r"^\^?VERIFICATION SUCCESSFUL", line):
            return "SUCCESSFUL"
    return None


def translate(opts, fmt, testdir):
    """The peer options as (schedmc arguments, extra files, options schedmc does not model)."""
    try:
        toks = shlex.split(opts)
    except ValueError:
        toks = opts.split()
    args, extra, unmodelled = [], [], []
    target = "lp64"  # both tools default to the 64-bit host
    overrides = {}  # target keys the options change (endianness, char signedness)
    i = 0
    while i < len(toks):
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t in ("-I", "-D") and nxt is not None:
            args += [t, nxt]
            i += 2
            continue
        if t.startswith("-I") or t.startswith("-D"):
            args.append(t)
        elif t in ("--32", "--i386-linux", "--i386-win32", "--i386-macos", "--arm"):
            target = "ilp32"
        elif t in ("--64", "--ppc64"):
            target = "lp64"
        elif t == "--16":
            unmodelled.append(t)
        elif t == "--ir":
            # ESBMC's integer/real arithmetic: not --int-math (casts and overflow differ), and
            # the C (bit-vector) verdict may differ from it
            unmodelled.append(t)
        elif t in ("--include-file", "--include") and nxt is not None:
            unmodelled.append(t)
            i += 2
            continue
        elif t == "--big-endian":
            overrides["endianness"] = '"big"'  # CBMC: the host's data model, big-endian
        elif t == "--little-endian":
            overrides["endianness"] = '"little"'
        elif t in ("-funsigned-char", "--unsigned-char"):
            overrides["char_signed"] = "false"
        elif t == "-fsigned-char":
            overrides["char_signed"] = "true"
        elif t == "--function" and nxt is not None:
            args += ["--entry", nxt]
            i += 2
            continue
        elif t.startswith("--function="):
            args += ["--entry", t.split("=", 1)[1]]
        elif not t.startswith("-") and re.search(r"\.(c|i|h)$", t):
            if t.endswith(".c") or t.endswith(".i"):
                extra.append(os.path.join(testdir, t))
        elif t.split("=", 1)[0] in PROPERTY_OPTIONS:
            unmodelled.append(t.split("=", 1)[0])
        i += 1
    if overrides:
        target = derived_target(target, overrides)
    return ["--target", target] + args, extra, unmodelled


def derived_target(base, overrides):
    """A target file: the shipped profile `base` with `overrides` (key -> TOML value) set,
    written once per combination next to the other temporary files."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tag = "-".join("%s=%s" % (k, v.strip('"')) for k, v in sorted(overrides.items()))
    out_dir = os.path.join(tempfile.gettempdir(), "peer_suite_targets")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "%s-%s.toml" % (base, tag))
    with open(os.path.join(root, "targets", base + ".toml")) as f:
        lines = f.read().splitlines()
    top_end = next((i for i, l in enumerate(lines) if l.startswith("[")), len(lines))
    for key, val in overrides.items():
        line = "%s = %s" % (key, val)
        hit = [i for i in range(top_end) if re.match(r"%s\s*=" % key, lines[i])]
        if hit:
            lines[hit[0]] = line
        else:
            lines.insert(top_end, line)
            top_end += 1
    lines = [('name = "%s-%s"' % (base, tag)) if l.startswith("name =") else l for l in lines]
    tmp = path + ".%d" % os.getpid()
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, path)
    return path


def run_one(test, root, schedmc, timeout, fmt):
    d = os.path.join(root, test)
    desc = os.path.join(d, "test.desc")
    kind, files, opts, expect = parse_desc(desc)
    exp = expected_verdict(expect)
    row = {"test": test, "kind": kind, "expected": exp or "-", "got": "-", "class": "SKIP",
           "secs": "0", "unmodelled": "", "note": ""}
    if not files or exp is None:
        row["note"] = "no verdict expected"
        return row
    main = os.path.join(d, files[0])
    if not re.search(r"\.(c|i)$", files[0]) or not os.path.exists(main):
        row["note"] = "not a C file" if os.path.exists(main) else "missing file"
        return row
    args, extra, unmodelled = translate(opts, fmt, d)
    extra += [os.path.join(d, f) for f in files[1:] if re.search(r"\.(c|i)$", f)]
    try:
        with open(main, encoding="utf-8", errors="replace") as f:
            src = f.read()
    except OSError:
        src = ""
    code = re.sub(r"/\*.*?\*/|//[^\n]*", " ", src, flags=re.S)  # no assertion in a comment
    if exp == "FAILED" and not ASSERTION_RE.search(code):
        # both tools check memory safety by default (CBMC since 6.0, unless
        # --no-standard-checks): a FAILED with no assertion is a pointer or bounds check
        unmodelled.append("(no assertion: memory-safety/UB expectation)")
    if fmt == "esbmc" and exp == "FAILED":
        if re.search(r"\b(malloc|calloc|realloc)\s*\(", src) and \
                "--force-malloc-success" not in opts:
            unmodelled.append("(ESBMC's malloc may fail)")
        if "--unwind" in opts and "--no-unwinding-assertions" not in opts:
            unmodelled.append("(--unwind: may be an unwinding assertion)")
    row["unmodelled"] = ",".join(unmodelled)
    cmd = [schedmc, "verify", "--quiet", "--timeout", str(timeout)] + args + [main] + extra
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=d, capture_output=True, text=True, errors="replace",
                           timeout=timeout * 2 + 10)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = None, "", "killed after timeout"
    row["secs"] = "%.1f" % (time.time() - t0)
    if rc == 0:
        got = "SUCCESSFUL"
    elif rc == 10:
        got = "FAILED"
    elif rc == 3 or rc is None:
        got = "UNKNOWN"
    elif rc == 2:
        got = "INPUT"
    else:
        got = "CRASH(%s)" % rc
    row["got"] = got
    if got == exp:
        row["class"] = "ok"
    elif got == "UNKNOWN":
        row["class"] = "UNKNOWN"
        m = re.search(r"VERIFICATION UNKNOWN:?\s*(.*)", out)
        row["note"] = (m.group(1) if m else err.strip().splitlines()[-1:] and
                       err.strip().splitlines()[-1] or "timeout")[:160]
    elif got == "INPUT":
        row["class"] = "INPUT"
        lines = [l for l in (err + out).splitlines() if "error" in l or "unsupported" in l]
        row["note"] = (lines[0] if lines else (err + out).strip()[:160])[:160]
    elif got.startswith("CRASH"):
        row["class"] = "CRASH"
        row["note"] = err.strip()[-160:].replace("\n", " | ")
    else:
        row["class"] = "WRONG?" if unmodelled else "WRONG"
        m = re.search(r"VERIFICATION FAILED[^\n]*", out)
        row["note"] = m.group(0)[:160] if m else ""
    row["note"] = row["note"].replace("\t", " ").replace("\n", " ")
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root", help="the regression directory (holding one directory per test)")
    ap.add_argument("--schedmc", required=True)
    ap.add_argument("--format", choices=["esbmc", "cbmc"], default=None)
    ap.add_argument("--out", default="peer_suite.tsv")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--filter", default=None, help="run only tests whose name contains this")
    ap.add_argument("--only", default=None, help="run only the tests named in this file")
    ap.add_argument("--kinds", default="CORE,THOROUGH",
                    help="test kinds to run (comma-separated) [default: CORE,THOROUGH]")
    a = ap.parse_args()
    a.root = os.path.abspath(a.root)  # each test runs in its own directory
    fmt = a.format or ("cbmc" if "cbmc" in os.path.abspath(a.root) else "esbmc")
    kinds = set(a.kinds.split(","))
    tests = sorted(t for t in os.listdir(a.root)
                   if os.path.isfile(os.path.join(a.root, t, "test.desc"))
                   and (a.filter is None or a.filter in t))
    tests = [t for t in tests if parse_desc(os.path.join(a.root, t, "test.desc"))[0] in kinds]
    if a.only:
        with open(a.only) as f:
            only = set(f.read().split())
        tests = [t for t in tests if t in only]
    cols = ["test", "kind", "expected", "got", "class", "secs", "unmodelled", "note"]
    counts = {}
    with open(a.out, "w") as out, concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        out.write("\t".join(cols) + "\n")
        futs = [pool.submit(run_one, t, a.root, a.schedmc, a.timeout, fmt) for t in tests]
        for n, f in enumerate(futs, 1):
            row = f.result()
            counts[row["class"]] = counts.get(row["class"], 0) + 1
            out.write("\t".join(str(row[c]) for c in cols) + "\n")
            out.flush()
            if row["class"] in ("WRONG", "CRASH"):
                print("%s: %s expected %s got %s %s" % (row["class"], row["test"],
                      row["expected"], row["got"], row["note"]), file=sys.stderr)
            if n % 100 == 0:
                print("%d/%d %s" % (n, len(tests), counts), file=sys.stderr)
    order = ["ok", "UNKNOWN", "INPUT", "WRONG", "WRONG?", "CRASH", "SKIP"]
    print("\t".join("%s=%d" % (k, counts.get(k, 0)) for k in order))
    wrong = {}
    with open(a.out) as f:
        next(f)
        for line in f:
            r = line.rstrip("\n").split("\t")
            if r[4] in ("WRONG", "WRONG?"):
                key = "%s expected %s got %s" % (r[4], r[2], r[3])
                wrong[key] = wrong.get(key, 0) + 1
    for k, v in sorted(wrong.items()):
        print("  %s: %d" % (k, v))


if __name__ == "__main__":
    main()
