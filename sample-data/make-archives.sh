#!/bin/sh
# Rebuild the sample archive(s) from the plain-text sources under src/.
#
#   sample-data/make-archives.sh
#
# The output is byte-for-byte reproducible: entries are sorted by name and
# get a fixed mtime, owner and mode, and gzip stores no name or time stamp.
# Needs GNU tar (1.28 or later, for --sort) and gzip.
#
# palindromic-2024.tar.gz holds src/palindromic-2024/ as palindromic-2024/.
# extinction-2024.tar.gz holds src/extinction-2024/ as extinction-2024/.
# backlash-2024.tar.gz holds src/backlash-2024/ as backlash-2024/.
# retro-2024.tar.gz holds src/retro-2024/ as retro-2024/.
# variant-festival-2024.tar.gz holds src/variant-festival-2024/ as
# variant-festival-2024/.
# east-west-cup-2024.tar.gz holds src/east-west-cup-2024/ as
# east-west-cup-2024/.
# chess-open-2024.tar.gz holds src/chess-open-2024/ as chess-open-2024/,
# plus one deliberately damaged entry: the log src/damaged/<name>.log is
# gzipped and cut to half its length, and stored as
# chess-open-2024/round-6/<name>.log.gz (gcaudit must report it as failed
# and go on with the rest of the archive).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

build_tar_gz() { # build_tar_gz OUTPUT DIR: DIR (under $tmp) as a .tar.gz
    LC_ALL=C tar --sort=name --format=gnu \
        --mtime='2024-12-31 00:00Z' --owner=0 --group=0 --numeric-owner \
        --mode='a=rX,u+w' \
        -C "$tmp" -cf - "$2" | gzip -n -9 > "$1.tmp"
    mv "$1.tmp" "$1"
}

# chess-open-2024.tar.gz
cp -R "$here/src/chess-open-2024" "$tmp/chess-open-2024"
damaged=open24-r6-fernandez-oconnell
gzip -n -9 -c "$here/src/damaged/$damaged.log" > "$tmp/$damaged.log.gz"
size=$(wc -c < "$tmp/$damaged.log.gz")
head -c $((size / 2)) "$tmp/$damaged.log.gz" \
    > "$tmp/chess-open-2024/round-6/$damaged.log.gz"
rm "$tmp/$damaged.log.gz"
build_tar_gz "$here/chess-open-2024.tar.gz" chess-open-2024

# palindromic-2024.tar.gz: src/palindromic-2024/ as it is
cp -R "$here/src/palindromic-2024" "$tmp/palindromic-2024"
build_tar_gz "$here/palindromic-2024.tar.gz" palindromic-2024

# extinction-2024.tar.gz: src/extinction-2024/ as it is
cp -R "$here/src/extinction-2024" "$tmp/extinction-2024"
build_tar_gz "$here/extinction-2024.tar.gz" extinction-2024

# backlash-2024.tar.gz: src/backlash-2024/ as it is
cp -R "$here/src/backlash-2024" "$tmp/backlash-2024"
build_tar_gz "$here/backlash-2024.tar.gz" backlash-2024

# retro-2024.tar.gz: src/retro-2024/ as it is
cp -R "$here/src/retro-2024" "$tmp/retro-2024"
build_tar_gz "$here/retro-2024.tar.gz" retro-2024

# variant-festival-2024.tar.gz: src/variant-festival-2024/ as it is
cp -R "$here/src/variant-festival-2024" "$tmp/variant-festival-2024"
build_tar_gz "$here/variant-festival-2024.tar.gz" variant-festival-2024

# east-west-cup-2024.tar.gz: src/east-west-cup-2024/ as it is
cp -R "$here/src/east-west-cup-2024" "$tmp/east-west-cup-2024"
build_tar_gz "$here/east-west-cup-2024.tar.gz" east-west-cup-2024

cd "$here"
if command -v sha256sum > /dev/null; then
    sha256sum chess-open-2024.tar.gz palindromic-2024.tar.gz extinction-2024.tar.gz \
        backlash-2024.tar.gz retro-2024.tar.gz variant-festival-2024.tar.gz \
        east-west-cup-2024.tar.gz
fi
