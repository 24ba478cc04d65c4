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
(cd build-asan && ctest --output-on-failure -j"$(nproc)") >build-asan/ctest.log 2>&1 || status=$?
cat build-asan/ctest.log

# The fuzzers run even when a suite failed: their findings are news too.
tests/fuzz/run-fuzzers.sh "${GC_FUZZ_SECONDS:-20}" >build-asan/fuzz.log 2>&1 || status=1
cat build-asan/fuzz.log

# One closing line over both, in the plain form CI reads.
suites=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' build-asan/ctest.log)
suites_failed=$(sed -n 's/.* \([0-9]*\) tests failed out of.*/\1/p' build-asan/ctest.log)
fuzz_ok=$(grep -c '^fuzz: .*: Done' build-asan/fuzz.log || true)
fuzz_failed=$(grep -c '^fuzz: .* FAILED' build-asan/fuzz.log || true)
[ "$status" -eq 0 ] || [ "$((${suites_failed:-0} + fuzz_failed))" -gt 0 ] || suites_failed=1
echo "tests: $((${suites:-0} - ${suites_failed:-0} + fuzz_ok)) passed, $((${suites_failed:-0} + fuzz_failed)) failed"
exit "$status"
