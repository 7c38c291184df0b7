#!/bin/sh
# Profiles one verification run with perf and prints the top functions by self time.
#   scripts/profile.sh TASK.c [schedmc verify options...]
# Environment: SCHEDMC (binary, default target/release/schedmc), OUT (directory for
# perf.data and, when inferno-flamegraph is installed, flame.svg; default /tmp/schedmc-profile).
# The release profile keeps symbols (debug = "line-tables-only" is not needed for function
# names). Use the figures as shares, not as absolute times: the machines are noisy.
set -eu
task=$1; shift
bin=${SCHEDMC:-target/release/schedmc}
out=${OUT:-/tmp/schedmc-profile}
mkdir -p "$out"
perf record -F 999 -g -o "$out/perf.data" -- "$bin" verify --quiet "$@" "$task" || true
perf report -i "$out/perf.data" --no-children --sort symbol --percent-limit 1 --stdio 2>/dev/null \
    | grep -E '^ +[0-9.]+%' | sed 's/ \[[.k]\] / /' | head -40
if command -v inferno-collapse-perf >/dev/null && command -v inferno-flamegraph >/dev/null; then
    perf script -i "$out/perf.data" | inferno-collapse-perf | inferno-flamegraph > "$out/flame.svg"
    echo "flame graph: $out/flame.svg"
fi
