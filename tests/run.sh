#!/bin/sh
# All tests. Each prints "ok - NAME" or "not ok - NAME"; the run ends with
# "N passed, N failed" and fails if any test failed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${JS_CACHE:-$HOME/.cache/jitterseed}
export JS_CACHE=$cache
. "$top/qemu/result.sh"
tree=$("$top/tools/kernel-tree.sh" path)
pass=0 fail=0
# Debian's python3 has ply and git for checkpatch's SPDX check.
PATH=/usr/bin:$PATH

check() {	# check NAME COMMAND...: run, report
	name=$1; shift
	if "$@" >"$cache/test.out" 2>&1; then
		echo "ok - $name"; pass=$((pass + 1))
	else
		echo "not ok - $name"; sed 's/^/#   /' "$cache/test.out" | tail -n 20
		fail=$((fail + 1))
	fi
}

series_applies() { "$top/tools/kernel-tree.sh" apply; }
checkpatch_clean() {
	for p in $(grep -v '^#' "$top/patches/series"); do
		out=$("$tree/scripts/checkpatch.pl" --strict -q "$top/patches/$p" 2>&1)
		[ -z "$out" ] || { echo "$p:"; echo "$out"; return 1; }
	done
}
patches_match_drivers() {
	d=$(mktemp -d); "$top/tools/kernel-tree.sh" refresh "$d" &&
		diff -ru "$top/patches" "$d"; rc=$?; rm -rf "$d"
	"$top/tools/kernel-tree.sh" apply; return $rc
}
builds() { "$top/tools/kernel-build.sh" "$1"; }
# W=1 and sparse (C=2: check even if up to date): nothing on the files the series touches.
static_clean() {
	case $1 in x86_64) cross= ;; arm64) cross=aarch64-linux-gnu- ;; esac
	out=$(make -s -C "$tree" O="$cache/build-$1" ARCH=$1 CROSS_COMPILE=$cross C=2 W=1 \
		drivers/char/random_jitter_seed.o drivers/char/random.o 2>&1 |
		grep 'drivers/char/random')	# arm64's vDSO has warnings of its own
	[ -z "$out" ] || { echo "$out"; return 1; }
}
# boot ARCH WORDS...: boot once, keep the result line in $line and the log in $log
boot() {
	arch=$1; shift
	line=$("$top/qemu/boot.sh" "$arch" "" "$@" 2>"$cache/boot.err")
	log=$(sed -n 's/^boot: serial log in //p' "$cache/boot.err")
}
expect() {	# expect KEY VALUE
	[ "$(field "$line" "$1")" = "$2" ] || { echo "$1: want $2 in: $line"; return 1; }
}
crng_done() { grep -q "random: crng init done" "$log" || { echo "no crng init done"; return 1; }; }
log_has() { grep -q "$1" "$log" || { echo "log lacks: $1"; return 1; }; }
log_lacks() { ! grep -q "$1" "$log" || { echo "log has: $1"; return 1; }; }

check "tools/ea estimator tests" make -s -C "$top/tools/ea" check
check "series applies to pristine linux-source-6.1 with git am" series_applies
check "checkpatch --strict clean on every patch" checkpatch_clean
check "patches/ agree with drivers/" patches_match_drivers

for arch in x86_64 arm64; do
	check "$arch builds" builds "$arch"
	check "$arch W=1 and sparse clean on the files we touch" static_clean "$arch"
	boot "$arch"
	check "$arch boots and getrandom(0) returns" expect getrandom ok
	check "$arch kernel log shows crng init done" crng_done
	check "$arch guest CPU has no RNG instruction" expect cpu_rng absent
	check "$arch collector credited the seed" expect js_result seeded
	check "$arch collector logged its start" log_has "random: jitter_seed: start: comm=init"

	boot "$arch" random.jitter_seed=off
	check "$arch jitter_seed=off: getrandom(0) returns (stock path)" expect getrandom ok
	check "$arch jitter_seed=off: crng init done" crng_done
	check "$arch jitter_seed=off: collector did not run" expect js none

	boot "$arch" random.jitter_seed=maybe random.jitter_seed_osr=0
	check "$arch bad random.jitter_seed: warned" log_has "invalid random.jitter_seed=maybe, using the default (on)"
	check "$arch bad random.jitter_seed_osr: warned" log_has "invalid random.jitter_seed_osr=0 (1..16), using the default (1)"
	check "$arch bad parameters: defaults in force, seeded" expect js_result seeded
	check "$arch bad parameters: osr default" expect js_osr 1

	boot "$arch" random.jitter_seed_osr=4
	check "$arch osr=4: seeded with osr 4" expect js_osr 4
	check "$arch osr=4: four times the samples of osr 1" expect js_samples $((1024 + 4 * 1024))
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
