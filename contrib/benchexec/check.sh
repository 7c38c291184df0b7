#!/usr/bin/env bash
# Checks the BenchExec tool-info module (schedmc.py) with BenchExec's own checker,
# `python3 -m benchexec.test_tool_info`: executable lookup, version, command lines for dummy
# tasks and for some dev-set task files, and the results determined from sample outputs.
#
# Usage: contrib/benchexec/check.sh            (uses target/release/schedmc)
#        SCHEDMC=/path/to/schedmc contrib/benchexec/check.sh
# Needs: pip install benchexec. Exit status 0 when every check passed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

if ! python3 -c 'import benchexec' 2>/dev/null; then
    echo "check.sh: benchexec is not installed (pip install benchexec)" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/tool"
exe=${SCHEDMC:-$root/target/release/schedmc}
if [ -x "$exe" ] && "$exe" --version 2>/dev/null | grep -q '^schedmc '; then
    ln -s "$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")" "$work/tool/schedmc"
else
    # The binary does not answer --version yet: check the module with a stand-in.
    echo "check.sh: note: $exe does not print a version; using a stand-in executable" >&2
    printf '#!/bin/sh\ncase "$1" in --version) echo "schedmc 0.0.0-stand-in";; *) echo UNKNOWN;; esac\n' \
        >"$work/tool/schedmc"
    chmod +x "$work/tool/schedmc"
fi

# sample outputs of `verify --svcomp` and what they must give
printf 'statistics: ...\nTRUE\n' >"$work/true.log"
printf 'trace ...\nFALSE(unreach-call)\n\n' >"$work/false.log"
printf 'UNKNOWN\n' >"$work/unknown.log"
printf 'x.c:3:1: error: expected ;\n' >"$work/error.log"

tasks=()
for d in "$root/../shared/benchmarks/svcomp" /work/shared/benchmarks/svcomp; do
    if [ -d "$d" ]; then
        for t in pthread/lazy01.yml pthread/stack-1.yml pthread-wmm/mix000_tso.oepc.yml; do
            [ -f "$d/$t" ] && tasks+=("$d/$t")
        done
        break
    fi
done
task_args=()
if [ ${#tasks[@]} -gt 0 ]; then
    task_args=(--task-definition "${tasks[@]}")
else
    echo "check.sh: note: no SV-COMP task files found; checking dummy tasks only" >&2
fi

# BenchExec looks tool modules up as benchexec.tools.<name>: bx.py registers ours under that
# name, then runs BenchExec's test_tool_info or benchexec itself.
cat >"$work/bx.py" <<'PY'
import importlib.util
import sys

import benchexec.tools

spec = importlib.util.spec_from_file_location("benchexec.tools.schedmc", sys.argv[1])
module = importlib.util.module_from_spec(spec)
sys.modules["benchexec.tools.schedmc"] = module
spec.loader.exec_module(module)
benchexec.tools.schedmc = module

if sys.argv[2] == "test_tool_info":
    from benchexec import test_tool_info

    sys.exit(test_tool_info.main(["test_tool_info", "schedmc"] + sys.argv[3:]))
else:
    from benchexec import benchexec as bx

    sys.exit(bx.main(argv=["benchexec"] + sys.argv[3:]))
PY

# Run in $work with a relative tool directory, as BenchExec prefers relative executables.
cd "$work"
python3 bx.py "$here/schedmc.py" test_tool_info --tool-directory tool --no-container \
    --tool-output true.log false.log unknown.log error.log \
    "${task_args[@]}" 2>&1 | tee "$work/report.txt"

fail=0
# expect LABEL-REGEX VALUE WHAT: the value printed for LABEL (same line or the next) is “VALUE”
expect() {
    if grep -A1 -- "$1" "$work/report.txt" | grep -qF -- "“$2”"; then
        echo "check.sh: ok: $3"
    else
        echo "check.sh: FAILED: $3 (expected “$2” for $1)" >&2
        fail=1
    fi
}
expect '^Name of tool:' 'schedmc' "tool name"
version=$("$work/tool/schedmc" --version | sed -n 's/^schedmc *//p' | head -1)
expect '^Version:' "$version" "version from schedmc --version"
expect 'output in “true.log”' 'true' "TRUE -> true"
expect 'output in “false.log”' 'false(unreach-call)' "FALSE(unreach-call) -> false(unreach-call)"
expect 'output in “unknown.log”' 'unknown' "UNKNOWN -> unknown"
expect 'output in “error.log”' 'ERROR (x.c:3:1: error: expected ;)' "anything else -> ERROR"
if grep -qF "'--timeout', '123'" "$work/report.txt"; then
    echo "check.sh: ok: --timeout from the CPU-time limit"
else
    echo "check.sh: FAILED: no --timeout from the CPU-time limit" >&2
    fail=1
fi
if [ ${#tasks[@]} -gt 0 ]; then
    if grep -q "'verify', '--svcomp', '--property', '[^']*unreach-call.prp', '--data-model', 'ILP32', '[^']*lazy01.i'" \
        "$work/report.txt"; then
        echo "check.sh: ok: SV-COMP task command line (lazy01.yml)"
    else
        echo "check.sh: FAILED: SV-COMP task command line for lazy01.yml" >&2
        fail=1
    fi
fi
# the one expected warning: tasks with several input files are refused on purpose
if grep -E '^WARNING|Traceback' "$work/report.txt" | grep -qv 'does not support tasks with multiple input files'; then
    echo "check.sh: FAILED: the checker reported warnings or errors" >&2
    fail=1
fi

# The benchmark definition: run benchexec on the whole dev set with an instant stand-in tool
# (every run answers UNKNOWN), which checks that BenchExec accepts every task of schedmc.xml.
if [ ${#tasks[@]} -gt 0 ] && "$here/prepare-devset.sh" >/dev/null; then
    mkdir "$work/standin"
    printf '#!/bin/sh\ncase "$1" in --version) echo "schedmc 0.0.0-stand-in";; *) echo UNKNOWN;; esac\n' \
        >"$work/standin/schedmc"
    chmod +x "$work/standin/schedmc"
    if python3 bx.py "$here/schedmc.py" benchexec "$here/schedmc.xml" --no-container \
        --tool-directory standin -o "$work/results/" >"$work/bench.txt" 2>&1 &&
        grep -q "^Statistics: *$(ls "$here"/devset/*/*.yml | wc -l) Files" "$work/bench.txt" &&
        ! grep -qE '^(Error|ERROR)' "$work/bench.txt"; then
        echo "check.sh: ok: benchexec runs schedmc.xml ($(grep -c ' unknown ' "$work/bench.txt") tasks)"
    else
        echo "check.sh: FAILED: benchexec on schedmc.xml:" >&2
        tail -20 "$work/bench.txt" >&2
        fail=1
    fi
fi
[ $fail = 0 ] && echo "check.sh: all checks passed"
exit $fail
