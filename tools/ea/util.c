// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers shared by the estimators: allocation, the 99% confidence bound
 * and the bisection used wherever the spec solves for a probability.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ea.h"

#define Z_ALPHA		2.576	/* 99% one-sided normal quantile, per spec */
#define BISECT_STEPS	64

/* Returns zeroed memory for nmemb objects of size bytes; exits if out. */
void *ea_alloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size);

	if (!p) {
		fputs("ea: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

/* Returns p resized to nmemb objects of size bytes; exits if out. */
void *ea_realloc(void *p, size_t nmemb, size_t size)
{
	if (size && nmemb > SIZE_MAX / size)
		p = NULL;		/* we exit below, so nothing leaks */
	else
		p = realloc(p, nmemb * size);
	if (!p) {
		fputs("ea: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

/* Returns -log2(p), the min-entropy of a most likely outcome of p. */
double ea_h(double p)
{
	return p >= 1.0 ? 0.0 : -log2(p);
}

/*
 * Returns the 99% upper confidence bound on a probability observed as the
 * proportion p over n trials: min(1, p + 2.576 sqrt(p (1 - p) / (n - 1))).
 */
double ea_upper_bound(double p, size_t n)
{
	double u;

	if (n < 2)
		return 1.0;
	u = p + Z_ALPHA * sqrt(p * (1.0 - p) / (double)(n - 1));
	return u < 1.0 ? u : 1.0;
}

/*
 * Returns the 99% lower confidence bound on the mean of n observations
 * with the given sum and sum of squares, the standard deviation scaled by
 * c: mean - 2.576 c sd / sqrt(n).
 */
double ea_lower_mean(double sum, double sum2, size_t n, double c)
{
	double mean = sum / n;
	double var = (sum2 - sum * mean) / (double)(n - 1);

	return mean - Z_ALPHA * c * sqrt(var > 0.0 ? var : 0.0) /
	       sqrt((double)n);
}

/*
 * Returns the point in [lo, hi] where the decreasing function f falls to
 * target, found by bisection.  Where f(x) is not above target (this
 * includes NaN from a formula used outside its range) the root is taken
 * to lie below x.
 */
double ea_bisect(double (*f)(double x, const void *arg), const void *arg,
		 double target, double lo, double hi)
{
	int i;

	for (i = 0; i < BISECT_STEPS; i++) {
		double mid = (lo + hi) / 2.0;

		if (f(mid, arg) > target)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2.0;
}
