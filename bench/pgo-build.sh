#!/bin/sh
# The Release build of gcaudit that setup.sh and bench/run.sh make:
# optimised with a profile of a training run (gcc's profile-guided
# optimisation; CMakeLists.txt, GC_PGO).  It builds an instrumented
# gcaudit in BUILD/pgo-train, runs it on a training set, then builds
# BUILD with the profile and link-time optimisation.  The training set
# is made apart from every set the benchmark measures (bench/gen.c's
# games of seed 7, where bench/run.sh uses seed 1), with the sample
# archives and the shared vectors of every variant, and its Chess games
# once more as a defined variant; the runs cover -j 1 and -j 2 and the
# optional reports.  The profile changes only how the
# code is laid out and inlined, never what it does: run-tests.sh holds
# such a build's reports to the plain build's, byte for byte.
#
#   bench/pgo-build.sh [BUILD [CMAKE_ARGS...]]      BUILD defaults to build
set -eu
cd "$(dirname "$0")/.."
out=${1:-build}
[ $# -eq 0 ] || shift
case $out in /*) ;; *) out=$PWD/$out ;; esac
jobs=$(nproc)
train=$out/pgo-train
prof=$out/pgo-profile

echo "pgo-build: an instrumented gcaudit in $train, trained on games of its own (a minute or two)"
cmake -S . -B "$train" -DCMAKE_BUILD_TYPE=Release -DGC_TESTS=OFF \
    -DGC_PGO=generate -DGC_PGO_DIR="$prof" >/dev/null
cmake --build "$train" -j"$jobs" --target gcaudit gcaudit-bench-gen >/dev/null

# The generator's own run is not part of the profile (its moves are the
# engine's, but not the way analyze uses it): its counts go elsewhere.
set_dir=$train/set
if [ ! -f "$set_dir/counts.txt" ]; then
    mkdir -p "$set_dir"
    GCOV_PREFIX="$train/discard" "$train/gcaudit-bench-gen" --chess 3000 --variants 600 \
        --seed 7 --vectors tests/fixtures/oracle --out "$set_dir" >/dev/null
fi
rm -rf "$prof"
export GCAUDIT_DEFINITIONS="$PWD/replay/definitions"
# Exit status 1 says some entries failed, as some do in these sets on
# purpose (the samples' corrupt entry); more is a failure of the run.
trained() {
    status=0
    "$train/gcaudit" analyze -q "$@" >/dev/null 2>&1 || status=$?
    [ "$status" -le 1 ] || { echo "pgo-build: the training run failed (exit $status): gcaudit analyze $*" >&2; exit 1; }
}
trained -j 1 -o "$train/report-1" "$set_dir/chess.tar.gz" "$set_dir/variants.tar.gz"
trained -j 2 -o "$train/report-2" "$set_dir/variants.tar.gz" "$set_dir/chess.tar.gz"
trained -j 1 -o "$train/report-3" --viewer all --xlsx "$train/report-3.xlsx" \
    --pgn "$train/report-3.pgn" tests/fixtures/oracle sample-data/*.tar.gz
# The general engine of the defined variants, on games enough to count:
# the training's Chess games replayed by the suite's Chess definition
# (as bench/run.sh measures it), so that the defined variants are laid
# out for as the built-in ones are (without it, Chess as a definition
# went from about 2x the built-in's CPU to 2.4x).
sed 's/^gcGames = Chess Defined$/gcGames = Chess/' tests/fixtures/definitions/chess.ini >"$train/chess-defined.ini"
trained -j 1 -o "$train/report-4" --variants "$train/chess-defined.ini" "$set_dir/chess.tar.gz"
date -u >"$prof/trained"

echo "pgo-build: $out/gcaudit, optimised with what the training counted"
# With link-time optimisation too: with the profile, inlining across
# files pays (about 6% less CPU, docs/performance.md); without it, little.
cmake -S . -B "$out" -DCMAKE_BUILD_TYPE=Release -DGC_PGO=use -DGC_PGO_DIR="$prof" \
    -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=ON "$@" >/dev/null
cmake --build "$out" -j"$jobs"
