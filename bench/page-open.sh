#!/bin/sh
# How long a page of the reports takes to open in a browser: Debian's
# chromium, headless, loads a copy of PAGE with a script at its end that
# forces layout and writes performance.now() (milliseconds from the start
# of navigation to the page parsed, its scripts run and laid out) into
# the document, which --dump-dom prints.  Runs RUNS times (default 5) and
# prints the minimum, median and maximum, and the page's size.
#
#   bench/page-open.sh report/summary.html
#   bench/page-open.sh report/games/1.html 3
set -eu
page=$1
runs=${2:-5}
[ -x /usr/bin/chromium ] || { echo "page-open: chromium is not installed (./setup.sh)" >&2; exit 1; }
copy="$(dirname "$page")/.page-open-$$.html"
profile=$(mktemp -d)
trap 'rm -rf "$copy" "$profile"' EXIT
sed 's|</body>|<script>document.body.offsetHeight; var m = document.createElement("pre"); m.id = "page-open"; m.textContent = "opened-ms=" + Math.round(performance.now()); document.body.appendChild(m);</script></body>|' \
    "$page" >"$copy"
times=""
i=0
while [ "$i" -lt "$runs" ]; do
    rm -rf "$profile"/*
    ms=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile/p" --dump-dom "file://$(realpath "$copy")" 2>/dev/null |
        grep -ao 'opened-ms=[0-9]*' | cut -d= -f2)
    [ -n "$ms" ] || { echo "page-open: chromium gave no figure" >&2; exit 1; }
    times="$times $ms"
    i=$((i + 1))
done
sorted=$(echo $times | tr ' ' '\n' | sort -n)
min=$(echo "$sorted" | head -1)
max=$(echo "$sorted" | tail -1)
median=$(echo "$sorted" | sed -n "$(((runs + 1) / 2))p")
echo "$page: $(wc -c <"$page") bytes, opened in $min / $median / $max ms (min / median / max of $runs)"
