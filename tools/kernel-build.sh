#!/bin/sh
# Configure and build one kernel from the derived tree.
#
#   kernel-build.sh ARCH [VARIANT...]
#
# Config: allnoconfig + qemu/arch/ARCH.config + Kconfig.frag + each
# qemu/variant/VARIANT.config, merged by the kernel's merge_config.sh; then
# every option a fragment asked for must be in the final .config, or we stop.
# Output: $JS_CACHE/build-ARCH[-VARIANT...], compiled through ccache.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
arch=${1:?usage: kernel-build.sh ARCH [VARIANT...]}
shift
. "$top/tools/kbuild-env.sh"
name=build-$arch
frags="$top/qemu/arch/$arch.config $top/Kconfig.frag"
for v in "$@"; do
	name=$name-$v
	frags="$frags $top/qemu/variant/$v.config"
done
out=$cache/$name
ccache -M 5G >/dev/null

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
if [ -s "$out/dropped" ]; then
	echo "build: $name: options asked for but not in the final .config:" >&2
	sed 's/^/  /' "$out/dropped" >&2
	exit 1
fi
echo "build: $name"
make -s -C "$tree" O="$out" "$cc_var" "$hostcc_var" -j"$(nproc)"
