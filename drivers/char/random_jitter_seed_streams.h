/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Timestamp streams for testing the CPU-timing jitter seed collector: the
 * real counter, broken counters, and synthetic streams with a known
 * structure. Shared by fault injection (random_jitter_seed_testing.c) and
 * the KUnit suite, each of which is built only when its option is on; the
 * collector itself never includes this file.
 */
#ifndef _RANDOM_JITTER_SEED_STREAMS_H
#define _RANDOM_JITTER_SEED_STREAMS_H

#include <linux/math64.h>
#include <linux/string.h>
#include <linux/timex.h>
#include <linux/types.h>

/* k is a period or a persistence; 0 gives the kind's default. */
enum rjs_stream_kind {
	RJS_STREAM_REAL,		/* random_get_entropy() */
	RJS_STREAM_STUCK,		/* the counter does not move */
	RJS_STREAM_CONSTANT_DELTA,	/* +k per read (1) */
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
	RJS_STREAM_FEW,			/* k values at random (3) */
	RJS_STREAM_DISTINCT,		/* deltas k * i mod 256 (167): none alike in 256 */
	RJS_STREAM_LATE_RANDOM,		/* +1 per read for k reads (65), then random */
	/* patterns longer than the start-up window */
	RJS_STREAM_SUM_PERIODS,		/* random periods 31 and 37 added: 1147 */
	RJS_STREAM_CUBE_MOD,		/* delta i^3 mod k (1801) */
	RJS_STREAM_LFSR,		/* a sliding 10-bit window: de Bruijn less 0 */
	RJS_STREAM_TABLE_BIT,		/* period k (2000) table + 1 random bit */
	RJS_STREAM_TURNS_CONSTANT,	/* random, constant from timestamp k on */
	RJS_STREAM_SKEWED_PERIOD,	/* period k (3000) table, 4 in 5 one value */
	RJS_STREAM_TURNS_SKEWED,	/* random, that table from timestamp k on */
	/* counters read once per step by the edge method */
	RJS_STREAM_EDGE_EVERY,		/* +1 every k reads (17) */
	RJS_STREAM_EDGE_ALTERNATE,	/* +1 after k, then k + 1 reads (17) */
	RJS_STREAM_EDGE_RANDOM,		/* +1 with probability 1/k per read (16) */
	/* the real counter seen through k bits (32): wraps every 2^k ticks */
	RJS_STREAM_WRAP,
	RJS_NR_STREAMS
};

struct rjs_stream {
	enum rjs_stream_kind kind;
	unsigned int k;
	unsigned int i;		/* timestamps so far */
	u64 x;			/* xorshift state */
	u64 y;			/* a second one */
	u64 ts;			/* the last timestamp */
	u64 symbol;		/* the Markov chain's current symbol */
	u64 offset;		/* added to the real counter (wrap) */
};

#define RJS_XORSHIFT_SEED	0x9e3779b97f4a7c15ULL
#define RJS_XORSHIFT_SEED2	0x2545f4914f6cdd1dULL

static inline u64 rjs_xorshift(u64 *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Returns: @x modulo @k, on 32-bit machines too. */
static inline u32 rjs_stream_mod(u64 x, u32 k)
{
	u32 rem;

	div_u64_rem(x, k, &rem);
	return rem;
}

/* The period of the skewed table (RJS_STREAM_TURNS_SKEWED's). */
#define RJS_STREAM_SKEWED_LEN	3000

/* Returns: the parameter @kind uses when none is given. */
static inline unsigned int rjs_stream_default_k(enum rjs_stream_kind kind)
{
	switch (kind) {
	case RJS_STREAM_CONSTANT_DELTA:
		return 1;
	case RJS_STREAM_PERIOD:
		return 24;
	case RJS_STREAM_RANDOM_PERIOD:
		return 1000;
	case RJS_STREAM_CUBE_MOD:
		return 1801;
	case RJS_STREAM_TABLE_BIT:
		return 2000;
	case RJS_STREAM_TURNS_CONSTANT:
		return 6000;
	case RJS_STREAM_SKEWED_PERIOD:
		return RJS_STREAM_SKEWED_LEN;
	case RJS_STREAM_TURNS_SKEWED:
		return 2048;
	case RJS_STREAM_MARKOV:
		return 31;
	case RJS_STREAM_DISTINCT:
		return 167;
	case RJS_STREAM_FEW:
		return 3;
	case RJS_STREAM_LATE_RANDOM:
		return 65;	/* one batch of 64 samples */
	case RJS_STREAM_EDGE_EVERY:
	case RJS_STREAM_EDGE_ALTERNATE:
		return 17;
	case RJS_STREAM_EDGE_RANDOM:
		return 16;
	case RJS_STREAM_WRAP:
		return 32;
	default:
		return 0;
	}
}

/* Start stream @g of @kind, with parameter @k (0: the kind's default). */
static inline void rjs_stream_init(struct rjs_stream *g,
				   enum rjs_stream_kind kind, unsigned int k)
{
	memset(g, 0, sizeof(*g));
	g->kind = kind;
	g->k = k ?: rjs_stream_default_k(kind);
	g->x = RJS_XORSHIFT_SEED;
	g->y = RJS_XORSHIFT_SEED2;
	g->ts = 1000000;
}

/* Returns: a random delta spread evenly over 4096 ticks, from state @x. */
static inline u64 rjs_stream_spread(u64 *x)
{
	return 2000 + (rjs_xorshift(x) & 4095);
}

/*
 * Returns: from state @x, one delta 4 times in 5, else one of 16 others:
 * about 0.3 bit of min-entropy, enough distinct values to pass the
 * quantisation check.
 */
static inline u64 rjs_stream_skewed(u64 *x)
{
	u64 r = rjs_xorshift(x);

	return (r & 1023) < 819 ? 2000 : 2001 + ((r >> 10) & 15);
}

/* Returns: the delta before the next synthetic timestamp of @g. */
static inline u64 rjs_stream_delta(struct rjs_stream *g)
{
	unsigned int i = g->i;

	switch (g->kind) {
	case RJS_STREAM_CONSTANT_DELTA:
		return g->k;
	case RJS_STREAM_PERIOD:
		return 1000 + 37 * (i % g->k);
	case RJS_STREAM_RANDOM_PERIOD:
		if (i % g->k == 0)
			g->x = RJS_XORSHIFT_SEED;	/* the same sequence again */
		fallthrough;
	case RJS_STREAM_GOOD:
		return rjs_stream_spread(&g->x);
	case RJS_STREAM_RAMP:
		return 1000 + i;
	case RJS_STREAM_SQUARE:
		return 1000 + (u64)i * i;
	case RJS_STREAM_CUBE:
		return 1000 + (u64)i * i * i;
	case RJS_STREAM_MARKOV:
		if (!rjs_stream_mod(rjs_xorshift(&g->x), g->k + 1))
			g->symbol = rjs_xorshift(&g->x) & 15;
		return 2000 + 13 * g->symbol;
	case RJS_STREAM_QUANTISED:
		return (1 + (rjs_xorshift(&g->x) & 15)) << 10;
	case RJS_STREAM_LOW_CONSTANT:
		return (1 + (rjs_xorshift(&g->x) & 0xffff)) << 8;
	case RJS_STREAM_PLUS_MINUS_ONE:
		return 1500 + (rjs_xorshift(&g->x) & 1);
	case RJS_STREAM_FEW:
		return 1000 + rjs_stream_mod(rjs_xorshift(&g->x), g->k);
	case RJS_STREAM_DISTINCT:
		return 2000 + rjs_stream_mod((u64)g->k * i, 256);
	case RJS_STREAM_LATE_RANDOM:
		return i < g->k ? 1 : rjs_stream_spread(&g->x);
	case RJS_STREAM_SUM_PERIODS:
		if (i % 31 == 0)
			g->x = RJS_XORSHIFT_SEED;
		if (i % 37 == 0)
			g->y = RJS_XORSHIFT_SEED2;
		return 2000 + ((rjs_xorshift(&g->x) + rjs_xorshift(&g->y)) & 4095);
	case RJS_STREAM_CUBE_MOD:
		return 2000 + rjs_stream_mod((u64)rjs_stream_mod((u64)i * i, g->k) * i, g->k);
	case RJS_STREAM_LFSR:	/* x^10 + x^7 + 1, every window but 0 once */
		g->symbol = g->symbol ?: 1;
		g->symbol = ((g->symbol << 1) |
			     (((g->symbol >> 9) ^ (g->symbol >> 6)) & 1)) & 1023;
		return 2000 + g->symbol;
	case RJS_STREAM_TABLE_BIT:
		if (i % g->k == 0)
			g->x = RJS_XORSHIFT_SEED;
		return 2000 + (rjs_xorshift(&g->x) & 4094) +
		       (rjs_xorshift(&g->y) & 1);
	case RJS_STREAM_TURNS_CONSTANT:
		return i < g->k ? rjs_stream_spread(&g->x) : 1000;
	case RJS_STREAM_TURNS_SKEWED:
		if (i < g->k)
			return rjs_stream_spread(&g->y);
		i -= g->k;
		fallthrough;
	case RJS_STREAM_SKEWED_PERIOD:
		if (rjs_stream_mod(i, g->kind == RJS_STREAM_SKEWED_PERIOD ?
				   g->k : RJS_STREAM_SKEWED_LEN) == 0)
			g->x = RJS_XORSHIFT_SEED;
		return rjs_stream_skewed(&g->x);
	case RJS_STREAM_EDGE_EVERY:
		return (i + 1) % g->k == 0;
	case RJS_STREAM_EDGE_ALTERNATE:
		return i % (2 * g->k + 1) == g->k - 1 || i % (2 * g->k + 1) == 2 * g->k;
	case RJS_STREAM_EDGE_RANDOM:
		return !rjs_stream_mod(rjs_xorshift(&g->x), g->k);
	default:	/* RJS_STREAM_STUCK */
		return 0;
	}
}

/* Returns: the next timestamp of stream @g. */
static inline u64 rjs_stream_next(struct rjs_stream *g)
{
	switch (g->kind) {
	case RJS_STREAM_REAL:
		g->ts = random_get_entropy();
		break;
	case RJS_STREAM_COARSE:
		g->ts = random_get_entropy() & ~0xffffULL;
		break;
	case RJS_STREAM_WRAP:	/* first wraps half a width in */
		g->ts = random_get_entropy();
		if (!g->i)
			g->offset = BIT_ULL(g->k - 1) - g->ts;
		g->ts = (g->ts + g->offset) & (BIT_ULL(g->k) - 1);
		break;
	default:
		g->ts += rjs_stream_delta(g);
	}
	g->i++;
	return g->ts;
}

#endif /* _RANDOM_JITTER_SEED_STREAMS_H */
