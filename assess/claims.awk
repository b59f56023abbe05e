# SPDX-License-Identifier: GPL-2.0
# The claim tables that assess/table.md implies, as the C file
# drivers/char/random_jitter_seed_claims.c (see claims_file in run.sh).
# tests: "ARCH=PREPROCESSOR-TEST;..." from the arch table (tools/lib.sh).
# With -v params=1, instead: each claim that is not 0 as the boot
# parameter that applies it (random.jitter_seed_claim=METHOD,LENGTH,MILLIBITS,
# the millibits rounded up, so that the kernel, which rounds them down to
# 1/256 bit, holds the claim itself), one per line, in the table's order.
# Its rows (is_row()) and a row's counter-rate class (rate_class()) are
# table.awk's, loaded first. A workload row that says how long its samples
# lasted (the last column, the counter's mean ticks per sample) holds for
# samples of its length lasting about as long (the kernel's
# rjs_claim_at()): from half the power of two at or below it to four times
# that power, a factor 2 or more either side, so that rows whose samples
# lasted alike (two runs, two hosts) fall in one key and the lowest claim
# stands, and rows whose samples lasted very differently (an emulator's
# and a fast CPU's) are two keys. A workload row without it (older runs,
# restarts across boots) caps the claim of every duration of its length
# that was measured, and stands alone only where none was: a length's
# claim never reaches a duration no row of it was measured at. An edge
# row (its samples last LENGTH ticks) holds whatever the duration.
BEGIN {
	FS = " [|] "
	nt = split(tests, kv, ";")
	for (i = 1; i <= nt; i++)
		if ((eq = index(kv[i], "=")))
			sym[substr(kv[i], 1, eq - 1)] = substr(kv[i], eq + 1)
	method["workload"] = "RJS_WORKLOAD"; method["edges"] = "RJS_EDGES"
}
# band(T): "LO, HI" ticks of a row whose samples lasted T ticks on average.
function band(t,    p) {
	for (p = 1; p * 2 <= t; p *= 2)
		;
	return sprintf("%d, %d", p / 2, p * 4)
}
function class_name(khz,    c) {
	c = rate_class(khz)
	return c == 28 ? "RJS_CLASS_TOP" : c
}
# assess/withheld's lines: keys held at 0 whatever their rows say
/^withheld / {
	split($0, w, "[ :]")
	held[w[2] SUBSEP w[3] SUBSEP class_name(w[4]) SUBSEP w[5]] = 1
	next
}
/^Produced by/ { when = $0; sub(/.* on /, "", when); sub(/,.*/, "", when) }
is_row() {
	a = $1; sub(/^[|] /, "", a)
	if (!(a in seen)) { arches[++na] = a; seen[a] = 1 }
	c = int(256 * ($9 < $10 + 0 ? $9 : $10) / 3)
	# no claim under 1/32 bit (the lowest rate a start-up test passes
	# at), nor where start-up tests failed in more than 1 in 20 restarts
	# or 1 in 100 boots: a boot would fall back from it that often
	if (c < 8 || $11 + 0 > ($2 ~ /-boot$/ ? 10 : 50) || $11 ~ /over/) c = 0
	lasted = $4 == "workload" && $12 + 0 > 0 ? band($12 + 0) : ""
	# rows of one method, class, length and duration (two runs, or two
	# rates of a class): the lowest claim stands
	k = a SUBSEP $4 SUBSEP class_name($3) SUBSEP $5 SUBSEP lasted
	if (k in at && claim[k] <= c)
		next
	if (!(k in at)) {
		at[k] = ++n[a]
		key[a, n[a]] = $4 SUBSEP class_name($3) SUBSEP sprintf("%09d", $5) SUBSEP lasted
	}
	claim[k] = c
	length_of[k] = a SUBSEP $4 SUBSEP class_name($3) SUBSEP $5
	if (lasted != "")
		measured[length_of[k]] = 1
	param[k] = sprintf("random.jitter_seed_claim=%s,%d,", $4, $5)
	note[k] = sprintf("%g MHz%s: %.3f, sanity %.3f",
			  $3 / 1000, lasted == "" ? "" : sprintf(", %d ticks", $12), $9, $10)
	head[k] = sprintf("{ %s, %s, %d, ", method[$4], class_name($3), $5)
	tail[k] = lasted == "" ? "" : ", " lasted
}

# Fold each workload claim without a duration into the claims of its
# length that have one (the lower stands), and drop it; hold the keys of
# assess/withheld at 0; then the rows.
function fold(    k, j) {
	for (k in claim) {
		if (!(length_of[k] in measured) || tail[k] != "")
			continue
		for (j in claim)
			if (length_of[j] == length_of[k] && tail[j] != "") {
				note[j] = note[j] "; no duration: " substr(note[k], index(note[k], ": ") + 2)
				if (claim[k] < claim[j])
					claim[j] = claim[k]
			}
		dropped[k] = 1
	}
	for (k in claim)
		if (length_of[k] in held) {
			claim[k] = 0
			note[k] = note[k] "; withheld"
		}
	for (k in claim)
		if (!(k in dropped))
			row[k_arch(k), at[k]] = "\t/* " note[k] " */\n\t" head[k] claim[k] tail[k] " },"
}
function k_arch(k) { return substr(k, 1, index(k, SUBSEP) - 1) }

# The rows of arch A, grouped by method and class, lengths ascending.
function table(a,    i, j, t, m, order) {
	m = n[a]
	for (i = 1; i <= m; i++)
		order[i] = i
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && key[a, order[j - 1]] > key[a, order[j]]; j--) {
			t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
		}
	print "const struct rjs_claim rjs_claims[] = {"
	for (i = 1; i <= m; i++)
		if ((a, order[i]) in row)
			print row[a, order[i]]
	print "};"
}
END {
	fold()
	if (params) {
		for (k in claim)
			if (claim[k] && !(k in dropped))
				print at[k], param[k] int((claim[k] * 1000 + 255) / 256)
		exit
	}
	print "// SPDX-License-Identifier: GPL-2.0"
	print "/*"
	print " * The claims of the arch built for, in 1/256 bit per sample, by sampling"
	print " * method, counter-rate class and length: a third of the lowest SP 800-90B"
	print " * estimate over that arch's sample sets there, capped by the restart"
	print " * sanity check; 0 under 1/32 bit or where start-up tests failed in more"
	print " * than 1 in 20 restarts (1 in 100 boots, tcg-boot rows). A"
	print " * workload claim whose samples' mean duration was measured holds for"
	print " * samples of its length lasting from half as many ticks or less to"
	print " * twice as many or more (its last two fields); a workload length's rows"
	print " * of no known duration only cap the claims of its measured ones, where"
	print " * it has any. Where runs or rates of one class disagree, the lowest"
	print " * claim stands. An arch, class, method, length or duration that was not"
	print " * assessed has no claim. Each comment:"
	print " * the counter rate assessed (and the samples' mean duration), the lowest"
	print " * estimate and the highest H the sanity check passed at, in bits per"
	print " * sample, above each. Generated (" when ")"
	print " * by the jitterseed assessment's claims.awk from its table of estimates;"
	print " * do not edit by hand."
	print " */"
	print ""
	print "#include <linux/kernel.h>"
	print ""
	print "#include \"random_jitter_seed_core.h\""
	print ""
	for (i = 1; i <= na; i++) {
		printf "#%s %s\n", i == 1 ? "if" : "elif", sym[arches[i]]
		table(arches[i])
	}
	print "#else"
	print "const struct rjs_claim rjs_claims[] = {"
	print "};"
	print "#endif"
	print ""
	print "const unsigned int rjs_nr_claims = ARRAY_SIZE(rjs_claims);"
}
