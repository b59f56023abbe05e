/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The claim per workload length (1/256 bit per sample), written by
 * "make assess" from its assessment table; see docs/entropy.md.
 * PROVISIONAL: 1/8 bit at every length until the ladder is assessed.
 */
const struct rjs_claim rjs_claims[] = {
	{ 32, 32 },
	{ 128, 32 },
	{ 512, 32 },
	{ 2048, 32 },
	{ 8192, 32 },
};
