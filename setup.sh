#!/bin/sh
# Install what gcaudit needs (Debian packages), build a Release binary in
# build/, and run it on the sample archives.  Safe to run again: packages
# already present are not reinstalled and the build is incremental.
# With --deps-only it stops after the packages (run-tests.sh uses that).
set -eu
cd "$(dirname "$0")"

PACKAGES="build-essential cmake pkg-config libarchive-dev libcsv-dev zlib1g-dev
libcriterion-dev libjansson-dev libxlsxwriter-dev libinih-dev libxml2-utils fairy-stockfish"
# scdoc builds the manual page; groff and man-db check it in the tests.
PACKAGES="$PACKAGES scdoc groff-base man-db"
# clang and its runtime (libFuzzer) build the fuzz harnesses of run-tests.sh.
PACKAGES="$PACKAGES clang libclang-rt-dev"
# pgn-extract reads the PGN analyze --pgn writes (tests/cli/test_pgn_readers.c).
PACKAGES="$PACKAGES pgn-extract"
# chromium (headless) runs the tests of summary.html and the game viewer
# in a real browser (tests/cli/test_audit_pages.c).
PACKAGES="$PACKAGES chromium"

missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "setup: installing$missing"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi
[ "${1:-}" != "--deps-only" ] || exit 0

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"

echo
echo "setup: ./build/gcaudit analyze sample-data/*.tar.gz -o sample-report"
status=0
./build/gcaudit analyze sample-data/*.tar.gz -o sample-report || status=$?
# Exit status 1 only says some entries failed: the sample has a corrupt
# entry on purpose, so that is what success looks like here.
[ "$status" -le 1 ] || exit "$status"
echo "setup: reports written to sample-report/ (inputs, games, violations, variants, terminations,"
echo "       players, headtohead, standings and rating_lists CSV files, and summary.html)"
