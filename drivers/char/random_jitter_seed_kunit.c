// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the CPU-timing jitter seed collector.
 *
 * The health tests, the start-up estimate and the credit accounting are fed
 * synthetic timestamp streams (random_jitter_seed_streams.h); a session runs
 * once on the real counter, once on each broken source, and once paused
 * and resumed at every batch as when callers hand it over.
 */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>

#include "random_jitter_seed_core.h"
#include "random_jitter_seed_streams.h"

/* A bound on the pauses of one session: more means it never ends. */
#define RJS_TEST_MAX_PAUSES	16384U

/*
 * The claim the synthetic streams are tested at: 1/8 bit, low enough that
 * every test's cutoff is long, and an APT symbol of four samples.
 */
#define RJS_TEST_CLAIM	(RJS_BIT / 8)

/*
 * Returns: how many samples' credit is released once @samples were taken
 * and passed: those before the open window and the one just ended, and
 * none before RJS_HISTORY, a bare state's hold.
 */
static unsigned int rjs_test_released(unsigned int samples)
{
	return samples < RJS_HISTORY ? 0 : rounddown(samples, RJS_WINDOW) - RJS_WINDOW;
}

/* Feed @n timestamps of @g into @s; Returns: the first failure, or RJS_OK. */
static enum rjs_failure rjs_test_feed(struct rjs_state *s,
				      struct rjs_stream *g, unsigned int n)
{
	enum rjs_failure f = RJS_OK;

	while (n-- && !f)
		f = rjs_feed(s, rjs_stream_next(g));
	return f;
}

/*********************************************************************
 * Health tests and the start-up test on synthetic streams.
 *********************************************************************/

struct rjs_stream_case {
	const char *name;
	enum rjs_stream_kind kind;
	unsigned int k;
	enum rjs_failure want;
};

static const struct rjs_stream_case rjs_stream_cases[] = {
	{ "good xorshift stream", RJS_STREAM_GOOD, 0, RJS_OK },
	{ "constant deltas", RJS_STREAM_CONSTANT_DELTA, 0, RJS_FAIL_RCT },
	{ "stuck counter", RJS_STREAM_STUCK, 0, RJS_FAIL_RCT },
	{ "linear ramp", RJS_STREAM_RAMP, 0, RJS_FAIL_STUCK },
	{ "deltas i^2 (2nd difference constant)", RJS_STREAM_SQUARE, 0, RJS_FAIL_STUCK },
	{ "deltas i^3 (3rd difference constant)", RJS_STREAM_CUBE, 0, RJS_FAIL_STUCK },
	{ "period 2", RJS_STREAM_PERIOD, 2, RJS_FAIL_QUANTISED },
	{ "period 13", RJS_STREAM_PERIOD, 13, RJS_FAIL_STARTUP },
	{ "period 32 (a ramp of 31)", RJS_STREAM_PERIOD, 32, RJS_FAIL_STUCK },
	{ "random deltas, period 33", RJS_STREAM_RANDOM_PERIOD, 33, RJS_FAIL_STARTUP },
	{ "random deltas, period 100", RJS_STREAM_RANDOM_PERIOD, 100, RJS_FAIL_STARTUP },
	{ "random deltas, period 512", RJS_STREAM_RANDOM_PERIOD, 512, RJS_FAIL_STARTUP },
	{ "random deltas, period 1000", RJS_STREAM_RANDOM_PERIOD, 1000, RJS_FAIL_STARTUP },
	{ "random deltas, period 1500", RJS_STREAM_RANDOM_PERIOD, 1500, RJS_FAIL_PATTERN },
	{ "random deltas, period 2000", RJS_STREAM_RANDOM_PERIOD, 2000, RJS_FAIL_PATTERN },
	{ "random deltas, period 4096", RJS_STREAM_RANDOM_PERIOD, 4096, RJS_FAIL_PATTERN },
	{ "Markov chain, 16 symbols, kept 31 in 32", RJS_STREAM_MARKOV, 31, RJS_FAIL_STARTUP },
	{ "coarse clock (multiples of 2^10)", RJS_STREAM_QUANTISED, 0, RJS_FAIL_RCT },
	{ "low 8 bits constant, high bits random", RJS_STREAM_LOW_CONSTANT, 0, RJS_FAIL_RCT },
	{ "plus or minus one", RJS_STREAM_PLUS_MINUS_ONE, 0, RJS_FAIL_QUANTISED },
	{ "three values at random", RJS_STREAM_FEW, 3, RJS_FAIL_QUANTISED },
	{ "four values at random: not quantised", RJS_STREAM_FEW, 4, RJS_OK },
};

static void rjs_stream_case_desc(const struct rjs_stream_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_stream, rjs_stream_cases, rjs_stream_case_desc);

/*
 * Each stream, fed well past the history, fails the test named in its
 * case (or none) and is credited if and only if it passes: then for every
 * sample released, the start-up window's included, at the claim.
 */
static void rjs_test_stream(struct kunit *test)
{
	const struct rjs_stream_case *c = test->param_value;
	struct rjs_state *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct rjs_stream g;
	enum rjs_failure f;
	unsigned int bits;

	KUNIT_ASSERT_NOT_NULL(test, s);
	rjs_state_init(s, RJS_TEST_CLAIM, 1);
	rjs_stream_init(&g, c->kind, c->k);
	f = rjs_test_feed(s, &g, 1 + RJS_STARTUP_SAMPLES + 4096);
	bits = rjs_take_credit(s);

	KUNIT_EXPECT_STREQ(test, rjs_failure_name(f), rjs_failure_name(c->want));
	/* the history test fails only streams that passed the start-up test */
	KUNIT_EXPECT_EQ(test, rjs_startup_passed(s),
			c->want == RJS_OK || c->want == RJS_FAIL_PATTERN);
	if (c->want == RJS_OK) {
		KUNIT_EXPECT_TRUE(test, rjs_startup_done(s));
		KUNIT_EXPECT_EQ(test, s->rate, RJS_TEST_CLAIM);
		KUNIT_EXPECT_EQ(test, bits,
				rjs_test_released(RJS_STARTUP_SAMPLES + 4096) *
				RJS_TEST_CLAIM / RJS_BIT);
	} else {
		KUNIT_EXPECT_EQ(test, bits, 0U);
	}
}

/*********************************************************************
 * Cutoffs against values worked out by hand from SP 800-90B.
 *
 * RCT (4.4.1): C = 1 + ceil(30 / H), for alpha = 2^-30.
 * APT (4.4.2): C = 1 + the least k with P[Binomial(512, 2^-H) <= k] >=
 * 1 - 2^-30 (at alpha = 2^-20 the same formula gives SP 800-90B Table 2).
 *********************************************************************/

struct rjs_cutoff_case {
	const char *name;
	unsigned int claim;	/* 1/256 bit */
	unsigned int rct;
	unsigned int apt;
};

static const struct rjs_cutoff_case rjs_cutoff_cases[] = {
	{ "H=1/8 bit", RJS_BIT / 8, 241, 502 },
	{ "H=1/4 bit", RJS_BIT / 4, 121, 477 },
	{ "H=1/2 bit", RJS_BIT / 2, 61, 422 },
	{ "H=1 bit", RJS_BIT, 31, 325 },
	{ "H=2 bits", 2 * RJS_BIT, 16, 190 },
	{ "H=4 bits", 4 * RJS_BIT, 9, 71 },
	{ "H=8 bits", 8 * RJS_BIT, 5, 16 },
};

static void rjs_cutoff_case_desc(const struct rjs_cutoff_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_cutoff, rjs_cutoff_cases, rjs_cutoff_case_desc);

static void rjs_test_cutoffs(struct kunit *test)
{
	const struct rjs_cutoff_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, rjs_rct_cutoff(c->claim), c->rct);
	KUNIT_EXPECT_EQ(test, rjs_apt_cutoff(c->claim), c->apt);
}

/*
 * Feed one APT window whose first symbol (0) occurs @zeros times, never
 * more than 49 in a row (well under the RCT cutoff); the other symbols are
 * random and non-zero.
 *
 * Returns: the first failure, or RJS_OK.
 */
static enum rjs_failure rjs_test_apt_window(struct rjs_state *s,
					    unsigned int zeros)
{
	enum rjs_failure f = RJS_OK;
	struct rjs_stream g;
	u64 ts = 0, d;
	unsigned int i;

	rjs_stream_init(&g, RJS_STREAM_GOOD, 0);
	rjs_feed(s, ts);
	for (i = 0; i < RJS_WINDOW && !f; i++) {
		if (zeros && i % 50 != 49) {
			d = 256 * (1 + (i & 7));
			zeros--;
		} else {
			d = g.ts;
			d = 1 + rjs_stream_mod(rjs_stream_next(&g) - d, 255);
		}
		f = rjs_feed(s, ts += d);
	}
	return f;
}

/*
 * A run one shorter than the RCT cutoff passes; one more symbol fails.
 * The same for the APT: cutoff - 1 copies in a window pass, cutoff fail.
 */
static void rjs_test_cutoffs_bite(struct kunit *test)
{
	struct rjs_state *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	unsigned int i, rct = rjs_rct_cutoff(RJS_TEST_CLAIM);
	unsigned int apt = rjs_apt_cutoff(RJS_APT_SYMBOL_MIN);
	u64 ts = 0;

	KUNIT_ASSERT_NOT_NULL(test, s);
	rjs_state_init(s, RJS_TEST_CLAIM, 1);
	rjs_feed(s, ts);
	for (i = 0; i < rct - 1; i++)
		KUNIT_ASSERT_EQ(test, rjs_feed(s, ts += 1000 + 256 * i), RJS_OK);
	KUNIT_EXPECT_EQ(test, rjs_feed(s, ts += 1000), RJS_FAIL_RCT);

	rjs_state_init(s, RJS_APT_SYMBOL_MIN, 1);
	KUNIT_EXPECT_EQ(test, rjs_test_apt_window(s, apt - 1), RJS_OK);
	rjs_state_init(s, RJS_APT_SYMBOL_MIN, 1);
	KUNIT_EXPECT_EQ(test, rjs_test_apt_window(s, apt), RJS_FAIL_APT);
}

/*
 * The APT at low claims: samples mixed into symbols that claim at least
 * 1/2 bit. A source of independent samples with three times the claim
 * (the least a claim allows: a third of an estimate) never fails it; one
 * with half the claim fails it within 8 windows of symbols, where a
 * window of single samples at 1/8 bit fails a source of 1/16 bit about
 * once in 270 windows, and no window at all below 1/8 bit.
 */
struct rjs_apt_case {
	const char *name;
	unsigned int claim;	/* 1/256 bit */
	unsigned int span;	/* samples per symbol */
	u32 p_fair;		/* one delta's probability at 3 x claim, Q32 */
	u32 p_half;		/* ... at claim / 2 */
};

static const struct rjs_apt_case rjs_apt_cases[] = {
	{ "1/32 bit, the lowest claim", RJS_CLAIM_MIN, 16, 0xefe4b99b, 0xfd3e0c0c },
	{ "1/16 bit", RJS_BIT / 16, 8, 0xe0ccdeec, 0xfa83b2db },
	{ "34/256 bit, between two spans", 34, 4, 0xc238d231, 0xf47bcbbe },
	{ "1/4 bit", RJS_BIT / 4, 2, 0x9837f051, 0xeac0c6e7 },
};

static void rjs_apt_case_desc(const struct rjs_apt_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_apt, rjs_apt_cases, rjs_apt_case_desc);

/*
 * Feed @apt @n deltas, each 0x55 with probability @p (Q32), else any other
 * value alike. Returns: how many deltas it took to fail, or 0.
 */
static unsigned int rjs_test_apt_skewed(struct rjs_apt *apt, u32 p,
					unsigned int n)
{
	u64 x = RJS_XORSHIFT_SEED, r;
	unsigned int i;
	u8 d;

	for (i = 1; i <= n; i++) {
		r = rjs_xorshift(&x);
		d = (u32)r < p ? 0x55 : 0x56 + rjs_stream_mod(r >> 32, 255);
		if (rjs_apt_insert(apt, d))
			return i;
	}
	return 0;
}

static void rjs_test_apt_low_claim(struct kunit *test)
{
	const struct rjs_apt_case *c = test->param_value;
	const unsigned int window = RJS_WINDOW * c->span;
	struct rjs_apt apt;
	unsigned int at;

	KUNIT_EXPECT_EQ(test, rjs_apt_span(c->claim), c->span);
	rjs_apt_init(&apt, c->claim);
	KUNIT_EXPECT_EQ(test, rjs_test_apt_skewed(&apt, c->p_fair, 64 * window), 0U);
	rjs_apt_init(&apt, c->claim);
	at = rjs_test_apt_skewed(&apt, c->p_half, 8 * window);
	KUNIT_EXPECT_GT(test, at, 0U);
	kunit_info(test, "span %u, cutoff %u: half the claim failed after %u samples\n",
		   apt.span, apt.cutoff, at);
}

/*********************************************************************
 * Credit accounting.
 *********************************************************************/

struct rjs_credit_case {
	const char *name;
	unsigned int claim;
	unsigned int osr;
};

static const struct rjs_credit_case rjs_credit_cases[] = {
	{ "claim 1/8 bit, osr 1", RJS_BIT / 8, 1 },
	{ "claim 1/4 bit, osr 1", RJS_BIT / 4, 1 },
	{ "claim 1/4 bit, osr 3", RJS_BIT / 4, 3 },
	{ "claim 1/4 bit, osr 16", RJS_BIT / 4, 16 },
	{ "claim 1 bit, osr 2", RJS_BIT, 2 },
	{ "claim 8 bits (above the estimate), osr 1", 8 * RJS_BIT, 1 },
	{ "claim 8 bits (above the estimate), osr 5", 8 * RJS_BIT, 5 },
};

static void rjs_credit_case_desc(const struct rjs_credit_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_credit, rjs_credit_cases, rjs_credit_case_desc);

/*
 * rate / osr per sample, the start-up window's included, released in
 * whole windows once the history is full, where rate starts at
 * min(claim, estimate / RJS_SAFETY) and never rises.
 */
static void rjs_test_credit(struct kunit *test)
{
	const struct rjs_credit_case *c = test->param_value;
	struct rjs_state *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	const unsigned int after = 20 * RJS_WINDOW;
	struct rjs_stream g;
	unsigned int bits, rate, released;

	KUNIT_ASSERT_NOT_NULL(test, s);
	rjs_state_init(s, c->claim, c->osr);
	rjs_stream_init(&g, RJS_STREAM_GOOD, 0);
	KUNIT_ASSERT_EQ(test, rjs_test_feed(s, &g, 1 + RJS_STARTUP_SAMPLES), RJS_OK);
	KUNIT_EXPECT_EQ(test, s->rate, min(c->claim, s->estimate / RJS_SAFETY));
	KUNIT_EXPECT_LE(test, s->rate * RJS_SAFETY, s->estimate);
	KUNIT_EXPECT_GE(test, s->rate, (unsigned int)RJS_MIN_RATE);
	rate = s->rate;
	KUNIT_EXPECT_EQ(test, rjs_take_credit(s), 0U);

	KUNIT_ASSERT_EQ(test, rjs_test_feed(s, &g, after), RJS_OK);
	bits = rjs_take_credit(s);
	released = rjs_test_released(RJS_STARTUP_SAMPLES + after);
	KUNIT_EXPECT_EQ(test, s->released, released);
	KUNIT_EXPECT_LE(test, s->rate, rate);
	KUNIT_EXPECT_GE(test, bits, released * s->rate / (RJS_BIT * c->osr));
	KUNIT_EXPECT_LE(test, bits, released * rate / (RJS_BIT * c->osr));
}

/*
 * Credit waits for the history: nothing before RJS_HISTORY samples, then
 * at each window's end the samples before that window; nothing while a
 * window is open, and a failure in the middle of a window ends all credit,
 * the window before it unreleased included.
 */
static void rjs_test_windowed_credit(struct kunit *test)
{
	struct rjs_state *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	const unsigned int per_window = RJS_WINDOW * RJS_TEST_CLAIM / RJS_BIT;
	struct rjs_stream g;
	unsigned int i;
	u64 ts;

	KUNIT_ASSERT_NOT_NULL(test, s);
	rjs_state_init(s, RJS_TEST_CLAIM, 1);
	rjs_stream_init(&g, RJS_STREAM_GOOD, 0);
	KUNIT_ASSERT_EQ(test, rjs_test_feed(s, &g, RJS_HISTORY), RJS_OK);
	KUNIT_EXPECT_EQ(test, rjs_take_credit(s), 0U);
	KUNIT_ASSERT_EQ(test, rjs_test_feed(s, &g, 1), RJS_OK);
	KUNIT_EXPECT_EQ(test, rjs_take_credit(s),
			(RJS_HISTORY / RJS_WINDOW - 1) * per_window);
	KUNIT_ASSERT_EQ(test, rjs_test_feed(s, &g, RJS_WINDOW - 1), RJS_OK);
	KUNIT_EXPECT_EQ(test, rjs_take_credit(s), 0U);
	KUNIT_ASSERT_EQ(test, rjs_test_feed(s, &g, 1), RJS_OK);
	KUNIT_EXPECT_EQ(test, rjs_take_credit(s), per_window);

	/* half a window, then the counter sticks before the window ends */
	KUNIT_ASSERT_EQ(test, rjs_test_feed(s, &g, RJS_WINDOW / 2), RJS_OK);
	ts = g.ts;
	for (i = 0; i < rjs_rct_cutoff(RJS_TEST_CLAIM); i++)
		rjs_feed(s, ts += 1000);
	KUNIT_EXPECT_EQ(test, s->failure, RJS_FAIL_RCT);
	KUNIT_EXPECT_EQ(test, s->released, RJS_HISTORY);
	KUNIT_EXPECT_EQ(test, rjs_take_credit(s), 0U);
	KUNIT_EXPECT_EQ(test, rjs_test_feed(s, &g, 5000), RJS_FAIL_RCT);
	KUNIT_EXPECT_EQ(test, rjs_take_credit(s), 0U);
	KUNIT_EXPECT_EQ(test, s->released, RJS_HISTORY);
}

/*********************************************************************
 * Patterns longer than the start-up window, and sources that turn.
 *********************************************************************/

/* The claim the history test is tested at: above each stream's entropy. */
#define RJS_TEST_HIGH_CLAIM	(2 * RJS_BIT)

/* Samples each stream gets: well past RJS_HISTORY. */
#define RJS_TEST_LONG	20000U

/*
 * Feed @g into @s as a session samples it, RJS_CHUNK + 1 timestamps a
 * batch, each batch's first only starting a chain, until @samples samples
 * or a failure.
 *
 * Returns: the bits released.
 */
static unsigned int rjs_test_batches(struct rjs_state *s, struct rjs_stream *g,
				     unsigned int samples)
{
	u64 ts[RJS_CHUNK + 1];
	unsigned int i, bits = 0;

	while (s->samples < samples && !s->failure) {
		for (i = 0; i <= RJS_CHUNK; i++)
			ts[i] = rjs_stream_next(g);
		rjs_feed_batch(s, ts, RJS_CHUNK + 1);
		bits += rjs_take_credit(s);
	}
	return bits;
}

struct rjs_history_case {
	const char *name;
	enum rjs_stream_kind kind;
	unsigned int k;
	unsigned int entropy;	/* the stream's, 1/256 bit per sample */
};

static const struct rjs_history_case rjs_history_cases[] = {
	{ "random deltas, period 1500", RJS_STREAM_RANDOM_PERIOD, 1500, 0 },
	{ "random deltas, period 2000", RJS_STREAM_RANDOM_PERIOD, 2000, 0 },
	{ "random deltas, period 4096", RJS_STREAM_RANDOM_PERIOD, 4096, 0 },
	{ "random periods 31 and 37 added (1147)", RJS_STREAM_SUM_PERIODS, 0, 0 },
	{ "deltas i^3 mod 1801", RJS_STREAM_CUBE_MOD, 1801, 0 },
	{ "sliding 10-bit window (de Bruijn less 0)", RJS_STREAM_LFSR, 0, 0 },
	{ "period 2000 table plus 1 random bit", RJS_STREAM_TABLE_BIT, 2000, RJS_BIT },
};

static void rjs_history_case_desc(const struct rjs_history_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_history, rjs_history_cases, rjs_history_case_desc);

/*
 * A stream whose pattern is longer than the start-up window, fed at a
 * claim above its entropy both as one chain and a batch at a time as a
 * session samples it (a sample lost between batches), is credited no
 * more than its entropy: nothing, for a deterministic one.
 */
static void rjs_test_history(struct kunit *test)
{
	const struct rjs_history_case *c = test->param_value;
	struct rjs_state *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct rjs_stream g;
	unsigned int bits;

	KUNIT_ASSERT_NOT_NULL(test, s);
	rjs_state_init(s, RJS_TEST_HIGH_CLAIM, 1);
	rjs_stream_init(&g, c->kind, c->k);
	rjs_test_feed(s, &g, RJS_TEST_LONG + 1);
	bits = rjs_take_credit(s);
	KUNIT_EXPECT_LE(test, bits, s->samples * c->entropy / RJS_BIT);
	if (!c->entropy)
		KUNIT_EXPECT_NE(test, s->failure, RJS_OK);
	kunit_info(test, "one chain: %s after %u samples, %u bits, estimates %u then %u/256 bit\n",
		   rjs_failure_name(s->failure), s->samples, bits,
		   s->estimate, s->history_estimate);

	rjs_state_init(s, RJS_TEST_HIGH_CLAIM, 1);
	rjs_stream_init(&g, c->kind, c->k);
	bits = rjs_test_batches(s, &g, RJS_TEST_LONG);
	KUNIT_EXPECT_LE(test, bits, s->samples * c->entropy / RJS_BIT);
	if (!c->entropy)
		KUNIT_EXPECT_NE(test, s->failure, RJS_OK);
	kunit_info(test, "in batches: %s after %u samples, %u bits, estimates %u then %u/256 bit\n",
		   rjs_failure_name(s->failure), s->samples, bits,
		   s->estimate, s->history_estimate);
}

/*
 * A source that turns constant after a good start-up and several released
 * windows, at osr 8: it fails, and no sample from the turn on was
 * released, though the turn came late in a window.
 */
static void rjs_test_turns_constant(struct kunit *test)
{
	struct rjs_state *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	const unsigned int turn = RJS_HISTORY + 3 * RJS_WINDOW - 4;
	struct rjs_stream g;
	unsigned int bits = 0;

	KUNIT_ASSERT_NOT_NULL(test, s);
	rjs_state_init(s, RJS_TEST_HIGH_CLAIM, 8);
	rjs_stream_init(&g, RJS_STREAM_TURNS_CONSTANT, turn);
	while (s->samples < RJS_TEST_LONG && !rjs_feed(s, rjs_stream_next(&g)))
		bits += rjs_take_credit(s);
	KUNIT_EXPECT_EQ(test, s->failure, RJS_FAIL_RCT);
	KUNIT_EXPECT_GT(test, bits, 0U);
	KUNIT_EXPECT_LT(test, s->released, turn);
	KUNIT_EXPECT_EQ(test, bits, s->released * s->rate / (RJS_BIT * 8));
}

struct rjs_low_claim_case {
	const char *name;
	enum rjs_stream_kind kind;
	unsigned int k;
	unsigned int turn;	/* where the table begins */
};

static const struct rjs_low_claim_case rjs_low_claim_cases[] = {
	{ "skewed period-3000 table from the start", RJS_STREAM_SKEWED_PERIOD,
	  RJS_STREAM_SKEWED_LEN, 0 },
	{ "the same table from sample 2048, after a passing start-up",
	  RJS_STREAM_TURNS_SKEWED, 2048, 2048 },
};

static void rjs_low_claim_case_desc(const struct rjs_low_claim_case *c,
				    char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_low_claim, rjs_low_claim_cases, rjs_low_claim_case_desc);

/*
 * At the lowest claim there is (RJS_CLAIM_MIN), where the repetition test's
 * runs are longest and the APT all but blind, a table of 3000 deltas, four
 * in five of them one value (about 0.3 bit, a rate of 21/256 bit, so it
 * passes its start-up test), is no more than noise of that rate until it
 * comes round again; then the history test fails it, within its second
 * pass. From the start, nothing is credited; after a random start, nothing
 * from the table's second pass on.
 */
static void rjs_test_low_claim(struct kunit *test)
{
	const struct rjs_low_claim_case *c = test->param_value;
	struct rjs_state *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	const unsigned int second = c->turn + RJS_STREAM_SKEWED_LEN;
	struct rjs_stream g;
	unsigned int bits;

	KUNIT_ASSERT_NOT_NULL(test, s);
	rjs_state_init(s, RJS_CLAIM_MIN, 1);
	rjs_stream_init(&g, c->kind, c->k);
	rjs_test_feed(s, &g, RJS_TEST_LONG + 1);
	bits = rjs_take_credit(s);
	KUNIT_EXPECT_TRUE(test, rjs_startup_passed(s));
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(s->failure), "pattern");
	KUNIT_EXPECT_LT(test, s->samples, second + RJS_STREAM_SKEWED_LEN);
	KUNIT_EXPECT_LE(test, s->released, second);
	if (!c->turn)
		KUNIT_EXPECT_EQ(test, bits, 0U);
	kunit_info(test, "%s after %u samples, %u released, %u bits, estimates %u then %u/256 bit\n",
		   rjs_failure_name(s->failure), s->samples, s->released, bits,
		   s->estimate, s->history_estimate);
}

struct rjs_hold_case {
	const char *name;
	enum rjs_method method;
	unsigned int length;
	unsigned int steps;	/* per sample, for the edge method */
	unsigned int hold;
};

static const struct rjs_hold_case rjs_hold_cases[] = {
	{ "workload, 8192 steps: an 8-sample walk, the start-up window",
	  RJS_WORKLOAD, 8192, 0, RJS_HOLD_MIN },
	{ "workload, 1536 steps: a 128-sample walk", RJS_WORKLOAD, 1536, 0,
	  RJS_HOLD_MIN },
	{ "workload, 32 steps: a 2048-sample walk", RJS_WORKLOAD, 32, 0,
	  2048 + RJS_WINDOW },
	{ "workload, 24 steps: an 8192-sample walk, the history",
	  RJS_WORKLOAD, 24, 0, RJS_HISTORY },
	{ "edges, 640 steps a sample: a 103-sample walk", RJS_EDGES, 32, 640,
	  RJS_HOLD_MIN },
	{ "edges, 20 steps a sample: a 3277-sample walk", RJS_EDGES, 1, 20,
	  3584 + RJS_WINDOW },
	{ "edges, no steps (a counter that did not move)", RJS_EDGES, 1, 0,
	  RJS_HISTORY },
};

static void rjs_hold_case_desc(const struct rjs_hold_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_hold, rjs_hold_cases, rjs_hold_case_desc);

/*
 * The hold covers the start-up window and the walk's cycle, in whole
 * windows, and a window more. Held so, a random table as long as the hold
 * less a window, the longest pattern it claims to catch, is caught before
 * any of it is credited; a good stream is first credited at the hold.
 */
static void rjs_test_hold(struct kunit *test)
{
	const struct rjs_hold_case *c = test->param_value;
	struct rjs_state *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	u64 batch[RJS_CHUNK + 1];
	struct rjs_stream g;
	unsigned int i, hold, bits = 0;

	KUNIT_ASSERT_NOT_NULL(test, s);
	for (i = 0; i <= RJS_CHUNK; i++)
		batch[i] = 1000 + (u64)i * c->steps;
	hold = rjs_hold(c->method, c->length, batch);
	KUNIT_EXPECT_EQ(test, hold, c->hold);

	rjs_state_init(s, RJS_TEST_CLAIM, 1);
	s->hold = hold;
	rjs_stream_init(&g, RJS_STREAM_RANDOM_PERIOD, hold - RJS_WINDOW);
	while (s->samples < RJS_TEST_LONG && !rjs_feed(s, rjs_stream_next(&g)))
		bits += rjs_take_credit(s);
	KUNIT_EXPECT_NE(test, s->failure, RJS_OK);
	KUNIT_EXPECT_EQ(test, bits, 0U);

	rjs_state_init(s, RJS_TEST_CLAIM, 1);
	s->hold = hold;
	rjs_stream_init(&g, RJS_STREAM_GOOD, 0);
	KUNIT_ASSERT_EQ(test, rjs_test_feed(s, &g, hold), RJS_OK);
	KUNIT_EXPECT_EQ(test, rjs_take_credit(s), 0U);
	KUNIT_ASSERT_EQ(test, rjs_test_feed(s, &g, 1), RJS_OK);
	KUNIT_EXPECT_EQ(test, s->released, hold - RJS_WINDOW);
	KUNIT_EXPECT_GT(test, rjs_take_credit(s), 0U);
}

struct rjs_stuck_case {
	const char *name;
	unsigned int claim;
};

static const struct rjs_stuck_case rjs_stuck_cases[] = {
	{ "claim 1/8 bit", RJS_BIT / 8 },
	{ "claim 1/4 bit", RJS_BIT / 4 },
	{ "claim 1/2 bit", RJS_BIT / 2 },
	{ "claim 1 bit", RJS_BIT },
};

static void rjs_stuck_case_desc(const struct rjs_stuck_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_stuck, rjs_stuck_cases, rjs_stuck_case_desc);

/*
 * A ramp (deltas growing by 3) after a good start-up fails the stuck test
 * after as many samples at every claim up to 1 bit: its cutoff does not
 * loosen as the claim falls.
 */
static void rjs_test_stuck_cutoff(struct kunit *test)
{
	const struct rjs_stuck_case *c = test->param_value;
	struct rjs_state *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	unsigned int n = 0;
	struct rjs_stream g;
	u64 ts, d = 3000;

	KUNIT_ASSERT_NOT_NULL(test, s);
	rjs_state_init(s, c->claim, 1);
	rjs_stream_init(&g, RJS_STREAM_GOOD, 0);
	KUNIT_ASSERT_EQ(test, rjs_test_feed(s, &g, 1 + RJS_STARTUP_SAMPLES), RJS_OK);
	ts = g.ts;
	while (!s->failure && n < 1000) {
		rjs_feed(s, ts += d);
		d += 3;
		n++;
	}
	KUNIT_EXPECT_EQ(test, s->failure, RJS_FAIL_STUCK);
	KUNIT_EXPECT_EQ(test, n, rjs_rct_cutoff(RJS_BIT) + 1);
}

/*
 * The claim table: known methods and classes, lengths not descending
 * within a method and class, durations that hold some, each claim 0 or
 * no lower than the lowest a claim may be.
 */
static void rjs_test_claim_table(struct kunit *test)
{
	const struct rjs_claim *c = rjs_claims;
	unsigned int r;

	KUNIT_ASSERT_GT(test, rjs_nr_claims, 0U);
	for (r = 0; r < rjs_nr_claims; r++) {
		KUNIT_EXPECT_LT(test, c[r].method, RJS_NR_METHODS);
		KUNIT_EXPECT_GT(test, c[r].rate_class, RJS_CLASS_NONE);
		KUNIT_EXPECT_LE(test, c[r].rate_class, RJS_CLASS_TOP);
		if (r && c[r].method == c[r - 1].method &&
		    c[r].rate_class == c[r - 1].rate_class)
			KUNIT_EXPECT_GE(test, c[r].length, c[r - 1].length);
		if (c[r].ticks_hi)
			KUNIT_EXPECT_LT(test, c[r].ticks_lo, c[r].ticks_hi);
		else
			KUNIT_EXPECT_EQ(test, c[r].ticks_lo, 0U);
		KUNIT_EXPECT_LE(test, rjs_claims[r].claim, 8 * RJS_BIT);
		if (rjs_claims[r].claim)
			KUNIT_EXPECT_GE(test, rjs_claims[r].claim, RJS_CLAIM_MIN);
	}
}

/*********************************************************************
 * Boot parameters.
 *********************************************************************/

struct rjs_param_case {
	const char *name;
	const char *arg;
	int enable_ret;
	bool enable;
	int osr_ret;
	unsigned int osr;
};

static const struct rjs_param_case rjs_param_cases[] = {
	{ "on", "on", 0, true, -EINVAL, 7 },
	{ "off", "off", 0, false, -EINVAL, 7 },
	{ "1", "1", 0, true, 0, 1 },
	{ "0", "0", 0, false, -ERANGE, 7 },
	{ "16 (kstrtobool reads the first character)", "16", 0, true, 0, 16 },
	{ "17", "17", 0, true, -ERANGE, 7 },
	{ "-1", "-1", -EINVAL, true, -EINVAL, 7 },
	{ "huge", "99999999999999999999", -EINVAL, true, -ERANGE, 7 },
	{ "garbage", "maybe", -EINVAL, true, -EINVAL, 7 },
	{ "trailing garbage", "4x", -EINVAL, true, -EINVAL, 7 },
	{ "empty", "", -EINVAL, true, -EINVAL, 7 },
	{ "missing", NULL, -EINVAL, true, -EINVAL, 7 },
};

static void rjs_param_case_desc(const struct rjs_param_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_param, rjs_param_cases, rjs_param_case_desc);

/* Valid values are taken; anything else returns an error, value untouched. */
static void rjs_test_params(struct kunit *test)
{
	const struct rjs_param_case *c = test->param_value;
	bool enable = true;
	unsigned int osr = 7;

	KUNIT_EXPECT_EQ(test, rjs_parse_enable(c->arg, &enable), c->enable_ret);
	KUNIT_EXPECT_EQ(test, enable, c->enable);
	KUNIT_EXPECT_EQ(test, rjs_parse_osr(c->arg, &osr), c->osr_ret);
	KUNIT_EXPECT_EQ(test, osr, c->osr);
}

struct rjs_claim_param_case {
	const char *name;
	const char *arg;
	int ret;
	enum rjs_method method;
	unsigned int length;
	unsigned int claim;	/* 1/256 bit */
};

static const struct rjs_claim_param_case rjs_claim_param_cases[] = {
	{ "workload,2048,300 (rounded down)", "workload,2048,300", 0,
	  RJS_WORKLOAD, 2048, 76 },
	{ "edges,64,1000", "edges,64,1000", 0, RJS_EDGES, 64, RJS_BIT },
	{ "the least: 1/32 bit", "edges,1,32", 0, RJS_EDGES, 1, RJS_BIT / 32 },
	{ "the most: 8 bits, 131072 steps", "workload,131072,8000", 0,
	  RJS_WORKLOAD, RJS_LENGTH_MAX, 8 * RJS_BIT },
	{ "under 1/32 bit", "workload,2048,31", -ERANGE },
	{ "over 8 bits", "workload,2048,8001", -ERANGE },
	{ "length 0", "workload,0,300", -ERANGE },
	{ "length over 131072", "workload,131073,300", -ERANGE },
	{ "unknown method", "ticks,64,300", -EINVAL },
	{ "a fraction", "workload,2048,0.3", -EINVAL },
	{ "two fields", "workload,2048", -EINVAL },
	{ "four fields", "workload,2048,300,1", -EINVAL },
	{ "negative", "workload,-2048,300", -EINVAL },
	{ "huge", "workload,99999999999999999999,300", -EINVAL },
	{ "empty", "", -EINVAL },
	{ "missing", NULL, -EINVAL },
};

static void rjs_claim_param_case_desc(const struct rjs_claim_param_case *c,
				      char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_claim_param, rjs_claim_param_cases,
		  rjs_claim_param_case_desc);

/* A valid claim is taken, rounded down; anything else leaves it untouched. */
static void rjs_test_claim_param(struct kunit *test)
{
	const struct rjs_claim_param_case *c = test->param_value;
	const struct rjs_claim untouched = { RJS_EDGES, 7, 7, 7 };
	struct rjs_claim got = untouched;

	KUNIT_EXPECT_EQ(test, rjs_parse_claim(c->arg, &got), c->ret);
	if (c->ret) {
		KUNIT_EXPECT_EQ(test, memcmp(&got, &untouched, sizeof(got)), 0);
		return;
	}
	KUNIT_EXPECT_EQ(test, got.method, (u8)c->method);
	KUNIT_EXPECT_EQ(test, got.length, c->length);
	KUNIT_EXPECT_EQ(test, got.claim, c->claim);
}

/*
 * A claim as the log prints it (rjs_claim_mbits()), given back to
 * random.jitter_seed_claim=, is the same claim, at every claim from the
 * lowest to 8 bits.
 */
static void rjs_test_claim_round_trip(struct kunit *test)
{
	struct rjs_claim got;
	unsigned int claim;
	char arg[32];

	for (claim = RJS_CLAIM_MIN; claim <= 8 * RJS_BIT; claim++) {
		snprintf(arg, sizeof(arg), "edges,8,%u", rjs_claim_mbits(claim));
		KUNIT_ASSERT_EQ(test, rjs_parse_claim(arg, &got), 0);
		KUNIT_ASSERT_EQ_MSG(test, got.claim, claim, "printed as %s", arg);
	}
}

/*********************************************************************
 * Sessions: the real counter, and injected broken sources.
 *********************************************************************/

struct rjs_test_sink {
	struct rjs_stream gen;
	unsigned int bits;
	size_t mixed;
};

static u64 rjs_test_now(void *priv)
{
	return rjs_stream_next(&((struct rjs_test_sink *)priv)->gen);
}

static void rjs_test_credit_sink(void *priv, const void *buf, size_t len,
				 unsigned int bits)
{
	struct rjs_test_sink *t = priv;

	t->mixed += len;
	t->bits += bits;
}

static bool rjs_test_ready(void *priv)
{
	return ((struct rjs_test_sink *)priv)->bits >= RJS_TARGET_BITS;
}

static bool rjs_test_never(void *priv)
{
	return false;
}

/* Returns: operations on @t's stream and sink, never interrupted. */
static struct rjs_ops rjs_test_sink_ops(struct rjs_test_sink *t)
{
	const struct rjs_ops ops = {
		.now = rjs_test_now,
		.credit = rjs_test_credit_sink,
		.ready = rjs_test_ready,
		.interrupted = rjs_test_never,
		.priv = t,
	};

	return ops;
}

struct rjs_session_case {
	const char *name;
	enum rjs_stream_kind kind;
	unsigned int k;
	enum rjs_failure want;
	unsigned int tries;	/* windows begun; RJS_TRIES: all allowed */
};

static const struct rjs_session_case rjs_session_cases[] = {
	{ "real counter", RJS_STREAM_REAL, 0, RJS_OK, 0 },
	{ "injected stuck counter", RJS_STREAM_STUCK, 0, RJS_FAIL_CALIBRATION, 0 },
	{ "injected +1 per read", RJS_STREAM_CONSTANT_DELTA, 0, RJS_FAIL_CALIBRATION, 0 },
	{ "injected coarse clock", RJS_STREAM_COARSE, 0, RJS_FAIL_CALIBRATION, 0 },
	{ "injected period 24: each claim tried", RJS_STREAM_PERIOD, 24,
	  RJS_FAIL_STARTUP, RJS_TRIES },
	{ "injected random deltas, period 1000: each claim tried",
	  RJS_STREAM_RANDOM_PERIOD, 1000, RJS_FAIL_STARTUP, RJS_TRIES },
	{ "three values at every length: none varies", RJS_STREAM_FEW, 3,
	  RJS_FAIL_CALIBRATION, 0 },
	{ "no delta alike in a batch: calibrated, then stuck (constant step)",
	  RJS_STREAM_DISTINCT, 0, RJS_FAIL_STUCK, 1 },
};

/*
 * The synthetic streams' claims: a class of its own (2^21 Hz), three
 * workload lengths, as many as a session may try.
 */
#define RJS_TEST_SYNTHETIC_HZ	BIT_ULL(21)

static const struct rjs_claim rjs_test_session_claims[] = {
	{ RJS_WORKLOAD, 21, 64, RJS_BIT },
	{ RJS_WORKLOAD, 21, 256, RJS_BIT },
	{ RJS_WORKLOAD, 21, 1024, RJS_BIT },
};

static_assert(ARRAY_SIZE(rjs_test_session_claims) == RJS_TRIES);

/*
 * Set @ses up with the synthetic claims, unless @kind is the real counter,
 * which keeps the built-in ones at its own rate.
 */
static void rjs_test_session_init(struct rjs_session *ses,
				  enum rjs_stream_kind kind)
{
	if (kind == RJS_STREAM_REAL) {
		rjs_session_init(ses, 1, rjs_counter_hz());
		return;
	}
	rjs_session_init(ses, 1, RJS_TEST_SYNTHETIC_HZ);
	ses->claims = rjs_test_session_claims;
	ses->nr_claims = ARRAY_SIZE(rjs_test_session_claims);
}

static void rjs_session_case_desc(const struct rjs_session_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_session, rjs_session_cases, rjs_session_case_desc);

/*
 * The real counter reaches the target within the hold plus what the lowest
 * rate needs; a broken source credits nothing, says why, and still mixes
 * what it sampled. A start-up window that fails its start-up test is
 * followed by one at another claim, each claim once, RJS_TRIES windows at
 * most; a health test's failure is final.
 */
static void rjs_test_session(struct kunit *test)
{
	const struct rjs_session_case *c = test->param_value;
	struct rjs_session *ses = kunit_kzalloc(test, sizeof(*ses), GFP_KERNEL);
	struct rjs_test_sink *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, RJS_BUF_SIZE, GFP_KERNEL);
	const struct rjs_ops ops = rjs_test_sink_ops(t);
	enum rjs_run ret;
	unsigned int j, k;

	KUNIT_ASSERT_NOT_NULL(test, ses);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	rjs_stream_init(&t->gen, c->kind, c->k);
	rjs_test_session_init(ses, c->kind);
	ret = rjs_session_run(ses, &ops, buf);

	/*
	 * The real counter's timing is the machine's: an emulated coarse
	 * counter can fail calibration or a health test. That must be safe
	 * (nothing credited, a failure named); whether it seeds is then not
	 * known here, and the guest tests say so for the boot session. So
	 * this case cannot fail by chance: a session that fails is checked
	 * for safety and skipped, and one that seeds is held only to what
	 * the accounting guarantees whatever the samples were (the target
	 * reached, no more samples than the lowest rate needs). Its false-
	 * failure rate is 0; chance only decides between pass and skip.
	 */
	if (c->kind == RJS_STREAM_REAL && ses->result) {
		KUNIT_EXPECT_EQ(test, ret, RJS_RUN_FAILED);
		KUNIT_EXPECT_EQ(test, t->bits, 0U);
		kunit_skip(test, "real counter failed (%s) on this machine: nothing credited",
			   rjs_failure_name(ses->result));
	}
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(ses->result),
			   rjs_failure_name(c->want));
	KUNIT_EXPECT_TRUE(test, ses->finished);
	KUNIT_EXPECT_GT(test, t->mixed, (size_t)0);
	KUNIT_EXPECT_EQ(test, ses->bits, t->bits);
	for (k = 0; k < ses->tries; k++) {
		for (j = 0; j < k; j++)
			KUNIT_EXPECT_NE(test, ses->tried[k].claim_idx,
					ses->tried[j].claim_idx);
		if (k + 1 < ses->tries)
			KUNIT_EXPECT_STREQ(test, rjs_failure_name(ses->tried[k].failure),
					   rjs_failure_name(c->want));
	}
	if (c->want == RJS_OK) {
		KUNIT_EXPECT_EQ(test, ret, RJS_RUN_READY);
		KUNIT_EXPECT_GE(test, t->bits, (unsigned int)RJS_TARGET_BITS);
		KUNIT_EXPECT_LE(test, ses->state.samples,
				max(ses->state.hold,
				    RJS_TARGET_BITS * RJS_BIT / RJS_MIN_RATE) + 2 * RJS_WINDOW);
		kunit_info(test, "method=%s length=%u samples=%u tries=%u estimate=%u/256 bit rate=%u/256 bit\n",
			   rjs_method_name(ses->method), ses->length,
			   ses->state.samples, ses->tries,
			   ses->state.estimate, ses->state.rate);
	} else {
		KUNIT_EXPECT_EQ(test, ret, RJS_RUN_FAILED);
		KUNIT_EXPECT_EQ(test, t->bits, 0U);
		KUNIT_EXPECT_EQ(test, ses->tries, c->tries);
	}
}

/*
 * A session paused by ops->interrupted() before every other batch once its
 * length is chosen, and resumed each time as a caller taking it over
 * would, is the same session: one start-up window, credit only after it
 * and only in whole windows, and it stops at the first window whose credit
 * reaches the target at its rate, as an uninterrupted session does.
 */
struct rjs_test_pauser {
	struct rjs_test_sink sink;
	unsigned int asked;
	unsigned int first_credit;	/* samples when the sink first got bits */
	const struct rjs_session *ses;
};

static bool rjs_test_every_other(void *priv)
{
	struct rjs_test_pauser *p = priv;

	return !p->ses->calibrate && ++p->asked % 2 == 0;
}

static void rjs_test_pauser_credit(void *priv, const void *buf, size_t len,
				   unsigned int bits)
{
	struct rjs_test_pauser *p = priv;

	if (bits && !p->sink.bits)
		p->first_credit = p->ses->state.samples;
	rjs_test_credit_sink(&p->sink, buf, len, bits);
}

static void rjs_test_paused_session(struct kunit *test)
{
	struct rjs_session *ses = kunit_kzalloc(test, sizeof(*ses), GFP_KERNEL);
	struct rjs_test_pauser *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, RJS_BUF_SIZE, GFP_KERNEL);
	const struct rjs_ops ops = {
		.now = rjs_test_now,
		.credit = rjs_test_pauser_credit,
		.ready = rjs_test_ready,
		.interrupted = rjs_test_every_other,
		.priv = p,
	};
	unsigned int pauses = 0, want;

	KUNIT_ASSERT_NOT_NULL(test, ses);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	p->ses = ses;
	rjs_stream_init(&p->sink.gen, RJS_STREAM_GOOD, 0);
	rjs_test_session_init(ses, RJS_STREAM_GOOD);
	while (rjs_session_run(ses, &ops, buf) == RJS_RUN_PAUSED &&
	       pauses < RJS_TEST_MAX_PAUSES)
		pauses++;

	KUNIT_EXPECT_GT(test, pauses, 1U);
	KUNIT_EXPECT_LT(test, pauses, RJS_TEST_MAX_PAUSES);
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(ses->result), "none");
	KUNIT_EXPECT_TRUE(test, ses->finished);
	KUNIT_EXPECT_EQ(test, ses->tries, 1U);
	KUNIT_EXPECT_GE(test, ses->state.hold, (unsigned int)RJS_HOLD_MIN);
	KUNIT_EXPECT_GE(test, p->first_credit, ses->state.hold);
	KUNIT_EXPECT_EQ(test, p->first_credit, ses->first_credit);
	KUNIT_EXPECT_EQ(test, ses->bits, p->sink.bits);
	KUNIT_ASSERT_GT(test, ses->state.rate, 0U);
	want = roundup(DIV_ROUND_UP(RJS_TARGET_BITS * RJS_BIT, ses->state.rate),
		       RJS_WINDOW) + RJS_WINDOW;
	KUNIT_EXPECT_EQ(test, ses->state.samples,
			max_t(unsigned int, want, ses->state.hold));
}

/*
 * An integrator's own claim holds for the counter the session runs on: at a
 * rate class no built-in claim covers, a session with it seeds, at its
 * method, length and claim, and the same session without it credits
 * nothing (unassessed).
 */
static void rjs_test_own_claim(struct kunit *test)
{
	struct rjs_session *ses = kunit_kzalloc(test, sizeof(*ses), GFP_KERNEL);
	struct rjs_test_sink *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, RJS_BUF_SIZE, GFP_KERNEL);
	const struct rjs_ops ops = rjs_test_sink_ops(t);
	const u64 hz = 1ULL << 21;	/* 2.1 MHz */
	struct rjs_claim own;
	unsigned int r;

	KUNIT_ASSERT_NOT_NULL(test, ses);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (r = 0; r < rjs_nr_claims; r++)
		KUNIT_ASSERT_NE(test, rjs_claims[r].rate_class, rjs_rate_class(hz));
	KUNIT_ASSERT_EQ(test, rjs_parse_claim("workload,64,1000", &own), 0);

	rjs_stream_init(&t->gen, RJS_STREAM_GOOD, 0);
	rjs_session_init(ses, 1, hz);
	rjs_session_claim(ses, &own);
	KUNIT_EXPECT_EQ(test, rjs_session_run(ses, &ops, buf), RJS_RUN_READY);
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(ses->result), "none");
	KUNIT_EXPECT_EQ(test, ses->method, RJS_WORKLOAD);
	KUNIT_EXPECT_EQ(test, ses->length, 64U);
	KUNIT_EXPECT_EQ(test, ses->state.claim, RJS_BIT);
	KUNIT_EXPECT_GE(test, t->bits, (unsigned int)RJS_TARGET_BITS);

	memset(t, 0, sizeof(*t));
	rjs_stream_init(&t->gen, RJS_STREAM_GOOD, 0);
	rjs_session_init(ses, 1, hz);
	KUNIT_EXPECT_EQ(test, rjs_session_run(ses, &ops, buf), RJS_RUN_FAILED);
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(ses->result),
			   rjs_failure_name(RJS_FAIL_UNASSESSED));
	KUNIT_EXPECT_EQ(test, t->bits, 0U);
}

/*
 * Claims keyed by how long a sample lasts: the synthetic spread stream's
 * samples last 2000 to 6095 ticks, 4048 on average, whatever the length.
 */
struct rjs_pace_case {
	const char *name;
	struct rjs_claim claims[3];
	unsigned int nr_claims;
	enum rjs_failure want;
	unsigned int length;	/* seeded at; and at this claim: */
	unsigned int claim;
};

static const struct rjs_pace_case rjs_pace_cases[] = {
	{ "assessed at this duration: its claim",
	  { { RJS_WORKLOAD, 21, 64, RJS_BIT, 2048, 8192 } }, 1,
	  RJS_OK, 64, RJS_BIT },
	{ "assessed only where samples were shorter: no claim",
	  { { RJS_WORKLOAD, 21, 64, RJS_BIT, 512, 2048 } }, 1,
	  RJS_FAIL_UNASSESSED },
	{ "assessed only where samples were longer: no claim",
	  { { RJS_WORKLOAD, 21, 64, RJS_BIT, 8192, 65536 } }, 1,
	  RJS_FAIL_UNASSESSED },
	{ "two claims hold this duration: the lower",
	  { { RJS_WORKLOAD, 21, 64, RJS_BIT, 2048, 8192 },
	    { RJS_WORKLOAD, 21, 64, RJS_BIT / 4, 1024, 16384 } }, 2,
	  RJS_OK, 64, RJS_BIT / 4 },
	{ "another length's claim at this duration is not this length's",
	  { { RJS_WORKLOAD, 21, 64, RJS_BIT, 512, 2048 },
	    { RJS_WORKLOAD, 21, 4096, RJS_BIT / 2, 2048, 8192 } }, 2,
	  RJS_OK, 4096, RJS_BIT / 2 },
	{ "another length's zero claim at this duration does not veto",
	  { { RJS_WORKLOAD, 21, 64, RJS_BIT, 2048, 8192 },
	    { RJS_WORKLOAD, 21, 4096, 0, 1024, 16384 } }, 2,
	  RJS_OK, 64, RJS_BIT },
	{ "no claim at a length, at any duration: the next length",
	  { { RJS_WORKLOAD, 21, 64, 0 },
	    { RJS_WORKLOAD, 21, 64, RJS_BIT, 2048, 8192 },
	    { RJS_WORKLOAD, 21, 256, RJS_BIT / 2 } }, 3,
	  RJS_OK, 256, RJS_BIT / 2 },
	{ "no claim where samples were shorter does not veto",
	  { { RJS_WORKLOAD, 21, 64, 0, 512, 2048 },
	    { RJS_WORKLOAD, 21, 64, RJS_BIT, 2048, 8192 } }, 2,
	  RJS_OK, 64, RJS_BIT },
};

static void rjs_pace_case_desc(const struct rjs_pace_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_pace, rjs_pace_cases, rjs_pace_case_desc);

/*
 * A length's claims assessed at a duration hold only for its samples
 * lasting about as long: the lowest of those whose durations hold the
 * probe batch's mean (and of its claims of no known duration) stands,
 * another length's claims play no part, and none (nothing credited,
 * "unassessed") holds where none does.
 */
static void rjs_test_pace(struct kunit *test)
{
	const struct rjs_pace_case *c = test->param_value;
	struct rjs_session *ses = kunit_kzalloc(test, sizeof(*ses), GFP_KERNEL);
	struct rjs_test_sink *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, RJS_BUF_SIZE, GFP_KERNEL);
	const struct rjs_ops ops = rjs_test_sink_ops(t);

	KUNIT_ASSERT_NOT_NULL(test, ses);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	rjs_stream_init(&t->gen, RJS_STREAM_GOOD, 0);
	rjs_session_init(ses, 1, RJS_TEST_SYNTHETIC_HZ);
	ses->claims = c->claims;
	ses->nr_claims = c->nr_claims;
	rjs_session_run(ses, &ops, buf);
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(ses->result),
			   rjs_failure_name(c->want));
	if (c->want) {
		KUNIT_EXPECT_EQ(test, t->bits, 0U);
		return;
	}
	KUNIT_EXPECT_EQ(test, ses->length, c->length);
	KUNIT_EXPECT_EQ(test, ses->state.claim, c->claim);
	KUNIT_EXPECT_GE(test, t->bits, (unsigned int)RJS_TARGET_BITS);
}

/*
 * Calibration probes each length again when a round found none that
 * varies: a counter whose first batch looks quantised by chance (here: the
 * first batch advances by one per read, then the deltas are random) still
 * seeds, at the one claim given. A counter that never moves is not probed
 * a second time.
 */
static void rjs_test_calibration_rounds(struct kunit *test)
{
	struct rjs_session *ses = kunit_kzalloc(test, sizeof(*ses), GFP_KERNEL);
	struct rjs_test_sink *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, RJS_BUF_SIZE, GFP_KERNEL);
	const struct rjs_ops ops = rjs_test_sink_ops(t);
	struct rjs_claim own;

	KUNIT_ASSERT_NOT_NULL(test, ses);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_EQ(test, rjs_parse_claim("workload,64,1000", &own), 0);

	rjs_stream_init(&t->gen, RJS_STREAM_LATE_RANDOM, 0);
	rjs_session_init(ses, 1, 1ULL << 21);
	rjs_session_claim(ses, &own);
	KUNIT_EXPECT_EQ(test, rjs_session_run(ses, &ops, buf), RJS_RUN_READY);
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(ses->result), "none");
	KUNIT_EXPECT_GE(test, t->bits, (unsigned int)RJS_TARGET_BITS);

	memset(t, 0, sizeof(*t));
	rjs_stream_init(&t->gen, RJS_STREAM_STUCK, 0);
	rjs_session_init(ses, 1, 1ULL << 21);
	rjs_session_claim(ses, &own);
	KUNIT_EXPECT_EQ(test, rjs_session_run(ses, &ops, buf), RJS_RUN_FAILED);
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(ses->result),
			   rjs_failure_name(RJS_FAIL_CALIBRATION));
	KUNIT_EXPECT_EQ(test, t->gen.i, RJS_CHUNK + 1U);
	KUNIT_EXPECT_EQ(test, t->bits, 0U);
}

/*
 * Seeding's cost counts the history test's lag sweeps. The samples and
 * sweeps first: 1024 sweeps at the hold's end (the one window after the
 * start-up window, 1024 symbols behind it), one more window's worth for
 * each later window, RJS_LAG_SPAN at most. Then two lengths as arm64's
 * 8 MHz counter under TCG had them (edges 64: 15/256 bit, 8.6 us a
 * sample; edges 128: 36/256 bit, 17 us), the shorter at 8.0 us: by
 * sampling alone the shorter, low claim seeds sooner; at a sweep of 2 us
 * (what the extra windows cost there) the longer one does.
 */
static void rjs_test_seed_cost(struct kunit *test)
{
	unsigned int low = rjs_samples_to_seed(15, 1, RJS_HOLD_MIN);
	unsigned int high = rjs_samples_to_seed(36, 1, RJS_HOLD_MIN);

	KUNIT_EXPECT_EQ(test, rjs_lags_to_seed(RJS_STARTUP_SAMPLES), 0U);
	KUNIT_EXPECT_EQ(test, rjs_lags_to_seed(RJS_HOLD_MIN), 1024U);
	KUNIT_EXPECT_EQ(test, rjs_lags_to_seed(RJS_HOLD_MIN + 1), 1024U);
	KUNIT_EXPECT_EQ(test, high, 2560U);
	KUNIT_EXPECT_EQ(test, rjs_lags_to_seed(high), 1024U + 1536 + 2048);
	KUNIT_EXPECT_EQ(test, low, 5120U);
	KUNIT_EXPECT_EQ(test, rjs_lags_to_seed(low),
			1024U + 1536 + 2048 + 2560 + 3072 + 3584 + 2 * RJS_LAG_SPAN);

	KUNIT_EXPECT_LT(test, rjs_seed_ns(RJS_CHUNK * 8000ULL, 0, low),
			rjs_seed_ns(RJS_CHUNK * 17000ULL, 0, high));
	KUNIT_EXPECT_GT(test, rjs_seed_ns(RJS_CHUNK * 8000ULL, 2000, low),
			rjs_seed_ns(RJS_CHUNK * 17000ULL, 2000, high));
}

/*********************************************************************
 * The edge method, on synthetic counters read once per step.
 *********************************************************************/

/* The claim edge counters are tested at: 1 bit per sample. */
#define RJS_TEST_EDGE_CLAIM	RJS_BIT

static const struct rjs_stream_case rjs_edge_cases[] = {
	{ "random edges, 1 read in 16", RJS_STREAM_EDGE_RANDOM, 16, RJS_OK },
	{ "deterministic edges: a constant count", RJS_STREAM_EDGE_EVERY, 17,
	  RJS_FAIL_RCT },
	{ "a count that alternates, 17 and 18", RJS_STREAM_EDGE_ALTERNATE, 17,
	  RJS_FAIL_QUANTISED },
	{ "a stuck counter", RJS_STREAM_STUCK, 0, RJS_FAIL_RCT },
	{ "every read an edge", RJS_STREAM_CONSTANT_DELTA, 1, RJS_FAIL_RCT },
};

KUNIT_ARRAY_PARAM(rjs_edge, rjs_edge_cases, rjs_stream_case_desc);

/*
 * Counts of steps between edges of each counter, taken a batch at a time
 * as a session takes them and fed to the health tests at 1 bit per
 * sample: a deterministic counter fails and is credited nothing; a random
 * one is credited for every sample.
 */
static void rjs_test_edges(struct kunit *test)
{
	const struct rjs_stream_case *c = test->param_value;
	struct rjs_session *ses = kunit_kzalloc(test, sizeof(*ses), GFP_KERNEL);
	struct rjs_test_sink *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, RJS_BUF_SIZE, GFP_KERNEL);
	const struct rjs_ops ops = { .now = rjs_test_now, .priv = t };
	struct rjs_state *s;
	enum rjs_failure f = RJS_OK;
	unsigned int bits = 0;

	KUNIT_ASSERT_NOT_NULL(test, ses);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	s = &ses->state;
	rjs_stream_init(&t->gen, c->kind, c->k);
	rjs_state_init(s, RJS_TEST_EDGE_CLAIM, 1);
	while (s->samples < RJS_STARTUP_SAMPLES + 4096 && !f) {
		rjs_sample(&ops, buf, RJS_EDGES, 1, &ses->pos, ses->ts, RJS_CHUNK + 1);
		f = rjs_feed_batch(s, ses->ts, RJS_CHUNK + 1);
		bits += rjs_take_credit(s);
	}

	KUNIT_EXPECT_STREQ(test, rjs_failure_name(f), rjs_failure_name(c->want));
	if (c->want == RJS_OK) {
		KUNIT_EXPECT_EQ(test, s->rate, RJS_TEST_EDGE_CLAIM);
		KUNIT_EXPECT_EQ(test, bits, rjs_test_released(s->samples) *
				RJS_TEST_EDGE_CLAIM / RJS_BIT);
	} else {
		KUNIT_EXPECT_EQ(test, bits, 0U);
	}
}

/* A counter in class 2^20 Hz (1 to 2 MHz), and a claim table of its own. */
#define RJS_TEST_CLASS	20

static const struct rjs_claim rjs_test_edge_claims[] = {
	{ RJS_WORKLOAD, RJS_TEST_CLASS + 5, 512, RJS_BIT },
	{ RJS_EDGES, RJS_TEST_CLASS, 1, RJS_BIT },
	{ RJS_EDGES, RJS_TEST_CLASS, 4, 2 * RJS_BIT },
};

/*
 * Run a fresh session with rjs_test_edge_claims[] on a random edge counter
 * of @hz Hz, into a fresh @t.
 *
 * Returns: what rjs_session_run() returned.
 */
static enum rjs_run rjs_test_edge_run(struct rjs_session *ses,
				      struct rjs_test_sink *t, u8 *buf, u64 hz)
{
	const struct rjs_ops ops = rjs_test_sink_ops(t);

	memset(t, 0, sizeof(*t));
	rjs_stream_init(&t->gen, RJS_STREAM_EDGE_RANDOM, 16);
	rjs_session_init(ses, 1, hz);
	ses->claims = rjs_test_edge_claims;
	ses->nr_claims = ARRAY_SIZE(rjs_test_edge_claims);
	return rjs_session_run(ses, &ops, buf);
}

/*
 * A session picks the edge method where its class's claims say so, and
 * seeds from a random edge counter; a counter of a class with no claim
 * fails as "unassessed" before it samples anything.
 */
static void rjs_test_edge_session(struct kunit *test)
{
	struct rjs_session *ses = kunit_kzalloc(test, sizeof(*ses), GFP_KERNEL);
	struct rjs_test_sink *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, RJS_BUF_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ses);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_EQ(test, rjs_test_edge_run(ses, t, buf, 1ULL << RJS_TEST_CLASS),
			RJS_RUN_READY);
	KUNIT_EXPECT_STREQ(test, rjs_method_name(ses->method), "edges");
	KUNIT_EXPECT_GE(test, t->bits, (unsigned int)RJS_TARGET_BITS);

	/* 1 MHz: class 2^19 Hz, which has no claim */
	KUNIT_EXPECT_EQ(test, rjs_test_edge_run(ses, t, buf, 1000000), RJS_RUN_FAILED);
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(ses->result), "unassessed");
	KUNIT_EXPECT_EQ(test, t->mixed, (size_t)0);
	KUNIT_EXPECT_EQ(test, t->bits, 0U);
}

/*
 * Edge batches of a CPU in lockstep with its counter and of one with
 * jitter: counts of @steps steps and the @spread - 1 above it, in turn,
 * the first @cut ones cut to half (an interrupt landed in them).
 */
struct rjs_lock_case {
	const char *name;
	unsigned int steps;
	unsigned int spread;
	unsigned int cut;
	bool locked;
};

static const struct rjs_lock_case rjs_lock_cases[] = {
	{ "one count: locked", 1000, 1, 0, true },
	{ "two adjacent counts, by phase: locked", 1000, 2, 0, true },
	{ "two adjacent counts, three interrupts: locked", 1000, 2, 3, true },
	{ "two adjacent counts, four interrupts", 1000, 2, 4, false },
	{ "three adjacent counts: jitter", 1000, 3, 0, false },
	{ "one count of 31 steps: too few to tell", 31, 1, 0, false },
	{ "one count of 32 steps: locked", 32, 1, 0, true },
};

static void rjs_lock_case_desc(const struct rjs_lock_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_lock, rjs_lock_cases, rjs_lock_case_desc);

/*
 * A batch whose counts take two adjacent values, but for a few that an
 * interrupt cut short, is a CPU in lockstep with its counter; a third
 * value, more interrupts or counts too short to spread are not.
 */
static void rjs_test_edges_locked(struct kunit *test)
{
	const struct rjs_lock_case *c = test->param_value;
	u64 ts[RJS_CHUNK + 1];
	unsigned int i, d;

	ts[0] = 12345;
	for (i = 0; i < RJS_CHUNK; i++) {
		d = c->steps + i % c->spread;
		ts[i + 1] = ts[i] + (i < c->cut ? d / 2 : d);
	}
	KUNIT_EXPECT_EQ(test, rjs_edges_locked(ts), c->locked);
}

/*********************************************************************
 * Narrow counters: a 32-bit cycles_t wraps.
 *********************************************************************/

/* Batches each wrap case samples: the history and two windows of credit. */
#define RJS_TEST_WRAP_BATCHES	((RJS_HISTORY + 2 * RJS_WINDOW) / RJS_CHUNK)

struct rjs_wrap_case {
	const char *name;
	enum rjs_method method;
	enum rjs_stream_kind kind;
	unsigned int bits;	/* the counter's width */
	unsigned int before;	/* ticks from its first value to the wrap */
	unsigned int wraps;	/* the case's counter wraps at least so often */
};

static const struct rjs_wrap_case rjs_wrap_cases[] = {
	{ "workload, 32 bits, wrapping in its third batch", RJS_WORKLOAD,
	  RJS_STREAM_GOOD, 32, 2 * RJS_CHUNK * 4000, 1 },
	{ "workload, 16 bits, wrapping every 16 reads or so", RJS_WORKLOAD,
	  RJS_STREAM_GOOD, 16, 1000, 300 },
	{ "edges, 32 bits, wrapping in its first batch", RJS_EDGES,
	  RJS_STREAM_EDGE_RANDOM, 32, 20, 1 },
	{ "edges, 8 bits, wrapping every 256 ticks", RJS_EDGES,
	  RJS_STREAM_EDGE_RANDOM, 8, 100, 10 },
};

static void rjs_wrap_case_desc(const struct rjs_wrap_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rjs_wrap, rjs_wrap_cases, rjs_wrap_case_desc);

/* A stream seen through a counter @bits wide, from @offset on. */
struct rjs_test_narrow {
	struct rjs_stream gen;
	unsigned int bits;
	u64 offset;
	u64 last;
	unsigned int wraps;	/* times a value was below the one before */
};

static u64 rjs_test_now_narrow(void *priv)
{
	struct rjs_test_narrow *n = priv;
	u64 v = (rjs_stream_next(&n->gen) + n->offset) & (BIT_ULL(n->bits) - 1);

	n->wraps += v < n->last;
	n->last = v;
	return v;
}

/*
 * One stream sampled twice, batch by batch: as a 64-bit count, and as a
 * count of the case's width that wraps soon after its first value. Both
 * give the same deltas and the same ticks per batch, and their health
 * tests the same outcome and credit, at 1 bit per sample.
 */
static void rjs_test_wrap(struct kunit *test)
{
	const struct rjs_wrap_case *c = test->param_value;
	struct rjs_test_sink *plain = kunit_kzalloc(test, sizeof(*plain), GFP_KERNEL);
	struct rjs_test_narrow *narrow = kunit_kzalloc(test, sizeof(*narrow), GFP_KERNEL);
	struct rjs_state *s = kunit_kcalloc(test, 2, sizeof(*s), GFP_KERNEL);
	u64 *ts = kunit_kcalloc(test, 2 * (RJS_CHUNK + 1), sizeof(*ts), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, RJS_BUF_SIZE, GFP_KERNEL);
	const struct rjs_ops ops[2] = {
		{ .now = rjs_test_now, .priv = plain },
		{ .now = rjs_test_now_narrow, .counter_bits = c->bits, .priv = narrow },
	};
	unsigned int batch, i, k, pos[2] = {}, bits[2] = {};
	enum rjs_failure f[2] = {};
	u64 ticks[2], *t[2];

	KUNIT_ASSERT_NOT_NULL(test, plain);
	KUNIT_ASSERT_NOT_NULL(test, narrow);
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_ASSERT_NOT_NULL(test, ts);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	t[0] = ts;
	t[1] = ts + RJS_CHUNK + 1;
	rjs_stream_init(&plain->gen, c->kind, 0);
	rjs_stream_init(&narrow->gen, c->kind, 0);
	narrow->bits = c->bits;
	narrow->offset = -(narrow->gen.ts + c->before);
	for (k = 0; k < 2; k++)
		rjs_state_init(&s[k], RJS_BIT, 1);
	for (batch = 0; batch < RJS_TEST_WRAP_BATCHES; batch++) {
		for (k = 0; k < 2; k++)
			ticks[k] = rjs_sample(&ops[k], buf, c->method, 1, &pos[k],
					      t[k], RJS_CHUNK + 1);
		KUNIT_ASSERT_EQ_MSG(test, ticks[1], ticks[0], "batch %u", batch);
		for (i = 0; i < RJS_CHUNK; i++)
			KUNIT_ASSERT_EQ_MSG(test, t[1][i + 1] - t[1][i],
					    t[0][i + 1] - t[0][i],
					    "batch %u, sample %u", batch, i);
		for (k = 0; k < 2; k++) {
			if (!f[k])
				f[k] = rjs_feed_batch(&s[k], t[k], RJS_CHUNK + 1);
			bits[k] += rjs_take_credit(&s[k]);
		}
	}

	KUNIT_EXPECT_GE(test, narrow->wraps, c->wraps);
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(f[1]), rjs_failure_name(f[0]));
	KUNIT_EXPECT_STREQ(test, rjs_failure_name(f[0]), "none");
	KUNIT_EXPECT_GT(test, bits[0], 0U);
	KUNIT_EXPECT_EQ(test, bits[1], bits[0]);
}

static struct kunit_case rjs_test_cases[] = {
	KUNIT_CASE_PARAM(rjs_test_stream, rjs_stream_gen_params),
	KUNIT_CASE_PARAM(rjs_test_cutoffs, rjs_cutoff_gen_params),
	KUNIT_CASE(rjs_test_cutoffs_bite),
	KUNIT_CASE_PARAM(rjs_test_apt_low_claim, rjs_apt_gen_params),
	KUNIT_CASE_PARAM(rjs_test_credit, rjs_credit_gen_params),
	KUNIT_CASE(rjs_test_windowed_credit),
	KUNIT_CASE_PARAM(rjs_test_history, rjs_history_gen_params),
	KUNIT_CASE(rjs_test_turns_constant),
	KUNIT_CASE_PARAM(rjs_test_low_claim, rjs_low_claim_gen_params),
	KUNIT_CASE_PARAM(rjs_test_hold, rjs_hold_gen_params),
	KUNIT_CASE_PARAM(rjs_test_stuck_cutoff, rjs_stuck_gen_params),
	KUNIT_CASE(rjs_test_claim_table),
	KUNIT_CASE_PARAM(rjs_test_params, rjs_param_gen_params),
	KUNIT_CASE_PARAM(rjs_test_claim_param, rjs_claim_param_gen_params),
	KUNIT_CASE(rjs_test_claim_round_trip),
	KUNIT_CASE_PARAM(rjs_test_session, rjs_session_gen_params),
	KUNIT_CASE(rjs_test_paused_session),
	KUNIT_CASE(rjs_test_own_claim),
	KUNIT_CASE_PARAM(rjs_test_pace, rjs_pace_gen_params),
	KUNIT_CASE(rjs_test_calibration_rounds),
	KUNIT_CASE(rjs_test_seed_cost),
	KUNIT_CASE_PARAM(rjs_test_edges, rjs_edge_gen_params),
	KUNIT_CASE(rjs_test_edge_session),
	KUNIT_CASE_PARAM(rjs_test_edges_locked, rjs_lock_gen_params),
	KUNIT_CASE_PARAM(rjs_test_wrap, rjs_wrap_gen_params),
	{}
};

static struct kunit_suite rjs_test_suite = {
	.name = "random_jitter_seed",
	.test_cases = rjs_test_cases,
};

kunit_test_suite(rjs_test_suite);

MODULE_LICENSE("GPL");
