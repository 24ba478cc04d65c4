#!/bin/sh
# The throughput benchmark (docs/performance.md).  Generates the games
# once per size and seed (bench/gen.c, into bench/out/), then measures in
# one run, side by side on the same machine:
#
#   - the decompression floor: gzip -dc of the archives to /dev/null, and
#     igzip -dc (ISA-L, what gcaudit inflates .tar.gz with);
#   - pgn-extract on the same Chess games as PGN (moves validated, output
#     discarded), both as a filter (-o /dev/null) and checking only (-r);
#   - gcaudit analyze and pgn-extract on 10,000 Chess games of about 128
#     plies (bench/gen.c --plies 118-134), one thread;
#   - gcaudit analyze, the profile-guided build setup.sh makes
#     (bench/pgo-build.sh; the plain Release build beside it on two sets),
#     on the Chess archive with one thread (compressed and
#     as a plain tar, and with Chess replayed by the general engine of the
#     defined variants), and on all the archives (Chess and the four other
#     variants) with -j 1 and with -j N, N the number of cores.
#
# and prints games/s, turns/s, MB/s of compressed input, peak memory
# (/usr/bin/time) and the ratios docs/performance.md quotes.
#
#   bench/run.sh            100,000 Chess games and 10,000 others (quick)
#   bench/run.sh 1000000    the documented run: 1,000,000 and 100,000
#
# GC_BENCH_SEED (default 1) picks other games; GC_BENCH_REPEAT (default 1)
# runs each command that many times and keeps the fastest.
#
# Last, issue 28's targets as the issue defines them: each pair of
# commands run in turn, A B A B, GC_BENCH_PAIRS times (default 7), and
# the median of the pairs' ratios of CPU time (user + sys of the whole
# process; of wall time for -j N against -j 1), with its range: a
# neighbour's load on a shared machine then falls on both sides alike,
# where the fastest of separate runs rewards whichever ran when it was
# quiet.
set -eu
cd "$(dirname "$0")/.."

chess=${1:-100000}
variants=$((chess / 10))
seed=${GC_BENCH_SEED:-1}
repeat=${GC_BENCH_REPEAT:-1}
pairs=${GC_BENCH_PAIRS:-7}
jobs=$(nproc)
data=bench/out/n$chess-s$seed
work=bench/out/work

for p in pgn-extract time isal; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
        echo "bench: installing $p"
        SUDO=""
        [ "$(id -u)" -eq 0 ] || SUDO="sudo"
        $SUDO apt-get install -y -qq "$p" >/dev/null
    fi
done
PGN_EXTRACT=/usr/games/pgn-extract
[ -x "$PGN_EXTRACT" ] || PGN_EXTRACT=pgn-extract

# The build measured is the one setup.sh makes, profile-guided
# (bench/pgo-build.sh); a plain Release build beside it gives the
# profile's share.
bench/pgo-build.sh build-bench -DGC_TESTS=OFF >/dev/null
cmake -S . -B build-bench-plain -DCMAKE_BUILD_TYPE=Release -DGC_TESTS=OFF >/dev/null
cmake --build build-bench-plain -j"$jobs" --target gcaudit >/dev/null
gcaudit=build-bench/gcaudit

if [ ! -f "$data/counts.txt" ]; then
    echo "bench: generating $chess Chess games and $variants others (seed $seed) in $data"
    mkdir -p "$data"
    build-bench/gcaudit-bench-gen --chess "$chess" --variants "$variants" --seed "$seed" \
        --vectors tests/fixtures/oracle --out "$data"
fi
# 10,000 games of about 128 plies (issue 28's second set).
long=bench/out/n10000-p128-s$seed
if [ ! -f "$long/counts.txt" ]; then
    echo "bench: generating 10,000 Chess games of about 128 plies (seed $seed) in $long"
    mkdir -p "$long"
    build-bench/gcaudit-bench-gen --chess 10000 --variants 0 --seed "$seed" --plies 118-134 \
        --vectors tests/fixtures/oracle --out "$long"
fi
[ -f "$data/chess.tar" ] || gzip -dc "$data/chess.tar.gz" >"$data/chess.tar"
mkdir -p "$work"

# The machine, and whether it is quiet.
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
mem=$(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)
echo "machine: $jobs cores ($cpu), $mem; load average $(cut -d' ' -f1-3 /proc/loadavg)"
busy=$(ps -eo pcpu= | awk '{s += $1} END {printf "%d", s}')
[ "$busy" -lt 50 ] || echo "bench: warning: the machine is busy (${busy}% CPU in use): figures will be low"

# measure NAME CMD...: the fastest of $repeat runs; sets secs and rss (KiB).
measure() {
    name=$1
    shift
    best=""
    i=0
    while [ "$i" -lt "$repeat" ]; do
        /usr/bin/time -f "%e %M" -o "$work/$name.time" "$@" >"$work/$name.out" 2>"$work/$name.err" || true
        t=$(tail -1 "$work/$name.time")
        if [ -z "$best" ] || [ "$(echo "$t" | awk -v b="$best" '{print ($1 < b + 0)}')" = 1 ]; then
            best=$t
        fi
        i=$((i + 1))
    done
    secs=${best% *}
    rss=${best#* }
    echo "$name $secs $rss" >>"$work/times"
}

: >"$work/times"
measure floor-chess sh -c "gzip -dc '$data/chess.tar.gz' >/dev/null"
measure floor-all sh -c "gzip -dc '$data/chess.tar.gz' '$data/variants.tar.gz' >/dev/null"
measure igzip-chess sh -c "igzip -dc '$data/chess.tar.gz' >/dev/null"
measure igzip-all sh -c "igzip -dc '$data/chess.tar.gz' '$data/variants.tar.gz' >/dev/null"
measure pgn-extract "$PGN_EXTRACT" -s -o /dev/null "$data/chess.pgn"
measure pgn-extract-r "$PGN_EXTRACT" -r -s "$data/chess.pgn"
measure chess-j1 "$gcaudit" analyze -q -j 1 "$data/chess.tar.gz" -o "$work/chess-j1"
measure long-pgn-extract "$PGN_EXTRACT" -s -o /dev/null "$long/chess.pgn"
measure long-j1 "$gcaudit" analyze -q -j 1 "$long/chess.tar.gz" -o "$work/long-j1"
measure chess-plain-j1 build-bench-plain/gcaudit analyze -q -j 1 "$data/chess.tar.gz" -o "$work/chess-plain-j1"
measure long-plain-j1 build-bench-plain/gcaudit analyze -q -j 1 "$long/chess.tar.gz" -o "$work/long-plain-j1"
measure chess-tar-j1 "$gcaudit" analyze -q -j 1 "$data/chess.tar" -o "$work/chess-tar-j1"
# The same Chess games on the general engine of the defined variants: the
# test suite's Chess definition, made to answer to "Game: Chess".
sed 's/^gcGames = Chess Defined$/gcGames = Chess/' tests/fixtures/definitions/chess.ini >"$work/chess-defined.ini"
measure chess-def-j1 "$gcaudit" analyze -q -j 1 "$data/chess.tar.gz" -o "$work/chess-def-j1" \
    --variants "$work/chess-defined.ini"
measure chess-jN "$gcaudit" analyze -q -j "$jobs" "$data/chess.tar.gz" -o "$work/chess-jN"
measure all-j1 "$gcaudit" analyze -q -j 1 "$data/chess.tar.gz" "$data/variants.tar.gz" -o "$work/all-j1"
measure all-jN "$gcaudit" analyze -q -j "$jobs" "$data/chess.tar.gz" "$data/variants.tar.gz" -o "$work/all-jN"

# Games and turns as gcaudit counts them (games.csv: one row a game, the
# turns in column 12; the cells before it may be quoted).
count() {
    awk 'NR > 1 {
        line = $0; n = 0
        while (n < 11) {
            if (substr(line, 1, 1) == "\"") {
                line = substr(line, 2)
                while (1) { q = index(line, "\""); if (substr(line, q + 1, 1) == "\"") line = substr(line, q + 2); else { line = substr(line, q + 1); break } }
            } else {
                line = substr(line, index(line, ","))
            }
            line = substr(line, 2); n++
        }
        turns += substr(line, 1, index(line, ",") - 1); games++
    } END { printf "%d %d\n", games, turns }' "$1"
}
# shellcheck disable=SC2046 # two numbers, split on purpose
set -- $(count "$work/chess-j1/games.csv")
chess_games=$1 chess_turns=$2
# shellcheck disable=SC2046
set -- $(count "$work/all-j1/games.csv")
all_games=$1 all_turns=$2
pgn_games=$(grep -c '^\[Event ' "$data/chess.pgn")
# Both engines must find the same: every row but the variant's name.
for r in games violations; do
    sed 's/,chess-defined,/,chess,/' "$work/chess-def-j1/$r.csv" | cmp -s - "$work/chess-j1/$r.csv" ||
        echo "bench: warning: the Chess definition wrote another $r.csv than the built-in Chess"
done
for d in chess all; do
    for r in games violations; do
        cmp -s "$work/$d-j1/$r.csv" "$work/$d-jN/$r.csv" ||
            echo "bench: warning: -j $jobs wrote another $r.csv than -j 1 ($d)"
    done
done
size_chess=$(stat -c %s "$data/chess.tar.gz")
size_long=$(stat -c %s "$long/chess.tar.gz")
long_turns=$(sed -n 's/.*plies \([0-9]*\).*/\1/p' "$long/counts.txt")
size_all=$((size_chess + $(stat -c %s "$data/variants.tar.gz")))

awk -v chess_games="$chess_games" -v chess_turns="$chess_turns" -v all_games="$all_games" \
    -v all_turns="$all_turns" -v pgn_games="$pgn_games" -v size_chess="$size_chess" \
    -v size_all="$size_all" -v jobs="$jobs" -v size_long="$size_long" -v long_turns="$long_turns" '
{ secs[$1] = $2; rss[$1] = $3 }
function row(name, what, games, turns, size) {
    printf "%-34s %8.2f s %10.0f games/s %11.0f turns/s %7.1f MB/s %8.0f MiB\n", what, secs[name],
        games / secs[name], turns / secs[name], size / 1e6 / secs[name], rss[name] / 1024
}
END {
    printf "Chess: %d games, %d turns; all: %d games, %d turns; %.1f MB compressed\n\n",
        chess_games, chess_turns, all_games, all_turns, size_all / 1e6
    printf "%-34s %10s %16s %19s %12s %12s\n", "", "wall", "", "", "input", "peak RSS"
    row("floor-chess", "gzip -dc (Chess)", chess_games, chess_turns, size_chess)
    row("igzip-chess", "igzip -dc (Chess)", chess_games, chess_turns, size_chess)
    row("pgn-extract", "pgn-extract -o /dev/null (Chess)", pgn_games, chess_turns, 0)
    row("pgn-extract-r", "pgn-extract -r (Chess)", pgn_games, chess_turns, 0)
    row("chess-j1", "gcaudit -j 1 (Chess, .tar.gz)", chess_games, chess_turns, size_chess)
    row("chess-plain-j1", "  the same, plain build (no profile)", chess_games, chess_turns, size_chess)
    row("chess-tar-j1", "gcaudit -j 1 (Chess, .tar)", chess_games, chess_turns, 0)
    row("long-pgn-extract", "pgn-extract (10,000 of ~128 plies)", 10000, long_turns, 0)
    row("long-j1", "gcaudit -j 1 (10,000 of ~128 plies)", 10000, long_turns, size_long)
    row("long-plain-j1", "  the same, plain build (no profile)", 10000, long_turns, size_long)
    row("chess-def-j1", "gcaudit -j 1 (Chess as a definition)", chess_games, chess_turns, size_chess)
    row("chess-jN", "gcaudit -j " jobs " (Chess, .tar.gz)", chess_games, chess_turns, size_chess)
    row("floor-all", "gzip -dc (all)", all_games, all_turns, size_all)
    row("igzip-all", "igzip -dc (all)", all_games, all_turns, size_all)
    row("all-j1", "gcaudit -j 1 (all)", all_games, all_turns, size_all)
    row("all-jN", "gcaudit -j " jobs " (all)", all_games, all_turns, size_all)
    printf "\nratios (target in brackets):\n"
    printf "  one thread vs pgn-extract validating, output discarded (-o /dev/null), games/s:\n"
    printf "    .tar.gz                                     %5.2fx  [>= 7]\n", (chess_games / secs["chess-j1"]) / (pgn_games / secs["pgn-extract"])
    printf "    .tar                                        %5.2fx  [>= 5]\n", (chess_games / secs["chess-tar-j1"]) / (pgn_games / secs["pgn-extract"])
    printf "    .tar.gz, 10,000 games of ~128 plies          %5.2fx  [>= 7]\n", secs["long-pgn-extract"] / secs["long-j1"]
    printf "  one thread vs pgn-extract -r (checks only, its faster mode), games/s:\n"
    printf "    .tar.gz                                     %5.2fx\n", (chess_games / secs["chess-j1"]) / (pgn_games / secs["pgn-extract-r"])
    printf "    .tar (plain text, as pgn-extract reads)     %5.2fx\n", (chess_games / secs["chess-tar-j1"]) / (pgn_games / secs["pgn-extract-r"])
    printf "  the profile-guided build vs the plain one (bench/pgo-build.sh), time:\n"
    printf "    100,000 Chess games, .tar.gz                 %5.2fx\n", secs["chess-j1"] / secs["chess-plain-j1"]
    printf "    10,000 games of ~128 plies                   %5.2fx\n", secs["long-j1"] / secs["long-plain-j1"]
    printf "  Chess as a definition vs the built-in Chess, games/s (one thread):\n"
    printf "    .tar.gz                                     %5.2fx  [>= 0.5]\n", secs["chess-j1"] / secs["chess-def-j1"]
    printf "  -j %d vs -j 1 (all)                           %5.2fx  [near %d]\n", jobs, secs["all-j1"] / secs["all-jN"], jobs
    printf "  -j %d vs the decompression floor (all)        %5.2fx  [<= 2]\n", jobs, secs["all-jN"] / secs["floor-all"]
    printf "  -j 1 vs the decompression floor (all)         %5.2fx\n", secs["all-j1"] / secs["floor-all"]
    printf "  -j %d vs the decompression floor (Chess)      %5.2fx\n", jobs, secs["chess-jN"] / secs["floor-chess"]
    printf "  igzip -dc vs gzip -dc (all)                   %5.2fx\n", secs["igzip-all"] / secs["floor-all"]
}' "$work/times" | tee "bench/out/results-n$chess-s$seed.txt"

# pair NAME "A" "B": the two commands (words split at spaces: the paths
# here have none) in turn, $pairs times each, their times in
# $work/NAME.pairs: wall, user and sys of A, then of B, a line a pair.
pair() {
    name=$1 a=$2 b=$3
    : >"$work/$name.pairs"
    i=0
    while [ "$i" -lt "$pairs" ]; do
        # shellcheck disable=SC2086
        /usr/bin/time -f "%e %U %S" -o "$work/$name.a" $a >/dev/null 2>&1 || true
        # shellcheck disable=SC2086
        /usr/bin/time -f "%e %U %S" -o "$work/$name.b" $b >/dev/null 2>&1 || true
        echo "$(tail -1 "$work/$name.a") $(tail -1 "$work/$name.b")" >>"$work/$name.pairs"
        i=$((i + 1))
    done
}

# ratio NAME cpu|wall: "median min max" of the pairs' ratios A/B.
ratio() {
    # shellcheck disable=SC2016 # awk's fields, not the shell's
    case $2 in
    cpu) expr='($5 + $6) > 0 ? ($2 + $3) / ($5 + $6) : 0' ;;
    *) expr='$4 > 0 ? $1 / $4 : 0' ;;
    esac
    awk "{ print ($expr) }" "$work/$1.pairs" | sort -g |
        awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                                  printf "%.2fx (%.2f to %.2f)", m, v[1], v[NR] }'
}

echo
echo "bench: issue 28's targets, $pairs pairs each (a few minutes)"
pair t-chess "$PGN_EXTRACT -s -o /dev/null $data/chess.pgn" \
    "$gcaudit analyze -q -j 1 -o $work/t-chess $data/chess.tar.gz"
pair t-long "$PGN_EXTRACT -s -o /dev/null $long/chess.pgn" \
    "$gcaudit analyze -q -j 1 -o $work/t-long $long/chess.tar.gz"
pair t-tar "$gcaudit analyze -q -j 1 -o $work/t-gz $data/chess.tar.gz" \
    "$gcaudit analyze -q -j 1 -o $work/t-tar $data/chess.tar"
pair t-jobs "$gcaudit analyze -q -j 1 -o $work/t-j1 $data/chess.tar.gz $data/variants.tar.gz" \
    "$gcaudit analyze -q -j $jobs -o $work/t-jN $data/chess.tar.gz $data/variants.tar.gz"
{
    echo "issue 28's targets, paired: A B A B, $pairs pairs, the median of the pairs' ratios (their range)"
    echo "  one thread vs pgn-extract -s -o /dev/null, CPU, .tar.gz:"
    echo "    100,000 Chess games                  $(ratio t-chess cpu)  [>= 7]"
    echo "    10,000 games of ~128 plies           $(ratio t-long cpu)  [>= 7]"
    echo "  .tar.gz vs .tar, CPU, one thread       $(ratio t-tar cpu)  [<= 1.15]"
    echo "  -j $jobs vs -j 1 (all), wall               $(ratio t-jobs wall)  [>= 1.85 on a quiet machine]"
    echo "  load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee -a "bench/out/results-n$chess-s$seed.txt"
