// SPDX-License-Identifier: GPL-2.0
/*
 * Restart sanity check (SP 800-90B section 3.1.4.3): the most common value
 * in each row and each column of a restart matrix, against the binomial
 * bound that the initial entropy estimate H_I implies.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ea.h"

#define RESTART_VALUES	256	/* a sample is one byte */
#define RESTART_GRID	256	/* ea_restart_max: steps per bit */
#define RESTART_HMAX	8	/* ea_restart_max: highest H tried */

/*
 * Returns CRITBINOM(n, p, 1 - alpha): the least k with
 * P[Binomial(n, p) <= k] >= 1 - alpha, found as the least k whose upper
 * tail P[X > k] is at most alpha.  The tail is summed from k = n down, so
 * the smallest terms come first and the sum is never taken as 1 - CDF.
 * Each term exp(ln C(n, j) + j ln p + (n - j) ln(1 - p)) uses lgamma and
 * log1p, so p close to 0 or 1 keeps its precision.
 */
size_t ea_critbinom(size_t n, double p, double alpha)
{
	double lp, lq, lnf, tail = 0.0;	/* tail = P[X > k] */
	size_t k;

	if (p >= 1.0)
		return n;
	if (p <= 0.0)
		return 0;
	lp = log(p);
	lq = log1p(-p);
	lnf = lgamma(n + 1.0);
	for (k = n; k > 0; k--) {
		double t = exp(lnf - lgamma(k + 1.0) - lgamma(n - k + 1.0) +
			       k * lp + (n - k) * lq);

		if (tail + t > alpha)	/* P[X > k - 1] is too big */
			break;
		tail += t;
	}
	return k;
}

/* Returns the largest of the n counts cnt[]. */
static size_t most_common(const size_t *cnt, size_t n)
{
	size_t max = 0, i;

	for (i = 0; i < n; i++)
		if (cnt[i] > max)
			max = cnt[i];
	return max;
}

/*
 * Sets *max_row and *max_col to the largest count of the most common
 * value over the rows and over the columns of the rows x cols matrix m,
 * stored row by row.  Returns nothing.
 */
void ea_restart_counts(const uint8_t *m, size_t rows, size_t cols,
		       size_t *max_row, size_t *max_col)
{
	size_t *col = ea_alloc(cols * RESTART_VALUES, sizeof(*col));
	size_t row[RESTART_VALUES], r, c, f;

	*max_row = 0;
	for (r = 0; r < rows; r++) {
		memset(row, 0, sizeof(row));
		for (c = 0; c < cols; c++) {
			uint8_t v = m[r * cols + c];

			row[v]++;
			col[c * RESTART_VALUES + v]++;
		}
		f = most_common(row, RESTART_VALUES);
		if (f > *max_row)
			*max_row = f;
	}
	*max_col = 0;
	for (c = 0; c < cols; c++) {
		f = most_common(col + c * RESTART_VALUES, RESTART_VALUES);
		if (f > *max_col)
			*max_col = f;
	}
	free(col);
}

/*
 * Returns the cutoff U for an initial estimate of h bits per sample:
 * CRITBINOM(1000, 2^-h, 1 - alpha) with alpha = 0.01 / (2 x 1000), as
 * section 3.1.4.3 sets it for a 1000 x 1000 matrix.
 */
size_t ea_restart_cutoff(double h)
{
	return ea_critbinom(EA_RESTART_N, exp2(-h),
			    0.01 / (2.0 * EA_RESTART_N));
}

/*
 * Returns whether the largest most-common-value count f passes at h bits.
 * Section 3.1.4.3 fails the check when F is greater than U, so F == U
 * passes.  That matches alpha: P[X > U] <= alpha by the choice of U.
 */
bool ea_restart_pass(size_t f, double h)
{
	return f <= ea_restart_cutoff(h);
}

/*
 * Returns the largest h = k / 256, k = 0 .. 2048, at which the count f
 * passes, or 0 if it passes at none.  Every k is tried from the top down,
 * so the answer is exactly what ea_restart_pass says at h and it does not
 * lean on U falling as h grows.
 */
double ea_restart_max(size_t f)
{
	int k;

	for (k = RESTART_HMAX * RESTART_GRID; k > 0; k--)
		if (ea_restart_pass(f, (double)k / RESTART_GRID))
			return (double)k / RESTART_GRID;
	return 0.0;
}
