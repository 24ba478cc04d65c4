#!/bin/sh
# Regenerate the seed corpora in corpus/ (committed; run by hand, never by
# the tests).  Log seeds: each shared vector log (tests/fixtures/oracle)
# cut into files of two games, four files per variant, so every variant's
# Game: name and notation is in the corpus; plus the Palindromic reversal
# game and the sample logs of the variants from definition files.  Input
# seeds: tiny archives of every format gcaudit reads, nested ones and
# non-logs among them.  Needs bsdtar, gzip, bzip2, xz, zstd, zip.
set -eu
cd "$(dirname "$0")"
fixtures=../fixtures
out=$(pwd)/corpus

rm -rf "$out"
mkdir -p "$out/fuzz_log_parser" "$out/fuzz_replay" "$out/fuzz_input"

# Games 1-2, 5-6, 9-10, 13-14 of each vector log: a game runs from its
# Game: line to the next one.
for log in "$fixtures"/oracle/*.log; do
    v=$(basename "$log" .log)
    awk -v v="$v" -v dir="$out/fuzz_replay" '
        /^Game:/ { g++ }
        g >= 1 && g <= 16 && int((g - 1) / 2) % 2 == 0 {
            print > (dir "/" v "-" int((g - 1) / 4) + 1 ".log")
        }' "$log"
done
cp "$fixtures/palindromic/reversal.log" "$out/fuzz_replay/palindromic-reversal.log"
# The variants from definition files: one sample log of each notation they
# add (drops, promotions as +X, gating, FEN: headers, palaces, wide boards).
for log in ../../sample-data/src/east-west-cup-2024/*/*.log ../../sample-data/src/variant-festival-2024/*/*.log; do
    cp "$log" "$out/fuzz_replay/defined-$(basename "$log")"
done
cp "$out"/fuzz_replay/*.log "$out/fuzz_log_parser/"

# Input seeds, built in a scratch directory from two small logs.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -c 600 "$out/fuzz_replay/chess-1.log" > "$tmp/a.log"
printf 'Game: Palindromic Chess\nWhite: A\nBlack: B\n\n1. P e2-e4 1... p d7-d5\n' > "$tmp/b.log"
printf 'Not a log, just notes.\n' > "$tmp/notes.txt"
mkdir "$tmp/d"
cp "$tmp/a.log" "$tmp/b.log" "$tmp/notes.txt" "$tmp/d/"
ln -s a.log "$tmp/d/link.log"
i="$out/fuzz_input"
(cd "$tmp/d" && bsdtar --format ustar -cf "$tmp/x.tar" a.log b.log notes.txt link.log)
cp "$tmp/x.tar" "$i/ustar.tar"
(cd "$tmp/d" && bsdtar --format pax -czf "$i/pax.tar.gz" a.log b.log)
(cd "$tmp/d" && bsdtar --format gnutar -cjf "$i/gnu.tar.bz2" b.log notes.txt)
(cd "$tmp/d" && bsdtar --format newc -cJf "$i/newc.cpio.xz" a.log)
(cd "$tmp/d" && bsdtar --format odc -cf "$i/odc.cpio" b.log)
(cd "$tmp/d" && bsdtar --zstd --format ustar -cf "$i/ustar.tar.zst" b.log)
(cd "$tmp/d" && bsdtar --format 7zip -cf "$i/x.7z" b.log)
(cd "$tmp/d" && bsdtar --format ar -cf "$i/x.ar" b.log)
(cd "$tmp/d" && zip -q -X "$i/x.zip" a.log b.log notes.txt)
(cd "$tmp/d" && zip -q -X -P secret "$i/encrypted.zip" b.log)
gzip -9 -n -c "$tmp/a.log" > "$i/a.log.gz"
bzip2 -9 -c "$tmp/b.log" > "$i/b.log.bz2"
xz -c "$tmp/b.log" > "$i/b.log.xz"
zstd -q -c "$tmp/b.log" > "$i/b.log.zst"
cp "$tmp/b.log" "$i/plain.log"
# Nested: a zip holding a .tar.gz and a .gz, and a tar of a tar of a zip.
(cd "$tmp/d" && bsdtar --format ustar -czf "$tmp/inner.tgz" b.log)
gzip -9 -n -c "$tmp/b.log" > "$tmp/one.log.gz"
(cd "$tmp" && zip -q -X "$i/nested.zip" inner.tgz one.log.gz)
(cd "$tmp" && cp "$i/x.zip" inner.zip && bsdtar --format ustar -cf mid.tar inner.zip &&
    bsdtar --format ustar -cf "$i/nested3.tar" mid.tar)
# Damaged: a .tar.gz cut short, a gzip whose checksum is wrong.
head -c 150 "$i/pax.tar.gz" > "$i/truncated.tar.gz"
gzip -9 -n -c "$tmp/b.log" > "$tmp/b.log.gz"
n=$(wc -c < "$tmp/b.log.gz")
{ head -c $((n - 8)) "$tmp/b.log.gz"; printf '\001\002\003\004'; tail -c 4 "$tmp/b.log.gz"; } > "$i/badcrc.gz"
find "$out" -type f -size +8k -exec echo "make-corpus: large seed:" {} \;
