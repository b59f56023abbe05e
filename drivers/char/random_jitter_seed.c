// SPDX-License-Identifier: GPL-2.0
/*
 * CPU-timing jitter seed collector for the CRNG.
 *
 * When a caller of wait_for_random_bytes() finds the CRNG not ready, this
 * collector times a short, fixed memory workload over and over with
 * random_get_entropy(), runs the NIST SP 800-90B health tests on the
 * resulting deltas, hashes every timestamp into the input pool, and credits
 * only what the claim assessed for that workload length, the oversampling
 * rate and an online estimate over the start-up window together justify,
 * and only once the health-test window holding those samples has passed.
 * It runs in the caller's context, one caller at a time, while the other
 * callers wait for it; it stops as soon as the CRNG is ready. If its source
 * fails a health test it credits nothing more and random.c falls back to
 * try_to_generate_entropy().
 *
 * The file is divided into sections:
 *
 *   - Configuration and boot parameters.
 *   - Health tests (SP 800-90B 4.4), on timestamps only.
 *   - Start-up test and online estimate (SP 800-90B 4.3, 6.3).
 *   - Credit accounting.
 *   - Sampling: the workload, the choice of its length, a session.
 *   - The entry point for random.c, and diagnostics.
 *
 * Samples. A sample is the delta between two timestamps taken around one
 * run of the workload; its symbol is the low 8 bits of that delta, as in
 * jitterentropy's raw-entropy tools. The workload is fixed once its length
 * is chosen and never depends on earlier timestamps, so a machine whose
 * timing is a function of its instruction count shows up as a pattern, not
 * as noise. No online test can tell a good pseudo-random sequence from
 * noise: what they catch is listed in docs/entropy.md.
 */

#define pr_fmt(fmt) "random: jitter_seed: " fmt

#include <linux/bitops.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <asm/timex.h>
#include <asm/unaligned.h>

#include "random_jitter_seed.h"

/*********************************************************************
 *
 * Configuration and boot parameters.
 *
 *********************************************************************/

enum { RJS_OSR_DEFAULT = 1 };

/* Returns: @units (1/256 bit) in thousandths of a bit, for the log. */
static unsigned int rjs_mbits(unsigned int units)
{
	return units * 1000 / RJS_BIT;
}

static bool rjs_enabled __ro_after_init = true;
static unsigned int rjs_osr __ro_after_init = RJS_OSR_DEFAULT;

/*
 * Parse random.jitter_seed=: anything kstrtobool() takes (on/off, y/n, 1/0).
 *
 * Returns: 0 with *enable set, or -EINVAL (*enable untouched).
 */
int rjs_parse_enable(const char *arg, bool *enable)
{
	bool v;

	if (!arg || kstrtobool(arg, &v))
		return -EINVAL;
	*enable = v;
	return 0;
}

/*
 * Parse random.jitter_seed_osr=: an integer from 1 to RJS_OSR_MAX.
 *
 * Returns: 0 with *osr set, -EINVAL for a non-number, -ERANGE when out of
 * range (*osr untouched).
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

static int __init rjs_param_enable(char *arg)
{
	if (rjs_parse_enable(arg, &rjs_enabled))
		pr_warn("invalid random.jitter_seed=%s, using the default (%s)\n",
			arg ?: "", rjs_enabled ? "on" : "off");
	return 0;
}
early_param("random.jitter_seed", rjs_param_enable);

static int __init rjs_param_osr(char *arg)
{
	if (rjs_parse_osr(arg, &rjs_osr))
		pr_warn("invalid random.jitter_seed_osr=%s (1..%d), using the default (%u)\n",
			arg ?: "", RJS_OSR_MAX, rjs_osr);
	return 0;
}
early_param("random.jitter_seed_osr", rjs_param_osr);

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
 * The APT cutoffs below were computed by tools/apt-cutoffs.py for
 * H = 1/8, 2/8, ... 8 bits; a claim between two steps uses the lower step,
 * whose cutoff is higher, so the false-alarm bound still holds.
 * (With alpha = 2^-20 the script reproduces Table 2 of SP 800-90B.)
 *
 *********************************************************************/

static const u16 rjs_apt_cutoffs[64] = {
	502, 477, 449, 422, 396, 371, 347, 325,	/* H = 1/8 .. 1 */
	304, 284, 266, 248, 232, 217, 203, 190,	/* H = 9/8 .. 2 */
	178, 167, 157, 147, 138, 129, 121, 114,	/* H = 17/8 .. 3 */
	107, 101,  95,  89,  84,  79,  75,  71,	/* H = 25/8 .. 4 */
	 67,  63,  60,  56,  53,  51,  48,  46,	/* H = 33/8 .. 5 */
	 43,  41,  39,  37,  35,  34,  32,  31,	/* H = 41/8 .. 6 */
	 29,  28,  27,  26,  25,  24,  23,  22,	/* H = 49/8 .. 7 */
	 21,  20,  19,  19,  18,  17,  17,  16,	/* H = 57/8 .. 8 */
};

/*
 * Returns: the Repetition Count Test cutoff for a claim (1/256 bit per
 * sample): that many identical symbols in a row fail the test.
 */
unsigned int rjs_rct_cutoff(unsigned int claim)
{
	claim = clamp(claim, 1U, 8 * RJS_BIT);
	return 1 + DIV_ROUND_UP(RJS_ALPHA_LOG2 * RJS_BIT, claim);
}

/*
 * Returns: the Adaptive Proportion Test cutoff for a claim (1/256 bit per
 * sample): that many copies of a window's first symbol in the window fail
 * the test. Claims under 1/8 bit get the window size: no test is possible.
 */
unsigned int rjs_apt_cutoff(unsigned int claim)
{
	unsigned int step = min(claim / (RJS_BIT / 8), 64U);

	return step ? rjs_apt_cutoffs[step - 1] : RJS_WINDOW;
}

/* The first failure sticks; whatever was held for credit is dropped. */
static void rjs_fail(struct rjs_state *s, enum rjs_failure f)
{
	if (!s->failure)
		s->failure = f;
	s->held = 0;
}

/* SP 800-90B 4.4.1 on order @k: 0 the deltas, 1..3 their differences. */
static void rjs_rct_insert(struct rjs_state *s, int k, u8 symbol)
{
	if (s->rct_run[k] && symbol == s->rct_symbol[k]) {
		if (++s->rct_run[k] >= s->rct_cutoff)
			rjs_fail(s, k ? RJS_FAIL_STUCK : RJS_FAIL_RCT);
		return;
	}
	s->rct_symbol[k] = symbol;
	s->rct_run[k] = 1;
}

/* SP 800-90B 4.4.2 on the deltas. */
static void rjs_apt_insert(struct rjs_state *s, u8 symbol)
{
	if (!s->apt_seen) {
		s->apt_symbol = symbol;
		s->apt_count = 1;
	} else if (symbol == s->apt_symbol &&
		   ++s->apt_count >= s->apt_cutoff) {
		rjs_fail(s, RJS_FAIL_APT);
	}
	if (++s->apt_seen == RJS_WINDOW)
		s->apt_seen = 0;
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
 *     two or three values; that is phase, not noise. This is the only
 *     failure that a longer workload may cure (rjs_retry()).
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
 * that rate once it has passed (docs/entropy.md).
 *
 *********************************************************************/

enum {
	RJS_LAG_MAX = RJS_STARTUP_SAMPLES / 2,
	RJS_DIFF_LAG_MAX = 32,		/* lags tested on the differences */
	RJS_CONTEXT_ORDERS = 3,
	RJS_CONTEXT_SLOTS = 1024,	/* hashed contexts, a power of two */
	RJS_REPEAT_ALPHA_LOG2 = 20,	/* false alarm of the repetition test */
	RJS_REPEAT_MIN = 4,
	RJS_REPEAT_MAX = 64,
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

/* Returns: how many of @a[i] == @b[i] for i < @n, eight at a time. */
static unsigned int rjs_matches(const u8 *a, const u8 *b, unsigned int n)
{
	const u64 low7 = 0x7f7f7f7f7f7f7f7fULL;
	unsigned int i, hits = 0;
	u64 x;

	for (i = 0; i + 8 <= n; i += 8) {
		x = get_unaligned((const u64 *)(a + i)) ^
		    get_unaligned((const u64 *)(b + i));
		/* the top bit of each byte of x that is zero */
		hits += hweight64(~(((x & low7) + low7) | x | low7));
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
 * symbols with probability under 2^-RJS_REPEAT_ALPHA_LOG2 (about n^2/2
 * pairs of places, each matching with probability at most 2^(-L est)),
 * or 0 if that needs more than RJS_REPEAT_MAX symbols (a source that
 * poor is not tested for repetition; its estimate is low anyway). The
 * estimate is the window's own lowest, predictors included: a source whose
 * symbols drift through stretches of two or three values has a high
 * collision entropy over the window but a low predictor estimate, and
 * repeats short runs by chance.
 */
static unsigned int rjs_repeat_length(unsigned int est, unsigned int n)
{
	unsigned int len, pairs_log2 = 2 * ilog2(n) - 1;

	if (!est)
		return 0;
	len = DIV_ROUND_UP((RJS_REPEAT_ALPHA_LOG2 + pairs_log2) * RJS_BIT, est);
	return len > RJS_REPEAT_MAX ? 0 : max_t(unsigned int, len, RJS_REPEAT_MIN);
}

/*
 * Returns: true if some run of @len symbols occurs twice in @sym[0..n)
 * (n < 65536), using a rolling hash and RJS_REPEAT_SLOTS slots of @slot.
 */
static bool rjs_repeats(const u8 *sym, unsigned int n, unsigned int len,
			u16 *slot)
{
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
	len = rjs_repeat_length(est, n);
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
	s->rate = min(s->claim, s->estimate / RJS_SAFETY);
	if (s->rate < RJS_MIN_RATE)
		rjs_fail(s, RJS_FAIL_STARTUP);
}

/*
 * Returns: true once the start-up window has been tested (passed or not).
 */
bool rjs_startup_done(const struct rjs_state *s)
{
	return s->samples >= RJS_STARTUP_SAMPLES;
}

/*********************************************************************
 *
 * Credit accounting.
 *
 * A sample earns rate/osr once the start-up test has passed; the start-up
 * window itself earns it for each of its samples. What a window earns is
 * held until the window (RJS_WINDOW samples, the APT's) ends with every
 * test passed, and only then released; a failure drops what is held and
 * ends all credit.
 *
 *********************************************************************/

/*
 * Set up @s for a claim of @claim/256 bit per sample, of which 1/@osr is
 * credited.
 */
void rjs_state_init(struct rjs_state *s, unsigned int claim, unsigned int osr)
{
	memset(s, 0, sizeof(*s));
	s->claim = claim;
	s->osr = clamp(osr, 1U, (unsigned int)RJS_OSR_MAX);
	s->rct_cutoff = rjs_rct_cutoff(claim);
	s->apt_cutoff = rjs_apt_cutoff(claim);
}

/*
 * Start a new chain: the next timestamp only starts it, so the time
 * between two batches (hashing, rescheduling) is never a sample.
 */
void rjs_state_resync(struct rjs_state *s)
{
	s->chain = 0;
}

static void rjs_release(struct rjs_state *s)
{
	s->credit_acc += s->held;
	s->held = 0;
	s->credit_pending += s->credit_acc / (RJS_BIT * s->osr);
	s->credit_acc %= RJS_BIT * s->osr;
}

/* Record the sample ending in @delta in every order the chain allows. */
static void rjs_insert(struct rjs_state *s, u64 delta)
{
	unsigned int k, orders = min_t(unsigned int, s->chain - 1, RJS_ORDERS);
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
	rjs_apt_insert(s, (u8)delta);
}

/*
 * Feed one timestamp. The first timestamp of a chain (rjs_state_resync())
 * only starts it.
 *
 * Returns: RJS_OK, or the failure that stopped this source.
 */
enum rjs_failure rjs_feed(struct rjs_state *s, u64 timestamp)
{
	u64 delta = timestamp - s->last_ts;

	if (s->failure)
		return s->failure;
	s->last_ts = timestamp;
	if (!s->chain++)
		return RJS_OK;
	rjs_insert(s, delta);
	if (++s->samples == RJS_STARTUP_SAMPLES && !s->failure) {
		rjs_startup_finish(s);
		s->held = s->failure ? 0 : RJS_STARTUP_SAMPLES * s->rate;
	} else if (s->samples > RJS_STARTUP_SAMPLES && !s->failure) {
		s->held += s->rate;
	}
	if (!s->failure && rjs_startup_done(s) && !(s->samples % RJS_WINDOW))
		rjs_release(s);
	return s->failure;
}

/*
 * Returns: the whole bits released since the last call, or 0 once the
 * source has failed (bits released alongside a failure are dropped too).
 */
unsigned int rjs_take_credit(struct rjs_state *s)
{
	unsigned int bits = s->failure ? 0 : s->credit_pending;

	s->credit_pending = 0;
	return bits;
}

/*
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
	};

	return f < ARRAY_SIZE(names) ? names[f] : "unknown";
}

/*********************************************************************
 *
 * Sampling: the workload, the choice of its length, a session.
 *
 * The workload walks RJS_BUF_SIZE bytes (more than a typical L1 data
 * cache) with a fixed odd stride, a read-modify-write per step, carrying
 * on where the previous run stopped, so that every length cycles through
 * the whole buffer.
 *
 * Lengths come from rjs_claims[], the lengths the raw samples were
 * assessed at, each with its claim. Calibration times a probe batch of
 * RJS_CHUNK samples at each assessed length with a claim, shortest first,
 * and keeps the one that varies (RJS_MIN_SYMBOLS / 2 symbols seen twice in
 * a batch) and would seed soonest on this machine: the most claimed bits
 * per nanosecond, except that no length seeds in fewer samples than the
 * start-up window. It stops once no longer length could be sooner. A counter that is absent,
 * stuck, too coarse or deterministic varies at no length and the
 * collector gives up. A start-up window that fails only for quantisation
 * is retried at the next assessed length, RJS_TRIES windows in all.
 *
 *********************************************************************/

#include "random_jitter_seed_claims.h"

const unsigned int rjs_nr_claims = ARRAY_SIZE(rjs_claims);

enum {
	RJS_STRIDE = 4159,		/* odd: visits every byte of the buffer */
	RJS_MAX_SAMPLES = 1 << 18,	/* sample budget of one session */
};

static noinline void rjs_workload(u8 *buf, unsigned int loops,
				  unsigned int *pos)
{
	unsigned int i, p = *pos;

	for (i = 0; i < loops; i++) {
		p = (p + RJS_STRIDE) & (RJS_BUF_SIZE - 1);
		buf[p] = buf[p] * 31 + i;
	}
	*pos = p;
}

/* Take @n timestamps into @ts, one after each run of the workload. */
static void rjs_sample(const struct rjs_ops *ops, u8 *buf, unsigned int loops,
		       unsigned int *pos, u64 *ts, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		rjs_workload(buf, loops, pos);
		ts[i] = ops->now(ops->priv);
	}
}

/*
 * Returns: true if at least RJS_MIN_SYMBOLS / 2 distinct symbols occur twice
 * or more among the deltas of one batch of timestamps: a counter that
 * dithers between a few values with a thin tail of rare ones (which the
 * start-up test would find quantised) does not.
 */
static bool rjs_batch_varies(const u64 *ts, u16 *count)
{
	u8 sym[RJS_CHUNK];
	unsigned int i;

	for (i = 0; i < RJS_CHUNK; i++)
		sym[i] = (u8)(ts[i + 1] - ts[i]);
	rjs_count(sym, RJS_CHUNK, count);
	return rjs_dispersion(count, 2) >= RJS_MIN_SYMBOLS / 2;
}

/* Set up a session: nothing sampled, nothing credited. */
void rjs_session_init(struct rjs_session *ses, unsigned int osr)
{
	memset(ses, 0, sizeof(*ses));
	ses->osr = osr;
}

static enum rjs_run rjs_session_fail(struct rjs_session *ses,
				     enum rjs_failure f)
{
	rjs_fail(&ses->state, f);
	ses->result = ses->state.failure;
	ses->finished = true;
	return RJS_RUN_FAILED;
}

/* Begin a start-up window at rjs_claims[@rung]. */
static void rjs_begin(struct rjs_session *ses, unsigned int rung)
{
	ses->rung = rung;
	ses->loops = rjs_claims[rung].loops;
	ses->tried[ses->tries++] = ses->loops;
	rjs_state_init(&ses->state, rjs_claims[rung].claim, ses->osr);
}

/*
 * Returns: how many samples seeding takes at @claim per sample, credited
 * 1/@osr of it: never fewer than the start-up window, and whole windows.
 */
static unsigned int rjs_samples_to_seed(unsigned int claim, unsigned int osr)
{
	unsigned int n = DIV_ROUND_UP(RJS_TARGET_BITS * RJS_BIT * osr, claim);

	return max_t(unsigned int, RJS_STARTUP_SAMPLES, roundup(n, RJS_WINDOW));
}

/* Choose the workload length and begin, unless paused or failed. */
static enum rjs_run rjs_calibrate(struct rjs_session *ses,
				  const struct rjs_ops *ops, u8 *buf)
{
	unsigned int r, best = 0;
	u64 ns, cost, best_cost = U64_MAX;

	for (r = 0; r < rjs_nr_claims; r++) {
		if (!rjs_claims[r].claim)
			continue;
		if (ops->interrupted(ops->priv))
			return RJS_RUN_PAUSED;
		ns = ktime_get_ns();
		rjs_sample(ops, buf, rjs_claims[r].loops, &ses->pos, ses->ts,
			   RJS_CHUNK + 1);
		ns = ktime_get_ns() - ns;
		ops->credit(ops->priv, ses->ts, sizeof(ses->ts), 0);
		/* the time seeding would take at this length, in batch times */
		cost = ns * rjs_samples_to_seed(rjs_claims[r].claim, ses->osr);
		if (cost < best_cost &&
		    rjs_batch_varies(ses->ts, ses->state.scratch)) {
			best_cost = cost;
			best = r + 1;
		}
		/* a longer workload costs at least as much per sample */
		if (best && ns * RJS_STARTUP_SAMPLES >= best_cost)
			break;
		cond_resched();
	}
	if (!best)
		return rjs_session_fail(ses, RJS_FAIL_CALIBRATION);
	rjs_begin(ses, best - 1);
	return RJS_RUN_READY;
}

/*
 * A start-up window that failed for quantisation alone has credited
 * nothing: begin a fresh one at the next longer assessed length, if one
 * is left and RJS_TRIES windows have not been spent. Any other failure is
 * final.
 *
 * Returns: true if the session goes on.
 */
static bool rjs_retry(struct rjs_session *ses)
{
	unsigned int r;

	if (ses->state.failure != RJS_FAIL_QUANTISED || ses->tries >= RJS_TRIES)
		return false;
	for (r = ses->rung + 1; r < rjs_nr_claims; r++) {
		if (rjs_claims[r].claim) {
			rjs_begin(ses, r);
			return true;
		}
	}
	return false;
}

/*
 * Returns: true if, at the pace and rate of the passed start-up window,
 * seeding (RJS_TARGET_BITS) would not fit in the time budget.
 */
static bool rjs_too_slow(const struct rjs_session *ses, u64 ns)
{
	const struct rjs_state *s = &ses->state;
	u64 need;

	if (!ses->budget_ns || !rjs_startup_done(s) || !s->rate)
		return false;
	need = div_u64((u64)RJS_TARGET_BITS * RJS_BIT * s->osr, s->rate);
	return div_u64(ns * need, s->samples) > ses->budget_ns;
}

/*
 * Collect until ops->ready(), ops->interrupted(), a health-test failure or
 * the budget (RJS_MAX_SAMPLES samples, ses->budget_ns of sampling, or a
 * pace that cannot meet it). @buf is RJS_BUF_SIZE bytes of scratch memory.
 * A paused session resumes where it stopped on the next call.
 *
 * Returns: RJS_RUN_READY, RJS_RUN_PAUSED or RJS_RUN_FAILED (see
 * ses->result).
 */
enum rjs_run rjs_session_run(struct rjs_session *ses, const struct rjs_ops *ops,
			     u8 *buf)
{
	struct rjs_state *s = &ses->state;
	enum rjs_run ret = RJS_RUN_READY;
	u64 start = ktime_get_ns(), ns;
	unsigned int i, bits;

	if (ses->finished)
		return ses->result ? RJS_RUN_FAILED : RJS_RUN_READY;
	ses->started = true;
	if (!ses->loops)
		ret = rjs_calibrate(ses, ops, buf);

	while (ret == RJS_RUN_READY && !ops->ready(ops->priv)) {
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
		rjs_sample(ops, buf, ses->loops, &ses->pos, ses->ts,
			   RJS_CHUNK + 1);
		rjs_state_resync(s);
		for (i = 0; i <= RJS_CHUNK && !rjs_feed(s, ses->ts[i]); i++)
			;
		bits = rjs_take_credit(s);
		ops->credit(ops->priv, ses->ts, sizeof(ses->ts), bits);
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

/*********************************************************************
 *
 * The entry point for random.c, and diagnostics.
 *
 * One boot session, run by one caller at a time (rjs_collector); every
 * other caller, /dev/urandom readers included, waits interruptibly on
 * rjs_wait until the CRNG is ready or nobody is collecting, and then
 * either returns or takes the session over. A collector that pauses for a
 * signal or gives up wakes them, so nobody sleeps while nobody collects.
 *
 * Log lines, written once per boot when the session ends (documented in
 * docs/design.md, parsed by the harness). They go to the log buffer at
 * once and to the console later (printk_deferred()), so that the caller
 * does not wait for a slow serial console:
 *   random: jitter_seed: start: comm=C pid=N claim_mbits=N osr=N
 *   random: jitter_seed: start-up test: passed samples=N loops=N
 *           estimate_mbits=N rate_mbits=N
 *     (or "start-up test: failed (R) at loops=N[, retrying at loops=N]")
 *   random: jitter_seed: done: result=R bits=N samples=N failures=N
 *           us=N loops=N estimate_mbits=N rate_mbits=N osr=N restarts=N
 * result is "seeded", or the name of the failure (rjs_failure_name()).
 * /sys/kernel/debug/jitter_seed/status shows the same fields at any time,
 * with state=idle|paused|done; jitter_seed/raw and jitter_seed/restart give
 * raw samples for the entropy assessment (rjs_raw_read()).
 *
 *********************************************************************/

enum { RJS_BUDGET_MS = 5000 };

static DEFINE_MUTEX(rjs_lock);		/* the boot session's data */
static struct task_struct *rjs_collector;	/* who runs it now, if anyone */
static DECLARE_WAIT_QUEUE_HEAD(rjs_wait);
static struct rjs_session rjs_boot_session;
static bool rjs_gave_up;
static unsigned int rjs_budget_ms __ro_after_init = RJS_BUDGET_MS;
static char rjs_start_comm[TASK_COMM_LEN];
static pid_t rjs_start_pid;

#define rjs_log(level, fmt, ...) printk_deferred(level pr_fmt(fmt), ##__VA_ARGS__)

static int rjs_format(const struct rjs_session *ses, char *buf, size_t len)
{
	const struct rjs_state *s = &ses->state;

	return scnprintf(buf, len,
			 "result=%s bits=%u samples=%u failures=%u us=%llu loops=%u estimate_mbits=%u rate_mbits=%u osr=%u restarts=%u",
			 !ses->finished ? "pending" :
			 ses->result ? rjs_failure_name(ses->result) : "seeded",
			 ses->bits, s->samples,
			 ses->result && ses->result != RJS_FAIL_BUDGET,
			 div_u64(ses->ns, NSEC_PER_USEC), ses->loops,
			 rjs_mbits(s->estimate), rjs_mbits(s->rate), ses->osr,
			 ses->tries ? ses->tries - 1 : 0);
}

/* The start, start-up and done lines of a finished boot session. */
static void rjs_log_session(const struct rjs_session *ses)
{
	const struct rjs_state *s = &ses->state;
	char line[192];
	unsigned int k;

	rjs_log(KERN_INFO, "start: comm=%s pid=%d claim_mbits=%u osr=%u\n",
		rjs_start_comm, rjs_start_pid, rjs_mbits(s->claim), ses->osr);
	for (k = 0; k + 1 < ses->tries; k++)
		rjs_log(KERN_INFO,
			"start-up test: failed (%s) at loops=%u, retrying at loops=%u\n",
			rjs_failure_name(RJS_FAIL_QUANTISED), ses->tried[k],
			ses->tried[k + 1]);
	if (ses->tries && rjs_startup_done(s) && s->rate)
		rjs_log(KERN_INFO,
			"start-up test: passed samples=%u loops=%u estimate_mbits=%u rate_mbits=%u\n",
			RJS_STARTUP_SAMPLES, ses->loops,
			rjs_mbits(s->estimate), rjs_mbits(s->rate));
	else if (ses->tries && ses->result && ses->result != RJS_FAIL_BUDGET)
		rjs_log(KERN_WARNING, "start-up test: failed (%s) at loops=%u\n",
			rjs_failure_name(ses->result), ses->loops);
	rjs_format(ses, line, sizeof(line));
	if (!ses->result) {
		rjs_log(KERN_INFO, "done: %s\n", line);
		return;
	}
	rjs_log(KERN_WARNING, "done: %s\n", line);
	rjs_log(KERN_WARNING,
		"%s: no further credit from CPU timing jitter; falling back to the timer-tick collector\n",
		rjs_failure_name(ses->result));
}

static u64 rjs_now(void *priv)
{
	return random_get_entropy();
}

static void rjs_credit(void *priv, const void *buf, size_t len,
		       unsigned int bits)
{
	random_jitter_seed_credit(buf, len, bits);
}

static bool rjs_ready(void *priv)
{
	return rng_is_initialized();
}

static bool rjs_interrupted(void *priv)
{
	return signal_pending(current);
}

static const struct rjs_ops rjs_real_ops = {
	.now = rjs_now,
	.credit = rjs_credit,
	.ready = rjs_ready,
	.interrupted = rjs_interrupted,
};

#ifdef CONFIG_RANDOM_JITTER_SEED_FAULT_INJECTION
/*
 * random.jitter_seed_fault=: replace the timestamp source with a broken one,
 * to show that the health tests stop it and the fallback still seeds.
 */
enum rjs_fault {
	RJS_FAULT_NONE,
	RJS_FAULT_CONSTANT,	/* the same value every time */
	RJS_FAULT_COUNTER,	/* +1 per read */
	RJS_FAULT_COARSE,	/* the real counter, low 16 bits cleared */
	RJS_FAULT_PERIOD,	/* deltas repeating with period RJS_FAULT_K */
};

enum { RJS_FAULT_K = 24 };

static const char *const rjs_fault_names[] = {
	[RJS_FAULT_NONE] = "none",
	[RJS_FAULT_CONSTANT] = "constant",
	[RJS_FAULT_COUNTER] = "counter",
	[RJS_FAULT_COARSE] = "coarse",
	[RJS_FAULT_PERIOD] = "period",
};

static enum rjs_fault rjs_fault __ro_after_init;
static u64 rjs_fault_ts;
static unsigned int rjs_fault_reads;

static int __init rjs_param_fault(char *arg)
{
	int i = arg ? match_string(rjs_fault_names, ARRAY_SIZE(rjs_fault_names), arg) : -EINVAL;

	if (i < 0)
		pr_warn("invalid random.jitter_seed_fault=%s, using the default (none)\n",
			arg ?: "");
	else
		rjs_fault = i;
	return 0;
}
early_param("random.jitter_seed_fault", rjs_param_fault);

/*
 * random.jitter_seed_budget_ms=: the boot session's time budget, so that
 * tests can see it run out.
 */
static int __init rjs_param_budget(char *arg)
{
	unsigned int v;

	if (!arg || kstrtouint(arg, 10, &v) || !v)
		pr_warn("invalid random.jitter_seed_budget_ms=%s, using the default (%u)\n",
			arg ?: "", rjs_budget_ms);
	else
		rjs_budget_ms = v;
	return 0;
}
early_param("random.jitter_seed_budget_ms", rjs_param_budget);

static u64 rjs_fault_now(void *priv)
{
	unsigned int i = rjs_fault_reads++;

	switch (rjs_fault) {
	case RJS_FAULT_CONSTANT:
		return 42;
	case RJS_FAULT_COUNTER:
		return i;
	case RJS_FAULT_COARSE:
		return random_get_entropy() & ~0xffffULL;
	case RJS_FAULT_PERIOD:
		rjs_fault_ts += 1000 + 7 * (i % RJS_FAULT_K);
		return rjs_fault_ts;
	default:
		return random_get_entropy();
	}
}

static const struct rjs_ops rjs_fault_ops = {
	.now = rjs_fault_now,
	.credit = rjs_credit,
	.ready = rjs_ready,
	.interrupted = rjs_interrupted,
};

/*
 * Returns: the operations for session @ses, faulty if asked for (said once,
 * when @ses starts).
 */
static const struct rjs_ops *rjs_boot_ops(const struct rjs_session *ses)
{
	if (rjs_fault == RJS_FAULT_NONE)
		return &rjs_real_ops;
	if (!ses->started)
		pr_warn("fault injection: timestamps from a %s source\n",
			rjs_fault_names[rjs_fault]);
	return &rjs_fault_ops;
}
#else
static const struct rjs_ops *rjs_boot_ops(const struct rjs_session *ses)
{
	return &rjs_real_ops;
}
#endif

/*
 * Run or resume the boot session; called by the one collector, with
 * rjs_lock held.
 *
 * Returns: false if the collector has given up (the caller falls back).
 */
static bool rjs_collect(void)
{
	struct rjs_session *ses = &rjs_boot_session;
	const struct rjs_ops *ops;
	enum rjs_run ret;
	u8 *buf;

	buf = kvzalloc(RJS_BUF_SIZE, GFP_KERNEL);
	if (!buf)
		return false;	/* the timer-tick fallback runs this time */
	ops = rjs_boot_ops(ses);
	if (!ses->started) {
		rjs_session_init(ses, rjs_osr);
		ses->budget_ns = (u64)rjs_budget_ms * NSEC_PER_MSEC;
		get_task_comm(rjs_start_comm, current);
		rjs_start_pid = task_pid_nr(current);
	}
	ret = rjs_session_run(ses, ops, buf);
	kvfree(buf);
	if (ret == RJS_RUN_PAUSED)
		return true;	/* the caller's wait sees the signal */
	rjs_log_session(ses);
	if (ret == RJS_RUN_FAILED)
		WRITE_ONCE(rjs_gave_up, true);
	return ret == RJS_RUN_READY;
}

/* Returns: true when a caller no longer needs to wait for the collector. */
static bool rjs_nobody_collects(void)
{
	return rng_is_initialized() || READ_ONCE(rjs_gave_up) ||
	       !READ_ONCE(rjs_collector);
}

/*
 * Called by wait_for_random_bytes(), and by /dev/urandom reads, each time
 * they find the CRNG not ready. Runs the collector in the caller's context
 * unless it is disabled or has failed; while another task runs it, waits
 * (interruptibly) for that run to end, then takes over if the CRNG is
 * still not ready.
 *
 * Returns: true if the caller should just wait for the CRNG (it is ready,
 *          or a signal is pending, which the caller's wait reports);
 *          false if the caller should use its own fallback.
 */
bool random_jitter_seed(void)
{
	bool handled;

	if (!rjs_enabled)
		return false;
	for (;;) {
		if (READ_ONCE(rjs_gave_up))
			return false;
		if (rng_is_initialized())
			return true;
		if (!cmpxchg(&rjs_collector, NULL, current))
			break;
		if (wait_event_interruptible(rjs_wait, rjs_nobody_collects()))
			return true;
	}
	mutex_lock(&rjs_lock);
	handled = rng_is_initialized() || rjs_collect();
	mutex_unlock(&rjs_lock);
	WRITE_ONCE(rjs_collector, NULL);
	wake_up_all(&rjs_wait);
	return handled;
}

static int rjs_status_show(struct seq_file *m, void *v)
{
	const struct rjs_session *ses = &rjs_boot_session;
	const char *state = "idle";
	char line[192];

	mutex_lock(&rjs_lock);
	if (ses->finished)
		state = "done";
	else if (ses->started)
		state = "paused";
	rjs_format(ses, line, sizeof(line));
	mutex_unlock(&rjs_lock);
	seq_printf(m, "state=%s enabled=%d %s\n", state, rjs_enabled, line);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rjs_status);

/*
 * Raw samples for the entropy assessment (docs/entropy.md), never mixed
 * into the pool nor credited. A read returns up to RJS_RAW_MAX symbols: the
 * low 8 bits of consecutive deltas, as the health tests see them. The
 * workload length is jitter_seed/loops if set (an assessed length or not),
 * else the boot session's. "raw" samples that length as it is; "restart"
 * restarts the collector on every read: a fresh session at that length
 * (or, with loops 0, one that chooses its own) passes its start-up test,
 * and the samples that follow are returned. Neither holds rjs_lock, so
 * neither delays the boot session.
 */
enum { RJS_RAW_MAX = 4096 };

static u32 rjs_raw_loops;

static void rjs_discard(void *priv, const void *buf, size_t len,
			unsigned int bits)
{
}

/* A restarted session is ready once its start-up window has passed. */
static bool rjs_raw_started(void *priv)
{
	const struct rjs_session *ses = priv;

	return rjs_startup_done(&ses->state);
}

static const struct rjs_ops rjs_raw_ops = {
	.now = rjs_now,
	.credit = rjs_discard,
	.ready = rjs_raw_started,
	.interrupted = rjs_interrupted,
};

/*
 * Start a session at @loops (0: let it choose) that runs until its
 * start-up window has passed; its health tests use the lowest claim that
 * has an APT, as no claim may exist yet at an unassessed length.
 *
 * Returns: 0, -EINTR, or -EIO if the start-up test failed.
 */
static int rjs_raw_restart(struct rjs_session *ses, unsigned int loops, u8 *buf)
{
	struct rjs_ops ops = rjs_raw_ops;

	ops.priv = ses;
	rjs_session_init(ses, 1);
	if (loops) {
		ses->loops = loops;
		ses->tries = RJS_TRIES;	/* this length or nothing */
		rjs_state_init(&ses->state, RJS_BIT / 8, 1);
	}
	switch (rjs_session_run(ses, &ops, buf)) {
	case RJS_RUN_PAUSED:
		return -EINTR;
	case RJS_RUN_FAILED:
		return -EIO;
	default:
		return 0;
	}
}

/*
 * Fill @sym[0..n) with raw symbols (see above), a batch at a time,
 * yielding between batches.
 *
 * Returns: 0, -EINTR, or -EIO if the restarted session failed.
 */
static int rjs_raw_sample(u8 *sym, unsigned int n, bool restart, u8 *buf,
			  struct rjs_session *ses)
{
	unsigned int i, done, loops = READ_ONCE(rjs_raw_loops);
	int err;

	if (restart) {
		err = rjs_raw_restart(ses, loops, buf);
		if (err)
			return err;
		loops = ses->loops;
	} else if (!loops) {
		loops = READ_ONCE(rjs_boot_session.loops);
	}
	if (!loops)
		return -EIO;	/* the boot session has not chosen one */
	for (done = 0; done < n; done += RJS_CHUNK) {
		if (signal_pending(current))
			return -EINTR;
		rjs_sample(&rjs_raw_ops, buf, loops, &ses->pos, ses->ts,
			   RJS_CHUNK + 1);
		for (i = 0; i < RJS_CHUNK && done + i < n; i++)
			sym[done + i] = (u8)(ses->ts[i + 1] - ses->ts[i]);
		cond_resched();
	}
	return 0;
}

static ssize_t rjs_raw_read_file(char __user *ubuf, size_t count,
				 loff_t *ppos, bool restart)
{
	unsigned int n = min_t(size_t, count, RJS_RAW_MAX);
	struct rjs_session *ses = kvzalloc(sizeof(*ses), GFP_KERNEL);
	u8 *buf = kvzalloc(RJS_BUF_SIZE, GFP_KERNEL);
	u8 *sym = kvmalloc(n ?: 1, GFP_KERNEL);
	ssize_t ret = -ENOMEM;

	if (!ses || !buf || !sym)
		goto out;
	ret = rjs_raw_sample(sym, n, restart, buf, ses);
	if (!ret)
		ret = copy_to_user(ubuf, sym, n) ? -EFAULT : n;
	if (ret > 0)
		*ppos += ret;
out:
	kvfree(sym);
	kvfree(buf);
	kvfree(ses);
	return ret;
}

static ssize_t rjs_raw_read(struct file *file, char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	return rjs_raw_read_file(ubuf, count, ppos, false);
}

static ssize_t rjs_restart_read(struct file *file, char __user *ubuf,
				size_t count, loff_t *ppos)
{
	return rjs_raw_read_file(ubuf, count, ppos, true);
}

static const struct file_operations rjs_raw_fops = {
	.owner = THIS_MODULE,
	.read = rjs_raw_read,
	.llseek = noop_llseek,
};

static const struct file_operations rjs_restart_fops = {
	.owner = THIS_MODULE,
	.read = rjs_restart_read,
	.llseek = noop_llseek,
};

static int __init rjs_debugfs_init(void)
{
	struct dentry *dir = debugfs_create_dir("jitter_seed", NULL);

	debugfs_create_file("status", 0444, dir, NULL, &rjs_status_fops);
	debugfs_create_file("raw", 0400, dir, NULL, &rjs_raw_fops);
	debugfs_create_file("restart", 0400, dir, NULL, &rjs_restart_fops);
	debugfs_create_u32("loops", 0600, dir, &rjs_raw_loops);
	return 0;
}
late_initcall(rjs_debugfs_init);
