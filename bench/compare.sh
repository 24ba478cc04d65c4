#!/bin/sh
# Every report of two builds, byte for byte (docs/performance.md: a speed
# change must leave every report the same bytes).  Runs both binaries on
# the sample archives (with the workbook, the PGN and every viewer page),
# on the sample archives given twice (every game a copy), on the shared
# vectors (tests/fixtures/oracle), and on a bench
# set when one is there (-j 1 and -j 2), then compares the report folders
# with diff -r and the standard error of each pair of runs.  The list of
# a folder's files (gcaudit-files.txt) is compared without its first line
# and its digests, which are of the files compared byte for byte already,
# so that builds whose lists differ in version can be held to each other.
#
#   bench/compare.sh OLD NEW [BENCH_DIR]
#
# BENCH_DIR defaults to bench/out/n10000-s1 (bench/gen.c's games; made by
# `gcaudit-bench-gen --chess 10000 --variants 1000 --seed 1`).  Extra
# environment (GCAUDIT_TEST_DUPS_SLOTS=16, for one) applies to NEW only, so the
# bounded duplicate check can be held to the plain one.  Exit 0 when
# every pair is the same, 1 otherwise.
set -u
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: bench/compare.sh OLD NEW [BENCH_DIR]" >&2; exit 2; }
old=$1 new=$2
set_dir=${3:-bench/out/n10000-s1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
export SOURCE_DATE_EPOCH=1700000000     # the date summary.html shows
export GCAUDIT_DEFINITIONS="$PWD/replay/definitions"   # the same for both binaries

# one BINARY OUT ARGS...: a run whose reports end in OUT, @OUT@ in ARGS
# standing for the report folder; its standard error and exit status into
# OUT.err.  Both builds write into the same folder, $work/out, as the
# reports name it (summary.html says where the PGN went).
one() {
    bin=$1 dest=$2 out=$work/out
    shift 2
    for a in "$@"; do
        shift
        set -- "$@" "$(printf '%s' "$a" | sed "s|@OUT@|$out|")"
    done
    rm -rf "$out"
    "$bin" analyze -q "$@" -o "$out" >/dev/null 2>"$dest.err"
    echo "exit $?" >>"$dest.err"
    mv "$out" "$dest"
}

# listed DIR: DIR's list of files without its version and digests.
listed() {
    awk 'NR > 1 { if ($1 == "file") print $1, $2, $4; else print }' "$1/gcaudit-files.txt"
}

# run NAME ARGS...: both binaries, then the comparison.
run() {
    name=$1
    shift
    (unset GCAUDIT_TEST_DUPS_SLOTS; one "$old" "$work/old-$name" "$@")
    one "$new" "$work/new-$name" "$@"
    listed "$work/old-$name" >"$work/$name.old-list"
    listed "$work/new-$name" >"$work/$name.new-list"
    if diff -r -x gcaudit-files.txt "$work/old-$name" "$work/new-$name" >"$work/$name.diff" &&
        diff "$work/$name.old-list" "$work/$name.new-list" >>"$work/$name.diff" &&
        cmp -s "$work/old-$name.err" "$work/new-$name.err"; then
        echo "same: $name"
    else
        echo "DIFFERENT: $name"
        head -20 "$work/$name.diff"
        diff "$work/old-$name.err" "$work/new-$name.err" | head -10
        status=1
    fi
}

samples=$(ls sample-data/*.tar.gz)
# shellcheck disable=SC2086
run samples -j 1 --viewer all --xlsx @OUT@/stats.xlsx --pgn @OUT@/games.pgn $samples
# shellcheck disable=SC2086
run samples-twice -j 2 $samples $samples
# shellcheck disable=SC2086
run samples-keep -j 1 --keep-duplicates $samples $samples
run vectors -j 2 tests/fixtures/oracle
if [ -f "$set_dir/chess.tar.gz" ]; then
    run bench-j1 -j 1 "$set_dir/chess.tar.gz" "$set_dir/variants.tar.gz"
    run bench-j2 -j 2 "$set_dir/chess.tar.gz" "$set_dir/variants.tar.gz"
    run bench-twice -j 2 "$set_dir/variants.tar.gz" "$set_dir/chess.tar.gz" "$set_dir/variants.tar.gz"
else
    echo "no bench set in $set_dir: only the samples compared"
fi
exit $status
