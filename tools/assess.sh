#!/bin/sh
# Entropy assessment of the collector's raw samples (SP 800-90B, non-IID).
#
#   assess.sh ARCH...
#
# For each ARCH, boots the default kernel under TCG twice: once reading
# 1,003,520 consecutive raw samples (init's dump=raw), once 1000 restarts of
# 1000 samples (dump=restart). The 8-bit symbols go to
# $JS_CACHE/assess/ARCH-{raw,rows,cols}.bin (cols: the restart matrix read
# by column). Each set is estimated by tools/ea as symbols (H_original) and as
# a bitstring, MSB first (H_bitstring, reported x8 per symbol, SP 800-90B
# 3.1.3). Prints one Markdown row per set, then the lowest estimate.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${JS_CACHE:-$HOME/.cache/jitterseed}
out=$cache/assess
mkdir -p "$out"
make -s -C "$top/tools/ea"
ea=$top/tools/ea/ea

# samples ARCH DUMP-SPEC FILE: boot once, keep the raw symbols in FILE.
samples() {
	JS_INIT_ARGS="dump=$2" JS_TIMEOUT=${JS_TIMEOUT:-1800} \
		"$top/qemu/boot.sh" "$1" "" 2>"$out/boot.err" >/dev/null || true
	log=$(sed -n 's/^boot: serial log in //p' "$out/boot.err")
	grep -q '^JSRAW-END samples=' "$log" ||
		{ echo "assess: $1 $2: no samples (see $log)" >&2; exit 1; }
	tr -d '\r' <"$log" | perl -ne 'print pack("H*", $1) if /^JSRAW ([0-9a-f]+)$/' >"$3"
}

# min_h FILE: the lowest estimate ea gives, and which.
min_h() { "$ea" "$1" | sed -n 's/^min H=\([^ ]*\) estimator=\([^ ]*\).*/\1 \2/p'; }

# row ARCH SET: estimate one set as symbols and as a bitstring.
row() {
	f=$out/$1-$2.bin
	python3 -c 'import sys; d = open(sys.argv[1], "rb").read()
sys.stdout.buffer.write(bytes((b >> (7 - i)) & 1 for b in d for i in range(8)))' "$f" >"$f.bits"
	set -- "$1" "$2" $(min_h "$f") $(min_h "$f.bits")
	bits8=$(awk -v h="$5" 'BEGIN { printf "%.6f", 8 * h }')
	n=$(wc -c <"$f")
	echo "| $1 | tcg | $2 | $n | $3 ($4) | $bits8 ($6) | $(awk -v a="$3" -v b="$bits8" 'BEGIN { print (a < b ? a : b) }') |"
}

echo "Produced by \`make assess\` (tools/assess.sh $*) on $(date -u +%F), $(qemu-system-x86_64 --version | head -n 1 | sed 's/ (.*//'), TCG."
echo
echo "| arch | accel | set | samples | H_original (estimator) | 8 x H_bitstring (estimator) | min |"
echo "|---|---|---|---|---|---|---|"
for arch in "$@"; do
	samples "$arch" raw,1000000 "$out/$arch-raw.bin"
	samples "$arch" restart,1000,1000 "$out/$arch-rows.bin"
	python3 -c 'import sys; d = open(sys.argv[1], "rb").read()
sys.stdout.buffer.write(bytes(d[r * 1000 + c] for c in range(1000) for r in range(1000)))' \
		"$out/$arch-rows.bin" >"$out/$arch-cols.bin"
	for set in raw rows cols; do
		row "$arch" "$set"
	done
done | tee "$out/table.md"
echo
awk -F' [|] ' '{ h = $7 + 0; if (!n++ || h < lo) { lo = h; at = $1 " " $3 } }
	END { sub(/^[|] /, "", at); printf "lowest: %s bits per sample (%s); a third of it: %.4f\n", lo, at, lo / 3 }' "$out/table.md"
