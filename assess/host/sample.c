// SPDX-License-Identifier: GPL-2.0
/*
 * The collector's raw samples taken on this machine's own CPU, for the
 * entropy assessment's silicon rows: random_jitter_seed_core.c itself,
 * compiled for user space (Makefile, shim.h), sampling the counter the
 * kernel's random_get_entropy() reads here, pinned to the last CPU.
 *
 *   sample raw N LENGTH METHOD         N consecutive samples
 *   sample restart R N LENGTH METHOD   R restarts of N samples each
 *
 * The symbols (the low 8 bits of each delta, as the debugfs files give
 * them) go to stdout; then stderr gets "khz=K ticks=T samples=S failed=F":
 * the counter's rate measured against CLOCK_MONOTONIC, the counter's ticks
 * over all the samples taken (start-up windows included, as debugfs'
 * ticks file counts them), and the restarts whose start-up test failed.
 * A restart is a fresh session and a zeroed workload buffer, as a read of
 * the debugfs restart file is, at LENGTH by METHOD (workload or
 * edges), run until its start-up test has passed; one that fails is
 * counted and tried again, R times at most, as qemu/init.c's dump= does.
 * Raw samples run on from one batch to the next in one session.
 */
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#else
#error "the host sampler knows only x86_64's counter"
#endif

#include "random_jitter_seed_core.h"

static u64 host_now(void *priv)
{
	return __rdtsc();
}

static void host_discard(void *priv, const void *buf, size_t len, unsigned int bits)
{
}

static bool host_started(void *priv)
{
	return rjs_startup_done(&((struct rjs_session *)priv)->state);
}

static bool host_never(void *priv)
{
	return false;
}

/*
 * Returns: the counter's rate in Hz, over 200 ms of CLOCK_MONOTONIC, to
 * the MHz (to the kHz under 10 MHz), so that runs on one machine agree.
 */
static u64 counter_hz(void)
{
	struct timespec pause = { 0, 200000000 };
	u64 ns = ktime_get_ns(), t = host_now(NULL);

	nanosleep(&pause, NULL);
	t = host_now(NULL) - t;
	t = t * 1000000000 / (ktime_get_ns() - ns);
	ns = t < 10000000 ? 1000 : 1000000;
	return (t + ns / 2) / ns * ns;
}

/*
 * Write @n symbols of @ses, fixed at its method and length, to stdout.
 *
 * Returns: the samples taken, whole batches.
 */
static unsigned long emit(struct rjs_session *ses, const struct rjs_ops *ops,
			  u8 *buf, unsigned long n)
{
	u8 sym[RJS_CHUNK];
	unsigned long done, k;

	for (done = 0; done < n; done += k) {
		k = n - done < RJS_CHUNK ? n - done : RJS_CHUNK;
		rjs_raw_batch(ses, ops, buf, sym, k);
		fwrite(sym, 1, k, stdout);
	}
	return (n + RJS_CHUNK - 1) / RJS_CHUNK * RJS_CHUNK;
}

static void pin_to_last_cpu(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(sysconf(_SC_NPROCESSORS_ONLN) - 1, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		perror("sample: sched_setaffinity");
}

static void usage(void)
{
	fputs("usage: sample raw N LENGTH METHOD\n"
	      "       sample restart R N LENGTH METHOD\n", stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	static struct rjs_session ses;
	static u8 buf[RJS_BUF_SIZE];
	struct rjs_ops ops = {
		.now = host_now,
		.credit = host_discard,
		.ready = host_started,
		.interrupted = host_never,
		.priv = &ses,
	};
	bool restart = argc == 6 && !strcmp(argv[1], "restart"), started;
	unsigned long reads = 1, n, i, failed = 0, samples = 0;
	u64 ticks = 0;
	unsigned int length;
	enum rjs_method m;
	u64 hz;

	if (!restart && !(argc == 5 && !strcmp(argv[1], "raw")))
		usage();
	if (restart)
		reads = strtoul(argv[2], NULL, 10);
	n = strtoul(argv[argc - 3], NULL, 10);
	length = strtoul(argv[argc - 2], NULL, 10);
	m = rjs_method_by_name(argv[argc - 1]);
	if (m == RJS_NR_METHODS || !length || !n)
		usage();
	pin_to_last_cpu();
	hz = counter_hz();
	for (i = 0; i < reads; i++) {
		rjs_session_init(&ses, 1, hz);
		rjs_session_fix(&ses, m, length);
		if (restart) {
			memset(buf, 0, sizeof(buf));
			started = rjs_session_run(&ses, &ops, buf) == RJS_RUN_READY;
			samples += ses.state.samples;
			if (!started) {
				ticks += ses.ticks;
				if (++failed > reads)
					break;
				i--;
				continue;
			}
		}
		samples += emit(&ses, &ops, buf, n);
		ticks += ses.ticks;	/* the restart's and emit()'s */
	}
	fprintf(stderr, "khz=%llu ticks=%llu samples=%lu failed=%lu\n",
		hz / 1000, ticks, samples, failed);
	return failed > reads;
}
