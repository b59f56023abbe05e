# SPDX-License-Identifier: GPL-2.0
# Sourced after tools/lib.sh by qemu/'s scripts and the rooms above it
# (tests/, bench/, assess/):
#   . "$(dirname "$0")/../qemu/guest.sh"
# How a guest boots, written once: its hardware words and the boot that
# hands back its result line and serial log. tools/ builds and never boots.
. "$(dirname "$0")/../tools/lib.sh"

# qemu_hw ARCH: the QEMU words for ARCH's guest hardware, besides -M: the
# memory (256 MB; 1024 for the debug kernel, as kunit.py gives it: in 256 MB
# riscv64's KASAN kernel never reached its console), $JS_SMP CPUs (2), the
# CPU model (kvm_cpu under JS_ACCEL=kvm) with its counter at $JS_COUNTER_HZ
# Hz ("" or default: the machine's own rate; else through the arch's
# counter_prop, and an arch without one stops here), the firmware, and for a
# fixed_seed arch -seed 1: QEMU writes 32 bytes of host randomness into
# that machine's device tree as /chosen/rng-seed, also into a tree given
# with -dtb, with no option against it; -seed makes them the same known
# bytes every boot.
qemu_hw() {
	arch_facts "$1"
	[ "${JS_ACCEL:-tcg}" = kvm ] && cpu=${kvm_cpu:-$cpu}
	case ${JS_COUNTER_HZ:-default} in
	default) ;;
	*[!0-9]*) echo "JS_COUNTER_HZ=$JS_COUNTER_HZ: not a rate in Hz" >&2; exit 2 ;;
	*) [ -n "$counter_prop" ] || { echo "$1: the counter's rate cannot be set (JS_COUNTER_HZ)" >&2; exit 2; }
	   cpu=$cpu,$counter_prop=$JS_COUNTER_HZ ;;
	esac
	mem=256
	[ "${JS_VARIANT:-}" = debug ] && mem=1024
	echo "-m $mem -smp ${JS_SMP:-2} -cpu $cpu${bios:+ -bios $bios}${fixed_seed:+ -seed 1}"
}

# guest_boot ARCH [INITRD|"" [KERNEL-WORDS...]]: boot one guest
# (qemu/run-guest.sh: its environment, JS_VARIANT and the rest, applies).
# Sets line (the result line) and log (the serial log,
# $JS_CACHE/logs/ARCH-XXXXXX.log); status 0 only for status=ok.
guest_boot() {
	mkdir -p "$cache/logs"
	log=$(mktemp "$cache/logs/$1-XXXXXX.log")
	boot_arch=$1 boot_initrd=${2:-}
	shift
	[ $# -eq 0 ] || shift
	line=$("$top/qemu/run-guest.sh" "$boot_arch" "$boot_initrd" "$log" "$@")
}

# capture_initrd ARCH OUT.cpio: init, plus busybox (Debian's static build
# for ARCH, tools/deps.sh) and assess/capture.sh, as a board would have
# them: boot it with init's pre=/bin/sh,/bin/capture.sh,DIR,METHOD,LENGTH
# and dump=files,DIR.
capture_initrd() {
	cp_dir=$cache/capture-payload-$1
	rm -rf "$cp_dir"
	mkdir -p "$cp_dir/bin" "$cp_dir/tmp"
	"$top/tools/deps.sh" debs "$1" busybox-static >/dev/null || return 1
	# bin/ in bookworm's package, usr/bin/ where /usr is merged (riscv64's)
	cp_deb=$(deb_dir "$1" busybox-static)
	cp "$cp_deb/bin/busybox" "$cp_dir/bin/" 2>/dev/null || cp "$cp_deb/usr/bin/busybox" "$cp_dir/bin/" || return 1
	cp "$top/assess/capture.sh" "$cp_dir/bin/"
	for cp_app in sh dd mkdir mount cat rm wc; do ln -s busybox "$cp_dir/bin/$cp_app"; done
	"$top/qemu/make-initramfs.sh" "$1" "$2" "$cp_dir"
}

# captured_files LOG DIR: the files init's dump=files printed in LOG, into
# DIR (kept beside what DIR holds); status 0 if LOG ends the dump with at
# least one file.
captured_files() {
	mkdir -p "$2"
	for cf in $(sed -n 's/^JSFILE name=\([^ ]*\) .*/\1/p' "$1"); do
		hex_lines "JSF-$cf" "$1" >"$2/$cf"
	done
	grep -q "^JSFILES-END files=[1-9]" "$1"
}

# boot_capture ARCH INITRD DIR METHOD LENGTH MILLIBITS [KERNEL-WORDS...]: one
# boot of INITRD (capture_initrd) with
# random.jitter_seed_claim=METHOD,LENGTH,MILLIBITS, running capture.sh's
# boot mode; the boot's row joins DIR/METHOD-LENGTH-boots.bin, or its failed
# start-up test DIR/METHOD-LENGTH-boots.bin.failed (and the test that
# failed it .why), as they would in a board's DIR that lasts across boots;
# then counts them (boots_counted).
# Status 0 if capture.sh ran to the end.
boot_capture() {
	bc_dir=$3 bc_f=$4-$5-boots.bin
	bc_init="pre=/bin/sh,/bin/capture.sh,/tmp/c,$4,$5,boot dump=files,/tmp/c"
	bc_arch=$1 bc_initrd=$2 bc_claim=random.jitter_seed_claim=$4,$5,$6
	shift 6
	JS_INIT_ARGS=$bc_init guest_boot "$bc_arch" "$bc_initrd" "$bc_claim" "$@"
	rm -rf "$bc_dir/boot"
	captured_files "$log" "$bc_dir/boot" && [ "$(field "$line" pre_status)" = 0 ] || return 1
	mv "$bc_dir/boot/counter_khz" "$bc_dir/"
	[ ! -e "$bc_dir/boot/$bc_f" ] || cat "$bc_dir/boot/$bc_f" >>"$bc_dir/$bc_f"
	[ ! -e "$bc_dir/boot/$bc_f.failed" ] ||
		echo $(($(cat "$bc_dir/$bc_f.failed" 2>/dev/null || echo 0) + $(cat "$bc_dir/boot/$bc_f.failed"))) \
			>"$bc_dir/$bc_f.failed"
	[ ! -e "$bc_dir/boot/$bc_f.why" ] || cat "$bc_dir/boot/$bc_f.why" >>"$bc_dir/$bc_f.why"
	rm -rf "$bc_dir/boot"
	boots_counted "$bc_dir/$bc_f"
}

# boots_counted F: boots_rows, the boots' rows in F (a METHOD-LENGTH-boots.bin
# of capture.sh's boot mode); boots_passed_over, the boots whose calibration
# found no batch of that length that varied (F.why: "calibration"; booted
# with the built-in claims, the session would have sampled at another
# length); and boots_failed, the other boots counted in F.failed, whose
# start-up test failed; 0 for a file not there.
boots_counted() {
	boots_rows=0 boots_failed=0 boots_passed_over=0
	[ ! -e "$1" ] || boots_rows=$(($(wc -c <"$1") / 1000))
	[ ! -e "$1.failed" ] || boots_failed=$(cat "$1.failed")
	[ ! -e "$1.why" ] || boots_passed_over=$(grep -cx calibration "$1.why" || true)
	boots_failed=$((boots_failed - boots_passed_over))
}
