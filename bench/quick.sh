#!/bin/sh
# The main job: build each arch, boot it BOOTS times with the collector
# (jitter_seed) and without it (stock: random.jitter_seed=off), and print a
# Markdown table of how long getrandom(0) blocked. Raw result lines go to
# $JS_CACHE/quick.txt.
#
#   quick.sh BOOTS ARCH...
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${JS_CACHE:-$HOME/.cache/jitterseed}
. "$top/qemu/result.sh"
boots=$1; shift
"$top/tools/kernel-tree.sh" apply
raw=$cache/quick.txt
: >"$raw"
for arch in "$@"; do
	"$top/tools/kernel-build.sh" "$arch"
	for scenario in jitter_seed stock; do
		words=
		[ $scenario = stock ] && words=random.jitter_seed=off
		i=0
		while [ $i -lt "$boots" ]; do
			i=$((i + 1))
			line=$("$top/qemu/boot.sh" "$arch" "" $words 2>/dev/null) || true
			echo "$scenario $line" >>"$raw"
			echo "$arch $scenario boot $i/$boots: block_ns=$(field "$line" block_ns) status=$(field "$line" status)" >&2
		done
	done
done

ms() { awk '{ printf "%.1f\n", $1 / 1e6 }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
echo "| arch | accel | scenario | boots | median getrandom(0) block (ms) | min (ms) | max (ms) |"
echo "|---|---|---|---|---|---|---|"
for arch in "$@"; do
	for scenario in jitter_seed stock; do
		vals=$(grep "^$scenario .* arch=$arch " "$raw" | while read -r _ line; do
			field "$line" block_ns; done | sed '/^$/d')
		n=$(printf '%s\n' "$vals" | sed '/^$/d' | wc -l)
		accel=$(grep -m1 "^$scenario .* arch=$arch " "$raw" | sed 's/.* accel=\([^ ]*\).*/\1/')
		echo "| $arch | $accel | $scenario | $n | $(printf '%s\n' "$vals" | median | ms) | $(printf '%s\n' "$vals" | sort -n | head -1 | ms) | $(printf '%s\n' "$vals" | sort -n | tail -1 | ms) |"
	done
done
