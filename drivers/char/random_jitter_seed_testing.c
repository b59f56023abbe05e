// SPDX-License-Identifier: GPL-2.0
/*
 * Testing interface of the CPU-timing jitter seed collector
 * (CONFIG_RANDOM_JITTER_SEED_TESTING), in the manner of
 * crypto/jitterentropy-testing.c: never needed to seed the RNG.
 *
 *   - The boot session, as it offers itself once at boot: the testing
 *     interface never calls back into it.
 *   - Fault injection: random.jitter_seed_fault= replaces the boot
 *     session's timestamps with a broken stream, to show that the health
 *     tests stop it and the fallback still seeds;
 *     random.jitter_seed_budget_ms= shortens its time budget.
 *   - The boot recorder: the first samples the boot session took, for
 *     restarts across boots.
 *   - The fallback, watched: with CONFIG_KPROBES, entries into random.c's
 *     timer-tick collector are counted.
 *   - debugfs, /sys/kernel/debug/jitter_seed/: status (the boot session),
 *     boot (the recorder's samples), raw and restart (raw samples for the
 *     entropy assessment), method and length (how they are sampled),
 *     ticks (how long they lasted), counter_khz (the counter's rate),
 *     kthread_wait (a kernel thread waiting for random bytes).
 */

#define pr_fmt(fmt) "random: jitter_seed: " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/completion.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/random.h>
#include <linux/rtmutex.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timex.h>
#include <linux/uaccess.h>

#include "random_jitter_seed_streams.h"
#include "random_jitter_seed_testing.h"

/* random.jitter_seed_fault= names a stream by these. */
static const char *const rjs_stream_names[RJS_NR_STREAMS] = {
	[RJS_STREAM_REAL] = "none",
	[RJS_STREAM_STUCK] = "stuck",
	[RJS_STREAM_CONSTANT_DELTA] = "constant_delta",
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
	[RJS_STREAM_FEW] = "few",
	[RJS_STREAM_DISTINCT] = "distinct",
	[RJS_STREAM_LATE_RANDOM] = "late_random",
	[RJS_STREAM_SUM_PERIODS] = "sum_periods",
	[RJS_STREAM_CUBE_MOD] = "cube_mod",
	[RJS_STREAM_LFSR] = "lfsr",
	[RJS_STREAM_TABLE_BIT] = "table_bit",
	[RJS_STREAM_TURNS_CONSTANT] = "turns_constant",
	[RJS_STREAM_SKEWED_PERIOD] = "skewed_period",
	[RJS_STREAM_TURNS_SKEWED] = "turns_skewed",
	[RJS_STREAM_EDGE_EVERY] = "edge_every",
	[RJS_STREAM_EDGE_ALTERNATE] = "edge_alternate",
	[RJS_STREAM_EDGE_RANDOM] = "edge_random",
	[RJS_STREAM_WRAP] = "wrap",
};

/*********************************************************************
 *
 * The boot session, as it offered itself (rjs_testing_attach()).
 *
 *********************************************************************/

static struct rjs_testing_boot rjs_boot __ro_after_init;
/* The open session (rjs_testing_begin() to _end()), under its lock. */
static const struct rjs_session *rjs_recording;

/**
 * rjs_testing_attach() - offer the testing interface the boot session
 * @boot: what the testing interface may read of the boot session: its
 *	real operations, its lock, and under that lock whether its memory is
 *	allocated
 *
 * Called once at boot by the boot session.
 */
void rjs_testing_attach(const struct rjs_testing_boot *boot)
{
	rjs_boot = *boot;
	pr_warn("testing interface on: debugfs shows samples the CRNG was credited with, boot parameters inject faults; not for production kernels\n");
}

/*
 * What the testing interface keeps of the boot session once it has ended
 * and its memory is gone (rjs_testing_end()); under the boot session's lock.
 */
static struct {
	bool ended;
	enum rjs_method method;
	unsigned int length;
	char line[320];		/* rjs_session_format()'s fields */
} rjs_ended;

/**
 * rjs_testing_end() - the boot session ends
 * @ses: the session, before its memory goes
 *
 * Called by the boot session with its lock held.
 */
void rjs_testing_end(const struct rjs_session *ses)
{
	rjs_ended.ended = true;
	rjs_ended.method = ses->method;
	rjs_ended.length = ses->length;
	rjs_session_format(ses, rjs_ended.line, sizeof(rjs_ended.line));
	rjs_recording = NULL;
}

/*
 * Describe the boot session in @buf: state=idle|paused|done, enabled=0|1,
 * allocated=N (the bytes the boot session's memory takes while it is
 * allocated; 0 before it starts and once it has been freed),
 * then the fields of the done line.
 *
 * Returns: the length written (scnprintf()).
 */
static int rjs_boot_describe(char *buf, size_t len)
{
	const struct rjs_session *ses;
	int n;

	rt_mutex_lock(rjs_boot.lock);
	ses = rjs_recording;
	n = scnprintf(buf, len, "state=%s enabled=%d allocated=%zu ",
		      ses ? "paused" : rjs_ended.ended ? "done" : "idle",
		      rjs_boot.enabled, *rjs_boot.mem ? rjs_boot.mem_bytes : 0);
	if (ses)
		n += rjs_session_format(ses, buf + n, len - n);
	else if (rjs_ended.ended)
		n += scnprintf(buf + n, len - n, "%s", rjs_ended.line);
	else
		n += scnprintf(buf + n, len - n, "result=pending");
	rt_mutex_unlock(rjs_boot.lock);
	return n;
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
static const struct rjs_ops *rjs_fault_real;	/* the sinks it replaces */

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

/* A fault-injected session's samples are mixed, and never credited. */
static void rjs_fault_credit(void *priv, const void *buf, size_t len,
			     unsigned int bits)
{
	rjs_fault_real->credit(priv, buf, len, 0);
}

/*
 * Returns: @ops, or, under random.jitter_seed_fault=, a broken timestamp
 * source with @ops' sinks, crediting nothing (a fault-injected session's
 * own count still shows what the health tests let through). The "wrap"
 * source is the real counter seen through a count 2 to 4 ms of its ticks
 * wide (8 to 32 bits; 32 at an unknown rate), so that it wraps every few
 * milliseconds of the session, as a 32-bit cycles_t does every 68.7 s at
 * 62.5 MHz.
 */
static const struct rjs_ops *rjs_fault_begin(const struct rjs_ops *ops)
{
	unsigned int k = 0;
	u64 hz = rjs_counter_hz();

	if (rjs_fault == RJS_STREAM_REAL)
		return ops;
	pr_warn("fault injection: timestamps from a %s source, never credited\n",
		rjs_stream_names[rjs_fault]);
	rjs_fault_real = ops;
	rjs_fault_ops = *ops;	/* the real sinks, which take no priv */
	rjs_fault_ops.now = rjs_fault_now;
	rjs_fault_ops.credit = rjs_fault_credit;
	if (rjs_fault == RJS_STREAM_WRAP) {
		k = hz ? clamp_t(unsigned int, fls64(div_u64(hz, 500)), 8, 32) : 32;
		rjs_fault_ops.counter_bits = k;
	}
	rjs_stream_init(&rjs_fault_stream, rjs_fault, k);
	return &rjs_fault_ops;
}

/*********************************************************************
 *
 * The boot recorder.
 *
 * SP 800-90B 3.1.4 asks for restarts of the noise source: the first
 * samples after each power-on, not a session started long after boot. The
 * recorder keeps the first RJS_BOOT_SAMPLES samples the boot session feeds
 * to its health tests (its calibration probes are not samples), as the
 * low 8 bits of each delta, the symbols the tests see, and the outcome of
 * its first start-up test, taken at the session's own claim: the
 * production cutoffs. Booted many times at one method and length
 * (random.jitter_seed_claim=), they make a restart matrix; the boots whose
 * start-up test failed are counted, not replaced (debugfs "boot").
 *
 *********************************************************************/

enum {
	RJS_BOOT_SAMPLES = 1000,	/* a row of the restart matrix */
};

enum rjs_boot_startup {
	RJS_BOOT_UNTESTED,
	RJS_BOOT_PASSED,
	RJS_BOOT_FAILED,
};

/* Under the boot session's lock. */
static u8 rjs_boot_sym[RJS_BOOT_SAMPLES];
static unsigned int rjs_boot_n;
static enum rjs_boot_startup rjs_boot_startup;
static struct rjs_ops rjs_record_ops;
static const struct rjs_ops *rjs_record_next;	/* the sinks it wraps */

/*
 * Each batch the boot session hands on: record its deltas while there is
 * room and the first start-up test's outcome once known, then pass it on.
 */
static void rjs_record_credit(void *priv, const void *buf, size_t len,
			      unsigned int bits)
{
	const struct rjs_state *s = &rjs_recording->state;
	unsigned int i, n = len / sizeof(u64);
	const u64 *ts = buf;

	if (s->samples) {	/* fed to the tests: not a calibration probe */
		for (i = 1; i < n && rjs_boot_n < RJS_BOOT_SAMPLES; i++)
			rjs_boot_sym[rjs_boot_n++] = (u8)(ts[i] - ts[i - 1]);
		if (rjs_boot_startup == RJS_BOOT_UNTESTED &&
		    (s->failure || rjs_startup_done(s)))
			rjs_boot_startup = s->failure ? RJS_BOOT_FAILED :
							RJS_BOOT_PASSED;
	}
	rjs_record_next->credit(priv, buf, len, bits);
}

/* Returns: @ops with the recorder in front of their sinks. */
static const struct rjs_ops *rjs_record_begin(const struct rjs_ops *ops)
{
	rjs_record_next = ops;
	rjs_record_ops = *ops;
	rjs_record_ops.credit = rjs_record_credit;
	return &rjs_record_ops;
}

/**
 * rjs_testing_begin() - the boot session begins
 * @ses: the session
 * @ops: its real operations
 *
 * Called by the boot session when it starts, with its lock held: applies
 * random.jitter_seed_budget_ms= and random.jitter_seed_fault=, and puts the
 * boot recorder in front of the sinks.
 *
 * Returns: the operations the session runs with.
 */
const struct rjs_ops *rjs_testing_begin(struct rjs_session *ses,
					const struct rjs_ops *ops)
{
	if (rjs_budget_ms)
		ses->budget_ns = (u64)rjs_budget_ms * NSEC_PER_MSEC;
	rjs_recording = ses;
	return rjs_record_begin(rjs_fault_begin(ops));
}

/*********************************************************************
 *
 * debugfs.
 *
 *********************************************************************/

/*
 * "boot": the boot recorder's RJS_BOOT_SAMPLES symbols, once the boot
 * session's first start-up test has passed.
 *
 * Returns: the bytes read; -EIO if that test failed, or the session ended
 * before it (no variation, out of time); -ENODATA if no session has got
 * that far yet; -EINTR.
 */
static ssize_t rjs_boot_read(struct file *file, char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	enum rjs_boot_startup startup;
	bool finished;

	if (rt_mutex_lock_interruptible(rjs_boot.lock))
		return -EINTR;
	startup = rjs_boot_startup;
	finished = rjs_ended.ended;
	rt_mutex_unlock(rjs_boot.lock);
	if (startup == RJS_BOOT_FAILED ||
	    (startup == RJS_BOOT_UNTESTED && finished))
		return -EIO;
	if (startup == RJS_BOOT_UNTESTED)
		return -ENODATA;
	/* passed: all RJS_BOOT_SAMPLES recorded, none written any more */
	return simple_read_from_buffer(ubuf, count, ppos, rjs_boot_sym,
				       rjs_boot_n);
}

static const struct file_operations rjs_boot_fops = {
	.owner = THIS_MODULE,
	.read = rjs_boot_read,
	.llseek = default_llseek,
};

/*********************************************************************
 *
 * The fallback, watched.
 *
 *********************************************************************/

#ifdef CONFIG_KPROBES
/*
 * Entries into random.c's timer-tick collector, try_to_generate_entropy(),
 * which its waiters run when this collector has not seeded the CRNG:
 * counted by a kprobe, so that a test sees that a seeded boot never ran it
 * and that a failed session fell back to it. "status" ends with
 * fallback_entries=N once the probe is in place.
 */
static atomic_t rjs_fallback_entries = ATOMIC_INIT(0);
static bool rjs_fallback_probed __ro_after_init;

static int rjs_fallback_enter(struct kprobe *p, struct pt_regs *regs)
{
	atomic_inc(&rjs_fallback_entries);
	return 0;
}

static struct kprobe rjs_fallback_probe = {
	.symbol_name = "try_to_generate_entropy",
	.pre_handler = rjs_fallback_enter,
};

static int __init rjs_fallback_probe_init(void)
{
	int ret = register_kprobe(&rjs_fallback_probe);

	if (ret)
		pr_warn("testing: no probe on try_to_generate_entropy() (error %d): its entries are not counted\n",
			ret);
	rjs_fallback_probed = !ret;
	return 0;
}
core_initcall(rjs_fallback_probe_init);
#endif

static int rjs_status_show(struct seq_file *m, void *v)
{
	char line[384];

	rjs_boot_describe(line, sizeof(line));
	seq_printf(m, "%s", line);
#ifdef CONFIG_KPROBES
	if (rjs_fallback_probed)
		seq_printf(m, " fallback_entries=%d",
			   atomic_read(&rjs_fallback_entries));
#endif
	seq_putc(m, '\n');
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rjs_status);

/*
 * Raw samples for the entropy assessment, never mixed into the pool nor
 * credited. A read returns up to RJS_RAW_MAX symbols: the low 8 bits of
 * consecutive deltas, as the health tests see them. They are taken by
 * jitter_seed/method ("workload" or "edges") at length jitter_seed/length
 * if length is set (an assessed length or not), else as the boot session
 * takes them. "raw" samples that length as it is; "restart" restarts the
 * collector on every read: a fresh session at that length (or, with length
 * 0, one that chooses its own) passes its start-up test, and the samples
 * that follow are returned. Neither touches the boot session, so neither
 * delays it. "ticks" reads "TICKS SAMPLES": the counter's ticks over all
 * the samples both took (restarts' start-up windows included) since the
 * method or the length was last written, so that an assessment knows how
 * long its samples lasted on this machine.
 */
enum {
	RJS_RAW_MAX = 4096,
};

static u32 rjs_raw_length;
static enum rjs_method rjs_raw_method;
static atomic64_t rjs_raw_ticks, rjs_raw_samples;

static void rjs_raw_count_reset(void)
{
	atomic64_set(&rjs_raw_ticks, 0);
	atomic64_set(&rjs_raw_samples, 0);
}

static int rjs_ticks_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%lld %lld\n", (long long)atomic64_read(&rjs_raw_ticks),
		   (long long)atomic64_read(&rjs_raw_samples));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rjs_ticks);

static ssize_t rjs_method_read(struct file *file, char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	char name[16];
	int len = scnprintf(name, sizeof(name), "%s\n",
			    rjs_method_name(READ_ONCE(rjs_raw_method)));

	return simple_read_from_buffer(ubuf, count, ppos, name, len);
}

/* Returns: @count, or -EINVAL for anything but a method's name. */
static ssize_t rjs_method_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	char name[16] = {};
	enum rjs_method m;

	if (count >= sizeof(name) || copy_from_user(name, ubuf, count))
		return -EINVAL;
	m = rjs_method_by_name(strim(name));
	if (m == RJS_NR_METHODS)
		return -EINVAL;
	WRITE_ONCE(rjs_raw_method, m);
	rjs_raw_count_reset();
	return count;
}

static const struct file_operations rjs_method_fops = {
	.owner = THIS_MODULE,
	.read = rjs_method_read,
	.write = rjs_method_write,
	.llseek = noop_llseek,
};

static int rjs_length_get(void *data, u64 *val)
{
	*val = READ_ONCE(rjs_raw_length);
	return 0;
}

/* Returns: 0, or -EINVAL above RJS_LENGTH_MAX (the value is kept). */
static int rjs_length_set(void *data, u64 val)
{
	if (val > RJS_LENGTH_MAX)
		return -EINVAL;
	WRITE_ONCE(rjs_raw_length, val);
	rjs_raw_count_reset();
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(rjs_length_fops, rjs_length_get, rjs_length_set, "%llu\n");

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
	struct rjs_ops ops = *rjs_boot.real_ops;

	ops.credit = rjs_discard;
	ops.ready = rjs_raw_started;
	ops.priv = ses;
	return ops;
}

/*
 * Start a session by @method at @length (0: let it choose) on @ops
 * (rjs_raw_ops()) that runs until its start-up window has passed; its
 * health tests use the lowest claim that has an APT, as no claim may exist
 * yet at an unassessed length.
 *
 * Returns: 0, -EINTR, or -EIO if the start-up test failed or the session's
 * time budget ran out first.
 */
static int rjs_raw_restart(struct rjs_session *ses, const struct rjs_ops *ops,
			   enum rjs_method method, unsigned int length, u8 *buf)
{
	rjs_session_init(ses, 1, rjs_counter_hz());
	ses->budget_ns = rjs_boot.budget_ns;
	if (length)
		rjs_session_fix(ses, method, length);
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
 * Set @ses to the boot session's method and length (length 0: none chosen
 * yet).
 *
 * Returns: 0, or -EINTR.
 */
static int rjs_boot_length(struct rjs_session *ses)
{
	const struct rjs_session *boot;

	if (rt_mutex_lock_interruptible(rjs_boot.lock))
		return -EINTR;
	boot = rjs_recording;
	ses->method = boot ? boot->method : rjs_ended.method;
	ses->length = boot ? boot->length : rjs_ended.length;
	rt_mutex_unlock(rjs_boot.lock);
	return 0;
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
	unsigned int done = 0, length = READ_ONCE(rjs_raw_length);
	enum rjs_method method = READ_ONCE(rjs_raw_method);
	int err = 0;

	if (restart) {
		err = rjs_raw_restart(ses, &ops, method, length, buf);
	} else if (length) {
		ses->method = method;
		ses->length = length;
	} else if (rjs_boot_length(ses)) {
		err = -EINTR;
	}
	if (!err && !ses->length)
		err = -EIO;	/* the boot session has not chosen one */
	for (; !err && done < n; done += RJS_CHUNK) {
		if (ops.interrupted(ops.priv)) {
			err = -EINTR;
			break;
		}
		rjs_raw_batch(ses, &ops, buf, sym + done, n - done);
		cond_resched();
	}
	/* the restarted session's ticks and samples, and the batches' */
	atomic64_add(ses->ticks, &rjs_raw_ticks);
	atomic64_add(ses->state.samples + done, &rjs_raw_samples);
	return err;
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

/*
 * "kthread_wait": a read starts a SCHED_FIFO kernel thread (sched_set_fifo())
 * that waits for the CRNG as a driver's thread would, with
 * wait_for_random_bytes(), and returns its first 32 bytes of
 * get_random_bytes(): timed from user space, how long a kernel thread,
 * which takes no signals, waits behind the collector.
 */
struct rjs_kthread_wait {
	struct completion done;
	u8 bytes[32];
	int ret;
};

static int rjs_kthread_waiter(void *arg)
{
	struct rjs_kthread_wait *w = arg;

	w->ret = wait_for_random_bytes();
	if (!w->ret)
		get_random_bytes(w->bytes, sizeof(w->bytes));
	complete(&w->done);
	return 0;
}

/* Returns: the 32 bytes, or -ENOMEM, or the thread's error. */
static ssize_t rjs_kthread_wait_read(struct file *file, char __user *ubuf,
				     size_t count, loff_t *ppos)
{
	struct rjs_kthread_wait *w;
	struct task_struct *t;
	ssize_t ret;

	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	init_completion(&w->done);
	t = kthread_create(rjs_kthread_waiter, w, "jitter_seed_wait");
	if (IS_ERR(t)) {
		kfree(w);
		return PTR_ERR(t);
	}
	sched_set_fifo(t);
	wake_up_process(t);
	/* not interruptible: the thread writes to *w until it completes */
	wait_for_completion(&w->done);
	ret = w->ret ?: simple_read_from_buffer(ubuf, count, ppos, w->bytes,
						sizeof(w->bytes));
	kfree(w);
	return ret;
}

static const struct file_operations rjs_kthread_wait_fops = {
	.owner = THIS_MODULE,
	.read = rjs_kthread_wait_read,
	.llseek = noop_llseek,
};

static int rjs_counter_khz_get(void *data, u64 *val)
{
	*val = div_u64(rjs_counter_hz(), 1000);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(rjs_counter_khz_fops, rjs_counter_khz_get, NULL, "%llu\n");

static int __init rjs_debugfs_init(void)
{
	struct dentry *dir = debugfs_create_dir("jitter_seed", NULL);

	debugfs_create_file("status", 0444, dir, NULL, &rjs_status_fops);
	debugfs_create_file("boot", 0400, dir, NULL, &rjs_boot_fops);
	debugfs_create_file("raw", 0400, dir, NULL, &rjs_raw_fops);
	debugfs_create_file("restart", 0400, dir, NULL, &rjs_restart_fops);
	debugfs_create_file_unsafe("length", 0600, dir, NULL, &rjs_length_fops);
	debugfs_create_file("method", 0600, dir, NULL, &rjs_method_fops);
	debugfs_create_file("ticks", 0400, dir, NULL, &rjs_ticks_fops);
	debugfs_create_file_unsafe("counter_khz", 0444, dir, NULL,
				   &rjs_counter_khz_fops);
	debugfs_create_file("kthread_wait", 0400, dir, NULL,
			    &rjs_kthread_wait_fops);
	return 0;
}
late_initcall(rjs_debugfs_init);
