# SPDX-License-Identifier: GPL-2.0
# The body of bench/report.sh's report.md, from boots.csv: the table, the
# targets with whether this run met them, the charts' links; and for each
# arch ARCH, PLOTS/ARCH.dat (x, ms, how it ended: 0 seeded or stock, 1
# timed out, 2 the collector's boot that fell back to stock; every boot),
# PLOTS/ARCH-marks.dat (x, median, p90: ms, NaN where there is none or it
# timed out) and PLOTS/ARCH.gp (for bench/chart.gp: the data files, the
# title, tics, ranges, how many boots timed out and fell back, output); where the run
# set counter rates (its counter_hz column), PLOTS/ARCH-rate-FAMILY.dat
# (kHz, median ms, p90 ms, one line per counter rate, for each of
# RATE_FAMILIES: a scenario's family is its name without "-NNmhz") and
# PLOTS/ARCH-rate.gp (for bench/chart-rate.gp).
#
#   awk -F, -v order="SCENARIO..." -v run="DATE, checkout COMMIT" -v plots=DIR -v pngs=DIR -f pick.awk -f report.awk boots.csv
#
# Scenarios appear in ORDER, then those ORDER lacks as boots.csv has them.
# Columns are found by name, and none that bench/run.sh added later (at the
# end) is read, so every run's boots.csv renders.
#
# Statistics are of block_ns, over ok and timed-out boots, by nearest rank;
# a timed-out boot ranks above every other (it blocked at least that long).
# Failed boots (no result, or getrandom(0) failed) are counted, not ranked.
BEGIN {
	TIMEOUT = 1e30
	MEDIAN_MS = 10	# the targets for the collector at every arch and
	P90_MS = 20	# counter class, 1 CPU and 2 (docs/benchmark.md)
	TIMES_STOCK = 100
	RATE_FAMILIES = "jitter_seed jitter_seed-1cpu stock stock-1cpu kernel-jent"
	norder = split(order, scenarios, " ")
	for (i = 1; i <= norder; i++)
		listed[scenarios[i]] = 1
}
NR == 1 {
	for (i = 1; i <= NF; i++)
		col[$i] = i
	next
}
{
	a = $col["arch"]; s = $col["scenario"]; g = a SUBSEP s
	if (!(a in seen)) {
		seen[a] = 1
		arches[++narches] = a
	}
	if ($col["accel"] != "")
		accel[a] = $col["accel"]
	# the counter's rate: the scenario's, else the one the kernel reported
	if ("counter_hz" in col) {
		if ($col["counter_hz"] != "") {
			khz[g] = $col["counter_hz"] / 1000
		} else {
			own[g] = 1
			if ($col["js_counter_khz"] != "")
				own_khz[a] = $col["js_counter_khz"]
		}
	}
	if (!(s in listed)) {
		listed[s] = 1
		scenarios[++norder] = s
	}
	boots[g]++
	if ($col["status"] == "ok" && $col["getrandom"] == "ok")
		v = $col["block_ns"]
	else if ($col["status"] == "timeout") {
		v = TIMEOUT
		timeouts[g]++
		wall[g, nvals[g] + 1] = $col["wall_ms"]
	} else {
		failed[g]++
		next
	}
	vals[g, ++nvals[g]] = v
	# a collector's boot that ended without seeding: stock's fallback seeded
	fellback[g, nvals[g]] = $col["js_result"] != "" && $col["js_result"] != "seeded"
	if (v < TIMEOUT)
		crng[g, ++ncrng[g]] = $col["crng_ns"]
	if ($col["js_bits"] != "") {
		bits[g, ++nbits[g]] = $col["js_bits"]
		samples[g, nbits[g]] = $col["js_samples"]
	}
}

function ms(ns) { return ns >= TIMEOUT ? "timeout" : sprintf("%.1f", ns / 1e6) }
function median(a, s) { return nvals[a, s] ? pick(vals, a SUBSEP s, nvals[a, s], 0.5) : "" }
function p90(a, s) { return nvals[a, s] ? pick(vals, a SUBSEP s, nvals[a, s], 0.9) : "" }
# mark(NS): a chart's mark in ms, NaN (no mark) for none or a timeout.
function mark(ns) { return ns == "" || ns >= TIMEOUT ? "NaN" : ns / 1e6 }
function verdict(ok) { return ok ? "**met**" : "**not met**" }
function family(s) { sub(/-[0-9]+mhz/, "", s); return s }
# same(S): S's counter class and guest, the suffix that names its stock
# scenario ("-24mhz-1cpu" for jitter_seed-24mhz-1cpu: stock-24mhz-1cpu).
function same(s) { match(s, /(-[0-9]+mhz)?(-1cpu|-inversion|-hz[0-9]+)?$/); return substr(s, RSTART) }

# rate_chart(A): A's medians and p90s against the counter's rate, per
# family, if the run set any rate on A and a median there is not a timeout
# (gnuplot stops on a chart with no point).
function rate_chart(a,    j, s, g, f, n, k, t, x, line, files, titles, rates, shown) {
	split("", npts); split("", fshown)
	for (j = 1; j <= norder; j++) {
		s = scenarios[j]; g = a SUBSEP s; f = family(s)
		if (!boots[g] || !nvals[g] || index(" " RATE_FAMILIES " ", " " f " ") == 0)
			continue
		x = g in khz ? khz[g] : own[g] && (a in own_khz) ? own_khz[a] : ""
		if (x == "")
			continue
		rates += (g in khz)
		shown += mark(median(a, s)) != "NaN"
		fshown[f] += mark(median(a, s)) != "NaN" || mark(p90(a, s)) != "NaN"
		n = ++npts[f]; px[f, n] = x + 0
		pl[f, n] = sprintf("%s %s %s", x, mark(median(a, s)), mark(p90(a, s)))
		for (k = n; k > 1 && px[f, k - 1] > px[f, k]; k--) {
			t = px[f, k]; px[f, k] = px[f, k - 1]; px[f, k - 1] = t
			t = pl[f, k]; pl[f, k] = pl[f, k - 1]; pl[f, k - 1] = t
		}
	}
	if (!rates || !shown)
		return
	split(RATE_FAMILIES, fam, " ")
	for (j = 1; j in fam; j++) {
		f = fam[j]
		if (!npts[f] || !fshown[f])
			continue
		line = plots "/" a "-rate-" f ".dat"
		for (k = 1; k <= npts[f]; k++)
			print pl[f, k] >line
		close(line)
		files = files (files ? " " : "") line; titles = titles (titles ? " " : "") f
	}
	g = plots "/" a "-rate.gp"
	printf "files = \"%s\"; titles = \"%s\"\n", files, titles >g
	printf "set output \"%s/%s-rate.png\"\n", pngs, a >g
	printf "set title \"Median time to the first getrandom(0) against the counter's rate: %s guest, QEMU %s (emulated timing, not hardware)\\n%s\"\n", a, toupper(accel[a]), run >g
	close(g)
	charts = charts "![" a " against the counter's rate](" a "-rate.png)\n"
}

# faster(A, J, S, TIMES): the target "J is TIMES x faster than S on A".
function faster(a, j, s, times,    js, other) {
	js = median(a, j); other = median(a, s)
	printf "- `%s` at least %d× faster than `%s` on %s: ", j, times, s, a
	if (js == "" || other == "")
		print "not measured in this run"
	else if (other >= TIMEOUT)
		printf "`%s` timed out: %s\n", s, verdict(js < TIMEOUT)
	else if (js >= TIMEOUT)
		printf "`%s` timed out: %s\n", j, verdict(0)
	else
		printf "%s ms ÷ %s ms = %.1f×: %s\n", ms(other), ms(js), other / js, verdict(other >= times * js)
}

END {
	print "| arch | accel | scenario | boots | timed out | failed | min (ms) | median (ms) | p90 (ms) | max (ms) | stock's median ÷ this | crng init, median (s after boot) | collector bits / samples, median |"
	print "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
	for (i = 1; i <= narches; i++) {
		a = arches[i]; x = 0; tics = ""; timedout = 0; fell = 0; ymin = 1	# ms
		gp = plots "/" a ".gp"
		for (j = 1; j <= norder; j++) {
			s = scenarios[j]; g = a SUBSEP s
			if (!boots[g])
				continue
			n = nvals[g]; med = median(a, s); stock = median(a, "stock" same(s))
			ratio = med == "" || med >= TIMEOUT ? "-" : stock == "" || stock >= TIMEOUT ? "-" : sprintf("%.3g×", stock / med)
			printf "| %s | %s | %s | %d | %d | %d | %s | %s | %s | %s | %s | %s | %s |\n", a, accel[a], s, boots[g],
				timeouts[g], failed[g], n ? ms(pick(vals, g, n, 0)) : "-", n ? ms(med) : "-",
				n ? ms(p90(a, s)) : "-", n ? ms(pick(vals, g, n, 1)) : "-", ratio,
				ncrng[g] ? sprintf("%.3f", pick(crng, g, ncrng[g], 0.5) / 1e9) : "-",
				nbits[g] ? pick(bits, g, nbits[g], 0.5) " / " pick(samples, g, nbits[g], 0.5) : "-"
			x++
			tics = tics (tics ? ", " : "") "\"" s " (n=" boots[g] (med != "" && med >= TIMEOUT ? ", median timed out" : "") ")\" " x
			for (k = 1; k <= n; k++) {
				if (vals[g, k] / 1e6 < ymin)
					ymin = vals[g, k] / 2e6
				printf "%.3f %s %d\n", x - 0.25 + 0.5 * k / (n + 1),
					(vals[g, k] >= TIMEOUT ? wall[g, k] : vals[g, k] / 1e6),
					(vals[g, k] >= TIMEOUT ? 1 : fellback[g, k] ? 2 : 0) >(plots "/" a ".dat")
				fell += fellback[g, k] && vals[g, k] < TIMEOUT
			}
			printf "%d %s %s\n", x, mark(med), mark(p90(a, s)) >(plots "/" a "-marks.dat")
			timedout += timeouts[g]
		}
		printf "dat = \"%s/%s.dat\"; marks = \"%s/%s-marks.dat\"\n", plots, a, plots, a >gp
		printf "timeouts = %d; fellback = %d\n", timedout, fell >gp
		printf "set output \"%s/%s.png\"\n", pngs, a >gp
		printf "set title \"How long the first getrandom(0) blocked: %s guest, QEMU %s (emulated timing, not hardware), every boot\\n%s\"\n", a, toupper(accel[a]), run >gp
		printf "set xtics (%s)\nset xrange [0.4:%d.6]\nset yrange [%g:*]\n", tics, x, ymin >gp
		charts = charts "![" a "](" a ".png)\n"
		rate_chart(a)
	}

	print ""
	print "Targets (computed from this run's medians):"
	print ""
	# the collector at each counter class, 1 CPU and 2, against stock there
	# (jitter_seed-24mhz-1cpu: stock-24mhz-1cpu); the machine's own counter
	# listed even where the run left it out
	for (i = 1; i <= narches; i++)
		for (j = 1; j <= norder; j++) {
			a = arches[i]; s = scenarios[j]
			if (s !~ /^jitter_seed(-[0-9]+mhz)?(-1cpu)?$/ || (s ~ /mhz/ && !boots[a, s]))
				continue
			js = median(a, s)
			printf "- `%s` median at most %g ms and p90 at most %g ms on %s: ", s, MEDIAN_MS, P90_MS, a
			print js == "" ? "not measured in this run" : ms(js) " ms and " ms(p90(a, s)) " ms: " \
				verdict(js <= MEDIAN_MS * 1e6 && p90(a, s) <= P90_MS * 1e6)
			faster(a, s, "stock" same(s), TIMES_STOCK)
			if (s == "jitter_seed")
				faster(a, s, "kernel-jent", 4)
		}
	lo = median("x86_64", "jitter_seed-hz100"); hi = median("x86_64", "jitter_seed-hz1000")
	printf "- `jitter_seed` unchanged between HZ=100 and HZ=1000 on x86_64 (medians within 25%% of each other): "
	if (lo == "" || hi == "")
		print "not measured in this run"
	else if (lo >= TIMEOUT || hi >= TIMEOUT)
		printf "%s ms and %s ms: %s\n", ms(lo), ms(hi), verdict(0)
	else
		printf "%s ms and %s ms: %s\n", ms(lo), ms(hi), verdict(lo <= 1.25 * hi && hi <= 1.25 * lo)
	printf "\nEvery boot, per arch (n: boots; bars: the median and the p90; a triangle: a boot that timed out, at the time it was stopped, a lower bound; a cross: a collector's boot that fell back to stock's dance; the targets are listed above, per class, not drawn):\n\n%s", charts
}
