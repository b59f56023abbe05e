#!/bin/sh
# What the stock path and the collector do on a deterministic guest: TCG with
# -icount shift=0,sleep=off and a VM-clock RTC, -smp 1, so that every timing
# is a function of the instruction count. Boots each kernel path twice per
# ARCH and prints a Markdown table: who seeded the CRNG, what the collector
# credited and said, and whether the two boots' getrandom(0) bytes match.
#
#   determinism.sh ARCH...
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${JS_CACHE:-$HOME/.cache/jitterseed}
. "$top/qemu/result.sh"
export JS_SMP=1 JS_QEMU_ARGS="-icount shift=0,sleep=off -rtc base=2026-01-01T00:00:00,clock=vm"

echo "Produced by \`make determinism\` (tools/determinism.sh $*) on $(date -u +%F), $(qemu-system-x86_64 --version | head -n 1 | sed 's/ (.*//'), TCG."
echo
echo "| arch | accel | kernel path | crng init done | collector result (bits credited) | getrandom(0) block (ms), boot 1 / 2 | same bytes on both boots |"
echo "|---|---|---|---|---|---|---|"
for arch in "$@"; do
	for path in jitter_seed stock; do
		words=
		[ $path = stock ] && words=random.jitter_seed=off
		a=$("$top/qemu/boot.sh" "$arch" "" $words 2>/dev/null) || true
		b=$("$top/qemu/boot.sh" "$arch" "" $words 2>/dev/null) || true
		same=no
		[ "$(field "$a" bytes)" = "$(field "$b" bytes)" ] && same=yes
		crng=no
		[ "$(field "$a" crng_ns)" != none ] && crng=yes
		js=$(field "$a" js_result)
		[ -n "$js" ] && js="$js ($(field "$a" js_bits))" || js="did not run"
		echo "| $arch | tcg icount | $path | $crng | $js | $(field "$a" block_ns | awk '{ printf "%.1f", $1 / 1e6 }') / $(field "$b" block_ns | awk '{ printf "%.1f", $1 / 1e6 }') | $same |"
	done
done
