// SPDX-License-Identifier: GPL-2.0
/*
 * t-Tuple (6.3.5) and Longest Repeated Substring (6.3.6) estimates.
 *
 * Both need, for every length w, counts over all w-tuples of the data.  A
 * suffix array with its LCP array gives them in linear time after the
 * sort: the suffixes sharing a w-tuple prefix form one interval of the
 * suffix array, and the LCP intervals nest as a tree that a stack walks.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ea.h"

#define TUPLE_MIN	35	/* occurrences a tuple needs for t-Tuple */

/* Returns the rank after position i + len, or 0 past the end (ranks >= 1). */
static uint32_t rank_at(const uint32_t *rk, size_t n, size_t i, size_t len)
{
	return i + len < n ? rk[i + len] : 0;
}

/*
 * Sorts sa[] (n entries) by the key rk[], which lies in [0, m), stably
 * from the order in tmp[]; cnt[] holds m + 1 counters.
 */
static void radix_pass(uint32_t *sa, const uint32_t *tmp, const uint32_t *rk,
		       uint32_t *cnt, size_t n, size_t m)
{
	size_t i;

	memset(cnt, 0, (m + 1) * sizeof(*cnt));
	for (i = 0; i < n; i++)
		cnt[rk[i] + 1]++;
	for (i = 1; i <= m; i++)
		cnt[i] += cnt[i - 1];
	for (i = 0; i < n; i++)
		sa[cnt[rk[tmp[i]]]++] = tmp[i];
}

/*
 * Fills sa[] with the suffix array of s[0..n) by prefix doubling, and rk[]
 * with its inverse.  Returns nothing; tmp[] and cnt[] are scratch space of
 * n and max(n + 1, 257) + 1 entries.  Ranks start at 1 so that 0 can stand
 * for the empty string past the end.
 */
static void suffix_array(const uint8_t *s, size_t n, uint32_t *sa,
			 uint32_t *rk, uint32_t *tmp, uint32_t *cnt)
{
	size_t i, len, m = 257, classes;

	for (i = 0; i < n; i++) {
		rk[i] = s[i] + 1;
		tmp[i] = i;
	}
	radix_pass(sa, tmp, rk, cnt, n, m);
	for (len = 1;; len <<= 1) {
		size_t p = 0;

		/* order by the second half, then stably by the first */
		for (i = n - (len < n ? len : n); i < n; i++)
			tmp[p++] = i;
		for (i = 0; i < n; i++)
			if (sa[i] >= len)
				tmp[p++] = sa[i] - len;
		radix_pass(sa, tmp, rk, cnt, n, m);
		tmp[sa[0]] = 1;
		for (i = 1, classes = 1; i < n; i++) {
			uint32_t a = sa[i - 1], b = sa[i];

			if (rk[a] != rk[b] ||
			    rank_at(rk, n, a, len) != rank_at(rk, n, b, len))
				classes++;
			tmp[b] = classes;
		}
		memcpy(rk, tmp, n * sizeof(*rk));
		if (classes == n)
			break;
		m = classes + 1;
	}
	for (i = 0; i < n; i++)
		rk[i]--;
}

/*
 * Fills lcp[i] with the length of the longest common prefix of the
 * suffixes sa[i - 1] and sa[i] (Kasai's algorithm) and lcp[0] with 0.
 * Returns the largest value, the length of the longest repeated substring.
 */
static size_t lcp_array(const uint8_t *s, size_t n, const uint32_t *sa,
			const uint32_t *rk, uint32_t *lcp)
{
	size_t i, h = 0, max = 0;

	lcp[0] = 0;
	for (i = 0; i < n; i++) {
		size_t j;

		if (rk[i] == 0) {
			h = 0;
			continue;
		}
		j = sa[rk[i] - 1];
		while (i + h < n && j + h < n && s[i + h] == s[j + h])
			h++;
		lcp[rk[i]] = h;
		if (h > max)
			max = h;
		if (h)
			h--;
	}
	return max;
}

/*
 * Walks the LCP intervals of the suffix array.  An interval of sz suffixes
 * whose common prefix has length l, inside a parent interval of common
 * prefix length pl, is the set of occurrences of one w-tuple for every w
 * in (pl, l].  Fills best[w] with the largest such sz having l == w, and
 * adds sz (sz - 1) / 2 colliding pairs to pairs[w] for all those w, via
 * differences in pairs[pl + 1] and pairs[l + 1].  stk[] needs n + 1
 * entries of each of its two halves.
 */
static void lcp_intervals(const uint32_t *lcp, size_t n, uint32_t *best,
			  double *pairs, uint32_t *stk)
{
	uint32_t *st_l = stk, *st_lb = stk + n + 1;
	size_t top = 0, j;

	st_l[0] = 0;
	st_lb[0] = 0;
	for (j = 1; j <= n; j++) {
		uint32_t cur = j < n ? lcp[j] : 0, lb = j - 1;

		while (cur < st_l[top]) {
			uint32_t l = st_l[top], pl;
			double sz;

			lb = st_lb[top--];
			pl = cur > st_l[top] ? cur : st_l[top];
			sz = (double)(j - lb);
			if (j - lb > best[l])
				best[l] = j - lb;
			pairs[pl + 1] += sz * (sz - 1.0) / 2.0;
			pairs[l + 1] -= sz * (sz - 1.0) / 2.0;
		}
		if (cur > st_l[top]) {
			st_l[++top] = cur;
			st_lb[top] = lb;
		}
	}
}

/*
 * Returns the t-Tuple estimate from q[w], the count of the most common
 * w-tuple: the largest (q[w] / (n - w + 1))^(1/w) over the w whose most
 * common tuple occurs at least 35 times.  *t is set to the largest such w;
 * NAN if there is none.
 */
static double t_tuple(const uint32_t *q, size_t maxw, size_t n, size_t *t)
{
	double p = 0.0;
	size_t w;

	for (w = 1; w <= maxw && q[w] >= TUPLE_MIN; w++)
		p = fmax(p, pow((double)q[w] / (n - w + 1), 1.0 / w));
	*t = w - 1;
	if (*t == 0)
		return NAN;
	return ea_h(ea_upper_bound(p, n));
}

/*
 * Returns the LRS estimate: the largest w-th root of the collision
 * probability of w-tuples, pairs[w] / C(n - w + 1, 2), over w from u (the
 * first length whose most common tuple occurs under 35 times) to v (the
 * longest repeated substring); NAN if that range is empty.
 */
static double lrs(const double *pairs, size_t u, size_t v, size_t n)
{
	double p = 0.0;
	size_t w;

	if (u > v)
		return NAN;
	for (w = u; w <= v; w++) {
		double m = (double)(n - w + 1);

		p = fmax(p, pow(pairs[w] / (m * (m - 1.0) / 2.0), 1.0 / w));
	}
	return ea_h(ea_upper_bound(p, n));
}

/* Sets *t_tuple_h and *lrs_h to the t-Tuple and LRS estimates of d. */
void ea_tuple(const struct ea_data *d, double *t_tuple_h, double *lrs_h)
{
	size_t n = d->n, v, w, t;
	uint32_t *sa, *rk, *tmp, *cnt, *best;
	double *pairs;

	sa = ea_alloc(n, sizeof(*sa));
	rk = ea_alloc(n, sizeof(*rk));
	tmp = ea_alloc(n, sizeof(*tmp));
	cnt = ea_alloc(2 * (n + 1) + 256, sizeof(*cnt));
	suffix_array(d->s, n, sa, rk, tmp, cnt);
	v = lcp_array(d->s, n, sa, rk, tmp);
	best = ea_alloc(v + 2, sizeof(*best));
	pairs = ea_alloc(v + 2, sizeof(*pairs));
	lcp_intervals(tmp, n, best, pairs, cnt);
	/* best[w] becomes the count of the most common w-tuple */
	for (w = v; w >= 1; w--) {
		if (best[w + 1] > best[w])
			best[w] = best[w + 1];
		if (best[w] == 0)
			best[w] = 1;
	}
	for (w = 1; w <= v; w++)
		pairs[w] += pairs[w - 1];
	*t_tuple_h = t_tuple(best, v, n, &t);
	*lrs_h = lrs(pairs, t + 1, v, n);
	free(pairs);
	free(best);
	free(cnt);
	free(tmp);
	free(rk);
	free(sa);
}
