// SPDX-License-Identifier: GPL-2.0
/*
 * Testing interface of the CPU-timing jitter seed collector
 * (CONFIG_RANDOM_JITTER_SEED_TESTING), in the manner of
 * crypto/jitterentropy-testing.c: never needed to seed the RNG.
 *
 *   - Timestamp streams, real, broken and synthetic, shared by fault
 *     injection and the KUnit suite.
 *   - Fault injection: random.jitter_seed_fault= replaces the boot
 *     session's timestamps with a broken stream, to show that the health
 *     tests stop it and the fallback still seeds;
 *     random.jitter_seed_budget_ms= shortens its time budget.
 *   - debugfs, /sys/kernel/debug/jitter_seed/: status (the boot session),
 *     raw and restart (raw samples for the entropy assessment), loops.
 */

#define pr_fmt(fmt) "random: jitter_seed: " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timex.h>
#include <linux/uaccess.h>

#include "random_jitter_seed_testing.h"

/*********************************************************************
 *
 * Timestamp streams.
 *
 *********************************************************************/

const char *const rjs_stream_names[RJS_NR_STREAMS] = {
	[RJS_STREAM_REAL] = "none",
	[RJS_STREAM_CONSTANT] = "constant",
	[RJS_STREAM_COUNTER] = "counter",
	[RJS_STREAM_COARSE] = "coarse",
	[RJS_STREAM_PERIOD] = "period",
	[RJS_STREAM_RANDOM_PERIOD] = "random_period",
	[RJS_STREAM_GOOD] = "good",
	[RJS_STREAM_RAMP] = "ramp",
	[RJS_STREAM_SQUARE] = "square",
	[RJS_STREAM_CUBE] = "cube",
	[RJS_STREAM_MARKOV] = "markov",
	[RJS_STREAM_QUANTISED] = "quantised",
	[RJS_STREAM_LOW_CONSTANT] = "low_constant",
	[RJS_STREAM_PLUS_MINUS_ONE] = "plus_minus_one",
	[RJS_STREAM_FOUR] = "four",
};

static const unsigned int rjs_stream_default_k[RJS_NR_STREAMS] = {
	[RJS_STREAM_COUNTER] = 1,
	[RJS_STREAM_PERIOD] = 24,
	[RJS_STREAM_RANDOM_PERIOD] = 1000,
	[RJS_STREAM_MARKOV] = 31,
};

#define RJS_XORSHIFT_SEED	0x9e3779b97f4a7c15ULL

static u64 rjs_xorshift(u64 *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Start stream @g of @kind, with parameter @k (0: the kind's default). */
void rjs_stream_init(struct rjs_stream *g, enum rjs_stream_kind kind,
		     unsigned int k)
{
	memset(g, 0, sizeof(*g));
	g->kind = kind;
	g->k = k ?: rjs_stream_default_k[kind];
	g->x = RJS_XORSHIFT_SEED;
	g->ts = 1000000;
}

/* Returns: the delta before the next synthetic timestamp of @g. */
static u64 rjs_stream_delta(struct rjs_stream *g)
{
	unsigned int i = g->i;

	switch (g->kind) {
	case RJS_STREAM_COUNTER:
		return g->k;
	case RJS_STREAM_PERIOD:
		return 1000 + 37 * (i % g->k);
	case RJS_STREAM_RANDOM_PERIOD:
		if (i % g->k == 0)
			g->x = RJS_XORSHIFT_SEED;	/* the same sequence again */
		return 2000 + (rjs_xorshift(&g->x) & 4095);
	case RJS_STREAM_GOOD:
		return 2000 + (rjs_xorshift(&g->x) & 4095);
	case RJS_STREAM_RAMP:
		return 1000 + i;
	case RJS_STREAM_SQUARE:
		return 1000 + (u64)i * i;
	case RJS_STREAM_CUBE:
		return 1000 + (u64)i * i * i;
	case RJS_STREAM_MARKOV:
		if (rjs_xorshift(&g->x) % (g->k + 1) == 0)
			g->symbol = rjs_xorshift(&g->x) & 15;
		return 2000 + 13 * g->symbol;
	case RJS_STREAM_QUANTISED:
		return (1 + (rjs_xorshift(&g->x) & 15)) << 10;
	case RJS_STREAM_LOW_CONSTANT:
		return (1 + (rjs_xorshift(&g->x) & 0xffff)) << 8;
	case RJS_STREAM_PLUS_MINUS_ONE:
		return 1500 + (rjs_xorshift(&g->x) & 1);
	case RJS_STREAM_FOUR:
		return 1000 + (rjs_xorshift(&g->x) & 3);
	default:	/* RJS_STREAM_CONSTANT */
		return 0;
	}
}

/* Returns: the next timestamp of stream @g. */
u64 rjs_stream_next(struct rjs_stream *g)
{
	switch (g->kind) {
	case RJS_STREAM_REAL:
		g->ts = random_get_entropy();
		break;
	case RJS_STREAM_COARSE:
		g->ts = random_get_entropy() & ~0xffffULL;
		break;
	default:
		g->ts += rjs_stream_delta(g);
	}
	g->i++;
	return g->ts;
}

/*********************************************************************
 *
 * Fault injection.
 *
 *********************************************************************/

static enum rjs_stream_kind rjs_fault __ro_after_init = RJS_STREAM_REAL;
static unsigned int rjs_budget_ms __ro_after_init;	/* 0: the default */
static struct rjs_stream rjs_fault_stream;	/* under the boot session's lock */
static struct rjs_ops rjs_fault_ops;

/*
 * random.jitter_seed_fault=NAME: the boot session's timestamps come from
 * stream NAME (rjs_stream_names[]; "none": the real counter).
 */
static int __init rjs_param_fault(char *arg)
{
	int i = arg ? match_string(rjs_stream_names, RJS_NR_STREAMS, arg) : -EINVAL;

	if (i < 0)
		pr_warn("invalid random.jitter_seed_fault=%s, using the default (none)\n",
			arg ?: "");
	else
		rjs_fault = i;
	return 0;
}
early_param("random.jitter_seed_fault", rjs_param_fault);

/* random.jitter_seed_budget_ms=N: the boot session's time budget. */
static int __init rjs_param_budget(char *arg)
{
	unsigned int v;

	if (!arg || kstrtouint(arg, 10, &v) || !v)
		pr_warn("invalid random.jitter_seed_budget_ms=%s, using the default\n",
			arg ?: "");
	else
		rjs_budget_ms = v;
	return 0;
}
early_param("random.jitter_seed_budget_ms", rjs_param_budget);

static u64 rjs_fault_now(void *priv)
{
	return rjs_stream_next(&rjs_fault_stream);
}

const struct rjs_ops *rjs_testing_begin(struct rjs_session *ses,
					const struct rjs_ops *ops)
{
	if (rjs_budget_ms)
		ses->budget_ns = (u64)rjs_budget_ms * NSEC_PER_MSEC;
	if (rjs_fault == RJS_STREAM_REAL)
		return ops;
	pr_warn("fault injection: timestamps from a %s source\n",
		rjs_stream_names[rjs_fault]);
	rjs_stream_init(&rjs_fault_stream, rjs_fault, 0);
	rjs_fault_ops = *ops;	/* the real sinks, which take no priv */
	rjs_fault_ops.now = rjs_fault_now;
	return &rjs_fault_ops;
}

/*********************************************************************
 *
 * debugfs.
 *
 *********************************************************************/

static int rjs_status_show(struct seq_file *m, void *v)
{
	char line[256];

	rjs_boot_describe(line, sizeof(line));
	seq_printf(m, "%s\n", line);
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
 * and the samples that follow are returned. Neither touches the boot
 * session, so neither delays it.
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

/* Returns: the real source, sampled for @ses, never credited. */
static struct rjs_ops rjs_raw_ops(struct rjs_session *ses)
{
	struct rjs_ops ops = *rjs_boot_real_ops();

	ops.credit = rjs_discard;
	ops.ready = rjs_raw_started;
	ops.priv = ses;
	return ops;
}

/*
 * Start a session at @loops (0: let it choose) on @ops (rjs_raw_ops())
 * that runs until its start-up window has passed; its health tests use the lowest claim that
 * has an APT, as no claim may exist yet at an unassessed length.
 *
 * Returns: 0, -EINTR, or -EIO if the start-up test failed.
 */
static int rjs_raw_restart(struct rjs_session *ses, const struct rjs_ops *ops,
			   unsigned int loops, u8 *buf)
{
	rjs_session_init(ses, 1);
	if (loops) {
		ses->loops = loops;
		ses->tries = RJS_TRIES;	/* this length or nothing */
		rjs_state_init(&ses->state, RJS_BIT / 8, 1);
	}
	switch (rjs_session_run(ses, ops, buf)) {
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
	struct rjs_ops ops = rjs_raw_ops(ses);
	unsigned int i, done, loops = READ_ONCE(rjs_raw_loops);
	int err;

	if (restart) {
		err = rjs_raw_restart(ses, &ops, loops, buf);
		if (err)
			return err;
		loops = ses->loops;
	} else if (!loops) {
		loops = rjs_boot_loops();
	}
	if (!loops)
		return -EIO;	/* the boot session has not chosen one */
	for (done = 0; done < n; done += RJS_CHUNK) {
		if (ops.interrupted(ops.priv))
			return -EINTR;
		rjs_sample(&ops, buf, loops, &ses->pos, ses->ts,
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
