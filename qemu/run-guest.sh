#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Boot one guest with no entropy sources and print its one result line.
# Callers boot through guest_boot (qemu/guest.sh), which picks LOG.
#
#   run-guest.sh ARCH INITRD|"" LOG [KERNEL-WORDS...]
#
# The kernel: kernel_image ARCH $JS_VARIANT (tools/lib.sh), e.g.
# $JS_CACHE/build-6.1-x86_64-hz100/arch/x86/boot/bzImage for JS_VARIANT=hz100.
# INITRD "": our init, $JS_CACHE/init-ARCH.cpio (made again when
# qemu/init.c changes). The guest: TCG (JS_ACCEL=kvm on request), a CPU
# without RDRAND/RDSEED, FEAT_RNG or Zkr, no disk, NIC or virtio-rng, no
# bootloader or device-tree seed, serial console only,
# random.trust_cpu=off random.trust_bootloader=off, loglevel=8 (the
# collector's start-up lines are KERN_DEBUG). KERNEL-WORDS are added
# to the kernel command line. The whole serial log goes to LOG. An arch
# whose QEMU always puts an rng-seed into its device tree (fixed_seed in
# the arch table: riscv64) gets a constant one (qemu_hw), mixed but never
# credited (random.trust_bootloader=off): it adds nothing unknown to the pool.
#
# Environment: JS_ACCEL (tcg|kvm), JS_SMP (2), JS_COUNTER_HZ (the counter's
# rate, where the arch can set it: qemu_hw), JS_TIMEOUT (seconds, 300),
# JS_QEMU_ARGS (extra QEMU words, e.g. -icount ...), JS_INIT_ARGS (words
# for qemu/init.c, e.g. callers=64 or call=urandom), JS_VARIANT.
#
# Output: the guest's JITTERSEED-RESULT line plus wall_ms=N (QEMU's wall
# time) and status=ok|timeout|noresult. Exit status 0 only for status=ok.
set -u
. "$(dirname "$0")/../qemu/guest.sh"
arch=${1:?usage: run-guest.sh ARCH INITRD LOG [WORDS...]}
initrd=$2 log=$3
shift 3
kernel=$(kernel_image "$arch" ${JS_VARIANT:-})
arch_facts "$arch"
if [ -z "$initrd" ]; then
	initrd=$cache/init-$arch.cpio
	[ "$initrd" -nt "$top/qemu/init.c" ] || "$top/qemu/make-initramfs.sh" "$arch" "$initrd" || exit 2
fi
accel=${JS_ACCEL:-tcg}
hw=$(qemu_hw "$arch") || exit 2
set -- "$qemu" -nodefaults -no-user-config -nographic -no-reboot $hw ${machine:+-M $machine} \
	-accel "$accel" -serial stdio -kernel "$kernel" -initrd "$initrd" \
	-append "console=$console loglevel=8 random.trust_cpu=off random.trust_bootloader=off panic=-1 $* -- accel=$accel ${JS_INIT_ARGS:-}"

start=$(date +%s%N)
timeout -k 5 "${JS_TIMEOUT:-300}" "$@" ${JS_QEMU_ARGS:-} </dev/null >"$log.serial" 2>&1
rc=$?
# The kernel writes to the serial console while init does, so a kernel line
# can land inside one of init's ("JITTERSEED-RESUL[    2.243439] tsc:
# Refined TSC ...", then "T arch=..." on the next line). The log keeps each
# kernel line whole on a line of its own and joins the pieces of init's
# line around it, without the console's carriage returns: what reads a
# log (tools/lib.sh, the rooms above) finds init's lines whole.
perl -ne 's/\r//g;
	if (/^(.+?)(\[ *[0-9]+\.[0-9]+\] .*\n?)$/s && $1 !~ /^\[/) { $piece .= $1; print $2; next }
	if (/^\[ *[0-9]+\.[0-9]+\] /) { print; next }
	print $piece . $_; $piece = "";
	END { print "$piece\n" if length $piece }' "$log.serial" >"$log"
rm -f "$log.serial"
wall_ms=$(( ($(date +%s%N) - start) / 1000000 ))
line=$(grep -m1 '^JITTERSEED-RESULT ' "$log")
if [ -n "$line" ]; then
	echo "$line wall_ms=$wall_ms status=ok"
	exit 0
fi
status=noresult
[ $rc -eq 124 ] || [ $rc -eq 137 ] && status=timeout
echo "JITTERSEED-RESULT arch=$arch accel=$accel wall_ms=$wall_ms status=$status"
exit 1
