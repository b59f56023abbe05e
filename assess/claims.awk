# The claim tables that assess/table.md implies, as the C header
# drivers/char/random_jitter_seed_claims.h (see claims_header in run.sh).
# tests: "ARCH=PREPROCESSOR-TEST;..." from the arch table (tools/lib.sh).
BEGIN {
	FS = " [|] "
	nt = split(tests, kv, ";")
	for (i = 1; i <= nt; i++)
		if ((eq = index(kv[i], "=")))
			sym[substr(kv[i], 1, eq - 1)] = substr(kv[i], eq + 1)
}
/^Produced by/ { when = $0; sub(/.* on /, "", when); sub(/,.*/, "", when) }
/^[|] [a-z0-9_]+ [|] [a-z]+ [|] [0-9]+ [|] / {
	a = $1; sub(/^[|] /, "", a); l = $3
	if (!(a in seen)) { arches[++na] = a; seen[a] = 1 }
	k = a SUBSEP l
	len[a] = len[a] " " l
	lo[k] = $7 + 0; san[k] = $8 + 0
	c = int(256 * (lo[k] < san[k] ? lo[k] : san[k]) / 3)
	if (c < 32 || $9 + 0 > 500 || $9 ~ /over/) c = 0
	claim[k] = c
	n[l]++
	if (!(l in low) || c < low[l]) low[l] = c
}
function table(a,    i, m, ls) {
	m = split(substr(len[a], 2), ls, " ")
	print "const struct rjs_claim rjs_claims[] = {"
	for (i = 1; i <= m; i++)
		printf "\t{ %d, %d },\t/* lowest %.3f, sanity %.3f */\n", ls[i], claim[a, ls[i]], lo[a, ls[i]], san[a, ls[i]]
	print "};"
}
END {
	print "/* SPDX-License-Identifier: GPL-2.0 */"
	print "/*"
	print " * The claim per workload length of the arch built for, in 1/256 bit per"
	print " * sample: a third of the lowest SP 800-90B estimate over that arch's"
	print " * sample sets at that length, capped by the restart sanity check; 0 under"
	print " * 1/8 bit or where most start-up tests failed. An arch that was not"
	print " * assessed gets the lowest claim of the assessed ones at each length they"
	print " * all have. Generated (" when ") from the assessment's table of"
	print " * estimates; do not edit by hand."
	print " */"
	for (i = 1; i <= na; i++) {
		printf "#%s %s\n", i == 1 ? "if" : "elif", sym[arches[i]]
		table(arches[i])
	}
	print "#else"
	print "const struct rjs_claim rjs_claims[] = {"
	m = split(substr(len[arches[1]], 2), ls, " ")
	for (i = 1; i <= m; i++)
		if (n[ls[i]] == na)
			printf "\t{ %d, %d },\n", ls[i], low[ls[i]]
	print "};"
	print "#endif"
}
