#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the guest's initramfs: our static init, /dev/console, and the mount
# points, as an uncompressed cpio made by the kernel's own gen_init_cpio.
# PAYLOAD, a directory, adds its tree (directories, files, symlinks; owned by
# root, modes kept) at the root: the bench's seeders and their libraries.
#
#   make-initramfs.sh ARCH OUT.cpio [PAYLOAD]
set -eu
. "$(dirname "$0")/../tools/lib.sh"
arch_facts "${1:?usage: make-initramfs.sh ARCH OUT.cpio [PAYLOAD]}"
out=${2:?usage: make-initramfs.sh ARCH OUT.cpio [PAYLOAD]}
payload=${3:-}
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
[ -z "$payload" ] || find "$payload" -mindepth 1 -printf '%y /%P %m %l\n' |
	while read -r type path mode target; do
		case $type in
		d) echo "dir $path $mode 0 0" ;;
		f) echo "file $path $payload$path $mode 0 0" ;;
		l) echo "slink $path $target $mode 0 0" ;;
		*) echo "initramfs: $payload$path: not a file, directory or symlink" >&2; exit 1 ;;
		esac
	done >>"$work/list"
"$gen" "$work/list" >"$out"
