#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The README's results table, from benchmark runs (bench/run.sh): per arch,
# counter and kernel tree, the median time the first getrandom(0) blocked
# with the collector (scenario jitter_seed[-NNmhz], 2 CPUs) and with stock
# (stock[-NNmhz]), and stock's median over the collector's. Medians by
# nearest rank, a timed-out boot ranking above every other ("> N s": the
# median boot timed out at N s); boots that fell back to stock's dance
# (js_result other than seeded) are counted in the last column.
#
#   summary.sh DIR...
#
# make check renders the table again from the runs the README names and
# fails if it differs from the README's (tests/run.sh).
set -eu
. "$(dirname "$0")/../tools/lib.sh"
[ $# -ge 1 ] || usage
echo "| arch | counter | tree | collector median | stock median | stock ÷ collector | collector boots (fell back) |"
echo "|---|---|---|---|---|---|---|"
for dir; do
	[ -f "$dir/boots.csv" ] || { echo "summary: no $dir/boots.csv" >&2; exit 1; }
	tree=$(sed -n 's/.*(linux-source-\([0-9.]*\)).*/\1/p' "$dir/setup.md")
	awk -F, -v tree="$tree" '
	NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
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
		k = $col["arch"] SUBSEP (n == 2 ? w[2] : "")
		if (!(k in seen)) { seen[k] = 1; keys[++nk] = k }
		if (w[1] == "stock") { s[k, ++ns[k]] = v; next }
		c[k, ++nc[k]] = v
		if ($col["js_result"] != "seeded")
			fell[k]++
		if (n == 1)
			own[k] = $col["js_counter_khz"]
	}
	function median(a, k, n,    i, j, t, x) {
		if (!n) return ""
		for (i = 1; i <= n; i++) x[i] = a[k, i]
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
		return x[int((n + 1) / 2)]
	}
	function ms(v) {
		if (v == "") return "-"
		if (v >= 1e12) return sprintf("> %d s", (v - 1e12) / 1000)
		return sprintf("%.1f ms", v)
	}
	END {
		for (i = 1; i <= nk; i++) {
			k = keys[i]; split(k, p, SUBSEP)
			counter = p[2] != "" ? sprintf("%d MHz", p[2]) : sprintf("%.1f MHz (its own)", own[k] / 1000)
			cm = median(c, k, nc[k]); sm = median(s, k, ns[k])
			ratio = cm == "" || sm == "" || cm >= 1e12 ? "-" : sm >= 1e12 ? "> " int((sm - 1e12) / cm) "×" : sprintf("%.0f×", sm / cm)
			printf "| %s | %s | %s | %s | %s | %s | %d (%d) |\n", p[1], counter, tree, ms(cm), ms(sm), ratio, nc[k], fell[k]
		}
	}' "$dir/boots.csv"
done
