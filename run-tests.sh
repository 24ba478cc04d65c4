#!/bin/sh
# The whole test suite: a separate build with AddressSanitizer and
# UndefinedBehaviorSanitizer (build-asan/), then every Criterion suite
# through ctest, then each libFuzzer harness for a bounded time (clang,
# build-fuzz/; GC_FUZZ_SECONDS, default 20).  Installs the Debian packages
# first if any is missing.
set -eu
cd "$(dirname "$0")"

./setup.sh --deps-only

# -O1 keeps the sanitizers' cost down; the rules don't depend on it.
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DGC_SANITIZE=ON \
      -DCMAKE_C_FLAGS_DEBUG="-g -O1" >/dev/null
cmake --build build-asan -j"$(nproc)"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
status=0
(cd build-asan && ctest --output-on-failure -j"$(nproc)") || status=$?

# The fuzzers run even when a suite failed: their findings are news too.
tests/fuzz/run-fuzzers.sh "${GC_FUZZ_SECONDS:-20}" || status=1
exit "$status"
