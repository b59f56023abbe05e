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
for dir; do echo "$dir/boots.csv"; done | xargs awk -F, -v trees="$trees" '
FNR == 1 { run++; split("", col); for (i = 1; i <= NF; i++) col[$i] = i; next }
{
	n = split($col["scenario"], w, "-")
	if (n > 2 || (w[1] != "jitter_seed" && w[1] != "stock") || (n == 2 && w[2] !~ /^[0-9]+mhz$/))
		next
	if ($col["status"] == "ok" && $col["getrandom"] == "ok")
		v = $col["block_ns"] / 1e6
	else if ($col["status"] == "timeout")
		v = 1e12 + $col["wall_ms"]
	else
		next
	k = $col["arch"] SUBSEP (n == 2 ? w[2] + 0 : "")
	if (!(k in seen)) { seen[k] = 1; keys[++nk] = k }
	g = k SUBSEP run
	if (w[1] == "stock") { s[g, ++ns[g]] = v; next }
	c[g, ++nc[g]] = v
	fell[g] += $col["js_result"] != "seeded"
	if (n == 1)
		own[k] = $col["js_counter_khz"]
}
function median(a, g, n,    i, j, t, x) {
	if (!n) return ""
	for (i = 1; i <= n; i++) x[i] = a[g, i]
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
	return x[int((n + 1) / 2)]
}
function ms(v) {
	if (v == "") return "-"
	if (v >= 1e12) return sprintf("> %d s", (v - 1e12) / 1000)
	return v >= 1000 ? sprintf("%.2f s", v / 1000) : sprintf("%.1f ms", v)
}
END {
	split(trees, tree, " ")
	printf "| arch | counter |"
	for (r = 1; r <= run; r++) printf " %s collector | %s stock | %s: stock ÷ collector |", tree[r], tree[r], tree[r]
	printf "\n|---|---|"
	for (r = 1; r <= run; r++) printf "---|---|---|"
	printf "\n"
	for (i = 1; i <= nk; i++) {
		k = keys[i]; split(k, p, SUBSEP)
		printf "| %s | %s |", p[1], p[2] != "" ? p[2] " MHz" : sprintf("%.1f MHz (its own)", own[k] / 1000)
		for (r = 1; r <= run; r++) {
			g = k SUBSEP r; cm = median(c, g, nc[g]); sm = median(s, g, ns[g])
			ratio = cm == "" || sm == "" || cm >= 1e12 ? "-" : sm >= 1e12 ? "> " int((sm - 1e12) / cm) "×" : sprintf("%.0f×", sm / cm)
			printf " %s%s | %s | %s |", ms(cm), fell[g] ? sprintf(" (%d of %d fell back)", fell[g], nc[g]) : "", ms(sm), ratio
		}
		printf "\n"
	}
}'
