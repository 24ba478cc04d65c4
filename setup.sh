#!/bin/sh
# Install what gcaudit needs (Debian packages), build a Release binary in
# build/ (profile-guided: bench/pgo-build.sh), and run it on the sample
# archives.  Safe to run again: packages already present are not
# reinstalled, and the build is trained and compiled anew.
# With --deps-only it stops after the packages (run-tests.sh uses that).
set -eu
cd "$(dirname "$0")"

PACKAGES="build-essential cmake pkg-config libarchive-dev libcsv-dev zlib1g-dev libisal-dev
libcriterion-dev libjansson-dev libxlsxwriter-dev libinih-dev libxml2-utils fairy-stockfish"
# nettle-dev: SHA-256 of a shard's files (the library libarchive links already).
PACKAGES="$PACKAGES nettle-dev"
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
# The reference build of Fairy-Stockfish, the suite's second oracle: the
# npm package ffish, pinned in tests/ffish/package.json and its lock file,
# installed there (tests/ffish/node_modules) and never fetched by a test.
# Node.js and npm from Debian, unless a node and an npm are there already.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "setup: installing nodejs npm"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm
fi
# Installed already when node_modules holds the version the lock file names.
installed=$(cd tests/ffish && node -p "try { require('./node_modules/ffish/package.json').version ===
    require('./package-lock.json').packages['node_modules/ffish'].version } catch (e) { false }")
if [ "$installed" != "true" ]; then
    echo "setup: npm ci in tests/ffish (ffish, the reference Fairy-Stockfish)"
    (cd tests/ffish && npm ci --no-audit --no-fund --ignore-scripts >/dev/null)
fi
[ "${1:-}" != "--deps-only" ] || exit 0

# Release, optimised with a profile of a training run (bench/pgo-build.sh:
# about a sixth less CPU; a plain `cmake -S . -B DIR` build works too; the
# tests have their own builds, run-tests.sh).
bench/pgo-build.sh build -DGC_TESTS=OFF

echo
echo "setup: ./build/gcaudit analyze sample-data/*.tar.gz -o sample-report"
status=0
./build/gcaudit analyze sample-data/*.tar.gz -o sample-report || status=$?
# Exit status 1 only says some entries failed: the sample has a corrupt
# entry on purpose, so that is what success looks like here.
[ "$status" -le 1 ] || exit "$status"
echo "setup: reports written to sample-report/ (inputs, games, violations, variants, terminations,"
echo "       players, headtohead, standings and rating_lists CSV files, and summary.html)"
