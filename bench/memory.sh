#!/bin/sh
# Peak memory on the inputs that used to make it grow (docs/performance.md,
# "Memory"), with /usr/bin/time: one log of 255 MiB holding a single game
# of about 15 million turn markers (2.95 GB and more before gcaudit parsed
# a long game in parts, 263 MiB before it read a long log as it replays
# it), one log of 255 MiB holding 11 million tiny games (4.4 GiB before
# the rows of a batch could go to a temporary file), a million copies of
# three games in 40 logs (85 MiB before the crosstables left copies out),
# and the bench archives of bench/run.sh when they are there
# (bench/out/n*-s*).
#
#   bench/memory.sh            every case, -j 1 and -j 2
#   GCAUDIT=path bench/memory.sh   another binary (to compare)
#
# The logs are made once in bench/out/memory/ (about 510 MB of disk).
set -eu
cd "$(dirname "$0")/.."

if ! dpkg-query -W -f='${Status}' time 2>/dev/null | grep -q "ok installed"; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get install -y -qq time >/dev/null
fi
if [ -z "${GCAUDIT:-}" ]; then
    cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DGC_TESTS=OFF >/dev/null
    cmake --build build-bench -j"$(nproc)" --target gcaudit >/dev/null
    GCAUDIT=build-bench/gcaudit
fi
data=bench/out/memory
mkdir -p "$data"

# One game of turn markers up to 255 MiB: two knights going back and
# forth (the game ends by repetition early on; every later turn is still
# parsed, and is illegal).
if [ ! -f "$data/long-game.log" ]; then
    awk 'BEGIN {
        printf "Game: Chess\nWhite: A\nBlack: B\n\n"; size = 31
        for (n = 1; ; n++) {
            if (n % 2) line = sprintf("%d. N g1-f3 %d... n g8-f6\n", n, n)
            else       line = sprintf("%d. N f3-g1 %d... n f6-g8\n", n, n)
            size += length(line)
            if (size > 255 * 1048576 - 100) break
            printf "%s", line
        } }' >"$data/long-game.log"
fi
# Tiny games up to 255 MiB in one log.
if [ ! -f "$data/many-games.log" ]; then
    awk 'BEGIN { n = int(255 * 1048576 / 25); for (i = 0; i < n; i++) printf "Game: Chess\n\n1. P e2-e4\n" }' \
        >"$data/many-games.log"
fi

# 40 logs of 1.1 MB (each just past the size replayed as it is read),
# 25,600 copies of one game each, in one .tar.gz: a million games, three
# of them distinct.
if [ ! -f "$data/copies.tar.gz" ]; then
    mkdir -p "$data/copies"
    for i in $(seq 1 40); do
        awk -v i="$i" 'BEGIN { n = int(1000 * 1024 / 40)
            for (k = 0; k < n; k++) printf "Game: Chess\nWhite: W\nBlack: B%d\n\n1. P e2-e4\n", i % 3 }' \
            >"$data/copies/g$i.log"
    done
    tar czf "$data/copies.tar.gz" -C "$data" copies
    rm -rf "$data/copies"
fi

measure() {
    name=$1
    shift
    /usr/bin/time -f "%e %M" -o "$data/time" "$GCAUDIT" analyze -q --viewer none "$@" \
        -o "$data/report" >/dev/null 2>&1 || true
    set -- $(tail -1 "$data/time")
    printf "%-48s %8.2f s %10d KiB\n" "$name" "$1" "$2"
}

for j in 1 2; do
    measure "long game (255 MiB, one game), -j $j" -j "$j" "$data/long-game.log"
    measure "many games (255 MiB, 11 M games), -j $j" -j "$j" "$data/many-games.log"
    measure "copies (40 logs of 1.1 MB, 1 M games), -j $j" -j "$j" "$data/copies.tar.gz"
    for d in bench/out/n*-s*; do
        [ -f "$d/chess.tar.gz" ] || continue
        measure "$(basename "$d") chess + variants, -j $j" -j "$j" "$d/chess.tar.gz" "$d/variants.tar.gz"
    done
done
rm -rf "$data/report"
