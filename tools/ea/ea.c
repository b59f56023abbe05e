// SPDX-License-Identifier: GPL-2.0
/*
 * ea - NIST SP 800-90B section 6.3 non-IID min-entropy estimators.
 *
 * usage: ea [-b BITS] FILE
 *
 * Reads FILE as one sample per byte, keeping the low BITS (1..8, default
 * 8) bits of each, and prints one "NAME H=VALUE" line per estimator
 * (VALUE "n/a" where it does not apply) and a final
 * "min H=VALUE estimator=NAME samples=N" line.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ea.h"

#define USAGE		"usage: ea [-b BITS] FILE"
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
	double h[EST_COUNT];
	struct ea_data d;
	uint8_t *s;
	size_t i;
	int opt;

	opterr = 0;	/* one error line, ours */
	while ((opt = getopt(argc, argv, "b:")) != -1) {
		if (opt != 'b')
			fail(USAGE, NULL);
		bits = parse_bits(optarg);
	}
	if (optind != argc - 1)
		fail(USAGE, NULL);
	s = read_file(argv[optind], &d.n);
	d.binary = true;
	for (i = 0; i < d.n; i++) {
		s[i] &= (1u << bits) - 1;
		d.binary &= s[i] <= 1;
	}
	d.s = s;
	d.k = d.binary ? 2 : 1u << bits;
	estimate(&d, h);
	report(h, d.n);
	free(s);
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
