#!/bin/sh
# Entropy assessment of the collector's raw samples (SP 800-90B, non-IID),
# per workload length, and the claim table derived from it.
#
#   run.sh ARCH...          (make assess)
#   run.sh --claims         print the claim table that assess/table.md implies
#
# For each ARCH and each length L of the ladder ($ASSESS_LADDER, default
# below), boots the default kernel under TCG twice: once reading 1,003,520
# consecutive raw samples at L (init's dump=raw,N,L), once 1000 restarts of
# 1000 samples, each restart a fresh session at L that passed its start-up
# test (dump=restart,1000,1000,L). The 8-bit symbols go to
# $JS_CACHE/assess/ARCH-L-{raw,rows,cols}.bin (cols: the restart matrix read
# by column). Each set is estimated by tools/ea as symbols (H_original) and
# as a bitstring, MSB first (H_bitstring, x8 per symbol, SP 800-90B 3.1.3);
# the restart matrix also gets the restart sanity check (3.1.4.3, ea -R: the
# highest H at which it passes).
#
# Writes assess/table.md (a row per arch and length) and
# drivers/char/random_jitter_seed_claims.h, a table per arch: at each
# length, a third of the lowest estimate over the arch's sets, no more than
# a third of the lowest H its sanity check passes at, rounded down to 1/256
# bit, and 0 where that is under 1/8 bit (no Adaptive Proportion Test is
# possible there) or where a start-up test failed in more than half of the
# restarts; an arch not assessed gets the lowest claim over the assessed
# ones (assess/claims.awk). A noise source is the machine it runs on: one
# arch's counter says nothing of another's, so no arch's claim is capped
# by another's.
# Run `make series` afterwards to carry the claims into patches/.
# ASSESS_REUSE=1 keeps the rows of lengths already assessed in $JS_CACHE
# (to add a length to the ladder without sampling the others again).
set -eu
. "$(dirname "$0")/../qemu/guest.sh"
ladder=${ASSESS_LADDER:-32 128 512 1024 2048 8192}
out=$cache/assess
table=$top/assess/table.md
claims=$top/drivers/char/random_jitter_seed_claims.h
ea=$top/tools/ea/ea

# samples ARCH DUMP-SPEC FILE: boot once, keep the raw symbols in FILE and
# the number of failed start-up tests in FILE.failed.
samples() {
	echo "assess: $1: sampling $2 (one boot)" >&2
	JS_INIT_ARGS="dump=$2" JS_TIMEOUT=${JS_TIMEOUT:-1800} guest_boot "$1" "" || true
	end=$(tr -d '\r' <"$log" | grep -m1 '^JSRAW-END ' || true)
	echo "$end" | sed -n 's/.*failed=\([0-9]*\).*/\1/p' >"$3.failed"
	case $end in
	*samples=*) ;;
	*) echo "assess: $1 $2: no samples (${end:-no JSRAW-END}; see $log)" >&2; return 1 ;;
	esac
	hex_lines JSRAW "$log" >"$3"
}

# min_h FILE: the lowest estimate ea gives on FILE's symbols and on its
# bitstring (x8), as "H estimator".
min_h() {
	python3 -c 'import sys; d = open(sys.argv[1], "rb").read()
sys.stdout.buffer.write(bytes((b >> (7 - i)) & 1 for b in d for i in range(8)))' "$1" >"$1.bits"
	{ "$ea" "$1"; "$ea" "$1.bits" | sed 's/^min H=\([^ ]*\) estimator=\([^ ]*\)/min H=\1 estimator=\2,bitstring/'; } |
		sed -n 's/^min H=\([^ ]*\) estimator=\([^ ]*\).*/\1 \2/p' |
		awk '{ h = $1; if ($2 ~ /bitstring/) h *= 8
		       if (!n++ || h < lo) { lo = h; at = $2 } }
		     END { printf "%.6f %s\n", lo, at }'
	rm -f "$1.bits"
}

# estimate ARCH L: one table row from the three sets at length L.
estimate() {
	f=$out/$1-$2
	echo "assess: $1 loops=$2: estimating raw, rows, cols (tools/ea, symbols and bitstring)" >&2
	set -- "$1" "$2" $(min_h "$f-raw.bin") $(min_h "$f-rows.bin") $(min_h "$f-cols.bin") \
		$("$ea" -R "$f-rows.bin" | sed -n 's/^restart_max H=\([^ ]*\) max=\([0-9]*\).*/\1 \2/p') \
		"$(cat "$f-rows.bin.failed")"
	lo=$(printf '%s\n' "$3" "$5" "$7" | sort -g | head -n 1)
	echo "| $1 | tcg | $2 | $3 ($4) | $5 ($6) | $7 ($8) | $lo | $9 (F=${10}) | ${11} |"
}

# claims_header TABLE: the claim tables that TABLE (assess/table.md) implies,
# as the C header: one per arch assessed, its lengths in the table's order,
# each under its arch's preprocessor test from the arch table
# (assess/claims.awk).
claims_header() {
	tests=$(for a in $known_arches; do arch_facts "$a"; printf '%s=%s;' "$a" "$kconfig"; done)
	awk -v tests="$tests" -f "$top/assess/claims.awk" "$1"
}

if [ "${1:-}" = --claims ]; then
	claims_header "$table"
	exit 0
fi
mkdir -p "$out" "$top/assess"
make -s -C "$top/tools/ea"

for arch in "$@"; do
	arch_facts "$arch"
	for l in $ladder $assess_longer; do
		row=$out/$arch-$l.row
		if [ -n "${ASSESS_REUSE:-}" ] && [ -s "$row" ]; then
			echo "assess: $arch loops=$l: kept from an earlier run ($row)" >&2
			cat "$row"
			continue
		fi
		samples "$arch" "raw,1000000,$l" "$out/$arch-$l-raw.bin" || exit 1
		if ! samples "$arch" "restart,1000,1000,$l" "$out/$arch-$l-rows.bin"; then
			echo "| $arch | tcg | $l | - | - | - | 0 | - | over 1000: no restart matrix |" | tee "$row"
			continue
		fi
		python3 -c 'import sys; d = open(sys.argv[1], "rb").read()
sys.stdout.buffer.write(bytes(d[r * 1000 + c] for c in range(1000) for r in range(1000)))' \
			"$out/$arch-$l-rows.bin" >"$out/$arch-$l-cols.bin"
		estimate "$arch" "$l" | tee "$row"
	done
done >"$out/rows.md"

{
	echo "Produced by \`make assess\` (assess/run.sh $*) on $(date -u +%F), $(qemu_version | sed 's/ (.*//'), TCG, ladder: $ladder (and, per arch, the longer lengths in tools/lib.sh)."
	echo
	echo "Bits per sample; each estimate is the lower of tools/ea's on the symbols and 8 x its on the bitstring (estimator in brackets). Sanity: the highest H_I at which the restart matrix passes SP 800-90B 3.1.4.3, and its largest count F. Failed: restarts whose start-up test failed (tried again)."
	echo
	echo "| arch | accel | loops | raw | rows | cols | lowest | sanity max H_I | failed start-ups |"
	echo "|---|---|---|---|---|---|---|---|---|"
	cat "$out/rows.md"
} >"$table"

claims_header "$table" >"$claims"
cat "$table"
echo
echo "claims ($claims; make series carries them into patches/):"
grep '^	{' "$claims"
