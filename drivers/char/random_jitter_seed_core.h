/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sampling-free core of the CPU-timing jitter seed collector
 * (random_jitter_seed_core.c), as the collector, its testing interface and
 * its KUnit suite see it.
 */
#ifndef _RANDOM_JITTER_SEED_CORE_H
#define _RANDOM_JITTER_SEED_CORE_H

#include <linux/math.h>
#include <linux/types.h>

/* Entropy is counted in units of 1/256 bit throughout. */
#define RJS_BIT			256U

/* Returns: @units (1/256 bit) in thousandths of a bit, for the log. */
static inline unsigned int rjs_mbits(unsigned int units)
{
	return units * 1000 / RJS_BIT;
}

/*
 * Returns: a claim of @units (1/256 bit) in thousandths of a bit, rounded
 * up: the value random.jitter_seed_claim= reads back as @units.
 */
static inline unsigned int rjs_claim_mbits(unsigned int units)
{
	return DIV_ROUND_UP(units * 1000, RJS_BIT);
}

enum {
	RJS_STARTUP_SAMPLES = 1024,	/* SP 800-90B 4.3: at least 1024 */
	RJS_WINDOW = 512,		/* SP 800-90B 4.4.2; credit released per window */
	RJS_ORDERS = 4,			/* deltas and 1st..3rd differences */
	RJS_ALPHA_LOG2 = 30,		/* health tests: false alarm 2^-30 */
	RJS_MIN_SYMBOLS = 4,		/* quantisation: more than phase gives */
	RJS_SAFETY = 3,			/* credit at most a third of the estimate */
	RJS_MIN_RATE = RJS_BIT / 32,	/* below 1/32 bit per sample: no credit */
	RJS_OSR_MAX = 16,
	RJS_TRIES = 3,			/* start-up windows, for quantisation only */
	RJS_CHUNK = 64,			/* samples per batch of timestamps */
	RJS_BUF_SIZE = 64 * 1024,	/* workload memory, a power of two */
	RJS_TARGET_BITS = 256,		/* what the CRNG needs to be ready */
	RJS_PERIOD_MAX = 4096,		/* longest period the history test catches */
	RJS_LAG_SPAN = RJS_PERIOD_MAX,	/* lags predicted across windows */
	/* symbols kept behind the open window; the longest hold on credit */
	RJS_HISTORY = RJS_PERIOD_MAX + RJS_WINDOW,
	/* the shortest hold: the start-up window and one more window */
	RJS_HOLD_MIN = RJS_STARTUP_SAMPLES + RJS_WINDOW,
	RJS_REPEAT_SLOTS = 8192,	/* hash table: more than the history holds */
	RJS_LENGTH_MAX = 1 << 17,	/* longest length: keeps a batch to ms */
	RJS_CLAIM_MIN = RJS_MIN_RATE,	/* the lowest claim: no lower rate */
	/* an APT symbol, of one sample or more, claims at least this */
	RJS_APT_SYMBOL_MIN = RJS_BIT / 2,
	RJS_APT_SPAN_MAX = RJS_APT_SYMBOL_MIN / RJS_CLAIM_MIN,
};

/* Why the collector stopped crediting; "none" while it may still credit. */
enum rjs_failure {
	RJS_OK,
	RJS_FAIL_CALIBRATION,	/* no timing variation at any assessed length */
	RJS_FAIL_RCT,		/* Repetition Count Test on the deltas */
	RJS_FAIL_STUCK,		/* ... on their 1st, 2nd or 3rd differences */
	RJS_FAIL_APT,		/* Adaptive Proportion Test */
	RJS_FAIL_QUANTISED,	/* start-up: too few distinct deltas */
	RJS_FAIL_STARTUP,	/* start-up estimate below the minimum rate */
	RJS_FAIL_BUDGET,	/* sample or time budget spent first */
	RJS_FAIL_UNASSESSED,	/* no claim for this counter's rate or pace */
	RJS_FAIL_PATTERN,	/* a window repeats or follows from the history */
	RJS_FAIL_LOCKSTEP,	/* the CPU keeps pace with its counter exactly */
};

/*
 * How a sample is taken (see "Sampling" in random_jitter_seed_core.c), and
 * what its length counts.
 */
enum rjs_method {
	RJS_WORKLOAD,	/* the counter times a fixed workload: length in steps */
	RJS_EDGES,	/* workload steps while the counter moves: length in ticks */
	RJS_NR_METHODS
};

/*
 * Counter-rate classes: a counter of rate f Hz is in class ilog2(f), up to
 * RJS_CLASS_TOP, which holds every counter of 2^RJS_CLASS_TOP Hz (268 MHz)
 * or more. A claim holds only in the class it was assessed in.
 */
enum {
	RJS_CLASS_NONE = 0,	/* rate unknown: nothing assessed */
	RJS_CLASS_TOP = 28,
};

/*
 * The sampling methods, counter-rate classes and lengths whose raw samples
 * were assessed, and the entropy per sample claimed at each: a third of
 * the lowest SP 800-90B estimate over their assessed sample sets
 * (random_jitter_seed_claims.c). A workload sample lasts as long as the
 * machine takes to run its steps, and the same steps carry less entropy
 * where they take a fraction of the time: a claim whose sets were seen to
 * last about T ticks a sample holds only for samples of its length lasting
 * [ticks_lo, ticks_hi) ticks, so one length may have several claims, one
 * per duration seen; the lowest that holds stands (rjs_claim_at()). Within
 * a method and class, lengths do not descend.
 */
struct rjs_claim {
	u8 method;		/* enum rjs_method */
	u8 rate_class;		/* rjs_rate_class() of the assessed counter */
	unsigned int length;	/* RJS_WORKLOAD: steps a sample; RJS_EDGES: ticks */
	unsigned int claim;	/* 1/256 bit per sample; 0: none */
	unsigned int ticks_lo;	/* a sample's mean ticks from this ... */
	unsigned int ticks_hi;	/* ... up to (not incl.) this; 0, 0: any */
};

extern const struct rjs_claim rjs_claims[];
extern const unsigned int rjs_nr_claims;

unsigned int rjs_rate_class(u64 hz);
u64 rjs_counter_hz(void);
const char *rjs_method_name(enum rjs_method m);
enum rjs_method rjs_method_by_name(const char *name);

/* SP 800-90B 4.4.2 on the deltas, @span of them mixed into a symbol. */
struct rjs_apt {
	unsigned int span;	/* rjs_apt_span() */
	unsigned int cutoff;
	unsigned int part;	/* deltas in the open symbol ... */
	u32 mix;		/* ... mixed so far */
	u8 symbol;		/* the window's first symbol */
	unsigned int seen;	/* symbols of the window so far */
	unsigned int count;	/* copies of the first among them */
};

void rjs_apt_init(struct rjs_apt *apt, unsigned int claim);
bool rjs_apt_insert(struct rjs_apt *apt, u8 delta);

/*
 * The sampling-free part of the collector: feed it timestamps, it runs the
 * health tests and says how many bits they justify.
 */
struct rjs_state {
	/* configuration */
	unsigned int claim;		/* claimed entropy per sample, 1/256 bit */
	unsigned int osr;		/* credit claim/osr */
	unsigned int rct_cutoff;
	unsigned int stuck_cutoff;	/* a difference other than 0 repeating */
	unsigned int hold;		/* no credit before this many samples */

	/* the stream: a chain of deltas and their differences */
	u64 last_ts;
	u64 last[RJS_ORDERS - 1];	/* the latest value of each order */
	unsigned int batch_reads;	/* timestamps fed since rjs_feed_batch() */
	unsigned int samples;		/* deltas, i.e. samples */

	/*
	 * The history test's symbols: every sample's, and between batches
	 * the delta across the gap; the open window's from window_start on.
	 */
	u8 hist[RJS_HISTORY + 2 * RJS_WINDOW];
	unsigned int hist_n;
	unsigned int window_start;

	/* SP 800-90B 4.4.1 on each order */
	u8 rct_symbol[RJS_ORDERS];
	unsigned int rct_run[RJS_ORDERS];

	struct rjs_apt apt;

	/* start-up window: the symbols of each order */
	u8 startup[RJS_ORDERS][RJS_STARTUP_SAMPLES];
	unsigned int startup_n[RJS_ORDERS];
	u16 scratch[RJS_REPEAT_SLOTS];	/* counts, predictor and hash tables */
	unsigned int estimate;		/* start-up min-entropy estimate, 1/256 bit */
	unsigned int history_estimate;	/* the lowest of the later windows' */
	unsigned int rate;		/* credited per sample: the lowest so far */

	/* credit */
	unsigned int released;		/* samples whose credit was released */
	unsigned int credit_acc;	/* released, not yet a whole bit */
	unsigned int credit_pending;	/* whole bits released, not yet taken */

	enum rjs_failure failure;
};

/* Health tests and accounting (pure: no sampling, no global state). */
unsigned int rjs_rct_cutoff(unsigned int claim);
unsigned int rjs_apt_cutoff(unsigned int claim);
unsigned int rjs_apt_span(unsigned int claim);
unsigned int rjs_hold(enum rjs_method method, unsigned int length,
		      const u64 *batch);
unsigned int rjs_samples_to_seed(unsigned int claim, unsigned int osr,
				 unsigned int hold);
unsigned int rjs_lags_to_seed(unsigned int samples);
u64 rjs_seed_ns(u64 batch_ns, u64 lag_ns, unsigned int samples);
void rjs_state_init(struct rjs_state *s, unsigned int claim, unsigned int osr);
enum rjs_failure rjs_feed(struct rjs_state *s, u64 timestamp);
enum rjs_failure rjs_feed_batch(struct rjs_state *s, const u64 *ts,
				unsigned int n);
unsigned int rjs_take_credit(struct rjs_state *s);
bool rjs_startup_done(const struct rjs_state *s);
bool rjs_startup_passed(const struct rjs_state *s);
unsigned int rjs_startup_rate(const struct rjs_state *s);
const char *rjs_failure_name(enum rjs_failure f);

/* Boot parameter parsing. Returns: 0, or -EINVAL/-ERANGE (value untouched). */
int rjs_parse_enable(const char *arg, bool *enable);
int rjs_parse_osr(const char *arg, unsigned int *osr);
int rjs_parse_claim(const char *arg, struct rjs_claim *c);

/* One collection session, with its sources and sinks made replaceable. */
struct rjs_ops {
	u64 (*now)(void *priv);			/* the timestamp source */
	unsigned int counter_bits;		/* now()'s width; 0: 64 */
	void (*credit)(void *priv, const void *buf, size_t len,
		       unsigned int bits);	/* mix buf, credit bits */
	bool (*ready)(void *priv);		/* stop: enough was credited */
	bool (*interrupted)(void *priv);	/* stop for now: resume later */
	void *priv;
};

/* A start-up window a session began: at which claim, and how it ended. */
struct rjs_try {
	u16 claim_idx;			/* index in the session's claims[] */
	u8 failure;			/* enum rjs_failure; RJS_OK: not failed */
};

struct rjs_session {
	struct rjs_state state;
	u64 ts[RJS_CHUNK + 1];		/* one batch of timestamps */
	u64 probe[RJS_CHUNK + 1];	/* calibration's chosen batch */
	unsigned int probe_claim;	/* the claim that holds for it */
	const struct rjs_claim *claims;	/* rjs_claims[], or &single_claim */
	unsigned int nr_claims;
	struct rjs_claim single_claim;	/* rjs_session_claim()'s */
	u64 counter_hz;			/* the counter's rate; 0: unknown */
	unsigned int pos;		/* where the workload walks next */
	unsigned int claim_idx;		/* index in claims[] */
	enum rjs_method method;
	unsigned int length;		/* claims[claim_idx].length */
	bool calibrate;			/* choose the claim before sampling */
	unsigned int osr;
	unsigned int tries;		/* start-up windows begun */
	struct rjs_try tried[RJS_TRIES];
	unsigned int bits;		/* credited so far */
	unsigned int first_credit;	/* samples when bits were first credited */
	u64 ns;				/* time spent sampling */
	u64 ticks;			/* the counter's ticks meanwhile */
	u64 budget_ns;			/* give up past this; 0: no limit */
	bool finished;
	enum rjs_failure result;
};

enum rjs_run {
	RJS_RUN_ON,		/* inside the core only: keep sampling */
	RJS_RUN_READY,		/* ops->ready() said so */
	RJS_RUN_PAUSED,		/* ops->interrupted(): call again to resume */
	RJS_RUN_FAILED,		/* session->result says why; credits no more */
};

void rjs_session_init(struct rjs_session *ses, unsigned int osr, u64 counter_hz);
void rjs_session_claim(struct rjs_session *ses, const struct rjs_claim *c);
void rjs_session_fix(struct rjs_session *ses, enum rjs_method method,
		     unsigned int length);
void rjs_raw_batch(struct rjs_session *ses, const struct rjs_ops *ops, u8 *buf,
		   u8 *sym, unsigned int n);
enum rjs_run rjs_session_run(struct rjs_session *ses, const struct rjs_ops *ops,
			     u8 *buf);
u64 rjs_sample(const struct rjs_ops *ops, u8 *buf, enum rjs_method method,
	       unsigned int length, unsigned int *pos, u64 *ts, unsigned int n);
bool rjs_edges_locked(const u64 *ts);
int rjs_session_format(const struct rjs_session *ses, char *buf, size_t len);

#endif /* _RANDOM_JITTER_SEED_CORE_H */
