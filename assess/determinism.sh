#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# What the stock path and the collector do on a deterministic guest: TCG with
# -icount shift=0,sleep=off and a VM-clock RTC, -smp 1, so that every timing
# is a function of the instruction count. Boots each kernel path twice per
# ARCH and writes assess/determinism.md (and prints it): a Markdown table of
# who seeded the CRNG, what the collector credited and said, and whether the
# two boots' getrandom(0) bytes match.
#
#   determinism.sh ARCH...      (make determinism)
set -eu
. "$(dirname "$0")/../qemu/guest.sh"
md=$top/assess/determinism.md
export JS_SMP=1 JS_QEMU_ARGS="-icount shift=0,sleep=off -rtc base=2026-01-01T00:00:00,clock=vm"

ms() { awk '{ printf "%.1f", $1 / 1e6 }'; }
{
	echo "Produced by \`make determinism\` (assess/determinism.sh $*) on $(date -u +%F), checkout $(git -C "$top" describe --always --dirty 2>/dev/null || echo unknown), $(qemu_version | sed 's/ (.*//'), TCG with \`$JS_QEMU_ARGS\`, -smp $JS_SMP."
	echo
	echo "| arch | accel | kernel path | crng init done | collector result (bits credited) | getrandom(0) block (ms), boot 1 / 2 | same bytes on both boots |"
	echo "|---|---|---|---|---|---|---|"
	for arch in "$@"; do
		for path in jitter_seed stock; do
			words=
			[ $path = stock ] && words=random.jitter_seed=off
			guest_boot "$arch" "" $words || true
			a=$line
			guest_boot "$arch" "" $words || true
			b=$line
			same=no
			[ "$(field "$a" bytes)" = "$(field "$b" bytes)" ] && same=yes
			crng=no
			[ "$(field "$a" crng_ns)" != none ] && crng=yes
			js=$(field "$a" js_result)
			[ -n "$js" ] && js="$js ($(field "$a" js_bits))" || js="did not run"
			echo "| $arch | tcg icount | $path | $crng | $js | $(field "$a" block_ns | ms) / $(field "$b" block_ns | ms) | $same |"
		done
	done
} >"$md.new"
mv "$md.new" "$md"
cat "$md"
