// SPDX-License-Identifier: GPL-2.0
/*
 * CPU-timing jitter seed collector for the CRNG.
 *
 * When a caller of wait_for_random_bytes() finds the CRNG not ready, this
 * collector times a short, fixed memory workload over and over with
 * random_get_entropy(), runs the NIST SP 800-90B health tests on the
 * resulting deltas, hashes every timestamp into the input pool, and credits
 * only what the claimed entropy, the oversampling rate and an online
 * estimate over the start-up window together justify. It runs in the
 * caller's context, one caller at a time, and stops as soon as the CRNG is
 * ready. If its source fails a health test it credits nothing more and
 * random.c falls back to try_to_generate_entropy().
 *
 * The file is divided into sections:
 *
 *   - Configuration and boot parameters.
 *   - Health tests (SP 800-90B 4.4), on timestamps only.
 *   - Start-up test and online estimate (SP 800-90B 4.3, 6.3).
 *   - Credit accounting.
 *   - Sampling: the workload, calibration and a collection session.
 *   - The entry point for random.c, and diagnostics.
 *
 * Samples. A sample is the delta between two timestamps taken around one
 * run of the workload; its symbol is the low 8 bits of that delta, as in
 * jitterentropy's raw-entropy tools. The workload is fixed once calibrated
 * and never depends on earlier timestamps, so a machine whose timing is a
 * function of its instruction count shows up as a pattern, not as noise.
 */

#define pr_fmt(fmt) "random: jitter_seed: " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <asm/timex.h>

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

static bool rjs_enabled __ro_after_init = IS_ENABLED(CONFIG_RANDOM_JITTER_SEED);
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

	return step ? rjs_apt_cutoffs[step - 1] : RJS_APT_WINDOW;
}

static void rjs_fail(struct rjs_state *s, enum rjs_failure f)
{
	if (!s->failure)
		s->failure = f;
}

/* SP 800-90B 4.4.1 on stream @k: 0 the deltas, 1 their differences. */
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
	if (++s->apt_seen == RJS_APT_WINDOW)
		s->apt_seen = 0;
}

/*********************************************************************
 *
 * Start-up test and online estimate (SP 800-90B 4.3, 6.3).
 *
 * The first RJS_STARTUP_SAMPLES samples go through the health tests
 * without credit. Then three checks over that window decide the rate:
 *
 *   - Quantisation: the deltas must take at least RJS_MIN_SYMBOLS distinct
 *     values, each seen at least n/256 times. A fixed duration measured
 *     against a counter only a few ticks finer than it dithers between
 *     two or three values; that is phase, not noise, and gets no credit.
 *   - Most common value (6.3.1) and a lag predictor (after 6.3.8, lags
 *     1..RJS_LAG_MAX) on the deltas and on their differences, each as the
 *     99% upper bound of the predicted probability. Periodic streams fail
 *     the lag test, ramps fail on the differences.
 *
 * The rate credited per sample is min(claim, estimate / RJS_SAFETY); below
 * RJS_MIN_RATE the source fails the start-up test.
 *
 *********************************************************************/

enum { RJS_LAG_MAX = 32 };

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
 * trials, using the 99% upper confidence bound on the success probability
 * as SP 800-90B 6.3.1 does: p_u = p + 2.576 * sqrt(p (1 - p) / (n - 1)).
 */
static unsigned int rjs_bound_entropy(unsigned int hits, unsigned int n)
{
	u64 p, var, pu;

	if (n < 2)
		return 0;
	p = div_u64((u64)hits << 32, n);				/* Q32 */
	var = div_u64(p * ((1ULL << 32) - p), n - 1);			/* Q64 */
	pu = p + div_u64((u64)int_sqrt64(var) * 2576, 1000);		/* Q32 */
	return rjs_neg_log2(min(pu, 1ULL << 32));
}

/*
 * Returns: how many distinct symbols occur at least max(1, n/256) times
 * among @symbols[0..n).
 */
unsigned int rjs_dispersion(const u8 *symbols, unsigned int n)
{
	unsigned short count[256] = { 0 };
	unsigned int i, distinct = 0, floor = max(1U, n / 256);

	for (i = 0; i < n; i++)
		if (++count[symbols[i]] == floor)
			distinct++;
	return distinct;
}

/*
 * Returns: the most-common-value min-entropy estimate (SP 800-90B 6.3.1)
 * of @symbols[0..n), in 1/256 bit.
 */
unsigned int rjs_mcv_estimate(const u8 *symbols, unsigned int n)
{
	unsigned short count[256] = { 0 };
	unsigned int i, top = 0;

	for (i = 0; i < n; i++)
		top = max_t(unsigned int, top, ++count[symbols[i]]);
	return rjs_bound_entropy(top, n);
}

/*
 * Returns: the lag-predictor min-entropy estimate of @symbols[0..n), in
 * 1/256 bit: for each lag d in 1..RJS_LAG_MAX, how often symbol i equals
 * symbol i - d, and the lowest entropy over all lags.
 */
unsigned int rjs_lag_estimate(const u8 *symbols, unsigned int n)
{
	unsigned int d, i, hits, best = 8 * RJS_BIT;

	for (d = 1; d <= RJS_LAG_MAX && d < n; d++) {
		for (hits = 0, i = d; i < n; i++)
			hits += symbols[i] == symbols[i - d];
		best = min(best, rjs_bound_entropy(hits, n - d));
	}
	return best;
}

static void rjs_startup_finish(struct rjs_state *s)
{
	const unsigned int n = RJS_STARTUP_SAMPLES;
	unsigned int est = 0;

	if (rjs_dispersion(s->startup[0], n) >= RJS_MIN_SYMBOLS) {
		est = min(rjs_mcv_estimate(s->startup[0], n),
			  rjs_lag_estimate(s->startup[0], n));
		est = min3(est, rjs_mcv_estimate(s->startup[1], n - 1),
			   rjs_lag_estimate(s->startup[1], n - 1));
	}
	s->estimate = est;
	s->rate = min(s->claim, est / RJS_SAFETY);
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
 * Feed one timestamp. The first timestamp (and the first after
 * rjs_state_resync()) only starts a chain of deltas.
 *
 * Returns: RJS_OK, or the failure that stopped this source.
 */
enum rjs_failure rjs_feed(struct rjs_state *s, u64 timestamp)
{
	u64 delta;
	u8 x, y;
	unsigned int i;

	if (s->failure)
		return s->failure;
	if (!s->timestamps++) {
		s->last_ts = timestamp;
		return RJS_OK;
	}
	delta = timestamp - s->last_ts;
	x = (u8)delta;
	y = (u8)(delta - s->last_delta);
	s->last_ts = timestamp;
	i = s->samples++;

	rjs_rct_insert(s, 0, x);
	if (i)
		rjs_rct_insert(s, 1, y);
	rjs_apt_insert(s, x);
	s->last_delta = delta;

	if (i < RJS_STARTUP_SAMPLES) {
		s->startup[0][i] = x;
		s->startup[1][i ? i - 1 : 0] = y;
		if (i == RJS_STARTUP_SAMPLES - 1)
			rjs_startup_finish(s);
		return s->failure;
	}
	if (!s->failure) {
		s->credit_acc += s->rate;
		s->credit_pending += s->credit_acc / (RJS_BIT * s->osr);
		s->credit_acc %= RJS_BIT * s->osr;
	}
	return s->failure;
}

/* Start a new chain of deltas: the next timestamp is not differenced. */
static void rjs_state_resync(struct rjs_state *s)
{
	s->timestamps = 0;
}

/*
 * Returns: the whole bits earned since the last call, or 0 once the
 * source has failed (bits earned alongside a failure are dropped too).
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
		[RJS_FAIL_STARTUP] = "startup",
		[RJS_FAIL_BUDGET] = "budget",
	};

	return f < ARRAY_SIZE(names) ? names[f] : "unknown";
}

/*********************************************************************
 *
 * Sampling: the workload, calibration and a collection session.
 *
 * The workload walks RJS_BUF_SIZE bytes (more than a typical L1 data
 * cache) with a fixed odd stride, doing a read-modify-write per step.
 * Calibration starts with RJS_LOOPS_MIN steps and doubles until a batch of
 * RJS_CHUNK deltas takes at least 2 * RJS_MIN_SYMBOLS distinct values: that
 * copes with coarse counters (e.g. a 62.5 MHz arch timer) by timing a
 * longer workload. If RJS_LOOPS_MAX steps still show no variation the
 * counter is absent, too coarse, or the machine is deterministic, and the
 * collector gives up. A start-up window that fails doubles the length again
 * (rjs_lengthen()), up to the same limit.
 *
 *********************************************************************/

enum {
	RJS_CHUNK = 64,			/* samples between cond_resched() */
	RJS_STRIDE = 4159,		/* odd: visits every byte of the buffer */
	RJS_LOOPS_MIN = 16,
	RJS_LOOPS_MAX = 16 << 10,
	RJS_MAX_SAMPLES = 1 << 18,	/* budget for one session */
};

static noinline void rjs_workload(u8 *buf, unsigned int loops)
{
	unsigned int i, pos = 0;

	for (i = 0; i < loops; i++) {
		pos = (pos + RJS_STRIDE) & (RJS_BUF_SIZE - 1);
		buf[pos] = buf[pos] * 31 + i;
	}
}

static void rjs_sample(const struct rjs_ops *ops, u8 *buf, unsigned int loops,
		       u64 *ts, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		rjs_workload(buf, loops);
		ts[i] = ops->now(ops->priv);
	}
}

/*
 * Returns: true if the deltas between consecutive @ts[0..n) take at least
 * 2 * RJS_MIN_SYMBOLS distinct symbols (n at most RJS_CHUNK + 1): twice what
 * the start-up test asks of 1024 samples, so that a length that only just
 * varies in one short batch does not fail the start-up test later.
 */
bool rjs_timestamps_vary(const u64 *ts, unsigned int n)
{
	u8 sym[RJS_CHUNK];
	unsigned int i;

	n = min_t(unsigned int, n, RJS_CHUNK + 1);
	for (i = 1; i < n; i++)
		sym[i - 1] = (u8)(ts[i] - ts[i - 1]);
	return n > 1 && rjs_dispersion(sym, n - 1) >= 2 * RJS_MIN_SYMBOLS;
}

/* Set up a session: nothing sampled, nothing credited. */
void rjs_session_init(struct rjs_session *ses, unsigned int claim,
		      unsigned int osr)
{
	memset(ses, 0, sizeof(*ses));
	rjs_state_init(&ses->state, claim, osr);
}

static enum rjs_run rjs_session_fail(struct rjs_session *ses,
				     enum rjs_failure f)
{
	rjs_fail(&ses->state, f);
	ses->result = ses->state.failure;
	ses->finished = true;
	return RJS_RUN_FAILED;
}

/* Find the workload length: ses->loops, unless paused or failed. */
static enum rjs_run rjs_calibrate(struct rjs_session *ses,
				  const struct rjs_ops *ops, u8 *buf, u64 *ts)
{
	unsigned int loops;

	for (loops = RJS_LOOPS_MIN; loops <= RJS_LOOPS_MAX; loops *= 2) {
		if (ops->interrupted(ops->priv))
			return RJS_RUN_PAUSED;
		rjs_sample(ops, buf, loops, ts, RJS_CHUNK + 1);
		ops->credit(ops->priv, ts, (RJS_CHUNK + 1) * sizeof(*ts), 0);
		if (rjs_timestamps_vary(ts, RJS_CHUNK + 1)) {
			ses->loops = loops;
			return RJS_RUN_READY;
		}
		cond_resched();
	}
	return rjs_session_fail(ses, RJS_FAIL_CALIBRATION);
}

/*
 * A source that fails within its start-up window has credited nothing yet:
 * try again with a fresh window and twice the workload, which is what a
 * counter too coarse for the calibrated length needs. Each window is tested
 * on its own; after start-up, a failure is final.
 *
 * Returns: true if the session goes on with a longer workload.
 */
static bool rjs_lengthen(struct rjs_session *ses)
{
	struct rjs_state *s = &ses->state;

	if (s->samples > RJS_STARTUP_SAMPLES || ses->loops >= RJS_LOOPS_MAX)
		return false;
	if (ses->log)
		pr_info("start-up test: failed (%s) at loops=%u, retrying at loops=%u\n",
			rjs_failure_name(s->failure), ses->loops, 2 * ses->loops);
	ses->loops *= 2;
	ses->restarts++;
	rjs_state_init(s, s->claim, s->osr);
	return true;
}

/*
 * Collect until ops->ready(), ops->interrupted(), a health-test failure or
 * the sample budget. @buf is RJS_BUF_SIZE bytes of scratch memory. A
 * paused session resumes where it stopped on the next call.
 *
 * Returns: RJS_RUN_READY, RJS_RUN_PAUSED or RJS_RUN_FAILED (see
 * ses->result).
 */
enum rjs_run rjs_session_run(struct rjs_session *ses, const struct rjs_ops *ops,
			     u8 *buf)
{
	struct rjs_state *s = &ses->state;
	u64 ts[RJS_CHUNK + 1], start = ktime_get_ns();
	enum rjs_run ret = RJS_RUN_READY;
	unsigned int i, bits, before;

	if (ses->finished)
		return ses->result ? RJS_RUN_FAILED : RJS_RUN_READY;
	ses->started = true;
	if (!ses->loops)
		ret = rjs_calibrate(ses, ops, buf, ts);
	/*
	 * One chain of deltas per call: the delta across a chunk boundary
	 * (credit, cond_resched()) is tested like any other, so that a
	 * periodic source stays periodic in the stream the tests see.
	 */
	rjs_state_resync(s);

	while (ret == RJS_RUN_READY && !ops->ready(ops->priv)) {
		if (ops->interrupted(ops->priv)) {
			ret = RJS_RUN_PAUSED;
			break;
		}
		if (s->samples >= RJS_MAX_SAMPLES) {
			ret = rjs_session_fail(ses, RJS_FAIL_BUDGET);
			break;
		}
		rjs_sample(ops, buf, ses->loops, ts, RJS_CHUNK + 1);
		before = s->samples;
		for (i = 0; i <= RJS_CHUNK && !rjs_feed(s, ts[i]); i++)
			;
		if (ses->log && !s->failure && before < RJS_STARTUP_SAMPLES &&
		    rjs_startup_done(s))
			pr_info("start-up test: passed samples=%u loops=%u estimate_mbits=%u rate_mbits=%u\n",
				RJS_STARTUP_SAMPLES, ses->loops,
				rjs_mbits(s->estimate), rjs_mbits(s->rate));
		bits = rjs_take_credit(s);
		ops->credit(ops->priv, ts, sizeof(ts), bits);
		ses->bits += bits;
		if (s->failure && !rjs_lengthen(ses))
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
 * Log lines (documented in docs/design.md, parsed by the harness):
 *   random: jitter_seed: start: comm=C pid=N claim_mbits=N osr=N
 *   random: jitter_seed: start-up test: passed samples=N loops=N
 *           estimate_mbits=N rate_mbits=N
 *     (or "start-up test: failed (R) at loops=N, retrying at loops=N")
 *   random: jitter_seed: done: result=R bits=N samples=N failures=N
 *           us=N loops=N estimate_mbits=N rate_mbits=N osr=N restarts=N
 * result is "seeded", or the name of the failure (rjs_failure_name()).
 * /sys/kernel/debug/jitter_seed/status shows the same fields at any time,
 * with state=idle|paused|done; jitter_seed/raw and jitter_seed/restart give
 * raw samples for the entropy assessment (rjs_raw_read()).
 *
 *********************************************************************/

static DEFINE_MUTEX(rjs_lock);
static struct rjs_session rjs_boot_session;
static bool rjs_gave_up;

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
			 rjs_mbits(s->estimate), rjs_mbits(s->rate), s->osr,
			 ses->restarts);
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

/* Run or resume the boot session; called with rjs_lock held. */
static bool rjs_collect(void)
{
	struct rjs_session *ses = &rjs_boot_session;
	const struct rjs_ops *ops;
	char line[192];
	enum rjs_run ret;
	u8 *buf;

	buf = kvzalloc(RJS_BUF_SIZE, GFP_KERNEL);
	if (!buf)
		return false;	/* the timer-tick fallback runs this time */
	ops = rjs_boot_ops(ses);
	if (!ses->started) {
		rjs_session_init(ses, RJS_CLAIM_DEFAULT, rjs_osr);
		ses->log = true;
		pr_info("start: comm=%s pid=%d claim_mbits=%u osr=%u\n",
			current->comm, task_pid_nr(current),
			rjs_mbits(ses->state.claim), ses->state.osr);
	}
	ret = rjs_session_run(ses, ops, buf);
	kvfree(buf);
	if (ret == RJS_RUN_PAUSED)
		return true;	/* the caller's wait sees the signal */

	rjs_format(ses, line, sizeof(line));
	if (ret == RJS_RUN_READY) {
		pr_info("done: %s\n", line);
		return true;
	}
	pr_warn("done: %s\n", line);
	pr_warn("%s: no further credit from CPU timing jitter; falling back to the timer-tick collector\n",
		rjs_failure_name(ses->result));
	WRITE_ONCE(rjs_gave_up, true);
	return false;
}

/*
 * Called by wait_for_random_bytes() each time it finds the CRNG not ready.
 * Runs the collector in the caller's context unless it is disabled, has
 * failed, or another caller is already running it.
 *
 * Returns: true if the caller should just wait for the CRNG (the collector
 *          ran, or is running elsewhere, or stopped for a signal);
 *          false if the caller should use its own fallback.
 */
bool random_jitter_seed(void)
{
	bool handled;

	if (!rjs_enabled || READ_ONCE(rjs_gave_up))
		return false;
	if (!mutex_trylock(&rjs_lock))
		return true;
	handled = rng_is_initialized() || rjs_collect();
	mutex_unlock(&rjs_lock);
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
 * low 8 bits of consecutive deltas, as the health tests see them, at the
 * workload length the collector would credit. "raw" uses the boot
 * session's length; "restart" restarts the collector on every read: a
 * fresh session calibrates and passes its start-up test (lengthening the
 * workload as needed), and the samples that follow are returned.
 */
enum { RJS_RAW_MAX = 4096 };

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
 * Fill @sym[0..n) with raw symbols, timing a workload of the boot session's
 * length, or of a restarted session's if @restart. @ts has room for n + 1
 * timestamps. Called with rjs_lock held.
 *
 * Returns: 0, -EINTR, or -EIO if the restarted session failed.
 */
static int rjs_raw_sample(u8 *sym, unsigned int n, bool restart, u8 *buf,
			  u64 *ts, struct rjs_session *ses)
{
	unsigned int i, loops = restart ? 0 : rjs_boot_session.loops;
	struct rjs_ops ops = rjs_raw_ops;

	if (!loops) {
		ops.priv = ses;
		rjs_session_init(ses, RJS_CLAIM_DEFAULT, 1);
		switch (rjs_session_run(ses, &ops, buf)) {
		case RJS_RUN_PAUSED:
			return -EINTR;
		case RJS_RUN_FAILED:
			return -EIO;
		default:
			loops = ses->loops;
		}
	}
	rjs_sample(&rjs_raw_ops, buf, loops, ts, n + 1);
	for (i = 0; i < n; i++)
		sym[i] = (u8)(ts[i + 1] - ts[i]);
	return 0;
}

static ssize_t rjs_raw_read(struct file *file, char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	unsigned int n = min_t(size_t, count, RJS_RAW_MAX);
	struct rjs_session *ses = kzalloc(sizeof(*ses), GFP_KERNEL);
	u64 *ts = kvmalloc_array(n + 1, sizeof(*ts), GFP_KERNEL);
	u8 *buf = kvzalloc(RJS_BUF_SIZE, GFP_KERNEL);
	u8 *sym = kvmalloc(n ?: 1, GFP_KERNEL);
	ssize_t ret = -ENOMEM;

	if (!ses || !ts || !buf || !sym)
		goto out;
	ret = mutex_lock_interruptible(&rjs_lock);
	if (ret)
		goto out;
	ret = rjs_raw_sample(sym, n, file->private_data, buf, ts, ses);
	mutex_unlock(&rjs_lock);
	if (!ret)
		ret = copy_to_user(ubuf, sym, n) ? -EFAULT : n;
	if (ret > 0)
		*ppos += ret;
out:
	kvfree(sym);
	kvfree(buf);
	kvfree(ts);
	kfree(ses);
	return ret;
}

static const struct file_operations rjs_raw_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = rjs_raw_read,
	.llseek = noop_llseek,
};

static int __init rjs_debugfs_init(void)
{
	struct dentry *dir = debugfs_create_dir("jitter_seed", NULL);

	debugfs_create_file("status", 0444, dir, NULL, &rjs_status_fops);
	debugfs_create_file("raw", 0400, dir, NULL, &rjs_raw_fops);
	debugfs_create_file("restart", 0400, dir, (void *)1, &rjs_raw_fops);
	return 0;
}
late_initcall(rjs_debugfs_init);
