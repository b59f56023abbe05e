# SPDX-License-Identifier: GPL-2.0
# The nearest-rank quantile that bench/report.awk and bench/summary.awk
# take their medians and p90s with (awk -f pick.awk -f ...).
# pick(ARR, G, N, Q): the Q-quantile (nearest rank) of ARR[G, 1..N].
function pick(arr, g, n, q,    i, j, t, r, x) {
	for (i = 1; i <= n; i++)
		x[i] = arr[g, i] + 0
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && x[j - 1] > x[j]; j--) {
			t = x[j]; x[j] = x[j - 1]; x[j - 1] = t
		}
	r = int(q * n)
	if (r < q * n)
		r++
	return x[r < 1 ? 1 : r]
}
