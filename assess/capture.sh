#!/bin/sh
# On a board: capture the collector's raw samples for an entropy
# assessment, through the debugfs files of its testing interface
# (CONFIG_RANDOM_JITTER_SEED_TESTING), into DIR; then, on a host,
# `assess/run.sh --from DIR ARCH` turns them into rows and a claim.
# POSIX sh; busybox is enough (sh, dd, mkdir, mount, cat, rm, wc).
#
#   capture.sh DIR METHOD LOOPS
#
# Writes, by METHOD (workload or edges) at LOOPS (workload steps or
# counter ticks):
#   DIR/counter_khz             the counter's rate as the kernel knows it
#   DIR/METHOD-LOOPS-rows.bin   1000 restarts of 1000 samples: each a read
#                               of "restart", a fresh session that passed
#                               its start-up test
#   DIR/METHOD-LOOPS-rows.bin.failed  restarts whose start-up test failed,
#                               each tried again; past 1000 the rows are
#                               dropped (no claim at that length)
#   DIR/METHOD-LOOPS-raw.bin    245 reads of 4096 raw samples (1,003,520)
# Every read asks for a fixed number of bytes (dd), so each one ends.
# Prints nothing unless something fails (then one line on stderr, exit 1):
# run it with the console quiet, as a serial console's interrupts are noise
# of their own.
set -u
dir=${1:?usage: capture.sh DIR METHOD LOOPS}
method=${2:?usage: capture.sh DIR METHOD LOOPS}
loops=${3:?usage: capture.sh DIR METHOD LOOPS}
js=/sys/kernel/debug/jitter_seed
fail() { echo "capture: $*" >&2; exit 1; }

[ -d "$js" ] || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
[ -r "$js/restart" ] || fail "no $js/restart: a kernel with CONFIG_RANDOM_JITTER_SEED_TESTING, as root"
mkdir -p "$dir" || fail "cannot make $dir"
echo "$method" >"$js/method" 2>/dev/null || fail "method $method refused (workload or edges)"
echo "$loops" >"$js/loops" 2>/dev/null || fail "loops $loops refused (1..131072)"
cat "$js/counter_khz" >"$dir/counter_khz" || fail "no $js/counter_khz"

rows=$dir/$method-$loops-rows.bin
: >"$rows"
n=0 failed=0
while [ $n -lt 1000 ] && [ $failed -le 1000 ]; do
	if dd if="$js/restart" bs=1000 count=1 2>/dev/null >>"$rows"; then
		n=$((n + 1))
	else
		failed=$((failed + 1))
	fi
done
echo "$failed" >"$rows.failed"
if [ $n -lt 1000 ]; then
	rm -f "$rows"
	exit 0	# no restart matrix: run.sh --from reports it
fi
dd if="$js/raw" of="$dir/$method-$loops-raw.bin" bs=4096 count=245 2>/dev/null ||
	fail "reading $js/raw failed"
[ "$(wc -c <"$dir/$method-$loops-raw.bin")" -eq 1003520 ] || fail "short read of $js/raw"
