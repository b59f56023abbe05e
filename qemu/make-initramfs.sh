#!/bin/sh
# Build the guest's initramfs: our static init, /dev/console, and the mount
# points, as an uncompressed cpio made by the kernel's own gen_init_cpio.
#
#   make-initramfs.sh ARCH OUT.cpio
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${JS_CACHE:-$HOME/.cache/jitterseed}
arch=${1:?usage: make-initramfs.sh ARCH OUT.cpio}
out=${2:?usage: make-initramfs.sh ARCH OUT.cpio}
case $arch in
x86_64) cc=gcc ;;
arm64) cc=aarch64-linux-gnu-gcc ;;
*) echo "initramfs: unknown arch $arch" >&2; exit 2 ;;
esac
tree=$("$top/tools/kernel-tree.sh" path)
gen=$cache/gen_init_cpio
[ "$gen" -nt "$tree/usr/gen_init_cpio.c" ] || cc -O2 -o "$gen" "$tree/usr/gen_init_cpio.c"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
$cc -static -pthread -O2 -Wall -Wextra -o "$work/init" "$top/qemu/init.c"
cat >"$work/list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0755 0 0
dir /sys 0755 0 0
file /init $work/init 0755 0 0
LIST
"$gen" "$work/list" >"$out"
