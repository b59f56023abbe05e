/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The claim per workload length of the arch built for, in 1/256 bit per
 * sample: a third of the lowest SP 800-90B estimate over that arch's
 * sample sets at that length, capped by the restart sanity check; 0 under
 * 1/8 bit or where most start-up tests failed. An arch that was not
 * assessed gets the lowest claim of the assessed ones at each length they
 * all have. Generated (2026-12-03) from the assessment's table of
 * estimates; do not edit by hand.
 */
#if defined(CONFIG_X86_64)
const struct rjs_claim rjs_claims[] = {
	{ 32, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 128, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 512, 98 },	/* lowest 1.153, sanity 1.730 */
	{ 1024, 197 },	/* lowest 2.314, sanity 2.871 */
	{ 2048, 207 },	/* lowest 2.428, sanity 3.145 */
	{ 8192, 360 },	/* lowest 4.222, sanity 4.379 */
};
#elif defined(CONFIG_ARM64)
const struct rjs_claim rjs_claims[] = {
	{ 32, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 128, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 512, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 1024, 0 },	/* lowest 0.298, sanity 1.484 */
	{ 2048, 77 },	/* lowest 0.910, sanity 2.172 */
	{ 8192, 122 },	/* lowest 1.439, sanity 3.188 */
};
#elif defined(CONFIG_RISCV) && defined(CONFIG_64BIT)
const struct rjs_claim rjs_claims[] = {
	{ 32, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 128, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 512, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 1024, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 2048, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 8192, 0 },	/* lowest 0.000, sanity 0.000 */
	{ 32768, 169 },	/* lowest 1.990, sanity 2.555 */
};
#else
const struct rjs_claim rjs_claims[] = {
	{ 32, 0 },
	{ 128, 0 },
	{ 512, 0 },
	{ 1024, 0 },
	{ 2048, 0 },
	{ 8192, 0 },
};
#endif
