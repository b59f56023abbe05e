// SPDX-License-Identifier: GPL-2.0
/*
 * init for the jitterseed guests: time the first getrandom(0) of a machine
 * with no interrupt sources, then report one line and power off.
 *
 * Rules it keeps: it never writes to the RNG, and it writes nothing to the
 * console before getrandom(0) returns (a UART interrupt is an entropy
 * source).
 *
 * Words after "--" on the kernel command line reach us as argv:
 *   accel=NAME   the accelerator the host chose, echoed in the result line
 *   call=WHAT    the timed call: getrandom (default: getrandom(buf, 32, 0)),
 *                random or urandom (a 32-byte read of /dev/random or
 *                /dev/urandom)
 *   abi          around the timed call, check the ABI: before it,
 *                GRND_NONBLOCK fails with EAGAIN, GRND_INSECURE returns data
 *                and invalid flags give EINVAL; after it, GRND_NONBLOCK and
 *                /dev/urandom return data
 *   daemon=PATH[,ARG...]  start PATH with ARGs in the background (stdio on
 *                /dev/null) before the timed call: a userspace seeder
 *   pre=PATH[,ARG...]     run PATH with ARGs to completion before the timed
 *                call (its exit status is reported as pre_status=N)
 *   dump=raw,N or dump=restart,R,N   after the result is known, read raw
 *                samples from the collector's debugfs files (N in all, or R
 *                restarts of N) into memory, then print them as hex lines
 *                "JSRAW <hex>" (one per read) and "JSRAW-END samples=N"
 *   callers=N    the timed call is made by N threads at once; every eighth
 *                gets SIGUSR1 (no SA_RESTART) or SIGUSR2 (SA_RESTART) while
 *                it blocks
 *
 * The result line (documented in docs/harness.md, parsed by qemu/result.sh):
 *   JITTERSEED-RESULT arch=A accel=X call=C cpu_rng=absent|present getrandom=ok|errnoN
 *     call_ns=N block_ns=N crng_ns=N|none bytes=HEX|none [abi_*=...] [callers_*=N]
 *     daemons=N pre_status=N|-1 js_starts=N js=none|KEY=VALUE...
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>

#if defined(__x86_64__)
#define ARCH "x86_64"
#define CPU_RNG_FLAGS { " rdrand", " rdseed" }
#elif defined(__aarch64__)
#define ARCH "arm64"
#define CPU_RNG_FLAGS { " rng" }
#else
#error "unsupported architecture"
#endif

enum { MAX_CALLERS = 256, SEED_LEN = 32, MAX_DAEMONS = 4, MAX_ARGS = 16 };

struct result {
	const char *accel;
	const char *call;	/* getrandom, random or urandom */
	int abi;		/* check the ABI around the timed call */
	int callers;		/* threads making the timed call at once */
	char *daemons[MAX_DAEMONS];	/* daemon= words */
	int ndaemons;
	char *pre;		/* the pre= word */
	char *dump;		/* the dump= word */
	int pre_status;		/* its exit status, -1 if it did not run */
	const char *cpu_rng;
	int getrandom_errno;
	long long call_ns;
	long long block_ns;
	long long crng_ns;
	char abi_fields[256];	/* abi_CHECK=ok|what happened */
	char callers_fields[128];	/* callers_full=N callers_eintr=N ... */
	char bytes[2 * SEED_LEN + 1];	/* what a single call returned, in hex */
	int js_starts;		/* "jitter_seed: start:" lines in the log */
	char js[512];		/* the collector's "done:" fields, as js_KEY=VALUE */
};

static long long boottime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void mount_pseudo_filesystems(void)
{
	mkdir("/proc", 0755);
	mkdir("/sys", 0755);
	mkdir("/dev", 0755);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
}

static void parse_args(int argc, char **argv, struct result *r)
{
	int i;

	r->accel = "unknown";
	r->call = "getrandom";
	for (i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "accel=", 6))
			r->accel = argv[i] + 6;
		else if (!strncmp(argv[i], "call=", 5))
			r->call = argv[i] + 5;
		else if (!strcmp(argv[i], "abi"))
			r->abi = 1;
		else if (!strncmp(argv[i], "daemon=", 7) && r->ndaemons < MAX_DAEMONS)
			r->daemons[r->ndaemons++] = argv[i] + 7;
		else if (!strncmp(argv[i], "pre=", 4))
			r->pre = argv[i] + 4;
		else if (!strncmp(argv[i], "dump=", 5))
			r->dump = argv[i] + 5;
		else if (!strncmp(argv[i], "callers=", 8))
			r->callers = atoi(argv[i] + 8);
	}
	if (r->callers < 0 || r->callers > MAX_CALLERS)
		r->callers = MAX_CALLERS;
}

/* Does /proc/cpuinfo advertise an instruction that returns random numbers? */
static void check_cpu_rng(struct result *r)
{
	static const char *const flags[] = CPU_RNG_FLAGS;
	char line[4096];
	FILE *f = fopen("/proc/cpuinfo", "r");
	size_t i;

	r->cpu_rng = "unknown";
	if (!f)
		return;
	r->cpu_rng = "absent";
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "flags", 5) && strncmp(line, "Features", 8))
			continue;
		line[strcspn(line, "\n")] = ' ';
		for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
			char word[32];

			snprintf(word, sizeof(word), "%s ", flags[i]);
			if (strstr(line, word))
				r->cpu_rng = "present";
		}
	}
	fclose(f);
}

/*
 * Start "PATH,ARG,..." (@spec is split in place) with stdio on /dev/null.
 * Returns: its pid, or -1.
 */
static pid_t spawn(char *spec)
{
	char *argv[MAX_ARGS + 1], *save;
	int argc = 0, fd;
	pid_t pid;

	for (argv[0] = strtok_r(spec, ",", &save); argv[argc] && argc < MAX_ARGS;)
		argv[++argc] = strtok_r(NULL, ",", &save);
	argv[argc] = NULL;
	if (!argv[0])
		return -1;
	pid = fork();
	if (pid)
		return pid;
	setsid();
	fd = open("/dev/null", O_RDWR);
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	execv(argv[0], argv);
	_exit(127);
}

/* Userspace seeders: daemons in the background, then pre= to completion. */
static void start_seeders(struct result *r)
{
	int i, status;
	pid_t pid;

	for (i = 0; i < r->ndaemons; i++)
		spawn(r->daemons[i]);
	r->pre_status = -1;
	if (r->pre && (pid = spawn(r->pre)) > 0 && waitpid(pid, &status, 0) == pid)
		r->pre_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* Returns: "ok" if a call returned @want, else what it did (in @out). */
static const char *outcome(ssize_t n, ssize_t want, char *out, size_t len)
{
	if (n == want)
		return "ok";
	if (n < 0)
		snprintf(out, len, "errno%d", errno);
	else
		snprintf(out, len, "returned%zd", n);
	return out;
}

static ssize_t read_device(const char *path, void *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len);
	close(fd);
	return n;
}

/*
 * The ABI before seeding, unchanged by the collector: GRND_NONBLOCK fails
 * at once with EAGAIN, GRND_INSECURE does not wait, invalid flags give
 * EINVAL.
 */
static void check_abi_before(struct result *r)
{
	unsigned char buf[SEED_LEN];
	char a[32];
	ssize_t n = getrandom(buf, sizeof(buf), GRND_NONBLOCK);
	const char *nonblock = n < 0 && errno == EAGAIN ? "eagain" :
			       outcome(n, -2, a, sizeof(a));	/* -2: never "ok" */

	n = getrandom(buf, sizeof(buf), GRND_INSECURE);
	snprintf(r->abi_fields, sizeof(r->abi_fields),
		 "abi_nonblock=%s abi_insecure=%s abi_badflags=%s", nonblock,
		 outcome(n, sizeof(buf), a, sizeof(a)),
		 getrandom(buf, sizeof(buf), 0x80) < 0 && errno == EINVAL ?
		 "einval" : "accepted");
}

/* After seeding: GRND_NONBLOCK and /dev/urandom return data. */
static void check_abi_after(struct result *r)
{
	unsigned char buf[SEED_LEN];
	char a[32], b[32];
	size_t len = strlen(r->abi_fields);
	ssize_t n = getrandom(buf, sizeof(buf), GRND_NONBLOCK);

	snprintf(r->abi_fields + len, sizeof(r->abi_fields) - len,
		 " abi_nonblock_after=%s abi_urandom_after=%s",
		 outcome(n, sizeof(buf), a, sizeof(a)),
		 outcome(read_device("/dev/urandom", buf, sizeof(buf)),
			 sizeof(buf), b, sizeof(b)));
}

/*
 * The timed call: getrandom(0), or a read of /dev/random or /dev/urandom,
 * into @buf (SEED_LEN bytes).
 */
static int blocking_call(const struct result *r, unsigned char *buf)
{
	ssize_t n;

	if (!strcmp(r->call, "random"))
		n = read_device("/dev/random", buf, SEED_LEN);
	else if (!strcmp(r->call, "urandom"))
		n = read_device("/dev/urandom", buf, SEED_LEN);
	else
		n = getrandom(buf, SEED_LEN, 0);
	return n == SEED_LEN ? 0 : (n < 0 ? errno : EIO);
}

static void on_signal(int sig)
{
	(void)sig;
}

static void catch_signal(int sig, int flags)
{
	struct sigaction sa = { .sa_handler = on_signal, .sa_flags = flags };

	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

struct caller {
	pthread_t thread;
	const struct result *r;
	pthread_barrier_t *start;
	unsigned char buf[SEED_LEN];
	int err;
};

static void *caller_main(void *arg)
{
	struct caller *c = arg;

	pthread_barrier_wait(c->start);
	c->err = blocking_call(c->r, c->buf);
	return NULL;
}

/*
 * r->callers threads make the blocking call at once; while they block,
 * every eighth gets SIGUSR1 (handler without SA_RESTART: EINTR, as on
 * stock) and the ones after them SIGUSR2 (SA_RESTART: the call restarts
 * and returns data).
 */
static int concurrent_calls(struct result *r)
{
	static struct caller c[MAX_CALLERS];
	struct timespec pause = { 0, 2000000 };
	pthread_barrier_t start;
	int i, full = 0, eintr = 0, bad = 0, usr2_bad = 0;

	catch_signal(SIGUSR1, 0);
	catch_signal(SIGUSR2, SA_RESTART);
	pthread_barrier_init(&start, NULL, r->callers + 1);
	for (i = 0; i < r->callers; i++) {
		c[i].r = r;
		c[i].start = &start;
		pthread_create(&c[i].thread, NULL, caller_main, &c[i]);
	}
	pthread_barrier_wait(&start);
	nanosleep(&pause, NULL);
	for (i = 0; i < r->callers; i++)
		if (i % 8 == 0 || i % 8 == 1)
			pthread_kill(c[i].thread, i % 8 ? SIGUSR2 : SIGUSR1);
	for (i = 0; i < r->callers; i++) {
		pthread_join(c[i].thread, NULL);
		if (!c[i].err)
			full++;
		else if (c[i].err == EINTR && i % 8 == 0)
			eintr++;
		else
			bad++;
		if (i % 8 == 1 && c[i].err)
			usr2_bad++;
	}
	snprintf(r->callers_fields, sizeof(r->callers_fields),
		 "callers=%d callers_full=%d callers_eintr=%d callers_bad=%d callers_restart_bad=%d",
		 r->callers, full, eintr, bad, usr2_bad);
	return bad ? EIO : 0;
}

/*
 * The measurement: how long the first blocking call(s) blocked, and the
 * bytes a single call returned (two boots of a deterministic machine give
 * the same).
 */
static void time_blocking_call(struct result *r)
{
	unsigned char buf[SEED_LEN];
	int i;

	r->call_ns = boottime_ns();
	r->getrandom_errno = r->callers ? concurrent_calls(r) : blocking_call(r, buf);
	r->block_ns = boottime_ns() - r->call_ns;
	if (!r->callers && !r->getrandom_errno)
		for (i = 0; i < SEED_LEN; i++)
			snprintf(r->bytes + 2 * i, 3, "%02x", buf[i]);
}

/* Copy "KEY=VALUE KEY=VALUE" into r->js as "js_KEY=VALUE ...". */
static void take_collector_fields(struct result *r, const char *fields)
{
	char copy[512], *word, *save;
	size_t len = 0;

	snprintf(copy, sizeof(copy), "%s", fields);
	r->js[0] = '\0';
	for (word = strtok_r(copy, " \n", &save); word;
	     word = strtok_r(NULL, " \n", &save))
		len += snprintf(r->js + len, sizeof(r->js) - len, "%sjs_%s",
				len ? " " : "", word);
}

/*
 * Walk the kernel log once, without blocking: the time of "crng init done"
 * and the collector's end-of-run line.
 */
static void read_kernel_log(struct result *r)
{
	static const char crng_done[] = "random: crng init done";
	static const char js_done[] = "random: jitter_seed: done: ";
	static const char js_start[] = "random: jitter_seed: start: ";
	char rec[2048];
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	ssize_t n;

	r->crng_ns = -1;
	snprintf(r->js, sizeof(r->js), "js=none");
	if (fd < 0)
		return;
	while ((n = read(fd, rec, sizeof(rec) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		unsigned long long ts_us;
		char *msg;

		if (n < 0)
			continue;	/* overwritten records: skip ahead */
		rec[n] = '\0';
		msg = strchr(rec, ';');
		if (!msg || sscanf(rec, "%*u,%*u,%llu", &ts_us) != 1)
			continue;
		msg++;
		if (!strncmp(msg, crng_done, sizeof(crng_done) - 1))
			r->crng_ns = ts_us * 1000;
		else if (!strncmp(msg, js_done, sizeof(js_done) - 1))
			take_collector_fields(r, msg + sizeof(js_done) - 1);
		else if (!strncmp(msg, js_start, sizeof(js_start) - 1))
			r->js_starts++;
	}
	close(fd);
}

static void print_result(const struct result *r)
{
	char crng[32] = "none", status[32] = "ok";

	if (r->crng_ns >= 0)
		snprintf(crng, sizeof(crng), "%lld", r->crng_ns);
	if (r->getrandom_errno)
		snprintf(status, sizeof(status), "errno%d", r->getrandom_errno);
	printf("JITTERSEED-RESULT arch=%s accel=%s call=%s cpu_rng=%s getrandom=%s call_ns=%lld block_ns=%lld crng_ns=%s bytes=%s%s%s%s%s daemons=%d pre_status=%d js_starts=%d %s\n",
	       ARCH, r->accel, r->call, r->cpu_rng, status, r->call_ns, r->block_ns, crng,
	       *r->bytes ? r->bytes : "none",
	       *r->abi_fields ? " " : "", r->abi_fields,
	       *r->callers_fields ? " " : "", r->callers_fields,
	       r->ndaemons, r->pre_status, r->js_starts, r->js);
}

/*
 * dump=raw,N or dump=restart,R,N: read every sample first (printing would
 * raise UART interrupts while the collector samples), then print them.
 */
static void dump_raw_samples(const char *spec)
{
	unsigned long reads, per_read, i, len, total = 0;
	const char *file = "/sys/kernel/debug/jitter_seed/raw";
	unsigned char *sym;
	int fd;

	mkdir("/sys/kernel/debug", 0755);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	if (sscanf(spec, "restart,%lu,%lu", &reads, &per_read) == 2) {
		file = "/sys/kernel/debug/jitter_seed/restart";
	} else if (sscanf(spec, "raw,%lu", &reads) == 1) {
		per_read = 4096;
		reads = (reads + per_read - 1) / per_read;
	} else {
		printf("JSRAW-END error=bad-spec\n");
		return;
	}
	sym = malloc(reads * per_read);
	fd = open(file, O_RDONLY);
	if (!sym || fd < 0) {
		printf("JSRAW-END error=%s\n", sym ? "open" : "memory");
		return;
	}
	for (i = 0; i < reads; i++) {
		ssize_t n = read(fd, sym + i * per_read, per_read);

		if (n != (ssize_t)per_read) {
			printf("JSRAW-END error=read%zd errno=%d\n", n, errno);
			return;
		}
	}
	close(fd);
	for (i = 0; i < reads; i++, total += per_read) {
		fputs("JSRAW ", stdout);
		for (len = 0; len < per_read; len++)
			printf("%02x", sym[i * per_read + len]);
		putchar('\n');
	}
	printf("JSRAW-END samples=%lu\n", total);
	free(sym);
}

/*
 * Let the console drain, then reboot: QEMU runs with -no-reboot, so that
 * ends it on both arches.
 */
static void power_off(void)
{
	fflush(stdout);
	tcdrain(STDOUT_FILENO);
	sync();
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	static struct result r;

	mount_pseudo_filesystems();
	parse_args(argc, argv, &r);
	check_cpu_rng(&r);
	start_seeders(&r);
	if (r.abi)
		check_abi_before(&r);
	time_blocking_call(&r);
	if (r.abi)
		check_abi_after(&r);
	read_kernel_log(&r);
	print_result(&r);
	if (r.dump)
		dump_raw_samples(r.dump);
	power_off();
	return 0;
}
