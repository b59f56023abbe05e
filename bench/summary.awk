# SPDX-License-Identifier: GPL-2.0
# The body of bench/summary.sh: the README's results table from the runs'
# boots.csv files, one run after the other (FNR == 1 starts the next).
#
#   awk -F, -v trees="KVER..." -f pick.awk -f summary.awk DIR/boots.csv...
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
function median(a, g, n) { return n ? pick(a, g, n, 0.5) : "" }
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
}
