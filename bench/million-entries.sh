#!/bin/sh
# A million tiny archive entries on a Release build: the walker alone
# (tests/formats/test_hostile.c), then `gcaudit analyze` end to end
# (tests/cli/test_hostile.c), each streamed through a pipe.  The sanitizer
# suite runs the same tests on fewer entries (about 40 us an entry there);
# this is the full count.  Usage: bench/million-entries.sh [ENTRIES]
set -eu
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
export GC_HOSTILE_ENTRIES="${1:-1000000}"
build/tests/formats_test_hostile --verbose=0 \
    --filter 'formats_hostile/million_tiny_entries_are_each_accounted_for'
build/tests/cli_test_hostile --verbose=0 --filter 'cli_hostile/many_entries_end_to_end'
