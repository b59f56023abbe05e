#!/bin/sh
# Boot one guest with no entropy sources and print its one result line.
#
#   run-guest.sh ARCH KERNEL INITRD LOG [KERNEL-WORDS...]
#
# The guest: TCG (JS_ACCEL=kvm on request), a CPU without RDRAND/RDSEED or
# FEAT_RNG, no disk, NIC or virtio-rng, no bootloader seed, serial console
# only, random.trust_cpu=off random.trust_bootloader=off. KERNEL-WORDS are
# added to the kernel command line. The whole serial log goes to LOG.
#
# Environment: JS_ACCEL (tcg|kvm), JS_SMP (2), JS_TIMEOUT (seconds, 300),
# JS_QEMU_ARGS (extra QEMU words, e.g. -icount ...), JS_INIT_ARGS (words
# for qemu/init.c, e.g. callers=64 or call=urandom).
#
# Output: the guest's JITTERSEED-RESULT line plus wall_ms=N (QEMU's wall
# time) and status=ok|timeout|noresult. Exit status 0 only for status=ok.
set -u
arch=${1:?usage: run-guest.sh ARCH KERNEL INITRD LOG [WORDS...]}
kernel=$2 initrd=$3 log=$4
shift 4
accel=${JS_ACCEL:-tcg}
common="-nodefaults -no-user-config -nographic -no-reboot -m 256 -smp ${JS_SMP:-2}"
common="$common -accel $accel -serial stdio -kernel $kernel -initrd $initrd"
words="random.trust_cpu=off random.trust_bootloader=off panic=-1 $*"
case $arch in
x86_64)
	cpu=qemu64
	[ "$accel" = kvm ] && cpu=host,-rdrand,-rdseed
	set -- qemu-system-x86_64 $common -bios qboot.rom -cpu $cpu \
		-append "console=ttyS0 $words -- accel=$accel ${JS_INIT_ARGS:-}" ;;
arm64)
	set -- qemu-system-aarch64 $common -M virt,dtb-randomness=off -cpu cortex-a57 \
		-append "console=ttyAMA0 $words -- accel=$accel ${JS_INIT_ARGS:-}" ;;
*) echo "run-guest: unknown arch $arch" >&2; exit 2 ;;
esac

start=$(date +%s%N)
timeout -k 5 "${JS_TIMEOUT:-300}" "$@" ${JS_QEMU_ARGS:-} </dev/null >"$log" 2>&1
rc=$?
wall_ms=$(( ($(date +%s%N) - start) / 1000000 ))
line=$(tr -d '\r' <"$log" | grep -m1 '^JITTERSEED-RESULT ')
if [ -n "$line" ]; then
	echo "$line wall_ms=$wall_ms status=ok"
	exit 0
fi
status=noresult
[ $rc -eq 124 ] || [ $rc -eq 137 ] && status=timeout
echo "JITTERSEED-RESULT arch=$arch accel=$accel wall_ms=$wall_ms status=$status"
exit 1
