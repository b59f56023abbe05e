#!/bin/sh
# The bench's report, from DIR/boots.csv (bench/run.sh): DIR/report.md
# (DIR/setup.md, the table of how long the first getrandom(0) blocked per
# arch and scenario, the targets and whether this run met them, the charts)
# and DIR/ARCH.png, gnuplot's chart per arch (bench/chart.gp).
#
#   report.sh DIR
set -eu
. "$(dirname "$0")/../tools/lib.sh"
dir=${1:?usage: report.sh DIR}
plots=$dir/raw/plots
rm -rf "$plots"
mkdir -p "$plots"
body=$(awk -F, -v order="$(grep -v '^#' "$top/bench/scenarios/CFLIST" | tr '\n' ' ')" \
	-v plots="$plots" -v pngs="$dir" -f "$top/bench/report.awk" "$dir/boots.csv")
for gp in "$plots"/*.gp; do
	a=$(basename "$gp" .gp)
	touch "$plots/$a-median.dat"
	gnuplot -e "dat='$plots/$a.dat'; med='$plots/$a-median.dat'" "$gp" "$top/bench/chart.gp"
done
{
	cat "$dir/setup.md"
	echo
	echo "How long the first \`getrandom(0)\` blocked (\`block_ns\`), per boot; min, median"
	echo "and p90 by nearest rank, a timed-out boot ranking above every other."
	echo "Scenarios: bench/scenarios/; the columns: docs/results.md."
	echo
	echo "$body"
} >"$dir/report.md"
