/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPU-timing jitter seed collector's testing interface
 * (random_jitter_seed_testing.c): what it takes from the boot session, the
 * hook the boot session calls, and the timestamp streams that fault
 * injection and the KUnit suite share.
 */
#ifndef _RANDOM_JITTER_SEED_TESTING_H
#define _RANDOM_JITTER_SEED_TESTING_H

#include "random_jitter_seed_core.h"

/* From the boot session (random_jitter_seed.c). */
const struct rjs_ops *rjs_boot_real_ops(void);
unsigned int rjs_boot_loops(void);
int rjs_boot_describe(char *buf, size_t len);

/*
 * Called when the boot session starts, with the real operations.
 *
 * Returns: the operations the session runs with: @ops, or a broken
 * timestamp source (random.jitter_seed_fault=) with @ops' sinks.
 */
const struct rjs_ops *rjs_testing_begin(struct rjs_session *ses,
					const struct rjs_ops *ops);

/*
 * Timestamp streams: the real counter, broken counters, and synthetic
 * streams with a known structure. k is a period or a persistence; 0 gives
 * the kind's default.
 */
enum rjs_stream_kind {
	RJS_STREAM_REAL,		/* random_get_entropy() */
	RJS_STREAM_CONSTANT,		/* the counter does not move */
	RJS_STREAM_COUNTER,		/* +k per read (1) */
	RJS_STREAM_COARSE,		/* the real counter, low 16 bits cleared */
	RJS_STREAM_PERIOD,		/* deltas 37 * (i % k) apart, period k (24) */
	RJS_STREAM_RANDOM_PERIOD,	/* random deltas repeating, period k (1000) */
	RJS_STREAM_GOOD,		/* random deltas spread over 4096 ticks */
	RJS_STREAM_RAMP,		/* delta grows by one per sample */
	RJS_STREAM_SQUARE,		/* delta i^2: constant 2nd difference */
	RJS_STREAM_CUBE,		/* delta i^3: constant 3rd difference */
	RJS_STREAM_MARKOV,		/* 16 symbols, each kept with p k/(k+1) (31) */
	RJS_STREAM_QUANTISED,		/* random deltas, all multiples of 2^10 */
	RJS_STREAM_LOW_CONSTANT,	/* random high bits, low 8 bits constant */
	RJS_STREAM_PLUS_MINUS_ONE,	/* a base delta, +1 at random */
	RJS_STREAM_FOUR,		/* four values at random */
	RJS_NR_STREAMS
};

struct rjs_stream {
	enum rjs_stream_kind kind;
	unsigned int k;
	unsigned int i;		/* timestamps so far */
	u64 x;			/* xorshift state */
	u64 ts;			/* the last timestamp */
	u64 symbol;		/* the Markov chain's current symbol */
};

extern const char *const rjs_stream_names[RJS_NR_STREAMS];

void rjs_stream_init(struct rjs_stream *g, enum rjs_stream_kind kind,
		     unsigned int k);
u64 rjs_stream_next(struct rjs_stream *g);

#endif /* _RANDOM_JITTER_SEED_TESTING_H */
