#!/bin/sh
# The benchmark: how long the first getrandom(0) blocks, over many boots,
# per scenario (bench/scenarios/) and arch, under the accelerator
# qemu/run-guest.sh picks (TCG). Builds the kernels and initramfs images the
# scenarios need, then boots in rounds (boot 1 of every scenario, then boot
# 2, ...: a slow change in the host's load spreads over all scenarios), a
# progress line per boot on stderr. A boot that times out or fails is kept
# as such. Writes bench/results/DATE-HOST/: boots.csv (a row per boot),
# setup.md, then bench/report.sh's report.md and ARCH.png; raw/ keeps each
# boot's result line and serial log. A run of every scenario on both arches
# also puts the report into README.md (bench/readme.sh).
#
#   run.sh BOOTS
#
# Environment: BENCH_ARCHES (default: x86_64 arm64), BENCH_SCENARIOS
# (default: those in bench/scenarios/CFLIST, in its order).
#
# A scenario file: "# what it is" lines, then KEY VALUE lines, each optional:
#   arches ARCH...     the arches it runs on (default: none)
#   variant NAME       the kernel: build-ARCH-NAME (qemu/variant/NAME.config)
#   patch FILE         ... built from a worktree of the kernel tree with
#                      bench/FILE applied (bench-only kernels)
#   boot WORDS         kernel command-line words
#   init WORDS         words for qemu/init.c (daemon=, pre=, call=)
#   payload ITEM...    added to the initramfs by bench/payload.sh
#   timeout SECONDS    a boot's limit (JS_TIMEOUT; else run-guest.sh's)
#   boots N            at most N boots, whatever BOOTS says
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${JS_CACHE:-$HOME/.cache/jitterseed}
. "$top/qemu/result.sh"
boots=${1:?usage: run.sh BOOTS}
all_arches="x86_64 arm64"
all_scenarios=$(grep -v '^#' "$top/bench/scenarios/CFLIST")
arches=${BENCH_ARCHES:-$all_arches}
scenarios=${BENCH_SCENARIOS:-$all_scenarios}
out=$top/bench/results/$(date +%F)-$(hostname -s)
raw=$out/raw

# key SCENARIO KEY: the value of the scenario's KEY line, or "".
key() { sed -n "s/^$2 //p" "$top/bench/scenarios/$1"; }

# patched_tree PATCH NAME: $cache/linux-6.1-NAME, a worktree of the kernel
# tree at its HEAD with bench/PATCH applied; made again when HEAD or PATCH
# changed. Under the build lock, as tools/kernel-tree.sh changes the tree.
patched_tree() {
	tree=$("$top/tools/kernel-tree.sh" path)
	wt=$cache/linux-6.1-$2
	(
		flock 9
		want="$(git -C "$tree" rev-parse HEAD) $(sha256sum <"$top/bench/$1")"
		if [ "$(cat "$wt.stamp" 2>/dev/null)" != "$want" ]; then
			echo "bench: $wt: kernel tree + bench/$1" >&2
			rm -rf "$wt" "$wt.stamp"
			git -C "$tree" worktree prune
			git -C "$tree" worktree add -q --detach "$wt" HEAD
			git -C "$wt" apply "$top/bench/$1"
			echo "$want" >"$wt.stamp"
		fi
	) 9>"$cache/build.lock"
	echo "$wt"
}

# The (arch, scenario) pairs this run boots.
plan=$(for s in $scenarios; do
	[ -f "$top/bench/scenarios/$s" ] || { echo "bench: no scenario $s" >&2; exit 2; }
	for a in $(key "$s" arches); do
		case " $arches " in *" $a "*) echo "$a $s" ;; esac
	done
done)
[ -n "$plan" ] || { echo "bench: nothing to run" >&2; exit 2; }

"$top/tools/kernel-tree.sh" apply
echo "$plan" | while read -r arch s; do
	echo "$arch $(key "$s" variant) $(key "$s" patch)"
done | sort -u | while read -r arch variant patch; do
	tree=
	[ -z "$patch" ] || tree=$(patched_tree "$patch" "$variant")
	env ${tree:+JS_TREE=$tree} "$top/tools/kernel-build.sh" "$arch" $variant </dev/null
done
mkdir -p "$cache/bench"
echo "$plan" | while read -r arch s; do
	payload=$(key "$s" payload)
	[ -n "$payload" ] || continue
	"$top/bench/payload.sh" "$arch" "$cache/bench/$arch-$s" $payload
	"$top/qemu/make-initramfs.sh" "$arch" "$cache/bench/$arch-$s.cpio" "$cache/bench/$arch-$s"
done

rm -rf "$out"
mkdir -p "$raw"
series=$(git -C "$("$top/tools/kernel-tree.sh" path)" log -1 --format=%s)
cat >"$out/setup.md" <<EOF
Command: \`make bench BOOTS=$boots$([ "$arches" = "$all_arches" ] || echo " ARCHES='$arches'")$([ "$scenarios" = "$all_scenarios" ] || echo " SCENARIOS='$(echo $scenarios)'")\`
($(date -u '+%F %H:%M UTC'), host $(hostname -s): $(nproc) CPUs, $(qemu-system-x86_64 --version | head -n 1),
accelerator ${JS_ACCEL:-tcg}, guests with -smp ${JS_SMP:-2}; checkout $(git -C "$top" describe --always --dirty);
kernel: linux-source-6.1 + patches/series, top patch "$series").
EOF
echo "arch,accel,scenario,boot,status,getrandom,block_ns,call_ns,crng_ns,js_result,js_bits,js_samples,wall_ms" >"$out/boots.csv"
i=0
while [ $i -lt "$boots" ]; do
	i=$((i + 1))
	echo "$plan" | while read -r arch s; do
		most=$(key "$s" boots)
		[ "${most:-$boots}" -lt "$boots" ] || most=$boots
		[ $i -le "$most" ] || continue
		cpio=
		[ -z "$(key "$s" payload)" ] || cpio=$cache/bench/$arch-$s.cpio
		timeout=$(key "$s" timeout)
		line=$(env ${timeout:+JS_TIMEOUT=$timeout} JS_VARIANT="$(key "$s" variant)" \
			JS_INIT_ARGS="$(key "$s" init)" \
			"$top/qemu/boot.sh" "$arch" "$cpio" $(key "$s" boot) </dev/null 2>"$raw/boot.err") || true
		mv "$(sed -n 's/^boot: serial log in //p' "$raw/boot.err")" "$raw/$arch-$s-$i.log"
		echo "$s $i $line" >>"$raw/results.txt"
		row="$arch,$(field "$line" accel),$s,$i"
		for k in status getrandom block_ns call_ns crng_ns js_result js_bits js_samples wall_ms; do
			row="$row,$(field "$line" $k)"
		done
		echo "$row" >>"$out/boots.csv"
		block=$(field "$line" block_ns)
		echo "bench: $arch $s boot $i/$most: $(field "$line" status), $(
			if [ -n "$block" ]; then awk -v ns="$block" 'BEGIN { printf "getrandom(0) blocked %.1f ms", ns / 1e6 }'
			else echo "QEMU ran $(field "$line" wall_ms) ms"; fi)" >&2
	done
done
rm -f "$raw/boot.err"
"$top/bench/report.sh" "$out"
if [ "$arches" = "$all_arches" ] && [ "$scenarios" = "$all_scenarios" ]; then
	"$top/bench/readme.sh" "$out"
fi
echo "bench: $out/report.md"
