#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Configure and build one kernel from the derived tree.
#
#   kernel-build.sh ARCH [VARIANT...] [FILE.patch]
#
# Config: allnoconfig + qemu/arch/common.config + qemu/arch/ARCH.config +
# Kconfig.frag + each qemu/variant/VARIANT.config, the first, second and
# last each followed by this tree's own options where it has a file of them
# (qemu/kver/KVER-common.config, KVER-ARCH.config, KVER-VARIANT.config,
# KVER-ARCH-VARIANT.config: options that are new or renamed in that tree,
# or that one arch's variant alone takes), merged by the kernel's
# merge_config.sh; then every option a fragment asked for must be in the
# final .config, or we stop (JS_PREFIX=1: unless this tree has no such
# option). FILE.patch: built from a worktree of the tree
# with FILE applied (tools/kernel-tree.sh worktree; bench-only kernels).
# Output: build_dir ARCH VARIANT... FILE.patch (tools/lib.sh), that is
# $JS_CACHE/build-KVER-ARCH[-VARIANT...][-FILE], compiled through ccache.
# A variant's first build starts from a copy of ARCH's own build (the
# integrator's kernel) when that exists: kbuild then recompiles only what
# the variant's options change (every file of a debug kernel; a few of a
# testing kernel), where ccache, keyed on the whole config, would miss.
set -eu
. "$(dirname "$0")/../tools/lib.sh"
arch=${1:?usage: kernel-build.sh ARCH [VARIANT...] [FILE.patch]}
shift
frags=
# add FILE NAME...: the fragment FILE, then each qemu/kver/KVER-NAME.config
# this tree has
add() {
	frags="$frags $1"
	shift
	for n; do
		[ ! -f "$top/qemu/kver/$kver-$n.config" ] || frags="$frags $top/qemu/kver/$kver-$n.config"
	done
}
add "$top/qemu/arch/common.config" common
add "$top/qemu/arch/$arch.config" "$arch"
add "$top/Kconfig.frag"
base=$(build_dir "$arch")	# none for a kernel of another tree (FILE.patch)
for v; do
	case $v in
	*.patch) tree=$("$top/tools/kernel-tree.sh" worktree "$v") base= ;;
	*) add "$top/qemu/variant/$v.config" "$v" "$arch-$v" ;;
	esac
done
out=$(build_dir "$arch" "$@")
kbuild_env "$arch"
ccache -M 5G >/dev/null

if [ -n "$base" ] && [ "$out" != "$base" ] && [ ! -f "$out/.config" ] && [ -f "$base/vmlinux" ]; then
	rm -rf "$out"
	cp -a "$base" "$out"
	# The tools kbuild builds there (x86's objtool) record their commands
	# and dependencies (.cmd, .d) by absolute path: left as the copy has
	# them, every tool is rebuilt, and every object after the new objtool
	# (a full build).
	grep -rlF --include='.*.cmd' --include='.*.d' "$base/" "$out/tools" 2>/dev/null |
		xargs -r sed -i "s|$base/|$out/|g"
fi
mkdir -p "$out"
(cd "$tree" && ./scripts/kconfig/merge_config.sh -n -O "$out" $frags) \
	>"$out/merge.log" 2>&1 || { cat "$out/merge.log" >&2; exit 1; }
# The last word on each option (later fragments win) must hold: CONFIG_X=v
# appears as is; "X is not set" is not =y/m.
awk 'FNR == NR { have[$0] = 1; next }
     /^CONFIG_[A-Z0-9_]+=/ { opt = $0; sub(/=.*/, "", opt); want[opt] = $0 }
     /^# CONFIG_[A-Z0-9_]+ is not set/ { want[$2] = $0 }
     END { for (opt in want) {
		w = want[opt]
		if (w ~ /^CONFIG_/ ? !(w in have) : ((opt "=y") in have || (opt "=m") in have))
			print w } }' \
	"$out/.config" $frags >"$out/dropped"
# JS_PREFIX=1 (a prefix of the series, tools/kernel-tree.sh prefix): an
# option that no Kconfig of this tree defines yet is not asked for.
if [ -n "${JS_PREFIX:-}" ]; then
	while read -r w; do
		o=${w#\# }; o=${o%%=*}; o=${o%% *}
		grep -rqx --include='Kconfig*' "config ${o#CONFIG_}" "$tree" && echo "$w"
	done <"$out/dropped" >"$out/dropped.defined"
	mv "$out/dropped.defined" "$out/dropped"
fi
if [ -s "$out/dropped" ]; then
	echo "build: ${out##*/}: options asked for but not in the final .config:" >&2
	sed 's/^/  /' "$out/dropped" >&2
	exit 1
fi
echo "build: ${out##*/}"
make -s -C "$tree" O="$out" "$cc_var" "$hostcc_var" -j"$(nproc)"
