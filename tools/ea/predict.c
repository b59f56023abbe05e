// SPDX-License-Identifier: GPL-2.0
/*
 * Predictor framework (6.3.7 - 6.3.10): the global and local bounds on a
 * predictor's success probability and the scoreboard that picks among
 * sub-predictors; plus the MultiMCW (6.3.7) and Lag (6.3.8) predictors.
 */
#include <math.h>

#include "ea.h"

#define MCW_WINDOWS	4
#define LAG_DEPTH	128
#define RUN_ITER	10	/* iterations of the recurrence for x */

static const size_t mcw_width[MCW_WINDOWS] = { 63, 255, 1023, 4095 };

/* Records one prediction and whether it was right.  Returns nothing. */
void ea_pred_record(struct ea_pred *p, bool hit)
{
	p->n++;
	if (!hit) {
		p->run = 0;
		return;
	}
	p->hits++;
	if (++p->run > p->longest)
		p->longest = p->run;
}

struct run_arg {
	double r;	/* run length that was never seen */
	double n;	/* number of predictions */
};

/*
 * Returns the probability that n predictions, each right with probability
 * p, contain no run of r right ones, in the spec's form
 * (1 - p x) / ((r + 1 - r x) q) / x^(n + 1), q = 1 - p, with x from ten
 * steps of x = 1 + q p^r x^(r + 1) from x = 1.  It is computed with
 * x = 1 + e to keep precision where x is close to 1.
 */
static double no_run_prob(double p, const void *arg)
{
	const struct run_arg *a = arg;
	double q = 1.0 - p, c = q * pow(p, a->r), e = 0.0;
	int j;

	for (j = 0; j < RUN_ITER; j++)
		e = c * pow(1.0 + e, a->r + 1.0);
	return (q - p * e) / ((1.0 - a->r * e) * q) *
	       exp(-(a->n + 1.0) * log1p(e));
}

/*
 * Returns a predictor's min-entropy: -log2 of the largest of the 99% upper
 * bound on its global success rate, the local success probability implied
 * by its longest run of right predictions, and 1/k.  NAN if it made no
 * predictions.
 */
double ea_pred_entropy(const struct ea_pred *p, unsigned int k)
{
	struct run_arg a = { p->longest + 1.0, (double)p->n };
	double global, local;

	if (!p->n)
		return NAN;
	if (p->hits)
		global = ea_upper_bound((double)p->hits / p->n, p->n);
	else
		global = 1.0 - pow(0.01, 1.0 / p->n);
	local = ea_bisect(no_run_prob, &a, 0.99, 0.0, 1.0);
	return ea_h(fmax(fmax(global, local), 1.0 / k));
}

/*
 * Scores n sub-predictions pred[] (-1: none) against the value x that
 * came: each right one gains a point and becomes the winner if it has at
 * least the winner's points.  Returns the new winner.
 */
size_t ea_score(size_t *score, const int *pred, size_t n, int x,
		size_t winner)
{
	size_t j;

	for (j = 0; j < n; j++) {
		if (pred[j] != x)
			continue;
		if (++score[j] >= score[winner])
			winner = j;
	}
	return winner;
}

struct mcw_win {
	size_t w;		/* width */
	uint32_t cnt[256];	/* occurrences of each value in the window */
	int freq;		/* most frequent value, latest on ties; -1 */
};

/*
 * Returns the most frequent value of window m, the one seen last among
 * ties, with last[v] the position of the last occurrence of v; -1 if empty.
 */
static int mcw_rescan(const struct mcw_win *m, const size_t *last,
		      unsigned int k)
{
	int best = -1;
	unsigned int v;

	for (v = 0; v < k; v++) {
		if (!m->cnt[v])
			continue;
		if (best < 0 || m->cnt[v] > m->cnt[best] ||
		    (m->cnt[v] == m->cnt[best] && last[v] > last[best]))
			best = v;
	}
	return best;
}

/*
 * Moves window m on to end with sample i, dropping sample i - w.  The
 * arriving value is the latest seen, so it wins ties.  Returns nothing.
 */
static void mcw_slide(struct mcw_win *m, const struct ea_data *d, size_t i,
		      const size_t *last)
{
	unsigned int b = d->s[i];

	if (i >= m->w) {
		unsigned int a = d->s[i - m->w];

		m->cnt[a]--;
		if ((int)a == m->freq)
			m->freq = mcw_rescan(m, last, d->k);
	}
	m->cnt[b]++;
	if (m->freq < 0 || m->cnt[b] >= m->cnt[m->freq])
		m->freq = b;
}

/*
 * Returns the MultiMCW prediction estimate (6.3.7): four predictors each
 * guessing the most common value of the last 63, 255, 1023 or 4095
 * samples, with the scoreboard choosing which one to follow.
 */
double ea_multi_mcw(const struct ea_data *d)
{
	struct mcw_win win[MCW_WINDOWS] = { { 0 } };
	size_t last[256] = { 0 }, score[MCW_WINDOWS] = { 0 }, winner = 0, i, j;
	struct ea_pred st = { 0 };
	int pred[MCW_WINDOWS];

	for (j = 0; j < MCW_WINDOWS; j++) {
		win[j].w = mcw_width[j];
		win[j].freq = -1;
	}
	for (i = 0; i < d->n; i++) {
		if (i >= mcw_width[0]) {
			for (j = 0; j < MCW_WINDOWS; j++)
				pred[j] = i >= win[j].w ? win[j].freq : -1;
			ea_pred_record(&st, pred[winner] == d->s[i]);
			winner = ea_score(score, pred, MCW_WINDOWS, d->s[i],
					  winner);
		}
		for (j = 0; j < MCW_WINDOWS; j++)
			mcw_slide(&win[j], d, i, last);
		last[d->s[i]] = i;
	}
	return ea_pred_entropy(&st, d->k);
}

/*
 * Returns the Lag prediction estimate (6.3.8): 128 predictors guessing
 * the value seen 1 to 128 samples back, chosen by the scoreboard.
 */
double ea_lag(const struct ea_data *d)
{
	size_t score[LAG_DEPTH] = { 0 }, winner = 0, i, j;
	struct ea_pred st = { 0 };
	int pred[LAG_DEPTH];

	for (i = 1; i < d->n; i++) {
		for (j = 0; j < LAG_DEPTH; j++)
			pred[j] = j < i ? d->s[i - j - 1] : -1;
		ea_pred_record(&st, pred[winner] == d->s[i]);
		winner = ea_score(score, pred, LAG_DEPTH, d->s[i], winner);
	}
	return ea_pred_entropy(&st, d->k);
}
