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
 *                /dev/urandom), or kthread (a 32-byte read of the
 *                collector's debugfs kthread_wait: a SCHED_FIFO kernel
 *                thread waits for the CRNG and returns its bytes), or vdso
 *                (the vDSO's getrandom(buf, 32, 0), Linux 6.11 and later
 *                on x86_64; around it, vdso_nonblock: the same call with
 *                GRND_NONBLOCK before it fails with EAGAIN; vdso_after: a
 *                child in strict seccomp, where any system call kills it,
 *                then gets 32 bytes from the vDSO alone)
 *   abi          around the timed call, check the ABI: before it,
 *                GRND_NONBLOCK fails with EAGAIN, GRND_INSECURE returns data
 *                and invalid flags give EINVAL; after it, GRND_NONBLOCK and
 *                /dev/urandom return data
 *   daemon=PATH[,ARG...]  start PATH with ARGs in the background (stdio on
 *                /dev/null) before the timed call: a userspace seeder;
 *                "PATH,ARG...|PATH,ARG..." is a pipeline (also for pre=)
 *   pre=PATH[,ARG...]     run PATH with ARGs to completion before the timed
 *                call (its exit status is reported as pre_status=N)
 *   dump=raw,N[,L[,M]] or dump=restart,R,N[,L[,M]]   after the result is
 *                known, read raw samples from the collector's debugfs files
 *                (N in all, or R restarts of N; at length L by sampling
 *                method M, workload or edges, if given)
 *                into memory, then print them as hex lines "JSRAW <hex>"
 *                (one per read) and "JSRAW-END samples=N failed=F" (F:
 *                restarts whose start-up test failed, each tried again)
 *   dump=files,DIR  after the result is known, print each file in DIR
 *                as "JSFILE name=NAME bytes=N" and hex lines "JSF-NAME <hex>",
 *                then "JSFILES-END files=N" (a capture made by pre=)
 *   dump=status  after the result is known, print the collector's debugfs
 *                status as "JSSTATUS <its line>"
 *   dump=random,N   after the result is known, read N bytes of getrandom(0)
 *                output into memory, then print them as hex lines
 *                "JSRAND <hex>" and "JSRAND-END bytes=N"
 *   callers=N    the timed call is made by N threads at once; every eighth
 *                gets SIGUSR1 (no SA_RESTART) or SIGUSR2 (SA_RESTART) while
 *                it blocks
 *   readers=N    N more threads read 32 bytes of /dev/urandom at the same
 *                moment (readers_full=N: how many got them all)
 *   inversion    a low-priority first caller: a SCHED_IDLE child makes the
 *                first getrandom(0); once the kernel log shows that it began
 *                collecting (init sleeps on the log meanwhile, 200 ms at
 *                most), a CPU-bound child starts, and 20 ms later init,
 *                now SCHED_FIFO, makes the timed call
 *                (inversion_first=PID: the idle caller's pid;
 *                inversion_prio=N: init's kernel priority, which a
 *                collector that init waits for should take on)
 *   hold=FILE    from just before the timed call until it returns, a thread
 *                reads /sys/kernel/debug/jitter_seed/FILE over and over
 *                (status or restart), and on until one read has succeeded
 *                (hold_reads=N: how many reads succeeded)
 *
 * The result line (documented in docs/harness.md, parsed by field in tools/lib.sh):
 *   JITTERSEED-RESULT arch=A accel=X call=C cpu_rng=absent|present
 *     dt_seed=none|absent|present getrandom=ok|errnoN
 *     call_ns=N block_ns=N crng_ns=N|none bytes=HEX|none [abi_*=...] [callers_*=N]
 *     daemons=N pre_status=N|-1 js_starts=N js=none|KEY=VALUE...
 */
#define _GNU_SOURCE	/* memmem() */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <link.h>
#include <linux/seccomp.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

/*
 * Where /proc/cpuinfo lists the CPU's features, and the features that are
 * an instruction (or CSR) returning random numbers.
 */
#if defined(__x86_64__)
#define ARCH "x86_64"
#define CPU_FEATURES "flags"
#define CPU_RNG_FLAGS { "rdrand", "rdseed" }
#elif defined(__aarch64__)
#define ARCH "arm64"
#define CPU_FEATURES "Features"
#define CPU_RNG_FLAGS { "rng" }
#elif defined(__arm__)
#define ARCH "armhf"
#define CPU_FEATURES "Features"
#define CPU_RNG_FLAGS { "rng" }	/* 32-bit ARM has none: the check holds */
#elif defined(__riscv) && __riscv_xlen == 64
#define ARCH "riscv64"
#define CPU_FEATURES "isa"	/* rv64imafdc_zicsr_..., extensions after '_' */
#define CPU_RNG_FLAGS { "zkr" }
#else
#error "unsupported architecture"
#endif

enum { MAX_CALLERS = 256, SEED_LEN = 32, MAX_DAEMONS = 4, MAX_ARGS = 16 };

/*
 * The inversion word's SCHED_FIFO priority, and the kernel's priority for
 * it (the kernel counts MAX_RT_PRIO = 100 real-time levels downwards).
 */
enum { FIFO_PRIORITY = 50, FIFO_KERNEL_PRIO = 100 - 1 - FIFO_PRIORITY };

struct result {
	const char *accel;
	const char *call;	/* getrandom, random or urandom */
	int abi;		/* check the ABI around the timed call */
	int callers;		/* threads making the timed call at once */
	int readers;		/* threads reading /dev/urandom at that moment */
	const char *hold;	/* the debugfs file read during the call */
	int inversion;		/* a SCHED_IDLE first caller, a SCHED_FIFO timed one */
	int hold_reads;
	char *daemons[MAX_DAEMONS];	/* daemon= words */
	int ndaemons;
	char *pre;		/* the pre= word */
	char *dump;		/* the dump= word */
	int pre_status;		/* its exit status, -1 if it did not run */
	const char *cpu_rng;
	const char *dt_seed;
	int getrandom_errno;
	long long call_ns;
	long long block_ns;
	long long crng_ns;
	char abi_fields[256];	/* abi_CHECK=ok|what happened */
	char callers_fields[192];	/* callers_full=N callers_eintr=N ... */
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
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
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
		else if (!strncmp(argv[i], "readers=", 8))
			r->readers = atoi(argv[i] + 8);
		else if (!strcmp(argv[i], "inversion"))
			r->inversion = 1;
		else if (!strncmp(argv[i], "hold=", 5))
			r->hold = argv[i] + 5;
	}
	if (r->callers < 0 || r->callers > MAX_CALLERS)
		r->callers = MAX_CALLERS;
	if (r->readers < 0 || r->readers > MAX_CALLERS - r->callers)
		r->readers = MAX_CALLERS - r->callers;
}

/* Does /proc/cpuinfo advertise an instruction that returns random numbers? */
static void check_cpu_rng(struct result *r)
{
	static const char *const flags[] = CPU_RNG_FLAGS;
	char line[4096], *word;
	FILE *f = fopen("/proc/cpuinfo", "r");
	size_t i;

	r->cpu_rng = "unknown";
	if (!f)
		return;
	r->cpu_rng = "absent";
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, CPU_FEATURES, strlen(CPU_FEATURES)))
			continue;
		for (word = strtok(line, " _:\t\n"); word; word = strtok(NULL, " _:\t\n"))
			for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
				if (!strcmp(word, flags[i]))
					r->cpu_rng = "present";
	}
	fclose(f);
}

/*
 * Did the device tree the kernel booted with carry a seed? The kernel
 * blanks /chosen/rng-seed once it has read it, but the property's name
 * stays in the blob's strings block, which /sys/firmware/fdt shows as it
 * was passed. "none": no device tree (x86_64).
 */
static void check_dt_seed(struct result *r)
{
	static const char *const names[] = { "rng-seed", "kaslr-seed" };
	static char blob[1 << 20];
	int fd = open("/sys/firmware/fdt", O_RDONLY);
	size_t n = 0, i;
	ssize_t got;

	r->dt_seed = "none";
	if (fd < 0)
		return;
	while (n < sizeof(blob) && (got = read(fd, blob + n, sizeof(blob) - n)) > 0)
		n += got;
	close(fd);
	r->dt_seed = "absent";
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (memmem(blob, n, names[i], strlen(names[i]) + 1))
			r->dt_seed = "present";
}

/*
 * Start "PATH,ARG,..." (@spec is split in place) with stdin on @in and
 * stdout on @out where those are not -1, the rest of stdio on /dev/null.
 * Returns: its pid, or -1.
 */
static pid_t spawn(char *spec, int in, int out)
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
	dup2(in >= 0 ? in : fd, 0);
	dup2(out >= 0 ? out : fd, 1);
	dup2(fd, 2);
	execv(argv[0], argv);
	_exit(127);
}

/*
 * "A,ARG...|B,ARG...|...": spawn() each, A's stdout into B's stdin, as a
 * shell pipeline (the guest has no shell). The pipes are close-on-exec: each
 * program keeps only its own ends, so B sees end-of-file when A exits.
 * Returns: the last one's pid, or -1.
 */
static pid_t spawn_pipeline(char *spec)
{
	int in = -1, p[2] = { -1, -1 };
	char *next;
	pid_t pid;

	for (;;) {
		next = strchr(spec, '|');
		if (next) {
			*next++ = '\0';
			if (pipe(p))
				p[0] = p[1] = -1;
			fcntl(p[0], F_SETFD, FD_CLOEXEC);
			fcntl(p[1], F_SETFD, FD_CLOEXEC);
		}
		pid = spawn(spec, in, next ? p[1] : -1);
		if (in >= 0)
			close(in);
		if (!next)
			return pid;
		if (p[1] >= 0)
			close(p[1]);
		in = p[0];
		spec = next;
	}
}

/* Userspace seeders: daemons in the background, then pre= to completion. */
static void start_seeders(struct result *r)
{
	int i, status;
	pid_t pid;

	for (i = 0; i < r->ndaemons; i++)
		spawn_pipeline(r->daemons[i]);
	r->pre_status = -1;
	if (r->pre && (pid = spawn_pipeline(r->pre)) > 0 && waitpid(pid, &status, 0) == pid)
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

/* The vDSO's getrandom: bytes or a negative errno, as the system call. */
typedef ssize_t (*vgetrandom_fn)(void *buf, size_t len, unsigned int flags,
				 void *state, size_t state_len);

/* What the vDSO says its per-thread state needs (Linux's vgetrandom). */
struct vgetrandom_params {
	unsigned int size_of_opaque_state, mmap_prot, mmap_flags, reserved[13];
};

static vgetrandom_fn vgetrandom;
static void *vgetrandom_state;
static size_t vgetrandom_state_len;

/*
 * Find __vdso_getrandom in the vDSO's dynamic symbols (its DT_HASH gives
 * their number) and map one state for it.
 *
 * Returns: 0, or ENOSYS where the vDSO has none.
 */
static int vdso_open(void)
{
	const ElfW(Ehdr) *eh = (const void *)getauxval(AT_SYSINFO_EHDR);
	const ElfW(Phdr) *ph;
	const ElfW(Dyn) *dyn = NULL;
	const ElfW(Sym) *sym = NULL;
	const Elf32_Word *hash = NULL;
	const char *str = NULL;
	struct vgetrandom_params params;
	uintptr_t bias = 0;
	unsigned int i;

	if (!eh)
		return ENOSYS;
	ph = (const void *)((uintptr_t)eh + eh->e_phoff);
	for (i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type == PT_LOAD && !bias)
			bias = (uintptr_t)eh + ph[i].p_offset - ph[i].p_vaddr;
		if (ph[i].p_type == PT_DYNAMIC)
			dyn = (const void *)((uintptr_t)eh + ph[i].p_offset);
	}
	for (; dyn && dyn->d_tag != DT_NULL; dyn++) {
		if (dyn->d_tag == DT_SYMTAB)
			sym = (const void *)(bias + dyn->d_un.d_ptr);
		else if (dyn->d_tag == DT_STRTAB)
			str = (const void *)(bias + dyn->d_un.d_ptr);
		else if (dyn->d_tag == DT_HASH)
			hash = (const void *)(bias + dyn->d_un.d_ptr);
	}
	for (i = 0; sym && str && hash && i < hash[1]; i++)
		if (!strcmp(str + sym[i].st_name, "__vdso_getrandom"))
			vgetrandom = (vgetrandom_fn)(bias + sym[i].st_value);
	if (!vgetrandom || vgetrandom(NULL, 0, 0, &params, ~0UL))
		return ENOSYS;
	vgetrandom_state_len = params.size_of_opaque_state;
	vgetrandom_state = mmap(NULL, vgetrandom_state_len, params.mmap_prot,
				params.mmap_flags, -1, 0);
	return vgetrandom_state == MAP_FAILED ? errno : 0;
}

/* Returns: what the vDSO's getrandom returned (bytes, or -errno). */
static ssize_t vdso_getrandom(void *buf, size_t len, unsigned int flags)
{
	if (!vgetrandom && vdso_open())
		return -ENOSYS;
	return vgetrandom(buf, len, flags, vgetrandom_state, vgetrandom_state_len);
}

/* Before seeding, the vDSO's GRND_NONBLOCK fails with EAGAIN. */
static void check_vdso_before(struct result *r)
{
	unsigned char buf[SEED_LEN];
	ssize_t n = vdso_getrandom(buf, sizeof(buf), GRND_NONBLOCK);

	snprintf(r->abi_fields, sizeof(r->abi_fields), "vdso_nonblock=%s",
		 n == -EAGAIN ? "eagain" : n < 0 ? strerror(-n) : "data");
}

/*
 * After seeding, the vDSO serves getrandom() without a system call: a
 * child's first call fills its state's key (by a system call; its state was
 * wiped at fork), then, in strict seccomp, where any system call but read,
 * write and exit kills it, a second call must return 32 bytes.
 */
static void check_vdso_after(struct result *r)
{
	unsigned char buf[SEED_LEN];
	size_t len = strlen(r->abi_fields);
	const char *what = "fork";
	int fd[2], status;
	ssize_t n = -1;
	pid_t pid;

	if (pipe(fd))
		goto out;
	pid = fork();
	if (!pid) {
		vdso_getrandom(buf, sizeof(buf), 0);
		prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT);
		n = vdso_getrandom(buf, sizeof(buf), 0);
		if (n == sizeof(buf))
			write(fd[1], buf, n);
		syscall(SYS_exit, 0);
	}
	close(fd[1]);
	if (pid > 0) {
		n = read(fd[0], buf, sizeof(buf));
		waitpid(pid, &status, 0);
		what = WIFSIGNALED(status) ? "syscall" :
		       n == sizeof(buf) ? "ok" : "short";
	}
	close(fd[0]);
out:
	snprintf(r->abi_fields + len, sizeof(r->abi_fields) - len,
		 "%svdso_after=%s", len ? " " : "", what);
}

/*
 * The timed call: getrandom(0) (by the system call, or the vDSO's), or a
 * read of /dev/random, /dev/urandom or debugfs kthread_wait, into @buf
 * (SEED_LEN bytes).
 */
static int blocking_call(const struct result *r, unsigned char *buf)
{
	ssize_t n;

	if (!strcmp(r->call, "vdso")) {
		n = vdso_getrandom(buf, SEED_LEN, 0);	/* bytes or -errno */
		return n == SEED_LEN ? 0 : (n < 0 ? -n : EIO);
	}
	if (!strcmp(r->call, "random"))
		n = read_device("/dev/random", buf, SEED_LEN);
	else if (!strcmp(r->call, "urandom"))
		n = read_device("/dev/urandom", buf, SEED_LEN);
	else if (!strcmp(r->call, "kthread"))
		n = read_device("/sys/kernel/debug/jitter_seed/kthread_wait", buf, SEED_LEN);
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
	int urandom;		/* read /dev/urandom instead of the timed call */
	int err;
};

static void *caller_main(void *arg)
{
	struct caller *c = arg;

	pthread_barrier_wait(c->start);
	if (c->urandom)
		c->err = read_device("/dev/urandom", c->buf, SEED_LEN) == SEED_LEN ? 0 : EIO;
	else
		c->err = blocking_call(c->r, c->buf);
	return NULL;
}

/*
 * r->callers threads make the blocking call, and r->readers threads read
 * /dev/urandom, at once; while the callers block, every eighth gets
 * SIGUSR1 (handler without SA_RESTART: EINTR, as on stock) and the ones
 * after them SIGUSR2 (SA_RESTART: the call restarts and returns data).
 */
static int concurrent_calls(struct result *r)
{
	static struct caller c[MAX_CALLERS];
	struct timespec pause = { 0, 2000000 };
	pthread_barrier_t start;
	int i, full = 0, eintr = 0, bad = 0, usr2_bad = 0, readers_full = 0;

	catch_signal(SIGUSR1, 0);
	catch_signal(SIGUSR2, SA_RESTART);
	pthread_barrier_init(&start, NULL, r->callers + r->readers + 1);
	for (i = 0; i < r->callers + r->readers; i++) {
		c[i].r = r;
		c[i].start = &start;
		c[i].urandom = i >= r->callers;
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
	for (; i < r->callers + r->readers; i++) {
		pthread_join(c[i].thread, NULL);
		readers_full += !c[i].err;
	}
	snprintf(r->callers_fields, sizeof(r->callers_fields),
		 "callers=%d callers_full=%d callers_eintr=%d callers_bad=%d callers_restart_bad=%d readers=%d readers_full=%d",
		 r->callers, full, eintr, bad, usr2_bad, r->readers, readers_full);
	return bad ? EIO : 0;
}

static volatile int holding;

/*
 * hold=FILE: read the debugfs file until the timed call has returned, and
 * on until one read has succeeded: a restart read runs a whole start-up
 * window, as long as the collector's own run when it seeds in one, so the
 * only read in flight may be one whose start-up test failed (-EIO).
 */
static void *hold_main(void *arg)
{
	struct result *r = arg;
	char path[128], buf[4096];
	int fd;

	snprintf(path, sizeof(path), "/sys/kernel/debug/jitter_seed/%s", r->hold);
	fd = open(path, O_RDONLY);
	while (fd >= 0 && (holding || !r->hold_reads))
		if (pread(fd, buf, sizeof(buf), 0) >= 0)
			r->hold_reads++;
	if (fd >= 0)
		close(fd);
	return NULL;
}

/* Start the hold= reader; Returns: its thread, to be joined. */
static pthread_t start_hold(struct result *r)
{
	pthread_t t;

	holding = 1;
	pthread_create(&t, NULL, hold_main, r);
	return t;
}

/*
 * Wait on the kernel log, for at most 200 ms, until it shows that @pid
 * began a collector session (with the collector off it never does, and
 * @pid runs the timer-tick loop instead). Asleep in poll(), not spinning:
 * a spinning init left a SCHED_IDLE @pid so little CPU that on 6.12 it had
 * sometimes not begun within the 200 ms; asleep, init leaves it the CPU
 * and takes it back as soon as the start line is logged (a woken init
 * preempts a SCHED_IDLE task), so @pid has collected for a tick or so, far
 * too little to finish at the osr the inversion boots run at.
 */
static void wait_for_collector(pid_t pid)
{
	long long give_up = boottime_ns() + 200000000LL, left;
	char want[48], rec[2048];
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;

	snprintf(want, sizeof(want), " pid=%d ", pid);
	while (fd >= 0 && (left = give_up - boottime_ns()) > 0) {
		poll(&p, 1, (int)(left / 1000000) + 1);
		while ((n = read(fd, rec, sizeof(rec) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
			if (n < 0)
				continue;
			rec[n] = '\0';
			if (strstr(rec, "random: jitter_seed: start: ") && strstr(rec, want)) {
				close(fd);
				return;
			}
		}
	}
	if (fd >= 0)
		close(fd);
}

/*
 * inversion: a SCHED_IDLE child becomes the first caller while the machine
 * is idle; once it collects, a CPU-bound child starves it, and init turns
 * SCHED_FIFO for the timed call, which must not wait for the starved
 * caller at the idle caller's pace.
 */
static void start_inversion(struct result *r)
{
	struct sched_param idle = { 0 }, fifo = { .sched_priority = FIFO_PRIORITY };
	struct timespec later = { 0, 20000000 };
	unsigned char buf[SEED_LEN];
	pid_t pid = fork();

	if (pid == 0) {
		sched_setscheduler(0, SCHED_IDLE, &idle);
		_exit(getrandom(buf, sizeof(buf), 0) == sizeof(buf) ? 0 : 1);
	}
	wait_for_collector(pid);
	if (fork() == 0)
		for (volatile unsigned long spin = 0;; spin++)
			;
	nanosleep(&later, NULL);
	sched_setscheduler(0, SCHED_FIFO, &fifo);
	snprintf(r->callers_fields, sizeof(r->callers_fields),
		 "inversion_first=%d inversion_prio=%d", pid, FIFO_KERNEL_PRIO);
}

/*
 * The measurement: how long the first blocking call(s) blocked, and the
 * bytes a single call returned (two boots of a deterministic machine give
 * the same).
 */
static void time_blocking_call(struct result *r)
{
	unsigned char buf[SEED_LEN];
	pthread_t hold = 0;
	size_t len;
	int i;

	if (r->hold)
		hold = start_hold(r);
	r->call_ns = boottime_ns();
	r->getrandom_errno = r->callers || r->readers ? concurrent_calls(r) :
			     blocking_call(r, buf);
	r->block_ns = boottime_ns() - r->call_ns;
	if (r->hold) {
		holding = 0;
		pthread_join(hold, NULL);
		len = strlen(r->callers_fields);
		snprintf(r->callers_fields + len, sizeof(r->callers_fields) - len,
			 "%shold=%s hold_reads=%d", len ? " " : "", r->hold, r->hold_reads);
	}
	if (!r->callers && !r->readers && !r->getrandom_errno)
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

/*
 * The collector writes its log lines to the console later than to the log
 * buffer (printk_deferred(), at the next timer tick): give them time to go
 * out before we write, so that they do not split the result line. 100 ms is
 * ten ticks at HZ=100. Nothing is timed any more.
 */
static void let_kernel_console_settle(void)
{
	struct timespec settle = { 0, 100000000 };

	nanosleep(&settle, NULL);
}

static void print_result(const struct result *r)
{
	char crng[32] = "none", status[32] = "ok";

	if (r->crng_ns >= 0)
		snprintf(crng, sizeof(crng), "%lld", r->crng_ns);
	if (r->getrandom_errno)
		snprintf(status, sizeof(status), "errno%d", r->getrandom_errno);
	printf("JITTERSEED-RESULT arch=%s accel=%s call=%s cpu_rng=%s dt_seed=%s getrandom=%s call_ns=%lld block_ns=%lld crng_ns=%s bytes=%s%s%s%s%s daemons=%d pre_status=%d js_starts=%d %s\n",
	       ARCH, r->accel, r->call, r->cpu_rng, r->dt_seed, status, r->call_ns, r->block_ns, crng,
	       *r->bytes ? r->bytes : "none",
	       *r->abi_fields ? " " : "", r->abi_fields,
	       *r->callers_fields ? " " : "", r->callers_fields,
	       r->ndaemons, r->pre_status, r->js_starts, r->js);
}

/* Print @len bytes of @buf as lines "TAG <hex>" of up to @width bytes. */
static void print_hex(const char *tag, const unsigned char *buf,
		      unsigned long len, unsigned long width)
{
	unsigned long i;

	for (i = 0; i < len; i++)
		printf("%s%s%02x%s", i % width ? "" : tag, i % width ? "" : " ", buf[i],
		       i % width == width - 1 || i == len - 1 ? "\n" : "");
}

/*
 * dump=random,N: read N bytes with getrandom(0) (the CRNG is seeded by
 * now), then print them as "JSRAND <hex>" lines of up to 4096 bytes and
 * "JSRAND-END bytes=N", for rngtest on the host (tests/run.sh).
 */
static void dump_random(unsigned long len)
{
	unsigned char *buf = malloc(len ? len : 1);
	unsigned long got = 0;
	ssize_t n;

	if (!buf) {
		printf("JSRAND-END error=memory\n");
		return;
	}
	while (got < len) {
		n = getrandom(buf + got, len - got, 0);
		if (n > 0) {
			got += n;
		} else if (errno != EINTR) {
			printf("JSRAND-END error=getrandom errno=%d\n", errno);
			free(buf);
			return;
		}
	}
	print_hex("JSRAND", buf, len, 4096);
	printf("JSRAND-END bytes=%lu\n", len);
	free(buf);
}

/*
 * dump=files,DIR: print each regular file in DIR (a board capture,
 * assess/capture.sh run by pre=) as "JSFILE name=NAME bytes=N", then its
 * bytes as lines "JSF-NAME <hex>"; then "JSFILES-END files=N".
 */
static void dump_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned char *buf;
	char path[512], tag[300];
	int files = 0;
	FILE *f;
	long len;

	while (d && (e = readdir(d))) {
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		f = e->d_type == DT_REG ? fopen(path, "rb") : NULL;
		if (!f)
			continue;
		fseek(f, 0, SEEK_END);
		len = ftell(f);
		rewind(f);
		buf = malloc(len ? len : 1);
		if (buf && fread(buf, 1, len, f) == (size_t)len) {
			printf("JSFILE name=%s bytes=%ld\n", e->d_name, len);
			snprintf(tag, sizeof(tag), "JSF-%s", e->d_name);
			print_hex(tag, buf, len, 4096);
			files++;
		}
		free(buf);
		fclose(f);
	}
	if (d)
		closedir(d);
	printf("JSFILES-END files=%d%s\n", files, d ? "" : " error=opendir");
}

/* dump=status: print the collector's debugfs status as "JSSTATUS <line>". */
static void dump_status(void)
{
	char line[512] = "";
	FILE *f = fopen("/sys/kernel/debug/jitter_seed/status", "r");

	if (!f || !fgets(line, sizeof(line), f))
		snprintf(line, sizeof(line), "error=%d\n", errno);
	if (f)
		fclose(f);
	printf("JSSTATUS %s", line);
}

/* Write VALUE to the collector's debugfs knob NAME; Returns: 0 or errno. */
static int set_knob(const char *name, const char *value)
{
	char path[64];
	FILE *knob;

	snprintf(path, sizeof(path), "/sys/kernel/debug/jitter_seed/%s", name);
	knob = fopen(path, "w");
	if (!knob)
		return errno;
	fputs(value, knob);
	return fclose(knob) ? errno : 0;
}

/*
 * dump=raw,N or dump=restart,R,N: read every sample first (printing would
 * raise UART interrupts while the collector samples), then print them.
 */

static void dump_raw_samples(const char *spec)
{
	unsigned long reads, per_read, length = 0, i, total, failed = 0;
	const char *file = "/sys/kernel/debug/jitter_seed/raw";
	char method[16] = "workload", value[32];
	unsigned char *sym;
	int fd, err;

	if (!strncmp(spec, "random,", 7)) {
		dump_random(strtoul(spec + 7, NULL, 10));
		return;
	}
	if (!strncmp(spec, "files,", 6)) {
		dump_files(spec + 6);
		return;
	}
	if (!strcmp(spec, "status")) {
		dump_status();
		return;
	}
	if (sscanf(spec, "restart,%lu,%lu,%lu,%15s", &reads, &per_read, &length,
		   method) >= 2) {
		file = "/sys/kernel/debug/jitter_seed/restart";
	} else if (sscanf(spec, "raw,%lu,%lu,%15s", &reads, &length, method) >= 1) {
		per_read = 4096;
		reads = (reads + per_read - 1) / per_read;
	} else {
		printf("JSRAW-END error=bad-spec\n");
		return;
	}
	snprintf(value, sizeof(value), "%lu\n", length);
	err = set_knob("length", value);
	if (err) {
		printf("JSRAW-END error=length errno=%d\n", err);
		return;
	}
	err = set_knob("method", method);
	if (err) {
		printf("JSRAW-END error=method errno=%d\n", err);
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

		/* a restart whose start-up test failed: counted, tried again */
		if (n < 0 && errno == EIO && ++failed <= reads) {
			i--;
			continue;
		}
		if (n != (ssize_t)per_read) {
			printf("JSRAW-END error=read%zd errno=%d failed=%lu\n", n, errno, failed);
			return;
		}
	}
	close(fd);
	total = reads * per_read;
	print_hex("JSRAW", sym, total, per_read);
	printf("JSRAW-END samples=%lu failed=%lu\n", total, failed);
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
	check_dt_seed(&r);
	start_seeders(&r);
	if (r.abi)
		check_abi_before(&r);
	if (!strcmp(r.call, "vdso"))
		check_vdso_before(&r);
	if (r.inversion)
		start_inversion(&r);
	time_blocking_call(&r);
	if (r.abi)
		check_abi_after(&r);
	if (!strcmp(r.call, "vdso"))
		check_vdso_after(&r);
	read_kernel_log(&r);
	let_kernel_console_settle();
	print_result(&r);
	if (r.dump)
		dump_raw_samples(r.dump);
	power_off();
	return 0;
}
