// SPDX-License-Identifier: GPL-2.0
/*
 * Counting estimators: Most Common Value (6.3.1) for any data, and the
 * binary-only Collision (6.3.2), Markov (6.3.3) and Compression (6.3.4).
 */
#include <math.h>
#include <stdlib.h>

#include "ea.h"

#define MARKOV_LEN	128	/* length of the sequences scored by Markov */
#define CMP_BITS	6	/* Compression: bits per block */
#define CMP_DICT	1000	/* Compression: blocks priming the dictionary */
#define CMP_C		0.5907	/* Compression: Maurer's correction factor */

/* Returns the Most Common Value estimate (6.3.1). */
double ea_mcv(const struct ea_data *d)
{
	size_t cnt[256] = { 0 }, max = 0, i;

	for (i = 0; i < d->n; i++)
		cnt[d->s[i]]++;
	for (i = 0; i < d->k; i++)
		if (cnt[i] > max)
			max = cnt[i];
	return ea_h(ea_upper_bound((double)max / d->n, d->n));
}

/*
 * Returns the Collision estimate (6.3.2), or NAN for non-binary data.
 * Each run from a start until the first repeated value is 2 samples long
 * (two equal bits) or 3 (two different bits, then either one repeats).
 * For binary data the spec's expected run length,
 * p/q^2 (1 + (1/p - 1/q)/2) F(q) - p/q (1/p - 1/q)/2 with
 * F(q) = q + 2q^2 + 2q^3, simplifies to 2 + 2pq, so p is solved directly.
 * A lower bound on the mean at or below 2 gives p = 1; one at or above
 * 2.5 has no solution and gives the full 1 bit.
 */
double ea_collision(const struct ea_data *d)
{
	double sum = 0.0, sum2 = 0.0, pq;
	size_t i = 0, v = 0;

	if (!d->binary)
		return NAN;
	while (i + 1 < d->n) {
		unsigned int t = d->s[i] == d->s[i + 1] ? 2 : 3;

		if (i + t > d->n)
			break;
		sum += t;
		sum2 += t * t;
		v++;
		i += t;
	}
	if (v < 2)
		return NAN;
	pq = (ea_lower_mean(sum, sum2, v, 1.0) - 2.0) / 2.0;
	pq = fmin(fmax(pq, 0.0), 0.25);
	return ea_h(0.5 + sqrt(0.25 - pq));
}

/*
 * Returns the Markov estimate (6.3.3), or NAN for non-binary data: the
 * per-sample entropy of the most likely of six 128-bit sequences under
 * the first-order Markov model fitted to the data, capped at 1.
 */
double ea_markov(const struct ea_data *d)
{
	size_t c[2] = { 0 }, t[2][2] = { { 0 } }, i;
	double p0, p1, m[2][2], seq[6], pmax = 0.0;
	int a, b;

	if (!d->binary || d->n < 2)
		return NAN;
	for (i = 0; i < d->n; i++) {
		c[d->s[i]]++;
		if (i + 1 < d->n)
			t[d->s[i]][d->s[i + 1]]++;
	}
	p0 = (double)c[0] / d->n;
	p1 = (double)c[1] / d->n;
	for (a = 0; a < 2; a++) {
		size_t out = t[a][0] + t[a][1];

		for (b = 0; b < 2; b++)
			m[a][b] = out ? (double)t[a][b] / out : 0.0;
	}
	seq[0] = p0 * pow(m[0][0], MARKOV_LEN - 1);
	seq[1] = p0 * pow(m[0][1], MARKOV_LEN / 2) *
		 pow(m[1][0], MARKOV_LEN / 2 - 1);
	seq[2] = p0 * m[0][1] * pow(m[1][1], MARKOV_LEN - 2);
	seq[3] = p1 * m[1][0] * pow(m[0][0], MARKOV_LEN - 2);
	seq[4] = p1 * pow(m[1][0], MARKOV_LEN / 2) *
		 pow(m[0][1], MARKOV_LEN / 2 - 1);
	seq[5] = p1 * pow(m[1][1], MARKOV_LEN - 1);
	for (i = 0; i < 6; i++)
		pmax = fmax(pmax, seq[i]);
	return fmin(ea_h(pmax) / MARKOV_LEN, 1.0);
}

struct cmp_arg {
	const double *lg;	/* lg[u] = log2(u) */
	size_t blocks;		/* number of blocks */
};

/*
 * Returns the spec's G(z) summed over the test blocks (not yet divided by
 * their count): for each test block t, the expected log2 of the distance
 * back to the previous occurrence of a value of probability z, where
 * distance u < t has probability z^2 (1-z)^(u-1) and the value not
 * occurring before (counted as u = t) has z (1-z)^(t-1).  Swapping the
 * double sum, distance u is possible for blocks - max(u, CMP_DICT) blocks.
 */
static double cmp_g(double z, const struct cmp_arg *a)
{
	double sum = 0.0, pw = 1.0;	/* pw = (1-z)^(u-1) */
	size_t u;

	for (u = 1; u <= a->blocks && pw > 0.0; u++, pw *= 1.0 - z) {
		size_t later = a->blocks - (u > CMP_DICT ? u : CMP_DICT);

		sum += a->lg[u] * z * z * pw * later;
		if (u > CMP_DICT)
			sum += a->lg[u] * z * pw;
	}
	return sum;
}

/*
 * Returns the mean log2 distance expected when one block value has
 * probability p and the other 2^6 - 1 share the rest evenly.
 */
static double cmp_expect(double p, const void *arg)
{
	const struct cmp_arg *a = arg;
	double others = (1 << CMP_BITS) - 1;

	return (cmp_g(p, a) + others * cmp_g((1.0 - p) / others, a)) /
	       (a->blocks - CMP_DICT);
}

/* Returns the 6-bit block of data d starting at sample 6 * b. */
static unsigned int cmp_block(const struct ea_data *d, size_t b)
{
	unsigned int v = 0, j;

	for (j = 0; j < CMP_BITS; j++)
		v = v << 1 | d->s[b * CMP_BITS + j];
	return v;
}

/*
 * Returns the Compression estimate (6.3.4) per bit, or NAN for non-binary
 * data: Maurer's universal statistic over 6-bit blocks, lowered to its 99%
 * confidence bound and inverted to the probability of the most likely
 * block value by bisection.  No solution means the full 1 bit.
 */
double ea_compression(const struct ea_data *d)
{
	size_t blocks = d->n / CMP_BITS, dict[1 << CMP_BITS] = { 0 }, i, nu;
	double sum = 0.0, sum2 = 0.0, x, h, *lg;
	struct cmp_arg a;

	if (!d->binary || blocks < CMP_DICT + 2)
		return NAN;
	nu = blocks - CMP_DICT;
	lg = ea_alloc(blocks + 1, sizeof(*lg));
	for (i = 1; i <= blocks; i++) {
		unsigned int v = cmp_block(d, i - 1);

		lg[i] = log2((double)i);
		if (i > CMP_DICT) {
			/* distance back to v, or to 0 if v is unseen */
			double l = lg[i - dict[v]];

			sum += l;
			sum2 += l * l;
		}
		dict[v] = i;
	}
	x = ea_lower_mean(sum, sum2, nu, CMP_C);
	a.lg = lg;
	a.blocks = blocks;
	if (x >= cmp_expect(1.0 / (1 << CMP_BITS), &a))
		h = 1.0;
	else
		h = ea_h(ea_bisect(cmp_expect, &a, x, 1.0 / (1 << CMP_BITS),
				   1.0)) / CMP_BITS;
	free(lg);
	return h;
}
