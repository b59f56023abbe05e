/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ea - NIST SP 800-90B section 6.3 non-IID min-entropy estimators.
 *
 * Every estimator returns the min-entropy per sample in bits, or NAN when it
 * does not apply to the data (non-binary input for the binary-only ones, or
 * too few samples).  restart.c adds the restart sanity check of section
 * 3.1.4.3, which works on counts rather than estimates.
 */
#ifndef EA_H
#define EA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EA_RESTART_N	1000	/* restarts, and samples per restart */

struct ea_data {
	const uint8_t *s;	/* samples, each below k */
	size_t n;		/* number of samples */
	unsigned int k;		/* alphabet size: 2 if binary, else 2^bits */
	bool binary;		/* every sample is 0 or 1 */
};

/* State of one predictor's run over the data (sections 6.3.7 - 6.3.10). */
struct ea_pred {
	size_t n;		/* predictions made */
	size_t hits;		/* correct predictions */
	size_t run;		/* current run of correct predictions */
	size_t longest;		/* longest run of correct predictions */
};

/* util.c */
void *ea_alloc(size_t nmemb, size_t size);
void *ea_realloc(void *p, size_t nmemb, size_t size);
double ea_h(double p);
double ea_upper_bound(double p, size_t n);
double ea_lower_mean(double sum, double sum2, size_t n, double c);
double ea_bisect(double (*f)(double x, const void *arg), const void *arg,
		 double target, double lo, double hi);

/* count.c */
double ea_mcv(const struct ea_data *d);
double ea_collision(const struct ea_data *d);
double ea_markov(const struct ea_data *d);
double ea_compression(const struct ea_data *d);

/* tuple.c */
void ea_tuple(const struct ea_data *d, double *t_tuple_h, double *lrs_h);

/* predict.c */
void ea_pred_record(struct ea_pred *p, bool hit);
double ea_pred_entropy(const struct ea_pred *p, unsigned int k);
size_t ea_score(size_t *score, const int *pred, size_t n, int x,
		size_t winner);
double ea_multi_mcw(const struct ea_data *d);
double ea_lag(const struct ea_data *d);

/* ctxpred.c */
double ea_multi_mmc(const struct ea_data *d);
double ea_lz78y(const struct ea_data *d);

/* restart.c */
size_t ea_critbinom(size_t n, double p, double alpha);
void ea_restart_counts(const uint8_t *m, size_t rows, size_t cols,
		       size_t *max_row, size_t *max_col);
size_t ea_restart_cutoff(double h);
bool ea_restart_pass(size_t f, double h);
double ea_restart_max(size_t f);

#endif /* EA_H */
