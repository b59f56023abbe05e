#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The bench's report, from DIR/boots.csv (bench/run.sh): DIR/report.md
# (DIR/setup.md, the table of how long the first getrandom(0) blocked per
# arch and scenario, the targets and whether this run met them, the charts)
# and DIR/ARCH.png, gnuplot's chart per arch (bench/chart.gp), with
# DIR/ARCH-rate.png where the run set counter rates (bench/chart-rate.gp),
# titled with the run's date and checkout from DIR/setup.md. Renders any
# run again: bench/report.awk finds boots.csv's columns by name and reads
# none that an older run's lacks.
#
#   report.sh DIR
set -eu
. "$(dirname "$0")/../tools/lib.sh"
[ $# -eq 1 ] && [ -f "$1/boots.csv" ] || usage
dir=$1
plots=$dir/raw/plots
# "(DATE TIME UTC, host ..." and "; checkout COMMIT;" in setup.md (bench/run.sh).
when=$(sed -n 's/^(\([^,]*\), host .*/\1/p' "$dir/setup.md")
commit=$(sed -n 's/.*; checkout \([^;]*\);.*/\1/p' "$dir/setup.md")
rm -rf "$plots"
mkdir -p "$plots"
body=$(awk -F, -v order="$(echo $(grep -v '^#' "$top/bench/scenarios/CFLIST"))" -v run="$when, checkout $commit" \
	-v plots="$plots" -v pngs="$dir" -f "$top/bench/pick.awk" -f "$top/bench/report.awk" "$dir/boots.csv")
for gp in "$plots"/*.gp; do
	case $gp in
	*-rate.gp) gnuplot "$gp" "$top/bench/chart-rate.gp" ;;
	*) gnuplot "$gp" "$top/bench/chart.gp" ;;
	esac
done
{
	cat "$dir/setup.md"
	echo
	echo "How long the first \`getrandom(0)\` blocked (\`block_ns\`), per boot; min, median"
	echo "and p90 by nearest rank, a timed-out boot ranking above every other."
	echo "Scenarios: bench/scenarios/; the columns: docs/benchmark.md."
	echo
	echo "$body"
} >"$dir/report.md"
