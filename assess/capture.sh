#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# On a board: capture the collector's raw samples for an entropy
# assessment, through the debugfs files of its testing interface
# (CONFIG_RANDOM_JITTER_SEED_TESTING), into DIR; then, on a host,
# `assess/run.sh --from DIR ARCH` turns them into rows and a claim.
# POSIX sh; busybox is enough (sh, dd, mkdir, mount, cat, rm, wc).
#
#   capture.sh DIR METHOD LENGTH         raw samples and restarts
#   capture.sh DIR METHOD LENGTH boot    this boot's first samples
#
# Writes, by METHOD (workload or edges) at LENGTH (workload steps or
# counter ticks):
#   DIR/counter_khz             the counter's rate as the kernel knows it
#   DIR/METHOD-LENGTH-rows.bin   1000 restarts of 1000 samples: each a read
#                               of "restart", a fresh session that passed
#                               its start-up test
#   DIR/METHOD-LENGTH-rows.bin.failed  restarts whose start-up test failed,
#                               each tried again; past 1000 the rows are
#                               dropped (no claim at that length)
#   DIR/METHOD-LENGTH-raw.bin    245 reads of 4096 raw samples (1,003,520)
#   DIR/METHOD-LENGTH-ticks      "TICKS SAMPLES": the counter's ticks over
#                               all the samples taken at LENGTH (restarts
#                               included), so how long a sample lasted here
# or, with "boot", once per boot of a kernel booted with
# random.jitter_seed_claim=METHOD,LENGTH,MILLIBITS (the claim, so the
# start-up test's cutoffs, it would ship with; docs/integrator.md): waits
# until the RNG is seeded (whoever ran the boot session), then adds to
#   DIR/METHOD-LENGTH-boots.bin  the boot session's first 1000 samples,
#                               if its start-up test passed ("boot"),
#   DIR/METHOD-LENGTH-boots.bin.failed  else one more boot counted here,
#   DIR/METHOD-LENGTH-boots.bin.why     and the session's result (the test
#                               that failed it) added as a line here
# 1000 boots' rows make the restart matrix across boots.
# Every read asks for a fixed number of bytes (dd), so each one ends.
# Prints nothing unless something fails (then one line on stderr, exit 1):
# run it with the console quiet, as a serial console's interrupts are noise
# of their own.
set -u
usage="usage: capture.sh DIR METHOD LENGTH [boot]"
dir=${1:?$usage}
method=${2:?$usage}
length=${3:?$usage}
js=/sys/kernel/debug/jitter_seed
fail() { echo "capture: $*" >&2; exit 1; }

[ -d "$js" ] || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
[ -r "$js/restart" ] || fail "no $js/restart: a kernel with CONFIG_RANDOM_JITTER_SEED_TESTING, as root"
mkdir -p "$dir" || fail "cannot make $dir"
cat "$js/counter_khz" >"$dir/counter_khz" || fail "no $js/counter_khz"

# boot_row: this boot's row, or one more failed boot; either way the boot
# session must have sampled METHOD at LENGTH (or failed before choosing).
boot_row() {
	boots=$dir/$method-$length-boots.bin
	dd if=/dev/random bs=1 count=1 of=/dev/null 2>/dev/null || fail "reading /dev/random failed"
	if dd if="$js/boot" bs=1000 count=1 of="$dir/boot.new" 2>/dev/null; then
		status_has "method=$method length=$length" || not_this_length
		cat "$dir/boot.new" >>"$boots"
	else
		# length=0: it ended before choosing (its method field is then
		# meaningless)
		status_has "method=$method length=$length" || status_has "length=0" || not_this_length
		failed=$(cat "$boots.failed" 2>/dev/null || echo 0)
		echo $((failed + 1)) >"$boots.failed"
		why=$(cat "$js/status")
		why=${why#*result=}
		echo "${why%% *}" >>"$boots.why"
	fi
	rm -f "$dir/boot.new"
}

# status_has WORDS: status 0 if the boot session's status has WORDS, as
# whole words in that order.
status_has() {
	case " $(cat "$js/status") " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

not_this_length() {
	rm -f "$dir/boot.new"
	fail "the boot session did not sample $method at $length: boot with random.jitter_seed_claim=$method,$length,MILLIBITS"
}

case ${4:-} in
boot) boot_row; exit 0 ;;
'') ;;
*) fail "$usage" ;;
esac
echo "$method" >"$js/method" 2>/dev/null || fail "method $method refused (workload or edges)"
echo "$length" >"$js/length" 2>/dev/null || fail "length $length refused (1..131072)"

rows=$dir/$method-$length-rows.bin
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
cat "$js/ticks" >"$dir/$method-$length-ticks" || fail "no $js/ticks"
if [ $n -lt 1000 ]; then
	rm -f "$rows"
	exit 0	# no restart matrix: run.sh --from reports it
fi
dd if="$js/raw" of="$dir/$method-$length-raw.bin" bs=4096 count=245 2>/dev/null ||
	fail "reading $js/raw failed"
[ "$(wc -c <"$dir/$method-$length-raw.bin")" -eq 1003520 ] || fail "short read of $js/raw"
cat "$js/ticks" >"$dir/$method-$length-ticks" || fail "no $js/ticks"
