#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Assemble in DIR what a scenario adds to the guest's initramfs (see
# qemu/make-initramfs.sh): for each ITEM, either a Debian package's files
# (ARCH's build, unpacked by tools/deps.sh) or NAME.c from bench/, built
# static as /bin/NAME; then the dynamic loader and each library those ELF
# files need that the packages do not bring, from the libc6 package of the
# same Debian release (debian in the arch table, tools/lib.sh), whose
# programs were built against it.
#
#   payload.sh ARCH DIR ITEM...
set -eu
. "$(dirname "$0")/../tools/lib.sh"
[ $# -ge 2 ] || usage
arch=$1
dir=$2
shift 2
arch_facts "$arch"
libdir=$dir/lib/$($cc -dumpmachine)	# where the loader looks by default

rm -rf "$dir"
mkdir -p "$dir/bin" "$libdir"
"$top/tools/deps.sh" debs "$arch" libc6 $(printf '%s\n' "$@" | grep -v '\.c$')
libc=$(deb_dir "$arch" libc6)
for item; do
	case $item in
	*.c) $cc -static -O2 -Wall -Wextra -o "$dir/bin/${item%.c}" "$top/bench/$item" ;;
	*) cp -a "$(deb_dir "$arch" "$item")/." "$dir/" ;;
	esac
done

# from_libc NAME: the file NAME in the libc6 package (a file, not one of its
# links, whose absolute targets would name the host's); fails, saying so,
# where there is none (callers assign its output, so set -e stops there).
from_libc() {
	f=$(find "$libc" -name "$1" -type f | head -n 1)
	[ -n "$f" ] || { echo "payload: $arch: no $1 in libc6; add its package" >&2; exit 1; }
	echo "$f"
}

# elf_words SED-RE: what SED-RE's \(group\) matches in readelf's dynamic
# section and program headers, over every ELF file in DIR (readelf skips,
# on stderr, what is not ELF).
elf_words() {
	find "$dir" -type f -exec readelf -d -l {} + 2>/dev/null | sed -n "s/$1/\\1/p" | sort -u
}
while :; do
	added=0
	for so in $(elf_words '.*(NEEDED).*Shared library: \[\(.*\)\]$'); do
		[ -n "$(find "$dir" -name "$so")" ] && continue
		f=$(from_libc "$so")
		cp "$f" "$libdir/"
		added=1
	done
	[ $added -eq 1 ] || break
done
for interp in $(elf_words '.*Requesting program interpreter: \(.*\)\]$'); do
	f=$(from_libc "$(basename "$interp")")
	mkdir -p "$dir$(dirname "$interp")"
	cp "$f" "$dir$interp"
done
