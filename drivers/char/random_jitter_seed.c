// SPDX-License-Identifier: GPL-2.0
/*
 * CPU-timing jitter seed collector for the CRNG: the boot session.
 *
 * When a caller of wait_for_random_bytes(), or a reader of /dev/urandom,
 * finds the CRNG not ready, random.c calls random_jitter_seed(). It runs a
 * session of the collector's core (random_jitter_seed_core.c) on the real
 * cycle counter in the caller's context, hands every timestamp and the bits
 * its health tests released to random_jitter_seed_credit(), and stops as
 * soon as the CRNG is ready. One caller collects at a time while the others
 * wait for it, lending it their priority. If the source fails a health
 * test, or the session runs out of time, it credits nothing more and
 * random.c falls back to try_to_generate_entropy().
 *
 * The file is divided into sections:
 *
 *   - Boot parameters.
 *   - The boot session and its log lines.
 *   - The entry point for random.c.
 */

#define pr_fmt(fmt) "random: jitter_seed: " fmt

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/printk.h>
#include <linux/random.h>
#include <linux/rtmutex.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <asm/timex.h>

#include "random_jitter_seed.h"
#include "random_jitter_seed_core.h"
#include "random_jitter_seed_testing.h"

/*********************************************************************
 *
 * Boot parameters.
 *
 *********************************************************************/

enum {
	RJS_OSR_DEFAULT = 1,
	RJS_BUDGET_MS = 5000,	/* a session's time budget */
};

static bool rjs_enabled __ro_after_init = true;
static unsigned int rjs_osr __ro_after_init = RJS_OSR_DEFAULT;

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

/* An integrator's own claim (claim 0: none, the built-in claims hold). */
static struct rjs_claim rjs_own_claim __ro_after_init;
static const char *rjs_own_claim_from __ro_after_init;

static int __init rjs_param_claim(char *arg)
{
	if (rjs_parse_claim(arg, &rjs_own_claim))
		pr_warn("invalid random.jitter_seed_claim=%s (METHOD,LENGTH,MILLIBITS), using the default\n",
			arg ?: "");
	else
		rjs_own_claim_from = "random.jitter_seed_claim";
	return 0;
}
early_param("random.jitter_seed_claim", rjs_param_claim);

/*
 * Without a valid random.jitter_seed_claim=, the default: the
 * configured claim, if any; else the built-in claims.
 */
static void __init rjs_default_claim(void)
{
	const char *conf = CONFIG_RANDOM_JITTER_SEED_CLAIM;

	if (rjs_own_claim_from || !*conf)
		return;
	if (rjs_parse_claim(conf, &rjs_own_claim))
		pr_warn("invalid CONFIG_RANDOM_JITTER_SEED_CLAIM=\"%s\", using the built-in claims\n",
			conf);
	else
		rjs_own_claim_from = "CONFIG_RANDOM_JITTER_SEED_CLAIM";
}

/*********************************************************************
 *
 * The boot session and its log lines.
 *
 * One boot session, run by whichever caller holds rjs_lock, an rt_mutex:
 * every other caller, /dev/urandom readers included, waits for the lock
 * interruptibly and lends the collector its priority while it waits, so a
 * high-priority caller never waits behind a collector starved by lower
 * ones. A collector that pauses for a signal or gives up lets the lock go,
 * and the waiter of highest priority takes the session over or falls back
 * with it; nobody sleeps while nobody collects.
 *
 * Why an rt_mutex: the collector busy-loops in whatever task first called,
 * which may be SCHED_IDLE or nice 19 on a machine kept busy by others. A
 * mutex or a completion would leave a SCHED_FIFO caller waiting for as
 * long as that task is starved; with priority inheritance the waiter's
 * priority moves to the collector, and the wait is the session's own time
 * (at most RJS_BUDGET_MS, after which it hands over to the fallback). A
 * kernel thread waiting here does not take signals, so its wait is that
 * bound too, at its own priority lent to the collector; a user task may
 * leave the wait with a signal at any time.
 *
 * Log lines, each at most once per boot: one at boot saying whether the
 * collector is enabled; a start line when the session begins and a done
 * line when it ends (with a warning saying why, if it failed); the start
 * line and the outcome of its start-up test at KERN_DEBUG, and the
 * reference for every field in
 * Documentation/admin-guide/random-jitter-seed.rst:
 *   random: jitter_seed: enabled: ... osr=N claims=built-in
 *     (or "... claim=METHOD,LENGTH,MILLIBITS (FROM)", an integrator's own
 *     claim from random.jitter_seed_claim= or its Kconfig default, or
 *     "disabled (random.jitter_seed=off): ...")
 *   random: jitter_seed: start: comm=C pid=N osr=N counter_khz=N
 *   random: jitter_seed: start-up test: passed samples=N method=M length=N
 *           claim_mbits=N estimate_mbits=N rate_mbits=N
 *     (or "start-up test: failed (R) at method=M length=N[, retrying at
 *     method=M length=N]",
 *     or "no assessed claim for a N kHz counter" when the counter's rate
 *     class has none, or none for samples of the duration they take here)
 *   random: jitter_seed: done: (rjs_session_format()'s fields) prio=N
 * result is "seeded", or the name of the failure (rjs_failure_name());
 * method is how samples were taken and length how long each was:
 * "workload" and the workload steps timed, or "edges" and the counter ticks
 * whose steps were counted; prio is the collector's priority when it
 * ended (a waiter's, if one of higher priority was waiting).
 *
 *********************************************************************/

static DEFINE_RT_MUTEX(rjs_lock);	/* the boot session, and who runs it */

/*
 * The boot session and the memory its workload walks, in one allocation
 * made when the session starts and freed when it ends, so that a kernel
 * that has seeded keeps nothing of the collector but its parameters and
 * the pointer below. A session paused by a signal keeps its memory for the
 * next caller; if the CRNG is seeded meanwhile by something else, nobody
 * resumes it, and rjs_reap frees it.
 */
struct rjs_boot_mem {
	struct rjs_session ses;
	u8 buf[RJS_BUF_SIZE];
};

static struct rjs_boot_mem *rjs_mem;	/* under rjs_lock; NULL: no session open */
static bool rjs_gave_up;
static const struct rjs_ops *rjs_boot_ops;	/* the boot session's */

/*
 * The session's lines are deferred: printk() would write them to the
 * console in the caller's context, and on a board's serial console at
 * 115200 baud a line of 150 characters takes 13 ms, longer than the
 * session itself; the caller would wait for it with the CRNG ready. A
 * deferred line reaches the console at the next tick, which for the start
 * line falls while the session samples: that line is KERN_DEBUG, so that
 * a console at the default level writes nothing while the caller waits.
 */
#define rjs_log(level, fmt, ...) printk_deferred(level pr_fmt(fmt), ##__VA_ARGS__)

/* The start-up and done lines of a finished boot session. */
static void rjs_log_session(const struct rjs_session *ses)
{
	const struct rjs_state *s = &ses->state;
	const struct rjs_claim *was, *next;
	char line[320];
	unsigned int k;

	for (k = 0; k + 1 < ses->tries; k++) {
		was = &ses->claims[ses->tried[k].claim_idx];
		next = &ses->claims[ses->tried[k + 1].claim_idx];
		rjs_log(KERN_DEBUG,
			"start-up test: failed (%s) at method=%s length=%u, retrying at method=%s length=%u\n",
			rjs_failure_name(ses->tried[k].failure),
			rjs_method_name(was->method), was->length,
			rjs_method_name(next->method), next->length);
	}
	if (ses->result == RJS_FAIL_UNASSESSED)
		rjs_log(KERN_WARNING,
			"no assessed claim for a %llu kHz counter (rate class 2^%u Hz)%s\n",
			div_u64(ses->counter_hz, 1000),
			rjs_rate_class(ses->counter_hz),
			ses->ticks ? " whose samples last this long" : "");
	else if (ses->tries && rjs_startup_passed(s))
		rjs_log(KERN_DEBUG,
			"start-up test: passed samples=%u method=%s length=%u claim_mbits=%u estimate_mbits=%u rate_mbits=%u\n",
			RJS_STARTUP_SAMPLES, rjs_method_name(ses->method),
			ses->length, rjs_claim_mbits(s->claim),
			rjs_mbits(s->estimate), rjs_mbits(rjs_startup_rate(s)));
	else if (ses->tries && ses->result && ses->result != RJS_FAIL_BUDGET)
		rjs_log(KERN_DEBUG, "start-up test: failed (%s) at method=%s length=%u\n",
			rjs_failure_name(ses->result),
			rjs_method_name(ses->method), ses->length);
	rjs_session_format(ses, line, sizeof(line));
	if (!ses->result) {
		rjs_log(KERN_INFO, "done: %s prio=%d\n", line, current->prio);
		return;
	}
	rjs_log(KERN_WARNING, "done: %s prio=%d\n", line, current->prio);
	rjs_log(KERN_WARNING,
		"%s: no further credit from CPU timing jitter (%u bits credited before it); falling back to the timer-tick collector\n",
		rjs_failure_name(ses->result), ses->bits);
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
	.counter_bits = BITS_PER_TYPE(unsigned long),	/* random_get_entropy()'s */
	.credit = rjs_credit,
	.ready = rjs_ready,
	.interrupted = rjs_interrupted,
};

/*
 * End the boot session: the testing interface (if built) takes what it
 * keeps of it, and its memory goes. Called with rjs_lock held.
 */
static void rjs_free_session(void)
{
	rjs_testing_end(&rjs_mem->ses);
	kvfree(rjs_mem);
	rjs_mem = NULL;
}

/*
 * A paused session, once the CRNG is ready without it, is never resumed:
 * free it. Checked once a second while a session is paused; trylock, since
 * a caller that holds the lock ends or pauses the session itself.
 */
static void rjs_reap_paused(struct work_struct *work);
static DECLARE_DELAYED_WORK(rjs_reap, rjs_reap_paused);

static void rjs_reap_paused(struct work_struct *work)
{
	if (!rt_mutex_trylock(&rjs_lock))
		return;
	if (rjs_mem && rng_is_initialized())
		rjs_free_session();
	else if (rjs_mem)
		schedule_delayed_work(&rjs_reap, HZ);
	rt_mutex_unlock(&rjs_lock);
}

/*
 * At boot: say whether the collector is enabled, and offer the testing
 * interface (if built) what it reads of the boot session.
 */
static int __init rjs_boot_init(void)
{
	const struct rjs_testing_boot boot = {
		.real_ops = &rjs_real_ops,
		.mem = &rjs_mem,
		.mem_bytes = sizeof(*rjs_mem),
		.lock = &rjs_lock,
		.budget_ns = (u64)RJS_BUDGET_MS * NSEC_PER_MSEC,
		.enabled = rjs_enabled,
	};

	rjs_default_claim();
	if (rjs_enabled && rjs_own_claim_from)
		pr_info("enabled: a caller that would block before the CRNG is ready collects CPU timing jitter, osr=%u claim=%s,%u,%u (%s)\n",
			rjs_osr, rjs_method_name(rjs_own_claim.method),
			rjs_own_claim.length, rjs_claim_mbits(rjs_own_claim.claim),
			rjs_own_claim_from);
	else if (rjs_enabled)
		pr_info("enabled: a caller that would block before the CRNG is ready collects CPU timing jitter, osr=%u claims=built-in\n",
			rjs_osr);
	else
		pr_info("disabled (random.jitter_seed=off): callers that block wait for the timer-tick collector\n");
	rjs_testing_attach(&boot);
	return 0;
}
core_initcall(rjs_boot_init);

/*********************************************************************
 *
 * The entry point for random.c.
 *
 *********************************************************************/

/*
 * Allocate the boot session and set it up; called with rjs_lock held.
 *
 * Returns: false if the memory could not be had.
 */
static bool rjs_open(void)
{
	struct rjs_session *ses;

	rjs_mem = kvzalloc(sizeof(*rjs_mem), GFP_KERNEL);
	if (!rjs_mem)
		return false;
	ses = &rjs_mem->ses;
	rjs_session_init(ses, rjs_osr, rjs_counter_hz());
	if (rjs_own_claim_from)
		rjs_session_claim(ses, &rjs_own_claim);
	ses->budget_ns = (u64)RJS_BUDGET_MS * NSEC_PER_MSEC;
	rjs_boot_ops = rjs_testing_begin(ses, &rjs_real_ops);
	rjs_log(KERN_DEBUG, "start: comm=%s pid=%d osr=%u counter_khz=%llu\n",
		current->comm, task_pid_nr(current), ses->osr,
		div_u64(ses->counter_hz, 1000));
	return true;
}

/*
 * Run or resume the boot session; called by the one collector, with
 * rjs_lock held.
 *
 * Returns: false if the collector has given up (the caller falls back).
 */
static bool rjs_collect(void)
{
	struct rjs_session *ses;
	enum rjs_run ret;

	if (!rjs_mem && !rjs_open())
		return false;	/* the timer-tick fallback runs this time */
	ses = &rjs_mem->ses;
	ret = rjs_session_run(ses, rjs_boot_ops, rjs_mem->buf);
	if (ret == RJS_RUN_PAUSED) {
		schedule_delayed_work(&rjs_reap, HZ);
		return true;	/* the caller's wait sees the signal */
	}
	rjs_log_session(ses);
	rjs_free_session();
	if (ret == RJS_RUN_FAILED)
		WRITE_ONCE(rjs_gave_up, true);
	return ret == RJS_RUN_READY;
}

/**
 * random_jitter_seed() - seed the CRNG from CPU timing jitter, or wait
 *
 * Context: Process context; sleeps, and busy-loops for up to the session's
 * budget.
 *
 * Called by wait_for_random_bytes(), and by /dev/urandom reads, each time
 * they find the CRNG not ready. Runs the collector in the caller's context
 * unless it is disabled or has failed; while another task runs it, waits
 * (interruptibly, lending it the caller's priority) for that run to end,
 * then takes over if the CRNG is still not ready.
 *
 * Returns: true if the caller should just wait for the CRNG (it is ready,
 * or a signal is pending, which the caller's wait reports); false if the
 * caller should use its own fallback.
 */
bool random_jitter_seed(void)
{
	bool handled;

	if (!rjs_enabled || READ_ONCE(rjs_gave_up))
		return false;
	if (rng_is_initialized())
		return true;
	if (rt_mutex_lock_interruptible(&rjs_lock))
		return true;
	handled = rng_is_initialized() ||
		  (!READ_ONCE(rjs_gave_up) && rjs_collect());
	rt_mutex_unlock(&rjs_lock);
	return handled;
}
