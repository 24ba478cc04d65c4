#!/bin/sh
# The whole test suite: a separate build with AddressSanitizer and
# UndefinedBehaviorSanitizer (build-asan/), then every Criterion suite
# through ctest, then analyze -j under ThreadSanitizer (build-tsan/),
# then the profile-guided Release build (build-pgo/) held to the plain
# one, then each libFuzzer harness for a bounded time (clang, build-fuzz/;
# GC_FUZZ_SECONDS, default 12).  Installs the Debian packages
# first if any is missing.
set -eu
cd "$(dirname "$0")"

./setup.sh --deps-only

# The ThreadSanitizer build (the command alone, build-tsan/) and the fuzz
# harnesses' (clang, build-fuzz/) need nothing from the first build: they
# start now, at the lowest priority, so that they take only the CPU the
# AddressSanitizer build and ctest leave idle (and all of it once ctest
# is done); their runs come after ctest, below.  -O1 keeps the
# sanitizers' cost down (the rules don't depend on it); -g1 is line
# tables only, all the sanitizers' reports need (each frame's file and
# line), for a third less compile time than -g.
# Not in a session of their own (setsid): the kernel's autogroups would
# then share the CPU between the sessions, nice or not.  A run stopped
# early (a failed build) stops them and what they started.
mkdir -p build-tsan build-fuzz
bg_pids=""
stop_tree() {
    for c in $(pgrep -P "$1" 2>/dev/null || true); do stop_tree "$c"; done
    kill "$1" 2>/dev/null || true
}
trap 'for p in $bg_pids; do stop_tree "$p"; done' EXIT
nice -n 19 sh -c 'cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DGC_TSAN=ON \
    -DGC_TESTS=OFF -DCMAKE_C_FLAGS_DEBUG="-g1 -O1" && cmake --build build-tsan -j"$(nproc)" \
    --target gcaudit' >build-tsan/build.log 2>&1 &
tsan_build=$!
nice -n 19 tests/fuzz/run-fuzzers.sh --build-only >build-fuzz/build.log 2>&1 &
fuzz_build=$!
# The profile-guided Release build setup.sh makes (bench/pgo-build.sh),
# held to the plain build below.
mkdir -p build-pgo
nice -n 19 bench/pgo-build.sh build-pgo -DGC_TESTS=OFF >build-pgo/build.log 2>&1 &
pgo_build=$!
bg_pids="$tsan_build $fuzz_build $pgo_build"

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DGC_SANITIZE=ON \
      -DCMAKE_C_FLAGS_DEBUG="-g1 -O1" >/dev/null
cmake --build build-asan -j"$(nproc)"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
status=0
(cd build-asan && ctest --output-on-failure -j"$(nproc)") >build-asan/ctest.log 2>&1 || status=$?
cat build-asan/ctest.log

# ThreadSanitizer over the threads of analyze -j: the command alone,
# built apart (build-tsan/, above), run with 4 threads on the shared
# vectors and the samples.  (cli/test_scale checks the bytes; this checks
# the races.)
tsan_built=0
wait "$tsan_build" || tsan_built=$?
tsan_rc=0
if [ "$tsan_built" -eq 0 ]; then
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" build-tsan/gcaudit analyze -q -v -j4 \
        tests/fixtures/oracle sample-data/*.tar.gz -o build-tsan/report --pgn build-tsan/report.pgn \
        >build-tsan/tsan.log 2>&1 || tsan_rc=$?
fi
if [ "$tsan_built" -eq 0 ] && [ "$tsan_rc" -eq 1 ] && ! grep -q ThreadSanitizer build-tsan/tsan.log; then
    tsan_ok=1 tsan_failed=0
    echo "tsan: analyze -j4: Done"
elif [ "$tsan_built" -ne 0 ]; then
    tsan_ok=0 tsan_failed=1 status=1
    echo "tsan: the build FAILED (exit $tsan_built); the end of build-tsan/build.log:"
    tail -n 40 build-tsan/build.log
else
    tsan_ok=0 tsan_failed=1 status=1
    echo "tsan: analyze -j4 FAILED (exit $tsan_rc)"
    grep -A40 ThreadSanitizer build-tsan/tsan.log | head -80
fi

# The profile-guided build against the plain one (this suite's, with the
# sanitizers): every report and message the same bytes (bench/compare.sh)
# on the samples, the shared vectors and a generated set of games the
# training never saw (seed 3; the training's is 7).
pgo_built=0
wait "$pgo_build" || pgo_built=$?
pgo_ok=0 pgo_failed=1
if [ "$pgo_built" -ne 0 ]; then
    status=1
    echo "pgo: the profile-guided build FAILED (exit $pgo_built); the end of build-pgo/build.log:"
    tail -n 40 build-pgo/build.log
else
    check_set=build-pgo/check-set
    if [ ! -f "$check_set/counts.txt" ]; then
        mkdir -p "$check_set"
        build-pgo/gcaudit-bench-gen --chess 600 --variants 200 --seed 3 \
            --vectors tests/fixtures/oracle --out "$check_set" >/dev/null
    fi
    if bench/compare.sh build-asan/gcaudit build-pgo/gcaudit "$check_set" >build-pgo/compare.log 2>&1; then
        pgo_ok=1 pgo_failed=0
        echo "pgo: the profile-guided build's reports are the plain build's: Done"
    else
        status=1
        echo "pgo: the profile-guided build's reports DIFFER from the plain build's:"
        cat build-pgo/compare.log
    fi
fi

# The fuzzers run even when a suite failed: their findings are news too.
# Their build is done by now (if it failed, run-fuzzers.sh says so again).
wait "$fuzz_build" || true
bg_pids=""
tests/fuzz/run-fuzzers.sh "${GC_FUZZ_SECONDS:-12}" >build-asan/fuzz.log 2>&1 || status=1
cat build-asan/fuzz.log

# One closing line over both, in the plain form CI reads.
suites=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' build-asan/ctest.log)
suites_failed=$(sed -n 's/.* \([0-9]*\) tests failed out of.*/\1/p' build-asan/ctest.log)
fuzz_ok=$(grep -c '^fuzz: .*: Done' build-asan/fuzz.log || true)
fuzz_failed=$(grep -c '^fuzz: .* FAILED' build-asan/fuzz.log || true)
[ "$status" -eq 0 ] || [ "$((${suites_failed:-0} + fuzz_failed + tsan_failed + pgo_failed))" -gt 0 ] || suites_failed=1
echo "tests: $((${suites:-0} - ${suites_failed:-0} + fuzz_ok + tsan_ok + pgo_ok)) passed, $((${suites_failed:-0} + fuzz_failed + tsan_failed + pgo_failed)) failed"
exit "$status"
