#!/usr/bin/env bash
# Builds contrib/benchexec/devset/, the SV-COMP dev set in a form BenchExec accepts, from
# shared/benchmarks/svcomp (../../../shared relative to this directory, else /work/shared):
# - program files are symlinked, task files copied;
# - task files with the non-existent format_version 1.1 (they use 2.0 features: options) are
#   marked 2.0;
# - properties/ gets the property files the task files name but the shared copy lacks
#   (termination.prp, no-data-race.prp, with the published SV-COMP texts), since BenchExec
#   refuses a task file whose property files do not exist.
# shared/ itself is never modified. Usage: contrib/benchexec/prepare-devset.sh [SVCOMP_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=${1:-}
if [ -z "$src" ]; then
    for d in "$here/../../../shared/benchmarks/svcomp" /work/shared/benchmarks/svcomp; do
        if [ -d "$d" ]; then src=$d; break; fi
    done
fi
if [ -z "$src" ] || [ ! -d "$src" ]; then
    echo "prepare-devset.sh: no SV-COMP directory found (give it as an argument)" >&2
    exit 2
fi
src=$(cd "$src" && pwd)
out="$here/devset"
rm -rf "$out"
mkdir -p "$out/properties"
cp "$src"/properties/*.prp "$out/properties/"
[ -f "$out/properties/termination.prp" ] ||
    echo 'CHECK( init(main()), LTL(F end) )' >"$out/properties/termination.prp"
[ -f "$out/properties/no-data-race.prp" ] ||
    echo 'CHECK( init(main()), LTL(G ! data-race) )' >"$out/properties/no-data-race.prp"
n=0
for catdir in "$src"/*/; do
    cat=$(basename "$catdir")
    [ "$cat" = properties ] && continue
    ls "$catdir"*.yml >/dev/null 2>&1 || continue
    mkdir -p "$out/$cat"
    for f in "$catdir"*; do
        case "$f" in
        *.yml) sed "s/^format_version: *['\"]\?1\.1['\"]\?/format_version: '2.0'/" "$f" >"$out/$cat/$(basename "$f")"
            n=$((n + 1)) ;;
        *) ln -s "$f" "$out/$cat/$(basename "$f")" ;;
        esac
    done
done
echo "prepare-devset.sh: $n task files from $src in $out"
