#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Entropy assessment of the collector's raw samples (SP 800-90B, non-IID),
# per arch, counter rate, sampling method and length, and the claim table
# derived from it.
#
#   run.sh ARCH...          (make assess)
#   run.sh --claims         print the claim table that assess/table.md implies
#   run.sh --rates          print assess/table.md's rows as entropy per
#                           microsecond: how long a sample lasted (its
#                           measured ticks, else the edge method's length,
#                           at its counter's rate) and the lowest estimate
#                           divided by it
#   run.sh --from DIR ARCH  a board's own rows and claims, from the files
#                           assess/capture.sh wrote on it into DIR
#
# For each ARCH, each counter rate of the arch table's counters
# ($ASSESS_COUNTERS to choose), each method and each length L of its ladder
# ($ASSESS_LADDER for the workload method, else the default below plus the
# arch's assess_longer; $ASSESS_EDGES for the edge method), boots the testing
# kernel (qemu/variant/testing.config: the default kernel with the
# collector's debugfs files) under TCG once, with busybox and assess/capture.sh in its
# initramfs: the guest runs the capture an integrator runs on a board
# (1000 restarts of 1000 samples, each a fresh session at L that passed its
# start-up test, then, unless more than 1000 start-ups failed, 1,003,520
# raw samples: 245 reads of 4096 consecutive samples, each read on a fresh
# workload buffer) and prints its files (init's dump=files).
# For the arch of this machine itself, the same again on its own CPU
# (silicon rows, accel "host-CPU"): the collector's core compiled for user
# space (assess/host/), pinned to one CPU, 1000 restarts of 1000 and
# 1,000,000 consecutive raw samples. And, for each counter rate, the
# restarts across boots (accel "tcg-boot"): the method and length at which
# the boot session seeds there, at its claim (one boot without a claim
# says which), then boots of the testing kernel with that claim
# (random.jitter_seed_claim=, so the production cutoffs), each running
# capture.sh's boot mode, until 1000 boots' first 1000 samples make a
# restart matrix or more than 10 start-up tests failed (boots_lost; counted,
# not replaced: 1 in 100 of the 1000, and the key has no claim then,
# assess/claims.awk); ASSESS_BOOT_KEY=METHOD,LENGTH,MILLIBITS names the key and
# claim instead, for a guest whose calibration picks one of several
# lengths from boot to boot. $ASSESS_ACCEL ("tcg host tcg-boot" by
# default) says which of the three to take.
# Either way the files land as a capture does, in
# $JS_CACHE/assess/ARCH-WHERE/ (WHERE: the counter rate asked for, or the
# accel): counter_khz, METHOD-L-rows.bin (.failed), METHOD-L-raw.bin; and
# every row, a board's too (--from), is made from them by one function
# (length_row), which adds METHOD-L-cols.bin (the restart matrix read by
# column). Each set is estimated by tools/ea as
# symbols (H_original) and as a bitstring, MSB first (H_bitstring, x8 per
# symbol, SP 800-90B 3.1.3); the restart matrix also gets the restart
# sanity check (3.1.4.3, ea -R: the highest H at which it passes).
#
# Writes assess/table.md (a row per arch, counter, method and length and
# run; earlier runs' rows are kept) and
# drivers/char/random_jitter_seed_claims.c, a table per arch: for each
# counter-rate class, method and length, a third of the lowest estimate
# over its sets, no more than a third of the lowest H its sanity check
# passes at, rounded down to 1/256 bit, and 0 where that is under 1/32 bit
# (the lowest rate a start-up test passes at) or where start-up tests
# failed in more than 1 in 20 restarts (1 in 100 boots, tcg-boot rows;
# assess/claims.awk). A noise
# source is the machine it runs on: one arch's or one counter class's
# samples say nothing of another's, so an arch or class not assessed gets
# no claim at all.
# Run `make series` afterwards to carry the claims into patches/.
#
# --from DIR ARCH estimates a board's capture the same way (its rows keyed
# by accel "board-NAME", NAME being DIR's, and its boot captures, once 1000
# boots' rows are in, by "board-NAME-boot"), writes them to DIR/table.md and
# prints them, then, for each length with a claim, the boot parameter that
# applies it on that board (random.jitter_seed_claim=, or the same value in
# CONFIG_RANDOM_JITTER_SEED_CLAIM; docs/integrator.md). It writes nothing
# else: assess/table.md and the built-in claims stay as they are.
# ASSESS_REUSE=1 keeps the rows already assessed in $JS_CACHE (to add a
# length to the ladder without sampling the others again), and a boot row
# not made yet goes on from the boots captured before. Rows of earlier
# runs stay in the table beside this run's (the lowest claim of a key
# stands), unless ASSESS_REPLACE=1.
set -eu
. "$(dirname "$0")/../qemu/guest.sh"
export JS_VARIANT=testing	# every guest below reads the collector's debugfs
ladder=${ASSESS_LADDER-32 128 512 1024 2048 8192}
# the arch's longer lengths, unless $ASSESS_LADDER names every length
ladder_given=${ASSESS_LADDER+yes}
edges=${ASSESS_EDGES-1 4 16 64}
out=$cache/assess
table=$top/assess/table.md
claims=$top/drivers/char/random_jitter_seed_claims.c
ea=$top/tools/ea/ea

# guest_capture ARCH DIR METHOD L: boot the testing kernel once (at
# $JS_COUNTER_HZ), running assess/capture.sh METHOD L in the guest, and add
# its files to DIR. init's timed call reads /dev/urandom, which never
# blocks: a class with no claim yet falls back to the stock dance, which
# on armhf at 1 MHz never seeds, and a getrandom(0) there held the files
# back until the boot's timeout.
guest_capture() {
	echo "assess: $1 counter=${JS_COUNTER_HZ:-default}: capturing $3 at $4 (one boot)" >&2
	rm -f "$2/$3-$4"-*
	JS_INIT_ARGS="pre=/bin/sh,/bin/capture.sh,/tmp/c,$3,$4 call=urandom dump=files,/tmp/c" \
		JS_TIMEOUT=${JS_TIMEOUT:-1800} guest_boot "$1" "$out/capture-$1.cpio" || true
	captured_files "$log" "$2" && [ -e "$2/$3-$4-rows.bin.failed" ] ||
		{ echo "assess: $1 $3 $4: the capture did not finish (see $log)" >&2; return 1; }
}

# host_capture ARCH DIR METHOD L: the same files from this machine's own
# CPU (assess/host/sample.c); no rows file where more start-up tests failed
# than restarts were asked for.
host_capture() {
	echo "assess: $1 on this machine's CPU ($accel): capturing $3 at $4" >&2
	f=$2/$3-$4
	mkdir -p "$2"
	"$out/host/sample" restart 1000 1000 "$4" "$3" >"$f-rows.bin" 2>"$f.end" || rm -f "$f-rows.bin"
	sed -n 's/^khz=\([0-9]*\) .*/\1/p' "$f.end" >"$2/counter_khz"
	sed -n 's/.* failed=\([0-9]*\)$/\1/p' "$f.end" >"$f-rows.bin.failed"
	sed -n 's/.* ticks=\([0-9]*\) samples=\([0-9]*\) .*/\1 \2/p' "$f.end" >"$f-ticks"
	[ -e "$f-rows.bin" ] || return 0
	"$out/host/sample" raw 1000000 "$4" "$3" >"$f-raw.bin" 2>/dev/null
}

# accel_word PREFIX NAME: PREFIX-NAME as a word for the accel column:
# lower case, every run of other characters a "-" ("host", "AMD EPYC":
# "host-amd-epyc").
accel_word() {
	printf '%s-%s\n' "$1" "$2" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9]\{1,\}/-/g; s/-$//'
}

# cpu_name: this machine's CPU for the accel column (the model name of
# /proc/cpuinfo), e.g. "host-amd-epyc".
cpu_name() {
	accel_word host "$(sed -n 's/^model name[^:]*: *//p' /proc/cpuinfo | head -n 1)"
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

# estimate ROW-KEY RAW ROWS FAILED: one table row from the sets RAW (""
# for none), ROWS (a restart matrix, 1000 rows of 1000) and ROWS read by
# column (made here); FAILED is the count of failed start-up tests. ROW-KEY
# is "ARCH | ACCEL | KHZ | METHOD | L".
estimate() {
	echo "assess: $1: estimating ${2:+raw, }rows, cols (tools/ea, symbols and bitstring)" >&2
	cols=${3%.bin}-cols.bin
	python3 -c 'import sys; d = open(sys.argv[1], "rb").read()
sys.stdout.buffer.write(bytes(d[r * 1000 + c] for c in range(1000) for r in range(1000)))' \
		"$3" >"$cols"
	# The estimates are independent: side by side, one per CPU or more.
	: >"$3.raw-h"
	[ -z "$2" ] || min_h "$2" >"$3.raw-h" & p1=$!
	min_h "$3" >"$3.rows-h" & p2=$!
	min_h "$cols" >"$3.cols-h" & p3=$!
	"$ea" -R "$3" | sed -n 's/^restart_max H=\([^ ]*\) max=\([0-9]*\).*/\1 (F=\2)/p' >"$3.sanity" & p4=$!
	wait $p1 $p2 $p3 $p4
	raw_h=$(cat "$3.raw-h") rows_h=$(cat "$3.rows-h") cols_h=$(cat "$3.cols-h") sanity=$(cat "$3.sanity")
	rm -f "$3.raw-h" "$3.rows-h" "$3.cols-h" "$3.sanity"
	lo=$(printf '%s\n' "${rows_h% *}" "${cols_h% *}" ${raw_h:+"${raw_h% *}"} | sort -g | head -n 1)
	echo "| $1 | $(with_estimator "$raw_h") | $(with_estimator "$rows_h") | $(with_estimator "$cols_h") | $lo | $sanity | $4 |"
}

# with_estimator "H ESTIMATOR": "H (ESTIMATOR)" for the table; "" gives "-".
with_estimator() {
	[ -n "$1" ] && echo "${1% *} (${1#* })" || echo -
}

# length_row KEY F: the row of one length's capture, F-rows.bin (its
# .failed), F-raw.bin and F-ticks; KEY is "ARCH | ACCEL | KHZ | METHOD | L".
length_row() {
	if ! [ -s "$2-rows.bin" ] || [ "$(wc -c <"$2-rows.bin")" -ne 1000000 ] || ! [ -s "$2-raw.bin" ]; then
		row="| $1 | - | - | - | 0 | - | $(cat "$2-rows.bin.failed"): no restart matrix |"
	else
		row=$(estimate "$1" "$2-raw.bin" "$2-rows.bin" "$(cat "$2-rows.bin.failed")")
	fi
	echo "$row $(mean_ticks "$2-ticks") |"
}

# mean_ticks FILE: the counter's mean ticks per sample from FILE ("TICKS
# SAMPLES", capture.sh's), to a tenth under 100, else rounded; "-" where
# there is none.
mean_ticks() {
	awk '$2 > 0 { t = $1 / $2; found = 1; if (t < 100) printf "%.1f\n", t; else printf "%d\n", t + 0.5 }
		END { if (!found) print "-" }' "$1" 2>/dev/null || echo -
}

# boots_row KEY F: the row of the restarts across boots in F-boots.bin and
# F-boots.bin.failed (KEY as for length_row; the failed boots' tests from
# F-boots.bin.why beside their count): estimated once it holds 1000
# boots' rows (the first 1000, as F-boots-matrix.bin), 0 once more than
# $boots_lost boots failed their start-up test, whatever the rows; in
# between, no row yet (a board's capture still going), and a line on
# stderr says how far it is.
boots_lost=10
boots_row() {
	boots_counted "$2-boots.bin"
	why=$(boots_why "$2-boots.bin.why")
	if [ "$boots_failed" -gt $boots_lost ]; then
		echo "| $1 | - | - | - | 0 | - | $boots_failed of $((boots_rows + boots_failed)) boots$why: no restart matrix | - |"
	elif boots_not_taken; then
		echo "| $1 | - | - | - | 0 | - | $boots_passed_over of $((boots_rows + boots_passed_over)) boots not taken by calibration: no restart matrix | - |"
	elif [ "$boots_rows" -ge 1000 ]; then
		head -c 1000000 "$2-boots.bin" >"$2-boots-matrix.bin"
		echo "$(estimate "$1" "" "$2-boots-matrix.bin" "$boots_failed$why") - |"
	else
		echo "assess: ${2##*/}: $boots_rows boots' rows and $boots_failed failed so far$why; the restarts across boots take 1000 rows" >&2
	fi
}

# boots_not_taken: status 0 if calibration passed the length over in more
# than $boots_lost boots and in more boots than took it (boots_counted's
# counts): a counter that never varies there (stuck, or too coarse) would
# otherwise be booted for ever.
boots_not_taken() {
	[ "$boots_passed_over" -gt $boots_lost ] && [ "$boots_passed_over" -gt "$boots_rows" ]
}

# boots_why F: " (R N, ...)", how many boots each test failed, from F
# (capture.sh's METHOD-LENGTH-boots.bin.why), and "; N more not taken by
# calibration" (boots_counted's boots_passed_over); nothing where F is not
# there (boots captured before it was kept).
boots_why() {
	[ -s "$1" ] || return 0
	grep -vx calibration "$1" | sort | uniq -c | sort -rn |
		awk '{ printf "%s%s %d", (NR > 1 ? ", " : " ("), $2, $1 } END { if (NR) printf ")" }'
	[ "$boots_passed_over" -eq 0 ] || printf '; %d more not taken by calibration' "$boots_passed_over"
}

# assess_row ARCH METHOD L: capture (by $capture: guest_capture or
# host_capture, $accel) one length at $JS_COUNTER_HZ and make its row.
assess_row() {
	d=$out/$1-${JS_COUNTER_HZ:-$accel}
	f=$d/$2-$3
	if [ -n "${ASSESS_REUSE:-}" ] && [ -s "$f.row" ]; then
		echo "assess: $1 ${JS_COUNTER_HZ:-$accel} $2 length=$3: kept from an earlier run ($f.row)" >&2
		cat "$f.row"
		return 0
	fi
	$capture "$1" "$d" "$2" "$3" || return 1
	length_row "$1 | $accel | $(cat "$d/counter_khz") | $2 | $3" "$f" | tee "$f.row"
}

# chosen_key ARCH: the method, length and claim in millibits (bm, bl, bc)
# at which the boot session of a boot with no claim given passed its
# start-up test (its start-up line); status 1 if none of 3 boots passed.
chosen_key() {
	for try in 1 2 3; do
		guest_boot "$1" || continue
		set -- "$1" $(sed -n 's/.*start-up test: passed samples=[0-9]* method=\([a-z]*\) length=\([0-9]*\) claim_mbits=\([0-9]*\) .*/\1 \2 \3/p' "$log")
		[ $# -eq 4 ] || continue
		bm=$2 bl=$3 bc=$4
		return 0
	done
	return 1
}

# boot_rows ARCH: the restarts across boots at this counter
# ($JS_COUNTER_HZ): the method and length the boot session chooses here,
# at the claim it takes (chosen_key), then boots of the default kernel
# with that claim (boot_capture; the start-up test at its production
# cutoffs) until 1000 rows, or until more than $boots_lost start-up tests
# failed, or calibration passed the length over too often
# (boots_not_taken); and their row.
boot_rows() {
	d=$out/$1-${JS_COUNTER_HZ:-default}
	if [ -n "${ASSESS_BOOT_KEY:-}" ]; then
		bm=${ASSESS_BOOT_KEY%%,*} bc=${ASSESS_BOOT_KEY##*,}
		bl=${ASSESS_BOOT_KEY#*,}; bl=${bl%,*}
	else
		chosen_key "$1"
	fi || { echo "assess: $1 counter=${JS_COUNTER_HZ:-default}: no boot passed its start-up test; no restarts across boots" >&2; return 0; }
	f=$d/$bm-$bl
	if [ -n "${ASSESS_REUSE:-}" ] && [ -s "$f-boots.row" ]; then
		echo "assess: $1 ${JS_COUNTER_HZ:-default} $bm length=$bl boots: kept from an earlier run ($f-boots.row)" >&2
		cat "$f-boots.row"
		return 0
	fi
	echo "assess: $1 counter=${JS_COUNTER_HZ:-default}: 1000 boots' first samples at $bm $bl, random.jitter_seed_claim=$bm,$bl,$bc" >&2
	[ -n "${ASSESS_REUSE:-}" ] || rm -f "$f-boots.bin" "$f-boots.bin.failed" "$f-boots.bin.why"
	boots_counted "$f-boots.bin"
	while [ $boots_rows -lt 1000 ] && [ $boots_failed -le $boots_lost ] && ! boots_not_taken; do
		boot_capture "$1" "$out/capture-$1.cpio" "$d" "$bm" "$bl" "$bc" ||
			{ echo "assess: $1 boot $((boots_rows + boots_failed + boots_passed_over + 1)): the capture did not finish (see $log)" >&2; return 1; }
		rm -f "$log"
		[ $(((boots_rows + boots_failed + boots_passed_over) % 100)) -ne 0 ] ||
			echo "assess: $1: $boots_rows rows, $boots_failed failed, $boots_passed_over not taken by calibration" >&2
	done
	boots_row "$1 | $accel | $(cat "$d/counter_khz") | $bm | $bl" "$f" | tee "$f-boots.row"
}

# from_board DIR ARCH: a row for each length captured in DIR, and one for
# each length's restarts across boots (accel "board-NAME-boot").
from_board() {
	accel=$(accel_word board "$(basename "$1")")
	seen=
	for failed in "$1"/*-rows.bin.failed; do
		[ -e "$failed" ] || continue
		ml=${failed##*/}
		ml=${ml%-rows.bin.failed}
		length_row "$2 | $accel | $(cat "$1/counter_khz") | ${ml%-*} | ${ml##*-}" "$1/$ml"
		seen=rows
	done
	for boots in "$1"/*-boots.bin "$1"/*-boots.bin.failed; do
		ml=${boots##*/}
		ml=${ml%-boots.bin*}
		case " $seen " in *" $ml "*) continue ;; esac
		[ -e "$boots" ] || continue
		boots_row "$2 | $accel-boot | $(cat "$1/counter_khz") | ${ml%-*} | ${ml##*-}" "$1/$ml"
		seen="$seen $ml"
	done
	[ -n "$seen" ] || { echo "assess: nothing captured in $1 (assess/capture.sh)" >&2; exit 2; }
}

# claims_file TABLE: the claim tables that TABLE (assess/table.md) implies,
# the keys of assess/withheld held at 0, as a C file: one per arch
# assessed, its lengths in the table's order, each under its arch's
# preprocessor test from the arch table (assess/claims.awk).
claims_file() {
	tests=$(for a in $known_arches; do arch_facts "$a"; printf '%s=%s;' "$a" "$kconfig"; done)
	awk -v tests="$tests" -f "$top/assess/table.awk" -f "$top/assess/claims.awk" "$top/assess/withheld" "$1"
}

# rates TABLE: TABLE's rows as entropy per microsecond (--rates).
rates() {
	echo "| arch | accel | counter MHz | method | length | µs a sample | lowest (bit) | bit per µs | failed start-ups |"
	echo "|---|---|---|---|---|---|---|---|---|"
	awk -F ' [|] ' "$(cat "$top/assess/table.awk")"'
	is_row() {
		a = $1; sub(/^[|] /, "", a)
		t = $12 + 0 > 0 ? $12 + 0 : $4 == "edges" ? $5 : 0
		us = t > 0 ? t * 1000 / $3 : 0
		printf "| %s | %s | %g | %s | %s | %s | %s | %s | %s |\n", a, $2, $3 / 1000,
			$4, $5, us ? sprintf("%.2f", us) : "-", $9,
			us ? sprintf("%.3f", $9 / us) : "-", $11
	}' "$1"
}

case ${1:-} in
--claims) claims_file "$table"; exit 0 ;;
--rates) rates "$table"; exit 0 ;;
esac
mkdir -p "$out" "$top/assess"
make -s -C "$top/tools/ea"
if [ "${1:-}" = --from ]; then
	[ $# -eq 3 ] && [ -d "$2" ] || usage
	arch_facts "$3"
	from_board "$2" "$3" >"$2/table.md"
	cat "$2/table.md"
	echo
	echo "claims (boot parameter, or its value in CONFIG_RANDOM_JITTER_SEED_CLAIM):"
	awk -v params=1 -f "$top/assess/table.awk" -f "$top/assess/claims.awk" "$2/table.md" | sort -n | cut -d ' ' -f 2
	exit 0
fi

# assess_lengths ARCH: a row at each length of each method's ladder.
assess_lengths() {
	for l in $ladder $longer; do
		assess_row "$1" workload "$l" || exit 1
	done
	for l in $edges; do
		assess_row "$1" edges "$l" || exit 1
	done
}

where=${ASSESS_ACCEL-tcg host tcg-boot}
for arch in "$@"; do
	arch_facts "$arch"
	longer=
	[ -n "$ladder_given" ] || longer=$assess_longer
	case " $where " in *" tcg "*|*" tcg-boot "*)
		capture_initrd "$arch" "$out/capture-$arch.cpio" >&2 ;;
	esac
	case " $where " in *" tcg "*)
		accel=tcg capture=guest_capture
		for hz in ${ASSESS_COUNTERS:-$counters}; do
			export JS_COUNTER_HZ=$hz
			assess_lengths "$arch"
		done ;;
	esac
	case " $where " in *" tcg-boot "*)
		accel=tcg-boot
		for hz in ${ASSESS_COUNTERS:-$counters}; do
			export JS_COUNTER_HZ=$hz
			boot_rows "$arch" || exit 1
		done ;;
	esac
	case " $where " in *" host "*)
		[ "$arch" = "$(host_arch)" ] || continue
		make -s -C "$top/assess/host" O="$out/host"
		accel=$(cpu_name) capture=host_capture JS_COUNTER_HZ=
		assess_lengths "$arch" ;;
	esac
done >"$out/rows.md"
# The rows of the earlier table, then this run's, each group in its order,
# a row that is there already not twice: repeated runs of one key all stay,
# and the lowest claim among them stands (assess/claims.awk). With
# ASSESS_REPLACE=1 the earlier rows of the keys this run assessed go (a key:
# arch, accel, counter-rate class, method and length).
touch "$table"
awk -F ' [|] ' -v replace="${ASSESS_REPLACE:-}" "$(cat "$top/assess/table.awk")"'
	FNR == NR { new[$1 FS $2 FS rate_class($3) FS $4 FS $5] = 1; line[$0] = 1; next }
	is_row() && !($0 in line) && !(replace && ($1 FS $2 FS rate_class($3) FS $4 FS $5) in new)' \
	"$out/rows.md" "$table" >"$out/kept.md"

{
	echo "Produced by \`make assess\` ($([ "$where" = "tcg host tcg-boot" ] || echo "ASSESS_ACCEL='$where' ")assess/run.sh $*) on $(date -u +%F), $(qemu_version | sed 's/ (.*//'), TCG (accel tcg; tcg-boot: restarts across 1000 boots, no raw set) and the CPU of the machine that ran it (accel host-CPU: assess/host/, where that CPU's arch was assessed), workload ladder: $ladder (and, per arch, the longer lengths in tools/lib.sh), edge ladder: $edges; rows from earlier runs kept$([ -z "${ASSESS_REPLACE:-}" ] || echo " where this one did not assess them"), the lowest claim of a key standing (their dates in git log assess/table.md)."
	echo
	echo "Bits per sample; each estimate is the lower of tools/ea's on the symbols and 8 x its on the bitstring (estimator in brackets). counter_khz: the counter's rate as the guest's kernel reports it (silicon rows: as measured against CLOCK_MONOTONIC, to the MHz). length: the sample's length, workload steps (workload) or counter ticks (edges). Raw: 1,003,520 samples in 245 reads of 4096 consecutive ones, each read on a fresh workload buffer (tcg), or 1,000,000 consecutive samples of one session (host-CPU). Rows, cols: the restart matrix read by row and by column: 1000 restarts of 1000 samples, each a fresh session started after boot that passed its start-up test at the lowest claim's cutoffs (tcg, host-CPU), or the first 1000 samples of 1000 boots (tcg-boot). Sanity: the highest H_I at which the restart matrix passes SP 800-90B 3.1.4.3, and its largest count F. Failed: restarts whose start-up test failed (tried again; tcg-boot: boots whose start-up test, at the claim they were booted with, failed, and in brackets the tests that failed them where kept; boots whose calibration took no batch at that length, so began no start-up test, counted apart). Ticks: the counter's mean ticks per sample over every sample the capture took (restarts included), so how long a sample lasted there (-: not recorded; assess/run.sh --rates gives the entropy per microsecond)."
	echo
	echo "| arch | accel | counter_khz | method | length | raw | rows | cols | lowest | sanity max H_I | failed start-ups | ticks |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
	cat "$out/kept.md" "$out/rows.md"
} >"$table"

claims_file "$table" >"$claims"
cat "$table"
echo
echo "claims ($claims; make series carries them into patches/):"
grep '^	{' "$claims"
