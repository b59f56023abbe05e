// SPDX-License-Identifier: GPL-2.0
/*
 * ea - NIST SP 800-90B section 6.3 non-IID min-entropy estimators, and
 * the section 3.1.4.3 restart sanity check.
 *
 * usage: ea [-b BITS] [-r H | -R] FILE
 *
 * Reads FILE as one sample per byte, keeping the low BITS (1..8, default
 * 8) bits of each, and prints one "NAME H=VALUE" line per estimator
 * (VALUE "n/a" where it does not apply) and a final
 * "min H=VALUE estimator=NAME samples=N" line.
 *
 * With -r H, FILE is a 1000 x 1000 restart matrix (row r is restart r)
 * and ea prints one line, "restart H=H rows=1000 cols=1000 max_row=F_R
 * max_col=F_C cutoff=U result=pass|fail", for the check at H bits per
 * sample.  With -R it prints "restart_max H=h max=F", h the largest
 * multiple of 1/256 up to 8 at which the check passes.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ea.h"

#define USAGE		"usage: ea [-b BITS] [-r H | -R] FILE"
#define MAX_SAMPLES	(1ul << 30)
#define READ_CHUNK	(1ul << 20)

enum {
	EST_MCV, EST_COLLISION, EST_MARKOV, EST_COMPRESSION, EST_T_TUPLE,
	EST_LRS, EST_MULTI_MCW, EST_LAG, EST_MULTI_MMC, EST_LZ78Y, EST_COUNT
};

static const char *const est_name[EST_COUNT] = {
	"mcv", "collision", "markov", "compression", "t_tuple",
	"lrs", "multi_mcw", "lag", "multi_mmc", "lz78y",
};

/* Prints msg (with arg) as a one-line error and exits with status 2. */
static void fail(const char *msg, const char *arg)
{
	fprintf(stderr, "ea: %s%s%s\n", arg ? arg : "", arg ? ": " : "", msg);
	exit(2);
}

/* Returns the contents of path, setting *n to its length; exits on error. */
static uint8_t *read_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t cap = 0, got;

	if (!f)
		fail(strerror(errno), path);
	*n = 0;
	do {
		if (*n == cap) {
			if (cap > MAX_SAMPLES)
				break;
			cap += READ_CHUNK;
			buf = ea_realloc(buf, cap, 1);
		}
		got = fread(buf + *n, 1, cap - *n, f);
		*n += got;
	} while (got);
	if (ferror(f))
		fail(strerror(errno), path);
	fclose(f);
	if (*n > MAX_SAMPLES)
		fail("more than 2^30 samples", path);
	if (!*n)
		fail("empty input", path);
	return buf;
}

/* Returns the sample width given as the -b argument; exits if invalid. */
static unsigned int parse_bits(const char *arg)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*end || end == arg || v < 1 || v > 8)
		fail("-b takes a width of 1 to 8 bits", NULL);
	return v;
}

/* Returns the entropy given as the -r argument; exits if invalid. */
static double parse_h(const char *arg)
{
	char *end;
	double v = strtod(arg, &end);

	if (*end || end == arg || !(v >= 0.0 && v <= 8.0))
		fail("-r takes an entropy of 0 to 8 bits per sample", NULL);
	return v;
}

/*
 * Runs the restart sanity check on the matrix s of n samples from path:
 * at h bits if h >= 0, else the search for the largest h that passes.
 * Exits if s is not 1000 x 1000.  Returns nothing.
 */
static void restart(const uint8_t *s, size_t n, const char *path, double h)
{
	size_t max_row, max_col, f;

	if (n != (size_t)EA_RESTART_N * EA_RESTART_N)
		fail("a restart matrix must be 1000 x 1000 samples", path);
	ea_restart_counts(s, EA_RESTART_N, EA_RESTART_N, &max_row, &max_col);
	f = max_row > max_col ? max_row : max_col;
	if (h < 0.0) {
		printf("restart_max H=%.6f max=%zu\n", ea_restart_max(f), f);
		return;
	}
	printf("restart H=%.6f rows=%d cols=%d max_row=%zu max_col=%zu "
	       "cutoff=%zu result=%s\n", h, EA_RESTART_N, EA_RESTART_N,
	       max_row, max_col, ea_restart_cutoff(h),
	       ea_restart_pass(f, h) ? "pass" : "fail");
}

/* Fills h[] with every estimate of the samples d.  Returns nothing. */
static void estimate(const struct ea_data *d, double *h)
{
	h[EST_MCV] = ea_mcv(d);
	h[EST_COLLISION] = ea_collision(d);
	h[EST_MARKOV] = ea_markov(d);
	h[EST_COMPRESSION] = ea_compression(d);
	ea_tuple(d, &h[EST_T_TUPLE], &h[EST_LRS]);
	h[EST_MULTI_MCW] = ea_multi_mcw(d);
	h[EST_LAG] = ea_lag(d);
	h[EST_MULTI_MMC] = ea_multi_mmc(d);
	h[EST_LZ78Y] = ea_lz78y(d);
}

/* Prints the estimates h[] and their minimum.  Returns nothing. */
static void report(const double *h, size_t n)
{
	int i, min = EST_MCV;	/* MCV always applies */

	for (i = 0; i < EST_COUNT; i++) {
		if (isnan(h[i])) {
			printf("%s H=n/a\n", est_name[i]);
			continue;
		}
		printf("%s H=%.6f\n", est_name[i], h[i]);
		if (h[i] < h[min])
			min = i;
	}
	printf("min H=%.6f estimator=%s samples=%zu\n", h[min], est_name[min],
	       n);
}

int main(int argc, char **argv)
{
	unsigned int bits = 8;
	int mode = 0;		/* 0, or the restart option 'r' or 'R' */
	double h[EST_COUNT], restart_h = -1.0;
	struct ea_data d;
	uint8_t *s;
	size_t i;
	int opt;

	opterr = 0;	/* one error line, ours */
	while ((opt = getopt(argc, argv, "b:r:R")) != -1) {
		if (opt == 'b') {
			bits = parse_bits(optarg);
			continue;
		}
		if ((opt != 'r' && opt != 'R') || mode)
			fail(USAGE, NULL);
		mode = opt;
		if (opt == 'r')
			restart_h = parse_h(optarg);
	}
	if (optind != argc - 1)
		fail(USAGE, NULL);
	s = read_file(argv[optind], &d.n);
	d.binary = true;
	for (i = 0; i < d.n; i++) {
		s[i] &= (1u << bits) - 1;
		d.binary &= s[i] <= 1;
	}
	if (mode) {
		restart(s, d.n, argv[optind], restart_h);
	} else {
		d.s = s;
		d.k = d.binary ? 2 : 1u << bits;
		estimate(&d, h);
		report(h, d.n);
	}
	free(s);
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
