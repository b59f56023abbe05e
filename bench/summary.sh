#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The README's results table, from benchmark runs (bench/run.sh), one pair
# of columns per run (its kernel tree, from its setup.md): per arch and
# counter, the median time the first getrandom(0) blocked with the
# collector (scenario jitter_seed[-NNmhz], 2 CPUs) and with stock
# (stock[-NNmhz]), and stock's median over the collector's. Medians by
# nearest rank, a timed-out boot ranking above every other ("> N s": the
# median boot was stopped at N s, a lower bound); a collector's boots that
# fell back to stock's dance (js_result other than seeded) are counted in
# its cell.
#
#   summary.sh DIR...
#
# make check renders the table again from the runs the README names and
# fails if it differs from the README's (tests/run.sh).
set -eu
. "$(dirname "$0")/../tools/lib.sh"
[ $# -ge 1 ] || usage
trees=
for dir; do
	[ -f "$dir/boots.csv" ] || { echo "summary: no $dir/boots.csv" >&2; exit 1; }
	trees="$trees $(sed -n 's/.*(linux-source-\([0-9.]*\)).*/\1/p' "$dir/setup.md")"
done
for dir; do echo "$dir/boots.csv"; done |
	xargs awk -F, -v trees="$trees" -f "$top/bench/pick.awk" -f "$top/bench/summary.awk"
