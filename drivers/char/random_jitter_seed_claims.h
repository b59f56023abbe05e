/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The claim per workload length, in 1/256 bit per sample: a third of the
 * lowest SP 800-90B estimate at that length over every arch assessed,
 * capped by the restart sanity check, 0 under 1/8 bit. Written by
 * "make assess" (2026-12-03) from assess/table.md; see docs/entropy.md.
 */
const struct rjs_claim rjs_claims[] = {
	{ 32, 0 },	/* x86_64 arm64: lowest 0.000, sanity 0.000 */
	{ 128, 0 },	/* x86_64 arm64: lowest 0.000, sanity 0.000 */
	{ 512, 0 },	/* x86_64 arm64: lowest 0.000, sanity 0.000 */
	{ 1024, 0 },	/* x86_64 arm64: lowest 0.298, sanity 1.484 */
	{ 2048, 77 },	/* x86_64 arm64: lowest 0.910, sanity 2.172 */
	{ 8192, 122 },	/* x86_64 arm64: lowest 1.439, sanity 3.188 */
};
