// SPDX-License-Identifier: GPL-2.0
/*
 * CPU-timing jitter seed collector: its sampling-free core.
 *
 * Timestamps go in, SP 800-90B health tests and a start-up estimate run on
 * the deltas between them, and out comes how many bits they justify, only
 * once the health-test window holding those samples has passed. A session
 * adds the sampling, by one of two methods at an assessed length, through
 * replaceable operations (struct rjs_ops), so that the KUnit suite can feed
 * it synthetic streams and random_jitter_seed.c the real counter. Nothing
 * here writes global state; rjs_counter_hz() reads the counter's rate.
 *
 * The file is divided into sections:
 *
 *   - Boot parameter values.
 *   - Health tests (SP 800-90B 4.4), on timestamps only.
 *   - Start-up test and online estimate (SP 800-90B 4.3, 6.3).
 *   - History test: every later window against what came before it.
 *   - Credit accounting.
 *   - Sampling: the counter, two methods, the choice of method and length,
 *     a session.
 *
 * Samples. A sample is the delta between two values of a running count:
 * the counter around one run of a fixed workload, or the workload steps
 * done while the counter moves on by a few ticks. Its symbol is the low 8
 * bits of that delta, as in jitterentropy's raw-entropy tools. Neither
 * method depends on earlier timestamps, so a machine whose timing is a
 * function of its instruction count shows up as a pattern, not as noise.
 * No online test can tell a good pseudo-random sequence from noise, nor a
 * pattern longer than the history the tests keep (RJS_PERIOD_MAX samples)
 * from a fresh one; what stands there instead is the offline assessment
 * behind the claims.
 */

#include <linux/bitops.h>
#include <linux/gcd.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/time64.h>
#include <linux/timekeeping.h>
#include <asm/timex.h>
#ifdef CONFIG_ARM_ARCH_TIMER
#include <clocksource/arm_arch_timer.h>
#endif
#ifdef CONFIG_RISCV
#include <linux/delay.h>	/* riscv_timebase */
#endif

#include "random_jitter_seed_core.h"

/*********************************************************************
 *
 * Boot parameter values.
 *
 *********************************************************************/

/**
 * rjs_parse_enable() - parse random.jitter_seed=
 * @arg: the parameter's value: anything kstrtobool() takes (on/off, y/n, 1/0)
 * @enable: set to the value parsed
 *
 * Returns: 0 with *@enable set, or -EINVAL (*@enable untouched).
 */
int rjs_parse_enable(const char *arg, bool *enable)
{
	bool v;

	if (!arg || kstrtobool(arg, &v))
		return -EINVAL;
	*enable = v;
	return 0;
}

/**
 * rjs_parse_osr() - parse random.jitter_seed_osr=
 * @arg: the parameter's value: an integer from 1 to RJS_OSR_MAX
 * @osr: set to the value parsed
 *
 * Returns: 0 with *@osr set, -EINVAL for a non-number, -ERANGE when out of
 * range (*@osr untouched).
 */
int rjs_parse_osr(const char *arg, unsigned int *osr)
{
	unsigned int v;
	int err;

	if (!arg)
		return -EINVAL;
	err = kstrtouint(arg, 10, &v);
	if (err)
		return err == -ERANGE ? -ERANGE : -EINVAL;
	if (v < 1 || v > RJS_OSR_MAX)
		return -ERANGE;
	*osr = v;
	return 0;
}

/**
 * rjs_parse_claim() - parse random.jitter_seed_claim=
 * @arg: "METHOD,LENGTH,MILLIBITS": a sampling method by its name
 *	(rjs_method_by_name()), its length (1..RJS_LENGTH_MAX steps or ticks)
 *	and the entropy claimed per sample there, in thousandths of a bit,
 *	from RJS_CLAIM_MIN (32) to 8000 (all of an 8-bit symbol)
 * @c: set to the claim parsed; it holds for the running counter, whatever
 *	its rate class (rjs_session_claim())
 *
 * Returns: 0 with *@c set (the claim in 1/256 bit, rounded down), -EINVAL
 * for a malformed value, -ERANGE for a number out of range (*@c untouched).
 */
int rjs_parse_claim(const char *arg, struct rjs_claim *c)
{
	char word[40], *rest = word, *name, *len_word, *mbits;
	size_t len = arg ? strlen(arg) : sizeof(word);
	enum rjs_method m;
	unsigned int l, mb;

	if (len >= sizeof(word))
		return -EINVAL;
	memcpy(word, arg, len + 1);
	name = strsep(&rest, ",");
	len_word = strsep(&rest, ",");
	mbits = strsep(&rest, ",");
	if (!mbits || rest)
		return -EINVAL;
	m = rjs_method_by_name(name);
	if (m == RJS_NR_METHODS || kstrtouint(len_word, 10, &l) ||
	    kstrtouint(mbits, 10, &mb))
		return -EINVAL;
	if (!l || l > RJS_LENGTH_MAX || mb * RJS_BIT / 1000 < RJS_CLAIM_MIN ||
	    mb > 8000)
		return -ERANGE;
	c->method = m;
	c->rate_class = RJS_CLASS_NONE;
	c->length = l;
	c->claim = mb * RJS_BIT / 1000;
	return 0;
}

/*********************************************************************
 *
 * Health tests (SP 800-90B 4.4), on timestamps only.
 *
 * Both cutoffs follow from the claimed min-entropy H per sample and a
 * false-alarm probability alpha = 2^-RJS_ALPHA_LOG2:
 *
 *   Repetition Count Test (4.4.1): C = 1 + ceil(-log2(alpha) / H).
 *   Adaptive Proportion Test (4.4.2), W = 512 for non-binary samples:
 *     C = 1 + CRITBINOM(W, 2^-H, 1 - alpha), the least k with
 *     P[Binomial(W, 2^-H) <= k] >= 1 - alpha, plus one.
 *
 * The APT cutoffs are computed from that formula at build time, for
 * H = 1/8, 2/8, ... 8 bits, by random_jitter_seed_mkapt (with alpha =
 * 2^-20 it reproduces Table 2 of SP 800-90B); a claim between two steps
 * uses the lower step, whose cutoff is higher, so the false-alarm bound
 * still holds.
 *
 * A window of 512 samples cannot tell a source at half a low claim from
 * one at the claim: at H = 1/8 bit the cutoff is 502 and a source of
 * 1/16 bit reaches it in one window in 270. So the APT's symbol is the
 * mix of k consecutive deltas, k the least power of two that makes a
 * symbol's claim k * H at least RJS_APT_SYMBOL_MIN (1/2 bit; k = 1 from
 * there up), and its window 512 such symbols. At k * H = 1/2 bit (cutoff
 * 422) a source at half the claim fails a window six times in seven. The
 * false alarm stays alpha where k samples carry k times a sample's claim,
 * which is what a claim per sample of a stream says (the mix into 8 bits
 * merges some runs of k into one symbol, and raises it only on a source
 * within a few runs of the claim; the claims are a third of an estimate).
 * The price is a window of 512 * k samples: the test fails a source
 * turned bad later than the RCT, which still takes each sample alone.
 *
 *********************************************************************/

#include "random_jitter_seed_apt.h"
static_assert(RJS_APT_WINDOW == RJS_WINDOW);
static_assert(RJS_APT_ALPHA_LOG2 == RJS_ALPHA_LOG2);

/**
 * rjs_rct_cutoff() - the Repetition Count Test's cutoff for a claim
 * @claim: claimed entropy per sample, 1/256 bit
 *
 * Returns: how many identical symbols in a row fail the test.
 */
unsigned int rjs_rct_cutoff(unsigned int claim)
{
	claim = clamp(claim, 1U, 8 * RJS_BIT);
	return 1 + DIV_ROUND_UP(RJS_ALPHA_LOG2 * RJS_BIT, claim);
}

/**
 * rjs_apt_cutoff() - the Adaptive Proportion Test's cutoff for a claim
 * @claim: claimed entropy per symbol (rjs_apt_span() samples), 1/256 bit
 *
 * Returns: how many copies of a window's first symbol in the window fail
 * the test; the window size for a claim under 1/8 bit, where no test is
 * possible.
 */
unsigned int rjs_apt_cutoff(unsigned int claim)
{
	unsigned int step = min_t(unsigned int, claim / (RJS_BIT / 8),
				  ARRAY_SIZE(rjs_apt_cutoffs));

	return step ? rjs_apt_cutoffs[step - 1] : RJS_WINDOW;
}

/**
 * rjs_apt_span() - how many samples make one Adaptive Proportion Test symbol
 * @claim: claimed entropy per sample, 1/256 bit
 *
 * Returns: the least power of two k with k * @claim >= RJS_APT_SYMBOL_MIN,
 * at most RJS_APT_SPAN_MAX.
 */
unsigned int rjs_apt_span(unsigned int claim)
{
	unsigned int k = 1;

	while (k < RJS_APT_SPAN_MAX && k * claim < RJS_APT_SYMBOL_MIN)
		k *= 2;
	return k;
}

/* The first failure sticks; nothing unreleased is released after it. */
static void rjs_fail(struct rjs_state *s, enum rjs_failure f)
{
	if (!s->failure)
		s->failure = f;
}

/*
 * SP 800-90B 4.4.1 on order @k: 0 the deltas, 1..3 their differences. A
 * run of zeros in a difference is a run in the order below it, and gets
 * that order's cutoff; a difference other than 0 that keeps repeating is
 * a ramp or a polynomial, as deterministic at any claim, and gets
 * stuck_cutoff, which does not loosen as the claim falls.
 */
static void rjs_rct_insert(struct rjs_state *s, int k, u8 symbol)
{
	unsigned int cutoff = k && symbol ? s->stuck_cutoff : s->rct_cutoff;

	if (s->rct_run[k] && symbol == s->rct_symbol[k]) {
		if (++s->rct_run[k] >= cutoff)
			rjs_fail(s, k ? RJS_FAIL_STUCK : RJS_FAIL_RCT);
		return;
	}
	s->rct_symbol[k] = symbol;
	s->rct_run[k] = 1;
}

/**
 * rjs_apt_init() - set up the Adaptive Proportion Test for a claim
 * @apt: the test
 * @claim: claimed entropy per sample, 1/256 bit
 */
void rjs_apt_init(struct rjs_apt *apt, unsigned int claim)
{
	memset(apt, 0, sizeof(*apt));
	apt->span = rjs_apt_span(claim);
	apt->cutoff = rjs_apt_cutoff(claim * apt->span);
}

/**
 * rjs_apt_insert() - one delta into the Adaptive Proportion Test
 * @apt: the test
 * @delta: the delta's low 8 bits
 *
 * @apt->span deltas make a symbol: multiplied by an odd constant, so the
 * top 8 bits of the sum depend on every delta of the span. A span of one
 * is the delta itself.
 *
 * Returns: true if the window's first symbol has now reached the cutoff.
 */
bool rjs_apt_insert(struct rjs_apt *apt, u8 delta)
{
	u8 symbol = delta;
	bool fail = false;

	if (apt->span > 1) {
		apt->mix = (apt->mix + delta) * 0x9e3779b1;
		if (++apt->part < apt->span)
			return false;
		symbol = apt->mix >> 24;
		apt->part = 0;
		apt->mix = 0;
	}
	if (!apt->seen) {
		apt->symbol = symbol;
		apt->count = 1;
	} else if (symbol == apt->symbol) {
		fail = ++apt->count >= apt->cutoff;
	}
	if (++apt->seen == RJS_WINDOW)
		apt->seen = 0;
	return fail;
}

/*********************************************************************
 *
 * Start-up test and online estimate (SP 800-90B 4.3, 6.3).
 *
 * The first RJS_STARTUP_SAMPLES samples go through the health tests; then
 * these checks over that window decide whether and at what rate the
 * source is credited:
 *
 *   - Quantisation: the deltas must take at least RJS_MIN_SYMBOLS distinct
 *     values, each seen at least n/256 times. A fixed duration measured
 *     against a counter only a few ticks finer than it dithers between
 *     two values, three where it lies near a whole number of ticks; that
 *     is phase, not noise. A fourth value needs durations that vary by
 *     more than a tick, and the estimates below say how much entropy
 *     that variation has: a short sample of a few values is not failed
 *     for being short. A longer sample may cure this failure
 *     (rjs_retry()).
 *   - Estimates, each the 99% upper bound of a success probability
 *     (widened for RJS_TRIES windows), the lowest winning:
 *       most common value (6.3.1) of the deltas and of their 1st, 2nd and
 *       3rd differences (a polynomial counter has a constant difference);
 *       lag prediction (after 6.3.8) at every lag up to half the window;
 *       context prediction of orders 1 to 3 (after 6.3.9/6.3.10: predict
 *       the symbol that followed the last occurrence of the same context),
 *       which sees Markov-like persistence.
 *   - Repetition: no run of L symbols may occur twice in the window, where
 *     L is chosen from the window's lowest estimate so that a source with
 *     that much entropy repeats one by chance with probability below
 *     2^-20. A stream that repeats with a period up to n - L fails here,
 *     however random each period looks.
 *
 * The rate credited per sample is min(claim, estimate / RJS_SAFETY); below
 * RJS_MIN_RATE the source fails the start-up test. SP 800-90B 4.3 lets the
 * samples of a passed start-up test be used, so the window is credited at
 * that rate once it has passed.
 *
 *********************************************************************/

enum {
	RJS_LAG_MAX = RJS_STARTUP_SAMPLES / 2,
	RJS_DIFF_LAG_MAX = 32,		/* lags tested on the differences */
	RJS_CONTEXT_ORDERS = 3,
	RJS_CONTEXT_SLOTS = 1024,	/* hashed contexts, a power of two */
	RJS_REPEAT_ALPHA_LOG2 = 20,	/* false alarm of the repetition test */
	RJS_REPEAT_MIN = 4,
	/* the history test runs once a window: at most this many times */
	RJS_HISTORY_TESTS_LOG2 = 9,
	/*
	 * The longest run the repetition test looks for: a run of it repeated
	 * RJS_PERIOD_MAX samples later still fits in the history (RJS_HISTORY
	 * + RJS_WINDOW symbols when the test runs). No source still credited
	 * needs a longer one (the static_assert below), so the test never
	 * switches off for a source that earns credit.
	 */
	RJS_REPEAT_MAX = RJS_HISTORY + RJS_WINDOW - RJS_PERIOD_MAX,
	RJS_Z_MILLI = 2935,		/* one-sided 1 - 0.005 / RJS_TRIES */
};

/*
 * Returns: -log2(@x / 2^32) in 1/256 bit, rounded down, for 0 < @x <= 2^32,
 * capped at 8 bits (a symbol has 8).
 */
static unsigned int rjs_neg_log2(u64 x)
{
	unsigned int ip, frac = 0, i, bits;
	u64 m;

	if (!x)
		return 8 * RJS_BIT;
	ip = ilog2(x);
	m = ip >= 31 ? x >> (ip - 31) : x << (31 - ip);	/* [1, 2) in Q31 */
	for (i = 0; i < 8; i++) {
		m = (m * m) >> 31;
		frac <<= 1;
		if (m >= (2ULL << 31)) {
			m >>= 1;
			frac |= 1;
		}
	}
	/* log2(x / 2^32) = ip - 32 + (frac + e) / 256 with 0 <= e < 1 */
	bits = (32 - ip) * RJS_BIT;
	bits = bits > frac ? bits - frac - 1 : 0;
	return min(bits, 8 * RJS_BIT);
}

/*
 * Returns: the min-entropy (1/256 bit) implied by @hits successes in @n
 * trials, using an upper confidence bound on the success probability as
 * SP 800-90B 6.3.1 does, p_u = p + Z * sqrt(p (1 - p) / (n - 1)), with Z
 * widened so that RJS_TRIES start-up windows together keep the 99% level.
 */
static unsigned int rjs_bound_entropy(unsigned int hits, unsigned int n)
{
	u64 p, var, pu;

	if (n < 2)
		return 0;
	p = div_u64((u64)hits << 32, n);				/* Q32 */
	var = div_u64(p * ((1ULL << 32) - p), n - 1);			/* Q64 */
	pu = p + div_u64((u64)int_sqrt64(var) * RJS_Z_MILLI, 1000);	/* Q32 */
	return rjs_neg_log2(min(pu, 1ULL << 32));
}

/* Count each symbol of @sym[0..n) into @count[256]. */
static void rjs_count(const u8 *sym, unsigned int n, u16 *count)
{
	memset(count, 0, 256 * sizeof(*count));
	while (n--)
		count[*sym++]++;
}

/*
 * Returns: how many distinct symbols occur at least @floor times, given
 * their counts.
 */
static unsigned int rjs_dispersion(const u16 *count, unsigned int floor)
{
	unsigned int v, distinct = 0;

	for (v = 0; v < 256; v++)
		distinct += count[v] >= floor;
	return distinct;
}

/* Returns: the most-common-value estimate (6.3.1), in 1/256 bit. */
static unsigned int rjs_mcv_estimate(const u16 *count, unsigned int n)
{
	unsigned int v, top = 0;

	for (v = 0; v < 256; v++)
		top = max_t(unsigned int, top, count[v]);
	return rjs_bound_entropy(top, n);
}

/*
 * Returns: how many of @a[i] == @b[i] for i < @n, eight at a time (memcpy()
 * of eight bytes is an unaligned load where the CPU has one). A zero byte
 * of a ^ b leaves a 1 in the low bit of that byte of @ones, and the bytes
 * of @ones are summed for up to 255 words before they are added across,
 * so there is no population count per word: it is the lag sweep's inner
 * loop, run hundreds of thousands of times a window.
 */
static unsigned int rjs_matches(const u8 *a, const u8 *b, unsigned int n)
{
	const u64 low7 = 0x7f7f7f7f7f7f7f7fULL;
	const u64 pairs = 0x00ff00ff00ff00ffULL;
	unsigned int i = 0, k, hits = 0;
	u64 x, y, ones;

	while (i + 8 <= n) {
		for (ones = 0, k = 0; k < 255 && i + 8 <= n; k++, i += 8) {
			memcpy(&x, a + i, sizeof(x));
			memcpy(&y, b + i, sizeof(y));
			x ^= y;
			ones += ~(((x & low7) + low7) | x | low7) >> 7;
		}
		/* eight byte counts to four 16-bit ones, then their sum */
		ones = (ones & pairs) + ((ones >> 8) & pairs);
		hits += (ones * 0x0001000100010001ULL) >> 48;
	}
	for (; i < n; i++)
		hits += a[i] == b[i];
	return hits;
}

/*
 * Returns: the lag-prediction estimate of @sym[0..n), in 1/256 bit: for
 * each lag d up to @max_lag, how often symbol i equals symbol i - d, and
 * the lowest entropy over all lags.
 */
static unsigned int rjs_lag_estimate(const u8 *sym, unsigned int n,
				     unsigned int max_lag)
{
	unsigned int d, best = 8 * RJS_BIT;

	for (d = 1; d <= max_lag && d < n; d++)
		best = min(best, rjs_bound_entropy(rjs_matches(sym + d, sym, n - d),
						   n - d));
	return best;
}

/*
 * Returns: the estimate of a predictor that guesses, for each symbol, the
 * one that followed the previous occurrence of the same @order symbols
 * (hashed into RJS_CONTEXT_SLOTS slots of @slot), in 1/256 bit.
 */
static unsigned int rjs_context_estimate(const u8 *sym, unsigned int n,
					 unsigned int order, u16 *slot)
{
	unsigned int i, k, h, hits = 0;

	memset(slot, 0, RJS_CONTEXT_SLOTS * sizeof(*slot));
	/*
	 * 257 = 2^8 + 1: each earlier symbol of the context is added both as
	 * it is and shifted by 8 bits, so every symbol of it moves the low
	 * bits that pick a slot. Contexts that share a slot make the
	 * predictor miss more, so its estimate can only rise; the other
	 * estimators still bound the window's lowest.
	 */
	for (i = order; i < n; i++) {
		for (h = 0, k = 1; k <= order; k++)
			h = h * 257 + sym[i - k];
		h &= RJS_CONTEXT_SLOTS - 1;
		hits += slot[h] == sym[i] + 1;
		slot[h] = sym[i] + 1;
	}
	return rjs_bound_entropy(hits, n - order);
}

/*
 * Returns: the shortest run length L such that a source with @est (1/256
 * bit) of min-entropy per symbol repeats some run of L symbols within n
 * symbols, in any of 2^@tests_log2 such tests, with probability under
 * 2^-RJS_REPEAT_ALPHA_LOG2 (about n^2/2 pairs of places a test, each
 * matching with probability at most 2^(-L est)),
 * or 0 if that needs more than RJS_REPEAT_MAX symbols, which happens only
 * at an estimate too low to be credited (below). The
 * estimate is the window's own lowest, predictors included: a source whose
 * symbols drift through stretches of two or three values has a high
 * collision entropy over the window but a low predictor estimate, and
 * repeats short runs by chance.
 */
static unsigned int rjs_repeat_length(unsigned int est, unsigned int n,
				      unsigned int tests_log2)
{
	unsigned int len, pairs_log2 = 2 * ilog2(n) - 1 + tests_log2;

	if (!est)
		return 0;
	len = DIV_ROUND_UP((RJS_REPEAT_ALPHA_LOG2 + pairs_log2) * RJS_BIT, est);
	return len > RJS_REPEAT_MAX ? 0 : max_t(unsigned int, len, RJS_REPEAT_MIN);
}

/*
 * The lowest estimate still credited is RJS_SAFETY * RJS_MIN_RATE; at it,
 * the history test (n under 2^13 symbols, 2^RJS_HISTORY_TESTS_LOG2 tests)
 * looks for runs no longer than RJS_REPEAT_MAX.
 */
static_assert(RJS_HISTORY + 2 * RJS_WINDOW < 1 << 13);
static_assert(DIV_ROUND_UP((RJS_REPEAT_ALPHA_LOG2 + 2 * 12 - 1 +
			    RJS_HISTORY_TESTS_LOG2) * RJS_BIT,
			   RJS_SAFETY * RJS_MIN_RATE) <= RJS_REPEAT_MAX);

/*
 * Returns: true if some run of @len symbols occurs twice in @sym[0..n)
 * (n < 65536), using a rolling hash and RJS_REPEAT_SLOTS slots of @slot.
 */
static bool rjs_repeats(const u8 *sym, unsigned int n, unsigned int len,
			u16 *slot)
{
	/*
	 * The 32-bit FNV prime, 2^24 + 2^8 + 0x93: odd, so the rolling hash
	 * loses no bit modulo 2^32, and its high bits, which pick the slot,
	 * depend on every symbol of the run. A collision costs a memcmp(),
	 * never a wrong answer.
	 */
	const u32 mul = 0x01000193;
	unsigned int i, j, at, start;
	u32 h = 0, top = 1;

	memset(slot, 0, RJS_REPEAT_SLOTS * sizeof(*slot));
	for (i = 0; i < len; i++)
		top *= mul;
	for (i = 0; i < n; i++) {
		h = h * mul + sym[i] + 1;
		if (i >= len)
			h -= (sym[i - len] + 1) * top;
		if (i + 1 < len)
			continue;
		start = i + 1 - len;
		for (at = h >> (32 - ilog2(RJS_REPEAT_SLOTS)); slot[at];
		     at = (at + 1) & (RJS_REPEAT_SLOTS - 1)) {
			j = slot[at] - 1;
			if (!memcmp(sym + j, sym + start, len))
				return true;
		}
		slot[at] = start + 1;
	}
	return false;
}

/* Returns: the lowest estimate over the window, in 1/256 bit. */
static unsigned int rjs_startup_estimate(struct rjs_state *s)
{
	const u8 *d = s->startup[0];
	unsigned int k, len, n = s->startup_n[0];
	unsigned int est = rjs_lag_estimate(d, n, RJS_LAG_MAX);

	for (k = 0; k < RJS_ORDERS; k++) {
		rjs_count(s->startup[k], s->startup_n[k], s->scratch);
		est = min(est, rjs_mcv_estimate(s->scratch, s->startup_n[k]));
		if (k)
			est = min(est, rjs_lag_estimate(s->startup[k], s->startup_n[k],
							RJS_DIFF_LAG_MAX));
	}
	for (k = 1; k <= RJS_CONTEXT_ORDERS; k++)
		est = min(est, rjs_context_estimate(d, n, k, s->scratch));
	len = rjs_repeat_length(est, n, 0);
	if (len && rjs_repeats(d, n, len, s->scratch))
		est = 0;
	return est;
}

static void rjs_startup_finish(struct rjs_state *s)
{
	rjs_count(s->startup[0], s->startup_n[0], s->scratch);
	if (rjs_dispersion(s->scratch, s->startup_n[0] / 256) < RJS_MIN_SYMBOLS) {
		rjs_fail(s, RJS_FAIL_QUANTISED);
		return;
	}
	s->estimate = rjs_startup_estimate(s);
	s->history_estimate = s->estimate;
	s->rate = rjs_startup_rate(s);
	if (s->rate < RJS_MIN_RATE)
		rjs_fail(s, RJS_FAIL_STARTUP);
}

/**
 * rjs_startup_rate() - the rate the start-up window justifies
 * @s: the state, its start-up window tested
 *
 * Returns: the claim, at most a third of the window's estimate, in 1/256
 * bit per sample.
 */
unsigned int rjs_startup_rate(const struct rjs_state *s)
{
	return min(s->claim, s->estimate / RJS_SAFETY);
}

/**
 * rjs_startup_done() - whether the start-up window has been tested
 * @s: the state
 *
 * Returns: true once the start-up window has been tested, passed or not.
 */
bool rjs_startup_done(const struct rjs_state *s)
{
	return s->samples >= RJS_STARTUP_SAMPLES;
}

/**
 * rjs_startup_passed() - whether the start-up test passed
 * @s: the state
 *
 * Returns: true if the start-up test has passed, whatever failed after it
 * (a failure of the history test can take the rate down to 0, not this).
 */
bool rjs_startup_passed(const struct rjs_state *s)
{
	return rjs_startup_done(s) && rjs_startup_rate(s) >= RJS_MIN_RATE;
}

/*********************************************************************
 *
 * History test: every later window against what came before it.
 *
 * The start-up window cannot see a pattern longer than itself. So every
 * sample's symbol is kept, RJS_HISTORY symbols behind the open window,
 * and with them, where a new chain begins (rjs_feed_batch()), the delta
 * across the gap, which is not a sample: the history is the stream as it
 * was timed, with no hole at batch boundaries for a pattern to slip
 * through. Each window after the start-up window is tested against it
 * when the window ends:
 *
 *   - Lag prediction (after 6.3.8) at every lag the history holds, up to
 *     RJS_LAG_SPAN: how often a symbol of the window equals the one that
 *     many samples before it. A period up to that shows here whatever
 *     the entropy of its table, and even under noise: a table of 2000
 *     values plus one random bit matches half the time at lag 2000,
 *     about 1 bit.
 *   - Repetition over the whole history, as at start-up, with L chosen
 *     from the lowest estimate so far and widened for a test every
 *     window: a run that comes back at any distance up to RJS_PERIOD_MAX,
 *     not only at a fixed period, repeats in it.
 *
 * The window's estimate joins the start-up's: the rate of every sample
 * not yet released becomes min(rate, lowest estimate / RJS_SAFETY), and
 * below RJS_MIN_RATE the source fails ("pattern").
 *
 *********************************************************************/

/* Record @symbol in the history, if there is room (see RJS_HISTORY). */
static void rjs_history_insert(struct rjs_state *s, u8 symbol)
{
	if (s->hist_n < ARRAY_SIZE(s->hist))
		s->hist[s->hist_n++] = symbol;
}

static void rjs_history_finish(struct rjs_state *s)
{
	const u8 *win = s->hist + s->window_start;
	unsigned int n = s->hist_n - s->window_start;
	unsigned int d, len, hits = 0, est;
	unsigned int span = min_t(unsigned int, RJS_LAG_SPAN, s->window_start);

	for (d = 1; d <= span; d++)
		hits = max(hits, rjs_matches(win, win - d, n));
	est = min(rjs_bound_entropy(hits, n), s->history_estimate);
	len = rjs_repeat_length(est, s->hist_n, RJS_HISTORY_TESTS_LOG2);
	if (len && rjs_repeats(s->hist, s->hist_n, len, s->scratch))
		est = 0;
	s->history_estimate = est;
	s->rate = min(s->rate, est / RJS_SAFETY);
	if (s->rate < RJS_MIN_RATE)
		rjs_fail(s, RJS_FAIL_PATTERN);
}

/* At the end of a window: keep the last RJS_HISTORY symbols. */
static void rjs_history_shift(struct rjs_state *s)
{
	if (s->hist_n > RJS_HISTORY) {
		memmove(s->hist, s->hist + s->hist_n - RJS_HISTORY, RJS_HISTORY);
		s->hist_n = RJS_HISTORY;
	}
	s->window_start = s->hist_n;
}

/*********************************************************************
 *
 * Credit accounting.
 *
 * A sample earns rate/osr once the start-up test has passed; the start-up
 * window's samples included. Nothing is released before the hold (s->hold
 * samples: RJS_HISTORY unless the session sets it from its sampling,
 * rjs_hold()), so that a pattern up to the hold less a window long has
 * shown to the history test before any of it is credited; from then on,
 * at the end of each window (RJS_WINDOW samples, the APT's) with every
 * test passed, the samples before that window are released at the rate,
 * which only ever falls.
 * The window just ended waits for the next one: a source that turns
 * deterministic inside it fails the RCT, the APT or the stuck test before
 * any of its samples after the turn are released. A failure ends all
 * credit; what was released before it stays credited.
 *
 *********************************************************************/

/**
 * rjs_state_init() - set up the health tests and the accounting
 * @s: the state to set up
 * @claim: claimed entropy per sample, 1/256 bit
 * @osr: credit 1/@osr of it
 */
void rjs_state_init(struct rjs_state *s, unsigned int claim, unsigned int osr)
{
	memset(s, 0, sizeof(*s));
	s->claim = claim;
	s->osr = clamp(osr, 1U, (unsigned int)RJS_OSR_MAX);
	s->rct_cutoff = rjs_rct_cutoff(claim);
	s->stuck_cutoff = min(s->rct_cutoff, rjs_rct_cutoff(RJS_BIT));
	rjs_apt_init(&s->apt, claim);
	s->hold = RJS_HISTORY;
}

static void rjs_release(struct rjs_state *s)
{
	unsigned int n;

	if (s->samples < s->hold)
		return;
	n = s->samples - RJS_WINDOW - s->released;
	s->released += n;
	s->credit_acc += n * s->rate;
	s->credit_pending += s->credit_acc / (RJS_BIT * s->osr);
	s->credit_acc %= RJS_BIT * s->osr;
}

/* Record the sample @delta in every order the samples so far allow. */
static void rjs_insert(struct rjs_state *s, u64 delta)
{
	unsigned int k, orders = min_t(unsigned int, s->samples + 1, RJS_ORDERS);
	u64 v = delta, prev;

	for (k = 0; k < orders; k++) {
		rjs_rct_insert(s, k, (u8)v);
		if (s->samples < RJS_STARTUP_SAMPLES)
			s->startup[k][s->startup_n[k]++] = (u8)v;
		if (k == RJS_ORDERS - 1)
			break;
		prev = s->last[k];
		s->last[k] = v;
		v -= prev;
	}
	if (k < RJS_ORDERS - 1)
		s->last[k] = v;
	if (rjs_apt_insert(&s->apt, (u8)delta))
		rjs_fail(s, RJS_FAIL_APT);
	rjs_history_insert(s, (u8)delta);
}

/**
 * rjs_feed() - feed one timestamp
 * @s: the state
 * @timestamp: the counter's value
 *
 * The first timestamp of a batch (rjs_feed_batch()) only starts it: the
 * delta across the gap goes to the history alone.
 *
 * Returns: RJS_OK, or the failure that stopped this source.
 */
enum rjs_failure rjs_feed(struct rjs_state *s, u64 timestamp)
{
	u64 delta = timestamp - s->last_ts;

	if (s->failure)
		return s->failure;
	s->last_ts = timestamp;
	if (!s->batch_reads++) {
		if (s->samples)
			rjs_history_insert(s, (u8)delta);
		return RJS_OK;
	}
	rjs_insert(s, delta);
	if (++s->samples == RJS_STARTUP_SAMPLES && !s->failure)
		rjs_startup_finish(s);
	if (s->samples % RJS_WINDOW)
		return s->failure;
	if (!s->failure && s->samples > RJS_STARTUP_SAMPLES)
		rjs_history_finish(s);
	if (!s->failure)
		rjs_release(s);
	rjs_history_shift(s);
	return s->failure;
}

/**
 * rjs_feed_batch() - feed a batch of timestamps
 * @s: the state
 * @ts: the timestamps
 * @n: how many
 *
 * The first timestamp only starts the batch, so the time between two
 * batches (hashing, rescheduling) is never a sample. The samples
 * themselves run on: their differences and the history continue across
 * the gap.
 *
 * Returns: RJS_OK, or the failure that stopped this source.
 */
enum rjs_failure rjs_feed_batch(struct rjs_state *s, const u64 *ts,
				unsigned int n)
{
	enum rjs_failure f = RJS_OK;
	unsigned int i;

	s->batch_reads = 0;
	for (i = 0; i < n && !f; i++)
		f = rjs_feed(s, ts[i]);
	return f;
}

/**
 * rjs_take_credit() - take the credit released so far
 * @s: the state
 *
 * Returns: the whole bits released since the last call, or 0 once the
 * source has failed (bits released alongside a failure are dropped too).
 */
unsigned int rjs_take_credit(struct rjs_state *s)
{
	unsigned int bits = s->failure ? 0 : s->credit_pending;

	s->credit_pending = 0;
	return bits;
}

/**
 * rjs_failure_name() - name a failure
 * @f: the failure
 *
 * Returns: a stable one-word name for @f, as used in the log.
 */
const char *rjs_failure_name(enum rjs_failure f)
{
	static const char *const names[] = {
		[RJS_OK] = "none",
		[RJS_FAIL_CALIBRATION] = "calibration",
		[RJS_FAIL_RCT] = "rct",
		[RJS_FAIL_STUCK] = "stuck",
		[RJS_FAIL_APT] = "apt",
		[RJS_FAIL_QUANTISED] = "quantised",
		[RJS_FAIL_STARTUP] = "startup",
		[RJS_FAIL_BUDGET] = "budget",
		[RJS_FAIL_UNASSESSED] = "unassessed",
		[RJS_FAIL_PATTERN] = "pattern",
		[RJS_FAIL_LOCKSTEP] = "lockstep",
	};

	return f < ARRAY_SIZE(names) ? names[f] : "unknown";
}

/*********************************************************************
 *
 * Sampling: the counter, two methods, the choice of method and length, a
 * session.
 *
 * Both methods step through RJS_BUF_SIZE bytes (more than a typical L1
 * data cache) with a fixed odd stride, a read-modify-write per step,
 * carrying on where the previous sample stopped:
 *
 *   - workload: the counter times a run of L steps, and the sample is the
 *     counter's delta. The counter must resolve L steps, so on a coarse
 *     counter L, and the cost of a sample, grow until it does.
 *   - edges: the CPU counts its steps, one counter read each, until the
 *     counter has moved on by L ticks, and the sample is that count. A
 *     sample costs L ticks however fast the CPU is, so a coarse counter
 *     makes samples dearer only in time per tick; a fine counter leaves
 *     too few steps in a tick to vary. A batch begins on a counter edge.
 *
 * Either way the session feeds the core a running value (the counter, or
 * the running count of steps) whose deltas are the samples, so the health
 * tests see exactly the symbols that are credited.
 *
 * Claims come from rjs_claims[]: the methods, counter-rate classes and
 * lengths whose raw samples were assessed. The kernel knows its counter's
 * rate (rjs_counter_hz()); a session only uses the claims of that rate's
 * class, and a class with none gets no credit. Calibration times a probe
 * batch of RJS_CHUNK samples at each of them with a claim, takes the claim
 * that holds for how long the batch's samples lasted (rjs_claim_at(): the
 * same steps take a fast CPU a fraction of the ticks an emulator takes,
 * and carry less entropy there), and keeps the length that varies
 * (RJS_MIN_SYMBOLS symbols seen twice in a batch; by the edge method
 * also a counter that moved on by no more than twice the ticks asked for,
 * or it is coarser than its class) and would seed soonest on this
 * machine: the sampling at the batch's pace and the history test's lag
 * sweeps, timed once a calibration, that the samples to seed take; no
 * length seeds in fewer samples than its hold. Within a method
 * it stops once no longer length could be sooner. A round in which no
 * length varied is probed again, RJS_PROBE_ROUNDS rounds at most. A
 * counter that is absent, stuck, too coarse or deterministic varies at no
 * length and the collector gives up. A round in which every edge batch
 * counted the same steps (rjs_edges_locked(): a CPU in lockstep with its
 * counter) keeps no workload length, whose samples vary there only with
 * the interrupts that land in them. The batch that won is the start-up
 * window's first. A start-up window that fails its start-up test
 * (quantised, or an estimate too low) is followed by another calibration
 * among the claims not yet tried, RJS_TRIES windows in all.
 *
 *********************************************************************/

enum {
	/*
	 * 4096 + 63: each step lands on the next 4 KiB page, a cache line
	 * less one byte further into it, so consecutive steps touch other
	 * pages and lines, not a stream a prefetcher hides. Odd, so the walk
	 * visits all RJS_BUF_SIZE bytes before it repeats: with L steps a
	 * sample, the addresses repeat every RJS_BUF_SIZE / gcd(L,
	 * RJS_BUF_SIZE) samples (the bytes themselves keep changing).
	 */
	RJS_STRIDE = 4159,
	RJS_MAX_SAMPLES = 1 << 18,	/* sample budget of one session */
	RJS_EDGE_MAX_STEPS = 1 << 20,	/* steps waiting for one edge */
	RJS_PROBE_ROUNDS = 3,		/* calibration's tries at every length */
	/* lockstep: steps between edges that jitter would spread, ... */
	RJS_LOCK_STEPS = 32,
	/* ... and the counts an interrupt may shorten in a batch */
	RJS_LOCK_OUTLIERS = 3,
	RJS_LAG_PROBES = 16,		/* lag sweeps calibration times */
};

/**
 * rjs_hold() - how long a session holds credit, from how it samples
 * @method: the sampling method
 * @length: its length: workload steps (RJS_WORKLOAD), or counter ticks
 *	between edges (RJS_EDGES)
 * @batch: RJS_CHUNK + 1 values of one batch taken so, for the edge
 *	method's steps per sample; unused by the workload method
 *
 * The one period the collector itself puts into its samples is its walk:
 * the workload's addresses come round again every RJS_BUF_SIZE steps, so
 * on a machine whose timing follows the addresses (caches, TLBs) the
 * samples can follow a cycle of RJS_BUF_SIZE / gcd(@length, RJS_BUF_SIZE)
 * samples by the workload method (the stride is odd), of about
 * RJS_BUF_SIZE / (steps per sample) by the edge method. The other periods
 * a machine puts into them are beats between the counter and the loop,
 * which take two or three values and fail the quantisation check, or are
 * shorter than the start-up window. So the hold is the start-up window
 * or the walk's cycle, whichever is longer, in whole windows, and one more
 * window, after which the history test has compared the samples at every
 * lag back to the first: a pattern that long is caught before any of it
 * is credited. A longer one (a recorded table replayed, a pseudo-random
 * generator) cannot be told from noise before it repeats; the history
 * test catches a repeat up to RJS_PERIOD_MAX samples apart, and what was
 * released before it stays credited.
 *
 * Returns: the hold in samples, a multiple of RJS_WINDOW from RJS_HOLD_MIN
 * to RJS_HISTORY.
 */
unsigned int rjs_hold(enum rjs_method method, unsigned int length,
		      const u64 *batch)
{
	unsigned int cycle, steps;

	if (method == RJS_EDGES) {
		steps = min_t(u64, div_u64(batch[RJS_CHUNK] - batch[0], RJS_CHUNK),
			      RJS_BUF_SIZE);
		cycle = DIV_ROUND_UP(RJS_BUF_SIZE, max(steps, 1U));
	} else {
		/* @length is the steps a sample */
		cycle = RJS_BUF_SIZE / gcd(length ?: RJS_BUF_SIZE, RJS_BUF_SIZE);
	}
	cycle = max_t(unsigned int, cycle, RJS_STARTUP_SAMPLES);
	return min_t(unsigned int, roundup(cycle, RJS_WINDOW) + RJS_WINDOW,
		     RJS_HISTORY);
}

/**
 * rjs_counter_hz() - the rate of the cycle counter
 *
 * Returns: the rate of the counter that random_get_entropy() reads, in Hz,
 * as the kernel knows it; 0 where it does not.
 */
u64 rjs_counter_hz(void)
{
#if defined(CONFIG_ARM_ARCH_TIMER)
	return arch_timer_get_rate();
#elif defined(CONFIG_RISCV)
	return riscv_timebase;
#elif defined(CONFIG_X86_TSC)
	return (u64)tsc_khz * 1000;
#else
	return 0;
#endif
}

/**
 * rjs_rate_class() - the rate class of a counter
 * @hz: the counter's rate
 *
 * Returns: ilog2(@hz), at most RJS_CLASS_TOP; RJS_CLASS_NONE for a rate
 * under 2 Hz (unknown).
 */
unsigned int rjs_rate_class(u64 hz)
{
	return hz < 2 ? RJS_CLASS_NONE : min_t(unsigned int, ilog2(hz), RJS_CLASS_TOP);
}

/**
 * rjs_method_name() - name a sampling method
 * @m: the method
 *
 * Returns: a stable one-word name for @m, as used in the log.
 */
const char *rjs_method_name(enum rjs_method m)
{
	static const char *const names[] = {
		[RJS_WORKLOAD] = "workload",
		[RJS_EDGES] = "edges",
	};

	return m < ARRAY_SIZE(names) ? names[m] : "unknown";
}

/**
 * rjs_method_by_name() - look a sampling method up by its name
 * @name: as rjs_method_name() gives it
 *
 * Returns: the method, or RJS_NR_METHODS if none has that name.
 */
enum rjs_method rjs_method_by_name(const char *name)
{
	enum rjs_method m;

	for (m = 0; m < RJS_NR_METHODS; m++)
		if (!strcmp(name, rjs_method_name(m)))
			break;
	return m;
}

/* One workload step at @p; Returns: the next position. */
static __always_inline unsigned int rjs_step(u8 *buf, unsigned int p,
					     unsigned int i)
{
	p = (p + RJS_STRIDE) & (RJS_BUF_SIZE - 1);
	buf[p] = buf[p] * 31 + i;	/* odd: a read-modify-write */
	return p;
}

static noinline void rjs_workload(u8 *buf, unsigned int steps,
				  unsigned int *pos)
{
	unsigned int i, p = *pos;

	for (i = 0; i < steps; i++)
		p = rjs_step(buf, p, i);
	*pos = p;
}

/*
 * Returns: the counter read next after the value @prev, widened to 64 bits.
 * A count narrower than that (ops->counter_bits: a 32-bit cycles_t) wraps
 * to 0; the value returned is @prev plus the ticks since, right across a
 * wrap as long as fewer than 2^counter_bits ticks pass between two reads
 * (over a minute at 62.5 MHz for 32 bits; a batch takes milliseconds).
 * Every read after a batch's first goes through here, so the samples,
 * their health tests and the pace of a batch see the same deltas on a
 * narrow counter as on a 64-bit one.
 */
static u64 rjs_read(const struct rjs_ops *ops, u64 prev)
{
	u64 mask = ops->counter_bits && ops->counter_bits < 64 ?
		   BIT_ULL(ops->counter_bits) - 1 : U64_MAX;

	return prev + ((ops->now(ops->priv) - prev) & mask);
}

/*
 * Step until the counter has moved on by @ticks from *@now (or
 * RJS_EDGE_MAX_STEPS steps: it does not move), leaving its new value in
 * *@now.
 *
 * Returns: the steps taken.
 */
static unsigned int rjs_edge_wait(const struct rjs_ops *ops, u8 *buf,
				  unsigned int ticks, unsigned int *pos, u64 *now)
{
	unsigned int steps = 0, p = *pos;
	u64 start = *now, t = start;

	while (t - start < ticks && steps < RJS_EDGE_MAX_STEPS) {
		p = rjs_step(buf, p, steps++);
		t = rjs_read(ops, t);
	}
	*pos = p;
	*now = t;
	return steps;
}

/*
 * The edge method: from a counter edge, @ts[0] = 0, then @ts[i] the steps
 * counted since, each sample ending after @ticks more ticks. A counter
 * that does not move ends the batch with samples of no steps.
 *
 * Returns: the ticks the counter moved on from that first edge.
 */
static u64 rjs_sample_edges(const struct rjs_ops *ops, u8 *buf,
			    unsigned int ticks, unsigned int *pos, u64 *ts,
			    unsigned int n)
{
	u64 now = ops->now(ops->priv), edge, total = 0;
	unsigned int i, steps;

	steps = rjs_edge_wait(ops, buf, 1, pos, &now);
	edge = now;
	ts[0] = 0;
	for (i = 1; i < n; i++) {
		if (steps < RJS_EDGE_MAX_STEPS) {
			steps = rjs_edge_wait(ops, buf, ticks, pos, &now);
			total += steps;
		}
		ts[i] = total;
	}
	return now - edge;
}

/**
 * rjs_sample() - take a batch of values of a running count
 * @ops: where the counter is read
 * @buf: the workload's memory, RJS_BUF_SIZE bytes
 * @method: how: the counter after each run of the workload, or the steps
 *	counted between counter edges
 * @length: workload steps a sample (RJS_WORKLOAD), or counter ticks
 *	between edges (RJS_EDGES)
 * @pos: where in @buf the workload goes on; advanced
 * @ts: the values taken
 * @n: how many
 *
 * Returns: the ticks the counter moved on over the batch.
 */
u64 rjs_sample(const struct rjs_ops *ops, u8 *buf, enum rjs_method method,
	       unsigned int length, unsigned int *pos, u64 *ts, unsigned int n)
{
	unsigned int i;

	if (method == RJS_EDGES)
		return rjs_sample_edges(ops, buf, length, pos, ts, n);
	for (i = 0; i < n; i++) {
		rjs_workload(buf, length, pos);
		ts[i] = i ? rjs_read(ops, ts[i - 1]) : ops->now(ops->priv);
	}
	return ts[n - 1] - ts[0];
}

/**
 * rjs_edges_locked() - whether an edge batch shows a CPU in lockstep
 * @ts: RJS_CHUNK + 1 values of one batch by the edge method: running
 *	counts of workload steps, one value at each counter edge
 *
 * A CPU whose progress is a function of the counter (an emulator that
 * counts instructions, a core and counter on one clock with nothing in
 * between) takes the same steps between every two edges, give or take
 * the one step the phase of the edge moves; an interrupt shortens the
 * count it lands in. Any timing jitter spreads counts of RJS_LOCK_STEPS
 * steps or more over more values than that. Such a CPU's workload samples
 * can still vary, but only with the interrupts that land in them.
 *
 * Returns: true if the samples average RJS_LOCK_STEPS steps or more and
 * all but RJS_LOCK_OUTLIERS of them take one of two adjacent counts.
 */
bool rjs_edges_locked(const u64 *ts)
{
	unsigned int i, j, near, most = 0;
	u64 d;

	if (ts[RJS_CHUNK] - ts[0] < (u64)RJS_LOCK_STEPS * RJS_CHUNK)
		return false;
	for (i = 0; i < RJS_CHUNK; i++) {
		d = ts[i + 1] - ts[i];
		near = 0;
		for (j = 0; j < RJS_CHUNK; j++)
			near += ts[j + 1] - ts[j] - d <= 1;
		most = max(most, near);
	}
	return most + RJS_LOCK_OUTLIERS >= RJS_CHUNK;
}

/*
 * Add a batch's @ticks to the session's count, stopping at U64_MAX: a
 * delta taken wrongly across a wrap is near 2^64, and a plain sum of a few
 * of them could wrap back to a plausible figure.
 */
static void rjs_add_ticks(struct rjs_session *ses, u64 ticks)
{
	if (check_add_overflow(ses->ticks, ticks, &ses->ticks))
		ses->ticks = U64_MAX;
}

/*
 * Returns: true unless a probe batch at @c by the edge method moved the
 * counter on by @ticks, more than twice the ticks it asked for: a counter
 * that moves in steps much larger than one tick is coarser than the rate
 * its class was assessed at, and the counts between its edges span more
 * time than the claim was measured over. The workload method is not judged
 * here: a coarse counter fails its variation test.
 */
static bool rjs_batch_paced(const struct rjs_claim *c, u64 ticks)
{
	return c->method != RJS_EDGES ||
	       ticks <= 2ULL * c->length * RJS_CHUNK + 2 * RJS_CHUNK;
}

/*
 * Returns: true if at least RJS_MIN_SYMBOLS distinct symbols occur twice
 * or more among the deltas of one batch of timestamps, or if at least half
 * of them are distinct: a counter that dithers between a few values with a
 * thin tail of rare ones (which the start-up test would find quantised)
 * does neither, while deltas spread evenly over all 256 symbols show only
 * about 6.6 repeated ones in a batch and fewer than 4 one batch in ten.
 */
static bool rjs_batch_varies(const u64 *ts, u16 *count)
{
	u8 sym[RJS_CHUNK];
	unsigned int i;

	for (i = 0; i < RJS_CHUNK; i++)
		sym[i] = (u8)(ts[i + 1] - ts[i]);
	rjs_count(sym, RJS_CHUNK, count);
	return rjs_dispersion(count, 2) >= RJS_MIN_SYMBOLS ||
	       rjs_dispersion(count, 1) >= RJS_CHUNK / 2;
}

/**
 * rjs_session_init() - set up a session with the built-in claims
 * @ses: the session: nothing sampled, nothing credited
 * @osr: credit 1/@osr of the rate
 * @counter_hz: the counter's rate in Hz; 0: unknown
 */
void rjs_session_init(struct rjs_session *ses, unsigned int osr, u64 counter_hz)
{
	memset(ses, 0, sizeof(*ses));
	ses->calibrate = true;
	ses->osr = osr;
	ses->counter_hz = counter_hz;
	ses->claims = rjs_claims;
	ses->nr_claims = rjs_nr_claims;
}

/**
 * rjs_session_claim() - use one claim instead of the built-in ones
 * @ses: a session just set up
 * @c: the claim: an integrator's own assessment of the machine
 *	(random.jitter_seed_claim=), used on the counter @ses runs on
 *	whatever its rate class
 */
void rjs_session_claim(struct rjs_session *ses, const struct rjs_claim *c)
{
	ses->single_claim = *c;
	ses->single_claim.rate_class = rjs_rate_class(ses->counter_hz);
	ses->claims = &ses->single_claim;
	ses->nr_claims = 1;
}

/**
 * rjs_session_fix() - fix a session's method and length, for raw samples
 * @ses: a session just set up
 * @method: the sampling method
 * @length: its length, claimed or not
 *
 * Its health tests run at the lowest claim (RJS_CLAIM_MIN), and a start-up
 * window that fails is not retried at another length. Its credit goes
 * nowhere that counts: the caller's ops->credit() must discard it.
 */
void rjs_session_fix(struct rjs_session *ses, enum rjs_method method,
		     unsigned int length)
{
	ses->method = method;
	ses->length = length;
	ses->calibrate = false;
	ses->tries = RJS_TRIES;
	rjs_state_init(&ses->state, RJS_CLAIM_MIN, 1);
}

/**
 * rjs_raw_batch() - take one batch of raw symbols, for the assessment
 * @ses: the session, at its method and length; its workload goes on
 *	where it left it
 * @ops: where the counter is read
 * @buf: the workload's memory, RJS_BUF_SIZE bytes
 * @sym: the low 8 bits of each delta, exactly what the health tests see
 * @n: how many (at most RJS_CHUNK are taken)
 *
 * The batch's ticks are added to @ses->ticks, so how long its samples
 * lasted is known.
 */
void rjs_raw_batch(struct rjs_session *ses, const struct rjs_ops *ops, u8 *buf,
		   u8 *sym, unsigned int n)
{
	unsigned int i;

	rjs_add_ticks(ses, rjs_sample(ops, buf, ses->method, ses->length,
				      &ses->pos, ses->ts, RJS_CHUNK + 1));
	for (i = 0; i < n && i < RJS_CHUNK; i++)
		sym[i] = (u8)(ses->ts[i + 1] - ses->ts[i]);
}

/*
 * Returns: true if @c has a claim and was assessed by @method (any method:
 * RJS_NR_METHODS) on a counter of @ses' class.
 */
static bool rjs_claim_fits(const struct rjs_session *ses,
			   const struct rjs_claim *c, enum rjs_method method)
{
	return c->claim && c->rate_class == rjs_rate_class(ses->counter_hz) &&
	       (method == RJS_NR_METHODS || c->method == method);
}

static enum rjs_run rjs_session_fail(struct rjs_session *ses,
				     enum rjs_failure f)
{
	rjs_fail(&ses->state, f);
	ses->result = ses->state.failure;
	ses->finished = true;
	return RJS_RUN_FAILED;
}

/* Returns: true if @a and @b are claims of one method, class and length. */
static bool rjs_same_length(const struct rjs_claim *a, const struct rjs_claim *b)
{
	return a->method == b->method && a->rate_class == b->rate_class &&
	       a->length == b->length;
}

/*
 * Returns: true if a start-up window was begun at @ses->claims[@r]'s
 * method and length.
 */
static bool rjs_tried(const struct rjs_session *ses, unsigned int r)
{
	unsigned int k;

	for (k = 0; k < ses->tries && k < RJS_TRIES; k++)
		if (rjs_same_length(&ses->claims[ses->tried[k].claim_idx],
				    &ses->claims[r]))
			return true;
	return false;
}

/*
 * The claim that holds for samples of @ses->claims[@r]'s method and length
 * lasting @per ticks on average: the lowest of that length's claims
 * assessed at a duration that holds @per or at no known duration. The
 * steps of a length and the ticks they take say how fast the machine runs
 * the workload; a claim holds only where it runs it as fast as where the
 * claim was assessed.
 *
 * Returns: its index + 1; 0 if none holds, or the lowest is 0.
 */
static unsigned int rjs_claim_at(const struct rjs_session *ses,
				 unsigned int r, u64 per)
{
	const struct rjs_claim *c;
	unsigned int i, at = 0;

	for (i = 0; i < ses->nr_claims; i++) {
		c = &ses->claims[i];
		if (!rjs_same_length(c, &ses->claims[r]) ||
		    (c->ticks_hi && (per < c->ticks_lo || per >= c->ticks_hi)))
			continue;
		if (!c->claim)
			return 0;
		if (!at || c->claim < ses->claims[at - 1].claim)
			at = i + 1;
	}
	return at;
}

/*
 * Returns: true if a claim before @ses->claims[@r] is of its length and
 * would have been probed first.
 */
static bool rjs_probed_before(const struct rjs_session *ses, unsigned int r)
{
	unsigned int i;

	for (i = 0; i < r; i++)
		if (rjs_claim_fits(ses, &ses->claims[i], RJS_NR_METHODS) &&
		    rjs_same_length(&ses->claims[i], &ses->claims[r]))
			return true;
	return false;
}

/* Returns: true if a claim of @ses' counter class is left to be tried. */
static bool rjs_untried_left(const struct rjs_session *ses)
{
	unsigned int r;

	for (r = 0; r < ses->nr_claims; r++)
		if (rjs_claim_fits(ses, &ses->claims[r], RJS_NR_METHODS) &&
		    !rjs_tried(ses, r))
			return true;
	return false;
}

/*
 * Begin a start-up window at @ses->claims[@claim_idx]'s method and length
 * and at the claim that holds there (@ses->probe_claim), whose calibration
 * batch (@ses->probe) is the window's first, and set the hold from it.
 */
static void rjs_begin(struct rjs_session *ses, unsigned int claim_idx)
{
	const struct rjs_claim *c = &ses->claims[claim_idx];
	struct rjs_state *s = &ses->state;

	ses->claim_idx = claim_idx;
	ses->method = c->method;
	ses->length = c->length;
	ses->calibrate = false;
	ses->tried[ses->tries].claim_idx = claim_idx;
	ses->tried[ses->tries].failure = RJS_OK;
	ses->tries++;
	rjs_state_init(s, ses->probe_claim, ses->osr);
	s->hold = rjs_hold(c->method, c->length, ses->probe);
	rjs_feed_batch(s, ses->probe, RJS_CHUNK + 1);
}

/**
 * rjs_samples_to_seed() - the samples seeding takes
 * @claim: the claim per sample, 1/256 bit
 * @osr: credit 1/@osr of it
 * @hold: the session's hold (rjs_hold())
 *
 * Returns: whole windows of samples to credit RJS_TARGET_BITS, one more
 * window for the release to wait for, and never fewer than @hold.
 */
unsigned int rjs_samples_to_seed(unsigned int claim, unsigned int osr,
				 unsigned int hold)
{
	unsigned int n = DIV_ROUND_UP(RJS_TARGET_BITS * RJS_BIT * osr, claim);

	return max_t(unsigned int, hold, roundup(n, RJS_WINDOW) + RJS_WINDOW);
}

/**
 * rjs_lags_to_seed() - the history test's lag sweeps before seeding
 * @samples: the samples seeding takes (rjs_samples_to_seed())
 *
 * Each window after the start-up window ends with one sweep of its
 * RJS_WINDOW symbols per symbol behind it, RJS_LAG_SPAN at most: a session
 * of a few thousand samples sweeps tens of thousands of times.
 *
 * Returns: the sweeps that @samples take.
 */
unsigned int rjs_lags_to_seed(unsigned int samples)
{
	unsigned int end, lags = 0;

	for (end = RJS_HOLD_MIN; end <= samples; end += RJS_WINDOW)
		lags += min_t(unsigned int, end - RJS_WINDOW, RJS_LAG_SPAN);
	return lags;
}

/**
 * rjs_seed_ns() - how long seeding would take, sampling and testing
 * @batch_ns: the time RJS_CHUNK samples took
 * @lag_ns: the time one lag sweep takes (rjs_lag_ns())
 * @samples: the samples seeding takes
 *
 * At the low claims a session's lag sweeps cost as much as its sampling,
 * so a length whose extra samples are cheap to take can still seed later.
 *
 * Returns: the time of @samples at @batch_ns' pace and of their sweeps
 * (rjs_lags_to_seed()), in ns.
 */
u64 rjs_seed_ns(u64 batch_ns, u64 lag_ns, unsigned int samples)
{
	return div_u64(batch_ns * samples, RJS_CHUNK) +
	       lag_ns * rjs_lags_to_seed(samples);
}

/*
 * Returns: the time one lag sweep of the history test takes on this
 * machine, in ns: the lesser of two timings of RJS_LAG_PROBES sweeps over
 * @buf (the workload's memory, whatever it holds).
 */
static u64 rjs_lag_ns(const u8 *buf)
{
	unsigned int r, d, hits = 0;
	u64 ns, least = U64_MAX;

	for (r = 0; r < 2; r++) {
		ns = ktime_get_ns();
		for (d = 1; d <= RJS_LAG_PROBES; d++)
			hits += rjs_matches(buf + RJS_LAG_PROBES,
					    buf + RJS_LAG_PROBES - d, RJS_WINDOW);
		least = min(least, ktime_get_ns() - ns);
	}
	OPTIMIZER_HIDE_VAR(hits);	/* the sweeps are what is timed */
	return div_u64(least, RJS_LAG_PROBES);
}

/*
 * Probe each length of @ses' counter class that has a claim and was not
 * tried with one batch, and keep in *@best (its index + 1; 0: none yet) the
 * one that varies and would seed soonest at the claim that holds for its
 * samples (rjs_claim_at(), kept in @ses->probe_claim), its lag sweeps at
 * @lag_ns each counted (rjs_seed_ns()), its batch in @ses->probe.
 * *@off_pace: a batch varied, but no claim holds for samples lasting as
 * long as its did. *@locked: every edge batch the round timed showed the
 * CPU in lockstep with its counter (rjs_edges_locked()), so a workload
 * that varied there did so with interrupts, not jitter, and the round
 * keeps no workload length (an edge length is left to its own tests).
 *
 * Returns: false if ops->interrupted() cut the round short.
 */
static bool rjs_probe_round(struct rjs_session *ses, const struct rjs_ops *ops,
			    u8 *buf, u64 lag_ns, unsigned int *best,
			    bool *off_pace, bool *locked)
{
	bool no_cheaper[RJS_NR_METHODS] = {};
	bool edges_timed = false, edges_free = false, paced;
	const struct rjs_claim *c;
	u64 ns, ticks, cost, best_cost = U64_MAX;
	unsigned int r, at;

	for (r = 0; r < ses->nr_claims; r++) {
		c = &ses->claims[r];
		if (!rjs_claim_fits(ses, c, RJS_NR_METHODS) ||
		    rjs_tried(ses, r) || rjs_probed_before(ses, r) ||
		    no_cheaper[c->method])
			continue;
		if (ops->interrupted(ops->priv))
			return false;
		ns = ktime_get_ns();
		ticks = rjs_sample(ops, buf, c->method, c->length, &ses->pos,
				   ses->ts, RJS_CHUNK + 1);
		ns = ktime_get_ns() - ns;
		rjs_add_ticks(ses, ticks);
		ops->credit(ops->priv, ses->ts, sizeof(ses->ts), 0);
		at = 0;
		paced = rjs_batch_paced(c, ticks);
		if (c->method == RJS_EDGES && paced) {
			edges_timed = true;
			edges_free |= !rjs_edges_locked(ses->ts);
		}
		if (paced && rjs_batch_varies(ses->ts, ses->state.scratch)) {
			at = rjs_claim_at(ses, r, div_u64(ticks, RJS_CHUNK));
			*off_pace |= !at;
		}
		/* the time seeding would take at this length */
		cost = at ? rjs_seed_ns(ns, lag_ns,
					rjs_samples_to_seed(ses->claims[at - 1].claim,
							    ses->osr,
							    rjs_hold(c->method, c->length,
								     ses->ts))) : U64_MAX;
		if (cost < best_cost) {
			best_cost = cost;
			*best = r + 1;
			ses->probe_claim = ses->claims[at - 1].claim;
			memcpy(ses->probe, ses->ts, sizeof(ses->probe));
		}
		/* a longer length of this method costs as much per sample */
		if (*best && rjs_seed_ns(ns, lag_ns, RJS_HOLD_MIN) >= best_cost)
			no_cheaper[c->method] = true;
		cond_resched();
	}
	if (edges_timed && !edges_free && *best &&
	    ses->claims[*best - 1].method == RJS_WORKLOAD) {
		*best = 0;
		*locked = true;
	}
	return true;
}

/*
 * Choose the method and length among the claims not tried yet and begin,
 * unless paused or failed; a counter whose class has no claim fails at
 * once, sampling nothing. One
 * batch per length decides a round, and a batch of a coarse counter can
 * look quantised by chance: a round that kept no length (none varied, or
 * the edges showed lockstep) is tried again, RJS_PROBE_ROUNDS in all,
 * unless the counter never moved; after locked rounds the failure is
 * RJS_FAIL_LOCKSTEP. The health tests still decide what is credited.
 *
 * Returns: RJS_RUN_ON (sample on), RJS_RUN_PAUSED or RJS_RUN_FAILED.
 */
static enum rjs_run rjs_calibrate(struct rjs_session *ses,
				  const struct rjs_ops *ops, u8 *buf)
{
	unsigned int r, best = 0;
	bool off_pace = false, locked = false;
	u64 lag_ns;

	if (!rjs_untried_left(ses))
		return rjs_session_fail(ses, RJS_FAIL_UNASSESSED);
	lag_ns = rjs_lag_ns(buf);
	for (r = 0; r < RJS_PROBE_ROUNDS && !best; r++) {
		if (r && !ses->ticks)
			break;
		if (!rjs_probe_round(ses, ops, buf, lag_ns, &best, &off_pace,
				     &locked))
			return RJS_RUN_PAUSED;
	}
	if (!best)
		return rjs_session_fail(ses, locked ? RJS_FAIL_LOCKSTEP :
					off_pace ? RJS_FAIL_UNASSESSED :
					RJS_FAIL_CALIBRATION);
	rjs_begin(ses, best - 1);
	return RJS_RUN_ON;
}

/*
 * A start-up window that failed its start-up test, quantised or with an
 * estimate under RJS_MIN_RATE, has credited nothing, and the test judged
 * the samples of one length, not yet the source: a host that runs the
 * loop faster can leave too few distinct deltas at a length where another
 * host's passed. Calibrate again among the claims not tried yet, if any
 * is left and RJS_TRIES windows have not been spent (the start-up
 * estimate's bound is widened for as many windows). Any other failure
 * is final.
 *
 * Returns: true if the session goes on.
 */
static bool rjs_retry(struct rjs_session *ses)
{
	enum rjs_failure f = ses->state.failure;

	if ((f != RJS_FAIL_QUANTISED && f != RJS_FAIL_STARTUP) ||
	    ses->tries >= RJS_TRIES || !rjs_untried_left(ses))
		return false;
	ses->tried[ses->tries - 1].failure = f;
	ses->calibrate = true;
	return true;
}

/*
 * Returns: true if, at the pace and rate of the passed start-up window,
 * seeding (RJS_TARGET_BITS) would not fit in the time budget.
 */
static bool rjs_too_slow(const struct rjs_session *ses, u64 ns)
{
	const struct rjs_state *s = &ses->state;

	if (!ses->budget_ns || !rjs_startup_done(s) || !s->rate)
		return false;
	return div_u64(ns * rjs_samples_to_seed(s->rate, s->osr, s->hold),
		       s->samples) > ses->budget_ns;
}

/**
 * rjs_session_run() - run or resume a session
 * @ses: the session
 * @ops: its timestamp source, sinks and stop conditions
 * @buf: the workload's memory, RJS_BUF_SIZE bytes
 *
 * Collects until ops->ready(), ops->interrupted(), a health-test failure or
 * the budget (RJS_MAX_SAMPLES samples, ses->budget_ns of sampling, or a
 * pace that cannot meet it). A paused session resumes where it stopped on
 * the next call.
 *
 * Returns: RJS_RUN_READY, RJS_RUN_PAUSED or RJS_RUN_FAILED (see
 * ses->result).
 */
enum rjs_run rjs_session_run(struct rjs_session *ses, const struct rjs_ops *ops,
			     u8 *buf)
{
	struct rjs_state *s = &ses->state;
	enum rjs_run ret = RJS_RUN_ON;
	u64 start = ktime_get_ns(), ns;
	unsigned int bits;

	if (ses->finished)
		return ses->result ? RJS_RUN_FAILED : RJS_RUN_READY;

	while (ret == RJS_RUN_ON) {
		if (ses->calibrate) {
			ret = rjs_calibrate(ses, ops, buf);
			continue;
		}
		if (ops->ready(ops->priv)) {
			ret = RJS_RUN_READY;
			break;
		}
		ns = ses->ns + ktime_get_ns() - start;
		if (ops->interrupted(ops->priv)) {
			ret = RJS_RUN_PAUSED;
			break;
		}
		if (s->samples >= RJS_MAX_SAMPLES ||
		    (ses->budget_ns && ns > ses->budget_ns) ||
		    rjs_too_slow(ses, ns)) {
			ret = rjs_session_fail(ses, RJS_FAIL_BUDGET);
			break;
		}
		rjs_add_ticks(ses, rjs_sample(ops, buf, ses->method,
					      ses->length, &ses->pos, ses->ts,
					      RJS_CHUNK + 1));
		rjs_feed_batch(s, ses->ts, RJS_CHUNK + 1);
		bits = rjs_take_credit(s);
		ops->credit(ops->priv, ses->ts, sizeof(ses->ts), bits);
		if (bits && !ses->bits)
			ses->first_credit = s->samples;
		ses->bits += bits;
		if (s->failure && !rjs_retry(ses))
			ret = rjs_session_fail(ses, s->failure);
		cond_resched();
	}
	if (ret == RJS_RUN_READY)
		ses->finished = true;
	ses->ns += ktime_get_ns() - start;
	return ret;
}

/**
 * rjs_session_format() - describe a session as the done line's fields
 * @ses: the session
 * @buf: where the fields go
 * @len: @buf's size
 *
 * The fields: result (pending, seeded or the failure's name), bits,
 * samples, failures, us, method, length (workload steps, or counter ticks
 * between edges, a sample),
 * counter_khz, ticks (how far the counter moved on over the batches
 * sampled, calibration's included; U64_MAX past it), estimate_mbits
 * (start-up), rate_mbits, osr, restarts (start-up windows begun again),
 * first_credit (the samples taken when the first bits were credited; 0:
 * none), history_mbits (the lowest estimate of the later windows, the
 * start-up's included) and hold (the samples before any credit,
 * rjs_hold()).
 *
 * Returns: the length written (scnprintf()).
 */
int rjs_session_format(const struct rjs_session *ses, char *buf, size_t len)
{
	const struct rjs_state *s = &ses->state;

	return scnprintf(buf, len,
			 "result=%s bits=%u samples=%u failures=%u us=%llu method=%s length=%u counter_khz=%llu ticks=%llu estimate_mbits=%u rate_mbits=%u osr=%u restarts=%u first_credit=%u history_mbits=%u hold=%u",
			 !ses->finished ? "pending" :
			 ses->result ? rjs_failure_name(ses->result) : "seeded",
			 ses->bits, s->samples,
			 ses->result && ses->result != RJS_FAIL_BUDGET &&
			 ses->result != RJS_FAIL_UNASSESSED,
			 div_u64(ses->ns, NSEC_PER_USEC),
			 rjs_method_name(ses->method), ses->length,
			 div_u64(ses->counter_hz, 1000), ses->ticks,
			 rjs_mbits(s->estimate),
			 rjs_mbits(s->rate), ses->osr,
			 ses->tries ? ses->tries - 1 : 0, ses->first_credit,
			 rjs_mbits(s->history_estimate), s->hold);
}
