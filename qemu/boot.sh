#!/bin/sh
# Boot the built kernel of ARCH once with our init (or INITRD) and print
# the result line (see run-guest.sh).
#
#   boot.sh ARCH [INITRD|""] [KERNEL-WORDS...]
#
# Kernels: $JS_CACHE/build-x86_64/arch/x86/boot/bzImage and
#          $JS_CACHE/build-arm64/arch/arm64/boot/Image.gz; JS_VARIANT=hz100
#          (say) boots $JS_CACHE/build-ARCH-hz100 instead.
# Serial logs: $JS_CACHE/logs/ARCH-N.log (the path is printed on stderr).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${JS_CACHE:-$HOME/.cache/jitterseed}
arch=${1:?usage: boot.sh ARCH [INITRD] [WORDS...]}
initrd=${2:-}
shift; [ $# -gt 0 ] && shift
build=$cache/build-$arch${JS_VARIANT:+-$JS_VARIANT}
case $arch in
x86_64) kernel=$build/arch/x86/boot/bzImage ;;
arm64) kernel=$build/arch/arm64/boot/Image.gz ;;
*) echo "boot: unknown arch $arch" >&2; exit 2 ;;
esac
mkdir -p "$cache/logs"
if [ -z "$initrd" ]; then
	initrd=$cache/init-$arch.cpio
	[ "$initrd" -nt "$top/qemu/init.c" ] || "$top/qemu/make-initramfs.sh" "$arch" "$initrd"
fi
log=$(mktemp "$cache/logs/$arch-XXXXXX.log")
echo "boot: serial log in $log" >&2
exec "$top/qemu/run-guest.sh" "$arch" "$kernel" "$initrd" "$log" "$@"
