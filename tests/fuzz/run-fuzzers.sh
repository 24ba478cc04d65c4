#!/bin/sh
# Build the libFuzzer harnesses with clang (build-fuzz/, or GC_FUZZ_BUILD)
# and run them all at once for a bounded time:
#     tests/fuzz/run-fuzzers.sh [SECONDS] [HARNESS...]
# (default 20 seconds, every harness).  The committed seeds in corpus/ are
# only read; what the fuzzer learns goes to build-fuzz/fuzz-corpus/, so
# later runs start from there.  A crash, leak, sanitizer report or an input
# slower than 10 s fails the run and leaves that input in
# build-fuzz/fuzz-artifacts/: replay it with the harness binary, make it a
# regression (tests/fuzz/regressions/HARNESS/), fix it.
#     tests/fuzz/run-fuzzers.sh --build-only
# builds them and stops (run-tests.sh builds them beside its other work).
set -eu
cd "$(dirname "$0")/../.."
build_only=0
[ "${1:-}" != "--build-only" ] || { build_only=1; shift; }
secs=${1:-20}
[ $# -eq 0 ] || shift
harnesses=${*:-fuzz_log_parser fuzz_replay fuzz_input fuzz_definitions}
build=${GC_FUZZ_BUILD:-build-fuzz}

# -g1: line tables only, all a crash's stack needs.
CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DGC_FUZZ=ON -DGC_TESTS=OFF \
      -DCMAKE_C_FLAGS_DEBUG="-g1 -O1" >/dev/null
cmake --build "$build" -j"$(nproc)" --target fuzzers
[ "$build_only" -eq 0 ] || exit 0

mkdir -p "$build/fuzz-artifacts" "$build/fuzz-logs"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
pids=""
for h in $harnesses; do
    mkdir -p "$build/fuzz-corpus/$h"
    dict=""
    case $h in
    fuzz_input) ;;
    fuzz_definitions) dict="-dict=tests/fuzz/definitions.dict" ;;
    *) dict="-dict=tests/fuzz/logs.dict" ;;
    esac
    # Past crashes are seeds too: the fuzzer starts next to what broke.
    regressions=""
    [ ! -d "tests/fuzz/regressions/$h" ] || regressions="tests/fuzz/regressions/$h"
    # shellcheck disable=SC2086
    "$build/tests/fuzz/$h" -max_total_time="$secs" -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$build/fuzz-artifacts/$h-" $dict \
        "$build/fuzz-corpus/$h" "tests/fuzz/corpus/$h" $regressions \
        >"$build/fuzz-logs/$h.log" 2>&1 &
    pids="$pids $!:$h"
done
failed=0
for p in $pids; do
    if wait "${p%%:*}"; then
        echo "fuzz: ${p#*:}: $(grep -m1 -o 'Done [0-9]* runs in [0-9]* second(s)' \
            "$build/fuzz-logs/${p#*:}.log" || echo done)"
    else
        failed=1
        echo "fuzz: ${p#*:} FAILED; the end of its log ($build/fuzz-logs/${p#*:}.log):"
        tail -n 40 "$build/fuzz-logs/${p#*:}.log"
    fi
done
exit "$failed"
