/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interface between random.c, the CPU-timing jitter seed collector
 * (random_jitter_seed.c) and its KUnit suite.
 */
#ifndef _RANDOM_JITTER_SEED_H
#define _RANDOM_JITTER_SEED_H

#include <linux/types.h>

/* Entropy is counted in units of 1/256 bit throughout. */
#define RJS_BIT			256U

enum {
	/*
	 * Claimed min-entropy per sample: 1/8 bit, at most a third of the
	 * lowest SP 800-90B estimate of the raw samples measured on the
	 * reference guests (docs/entropy.md, "make assess").
	 */
	RJS_CLAIM_DEFAULT = RJS_BIT / 8,
	RJS_STARTUP_SAMPLES = 1024,	/* SP 800-90B 4.3: at least 1024 */
	RJS_APT_WINDOW = 512,		/* SP 800-90B 4.4.2, non-binary */
	RJS_ALPHA_LOG2 = 30,		/* false-alarm probability 2^-30 */
	RJS_MIN_SYMBOLS = 8,		/* quantisation test, see rjs_dispersion() */
	RJS_SAFETY = 3,			/* credit at most a third of the estimate */
	RJS_MIN_RATE = RJS_BIT / 32,	/* below 1/32 bit per sample: no credit */
	RJS_OSR_MAX = 16,
	RJS_BUF_SIZE = 64 * 1024,	/* workload memory, a power of two */
};

/* Why the collector stopped crediting; "none" while it may still credit. */
enum rjs_failure {
	RJS_OK,
	RJS_FAIL_CALIBRATION,	/* no timing variation at any workload length */
	RJS_FAIL_RCT,		/* Repetition Count Test on the deltas */
	RJS_FAIL_STUCK,		/* Repetition Count Test on the second differences */
	RJS_FAIL_APT,		/* Adaptive Proportion Test */
	RJS_FAIL_STARTUP,	/* start-up estimate below the minimum rate */
	RJS_FAIL_BUDGET,	/* sample budget spent before the CRNG was ready */
};

/*
 * The sampling-free part of the collector: feed it timestamps, it runs the
 * health tests and says how many bits they justify.
 */
struct rjs_state {
	/* configuration */
	unsigned int claim;		/* claimed entropy per sample, 1/256 bit */
	unsigned int osr;		/* credit claim/osr */
	unsigned int rct_cutoff;
	unsigned int apt_cutoff;

	/* the stream */
	u64 last_ts;
	u64 last_delta;
	unsigned int timestamps;	/* timestamps fed */
	unsigned int samples;		/* deltas, i.e. samples */

	/* SP 800-90B 4.4.1 on the deltas [0] and their differences [1] */
	u8 rct_symbol[2];
	unsigned int rct_run[2];

	/* SP 800-90B 4.4.2 */
	u8 apt_symbol;
	unsigned int apt_seen;
	unsigned int apt_count;

	/* start-up window: symbols of the deltas and of their differences */
	u8 startup[2][RJS_STARTUP_SAMPLES];
	unsigned int estimate;		/* start-up min-entropy estimate, 1/256 bit */
	unsigned int rate;		/* credited per sample after start-up */

	/* credit */
	unsigned int credit_acc;	/* 1/256 bit, not yet a whole bit */
	unsigned int credit_pending;	/* whole bits not yet taken */

	enum rjs_failure failure;
};

/* Health tests and accounting (pure: no sampling, no global state). */
unsigned int rjs_rct_cutoff(unsigned int claim);
unsigned int rjs_apt_cutoff(unsigned int claim);
void rjs_state_init(struct rjs_state *s, unsigned int claim, unsigned int osr);
enum rjs_failure rjs_feed(struct rjs_state *s, u64 timestamp);
unsigned int rjs_take_credit(struct rjs_state *s);
bool rjs_startup_done(const struct rjs_state *s);
unsigned int rjs_dispersion(const u8 *symbols, unsigned int n);
unsigned int rjs_mcv_estimate(const u8 *symbols, unsigned int n);
unsigned int rjs_lag_estimate(const u8 *symbols, unsigned int n);
bool rjs_timestamps_vary(const u64 *ts, unsigned int n);
const char *rjs_failure_name(enum rjs_failure f);

/* Boot parameter parsing. Returns: 0, or -EINVAL/-ERANGE (value untouched). */
int rjs_parse_enable(const char *arg, bool *enable);
int rjs_parse_osr(const char *arg, unsigned int *osr);

/* One collection session, with its sources and sinks made replaceable. */
struct rjs_ops {
	u64 (*now)(void *priv);			/* the timestamp source */
	void (*credit)(void *priv, const void *buf, size_t len,
		       unsigned int bits);	/* mix buf, credit bits */
	bool (*ready)(void *priv);		/* stop: enough was credited */
	bool (*interrupted)(void *priv);	/* stop for now: resume later */
	void *priv;
};

struct rjs_session {
	struct rjs_state state;
	unsigned int loops;		/* workload length found by calibration */
	unsigned int restarts;		/* start-up windows failed and retried */
	unsigned int bits;		/* credited so far */
	u64 ns;				/* time spent sampling */
	bool started;
	bool finished;
	bool log;			/* log the start-up test's outcome */
	enum rjs_failure result;
};

enum rjs_run {
	RJS_RUN_READY,		/* ops->ready() said so */
	RJS_RUN_PAUSED,		/* ops->interrupted(): call again to resume */
	RJS_RUN_FAILED,		/* session->result says why; credits no more */
};

void rjs_session_init(struct rjs_session *ses, unsigned int claim,
		      unsigned int osr);
enum rjs_run rjs_session_run(struct rjs_session *ses, const struct rjs_ops *ops,
			     u8 *buf);

/* random.c's side. */
#ifdef CONFIG_RANDOM_JITTER_SEED
bool random_jitter_seed(void);
void random_jitter_seed_credit(const void *buf, size_t len, size_t bits);
#else
static inline bool random_jitter_seed(void) { return false; }
#endif

#endif /* _RANDOM_JITTER_SEED_H */
