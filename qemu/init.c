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
 *
 * The result line (documented in docs/harness.md, parsed by qemu/result.sh):
 *   JITTERSEED-RESULT arch=A accel=X cpu_rng=absent|present getrandom=ok|errnoN
 *     call_ns=N block_ns=N crng_ns=N|none js=none|KEY=VALUE...
 */
#include <errno.h>
#include <fcntl.h>
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

#if defined(__x86_64__)
#define ARCH "x86_64"
#define CPU_RNG_FLAGS { " rdrand", " rdseed" }
#elif defined(__aarch64__)
#define ARCH "arm64"
#define CPU_RNG_FLAGS { " rng" }
#else
#error "unsupported architecture"
#endif

struct result {
	const char *accel;
	const char *cpu_rng;
	int getrandom_errno;
	long long call_ns;
	long long block_ns;
	long long crng_ns;
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
	for (i = 1; i < argc; i++)
		if (!strncmp(argv[i], "accel=", 6))
			r->accel = argv[i] + 6;
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

/* The measurement: one blocking getrandom() for 32 bytes. */
static void time_getrandom(struct result *r)
{
	unsigned char buf[32];
	long long end;
	ssize_t n;

	r->call_ns = boottime_ns();
	n = getrandom(buf, sizeof(buf), 0);
	end = boottime_ns();
	r->block_ns = end - r->call_ns;
	r->getrandom_errno = n == (ssize_t)sizeof(buf) ? 0 : (n < 0 ? errno : EIO);
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
	printf("JITTERSEED-RESULT arch=%s accel=%s cpu_rng=%s getrandom=%s call_ns=%lld block_ns=%lld crng_ns=%s %s\n",
	       ARCH, r->accel, r->cpu_rng, status, r->call_ns, r->block_ns, crng, r->js);
	fflush(stdout);
	tcdrain(STDOUT_FILENO);
}

/* QEMU runs with -no-reboot, so a reboot ends it on both arches. */
static void power_off(void)
{
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
	time_getrandom(&r);
	read_kernel_log(&r);
	print_result(&r);
	power_off();
	return 0;
}
